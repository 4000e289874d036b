//! The Attachments panel: a model hung on any attachment point.

use egui::RichText;

use crate::command::Command;
use crate::state::AppState;

/// Hang a model on each attachment point: a path (or the browser's
/// selection), Attach, Detach.
pub(super) fn attachments_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &s.current else { return };
    let points: Vec<(u32, String)> =
        c.lm.model
            .attachments
            .iter()
            .map(|a| (a.id, format!("{} {}", a.id, m2view_format::attachment_name(a.id).unwrap_or("?"))))
            .collect();
    if points.is_empty() {
        ui.label("this model has no attachment points");
    }
    let picked = s.browser.as_ref().and_then(|b| b.selected_model());
    for (id, name) in points {
        let held = s
            .current
            .as_ref()
            .and_then(|c| c.attached.iter().find(|a| a.id == id))
            .map(|a| a.lm.path.display().to_string());
        ui.horizontal(|ui| {
            ui.label(&name);
            if let Some(h) = &held {
                // The button first: a long path is cut to the width (whole on hover).
                if ui.small_button("Detach").clicked()
                    && let Some(c) = &mut s.current
                {
                    c.attached.retain(|a| a.id != id);
                    s.send(Command::UploadAttachments);
                }
                ui.add(egui::Label::new(RichText::new(h).small()).truncate());
            }
        });
        ui.horizontal(|ui| {
            let field = s.attach_fields.entry(id).or_default();
            ui.add(egui::TextEdit::singleline(field).hint_text("item .m2/.mdx").desired_width(200.0));
            let mut path = None;
            if ui.small_button("Attach").clicked() && !field.trim().is_empty() {
                path = Some(field.trim().to_string());
            }
            if let Some(p) = &picked
                && ui.small_button("browser pick").on_hover_text(p.as_str()).clicked()
            {
                path = Some(p.clone());
            }
            if let (Some(p), Some(c)) = (path, &mut s.current) {
                match c.attach(id, std::path::Path::new(&p), &s.open_options) {
                    Ok(()) => s.send(Command::UploadAttachments),
                    Err(e) => s.error = Some(e),
                }
            }
        });
    }
}
