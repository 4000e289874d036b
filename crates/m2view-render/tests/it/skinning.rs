//! GPU skinning agrees with the CPU reference skinner: the shared
//! `skin_matrix` WGSL function (the one the batch shader calls) runs in a
//! compute pass over a posed fixture and a real creature, and every skinned
//! position read back matches `m2view_anim::skin::skin_vertex` within 1e-4
//! (relative to the model size). Runs on any adapter (CI: lavapipe).

use glam::Vec3;
use m2view_anim::{Clock, Pose, evaluate, skin::skin_vertex};
use m2view_format::{Model, fixtures};
use m2view_render::{Gpu, SKINNING_WGSL};
use wgpu::util::DeviceExt;

const CHECK: &str = r#"
struct V { pos: vec4<f32>, weights: vec4<f32>, indices: vec4<u32> };
@group(0) @binding(0) var<storage, read> bones: array<mat4x4<f32>>;
@group(0) @binding(1) var<storage, read> verts: array<V>;
@group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if (id.x >= arrayLength(&verts)) { return; }
    let v = verts[id.x];
    out[id.x] = skin_matrix(v.weights, v.indices, 0u) * vec4(v.pos.xyz, 1.0);
}
"#;

fn gpu_skin(gpu: &Gpu, model: &Model, pose: &Pose) -> Vec<Vec3> {
    let d = &gpu.device;
    let src = format!("{SKINNING_WGSL}\n{CHECK}");
    let module = d.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("skin check"),
        source: wgpu::ShaderSource::Wgsl(src.into()),
    });
    let pipeline = d.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout: None,
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    let bones: Vec<[[f32; 4]; 4]> = pose.bones.iter().map(|m| m.to_cols_array_2d()).collect();
    let mut verts: Vec<f32> = Vec::new();
    for v in &model.vertices {
        verts.extend_from_slice(&[v.position[0], v.position[1], v.position[2], 1.0]);
        verts.extend(v.bone_weights.iter().map(|&w| w as f32 / 255.0));
        verts.extend(v.bone_indices.iter().map(|&i| f32::from_bits(i as u32)));
    }
    let init = |data: &[u8], usage| {
        d.create_buffer_init(&wgpu::util::BufferInitDescriptor { label: None, contents: data, usage })
    };
    let b_bones = init(bytemuck::cast_slice(&bones), wgpu::BufferUsages::STORAGE);
    let b_verts = init(bytemuck::cast_slice(&verts), wgpu::BufferUsages::STORAGE);
    let size = 16 * model.vertices.len() as u64;
    let b_out = d.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let b_read = d.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let bg = d.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[
            wgpu::BindGroupEntry { binding: 0, resource: b_bones.as_entire_binding() },
            wgpu::BindGroupEntry { binding: 1, resource: b_verts.as_entire_binding() },
            wgpu::BindGroupEntry { binding: 2, resource: b_out.as_entire_binding() },
        ],
    });
    let mut enc = d.create_command_encoder(&Default::default());
    {
        let mut pass = enc.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &bg, &[]);
        pass.dispatch_workgroups((model.vertices.len() as u32).div_ceil(64), 1, 1);
    }
    enc.copy_buffer_to_buffer(&b_out, 0, &b_read, 0, size);
    gpu.queue.submit([enc.finish()]);
    let slice = b_read.slice(..);
    slice.map_async(wgpu::MapMode::Read, |r| r.unwrap());
    d.poll(wgpu::PollType::wait_indefinitely()).unwrap();
    let data = slice.get_mapped_range().unwrap();
    let f: &[f32] = bytemuck::cast_slice(&data);
    f.chunks_exact(4).map(|c| Vec3::new(c[0], c[1], c[2])).collect()
}

fn check(gpu: &Gpu, model: &Model, sequence: usize, time_ms: f32) -> usize {
    let g = vec![time_ms; model.global_sequences.len()];
    let mut pose = Pose::default();
    evaluate(model, &Clock::new(sequence, time_ms, &g), None, &mut pose);
    let got = gpu_skin(gpu, model, &pose);
    let scale = model.bounds.radius.max(1.0);
    for (i, (v, g)) in model.vertices.iter().zip(&got).enumerate() {
        let cpu = skin_vertex(v, &pose.bones).0;
        assert!((cpu - *g).length() <= 1e-4 * scale, "vertex {i}: CPU {cpu} GPU {g}");
    }
    got.len()
}

#[test]
fn gpu_skinning_matches_the_cpu_reference() {
    let gpu = Gpu::headless().unwrap_or_else(|e| panic!("GPU tests need an adapter: {e}"));
    let m2 = m2view_format::writer::write_md20(&fixtures::two_boxes(264));
    let skin = m2view_format::writer::write_skin(&fixtures::skin_profile(264), 264);
    let model = m2view_format::model_from_bytes(&m2, "t.m2", &[("s", &skin)]).unwrap();
    assert_eq!(check(&gpu, &model, 0, 500.0), 48);
    // A real creature with multi-bone weights, mid-animation.
    if let Some(dir) = fixtures::samples_dir() {
        let lm = m2view_format::load_model_file(
            &dir.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2"),
            &Default::default(),
        )
        .unwrap();
        let multi = lm.model.vertices.iter().filter(|v| v.bone_weights[1] > 0).count();
        assert!(multi > 100, "{multi} multi-bone vertices");
        assert_eq!(check(&gpu, &lm.model, 1, 400.0), 2884);
    }
}
