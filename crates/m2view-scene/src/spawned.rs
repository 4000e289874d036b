//! Models that emitters spawn: Warcraft III `PREM` with "EmitterUsesMDL"
//! ([`m2view_format::ModelEmitter`]), simulated as mdx-m3-viewer's
//! `ParticleEmitter`/`Particle` run them, and M2 particle emitters with a
//! geometry model (`geometry_model_filename` or `GPID`: a model where each
//! live particle is, for its life, the particles simulated as they are
//! drawn); where each spawned model is at a moment of the host's
//! animation. The front ends open the models ([`wanted`]) beside the host.
//!
//! The simulations step the host's animation at 30 steps a second from
//! the oldest moment a model still alive can have been spawned at (the
//! longest lifespan before the moment asked for), with a fixed random seed,
//! so a render is the same every time; at most [`MAX_SPAWNED`] live at once.

use glam::{Mat4, Quat, Vec3};
use m2view_anim::ModelInstance;
use m2view_format::{Model, ModelRef};

/// The most spawned models alive at once (more are not spawned, and a
/// warning says so): a hostile emission rate cannot exhaust memory.
pub const MAX_SPAWNED: usize = 10_000;

/// One spawned model at the moment asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct Spawned {
    /// Its source: an index into [`Model::model_emitters`], or past them
    /// (`model_emitters.len() + i`) particle emitter `i` of [`Model::particles`].
    pub emitter: usize,
    /// Its transform in the host's model space (position, turn about Z, the node's scale).
    pub world: Mat4,
    /// Milliseconds since it was spawned (the time of its first sequence).
    pub age_ms: f32,
}

/// A spawned model while the simulation runs.
struct Live {
    emitter: usize,
    position: Vec3,
    velocity: Vec3,
    gravity: f32,
    turn: Quat,
    scale: Vec3,
    age: f32,
    lifespan: f32,
}

/// xorshift32: the same spawns on every run.
struct Rng(u32);

impl Rng {
    fn unit(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 >> 8) as f32 / (1u32 << 24) as f32
    }
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

/// What each source of spawned models wants (by [`Spawned::emitter`]):
/// a model by name or by FileDataID, or nothing (a particle emitter
/// without a geometry model).
pub fn wanted(model: &Model) -> Vec<Option<ModelRef<'_>>> {
    let prem = model.model_emitters.iter().map(|e| Some(ModelRef::Name(&e.model)));
    prem.chain(model.particles.iter().map(|p| p.geometry_model_ref())).collect()
}

/// Whether any emitter of `model` spawns models.
pub fn spawns_models(model: &Model) -> bool {
    wanted(model).iter().any(Option::is_some)
}

/// The spawned models of `model` alive at `time_ms` of its sequence
/// `sequence` (as the host plays it from 0), and whether [`MAX_SPAWNED`]
/// stopped spawning.
pub fn simulate(model: &Model, sequence: m2view_format::SequenceId, time_ms: f32) -> (Vec<Spawned>, bool) {
    let (mut spawned, capped) = prem_spawns(model, sequence, time_ms);
    let (carried, carried_capped) = particle_models(model, sequence, time_ms);
    spawned.extend(carried);
    (spawned, capped || carried_capped)
}

/// The models the M2 particles of `model`'s emitters with a geometry model
/// carry at `time_ms`: one where each live particle is, as old as it, and
/// whether [`MAX_SPAWNED`] cut them. The particles are simulated as they
/// are drawn (`m2view_anim::particles`); the model keeps its own size and
/// turn (the particle's scale and spin are not applied: no client port
/// documents them for spawned models).
fn particle_models(model: &Model, sequence: m2view_format::SequenceId, time_ms: f32) -> (Vec<Spawned>, bool) {
    let spawning: Vec<usize> = wanted(model)
        .iter()
        .enumerate()
        .skip(model.model_emitters.len())
        .filter(|(_, w)| w.is_some())
        .map(|(k, _)| k - model.model_emitters.len())
        .collect();
    if spawning.is_empty() {
        return (Vec::new(), false);
    }
    let longest = spawning
        .iter()
        .map(|&i| {
            let e = &model.particles[i];
            let keys = e.lifespan.sequences.iter().flat_map(|k| k.values.iter().copied());
            keys.fold(1.0f32, f32::max) + e.lifespan_vary.abs()
        })
        .fold(0.0f32, f32::max)
        .clamp(0.0, 600.0);
    let mut system = m2view_anim::particles::ParticleSystem::new(model, 0x9E37_79B9);
    step_host(model, sequence, time_ms, longest, |host, step| {
        system.update(model, &host.player.clock(model), &host.pose.bones, step);
    });
    let first = model.model_emitters.len();
    let mut out: Vec<Spawned> = spawning
        .iter()
        .flat_map(|&i| {
            system.particles(model, i).into_iter().filter(|(p, _)| p.is_finite()).map(move |(at, age)| Spawned {
                emitter: first + i,
                world: Mat4::from_translation(at),
                age_ms: age * 1000.0,
            })
        })
        .collect();
    let capped = out.len() > MAX_SPAWNED;
    out.truncate(MAX_SPAWNED);
    (out, capped)
}

/// Plays `model`'s sequence `sequence` at 30 steps a second from `longest`
/// seconds (and a step) before `time_ms` up to it, calling `each(host,
/// step_s)` once the host is posed after each step.
fn step_host(
    model: &Model,
    sequence: m2view_format::SequenceId,
    time_ms: f32,
    longest: f32,
    mut each: impl FnMut(&mut ModelInstance, f32),
) {
    let dt = 1.0 / 30.0;
    let end = time_ms.max(0.0) / 1000.0;
    let mut t = (end - longest - dt).max(0.0);
    let mut host = ModelInstance::new(model, 1);
    host.player.sequence = sequence;
    host.player.advance(model, t * 1000.0);
    while t < end {
        let step = dt.min(end - t);
        host.player.advance(model, step * 1000.0);
        host.pose(model, Mat4::IDENTITY);
        each(&mut host, step);
        t += step;
    }
}

/// The `PREM` spawns of `model` alive at `time_ms` of `sequence`, and
/// whether [`MAX_SPAWNED`] stopped spawning.
fn prem_spawns(model: &Model, sequence: m2view_format::SequenceId, time_ms: f32) -> (Vec<Spawned>, bool) {
    if model.model_emitters.is_empty() {
        return (Vec::new(), false);
    }
    let longest = model.model_emitters.iter().map(|e| e.lifespan).fold(0.0f32, f32::max).clamp(0.0, 600.0);
    let (mut live, mut acc, mut capped) = (Vec::<Live>::new(), vec![0.0f32; model.model_emitters.len()], false);
    let mut rng = Rng(0x9E37_79B9);
    step_host(model, sequence, time_ms, longest, |host, step| {
        let clock = host.player.clock(model);
        for l in &mut live {
            l.velocity.z -= l.gravity * step;
            l.position += l.velocity * step;
            l.age += step;
        }
        live.retain(|l| l.age < l.lifespan);
        for (i, e) in model.model_emitters.iter().enumerate() {
            let shown = m2view_anim::sample::sample_or(&e.visibility, &clock, 1u8) != 0;
            let rate = m2view_anim::sample::sample_or(&e.emission_rate, &clock, 0.0);
            acc[i] = if shown && rate.is_finite() && rate > 0.0 { acc[i] + rate * step } else { 0.0 };
            let node = e.bone.and_then(|b| host.pose.bones.get(b.index())).copied().unwrap_or(Mat4::IDENTITY);
            let (scale, rotation, _) = node.to_scale_rotation_translation();
            let location = node.transform_point3(Vec3::from(e.position));
            while acc[i] >= 1.0 {
                acc[i] -= 1.0;
                if live.len() >= MAX_SPAWNED {
                    capped = true;
                    acc[i] = 0.0;
                    break;
                }
                // mdx-m3-viewer Particle.bind: any turn about Z, within the latitude of Z.
                let lat = e.latitude.abs().min(std::f32::consts::PI);
                let local = Quat::from_rotation_z(rng.range(-std::f32::consts::PI, std::f32::consts::PI))
                    * Quat::from_rotation_y(rng.range(-lat, lat));
                let velocity = (rotation * (local * Vec3::Z)) * e.speed * scale;
                live.push(Live {
                    emitter: i,
                    position: location,
                    velocity,
                    gravity: e.gravity * scale.z,
                    turn: Quat::from_rotation_z(rng.range(0.0, std::f32::consts::TAU)),
                    scale,
                    age: 0.0,
                    lifespan: e.lifespan,
                });
            }
        }
    });
    let out = live
        .iter()
        .filter(|l| l.position.is_finite() && l.velocity.is_finite())
        .map(|l| Spawned {
            emitter: l.emitter,
            world: Mat4::from_scale_rotation_translation(l.scale, l.turn, l.position),
            age_ms: l.age * 1000.0,
        })
        .collect();
    (out, capped)
}
