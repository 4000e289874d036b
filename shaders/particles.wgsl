// Particle quads (simulated and built on the CPU, model space, expanded
// here) and ribbon strips: texture × vertex colour, or for multi-texture
// emitters the three-texture combiners of WebWowViewerCpp's
// m2ParticleShader.frag; alpha test by the emitter's key (M2 AlphaKey
// 128/255 as WebWowViewerCpp particleEmitter.cpp, Warcraft III AlphaKey 0.75)
// and blended states dropping ~0.

// Client blend state index of the pipeline (material table), set per pipeline.
override BLEND: u32 = 0u;

struct Camera {
    view_proj: mat4x4<f32>,
};

@group(0) @binding(0) var<uniform> camera: Camera;
// Per emitter (lib.rs EmitterUniform).
struct Emitter {
    // 0: texture x colour; 2: 2ColorTex_3AlphaTex; 3: 3ColorTex_3AlphaTex
    combiner: u32,
    // alpha test, 0-1 (0: none): M2 AlphaKey 128/255, Warcraft III AlphaKey 0.75
    alpha_ref: f32,
    // repeats of the second and third textures across a quad
    repeat: vec2<f32>,
};

@group(1) @binding(0) var tex: texture_2d<f32>;
@group(1) @binding(1) var smp: sampler;
@group(1) @binding(2) var tex1: texture_2d<f32>;
@group(1) @binding(3) var tex2: texture_2d<f32>;
@group(1) @binding(4) var smp_wrap: sampler;
@group(1) @binding(5) var<uniform> emitter: Emitter;

struct VertexOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) color: vec4<f32>,
    @location(1) uv: vec2<f32>,
    @location(2) uv1: vec2<f32>,
    @location(3) uv2: vec2<f32>,
};

// Particle quad instance (ParticleQuad): six corners (two triangles) from
// the centre and two half axes; texture cell from (-1, +1) to (+1, -1).
@vertex
fn vs_quad(
    @builtin(vertex_index) corner: u32,
    @location(0) center: vec3<f32>,
    @location(1) axis_x: vec3<f32>,
    @location(2) axis_y: vec3<f32>,
    @location(3) color: vec4<f32>,
    @location(4) cell: vec4<f32>,
    @location(5) tex_pos: vec4<f32>,
) -> VertexOut {
    // Corners (-1, 1), (-1, -1), (1, 1), (1, 1), (-1, -1), (1, -1).
    let x = select(-1.0, 1.0, corner == 2u || corner == 3u || corner == 5u);
    let y = select(-1.0, 1.0, corner == 0u || corner == 2u || corner == 3u);
    var out: VertexOut;
    out.clip = camera.view_proj * vec4(center + axis_x * x + axis_y * y, 1.0);
    out.color = color;
    let corner01 = vec2((x + 1.0) * 0.5, (1.0 - y) * 0.5);
    out.uv = cell.xy + cell.zw * corner01;
    out.uv1 = corner01 * emitter.repeat.x + tex_pos.xy;
    out.uv2 = corner01 * emitter.repeat.y + tex_pos.zw;
    return out;
}

// Ribbon strip vertex (RibbonVertex), three per triangle.
@vertex
fn vs_strip(@location(0) position: vec3<f32>, @location(1) color: vec4<f32>, @location(2) uv: vec2<f32>) -> VertexOut {
    var out: VertexOut;
    out.clip = camera.view_proj * vec4(position, 1.0);
    out.color = color;
    out.uv = uv;
    out.uv1 = uv;
    out.uv2 = uv;
    return out;
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    var t = textureSample(tex, smp, in.uv);
    let t1 = textureSample(tex1, smp_wrap, in.uv1);
    let t2 = textureSample(tex2, smp_wrap, in.uv2);
    if (emitter.combiner == 2u) {
        t = vec4((t * t1).rgb, t.a * t1.a * t2.a);
    } else if (emitter.combiner == 3u) {
        t = t * t1 * t2;
    }
    let a = t.a * in.color.a;
    if (a < emitter.alpha_ref) { discard; }
    if (BLEND >= 2u && a < 1.0 / 255.0) { discard; }
    return vec4(in.color.rgb * t.rgb, a);
}
