//! The Animation panel: variations and blending, and the sequence list
//! filtered by text and grouped by animation, each animation's variations
//! under it (an external sequence's `.anim` loads on first use). Play,
//! pause, loop, speed and scrubbing are on the timeline.

use egui::{Color32, RichText};
use m2view_format::{SequenceData, SequenceId};

use crate::state::AppState;

/// The sequences of `model` grouped by animation id, groups in the order
/// their first sequence appears, variations in file order, keeping those
/// whose name or animation id contains `filter` (case-insensitive).
pub fn grouped_sequences(model: &m2view_format::Model, filter: &str) -> Vec<Vec<SequenceId>> {
    let f = filter.trim().to_lowercase();
    let mut groups: Vec<(u16, Vec<SequenceId>)> = Vec::new();
    for (i, q) in model.sequences.iter().enumerate() {
        let id = SequenceId(i as u16);
        if !f.is_empty() && !model.sequence_name(id).to_lowercase().contains(&f) && !q.anim_id.to_string().contains(&f)
        {
            continue;
        }
        match groups.iter_mut().find(|(a, _)| *a == q.anim_id) {
            Some((_, g)) => g.push(id),
            None => groups.push((q.anim_id, vec![id])),
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

pub(super) fn animation_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let model = &c.lm.model;
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut c.instance.player.blend_on_switch, "Blend on switch");
        ui.checkbox(&mut c.instance.player.variations, "Play variations")
            .on_hover_text("when a sequence ends, the game picks another variation of it by frequency");
    });
    if !model.global_sequences.is_empty() {
        ui.label(RichText::new("Global sequences keep running while paused.").small());
    }
    ui.add(
        egui::TextEdit::singleline(&mut s.sequence_filter)
            .hint_text(format!("filter {} sequences", model.sequences.len()))
            .desired_width(f32::INFINITY),
    );
    let groups = grouped_sequences(model, &s.sequence_filter);
    let mut chosen = None;
    // Keyed by the model: a new model's list starts at its top.
    egui::ScrollArea::vertical().id_salt(("sequences", &c.lm.path)).max_height(260.0).show(ui, |ui| {
        for group in &groups {
            for (k, &id) in group.iter().enumerate() {
                let q = &model.sequences[id.index()];
                // A variation stands under its animation's first sequence, indented.
                let head = if k == 0 { format!("{} ({})", model.sequence_name(id), q.anim_id) } else { "    ".into() };
                let mut text = format!("{:>3}  {head} .{}  {} ms", id.0, q.variation, q.duration_ms);
                match q.data {
                    SequenceData::Alias => text.push_str(&format!("  -> alias of {}", q.alias_next.map_or(0, |a| a.0))),
                    SequenceData::External { loaded: false } => text.push_str("  [.anim]"),
                    _ => {}
                }
                let missing = matches!(q.data, SequenceData::External { loaded: false })
                    && c.lm.anim_files.get(id.index()).is_none_or(Option::is_none);
                let rt = if missing {
                    RichText::new(text + " missing").color(Color32::LIGHT_RED)
                } else {
                    RichText::new(text)
                };
                if ui.selectable_label(c.instance.player.sequence == id, rt).clicked() {
                    chosen = Some(id);
                }
            }
        }
        if groups.is_empty() {
            ui.label("no sequence matches");
        }
    });
    if let Some(id) = chosen {
        s.play(id);
    }
}

/// A drop-down of the model's sequences (the embed layout's one control).
pub(super) fn sequence_picker(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &s.current else { return };
    let model = &c.lm.model;
    let name = |i: usize| format!("{i}  {}", model.sequence_name(SequenceId(i as u16)));
    let current = c.instance.player.sequence.index();
    let mut chosen = None;
    egui::ComboBox::new("sequence", "Sequence").selected_text(name(current)).show_ui(ui, |ui| {
        for i in 0..model.sequences.len() {
            if ui.selectable_label(i == current, name(i)).clicked() {
                chosen = Some(SequenceId(i as u16));
            }
        }
    });
    if let Some(id) = chosen {
        s.play(id);
    }
}
