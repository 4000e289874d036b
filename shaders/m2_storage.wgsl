// The bone palette, instance records and animated values of m2.wgsl as
// storage buffers: any number of bones, and instanced groups (one palette
// and one set of values per copy, written by animate.wgsl).

@group(0) @binding(1) var<storage, read> bones: array<mat4x4<f32>>;
@group(0) @binding(2) var<storage, read> instances: array<Instance>;
// Per GPU-animated instance: colours (rgb, alpha), texture weights (x), texture matrices (4 columns)
@group(0) @binding(3) var<storage, read> values: array<vec4<f32>>;

fn instance_of(i: u32) -> Instance {
    return instances[i];
}

fn value(i: u32) -> vec4<f32> {
    return values[i];
}
