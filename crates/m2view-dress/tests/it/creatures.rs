//! Creature skins from real client tables: the Koward mod's 1.12
//! `CreatureModelData`/`CreatureDisplayInfo` dress its creatures, and models
//! no table names are offered the BLPs named after them. Sequences take the
//! client's names from `AnimationData`.

use m2view_dress::creature::skin_slots;
use m2view_dress::{ClientTables, Dressing};
use m2view_format::fixtures::samples_dir;
use m2view_format::writer::{write_md20, write_skin};
use m2view_format::{LoadOptions, LoadedModel, SequenceId, fixtures, load_model_file};

fn open(path: &std::path::Path) -> (LoadedModel, Dressing) {
    let mut lm = load_model_file(path, &LoadOptions::default()).unwrap();
    let tables = ClientTables::for_model(&lm, &[], Default::default());
    let d = Dressing::dress(&mut lm, tables);
    (lm, d)
}

#[test]
fn creatures_are_dressed_from_the_databases() {
    let Some(dir) = samples_dir() else { return };
    let k = dir.join("Koward_Improved_Models/Creature");
    let (mut lm, mut d) = open(&k.join("Murloc2/Murloc2.m2"));
    // CreatureModelData 2385 `Creature\Murloc2\Murloc2.mdx`: five distinct skins.
    assert_eq!(d.creature.models.iter().map(|m| m.id).collect::<Vec<_>>(), [2385]);
    let names: Vec<&str> = d.creature.skins.iter().map(|s| s.names[0].as_str()).collect();
    assert_eq!(names, ["Murloc2_Green", "Murloc2_Blue", "Murloc2_Murk", "Murloc2_Orange", "Murloc2_White"]);
    assert_eq!(d.creature.skins[0].displays[..3], [31, 369, 385]);
    assert!(d.creature.skins.iter().all(|s| s.files[0].is_some() && !s.guessed));
    // The default skin fills replaceable type 11.
    assert!(lm.texture_files[0].as_ref().unwrap().ends_with("murloc2_Green.blp"));
    assert!(d.creature.apply(&mut lm, 1));
    assert!(lm.texture_files[0].as_ref().unwrap().ends_with("murloc2_Blue.blp"));
    // Every Koward creature the table names comes out dressed.
    for c in ["Imp2/Imp2.m2", "Bear2/Bear2.m2", "Wolf/Wolf.m2", "Crab/Crab.m2", "Kobold2/Kobold2.m2"] {
        let (lm, d) = open(&k.join(c));
        assert!(!d.creature.skins.is_empty() && !d.creature.skins[0].guessed, "{c}");
        // Type 11 always has a texture; 12 and 13 only where the row names one (the crab's does not).
        for i in skin_slots(&lm).into_iter().filter(|&i| lm.model.textures[i].kind == 11) {
            assert!(lm.texture_files[i].is_some(), "{c}: slot {i} filled");
        }
    }
    // The table names Banshee2 (row 2369) but no display uses it: its BLPs are offered,
    // `<colour>1`/`<colour>2` pairs as one skin for types 11 and 12 (body and headdress).
    let (lm, d) = open(&k.join("Banshee2/Banshee2.m2"));
    let labels: Vec<String> = d.creature.skins.iter().map(|s| s.label()).collect();
    assert_eq!(
        labels,
        [
            "guessed: banshee2Black1, banshee2Black2",
            "guessed: banshee2Brown1, banshee2Brown2",
            "guessed: Banshee2Magenta1, Banshee2Magenta2",
            "guessed: banshee2White1, banshee2White2",
        ]
    );
    let slots = skin_slots(&lm);
    let kinds: Vec<u32> = slots.iter().map(|&i| lm.model.textures[i].kind).collect();
    assert_eq!(kinds, [11, 12]);
    assert!(slots.iter().all(|&i| lm.texture_files[i].is_some()), "both slots dressed");
    // No database beside the rabbit: its skin is guessed from file names.
    let (lm, d) = open(&dir.join("wowserhq_blizzardry/spec/fixtures/Rabbit.m2"));
    assert_eq!(d.creature.skins.len(), 1);
    let skin = &d.creature.skins[0];
    assert!(skin.guessed && skin.files[0].as_ref().unwrap().ends_with("RabbitSkin.blp"));
    assert!(lm.model.warnings.iter().any(|w| w.contains("skin guessed")));
}

#[test]
fn sequence_names_come_from_the_clients_animation_data() {
    let d = std::env::temp_dir().join(format!("m2view-dress-animdata-{}", std::process::id()));
    std::fs::create_dir_all(d.join("DBFilesClient")).unwrap();
    std::fs::create_dir_all(d.join("Creature/Boxes")).unwrap();
    // AnimationData (3.3.5 layout, 8 fields): 0 "Stand", 4 "Stroll" (the built-in list says Walk).
    let dbc = m2view_db::wdbc::write(8, &[vec![0, 1], vec![4, 7]], b"\0Stand\0Stroll\0");
    std::fs::write(d.join("DBFilesClient/AnimationData.dbc"), &dbc).unwrap();
    let m = d.join("Creature/Boxes/TwoBoxes.m2");
    std::fs::write(&m, write_md20(&fixtures::two_boxes(264))).unwrap();
    std::fs::write(d.join("Creature/Boxes/TwoBoxes00.skin"), write_skin(&fixtures::skin_profile(264), 264)).unwrap();
    let (lm, _) = open(&m);
    assert_eq!(lm.model.sequence_name(SequenceId(1)), "Stroll");
    assert_eq!(lm.model.sequence_name(SequenceId(0)), "Stand");
    // A broken table is a warning; the built-in names stay.
    std::fs::write(d.join("DBFilesClient/AnimationData.dbc"), &dbc[..30]).unwrap();
    let (lm, _) = open(&m);
    assert_eq!(lm.model.sequence_name(SequenceId(1)), "Walk");
    assert!(
        lm.model.warnings.iter().any(|w| w.starts_with("animation names: ") && w.contains("AnimationData.dbc")),
        "{:?}",
        lm.model.warnings
    );
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn modern_creatures_by_filedataid_with_display_geosets() {
    use m2view_db::fixtures::{Cell, row, write_csv};
    // A loose export of a 7.0+ creature as wow.export's raw export writes it
    // (files named by FileDataID) with its tables as CSV in the wago.tools
    // form, written by this project in the 11.2.7 layouts of WoWDBDefs: the
    // two-box fixture (geosets 0, 101 and 102) as model 777, its texture
    // 888 for replaceable type 11, and display 70 turning on geoset 102.
    let Some(samples) = samples_dir() else { return };
    let d = std::env::temp_dir().join(format!("m2view-modern-creature-{}", std::process::id()));
    std::fs::create_dir_all(d.join("DBFilesClient")).unwrap();
    let mut skin = fixtures::skin_profile(264);
    let mut extra = skin.submeshes[1];
    extra.skin_section_id = 102;
    skin.submeshes.push(extra);
    std::fs::write(d.join("777.m2"), write_md20(&fixtures::two_boxes(264))).unwrap();
    std::fs::write(d.join("77700.skin"), write_skin(&skin, 264)).unwrap();
    std::fs::copy(samples.join("wowserhq_blizzardry/spec/fixtures/RabbitSkin.blp"), d.join("888.blp")).unwrap();
    let b = [11, 2, 7, 65299];
    let tables = [
        (
            "CreatureModelData",
            row(
                "CreatureModelData",
                b,
                7,
                &[
                    ("FileDataID", Cell::Int(777)),
                    ("CreatureGeosetDataID", Cell::Int(1)),
                    ("ModelScale", Cell::Float(1.0)),
                ],
            ),
        ),
        (
            "CreatureDisplayInfo",
            row(
                "CreatureDisplayInfo",
                b,
                70,
                &[
                    ("ModelID", Cell::Int(7)),
                    ("CreatureModelScale", Cell::Float(1.0)),
                    ("TextureVariationFileDataID", Cell::Int(888)),
                ],
            ),
        ),
        (
            "CreatureDisplayInfoGeosetData",
            row(
                "CreatureDisplayInfoGeosetData",
                b,
                1,
                &[
                    ("GeosetIndex", Cell::Int(0)),
                    ("GeosetValue", Cell::Int(2)),
                    ("CreatureDisplayInfoID", Cell::Int(70)),
                ],
            ),
        ),
    ];
    for (t, r) in tables {
        std::fs::write(d.join(format!("DBFilesClient/{t}.csv")), write_csv(t, b, &[r.unwrap()]).unwrap()).unwrap();
    }
    let (lm, dr) = open(&d.join("777.m2"));
    assert_eq!(lm.file_data_id, Some(777));
    let skin = &dr.creature.skins[0];
    assert_eq!(
        (skin.displays.as_slice(), skin.names[0].as_str(), skin.geosets.as_slice()),
        (&[70][..], "fdid:888", &[102][..])
    );
    assert_eq!(lm.texture_files[1].as_deref(), Some(d.join("888.blp").as_path()));
    // The defaults would show 0 and 101; the display shows 0 and 102.
    assert_eq!(lm.model.default_geosets(0).into_iter().collect::<Vec<_>>(), [0, 101]);
    assert_eq!(dr.creature.geosets(&lm, 0).unwrap().into_iter().collect::<Vec<_>>(), [0, 102]);
    let _ = std::fs::remove_dir_all(&d);
}
