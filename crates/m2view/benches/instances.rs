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
//! Both paths draw through `m2view_scene::SceneGpu`, as the window and
//! `render --crowd` do: a crowd of N is the model and N − 1 copies.
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
use m2view_anim::ModelInstance;
use m2view_format::{LoadedModel, fixtures};
use m2view_render::camera::Camera;
use m2view_render::target::{OFFSCREEN_FORMAT, OffscreenTarget};
use m2view_render::{FrameBuilder, Gpu, Renderer};
use m2view_scene::crowd::Crowd;
use m2view_scene::{Scene, SceneGpu, SceneOptions};
use rayon::prelude::*;

fn creature() -> LoadedModel {
    if let Some(dir) = fixtures::samples_dir() {
        let p = dir.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2");
        return m2view_app::open::Opened::open(&p, &Default::default()).map(|o| o.lm).unwrap();
    }
    // Without the corpus: the embedded demo model (the writer's two boxes).
    let demo = m2view_app::demo::write_to_temp().unwrap();
    m2view_app::open::Opened::open(&demo, &Default::default()).map(|o| o.lm).unwrap()
}

fn bench(c: &mut Criterion) {
    let lm = creature();
    let model = &lm.model;
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    eprintln!("instances benchmark on {} with {}", gpu.adapter_summary(), lm.path.display());
    let renderer = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    // The model uploaded once per path.
    let uploaded = || {
        let mut scene = SceneGpu::new(m2view_render::texture::DEFAULT_TEAM_COLOR);
        let gm = scene.upload(&renderer, &lm, None, &mut Vec::new());
        scene.set_model(&renderer, model, gm, false);
        scene
    };
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
            Camera {
                eye: center + Vec3::new(angle.cos() * radius, angle.sin() * radius, radius * 0.6),
                target: center,
                up: Vec3::Z,
                fov_y: 0.8,
                near: 0.5,
                far: radius * 4.0,
                ortho: None,
            }
        };
        // The model is copy 0; the crowd's copies 1.. stand beside it.
        let mut host = anims.remove(0);
        let mut crowd = Crowd { instances: std::iter::once(host.clone()).chain(anims).collect(), worlds };
        let shown = if draw { geosets.clone() } else { Default::default() };
        // One frame through the scene (the CPU path: `cpu`); returns the CPU time up to the submit.
        let mut frame = |scene: &mut SceneGpu, cpu: bool, wait: bool| {
            let start = Instant::now();
            let cam = camera();
            // The players advance on every core (each copy is independent).
            host.player.advance(model, 16.0);
            crowd.instances[1..].par_iter_mut().with_min_len(1024).for_each(|a| a.player.advance(model, 16.0));
            let view = Scene {
                lm: &lm,
                instance: &mut host,
                lod: 0,
                geosets: &shown,
                placed: &mut [],
                mount: None,
                crowd: Some(&mut crowd),
                sky: None,
                disabled_emitters: &[],
                options: SceneOptions { cpu_animation: cpu, ..SceneOptions::default() },
            };
            let mut enc = gpu.device.create_command_encoder(&Default::default());
            scene.prepare(&renderer, &gpu.queue, view, &cam, 1280.0 / 720.0, &mut enc);
            {
                let mut pass = target.begin_pass(&mut enc, [0.1, 0.1, 0.12, 1.0]);
                let mut frame = FrameBuilder::new();
                scene.add_to(&mut frame);
                renderer.record(&mut frame, &mut pass);
            }
            submit(&gpu, enc, start, wait)
        };
        let mut scene = uploaded();
        g.bench_function(format!("cpu_path_cpu{suffix}/{n}"), |b| {
            b.iter_custom(|iters| timed(iters, &gpu, &mut |wait| frame(&mut scene, true, wait)))
        });
        if draw {
            g.bench_function(format!("cpu_path_frame/{n}"), |b| b.iter(|| frame(&mut scene, true, true)));
        }
        if !renderer.supports_gpu_animation() {
            eprintln!("*** {}: no compute shaders, the GPU path is not measured ***", gpu.adapter_summary());
            continue;
        }
        let mut scene = uploaded();
        g.bench_function(format!("gpu_path_cpu{suffix}/{n}"), |b| {
            b.iter_custom(|iters| timed(iters, &gpu, &mut |wait| frame(&mut scene, false, wait)))
        });
        if draw {
            g.bench_function(format!("gpu_path_frame/{n}"), |b| b.iter(|| frame(&mut scene, false, true)));
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
