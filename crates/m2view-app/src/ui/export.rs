//! The Export panel: glTF and OBJ of the model as shown, turntable GIFs,
//! scenes put together from the models opened.

use egui::RichText;

use crate::state::AppState;

use super::output_path;

/// Export the model as shown (glTF, OBJ) or record a turntable GIF.
pub(super) fn export_panel(ui: &mut egui::Ui, s: &mut AppState) {
    ui.horizontal(|ui| {
        if ui.button("Export glTF (.glb)").clicked() {
            s.export(output_path(s, "glb"));
        }
        if ui.button("Export OBJ").clicked() {
            s.export(output_path(s, "obj"));
        }
    });
    // A scene put together from models opened one after another (docs/scenes.md).
    ui.horizontal(|ui| {
        if ui
            .button("Add to scene")
            .on_hover_text("the open model, playing its sequence, beside the last added")
            .clicked()
        {
            s.add_to_scene();
        }
        let n = s.scene_draft.0.models.len();
        if ui.add_enabled(n > 0, egui::Button::new(format!("Save scene ({n} models)"))).clicked() {
            s.save_scene(output_path(s, "json"));
        }
    });
    match &s.recording {
        Some(r) => {
            let done = r.done.load(std::sync::atomic::Ordering::Relaxed);
            ui.add(
                egui::ProgressBar::new(done as f32 / r.frames as f32).text(format!("recording {done}/{}", r.frames)),
            );
        }
        // A turntable renders on its own device on a thread: neither exists in a browser.
        None if cfg!(target_arch = "wasm32") => {
            ui.label(RichText::new("turntable GIFs: native m2view only").small());
        }
        None => {
            if ui.button("Record turntable (.gif)").clicked() {
                s.record_turntable(output_path(s, "gif"));
            }
        }
    }
    if let Some(m) = &s.export_status {
        ui.label(RichText::new(m).small());
    }
}
