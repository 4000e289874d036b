//! Golden images of the material system on writer fixtures: every blend
//! mode, every pixel combiner, alpha-key edges, a billboarded bone and an
//! animated texture transform. Rendered on whatever adapter wgpu finds (CI:
//! lavapipe); `UPDATE_GOLDEN=1` rewrites the goldens (look at them first).
//!
//! Scene: the two-box fixture seen from above at Stand 500 ms, so the top box
//! (turned 45°, batch 1, the material under test) covers the checkered bottom
//! box (opaque) and the dark background at its corners.

use crate::common;

use m2view_format::fixtures;
use m2view_format::raw::m2::Md20;

/// 16×16 gradient: red→green across U, alpha 0→255 across V, blue stripes.
fn glow() -> Vec<u8> {
    let mut px = Vec::new();
    for y in 0..16u32 {
        for x in 0..16u32 {
            let b = if x % 4 == 0 { 255 } else { 40 };
            px.extend_from_slice(&[(255 - x * 16) as u8, (x * 16) as u8, b, (y * 17) as u8]);
        }
    }
    px
}

/// The fixture (v272: Cata rules, the stored shader_id is used as is) with
/// batch 1 textured by the gradient.
fn base() -> Md20<'static> {
    let mut md = fixtures::two_boxes(272);
    md.textures[1] =
        m2view_format::raw::m2::M2Texture { kind: 0, flags: 0, filename: "Textures\\Boxes\\Glow.blp".into() };
    md.colors.clear(); // plain white colour for the material tests
    md.particles.clear(); // the material alone
    md.ribbons.clear();
    md.lights.clear(); // combiners under the preview light only (model lights: `model_lights_shine`)
    md
}

fn tile(md: &Md20, name: &str, camera: &str, time_ms: f32, size: u32) -> Vec<u8> {
    common::render_fixture(md, &fixtures::skin_profile(272), &[("Glow.blp", glow())], name, camera, time_ms, size)
}

#[test]
fn golden_blend_modes() {
    // Opaque, AlphaKey, Alpha, NoAlphaAdd, Add, Mod, Mod2x, BlendAdd
    let tiles: Vec<Vec<u8>> = (0..8u16)
        .map(|b| {
            let mut md = base();
            md.materials[1].blending_mode = b;
            // Mod combiner (shader_id 0x10): the texture's alpha reaches the blend stage.
            let mut skin = fixtures::skin_profile(272);
            skin.batches[1].shader_id = 0x10;
            common::render_fixture(&md, &skin, &[("Glow.blp", glow())], &format!("blend{b}"), "top", 500.0, 64)
        })
        .collect();
    // Modes must not collapse into each other.
    for i in 0..8 {
        for j in i + 1..8 {
            assert!(tiles[i] != tiles[j], "blend modes {i} and {j} render the same");
        }
    }
    common::check_golden("blend_modes", &common::grid(&tiles, 64, 8));
}

#[test]
fn golden_pixel_combiners() {
    let mut ids: Vec<(u16, u16)> = vec![(1, 0), (1, 0x10)];
    for hi in [0u16, 0x10] {
        for lo in 0..8u16 {
            ids.push((2, hi | lo));
        }
    }
    for t in 0..36u16 {
        ids.push((2, 0x8000 | t));
    }
    let tiles: Vec<Vec<u8>> = ids
        .iter()
        .map(|&(count, shader)| {
            let mut md = base();
            md.materials[1].blending_mode = 2;
            // two stages: gradient then checker (texture lookup 1, 0), both on UV0, unanimated
            md.texture_lookup = vec![0, 1, 0, 1];
            md.texture_coord_lookup = vec![0, 0];
            md.transparency_lookup = vec![0, 0];
            md.texture_transform_lookup = vec![-1, -1];
            let mut skin = fixtures::skin_profile(272);
            skin.batches[1].texture_count = count;
            skin.batches[1].shader_id = shader;
            skin.batches[1].texture_transform_combo_index = 0;
            common::render_fixture(&md, &skin, &[("Glow.blp", glow())], &format!("shader{shader:x}"), "top", 500.0, 48)
        })
        .collect();
    common::check_golden("pixel_combiners", &common::grid(&tiles, 48, 9));
}

#[test]
fn golden_alpha_key_edges() {
    let mut md = base();
    md.materials[1].blending_mode = 1;
    let mut skin = fixtures::skin_profile(272);
    skin.batches[1].shader_id = 0x10;
    let px = common::render_fixture(&md, &skin, &[("Glow.blp", glow())], "alphakey", "top", 500.0, 128);
    // A hard edge: every pixel of the top box is either the gradient or what is behind it.
    common::check_golden("alpha_key", &common::Image { width: 128, height: 128, pixels: px });
}

#[test]
fn billboard_faces_every_camera() {
    let mut md = base();
    md.bones[1].flags |= 0x8; // spherical billboard on the top box's bone
    md.materials[1].blending_mode = 0;
    let front = tile(&md, "bb_front", "front", 0.0, 96);
    let left = tile(&md, "bb_left", "left", 0.0, 96);
    // Without the flag the two views differ (the box has different faces toward them) …
    let plain = tile(&base(), "plain_left", "left", 0.0, 96);
    assert!(plain != left, "the billboard flag has no effect");
    common::check_golden("billboard_front_left", &common::grid(&[front, left], 96, 2));
}

#[test]
fn texture_transform_animates_on_its_global_sequence() {
    let mut md = base();
    md.materials[1].blending_mode = 0;
    // Hold the bones still so only the UVs move.
    md.bones[1].rotation = m2view_format::raw::m2::BoneRotation::Compressed(Default::default());
    md.bones[1].translation = Default::default();
    // Texture transform 0 slides U by 1.0 over the 2000 ms global sequence; sample at 0 and 500 ms.
    let a = tile(&md, "tt0", "top", 0.0, 96);
    let b = tile(&md, "tt500", "top", 500.0, 96);
    assert!(a != b, "the texture transform does not move the texture");
    common::check_golden("texture_transform_0_500", &common::grid(&[a, b], 96, 2));
}

/// Renders `md` from the top at Stand 500 ms, with or without model lights.
fn lit_tile(md: &Md20, name: &str, model_lights: bool) -> Vec<u8> {
    let (gpu, renderer) = common::gpu();
    let path = common::write_fixture(md, &fixtures::skin_profile(272), &[("Glow.blp", glow())], name);
    let lm = m2view_app::open::Opened::open(&path, &Default::default()).unwrap().lm;
    let req = m2view_scene::render::RenderRequest { model_lights, ..common::request(96, "top", 500.0, Some(0)) };
    let (px, _) = m2view_scene::render::render_image(gpu, renderer, &lm, &req).unwrap();
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
    px
}

#[test]
fn model_lights_shine() {
    // The fixture's point light sits 0.5 above the centre of the top box's
    // top face: diffuse (1, 0.9, 0.8) × 0.8, ambient 0.1, and — no global flag
    // 0x8000 — the client's fixed attenuation 1.67 → 5.27, so full strength there.
    let mut md = base();
    md.materials[1].blending_mode = 0;
    let unlit = lit_tile(&md, "nolight", true);
    md.lights = fixtures::two_boxes(272).lights;
    assert_eq!(lit_tile(&md, "lights_off", false), unlit, "the toggle does not turn model lights off");
    let near = lit_tile(&md, "light_near", true);
    md.lights[0].position = [0.0, 0.0, 50.0]; // past the attenuation end: ambient only
    let far = lit_tile(&md, "light_far", true);
    // Centre pixel, top face (normal +Z). Preview light alone: T·(0.55 + 0.6·0.8/√2) = 0.8894·T.
    // Far: ambient +0.1 → 0.9894·T (×1.112). Near: √(0.9894² + (0.8·c)²)·T with c = 1, 0.9
    // (×1.431 red, ×1.376 green); blue is left out (its texels may clip at 255).
    let at = |px: &[u8], ch: usize| px[(48 * 96 + 48) * 4 + ch] as f32;
    for (ch, want_near) in [(0, 1.431), (1, 1.376)] {
        let (u, f, n) = (at(&unlit, ch), at(&far, ch), at(&near, ch));
        assert!(u > 40.0 && u < 170.0, "channel {ch}: base value {u} unsuitable");
        assert!((f / u - 1.112).abs() < 0.03, "channel {ch}: far {f} / unlit {u}");
        assert!((n / u - want_near).abs() < 0.04, "channel {ch}: near {n} / unlit {u}, want ×{want_near}");
    }
    // A light its visibility track hides adds nothing.
    md.lights[0].visibility = fixtures::constant(272, 0u8);
    assert_eq!(lit_tile(&md, "light_hidden", true), unlit);
}

/// The MDX box (v800) without its geoset animation, emitter, ribbon and
/// light: its material alone decides its pixels.
fn plain_mdx_box() -> m2view_format::raw::mdx::MdxFile {
    let mut f = m2view_format::fixtures::mdx_box(800);
    f.geoset_anims.clear();
    f.particle_emitters2.clear();
    f.ribbons.clear();
    f.lights.clear();
    f
}

/// Renders the MDX box (v800) from above at 0 ms with its material replaced:
/// an unshaded opaque layer of uniform (100, 100, 100) under an unshaded
/// layer of filter mode `mode` and uniform (100, 60, 20) at alpha 153 (0.6).
fn warcraft3_layer_tile(mode: u32, size: u32) -> Vec<u8> {
    use m2view_format::raw::mdx::{MdlLayer, MdlTexture};
    use m2view_format::writer_mdx::write_mdx;
    let mut f = plain_mdx_box();
    let layer = |filter_mode, texture_id| MdlLayer {
        filter_mode,
        shading_flags: 0x1,
        texture_id,
        texture_anim_id: u32::MAX,
        alpha: 1.0,
        ..Default::default()
    };
    f.materials[0].layers = vec![layer(0, 0), layer(mode, 1)];
    f.textures = ["Textures\\Dst.blp", "Textures\\Src.blp"]
        .map(|p| MdlTexture { replaceable_id: 0, path: p.into(), flags: 3 })
        .to_vec();
    let dir = std::env::temp_dir().join(format!("m2view-test-w3filter{mode}-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("Textures")).unwrap();
    std::fs::write(dir.join("Box.mdx"), write_mdx(&f)).unwrap();
    for (name, px) in [("Dst.blp", [100, 100, 100, 255]), ("Src.blp", [100, 60, 20, 153])] {
        let blp = m2view_format::blp::write_blp2_raw(16, 16, &[px.repeat(256)]);
        std::fs::write(dir.join("Textures").join(name), blp).unwrap();
    }
    let (gpu, renderer) = common::gpu();
    let lm = m2view_app::open::Opened::open(&dir.join("Box.mdx"), &Default::default()).unwrap().lm;
    assert!(lm.texture_files.iter().all(Option::is_some), "textures found");
    let (px, _) =
        m2view_scene::render::render_image(gpu, renderer, &lm, &common::request(size, "top", 0.0, Some(0))).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    px
}

#[test]
fn warcraft3_filter_modes_blend_as_warcraft_iii_draws_them() {
    // Hand-computed from destination D = (100, 100, 100) and source S = (100, 60, 20), a = 0.6.
    // None: S. Transparent: keyed out at 0.75 (WoW's 128/255 would keep S). Blend: aS + (1 - a)D.
    // Additive and AddAlpha: aS + D (`One, One` would give S + D = 200, 160, 120).
    // Modulate: S·D (`Zero, SrcColor`). Modulate2x: 2·S·D (`DstColor, SrcColor`).
    let want: [[f32; 3]; 7] = [
        [100.0, 60.0, 20.0],
        [100.0, 100.0, 100.0],
        [100.0, 76.0, 52.0],
        [160.0, 136.0, 112.0],
        [160.0, 136.0, 112.0],
        [39.2, 23.5, 7.8],
        [78.4, 47.1, 15.7],
    ];
    let size = 48;
    let tiles: Vec<Vec<u8>> = (0..7).map(|mode| warcraft3_layer_tile(mode, size)).collect();
    for (mode, (px, want)) in tiles.iter().zip(want).enumerate() {
        let at = ((size / 2 * size + size / 2) * 4) as usize;
        let got = &px[at..at + 3];
        // 8-bit texels and blending: within 2 per channel.
        assert!(
            got.iter().zip(want).all(|(&g, w)| (g as f32 - w).abs() <= 2.0),
            "filter mode {mode}: centre pixel {got:?}, want {want:?}"
        );
    }
    common::check_golden("warcraft3_filter_modes", &common::grid(&tiles, size, 7));
}

#[test]
fn a_warcraft3_model_draws_and_exports_its_tga_texture() {
    // v800 models may name .tga textures (none of the corpus does): the MDX box with one
    // unshaded layer of a solid green TGA (written by the image crate), seen from above.
    use m2view_format::raw::mdx::{MdlLayer, MdlTexture};
    use m2view_format::writer_mdx::write_mdx;
    let mut f = plain_mdx_box();
    let layer = MdlLayer { shading_flags: 0x1, texture_anim_id: u32::MAX, alpha: 1.0, ..Default::default() };
    f.materials[0].layers = vec![layer];
    f.textures = vec![MdlTexture { replaceable_id: 0, path: "Textures\\Green.tga".into(), flags: 3 }];
    let dir = std::env::temp_dir().join(format!("m2view-test-tga-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("Textures")).unwrap();
    std::fs::write(dir.join("Box.mdx"), write_mdx(&f)).unwrap();
    let green = image::RgbaImage::from_pixel(8, 8, image::Rgba([20, 200, 40, 255]));
    green.save_with_format(dir.join("Textures/Green.tga"), image::ImageFormat::Tga).unwrap();
    let lm = m2view_app::open::Opened::open(&dir.join("Box.mdx"), &Default::default()).unwrap().lm;
    let (gpu, renderer) = common::gpu();
    let (px, _) =
        m2view_scene::render::render_image(gpu, renderer, &lm, &common::request(32, "top", 0.0, Some(0))).unwrap();
    assert_eq!(&px[(16 * 32 + 16) * 4..][..3], &[20, 200, 40], "the centre of the box's top");
    // Exported, the glTF carries it.
    let glb = m2view_export::gltf::to_glb(&lm, &Default::default()).unwrap();
    let g = gltf::Gltf::from_slice(&glb).unwrap();
    assert_eq!(g.images().count(), 1);
    // A TGA cut short: one warning naming it, the model still draws.
    let bytes = std::fs::read(dir.join("Textures/Green.tga")).unwrap();
    std::fs::write(dir.join("Textures/Green.tga"), &bytes[..bytes.len() - 3]).unwrap();
    let mut warnings = Vec::new();
    let t = m2view_texture::load_textures(&lm, false, [255; 3], &mut warnings);
    assert!(t[0].is_none() && warnings.iter().any(|w| w.contains("Green.tga") && w.contains("TGA")), "{warnings:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
