//! The window's layout driven as a user drives it, with egui_kittest (no
//! window, no GPU): the menu bar and the 3D view fit 800×600, a table opens
//! as a tab beside the view and the view is not drawn under it, the
//! timeline scrubs and steps, Death plays once, the sequence list filters,
//! errors go to Messages and leave the status bar when the next open
//! succeeds, and the layout and UI scale survive a restart.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use m2view_app::open::{OpenOptions, Opened};
use m2view_app::state::{AppState, Current};
use m2view_app::ui::{self, Pane, UiOutput};
use m2view_format::{BoneId, SequenceId};

/// The state and what the last frame's UI asked of the window.
struct Shown {
    s: AppState,
    out: UiOutput,
}

fn demo_state() -> AppState {
    let path = m2view_app::demo::write_to_temp().unwrap();
    let o = Opened::open(&path, &OpenOptions::default()).unwrap();
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.current = Some(Current::new(o, None, vec![]));
    s
}

fn harness(s: AppState, w: f32, h: f32) -> Harness<'static, Shown> {
    Harness::builder().with_size(egui::vec2(w, h)).build_ui_state(
        |ui, t: &mut Shown| t.out = ui::draw(ui, &mut t.s, None, "6 batches, 2353 triangles"),
        Shown { s, out: UiOutput::default() },
    )
}

fn wait_loading(h: &mut Harness<'static, Shown>) {
    for _ in 0..1000 {
        if h.state().s.pending.is_none() {
            break;
        }
        h.state_mut().s.poll_loading();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[test]
fn at_800_by_600_the_menus_fit_and_the_view_keeps_over_40_percent() {
    let mut h = harness(demo_state(), 800.0, 600.0);
    h.run();
    let [w, hgt] = h.state().out.view_size;
    let share = (w * hgt) as f32 / (800.0 * 600.0);
    eprintln!("the 3D view at 800×600: {w}×{hgt} px, {:.1} % of the window", share * 100.0);
    assert!(share >= 0.4, "the 3D view is {w}×{hgt}: {:.0} % of the window", share * 100.0);
    // The view sits right of the panels, under the menu bar, above the timeline.
    let [x, y] = h.state().out.view_origin;
    assert!(x > 200 && y > 20 && y + hgt < 560, "view at {x},{y} size {w}×{hgt}");
    for label in ["File", "View", "Help", "Load", "Pause", "Loop", "Next >"] {
        let r = h.get_by_label(label).rect();
        assert!(r.min.x >= 0.0 && r.max.x <= 800.0 && r.max.y <= 600.0, "{label} at {r:?} is cut off");
    }
}

#[test]
fn a_table_opens_as_a_tab_beside_the_view_which_is_not_drawn_under_it() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let mut h = harness(demo_state(), 1280.0, 720.0);
    h.run();
    assert!(h.state().out.view_size[0] > 0);
    h.state_mut().s.open(samples.join("itmrl_dbc/AnimationData.dbc"));
    h.run();
    assert!(h.state().s.document.is_some(), "{:?}", h.state().s.error);
    // The table's tab is in front: the window neither renders nor copies the view.
    assert_eq!(h.state().out.view_size, [0, 0]);
    h.get_by_label("AnimationData.dbc");
    // Back to the 3D view by its tab; the table stays open in its own.
    h.get_by_label("3D view").click();
    h.run();
    assert!(h.state().out.view_size[0] > 0 && h.state().s.document.is_some());
    h.get_by_label("AnimationData.dbc").click();
    h.run();
    assert_eq!(h.state().out.view_size, [0, 0]);
    h.get_by_label("Close file").click();
    h.run();
    assert!(h.state().s.document.is_none());
    assert!(h.state().out.view_size[0] > 0, "closing the table shows the view again");
}

#[test]
fn the_timeline_scrubs_steps_and_counts_frames() {
    let mut h = harness(demo_state(), 1280.0, 720.0);
    h.run();
    let player = |h: &Harness<'static, Shown>| h.state().s.current.as_ref().unwrap().instance.player.clone();
    let dur = {
        let c = h.state().s.current.as_ref().unwrap();
        c.instance.player.duration_ms(&c.lm.model) as f32
    };
    assert!(dur > 0.0);
    // A click at the middle of the track: paused, half way.
    let track = h.get_by_label_contains("click or drag to scrub").rect();
    h.get_by_label_contains("click or drag to scrub").hover();
    h.event(egui::Event::PointerButton {
        pos: track.center(),
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: Default::default(),
    });
    h.event(egui::Event::PointerButton {
        pos: track.center(),
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: Default::default(),
    });
    h.run();
    let p = player(&h);
    assert!(p.paused && (p.time_ms - dur / 2.0).abs() <= dur / 100.0, "time {} of {dur}", p.time_ms);
    // One frame on at 30 frames a second, and the counter says which.
    let before = p.time_ms;
    h.get_by_label("Next >").click();
    h.run();
    let after = player(&h).time_ms;
    assert!((after - before - 1000.0 / 30.0).abs() < 0.01, "{before} → {after}");
    let frame = ui::frame_of(after);
    h.get_by_label_contains(&format!("frame {frame} / {}", ui::frame_of(dur)));
    h.get_by_label("< Prev").click();
    h.run();
    assert!((player(&h).time_ms - before).abs() < 0.01);
}

#[test]
fn a_bone_picked_in_the_inspector_puts_its_keys_on_the_timeline() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let jaina = samples.join("Koward_Improved_Models/Creature/Jaina/Jaina.m2");
    let o = Opened::open(&jaina, &OpenOptions::default()).unwrap();
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.current = Some(Current::new(o, None, vec![]));
    // The filter lists matching bones flat: Jaina's head bone alone.
    s.filter = "bone 5:".into();
    // Tall enough that the Inspector, last in the Model pane, is on screen.
    let mut h = harness(s, 1280.0, 2400.0);
    h.run();
    let (all, head, name) = {
        let c = h.state().s.current.as_ref().unwrap();
        let seq = c.instance.player.sequence;
        let m = &c.lm.model;
        (m.bone_key_times(seq, None).len(), m.bone_key_times(seq, Some(BoneId(5))).len(), m.bones[5].name.clone())
    };
    assert!(head > 0 && head < all, "bone 5 has {head} of the sequence's {all} key times");
    h.get_by_label_contains(&format!("{all} keys of the sequence's bones"));
    h.get_by_label("Inspector").click();
    h.run();
    h.get_by_label_contains("Bones (").click();
    h.run();
    h.get_by_label_contains("bone 5:").click();
    h.run();
    assert_eq!(h.state().s.current.as_ref().unwrap().selected_bone, Some(BoneId(5)));
    h.get_by_label_contains(&format!("{head} keys of bone 5 {name}"));
    // Cleared from the timeline: every bone's keys again.
    h.get_by_label("keys of bone 5 x").click();
    h.run();
    assert_eq!(h.state().s.current.as_ref().unwrap().selected_bone, None);
    h.get_by_label_contains(&format!("{all} keys of the sequence's bones"));
}

#[test]
fn death_plays_once_and_stand_loops() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let jaina = samples.join("Koward_Improved_Models/Creature/Jaina/Jaina.m2");
    let o = Opened::open(&jaina, &OpenOptions::default()).unwrap();
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.current = Some(Current::new(o, None, vec![]));
    let mut h = harness(s, 1280.0, 900.0);
    h.run();
    // 153 sequences; the filter keeps Death's and its list starts at the top.
    h.state_mut().s.sequence_filter = "death".into();
    h.run();
    let model = &h.state().s.current.as_ref().unwrap().lm.model;
    let groups = ui::grouped_sequences(model, "death");
    assert_eq!(groups.len(), 1, "one animation: Death");
    assert_eq!(groups[0], [SequenceId(28)], "Jaina's Death is sequence 28");
    h.get_by_label_contains(" 28  Death (1)").click();
    h.run();
    let p = &h.state().s.current.as_ref().unwrap().instance.player;
    assert_eq!(p.sequence, SequenceId(28));
    assert!(!p.looping, "Death holds its last frame");
    h.state_mut().s.sequence_filter = "stand".into();
    h.run();
    h.get_by_label_contains("  0  Stand (0)").click();
    h.run();
    assert!(h.state().s.current.as_ref().unwrap().instance.player.looping);
}

#[test]
fn the_sequence_list_groups_variations_under_their_animation() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let jaina = samples.join("Koward_Improved_Models/Creature/Jaina/Jaina.m2");
    let model = Opened::open(&jaina, &OpenOptions::default()).unwrap().lm.model;
    let groups = ui::grouped_sequences(&model, "");
    // Every sequence once; each group one animation id, in the order of its first sequence.
    let mut all: Vec<SequenceId> = groups.iter().flatten().copied().collect();
    assert_eq!(all.len(), 153);
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 153);
    for g in &groups {
        assert!(g.iter().all(|id| model.sequences[id.index()].anim_id == model.sequences[g[0].index()].anim_id));
        assert!(g.windows(2).all(|w| w[0] < w[1]));
    }
    // Stand (id 0) has three sequences in Jaina: 0, 33 and 128.
    assert_eq!(groups[0], [SequenceId(0), SequenceId(33), SequenceId(128)]);
    // The filter matches names and animation ids, case-insensitively.
    let walk = ui::grouped_sequences(&model, "WALK");
    assert!(!walk.is_empty());
    for g in walk.iter().flatten() {
        assert!(model.sequence_name(*g).to_lowercase().contains("walk"));
    }
    assert!(ui::grouped_sequences(&model, "no such sequence").is_empty());
}

#[test]
fn an_error_goes_to_messages_and_leaves_when_the_next_open_succeeds() {
    let bad = std::env::temp_dir().join(format!("m2view-layout-bad-{}.m2", std::process::id()));
    std::fs::write(&bad, b"MD20\x08\x01\x00\x00truncated").unwrap();
    let mut h = harness(demo_state(), 800.0, 600.0);
    h.run();
    h.state_mut().s.open(bad.clone());
    h.step();
    wait_loading(&mut h);
    h.run();
    let err = h.state().s.error.clone().expect("the error is shown");
    assert_eq!(h.state().s.errors, std::slice::from_ref(&err), "and kept in the messages");
    // A long error is cut to the status bar with dismiss still on screen.
    let dismiss = h.get_by_label("dismiss").rect();
    assert!(dismiss.max.x <= 800.0, "{dismiss:?}");
    // The Messages tab lists it in full.
    h.get_by_label_contains("Messages (").click();
    h.run();
    h.get_by_label(&format!("error: {err}"));
    // The next open that succeeds takes it off the status bar; Messages keeps it.
    let demo = m2view_app::demo::write_to_temp().unwrap();
    h.state_mut().s.open(demo);
    h.step();
    wait_loading(&mut h);
    h.run();
    assert!(h.state().s.error.is_none());
    assert_eq!(h.state().s.errors.len(), 1);
    let _ = std::fs::remove_file(bad);
}

#[test]
fn messages_name_each_table_read_and_a_guessed_skin() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let tables = samples.join("andrewmunro_Vanilla/dbc");
    let opts = OpenOptions { dbc: vec![tables.clone()], ..Default::default() };
    let o = Opened::open(&samples.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2"), &opts).unwrap();
    let mut s = crate::common::app_state(opts, false);
    s.current = Some(Current::new(o, None, vec![]));
    let mut h = harness(s, 1280.0, 900.0);
    h.run();
    h.get_by_label_contains("Messages (").click();
    h.run();
    h.get_by_label(&format!("table ChrRaces.dbc read from {}", tables.join("ChrRaces.dbc").display()));
    // The sample's 1.12 set has no AnimationData: asked for (the sequences' names), found nowhere.
    h.get_by_label("table AnimationData.dbc: in none of the data sources");
    // A creature no table names: its skin is guessed from the file names beside it.
    let banshee = samples.join("Koward_Improved_Models/Creature/Banshee2/Banshee2.m2");
    let o = Opened::open(&banshee, &OpenOptions::default()).unwrap();
    h.state_mut().s.current = Some(Current::new(o, None, vec![]));
    h.run();
    h.get_by_label_contains("skin guessed from file names (no CreatureModelData row names the model): ");
}

#[test]
fn the_layout_and_ui_scale_are_saved_and_restored() {
    let dir = std::env::temp_dir().join(format!("m2view-layout-settings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut s = demo_state();
    s.config_dir = Some(dir.clone());
    let mut h = harness(s, 1280.0, 720.0);
    h.run();
    assert!(h.state().s.layout.is_front(Pane::Panels));
    // Messages to the front, the UI at 150 % from the View menu.
    h.get_by_label_contains("Messages (").click();
    h.run();
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("150 %").click();
    h.run();
    assert_eq!(h.state().s.ui_scale, 1.5);
    h.state().s.save_settings().unwrap();
    // What a restart reads.
    let (settings, why) = m2view_app::settings::Settings::load(Some(&dir));
    assert_eq!((settings.ui_scale, why), (1.5, None));
    let (layout, why) = ui::Layout::restore(settings.layout.as_ref());
    assert!(why.is_none(), "{why:?}");
    assert!(layout.is_front(Pane::Messages) && !layout.is_front(Pane::Panels));
    // A layout that lacks a pane is replaced by the default, with a message.
    let (layout, why) = ui::Layout::restore(Some(&serde_json::json!({"root": null, "tiles": {"tiles": {}}})));
    assert!(why.is_some() && layout.is_front(Pane::Panels), "{why:?}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_wheel_zooms_towards_the_point_under_the_cursor() {
    use glam::Vec3;
    // A view 400×300 points; the cursor 120 right of and 50 below its centre.
    let (w, h, at) = (400.0f32, 300.0f32, [120.0f32, 50.0]);
    let mut o = m2view_app::state::Orbit::framing((Vec3::splat(-1.0), Vec3::ONE), Vec3::new(1.0, -0.5, 0.4), w / h);
    let screen = |o: &m2view_app::state::Orbit, p: Vec3| {
        let cam = o.camera();
        let ndc = (cam.proj(w / h) * cam.view()).project_point3(p);
        [ndc.x * w / 2.0, -ndc.y * h / 2.0]
    };
    // The point under the cursor on the plane through the target facing the camera.
    let cam = o.camera();
    let fwd = (cam.target - cam.eye).normalize();
    let right = fwd.cross(Vec3::Z).normalize();
    let up = right.cross(fwd);
    let scale = 2.0 * o.distance * (o.fov_y * 0.5).tan() / h;
    let under = o.target + (right * at[0] - up * at[1]) * scale;
    let before = screen(&o, under);
    assert!((before[0] - at[0]).abs() < 0.05 && (before[1] - at[1]).abs() < 0.05, "{before:?}");
    let distance = o.distance;
    o.zoom_at(120.0, at, h);
    assert!(o.distance < distance * 0.8, "zoomed in");
    let after = screen(&o, under);
    assert!((after[0] - at[0]).abs() < 0.05 && (after[1] - at[1]).abs() < 0.05, "the point moved to {after:?}");
    // At the centre it is the old zoom: the target stays.
    let target = o.target;
    o.zoom_at(-60.0, [0.0, 0.0], h);
    assert!((o.target - target).length() < 1e-5);
}

/// The window's UI over the demo model, paused at 0 ms, drawn by egui's
/// wgpu renderer (lavapipe on CI) at `w` × `h` points: the 3D view is left
/// blank (its pixels are the renderer's, checked by `scene_view.rs`).
fn window_picture(w: f32, h: f32) -> crate::common::Image {
    let mut s = demo_state();
    let c = s.current.as_mut().unwrap();
    c.lm.path = std::path::PathBuf::from("Demo.m2");
    c.instance.player.paused = true;
    let mut harness = Harness::builder().with_size(egui::vec2(w, h)).wgpu().build_ui_state(
        |ui, s: &mut AppState| {
            ui::draw(ui, s, None, "2 batches, 36 triangles | 16.7 ms/frame");
        },
        s,
    );
    harness.run();
    let img = harness.render().expect("egui's wgpu renderer");
    crate::common::Image { width: img.width(), height: img.height(), pixels: img.into_raw() }
}

#[test]
fn the_window_at_three_sizes_matches_its_goldens() {
    // Goldens looked at before blessing: menu bar, Model and Messages tabs, the 3D
    // view's tab, the timeline and the status bar, nothing cut off, at each size.
    for (w, h) in [(800.0, 600.0), (1280.0, 720.0), (1920.0, 1080.0)] {
        let img = window_picture(w, h);
        crate::common::check_golden(&format!("window_{w}x{h}"), &img);
    }
}
