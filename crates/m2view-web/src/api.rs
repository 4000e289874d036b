//! What a page embedding the viewer can call (exported to JavaScript):
//! `play("Walk")` plays a sequence by name or index, `open("URL")` opens a
//! model by URL, `display(31)` dresses a creature as a `CreatureDisplayInfo`
//! id, `camera("iso")` frames it from a preset, `background("1E1E1E")` sets
//! the view's colour, `save("glb" | "obj" | "png")` downloads the model as shown
//! (glTF, OBJ) or a screenshot of the 3D view. The viewer's state is published on its canvas as `data-*`
//! attributes (see `App::publish`).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use winit::event_loop::EventLoopProxy;

use crate::app::UserEvent;

thread_local! {
    /// The running viewer's event loop.
    static PROXY: RefCell<Option<EventLoopProxy<UserEvent>>> = const { RefCell::new(None) };
}

/// Keeps the running viewer's event loop for the exported calls.
pub fn set_proxy(proxy: EventLoopProxy<UserEvent>) {
    PROXY.with(|p| *p.borrow_mut() = Some(proxy));
}

fn send(event: UserEvent) {
    PROXY.with(|p| {
        if let Some(p) = p.borrow().as_ref() {
            let _ = p.send_event(event);
        }
    });
}

/// Plays sequence `name` (name, any case, or index) of the open model.
#[wasm_bindgen]
pub fn play(name: String) {
    send(UserEvent::Play(name));
}

/// Opens the model at `url`, fetching its companions from the same folder.
#[wasm_bindgen]
pub fn open(url: String) {
    send(UserEvent::OpenUrl(url));
}

/// Downloads the open model as shown (`"glb"`, `"obj"`: the OBJ, its MTL
/// and textures) or a screenshot of the 3D view (`"png"`), named after the
/// model; the status line says what was saved.
#[wasm_bindgen]
pub fn save(format: String) {
    send(UserEvent::Save(format));
}

/// Dresses the open creature in the skin of `CreatureDisplayInfo` id `id`
/// (an error on the canvas's `data-error` when no skin of it has that id).
#[wasm_bindgen]
pub fn display(id: u32) {
    send(UserEvent::Display(id));
}

/// Frames the open model from camera preset `name`: `front`, `back`,
/// `left`, `right`, `top` or `iso`.
#[wasm_bindgen]
pub fn camera(name: String) {
    send(UserEvent::Camera(name));
}

/// Sets the 3D view's background to `RRGGBB` (hex, `#` optional).
#[wasm_bindgen]
pub fn background(rgb: String) {
    send(UserEvent::Background(rgb));
}
