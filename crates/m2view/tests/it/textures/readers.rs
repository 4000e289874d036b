//! The textures tests that drive external readers (Pillow):
//! run apart in CI (`cargo test -- readers::`), so that their time shows.

use super::*;

/// Debian's python3 with Pillow (`.ci/run` installs python3-pil): present,
/// or the test fails under `M2VIEW_REQUIRE_TOOLS=1` and says loudly that it
/// skips otherwise.
fn pillow() -> bool {
    let ok = std::process::Command::new("/usr/bin/python3")
        .args(["-c", "import PIL"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        let msg = "/usr/bin/python3 with Pillow not found (Debian python3-pil; .ci/run installs it)";
        assert!(std::env::var("M2VIEW_REQUIRE_TOOLS").map_or(true, |v| v != "1"), "{msg}");
        eprintln!("\n*** {msg}: check SKIPPED ***\n");
    }
    ok
}

/// `support/pillow_blp.py` over `(blp, png)` pairs: one JSON object a pair.
fn pillow_read(pairs: &[(PathBuf, PathBuf)]) -> Vec<serde_json::Value> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/pillow_blp.py");
    let mut cmd = std::process::Command::new("/usr/bin/python3");
    cmd.arg(script);
    for (blp, png) in pairs {
        cmd.arg(blp).arg(png);
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn every_corpus_blp_matches_pillow() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    if !pillow() {
        return;
    }
    let manifest = std::fs::read_to_string(samples.join("MANIFEST.tsv")).unwrap();
    let blps: Vec<PathBuf> = manifest
        .lines()
        .filter_map(|l| {
            let mut cols = l.split('\t');
            let path = cols.next()?;
            matches!(cols.next()?, "BLP1" | "BLP2").then(|| samples.join(path))
        })
        .collect();
    assert!(blps.len() >= 328, "{} BLPs in the corpus", blps.len());
    let dir = scratch("pillow");
    let pairs: Vec<(PathBuf, PathBuf)> = blps
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let png = dir.join(format!("{i}.png"));
            export_png(b, &png);
            (b.clone(), png)
        })
        .collect();
    let results = pillow_read(&pairs);
    assert_eq!(results.len(), blps.len());
    let mut by_how = std::collections::BTreeMap::<String, usize>::new();
    for r in &results {
        assert!(r.get("error").is_none(), "{r}");
        // Within 1 level a channel: JPEG decoders round their IDCT differently.
        assert!(r["worst"].as_u64().unwrap() <= 1, "{r}");
        *by_how.entry(r["how"].as_str().unwrap().to_string()).or_default() += 1;
    }
    eprintln!("{} BLPs within 1 level of Pillow: {by_how:?}", results.len());
    // Every decoder path is exercised.
    for how in ["Pillow BC1", "Pillow BC2", "Pillow BC3", "Pillow JPEG", "Pillow palette", "wowdev raw BGRA"] {
        assert!(by_how.keys().any(|k| k.starts_with(how)), "no BLP read as {how}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn png_to_every_blp_encoding_and_back() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let out = scratch("encodings");
    // A real 256×256 DXT5 skin (Koward's brown rabbit: 3,618 colours, alpha from 0 to 255), as
    // PNG: what a modder edits and converts back.
    let png = out.join("rabbit.png");
    let src = samples.join("Koward_Improved_Models/Creature/Rabbit2/rabbitskin2_brown.blp");
    let (code, _, err) = m2view(&["export", src.to_str().unwrap(), "-o", png.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let img = image::open(&png).unwrap().to_rgba8();
    assert_eq!(img.dimensions(), (256, 256));
    assert_eq!(img.as_raw(), &Blp::parse(std::fs::read(&src).unwrap()).unwrap().decode(0).unwrap().pixels);
    let colours: std::collections::HashSet<[u8; 4]> = img.pixels().map(|p| p.0).collect();
    assert!(colours.len() > 3000, "a detailed image: {} colours", colours.len());
    // (--blp, version, encoding, mean error a channel the encoder states; measured): BC1's one
    // bit of alpha and 5:6:5 colour (1.37); BC2/BC3 find the original blocks again (0.04);
    // 256 of 3,618 colours (0.69); JPEG at quality 90 (1.6).
    let cases = [
        ("dxt1", BlpVersion::Blp2, BlpEncoding::Dxt(DxtFormat::Dxt1), 2.0),
        ("dxt3", BlpVersion::Blp2, BlpEncoding::Dxt(DxtFormat::Dxt3), 0.5),
        ("dxt5", BlpVersion::Blp2, BlpEncoding::Dxt(DxtFormat::Dxt5), 0.5),
        ("palette", BlpVersion::Blp2, BlpEncoding::Palette, 1.5),
        ("bgra", BlpVersion::Blp2, BlpEncoding::Raw, 0.0),
        ("blp1-palette", BlpVersion::Blp1, BlpEncoding::Palette, 1.5),
        ("blp1-jpeg", BlpVersion::Blp1, BlpEncoding::Jpeg, 2.5),
    ];
    let mut pairs = Vec::new();
    for (name, version, encoding, stated) in cases {
        let blp = out.join(format!("{name}.blp"));
        let (code, _, err) = m2view(&["export", png.to_str().unwrap(), "-o", blp.to_str().unwrap(), "--blp", name]);
        assert_eq!(code, 0, "{name}: {err}");
        let b = Blp::parse(std::fs::read(&blp).unwrap()).unwrap();
        assert_eq!((b.version, b.encoding, b.width, b.height), (version, encoding, 256, 256), "{name}");
        // Every level down to 1×1.
        assert_eq!(b.mips.len(), 9, "{name}");
        assert_eq!((b.mips[8].width, b.mips[8].height), (1, 1), "{name}");
        let px = b.decode(0).unwrap().pixels;
        let mean = px.iter().zip(img.as_raw()).map(|(a, b)| a.abs_diff(*b) as f64).sum::<f64>() / px.len() as f64;
        assert!(mean <= stated, "{name}: mean error {mean:.2}, stated {stated}");
        let back = out.join(format!("{name}.png"));
        export_png(&blp, &back);
        pairs.push((blp, back));
    }
    // With no --blp: DXT5 for this image with alpha, DXT1 once it is opaque.
    let default = out.join("default.blp");
    let (code, _, err) = m2view(&["export", png.to_str().unwrap(), "-o", default.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(Blp::parse(std::fs::read(&default).unwrap()).unwrap().encoding, BlpEncoding::Dxt(DxtFormat::Dxt5));
    let mut opaque = img.clone();
    opaque.pixels_mut().for_each(|p| p.0[3] = 255);
    let opaque_png = out.join("opaque.png");
    opaque.save(&opaque_png).unwrap();
    let (code, _, err) = m2view(&["export", opaque_png.to_str().unwrap(), "-o", default.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(Blp::parse(std::fs::read(&default).unwrap()).unwrap().encoding, BlpEncoding::Dxt(DxtFormat::Dxt1));
    if pillow() {
        for (r, (name, ..)) in pillow_read(&pairs).iter().zip(cases) {
            assert!(r["worst"].as_u64().is_some_and(|w| w <= 1), "{name}: {r}");
            // Pillow's own BLP plugin opens every one it knows (not raw BGRA).
            if name != "bgra" {
                assert_eq!(r["pillow_plugin"], serde_json::json!([256, 256]), "{name}: {r}");
            }
        }
    }
    std::fs::remove_dir_all(&out).unwrap();
}
