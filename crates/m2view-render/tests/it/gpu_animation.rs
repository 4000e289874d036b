//! GPU animation agrees with the CPU reference: for real models (M2 of
//! several versions and MDX), every sequence at four times, some copies
//! placed with a rotated and scaled world matrix and some blending out
//! another sequence, animate.wgsl's palettes, colours, texture weights and
//! texture matrices are read back and compared with `m2view_anim::evaluate`
//! (same clock, same view). Tolerance: 1e-3 of the largest magnitude in the
//! model's palettes (plus 2e-3 absolute for values in 0..1). The models
//! together cover billboards, global sequences, Hermite/Bezier tangents and
//! texture transforms (asserted). Runs on any adapter (CI: lavapipe).

use glam::{Mat4, Quat, Vec3};
use m2view_anim::sample::BlendFrom;
use m2view_anim::{Clock, Pose, evaluate, global_times};
use m2view_format::{BoneFlags, LoadOptions, Model, SequenceData, fixtures};
use m2view_render::target::OFFSCREEN_FORMAT;
use m2view_render::{Gpu, GroupMember, GroupParams, Lighting, Renderer};

const MODELS: &[&str] = &[
    "Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2",
    "Koward_Improved_Models/Creature/Jaina/Jaina.m2",
    "Koward_Improved_Models/Spells/HuntersMark_Impact_Head.m2",
    "Koward_Improved_Models/Spells/Cyclone_State.m2",
    "Koward_Improved_Models/Spells/Sleep_State_Head.m2",
    "Koward_Improved_Models/World/Azeroth/elwynn/passivedoodads/Campfire/ElwynnCampfire.m2",
    "wowserhq_blizzardry/spec/fixtures/Rabbit.m2",
    "GrenderG_MDX-Parser/MDXParser/Files/Boar.mdx",
    "Retera_ReterasModelStudio/MDXLib/PackHorse.mdx",
    "Retera_ReterasModelStudio/JesusHipsterAttachmentSystem/bases/TunableKaelSpheres.mdx",
];

/// One copy to check: its world, sequence and time, global clock and blend.
struct Case {
    world: Mat4,
    sequence: usize,
    time_ms: f32,
    clock_ms: f64,
    blend: Option<BlendFrom>,
}

fn cases(model: &Model) -> Vec<Case> {
    let playable: Vec<usize> =
        (0..model.sequences.len()).filter(|&s| matches!(model.sequences[s].data, SequenceData::InFile)).collect();
    let placed =
        Mat4::from_scale_rotation_translation(Vec3::splat(1.5), Quat::from_rotation_z(0.7), Vec3::new(2.0, 1.0, 0.0));
    let mut out = Vec::new();
    for (n, &s) in playable.iter().enumerate() {
        let d = model.sequences[s].duration_ms.max(1) as f32;
        for (k, f) in [0.0, 0.31, 0.64, 0.97].into_iter().enumerate() {
            let blend = (k == 2 && playable.len() > 1).then(|| BlendFrom {
                sequence: playable[(n + 1) % playable.len()],
                time_ms: d * 0.5,
                weight: 0.4,
            });
            out.push(Case {
                world: if k == 1 { placed } else { Mat4::IDENTITY },
                sequence: s,
                time_ms: d * f,
                clock_ms: 1234.5 * (k + 1) as f64 + n as f64 * 97.0,
                blend,
            });
        }
    }
    out
}

#[test]
fn gpu_palettes_match_the_cpu_evaluator() {
    let Some(dir) = fixtures::samples_dir() else { return };
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    let renderer = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    assert!(renderer.supports_gpu_animation(), "{} runs compute shaders", gpu.adapter_summary());
    let (mut billboards, mut globals, mut curves, mut transforms) = (0, 0, 0, 0);
    for rel in MODELS {
        let lm = m2view_format::load_model_file(&dir.join(rel), &LoadOptions::default()).unwrap();
        let model = &lm.model;
        billboards += model.bones.iter().filter(|b| b.flags.intersects(BoneFlags::BILLBOARD)).count();
        globals += model
            .bones
            .iter()
            .filter(|b| b.rotation.global_sequence.is_some() || b.translation.global_sequence.is_some())
            .count();
        curves += model.bones.iter().filter(|b| b.rotation.sequences.iter().any(|k| !k.tangents.is_empty())).count();
        transforms += model.texture_transforms.len();
        let gm = renderer.upload(model, &[]);
        let mut group = renderer.instance_group(model).expect("tracks fit a storage buffer");
        let cases = cases(model);
        let global_ms: Vec<Vec<f32>> = cases
            .iter()
            .map(|c| {
                let mut g = Vec::new();
                global_times(model, c.clock_ms, &mut g);
                g
            })
            .collect();
        let clock = |i: usize| Clock {
            sequence: cases[i].sequence,
            time_ms: cases[i].time_ms,
            global_ms: &global_ms[i],
            blend: cases[i].blend,
        };
        let members: Vec<GroupMember> =
            (0..cases.len()).map(|i| GroupMember { world: cases[i].world, clock: clock(i) }).collect();
        // A camera far enough that every copy is in view.
        let (lo, hi) = m2view_render::camera::frame_bounds(model, 0, &[], None);
        let r = (hi - lo).length().max(1.0);
        let view = glam::camera::rh::view::look_at_mat4(Vec3::new(3.0, -4.0, 2.0) * r, (lo + hi) * 0.5, Vec3::Z);
        let proj = glam::camera::rh::proj::directx::perspective(1.5, 1.0, 0.01, 1000.0 * r);
        let visible = |_: u16| true;
        let params = GroupParams {
            view,
            proj,
            lod: 0,
            geoset_visible: &visible,
            model_alpha: 1.0,
            lighting: Lighting::default(),
        };
        renderer.prepare_group(&gm, &mut group, model, &members, &params);
        assert_eq!(group.visible(), cases.len(), "{rel}: every copy in view");
        let mut enc = gpu.device.create_command_encoder(&Default::default());
        renderer.animate(&group, &mut enc);
        gpu.queue.submit([enc.finish()]);
        let (palettes, values) = renderer.read_group_pose(&group).unwrap();
        let bones = model.bones.len();
        let stride = model.colors.len() + model.texture_weights.len() + 4 * model.texture_transforms.len();
        let mut pose = Pose::default();
        let scale = palettes.iter().flat_map(|m| m.to_cols_array()).fold(1.0f32, |a, v| a.max(v.abs()));
        let mut worst = 0.0f32;
        for (slot, i) in group.drawn().enumerate() {
            let c = &cases[i];
            evaluate(model, &clock(i), Some(view * c.world), &mut pose);
            for (b, cpu) in pose.bones.iter().enumerate() {
                let gpu_m = palettes[slot * bones + b];
                let err = (gpu_m - *cpu).to_cols_array().iter().fold(0.0f32, |a, v| a.max(v.abs()));
                worst = worst.max(err / scale);
                assert!(
                    err <= 1e-3 * scale,
                    "{rel}: sequence {} at {} ms (blend {:?}), bone {b}: GPU {gpu_m} CPU {cpu}",
                    c.sequence,
                    c.time_ms,
                    c.blend
                );
            }
            let v = &values[slot * stride.max(1)..];
            for (k, col) in pose.colors.iter().enumerate() {
                assert!((v[k] - *col).abs().max_element() <= 2e-3, "{rel}: colour {k}: {} vs {col}", v[k]);
            }
            for (k, w) in pose.texture_weights.iter().enumerate() {
                assert!((v[model.colors.len() + k].x - w).abs() <= 2e-3, "{rel}: weight {k}");
            }
            if c.blend.is_none() {
                let base = model.colors.len() + model.texture_weights.len();
                for (k, m) in pose.texture_matrices.iter().enumerate() {
                    let o = base + 4 * k;
                    let g = Mat4::from_cols(v[o], v[o + 1], v[o + 2], v[o + 3]);
                    assert!(
                        (g - *m).to_cols_array().iter().all(|e| e.abs() <= 2e-3),
                        "{rel}: texture matrix {k}: {g} vs {m}"
                    );
                }
            }
        }
        eprintln!("{rel}: {} copies × {bones} bones, worst palette error {worst:.2e} of {scale}", cases.len());
    }
    eprintln!(
        "covered: {billboards} billboard bones, {globals} global-sequence bone tracks, {curves} curve rotation tracks, {transforms} texture transforms"
    );
    assert!(billboards > 0 && globals > 0 && curves > 0 && transforms > 0);
}
