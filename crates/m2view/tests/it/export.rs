//! Exports checked by tools nobody here wrote: every shared sample exported
//! to `.glb` must give 0 errors in the Khronos glTF-Validator (npm
//! `gltf-validator`, installed by `.ci/run`; found through
//! `M2VIEW_GLTF_VALIDATOR` or `target/gltf-validator`), and the structure
//! read back with the `gltf` crate must hold what the model holds.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use m2view_export::{ExportOptions, MaterialAnimation, gltf::to_glb, obj::write_obj};
use m2view_format::SequenceData;

mod readers;

fn temp(name: &str) -> PathBuf {
    common::scratch("export", name)
}

#[test]
fn the_glb_holds_the_skeleton_animations_and_textures() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let path = samples.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2");
    let lm = m2view_app::open::Opened::open(&path, &Default::default()).map(|o| o.lm).unwrap();
    let bytes = to_glb(&lm, &ExportOptions::default()).unwrap();
    let g = gltf::Gltf::from_slice(&bytes).unwrap();
    let m = &lm.model;
    let skin = g.skins().next().expect("a skin");
    assert_eq!(skin.joints().count(), m.bones.len());
    let in_file = m
        .sequences
        .iter()
        .filter(|s| !matches!(s.data, SequenceData::Alias | SequenceData::External { loaded: false }))
        .count();
    let names: Vec<String> = g.animations().map(|a| a.name().unwrap_or_default().to_string()).collect();
    assert!(names.len() <= in_file && names.len() >= in_file - 2, "{} animations of {in_file} sequences", names.len());
    assert!(names.contains(&"Stand".to_string()) && names.contains(&"Stand.1".to_string()), "{names:?}");
    // One primitive per drawn batch, every texture embedded as PNG.
    let prims: usize = g.meshes().map(|mesh| mesh.primitives().count()).sum();
    assert_eq!(prims, m.visible_batches(0, &m.default_geosets(0)).0);
    let drawn: std::collections::BTreeSet<usize> = m.lods[0]
        .batches
        .iter()
        .filter_map(|b| b.textures.first().and_then(|t| t.texture).map(|t| t.index()))
        .collect();
    assert_eq!(g.images().count(), drawn.len());
    assert!(g.images().all(|i| matches!(i.source(), gltf::image::Source::View { mime_type: "image/png", .. })));
    // The bind pose: the rest translation of a child bone is its pivot minus its parent's, Y-up.
    let child = m.bones.iter().position(|b| b.parent.is_some()).unwrap();
    let parent = m.bones[child].parent.unwrap().index();
    let node = g.nodes().nth(child).unwrap();
    let (t, _, _) = node.transform().decomposed();
    let d = [
        m.bones[child].pivot[0] - m.bones[parent].pivot[0],
        m.bones[child].pivot[1] - m.bones[parent].pivot[1],
        m.bones[child].pivot[2] - m.bones[parent].pivot[2],
    ];
    assert!((t[0] - d[0]).abs() < 1e-5 && (t[1] - d[2]).abs() < 1e-5 && (t[2] + d[1]).abs() < 1e-5, "{t:?} vs {d:?}");
}

#[test]
fn obj_export_writes_geometry_materials_and_textures() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let path = samples.join("Koward_Improved_Models/Creature/Murloc2/Murloc2.m2");
    let lm = m2view_app::open::Opened::open(&path, &Default::default()).map(|o| o.lm).unwrap();
    let out = temp("obj");
    write_obj(&lm, &[], &ExportOptions::default(), &out.join("murloc.obj")).unwrap();
    let obj = std::fs::read_to_string(out.join("murloc.obj")).unwrap();
    let verts = obj.lines().filter(|l| l.starts_with("v ")).count();
    let faces = obj.lines().filter(|l| l.starts_with("f ")).count();
    assert_eq!(verts, lm.model.vertices.len());
    assert_eq!(faces, lm.model.visible_batches(0, &lm.model.default_geosets(0)).1);
    let mtl = std::fs::read_to_string(out.join("murloc.mtl")).unwrap();
    assert!(mtl.contains("map_Kd murloc_tex0.png"), "{mtl}");
    // The skin (Murloc2_Green) is texture 0, decoded to PNG.
    let png = image::open(out.join("murloc_tex0.png")).unwrap();
    let blp = m2view_format::blp::Blp::parse(std::fs::read(lm.texture_files[0].as_ref().unwrap()).unwrap()).unwrap();
    assert_eq!((png.width(), png.height()), (blp.width, blp.height));
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn no_material_animation_channel_leads_into_nothing() {
    // The writer's two boxes: batch 1 draws texture 1, a monster-skin slot nothing
    // fills, under a texture transform. Its material has no base colour texture, so
    // a channel moving that texture's transform would point into nothing: left out,
    // with a warning. Every channel kept names a property that is there.
    let path = crate::common::write_fixture(
        &m2view_format::fixtures::two_boxes(264),
        &m2view_format::fixtures::skin_profile(264),
        &[],
        "export-aimless-pointer",
    );
    let out = path.with_file_name("boxes.gltf");
    let args = ["export", path.to_str().unwrap(), "--animate-materials", "-o", out.to_str().unwrap()];
    let (code, _, err) = crate::common::m2view(&args);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("material animation channel(s) left out: their material has no texture to move"), "{err}");
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    let mut pointers = 0;
    for anim in doc["animations"].as_array().unwrap() {
        for ch in anim["channels"].as_array().unwrap() {
            let Some(p) = ch.pointer("/target/extensions/KHR_animation_pointer/pointer").and_then(|p| p.as_str())
            else {
                continue;
            };
            pointers += 1;
            let texture = p.split_once("/extensions/KHR_texture_transform/").map(|(t, _)| t);
            let holder = texture.unwrap_or_else(|| p.rsplit_once('/').unwrap().0);
            assert!(doc.pointer(holder).is_some(), "{p} leads into nothing");
        }
    }
    assert!(pointers > 0, "the box's texture and colour still move");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn a_waterfall_exports_as_a_normal_mapped_pbr_material() {
    // The waterfall fixture (WFV3 and its five textures, written here: no public model has them).
    let dir = temp("waterfall");
    let path = common::waterfall_fixture(&dir, true);
    let lm = m2view_app::open::Opened::open(&path, &Default::default()).unwrap().lm;
    let bytes = to_glb(&lm, &ExportOptions::default()).unwrap();
    let g = gltf::Gltf::from_slice(&bytes).unwrap();
    let m =
        g.materials().find(|m| m.name().is_some_and(|n| n.ends_with("(waterfall)"))).expect("the waterfall's material");
    assert_eq!(m.alpha_mode(), gltf::material::AlphaMode::Blend);
    assert!(m.double_sided());
    // Base colour WFV3's (40, 90, 160, 255), the white water on UV set 1, the normal map at 0.02 × 100.
    let pbr = m.pbr_metallic_roughness();
    let want = [40.0 / 255.0, 90.0 / 255.0, 160.0 / 255.0, 1.0];
    assert!(
        pbr.base_color_factor().iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-6),
        "{:?}",
        pbr.base_color_factor()
    );
    assert_eq!(pbr.base_color_texture().map(|t| t.tex_coord()), Some(1));
    let normal = m.normal_texture().expect("a normal texture");
    assert_eq!(normal.tex_coord(), 1);
    assert!((normal.scale() - 2.0).abs() < 1e-6, "{}", normal.scale());
    // FBX: the white water as the diffuse texture, the normal map linked as NormalMap.
    let fbx = temp("waterfall-fbx").join("Falls.fbx");
    m2view_export::fbx::write_fbx(&lm, &ExportOptions::default(), m2view_export::fbx::Textures::Embed, &fbx).unwrap();
    let text = String::from_utf8_lossy(&std::fs::read(&fbx).unwrap()).into_owned();
    assert!(text.contains("NormalMap") && text.contains("White"), "the FBX names its normal map and white water");
    let _ = std::fs::remove_dir_all(dir);
}
