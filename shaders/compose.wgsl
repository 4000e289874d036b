// Body texture composition (compose.rs): one layer image drawn into its
// region of the target. The pass sets the viewport to the region, so the
// six corners below cover it and `uv` runs 0..1 across it; the sampler is
// bilinear with clamp-to-edge, and the pipeline blends the layer over what
// is there (or replaces it, for the base layer); multiply and overlay
// layers have entry points of their own below.

struct Corner {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
};

@vertex
fn vs_layer(@builtin(vertex_index) i: u32) -> Corner {
    var corners = array<vec2<f32>, 6>(
        vec2<f32>(0.0, 0.0), vec2<f32>(1.0, 0.0), vec2<f32>(0.0, 1.0),
        vec2<f32>(0.0, 1.0), vec2<f32>(1.0, 0.0), vec2<f32>(1.0, 1.0),
    );
    let c = corners[i];
    var out: Corner;
    out.position = vec4<f32>(c.x * 2.0 - 1.0, 1.0 - c.y * 2.0, 0.0, 1.0);
    out.uv = c;
    return out;
}

@group(0) @binding(0) var layer: texture_2d<f32>;
@group(0) @binding(1) var layer_sampler: sampler;

@fragment
fn fs_layer(in: Corner) -> @location(0) vec4<f32> {
    return textureSample(layer, layer_sampler, in.uv);
}

// Multiply (compose.rs `Blend::Multiply`): the pipeline blends colour as
// `src × dst`, so `mix(1, s, a)` here gives `mix(d, s·d, a)`.
@fragment
fn fs_multiply(in: Corner) -> @location(0) vec4<f32> {
    let c = textureSample(layer, layer_sampler, in.uv);
    return vec4<f32>(mix(vec3<f32>(1.0), c.rgb, c.a), c.a);
}

// Overlay (compose.rs `Blend::Overlay`): reads what is below from a copy of
// the target (`below`, at this pixel) and writes the blend itself.
@group(0) @binding(2) var below: texture_2d<f32>;

@fragment
fn fs_overlay(in: Corner) -> @location(0) vec4<f32> {
    let s = textureSample(layer, layer_sampler, in.uv);
    let d = textureLoad(below, vec2<i32>(in.position.xy), 0);
    let low = 2.0 * s.rgb * d.rgb;
    let high = vec3<f32>(1.0) - 2.0 * (vec3<f32>(1.0) - s.rgb) * (vec3<f32>(1.0) - d.rgb);
    let f = select(high, low, d.rgb < vec3<f32>(0.5));
    return vec4<f32>(mix(d.rgb, f, s.a), s.a + d.a * (1.0 - s.a));
}
