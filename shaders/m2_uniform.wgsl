// The bone palette and the one instance record of m2.wgsl as uniform
// buffers, for devices whose vertex shaders cannot read storage buffers
// (WebGL2): at most 256 bones (16 KiB, WebGL2's smallest uniform block
// limit), one copy per draw, no GPU-animated values.

// Bones past 255 are drawn with bone 255 (mesh.rs clamps the vertices' indices).
@group(0) @binding(1) var<uniform> bones: array<mat4x4<f32>, 256>;
@group(0) @binding(2) var<uniform> instance: Instance;

fn instance_of(i: u32) -> Instance {
    return instance;
}

fn value(i: u32) -> vec4<f32> {
    return vec4(1.0);
}
