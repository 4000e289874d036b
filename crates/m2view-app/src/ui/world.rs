//! The World panel. Of a WMO: its doodad set (set 0 always shows, as in
//! the client), its groups by name (like geosets: a group's index is its
//! geoset id), overlays (portals, bounds, lights) and portal culling. Of
//! a map tile: what it places and its neighbour tiles. Of a map flown
//! over: how much streams around the eye, how far models draw, and what
//! the streaming did. Of all: fly mode, its speed, and the WMO fog the eye
//! is in.

use egui::RichText;

use crate::state::AppState;

pub(super) fn world_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &s.current else { return };
    if s.streaming.is_some() {
        map_panel(ui, s);
    } else if c.lm.wmo.is_some() {
        wmo_panel(ui, s);
    } else {
        tile_panel(ui, s);
    }
    ui.checkbox(&mut s.fly, "fly (left drag looks, W/A/S/D/Q/E move, wheel sets the pace)");
    ui.add(egui::Slider::new(&mut s.view.fly_speed, 0.1..=50.0).logarithmic(true).text("fly speed"));
    ui.checkbox(&mut s.view.fog, "fog (MFOG, the eye inside a WMO)");
    let status = match s.fog {
        Some(f) => {
            let [r, g, b] = f.rgb8();
            format!("in fog from {:.0} to {:.0} yards, colour #{r:02X}{g:02X}{b:02X}", f.start, f.end)
        }
        None if s.view.fog => "no fog: the eye is in no WMO (outdoors the client's Light tables fog)".to_string(),
        None => "fog off".to_string(),
    };
    ui.label(RichText::new(status).small());
}

fn wmo_panel(ui: &mut egui::Ui, s: &mut AppState) {
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

/// A map tile: what it places and how much of it draws (models, WMOs
/// with their doodads), and its neighbour tiles.
fn tile_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &s.current else { return };
    let Some(adt) = &c.lm.adt else { return };
    let drawn = c.attached.iter().filter(|a| a.placement.is_some() && a.lm.adt.is_none()).count();
    ui.label(format!(
        "{} models (MDDF) and {} WMOs (MODF) placed; {drawn} drawn, the WMOs' doodads included",
        adt.doodads.len(),
        adt.objects.len()
    ));
    let tiles = c.attached.iter().filter(|a| a.lm.adt.is_some()).count();
    let mut on = s.neighbours;
    let label = if on { format!("neighbour tiles ({tiles} of 8 found)") } else { "neighbour tiles".to_string() };
    if ui
        .checkbox(&mut on, label)
        .on_hover_text("the tiles around it, found beside it under the same naming, and what they place")
        .changed()
    {
        s.show_neighbours(on);
    }
}

/// A map flown over: the streaming's settings (saved) and what it did.
fn map_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(st) = &mut s.streaming else { return };
    let over = crate::maps::WholeMap::tile_under(s.orbit.camera().eye)
        .map_or_else(|| "off the map".to_string(), |t| format!("over tile {}_{}", t[0], t[1]));
    ui.label(RichText::new(format!("map:{}, {over}", st.map.directory)).strong());
    let mut settings = st.settings;
    use crate::streaming::{MAX_RADIUS, MIN_MEMORY_MIB};
    ui.add(egui::Slider::new(&mut settings.radius, 0..=MAX_RADIUS).text("tiles kept on each side"));
    let memory = egui::Slider::new(&mut settings.memory_mib, MIN_MEMORY_MIB..=16384).logarithmic(true);
    ui.add(memory.text("memory bound, MiB"));
    let mut far = if s.view.draw_distance.is_finite() { s.view.draw_distance } else { 5000.0 };
    if ui.add(egui::Slider::new(&mut far, 50.0..=5000.0).logarithmic(true).text("models drawn to, yards")).changed() {
        s.view.draw_distance = far;
    }
    let t = st.stats;
    let mib = |b: usize| b as f64 / (1024.0 * 1024.0);
    let average = if t.loaded > 0 { t.load_ms / t.loaded as f64 } else { 0.0 };
    ui.label(
        RichText::new(format!(
            "{} tiles kept, {:.0} of {} MiB (most {:.0}); {} loaded ({average:.0} ms each), {} let go, {} failed{}",
            st.kept().count(),
            mib(t.bytes),
            settings.memory_mib,
            mib(t.peak_bytes),
            t.loaded,
            t.evicted,
            t.failed,
            if st.busy() { "; loading…" } else { "" },
        ))
        .small(),
    );
    if settings != st.settings {
        (st.settings, s.stream_settings) = (settings, settings);
        if let Err(e) = s.save_settings() {
            s.errors.push(format!("settings not saved: {e}"));
        }
    }
}
