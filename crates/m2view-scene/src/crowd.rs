//! Crowds: `n` copies of one model on a square grid, each playing its own
//! sequence from its own phase (picked deterministically from the index),
//! drawn in one frame through one `FrameBuilder` (`m2view render --crowd N`,
//! the window's crowd slider). The players advance on the CPU; their poses
//! are sampled on the GPU and drawn instanced (`m2view_render::animation`)
//! where the device can, else posed and drawn copy by copy.

use glam::{Mat4, Vec3};
use m2view_anim::ModelInstance;
use m2view_format::{Model, SequenceData};

/// The copies and where they stand.
pub struct Crowd {
    /// One animation state per copy.
    pub instances: Vec<ModelInstance>,
    /// Model → world of each copy (model units, Z-up; the grid lies on Z = 0).
    pub worlds: Vec<Mat4>,
}

/// xorshift32: the copies' sequences and phases depend only on their index.
fn pick(i: usize) -> u32 {
    let mut x = (i as u32).wrapping_mul(0x9E37_79B9) ^ 0x2545_F491;
    for _ in 0..3 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
    }
    x
}

impl Crowd {
    /// `n` copies of `model`, `spacing` model units apart; copy 0 plays the
    /// default sequence from its start, the others a sequence of the model
    /// (aliases and sequences whose keys live in unloaded `.anim` files
    /// excluded) from a phase within it.
    pub fn new(model: &Model, n: usize, spacing: f32) -> Crowd {
        let playable: Vec<u16> = (0..model.sequences.len() as u16)
            .filter(|&i| matches!(model.sequences[i as usize].data, SequenceData::InFile))
            .collect();
        let side = (n as f32).sqrt().ceil().max(1.0) as usize;
        let mut instances = Vec::with_capacity(n);
        let mut worlds = Vec::with_capacity(n);
        for i in 0..n {
            let mut inst = ModelInstance::new(model, 1 + i as u32);
            if i > 0 && !playable.is_empty() {
                let r = pick(i);
                inst.player.sequence = m2view_format::SequenceId(playable[r as usize % playable.len()]);
                let duration = inst.player.duration_ms(model).max(1);
                inst.player.advance(model, ((r >> 8) % duration) as f32);
            }
            instances.push(inst);
            let (x, y) = ((i % side) as f32, (i / side) as f32);
            worlds.push(Mat4::from_translation(Vec3::new(x, y, 0.0) * spacing));
        }
        Crowd { instances, worlds }
    }

    /// The grid's box given one copy's box `(lo, hi)`.
    pub fn bounds(&self, (lo, hi): (Vec3, Vec3)) -> (Vec3, Vec3) {
        let corners = self.worlds.iter().map(|w| w.w_axis.truncate());
        let (min, max) = corners.fold((Vec3::splat(f32::MAX), Vec3::splat(f32::MIN)), |(a, b), c| (a.min(c), b.max(c)));
        (min + lo, max + hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_stand_on_a_grid_with_their_own_sequences() {
        let m2 = m2view_format::writer::write_md20(&m2view_format::fixtures::two_boxes(264));
        let skin = m2view_format::writer::write_skin(&m2view_format::fixtures::skin_profile(264), 264);
        let m = m2view_format::model_from_bytes(&m2, "t.m2", &[("s", &skin)]).unwrap();
        let c = Crowd::new(&m, 5, 2.0);
        // 5 copies on a 3-wide grid: the fifth at column 1, row 1.
        assert_eq!(c.worlds[4].w_axis.truncate(), Vec3::new(2.0, 2.0, 0.0));
        assert_eq!(c.bounds((Vec3::ZERO, Vec3::ONE)), (Vec3::ZERO, Vec3::new(5.0, 3.0, 1.0)));
        // Deterministic: the same copies twice; copy 0 at the start of the default sequence.
        let again = Crowd::new(&m, 5, 2.0);
        let state = |c: &Crowd| c.instances.iter().map(|i| (i.player.sequence, i.player.time_ms)).collect::<Vec<_>>();
        assert_eq!(state(&c), state(&again));
        assert_eq!(c.instances[0].player.time_ms, 0.0);
        assert!(c.instances[1..].iter().any(|i| i.player.time_ms > 0.0), "{:?}", state(&c));
    }
}
