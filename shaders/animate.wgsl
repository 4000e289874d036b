// GPU animation (animation.rs packs the tracks): one invocation per
// instance samples every track of the model at the instance's own clock,
// composes the bone palette parents first and writes the instance's
// colours, texture weights and texture matrices. The CPU evaluator
// (m2view-anim `pose.rs`, `sample.rs`) is the reference; every rule here is
// the same rule: wowdev wiki "M2" (animation blocks, Interpolation),
// WebWowViewerCpp `algorithms/animate.h` (bone matrix, ignore-parent flags),
// wowdev wiki "M2/Rendering" (billboards), mdx-m3-viewer `quat.sqlerp`
// (quaternion curves).

struct Params {
    // model -> view of the camera; billboards face it
    view: mat4x4<f32>,
    instance_count: u32,
    bone_count: u32,
    // u32s per instance in `states`
    state_stride: u32,
    global_count: u32,
    color_count: u32,
    weight_count: u32,
    transform_count: u32,
    // vec4s per instance in `values`
    value_stride: u32,
    // where each section of `data` starts (u32 index; tracks start at 0)
    range_base: u32,
    time_base: u32,
    key_base: u32,
    bone_base: u32,
};

@group(0) @binding(0) var<uniform> params: Params;
// tracks (4 u32 each): mode, global sequence or NONE, first range, range count
//   mode: bits 0-7 interpolation (0 step, 1 linear, 2 Bezier, 3 Hermite),
//   bit 8 quaternion
// ranges (3 u32 each, one per sequence): first time, first key, key count
//   (bit 31: each key is three vec4s: value, in tangent, out tangent)
// times (u32 ms), keys (4 f32 each), bones (8 u32 each): pivot xyz, parent or NONE, flags
@group(0) @binding(1) var<storage, read> data: array<u32>;
// per instance: sequence, time ms, blend sequence or NONE, blend time ms,
// blend weight, unused, then one time per global sequence (ms)
@group(0) @binding(2) var<storage, read> states: array<u32>;
@group(0) @binding(3) var<storage, read> instances: array<Instance>;
@group(0) @binding(4) var<storage, read_write> palettes: array<mat4x4<f32>>;
@group(0) @binding(5) var<storage, read_write> values: array<vec4<f32>>;

const NONE: u32 = 0xffffffffu;
const STATE_HEADER: u32 = 6u;

fn key(i: u32) -> vec4<f32> {
    let b = params.key_base + 4u * i;
    return bitcast<vec4<f32>>(vec4(data[b], data[b + 1u], data[b + 2u], data[b + 3u]));
}

fn key_time(i: u32) -> f32 {
    return f32(data[params.time_base + i]);
}

fn nlerp(a: vec4<f32>, b: vec4<f32>, t: f32) -> vec4<f32> {
    var e = b;
    if (dot(a, b) < 0.0) { e = -b; }
    let r = mix(a, e, t);
    let len = length(r);
    if (len > 1e-8) { return r / len; }
    return a;
}

// glam's Quat::slerp (inputs normalised).
fn slerp(a: vec4<f32>, b: vec4<f32>, s: f32) -> vec4<f32> {
    var e = b;
    var d = dot(a, b);
    if (d < 0.0) { e = -b; d = -d; }
    if (d > 1.0 - 1.1920929e-7) {
        return normalize(mix(a, e, s));
    }
    let theta = acos(d);
    return (a * sin(theta * (1.0 - s)) + e * sin(theta * s)) / sin(theta);
}

fn cubic_weights(t: f32, bezier: bool) -> vec4<f32> {
    let t2 = t * t;
    let s = 1.0 - t;
    if (bezier) {
        return vec4(s * s * s, 3.0 * t * s * s, 3.0 * t2 * s, t2 * t);
    }
    return vec4(t2 * (2.0 * t - 3.0) + 1.0, t2 * (t - 2.0) + t, t2 * (t - 1.0), t2 * (3.0 - 2.0 * t));
}

fn lerp_value(a: vec4<f32>, b: vec4<f32>, t: f32, quaternion: bool) -> vec4<f32> {
    if (quaternion) { return nlerp(a, b, t); }
    return mix(a, b, t);
}

struct Sampled {
    found: bool,
    value: vec4<f32>,
};

// The track's value for sequence `seq` at `t` ms (global-sequence tracks use
// their own clock); not found when the sequence has no keys.
fn sample_one(track: u32, seq: u32, t_seq: f32, state: u32) -> Sampled {
    var none: Sampled;
    none.found = false;
    let d = 4u * track;
    let mode = data[d];
    let global = data[d + 1u];
    let lists = data[d + 3u];
    if (lists == 0u) { return none; }
    var list = seq;
    var t = t_seq;
    if (global != NONE) {
        list = 0u;
        t = 0.0;
        if (global < params.global_count) { t = bitcast<f32>(states[state + STATE_HEADER + global]); }
    } else if (seq >= lists) {
        list = 0u;
    }
    let r = params.range_base + 3u * (data[d + 2u] + list);
    let t0 = data[r];
    let k0 = data[r + 1u];
    let count = data[r + 2u] & 0x7fffffffu;
    let tangents = (data[r + 2u] >> 31u) != 0u;
    if (count == 0u) { return none; }
    // the key pair around t (clamped at both ends)
    let last = count - 1u;
    var i = 0u;
    var f = 0.0;
    if (last > 0u && t > key_time(t0)) {
        if (t >= key_time(t0 + last)) {
            i = last;
        } else {
            var lo = 0u;
            var hi = count;
            while (lo < hi) {
                let mid = (lo + hi) / 2u;
                if (key_time(t0 + mid) <= t) { lo = mid + 1u; } else { hi = mid; }
            }
            i = lo - 1u;
            let ta = key_time(t0 + i);
            let tb = key_time(t0 + i + 1u);
            if (tb > ta) { f = (t - ta) / (tb - ta); }
        }
    }
    let stride = select(1u, 3u, tangents);
    var out: Sampled;
    out.found = true;
    out.value = key(k0 + stride * i);
    let interp = mode & 0xffu;
    if (f == 0.0 || interp == 0u) { return out; }
    let a = out.value;
    let b = key(k0 + stride * (i + 1u));
    let quaternion = (mode & 0x100u) != 0u;
    if (tangents && interp >= 2u) {
        let a_out = key(k0 + stride * i + 2u);
        let b_in = key(k0 + stride * (i + 1u) + 1u);
        if (quaternion) {
            let s1 = slerp(normalize(a), normalize(b), f);
            let s2 = slerp(normalize(a_out), normalize(b_in), f);
            out.value = slerp(s1, s2, 2.0 * f * (1.0 - f));
        } else {
            let w = cubic_weights(f, interp == 2u);
            out.value = a * w.x + a_out * w.y + b_in * w.z + b * w.w;
        }
        return out;
    }
    out.value = lerp_value(a, b, f, quaternion);
    return out;
}

// The track at the instance's clock, `default` where a sequence has no
// keys, blended with the sequence being blended out (never on global tracks).
fn sample_or(track: u32, state: u32, default_value: vec4<f32>) -> vec4<f32> {
    let seq = states[state];
    let s = sample_one(track, seq, bitcast<f32>(states[state + 1u]), state);
    var a = default_value;
    if (s.found) { a = s.value; }
    let blend_seq = states[state + 2u];
    if (blend_seq == NONE || data[4u * track + 1u] != NONE) { return a; }
    let old = sample_one(track, blend_seq, bitcast<f32>(states[state + 3u]), state);
    var b = default_value;
    if (old.found) { b = old.value; }
    return lerp_value(a, b, bitcast<f32>(states[state + 4u]), (data[4u * track] & 0x100u) != 0u);
}

fn translation(t: vec3<f32>) -> mat4x4<f32> {
    return mat4x4<f32>(vec4(1.0, 0.0, 0.0, 0.0), vec4(0.0, 1.0, 0.0, 0.0), vec4(0.0, 0.0, 1.0, 0.0), vec4(t, 1.0));
}

// glam's Mat3::from_quat.
fn rotation(q: vec4<f32>) -> mat3x3<f32> {
    let x2 = q.x + q.x;
    let y2 = q.y + q.y;
    let z2 = q.z + q.z;
    let xx = q.x * x2;
    let xy = q.x * y2;
    let xz = q.x * z2;
    let yy = q.y * y2;
    let yz = q.y * z2;
    let zz = q.z * z2;
    let wx = q.w * x2;
    let wy = q.w * y2;
    let wz = q.w * z2;
    return mat3x3<f32>(
        vec3(1.0 - (yy + zz), xy + wz, xz - wy),
        vec3(xy - wz, 1.0 - (xx + zz), yz + wx),
        vec3(xz + wy, yz - wx, 1.0 - (xx + yy)),
    );
}

// R(q) · S(s)
fn rotate_scale(q: vec4<f32>, s: vec3<f32>) -> mat3x3<f32> {
    let r = rotation(q);
    return mat3x3<f32>(r[0] * s.x, r[1] * s.y, r[2] * s.z);
}

fn affine(m: mat3x3<f32>, t: vec3<f32>) -> mat4x4<f32> {
    return mat4x4<f32>(vec4(m[0], 0.0), vec4(m[1], 0.0), vec4(m[2], 0.0), vec4(t, 1.0));
}

fn upper(m: mat4x4<f32>) -> mat3x3<f32> {
    return mat3x3<f32>(m[0].xyz, m[1].xyz, m[2].xyz);
}

// T(pivot + t) · R(q) · S(s) · T(−pivot)
fn local_matrix(pivot: vec3<f32>, t: vec3<f32>, q: vec4<f32>, s: vec3<f32>) -> mat4x4<f32> {
    let rs = rotate_scale(q, s);
    return affine(rs, pivot + t - rs * pivot);
}

// The parent matrix edited by the ignore-parent flags (pose.rs `edit_parent`).
fn edit_parent(parent: mat4x4<f32>, flags: u32, pivot: vec3<f32>) -> mat4x4<f32> {
    let ign_trans = (flags & 1u) != 0u;
    let ign_scale = (flags & 2u) != 0u;
    let ign_rot = (flags & 4u) != 0u;
    if (!(ign_rot || ign_scale || ign_trans)) { return parent; }
    var m = upper(parent);
    for (var i = 0; i < 3; i++) {
        if (ign_rot && ign_scale) {
            m[i] = vec3(0.0);
            m[i][i] = 1.0;
        } else if (ign_rot) {
            let len = length(m[i]);
            m[i] = vec3(0.0);
            m[i][i] = len;
        } else if (ign_scale) {
            let len = length(m[i]);
            if (len > 0.0) { m[i] = m[i] / len; } else { m[i] = vec3(0.0); }
        }
    }
    var w = parent[3].xyz;
    if (ign_trans) {
        w = vec3(0.0);
    } else if (ign_rot || ign_scale) {
        w = (parent * vec4(pivot, 1.0)).xyz - m * pivot;
    }
    return affine(m, w);
}

fn safe_normalize(v: vec3<f32>) -> vec3<f32> {
    let len = length(v);
    if (len > 0.0) { return v / len; }
    return vec3(0.0);
}

// Inverse of an affine matrix (bottom row 0, 0, 0, 1).
fn affine_inverse(m: mat4x4<f32>) -> mat4x4<f32> {
    let a = m[0].xyz;
    let b = m[1].xyz;
    let c = m[2].xyz;
    let r0 = cross(b, c);
    let r1 = cross(c, a);
    let r2 = cross(a, b);
    let inv_det = 1.0 / dot(a, r0);
    let inv = transpose(mat3x3<f32>(r0, r1, r2)) * inv_det;
    return affine(inv, -(inv * m[3].xyz));
}

// A billboarded bone's 3×3 rebuilt in view space (pose.rs `billboard`).
fn billboard(m: mat4x4<f32>, flags: u32, pivot: vec3<f32>, view: mat4x4<f32>) -> mat4x4<f32> {
    let mv = view * m;
    let sx = length(mv[0].xyz);
    let sy = length(mv[1].xyz);
    let sz = length(mv[2].xyz);
    var c0: vec3<f32>;
    var c1: vec3<f32>;
    var c2: vec3<f32>;
    if ((flags & 0x8u) != 0u) {
        c0 = vec3(0.0, 0.0, 1.0);
        c1 = vec3(1.0, 0.0, 0.0);
        c2 = vec3(0.0, 1.0, 0.0);
    } else if ((flags & 0x10u) != 0u) {
        let x = safe_normalize(mv[0].xyz);
        let y = safe_normalize(vec3(x.y, -x.x, 0.0));
        c0 = x;
        c1 = y;
        c2 = cross(y, x);
    } else if ((flags & 0x20u) != 0u) {
        let y = safe_normalize(mv[1].xyz);
        let x = safe_normalize(vec3(-y.y, y.x, 0.0));
        c0 = x;
        c1 = y;
        c2 = cross(x, y);
    } else {
        let z = safe_normalize(mv[2].xyz);
        let y = safe_normalize(vec3(z.y, -z.x, 0.0));
        c0 = cross(y, z);
        c1 = y;
        c2 = z;
    }
    let m3 = mat3x3<f32>(c0 * sx, c1 * sy, c2 * sz);
    let t = (mv * vec4(pivot, 1.0)).xyz - m3 * pivot;
    return affine_inverse(view) * affine(m3, t);
}

fn bone_f32(b: u32, k: u32) -> f32 {
    return bitcast<f32>(data[params.bone_base + 8u * b + k]);
}

@compute @workgroup_size(64)
fn animate(@builtin(global_invocation_id) id: vec3<u32>) {
    let n = id.x;
    if (n >= params.instance_count) { return; }
    let inst = instances[n];
    let st = inst.state;
    let modelview = params.view * inst.world;
    for (var b = 0u; b < params.bone_count; b++) {
        let pivot = vec3(bone_f32(b, 0u), bone_f32(b, 1u), bone_f32(b, 2u));
        let parent = data[params.bone_base + 8u * b + 3u];
        let flags = data[params.bone_base + 8u * b + 4u];
        let t = sample_or(3u * b, st, vec4(0.0)).xyz;
        let q = sample_or(3u * b + 1u, st, vec4(0.0, 0.0, 0.0, 1.0));
        let s = sample_or(3u * b + 2u, st, vec4(1.0)).xyz;
        var m = local_matrix(pivot, t, q, s);
        if (parent != NONE) {
            m = edit_parent(palettes[inst.palette + parent], flags, pivot) * m;
        }
        if ((flags & 0x78u) != 0u) {
            m = billboard(m, flags, pivot, modelview);
        }
        palettes[inst.palette + b] = m;
    }
    // colours: rgb and alpha tracks after the bones' three each
    let colors = 3u * params.bone_count;
    for (var c = 0u; c < params.color_count; c++) {
        let rgb = sample_or(colors + 2u * c, st, vec4(1.0)).xyz;
        let a = sample_or(colors + 2u * c + 1u, st, vec4(1.0)).x;
        values[inst.values + c] = vec4(rgb, a);
    }
    let weights = colors + 2u * params.color_count;
    for (var w = 0u; w < params.weight_count; w++) {
        values[inst.values + params.color_count + w] = vec4(sample_or(weights + w, st, vec4(1.0)).x, 0.0, 0.0, 0.0);
    }
    // texture matrices (pose.rs): rotate and scale about (0.5, 0.5), then translate
    let transforms = weights + params.weight_count;
    let center = vec3(0.5, 0.5, 0.0);
    for (var x = 0u; x < params.transform_count; x++) {
        let tt = sample_or(transforms + 3u * x, st, vec4(0.0)).xyz;
        let q = sample_or(transforms + 3u * x + 1u, st, vec4(0.0, 0.0, 0.0, 1.0));
        let s = sample_or(transforms + 3u * x + 2u, st, vec4(1.0)).xyz;
        let rs = rotate_scale(q, s);
        let m = affine(rs, center + rs * (tt - center));
        let o = inst.values + params.color_count + params.weight_count + 4u * x;
        values[o] = m[0];
        values[o + 1u] = m[1];
        values[o + 2u] = m[2];
        values[o + 3u] = m[3];
    }
}
