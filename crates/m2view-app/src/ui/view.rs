//! The View panel: background, model lights, crowd, debug overlays and screenshots.

use egui::RichText;

use crate::command::Command;
use crate::state::AppState;

use super::screenshot_path;

pub(super) fn view_panel(ui: &mut egui::Ui, s: &mut AppState) {
    ui.horizontal(|ui| {
        ui.label("background");
        ui.color_edit_button_rgb(&mut s.view.background);
    });
    let lights = s.current.as_ref().map_or(0, |c| c.lm.model.lights.len());
    ui.add_enabled(lights > 0, egui::Checkbox::new(&mut s.view.model_lights, format!("model lights ({lights})")))
        .on_hover_text("Light the model with its own M2/MDX lights on top of the preview light");
    ui.add(egui::Slider::new(&mut s.view.crowd, 1..=1000).logarithmic(true).text("crowd"))
        .on_hover_text("Copies on a grid, each playing its own sequence from its own phase");
    let o = &mut s.view.overlays;
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut o.bones, "bones");
        ui.checkbox(&mut o.wireframe, "wireframe");
        ui.checkbox(&mut o.bounds, "bounding box");
        ui.checkbox(&mut o.normals, "normals");
        ui.checkbox(&mut o.collision, "collision mesh and shapes");
        ui.checkbox(&mut o.attachments, "attachment points");
        ui.checkbox(&mut o.emitters, "emitter positions");
        ui.checkbox(&mut o.grid, "grid");
        ui.checkbox(&mut o.lights, "lights");
        ui.checkbox(&mut o.portals, "portals");
    });
    ui.horizontal(|ui| {
        if ui.button("Screenshot (P)").clicked() {
            let path = screenshot_path(s);
            s.send(Command::Screenshot(path));
        }
        ui.checkbox(&mut s.view.transparent_screenshot, "transparent background");
    });
    if let Some(p) = &s.last_screenshot {
        ui.label(RichText::new(p).small());
    }
}
