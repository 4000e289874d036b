//! Particle emitters drawn on software Vulkan: one emitter per tile (the
//! fixture's emitter on the top box's bone, boxes hidden), simulated from 0
//! to 1000 ms with the fixed seed, compared with a golden grid
//! (`UPDATE_GOLDEN=1` rewrites it). Tiles, left to right, top to bottom:
//! plane/add, sphere/alpha, spline/add, 2×2 atlas with a head-cell curve,
//! tails only, emitter space (follows the turning bone), alpha key, XY quads
//! with spin.

use crate::common;

use crate::common::{check_golden, gpu, request};
use m2view_format::ParticleFlags as flags;
use m2view_format::{BlendMode, EmitterType, LifeCurve, ParticleEmitter, Track, fixtures};
use m2view_scene::render::{RenderRequest, render_image};

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
        with(&|e| {
            e.blend = BlendMode::AlphaKey;
            e.alpha_ref = m2view_format::ALPHA_REF_WOW;
        }),
        with(&|e| {
            e.flags |= flags::XY_QUAD;
            e.spin = 3.0;
            e.scale = LifeCurve { times: vec![0.0], values: vec![[0.25, 0.25]] };
        }),
    ]
}

/// The fixture written under `tag` and loaded, and a request for its
/// emitters alone (boxes hidden) at 1000 ms.
fn emitter_scene(tag: &str) -> (std::path::PathBuf, m2view_format::LoadedModel, RenderRequest) {
    let path = common::write_fixture(&fixtures::two_boxes(264), &fixtures::skin_profile(264), &[], tag);
    let base = m2view_app::open::Opened::open(&path, &Default::default()).map(|o| o.lm).unwrap();
    (path, base, RenderRequest { geosets: Some(Default::default()), ..request(128, "iso", 1000.0, Some(0)) })
}

#[test]
fn golden_emitters() {
    let (gpu, renderer) = gpu();
    let (path, base, req) = emitter_scene("particles");
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
fn gpu_simulation_draws_like_the_cpu_one() {
    // Each variant with the CPU simulation (the reference) and on the GPU
    // (its own random numbers), at six times from 0.8 to 2.3 s: the drawn
    // area summed over the six within 25 % of the CPU's and its centroid
    // within 8 pixels (one time alone varies more: a plume is a few dozen
    // particles). The spline generator is not simulated on the GPU: it
    // falls back to the CPU.
    let (gpu, renderer) = gpu();
    let (path, base, req) = emitter_scene("particles-gpu");
    let drawn = |lm: &m2view_format::LoadedModel, gpu_particles: bool| {
        let (mut n, mut sx, mut sy, mut on) = (0.0f32, 0.0, 0.0, "");
        for t in [800.0, 1100.0, 1400.0, 1700.0, 2000.0, 2300.0] {
            let r = RenderRequest { time_ms: t, gpu_particles, ..req.clone() };
            let (px, stats) = render_image(gpu, renderer, lm, &r).unwrap();
            on = stats.particle_simulation;
            for (i, p) in px.chunks(4).enumerate() {
                if p[..3] != [26, 26, 31] {
                    n += 1.0;
                    sx += (i % 128) as f32;
                    sy += (i / 128) as f32;
                }
            }
        }
        (n, sx / n.max(1.0), sy / n.max(1.0), on)
    };
    for (i, e) in variants(&base.model.particles[0]).into_iter().enumerate() {
        let spline = e.emitter_type == EmitterType::Spline;
        let mut lm = base.clone();
        lm.model.particles = vec![e];
        lm.model.ribbons.clear();
        let ((cn, cx, cy, _), (gn, gx, gy, on)) = (drawn(&lm, false), drawn(&lm, true));
        assert_eq!(on, if spline { "cpu" } else { "gpu" }, "variant {i}");
        assert!(cn > 600.0, "variant {i}: the CPU images show the plume ({cn} pixels)");
        assert!((gn - cn).abs() <= 0.25 * cn, "variant {i}: drawn pixels CPU {cn}, GPU {gn}");
        assert!((gx - cx).hypot(gy - cy) <= 8.0, "variant {i}: centroid CPU ({cx}, {cy}), GPU ({gx}, {gy})");
    }
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn render_time_is_reproducible() {
    // Same model, same time: the same pixels (deterministic seed, fixed sub-steps).
    let (gpu, renderer) = gpu();
    let path = common::write_fixture(&fixtures::two_boxes(264), &fixtures::skin_profile(264), &[], "particles-repro");
    let lm = m2view_app::open::Opened::open(&path, &Default::default()).map(|o| o.lm).unwrap();
    let req = request(96, "iso", 1300.0, Some(0));
    let a = render_image(gpu, renderer, &lm, &req).unwrap();
    let b = render_image(gpu, renderer, &lm, &req).unwrap();
    assert_eq!(a.1.particles, b.1.particles);
    assert!(a.0 == b.0, "two renders of the same time differ");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn multi_texture_particles_combine_three_textures() {
    // The fixture's emitter as a Cata multi-texture one: all three textures the
    // checker; colour from all three (3ColorTex_3AlphaTex) multiplies each
    // additive quad by two more checker samples, so the plume keeps its shape
    // but gives clearly less light than with one texture.
    let (gpu, renderer) = gpu();
    let (path, base, req) = emitter_scene("multitex");
    let light = |multi: Option<m2view_format::MultiTexture>| {
        let mut lm = base.clone();
        let e = &mut lm.model.particles[0];
        e.textures = vec![Some(m2view_format::TextureId(0)); if multi.is_some() { 3 } else { 1 }];
        (e.multi_texture, e.emission_rate) = (multi, Track::constant(60.0));
        lm.model.ribbons.clear();
        let (px, stats) = render_image(gpu, renderer, &lm, &req).unwrap();
        assert!(stats.particles > 20, "{} live particles", stats.particles);
        // Light above the background (0.1, 0.1, 0.12 → 26, 26, 31).
        px.chunks(4)
            .map(|p| p[..3].iter().zip([26, 26, 31]).map(|(&c, b)| c.saturating_sub(b) as u64).sum::<u64>())
            .sum::<u64>()
    };
    let one = light(None);
    let mt = m2view_format::MultiTexture {
        three_color: true,
        repeat: [1.0, 2.0],
        speed: [[0.3, 0.0], [0.0, 0.2]],
        speed_vary: [[0.1, 0.1], [0.1, 0.1]],
    };
    let three = light(Some(mt));
    assert!(three > 0 && (three as f64) < 0.8 * one as f64, "one texture {one}, three {three}");
    // Alpha from all three, colour from two (2ColorTex_3AlphaTex): the same
    // opaque checker makes it brighter than three colours.
    let two = light(Some(m2view_format::MultiTexture { three_color: false, ..mt }));
    assert!(two > three, "two-colour {two} vs three-colour {three}");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn warcraft3_alpha_key_particles_are_keyed_at_three_quarters() {
    // Warcraft III PRE2 AlphaKey: blended `SrcAlpha, One` and keyed at 0.75
    // (ALPHA_REF_WARCRAFT3): particles at alpha 0.6 leave the picture empty,
    // at 0.8 they show; without the key (Additive) 0.6 shows too.
    let (gpu, renderer) = gpu();
    let (path, base, req) = emitter_scene("particles-w3key");
    let drawn = |alpha: f32, alpha_ref: u8| {
        let mut lm = base.clone();
        let e = ParticleEmitter {
            blend: BlendMode::Add,
            alpha_ref,
            alpha: LifeCurve { times: vec![0.0], values: vec![alpha] },
            ..variants(&base.model.particles[0])[0].clone()
        };
        lm.model.particles = vec![e];
        lm.model.ribbons.clear();
        let (px, stats) = render_image(gpu, renderer, &lm, &req).unwrap();
        assert!(stats.particles > 5, "{} live particles", stats.particles);
        px.chunks(4).filter(|p| p[..3] != [26, 26, 31]).count()
    };
    let key = m2view_format::ALPHA_REF_WARCRAFT3;
    let (below, above, unkeyed) = (drawn(0.6, key), drawn(0.8, key), drawn(0.6, 0));
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
    assert_eq!(below, 0, "alpha 0.6 under the 0.75 key");
    assert!(above > 100 && unkeyed > 100, "{above} pixels at 0.8 keyed, {unkeyed} at 0.6 unkeyed");
}
