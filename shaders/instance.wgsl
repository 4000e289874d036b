// One placed copy of a model (gpu_data.rs InstanceRecord), shared by the
// batch shader (m2.wgsl reads its placement, palette and values) and the
// animation pass (animate.wgsl writes the palette and values it points at).
struct Instance {
    // model -> world
    world: mat4x4<f32>,
    // first matrix of its bone palette
    palette: u32,
    // first vec4 of its colours, texture weights and texture matrices;
    // 0xffffffff: the batch uniform holds them (CPU path)
    values: u32,
    // first u32 of its clock in animate.wgsl's `states`
    state: u32,
    pad: u32,
};

