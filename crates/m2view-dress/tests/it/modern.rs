//! 9.0+ characters planned from the real 10.0-era tables of the sample
//! corpus (`natnat201193_DBC_Compare/dbfilesclient`, wago.tools CSV
//! exports): options and choices in the client's order, requirements,
//! geosets and the layers of the composed textures. No model or texture
//! of those clients is public, so files are reported missing here.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use m2view_db::defs::Definitions;
use m2view_dress::ClientTables;
use m2view_dress::modern::{Catalog, Plan, Selection};
use m2view_format::fixtures::samples_dir;

fn tables_dir() -> Option<PathBuf> {
    Some(samples_dir()?.join("natnat201193_DBC_Compare/dbfilesclient"))
}

/// The catalog of the real tables, read once for every test.
fn catalog() -> Option<&'static Catalog> {
    static CATALOG: OnceLock<Option<Catalog>> = OnceLock::new();
    CATALOG
        .get_or_init(|| {
            let tables = ClientTables::new(&[tables_dir()?], None, Arc::new(Definitions::new(None)));
            Some(Catalog::load(&tables).expect("tables read").expect("ChrModel present"))
        })
        .as_ref()
}

fn none_found(_: u32) -> (String, bool) {
    (String::new(), false)
}

fn human_male(c: &Catalog) -> Selection {
    let race = c.race_named("Human").expect("ChrRaces names Human");
    let model = c.chr_model_of(race.id, 0).expect("human male body");
    assert_eq!((model.id, model.layout), (1, 103));
    Selection::new(c, model, false)
}

#[test]
fn human_male_options_and_hair_geosets() {
    let Some(c) = catalog() else { return };
    let mut sel = human_male(c);
    let names: Vec<&str> = sel.options.iter().map(|o| o.option.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Face",
            "Skin Color",
            "Hair Style",
            "Hair Color",
            "Mustache",
            "Beard",
            "Sideburns",
            "Face Shape",
            "Eyebrows",
            "Eye Color"
        ]
    );
    let hair = sel.option_named("hair style").unwrap();
    assert_eq!(hair.choices.len(), 26);
    assert_eq!((hair.choices[0].name.as_str(), hair.choices[1].name.as_str()), ("Bald", "Peasant"));

    sel.customize(c, "Hair Style=1").unwrap();
    let plan = Plan::new(c, &sel, &none_found);
    let hair = plan.options.iter().find(|o| o.name == "Hair Style").unwrap();
    assert_eq!((hair.chosen, hair.choice_id), (Some(1), Some(45)));
    assert!(plan.geosets.contains(&2) && !plan.geosets.contains(&0), "{:?}", plan.geosets);

    sel.customize(c, "Hair Style=0").unwrap();
    let plan = Plan::new(c, &sel, &none_found);
    assert!(plan.geosets.contains(&0) && !plan.geosets.contains(&2), "{:?}", plan.geosets);
    // Swatches: ChrCustomizationChoice 1 (Skin Color's first) has SwatchColor -1654626,
    // ARGB 0xFFE6C09E; a hair style has none.
    let skin = plan.options.iter().find(|o| o.name == "Skin Color").unwrap();
    assert_eq!((skin.choices[0].id, skin.choices[0].swatches.as_slice()), (1, [[0xE6, 0xC0, 0x9E]].as_slice()));
    let hair = plan.options.iter().find(|o| o.name == "Hair Style").unwrap();
    assert!(hair.choices.iter().all(|c| c.swatches.is_empty()));
}

#[test]
fn human_male_textures_by_layout_103() {
    let Some(c) = catalog() else { return };
    let plan = Plan::new(c, &human_male(c), &|id| (format!("fdid:{id}"), false));
    assert_eq!(plan.body_texture.size, [2048, 1024]);
    // The base skin: the one layer of the body copied, not blended (ChrModelTextureLayer 17).
    let base = &plan.body_texture.layers[0];
    assert_eq!((base.layer, base.section.as_str(), base.blend_mode), (0, "whole", 1));
    assert_eq!((base.rect, base.file.file_data_id, base.file.found), ([0, 0, 2048, 1024], 1027767, false));
    // Underwear on the upper legs: mask 32 = section 5, (512, 384) 512×256.
    let pelvis = plan.body_texture.layers.iter().find(|l| l.section == "LegUpper").unwrap();
    assert_eq!((pelvis.rect, pelvis.blend_mode), ([512, 384, 512, 256], 15));
    let layers: Vec<i32> = plan.body_texture.layers.iter().map(|l| l.layer).collect();
    assert!(layers.is_sorted(), "{layers:?}");
    // Hair (type 6) and eyes (type 19) are textures of their own, at ChrModelMaterial's sizes.
    let sizes: Vec<(u32, [u32; 2])> = plan.textures.iter().map(|t| (t.texture_type, t.size)).collect();
    assert_eq!(sizes, [(6, [512, 256]), (19, [256, 128])]);
    // No CreatureDisplayInfo in the public set: the body's model is unknown, and said so.
    assert!(plan.model.is_none());
    assert!(plan.warnings.iter().any(|w| w.contains("DisplayID 57899")), "{:?}", plan.warnings);
    assert_eq!(plan.skeleton.as_ref().map(|s| s.file_data_id), Some(199671));
}

#[test]
fn hair_colours_follow_the_hair_style() {
    let Some(c) = catalog() else { return };
    let mut sel = human_male(c);
    // Bald and the 1.x styles take the hair colours of requirement 35 (first: choice 61) ...
    let colour = |s: &Selection| s.chosen[&s.option_named("Hair Color").unwrap().option.id];
    assert_eq!(colour(&sel), 61);
    // ... Buzzed (choice 4989) those of requirement 36 (first: 5140).
    sel.customize(c, "Hair Style=id:4989").unwrap();
    assert_eq!(colour(&sel), 5140);
    let plan = Plan::new(c, &sel, &none_found);
    let colours = &plan.options.iter().find(|o| o.name == "Hair Color").unwrap().choices;
    let available: Vec<u32> = colours.iter().filter(|c| c.available).map(|c| c.id).collect();
    // 5140..=5152 and 15737, a colour added later with a requirement of its own; of 42 offered.
    assert_eq!((available.len(), available[0], available[13], colours.len()), (14, 5140, 15737, 42));
    // A colour of another style is refused, naming the option it needs.
    let e = sel.customize(c, "Hair Style=id:4989,Hair Color=id:61").unwrap_err().to_string();
    assert!(e.contains("needs option \"Hair Style\""), "{e}");
    // Unknown names and positions out of range say what there is.
    let e = sel.customize(c, "Hair Style=26").unwrap_err().to_string();
    assert!(e.contains("26 offered"), "{e}");
    let e = sel.customize(c, "Tail=0").unwrap_err().to_string();
    assert!(e.contains("Hair Style") && e.contains("Eye Color"), "{e}");
}

#[test]
fn npc_and_class_choices_only_when_asked() {
    let Some(c) = catalog() else { return };
    let skin = |s: &Selection| s.option_named("Skin Color").unwrap().choices.len();
    let player = human_male(c);
    let npc = Selection::new(c, &player.chr_model, true);
    // 24 skin colours: 3 death knight (class mask 32), 4 NPC (requirement without the player bit),
    // 1 of neither player nor NPC (ReqType 4).
    assert_eq!((skin(&player), skin(&npc)), (16, 24));
}

#[test]
fn every_body_and_every_choice_plans() {
    let Some(c) = catalog() else { return };
    let (mut plans, mut refused) = (0, 0);
    let mut models: Vec<_> = c.chr_models.values().collect();
    models.sort_by_key(|m| m.id);
    for m in models {
        let sel = Selection::new(c, m, true);
        for o in &sel.options {
            for choice in &o.choices {
                let mut s = sel.clone();
                match s.customize(c, &format!("id:{}=id:{}", o.option.id, choice.id)) {
                    Ok(()) => {
                        Plan::new(c, &s, &none_found);
                        plans += 1;
                    }
                    // A choice another choice must come with (a hair colour of another style).
                    Err(e) => {
                        assert!(e.to_string().contains("needs option"), "ChrModel {}: {e}", m.id);
                        refused += 1;
                    }
                }
            }
        }
    }
    assert!(plans > 10_000, "{plans} plans, {refused} refused");
}

/// Tables that contradict each other, written here as rows: a choice whose
/// elements name a missing geoset and material, a layer whose mask names
/// no section of its layout, a texture far larger than any layout, and two
/// choices that each need the other (a circular requirement).
fn contradicting() -> Catalog {
    use m2view_db::customization::*;
    let mut c = Catalog::default();
    let model = ChrModelRow { id: 1, sex: 0, display_id: 0, layout: 7, skeleton: 0 };
    c.chr_models.insert(1, model);
    let option = |id, order| OptionRow { id, name: format!("O{id}"), chr_model: 1, order, flags: 0, req: 0 };
    c.options.insert(1, vec![option(10, 0), option(20, 1)]);
    let choice = |id, option, req| ChoiceRow { id, name: String::new(), option, req, order: id as i32, swatch: [0; 2] };
    // 11 needs 21 chosen and 21 needs 11: neither can be a default; 12 and 22 need nothing.
    c.choices.insert(10, vec![choice(11, 10, 1), choice(12, 10, 0)]);
    c.choices.insert(20, vec![choice(21, 20, 2), choice(22, 20, 0)]);
    c.choice_option = [(11, 10), (12, 10), (21, 20), (22, 20)].into();
    c.reqs = [1, 2].map(|id| (id, ReqRow { id, req_type: 1, class_mask: -1, unlock: 0 })).into();
    c.req_choices = [(1, vec![21]), (2, vec![11])].into();
    let element = |id, choice, geoset, material| ElementRow {
        id,
        choice,
        related: 0,
        geoset,
        skinned_model: 0,
        material,
        bone_set: 0,
        cond_model: 0,
        display_info: 0,
    };
    c.elements = [(12, vec![element(1, 12, 999, 0), element(2, 12, 0, 998), element(3, 12, 0, 5)])].into();
    c.materials.insert(5, CustMaterialRow { id: 5, target: 3, resources: 50 });
    c.material_files.insert(50, 5000);
    let layer = TextureLayerRow {
        id: 9,
        texture_type: 1,
        layer: 1,
        blend_mode: 15,
        section_mask: 1 << 20,
        targets: [3, 0],
        layout: 7,
    };
    c.layers.insert(7, vec![layer]);
    c.texture_sizes.insert((7, 1), [100_000, 50_000]);
    c
}

#[test]
fn contradicting_tables_give_warnings_naming_rows() {
    let c = contradicting();
    let model = c.chr_models[&1].clone();
    let mut sel = Selection::new(&c, &model, false);
    // The circular pair is never a default.
    assert_eq!((sel.chosen[&10], sel.chosen[&20]), (12, 22));
    let e = sel.customize(&c, "O10=0").unwrap_err();
    assert!(matches!(e, m2view_dress::DressError::Refused(_)), "{e:?}");
    let e = e.to_string();
    assert!(e.contains("needs option \"O20\" to be one of id:21"), "{e}");
    let plan = Plan::new(&c, &sel, &none_found);
    let w = plan.warnings.join("\n");
    assert!(w.contains("ChrCustomizationElement 1: no ChrCustomizationGeoset row 999"), "{w}");
    assert!(w.contains("ChrCustomizationElement 2: no ChrCustomizationMaterial row 998"), "{w}");
    assert!(w.contains("ChrModelTextureLayer 9: no CharComponentTextureSections row of layout 7"), "{w}");
    // A texture larger than any layout is drawn at a size the GPU takes.
    assert!(plan.body_texture.size[0] <= 2048 && plan.body_texture.size[1] <= 2048, "{:?}", plan.body_texture.size);
    assert!(w.contains("100000x50000 is larger than 2048"), "{w}");
}

#[test]
fn items_are_found_by_name_through_item_sparse_and_their_appearance() {
    use m2view_dress::character::equipment::{ItemKind, Slot};
    use m2view_dress::named_items::{gather, parse_list, search};
    let Some(real) = tables_dir() else { return };
    // ItemSparse is not in the public set: a fixture with three items whose
    // ItemModifiedAppearance and ItemAppearance rows are real (19019 → appearance
    // 5353 → display 30606; 2586 → 911 → 22033; 8283 → 2691 → 2317).
    let dir = std::env::temp_dir().join(format!("m2view-item-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("ItemSparse.csv"),
        "ID,Display_lang,InventoryType\n19019,\"Thunderfury, Blessed Blade of the Windseeker\",13\n2586,Gamemaster's Robe,20\n8283,Fixture Boots,8\n",
    )
    .unwrap();
    let tables = ClientTables::new(&[dir.clone(), real], None, Arc::new(Definitions::new(None)));
    // A list entry the tables also name is theirs; another is added as listed.
    let list = parse_list("19019;Another name;1\n77;Listed Only;99;1\n", "items.csv").unwrap();
    let items = gather(&tables, &list).unwrap();
    let found = search(&items, "thunderfury", 10);
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].id, found[0].display), (19019, 30606));
    assert_eq!(found[0].slot(), Some((Slot::MainHand, ItemKind::Plain)));
    let robe = search(&items, "robe", 10)[0];
    assert_eq!((robe.display, robe.slot()), (22033, Some((Slot::Chest, ItemKind::Robe))));
    assert_eq!(search(&items, "2317", 10).len(), 0, "a display id is no item id");
    assert_eq!(search(&items, "8283", 10)[0].display, 2317);
    let listed = search(&items, "listed", 10)[0];
    assert_eq!((listed.id, listed.display, listed.slot()), (77, 99, Some((Slot::Head, ItemKind::Plain))));
    assert!(search(&items, "another", 10).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_list_takes_display_and_slot_from_item_dbc() {
    use m2view_dress::named_items::{gather, parse_list};
    // Clients to 3.3.5 keep names on the server; Item.dbc gives display and
    // inventory type (a fixture in the table's CSV layout: no public Item.dbc).
    let dir = std::env::temp_dir().join(format!("m2view-item-list-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Item.csv"), "ID,DisplayInfoID,InventoryType,SheatheType\n6125,9996,4,0\n").unwrap();
    let tables = ClientTables::new(std::slice::from_ref(&dir), None, Arc::new(Definitions::new(None)));
    let list = parse_list("6125;Brawler's Harness;\n1;Unknown;;\n", "items.csv").unwrap();
    let items = gather(&tables, &list).unwrap();
    assert_eq!((items[0].display, items[0].inventory_type), (9996, 4));
    assert_eq!((items[1].display, items[1].slot()), (0, None));
    std::fs::remove_dir_all(&dir).unwrap();
}
