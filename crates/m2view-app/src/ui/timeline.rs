//! The timeline under the 3D view, as animation tools have it: step,
//! play/pause, loop and speed, the sequence, the time in ms and in frames
//! (30 per second), and a track with the key times as ticks (of the bone
//! picked in the Inspector, else of every bone) that is clicked or
//! dragged to scrub (scrubbing pauses).

use egui::{Color32, Sense, Stroke, pos2, vec2};

use crate::state::AppState;

/// Frames per second the timeline counts in (the rate animation tools and
/// the game's exporters show; M2 time itself is in ms).
pub const FPS: f32 = 30.0;

/// Height of the track in points.
const TRACK_HEIGHT: f32 = 18.0;

/// Frame `time_ms` falls in, at [`FPS`].
pub fn frame_of(time_ms: f32) -> u32 {
    (time_ms.max(0.0) * FPS / 1000.0).floor() as u32
}

pub(super) fn timeline(ui: &mut egui::Ui, s: &mut AppState) {
    if s.current.is_none() {
        ui.label("no model open");
        return;
    }
    ui.horizontal(|ui| {
        super::animation::sequence_picker(ui, s);
        let Some(c) = &mut s.current else { return };
        let p = &mut c.instance.player;
        let dur = p.duration_ms(&c.lm.model) as f32;
        let step = 1000.0 / FPS;
        if ui.button("< Prev").on_hover_text("previous frame (Left)").clicked() {
            p.paused = true;
            p.time_ms = (p.time_ms - step).max(0.0);
        }
        let play = if p.paused { "Play" } else { "Pause" };
        if ui.button(play).on_hover_text("Space").clicked() {
            p.paused = !p.paused;
        }
        if ui.button("Next >").on_hover_text("next frame (Right)").clicked() {
            p.paused = true;
            p.time_ms = (p.time_ms + step).min(dur);
        }
        ui.toggle_value(&mut p.looping, "Loop").on_hover_text(
            "wrap at the end; off: hold the last frame (the default for sequences the game plays once, such as Death)",
        );
        ui.add(egui::DragValue::new(&mut p.speed).range(0.05..=8.0).speed(0.01).suffix("×"))
            .on_hover_text("playback speed");
        ui.label(format!("{:>6.0} / {:.0} ms   frame {} / {}", p.time_ms, dur, frame_of(p.time_ms), frame_of(dur)));
        if let Some(b) = c.selected_bone
            && ui.small_button(format!("keys of bone {} x", b.0)).on_hover_text("show every bone's keys").clicked()
        {
            c.selected_bone = None;
        }
    });
    let Some(c) = &mut s.current else { return };
    let model = &c.lm.model;
    let p = &mut c.instance.player;
    let dur = p.duration_ms(model) as f32;
    let keys = model.bone_key_times(p.sequence, c.selected_bone);
    let whose = match c.selected_bone.and_then(|b| model.bones.get(b.index()).map(|bone| (b, bone))) {
        Some((b, bone)) => format!("bone {} {}", b.0, bone.name),
        None => "the sequence's bones".to_string(),
    };
    let (rect, response) = ui.allocate_exact_size(vec2(ui.available_width(), TRACK_HEIGHT), Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 2.0, visuals.extreme_bg_color);
    let x_of = |t: f32| rect.left() + rect.width() * if dur > 0.0 { (t / dur).clamp(0.0, 1.0) } else { 0.0 };
    // A tick per key time (the picked bone's, else every bone's), a longer one per second.
    for &t in &keys {
        let x = x_of(t as f32);
        painter.line_segment([pos2(x, rect.bottom() - 7.0), pos2(x, rect.bottom())], Stroke::new(1.0, Color32::GOLD));
    }
    let mut second = 0.0;
    while second <= dur && dur > 0.0 {
        let x = x_of(second);
        painter
            .line_segment([pos2(x, rect.top()), pos2(x, rect.top() + 6.0)], visuals.widgets.noninteractive.fg_stroke);
        second += 1000.0;
    }
    let x = x_of(p.time_ms);
    painter.line_segment([pos2(x, rect.top()), pos2(x, rect.bottom())], Stroke::new(2.0, Color32::LIGHT_BLUE));
    let response = response.on_hover_text(format!(
        "{} keys of {whose} (pick a bone in the Inspector); click or drag to scrub",
        keys.len()
    ));
    if let Some(pos) = response.interact_pointer_pos()
        && (response.dragged() || response.clicked())
        && dur > 0.0
    {
        p.paused = true;
        p.time_ms = ((pos.x - rect.left()) / rect.width()).clamp(0.0, 1.0) * dur;
    }
}
