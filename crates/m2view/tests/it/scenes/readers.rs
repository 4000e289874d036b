//! The scenes tests that drive external readers (ffmpeg, the glTF validator, ufbx, Blender 3.4 and 4.5 (bpy)):
//! run apart in CI (`cargo test -- readers::`), so that their time shows.

use super::*;

/// Asserts that a Blender script's `murloc` (the Murloc2 placement's
/// world translation) is the scene's (2, 5, 0), Blender's Z-up as the game's.
fn murloc_in_blender(r: &serde_json::Value) {
    let m: Vec<f64> = serde_json::from_value(r["murloc"].clone()).unwrap();
    assert!((m[0] - 2.0).abs() < 1e-4 && (m[1] - 5.0).abs() < 1e-4 && m[2].abs() < 1e-4, "{r}");
}

#[test]
fn a_scene_video_follows_its_camera_path() {
    let Some(samples) = fixtures::samples_dir() else { return };
    if !common::have_tool("ffprobe", "-version", "ffmpeg") {
        return;
    }
    let dir = common::scratch("scene", "video");
    let scene = write_scene(&samples, &dir);
    let video = dir.join("three.mp4");
    let args = ["render", "--scene", scene.to_str().unwrap(), "--video", video.to_str().unwrap()];
    let (code, _, err) = m2view(&[&args[..], &["--size", "320x180", "--fps", "4"]].concat());
    assert_eq!(code, 0, "{err}");
    // The scene's 2000 ms at 4 fps: 8 frames; frame 6 is 1500 ms.
    assert_eq!(common::probe_video(&video)["streams"][0]["nb_read_frames"], "8");
    let frame = common::decoded_frame(&video, 6, &dir.join("f6.png"));
    let still = render(&scene, &dir.join("t1500.png"), &["--size", "320x180", "--time", "1500"]);
    let (mean, _) = common::frame_difference(&frame, &image::DynamicImage::ImageRgba8(still).to_rgb8());
    assert!(mean < 6.0, "frame 6 vs --time 1500: mean difference {mean:.2} levels");
}

#[test]
fn a_scene_exports_every_model_at_its_placement() {
    let Some(samples) = fixtures::samples_dir() else { return };
    let dir = common::scratch("scene", "export");
    let scene = write_scene(&samples, &dir);
    let glb = dir.join("three.glb");
    let (code, _, err) = m2view(&["export", "--scene", scene.to_str().unwrap(), "-o", glb.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let doc = gltf::Gltf::open(&glb).unwrap();
    // At the root: each model's skinned mesh (its own transform ignored) and its placement,
    // which holds its skeleton.
    let roots: Vec<_> = doc.scenes().next().unwrap().nodes().collect();
    let placements: Vec<_> = roots.iter().filter(|n| n.skin().is_none()).collect();
    let names: Vec<_> = placements.iter().map(|n| n.name().unwrap()).collect();
    assert_eq!(names, ["Corehound2", "Murloc2", "Frog", "Camera"]);
    assert_eq!(roots.iter().filter(|n| n.skin().is_some()).count(), 3, "three skinned meshes");
    assert_eq!(doc.skins().count(), 3);
    // Murloc2: 1.5×, -90° about Z, at (2, 5, 0) Z-up = (2, 0, -5) Y-up.
    let (t, r, s) = placements[1].transform().decomposed();
    assert!((glam::Vec3::from(t) - glam::Vec3::new(2.0, 0.0, -5.0)).length() < 1e-5, "{t:?}");
    assert!((glam::Vec3::from(s) - glam::Vec3::splat(1.5)).length() < 1e-5, "{s:?}");
    let yaw = glam::Quat::from_array(r).to_axis_angle();
    assert!((yaw.0.y.abs() - 1.0).abs() < 1e-4 && (yaw.1.to_degrees() * yaw.0.y - -90.0).abs() < 1e-2, "{yaw:?}");
    // Every model's every sequence, named after the model.
    let anims: Vec<_> = doc.animations().map(|a| a.name().unwrap().to_string()).collect();
    let hound = samples.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2");
    let hound = m2view_app::open::Opened::open(&hound, &Default::default()).unwrap();
    assert_eq!(anims.iter().filter(|n| n.starts_with("Corehound2: ")).count(), hound.lm.model.sequences.len());
    assert!(anims.iter().any(|n| n == "Murloc2: Walk") && anims.iter().any(|n| n.starts_with("Frog: ")), "{anims:?}");
    if let Some(v) = common::npm_package("M2VIEW_GLTF_VALIDATOR", "gltf-validator", "gltf-validator@2.0.0-dev.3.10") {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/validate_gltf.cjs");
        let run = std::process::Command::new("node").arg(&script).arg(&glb).env("GLTF_VALIDATOR", v).output().unwrap();
        let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        assert_eq!((report[0]["errors"].as_u64(), report[0]["warnings"].as_u64()), (Some(0), Some(0)), "{report}");
    }
    // Blender's importer: three armatures, the murloc's placement at (2, 5, 0) in Blender's
    // Z-up world, one action per model and sequence.
    if common::have_blender() {
        let r = common::blender_json(&format!(
            "bpy.ops.import_scene.gltf(filepath={:?})\n\
             arms = [o for o in bpy.data.objects if o.type == 'ARMATURE']\n\
             m = bpy.data.objects['Murloc2'].matrix_world.translation\n\
             print('M2VIEW ' + json.dumps({{'armatures': len(arms), 'actions': len(bpy.data.actions), 'murloc': [m.x, m.y, m.z]}}))",
            glb.to_str().unwrap()
        ));
        assert_eq!(r["armatures"], 3, "{r}");
        assert_eq!(r["actions"].as_u64().unwrap() as usize, anims.len(), "{r}");
        murloc_in_blender(&r);
    }
    // The camera path: a camera node whose animation "Camera: Path" passes through the keys
    // (at 1000 ms the second key's eye (14, 10, 5), Z-up) looking at the target.
    let gdoc = gltf::Gltf::open(&glb).unwrap();
    let floats = |a: gltf::Accessor| -> Vec<f32> {
        let view = a.view().unwrap();
        let n = a.count() * a.dimensions().multiplicity();
        let bytes = &gdoc.blob.as_deref().unwrap()[view.offset() + a.offset()..][..n * 4];
        bytes.chunks_exact(4).map(|b| f32::from_le_bytes(b.try_into().unwrap())).collect()
    };
    let camera = gdoc.nodes().find(|n| n.camera().is_some()).expect("the camera path's node");
    assert_eq!(camera.name(), Some("Camera path"));
    let yfov = match camera.camera().unwrap().projection() {
        gltf::camera::Projection::Perspective(p) => p.yfov(),
        _ => panic!("perspective"),
    };
    assert!((yfov.to_degrees() - 45.0).abs() < 1e-3, "the first key's 45°: {}", yfov.to_degrees());
    let path = gdoc.animations().find(|a| a.name() == Some("Camera: Path")).expect("Camera: Path");
    let mut at_1000 = (Vec::new(), Vec::new());
    for channel in path.channels() {
        assert_eq!(channel.target().node().index(), camera.index());
        let times = floats(channel.sampler().input());
        let k = times.iter().position(|&t| (t - 1.0).abs() < 1e-4).expect("a sample at the key");
        let values = floats(channel.sampler().output());
        match channel.target().property() {
            gltf::animation::Property::Translation => at_1000.0 = values[k * 3..k * 3 + 3].to_vec(),
            gltf::animation::Property::Rotation => at_1000.1 = values[k * 4..k * 4 + 4].to_vec(),
            _ => {}
        }
    }
    let (eye, turn) = (glam::Vec3::from_slice(&at_1000.0), glam::Quat::from_slice(&at_1000.1));
    assert!((eye - glam::Vec3::new(14.0, 5.0, -10.0)).length() < 1e-4, "{eye}");
    let view = turn * glam::Vec3::NEG_Z;
    let want = (glam::Vec3::new(0.0, 2.0, 0.0) - eye).normalize();
    assert!(view.dot(want) > 0.9999, "looks along {view}, not {want}");
    // With --animate-materials the field of view moves too, through KHR_animation_pointer:
    // 40° at the second key (1000 ms); still valid.
    let zoom = dir.join("zoom.gltf");
    let args = ["export", "--scene", scene.to_str().unwrap(), "--animate-materials", "-o", zoom.to_str().unwrap()];
    let (code, _, err) = m2view(&args);
    assert_eq!(code, 0, "{err}");
    // Some of the scene's lit, textured materials change colour: said, since Blender 4.2 to 5.1
    // cannot import that.
    assert!(err.contains("Blender 4.2 to 5.1 cannot import") && err.contains("=uv"), "{err}");
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&zoom).unwrap()).unwrap();
    let bin = std::fs::read(dir.join("zoom.bin")).unwrap();
    let cam = json["nodes"].as_array().unwrap().iter().find(|n| n["name"] == "Camera path").unwrap()["camera"].clone();
    let path = json["animations"].as_array().unwrap().iter().find(|a| a["name"] == "Camera: Path").unwrap();
    let fov = path["channels"].as_array().unwrap().iter().find(|c| {
        c["target"]["extensions"]["KHR_animation_pointer"]["pointer"]
            == format!("/cameras/{cam}/perspective/yfov").as_str()
    });
    let sampler = &path["samplers"][fov.expect("a field-of-view channel")["sampler"].as_u64().unwrap() as usize];
    let read = |accessor: &serde_json::Value| -> Vec<f32> {
        let a = &json["accessors"][accessor.as_u64().unwrap() as usize];
        let v = &json["bufferViews"][a["bufferView"].as_u64().unwrap() as usize];
        let start = (v["byteOffset"].as_u64().unwrap_or(0) + a["byteOffset"].as_u64().unwrap_or(0)) as usize;
        let n = a["count"].as_u64().unwrap() as usize;
        bin[start..start + 4 * n].chunks_exact(4).map(|b| f32::from_le_bytes(b.try_into().unwrap())).collect()
    };
    let (times, values) = (read(&sampler["input"]), read(&sampler["output"]));
    let k = times.iter().position(|&t| (t - 1.0).abs() < 1e-4).unwrap();
    assert!((values[k].to_degrees() - 40.0).abs() < 1e-3, "{}", values[k].to_degrees());
    if let Some(v) = common::npm_package("M2VIEW_GLTF_VALIDATOR", "gltf-validator", "gltf-validator@2.0.0-dev.3.10") {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/validate_gltf.cjs");
        let run = std::process::Command::new("node").arg(&script).arg(&zoom).env("GLTF_VALIDATOR", v).output().unwrap();
        let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        assert_eq!(report[0]["errors"], 0, "{report}");
    }
    // `=uv` leaves the colours out (no base colour channel, no warning) and keeps the zoom:
    // Blender 4.5 imports it (three armatures, the murloc at (2, 5, 0)), its camera's lens curve
    // 45° at the first key and 40° at the second (Blender's vertical field of view from its
    // lens); the file with the colours it refuses.
    let uv = dir.join("zoom-uv.gltf");
    let args = ["export", "--scene", scene.to_str().unwrap(), "--animate-materials=uv", "-o", uv.to_str().unwrap()];
    let (code, _, err) = m2view(&args);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("cannot import"), "{err}");
    let text = std::fs::read_to_string(&uv).unwrap();
    assert!(text.contains("/perspective/yfov") && !text.contains("/baseColorFactor"), "colours left out");
    if let Some(python) = common::bpy_python() {
        let import = |file: &Path| {
            format!(
                "import math\ntry:\n    bpy.ops.import_scene.gltf(filepath={:?})\nexcept Exception as e:\n\
                 \x20   print('\\nM2VIEW ' + json.dumps({{'failed': str(e)[-200:]}}))\n    raise SystemExit\n\
                 cam = bpy.data.objects['Camera path'].data\n\
                 fps = bpy.context.scene.render.fps\n\
                 lens = [fc for a in bpy.data.actions if a.name == 'Camera: Path' for l in a.layers for s in l.strips\n\
                         for b in s.channelbags for fc in b.fcurves if fc.data_path == 'lens']\n\
                 fov = [math.degrees(2 * math.atan(cam.sensor_height / 2 / lens[0].evaluate(t * fps))) for t in (0.0, 1.0)]\n\
                 arms = [o for o in bpy.data.objects if o.type == 'ARMATURE']\n\
                 m = bpy.data.objects['Murloc2'].matrix_world.translation\n\
                 print('M2VIEW ' + json.dumps({{'fit': cam.sensor_fit, 'fov': fov, 'armatures': len(arms), 'murloc': list(m)}}))",
                file.to_str().unwrap()
            )
        };
        let r = common::bpy_json(&python, &import(&uv));
        assert_eq!(r["fit"], "VERTICAL", "{r}");
        let fov: Vec<f64> = serde_json::from_value(r["fov"].clone()).unwrap();
        assert!((fov[0] - 45.0).abs() < 1e-3 && (fov[1] - 40.0).abs() < 1e-3, "{r}");
        assert_eq!(r["armatures"], 3, "{r}");
        murloc_in_blender(&r);
        let r = common::bpy_json(&python, &import(&zoom));
        assert!(r["failed"].as_str().is_some_and(|e| e.contains("links")), "Blender 4.5 imports colours now? {r}");
    }
    // FBX: the same three placements, each model whole (skeleton, skin, every sequence as a
    // stack named as the glTF names its animations); Blender imports three armatures, an action
    // per stack, the murloc's placement at (2, 5, 0).
    let fbx = dir.join("three.fbx");
    let (code, _, err) = m2view(&["export", "--scene", scene.to_str().unwrap(), "-o", fbx.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let file = ufbx::load_file(fbx.to_str().unwrap(), ufbx::LoadOpts::default()).unwrap();
    let placed: Vec<String> = file
        .nodes
        .iter()
        .filter(|n| n.parent.as_ref().is_some_and(|p| p.is_root))
        .map(|n| n.element.name.to_string())
        .collect();
    assert_eq!(placed, ["Corehound2", "Murloc2", "Frog", "Camera path"]);
    let stacks: Vec<String> = file.anim_stacks.iter().map(|s| s.element.name.to_string()).collect();
    assert_eq!(stacks[..stacks.len() - 1], anims[..anims.len() - 1], "FBX stacks as glTF animations");
    assert_eq!(stacks.last().map(String::as_str), Some("Camera path"));
    // Its camera in the "Camera path" stack at 1000 ms: at the key, looking at the target, 40° high.
    let stack = file.anim_stacks.iter().find(|s| s.element.name == "Camera path").unwrap();
    let posed = ufbx::evaluate_scene(&file, &stack.anim, 1.0, ufbx::EvaluateOpts::default()).unwrap();
    let node = posed.find_node("Camera path").unwrap();
    let m = &node.node_to_world;
    let (at, x) = (
        glam::Vec3::new(m.m03 as f32, m.m13 as f32, m.m23 as f32),
        glam::Vec3::new(m.m00 as f32, m.m10 as f32, m.m20 as f32),
    );
    assert!((at - glam::Vec3::new(14.0, 5.0, -10.0)).length() < 1e-3, "{at}");
    assert!(x.normalize().dot((glam::Vec3::new(0.0, 2.0, 0.0) - at).normalize()) > 0.9999, "FBX cameras look along +X");
    let fov = node.camera.as_ref().unwrap().field_of_view_deg.y;
    assert!((fov - 40.0).abs() < 1e-3, "{fov}");
    assert_eq!(file.skin_deformers.len(), file.meshes.len());
    if common::have_blender() {
        let r = common::blender_json(&format!(
            "bpy.ops.import_scene.fbx(filepath={:?})\n\
             arms = [o for o in bpy.data.objects if o.type == 'ARMATURE']\n\
             m = bpy.data.objects['Murloc2'].matrix_world.translation\n\
             cam = bpy.data.objects['Camera path'].type == 'CAMERA'\n\
             print('M2VIEW ' + json.dumps({{'armatures': len(arms), 'actions': len(bpy.data.actions), 'murloc': [m.x, m.y, m.z], 'camera': cam}}))",
            fbx.to_str().unwrap()
        ));
        assert_eq!(r["armatures"], 3, "{r}");
        assert_eq!(r["actions"].as_u64().unwrap() as usize, stacks.len(), "{r}");
        assert_eq!(r["camera"], true, "{r}");
        murloc_in_blender(&r);
    }
    // OBJ: the three in their bind poses at their placements, a group prefix each.
    let obj = dir.join("three.obj");
    let (code, _, err) = m2view(&["export", "--scene", scene.to_str().unwrap(), "-o", obj.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&obj).unwrap();
    for k in 0..3 {
        assert!(text.contains(&format!("g three_part{k}_batch")), "part {k}");
    }
    // The murloc's first vertex (after each of the hound's) placed: 1.5×, -90° about Z, moved.
    let v: Vec<glam::Vec3> = text
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .map(|l| glam::Vec3::from_slice(&l.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<f32>>()))
        .collect();
    let murloc = samples.join("Koward_Improved_Models/Creature/Murloc2/Murloc2.m2");
    let murloc = m2view_app::open::Opened::open(&murloc, &Default::default()).unwrap().lm;
    let p = glam::Mat4::from_translation(glam::Vec3::new(2.0, 5.0, 0.0))
        * glam::Mat4::from_rotation_z(-90f32.to_radians())
        * glam::Mat4::from_scale(glam::Vec3::splat(1.5));
    let zup = p.transform_point3(murloc.model.vertices[0].position.into());
    let got = v[hound.lm.model.vertices.len()];
    assert!((got - glam::Vec3::new(zup.x, zup.z, -zup.y)).length() < 1e-4, "{got} vs {zup} (Z-up)");
    let (code, _, err) =
        m2view(&["export", "--scene", scene.to_str().unwrap(), "-o", dir.join("x.mdl").to_str().unwrap()]);
    assert!(code != 0 && err.contains(".glb, .gltf, .fbx or .obj"), "{err}");
}

#[test]
fn a_model_placed_many_times_is_read_once() {
    let Some(samples) = fixtures::samples_dir() else { return };
    let dir = common::scratch("scene", "shared");
    let frog = samples.join("Koward_Improved_Models/Creature/Frog/Frog.m2");
    let models: Vec<_> =
        (0..3).map(|k| serde_json::json!({ "file": frog, "position": [k * 2, 0, 0], "anim_id": 0 })).collect();
    let path = dir.join("frogs.json");
    std::fs::write(&path, serde_json::json!({ "models": models }).to_string()).unwrap();
    let scene = m2view_app::scene::Scene::open(&path, &Default::default()).unwrap();
    let first = &scene.loaded[0].0;
    assert!(scene.loaded.iter().all(|(lm, _)| std::sync::Arc::ptr_eq(lm, first)), "one Frog shared by three");
    // In FBX each frog is whole (a skin binds a geometry to one skeleton, so each has its own),
    // but their materials and textures are written once and shared.
    let fbx = dir.join("frogs.fbx");
    let (code, _, err) = m2view(&["export", "--scene", path.to_str().unwrap(), "-o", fbx.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let file = ufbx::load_file(fbx.to_str().unwrap(), ufbx::LoadOpts::default()).unwrap();
    assert_eq!(file.bones.len(), 3 * first.model.bones.len(), "three skeletons");
    assert_eq!(file.nodes.iter().filter(|n| n.element.name == "Frog").count(), 3);
    let meshes = file.meshes.len();
    assert!(meshes >= 3 && meshes.is_multiple_of(3) && file.skin_deformers.len() == meshes, "{meshes} meshes");
    let alone = m2view_export::fbx::to_fbx(first, &Default::default(), m2view_export::fbx::Textures::Embed, "frog");
    let alone = ufbx::load_memory(&alone.unwrap().bytes, ufbx::LoadOpts::default()).unwrap();
    assert_eq!(alone.meshes.len() * 3, meshes);
    assert!(!alone.videos.is_empty() && !alone.materials.is_empty());
    assert_eq!((file.materials.len(), file.videos.len()), (alone.materials.len(), alone.videos.len()), "shared");
    // glTF shares more: one mesh, its materials, textures and buffer for the three frogs, each
    // with its own skeleton, skin and animations (a node may use a shared mesh with its own skin).
    let glb = dir.join("frogs.glb");
    let (code, _, err) = m2view(&["export", "--scene", path.to_str().unwrap(), "-o", glb.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let one = dir.join("frog.glb");
    let (code, _, err) = m2view(&["export", frog.to_str().unwrap(), "-o", one.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (three, one) = (gltf::Gltf::open(&glb).unwrap(), gltf::Gltf::open(&one).unwrap());
    assert_eq!((three.meshes().count(), three.images().count()), (one.meshes().count(), one.images().count()));
    assert_eq!((three.skins().count(), three.animations().count()), (3, 3 * one.animations().count()));
    let skinned: Vec<_> = three.nodes().filter(|n| n.skin().is_some()).collect();
    assert_eq!(skinned.len(), 3);
    assert!(skinned.iter().all(|n| n.mesh().unwrap().index() == skinned[0].mesh().unwrap().index()));
    let (big, small) = (std::fs::metadata(&glb).unwrap().len(), std::fs::metadata(dir.join("frog.glb")).unwrap().len());
    assert!(big < small * 3 / 2, "three frogs in {big} bytes, one in {small}");
    if let Some(v) = common::npm_package("M2VIEW_GLTF_VALIDATOR", "gltf-validator", "gltf-validator@2.0.0-dev.3.10") {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/validate_gltf.cjs");
        let run = std::process::Command::new("node").arg(&script).arg(&glb).env("GLTF_VALIDATOR", v).output().unwrap();
        let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        assert_eq!((report[0]["errors"].as_u64(), report[0]["warnings"].as_u64()), (Some(0), Some(0)), "{report}");
    }
}
