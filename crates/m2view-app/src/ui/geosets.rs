//! The Geosets and LOD panels: every geoset of the LOD by group with its
//! triangle count (the chosen set — a character's as its choices give it —
//! can be overridden here), and the skin profiles.

use egui::RichText;
use m2view_format::geoset_group_name;

use crate::state::AppState;

pub(super) fn geoset_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let Some(lod) = c.lm.model.lods.get(c.lod) else { return };
    let mut ids: Vec<(u16, usize)> = Vec::new();
    for sub in &lod.submeshes {
        match ids.iter_mut().find(|(id, _)| *id == sub.geoset_id) {
            Some(e) => e.1 += sub.index_count as usize / 3,
            None => ids.push((sub.geoset_id, sub.index_count as usize / 3)),
        }
    }
    ids.sort();
    ui.horizontal(|ui| {
        if ui.button("All").clicked() {
            c.geosets = ids.iter().map(|(id, _)| *id).collect();
        }
        if ui.button("None").clicked() {
            c.geosets.clear();
        }
        if ui.button("Game defaults").clicked() {
            c.geosets = c.lm.model.default_geosets(c.lod);
        }
    });
    let mut group = u16::MAX;
    for (id, tris) in ids {
        if id / 100 != group {
            group = id / 100;
            ui.label(RichText::new(format!("{} ({group})", geoset_group_name(group))).strong());
        }
        let mut on = c.geosets.contains(&id);
        if ui.checkbox(&mut on, format!("{id}  ({tris} triangles)")).changed() {
            if on {
                c.geosets.insert(id);
            } else {
                c.geosets.remove(&id);
            }
        }
    }
}

pub(super) fn lod_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let mut lod = c.lod;
    for (i, l) in c.lm.model.lods.iter().enumerate() {
        ui.radio_value(
            &mut lod,
            i,
            format!("{i}: {} - {} triangles, {} batches", l.source, l.triangle_count(), l.batches.len()),
        );
    }
    if lod != c.lod {
        c.set_lod(lod);
    }
    let (b, t) = c.lm.model.visible_batches(c.lod, &c.geosets);
    ui.label(format!("geosets shown: {b} batches, {t} triangles"));
    // What the status bar says: a batch whose animated alpha is 0 this frame is not drawn.
    let (db, dt) = s.drawn;
    ui.label(format!("drawn last frame: {db} batches, {dt} triangles"))
        .on_hover_text("as the status bar counts: the batches of every model in the view, less those whose animated alpha is 0 this frame");
}
