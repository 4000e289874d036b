//! The texture view: a texture shown flat in its tab beside the 3D view — its
//! facts, mip level, channel toggles (R, G, B, A), alpha over a
//! checkerboard, zoom (wheel, 1:1, fit) and pan (drag). A map's minimap
//! (`map:X`) adds its tile grid: click a tile, shift-click another to
//! pick a rectangle, then fly over the map from it or export it.

use egui::{Color32, RichText, Vec2};

use crate::document::{MapPick, TextureDoc};

/// Side of a checkerboard square, points.
const CHECKER: f32 = 8.0;

/// What the user asked of a map's minimap.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum MapAction {
    /// Fly over map `.0` from tile `.1` (`None`: the middle of its tiles).
    Fly(String, Option<[u8; 2]>),
    /// Export map `.0`'s tiles `.1` (`X1_Y1..X2_Y2`), `.2` of them.
    Export(String, String, u32),
}

/// The toolbar and the image; `close` is set when the user closes the
/// view, `action` when they act on a map's minimap.
pub(super) fn texture_view(ui: &mut egui::Ui, t: &mut TextureDoc, close: &mut bool, action: &mut Option<MapAction>) {
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
    if let Some(m) = &t.map {
        map_toolbar(ui, m, action);
    }
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
    if let Some(m) = &mut t.map {
        pick_tiles(ui, &response, &painter, rect, m);
    }
}

/// Side of the 64 × 64 grid a minimap shows.
const GRID: f32 = 64.0;

/// The tile of the grid drawn over `rect` under `pos`, if any.
fn tile_at(rect: egui::Rect, pos: egui::Pos2) -> Option<[u8; 2]> {
    let f = (pos - rect.min) / rect.size() * GRID;
    ((0.0..GRID).contains(&f.x) && (0.0..GRID).contains(&f.y)).then_some([f.x as u8, f.y as u8])
}

/// Picks tiles by click (shift: the rectangle to it), outlines the picked
/// rectangle and names the tile under the pointer.
fn pick_tiles(ui: &egui::Ui, response: &egui::Response, painter: &egui::Painter, rect: egui::Rect, m: &mut MapPick) {
    let under = response.hover_pos().and_then(|p| tile_at(rect, p));
    if response.clicked()
        && let Some(tile) = under
    {
        m.click(tile, ui.input(|i| i.modifiers.shift));
    }
    let cell = rect.size() / GRID;
    // The tile grid, once its cells are big enough to tell apart.
    if cell.x >= 6.0 {
        let stroke = (1.0, Color32::from_white_alpha(28));
        for k in 0..=64 {
            let d = egui::vec2(k as f32 * cell.x, k as f32 * cell.y);
            painter.line_segment(
                [egui::pos2(rect.min.x + d.x, rect.min.y), egui::pos2(rect.min.x + d.x, rect.max.y)],
                stroke,
            );
            painter.line_segment(
                [egui::pos2(rect.min.x, rect.min.y + d.y), egui::pos2(rect.max.x, rect.min.y + d.y)],
                stroke,
            );
        }
    }
    let cells = |a: [u8; 2], b: [u8; 2]| {
        let min = rect.min + egui::vec2(f32::from(a[0]), f32::from(a[1])) * cell;
        egui::Rect::from_min_max(min, rect.min + egui::vec2(f32::from(b[0]) + 1.0, f32::from(b[1]) + 1.0) * cell)
    };
    if let Some([a, b]) = m.rectangle() {
        painter.rect_stroke(cells(a, b), 0.0, (2.0, Color32::YELLOW), egui::StrokeKind::Outside);
    }
    if let Some(t) = under {
        painter.rect_stroke(cells(t, t), 0.0, (1.0, Color32::WHITE), egui::StrokeKind::Outside);
        let has = if m.tiles.contains(&t) { "" } else { " (none)" };
        response.clone().on_hover_text_at_pointer(format!("tile {}_{}{has}", t[0], t[1]));
    }
}

/// A map's row: what is picked, and what to do with it.
fn map_toolbar(ui: &mut egui::Ui, m: &MapPick, action: &mut Option<MapAction>) {
    ui.horizontal_wrapped(|ui| {
        let picked = m.picked();
        match m.range() {
            Some(range) => ui.label(format!("tiles {range}: {} of the map's {}", picked.len(), m.tiles.len())),
            None => ui.label(format!("{} tiles: click one, shift-click another to pick a rectangle", m.tiles.len())),
        };
        let from = picked.first().copied();
        let fly = if from.is_some() { "Fly over from here" } else { "Fly over" };
        if ui.button(fly).on_hover_text("its tiles stream in around you (W A S D, Q E)").clicked() {
            *action = Some(MapAction::Fly(m.directory.clone(), from));
        }
        let export = ui.add_enabled(!picked.is_empty(), egui::Button::new("Export tiles"));
        if let (true, Some(range)) =
            (export.on_hover_text("into the Export dialog's folder and format").clicked(), m.range())
        {
            *action = Some(MapAction::Export(m.directory.clone(), range, picked.len() as u32));
        }
    });
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
