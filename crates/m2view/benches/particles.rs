//! Particle update and draw for 1, 100 and 1,000 emitters of a real model
//! (`ElwynnCampfire.m2`'s emitters, or the writer fixture's without the sample
//! corpus), replicated on a grid, after 3 s of simulation so the emitters are
//! full: "update" (one 1/60 s CPU step), "build" (view-facing quads),
//! "upload" (the quads into the GPU buffer, submit, wait) and "frame"
//! (update, build, upload, draw at 1280×720, submit, wait).
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
use m2view::textures;
use m2view_anim::ModelInstance;
use m2view_anim::particles::ParticleSystem;
use m2view_format::{LoadedModel, fixtures};
use m2view_render::camera::{Camera, Preset};
use m2view_render::target::{OFFSCREEN_FORMAT, OffscreenTarget};
use m2view_render::{FrameParams, Gpu, Lighting, Renderer};

fn effect_model() -> LoadedModel {
    if let Some(dir) = fixtures::samples_dir() {
        let p = dir.join("Koward_Improved_Models/World/Azeroth/elwynn/passivedoodads/Campfire/ElwynnCampfire.m2");
        if let Ok(lm) = m2view::open::Opened::open(&p, &Default::default()).map(|o| o.lm) {
            return lm;
        }
        eprintln!("*** {} not found: using the fixture ***", p.display());
    }
    // Without the corpus: the embedded demo model (the writer's two boxes).
    let demo = m2view::app::demo::write_to_temp().unwrap();
    m2view::open::Opened::open(&demo, &Default::default()).map(|o| o.lm).unwrap()
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
        let visible = |id: u16| geosets.contains(&id);
        let params = FrameParams {
            world: Mat4::IDENTITY,
            view,
            proj,
            lod: 0,
            geoset_visible: &visible,
            pose,
            model_alpha: 1.0,
            lighting: Lighting::default(),
        };
        if let Some(mut gp) = renderer.gpu_particles(model, 1) {
            let draw = !(software && rate > 1.0);
            let mut gpu_frame = |gp: &mut m2view_render::gpu_particles::GpuParticles, wait: bool| {
                let start = std::time::Instant::now();
                gp.update(&gpu.queue, model, &player.clock(model), &pose.bones, 1.0 / 60.0, view);
                let mut enc = gpu.device.create_command_encoder(&Default::default());
                renderer.simulate_particles(gp, &mut enc);
                if draw {
                    renderer.prepare(&gm, &mut gi, model, &params);
                    renderer.prepare_gpu_particles(&mut gi, gp, model, proj * view);
                    let mut pass = target.begin_pass(&mut enc, [0.1, 0.1, 0.12, 1.0]);
                    renderer.draw(&gm, &gi, &mut pass);
                }
                gpu.queue.submit([enc.finish()]);
                let cpu = start.elapsed();
                if wait {
                    gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
                }
                cpu
            };
            for _ in 0..180 {
                gpu_frame(&mut gp, true);
            }
            let drawn: usize = renderer.read_gpu_particle_centers(&gp).unwrap().iter().map(Vec::len).sum();
            eprintln!("{name}: GPU path {drawn} quads drawn after 3 s, {} pool slots", gp.slots());
            g.bench_function(format!("gpu_cpu/{name}"), |b| {
                b.iter_custom(|iters| {
                    (0..iters)
                        .map(|_| {
                            let cpu = gpu_frame(&mut gp, false);
                            gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
                            cpu
                        })
                        .sum()
                })
            });
            if draw {
                g.bench_function(format!("gpu_frame/{name}"), |b| b.iter(|| gpu_frame(&mut gp, true)));
            }
        }
        if software && rate > 1.0 {
            eprintln!("{name}: frame skipped on a software adapter");
            continue;
        }
        g.bench_function(format!("frame/{name}"), |b| {
            b.iter(|| {
                ps.update(model, &player.clock(model), &pose.bones, 1.0 / 60.0);
                ps.build(model, view, &mut fx.quads, &mut fx.draws);
                renderer.prepare(&gm, &mut gi, model, &params);
                renderer.prepare_particles(&mut gi, model, proj * view, &fx);
                let mut enc = gpu.device.create_command_encoder(&Default::default());
                {
                    let mut pass = target.begin_pass(&mut enc, [0.1, 0.1, 0.12, 1.0]);
                    renderer.draw(&gm, &gi, &mut pass);
                }
                gpu.queue.submit([enc.finish()]);
                gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
