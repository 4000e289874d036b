//! The characters tests that drive external readers (the glTF validator, ufbx and Blender):
//! run apart in CI (`cargo test -- readers::`), so that their time shows.

use super::*;

#[test]
fn a_character_on_its_mount_exports_as_one_file() {
    let Some(c) = corpus() else { return };
    let out = temp("mount-export");
    let wolf = c.samples.join("Koward_Improved_Models/Creature/Wolf/Wolf.m2");
    let glb = out.join("riding.glb");
    let args =
        ["export", "--dbc", &c.vanilla, &c.model, "--mount", wolf.to_str().unwrap(), "-o", glb.to_str().unwrap()];
    let (code, _, err) = m2view(&args);
    assert_eq!(code, 0, "{err}");
    let doc = gltf::Gltf::open(&glb).unwrap();
    // Both whole: two skins, both models' animations.
    assert_eq!(doc.skins().count(), 2);
    let anims: Vec<String> = doc.animations().map(|a| a.name().unwrap().to_string()).collect();
    assert!(anims.iter().any(|n| n.starts_with("Wolf: ")), "{anims:?}");
    assert!(anims.iter().any(|n| n == "scourgefemale: Mount"), "{anims:?}");
    // The rider's placement hangs on the wolf's MountMain bone, at the attachment's offset.
    let wolf_lm = m2view_app::open::Opened::open(&wolf, &Default::default()).unwrap().lm;
    let seat = wolf_lm.model.attachments.iter().find(|a| a.id == 0).unwrap();
    let bone = seat.bone.unwrap().index();
    let placement = doc.nodes().find(|n| n.name() == Some("scourgefemale")).unwrap();
    let host = doc.nodes().find(|n| n.children().any(|ch| ch.index() == placement.index())).unwrap();
    assert_eq!(host.index(), bone, "under node {} (bone {bone})", host.index());
    let (t, _, _) = placement.transform().decomposed();
    let d = glam::Vec3::from(seat.position) - glam::Vec3::from(wolf_lm.model.bones[bone].pivot);
    assert!((glam::Vec3::from(t) - glam::Vec3::new(d.x, d.z, -d.y)).length() < 1e-5, "{t:?} vs {d}");
    if let Some(v) = common::npm_package("M2VIEW_GLTF_VALIDATOR", "gltf-validator", "gltf-validator@2.0.0-dev.3.10") {
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/validate_gltf.cjs");
        let run = std::process::Command::new("node").arg(&script).arg(&glb).env("GLTF_VALIDATOR", v).output().unwrap();
        let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        assert_eq!(report[0]["errors"], 0, "{report}");
    }
    // FBX: the same, read back by ufbx — the rider's placement at the scene root (Blender's
    // importer cannot take a skeleton under another's bone) where the wolf's MountMain bone
    // puts it, both models' stacks; in a stack of the wolf's the rider's node follows that bone
    // as m2view poses it (sampled at 30 Hz: at the samples within 1e-4, between them within
    // 1e-2), in the rider's own stacks it stays in the saddle.
    let mounted = |out: &std::path::Path| {
        let args =
            ["export", "--dbc", &c.vanilla, &c.model, "--mount", wolf.to_str().unwrap(), "-o", out.to_str().unwrap()];
        let (code, _, err) = m2view(&args);
        assert_eq!(code, 0, "{err}");
    };
    let fbx = out.join("riding.fbx");
    mounted(&fbx);
    let file = ufbx::load_file(fbx.to_str().unwrap(), ufbx::LoadOpts::default()).unwrap();
    let rider = file.find_node("scourgefemale").expect("the rider's placement");
    assert!(rider.parent.as_ref().unwrap().is_root);
    let (c_yup, mat) = (common::yup(), common::ufbx_matrix);
    let seat_yup = glam::Mat4::from_translation(c_yup.transform_point3(seat.position.into()));
    let differs = |a: glam::Mat4, b: glam::Mat4| {
        a.to_cols_array().iter().zip(b.to_cols_array()).map(|(x, y)| (x - y).abs()).fold(0.0f32, f32::max)
    };
    assert!(differs(mat(&rider.node_to_world), seat_yup) < 1e-5, "at rest: in the saddle");
    let stacks: Vec<String> = file.anim_stacks.iter().map(|s| s.element.name.to_string()).collect();
    let mount_stack = file.anim_stacks.iter().find(|s| s.element.name == "scourgefemale: Mount").expect("Mount");
    let posed = ufbx::evaluate_scene(&file, &mount_stack.anim, 0.3, ufbx::EvaluateOpts::default()).unwrap();
    assert!(differs(mat(&posed.find_node("scourgefemale").unwrap().node_to_world), seat_yup) < 1e-5);
    let walk = wolf_lm.model.sequences.iter().position(|s| s.anim_id == 4).unwrap();
    let name = format!("Wolf: {}", wolf_lm.model.sequence_name(m2view_format::SequenceId(walk as u16)));
    let stack = file.anim_stacks.iter().find(|s| s.element.name == name.as_str()).expect("Wolf's walk");
    let duration = wolf_lm.model.sequences[walk].duration_ms as f32;
    let n = (duration * 30.0 / 1000.0).ceil();
    let mut moved = 0.0f32;
    for (t, tolerance) in
        [(0.0, 1e-4), (5.0 * duration / n, 1e-4), (11.0 * duration / n, 1e-4), (duration * 0.37, 1e-2)]
    {
        let posed = ufbx::evaluate_scene(&file, &stack.anim, t as f64 / 1000.0, ufbx::EvaluateOpts::default()).unwrap();
        let got = mat(&posed.find_node("scourgefemale").unwrap().node_to_world);
        let mut globals = Vec::new();
        m2view_anim::global_times(&wolf_lm.model, t as f64, &mut globals);
        let mut pose = m2view_anim::Pose::default();
        let clock = m2view_anim::Clock::new(walk, t, &globals);
        m2view_anim::evaluate(&wolf_lm.model, &clock, None, &mut pose);
        let want = c_yup * pose.bones[bone] * c_yup.inverse() * seat_yup;
        assert!(differs(got, want) < tolerance, "{t} ms: rider at {got}, MountMain puts it at {want}");
        moved = moved.max(differs(want, seat_yup));
    }
    assert!(moved > 1e-2, "the wolf's walk moves the saddle");
    assert!(stacks.iter().any(|n| n.starts_with("Wolf: ")));
    // Blender's importer: two armatures, and the rider's (its placement node), playing its action
    // of the wolf's walk, where m2view's pose of MountMain puts the saddle (Z-up, 1e-3).
    if common::have_blender() {
        let t = 5.0 * duration / n;
        let frame = 1.0 + t as f64 * 30.0 / 1000.0;
        let r = common::blender_json(&format!(
            "bpy.ops.import_scene.fbx(filepath={:?})\n\
             arms = [o for o in bpy.data.objects if o.type == 'ARMATURE']\n\
             o = bpy.data.objects['scourgefemale']\n\
             acts = [a.name for a in bpy.data.actions if a.name == 'scourgefemale|{name}|Base Layer']\n\
             o.animation_data.action = bpy.data.actions[acts[0]]\n\
             bpy.context.scene.frame_set({}, subframe={})\n\
             r = o.matrix_world.translation\n\
             print('M2VIEW ' + json.dumps({{'armatures': len(arms), 'rider': [r.x, r.y, r.z], 'actions': acts}}))",
            fbx.to_str().unwrap(),
            frame.floor(),
            frame.fract()
        ));
        assert_eq!(r["armatures"], 2, "{r}");
        let mut globals = Vec::new();
        m2view_anim::global_times(&wolf_lm.model, t as f64, &mut globals);
        let mut pose = m2view_anim::Pose::default();
        m2view_anim::evaluate(&wolf_lm.model, &m2view_anim::Clock::new(walk, t, &globals), None, &mut pose);
        let want = pose.bones[bone].transform_point3(seat.position.into());
        let at: Vec<f32> = serde_json::from_value(r["rider"].clone()).unwrap();
        assert!((glam::Vec3::from_slice(&at) - want).length() < 1e-3, "Blender {at:?}, m2view {want}");
    }
    // OBJ: both in their bind poses, the rider's vertices moved to the seat (MountMain's bind
    // pose has no rotation): its first vertex, after each of the wolf's, is its own plus the
    // attachment's position.
    let obj = out.join("riding.obj");
    mounted(&obj);
    let text = std::fs::read_to_string(&obj).unwrap();
    assert!(text.contains("g riding_part0_batch") && text.contains("g riding_part1_batch"));
    let v: Vec<glam::Vec3> = text
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .map(|l| glam::Vec3::from_slice(&l.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<f32>>()))
        .collect();
    let rider_lm = m2view_app::open::Opened::open(std::path::Path::new(&c.model), &Default::default()).unwrap().lm;
    let at = glam::Vec3::from(rider_lm.model.vertices[0].position) + glam::Vec3::from(seat.position);
    let got = v[wolf_lm.model.vertices.len()];
    assert!((got - glam::Vec3::new(at.x, at.z, -at.y)).length() < 1e-4, "{got} vs {at} (Z-up)");
}
