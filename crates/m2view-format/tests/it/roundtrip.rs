//! Writer → reader round trips for every layout, model conversion values
//! checked by hand, and hostile input (truncation, corrupt counts, random
//! byte flips) that must give errors naming structure and offset, never panics.

use m2view_format::fixtures::{self, GLOBAL_MS, STAND_MS, WALK_MS};
use m2view_format::raw::chunked::M2File;
use m2view_format::raw::m2::BoneRotation;
use m2view_format::raw::m2::Md20;
use m2view_format::raw::track::{M2Track, SequenceKeys, TrackKeys};
use m2view_format::reader::{ParseState, Reader};
use m2view_format::writer::{AnimWriter, write_md20, write_md21, write_skin};
use m2view_format::*;

const VERSIONS: [u32; 4] = [256, 260, 264, 272];

fn parse_md20(bytes: &[u8]) -> Result<Md20<'_>> {
    let state = ParseState::for_file_len(bytes.len());
    Md20::parse(&Reader::new(bytes, 0, &state))
}

fn model(version: u32) -> Model {
    let bytes = write_md20(&fixtures::two_boxes(version));
    let skin = write_skin(&fixtures::skin_profile(version), version);
    let skins: Vec<(&str, &[u8])> = if version >= 264 { vec![("TwoBoxes00.skin", &skin)] } else { vec![] };
    model_from_bytes(&bytes, "TwoBoxes.m2", &skins).unwrap()
}

#[test]
fn md20_round_trip_every_version() {
    for v in VERSIONS {
        let md = fixtures::two_boxes(v);
        let bytes = write_md20(&md);
        let back = parse_md20(&bytes).unwrap_or_else(|e| panic!("v{v}: {e}"));
        // (no Debug dump: the structures are large)
        assert!(back == md, "v{v} round trip differs");
        // Re-encoding the parsed data gives the same bytes.
        assert_eq!(write_md20(&back), bytes, "v{v} re-encode");
    }
}

#[test]
fn skin_round_trip() {
    for v in [264, 272] {
        let p = fixtures::skin_profile(v);
        let bytes = write_skin(&p, v);
        assert_eq!(parse_skin(&bytes, v, "x.skin").unwrap(), p);
    }
}

#[test]
fn md21_round_trip() {
    let f = fixtures::two_boxes_md21();
    let bytes = write_md21(&f);
    let back = parse_m2(&bytes, "TwoBoxes.m2").unwrap();
    assert_eq!(back.md20, f.md20);
    let (c, want) = (back.chunks.unwrap(), f.chunks.unwrap());
    assert_eq!(c.skin_file_ids, want.skin_file_ids);
    assert_eq!(c.texture_file_ids, want.texture_file_ids);
    assert_eq!(c.anim_file_ids, want.anim_file_ids);
    assert_eq!(c.unknown.len(), 1);
    assert_eq!(c.unknown[0].magic, *b"ZZZZ");
    assert_eq!(c.unknown[0].data, vec![1, 2, 3, 4]);
    assert_eq!(c.order, vec![*b"MD21", *b"SFID", *b"AFID", *b"TXID", *b"ZZZZ"]);
    assert_eq!(c.md21_offset, 8);

    let skin = write_skin(&fixtures::skin_profile(274), 274);
    let m = model_from_bytes(&bytes, "TwoBoxes.m2", &[("1001.skin", &skin)]).unwrap();
    assert_eq!(m.source.format, SourceFormat::Md21);
    assert_eq!(m.textures[0].source, TextureSource::FileDataId(2001));
    assert_eq!(m.textures[1].source, TextureSource::Replaceable);
    assert_eq!(m.source.unknown_chunks, vec!["ZZZZ".to_string()]);
}

#[test]
fn particle_models_by_file_data_id() {
    // GPID and RPID (8.1+): one FileDataID per particle emitter, replacing the names.
    let mut f = fixtures::two_boxes_md21();
    let c = f.chunks.as_mut().unwrap();
    (c.geometry_particle_models, c.recursive_particle_models) = (vec![4242], vec![4343]);
    let skin = write_skin(&fixtures::skin_profile(274), 274);
    let m = model_from_bytes(&write_md21(&f), "TwoBoxes.m2", &[("1001.skin", &skin)]).unwrap();
    let p = &m.particles[0];
    assert_eq!((p.geometry_model_fdid, p.recursion_model_fdid), (Some(4242), Some(4343)));
    // The aliased emitters are not drawn, and a warning says so.
    assert!(m.warnings.iter().any(|w| w.contains("emitters of FileDataID 4343 (recursion model): not drawn")));
}

#[test]
fn a_legion_skins_vertex_start_that_leaves_the_model_reads_as_zero() {
    // Legion+ reads the u32 after a skin's arrays as the profile's vertex start (the corpus
    // test measures it on a real _lod01); a converter that wrote a bone budget of 256 there
    // would put the two boxes' 48 vertices out of range: read from 0, with a warning.
    let f = fixtures::two_boxes_md21();
    let lod = |budget: u32| {
        let profile = m2view_format::raw::skin::SkinProfile { bone_count_max: budget, ..fixtures::skin_profile(274) };
        let skin = write_skin(&profile, 274);
        model_from_bytes(&write_md21(&f), "TwoBoxes.m2", &[("1001.skin", &skin)]).unwrap()
    };
    let (plain, budget) = (lod(0), lod(256));
    assert_eq!(budget.lods[0].indices, plain.lods[0].indices);
    assert!(budget.warnings.iter().any(|w| w.contains("vertex start 256") && w.contains("read from 0")));
    assert!(!plain.warnings.iter().any(|w| w.contains("vertex start")));
    // Before Legion the same field is the bone budget: no warning, the same triangles.
    let skin = write_skin(&fixtures::skin_profile(264), 264);
    let wrath = model_from_bytes(&write_md20(&fixtures::two_boxes(264)), "TwoBoxes.m2", &[("s", &skin)]).unwrap();
    assert_eq!((wrath.lods[0].bone_count_max, &wrath.lods[0].indices), (256, &plain.lods[0].indices));
    assert!(!wrath.warnings.iter().any(|w| w.contains("vertex start")));
}

#[test]
fn model_values_match_hand_computed() {
    for v in VERSIONS {
        let m = model(v);
        assert_eq!(m.vertices.len(), 48, "v{v}");
        assert_eq!(m.bones.len(), 2);
        assert_eq!(m.bones[1].parent, Some(BoneId(0)));
        assert_eq!(m.sequences.len(), 2);
        assert_eq!(m.sequences[0].duration_ms, STAND_MS);
        assert_eq!(m.sequences[1].duration_ms, WALK_MS);
        assert_eq!(m.find_sequence(4), Some(SequenceId(1)));
        assert_eq!(m.find_sequence(0), Some(SequenceId(0)));
        assert_eq!(m.find_sequence(5), None);
        assert_eq!(m.global_sequences, vec![GLOBAL_MS]);
        assert_eq!(m.lods[0].triangle_count(), 24);
        assert_eq!(m.lods[0].submeshes[1].geoset_id, 101);
        assert_eq!(m.lods[0].submeshes[1].index_start, 36);
        // The legacy timeline is cut into per-sequence lists starting at 0.
        let rot = &m.bones[1].rotation;
        assert_eq!(rot.sequences[0].times, vec![0, STAND_MS], "v{v}");
        assert_eq!(rot.sequences[1].times, vec![0], "v{v}");
        let q = rot.sequences[0].values[1];
        let s = std::f32::consts::FRAC_1_SQRT_2;
        for (a, b) in q.iter().zip([0.0, 0.0, s, s]) {
            assert!((a - b).abs() < 1e-4, "v{v}: {q:?}");
        }
        assert_eq!(rot.sequences[0].values[0], [0.0, 0.0, 0.0, 1.0]);
        // fixed16 alpha 0x3FFF ≈ 0.5
        let a = &m.colors[0].alpha.sequences[0].values;
        assert!((a[1] - 0.49998).abs() < 1e-4);
        // Global sequence track keeps its own clock.
        let tt = &m.texture_transforms[0].translation;
        assert_eq!(tt.global_sequence, Some(0));
        assert_eq!(tt.sequences[0].times, vec![0, GLOBAL_MS]);
        // Batch lookups resolved.
        let b = &m.lods[0].batches[1];
        assert_eq!(b.material, 1);
        assert_eq!(b.color, Some(0));
        assert_eq!(b.textures[0].texture, Some(TextureId(1)));
        assert_eq!(b.textures[0].transform, Some(0));
        assert_eq!(m.materials[1].blend, BlendMode::Alpha);
        assert_eq!(m.events[0].identifier, "$DTH");
        assert_eq!(m.events[0].times.sequences[0].times, vec![500]);
        assert_eq!(m.attachments[0].id, 11);
        assert_eq!(m.particles.len(), 1);
        assert_eq!(m.ribbons.len(), 1);
        assert_eq!(m.cameras[0].fov.sequences[0].values[0].value, 0.95);
        let g = m.particles[0].gravity.sequences[0].values[0];
        if v >= 264 {
            // compressed: x = y = 0, z = 200 → magnitude 200 * 0.04238648 straight up
            assert!((g[2] - 200.0 * 0.042_386_48).abs() < 1e-3, "{g:?}");
        } else {
            assert_eq!(g, [0.0, 0.0, -9.8]);
        }
    }
}

#[test]
fn multi_texture_particles_decode_their_parameters() {
    // Cata (v272) record: flag 0x10000000 packs three 5-bit texture ids, 0x40000000
    // picks the three-colour combiner; multiTextureParamX is fixed 2.5 and
    // multiTextureParam0/1 fixed 6.9 with a sign bit (values worked out by hand).
    let mut md = fixtures::two_boxes(272);
    let p = &mut md.particles[0];
    p.flags |= 0x1000_0000 | 0x4000_0000;
    p.texture = 1 | (1 << 10); // ids 1, 0, 1
    p.particle_type = [0x41, 0x20]; // 2 + 1/32, 1
    p.multi_texture_params = Some([512, 256, 0x8000 | 256, 0, 1024 + 128, 0, 0, 0x8000 | 1]);
    let bytes = write_md20(&md);
    let skin = write_skin(&fixtures::skin_profile(272), 272);
    let m = model_from_bytes(&bytes, "TwoBoxes.m2", &[("TwoBoxes00.skin", &skin)]).unwrap();
    let e = &m.particles[0];
    assert_eq!(e.textures, [Some(TextureId(1)), Some(TextureId(0)), Some(TextureId(1))]);
    let mt = e.multi_texture.expect("multi-texture parameters");
    assert!(mt.three_color);
    assert_eq!(mt.repeat, [2.03125, 1.0]);
    assert_eq!(mt.speed, [[1.0, 0.5], [-0.5, 0.0]]);
    assert_eq!(mt.speed_vary, [[2.25, 0.0], [0.0, -1.0 / 512.0]]);
    // Without the flag: one texture and no parameters.
    assert_eq!(model(272).particles[0].multi_texture, None);
}

#[test]
fn external_anim_keys_load_lazily() {
    for chunked in [false, true] {
        // Walk (sequence 1) keeps its keys in TwoBoxes0004-00.anim: every track
        // with keys for it must point into that file, so keep only the bone tracks.
        let mut md = fixtures::two_boxes_bones_only(264);
        md.sequences[1].flags = 0; // Walk's keys live in TwoBoxes0004-00.anim
        let mut aw = AnimWriter::default();
        let (t, v) = aw.keys(&[0u32, 250], &[[0.0f32, 0.0, 0.0], [0.0, 0.0, 3.0]]);
        if let TrackKeys::PerSequence(s) = &mut md.bones[1].translation.keys {
            s[1] = SequenceKeys::External { times: t, values: v };
        }
        let (t, v) = aw.keys(&[0u32], &[fixtures::comp_quat_z(0.5)]);
        if let BoneRotation::Compressed(M2Track { keys: TrackKeys::PerSequence(s), .. }) = &mut md.bones[1].rotation {
            s[1] = SequenceKeys::External { times: t, values: v };
        }
        let anim = aw.finish(chunked);
        let bytes = write_md20(&md);
        let skin = write_skin(&fixtures::skin_profile(264), 264);
        let skins = [("s".to_string(), m2view_format::parse_skin(&skin, 264, "s").unwrap())];
        let parts = || {
            let file = parse_m2(&bytes, "TwoBoxes.m2").unwrap();
            m2view_format::convert::m2_to_model_parts(&file, &skins).unwrap()
        };
        let (mut m, keys) = parts();
        // The model holds handles only; the key table knows where the keys are.
        assert_eq!(keys.len(), 2);
        assert!(m.bones[1].translation.sequences[1].external.is_some());
        assert_eq!(m.sequences[1].data, SequenceData::External { loaded: false });
        assert!(m.bones[1].translation.sequences[1].times.is_empty());
        let n = keys.load(&mut m, SequenceId(1), "TwoBoxes0004-00.anim", &anim).unwrap();
        assert_eq!(n, 2);
        assert_eq!(m.bones[1].translation.sequences[1].times, vec![0, 250]);
        assert_eq!(m.bones[1].translation.sequences[1].values[1], [0.0, 0.0, 3.0]);
        assert_eq!(m.sequences[1].data, SequenceData::External { loaded: true });
        // A truncated .anim is an error naming the file.
        assert!(m.bones[1].translation.sequences[1].external.is_none(), "loaded keys drop their handle");
        let (mut m2, keys) = parts();
        let e = keys.load(&mut m2, SequenceId(1), "bad.anim", &anim[..anim.len() - 4]).unwrap_err();
        assert!(e.to_string().starts_with("bad.anim: "), "{e}");
    }
    // An .anim key list whose values are fewer than its times is read to the
    // shorter, with a warning naming the .anim file and the offset.
    let mut md = fixtures::two_boxes_bones_only(264);
    md.sequences[1].flags = 0;
    let mut aw = AnimWriter::default();
    let (t, v) = aw.keys(&[0u32, 250], &[[0.0f32, 0.0, 0.0], [0.0, 0.0, 3.0]]);
    if let TrackKeys::PerSequence(s) = &mut md.bones[1].translation.keys {
        s[1] = SequenceKeys::External { times: t, values: m2view_format::reader::M2Array { count: 1, ..v } };
    }
    let (rt, rv) = aw.keys(&[0u32], &[fixtures::comp_quat_z(0.5)]);
    if let BoneRotation::Compressed(M2Track { keys: TrackKeys::PerSequence(s), .. }) = &mut md.bones[1].rotation {
        s[1] = SequenceKeys::External { times: rt, values: rv };
    }
    let anim = aw.finish(false);
    let skin = write_skin(&fixtures::skin_profile(264), 264);
    let skins = [("s".to_string(), m2view_format::parse_skin(&skin, 264, "s").unwrap())];
    let (mut m, keys) =
        m2view_format::convert::m2_to_model_parts(&parse_m2(&write_md20(&md), "T.m2").unwrap(), &skins).unwrap();
    keys.load(&mut m, SequenceId(1), "T0004-00.anim", &anim).unwrap();
    assert_eq!(m.bones[1].translation.sequences[1].times, vec![0]);
    let w =
        format!("T0004-00.anim: <root>: offset {:#x} 1 values for 2 timestamps: 1 read (the shorter count)", v.offset);
    assert_eq!(m.warnings, vec![w]);
}

#[test]
fn truncation_is_an_error_at_every_length() {
    for v in VERSIONS {
        let bytes = write_md20(&fixtures::two_boxes(v));
        for len in (0..bytes.len()).step_by(7) {
            assert!(parse_m2(&bytes[..len], "t.m2").is_err(), "v{v} len {len} parsed");
        }
    }
}

#[test]
fn corrupt_counts_name_structure_and_offset() {
    let md = fixtures::two_boxes(264);
    let mut bytes = write_md20(&md);
    // bones.count at 0x2C: absurd count
    bytes[0x2C..0x30].copy_from_slice(&0x4000_0000u32.to_le_bytes());
    let e = parse_m2(&bytes, "Corrupt.m2").unwrap_err();
    let s = e.to_string();
    assert!(s.starts_with("Corrupt.m2: bones: offset 0x"), "{s}");
    assert!(matches!(e.kind, ErrorKind::ArrayTooLarge { .. }));

    // A rotation timestamp list pointing past the end names the element.
    let mut bytes = write_md20(&md);
    let bones_ofs = u32::from_le_bytes(bytes[0x30..0x34].try_into().unwrap()) as usize;
    let rot = bones_ofs + 88 + 16 + 20; // bone 1, rotation track
    let outer = u32::from_le_bytes(bytes[rot + 8..rot + 12].try_into().unwrap()) as usize;
    bytes[outer + 4..outer + 8].copy_from_slice(&0x00FF_FFF0u32.to_le_bytes());
    let e = parse_m2(&bytes, "Corrupt.m2").unwrap_err();
    assert_eq!(e.path_string(), "bones[1].rotation.timestamps[0]");
    assert_eq!(e.offset, 0x00FF_FFF0);

    // Bad magic and version.
    assert!(parse_m2(b"XXXX\0\0\0\0", "m.m2").unwrap_err().to_string().contains("magic"));
    let mut bytes = write_md20(&md);
    bytes[4..8].copy_from_slice(&999u32.to_le_bytes());
    assert!(matches!(parse_m2(&bytes, "m.m2").unwrap_err().kind, ErrorKind::UnsupportedVersion(999)));
}

/// Per-sequence arrays of a track that disagree in count are read to the
/// shorter, with a warning naming the structure and the offset (the client
/// reads them: a real 3.3.5 `OgreMale.M2` has a texture weight with 1 value
/// list for 0 timestamp lists, see the corpus test); what cannot be read
/// safely stays an error.
#[test]
fn disagreeing_key_counts_are_read_to_the_shorter_with_a_warning() {
    let md = fixtures::two_boxes(264);
    let skin = write_skin(&fixtures::skin_profile(264), 264);
    let bones_ofs = |b: &[u8]| u32::from_le_bytes(b[0x30..0x34].try_into().unwrap()) as usize;
    let u32_at = |b: &[u8], o: usize| u32::from_le_bytes(b[o..o + 4].try_into().unwrap());
    // Bone 1's rotation: Stand has 2 keys, Walk 1. Its outer value array
    // claims 1 list for 2 timestamp lists: Walk's keys are not read.
    let mut bytes = write_md20(&md);
    let rot = bones_ofs(&bytes) + 88 + 16 + 20;
    bytes[rot + 12..rot + 16].copy_from_slice(&1u32.to_le_bytes());
    let values_at = u32_at(&bytes, rot + 16);
    let m = model_from_bytes(&bytes, "Outer.m2", &[("s", &skin)]).unwrap();
    assert_eq!(m.bones[1].rotation.sequences.len(), 1);
    assert_eq!(m.bones[1].rotation.sequences[0].times, vec![0, STAND_MS]);
    let w = format!(
        "Outer.m2: bones[1].rotation.values: offset {values_at:#x} 1 value lists for 2 timestamp lists: 1 read (the shorter count)"
    );
    assert_eq!(m.warnings, vec![w]);
    // Stand's timestamp list claims 1 key for its 2 values: 1 key is read.
    let mut bytes = write_md20(&md);
    let outer = u32_at(&bytes, rot + 8) as usize;
    bytes[outer..outer + 4].copy_from_slice(&1u32.to_le_bytes());
    let inner_values = u32_at(&bytes, u32_at(&bytes, rot + 16) as usize + 4);
    let m = model_from_bytes(&bytes, "Inner.m2", &[("s", &skin)]).unwrap();
    assert_eq!(m.bones[1].rotation.sequences[0].times, vec![0]);
    assert_eq!(m.bones[1].rotation.sequences[0].values.len(), 1);
    assert_eq!(m.bones[1].rotation.sequences[1].times, vec![0], "Walk is untouched");
    assert_eq!(
        m.warnings,
        vec![format!(
            "Inner.m2: bones[1].rotation.values[0]: offset {inner_values:#x} 2 value keys for 1 timestamp keys: 1 read (the shorter count)"
        )]
    );
    // In a chunked file the path starts at the MD21 chunk.
    let mut file = fixtures::two_boxes_md21();
    if let BoneRotation::Compressed(M2Track { keys: TrackKeys::PerSequence(s), .. }) = &mut file.md20.bones[1].rotation
        && let SequenceKeys::Loaded { times, .. } = &mut s[0]
    {
        times.to_mut().pop();
    }
    let m = m2_to_model(&parse_m2(&write_md21(&file), "T.m2").unwrap(), &[]).unwrap();
    assert!(m.warnings[0].starts_with("T.m2: MD21.bones[1].rotation.values[0]: offset "), "{:?}", m.warnings);
    // A list that runs past the end is still an error.
    let mut bytes = write_md20(&md);
    bytes[outer..outer + 4].copy_from_slice(&0x0100_0000u32.to_le_bytes());
    let e = model_from_bytes(&bytes, "Past.m2", &[("s", &skin)]).unwrap_err();
    assert_eq!(e.path_string(), "bones[1].rotation.timestamps[0]");
}

#[test]
fn inconsistent_references_are_errors() {
    // Bone parent out of range.
    let mut md = fixtures::two_boxes(264);
    md.bones[1].parent_bone = 7;
    let skin = write_skin(&fixtures::skin_profile(264), 264);
    let e = model_from_bytes(&write_md20(&md), "p.m2", &[("s", &skin)]).unwrap_err();
    assert_eq!(e.path_string(), "bones[1].parent_bone");
    // A cycle.
    let mut md = fixtures::two_boxes(264);
    md.bones[0].parent_bone = 1;
    let e = model_from_bytes(&write_md20(&md), "p.m2", &[("s", &skin)]).unwrap_err();
    assert!(e.to_string().contains("cycle"), "{e}");
    // A skin that does not belong to the model.
    let mut p = fixtures::skin_profile(264);
    p.vertices[5] = 900;
    let bad = write_skin(&p, 264);
    let e = model_from_bytes(&write_md20(&fixtures::two_boxes(264)), "p.m2", &[("p00.skin", &bad)]).unwrap_err();
    assert!(e.to_string().contains("does this skin belong to the model"), "{e}");
    assert_eq!(e.path_string(), "lods[0].vertices[5]");
}

#[test]
fn children_before_parents_are_reordered() {
    let mut md = fixtures::two_boxes(264);
    md.bones.swap(0, 1);
    md.bones[0].parent_bone = 1;
    md.bones[1].parent_bone = -1;
    for v in &mut md.vertices {
        v.bone_indices[0] = 1 - v.bone_indices[0];
    }
    let skin = write_skin(&fixtures::skin_profile(264), 264);
    let m = model_from_bytes(&write_md20(&md), "p.m2", &[("s", &skin)]).unwrap();
    assert_eq!(m.bones[0].file_index, 1);
    assert_eq!(m.bones[1].parent, Some(BoneId(0)));
    assert_eq!(m.vertices[0].bone_indices[0], 0);
    assert_eq!(m.vertices[30].bone_indices[0], 1);
}

#[test]
fn random_byte_flips_never_panic() {
    // Deterministic xorshift so failures reproduce.
    let mut s = 0x9E37_79B9u32;
    let mut rnd = move || {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        s
    };
    for v in VERSIONS {
        let base = write_md20(&fixtures::two_boxes(v));
        let skin = write_skin(&fixtures::skin_profile(v), v);
        for _ in 0..300 {
            let mut b = base.clone();
            for _ in 0..1 + rnd() % 8 {
                let i = rnd() as usize % b.len();
                b[i] = rnd() as u8;
            }
            // What still loads keeps every model invariant.
            if let Ok(m) = model_from_bytes(&b, "fuzz.m2", &[("s", &skin)]) {
                m.validate().unwrap_or_else(|e| panic!("flipped v{v} model: {e}"));
            }
            let mut sk = skin.clone();
            let i = rnd() as usize % sk.len();
            sk[i] = rnd() as u8;
            let _ = parse_skin(&sk, v, "fuzz.skin");
        }
    }
    let f = write_md21(&fixtures::two_boxes_md21());
    for _ in 0..300 {
        let mut b = f.clone();
        let i = rnd() as usize % b.len();
        b[i] = rnd() as u8;
        let _ = parse_m2(&b, "fuzz.m2").map(|x: M2File| x.md20.version);
    }
}

/// The keys of `t`'s first sequence: (times borrowed from the file, values borrowed).
fn borrowed<T: m2view_format::raw::track::RawValue>(t: &M2Track<'_, T>) -> (bool, bool) {
    use std::borrow::Cow::Borrowed;
    match &t.keys {
        TrackKeys::PerSequence(s) => match &s[0] {
            SequenceKeys::Loaded { times, values } => (matches!(times, Borrowed(_)), matches!(values, Borrowed(_))),
            SequenceKeys::External { .. } => panic!("external keys"),
        },
        TrackKeys::Timeline { times, values, .. } => (matches!(times, Borrowed(_)), matches!(values, Borrowed(_))),
    }
}

#[test]
fn keys_are_read_in_place_when_aligned_and_copied_otherwise() {
    for v in VERSIONS {
        let bytes = write_md20(&fixtures::two_boxes(v));
        // The same file one byte into a buffer: every 4-byte array misaligned.
        let shifted = fixtures::Misaligned::new(&bytes);
        let (aligned, unaligned) = (parse_m2(&bytes, "t.m2").unwrap(), parse_m2(shifted.bytes(), "t.m2").unwrap());
        let translation = |f: &M2File<'_>| borrowed(&f.md20.bones[1].translation);
        assert_eq!(translation(&aligned), (true, true), "v{v}: aligned keys are read in place");
        assert_eq!(translation(&unaligned), (false, false), "v{v}: misaligned keys are decoded");
        assert!(aligned.md20 == unaligned.md20, "v{v}: both reads give the same values");
        let skin = write_skin(&fixtures::skin_profile(v), v);
        let skins = if v >= 264 { vec![("s".to_string(), parse_skin(&skin, v, "s").unwrap())] } else { vec![] };
        assert!(m2_to_model(&aligned, &skins).unwrap() == m2_to_model(&unaligned, &skins).unwrap(), "v{v}");
    }
}
