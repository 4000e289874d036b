//! FBX exports read back by readers nobody here wrote: ufbx (the C library,
//! through its Rust binding) for counts, skin clusters and posed bones;
//! Blender's importer (Debian `blender`, as CI installs it) for what a
//! modder sees.

use crate::common;

use std::collections::{BTreeSet, HashSet};
use std::path::PathBuf;

use crate::common::{ufbx_matrix as mat, yup};
use glam::{Mat4, Vec3};
use m2view_export::ExportOptions;
use m2view_export::fbx::{Textures, to_fbx, write_fbx};
use m2view_format::{LoadedModel, SequenceId};

fn temp(name: &str) -> PathBuf {
    common::scratch("fbx", name)
}

fn open(path: &std::path::Path) -> LoadedModel {
    m2view_app::open::Opened::open(path, &Default::default()).map(|o| o.lm).unwrap()
}

/// Per exported batch of LOD 0 (default geosets): the model vertices it uses
/// and the bones that move them (bone 0 for an unweighted vertex).
fn batches(lm: &LoadedModel) -> Vec<(HashSet<u32>, BTreeSet<usize>)> {
    let model = &lm.model;
    let lod = &model.lods[0];
    let geosets = model.default_geosets(0);
    lod.batches
        .iter()
        .filter_map(|b| {
            let sub = lod.submeshes[b.submesh as usize];
            if !geosets.contains(&sub.geoset_id) {
                return None;
            }
            let idx = &lod.indices[sub.index_start as usize..(sub.index_start + sub.index_count) as usize];
            let vertices: HashSet<u32> = idx.iter().copied().collect();
            let mut bones = BTreeSet::new();
            for &v in &vertices {
                let v = &model.vertices[v as usize];
                if v.bone_weights == [0; 4] {
                    bones.insert(0);
                }
                bones.extend((0..4).filter(|&k| v.bone_weights[k] > 0).map(|k| v.bone_indices[k] as usize));
            }
            Some((vertices, bones))
        })
        .collect()
}

/// m2view's own world matrix of every bone at `time_ms` of `seq`, in the
/// export's Y-up space: the pose's bone transform times the bone's bind
/// matrix (a translation to its pivot).
fn m2view_bones(lm: &LoadedModel, seq: usize, time_ms: f32) -> Vec<Mat4> {
    let model = &lm.model;
    let mut globals = Vec::new();
    m2view_anim::global_times(model, time_ms as f64, &mut globals);
    let mut pose = m2view_anim::Pose::default();
    m2view_anim::evaluate(model, &m2view_anim::Clock::new(seq, time_ms, &globals), None, &mut pose);
    let c = yup();
    (0..model.bones.len())
        .map(|b| {
            c * pose.bones[b]
                * c.inverse()
                * Mat4::from_translation(c.transform_point3(Vec3::from(model.bones[b].pivot)))
        })
        .collect()
}

fn max_difference(a: Mat4, b: Mat4) -> f32 {
    a.to_cols_array().iter().zip(b.to_cols_array()).map(|(x, y)| (x - y).abs()).fold(0.0, f32::max)
}

/// Whether bone `b` or one of its parents ignores its parent's
/// translation, rotation or scale (`M2CompBone` flags 0x1, 0x2, 0x4): a
/// node hierarchy (FBX, glTF) cannot say so, and such a bone follows its
/// parent wholly in the export. Corehound2 has 3 (81, 94, 95: flag 0x4).
fn ignores_parent(model: &m2view_format::Model, mut b: usize) -> bool {
    use m2view_format::BoneFlags as F;
    loop {
        let bone = &model.bones[b];
        if bone.flags.intersects(F::IGNORE_PARENT_TRANSLATE | F::IGNORE_PARENT_SCALE | F::IGNORE_PARENT_ROTATION) {
            return true;
        }
        match bone.parent {
            Some(p) => b = p.index(),
            None => return false,
        }
    }
}

#[test]
fn ufbx_reads_back_the_meshes_skeleton_skin_and_every_sequence() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let path = samples.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2");
    let lm = open(&path);
    let model = &lm.model;
    let file = to_fbx(&lm, &ExportOptions::default(), Textures::Embed, "hound").unwrap();
    assert!(file.textures.is_empty(), "embedded");
    let scene = ufbx::load_memory(&file.bytes, ufbx::LoadOpts::default()).expect("ufbx reads the file");
    let warnings: Vec<String> = scene.metadata.warnings.iter().map(|w| w.description.to_string()).collect();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(scene.metadata.version, 7400);

    // One mesh per batch, with the vertices it uses; one cluster per bone moving it.
    let expected = batches(&lm);
    assert_eq!(scene.meshes.len(), expected.len());
    let vertices: usize = expected.iter().map(|b| b.0.len()).sum();
    assert_eq!(scene.meshes.iter().map(|m| m.num_vertices).sum::<usize>(), vertices);
    assert_eq!(vertices, 2884, "Corehound2 draws each of its vertices once");
    assert_eq!(scene.bones.len(), model.bones.len());
    assert_eq!(scene.skin_deformers.len(), expected.len());
    assert_eq!(scene.skin_clusters.len(), expected.iter().map(|b| b.1.len()).sum::<usize>());
    // Each cluster is bound where its bone's pivot is, and its weights sum with the others' to 1.
    for cluster in scene.skin_clusters.iter() {
        let bone = cluster.bone_node.as_ref().unwrap();
        let b: usize = bone.element.name.strip_prefix("bone").unwrap().parse().unwrap();
        let at = mat(&cluster.bind_to_world).w_axis.truncate();
        let pivot = yup().transform_point3(Vec3::from(model.bones[b].pivot));
        assert!((at - pivot).length() < 1e-5, "bone {b}: bound at {at}, pivot {pivot}");
    }
    for skin in scene.skin_deformers.iter() {
        for v in skin.vertices.iter() {
            let (from, n) = (v.weight_begin as usize, v.num_weights as usize);
            let total: f64 = (from..from + n).map(|k| skin.weights[k].weight).sum();
            assert!((total - 1.0).abs() < 1e-4, "a vertex's weights sum to {total}");
        }
    }
    // Two textures, embedded.
    assert_eq!(scene.videos.len(), 2);
    assert!(scene.videos.iter().all(|v| v.content.len() > 1000), "PNG bytes inside the file");

    // Every sequence an animation stack, named as the viewer names it, as long as it.
    assert_eq!(scene.anim_stacks.len(), model.sequences.len());
    for (i, (stack, s)) in scene.anim_stacks.iter().zip(&model.sequences).enumerate() {
        let base = model.sequence_name(SequenceId(i as u16));
        let name = if s.variation > 0 { format!("{base}.{}", s.variation) } else { base };
        assert_eq!(stack.element.name.to_string(), name);
        assert!((stack.time_end - s.duration_ms as f64 / 1000.0).abs() < 1e-6, "{name}");
    }

    assert_eq!((0..model.bones.len()).filter(|&b| ignores_parent(model, b)).count(), 3);
    // Posed: every other bone's world matrix, read back through ufbx's evaluation, equals m2view's
    // own pose at sampled times of Stand (4) and AttackUnarmed (9) — their key times — within
    // 1e-3; between keys, where FBX interpolates Euler angles and m2view quaternions (the
    // export samples rotations every 5° at most), within 1e-2.
    for (seq, times, tolerance) in
        [(4usize, [0.0f32, 1000.0, 2000.0], 1e-3), (9, [0.0, 333.0, 500.0], 1e-3), (4, [1234.0, 2777.0, 3500.0], 1e-2)]
    {
        let stack = &scene.anim_stacks[seq];
        for t in times {
            let posed =
                ufbx::evaluate_scene(&scene, &stack.anim, t as f64 / 1000.0, ufbx::EvaluateOpts::default()).unwrap();
            let ours = m2view_bones(&lm, seq, t);
            let mut worst = (0.0f32, 0);
            for (b, m) in ours.iter().enumerate().filter(|(b, _)| !ignores_parent(model, *b)) {
                let node = posed.find_node(&format!("bone{b}")).unwrap();
                let d = max_difference(mat(&node.node_to_world), *m);
                if d > worst.0 {
                    worst = (d, b);
                }
            }
            assert!(worst.0 < tolerance, "sequence {seq} at {t} ms: bone {} differs by {}", worst.1, worst.0);
        }
    }
}

#[test]
fn copied_textures_sit_beside_the_file_and_the_file_appears_whole() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let lm = open(&samples.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2"));
    let out = temp("copy");
    let fbx = out.join("hound.fbx");
    write_fbx(&lm, &ExportOptions::default(), Textures::Copy, &fbx).unwrap();
    let mut names: Vec<String> =
        std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    // Opaque materials: their textures go without alpha (Blender would take it as transparency).
    assert_eq!(names, ["hound.fbx", "hound_CoreHoundMount1_rgb.png", "hound_CoreHoundMount2_rgb.png"]);
    let png = image::open(out.join("hound_CoreHoundMount1_rgb.png")).unwrap();
    assert_eq!((png.width(), png.color()), (512, image::ColorType::Rgb8));
    let scene = ufbx::load_file(fbx.to_str().unwrap(), ufbx::LoadOpts::default()).unwrap();
    assert!(scene.videos.iter().all(|v| v.content.is_empty()), "nothing embedded");
    let files: BTreeSet<String> = scene.textures.iter().map(|t| t.relative_filename.to_string()).collect();
    assert_eq!(files, names[1..].iter().cloned().collect());
    // An output that cannot be written: an error naming it, nothing left under its name.
    let bad = out.join("missing/dir/x.fbx");
    let err = write_fbx(&lm, &ExportOptions::default(), Textures::Embed, &bad).unwrap_err();
    let m2view_export::ExportError::Write { path, .. } = &err else { panic!("{err}") };
    assert_eq!(path, &bad.with_extension("fbx.part"), "{err}");
    assert!(!bad.exists());
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn blender_imports_the_fbx_with_its_armature_actions_and_textures() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    if !common::have_blender() {
        return;
    }
    let path = samples.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2");
    let lm = open(&path);
    let out = temp("blender");
    let fbx = out.join("hound.fbx");
    write_fbx(&lm, &ExportOptions::default(), Textures::Embed, &fbx).unwrap();
    // A time of Stand (4) at which bones 0 and 1 both have keys: there Blender's curves (Bezier
    // between keys, as its importer makes them) pass through the exported values.
    let keys = |b: usize| -> BTreeSet<u32> {
        let bone = &lm.model.bones[b];
        [bone.translation.keys_for(4).map(|k| k.times.clone()), bone.rotation.keys_for(4).map(|k| k.times.clone())]
            .into_iter()
            .flatten()
            .flatten()
            .collect()
    };
    let t = *keys(0).intersection(&keys(1)).find(|&&t| t > 0).expect("a common key of bones 0 and 1");
    // Blender's importer starts animations at frame 1 (its `anim_offset`), at the file's 30 fps.
    let frame = 1.0 + t as f64 * 30.0 / 1000.0;
    // Bone 1's head at that time (a frame at 30 fps, the file's rate) of Stand: Blender's own
    // evaluation of the imported action, in Blender's Z-up space (the importer turns Y-up back).
    let r = common::blender_json(&format!(
        "bpy.ops.import_scene.fbx(filepath={:?})\n\
         arm = [o for o in bpy.data.objects if o.type == 'ARMATURE']\n\
         meshes = [o for o in bpy.data.objects if o.type == 'MESH']\n\
         acts = sorted(a.name for a in bpy.data.actions)\n\
         imgs = sorted((i.name, i.size[0], i.packed_file is not None) for i in bpy.data.images)\n\
         a = arm[0]\na.animation_data.action = bpy.data.actions['Armature|Stand|Base Layer']\n\
         bpy.context.scene.frame_set({}, subframe={})\n\
         head = list(a.matrix_world @ a.pose.bones['bone1'].head)\n\
         print('M2VIEW ' + json.dumps({{'armatures': len(arm), 'bones': len(a.data.bones), 'meshes': len(meshes), \
         'vertices': sum(len(m.data.vertices) for m in meshes), 'skinned': all(m.find_armature() for m in meshes), \
         'actions': acts, 'images': imgs, 'head': head}}))\n",
        fbx.display().to_string(),
        frame.floor(),
        frame.fract()
    ));
    assert_eq!(
        (r["armatures"].as_u64(), r["bones"].as_u64(), r["meshes"].as_u64(), r["vertices"].as_u64()),
        (Some(1), Some(lm.model.bones.len() as u64), Some(4), Some(2884))
    );
    assert_eq!(r["skinned"], true, "every mesh deformed by the armature");
    assert_eq!(r["actions"].as_array().unwrap().len(), lm.model.sequences.len(), "one action per sequence");
    let images = r["images"].as_array().unwrap();
    assert_eq!(images.len(), 2, "{images:?}");
    assert!(images.iter().all(|i| i[1] == 512 && i[2] == true), "512 wide, packed: {images:?}");
    // Bone 1's head: m2view's pose of its pivot at that time, Z-up.
    let ours = m2view_bones(&lm, 4, t as f32)[1].w_axis.truncate();
    let ours_zup = yup().inverse().transform_point3(ours);
    let head: Vec<f32> = r["head"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap() as f32).collect();
    assert!((Vec3::from_slice(&head) - ours_zup).length() < 1e-3, "at {t} ms: Blender {head:?}, m2view {ours_zup}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn a_dressed_character_keeps_its_body_texture_and_its_axe_in_hand() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let out = temp("character");
    // Zul'jin legs and the tribal axe, as the glTF test dresses her.
    let (mut o, opts) = common::dressed_scourge(&samples, &out);
    let eo = m2view::export_cmd::character_options(&mut o, &opts, ExportOptions::default());
    let file = to_fbx(&o.lm, &eo, Textures::Embed, "character").unwrap();
    let scene = ufbx::load_memory(&file.bytes, ufbx::LoadOpts::default()).expect("ufbx reads the file");
    assert!(scene.metadata.warnings.is_empty());
    // The axe: a mesh under the HandRight attachment's null, itself under the hand's bone.
    let hand = o.lm.model.attachments.iter().find(|a| a.id == 1).unwrap().bone.unwrap().index();
    let null = scene.find_node("HandRight").expect("the HandRight attachment");
    assert_eq!(null.parent.as_ref().unwrap().element.name.to_string(), format!("bone{hand}"));
    let axe: Vec<_> = null.children.iter().filter(|n| n.mesh.is_some()).collect();
    assert!(!axe.is_empty(), "the axe hangs on HandRight");
    // Only the geosets the dressing chose: as many body meshes as drawn batches of them.
    let lod = &o.lm.model.lods[0];
    let geosets = eo.geosets.clone().unwrap();
    let drawn = lod.batches.iter().filter(|b| geosets.contains(&lod.submeshes[b.submesh as usize].geoset_id)).count();
    assert_eq!(scene.meshes.len(), drawn + axe.len());
    // The composed body texture (256x256) is embedded beside the axe's.
    let sizes: Vec<(u32, u32)> = scene
        .videos
        .iter()
        .map(|v| image::load_from_memory(&v.content).unwrap())
        .map(|i| (i.width(), i.height()))
        .collect();
    assert!(sizes.contains(&(256, 256)), "{sizes:?}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn the_cameras_look_at_their_targets() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let lm = open(&samples.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2"));
    let file = to_fbx(&lm, &ExportOptions::default(), Textures::Embed, "hound").unwrap();
    let scene = ufbx::load_memory(&file.bytes, ufbx::LoadOpts::default()).unwrap();
    assert_eq!(scene.cameras.len(), lm.model.cameras.len());
    assert_eq!(scene.cameras.len(), 2, "Corehound2's portrait and character-info cameras");
    let globals = [];
    for k in 0..2 {
        let c = m2view_anim::camera_state(&lm.model, k, &m2view_anim::Clock::new(0, 0.0, &globals)).unwrap();
        let (eye, target) = (yup().transform_point3(c.eye), yup().transform_point3(c.target));
        let node = scene.find_node(&format!("camera {k}")).unwrap();
        let m = mat(&node.node_to_world);
        // FBX cameras look along their local +X.
        assert!((m.w_axis.truncate() - eye).length() < 1e-4, "camera {k} at {}", m.w_axis);
        let view = m.x_axis.truncate().normalize();
        assert!(view.dot((target - eye).normalize()) > 0.9999, "camera {k} looks along {view}");
        let fov = node.camera.as_ref().unwrap().field_of_view_deg.y;
        let expected = (c.fov_diagonal / (1.0f32 + (16.0f32 / 9.0).powi(2)).sqrt()).to_degrees();
        assert!((fov as f32 - expected).abs() < 0.01, "camera {k}: vertical fov {fov}, expected {expected}");
    }
}

#[test]
fn an_animated_camera_moves_in_its_animation_stack() {
    // No corpus model moves its camera in a sequence its creature plays: Corehound2's
    // character-info camera given, in memory, a Stand (sequence 4) path of two linear keys —
    // from where it stands to 6 units along +Y (model space) and 3 up at Stand's end — and a
    // target that stays.
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let mut lm = open(&samples.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2"));
    let key = |v: [f32; 3]| m2view_format::SplineKey { value: v, in_tan: v, out_tan: v };
    let end = lm.model.sequences[4].duration_ms;
    let cam = &mut lm.model.cameras[1];
    let mut keys = vec![m2view_format::Keys::new(vec![0], vec![key([0.0; 3])]); lm.model.sequences.len()];
    keys[4] = m2view_format::Keys::new(vec![0, end], vec![key([0.0; 3]), key([0.0, 6.0, 3.0])]);
    cam.positions = m2view_format::Track {
        interpolation: m2view_format::Interpolation::Linear,
        global_sequence: None,
        sequences: keys,
    };
    let file = to_fbx(&lm, &ExportOptions::default(), Textures::Embed, "hound").unwrap();
    let scene = ufbx::load_memory(&file.bytes, ufbx::LoadOpts::default()).unwrap();
    let stack = &scene.anim_stacks[4];
    let globals = [];
    // At and between its keys ufbx puts the camera where m2view does (1e-3), looking at the target.
    for t in [0.0, 0.35, 0.75, 1.0].map(|f| f * end as f32) {
        let posed =
            ufbx::evaluate_scene(&scene, &stack.anim, t as f64 / 1000.0, ufbx::EvaluateOpts::default()).unwrap();
        let c = m2view_anim::camera_state(&lm.model, 1, &m2view_anim::Clock::new(4, t, &globals)).unwrap();
        let (eye, target) = (yup().transform_point3(c.eye), yup().transform_point3(c.target));
        let m = mat(&posed.find_node("camera 1").unwrap().node_to_world);
        assert!((m.w_axis.truncate() - eye).length() < 1e-3, "{t} ms: at {} not {eye}", m.w_axis);
        assert!(m.x_axis.truncate().normalize().dot((target - eye).normalize()) > 0.9999, "{t} ms: looks away");
    }
    // It did move: 6 along model +Y is 6 along FBX −Z, 3 up is 3 along +Y.
    let at = |t: f64| {
        let posed = ufbx::evaluate_scene(&scene, &stack.anim, t, ufbx::EvaluateOpts::default()).unwrap();
        mat(&posed.find_node("camera 1").unwrap().node_to_world).w_axis.truncate()
    };
    let moved = at(end as f64 / 1000.0) - at(0.0);
    assert!((moved - Vec3::new(0.0, 3.0, -6.0)).length() < 1e-3, "{moved}");
    // A sequence where it stands still has no camera curves: it stays put.
    let still = &scene.anim_stacks[9];
    let posed = ufbx::evaluate_scene(&scene, &still.anim, 0.3, ufbx::EvaluateOpts::default()).unwrap();
    let m = mat(&posed.find_node("camera 1").unwrap().node_to_world).w_axis.truncate();
    assert!((m - at(0.0)).length() < 1e-4);
}

#[test]
fn a_wmo_places_its_doodads_sharing_their_geometry() {
    // The WMO written in the wowdev layout (m2view_format::fixtures::wmo) with its lamp model,
    // as the glTF test uses it: three placements of one lamp (doodad set 1).
    let dir = temp("wmo");
    m2view_format::fixtures::wmo::write_files(&dir, false);
    let opts = Default::default();
    let mut lm = m2view_app::open::Opened::open(&dir.join("box.wmo"), &opts).unwrap().lm;
    let placed = m2view_app::world::placements(&mut lm, 1, &opts);
    assert_eq!(placed.len(), 3);
    let lamp = placed[0].lm.clone();
    let eo = ExportOptions { placed, ..Default::default() };
    let file = to_fbx(&lm, &eo, Textures::Embed, "box").unwrap();
    let scene = ufbx::load_memory(&file.bytes, ufbx::LoadOpts::default()).unwrap();
    assert!(scene.metadata.warnings.is_empty());
    // The lamp's meshes are written once and placed three times.
    let nulls: Vec<_> = scene.nodes.iter().filter(|n| n.element.name.to_string() == lamp.model.name).collect();
    assert_eq!(nulls.len(), 3);
    let parts = nulls[0].children.len();
    assert!(parts > 0 && nulls.iter().all(|n| n.children.len() == parts));
    let lamp_meshes: HashSet<u32> =
        nulls.iter().flat_map(|n| n.children.iter().map(|c| c.mesh.as_ref().unwrap().element.element_id)).collect();
    assert_eq!(lamp_meshes.len(), parts, "one geometry per part, shared by the three placements");
    // MODD[0] at (1, 0, 2) Z-up, turned 90° about Z, scale 0.5: its world matrix in Y-up space.
    let expected = yup() * eo.placed[0].world * yup().inverse();
    let got = nulls.iter().map(|n| max_difference(mat(&n.node_to_world), expected)).fold(f32::MAX, f32::min);
    assert!(got < 1e-5, "no lamp placed as MODD[0] says (closest differs by {got})");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The node of `scene` named `name` among `under`'s descendants.
fn descendant<'a>(under: &'a ufbx::Node, name: &str) -> Option<&'a ufbx::Node> {
    under.children.iter().find_map(|c| if c.element.name == name { Some(&**c) } else { descendant(c, name) })
}

#[test]
fn a_scene_keeps_every_model_whole_at_its_placement() {
    // Murloc2 turned -90° about Z, 1.5× at (2, 5, 0), and the Frog at the origin: two
    // skeletons, two skins, every sequence of both as stacks named after their model.
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let k = samples.join("Koward_Improved_Models/Creature");
    let (murloc, frog) = (open(&k.join("Murloc2/Murloc2.m2")), open(&k.join("Frog/Frog.m2")));
    let placement = Mat4::from_translation(Vec3::new(2.0, 5.0, 0.0))
        * Mat4::from_rotation_z(-90f32.to_radians())
        * Mat4::from_scale(Vec3::splat(1.5));
    let opts = ExportOptions::default();
    let parts = [
        m2view_export::ScenePart { lm: &murloc, opts: &opts, world: placement, parent: None },
        m2view_export::ScenePart { lm: &frog, opts: &opts, world: Mat4::IDENTITY, parent: None },
    ];
    let file = m2view_export::fbx::scene(&parts, None, Textures::Embed, "two").unwrap();
    let scene = ufbx::load_memory(&file.bytes, ufbx::LoadOpts::default()).expect("ufbx reads the file");
    assert!(scene.metadata.warnings.is_empty());
    let node = scene.find_node("Murloc2").expect("Murloc2's placement");
    assert!(node.parent.as_ref().unwrap().is_root && scene.find_node("Frog").is_some());
    let c = yup();
    let world = c * placement * c.inverse();
    assert!(max_difference(mat(&node.node_to_world), world) < 1e-5);
    assert_eq!(scene.bones.len(), murloc.model.bones.len() + frog.model.bones.len());
    let stacks: Vec<String> = scene.anim_stacks.iter().map(|s| s.element.name.to_string()).collect();
    assert_eq!(stacks.len(), murloc.model.sequences.len() + frog.model.sequences.len());
    assert_eq!(stacks.iter().filter(|n| n.starts_with("Murloc2: ")).count(), murloc.model.sequences.len());
    assert!(stacks.iter().skip(murloc.model.sequences.len()).all(|n| n.starts_with("Frog: ")), "{stacks:?}");
    // Each of the murloc's clusters is bound at its bone's pivot, placed.
    let murloc_bones: HashSet<u32> = (0..murloc.model.bones.len())
        .map(|b| descendant(node, &format!("bone{b}")).unwrap().element.element_id)
        .collect();
    let mut bound = 0;
    for cluster in scene.skin_clusters.iter() {
        let bone = cluster.bone_node.as_ref().unwrap();
        if !murloc_bones.contains(&bone.element.element_id) {
            continue;
        }
        let b: usize = bone.element.name.strip_prefix("bone").unwrap().parse().unwrap();
        let expected = world * Mat4::from_translation(c.transform_point3(Vec3::from(murloc.model.bones[b].pivot)));
        assert!(max_difference(mat(&cluster.bind_to_world), expected) < 1e-4, "bone {b}");
        bound += 1;
    }
    assert!(bound > 0);
    // Walking (its stack "Murloc2: Walk"), each bone moves as in the murloc exported alone (the
    // first test holds that one to m2view's pose), placed (1e-4); and against m2view's own
    // pose within the first test's between-keys 1e-2, scaled by the placement's 1.5.
    let walk = murloc.model.sequences.iter().position(|s| s.anim_id == 4).unwrap();
    let stack = scene.anim_stacks.iter().find(|s| s.element.name == "Murloc2: Walk").unwrap();
    let alone = to_fbx(&murloc, &opts, Textures::Embed, "murloc").unwrap();
    let alone = ufbx::load_memory(&alone.bytes, ufbx::LoadOpts::default()).unwrap();
    let duration = murloc.model.sequences[walk].duration_ms as f32;
    for t in [0.0, 0.3, 0.55, 0.9].map(|f| f * duration) {
        let at = |scene: &ufbx::Scene, stack: &ufbx::AnimStack| {
            ufbx::evaluate_scene(scene, &stack.anim, t as f64 / 1000.0, ufbx::EvaluateOpts::default()).unwrap()
        };
        let (posed, posed_alone) = (at(&scene, stack), at(&alone, &alone.anim_stacks[walk]));
        let ours = m2view_bones(&murloc, walk, t);
        let placed = posed.find_node("Murloc2").unwrap();
        for (b, m) in ours.iter().enumerate() {
            let got = mat(&descendant(placed, &format!("bone{b}")).unwrap().node_to_world);
            let own = mat(&posed_alone.find_node(&format!("bone{b}")).unwrap().node_to_world);
            let d = max_difference(got, world * own);
            assert!(d < 1e-4, "Walk at {t} ms: bone {b} differs from the murloc alone by {d}");
            if !ignores_parent(&murloc.model, b) {
                let d = max_difference(got, world * *m);
                assert!(d < 1.5e-2, "Walk at {t} ms: bone {b} differs from m2view's pose by {d}");
            }
        }
    }
}

#[test]
fn texture_transforms_and_colours_move_in_their_stacks() {
    // Koward's Cyclone_State.m2 (as the glTF test): its cloud texture scrolls, its colour
    // track darkens it. ufbx's `uv_to_texture` of its texture, at rest and evaluated in each
    // stack, sends an FBX UV where m2view's UV matrix sends it (FBX's v runs bottom to top).
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let lm = open(&samples.join("Koward_Improved_Models/Spells/Cyclone_State.m2"));
    let file = to_fbx(&lm, &ExportOptions::default(), Textures::Embed, "cyclone").unwrap();
    let scene = ufbx::load_memory(&file.bytes, ufbx::LoadOpts::default()).unwrap();
    assert!(scene.metadata.warnings.is_empty());
    let pose_at = |seq: usize, ms: f32| {
        let mut globals = Vec::new();
        m2view_anim::global_times(&lm.model, ms as f64, &mut globals);
        let mut pose = m2view_anim::Pose::default();
        m2view_anim::evaluate(&lm.model, &m2view_anim::Clock::new(seq, ms, &globals), None, &mut pose);
        pose
    };
    let sampled = |m: Mat4, uv: [f32; 2]| {
        let s = m.transform_point3(Vec3::new(uv[0], 1.0 - uv[1], 0.0));
        [s.x, 1.0 - s.y]
    };
    let through = |t: &ufbx::Texture, uv: [f32; 2]| {
        let m = mat(&t.uv_to_texture);
        let s = m.transform_point3(Vec3::new(uv[0], uv[1], 0.0));
        [s.x, s.y]
    };
    // The one texture placed somewhere other than at rest during the first stack.
    let later = (lm.model.sequences[0].duration_ms as f64 * 0.9) / 1000.0;
    let posed = ufbx::evaluate_scene(&scene, &scene.anim_stacks[0].anim, later, ufbx::EvaluateOpts::default()).unwrap();
    let moving: Vec<_> = posed.textures.iter().filter(|t| t.has_uv_transform).collect();
    assert_eq!(moving.len(), 1, "the scrolling texture");
    let id = moving[0].element.element_id;
    let at_rest = scene.textures.iter().find(|t| t.element.element_id == id).unwrap();
    let probes = [[0.0, 0.0], [0.25, 0.75], [1.0, 0.5]];
    let rest = pose_at(0, 0.0).texture_matrices[0];
    for uv in probes {
        let (a, b) = (through(at_rest, uv), sampled(rest, uv));
        assert!((a[0] - b[0]).abs() < 1e-4 && (a[1] - b[1]).abs() < 1e-4, "at rest {uv:?}: {a:?} vs {b:?}");
    }
    // In every stack, at three instants.
    let mut moved = false;
    for (seq, stack) in scene.anim_stacks.iter().enumerate() {
        let end = lm.model.sequences[seq].duration_ms as f32;
        for ms in [0.0, end / 3.0, end * 0.9] {
            let posed =
                ufbx::evaluate_scene(&scene, &stack.anim, ms as f64 / 1000.0, ufbx::EvaluateOpts::default()).unwrap();
            let texture = posed.textures.iter().find(|t| t.element.element_id == id).unwrap();
            let m = pose_at(seq, ms).texture_matrices[0];
            moved |= m != rest;
            for uv in probes {
                let (a, b) = (through(texture, uv), sampled(m, uv));
                // Sampled at 30 Hz and interpolated: within 1e-2 of a UV unit.
                assert!(
                    (a[0] - b[0]).abs() < 1e-2 && (a[1] - b[1]).abs() < 1e-2,
                    "{seq} at {ms} ms, {uv:?}: {a:?} vs {b:?}"
                );
            }
        }
    }
    assert!(moved, "the texture scrolls");
    // The colour at rest: the material's diffuse colour is the colour track's.
    let rgb = pose_at(0, 0.0).colors[0];
    let coloured = scene.materials.iter().filter(|m| {
        let c = m.fbx.diffuse_color.value_vec4;
        (c.x as f32 - rgb.x).abs() < 1e-5 && (c.y as f32 - rgb.y).abs() < 1e-5 && (c.z as f32 - rgb.z).abs() < 1e-5
    });
    assert!(coloured.count() >= 1 && rgb.x < 0.999, "{rgb}");
}
