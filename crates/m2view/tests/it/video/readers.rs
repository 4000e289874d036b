//! The video tests that drive external readers (ffprobe and ffmpeg):
//! run apart in CI (`cargo test -- readers::`), so that their time shows.

use super::*;

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
