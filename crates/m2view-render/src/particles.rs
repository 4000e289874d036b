//! Particle quads and ribbon strips (particles.wgsl): the long-lived
//! [`ParticleRenderer`] (shader, layouts, pipelines by blend state), a
//! model's emitter bind groups ([`GpuEffects`]), one instance's uploaded
//! geometry ([`EffectsInstance`]) and the per-frame draw data
//! ([`EmitterDraw`]) the frame builder sorts with the transparent batches.
//! Emitters sort by their bone's view distance (WebWowViewerCpp
//! `managers/particles/particleEmitter.cpp`).

use std::collections::HashMap;
use std::sync::Mutex;

use glam::{Mat4, Vec3};
use m2view_format::{BlendMode, Model};

use crate::context::{Context, SAMPLER, TEXTURE, UNIFORM, entry};
use crate::gpu_data::{self, EmitterUniform, QUAD_ATTRIBUTES, QuadInstance, STRIP_ATTRIBUTES, StripVertex};
use crate::{DEPTH_FORMAT, FrameParams, PARTICLE_SHADER, material};

/// particles.wgsl, its layouts and its pipelines.
pub(crate) struct ParticleRenderer {
    shader: wgpu::ShaderModule,
    camera_layout: wgpu::BindGroupLayout,
    texture_layout: wgpu::BindGroupLayout,
    pipeline_layout: wgpu::PipelineLayout,
    /// By (blend state, ribbon strip rather than particle quads).
    pipelines: Mutex<HashMap<(u32, bool), wgpu::RenderPipeline>>,
}

/// A model's emitters on the GPU: per particle emitter, then per ribbon,
/// its textures and constants.
pub(crate) struct GpuEffects {
    pub bind_groups: Vec<wgpu::BindGroup>,
    /// Particle emitters (indices past them are ribbons).
    pub particle_emitters: usize,
}

/// One frame's particle and ribbon geometry of an instance (model space),
/// reused between frames: the animation crate builds it
/// (`ParticleSystem::build`, `RibbonSystem::build`), the renderer uploads it.
#[derive(Debug, Default)]
pub struct EffectGeometry {
    /// Particle quads (heads and tails).
    pub quads: Vec<QuadInstance>,
    /// Ribbon strip triangles.
    pub strips: Vec<StripVertex>,
    /// `(emitter, range)`: particle emitter `i` (quads) or ribbon `i - particles` (strip vertices).
    pub draws: Vec<(usize, std::ops::Range<u32>)>,
}

/// One emitter (or ribbon) to draw this frame.
pub(crate) struct EmitterDraw {
    blend: u32,
    emitter: usize,
    range: std::ops::Range<u32>,
    /// Drawn from the GPU simulation's quads at this byte offset, as many
    /// as its indirect arguments count (`range` unused).
    indirect: Option<u64>,
    pub priority: i32,
    /// View distance of its bone.
    pub distance: f32,
}

impl EmitterDraw {
    /// Particle emitter `emitter` drawn from the GPU simulation's quads
    /// starting at byte `quad_offset` (sort keys set by `push_indirect`).
    pub fn indirect(blend: u32, emitter: usize, quad_offset: u64) -> EmitterDraw {
        EmitterDraw { blend, emitter, range: 0..0, indirect: Some(quad_offset), priority: 0, distance: 0.0 }
    }
}

/// One instance's particle camera, uploaded geometry and emitter draws.
pub(crate) struct EffectsInstance {
    camera: wgpu::Buffer,
    camera_bind_group: wgpu::BindGroup,
    quads: Option<wgpu::Buffer>,
    strips: Option<wgpu::Buffer>,
    /// The GPU simulation's quads and indirect arguments, when it draws them.
    indirect: Option<(wgpu::Buffer, wgpu::Buffer)>,
    pub draws: Vec<EmitterDraw>,
    /// Per particle emitter, then per ribbon: priority plane and view distance of its bone.
    sort: Vec<(i32, f32)>,
}

impl EffectsInstance {
    /// Adds an indirect emitter draw with its sort keys of this frame.
    pub fn push_indirect(&mut self, mut d: EmitterDraw) {
        (d.priority, d.distance) = self.sort.get(d.emitter).copied().unwrap_or((0, 0.0));
        self.draws.push(d);
    }
}

impl ParticleRenderer {
    pub fn new(device: &wgpu::Device) -> ParticleRenderer {
        let shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("particles.wgsl"),
            source: wgpu::ShaderSource::Wgsl(PARTICLE_SHADER.into()),
        });
        let camera_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("particle camera"),
            entries: &[entry(0, wgpu::ShaderStages::VERTEX, UNIFORM)],
        });
        let fs = wgpu::ShaderStages::FRAGMENT;
        let texture_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("particle texture"),
            entries: &[
                entry(0, fs, TEXTURE),
                entry(1, fs, SAMPLER),
                entry(2, fs, TEXTURE),
                entry(3, fs, TEXTURE),
                entry(4, fs, SAMPLER),
                entry(5, wgpu::ShaderStages::VERTEX_FRAGMENT, UNIFORM),
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("particles"),
            bind_group_layouts: &[Some(&camera_layout), Some(&texture_layout)],
            immediate_size: 0,
        });
        ParticleRenderer {
            shader,
            camera_layout,
            texture_layout,
            pipeline_layout,
            pipelines: Mutex::new(HashMap::new()),
        }
    }

    /// Texture bind groups of the particle emitters, then of the ribbons.
    pub fn emitter_textures(&self, ctx: &Context, model: &Model, views: &[wgpu::TextureView]) -> Vec<wgpu::BindGroup> {
        let single = |t: Option<&Option<m2view_format::TextureId>>| (t.copied().flatten(), None);
        let particles = model.particles.iter().map(|e| {
            let (first, multi) = match (&e.multi_texture, e.textures.as_slice()) {
                (Some(mt), [a, b, c]) => (*a, Some((mt, [*b, *c]))),
                _ => single(e.textures.first()),
            };
            (first, multi, e.alpha_ref)
        });
        // Ribbons blend without an alpha key.
        let ribbons = model.ribbons.iter().map(|r| {
            let (first, multi) = single(r.textures.first());
            (first, multi, 0)
        });
        particles
            .chain(ribbons)
            .map(|(first, multi, alpha_ref)| self.emitter_texture(ctx, model, first, multi, alpha_ref, views))
            .collect()
    }

    /// The bind group of an emitter: its first texture, and for a
    /// multi-texture particle emitter the other two with their combiner.
    fn emitter_texture(
        &self,
        ctx: &Context,
        model: &Model,
        first: Option<m2view_format::TextureId>,
        multi: Option<(&m2view_format::MultiTexture, [Option<m2view_format::TextureId>; 2])>,
        alpha_ref: u8,
        views: &[wgpu::TextureView],
    ) -> wgpu::BindGroup {
        let alpha_ref = alpha_ref as f32 / 255.0;
        let (view, sampler) = match first {
            Some(id) => {
                let t = &model.textures[id.index()];
                (&views[id.index()], ctx.sampler_for(t))
            }
            None => (&ctx.missing, &ctx.samplers[0]),
        };
        let (uniform, extra) = match multi {
            Some((mt, extra)) => (
                EmitterUniform { combiner: if mt.three_color { 3 } else { 2 }, alpha_ref, repeat: mt.repeat },
                extra.map(|t| t.map_or(&ctx.missing, |id| &views[id.index()])),
            ),
            None => (EmitterUniform { combiner: 0, alpha_ref, repeat: [1.0; 2] }, [&ctx.white; 2]),
        };
        let buffer = crate::context::buffer_with(
            ctx,
            "particle emitter",
            bytemuck::bytes_of(&uniform),
            wgpu::BufferUsages::UNIFORM,
        );
        let view_entry = |binding, v| wgpu::BindGroupEntry { binding, resource: wgpu::BindingResource::TextureView(v) };
        ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("particle texture"),
            layout: &self.texture_layout,
            entries: &[
                view_entry(0, view),
                wgpu::BindGroupEntry { binding: 1, resource: wgpu::BindingResource::Sampler(sampler) },
                view_entry(2, extra[0]),
                view_entry(3, extra[1]),
                // The extra textures scroll: they always wrap.
                wgpu::BindGroupEntry { binding: 4, resource: wgpu::BindingResource::Sampler(&ctx.samplers[3]) },
                wgpu::BindGroupEntry { binding: 5, resource: buffer.as_entire_binding() },
            ],
        })
    }

    /// The pipeline for particle quads (one instance each) or, with `ribbon`, strip vertices.
    fn pipeline(&self, ctx: &Context, blend: u32, ribbon: bool) -> wgpu::RenderPipeline {
        let mut cache = self.pipelines.lock().unwrap_or_else(|e| e.into_inner());
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
                ctx.device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                    label: Some("particles"),
                    layout: Some(&self.pipeline_layout),
                    vertex: wgpu::VertexState {
                        module: &self.shader,
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
                        module: &self.shader,
                        entry_point: Some("fs_main"),
                        compilation_options: options,
                        targets: &[Some(wgpu::ColorTargetState {
                            format: ctx.color_format,
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

    /// The effects state of a new instance.
    pub fn instance(&self, ctx: &Context) -> EffectsInstance {
        let camera = ctx.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("particle camera"),
            size: std::mem::size_of::<gpu_data::CameraUniform>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let camera_bind_group = ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("particle camera"),
            layout: &self.camera_layout,
            entries: &[wgpu::BindGroupEntry { binding: 0, resource: camera.as_entire_binding() }],
        });
        EffectsInstance {
            camera,
            camera_bind_group,
            quads: None,
            strips: None,
            indirect: None,
            draws: Vec::new(),
            sort: Vec::new(),
        }
    }

    /// Each emitter's sort key this frame: its priority plane and its bone's
    /// view distance; and no emitter draws until `prepare` gives geometry.
    pub fn sort_keys(&self, ei: &mut EffectsInstance, model: &Model, p: &FrameParams<'_>) {
        let modelview = p.view * p.world;
        let bone_at = |bone: Option<m2view_format::BoneId>, pos: [f32; 3]| {
            let m = bone.and_then(|b| p.pose.bones.get(b.index())).copied().unwrap_or(Mat4::IDENTITY);
            (modelview * m).transform_point3(Vec3::from(pos)).length()
        };
        ei.draws.clear();
        ei.sort.clear();
        ei.sort.extend(model.particles.iter().map(|e| (e.priority_plane as i32, bone_at(e.bone, e.position))));
        ei.sort.extend(model.ribbons.iter().map(|r| (r.priority_plane as i32, bone_at(r.bone, r.position))));
    }

    /// Uploads an instance's effect geometry `g` and writes its emitter draws.
    pub fn prepare(
        &self,
        ctx: &Context,
        ei: &mut EffectsInstance,
        model: &Model,
        view_proj_world: Mat4,
        g: &EffectGeometry,
    ) {
        let EffectGeometry { quads, strips, draws } = g;
        ei.draws.clear();
        let camera = gpu_data::CameraUniform { view_proj: view_proj_world.to_cols_array_2d() };
        ctx.queue.write_buffer(&ei.camera, 0, bytemuck::bytes_of(&camera));
        ctx.write_vertices(&mut ei.quads, "particle quads", bytemuck::cast_slice(quads));
        ctx.write_vertices(&mut ei.strips, "ribbon strips", bytemuck::cast_slice(strips));
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
            let (priority, distance) = ei.sort.get(*emitter).copied().unwrap_or((0, 0.0));
            ei.draws.push(EmitterDraw {
                blend,
                emitter: *emitter,
                range: range.clone(),
                indirect: None,
                priority,
                distance,
            });
        }
    }

    /// Makes an instance draw the GPU simulation's `quads` (counted in
    /// `args`) seen through `view_proj_world`; its draws follow with
    /// [`EffectsInstance::push_indirect`].
    pub fn prepare_indirect(
        &self,
        ctx: &Context,
        ei: &mut EffectsInstance,
        view_proj_world: Mat4,
        quads: &wgpu::Buffer,
        args: &wgpu::Buffer,
    ) {
        let camera = gpu_data::CameraUniform { view_proj: view_proj_world.to_cols_array_2d() };
        ctx.queue.write_buffer(&ei.camera, 0, bytemuck::bytes_of(&camera));
        ei.indirect = Some((quads.clone(), args.clone()));
    }

    /// Records emitter draw `d` (binds its own buffers and group 0).
    /// Indirect draws read the emitter's instance count from the GPU
    /// simulation's arguments (16 bytes per emitter).
    pub fn record(
        &self,
        ctx: &Context,
        fx: &GpuEffects,
        ei: &EffectsInstance,
        d: &EmitterDraw,
        pass: &mut wgpu::RenderPass<'_>,
    ) {
        let ribbon = d.emitter >= fx.particle_emitters;
        if let (Some(offset), Some((quads, args)), Some(tex)) =
            (d.indirect, &ei.indirect, fx.bind_groups.get(d.emitter))
        {
            pass.set_vertex_buffer(0, quads.slice(offset..));
            pass.set_bind_group(0, &ei.camera_bind_group, &[]);
            pass.set_pipeline(&self.pipeline(ctx, d.blend, false));
            pass.set_bind_group(1, tex, &[]);
            pass.draw_indirect(args, d.emitter as u64 * 16);
            return;
        }
        let buffer = if ribbon { &ei.strips } else { &ei.quads };
        let (Some(vb), Some(tex)) = (buffer, fx.bind_groups.get(d.emitter)) else { return };
        pass.set_vertex_buffer(0, vb.slice(..));
        pass.set_bind_group(0, &ei.camera_bind_group, &[]);
        pass.set_pipeline(&self.pipeline(ctx, d.blend, ribbon));
        pass.set_bind_group(1, tex, &[]);
        if ribbon {
            pass.draw(d.range.clone(), 0..1);
        } else {
            // Six corners per quad instance (vs_quad).
            pass.draw(0..6, d.range.clone());
        }
    }
}
