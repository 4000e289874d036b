//! The GPU body-texture compositor agrees with the CPU reference on real
//! layers: the human female skin colour 102 set a server ships
//! (`ElementoBorzi_Doomhammer-Public-Pack/Character/Human/Female`), pasted
//! into the pre-Cataclysm 256×256 regions (WMVx
//! `LegacyCharacterComponentTextureAdaptor`), plus one missing layer (the
//! placeholder) — once at 256×256 (texels land on pixels) and once at
//! 512×512 (every layer magnified, so bilinear filtering is compared too).

use m2view_format::blp::{Blp, RgbaImage};
use m2view_format::fixtures::samples_dir;
use m2view_render::compose::{Blend, ComposeLayer, compose_cpu};
use m2view_render::target::read_texture_rgba;
use m2view_render::{Gpu, Renderer};

/// Largest per-channel difference allowed between the GPU and the
/// reference: the GPU's bilinear weights are fixed-point (8 bits on
/// lavapipe and most hardware), the reference's floats.
const TOLERANCE: u8 = 3;

fn layer(dir: &std::path::Path, name: &str) -> RgbaImage {
    let bytes = std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    Blp::parse(bytes).and_then(|b| b.decode(0)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn gpu_composite_matches_cpu_reference() {
    let Some(samples) = samples_dir() else { return };
    let dir = samples.join("ElementoBorzi_Doomhammer-Public-Pack/Character/Human/Female");
    let images = [
        "HumanFemaleSkin00_102.blp",
        "HumanFemaleFaceLower00_102.blp",
        "HumanFemaleFaceUpper00_102.blp",
        "HumanFemaleNakedPelvisSkin00_102.blp",
        "HumanFemaleNakedTorsoSkin00_102.blp",
    ]
    .map(|n| layer(&dir, n));
    // Base, face lower, face upper, underwear pelvis (leg upper), torso
    // (torso upper), and a missing foot layer.
    let rects = [[0, 0, 256, 256], [0, 192, 128, 64], [0, 160, 128, 32], [128, 96, 128, 64], [128, 0, 128, 64]];
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    let renderer = Renderer::new(&gpu.device, &gpu.queue, m2view_render::target::OFFSCREEN_FORMAT);
    for scale in [1, 2] {
        let mut layers: Vec<ComposeLayer> =
            rects.iter().zip(&images).map(|(r, i)| ComposeLayer::new(r.map(|c| c * scale), Some(i))).collect();
        layers.push(ComposeLayer::new([128 * scale, 224 * scale, 128 * scale, 32 * scale], None));
        let size = [256 * scale, 256 * scale];
        let want = compose_cpu(size, &layers);
        let texture = renderer.compose(size, &layers);
        let got = read_texture_rgba(&gpu.device, &gpu.queue, &texture).unwrap();
        assert_eq!(got.len(), want.len());
        let worst = got.iter().zip(&want).map(|(a, b)| a.abs_diff(*b)).max().unwrap();
        let differing = got.iter().zip(&want).filter(|(a, b)| a != b).count();
        eprintln!("scale {scale}: worst channel difference {worst}, {differing} of {} channels differ", got.len());
        assert!(worst <= TOLERANCE, "scale {scale}: GPU and reference differ by {worst} (> {TOLERANCE})");
        // Not a blank texture: the face, the underwear and the placeholder are where they belong.
        let at = |x: u32, y: u32| {
            let o = (((y * scale) * size[0] + x * scale) * 4) as usize;
            &got[o..o + 4]
        };
        assert_eq!(at(130, 226), [255, 0, 255, 255], "placeholder in the foot region");
        assert_ne!(at(64, 224), at(64, 100), "face lower differs from the arm skin");
        assert!(at(200, 20)[3] == 255, "opaque torso");
    }
}

#[test]
fn gpu_composite_matches_cpu_reference_at_a_modern_layout() {
    // The 1024×1024 body of 9.0+ layout 1 (the 10.0 tables' CharComponentTextureSections rows
    // of CharComponentTextureLayoutID 1): the same real layers magnified into its sections —
    // base whole, face lower in section 10 (0, 768, 512×256), face upper in section 9
    // (0, 640, 512×128), underwear in sections 5 (512, 384, 512×256) and 3 (512, 0, 512×256) —
    // and a missing layer in section 7, the foot (512, 896, 512×128); the face lower an overlay,
    // the pelvis multiplied.
    let Some(samples) = samples_dir() else { return };
    let dir = samples.join("ElementoBorzi_Doomhammer-Public-Pack/Character/Human/Female");
    let images = [
        "HumanFemaleSkin00_102.blp",
        "HumanFemaleFaceLower00_102.blp",
        "HumanFemaleFaceUpper00_102.blp",
        "HumanFemaleNakedPelvisSkin00_102.blp",
        "HumanFemaleNakedTorsoSkin00_102.blp",
    ]
    .map(|n| layer(&dir, n));
    let rects = [[0, 0, 1024, 1024], [0, 768, 512, 256], [0, 640, 512, 128], [512, 384, 512, 256], [512, 0, 512, 256]];
    let mut layers: Vec<ComposeLayer> =
        rects.iter().zip(&images).map(|(r, i)| ComposeLayer::new(*r, Some(i))).collect();
    layers.push(ComposeLayer::new([512, 896, 512, 128], None));
    // As 9.0+ layouts blend them (ChrModelTextureLayer.BlendMode): the face lower as an
    // overlay (6), the underwear pelvis multiplied (4).
    layers[1].blend = Blend::of_layer_mode(6);
    layers[3].blend = Blend::of_layer_mode(4);
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    let renderer = Renderer::new(&gpu.device, &gpu.queue, m2view_render::target::OFFSCREEN_FORMAT);
    let want = compose_cpu([1024, 1024], &layers);
    let got = read_texture_rgba(&gpu.device, &gpu.queue, &renderer.compose([1024, 1024], &layers)).unwrap();
    let worst = got.iter().zip(&want).map(|(a, b)| a.abs_diff(*b)).max().unwrap();
    eprintln!("1024x1024: worst channel difference {worst}");
    assert!(worst <= TOLERANCE, "GPU and reference differ by {worst} (> {TOLERANCE})");
    let at = |x: u32, y: u32| &got[((y * 1024 + x) * 4) as usize..((y * 1024 + x) * 4 + 4) as usize];
    assert_eq!(at(514, 898), [255, 0, 255, 255], "placeholder in the foot section");
    assert_ne!(at(256, 900), at(256, 300), "the face differs from the arm skin");
}
