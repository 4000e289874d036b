//! Animation sampled on the GPU and instanced groups (crowds): a model's
//! tracks are uploaded once (packed into one storage buffer); each frame the CPU culls the
//! group's copies against the view frustum, orders the visible ones back to
//! front and writes one small record per copy (placement and clock);
//! animate.wgsl then samples every bone, colour, texture-weight and
//! texture-transform track of every visible copy at its own clock and
//! composes the palettes, and each batch is drawn once for all copies
//! (`instance_index` → palette and values). The CPU evaluator
//! (`m2view_anim::evaluate`) stays the reference: the GPU follows its rules
//! one for one and a test compares their palettes on real models.
//!
//! What the GPU path does not do (the CPU path does): model lights (a
//! group is lit by the preview light only), `sample`-vs-`sample_or`
//! differences of texture transforms while blending (the GPU uses the
//! default where a sequence has no keys), and exact transparent order
//! between copies: each transparent batch is drawn for all copies back to
//! front, batch after batch (one sort per group, not per copy and batch).

use bytemuck::Zeroable;
use glam::{Mat4, Vec3, Vec4};
use m2view_anim::Clock;
use m2view_format::{Interpolation, Model, Track};
use rayon::prelude::*;

use crate::compute::ComputeKernel;
use crate::context::buffer_entry;
use crate::gpu_data::{AnimParams, InstanceRecord};
use crate::mesh::{BatchValues, MeshFrame, MeshInstance};
use crate::{FrameStats, GpuModel, Lighting};

/// The WGSL source of the animation compute pass (the instance record prefixed).
pub const ANIMATE_SHADER: &str = concat!(shader!("instance.wgsl"), shader!("animate.wgsl"));

/// u32s before the global-sequence times in an instance's state (animate.wgsl `STATE_HEADER`).
const STATE_HEADER: usize = 6;
/// "None" in the packed data (no parent, no global sequence, no blend).
const NONE: u32 = u32::MAX;
/// Copies from which `prepare_group` culls and writes records on every core.
const PARALLEL_COPIES: usize = 1024;

/// A track value as the GPU stores it: four floats.
trait GpuValue: Copy {
    /// Quaternions interpolate by nlerp/squad; everything else per component.
    const QUATERNION: bool = false;
    fn vec4(self) -> [f32; 4];
}
impl GpuValue for f32 {
    fn vec4(self) -> [f32; 4] {
        [self, 0.0, 0.0, 0.0]
    }
}
impl GpuValue for [f32; 3] {
    fn vec4(self) -> [f32; 4] {
        [self[0], self[1], self[2], 0.0]
    }
}
/// Rotations `[x, y, z, w]`.
#[derive(Clone, Copy)]
struct Rotation([f32; 4]);
impl GpuValue for Rotation {
    const QUATERNION: bool = true;
    fn vec4(self) -> [f32; 4] {
        self.0
    }
}

/// A model's tracks in animate.wgsl's layout: one `u32` array holding the
/// track descriptors, per-sequence key ranges, key times, key values and
/// bones, and the counts and section offsets of its `Params`.
pub(crate) struct Packed {
    pub data: Vec<u32>,
    pub params: AnimParams,
    /// Per colour, then per texture weight: some alpha (weight) key is below
    /// 0.999, so batches reading it draw as transparent on the GPU path.
    pub alpha_may_vary: Vec<bool>,
}

#[derive(Default)]
struct Packer {
    tracks: Vec<[u32; 4]>,
    ranges: Vec<[u32; 3]>,
    times: Vec<u32>,
    keys: Vec<[f32; 4]>,
}

impl Packer {
    /// Appends a track: descriptor `[mode, global sequence, first range,
    /// ranges]` and one range `[first time, first key, count | tangents << 31]`
    /// per key list (a global-sequence track keeps only its first list, as
    /// `Track::keys_for` reads it). A list with fewer values than times is
    /// empty, as the CPU sampler treats it.
    fn track<T: Copy, V: GpuValue>(&mut self, track: &Track<T>, value: impl Fn(T) -> V) {
        let interp = match track.interpolation {
            Interpolation::None => 0,
            Interpolation::Linear => 1,
            Interpolation::Bezier => 2,
            Interpolation::Hermite => 3,
        };
        let lists = if track.global_sequence.is_some() {
            &track.sequences[..track.sequences.len().min(1)]
        } else {
            &track.sequences[..]
        };
        let global = track.global_sequence.map_or(NONE, u32::from);
        self.tracks.push([
            interp | (u32::from(V::QUATERNION) << 8),
            global,
            self.ranges.len() as u32,
            lists.len() as u32,
        ]);
        for k in lists {
            let usable = !k.times.is_empty() && k.values.len() >= k.times.len();
            let n = if usable { k.times.len() } else { 0 };
            let tangents = usable && k.tangents.len() == k.values.len();
            self.ranges.push([self.times.len() as u32, self.keys.len() as u32, n as u32 | (u32::from(tangents) << 31)]);
            self.times.extend_from_slice(&k.times[..n]);
            for i in 0..n {
                self.keys.push(value(k.values[i]).vec4());
                if tangents {
                    self.keys.push(value(k.tangents[i][0]).vec4());
                    self.keys.push(value(k.tangents[i][1]).vec4());
                }
            }
        }
    }
}

/// Packs every bone (translation, rotation, scale), colour (rgb, alpha),
/// texture weight and texture transform (translation, rotation, scaling)
/// track of `model`, in that order, and its bones (pivot, parent, flags).
pub(crate) fn pack(model: &Model) -> Packed {
    let mut p = Packer::default();
    for b in &model.bones {
        p.track(&b.translation, |v| v);
        p.track(&b.rotation, Rotation);
        p.track(&b.scale, |v| v);
    }
    for c in &model.colors {
        p.track(&c.color, |v| v);
        p.track(&c.alpha, |v| v);
    }
    for w in &model.texture_weights {
        p.track(w, |v| v);
    }
    for t in &model.texture_transforms {
        p.track(&t.translation, |v| v);
        p.track(&t.rotation, Rotation);
        p.track(&t.scaling, |v| v);
    }
    let below_one = |t: &Track<f32>| t.sequences.iter().any(|k| k.values.iter().any(|&v| v < 0.999));
    let alpha_may_vary =
        model.colors.iter().map(|c| below_one(&c.alpha)).chain(model.texture_weights.iter().map(below_one)).collect();
    let mut data: Vec<u32> = p.tracks.iter().flatten().copied().collect();
    let range_base = data.len() as u32;
    data.extend(p.ranges.iter().flatten());
    let time_base = data.len() as u32;
    data.extend(&p.times);
    let key_base = data.len() as u32;
    data.extend(p.keys.iter().flatten().map(|f| f.to_bits()));
    let bone_base = data.len() as u32;
    for b in &model.bones {
        let parent = b.parent.map_or(NONE, |p| p.index() as u32);
        data.extend(b.pivot.map(f32::to_bits));
        data.extend([parent, b.flags.bits(), 0, 0, 0]);
    }
    let (colors, weights, transforms) =
        (model.colors.len(), model.texture_weights.len(), model.texture_transforms.len());
    let params = AnimParams {
        view: Mat4::IDENTITY.to_cols_array_2d(),
        instance_count: 0,
        bone_count: model.bones.len() as u32,
        state_stride: (STATE_HEADER + model.global_sequences.len()) as u32,
        global_count: model.global_sequences.len() as u32,
        color_count: colors as u32,
        weight_count: weights as u32,
        transform_count: transforms as u32,
        value_stride: (colors + weights + 4 * transforms).max(1) as u32,
        range_base,
        time_base,
        key_base,
        bone_base,
    };
    Packed { data, params, alpha_may_vary }
}

/// The compute kernel of animate.wgsl (`None` where the device cannot run
/// it: crowds then use the CPU path).
pub(crate) fn animation_kernel(device: &wgpu::Device) -> Option<ComputeKernel> {
    ComputeKernel::new(device, "animate", ANIMATE_SHADER, "animate", &ANIMATE_STORAGE)
}

/// The animation kernel's storage buffers, read-only or not: tracks,
/// clocks, records (read); palettes, values (written).
const ANIMATE_STORAGE: [bool; 5] = [true, true, true, false, false];

/// One copy of a group this frame: where it stands and its clock (from
/// `Player::clock`).
pub struct GroupMember<'a> {
    /// Model → world (model units, Z-up).
    pub world: Mat4,
    /// Sequence, time, global-sequence times and blend.
    pub clock: Clock<'a>,
}

/// What a group's frame needs besides its members.
pub struct GroupParams<'a> {
    /// World → view.
    pub view: Mat4,
    /// View → clip (wgpu conventions: depth 0..1).
    pub proj: Mat4,
    /// LOD (skin profile) index, the same for every copy.
    pub lod: usize,
    /// Whether a geoset id is shown.
    pub geoset_visible: &'a dyn Fn(u16) -> bool,
    /// Alpha multiplier of every copy.
    pub model_alpha: f32,
    /// The preview light (model lights are not applied to groups).
    pub lighting: Lighting,
}

/// Copies of one model animated on the GPU and drawn instanced: the
/// model's packed tracks, the per-copy buffers (records, clocks, palettes,
/// animated values; grown as needed) and the batch draws of the last
/// [`crate::Renderer::prepare_group`].
pub struct InstanceGroup {
    params: AnimParams,
    data: wgpu::Buffer,
    params_buffer: wgpu::Buffer,
    alpha_may_vary: Vec<bool>,
    /// Rest-pose bounding sphere (centre, radius) in model space, grown for motion.
    sphere: (Vec3, f32),
    capacity: usize,
    buffers: Option<GroupBuffers>,
    /// Visible members, far first: squared view distance bits << 32 | member index.
    order: Vec<u64>,
    records: Vec<InstanceRecord>,
    states: Vec<u32>,
}

struct GroupBuffers {
    states: wgpu::Buffer,
    instances: wgpu::Buffer,
    palettes: wgpu::Buffer,
    values: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    mesh: MeshInstance,
}

impl InstanceGroup {
    /// Copies drawn by the last `prepare_group` (the others were outside the view).
    pub fn visible(&self) -> usize {
        self.order.len()
    }

    /// The members drawn by the last `prepare_group`, by index into its
    /// `members`, in draw order (back to front).
    pub fn drawn(&self) -> impl Iterator<Item = usize> + '_ {
        self.order.iter().map(|&key| key as u32 as usize)
    }

    pub(crate) fn mesh(&self) -> Option<&MeshInstance> {
        self.buffers.as_ref().map(|b| &b.mesh)
    }
}

/// The planes of the frustum of `view_proj` (wgpu depth 0..1) as
/// `(normal, d)`, inside where `normal · p + d ≥ 0` (Gribb & Hartmann).
fn frustum_planes(view_proj: Mat4) -> [Vec4; 6] {
    let r = |i| view_proj.row(i);
    [r(3) + r(0), r(3) - r(0), r(3) + r(1), r(3) - r(1), r(2), r(3) - r(2)]
}

/// Whether a sphere touches the frustum.
fn sphere_visible(planes: &[Vec4; 6], center: Vec3, radius: f32) -> bool {
    planes.iter().all(|p| p.truncate().dot(center) + p.w >= -radius * p.truncate().length())
}

impl crate::Renderer {
    /// Whether groups can be animated and drawn on this device (compute
    /// shaders and storage buffers); otherwise use one `GpuInstance` per copy.
    pub fn supports_gpu_animation(&self) -> bool {
        ComputeKernel::fits(&self.ctx.device, ANIMATE_STORAGE.len())
    }

    /// A group of copies of `model` with its tracks on the GPU (draw it with
    /// the model's `GpuModel`); `None` where [`crate::Renderer::supports_gpu_animation`] is
    /// false or the tracks exceed a storage buffer.
    pub fn instance_group(&self, model: &Model) -> Option<InstanceGroup> {
        self.animation()?;
        let packed = pack(model);
        let bytes = (packed.data.len().max(1) * 4) as u64;
        if bytes > self.ctx.device.limits().max_storage_buffer_binding_size {
            return None;
        }
        let data = self.ctx.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("animation tracks"),
            size: bytes,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        self.ctx.queue.write_buffer(&data, 0, bytemuck::cast_slice(&packed.data));
        let params_buffer = self.ctx.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("animation params"),
            size: std::mem::size_of::<AnimParams>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let (lo, hi) = crate::camera::frame_bounds(model, 0, &[], None);
        // Animation moves limbs past the rest pose: cull with a sphere half again as large.
        let sphere = ((lo + hi) * 0.5, (hi - lo).length() * 0.75);
        Some(InstanceGroup {
            params: packed.params,
            data,
            params_buffer,
            alpha_may_vary: packed.alpha_may_vary,
            sphere,
            capacity: 0,
            buffers: None,
            order: Vec::new(),
            records: Vec::new(),
            states: Vec::new(),
        })
    }

    /// The most copies group `g` can hold on this device: each of its
    /// per-copy buffers (palettes, values, clocks, records) must fit one
    /// storage buffer binding.
    pub fn group_capacity_limit(&self, g: &InstanceGroup) -> usize {
        let limits = self.ctx.device.limits();
        let max = limits.max_storage_buffer_binding_size.min(limits.max_buffer_size);
        let p = &g.params;
        let per_copy = [
            64 * u64::from(p.bone_count.max(1)),
            16 * u64::from(p.value_stride),
            4 * u64::from(p.state_stride),
            std::mem::size_of::<InstanceRecord>() as u64,
        ];
        per_copy.iter().map(|&b| max / b).min().unwrap_or(0) as usize
    }

    fn grow(&self, gm: &GpuModel, g: &mut InstanceGroup, n: usize) {
        if n <= g.capacity && g.buffers.is_some() {
            return;
        }
        let cap = n.next_power_of_two().max(16).min(self.group_capacity_limit(g)).max(n);
        let d = &self.ctx.device;
        let storage = |label, size: u64| {
            d.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: size.max(16),
                usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            })
        };
        let p = &g.params;
        let states = storage("group clocks", (cap * p.state_stride as usize * 4) as u64);
        let instances = storage("group instances", (cap * std::mem::size_of::<InstanceRecord>()) as u64);
        let palettes = storage("group palettes", (cap * p.bone_count.max(1) as usize * 64) as u64);
        let values = storage("group values", (cap * p.value_stride as usize * 16) as u64);
        let kernel = self.animation().expect("groups exist only with the animation kernel");
        let bind_group = d.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("animate"),
            layout: &kernel.layout,
            entries: &[
                buffer_entry(0, &g.params_buffer),
                buffer_entry(1, &g.data),
                buffer_entry(2, &states),
                buffer_entry(3, &instances),
                buffer_entry(4, &palettes),
                buffer_entry(5, &values),
            ],
        });
        let mesh = self.mesh.shared_instance(&self.ctx, &gm.mesh, palettes.clone(), instances.clone(), Some(&values));
        g.buffers = Some(GroupBuffers { states, instances, palettes, values, bind_group, mesh });
        g.capacity = cap;
    }

    /// Culls `members` against the view, orders the visible ones back to
    /// front, uploads their records and clocks and writes the group's batch
    /// draws (one per batch for every visible copy). Record the compute
    /// pass with [`crate::Renderer::animate`] before the render pass that
    /// draws the group. Copies past [`crate::Renderer::group_capacity_limit`]
    /// are left out.
    pub fn prepare_group(
        &self,
        gm: &GpuModel,
        g: &mut InstanceGroup,
        model: &Model,
        members: &[GroupMember<'_>],
        p: &GroupParams<'_>,
    ) -> FrameStats {
        let planes = frustum_planes(p.proj * p.view);
        let (center, radius, view) = (g.sphere.0, g.sphere.1, p.view);
        let limit = members.len().min(self.group_capacity_limit(g));
        // Per copy work is independent: it runs on every core from 1,024 copies.
        g.order.clear();
        g.order.par_extend(members[..limit].par_iter().enumerate().with_min_len(PARALLEL_COPIES).filter_map(
            |(i, m)| {
                let c = m.world.transform_point3(center);
                let scale2 = m.world.x_axis.truncate().length_squared().max(m.world.z_axis.truncate().length_squared());
                // Far first: squared distances of non-negative floats order as their bits.
                sphere_visible(&planes, c, radius * scale2.sqrt())
                    .then(|| u64::from(view.transform_point3(c).length_squared().to_bits()) << 32 | i as u64)
            },
        ));
        if g.order.len() < PARALLEL_COPIES {
            g.order.sort_unstable_by(|a, b| b.cmp(a));
        } else {
            g.order.par_sort_unstable_by(|a, b| b.cmp(a));
        }
        let n = g.order.len();
        self.grow(gm, g, n);
        let (stride, bones, values, globals) = (
            g.params.state_stride as usize,
            g.params.bone_count as usize,
            g.params.value_stride as usize,
            g.params.global_count as usize,
        );
        g.records.resize(n, InstanceRecord::zeroed());
        g.states.resize(n * stride, 0);
        let slots = g.records.par_iter_mut().zip(g.states.par_chunks_mut(stride.max(1))).zip(g.order.par_iter());
        slots.enumerate().with_min_len(PARALLEL_COPIES).for_each(|(slot, ((record, state), &key))| {
            let m = &members[key as u32 as usize];
            *record = InstanceRecord {
                world: m.world.to_cols_array_2d(),
                palette: (slot * bones) as u32,
                values: (slot * values) as u32,
                state: (slot * stride) as u32,
                _pad: 0,
            };
            let c = &m.clock;
            let (bs, bt, bw) = c.blend.map_or((NONE, 0.0, 0.0), |b| (b.sequence as u32, b.time_ms, b.weight));
            state[..STATE_HEADER].copy_from_slice(&[
                c.sequence as u32,
                c.time_ms.to_bits(),
                bs,
                bt.to_bits(),
                bw.to_bits(),
                0,
            ]);
            for (k, s) in state[STATE_HEADER..STATE_HEADER + globals].iter_mut().enumerate() {
                *s = c.global_ms.get(k).copied().unwrap_or(0.0).to_bits();
            }
        });
        let middle = g.records.iter().map(|r| Vec3::from_slice(&r.world[3][..3])).sum::<Vec3>() / n.max(1) as f32;
        let params = AnimParams { view: p.view.to_cols_array_2d(), instance_count: n as u32, ..g.params };
        let q = &self.ctx.queue;
        q.write_buffer(&g.params_buffer, 0, bytemuck::bytes_of(&params));
        let Some(bufs) = g.buffers.as_mut() else { return FrameStats::default() };
        if n > 0 {
            q.write_buffer(&bufs.instances, 0, bytemuck::cast_slice(&g.records));
            q.write_buffer(&bufs.states, 0, bytemuck::cast_slice(&g.states));
        }
        // Flipbooks show one frame for the group: the nearest copy's.
        let nearest = g.order.last().map(|&key| &members[key as u32 as usize].clock);
        let flipbook_frames: Vec<usize> =
            model.flipbooks.iter().map(|f| nearest.map_or(0, |c| m2view_anim::flipbook_frame(f, c))).collect();
        let frame = MeshFrame {
            view: p.view,
            proj: p.proj,
            world: Mat4::from_translation(middle),
            lod: p.lod,
            geoset_visible: p.geoset_visible,
            model_alpha: p.model_alpha,
            lighting: p.lighting,
            lights: &[],
            values: BatchValues::Gpu { alpha_may_vary: &g.alpha_may_vary, flipbook_frames: &flipbook_frames },
            instances: 0..n as u32,
        };
        self.mesh.prepare(&self.ctx, &gm.mesh, &mut bufs.mesh, model, &frame)
    }

    /// Records the compute pass that animates the group's visible copies
    /// (palettes and values for the draws `prepare_group` wrote).
    pub fn animate(&self, g: &InstanceGroup, encoder: &mut wgpu::CommandEncoder) {
        if let (Some(kernel), Some(bufs)) = (self.animation(), g.buffers.as_ref()) {
            kernel.dispatch(encoder, &bufs.bind_group, g.order.len() as u32);
        }
    }

    /// Reads back what the last [`crate::Renderer::animate`] (submitted)
    /// wrote for the visible copies, in the order `prepare_group` drew
    /// them: `bone_count` palette matrices per copy, and per copy its
    /// colours (rgb, alpha), texture weights (x) and texture matrices (four
    /// columns each). For tests and tools: waits for the GPU.
    ///
    /// # Errors
    /// The read-back failed (device lost, mapping refused).
    pub fn read_group_pose(&self, g: &InstanceGroup) -> Result<(Vec<Mat4>, Vec<Vec4>), crate::RenderError> {
        let Some(bufs) = g.buffers.as_ref() else { return Ok(Default::default()) };
        let n = g.order.len();
        let floats = |w: Vec<u32>| w.into_iter().map(f32::from_bits).collect::<Vec<f32>>();
        let palettes = floats(self.read_words(&bufs.palettes, n * g.params.bone_count as usize * 16)?);
        let values = floats(self.read_words(&bufs.values, n * g.params.value_stride as usize * 4)?);
        Ok((
            palettes.chunks_exact(16).map(Mat4::from_cols_slice).collect(),
            values.chunks_exact(4).map(Vec4::from_slice).collect(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use m2view_format::fixtures;

    fn model(v: u32) -> Model {
        let m2 = m2view_format::writer::write_md20(&fixtures::two_boxes(v));
        let skin = m2view_format::writer::write_skin(&fixtures::skin_profile(v), v);
        m2view_format::model_from_bytes(&m2, "t.m2", &[("s", &skin)]).unwrap()
    }

    #[test]
    fn packing_lays_out_every_track() {
        let m = model(264);
        let p = pack(&m);
        let tracks = 3 * m.bones.len() + 2 * m.colors.len() + m.texture_weights.len() + 3 * m.texture_transforms.len();
        assert_eq!(p.params.range_base as usize, 4 * tracks);
        // Bone 1's rotation (track 4): linear quaternion, one key list per sequence.
        let d = &p.data[16..20];
        assert_eq!((d[0], d[1], d[3] as usize), (1 | 1 << 8, NONE, m.bones[1].rotation.sequences.len()));
        // Its Stand keys: times and values where the range says.
        let keys = &m.bones[1].rotation.sequences[0];
        let r = (p.params.range_base + 3 * d[2]) as usize;
        let (t0, k0, n) = (p.data[r] as usize, p.data[r + 1] as usize, p.data[r + 2] as usize);
        assert_eq!(n, keys.times.len());
        assert_eq!(&p.data[p.params.time_base as usize + t0..][..n], &keys.times[..]);
        let k = p.params.key_base as usize + 4 * k0 + 4 * (n - 1);
        let last: Vec<f32> = p.data[k..k + 4].iter().map(|&b| f32::from_bits(b)).collect();
        assert_eq!(last, keys.values[n - 1]);
        // Bone 1: pivot (0, 0, 1), parent 0.
        let b = p.params.bone_base as usize + 8;
        assert_eq!((f32::from_bits(p.data[b + 2]), p.data[b + 3]), (1.0, 0));
        // The colour's alpha goes 1 → 0.5: batches reading it draw as transparent.
        assert!(p.alpha_may_vary[0]);
        assert_eq!(
            p.params.value_stride as usize,
            m.colors.len() + m.texture_weights.len() + 4 * m.texture_transforms.len()
        );
    }

    #[test]
    fn frustum_culls_spheres_outside_the_view() {
        let view = glam::camera::rh::view::look_at_mat4(Vec3::new(0.0, -10.0, 0.0), Vec3::ZERO, Vec3::Z);
        let proj = glam::camera::rh::proj::directx::perspective(1.0, 1.0, 0.1, 100.0);
        let planes = frustum_planes(proj * view);
        assert!(sphere_visible(&planes, Vec3::ZERO, 1.0));
        // Behind the camera, beyond far, far to the side: out; touching the side plane: in.
        assert!(!sphere_visible(&planes, Vec3::new(0.0, -20.0, 0.0), 1.0));
        assert!(!sphere_visible(&planes, Vec3::new(0.0, 200.0, 0.0), 1.0));
        assert!(!sphere_visible(&planes, Vec3::new(50.0, 0.0, 0.0), 1.0));
        // Half-angle 0.5 rad at distance 10: the side plane is 5.46 away; a sphere at x = 6 with radius 1 touches it.
        assert!(sphere_visible(&planes, Vec3::new(6.0, 0.0, 0.0), 1.0));
    }
}
