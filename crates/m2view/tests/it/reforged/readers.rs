//! The reforged tests that drive external readers (mdx-m3-viewer and the glTF validator):
//! run apart in CI (`cargo test -- readers::`), so that their time shows.

use super::*;

#[test]
fn a_reforged_model_made_classic_reads_in_mdx_m3_viewer_and_draws_close_to_the_original() {
    let Some(dir) = resources() else { return };
    let out = std::env::temp_dir().join(format!("m2view-classic-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let blob = dir.join("blob.mdx");
    let classic = out.join("blob.mdx");
    let (code, _, err) = m2view(&[
        "export",
        blob.to_str().unwrap(),
        "-o",
        classic.to_str().unwrap(),
        "--mdx-version",
        "800",
        "--textures",
        "blp",
    ]);
    assert_eq!(code, 0, "{err}");
    // What v800 cannot hold is said, named by its chunk: the popcorn emitter and the bind poses.
    assert!(err.contains("dropped CORN") && err.contains("dropped BPOS"), "{err}");
    assert!(err.contains("material 0: HD layers (6 slots) as 3 classic layers"), "{err}");
    let (code, info, err) = m2view(&["info", classic.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&info).unwrap();
    assert_eq!(v["version"], 800, "{info}");
    let layers = &v["warcraft3"]["materials"][0]["layers"];
    assert_eq!(layers.as_array().unwrap().len(), 3, "{layers}");
    // The diffuse, emissive and ribbon textures as BLP1 beside it, every mip level; the diffuse's
    // alpha is the team colour mask (255 - the ORM map's alpha): transparent where Reforged
    // shows team colour.
    for (name, levels) in [("blob_diff2.blp", 11), ("blob_emis.blp", 11), ("ribbonne1_blue.blp", 0)] {
        let blp = m2view_format::blp::Blp::parse(std::fs::read(out.join(name)).unwrap()).unwrap();
        assert_eq!(blp.version, m2view_format::blp::BlpVersion::Blp1, "{name}");
        if levels > 0 {
            assert_eq!(blp.mips.len(), levels, "{name}");
        }
    }
    let diffuse = m2view_format::blp::Blp::parse(std::fs::read(out.join("blob_diff2.blp")).unwrap()).unwrap();
    let px = diffuse.decode(0).unwrap().pixels;
    let clear = px.chunks_exact(4).filter(|p| p[3] < 128).count();
    assert!(clear > 1000 && clear < px.len() / 8, "{clear} team colour texels");
    for name in ["blob_nrm.blp", "blob_orm2.blp"] {
        assert!(!out.join(name).exists(), "{name}: only the dropped slots use it");
    }

    // mdx-m3-viewer reads it (and writes it as MDL, which m2view reads as the same model).
    if let Some(viewer) = common::npm_package("M2VIEW_MDX_M3_VIEWER", "mdx-m3-viewer", "mdx-m3-viewer@5.12.0") {
        let mdl = out.join("by-m3.mdl");
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/write_mdl.cjs");
        let run = std::process::Command::new("node")
            .args([script.as_os_str(), classic.as_os_str(), mdl.as_os_str()])
            .env("MDX_M3_VIEWER", &viewer)
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&run.stdout).trim(), "ok", "{}", String::from_utf8_lossy(&run.stderr));
        let (code, again, err) = m2view(&["info", mdl.to_str().unwrap(), "--json"]);
        assert_eq!(code, 0, "{err}");
        let again: serde_json::Value = serde_json::from_str(&again).unwrap();
        assert_eq!(again["warcraft3"]["nodes"], v["warcraft3"]["nodes"]);
        assert_eq!(again["counts"]["vertices"], v["counts"]["vertices"]);
    }

    // Drawn close to the HD original: measured 5.4 levels apart on average at 256×256 (the
    // classic layers have no normal map, ORM or fresnel), 82 % of pixels within 48 levels.
    let render = |model: &std::path::Path, png: &str| {
        let png = out.join(png);
        let (code, _, err) =
            m2view(&["render", model.to_str().unwrap(), "--size", "128x128", "-o", png.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        image::open(png).unwrap().to_rgb8().into_raw()
    };
    let (hd, sd) = (render(&blob, "hd.png"), render(&classic, "sd.png"));
    let mean = hd.iter().zip(&sd).map(|(a, b)| a.abs_diff(*b) as f64).sum::<f64>() / hd.len() as f64;
    let near =
        hd.chunks_exact(3).zip(sd.chunks_exact(3)).filter(|(a, b)| (0..3).all(|c| a[c].abs_diff(b[c]) <= 48)).count();
    assert!(mean <= 8.0 && near * 100 >= 75 * hd.len() / 3, "mean {mean:.2}, {near} of {} within 48", hd.len() / 3);
    // Its team colour shows: red where the original's is (default player 1 red).
    let red = |img: &[u8]| img.chunks_exact(3).filter(|p| p[0] > 150 && p[1] < 60 && p[2] < 60).count();
    assert!(red(&sd) * 2 >= red(&hd) && red(&hd) > 20, "red: HD {}, classic {}", red(&hd), red(&sd));

    // As MDL; a classic model is not made classic again; other versions are refused.
    let (code, _, err) = m2view(&[
        "export",
        blob.to_str().unwrap(),
        "-o",
        out.join("blob.mdl").to_str().unwrap(),
        "--mdx-version",
        "800",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("no team colour: its mask needs --textures blp"), "{err}");
    let text = std::fs::read_to_string(out.join("blob.mdl")).unwrap();
    assert!(text.contains("FormatVersion 800") && !text.contains("Shader"), "{}", &text[..200]);
    let (code, _, err) = m2view(&[
        "export",
        classic.to_str().unwrap(),
        "-o",
        out.join("again.mdx").to_str().unwrap(),
        "--mdx-version",
        "800",
        "--textures",
        "blp",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("--textures blp goes with --mdx-version 800 of a Reforged model"), "{err}");
    let (code, _, err) =
        m2view(&["export", blob.to_str().unwrap(), "-o", out.join("x.mdx").to_str().unwrap(), "--mdx-version", "900"]);
    assert_ne!(code, 0);
    assert!(err.contains("m2view writes 800"), "{err}");
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn the_hd_material_exports_as_gltf_pbr_maps() {
    let Some(res) = resources() else { return };
    let dir = common::scratch("reforged", "gltf");
    let glb = dir.join("blob.glb");
    let (code, _, err) = m2view(&["export", res.join("blob.mdx").to_str().unwrap(), "-o", glb.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let doc = gltf::Gltf::open(&glb).unwrap();
    let blob = doc.blob.as_deref().unwrap();
    let m = doc.materials().next().unwrap();
    let image_of = |t: gltf::Texture| {
        let gltf::image::Source::View { view, .. } = t.source().source() else { panic!("embedded") };
        (
            t.source().name().unwrap_or_default().to_string(),
            image::load_from_memory(&blob[view.offset()..][..view.length()]).unwrap().to_rgba8(),
        )
    };
    // Diffuse, ORM (occlusion and metallic-roughness alike), emissive and normal: every map of
    // the HD layer set but team colour and the environment.
    let pbr = m.pbr_metallic_roughness();
    assert_eq!(image_of(pbr.base_color_texture().unwrap().texture()).0, "blob_diff2.dds");
    let orm = image_of(pbr.metallic_roughness_texture().unwrap().texture()).0;
    assert_eq!((orm.as_str(), pbr.metallic_factor(), pbr.roughness_factor()), ("blob_orm2.dds", 1.0, 1.0));
    assert_eq!(image_of(m.occlusion_texture().unwrap().texture()).0, "blob_orm2.dds");
    assert_eq!(
        (image_of(m.emissive_texture().unwrap().texture()).0, m.emissive_factor()),
        ("blob_emis.dds".into(), [1.0; 3])
    );
    // The normal map in glTF's convention: green flipped from the BC5 file's (+Y up), z in blue.
    let (name, normal) = image_of(m.normal_texture().unwrap().texture());
    assert_eq!(name, "blob_nrm.dds");
    let Some(Ok(m2view_render::TextureData::Rgba { mips, .. })) =
        m2view_texture::decode_bc5(&std::fs::read(res.join("blob_nrm.dds")).unwrap())
    else {
        panic!("BC5")
    };
    for (x, y) in [(0u32, 0u32), (512, 512), (100, 900), (1023, 17)] {
        let src = &mips[0][((y * 1024 + x) * 4) as usize..][..4];
        let out = normal.get_pixel(x, y).0;
        let (nx, ny) = (src[0] as f32 / 127.5 - 1.0, src[1] as f32 / 127.5 - 1.0);
        let z = ((1.0 - nx * nx - ny * ny).max(0.0).sqrt() * 0.5 + 0.5) * 255.0;
        assert_eq!((out[0], out[1]), (src[0], 255 - src[1]), "({x}, {y})");
        assert!((out[2] as f32 - z).abs() <= 1.0, "({x}, {y}): z {} vs {z}", out[2]);
    }
    // The Khronos validator: no errors (its one warning: tangents are left to the reader,
    // as glTF allows, the renderer's own way too).
    if let Some(v) = common::npm_package("M2VIEW_GLTF_VALIDATOR", "gltf-validator", "gltf-validator@2.0.0-dev.3.10") {
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/validate_gltf.cjs");
        let run = std::process::Command::new("node").arg(&script).arg(&glb).env("GLTF_VALIDATOR", v).output().unwrap();
        let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        assert_eq!(report[0]["errors"], 0, "{report}");
    }
}
