//! Export: the Model pane's section (the Export dialog, scenes put
//! together from the models opened) and the Export dialog itself
//! (File > Export…, Ctrl+E): the format and its options (a video where
//! the front end gives an encoder), the file, Save as… through the file
//! dialog, and a batch of the browser's models.

use egui::RichText;

use crate::exporting::Kind;
use crate::state::AppState;

use super::{UiOutput, output_path};

/// The Model pane's Export section.
pub(super) fn export_panel(ui: &mut egui::Ui, s: &mut AppState) {
    if ui.button("Export...").on_hover_text("File > Export... (Ctrl+E)").clicked() {
        s.show_export = true;
    }
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
    if let Some(m) = &s.export_status {
        ui.add(egui::Label::new(RichText::new(m).small()).wrap());
    }
}

/// The Export dialog.
pub(super) fn export_window(ctx: &egui::Context, s: &mut AppState, out: &mut UiOutput) {
    let mut open = s.show_export;
    egui::Window::new("Export").open(&mut open).default_width(440.0).show(ctx, |ui| export_ui(ui, s, out));
    s.show_export = open && s.show_export;
}

fn export_ui(ui: &mut egui::Ui, s: &mut AppState, out: &mut UiOutput) {
    let Some(model) = s.current.as_ref().map(|c| c.lm.path.clone()) else {
        ui.label("open a model to export it");
        return;
    };
    // A browser saves what it can download.
    let kinds: Vec<Kind> = Kind::all(s.video.is_some())
        .into_iter()
        .filter(|k| {
            cfg!(not(target_arch = "wasm32"))
                || matches!(k, Kind::Model(m2view_export::file::Format::Glb | m2view_export::file::Format::Obj))
        })
        .collect();
    let e = &mut s.export;
    egui::ComboBox::new("export kind", "Format").selected_text(e.kind.label()).show_ui(ui, |ui| {
        for k in kinds {
            ui.selectable_value(&mut e.kind, k, k.label());
        }
    });
    use m2view_export::file::Format;
    match e.kind {
        Kind::Model(Format::Glb | Format::Gltf) => {
            use m2view_export::MaterialAnimation;
            ui.label("Material animation (KHR_animation_pointer):");
            ui.horizontal(|ui| {
                ui.radio_value(&mut e.animate_materials, None, "none")
                    .on_hover_text("readers that predate the extension (Bevy) refuse files with it");
                ui.radio_value(&mut e.animate_materials, Some(MaterialAnimation::Uv), "texture transforms")
                    .on_hover_text("what Blender 4.2 to 5.1 import");
                ui.radio_value(&mut e.animate_materials, Some(MaterialAnimation::All), "all");
            });
        }
        Kind::Model(Format::Fbx) => {
            ui.checkbox(&mut e.fbx_copy_textures, "textures beside the file (PNG) instead of inside it");
        }
        Kind::Model(Format::Obj) => {
            ui.label(RichText::new("the pose shown now; no skeleton or animation").small());
        }
        Kind::Model(Format::Mdl | Format::Mdx) => {
            ui.checkbox(&mut e.classic, "classic (version 800): a Reforged model's textures as BLP beside it");
        }
        Kind::Still => {
            ui.checkbox(&mut s.view.transparent_screenshot, "transparent background");
        }
        Kind::Turntable { .. } => {
            ui.label(RichText::new("48 frames at 24 fps, 512×512, the sequence playing").small());
        }
        Kind::Video { .. } => {
            use crate::exporting::{VIDEO_FPS, VIDEO_SIZE};
            let [w, h] = VIDEO_SIZE;
            ui.label(RichText::new(format!("AV1, {w}×{h} at {VIDEO_FPS} fps, the sequence for one loop")).small());
            ui.checkbox(&mut e.video_turntable, "turn once around the model (else the view's camera)");
        }
    }
    let e = &mut s.export;
    ui.horizontal(|ui| {
        let label = ui.label("File name");
        let hint = e.path_for(&model).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        ui.add(egui::TextEdit::singleline(&mut e.name).hint_text(hint).desired_width(f32::INFINITY))
            .labelled_by(label.id);
    });
    let path = e.path_for(&model);
    // (A browser has no working folder: its files are downloads.)
    let folder = if cfg!(target_arch = "wasm32") {
        e.folder.clone()
    } else {
        std::path::absolute(&e.folder).unwrap_or_else(|_| e.folder.clone())
    };
    ui.add(egui::Label::new(RichText::new(format!("into {}", folder.display())).small()).truncate());
    ui.horizontal(|ui| {
        let busy = s.recording.is_some();
        if ui.add_enabled(!busy, egui::Button::new("Export now")).on_hover_text(path.display().to_string()).clicked() {
            s.export_now(path.clone());
        }
        if cfg!(not(target_arch = "wasm32")) && ui.add_enabled(!busy, egui::Button::new("Save as...")).clicked() {
            out.save_dialog = Some(path.clone());
        }
    });
    if let Some(r) = &s.recording {
        let done = r.done.load(std::sync::atomic::Ordering::Relaxed);
        ui.add(egui::ProgressBar::new(done as f32 / r.frames as f32).text(format!("{} {done}/{}", r.doing, r.frames)));
    }
    if let Some(m) = &s.export_status {
        ui.add(egui::Label::new(RichText::new(m).small()).wrap());
    }
    // A browser writes no folders.
    #[cfg(not(target_arch = "wasm32"))]
    batch_ui(ui, s);
}

/// "Export the N models the browser shows", its progress and Cancel.
#[cfg(not(target_arch = "wasm32"))]
fn batch_ui(ui: &mut egui::Ui, s: &mut AppState) {
    let (Some(b), Kind::Model(format)) = (&s.browser, s.export.kind) else { return };
    let n = b
        .shown
        .iter()
        .filter(|&&i| b.models.get(i).is_some_and(|m| m.kind == crate::browser::EntryKind::Model))
        .count();
    ui.separator();
    match &s.batch {
        Some(batch) => {
            let done = batch.done.load(std::sync::atomic::Ordering::Relaxed);
            ui.horizontal(|ui| {
                ui.add(
                    egui::ProgressBar::new(done as f32 / batch.total.max(1) as f32)
                        .text(format!("exporting {done}/{}", batch.total))
                        .desired_width(280.0),
                );
                if ui.button("Cancel").clicked() {
                    batch.cancel.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            });
        }
        None => {
            let label = format!("Export the {n} models the browser shows (.{})", format.extension());
            if ui
                .add_enabled(n > 0, egui::Button::new(label))
                .on_hover_text("each under its own path in the folder, as the game lays them out")
                .clicked()
            {
                s.export_batch();
            }
        }
    }
}
