//! The modern characters tests that drive external readers (the glTF validator, ufbx and Blender):
//! run apart in CI (`cargo test -- readers::`), so that their time shows.

use super::*;

#[test]
fn a_modern_character_exports_its_worn_models_on_its_skeleton() {
    let dir = std::env::temp_dir().join(format!("m2view-modern-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = install(&dir.join("WoW"));
    let export = |name: &str, extra: &[&str]| {
        let out = dir.join(name);
        let mut args = vec!["export", "--data", data.to_str().unwrap(), "--race", "human", "--gender", "male"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["-o", out.to_str().unwrap()]);
        let (code, _, err) = m2view(&args);
        assert_eq!(code, 0, "{err}");
        out
    };
    let glb = export("horns.glb", &["--customize", "Horns=Big"]);
    let doc = gltf::Gltf::open(&glb).unwrap();
    // Two skinned meshes, the character's and the Horns' model's, sharing the character's bone
    // nodes: every joint of the horns' skin is one of the character's.
    let skins: Vec<_> = doc.skins().collect();
    assert_eq!(skins.len(), 2, "the character's skin and the horns'");
    let body: std::collections::HashSet<usize> = skins[0].joints().map(|n| n.index()).collect();
    assert!(skins[1].joints().count() > 0 && skins[1].joints().all(|n| body.contains(&n.index())));
    let meshes = doc.nodes().filter(|n| n.mesh().is_some() && n.skin().is_some()).count();
    assert_eq!(meshes, 2);
    // The horns' bind: each joint's inverse bind matrix undoes its bone's pivot, as the
    // character's own skin does for that bone, so at rest the horns stand where they are modelled.
    let ibm = |skin: &gltf::Skin| -> Vec<(usize, [f32; 3])> {
        let acc = skin.inverse_bind_matrices().unwrap();
        let view = acc.view().unwrap();
        let bytes = &doc.blob.as_deref().unwrap()[view.offset() + acc.offset()..][..acc.count() * 64];
        let m: Vec<f32> = bytes.chunks_exact(4).map(|b| f32::from_le_bytes(b.try_into().unwrap())).collect();
        skin.joints().zip(m.chunks_exact(16)).map(|(n, m)| (n.index(), [m[12], m[13], m[14]])).collect()
    };
    let body_ibm: std::collections::HashMap<usize, [f32; 3]> = ibm(&skins[0]).into_iter().collect();
    for (node, t) in ibm(&skins[1]) {
        assert_eq!(body_ibm[&node], t, "joint node {node}");
    }
    if let Some(v) = common::npm_package("M2VIEW_GLTF_VALIDATOR", "gltf-validator", "gltf-validator@2.0.0-dev.3.10") {
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/validate_gltf.cjs");
        let run = std::process::Command::new("node").arg(&script).arg(&glb).env("GLTF_VALIDATOR", v).output().unwrap();
        let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        assert_eq!(report[0]["errors"], 0, "{report}");
    }
    // Without the horns: one skin.
    let plain = export("plain.glb", &[]);
    assert_eq!(gltf::Gltf::open(&plain).unwrap().skins().count(), 1);
    // FBX (read back by ufbx): the horns' meshes skinned to the character's own bone nodes,
    // each cluster bound where the character's cluster of that bone is.
    let load = |name: &str, extra: &[&str]| {
        let path = export(name, extra);
        ufbx::load_file(path.to_str().unwrap(), ufbx::LoadOpts::default()).unwrap()
    };
    let (horned, bare) = (load("horns.fbx", &["--customize", "Horns=Big"]), load("plain.fbx", &[]));
    assert_eq!(horned.bones.len(), bare.bones.len(), "one skeleton");
    let worn = horned.meshes.len() - bare.meshes.len();
    assert!(worn > 0 && horned.skin_deformers.len() == horned.meshes.len(), "{worn} worn meshes, all skinned");
    let bound = |scene: &ufbx::Scene| -> Vec<(String, [f64; 3])> {
        let at = |m: &ufbx::Matrix| [m.m03, m.m13, m.m23];
        let name = |c: &ufbx::SkinCluster| c.bone_node.as_ref().unwrap().element.name.to_string();
        scene.skin_clusters.iter().map(|c| (name(c), at(&c.bind_to_world))).collect()
    };
    let bare_bound: std::collections::HashMap<String, [f64; 3]> = bound(&bare).into_iter().collect();
    let horned_bound = bound(&horned);
    assert!(horned_bound.len() > bare_bound.len());
    for (bone, at) in &horned_bound {
        let own = bare_bound.get(bone).unwrap_or(at);
        assert!((0..3).all(|k| (at[k] - own[k]).abs() < 1e-6), "{bone}: {at:?} vs {own:?}");
    }
    // Blender's importer: one armature deforming both meshes, the body's and the horns'.
    if common::have_blender() {
        let r = common::blender_json(&format!(
            "bpy.ops.import_scene.fbx(filepath={:?})\n\
             arms = [o for o in bpy.data.objects if o.type == 'ARMATURE']\n\
             meshes = [o for o in bpy.data.objects if o.type == 'MESH']\n\
             print('M2VIEW ' + json.dumps({{'armatures': len(arms), 'meshes': len(meshes), \
             'skinned': all(m.find_armature() for m in meshes)}}))",
            dir.join("horns.fbx").to_str().unwrap()
        ));
        assert_eq!((r["armatures"].as_u64(), r["meshes"].as_u64()), (Some(1), Some(horned.meshes.len() as u64)), "{r}");
        assert_eq!(r["skinned"], true, "{r}");
    }
    // OBJ: the worn model's groups beside the body's.
    let obj = export("horns.obj", &["--customize", "Horns=Big"]);
    let text = std::fs::read_to_string(&obj).unwrap();
    assert!(text.contains("g horns_worn0_batch"), "the horns' groups");
    let plain_obj = std::fs::read_to_string(export("plain.obj", &[])).unwrap();
    assert!(!plain_obj.contains("_worn"));
}
