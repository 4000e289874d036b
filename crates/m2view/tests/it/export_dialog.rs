//! The window's Export dialog driven as a user drives it (egui_kittest, no
//! GPU): every model format `export` writes, from the model as shown; Save
//! as through m2view's own dialog, its folder remembered; a batch of the
//! browser's models written under their own paths.

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use m2view_app::exporting::Kind;
use m2view_app::open::{OpenOptions, Opened};
use m2view_app::state::{AppState, Current};
use m2view_export::file::Format;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-exportdialog-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn opened(path: &Path) -> AppState {
    let o = Opened::open(path, &OpenOptions::default()).unwrap();
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.current = Some(Current::new(o, None, vec![]));
    s
}

/// Picks `kind` in the dialog's Format list and presses Export now.
fn export_as(h: &mut Harness<'static, AppState>, kind: Kind) {
    h.get_by_label("Format").click();
    h.run();
    h.get_by_label(kind.label()).click();
    h.run();
    h.get_by_label("Export now").click();
    h.run();
}

#[test]
fn every_model_format_is_written_from_the_dialog() {
    let out = scratch("formats");
    let demo = m2view_app::demo::write_to_temp().unwrap();
    let mut s = opened(&demo);
    s.export.folder = out.clone();
    let mut h = crate::common::window_harness(s, 1280.0, 900.0);
    h.run();
    // Ctrl+E (Cmd+E on macOS) opens the dialog.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    assert!(h.state().show_export);
    for f in [Format::Glb, Format::Gltf, Format::Fbx, Format::Obj] {
        export_as(&mut h, Kind::Model(f));
        let status = h.state().export_status.clone().unwrap();
        let file = out.join(format!("Demo.{}", f.extension()));
        assert_eq!(status, format!("exported {}", file.display()));
        let bytes = std::fs::read(&file).unwrap();
        let magic: &[u8] = match f {
            Format::Glb => b"glTF",
            Format::Gltf => b"{",
            Format::Fbx => b"Kaydara FBX Binary",
            _ => b"#",
        };
        assert!(bytes.starts_with(magic), "{}", file.display());
    }
    // The demo is no Warcraft III model: MDL says why, and writes nothing.
    export_as(&mut h, Kind::Model(Format::Mdl));
    let status = h.state().export_status.clone().unwrap();
    assert!(status.starts_with("export failed: "), "{status}");
    assert!(!out.join("Demo.mdl").exists());
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn a_warcraft_iii_model_exports_as_mdl_and_mdx() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let out = scratch("mdl");
    let mut s = opened(&samples.join("Retera_ReterasModelStudio/MDXLib/PackHorse.mdx"));
    s.export.folder = out.clone();
    s.show_export = true;
    let mut h = crate::common::window_harness(s, 1280.0, 900.0);
    h.run();
    export_as(&mut h, Kind::Model(Format::Mdl));
    let mdl = std::fs::read_to_string(out.join("PackHorse.mdl")).unwrap();
    assert!(mdl.contains("Version {") && mdl.contains("FormatVersion 800"), "{}", &mdl[..200.min(mdl.len())]);
    export_as(&mut h, Kind::Model(Format::Mdx));
    assert!(std::fs::read(out.join("PackHorse.mdx")).unwrap().starts_with(b"MDLX"));
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn save_as_through_the_built_in_dialog_writes_there_and_remembers_the_folder() {
    use m2view_app::file_dialog::{FileDialog, Purpose};
    let (out, config) = (scratch("saveas"), scratch("saveas-config"));
    let demo = m2view_app::demo::write_to_temp().unwrap();
    let o = Opened::open(&demo, &OpenOptions::default()).unwrap();
    let mut s = AppState::with_config_dir(OpenOptions::default(), false, Some(config.clone()));
    s.current = Some(Current::new(o, None, vec![]));
    s.export.kind = Kind::Model(Format::Fbx);
    // What Save as… opens where the desktop has no dialog: the suggested name, in the folder.
    let mut d = FileDialog::new(Purpose::Save("fbx".into()), out.clone());
    d.name = "my bear".into();
    s.file_dialog = Some(d);
    let mut h = crate::common::window_harness(s, 1280.0, 900.0);
    h.run();
    h.get_by_label("Save").click();
    h.run();
    assert!(h.state().file_dialog.is_none());
    assert!(std::fs::read(out.join("my bear.fbx")).unwrap().starts_with(b"Kaydara FBX Binary"));
    assert_eq!(h.state().export.folder, out);
    // After a restart the dialog starts there.
    drop(h);
    let s = AppState::with_config_dir(OpenOptions::default(), false, Some(config.clone()));
    assert_eq!(s.export.folder, out);
    for d in [out, config] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn a_batch_writes_every_model_the_browser_shows_under_its_path() {
    let (src, out) = (scratch("batch-src"), scratch("batch-out"));
    for dir in ["Creature/A", "Creature/B"] {
        for (rel, bytes) in m2view_app::demo::FILES {
            let p = src.join(dir).join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, bytes).unwrap();
        }
    }
    std::fs::write(src.join("Creature/B/Broken.m2"), b"MD20\x08\x01\x00\x00cut").unwrap();
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.add_data_source(src.clone());
    let t = std::time::Instant::now();
    while !s.poll_indexing() {
        assert!(t.elapsed().as_secs() < 20);
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let demo = m2view_app::demo::write_to_temp().unwrap();
    s.current = Some(Current::new(Opened::open(&demo, &OpenOptions::default()).unwrap(), None, vec![]));
    s.export.folder = out.clone();
    s.show_export = true;
    let mut h = crate::common::window_harness(s, 1280.0, 900.0);
    h.run();
    h.get_by_label("Export the 3 models the browser shows (.glb)").click();
    h.step(); // the progress bar repaints: one frame, not `run`
    let mut s = h.into_state();
    let t = std::time::Instant::now();
    while s.batch.is_some() {
        s.poll_batch();
        assert!(t.elapsed().as_secs() < 60, "the batch did not finish");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(s.export_status.as_deref(), Some("batch: 2 written, 1 failed"));
    assert!(s.errors.last().unwrap().starts_with("Creature/B/Broken.m2: "), "{:?}", s.errors);
    for dir in ["Creature/A", "Creature/B"] {
        let g = gltf::Gltf::from_slice(&std::fs::read(out.join(dir).join("Demo.glb")).unwrap()).unwrap();
        assert_eq!(g.animations().count(), 2);
    }
    for d in [src, out] {
        let _ = std::fs::remove_dir_all(d);
    }
}
