//! Textures and tables in the window, driven like a user would with
//! egui_kittest (no window, no GPU): the browser lists an archive's
//! textures and opens one in the texture view (mip level, channels, fit,
//! close); a creature table opens in the table view, is searched and
//! sorted, and a row opens its model in that display.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use m2view_app::document::Document;
use m2view_app::open::OpenOptions;
use m2view_app::state::AppState;
use m2view_app::ui;

fn harness(s: AppState) -> Harness<'static, AppState> {
    Harness::builder().with_size(egui::vec2(1400.0, 1000.0)).build_ui_state(
        |ui, s: &mut AppState| {
            ui::draw(ui, s, None, "");
        },
        s,
    )
}

#[test]
fn the_browser_opens_a_texture_of_an_archive_in_the_texture_view() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    // A real 3.3.5 patch MPQ: 633 files, two of them BLP (ghost skins, 256×256 DXT).
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.add_data_source(samples.join("grandatlant_DataMod/patch-Y.MPQ"));
    let t = std::time::Instant::now();
    while !s.poll_indexing() {
        assert!(t.elapsed().as_secs() < 20, "indexing did not finish");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let mut h = harness(s);
    h.run();
    h.get_by_label("Models (0 of 0)");
    h.get_by_label("Textures").click();
    h.run();
    h.get_by_label("Textures (2 of 2)");
    h.get_by_label("Creature/Ghost/GhostSkin.blp").click();
    h.run();
    let info = |h: &Harness<'static, AppState>| match &h.state().document {
        Some(Document::Texture(t)) => (t.mip, t.level.as_ref().map(|l| (l.width, l.height)).ok(), t.channels, t.zoom),
        _ => panic!("no texture shown"),
    };
    assert_eq!(info(&h).1, Some((256, 256)));
    h.get_by_label_contains("BLP2 DXT");
    // Mip level 2 from the combo box: 64×64.
    h.get_by_label("mip level").click();
    h.run();
    h.get_by_label("2: 64x64").click();
    h.run();
    assert_eq!(info(&h).0, 2);
    assert_eq!(info(&h).1, Some((64, 64)));
    // Alpha off, then red alone: shown as opaque grey.
    h.get_by_label("A").click();
    h.run();
    let Some(Document::Texture(t)) = &h.state().document else { panic!() };
    assert!(t.shown().unwrap().pixels.chunks_exact(4).all(|p| p[3] == 255));
    for c in ["G", "B"] {
        h.get_by_label(c).click();
        h.run();
    }
    let Some(Document::Texture(t)) = &h.state().document else { panic!() };
    let (shown, level) = (t.shown().unwrap(), t.level.as_ref().unwrap());
    assert!(shown.pixels.chunks_exact(4).zip(level.pixels.chunks_exact(4)).all(|(s, l)| s == [l[0], l[0], l[0], 255]));
    // Fit: 64 texels into the view's height.
    h.get_by_label("Fit").click();
    h.run();
    assert!(info(&h).3 > 8.0, "zoom {}", info(&h).3);
    h.get_by_label("Close file").click();
    h.run();
    assert!(h.state().document.is_none());
}

#[test]
fn a_creature_table_is_searched_sorted_and_opens_a_model_in_its_display() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    // Koward's 1.12 tables beside his models: display 188 is Murloc2 in its blue skin
    // (CreatureDisplayInfo row 188: ModelID 2385, TextureVariation Murloc2_Blue).
    let koward = samples.join("Koward_Improved_Models");
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.open(koward.join("DBFilesClient/CreatureDisplayInfo.dbc"));
    assert!(s.error.is_none(), "{:?}", s.error);
    let mut h = harness(s);
    h.run();
    h.get_by_label_contains("10534 rows,");
    let Some(Document::Table(t)) = &mut h.state_mut().document else { panic!("no table shown") };
    t.set_search("murloc2_blue");
    let shown = t.order.len();
    assert!(shown >= 10, "{shown} rows with Murloc2_Blue");
    h.run();
    h.get_by_label(&format!("{shown} rows shown"));
    // Sorted by ID, descending then ascending: display 188 first.
    h.get_by_label("ID").click();
    h.run();
    h.get_by_label("ID (ascending)").click();
    h.run();
    let Some(Document::Table(t)) = &h.state().document else { panic!() };
    assert_eq!(t.sort, Some((0, false)));
    assert!(t.order.windows(2).all(|w| t.cell(w[0], 0).parse::<u32>().unwrap() > t.cell(w[1], 0).parse().unwrap()));
    h.get_by_label("ID (descending)").click();
    h.run();
    let Some(Document::Table(t)) = &h.state().document else { panic!() };
    assert_eq!(t.cell(t.order[0], 0), "188");
    // "open" on that row: Murloc2.m2 beside the tables' folder, dressed as display 188.
    h.get_all_by_label("open").next().unwrap().click();
    h.step();
    let pending = h.state().pending.as_ref().map(|p| p.path.clone());
    assert_eq!(pending, Some(koward.join("Creature/Murloc2/Murloc2.m2")));
    for _ in 0..2000 {
        if h.state().pending.is_none() {
            break;
        }
        h.state_mut().poll_loading();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let s = h.state();
    assert!(s.document.is_none(), "the model replaces the table");
    let c = s.current.as_ref().expect("the model loaded");
    let skin = c.dressing.creature.current.map(|k| &c.dressing.creature.skins[k]);
    assert!(skin.is_some_and(|k| k.displays.contains(&188) && k.names[0] == "Murloc2_Blue"), "{skin:?}");
}
