//! Finding companion files on disk: skins and textures by FileDataID beside
//! the model or through a listfile, stored paths case-insensitively, LOD skins
//! and .anim files by name, and what is reported missing.

use std::path::PathBuf;

use m2view_format::fixtures;
use m2view_format::writer::{write_md20, write_md21, write_skin};
use m2view_format::{CompanionKind, LoadOptions, SequenceData, SequenceId, load_model_file};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-companion-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn blp() -> Vec<u8> {
    m2view_format::blp::write_blp2_raw(2, 2, &[vec![255; 16]])
}

#[test]
fn file_data_ids_beside_the_model_and_through_a_listfile() {
    let d = dir("fdid");
    std::fs::write(d.join("model.m2"), write_md21(&fixtures::two_boxes_md21())).unwrap();
    std::fs::write(d.join("1001.skin"), write_skin(&fixtures::skin_profile(274), 274)).unwrap();
    let lm = load_model_file(&d.join("model.m2"), &LoadOptions::default()).unwrap();
    assert_eq!(lm.model.lods.len(), 1);
    assert_eq!(lm.texture_files[0], None);
    assert!(lm.model.warnings.iter().any(|w| w.contains("fdid 2001 not found")));

    // Through a listfile, relative to the data root.
    std::fs::create_dir_all(d.join("root/World/Stuff")).unwrap();
    std::fs::write(d.join("root/World/Stuff/box.blp"), blp()).unwrap();
    std::fs::write(d.join("listfile.csv"), "2001;world/stuff/BOX.blp\n9;x\n").unwrap();
    let opts = LoadOptions { data_root: Some(d.join("root")), listfile: Some(d.join("listfile.csv")), data: None };
    let lm = load_model_file(&d.join("model.m2"), &opts).unwrap();
    assert_eq!(lm.texture_files[0].as_deref(), Some(d.join("root/World/Stuff/box.blp").as_path()));

    // `<fdid>.blp` beside the model wins.
    std::fs::write(d.join("2001.blp"), blp()).unwrap();
    let lm = load_model_file(&d.join("model.m2"), &LoadOptions::default()).unwrap();
    assert_eq!(lm.texture_files[0].as_deref(), Some(d.join("2001.blp").as_path()));
}

#[test]
fn stored_paths_lod_skins_and_anims() {
    let d = dir("paths");
    // Walk's keys live in TwoBoxes0004-00.anim.
    let (md, anim) = fixtures::two_boxes_walk_in_anim();
    std::fs::create_dir_all(d.join("data/TEXTURES/boxes")).unwrap();
    std::fs::create_dir_all(d.join("data/models")).unwrap();
    let m = d.join("data/models/TwoBoxes.m2");
    std::fs::write(&m, write_md20(&md)).unwrap();
    std::fs::write(d.join("data/models/twoboxes00.SKIN"), write_skin(&fixtures::skin_profile(264), 264)).unwrap();
    std::fs::write(d.join("data/models/TwoBoxes_lod01.skin"), write_skin(&fixtures::skin_profile(264), 264)).unwrap();
    std::fs::write(d.join("data/models/TwoBoxes0004-00.anim"), anim).unwrap();
    // Stored as "Textures\Boxes\Box.blp": found by walking up, ignoring case.
    std::fs::write(d.join("data/TEXTURES/boxes/BOX.BLP"), blp()).unwrap();
    let mut lm = load_model_file(&m, &LoadOptions::default()).unwrap();
    assert_eq!(lm.model.lods.len(), 2, "profile 00 and _lod01");
    assert_eq!(lm.texture_files[0].as_deref(), Some(d.join("data/TEXTURES/boxes/BOX.BLP").as_path()));
    let kinds: Vec<CompanionKind> = lm.companions.iter().map(|c| c.kind).collect();
    assert_eq!(kinds, vec![CompanionKind::Skin, CompanionKind::LodSkin, CompanionKind::Anim, CompanionKind::Texture]);
    assert!(lm.companions.iter().all(|c| c.path.is_some()));
    // The .anim loads on demand.
    assert_eq!(lm.model.sequences[1].data, SequenceData::External { loaded: false });
    assert!(lm.load_anim(SequenceId(1)).unwrap());
    assert_eq!(lm.model.bones[1].translation.sequences[1].values[1], [0.0, 0.0, 2.0]);
    assert_eq!(lm.model.sequences[1].data, SequenceData::External { loaded: true });
    // Missing companions are listed, not fatal.
    std::fs::remove_file(d.join("data/models/TwoBoxes0004-00.anim")).unwrap();
    std::fs::remove_file(d.join("data/models/twoboxes00.SKIN")).unwrap();
    let lm = load_model_file(&m, &LoadOptions::default()).unwrap();
    assert!(lm.model.warnings.iter().any(|w| w.contains("TwoBoxes00.skin not found")));
    assert!(lm.model.warnings.iter().any(|w| w.contains("TwoBoxes0004-00.anim not found")));
    assert_eq!(lm.model.lods.len(), 1, "the LOD skin still loads");
}
