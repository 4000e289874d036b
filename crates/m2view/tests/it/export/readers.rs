//! The export tests that drive external readers (the Khronos glTF-Validator, Blender 3.4 and Blender 4.5 (bpy)):
//! run apart in CI (`cargo test -- readers::`), so that their time shows.

use super::*;

/// The validator's module folder, or `None` (see [`common::npm_package`]).
fn validator() -> Option<PathBuf> {
    common::npm_package("M2VIEW_GLTF_VALIDATOR", "gltf-validator", "gltf-validator@2.0.0-dev.3.10")
}

/// The glTF-Validator's reports of `files` (JSON objects with `errors`,
/// `warnings` and `messages`).
fn validate(validator: &Path, files: &[PathBuf]) -> Vec<serde_json::Value> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/validate_gltf.cjs");
    let run = Command::new("node").arg(&script).args(files).env("GLTF_VALIDATOR", validator).output().expect("node");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    serde_json::from_slice(&run.stdout).unwrap()
}

/// A Blender 4.5 script: imports `GLB` and prints, for every action that
/// moves a Mapping node's location, `[time s, offset u, offset v]` in glTF's
/// terms at its first, middle and last keys and between two keys; and, as
/// played, the node's own value at a frame between keys of its material's
/// active action.
const BLENDER_UV_OFFSETS: &str = r#"
bpy.ops.import_scene.gltf(filepath=GLB)
from io_scene_gltf2.blender.com.conversion import texture_transform_blender_to_gltf
fps = bpy.context.scene.render.fps
tree = next(m.node_tree for m in bpy.data.materials if m.node_tree and any(n.type == 'MAPPING' for n in m.node_tree.nodes))
mapping = next(n for n in tree.nodes if n.type == 'MAPPING')
location = mapping.inputs['Location'].path_from_id() + '.default_value'
rotation = mapping.inputs['Rotation'].default_value[2]
scale = list(mapping.inputs['Scale'].default_value)[:2]
def gltf(frame, u, v):
    t = texture_transform_blender_to_gltf({'offset': [u, v], 'rotation': rotation, 'scale': scale})
    return [frame / fps] + t['offset']
actions = {}
for action in bpy.data.actions:
    curves = {fc.array_index: fc for layer in action.layers for strip in layer.strips
              for bag in strip.channelbags for fc in bag.fcurves if fc.data_path == location}
    if len(curves) == 2:
        keys = [k.co[0] for k in curves[0].keyframe_points]
        frames = [keys[0], keys[len(keys) // 2], keys[-1], (keys[1] + keys[2]) / 2]
        actions[action.name] = [gltf(f, curves[0].evaluate(f), curves[1].evaluate(f)) for f in frames]
played = tree.animation_data.action
keys = [k.co[0] for k in played.layers[0].strips[0].channelbags[0].fcurves[0].keyframe_points]
frame = int((keys[0] + keys[-1]) / 2)
bpy.context.scene.frame_set(frame)
live = {'action': played.name, 'sample': gltf(frame, *list(mapping.inputs['Location'].default_value)[:2])}
print('M2VIEW ' + json.dumps({'actions': actions, 'live': live}))
"#;

#[test]
fn every_sample_exports_to_valid_gltf() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let Some(validator) = validator() else { return };
    let mut files = m2view_format::fixtures::model_files(&samples);
    let out = temp("corpus");
    let mut glbs = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let lm = m2view_app::open::Opened::open(f, &Default::default()).map(|o| o.lm).unwrap_or_else(|e| panic!("{e}"));
        let glb = to_glb(&lm, &ExportOptions::default()).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let p = out.join(format!("{i}.glb"));
        std::fs::write(&p, glb).unwrap();
        glbs.push(p);
    }
    // The same exporter as JSON + .bin.
    let murloc = samples.join("Koward_Improved_Models/Creature/Murloc2/Murloc2.m2");
    let lm = m2view_app::open::Opened::open(&murloc, &Default::default()).map(|o| o.lm).unwrap();
    m2view_export::gltf::write_gltf(&lm, &ExportOptions::default(), &out.join("murloc.gltf")).unwrap();
    glbs.push(out.join("murloc.gltf"));
    files.push(murloc);
    let reports = validate(&validator, &glbs);
    assert_eq!(reports.len(), files.len());
    let (mut errors, mut warnings) = (0, 0);
    for (r, f) in reports.iter().zip(&files) {
        let (e, w) = (r["errors"].as_u64().unwrap(), r["warnings"].as_u64().unwrap());
        if e > 0 {
            eprintln!("{}: {}", f.display(), r["messages"]);
        }
        errors += e;
        warnings += w;
    }
    eprintln!("glTF-Validator: {} models, {errors} errors, {warnings} warnings", files.len());
    assert_eq!(errors, 0);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn blender_imports_the_skeleton_and_every_animation() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    if !common::have_blender() {
        return;
    }
    let path = samples.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2");
    let lm = m2view_app::open::Opened::open(&path, &Default::default()).map(|o| o.lm).unwrap();
    let out = temp("blender");
    let glb = out.join("hound.glb");
    std::fs::write(&glb, to_glb(&lm, &ExportOptions::default()).unwrap()).unwrap();
    let r = common::blender_json(&format!(
        "bpy.ops.import_scene.gltf(filepath={:?})\n\
         arm = [o for o in bpy.data.objects if o.type == 'ARMATURE']\n\
         acts = [(a.name, a.frame_range[1], len(a.fcurves)) for a in bpy.data.actions]\n\
         print('M2VIEW ' + json.dumps({{'armatures': len(arm), 'bones': len(arm[0].data.bones) if arm else 0, \
         'meshes': len([o for o in bpy.data.objects if o.type == 'MESH']), 'actions': acts}}))\n",
        glb.display().to_string()
    ));
    assert_eq!(
        (r["armatures"].as_u64(), r["bones"].as_u64(), r["meshes"].as_u64()),
        (Some(1), Some(lm.model.bones.len() as u64), Some(1))
    );
    let actions = r["actions"].as_array().unwrap();
    assert_eq!(actions.len(), lm.model.sequences.len(), "one action per sequence");
    // Stand (4000 ms) plays 4 s: 96 frames at Blender's 24 fps, with keyed curves.
    let stand = actions.iter().find(|a| a[0].as_str().is_some_and(|n| n.starts_with("Stand_"))).expect("Stand");
    assert!((stand[1].as_f64().unwrap() - 96.0).abs() < 1.0 && stand[2].as_u64().unwrap() > 0, "{stand}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn a_dressed_character_exports_with_its_body_texture_and_items() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let Some(validator) = validator() else { return };
    let out = temp("character");
    let pack = samples.join("ElementoBorzi_Doomhammer-Public-Pack");
    let (mut o, opts) = common::dressed_scourge(&samples, &out);
    let eo = m2view::export_cmd::character_options(&mut o, &opts, ExportOptions::default());
    assert_eq!(eo.items.len(), 1, "the axe");
    let glb = out.join("character.glb");
    std::fs::write(&glb, to_glb(&o.lm, &eo).unwrap()).unwrap();
    let report = &validate(&validator, std::slice::from_ref(&glb))[0];
    assert_eq!(report["errors"], 0, "{}", report["messages"]);
    let bytes = std::fs::read(&glb).unwrap();
    let doc = gltf::Gltf::from_slice(&bytes).unwrap();
    let blob = doc.blob.as_deref().unwrap();
    let images: Vec<image::RgbaImage> = doc
        .images()
        .map(|i| match i.source() {
            gltf::image::Source::View { view, .. } => {
                let png = &blob[view.offset()..view.offset() + view.length()];
                image::load_from_memory(png).unwrap().to_rgba8()
            }
            gltf::image::Source::Uri { .. } => panic!("images are embedded"),
        })
        .collect();
    // The axe: a mesh node under the HandRight (1) bone, tagged with its attachment.
    let hand = o.lm.model.attachments.iter().find(|a| a.id == 1).unwrap().bone.unwrap().index();
    let bone = doc.nodes().nth(hand).unwrap();
    let axe = bone.children().find(|n| n.extras().as_ref().is_some_and(|e| e.get().contains("m2_attachment")));
    assert!(axe.is_some_and(|n| n.mesh().is_some()), "the axe hangs under bone {hand}");
    // The composed body texture (256x256) is embedded: the Zul'jin legs component in its region.
    // The axe's texture and the body: no Scourge skin in the corpus, so the base layer's
    // placeholder shows where nothing covers it.
    assert_eq!(images.len(), 2);
    let magenta = image::Rgba([255, 0, 255, 255]);
    let body = images.iter().find(|i| i.dimensions() == (256, 256) && i[(0, 0)] == magenta).expect("the body texture");
    let at = |x: usize, y: usize| &body.as_raw()[(y * 256 + x) * 4..(y * 256 + x) * 4 + 4];
    // Where the legs component is opaque, the region (LegUpper: 128, 96, 128x64) shows it texel for texel.
    let file = pack.join("ITEM/TEXTURECOMPONENTS/LegUpperTexture/Cloth_Zuljin_LU_F.blp");
    let legs = m2view_format::blp::Blp::parse(std::fs::read(file).unwrap()).unwrap().decode(0).unwrap();
    assert_eq!((legs.width, legs.height), (128, 64));
    let opaque = (0..128 * 64).filter(|k| legs.pixels[k * 4 + 3] == 255).collect::<Vec<_>>();
    assert!(opaque.len() > 1000, "{} opaque texels", opaque.len());
    for k in opaque {
        let (x, y) = (k % 128, k / 128);
        assert_eq!(at(128 + x, 96 + y), &legs.pixels[k * 4..k * 4 + 4], "texel ({x}, {y})");
    }
    // The same dressing as OBJ: as many body groups as glTF primitives (the chosen geosets'
    // batches), the axe's groups, and the same composed body texture among the PNGs beside it.
    let obj = out.join("character.obj");
    m2view_export::obj::write_obj(&o.lm, &[], &eo, &obj).unwrap();
    let text = std::fs::read_to_string(&obj).unwrap();
    let groups: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("g ")).collect();
    let primitives = doc.nodes().find(|n| n.skin().is_some()).unwrap().mesh().unwrap().primitives().count();
    assert_eq!(groups.iter().filter(|g| !g.contains("_item")).count(), primitives, "{groups:?}");
    assert!(groups.iter().any(|g| g.starts_with("character_item0")), "{groups:?}");
    let pngs: Vec<image::RgbaImage> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .map(|p| image::open(p).unwrap().to_rgba8())
        .collect();
    assert!(pngs.iter().any(|p| p == body), "the composed body texture among {} PNGs", pngs.len());
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn a_wmo_exports_its_groups_and_doodads_as_instances() {
    // The WMO written in the wowdev layout (m2view_format::fixtures::wmo) with its lamp model.
    let dir = temp("wmo");
    m2view_format::fixtures::wmo::write_files(&dir, false);
    let opts = Default::default();
    let mut lm = m2view_app::open::Opened::open(&dir.join("box.wmo"), &opts).unwrap().lm;
    let placed = m2view_app::world::placements(&mut lm, 1, &opts);
    assert_eq!(placed.len(), 3);
    let opts = ExportOptions { placed, ..Default::default() };
    let glb = to_glb(&lm, &opts).unwrap();
    std::fs::write(dir.join("box.glb"), &glb).unwrap();
    let g = gltf::Gltf::from_slice(&glb).unwrap();
    // Two meshes: the groups, and the lamp once for its three placements.
    assert_eq!(g.meshes().count(), 2);
    let groups = g.scenes().next().unwrap().nodes().find(|n| n.name() == Some("box mesh")).expect("the groups' node");
    let lamps: Vec<gltf::Node> = g.nodes().filter(|n| n.mesh().is_some() && n.index() != groups.index()).collect();
    assert_eq!(lamps.len(), 3);
    assert!(lamps.iter().all(|n| n.mesh().unwrap().index() == lamps[0].mesh().unwrap().index()));
    // MODD[0] at (1, 0, 2) Z-up is (1, 2, 0) Y-up; scale 0.5.
    let (t, _, s) = lamps[0].transform().decomposed();
    assert!((t[0] - 1.0).abs() < 1e-5 && (t[1] - 2.0).abs() < 1e-5 && t[2].abs() < 1e-5, "{t:?}");
    assert!((s[0] - 0.5).abs() < 1e-5, "{s:?}");
    if let Some(validator) = validator() {
        let r = &validate(&validator, &[dir.join("box.glb")])[0];
        assert_eq!(r["errors"], 0, "{}", r["messages"]);
    }
    // OBJ: the lamps baked in at their placements, the lamp's two materials written once.
    let files = m2view_export::obj::obj_files(&lm, &[], &opts, "box").unwrap();
    let obj = String::from_utf8(files[0].1.clone()).unwrap();
    let mtl = String::from_utf8(files[1].1.clone()).unwrap();
    let lamp = &opts.placed[0].lm.model;
    assert_eq!(obj.lines().filter(|l| l.starts_with("v ")).count(), lm.model.vertices.len() + 3 * lamp.vertices.len());
    assert_eq!(obj.lines().filter(|l| l.starts_with("g box_placed")).count(), 3 * 2);
    assert_eq!(mtl.matches("newmtl box_model0_batch").count(), 2);
    // The first lamp's first vertex: placed by MODD[0] (Z-up (1, 0, 2), turned 90° about Z,
    // scale 0.5), written Y-up.
    let p = opts.placed[0].world.transform_point3(lamp.vertices[0].position.into());
    let first = obj.lines().filter(|l| l.starts_with("v ")).nth(lm.model.vertices.len()).unwrap();
    let xyz: Vec<f32> = first[2..].split(' ').map(|v| v.parse().unwrap()).collect();
    assert!((xyz[0] - p.x).abs() < 1e-5 && (xyz[1] - p.z).abs() < 1e-5 && (xyz[2] + p.y).abs() < 1e-5, "{xyz:?} {p}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn texture_transforms_and_colours_keep_their_animation() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    // Koward's Cyclone_State.m2: a spell model whose cloud texture scrolls (one texture
    // transform) and whose colour track darkens it.
    let path = samples.join("Koward_Improved_Models/Spells/Cyclone_State.m2");
    let lm = m2view_app::open::Opened::open(&path, &Default::default()).map(|o| o.lm).unwrap();
    assert_eq!(lm.model.texture_transforms.len(), 1);
    let out = temp("look");
    let glb = out.join("cyclone.glb");
    // Without --animate-materials: the look at rest only, readable by the gltf crate.
    let plain = to_glb(&lm, &ExportOptions::default()).unwrap();
    gltf::Gltf::from_slice(&plain).unwrap();
    let plain: serde_json::Value =
        serde_json::from_slice(&gltf::binary::Glb::from_slice(&plain).unwrap().json).unwrap();
    let transforms = plain["materials"].as_array().unwrap().iter();
    assert!(transforms.filter(|m| m.to_string().contains("KHR_texture_transform")).count() == 1);
    assert!(!plain.to_string().contains("KHR_animation_pointer"));
    let animated = ExportOptions { animate_materials: Some(MaterialAnimation::All), ..Default::default() };
    std::fs::write(&glb, to_glb(&lm, &animated).unwrap()).unwrap();
    let bytes = std::fs::read(&glb).unwrap();
    let glb_parts = gltf::binary::Glb::from_slice(&bytes).unwrap();
    let json: serde_json::Value = serde_json::from_slice(&glb_parts.json).unwrap();
    let used: Vec<&str> = json["extensionsUsed"].as_array().unwrap().iter().filter_map(|v| v.as_str()).collect();
    assert!(used.contains(&"KHR_texture_transform") && used.contains(&"KHR_animation_pointer"), "{used:?}");
    // The batch's material at rest: the transform and the colour at Stand's first instant.
    let material = json["materials"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["pbrMetallicRoughness"]["baseColorTexture"]["extensions"]["KHR_texture_transform"].is_object());
    let material = material.expect("a material with a texture transform");
    let mut pose = m2view_anim::Pose::default();
    let mut globals = Vec::new();
    m2view_anim::global_times(&lm.model, 0.0, &mut globals);
    m2view_anim::evaluate(&lm.model, &m2view_anim::Clock::new(0, 0.0, &globals), None, &mut pose);
    let rgb = pose.colors[0];
    let factor = &material["pbrMetallicRoughness"]["baseColorFactor"];
    assert!((factor[0].as_f64().unwrap() - rgb.x as f64).abs() < 1e-5, "{factor} vs {rgb}");
    // Unlit (render flag 0x1): it also emits its texture, at its colour.
    assert_eq!(material["emissiveTexture"]["index"], material["pbrMetallicRoughness"]["baseColorTexture"]["index"]);
    assert!((material["emissiveFactor"][0].as_f64().unwrap() - rgb.x as f64).abs() < 1e-5);
    // Each sequence animates the offset through a pointer channel; its samples are the UV
    // matrix's translation of m2view's own pose at those instants.
    // Read through the JSON (the gltf crate refuses channels without a node).
    let bin = glb_parts.bin.unwrap();
    let floats = |accessor: usize| -> Vec<f32> {
        let a = &json["accessors"][accessor];
        let v = &json["bufferViews"][a["bufferView"].as_u64().unwrap() as usize];
        let start = (v["byteOffset"].as_u64().unwrap_or(0) + a["byteOffset"].as_u64().unwrap_or(0)) as usize;
        let n = a["count"].as_u64().unwrap() as usize * if a["type"] == "VEC2" { 2 } else { 1 };
        bin[start..start + 4 * n].chunks_exact(4).map(|b| f32::from_le_bytes(b.try_into().unwrap())).collect()
    };
    for (seq, anim) in json["animations"].as_array().unwrap().iter().enumerate() {
        let offset = anim["channels"].as_array().unwrap().iter().find(|c| {
            c["target"]["extensions"]["KHR_animation_pointer"]["pointer"]
                .as_str()
                .is_some_and(|p| p.ends_with("KHR_texture_transform/offset"))
        });
        let offset = offset.unwrap_or_else(|| panic!("{}: no offset channel", anim["name"]));
        assert_eq!(offset["target"]["path"], "pointer");
        let sampler = &anim["samplers"][offset["sampler"].as_u64().unwrap() as usize];
        let (times, values) =
            (floats(sampler["input"].as_u64().unwrap() as usize), floats(sampler["output"].as_u64().unwrap() as usize));
        assert_eq!(values.len(), 2 * times.len());
        assert!(values.chunks_exact(2).any(|v| v != &values[..2]), "the offset moves");
        for k in [0, times.len() / 3, times.len() - 1] {
            let ms = times[k] * 1000.0;
            m2view_anim::global_times(&lm.model, ms as f64, &mut globals);
            m2view_anim::evaluate(&lm.model, &m2view_anim::Clock::new(seq, ms, &globals), None, &mut pose);
            let t = pose.texture_matrices[0].w_axis;
            assert!((values[2 * k] - t.x).abs() < 1e-4 && (values[2 * k + 1] - t.y).abs() < 1e-4, "{seq} at {ms} ms");
        }
    }
    // The Khronos validator accepts it; Blender 3.4 reads the transform as a Mapping node (its
    // importer predates KHR_animation_pointer, which it ignores).
    if let Some(validator) = validator() {
        let r = &validate(&validator, std::slice::from_ref(&glb))[0];
        assert_eq!((r["errors"].as_u64(), r["warnings"].as_u64()), (Some(0), Some(0)), "{r}");
    }
    if common::have_blender() {
        let r = common::blender_json(&format!(
            "bpy.ops.import_scene.gltf(filepath={:?})\n\
             maps = [n for m in bpy.data.materials if m.node_tree for n in m.node_tree.nodes if n.type == 'MAPPING']\n\
             print('M2VIEW ' + json.dumps({{'mappings': len(maps)}}))\n",
            glb.display().to_string()
        ));
        assert_eq!(r["mappings"], 1, "{r}");
    }
    // Blender 4.5 plays it: each sequence's action moves the Mapping node's location, and read
    // back into glTF's terms (the importer's own inverse, glTF-Blender-IO
    // `blender/com/conversion.py`) it is the offset m2view poses at those instants.
    if let Some(python) = common::bpy_python() {
        let transform = &lm.model.texture_transforms[0];
        assert!(
            transform.rotation.is_empty() && transform.scaling.is_empty(),
            "only translation moves (the script reads rotation and scale at rest)"
        );
        let r =
            common::bpy_json(&python, &BLENDER_UV_OFFSETS.replace("GLB", &format!("{:?}", glb.display().to_string())));
        let actions = r["actions"].as_object().unwrap();
        let names: Vec<&str> =
            json["animations"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect();
        assert_eq!(actions.len(), names.len(), "an action moving the UVs per sequence: {r}");
        let mut check = |seq: usize, sample: &serde_json::Value| {
            let [t, x, y] = [0, 1, 2].map(|k| sample[k].as_f64().unwrap() as f32);
            m2view_anim::global_times(&lm.model, t as f64 * 1000.0, &mut globals);
            m2view_anim::evaluate(&lm.model, &m2view_anim::Clock::new(seq, t * 1000.0, &globals), None, &mut pose);
            let o = pose.texture_matrices[0].w_axis;
            assert!(
                (x - o.x).abs() < 1e-4 && (y - o.y).abs() < 1e-4,
                "{}: ({x}, {y}) at {t} s, m2view ({}, {})",
                names[seq],
                o.x,
                o.y
            );
        };
        for (seq, name) in names.iter().enumerate() {
            let samples = actions[*name].as_array().unwrap_or_else(|| panic!("{name}: no action"));
            for s in samples {
                check(seq, s);
            }
            assert!(samples.iter().any(|s| s[1] != samples[0][1] || s[2] != samples[0][2]), "{name}: the offset moves");
        }
        // Played: the frame the scene is set to moves the node itself.
        let live = &r["live"];
        let seq = names.iter().position(|n| live["action"] == *n).expect("the material's active action");
        check(seq, &live["sample"]);
    }
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn a_wmo_interior_exports_its_baked_light_as_vertex_colours() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    // The real inn.wmo (two of its group files in the corpus): its interior groups carry MOCV.
    let inn = samples.join("wowserhq_format/fixture/mapobj/inn.wmo");
    let lm = m2view_app::open::Opened::open(&inn, &Default::default()).map(|o| o.lm).unwrap();
    let lit: Vec<usize> =
        (0..lm.model.vertices.len()).filter(|&i| lm.model.vertices[i].baked_light.is_some()).collect();
    assert!(!lit.is_empty(), "an interior group with MOCV");
    let glb = to_glb(&lm, &ExportOptions { placed: Vec::new(), ..Default::default() }).unwrap();
    let g = gltf::Gltf::from_slice(&glb).unwrap();
    let blob = g.blob.as_ref().unwrap();
    let mesh = g.meshes().find(|m| m.name() == Some(lm.model.name.as_str())).unwrap();
    let prim = mesh.primitives().next().unwrap();
    let colors = prim.get(&gltf::Semantic::Colors(0)).expect("COLOR_0");
    assert_eq!((colors.count(), colors.normalized()), (lm.model.vertices.len(), true));
    let view = colors.view().unwrap();
    let bytes = &blob[view.offset() + colors.offset()..];
    for &i in [lit[0], lit[lit.len() / 2], *lit.last().unwrap()].iter() {
        let [r, g, b] = lm.model.vertices[i].baked_light.unwrap();
        assert_eq!(&bytes[4 * i..4 * i + 4], &[r, g, b, 255], "vertex {i}");
    }
    if let Some(validator) = validator() {
        let out = temp("wmo-colours");
        std::fs::write(out.join("inn.glb"), &glb).unwrap();
        let r = &validate(&validator, &[out.join("inn.glb")])[0];
        assert_eq!(r["errors"], 0, "{}", r["messages"]);
        let _ = std::fs::remove_dir_all(&out);
    }
}

#[test]
fn a_waterfall_exports_to_valid_gltf() {
    let Some(validator) = validator() else { return };
    // The waterfall fixture (written here: no public model has WFV3).
    let out = temp("waterfall");
    let lm = m2view_app::open::Opened::open(&common::waterfall_fixture(&out.join("model"), true), &Default::default())
        .unwrap()
        .lm;
    let glb = out.join("falls.glb");
    std::fs::write(&glb, to_glb(&lm, &ExportOptions::default()).unwrap()).unwrap();
    let report = &validate(&validator, std::slice::from_ref(&glb))[0];
    assert_eq!(report["errors"], 0, "{}", report["messages"]);
}

/// The vertices of glTF `doc`: its POSITION accessors' counts, each
/// accessor once (a tile's submeshes share one).
fn vertices(doc: &gltf::Gltf) -> usize {
    let mut seen = std::collections::HashMap::new();
    for p in doc.meshes().flat_map(|m| m.primitives()) {
        if let Some(a) = p.get(&gltf::Semantic::Positions) {
            seen.insert(a.index(), a.count());
        }
    }
    seen.values().sum()
}

#[test]
fn a_maps_tiles_export_to_valid_gltf_that_blender_imports() {
    // The map the maps tests write (real tiles placed on a fixture map: see tests/it/maps.rs).
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let Some(validator) = validator() else { return };
    let d = crate::maps::tmp("export");
    crate::maps::game_data(&d, &samples, false);
    let data = d.to_str().unwrap();
    let (one, two) = (d.join("one.glb"), d.join("two.glb"));
    for (tiles, out) in [("10_20", &one), ("11_20..10_20", &two)] {
        let (code, _, err) =
            common::m2view(&["export", "--data", data, "map:Fix", "--tiles", tiles, "-o", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
    }
    for report in validate(&validator, &[one.clone(), two.clone()]) {
        assert_eq!(report["errors"], 0, "{report:#}");
    }
    let n1 = vertices(&gltf::Gltf::open(&one).unwrap());
    let n2 = vertices(&gltf::Gltf::open(&two).unwrap());
    assert!(n1 > 30_000, "{n1}");
    assert!(n2 as f64 >= 0.9 * 2.0 * n1 as f64 && n2 <= 2 * n1, "two tiles {n2}, one {n1}");
    if common::have_blender() {
        let script = format!(
            "GLB = {:?}\nbpy.ops.import_scene.gltf(filepath=GLB)\n\
             n = sum(len(o.data.vertices) for o in bpy.data.objects if o.type == 'MESH')\n\
             print('M2VIEW ' + json.dumps({{'vertices': n}}))",
            two.to_str().unwrap()
        );
        let v = common::blender_json(&script);
        assert!(v["vertices"].as_u64().unwrap() as f64 >= 0.9 * n2 as f64, "{v}");
    }
    let (code, _, err) =
        common::m2view(&["export", "--data", data, "map:Fix", "--tiles", "0_0..5_5", "-o", one.to_str().unwrap()]);
    assert!(code == 2 && err.contains("no tiles in 0_0..5_5"), "{err}");
}
