//! What whole maps cost (issue "Whole maps"): the self-drawn minimap of a
//! map of all 64 × 64 tiles — each the real `continent4229.adt`
//! (wowserhq_format; hard links of the one file, as no whole map is in
//! the corpus) with its terrain textures as one-colour BLPs — drawn at
//! 1024 × 1024 (`render map:X --minimap=drawn`): total and per tile; and
//! `export map:X --tiles` of a 4 × 4 corner to glTF (the `m2view` binary,
//! start-up included): total and per tile.
//!
//! `cargo bench -p m2view --bench maps` (needs the corpus). Without
//! `--bench` (`cargo test --benches`) it draws a 4 × 4 corner, as a check.

use std::path::Path;
use std::time::Instant;

use m2view_format::adt::{Adt, FileRef, Wdt};

fn main() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let side: u8 = if std::env::args().any(|a| a == "--bench") { 64 } else { 4 };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("m2view-maps-bench-{side}"));
    let tiles_dir = dir.join("World/Maps/Whole");
    let src = samples.join("wowserhq_format/fixture/map/continent4229.adt");
    if !tiles_dir.join("Whole.wdt").exists() {
        std::fs::create_dir_all(&tiles_dir).unwrap();
        let bytes = std::fs::read(&src).unwrap();
        for (k, t) in Adt::parse(&bytes, "continent4229.adt").unwrap().textures.iter().enumerate() {
            if let FileRef::Path(p) = t {
                let p = dir.join(p.replace('\\', "/"));
                std::fs::create_dir_all(p.parent().unwrap()).unwrap();
                let rgba = [60 + (k * 29 % 150) as u8, 110, 70, 255].repeat(16);
                std::fs::write(p, m2view_format::blp::write_blp2_raw(4, 4, &[rgba])).unwrap();
            }
        }
        let first = tiles_dir.join("Whole_0_0.adt");
        std::fs::copy(&src, &first).unwrap();
        let mut tiles = Vec::new();
        for y in 0..side {
            for x in 0..side {
                let p = tiles_dir.join(format!("Whole_{x}_{y}.adt"));
                if !p.exists() && std::fs::hard_link(&first, &p).is_err() {
                    std::fs::copy(&first, &p).unwrap();
                }
                tiles.push([x, y]);
            }
        }
        std::fs::write(
            tiles_dir.join("Whole.wdt"),
            Wdt { version: 18, flags: 0, tiles, global_wmo: None, file_ids: None }.write(),
        )
        .unwrap();
    }
    let mut vfs = m2view_data::Vfs::new();
    vfs.add_spec(&dir, &m2view_data::SpecOptions::default()).unwrap();
    let mut opts = m2view_app::open::OpenOptions::default();
    opts.load.data = Some(std::sync::Arc::new(vfs));
    let map = m2view_app::maps::open("Whole", &opts).unwrap();
    let t = Instant::now();
    let m = m2view_app::minimap::render(&map, 1024, 1024, m2view_app::minimap::Source::Drawn, [0, 0, 0, 255]).unwrap();
    let s = t.elapsed().as_secs_f64();
    assert_eq!(m.drawn, usize::from(side) * usize::from(side), "{:?}", m.warnings.first());
    println!(
        "self-drawn minimap of {} tiles at 1024x1024: {s:.2} s, {:.1} ms per tile",
        m.drawn,
        s * 1000.0 / m.drawn as f64
    );
    // `export map:Whole --tiles` of a 4 × 4 corner to glTF, as a user runs it.
    let out = dir.join("corner.glb");
    let t = Instant::now();
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_m2view"))
        .args([
            "export",
            "--data",
            &dir.to_string_lossy(),
            "map:Whole",
            "--tiles",
            "0_0..3_3",
            "-o",
            &out.to_string_lossy(),
        ])
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let s = t.elapsed().as_secs_f64();
    let mb = std::fs::metadata(&out).map_or(0, |m| m.len()) as f64 / 1e6;
    println!("export of 16 tiles to glTF: {s:.2} s, {:.2} s per tile, {mb:.1} MB", s / 16.0);
}
