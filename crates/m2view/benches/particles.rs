//! Particle update and draw for 1, 100 and 1,000 emitters of a real model
//! (`ElwynnCampfire.m2`'s emitters, or the writer fixture's without the sample
//! corpus), replicated on a grid, after 3 s of simulation so the emitters are
//! full: "update" (one 1/60 s CPU step), "build" (view-facing quads),
//! "upload" (the quads into the GPU buffer, submit, wait) and "frame"
//! (update, build, upload, draw at 1280×720, submit, wait, through
//! `m2view_scene::SceneGpu` as the window draws).
//! Goal (issue 5): 1,000 emitters with 1M live particles at ≥ 60 fps on a
//! real GPU: the case `1000x25` (emission rates × 25, ≈ 1M live particles)
//! measures it; its "frame" is skipped on a software adapter (filling a
//! million quads on the CPU says nothing about a GPU). The live particle
//! count is printed per case.
//!
//! The GPU simulation (`m2view_render::gpu_particles`, issue 16) is
//! measured beside it: "gpu_cpu" (the CPU part of a frame: emitter tracks
//! and spawns, upload, encode the compute pass and the indirect draws,
//! submit; the GPU is waited for outside the measured time) and
//! "gpu_frame" (all of it, waited for). On a software adapter the cases
//! with raised rates simulate but draw nothing (a million quads rasterised
//! on the CPU says nothing about a GPU).
//!
//! `cargo bench -p m2view --bench particles` (`M2VIEW_BENCH_N=1,100,1000x25`
//! to choose the cases: emitters, optionally × emission-rate factor).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::{Mat4, Vec3};
use m2view_anim::ModelInstance;
use m2view_anim::particles::ParticleSystem;
use m2view_format::{LoadedModel, fixtures};
use m2view_render::camera::{Camera, Preset};
use m2view_render::target::{OFFSCREEN_FORMAT, OffscreenTarget};
use m2view_render::{FrameBuilder, Gpu, Renderer};
use m2view_scene::{Scene, SceneGpu, SceneOptions};
use m2view_texture as textures;

fn effect_model() -> LoadedModel {
    if let Some(dir) = fixtures::samples_dir() {
        let p = dir.join("Koward_Improved_Models/World/Azeroth/elwynn/passivedoodads/Campfire/ElwynnCampfire.m2");
        if let Ok(lm) = m2view_app::open::Opened::open(&p, &Default::default()).map(|o| o.lm) {
            return lm;
        }
        eprintln!("*** {} not found: using the fixture ***", p.display());
    }
    // Without the corpus: the embedded demo model (the writer's two boxes).
    let demo = m2view_app::demo::write_to_temp().unwrap();
    m2view_app::open::Opened::open(&demo, &Default::default()).map(|o| o.lm).unwrap()
}

fn bench(c: &mut Criterion) {
    let base = effect_model();
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    eprintln!(
        "particles benchmark on {} with {} ({} emitters)",
        gpu.adapter_summary(),
        base.path.display(),
        base.model.particles.len()
    );
    let renderer = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let target = OffscreenTarget::new(&gpu.device, 1280, 720);
    let cases = std::env::var("M2VIEW_BENCH_N").unwrap_or_else(|_| "1,100,1000,1000x25".into());
    let cases: Vec<(String, usize, f32)> = cases
        .split(',')
        .filter_map(|c| {
            let (n, rate) = c.trim().split_once('x').unwrap_or((c.trim(), "1"));
            Some((c.trim().to_string(), n.parse().ok()?, rate.parse().ok()?))
        })
        .collect();
    let software = gpu.adapter.get_info().device_type == wgpu::DeviceType::Cpu;
    let mut g = c.benchmark_group("particles");
    g.sample_size(10);
    g.measurement_time(std::time::Duration::from_secs(4));
    for (name, n, rate) in cases {
        // N emitters: the model's, cycled and spread on a grid (one model, one draw list).
        let mut lm = base.clone();
        let src = base.model.particles.clone();
        let side = (n as f32).sqrt().ceil() as usize;
        let spacing = 4.0;
        lm.model.particles = (0..n)
            .map(|i| {
                let mut e = src[i % src.len()].clone();
                e.bone = None;
                let off = Vec3::new((i % side) as f32, (i / side) as f32, 0.0) * spacing;
                e.position = (Vec3::from(e.position) + off).into();
                for keys in &mut e.emission_rate.sequences {
                    keys.values.iter_mut().for_each(|v| *v *= rate);
                }
                e
            })
            .collect();
        let model = &lm.model;
        let textures = textures::load_textures(
            &lm,
            renderer.supports_bc(),
            m2view_render::texture::DEFAULT_TEAM_COLOR,
            &mut Vec::new(),
        );
        let gm = renderer.upload(model, &textures);
        let mut gi = renderer.instance(&gm);
        let mut anim = ModelInstance::new(model, 1);
        anim.pose(model, Mat4::IDENTITY);
        let (player, pose) = (&mut anim.player, &anim.pose);
        let mut ps = ParticleSystem::new(model, 1);
        for _ in 0..90 {
            ps.update(model, &player.clock(model), &pose.bones, 1.0 / 30.0);
        }
        let mut fx = m2view_render::EffectGeometry::default();
        ps.build(&lm.model, Mat4::IDENTITY, &mut fx.quads, &mut Vec::new());
        eprintln!(
            "{name}: {} live particles, {} quads, {:.1} MB of quads per frame",
            ps.live(),
            fx.quads.len(),
            std::mem::size_of_val(&fx.quads[..]) as f64 / 1e6
        );
        // The whole grid of emitters, and the height the plumes rise to, in view.
        let (lo, hi) = (Vec3::new(-2.0, -2.0, 0.0), Vec3::new(side as f32 * spacing, side as f32 * spacing, 6.0));
        let cam = Camera::framing(lo, hi, Preset::Iso.direction(), 1280.0 / 720.0);
        let (view, proj) = (cam.view(), cam.proj(1280.0 / 720.0));
        g.bench_function(format!("update/{name}"), |b| {
            b.iter(|| ps.update(model, &player.clock(model), &pose.bones, 1.0 / 60.0))
        });
        g.bench_function(format!("build/{name}"), |b| {
            b.iter(|| {
                ps.build(model, view, &mut fx.quads, &mut fx.draws);
                black_box(fx.quads.len())
            })
        });
        ps.build(model, view, &mut fx.quads, &mut fx.draws);
        g.bench_function(format!("upload/{name}"), |b| {
            b.iter(|| {
                renderer.prepare_particles(&mut gi, model, proj * view, &fx);
                gpu.queue.submit([]);
                gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            })
        });
        let geosets = model.default_geosets(0);
        // One frame of the model (its emitters stepped 1/60 s) through the scene, as the window
        // draws it; with `draw` off, simulated only. Returns the CPU time up to the submit.
        let frame = |scene: &mut SceneGpu, inst: &mut ModelInstance, draw: bool, wait: bool| {
            let start = std::time::Instant::now();
            inst.tick(model, 1000.0 / 60.0);
            let view = Scene {
                lm: &lm,
                instance: inst,
                lod: 0,
                geosets: &geosets,
                placed: &mut [],
                mount: None,
                crowd: None,
                sky: None,
                disabled_emitters: &[],
                options: SceneOptions::default(),
            };
            let mut enc = gpu.device.create_command_encoder(&Default::default());
            scene.prepare(&renderer, &gpu.queue, view, &cam, 1280.0 / 720.0, &mut enc);
            if draw {
                let mut pass = target.begin_pass(&mut enc, [0.1, 0.1, 0.12, 1.0]);
                let mut frame = FrameBuilder::new();
                scene.add_to(&mut frame);
                renderer.record(&mut frame, &mut pass);
            }
            gpu.queue.submit([enc.finish()]);
            let cpu = start.elapsed();
            if wait {
                gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            }
            cpu
        };
        let uploaded = |gpu_particles: bool| {
            let mut scene = SceneGpu::new(m2view_render::texture::DEFAULT_TEAM_COLOR);
            let gm = scene.upload(&renderer, &lm, None, &mut Vec::new());
            scene.set_model(&renderer, model, gm, gpu_particles);
            scene
        };
        let mut scene = uploaded(true);
        if scene.simulates_particles_on_gpu() {
            let draw = !(software && rate > 1.0);
            let mut inst = ModelInstance::new(model, 1);
            inst.cpu_particles = false;
            for _ in 0..180 {
                frame(&mut scene, &mut inst, draw, true);
            }
            let gp = scene.gpu_particles().unwrap();
            let drawn: usize = renderer.read_gpu_particle_centers(gp).unwrap().iter().map(Vec::len).sum();
            eprintln!("{name}: GPU path {drawn} quads drawn after 3 s, {} pool slots", gp.slots());
            g.bench_function(format!("gpu_cpu/{name}"), |b| {
                b.iter_custom(|iters| {
                    (0..iters)
                        .map(|_| {
                            let cpu = frame(&mut scene, &mut inst, draw, false);
                            gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
                            cpu
                        })
                        .sum()
                })
            });
            if draw {
                g.bench_function(format!("gpu_frame/{name}"), |b| b.iter(|| frame(&mut scene, &mut inst, true, true)));
            }
        }
        if software && rate > 1.0 {
            eprintln!("{name}: frame skipped on a software adapter");
            continue;
        }
        // The CPU path, from the emitters filled above.
        let mut scene = uploaded(false);
        let mut inst = ModelInstance::new(model, 1);
        inst.particles = ps;
        g.bench_function(format!("frame/{name}"), |b| b.iter(|| frame(&mut scene, &mut inst, true, true)));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
