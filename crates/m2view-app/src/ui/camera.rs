//! The Camera panel: presets, field of view, the model's own cameras.

use egui::RichText;
use m2view_render::camera::Preset;

use crate::command::Command;
use crate::state::{AppState, CameraMode};

pub(super) fn camera_panel(ui: &mut egui::Ui, s: &mut AppState) {
    ui.horizontal_wrapped(|ui| {
        for (name, p) in [
            ("Front", Preset::Front),
            ("Back", Preset::Back),
            ("Left", Preset::Left),
            ("Right", Preset::Right),
            ("Top", Preset::Top),
            ("Iso", Preset::Iso),
        ] {
            if ui.button(name).clicked() {
                s.send(Command::Frame(p.direction()));
                s.camera_mode = CameraMode::Orbit;
            }
        }
    });
    let mut fov = s.orbit.fov_y.to_degrees();
    let slider = egui::Slider::new(&mut fov, 10.0..=120.0).text("FOV (°)");
    if ui.add(slider).on_hover_text("vertical field of view, degrees").changed() {
        s.orbit.fov_y = fov.to_radians();
    }
    if let Some(c) = &s.current {
        if c.scene.as_ref().is_some_and(|(scene, _)| scene.file.camera.is_some())
            && ui.selectable_label(s.camera_mode == CameraMode::Scene, "scene camera path").clicked()
        {
            s.camera_mode = CameraMode::Scene;
        }
        for (i, cam) in c.lm.model.cameras.iter().enumerate() {
            let kind = match cam.kind {
                0 => "portrait",
                1 => "character info",
                _ => "flyby / other",
            };
            if ui.selectable_label(s.camera_mode == CameraMode::Model(i), format!("model camera {i}: {kind}")).clicked()
            {
                s.camera_mode = CameraMode::Model(i);
            }
        }
    }
    ui.add(
        egui::Label::new(
            RichText::new("Left drag: orbit, right/middle drag: pan, wheel: zoom to the cursor; Z is up").small(),
        )
        .wrap(),
    );
}
