//! What differs between the native build and the web build (wasm32 in a
//! browser), in one place: the clock, work beside the UI, the time of day,
//! and saving a file (a download in a browser). File access differs one level down (the web build reads from an
//! in-memory source of `m2view-data` instead of the disk); file dialogs and
//! the clipboard exist only natively (`window`).

/// A monotonic instant: `std`'s natively, the page's clock (`performance.now()`)
/// in a browser, where `std::time::Instant` panics.
pub use web_time::Instant;

/// Seconds since the Unix epoch (0 if the clock is before it).
pub fn unix_seconds() -> u64 {
    web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Nanoseconds since the Unix epoch, for seeds.
pub fn unix_nanos() -> u128 {
    web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH).map_or(1, |d| d.as_nanos())
}

/// Runs `work` beside the UI: on its own thread natively; in a browser,
/// which has no threads here, right away (the caller polls for the result
/// the same way either way).
pub fn spawn(work: impl FnOnce() + Send + 'static) {
    #[cfg(not(target_arch = "wasm32"))]
    std::thread::spawn(work);
    #[cfg(target_arch = "wasm32")]
    work();
}

/// Saves `bytes` as the file `path`: written natively; in a browser, offered
/// as a download named by `path`'s file name (the page cannot choose a
/// folder). Returns what was saved, for the status line.
///
/// # Errors
/// The write fails (naming the file), or the page cannot start a download.
pub fn save(path: &std::path::Path, bytes: &[u8]) -> Result<String, String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path.display().to_string())
    }
    #[cfg(target_arch = "wasm32")]
    {
        let name = path.file_name().map_or_else(|| "m2view.bin".into(), |n| n.to_string_lossy().into_owned());
        download(&name, bytes).map_err(|e| format!("{name}: the download failed: {e:?}"))?;
        Ok(format!("{name} (download)"))
    }
}

/// Starts the browser's download of `bytes` as `name`: a blob URL clicked
/// through a temporary link, released a minute later.
#[cfg(target_arch = "wasm32")]
fn download(name: &str, bytes: &[u8]) -> Result<(), wasm_bindgen::JsValue> {
    use wasm_bindgen::JsCast;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document.create_element("a")?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let window = web_sys::window().ok_or("no window")?;
    let revoke = js_sys::Function::new_with_args("u", "URL.revokeObjectURL(u)");
    window.set_timeout_with_callback_and_timeout_and_arguments_1(&revoke, 60_000, &url.into())?;
    Ok(())
}

/// On Windows, the viewer started from Explorer (a double-click on
/// `m2view.exe`) lets go of the console window Windows opened for this
/// console program, so that only the viewer's window stays. Started from a
/// terminal the console is the terminal's — other processes are attached to
/// it — and it is kept for messages. `GetConsoleProcessList` counting this
/// process alone is how Microsoft's console documentation tells the two
/// apart. Nothing elsewhere.
#[cfg(windows)]
pub fn leave_own_console() {
    use windows_sys::Win32::System::Console::{FreeConsole, GetConsoleProcessList};
    let mut ids = [0u32; 2];
    // SAFETY: `ids` holds as many process ids as the count passed says.
    let attached = unsafe { GetConsoleProcessList(ids.as_mut_ptr(), ids.len() as u32) };
    if attached == 1 {
        // SAFETY: no handle of the console is held across this call.
        unsafe { FreeConsole() };
    }
}

/// On Windows, the viewer started from Explorer lets go of its console
/// window; nothing elsewhere.
#[cfg(not(windows))]
pub fn leave_own_console() {}
