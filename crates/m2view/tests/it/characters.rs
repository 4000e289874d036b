//! The character workflow through the `m2view` binary, as a script drives
//! it, on real tables of the sample corpus: the complete 1.12 set
//! (`andrewmunro_Vanilla/dbc`), the 3.3.5 tables of ElementoBorzi's
//! Doomhammer pack, itmrl's and AzerothUniverse's, with the 3.3.5
//! `scourgefemale.m2`. Where the corpus has no file the test writes one
//! and says so: 3.3.5 item tables (`m2view_db::fixtures`), and race models
//! the corpus lacks (a copy of the Scourge female geometry at the race's
//! path, `fixtures::stand_in_race_model`). `render` runs on whatever
//! adapter wgpu finds (lavapipe on CI).

use crate::common;

use std::path::{Path, PathBuf};

use crate::common::m2view;
use m2view_format::fixtures::{self, samples_dir, stand_in_race_model};
use m2view_format::writer::write_md20;
use serde_json::Value;

mod readers;

/// The sample files these tests read.
struct Corpus {
    /// The sample corpus.
    samples: PathBuf,
    /// The 1.12 tables.
    vanilla: String,
    /// `scourgefemale.m2`.
    model: String,
}

fn corpus() -> Option<Corpus> {
    let samples = samples_dir()?;
    let vanilla = samples.join("andrewmunro_Vanilla/dbc").to_str().unwrap().to_string();
    let model = samples.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2").to_str().unwrap().to_string();
    Some(Corpus { samples, vanilla, model })
}

/// A fresh temporary folder for this test process.
fn temp(tag: &str) -> PathBuf {
    crate::common::scratch("characters", tag)
}

/// `render --stats` of `args` at 64×64: the statistics and stderr.
fn render_stats(args: &[&str], out: &Path) -> (Value, String) {
    let png = out.join("render.png");
    let mut all = vec!["render", "--stats", "--size", "64x64", "-o", png.to_str().unwrap()];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = m2view(&all);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    (serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout}")), stderr)
}

fn geosets(stats: &Value) -> Vec<u64> {
    stats["geosets"].as_array().unwrap().iter().map(|g| g.as_u64().unwrap()).collect()
}

/// `(region, file, found)` of every body texture layer.
fn layers(stats: &Value) -> Vec<(String, String, bool)> {
    stats["body_texture"]["layers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["region"].as_str().unwrap().into(), l["file"].as_str().unwrap().into(), l["found"] == true))
        .collect()
}

#[test]
fn info_names_the_race_and_counts_each_option() {
    let Some(c) = corpus() else { return };
    let (code, out, err) = m2view(&["info", "--dbc", &c.vanilla, &c.model]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("character: race Scourge (5), female (1)"), "{out}");
    // 1.12 CharHairGeosets has ten Scourge female styles (0..=9).
    assert!(out.contains("  hair          10 choices (current 0)"), "{out}");
    let (code, out, _) = m2view(&["info", "--json", "--dbc", &c.vanilla, &c.model]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    let ch = &v["character"];
    assert_eq!((ch["race"].as_str(), ch["race_id"].as_u64()), (Some("Scourge"), Some(5)));
    assert_eq!((ch["gender"].as_str(), ch["gender_id"].as_u64()), (Some("female"), Some(1)));
    let names: Vec<&str> = ch["options"].as_array().unwrap().iter().map(|o| o["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["skin", "face", "hair", "hair-color", "facial", "facial-color"]);
    assert_eq!(ch["options"][2]["count"], 10);
    assert!(ch["tables"]["CharSections.dbc"].as_str().unwrap().ends_with("CharSections.dbc"));
}

#[test]
fn render_dresses_from_customize_equip_and_outfit() {
    let Some(c) = corpus() else { return };
    let out = temp("render");
    let flags = ["--dbc", &c.vanilla, &c.model];
    let (naked, _) = render_stats(&flags, &out);
    // 1.12 CharHairGeosets: Scourge female style 0 -> geoset 2, style 3 -> 5.
    assert!(geosets(&naked).contains(&2) && !geosets(&naked).contains(&1002), "{naked}");
    let dressed_args = [&flags[..], &["--customize", "skin=2,face=4,hair=3", "--equip", "chest=3197"]].concat();
    let (dressed, err) = render_stats(&dressed_args, &out);
    let g = geosets(&dressed);
    assert!(g.contains(&5) && !g.contains(&2), "hair style 3: {g:?}");
    // ItemDisplayInfo 3197's GeosetGroup is (0, 1, 0): chest 1002, sleeves stay 801 (not in this model).
    assert!(g.contains(&1002), "{g:?}");
    assert_eq!(dressed["body_texture"]["size"], serde_json::json!([256, 256]));
    let l = layers(&dressed);
    assert_eq!(l[0], ("Base".into(), "Character\\Scourge\\Female\\ScourgeFemaleSkin00_02.blp".into(), false));
    assert_eq!(l[1].1, "Character\\Scourge\\Female\\ScourgeFemaleFaceLower04_02.blp");
    let sleeve = "Item\\TextureComponents\\ArmUpperTexture\\Mail_A_01White_Sleeve_AU_F.blp";
    assert!(l.contains(&("ArmUpper".into(), sleeve.into(), false)), "{l:?}");
    // The corpus has no Scourge body textures: each missing layer is named.
    assert!(err.contains(&format!("warning: body texture ArmUpper layer {sleeve} not found")), "{err}");

    // The same as an outfit file.
    let outfit = out.join("outfit.json");
    std::fs::write(
        &outfit,
        r#"{ "race": "Scourge", "gender": "female",
             "customization": { "skin": 2, "face": 4, "hair": 3 },
             "equipment": { "chest": { "display": 3197 } } }"#,
    )
    .unwrap();
    let (from_outfit, _) = render_stats(&[&flags[..], &["--outfit", outfit.to_str().unwrap()]].concat(), &out);
    assert_eq!((geosets(&from_outfit), layers(&from_outfit)), (g, l));

    // Out of range: exit 2 naming the option and its range; a bad slot: exit 1.
    let png = out.join("x.png");
    let (code, _, err) =
        m2view(&["render", &c.model, "--dbc", &c.vanilla, "-o", png.to_str().unwrap(), "--customize", "face=12"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("face 12 is out of range: the tables give 10 choices (0..=9)"), "{err}");
    let (code, _, err) =
        m2view(&["render", &c.model, "--dbc", &c.vanilla, "-o", png.to_str().unwrap(), "--equip", "nose=1"]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown slot \"nose\""), "{err}");
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn items_by_id_through_item_dbc() {
    let Some(c) = corpus() else { return };
    let out = temp("items");
    // No public 3.3.5 Item/ItemDisplayInfo: written here, naming files of the Doomhammer pack.
    m2view_db::fixtures::write_wotlk_item_tables(&out).unwrap();
    let pack = c.samples.join("ElementoBorzi_Doomhammer-Public-Pack");
    let args = ["--dbc", out.to_str().unwrap(), "--dbc", &c.vanilla, "--data", pack.to_str().unwrap(), &c.model];
    // Item 50002: the Zul'jin legs (display 90003); 50001: the tribal axe in the right hand.
    let (s, err) = render_stats(&[&args[..], &["--item", "50002", "--item", "50001"]].concat(), &out);
    let l = layers(&s);
    let legs = "Item\\TextureComponents\\LegUpperTexture\\Cloth_Zuljin_LU_F.blp";
    assert!(l.contains(&("LegUpper".into(), legs.into(), true)), "{l:?}");
    assert!(!err.contains("main-hand model"), "the axe loads: {err}");
    let (bare, _) = render_stats(&args, &out);
    assert!(
        s["triangles"].as_u64() > bare["triangles"].as_u64(),
        "the axe is drawn: {} vs {}",
        s["triangles"],
        bare["triangles"]
    );
    let png = out.join("x.png");
    let (code, _, err) = m2view(&[&["render", "-o", png.to_str().unwrap(), "--item", "7"], &args[..]].concat());
    assert_eq!(code, 2);
    assert!(err.contains("item 7 is not in Item.dbc"), "{err}");
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn race_and_gender_open_the_race_model_from_data() {
    let Some(c) = corpus() else { return };
    let root = temp("race");
    stand_in_race_model(&c.samples, &root, "Scourge", "Female");
    let data = root.to_str().unwrap();
    let (s, _) = render_stats(&["--data", data, "--dbc", &c.vanilla, "--race", "scourge", "--gender", "female"], &root);
    assert_eq!(layers(&s)[0].1, "Character\\Scourge\\Female\\ScourgeFemaleSkin00_00.blp");
    let png = root.join("x.png");
    let (code, _, err) =
        m2view(&["render", "--data", data, "--race", "human", "--gender", "female", "-o", png.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("HumanFemale.m2"), "{err}");
    let (code, _, err) = m2view(&["render", "--data", data, "--race", "human", "-o", png.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("--race and --gender go together"), "{err}");
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn a_character_race_npc_by_display_id_alone() {
    let Some(c) = corpus() else { return };
    // No Scourge male model in the corpus: the female geometry stands in.
    let root = temp("npc");
    stand_in_race_model(&c.samples, &root, "Scourge", "Male");
    let s = &c.samples;
    let pack = s.join("ElementoBorzi_Doomhammer-Public-Pack");
    let path = |p: PathBuf| p.to_str().unwrap().to_string();
    let args = [
        "--data".to_string(),
        path(root.clone()),
        "--data".into(),
        path(pack.clone()),
        "--dbc".into(),
        path(pack.join("DBFilesClient")),
        "--dbc".into(),
        path(s.join("itmrl_dbc")),
        "--dbc".into(),
        path(s.join("AzerothUniverseCore_UniverseDBC/DBFilesClient")),
        "--display-id".into(),
        "32757".into(),
    ];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    // Display 32757 -> model 'Character\Scourge\Male\ScourgeMale.mdx' (itmrl's CreatureModelData)
    // -> extra 21383 (Doomhammer's): hair style 9, which AzerothUniverse's CharHairGeosets
    // (row 202) gives geoset 9; baked texture undeadhunter.blp (512x512) replaces the composite.
    let (st, err) = render_stats(&args, &root);
    assert!(geosets(&st).contains(&9), "{st}");
    assert_eq!(layers(&st), [("Base".into(), "Textures\\BakedNpcTextures\\undeadhunter.blp".into(), true)]);
    assert_eq!(st["body_texture"]["size"], serde_json::json!([512, 512]));
    assert!(err.contains("no ItemDisplayInfo.dbc in the client tables: equipment is not shown"), "{err}");
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn a_character_rides_its_mount() {
    let Some(c) = corpus() else { return };
    let out = temp("mount");
    let wolf = c.samples.join("Koward_Improved_Models/Creature/Wolf/Wolf.m2");
    let wolf = wolf.to_str().unwrap();
    let (alone, _) = render_stats(&[wolf], &out);
    let (rider, _) = render_stats(&["--dbc", &c.vanilla, &c.model], &out);
    let (mounted, _) = render_stats(&["--dbc", &c.vanilla, &c.model, "--mount", wolf], &out);
    // The mount is the model drawn (its 68 bones), the rider's triangles and body texture with it.
    assert_eq!(mounted["bones"], 68);
    let tris = |v: &Value| v["triangles"].as_u64().unwrap();
    assert_eq!(tris(&mounted), tris(&alone) + tris(&rider));
    assert_eq!(mounted["body_texture"], rider["body_texture"]);
    // A model without a MountMain attachment (the two boxes have only 11, Helm) seats no one.
    let boxes = out.join("Boxes.m2");
    std::fs::write(&boxes, write_md20(&fixtures::two_boxes(264))).unwrap();
    let png = out.join("x.png");
    let (code, _, err) = m2view(&["render", &c.model, "--mount", boxes.to_str().unwrap(), "-o", png.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("Boxes.m2 has no MountMain attachment (0)"), "{err}");
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn a_race_no_table_knows_wears_the_skin_beside_it() {
    // A private server's custom race: no ChrRaces row names Ogre (the pack's DBFilesClient has
    // none), and its body layers lie beside the model under the client's file names.
    let Some(c) = corpus() else { return };
    let ogre = c.samples.join("ElementoBorzi_Doomhammer-Public-Pack/Character/Ogre/Male/OgreMale.M2");
    let (code, out, err) = m2view(&["info", ogre.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("character: race Ogre (not in ChrRaces), male"), "{out}");
    assert!(out.contains("body layers guessed from the files beside the model (OgreMaleSkin00_00.blp"), "{out}");
    let dir = temp("ogre");
    let (stats, _) = render_stats(&[ogre.to_str().unwrap()], &dir);
    let found: Vec<(String, String, bool)> = layers(&stats);
    let expect = [
        ("Base", "OgreMaleSkin00_00.blp"),
        ("FaceLower", "OgreMaleLower00_00.blp"),
        ("FaceUpper", "OgreMaleUpper00_00.blp"),
        ("LegUpper", "OgreMaleNakedPelvisSkin00_00.blp"),
    ];
    let expect: Vec<(String, String, bool)> =
        expect.iter().map(|(r, f)| (r.to_string(), f.to_string(), true)).collect();
    assert_eq!(found, expect);
    // Skin, not a white mannequin: the body's pixels are warm (red over blue by a margin).
    let img = image::open(dir.join("render.png")).unwrap().to_rgba8();
    let body: Vec<&image::Rgba<u8>> = img.pixels().filter(|p| p[3] == 255 && p[0] as i32 - p[2] as i32 > 30).collect();
    assert!(body.len() > 300, "{} warm pixels of 4096", body.len());
}
