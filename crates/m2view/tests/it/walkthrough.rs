//! The whole use, walked as a user walks it, in one window state
//! (egui_kittest, no GPU): open a model by the file dialog (m2view's own,
//! as on a desktop without one), scrub the timeline, toggle a geoset,
//! switch LOD and camera, dress a character from a folder of tables added
//! in Game data, browse an archive and open a model from it, and export
//! through the Export dialog.

use std::path::PathBuf;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use m2view_app::file_dialog::{FileDialog, Purpose};
use m2view_app::open::OpenOptions;
use m2view_app::state::AppState;

fn click_at(h: &mut Harness<'static, AppState>, pos: egui::Pos2) {
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        });
    }
    h.run();
}

#[test]
fn open_scrub_toggle_switch_dress_browse_and_export() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let work = std::env::temp_dir().join(format!("m2view-walkthrough-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    for (rel, bytes) in m2view_app::demo::FILES {
        let p = work.join("models").join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.export.folder = work.clone();
    // File > Open… where the desktop has no dialog: m2view's own.
    s.file_dialog = Some(FileDialog::new(Purpose::Open, work.join("models")));
    let mut h = crate::common::window_harness(s, 1280.0, 900.0);
    h.run();
    h.get_by_label("Demo.m2").click();
    h.run();
    h.get_by_label("Open").click();
    h.step();
    crate::common::settle(&mut h);
    let current = |h: &Harness<'static, AppState>| h.state().current.as_ref().unwrap().lm.path.clone();
    assert_eq!(current(&h), work.join("models/Demo.m2"));

    // Scrub: a click at the track's middle pauses half way.
    let track = h.get_by_label_contains("click or drag to scrub").rect();
    click_at(&mut h, track.center());
    let p = h.state().current.as_ref().unwrap().instance.player.clone();
    assert!(p.paused && (p.time_ms - 500.0).abs() < 10.0, "{} ms", p.time_ms);

    // A geoset off: one batch fewer.
    let drawn = |h: &Harness<'static, AppState>| {
        let c = h.state().current.as_ref().unwrap();
        c.lm.model.visible_batches(c.lod, &c.geosets)
    };
    assert_eq!(drawn(&h), (2, 36));
    h.get_by_label("101  (12 triangles)").click();
    h.run();
    assert_eq!(drawn(&h), (1, 24));

    // LOD 1, then the top camera.
    h.get_by_label("LOD").click();
    h.run();
    h.get_by_label_contains("1: Demo01.skin").click();
    h.run();
    assert_eq!(h.state().current.as_ref().unwrap().lod, 1);
    h.get_by_label("Top").click();
    h.run();
    let top = m2view_render::camera::Preset::Top.direction();
    assert!(h.state().commands.contains(&m2view_app::command::Command::Frame(top)));

    // Dress a character: the tables of a 1.12 client added in Game data.
    h.state_mut().add_data_source(samples.join("andrewmunro_Vanilla/dbc"));
    crate::common::settle(&mut h);
    h.state_mut().open(samples.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2"));
    crate::common::settle(&mut h);
    h.get_by_label("race Scourge (5), female (1)");
    crate::common::equip_chest_3197(&mut h);

    // Browse an archive: its models listed, one opened from the browser.
    h.state_mut().add_data_source(samples.join("inwc3_JMPQ3/src/test/resources/mpqs/normalMap.w3x"));
    crate::common::settle(&mut h);
    h.get_by_label("war3mapImported/tcBox.mdx").click();
    h.step();
    crate::common::settle(&mut h);
    assert_eq!(current(&h), PathBuf::from("war3mapImported/tcBox.mdx"));

    // Export through the dialog: the model as shown, named after it.
    crate::common::click_through(&mut h, &["File", "Export...  (Ctrl+E)", "Export now"]);
    let glb = work.join("tcBox.glb");
    assert_eq!(h.state().export_status.as_deref(), Some(format!("exported {}", glb.display()).as_str()));
    assert!(gltf::Gltf::from_slice(&std::fs::read(&glb).unwrap()).is_ok());
    let _ = std::fs::remove_dir_all(work);
}
