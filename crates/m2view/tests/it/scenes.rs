//! Scene files (`render --scene`, `export --scene`): three creatures of the
//! corpus placed, turned, scaled and started apart, seen along a camera
//! path; rendered against a golden image, as video frames against stills,
//! exported as glTF (Khronos validator) with every placement; and broken
//! scene files, each refused with the file and the place.

use crate::common;

use std::path::{Path, PathBuf};

use crate::common::m2view;
use m2view_format::fixtures;

mod readers;

/// The scene of these tests, written beside `dir` with absolute paths to
/// the corpus's Corehound2 (at the origin), Murloc2 (walking, animation
/// 4, turned -90° and 1.5× at (2, 5, 0)) and Frog (2× at (3, -4, 0),
/// starting 500 ms late), and a smooth camera path over 2 s.
fn write_scene(samples: &Path, dir: &Path) -> PathBuf {
    let k = samples.join("Koward_Improved_Models/Creature");
    let scene = serde_json::json!({
        "duration_ms": 2000,
        "models": [
            { "file": k.join("CoreHound2/Corehound2.m2") },
            { "file": k.join("Murloc2/Murloc2.m2"), "position": [2, 5, 0], "rotation": [0, 0, -90], "scale": 1.5, "anim_id": 4 },
            { "file": k.join("Frog/Frog.m2"), "position": [3, -4, 0], "rotation": [0, 0, 45], "scale": 2, "start_ms": 500 }
        ],
        "camera": { "interpolation": "smooth", "keys": [
            { "time_ms": 0, "position": [18, 0, 6], "target": [0, 0, 2], "fov": 45 },
            { "time_ms": 1000, "position": [14, 10, 5], "target": [0, 0, 2], "fov": 40 },
            { "time_ms": 2000, "position": [8, 14, 4], "target": [0, 0, 2], "fov": 35 }
        ] }
    });
    let path = dir.join("three.json");
    std::fs::write(&path, serde_json::to_string_pretty(&scene).unwrap()).unwrap();
    path
}

fn render(scene: &Path, out: &Path, extra: &[&str]) -> image::RgbaImage {
    let mut args = vec!["render", "--scene", scene.to_str().unwrap(), "-o", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let (code, _, err) = m2view(&args);
    assert_eq!(code, 0, "{err}");
    image::open(out).unwrap().to_rgba8()
}

#[test]
fn a_scene_renders_as_its_golden_and_its_camera_moves() {
    let Some(samples) = fixtures::samples_dir() else { return };
    let dir = common::scratch("scene", "golden");
    let scene = write_scene(&samples, &dir);
    // At 1000 ms the camera stands at its second key: (14, 10, 5), 40° high.
    let at_1000 = render(&scene, &dir.join("t1000.png"), &["--size", "320x180", "--time", "1000"]);
    let img = common::Image { width: 320, height: 180, pixels: at_1000.as_raw().clone() };
    common::check_golden("scene_three_creatures_1000ms", &img);
    // The same scene without its camera path, seen through `--camera look:` from that key,
    // is the same image.
    let mut plain: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&scene).unwrap()).unwrap();
    plain.as_object_mut().unwrap().remove("camera");
    let plain_path = dir.join("plain.json");
    std::fs::write(&plain_path, plain.to_string()).unwrap();
    let look = render(
        &plain_path,
        &dir.join("look.png"),
        &["--size", "320x180", "--time", "1000", "--camera", "look:14,10,5,0,0,2,40"],
    );
    assert!(look == at_1000, "the path at its key is that look: camera");
    let at_0 = render(&scene, &dir.join("t0.png"), &["--size", "320x180", "--time", "0"]);
    let moved = at_0.pixels().zip(at_1000.pixels()).filter(|(a, b)| a != b).count();
    assert!(moved > 320 * 180 / 50, "the camera moved between 0 and 1000 ms ({moved} pixels changed)");
}

#[test]
fn broken_scenes_name_the_file_and_the_place() {
    let Some(samples) = fixtures::samples_dir() else { return };
    let dir = common::scratch("scene", "broken");
    let hound = samples.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2");
    let hound = serde_json::to_string(&hound).unwrap();
    let cases = [
        ("json", "{\n  \"models\": [\n    { \"file\": 3 }\n  ]\n}".to_string(), "line 3, column"),
        ("empty", r#"{"models": []}"#.to_string(), "models: a scene places at least one model"),
        ("unknown", format!(r#"{{"models": [{{"file": {hound}, "positon": [0, 0, 0]}}]}}"#), "unknown field `positon`"),
        (
            "missing",
            format!(r#"{{"models": [{{"file": {hound}}}, {{"file": "no/such/Model.m2"}}]}}"#),
            "models[1] (no/such/Model.m2)",
        ),
        ("scale", format!(r#"{{"models": [{{"file": {hound}, "scale": 0}}]}}"#), "scale must be positive"),
        (
            "anim",
            format!(r#"{{"models": [{{"file": {hound}, "anim_id": 999}}]}}"#),
            "no sequence with animation id 999",
        ),
        (
            "nokeys",
            format!(r#"{{"models": [{{"file": {hound}}}], "camera": {{"keys": []}}}}"#),
            "camera.keys: a camera path needs at least one key",
        ),
        (
            "order",
            format!(
                r#"{{"models": [{{"file": {hound}}}], "camera": {{"keys": [
                {{"time_ms": 100, "position": [5, 0, 0], "target": [0, 0, 0]}},
                {{"time_ms": 50, "position": [5, 0, 0], "target": [0, 0, 0]}}]}}}}"#
            ),
            "camera.keys[1]: time_ms must grow",
        ),
        (
            "down",
            format!(
                r#"{{"models": [{{"file": {hound}}}], "camera": {{"keys": [{{"time_ms": 0, "position": [0, 0, 9], "target": [0, 0, 0]}}]}}}}"#
            ),
            "camera.keys[0]: the eye must not look straight up or down",
        ),
    ];
    for (name, text, expected) in cases {
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, text).unwrap();
        let out = dir.join(format!("{name}.png"));
        let (code, _, err) = m2view(&["render", "--scene", path.to_str().unwrap(), "-o", out.to_str().unwrap()]);
        assert!(code != 0 && err.contains(&format!("{name}.json")) && err.contains(expected), "{name}: {err}");
        assert!(!out.exists(), "{name}: nothing written");
    }
    // A scene file that is not there; a video that cannot be written.
    let (code, _, err) = m2view(&["render", "--scene", dir.join("absent.json").to_str().unwrap(), "-o", "x.png"]);
    assert!(code != 0 && err.contains("absent.json"), "{err}");
    let scene = write_scene(&samples, &dir);
    let video = dir.join("no/such/folder/out.webm");
    let (code, _, err) = m2view(&["render", "--scene", scene.to_str().unwrap(), "--video", video.to_str().unwrap()]);
    assert!(code != 0 && err.contains("out.webm"), "{err}");
}

#[test]
fn the_window_adds_open_models_to_a_scene_and_saves_it() {
    let Some(samples) = fixtures::samples_dir() else { return };
    let k = samples.join("Koward_Improved_Models/Creature");
    let opts = m2view_app::open::OpenOptions::default();
    let mut s = crate::common::app_state(opts.clone(), false);
    let open = |rel: &str| {
        let o = m2view_app::open::Opened::open(&k.join(rel), &opts).unwrap();
        m2view_app::state::Current::new(o, None, vec![])
    };
    // The hound, then the murloc playing its sequence 4, each added as it is shown.
    s.current = Some(open("CoreHound2/Corehound2.m2"));
    s.add_to_scene();
    let mut murloc = open("Murloc2/Murloc2.m2");
    murloc.instance.player.sequence = m2view_format::SequenceId(4);
    s.current = Some(murloc);
    s.add_to_scene();
    assert!(s.export_status.as_deref().unwrap().contains("(2 models)"), "{:?}", s.export_status);
    let out = common::scratch("scene", "window").join("made.json");
    s.save_scene(out.clone());
    assert!(s.export_status.as_deref().unwrap().starts_with("saved scene"), "{:?}", s.export_status);
    assert!(s.scene_draft.0.models.is_empty(), "the next scene starts empty");
    // What was saved opens as a scene: the hound at the origin, the murloc beside it along +Y
    // clear of the hound's box, playing sequence 4.
    let scene = m2view_app::scene::Scene::open(&out, &opts).unwrap();
    let m = &scene.file.models;
    assert_eq!(m.len(), 2);
    assert_eq!((m[0].position, m[1].sequence), ([0.0; 3], Some(4)));
    let hound_hi = m2view_render::camera::frame_bounds(&scene.loaded[0].0.model, 0, &[], None).1.y;
    assert!(m[1].position[1] > hound_hi, "{:?} beyond {hound_hi}", m[1].position);
}
