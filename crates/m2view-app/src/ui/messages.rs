//! The Messages pane: this run's errors, the open model's warnings (each
//! missing texture…) and notes (the skin guessed, each table read and
//! where from), selectable to copy, with "Copy all".

use egui::{Color32, RichText};

use crate::state::AppState;

pub(super) fn messages_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let warnings: &[String] = s.current.as_ref().map_or(&[], |c| &c.warnings);
    ui.horizontal(|ui| {
        ui.label(format!("{} errors, {} warnings", s.errors.len(), warnings.len()));
        if ui.button("Copy all").clicked() {
            let notes = s.current.as_ref().map(notes).unwrap_or_default();
            let all: Vec<&str> = s.errors.iter().chain(warnings).chain(&notes).map(String::as_str).collect();
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
        if let Some(c) = &s.current {
            for line in notes(c) {
                ui.add(egui::Label::new(RichText::new(line).weak()).selectable(true));
            }
        }
    });
}

/// What the open model's dressing did that is neither a warning nor an
/// error: the creature skin guessed from file names, and each client table
/// asked for with where it was read from (or that no source holds it).
pub(super) fn notes(c: &crate::state::Current) -> Vec<String> {
    let mut out = Vec::new();
    let skins = &c.dressing.creature;
    if let Some(k) = skins.current.and_then(|k| skins.skins.get(k)).filter(|k| k.guessed) {
        out.push(format!(
            "skin guessed from file names (no CreatureModelData row names the model): {}",
            k.names.join(", ")
        ));
    }
    for (table, place) in c.dressing.tables.asked() {
        out.push(match place {
            Some(p) => format!("table {table} read from {p}"),
            None => format!("table {table}: in none of the data sources"),
        });
    }
    out
}
