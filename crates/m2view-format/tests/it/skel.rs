//! Legion+ skeleton files: a chunked model whose bones, sequences and
//! attachments live in `.skel` files (`SKID`, parents through `SKPD`), keys
//! in the `AFSB` chunk of `.anim` files, and `.bone` files (`BFID`).
//!
//! No public `.skel` or `.bone` file exists (the few in public repositories
//! are Git LFS pointers), so every file here is written by this project's
//! writer in the layout of the wowdev wiki pages "M2/.skel" and "BONE".

use std::path::{Path, PathBuf};

use m2view_format::fixtures::{self, SKEL_FDID};
use m2view_format::raw::bone::BoneFile;
use m2view_format::raw::chunked::{AnimFileId, M2File};
use m2view_format::raw::skel::Skel;
use m2view_format::raw::{SequenceKeys, TrackKeys};
use m2view_format::writer::{AnimWriter, write_bone, write_md21, write_skel, write_skin};
use m2view_format::{BoneId, CompanionKind, LoadOptions, LoadedModel, SequenceData, SequenceId, load_model_file};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-skel-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("1001.skin"), write_skin(&fixtures::skin_profile(274), 274)).unwrap();
    std::fs::write(d.join("2001.blp"), m2view_format::blp::write_blp2_raw(2, 2, &[vec![255; 16]])).unwrap();
    d
}

fn load(path: &Path) -> LoadedModel {
    load_model_file(path, &LoadOptions::default()).unwrap()
}

/// The inline two-box model beside `d`, loaded: what a `.skel` model must equal.
fn inline(d: &Path) -> LoadedModel {
    std::fs::write(d.join("inline.m2"), write_md21(&fixtures::two_boxes_md21())).unwrap();
    load(&d.join("inline.m2"))
}

fn assert_same_skeleton(skel: &LoadedModel, inline: &LoadedModel) {
    let (a, b) = (&skel.model, &inline.model);
    assert_eq!(a.bones, b.bones);
    assert_eq!(a.sequences, b.sequences);
    assert_eq!(a.global_sequences, b.global_sequences);
    assert_eq!(a.attachments, b.attachments);
    assert_eq!(a.vertices, b.vertices, "the same bone references");
    assert_eq!(a.bones.len(), 2);
}

#[test]
fn a_model_takes_bones_sequences_and_attachments_from_its_skel() {
    let d = dir("one");
    let (model, skel) = fixtures::two_boxes_skel();
    std::fs::write(d.join("skel.m2"), write_md21(&model)).unwrap();
    std::fs::write(d.join(format!("{SKEL_FDID}.skel")), write_skel(&skel)).unwrap();
    let lm = load(&d.join("skel.m2"));
    assert_same_skeleton(&lm, &inline(&d));
    let c = lm.companions.iter().find(|c| c.kind == CompanionKind::Skeleton).unwrap();
    assert_eq!((c.wanted.as_str(), c.path.as_deref()), ("fdid 3001", Some(d.join("3001.skel").as_path())));
    assert!(lm.model.warnings.is_empty(), "{:?}", lm.model.warnings);

    // wow.export writes the skeleton beside the model as `<model>.skel`.
    std::fs::rename(d.join("3001.skel"), d.join("skel.skel")).unwrap();
    assert_same_skeleton(&load(&d.join("skel.m2")), &inline(&d));
}

#[test]
fn a_skeleton_inherits_from_its_parent_skeletons() {
    let d = dir("chain");
    let (mut model, full) = fixtures::two_boxes_skel();
    // The model's skeleton 3003 holds the bones; its parent 3002 nothing
    // but a name and its own parent; 3001 the sequences and attachments.
    // 3003's bone tracks follow the sequences it inherits from 3001.
    model.chunks.as_mut().unwrap().skeleton_file_id = Some(3003);
    let root = Skel { name: "root".into(), bones: None, ..full.clone() };
    let middle = Skel { name: "middle".into(), parent: Some(SKEL_FDID), ..Default::default() };
    let leaf = Skel { name: "leaf".into(), bones: full.bones.clone(), parent: Some(3002), ..Default::default() };
    std::fs::write(d.join("skel.m2"), write_md21(&model)).unwrap();
    for (id, s) in [(3001, &root), (3002, &middle), (3003, &leaf)] {
        std::fs::write(d.join(format!("{id}.skel")), write_skel(s)).unwrap();
    }
    let lm = load(&d.join("skel.m2"));
    assert_same_skeleton(&lm, &inline(&d));
    let chain: Vec<&str> =
        lm.companions.iter().filter(|c| c.kind == CompanionKind::Skeleton).map(|c| c.wanted.as_str()).collect();
    assert_eq!(chain, ["fdid 3003", "fdid 3002", "fdid 3001"]);

    // A chain that loops stops with a warning, keeping what it read.
    let looped = Skel { parent: Some(3003), ..root };
    std::fs::write(d.join("3001.skel"), write_skel(&looped)).unwrap();
    let lm = load(&d.join("skel.m2"));
    assert!(
        lm.model.warnings.iter().any(|w| w.contains("fdid 3003") && w.contains("loops")),
        "{:?}",
        lm.model.warnings
    );
    assert_same_skeleton(&lm, &inline(&d));
}

/// The model with Walk's keys external: the skeleton's `AFID` names the
/// `.anim` file, whose `AFSB` chunk holds bone 1's Walk translation (0 → 2
/// units up at 100 ms) and whose `AFM2` chunk the model's own (none).
#[test]
fn skeleton_bone_keys_come_from_the_afsb_chunk_of_anim_files() {
    let d = dir("afsb");
    let mut md = fixtures::two_boxes_bones_only(274);
    md.textures[0].filename.clear();
    let mut model = M2File { md20: md, ..fixtures::two_boxes_md21() };
    let (_, mut skel) = fixtures::two_boxes_skel();
    let seqs = skel.sequences.as_mut().unwrap();
    seqs.sequences[1].flags = 0;
    let (bones, _) = skel.bones.as_mut().unwrap();
    let mut afsb = AnimWriter::default();
    let (t, v) = afsb.keys(&[0u32, 100], &[[0.0f32; 3], [0.0, 0.0, 2.0]]);
    for (i, b) in bones.iter_mut().enumerate() {
        if let TrackKeys::PerSequence(s) = &mut b.translation.keys
            && let Some(k) = s.get_mut(1)
        {
            *k = match i {
                1 => SequenceKeys::External { times: t, values: v },
                _ => SequenceKeys::Loaded { times: Vec::new().into(), values: Vec::new().into() },
            };
        }
        if let m2view_format::raw::m2::BoneRotation::Compressed(r) = &mut b.rotation
            && let TrackKeys::PerSequence(s) = &mut r.keys
            && let Some(k) = s.get_mut(1)
        {
            *k = SequenceKeys::Loaded { times: Vec::new().into(), values: Vec::new().into() };
        }
    }
    skel.anim_file_ids = vec![AnimFileId { anim_id: 4, sub_anim_id: 0, file_id: 4001 }];
    skel.attachments = None;
    {
        let md = &mut model.md20;
        (md.bones, md.sequences, md.global_loops, md.sequence_lookup) = Default::default();
        let c = model.chunks.as_mut().unwrap();
        c.skeleton_file_id = Some(SKEL_FDID);
        c.anim_file_ids.clear();
    }
    std::fs::write(d.join("skel.m2"), write_md21(&model)).unwrap();
    std::fs::write(d.join("3001.skel"), write_skel(&skel)).unwrap();
    let anim = [AnimWriter::default().finish_chunk(b"AFM2"), afsb.finish_chunk(b"AFSB")].concat();
    std::fs::write(d.join("4001.anim"), anim).unwrap();

    let mut lm = load(&d.join("skel.m2"));
    assert_eq!(lm.anim_files[1].as_deref(), Some(d.join("4001.anim").as_path()));
    assert_eq!(lm.model.sequences[1].data, SequenceData::External { loaded: false });
    assert!(lm.load_anim(SequenceId(1)).unwrap());
    assert_eq!(lm.model.bones[1].translation.sequences[1].times, [0, 100]);
    assert_eq!(lm.model.bones[1].translation.sequences[1].values[1], [0.0, 0.0, 2.0]);
}

#[test]
fn a_missing_skeleton_is_a_warning_and_the_model_draws_in_bind_pose() {
    let d = dir("missing");
    let (model, _) = fixtures::two_boxes_skel();
    std::fs::write(d.join("skel.m2"), write_md21(&model)).unwrap();
    let lm = load(&d.join("skel.m2"));
    assert!(
        lm.model.warnings.iter().any(|w| w.contains("fdid 3001 (.skel), not found: the model draws in bind pose")),
        "{:?}",
        lm.model.warnings
    );
    assert!(lm.model.bones.is_empty());
    assert!(lm.model.has_geometry());
    assert!(lm.model.vertices.iter().all(|v| v.bone_weights == [0; 4]), "unskinned: drawn where the file puts them");
    let inline = inline(&d);
    let pos = |m: &LoadedModel| m.model.vertices.iter().map(|v| v.position).collect::<Vec<_>>();
    assert_eq!(pos(&lm), pos(&inline));
}

#[test]
fn a_broken_skeleton_is_an_error_naming_the_file_and_chunk() {
    let d = dir("broken");
    let (model, skel) = fixtures::two_boxes_skel();
    std::fs::write(d.join("skel.m2"), write_md21(&model)).unwrap();
    let bytes = write_skel(&skel);
    // SKB1's bone records past its end: its header claims more than it holds.
    let at = bytes.windows(4).position(|w| w == b"SKB1").unwrap();
    let mut bad = bytes.clone();
    bad[at + 8..at + 12].copy_from_slice(&1000u32.to_le_bytes());
    std::fs::write(d.join("3001.skel"), &bad).unwrap();
    let e = load_model_file(&d.join("skel.m2"), &LoadOptions::default()).unwrap_err().to_string();
    assert!(e.contains("3001.skel") && e.contains("SKB1") && e.contains("bones"), "{e}");
    // A chunk running past the file.
    std::fs::write(d.join("3001.skel"), &bytes[..at + 20]).unwrap();
    let e = load_model_file(&d.join("skel.m2"), &LoadOptions::default()).unwrap_err().to_string();
    assert!(e.contains("3001.skel"), "{e}");
}

#[test]
fn bone_files_give_offsets_per_face_pose_variant() {
    let d = dir("bone");
    let mut model = fixtures::two_boxes_md21();
    model.chunks.as_mut().unwrap().bone_file_ids = vec![5000, 5001];
    std::fs::write(d.join("m.m2"), write_md21(&model)).unwrap();
    let m = std::array::from_fn(|k| if k % 5 == 0 { 1.0 } else { 0.0 } + if k == 14 { 0.25 } else { 0.0 });
    std::fs::write(d.join("5001.bone"), write_bone(&BoneFile { bones: vec![(1, m)] })).unwrap();
    let lm = load(&d.join("m.m2"));
    assert_eq!(lm.model.bone_sets.len(), 1);
    let set = &lm.model.bone_sets[0];
    assert_eq!((set.variant, set.bones.as_slice()), (Some(1), &[(BoneId(1), m)][..]));
    assert!(lm.model.warnings.iter().any(|w| w.contains("bone file fdid 5000 (FacePose variant 0) not found")));

    // BIDA and BOMT that disagree.
    let mut bad = write_bone(&BoneFile { bones: vec![(1, m)] });
    bad.truncate(bad.len() - 4);
    std::fs::write(d.join("5001.bone"), &bad).unwrap();
    let e = load_model_file(&d.join("m.m2"), &LoadOptions::default()).unwrap_err().to_string();
    assert!(e.contains("5001.bone"), "{e}");
}
