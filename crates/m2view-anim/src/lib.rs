//! Animation of M2 models on the CPU: samples tracks, composes the bone
//! palette for GPU skinning, colours, texture weights and texture matrices.
//! No GPU types; buffers are owned by the caller ([`Pose`]).
//!
//! Units: times in milliseconds, angles in radians, model units, Z-up.

#![warn(missing_docs)]

pub mod pose;
pub mod sample;
pub mod skin;

pub use pose::{Pose, evaluate, global_times};
pub use sample::{Clock, sample, sample_or, sample_spline};

use m2view_format::{Model, SequenceId};

/// Playback state of one model instance: current sequence and time, the
/// absolute clock that drives global sequences, speed and looping.
#[derive(Debug, Clone)]
pub struct Player {
    /// Sequence chosen by the user (may be an alias).
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
    global: Vec<f32>,
}

impl Player {
    /// Starts on "Stand" (animation id 0) if the model has it, else sequence 0.
    pub fn new(model: &Model) -> Player {
        let sequence = model.find_sequence(0).unwrap_or(SequenceId(0));
        Player { sequence, time_ms: 0.0, clock_ms: 0.0, speed: 1.0, paused: false, looping: true, global: Vec::new() }
    }

    /// Switches to `seq` at time 0.
    pub fn set_sequence(&mut self, seq: SequenceId) {
        self.sequence = seq;
        self.time_ms = 0.0;
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
        let dur = self.duration_ms(model) as f32;
        self.time_ms += dt;
        if dur <= 0.0 {
            self.time_ms = 0.0;
        } else if self.time_ms >= dur {
            self.time_ms = if self.looping { self.time_ms.rem_euclid(dur) } else { dur };
        }
    }

    /// The sampling clock: alias resolved, global sequences wrapped.
    pub fn clock<'a>(&'a mut self, model: &Model) -> Clock<'a> {
        global_times(model, self.clock_ms, &mut self.global);
        Clock { sequence: model.resolve_alias(self.sequence).index(), time_ms: self.time_ms, global_ms: &self.global }
    }
}
