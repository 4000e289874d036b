//! The Messages pane: this run's errors and the open model's warnings
//! (each missing texture, guessed skin, table read…), selectable to copy,
//! with "Copy all".

use egui::{Color32, RichText};

use crate::state::AppState;

pub(super) fn messages_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let warnings: &[String] = s.current.as_ref().map_or(&[], |c| &c.warnings);
    ui.horizontal(|ui| {
        ui.label(format!("{} errors, {} warnings", s.errors.len(), warnings.len()));
        if ui.button("Copy all").clicked() {
            let all: Vec<&str> = s.errors.iter().chain(warnings).map(String::as_str).collect();
            ui.ctx().copy_text(all.join("\n"));
        }
        if !s.errors.is_empty() && ui.button("Clear errors").clicked() {
            s.errors.clear();
            s.error = None;
        }
    });
    ui.separator();
    egui::ScrollArea::vertical().auto_shrink(false).show(ui, |ui| {
        // Long lines wrap: nothing is cut off.
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        for e in s.errors.iter().rev() {
            ui.add(egui::Label::new(RichText::new(format!("error: {e}")).color(Color32::LIGHT_RED)).selectable(true));
        }
        for w in warnings {
            ui.add(egui::Label::new(RichText::new(w).color(Color32::YELLOW)).selectable(true));
        }
        if let Some(c) = &s.current
            && !s.missing_textures.is_empty()
        {
            ui.add(egui::Label::new(super::missing_textures(c, &s.missing_textures)).selectable(true));
        }
    });
}
