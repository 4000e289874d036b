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
    let listfile = m2view_data::Listfile::load(&d.join("listfile.csv")).unwrap();
    let opts =
        LoadOptions { data_root: Some(d.join("root")), listfile: Some(std::sync::Arc::new(listfile)), data: None };
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

#[test]
fn every_lod0_skin_name_exporters_write_is_found() {
    // `<model>00.skin` (the client, most exporters), `<model>.skin` (some wow.export
    // versions), and for chunked models `<fdid>.skin` beside the model.
    for (tag, md21, skin_name) in [
        ("md20-00", false, "Boxes00.skin"),
        ("md20-bare", false, "Boxes.skin"),
        ("md21-00", true, "Boxes00.skin"),
        ("md21-bare", true, "Boxes.skin"),
        ("md21-fdid", true, "1001.skin"),
    ] {
        let d = dir(tag);
        let (bytes, version) = if md21 {
            (write_md21(&fixtures::two_boxes_md21()), 274)
        } else {
            (write_md20(&fixtures::two_boxes(264)), 264)
        };
        std::fs::write(d.join("Boxes.m2"), bytes).unwrap();
        std::fs::write(d.join(skin_name), write_skin(&fixtures::skin_profile(version), version)).unwrap();
        let lm = load_model_file(&d.join("Boxes.m2"), &LoadOptions::default()).unwrap();
        assert!(lm.model.has_geometry(), "{tag}: {:?}", lm.model.warnings);
        assert!(!lm.model.warnings.iter().any(|w| w.contains("skin")), "{tag}: {:?}", lm.model.warnings);
    }
    // None of them: the model opens and says it has nothing to draw.
    let d = dir("no-skin");
    std::fs::write(d.join("Boxes.m2"), write_md20(&fixtures::two_boxes(264))).unwrap();
    let lm = load_model_file(&d.join("Boxes.m2"), &LoadOptions::default()).unwrap();
    assert!(!lm.model.has_geometry());
    let w = lm.model.warnings.iter().find(|w| w.starts_with("nothing to draw")).expect("said");
    assert_eq!(
        w,
        "nothing to draw: no skin profile was found (looked for Boxes00.skin or Boxes.skin beside the model)"
    );
}
