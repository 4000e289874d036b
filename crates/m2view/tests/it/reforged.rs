//! Warcraft III Reforged through the `m2view` binary: the MDX v1000 model
//! kept beside the sample corpus (`../shared/reforged`, TaylorMouse's
//! `blob.mdx`, MIT) opens and draws its HD material's diffuse layer from
//! its DDS texture (DXT5), its HD material shades with every slot, and
//! `info` lists what a Warcraft III modder checks.

use crate::common;

use crate::common::m2view;

mod readers;

/// The folder of blob.mdx and its textures (`None`: no samples).
fn resources() -> Option<std::path::PathBuf> {
    let samples = m2view_format::fixtures::samples_dir()?;
    Some(samples.parent()?.join("reforged/TaylorMouse_warcraft_III_reforged_tools/Documentation/Tutorial/Resources"))
}

#[test]
fn a_reforged_model_draws_its_diffuse_dds() {
    let Some(dir) = resources() else { return };
    let out = std::env::temp_dir().join(format!("m2view-reforged-{}.png", std::process::id()));
    let (code, stats, err) = m2view(&[
        "render",
        dir.join("blob.mdx").to_str().unwrap(),
        "--stats",
        "--size",
        "64x64",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let stats: serde_json::Value = serde_json::from_str(stats.trim()).unwrap();
    // One draw for the HD body (its diffuse layer), none for the six slots as passes.
    assert_eq!(stats["batches"], 1, "{stats}");
    // Every texture decodes (DXT5, DXT1, the BC5 normal map); the missing environment map is said.
    assert!(!err.contains("blob_diff2.dds") && !err.contains("blob_nrm.dds"), "{err}");
    assert!(err.contains("environmentmap.dds"), "{err}");
    // The blob is blue where the texture is: not the white of a missing texture.
    let img = image::open(&out).unwrap().to_rgba8();
    let blue = img.pixels().filter(|p| p[2] > 150 && p[0] < 100).count();
    assert!(blue > 400, "{blue} blue pixels of 4096");
}

#[test]
fn info_shows_what_a_warcraft_iii_modder_checks() {
    let (Some(samples), Some(res)) = (m2view_format::fixtures::samples_dir(), resources()) else { return };
    let blob = res.join("blob.mdx");
    let (code, out, err) = m2view(&["info", blob.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    let w = &r["warcraft3"];
    let walk = w["sequences"].as_array().unwrap().iter().find(|s| s["name"] == "Walk").unwrap();
    assert_eq!((&walk["interval"], walk["move_speed"].as_f64()), (&serde_json::json!([4000, 5333]), Some(250.0)));
    let death = w["sequences"].as_array().unwrap().iter().find(|s| s["name"] == "Death").unwrap();
    assert_eq!(death["non_looping"], true);
    assert_eq!(
        (w["geosets"][0]["vertices"].as_u64(), w["geosets"][0]["lod_name"].as_str()),
        (Some(1802), Some("Blob"))
    );
    assert_eq!(
        (w["materials"][0]["shader"].as_str(), w["materials"][0]["layers"].as_array().unwrap().len()),
        (Some("Shader_HD_DefaultUnit"), 6)
    );
    assert_eq!(w["materials"][1]["layers"][0]["filter_mode"], "AddAlpha");
    // Reforged layer values (gain 1, no fresnel rim) and BPOS: a bind pose per node.
    assert_eq!(w["materials"][0]["layers"][1]["hd"], serde_json::json!([1.0, 1.0, 1.0, 1.0, 0.0, 0.0]));
    assert_eq!(w["bind_poses"], 14);
    let light = w["nodes"].as_array().unwrap().iter().find(|n| n["kind"] == "light").unwrap();
    assert_eq!(
        (light["name"].as_str(), light["object_id"].as_u64(), light["parent"].as_u64()),
        (Some("BlobMouthLight"), Some(5), Some(3))
    );
    // The PopcornFX emitter (CORN): node 9 under the head, its effect and values (the same in
    // mdx-m3-viewer's and wc3's MDL of the file), listed and said not to be drawn.
    let corn = w["nodes"].as_array().unwrap().iter().find(|n| n["kind"] == "popcorn emitter").unwrap();
    assert_eq!((corn["object_id"].as_u64(), corn["parent"].as_u64()), (Some(9), Some(2)));
    let p = &w["popcorn_emitters"][0];
    assert_eq!(p["path"], "units/orc/spiritwalker/spiritwalkerweapon.pkfx");
    assert_eq!(p["visibility_guide"], "Always=on, Death=off");
    assert_eq!(p["rate_lifespan_speed"], serde_json::json!([0.47058824, 0.0, 1.0]));
    let warnings = r["warnings"].as_array().unwrap();
    assert!(warnings.iter().any(|w| w.as_str().unwrap().contains("PopcornFX effects are not drawn")));
    assert!(!warnings.iter().any(|w| w.as_str().unwrap().contains("CORN kept raw")));
    // Light, collision shape and ribbon parameters (as mdx-m3-viewer's MDL of the file has them).
    let light = &w["lights"][0];
    assert_eq!((light["kind"].as_str(), light["intensity"].as_f64()), (Some("omni"), Some(4.0)));
    assert_eq!(light["attenuation"], serde_json::json!([10.0, 15.0]));
    let shape = &w["collision_shapes"][0];
    assert_eq!((shape["kind"].as_str(), shape["values"][3].as_f64()), (Some("sphere"), Some(22.0)));
    let ribbon = &w["ribbons"][0];
    assert_eq!(
        (ribbon["material"].as_u64(), &ribbon["lifespan_rate_gravity"]),
        (Some(1), &serde_json::json!([0.5, 25.0, 0.0]))
    );
    // A v800 PRE2 emitter: PackHorse's riding dust (Blend, 17 a second, speed 13.8, latitude 41.5, gravity −165).
    let horse = samples.join("Retera_ReterasModelStudio/MDXLib/PackHorse.mdx");
    let (_, out, _) = m2view(&["info", horse.to_str().unwrap(), "--json"]);
    let r2: serde_json::Value = serde_json::from_str(&out).unwrap();
    // Sequences by their Warcraft III primary tag: `Attack -1` an attack (AttackUnarmed 16),
    // `TempWalk` (no tag: no unit state plays it) no variation of Stand.
    let anim = |name: &str| {
        let s = r2["sequences"].as_array().unwrap().iter().find(|s| s["name"] == name).unwrap();
        (s["anim_id"].as_u64().unwrap(), s["variation"].as_u64().unwrap())
    };
    assert_eq!((anim("Attack -1"), anim("Attack -2")), ((16, 0), (16, 1)));
    assert_eq!(anim("TempWalk"), (m2view_format::ANIM_UNTAGGED as u64, 0));
    assert_eq!((anim("Stand Ready"), anim("Decay Flesh")), ((0, 4), (159, 0)));
    let dust = r2["warcraft3"]["particle_emitters2"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "BlizPart_RidingDust")
        .unwrap();
    assert_eq!(dust["filter_mode"], "Blend");
    let v: Vec<f64> = dust["rate_lifespan_speed_variation_latitude_gravity"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert!(
        (v[0] - 17.0).abs() < 1e-4
            && (v[2] - 13.8).abs() < 1e-4
            && (v[4] - 41.5).abs() < 1e-4
            && (v[5] + 165.0).abs() < 1e-4,
        "{v:?}"
    );
    assert_eq!(dust["alphas"], serde_json::json!([0, 218, 0]));
    // The text form has the same sections.
    let (_, text, _) = m2view(&["info", blob.to_str().unwrap()]);
    assert!(
        text.contains("warcraft III sequences:") && text.contains("Walk") && text.contains("non-looping"),
        "{text}"
    );
    assert!(text.contains("shader Shader_HD_DefaultUnit"), "{text}");
}

#[test]
fn v1100_and_v1200_draw_as_v1000_does() {
    // No public v1100/v1200 model exists: blob.mdx written in those versions by the `wc3` crate
    // (its HD material becomes one layer with six texture slots), beside copies of its textures.
    let Some(res) = resources() else { return };
    let dir = std::env::temp_dir().join(format!("m2view-reforged-versions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for t in ["blob_diff2.dds", "blob_nrm.dds", "blob_orm2.dds", "blob_emis.dds", "ribbonne1_blue.dds"] {
        std::fs::copy(res.join(t), dir.join(t)).unwrap();
    }
    let original = wc3::model::DynamicModel::decode_mdx(&std::fs::read(res.join("blob.mdx")).unwrap(), 800).unwrap();
    let strict = wc3::model::ConversionOptions::strict();
    let written = [
        ("1000", std::fs::read(res.join("blob.mdx")).unwrap()),
        ("1100", wc3::model::DynamicModel::V1100(original.convert(&strict).unwrap().model).encode_mdx().unwrap()),
        ("1200", wc3::model::DynamicModel::V1200(original.convert(&strict).unwrap().model).encode_mdx().unwrap()),
    ];
    let mut images = Vec::new();
    for (v, bytes) in written {
        let (model, png) = (dir.join(format!("blob{v}.mdx")), dir.join(format!("blob{v}.png")));
        std::fs::write(&model, bytes).unwrap();
        let args = ["render", model.to_str().unwrap(), "--stats", "--size", "64x64", "-o", png.to_str().unwrap()];
        let (code, stats, err) = m2view(&args);
        assert_eq!(code, 0, "{err}");
        let stats: serde_json::Value = serde_json::from_str(stats.trim()).unwrap();
        assert_eq!(stats["batches"], 1, "v{v}: {stats}");
        images.push(image::open(&png).unwrap().to_rgba8());
    }
    // The same pixels: the diffuse slot's texture, one pass.
    assert!(images[1] == images[0] && images[2] == images[0]);
    let blue = images[1].pixels().filter(|p| p[2] > 150 && p[0] < 100).count();
    assert!(blue > 400, "{blue} blue pixels of 4096");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_bc5_normal_map_decodes() {
    let Some(res) = resources() else { return };
    let nrm = res.join("blob_nrm.dds");
    let bytes = std::fs::read(&nrm).unwrap();
    let Some(Ok(m2view_render::TextureData::Rgba { width, height, mips })) = m2view_texture::decode_bc5(&bytes) else {
        panic!("blob_nrm.dds is BC5 (ATI2)")
    };
    // 1024 × 1024 (the header), its first level only.
    assert_eq!((width, height, mips.len(), mips[0].len()), (1024, 1024, 1, 1024 * 1024 * 4));
    // A tangent-space normal map: x and y in red and green, (x, y) within the unit circle, the
    // surface mostly facing out (x and y near 0).
    let (mut inside, mut sum) = (0usize, [0f64; 2]);
    for p in mips[0].chunks_exact(4) {
        let (x, y) = (p[0] as f64 / 127.5 - 1.0, p[1] as f64 / 127.5 - 1.0);
        inside += usize::from(x * x + y * y <= 1.05);
        sum[0] += x;
        sum[1] += y;
    }
    let n = (1024 * 1024) as f64;
    assert!(inside as f64 > 0.99 * n, "{inside} of {n} within the unit circle");
    assert!(sum[0].abs() / n < 0.15 && sum[1].abs() / n < 0.15, "mean {:?}", [sum[0] / n, sum[1] / n]);
    // Cut short: an error, not a panic or a huge buffer.
    let Some(Err(e)) = m2view_texture::decode_bc5(&bytes[..bytes.len() / 2]) else { panic!("half a file") };
    assert!(matches!(e, m2view_texture::TextureError::Bc5Short { need: 1_048_576, .. }), "{e}");
}

#[test]
fn the_hd_material_shows_team_colour_glow_and_its_normal_map() {
    let Some(res) = resources() else { return };
    let dir = std::env::temp_dir().join(format!("m2view-reforged-hd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let render = |model: &std::path::Path, extra: &[&str], name: &str| {
        let png = dir.join(name);
        let mut args = vec!["render", model.to_str().unwrap(), "--size", "128x128", "-o", png.to_str().unwrap()];
        args.extend(extra);
        let (code, _, err) = m2view(&args);
        assert_eq!(code, 0, "{err}");
        image::open(&png).unwrap().to_rgba8()
    };
    let count = |img: &image::RgbaImage, f: &dyn Fn(&image::Rgba<u8>) -> bool| img.pixels().filter(|p| f(p)).count();
    let red = |p: &image::Rgba<u8>| p[0] > 150 && p[1] < 80 && p[2] < 80;
    let cyan = |p: &image::Rgba<u8>| p[1] > 150 && p[2] > 150 && p[0] < 150;
    // The spots the ORM map's alpha marks take the team colour (player 1 red by default, blue
    // when asked); the eyes glow cyan from the emissive map. (Looked at: the blob blue and
    // wrinkled, three red spots on its back, cyan eyes.)
    let hd = render(&res.join("blob.mdx"), &[], "hd.png");
    let blue_team = render(&res.join("blob.mdx"), &["--team-color", "0000ff"], "blue.png");
    let (spots, eyes) = (count(&hd, &red), count(&hd, &cyan));
    assert!(spots > 100, "{spots} red team-colour pixels");
    assert!(count(&blue_team, &red) == 0, "{} red pixels with a blue team", count(&blue_team, &red));
    // Measured on lavapipe: 277 team-colour pixels, 42 glowing.
    assert!(eyes > 10, "{eyes} glowing pixels");
    // Without its normal map (a copy of the model beside every texture but that one) the
    // shading is smooth: the map changes many pixels.
    for t in ["blob_diff2.dds", "blob_orm2.dds", "blob_emis.dds", "ribbonne1_blue.dds"] {
        std::fs::copy(res.join(t), dir.join(t)).unwrap();
    }
    std::fs::copy(res.join("blob.mdx"), dir.join("blob.mdx")).unwrap();
    let flat = render(&dir.join("blob.mdx"), &[], "flat.png");
    let changed = hd.pixels().zip(flat.pixels()).filter(|(a, b)| (0..3).any(|k| a[k].abs_diff(b[k]) > 12)).count();
    // Measured on lavapipe: 430 of the 128 × 128 pixels.
    assert!(changed > 200, "{changed} pixels differ with the normal map");
    assert_eq!((count(&flat, &red) > 100, count(&flat, &cyan) > 10), (true, true));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An uncompressed A8R8G8B8 DDS of 4 × 4 texels of one colour (`rgba`).
fn uniform_dds(rgba: [u8; 4]) -> Vec<u8> {
    let params = ddsfile::NewD3dParams {
        height: 4,
        width: 4,
        depth: None,
        format: ddsfile::D3DFormat::A8R8G8B8,
        mipmap_levels: None,
        caps2: None,
    };
    let mut d = ddsfile::Dds::new_d3d(params).unwrap();
    d.data = [rgba[2], rgba[1], rgba[0], rgba[3]].repeat(16);
    let mut out = Vec::new();
    d.write(&mut out).unwrap();
    out
}

#[test]
fn the_hd_material_reflects_its_environment_and_shows_its_fresnel_rim() {
    let Some(res) = resources() else { return };
    let dir = std::env::temp_dir().join(format!("m2view-reforged-env-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for t in ["blob.mdx", "blob_diff2.dds", "blob_nrm.dds", "blob_orm2.dds", "blob_emis.dds", "ribbonne1_blue.dds"] {
        std::fs::copy(res.join(t), dir.join(t)).unwrap();
    }
    let model = dir.join("blob.mdx");
    let render = |name: &str| {
        let png = dir.join(name);
        let args = ["render", model.to_str().unwrap(), "--size", "128x128", "-o", png.to_str().unwrap()];
        let (code, _, err) = m2view(&args);
        assert_eq!(code, 0, "{err}");
        image::open(&png).unwrap().to_rgba8()
    };
    let sum = |img: &image::RgbaImage, k: usize| img.pixels().map(|p| p[k] as i64).sum::<i64>();
    // As the file is (its ORM rough, hardly metal; no environment map): the reference.
    let plain = render("plain.png");
    // Fresnel rim: layer 0's fresnel colour (stored blue, green, red) green at opacity 1, patched
    // into the v1000 layer fields (after size, filter mode, flags, texture, texture animation,
    // coord id, alpha and emissive gain: mdx-m3-viewer Layer.readMdx).
    let mut mdx = std::fs::read(res.join("blob.mdx")).unwrap();
    let mtls = mdx.windows(4).position(|w| w == b"MTLS").unwrap() + 8;
    let layer = mtls + 12 + 80 + 8;
    for (at, v) in [(32, 0.0f32), (36, 1.0), (40, 0.0), (44, 1.0)] {
        mdx[layer + at..layer + at + 4].copy_from_slice(&v.to_le_bytes());
    }
    std::fs::write(dir.join("blob.mdx"), &mdx).unwrap();
    let rim = render("rim.png");
    std::fs::copy(res.join("blob.mdx"), dir.join("blob.mdx")).unwrap();
    // A red environment on the blob as it is (rough 0.5, metal only in a few texels): hardly seen.
    std::fs::write(dir.join("environmentmap.dds"), uniform_dds([255, 0, 0, 255])).unwrap();
    let rough_red = render("rough_red.png");
    // Smooth metal all over (occlusion 1, roughness 0, metallic 1) under a red, then a green environment.
    std::fs::write(dir.join("blob_orm2.dds"), uniform_dds([255, 0, 255, 0])).unwrap();
    let red_env = render("red.png");
    std::fs::write(dir.join("environmentmap.dds"), uniform_dds([0, 255, 0, 255])).unwrap();
    let green_env = render("green.png");
    std::fs::remove_dir_all(&dir).unwrap();
    // Measured on lavapipe (sums over the 128 × 128 picture): the rim adds 507,143 of green and
    // no red; the smooth metal is 256,216 redder under the red environment than under the green
    // and 211,362 greener under the green; the rough blob takes no red at all. (Looked at: a
    // green rim toward the silhouette; a broad pink, then white, highlight on the metal blob.)
    let (rim_green, rim_red) = (sum(&rim, 1) - sum(&plain, 1), (sum(&rim, 0) - sum(&plain, 0)).abs());
    assert!(rim_green > 100_000 && rim_red * 20 < rim_green, "rim: green +{rim_green}, red {rim_red}");
    let red_gain = sum(&red_env, 0) - sum(&green_env, 0);
    let green_gain = sum(&green_env, 1) - sum(&red_env, 1);
    assert!(red_gain > 100_000 && green_gain > 100_000, "environment: red +{red_gain}, green +{green_gain}");
    let rough = sum(&rough_red, 0) - sum(&plain, 0);
    assert!(rough * 20 < red_gain, "the rough blob reflects {rough} of red");
}

#[test]
fn animated_hd_parameters_play() {
    // blob.mdx as MDL with its first layer's fresnel rim (KFC3 green, KFCA 0 → 1) and, in a
    // second model, its emissive gain (KMTE 0 → 4) animated over Stand (333–2333 ms): drawn at
    // the start and near the end of the sequence. No public model animates them.
    let Some(dir) = resources() else { return };
    let out = std::env::temp_dir().join(format!("m2view-hd-tracks-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    for f in ["blob_diff2.dds", "blob_nrm.dds", "blob_orm2.dds", "blob_emis.dds", "ribbonne1_blue.dds"] {
        std::fs::copy(dir.join(f), out.join(f)).unwrap();
    }
    let mdl = out.join("blob.mdl");
    let (code, _, err) = m2view(&["export", dir.join("blob.mdx").to_str().unwrap(), "-o", mdl.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&mdl).unwrap();
    let first_layer_end = "\t\t\tstatic FresnelColor { 0.0, 0.0, 0.0 },\n\t\t}\n";
    assert!(text.contains(first_layer_end), "the first layer as m2view writes it");
    let with = |tracks: &str, name: &str| {
        let p = out.join(name);
        std::fs::write(&p, text.replacen(first_layer_end, &format!("{tracks}\t\t}}\n"), 1)).unwrap();
        p
    };
    let rim = with(
        "\t\t\tFresnelColor 2 {\n\t\t\t\tLinear,\n\t\t\t\t333: { 0.0, 1.0, 0.0 },\n\t\t\t\t2333: { 0.0, 1.0, 0.0 },\n\t\t\t}\n\t\t\tFresnelOpacity 2 {\n\t\t\t\tLinear,\n\t\t\t\t333: 0.0,\n\t\t\t\t2333: 1.0,\n\t\t\t}\n",
        "rim.mdl",
    );
    let glow = with(
        "\t\t\tstatic FresnelColor { 0.0, 0.0, 0.0 },\n\t\t\tEmissiveGain 2 {\n\t\t\t\tLinear,\n\t\t\t\t333: 0.0,\n\t\t\t\t2333: 4.0,\n\t\t\t}\n",
        "glow.mdl",
    );
    // Sums of each channel of a 128×128 frame at `ms` into Stand.
    let sums = |model: &std::path::Path, ms: &str| {
        let png = out.join(format!("{}-{ms}.png", model.file_stem().unwrap().to_string_lossy()));
        let (code, _, err) = m2view(&[
            "render",
            model.to_str().unwrap(),
            "--size",
            "128x128",
            "--time",
            ms,
            "-o",
            png.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let img = image::open(&png).unwrap().to_rgb8();
        let mut s = [0u64; 3];
        for p in img.pixels() {
            (0..3).for_each(|c| s[c] += p[c] as u64);
        }
        s
    };
    // The rim: no green added at the start; near the end (opacity 0.95) about the 507,143 an
    // opacity-1 green rim adds (materials test), and no red.
    let (a, b) = (sums(&rim, "0"), sums(&rim, "1900"));
    assert!(b[1] > a[1] + 350_000 && b[0].abs_diff(a[0]) < 20_000, "rim: {a:?} then {b:?}");
    // The glow: brighter as the gain rises (emissive × √gain: none at the start; measured
    // 25,600 more over the frame, blob's emissive map being mostly dark).
    let (a, b) = (sums(&glow, "0"), sums(&glow, "1900"));
    assert!(b.iter().sum::<u64>() > a.iter().sum::<u64>() + 20_000, "glow: {a:?} then {b:?}");
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn made_classic_keeps_the_highest_level_of_detail() {
    // blob.mdx with a copy of its geoset as LOD 1 (written here with wc3: no public Reforged
    // model with LODs is in the corpus): the classic model has the LOD 0 geoset only.
    use wc3::model::mdx::{Read as _, Write as _};
    let Some(dir) = resources() else { return };
    let out = std::env::temp_dir().join(format!("m2view-lod-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let bytes = std::fs::read(dir.join("blob.mdx")).unwrap();
    let mut m = wc3::model::Model::<wc3::model::V1000>::decode_mdx(&bytes).unwrap();
    let mut geosets = m.geosets();
    let mut lod1 = geosets[0].clone();
    lod1.set_level_of_detail(1);
    geosets.push(lod1);
    m.set_geosets(&geosets);
    let lods = out.join("lods.mdx");
    std::fs::write(&lods, m.encode_mdx().unwrap()).unwrap();
    let info = |p: &std::path::Path| {
        let (code, json, err) = m2view(&["info", p.to_str().unwrap(), "--json"]);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&json).unwrap()
    };
    assert_eq!(info(&lods)["warcraft3"]["geosets"].as_array().unwrap().len(), 2);
    let classic = out.join("classic.mdx");
    let (code, _, err) =
        m2view(&["export", lods.to_str().unwrap(), "-o", classic.to_str().unwrap(), "--mdx-version", "800"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 geosets of lower levels of detail left out"), "{err}");
    let v = info(&classic);
    assert_eq!(v["warcraft3"]["geosets"].as_array().unwrap().len(), 1);
    assert_eq!(v["counts"]["vertices"], 1802);
    std::fs::remove_dir_all(&out).unwrap();
}
