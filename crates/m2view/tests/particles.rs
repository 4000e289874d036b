//! Particle emitters drawn on software Vulkan: one emitter per tile (the
//! fixture's emitter on the top box's bone, boxes hidden), simulated from 0
//! to 1000 ms with the fixed seed, compared with a golden grid
//! (`UPDATE_GOLDEN=1` rewrites it). Tiles, left to right, top to bottom:
//! plane/add, sphere/alpha, spline/add, 2×2 atlas with a head-cell curve,
//! tails only, emitter space (follows the turning bone), alpha key, XY quads
//! with spin.

mod common;

use common::{check_golden, gpu, request};
use m2view::render_cmd::{RenderRequest, render_image};
use m2view_anim::particles::flags;
use m2view_format::{BlendMode, EmitterType, LifeCurve, LoadOptions, ParticleEmitter, Track, fixtures};

fn variants(base: &ParticleEmitter) -> Vec<ParticleEmitter> {
    // Lower and denser than the fixture's so every tile shows a plume in frame.
    let base = ParticleEmitter {
        position: [0.0, 0.0, -0.5],
        emission_rate: Track::constant(30.0),
        gravity: Track::constant([0.0, 0.0, -1.0]),
        ..base.clone()
    };
    let with = |f: &dyn Fn(&mut ParticleEmitter)| {
        let mut e = base.clone();
        f(&mut e);
        e
    };
    vec![
        with(&|_| {}),
        with(&|e| {
            e.emitter_type = EmitterType::Sphere;
            e.blend = BlendMode::Alpha;
            e.area_length = Track::constant(0.3);
            e.area_width = Track::constant(0.6);
            e.vertical_range = Track::constant(1.5);
            e.horizontal_range = Track::constant(std::f32::consts::PI);
        }),
        with(&|e| {
            e.emitter_type = EmitterType::Spline;
            e.spline_points = vec![[-1.0, 0.0, 0.0], [1.0, 0.0, 0.5]];
            e.area_length = Track::constant(0.0);
            e.area_width = Track::constant(1.0);
        }),
        with(&|e| {
            e.texture_rows = 2;
            e.texture_cols = 2;
            e.head_cell = LifeCurve { times: vec![0.0, 1.0], values: vec![0, 3] };
            e.scale = LifeCurve { times: vec![0.0], values: vec![[0.3, 0.3]] };
        }),
        with(&|e| {
            e.flags = (e.flags & !flags::HEAD) | flags::TAIL;
            e.tail_length = 0.3;
        }),
        with(&|e| e.flags |= flags::EMITTER_SPACE),
        with(&|e| e.blend = BlendMode::AlphaKey),
        with(&|e| {
            e.flags |= flags::XY_QUAD;
            e.spin = 3.0;
            e.scale = LifeCurve { times: vec![0.0], values: vec![[0.25, 0.25]] };
        }),
    ]
}

#[test]
fn golden_emitters() {
    let (gpu, renderer) = gpu();
    let path = common::write_fixture(&fixtures::two_boxes(264), &fixtures::skin_profile(264), &[], "particles");
    let base = m2view_format::load_model_file(&path, &LoadOptions::default()).unwrap();
    let req = RenderRequest { geosets: Some(Default::default()), ..request(128, "iso", 1000.0, Some(0)) };
    let mut tiles = Vec::new();
    for (i, e) in variants(&base.model.particles[0]).into_iter().enumerate() {
        let mut lm = base.clone();
        lm.model.particles = vec![e];
        lm.model.ribbons.clear();
        let (px, stats) = render_image(gpu, renderer, &lm, &req).unwrap();
        assert!(stats.particles > 5, "variant {i}: {} live particles", stats.particles);
        tiles.push(px);
    }
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
    check_golden("particle_emitters", &common::grid(&tiles, 128, 4));
}

#[test]
fn render_time_is_reproducible() {
    // Same model, same time: the same pixels (deterministic seed, fixed sub-steps).
    let (gpu, renderer) = gpu();
    let path = common::write_fixture(&fixtures::two_boxes(264), &fixtures::skin_profile(264), &[], "particles-repro");
    let lm = m2view_format::load_model_file(&path, &LoadOptions::default()).unwrap();
    let req = request(96, "iso", 1300.0, Some(0));
    let a = render_image(gpu, renderer, &lm, &req).unwrap();
    let b = render_image(gpu, renderer, &lm, &req).unwrap();
    assert_eq!(a.1.particles, b.1.particles);
    assert!(a.0 == b.0, "two renders of the same time differ");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}
