//! Game data in one place, driven as a user drives it (egui_kittest, no
//! GPU): a folder of 1.12 client tables added in File > Game data… dresses
//! the open character at once, with no restart; the sources and the recent
//! files (each with its source) are remembered and reopen after a restart;
//! sources are reordered and removed.

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use m2view_app::open::OpenOptions;
use m2view_app::state::AppState;
use m2view_app::ui;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-gamedata-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn race(h: &Harness<'static, AppState>) -> String {
    let c = h.state().current.as_ref().expect("a model open");
    c.dressing.character.as_ref().expect("a character").identity.describe()
}

#[test]
fn a_folder_of_tables_added_dresses_the_open_character_and_is_remembered() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let config = scratch("config");
    let model = samples.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2");
    let tables = samples.join("andrewmunro_Vanilla/dbc");
    let mut h = crate::common::window_harness(
        AppState::with_config_dir(OpenOptions::default(), false, Some(config.clone())),
        1280.0,
        900.0,
    );
    h.state_mut().open(model.clone());
    crate::common::settle(&mut h);
    assert!(race(&h).contains("(not in ChrRaces)"), "{}", race(&h));
    // File > Game data…: the window lists no source yet.
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Game data...").click();
    h.run();
    h.get_by_label("No game data yet: models open from their folders.");
    // The folder (as the folder dialog would answer) is listed as a table folder,
    // and the open character is dressed from it: race, hair, the item search.
    // A table open in its tab, and the camera where the user left it, stay through it.
    h.state_mut().open(samples.join("itmrl_dbc/AnimationData.dbc"));
    h.state_mut().orbit.distance *= 2.0;
    let orbit = h.state().orbit.distance;
    // (No viewport drains the queue here: count the framings asked for.)
    let framings = |h: &Harness<'static, AppState>| {
        h.state().commands.iter().filter(|c| matches!(c, m2view_app::command::Command::Frame(_))).count()
    };
    let framed = framings(&h);
    h.state_mut().add_data_source(tables.clone());
    crate::common::settle(&mut h);
    assert_eq!(race(&h), "race Scourge (5), female (1)");
    assert!(h.state().document.is_some(), "the table stays open");
    assert_eq!(h.state().orbit.distance, orbit);
    assert_eq!(framings(&h), framed, "no re-framing");
    h.get_by_label("table folder");
    h.get_by_label("race Scourge (5), female (1)");
    h.state_mut().character_fields.search = "Helm_Leather_D_01.mdl".into();
    h.run();
    h.get_by_label_contains("1123: Helm_Leather_D_01.mdl");
    // A restart: the source is back, the recent file reopens dressed.
    drop(h);
    let s = AppState::with_config_dir(OpenOptions::default(), false, Some(config.clone()));
    assert_eq!(s.sources.added.len(), 1);
    assert_eq!(s.sources.added[0].path, tables);
    // Newest first: the table, then the model (a re-dress is no new recent file).
    let recent: Vec<PathBuf> = s.recent.iter().map(|r| r.path.clone()).collect();
    assert_eq!(recent, [samples.join("itmrl_dbc/AnimationData.dbc"), model.clone()]);
    let mut h = crate::common::window_harness(s, 1280.0, 900.0);
    crate::common::settle(&mut h);
    let recent = h.state().recent[1].clone();
    h.state_mut().open_recent(recent);
    crate::common::settle(&mut h);
    assert_eq!(race(&h), "race Scourge (5), female (1)");
    // Removed: gone from the list and from what is remembered.
    h.state_mut().remove_data_source(0);
    crate::common::settle(&mut h);
    let (settings, _) = m2view_app::settings::Settings::load(Some(&config));
    assert!(settings.sources.is_empty());
    let _ = std::fs::remove_dir_all(config);
}

/// Writes the embedded demo under `dir/Models/` (a folder source of this
/// project's own files).
fn demo_folder(dir: &Path) {
    for (rel, bytes) in m2view_app::demo::FILES {
        let p = dir.join("Models").join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
}

#[test]
fn a_recent_file_of_a_source_reopens_after_a_restart_and_sources_reorder() {
    let config = scratch("recent-config");
    let (a, b) = (scratch("source-a"), scratch("source-b"));
    demo_folder(&a);
    demo_folder(&b);
    let mut h = crate::common::window_harness(
        AppState::with_config_dir(OpenOptions::default(), false, Some(config.clone())),
        1280.0,
        900.0,
    );
    h.state_mut().add_data_source(a.clone());
    crate::common::settle(&mut h);
    h.state_mut().add_data_source(b.clone());
    crate::common::settle(&mut h);
    // The last added is searched first.
    let order =
        |h: &Harness<'static, AppState>| h.state().sources.added.iter().map(|s| s.path.clone()).collect::<Vec<_>>();
    assert_eq!(order(&h), [b.clone(), a.clone()]);
    let first = |h: &Harness<'static, AppState>| {
        let vfs = h.state().open_options.load.data.clone().unwrap();
        vfs.locate("Models/Demo.m2").unwrap().0.name().to_string()
    };
    assert!(Path::new(&first(&h)).starts_with(&b), "{}", first(&h));
    // Down in the window: a is searched first now.
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Game data...").click();
    h.run();
    h.get_all_by_label("Down").next().unwrap().click();
    h.step(); // the indexing spinner keeps repainting: one frame, not `run`
    crate::common::settle(&mut h);
    assert_eq!(order(&h), [a.clone(), b.clone()]);
    assert!(Path::new(&first(&h)).starts_with(&a), "{}", first(&h));
    // A virtual path opened is remembered with its source.
    h.state_mut().open(PathBuf::from("Models/Demo.m2"));
    crate::common::settle(&mut h);
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    let recent = h.state().recent[0].clone();
    assert_eq!((recent.path.as_path(), recent.source.as_deref()), (Path::new("Models/Demo.m2"), Some(a.as_path())));
    // After a restart whose sources no longer hold it, reopening adds its source first.
    drop(h);
    let mut s = AppState::with_config_dir(OpenOptions::default(), false, Some(config.clone()));
    s.sources.added.clear();
    s.indexing = None;
    let mut h = crate::common::window_harness(s, 1280.0, 900.0);
    h.state_mut().open_recent(recent);
    crate::common::settle(&mut h);
    assert_eq!(h.state().current.as_ref().unwrap().lm.path, Path::new("Models/Demo.m2"));
    assert_eq!(h.state().sources.added[0].path, a);
    for d in [config, a, b] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn the_built_in_file_dialog_opens_a_model_and_adds_a_folder() {
    // m2view's own dialog (no portal, no zenity): the folder's entries, a
    // double click enters a folder, a click and Open opens the file.
    use m2view_app::file_dialog::{FileDialog, Purpose};
    let dir = scratch("dialog");
    demo_folder(&dir);
    std::fs::write(dir.join("notes.txt"), b"not listed").unwrap();
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.file_dialog = Some(FileDialog::new(Purpose::Open, dir.clone()));
    // Frames of 1/60 s: the two clicks fall within egui's double-click delay (0.3 s).
    let mut h = Harness::builder().with_size(egui::vec2(1280.0, 900.0)).with_step_dt(1.0 / 60.0).build_ui_state(
        |ui, s: &mut AppState| {
            ui::draw(ui, s, None, "");
        },
        s,
    );
    h.run();
    assert!(h.query_by_label("notes.txt").is_none(), "only what opens is listed");
    // A double click enters the folder.
    let models = h.get_by_label("Models/").rect().center();
    h.event(egui::Event::PointerMoved(models));
    h.step();
    for _ in 0..2 {
        for pressed in [true, false] {
            h.event(egui::Event::PointerButton {
                pos: models,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: Default::default(),
            });
            h.step();
        }
    }
    h.run();
    assert_eq!(h.state().file_dialog.as_ref().unwrap().dir, dir.join("Models"));
    h.get_by_label("Demo.m2").click();
    h.run();
    h.get_by_label("Open").click();
    h.step();
    assert!(h.state().file_dialog.is_none(), "the dialog closes");
    crate::common::settle(&mut h);
    assert_eq!(h.state().current.as_ref().unwrap().lm.path, dir.join("Models/Demo.m2"));
    // For a data source, "Add this folder" adds the folder shown.
    h.state_mut().file_dialog = Some(FileDialog::new(Purpose::AddFolder, dir.clone()));
    h.run();
    h.get_by_label("Add this folder").click();
    h.step();
    crate::common::settle(&mut h);
    assert_eq!(h.state().sources.added[0].path, dir);
    assert!(h.state().browser.as_ref().unwrap().models.iter().any(|m| m.path == "Models/Demo.m2"));
    let _ = std::fs::remove_dir_all(dir);
}
