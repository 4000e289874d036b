//! What every animated export shares: which sequences become animations
//! and under what name, and at which times a track is sampled.

use std::collections::HashMap;

use m2view_anim::{Clock, sample_or};
use m2view_format::{Interpolation, Model, SequenceData, SequenceId, Track};

use super::ExportOptions;

/// The sequences of `model` exported as animations (those `opts` names, or
/// all; aliases and `.anim` files not loaded are left out), each with its
/// name as the viewer shows it (`.N` for variation N, ` (i)` after a name
/// already taken).
pub(crate) fn animations(model: &Model, opts: &ExportOptions) -> Vec<(usize, String)> {
    let all: Vec<usize> = (0..model.sequences.len()).collect();
    let mut used: HashMap<String, usize> = HashMap::new();
    let mut out = Vec::new();
    for &seq in opts.sequences.as_ref().unwrap_or(&all) {
        let Some(s) = model.sequences.get(seq) else { continue };
        if matches!(s.data, SequenceData::Alias | SequenceData::External { loaded: false }) {
            continue;
        }
        let base = model.sequence_name(SequenceId(seq as u16));
        let mut name = if s.variation > 0 { format!("{base}.{}", s.variation) } else { base };
        let n = used.entry(name.clone()).or_insert(0);
        *n += 1;
        if *n > 1 {
            name = format!("{name} ({seq})");
        }
        out.push((seq, name));
    }
    out
}

/// From 0 to `duration` ms, evenly, 30 times a second (`⌈duration·30/1000⌉`
/// steps, at least one): where the exports sample what they cannot key.
pub fn every_30hz(duration: f32) -> Vec<f32> {
    let n = (duration * 30.0 / 1000.0).ceil().max(1.0) as usize;
    (0..=n).map(|k| (k as f32 * duration / n as f32).min(duration)).collect()
}

/// Times (ms) at which to sample `track` for sequence `seq` of `duration` ms:
/// its own keys (with three more between keys of a Hermite/Bezier curve, so
/// linear channels follow it), or 30 Hz over the sequence for a
/// global-sequence track (one sample for a sequence of 0 ms, as the real
/// `Axe_1H_DH_Tribal_A_01.m2` of ElementoBorzi's Doomhammer pack has).
/// Strictly increasing (some files store keys out of order).
pub(crate) fn sample_times<T>(track: &Track<T>, seq: usize, duration: u32) -> Vec<f32> {
    let mut t: Vec<f32> = if track.global_sequence.is_some() {
        every_30hz(duration as f32)
    } else {
        let Some(keys) = track.keys_for(seq) else { return Vec::new() };
        let mut t: Vec<f32> = keys.times.iter().map(|&ms| ms as f32).collect();
        if !keys.tangents.is_empty() {
            let between = t.windows(2).flat_map(|w| (1..4).map(move |q| w[0] + (w[1] - w[0]) * q as f32 / 4.0));
            t = t.iter().copied().chain(between).collect();
        }
        t.iter_mut().for_each(|ms| *ms = ms.min(duration.max(1) as f32));
        t
    };
    t.sort_by(f32::total_cmp);
    t.dedup();
    t
}

/// `track`'s value at each of `times` (ms) of sequence `seq` (`default`
/// where it has none), global sequences running from the sequence's start;
/// `globals` is scratch space.
pub(crate) fn sample<T: m2view_anim::sample::Interp>(
    model: &Model,
    track: &Track<T>,
    seq: usize,
    times: &[f32],
    globals: &mut Vec<f32>,
    default: T,
) -> Vec<T> {
    times
        .iter()
        .map(|&t| {
            m2view_anim::global_times(model, t as f64, globals);
            sample_or(track, &Clock::new(seq, t, globals), default)
        })
        .collect()
}

/// Whether `track` interpolates between keys (else it steps).
pub(crate) fn linear<T>(track: &Track<T>) -> bool {
    track.interpolation != Interpolation::None
}
