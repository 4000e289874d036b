//! N animated instances of a real creature (`Corehound2.m2`, or the writer
//! fixture without the sample corpus) on a grid at 1280×720 with a moving
//! camera, through both paths:
//!
//! - the CPU path (one `ModelInstance` pose and one `GpuInstance` per copy,
//!   one draw per copy and batch): "eval" (N poses), "cpu_path_cpu" (the CPU
//!   part of a frame: advance, pose, per-copy uploads, sort, encode, submit;
//!   the GPU's work is not waited for), "cpu_path_frame" (the same, then wait
//!   for the GPU);
//! - the GPU path (one `InstanceGroup`: players advanced on the CPU, tracks
//!   sampled by the compute pass, one draw per batch for all copies):
//!   "gpu_path_cpu" (advance, cull, order, records, encode, submit) and
//!   "gpu_path_frame" (then wait).
//!
//! On a software adapter (lavapipe) copies past 100 would rasterise millions
//! of triangles per frame (1,000 Corehound2s exhaust 24 GB there), so from
//! N = 1,000 both paths draw no geosets (`*_nodraw`: the CPU path still
//! poses and uploads every copy, the GPU path still animates every copy in
//! its compute pass) and the whole-frame cases are skipped; on a real GPU
//! every case draws.
//!
//! Goals (issue 16): the GPU path's CPU time independent of N up to 10,000
//! (≤ 2 ms on the 2-core reference machine); on a real GPU 10,000 animated
//! creatures ≥ 60 fps.
//!
//! `cargo bench -p m2view --bench instances` (`M2VIEW_BENCH_N=1,100` to choose N;
//! default 1, 100, 1000, 10000).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use glam::{Mat4, Vec3};
use m2view::textures;
use m2view_anim::ModelInstance;
use m2view_format::{LoadedModel, fixtures};
use m2view_render::camera::Camera;
use m2view_render::target::{OFFSCREEN_FORMAT, OffscreenTarget};
use m2view_render::{FrameBuilder, FrameParams, Gpu, GroupMember, GroupParams, Lighting, Renderer};
use rayon::prelude::*;

fn creature() -> LoadedModel {
    if let Some(dir) = fixtures::samples_dir() {
        let p = dir.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2");
        return m2view::open::Opened::open(&p, &Default::default()).map(|o| o.lm).unwrap();
    }
    // Without the corpus: the embedded demo model (the writer's two boxes).
    let demo = m2view::app::demo::write_to_temp().unwrap();
    m2view::open::Opened::open(&demo, &Default::default()).map(|o| o.lm).unwrap()
}

fn bench(c: &mut Criterion) {
    let lm = creature();
    let model = &lm.model;
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    eprintln!("instances benchmark on {} with {}", gpu.adapter_summary(), lm.path.display());
    let renderer = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let textures = textures::load_textures(
        &lm,
        renderer.supports_bc(),
        m2view_render::texture::DEFAULT_TEAM_COLOR,
        &mut Vec::new(),
    );
    let gm = renderer.upload(model, &textures);
    let target = OffscreenTarget::new(&gpu.device, 1280, 720);
    let ns: Vec<usize> = std::env::var("M2VIEW_BENCH_N")
        .ok()
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1, 100, 1000, 10_000]);
    let (min, max) = m2view_render::camera::frame_bounds(model, 0, &[], None);
    let size = (max - min).max_element().max(1.0);
    let geosets = model.default_geosets(0);
    let software = gpu.adapter.get_info().device_type == wgpu::DeviceType::Cpu;
    let mut g = c.benchmark_group("instances");
    g.sample_size(10);
    g.measurement_time(std::time::Duration::from_secs(4));
    for &n in &ns {
        let draw = !software || n <= 100;
        let visible = |id: u16| draw && geosets.contains(&id);
        let suffix = if draw { "" } else { "_nodraw" };
        let side = (n as f32).sqrt().ceil() as usize;
        let worlds: Vec<Mat4> = (0..n)
            .map(|i| Mat4::from_translation(Vec3::new((i % side) as f32, (i / side) as f32, 0.0) * size * 1.2))
            .collect();
        let mut anims: Vec<ModelInstance> = (0..n)
            .map(|i| {
                let mut a = ModelInstance::new(model, 1);
                a.player.advance(model, i as f32 * 37.0); // desynchronised
                a
            })
            .collect();
        let mut instances: Vec<_> = (0..n).map(|_| renderer.instance(&gm)).collect();
        let center = Vec3::new(side as f32 * 0.6, side as f32 * 0.6, 0.3) * size;
        let mut angle = 0.0f32;
        g.bench_function(format!("eval/{n}"), |b| {
            b.iter(|| {
                for a in &mut anims {
                    a.player.advance(model, 16.0);
                    a.pose(model, Mat4::IDENTITY);
                }
                black_box(&anims);
            })
        });
        let mut camera = || {
            angle += 0.05;
            let radius = side as f32 * size * 1.1 + size * 2.0;
            let cam = Camera {
                eye: center + Vec3::new(angle.cos() * radius, angle.sin() * radius, radius * 0.6),
                target: center,
                up: Vec3::Z,
                fov_y: 0.8,
                near: 0.5,
                far: radius * 4.0,
                ortho: None,
            };
            (cam.view(), cam.proj(1280.0 / 720.0))
        };
        // One frame of the CPU path; returns the CPU time up to the submit.
        let mut cpu_frame = |wait: bool| {
            let start = Instant::now();
            let (view, proj) = camera();
            let mut enc = gpu.device.create_command_encoder(&Default::default());
            for i in 0..n {
                anims[i].player.advance(model, 16.0);
                anims[i].pose(model, view * worlds[i]);
                let params = FrameParams {
                    world: worlds[i],
                    view,
                    proj,
                    lod: 0,
                    geoset_visible: &visible,
                    pose: &anims[i].pose,
                    model_alpha: 1.0,
                    lighting: Lighting::default(),
                };
                renderer.prepare(&gm, &mut instances[i], model, &params);
            }
            {
                let mut pass = target.begin_pass(&mut enc, [0.1, 0.1, 0.12, 1.0]);
                let mut frame = FrameBuilder::new();
                for inst in &instances {
                    frame.add(&gm, inst);
                }
                renderer.record(&mut frame, &mut pass);
            }
            submit(&gpu, enc, start, wait)
        };
        g.bench_function(format!("cpu_path_cpu{suffix}/{n}"), |b| {
            b.iter_custom(|iters| timed(iters, &gpu, &mut cpu_frame))
        });
        if draw {
            g.bench_function(format!("cpu_path_frame/{n}"), |b| b.iter(|| cpu_frame(true)));
        }
        drop(instances);
        let Some(mut group) = renderer.instance_group(model) else {
            eprintln!("*** {}: no compute shaders, the GPU path is not measured ***", gpu.adapter_summary());
            continue;
        };
        let mut gpu_frame = |wait: bool| {
            let start = Instant::now();
            let (view, proj) = camera();
            // The players advance on every core (each copy is independent).
            let members: Vec<GroupMember> = anims
                .par_iter_mut()
                .zip(&worlds)
                .with_min_len(1024)
                .map(|(a, &world)| {
                    a.player.advance(model, 16.0);
                    GroupMember { world, clock: a.player.clock(model) }
                })
                .collect();
            let params = GroupParams {
                view,
                proj,
                lod: 0,
                geoset_visible: &visible,
                model_alpha: 1.0,
                lighting: Lighting::default(),
            };
            renderer.prepare_group(&gm, &mut group, model, &members, &params);
            let mut enc = gpu.device.create_command_encoder(&Default::default());
            renderer.animate(&group, &mut enc);
            {
                let mut pass = target.begin_pass(&mut enc, [0.1, 0.1, 0.12, 1.0]);
                let mut frame = FrameBuilder::new();
                frame.add_group(&gm, &group);
                renderer.record(&mut frame, &mut pass);
            }
            submit(&gpu, enc, start, wait)
        };
        g.bench_function(format!("gpu_path_cpu{suffix}/{n}"), |b| {
            b.iter_custom(|iters| timed(iters, &gpu, &mut gpu_frame))
        });
        if draw {
            g.bench_function(format!("gpu_path_frame/{n}"), |b| b.iter(|| gpu_frame(true)));
        }
    }
    g.finish();
}

/// Submits a frame's commands and returns the CPU time since `start`; with
/// `wait`, then waits for the GPU.
fn submit(gpu: &Gpu, enc: wgpu::CommandEncoder, start: Instant, wait: bool) -> Duration {
    gpu.queue.submit([enc.finish()]);
    let cpu = start.elapsed();
    if wait {
        gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
    }
    cpu
}

/// The summed CPU time of `iters` frames; the GPU is waited for after each
/// frame but outside the measured time, so frames do not queue up.
fn timed(iters: u64, gpu: &Gpu, frame: &mut dyn FnMut(bool) -> Duration) -> Duration {
    (0..iters)
        .map(|_| {
            let cpu = frame(false);
            gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            cpu
        })
        .sum()
}

criterion_group!(benches, bench);
criterion_main!(benches);
