//! Models by URL: the model is fetched into the in-memory source all reads
//! go through, opened once to learn which companions the loader looked for
//! and did not find (skins, `.anim` files, textures), and those are
//! fetched until none is new — by file name from the model's folder (as the
//! loader names them, then in lower case) for a model given by URL, by
//! virtual path for one of a `?data=` folder ([`Listing`]). What cannot be
//! fetched stays missing and the viewer says so, as the native one does for
//! a file not on disk.

use std::collections::HashSet;
use std::path::Path;

use m2view_data::Memory;
use m2view_format::LoadOptions;

use crate::listing::Listing;
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

/// The bytes at `url`, now: a synchronous request, for readers that cannot
/// wait (the page is blocked meanwhile; see `listing`).
///
/// # Errors
/// The request fails or is answered with anything but 2xx.
pub fn bytes_now(url: &str) -> Result<Vec<u8>, String> {
    let fail = |e: wasm_bindgen::JsValue| format!("{url}: {}", js_error(&e));
    let xhr = web_sys::XmlHttpRequest::new().map_err(fail)?;
    xhr.open_with_async("GET", url, false).map_err(fail)?;
    // A synchronous request can only answer text: one char per byte in this charset.
    xhr.override_mime_type("text/plain; charset=x-user-defined").map_err(fail)?;
    xhr.send().map_err(fail)?;
    let status = xhr.status().map_err(fail)?;
    if !(200..300).contains(&status) {
        return Err(format!("{url}: HTTP {status} {}", xhr.status_text().unwrap_or_default()));
    }
    let text = xhr.response_text().map_err(fail)?.unwrap_or_default();
    Ok(text.encode_utf16().map(|u| u as u8).collect())
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
/// through `memory`) opens: its URL relative to `root` (the folder above
/// it that holds its tables, `beside`), else its file name.
///
/// # Errors
/// The model itself cannot be fetched.
pub async fn model(url: &str, root: Option<&str>, memory: &Memory, opts: &LoadOptions) -> Result<String, String> {
    let name = file_name(url).ok_or_else(|| format!("{url}: no file name in the URL"))?;
    let bare = url.split(['?', '#']).next().unwrap_or(url);
    let absolute = crate::beside::absolute(bare).unwrap_or_else(|| bare.to_string());
    let path = root.and_then(|r| absolute.strip_prefix(r)).map_or(name, str::to_string);
    let virtual_folder = path[..path.rfind('/').map_or(0, |i| i + 1)].to_string();
    memory.insert(&path, bytes(url).await?);
    let folder = &bare[..bare.rfind('/').map_or(0, |i| i + 1)];
    companions(&path, memory, opts, |wanted| {
        let n = file_name(wanted)?;
        let urls = vec![format!("{folder}{n}"), format!("{folder}{}", n.to_lowercase())];
        Some((urls, format!("{virtual_folder}{n}")))
    })
    .await;
    Ok(path)
}

/// Fetches the model at virtual path `path` of `listing` and its
/// companions into `memory`, each at its virtual path (a file already
/// there is not fetched again).
///
/// # Errors
/// The model is not in the listing or cannot be fetched.
pub async fn listed(listing: &Listing, path: &str, memory: &Memory, opts: &LoadOptions) -> Result<(), String> {
    if !memory.contains(path) {
        let url = listing.url(path).ok_or_else(|| format!("{path}: not in {}", listing.base))?;
        memory.insert(path, bytes(&url).await?);
    }
    companions(path, memory, opts, |wanted| Some((vec![listing.url(wanted)?], wanted.to_string()))).await;
    Ok(())
}

/// Opens the model at virtual path `path` until the loader misses no
/// companion that `locate` (the wanted path → URLs to try, and the virtual
/// path to store it at) has not been asked for yet, fetching each.
async fn companions(
    path: &str,
    memory: &Memory,
    opts: &LoadOptions,
    locate: impl Fn(&str) -> Option<(Vec<String>, String)>,
) {
    let mut tried = HashSet::new();
    loop {
        // A model that does not open is opened again by the viewer, which shows why.
        let Ok(lm) = m2view_format::load_model_file(Path::new(path), opts) else { return };
        let wanted: Vec<(Vec<String>, String)> = lm
            .companions
            .iter()
            .filter(|c| c.path.is_none() && tried.insert(c.wanted.clone()))
            .filter_map(|c| locate(&c.wanted))
            .collect();
        if wanted.is_empty() {
            return;
        }
        for (urls, at) in wanted {
            for url in urls {
                if let Ok(b) = bytes(&url).await {
                    memory.insert(&at, b);
                    break;
                }
            }
        }
    }
}
