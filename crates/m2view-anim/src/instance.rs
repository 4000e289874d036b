//! One placed, animated copy of a model on the CPU: its [`Player`], its
//! [`Pose`] and its particle and ribbon emitters, advanced together. Every
//! front end (the `render` command, the window, the benchmarks) drives a
//! model through this one chain: [`ModelInstance::tick`] →
//! [`ModelInstance::pose`] → [`ModelInstance::build_effects`]; the
//! renderer's `GpuInstance` then takes the pose and the effect geometry.

use glam::{Mat4, Vec3};
use m2view_format::Model;

use crate::particles::{ParticleSystem, QuadRecord};
use crate::ribbons::{RibbonSystem, RibbonVertex};
use crate::{Player, Pose, evaluate};

/// A model instance's animation state.
#[derive(Debug, Clone)]
pub struct ModelInstance {
    /// Sequence, time, speed, variations.
    pub player: Player,
    /// The pose of the last [`ModelInstance::pose`] or `tick`.
    pub pose: Pose,
    /// Particle emitters (deterministic from the seed).
    pub particles: ParticleSystem,
    /// Ribbon emitters.
    pub ribbons: RibbonSystem,
    /// Whether `tick` simulates the particles on the CPU (off while a GPU
    /// simulation draws them).
    pub cpu_particles: bool,
    /// Seconds of simulation the last `tick` advanced (0 while paused).
    pub last_step_s: f32,
}

impl ModelInstance {
    /// The model at rest at the start of its default sequence; particles
    /// seeded with `seed`.
    pub fn new(model: &Model, seed: u32) -> ModelInstance {
        ModelInstance {
            player: Player::new(model),
            pose: Pose::default(),
            particles: ParticleSystem::new(model, seed),
            ribbons: RibbonSystem::new(model),
            cpu_particles: true,
            last_step_s: 0.0,
        }
    }

    /// Advances the clock by `dt_ms` of wall time (the player's speed
    /// applies; a paused player holds its sequence time and its emitters),
    /// poses the model (billboards facing an identity view) and steps the
    /// emitters with that pose's bones.
    pub fn tick(&mut self, model: &Model, dt_ms: f32) {
        let step_s = if self.player.paused { 0.0 } else { dt_ms.max(0.0) * self.player.speed / 1000.0 };
        self.player.advance(model, dt_ms);
        self.last_step_s = step_s;
        self.pose(model, Mat4::IDENTITY);
        let clock = self.player.clock(model);
        if self.cpu_particles {
            self.particles.update(model, &clock, &self.pose.bones, step_s);
        }
        self.ribbons.update(model, &clock, &self.pose.bones, step_s);
    }

    /// Poses the model at the current clock; `view` (model → view) turns
    /// its billboards toward the camera.
    pub fn pose(&mut self, model: &Model, view: Mat4) {
        let clock = self.player.clock(model);
        evaluate(model, &clock, Some(view), &mut self.pose);
    }

    /// Builds the particle quads, then the ribbon strips, seen through
    /// `view` (model → view), into the caller's records; `draws` gets
    /// `(emitter, range)` with ribbons numbered after the particle emitters.
    pub fn build_effects<Q: QuadRecord, V: From<RibbonVertex>>(
        &self,
        model: &Model,
        view: Mat4,
        quads: &mut Vec<Q>,
        strips: &mut Vec<V>,
        draws: &mut Vec<(usize, std::ops::Range<u32>)>,
    ) {
        strips.clear();
        self.particles.build(model, view, quads, draws);
        let first = draws.len();
        self.ribbons.build(model, strips, draws);
        for d in &mut draws[first..] {
            d.0 += model.particles.len();
        }
    }

    /// Where a model hung on attachment `id` sits in this instance's model
    /// space (the attachment's bone × its offset); `None` when the model has
    /// no such attachment.
    pub fn attachment(&self, model: &Model, id: u32) -> Option<Mat4> {
        let att = model.attachments.iter().find(|a| a.id == id)?;
        let bone = att.bone.and_then(|b| self.pose.bones.get(b.index())).copied().unwrap_or(Mat4::IDENTITY);
        Some(bone * Mat4::from_translation(Vec3::from(att.position)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use m2view_format::fixtures;

    #[test]
    fn tick_moves_clock_pose_and_emitters_together() {
        let m2 = m2view_format::writer::write_md20(&fixtures::two_boxes(264));
        let skin = m2view_format::writer::write_skin(&fixtures::skin_profile(264), 264);
        let m = m2view_format::model_from_bytes(&m2, "t.m2", &[("s", &skin)]).unwrap();
        let mut inst = ModelInstance::new(&m, 1);
        for _ in 0..15 {
            inst.tick(&m, 1000.0 / 30.0);
        }
        // 500 ms of Stand: the top box's bone has turned 45° (the pose test's value).
        assert!((inst.player.time_ms - 500.0).abs() < 1e-3);
        let p = inst.pose.bones[1].transform_point3(Vec3::new(1.0, 0.0, 1.5));
        let h = std::f32::consts::FRAC_1_SQRT_2;
        assert!((p - Vec3::new(h, h, 1.5)).length() < 1e-3, "{p}");
        assert!(inst.particles.live() > 0 && inst.ribbons.edges() > 0);
        // Paused: the sequence and the emitters hold.
        inst.player.paused = true;
        let (t, live) = (inst.player.time_ms, inst.particles.live());
        inst.tick(&m, 100.0);
        assert_eq!((inst.player.time_ms, inst.particles.live()), (t, live));
        // The fixture's attachment 11 (Helm) on bone 1 at (0, 0, 2).
        let a = inst.attachment(&m, 11).expect("attachment 11");
        assert!((a.w_axis.truncate() - Vec3::new(0.0, 0.0, 2.0)).length() < 1e-4);
        let mut quads: Vec<crate::particles::ParticleQuad> = Vec::new();
        let (mut strips, mut draws): (Vec<RibbonVertex>, _) = (Vec::new(), Vec::new());
        inst.build_effects(&m, Mat4::IDENTITY, &mut quads, &mut strips, &mut draws);
        assert!(draws.iter().any(|d| d.0 == m.particles.len()), "the ribbon draws after the particles");
    }
}
