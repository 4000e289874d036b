//! Models that emitters spawn (Warcraft III `PREM` with "EmitterUsesMDL",
//! [`m2view_format::ModelEmitter`]): where each spawned model is at a
//! moment of the host's animation, simulated as mdx-m3-viewer's
//! `ParticleEmitter`/`Particle` run them, and the spawned models opened
//! beside the host (`.mdl` names read as `.mdx`).
//!
//! The simulation steps the host's animation at 30 steps a second from
//! the oldest moment a model still alive can have been spawned at (the
//! longest lifespan before the moment asked for), with a fixed random seed,
//! so a render is the same every time; at most [`MAX_SPAWNED`] live at once.

use std::path::PathBuf;
use std::sync::Arc;

use glam::{Mat4, Quat, Vec3};
use m2view_anim::ModelInstance;
use m2view_format::{LoadedModel, Model};

use crate::open::{OpenOptions, Opened};

/// The most spawned models alive at once (more are not spawned, and a
/// warning says so): a hostile emission rate cannot exhaust memory.
pub const MAX_SPAWNED: usize = 10_000;

/// One spawned model at the moment asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct Spawned {
    /// Index into [`Model::model_emitters`].
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

/// The spawned models of `model` alive at `time_ms` of its sequence
/// `sequence` (as the host plays it from 0), and whether [`MAX_SPAWNED`]
/// stopped spawning.
pub fn simulate(model: &Model, sequence: m2view_format::SequenceId, time_ms: f32) -> (Vec<Spawned>, bool) {
    if model.model_emitters.is_empty() {
        return (Vec::new(), false);
    }
    let longest = model.model_emitters.iter().map(|e| e.lifespan).fold(0.0f32, f32::max).clamp(0.0, 600.0);
    let dt = 1.0 / 30.0;
    let end = time_ms.max(0.0) / 1000.0;
    let mut t = (end - longest - dt).max(0.0);
    let mut host = ModelInstance::new(model, 1);
    host.player.sequence = sequence;
    host.player.advance(model, t * 1000.0);
    let (mut live, mut acc, mut capped) = (Vec::<Live>::new(), vec![0.0f32; model.model_emitters.len()], false);
    let mut rng = Rng(0x9E37_79B9);
    while t < end {
        let step = dt.min(end - t);
        host.player.advance(model, step * 1000.0);
        host.pose(model, Mat4::IDENTITY);
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
        t += step;
    }
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

/// The file of spawned model `name` beside `lm` (`.mdl` names stand for
/// `.mdx`, as the game reads them).
fn spawned_file(lm: &LoadedModel, name: &str) -> Option<PathBuf> {
    let lower = name.to_ascii_lowercase();
    let mdx = lower.strip_suffix(".mdl").map(|s| format!("{}.mdx", &name[..s.len()]));
    mdx.and_then(|m| lm.find_game_file(&m)).or_else(|| lm.find_game_file(name))
}

/// The models `lm`'s emitters spawn, by emitter (`None`: not found or
/// broken), opened through `opts`, and warnings naming what is missing.
pub fn load(lm: &LoadedModel, opts: &OpenOptions) -> (Vec<Option<Arc<LoadedModel>>>, Vec<String>) {
    let mut warnings = Vec::new();
    let models = lm
        .model
        .model_emitters
        .iter()
        .map(|e| {
            let Some(path) = spawned_file(lm, &e.model) else {
                warnings.push(format!("spawned model {} not found: its emitter draws nothing", e.model));
                return None;
            };
            match m2view_format::load_model_file(&path, &opts.load) {
                Ok(m) => Some(Arc::new(Opened::dress(m, opts).lm)),
                Err(err) => {
                    warnings.push(format!("spawned model {}: {err}", e.model));
                    None
                }
            }
        })
        .collect();
    (models, warnings)
}
