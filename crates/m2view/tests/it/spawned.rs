//! Emitters that spawn models (Warcraft III `PREM` with "EmitterUsesMDL";
//! M2 particle emitters with a geometry model, at the end), through the
//! `m2view` binary. No public model with such an emitter that
//! spawns something present exists: the host is the fixture box written in
//! the v800 layout with one v1 emitter added in the Hive Workshop layout
//! (node "Spawner", flag 0x8000, 5 a second, lifespan 2 s, speed 3, no
//! gravity), spawning `Units\Critters\Frog\Frog.mdl` — read as the `.mdx`
//! written beside it (the same box).

use crate::common;

use crate::common::m2view;

fn written(frog: bool, rate: f32) -> std::path::PathBuf {
    use m2view_format::{fixtures::mdx_box, writer_mdx::write_mdx};
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("m2view-spawned-{}-{n}", std::process::id()));
    std::fs::create_dir_all(dir.join("Units/Critters/Frog")).unwrap();
    let mut host = write_mdx(&mdx_box(800));
    let prem =
        m2view_format::fixtures::prem_chunk("Units\\Critters\\Frog\\Frog.mdl", [rate, 0.0, 0.0, 0.3], [2.0, 3.0]);
    host.extend(prem);
    std::fs::write(dir.join("Spawner.mdx"), host).unwrap();
    if frog {
        std::fs::write(dir.join("Units/Critters/Frog/Frog.mdx"), write_mdx(&mdx_box(800))).unwrap();
    }
    dir
}

fn render(dir: &std::path::Path, time: &str) -> (serde_json::Value, String) {
    let (model, png) = (dir.join("Spawner.mdx"), dir.join(format!("t{time}.png")));
    let (code, out, err) = m2view(&[
        "render",
        model.to_str().unwrap(),
        "--time",
        time,
        "--size",
        "64x64",
        "--stats",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    (serde_json::from_str(out.trim()).unwrap(), err)
}

#[test]
fn spawned_models_are_drawn_where_the_emitter_sent_them() {
    let dir = written(true, 5.0);
    // 5 a second living 2 s: 7 after 1.5 s (one each 200 ms), 10 once the first have died.
    let (at0, _) = render(&dir, "0");
    let (early, err) = render(&dir, "1500");
    let (late, _) = render(&dir, "5000");
    assert!(!err.contains("not found: its emitter"), "{err}");
    let spawned = |s: &serde_json::Value| s["spawned_models"].as_u64().unwrap();
    assert_eq!((spawned(&at0), spawned(&early), spawned(&late)), (0, 7, 10));
    // Each spawned box draws what the host draws.
    let per_box = at0["batches"].as_u64().unwrap();
    assert_eq!(early["batches"].as_u64(), Some(per_box * 8), "{early}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_spawned_model_is_a_warning_and_a_hostile_rate_is_capped() {
    let dir = written(false, 5.0);
    let (stats, err) = render(&dir, "1500");
    assert_eq!(stats["spawned_models"], 0);
    assert!(err.contains("spawned model Units\\Critters\\Frog\\Frog.mdl not found"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
    // A billion a second: at most MAX_SPAWNED (10,000) at once, said so; the render finishes.
    let dir = written(true, 1e9);
    let (model, png) = (dir.join("Spawner.mdx"), dir.join("capped.png"));
    let (code, out, err) = m2view(&[
        "render",
        model.to_str().unwrap(),
        "--time",
        "100",
        "--size",
        "32x32",
        "--stats",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let stats: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(stats["spawned_models"], 10_000);
    assert!(err.contains("more than 10000 models at once"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The two-box fixture whose particle emitter carries a geometry model
/// (wowdev wiki "M2", M2Particle `geometry_model_filename`: "if given, this
/// emitter spawns models"): by name (v264, named `.mdx` as WoW files name
/// them, opened as the `.m2` beside) or by FileDataID (v274 MD21, `GPID`
/// 4242, found as `4242.m2` beside, wow.export's name). The spawned model is
/// the same boxes without particles. No public M2 names a geometry model.
fn written_m2(frog: bool, by_id: bool) -> std::path::PathBuf {
    use m2view_format::fixtures::{skin_profile, two_boxes, two_boxes_md21};
    use m2view_format::writer::{write_md20, write_md21, write_skin};
    let tag = format!("geometry-model-{frog}-{by_id}");
    let host = if by_id {
        let mut f = two_boxes_md21();
        f.chunks.as_mut().unwrap().geometry_particle_models = vec![4242];
        let dir = std::env::temp_dir().join(format!("m2view-test-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("Host.m2"), write_md21(&f)).unwrap();
        std::fs::write(dir.join("1001.skin"), write_skin(&skin_profile(274), 274)).unwrap();
        dir.join("Host.m2")
    } else {
        let mut md = two_boxes(264);
        md.particles[0].geometry_model = "Spells\\Frog.mdx".into();
        common::write_fixture(&md, &skin_profile(264), &[], &tag)
    };
    let dir = host.parent().unwrap();
    if frog {
        let mut frog = two_boxes(264);
        frog.particles.clear();
        let (model, skin) = if by_id { ("4242.m2", "424200.skin") } else { ("Spells/Frog.m2", "Spells/Frog00.skin") };
        std::fs::create_dir_all(dir.join("Spells")).unwrap();
        std::fs::write(dir.join(model), write_md20(&frog)).unwrap();
        std::fs::write(dir.join(skin), write_skin(&skin_profile(264), 264)).unwrap();
    }
    host
}

#[test]
fn m2_particles_carry_their_geometry_model() {
    for (frog, by_id) in [(true, false), (true, true), (false, false), (false, true)] {
        let host = written_m2(frog, by_id);
        let png = host.with_extension("png");
        let args = ["render", host.to_str().unwrap(), "--time", "1000", "--stats", "--size", "64x64", "-o"];
        let (code, out, err) = m2view(&[&args[..], &[png.to_str().unwrap()]].concat());
        assert_eq!(code, 0, "{err}");
        let stats: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        let (_, info, _) = m2view(&["info", "--json", host.to_str().unwrap()]);
        let info: serde_json::Value = serde_json::from_str(&info).unwrap();
        let name = if by_id { "FileDataID 4242" } else { "Spells\\Frog.mdx" };
        assert_eq!(info["particle_emitters"][0]["spawns"], name);
        std::fs::remove_dir_all(host.parent().unwrap()).unwrap();
        let (spawned, particles) = (stats["spawned_models"].as_u64().unwrap(), stats["particles"].as_u64().unwrap());
        if frog {
            // A model where each particle is (measured: 10 particles drawn, 9 carried — the
            // carried simulation starts a step later), each drawing the boxes' 2 batches.
            assert!(spawned > 5 && spawned.abs_diff(particles) <= 2, "{stats}");
            assert_eq!(stats["batches"].as_u64(), Some(2 + 2 * spawned), "{stats}");
        } else {
            assert_eq!(spawned, 0);
            assert!(err.contains(&format!("spawned model {name} not found")), "{err}");
        }
    }
}
