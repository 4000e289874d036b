//! The Emitters panel: every particle emitter (switchable) and ribbon.

use crate::state::AppState;

pub(super) fn emitters_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let m = &c.lm.model;
    if m.particles.is_empty() && m.ribbons.is_empty() {
        ui.label("no particle or ribbon emitters");
    }
    for (i, e) in m.particles.iter().enumerate() {
        let supported =
            !matches!(e.emitter_type, m2view_format::EmitterType::Bone | m2view_format::EmitterType::Other(_));
        let mut on = !c.disabled_emitters.get(i).copied().unwrap_or(false);
        let label = format!(
            "particle {i}: {:?}{} {} bone {:?} texture {:?} flags {:#x}",
            e.emitter_type,
            if supported { "" } else { " (drawn as a plane: generator not simulated)" },
            e.blend.name(),
            e.bone.map(|b| b.0),
            e.textures.first().copied().flatten().map(|t| t.0),
            e.flags
        );
        if ui.checkbox(&mut on, label).changed()
            && let Some(d) = c.disabled_emitters.get_mut(i)
        {
            *d = !on;
        }
    }
    for (i, r) in m.ribbons.iter().enumerate() {
        ui.label(format!(
            "ribbon {i}: bone {:?}, {} edges/s, {} s life, gravity {}",
            r.bone.map(|b| b.0),
            r.edges_per_second,
            r.edge_lifetime,
            r.gravity
        ));
    }
}
