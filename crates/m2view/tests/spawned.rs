//! Emitters that spawn models (Warcraft III `PREM` with "EmitterUsesMDL"),
//! through the `m2view` binary. No public model with such an emitter that
//! spawns something present exists: the host is the fixture box written in
//! the v800 layout with one v1 emitter added in the Hive Workshop layout
//! (node "Spawner", flag 0x8000, 5 a second, lifespan 2 s, speed 3, no
//! gravity), spawning `Units\Critters\Frog\Frog.mdl` — read as the `.mdx`
//! written beside it (the same box).

mod common;

use common::m2view;

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
