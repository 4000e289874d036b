// M2 batch shader (prefixed with skinning.wgsl, instance.wgsl and the
// bindings of m2_storage.wgsl or m2_uniform.wgsl): GPU skinning from a buffer
// of bone matrices,
// vertex-shader texture-coordinate routing (Diffuse_T1, _Env, _T1_T2, ...) and
// the pixel combiners of the wowdev wiki "M2/Rendering" (ids = WebWowViewerCpp's enum,
// Wrath-only combiners at 40+). All colour math is in gamma space, as the
// client did (textures are sampled as UNORM, targets are UNORM).

// Instanced groups (material.rs PipelineKey::group): colours, weights and
// texture matrices come from animate.wgsl's values, not the batch uniform.
override GROUP: bool = false;

// One per instance: camera, placement (model → world) and lighting.
struct Frame {
    view_proj: mat4x4<f32>,
    view: mat4x4<f32>,
    world: mat4x4<f32>,
    // xyz: direction the preview light travels (world space), w unused
    light_dir: vec4<f32>,
    // rgb: preview ambient + the model lights' ambient
    ambient: vec4<f32>,
    diffuse: vec4<f32>,
    // Model lights (lighting.rs LightBlock): xyz model-space position (w = 1,
    // point) or direction toward the light (w = 0, directional)
    light_position: array<vec4<f32>, 4>,
    // rgb: diffuse colour x intensity
    light_color: array<vec4<f32>, 4>,
    // x: attenuation start, y: attenuation end
    light_attenuation: array<vec4<f32>, 4>,
    // x: lights in use
    light_count: vec4<u32>,
    // rgb: distance fog colour (lighting.rs Fog), a: 1 fogged, 0 not
    fog_color: vec4<f32>,
    // x: fog start, y: fog end (model units from the eye)
    fog_range: vec4<f32>,
};

struct Batch {
    tex_matrix0: mat4x4<f32>,
    tex_matrix1: mat4x4<f32>,
    // rgb: M2Color colour, a: mesh alpha (colour alpha x texture weight x model alpha)
    color: vec4<f32>,
    // texture weights of stages 1..3 (for the _Wgt / crossfade combiners)
    weights: vec4<f32>,
    // pixel shader id (WebWowViewerCpp's enum; Wrath-only combiners at 40+)
    pixel_shader: u32,
    // vertex shader id (texture-coordinate routing)
    vertex_shader: u32,
    // client blend state index (material.rs table)
    blend: u32,
    // bit 0: unlit, bit 1: unfogged
    flags: u32,
    // number of textures the combiner reads (1-4); the others are not sampled
    texture_count: u32,
    // GPU-animated instances (Instance.values set): where the batch's colour,
    // texture transforms of stages 0-1, texture weights of stages 0-3 and the
    // weight multiplying its alpha sit among the instance's values (-1 none)
    color_index: i32,
    transform_index: vec2<i32>,
    weight_index: vec4<i32>,
    alpha_weight: i32,
    // alpha test of AlphaKey batches, 0-1 (WoW 128/255, Warcraft III 0.75)
    alpha_ref: f32,
    pad1: u32,
    pad2: u32,
    // HD batches: fresnel rim colour (rgb) and opacity (a)
    fresnel: vec4<f32>,
    // HD batches: x fresnel team-colour share, y emissive gain
    hd: vec4<f32>,
};


@group(0) @binding(0) var<uniform> frame: Frame;
// Bindings 1-3 (bones, instances, values) and `instance_of`/`value` come from
// m2_storage.wgsl or, where vertex shaders cannot read storage buffers
// (WebGL2), m2_uniform.wgsl.

@group(1) @binding(0) var<uniform> batch: Batch;
@group(2) @binding(0) var tex0: texture_2d<f32>;
@group(2) @binding(1) var tex1: texture_2d<f32>;
@group(2) @binding(2) var tex2: texture_2d<f32>;
@group(2) @binding(3) var tex3: texture_2d<f32>;
@group(2) @binding(4) var smp0: sampler;
@group(2) @binding(5) var smp1: sampler;
@group(2) @binding(6) var smp2: sampler;
@group(2) @binding(7) var smp3: sampler;
// The fifth and sixth stages: an HD material's team colour and reflections
// (environment) map, sampled with smp0.
@group(2) @binding(8) var tex4: texture_2d<f32>;
@group(2) @binding(9) var tex5: texture_2d<f32>;

// Warcraft III Reforged Shader_HD_DefaultUnit (material.rs ps::HD).
const PS_HD: u32 = 50u;

struct VertexIn {
    @location(0) position: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) uv0: vec2<f32>,
    @location(3) uv1: vec2<f32>,
    @location(4) weights: vec4<f32>,
    @location(5) indices: vec4<u32>,
    // rgb: light baked into the vertex (a WMO interior's MOCV + ambient); a: 1 where it replaces the preview light
    @location(6) light: vec4<f32>,
};

struct VertexOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) normal: vec3<f32>,
    @location(1) uv_a: vec2<f32>,
    @location(2) uv_b: vec2<f32>,
    @location(3) uv_c: vec2<f32>,
    @location(4) edge_fade: f32,
    @location(5) world_pos: vec3<f32>,
    // rgb: batch colour, a: mesh alpha
    @location(6) @interpolate(flat) color: vec4<f32>,
    // texture weights of stages 0-3
    @location(7) @interpolate(flat) weights: vec4<f32>,
    @location(8) light: vec4<f32>,
};

// A batch's colour, weights and texture matrices for one instance: from the
// batch uniform (CPU path) or the values animate.wgsl wrote for it.
struct Animated {
    color: vec4<f32>,
    weights: vec4<f32>,
    tex0: mat4x4<f32>,
    tex1: mat4x4<f32>,
};

fn value_matrix(base: u32, index: i32) -> mat4x4<f32> {
    if (index < 0) {
        return mat4x4<f32>(vec4(1.0, 0.0, 0.0, 0.0), vec4(0.0, 1.0, 0.0, 0.0), vec4(0.0, 0.0, 1.0, 0.0), vec4(0.0, 0.0, 0.0, 1.0));
    }
    let o = base + u32(index);
    return mat4x4<f32>(value(o), value(o + 1u), value(o + 2u), value(o + 3u));
}

fn value_weight(base: u32, index: i32) -> f32 {
    if (index < 0) { return 1.0; }
    return value(base + u32(index)).x;
}

fn animated(inst: Instance) -> Animated {
    var a: Animated;
    if (!GROUP || inst.values == 0xffffffffu) {
        a.color = batch.color;
        a.weights = batch.weights;
        a.tex0 = batch.tex_matrix0;
        a.tex1 = batch.tex_matrix1;
        return a;
    }
    // rules.rs mesh_alpha: colour alpha x first weight x model alpha (batch.color.a)
    var c = vec4(1.0);
    if (batch.color_index >= 0) { c = value(inst.values + u32(batch.color_index)); }
    let w = batch.weight_index;
    a.weights = vec4(value_weight(inst.values, w.x), value_weight(inst.values, w.y),
                     value_weight(inst.values, w.z), value_weight(inst.values, w.w));
    a.color = vec4(c.rgb, c.a * value_weight(inst.values, batch.alpha_weight) * batch.color.a);
    a.tex0 = value_matrix(inst.values, batch.transform_index.x);
    a.tex1 = value_matrix(inst.values, batch.transform_index.y);
    return a;
}

// Sphere environment map (WebWowViewerCpp posToTexCoord, eye -> vertex form).
fn env_uv(view_pos: vec3<f32>, view_normal: vec3<f32>) -> vec2<f32> {
    let r = reflect(normalize(view_pos), view_normal);
    let m = normalize(vec3(r.x, r.y, r.z + 1.0));
    return vec2(0.5) - 0.5 * m.xy;
}

// Sum of the model lights at a world-space point with unit normal n.
fn model_lights(n: vec3<f32>, p: vec3<f32>) -> vec3<f32> {
    var sum = vec3(0.0);
    for (var i = 0u; i < min(frame.light_count.x, 4u); i++) {
        let l = frame.light_position[i];
        let color = frame.light_color[i].rgb;
        if (l.w == 0.0) {
            let dir = normalize((frame.world * vec4(l.xyz, 0.0)).xyz);
            sum += color * color * max(dot(n, dir), 0.0);
            continue;
        }
        let to_light = (frame.world * vec4(l.xyz, 1.0)).xyz - p;
        let d = max(length(to_light), 1e-4);
        let a = frame.light_attenuation[i];
        let atten = 1.0 - clamp((d - a.x) / (a.y - a.x), 0.0, 1.0);
        let c = atten * color;
        sum += c * c * max(dot(n, to_light / d), 0.0);
    }
    return sum;
}

@vertex
fn vs_main(v: VertexIn, @builtin(instance_index) instance: u32) -> VertexOut {
    let inst = instance_of(instance);
    let anim = animated(inst);
    let m = inst.world * skin_matrix(v.weights, v.indices, inst.palette);
    let world = m * vec4(v.position, 1.0);
    let n = normalize((m * vec4(v.normal, 0.0)).xyz);
    var out: VertexOut;
    out.clip = frame.view_proj * world;
    out.color = anim.color;
    out.weights = anim.weights;
    if (anim.color.a < 0.0001) {
        // invisible this frame (the CPU path skips such a batch): no area, no fragments
        out.clip = vec4(0.0, 0.0, 2.0, 1.0);
    }
    out.normal = n;
    out.light = v.light;
    out.world_pos = world.xyz;
    let view_pos = (frame.view * world).xyz;
    let view_n = normalize((frame.view * vec4(n, 0.0)).xyz);
    let t1 = (anim.tex0 * vec4(v.uv0, 0.0, 1.0)).xy;
    let t2 = (anim.tex1 * vec4(v.uv1, 0.0, 1.0)).xy;
    let t1b = (anim.tex1 * vec4(v.uv0, 0.0, 1.0)).xy;
    let env = env_uv(view_pos, view_n);
    var a = t1;
    var b = t1;
    var c = t1;
    switch batch.vertex_shader {
        case 1u: { a = env; }                          // Diffuse_Env
        case 2u, 12u: { b = t2; }                      // Diffuse_T1_T2, EdgeFade_T1_T2
        case 3u: { b = env; }                          // Diffuse_T1_Env
        case 4u: { a = env; b = t1; }                  // Diffuse_Env_T1
        case 5u, 13u: { a = env; b = env; }            // Diffuse_Env_Env, EdgeFade_Env
        case 6u: { b = env; c = t1b; }                 // Diffuse_T1_Env_T1
        case 7u, 8u: { b = t1b; c = t1b; }             // Diffuse_T1_T1(_T1)
        case 10u: { a = (anim.tex0 * vec4(v.uv1, 0.0, 1.0)).xy; } // Diffuse_T2
        case 11u: { b = env; c = t2; }                 // Diffuse_T1_Env_T2
        case 14u: { b = t2; c = t1b; }                 // Diffuse_T1_T2_T1
        case 15u: { b = t2; c = vec2(0.0); }           // Diffuse_T1_T2_T3
        case 16u: { a = t2; b = vec2(0.0); c = vec2(0.0); } // Color_T1_T2_T3
        default: { }                                   // Diffuse_T1, EdgeFade_T1, BW_*
    }
    out.uv_a = a;
    out.uv_b = b;
    out.uv_c = c;
    out.edge_fade = 1.0;
    if (batch.vertex_shader == 9u || batch.vertex_shader == 12u || batch.vertex_shader == 13u) {
        let d = clamp(dot(normalize(-view_pos), view_n), 0.0, 1.0);
        out.edge_fade = clamp(2.7 * d * d - 0.4, 0.0, 1.0);
    }
    return out;
}

struct Combined {
    diffuse: vec3<f32>,
    spec: vec3<f32>,
    alpha: f32,
    // whether the combiner produces an alpha that alpha-key may test
    can_discard: bool,
};

fn combine(id: u32, c: vec3<f32>, t1: vec4<f32>, t2: vec4<f32>, t3: vec4<f32>, t4: vec4<f32>, w: vec4<f32>) -> Combined {
    var r: Combined;
    r.spec = vec3(0.0);
    r.alpha = 1.0;
    r.can_discard = true;
    switch id {
        case 0u: { r.diffuse = c * t1.rgb; r.can_discard = false; }              // Opaque
        case 1u: { r.diffuse = c * t1.rgb; r.alpha = t1.a; }                     // Mod
        case 2u: { r.diffuse = c * t1.rgb * t2.rgb; r.alpha = t2.a; }            // Opaque_Mod
        case 3u: { r.diffuse = 2.0 * c * t1.rgb * t2.rgb; r.alpha = 2.0 * t2.a; } // Opaque_Mod2x
        case 4u: { r.diffuse = 2.0 * c * t1.rgb * t2.rgb; r.can_discard = false; } // Opaque_Mod2xNA
        case 5u: { r.diffuse = c * t1.rgb * t2.rgb; r.can_discard = false; }     // Opaque_Opaque
        case 6u: { r.diffuse = c * t1.rgb * t2.rgb; r.alpha = t1.a * t2.a; }     // Mod_Mod
        case 7u: { r.diffuse = 2.0 * c * t1.rgb * t2.rgb; r.alpha = 2.0 * t1.a * t2.a; } // Mod_Mod2x
        case 8u: { r.diffuse = c * t1.rgb; r.spec = t2.rgb; r.alpha = t1.a + t2.a; } // Mod_Add
        case 9u: { r.diffuse = 2.0 * c * t1.rgb * t2.rgb; r.alpha = t1.a; }      // Mod_Mod2xNA
        case 10u: { r.diffuse = c * t1.rgb; r.spec = t2.rgb; r.alpha = t1.a; }   // Mod_AddNA
        case 11u: { r.diffuse = c * t1.rgb * t2.rgb; r.alpha = t1.a; }           // Mod_Opaque
        case 12u: { r.diffuse = c * mix(2.0 * t1.rgb * t2.rgb, t1.rgb, t1.a); r.can_discard = false; }
        case 13u: { r.diffuse = c * t1.rgb; r.spec = t2.rgb * t2.a; r.can_discard = false; }
        case 14u: { r.diffuse = c * t1.rgb; r.spec = t2.rgb * t2.a * (1.0 - t1.a); r.can_discard = false; }
        case 15u: { r.diffuse = c * mix(2.0 * t1.rgb * t2.rgb, t1.rgb, t1.a); r.spec = t3.rgb * t3.a * w.z; r.can_discard = false; }
        case 16u: { r.diffuse = c * t1.rgb; r.spec = t2.rgb * t2.a; r.alpha = t1.a; }
        case 17u: {
            r.diffuse = c * t1.rgb;
            r.spec = t2.rgb * t2.a * (1.0 - t1.a);
            r.alpha = t1.a + t2.a * (0.3 * t2.r + 0.59 * t2.g + 0.11 * t2.b);
        }
        case 18u: { r.diffuse = c * mix(mix(t1.rgb, t2.rgb, t2.a), t1.rgb, t1.a); r.can_discard = false; }
        case 19u: { r.diffuse = c * mix(2.0 * t1.rgb * t2.rgb, t3.rgb, t3.a); r.can_discard = false; }
        case 20u: { r.diffuse = c * t1.rgb; r.spec = t2.rgb * t2.a * w.y; r.can_discard = false; }
        case 21u: { r.diffuse = c * t1.rgb; r.spec = t2.rgb * (1.0 - t1.a); r.alpha = t1.a + t2.a; }
        case 22u: { r.diffuse = c * mix(t1.rgb * t2.rgb, t1.rgb, t1.a); r.can_discard = false; }
        case 23u: { r.diffuse = c * t1.rgb; r.spec = t2.rgb * t2.a * w.y; r.alpha = t1.a; }
        case 24u: { r.diffuse = c * mix(t1.rgb, t2.rgb, t2.a); r.spec = t1.rgb * t1.a * w.x; r.can_discard = false; }
        case 25u: {
            let g = clamp(t3.a * w.z, 0.0, 1.0);
            r.diffuse = c * mix(2.0 * t1.rgb * t2.rgb, t1.rgb, t1.a) * (1.0 - g);
            r.spec = t3.rgb * g;
            r.can_discard = false;
        }
        case 26u, 28u: {
            let m = mix(mix(t1, t2, clamp(w.y, 0.0, 1.0)), t3, clamp(w.z, 0.0, 1.0));
            r.diffuse = c * m.rgb;
            r.alpha = m.a;
            if (id == 28u) { r.alpha = m.a * t4.a; }
        }
        case 27u: { r.diffuse = c * mix(mix(2.0 * t1.rgb * t2.rgb, t3.rgb, t3.a), t1.rgb, t1.a); r.can_discard = false; }
        case 29u: { r.diffuse = c * mix(t1.rgb, t2.rgb, t2.a); r.can_discard = false; }
        case 30u, 32u: {
            // guild colours default to white in a viewer
            r.diffuse = c * mix(t1.rgb * mix(vec3(1.0), t2.rgb, t2.a), t3.rgb, t3.a);
            r.alpha = t1.a;
            if (id == 32u) { r.alpha = 1.0; r.can_discard = false; }
        }
        case 31u: { r.diffuse = c * t1.rgb * mix(vec3(1.0), t2.rgb, t2.a); r.alpha = t1.a; }
        case 33u: { r.diffuse = c * t1.rgb; r.alpha = t1.a; }
        case 34u: { r.diffuse = vec3(0.0); r.alpha = t1.a; }
        case 35u: { let m = t1 * t2 * t3; r.diffuse = c * m.rgb; r.alpha = m.a; }
        case 36u: { r.diffuse = c * t1.rgb * t2.rgb; r.alpha = t1.a * t2.a; }
        // Wrath-only combiners (wowdev wiki "M2/Rendering", equivalents)
        case 40u: { r.diffuse = mix(c, t1.rgb, t1.a); r.alpha = t1.a; }         // Decal
        case 41u: { r.diffuse = c * t1.rgb; r.spec = t1.rgb; r.alpha = t1.a; }  // Add
        case 42u: { r.diffuse = 2.0 * c * t1.rgb; r.alpha = 2.0 * t1.a; }       // Mod2x
        case 43u: { r.diffuse = mix(t1.rgb, c, 0.5); r.alpha = t1.a; }          // Fade
        case 44u: { r.diffuse = c * t1.rgb; r.spec = t2.rgb; r.can_discard = false; } // Opaque_Add
        case 45u: { r.diffuse = c * t1.rgb; r.spec = t2.rgb; r.can_discard = false; } // Opaque_AddNA
        case 46u: { r.diffuse = c * t1.rgb * t2.rgb; r.spec = t1.rgb; r.alpha = t1.a; } // Add_Mod
        case 47u: { r.diffuse = 4.0 * c * t1.rgb * t2.rgb; r.alpha = 4.0 * t1.a * t2.a; } // Mod2x_Mod2x
        default: { r.diffuse = c * t1.rgb; r.alpha = t1.a; }
    }
    return r;
}

// Reforged HD shading (Shader_HD_DefaultUnit) after Retera's Model Studio HD
// shader (rms/editor/render3d/NGGLDP.java): the diffuse map mixed toward
// diffuse x team colour by the ORM alpha; the normal map in a tangent frame
// from the screen derivatives of position and UV (Schüler, "Normal Mapping
// Without Precomputed Tangents", 2013: the file's TANG is not needed; x and
// y from red and green as BC5 stores them, z rebuilt); lit by the preview
// light as the SD path is, darkened by the ORM occlusion; a specular highlight (Blinn half vector, half-Lambert shaped,
// exponent 32) scaled by smoothness (0.5 - roughness) plus metallic and
// coloured by the reflections map (0.2 + 2x, read by the reflected view
// direction in latitude-longitude as mdx-m3-viewer's sampleEnvironmentMap)
// toward the base colour as roughness grows; a fresnel rim of the layer's
// fresnel colour (mixed toward the team colour) by 1 - N.V; the emissive map
// times the square root of its gain.
fn hd_shade(diffuse: vec3<f32>, normal_map: vec4<f32>, orm: vec4<f32>, emissive: vec3<f32>, team: vec3<f32>,
            n: vec3<f32>, world_pos: vec3<f32>, dp1: vec3<f32>, dp2: vec3<f32>, duv1: vec2<f32>,
            duv2: vec2<f32>) -> vec3<f32> {
    let color = diffuse * mix(vec3(1.0), team, orm.a);
    let dp2perp = cross(dp2, n);
    let dp1perp = cross(n, dp1);
    let t = dp2perp * duv1.x + dp1perp * duv2.x;
    let b = dp2perp * duv1.y + dp1perp * duv2.y;
    let scale = inverseSqrt(max(max(dot(t, t), dot(b, b)), 1e-20));
    let xy = normal_map.rg * 2.0 - 1.0;
    let tangent_n = vec3(xy, sqrt(max(1.0 - dot(xy, xy), 0.0)));
    let mapped = normalize(t * scale * tangent_n.x + b * scale * tangent_n.y + n * tangent_n.z);

    let l = -frame.light_dir.xyz;
    let ndl = max(dot(mapped, l), 0.0);
    let light = clamp(frame.ambient.rgb + frame.diffuse.rgb * ndl, vec3(0.0), vec3(1.0));
    let lit = color * light * orm.r;

    // The eye in world space: the view matrix is a rotation R and translation t, eye = -R^T t.
    let r = mat3x3(frame.view[0].xyz, frame.view[1].xyz, frame.view[2].xyz);
    let eye = -(transpose(r) * frame.view[3].xyz);
    let v = normalize(eye - world_pos);
    let h = normalize(l + v);
    let spec = pow(max(dot(mapped, h) * 0.5 + 0.5, 0.0), 32.0);
    let refl = reflect(-v, mapped);
    let env_uv = vec2(atan2(refl.x, refl.y), -asin(clamp(refl.z, -1.0, 1.0))) * vec2(0.1591, 0.3183) + 0.5;
    let reflections = clamp(0.2 + 2.0 * textureSampleLevel(tex5, smp0, env_uv, 0.0).rgb, vec3(0.0), vec3(1.0));
    let roughness = orm.g;
    let specular = (max(0.5 - roughness, 0.0) + orm.b) * spec * (reflections * (1.0 - roughness) + color * roughness);

    let rim_color = mix(batch.fresnel.rgb, team, batch.hd.x);
    let rim = rim_color * (1.0 - clamp(dot(v, mapped), 0.0, 1.0)) * batch.fresnel.a;
    return lit + specular + rim + emissive * sqrt(max(batch.hd.y, 0.0));
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    // Derivatives for the HD path's tangent frame, taken while control flow is uniform
    // (the branch reads the batch uniform) and only for HD batches.
    var dp1 = vec3(0.0);
    var dp2 = vec3(0.0);
    var duv1 = vec2(0.0);
    var duv2 = vec2(0.0);
    if (batch.pixel_shader == PS_HD) {
        dp1 = dpdx(in.world_pos);
        dp2 = dpdy(in.world_pos);
        duv1 = dpdx(in.uv_a);
        duv2 = dpdy(in.uv_a);
    }
    // Sampling only what the combiner reads matters on software rasterizers.
    // (The count is uniform, so these branches keep uniform control flow.)
    let n = batch.texture_count;
    let t1 = textureSample(tex0, smp0, in.uv_a);
    var t2 = vec4(1.0);
    var t3 = vec4(1.0);
    var t4 = vec4(1.0);
    if (n > 1u) { t2 = textureSample(tex1, smp1, in.uv_b); }
    if (n > 2u) { t3 = textureSample(tex2, smp2, in.uv_c); }
    if (n > 3u) { t4 = textureSample(tex3, smp3, in.uv_b); }
    var t5 = vec4(1.0);
    if (n > 4u) { t5 = textureSample(tex4, smp0, in.uv_a); }
    let blend = batch.blend;
    let cmb = combine(batch.pixel_shader, in.color.rgb * in.edge_fade, t1, t2, t3, t4, in.weights);
    let mesh_alpha = in.color.a * in.edge_fade;

    // Alpha test (wowdev wiki "M2/Rendering", blend modes): alpha key at the material's
    // reference (WoW 128/255, Warcraft III 0.75), blended modes drop ~0.
    var alpha = mesh_alpha;
    if (blend == 1u) {
        if (cmb.can_discard && cmb.alpha < batch.alpha_ref) { discard; }
    } else if (blend >= 2u) {
        alpha = cmb.alpha * mesh_alpha;
        if (alpha < 1.0 / 255.0) { discard; }
    }

    // Lighting: ambient + one directional light, unless unlit (flag) or Mod/Mod2x;
    // model lights summed in linear space (lighting.rs, WebWowViewerCpp calcLight).
    var rgb = cmb.diffuse;
    let unlit = (batch.flags & 1u) != 0u || blend == 4u || blend == 5u;
    if (batch.pixel_shader == PS_HD) {
        rgb = hd_shade(cmb.diffuse, t2, t3, t4.rgb, t5.rgb, normalize(in.normal), in.world_pos, dp1, dp2, duv1, duv2);
    } else if (!unlit) {
        let n = normalize(in.normal);
        let ndl = max(dot(n, -frame.light_dir.xyz), 0.0);
        // A WMO interior is lit by its baked vertex light (wowdev wiki "WMO", MOCV), not the sun.
        let sun = select(frame.ambient.rgb + frame.diffuse.rgb * ndl, in.light.rgb, in.light.a > 0.5);
        let gamma = rgb * sun;
        let local = model_lights(n, in.world_pos);
        rgb = sqrt(gamma * gamma + rgb * rgb * local);
    }
    rgb = rgb + cmb.spec;
    return vec4(fogged(rgb, in.world_pos, blend), alpha);
}

// Linear distance fog (lighting.rs Fog): additive batches fade to black, Mod to
// white, Mod2x to grey (WebWowViewerCpp validateFogColor), so what they blend
// with is left as the fog made it.
fn fogged(rgb: vec3<f32>, world_pos: vec3<f32>, blend: u32) -> vec3<f32> {
    if (frame.fog_color.a == 0.0 || (batch.flags & 2u) != 0u) {
        return rgb;
    }
    let d = length((frame.view * vec4(world_pos, 1.0)).xyz);
    let keep = clamp((frame.fog_range.y - d) / (frame.fog_range.y - frame.fog_range.x), 0.0, 1.0);
    var color = frame.fog_color.rgb;
    switch blend {
        case 3u, 10u, 13u: { color = vec3(0.0); }
        case 4u: { color = vec3(1.0); }
        case 5u: { color = vec3(0.5); }
        default: { }
    }
    return mix(color, rgb, keep);
}
