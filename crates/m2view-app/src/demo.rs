//! The default model shown by `m2view` without arguments. No game asset may
//! ship with the project: these files are written by the project's own writer
//! (`m2view_format::fixtures::demo_files`) through `cargo xtask gen-assets`
//! into the top-level `assets/demo/`, and a test checks they match what the generator writes.

use std::path::PathBuf;

/// The bytes of `$rel` under the workspace's top-level `assets/demo/`.
macro_rules! asset {
    ($rel:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/demo/", $rel))
    };
}

/// The embedded files: (relative path, bytes).
pub const FILES: &[(&str, &[u8])] = &[
    ("Demo.m2", asset!("Demo.m2")),
    ("Demo00.skin", asset!("Demo00.skin")),
    ("Demo01.skin", asset!("Demo01.skin")),
    ("Textures/Boxes/Box.blp", asset!("Textures/Boxes/Box.blp")),
    ("DemoSkin.blp", asset!("DemoSkin.blp")),
];

/// Writes the demo model into a temp folder and returns the `.m2` path, so it
/// opens through the same loader as any file.
pub fn write_to_temp() -> Result<PathBuf, String> {
    // One folder per call: concurrent callers (tests) never read a half-written file.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("m2view-demo-{}-{n}", std::process::id()));
    for (rel, bytes) in FILES {
        let p = dir.join(rel);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&p, bytes).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    Ok(dir.join("Demo.m2"))
}

/// Whether `path` lies in a scratch copy [`write_to_temp`] made (gone after
/// the run: the recent files leave it out).
pub fn is_scratch_copy(path: &std::path::Path) -> bool {
    // A browser has no temporary folder (asking for one panics there).
    if cfg!(target_arch = "wasm32") {
        return false;
    }
    path.strip_prefix(std::env::temp_dir())
        .ok()
        .and_then(|rest| rest.components().next())
        .is_some_and(|c| c.as_os_str().to_string_lossy().starts_with("m2view-demo-"))
}
