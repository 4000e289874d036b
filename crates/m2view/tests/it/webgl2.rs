//! The renderer's WebGL2 path, natively: OpenGL with WebGL2's limits
//! (`--backend webgl2`; Mesa's llvmpipe on CI) — no storage buffers, no
//! compute — so the batch shader reads a uniform bone palette and crowds
//! and particles stay on the CPU. It must draw what the default path draws:
//! the same golden images, within the same tolerance.

use crate::common;

use crate::common::{Image, check_golden, request, webgl2};
use m2view_format::fixtures;
use m2view_render::Palette;
use m2view_scene::render::{RenderRequest, render_image};

#[test]
fn the_webgl2_path_draws_the_goldens() {
    let (gpu, renderer) = webgl2();
    assert_eq!(renderer.palette(), Palette::Uniform, "{}", gpu.adapter_summary());
    assert!(!renderer.supports_gpu_animation(), "no compute under WebGL2's limits");
    // The two-box fixture at 500 ms (a bone turned 45°, alpha from a colour track); not
    // held to its golden: its boxes touch in coplanar faces, which backends depth-test
    // differently.
    let path = common::write_fixture(&fixtures::two_boxes(264), &fixtures::skin_profile(264), &[], "webgl2");
    let lm = m2view_app::open::Opened::open(&path, &Default::default()).map(|o| o.lm).unwrap();
    let (_, stats) = render_image(gpu, renderer, &lm, &request(128, "iso", 500.0, Some(0))).unwrap();
    assert_eq!((stats.batches, stats.bone_palette), (2, "uniform"));
    let Some(dir) = fixtures::samples_dir() else { return };
    for (rel, name, camera) in [
        ("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2", "corehound2", "iso"),
        ("wowserhq_blizzardry/spec/fixtures/Rabbit.m2", "rabbit", "iso"),
        ("GrenderG_MDX-Parser/MDXParser/Files/Boar.mdx", "boar_mdx_v1300", "left"),
        (
            "vjeux_jsWoWModelViewer/assets/Item/Objectcomponents/weapon/axe_1h_blacksmithing_d_01.m2",
            "axe_v272",
            "front",
        ),
        ("Koward_Improved_Models/World/Generic/HUMAN/PASSIVE DOODADS/Signs/Tavern01.m2", "tavern_sign_v256", "iso"),
    ] {
        let lm = m2view_app::open::Opened::open(&dir.join(rel), &Default::default()).map(|o| o.lm).unwrap();
        let (px, _) = render_image(gpu, renderer, &lm, &request(192, camera, 0.0, None)).unwrap();
        check_golden(name, &Image { width: 192, height: 192, pixels: px });
    }
}

#[test]
fn crowds_and_particles_fall_back_to_the_cpu() {
    let Some(dir) = fixtures::samples_dir() else { return };
    let (gpu, renderer) = webgl2();
    let hound = dir.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2");
    let lm = m2view_app::open::Opened::open(&hound, &Default::default()).map(|o| o.lm).unwrap();
    let req = RenderRequest { crowd: 4, ..request(128, "iso", 0.0, None) };
    let (_, one) = render_image(gpu, renderer, &lm, &request(128, "iso", 0.0, None)).unwrap();
    let (_, crowd) = render_image(gpu, renderer, &lm, &req).unwrap();
    assert_eq!((crowd.animation, crowd.batches), ("cpu", 4 * one.batches));
    let fire = dir.join("Koward_Improved_Models/World/Azeroth/elwynn/passivedoodads/Campfire/ElwynnCampfire.m2");
    let lm = m2view_app::open::Opened::open(&fire, &Default::default()).map(|o| o.lm).unwrap();
    let req = RenderRequest { gpu_particles: true, ..request(128, "front", 1000.0, None) };
    let (_, stats) = render_image(gpu, renderer, &lm, &req).unwrap();
    assert_eq!(stats.particle_simulation, "cpu");
    assert!(stats.particles > 0);
}
