// The waterfall render path of 8.2+ models with a WFV1, WFV2 or WFV3 chunk
// (wowdev wiki "M2", WFV1–WFV3: "a separate render path from usual M2"),
// appended to m2.wgsl and drawn by its own pipeline (material.rs
// PipelineKey::waterfall): one alpha-blended, two-sided draw of the first
// batch, whose texture stages are the model's textures 0–4 — mask, white
// water, noise, bump and normal map (m2view-format converts the batch so).
// The facts (which texture is which, the vertex displacement, the noise and
// mask mix, the derivative-based bump) are WebWowViewerCpp's
// (waterfallShader.vert/.frag, m2Object.cpp createWaterfallMesh).
//
// A waterfall batch's parameters ride in batch-uniform slots it does not
// otherwise use (waterfall.rs pack): tex_matrix1's columns hold values0,
// values1, values3 and (bump scale, 0, 0, 0); color.rgb is the base colour,
// color.a its alpha times the mesh alpha. WebWowViewerCpp adds a random
// per-instance phase to the noise and mask coordinates; m2view draws phase 0,
// so a render repeats.

fn waterfall_params() -> mat4x4<f32> {
    return batch.tex_matrix1;
}

@vertex
fn vs_waterfall(v: VertexIn, @builtin(instance_index) instance: u32) -> VertexOut {
    let inst = instance_of(instance);
    let anim = animated(inst);
    // The second UV set, moved by the batch's texture transform: white water, bump and normal map.
    let moving = (anim.tex0 * vec4(v.uv1, 0.0, 1.0)).xy;
    // The bump map's blue channel pushes the vertex along its normal by the bump scale.
    let bump = textureSampleLevel(tex3, smp3, moving, 0.0).z;
    let pushed = v.position + v.normal * (waterfall_params()[3].x * bump);
    let m = inst.world * skin_matrix(v.weights, v.indices, inst.palette);
    let world = m * vec4(pushed, 1.0);
    var out: VertexOut;
    out.clip = frame.view_proj * world;
    out.normal = normalize((m * vec4(v.normal, 0.0)).xyz);
    out.world_pos = world.xyz;
    out.uv_a = v.uv0;
    out.uv_b = moving;
    out.uv_c = v.uv1;
    out.color = vec4(batch.color.rgb, anim.color.a);
    out.weights = vec4(1.0);
    out.light = v.light;
    out.edge_fade = 1.0;
    if (anim.color.a < 0.0001) {
        out.clip = vec4(0.0, 0.0, 2.0, 1.0);
    }
    return out;
}

// The surface normal bent by the normal map's red and green read as a
// height gradient along the UVs, `strength` times (surface-gradient bump
// mapping: Mikkelsen, "Bump Mapping Unparametrized Surfaces on the GPU", 2010).
fn bent_normal(n: vec3<f32>, gradient: vec2<f32>, dp1: vec3<f32>, dp2: vec3<f32>, duv1: vec2<f32>, duv2: vec2<f32>) -> vec3<f32> {
    let r1 = cross(dp2, n);
    let r2 = cross(n, dp1);
    let det = dot(dp1, r1);
    let along = dot(gradient, duv1) * r1 + dot(gradient, duv2) * r2;
    return normalize(abs(det) * n - sign(det) * along);
}

@fragment
fn fs_waterfall(in: VertexOut) -> @location(0) vec4<f32> {
    let p = waterfall_params();
    let v0 = p[0];
    let v1 = p[1];
    let v3 = p[2];
    let dp1 = dpdx(in.world_pos);
    let dp2 = dpdy(in.world_pos);
    let duv1 = dpdx(in.uv_b);
    let duv2 = dpdy(in.uv_b);

    // Foam: four reads of the noise at fixed offsets, averaged, shaped by values0.x and .y.
    let tiling = select(v1.x, 1.0, v1.x == 0.0);
    let uv = in.uv_a / tiling;
    let noise = 0.25 * (textureSample(tex2, smp2, uv).x
        + textureSample(tex2, smp2, uv + vec2(0.418, 0.355)).x
        + textureSample(tex2, smp2, uv + vec2(0.865, 0.148)).x
        + textureSample(tex2, smp2, uv + vec2(0.651, 0.752)).x);
    let foam = clamp(exp(v0.x * log2(max(noise, 1e-6)) * 2.2) * v0.y, 0.0, 1.0);

    let white = textureSample(tex1, smp1, in.uv_b);
    let mask = textureSample(tex0, smp0, in.uv_a);
    let normal_map = textureSample(tex4, smp0, in.uv_b);
    // How much white water covers the base colour: foam less the mask, biased by values0.z, contrast values0.w.
    let cover = clamp(((white.a * foam - mask.y * mask.x) * 2.0 + v0.z) * (v0.w * 2.0 + 1.0) - v0.w, 0.0, 1.0);
    let color = mix(in.color.rgb, white.rgb, cover);

    let n = bent_normal(normalize(in.normal), (normal_map.xy * 2.0 - 1.0) * (v3.x * 100.0), dp1, dp2, duv1, duv2);
    let ndl = max(dot(n, -frame.light_dir.xyz), 0.0);
    let gamma = color * (frame.ambient.rgb + frame.diffuse.rgb * ndl);
    let lit = sqrt(gamma * gamma + color * color * model_lights(n, in.world_pos));
    // values3.w: how much of the unlit colour shows through.
    let rgb = mix(lit, color, v3.w);
    let alpha = clamp(clamp((1.0 - mask.a) * v1.w, 0.0, 1.0) + cover, 0.0, 1.0) * in.color.a;
    if (alpha < 1.0 / 255.0) {
        discard;
    }
    return vec4(fogged(rgb, in.world_pos, 2u), alpha);
}
