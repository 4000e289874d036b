//! The World panel of a WMO: its doodad set (set 0 always shows, as in
//! the client), its groups by name (like geosets: a group's index is its
//! geoset id), fly mode, overlays (portals, bounds, lights) and portal
//! culling.

use egui::RichText;

use crate::app::state::AppState;

pub(super) fn world_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let Some(wmo) = c.lm.wmo.clone() else { return };
    let mut chosen = None;
    egui::ComboBox::from_label("doodad set")
        .selected_text(wmo.doodad_sets.get(s.doodad_set).map_or("-", |d| d.name.as_str()))
        .show_ui(ui, |ui| {
            for (i, d) in wmo.doodad_sets.iter().enumerate() {
                if ui.selectable_label(i == s.doodad_set, format!("{i} {} ({} placements)", d.name, d.count)).clicked()
                {
                    chosen = Some(i);
                }
            }
        });
    let placed = c.attached.iter().filter(|a| a.placement.is_some()).count();
    ui.label(RichText::new(format!("{placed} doodads placed")).small());
    ui.label(RichText::new("Groups").strong());
    for (i, g) in wmo.groups.iter().enumerate() {
        let id = i as u16;
        let mut on = c.geosets.contains(&id);
        let kind = if g.is_interior() { "interior" } else { "exterior" };
        let label = match &g.geometry {
            Some(geo) => format!("{i} {} ({kind}, {} vertices)", g.name, geo.positions.len()),
            None => format!("{i} {} (file missing)", g.name),
        };
        if ui.add_enabled(g.geometry.is_some(), egui::Checkbox::new(&mut on, label)).changed() {
            if on {
                c.geosets.insert(id);
            } else {
                c.geosets.remove(&id);
            }
        }
    }
    ui.checkbox(&mut s.fly, "fly (left drag looks, W/A/S/D/Q/E move, wheel sets the pace)");
    let o = &mut s.view.overlays;
    ui.horizontal_wrapped(|ui| {
        ui.label("overlays:");
        ui.checkbox(&mut o.portals, format!("portals ({})", wmo.portals.len()));
        ui.checkbox(&mut o.bounds, "bounds");
        ui.checkbox(&mut o.lights, format!("lights ({})", wmo.lights.len()));
    });
    ui.checkbox(&mut s.portal_culling, "portal culling (inside, draw what the portals show)");
    let culled = s.culled_groups.as_ref().map(|v| (v.iter().filter(|&&d| d).count(), v.len()));
    let status = match culled {
        Some((drawn, all)) if s.portal_culling => format!("inside: {drawn} of {all} groups seen through portals"),
        _ => "outside: every group drawn".to_string(),
    };
    ui.label(RichText::new(status).small());
    if let Some(set) = chosen {
        s.show_doodad_set(set);
    }
}
