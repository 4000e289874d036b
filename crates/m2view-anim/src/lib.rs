//! Animation of M2 models on the CPU: samples tracks, composes the bone
//! palette for GPU skinning, colours, texture weights and texture matrices.
//! No GPU types; buffers are owned by the caller ([`Pose`]).
//!
//! Units: times in milliseconds, angles in radians, model units, Z-up.

#![warn(missing_docs)]

pub mod instance;
pub mod particles;
pub mod pose;
pub mod ribbons;
pub mod sample;
pub mod skeleton;
pub mod skin;

pub use instance::ModelInstance;
pub use pose::{CameraState, Pose, PoseLight, camera_state, evaluate, flipbook_frame, global_times};
pub use sample::{Clock, sample, sample_or, sample_spline};
pub use skeleton::SharedSkeleton;

use m2view_format::{Model, SequenceId};

/// Playback state of one model instance: the current sequence and its time,
/// the absolute clock that drives global sequences, speed, looping, repeats
/// and variations, and the cross-fade from the previous sequence.
///
/// Sequence control follows wowdev wiki "M2" (animation blocks) and WebWowViewerCpp `algorithms/animate.h`–7: aliases (flag 0x40) are
/// followed to the sequence holding the keys; at the end of a sequence it
/// repeats `replay` times, then picks the next variation of the same
/// animation id by `frequency`; switching blends over `blendTime` ms when
/// `blend_on_switch` is set.
#[derive(Debug, Clone)]
pub struct Player {
    /// Sequence playing (may be an alias).
    pub sequence: SequenceId,
    /// Time in the sequence, ms.
    pub time_ms: f32,
    /// Absolute clock for global sequences, ms (keeps running while paused).
    pub clock_ms: f64,
    /// Playback speed factor.
    pub speed: f32,
    /// Paused: sequence time stands still, global sequences keep running.
    pub paused: bool,
    /// Wrap at the end of the sequence (otherwise hold the last frame).
    pub looping: bool,
    /// Pick variations when a sequence ends (otherwise repeat the same one).
    pub variations: bool,
    /// Cross-fade from the previous sequence when switching.
    pub blend_on_switch: bool,
    transition: Option<Transition>,
    repeats_left: u32,
    rng: u32,
    global: Vec<f32>,
}

#[derive(Debug, Clone, Copy)]
struct Transition {
    from: SequenceId,
    from_time_ms: f32,
    elapsed_ms: f32,
    total_ms: f32,
}

impl Player {
    /// Starts on "Stand" (animation id 0) if the model has it, else sequence 0.
    pub fn new(model: &Model) -> Player {
        let sequence = model.find_sequence(0).unwrap_or(SequenceId(0));
        Player {
            sequence,
            time_ms: 0.0,
            clock_ms: 0.0,
            speed: 1.0,
            paused: false,
            looping: true,
            variations: false,
            blend_on_switch: false,
            transition: None,
            repeats_left: 0,
            rng: 0x2545_F491,
            global: Vec::new(),
        }
    }

    /// Switches to `seq` at time 0, cross-fading from the current sequence
    /// over the new sequence's blend-in time when `blend_on_switch` is set.
    pub fn set_sequence(&mut self, model: &Model, seq: SequenceId) {
        self.switch_to(model, seq, self.blend_on_switch);
        self.repeats_left = self.pick_repeats(model);
    }

    fn switch_to(&mut self, model: &Model, seq: SequenceId, blend: bool) {
        let total = model.sequences.get(seq.index()).map_or(0, |s| s.blend_in_ms) as f32;
        self.transition = (blend && total > 0.0 && seq != self.sequence).then_some(Transition {
            from: self.sequence,
            from_time_ms: self.time_ms,
            elapsed_ms: 0.0,
            total_ms: total,
        });
        self.sequence = seq;
        self.time_ms = 0.0;
    }

    fn next_rand(&mut self) -> u32 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 17;
        self.rng ^= self.rng << 5;
        self.rng
    }

    fn pick_repeats(&mut self, model: &Model) -> u32 {
        let [lo, hi] = model.sequences.get(self.sequence.index()).map_or([0, 0], |s| s.replay);
        if hi <= lo { lo.saturating_sub(1) } else { (lo + self.next_rand() % (hi - lo + 1)).saturating_sub(1) }
    }

    /// The next variation of the current animation id, chosen by frequency
    /// (variation weights of one id sum to 0x7FFF), walking `variation_next`
    /// from the first variation; bounded by the sequence count.
    pub fn pick_variation(&mut self, model: &Model) -> SequenceId {
        let Some(cur) = model.sequences.get(self.sequence.index()) else { return self.sequence };
        let Some(first) = model.find_sequence(cur.anim_id) else { return self.sequence };
        let r = self.next_rand() % 0x7FFF;
        let (mut sum, mut at) = (0u32, Some(first));
        for _ in 0..model.sequences.len() {
            let Some(id) = at else { break };
            let s = &model.sequences[id.index()];
            sum += s.frequency.max(0) as u32;
            if sum > r {
                return id;
            }
            at = s.variation_next;
        }
        self.sequence
    }

    /// Duration of the current sequence in ms (after alias resolution).
    pub fn duration_ms(&self, model: &Model) -> u32 {
        model.sequences.get(model.resolve_alias(self.sequence).index()).map_or(0, |s| s.duration_ms)
    }

    /// Advances by `dt_ms` of real time.
    pub fn advance(&mut self, model: &Model, dt_ms: f32) {
        let dt = dt_ms.max(0.0) * self.speed;
        self.clock_ms += dt as f64;
        if self.paused {
            return;
        }
        if let Some(t) = &mut self.transition {
            t.elapsed_ms += dt;
            t.from_time_ms += dt;
            let from_dur = model.sequences.get(model.resolve_alias(t.from).index()).map_or(0, |s| s.duration_ms);
            if from_dur > 0 {
                t.from_time_ms = t.from_time_ms.min(from_dur as f32);
            }
            if t.elapsed_ms >= t.total_ms {
                self.transition = None;
            }
        }
        let dur = self.duration_ms(model) as f32;
        self.time_ms += dt;
        if dur <= 0.0 {
            self.time_ms = 0.0;
            return;
        }
        // A long step may cross several ends; each end repeats or moves on.
        let mut guard = 0;
        while self.time_ms >= dur && guard < 64 {
            guard += 1;
            if !self.looping {
                self.time_ms = dur;
                return;
            }
            let over = self.time_ms - dur;
            if self.variations && self.repeats_left == 0 {
                let next = self.pick_variation(model);
                if next != self.sequence {
                    self.switch_to(model, next, true);
                    self.repeats_left = self.pick_repeats(model);
                    self.time_ms = over;
                    return;
                }
            }
            self.repeats_left = self.repeats_left.saturating_sub(1);
            self.time_ms = over;
        }
        self.time_ms = self.time_ms.rem_euclid(dur);
    }

    /// The sampling clock: aliases resolved, global sequences wrapped, the
    /// previous sequence blended out.
    pub fn clock<'a>(&'a mut self, model: &Model) -> Clock<'a> {
        global_times(model, self.clock_ms, &mut self.global);
        let blend = self.transition.map(|t| sample::BlendFrom {
            sequence: model.resolve_alias(t.from).index(),
            time_ms: t.from_time_ms,
            weight: 1.0 - (t.elapsed_ms / t.total_ms).clamp(0.0, 1.0),
        });
        Clock {
            sequence: model.resolve_alias(self.sequence).index(),
            time_ms: self.time_ms,
            global_ms: &self.global,
            blend,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use m2view_format::fixtures;

    fn model() -> Model {
        let m2 = m2view_format::writer::write_md20(&fixtures::two_boxes(264));
        let skin = m2view_format::writer::write_skin(&fixtures::skin_profile(264), 264);
        m2view_format::model_from_bytes(&m2, "t.m2", &[("s", &skin)]).unwrap()
    }

    #[test]
    fn loops_wrap_and_global_clock_runs_while_paused() {
        let m = model();
        let mut p = Player::new(&m);
        assert_eq!(p.sequence, SequenceId(0));
        p.advance(&m, 1250.0); // Stand is 1000 ms
        assert_eq!(p.time_ms, 250.0);
        p.paused = true;
        p.advance(&m, 100.0);
        assert_eq!(p.time_ms, 250.0);
        assert_eq!(p.clock_ms, 1350.0);
        let c = p.clock(&m);
        assert_eq!(c.global_ms, &[1350.0]);
        p.paused = false;
        p.looping = false;
        p.advance(&m, 5000.0);
        assert_eq!(p.time_ms, 1000.0);
    }

    #[test]
    fn switching_blends_over_blend_time() {
        let m = model(); // every sequence has blendTime 150 ms
        let mut p = Player::new(&m);
        p.blend_on_switch = true;
        p.advance(&m, 400.0);
        p.set_sequence(&m, SequenceId(1));
        p.advance(&m, 50.0);
        let c = p.clock(&m);
        let b = c.blend.unwrap();
        assert_eq!((c.sequence, c.time_ms), (1, 50.0));
        assert_eq!((b.sequence, b.time_ms), (0, 450.0));
        assert!((b.weight - (1.0 - 50.0 / 150.0)).abs() < 1e-6);
        p.advance(&m, 100.0);
        assert!(p.clock(&m).blend.is_none());
    }

    #[test]
    fn variations_follow_frequency() {
        let mut m = model();
        // Make Walk a second variation of Stand with weight 1/2 each.
        m.sequences[1].anim_id = 0;
        m.sequences[1].variation = 1;
        m.sequences[0].frequency = 0x3FFF;
        m.sequences[1].frequency = 0x4000;
        m.sequences[0].variation_next = Some(SequenceId(1));
        let mut p = Player::new(&m);
        p.variations = true;
        let mut seen = [0; 2];
        for _ in 0..200 {
            p.advance(&m, 1000.0);
            seen[p.sequence.index()] += 1;
        }
        assert!(seen[0] > 40 && seen[1] > 40, "{seen:?}");
    }
}
