//! Textures as files of their own through the `m2view` binary (issue
//! "Textures and tables as files of their own"; first slice): `info` of
//! real BLP files against the facts the corpus's MANIFEST.tsv records for
//! them, BLP → PNG, and PNG → BLP1 back.

mod common;

use common::m2view;

fn dir() -> Option<std::path::PathBuf> {
    Some(m2view_format::fixtures::samples_dir()?.join("Drake53_War3Net/src/War3Net.Drawing.Blp.Tests/TestData"))
}

#[test]
fn info_of_real_blp_files() {
    let Some(d) = dir() else { return };
    // (file, format, encoding, alpha bits, size): MANIFEST.tsv's "compr", "alphadepth"/"alphabits".
    let facts = [
        ("colorDxtMip8Blp2.blp", "BLP2", "DXT5", 8, 128),
        ("colorJpg75Mip8Blp1.blp", "BLP1", "JPEG", 8, 128),
        ("colorPalettedMip8Blp1.blp", "BLP1", "palettized", 8, 128),
        ("map101.blp", "BLP1", "JPEG", 0, 256),
    ];
    for (file, format, encoding, alpha, size) in facts {
        let (code, out, err) = m2view(&["info", d.join(file).to_str().unwrap(), "--json"]);
        assert_eq!(code, 0, "{file}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!((v["format"].as_str(), v["encoding"].as_str()), (Some(format), Some(encoding)), "{file}");
        assert_eq!((v["alpha_bits"].as_u64(), v["size"][0].as_u64()), (Some(alpha), Some(size)), "{file}");
        assert_eq!(v["jpeg_header_bytes"].is_number(), encoding == "JPEG", "{file}");
    }
    // Palettized: each level is its indices and its 8-bit alpha plane.
    let (_, out, _) = m2view(&["info", d.join("colorPalettedMip8Blp1.blp").to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["mips"][0], serde_json::json!([128, 128, 2 * 128 * 128]));
    assert_eq!(v["mips"].as_array().unwrap().len(), 8);
}

#[test]
fn blp_to_png_and_back() {
    let Some(d) = dir() else { return };
    let out = std::env::temp_dir().join(format!("m2view-textures-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let png = out.join("color.png");
    let src = d.join("colorDxtMip8Blp2.blp");
    let (code, _, err) = m2view(&["export", src.to_str().unwrap(), "-o", png.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let img = image::open(&png).unwrap().to_rgba8();
    assert_eq!(img.dimensions(), (128, 128));
    // The PNG holds level 0 as m2view decodes it. (Against an independent decoder — Pillow —
    // is still to do.)
    let blp = m2view_format::blp::Blp::parse(std::fs::read(&src).unwrap()).unwrap();
    assert_eq!(img.as_raw(), &blp.decode(0).unwrap().pixels);
    // Back to BLP1 palettized, every mip level: within NeuQuant's error of the PNG.
    let back = out.join("color.blp");
    let (code, _, err) = m2view(&["export", png.to_str().unwrap(), "-o", back.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let b = m2view_format::blp::Blp::parse(std::fs::read(&back).unwrap()).unwrap();
    assert_eq!((b.version, b.mips.len()), (m2view_format::blp::BlpVersion::Blp1, 8));
    let px = b.decode(0).unwrap().pixels;
    let mean = px.iter().zip(img.as_raw()).map(|(a, b)| a.abs_diff(*b) as f64).sum::<f64>() / px.len() as f64;
    assert!(mean < 6.0, "mean {mean}");
    // Neither a PNG nor a BLP asked for: refused by name.
    let (code, _, err) = m2view(&["export", png.to_str().unwrap(), "-o", out.join("x.glb").to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(!err.is_empty());
    std::fs::remove_dir_all(&out).unwrap();
}
