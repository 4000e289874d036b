//! 9.0+ characters through the `m2view` binary: `dress` on the real
//! 10.0-era tables of the sample corpus (`natnat201193_DBC_Compare`,
//! wago.tools CSV exports). No model, skeleton or texture of those
//! clients is public: the plan reports every file missing.

use crate::common;

use crate::common::m2view;
use crate::modern_install::install;
use m2view_format::fixtures::samples_dir;
use serde_json::Value;

mod readers;

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

    // Items: the legs paint the upper legs with the male texture (cyan), the helm hangs the
    // male model on the helm attachment and hides the hair.
    let (stats, img) =
        render(&data, &dir, &["--customize", "Hair Style=Peasant", "--equip", "legs=7001", "--equip", "head=7002"]);
    assert_eq!(stats["geosets"], serde_json::json!([0]), "the helm hides the hair");
    let legs = stats["body_texture"]["layers"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((legs["region"].as_str(), legs["file"].as_str()), (Some("LegUpper"), Some("fdid:800007")));
    let cyan = img.pixels().filter(|p| p[1] > 150 && p[2] > 150 && p[0] < 80).count();
    assert!(cyan > 20, "{cyan} cyan pixels");
    let (plain, _) = render(&data, &dir, &[]);
    let img_plain = |data: &std::path::Path, dir: &std::path::Path| render(data, dir, &[]).1;
    assert!(stats["triangles"].as_u64() > plain["triangles"].as_u64(), "the helm is drawn: {stats} vs {plain}");

    // A skinned model worn on the character's skeleton: at 500 ms of Stand the character's top
    // bone has turned 45°; the Horns' model has no animation of its own, and its top box (geoset
    // 2401, green from the body texture) stands exactly where the Peasant hair box stands.
    let mask = |img: &image::RgbaImage| -> Vec<bool> { img.pixels().map(|p| p[0].max(p[1]).max(p[2]) > 100).collect() };
    let (horns, horns_img) = render(&data, &dir, &["--customize", "Horns=Big", "--time", "500"]);
    let (_, hair_img) = render(&data, &dir, &["--customize", "Hair Style=Peasant", "--time", "500"]);
    let (_, still_img) = render(&data, &dir, &["--customize", "Horns=Big", "--time", "0"]);
    assert_eq!(horns["geosets"], serde_json::json!([0]), "the horns are no geoset of the body");
    assert!(horns["triangles"].as_u64() > plain["triangles"].as_u64(), "{horns} vs {plain}");
    let differ = |a: &[bool], b: &[bool]| a.iter().zip(b).filter(|(x, y)| x != y).count();
    assert_eq!(differ(&mask(&horns_img), &mask(&hair_img)), 0, "the horns follow the character's bone");
    assert!(differ(&mask(&horns_img), &mask(&still_img)) > 10, "the bone has turned by 500 ms");
    assert!(count(&horns_img, 1) > count(&img_plain(&data, &dir), 1), "the horns wear the body texture (green)");

    // A bone set (Face Shape "Tall") lifts the top box by half a unit: a gap of background opens
    // between the red hair box and the green body box (the camera frames the model either way).
    let gap = |img: &image::RgbaImage| {
        // Background rows inside the model's extent, down the middle column.
        let on: Vec<bool> =
            (0..img.height()).map(|y| img.get_pixel(img.width() / 2, y).0[..3].iter().any(|&c| c > 100)).collect();
        let (first, last) = (on.iter().position(|&b| b).unwrap(), on.iter().rposition(|&b| b).unwrap());
        on[first..=last].iter().filter(|&&b| !b).count()
    };
    let (_, tall) = render(&data, &dir, &["--customize", "Hair Style=Peasant,Face Shape=Tall", "--time", "500"]);
    assert!(gap(&tall) >= gap(&hair_img) + 3, "the top box rises: gap {} against {}", gap(&tall), gap(&hair_img));

    // The plan of the same install names the helm chosen for the male wearer and its texture.
    let p = plan(&[
        "dress",
        "--data",
        data.to_str().unwrap(),
        "--race",
        "human",
        "--gender",
        "male",
        "--equip",
        "head=7002",
        "--json",
    ]);
    let helm = &p["items"][0]["models"][0];
    assert_eq!((helm["attachment"].as_u64(), helm["model"]["file_data_id"].as_u64()), (Some(11), Some(700010)));
    assert_eq!(
        (helm["texture"]["file_data_id"].as_u64(), helm["model"]["found"].as_bool()),
        (Some(800003), Some(true))
    );

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
    // Its helm (NPCModelItemSlotDisplayInfo, slot 0) hangs and hides the Peasant hair.
    assert_eq!(stats["geosets"], serde_json::json!([0]));
    assert!(stats["triangles"].as_u64() > plain["triangles"].as_u64(), "the helm is drawn: {stats}");
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
    use m2view_app::open::{OpenOptions, Opened};
    use m2view_app::state::{AppState, Current};

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
        wc3_quality: Default::default(),
        ..Default::default()
    };
    let vfs = m2view::data_cmd::open(&spec).unwrap().vfs;
    let mut opts = OpenOptions::default();
    opts.load.data = vfs;
    let mut o = Opened::open(std::path::Path::new("fdid:700001"), &opts).unwrap();
    let parts = m2view_app::character::parts(&mut o.lm, &o.dressing, &opts);
    let mut s = crate::common::app_state(opts, false);
    s.current = Some(Current::new(o, parts, vec![]));
    let t = std::time::Instant::now();
    while !s.poll_indexing() {
        assert!(t.elapsed().as_secs() < 20, "indexing did not finish");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let mut h = Harness::builder().with_size(egui::vec2(1200.0, 1000.0)).build_ui_state(
        |ui, s: &mut AppState| {
            m2view_app::ui::draw(ui, s, None, "");
        },
        s,
    );
    h.run();
    h.get_by_label("ChrModel 1: Human male");
    // The chosen skin colour's swatch beside its list (SwatchColor 0xFFE6C09E).
    h.get_by_label("swatch #e6c09e");
    assert_eq!(h.state().current.as_ref().unwrap().geosets, [0].into());
    // The Hair Style list names its choices; picking Peasant shows geoset 2 on the next frame.
    h.get_by_label("Hair Style    ").click();
    h.run();
    h.get_by_label("Peasant").click();
    h.run();
    let c = h.state().current.as_ref().unwrap();
    assert_eq!(c.geosets, [0, 2].into());
    assert_eq!(c.body.as_ref().unwrap().companions[0].texture_type, 6, "the hair texture is composed");
    assert!(h.state().commands.contains(&m2view_app::command::Command::UploadCharacter));
    // Legs 7001 typed into the legs row and equipped: its cyan layer joins the body texture.
    h.state_mut().character_fields.equip.insert(m2view_dress::character::equipment::Slot::Legs, "7001".into());
    let legs_row = m2view_dress::character::equipment::Slot::ALL
        .iter()
        .position(|s| *s == m2view_dress::character::equipment::Slot::Legs)
        .unwrap();
    h.get_all_by_label("Equip").nth(legs_row).unwrap().click();
    h.run();
    let c = h.state().current.as_ref().unwrap();
    let layers = &c.body.as_ref().unwrap().layers;
    assert_eq!(layers.last().unwrap().0.file, "fdid:800007", "the legs' layer");
    // Save the outfit, change the hair back, load it: Peasant and the legs return.
    h.state_mut().output_dir = dir.clone();
    h.get_by_label("Save outfit").click();
    h.run();
    let saved = std::fs::read_to_string(dir.join("outfit.json")).unwrap();
    assert!(saved.contains("\"chr-model\": 1") && saved.contains("id:12=id:32"), "{saved}");
    {
        let c = h.state_mut().current.as_mut().unwrap();
        let m = c.dressing.modern.as_mut().unwrap();
        m.selection.customize(&m.catalog, "Hair Style=Bald").unwrap();
        m.selection.equipment.clear();
    }
    h.get_by_label("Load outfit").click();
    h.run();
    let c = h.state().current.as_ref().unwrap();
    assert_eq!(c.geosets, [0, 2].into());
    assert_eq!(c.body.as_ref().unwrap().layers.last().unwrap().0.file, "fdid:800007");
    // The same outfit dresses `render`, its race and gender opening the body.
    let png = dir.join("outfit.png");
    let (code, out, err) = m2view(&[
        "render",
        "--data",
        sources[0].to_str().unwrap(),
        "--outfit",
        dir.join("outfit.json").to_str().unwrap(),
        "--stats",
        "--size",
        "32x32",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let stats: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(stats["geosets"], serde_json::json!([0, 2]));
    // And `dress` plans it.
    let p = plan(&[
        "dress",
        "--data",
        sources[0].to_str().unwrap(),
        "--outfit",
        dir.join("outfit.json").to_str().unwrap(),
        "--json",
    ]);
    let hair = p["options"].as_array().unwrap().iter().find(|o| o["name"] == "Hair Style").unwrap().clone();
    assert_eq!(
        (p["chr_model"].as_u64(), hair["choice_id"].as_u64(), p["items"][0]["slot"].as_str()),
        (Some(1), Some(32), Some("legs"))
    );
    // Body type 2 opens ChrModel 2's model.
    h.get_by_label("body 2").click();
    h.step();
    for _ in 0..1000 {
        if h.state().pending.is_none() {
            break;
        }
        h.state_mut().poll_loading();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.run();
    let c = h.state().current.as_ref().unwrap();
    assert_eq!(
        (c.lm.file_data_id, c.dressing.modern.as_ref().map(|m| m.selection.chr_model.id)),
        (Some(700040), Some(2))
    );
}

#[test]
fn dress_plans_equipment_from_the_real_item_tables() {
    // ItemDisplayInfo is not in the public 10.0 set: one row (display 2503, a chest whose
    // components ItemDisplayInfoMaterialRes lists) is written here in the CSV form, its
    // GeosetGroup [1, 1, 0] (sleeves and chest); everything else is the real tables'.
    let Some(dbc) = tables() else { return };
    let dir = std::env::temp_dir().join(format!("m2view-modern-items-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("ItemDisplayInfo.csv"),
        "ID,ModelResourcesID[0],ModelResourcesID[1],ModelMaterialResourcesID[0],ModelMaterialResourcesID[1],\
         GeosetGroup[0],GeosetGroup[1],GeosetGroup[2],HelmetGeosetVis[0],HelmetGeosetVis[1]\n2503,0,0,0,0,1,1,0,0,0\n",
    )
    .unwrap();
    let p = plan(&[
        "dress",
        "--dbc",
        dir.to_str().unwrap(),
        "--dbc",
        &dbc,
        "--chr-model",
        "1",
        "--equip",
        "chest=2503",
        "--json",
    ]);
    let items: Vec<(String, u64)> = p["body_texture"]["layers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["display_id"] == 2503)
        .map(|l| (l["section"].as_str().unwrap().to_string(), l["file_data_id"].as_u64().unwrap()))
        .collect();
    // ComponentTextureFileData: the male texture of each two-gender component, the unisex one elsewhere.
    let want = [("ArmUpper", 151164), ("ArmLower", 148747), ("TorsoUpper", 162723), ("TorsoLower", 160072)];
    assert_eq!(items, want.map(|(s, f)| (s.to_string(), f)));
    let geosets: Vec<u64> = p["geosets"].as_array().unwrap().iter().filter_map(Value::as_u64).collect();
    assert!(geosets.contains(&802) && geosets.contains(&1002), "{geosets:?}");
    assert_eq!(p["items"][0]["slot"], "chest");
    // By item id: ItemModifiedAppearance 3159 gives item 8283 appearance 2691, display 2317 (real
    // rows); Item is not in the public set — without it the display is named, with a written row
    // (InventoryType 5, chest) the item is worn.
    let (code, _, err) =
        m2view(&["dress", "--dbc", dir.to_str().unwrap(), "--dbc", &dbc, "--chr-model", "1", "--item", "8283"]);
    assert_eq!(code, 2, "a table the item needs is missing: an input error");
    assert!(err.contains("item 8283 shows display 2317; give --equip SLOT=2317"), "{err}");
    std::fs::write(dir.join("Item.csv"), "ID,InventoryType,SheatheType\n8283,5,0\n").unwrap();
    let mut idi = std::fs::read_to_string(dir.join("ItemDisplayInfo.csv")).unwrap();
    idi += "2317,0,0,0,0,1,1,0,0,0\n";
    std::fs::write(dir.join("ItemDisplayInfo.csv"), idi).unwrap();
    let p =
        plan(&["dress", "--dbc", dir.to_str().unwrap(), "--dbc", &dbc, "--chr-model", "1", "--item", "8283", "--json"]);
    assert_eq!((p["items"][0]["slot"].as_str(), p["items"][0]["display_id"].as_u64()), (Some("chest"), Some(2317)));
    let torso =
        p["body_texture"]["layers"].as_array().unwrap().iter().find(|l| l["section"] == "TorsoUpper").unwrap().clone();
    assert_eq!(torso["file_data_id"], 162942, "the male torso component");
    std::fs::remove_file(dir.join("Item.csv")).unwrap();
    // A human female (ChrModel 2) gets the female textures.
    let p = plan(&[
        "dress",
        "--dbc",
        dir.to_str().unwrap(),
        "--dbc",
        &dbc,
        "--chr-model",
        "2",
        "--equip",
        "chest=2503",
        "--json",
    ]);
    let arm =
        p["body_texture"]["layers"].as_array().unwrap().iter().find(|l| l["section"] == "ArmUpper").unwrap().clone();
    assert_eq!(arm["file_data_id"], 151163);
}

#[test]
fn a_conditional_model_naming_the_body_is_the_body() {
    // Posture "Upright" names the body's own file under another CreatureModelData row, as the
    // real Forsaken "Upright" does in the 10.0 tables: the character is drawn as it is, nothing
    // added and nothing to warn of. "Other" names another file: a warning, the body kept.
    let dir = std::env::temp_dir().join(format!("m2view-modern-conditional-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = install(&dir.join("WoW"));
    let run = |extra: &[&str]| {
        let png = dir.join("c.png");
        let mut args = vec!["render", "--data", data.to_str().unwrap(), "--race", "human", "--gender", "male"];
        args.extend_from_slice(&["--stats", "--size", "64x64", "-o", png.to_str().unwrap()]);
        args.extend_from_slice(extra);
        let (code, out, err) = m2view(&args);
        assert_eq!(code, 0, "{err}");
        (serde_json::from_str::<Value>(out.trim()).unwrap(), err)
    };
    let (plain, _) = run(&[]);
    let (upright, err) = run(&["--customize", "Posture=Upright"]);
    assert_eq!(upright["triangles"], plain["triangles"]);
    assert!(!err.contains("conditional"), "{err}");
    let (other, err) = run(&["--customize", "Posture=Other"]);
    assert_eq!(other["triangles"], plain["triangles"], "the body kept, nothing added");
    assert!(
        err.contains("conditional model") && err.contains("choice 63") && err.contains("the body is kept"),
        "{err}"
    );
    // The plan names both.
    let (code, out, err) = m2view(&[
        "dress",
        "--data",
        data.to_str().unwrap(),
        "--race",
        "human",
        "--gender",
        "male",
        "--customize",
        "Posture=Upright",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let plan: Value = serde_json::from_str(out.trim()).unwrap();
    let conditional: Vec<&Value> =
        plan["models"].as_array().unwrap().iter().filter(|m| m["kind"] == "conditional").collect();
    assert_eq!(conditional.len(), 1, "{plan}");
    assert_eq!(conditional[0]["file_data_id"], 700001);
    let _ = std::fs::remove_dir_all(&dir);
}
