//! Characters dressed from real client tables of the sample corpus: the
//! 3.3.5 `scourgefemale.m2` with the complete 1.12 set (andrewmunro), a
//! server's edited 3.3.5 tables (AzerothUniverse), ElementoBorzi's 3.3.5
//! `CharSections`, NPC displays and baked textures. Where the corpus has
//! no real file the tests write one in the real layout and say so: no
//! public 3.3.5 `ItemDisplayInfo` or `Item` exists (tables written here name
//! the real texture components and axe of ElementoBorzi's pack), and no
//! human or Scourge male model (a temporary copy of `scourgefemale.m2`
//! stands at `Character\Human\Female\HumanFemale.m2` or
//! `Character\Scourge\Male\ScourgeMale.m2`: its geometry, their tables).

use std::path::{Path, PathBuf};

use m2view_db::fixtures::write_wotlk_item_tables;
use m2view_db::wdbc::write;
use m2view_dress::character::body::Region;
use m2view_dress::character::equipment::{ItemKind, Slot};
use m2view_dress::character::options::{Appearance, Choice};
use m2view_dress::character::outfit::Outfit;
use m2view_dress::character::{Body, Look};
use m2view_dress::{ClientTables, DressError, Dressing};
use m2view_format::fixtures::{samples_dir, stand_in_race_model};
use m2view_format::{LoadOptions, LoadedModel, load_model_file};

/// Opens and dresses `path` with the `--dbc` folders `dbc` and data root `root`.
fn open(path: &Path, dbc: &[PathBuf], root: Option<&Path>) -> (LoadedModel, Dressing) {
    let opts = LoadOptions { data_root: root.map(Path::to_path_buf), ..Default::default() };
    let mut lm = load_model_file(path, &opts).unwrap();
    let tables = ClientTables::for_model(&lm, dbc, Default::default());
    let d = Dressing::dress(&mut lm, tables);
    (lm, d)
}

fn look(lm: &LoadedModel, d: &Dressing) -> Look {
    d.character.as_ref().unwrap().look(lm, &d.tables, &lm.model.geoset_ids())
}

/// A temporary folder with a stand-in race model at
/// `Character\<race>\<sex>\<race><sex>.m2` (the Scourge female geometry).
fn stand_in(samples: &Path, race: &str, sex: &str, tag: &str) -> (PathBuf, PathBuf) {
    let root = std::env::temp_dir().join(format!("m2view-dress-{tag}-{}", std::process::id()));
    let model = stand_in_race_model(samples, &root, race, sex);
    (root, model)
}

#[test]
fn scourge_female_dressed_by_the_1_12_tables() {
    let Some(s) = samples_dir() else { return };
    let vanilla = s.join("andrewmunro_Vanilla/dbc");
    let (lm, d) = open(&s.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2"), &[vanilla], None);
    let c = d.character.as_ref().expect("a character");
    assert_eq!(c.identity.describe(), "race Scourge (5), female (1)");
    let counts: Vec<(&str, u32)> = c.counts().into_iter().map(|(o, n)| (o.name(), n)).collect();
    assert_eq!(
        counts,
        [("skin", 6), ("face", 10), ("hair", 10), ("hair-color", 10), ("facial", 8), ("facial-color", 10)]
    );
    // Naked, first choices: body 0, hair style 0 (geoset 2), facial style 0 (302), ears, one of
    // each equipment group — and no other hair style, sleeve or boot.
    let l = look(&lm, &d);
    assert_eq!(l.geosets.iter().copied().collect::<Vec<_>>(), [0, 2, 302, 401, 501, 702, 1301, 1501, 1702]);
    // The body texture as the client composes it; the corpus has none of these files.
    let Body::Composite(plan) = &l.body else { panic!("composed") };
    let layers: Vec<(Region, &str)> = plan.layers.iter().map(|x| (x.region, x.file.as_str())).collect();
    assert_eq!(
        layers,
        [
            (Region::Base, "Character\\Scourge\\Female\\ScourgeFemaleSkin00_00.blp"),
            (Region::FaceLower, "Character\\Scourge\\Female\\ScourgeFemaleFaceLower00_00.blp"),
            (Region::FaceUpper, "Character\\Scourge\\Female\\ScourgeFemaleFaceUpper00_00.blp"),
            (Region::FaceLower, "Character\\Scourge\\ScalpLowerHair00_00.blp"),
            (Region::FaceUpper, "Character\\Scourge\\ScalpUpperHair00_00.blp"),
            (Region::LegUpper, "Character\\Scourge\\Female\\ScourgeFemaleNakedPelvisSkin00_00.blp"),
            (Region::TorsoUpper, "Character\\Scourge\\Female\\ScourgeFemaleNakedTorsoSkin00_00.blp"),
        ]
    );
    assert!(plan.layers.iter().all(|x| x.found.is_none()));
    assert!(
        l.warnings
            .iter()
            .any(|w| w.contains("Base layer Character\\Scourge\\Female\\ScourgeFemaleSkin00_00.blp not found"))
    );
    assert_eq!(l.textures[0].file, "Character\\Scourge\\Hair01_00.blp", "the hair texture of style 0, colour 0");
    // Style 9 of 1.12 is geoset 11; skin colour 5 of 6 is the last; 6 is out of range.
    let mut c = c.clone();
    c.customize(Choice::Hair, 9).unwrap();
    c.customize(Choice::Skin, 5).unwrap();
    let l = c.look(&lm, &d.tables, &lm.model.geoset_ids());
    assert!(l.geosets.contains(&11) && !l.geosets.contains(&2));
    let Body::Composite(plan) = &l.body else { panic!() };
    assert_eq!(plan.layers[0].file, "Character\\Scourge\\Female\\ScourgeFemaleSkin00_05.blp");
    assert_eq!(
        c.customize(Choice::Skin, 6).unwrap_err().to_string(),
        "skin 6 is out of range: the tables give 6 choices (0..=5)"
    );
}

#[test]
fn equipment_of_the_1_12_item_table() {
    let Some(s) = samples_dir() else { return };
    let vanilla = s.join("andrewmunro_Vanilla/dbc");
    let (lm, d) = open(&s.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2"), &[vanilla], None);
    let mut c = d.character.clone().unwrap();
    // 3197: a mail chest with sleeve and chest components; 1123: a leather helmet.
    c.equip(Slot::Chest, 3197, ItemKind::Plain);
    c.equip(Slot::Head, 1123, ItemKind::Plain);
    let l = c.look(&lm, &d.tables, &lm.model.geoset_ids());
    let Body::Composite(plan) = &l.body else { panic!() };
    let items: Vec<(Region, &str)> = plan.layers[7..].iter().map(|x| (x.region, x.file.as_str())).collect();
    assert_eq!(
        items,
        [
            (Region::ArmUpper, "Item\\TextureComponents\\ArmUpperTexture\\Mail_A_01White_Sleeve_AU_F.blp"),
            (Region::ArmLower, "Item\\TextureComponents\\ArmLowerTexture\\Mail_A_01White_Sleeve_AL_F.blp"),
            (Region::TorsoUpper, "Item\\TextureComponents\\TorsoUpperTexture\\Mail_A_01White_Chest_TU_F.blp"),
            (Region::TorsoLower, "Item\\TextureComponents\\TorsoLowerTexture\\Mail_A_01White_Chest_TL_F.blp"),
        ]
    );
    // GeosetGroup [0, 1, 0]: chest 1002 (the model has it; 801 it has not).
    assert!(l.geosets.contains(&1002));
    // The helmet: the race prefix and sex letter, on the Helm attachment, its texture beside it.
    let helm = l.items.iter().find(|i| i.slot == Slot::Head).unwrap();
    assert_eq!((helm.attachment, helm.model.as_str()), (11, "Item\\ObjectComponents\\Head\\Helm_Leather_D_01_ScF.m2"));
    assert_eq!(helm.texture, "Item\\ObjectComponents\\Head\\Helm_Leather_D_01Brown.blp");
    // A display the table does not have is named in the warnings.
    c.equip(Slot::Legs, 999_999, ItemKind::Plain);
    let l = c.look(&lm, &d.tables, &lm.model.geoset_ids());
    assert!(l.warnings.iter().any(|w| w == "legs: display 999999 is not in ItemDisplayInfo.dbc"), "{:?}", l.warnings);
}

#[test]
fn equipment_of_3_3_5_tables_written_here_finds_real_components_and_models() {
    let Some(s) = samples_dir() else { return };
    let pack = s.join("ElementoBorzi_Doomhammer-Public-Pack");
    let dbc = std::env::temp_dir().join(format!("m2view-dress-items-{}", std::process::id()));
    std::fs::create_dir_all(&dbc).unwrap();
    write_wotlk_item_tables(&dbc).unwrap();
    let vanilla = s.join("andrewmunro_Vanilla/dbc");
    let model = s.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2");
    let (lm, d) = open(&model, &[dbc.clone(), vanilla], Some(&pack));
    let mut c = d.character.clone().unwrap();
    c.equip(Slot::Chest, 90001, ItemKind::Plain);
    assert_eq!(c.equip_item(&d.tables, 50001), Ok(Slot::MainHand));
    assert_eq!(c.equip_item(&d.tables, 50002), Ok(Slot::Legs));
    let e = c.equip_item(&d.tables, 7).unwrap_err();
    assert_eq!(e, DressError::MissingRow("item 7 is not in Item.dbc".into()));
    let l = c.look(&lm, &d.tables, &lm.model.geoset_ids());
    let Body::Composite(plan) = &l.body else { panic!() };
    // Unisex components (`_U`) found; the female legs (`_F`) before `_U`.
    let found: Vec<(&str, bool)> = plan.layers[7..].iter().map(|x| (x.file.as_str(), x.found.is_some())).collect();
    assert_eq!(
        found,
        [
            ("Item\\TextureComponents\\LegUpperTexture\\Cloth_Zuljin_LU_F.blp", true),
            ("Item\\TextureComponents\\LegLowerTexture\\Cloth_Zuljin_LL_F.blp", true),
            ("Item\\TextureComponents\\ArmUpperTexture\\Plate_DH01_DeathKnight_Sleeve_AU_U.blp", true),
            ("Item\\TextureComponents\\ArmLowerTexture\\Plate_DH01_DeathKnight_Sleeve_AL_U.blp", true),
            ("Item\\TextureComponents\\TorsoUpperTexture\\Plate_DH01_DeathKnight_Chest_TU_U.blp", true),
            ("Item\\TextureComponents\\TorsoLowerTexture\\Plate_DH01_DeathKnight_Chest_TL_U.blp", true),
        ],
        "legs before chest: the client's slot order"
    );
    // Sleeves 802 from the chest's GeosetGroup[0] 1.
    assert!(l.geosets.contains(&802) && !l.geosets.contains(&803));
    // The axe in the right hand, its texture (type 2) from ModelTexture.
    let axe = l.items.iter().find(|i| i.slot == Slot::MainHand).unwrap();
    assert_eq!(axe.attachment, 1);
    assert!(axe.model_file.as_ref().unwrap().ends_with("Axe_1H_DH_Tribal_A_01.m2"));
    assert!(axe.texture_file.as_ref().unwrap().ends_with("Axe_1H_DH_Tribal_A_01.blp"));
    let _ = std::fs::remove_dir_all(dbc);
}

#[test]
fn options_come_from_a_servers_edited_tables() {
    let Some(s) = samples_dir() else { return };
    let (root, model) = stand_in(&s, "Human", "Female", "au");
    let au = s.join("AzerothUniverseCore_UniverseDBC/DBFilesClient");
    let db = s.join("ElementoBorzi_Doomhammer-Public-Pack/DBFilesClient");
    let pack = s.join("ElementoBorzi_Doomhammer-Public-Pack");
    let (lm, d) = open(&model, &[au.clone(), db], Some(&pack));
    let c = d.character.as_ref().unwrap();
    assert_eq!(c.identity.describe(), "race Human (1), female (1)");
    // 33 hair styles, as the server's CharHairGeosets says; the pack's skin colours 0-9,
    // 15 and 16 (10 and 11 are NPC skins, 12-14 death knight ones).
    assert_eq!(c.options.count(Choice::Hair, &c.appearance), 33);
    assert_eq!(c.options.values(Choice::Skin, &c.appearance), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16]);
    // Skin colour 15 (index 10): every layer of its base, face and underwear is in the pack.
    let mut c = c.clone();
    c.customize(Choice::Skin, 10).unwrap();
    let l = c.look(&lm, &d.tables, &lm.model.geoset_ids());
    let Body::Composite(plan) = &l.body else { panic!() };
    let found: Vec<(Region, bool)> = plan.layers.iter().map(|x| (x.region, x.found.is_some())).collect();
    assert_eq!(
        found,
        [
            (Region::Base, true),
            (Region::FaceLower, true),
            (Region::FaceUpper, true),
            (Region::FaceLower, false),
            (Region::FaceUpper, false),
            (Region::LegUpper, true),
            (Region::TorsoUpper, true),
        ]
    );
    // Asking for NPC and death knight rows offers them.
    c.set_filter(&d.tables, m2view_dress::character::options::RowFilter { npc: true, death_knight: true }).unwrap();
    assert_eq!(c.options.count(Choice::Skin, &c.appearance), 17);
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn a_character_race_npc_wears_its_baked_texture_and_items() {
    let Some(s) = samples_dir() else { return };
    let (root, model) = stand_in(&s, "Scourge", "Male", "npc");
    let pack = s.join("ElementoBorzi_Doomhammer-Public-Pack");
    let dbc = [pack.join("DBFilesClient"), s.join("AzerothUniverseCore_UniverseDBC/DBFilesClient")];
    let (lm, d) = open(&model, &dbc, Some(&pack));
    let mut c = d.character.clone().unwrap();
    assert_eq!(c.identity.describe(), "race Scourge (5), male (0)");
    // Display 32757 -> extra 21383: skin 1, face 3, hair 9, colour 7, facial 1; baked undeadhunter.blp.
    c.dress_as_npc(&lm, &d.tables, 32757).unwrap();
    let n = c.npc.unwrap();
    assert_eq!((n.display, n.extra), (32757, 21383));
    assert_eq!(c.options.value(Choice::Skin, &c.appearance), Some(1));
    assert_eq!(c.options.value(Choice::Face, &c.appearance), Some(3));
    assert_eq!(c.options.value(Choice::Hair, &c.appearance), Some(9));
    assert_eq!(c.options.value(Choice::HairColor, &c.appearance), Some(7));
    assert_eq!(
        c.equipment.iter().map(|(s, e)| (*s, e.display)).collect::<Vec<_>>(),
        [(Slot::Shirt, 5604), (Slot::Chest, 14430), (Slot::Legs, 46626), (Slot::Feet, 40126)]
    );
    let l = c.look(&lm, &d.tables, &lm.model.geoset_ids());
    let Body::Baked(baked) = &l.body else { panic!("the baked texture replaces the composite") };
    assert_eq!(baked.file, "Textures\\BakedNpcTextures\\undeadhunter.blp");
    assert!(baked.found.is_some());
    // No 3.3.5 ItemDisplayInfo in the corpus: the items are named as not shown.
    assert!(l.warnings.iter().any(|w| w.contains("no ItemDisplayInfo.dbc")), "{:?}", l.warnings);
    // Another race's display, and a creature display, are refused with their reason.
    assert!(c.dress_as_npc(&lm, &d.tables, 4).unwrap_err().to_string().contains("display 4 is no character-race NPC"));
    let e = c.dress_as_npc(&lm, &d.tables, 1276).unwrap_err();
    assert_eq!(
        e,
        DressError::OtherBody("display 1276 is race 1 male; this model is race Scourge (5), male (0)".into())
    );
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn outfits_round_trip_and_refuse_another_race() {
    let Some(s) = samples_dir() else { return };
    let vanilla = s.join("andrewmunro_Vanilla/dbc");
    let (_, d) = open(&s.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2"), &[vanilla], None);
    let mut c = d.character.clone().unwrap();
    c.customize(Choice::Face, 4).unwrap();
    c.equip(Slot::Chest, 3197, ItemKind::Robe);
    let json = Outfit::of(&c).to_json();
    assert!(json.contains("\"race\": \"Scourge\"") && json.contains("\"gender\": \"female\"") && json.contains("3197"));
    let mut fresh = d.character.clone().unwrap();
    Outfit::parse(&json, "o.json").unwrap().apply(&mut fresh).unwrap();
    assert_eq!((fresh.appearance, fresh.equipment.clone()), (c.appearance, c.equipment.clone()));
    let mut other = Outfit::parse(&json, "o.json").unwrap();
    other.race = "Human".into();
    assert!(other.apply(&mut fresh).unwrap_err().to_string().starts_with("the outfit is for a Human female"));
    other.race = "Scourge".into();
    other.customization = Appearance { skin: 40, ..Default::default() };
    assert!(other.apply(&mut fresh).unwrap_err().to_string().starts_with("skin 40 is out of range"));
    assert!(Outfit::parse("{\"race\": 3}", "bad.json").unwrap_err().to_string().starts_with("bad.json: not an outfit"));
}

#[test]
fn hostile_tables_are_errors_not_panics() {
    let Some(s) = samples_dir() else { return };
    let good = std::fs::read(s.join("andrewmunro_Vanilla/dbc/CharSections.dbc")).unwrap();
    let model = s.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2");
    let dir = std::env::temp_dir().join(format!("m2view-dress-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let copy = |name: &str, from: &str| {
        std::fs::copy(s.join("andrewmunro_Vanilla/dbc").join(from), dir.join(name)).unwrap();
    };
    copy("ChrRaces.dbc", "ChrRaces.dbc");
    copy("CharHairGeosets.dbc", "CharHairGeosets.dbc");
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("truncated", good[..good.len() / 2].to_vec()),
        ("huge count", [&good[..4], &u32::MAX.to_le_bytes()[..], &good[8..]].concat()),
        ("wrong field count", write(7, &[vec![1, 5, 1, 0, 0, 0, 0]], b"\0")),
        ("string past the block", write(10, &[vec![1, 5, 1, 0, 0, 0, 99999, 0, 0, 0]], b"\0")),
        ("out-of-range ids", write(10, &[vec![1, 5, 1, 77, u32::MAX, u32::MAX, 0, 0, 0, 0]], b"\0")),
    ];
    for (what, bytes) in cases {
        std::fs::write(dir.join("CharSections.dbc"), bytes).unwrap();
        let (lm, d) = open(&model, std::slice::from_ref(&dir), None);
        match &d.character {
            // A broken table: the model opens, the warning names the file.
            None => assert!(
                lm.model.warnings.iter().any(|w| w.starts_with("character tables: ") && w.contains("CharSections.dbc")),
                "{what}: {:?}",
                lm.model.warnings
            ),
            // Rows that read but name nothing useful: no choices, files missing.
            Some(c) => {
                let l = c.look(&lm, &d.tables, &lm.model.geoset_ids());
                assert_eq!(c.options.count(Choice::Skin, &c.appearance), 0, "{what}");
                assert!(l.geosets.contains(&0), "{what}");
            }
        }
    }
    // A truncated ItemDisplayInfo: the look names it with its error, once, and shows no equipment.
    std::fs::write(dir.join("CharSections.dbc"), &good).unwrap();
    let items = std::fs::read(s.join("andrewmunro_Vanilla/dbc/ItemDisplayInfo.dbc")).unwrap();
    std::fs::write(dir.join("ItemDisplayInfo.dbc"), &items[..3000]).unwrap();
    let (lm, d) = open(&model, std::slice::from_ref(&dir), None);
    let mut c = d.character.clone().unwrap();
    c.equip(Slot::Chest, 3197, ItemKind::Plain);
    let l = c.look(&lm, &d.tables, &lm.model.geoset_ids());
    let about: Vec<&String> = l.warnings.iter().filter(|w| w.contains("ItemDisplayInfo")).collect();
    assert_eq!(about.len(), 1, "{about:?}");
    assert!(about[0].contains("ItemDisplayInfo.dbc: records: offset 0x14"), "{about:?}");
    assert!(!l.geosets.contains(&1002));
    let _ = std::fs::remove_dir_all(dir);
}
