//! Textures as files of their own through the `m2view` binary (issue
//! "Textures and tables as files of their own"): `info` of real BLP files
//! against the facts the corpus's MANIFEST.tsv records for them; every
//! corpus BLP's PNG against an independent reading (Pillow, Debian's
//! python3-pil, through `support/pillow_blp.py`); PNG → BLP in every
//! encoding, read back by Pillow and by m2view within the encoder's stated
//! error; a model drawn with its converted texture; `--mip`, `--no-alpha`.

use crate::common;

use std::path::{Path, PathBuf};

use crate::common::m2view;
use m2view::texture_cmd::png_bytes;
use m2view_format::blp::{Blp, BlpEncoding, BlpVersion, DxtFormat};
use m2view_texture::file::decode_level;

mod readers;

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
    // A Reforged DDS (kept beside the corpus): BC3, 256×128, every level sized by its blocks.
    let dds =
        m2view_format::fixtures::samples_dir().unwrap().parent().unwrap().join(
            "reforged/TaylorMouse_warcraft_III_reforged_tools/Documentation/Tutorial/Resources/ribbonne1_blue.dds",
        );
    let (code, out, err) = m2view(&["info", dds.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["format"].as_str(), v["encoding"].as_str()), (Some("DDS"), Some("BC3_UNorm_sRGB")));
    assert_eq!(
        (v["size"][0].as_u64(), v["size"][1].as_u64(), v["alpha_bits"].as_u64()),
        (Some(256), Some(128), Some(8))
    );
    assert_eq!(v["mips"][0], serde_json::json!([256, 128, 256 * 128]));
    assert_eq!(v["mips"][1], serde_json::json!([128, 64, 128 * 64]));
}

/// A fresh scratch folder for one test.
fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-textures-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Writes level 0 of BLP `blp` as m2view's `export` writes it (the same
/// functions) to `png`.
fn export_png(blp: &Path, png: &Path) {
    let bytes = std::fs::read(blp).unwrap();
    let img = decode_level(&blp.display().to_string(), &bytes, 0).unwrap();
    std::fs::write(png, png_bytes(&img, false).unwrap()).unwrap();
}

#[test]
fn mip_no_alpha_and_bad_requests() {
    let Some(d) = dir() else { return };
    let out = scratch("mip");
    let src = d.join("colorDxtMip8Blp2.blp");
    let png = out.join("m3.png");
    let (code, _, err) =
        m2view(&["export", src.to_str().unwrap(), "-o", png.to_str().unwrap(), "--mip", "3", "--no-alpha"]);
    assert_eq!(code, 0, "{err}");
    let img = image::open(&png).unwrap();
    // Level 3 of 128×128 is 16×16; without alpha the PNG is RGB.
    assert_eq!((img.width(), img.height(), img.color()), (16, 16, image::ColorType::Rgb8));
    let level3 = Blp::parse(std::fs::read(&src).unwrap()).unwrap().decode(3).unwrap().pixels;
    let rgb: Vec<u8> = level3.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    assert_eq!(img.to_rgb8().as_raw(), &rgb);
    // --no-alpha to BLP: opaque, so DXT1 by default.
    let blp = out.join("opaque.blp");
    let (code, _, err) = m2view(&["export", png.to_str().unwrap(), "-o", blp.to_str().unwrap(), "--no-alpha"]);
    assert_eq!(code, 0, "{err}");
    let b = Blp::parse(std::fs::read(&blp).unwrap()).unwrap();
    assert_eq!((b.encoding, b.alpha_bits), (BlpEncoding::Dxt(DxtFormat::Dxt1), 0));
    // A level the file does not have, and an unknown encoding: errors that say so.
    let (code, _, err) = m2view(&["export", src.to_str().unwrap(), "-o", png.to_str().unwrap(), "--mip", "8"]);
    assert_eq!(code, 2);
    assert!(err.contains("no mip level 8 (it has 8)"), "{err}");
    let (code, _, err) = m2view(&["export", png.to_str().unwrap(), "-o", blp.to_str().unwrap(), "--blp", "dxt9"]);
    assert_eq!(code, 2, "clap's usage error");
    assert!(err.contains("dxt1, dxt3, dxt5"), "{err}");
    // Neither a PNG nor a BLP asked for: refused by name.
    let (code, _, err) = m2view(&["export", png.to_str().unwrap(), "-o", out.join("x.glb").to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("exported as .png or .blp"), "{err}");
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn a_model_drawn_with_its_converted_texture_matches() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    // Koward's Frog: its skin FrogBrownSpots.blp (512×512 DXT5) beside it, found by name. Drawn
    // at 512×512, where the skin is sampled from its levels 0 and 1: its smaller levels were
    // authored, not averaged (level 4 is 17 levels a channel from any 2×2 average of level 0,
    // measured), so no generated chain draws a distant frog the same.
    let frog = samples.join("Koward_Improved_Models/Creature/Frog");
    let out = scratch("frog");
    for f in ["Frog.m2", "FrogBrownSpots.blp"] {
        std::fs::write(out.join(f), std::fs::read(frog.join(f)).unwrap()).unwrap();
    }
    let model = out.join("Frog.m2");
    let render = |png: &Path| {
        let (code, _, err) =
            m2view(&["render", model.to_str().unwrap(), "-o", png.to_str().unwrap(), "--size", "512x512"]);
        assert_eq!(code, 0, "{err}");
        image::open(png).unwrap().to_rgba8()
    };
    let before = render(&out.join("before.png"));
    // BLP → PNG → BLP (DXT5, every level), in place of the original.
    let skin = out.join("FrogBrownSpots.blp");
    let png = out.join("skin.png");
    for args in
        [[skin.to_str().unwrap(), "-o", png.to_str().unwrap()], [png.to_str().unwrap(), "-o", skin.to_str().unwrap()]]
    {
        let (code, _, err) = m2view(&[&["export"], &args[..], &["--blp", "dxt5"]].concat());
        assert_eq!(code, 0, "{err}");
    }
    let after = render(&out.join("after.png"));
    let differing = before
        .pixels()
        .zip(after.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > common::CHANNEL_TOLERANCE))
        .count();
    let fraction = differing as f64 / (512.0 * 512.0);
    eprintln!(
        "frog re-encoded: {differing} pixels ({:.3} %) past {} levels",
        fraction * 100.0,
        common::CHANNEL_TOLERANCE
    );
    assert!(fraction <= common::PIXEL_FRACTION, "{differing} pixels differ");
    // Not a blank render that would match anything: the frog covers a good part of the image.
    let background = before.get_pixel(0, 0);
    assert!(before.pixels().filter(|p| *p != background).count() > 40_000);
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn extract_converts_and_render_all_previews_textures_of_an_archive() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    // A real 3.3.5 patch MPQ: 633 files, two of them BLP.
    let mpq = samples.join("grandatlant_DataMod/patch-Y.MPQ");
    let out = scratch("extract");
    let (code, _, err) =
        m2view(&["extract", "--data", mpq.to_str().unwrap(), "*.blp", "-o", out.to_str().unwrap(), "--convert", "png"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("2 files written"), "{err}");
    let (_, listing, _) = m2view(&["ls", "--data", mpq.to_str().unwrap(), "*.blp"]);
    for line in listing.lines() {
        let vpath = line.split('\t').next().unwrap();
        let png = out.join(format!("{}.png", &vpath[..vpath.len() - 4]).replace('\\', "/"));
        let img = image::open(&png).unwrap_or_else(|e| panic!("{}: {e}", png.display())).to_rgba8();
        // The PNG is level 0 as m2view decodes the BLP in the archive.
        let blp = out.join("blp");
        let (code, _, err) = m2view(&["extract", "--data", mpq.to_str().unwrap(), vpath, "-o", blp.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let bytes = std::fs::read(blp.join(vpath.replace('\\', "/"))).unwrap();
        assert_eq!(img.as_raw(), &decode_level(vpath, &bytes, 0).unwrap().pixels, "{vpath}");
    }
    // render --all over the same textures: previews no larger than --size, no GPU needed.
    let thumbs = out.join("thumbs");
    let (code, _, err) = m2view(&[
        "render",
        "--data",
        mpq.to_str().unwrap(),
        "--all",
        "*.blp",
        "-o",
        thumbs.to_str().unwrap(),
        "--size",
        "64x64",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("2 rendered, 0 failed"), "{err}");
    for line in listing.lines() {
        let vpath = line.split('\t').next().unwrap().replace('\\', "/");
        let img = image::open(thumbs.join(format!("{vpath}.png"))).unwrap();
        assert!(img.width().max(img.height()) <= 64 && img.width() > 0, "{vpath}: {}x{}", img.width(), img.height());
    }
    std::fs::remove_dir_all(&out).unwrap();
}
