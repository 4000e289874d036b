//! `render --video`: MP4 and WebM read back by a reader nobody here wrote
//! (Debian's `ffprobe` and `ffmpeg`, as CI installs them): container, codec,
//! size, rate and frame count; a decoded frame against the PNG that
//! `render --time t` draws of the same moment; bad output paths.

mod common;

use std::path::{Path, PathBuf};

use common::m2view;
use m2view_format::fixtures;

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
fn mp4_plays_the_sequence_as_render_draws_it() {
    let Some(model) = hound() else { return };
    if !common::have_tool("ffprobe", "-version", "ffmpeg") {
        return;
    }
    let dir = common::scratch("video", "mp4");
    let mp4 = dir.join("stand.mp4");
    let size = ["--size", "320x192", "--fps", "12"];
    let (code, _, err) = m2view(
        &[&["render", model.to_str().unwrap(), "--video", mp4.to_str().unwrap(), "--duration", "1000"], &size[..]]
            .concat(),
    );
    assert_eq!(code, 0, "{err}");
    assert!(!dir.join("stand.mp4.part").exists(), "written whole, then renamed");
    let p = common::probe_video(&mp4);
    let s = &p["streams"][0];
    assert_eq!(
        (s["codec_name"].as_str(), s["width"].as_u64(), s["height"].as_u64()),
        (Some("av1"), Some(320), Some(192))
    );
    assert_eq!(s["r_frame_rate"], "12/1");
    assert_eq!(s["nb_read_frames"], "12", "1000 ms at 12 fps");
    assert!(p["format"]["format_name"].as_str().unwrap().contains("mp4"), "{p}");
    assert!((p["format"]["duration"].as_str().unwrap().parse::<f64>().unwrap() - 1.0).abs() < 1e-3, "{p}");
    // Frame 6 is 500 ms into Stand: what `render --time 500` draws.
    let frame = common::decoded_frame(&mp4, 6, &dir.join("f6.png"));
    let still = render_png(&model, &dir.join("t500.png"), &["--size", "320x192", "--time", "500"]);
    let (mean, far) = common::frame_difference(&frame, &still);
    eprintln!("mp4 frame 6 vs --time 500: mean {mean:.2}, {:.2} % far", far * 100.0);
    assert!(
        mean < MEAN_LEVELS && far < FAR_FRACTION,
        "frame 6 vs --time 500: mean {mean:.2}, {:.2} % far",
        far * 100.0
    );
    // And it is not any frame: the first differs from the still more than frame 6 does.
    let first = common::decoded_frame(&mp4, 0, &dir.join("f0.png"));
    let t0 = render_png(&model, &dir.join("t0.png"), &["--size", "320x192", "--time", "0"]);
    let (mean0, _) = common::frame_difference(&first, &t0);
    assert!(mean0 < MEAN_LEVELS, "frame 0 vs --time 0: mean {mean0:.2}");
    let other = common::frame_difference(&first, &still).0;
    eprintln!("mp4 frame 0 vs --time 0: mean {mean0:.2}; vs --time 500: {other:.2}");
    assert!(other > mean, "frame 0 is not the 500 ms still");
}

#[test]
fn webm_turntable_turns_once() {
    let Some(model) = hound() else { return };
    if !common::have_tool("ffprobe", "-version", "ffmpeg") {
        return;
    }
    let dir = common::scratch("video", "webm");
    let webm = dir.join("spin.webm");
    let args = ["render", model.to_str().unwrap(), "--video", webm.to_str().unwrap(), "--turntable"];
    let (code, _, err) = m2view(&[&args[..], &["--frames", "8", "--fps", "8", "--size", "256x256"]].concat());
    assert_eq!(code, 0, "{err}");
    let p = common::probe_video(&webm);
    assert!(p["format"]["format_name"].as_str().unwrap().contains("webm"), "{p}");
    let s = &p["streams"][0];
    assert_eq!((s["codec_name"].as_str(), s["nb_read_frames"].as_str()), (Some("av1"), Some("8")));
    // Frame 2 of 8: a quarter turn (yaw 90°), 250 ms in.
    let frame = common::decoded_frame(&webm, 2, &dir.join("f2.png"));
    let still =
        render_png(&model, &dir.join("yaw90.png"), &["--size", "256x256", "--camera", "yaw:90", "--time", "250"]);
    let (mean, far) = common::frame_difference(&frame, &still);
    eprintln!("webm frame 2 vs yaw:90: mean {mean:.2}, {:.2} % far", far * 100.0);
    assert!(mean < MEAN_LEVELS && far < FAR_FRACTION, "frame 2 vs yaw:90: mean {mean:.2}, {:.2} % far", far * 100.0);
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
