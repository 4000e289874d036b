//! Client tables of the sample corpus (`../shared/samples`, or
//! `$M2VIEW_SAMPLES`): every layout m2view reads is recognised on real
//! files of 1.12 and 3.3.5 clients and of a server's edited set, and rows
//! hold the facts the tables' other exports and known files state. Absent
//! corpus: said loudly (a failure with `M2VIEW_REQUIRE_SAMPLES=1`).

use m2view_db::defs::Definitions;
use m2view_db::table::Table;
use m2view_db::wdc::Wdc;
use m2view_db::{animation, character, creature, item};
use m2view_format::fixtures::samples_dir;

/// Table `rel` of `dir`, named by its file stem.
fn table(dir: &std::path::Path, rel: &str) -> Table {
    let name = std::path::Path::new(rel).file_stem().unwrap().to_string_lossy().into_owned();
    Table::parse(std::fs::read(dir.join(rel)).unwrap(), rel, &name, &Definitions::new(None), None).unwrap()
}

/// Rows of a `;`-separated export (UTF-8 with BOM, two header lines).
fn csv_rows(path: &std::path::Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().skip(2).map(|l| l.split(';').map(String::from).collect()).collect()
}

#[test]
fn client_tables_match_their_text_exports() {
    let Some(dir) = samples_dir() else { return };
    let k = dir.join("Koward_Improved_Models");
    let cmd = table(&k, "DBFilesClient/CreatureModelData.dbc");
    assert_eq!(cmd.wdbc_build, Some("1.12"));
    let models = creature::model_rows(&cmd).unwrap();
    let csv = csv_rows(&k.join("CreatureModelData.csv"));
    assert_eq!((models.len(), csv.len()), (460, 460));
    for (m, c) in models.iter().zip(&csv) {
        assert_eq!((m.id.to_string(), &m.model), (c[0].clone(), &c[2]));
    }
    let cdi = table(&k, "DBFilesClient/CreatureDisplayInfo.dbc");
    let displays = creature::display_rows(&cdi).unwrap();
    let csv = csv_rows(&k.join("CreatureDisplayInfo.csv"));
    assert_eq!((displays.len(), csv.len()), (10534, 10534));
    for (d, c) in displays.iter().zip(&csv) {
        assert_eq!((d.id.to_string(), d.model_id.to_string()), (c[0].clone(), c[1].clone()));
        assert_eq!(d.textures, [c[6].clone(), c[7].clone(), c[8].clone()], "display {}", d.id);
    }
    // 3.3.5 tables of another project: their layout is recognised and every row reads.
    let wotlk = |n: &str| table(&dir.join("itmrl_dbc"), n);
    let (cmd, cdi) = (wotlk("CreatureModelData.dbc"), wotlk("CreatureDisplayInfo.dbc"));
    assert_eq!((cmd.wdbc_build, cdi.wdbc_build), (Some("3.3.5"), Some("3.3.5")));
    let (models, displays) = (creature::model_rows(&cmd).unwrap(), creature::display_rows(&cdi).unwrap());
    assert_eq!((models.len(), displays.len()), (1342, 24275));
    assert!(models.iter().all(|m| m.model.to_lowercase().ends_with(".mdx") || m.model.to_lowercase().ends_with(".m2")));
    // Another table is refused rather than misread.
    let bytes = std::fs::read(dir.join("itmrl_dbc/AnimationData.dbc")).unwrap();
    let e = Table::parse(bytes, "AnimationData.dbc", "CreatureDisplayInfo", &Definitions::new(None), None).unwrap_err();
    assert!(e.to_string().contains("8 fields is no known CreatureDisplayInfo layout"), "{e}");
    let anim = wotlk("AnimationData.dbc");
    let names: std::collections::BTreeMap<u32, String> =
        animation::animation_names(&anim).unwrap().into_iter().collect();
    assert_eq!(
        (names.len(), names[&0].as_str(), names[&4].as_str(), names[&5].as_str()),
        (506, "Stand", "Walk", "Run")
    );
}

#[test]
fn wdc3_tables_give_the_rows_wow_export_states() {
    let Some(dir) = samples_dir() else { return };
    let db2 = dir.join("Kruithne_wow.export/tests/resources/db2");
    // wow.export's tests/db2Test.js: display 93456 (8.2.5.32978) → ModelID 10662,
    // CreatureModelScale 1.3, alpha 255, TextureVariationFileDataID [1795294, 1848705, 0].
    let cdi =
        Wdc::parse(std::fs::read(db2.join("CreatureDisplayInfo.db2")).unwrap(), "CreatureDisplayInfo.db2").unwrap();
    assert_eq!((cdi.fields, cdi.version), (25, 3));
    let row = cdi.index_of(93456).unwrap();
    let v = |f, k| cdi.value(row, f, k).unwrap();
    assert_eq!((v(1, 0), f32::from_bits(v(4, 0) as u32), v(5, 0)), (10662, 1.3, 255));
    assert_eq!([v(24, 0), v(24, 1), v(24, 2)], [1795294, 1848705, 0]);
    assert_eq!(cdi.index_of(1), None, "no row 1");
    // ModelFileData 3613913 → Flags 0, LodCount 0, ModelResourcesID 58765.
    let mfd = Wdc::parse(std::fs::read(db2.join("ModelFileData.db2")).unwrap(), "ModelFileData.db2").unwrap();
    assert_eq!(mfd.len(), 87978);
    let row = mfd.index_of(3613913).unwrap();
    assert_eq!((mfd.value(row, 1, 0).unwrap(), mfd.value(row, 2, 0).unwrap()), (0, 0));
    // ModelResourcesID is the `$relation$` column: in the relationship map and in the record.
    assert_eq!((mfd.relation(row), mfd.value(row, 3, 0).unwrap()), (Some(58765), 58765));
    // Hostile copies: cut anywhere, huge counts: errors naming the file, never a panic.
    let good = std::fs::read(db2.join("ModelFileData.db2")).unwrap();
    for cut in [0, 3, 50, 72, 100, 0x80, 0xC8, 0x13148, good.len() / 2, good.len() - 1] {
        let e = Wdc::parse(good[..cut].to_vec(), "cut.db2").unwrap_err().to_string();
        assert!(e.starts_with("cut.db2: "), "{e}");
    }
    // Record size 0 (header +12) with 4 billion records in the section (+0x54): refused, not looped over.
    let mut zero = good.clone();
    zero[12..16].copy_from_slice(&0u32.to_le_bytes());
    zero[0x54..0x58].copy_from_slice(&u32::MAX.to_le_bytes());
    let e = Wdc::parse(zero, "zero.db2").unwrap_err().to_string();
    assert!(e.contains("records of 0 bytes"), "{e}");
    for (at, v) in [(4, u32::MAX), (68, 0x0FFF_FFFF), (56, 7), (0x54, u32::MAX), (0x64, u32::MAX)] {
        let mut bad = good.clone();
        bad[at..at + 4].copy_from_slice(&v.to_le_bytes());
        if let Err(e) = Wdc::parse(bad, "bad.db2") {
            assert!(e.to_string().starts_with("bad.db2: "), "{e}");
        }
    }
}

#[test]
fn character_tables_of_every_build_read() {
    use character::Section;
    let Some(dir) = samples_dir() else { return };
    let vanilla = |n: &str| table(&dir, &format!("andrewmunro_Vanilla/dbc/{n}"));
    // 1.12 ChrRaces: race 5 is the Scourge, helmets suffixed `Sc`.
    let races = character::race_rows(&vanilla("ChrRaces.dbc")).unwrap();
    let sc = races.iter().find(|r| r.id == 5).unwrap();
    assert_eq!((sc.client_file_string.as_str(), sc.client_prefix.as_str()), ("Scourge", "Sc"));
    assert_eq!(sc.facial_hair_customization, ["FEATURES".to_string(), "FEATURES".to_string()]);
    // 1.12 CharHairGeosets: Scourge (5) female style 0 -> geoset 2 ... style 9 -> geoset 11.
    let hair = character::hair_geoset_rows(&vanilla("CharHairGeosets.dbc")).unwrap();
    let sf: Vec<(u32, u32)> =
        hair.iter().filter(|h| h.race == 5 && h.sex == 1).map(|h| (h.variation, h.geoset)).collect();
    assert_eq!(sf, (0..10).map(|s| (s, s + 2)).collect::<Vec<_>>());
    // 1.12 facial styles: Scourge female style 0 shows 302 (the model has it), nothing in 1xx/2xx.
    let facial = character::facial_hair_rows(&vanilla("CharacterFacialHairStyles.dbc")).unwrap();
    let f0 = facial.iter().find(|f| (f.race, f.sex, f.variation) == (5, 1, 0)).unwrap();
    assert_eq!(f0.geosets, [0, 0, 2]);
    // CharSections 2310 is the Scourge female's first skin in 1.12 and in both 3.3.5 sets.
    for rel in [
        "andrewmunro_Vanilla/dbc/CharSections.dbc",
        "itmrl_dbc/CharSections.dbc",
        "ElementoBorzi_Doomhammer-Public-Pack/DBFilesClient/CharSections.dbc",
    ] {
        let rows = character::section_rows(&table(&dir, rel)).unwrap();
        let r = rows.iter().find(|r| r.id == 2310).unwrap();
        assert_eq!((r.race, r.sex, r.section, r.color), (5, 1, Section::Skin, 0), "{rel}");
        assert_eq!(r.textures[0], "Character\\Scourge\\Female\\ScourgeFemaleSkin00_00.blp", "{rel}");
        assert!(!r.npc_only && !r.death_knight, "{rel}");
    }
    assert!(!character::sections_are_wotlk(&vanilla("CharSections.dbc")));
    let wotlk = table(&dir, "itmrl_dbc/CharSections.dbc");
    assert!(character::sections_are_wotlk(&wotlk));
    let rows = character::section_rows(&wotlk).unwrap();
    // 3.3.5 flags: 0x8 NPC skins (HumanMaleSkin00_100), 0x4 death knight skins.
    let npc = rows.iter().find(|r| r.id == 4281).unwrap();
    assert!(npc.npc_only && npc.textures[0].ends_with("HumanMaleSkin00_100.blp"));
    assert!(rows.iter().find(|r| r.id == 10173).unwrap().death_knight);
    // A server's edited 3.3.5 tables: 33 human female hair styles, read as they are.
    let au = |n: &str| table(&dir, &format!("AzerothUniverseCore_UniverseDBC/DBFilesClient/{n}"));
    let hair = character::hair_geoset_rows(&au("CharHairGeosets.dbc")).unwrap();
    assert_eq!(hair.iter().filter(|h| h.race == 1 && h.sex == 1).count(), 33);
    let races = character::race_rows(&au("ChrRaces.dbc")).unwrap();
    assert_eq!((races.len(), races[4].client_file_string.as_str()), (64, "Scourge"));
    assert_eq!(character::facial_hair_rows(&au("CharacterFacialHairStyles.dbc")).unwrap().len(), 9186);
    assert_eq!(item::helmet_vis_rows(&au("HelmetGeosetVisData.dbc")).unwrap()[0].hide.len(), 7);
}

#[test]
fn item_and_npc_tables_read() {
    let Some(dir) = samples_dir() else { return };
    let idi = item::display_info_rows(&table(&dir, "andrewmunro_Vanilla/dbc/ItemDisplayInfo.dbc")).unwrap();
    assert_eq!(idi.len(), 20753);
    let d = |id: u32| idi.iter().find(|r| r.id == id).unwrap();
    assert_eq!(
        (d(1123).models[0].as_str(), d(1123).model_textures[0].as_str()),
        ("Helm_Leather_D_01.mdl", "Helm_Leather_D_01Brown")
    );
    let chest = d(3197);
    assert_eq!(
        [&chest.textures[0], &chest.textures[1], &chest.textures[3], &chest.textures[4]],
        ["Mail_A_01White_Sleeve_AU", "Mail_A_01White_Sleeve_AL", "Mail_A_01White_Chest_TU", "Mail_A_01White_Chest_TL"]
    );
    assert_eq!(chest.geoset_groups, [0, 1, 0]);
    // 1.12 helmets point at HelmetGeosetVisData rows for male and female wearers.
    let vis = item::helmet_vis_rows(&table(&dir, "andrewmunro_Vanilla/dbc/HelmetGeosetVisData.dbc")).unwrap();
    let v246 = vis.iter().find(|v| v.id == 246).unwrap();
    assert_eq!(v246.hide, vec![(0, -65i32 as u32), (100, 0), (200, 128), (300, 4), (700, -273i32 as u32)]);
    // 3.3.5 display 32757 is a character-race NPC: extra 21383, a Scourge male baked as undeadhunter.blp.
    let db = |n: &str| table(&dir, &format!("ElementoBorzi_Doomhammer-Public-Pack/DBFilesClient/{n}"));
    let displays = creature::display_rows(&db("CreatureDisplayInfo.dbc")).unwrap();
    assert_eq!(displays.iter().find(|r| r.id == 32757).unwrap().extra_id, 21383);
    let extras = creature::extra_rows(&db("CreatureDisplayInfoExtra.dbc")).unwrap();
    assert_eq!(extras.len(), 15545);
    let e = extras.iter().find(|r| r.id == 21383).unwrap();
    assert_eq!((e.race, e.sex, e.skin, e.face, e.hair_style, e.hair_color, e.facial_hair), (5, 0, 1, 3, 9, 7, 1));
    assert_eq!(e.bake_name, "undeadhunter.blp");
    // 1.12: 10 item slots, no flags; 158 displays are Scourge females through an extra row,
    // 156 of them on ScourgeFemale.mdx (two rows of the table name another model).
    let extras = creature::extra_rows(&table(&dir, "andrewmunro_Vanilla/dbc/CreatureDisplayInfoExtra.dbc")).unwrap();
    assert!(extras.iter().all(|e| e.items[10] == 0 && e.flags == 0));
    let displays = creature::display_rows(&table(&dir, "andrewmunro_Vanilla/dbc/CreatureDisplayInfo.dbc")).unwrap();
    let models = creature::model_rows(&table(&dir, "andrewmunro_Vanilla/dbc/CreatureModelData.dbc")).unwrap();
    let scf = models.iter().find(|m| m.model == "Character\\Scourge\\Female\\ScourgeFemale.mdx").unwrap().id;
    let scourge_female =
        |d: &&creature::DisplayRow| extras.iter().any(|e| e.id == d.extra_id && (e.race, e.sex) == (5, 1));
    assert_eq!(displays.iter().filter(scourge_female).count(), 158);
    assert_eq!(displays.iter().filter(scourge_female).filter(|d| d.model_id == scf).count(), 156);
}
