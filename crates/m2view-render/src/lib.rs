//! wgpu renderer for posed M2 models. Never reads file bytes: it takes the
//! format crate's [`Model`], an animation [`Pose`] and decoded textures.
//!
//! A [`Renderer`] holds what every model shares (shader, layouts, pipelines,
//! samplers, placeholder textures); a [`GpuModel`] owns one model's buffers,
//! textures and bind groups. Each frame: [`Renderer::prepare`] uploads bones
//! and per-batch uniforms and builds the sorted draw list, then
//! [`Renderer::draw`] records it into any render pass (offscreen target or
//! window). Offscreen rendering ([`target::OffscreenTarget`]) is first-class.
//!
//! Conventions: model space is Z-up, right-handed, model units; colours are
//! handled in gamma space on UNORM textures and targets, as the client did.

#![warn(missing_docs)]

pub mod camera;
pub mod gpu;
pub mod gpu_data;
pub mod lighting;
pub mod lines;
pub mod material;
pub mod target;

use std::collections::HashMap;
use std::sync::Mutex;

use bytemuck::Zeroable;
use glam::{Mat4, Vec3, Vec4};
use m2view_anim::Pose;
use m2view_format::{BlendMode, Model, TextureSource};
use wgpu::util::DeviceExt;

pub use gpu::{Gpu, RenderError};
use gpu_data::{
    BATCH_STRIDE, BatchUniform, EmitterUniform, FrameUniform, GpuVertex, QUAD_ATTRIBUTES, QuadInstance,
    STRIP_ATTRIBUTES, StripVertex, VERTEX_ATTRIBUTES,
};
pub use lighting::Lighting;
use material::{DrawPhase, PipelineKey};

/// Linear blend skinning (`skin_matrix`), shared by every shader that skins.
pub const SKINNING_WGSL: &str = include_str!("../shaders/skinning.wgsl");

/// The WGSL source of the M2 batch pipeline (skinning prefixed).
pub const M2_SHADER: &str = concat!(include_str!("../shaders/skinning.wgsl"), include_str!("../shaders/m2.wgsl"));

/// The WGSL source of the particle pipeline.
pub const PARTICLE_SHADER: &str = include_str!("../shaders/particles.wgsl");

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
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FrameStats {
    /// Batches drawn.
    pub batches: usize,
    /// Triangles drawn.
    pub triangles: usize,
}

struct GpuBatch {
    textures: wgpu::BindGroup,
    submesh: usize,
    pixel: u32,
    vertex: u32,
}

struct GpuLod {
    index_buffer: wgpu::Buffer,
    batches: Vec<GpuBatch>,
}

struct Draw {
    key: PipelineKey,
    phase: DrawPhase,
    priority: i8,
    layer: u16,
    distance: f32,
    slot: u32,
    lod_batch: usize,
    indices: std::ops::Range<u32>,
}

/// GPU resources of one model shared by all its instances: vertices, index
/// buffers per LOD, textures and per-batch texture bind groups.
pub struct GpuModel {
    vertex_buffer: wgpu::Buffer,
    lods: Vec<GpuLod>,
    views: Vec<wgpu::TextureView>,
    /// Per texture: its file was missing (a later combiner stage then binds
    /// a neutral texture instead of the placeholder, see `material::neutral_stage`).
    absent: Vec<bool>,
    /// Per particle emitter, then per ribbon emitter: its (first) texture.
    emitter_textures: Vec<wgpu::BindGroup>,
    /// Particle emitters (draws past them are ribbons).
    particle_emitters: usize,
    bone_count: usize,
    max_batches: usize,
    /// Textures that were missing (drawn with a placeholder), unfilled replaceable slots included.
    pub missing_textures: usize,
}

/// Per-instance GPU state: placement and lighting, bone palette, per-batch
/// constants, and the sorted draw list of the last `prepare`.
pub struct GpuInstance {
    frame_buffer: wgpu::Buffer,
    bone_buffer: wgpu::Buffer,
    batch_buffer: wgpu::Buffer,
    frame_bind_group: wgpu::BindGroup,
    batch_bind_group: wgpu::BindGroup,
    draws: Vec<Draw>,
    lod: usize,
    uniforms: Vec<u8>,
    bones: Vec<[[f32; 4]; 4]>,
    particle_camera: wgpu::Buffer,
    particle_bind_group: wgpu::BindGroup,
    /// Particle quads (instances) and ribbon strip vertices of the frame.
    particle_quads: Option<wgpu::Buffer>,
    ribbon_vertices: Option<wgpu::Buffer>,
    /// `(blend, emitter, quads or ribbon vertices, priority plane, view distance)`,
    /// sorted like transparent batches.
    particle_draws: Vec<(u32, usize, std::ops::Range<u32>, i32, f32)>,
    /// Per particle emitter, then per ribbon: priority plane and view distance of its bone (from `prepare`).
    emitter_sort: Vec<(i32, f32)>,
}

/// Shared GPU state.
pub struct Renderer {
    device: wgpu::Device,
    queue: wgpu::Queue,
    color_format: wgpu::TextureFormat,
    shader: wgpu::ShaderModule,
    frame_layout: wgpu::BindGroupLayout,
    batch_layout: wgpu::BindGroupLayout,
    textures_layout: wgpu::BindGroupLayout,
    pipeline_layout: wgpu::PipelineLayout,
    pipelines: Mutex<HashMap<PipelineKey, wgpu::RenderPipeline>>,
    particle_shader: wgpu::ShaderModule,
    particle_camera_layout: wgpu::BindGroupLayout,
    particle_texture_layout: wgpu::BindGroupLayout,
    particle_pipeline_layout: wgpu::PipelineLayout,
    /// By (blend state, ribbon strip rather than particle quads).
    particle_pipelines: Mutex<HashMap<(u32, bool), wgpu::RenderPipeline>>,
    samplers: [wgpu::Sampler; 4],
    white: wgpu::TextureView,
    gray: wgpu::TextureView,
    clear: wgpu::TextureView,
    missing: wgpu::TextureView,
    replaceable: wgpu::TextureView,
    bc: bool,
}

fn checker(a: [u8; 4], b: [u8; 4]) -> Vec<u8> {
    (0..64).flat_map(|i| if (i % 8 < 4) ^ (i / 8 < 4) { a } else { b }).collect()
}

/// Binding types of the bind group layouts.
const TEXTURE: wgpu::BindingType = wgpu::BindingType::Texture {
    sample_type: wgpu::TextureSampleType::Float { filterable: true },
    view_dimension: wgpu::TextureViewDimension::D2,
    multisampled: false,
};
const SAMPLER: wgpu::BindingType = wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering);
const UNIFORM: wgpu::BindingType = wgpu::BindingType::Buffer {
    ty: wgpu::BufferBindingType::Uniform,
    has_dynamic_offset: false,
    min_binding_size: None,
};

fn entry(binding: u32, visibility: wgpu::ShaderStages, ty: wgpu::BindingType) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry { binding, visibility, ty, count: None }
}

impl Renderer {
    /// Creates the shared state for render targets of `color_format`.
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue, color_format: wgpu::TextureFormat) -> Renderer {
        let shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("m2.wgsl"),
            source: wgpu::ShaderSource::Wgsl(M2_SHADER.into()),
        });
        let vf = wgpu::ShaderStages::VERTEX_FRAGMENT;
        let frame_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("frame"),
            entries: &[
                entry(0, vf, UNIFORM),
                entry(
                    1,
                    wgpu::ShaderStages::VERTEX,
                    wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Storage { read_only: true },
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                ),
            ],
        });
        let (tex, smp, fs) = (TEXTURE, SAMPLER, wgpu::ShaderStages::FRAGMENT);
        let batch_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("batch"),
            entries: &[entry(
                0,
                vf,
                wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: true,
                    min_binding_size: wgpu::BufferSize::new(std::mem::size_of::<BatchUniform>() as u64),
                },
            )],
        });
        let textures_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("batch textures"),
            entries: &[
                entry(0, fs, tex),
                entry(1, fs, tex),
                entry(2, fs, tex),
                entry(3, fs, tex),
                entry(4, fs, smp),
                entry(5, fs, smp),
                entry(6, fs, smp),
                entry(7, fs, smp),
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("m2"),
            bind_group_layouts: &[Some(&frame_layout), Some(&batch_layout), Some(&textures_layout)],
            immediate_size: 0,
        });
        let sampler = |u: bool, v: bool| {
            let m = |w| {
                if w { wgpu::AddressMode::Repeat } else { wgpu::AddressMode::ClampToEdge }
            };
            device.create_sampler(&wgpu::SamplerDescriptor {
                label: Some("m2 sampler"),
                address_mode_u: m(u),
                address_mode_v: m(v),
                mag_filter: wgpu::FilterMode::Linear,
                min_filter: wgpu::FilterMode::Linear,
                mipmap_filter: wgpu::MipmapFilterMode::Linear,
                ..Default::default()
            })
        };
        let samplers = [sampler(false, false), sampler(true, false), sampler(false, true), sampler(true, true)];
        let small = |data: &[u8], w: u32| {
            upload_texture(
                device,
                queue,
                &TextureData::Rgba { width: w, height: (data.len() / 4) as u32 / w, mips: vec![data.to_vec()] },
            )
        };
        let particle_shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("particles.wgsl"),
            source: wgpu::ShaderSource::Wgsl(PARTICLE_SHADER.into()),
        });
        let particle_camera_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("particle camera"),
            entries: &[entry(0, wgpu::ShaderStages::VERTEX, UNIFORM)],
        });
        let particle_texture_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("particle texture"),
            entries: &[
                entry(0, fs, tex),
                entry(1, fs, smp),
                entry(2, fs, tex),
                entry(3, fs, tex),
                entry(4, fs, smp),
                entry(5, vf, UNIFORM),
            ],
        });
        let particle_pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("particles"),
            bind_group_layouts: &[Some(&particle_camera_layout), Some(&particle_texture_layout)],
            immediate_size: 0,
        });
        let white = small(&[255; 4], 1);
        let gray = small(&[128; 4], 1);
        let clear = small(&[0; 4], 1);
        let missing = small(&checker([255, 0, 255, 255], [40, 0, 40, 255]), 8);
        let replaceable = small(&checker([200, 200, 200, 255], [140, 140, 140, 255]), 8);
        Renderer {
            device: device.clone(),
            queue: queue.clone(),
            color_format,
            shader,
            frame_layout,
            batch_layout,
            textures_layout,
            pipeline_layout,
            pipelines: Mutex::new(HashMap::new()),
            particle_shader,
            particle_camera_layout,
            particle_texture_layout,
            particle_pipeline_layout,
            particle_pipelines: Mutex::new(HashMap::new()),
            samplers,
            white,
            gray,
            clear,
            missing,
            replaceable,
            bc: device.features().contains(wgpu::Features::TEXTURE_COMPRESSION_BC),
        }
    }

    /// Whether BC textures can be uploaded compressed.
    pub fn supports_bc(&self) -> bool {
        self.bc
    }

    fn pipeline(&self, key: PipelineKey) -> wgpu::RenderPipeline {
        let mut cache = self.pipelines.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry(key)
            .or_insert_with(|| {
                self.device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                    label: Some("m2 batch"),
                    layout: Some(&self.pipeline_layout),
                    vertex: wgpu::VertexState {
                        module: &self.shader,
                        entry_point: Some("vs_main"),
                        compilation_options: Default::default(),
                        buffers: &[Some(wgpu::VertexBufferLayout {
                            array_stride: std::mem::size_of::<GpuVertex>() as u64,
                            step_mode: wgpu::VertexStepMode::Vertex,
                            attributes: &VERTEX_ATTRIBUTES,
                        })],
                    },
                    primitive: wgpu::PrimitiveState {
                        topology: wgpu::PrimitiveTopology::TriangleList,
                        // M2 triangles are counter-clockwise seen from outside (checked on Rabbit.m2).
                        front_face: wgpu::FrontFace::Ccw,
                        cull_mode: key.cull.then_some(wgpu::Face::Back),
                        ..Default::default()
                    },
                    depth_stencil: Some(wgpu::DepthStencilState {
                        format: DEPTH_FORMAT,
                        depth_write_enabled: Some(key.depth_write),
                        depth_compare: Some(if key.depth_test {
                            wgpu::CompareFunction::LessEqual
                        } else {
                            wgpu::CompareFunction::Always
                        }),
                        stencil: Default::default(),
                        bias: Default::default(),
                    }),
                    multisample: Default::default(),
                    fragment: Some(wgpu::FragmentState {
                        module: &self.shader,
                        entry_point: Some("fs_main"),
                        compilation_options: Default::default(),
                        targets: &[Some(wgpu::ColorTargetState {
                            format: self.color_format,
                            blend: material::wgpu_blend(key.blend),
                            write_mask: wgpu::ColorWrites::ALL,
                        })],
                    }),
                    multiview_mask: None,
                    cache: None,
                })
            })
            .clone()
    }

    /// Uploads a model. `textures[i]` is the image of `model.textures[i]`
    /// (`None` = missing or replaceable: drawn with a placeholder).
    pub fn upload(&self, model: &Model, textures: &[Option<TextureData>]) -> GpuModel {
        let d = &self.device;
        let mut verts: Vec<GpuVertex> = model
            .vertices
            .iter()
            .map(|v| GpuVertex {
                position: v.position,
                normal: v.normal,
                uv0: v.uv[0],
                uv1: v.uv[1],
                weights: v.bone_weights,
                indices: v.bone_indices.map(|i| i.min(model.bones.len().saturating_sub(1) as u16)),
            })
            .collect();
        if verts.is_empty() {
            verts.push(GpuVertex::zeroed()); // wgpu buffers may not be empty
        }
        let vertex_buffer = d.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("m2 vertices"),
            contents: bytemuck::cast_slice(&verts),
            usage: wgpu::BufferUsages::VERTEX,
        });
        let mut missing_textures = 0;
        let mut absent = vec![false; model.textures.len()];
        let views: Vec<wgpu::TextureView> = model
            .textures
            .iter()
            .enumerate()
            .map(|(i, t)| match textures.get(i).and_then(Option::as_ref) {
                Some(data) if self.bc || matches!(data, TextureData::Rgba { .. }) => {
                    upload_texture(d, &self.queue, data)
                }
                _ => {
                    // An unfilled replaceable slot is missing too, drawn with its own grey placeholder.
                    if t.source == TextureSource::Replaceable {
                        missing_textures += 1;
                        self.replaceable.clone()
                    } else {
                        missing_textures += 1;
                        absent[i] = true;
                        self.missing.clone()
                    }
                }
            })
            .collect();
        let lods = model
            .lods
            .iter()
            .map(|lod| {
                let index_buffer = d.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("m2 indices"),
                    contents: bytemuck::cast_slice(if lod.indices.is_empty() { &[0u32][..] } else { &lod.indices }),
                    usage: wgpu::BufferUsages::INDEX,
                });
                let batches = lod
                    .batches
                    .iter()
                    .map(|b| {
                        let (pixel, vertex) = material::select_shaders(model, b);
                        let textures = self.batch_textures(model, b, &views, &absent);
                        GpuBatch { textures, submesh: b.submesh as usize, pixel, vertex }
                    })
                    .collect();
                GpuLod { index_buffer, batches }
            })
            .collect();
        GpuModel {
            vertex_buffer,
            lods,
            emitter_textures: self.all_emitter_textures(model, &views),
            particle_emitters: model.particles.len(),
            views,
            absent,
            bone_count: model.bones.len().max(1),
            max_batches: model.lods.iter().map(|l| l.batches.len()).max().unwrap_or(0).max(1),
            missing_textures,
        }
    }

    /// The texture bind group of batch `b` (stages beyond its texture count
    /// are white). A missing file shows the loud placeholder in stage 0 only;
    /// in a later stage it binds the value that leaves the combiner's result
    /// unchanged ([`material::neutral_stage`]).
    fn batch_textures(
        &self,
        model: &Model,
        b: &m2view_format::Batch,
        views: &[wgpu::TextureView],
        absent: &[bool],
    ) -> wgpu::BindGroup {
        let pixel = material::select_shaders(model, b).0;
        let tex = |k: usize| -> (&wgpu::TextureView, &wgpu::Sampler) {
            match b.textures.get(k).and_then(|t| t.texture) {
                Some(id) if k > 0 && absent.get(id.index()).copied().unwrap_or(false) => {
                    let view = match material::neutral_stage(pixel, k) {
                        material::Neutral::White => &self.white,
                        material::Neutral::Gray => &self.gray,
                        material::Neutral::Clear => &self.clear,
                    };
                    (view, &self.samplers[0])
                }
                Some(id) => {
                    let t = &model.textures[id.index()];
                    (&views[id.index()], &self.samplers[t.wrap_u as usize + 2 * t.wrap_v as usize])
                }
                None if k < b.textures.len() => (&self.missing, &self.samplers[0]),
                None => (&self.white, &self.samplers[0]),
            }
        };
        let t: Vec<_> = (0..4).map(tex).collect();
        let mut entries: Vec<wgpu::BindGroupEntry> = (0..4)
            .map(|k| wgpu::BindGroupEntry { binding: k as u32, resource: wgpu::BindingResource::TextureView(t[k].0) })
            .collect();
        entries.extend(
            (0..4).map(|k| wgpu::BindGroupEntry {
                binding: 4 + k as u32,
                resource: wgpu::BindingResource::Sampler(t[k].1),
            }),
        );
        self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("m2 batch textures"),
            layout: &self.textures_layout,
            entries: &entries,
        })
    }

    /// Texture bind groups of the particle emitters, then of the ribbons.
    fn all_emitter_textures(&self, model: &Model, views: &[wgpu::TextureView]) -> Vec<wgpu::BindGroup> {
        let single = |t: Option<&Option<m2view_format::TextureId>>| (t.copied().flatten(), None);
        let particles = model.particles.iter().map(|e| match (&e.multi_texture, e.textures.as_slice()) {
            (Some(mt), [a, b, c]) => (*a, Some((mt, [*b, *c]))),
            _ => single(e.textures.first()),
        });
        let ribbons = model.ribbons.iter().map(|r| single(r.textures.first()));
        particles.chain(ribbons).map(|(first, multi)| self.emitter_texture(model, first, multi, views)).collect()
    }

    /// The bind group of an emitter: its first texture, and for a
    /// multi-texture particle emitter the other two with their combiner.
    fn emitter_texture(
        &self,
        model: &Model,
        first: Option<m2view_format::TextureId>,
        multi: Option<(&m2view_format::MultiTexture, [Option<m2view_format::TextureId>; 2])>,
        views: &[wgpu::TextureView],
    ) -> wgpu::BindGroup {
        let (view, sampler) = match first {
            Some(id) => {
                let t = &model.textures[id.index()];
                (&views[id.index()], &self.samplers[t.wrap_u as usize + 2 * t.wrap_v as usize])
            }
            None => (&self.missing, &self.samplers[0]),
        };
        let (uniform, extra) = match multi {
            Some((mt, extra)) => (
                EmitterUniform { combiner: if mt.three_color { 3 } else { 2 }, _pad: 0, repeat: mt.repeat },
                extra.map(|t| t.map_or(&self.missing, |id| &views[id.index()])),
            ),
            None => (EmitterUniform { combiner: 0, _pad: 0, repeat: [1.0; 2] }, [&self.white; 2]),
        };
        let buffer = self.device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("particle emitter"),
            contents: bytemuck::bytes_of(&uniform),
            usage: wgpu::BufferUsages::UNIFORM,
        });
        let view_entry = |binding, v| wgpu::BindGroupEntry { binding, resource: wgpu::BindingResource::TextureView(v) };
        self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("particle texture"),
            layout: &self.particle_texture_layout,
            entries: &[
                view_entry(0, view),
                wgpu::BindGroupEntry { binding: 1, resource: wgpu::BindingResource::Sampler(sampler) },
                view_entry(2, extra[0]),
                view_entry(3, extra[1]),
                // The extra textures scroll: they always wrap.
                wgpu::BindGroupEntry { binding: 4, resource: wgpu::BindingResource::Sampler(&self.samplers[3]) },
                wgpu::BindGroupEntry { binding: 5, resource: buffer.as_entire_binding() },
            ],
        })
    }

    /// The pipeline for particle quads (one instance each) or, with `ribbon`, strip vertices.
    fn particle_pipeline(&self, blend: u32, ribbon: bool) -> wgpu::RenderPipeline {
        let mut cache = self.particle_pipelines.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry((blend, ribbon))
            .or_insert_with(|| {
                let layout = if ribbon {
                    wgpu::VertexBufferLayout {
                        array_stride: std::mem::size_of::<StripVertex>() as u64,
                        step_mode: wgpu::VertexStepMode::Vertex,
                        attributes: &STRIP_ATTRIBUTES,
                    }
                } else {
                    wgpu::VertexBufferLayout {
                        array_stride: std::mem::size_of::<QuadInstance>() as u64,
                        step_mode: wgpu::VertexStepMode::Instance,
                        attributes: &QUAD_ATTRIBUTES,
                    }
                };
                let constants = [("BLEND", blend as f64)];
                let options = wgpu::PipelineCompilationOptions { constants: &constants, ..Default::default() };
                self.device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                    label: Some("particles"),
                    layout: Some(&self.particle_pipeline_layout),
                    vertex: wgpu::VertexState {
                        module: &self.particle_shader,
                        entry_point: Some(if ribbon { "vs_strip" } else { "vs_quad" }),
                        compilation_options: options.clone(),
                        buffers: &[Some(layout)],
                    },
                    primitive: wgpu::PrimitiveState {
                        topology: wgpu::PrimitiveTopology::TriangleList,
                        ..Default::default()
                    },
                    // Depth write only for opaque / alpha-key particles (WebWowViewerCpp `managers/particles/particleEmitter.cpp`).
                    depth_stencil: Some(wgpu::DepthStencilState {
                        format: DEPTH_FORMAT,
                        depth_write_enabled: Some(blend <= 1),
                        depth_compare: Some(wgpu::CompareFunction::LessEqual),
                        stencil: Default::default(),
                        bias: Default::default(),
                    }),
                    multisample: Default::default(),
                    fragment: Some(wgpu::FragmentState {
                        module: &self.particle_shader,
                        entry_point: Some("fs_main"),
                        compilation_options: options,
                        targets: &[Some(wgpu::ColorTargetState {
                            format: self.color_format,
                            blend: material::wgpu_blend(blend),
                            write_mask: wgpu::ColorWrites::ALL,
                        })],
                    }),
                    multiview_mask: None,
                    cache: None,
                })
            })
            .clone()
    }

    /// Uploads instance `gi`'s particle `quads` and ribbon `strips` (model
    /// space) and their ranges: `(i, range)` is particle emitter `i` (a range
    /// of `quads`), or ribbon `i - model.particles.len()` (a range of `strips`).
    pub fn prepare_particles(
        &self,
        gi: &mut GpuInstance,
        model: &Model,
        view_proj_world: Mat4,
        quads: &[QuadInstance],
        strips: &[StripVertex],
        draws: &[(usize, std::ops::Range<u32>)],
    ) {
        gi.particle_draws.clear();
        let camera = gpu_data::CameraUniform { view_proj: view_proj_world.to_cols_array_2d() };
        self.queue.write_buffer(&gi.particle_camera, 0, bytemuck::bytes_of(&camera));
        self.upload_vertices(&mut gi.particle_quads, "particle quads", bytemuck::cast_slice(quads));
        self.upload_vertices(&mut gi.ribbon_vertices, "ribbon strips", bytemuck::cast_slice(strips));
        for (emitter, range) in draws {
            let blend = match model.particles.get(*emitter) {
                Some(e) => material::blend_state_index(e.blend),
                None => {
                    let Some(r) = model.ribbons.get(emitter - model.particles.len()) else { continue };
                    let mat = r.materials.first().and_then(|&m| model.materials.get(m as usize));
                    // Ribbons draw an opaque material with alpha blending (WebWowViewerCpp `managers/particles/particleEmitter.cpp`).
                    material::blend_state_index(mat.map_or(BlendMode::Alpha, |m| m.blend)).max(2)
                }
            };
            let (priority, distance) = gi.emitter_sort.get(*emitter).copied().unwrap_or((0, 0.0));
            gi.particle_draws.push((blend, *emitter, range.clone(), priority, distance));
        }
        gi.particle_draws.sort_by(|a, b| a.3.cmp(&b.3).then(b.4.total_cmp(&a.4)));
    }

    /// Writes `bytes` into `slot`, growing it to the next power of two when too small.
    fn upload_vertices(&self, slot: &mut Option<wgpu::Buffer>, label: &str, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if slot.as_ref().is_none_or(|b| b.size() < bytes.len() as u64) {
            *slot = Some(self.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: (bytes.len() as u64).next_power_of_two(),
                usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }));
        }
        if let Some(b) = slot {
            self.queue.write_buffer(b, 0, bytes);
        }
    }

    /// Replaces texture `index` of an uploaded model (e.g. a user-chosen skin
    /// for a replaceable texture) and rebuilds the batches' texture bindings.
    pub fn replace_texture(&self, gm: &mut GpuModel, model: &Model, index: usize, data: &TextureData) {
        if index >= gm.views.len() || (!self.bc && matches!(data, TextureData::Bc { .. })) {
            return;
        }
        gm.views[index] = upload_texture(&self.device, &self.queue, data);
        if let Some(a) = gm.absent.get_mut(index) {
            *a = false;
        }
        for (glod, lod) in gm.lods.iter_mut().zip(&model.lods) {
            for (gb, b) in glod.batches.iter_mut().zip(&lod.batches) {
                gb.textures = self.batch_textures(model, b, &gm.views, &gm.absent);
            }
        }
        gm.emitter_textures = self.all_emitter_textures(model, &gm.views);
    }

    /// Creates the per-instance state for drawing `gm` (bones start at identity).
    pub fn instance(&self, gm: &GpuModel) -> GpuInstance {
        let d = &self.device;
        let buffer = |label, size, usage| {
            d.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size,
                usage: usage | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        };
        let frame_buffer = buffer("m2 frame", std::mem::size_of::<FrameUniform>() as u64, wgpu::BufferUsages::UNIFORM);
        let bone_buffer = buffer("m2 bones", 64 * gm.bone_count as u64, wgpu::BufferUsages::STORAGE);
        let batch_buffer =
            buffer("m2 batch uniforms", BATCH_STRIDE * gm.max_batches as u64, wgpu::BufferUsages::UNIFORM);
        let identity = vec![Mat4::IDENTITY.to_cols_array_2d(); gm.bone_count];
        self.queue.write_buffer(&bone_buffer, 0, bytemuck::cast_slice(&identity));
        let frame_bind_group = d.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("m2 frame"),
            layout: &self.frame_layout,
            entries: &[
                wgpu::BindGroupEntry { binding: 0, resource: frame_buffer.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 1, resource: bone_buffer.as_entire_binding() },
            ],
        });
        let batch_bind_group = d.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("m2 batch"),
            layout: &self.batch_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                    buffer: &batch_buffer,
                    offset: 0,
                    size: wgpu::BufferSize::new(std::mem::size_of::<BatchUniform>() as u64),
                }),
            }],
        });
        let particle_camera = buffer("particle camera", 64, wgpu::BufferUsages::UNIFORM);
        let particle_bind_group = d.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("particle camera"),
            layout: &self.particle_camera_layout,
            entries: &[wgpu::BindGroupEntry { binding: 0, resource: particle_camera.as_entire_binding() }],
        });
        GpuInstance {
            particle_camera,
            particle_bind_group,
            particle_quads: None,
            ribbon_vertices: None,
            particle_draws: Vec::new(),
            emitter_sort: Vec::new(),
            frame_buffer,
            bone_buffer,
            batch_buffer,
            frame_bind_group,
            batch_bind_group,
            draws: Vec::new(),
            lod: 0,
            uniforms: Vec::new(),
            bones: identity,
        }
    }

    /// Uploads instance `gi`'s pose and per-batch constants and builds its
    /// sorted draw list (wowdev wiki "M2/Rendering" colours/alpha, §7 order).
    pub fn prepare(&self, gm: &GpuModel, gi: &mut GpuInstance, model: &Model, p: &FrameParams<'_>) -> FrameStats {
        let q = &self.queue;
        let (model_lights, light_ambient) = lighting::pack_lights(&p.pose.lights, p.lighting.model_lights);
        let frame = FrameUniform {
            view_proj: (p.proj * p.view).to_cols_array_2d(),
            view: p.view.to_cols_array_2d(),
            world: p.world.to_cols_array_2d(),
            light_dir: p.lighting.direction.extend(0.0).into(),
            ambient: (p.lighting.ambient + light_ambient).extend(1.0).into(),
            diffuse: p.lighting.diffuse.extend(1.0).into(),
            model_lights,
        };
        q.write_buffer(&gi.frame_buffer, 0, bytemuck::bytes_of(&frame));
        if !p.pose.bones.is_empty() {
            gi.bones.clear();
            gi.bones.extend(p.pose.bones.iter().map(|m| m.to_cols_array_2d()));
            q.write_buffer(&gi.bone_buffer, 0, bytemuck::cast_slice(&gi.bones));
        }
        gi.draws.clear();
        gi.lod = p.lod.min(model.lods.len().saturating_sub(1));
        let (Some(lod), Some(glod)) = (model.lods.get(gi.lod), gm.lods.get(gi.lod)) else {
            return FrameStats::default();
        };
        let mut uniforms = std::mem::take(&mut gi.uniforms);
        uniforms.clear();
        uniforms.resize(BATCH_STRIDE as usize * lod.batches.len().max(1), 0);
        let mut stats = FrameStats::default();
        let modelview = p.view * p.world;
        // Emitters sort with the transparent batches by their bone's view distance (WebWowViewerCpp `managers/particles/particleEmitter.cpp`).
        let bone_at = |bone: Option<m2view_format::BoneId>, pos: [f32; 3]| {
            let m = bone.and_then(|b| p.pose.bones.get(b.index())).copied().unwrap_or(Mat4::IDENTITY);
            (modelview * m).transform_point3(Vec3::from(pos)).length()
        };
        gi.emitter_sort.clear();
        gi.emitter_sort.extend(model.particles.iter().map(|e| (e.priority_plane as i32, bone_at(e.bone, e.position))));
        gi.emitter_sort.extend(model.ribbons.iter().map(|r| (r.priority_plane as i32, bone_at(r.bone, r.position))));
        for (i, (b, gb)) in lod.batches.iter().zip(&glod.batches).enumerate() {
            let Some(sub) = lod.submeshes.get(gb.submesh) else {
                continue;
            };
            if !(p.geoset_visible)(sub.geoset_id) || gb.pixel == material::ps::NONE {
                continue;
            }
            let mat = model.materials[b.material as usize];
            let color = b.color.and_then(|c| p.pose.colors.get(c as usize)).copied().unwrap_or(Vec4::ONE);
            let weight = |k: usize| {
                b.textures.get(k).and_then(|t| t.weight).and_then(|w| p.pose.texture_weights.get(w as usize)).copied()
            };
            // Only the first texture's weight scales the batch alpha, unless flag 0x40 (§5).
            let apply_weight = !b.textures.is_empty() && b.flags & 0x40 == 0;
            let mesh_alpha = color.w * if apply_weight { weight(0).unwrap_or(1.0) } else { 1.0 } * p.model_alpha;
            if mesh_alpha < 0.0001 {
                continue;
            }
            let (key, phase) = material::pipeline_key(mat.flags, mat.blend, mesh_alpha < 0.999);
            let tex_matrix = |k: usize| {
                b.textures
                    .get(k)
                    .and_then(|t| t.transform)
                    .and_then(|t| p.pose.texture_matrices.get(t as usize))
                    .copied()
                    .unwrap_or(Mat4::IDENTITY)
            };
            let u = BatchUniform {
                tex_matrix0: tex_matrix(0).to_cols_array_2d(),
                tex_matrix1: tex_matrix(1).to_cols_array_2d(),
                color: [color.x, color.y, color.z, mesh_alpha],
                weights: [
                    weight(0).unwrap_or(1.0),
                    weight(1).unwrap_or(1.0),
                    weight(2).unwrap_or(1.0),
                    weight(3).unwrap_or(1.0),
                ],
                pixel_shader: gb.pixel,
                vertex_shader: gb.vertex,
                blend: key.blend,
                flags: (mat.flags & 1) as u32,
                texture_count: material::textures_read(gb.pixel, b.textures.len()),
                _pad: [0; 3],
            };
            let off = i * BATCH_STRIDE as usize;
            uniforms[off..off + std::mem::size_of::<BatchUniform>()].copy_from_slice(bytemuck::bytes_of(&u));
            // Sort distance: the submesh sort centre moved by its centre bone, in view space.
            let bone = sub.center_bone.and_then(|c| p.pose.bones.get(c.index())).copied().unwrap_or(Mat4::IDENTITY);
            let c = modelview * bone * Vec3::from(sub.sort_center).extend(1.0);
            let mut distance = c.truncate().length();
            if b.flags & 3 != 0 && distance > 0.0 {
                let scale = (modelview * bone).x_axis.truncate().length() * sub.sort_radius;
                distance = if b.flags & 1 != 0 { (distance - scale).abs() } else { distance + scale };
            }
            gi.draws.push(Draw {
                key,
                phase,
                priority: b.priority_plane,
                layer: b.material_layer,
                distance,
                slot: i as u32,
                lod_batch: i,
                indices: sub.index_start..sub.index_start + sub.index_count,
            });
            stats.batches += 1;
            stats.triangles += sub.index_count as usize / 3;
        }
        q.write_buffer(&gi.batch_buffer, 0, &uniforms);
        gi.uniforms = uniforms;
        // Opaque first (stable, file order); transparent by priority plane, then
        // back to front, then material layer, then blend state.
        gi.draws.sort_by(|a, b| {
            a.phase.cmp(&b.phase).then_with(|| {
                if a.phase == DrawPhase::Opaque {
                    std::cmp::Ordering::Equal
                } else {
                    a.priority
                        .cmp(&b.priority)
                        .then(b.distance.total_cmp(&a.distance))
                        .then(a.layer.cmp(&b.layer))
                        .then(a.key.blend.cmp(&b.key.blend))
                }
            })
        });
        stats
    }

    /// Records the prepared draws of instance `gi` of model `gm` into `pass`
    /// (whose targets use this renderer's colour format and [`DEPTH_FORMAT`]).
    pub fn draw(&self, gm: &GpuModel, gi: &GpuInstance, pass: &mut wgpu::RenderPass<'_>) {
        let Some(glod) = gm.lods.get(gi.lod) else { return };
        pass.set_vertex_buffer(0, gm.vertex_buffer.slice(..));
        pass.set_index_buffer(glod.index_buffer.slice(..), wgpu::IndexFormat::Uint32);
        pass.set_bind_group(0, &gi.frame_bind_group, &[]);
        // Opaque batches, then transparent batches and emitters merged by priority
        // plane and back to front (both lists are already sorted that way).
        let opaque = gi.draws.iter().take_while(|d| d.phase == DrawPhase::Opaque).count();
        let mut current = None;
        let batch = |pass: &mut wgpu::RenderPass<'_>, d: &Draw, current: &mut Option<PipelineKey>| {
            if *current != Some(d.key) {
                pass.set_pipeline(&self.pipeline(d.key));
                *current = Some(d.key);
            }
            pass.set_bind_group(1, &gi.batch_bind_group, &[d.slot * BATCH_STRIDE as u32]);
            pass.set_bind_group(2, &glod.batches[d.lod_batch].textures, &[]);
            pass.draw_indexed(d.indices.clone(), 0, 0..1);
        };
        let particles = &gi.particle_draws[..];
        // Without emitters (most instances) the sorted batches are the whole order.
        let batches_only = if particles.is_empty() { gi.draws.len() } else { opaque };
        for d in &gi.draws[..batches_only] {
            batch(pass, d, &mut current);
        }
        if particles.is_empty() {
            return;
        }
        let keys: Vec<(i32, f32)> = gi.draws[opaque..].iter().map(|d| (d.priority as i32, d.distance)).collect();
        let pkeys: Vec<(i32, f32)> = particles.iter().map(|p| (p.3, p.4)).collect();
        for (is_particle, i) in interleave(&keys, &pkeys) {
            if !is_particle {
                if current.is_none() {
                    // Back from particles: the model's buffers and frame bindings.
                    pass.set_vertex_buffer(0, gm.vertex_buffer.slice(..));
                    pass.set_bind_group(0, &gi.frame_bind_group, &[]);
                }
                batch(pass, &gi.draws[opaque + i], &mut current);
                continue;
            }
            let (blend, emitter, range, ..) = &particles[i];
            let ribbon = *emitter >= gm.particle_emitters;
            let buffer = if ribbon { &gi.ribbon_vertices } else { &gi.particle_quads };
            let (Some(vb), Some(tex)) = (buffer, gm.emitter_textures.get(*emitter)) else { continue };
            pass.set_vertex_buffer(0, vb.slice(..));
            pass.set_bind_group(0, &gi.particle_bind_group, &[]);
            pass.set_pipeline(&self.particle_pipeline(*blend, ribbon));
            pass.set_bind_group(1, tex, &[]);
            if ribbon {
                pass.draw(range.clone(), 0..1);
            } else {
                // Six corners per quad instance (vs_quad).
                pass.draw(0..6, range.clone());
            }
            current = None;
        }
    }
}

/// Merges two draw lists each sorted by (priority plane ascending, distance
/// descending) into one: `(true, i)` is particle draw `i`, `(false, i)` batch
/// `i`; on equal keys the batch goes first.
fn interleave(batches: &[(i32, f32)], particles: &[(i32, f32)]) -> Vec<(bool, usize)> {
    let before = |p: (i32, f32), b: (i32, f32)| p.0 < b.0 || (p.0 == b.0 && p.1 > b.1);
    let (mut bi, mut pi) = (0, 0);
    let mut out = Vec::with_capacity(batches.len() + particles.len());
    while bi < batches.len() || pi < particles.len() {
        let particle = match (batches.get(bi), particles.get(pi)) {
            (Some(&b), Some(&p)) => before(p, b),
            (None, Some(_)) => true,
            _ => false,
        };
        if particle {
            out.push((true, pi));
            pi += 1;
        } else {
            out.push((false, bi));
            bi += 1;
        }
    }
    out
}

/// Creates a texture with all levels of `data` and returns its view.
fn upload_texture(device: &wgpu::Device, queue: &wgpu::Queue, data: &TextureData) -> wgpu::TextureView {
    let (format, width, height, mips, block) = match data {
        TextureData::Rgba { width, height, mips } => (wgpu::TextureFormat::Rgba8Unorm, *width, *height, mips, 1),
        TextureData::Bc { format, width, height, mips } => (
            match format {
                BcFormat::Bc1 => wgpu::TextureFormat::Bc1RgbaUnorm,
                BcFormat::Bc2 => wgpu::TextureFormat::Bc2RgbaUnorm,
                BcFormat::Bc3 => wgpu::TextureFormat::Bc3RgbaUnorm,
            },
            *width,
            *height,
            mips,
            4,
        ),
    };
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("m2 texture"),
        size: wgpu::Extent3d { width, height, depth_or_array_layers: 1 },
        mip_level_count: mips.len().max(1) as u32,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    for (level, bytes) in mips.iter().enumerate() {
        let w = (width >> level).max(1);
        let h = (height >> level).max(1);
        let (bw, bh) = (w.div_ceil(block), h.div_ceil(block));
        let row =
            if block == 1 { w * 4 } else { bw * if format == wgpu::TextureFormat::Bc1RgbaUnorm { 8 } else { 16 } };
        queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &texture,
                mip_level: level as u32,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            bytes,
            wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(row), rows_per_image: Some(bh) },
            wgpu::Extent3d { width: bw * block, height: bh * block, depth_or_array_layers: 1 },
        );
    }
    texture.create_view(&Default::default())
}

#[cfg(test)]
mod tests {
    use super::interleave;

    #[test]
    fn emitters_interleave_with_transparent_batches() {
        // Batches: priority 0 at 10 and 4, priority 1 at 8. Emitters: priority 0 at 6, priority 2 at 1.
        let order = interleave(&[(0, 10.0), (0, 4.0), (1, 8.0)], &[(0, 6.0), (2, 1.0)]);
        assert_eq!(order, [(false, 0), (true, 0), (false, 1), (false, 2), (true, 1)]);
        // Equal keys: the batch first.
        assert_eq!(interleave(&[(0, 5.0)], &[(0, 5.0)]), [(false, 0), (true, 0)]);
    }

    #[test]
    fn shaders_validate_with_naga() {
        for (name, src) in [
            ("m2.wgsl", super::M2_SHADER),
            ("lines.wgsl", super::lines::LINES_SHADER),
            ("particles.wgsl", super::PARTICLE_SHADER),
        ] {
            let module = naga::front::wgsl::parse_str(src).unwrap_or_else(|e| panic!("{name}: {e}"));
            naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
                .validate(&module)
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        }
    }
}
