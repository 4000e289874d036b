//! Models by URL: the model is fetched into the in-memory source all reads
//! go through, opened once to learn which companions the loader looked for
//! and did not find (skins, `.anim` files, textures), and those are fetched
//! by file name from the model's folder — as the loader names them, then in
//! lower case — until none is new. What cannot be fetched stays missing and
//! the viewer says so, as the native one does for a file not on disk.

use std::collections::HashSet;
use std::path::Path;

use m2view_data::Memory;
use m2view_format::LoadOptions;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// A JavaScript error as text.
fn js_error(e: &wasm_bindgen::JsValue) -> String {
    e.as_string().or_else(|| js_sys::JSON::stringify(e).ok().map(String::from)).unwrap_or_else(|| "failed".into())
}

/// The bytes at `url`.
///
/// # Errors
/// The request fails, or is answered with anything but 2xx (naming the URL
/// and the status).
pub async fn bytes(url: &str) -> Result<Vec<u8>, String> {
    let window = web_sys::window().ok_or("no browser window")?;
    let resp = JsFuture::from(window.fetch_with_str(url)).await.map_err(|e| format!("{url}: {}", js_error(&e)))?;
    let resp: web_sys::Response = resp.dyn_into().map_err(|_| format!("{url}: not an HTTP response"))?;
    if !resp.ok() {
        return Err(format!("{url}: HTTP {} {}", resp.status(), resp.status_text()));
    }
    let body = resp.array_buffer().map_err(|e| format!("{url}: {}", js_error(&e)))?;
    let buf = JsFuture::from(body).await.map_err(|e| format!("{url}: {}", js_error(&e)))?;
    Ok(js_sys::Uint8Array::new(&buf).to_vec())
}

/// The last part of a URL's path or of a stored path (`\` or `/`), without
/// a query; `None` for a companion named by FileDataID.
fn file_name(path: &str) -> Option<String> {
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    (!name.is_empty() && !name.contains(' ')).then(|| name.to_string())
}

/// Fetches the model at `url` and its companions into `memory` (see the
/// module docs); returns the model's virtual path, which `opts` (reading
/// through `memory`) opens.
///
/// # Errors
/// The model itself cannot be fetched.
pub async fn model(url: &str, memory: &Memory, opts: &LoadOptions) -> Result<String, String> {
    let name = file_name(url).ok_or_else(|| format!("{url}: no file name in the URL"))?;
    memory.insert(&name, bytes(url).await?);
    let folder = &url[..url.split(['?', '#']).next().unwrap_or(url).rfind('/').map_or(0, |i| i + 1)];
    let mut tried = HashSet::new();
    loop {
        // A model that does not open is opened again by the viewer, which shows why.
        let Ok(lm) = m2view_format::load_model_file(Path::new(&name), opts) else { break };
        let wanted: Vec<String> = lm
            .companions
            .iter()
            .filter(|c| c.path.is_none())
            .filter_map(|c| file_name(&c.wanted))
            .filter(|n| tried.insert(n.clone()))
            .collect();
        if wanted.is_empty() {
            break;
        }
        for n in wanted {
            for candidate in [n.clone(), n.to_lowercase()] {
                if let Ok(b) = bytes(&format!("{folder}{candidate}")).await {
                    memory.insert(&n, b);
                    break;
                }
            }
        }
    }
    Ok(name)
}
