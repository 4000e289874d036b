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

#[test]
fn the_export_dialog_records_the_view_as_a_video() {
    use egui_kittest::kittest::Queryable;
    use m2view_app::exporting::{Kind, VIDEO_FPS, VIDEO_SIZE};
    if !common::have_tool("ffprobe", "-version", "ffmpeg") {
        return;
    }
    let dir = common::scratch("video", "dialog");
    let demo = m2view_app::demo::write_to_temp().unwrap();
    let opts = m2view_app::open::OpenOptions::default();
    let o = m2view_app::open::Opened::open(&demo, &opts).unwrap();
    let mut s = common::app_state(opts, false);
    s.current = Some(m2view_app::state::Current::new(o, None, vec![]));
    s.export.folder = dir.clone();
    s.show_export = true;
    // The background `render` draws by default (303030), to compare a frame with its still.
    s.view.background = [0x30 as f32 / 255.0; 3];
    let camera = {
        let c = s.orbit.camera();
        m2view_render::camera::CameraSpec::Look { eye: c.eye, target: c.target, fov_y: c.fov_y.to_degrees() }
    };
    let mut h = common::window_harness(s, 1280.0, 900.0);
    h.run();
    assert!(h.query_by_label(Kind::Video { webm: false }.label()).is_none(), "no encoder given: no video offered");
    h.state_mut().video = Some(m2view::window_video::writer);
    h.get_by_label("Format").click();
    h.run();
    assert!(h.query_by_label(Kind::Video { webm: true }.label()).is_some(), "offered with an encoder");
    h.key_press(egui::Key::Escape);
    h.state_mut().export.kind = Kind::Video { webm: false };
    h.run();
    h.get_by_label("Export now").click();
    h.step();
    let mut s = h.into_state();
    assert!(s.recording.is_some(), "{:?} {:?}", s.export_status, s.error);
    let t = std::time::Instant::now();
    while !s.poll_recording() {
        assert!(t.elapsed().as_secs() < 120, "recording did not finish");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let mp4 = dir.join("Demo.mp4");
    assert_eq!(s.export_status.as_deref(), Some(format!("recorded {}", mp4.display()).as_str()));
    let c = s.current.as_ref().unwrap();
    let length = c.instance.player.duration_ms(&c.lm.model);
    let frames = (length as f32 * VIDEO_FPS / 1000.0).round() as u64;
    let p = common::probe_video(&mp4);
    let st = &p["streams"][0];
    assert_eq!(
        (st["codec_name"].as_str(), st["width"].as_u64(), st["height"].as_u64()),
        (Some("av1"), Some(VIDEO_SIZE[0] as u64), Some(VIDEO_SIZE[1] as u64))
    );
    assert_eq!(st["nb_read_frames"].as_str(), Some(frames.to_string().as_str()), "{length} ms at 30 fps");
    // Frame 0: the sequence's start through the view's camera, as `render` draws it.
    let frame = common::decoded_frame(&mp4, 0, &dir.join("f0.png"));
    let size = format!("{}x{}", VIDEO_SIZE[0], VIDEO_SIZE[1]);
    let still = render_png(&demo, &dir.join("view.png"), &["--size", &size, "--camera", &camera.to_string()]);
    let (mean, far) = common::frame_difference(&frame, &still);
    eprintln!("dialog video frame 0 vs render through the view's camera: mean {mean:.2}, {:.2} % far", far * 100.0);
    assert!(mean < MEAN_LEVELS && far < FAR_FRACTION, "mean {mean:.2}, {:.2} % far", far * 100.0);
    // And not any camera: the still from the side differs more.
    let side = render_png(&demo, &dir.join("side.png"), &["--size", &size, "--camera", "yaw:90"]);
    let other = common::frame_difference(&frame, &side).0;
    eprintln!("dialog video frame 0 vs yaw:90: mean {other:.2}");
    assert!(other > 2.0 * mean, "frame 0 vs yaw:90: {other:.2}, vs the view: {mean:.2}");
    let _ = std::fs::remove_dir_all(&dir);
}
