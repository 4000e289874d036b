//! The Animation panel: play, pause, loop, speed, scrub, variations and the
//! sequence list (an external sequence's `.anim` loads on first use).

use egui::{Color32, RichText};
use m2view_format::{SequenceData, SequenceId};

use crate::state::AppState;

pub(super) fn animation_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let model = &c.lm.model;
    ui.horizontal(|ui| {
        let label = if c.instance.player.paused { "Play" } else { "Pause" };
        if ui.button(label).clicked() {
            c.instance.player.paused = !c.instance.player.paused;
        }
        ui.checkbox(&mut c.instance.player.looping, "Loop");
        ui.checkbox(&mut c.instance.player.blend_on_switch, "Blend on switch");
    });
    ui.add(egui::Slider::new(&mut c.instance.player.speed, 0.1..=4.0).text("speed").logarithmic(true));
    let dur = c.instance.player.duration_ms(model) as f32;
    ui.add(egui::Slider::new(&mut c.instance.player.time_ms, 0.0..=dur.max(1.0)).text("ms"));
    ui.checkbox(&mut c.instance.player.variations, "Play variations")
        .on_hover_text("when a sequence ends, the game picks another variation of it by frequency");
    if !model.global_sequences.is_empty() {
        ui.label(RichText::new("Global sequences keep running while paused.").small());
    }
    let mut chosen = None;
    egui::ScrollArea::vertical().id_salt("sequences").max_height(220.0).show(ui, |ui| {
        for (i, q) in model.sequences.iter().enumerate() {
            let name = model.sequence_name(SequenceId(i as u16));
            let mut text = format!("{i:>3}  {name} ({}) .{}  {} ms", q.anim_id, q.variation, q.duration_ms);
            match q.data {
                SequenceData::Alias => text.push_str(&format!("  -> alias of {}", q.alias_next.map_or(0, |a| a.0))),
                SequenceData::External { loaded: false } => text.push_str("  [.anim]"),
                _ => {}
            }
            let missing = matches!(q.data, SequenceData::External { loaded: false })
                && c.lm.anim_files.get(i).is_none_or(Option::is_none);
            let rt =
                if missing { RichText::new(text + " missing").color(Color32::LIGHT_RED) } else { RichText::new(text) };
            if ui.selectable_label(c.instance.player.sequence.index() == i, rt).clicked() {
                chosen = Some(SequenceId(i as u16));
            }
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
    egui::ComboBox::from_id_salt("sequence").selected_text(name(current)).show_ui(ui, |ui| {
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
