//! The Scene panel of an open scene file: each model's placement
//! (position in model units, Z up; degrees about X, Y, Z; scale) and start
//! time edited in place while the scene plays, and saved over its file.

use egui::{DragValue, RichText};

use crate::state::AppState;

/// One row per scene model; "Save scene" writes the file as edited.
pub(super) fn scene_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let Some((scene, _)) = &mut c.scene else { return };
    let mut moved = false;
    for (i, m) in scene.file.models.iter_mut().enumerate() {
        let name = m.file.file_name().map_or_else(|| m.file.display().to_string(), |n| n.to_string_lossy().into());
        ui.label(RichText::new(format!("{i}: {name}")).strong()).on_hover_text(m.file.display().to_string());
        egui::Grid::new(("scene model", i)).num_columns(2).show(ui, |ui| {
            moved |= row(ui, "position", |ui, label| xyz(ui, label, &mut m.position, 0.05, "", f32::MIN..=f32::MAX));
            moved |= row(ui, "rotation", |ui, label| xyz(ui, label, &mut m.rotation, 1.0, "°", -360.0..=360.0));
            moved |= row(ui, "scale", |ui, label| {
                ui.add(kept(DragValue::new(&mut m.scale).speed(0.01).range(0.01..=100.0))).labelled_by(label).changed()
            });
            // Read on the next pass of the scene's clock.
            row(ui, "starts at", |ui, label| {
                let drag = DragValue::new(&mut m.start_ms).speed(10.0).range(0.0..=f32::MAX).suffix(" ms");
                ui.add(kept(drag)).labelled_by(label).changed()
            });
        });
    }
    if moved {
        c.replace_scene();
    }
    if ui.button("Save scene").on_hover_text("over the scene file").clicked() {
        s.save_open_scene();
    }
    if let Some(m) = &s.export_status {
        ui.label(RichText::new(m).small());
    }
}

/// One grid row: `name`, then what `add` puts beside it (labelled by the
/// name); whether that changed.
fn row(ui: &mut egui::Ui, name: &str, add: impl FnOnce(&mut egui::Ui, egui::Id) -> bool) -> bool {
    let label = ui.label(name).id;
    let changed = ui.horizontal(|ui| add(ui, label)).inner;
    ui.end_row();
    changed
}

/// Drag values for `values`' x, y and z (each shown, whatever the others
/// did); whether one changed.
fn xyz(
    ui: &mut egui::Ui,
    label: egui::Id,
    values: &mut [f32; 3],
    speed: f64,
    suffix: &str,
    range: std::ops::RangeInclusive<f32>,
) -> bool {
    let mut changed = false;
    for (axis, v) in ["x", "y", "z"].iter().zip(values) {
        let drag = DragValue::new(v).speed(speed).range(range.clone()).prefix(format!("{axis} ")).suffix(suffix);
        changed |= ui.add(kept(drag)).labelled_by(label).changed();
    }
    changed
}

/// `drag` leaving a value the file gave outside its range as it is (a
/// scene may say scale 200 or a turn of 720°): the range bounds dragging.
fn kept(drag: DragValue<'_>) -> DragValue<'_> {
    drag.clamp_existing_to_range(false)
}
