//! WMO world objects through the `m2view` binary: `info` of the real
//! `inn.wmo` (two of its eleven group files present, three of its doodad
//! models among Koward's `World/` models), and `render` of WMOs written in
//! the wowdev layout here (`m2view_format::fixtures::wmo`: a box and a
//! roof, three lamp placements in two doodad sets; an 8.1+ variant naming
//! everything by FileDataID — no such file is public), with doodads placed
//! and counted, groups chosen, and a missing doodad said.

use crate::common::m2view;
use m2view_format::fixtures::{self, wmo};

#[test]
fn inn_info_lists_groups_materials_doodad_sets_lights_and_portals() {
    let Some(samples) = fixtures::samples_dir() else { return };
    let inn = samples.join("wowserhq_format/fixture/mapobj/inn.wmo");
    let koward = samples.join("Koward_Improved_Models");
    let (code, out, err) = m2view(&["info", inn.to_str().unwrap(), "--json", "--data", koward.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["format"], "WMO");
    let w = &r["world_object"];
    assert_eq!((w["version"].as_u64(), w["wmo_id"].as_u64()), (Some(17), Some(133)));
    let groups = w["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 11);
    assert_eq!(
        (&groups[0]["name"], &groups[0]["kind"], &groups[0]["loaded"]),
        (&"exterior".into(), &"exterior".into(), &true.into())
    );
    assert_eq!((groups[0]["vertices"].as_u64(), groups[0]["triangles"].as_u64()), (Some(2759), Some(1923)));
    assert_eq!((groups[3]["kind"].as_str(), groups[3]["color_sets"].as_u64()), (Some("interior"), Some(1)));
    assert_eq!(groups.iter().filter(|g| g["loaded"] == true).count(), 2);
    assert_eq!(w["materials"].as_array().unwrap().len(), 22);
    // A Diffuse material samples one texture; its second field's 0 is not shown as MOTX's first name.
    assert_eq!(
        w["materials"][4]["textures"],
        serde_json::json!(["DUNGEONS\\TEXTURES\\WINDOWS\\MM_DUSKWOOD_WND_EXT__01.BLP"])
    );
    let sets = w["doodad_sets"].as_array().unwrap();
    assert_eq!((sets[1]["name"].as_str(), sets[1]["count"].as_u64()), (Some("Set_B"), Some(215)));
    // Barrels, crates and chairs of Koward's World/ folder: found by their .mdx names read as .m2.
    assert_eq!(sets.iter().map(|s| s["found"].as_u64().unwrap()).collect::<Vec<_>>(), [21, 35, 21, 26]);
    assert_eq!((w["doodad_models"].as_u64(), w["doodad_placements"].as_u64()), (Some(192), Some(863)));
    assert_eq!(w["lights"].as_array().unwrap().len(), 10);
    assert_eq!(w["lights"][3]["color"], "FFB370");
    assert_eq!(w["portals"][0]["groups"], serde_json::json!([1, 0]));
    let warnings = r["warnings"].as_array().unwrap();
    assert!(warnings.iter().any(|x| x == "group 1 (inn_001.wmo) not found: not drawn"), "{warnings:?}");
    // Text form.
    let (_, text, _) = m2view(&["info", inn.to_str().unwrap()]);
    assert!(text.contains("world object (WMO v17)") && text.contains("Set_$DefaultGlobal"), "{text}");
    // A group file alone names its root.
    let (code, _, err) =
        m2view(&["info", samples.join("wowserhq_format/fixture/mapobj/inn_003.wmo").to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("open its root (inn.wmo)"), "{err}");
}

/// A folder of its own (tests run in parallel and each removes its folder) with the written WMO
/// and a lamp model (`two_boxes`, 1 unit).
fn written(modern: bool) -> std::path::PathBuf {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("m2view-wmo-{}-{n}-{modern}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    wmo::write_files(&dir, modern);
    dir
}

/// Renders with `args`: (stats, pixels not background).
fn render(dir: &std::path::Path, file: &str, args: &[&str]) -> (serde_json::Value, usize, String) {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let out = dir.join(format!("{}.png", N.fetch_add(1, std::sync::atomic::Ordering::Relaxed)));
    let mut all = vec!["render", file, "--stats", "--size", "96x96", "-o", out.to_str().unwrap()];
    if !args.contains(&"--camera") {
        all.extend(["--camera", "iso"]);
    }
    all.extend(args);
    let (code, stats, err) = m2view(&all);
    assert_eq!(code, 0, "{err}");
    let img = image::open(&out).unwrap().to_rgba8();
    let drawn = img.pixels().filter(|p| (0..3).map(|k| p[k].abs_diff(0x30) as u32).sum::<u32>() > 6).count();
    (serde_json::from_str(stats.trim()).unwrap(), drawn, err)
}

#[test]
fn doodad_sets_place_models_and_groups_choose_geometry() {
    let dir = written(false);
    let root = dir.join("box.wmo");
    let root = root.to_str().unwrap();
    let batches = |s: &serde_json::Value| s["batches"].as_u64().unwrap();
    let (none, _, _) = render(&dir, root, &["--no-doodads"]);
    let (set0, _, _) = render(&dir, root, &[]);
    let (set1, _, err) = render(&dir, root, &["--doodad-set", "1"]);
    // Two groups of one batch each; the lamp has 2 batches: set 0 places 1 lamp, set 1 adds 2.
    assert_eq!(batches(&none), 2, "{none}");
    assert_eq!(batches(&set0) - batches(&none), 2, "{set0}");
    assert_eq!(batches(&set1) - batches(&none), 6, "{set1}");
    assert!(!err.contains("doodad"), "{err}");
    // --groups 1: the roof alone (2 triangles); --groups 0 the box (12).
    let (roof, roof_px, _) = render(&dir, root, &["--no-doodads", "--groups", "1"]);
    let (walls, walls_px, _) = render(&dir, root, &["--no-doodads", "--groups", "0"]);
    assert_eq!((roof["triangles"].as_u64(), walls["triangles"].as_u64()), (Some(2), Some(12)));
    assert!(roof_px > 100 && walls_px > roof_px, "roof {roof_px} px, box {walls_px} px");
    // The interior box is lit by its MOCV plus the root's ambient (red 0x80 + 0x20 = 160 of 255),
    // not the preview sun: the missing texture's magenta (red 255) shows as red 160 at most.
    let lit = dir.join("lit.png");
    let args = ["render", root, "--no-doodads", "--no-model-lights", "--groups", "0", "--size", "64x64"];
    let (code, _, err) = m2view(&[&args[..], &["--camera", "top", "-o", lit.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let img = image::open(&lit).unwrap().to_rgba8();
    let red = img.pixels().map(|p| p[0]).max().unwrap();
    assert!((157..=163).contains(&red), "brightest red {red}");
    // A set that does not exist is an error listing the sets.
    let (code, _, err) = m2view(&["render", root, "--doodad-set", "7", "-o", "/dev/null"]);
    assert_ne!(code, 0);
    assert!(err.contains("0 Set_$DefaultGlobal, 1 Set_Lamps"), "{err}");
    // A missing doodad model is a warning naming it; the rest draws.
    std::fs::remove_file(dir.join("LAMP.m2")).unwrap();
    let (gone, _, err) = render(&dir, root, &["--doodad-set", "1"]);
    assert_eq!(batches(&gone), 2);
    assert!(err.contains("3 doodad placements not drawn: 1 models not found: LAMP.MDX (x3)"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_groups_liquid_draws_its_types_texture_or_else_its_kinds_colour() {
    // The box's group file with an MLIQ written in the wowdev layout (no public WMO here has
    // one): one wet tile of 4.17 units square from (−1, −1) at height 0.5, magma (group liquid 2).
    let dir = written(false);
    let root = dir.join("box.wmo");
    let root = root.to_str().unwrap();
    let (plain, _, _) = render(&dir, root, &["--no-doodads", "--camera", "top"]);
    std::fs::write(dir.join("box_000.wmo"), wmo::with_liquid(&wmo::group(0), 2)).unwrap();
    let (code, out, err) = m2view(&["info", root]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("liquid: magma (LiquidType 19), 1 of 2×1 tiles, flat colour"), "{out}");
    let out_png = dir.join("magma.png");
    let args = ["render", root, "--no-doodads", "--camera", "top", "--size", "96x96", "--stats"];
    let draw_at = |time: &str| {
        let (code, stats, err) = m2view(&[&args[..], &["--time", time, "-o", out_png.to_str().unwrap()]].concat());
        assert_eq!(code, 0, "{err}");
        let stats: serde_json::Value = serde_json::from_str(stats.trim()).unwrap();
        (stats, image::open(&out_png).unwrap().to_rgba8(), err)
    };
    let draw = || draw_at("0");
    let like = |img: &image::RgbaImage, rgb: [u8; 3]| {
        img.pixels().filter(|p| rgb.iter().zip(p.0).all(|(&c, v)| v.abs_diff(c) <= 3)).count()
    };
    let (stats, img, err) = draw();
    // One more batch of 2 triangles.
    assert_eq!(stats["batches"].as_u64().unwrap() - plain["batches"].as_u64().unwrap(), 1, "{stats}");
    assert_eq!(stats["triangles"].as_u64().unwrap() - plain["triangles"].as_u64().unwrap(), 2, "{stats}");
    // No table and no XTextures here: the texture of 1.x/2.x magma is not found, so magma is
    // opaque orange, unlit, its colour (0.95, 0.35, 0.05) written as it is: (242, 89, 13)
    // within 3. Seen from above it covers the 4.17-unit tile beside and over the 2-unit box:
    // 3,332 of the 9,216 pixels measured. Nothing else is orange (the missing textures'
    // placeholder is magenta and black, the background grey).
    let orange = like(&img, [242, 89, 13]);
    assert!((2500..4500).contains(&orange), "{orange} orange pixels");
    assert!(
        err.contains(r"liquid textures not found, drawn in flat colours: XTextures\lava\lava.1.blp (LiquidType 19)"),
        "{err}"
    );
    // A 3.3.5 LiquidType.dbc (written in its layout: no public one exists) names row 19's
    // texture, frame 1 of which is here, solid green: the same pixels are green now.
    std::fs::create_dir_all(dir.join("DBFilesClient")).unwrap();
    let rows = [(19, "WMO Magma", 2, r"XTextures\LavaGreen\lavagreen.%d.blp")];
    std::fs::write(dir.join("DBFilesClient/LiquidType.dbc"), m2view_db::fixtures::wotlk_liquid_types(&rows)).unwrap();
    std::fs::create_dir_all(dir.join("XTextures/LavaGreen")).unwrap();
    let green = m2view_format::blp::write_blp2_raw(16, 16, &[[0, 255, 0, 255].repeat(256)]);
    std::fs::write(dir.join("XTextures/LavaGreen/lavagreen.1.blp"), green).unwrap();
    let (_, img, err) = draw();
    assert!(!err.contains("liquid"), "{err}");
    assert_eq!((like(&img, [0, 255, 0]), like(&img, [242, 89, 13])), (orange, 0));
    let (_, out, _) = m2view(&["info", root, "--json"]);
    let info: serde_json::Value = serde_json::from_str(&out).unwrap();
    let texture = &info["world_object"]["groups"][0]["liquid"]["texture"];
    assert!(texture["file"].as_str().unwrap_or_default().ends_with("lavagreen.1.blp"), "{out}");
    assert_eq!(texture["frames"], 1);
    // Its `%d` is the frame: with frame 2 (solid blue) beside it, the two cycle 60 ms each
    // (WoWMapViewer): green from 0 ms, blue from 60, green again from 120.
    let blue = m2view_format::blp::write_blp2_raw(16, 16, &[[0, 0, 255, 255].repeat(256)]);
    std::fs::write(dir.join("XTextures/LavaGreen/lavagreen.2.blp"), blue).unwrap();
    let (_, out, _) = m2view(&["info", root]);
    assert!(out.contains(r"1 of 2×1 tiles, texture ") && out.contains(r"lavagreen.1.blp (2 frames)"), "{out}");
    for (time, rgb) in [("0", [0, 255, 0]), ("70", [0, 0, 255]), ("130", [0, 255, 0])] {
        let (_, img, _) = draw_at(time);
        assert_eq!(like(&img, rgb), orange, "at {time} ms");
    }
    // Copies drawn as one instanced group (`--crowd 4`, animated on the GPU) show the frame too.
    let crowd = dir.join("crowd.png");
    let args = ["render", root, "--no-doodads", "--crowd", "4", "--camera", "top", "--size", "96x96", "--time", "70"];
    let (code, _, err) = m2view(&[&args[..], &["-o", crowd.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let img = image::open(&crowd).unwrap().to_rgba8();
    assert!(like(&img, [0, 0, 255]) > 100 && like(&img, [0, 255, 0]) == 0, "{} blue", like(&img, [0, 0, 255]));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_alpha_wmo_opens_as_one_file_with_its_groups_and_doodads() {
    // Version 14 in the wowdev layout (fixtures::wmo::alpha; no public v14 file is in the corpus):
    // the same box, roof, lamps and portal as the v17 fixture, in one file, beside the lamp model.
    let dir = written(false);
    std::fs::write(dir.join("box_alpha.wmo"), wmo::alpha()).unwrap();
    let file = dir.join("box_alpha.wmo");
    let file = file.to_str().unwrap();
    let (code, out, err) = m2view(&["info", file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("world object (WMO v14)") && out.contains("groups: 2 (2 read)"), "{out}");
    // No group files looked for (the textures are not in the folder: those are missing).
    assert!(!out.contains("group 0") && !out.contains("box_alpha_000"), "{out}");
    let (alpha, alpha_px, _) = render(&dir, file, &["--doodad-set", "1"]);
    let (later, later_px, _) = render(&dir, dir.join("box.wmo").to_str().unwrap(), &["--doodad-set", "1"]);
    // Two groups of one batch, three lamps of two: as the v17 file, and the same picture within
    // a few pixels (the alpha's box has vertex colours of its own).
    assert_eq!(
        (alpha["batches"].as_u64(), alpha["triangles"].as_u64()),
        (later["batches"].as_u64(), later["triangles"].as_u64())
    );
    assert_eq!(alpha["batches"].as_u64(), Some(2 + 3 * 2), "{alpha}");
    assert!(alpha_px.abs_diff(later_px) < 50, "{alpha_px} vs {later_px} pixels drawn");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_8_1_root_finds_groups_textures_and_doodads_by_file_data_id() {
    let dir = written(true);
    let (code, out, err) = m2view(&["info", "house.wmo", "--json", "--data", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    let w = &r["world_object"];
    assert!(w["groups"].as_array().unwrap().iter().all(|g| g["loaded"] == true), "{w}");
    assert_eq!(w["materials"][0]["textures"], serde_json::json!(["fdid:5001"]));
    assert_eq!(w["doodad_sets"][1]["found"], 2);
    let (stats, _, _) = render(&dir, "house.wmo", &["--data", dir.to_str().unwrap(), "--doodad-set", "1"]);
    assert_eq!(stats["batches"].as_u64(), Some(2 + 3 * 2), "{stats}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_map_tile_shows_its_terrain_and_says_what_it_places() {
    let Some(samples) = fixtures::samples_dir() else { return };
    let adt = samples.join("wowserhq_format/fixture/map/continent4229.adt");
    let adt = adt.to_str().unwrap();
    let (code, out, err) = m2view(&["info", adt, "--json"]);
    assert_eq!(code, 0, "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["format"], "ADT");
    let t = &r["map_tile"];
    assert_eq!(
        (t["chunks"].as_u64(), t["doodads"].as_u64(), t["doodad_models"].as_u64()),
        (Some(256), Some(381), Some(67))
    );
    assert_eq!(t["layers"], serde_json::json!([0, 25, 47, 116, 68]));
    assert_eq!(t["areas"], serde_json::json!([139, 2266, 2400, 4546]));
    // No XTextures here: the ocean draws in its flat colour (texture null).
    let ocean = serde_json::json!([{"kind": "ocean", "liquid_type": 2, "surfaces": 9, "cells": 330, "texture": null}]);
    assert_eq!(t["liquids"], ocean);
    // The map's WDT beside it: no flags (4-bit alpha maps), 687 tiles.
    assert_eq!((t["map"]["file"].as_str(), t["map"]["tile_count"].as_u64()), (Some("continent.wdt"), Some(687)));
    assert_eq!(t["map"]["big_alpha"], false);
    // The WDT itself: `info` lists the map; `render` says to open a tile.
    let wdt = samples.join("wowserhq_format/fixture/map/pvpzone.wdt");
    let (code, out, err) = m2view(&["info", wdt.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let m: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((m["tile_count"].as_u64(), m["flags"].as_u64()), (Some(35), Some(0)));
    let (code, _, err) = m2view(&["render", wdt.to_str().unwrap(), "-o", "/dev/null"]);
    assert!(code != 0 && err.contains("a map's WDT, not a model"), "{err}");
    assert_eq!(
        t["wmos"][0],
        serde_json::json!(["WORLD\\WMO\\AZEROTH\\BUILDINGS\\REDRIDGE_BARRACKS\\REDRIDGE_BARRACKS.WMO", 2])
    );
    let dir = std::env::temp_dir().join(format!("m2view-adt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (stats, drawn, err) = render(&dir, adt, &["--camera", "top"]);
    // 256 chunks, each a base pass, a pass per upper layer (47 + 2 × 116 + 3 × 68 = 483) and a shadow
    // pass (MCSH, every chunk); 4 triangles per quad but those of the 2 hole bits (2×2 quads each),
    // each pass drawing its chunk's again. And one pass per ocean rectangle (9, MH2O) of 660 triangles.
    assert_eq!((stats["batches"].as_u64(), stats["triangles"].as_u64()), (Some(1004), Some(255220)), "{stats}");
    // Seen from above, the tile (a square) fills most of the picture.
    assert!(drawn > 96 * 96 / 3, "{drawn} pixels of terrain");
    // None of its 381 models and 19 WMOs is in the corpus: one warning says so, the terrain draws.
    assert!(err.contains("400 placements not drawn"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_map_camera_shows_a_tile_north_up_with_its_ocean_in_the_south_east() {
    let Some(samples) = fixtures::samples_dir() else { return };
    let adt = samples.join("wowserhq_format/fixture/map/continent4229.adt");
    let dir = std::env::temp_dir().join(format!("m2view-adt-map-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("map.png");
    let (code, stats, err) = m2view(&[
        "render",
        adt.to_str().unwrap(),
        "--camera",
        "map",
        "--size",
        "96x96",
        "--stats",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let stats: serde_json::Value = serde_json::from_str(stats.trim()).unwrap();
    // The terrain's 995 passes (the shadow pass drawing 65,504 triangles) and one per ocean rectangle
    // (9, MH2O), 330 cells of two triangles.
    assert_eq!(
        (stats["batches"].as_u64(), stats["triangles"].as_u64()),
        (Some(1004), Some(189056 + 65504 + 660)),
        "{stats}"
    );
    assert_eq!(stats["camera"], "map");
    let img = image::open(&out).unwrap().to_rgba8();
    // Straight down without perspective the square tile fills the square picture but for a 2%
    // margin. Its textures are not in the corpus: the terrain is the magenta and black
    // placeholder, which has no green; the ocean (blue-green, 75% opaque) adds green.
    let ground = img.pixels().filter(|p| (0..3).map(|k| p[k].abs_diff(0x30) as u32).sum::<u32>() > 6).count();
    assert!(ground > 96 * 96 * 9 / 10, "{ground} pixels of terrain");
    let ocean: Vec<(u32, u32)> = img
        .enumerate_pixels()
        .filter(|(_, _, p)| p[1] > 8 && p[1] > p[0] && p[2] > p[0])
        .map(|(x, y, _)| (x, y))
        .collect();
    // The ocean fills 330 of the tile's 128 × 128 cells (2%) in chunks of columns 10–15 and rows
    // 14–15 (IndexX grows east, IndexY south): with north up, the bottom right of the picture.
    // (Only the ocean over the placeholder's black squares is told apart: 83 pixels measured
    // without the shadow maps, 79 with them.)
    assert!((60..320).contains(&ocean.len()), "{} ocean pixels", ocean.len());
    assert!(ocean.iter().all(|&(x, y)| x >= 96 * 10 / 16 - 2 && y >= 96 * 14 / 16 - 2), "{ocean:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tiles_upper_layers_blend_over_its_base_through_their_alpha_maps() {
    // The real tile's textures are not in the corpus: written here, solid red for every texture
    // some chunk has as its base layer, solid blue for the six that are only ever upper layers
    // (2, 4, 8, 11, 13, 14). Blue can only show through the alpha-blended passes.
    let Some(samples) = fixtures::samples_dir() else { return };
    let adt_path = samples.join("wowserhq_format/fixture/map/continent4229.adt");
    let a = m2view_format::adt::Adt::parse(&std::fs::read(&adt_path).unwrap(), "continent4229.adt").unwrap();
    let dir = std::env::temp_dir().join(format!("m2view-adt-layers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(&adt_path, dir.join("continent4229.adt")).unwrap();
    for (i, t) in a.textures.iter().enumerate() {
        let blue = [2, 4, 8, 11, 13, 14].contains(&i);
        let px: Vec<u8> = (0..16).flat_map(|_| if blue { [0, 0, 255, 255] } else { [255, 0, 0, 255] }).collect();
        let path = dir.join(t.to_string().replace('\\', "/"));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, m2view_format::blp::write_blp2_raw(4, 4, &[px])).unwrap();
    }
    let tile = dir.join("continent4229.adt");
    let (stats, _, err) = render(&dir, tile.to_str().unwrap(), &["--camera", "top", "--no-doodads"]);
    assert!(!err.contains("Tileset"), "every texture found: {err}");
    // 256 base passes, one per upper layer with an alpha map (47 + 2 × 116 + 3 × 68), 256 shadow
    // passes and one per ocean rectangle (9).
    assert_eq!(stats["batches"].as_u64(), Some(256 + 47 + 2 * 116 + 3 * 68 + 256 + 9), "{stats}");
    let png = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "png"))
        .unwrap();
    let img = image::open(&png).unwrap().to_rgba8();
    // Terrain pixels have no green (the background is grey 0x30).
    let terrain: Vec<_> = img.pixels().filter(|p| p[1] < 16).collect();
    let blue = terrain.iter().filter(|p| p[2] as i32 > p[0] as i32 + 40).count();
    let red = terrain.iter().filter(|p| p[0] as i32 > p[2] as i32 + 40).count();
    let mixed = terrain.iter().filter(|p| p[0] > 40 && p[2] > 40 && (p[0] as i32 - p[2] as i32).abs() <= 40).count();
    // Seen from above at 96 × 96 on lavapipe: 256 blue, 4,810 red and 136 purple pixels, the rest dark.
    assert!(blue > 100 && red > 1000 && mixed > 50, "blue {blue}, red {red}, mixed {mixed} of 9216 pixels");

    // Exported, the blend is baked into one texture on the terrain's second UV set: the same
    // share of blue, red and their mix as drawn.
    let glb = dir.join("tile.glb");
    let (code, _, err) = m2view(&["export", tile.to_str().unwrap(), "--no-doodads", "-o", glb.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let g = gltf::Gltf::from_slice(&std::fs::read(&glb).unwrap()).unwrap();
    let terrain = g.materials().find(|m| m.index() == Some(0)).unwrap();
    let info = terrain.pbr_metallic_roughness().base_color_texture().expect("the baked texture");
    assert_eq!(info.tex_coord(), 1);
    let gltf::image::Source::View { view, .. } = info.texture().source().source() else { panic!("embedded") };
    let png = &g.blob.as_ref().unwrap()[view.offset()..view.offset() + view.length()];
    let img = image::load_from_memory(png).unwrap().to_rgba8();
    assert_eq!(img.dimensions(), (2048, 2048));
    let px: Vec<&[u8]> = img.as_raw().chunks(4).collect();
    let share = |f: &dyn Fn(&[u8]) -> bool| px.iter().filter(|p| f(p)).count() as f64 / px.len() as f64;
    let (b, r) = (share(&|p| p[2] as i32 > p[0] as i32 + 40), share(&|p| p[0] as i32 > p[2] as i32 + 40));
    let m = share(&|p| p[0] > 40 && p[2] > 40 && (p[0] as i32 - p[2] as i32).abs() <= 40);
    // Measured: drawn 4.9 % blue, 92.5 % red, 2.6 % mixed of the terrain; baked 5.3, 92.6, 2.2.
    let drawn = terrain_share(blue, red, mixed);
    assert!((b - drawn[0]).abs() < 0.03 && (r - drawn[1]).abs() < 0.05 && (m - drawn[2]).abs() < 0.03);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Blue, red and mixed pixel counts as shares of their sum.
fn terrain_share(blue: usize, red: usize, mixed: usize) -> [f64; 3] {
    let all = (blue + red + mixed) as f64;
    [blue as f64 / all, red as f64 / all, mixed as f64 / all]
}

/// Calls `f` with the rest of the tile from each `MCNK` header on (its
/// payload: offset 0 the flags, 0x68 the position), in file order.
fn each_mcnk_header(tile: &mut [u8], mut f: impl FnMut(&mut [u8])) {
    let mut at = 0;
    while let Some(i) = tile[at..].windows(4).position(|w| w == b"KNCM") {
        f(&mut tile[at + i + 8..]);
        at += i + 8;
    }
}

#[test]
fn a_tile_shows_its_neighbours_found_beside_it() {
    // No two neighbouring tiles are public: the real tile 42_29 and a copy of it moved one tile
    // along world y (every MCNK's position less 533⅓ yards: fixtures::adt::moved), named as tile
    // 43_29; and a broken file named as tile 42_30.
    let Some(samples) = fixtures::samples_dir() else { return };
    let bytes = std::fs::read(samples.join("wowserhq_format/fixture/map/continent4229.adt")).unwrap();
    let moved = fixtures::adt::moved(&bytes, 1, 0);
    let dir = std::env::temp_dir().join(format!("m2view-adt-neighbours-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("continent4229.adt"), &bytes).unwrap();
    std::fs::write(dir.join("continent4329.adt"), &moved).unwrap();
    std::fs::write(dir.join("continent4230.adt"), &bytes[..5000]).unwrap();
    let tile = dir.join("continent4229.adt");
    let tile = tile.to_str().unwrap();
    let (alone, drawn_alone, _) = render(&dir, tile, &["--camera", "map", "--no-doodads"]);
    let (both, drawn_both, err) = render(&dir, tile, &["--camera", "map", "--no-doodads", "--neighbours"]);
    // The neighbour draws what the tile draws; the broken one is a warning.
    assert_eq!(both["batches"].as_u64(), alone["batches"].as_u64().map(|b| 2 * b), "{both}");
    assert!(err.contains("neighbour tile continent4230.adt"), "{err}");
    // Their ocean (LiquidType 2) is dressed as the tile's is: no XTextures here, so it draws in
    // its flat colour and says so.
    let ocean = r"liquid textures not found, drawn in flat colours: XTextures\ocean\ocean_h.1.blp (LiquidType 2)";
    assert!(err.contains(ocean), "{err}");
    let opened = m2view_app::open::Opened::open(std::path::Path::new(tile), &Default::default()).unwrap();
    let (neighbours, _) = m2view_app::world::neighbour_tiles(&opened.lm, &Default::default(), false);
    assert!(neighbours[0].lm.model.warnings.iter().any(|w| w.contains(ocean)));
    // Framed around both, the two tiles fill about as much of the picture as one did.
    assert!(drawn_both * 2 > drawn_alone, "{drawn_both} pixels with the neighbour, {drawn_alone} alone");
    // Exported, the neighbour is one more node holding its terrain (in world space already, as
    // the tile's: no translation), its layers baked as the tile's are.
    let glb = dir.join("both.glb");
    let (code, _, err) = m2view(&["export", tile, "--no-doodads", "--neighbours", "-o", glb.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let g = gltf::Gltf::open(&glb).unwrap();
    let terrain: Vec<gltf::Node> = g.nodes().filter(|n| n.mesh().is_some()).collect();
    assert_eq!(terrain.len(), 2);
    let moved_node = terrain.iter().find(|n| n.name() == Some("continent4329")).expect("the neighbour's node");
    let m = moved_node.transform().matrix();
    assert_eq!((m[3][0], m[3][1], m[3][2]), (0.0, 0.0, 0.0), "tiles are in world space already");
    let baked = g.images().filter(|i| i.name().is_some_and(|n| n.contains("terrain (baked layers)"))).count();
    assert_eq!(baked, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn neighbour_tiles_bring_their_placements_but_what_the_tile_places_under_the_same_unique_id() {
    // The real tile 42_29 placing one lamp (`two_boxes`, 2 batches) as MDDF uniqueId 0, and its
    // copy moved to 43_29 placing the lamp twice: uniqueId 0 again (one lamp standing across the
    // two tiles: drawn once) and uniqueId 1, half a tile further (fixtures::adt::with_placements;
    // no two neighbouring public tiles exist).
    let Some(samples) = fixtures::samples_dir() else { return };
    let bytes = std::fs::read(samples.join("wowserhq_format/fixture/map/continent4229.adt")).unwrap();
    let dir = std::env::temp_dir().join(format!("m2view-adt-neighbour-placements-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let at =
        |x: f32| fixtures::adt::Placement { name: 0, position: [x, 75.0, 15456.0], rotation: [0.0; 3], doodad_set: 0 };
    let (one, two) = ([at(22423.75)], [at(22423.75), at(22690.0)]);
    let tile = fixtures::adt::with_placements(&bytes, &["LAMP.MDX"], &one, &[], &[]);
    let moved = fixtures::adt::with_placements(&fixtures::adt::moved(&bytes, 1, 0), &["LAMP.MDX"], &two, &[], &[]);
    std::fs::write(dir.join("continent4229.adt"), tile).unwrap();
    std::fs::write(dir.join("continent4329.adt"), moved).unwrap();
    let lamp = m2view_format::writer::write_md20(&fixtures::two_boxes(264));
    std::fs::write(dir.join("LAMP.m2"), lamp).unwrap();
    let skin = m2view_format::writer::write_skin(&fixtures::skin_profile(264), 264);
    std::fs::write(dir.join("LAMP00.skin"), skin).unwrap();
    let tile = dir.join("continent4229.adt");
    let tile = tile.to_str().unwrap();
    let batches =
        |args: &[&str]| render(&dir, tile, &[&["--camera", "map"], args].concat()).0["batches"].as_u64().unwrap();
    let (terrain, with_lamp) = (batches(&["--no-doodads"]), batches(&[]));
    assert_eq!(with_lamp - terrain, 2, "the tile's lamp");
    // The neighbour's terrain, and of its two lamps the one not placed by the tile already.
    assert_eq!(batches(&["--neighbours"]) - batches(&["--neighbours", "--no-doodads"]), 4);
    let opened = m2view_app::open::Opened::open(std::path::Path::new(tile), &Default::default()).unwrap();
    let (placed, warnings) = m2view_app::world::neighbour_tiles(&opened.lm, &Default::default(), true);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(placed.iter().map(|p| p.lm.adt.is_some()).collect::<Vec<_>>(), [true, false]);
    let x = placed[1].world.w_axis.y;
    assert!((x - (17066.666 - 22690.0)).abs() < 0.01, "the second lamp's world y: {x}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Sum of the red channel of the `--camera map` render (96 × 96) of tile `bytes`, written as
/// `name` into `dir`.
fn red_of_map_render(dir: &std::path::Path, name: &str, bytes: &[u8]) -> u64 {
    let tile = dir.join(name);
    std::fs::write(&tile, bytes).unwrap();
    let out = dir.join(format!("{name}.png"));
    let (code, _, err) =
        m2view(&["render", tile.to_str().unwrap(), "--camera", "map", "--size", "96x96", "-o", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    image::open(&out).unwrap().to_rgba8().pixels().map(|p| p[0] as u64).sum()
}

#[test]
fn shadow_maps_darken_the_drawn_terrain_by_what_they_cover() {
    // The real tile, and a copy with every chunk's MCSH flag (0x1) cleared.
    let Some(samples) = fixtures::samples_dir() else { return };
    let bytes = std::fs::read(samples.join("wowserhq_format/fixture/map/continent4229.adt")).unwrap();
    let mut unshadowed = bytes.clone();
    each_mcnk_header(&mut unshadowed, |h| h[0] &= !0x1);
    let dir = std::env::temp_dir().join(format!("m2view-adt-shadow-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (lit, shadowed) =
        (red_of_map_render(&dir, "lit.adt", &unshadowed), red_of_map_render(&dir, "shadowed.adt", &bytes));
    // 12.0 % of the tile's shadow-map texels are set, each halving the light: about 6 % less red
    // (measured on lavapipe: 1,057,314 → 990,821, 6.3 %).
    let ratio = shadowed as f64 / lit as f64;
    assert!((0.92..0.955).contains(&ratio), "{shadowed} / {lit} = {ratio}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_split_tile_opens_from_its_root_with_its_tex0_and_obj0_beside_it() {
    // No 4.0+ tile is public: the real tile split as 4.0+ clients store it (fixtures::adt::split).
    let Some(samples) = fixtures::samples_dir() else { return };
    let bytes = std::fs::read(samples.join("wowserhq_format/fixture/map/continent4229.adt")).unwrap();
    let (root, tex, obj) = fixtures::adt::split(&bytes);
    let dir = std::env::temp_dir().join(format!("m2view-adt-split-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Azeroth_42_29.adt"), &root).unwrap();
    std::fs::write(dir.join("Azeroth_42_29_tex0.adt"), &tex).unwrap();
    std::fs::write(dir.join("Azeroth_42_29_obj0.adt"), &obj).unwrap();
    let path = |n: &str| dir.join(n).to_str().unwrap().to_string();
    let (code, out, err) = m2view(&["info", &path("Azeroth_42_29.adt"), "--json"]);
    assert_eq!(code, 0, "{err}");
    let t = &serde_json::from_str::<serde_json::Value>(&out).unwrap()["map_tile"];
    assert_eq!(t["split_files"].as_array().map(Vec::len), Some(2), "{t}");
    // What the monolithic tile says: layers, placements, water, shadow maps.
    assert_eq!(t["layers"], serde_json::json!([0, 25, 47, 116, 68]));
    assert_eq!((t["doodads"].as_u64(), t["wmos"].as_array().map(Vec::len)), (Some(381), Some(19)));
    assert_eq!(t["liquids"][0]["cells"].as_u64(), Some(330));
    assert_eq!(t["chunks_with_shadow"].as_u64(), Some(256));
    // Drawn as the monolithic tile is: the same passes.
    let (stats, _, _) = render(&dir, &path("Azeroth_42_29.adt"), &["--camera", "top"]);
    assert_eq!((stats["batches"].as_u64(), stats["triangles"].as_u64()), (Some(1004), Some(255220)), "{stats}");
    // A split file alone says which file to open; a root without its _tex0 draws untextured, warned.
    let (code, _, err) = m2view(&["render", &path("Azeroth_42_29_tex0.adt"), "-o", "/dev/null"]);
    assert!(code != 0 && err.contains("open its root tile"), "{err}");
    std::fs::remove_file(dir.join("Azeroth_42_29_tex0.adt")).unwrap();
    let (stats, _, err) = render(&dir, &path("Azeroth_42_29.adt"), &["--camera", "top"]);
    assert!(err.contains("without its _tex0"), "{err}");
    assert_eq!(stats["batches"].as_u64(), Some(256 + 9), "base passes only, and the ocean: {stats}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_wmo_fog_shows_with_the_eye_inside() {
    // The box WMO with one fog written in the wowdev layout (no public WMO here has one with its
    // textures): infinite radius (flag 0x1), red, from 0.5 to 1 unit. From inside the hall
    // (at (0, 0, 1) looking up at the two-sided roof quad 1.5 units above; the box's own faces
    // face outward) the roof is wholly fogged: pure red. Without fog it is the missing texture's
    // placeholder; from outside (the iso framing) the eye is in no WMO and nothing is fogged.
    let dir = written(false);
    let mut root = wmo::root(false);
    let red = m2view_format::wmo::FogLayer { end: 1.0, start_scalar: 0.5, color: [0, 0, 255, 255] };
    let fog = m2view_format::wmo::WmoFog {
        flags: 0x1,
        position: [0.0, 0.0, 1.0],
        radii: [0.5, 1.0],
        fog: red,
        underwater: red,
    };
    root.extend(wmo::fog_chunk(&[fog]));
    std::fs::write(dir.join("box.wmo"), root).unwrap();
    let root = dir.join("box.wmo");
    let root = root.to_str().unwrap();
    let (code, out, err) = m2view(&["info", root]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("0 at [0.0, 0.0, 1.0] everywhere inside, from 0.5 to 1 colour FF0000"), "{out}");
    let shot = |name: &str, args: &[&str]| {
        let out = dir.join(name);
        let all = [&["render", root, "--no-doodads", "--size", "64x64", "-o", out.to_str().unwrap()], args].concat();
        let (code, _, err) = m2view(&all);
        assert_eq!(code, 0, "{err}");
        image::open(&out).unwrap().to_rgba8()
    };
    let red = |img: &image::RgbaImage| img.pixels().filter(|p| p[0] == 255 && p[1] == 0 && p[2] == 0).count();
    let drawn = |img: &image::RgbaImage| img.pixels().filter(|p| p.0 != [0x30, 0x30, 0x30, 0xFF]).count();
    let up = ["--camera", "at:0,0,1,0,90"];
    let (fogged, clear) = (shot("fogged.png", &up), shot("clear.png", &[&up[..], &["--no-fog"]].concat()));
    // The roof (1 unit square, 1.5 away, 60° of view) covers about a fifth of the picture.
    assert!(drawn(&clear) > 500, "{} pixels of roof", drawn(&clear));
    assert_eq!((red(&fogged), red(&clear)), (drawn(&clear), 0));
    let outside = shot("outside.png", &["--camera", "iso"]);
    assert_eq!(red(&outside), 0);
    // The real inn: from its kitchen, its MFOG[1] (everywhere inside, 20.8 to 83.3 yards,
    // FDCF9E) is the fog drawn; from outside none.
    if let Some(samples) = fixtures::samples_dir() {
        let inn = samples.join("wowserhq_format/fixture/mapobj/inn.wmo");
        let inn = inn.to_str().unwrap();
        let (kitchen, _, _) = render(&dir, inn, &["--no-doodads", "--camera", "at:-25,-2,3,0,0"]);
        assert_eq!(kitchen["fog"], serde_json::json!([20.833334, 83.333336, "FDCF9E"]), "{kitchen}");
        let (iso, _, _) = render(&dir, inn, &["--no-doodads"]);
        assert_eq!(iso["fog"], serde_json::Value::Null);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_wmo_skybox_draws_behind_everything_seen_from_inside() {
    // The box WMO naming a skybox (MOSB, written in the wowdev layout: no public WMO here has
    // one) — its lamp model stands in, as `.mdx` names stand for `.m2` — and its hall showing it
    // (flag 0x40000). From inside the hall (the eye in an interior group that shows it) the sky's
    // 2 batches draw before the groups, without depth; from outside it is not drawn.
    let dir = written(false);
    wmo::add_skybox(&dir, "LAMP.MDX");
    let root = dir.join("box.wmo");
    let root = root.to_str().unwrap();
    let (code, out, err) = m2view(&["info", root]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("skybox LAMP.MDX (found), shown from inside groups [0]"), "{out}");
    let inside = ["--no-doodads", "--camera", "at:0,0,1,0,90"];
    let (with_sky, sky_px, err) = render(&dir, root, &inside);
    assert!(!err.contains("skybox"), "{err}");
    let (outside, _, _) = render(&dir, root, &["--no-doodads"]);
    assert_eq!(outside["batches"].as_u64(), Some(2), "the two groups: {outside}");
    assert_eq!(with_sky["batches"].as_u64(), Some(4), "and the sky's two: {with_sky}");
    // Without the sky the view up shows the roof quad alone; the sky fills around it.
    std::fs::remove_file(dir.join("LAMP.m2")).unwrap();
    let (no_sky, roof_px, err) = render(&dir, root, &inside);
    assert!(err.contains("skybox LAMP.MDX (MOSB): not found"), "{err}");
    assert_eq!(no_sky["batches"].as_u64(), Some(2));
    assert!(sky_px > roof_px + 1000, "{sky_px} pixels drawn with the sky, {roof_px} without");
    std::fs::remove_dir_all(&dir).unwrap();
}
