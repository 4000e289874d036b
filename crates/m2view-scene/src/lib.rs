//! The scene: what is placed where and how it moves, posed and drawn in
//! one frame. A model, the mount it rides, what hangs on it (items,
//! riders, skinned models), a WMO's doodads and a tile's placements
//! ([`Placed`], one type for all), the models its emitters spawn
//! ([`spawned`]), copies of it on a grid ([`crowd`]), a WMO's sky and
//! fog ([`world`]) and its portal culling ([`portals`]). [`SceneGpu`]
//! poses them and fills one `FrameBuilder` for a camera; [`offscreen`]
//! draws that into an image, and [`render`] a request (size, time,
//! camera, what is placed) into images, video frames and turntables. The window, `m2view render`, the web build
//! and the benchmarks all draw through it; opening the models is the
//! front ends' (this crate reads only their textures, through
//! `m2view_texture` and each model's own `Files`).
//!
//! Coordinates: model units, Z-up, as the models' own; times in
//! milliseconds.

#![warn(missing_docs)]

pub mod crowd;
pub mod frame;
pub mod offscreen;
pub mod placed;
pub mod portals;
pub mod render;
pub mod spawned;
pub mod world;

pub use frame::{Prepared, Scene, SceneGpu, SceneOptions};
pub use placed::{Body, Placed, Placement};
