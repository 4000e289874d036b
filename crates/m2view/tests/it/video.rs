//! `render --video`: MP4 and WebM read back by a reader nobody here wrote
//! (Debian's `ffprobe` and `ffmpeg`, as CI installs them): container, codec,
//! size, rate and frame count; a decoded frame against the PNG that
//! `render --time t` draws of the same moment; bad output paths.

use crate::common;

use std::path::{Path, PathBuf};

use crate::common::m2view;
use m2view_format::fixtures;

mod readers;

/// Video frames are AV1 4:2:0 at a moderate quantizer: colour is halved
/// each way and edges ring. Allowed: a mean difference (the largest of the
/// three channels, per pixel) of 6 levels, and 4 % of pixels past 24 levels.
/// Measured on these renders: mean 3.3–3.6, 1.7–1.8 % (320×192, 256×256); a
/// frame 500 ms away differs by a mean of 7.8.
const MEAN_LEVELS: f64 = 6.0;
const FAR_FRACTION: f64 = 0.04;

fn hound() -> Option<PathBuf> {
    Some(fixtures::samples_dir()?.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2"))
}

fn render_png(model: &Path, out: &Path, extra: &[&str]) -> image::RgbImage {
    let mut args = vec!["render", model.to_str().unwrap(), "-o", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let (code, _, err) = m2view(&args);
    assert_eq!(code, 0, "{err}");
    image::open(out).unwrap().to_rgb8()
}

#[test]
fn videos_that_cannot_be_written_leave_nothing() {
    let Some(model) = hound() else { return };
    let dir = common::scratch("video", "bad");
    let m = model.to_str().unwrap();
    // A folder that does not exist: refused before any frame, naming the file.
    let missing = dir.join("no/such/dir/out.mp4");
    let (code, _, err) = m2view(&["render", m, "--video", missing.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("out.mp4"), "{err}");
    // Another container; a transparent background (no alpha in AV1 MP4/WebM).
    let avi = dir.join("out.avi");
    let (code, _, err) = m2view(&["render", m, "--video", avi.to_str().unwrap()]);
    assert!(code != 0 && err.contains(".mp4 or .webm"), "{err}");
    let clear = dir.join("clear.webm");
    let (code, _, err) = m2view(&["render", m, "--video", clear.to_str().unwrap(), "--transparent"]);
    assert!(code != 0 && err.contains(".apng"), "{err}");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(left.is_empty(), "nothing written: {left:?}");
}
