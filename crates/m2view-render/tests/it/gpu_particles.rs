//! The GPU particle simulation agrees statistically with the CPU reference:
//! real models' emitters run side by side for 3 s in 1/30 s steps (same
//! clock, same bones); at 1, 2 and 3 s the quads each path draws are
//! counted and boxed. Tolerances: per emitter, the quad count within 25 %
//! (or 8 quads) of the CPU's; over the model, the box of quad centres
//! within 25 % of the CPU box's size (plus 5 % of the model's size) on
//! every side. The random streams differ (the GPU seeds from slot and
//! frame), so equal counts would be luck; far-off counts or boxes are bugs.
//! Runs on any adapter (CI: lavapipe).

use glam::Vec3;
use m2view_anim::ModelInstance;
use m2view_anim::particles::ParticleQuad;
use m2view_anim::ribbons::RibbonVertex;
use m2view_format::{LoadOptions, fixtures};
use m2view_render::gpu_particles::GpuParticles;
use m2view_render::target::OFFSCREEN_FORMAT;
use m2view_render::{Gpu, Renderer};

const MODELS: &[&str] = &[
    "Koward_Improved_Models/World/Azeroth/elwynn/passivedoodads/Campfire/ElwynnCampfire.m2",
    "Koward_Improved_Models/Spells/BlessingofProtection_Base.m2",
    "Koward_Improved_Models/Spells/Cyclone_State.m2",
    "Retera_ReterasModelStudio/matrixeater/stock/particles/LargeFireEmitter.mdx",
];

fn bounds(points: impl Iterator<Item = Vec3>) -> Option<(Vec3, Vec3)> {
    points.fold(None, |b, p| Some(b.map_or((p, p), |(lo, hi): (Vec3, Vec3)| (lo.min(p), hi.max(p)))))
}

#[test]
fn gpu_particles_match_the_cpu_simulation() {
    let Some(dir) = fixtures::samples_dir() else { return };
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    let renderer = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let mut checked = 0;
    for rel in MODELS {
        let lm = m2view_format::load_model_file(&dir.join(rel), &LoadOptions::default()).unwrap();
        let model = &lm.model;
        assert!(GpuParticles::supports(model), "{rel}: every emitter runs on the GPU");
        let mut gp = renderer.gpu_particles(model, 1).expect("the device runs compute shaders");
        let mut inst = ModelInstance::new(model, 1);
        let view = glam::camera::rh::view::look_at_mat4(Vec3::new(10.0, -8.0, 6.0), Vec3::ZERO, Vec3::Z);
        let (lo, hi) = m2view_render::camera::frame_bounds(model, 0, &[], None);
        let size = (hi - lo).length().max(1.0);
        let dt = 1.0 / 30.0;
        for step in 1..=90 {
            inst.tick(model, dt * 1000.0);
            let clock = inst.player.clock(model);
            gp.update(&gpu.queue, model, &clock, &inst.pose.bones, dt, view);
            let mut enc = gpu.device.create_command_encoder(&Default::default());
            renderer.simulate_particles(&gp, &mut enc);
            gpu.queue.submit([enc.finish()]);
            if step % 30 != 0 {
                continue;
            }
            let gpu_quads = renderer.read_gpu_particle_centers(&gp).unwrap();
            let (mut quads, mut strips, mut draws) =
                (Vec::<ParticleQuad>::new(), Vec::<RibbonVertex>::new(), Vec::new());
            inst.build_effects(model, view, &mut quads, &mut strips, &mut draws);
            let mut cpu_quads = vec![Vec::new(); model.particles.len()];
            for (e, r) in draws.iter().filter(|d| d.0 < model.particles.len()) {
                cpu_quads[*e].extend(quads[r.start as usize..r.end as usize].iter().map(|q| Vec3::from(q.center)));
            }
            for (e, (c, g)) in cpu_quads.iter().zip(&gpu_quads).enumerate() {
                let (c, g) = (c.len() as f32, g.len() as f32);
                assert!(
                    (c - g).abs() <= (0.25 * c).max(8.0),
                    "{rel} at {step} steps, emitter {e}: CPU {c} quads, GPU {g}"
                );
            }
            let cpu_box = bounds(cpu_quads.iter().flatten().copied());
            let gpu_box = bounds(gpu_quads.iter().flatten().copied());
            match (cpu_box, gpu_box) {
                (Some((clo, chi)), Some((glo, ghi))) => {
                    let slack = (chi - clo) * 0.25 + Vec3::splat(0.05 * size);
                    assert!(
                        (glo - clo).abs().cmple(slack).all() && (ghi - chi).abs().cmple(slack).all(),
                        "{rel} at {step} steps: CPU box {clo}..{chi}, GPU box {glo}..{ghi}"
                    );
                    checked += 1;
                }
                (None, None) => {}
                (c, g) => panic!("{rel} at {step} steps: CPU {c:?}, GPU {g:?}"),
            }
            eprintln!(
                "{rel} at {:.0} s: CPU {} quads, GPU {} quads",
                step as f32 * dt,
                cpu_quads.iter().map(Vec::len).sum::<usize>(),
                gpu_quads.iter().map(Vec::len).sum::<usize>()
            );
        }
    }
    assert!(checked >= 3 * MODELS.len() - 2, "boxes compared: {checked}");
}

#[test]
fn hostile_emission_rates_stay_bounded() {
    // An emission rate of infinity or NaN gets the CPU path's cap (4,000
    // particles per emitter); a model whose rings would not fit one storage
    // buffer binding stays on the CPU (`None`) instead of failing the device.
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    let renderer = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let m2 = m2view_format::writer::write_md20(&fixtures::two_boxes(264));
    let skin = m2view_format::writer::write_skin(&fixtures::skin_profile(264), 264);
    let mut model = m2view_format::model_from_bytes(&m2, "t.m2", &[("s", &skin)]).unwrap();
    let base = model.particles[0].clone();
    let with_rate = |rate: f32| {
        let mut e = base.clone();
        e.emission_rate = m2view_format::Track::constant(rate);
        e.lifespan = m2view_format::Track::constant(f32::NAN);
        e
    };
    model.particles = vec![with_rate(f32::INFINITY), with_rate(f32::NAN)];
    model.ribbons.clear();
    let mut gp = renderer.gpu_particles(&model, 1).expect("capped rings fit");
    assert_eq!(gp.slots(), 4000 + 16);
    let mut inst = ModelInstance::new(&model, 1);
    for _ in 0..5 {
        inst.tick(&model, 100.0);
        let clock = inst.player.clock(&model);
        gp.update(&gpu.queue, &model, &clock, &inst.pose.bones, 0.1, glam::Mat4::IDENTITY);
        let mut enc = gpu.device.create_command_encoder(&Default::default());
        renderer.simulate_particles(&gp, &mut enc);
        gpu.queue.submit([enc.finish()]);
    }
    let drawn = renderer.read_gpu_particle_centers(&gp).unwrap();
    assert!(drawn[0].len() <= 4000 && drawn[1].is_empty(), "{} and {} quads", drawn[0].len(), drawn[1].len());
    model.particles = vec![with_rate(f32::INFINITY); 1000];
    assert!(renderer.gpu_particles(&model, 1).is_none(), "4M particle slots exceed a storage binding");
}
