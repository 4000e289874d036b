//! The window's 3D view without a window: `SceneView` renders the open
//! model into its offscreen target on whatever adapter wgpu finds (CI:
//! lavapipe), as the window does each frame. Checks what the status bar
//! reports and draws: the crowd animated on the GPU draws every copy's
//! batches, and ElwynnCampfire's particles are simulated on the GPU and
//! drawn (the view changes where the fire is when they are switched off);
//! a character's equipment change shows on the next frame.

use m2view_app::state::{AppState, Current};
use m2view_app::viewport::SceneView;
use m2view_format::fixtures;
use m2view_render::Gpu;
use m2view_render::target::OFFSCREEN_FORMAT;

/// A view of `rel` (a sample) after `frames` frames of 1/30 s, and the
/// pixels of the last one.
struct Scene {
    gpu: Gpu,
    view: SceneView,
    egui: egui_wgpu::Renderer,
    state: AppState,
}

impl Scene {
    fn open(rel: &str) -> Option<Scene> {
        Scene::open_with(rel, Default::default())
    }

    /// `rel` opened with `opts`, dressed as the window's loader dresses it.
    fn open_with(rel: &str, opts: m2view_app::open::OpenOptions) -> Option<Scene> {
        let dir = fixtures::samples_dir()?;
        Some(Scene::open_path(&dir.join(rel), opts))
    }

    /// The model at `path` opened with `opts`, dressed as the window's
    /// loader dresses it, with the models its emitters spawn.
    fn open_path(path: &std::path::Path, opts: m2view_app::open::OpenOptions) -> Scene {
        let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
        let mut o = m2view_app::open::Opened::open(path, &opts).unwrap();
        let parts = m2view_app::character::parts(&mut o.lm, &o.dressing, &opts);
        let lm = &o.lm;
        let mut view = SceneView::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
        let textures = m2view_texture::load_textures(
            lm,
            view.supports_bc(),
            m2view_render::texture::DEFAULT_TEAM_COLOR,
            &mut Vec::new(),
        );
        view.set_model(&lm.model, &textures);
        let (spawn_models, _) = m2view_app::spawned::load(lm, &opts);
        view.set_spawned(&spawn_models, m2view_render::texture::DEFAULT_TEAM_COLOR);
        let egui = egui_wgpu::Renderer::new(&gpu.device, OFFSCREEN_FORMAT, egui_wgpu::RendererOptions::default());
        let mut state = crate::common::app_state(opts, false);
        let mut current = Current::new(o, parts, vec![]);
        current.spawn_models = spawn_models;
        state.current = Some(current);
        let mut scene = Scene { gpu, view, egui, state };
        scene.view.apply(
            m2view_app::command::Command::Frame(m2view_render::camera::Preset::Front.direction()),
            &mut scene.state,
        );
        scene
    }

    /// A scene file opened as the window's loader opens it: its empty root
    /// with the scene's models placed and playing.
    fn open_scene(path: &std::path::Path) -> Scene {
        let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
        let opts = m2view_app::open::OpenOptions::default();
        let scene = m2view_app::scene::Scene::open(path, &opts).unwrap();
        let o = m2view_app::open::Opened::dress(m2view_format::LoadedModel::empty(path), &opts);
        let mut view = SceneView::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
        view.set_model(&o.lm.model, &[]);
        let egui = egui_wgpu::Renderer::new(&gpu.device, OFFSCREEN_FORMAT, egui_wgpu::RendererOptions::default());
        let mut state = crate::common::app_state(opts, false);
        let mut current = Current::new(o, None, vec![]);
        current.play_scene(scene);
        state.current = Some(current);
        state.camera_mode = m2view_app::state::CameraMode::Scene;
        let mut s = Scene { gpu, view, egui, state };
        s.view.apply(m2view_app::command::Command::UploadAttachments, &mut s.state);
        s
    }

    fn frames(&mut self, n: usize) -> Vec<u8> {
        self.frames_at(n, [160, 160])
    }

    /// As [`Scene::frames`], at `size` pixels.
    fn frames_at(&mut self, n: usize, size: [u32; 2]) -> Vec<u8> {
        for _ in 0..n {
            self.state.current.as_mut().unwrap().tick(1000.0 / 30.0);
            let mut enc = self.gpu.device.create_command_encoder(&Default::default());
            self.view.render(&mut enc, &mut self.egui, &mut self.state, size, false);
            self.gpu.queue.submit([enc.finish()]);
        }
        // One file per call: the tests of this file run in parallel in one process.
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("m2view-scene-{}-{call}.png", std::process::id()));
        let (tx, rx) = std::sync::mpsc::channel();
        self.view.save_screenshot(path.clone(), move |said| tx.send(said).unwrap());
        let said = rx.try_recv().expect("natively the screenshot is saved before save_screenshot returns");
        assert!(said.starts_with("saved "), "{said}");
        let img = image::open(&path).unwrap().to_rgba8().into_raw();
        let _ = std::fs::remove_file(path);
        img
    }
}

#[test]
fn the_crowd_is_animated_on_the_gpu_and_draws_every_copy() {
    let Some(mut s) = Scene::open("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2") else { return };
    s.frames(1);
    let one = s.view.stats.batches;
    assert!(s.view.paths().contains("animation of crowds: GPU"), "{}", s.view.paths());
    s.state.current.as_mut().unwrap().set_crowd(9);
    // F: frame the whole crowd, as the window does when the crowd grows.
    s.view.apply(m2view_app::command::Command::Frame(m2view_render::camera::Preset::Iso.direction()), &mut s.state);
    s.frames(2);
    // The model and eight copies around it, every one in view once framed.
    assert_eq!(s.view.stats.batches, 9 * one, "model + 8 copies");
}

#[test]
fn the_campfire_particles_are_simulated_on_the_gpu() {
    let rel = "Koward_Improved_Models/World/Azeroth/elwynn/passivedoodads/Campfire/ElwynnCampfire.m2";
    let Some(mut s) = Scene::open(rel) else { return };
    assert!(s.view.gpu_particles() && s.view.paths().contains("particles: GPU"), "{}", s.view.paths());
    let lit = s.frames(60);
    assert_eq!(s.state.current.as_ref().unwrap().instance.particles.live(), 0, "the CPU simulation is off");
    let c = s.state.current.as_mut().unwrap();
    c.disabled_emitters.iter_mut().for_each(|d| *d = true);
    // Switched off: the living particles die within their lifespan (≤ 3 s here).
    let dark = s.frames(120);
    let changed =
        lit.chunks(4).zip(dark.chunks(4)).filter(|(a, b)| a.iter().zip(*b).any(|(x, y)| x.abs_diff(*y) > 24)).count();
    assert!(changed > 100, "the GPU particles drew: {changed} pixels changed when they were switched off");
}

#[test]
fn a_character_change_shows_on_the_next_frame() {
    let Some(samples) = fixtures::samples_dir() else { return };
    // No public 3.3.5 item tables: written here (m2view_db::fixtures); display 90001 is a
    // chest of the Doomhammer pack's death knight plate components.
    let tables = std::env::temp_dir().join(format!("m2view-scene-items-{}", std::process::id()));
    std::fs::create_dir_all(&tables).unwrap();
    m2view_db::fixtures::write_wotlk_item_tables(&tables).unwrap();
    let mut opts = m2view_app::open::OpenOptions {
        dbc: vec![tables.clone(), samples.join("andrewmunro_Vanilla/dbc")],
        ..Default::default()
    };
    opts.load.data_root = Some(samples.join("ElementoBorzi_Doomhammer-Public-Pack"));
    let Some(mut s) = Scene::open_with("vjeux_jsWoWModelViewer/assets/scourgefemale.m2", opts) else { return };
    s.view.apply(m2view_app::command::Command::UploadCharacter, &mut s.state);
    // No Scourge skin in the corpus: the composed body is the placeholder checker, magenta squares.
    let magenta = |px: &[u8]| px.chunks(4).filter(|p| p[0] > 200 && p[1] < 60 && p[2] > 200).count();
    let naked = s.frames(1);
    let before = magenta(&naked);
    assert!(before > 300, "the body's placeholder is drawn: {before} magenta pixels");
    // Equip the plate chest as the Character panel does: re-dress, upload, next frame.
    let opts = s.state.open_options.clone();
    let c = s.state.current.as_mut().unwrap();
    let ch = c.dressing.character.as_mut().unwrap();
    ch.equip(
        m2view_dress::character::equipment::Slot::Chest,
        90001,
        m2view_dress::character::equipment::ItemKind::Plain,
    );
    c.redress(&opts);
    s.view.apply(m2view_app::command::Command::UploadCharacter, &mut s.state);
    let dressed = s.frames(1);
    let after = magenta(&dressed);
    // The chest and sleeve components cover the torso and arms (about a third of
    // the body seen from the front; 743 -> 466 magenta pixels on lavapipe).
    assert!(after * 4 < before * 3, "magenta pixels {before} -> {after}");
    let _ = std::fs::remove_dir_all(tables);
}

#[test]
fn a_wmo_draws_its_doodads_as_instanced_groups() {
    // inn.wmo (two group files present) with the barrels, crates and chairs of Koward's World/.
    let Some(samples) = fixtures::samples_dir() else { return };
    let mut opts = m2view_app::open::OpenOptions::default();
    opts.load.data_root = Some(samples.join("Koward_Improved_Models"));
    let Some(mut s) = Scene::open_with("wowserhq_format/fixture/mapobj/inn.wmo", opts) else { return };
    s.frames(1);
    let groups = s.view.stats.batches;
    assert_eq!(groups, 26, "the two groups' batches");
    // Set 1 with set 0: 56 placements (21 + 35) of the 3 models found.
    s.state.show_doodad_set(1);
    for c in s.state.take_commands() {
        s.view.apply(c, &mut s.state);
    }
    let c = s.state.current.as_ref().unwrap();
    let placed: Vec<_> = c.attached.iter().filter(|a| a.placement.is_some()).collect();
    assert_eq!(placed.len(), 56);
    let expected: usize = placed.iter().map(|a| a.lm.model.visible_batches(0, &a.lm.model.default_geosets(0)).0).sum();
    s.view.apply(m2view_app::command::Command::Frame(m2view_render::camera::Preset::Iso.direction()), &mut s.state);
    s.frames(1);
    assert_eq!(s.view.stats.batches, groups + expected, "every placement drawn");
}

#[test]
fn models_an_emitter_spawns_are_drawn_each_frame() {
    // The fixture box (v800) with a PREM emitter spawning 5 boxes a second that live 2 s,
    // written here in the Hive Workshop layout (no public model spawns a model present).
    use m2view_format::{fixtures::mdx_box, writer_mdx::write_mdx};
    let dir = std::env::temp_dir().join(format!("m2view-scene-spawned-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("Units/Critters/Frog")).unwrap();
    let mut host = write_mdx(&mdx_box(800));
    host.extend(fixtures::prem_chunk("Units\\Critters\\Frog\\Frog.mdl", [5.0, 0.0, 0.0, 0.3], [2.0, 3.0]));
    std::fs::write(dir.join("Spawner.mdx"), host).unwrap();
    std::fs::write(dir.join("Units/Critters/Frog/Frog.mdx"), write_mdx(&mdx_box(800))).unwrap();
    let mut s = Scene::open_path(&dir.join("Spawner.mdx"), Default::default());
    s.frames(1);
    let alone = s.view.stats.batches;
    // 1.5 s in: seven boxes spawned (one each 200 ms), each drawing what the host draws
    // (at these ages every box shows both layers), as `render` has them.
    s.frames(44);
    assert_eq!((s.view.spawned_models, s.view.stats.batches), (7, alone * 8));
    // 5 s in: ten alive (the first have died).
    s.frames(105);
    assert_eq!(s.view.spawned_models, 10);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tiles_neighbours_draw_beside_it() {
    // The real tile continent 42_29 and a copy of it named as its neighbour 43_29 (no two
    // neighbouring tiles are public); the copy draws every pass the tile draws (terrain
    // layers, shadow, ocean) through the instanced path the window draws placements with.
    let Some(samples) = fixtures::samples_dir() else { return };
    let bytes = std::fs::read(samples.join("wowserhq_format/fixture/map/continent4229.adt")).unwrap();
    let dir = std::env::temp_dir().join(format!("m2view-scene-adt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("continent4229.adt"), &bytes).unwrap();
    std::fs::write(dir.join("continent4329.adt"), &bytes).unwrap();
    let mut s = Scene::open_path(&dir.join("continent4229.adt"), Default::default());
    s.frames(1);
    let alone = s.view.stats.batches;
    assert_eq!(alone, 1004, "the tile's passes, as `render` draws them");
    s.state.show_neighbours(true);
    for c in s.state.take_commands() {
        s.view.apply(c, &mut s.state);
    }
    s.frames(1);
    assert_eq!(s.view.stats.batches, 2 * alone);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_wmo_skybox_draws_from_inside_in_the_window() {
    // The box WMO with its lamp standing in as the skybox its hall shows (MOSB and flag
    // 0x40000 written in the wowdev layout: no public WMO here has one), opened as the window
    // opens it (the loader finds the skybox). From inside the hall looking up the sky's 2
    // batches draw with the groups; from the framing outside they do not.
    let dir = std::env::temp_dir().join(format!("m2view-scene-sky-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    fixtures::wmo::write_files(&dir, false);
    fixtures::wmo::add_skybox(&dir, "LAMP.MDX");
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    let mut view = SceneView::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let mut egui = egui_wgpu::Renderer::new(&gpu.device, OFFSCREEN_FORMAT, egui_wgpu::RendererOptions::default());
    let mut state = crate::common::app_state(Default::default(), false);
    state.open(dir.join("box.wmo"));
    for _ in 0..2000 {
        view.advance(&mut state, 0.0);
        if state.current.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(state.current.as_ref().is_some_and(|c| c.sky.is_some()), "the skybox is loaded");
    view.apply_commands(&mut state);
    let mut frame = |state: &mut AppState| {
        let mut enc = gpu.device.create_command_encoder(&Default::default());
        view.render(&mut enc, &mut egui, state, [96, 96], false);
        gpu.queue.submit([enc.finish()]);
        view.stats.batches
    };
    // Outside: the two groups and set 0's lamp doodad.
    assert_eq!(frame(&mut state), 4);
    // Inside, looking up at the roof: the hall and the roof (portal culling shows both) and the sky.
    state.orbit.target = glam::Vec3::new(0.0, 0.0, 1.2);
    (state.orbit.pitch, state.orbit.distance) = (-1.5, 0.2);
    assert_eq!(frame(&mut state), 6);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_liquids_frames_cycle_in_the_window() {
    // The box WMO's group with a magma MLIQ (written in the wowdev layout: no public WMO here
    // has liquid) and the two first frames of the classic magma texture beside it, solid green
    // and solid blue (stand-ins): seen from above at 33 ms frame 1 shows, at 67 ms frame 2
    // (60 ms each, WoWMapViewer).
    let dir = std::env::temp_dir().join(format!("m2view-scene-liquid-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("XTextures/lava")).unwrap();
    fixtures::wmo::write_files(&dir, false);
    std::fs::write(dir.join("box_000.wmo"), fixtures::wmo::with_liquid(&fixtures::wmo::group(0), 2)).unwrap();
    for (k, rgba) in [(1, [0, 255, 0, 255]), (2, [0, 0, 255, 255])] {
        let blp = m2view_format::blp::write_blp2_raw(16, 16, &[rgba.repeat(256)]);
        std::fs::write(dir.join(format!("XTextures/lava/lava.{k}.blp")), blp).unwrap();
    }
    let mut s = Scene::open_path(&dir.join("box.wmo"), Default::default());
    let top = m2view_app::command::Command::Frame(m2view_render::camera::Preset::Top.direction());
    s.view.apply(top, &mut s.state);
    let count = |img: &[u8], rgb: [u8; 3]| {
        img.chunks(4).filter(|p| rgb.iter().zip(p.iter()).all(|(&c, &v)| v.abs_diff(c) <= 3)).count()
    };
    let first = s.frames(1);
    let second = s.frames(1);
    let (green, blue) = (count(&first, [0, 255, 0]), count(&second, [0, 0, 255]));
    assert!(green > 500, "{green} green pixels at 33 ms");
    assert_eq!((count(&first, [0, 0, 255]), count(&second, [0, 255, 0]), blue), (0, 0, green));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_scene_file_plays_along_its_camera_path() {
    let Some(dir) = fixtures::samples_dir() else { return };
    let k = dir.join("Koward_Improved_Models/Creature");
    let scene = serde_json::json!({
        "duration_ms": 2000,
        "models": [
            { "file": k.join("CoreHound2/Corehound2.m2") },
            { "file": k.join("Murloc2/Murloc2.m2"), "position": [2, 5, 0], "anim_id": 4, "start_ms": 1000 }
        ],
        "camera": { "keys": [
            { "time_ms": 0, "position": [18, 0, 6], "target": [0, 0, 2] },
            { "time_ms": 2000, "position": [0, 18, 6], "target": [0, 0, 2] }
        ] }
    });
    let path = std::env::temp_dir().join(format!("m2view-window-scene-{}.json", std::process::id()));
    std::fs::write(&path, scene.to_string()).unwrap();
    let mut s = Scene::open_scene(&path);
    let first = s.frames(1);
    // Both models drawn: the hound's batches and the murloc's.
    assert!(s.view.stats.batches >= 2, "{} batches", s.view.stats.batches);
    let clock = |s: &Scene| s.state.current.as_ref().unwrap().scene.as_ref().unwrap().1;
    let murloc_time = |s: &Scene| s.state.current.as_ref().unwrap().attached[1].instance.player.time_ms;
    // 30 frames of 1/30 s: the clock at 1000 ms (one frame was drawn already), the murloc
    // still waiting for its start at 1000 ms, the camera moved along its path.
    let later = s.frames(29);
    assert!((clock(&s) - 1000.0).abs() < 1.0, "{}", clock(&s));
    assert!(murloc_time(&s) < 1.0, "the murloc starts at 1000 ms: {}", murloc_time(&s));
    let moved = first.chunks_exact(4).zip(later.chunks_exact(4)).filter(|(a, b)| a != b).count();
    assert!(moved > 160 * 160 / 20, "the view followed the camera path ({moved} pixels changed)");
    s.frames(15);
    assert!((murloc_time(&s) - 500.0).abs() < 40.0, "walking since 1000 ms: {}", murloc_time(&s));
    // Past the duration (16 frames more: 2033 ms) the scene starts over: the clock wraps to
    // 33 ms, the murloc waits again.
    s.frames(16);
    assert!(clock(&s) < 100.0 && murloc_time(&s) < 1.0, "{} {}", clock(&s), murloc_time(&s));
    let _ = std::fs::remove_file(path);
}

/// One scene, both front ends: the CLI's `render --camera iso --stats` of
/// `cli` (160×160) and the window's view of the same scene framed from
/// the same direction, side by side in golden `name` (CLI left, window
/// right; looked at before blessing). Both draw through one
/// `m2view_scene::SceneGpu`: the same batches and triangles.
fn both_front_ends(name: &str, cli: &[&str], window: &mut Scene) {
    let out = crate::common::scratch("one-scene", name);
    let png = out.join("cli.png");
    let mut args = vec!["render", "--camera", "iso", "--size", "160x160", "--stats", "-o", png.to_str().unwrap()];
    args.extend_from_slice(cli);
    let (code, stdout, stderr) = crate::common::m2view(&args);
    assert_eq!(code, 0, "{stderr}");
    let stats: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    let cli_px = image::open(&png).unwrap().to_rgba8().into_raw();
    window
        .view
        .apply(m2view_app::command::Command::Frame(m2view_render::camera::Preset::Iso.direction()), &mut window.state);
    let window_px = window.frames(1);
    let drawn = (window.view.stats.batches as u64, window.view.stats.triangles as u64);
    assert_eq!(drawn, (stats["batches"].as_u64().unwrap(), stats["triangles"].as_u64().unwrap()), "{stats}");
    crate::common::check_golden(name, &crate::common::grid(&[cli_px, window_px], 160, 2));
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn one_scene_a_rider_on_its_mount() {
    let Some(samples) = fixtures::samples_dir() else { return };
    let vanilla = samples.join("andrewmunro_Vanilla/dbc");
    let wolf = samples.join("Koward_Improved_Models/Creature/Wolf/Wolf.m2");
    let rel = "vjeux_jsWoWModelViewer/assets/scourgefemale.m2";
    let opts = m2view_app::open::OpenOptions { dbc: vec![vanilla.clone()], ..Default::default() };
    let mut s = Scene::open_with(rel, opts.clone()).unwrap();
    s.state.current.as_mut().unwrap().set_mount(Some(&wolf), &opts).unwrap();
    for c in [m2view_app::command::Command::UploadCharacter, m2view_app::command::Command::UploadMount] {
        s.view.apply(c, &mut s.state);
    }
    let (model, dbc) = (samples.join(rel), vanilla.to_str().unwrap().to_string());
    let cli = ["--dbc", &dbc, model.to_str().unwrap(), "--mount", wolf.to_str().unwrap()];
    both_front_ends("one_scene_rider_on_mount", &cli, &mut s);
}

#[test]
fn one_scene_an_axe_in_a_kobolds_hand() {
    let Some(samples) = fixtures::samples_dir() else { return };
    let axe = samples.join("vjeux_jsWoWModelViewer/assets/Item/Objectcomponents/weapon/axe_1h_blacksmithing_d_01.m2");
    let rel = "Koward_Improved_Models/Creature/Kobold2/Kobold2.m2";
    let mut s = Scene::open(rel).unwrap();
    s.state.current.as_mut().unwrap().attach(1, &axe, &Default::default()).unwrap();
    s.view.apply(m2view_app::command::Command::UploadAttachments, &mut s.state);
    let attach = format!("HandRight={}", axe.display());
    both_front_ends("one_scene_axe_in_hand", &[samples.join(rel).to_str().unwrap(), "--attach", &attach], &mut s);
}

#[test]
fn one_scene_a_wmo_with_its_doodad_set() {
    let Some(samples) = fixtures::samples_dir() else { return };
    let koward = samples.join("Koward_Improved_Models");
    let mut opts = m2view_app::open::OpenOptions::default();
    opts.load.data_root = Some(koward.clone());
    let rel = "wowserhq_format/fixture/mapobj/inn.wmo";
    let mut s = Scene::open_with(rel, opts).unwrap();
    s.state.show_doodad_set(1);
    for c in s.state.take_commands() {
        s.view.apply(c, &mut s.state);
    }
    let inn = samples.join(rel);
    let cli = [inn.to_str().unwrap(), "--data", koward.to_str().unwrap(), "--doodad-set", "1"];
    both_front_ends("one_scene_inn_doodad_set_1", &cli, &mut s);
}

#[test]
fn one_scene_a_crowd() {
    let rel = "Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2";
    let Some(mut s) = Scene::open(rel) else { return };
    s.state.view.crowd = 9;
    s.state.current.as_mut().unwrap().set_crowd(9);
    let model = fixtures::samples_dir().unwrap().join(rel);
    both_front_ends("one_scene_crowd_of_9", &[model.to_str().unwrap(), "--crowd", "9"], &mut s);
}

#[test]
fn the_view_records_the_textures_it_draws_with_a_placeholder() {
    // The writer's two boxes without their texture file (texture 0) and with their
    // monster-skin slot (texture 1) unfilled: both are drawn with a placeholder, and the
    // status bar says so (`panels.rs`).
    let fixture = fixtures::two_boxes(264);
    let path = crate::common::write_fixture(&fixture, &fixtures::skin_profile(264), &[], "view-placeholder");
    std::fs::remove_file(path.parent().unwrap().join("Textures/Boxes/Box.blp")).unwrap();
    let mut s = Scene::open_path(&path, Default::default());
    s.frames(1);
    assert_eq!((s.view.missing_textures(), s.state.missing_textures.as_slice()), (2, &[0, 1][..]));
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn the_lod_panel_counts_what_the_view_draws() {
    // Jaina's LOD 0 holds 7 batches of 2,357 triangles with the default geosets; one
    // is transparent in Stand's first frame, so the view draws 6 of 2,353. The LOD
    // panel shows both: the file's, and what the last frame drew (the status bar's).
    let Some(mut s) = Scene::open("Koward_Improved_Models/Creature/Jaina/Jaina.m2") else { return };
    s.frames(1);
    let c = s.state.current.as_ref().unwrap();
    assert_eq!(c.lm.model.visible_batches(c.lod, &c.geosets), (7, 2357));
    assert_eq!((s.view.stats.batches, s.view.stats.triangles), (6, 2353));
    assert_eq!(s.state.drawn, (6, 2353));
    let mut h = egui_kittest::Harness::builder().with_size(egui::vec2(1200.0, 1000.0)).build_ui_state(
        |ui, st: &mut AppState| {
            m2view_app::ui::draw(ui, st, None, "");
        },
        std::mem::replace(&mut s.state, crate::common::app_state(Default::default(), false)),
    );
    h.run();
    use egui_kittest::kittest::Queryable;
    h.get_by_label("LOD").click();
    h.run();
    h.get_by_label("geosets shown: 7 batches, 2357 triangles");
    h.get_by_label("drawn last frame: 6 batches, 2353 triangles");
}

#[test]
fn framing_centres_the_model_in_the_view_whatever_its_shape() {
    // The view is the docked pane's rectangle: wide and tall alike, the framed
    // model's pixels are centred in it (within 6 % of its size) and fill it.
    for size in [[320, 120], [120, 320]] {
        let Some(mut s) = Scene::open("Koward_Improved_Models/Creature/Jaina/Jaina.m2") else { return };
        s.state.current.as_mut().unwrap().instance.player.paused = true;
        let px = s.frames_at(1, size);
        let bg = s.state.view.background.map(|c| (c * 255.0).round() as i32);
        let (mut n, mut lo, mut hi) = (0usize, [u32::MAX; 2], [0u32; 2]);
        for (i, p) in px.chunks_exact(4).enumerate() {
            if (0..3).any(|k| (p[k] as i32 - bg[k]).abs() > 12) {
                let (x, y) = ((i as u32) % size[0], (i as u32) / size[0]);
                n += 1;
                (lo, hi) = ([lo[0].min(x), lo[1].min(y)], [hi[0].max(x), hi[1].max(y)]);
            }
        }
        assert!(n > 500, "{size:?}: the model is drawn");
        let mid = [(lo[0] + hi[0]) as f64 / 2.0, (lo[1] + hi[1]) as f64 / 2.0];
        for k in 0..2 {
            let off = (mid[k] - size[k] as f64 / 2.0).abs() / size[k] as f64;
            assert!(
                off < 0.06,
                "{size:?}: the model's box is off centre by {:.0} % on axis {k} ({lo:?}–{hi:?})",
                off * 100.0
            );
        }
        // It fills the view along its tighter axis.
        let fill = ((hi[0] - lo[0]) as f64 / size[0] as f64).max((hi[1] - lo[1]) as f64 / size[1] as f64);
        assert!(fill > 0.6, "{size:?}: fills {:.0} %", fill * 100.0);
    }
}

#[test]
fn a_replaceable_slot_is_filled_by_hand_from_a_texture_of_the_sources() {
    // The writer's two boxes: texture 1 is a monster-skin slot nothing fills. A PNG
    // that only a data source holds (a folder written here), named by its path
    // there, fills it: the view then draws only texture 0 with a placeholder.
    let fixture = fixtures::two_boxes(264);
    let path = crate::common::write_fixture(&fixture, &fixtures::skin_profile(264), &[], "view-fill-by-hand");
    std::fs::remove_file(path.parent().unwrap().join("Textures/Boxes/Box.blp")).unwrap();
    let source = path.parent().unwrap().join("source");
    std::fs::create_dir_all(source.join("Skins")).unwrap();
    image::save_buffer(
        source.join("Skins/Red.png"),
        &[200, 30, 30, 255].repeat(16),
        4,
        4,
        image::ExtendedColorType::Rgba8,
    )
    .unwrap();
    let mut s = Scene::open_path(&path, Default::default());
    s.frames(1);
    assert_eq!(s.state.missing_textures, [0, 1]);
    let mut vfs = m2view_data::Vfs::new();
    vfs.add_spec(&source, &Default::default()).unwrap();
    s.state.open_options.load.data = Some(std::sync::Arc::new(vfs));
    let fill = m2view_app::command::Command::ReplaceTexture { slot: 1, path: "Skins/Red.png".into() };
    s.view.apply(fill, &mut s.state);
    assert!(s.state.error.is_none(), "{:?}", s.state.error);
    s.frames(1);
    assert_eq!(s.state.missing_textures, [0]);
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}
