//! Whole maps as a user meets them: `ls --maps`, `info map:X`, `render
//! map:X --minimap`. The tiles are the real `continent4229.adt` and
//! `pvpzone3430.adt` (wowserhq_format), moved to their places
//! (`m2view_format::fixtures::adt::moved`) on a map the project writes in
//! the real layouts, since no whole map is in the corpus: a
//! 64 × 64 WDT with chosen tiles, a 3.3.5 `Map.dbc`
//! (`m2view_db::fixtures::wotlk_maps`), the tiles' terrain textures as
//! one-colour BLPs and a `textures/Minimap/md5translate.trs` with one
//! minimap texture, a WDL (the distant terrain: 5 × 4 tiles around 10_20
//! and 40_5, heights rising to the east) and map `Inst`, one global WMO
//! (the real `inn.wmo`). All fixtures; generated at run time.

use std::path::{Path, PathBuf};

use crate::common::m2view;
use m2view_format::adt::{Adt, FileRef, Wdt};

/// The map's tiles: `(x, y)` and which real tile is copied there.
pub const TILES: [(u8, u8, &str); 3] =
    [(10, 20, "continent4229.adt"), (11, 20, "continent4229.adt"), (40, 5, "pvpzone3430.adt")];

pub fn tmp(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("maps-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn put(d: &Path, rel: &str, bytes: &[u8]) {
    let p = d.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, bytes).unwrap();
}

/// A one-colour 4×4 BLP.
fn solid(rgb: [u8; 3]) -> Vec<u8> {
    m2view_format::blp::write_blp2_raw(4, 4, &[[rgb[0], rgb[1], rgb[2], 255].repeat(16)])
}

/// Writes the game data (see the module docs) under `d`: map `Fix` (Map
/// 1000) with [`TILES`], map `Custom` (a WDT no row names, one tile),
/// `Azeroth` (a row without files); with `minimap`, the client's minimap
/// texture of tile 10_20 (red).
pub fn game_data(d: &Path, samples: &Path, minimap: bool) {
    let src = samples.join("wowserhq_format/fixture/map");
    let tiles: Vec<[u8; 2]> = TILES.iter().map(|t| [t.0, t.1]).collect();
    put(d, "World/Maps/Fix/Fix.wdt", &Wdt { version: 18, flags: 0, tiles, global_wmo: None, file_ids: None }.write());
    put(
        d,
        "World/Maps/Custom/Custom.wdt",
        &Wdt { version: 18, flags: 0, tiles: vec![[0, 0]], global_wmo: None, file_ids: None }.write(),
    );
    for (x, y, file) in TILES {
        let bytes = std::fs::read(src.join(file)).unwrap();
        for (k, t) in Adt::parse(&bytes, file).unwrap().textures.iter().enumerate() {
            if let FileRef::Path(p) = t {
                put(d, &p.replace('\\', "/"), &solid([40 + (k * 37 % 200) as u8, 120, 60 + (k * 53 % 180) as u8]));
            }
        }
        // Moved to its place in the grid: the real tiles are 42_29 and 34_30.
        let (sx, sy) = if file.starts_with("continent") { (42, 29) } else { (34, 30) };
        let placed = m2view_format::fixtures::adt::moved(&bytes, i32::from(x) - sx, i32::from(y) - sy);
        put(d, &format!("World/Maps/Fix/Fix_{x}_{y}.adt"), &placed);
    }
    put(d, "World/Maps/Custom/Custom_0_0.adt", &std::fs::read(src.join("pvpzone3430.adt")).unwrap());
    let wdl_tiles = (8..13).flat_map(|x| (18..22).map(move |y| [x, y])).chain([[40, 5]]);
    let wdl = m2view_format::adt::Wdl {
        version: 18,
        tiles: wdl_tiles
            .map(|tile| m2view_format::adt::wdl::WdlTile {
                tile,
                heights: (0..m2view_format::adt::wdl::HEIGHTS).map(|k| 50 + (k % 17) as i16 * 3).collect(),
            })
            .collect(),
    };
    put(d, "World/Maps/Fix/Fix.wdl", &wdl.write());
    let inn = samples.join("wowserhq_format/fixture/mapobj");
    for f in ["inn.wmo", "inn_000.wmo", "inn_003.wmo"] {
        put(d, &format!("World/wmo/Inst/{f}"), &std::fs::read(inn.join(f)).unwrap());
    }
    let global_wmo = Some("World\\wmo\\Inst\\inn.wmo".to_string());
    put(
        d,
        "World/Maps/Inst/Inst.wdt",
        &Wdt { version: 18, flags: 1, tiles: vec![], global_wmo, file_ids: None }.write(),
    );
    let maps =
        m2view_db::fixtures::wotlk_maps(&[(0, "Azeroth", 0, "Eastern Kingdoms"), (1000, "Fix", 1, "Fixture Isle")]);
    put(d, "DBFilesClient/Map.dbc", &maps);
    if minimap {
        put(
            d,
            "textures/Minimap/md5translate.trs",
            b"dir: Fix\nFix\\map10_20.blp\t0123abcd.blp\nOther\\map1_1.blp\tffff.blp\n",
        );
        put(d, "textures/Minimap/0123abcd.blp", &solid([255, 0, 0]));
    }
}

#[test]
fn maps_are_listed_and_described() {
    let Some(s) = m2view_format::fixtures::samples_dir() else { return };
    let d = tmp("list");
    game_data(&d, &s, false);
    let data = d.to_str().unwrap();
    let (code, out, err) = m2view(&["ls", "--data", data, "--maps"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "0\tAzeroth\tEastern Kingdoms\n1000\tFix\tFixture Isle\n-\tCustom\tCustom\n-\tInst\tInst\n");
    let (code, out, err) = m2view(&["info", "--data", data, "map:Inst"]);
    assert!(code == 0 && out.contains("inn.wmo"), "a global WMO map names its WMO: {out}{err}");
    let (code, out, err) = m2view(&["info", "--data", data, "map:fix"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("map:Fix (Map 1000, dungeon) \"Fixture Isle\"\n"), "{out}");
    assert!(out.contains("3 tiles") && out.contains("tiles from x 10 to 40, y 5 to 20"), "{out}");
    let (code, out, _) = m2view(&["info", "--json", "--data", data, "map:Custom"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["id"].is_null(), v["wdt"]["tiles"][0].clone()), (true, serde_json::json!([0, 0])));
    // A map the data does not have; a broken WDT.
    let (code, _, err) = m2view(&["info", "--data", data, "map:Nowhere"]);
    assert!(code == 2 && err.contains("map:Nowhere") && err.contains("Fix"), "{err}");
    put(&d, "World/Maps/Custom/Custom.wdt", b"REVM\x04\x00\x00\x00\x12\x00\x00\x00DHPM");
    let (code, _, err) = m2view(&["info", "--data", data, "map:Custom"]);
    assert!(code == 2 && err.contains("Custom.wdt") && err.contains("chunk header: offset 0xc"), "{err}");
}

/// The cells of `img` (64 × 64 over its size) that hold a pixel other than `bg`.
fn drawn_cells(img: &image::RgbaImage, bg: [u8; 3]) -> Vec<(u32, u32)> {
    let (cw, ch) = (img.width() / 64, img.height() / 64);
    let mut cells: Vec<(u32, u32)> =
        img.enumerate_pixels().filter(|(_, _, p)| p.0[..3] != bg).map(|(x, y, _)| (x / cw, y / ch)).collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

#[test]
fn the_drawn_minimap_puts_each_tile_in_its_cell_and_nothing_elsewhere() {
    let Some(s) = m2view_format::fixtures::samples_dir() else { return };
    let d = tmp("drawn");
    game_data(&d, &s, true);
    let (data, png) = (d.to_str().unwrap(), d.join("fix.png"));
    let args = ["render", "--data", data, "map:Fix", "--minimap=drawn", "--size", "640x640", "--background", "ff00ff"];
    let (code, _, err) = m2view(&[&args[..], &["-o", png.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("3 tiles: 0 from the client's minimap textures, 3 drawn") && !err.contains("warning"),
        "{err}"
    );
    let img = image::open(&png).unwrap().to_rgba8();
    assert_eq!(drawn_cells(&img, [255, 0, 255]), [(10, 20), (11, 20), (40, 5)]);
    // Each present cell is filled whole (every chunk drawn), with the terrain's variety.
    for &(x, y, _) in &TILES {
        let cell: Vec<[u8; 4]> = (0..10)
            .flat_map(|dy| (0..10).map(move |dx| (x as u32 * 10 + dx, y as u32 * 10 + dy)))
            .map(|(px, py)| img.get_pixel(px, py).0)
            .collect();
        assert!(cell.iter().all(|p| p[..3] != [255, 0, 255]), "cell {x}_{y} has background pixels");
        let distinct: std::collections::HashSet<[u8; 4]> = cell.iter().copied().collect();
        assert!(distinct.len() > 5, "cell {x}_{y}: {} colours", distinct.len());
    }
    // Without =drawn, tile 10_20 is the client's minimap texture (red), the others drawn.
    let (code, _, err) =
        m2view(&["render", "--data", data, "map:Fix", "--minimap", "--size", "640x640", "-o", png.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 from the client's minimap textures, 2 drawn"), "{err}");
    let img = image::open(&png).unwrap().to_rgba8();
    assert_eq!(img.get_pixel(105, 205).0, [255, 0, 0, 255]);
    assert_ne!(img.get_pixel(115, 205).0[..3], [255, 0, 0]);
    assert_eq!(img.get_pixel(5, 5).0, [0x30, 0x30, 0x30, 255], "absent tiles in the background colour");
}

/// The window (its own settings folder) with the game data under `d` added and indexed.
fn window_over(d: &Path) -> egui_kittest::Harness<'static, m2view_app::state::AppState> {
    let state = m2view_app::state::AppState::with_config_dir(Default::default(), false, Some(d.join("config")));
    let mut h = crate::common::window_harness(state, 1280.0, 900.0);
    h.state_mut().add_data_source(d.to_path_buf());
    crate::common::settle(&mut h);
    h
}

/// The window: the browser's Maps list names the maps whose WDT the
/// sources hold, and opening one shows its minimap in the texture view.
#[test]
fn the_browser_lists_maps_and_opens_their_minimap() {
    use m2view_app::browser::EntryKind;
    let Some(s) = m2view_format::fixtures::samples_dir() else { return };
    let d = tmp("window");
    game_data(&d, &s, true);
    let mut h = window_over(&d);
    let b = h.state().browser.as_ref().unwrap();
    let maps: Vec<&str> = b.models.iter().filter(|m| m.kind == EntryKind::Map).map(|m| m.path.as_str()).collect();
    assert_eq!(maps, ["map:Custom", "map:Fix", "map:Inst"]);
    h.state_mut().open("map:Fix".into());
    crate::common::settle(&mut h);
    let Some(m2view_app::document::Document::Texture(t)) = &h.state().document else {
        panic!("no minimap shown: {:?}", h.state().error)
    };
    assert_eq!(t.name, "map:Fix minimap.blp");
    let level = t.level.as_ref().unwrap();
    assert_eq!((level.width, level.height), (1024, 1024));
    // Tile 10_20's cell is the client's red minimap texture.
    let at = ((20 * 16 + 8) * 1024 + 10 * 16 + 8) * 4;
    assert_eq!(level.pixels[at..at + 4], [255, 0, 0, 255]);
}

#[test]
fn an_export_writes_heightmaps_and_the_selections_minimap_beside_it() {
    let Some(s) = m2view_format::fixtures::samples_dir() else { return };
    let d = tmp("heights");
    game_data(&d, &s, false);
    let out = d.join("two.obj");
    let args =
        ["export", "--data", d.to_str().unwrap(), "map:Fix", "--tiles", "10_20..11_20", "--heightmap", "--minimap"];
    let (code, _, err) = m2view(&[&args[..], &["-o", out.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let a = image::open(d.join("two_height_10_20.png")).unwrap();
    let b = image::open(d.join("two_height_11_20.png")).unwrap();
    assert_eq!((a.width(), a.height(), a.color()), (129, 129, image::ColorType::L16));
    let a16 = a.to_luma16();
    let (lo, hi) = (a16.pixels().map(|p| p.0[0]).min().unwrap(), a16.pixels().map(|p| p.0[0]).max().unwrap());
    assert_eq!((lo, hi), (0, 65535), "the two copies span the whole range");
    assert_eq!(a16, b.to_luma16(), "copies of one tile: the same heights");
    // The real tile's terrain spans -515.2 to 263.0 yards (`info`'s bounds); the
    // heightmap holds the outer vertices, whose highest is 262.8.
    let txt = std::fs::read_to_string(d.join("two_height.txt")).unwrap();
    assert!(txt.starts_with("black -515.1686 yards, white 262.7767 yards"), "{txt}");
    let m = image::open(d.join("two_minimap.png")).unwrap().to_rgba8();
    assert_eq!((m.width(), m.height()), (512, 256));
    assert!(m.pixels().all(|p| p.0[3] == 255), "both tiles drawn");
}

#[test]
fn an_8_2_map_finds_its_tiles_and_minimap_textures_by_file_data_id() {
    // A WDT with MAID (written in the wowdev layout: its tiles and minimap
    // textures by FileDataID, as a CASC install or CDN without a listfile
    // names them), the files under wow.export's raw names (`<fdid>.<ext>`).
    let Some(s) = m2view_format::fixtures::samples_dir() else { return };
    let d = tmp("maid");
    game_data(&d, &s, false);
    let mut ids = vec![[0u32; 8]; 4096];
    ids[3 * 64 + 2] = [777001, 0, 0, 0, 0, 0, 0, 777100];
    ids[3 * 64 + 3] = [777002, 0, 0, 0, 0, 0, 0, 0];
    let wdt = Wdt { version: 18, flags: 0, tiles: vec![[2, 3], [3, 3]], global_wmo: None, file_ids: Some(ids) };
    put(&d, "World/Maps/Modern/Modern.wdt", &wdt.write());
    let src = s.join("wowserhq_format/fixture/map");
    put(&d, "777001.adt", &std::fs::read(src.join("continent4229.adt")).unwrap());
    put(&d, "777002.adt", &std::fs::read(src.join("pvpzone3430.adt")).unwrap());
    put(&d, "777100.blp", &solid([0, 0, 255]));
    let png = d.join("modern.png");
    let args = ["render", "--data", d.to_str().unwrap(), "map:Modern", "--minimap", "--size", "640x640"];
    let (code, _, err) = m2view(&[&args[..], &["-o", png.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("2 tiles: 1 from the client's minimap textures, 1 drawn"), "{err}");
    let img = image::open(&png).unwrap().to_rgba8();
    assert_eq!(img.get_pixel(25, 35).0, [0, 0, 255, 255]);
    assert_eq!(drawn_cells(&img, [0x30, 0x30, 0x30]), [(2, 3), (3, 3)]);
}

#[test]
fn render_draws_a_maps_tiles_from_the_map_camera() {
    let Some(s) = m2view_format::fixtures::samples_dir() else { return };
    let d = tmp("render");
    game_data(&d, &s, false);
    let data = d.to_str().unwrap();
    let draw = |tiles: &str, png: &Path| {
        let mut args = vec!["render", "--data", data, "map:Fix", "--size", "256x128", "-o", png.to_str().unwrap()];
        if !tiles.is_empty() {
            args.extend(["--tiles", tiles]);
        }
        let (code, _, err) = m2view(&args);
        assert_eq!(code, 0, "{err}");
        image::open(png).unwrap().to_rgba8()
    };
    // Tiles 10_20 and 11_20 side by side, straight down: the left and right halves drawn.
    let two = draw("10_20..11_20", &d.join("two.png"));
    let bg = two.get_pixel(0, 0).0;
    let drawn = |img: &image::RgbaImage, x0: u32, x1: u32| {
        (x0..x1).flat_map(|x| (0..128).map(move |y| (x, y))).filter(|&(x, y)| img.get_pixel(x, y).0 != bg).count()
    };
    assert!(drawn(&two, 0, 128) > 128 * 128 / 2 && drawn(&two, 128, 256) > 128 * 128 / 2, "both tiles drawn");
    // The whole map (three tiles, one far away) frames all of them: the pair is smaller.
    let all = draw("", &d.join("all.png"));
    assert!(drawn(&all, 0, 256) < drawn(&two, 0, 256) / 2, "the whole map is framed");
}

#[test]
fn a_maps_tiles_load_with_progress_as_a_scene() {
    let Some(s) = m2view_format::fixtures::samples_dir() else { return };
    let d = tmp("progress");
    game_data(&d, &s, false);
    let mut vfs = m2view_data::Vfs::new();
    vfs.add_spec(&d, &m2view_data::SpecOptions::default()).unwrap();
    let opts = m2view_app::open::OpenOptions {
        load: m2view_format::LoadOptions { data: Some(std::sync::Arc::new(vfs)), ..Default::default() },
        ..Default::default()
    };
    let map = m2view_app::maps::open("Fix", &opts).unwrap();
    let seen = std::sync::Mutex::new(Vec::new());
    let scene =
        map.scene(&map.tiles_in("10_20..40_5").unwrap(), false, &opts, &|n| seen.lock().unwrap().push(n)).unwrap();
    assert_eq!(scene.file.models.len(), 3);
    assert_eq!(*seen.lock().unwrap(), [1, 2, 3], "the export's progress bar moves tile by tile");
}

/// Options reading the game data under `d`.
fn options(d: &Path) -> m2view_app::open::OpenOptions {
    let mut vfs = m2view_data::Vfs::new();
    vfs.add_spec(d, &m2view_data::SpecOptions::default()).unwrap();
    m2view_app::open::OpenOptions {
        load: m2view_format::LoadOptions { data: Some(std::sync::Arc::new(vfs)), ..Default::default() },
        ..Default::default()
    }
}

/// Runs `s`'s frames with the eye at `eye` until its worker has nothing left to do.
fn stream_until_still(
    s: &mut m2view_app::streaming::Streamer,
    eye: glam::Vec3,
    placed: &mut Vec<m2view_scene::Placed>,
) -> Vec<String> {
    let (t, mut warnings) = (std::time::Instant::now(), Vec::new());
    loop {
        s.update(eye, placed, &mut warnings);
        if !s.busy() {
            // One more frame takes what the worker left, and asks for nothing new.
            s.update(eye, placed, &mut warnings);
            if !s.busy() {
                return warnings;
            }
        }
        assert!(t.elapsed().as_secs() < 60, "the tiles did not stream in");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[test]
fn tiles_stream_in_around_the_eye_and_out_behind_it_within_the_memory_bound() {
    use m2view_app::maps::WholeMap;
    use m2view_app::streaming::{StreamSettings, Streamer};
    let Some(s) = m2view_format::fixtures::samples_dir() else { return };
    let d = tmp("stream");
    game_data(&d, &s, false);
    let opts = options(&d);
    let map = std::sync::Arc::new(m2view_app::maps::open("Fix", &opts).unwrap());
    let settings = StreamSettings { radius: 1, memory_mib: 1024 };
    let mut st = Streamer::new(map.clone(), opts.clone(), settings, false, [255, 0, 0]);
    let mut placed = Vec::new();
    let over = |t: [u8; 2]| WholeMap::tile_centre(t) + glam::Vec3::Z * 100.0;
    assert_eq!(WholeMap::tile_under(over([10, 20])), Some([10, 20]));
    stream_until_still(&mut st, over([10, 20]), &mut placed);
    // Both tiles within one of 10_20, nothing of 40_5; each tile's terrain first, in world space.
    let kept: Vec<[u8; 2]> = st.kept().collect();
    assert_eq!(kept, [[10, 20], [11, 20]]);
    let terrain: Vec<_> = placed.iter().filter(|p| p.lm.adt.is_some()).collect();
    assert_eq!(terrain.len(), 2);
    assert!(placed[0].lm.adt.is_some() && placed[0].placement == Some(glam::Mat4::IDENTITY));
    let (lo, hi) = (placed[0].lm.model.bounds.min, placed[0].lm.model.bounds.max);
    let centre = glam::Vec3::new((lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0, 0.0);
    assert!((centre - WholeMap::tile_centre([10, 20])).length() < 1.0, "tile 10_20 lies in its cell: {centre}");
    assert_eq!((st.stats.loaded, st.stats.evicted, st.stats.failed), (2, 0, 0));
    assert!(st.stats.bytes > 0 && st.stats.bytes == st.stats.peak_bytes);
    // The textures were decoded on the worker, and the upload takes them (no decoding in the frame).
    assert_eq!(st.decoded.len(), 2, "one entry per terrain: the samples hold none of the tiles' models");
    let (_, renderer) = crate::common::gpu();
    let mut gpu_scene = m2view_scene::SceneGpu::new([255, 0, 0]);
    gpu_scene.set_placed_decoded(renderer, &placed, &mut st.decoded, &mut Vec::new());
    assert!(st.decoded.is_empty(), "the upload took the decoded textures");
    // Flying to 40_5: the first two go, 40_5 comes.
    stream_until_still(&mut st, over([40, 5]), &mut placed);
    assert_eq!(st.kept().collect::<Vec<_>>(), [[40, 5]]);
    assert_eq!((st.stats.loaded, st.stats.evicted), (3, 2));
    assert!(placed[0].lm.path.to_string_lossy().contains("Fix_40_5"), "{}", placed[0].lm.path.display());
    assert!(st.decoded.len() <= 1, "decoded textures of tiles let go are let go too");

    // A bound smaller than one tile: the nearest stays, the other is not asked for again.
    let small = StreamSettings { radius: 1, memory_mib: 1 };
    let mut st = Streamer::new(map.clone(), opts.clone(), small, false, [255, 0, 0]);
    let mut placed = Vec::new();
    let eye = over([11, 20]) + glam::Vec3::X * 100.0;
    stream_until_still(&mut st, eye, &mut placed);
    assert_eq!(st.kept().collect::<Vec<_>>(), [[11, 20]]);
    assert!(st.stats.bytes > 1 << 20, "one tile is over 1 MiB (its alpha atlases)");
    assert!(st.stats.loaded <= 2, "no tile loaded over and over: {:?}", st.stats);

    // A tile that does not load is said once, and not asked for again.
    put(&d, "World/Maps/Fix/Fix_11_20.adt", b"REVM\x04\x00\x00\x00\x12\x00\x00\x00RDHM\xff\x00\x00\x00");
    let mut st = Streamer::new(map, opts, settings, false, [255, 0, 0]);
    let mut placed = Vec::new();
    let warnings = stream_until_still(&mut st, over([10, 20]), &mut placed);
    assert_eq!(st.kept().collect::<Vec<_>>(), [[10, 20]]);
    assert_eq!(st.stats.failed, 1);
    assert!(warnings.iter().any(|w| w.contains("Fix_11_20.adt")), "{warnings:?}");
}

/// The window: Fly over from the minimap opens the map over its distant
/// terrain (the WDL) in fly mode, the tiles streaming in where the eye is
/// and the WDL's own tiles hidden there; a map that is one WMO opens as it;
/// Export tiles writes the tiles picked.
#[test]
fn the_window_flies_over_a_map_picked_on_its_minimap_and_exports_tiles() {
    use egui_kittest::kittest::Queryable;
    let Some(s) = m2view_format::fixtures::samples_dir() else { return };
    let d = tmp("fly");
    game_data(&d, &s, false);
    let mut h = window_over(&d);
    h.state_mut().open("map:Fix".into());
    crate::common::settle(&mut h);
    let Some(m2view_app::document::Document::Texture(t)) = &mut h.state_mut().document else { panic!("no minimap") };
    let pick = t.map.as_mut().expect("a map's minimap picks tiles");
    pick.click([9, 19], false);
    pick.click([11, 21], true);
    assert_eq!((pick.range().as_deref(), pick.picked()), (Some("9_19..11_21"), vec![[10, 20], [11, 20]]));
    h.state_mut().export.folder = d.join("out");
    std::fs::create_dir_all(d.join("out")).unwrap();
    h.run();
    h.get_by_label("Export tiles").click();
    h.run();
    let t0 = std::time::Instant::now();
    while h.state().recording.is_some() {
        h.state_mut().poll_recording();
        assert!(t0.elapsed().as_secs() < 120, "the export did not finish");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let status = h.state().export_status.clone().unwrap_or_default();
    let glb = d.join("out/Fix_9_19-11_21.glb");
    assert!(status.starts_with("exported") && status.contains("Fix_9_19-11_21.glb"), "{status}");
    let bytes = std::fs::read(&glb).unwrap();
    assert!(bytes.starts_with(b"glTF") && bytes.len() > 100_000, "{} bytes", bytes.len());

    h.get_by_label("Fly over from here").click();
    h.step();
    crate::common::settle(&mut h);
    let st = h.state();
    assert!(st.fly && st.streaming.is_some() && st.document.is_none(), "{:?}", st.error);
    let c = st.current.as_ref().unwrap();
    assert!(c.lm.model.source.expansion.starts_with("WDL"), "the distant terrain is the root");
    assert_eq!(c.lm.model.lods[0].submeshes.len(), 21);
    assert_eq!(m2view_app::maps::WholeMap::tile_under(st.orbit.camera().eye), Some([10, 20]));
    let t0 = std::time::Instant::now();
    // (The window's frame streams before its UI: `Viewport::advance`; the harness draws the UI only.)
    while h.state().streaming.as_ref().unwrap().kept().count() < 2 {
        h.state_mut().stream();
        h.run();
        assert!(t0.elapsed().as_secs() < 60, "the tiles did not stream in");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run();
    let c = h.state().current.as_ref().unwrap();
    assert!(c.attached.iter().filter(|a| a.lm.adt.is_some()).count() == 2);
    let (tile, far) = (20 * 64 + 10, 18 * 64 + 8);
    assert!(!c.geosets.contains(&tile) && c.geosets.contains(&far), "the WDL hides where tiles are");
    assert!(h.state().view.draw_distance.is_finite() && h.state().view.fly_speed >= 4.0);

    h.state_mut().fly_over("Inst", None);
    crate::common::settle(&mut h);
    let st = h.state();
    let c = st.current.as_ref().unwrap();
    assert!(c.lm.wmo.is_some() && st.streaming.is_none(), "a global WMO map opens as its WMO: {:?}", st.error);
    assert!(c.lm.path.to_string_lossy().ends_with("inn.wmo"));
}
