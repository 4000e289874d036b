//! MDX: writer → reader round trips for Warcraft III v800 and WoW v1300,
//! conversion values checked by hand against the fixture, and hostile input
//! (truncation, oversized chunks and counts, byte flips) that must give
//! errors naming chunk and offset, never panics.

use m2view_format::fixtures::mdx_box;
use m2view_format::raw::mdx::parse_mdx;
use m2view_format::writer_mdx::write_mdx;
use m2view_format::*;

const VERSIONS: [u32; 4] = [800, 1300, 1400, 1500];

fn model(version: u32) -> Model {
    mdx_model_from_bytes(&write_mdx(&mdx_box(version)), "Box.mdx").unwrap()
}

#[test]
fn round_trip_every_layout() {
    for v in VERSIONS {
        let f = mdx_box(v);
        let bytes = write_mdx(&f);
        let mut back = parse_mdx(&bytes, "Box.mdx").unwrap_or_else(|e| panic!("v{v}: {e}"));
        assert!(back.unknown.is_empty(), "v{v}: {:?}", back.unknown);
        back.chunk_order.clear();
        assert_eq!(back, f, "v{v}");
        assert_eq!(write_mdx(&back), bytes, "v{v} re-encode");
    }
}

#[test]
fn model_values_match_hand_computed() {
    for v in VERSIONS {
        let m = model(v);
        assert_eq!(m.source.format, SourceFormat::Mdx);
        assert_eq!(m.source.version, v);
        // Sequences: names, standard ids, durations from the intervals.
        let names: Vec<String> = (0..2).map(|i| m.sequence_name(SequenceId(i))).collect();
        assert_eq!(names, ["Stand", "Death"]);
        assert_eq!((m.sequences[0].anim_id, m.sequences[1].anim_id), (0, 1));
        assert_eq!((m.sequences[0].duration_ms, m.sequences[1].duration_ms), (1000, 1000));
        // Every node is a bone, parents first; Root has no parent.
        let nodes = 9;
        assert_eq!(m.bones.len(), nodes, "v{v}");
        for (i, b) in m.bones.iter().enumerate() {
            assert!(b.parent.is_none_or(|p| p.index() < i), "v{v} bone {i} before its parent");
        }
        let bone = |name: &str| m.bones.iter().position(|b| b.name == name).unwrap() as u16;
        let (root, lid) = (bone("Root"), bone("Lid"));
        assert_eq!(m.bones[lid as usize].parent, Some(BoneId(root)));
        assert_eq!(m.bones[lid as usize].pivot, [0.0, 0.0, 2.0]);
        // Lid rotation: keys at 0 and 1000 in Stand, none in Death (default).
        let rot = &m.bones[lid as usize].rotation;
        assert_eq!(rot.sequences[0].times, [0, 1000]);
        assert!((rot.sequences[0].values[1][2] - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-5);
        assert!(rot.sequences[1].times.is_empty());
        assert_eq!(m.bones[lid as usize].translation.sequences[1].times, [0, 1000]);
        // Geometry: 8 vertices, 12 triangles; the top shares Root and Lid equally.
        assert_eq!(m.vertices.len(), 8);
        assert_eq!(m.triangle_count(0), 12);
        assert_eq!(m.vertices[0].bone_weights, [255, 0, 0, 0]);
        assert_eq!(m.vertices[0].bone_indices[0], root);
        assert_eq!(m.vertices[4].bone_weights, [128, 127, 0, 0]);
        assert_eq!(m.vertices[4].bone_indices[..2], [root, lid]);
        // One batch per layer, blend modes and flags mapped: Additive is `SrcAlpha, One`
        // (M2 Add) in Warcraft III, `One, One` (M2 NoAlphaAdd) in WoW's alpha MDX;
        // alpha keys at 0.75 in Warcraft III, 128/255 in WoW.
        let lod = &m.lods[0];
        assert_eq!(lod.batches.len(), 2);
        let (additive, alpha_ref) = if v >= 1300 { (BlendMode::NoAlphaAdd, 128) } else { (BlendMode::Add, 191) };
        assert_eq!(m.materials[0], Material { flags: MaterialFlags::empty(), blend: BlendMode::Opaque, alpha_ref });
        assert_eq!(
            m.materials[1],
            Material { flags: MaterialFlags::UNLIT | MaterialFlags::TWO_SIDED, blend: additive, alpha_ref }
        );
        assert_eq!(lod.batches[0].textures[0].transform, Some(0));
        assert_eq!(lod.batches[1].textures[0].transform, None);
        assert_eq!(lod.batches[1].color, Some(0));
        // Layer alpha cut per sequence: Stand 1 → 0, Death 0.25 at its start.
        let w = &m.texture_weights[1];
        assert_eq!((w.sequences[0].times.clone(), w.sequences[0].values.clone()), (vec![0, 1000], vec![1.0, 0.0]));
        assert_eq!((w.sequences[1].times.clone(), w.sequences[1].values.clone()), (vec![0], vec![0.25]));
        // Geoset animation: colour stored b, g, r; alpha fades in Death.
        assert_eq!(m.colors[0].color.sequences[0].values, [[0.0, 0.5, 1.0]]);
        assert_eq!(m.colors[0].alpha.sequences[1].times, [0, 500]);
        // The texture animation runs on global sequence 0 with its own clock.
        assert_eq!(m.texture_transforms[0].translation.global_sequence, Some(0));
        assert_eq!(m.global_sequences, [500]);
        // Textures: a path and a replaceable id.
        assert_eq!(m.textures[0].source, TextureSource::Path("Textures\\Box.blp".into()));
        assert!(m.textures[0].wrap_u && m.textures[0].wrap_v);
        assert_eq!((m.textures[1].source.clone(), m.textures[1].kind), (TextureSource::Replaceable, 1));
        // Attachment, event, light and camera follow their nodes.
        assert_eq!(m.attachment_label(0).as_deref(), Some("Origin Ref"));
        assert_eq!(m.attachments[0].animate.sequences[1].values, [0]);
        assert_eq!(m.events[0].identifier, "SNDxDEAT");
        assert_eq!(m.events[0].times.sequences[1].times, [100]);
        assert!(m.events[0].times.sequences[0].times.is_empty());
        assert_eq!(m.lights[0].position, [0.0, 0.0, 1.0]);
        assert_eq!(m.cameras[0].position_base, [4.0, 0.0, 1.0]);
        assert_eq!(
            m.shapes,
            [HitShape {
                bone: Some(BoneId(bone("Collision"))),
                kind: ShapeKind::Sphere { center: [0.0, 0.0, 1.0], radius: 1.5 }
            }]
        );
        let r = &m.ribbons[0];
        assert_eq!((r.bone, r.position, r.edges_per_second), (Some(BoneId(bone("Trail"))), [1.0, 0.0, 2.0], 20.0));
        assert_eq!(r.alpha.sequences[0].values, [1.0, 0.5]);
        // Colour: r, g, b as stored in v800; b, g, r (C3Color) in WoW.
        let want = if v == 800 { [1.0, 0.5, 0.0] } else { [0.0, 0.5, 1.0] };
        assert_eq!(r.color.sequences[0].values, [want]);
        let p = &m.particles[0];
        assert_eq!(p.blend, BlendMode::Add);
        assert_eq!(p.bone, Some(BoneId(bone("Sparks"))));
        assert_eq!(p.alpha.values, [1.0, 128.0 / 255.0, 0.0]);
        assert_eq!(p.emission_rate.sequences[0].values, [20.0]);
        // Warcraft III latitude is in degrees; WoW's (as M2) in radians.
        let lat = p.vertical_range.sequences[0].values[0];
        assert_eq!(lat, if v == 800 { 0.3f32.to_radians() } else { 0.3 });
        if v == 800 {
            assert_eq!(p.emitter_type, EmitterType::Plane);
        } else {
            assert_eq!((p.emitter_type, p.drag, p.spline_points.len()), (EmitterType::Sphere, 0.5, 2));
            assert_eq!(m.collision.indices, [0, 1, 2, 0, 2, 3]);
        }
    }
}

#[test]
fn truncation_is_an_error_at_every_length() {
    for v in [800, 1300, 1500] {
        let bytes = write_mdx(&mdx_box(v));
        // A cut between chunks leaves a shorter valid file; any other cut is an error.
        let mut ends = Vec::new();
        let mut p = 4;
        while p + 8 <= bytes.len() {
            p += 8 + u32::from_le_bytes(bytes[p + 4..p + 8].try_into().unwrap()) as usize;
            ends.push(p);
        }
        for n in 0..bytes.len() {
            match mdx_model_from_bytes(&bytes[..n], "cut.mdx") {
                Err(e) => assert!(e.to_string().starts_with("cut.mdx: "), "{e}"),
                Ok(_) => assert!(ends.contains(&n), "v{v}: cut at {n} inside a chunk parsed"),
            }
        }
    }
}

#[test]
fn oversized_chunks_and_counts_name_chunk_and_offset() {
    let bytes = write_mdx(&mdx_box(1300));
    let find = |tag: &[u8; 4]| bytes.windows(4).position(|w| w == tag).unwrap();
    // A chunk size past the end of the file.
    let mut b = bytes.clone();
    let at = find(b"GEOS");
    b[at + 4..at + 8].copy_from_slice(&u32::MAX.to_le_bytes());
    let e = parse_mdx(&b, "big.mdx").unwrap_err();
    assert_eq!(e.offset, at as u64);
    assert!(e.to_string().contains("chunk GEOS of 4294967295 bytes runs past the end"), "{e}");
    // A vertex count that cannot fit: an error, not a huge allocation.
    let mut b = bytes.clone();
    let at = find(b"VRTX");
    b[at + 4..at + 8].copy_from_slice(&0x4000_0000u32.to_le_bytes());
    let e = parse_mdx(&b, "big.mdx").unwrap_err();
    assert_eq!(e.path_string(), "GEOS.geosets[0].VRTX");
    assert_eq!(e.offset, at as u64 + 8);
    // A WoW UVAS count with no vertices to bound it: an error, not a long loop.
    let mut f = mdx_box(1300);
    f.geosets[0].positions.clear();
    f.geosets[0].uv_sets = vec![Vec::new()];
    let mut b = write_mdx(&f);
    let at = b.windows(4).position(|w| w == b"UVAS").unwrap();
    b[at + 4..at + 8].copy_from_slice(&u32::MAX.to_le_bytes());
    let e = parse_mdx(&b, "uv.mdx").unwrap_err();
    assert!(e.to_string().contains("UVAS declares 4294967295 UV sets"), "{e}");
    // Versions this crate does not read (Reforged v1100/v1200: tests/it/reforged_versions.rs).
    for v in [1600u32, 1800, 700] {
        let mut b = bytes.clone();
        b[12..16].copy_from_slice(&v.to_le_bytes());
        assert_eq!(parse_mdx(&b, "x.mdx").unwrap_err().kind, ErrorKind::UnsupportedVersion(v));
    }
}

#[test]
fn bad_references_are_errors() {
    let mut f = mdx_box(800);
    f.geosets[0].indices[5] = 99;
    let e = mdx_model_from_bytes(&write_mdx(&f), "x.mdx").unwrap_err();
    assert_eq!(e.path_string(), "geosets[0].PVTX[5]");
    let mut f = mdx_box(800);
    f.geosets[0].vertex_groups[0] = 7;
    let e = mdx_model_from_bytes(&write_mdx(&f), "x.mdx").unwrap_err();
    assert_eq!(e.path_string(), "geosets[0].GNDX[0]");
    // A duplicated object id: a warning, and references go to the first owner.
    let mut f = mdx_box(800);
    f.helpers[0].object_id = 1; // same id as Lid
    let m = mdx_model_from_bytes(&write_mdx(&f), "x.mdx").unwrap();
    assert!(m.warnings.iter().any(|w| w.contains("object id 1 used twice (Helper)")), "{:?}", m.warnings);
    let lid = m.bones.iter().position(|b| b.name == "Lid").unwrap();
    assert_eq!(m.vertices[4].bone_indices[1] as usize, lid);
    let mut f = mdx_box(800);
    f.bones[0].parent = Some(1); // Root <-> Lid cycle
    let e = mdx_model_from_bytes(&write_mdx(&f), "x.mdx").unwrap_err();
    assert!(e.to_string().contains("cycle"), "{e}");
}

#[test]
fn random_byte_flips_never_panic() {
    let mut s = 0x2545_F491u32;
    let mut rnd = move || {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        s
    };
    for v in [800, 1300, 1500] {
        let base = write_mdx(&mdx_box(v));
        for _ in 0..500 {
            let mut b = base.clone();
            for _ in 0..1 + rnd() % 8 {
                let i = rnd() as usize % b.len();
                b[i] = rnd() as u8;
            }
            if let Ok(m) = mdx_model_from_bytes(&b, "fuzz.mdx") {
                m.validate().unwrap_or_else(|e| panic!("flipped v{v} model: {e}"));
            }
        }
    }
}

/// `bytes` with a chunk `tag` of `body` appended.
fn with_chunk(mut bytes: Vec<u8>, tag: &[u8; 4], body: &[u8], size: u32) -> Vec<u8> {
    bytes.extend_from_slice(tag);
    bytes.extend_from_slice(&size.to_le_bytes());
    bytes.extend_from_slice(body);
    bytes
}

#[test]
fn empty_chunks_are_no_warning_and_bad_tags_print_in_hex() {
    let bytes = write_mdx(&mdx_box(800));
    // An empty PREM chunk (real models carry them) holds nothing to decode: no warning.
    let m = mdx_model_from_bytes(&with_chunk(bytes.clone(), b"PREM", &[], 0), "Box.mdx").unwrap();
    assert!(m.warnings.iter().all(|w| !w.contains("PREM")), "{:?}", m.warnings);
    assert!(m.source.unknown_chunks.is_empty());
    // An unknown chunk with content is still kept raw and said so.
    let m = mdx_model_from_bytes(&with_chunk(bytes.clone(), b"FAFX", &[0; 8], 8), "Box.mdx").unwrap();
    assert!(m.warnings.iter().any(|w| w.contains("chunk FAFX kept raw")), "{:?}", m.warnings);
    // A tag of control bytes running past the end: named in hex, no raw bytes in the message.
    let e = mdx_model_from_bytes(&with_chunk(bytes, b"L\0\0\0", &[1, 2], 64), "Box.mdx").unwrap_err().to_string();
    assert!(e.contains("chunk 0x4C000000 of 64 bytes runs past the end of the file"), "{e}");
    assert!(!e.chars().any(|c| c.is_control()), "{e:?}");
}

/// The Reforged model kept beside the sample corpus (`../shared/reforged`).
fn reforged_blob() -> Option<std::path::PathBuf> {
    let dir = m2view_format::fixtures::samples_dir()?.parent()?.join("reforged");
    Some(dir.join("TaylorMouse_warcraft_III_reforged_tools/Documentation/Tutorial/Resources/blob.mdx"))
}

#[test]
fn reforged_v1000_reads_shaders_hd_layers_lods_tangents_and_skin() {
    let Some(path) = reforged_blob() else { return };
    let bytes = std::fs::read(&path).unwrap();
    let f = parse_mdx(&bytes, "blob.mdx").unwrap();
    assert_eq!(f.version, 1000);
    // The body's HD material (six layers: diffuse, normal, ORM, emissive, team colour,
    // reflections) and the ribbon's SD one.
    let shaders: Vec<&str> = f.materials.iter().map(|m| m.shader.as_str()).collect();
    assert_eq!(shaders, ["Shader_HD_DefaultUnit", ""]);
    assert_eq!(f.materials[0].layers.len(), 6);
    assert!(f.materials[0].layers.iter().all(|l| l.reforged.is_some()));
    let g = &f.geosets[0];
    assert_eq!((g.lod.0, g.lod.1.as_str(), g.positions.len()), (0, "Blob", 1802));
    assert_eq!((g.tangents.len(), g.bone_indices.len()), (1802, 1802));
    // SKIN weights are M2-style: every vertex's four sum to 255.
    assert!(g.bone_weights.iter().all(|w| w.iter().map(|&x| x as u32).sum::<u32>() == 255));
    let m = mdx_model_from_bytes(&bytes, "blob.mdx").unwrap();
    // 14 nodes: 5 bones, a light, 3 attachments, the popcorn emitter (CORN), a ribbon, 2 events, a shape.
    assert_eq!((m.vertices.len(), m.bones.len(), f.popcorns.len()), (1802, 14, 1));
    // The HD material is one draw of its slots, not six passes: diffuse, normal, ORM, emissive,
    // team colour, reflections (textures 0–5).
    assert_eq!(m.lods[0].batches.len(), 1);
    let stages: Vec<Option<u16>> = m.lods[0].batches[0].textures.iter().map(|t| t.texture.map(|t| t.0)).collect();
    assert_eq!(stages, [Some(0), Some(1), Some(2), Some(3), Some(4), Some(5)]);
    assert_eq!(m.lods[0].batches[0].shader_id, m2view_format::MDX_HD_SHADER);
}

#[test]
fn reforged_bind_poses_and_face_effects_are_read() {
    let Some(path) = reforged_blob() else { return };
    let mut bytes = std::fs::read(&path).unwrap();
    // blob's BPOS: a matrix per node (14), each node's rest frame: a rotation (its three
    // columns of unit length), then a translation that is the node's pivot.
    let f = parse_mdx(&bytes, "blob.mdx").unwrap();
    assert_eq!(f.bind_poses.len(), 14);
    for (m, pivot) in f.bind_poses.iter().zip(&f.pivots) {
        assert_eq!(&m[9..], pivot);
        for c in m[..9].chunks(3) {
            assert!((c.iter().map(|v| v * v).sum::<f32>() - 1.0).abs() < 1e-5, "{m:?}");
        }
    }
    // No public model has a FAFX chunk: one written here in its layout (Hive Workshop MDX
    // specification, mdx-m3-viewer `FaceEffect`: an 80-byte target, a 260-byte path).
    let mut fafx = vec![0u8; 340];
    let path = b"Units\\Blob\\Blob.facefx";
    fafx[..4].copy_from_slice(b"Blob");
    fafx[80..80 + path.len()].copy_from_slice(path);
    bytes.extend(b"FAFX");
    bytes.extend(340u32.to_le_bytes());
    bytes.extend(&fafx);
    let f = parse_mdx(&bytes, "blob.mdx").unwrap();
    let e = &f.face_effects[0];
    assert_eq!((e.target.as_str(), e.path.as_str()), ("Blob", "Units\\Blob\\Blob.facefx"));
    let m = mdx_model_from_bytes(&bytes, "blob.mdx").unwrap();
    assert!(!m.warnings.iter().any(|w| w.contains("FAFX") || w.contains("BPOS")), "{:?}", m.warnings);
}

#[test]
fn prem_emitters_are_read() {
    // One v1 particle emitter written here in the MDX layout (Hive Workshop spec; mdx-m3-viewer
    // `particleemitter.ts`): node "Spawner" (object id 40, no parent, flag 0x8000 "uses MDL"),
    // rate 5, gravity 1, longitude 0.5, latitude 0.25, a frog model, lifespan 2, speed 3.
    let mut bytes = write_mdx(&mdx_box(800));
    bytes.extend(m2view_format::fixtures::prem_chunk(
        "Units\\Critters\\Frog\\Frog.mdl",
        [5.0, 1.0, 0.5, 0.25],
        [2.0, 3.0],
    ));
    let f = parse_mdx(&bytes, "Box.mdx").unwrap();
    let p = &f.particle_emitters[0];
    assert_eq!(
        (p.object.name.as_str(), p.object.object_id, p.object.parent, p.object.flags),
        ("Spawner", 40, None, 0x8000)
    );
    assert_eq!(
        [p.emission_rate, p.gravity, p.longitude, p.latitude, p.lifespan, p.speed],
        [5.0, 1.0, 0.5, 0.25, 2.0, 3.0]
    );
    assert_eq!(p.path, "Units\\Critters\\Frog\\Frog.mdl");
    let m = mdx_model_from_bytes(&bytes, "Box.mdx").unwrap();
    assert!(m.source.unknown_chunks.is_empty());
    // It spawns models: a model emitter on its node (no warning), its values as stored.
    assert!(!m.warnings.iter().any(|w| w.contains("PREM")), "{:?}", m.warnings);
    let e = &m.model_emitters[0];
    assert_eq!(e.model, "Units\\Critters\\Frog\\Frog.mdl");
    assert_eq!([e.lifespan, e.speed, e.gravity, e.latitude], [2.0, 3.0, 1.0, 0.25]);
    assert_eq!(e.emission_rate, m2view_format::Track::constant(5.0));
    assert!(e.bone.is_some_and(|b| (b.0 as usize) < m.bones.len()));
    assert_eq!(m.bones.len(), model(800).bones.len() + 1, "the emitter is a node of the hierarchy");
}

#[test]
fn death_plays_once_and_the_key_times_are_the_sequences() {
    for v in VERSIONS {
        let m = model(v);
        // The fixture's Death is flagged non-looping (SEQS flags 1), Stand is not.
        assert!(!m.plays_once(SequenceId(0)) && m.plays_once(SequenceId(1)), "v{v}");
        assert!(!m.plays_once(SequenceId(9)), "v{v}: out of range");
        // Stand [0, 1000]: the bone's rotation keys at 0 and 1000, relative to the sequence.
        assert_eq!(m.bone_key_times(SequenceId(0), None), [0, 1000], "v{v}");
        // Death [2000, 3000]: the lid's translation keys, moved to 0 and 1000.
        assert_eq!(m.bone_key_times(SequenceId(1), None), [0, 1000], "v{v}");
        // Only the lid (bone 1) has keys; the root has none.
        assert_eq!(m.bone_key_times(SequenceId(0), Some(BoneId(1))), [0, 1000], "v{v}");
        assert!(m.bone_key_times(SequenceId(0), Some(BoneId(0))).is_empty(), "v{v}");
        assert!(m.bone_key_times(SequenceId(0), Some(BoneId(999))).is_empty(), "v{v}");
    }
}
