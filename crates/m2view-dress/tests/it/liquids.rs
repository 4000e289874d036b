//! Liquid textures from the client's tables, on the real continent tile
//! 42_29 (its ocean is `LiquidType` 2, 9 `MH2O` surfaces). No liquid table
//! or `XTextures` file is public: the tables are written in their real
//! layouts (3.3.5 `LiquidType.dbc`, 10.0 `LiquidTypeXTexture` as CSV) and
//! a real BLP stands in for the textures and their frames.

use m2view_db::fixtures::{Cell, row, wotlk_liquid_types, write_csv};
use m2view_dress::{ClientTables, Dressing};
use m2view_format::fixtures::samples_dir;
use m2view_format::{LoadOptions, LoadedModel, TextureSource, load_model_file};

/// The tile in `dir`, loaded and dressed.
fn open(dir: &std::path::Path) -> LoadedModel {
    let mut lm = load_model_file(&dir.join("continent4229.adt"), &LoadOptions::default()).unwrap();
    let tables = ClientTables::for_model(&lm, &[], Default::default());
    Dressing::dress(&mut lm, tables);
    lm
}

/// The ocean's texture file, and how many batches sample its slot.
fn ocean(lm: &LoadedModel) -> (Option<std::path::PathBuf>, usize) {
    let slot = lm.model.liquids[0];
    assert_eq!(slot.liquid_type, 2);
    let sampled =
        lm.model.lods[0].batches.iter().filter(|b| b.textures.iter().any(|t| t.texture == Some(slot.texture)));
    (lm.texture_files[slot.texture.index()].clone(), sampled.count())
}

#[test]
fn a_tiles_ocean_takes_the_texture_its_tables_name_else_the_classic_one_else_its_colour() {
    let Some(samples) = samples_dir() else { return };
    let d = std::env::temp_dir().join(format!("m2view-liquids-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("DBFilesClient")).unwrap();
    std::fs::copy(samples.join("wowserhq_format/fixture/map/continent4229.adt"), d.join("continent4229.adt")).unwrap();
    let blp = samples.join("wowserhq_blizzardry/spec/fixtures/RabbitSkin.blp");

    // Nothing: the slot is taken off the 9 surfaces (flat colour), and a warning names the file.
    let lm = open(&d);
    assert_eq!(ocean(&lm), (None, 0));
    assert_eq!(lm.model.textures[lm.model.liquids[0].texture.index()].source, TextureSource::None);
    let warning = r"liquid textures not found, drawn in flat colours: XTextures\ocean\ocean_h.1.blp (LiquidType 2)";
    assert!(lm.model.warnings.iter().any(|w| w == warning), "{:?}", lm.model.warnings);
    assert_eq!(lm.model.colors[0].color.sequences[0].values, [[0.05, 0.16, 0.30]]);

    // The file 1.x and 2.x clients draw ocean with (no table names it): found, white at 75 %.
    std::fs::create_dir_all(d.join("XTextures/ocean")).unwrap();
    std::fs::copy(&blp, d.join("XTextures/ocean/ocean_h.1.blp")).unwrap();
    let lm = open(&d);
    assert_eq!(ocean(&lm), (Some(d.join("XTextures/ocean/ocean_h.1.blp")), 9));
    let c = &lm.model.colors[0];
    assert_eq!((&c.color.sequences[0].values, &c.alpha.sequences[0].values), (&vec![[1.0; 3]], &vec![0.75]));

    // `%d` is the frame: with frame 2 beside it, a flipbook of the two, 60 ms each, on a global
    // sequence of 120 ms.
    std::fs::copy(&blp, d.join("XTextures/ocean/ocean_h.2.blp")).unwrap();
    let lm = open(&d);
    let f = &lm.model.flipbooks[0];
    assert_eq!((f.frames.len(), f.frame_ms, lm.model.global_sequences[f.global_sequence as usize]), (2, 60, 120));
    assert_eq!(f.frames[0], lm.model.liquids[0].texture);
    assert_eq!(lm.texture_files[f.frames[1].index()], Some(d.join("XTextures/ocean/ocean_h.2.blp")));
    lm.model.validate().unwrap();

    // A 3.3.5 table naming another texture for row 2: that one.
    let rows = [(2, "Ocean", 1, r"XTextures\ocean\custom.%d.blp")];
    std::fs::write(d.join("DBFilesClient/LiquidType.dbc"), wotlk_liquid_types(&rows)).unwrap();
    std::fs::copy(&blp, d.join("XTextures/ocean/custom.1.blp")).unwrap();
    assert_eq!(ocean(&open(&d)).0, Some(d.join("XTextures/ocean/custom.1.blp")));

    // A 10.0 LiquidTypeXTexture naming it by FileDataID (order 0 of two): that one, beside the tile.
    let b = [10, 0, 0, 43342];
    let texture = |id, fdid, order| {
        let cells = [("FileDataID", Cell::Int(fdid)), ("OrderIndex", Cell::Int(order)), ("LiquidTypeID", Cell::Int(2))];
        row("LiquidTypeXTexture", b, id, &cells).unwrap()
    };
    let csv = write_csv("LiquidTypeXTexture", b, &[texture(1, 5555, 1), texture(2, 4444, 0)]).unwrap();
    std::fs::write(d.join("DBFilesClient/LiquidTypeXTexture.csv"), csv).unwrap();
    std::fs::copy(&blp, d.join("4444.blp")).unwrap();
    assert_eq!(ocean(&open(&d)).0, Some(d.join("4444.blp")));

    // A broken table is a warning naming it; the others still dress the ocean.
    std::fs::write(d.join("DBFilesClient/LiquidType.dbc"), b"WDBC\x01\0\0\0").unwrap();
    let lm = open(&d);
    assert_eq!(ocean(&lm).0, Some(d.join("4444.blp")));
    assert!(lm.model.warnings.iter().any(|w| w.starts_with("liquid textures:") && w.contains("LiquidType.dbc")));
    let _ = std::fs::remove_dir_all(&d);
}
