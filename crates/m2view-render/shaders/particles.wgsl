// Particle quads (simulated and built on the CPU, model space, expanded
// here) and ribbon strips: texture × vertex colour,
// alpha test by blend state as the client (WebWowViewerCpp particleEmitter.cpp).

// Client blend state index of the pipeline (material table), set per pipeline.
override BLEND: u32 = 0u;

struct Camera {
    view_proj: mat4x4<f32>,
};

@group(0) @binding(0) var<uniform> camera: Camera;
@group(1) @binding(0) var tex: texture_2d<f32>;
@group(1) @binding(1) var smp: sampler;

struct VertexOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) color: vec4<f32>,
    @location(1) uv: vec2<f32>,
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
) -> VertexOut {
    // Corners (-1, 1), (-1, -1), (1, 1), (1, 1), (-1, -1), (1, -1).
    let x = select(-1.0, 1.0, corner == 2u || corner == 3u || corner == 5u);
    let y = select(-1.0, 1.0, corner == 0u || corner == 2u || corner == 3u);
    var out: VertexOut;
    out.clip = camera.view_proj * vec4(center + axis_x * x + axis_y * y, 1.0);
    out.color = color;
    out.uv = cell.xy + cell.zw * vec2((x + 1.0) * 0.5, (1.0 - y) * 0.5);
    return out;
}

// Ribbon strip vertex (RibbonVertex), three per triangle.
@vertex
fn vs_strip(@location(0) position: vec3<f32>, @location(1) color: vec4<f32>, @location(2) uv: vec2<f32>) -> VertexOut {
    var out: VertexOut;
    out.clip = camera.view_proj * vec4(position, 1.0);
    out.color = color;
    out.uv = uv;
    return out;
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    let t = textureSample(tex, smp, in.uv);
    let a = t.a * in.color.a;
    let blend = BLEND;
    if (blend == 1u && a < 0.501960814) { discard; }
    if (blend >= 2u && a < 1.0 / 255.0) { discard; }
    return vec4(in.color.rgb * t.rgb, a);
}
