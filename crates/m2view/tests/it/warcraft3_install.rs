//! Warcraft III installs as `--data`. Classic (1.0–1.26): its archives in
//! the game's order, models by their game path, team colours from the
//! install's `ReplaceableTextures`, a map's files over the install's.
//! Reforged (1.32+): a CASC storage with a TVFS root, its `war3.w3mod`
//! layers stacked as `--wc3-quality` asks.
//!
//! No install is in the corpus: the tests write them in the real layout.
//! Classic:
//! `War3.mpq`, `War3x.mpq`, `War3xLocal.mpq`, `War3Patch.mpq` beside the
//! game, maps under `Maps/` — with the real PackHorse.mdx (Retera's Model
//! Studio's sample) at its game path. Its textures are small raw BLP2 in
//! the game's paths (the game's are BLP1; m2view reads both): the horse's
//! skin fully transparent, so its team colour layer shows, and team colour
//! files of colours no player has, so what is drawn says which file won.

use std::path::{Path, PathBuf};

use crate::common::m2view;

const HORSE: &str = "Units\\Critters\\PackHorse\\PackHorse.mdx";

/// A 4×4 raw BLP2 of one colour.
fn blp(rgba: [u8; 4]) -> Vec<u8> {
    let level = |n: usize| rgba.repeat(n * n);
    m2view_format::blp::write_blp2_raw(4, 4, &[level(4), level(2), level(1)])
}

fn mpq(path: &Path, files: &[(&str, Vec<u8>)]) {
    let mut b = wow_mpq::ArchiveBuilder::new();
    for (name, bytes) in files {
        b = b.add_file_data(bytes.clone(), name);
    }
    b.build(path).unwrap();
}

/// The install, written once per test process: `(folder, map)`.
fn install() -> Option<(PathBuf, PathBuf)> {
    static INSTALL: std::sync::OnceLock<Option<(PathBuf, PathBuf)>> = std::sync::OnceLock::new();
    INSTALL.get_or_init(write_install).clone()
}

fn write_install() -> Option<(PathBuf, PathBuf)> {
    let samples = m2view_format::fixtures::samples_dir()?;
    let horse = std::fs::read(samples.join("Retera_ReterasModelStudio/MDXLib/PackHorse.mdx")).unwrap();
    let d = std::env::temp_dir().join(format!("m2view-w3-install-{}", std::process::id())).join("Warcraft III");
    let map = d.join("Maps/Test.w3x");
    std::fs::create_dir_all(d.join("Maps")).unwrap();
    let team = |n: u32| format!("ReplaceableTextures\\TeamColor\\TeamColor{n:02}.blp");
    // Reign of Chaos: player 0 green, player 1 cyan. The patch: player 0 blue.
    mpq(&d.join("War3.mpq"), &[(&team(0), blp([0, 255, 0, 255])), (&team(1), blp([0, 255, 255, 255]))]);
    mpq(
        &d.join("War3x.mpq"),
        &[(HORSE, horse), ("units\\Critters\\PackHorse\\PackHorse.blp", blp([200, 200, 200, 0]))],
    );
    mpq(&d.join("War3xLocal.mpq"), &[("war3xlocal.txt", b"locale".to_vec())]);
    mpq(&d.join("War3Patch.mpq"), &[(&team(0), blp([0, 0, 255, 255]))]);
    // A map: player 0 yellow.
    mpq(&map, &[(&team(0), blp([255, 255, 0, 255]))]);
    Some((d, map))
}

/// A Reforged install (a CASC storage in the real layout, written by
/// `m2view_casc::fixtures`, with a TVFS root whose `war3.w3mod` and its
/// `_hd.w3mod` and `_locales/enus.w3mod` are nested TVFS roots, as
/// Reforged's are): under one game path, Reforged's blob.mdx in the HD
/// layer and the classic PackHorse.mdx in the base; the player 0 team colour
/// (blue) and the horse's transparent skin in the base; a locale file.
fn reforged() -> Option<PathBuf> {
    static INSTALL: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    INSTALL
        .get_or_init(|| {
            let samples = m2view_format::fixtures::samples_dir()?;
            let blob = samples
                .parent()?
                .join("reforged/TaylorMouse_warcraft_III_reforged_tools/Documentation/Tutorial/Resources/blob.mdx");
            let horse = samples.join("Retera_ReterasModelStudio/MDXLib/PackHorse.mdx");
            let d = std::env::temp_dir().join(format!("m2view-w3-reforged-{}", std::process::id()));
            let file = |name: &str, bytes: Vec<u8>| m2view_casc::fixtures::File::new(0, Some(name), bytes);
            let files = vec![
                file("war3.w3mod:_hd.w3mod:units/test/thing.mdx", std::fs::read(blob).unwrap()),
                file("war3.w3mod:units/test/thing.mdx", std::fs::read(horse).unwrap()),
                file("war3.w3mod:units/critters/packhorse/packhorse.blp", blp([200, 200, 200, 0])),
                file("war3.w3mod:replaceabletextures/teamcolor/teamcolor00.blp", blp([0, 0, 255, 255])),
                file("war3.w3mod:_locales/enus.w3mod:ui/readme.txt", b"hello".to_vec()),
            ];
            m2view_casc::fixtures::write(&d, &[m2view_casc::fixtures::Product::warcraft3(files)]).unwrap();
            Some(d)
        })
        .clone()
}

#[test]
fn a_reforged_install_shows_its_layers_as_asked() {
    let Some(d) = reforged() else { return };
    let data = d.to_str().unwrap();
    let (code, out, err) = m2view(&["ls", "--data", data]);
    assert_eq!(code, 0, "{err}");
    let listed: Vec<&str> = out.lines().map(|l| l.split('\t').next().unwrap()).collect();
    for want in ["units/test/thing.mdx", "ui/readme.txt", "replaceabletextures/teamcolor/teamcolor00.blp"] {
        assert_eq!(listed.iter().filter(|l| **l == want).count(), 1, "{want}: {out}");
    }
    assert!(!out.contains("w3mod"), "layers are not shown: {out}");
    // HD (the default): Reforged's model; SD: the classic one under the same path.
    let (code, out, err) = m2view(&["info", "--data", data, "Units\\Test\\Thing.mdx"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("version 1000"), "{out}");
    let (code, out, err) = m2view(&["info", "--data", data, "--wc3-quality", "sd", "units/test/thing.mdx"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("version 800") && out.contains("75 bones"), "{out}");
    let (code, _, err) = m2view(&["ls", "--data", data, "--wc3-quality", "ld"]);
    assert_ne!(code, 0);
    assert!(err.contains("the Warcraft III quality is sd or hd"), "{err}");
    // The classic model's team colour from the install's base layer.
    let png = d.join("sd.png");
    let (code, _, err) = m2view(&[
        "render",
        "--data",
        data,
        "--wc3-quality",
        "sd",
        "units/test/thing.mdx",
        "-o",
        png.to_str().unwrap(),
        "--size",
        "128x128",
        "--camera",
        "right",
    ]);
    assert_eq!(code, 0, "{err}");
    let h = hues(&png);
    assert!(h.len() == 1 && h[0].0 == Hue::Blue && h[0].1 > 300, "{h:?}");
}

/// The hues of the team colour files and the built colour.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Hue {
    Green,
    Cyan,
    Blue,
    Magenta,
    Yellow,
}

/// Pixels of `png` per hue: the hue's channels each at least 80 above the
/// others (the model is lit, so no exact colour is expected).
fn hues(png: &Path) -> Vec<(Hue, usize)> {
    let img = image::open(png).unwrap().to_rgb8();
    let all = [Hue::Green, Hue::Cyan, Hue::Blue, Hue::Magenta, Hue::Yellow];
    let of = |[r, g, b]: [u8; 3]| {
        let (r, g, b) = (r as i32, g as i32, b as i32);
        let high = |x: i32, over: &[i32]| over.iter().all(|o| x > o + 80);
        all.into_iter().find(|h| match h {
            Hue::Green => high(g, &[r, b]),
            Hue::Cyan => high(g, &[r]) && high(b, &[r]),
            Hue::Blue => high(b, &[r, g]),
            Hue::Magenta => high(r, &[g]) && high(b, &[g]),
            Hue::Yellow => high(r, &[b]) && high(g, &[b]),
        })
    };
    let mut n: Vec<(Hue, usize)> = all.iter().map(|&h| (h, 0)).collect();
    for p in img.pixels() {
        if let Some(h) = of(p.0) {
            n.iter_mut().find(|(x, _)| *x == h).unwrap().1 += 1;
        }
    }
    n.retain(|&(_, c)| c > 0);
    n
}

#[test]
fn a_classic_install_lists_and_reads_in_the_games_order() {
    let Some((d, _)) = install() else { return };
    let data = d.to_str().unwrap();
    let (code, out, err) = m2view(&["ls", "--data", data]);
    assert_eq!(code, 0, "{err}");
    for f in ["PackHorse.mdx", "TeamColor00.blp", "TeamColor01.blp", "war3xlocal.txt"] {
        assert!(out.contains(f), "{f}: {out}");
    }
    // TeamColor00 once, from the patch.
    assert_eq!(out.matches("TeamColor00.blp").count(), 1, "{out}");
    let dir = d.parent().unwrap().join("extract");
    let (code, _, err) = m2view(&["extract", "--data", data, "*TeamColor00*", "-o", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let got = std::fs::read(dir.join("ReplaceableTextures/TeamColor/TeamColor00.blp")).unwrap();
    assert_eq!(got, blp([0, 0, 255, 255]), "War3Patch.mpq's file, over War3.mpq's");
    // A model by its game path, in another case and with `/`.
    let (code, out, err) = m2view(&["info", "--data", data, "units/critters/packhorse/PACKHORSE.MDX"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("14 sequences, 75 bones"), "{out}");
    assert!(!out.contains("PackHorse.blp not found"), "{out}");
}

#[test]
fn team_colour_comes_from_the_install() {
    let Some((d, map)) = install() else { return };
    let data = d.to_str().unwrap();
    let out = d.parent().unwrap();
    let render = |name: &str, extra: &[&str]| {
        let png = out.join(name);
        let mut args = vec!["render", HORSE, "-o", png.to_str().unwrap(), "--size", "128x128", "--camera", "right"];
        args.extend_from_slice(extra);
        let (code, _, err) = m2view(&args);
        assert_eq!(code, 0, "{err}");
        let h = hues(&png);
        // One hue only, and enough of it to be the horse's team colour layer.
        assert!(h.len() == 1 && h[0].1 > 300, "{name}: {h:?}");
        h[0].0
    };
    // Player 0 (the default): the patch's blue, not the base's green nor the built red.
    assert_eq!(render("p0.png", &["--data", data]), Hue::Blue);
    // Player 1: War3.mpq's cyan.
    assert_eq!(render("p1.png", &["--data", data, "--team-color", "1"]), Hue::Cyan);
    // A colour no player has: built from it.
    assert_eq!(render("other.png", &["--data", data, "--team-color", "FF00FF"]), Hue::Magenta);
    // A map's files over the install's: its yellow.
    assert_eq!(render("map.png", &["--data", map.to_str().unwrap(), "--data", data]), Hue::Yellow);
    // No such player.
    let (code, _, err) = m2view(&["render", HORSE, "--data", data, "-o", "x.png", "--team-color", "24"]);
    assert_ne!(code, 0);
    assert!(err.contains("no player 24: players are 0 to 23"), "{err}");
}

#[test]
fn a_maps_model_plays_its_texture_flipbooks() {
    // VoidWalker.mdx inside a real map (inwc3/JMPQ3's implodedTest.w3x): four layers animate
    // their texture (KMTF). Each becomes a flipbook of its layer, stepping through the textures
    // its track names.
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let map = samples.join("inwc3_JMPQ3/src/test/resources/mpqs/implodedTest.w3x");
    let spec = m2view::data_cmd::DataSpec { sources: std::slice::from_ref(&map), ..Default::default() };
    let vfs = m2view::data_cmd::open(&spec).unwrap().vfs;
    let mut opts = m2view_app::open::OpenOptions::default();
    opts.load.data = vfs;
    let lm = m2view_app::open::Opened::open(Path::new("VoidWalker.mdx"), &opts).unwrap().lm;
    let m = &lm.model;
    assert_eq!(m.flipbooks.len(), 4);
    assert!(
        m.flipbooks.iter().all(|f| f.keys.is_some() && f.material.is_some() && f.frames.len() > 1),
        "{:?}",
        m.flipbooks
    );
    assert!(!m.warnings.iter().any(|w| w.contains("KMTF")), "{:?}", m.warnings);
    // Their tracks run on global sequences (8 frames, 83 ms apart, on the first): over its
    // duration, every flipbook shows each of its frames.
    let mut pose = m2view_anim::Pose::default();
    let mut seen = vec![std::collections::BTreeSet::new(); 4];
    for k in 0..64 {
        let globals: Vec<f32> = m.global_sequences.iter().map(|&d| d as f32 * k as f32 / 64.0).collect();
        m2view_anim::evaluate(m, &m2view_anim::Clock::new(0, 0.0, &globals), None, &mut pose);
        for (s, &f) in seen.iter_mut().zip(&pose.flipbook_frames) {
            s.insert(f);
        }
    }
    for (s, f) in seen.iter().zip(&m.flipbooks) {
        assert_eq!(s.len(), f.frames.len(), "{seen:?}");
    }
}
