//! GPU tests on whatever adapter wgpu finds — on CI, Mesa's software Vulkan
//! (lavapipe). No adapter is a failure, never a skip.
//!
//! - golden images of writer fixtures, compared with a stated tolerance
//!   (`UPDATE_GOLDEN=1 cargo test -p m2view --test render` rewrites them);
//! - every model in the sample corpus renders at t=0 and t=500 ms, covers a
//!   sane part of the frame, and animated models change between the two times.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use m2view::render_cmd::{RenderRequest, render_image};
use m2view_format::fixtures;
use m2view_format::writer::{write_md20, write_skin};
use m2view_format::{LoadOptions, SequenceId, load_model_file};
use m2view_render::target::OFFSCREEN_FORMAT;
use m2view_render::{Gpu, Renderer};

/// Per-channel difference allowed for a pixel to count as equal.
const CHANNEL_TOLERANCE: u8 = 12;
/// Fraction of pixels allowed to differ by more than that.
const PIXEL_FRACTION: f64 = 0.005;

fn gpu() -> &'static (Gpu, Renderer) {
    static G: OnceLock<(Gpu, Renderer)> = OnceLock::new();
    G.get_or_init(|| {
        let gpu = Gpu::headless().unwrap_or_else(|e| panic!("GPU tests need an adapter: {e}"));
        let r = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
        eprintln!("GPU tests on {}", gpu.adapter_summary());
        (gpu, r)
    })
}

fn request(w: u32, camera: &str, time_ms: f32, sequence: Option<u16>) -> RenderRequest {
    RenderRequest {
        width: w,
        height: w,
        sequence: sequence.map(SequenceId),
        time_ms,
        camera: camera.into(),
        lod: 0,
        geosets: None,
        background: [0.1, 0.1, 0.12, 1.0],
    }
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Compares with (or, with UPDATE_GOLDEN=1, writes) `tests/golden/<name>.png`.
fn check_golden(name: &str, w: u32, h: u32, pixels: &[u8]) {
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
        panic!("{name}: {:.2}% of pixels differ by more than {CHANNEL_TOLERANCE}; got {}", frac * 100.0, out.display());
    }
}

/// Writes the two-box fixture (v264 + skin + a 4x4-checker BLP at the stored path) into a temp dir.
fn write_fixture_files(version: u32) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("m2view-fixture-{version}-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("Textures/Boxes")).unwrap();
    let md = fixtures::two_boxes(version);
    std::fs::write(dir.join("TwoBoxes.m2"), write_md20(&md)).unwrap();
    if version >= 264 {
        std::fs::write(dir.join("TwoBoxes00.skin"), write_skin(&fixtures::skin_profile(version), version)).unwrap();
    }
    let mut px = Vec::new();
    for y in 0..16u32 {
        for x in 0..16u32 {
            let on = ((x / 4) + (y / 4)) % 2 == 0;
            px.extend_from_slice(if on { &[230, 200, 60, 255] } else { &[40, 90, 200, 255] });
        }
    }
    std::fs::write(dir.join("Textures/Boxes/Box.blp"), m2view_format::blp::write_blp2_raw(16, 16, &[px])).unwrap();
    dir.join("TwoBoxes.m2")
}

#[test]
fn golden_two_boxes() {
    let (gpu, renderer) = gpu();
    for (version, name) in [(264u32, "two_boxes_v264_stand500"), (256, "two_boxes_v256_stand500")] {
        let path = write_fixture_files(version);
        let lm = load_model_file(&path, &LoadOptions::default()).unwrap();
        assert!(lm.texture_files[0].is_some(), "fixture texture found");
        // Stand at 500 ms: top box turned 45°, alpha-blended at 0.75 with its colour.
        let (px, stats) = render_image(gpu, renderer, &lm, &request(128, "iso", 500.0, Some(0))).unwrap();
        assert_eq!(stats.batches, 2);
        assert_eq!(stats.triangles, 24);
        check_golden(name, 128, 128, &px);
    }
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("m2")) {
            out.push(p);
        }
    }
}

#[test]
fn golden_real_samples() {
    let Some(dir) = m2view_format::fixtures::samples_dir() else { return };
    let (gpu, renderer) = gpu();
    for (rel, name, camera) in [
        ("wowserhq_blizzardry/spec/fixtures/Rabbit.m2", "rabbit", "iso"),
        (
            "vjeux_jsWoWModelViewer/assets/Item/Objectcomponents/weapon/axe_1h_blacksmithing_d_01.m2",
            "axe_v272",
            "front",
        ),
        ("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2", "corehound2", "iso"),
        ("Koward_Improved_Models/World/Generic/HUMAN/PASSIVE DOODADS/Signs/Tavern01.m2", "tavern_sign_v256", "iso"),
    ] {
        let lm = load_model_file(&dir.join(rel), &LoadOptions::default()).unwrap();
        let (px, _) = render_image(gpu, renderer, &lm, &request(192, camera, 0.0, None)).unwrap();
        check_golden(name, 192, 192, &px);
    }
}

#[test]
fn every_sample_renders_and_animates() {
    let Some(dir) = m2view_format::fixtures::samples_dir() else { return };
    let (gpu, renderer) = gpu();
    let mut files = Vec::new();
    walk(&dir, &mut files);
    files.sort();
    let bg = [26u8, 26, 31];
    let (mut rendered, mut animated) = (0, 0);
    for f in &files {
        let lm = load_model_file(f, &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let a = render_image(gpu, renderer, &lm, &request(96, "iso", 0.0, None)).unwrap();
        let b = render_image(gpu, renderer, &lm, &request(96, "iso", 500.0, None)).unwrap();
        let coverage = |px: &[u8]| {
            let n = px.chunks_exact(4).filter(|p| p[..3].iter().zip(bg).any(|(x, y)| x.abs_diff(y) > 6)).count();
            n as f64 / (96.0 * 96.0)
        };
        // Spell effects may fade in: the model must show at one of the two times.
        let frac = coverage(&a.0).max(coverage(&b.0));
        assert!((0.01..0.98).contains(&frac), "{}: covers {:.1}% of the frame", f.display(), frac * 100.0);
        rendered += 1;
        // A model whose bones have keys in the played sequence should move.
        let has_keys = lm.model.bones.iter().any(|b| b.rotation.sequences.iter().any(|k| k.times.len() > 1));
        if a.0 != b.0 {
            animated += 1;
        } else if has_keys && lm.model.sequences.first().is_some_and(|s| s.duration_ms > 500) {
            // Some models animate only in sequences other than the default; report, do not fail.
            eprintln!("note: {} looks the same at 0 and 500 ms", f.display());
        }
    }
    eprintln!("corpus render: {rendered} models rendered, {animated} changed between 0 and 500 ms");
    assert!(rendered >= 70, "{rendered}");
    assert!(animated >= 30, "only {animated} models animate");
}
