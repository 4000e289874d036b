//! Shared by the GPU test files: one device for the whole test binary,
//! fixture files on disk, golden-image comparison with a stated tolerance.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use m2view_format::SequenceId;
use m2view_format::raw::m2::Md20;
use m2view_format::raw::skin::SkinProfile;
use m2view_format::writer::{write_md20, write_skin};
use m2view_render::target::OFFSCREEN_FORMAT;
use m2view_render::{Gpu, Renderer};
use m2view_scene::render::{RenderRequest, render_image};

/// Per-channel difference allowed for a pixel to count as equal.
pub const CHANNEL_TOLERANCE: u8 = 12;
/// Fraction of pixels allowed to differ by more than that.
pub const PIXEL_FRACTION: f64 = 0.005;

/// Runs the `m2view` binary: `(exit code, stdout, stderr)`.
pub fn m2view(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_m2view")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The folder of npm package `package` that a test drives (the `env`
/// variable, else `target/<package>/node_modules/<package>`), or `None`,
/// said loudly; its absence is a failure when `M2VIEW_REQUIRE_TOOLS=1`,
/// as CI sets (`.ci/run` installs `spec`).
pub fn npm_package(env: &str, package: &str, spec: &str) -> Option<PathBuf> {
    let dir = std::env::var_os(env)
        .map(PathBuf::from)
        .unwrap_or_else(|| in_target(&format!("{package}/node_modules/{package}")));
    if dir.join("package.json").is_file() {
        return Some(dir);
    }
    missing(package, &format!("at {}", dir.display()), &format!("npm install --prefix target/{package} {spec}"));
    None
}

/// `rel` in the workspace's `target` folder.
fn in_target(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target").join(rel)
}

/// Says loudly that `tool` is not `place` (how to get it: `install`) and
/// that its checks are skipped; a failure when `M2VIEW_REQUIRE_TOOLS=1`
/// (CI, whose `.ci/run` installs every tool).
fn missing(tool: &str, place: &str, install: &str) {
    assert!(std::env::var_os("M2VIEW_REQUIRE_TOOLS").is_none(), "{tool} required but not {place} ({install})");
    eprintln!("!!! {tool} not {place}: its checks skipped");
}

/// A fresh, empty folder `m2view-<tag>-<name>-<pid>` in the system's
/// temporary folder.
pub fn scratch(tag: &str, name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-{tag}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The scourge female of jsWoWModelViewer dressed with the Doomhammer pack's
/// Zul'jin legs (item 50002) and tribal axe (50001), and the open options
/// that find them. No public 3.3.5 item tables exist: they are written into
/// `tables` (m2view_db::fixtures) beside 1.12's character tables.
pub fn dressed_scourge(samples: &Path, tables: &Path) -> (m2view_app::open::Opened, m2view_app::open::OpenOptions) {
    m2view_db::fixtures::write_wotlk_item_tables(tables).unwrap();
    let mut opts = m2view_app::open::OpenOptions {
        dbc: vec![tables.to_path_buf(), samples.join("andrewmunro_Vanilla/dbc")],
        ..Default::default()
    };
    opts.load.data_root = Some(samples.join("ElementoBorzi_Doomhammer-Public-Pack"));
    let mut o =
        m2view_app::open::Opened::open(&samples.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2"), &opts).unwrap();
    let db = o.dressing.tables.clone();
    let c = o.dressing.character.as_mut().unwrap();
    c.equip_item(&db, 50001).unwrap();
    c.equip_item(&db, 50002).unwrap();
    (o, opts)
}

/// Whether Blender runs here (Debian: `blender` and `python3-numpy`); see [`have_tool`].
pub fn have_blender() -> bool {
    have_tool("blender", "--version", "blender python3-numpy")
}

/// Whether `command version_flag` runs here; its absence is said loudly, and is
/// a failure when `M2VIEW_REQUIRE_TOOLS=1` (CI), naming the Debian packages.
pub fn have_tool(command: &str, version_flag: &str, debian: &str) -> bool {
    let have = std::process::Command::new(command).arg(version_flag).output().is_ok_and(|o| o.status.success());
    if !have {
        missing(command, "on PATH", &format!("Debian: {debian}"));
    }
    have
}

/// Runs `script` (Python) in a factory-fresh background Blender, after the
/// numpy alias Blender 3.4's importers still call (`numpy.bool`, gone from
/// numpy 1.24) and `import bpy, json`; returns the JSON object it prints
/// after `M2VIEW ` (a panic with Blender's output when there is none).
pub fn blender_json(script: &str) -> serde_json::Value {
    let script = format!(
        "import numpy\nif not hasattr(numpy, 'bool'): numpy.bool = bool\nimport bpy, json\n\
         bpy.ops.wm.read_factory_settings(use_empty=True)\n{script}"
    );
    let run = std::process::Command::new("blender")
        .args(["-b", "--factory-startup", "--python-expr", &script])
        .output()
        .expect("blender runs");
    m2view_line(&run)
}

/// The Python interpreter that has Blender 4.5 LTS as a module (PyPI's
/// `bpy` 4.5, whose glTF importer reads `KHR_animation_pointer`: material,
/// texture-transform and camera animation, which Debian's Blender 3.4
/// ignores): `M2VIEW_BPY_PYTHON`, else `target/bpy/bin/python`, or `None`,
/// said loudly; its absence is a failure when `M2VIEW_REQUIRE_TOOLS=1`, as
/// CI sets (`.ci/run` installs it: `python3.11 -m venv target/bpy &&
/// target/bpy/bin/pip install bpy==4.5.15`).
pub fn bpy_python() -> Option<PathBuf> {
    let python =
        std::env::var_os("M2VIEW_BPY_PYTHON").map(PathBuf::from).unwrap_or_else(|| in_target("bpy/bin/python"));
    let have = std::process::Command::new(&python)
        .args(["-c", "import bpy; assert bpy.app.version >= (4, 5, 0)"])
        .output()
        .is_ok_and(|o| o.status.success());
    if have {
        return Some(python);
    }
    let install = "python3.11 -m venv target/bpy && target/bpy/bin/pip install bpy==4.5.15";
    missing("Blender 4.5 (bpy)", &format!("at {}", python.display()), install);
    None
}

/// Runs `script` in Blender 4.5 through `python` (see [`bpy_python`]),
/// factory-fresh and after `import bpy, json`; returns the JSON object it
/// prints after `M2VIEW ` (a panic with Blender's output when there is none).
pub fn bpy_json(python: &Path, script: &str) -> serde_json::Value {
    let script = format!("import bpy, json\nbpy.ops.wm.read_factory_settings(use_empty=True)\n{script}");
    let run = std::process::Command::new(python).args(["-c", &script]).output().expect("python runs");
    m2view_line(&run)
}

/// The JSON object a Blender script printed after `M2VIEW ` (a panic with
/// its output when there is none).
fn m2view_line(run: &std::process::Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&run.stdout);
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("M2VIEW "))
        .unwrap_or_else(|| panic!("{text}\n{}", String::from_utf8_lossy(&run.stderr)));
    serde_json::from_str(line).unwrap()
}

/// The device shared by every test of a test binary. No adapter is a failure.
pub fn gpu() -> &'static (Gpu, Renderer) {
    static G: OnceLock<(Gpu, Renderer)> = OnceLock::new();
    G.get_or_init(|| {
        let gpu = Gpu::headless().unwrap_or_else(|e| panic!("GPU tests need an adapter: {e}"));
        let r = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
        eprintln!("GPU tests on {}", gpu.adapter_summary());
        (gpu, r)
    })
}

/// A device with WebGL2's limits on the OpenGL backend (Mesa's llvmpipe on
/// CI) and its renderer: the path a browser without WebGPU takes (uniform
/// bone palette, CPU animation and particles). No adapter is a failure.
pub fn webgl2() -> &'static (Gpu, Renderer) {
    static G: OnceLock<(Gpu, Renderer)> = OnceLock::new();
    G.get_or_init(|| {
        let choice = m2view_render::gpu::BackendChoice::parse("webgl2").unwrap();
        let gpu =
            Gpu::headless_with(choice).unwrap_or_else(|e| panic!("WebGL2-path tests need an OpenGL adapter: {e}"));
        let r = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
        eprintln!("WebGL2-path tests on {}", gpu.adapter_summary());
        (gpu, r)
    })
}

/// A render request with a dark background.
pub fn request(size: u32, camera: &str, time_ms: f32, sequence: Option<u16>) -> RenderRequest {
    RenderRequest {
        sequence: sequence.map(SequenceId),
        time_ms,
        ..RenderRequest::new(size, size, camera.parse().expect("camera spec"))
    }
}

/// An RGBA8 image.
pub struct Image {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

/// Lays square tiles of `size` out in rows of `cols`.
pub fn grid(tiles: &[Vec<u8>], size: u32, cols: u32) -> Image {
    let rows = (tiles.len() as u32).div_ceil(cols);
    let (w, h) = (size * cols, size * rows);
    let mut pixels = vec![0u8; (w * h * 4) as usize];
    for (i, t) in tiles.iter().enumerate() {
        let (tx, ty) = ((i as u32 % cols) * size, (i as u32 / cols) * size);
        for y in 0..size {
            let src = (y * size * 4) as usize;
            let dst = (((ty + y) * w + tx) * 4) as usize;
            pixels[dst..dst + (size * 4) as usize].copy_from_slice(&t[src..src + (size * 4) as usize]);
        }
    }
    Image { width: w, height: h, pixels }
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Compares with (or, with UPDATE_GOLDEN=1, writes) `tests/golden/<name>.png`.
pub fn check_golden(name: &str, img: &Image) {
    let (w, h, pixels) = (img.width, img.height, &img.pixels);
    let path = golden_dir().join(format!("{name}.png"));
    if std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(golden_dir()).unwrap();
        image::save_buffer(&path, pixels, w, h, image::ExtendedColorType::Rgba8).unwrap();
        eprintln!("wrote {}", path.display());
        return;
    }
    let golden = image::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (bless with UPDATE_GOLDEN=1)", path.display()))
        .to_rgba8();
    assert_eq!(golden.dimensions(), (w, h), "{name}: size");
    let bad = golden
        .as_raw()
        .chunks_exact(4)
        .zip(pixels.chunks_exact(4))
        .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE))
        .count();
    let frac = bad as f64 / (w * h) as f64;
    if frac > PIXEL_FRACTION {
        let out = std::env::temp_dir().join(format!("{name}.new.png"));
        image::save_buffer(&out, pixels, w, h, image::ExtendedColorType::Rgba8).unwrap();
        panic!(
            "{name}: {:.2}% of pixels differ by more than {CHANNEL_TOLERANCE} (allowed {:.2}%); got {}",
            frac * 100.0,
            PIXEL_FRACTION * 100.0,
            out.display()
        );
    }
}

/// 16×16 yellow/blue checker, the fixture's `Textures\Boxes\Box.blp`.
pub fn checker() -> Vec<u8> {
    let mut px = Vec::new();
    for y in 0..16u32 {
        for x in 0..16u32 {
            let on = ((x / 4) + (y / 4)) % 2 == 0;
            px.extend_from_slice(if on { &[230, 200, 60, 255] } else { &[40, 90, 200, 255] });
        }
    }
    px
}

/// Writes `md` (+ `skin` for v264+) as `TwoBoxes.m2` with `Textures/Boxes/Box.blp`
/// and `extra` 16×16 textures into a fresh temp dir; returns the model path.
pub fn write_fixture(md: &Md20, skin: &SkinProfile, extra: &[(&str, Vec<u8>)], tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("m2view-test-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("Textures/Boxes")).unwrap();
    std::fs::write(dir.join("TwoBoxes.m2"), write_md20(md)).unwrap();
    if md.version >= 264 {
        std::fs::write(dir.join("TwoBoxes00.skin"), write_skin(skin, md.version)).unwrap();
    }
    let blp = |px: Vec<u8>| m2view_format::blp::write_blp2_raw(16, 16, &[px]);
    std::fs::write(dir.join("Textures/Boxes/Box.blp"), blp(checker())).unwrap();
    for (name, px) in extra {
        std::fs::write(dir.join("Textures/Boxes").join(name), blp(px.clone())).unwrap();
    }
    dir.join("TwoBoxes.m2")
}

/// Writes and renders a fixture variant (sequence 0 at `time_ms`), square `size`.
pub fn render_fixture(
    md: &Md20,
    skin: &SkinProfile,
    extra: &[(&str, Vec<u8>)],
    tag: &str,
    camera: &str,
    time_ms: f32,
    size: u32,
) -> Vec<u8> {
    let (gpu, renderer) = gpu();
    let path = write_fixture(md, skin, extra, tag);
    let lm = m2view_app::open::Opened::open(&path, &Default::default()).map(|o| o.lm).unwrap();
    assert!(lm.texture_files.iter().all(Option::is_some), "{tag}: fixture textures found");
    let (px, _) = render_image(gpu, renderer, &lm, &request(size, camera, time_ms, Some(0))).unwrap();
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
    px
}

/// `ffprobe`'s answer about the first video stream of `file`, counting its
/// frames by decoding them: `codec_name`, `width`, `height`, `r_frame_rate`,
/// `nb_read_frames`, and the container's `format_name` and `duration`.
pub fn probe_video(file: &Path) -> serde_json::Value {
    let out = std::process::Command::new("ffprobe")
        .args(["-v", "error", "-count_frames", "-select_streams", "v:0", "-of", "json"])
        .args([
            "-show_entries",
            "stream=codec_name,width,height,r_frame_rate,nb_read_frames:format=format_name,duration",
        ])
        .arg(file)
        .output()
        .unwrap();
    assert!(out.status.success(), "ffprobe {}: {}", file.display(), String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Frame `n` (from 0) of `video`, decoded by ffmpeg to RGB.
pub fn decoded_frame(video: &Path, n: u32, png: &Path) -> image::RgbImage {
    let out = std::process::Command::new("ffmpeg")
        .args(["-v", "error", "-y", "-i"])
        .arg(video)
        .args(["-vf", &format!("select=eq(n\\,{n})"), "-vframes", "1"])
        .arg(png)
        .output()
        .unwrap();
    assert!(out.status.success(), "ffmpeg: {}", String::from_utf8_lossy(&out.stderr));
    image::open(png).unwrap().to_rgb8()
}

/// `(mean, fraction past 24)` of the per-pixel largest channel difference.
pub fn frame_difference(a: &image::RgbImage, b: &image::RgbImage) -> (f64, f64) {
    assert_eq!(a.dimensions(), b.dimensions());
    let d: Vec<u8> =
        a.pixels().zip(b.pixels()).map(|(p, q)| (0..3).map(|i| p[i].abs_diff(q[i])).max().unwrap()).collect();
    let n = d.len() as f64;
    (d.iter().map(|&v| v as f64).sum::<f64>() / n, d.iter().filter(|&&v| v > 24).count() as f64 / n)
}

/// `m` (ufbx's 3×4 affine matrix) as a glam matrix.
pub fn ufbx_matrix(m: &ufbx::Matrix) -> glam::Mat4 {
    glam::Mat4::from_cols_array(&[
        m.m00 as f32,
        m.m10 as f32,
        m.m20 as f32,
        0.0,
        m.m01 as f32,
        m.m11 as f32,
        m.m21 as f32,
        0.0,
        m.m02 as f32,
        m.m12 as f32,
        m.m22 as f32,
        0.0,
        m.m03 as f32,
        m.m13 as f32,
        m.m23 as f32,
        1.0,
    ])
}

/// Z-up → Y-up as a matrix, the export's axis change.
pub fn yup() -> glam::Mat4 {
    glam::Mat4::from_cols_array(&[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0])
}

/// A window state that reads and keeps no settings (no saved layout, data
/// sources or recent files of the machine's user leak into a test).
pub fn app_state(opts: m2view_app::open::OpenOptions, bc: bool) -> m2view_app::state::AppState {
    m2view_app::state::AppState::with_config_dir(opts, bc, None)
}

/// Runs frames of `h` (polling the worker threads as the window does)
/// until neither indexing nor loading is under way.
pub fn settle(h: &mut egui_kittest::Harness<'static, m2view_app::state::AppState>) {
    let t = std::time::Instant::now();
    loop {
        let s = h.state_mut();
        s.poll_indexing();
        s.poll_loading();
        if s.indexing.is_none() && s.pending.is_none() {
            break;
        }
        assert!(t.elapsed().as_secs() < 60, "indexing or loading did not finish");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run();
}

/// Types 1.12 chest display 3197 into the Character panel and presses its
/// Equip: the sleeve component must join the body texture.
pub fn equip_chest_3197(h: &mut egui_kittest::Harness<'_, m2view_app::state::AppState>) {
    use egui_kittest::kittest::Queryable;
    use m2view_dress::character::equipment::Slot;
    h.state_mut().character_fields.equip.insert(Slot::Chest, "3197".into());
    h.run();
    let chest = Slot::ALL.iter().position(|s| *s == Slot::Chest).unwrap();
    h.get_all_by_label("Equip").nth(chest).unwrap().click();
    h.run();
    let body = h.state().current.as_ref().unwrap().body.clone().unwrap();
    assert!(body.layers.iter().any(|(l, _)| l.file.ends_with("Mail_A_01White_Sleeve_AU_F.blp")));
}

/// The window's UI over `s` in a `w` × `h` point harness (no GPU: the 3D
/// view is left blank).
pub fn window_harness(
    s: m2view_app::state::AppState,
    w: f32,
    h: f32,
) -> egui_kittest::Harness<'static, m2view_app::state::AppState> {
    egui_kittest::Harness::builder().with_size(egui::vec2(w, h)).build_ui_state(
        |ui, s: &mut m2view_app::state::AppState| {
            m2view_app::ui::draw(ui, s, None, "");
        },
        s,
    )
}

/// Clicks each of `labels` in turn (a menu, then its item…), a frame after each.
pub fn click_through(h: &mut egui_kittest::Harness<'_, m2view_app::state::AppState>, labels: &[&str]) {
    use egui_kittest::kittest::Queryable;
    for l in labels {
        h.get_by_label(l).click();
        h.run();
    }
}

/// The two-box model as a waterfall (a fixture: no public model with these chunks is in the
/// corpus): WFV3 and the other 8.2+ chunks of `fixtures::chunk_data`, its five textures —
/// mask, white water, noise, bump and normal map, 16×16, drawn here — by path. With
/// `waterfall` false the same model without its WFV3, drawn as a plain M2.
pub fn waterfall_fixture(dir: &std::path::Path, waterfall: bool) -> std::path::PathBuf {
    use m2view_format::raw::m2::M2Texture;
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir.join("Textures/Falls")).unwrap();
    let mut f = m2view_format::fixtures::two_boxes_chunk_data();
    let names = ["Mask", "White", "Noise", "Bump", "Normal"];
    f.md20.textures =
        names.iter().map(|n| M2Texture { kind: 0, flags: 3, filename: format!("Textures\\Falls\\{n}.blp") }).collect();
    let chunks = f.chunks.as_mut().unwrap();
    chunks.texture_file_ids.clear();
    if !waterfall {
        chunks.data.waterfall = None;
    }
    std::fs::write(dir.join("Falls.m2"), m2view_format::writer::write_md21(&f)).unwrap();
    std::fs::write(
        dir.join("Falls00.skin"),
        m2view_format::writer::write_skin(&m2view_format::fixtures::skin_profile(274), 274),
    )
    .unwrap();
    let image = |px: &dyn Fn(u32, u32) -> [u8; 4]| {
        let rgba: Vec<u8> = (0..16u32).flat_map(|y| (0..16u32).flat_map(move |x| px(x, y))).collect();
        m2view_format::blp::write_blp2_raw(16, 16, &[rgba])
    };
    let wave = |x: u32| (128.0 + 110.0 * (x as f32 * 0.8).sin()) as u8;
    type Texel<'a> = &'a dyn Fn(u32, u32) -> [u8; 4];
    let textures: [(&str, Texel); 5] = [
        ("Mask", &|x, y| [(x * 16) as u8, (y * 16) as u8, 0, if y < 8 { 255 } else { 64 }]),
        ("White", &|_, y| [240, 248, 255, if y % 4 < 2 { 255 } else { 40 }]),
        ("Noise", &|x, y| [((x * 7919 + y * 104_729) % 251) as u8; 4]),
        ("Bump", &|x, _| [0, 0, (x * 16) as u8, 255]),
        ("Normal", &|x, y| [wave(x), wave(y + 3), 255, 255]),
    ];
    for (name, px) in textures {
        std::fs::write(dir.join(format!("Textures/Falls/{name}.blp")), image(px)).unwrap();
    }
    dir.join("Falls.m2")
}
