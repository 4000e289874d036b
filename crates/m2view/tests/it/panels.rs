//! The panels driven like a user would, with egui_kittest (no window, no GPU):
//! picking a sequence resets its time, toggling a geoset and switching LOD
//! change what is drawn, and a bad file shows its error while the previous
//! model stays open.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use m2view_app::command::Command;
use m2view_app::open::{OpenOptions, Opened};
use m2view_app::state::{AppState, Current};
use m2view_app::ui;
use m2view_format::SequenceId;

fn state() -> AppState {
    let path = m2view_app::demo::write_to_temp().unwrap();
    let o = Opened::open(&path, &OpenOptions::default()).unwrap();
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.current = Some(Current::new(o, None, vec![]));
    s
}

fn harness(s: AppState) -> Harness<'static, AppState> {
    Harness::builder().with_size(egui::vec2(1200.0, 1000.0)).build_ui_state(
        |ui, s: &mut AppState| {
            ui::draw(ui, s, None, "");
        },
        s,
    )
}

/// Waits for the indexing of a data source added to `s` (a worker thread),
/// and for the open model dressed again from the new sources.
fn wait_indexing(s: &mut AppState) {
    let t = std::time::Instant::now();
    while !s.poll_indexing() {
        assert!(t.elapsed().as_secs() < 20, "indexing did not finish");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    while s.pending.is_some() {
        s.poll_loading();
        assert!(t.elapsed().as_secs() < 40, "loading did not finish");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Waits for the model load the harness's state started (a worker thread).
fn wait_loading(h: &mut Harness<'static, AppState>) {
    for _ in 0..1000 {
        if h.state().pending.is_none() {
            break;
        }
        h.state_mut().poll_loading();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

fn drawn(s: &AppState) -> (usize, usize) {
    let c = s.current.as_ref().unwrap();
    c.lm.model.visible_batches(c.lod, &c.geosets)
}

#[test]
fn selecting_a_sequence_resets_time() {
    let mut h = harness(state());
    h.state_mut().current.as_mut().unwrap().instance.player.time_ms = 300.0;
    h.run();
    h.get_by_label_contains("Walk (4)").click();
    h.run();
    let p = &h.state().current.as_ref().unwrap().instance.player;
    assert_eq!((p.sequence, p.time_ms), (SequenceId(1), 0.0));
}

#[test]
fn toggling_a_geoset_changes_the_batch_count() {
    let mut h = harness(state());
    h.run();
    // The demo: pedestal (geoset 0, 24 triangles) and crystal (geoset 101, 12).
    assert_eq!(drawn(h.state()), (2, 36));
    h.get_by_label("101  (12 triangles)").click();
    h.run();
    assert_eq!(drawn(h.state()), (1, 24));
    h.get_by_label("All").click();
    h.run();
    assert_eq!(drawn(h.state()), (2, 36));
}

#[test]
fn switching_lod_changes_the_triangle_count() {
    let mut h = harness(state());
    h.run();
    h.get_by_label("LOD").click();
    h.run();
    h.get_by_label_contains("1: Demo01.skin").click();
    h.run();
    assert_eq!(h.state().current.as_ref().unwrap().lod, 1);
    assert_eq!(drawn(h.state()), (1, 24));
    assert!(h.query_by_label("geosets shown: 1 batches, 24 triangles").is_some());
}

#[test]
fn a_bad_file_shows_its_error_and_keeps_the_model() {
    let bad = std::env::temp_dir().join(format!("m2view-bad-{}.m2", std::process::id()));
    std::fs::write(&bad, b"MD20\x08\x01\x00\x00truncated").unwrap();
    let mut h = harness(state());
    h.run();
    h.state_mut().path_field = bad.display().to_string();
    h.get_by_label("Load").click();
    h.step(); // the spinner keeps repainting while loading
    wait_loading(&mut h);
    h.run();
    let s = h.state();
    let err = s.error.clone().expect("error shown");
    assert!(err.contains("m2view-bad-") && err.contains("header"), "{err}");
    assert_eq!(s.current.as_ref().unwrap().lm.model.name, "Demo", "previous model kept");
    assert!(h.query_by_label(&err).is_some(), "error label visible");
    // The path field shows the model that is open, not the one that failed.
    assert_eq!(s.path_field, s.current.as_ref().unwrap().lm.path.display().to_string());
}

#[test]
fn replaceable_texture_can_be_chosen() {
    let mut h = harness(state());
    h.run();
    h.get_by_label("Replaceable textures").click();
    h.run();
    assert!(h.query_by_label("texture 1: monster skin 1").is_some());
    h.state_mut().replace_fields.insert(1, "/tmp/skin.png".into());
    h.run();
    h.get_by_label("Apply").click();
    h.run();
    let want = Command::ReplaceTexture { slot: 1, path: std::path::PathBuf::from("/tmp/skin.png") };
    assert!(h.state().commands.contains(&want), "{:?}", h.state().commands);
}

#[test]
fn an_mdx_model_lists_its_sequence_names_and_team_colour() {
    let dir = std::env::temp_dir().join(format!("m2view-panels-mdx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("MdxBox.mdx");
    let fixture = m2view_format::fixtures::mdx_box(800);
    std::fs::write(&path, m2view_format::writer_mdx::write_mdx(&fixture)).unwrap();
    let o = Opened::open(&path, &OpenOptions::default()).unwrap();
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.current = Some(Current::new(o, None, vec![]));
    let mut h = harness(s);
    h.run();
    // Stored MDX names, not the standard names of the ids.
    h.get_by_label_contains("Death (1)").click();
    h.run();
    assert_eq!(h.state().current.as_ref().unwrap().instance.player.sequence, SequenceId(1));
    // Every geoset shows by default; the team colour has a player list and a picker.
    assert_eq!(drawn(h.state()), (2, 12 * 2));
    h.get_by_label("Replaceable textures").click();
    h.run();
    assert_eq!(h.get_all_by_label("team colour").count(), 2, "the player list and the picker, named by the label");
    h.get_by_role_and_label(egui::accesskit::Role::ComboBox, "team colour").click();
    h.run();
    h.get_by_label("1 blue").click();
    h.run();
    assert_eq!(h.state().team_color, m2view_render::texture::PLAYERS[1].1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn inspector_shows_texture_thumbnails_and_the_bone_tree() {
    let mut s = state();
    let c = s.current.as_mut().unwrap();
    c.thumbnails =
        c.lm.texture_files.iter().map(|p| p.as_deref().and_then(|p| m2view_texture::thumbnail(&c.lm, p))).collect();
    // The demo's stone texture is 64×64: its preview is that level.
    assert_eq!(c.thumbnails[0].as_ref().map(|t| (t.width, t.height)), Some((64, 64)));
    let mut h = harness(s);
    h.run();
    h.get_by_label("Inspector").click();
    h.run();
    h.get_by_label_contains("Textures (").click();
    h.run();
    let handles = &h.state().current.as_ref().unwrap().thumbnail_handles;
    assert!(handles.first().is_some_and(Option::is_some), "thumbnail uploaded when shown");
    // Bones as a tree: bone 1 sits under bone 0, shown once bone 0 is picked (which opens it).
    h.get_by_label_contains("Bones (").click();
    h.run();
    assert!(h.query_by_label_contains("bone 1:").is_none());
    h.get_by_label_contains("bone 0:").click();
    h.run();
    assert!(h.query_by_label_contains("bone 1:").is_some());
    assert_eq!(h.state().current.as_ref().unwrap().selected_bone, Some(m2view_format::BoneId(0)));
}

#[test]
fn the_browser_lists_filters_and_opens_models_of_an_archive() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let map = samples.join("inwc3_JMPQ3/src/test/resources/mpqs/normalMap.w3x");
    let mut s = state();
    s.add_data_source(map);
    wait_indexing(&mut s);
    assert!(s.error.is_none(), "{:?}", s.error);
    let mut h = harness(s);
    h.run();
    h.get_by_label("Models (2 of 2)");
    h.get_by_label("dummy.mdx");
    h.get_by_label("war3mapImported/tcBox.mdx").click();
    // The load starts (a spinner keeps repainting: step, do not wait to settle).
    h.step();
    let pending = h.state().pending.as_ref().map(|p| p.path.clone());
    assert_eq!(pending, Some(std::path::PathBuf::from("war3mapImported/tcBox.mdx")));
    // The filter narrows the list; `re:` takes a regex.
    h.state_mut().browser.as_mut().unwrap().set_filter("re:^dum");
    h.run_steps(2);
    h.get_by_label("Models (1 of 2)");
    assert!(h.query_by_label("war3mapImported/tcBox.mdx").is_none());
}

#[test]
fn the_skin_picker_dresses_a_creature() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let path = samples.join("Koward_Improved_Models/Creature/Murloc2/Murloc2.m2");
    let o = Opened::open(&path, &OpenOptions::default()).unwrap();
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.current = Some(Current::new(o, None, vec![]));
    let mut h = harness(s);
    h.run();
    h.get_by_label_contains("skin: display 31");
    h.get_by_label("Replaceable textures").click();
    h.run();
    h.get_by_label_contains("1: display 188").click();
    h.run();
    let c = h.state().current.as_ref().unwrap();
    assert_eq!(c.dressing.creature.current, Some(1));
    assert!(c.lm.texture_files[0].as_ref().unwrap().ends_with("murloc2_Blue.blp"));
    assert!(h.state().commands.contains(&Command::UploadSkin), "the viewport uploads the new textures");
    // The inspector shows the rows that dressed it (close the other panels to make room).
    for panel in ["Replaceable textures", "Animation", "Camera", "Geosets"] {
        h.get_by_label(panel).click();
        h.run();
    }
    h.get_by_label("Inspector").click();
    h.run();
    h.get_by_label("Tables (5 skins)").click();
    h.run();
    h.get_by_label("CreatureModelData 2385: Creature\\Murloc2\\Murloc2.mdx (scale 1)");
}

#[test]
fn a_weapon_hangs_on_an_attachment_point() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let host = samples.join("Koward_Improved_Models/Creature/Kobold2/Kobold2.m2");
    let axe = samples.join("vjeux_jsWoWModelViewer/assets/Item/Objectcomponents/weapon/axe_1h_blacksmithing_d_01.m2");
    let o = Opened::open(&host, &OpenOptions::default()).unwrap();
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.current = Some(Current::new(o, None, vec![]));
    // The field of HandRight (1), then its Attach button (the first on the panel is Shield's, id 0).
    s.attach_fields.insert(1, axe.display().to_string());
    let mut h = harness(s);
    h.run();
    for panel in ["Animation", "Camera", "Geosets", "Attachments"] {
        h.get_by_label(panel).click();
        h.run();
    }
    h.get_by_label("1 HandRight");
    h.get_all_by_label("Attach").nth(1).unwrap().click();
    h.run();
    let st = h.state();
    assert!(st.error.is_none(), "{:?}", st.error);
    assert!(st.commands.contains(&Command::UploadAttachments));
    let c = st.current.as_ref().unwrap();
    assert_eq!((c.attached.len(), c.attached[0].id), (1, 1));
    assert_eq!(c.attached[0].lm.model.source.version, 272);
    h.get_by_label("Detach").click();
    h.run();
    assert!(h.state().current.as_ref().unwrap().attached.is_empty());
    // A point the model lacks is refused with a message.
    let mut s = h.into_state();
    let e = s.current.as_mut().unwrap().attach(99, &axe, &OpenOptions::default()).unwrap_err();
    assert!(e.contains("no attachment point 99"), "{e}");
}

#[test]
fn a_game_folder_opens_in_the_browser_and_switches_locale() {
    let d = std::env::temp_dir().join(format!("m2view-panels-game-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    let model = m2view_format::writer::write_md20(&m2view_format::fixtures::two_boxes(264));
    for (loc, name) in [("deDE", "Creature\\Box\\Kiste.m2"), ("enUS", "Creature\\Box\\Crate.m2")] {
        std::fs::create_dir_all(d.join("Data").join(loc)).unwrap();
        wow_mpq::ArchiveBuilder::new()
            .add_file_data(model.clone(), name)
            .build(d.join("Data").join(loc).join(format!("locale-{loc}.MPQ")))
            .unwrap();
    }
    wow_mpq::ArchiveBuilder::new().add_file_data(model, "World\\Box.m2").build(d.join("Data/common.MPQ")).unwrap();
    let wait = |s: &mut AppState| {
        wait_indexing(s);
        assert!(s.error.is_none(), "{:?}", s.error);
    };
    let mut s = state();
    s.add_data_source(d.clone());
    wait(&mut s);
    let listed = |s: &AppState| s.browser.as_ref().unwrap().models.iter().map(|m| m.path.clone()).collect::<Vec<_>>();
    assert_eq!(listed(&s), ["Creature/Box/Kiste.m2", "World/Box.m2"], "first locale (deDE)");
    let mut h = harness(s);
    h.run();
    h.get_by_label("enUS").click();
    h.step();
    let mut s = h.into_state();
    wait(&mut s);
    assert_eq!(listed(&s), ["Creature/Box/Crate.m2", "World/Box.m2"]);
    assert_eq!(
        s.open_options.load.data.as_ref().unwrap().sources().len(),
        2,
        "the deDE chain was replaced, not stacked"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// "Open game folder…" on a CASC install (written by this project in the
/// real on-disk layout, `m2view_casc::fixtures`: no public storage exists)
/// holding the two-box model whose bones live in a `.skel`: the browser
/// lists what the listfile names, says how many files it cannot name, and
/// opens a model by its row or by `fdid:N` typed in the path field.
#[test]
fn a_casc_install_opens_in_the_browser_by_listfile_names_and_ids() {
    use m2view_casc::fixtures::{File, Product};
    use m2view_format::{fixtures as f, writer as w};
    let d = std::env::temp_dir().join(format!("m2view-panels-casc-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    let (model, skel) = f::two_boxes_skel();
    let files = vec![
        File::new(600001, None, w::write_md21(&model)),
        File::new(f::SKEL_FDID, None, w::write_skel(&skel)),
        File::new(1001, None, w::write_skin(&f::skin_profile(274), 274)),
        File::new(2001, None, m2view_format::blp::write_blp2_raw(2, 2, &[vec![200; 16]])),
    ];
    m2view_casc::fixtures::write(&d, &[Product::retail(files)]).unwrap();
    std::fs::create_dir_all(d.join("_retail_")).unwrap();
    let lf = d.join("listfile.csv");
    std::fs::write(&lf, "600001;world/test/twoboxesskel.m2\n1001;world/test/twoboxesskel00.skin\n").unwrap();
    let listfile = std::sync::Arc::new(m2view_data::Listfile::load(&lf).unwrap());
    let mut opts = OpenOptions::default();
    opts.load.listfile = Some(listfile);
    let mut s = crate::common::app_state(opts, false);
    s.add_data_source(d.join("_retail_"));
    wait_indexing(&mut s);
    assert!(s.error.is_none(), "{:?}", s.error);
    let mut h = harness(s);
    h.run();
    h.get_by_label("Models (1 of 1)");
    assert!(h.query_by_label_contains("2 files known only by FileDataID").is_some(), "the skeleton and the texture");
    h.get_by_label("world/test/twoboxesskel.m2").click();
    h.step();
    let pending = h.state().pending.as_ref().map(|p| p.path.clone());
    assert_eq!(pending, Some(std::path::PathBuf::from("world/test/twoboxesskel.m2")));
    let wait = |h: &mut Harness<'static, AppState>| {
        wait_loading(h);
        assert!(h.state().error.is_none(), "{:?}", h.state().error);
    };
    wait(&mut h);
    let bones = |h: &Harness<'static, AppState>| h.state().current.as_ref().map(|c| c.lm.model.bones.len());
    assert_eq!(bones(&h), Some(2), "bones from the .skel");
    // By FileDataID in the path field.
    h.state_mut().current = None;
    h.state_mut().path_field = "fdid:600001".into();
    h.run();
    h.get_by_label("Load").click();
    h.step();
    wait(&mut h);
    assert_eq!(bones(&h), Some(2));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn f_frames_from_the_current_direction() {
    let mut s = state();
    (s.orbit.yaw, s.orbit.pitch) = (2.0, -0.4);
    s.commands.clear();
    let mut h = harness(s);
    h.run();
    h.key_press(egui::Key::F);
    h.run();
    let dir = h.state().commands.iter().find_map(|c| match c {
        Command::Frame(d) => Some(*d),
        _ => None,
    });
    let dir = dir.expect("F asks for framing");
    let o = m2view_app::state::Orbit::framing((glam::Vec3::splat(-1.0), glam::Vec3::ONE), dir, 1.5);
    assert!((o.yaw - 2.0).abs() < 1e-4 && (o.pitch + 0.4).abs() < 1e-4, "yaw {} pitch {}", o.yaw, o.pitch);
}

#[test]
fn export_and_turntable_buttons_write_files() {
    let out = std::env::temp_dir().join(format!("m2view-panels-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let mut s = state();
    s.export.folder = out.clone();
    let mut h = harness(s);
    h.run();
    // File > Export…: glTF binary is the first format; the file is named after the model.
    crate::common::click_through(&mut h, &["File", "Export...  (Ctrl+E)", "Export now"]);
    let status = h.state().export_status.clone().unwrap();
    assert!(status.starts_with("exported ") && status.ends_with("Demo.glb"), "{status}");
    let g = gltf::Gltf::from_slice(&std::fs::read(out.join("Demo.glb")).unwrap()).unwrap();
    assert_eq!(g.animations().count(), 2, "the demo's two sequences");
    // A turntable: its format picked in the dialog, recorded on a worker thread.
    h.state_mut().export.kind = m2view_app::exporting::Kind::Turntable { apng: false };
    h.run();
    h.get_by_label("Export now").click();
    h.step();
    let mut s = h.into_state();
    let t = std::time::Instant::now();
    while !s.poll_recording() {
        assert!(t.elapsed().as_secs() < 120, "recording did not finish");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let status = s.export_status.clone().unwrap();
    assert!(status.starts_with("recorded ") && status.ends_with("Demo.gif"), "{status}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn crowd_mode_keeps_n_copies_that_play_on() {
    let mut h = harness(state());
    h.get_by_label("Display").click();
    h.run();
    assert!(h.query_all_by_label_contains("crowd").next().is_some(), "the View panel has the crowd slider");
    let c = h.state_mut().current.as_mut().unwrap();
    c.set_crowd(9);
    let crowd = c.crowd.as_ref().expect("a crowd");
    assert_eq!((crowd.instances.len(), crowd.worlds.len()), (9, 9));
    // The copies stand apart (the demo is about a unit wide) and play on with the model.
    assert!(crowd.worlds[1].w_axis.x > 0.5);
    let before: Vec<f32> = crowd.instances.iter().map(|i| i.player.time_ms).collect();
    c.tick(100.0);
    let after: Vec<f32> = c.crowd.as_ref().unwrap().instances.iter().map(|i| i.player.time_ms).collect();
    assert!(before.iter().zip(&after).any(|(b, a)| a != b), "{before:?} -> {after:?}");
    c.set_crowd(1);
    assert!(c.crowd.is_none());
}

#[test]
fn the_character_panel_customizes_equips_saves_and_mounts() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let opts = OpenOptions { dbc: vec![samples.join("andrewmunro_Vanilla/dbc")], ..Default::default() };
    let mut o = Opened::open(&samples.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2"), &opts).unwrap();
    let parts = m2view_app::character::parts(&mut o.lm, &o.dressing, &opts);
    let mut s = crate::common::app_state(opts, false);
    s.current = Some(Current::new(o, parts, vec![]));
    s.output_dir = std::env::temp_dir().join(format!("m2view-panels-outfit-{}", std::process::id()));
    std::fs::create_dir_all(&s.output_dir).unwrap();
    let mut h = harness(s);
    h.run();
    h.get_by_label("race Scourge (5), female (1)");
    // The options as the client's character creation names them (1.12 ChrRaces: Scourge FEATURES).
    for name in ["Skin Color", "Face", "Hair Style", "Hair Color", "Features", "Features Color"] {
        h.get_by_label(&format!("{name:<13}"));
    }
    let hair = |h: &Harness<'_, AppState>| {
        let c = h.state().current.as_ref().unwrap();
        (c.dressing.character.as_ref().unwrap().appearance.hair, c.geosets.clone())
    };
    // 1.12 CharHairGeosets: style 0 -> geoset 2; the third spinner's ">" goes to style 1 -> geoset 3.
    assert!(hair(&h).1.contains(&2));
    h.get_all_by_label(">").nth(2).unwrap().click();
    h.run();
    let (style, geosets) = hair(&h);
    assert_eq!(style, 1);
    assert!(geosets.contains(&3) && !geosets.contains(&2), "{geosets:?}");
    assert!(h.state().commands.contains(&Command::UploadCharacter), "the next frame shows it");
    // Search the 1.12 ItemDisplayInfo for a helmet and put it on the head.
    h.state_mut().character_fields.search = "Helm_Leather_D_01.mdl".into();
    h.state_mut().character_fields.search_slot = m2view_dress::character::equipment::Slot::Head;
    h.run();
    h.get_by_label_contains("1123: Helm_Leather_D_01.mdl").click();
    h.run();
    let c = h.state().current.as_ref().unwrap();
    let head = c.dressing.character.as_ref().unwrap().equipment.get(&m2view_dress::character::equipment::Slot::Head);
    assert_eq!(head.map(|e| e.display), Some(1123));
    // The helmet's model is not among the samples: the messages name it.
    let warned = "head model Item\\ObjectComponents\\Head\\Helm_Leather_D_01_ScF.m2 not found";
    assert!(c.warnings.iter().any(|w| w == warned), "{:?}", c.warnings);
    // By name, from an item list (1.12 keeps item names on the server: a fixture list in
    // WoW Model Viewer's id;name;display layout, with an inventory type): a robe goes to the
    // chest as a robe, whatever slot the search was aimed at.
    let list = h.state().output_dir.join("items.csv");
    std::fs::write(&list, "id;name;display\n90001;Fixture Robe of Names;3197;20\n").unwrap();
    h.state_mut().set_item_list(Some(list.clone()));
    h.state_mut().character_fields.search = "robe of".into();
    h.run();
    h.get_by_label_contains("Fixture Robe of Names (90001, display 3197) chest").click();
    h.run();
    let c = h.state().current.as_ref().unwrap();
    let chest = c.dressing.character.as_ref().unwrap().equipment.get(&m2view_dress::character::equipment::Slot::Chest);
    assert_eq!(chest.map(|e| (e.display, e.kind)), Some((3197, m2view_dress::character::equipment::ItemKind::Robe)));
    assert_eq!(h.state().item_names.list_path.as_deref(), Some(list.as_path()));
    // Chest 3197 by its display id: its sleeve component joins the body texture.
    crate::common::equip_chest_3197(&mut h);
    // Save the outfit, change the hair, load it back.
    h.get_by_label("Save outfit").click();
    h.run();
    let saved = std::fs::read_to_string(h.state().output_dir.join("outfit.json")).unwrap();
    assert!(saved.contains("\"race\": \"Scourge\"") && saved.contains("3197"), "{saved}");
    h.get_all_by_label(">").nth(2).unwrap().click();
    h.run();
    assert_eq!(hair(&h).0, 2);
    h.get_by_label("Load outfit").click();
    h.run();
    assert_eq!(hair(&h).0, 1);
    // Mount the wolf: the character rides, the mount is uploaded.
    let wolf = samples.join("Koward_Improved_Models/Creature/Wolf/Wolf.m2");
    h.state_mut().character_fields.mount = wolf.display().to_string();
    h.run();
    h.get_by_label("Mount").click();
    h.run();
    let st = h.state();
    assert!(st.error.is_none(), "{:?}", st.error);
    assert!(st.current.as_ref().unwrap().mount.is_some());
    assert!(st.commands.contains(&Command::UploadMount));
    let _ = std::fs::remove_dir_all(&st.output_dir);
}

#[test]
fn the_world_panel_picks_doodad_sets_toggles_groups_and_flies() {
    // A WMO written in the wowdev layout (m2view_format::fixtures::wmo: a box "hall" and its
    // roof "roof", lamps in set 0 (1) and set 1 (2 more)) with its lamp model beside it.
    let dir = std::env::temp_dir().join(format!("m2view-panel-wmo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    m2view_format::fixtures::wmo::write_files(&dir, false);
    let mut h = harness(crate::common::app_state(OpenOptions::default(), false));
    h.state_mut().open(dir.join("box.wmo"));
    wait_loading(&mut h);
    h.run();
    let placed = |s: &AppState| s.current.as_ref().unwrap().attached.iter().filter(|a| a.placement.is_some()).count();
    assert_eq!(placed(h.state()), 1, "set 0's lamp placed on open");
    // Set 1 adds its two lamps to set 0's.
    h.get_by_label_contains("doodad set").click();
    h.run();
    h.get_by_label("1 Set_Lamps (2 placements)").click();
    h.run();
    assert_eq!((placed(h.state()), h.state().doodad_set), (3, 1));
    assert!(h.state_mut().take_commands().contains(&Command::UploadAttachments));
    // The roof group off: its 2 triangles go.
    assert_eq!(drawn(h.state()), (2, 14));
    h.get_by_label_contains("1 roof").click();
    h.run();
    assert_eq!(drawn(h.state()), (1, 12));
    // Fly: W moves the eye forward; looking around keeps the eye where it is.
    h.get_by_label_contains("fly (").click();
    h.run();
    assert!(h.state().fly);
    let eye = |s: &AppState| s.orbit.camera().eye;
    let before = eye(h.state());
    h.state_mut().orbit.fly(0.5, 0.0, 0.0);
    let moved = eye(h.state()) - before;
    let fwd = -h.state().orbit.direction();
    assert!(moved.dot(glam::Vec3::new(fwd.x, fwd.y, 0.0)) > 0.0 && moved.z.abs() < 1e-5, "{moved}");
    let at = eye(h.state());
    h.state_mut().orbit.look(40.0, -20.0);
    assert!((eye(h.state()) - at).length() < 1e-3 * h.state().orbit.distance);
    // Overlays and portal culling (on by default) from the same panel.
    h.get_by_label_contains("portals (").click();
    h.run();
    assert!(h.state().view.overlays.portals);
    h.get_by_label_contains("portal culling").click();
    h.run();
    assert!(!h.state().portal_culling);
    // Fog (on by default) from the same panel; no frame has drawn, so the eye is in no WMO yet.
    h.get_by_label_contains("no fog: the eye is in no WMO");
    h.get_by_label_contains("fog (MFOG").click();
    h.run();
    assert!(!h.state().view.fog);
    h.get_by_label("fog off");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_map_tile_opens_with_what_it_places_and_its_neighbours() {
    // The real tile continent 42_29 (none of its models is public) with, written beside it
    // under the names it places them by: its first model (MDDF[0]'s name, `.mdx` read as `.m2`)
    // as `two_boxes`, and its Redridge barracks WMO (MODF) as the WMO fixture (a
    // hall, its roof and a lamp in set 0; the tile asks for set 2, which it lacks: set 0 shows
    // alone, as in the client); and a copy of the tile named as its neighbour 43_29.
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let bytes = std::fs::read(samples.join("wowserhq_format/fixture/map/continent4229.adt")).unwrap();
    let dir = std::env::temp_dir().join(format!("m2view-panel-adt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("continent4229.adt"), &bytes).unwrap();
    let tile = m2view_format::load_model_file(&dir.join("continent4229.adt"), &Default::default()).unwrap();
    let adt = tile.adt.as_ref().unwrap();
    let first = adt.doodads[0].model.clone().unwrap();
    let copies = adt.doodads.iter().filter(|d| d.model.as_ref() == Some(&first)).count();
    let m2 = dir.join(first.to_string().replace('\\', "/").to_lowercase().replace(".mdx", ".m2"));
    std::fs::create_dir_all(m2.parent().unwrap()).unwrap();
    std::fs::write(&m2, m2view_format::writer::write_md20(&m2view_format::fixtures::two_boxes(264))).unwrap();
    let skin = m2.with_file_name(format!("{}00.skin", m2.file_stem().unwrap().to_str().unwrap()));
    std::fs::write(skin, m2view_format::writer::write_skin(&m2view_format::fixtures::skin_profile(264), 264)).unwrap();
    let barracks = dir.join("world/wmo/azeroth/buildings/redridge_barracks");
    std::fs::create_dir_all(&barracks).unwrap();
    m2view_format::fixtures::wmo::write_files(&barracks, false);
    for (from, to) in [("box", ""), ("box_000", "_000"), ("box_001", "_001")] {
        std::fs::rename(barracks.join(format!("{from}.wmo")), barracks.join(format!("redridge_barracks{to}.wmo")))
            .unwrap();
    }
    let barracks_sets: Vec<u32> = adt
        .objects
        .iter()
        .filter(|o| o.wmo.as_ref().is_some_and(|w| w.to_string().contains("REDRIDGE_BARRACKS.WMO")))
        .map(|o| o.doodad_set as u32)
        .collect();
    std::fs::write(dir.join("continent4329.adt"), &bytes).unwrap();

    let mut h = harness(crate::common::app_state(OpenOptions::default(), false));
    h.state_mut().open(dir.join("continent4229.adt"));
    wait_loading(&mut h);
    h.run();
    let placed = |s: &AppState, f: &dyn Fn(&m2view_scene::Placed) -> bool| {
        s.current.as_ref().unwrap().attached.iter().filter(|a| a.placement.is_some() && f(a)).count()
    };
    assert_eq!(barracks_sets, [2], "one barracks, doodad set 2");
    // Every copy of the first model, and the barracks with its lamp.
    assert_eq!(placed(h.state(), &|a| a.lm.wmo.is_none() && a.lm.adt.is_none()), copies + 1);
    assert_eq!(placed(h.state(), &|a| a.lm.wmo.is_some()), 1);
    assert!(h.state_mut().take_commands().contains(&Command::UploadAttachments));
    h.get_by_label_contains("381 models (MDDF) and 19 WMOs (MODF) placed");
    // The neighbour: one tile found of the 8 around it, drawn with the tile.
    h.get_by_label("neighbour tiles").click();
    h.run();
    assert!(h.state().neighbours);
    assert_eq!(placed(h.state(), &|a| a.lm.adt.is_some()), 1);
    // The copy places what the tile places under the same uniqueIds: nothing more is drawn.
    let models = |s: &AppState| placed(s, &|a| a.lm.adt.is_none());
    assert_eq!(models(h.state()), copies + 2);
    h.get_by_label("neighbour tiles (1 of 8 found)").click();
    h.run();
    assert_eq!(placed(h.state(), &|a| a.lm.adt.is_some()), 0);
    assert_eq!(models(h.state()), copies + 2, "the tile's own placements stay");
    assert!(h.state_mut().take_commands().contains(&Command::UploadAttachments));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// "Game installs" lists the installs found (here one written in the real
/// layout of a 3.3.5 game folder: `Data/` with an MPQ of the corpus) and
/// opens the one picked as a data source; without any it says so and still
/// offers "Open game folder...".
#[test]
fn the_game_installs_menu_opens_an_install_found() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let d = std::env::temp_dir().join(format!("m2view-panels-installs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("Data")).unwrap();
    std::fs::copy(samples.join("grandatlant_DataMod/patch-Y.MPQ"), d.join("Data/patch-Y.MPQ")).unwrap();
    let mut places = m2view_data::installs::Places::default();
    places.roots.push((d.clone(), "a test".into()));
    let mut s = state();
    s.installs = m2view_data::installs::find_in(&places);
    assert_eq!(s.installs.len(), 1);
    let label = s.installs[0].label();
    let mut h = harness(s);
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Game data...").click();
    h.run();
    h.get_by_label(&label).click();
    h.step(); // the indexing spinner keeps repainting: one frame, not `run`
    assert_eq!(h.state().indexing.as_ref().map(|i| i.what.clone()), Some(d.display().to_string()));
    wait_indexing(h.state_mut());
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    let sources = h.state().open_options.load.data.as_ref().map_or(0, |v| v.sources().len());
    assert_eq!(sources, 1, "the game folder's one archive");

    let mut s = state();
    s.installs.clear();
    let mut h = harness(s);
    h.run();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Game data...").click();
    h.run();
    h.get_by_label("none found on this machine");
    h.get_by_label("Add game folder or folder...").click();
    h.run();
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_reforged_install_opens_in_the_browser_with_its_layers() {
    // A Warcraft III Reforged storage in the real layout (TVFS root, nested war3.w3mod roots;
    // written by m2view_casc::fixtures): the browser lists the models under their game paths,
    // the HD layer's over the base's, and opens one.
    use m2view_casc::fixtures::{File, Product};
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let d = std::env::temp_dir().join(format!("m2view-panels-w3-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    let horse = std::fs::read(samples.join("Retera_ReterasModelStudio/MDXLib/PackHorse.mdx")).unwrap();
    let stock = samples.join("Retera_ReterasModelStudio/matrixeater/stock/particles/DustEmitter.mdx");
    let files = vec![
        File::new(0, Some("war3.w3mod:units/critters/packhorse/packhorse.mdx"), horse),
        File::new(
            0,
            Some("war3.w3mod:_hd.w3mod:units/critters/packhorse/packhorse.mdx"),
            std::fs::read(stock).unwrap(),
        ),
    ];
    m2view_casc::fixtures::write(&d, &[Product::warcraft3(files)]).unwrap();
    let mut s = state();
    s.current = None;
    s.add_data_source(d.clone());
    wait_indexing(&mut s);
    assert!(s.error.is_none(), "{:?}", s.error);
    let mut h = harness(s);
    h.run();
    h.get_by_label("Models (1 of 1)");
    h.get_by_label("units/critters/packhorse/packhorse.mdx").click();
    h.step();
    wait_loading(&mut h);
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    // The HD layer's file: the dust emitter (its one emitter node), not the horse's 75 bones.
    let bones = h.state().current.as_ref().map(|c| c.lm.model.bones.len());
    assert_eq!(bones, Some(1));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_scene_panel_moves_a_model_and_saves_the_scene() {
    // The demo model placed twice beside it, the second 3 units along +Y, its path relative to
    // the scene file (a scene written here).
    let demo = m2view_app::demo::write_to_temp().unwrap();
    let path = demo.with_file_name("two.json");
    // The first one 200 times its size: past what dragging reaches (100), kept as the file says.
    let text = r#"{"models": [{"file": "Demo.m2", "scale": 200}, {"file": "Demo.m2", "position": [0, 3, 0], "start_ms": 250}]}"#;
    std::fs::write(&path, text).unwrap();
    let opts = OpenOptions::default();
    let scene = m2view_app::scene::Scene::open(&path, &opts).unwrap();
    let mut c = Current::new(Opened::dress(m2view_format::LoadedModel::empty(&path), &opts), None, vec![]);
    c.play_scene(scene);
    let mut s = crate::common::app_state(opts.clone(), false);
    s.current = Some(c);
    let mut h = harness(s);
    h.run();
    assert!(h.query_by_label("1: Demo.m2").is_some(), "a row per model");
    assert!(h.query_by_label_contains("nothing to draw").is_none(), "the scene's empty root is no missing model");
    // The second model's y set to 5 and its heading to 90° (what dragging or typing does): it
    // stands there at once, the first where it was.
    h.get_by_value("y 3.00").set_value_accesskit(5.0);
    h.run();
    let headings: Vec<_> = h.get_all_by_value("z 0°").collect();
    assert_eq!(headings.len(), 2, "a heading per model");
    headings[1].set_value_accesskit(90.0);
    h.run();
    let placed = |h: &Harness<'static, AppState>, k: usize| h.state().current.as_ref().unwrap().attached[k].placement;
    let moved = placed(&h, 1).unwrap();
    assert!((moved.w_axis.truncate() - glam::Vec3::new(0.0, 5.0, 0.0)).length() < 1e-6, "{moved}");
    assert!((moved.transform_vector3(glam::Vec3::X) - glam::Vec3::Y).length() < 1e-6, "turned a quarter about Z");
    assert_eq!(placed(&h, 0), Some(glam::Mat4::from_scale(glam::Vec3::splat(200.0))));
    // Saved over its file: the new placement, the rest as it was (the relative path too).
    h.get_by_label("Save scene").click();
    h.run();
    assert!(h.state().export_status.as_deref().is_some_and(|m| m.starts_with("saved scene")));
    let saved = m2view_app::scene::Scene::open(&path, &opts).unwrap().file;
    let m = &saved.models[1];
    assert_eq!((m.position, m.rotation, m.start_ms), ([0.0, 5.0, 0.0], [0.0, 0.0, 90.0], 250.0));
    assert_eq!((saved.models[0].position, saved.models[0].scale), ([0.0; 3], 200.0));
    assert_eq!(m.file.as_path(), std::path::Path::new("Demo.m2"));
}

#[test]
fn the_status_bar_names_the_textures_drawn_with_a_placeholder() {
    // The writer's two boxes written without their texture file: texture 0 names
    // `Textures\Boxes\Box.blp`, which is not there, and texture 1 is a monster-skin slot
    // (replaceable type 11) nothing fills. The viewport records both after a frame
    // (`scene_view.rs`); hovering the status bar lists them.
    let fixture = m2view_format::fixtures::two_boxes(264);
    let path = crate::common::write_fixture(&fixture, &m2view_format::fixtures::skin_profile(264), &[], "placeholder");
    std::fs::remove_file(path.parent().unwrap().join("Textures/Boxes/Box.blp")).unwrap();
    let o = Opened::open(&path, &OpenOptions::default()).unwrap();
    let mut s = crate::common::app_state(OpenOptions::default(), false);
    s.current = Some(Current::new(o, None, vec![]));
    s.missing_textures = vec![0, 1];
    let mut h = Harness::builder().with_size(egui::vec2(1600.0, 800.0)).build_ui_state(
        |ui, s: &mut AppState| {
            ui::draw(ui, s, None, "12 batches, 2 textures missing");
        },
        s,
    );
    h.run();
    h.get_by_label_contains("2 textures missing").hover();
    h.run();
    h.get_by_label_contains("texture 0: Textures\\Boxes\\Box.blp (not found)");
    h.get_by_label_contains("texture 1: replaceable type 11 (nothing fills it)");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}
