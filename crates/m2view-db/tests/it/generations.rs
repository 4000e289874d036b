//! Every table generation m2view reads, through [`Table`] and the embedded
//! WoWDBDefs definitions, on real files of the sample corpus: WDC3 tables
//! of 8.2.5 (wow.export's test data), WDC5 tables of MoP Classic 5.5.3
//! (cascette-rs's fixtures), a 10.0-era set as CSV (DBC_Compare) and WDBC
//! of 1.12 and 3.3.5.

use std::path::Path;

use m2view_db::defs::Definitions;
use m2view_db::table::Table;
use m2view_format::fixtures::samples_dir;

fn open(path: &Path, table: &str) -> Table {
    Table::parse(std::fs::read(path).unwrap(), &path.display().to_string(), table, &Definitions::new(None), None)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn wdc3_by_layout_hash() {
    let Some(dir) = samples_dir() else { return };
    let db2 = dir.join("Kruithne_wow.export/tests/resources/db2");
    // wow.export's tests/db2Test.js: display 93456 → ModelID 10662, scale 1.3,
    // alpha 255, TextureVariationFileDataID [1795294, 1848705, 0].
    let t = open(&db2.join("CreatureDisplayInfo.db2"), "CreatureDisplayInfo");
    assert_eq!(t.layout, "layout 613413D1");
    let r = t.row(93456).unwrap();
    assert_eq!(
        (r.u32("ModelID").unwrap(), r.f32("CreatureModelScale").unwrap(), r.u32("CreatureModelAlpha").unwrap()),
        (10662, 1.3, 255)
    );
    assert_eq!(r.u32s::<3>("TextureVariationFileDataID").unwrap(), [1795294, 1848705, 0]);
    let t = open(&db2.join("ModelFileData.db2"), "ModelFileData");
    let r = t.row(3613913).unwrap();
    assert_eq!(
        (r.u32("Flags").unwrap(), r.u32("LodCount").unwrap(), r.u32("ModelResourcesID").unwrap()),
        (0, 0, 58765)
    );
    assert_eq!(t.len(), 87978);
}

#[test]
fn wdc5_of_mop_classic() {
    let Some(dir) = samples_dir() else { return };
    let z = dir.join("wowemulation-dev_cascette-rs/crates/cascette-formats/test_fixtures/zbsdiff");
    // Records per file (MANIFEST.tsv) plus the rows of each copy table.
    for (file, table, records, copies) in [
        ("f98184c24ea513d161113a364aefa187.new", "AnimationData", 816, 0),
        ("f98184c24ea513d161113a364aefa187.old", "AnimationData", 805, 0),
        ("35dc55e39ec07e21e9f9dd83c41ec208.new", "Emotes", 232, 2),
        ("effa4356d627f215f7c6d7e35d74abc7.new", "BattlePetVisual", 753, 14),
        ("b3c9bd1bcc8d6e581f70b50b300ec446.new", "TierTransition", 5, 270),
    ] {
        let t = open(&z.join(file), table);
        assert_eq!(t.len(), records + copies, "{table}");
    }
    // The emotes' strings and animations agree with the M2 animation names:
    // ONESHOT_TALK(DNR) plays 60 EmoteTalk, ONESHOT_BOW 66 EmoteBow, ...
    let emotes = open(&z.join("35dc55e39ec07e21e9f9dd83c41ec208.new"), "Emotes");
    let mut checked = 0;
    for r in emotes.rows() {
        let (slash, anim) = (r.string("EmoteSlashCommand").unwrap(), r.u32("AnimID").unwrap());
        let Some(word) = slash.strip_prefix("ONESHOT_").map(|w| w.trim_end_matches("(DNR)")) else { continue };
        if let (Some(name), true) = (
            m2view_format::animation_name(anim as u16),
            ["TALK", "BOW", "WAVE", "CHEER", "LAUGH", "EAT"].contains(&word),
        ) {
            assert!(name.eq_ignore_ascii_case(&format!("Emote{word}")), "{slash} plays {anim} {name}");
            checked += 1;
        }
    }
    assert!(checked >= 6, "{checked}");
    assert_eq!(emotes.row(1).unwrap().string("EmoteSlashCommand").unwrap(), "ONESHOT_TALK(DNR)");
    // AnimationData of MoP Classic against 3.3.5's (WDBC): the animations
    // both know keep their fallback and behaviour (Stand falls back to 147).
    let anim = open(&z.join("f98184c24ea513d161113a364aefa187.new"), "AnimationData");
    let wotlk = open(&dir.join("itmrl_dbc/AnimationData.dbc"), "AnimationData");
    assert_eq!(wotlk.layout, "3.3.5 (8 fields)");
    let (mut same, mut both) = (0, 0);
    for old in wotlk.rows() {
        let Some(new) = anim.row(old.id()) else { continue };
        both += 1;
        let key = |r: &m2view_db::table::Row| (r.u32("Fallback").unwrap(), r.u32("BehaviorID").unwrap());
        same += (key(&old) == key(&new)) as usize;
    }
    eprintln!("{same} of {both}");
    assert_eq!(anim.row(0).unwrap().u32("Fallback").unwrap(), 147);
    assert!(both >= 500 && same * 10 >= both * 9, "{same} of {both}");
}

#[test]
fn csv_tables_of_a_10_0_set() {
    let Some(dir) = samples_dir() else { return };
    let d = dir.join("natnat201193_DBC_Compare/dbfilesclient");
    // creaturemodeldata.csv row 1: FileDataID 123020, ModelScale 1 (its first data line).
    let t = open(&d.join("creaturemodeldata.csv"), "CreatureModelData");
    assert_eq!(t.layout, "CSV header");
    let models = m2view_db::creature::model_rows(&t).unwrap();
    assert_eq!(models.len(), 8794);
    assert_eq!((models[0].id, models[0].file_data_id, models[0].scale, models[0].model.as_str()), (1, 123020, 1.0, ""));
    assert_eq!(t.row(2).unwrap().f32("CollisionWidth").unwrap(), 0.6111111);
    // ModelFileData is keyed by FileDataID (its definition's id column).
    let t = open(&d.join("modelfiledata.csv"), "ModelFileData");
    assert_eq!(t.row(116902).unwrap().u32("ModelResourcesID").unwrap(), 18251);
    // Geoset data: (GeosetIndex + 1) * 100 + GeosetValue.
    let t = open(&d.join("creaturedisplayinfogeosetdata.csv"), "CreatureDisplayInfoGeosetData");
    let g = m2view_db::creature::geoset_rows(&t).unwrap();
    assert_eq!((g[0].display, g[0].geoset), (26, 101));
    // Strings: the option names of the character customization.
    let t = open(&d.join("chrcustomizationoption.csv"), "ChrCustomizationOption");
    assert_eq!(t.row(2).unwrap().string("Name_lang").unwrap(), "Face");
}

#[test]
fn a_dbd_folder_serves_definitions_first() {
    let Some(dir) = samples_dir() else { return };
    let defs_dir = std::env::temp_dir().join(format!("m2view-dbd-{}", std::process::id()));
    std::fs::create_dir_all(&defs_dir).unwrap();
    // A definition of another layout hash only: the embedded one is not used.
    std::fs::write(
        defs_dir.join("ModelFileData.dbd"),
        "COLUMNS\nint FileDataID\nint Flags\n\nLAYOUT 00000001\n$noninline,id$FileDataID<32>\nFlags<8>\n",
    )
    .unwrap();
    let p = dir.join("Kruithne_wow.export/tests/resources/db2/ModelFileData.db2");
    let e = Table::parse(
        std::fs::read(&p).unwrap(),
        "ModelFileData.db2",
        "ModelFileData",
        &Definitions::new(Some(defs_dir.clone())),
        None,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("layout EA46BC99 of ModelFileData is in no definition") && e.contains("--dbd"), "{e}");
    // No definition at all for a table m2view does not embed: named.
    let e = Table::parse(std::fs::read(&p).unwrap(), "x.db2", "NoSuchTable", &Definitions::new(None), None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("no WoWDBDefs definition of NoSuchTable"), "{e}");
    let _ = std::fs::remove_dir_all(&defs_dir);
}

#[test]
fn written_wdc5_and_csv_tables_read_back_alike() {
    use m2view_db::fixtures::{Cell, row, write_csv, write_wdc5};
    // Tables written by this project in the 11.2.7 layouts WoWDBDefs gives
    // (no public WDC5 creature table exists), read through the same path.
    let build = [11, 2, 7, 65299];
    let display = row(
        "CreatureDisplayInfo",
        build,
        9100,
        &[
            ("ModelID", Cell::Int(9001)),
            ("CreatureModelScale", Cell::Float(1.5)),
            ("TextureVariationFileDataID[1]", Cell::Int(500004)),
        ],
    )
    .unwrap();
    let bytes = write_wdc5("CreatureDisplayInfo", build, std::slice::from_ref(&display)).unwrap();
    let t =
        Table::parse(bytes, "CreatureDisplayInfo.db2", "CreatureDisplayInfo", &Definitions::new(None), None).unwrap();
    assert_eq!(t.layout, "layout 7275F5F6");
    let rows = m2view_db::creature::display_rows(&t).unwrap();
    assert_eq!((rows[0].id, rows[0].model_id, rows[0].scale, rows[0].texture_fdids), (9100, 9001, 1.5, [0, 500004, 0]));
    let csv = write_csv("CreatureDisplayInfo", build, &[display]).unwrap();
    let t =
        Table::parse(csv.into_bytes(), "CreatureDisplayInfo.csv", "CreatureDisplayInfo", &Definitions::new(None), None)
            .unwrap();
    assert_eq!(m2view_db::creature::display_rows(&t).unwrap(), rows);
    let model =
        row("CreatureModelData", build, 9001, &[("FileDataID", Cell::Int(500001)), ("ModelScale", Cell::Float(1.0))])
            .unwrap();
    let t = Table::parse(
        write_wdc5("CreatureModelData", build, &[model]).unwrap(),
        "m.db2",
        "CreatureModelData",
        &Definitions::new(None),
        None,
    )
    .unwrap();
    let m = &m2view_db::creature::model_rows(&t).unwrap()[0];
    assert_eq!((m.id, m.file_data_id, m.scale), (9001, 500001, 1.0));
}

/// The embedded definitions (compiled by `cargo xtask dbd`) say what
/// WoWDBDefs itself says, read from the sample corpus's clone: the same
/// fields for every layout hash they keep and for the builds of the
/// clients m2view reads.
#[test]
fn every_wowdbdefs_table_is_carried_and_agrees() {
    let Some(dir) = samples_dir() else { return };
    let wowdbdefs = Definitions::new(Some(dir.join("wowdev_WoWDBDefs/definitions")));
    let embedded = Definitions::new(None);
    let names = m2view_db::defs::every_table_name();
    let files = std::fs::read_dir(dir.join("wowdev_WoWDBDefs/definitions")).unwrap().count();
    assert_eq!(names.len(), files, "one per definition file");
    let build = [3, 3, 5, 12340];
    let mut wdbc = 0;
    for t in names {
        let (ours, theirs) = (embedded.get(t).unwrap().unwrap(), wowdbdefs.get(t).unwrap().unwrap());
        // A 3.3.5 layout where WoWDBDefs has one (its WDBC tables), and every DB2 layout.
        assert_eq!(ours.by_build(build).map(|v| &v.fields), theirs.by_build(build).map(|v| &v.fields), "{t}");
        wdbc += usize::from(ours.by_build(build).is_some());
        for v in &ours.versions {
            for &h in &v.layouts {
                assert_eq!(v.fields, theirs.by_layout(h).unwrap().fields, "{t} layout {h:08X}");
            }
        }
    }
    assert!(wdbc > 200, "{wdbc} tables with a 3.3.5 layout");
}

#[test]
fn embedded_definitions_agree_with_wowdbdefs() {
    let Some(dir) = samples_dir() else { return };
    let wowdbdefs = Definitions::new(Some(dir.join("wowdev_WoWDBDefs/definitions")));
    let embedded = Definitions::new(None);
    let builds = [[1, 12, 1, 5875], [2, 4, 3, 8606], [3, 3, 5, 12340], [5, 5, 3, 64530], [11, 2, 7, 65299]];
    let mut compared = 0;
    for t in m2view_db::defs::embedded_tables() {
        let (ours, theirs) = (embedded.get(t).unwrap().unwrap(), wowdbdefs.get(t).unwrap().unwrap());
        for v in &ours.versions {
            for &h in &v.layouts {
                assert_eq!(v.fields, theirs.by_layout(h).unwrap().fields, "{t} layout {h:08X}");
                compared += 1;
            }
        }
        for b in builds {
            assert_eq!(ours.by_build(b).map(|v| &v.fields), theirs.by_build(b).map(|v| &v.fields), "{t} {b:?}");
        }
    }
    assert!(compared > 200, "{compared} layouts compared");
}
