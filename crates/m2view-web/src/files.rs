//! Files the user hands the page: dropped on it (one or many: a model with
//! its skins, `.anim` files and textures), or chosen with the file input
//! the "Open..." button clicks. Their bytes go into the in-memory source;
//! the first model among them is then opened.

use m2view_data::Memory;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use winit::event_loop::EventLoopProxy;

use crate::app::UserEvent;

/// The hidden file input's id.
const INPUT_ID: &str = "m2view-files";

/// Reads `files` into `memory`, then asks the app to open the first model
/// among them (or says there is none).
async fn take(files: web_sys::FileList, memory: Memory, proxy: EventLoopProxy<UserEvent>) {
    let (mut model, mut archives) = (None, 0);
    for i in 0..files.length() {
        let Some(f) = files.get(i) else { continue };
        let name = f.name();
        if crate::listing::is_archive(&name) {
            let why = format!("{name}: {}", crate::listing::ARCHIVES_NATIVE_ONLY);
            let _ = proxy.send_event(UserEvent::Error(why));
            archives += 1;
            continue;
        }
        match JsFuture::from(f.array_buffer()).await {
            Ok(buf) => memory.insert(&name, js_sys::Uint8Array::new(&buf).to_vec()),
            Err(_) => {
                let _ = proxy.send_event(UserEvent::Error(format!("{name}: the browser could not read it")));
                continue;
            }
        }
        let lower = name.to_lowercase();
        if model.is_none() && (lower.ends_with(".m2") || lower.ends_with(".mdx")) {
            model = Some(name);
        }
    }
    match model {
        Some(m) => {
            let _ = proxy.send_event(UserEvent::Open(m));
        }
        // (An archive alone has said why already.)
        None if files.length() > archives => {
            let _ = proxy.send_event(UserEvent::Error("no .m2 or .mdx among the files".into()));
        }
        None => {}
    }
}

/// Listens for files dropped anywhere on the page and for the file input's
/// choices.
///
/// # Errors
/// The page has no document to listen on.
pub fn listen(memory: &Memory, proxy: &EventLoopProxy<UserEvent>) -> Result<(), String> {
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let over = Closure::<dyn FnMut(web_sys::DragEvent)>::new(|e: web_sys::DragEvent| e.prevent_default());
    let (m, p) = (memory.clone(), proxy.clone());
    let drop = Closure::<dyn FnMut(web_sys::DragEvent)>::new(move |e: web_sys::DragEvent| {
        e.prevent_default();
        if let Some(files) = e.data_transfer().and_then(|d| d.files()) {
            wasm_bindgen_futures::spawn_local(take(files, m.clone(), p.clone()));
        }
    });
    let js = |e: JsValue| format!("{e:?}");
    document.add_event_listener_with_callback("dragover", over.as_ref().unchecked_ref()).map_err(js)?;
    document.add_event_listener_with_callback("drop", drop.as_ref().unchecked_ref()).map_err(js)?;
    over.forget();
    drop.forget();
    let input: web_sys::HtmlInputElement = document.create_element("input").map_err(js)?.unchecked_into();
    input.set_type("file");
    input.set_multiple(true);
    input.set_id(INPUT_ID);
    input.style().set_property("display", "none").map_err(js)?;
    let (m, p) = (memory.clone(), proxy.clone());
    let chosen = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        let files = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()).and_then(|i| i.files());
        if let Some(files) = files {
            wasm_bindgen_futures::spawn_local(take(files, m.clone(), p.clone()));
        }
    });
    input.add_event_listener_with_callback("change", chosen.as_ref().unchecked_ref()).map_err(js)?;
    chosen.forget();
    document.body().ok_or("no body")?.append_child(&input).map_err(js)?;
    Ok(())
}

/// Opens the browser's file picker (the "Open..." button).
pub fn pick() {
    let input = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(INPUT_ID));
    if let Some(i) = input.and_then(|i| i.dyn_into::<web_sys::HtmlElement>().ok()) {
        i.click();
    }
}
