//! The integration tests of `m2view-render`, one binary (as ripgrep and rust-analyzer do):
//! one module per area. Modules named `readers` hold the tests that drive
//! external programs and readers; CI times them apart (`-- readers::`).

mod compose;
mod gpu_animation;
mod gpu_particles;
mod overlays;
mod skinning;
mod target;
