//! The texture view: a texture shown flat in its tab beside the 3D view — its
//! facts, mip level, channel toggles (R, G, B, A), alpha over a
//! checkerboard, zoom (wheel, 1:1, fit) and pan (drag).

use egui::{Color32, RichText, Vec2};

use crate::document::TextureDoc;

/// Side of a checkerboard square, points.
const CHECKER: f32 = 8.0;

/// The toolbar and the image; `close` is set when the user closes the view.
pub(super) fn texture_view(ui: &mut egui::Ui, t: &mut TextureDoc, close: &mut bool) {
    let i = &t.info;
    ui.horizontal_wrapped(|ui| {
        if ui.button("Close file").clicked() {
            *close = true;
        }
        ui.label(RichText::new(&t.name).strong());
        ui.label(format!(
            "{} {}, alpha {} bits, {}x{}{}",
            i.format,
            i.encoding,
            i.alpha_bits,
            i.size[0],
            i.size[1],
            i.jpeg_header_bytes.map_or(String::new(), |h| format!(", JPEG header {h} bytes"))
        ));
    });
    ui.horizontal_wrapped(|ui| {
        let mut mip = t.mip;
        egui::ComboBox::from_label("mip level").selected_text(level_label(t, mip)).show_ui(ui, |ui| {
            for k in 0..t.info.mips.len() {
                ui.selectable_value(&mut mip, k, level_label(t, k));
            }
        });
        if mip != t.mip {
            t.set_mip(mip);
        }
        for (k, name) in ["R", "G", "B", "A"].iter().enumerate() {
            ui.toggle_value(&mut t.channels[k], *name);
        }
        ui.checkbox(&mut t.checker, "checkerboard");
        ui.label(format!("zoom {:.0} %", t.zoom * 100.0));
        if ui.button("1:1").clicked() {
            (t.zoom, t.pan) = (1.0, [0.0, 0.0]);
        }
        if ui.button("Fit").clicked() {
            t.zoom = 0.0; // fitted below, once the view's size is known
            t.pan = [0.0, 0.0];
        }
    });
    if let Err(e) = &t.level {
        ui.label(RichText::new(e).color(Color32::LIGHT_RED));
        return;
    }
    let key = (t.mip, t.channels);
    if t.handle.as_ref().is_none_or(|(k, _)| *k != key)
        && let Some(img) = t.shown()
    {
        let color = egui::ColorImage::from_rgba_unmultiplied([img.width as usize, img.height as usize], &img.pixels);
        let handle = ui.ctx().load_texture(format!("texture view {}", t.name), color, egui::TextureOptions::NEAREST);
        t.handle = Some((key, handle));
    }
    let Some((_, handle)) = &t.handle else { return };
    let area = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(area, egui::Sense::click_and_drag());
    let size = handle.size_vec2();
    if t.zoom <= 0.0 {
        t.zoom = (area.width() / size.x).min(area.height() / size.y).clamp(1.0 / 64.0, 64.0);
    }
    if response.dragged() {
        let d = response.drag_delta();
        t.pan = [t.pan[0] + d.x, t.pan[1] + d.y];
    }
    if response.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            t.zoom = (t.zoom * (scroll / 200.0).exp()).clamp(1.0 / 64.0, 64.0);
        }
    }
    let rect = egui::Rect::from_center_size(area.center() + Vec2::from(t.pan), size * t.zoom);
    let painter = ui.painter_at(area);
    if t.checker && t.channels[3] {
        checkerboard(&painter, rect.intersect(area));
    }
    painter.image(
        handle.id(),
        rect,
        egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
        Color32::WHITE,
    );
}

/// `2: 128x128` for level `k`.
fn level_label(t: &TextureDoc, k: usize) -> String {
    t.info.mips.get(k).map_or_else(|| k.to_string(), |[w, h, _]| format!("{k}: {w}x{h}"))
}

/// Grey and light grey squares over `rect` (only what is on screen).
fn checkerboard(painter: &egui::Painter, rect: egui::Rect) {
    if !rect.is_positive() {
        return;
    }
    let (cols, rows) = ((rect.width() / CHECKER).ceil() as i32, (rect.height() / CHECKER).ceil() as i32);
    painter.rect_filled(rect, 0.0, Color32::from_gray(96));
    for y in 0..rows {
        for x in (y % 2..cols).step_by(2) {
            let min = rect.min + Vec2::new(x as f32, y as f32) * CHECKER;
            let square = egui::Rect::from_min_size(min, Vec2::splat(CHECKER)).intersect(rect);
            painter.rect_filled(square, 0.0, Color32::from_gray(160));
        }
    }
}
