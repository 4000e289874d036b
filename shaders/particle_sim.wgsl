// Particles simulated and expanded on the GPU (gpu_particles.rs): one
// invocation per pool slot spawns a particle where this frame's spawn window
// of its emitter says, else ages, moves and kills the one it holds, then
// writes its head and tail quads (particles.wgsl's instance layout) into
// its emitter's quad region, counting them in the emitter's indirect draw
// arguments. The CPU simulation (m2view-anim `particles.rs`, WebWowViewerCpp
// `managers/particles/particleEmitter.cpp`) is the reference; the rules
// here are its rules, with the GPU's own random numbers.

struct Sim {
    // model -> view, and back
    view: mat4x4<f32>,
    inv_view: mat4x4<f32>,
    dt: f32,
    frame: u32,
    slots: u32,
    pad: u32,
};

// gpu_data.rs EmitterStatic: uploaded once.
struct EmitterStatic {
    // flags, generator (0 plane, 1 sphere), rows, cols, cell offset,
    // capacity, first slot, first quad
    ints: array<u32, 8>,
    // lifespan vary, drag, tail length, spin, spin vary, base spin,
    // base spin vary, twinkle speed, twinkle percent, twinkle min, twinkle max, unused
    floats: array<f32, 12>,
    scale_vary: vec4<f32>,
    wind: vec4<f32>,
    color_times: vec4<f32>,
    color_values: array<vec4<f32>, 4>,
    alpha_times: vec4<f32>,
    alpha_values: vec4<f32>,
    scale_times: vec4<f32>,
    // key k: xy of element k / 2, as .xy (even k) or .zw (odd k)
    scale_values: array<vec4<f32>, 2>,
    head_times: vec4<f32>,
    head_values: vec4<f32>,
    tail_times: vec4<f32>,
    tail_values: vec4<f32>,
    // keys of colour, alpha, scale, head cell, tail cell
    counts: array<u32, 8>,
};

// gpu_data.rs EmitterFrame: written every frame.
struct EmitterFrame {
    matrix: mat4x4<f32>,
    // xyz gravity, w speed
    gravity: vec4<f32>,
    // xyz burst velocity, w speed variation
    burst: vec4<f32>,
    // xyz follow displacement per step, w vertical range
    follow: vec4<f32>,
    // horizontal range, lifespan, area x, area y, z source, max life, inherited scale, unused
    params: array<f32, 8>,
    // spawn window start, count
    spawn: vec4<u32>,
};

struct Particle {
    pos: vec3<f32>,
    age: f32,
    vel: vec3<f32>,
    // 0: the slot is empty
    life: f32,
    seed: u32,
    pad0: u32,
    pad1: u32,
    pad2: u32,
};

@group(0) @binding(0) var<uniform> sim: Sim;
@group(0) @binding(1) var<storage, read> statics: array<EmitterStatic>;
@group(0) @binding(2) var<storage, read> frames: array<EmitterFrame>;
@group(0) @binding(3) var<storage, read_write> particles: array<Particle>;
// 14 u32 per quad (gpu_data.rs QuadInstance)
@group(0) @binding(4) var<storage, read_write> quads: array<u32>;
// per emitter: vertex count, instance count, first vertex, first instance
@group(0) @binding(5) var<storage, read_write> args: array<atomic<u32>>;
// 128 twinkle values (f32 bits), then the emitter of each slot
@group(0) @binding(6) var<storage, read> aux: array<u32>;

const F_VELOCITY_ALIGNED: u32 = 0x4u;
const F_EMITTER_SPACE: u32 = 0x10u;
const F_INHERIT_SCALE: u32 = 0x20u;
const F_SPHERE_KILL_OUTWARD: u32 = 0x80u;
const F_EMIT_UP: u32 = 0x100u;
const F_RANDOM_SPIN: u32 = 0x200u;
const F_TAIL_BY_AGE: u32 = 0x400u;
const F_XY_QUAD: u32 = 0x1000u;
const F_GROUND_CLAMP: u32 = 0x2000u;
const F_RANDOM_CELL: u32 = 0x10000u;
const F_HEAD: u32 = 0x20000u;
const F_TAIL: u32 = 0x40000u;
const F_SCALE_VARY_XY: u32 = 0x80000u;

// xorshift32 (particles.rs Rng).
struct Rng { state: u32 };

fn next_u32(r: ptr<function, Rng>) -> u32 {
    var x = (*r).state;
    x ^= x << 13u;
    x ^= x >> 17u;
    x ^= x << 5u;
    (*r).state = x;
    return x;
}

// uniform in [-1, 1]
fn rand_sym(r: ptr<function, Rng>) -> f32 {
    return f32(next_u32(r) >> 8u) / f32(1u << 23u) - 1.0;
}

// uniform in [0, 1]
fn rand_pos(r: ptr<function, Rng>) -> f32 {
    return f32(next_u32(r) >> 8u) / f32(1u << 24u);
}

// PCG hash: the seed of a new particle from its slot and the frame.
fn hash(v: u32) -> u32 {
    let s = v * 747796405u + 2891336453u;
    let w = ((s >> ((s >> 28u) + 4u)) ^ s) * 277803737u;
    return (w >> 22u) ^ w;
}

fn create(e: EmitterStatic, f: EmitterFrame, slot: u32) -> Particle {
    var r = Rng(max(hash(slot ^ hash(sim.frame)), 1u));
    let flags = e.ints[0];
    var p: Particle;
    let vary = rand_sym(&r);
    p.life = max(f.params[1] + vary * e.floats[0], 0.001);
    p.age = (sim.dt * rand_pos(&r)) % p.life;
    p.seed = next_u32(&r) & 0xffffu;
    let speed = f.gravity.w * (1.0 + f.burst.w * rand_sym(&r));
    let area_x = f.params[2];
    let area_y = f.params[3];
    let z_source = f.params[4];
    var pos: vec3<f32>;
    var vel: vec3<f32>;
    if (e.ints[1] == 1u) {
        let radius = area_x + (area_y - area_x) * rand_pos(&r);
        let polar = f.follow.w * rand_sym(&r);
        let az = f.params[0] * rand_sym(&r);
        let dir = vec3(cos(polar) * cos(az), cos(polar) * sin(az), sin(polar));
        pos = dir * radius;
        if (z_source != 0.0) {
            vel = normalize_or_zero(pos - vec3(0.0, 0.0, z_source)) * speed;
        } else if ((flags & F_EMIT_UP) != 0u) {
            vel = vec3(0.0, 0.0, speed);
        } else {
            vel = dir * speed;
        }
    } else {
        pos = vec3(rand_sym(&r) * area_x * 0.5, rand_sym(&r) * area_y * 0.5, 0.0);
        if (z_source < 0.001) {
            let polar = f.follow.w * rand_sym(&r);
            let az = f.params[0] * rand_sym(&r);
            vel = vec3(cos(az) * sin(polar), sin(az) * sin(polar), cos(polar)) * speed;
        } else {
            vel = normalize_or_zero(pos - vec3(0.0, 0.0, z_source)) * speed;
        }
    }
    if ((flags & F_EMITTER_SPACE) == 0u) {
        pos = (f.matrix * vec4(pos, 1.0)).xyz;
        if ((flags & F_GROUND_CLAMP) != 0u) { pos.z = 0.0; }
        vel = (f.matrix * vec4(vel, 0.0)).xyz;
    }
    if (any(f.burst.xyz != vec3(0.0))) {
        vel += f.burst.xyz * (1.0 + f.burst.w * rand_sym(&r));
    }
    p.pos = pos;
    p.vel = vel;
    return p;
}

fn normalize_or_zero(v: vec3<f32>) -> vec3<f32> {
    let len = length(v);
    if (len > 0.0) { return v / len; }
    return vec3(0.0);
}

// particles.rs life_value: keys at fractions of life, linear between, held
// at both ends; `step` holds each key until the next (cells).
fn curve_position(times: vec4<f32>, n: u32, t: f32) -> vec2<f32> {
    // x: key index, y: fraction toward the next
    if (n == 0u || t <= times[0]) { return vec2(0.0, 0.0); }
    for (var i = 1u; i < min(n, 4u); i++) {
        if (t <= times[i]) {
            let t0 = times[i - 1u];
            let t1 = times[i];
            var r = 1.0;
            if (t1 > t0) { r = (t - t0) / (t1 - t0); }
            return vec2(f32(i - 1u), r);
        }
    }
    return vec2(f32(min(n, 4u) - 1u), 0.0);
}

fn scale_key(ei: u32, k: u32) -> vec2<f32> {
    let v = statics[ei].scale_values[k / 2u];
    return select(v.xy, v.zw, (k & 1u) == 1u);
}

fn cell_uv(e: EmitterStatic, times: vec4<f32>, values: vec4<f32>, n: u32, t: f32, seed: u32) -> vec4<f32> {
    let rows = max(e.ints[2], 1u);
    let cols = max(e.ints[3], 1u);
    let cells = rows * cols;
    var cell = 0u;
    if (n == 0u) {
        if ((e.ints[0] & F_RANDOM_CELL) != 0u) { cell = (seed * cells) >> 16u; }
    } else {
        let at = curve_position(times, n, t);
        cell = u32(values[u32(at.x)]);
    }
    cell = (cell + e.ints[4]) % cells;
    return vec4(f32(cell % cols) / f32(cols), f32(cell / cols) / f32(rows), 1.0 / f32(cols), 1.0 / f32(rows));
}

fn write_quad(e: u32, base: u32, center: vec3<f32>, ax: vec3<f32>, ay: vec3<f32>, color: vec4<f32>, cell: vec4<f32>) {
    let i = atomicAdd(&args[4u * e + 1u], 1u);
    let o = 14u * (base + i);
    quads[o] = bitcast<u32>(center.x);
    quads[o + 1u] = bitcast<u32>(center.y);
    quads[o + 2u] = bitcast<u32>(center.z);
    quads[o + 3u] = bitcast<u32>(ax.x);
    quads[o + 4u] = bitcast<u32>(ax.y);
    quads[o + 5u] = bitcast<u32>(ax.z);
    quads[o + 6u] = bitcast<u32>(ay.x);
    quads[o + 7u] = bitcast<u32>(ay.y);
    quads[o + 8u] = bitcast<u32>(ay.z);
    quads[o + 9u] = pack4x8unorm(color);
    quads[o + 10u] = pack2x16unorm(cell.xy);
    quads[o + 11u] = pack2x16unorm(cell.zw);
    quads[o + 12u] = 0u;
    quads[o + 13u] = 0u;
}

// particles.rs build_emitter for one particle.
fn expand(ei: u32, e: EmitterStatic, f: EmitterFrame, p: Particle) {
    let flags = e.ints[0];
    let t = clamp(p.age / f.params[5], 0.0, 1.0);
    var rgb = vec3(1.0);
    if (e.counts[0] > 0u) {
        let at = curve_position(e.color_times, e.counts[0], t);
        let k = u32(at.x);
        rgb = mix(statics[ei].color_values[k].xyz, statics[ei].color_values[min(k + 1u, 3u)].xyz, at.y) / 255.0;
    }
    var alpha = 1.0;
    if (e.counts[1] > 0u) {
        let at = curve_position(e.alpha_times, e.counts[1], t);
        let k = u32(at.x);
        alpha = mix(e.alpha_values[k], e.alpha_values[min(k + 1u, 3u)], at.y);
    }
    var scale = vec2(1.0);
    if (e.counts[2] > 0u) {
        let at = curve_position(e.scale_times, e.counts[2], t);
        let k = u32(at.x);
        scale = mix(scale_key(ei, k), scale_key(ei, min(k + 1u, 3u)), at.y);
    }
    var r = Rng(max(0x0FEEFDFAu ^ p.seed, 1u));
    if ((flags & F_SCALE_VARY_XY) != 0u) {
        scale.x *= max(1.0 + rand_sym(&r) * e.scale_vary.x, 1e-4);
        scale.y *= max(1.0 + rand_sym(&r) * e.scale_vary.y, 1e-4);
    } else {
        scale *= max(1.0 + rand_sym(&r) * e.scale_vary.x, 1e-4);
    }
    if ((flags & F_INHERIT_SCALE) != 0u) { scale *= f.params[6]; }
    // twinkle (particles.rs twinkle)
    let lo = e.floats[9];
    let hi = e.floats[10];
    var tw = lo;
    if (!(e.floats[8] >= 1.0 && hi == lo)) {
        let idx = 0x7fu & u32(i32(p.age * e.floats[7]) + i32(p.seed));
        let rt = bitcast<f32>(aux[idx]);
        if (e.floats[8] < rt) { return; }
        tw = lo + (hi - lo) * rt;
    }
    scale *= tw;
    let color = vec4(clamp(rgb, vec3(0.0), vec3(1.0)), clamp(alpha, 0.0, 1.0));
    if (color.a * 255.0 + 0.5 < 1.0) { return; }
    let emitter_space = (flags & F_EMITTER_SPACE) != 0u;
    var center = p.pos;
    var to_view = sim.view;
    if (emitter_space) {
        center = (f.matrix * vec4(p.pos, 1.0)).xyz;
        to_view = sim.view * f.matrix;
    }
    let rot = mat3x3<f32>(to_view[0].xyz, to_view[1].xyz, to_view[2].xyz);
    let back = mat3x3<f32>(sim.inv_view[0].xyz, sim.inv_view[1].xyz, sim.inv_view[2].xyz);
    var spin = 0.0;
    if (e.floats[3] != 0.0 || e.floats[4] != 0.0) {
        let base = e.floats[5] + rand_sym(&r) * e.floats[6];
        let rate = e.floats[3] + rand_sym(&r) * e.floats[4];
        spin = base + rate * p.age;
        if ((flags & F_RANDOM_SPIN) != 0u && (p.seed & 1u) == 1u) { spin = -spin; }
    }
    var head = (flags & F_HEAD) != 0u;
    let tail = (flags & F_TAIL) != 0u;
    if (!head && !tail) { head = true; }
    let qpp = select(0u, 1u, head) + select(0u, 1u, tail);
    let base_quad = e.ints[7];
    if (head) {
        var m0: vec3<f32>;
        var m1: vec3<f32>;
        let s = sin(spin);
        let c = cos(spin);
        if ((flags & F_XY_QUAD) != 0u) {
            let q3 = rot * mat3x3<f32>(vec3(c, s, 0.0), vec3(-s, c, 0.0), vec3(0.0, 0.0, 1.0));
            m0 = q3[0] * scale.x;
            m1 = q3[1] * scale.y;
        } else if ((flags & F_VELOCITY_ALIGNED) != 0u && dot(p.vel, p.vel) > 2.4e-7) {
            let w = rot * -p.vel;
            let d = normalize_or_zero(vec3(w.x, w.y, 0.0));
            m0 = d * scale.x;
            m1 = vec3(d.y * scale.y, -d.x * scale.y, 0.0);
        } else {
            m0 = vec3(c * scale.x, s * scale.x, 0.0);
            m1 = vec3(-s * scale.y, c * scale.y, 0.0);
        }
        let cell = cell_uv(e, e.head_times, e.head_values, e.counts[3], t, p.seed);
        write_quad(ei, base_quad, center, back * m0, back * m1, color, cell);
    }
    if (tail) {
        var trail = e.floats[2];
        if ((flags & F_TAIL_BY_AGE) != 0u) { trail = min(p.age, e.floats[2]); }
        let w = rot * -p.vel * trail;
        let s2 = vec3(w.x, w.y, 0.0);
        var m0 = vec3(0.05 * scale.x, 0.0, 0.0);
        var m1 = vec3(0.0, 0.05 * scale.y, 0.0);
        if (dot(s2, s2) > 1e-4) {
            m0 = w * 0.5;
            m1 = normalize_or_zero(vec3(-s2.y, s2.x, 0.0)) * scale.y;
        }
        let cell = cell_uv(e, e.tail_times, e.tail_values, e.counts[4], t, p.seed);
        write_quad(ei, base_quad, center + back * m0, back * m0, back * m1, color, cell);
    }
}

@compute @workgroup_size(64)
fn simulate(@builtin(global_invocation_id) id: vec3<u32>) {
    let slot = id.x;
    if (slot >= sim.slots) { return; }
    let ei = aux[128u + slot];
    let e = statics[ei];
    let f = frames[ei];
    let capacity = e.ints[5];
    let local = slot - e.ints[6];
    let dt = sim.dt;
    var p = particles[slot];
    // age and kill, or spawn in this frame's window
    if ((local + capacity - f.spawn.x % capacity) % capacity < f.spawn.y) {
        p = create(e, f, slot);
    } else {
        if (p.life <= 0.0) { return; }
        p.age += dt;
        if (p.age > p.life) {
            p.life = 0.0;
            particles[slot] = p;
            return;
        }
    }
    let drift = e.wind.xyz * dt;
    let dv = f.gravity.xyz * dt;
    let dp = f.gravity.xyz * dt * dt * 0.5;
    let drag = min(e.floats[1] * dt, 1.0);
    p.vel += drift;
    if (any(f.follow.xyz != vec3(0.0)) && 2.0 * dt < p.age) { p.pos += f.follow.xyz; }
    let step = p.vel * dt;
    p.vel = (p.vel + dv) * (1.0 - drag);
    p.pos += step + dp;
    if (e.ints[1] == 1u && (e.ints[0] & F_SPHERE_KILL_OUTWARD) != 0u) {
        var rel = p.pos - f.matrix[3].xyz;
        if ((e.ints[0] & F_EMITTER_SPACE) != 0u) { rel = p.pos; }
        if (dot(rel, step) > 0.0) {
            p.life = 0.0;
            particles[slot] = p;
            return;
        }
    }
    particles[slot] = p;
    expand(ei, e, f, p);
}
