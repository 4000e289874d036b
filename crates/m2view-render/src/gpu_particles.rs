//! Particles simulated on the GPU: each emitter owns a ring of pool slots
//! sized for its rate × lifespan; each frame the CPU samples the emitters'
//! parameter tracks, places them on their bones and decides how many
//! particles each spawns (the client's emission accumulator, per emitter,
//! O(emitters)), and particle_sim.wgsl spawns, ages, moves, kills and
//! expands every particle into its head and tail quads, counting them in
//! per-emitter indirect draw arguments; particles.wgsl draws them with
//! `draw_indirect`. The deterministic CPU simulation
//! (`m2view_anim::particles`) stays the reference for goldens and tests
//! (statistical agreement: `tests/it/gpu_particles.rs`).
//!
//! Differences from the CPU path: the GPU's own random numbers (same
//! distributions), one step per frame of at most 0.1 s (the client cuts
//! longer frames into 0.1 s steps), a full ring overwrites its oldest
//! particle instead of refusing new ones, life curves use their first four
//! keys (M2 and MDX store three). Models with spline or multi-texture
//! emitters stay on the CPU ([`GpuParticles::supports`]).

use glam::{Mat4, Vec3};
use m2view_anim::Clock;
use m2view_anim::particles::{self as cpu, MAX_PARTICLES_PER_EMITTER, Rng};
use m2view_format::{EmitterType, LifeCurve, Model, ParticleEmitter, ParticleFlags};

use crate::compute::ComputeKernel;
use crate::context::buffer_entry;
use crate::gpu_data::{EmitterFrame, EmitterStatic, QuadInstance, SimUniform};
use crate::particles::EmitterDraw;
use crate::{GpuInstance, material};

/// The WGSL source of the particle simulation.
pub const PARTICLE_SIM_SHADER: &str = shader!("particle_sim.wgsl");

/// Bytes of one particle in the pool (`Particle` in particle_sim.wgsl).
const PARTICLE_BYTES: u64 = 48;
/// Twinkle values before the slot owners in the aux buffer.
const TWINKLE: usize = 128;

/// The compute kernel of particle_sim.wgsl (`None` where the device cannot
/// run it: particles then stay on the CPU).
pub(crate) fn simulation_kernel(device: &wgpu::Device) -> Option<ComputeKernel> {
    // sim; emitters, emitter frames (read); pool, quads, draw arguments (written); aux (read)
    ComputeKernel::new(
        device,
        "particle sim",
        PARTICLE_SIM_SHADER,
        "simulate",
        &[true, true, false, false, false, true],
    )
}

/// CPU-side state of one emitter: its emission accumulator and random
/// stream, where its ring spawns next, burst and follow memory.
struct EmitterCpu {
    rng: Rng,
    accum: f32,
    head: u32,
    prev_pos: Option<Vec3>,
    burst_pos: Option<Vec3>,
    burst_elapsed: f32,
    burst_vec: Vec3,
}

/// One model instance's particles on the GPU: the pool, the quads, the
/// indirect draw arguments and each emitter's CPU-side state.
pub struct GpuParticles {
    statics: Vec<EmitterStatic>,
    frames: Vec<EmitterFrame>,
    cpu: Vec<EmitterCpu>,
    slots: u32,
    frame: u32,
    /// Emitters the user switched off (by index).
    pub disabled: Vec<bool>,
    sim: wgpu::Buffer,
    frames_buffer: wgpu::Buffer,
    quads: wgpu::Buffer,
    args: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
}

/// The first four keys of a life curve: times and values as vec4 lanes.
fn curve<T: Copy>(c: &LifeCurve<T>, lane: impl Fn(T) -> f32) -> ([f32; 4], [f32; 4], u32) {
    let n = c.times.len().min(c.values.len()).min(4);
    let (mut times, mut values) = ([0.0; 4], [0.0; 4]);
    for k in 0..n {
        times[k] = c.times[k];
        values[k] = lane(c.values[k]);
    }
    (times, values, n as u32)
}

/// The most particles an emitter can have alive at once: its highest
/// rate × longest life, with a margin, capped like the CPU path.
fn capacity(e: &ParticleEmitter) -> u32 {
    let max = |t: &m2view_format::Track<f32>| {
        t.sequences.iter().flat_map(|k| k.values.iter().copied()).fold(0.0f32, f32::max)
    };
    let rate = max(&e.emission_rate) + e.emission_rate_vary.abs();
    let life = max(&e.lifespan).max(0.001) + e.lifespan_vary.abs();
    // `as` saturates (a hostile rate of 1e30 or NaN): the cap bounds it.
    ((rate * life * 1.25).ceil() as u32).saturating_add(16).min(MAX_PARTICLES_PER_EMITTER as u32)
}

fn emitter_static(e: &ParticleEmitter, rng: &mut Rng, capacity: u32, base: u32, quad_base: u32) -> EmitterStatic {
    let (rows, cols) = (e.texture_rows.max(1) as u32, e.texture_cols.max(1) as u32);
    let cell_offset =
        if e.flags.contains(ParticleFlags::RANDOM_FLIPBOOK_START) { rng.next_u32() % (rows * cols) } else { 0 };
    let (color_times, c, color_n) = curve(&e.color, |v| v[0]);
    let color_values = std::array::from_fn(|k| {
        let v = e.color.values.get(k).copied().unwrap_or([0.0; 3]);
        [v[0], v[1], v[2], c[k]]
    });
    let (alpha_times, alpha_values, alpha_n) = curve(&e.alpha, |v| v);
    let (scale_times, _, scale_n) = curve(&e.scale, |v| v[0]);
    let sv = |k: usize| e.scale.values.get(k).copied().unwrap_or([0.0; 2]);
    let scale_values = [0, 1].map(|i| [sv(2 * i)[0], sv(2 * i)[1], sv(2 * i + 1)[0], sv(2 * i + 1)[1]]);
    let (head_times, head_values, head_n) = curve(&e.head_cell, |v| v as f32);
    let (tail_times, tail_values, tail_n) = curve(&e.tail_cell, |v| v as f32);
    let kind = u32::from(e.emitter_type == EmitterType::Sphere);
    EmitterStatic {
        ints: [e.flags.bits(), kind, rows, cols, cell_offset, capacity, base, quad_base],
        floats: [
            e.lifespan_vary,
            e.drag,
            e.tail_length,
            e.spin,
            e.spin_vary,
            e.base_spin,
            e.base_spin_vary,
            e.twinkle_speed,
            e.twinkle_percent,
            e.twinkle_scale[0],
            e.twinkle_scale[1],
            0.0,
        ],
        scale_vary: [e.scale_vary[0], e.scale_vary[1], 0.0, 0.0],
        wind: [e.wind[0], e.wind[1], e.wind[2], 0.0],
        color_times,
        color_values,
        alpha_times,
        alpha_values,
        scale_times,
        scale_values,
        head_times,
        head_values,
        tail_times,
        tail_values,
        counts: [color_n, alpha_n, scale_n, head_n, tail_n, 0, 0, 0],
    }
}

impl GpuParticles {
    /// Whether the GPU simulation handles every emitter of `model` (spline
    /// generators and multi-texture emitters stay on the CPU).
    pub fn supports(model: &Model) -> bool {
        !model.particles.is_empty()
            && model.particles.iter().all(|e| e.emitter_type != EmitterType::Spline && e.multi_texture.is_none())
    }

    /// Pool slots of all emitters: the most particles alive at once (how
    /// many are is counted on the GPU only).
    pub fn slots(&self) -> usize {
        self.slots as usize
    }

    /// Samples every emitter at `clock` on `bones` (model space), decides
    /// its spawns for a step of `dt_s` seconds (at most 0.1) and uploads the
    /// frame's emitter state; `view` (model → view) turns the quads to the
    /// camera. Record the simulation with [`crate::Renderer::simulate_particles`].
    pub fn update(
        &mut self,
        queue: &wgpu::Queue,
        model: &Model,
        clock: &Clock<'_>,
        bones: &[Mat4],
        dt_s: f32,
        view: Mat4,
    ) {
        let dt = dt_s.clamp(0.0, 0.1);
        self.frame = self.frame.wrapping_add(1);
        for (i, (e, st)) in model.particles.iter().zip(&mut self.cpu).enumerate() {
            let matrix = cpu::emitter_matrix(e, bones);
            let p = cpu::params(e, clock);
            let pos = matrix.w_axis.truncate();
            let follow = match st.prev_pos {
                Some(prev) if e.flags.contains(ParticleFlags::FOLLOW) && dt > 0.0 => {
                    cpu::follow_delta(e.follow, pos - prev, dt)
                }
                _ => Vec3::ZERO,
            };
            st.prev_pos = Some(pos);
            if e.flags.contains(ParticleFlags::BURST) {
                st.burst_elapsed += dt;
                if st.burst_elapsed >= 0.03 {
                    let from = *st.burst_pos.get_or_insert(pos);
                    st.burst_vec = (pos - from) * (0.03 / st.burst_elapsed) * e.burst_multiplier;
                    st.burst_pos = Some(pos);
                    st.burst_elapsed = 0.0;
                }
            }
            let mut spawn = 0u32;
            if p.enabled && !self.disabled.get(i).copied().unwrap_or(false) && dt > 0.0 {
                let rate = p.rate + st.rng.uniform() * e.emission_rate_vary;
                // Bounded: an infinite rate (a hostile file) spawns the cap, not forever.
                st.accum = (st.accum + dt * rate.max(0.0)).min(MAX_PARTICLES_PER_EMITTER as f32 + 1.0);
                if st.accum > 1.0 {
                    spawn = (st.accum - 1.0).ceil() as u32;
                    st.accum -= spawn as f32;
                }
            }
            let capacity = self.statics[i].ints[5];
            let spawn = spawn.min(capacity);
            let start = st.head;
            st.head = (st.head + spawn) % capacity;
            let max_life = (p.lifespan + e.lifespan_vary).max(0.001);
            self.frames[i] = EmitterFrame {
                matrix: matrix.to_cols_array_2d(),
                gravity: p.gravity.extend(p.speed).into(),
                burst: st.burst_vec.extend(p.speed_var).into(),
                follow: follow.extend(p.vertical).into(),
                params: [
                    p.horizontal,
                    p.lifespan,
                    p.area_x,
                    p.area_y,
                    p.z_source,
                    max_life,
                    matrix.x_axis.truncate().length(),
                    0.0,
                ],
                spawn: [start, spawn, 0, 0],
            };
        }
        let sim = SimUniform {
            view: view.to_cols_array_2d(),
            inv_view: view.inverse().to_cols_array_2d(),
            dt,
            frame: self.frame,
            slots: self.slots,
            _pad: 0,
        };
        queue.write_buffer(&self.sim, 0, bytemuck::bytes_of(&sim));
        queue.write_buffer(&self.frames_buffer, 0, bytemuck::cast_slice(&self.frames));
        let args: Vec<[u32; 4]> = vec![[6, 0, 0, 0]; self.frames.len()];
        queue.write_buffer(&self.args, 0, bytemuck::cast_slice(&args));
    }
}

impl crate::Renderer {
    /// Particles of `model` on the GPU, seeded with `seed`; `None` where the
    /// device cannot run the simulation or [`GpuParticles::supports`] says no.
    pub fn gpu_particles(&self, model: &Model, seed: u32) -> Option<GpuParticles> {
        let kernel = self.particle_sim()?;
        if !GpuParticles::supports(model) {
            return None;
        }
        // A model with thousands of busy emitters may not fit the device's
        // buffers: its particles then stay on the CPU (checked before anything
        // is allocated).
        let caps: Vec<u32> = model.particles.iter().map(capacity).collect();
        let per_particle = |e: &ParticleEmitter| {
            let (head, tail) = cpu::head_tail(e);
            u64::from(head) + u64::from(tail)
        };
        let total_slots: u64 = caps.iter().map(|&c| u64::from(c)).sum();
        let total_quads: u64 = model.particles.iter().zip(&caps).map(|(e, &c)| u64::from(c) * per_particle(e)).sum();
        let d = &self.ctx.device;
        let limits = d.limits();
        let max = limits.max_storage_buffer_binding_size.min(limits.max_buffer_size);
        if total_slots * PARTICLE_BYTES > max || total_quads * std::mem::size_of::<QuadInstance>() as u64 > max {
            return None;
        }
        let (mut statics, mut cpu, mut owners) = (Vec::new(), Vec::new(), Vec::new());
        let (mut slots, mut quads) = (0u32, 0u32);
        for (i, (e, &cap)) in model.particles.iter().zip(&caps).enumerate() {
            let mut rng = Rng::new(seed.wrapping_add((i as u32).wrapping_mul(7919)));
            statics.push(emitter_static(e, &mut rng, cap, slots, quads));
            owners.extend(std::iter::repeat_n(i as u32, cap as usize));
            cpu.push(EmitterCpu {
                rng,
                accum: 0.0,
                head: 0,
                prev_pos: None,
                burst_pos: None,
                burst_elapsed: 0.0,
                burst_vec: Vec3::ZERO,
            });
            slots += cap;
            quads += cap * per_particle(e) as u32;
        }
        let buffer = |label, size: u64, usage| {
            d.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: size.max(16),
                usage: usage | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        };
        let storage = wgpu::BufferUsages::STORAGE;
        let read_back = wgpu::BufferUsages::COPY_SRC;
        let sim = buffer("particle sim", std::mem::size_of::<SimUniform>() as u64, wgpu::BufferUsages::UNIFORM);
        let statics_buffer =
            buffer("particle emitters", (statics.len() * std::mem::size_of::<EmitterStatic>()) as u64, storage);
        self.ctx.queue.write_buffer(&statics_buffer, 0, bytemuck::cast_slice(&statics));
        let frames_buffer =
            buffer("particle emitter frames", (statics.len() * std::mem::size_of::<EmitterFrame>()) as u64, storage);
        let pool = buffer("particle pool", slots as u64 * PARTICLE_BYTES, storage);
        let quad_buffer = buffer(
            "gpu particle quads",
            quads as u64 * std::mem::size_of::<QuadInstance>() as u64,
            storage | wgpu::BufferUsages::VERTEX | read_back,
        );
        let args =
            buffer("particle draw args", statics.len() as u64 * 16, storage | wgpu::BufferUsages::INDIRECT | read_back);
        let mut aux: Vec<u32> = cpu::twinkle_table().iter().map(|f| f.to_bits()).collect();
        aux.truncate(TWINKLE);
        aux.extend(owners);
        let aux_buffer = buffer("particle aux", aux.len() as u64 * 4, storage);
        self.ctx.queue.write_buffer(&aux_buffer, 0, bytemuck::cast_slice(&aux));
        let bind_group = d.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("particle sim"),
            layout: &kernel.layout,
            entries: &[
                buffer_entry(0, &sim),
                buffer_entry(1, &statics_buffer),
                buffer_entry(2, &frames_buffer),
                buffer_entry(3, &pool),
                buffer_entry(4, &quad_buffer),
                buffer_entry(5, &args),
                buffer_entry(6, &aux_buffer),
            ],
        });
        Some(GpuParticles {
            frames: vec![EmitterFrame::default(); statics.len()],
            statics,
            cpu,
            slots,
            frame: 0,
            disabled: vec![false; model.particles.len()],
            sim,
            frames_buffer,
            quads: quad_buffer,
            args,
            bind_group,
        })
    }

    /// Records the simulation step that [`GpuParticles::update`] prepared.
    pub fn simulate_particles(&self, gp: &GpuParticles, encoder: &mut wgpu::CommandEncoder) {
        if let Some(kernel) = self.particle_sim() {
            kernel.dispatch(encoder, &gp.bind_group, gp.slots);
        }
    }

    /// Writes instance `gi`'s particle draws from `gp` (drawn indirectly,
    /// as many quads as the simulation wrote), seen through
    /// `view_proj_world` (model → clip). Call after [`crate::Renderer::prepare`].
    pub fn prepare_gpu_particles(&self, gi: &mut GpuInstance, gp: &GpuParticles, model: &Model, view_proj_world: Mat4) {
        self.particles.prepare_indirect(&self.ctx, &mut gi.effects, view_proj_world, &gp.quads, &gp.args);
        for (i, (e, st)) in model.particles.iter().zip(&gp.statics).enumerate() {
            let quad_offset = st.ints[7] as u64 * std::mem::size_of::<QuadInstance>() as u64;
            gi.effects.push_indirect(EmitterDraw::indirect(material::blend_state_index(e.blend), i, quad_offset));
        }
    }

    /// Reads back the quad centres (model space) the last simulation wrote,
    /// per emitter. For tests and tools: waits for the GPU.
    ///
    /// # Errors
    /// The read-back failed.
    pub fn read_gpu_particle_centers(&self, gp: &GpuParticles) -> Result<Vec<Vec<Vec3>>, crate::RenderError> {
        let args = self.read_words(&gp.args, gp.statics.len() * 4)?;
        let total = gp.statics.iter().zip(args.chunks(4)).map(|(s, a)| s.ints[7] + a[1]).max().unwrap_or(0);
        let quads = self.read_words(&gp.quads, total as usize * 14)?;
        Ok(gp
            .statics
            .iter()
            .zip(args.chunks(4))
            .map(|(s, a)| {
                (s.ints[7]..s.ints[7] + a[1])
                    .map(|q| {
                        let w = &quads[q as usize * 14..];
                        Vec3::new(f32::from_bits(w[0]), f32::from_bits(w[1]), f32::from_bits(w[2]))
                    })
                    .collect()
            })
            .collect())
    }
}
