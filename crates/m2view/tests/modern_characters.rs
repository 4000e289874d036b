//! 9.0+ characters through the `m2view` binary: `dress` on the real
//! 10.0-era tables of the sample corpus (`natnat201193_DBC_Compare`,
//! wago.tools CSV exports). No model, skeleton or texture of those
//! clients is public: the plan reports every file missing.

mod common;

use common::m2view;
use m2view_format::fixtures::samples_dir;
use serde_json::Value;

fn tables() -> Option<String> {
    Some(samples_dir()?.join("natnat201193_DBC_Compare/dbfilesclient").to_str()?.to_string())
}

fn plan(args: &[&str]) -> Value {
    let (code, out, err) = m2view(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn dress_plans_a_human_male_from_the_real_tables() {
    let Some(dbc) = tables() else { return };
    let p =
        plan(&["dress", "--dbc", &dbc, "--race", "human", "--gender", "male", "--customize", "hair style=1", "--json"]);
    assert_eq!(
        (p["chr_model"].as_u64(), p["race"].as_str(), p["gender"].as_str()),
        (Some(1), Some("Human"), Some("male"))
    );
    let options = p["options"].as_array().unwrap();
    assert_eq!(options.len(), 10);
    let hair = options.iter().find(|o| o["name"] == "Hair Style").unwrap();
    assert_eq!(hair["choices"].as_array().unwrap().len(), 26);
    assert_eq!((hair["chosen"].as_u64(), hair["choice_id"].as_u64()), (Some(1), Some(45)));
    assert_eq!(hair["choices"][1]["name"], "Peasant");
    let geosets: Vec<u64> = p["geosets"].as_array().unwrap().iter().filter_map(Value::as_u64).collect();
    assert!(geosets.contains(&2) && !geosets.contains(&0), "{geosets:?}");
    let body = &p["body_texture"];
    assert_eq!(body["size"], serde_json::json!([2048, 1024]));
    let base = &body["layers"][0];
    assert_eq!(
        (base["section"].as_str(), base["file"].as_str(), base["found"].as_bool()),
        (Some("whole"), Some("fdid:1027767"), Some(false))
    );

    // The same body by id, bald: geoset 0 instead of 2.
    let p = plan(&["dress", "--dbc", &dbc, "--chr-model", "1", "--customize", "id:11=id:44", "--json"]);
    let geosets: Vec<u64> = p["geosets"].as_array().unwrap().iter().filter_map(Value::as_u64).collect();
    assert!(geosets.contains(&0) && !geosets.contains(&2), "{geosets:?}");
}

#[test]
fn dress_says_what_it_cannot_find() {
    let Some(dbc) = tables() else { return };
    let (code, _, err) = m2view(&["dress", "--dbc", &dbc, "--race", "Ogre", "--gender", "male"]);
    assert_eq!(code, 1);
    assert!(err.contains("no ChrRaces row named \"Ogre\""), "{err}");
    let (code, _, err) = m2view(&["dress", "--dbc", &dbc, "--chr-model", "1", "--customize", "Hair Style=99"]);
    assert_eq!(code, 1);
    assert!(err.contains("option \"Hair Style\" has no choice 99 (26 offered"), "{err}");
    // Text output: one line per option.
    let (code, out, err) = m2view(&["dress", "--dbc", &dbc, "--chr-model", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ChrModel 2: Human female\n"), "{out}");
    assert!(out.contains("  Hair Style ["), "{out}");
    // Tables of a client before 9.0 have no ChrModel.
    let vanilla = samples_dir().unwrap().join("andrewmunro_Vanilla/dbc");
    let (code, _, err) = m2view(&["dress", "--dbc", vanilla.to_str().unwrap(), "--chr-model", "1"]);
    assert_eq!(code, 1);
    assert!(err.contains("no ChrModel table"), "{err}");
}

/// One written table: its name and rows.
type Table = (&'static str, Vec<(u32, Vec<m2view_db::fixtures::Cell>)>);

/// The 9.0+ character tables of the written install, in the 11.2.7
/// layouts of WoWDBDefs (written here: no public WDC5 character table
/// exists). ChrModel 1 (Human male) shows model 700001 through display
/// 5001; layout 50 composes a 64×64 body (type 1) and a 16×16 hair
/// texture (type 6). Skin Color: choice 21 green skin with blue underwear
/// on the upper legs (section 5), choice 22 yellow skin. Hair Style: Bald
/// (geoset 0) or Peasant (geoset 2, red hair texture). NPC display 5002
/// (extra 60) has Peasant hair and a purple baked body texture.
fn character_tables() -> Vec<Table> {
    use m2view_db::fixtures::{Cell, row};
    let b = [11, 2, 7, 65299];
    let i = |v: i64| Cell::Int(v as u64);
    let s = |v: &str| Cell::Str(v.into());
    let r = |t: &'static str, id: u32, cells: &[(&str, Cell)]| row(t, b, id, cells).unwrap_or_else(|| panic!("{t}"));
    let option = |id, name, order| {
        r("ChrCustomizationOption", id, &[("Name_lang", s(name)), ("ChrModelID", i(1)), ("OrderIndex", i(order))])
    };
    let choice = |id, option, name, order| {
        r(
            "ChrCustomizationChoice",
            id,
            &[("Name_lang", s(name)), ("ChrCustomizationOptionID", i(option)), ("OrderIndex", i(order))],
        )
    };
    let element = |id, choice, column: &str, value| {
        r("ChrCustomizationElement", id, &[("ChrCustomizationChoiceID", i(choice)), (column, i(value))])
    };
    let material = |id, target, res| {
        r("ChrCustomizationMaterial", id, &[("ChrModelTextureTargetID", i(target)), ("MaterialResourcesID", i(res))])
    };
    let layer = |id, ty, layer, blend, mask, target| {
        r(
            "ChrModelTextureLayer",
            id,
            &[
                ("TextureType", i(ty)),
                ("Layer", i(layer)),
                ("BlendMode", i(blend)),
                ("TextureSectionTypeBitMask", i(mask)),
                ("ChrModelTextureTargetID[0]", i(target)),
                ("CharComponentTextureLayoutsID", i(50)),
            ],
        )
    };
    let size = |id, ty, w, h| {
        r(
            "ChrModelMaterial",
            id,
            &[("CharComponentTextureLayoutsID", i(50)), ("TextureType", i(ty)), ("Width", i(w)), ("Height", i(h))],
        )
    };
    let file =
        |fdid, res| r("TextureFileData", fdid, &[("FileDataID", i(fdid as i64)), ("MaterialResourcesID", i(res))]);
    vec![
        (
            "ChrRaces",
            vec![r(
                "ChrRaces",
                1,
                &[("ClientFileString", s("Human")), ("Name_lang", s("Human")), ("ClientPrefix", s("Hu"))],
            )],
        ),
        (
            "ChrModel",
            vec![r("ChrModel", 1, &[("Sex", i(0)), ("DisplayID", i(5001)), ("CharComponentTextureLayoutID", i(50))])],
        ),
        (
            "ChrRaceXChrModel",
            vec![r("ChrRaceXChrModel", 1, &[("ChrRacesID", i(1)), ("ChrModelID", i(1)), ("Sex", i(0))])],
        ),
        (
            "CreatureDisplayInfo",
            vec![
                r("CreatureDisplayInfo", 5001, &[("ModelID", i(4001)), ("CreatureModelScale", Cell::Float(1.0))]),
                r(
                    "CreatureDisplayInfo",
                    5002,
                    &[("ModelID", i(4001)), ("CreatureModelScale", Cell::Float(1.0)), ("ExtendedDisplayInfoID", i(60))],
                ),
            ],
        ),
        (
            "CreatureDisplayInfoExtra",
            vec![r(
                "CreatureDisplayInfoExtra",
                60,
                &[("DisplayRaceID", i(1)), ("DisplaySexID", i(0)), ("BakeMaterialResourcesID", i(9005))],
            )],
        ),
        (
            "CreatureDisplayInfoOption",
            vec![r(
                "CreatureDisplayInfoOption",
                1,
                &[
                    ("CreatureDisplayInfoExtraID", i(60)),
                    ("ChrCustomizationOptionID", i(12)),
                    ("ChrCustomizationChoiceID", i(32)),
                ],
            )],
        ),
        (
            "CreatureModelData",
            vec![r("CreatureModelData", 4001, &[("FileDataID", i(700001)), ("ModelScale", Cell::Float(1.0))])],
        ),
        ("ChrCustomizationOption", vec![option(11, "Skin Color", 0), option(12, "Hair Style", 1)]),
        (
            "ChrCustomizationChoice",
            vec![choice(21, 11, "", 0), choice(22, 11, "", 1), choice(31, 12, "Bald", 0), choice(32, 12, "Peasant", 1)],
        ),
        (
            "ChrCustomizationElement",
            vec![
                element(1, 21, "ChrCustomizationMaterialID", 101),
                element(2, 21, "ChrCustomizationMaterialID", 102),
                element(3, 22, "ChrCustomizationMaterialID", 104),
                element(4, 31, "ChrCustomizationGeosetID", 201),
                element(5, 32, "ChrCustomizationGeosetID", 202),
                element(6, 32, "ChrCustomizationMaterialID", 103),
            ],
        ),
        (
            "ChrCustomizationGeoset",
            vec![
                r("ChrCustomizationGeoset", 201, &[("GeosetType", i(0)), ("GeosetID", i(0))]),
                r("ChrCustomizationGeoset", 202, &[("GeosetType", i(0)), ("GeosetID", i(2))]),
            ],
        ),
        (
            "ChrCustomizationMaterial",
            vec![material(101, 1, 9001), material(102, 13, 9002), material(103, 10, 9003), material(104, 1, 9004)],
        ),
        ("ChrModelTextureLayer", vec![layer(1, 1, 0, 1, -1, 1), layer(2, 1, 9, 15, 32, 13), layer(3, 6, 1, 1, -1, 10)]),
        ("ChrModelMaterial", vec![size(1, 1, 64, 64), size(2, 6, 16, 16)]),
        (
            "CharComponentTextureLayouts",
            vec![r("CharComponentTextureLayouts", 50, &[("Width", i(64)), ("Height", i(64))])],
        ),
        (
            "CharComponentTextureSections",
            vec![r(
                "CharComponentTextureSections",
                1,
                &[
                    ("CharComponentTextureLayoutID", i(50)),
                    ("SectionType", i(5)),
                    ("X", i(32)),
                    ("Y", i(32)),
                    ("Width", i(32)),
                    ("Height", i(32)),
                ],
            )],
        ),
        (
            "TextureFileData",
            vec![file(800001, 9001), file(800002, 9002), file(800003, 9003), file(800004, 9004), file(800005, 9005)],
        ),
    ]
}

/// A 9.0+ race model written for the install: the project's two-box model
/// with the body texture (type 1) on its lower box (geoset 0) and the hair
/// texture (type 6) on its upper box (geoset 2), both opaque.
fn race_model() -> Vec<u8> {
    use m2view_format::fixtures as f;
    let mut m = f::two_boxes_md21();
    m.md20.textures[0] = m2view_format::raw::m2::M2Texture { kind: 1, flags: 0, filename: String::new() };
    m.md20.textures[1].kind = 6;
    m.md20.materials[1] = m.md20.materials[0];
    m.chunks.as_mut().unwrap().skin_file_ids = vec![700002];
    m.chunks.as_mut().unwrap().texture_file_ids = vec![0, 0];
    m2view_format::writer::write_md21(&m)
}

fn race_skin() -> Vec<u8> {
    let mut skin = m2view_format::fixtures::skin_profile(274);
    skin.submeshes[1].skin_section_id = 2;
    skin.batches[1].color_index = -1;
    m2view_format::writer::write_skin(&skin, 274)
}

/// A solid 4×4 texture.
fn solid(rgba: [u8; 4]) -> Vec<u8> {
    m2view_format::blp::write_blp2_raw(4, 4, &[rgba.repeat(16)])
}

/// Writes the install under `dir` (the model, its skin, four textures and
/// the tables as WDC5 under their FileDataIDs); returns its `_retail_` folder.
fn install(dir: &std::path::Path) -> std::path::PathBuf {
    use m2view_casc::fixtures::{File, Product};
    let mut files = vec![
        File::new(700001, None, race_model()),
        File::new(700002, None, race_skin()),
        File::new(800001, None, solid([0, 200, 0, 255])),
        File::new(800002, None, solid([0, 0, 255, 255])),
        File::new(800003, None, solid([220, 0, 0, 255])),
        File::new(800004, None, solid([230, 230, 0, 255])),
        File::new(800005, None, solid([160, 0, 220, 255])),
    ];
    for (t, rows) in character_tables() {
        let id = m2view_db::defs::db2_fdid(t).unwrap_or_else(|| panic!("no FileDataID for {t}"));
        files.push(File::new(id, None, m2view_db::fixtures::write_wdc5(t, [11, 2, 7, 65299], &rows).unwrap()));
    }
    m2view_casc::fixtures::write(dir, &[Product::retail(files)]).unwrap();
    let data = dir.join("_retail_");
    std::fs::create_dir_all(&data).unwrap();
    data
}

/// `render --stats` of the written character at 64×64: the statistics and the image.
fn render(data: &std::path::Path, out: &std::path::Path, extra: &[&str]) -> (Value, image::RgbaImage) {
    let png = out.join("render.png");
    let mut args = vec!["render", "--data", data.to_str().unwrap(), "--race", "human", "--gender", "male"];
    args.extend_from_slice(&["--stats", "--size", "64x64", "-o", png.to_str().unwrap()]);
    args.extend_from_slice(extra);
    let (code, out, err) = m2view(&args);
    assert_eq!(code, 0, "{err}");
    (serde_json::from_str(out.trim()).unwrap(), image::open(png).unwrap().to_rgba8())
}

/// Pixels of `img` whose colour is mostly `channel` (0 red, 1 green, 2 blue).
fn count(img: &image::RgbaImage, channel: usize) -> usize {
    img.pixels().filter(|p| (0..3).all(|c| c == channel || p[channel] as i32 > p[c] as i32 + 60)).count()
}

#[test]
fn a_modern_character_renders_with_its_choices() {
    let dir = std::env::temp_dir().join(format!("m2view-modern-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = install(&dir.join("WoW"));

    // Defaults: skin colour choice 21 (green, blue underwear), Bald: the upper box hidden.
    let (stats, img) = render(&data, &dir, &[]);
    assert_eq!(stats["geosets"], serde_json::json!([0]));
    let body = &stats["body_texture"];
    assert_eq!(body["size"], serde_json::json!([64, 64]));
    let layers: Vec<(&str, &str, bool)> = body["layers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["region"].as_str().unwrap(), l["file"].as_str().unwrap(), l["found"] == true))
        .collect();
    assert_eq!(layers, [("whole", "fdid:800001", true), ("LegUpper", "fdid:800002", true)]);
    let (green, blue, red) = (count(&img, 1), count(&img, 2), count(&img, 0));
    assert!(green > 100 && blue > 50 && red == 0, "green {green}, blue {blue}, red {red}");

    // Peasant hair and yellow skin: geoset 2 shown, the hair texture (type 6) composed beside the body.
    let (stats, img) = render(&data, &dir, &["--customize", "Hair Style=Peasant,skin color=1"]);
    assert_eq!(stats["geosets"], serde_json::json!([0, 2]));
    assert_eq!(stats["body_texture"]["layers"][0]["file"], "fdid:800004");
    let hair = &stats["body_texture"]["companions"][0];
    assert_eq!((hair[0].as_u64(), &hair[1]["size"]), (Some(6), &serde_json::json!([16, 16])));
    let (green, red) = (count(&img, 1), count(&img, 0));
    assert!(red > 100 && green == 0, "green {green}, red {red}");

    // An NPC display alone: the model from its display, its choices, its baked body texture.
    let png = dir.join("npc.png");
    let (code, out, err) = m2view(&[
        "render",
        "--data",
        data.to_str().unwrap(),
        "--display-id",
        "5002",
        "--stats",
        "--size",
        "64x64",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let stats: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(stats["geosets"], serde_json::json!([0, 2]));
    let baked = &stats["body_texture"]["layers"];
    assert_eq!(
        (baked[0]["region"].as_str(), baked[0]["file"].as_str(), baked.as_array().unwrap().len()),
        (Some("baked"), Some("fdid:800005"), 1)
    );
    let img = image::open(png).unwrap().to_rgba8();
    let purple = img.pixels().filter(|p| p[2] > 150 && p[0] > 100 && p[1] < 60).count();
    assert!(purple > 100, "{purple} purple pixels");

    // info names the body and its options.
    let (code, out, err) = m2view(&["info", "--data", data.to_str().unwrap(), "fdid:700001"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("character: ChrModel 1, race Human (1), male (0)"), "{out}");
    assert!(out.contains("Hair Style    2 choices (current 0)"), "{out}");
}

#[test]
fn the_character_panel_lists_modern_options_by_name() {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use m2view::app::state::{AppState, Current};
    use m2view::open::{OpenOptions, Opened};

    let dir = std::env::temp_dir().join(format!("m2view-modern-panel-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = install(&dir.join("WoW"));
    let sources = [data];
    let spec = m2view::data_cmd::DataSpec {
        sources: &sources,
        locale: None,
        listfile: None,
        loose: false,
        product: None,
        tact_keys: None,
    };
    let vfs = m2view::data_cmd::open(&spec).unwrap().vfs;
    let mut opts = OpenOptions::default();
    opts.load.data = vfs;
    let mut o = Opened::open(std::path::Path::new("fdid:700001"), &opts).unwrap();
    let parts = m2view::character::parts(&mut o.lm, &o.dressing, &opts);
    let mut s = AppState::new(opts, false);
    s.current = Some(Current::new(o, parts, vec![]));
    let t = std::time::Instant::now();
    while !s.poll_indexing() {
        assert!(t.elapsed().as_secs() < 20, "indexing did not finish");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let mut h = Harness::builder().with_size(egui::vec2(1200.0, 1000.0)).build_ui_state(
        |ui, s: &mut AppState| {
            m2view::app::ui::draw(ui, s, None, "");
        },
        s,
    );
    h.run();
    h.get_by_label("ChrModel 1: Human male");
    assert_eq!(h.state().current.as_ref().unwrap().geosets, [0].into());
    // The Hair Style list names its choices; picking Peasant shows geoset 2 on the next frame.
    h.get_by_label("Hair Style    ").click();
    h.run();
    h.get_by_label("Peasant").click();
    h.run();
    let c = h.state().current.as_ref().unwrap();
    assert_eq!(c.geosets, [0, 2].into());
    assert_eq!(c.body.as_ref().unwrap().companions[0].texture_type, 6, "the hair texture is composed");
    assert!(h.state().commands.contains(&m2view::app::command::Command::UploadCharacter));
}
