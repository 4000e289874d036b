//! M2 batches: the long-lived [`MeshRenderer`] (m2.wgsl, its bind group
//! layouts and pipeline cache), a model's mesh on the GPU ([`GpuMesh`]:
//! vertices, index buffers per LOD, per-batch texture bind groups), one
//! placed copy's constants ([`MeshInstance`]: frame, bone palette, batch
//! uniforms) and the per-frame draw data ([`BatchDraw`]) that `prepare`
//! writes and the frame builder sorts with every other drawable.
//!
//! Colours, alpha and the transparent sort follow the wowdev wiki
//! "M2/Rendering"; the flag rules are `crate::rules`.

use std::collections::HashMap;
use std::sync::Mutex;

use bytemuck::Zeroable;
use glam::{Mat4, Vec3, Vec4};
use m2view_format::{Model, TextureSource};

use crate::context::{Context, SAMPLER, TEXTURE, UNIFORM, buffer_with, entry};
use crate::gpu_data::{
    BATCH_STRIDE, BatchUniform, FrameUniform, GpuVertex, InstanceRecord, STATIC_VALUES, VERTEX_ATTRIBUTES,
};
use crate::material::{self, DrawPhase, PipelineKey};
use crate::{DEPTH_FORMAT, FrameParams, FrameStats, M2_SHADER, M2_SHADER_UNIFORM, TextureData, lighting, rules};

/// Bones a uniform palette holds (`m2_uniform.wgsl`: 16 KiB, WebGL2's
/// smallest uniform block limit).
pub const UNIFORM_PALETTE_BONES: usize = 256;

/// Where m2.wgsl reads the bone palette and instance records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Palette {
    /// Storage buffers (`m2_storage.wgsl`): any number of bones, instanced groups.
    Storage,
    /// Uniform buffers (`m2_uniform.wgsl`), where vertex shaders cannot read
    /// storage buffers (WebGL2): at most [`UNIFORM_PALETTE_BONES`] bones, one
    /// copy per draw.
    Uniform,
}

impl Palette {
    /// `storage` or `uniform`, as `--stats` and the status bar say it.
    pub fn name(self) -> &'static str {
        match self {
            Palette::Storage => "storage",
            Palette::Uniform => "uniform",
        }
    }

    /// What a model of `bones` bones loses with this palette: `None`, or
    /// (a uniform palette, more than [`UNIFORM_PALETTE_BONES`] bones) a
    /// warning that vertices of the later bones follow the last one held.
    pub fn shortfall(self, bones: usize) -> Option<String> {
        (self == Palette::Uniform && bones > UNIFORM_PALETTE_BONES).then(|| {
            format!(
                "{bones} bones: the uniform bone palette (WebGL2) holds {UNIFORM_PALETTE_BONES}; \
                 vertices of later bones follow bone {}",
                UNIFORM_PALETTE_BONES - 1
            )
        })
    }

    /// The palette `device` can use: storage where its vertex shaders can
    /// bind the three storage buffers m2.wgsl reads.
    pub fn of(device: &wgpu::Device) -> Palette {
        if device.limits().max_storage_buffers_per_shader_stage >= 3 { Palette::Storage } else { Palette::Uniform }
    }
}

/// m2.wgsl, its layouts and its pipelines by batch state.
pub(crate) struct MeshRenderer {
    pub palette: Palette,
    shader: wgpu::ShaderModule,
    frame_layout: wgpu::BindGroupLayout,
    batch_layout: wgpu::BindGroupLayout,
    textures_layout: wgpu::BindGroupLayout,
    pipeline_layout: wgpu::PipelineLayout,
    pipelines: Mutex<HashMap<PipelineKey, wgpu::RenderPipeline>>,
}

struct GpuBatch {
    textures: wgpu::BindGroup,
    /// Where its first stage is a flipbook's: the index into
    /// `Model::flipbooks` and a texture bind group per frame.
    flipbook: Option<(usize, Vec<wgpu::BindGroup>)>,
    submesh: usize,
    pixel: u32,
    vertex: u32,
}

struct GpuLod {
    index_buffer: wgpu::Buffer,
    batches: Vec<GpuBatch>,
}

/// A model's mesh on the GPU, shared by its instances.
pub(crate) struct GpuMesh {
    vertex_buffer: wgpu::Buffer,
    lods: Vec<GpuLod>,
    /// Bones in its palette (the model's; at most [`UNIFORM_PALETTE_BONES`] with a uniform palette).
    pub bone_count: usize,
    max_batches: usize,
}

/// One batch to draw this frame.
pub(crate) struct BatchDraw {
    pub key: PipelineKey,
    pub phase: DrawPhase,
    pub priority: i8,
    pub layer: u16,
    /// View distance of its sort centre (model units).
    pub distance: f32,
    slot: u32,
    lod_batch: usize,
    indices: std::ops::Range<u32>,
    /// Instance records drawn (0..1 for a single copy; a group's visible copies).
    instances: std::ops::Range<u32>,
    /// The flipbook frame its first stage shows (0 where it has none).
    frame: usize,
}

/// Where a batch's colour, weights and texture matrices come from.
pub(crate) enum BatchValues<'a> {
    /// Sampled on the CPU: written into the batch uniform.
    Pose(&'a m2view_anim::Pose),
    /// Sampled per instance by animate.wgsl; the batch uniform says where.
    /// `alpha_may_vary[c]` for colours, then for texture weights: some key
    /// is below 1, so the batch draws as transparent for every copy; per
    /// `Model::flipbooks` the frame every copy shows.
    Gpu { alpha_may_vary: &'a [bool], flipbook_frames: &'a [usize] },
}

/// What `MeshRenderer::prepare` needs of the frame.
pub(crate) struct MeshFrame<'a> {
    pub view: Mat4,
    pub proj: Mat4,
    /// Model → world of the single copy (CPU path); a group's copies carry their own.
    pub world: Mat4,
    pub lod: usize,
    pub geoset_visible: &'a dyn Fn(u16) -> bool,
    pub model_alpha: f32,
    pub lighting: crate::Lighting,
    pub lights: &'a [m2view_anim::PoseLight],
    pub values: BatchValues<'a>,
    /// Instance records drawn.
    pub instances: std::ops::Range<u32>,
}

/// One placed copy's (or one group's) mesh constants and its draws of the
/// last `prepare`.
pub(crate) struct MeshInstance {
    frame_buffer: wgpu::Buffer,
    /// The bone palette (a group's: every copy's, written by animate.wgsl).
    bone_buffer: wgpu::Buffer,
    /// Instance records (the CPU path's single one, written by `prepare`).
    instance_buffer: wgpu::Buffer,
    batch_buffer: wgpu::Buffer,
    frame_bind_group: wgpu::BindGroup,
    batch_bind_group: wgpu::BindGroup,
    pub draws: Vec<BatchDraw>,
    lod: usize,
    uniforms: Vec<u8>,
    bones: Vec<[[f32; 4]; 4]>,
}

impl MeshRenderer {
    pub fn new(device: &wgpu::Device) -> MeshRenderer {
        let palette = Palette::of(device);
        let source = match palette {
            Palette::Storage => M2_SHADER,
            Palette::Uniform => M2_SHADER_UNIFORM,
        };
        let shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("m2.wgsl"),
            source: wgpu::ShaderSource::Wgsl(source.into()),
        });
        let vf = wgpu::ShaderStages::VERTEX_FRAGMENT;
        let storage = wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only: true },
            has_dynamic_offset: false,
            min_binding_size: None,
        };
        let vs = wgpu::ShaderStages::VERTEX;
        let frame_entries = match palette {
            Palette::Storage => {
                vec![entry(0, vf, UNIFORM), entry(1, vs, storage), entry(2, vs, storage), entry(3, vs, storage)]
            }
            Palette::Uniform => vec![entry(0, vf, UNIFORM), entry(1, vs, UNIFORM), entry(2, vs, UNIFORM)],
        };
        let frame_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("frame"),
            entries: &frame_entries,
        });
        let batch_uniform = wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: true,
            min_binding_size: wgpu::BufferSize::new(std::mem::size_of::<BatchUniform>() as u64),
        };
        let batch_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("batch"),
            entries: &[entry(0, vf, batch_uniform)],
        });
        let fs = wgpu::ShaderStages::FRAGMENT;
        let textures_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("batch textures"),
            entries: &[
                entry(0, fs, TEXTURE),
                entry(1, fs, TEXTURE),
                entry(2, fs, TEXTURE),
                // The fourth stage is read by vertices too: the waterfall's bump map.
                entry(3, vf, TEXTURE),
                entry(4, fs, SAMPLER),
                entry(5, fs, SAMPLER),
                entry(6, fs, SAMPLER),
                entry(7, vf, SAMPLER),
                // A fifth and sixth texture (an HD material's team colour and
                // reflections map), sampled with sampler 0.
                entry(8, fs, TEXTURE),
                entry(9, fs, TEXTURE),
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("m2"),
            bind_group_layouts: &[Some(&frame_layout), Some(&batch_layout), Some(&textures_layout)],
            immediate_size: 0,
        });
        MeshRenderer {
            palette,
            shader,
            frame_layout,
            batch_layout,
            textures_layout,
            pipeline_layout,
            pipelines: Mutex::new(HashMap::new()),
        }
    }

    /// The pipeline of a batch state (created once, then cached).
    pub fn pipeline(&self, ctx: &Context, key: PipelineKey) -> wgpu::RenderPipeline {
        let mut cache = self.pipelines.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry(key)
            .or_insert_with(|| {
                let constants = [("GROUP", f64::from(u8::from(key.group)))];
                let options = || wgpu::PipelineCompilationOptions { constants: &constants, ..Default::default() };
                ctx.device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                    label: Some("m2 batch"),
                    layout: Some(&self.pipeline_layout),
                    vertex: wgpu::VertexState {
                        module: &self.shader,
                        entry_point: Some(if key.waterfall { "vs_waterfall" } else { "vs_main" }),
                        compilation_options: options(),
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
                        entry_point: Some(if key.waterfall { "fs_waterfall" } else { "fs_main" }),
                        compilation_options: options(),
                        targets: &[Some(wgpu::ColorTargetState {
                            format: ctx.color_format,
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

    /// Uploads the mesh of `model` with its textures' `views`; `absent[i]`:
    /// texture `i`'s file was missing.
    pub fn upload(&self, ctx: &Context, model: &Model, views: &[wgpu::TextureView], absent: &[bool]) -> GpuMesh {
        let mut verts: Vec<GpuVertex> = model
            .vertices
            .iter()
            .map(|v| GpuVertex {
                position: v.position,
                normal: v.normal,
                uv0: v.uv[0],
                uv1: v.uv[1],
                weights: v.bone_weights,
                indices: v.bone_indices.map(|i| i.min(self.bone_limit(model) as u16 - 1)),
                light: v.baked_light.map_or([0; 4], |[r, g, b]| [r, g, b, 255]),
            })
            .collect();
        if verts.is_empty() {
            verts.push(GpuVertex::zeroed()); // wgpu buffers may not be empty
        }
        let vertex_buffer = buffer_with(ctx, "m2 vertices", bytemuck::cast_slice(&verts), wgpu::BufferUsages::VERTEX);
        let lods = model
            .lods
            .iter()
            .map(|lod| {
                let indices = if lod.indices.is_empty() { &[0u32][..] } else { &lod.indices };
                let index_buffer =
                    buffer_with(ctx, "m2 indices", bytemuck::cast_slice(indices), wgpu::BufferUsages::INDEX);
                let batches = lod
                    .batches
                    .iter()
                    .map(|b| {
                        let (pixel, vertex) = material::select_shaders(model, b);
                        let (textures, flipbook) = self.batch_bindings(ctx, model, b, views, absent);
                        GpuBatch { textures, flipbook, submesh: b.submesh as usize, pixel, vertex }
                    })
                    .collect();
                GpuLod { index_buffer, batches }
            })
            .collect();
        GpuMesh {
            vertex_buffer,
            lods,
            bone_count: self.bone_limit(model),
            max_batches: model.lods.iter().map(|l| l.batches.len()).max().unwrap_or(0).max(1),
        }
    }

    /// Rebinds every batch's textures (after a texture was replaced).
    pub fn rebind_textures(
        &self,
        ctx: &Context,
        mesh: &mut GpuMesh,
        model: &Model,
        views: &[wgpu::TextureView],
        absent: &[bool],
    ) {
        for (glod, lod) in mesh.lods.iter_mut().zip(&model.lods) {
            for (gb, b) in glod.batches.iter_mut().zip(&lod.batches) {
                (gb.textures, gb.flipbook) = self.batch_bindings(ctx, model, b, views, absent);
            }
        }
    }

    /// The texture bind group of batch `b`, and where its first stage
    /// samples a flipbook's first frame (`Model::flipbooks`) the flipbook's
    /// index and a bind group per frame ([`MeshRenderer::batch_textures`]).
    fn batch_bindings(
        &self,
        ctx: &Context,
        model: &Model,
        b: &m2view_format::Batch,
        views: &[wgpu::TextureView],
        absent: &[bool],
    ) -> (wgpu::BindGroup, Option<(usize, Vec<wgpu::BindGroup>)>) {
        let first = b.textures.first().and_then(|t| t.texture);
        let flipbook = first.and_then(|t| {
            model.flipbooks.iter().position(|f| match f.material {
                Some(m) => m == b.material,
                None => f.frames.first() == Some(&t),
            })
        });
        let frames = flipbook.map(|k| {
            let frames = model.flipbooks[k].frames.iter();
            (k, frames.map(|&f| self.batch_textures(ctx, model, b, views, absent, Some(f))).collect())
        });
        (self.batch_textures(ctx, model, b, views, absent, None), frames)
    }

    /// The texture bind group of batch `b` (stages beyond its texture count
    /// are white), texture `first` (where given) in stage 0 instead of the
    /// batch's. A missing file shows the loud placeholder in stage 0 only;
    /// in a later stage it binds the value that leaves the combiner's result
    /// unchanged ([`material::neutral_stage`]).
    fn batch_textures(
        &self,
        ctx: &Context,
        model: &Model,
        b: &m2view_format::Batch,
        views: &[wgpu::TextureView],
        absent: &[bool],
        first: Option<m2view_format::TextureId>,
    ) -> wgpu::BindGroup {
        let pixel = material::select_shaders(model, b).0;
        let neutral = |k: usize| {
            let view = match material::neutral_stage(pixel, k) {
                material::Neutral::White => &ctx.white,
                material::Neutral::Gray => &ctx.gray,
                material::Neutral::Clear => &ctx.clear,
                material::Neutral::Orm => &ctx.orm,
            };
            (view, &ctx.samplers[0])
        };
        let tex = |k: usize| -> (&wgpu::TextureView, &wgpu::Sampler) {
            let stage = match (k, first) {
                (0, Some(f)) => Some(f),
                _ => b.textures.get(k).and_then(|t| t.texture),
            };
            match stage {
                Some(id) if k > 0 && absent.get(id.index()).copied().unwrap_or(false) => neutral(k),
                Some(id) => {
                    let t = &model.textures[id.index()];
                    (&views[id.index()], ctx.sampler_for(t))
                }
                // An HD material or a waterfall without a slot: the slot's rest value.
                None if k > 0 && (pixel == material::ps::HD || pixel == material::ps::WATERFALL) => neutral(k),
                None if k < b.textures.len() => (&ctx.missing, &ctx.samplers[0]),
                None => (&ctx.white, &ctx.samplers[0]),
            }
        };
        let t: Vec<_> = (0..6).map(tex).collect();
        let mut entries: Vec<wgpu::BindGroupEntry> = (0..4)
            .map(|k| wgpu::BindGroupEntry { binding: k as u32, resource: wgpu::BindingResource::TextureView(t[k].0) })
            .collect();
        entries.extend(
            (0..4).map(|k| wgpu::BindGroupEntry {
                binding: 4 + k as u32,
                resource: wgpu::BindingResource::Sampler(t[k].1),
            }),
        );
        // Stages 4 and 5 at bindings 8 and 9.
        entries.extend(t[4..].iter().zip(8..).map(|(&(view, _), binding)| wgpu::BindGroupEntry {
            binding,
            resource: wgpu::BindingResource::TextureView(view),
        }));
        ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("m2 batch textures"),
            layout: &self.textures_layout,
            entries: &entries,
        })
    }

    /// The bones of `model` the palette holds (all; at most
    /// [`UNIFORM_PALETTE_BONES`] with a uniform palette), at least 1.
    fn bone_limit(&self, model: &Model) -> usize {
        let n = model.bones.len().max(1);
        match self.palette {
            Palette::Storage => n,
            Palette::Uniform => n.min(UNIFORM_PALETTE_BONES),
        }
    }

    /// The mesh state of a new single copy of `mesh` (bones at identity).
    pub fn instance(&self, ctx: &Context, mesh: &GpuMesh) -> MeshInstance {
        let (usage, palette_bones) = match self.palette {
            Palette::Storage => (wgpu::BufferUsages::STORAGE, mesh.bone_count),
            // The uniform block is declared with its full size.
            Palette::Uniform => (wgpu::BufferUsages::UNIFORM, UNIFORM_PALETTE_BONES),
        };
        let usage = usage | wgpu::BufferUsages::COPY_DST;
        let bones = buffer(ctx, "m2 bones", 64 * palette_bones as u64, usage);
        let identity = vec![Mat4::IDENTITY.to_cols_array_2d(); mesh.bone_count];
        ctx.queue.write_buffer(&bones, 0, bytemuck::cast_slice(&identity));
        let instances = buffer(ctx, "m2 instance", std::mem::size_of::<InstanceRecord>() as u64, usage);
        let values = (self.palette == Palette::Storage).then(|| buffer(ctx, "m2 values (unused)", 16, usage));
        let mut mi = self.shared_instance(ctx, mesh, bones, instances, values.as_ref());
        mi.bones = identity;
        mi
    }

    /// The mesh state of a group: its copies' palettes, instance records and
    /// animated values live in the group's buffers.
    pub fn shared_instance(
        &self,
        ctx: &Context,
        mesh: &GpuMesh,
        bone_buffer: wgpu::Buffer,
        instance_buffer: wgpu::Buffer,
        values: Option<&wgpu::Buffer>,
    ) -> MeshInstance {
        let frame_buffer =
            buffer(ctx, "m2 frame", std::mem::size_of::<FrameUniform>() as u64, wgpu::BufferUsages::UNIFORM);
        let batch_buffer =
            buffer(ctx, "m2 batch uniforms", BATCH_STRIDE * mesh.max_batches as u64, wgpu::BufferUsages::UNIFORM);
        let mut entries = vec![
            wgpu::BindGroupEntry { binding: 0, resource: frame_buffer.as_entire_binding() },
            wgpu::BindGroupEntry { binding: 1, resource: bone_buffer.as_entire_binding() },
            wgpu::BindGroupEntry { binding: 2, resource: instance_buffer.as_entire_binding() },
        ];
        if let Some(values) = values {
            entries.push(wgpu::BindGroupEntry { binding: 3, resource: values.as_entire_binding() });
        }
        let frame_bind_group = ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("m2 frame"),
            layout: &self.frame_layout,
            entries: &entries,
        });
        let batch_bind_group = ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
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
        MeshInstance {
            frame_buffer,
            bone_buffer,
            instance_buffer,
            batch_buffer,
            frame_bind_group,
            batch_bind_group,
            draws: Vec::new(),
            lod: 0,
            uniforms: Vec::new(),
            bones: Vec::new(),
        }
    }

    /// Uploads a single copy's frame constants, placement and pose, then its
    /// batches ([`MeshRenderer::prepare`]).
    pub fn prepare_single(
        &self,
        ctx: &Context,
        mesh: &GpuMesh,
        mi: &mut MeshInstance,
        model: &Model,
        p: &FrameParams<'_>,
    ) -> FrameStats {
        let q = &ctx.queue;
        let record =
            InstanceRecord { world: p.world.to_cols_array_2d(), palette: 0, values: STATIC_VALUES, state: 0, _pad: 0 };
        q.write_buffer(&mi.instance_buffer, 0, bytemuck::bytes_of(&record));
        if !p.pose.bones.is_empty() {
            mi.bones.clear();
            mi.bones.extend(p.pose.bones.iter().take(mesh.bone_count).map(|m| m.to_cols_array_2d()));
            q.write_buffer(&mi.bone_buffer, 0, bytemuck::cast_slice(&mi.bones));
        }
        let frame = MeshFrame {
            view: p.view,
            proj: p.proj,
            world: p.world,
            lod: p.lod,
            geoset_visible: p.geoset_visible,
            model_alpha: p.model_alpha,
            lighting: p.lighting,
            lights: &p.pose.lights,
            values: BatchValues::Pose(p.pose),
            instances: 0..1,
        };
        self.prepare(ctx, mesh, mi, model, &frame)
    }

    /// Uploads the frame constants and per-batch constants and writes the
    /// batch draws (opaque first in file order, transparent sorted by
    /// priority plane, back to front, layer, blend state: wowdev wiki
    /// "M2/Rendering"). A group sorts its batches as one copy standing at
    /// `p.world` (the middle of its visible copies) at rest.
    pub fn prepare(
        &self,
        ctx: &Context,
        mesh: &GpuMesh,
        mi: &mut MeshInstance,
        model: &Model,
        p: &MeshFrame<'_>,
    ) -> FrameStats {
        let q = &ctx.queue;
        let (model_lights, light_ambient) = lighting::pack_lights(p.lights, p.lighting.model_lights);
        let frame = FrameUniform {
            view_proj: (p.proj * p.view).to_cols_array_2d(),
            view: p.view.to_cols_array_2d(),
            world: p.world.to_cols_array_2d(),
            light_dir: p.lighting.direction.extend(0.0).into(),
            ambient: (p.lighting.ambient + light_ambient).extend(1.0).into(),
            diffuse: p.lighting.diffuse.extend(1.0).into(),
            model_lights,
            fog_color: p.lighting.fog.map_or([0.0; 4], |f| f.color.extend(1.0).into()),
            fog_range: p.lighting.fog.map_or([0.0; 4], |f| [f.start, f.end.max(f.start + 1e-3), 0.0, 0.0]),
        };
        q.write_buffer(&mi.frame_buffer, 0, bytemuck::bytes_of(&frame));
        mi.draws.clear();
        mi.lod = p.lod.min(model.lods.len().saturating_sub(1));
        let (Some(lod), Some(glod)) = (model.lods.get(mi.lod), mesh.lods.get(mi.lod)) else {
            return FrameStats::default();
        };
        let mut uniforms = std::mem::take(&mut mi.uniforms);
        uniforms.clear();
        uniforms.resize(BATCH_STRIDE as usize * lod.batches.len().max(1), 0);
        let mut stats = FrameStats::default();
        let modelview = p.view * p.world;
        let copies = p.instances.len();
        let model_alpha = rules::instance_alpha(model, &p.world, p.model_alpha);
        for (i, (b, gb)) in lod.batches.iter().zip(&glod.batches).enumerate() {
            let Some(sub) = lod.submeshes.get(gb.submesh) else {
                continue;
            };
            if !(p.geoset_visible)(sub.geoset_id) || gb.pixel == material::ps::NONE {
                continue;
            }
            let mat = model.materials[b.material as usize];
            let Some((u, transparent, bones)) = batch_uniform(model, b, gb, &p.values, model_alpha) else {
                continue;
            };
            let waterfall = model.chunk_data.waterfall.filter(|_| gb.pixel == material::ps::WATERFALL);
            let (key, phase) = match waterfall {
                Some(_) => material::waterfall_key(),
                None => material::pipeline_key(mat.flags, mat.blend, transparent),
            };
            let key = PipelineKey { group: matches!(p.values, BatchValues::Gpu { .. }), ..key };
            let u = match waterfall {
                // Its parameters in the slots the waterfall shader reads (waterfall.rs).
                Some(w) => BatchUniform {
                    tex_matrix1: crate::waterfall::params(&w),
                    color: crate::waterfall::base_color(&w, u.color[3]),
                    color_index: -1,
                    transform_index: [u.transform_index[0], -1],
                    alpha_weight: -1,
                    blend: key.blend,
                    ..u
                },
                None => BatchUniform { blend: key.blend, ..u },
            };
            let off = i * BATCH_STRIDE as usize;
            uniforms[off..off + std::mem::size_of::<BatchUniform>()].copy_from_slice(bytemuck::bytes_of(&u));
            // Sort distance: the submesh sort centre moved by its centre bone, in view space.
            let bone = sub.center_bone.and_then(|c| bones.get(c.index())).copied().unwrap_or(Mat4::IDENTITY);
            let c = modelview * bone * Vec3::from(sub.sort_center).extend(1.0);
            let radius = (modelview * bone).x_axis.truncate().length() * sub.sort_radius;
            mi.draws.push(BatchDraw {
                key,
                phase,
                priority: b.priority_plane,
                layer: b.material_layer,
                distance: rules::sort_distance(c.truncate().length(), b.flags, radius),
                slot: i as u32,
                lod_batch: i,
                indices: sub.index_start..sub.index_start + sub.index_count,
                instances: p.instances.clone(),
                frame: match (&gb.flipbook, &p.values) {
                    (Some((f, _)), BatchValues::Pose(pose)) => pose.flipbook_frames.get(*f).copied().unwrap_or(0),
                    (Some((f, _)), BatchValues::Gpu { flipbook_frames, .. }) => {
                        flipbook_frames.get(*f).copied().unwrap_or(0)
                    }
                    (None, _) => 0,
                },
            });
            stats.batches += copies;
            stats.triangles += copies * sub.index_count as usize / 3;
        }
        q.write_buffer(&mi.batch_buffer, 0, &uniforms);
        mi.uniforms = uniforms;
        stats
    }

    /// Binds the instance's mesh buffers and frame constants (group 0).
    pub fn bind(&self, mesh: &GpuMesh, mi: &MeshInstance, pass: &mut wgpu::RenderPass<'_>) -> bool {
        let Some(glod) = mesh.lods.get(mi.lod) else { return false };
        pass.set_vertex_buffer(0, mesh.vertex_buffer.slice(..));
        pass.set_index_buffer(glod.index_buffer.slice(..), wgpu::IndexFormat::Uint32);
        pass.set_bind_group(0, &mi.frame_bind_group, &[]);
        true
    }

    /// Records batch draw `d` of an instance whose buffers are bound.
    pub fn record(&self, mesh: &GpuMesh, mi: &MeshInstance, d: &BatchDraw, pass: &mut wgpu::RenderPass<'_>) {
        let Some(glod) = mesh.lods.get(mi.lod) else { return };
        pass.set_bind_group(1, &mi.batch_bind_group, &[d.slot * BATCH_STRIDE as u32]);
        let gb = &glod.batches[d.lod_batch];
        let frame = gb.flipbook.as_ref().and_then(|(_, frames)| frames.get(d.frame));
        pass.set_bind_group(2, frame.unwrap_or(&gb.textures), &[]);
        pass.draw_indexed(d.indices.clone(), 0, d.instances.clone());
    }
}

fn buffer(ctx: &Context, label: &str, size: u64, usage: wgpu::BufferUsages) -> wgpu::Buffer {
    ctx.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size,
        usage: usage | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

/// A batch's constants (blend still to be set from its pipeline key),
/// whether it draws as transparent, and the bones its sort centre follows;
/// `None` when it is invisible this frame (CPU path, mesh alpha ≈ 0).
fn batch_uniform<'a>(
    model: &Model,
    b: &m2view_format::Batch,
    gb: &GpuBatch,
    values: &BatchValues<'a>,
    model_alpha: f32,
) -> Option<(BatchUniform, bool, &'a [Mat4])> {
    let stage = |k: usize| b.textures.get(k);
    let mat = &model.materials[b.material as usize];
    let hd = match model.hd_shading.get(b.material as usize) {
        Some(h) if gb.pixel == material::ps::HD => *h,
        _ => m2view_format::HdShading::default(),
    };
    let base = BatchUniform {
        tex_matrix0: Mat4::IDENTITY.to_cols_array_2d(),
        tex_matrix1: Mat4::IDENTITY.to_cols_array_2d(),
        color: [1.0, 1.0, 1.0, model_alpha],
        weights: [1.0; 4],
        pixel_shader: gb.pixel,
        vertex_shader: gb.vertex,
        blend: 0,
        flags: rules::shader_flags(mat.flags),
        texture_count: material::textures_read(gb.pixel, b.textures.len()),
        color_index: -1,
        transform_index: [-1; 2],
        weight_index: [-1; 4],
        alpha_weight: -1,
        alpha_ref: mat.alpha_ref as f32 / 255.0,
        _pad: [0; 2],
        fresnel: [hd.fresnel_color[0], hd.fresnel_color[1], hd.fresnel_color[2], hd.fresnel_opacity],
        hd: [hd.fresnel_team_color, hd.emissive_gain, 0.0, 0.0],
    };
    match values {
        BatchValues::Pose(pose) => {
            let color = b.color.and_then(|c| pose.colors.get(c as usize)).copied().unwrap_or(Vec4::ONE);
            let weight =
                |k: usize| stage(k).and_then(|t| t.weight).and_then(|w| pose.texture_weights.get(w as usize)).copied();
            let mesh_alpha = rules::mesh_alpha(color.w, weight(0), !b.textures.is_empty(), b.flags, model_alpha);
            if mesh_alpha < 0.0001 {
                return None;
            }
            let tex_matrix = |k: usize| {
                stage(k)
                    .and_then(|t| t.transform)
                    .and_then(|t| pose.texture_matrices.get(t as usize))
                    .copied()
                    .unwrap_or(Mat4::IDENTITY)
            };
            // Animated HD values (KMTE, KFC3, KFCA, KFTC) over the static ones.
            let (fresnel, hd) = match pose.hd.get(b.material as usize) {
                Some(&[gain, r, g, b, opacity, team]) if gb.pixel == material::ps::HD => {
                    ([r, g, b, opacity], [team, gain, 0.0, 0.0])
                }
                _ => (base.fresnel, base.hd),
            };
            let u = BatchUniform {
                tex_matrix0: tex_matrix(0).to_cols_array_2d(),
                tex_matrix1: tex_matrix(1).to_cols_array_2d(),
                color: [color.x, color.y, color.z, mesh_alpha],
                weights: [0, 1, 2, 3].map(|k| weight(k).unwrap_or(1.0)),
                fresnel,
                hd,
                ..base
            };
            Some((u, mesh_alpha < 0.999, &pose.bones))
        }
        BatchValues::Gpu { alpha_may_vary, .. } => {
            // Value layout of animate.wgsl: colours, then weights, then 4 vec4s per texture matrix.
            let (colors, weights) = (model.colors.len(), model.texture_weights.len());
            let color_index = b.color.map_or(-1, |c| c as i32);
            let weight_index =
                [0, 1, 2, 3].map(|k| stage(k).and_then(|t| t.weight).map_or(-1, |w| (colors + w as usize) as i32));
            let alpha_weight =
                if rules::weight_is_alpha(!b.textures.is_empty(), b.flags) { weight_index[0] } else { -1 };
            let transform = |k: usize| {
                stage(k).and_then(|t| t.transform).map_or(-1, |t| (colors + weights + 4 * t as usize) as i32)
            };
            let varies = |i: i32| i >= 0 && alpha_may_vary.get(i as usize).copied().unwrap_or(false);
            let transparent = model_alpha < 0.999 || varies(color_index) || varies(alpha_weight);
            let u = BatchUniform {
                color_index,
                transform_index: [transform(0), transform(1)],
                weight_index,
                alpha_weight,
                ..base
            };
            Some((u, transparent, &[]))
        }
    }
}

/// Uploads every texture of `model` (`textures[i]` its image; `None`:
/// missing or an unfilled replaceable slot, drawn with a placeholder):
/// views, which files were missing, and which textures are placeholders.
pub(crate) fn upload_textures(
    ctx: &Context,
    model: &Model,
    textures: &[Option<TextureData>],
) -> (Vec<wgpu::TextureView>, Vec<bool>, Vec<bool>) {
    let mut placeholder = vec![false; model.textures.len()];
    let mut absent = vec![false; model.textures.len()];
    let views = model
        .textures
        .iter()
        .enumerate()
        .map(|(i, t)| match textures.get(i).and_then(Option::as_ref) {
            Some(data) if ctx.bc || matches!(data, TextureData::Rgba { .. }) => ctx.upload_texture(data),
            _ => {
                placeholder[i] = true;
                // An unfilled replaceable slot is missing too, drawn with its own grey placeholder.
                if t.source == TextureSource::Replaceable {
                    ctx.replaceable.clone()
                } else {
                    absent[i] = true;
                    ctx.missing.clone()
                }
            }
        })
        .collect();
    (views, absent, placeholder)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_uniform_palette_too_small_for_the_model_is_a_shortfall() {
        assert_eq!(Palette::Storage.shortfall(1000), None);
        assert_eq!(Palette::Uniform.shortfall(UNIFORM_PALETTE_BONES), None);
        let w = Palette::Uniform.shortfall(300).unwrap();
        assert!(w.starts_with("300 bones") && w.contains("holds 256") && w.contains("bone 255"), "{w}");
    }
}
