//! Particle emitters simulated on the CPU, deterministically for a seed, as
//! WebWowViewerCpp `managers/particles/particleEmitter.cpp` describes the client (WebWowViewerCpp's port of
//! `CParticleEmitter2`): fixed 0.1 s sub-steps, emission accumulator, plane /
//! sphere / spline generators, wind, gravity (incl. compressed vectors), drag,
//! over-life colour/alpha/scale curves with their own mid-points, atlas cells,
//! spin, head and tail quads. Output: one [`ParticleQuad`] per head or tail in
//! model space (the renderer's record is made from it; the GPU makes its
//! corners).
//!
//! The flag bits are named once, as `m2view_format::ParticleFlags` (decoded
//! at conversion), so a disagreement with real files (the wiki and the
//! client port disagree on several bits) is fixed in one place.

use glam::{Mat3, Mat4, Quat, Vec2, Vec3};
use m2view_format::{EmitterType, LifeCurve, Model, MultiTexture, ParticleEmitter, ParticleFlags as flags};
use rayon::prelude::*;

use crate::sample::{Clock, Interp, sample_or};

/// Deterministic random numbers (xorshift32, WebWowViewerCpp `managers/particles/particleEmitter.cpp`).
#[derive(Debug, Clone, Copy)]
pub struct Rng(u32);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u32) -> Rng {
        Rng((0x0FEE_FDFA ^ seed).max(1))
    }
    /// Next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }
    /// Uniform in [-1, 1].
    pub fn uniform(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 / (1u32 << 23) as f32 - 1.0
    }
    /// Uniform in [0, 1].
    pub fn uniform_pos(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 / (1u32 << 24) as f32
    }
}

/// One live particle (model space, or emitter space with [`flags::EMITTER_SPACE`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Particle {
    /// Position.
    pub pos: Vec3,
    /// Velocity (units/s).
    pub vel: Vec3,
    /// Age in seconds.
    pub age: f32,
    /// Own lifespan in seconds.
    pub life: f32,
    /// Per-particle seed for stable random values.
    pub seed: u16,
    /// Multi-texture emitters: where the second and third textures start
    /// (0..1, wrapped) and their scroll speed (texture widths per second).
    pub tex_pos: [Vec2; 2],
    /// See `tex_pos`.
    pub tex_vel: [Vec2; 2],
}

#[derive(Debug, Clone)]
struct EmitterState {
    rng: Rng,
    particles: Vec<Particle>,
    accum: f32,
    matrix: Mat4,
    cell_offset: u32,
    /// lifespan + lifespanVary: over-life curves are sampled at age / this (spec §5.1).
    max_life: f32,
    /// Emitter position at the previous update (follow) and at the last burst tick.
    prev_pos: Option<Vec3>,
    burst_pos: Option<Vec3>,
    burst_elapsed: f32,
    /// Velocity added to new particles (burst, spec §4.4).
    burst_vec: Vec3,
    /// Displacement added to every particle per step (follow, spec §4.5).
    follow_delta: Vec3,
}

impl EmitterState {
    fn new(rng: Rng, cell_offset: u32) -> EmitterState {
        EmitterState {
            rng,
            particles: Vec::new(),
            accum: 0.0,
            matrix: Mat4::IDENTITY,
            cell_offset,
            max_life: 1.0,
            prev_pos: None,
            burst_pos: None,
            burst_elapsed: 0.0,
            burst_vec: Vec3::ZERO,
            follow_delta: Vec3::ZERO,
        }
    }
}

/// Follow (spec §4.5): the share of the emitter's movement `delta` over `dt`
/// seconds that particles take along, from `follow = [speed1, scale1, speed2,
/// scale2]`: a line through (speed1, scale1) and (speed2, scale2) at the
/// emitter's speed, capped at 1 when non-negative.
pub fn follow_delta(follow: [f32; 4], delta: Vec3, dt: f32) -> Vec3 {
    let [s1, k1, s2, k2] = follow;
    let mult = if s2 != s1 { (k2 - k1) / (s2 - s1) } else { 0.0 };
    let base = k1 - s1 * mult;
    let mut x = mult * delta.length() / dt.max(1e-6) + base;
    if x >= 0.0 {
        x = x.min(1.0);
    }
    delta * x
}

/// Uniform [0, 1) values driving twinkle (spec §5.2). The client's table is
/// not known; this one is fixed so renders are reproducible (the GPU
/// simulation uploads the same table).
pub fn twinkle_table() -> &'static [f32; 128] {
    static TABLE: std::sync::OnceLock<[f32; 128]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut r = Rng::new(0x7717);
        std::array::from_fn(|_| r.uniform_pos())
    })
}

/// Twinkle (spec §5.2): `None` when the particle is hidden this frame, else
/// the scale factor. Without twinkle (percent ≥ 1, no scale range) every
/// particle is shown at the constant factor `twinkleScale.min`, as in
/// WebWowViewerCpp's `ParticleEmitter::CalculateParticlePreRenderData`
/// (`weight = vary · RandTable[0] + min` with vary 0); the 2.4.3 UI sparkles
/// (`UI-AutoCastButton.m2`, scale 0.005, twinkle scale 12) rely on it.
pub fn twinkle(e: &ParticleEmitter, age: f32, seed: u16) -> Option<f32> {
    let [lo, hi] = e.twinkle_scale;
    if e.twinkle_percent >= 1.0 && hi == lo {
        return Some(lo);
    }
    let idx = 0x7F & ((age * e.twinkle_speed) as i32).wrapping_add(seed as i32);
    let r = twinkle_table()[idx as usize];
    (e.twinkle_percent >= r).then_some(lo + (hi - lo) * r)
}

/// Upper bound of live particles per emitter (the client caps them too).
pub const MAX_PARTICLES_PER_EMITTER: usize = 4000;

/// The particle state of one model instance.
#[derive(Debug, Clone)]
pub struct ParticleSystem {
    emitters: Vec<EmitterState>,
    /// Emitters the user switched off (by index).
    pub disabled: Vec<bool>,
}

/// Evaluates a 3-key-style life curve at `t` (0..1 of the max lifespan).
pub fn life_value<T: Interp>(c: &LifeCurve<T>, t: f32, default: T) -> T {
    let n = c.times.len().min(c.values.len());
    if n == 0 {
        return default;
    }
    if t <= c.times[0] {
        return c.values[0];
    }
    for i in 1..n {
        if t <= c.times[i] {
            let (t0, t1) = (c.times[i - 1], c.times[i]);
            let r = if t1 > t0 { (t - t0) / (t1 - t0) } else { 1.0 };
            return T::lerp(c.values[i - 1], c.values[i], r);
        }
    }
    c.values[n - 1]
}

/// An emitter's animated parameters at one instant (its tracks sampled).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// The `enabled` track shows it.
    pub enabled: bool,
    /// Emission speed (units/s).
    pub speed: f32,
    /// Speed variation (fraction).
    pub speed_var: f32,
    /// Vertical range (radians).
    pub vertical: f32,
    /// Horizontal range (radians).
    pub horizontal: f32,
    /// Gravity (units/s², model space).
    pub gravity: Vec3,
    /// Lifespan (s).
    pub lifespan: f32,
    /// Emission rate (particles/s).
    pub rate: f32,
    /// Area length (plane) or inner radius (sphere).
    pub area_x: f32,
    /// Area width (plane) or outer radius (sphere).
    pub area_y: f32,
    /// Z source: particles fly away from (0, 0, z) when non-zero.
    pub z_source: f32,
}

/// Samples emitter `e`'s parameter tracks at `clock`.
pub fn params(e: &ParticleEmitter, clock: &Clock<'_>) -> Params {
    Params {
        enabled: sample_or(&e.enabled, clock, 1) != 0,
        speed: sample_or(&e.emission_speed, clock, 0.0),
        speed_var: sample_or(&e.speed_variation, clock, 0.0),
        vertical: sample_or(&e.vertical_range, clock, 0.0),
        horizontal: sample_or(&e.horizontal_range, clock, 0.0),
        gravity: Vec3::from(sample_or(&e.gravity, clock, [0.0; 3])),
        lifespan: sample_or(&e.lifespan, clock, 1.0),
        rate: sample_or(&e.emission_rate, clock, 0.0),
        area_x: sample_or(&e.area_length, clock, 0.0),
        area_y: sample_or(&e.area_width, clock, 0.0),
        z_source: sample_or(&e.z_source, clock, 0.0),
    }
}

/// A point on the spline through `points` at `t` in 0..1 (piecewise linear by arc length).
fn spline_point(points: &[[f32; 3]], t: f32) -> Vec3 {
    match points.len() {
        0 => Vec3::ZERO,
        1 => Vec3::from(points[0]),
        n => {
            let f = t.clamp(0.0, 1.0) * (n - 1) as f32;
            let i = (f.floor() as usize).min(n - 2);
            Vec3::from(points[i]).lerp(Vec3::from(points[i + 1]), f - i as f32)
        }
    }
}

/// A new multi-texture particle's texture offsets and scroll speeds
/// (WebWowViewerCpp `ParticleEmitter::CreateParticle`: position uniform in
/// 0..1, speed `multiTextureParam0 + multiTextureParam1 × uniform(−1..1)`).
fn start_scrolling(mt: &MultiTexture, q: &mut Particle, rng: &mut Rng) {
    for k in 0..2 {
        q.tex_pos[k] = Vec2::new(rng.uniform_pos(), rng.uniform_pos());
        q.tex_vel[k] = Vec2::from(mt.speed_vary[k]) * rng.uniform() + Vec2::from(mt.speed[k]);
    }
}

fn create(e: &ParticleEmitter, p: &Params, rng: &mut Rng, dt: f32, emitter: Mat4) -> Particle {
    let vary = rng.uniform();
    let life = (p.lifespan + vary * e.lifespan_vary).max(0.001);
    let age = (dt * rng.uniform_pos()) % life;
    let seed = (rng.next_u32() & 0xFFFF) as u16;
    let speed = p.speed * (1.0 + p.speed_var * rng.uniform());
    let toward_z_source = |pos: Vec3| (pos - Vec3::new(0.0, 0.0, p.z_source)).normalize_or_zero() * speed;
    let (pos, vel) = match e.emitter_type {
        EmitterType::Sphere => {
            let radius = p.area_x + (p.area_y - p.area_x) * rng.uniform_pos();
            let polar = p.vertical * rng.uniform();
            let az = p.horizontal * rng.uniform();
            let dir = Vec3::new(polar.cos() * az.cos(), polar.cos() * az.sin(), polar.sin());
            let pos = dir * radius;
            let vel = if p.z_source != 0.0 {
                toward_z_source(pos)
            } else if e.flags.contains(flags::EMIT_UP) {
                Vec3::Z * speed
            } else {
                dir * speed
            };
            (pos, vel)
        }
        EmitterType::Spline => {
            let (a, b) = (p.area_x.clamp(0.0, 1.0), p.area_y.clamp(0.0, 1.0));
            let pos = spline_point(&e.spline_points, a + (b - a) * rng.uniform_pos());
            let vel = if p.z_source > 0.001 { toward_z_source(pos) } else { Vec3::Z * speed };
            (pos, vel)
        }
        // Plane, and the generators not simulated (bone, unknown) as a plane.
        _ => {
            let pos = Vec3::new(rng.uniform() * p.area_x * 0.5, rng.uniform() * p.area_y * 0.5, 0.0);
            let vel = if p.z_source < 0.001 {
                let polar = p.vertical * rng.uniform();
                let az = p.horizontal * rng.uniform();
                Vec3::new(az.cos() * polar.sin(), az.sin() * polar.sin(), polar.cos()) * speed
            } else {
                toward_z_source(pos)
            };
            (pos, vel)
        }
    };
    if e.flags.contains(flags::EMITTER_SPACE) {
        Particle { pos, vel, age, life, seed, ..Default::default() }
    } else {
        let mut pos = emitter.transform_point3(pos);
        if e.flags.contains(flags::GROUND_CLAMP) {
            pos.z = 0.0;
        }
        Particle { pos, vel: emitter.transform_vector3(vel), age, life, seed, ..Default::default() }
    }
}

/// The emitter's matrix: bone × T(position) × the client's +90° about Z fix (spec §3).
pub fn emitter_matrix(e: &ParticleEmitter, bones: &[Mat4]) -> Mat4 {
    let bone = e.bone.and_then(|b| bones.get(b.index())).copied().unwrap_or(Mat4::IDENTITY);
    bone * Mat4::from_translation(Vec3::from(e.position))
        * Mat4::from_quat(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2))
}

impl ParticleSystem {
    /// Empty emitters for `model`, seeded with `seed` (same seed → same particles).
    pub fn new(model: &Model, seed: u32) -> ParticleSystem {
        let emitters = model
            .particles
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let mut rng = Rng::new(seed.wrapping_add((i as u32).wrapping_mul(7919)));
                let cells = (e.texture_rows.max(1) as u32) * (e.texture_cols.max(1) as u32);
                let cell_offset =
                    if e.flags.contains(flags::RANDOM_FLIPBOOK_START) { rng.next_u32() % cells } else { 0 };
                EmitterState::new(rng, cell_offset)
            })
            .collect();
        ParticleSystem { emitters, disabled: vec![false; model.particles.len()] }
    }

    /// Live particles per emitter.
    pub fn counts(&self) -> Vec<usize> {
        self.emitters.iter().map(|e| e.particles.len()).collect()
    }

    /// Total live particles.
    pub fn live(&self) -> usize {
        self.emitters.iter().map(|e| e.particles.len()).sum()
    }

    /// The live particles of emitter `emitter` of `model`: each centre in
    /// model space (model units; emitter-space particles placed by the
    /// emitter's last matrix) and age in seconds. Empty for an index past
    /// the emitters.
    pub fn particles(&self, model: &Model, emitter: usize) -> Vec<(Vec3, f32)> {
        let (Some(e), Some(st)) = (model.particles.get(emitter), self.emitters.get(emitter)) else {
            return Vec::new();
        };
        let emitter_space = e.flags.contains(flags::EMITTER_SPACE);
        let place = |p: &Particle| if emitter_space { st.matrix.transform_point3(p.pos) } else { p.pos };
        st.particles.iter().map(|p| (place(p), p.age)).collect()
    }

    /// The box `(min, max)` of the live particles' centres in model space
    /// (model units; emitter-space particles placed by their emitter's last
    /// matrix), or `None` when no particle is alive. What effect-only models
    /// show on screen: framing uses it.
    pub fn extent(&self, model: &Model) -> Option<(Vec3, Vec3)> {
        let (mut lo, mut hi) = (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN));
        for (e, st) in model.particles.iter().zip(&self.emitters) {
            let emitter_space = e.flags.contains(flags::EMITTER_SPACE);
            for p in &st.particles {
                let at = if emitter_space { st.matrix.transform_point3(p.pos) } else { p.pos };
                lo = lo.min(at);
                hi = hi.max(at);
            }
        }
        (lo.x <= hi.x && lo.is_finite() && hi.is_finite()).then_some((lo, hi))
    }

    fn parallel(&self) -> bool {
        self.emitters.len() >= PARALLEL_EMITTERS && self.live() >= PARALLEL_PARTICLES
    }

    /// Advances by `dt_s` seconds with the parameters at `clock` and emitters on `bones`.
    /// Steps longer than 0.1 s are cut into 0.1 s sub-steps like the client.
    pub fn update(&mut self, model: &Model, clock: &Clock<'_>, bones: &[Mat4], dt_s: f32) {
        let dt_s = dt_s.clamp(0.0, 10.0);
        let disabled = &self.disabled;
        let one = |(i, (e, st)): (usize, (&ParticleEmitter, &mut EmitterState))| {
            let off = disabled.get(i).copied().unwrap_or(false);
            update_emitter(e, st, clock, bones, dt_s, off)
        };
        // Emitters are independent (each has its own random stream): many run in parallel.
        if self.parallel() {
            let chunks = model.particles.par_iter().zip(self.emitters.par_iter_mut()).enumerate();
            chunks.with_min_len(PARALLEL_EMITTERS).for_each(one);
        } else {
            model.particles.iter().zip(self.emitters.iter_mut()).enumerate().for_each(one);
        }
    }

    /// Builds the quads of every emitter into `out` (model space): `(emitter, quads)`
    /// ranges in `draws`. `view` is model → view (quads face the camera).
    /// Each emitter gets room for all its particles' quads; the slots of
    /// particles not drawn (transparent, twinkled out) are left as gaps
    /// between the ranges, so emitters can be built in parallel straight
    /// into `out` (whose memory is reused from frame to frame).
    ///
    /// `Q` is the caller's record (the renderer's GPU instance layout):
    /// each quad is written as `Q::from(ParticleQuad)`, straight into `out`.
    pub fn build<Q: QuadRecord>(
        &self,
        model: &Model,
        view: Mat4,
        out: &mut Vec<Q>,
        draws: &mut Vec<(usize, std::ops::Range<u32>)>,
    ) {
        self.build_with(model, view, out, draws, self.parallel());
    }

    fn build_with<Q: QuadRecord>(
        &self,
        model: &Model,
        view: Mat4,
        out: &mut Vec<Q>,
        draws: &mut Vec<(usize, std::ops::Range<u32>)>,
        parallel: bool,
    ) {
        draws.clear();
        let inv_view = view.inverse();
        let room: Vec<usize> = model
            .particles
            .iter()
            .zip(&self.emitters)
            .map(|(e, st)| st.particles.len() * quads_per_particle(e))
            .collect();
        let total = room.iter().sum();
        // Grow without clearing: only new slots are zeroed.
        if out.len() < total {
            out.resize(total, Q::default());
        }
        out.truncate(total);
        let mut slices = Vec::with_capacity(room.len());
        let mut rest = &mut out[..];
        for &n in &room {
            let (head, tail) = rest.split_at_mut(n);
            slices.push(head);
            rest = tail;
        }
        let one =
            |(e, st, slice): (&ParticleEmitter, &EmitterState, &mut [Q])| build_emitter(e, st, view, inv_view, slice);
        let written: Vec<usize> = if parallel {
            let work = model.particles.par_iter().zip(self.emitters.par_iter()).zip(slices.into_par_iter());
            work.map(|((e, st), sl)| one((e, st, sl))).with_min_len(PARALLEL_EMITTERS).collect()
        } else {
            let work = model.particles.iter().zip(&self.emitters).zip(slices);
            work.map(|((e, st), sl)| one((e, st, sl))).collect()
        };
        let mut start = 0u32;
        for (i, (&n, &w)) in room.iter().zip(&written).enumerate() {
            if w > 0 {
                draws.push((i, start..start + w as u32));
            }
            start += n as u32;
        }
    }
}

/// Update and build run on all cores from this many emitters and live
/// particles (below it the thread hand-off costs more than it saves: on 2
/// cores, 100 emitters with 4k particles update in 21 µs alone, 31 µs shared).
const PARALLEL_EMITTERS: usize = 16;
const PARALLEL_PARTICLES: usize = 16_384;

fn update_emitter(
    e: &ParticleEmitter,
    st: &mut EmitterState,
    clock: &Clock<'_>,
    bones: &[Mat4],
    dt_s: f32,
    switched_off: bool,
) {
    st.matrix = emitter_matrix(e, bones);
    let p = params(e, clock);
    st.max_life = (p.lifespan + e.lifespan_vary).max(0.001);
    let enabled = p.enabled && !switched_off;
    let pos = st.matrix.w_axis.truncate();
    let steps = (dt_s / 0.1).ceil().max(1.0);
    st.follow_delta = match st.prev_pos {
        Some(prev) if e.flags.contains(flags::FOLLOW) && dt_s > 0.0 => follow_delta(e.follow, pos - prev, dt_s) / steps,
        _ => Vec3::ZERO,
    };
    st.prev_pos = Some(pos);
    if e.flags.contains(flags::BURST) {
        // Every 30 ms the emitter's movement becomes a velocity for new particles.
        st.burst_elapsed += dt_s;
        if st.burst_elapsed >= 0.03 {
            let from = *st.burst_pos.get_or_insert(pos);
            st.burst_vec = (pos - from) * (0.03 / st.burst_elapsed) * e.burst_multiplier;
            st.burst_pos = Some(pos);
            st.burst_elapsed = 0.0;
        }
    }
    let mut left = dt_s;
    while left > 0.0 {
        let step = left.min(0.1);
        left -= step;
        step_emitter(e, st, &p, enabled, step);
    }
}

fn step_emitter(e: &ParticleEmitter, st: &mut EmitterState, p: &Params, enabled: bool, dt: f32) {
    // Age and kill.
    st.particles.retain_mut(|q| {
        q.age += dt;
        q.age <= q.life
    });
    let drift = Vec3::from(e.wind) * dt;
    let dv = p.gravity * dt;
    let dp = p.gravity * dt * dt * 0.5;
    let drag = (e.drag * dt).min(1.0);
    if enabled {
        let rate = p.rate + st.rng.uniform() * e.emission_rate_vary;
        // Bounded: an infinite rate (a hostile file) spawns the cap, not forever.
        st.accum = (st.accum + dt * rate.max(0.0)).min(MAX_PARTICLES_PER_EMITTER as f32 + 1.0);
        while st.accum > 1.0 {
            st.accum -= 1.0;
            if st.particles.len() < MAX_PARTICLES_PER_EMITTER {
                let mut q = create(e, p, &mut st.rng, dt, st.matrix);
                if st.burst_vec != Vec3::ZERO {
                    q.vel += st.burst_vec * (1.0 + p.speed_var * st.rng.uniform());
                }
                if let Some(mt) = &e.multi_texture {
                    start_scrolling(mt, &mut q, &mut st.rng);
                }
                st.particles.push(q);
            }
        }
    }
    let center = st.matrix.w_axis.truncate();
    let follow = st.follow_delta;
    st.particles.retain_mut(|q| {
        q.vel += drift;
        if follow != Vec3::ZERO && 2.0 * dt < q.age {
            q.pos += follow;
        }
        if e.multi_texture.is_some() {
            q.tex_pos = [0, 1].map(|k| (q.tex_pos[k] + q.tex_vel[k] * dt).fract_gl());
        }
        let step = q.vel * dt;
        q.vel = (q.vel + dv) * (1.0 - drag);
        q.pos += step + dp;
        if e.emitter_type == EmitterType::Sphere && e.flags.contains(flags::SPHERE_KILL_OUTWARD) {
            let r = if e.flags.contains(flags::EMITTER_SPACE) { q.pos } else { q.pos - center };
            return r.dot(step) <= 0.0;
        }
        true
    });
}

/// What [`ParticleSystem::build`] writes quads into: any record made from a
/// [`ParticleQuad`] (the renderer's GPU instance; `ParticleQuad` itself for
/// CPU tests).
pub trait QuadRecord: From<ParticleQuad> + Copy + Default + Send + Sync {}
impl<T: From<ParticleQuad> + Copy + Default + Send + Sync> QuadRecord for T {}

/// One particle quad (a head or a tail), drawn as an instance: its corners
/// are `center ± axis_x ± axis_y` (model space, units of the model), with
/// texture coordinates from `cell` at corner (−1, +1) to `cell + size` at
/// (+1, −1); a multi-texture emitter's second and third textures start at
/// `tex_pos` and repeat `MultiTexture::repeat` times across it. The
/// renderer's instance record (its `gpu_data`) is made from it; its vertex
/// shader expands the quad into six corners.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ParticleQuad {
    /// Centre, model space.
    pub center: [f32; 3],
    /// Half the quad along its first axis (model space).
    pub axis_x: [f32; 3],
    /// Half the quad along its second axis (model space).
    pub axis_y: [f32; 3],
    /// RGBA, 0..255 (colour over life × alpha over life).
    pub color: [u8; 4],
    /// Atlas cell: top-left u, v and width, height, unorm16 (0..65535 = 0..1).
    pub cell: [u16; 4],
    /// Texture offsets of the second and third textures (u, v, u, v),
    /// unorm16; zero for single-texture emitters.
    pub tex_pos: [u16; 4],
}

impl ParticleQuad {
    /// Corner `(x, y)` (each ±1) in model space and its texture coordinates:
    /// what the vertex shader computes (CPU reference for tests).
    pub fn corner(&self, x: f32, y: f32) -> (Vec3, Vec2) {
        let pos = Vec3::from(self.center) + Vec3::from(self.axis_x) * x + Vec3::from(self.axis_y) * y;
        let c = self.cell.map(|v| v as f32 / 65535.0);
        (pos, Vec2::new(c[0] + c[2] * (x + 1.0) * 0.5, c[1] + c[3] * (1.0 - y) * 0.5))
    }
}

// Round to nearest by +0.5 and truncation (`f32::round` is a libm call on
// baseline x86-64: it was a fifth of the quad build).
fn unorm8(v: f32) -> u8 {
    (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

fn unorm16(v: f32) -> u16 {
    (v.clamp(0.0, 1.0) * 65535.0 + 0.5) as u16
}

/// Head and tail quads each particle of `e` may draw.
fn quads_per_particle(e: &ParticleEmitter) -> usize {
    let (head, tail) = head_tail(e);
    head as usize + tail as usize
}

/// Whether `e`'s particles draw a head quad and a tail quad (files with
/// neither flag bit draw heads).
pub fn head_tail(e: &ParticleEmitter) -> (bool, bool) {
    match (e.flags.contains(flags::HEAD), e.flags.contains(flags::TAIL)) {
        (false, false) => (true, false), // legacy files without either bit: heads
        hv => hv,
    }
}

/// Writes the quads of `st`'s particles into `out` (room for
/// [`quads_per_particle`] each) and returns how many it wrote.
fn build_emitter<Q: QuadRecord>(
    e: &ParticleEmitter,
    st: &EmitterState,
    view: Mat4,
    inv_view: Mat4,
    out: &mut [Q],
) -> usize {
    let mut written = 0;
    let emitter_space = e.flags.contains(flags::EMITTER_SPACE);
    let to_view = if emitter_space { view * st.matrix } else { view };
    let rot = Mat3::from_mat4(to_view);
    let inherited = st.matrix.x_axis.truncate().length();
    // View → model for the quad axes (built facing the camera in view space).
    let back = Mat3::from_mat4(inv_view);
    let (rows, cols) = (e.texture_rows.max(1) as u32, e.texture_cols.max(1) as u32);
    let cells = rows * cols;
    let cell_size = [unorm16(1.0 / cols as f32), unorm16(1.0 / rows as f32)];
    let (head, tail) = head_tail(e);
    for q in &st.particles {
        let t = (q.age / st.max_life).clamp(0.0, 1.0);
        let rgb = Vec3::from(life_value(&e.color, t, [255.0; 3])) / 255.0;
        let alpha = life_value(&e.alpha, t, 1.0);
        let mut scale = Vec2::from(life_value(&e.scale, t, [1.0, 1.0]));
        let mut prng = Rng::new(q.seed as u32);
        if e.flags.contains(flags::SCALE_VARY_XY) {
            scale.x *= (1.0 + prng.uniform() * e.scale_vary[0]).max(1e-4);
            scale.y *= (1.0 + prng.uniform() * e.scale_vary[1]).max(1e-4);
        } else {
            scale *= (1.0 + prng.uniform() * e.scale_vary[0]).max(1e-4);
        }
        if e.flags.contains(flags::INHERIT_SCALE) {
            scale *= inherited;
        }
        let Some(tw) = twinkle(e, q.age, q.seed) else { continue };
        scale *= tw;
        let color = [unorm8(rgb.x), unorm8(rgb.y), unorm8(rgb.z), unorm8(alpha)];
        if color[3] == 0 {
            continue;
        }
        let center = if emitter_space { st.matrix.transform_point3(q.pos) } else { q.pos };
        let spin = if e.spin != 0.0 || e.spin_vary != 0.0 {
            let base = e.base_spin + prng.uniform() * e.base_spin_vary;
            let rate = e.spin + prng.uniform() * e.spin_vary;
            let th = base + rate * q.age;
            if e.flags.contains(flags::RANDOM_SPIN) && q.seed & 1 == 1 { -th } else { th }
        } else {
            0.0
        };
        let cell_uv = |track: &LifeCurve<u16>| {
            let cell = if track.times.is_empty() {
                if e.flags.contains(flags::RANDOM_CELL) { (q.seed as u32 * cells) >> 16 } else { 0 }
            } else {
                life_value(track, t, 0u16) as u32
            };
            let cell = (cell + st.cell_offset) % cells;
            let (u, v) = ((cell % cols) as f32 / cols as f32, (cell / cols) as f32 / rows as f32);
            [unorm16(u), unorm16(v), cell_size[0], cell_size[1]]
        };
        let [a, b] = q.tex_pos;
        let tex_pos = [a.x, a.y, b.x, b.y].map(unorm16);
        // Axes are built in view space (facing the camera) and turned back to model space.
        let mut quad = |center: Vec3, m0: Vec3, m1: Vec3, cell: [u16; 4]| {
            let (axis_x, axis_y) = ((back * m0).into(), (back * m1).into());
            out[written] = Q::from(ParticleQuad { center: center.into(), axis_x, axis_y, color, cell, tex_pos });
            written += 1;
        };
        if head {
            let (m0, m1) = if e.flags.contains(flags::XY_QUAD) {
                let q3 = rot * Mat3::from_rotation_z(spin);
                (q3.x_axis * scale.x, q3.y_axis * scale.y)
            } else if e.flags.contains(flags::VELOCITY_ALIGNED) && q.vel.length_squared() > 2.4e-7 {
                let d = (rot * -q.vel).truncate_z_normalized();
                (d * scale.x, Vec3::new(d.y * scale.y, -d.x * scale.y, 0.0))
            } else {
                let (s, co) = spin.sin_cos();
                (Vec3::new(co * scale.x, s * scale.x, 0.0), Vec3::new(-s * scale.y, co * scale.y, 0.0))
            };
            quad(center, m0, m1, cell_uv(&e.head_cell));
        }
        if tail {
            let trail = if e.flags.contains(flags::TAIL_BY_AGE) { q.age.min(e.tail_length) } else { e.tail_length };
            let w = rot * -q.vel * trail;
            let s2 = Vec3::new(w.x, w.y, 0.0);
            let (m0, m1) = if s2.length_squared() > 1e-4 {
                (w * 0.5, Vec3::new(-s2.y, s2.x, 0.0).normalize_or_zero() * scale.y)
            } else {
                (Vec3::new(0.05 * scale.x, 0.0, 0.0), Vec3::new(0.0, 0.05 * scale.y, 0.0))
            };
            quad(center + back * m0, m0, m1, cell_uv(&e.tail_cell));
        }
    }
    written
}

trait TruncateZ {
    fn truncate_z_normalized(self) -> Vec3;
}
impl TruncateZ for Vec3 {
    fn truncate_z_normalized(self) -> Vec3 {
        Vec3::new(self.x, self.y, 0.0).normalize_or_zero()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use m2view_format::fixtures;

    fn model(v: u32) -> Model {
        let m2 = m2view_format::writer::write_md20(&fixtures::two_boxes(v));
        let skin = m2view_format::writer::write_skin(&fixtures::skin_profile(v), v);
        let skins: Vec<(&str, &[u8])> = if v >= 264 { vec![("s", &skin)] } else { vec![] };
        m2view_format::model_from_bytes(&m2, "t.m2", &skins).unwrap()
    }

    fn run(m: &Model, seed: u32, seconds: f32) -> ParticleSystem {
        let mut ps = ParticleSystem::new(m, seed);
        let g = [0.0];
        let bones = vec![Mat4::IDENTITY; m.bones.len()];
        let mut t = 0.0;
        while t < seconds {
            ps.update(m, &Clock::new(0, t * 1000.0, &g), &bones, 1.0 / 30.0);
            t += 1.0 / 30.0;
        }
        ps
    }

    #[test]
    fn hostile_emission_rates_end() {
        // An infinite or NaN rate (a broken file) must not spin forever: the
        // emitter fills to the cap and stays there; NaN spawns nothing.
        let mut m = model(264);
        let mut e = m.particles[0].clone();
        e.emission_rate = m2view_format::Track::constant(f32::INFINITY);
        let mut nan = e.clone();
        nan.emission_rate = m2view_format::Track::constant(f32::NAN);
        m.particles = vec![e, nan];
        let ps = run(&m, 1, 0.2);
        assert_eq!(ps.counts(), vec![MAX_PARTICLES_PER_EMITTER, 0]);
    }

    #[test]
    fn emission_rate_and_lifespan() {
        for v in [256, 264] {
            let m = model(v);
            // 10 particles/s, 1.5 s life: after 1 s about 10 live, after 3 s about 15.
            let n1 = run(&m, 1, 1.0).live();
            let n3 = run(&m, 1, 3.0).live();
            assert!((9..=11).contains(&n1), "v{v}: {n1}");
            assert!((14..=16).contains(&n3), "v{v}: {n3}");
        }
    }

    #[test]
    fn deterministic_for_a_seed() {
        let m = model(264);
        let (a, b, c) = (run(&m, 7, 1.0), run(&m, 7, 1.0), run(&m, 8, 1.0));
        assert_eq!(a.emitters[0].particles, b.emitters[0].particles);
        assert_ne!(a.emitters[0].particles, c.emitters[0].particles);
    }

    /// Parameters of an emitter that emits nothing and pushes nothing.
    fn still() -> Params {
        Params {
            enabled: false,
            speed: 0.0,
            speed_var: 0.0,
            vertical: 0.0,
            horizontal: 0.0,
            gravity: Vec3::ZERO,
            lifespan: 100.0,
            rate: 0.0,
            area_x: 0.0,
            area_y: 0.0,
            z_source: 0.0,
        }
    }

    #[test]
    fn gravity_integrates_per_step() {
        // One particle at rest under gravity g for n steps of dt: the client's
        // integration gives z = g dt² (n² / 2) exactly (step + dp per step).
        let e = ParticleEmitter { drag: 0.0, wind: [0.0; 3], ..model(264).particles[0].clone() };
        let p = Params { gravity: Vec3::new(0.0, 0.0, -10.0), ..still() };
        let mut st = EmitterState::new(Rng::new(1), 0);
        st.particles.push(Particle { life: 100.0, ..Default::default() });
        st.max_life = 100.0;
        for _ in 0..10 {
            step_emitter(&e, &mut st, &p, false, 0.1);
        }
        let z = st.particles[0].pos.z;
        assert!((z - (-10.0 * 0.01 * 50.0)).abs() < 1e-4, "{z}");
        assert!((st.particles[0].vel.z + 10.0).abs() < 1e-5);
    }

    #[test]
    fn multi_texture_offsets_scroll_and_wrap() {
        let mt = MultiTexture {
            three_color: false,
            repeat: [2.0, 1.0],
            speed: [[0.5, 0.0], [0.0, -0.25]],
            speed_vary: [[0.0; 2]; 2],
        };
        let e = ParticleEmitter { multi_texture: Some(mt), drag: 0.0, ..model(264).particles[0].clone() };
        let p = still();
        let mut q = Particle { life: 100.0, ..Default::default() };
        start_scrolling(&mt, &mut q, &mut Rng::new(7));
        // No variation: the speeds are multiTextureParam0; the starts lie in 0..1.
        assert_eq!(q.tex_vel, [Vec2::new(0.5, 0.0), Vec2::new(0.0, -0.25)]);
        assert!(q.tex_pos.iter().all(|t| (0.0..1.0).contains(&t.x) && (0.0..1.0).contains(&t.y)));
        let start = q.tex_pos;
        let mut st = EmitterState::new(Rng::new(1), 0);
        st.particles.push(q);
        st.max_life = 100.0;
        for _ in 0..30 {
            step_emitter(&e, &mut st, &p, false, 0.1);
        }
        // 3 s: +1.5 widths in u of the second texture, −0.75 in v of the third, wrapped into 0..1.
        let got = st.particles[0].tex_pos;
        let want = [(start[0] + Vec2::new(1.5, 0.0)).fract_gl(), (start[1] + Vec2::new(0.0, -0.75)).fract_gl()];
        assert!((got[0] - want[0]).length() < 1e-4 && (got[1] - want[1]).length() < 1e-4, "{got:?} vs {want:?}");
        // The quad carries them as unorm16.
        let mut out = vec![ParticleQuad::default(); quads_per_particle(&e)];
        assert!(build_emitter(&e, &st, Mat4::IDENTITY, Mat4::IDENTITY, &mut out) >= 1);
        assert_eq!(out[0].tex_pos, [got[0].x, got[0].y, got[1].x, got[1].y].map(unorm16));
    }

    #[test]
    fn follow_takes_a_share_of_the_emitter_movement() {
        // Scale 0 at speed 0, 1 at speed 10: moving 0.05 in 0.01 s (speed 5) takes half along.
        let d = follow_delta([0.0, 0.0, 10.0, 1.0], Vec3::new(0.05, 0.0, 0.0), 0.01);
        assert!((d.x - 0.025).abs() < 1e-6, "{d}");
        // Faster than speed2: capped at the whole movement.
        assert_eq!(follow_delta([0.0, 0.0, 10.0, 1.0], Vec3::X, 0.01), Vec3::X);
        // Equal speeds: the constant scale1.
        assert_eq!(follow_delta([1.0, 0.25, 1.0, 0.75], Vec3::Y, 0.1), Vec3::Y * 0.25);
    }

    #[test]
    fn burst_and_follow_carry_the_emitter_movement() {
        // The emitter moves +0.3 in X every 30 ms; particles have no speed of their own.
        let mut m = model(264);
        let e = &mut m.particles[0];
        e.emission_speed = m2view_format::Track::constant(0.0);
        e.emission_rate = m2view_format::Track::constant(100.0);
        e.gravity = m2view_format::Track::constant([0.0; 3]);
        (e.drag, e.wind, e.burst_multiplier, e.follow) = (0.0, [0.0; 3], 1.0, [0.0, 1.0, 0.0, 1.0]);
        let g = [0.0];
        let moving = |m: &Model, flag: flags| {
            let mut m = m.clone();
            m.particles[0].flags |= flag;
            let mut ps = ParticleSystem::new(&m, 3);
            for k in 0..20 {
                let bones = vec![Mat4::from_translation(Vec3::X * 0.3 * k as f32); m.bones.len()];
                ps.update(&m, &Clock::new(0, k as f32 * 30.0, &g), &bones, 0.03);
            }
            ps.emitters[0].particles.clone()
        };
        // Burst: new particles get the movement per 30 ms as velocity.
        let burst = moving(&m, flags::BURST);
        let young: Vec<_> = burst.iter().filter(|q| q.age < 0.1).collect();
        assert!(!young.is_empty());
        assert!(young.iter().all(|q| (q.vel.x - 0.3).abs() < 0.05), "{:?}", young[0].vel);
        // Follow with scale 1: particles older than two steps move with the emitter.
        let follow = moving(&m, flags::FOLLOW);
        let still = moving(&m, flags::empty());
        let mean_x = |v: &[Particle]| v.iter().map(|q| q.pos.x).sum::<f32>() / v.len() as f32;
        assert!(mean_x(&follow) > mean_x(&still) + 0.5, "{} vs {}", mean_x(&follow), mean_x(&still));
    }

    #[test]
    fn parallel_emitters_match_the_sequential_path() {
        let mut m = model(264);
        let e = m.particles[0].clone();
        m.particles = (0..PARALLEL_EMITTERS + 4)
            .map(|i| ParticleEmitter {
                position: [i as f32, 0.0, 0.0],
                emission_rate: m2view_format::Track::constant(1000.0),
                ..e.clone()
            })
            .collect();
        let (g, bones) = ([0.0], vec![Mat4::IDENTITY; m.bones.len()]);
        let mut par = ParticleSystem::new(&m, 5);
        let mut seq = par.clone();
        for k in 0..40 {
            let clock = Clock::new(0, k as f32 * 33.0, &g);
            par.update(&m, &clock, &bones, 0.033);
            for (e, st) in m.particles.iter().zip(&mut seq.emitters) {
                update_emitter(e, st, &clock, &bones, 0.033, false);
            }
        }
        assert!(par.parallel(), "{} live particles", par.live());
        assert_eq!(par.counts(), seq.counts());
        for (a, b) in par.emitters.iter().zip(&seq.emitters) {
            assert_eq!(a.particles, b.particles);
        }
        let view = Mat4::from_rotation_x(0.7) * Mat4::from_translation(Vec3::new(0.0, 0.0, -8.0));
        let (mut out, mut draws) = (Vec::new(), Vec::new());
        par.build(&m, view, &mut out, &mut draws);
        let (mut want, mut want_draws) = (Vec::new(), Vec::new());
        seq.build_with(&m, view, &mut want, &mut want_draws, false);
        assert_eq!(draws.len(), m.particles.len());
        assert_eq!(draws, want_draws);
        let drawn = |v: &[ParticleQuad], d: &[(usize, std::ops::Range<u32>)]| -> Vec<ParticleQuad> {
            d.iter().flat_map(|(_, r)| v[r.start as usize..r.end as usize].to_vec()).collect()
        };
        assert!(drawn(&out, &draws) == drawn(&want, &want_draws), "parallel build differs");
    }

    #[test]
    fn billboard_quad_faces_the_camera() {
        // One head of scale 1.5 at (1, 2, 3), a 2×2 atlas at cell 0, seen by a tilted camera:
        // its corners are the centre ± the camera's right and up axes (model space).
        let e = ParticleEmitter {
            flags: flags::HEAD,
            scale: LifeCurve { times: vec![0.0], values: vec![[1.5, 1.5]] },
            scale_vary: [0.0; 2],
            spin: 0.0,
            spin_vary: 0.0,
            twinkle_percent: 1.0,
            twinkle_scale: [1.0; 2],
            color: LifeCurve { times: vec![0.0], values: vec![[255.0, 128.0, 0.0]] },
            alpha: LifeCurve { times: vec![0.0], values: vec![0.5] },
            texture_rows: 2,
            texture_cols: 2,
            head_cell: LifeCurve::default(),
            ..model(264).particles[0].clone()
        };
        let mut st = EmitterState::new(Rng::new(1), 0);
        st.particles.push(Particle {
            pos: Vec3::new(1.0, 2.0, 3.0),
            vel: Vec3::X,
            age: 0.1,
            life: 1.0,
            ..Default::default()
        });
        st.max_life = 1.0;
        let view = Mat4::from_rotation_x(-1.1) * Mat4::from_rotation_z(0.4) * Mat4::from_translation(Vec3::splat(-9.0));
        let mut out = vec![ParticleQuad::default(); quads_per_particle(&e)];
        assert_eq!(build_emitter(&e, &st, view, view.inverse(), &mut out), 1);
        let q = out[0];
        assert_eq!(q.color, [255, 128, 0, 128]);
        let (corner, uv) = q.corner(1.0, 1.0);
        let d = view.transform_point3(corner) - view.transform_point3(Vec3::new(1.0, 2.0, 3.0));
        assert!((d - Vec3::new(1.5, 1.5, 0.0)).length() < 1e-5, "{d}");
        assert!((uv - Vec2::new(1.0, 0.0) * 0.5).length() < 1e-4, "{uv}");
        let (_, uv) = q.corner(-1.0, -1.0);
        assert!((uv - Vec2::new(0.0, 0.5)).length() < 1e-4, "{uv}");
    }

    #[test]
    fn twinkle_hides_about_its_percentage() {
        let mut e = model(264).particles[0].clone();
        (e.twinkle_percent, e.twinkle_scale) = (1.0, [1.0, 1.0]);
        assert_eq!(twinkle(&e, 0.3, 17), Some(1.0));
        e.twinkle_scale = [12.0, 12.0];
        assert_eq!(twinkle(&e, 0.3, 17), Some(12.0), "no twinkle still scales by its minimum");
        (e.twinkle_percent, e.twinkle_speed, e.twinkle_scale) = (0.5, 10.0, [0.5, 1.5]);
        let shown: Vec<f32> = (0..1000u16).filter_map(|s| twinkle(&e, 0.7, s)).collect();
        assert!((400..600).contains(&shown.len()), "{} of 1000 shown", shown.len());
        assert!(shown.iter().all(|&k| (0.5..=1.0).contains(&k)), "shown ones draw r ≤ 0.5");
    }

    #[test]
    fn life_curves_use_their_own_mid_point() {
        let c = LifeCurve { times: vec![0.0, 0.25, 1.0], values: vec![0.0f32, 1.0, 0.0] };
        assert_eq!(life_value(&c, 0.125, 9.0), 0.5);
        assert_eq!(life_value(&c, 0.625, 9.0), 0.5);
        assert_eq!(life_value(&LifeCurve::<f32>::default(), 0.5, 9.0), 9.0);
    }
}
