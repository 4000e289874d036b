//! What differs between the native build and the web build (wasm32 in a
//! browser), in one place: the clock, work beside the UI, and the time of
//! day. File access differs one level down (the web build reads from an
//! in-memory source of `m2view-data` instead of the disk); file dialogs and
//! the clipboard exist only natively (`app::window`).

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
