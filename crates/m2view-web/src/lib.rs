//! m2view in a browser: the viewer built for `wasm32-unknown-unknown`
//! (`cargo xtask web` packages it into `target/web/`), drawing through
//! WebGPU where the browser offers it and WebGL2 otherwise (the renderer's
//! uniform-palette path, CPU animation and particles).
//!
//! - `params`: what the page's URL asks for (`?model=`, `?data=`,
//!   `?display=`, `?sequence=`, `?time=`, `?camera=`, `?embed=1`);
//! - `fetch`: a model and its companions fetched by URL into the
//!   in-memory source every read goes through;
//! - `listing`: `?data=` folders read through their index pages
//!   ([`index`]), their files fetched when a model needs them;
//! - [`beside`]: for a `?model=` alone, its own folder and the nearest
//!   `DBFilesClient/` above it, as natively;
//! - `files`: files dropped on the page or picked with the file input;
//! - `api`: what a page embedding the viewer calls (`play`, `open`);
//! - `app`: the winit event loop on the page's canvas, the device made
//!   asynchronously, and one frame: UI, commands, 3D view, present.
//!
//! Natively only [`index`] and [`beside`]'s path work are built (and
//! tested): the rest is the web build's.

pub mod beside;
pub mod index;

#[cfg(target_arch = "wasm32")]
mod api;
#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod fetch;
#[cfg(target_arch = "wasm32")]
mod files;
#[cfg(target_arch = "wasm32")]
mod listing;
#[cfg(target_arch = "wasm32")]
mod params;

/// Starts the viewer on the page's `<canvas id="m2view">` (created if absent).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("m2view: {info}").into());
    }));
    if let Err(e) = app::run(params::Params::from_page()) {
        web_sys::console::error_1(&format!("m2view: {e}").into());
    }
}
