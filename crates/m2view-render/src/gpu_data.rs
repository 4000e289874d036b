//! Every record the CPU writes for the GPU, beside the name of the WGSL
//! struct or vertex input it must match (shaders in the top-level `shaders/`). The
//! contract test at the bottom reads the shaders with naga and checks each
//! record's size, field offsets and vertex formats against them, so a field
//! added on one side only fails `cargo test`.
//!
//! Records of the animation crate (`ParticleQuad`, `RibbonVertex`) are CPU
//! descriptions; the instance and vertex layouts uploaded for them are
//! [`QuadInstance`] and [`StripVertex`], built through `From` as the anim
//! crate writes (`ParticleSystem::build` is generic over the record).

use bytemuck::{Pod, Zeroable};
use m2view_anim::particles::ParticleQuad;
use m2view_anim::ribbons::RibbonVertex;

/// Most model lights in `Frame` (WebWowViewerCpp's `pc_lights[4]`).
pub const MAX_MODEL_LIGHTS: usize = 4;

/// The model lights of `Frame` in m2.wgsl (`light_position` .. `light_count`).
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable, PartialEq)]
pub(crate) struct LightBlock {
    /// xyz: model-space position (point) or direction toward the light
    /// (directional); w: 1 point, 0 directional.
    pub position: [[f32; 4]; MAX_MODEL_LIGHTS],
    /// rgb: diffuse colour × intensity.
    pub color: [[f32; 4]; MAX_MODEL_LIGHTS],
    /// x: attenuation start, y: attenuation end (model units).
    pub attenuation: [[f32; 4]; MAX_MODEL_LIGHTS],
    /// x: number of lights in use.
    pub count: [u32; 4],
}

/// `Frame` in m2.wgsl: one per instance.
#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
pub(crate) struct FrameUniform {
    pub view_proj: [[f32; 4]; 4],
    pub view: [[f32; 4]; 4],
    pub world: [[f32; 4]; 4],
    /// xyz: direction the preview light travels (world space).
    pub light_dir: [f32; 4],
    pub ambient: [f32; 4],
    pub diffuse: [f32; 4],
    pub model_lights: LightBlock,
    /// rgb: fog colour; a: 1 fogged, 0 not.
    pub fog_color: [f32; 4],
    /// x: fog start, y: fog end (model units from the eye).
    pub fog_range: [f32; 4],
}

/// `Batch` in m2.wgsl: one per batch, at a [`BATCH_STRIDE`] offset.
#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
pub(crate) struct BatchUniform {
    pub tex_matrix0: [[f32; 4]; 4],
    pub tex_matrix1: [[f32; 4]; 4],
    /// rgb: M2Color colour; a: mesh alpha.
    pub color: [f32; 4],
    /// Texture weights of stages 0..3.
    pub weights: [f32; 4],
    /// Pixel shader id (WebWowViewerCpp's enum; Wrath-only combiners at 40+).
    pub pixel_shader: u32,
    /// Vertex shader id (texture-coordinate routing).
    pub vertex_shader: u32,
    /// Client blend state index (`material` table).
    pub blend: u32,
    /// Bit 0: unlit.
    pub flags: u32,
    /// Textures the combiner reads (1..4).
    pub texture_count: u32,
    /// GPU-animated instances: the colour this batch reads (−1 none).
    pub color_index: i32,
    /// GPU-animated instances: the texture transforms of stages 0 and 1 (−1 none).
    pub transform_index: [i32; 2],
    /// GPU-animated instances: the texture weight of stages 0..3 (−1 none).
    pub weight_index: [i32; 4],
    /// GPU-animated instances: the weight that multiplies the mesh alpha (−1 none).
    pub alpha_weight: i32,
    /// Alpha test of AlphaKey batches (0–1): [`m2view_format::Material::alpha_ref`] / 255.
    pub alpha_ref: f32,
    pub _pad: [u32; 2],
    /// HD batches ([`m2view_format::HdShading`]): fresnel rim colour (rgb) and opacity.
    pub fresnel: [f32; 4],
    /// HD batches: fresnel team colour share, emissive gain, unused, unused.
    pub hd: [f32; 4],
}

/// `Instance` in m2.wgsl and animate.wgsl: one visible instance of a
/// group (or the single instance of the CPU path).
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable, PartialEq)]
pub(crate) struct InstanceRecord {
    /// Model → world.
    pub world: [[f32; 4]; 4],
    /// First matrix of its bone palette.
    pub palette: u32,
    /// First vec4 of its colours, weights and texture matrices; [`STATIC_VALUES`]:
    /// the batch uniform already holds them (CPU path).
    pub values: u32,
    /// First u32 of its clock in the animation states.
    pub state: u32,
    pub _pad: u32,
}

/// `InstanceRecord::values` of an instance whose batch uniforms hold its
/// animated colours, weights and texture matrices.
pub(crate) const STATIC_VALUES: u32 = u32::MAX;

/// `Params` in animate.wgsl: one per group and frame.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable)]
pub(crate) struct AnimParams {
    /// World → view (billboards face it).
    pub view: [[f32; 4]; 4],
    pub instance_count: u32,
    pub bone_count: u32,
    pub state_stride: u32,
    pub global_count: u32,
    pub color_count: u32,
    pub weight_count: u32,
    pub transform_count: u32,
    pub value_stride: u32,
    pub range_base: u32,
    pub time_base: u32,
    pub key_base: u32,
    pub bone_base: u32,
}

/// `Sim` in particle_sim.wgsl: one per simulated model and frame.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable)]
pub(crate) struct SimUniform {
    /// Model → view.
    pub view: [[f32; 4]; 4],
    /// View → model.
    pub inv_view: [[f32; 4]; 4],
    /// Step in seconds.
    pub dt: f32,
    /// Frame counter (seeds new particles).
    pub frame: u32,
    /// Pool slots of all emitters.
    pub slots: u32,
    pub _pad: u32,
}

/// `EmitterStatic` in particle_sim.wgsl: an emitter's constants, uploaded once.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable, Default)]
pub(crate) struct EmitterStatic {
    /// Flags, generator (0 plane, 1 sphere), rows, cols, cell offset,
    /// capacity, first slot, first quad.
    pub ints: [u32; 8],
    /// Lifespan vary, drag, tail length, spin, spin vary, base spin, base
    /// spin vary, twinkle speed, twinkle percent, twinkle min, twinkle max, unused.
    pub floats: [f32; 12],
    pub scale_vary: [f32; 4],
    pub wind: [f32; 4],
    pub color_times: [f32; 4],
    pub color_values: [[f32; 4]; 4],
    pub alpha_times: [f32; 4],
    pub alpha_values: [f32; 4],
    pub scale_times: [f32; 4],
    pub scale_values: [[f32; 4]; 2],
    pub head_times: [f32; 4],
    pub head_values: [f32; 4],
    pub tail_times: [f32; 4],
    pub tail_values: [f32; 4],
    /// Keys of colour, alpha, scale, head cell, tail cell (at most 4 each).
    pub counts: [u32; 8],
}

/// `EmitterFrame` in particle_sim.wgsl: an emitter's state this frame.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable, Default)]
pub(crate) struct EmitterFrame {
    /// Emitter → model.
    pub matrix: [[f32; 4]; 4],
    /// xyz gravity, w speed.
    pub gravity: [f32; 4],
    /// xyz burst velocity, w speed variation.
    pub burst: [f32; 4],
    /// xyz follow displacement, w vertical range.
    pub follow: [f32; 4],
    /// Horizontal range, lifespan, area x, area y, z source, max life,
    /// inherited scale, unused.
    pub params: [f32; 8],
    /// Spawn window start and count.
    pub spawn: [u32; 4],
}

/// Offset between batches in the batch uniform buffer (the minimum uniform
/// offset alignment wgpu guarantees).
pub(crate) const BATCH_STRIDE: u64 = 256;

/// `VertexIn` in m2.wgsl.
#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
pub(crate) struct GpuVertex {
    pub position: [f32; 3],
    pub normal: [f32; 3],
    pub uv0: [f32; 2],
    pub uv1: [f32; 2],
    pub weights: [u8; 4],
    pub indices: [u16; 4],
    /// Baked light r g b; a = 255 where it replaces the preview light, 0 otherwise.
    pub light: [u8; 4],
}

/// [`GpuVertex`] as vertex attributes.
pub(crate) const VERTEX_ATTRIBUTES: [wgpu::VertexAttribute; 7] = wgpu::vertex_attr_array![
    0 => Float32x3, 1 => Float32x3, 2 => Float32x2, 3 => Float32x2, 4 => Unorm8x4, 5 => Uint16x4, 6 => Unorm8x4
];

/// `Camera` in particles.wgsl and lines.wgsl.
#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
pub(crate) struct CameraUniform {
    pub view_proj: [[f32; 4]; 4],
}

/// `Emitter` in particles.wgsl: one per particle or ribbon emitter.
#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
pub(crate) struct EmitterUniform {
    /// 0: texture × colour; 2: `2ColorTex_3AlphaTex`; 3: `3ColorTex_3AlphaTex`.
    pub combiner: u32,
    /// Particles whose alpha (0–1) is below it are discarded (0: none).
    pub alpha_ref: f32,
    /// Repeats of the second and third textures across a quad.
    pub repeat: [f32; 2],
}

/// A particle quad as the instance input of `vs_quad` (particles.wgsl):
/// centre and half axes (model space), colour (unorm8), atlas cell and the
/// extra textures' offsets (unorm16).
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable, Default, PartialEq)]
pub struct QuadInstance {
    center: [f32; 3],
    axis_x: [f32; 3],
    axis_y: [f32; 3],
    color: [u8; 4],
    cell: [u16; 4],
    tex_pos: [u16; 4],
}

impl From<ParticleQuad> for QuadInstance {
    #[inline(always)]
    fn from(q: ParticleQuad) -> Self {
        let ParticleQuad { center, axis_x, axis_y, color, cell, tex_pos } = q;
        QuadInstance { center, axis_x, axis_y, color, cell, tex_pos }
    }
}

/// [`QuadInstance`] as instance attributes.
pub(crate) const QUAD_ATTRIBUTES: [wgpu::VertexAttribute; 6] = wgpu::vertex_attr_array![
    0 => Float32x3, 1 => Float32x3, 2 => Float32x3, 3 => Unorm8x4, 4 => Unorm16x4, 5 => Unorm16x4
];

/// A ribbon strip vertex as the input of `vs_strip` (particles.wgsl).
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable, Default, PartialEq)]
pub struct StripVertex {
    position: [f32; 3],
    color: [f32; 4],
    uv: [f32; 2],
}

impl From<RibbonVertex> for StripVertex {
    #[inline(always)]
    fn from(v: RibbonVertex) -> Self {
        StripVertex { position: v.position, color: v.color, uv: v.uv }
    }
}

/// [`StripVertex`] as vertex attributes.
pub(crate) const STRIP_ATTRIBUTES: [wgpu::VertexAttribute; 3] =
    wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x4, 2 => Float32x2];

/// One line end point: the input of `vs_main` in lines.wgsl.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable, PartialEq)]
pub struct LineVertex {
    /// World-space position.
    pub position: [f32; 3],
    /// RGBA 0..1.
    pub color: [f32; 4],
}

/// [`LineVertex`] as vertex attributes.
pub(crate) const LINE_ATTRIBUTES: [wgpu::VertexAttribute; 2] = wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x4];

#[cfg(test)]
mod contract {
    //! Rust records against the WGSL they feed, read by naga.
    use std::mem::{offset_of, size_of};

    use super::*;

    fn module(src: &str) -> naga::Module {
        naga::front::wgsl::parse_str(src).expect("shader parses")
    }

    /// Size and member offsets of the WGSL struct `name`.
    fn wgsl_struct(m: &naga::Module, name: &str) -> (u32, Vec<(String, u32)>) {
        let (_, ty) = m.types.iter().find(|(_, t)| t.name.as_deref() == Some(name)).unwrap_or_else(|| panic!("{name}"));
        let naga::TypeInner::Struct { members, span } = &ty.inner else { panic!("{name} is not a struct") };
        (*span, members.iter().map(|mm| (mm.name.clone().unwrap_or_default(), mm.offset)).collect())
    }

    /// Checks a record against the WGSL struct: same size, and each named
    /// WGSL member at the Rust offset given for it.
    fn check(m: &naga::Module, name: &str, size: usize, offsets: &[(&str, usize)]) {
        let (span, members) = wgsl_struct(m, name);
        assert_eq!(span as usize, size, "{name}: WGSL size {span}, Rust {size}");
        for (field, off) in offsets {
            let got = members.iter().find(|(n, _)| n == field).unwrap_or_else(|| panic!("{name}.{field} missing"));
            assert_eq!(got.1 as usize, *off, "{name}.{field}: WGSL offset {}, Rust {off}", got.1);
        }
        assert_eq!(members.len(), offsets.len(), "{name}: members not all checked: {members:?}");
    }

    /// The (location, scalar kind, components) naga sees for the vertex
    /// inputs of `entry`, and the same from wgpu attributes; offsets must
    /// tile the record without gaps.
    fn check_inputs(m: &naga::Module, entry: &str, attrs: &[wgpu::VertexAttribute], record: usize) {
        let ep = m.entry_points.iter().find(|e| e.name == entry).unwrap_or_else(|| panic!("{entry}"));
        let inputs: Vec<(u32, naga::ScalarKind, u32)> = ep
            .function
            .arguments
            .iter()
            .filter_map(|a| match (&a.binding, &m.types[a.ty].inner) {
                (Some(naga::Binding::Location { location, .. }), naga::TypeInner::Vector { size, scalar }) => {
                    Some((*location, scalar.kind, *size as u32))
                }
                (Some(naga::Binding::Location { location, .. }), naga::TypeInner::Scalar(scalar)) => {
                    Some((*location, scalar.kind, 1))
                }
                _ => None,
            })
            .collect();
        let inputs = if inputs.is_empty() {
            // Inputs in a struct (m2.wgsl's VertexIn).
            let arg = &ep.function.arguments[0];
            let naga::TypeInner::Struct { members, .. } = &m.types[arg.ty].inner else { panic!("{entry}") };
            members
                .iter()
                .filter_map(|mm| match (&mm.binding, &m.types[mm.ty].inner) {
                    (Some(naga::Binding::Location { location, .. }), naga::TypeInner::Vector { size, scalar }) => {
                        Some((*location, scalar.kind, *size as u32))
                    }
                    _ => None,
                })
                .collect()
        } else {
            inputs
        };
        let mut end = 0;
        for a in attrs {
            let want = inputs
                .iter()
                .find(|i| i.0 == a.shader_location)
                .unwrap_or_else(|| panic!("{entry}: @location({})", a.shader_location));
            use wgpu::VertexFormat as F;
            let (kind, n) = match a.format {
                F::Float32x2 => (naga::ScalarKind::Float, 2),
                F::Float32x3 => (naga::ScalarKind::Float, 3),
                F::Float32x4 | F::Unorm8x4 | F::Unorm16x4 => (naga::ScalarKind::Float, 4),
                F::Uint16x4 => (naga::ScalarKind::Uint, 4),
                f => panic!("format {f:?} not in the table"),
            };
            assert_eq!(
                (want.1, want.2),
                (kind, n),
                "{entry}: @location({}) is {want:?}, attribute {:?}",
                a.shader_location,
                a.format
            );
            assert_eq!(a.offset, end, "{entry}: @location({}) leaves a gap", a.shader_location);
            end += a.format.size();
        }
        assert_eq!(end as usize, record, "{entry}: attributes cover {end} of {record} bytes");
        assert_eq!(inputs.len(), attrs.len(), "{entry}: inputs {inputs:?}");
    }

    #[test]
    fn m2_records_match_m2_wgsl() {
        let m = module(crate::M2_SHADER);
        check(
            &m,
            "Frame",
            size_of::<FrameUniform>(),
            &[
                ("view_proj", offset_of!(FrameUniform, view_proj)),
                ("view", offset_of!(FrameUniform, view)),
                ("world", offset_of!(FrameUniform, world)),
                ("light_dir", offset_of!(FrameUniform, light_dir)),
                ("ambient", offset_of!(FrameUniform, ambient)),
                ("diffuse", offset_of!(FrameUniform, diffuse)),
                ("light_position", offset_of!(FrameUniform, model_lights) + offset_of!(LightBlock, position)),
                ("light_color", offset_of!(FrameUniform, model_lights) + offset_of!(LightBlock, color)),
                ("light_attenuation", offset_of!(FrameUniform, model_lights) + offset_of!(LightBlock, attenuation)),
                ("light_count", offset_of!(FrameUniform, model_lights) + offset_of!(LightBlock, count)),
                ("fog_color", offset_of!(FrameUniform, fog_color)),
                ("fog_range", offset_of!(FrameUniform, fog_range)),
            ],
        );
        check(
            &m,
            "Batch",
            size_of::<BatchUniform>(),
            &[
                ("tex_matrix0", offset_of!(BatchUniform, tex_matrix0)),
                ("tex_matrix1", offset_of!(BatchUniform, tex_matrix1)),
                ("color", offset_of!(BatchUniform, color)),
                ("weights", offset_of!(BatchUniform, weights)),
                ("pixel_shader", offset_of!(BatchUniform, pixel_shader)),
                ("vertex_shader", offset_of!(BatchUniform, vertex_shader)),
                ("blend", offset_of!(BatchUniform, blend)),
                ("flags", offset_of!(BatchUniform, flags)),
                ("texture_count", offset_of!(BatchUniform, texture_count)),
                ("color_index", offset_of!(BatchUniform, color_index)),
                ("transform_index", offset_of!(BatchUniform, transform_index)),
                ("weight_index", offset_of!(BatchUniform, weight_index)),
                ("alpha_weight", offset_of!(BatchUniform, alpha_weight)),
                ("alpha_ref", offset_of!(BatchUniform, alpha_ref)),
                ("pad1", offset_of!(BatchUniform, _pad)),
                ("pad2", offset_of!(BatchUniform, _pad) + 4),
                ("fresnel", offset_of!(BatchUniform, fresnel)),
                ("hd", offset_of!(BatchUniform, hd)),
            ],
        );
        assert!(size_of::<BatchUniform>() as u64 <= BATCH_STRIDE);
        check_instance(&m);
        check_inputs(&m, "vs_main", &VERTEX_ATTRIBUTES, size_of::<GpuVertex>());
        check_inputs(&m, "vs_waterfall", &VERTEX_ATTRIBUTES, size_of::<GpuVertex>());
    }

    fn check_instance(m: &naga::Module) {
        check(
            m,
            "Instance",
            size_of::<InstanceRecord>(),
            &[
                ("world", offset_of!(InstanceRecord, world)),
                ("palette", offset_of!(InstanceRecord, palette)),
                ("values", offset_of!(InstanceRecord, values)),
                ("state", offset_of!(InstanceRecord, state)),
                ("pad", offset_of!(InstanceRecord, _pad)),
            ],
        );
    }

    #[test]
    fn animation_records_match_animate_wgsl() {
        let m = module(crate::animation::ANIMATE_SHADER);
        check_instance(&m);
        check(
            &m,
            "Params",
            size_of::<AnimParams>(),
            &[
                ("view", offset_of!(AnimParams, view)),
                ("instance_count", offset_of!(AnimParams, instance_count)),
                ("bone_count", offset_of!(AnimParams, bone_count)),
                ("state_stride", offset_of!(AnimParams, state_stride)),
                ("global_count", offset_of!(AnimParams, global_count)),
                ("color_count", offset_of!(AnimParams, color_count)),
                ("weight_count", offset_of!(AnimParams, weight_count)),
                ("transform_count", offset_of!(AnimParams, transform_count)),
                ("value_stride", offset_of!(AnimParams, value_stride)),
                ("range_base", offset_of!(AnimParams, range_base)),
                ("time_base", offset_of!(AnimParams, time_base)),
                ("key_base", offset_of!(AnimParams, key_base)),
                ("bone_base", offset_of!(AnimParams, bone_base)),
            ],
        );
    }

    #[test]
    fn simulation_records_match_particle_sim_wgsl() {
        let m = module(crate::gpu_particles::PARTICLE_SIM_SHADER);
        check(
            &m,
            "Sim",
            size_of::<SimUniform>(),
            &[
                ("view", offset_of!(SimUniform, view)),
                ("inv_view", offset_of!(SimUniform, inv_view)),
                ("dt", offset_of!(SimUniform, dt)),
                ("frame", offset_of!(SimUniform, frame)),
                ("slots", offset_of!(SimUniform, slots)),
                ("pad", offset_of!(SimUniform, _pad)),
            ],
        );
        let s = |f: &'static str, o: usize| (f, o);
        check(
            &m,
            "EmitterStatic",
            size_of::<EmitterStatic>(),
            &[
                s("ints", offset_of!(EmitterStatic, ints)),
                s("floats", offset_of!(EmitterStatic, floats)),
                s("scale_vary", offset_of!(EmitterStatic, scale_vary)),
                s("wind", offset_of!(EmitterStatic, wind)),
                s("color_times", offset_of!(EmitterStatic, color_times)),
                s("color_values", offset_of!(EmitterStatic, color_values)),
                s("alpha_times", offset_of!(EmitterStatic, alpha_times)),
                s("alpha_values", offset_of!(EmitterStatic, alpha_values)),
                s("scale_times", offset_of!(EmitterStatic, scale_times)),
                s("scale_values", offset_of!(EmitterStatic, scale_values)),
                s("head_times", offset_of!(EmitterStatic, head_times)),
                s("head_values", offset_of!(EmitterStatic, head_values)),
                s("tail_times", offset_of!(EmitterStatic, tail_times)),
                s("tail_values", offset_of!(EmitterStatic, tail_values)),
                s("counts", offset_of!(EmitterStatic, counts)),
            ],
        );
        check(
            &m,
            "EmitterFrame",
            size_of::<EmitterFrame>(),
            &[
                s("matrix", offset_of!(EmitterFrame, matrix)),
                s("gravity", offset_of!(EmitterFrame, gravity)),
                s("burst", offset_of!(EmitterFrame, burst)),
                s("follow", offset_of!(EmitterFrame, follow)),
                s("params", offset_of!(EmitterFrame, params)),
                s("spawn", offset_of!(EmitterFrame, spawn)),
            ],
        );
        // The quads it writes are particles.wgsl's instances: 14 u32s each.
        assert_eq!(size_of::<QuadInstance>(), 14 * 4);
    }

    #[test]
    fn particle_records_match_particles_wgsl() {
        let m = module(crate::PARTICLE_SHADER);
        check(&m, "Camera", size_of::<CameraUniform>(), &[("view_proj", 0)]);
        check(
            &m,
            "Emitter",
            size_of::<EmitterUniform>(),
            &[
                ("combiner", offset_of!(EmitterUniform, combiner)),
                ("alpha_ref", offset_of!(EmitterUniform, alpha_ref)),
                ("repeat", offset_of!(EmitterUniform, repeat)),
            ],
        );
        check_inputs(&m, "vs_quad", &QUAD_ATTRIBUTES, size_of::<QuadInstance>());
        check_inputs(&m, "vs_strip", &STRIP_ATTRIBUTES, size_of::<StripVertex>());
    }

    #[test]
    fn line_records_match_lines_wgsl() {
        let m = module(crate::lines::LINES_SHADER);
        check(&m, "Camera", size_of::<CameraUniform>(), &[("view_proj", 0)]);
        check_inputs(&m, "vs_main", &LINE_ATTRIBUTES, size_of::<LineVertex>());
    }
}
