//! wgpu renderer for posed M2 models. Never reads file bytes: it takes the
//! format crate's [`Model`], an animation [`Pose`] and decoded textures.
//!
//! One file per concern: `context` (device, queue, samplers, placeholder
//! textures), `mesh` (M2 batches: m2.wgsl's renderer, a model's mesh, an
//! instance's constants and per-frame batch draws), `particles` (particle
//! quads and ribbon strips the same way), `lines` (debug overlays),
//! `frame` (the [`FrameBuilder`] that sorts every instance's drawables
//! once), `gpu_data` (every CPU→GPU record beside the WGSL it feeds),
//! `rules` (flag rules as pure functions), `material` (blend states and
//! shader selection), `animation` (tracks sampled on the GPU for instanced
//! groups of copies), `gpu_particles` (particles simulated and expanded in
//! a compute pass, drawn indirectly), `lighting`, `camera`, `target`.
//!
//! Each frame: [`Renderer::prepare`] (and [`Renderer::prepare_particles`])
//! per instance, then [`FrameBuilder::add`] each and [`Renderer::record`]
//! into any render pass (offscreen target or window); [`Renderer::draw`] does
//! both for a single instance. Offscreen rendering
//! ([`target::OffscreenTarget`]) is first-class.
//!
//! Conventions: model space is Z-up, right-handed, model units; colours are
//! handled in gamma space on UNORM textures and targets, as the client did.

#![warn(missing_docs)]

/// The text of the WGSL file `$name` in the workspace's top-level `shaders/`.
macro_rules! shader {
    ($name:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shaders/", $name))
    };
}

pub mod animation;
pub mod camera;
pub mod compose;
mod compute;
mod context;
pub mod frame;
pub mod gpu;
pub mod gpu_data;
pub mod gpu_particles;
pub mod lighting;
pub mod lines;
pub mod material;
mod mesh;
pub mod overlays;
mod particles;
pub mod rules;
pub mod target;
pub mod texture;
mod waterfall;

use glam::Mat4;
use m2view_anim::Pose;
use m2view_format::Model;

pub use animation::{GroupMember, GroupParams, InstanceGroup};
pub use frame::FrameBuilder;
pub use gpu::{Gpu, RenderError};
pub use lighting::{Fog, Lighting};
pub use mesh::{Palette, UNIFORM_PALETTE_BONES};
pub use particles::EffectGeometry;

/// Linear blend skinning (`skin_matrix`), shared by every shader that skins.
pub const SKINNING_WGSL: &str = shader!("skinning.wgsl");

/// The WGSL source of the M2 batch pipeline (skinning, the instance record
/// and the storage-buffer bindings prefixed).
pub const M2_SHADER: &str = concat!(
    shader!("skinning.wgsl"),
    shader!("instance.wgsl"),
    shader!("m2_storage.wgsl"),
    shader!("m2.wgsl"),
    shader!("waterfall.wgsl")
);

/// The M2 batch pipeline where vertex shaders cannot read storage buffers
/// (WebGL2): the bone palette and instance record in uniform buffers.
pub const M2_SHADER_UNIFORM: &str = concat!(
    shader!("skinning.wgsl"),
    shader!("instance.wgsl"),
    shader!("m2_uniform.wgsl"),
    shader!("m2.wgsl"),
    shader!("waterfall.wgsl")
);

/// The WGSL source of the body texture compositor ([`compose`]).
pub const COMPOSE_SHADER: &str = shader!("compose.wgsl");

/// The WGSL source of the particle pipeline.
pub const PARTICLE_SHADER: &str = shader!("particles.wgsl");

/// Depth buffer format of all m2view targets.
pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;

/// Block-compressed formats a BLP can be uploaded as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BcFormat {
    /// DXT1.
    Bc1,
    /// DXT3.
    Bc2,
    /// DXT5.
    Bc3,
}

/// Decoded (or still block-compressed) texture levels, level 0 first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextureData {
    /// RGBA8, `w*h*4` bytes per level.
    Rgba {
        /// Width of level 0.
        width: u32,
        /// Height of level 0.
        height: u32,
        /// Levels.
        mips: Vec<Vec<u8>>,
    },
    /// BC blocks per level (width and height multiples of 4).
    Bc {
        /// Format.
        format: BcFormat,
        /// Width of level 0.
        width: u32,
        /// Height of level 0.
        height: u32,
        /// Levels.
        mips: Vec<Vec<u8>>,
    },
}

/// What to draw this frame for one instance.
pub struct FrameParams<'a> {
    /// Instance placement: model → world.
    pub world: Mat4,
    /// World → view.
    pub view: Mat4,
    /// View → clip (wgpu conventions: depth 0..1).
    pub proj: Mat4,
    /// LOD (skin profile) index.
    pub lod: usize,
    /// Whether a geoset id is shown.
    pub geoset_visible: &'a dyn Fn(u16) -> bool,
    /// The pose.
    pub pose: &'a Pose,
    /// Model alpha multiplier.
    pub model_alpha: f32,
    /// Lighting.
    pub lighting: Lighting,
}

/// What one frame drew.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FrameStats {
    /// Batches drawn.
    pub batches: usize,
    /// Triangles drawn.
    pub triangles: usize,
}

impl std::ops::AddAssign for FrameStats {
    /// Counts another draw's batches and triangles in (a frame of several models).
    fn add_assign(&mut self, other: FrameStats) {
        self.batches += other.batches;
        self.triangles += other.triangles;
    }
}

/// GPU resources of one model shared by all its instances: the mesh
/// (vertices, index buffers per LOD, batch texture bindings), the textures
/// and the emitters' bindings.
pub struct GpuModel {
    mesh: mesh::GpuMesh,
    effects: particles::GpuEffects,
    views: Vec<wgpu::TextureView>,
    /// Per texture: its file was missing (a later combiner stage then binds
    /// a neutral texture instead of the placeholder, see `material::neutral_stage`).
    absent: Vec<bool>,
    /// Per texture: drawn with a placeholder (its file missing or not
    /// decoded, or a replaceable slot nothing filled) until a later upload
    /// or composition fills it.
    placeholder: Vec<bool>,
}

impl GpuModel {
    /// How many textures are drawn with a placeholder (unfilled replaceable
    /// slots included).
    pub fn missing_textures(&self) -> usize {
        self.placeholder.iter().filter(|&&p| p).count()
    }

    /// The texture slots drawn with a placeholder, in order.
    pub fn missing_slots(&self) -> impl Iterator<Item = usize> + '_ {
        self.placeholder.iter().enumerate().filter_map(|(i, &p)| p.then_some(i))
    }
}

/// One placed copy of a model: its constants, bone palette and uploaded
/// effect geometry, and the draws of its last `prepare`.
pub struct GpuInstance {
    mesh: mesh::MeshInstance,
    effects: particles::EffectsInstance,
}

/// The renderers of the crate over one shared context.
pub struct Renderer {
    ctx: context::Context,
    mesh: mesh::MeshRenderer,
    particles: particles::ParticleRenderer,
    /// The compute pass of GPU animation, where the device can run it
    /// (built on first use: crowds).
    animation: std::sync::OnceLock<Option<compute::ComputeKernel>>,
    /// The compute pass of GPU particles, where the device can run it
    /// (built on first use: a model with emitters on the GPU).
    particle_sim: std::sync::OnceLock<Option<compute::ComputeKernel>>,
    /// The body texture compositor, built on first use.
    compositor: std::sync::OnceLock<compose::Compositor>,
}

impl Renderer {
    /// Creates the shared state for render targets of `color_format`.
    /// Pipelines are built when a frame first needs them: mesh pipelines
    /// per batch state, the compute kernels and the compositor on first use.
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue, color_format: wgpu::TextureFormat) -> Renderer {
        Renderer {
            ctx: context::Context::new(device, queue, color_format),
            mesh: mesh::MeshRenderer::new(device),
            particles: particles::ParticleRenderer::new(device),
            animation: Default::default(),
            particle_sim: Default::default(),
            compositor: Default::default(),
        }
    }

    /// The GPU animation kernel, built the first time a crowd needs it
    /// (compiling it is most of a software rasterizer's start-up otherwise).
    fn animation(&self) -> Option<&compute::ComputeKernel> {
        self.animation.get_or_init(|| animation::animation_kernel(&self.ctx.device)).as_ref()
    }

    /// The GPU particle kernel, built the first time a model's particles go to the GPU.
    fn particle_sim(&self) -> Option<&compute::ComputeKernel> {
        self.particle_sim.get_or_init(|| gpu_particles::simulation_kernel(&self.ctx.device)).as_ref()
    }

    /// Composes a body texture of `size` pixels from `layers` on the GPU
    /// ([`compose`]); the texture can be a model's ([`Renderer::set_texture`]).
    pub fn compose(&self, size: [u32; 2], layers: &[compose::ComposeLayer<'_>]) -> wgpu::Texture {
        let c = self.compositor.get_or_init(|| compose::Compositor::new(&self.ctx.device));
        c.compose(&self.ctx.device, &self.ctx.queue, size, layers)
    }

    /// Whether BC textures can be uploaded compressed.
    pub fn supports_bc(&self) -> bool {
        self.ctx.bc
    }

    /// Where the batch shader reads bone palettes: storage buffers, or
    /// uniform buffers where vertex shaders cannot read storage (WebGL2).
    pub fn palette(&self) -> Palette {
        self.mesh.palette
    }

    /// Uploads a model. `textures[i]` is the image of `model.textures[i]`
    /// (`None` = missing or replaceable: drawn with a placeholder).
    pub fn upload(&self, model: &Model, textures: &[Option<TextureData>]) -> GpuModel {
        let (views, absent, placeholder) = mesh::upload_textures(&self.ctx, model, textures);
        GpuModel {
            mesh: self.mesh.upload(&self.ctx, model, &views, &absent),
            effects: particles::GpuEffects {
                bind_groups: self.particles.emitter_textures(&self.ctx, model, &views),
                particle_emitters: model.particles.len(),
            },
            views,
            absent,
            placeholder,
        }
    }

    /// Replaces texture `index` of an uploaded model (e.g. a user-chosen skin
    /// for a replaceable texture) and rebuilds the bindings that use it.
    pub fn replace_texture(&self, gm: &mut GpuModel, model: &Model, index: usize, data: &TextureData) {
        if !self.ctx.bc && matches!(data, TextureData::Bc { .. }) {
            return;
        }
        self.set_texture(gm, model, index, self.ctx.upload_texture(data));
    }

    /// Draws texture `index` of an uploaded model with the placeholder of a
    /// replaceable slot nothing fills (a slot a new choice left empty).
    pub fn clear_texture(&self, gm: &mut GpuModel, model: &Model, index: usize) {
        self.set_texture(gm, model, index, self.ctx.replaceable.clone());
        if let Some(a) = gm.absent.get_mut(index) {
            *a = true;
        }
        if let Some(p) = gm.placeholder.get_mut(index) {
            *p = true;
        }
    }

    /// Makes `view` texture `index` of an uploaded model (a texture made on
    /// the GPU: a composed body texture). Nothing happens past the model's textures.
    pub fn set_texture(&self, gm: &mut GpuModel, model: &Model, index: usize, view: wgpu::TextureView) {
        if index >= gm.views.len() {
            return;
        }
        gm.views[index] = view;
        gm.placeholder[index] = false;
        if let Some(a) = gm.absent.get_mut(index) {
            *a = false;
        }
        self.mesh.rebind_textures(&self.ctx, &mut gm.mesh, model, &gm.views, &gm.absent);
        gm.effects.bind_groups = self.particles.emitter_textures(&self.ctx, model, &gm.views);
    }

    /// Creates the per-instance state for drawing `gm` (bones start at identity).
    pub fn instance(&self, gm: &GpuModel) -> GpuInstance {
        GpuInstance { mesh: self.mesh.instance(&self.ctx, &gm.mesh), effects: self.particles.instance(&self.ctx) }
    }

    /// Uploads instance `gi`'s pose and per-batch constants and writes its
    /// batch draws (wowdev wiki "M2/Rendering" colours, alpha and order); its
    /// emitters draw only once [`Renderer::prepare_particles`] gives them
    /// geometry for this frame.
    pub fn prepare(&self, gm: &GpuModel, gi: &mut GpuInstance, model: &Model, p: &FrameParams<'_>) -> FrameStats {
        self.particles.sort_keys(&mut gi.effects, model, p);
        self.mesh.prepare_single(&self.ctx, &gm.mesh, &mut gi.mesh, model, p)
    }

    /// Uploads instance `gi`'s particle and ribbon geometry `g` (model
    /// space, seen through `view_proj_world`: model → clip) and writes its
    /// emitter draws.
    pub fn prepare_particles(&self, gi: &mut GpuInstance, model: &Model, view_proj_world: Mat4, g: &EffectGeometry) {
        self.particles.prepare(&self.ctx, &mut gi.effects, model, view_proj_world, g);
    }

    /// Reads `count` words of `buffer` (which has `COPY_SRC`) back to the
    /// CPU, waiting for the GPU. For tests and tools.
    pub(crate) fn read_words(&self, buffer: &wgpu::Buffer, count: usize) -> Result<Vec<u32>, RenderError> {
        let d = &self.ctx.device;
        let size = (count as u64 * 4).max(4);
        let staging = d.create_buffer(&wgpu::BufferDescriptor {
            label: Some("read-back"),
            size,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut enc = d.create_command_encoder(&Default::default());
        enc.copy_buffer_to_buffer(buffer, 0, &staging, 0, size);
        self.ctx.queue.submit([enc.finish()]);
        let slice = staging.slice(..);
        slice.map_async(wgpu::MapMode::Read, |_| {});
        let err = |e: &dyn std::fmt::Display| RenderError::Readback(e.to_string());
        d.poll(wgpu::PollType::wait_indefinitely()).map_err(|e| err(&e))?;
        let bytes = slice.get_mapped_range().map_err(|e| err(&e))?;
        Ok(bytemuck::cast_slice::<u8, u32>(&bytes)[..count].to_vec())
    }

    /// Records the prepared draws of the single instance `gi` of `gm` into
    /// `pass` ([`Renderer::record`] of a frame holding only it).
    pub fn draw(&self, gm: &GpuModel, gi: &GpuInstance, pass: &mut wgpu::RenderPass<'_>) {
        let mut frame = FrameBuilder::new();
        frame.add(gm, gi);
        self.record(&mut frame, pass);
    }
}

#[cfg(test)]
mod tests {
    /// Start-up builds no compute kernel and no compositor: compiling the
    /// animation kernel alone took 140 ms on lavapipe, three times a small
    /// `render`. They are built on first use.
    #[test]
    fn a_new_renderer_builds_only_what_a_frame_needs() {
        let gpu = super::Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
        let r = super::Renderer::new(&gpu.device, &gpu.queue, super::target::OFFSCREEN_FORMAT);
        assert!(r.animation.get().is_none() && r.particle_sim.get().is_none() && r.compositor.get().is_none());
        assert!(r.supports_gpu_animation(), "{}: no kernel is built to answer", gpu.adapter_summary());
        assert!(r.animation.get().is_none());
        let bytes = m2view_format::writer::write_md20(&m2view_format::fixtures::two_boxes(256));
        let model = m2view_format::model_from_bytes(&bytes, "boxes", &[]).unwrap();
        let _ = r.instance_group(&model);
        assert!(r.animation.get().is_some(), "built on first use");
    }

    #[test]
    fn shaders_validate_with_naga() {
        for (name, src) in [
            ("m2.wgsl", super::M2_SHADER),
            ("m2.wgsl (uniform palette)", super::M2_SHADER_UNIFORM),
            ("lines.wgsl", super::lines::LINES_SHADER),
            ("particles.wgsl", super::PARTICLE_SHADER),
            ("animate.wgsl", super::animation::ANIMATE_SHADER),
            ("particle_sim.wgsl", super::gpu_particles::PARTICLE_SIM_SHADER),
            ("compose.wgsl", super::COMPOSE_SHADER),
        ] {
            let module = naga::front::wgsl::parse_str(src).unwrap_or_else(|e| panic!("{name}: {e}"));
            naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
                .validate(&module)
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        }
    }
}
