//! Hand-specified test models built with the writer, for every supported
//! layout (v256, v260, v264, v272, MD21 v274). Each exercises the blocks a
//! viewer needs: two bones (the top one rotating), two sequences, a global
//! sequence, colour/alpha, texture weight, texture transform, materials,
//! attachments, an event, a light, a camera, a particle and a ribbon emitter.
//!
//! The geometry is two stacked unit boxes (bottom on bone 0, top on bone 1),
//! Z-up, 1 model unit each, so renders and bone poses have hand-checkable values.

use crate::raw::chunked::{AnimFileId, Chunks, M2File, RawChunk};
use crate::raw::layout::{self, Layout};
use crate::raw::m2::*;
use crate::raw::skin::{Batch, SkinProfile, SkinSection};
use crate::raw::track::{FBlock, M2Track, RawValue, SequenceKeys, SplineKey, TrackKeys};

/// Duration of sequence 0 (Stand) in ms.
pub const STAND_MS: u32 = 1000;
/// Duration of sequence 1 (Walk) in ms.
pub const WALK_MS: u32 = 500;
/// Length of global sequence 0 in ms.
pub const GLOBAL_MS: u32 = 2000;

/// Sequence start on the legacy single timeline.
fn seq_starts() -> [u32; 2] {
    [0, STAND_MS + 100]
}

/// Builds a track with one key list per sequence, in the layout of `version`
/// (legacy versions get one timeline with interpolation ranges).
pub fn track<T: RawValue>(version: u32, interpolation: u16, per_seq: Vec<(Vec<u32>, Vec<T>)>) -> M2Track<'static, T> {
    if version >= layout::WRATH {
        let keys = per_seq
            .into_iter()
            .map(|(times, values)| SequenceKeys::Loaded { times: times.into(), values: values.into() })
            .collect();
        return M2Track { interpolation, global_sequence: -1, keys: TrackKeys::PerSequence(keys) };
    }
    let starts = seq_starts();
    let (mut ranges, mut times, mut values) = (Vec::new(), Vec::new(), Vec::new());
    for (s, (t, v)) in per_seq.into_iter().enumerate() {
        let first = times.len() as u32;
        times.extend(t.iter().map(|x| x + starts[s]));
        values.extend(v);
        ranges.push([first, (times.len() as u32).saturating_sub(1).max(first)]);
    }
    M2Track {
        interpolation,
        global_sequence: -1,
        keys: TrackKeys::Timeline { ranges: ranges.into(), times: times.into(), values: values.into() },
    }
}

/// A track on global sequence `gs` with the given keys.
pub fn global_track<T: RawValue>(version: u32, gs: i16, times: Vec<u32>, values: Vec<T>) -> M2Track<'static, T> {
    let keys = if version >= layout::WRATH {
        TrackKeys::PerSequence(vec![SequenceKeys::Loaded { times: times.into(), values: values.into() }])
    } else {
        TrackKeys::Timeline { ranges: Vec::new().into(), times: times.into(), values: values.into() }
    };
    M2Track { interpolation: 1, global_sequence: gs, keys }
}

/// A track holding `v` in both fixture sequences (laid out for `version`).
pub fn constant<T: RawValue>(version: u32, v: T) -> M2Track<'static, T> {
    track(version, 0, vec![(vec![0], vec![v.clone()]), (vec![0], vec![v])])
}

/// Compressed quaternion for a rotation of `angle` radians about +Z.
pub fn comp_quat_z(angle: f32) -> [i16; 4] {
    let (s, c) = (angle * 0.5).sin_cos();
    let enc = |f: f32| -> i16 {
        // inverse of convert::decompress_quat_component
        let v = (f * 32767.0).round() as i32;
        if v >= 0 { (v - 32768) as i16 } else { (v + 32767) as i16 }
    };
    [enc(0.0), enc(0.0), enc(s), enc(c)]
}

/// A bone rotation track about +Z (angles in radians) in the version's encoding.
pub fn rotation_track(version: u32, per_seq: Vec<(Vec<u32>, Vec<f32>)>) -> BoneRotation<'static> {
    if Layout::new(version, 0).float_bone_rotation {
        let q = |a: f32| [0.0, 0.0, (a * 0.5).sin(), (a * 0.5).cos()];
        BoneRotation::Float(track(
            version,
            1,
            per_seq.into_iter().map(|(t, a)| (t, a.into_iter().map(q).collect())).collect(),
        ))
    } else {
        BoneRotation::Compressed(track(
            version,
            1,
            per_seq.into_iter().map(|(t, a)| (t, a.into_iter().map(comp_quat_z).collect())).collect(),
        ))
    }
}

fn box_vertices(z0: f32, bone: u8) -> Vec<M2Vertex> {
    // 6 faces x 4 corners, outward normals, UVs covering each face.
    let faces: [([f32; 3], [f32; 3], [f32; 3]); 6] = [
        ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]),
        ([-1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, 1.0]),
        ([0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 1.0]),
        ([0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]),
        ([0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
        ([0.0, 0.0, -1.0], [-1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
    ];
    let mut v = Vec::new();
    for (n, u, w) in faces {
        for (a, b) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            let p = [
                0.5 * (n[0] + a * u[0] + b * w[0]),
                0.5 * (n[1] + a * u[1] + b * w[1]),
                z0 + 0.5 + 0.5 * (n[2] + a * u[2] + b * w[2]),
            ];
            v.push(M2Vertex {
                pos: p,
                bone_weights: [255, 0, 0, 0],
                bone_indices: [bone, 0, 0, 0],
                normal: n,
                tex_coords: [[(a + 1.0) * 0.5, (1.0 - b) * 0.5], [(a + 1.0) * 0.25, (1.0 - b) * 0.25]],
            });
        }
    }
    v
}

/// The skin profile of the two-box model: submesh 0 = bottom box (geoset 0),
/// submesh 1 = top box (geoset 101); batch 0 opaque on texture 0, batch 1
/// alpha-blended with colour 0, texture weight 0 and texture transform 0.
pub fn skin_profile(version: u32) -> SkinProfile {
    let mut indices = Vec::new();
    for face in 0..12u16 {
        let b = face * 4;
        indices.extend_from_slice(&[b, b + 1, b + 2, b, b + 2, b + 3]);
    }
    let sec = |id: u16, start: u16, z: f32| SkinSection {
        skin_section_id: id,
        level: 0,
        vertex_start: start,
        vertex_count: 24,
        index_start: start / 4 * 6,
        index_count: 36,
        bone_count: 1,
        bone_combo_index: (start / 24),
        bone_influences: 1,
        center_bone_index: (start / 24),
        center_position: [0.0, 0.0, z],
        sort_center_position: if version >= layout::TBC { [0.0, 0.0, z] } else { [0.0; 3] },
        sort_radius: if version >= layout::TBC { 0.87 } else { 0.0 },
    };
    SkinProfile {
        vertices: (0..48).collect(),
        indices,
        bones: (0..48).map(|i| [(i / 24) as u8, 0, 0, 0]).collect(),
        submeshes: vec![sec(0, 0, 0.5), sec(101, 24, 1.5)],
        batches: vec![
            Batch { flags: 0x10, texture_count: 1, color_index: -1, ..Default::default() },
            Batch {
                flags: 0,
                priority_plane: 0,
                skin_section_index: 1,
                color_index: 0,
                material_index: 1,
                texture_count: 1,
                texture_combo_index: 1,
                texture_transform_combo_index: 0,
                ..Default::default()
            },
        ],
        // Legion+ (v274, MD21): the profile's vertex start, 0 for profile 0.
        bone_count_max: if version >= 274 { 0 } else { 256 },
        shadow_batches: vec![],
    }
}

/// The two-box model as MD20 data for `version` (256–274).
pub fn two_boxes(version: u32) -> Md20<'static> {
    let v = version;
    let flags = if v >= layout::TBC { 0x08 } else { 0 };
    let l = Layout::new(v, flags);
    let seq = |id: u16, s: usize, dur: u32| M2Sequence {
        id,
        start_timestamp: if l.legacy { seq_starts()[s] } else { 0 },
        duration: dur,
        flags: 0x20,
        frequency: 0x7FFF,
        blend_time: 150,
        bounds: [-0.5, -0.5, 0.0, 0.5, 0.5, 2.0],
        bounds_radius: 1.5,
        variation_next: -1,
        ..Default::default()
    };
    let mut vertices = box_vertices(0.0, 0);
    vertices.extend(box_vertices(1.0, 1));
    Md20 {
        version: v,
        name: format!("TwoBoxes{v}"),
        global_flags: flags,
        global_loops: vec![GLOBAL_MS],
        sequences: vec![seq(0, 0, STAND_MS), seq(4, 1, WALK_MS)],
        sequence_lookup: vec![0, 0xFFFF, 0xFFFF, 0xFFFF, 1],
        playable_animation_lookup: if l.legacy {
            vec![M2SequenceFallback { fallback_id: 0, flags: 0 }; 2]
        } else {
            vec![]
        },
        bones: box_bones(v, &l),
        key_bone_lookup: vec![0xFFFF; 26].into_iter().chain([0]).collect(),
        vertices,
        skin_profiles: if l.legacy { vec![skin_profile(v), skin_profile(v)] } else { vec![] },
        num_skin_profiles: if l.legacy { 0 } else { 1 },
        colors: vec![M2Color {
            color: constant(v, [1.0f32, 0.5, 0.25]),
            alpha: track(v, 1, vec![(vec![0, STAND_MS], vec![0x7FFF, 0x3FFF]), (vec![0], vec![0x7FFF])]),
        }],
        textures: vec![
            M2Texture { kind: 0, flags: 3, filename: "Textures\\Boxes\\Box.blp".into() },
            M2Texture { kind: 11, flags: 0, filename: String::new() },
        ],
        texture_weights: vec![constant(v, 0x7FFFi16)],
        texture_flipbooks: vec![],
        texture_transforms: vec![M2TextureTransform {
            translation: global_track(v, 0, vec![0, GLOBAL_MS], vec![[0.0f32; 3], [1.0, 0.0, 0.0]]),
            ..Default::default()
        }],
        replaceable_texture_lookup: vec![0xFFFF; 11].into_iter().chain([1]).collect(),
        materials: vec![M2Material { flags: 0, blending_mode: 0 }, M2Material { flags: 0x4 | 0x10, blending_mode: 2 }],
        bone_lookup: vec![0, 1],
        texture_lookup: vec![0, 1],
        texture_coord_lookup: vec![0],
        transparency_lookup: vec![0],
        texture_transform_lookup: vec![0],
        bounding_box: [-0.5, -0.5, 0.0, 0.5, 0.5, 2.0],
        bounding_radius: 1.5,
        collision_box: [-0.5, -0.5, 0.0, 0.5, 0.5, 2.0],
        collision_radius: 1.5,
        collision_indices: vec![0, 1, 2],
        collision_positions: vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
        collision_normals: vec![[0.0, 0.0, 1.0]],
        attachments: vec![M2Attachment {
            id: 11,
            bone: 1,
            unknown: 0,
            position: [0.0, 0.0, 2.0],
            animate_attached: constant(v, 1u8),
        }],
        attachment_lookup: vec![0xFFFF; 11].into_iter().chain([0]).collect(),
        events: vec![M2Event {
            identifier: *b"$DTH",
            data: 7,
            bone: 0,
            position: [0.0; 3],
            enabled: track(v, 0, vec![(vec![500], Vec::<()>::new()), (vec![], vec![])]),
        }],
        lights: vec![box_light(v)],
        cameras: vec![box_camera(v)],
        camera_lookup: vec![0],
        ribbons: vec![box_ribbon(v, &l)],
        particles: vec![box_particle(v, &l)],
        texture_combiner_combos: (flags & 0x08 != 0).then(|| vec![0, 0]),
    }
}

/// The two-box model's particle emitter (on bone 1, 2 units up), in the
/// layout of version `v`.
fn box_particle(v: u32, l: &Layout) -> M2Particle<'static> {
    M2Particle {
        particle_id: -1,
        flags: 0x20000 | if v >= layout::WRATH { 0x80_0000 } else { 0 },
        position: [0.0, 0.0, 2.0],
        bone: 1,
        texture: 0,
        blending_type: 4,
        emitter_type: 1,
        texture_rows: 1,
        texture_cols: 1,
        emission_speed: constant(v, 1.0f32),
        lifespan: constant(v, 1.5f32),
        emission_rate: constant(v, 10.0f32),
        emission_area_length: constant(v, 0.5f32),
        emission_area_width: constant(v, 0.5f32),
        gravity: constant(v, if v >= layout::WRATH { 0x00C8_0000u32 } else { 9.8f32.to_bits() }),
        enabled_in: constant(v, 1u8),
        life: if l.legacy {
            ParticleLife::Fixed {
                mid_point: 0.5,
                colors: [[0, 128, 255, 255], [0, 255, 255, 255], [255, 255, 255, 0]],
                scales: [0.2, 0.3, 0.1],
                lifespan_uv_anim: [0; 3],
                decay_uv_anim: [0; 3],
                tail_uv_anim: [0; 2],
                tail_decay_uv_anim: [0; 2],
            }
        } else {
            ParticleLife::Tracks {
                color: FBlock { times: vec![0, 16384, 32767], values: vec![[255.0, 128.0, 0.0]; 3] },
                alpha: FBlock { times: vec![0, 32767], values: vec![32767, 0] },
                scale: FBlock { times: vec![0, 32767], values: vec![[0.2, 0.2], [0.1, 0.1]] },
                scale_vary: [0.1, 0.0],
                head_cell: FBlock::default(),
                tail_cell: FBlock::default(),
            }
        },
        twinkle_scale: [1.0, 1.0],
        twinkle_percent: 1.0,
        spin: if l.legacy { [0.5, 0.0, 0.0, 0.0] } else { [0.1, 0.2, 0.3, 0.4] },
        spline_points: vec![[0.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
        multi_texture_params: (l.particle == 492).then_some([1, 2, 3, 4, 5, 6, 7, 8]),
        ..Default::default()
    }
}

/// The two-box model's ribbon emitter, in the layout of version `v`.
fn box_ribbon(v: u32, l: &Layout) -> M2Ribbon<'static> {
    M2Ribbon {
        ribbon_id: -1,
        bone_index: 1,
        position: [0.5, 0.0, 2.0],
        texture_indices: vec![1],
        material_indices: vec![1],
        color: constant(v, [1.0f32, 0.5, 0.25]),
        alpha: constant(v, 0x7FFFi16),
        height_above: constant(v, 0.2f32),
        height_below: constant(v, 0.2f32),
        edges_per_second: 30.0,
        edge_lifetime: 0.5,
        gravity: 0.0,
        texture_rows: 1,
        texture_cols: 1,
        tex_slot: constant(v, 0u16),
        visibility: constant(v, 1u8),
        priority_plane: if l.legacy { 0 } else { 1 },
        color_index: 0,
        texture_transform_lookup: if l.legacy { 0 } else { -1 },
    }
}

/// The two-box model's bones: a root and a child at (0, 0, 1) that turns
/// 90° about Z over Stand and rises 1 unit over Walk.
fn box_bones(v: u32, l: &Layout) -> Vec<M2CompBone<'static>> {
    let quarter = std::f32::consts::FRAC_PI_2;
    vec![
        M2CompBone {
            key_bone_id: 26,
            parent_bone: -1,
            rotation: if l.float_bone_rotation {
                BoneRotation::Float(M2Track::default())
            } else {
                BoneRotation::Compressed(M2Track::default())
            },
            bone_name_crc: if v >= layout::TBC { 0x1234 } else { 0 },
            ..Default::default()
        },
        M2CompBone {
            key_bone_id: -1,
            flags: 0x200,
            parent_bone: 0,
            pivot: [0.0, 0.0, 1.0],
            // Stand: rotate 0 → 90° about Z over the sequence; Walk: constant 0.
            rotation: rotation_track(v, vec![(vec![0, STAND_MS], vec![0.0, quarter]), (vec![0], vec![0.0])]),
            translation: track(
                v,
                1,
                vec![(vec![0], vec![[0.0f32; 3]]), (vec![0, WALK_MS], vec![[0.0, 0.0, 0.0], [0.0, 0.0, 1.0]])],
            ),
            ..Default::default()
        },
    ]
}

/// The two-box model's portrait camera, 4 units in front.
fn box_camera(v: u32) -> M2Camera<'static> {
    let spline = |p: [f32; 3]| SplineKey { value: p, in_tan: p, out_tan: p };
    let cam_fov = 0.95f32;
    M2Camera {
        kind: 0,
        fov: (v < layout::CATA).then_some(cam_fov),
        far_clip: 100.0,
        near_clip: 0.1,
        positions: constant(v, spline([0.0; 3])),
        position_base: [4.0, 0.0, 1.0],
        target_positions: constant(v, spline([0.0; 3])),
        target_position_base: [0.0, 0.0, 1.0],
        roll: constant(v, SplineKey { value: 0.0f32, in_tan: 0.0, out_tan: 0.0 }),
        fov_track: (v >= layout::CATA)
            .then(|| constant(v, SplineKey { value: cam_fov, in_tan: cam_fov, out_tan: cam_fov })),
    }
}

/// The two-box model's point light above the crystal.
fn box_light(v: u32) -> M2Light<'static> {
    M2Light {
        kind: 1,
        bone: 1,
        position: [0.0, 0.0, 2.5],
        ambient_color: constant(v, [0.1f32, 0.1, 0.1]),
        ambient_intensity: constant(v, 1.0f32),
        diffuse_color: constant(v, [1.0f32, 0.9, 0.8]),
        diffuse_intensity: constant(v, 0.8f32),
        attenuation_start: constant(v, 1.0f32),
        attenuation_end: constant(v, 5.0f32),
        visibility: constant(v, 1u8),
    }
}

/// The two-box model as a chunked MD21 (v274) file with SFID, TXID, AFID and
/// an unknown chunk.
pub fn two_boxes_md21() -> M2File<'static> {
    let mut md20 = two_boxes(274);
    md20.textures[0].filename.clear();
    M2File {
        md20,
        chunks: Some(Chunks {
            skin_file_ids: vec![1001],
            texture_file_ids: vec![2001, 0],
            anim_file_ids: vec![AnimFileId { anim_id: 0, sub_anim_id: 0, file_id: 0 }],
            unknown: vec![RawChunk { magic: *b"ZZZZ", offset: 0, data: vec![1, 2, 3, 4] }],
            ..Default::default()
        }),
        warnings: Vec::new(),
        skeleton: None,
    }
}

/// What [`two_boxes_chunk_data`] holds: a `WFV3` waterfall, one `EDGF`
/// record, `NERF` coefficients (100, 20), a `DETL` record for the model's
/// light (diffuse × 1.5, shadow scale 0.25), and `DBOC`, `AFRA` and a
/// `PFDC` with an inline `PHYS` version 2 kept as bytes.
pub fn chunk_data() -> crate::model::ChunkData {
    use crate::model::{ChunkData, EdgeFade, KeptChunk, LightDetail, Waterfall};
    let mut phys = b"PHYS".to_vec();
    phys.extend_from_slice(&2u32.to_le_bytes());
    phys.extend_from_slice(&2u16.to_le_bytes());
    phys.extend_from_slice(&[0; 6]);
    let kept =
        |magic: &str, data: Vec<u8>, phys_version| KeptChunk { magic: magic.into(), offset: 0, data, phys_version };
    ChunkData {
        waterfall: Some(Waterfall {
            version: 3,
            bump_scale: 0.25,
            values: [
                [0.5, 1.5, 0.1, 0.2],
                [4.0, 0.3, 0.0, 0.7],
                [0.0, 0.0, 0.0, 0.05],
                [0.02, 0.4, 0.6, 0.25],
                [0.0, 0.8, 0.0, 0.0],
            ],
            base_color: [40, 90, 160, 255],
            flags: 0x3,
            unk0: 7,
            unknown: [1.0, 2.0, 3.0, 4.0],
        }),
        edge_fades: vec![EdgeFade { pair: [0.5, 2.0], value: 8.0, rest: [0xAB; 12] }],
        distance_fade: Some([100.0, 20.0]),
        light_details: vec![LightDetail {
            flags: 1,
            shadow_scale: 0.25,
            diffuse_multiplier: 1.5,
            unk0: 9,
            unk1: 0xDEAD_BEEF,
        }],
        kept: vec![
            kept(
                "DBOC",
                [1.0f32.to_le_bytes(), 2.0f32.to_le_bytes(), 3u32.to_le_bytes(), 4u32.to_le_bytes()].concat(),
                None,
            ),
            kept("AFRA", vec![5, 6, 7, 8], None),
            kept("PFDC", phys, Some(2)),
        ],
    }
}

/// [`two_boxes_md21`] with every chunk of [`chunk_data`] (written in the
/// wowdev wiki "M2" layouts: no public model with them is in the corpus).
pub fn two_boxes_chunk_data() -> M2File<'static> {
    let mut f = two_boxes_md21();
    if let Some(c) = f.chunks.as_mut() {
        c.data = chunk_data();
        c.unknown.clear();
    }
    f
}

/// FileDataID of the `.skel` file of [`two_boxes_skel`].
pub const SKEL_FDID: u32 = 3001;

/// The two-box model (MD21, v274) with its skeleton moved into a `.skel`
/// file, as Legion+ models keep it (written here from the wowdev wiki
/// "M2/.skel" layout: no public `.skel` exists). Returns the model — `SKID`
/// [`SKEL_FDID`], no bones, sequences, global loops or attachments of its
/// own — and the skeleton holding those blocks of [`two_boxes_md21`].
pub fn two_boxes_skel() -> (M2File<'static>, crate::raw::skel::Skel<'static>) {
    let mut f = two_boxes_md21();
    let md = &mut f.md20;
    let skel = crate::raw::skel::Skel {
        name: "TwoBoxesSkel".into(),
        sequences: Some(crate::raw::skel::SkelSequences {
            global_loops: std::mem::take(&mut md.global_loops),
            sequences: std::mem::take(&mut md.sequences),
            lookup: std::mem::take(&mut md.sequence_lookup),
        }),
        bones: Some((std::mem::take(&mut md.bones), std::mem::take(&mut md.key_bone_lookup))),
        attachments: Some((std::mem::take(&mut md.attachments), std::mem::take(&mut md.attachment_lookup))),
        ..Default::default()
    };
    if let Some(c) = f.chunks.as_mut() {
        c.skeleton_file_id = Some(SKEL_FDID);
        c.anim_file_ids.clear();
    }
    (f, skel)
}

/// The two-box model (v264+) reduced to its bone tracks, for tests that move
/// sequence keys into `.anim` files (every track with keys for an external
/// sequence must point into the .anim, so the other blocks are dropped).
pub fn two_boxes_bones_only(version: u32) -> Md20<'static> {
    let mut md = two_boxes(version);
    md.colors.clear();
    md.texture_transforms.clear();
    md.attachments.clear();
    md.events.clear();
    md.lights.clear();
    md.cameras.clear();
    md.ribbons.clear();
    md.particles.clear();
    md.texture_weights.clear();
    md
}

/// The two-box model (v264, bones only) whose Walk (sequence 1) keeps box
/// 1's translation in an external `.anim` (0 → 2 units up at 100 ms) and
/// that file's bytes: `(model, anim)`. The .anim is named
/// `<model>0004-00.anim` beside the model.
pub fn two_boxes_walk_in_anim() -> (Md20<'static>, Vec<u8>) {
    let mut md = two_boxes_bones_only(264);
    md.sequences[1].flags = 0;
    let mut aw = crate::writer::AnimWriter::default();
    let (t, v) = aw.keys(&[0u32, 100], &[[0.0f32; 3], [0.0, 0.0, 2.0]]);
    if let TrackKeys::PerSequence(s) = &mut md.bones[1].translation.keys {
        s[1] = SequenceKeys::External { times: t, values: v };
    }
    if let BoneRotation::Compressed(r) = &mut md.bones[1].rotation
        && let TrackKeys::PerSequence(s) = &mut r.keys
    {
        s[1] = SequenceKeys::Loaded { times: Vec::new().into(), values: Vec::new().into() };
    }
    (md, aw.finish(false))
}

/// Every model file (`.m2`, `.mdx`, any case) under `dir`, sorted.
pub fn model_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("m2") || x.eq_ignore_ascii_case("mdx")) {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

/// A copy of a file one byte into its buffer, so that every array in it is
/// misaligned and nothing can be read in place (`raw::track::KeyArray`):
/// parsing [`Misaligned::bytes`] decodes every key into a vector.
pub struct Misaligned(Vec<u8>);

impl Misaligned {
    /// Copies `bytes`.
    pub fn new(bytes: &[u8]) -> Misaligned {
        let mut b = vec![0u8; bytes.len() + 1];
        b[1..].copy_from_slice(bytes);
        Misaligned(b)
    }

    /// The copied file, starting at an odd address.
    pub fn bytes(&self) -> &[u8] {
        &self.0[1..]
    }
}

/// The sample corpus directory: `$M2VIEW_SAMPLES`, else `shared/samples` beside
/// the project root. When absent it says so loudly on stderr and returns
/// `None` — or panics if `M2VIEW_REQUIRE_SAMPLES=1` (as CI sets).
pub fn samples_dir() -> Option<std::path::PathBuf> {
    let dir = std::env::var_os("M2VIEW_SAMPLES")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/samples"));
    if dir.join("MANIFEST.tsv").is_file() {
        return Some(dir);
    }
    let msg = format!("SAMPLE CORPUS NOT FOUND at {} (set M2VIEW_SAMPLES)", dir.display());
    if std::env::var("M2VIEW_REQUIRE_SAMPLES").is_ok_and(|v| v == "1") {
        panic!("{msg}");
    }
    eprintln!("\n*** {msg}: test SKIPPED ***\n");
    None
}

/// Puts a copy of the sample corpus's 3.3.5 Scourge female model (and its
/// three skins, `vjeux_jsWoWModelViewer/assets/scourgefemale*.m2`) at
/// `<root>/Character/<race>/<sex>/<race><sex>.m2` and returns that path: a
/// stand-in geometry for a race model the corpus does not have, so tests
/// can dress it with that race's tables.
///
/// # Panics
/// When the files cannot be copied (a test helper).
pub fn stand_in_race_model(
    samples: &std::path::Path,
    root: &std::path::Path,
    race: &str,
    sex: &str,
) -> std::path::PathBuf {
    let dir = root.join("Character").join(race).join(sex);
    std::fs::create_dir_all(&dir).unwrap();
    let src = samples.join("vjeux_jsWoWModelViewer/assets");
    let copy = |from: &str, to: String| {
        std::fs::copy(src.join(from), dir.join(&to)).unwrap_or_else(|e| panic!("{from} -> {to}: {e}"));
    };
    copy("scourgefemale.m2", format!("{race}{sex}.m2"));
    for i in 0..3 {
        copy(&format!("scourgefemale0{i}.skin"), format!("{race}{sex}0{i}.skin"));
    }
    dir.join(format!("{race}{sex}.m2"))
}

/// Demo geometry: an octagonal stone pedestal on bone 0 (geoset 0) and a
/// six-sided crystal floating above it on the spinning bone 1 (geoset 101),
/// flat-shaded, with the skin profile that draws them as the two-box batches.
fn demo_geometry() -> (Vec<M2Vertex>, SkinProfile) {
    let mut v: Vec<M2Vertex> = Vec::new();
    let mut idx: Vec<u16> = Vec::new();
    let vert = |pos: [f32; 3], normal: [f32; 3], uv: [f32; 2], bone: u8| M2Vertex {
        pos,
        bone_weights: [255, 0, 0, 0],
        bone_indices: [bone, 0, 0, 0],
        normal,
        tex_coords: [uv, [uv[0] * 0.5, uv[1] * 0.5]],
    };
    let ring = |k: usize, n: usize, r: f32, z: f32| {
        let a = k as f32 * std::f32::consts::TAU / n as f32 + std::f32::consts::PI / n as f32;
        [r * a.cos(), r * a.sin(), z]
    };
    let normal = |a: [f32; 3], b: [f32; 3], c: [f32; 3]| {
        let (u, w) = ([0, 1, 2].map(|i| b[i] - a[i]), [0, 1, 2].map(|i| c[i] - a[i]));
        let n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
        let l = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt().max(1e-6);
        n.map(|x| x / l)
    };
    // Pedestal: 8 side quads and a top cap (radius 0.75, height 0.7), CCW from outside.
    let (r, h) = (0.75, 0.7);
    for k in 0..8 {
        let (a0, a1, b0, b1) = (ring(k, 8, r, 0.0), ring(k + 1, 8, r, 0.0), ring(k, 8, r, h), ring(k + 1, 8, r, h));
        let n = normal(a0, a1, b1);
        let base = v.len() as u16;
        let (u0, u1) = (k as f32 * 0.5, (k + 1) as f32 * 0.5);
        v.extend([
            vert(a0, n, [u0, 1.0], 0),
            vert(a1, n, [u1, 1.0], 0),
            vert(b1, n, [u1, 0.0], 0),
            vert(b0, n, [u0, 0.0], 0),
        ]);
        idx.extend_from_slice(&[base, base + 1, base + 2, base, base + 2, base + 3]);
    }
    let centre = v.len() as u16;
    v.push(vert([0.0, 0.0, h], [0.0, 0.0, 1.0], [0.5, 0.5], 0));
    for k in 0..8 {
        let p = ring(k, 8, r, h);
        v.push(vert(p, [0.0, 0.0, 1.0], [0.5 + p[0] * 0.6, 0.5 + p[1] * 0.6], 0));
    }
    for k in 0..8u16 {
        idx.extend_from_slice(&[centre, centre + 1 + k, centre + 1 + (k + 1) % 8]);
    }
    let (pedestal_verts, pedestal_indices) = (v.len() as u16, idx.len() as u16);
    // Crystal: a six-sided bipyramid from z 0.95 to 2.0, widest (0.32) at 1.3.
    let (top, bottom) = ([0.0, 0.0, 2.0], [0.0, 0.0, 0.95]);
    for k in 0..6 {
        let (a, b) = (ring(k, 6, 0.32, 1.3), ring(k + 1, 6, 0.32, 1.3));
        let (u0, u1) = (k as f32 / 6.0, (k + 1) as f32 / 6.0);
        for (p0, p1, p2, uvs) in [
            (a, b, top, [[u0, 0.6], [u1, 0.6], [(u0 + u1) * 0.5, 0.0]]),
            (b, a, bottom, [[u1, 0.6], [u0, 0.6], [(u0 + u1) * 0.5, 1.0]]),
        ] {
            let n = normal(p0, p1, p2);
            let base = v.len() as u16;
            v.extend([vert(p0, n, uvs[0], 1), vert(p1, n, uvs[1], 1), vert(p2, n, uvs[2], 1)]);
            idx.extend_from_slice(&[base, base + 1, base + 2]);
        }
    }
    let n = v.len() as u16;
    let sec = |id: u16, vs: u16, vc: u16, is: u16, ic: u16, bone: u16, z: f32, radius: f32| SkinSection {
        skin_section_id: id,
        level: 0,
        vertex_start: vs,
        vertex_count: vc,
        index_start: is,
        index_count: ic,
        bone_count: 1,
        bone_combo_index: bone,
        bone_influences: 1,
        center_bone_index: bone,
        center_position: [0.0, 0.0, z],
        sort_center_position: [0.0, 0.0, z],
        sort_radius: radius,
    };
    let mut profile = skin_profile(264);
    profile.vertices = (0..n).collect();
    profile.bones = v.iter().map(|x| x.bone_indices).collect();
    profile.submeshes = vec![
        sec(0, 0, pedestal_verts, 0, pedestal_indices, 0, 0.35, 0.8),
        sec(
            101,
            pedestal_verts,
            n - pedestal_verts,
            pedestal_indices,
            idx.len() as u16 - pedestal_indices,
            1,
            1.45,
            0.6,
        ),
    ];
    profile.indices = idx;
    (v, profile)
}

/// The files of the embedded demo model (`m2view` without arguments): the
/// fixture's skeleton, sequences, global sequence, LODs, emitters and camera
/// (v264 "Demo") dressed as a stone pedestal under a spinning, pulsing,
/// additive crystal with rising sparks and a ribbon; `Demo01.skin` drops the
/// crystal. Textures: a stone-brick `Textures/Boxes/Box.blp` at the stored
/// path and a `DemoSkin.blp` crystal for the replaceable (monster skin) slot.
/// Written to the top-level `assets/demo/` by `cargo xtask gen-assets`; a test checks the
/// committed files match.
pub fn demo_files() -> Vec<(String, Vec<u8>)> {
    let mut md = two_boxes(264);
    md.name = "Demo".into();
    md.num_skin_profiles = 2;
    let (vertices, lod0) = demo_geometry();
    md.vertices = vertices;
    md.bounding_box = [-0.75, -0.75, 0.0, 0.75, 0.75, 2.0];
    // The crystal: unlit, two-sided, additive; a cool tint that pulses with the fixture's alpha.
    md.materials[1] = M2Material { flags: 0x1 | 0x4 | 0x10, blending_mode: 4 };
    md.colors[0].color = constant(264, [0.5f32, 0.7, 1.0]);
    if let Some(p) = md.particles.first_mut() {
        p.position = [0.0, 0.0, 1.5];
        p.texture = 1; // sparks drawn with the crystal's soft glow
        p.emission_rate = constant(264, 14.0f32);
        p.emission_speed = constant(264, 0.6f32);
        // A gentle updraft: a plain float gravity (flag 0x800000 off), negative = up.
        p.flags &= !0x80_0000;
        p.gravity = constant(264, (-0.5f32).to_bits());
        if let ParticleLife::Tracks { color, .. } = &mut p.life {
            color.values = vec![[120.0, 200.0, 255.0], [180.0, 120.0, 255.0], [255.0, 255.0, 255.0]];
        }
    }
    if let Some(r) = md.ribbons.first_mut() {
        r.position = [0.32, 0.0, 1.3];
        r.color = constant(264, [0.6f32, 0.4, 1.0]);
    }
    let mut lod1 = lod0.clone();
    lod1.indices.truncate(lod0.submeshes[0].index_count as usize);
    lod1.submeshes.truncate(1);
    lod1.batches.truncate(1);
    let raw = |w: u32, h: u32, f: &dyn Fn(u32, u32) -> [u8; 4]| {
        let px: Vec<u8> = (0..h).flat_map(|y| (0..w).flat_map(move |x| f(x, y))).collect();
        crate::blp::write_blp2_raw(w, h, &[px])
    };
    // Stone bricks: staggered rows, mortar lines, a little per-brick variation.
    let stone = raw(64, 64, &|x, y| {
        let row = y / 16;
        let xs = x + if row % 2 == 1 { 16 } else { 0 };
        let mortar = y % 16 == 0 || xs % 32 == 0;
        let brick = (xs / 32 + row * 7) % 5;
        let noise = ((x * 7 + y * 13) % 11) as u8;
        if mortar {
            [70, 72, 80, 255]
        } else {
            [120 + 8 * brick as u8 + noise, 124 + 6 * brick as u8 + noise, 138 + noise, 255]
        }
    });
    // Crystal glow: bright centre fading to violet and to transparent, with diagonal facets.
    let crystal = raw(32, 32, &|x, y| {
        let r = ((x as f32 - 15.5).powi(2) + (y as f32 - 15.5).powi(2)).sqrt() / 16.0;
        let facet = if (x + y) % 8 < 2 { 40.0 } else { 0.0 };
        let k = (1.0 - r).clamp(0.0, 1.0);
        let (r8, g8) = ((140.0 + 100.0 * k + facet).min(255.0), (90.0 + 150.0 * k + facet).min(255.0));
        [r8 as u8, g8 as u8, 255, (255.0 * k.sqrt()) as u8]
    });
    vec![
        ("Demo.m2".into(), crate::writer::write_md20(&md)),
        ("Demo00.skin".into(), crate::writer::write_skin(&lod0, 264)),
        ("Demo01.skin".into(), crate::writer::write_skin(&lod1, 264)),
        ("Textures/Boxes/Box.blp".into(), stone),
        ("DemoSkin.blp".into(), crystal),
    ]
}

/// A key of an MDX track (no tangents).
fn mdl_key<T>(time: i32, value: T) -> crate::raw::mdx::MdlKey<T> {
    crate::raw::mdx::MdlKey { time, value, tangents: None }
}

/// An MDX track of `keys` (no global sequence).
fn mdl_track<T>(interpolation: u32, keys: Vec<crate::raw::mdx::MdlKey<T>>) -> crate::raw::mdx::MdlTrack<T> {
    crate::raw::mdx::MdlTrack { interpolation, global_sequence: None, keys }
}

/// An MDX node (`GenObject`) with no flags.
fn mdl_node(
    name: &str,
    object_id: u32,
    parent: Option<u32>,
    tracks: Vec<([u8; 4], crate::raw::mdx::AnyTrack)>,
) -> crate::raw::mdx::GenObject {
    crate::raw::mdx::GenObject {
        name: name.into(),
        object_id,
        parent,
        flags: 0,
        tracks: crate::raw::mdx::Tracks(tracks),
    }
}

/// The MDX box's geometry: a 2×2×2 box whose top four vertices follow the
/// lid bone, in the layout of `version` (M2-style vertices from 1500).
fn mdx_box_geoset(version: u32, bounds: crate::raw::mdx::MdlBounds) -> crate::raw::mdx::MdlGeoset {
    use crate::raw::mdx::*;
    let mut positions = Vec::new();
    for z in [0.0, 2.0] {
        for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            positions.push([x, y, z]);
        }
    }
    let normals = positions.iter().map(|p: &[f32; 3]| [p[0] * 0.577, p[1] * 0.577, (p[2] - 1.0) * 0.577]).collect();
    let uvs = positions.iter().map(|p| [(p[0] + 1.0) * 0.5, (p[1] + 1.0) * 0.5]).collect();
    #[rustfmt::skip]
    let indices = vec![
        0, 2, 1, 0, 3, 2, // bottom
        4, 5, 6, 4, 6, 7, // top
        0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7, // sides
    ];
    if version >= V1500 {
        // M2-style vertices: weights and object ids per vertex, two UV sets,
        // bounds as the header's centre and radius.
        let (c, r) = ([0.0, 0.0, 1.0f32], 1.5f32);
        let n = positions.len();
        MdlGeoset {
            positions,
            normals,
            uv_sets: vec![uvs, vec![[0.0, 0.0]; n]],
            face_types: vec![4],
            face_counts: vec![36],
            indices,
            bone_weights: [[255, 0, 0, 0]; 4].into_iter().chain([[128, 127, 0, 0]; 4]).collect(),
            bone_indices: [[0, 0, 0, 0]; 4].into_iter().chain([[0, 1, 0, 0]; 4]).collect(),
            bounds: MdlBounds { min: c.map(|v| v - r), max: c.map(|v| v + r), radius: r },
            ..Default::default()
        }
    } else {
        MdlGeoset {
            positions,
            normals,
            uv_sets: vec![uvs],
            face_types: vec![4],
            face_counts: vec![36],
            indices,
            vertex_groups: vec![0, 0, 0, 0, 1, 1, 1, 1],
            group_counts: vec![1, 2],
            matrices: vec![0, 0, 1],
            bounds,
            ..Default::default()
        }
    }
}

/// The MDX box's material: an opaque layer and an additive one whose alpha is animated.
fn mdx_box_material() -> crate::raw::mdx::MdlMaterial {
    use crate::raw::mdx::*;
    MdlMaterial {
        priority_plane: 0,
        flags: 0,
        shader: String::new(),
        layers: vec![
            MdlLayer {
                filter_mode: 0,
                shading_flags: 0,
                texture_id: 0,
                texture_anim_id: 0,
                coord_id: 0,
                alpha: 1.0,
                tracks: Tracks::default(),
                reforged: None,
                ..Default::default()
            },
            MdlLayer {
                filter_mode: 3,
                shading_flags: 0x11,
                texture_id: 1,
                texture_anim_id: u32::MAX,
                coord_id: 0,
                alpha: 0.5,
                tracks: Tracks(vec![(
                    *b"KMTA",
                    AnyTrack::F32(mdl_track(1, vec![mdl_key(0, 1.0), mdl_key(1000, 0.0), mdl_key(2000, 0.25)])),
                )]),
                reforged: None,
                ..Default::default()
            },
        ],
    }
}

/// The MDX box's particle emitter on the lid (WoW's extra fields from 1300).
fn mdx_box_emitter(wow: bool) -> crate::raw::mdx::MdlParticleEmitter2 {
    use crate::raw::mdx::*;
    MdlParticleEmitter2 {
        object: mdl_node("Sparks", 6, Some(1), Vec::new()),
        speed: 2.0,
        variation: 0.1,
        latitude: 0.3,
        gravity: 1.0,
        lifespan: 1.0,
        emission_rate: 20.0,
        width: 0.5,
        length: 0.5,
        filter_mode: 1,
        rows: 1,
        columns: 1,
        head_or_tail: 0,
        tail_length: 0.0,
        middle_time: 0.5,
        colors: [[0.0, 0.5, 1.0], [0.0, 1.0, 1.0], [1.0, 1.0, 1.0]],
        alphas: [255, 128, 0],
        scaling: [0.2, 0.3, 0.1],
        head_intervals: [[0; 3]; 2],
        tail_intervals: [[0; 3]; 2],
        texture_id: 0,
        squirt: 0,
        priority_plane: 0,
        replaceable_id: 0,
        tracks: Tracks(vec![(*b"KP2E", AnyTrack::F32(mdl_track(1, vec![mdl_key(0, 20.0), mdl_key(2000, 0.0)])))]),
        // WoW's extra fields; v800 has none of them.
        emitter_type: if wow { 2 } else { 0 },
        longitude: if wow { 3.0 } else { 0.0 },
        drag: if wow { 0.5 } else { 0.0 },
        spline: if wow { vec![[0.0, 0.0, 0.0], [0.0, 0.0, 1.0]] } else { Vec::new() },
        ..Default::default()
    }
}

/// A v800 `PREM` chunk (tag, size, one emitter) in the Hive Workshop MDX
/// layout: node "Spawner" (object id 40, no parent, flag 0x8000 "uses MDL"),
/// `[emission rate, gravity, longitude, latitude]`, the spawned `path`,
/// `[lifespan, speed]` — to append to an MDX file (chunks come in any order).
pub fn prem_chunk(path: &str, rate_gravity_longitude_latitude: [f32; 4], lifespan_speed: [f32; 2]) -> Vec<u8> {
    let mut node = b"Spawner".to_vec();
    node.resize(80, 0);
    for v in [40u32, u32::MAX, 0x8000] {
        node.extend_from_slice(&v.to_le_bytes());
    }
    let mut e = ((node.len() + 4) as u32).to_le_bytes().to_vec();
    e.extend_from_slice(&node);
    for v in rate_gravity_longitude_latitude {
        e.extend_from_slice(&v.to_le_bytes());
    }
    let mut p = path.as_bytes().to_vec();
    p.resize(260, 0);
    e.extend_from_slice(&p);
    for v in lifespan_speed {
        e.extend_from_slice(&v.to_le_bytes());
    }
    let mut body = ((e.len() + 4) as u32).to_le_bytes().to_vec();
    body.extend_from_slice(&e);
    let mut chunk = b"PREM".to_vec();
    chunk.extend_from_slice(&(body.len() as u32).to_le_bytes());
    chunk.extend_from_slice(&body);
    chunk
}

/// A hand-specified MDX model in the layout of `version` (800 Warcraft III,
/// 1300/1400 WoW alpha, 1500 with M2-style vertex batches), exercising each chunk the parser reads: a box of 8
/// vertices (bottom on node 0 `Root`, top shared by `Root` and `Lid`), two
/// sequences `Stand` [0, 1000] and `Death` [2000, 3000], a global sequence of
/// 500 ms, a material with an opaque and an additive layer (alpha track
/// 1 → 0 over Stand, 0.25 in Death), a texture animation, a geoset animation
/// fading out in Death, a light, a helper, an attachment `Origin Ref`, an
/// event `SNDxDEAT` at 2100, a camera, a PRE2 emitter (a WoW sphere with
/// drag), a ribbon on the lid, shapes, and a collision mesh (WoW).
pub fn mdx_box(version: u32) -> crate::raw::mdx::MdxFile {
    use crate::raw::mdx::*;
    let wow = version >= 1300;
    // WoW packs quaternions: use values that survive packing.
    let q = |v: [f32; 4]| {
        if wow { decompress_quat64(crate::writer_mdx::pack_quat64(v)) } else { v }
    };
    let h = std::f32::consts::FRAC_1_SQRT_2;
    let lid = mdl_node(
        "Lid",
        1,
        Some(0),
        vec![
            (
                *b"KGTR",
                AnyTrack::Vec3(mdl_track(1, vec![mdl_key(2000, [0.0, 0.0, 0.0]), mdl_key(3000, [0.0, 0.0, 1.0])])),
            ),
            (
                *b"KGRT",
                AnyTrack::Quat(mdl_track(
                    1,
                    vec![mdl_key(0, q([0.0, 0.0, 0.0, 1.0])), mdl_key(1000, q([0.0, 0.0, h, h]))],
                )),
            ),
        ],
    );
    let bounds = MdlBounds { min: [-1.0, -1.0, 0.0], max: [1.0, 1.0, 2.0], radius: 1.5 };
    let seq = |name: &str, start, end, flags| MdlSequence {
        name: name.into(),
        start,
        end,
        movespeed: 0.0,
        flags,
        frequency: 0.0,
        replay: [0, 0],
        blend_time: if wow { 150 } else { 0 },
        bounds,
    };
    MdxFile {
        version,
        chunk_order: Vec::new(),
        unknown: Vec::new(),
        model: MdlModel { name: "MdxBox".into(), bounds, blend_time: 150 },
        sequences: vec![seq("Stand", 0, 1000, 0), seq("Death", 2000, 3000, 1)],
        global_sequences: vec![500],
        materials: vec![mdx_box_material()],
        textures: vec![
            MdlTexture { replaceable_id: 0, path: "Textures\\Box.blp".into(), flags: 3 },
            MdlTexture { replaceable_id: 1, path: String::new(), flags: 0 },
        ],
        texture_anims: vec![Tracks(vec![(
            *b"KTAT",
            AnyTrack::Vec3(MdlTrack {
                interpolation: 1,
                global_sequence: Some(0),
                keys: vec![mdl_key(0, [0.0, 0.0, 0.0]), mdl_key(500, [1.0, 0.0, 0.0])],
            }),
        )])],
        geosets: vec![mdx_box_geoset(version, bounds)],
        geoset_anims: vec![MdlGeosetAnim {
            geoset_id: 0,
            alpha: 1.0,
            color: [1.0, 0.5, 0.0],
            flags: 1,
            tracks: Tracks(vec![(*b"KGAO", AnyTrack::F32(mdl_track(0, vec![mdl_key(2000, 1.0), mdl_key(2500, 0.0)])))]),
        }],
        bones: vec![mdl_node("Root", 0, None, Vec::new()), lid],
        lights: vec![MdlLight {
            object: mdl_node("Light", 2, Some(0), Vec::new()),
            kind: 0,
            attenuation: [1.0, 5.0],
            color: [1.0, 1.0, 1.0],
            intensity: 0.5,
            ambient_color: [0.2, 0.2, 0.2],
            ambient_intensity: 0.1,
            tracks: Tracks::default(),
        }],
        helpers: vec![mdl_node("Helper", 3, Some(1), Vec::new())],
        attachments: vec![MdlAttachment {
            object: mdl_node("Origin Ref", 4, None, Vec::new()),
            attachment_id: 0,
            path: String::new(),
            tracks: Tracks(vec![(
                if wow { *b"KVIS" } else { *b"KATV" },
                AnyTrack::F32(mdl_track(0, vec![mdl_key(0, 1.0), mdl_key(2000, 0.0)])),
            )]),
        }],
        pivots: vec![
            [0.0, 0.0, 0.0],
            [0.0, 0.0, 2.0],
            [0.0, 0.0, 1.0],
            [0.0, 0.0, 2.5],
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 1.0],
            [0.0, 0.0, 2.0],
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 2.0],
        ],
        cameras: vec![MdlCamera {
            name: "Portrait".into(),
            position: [4.0, 0.0, 1.0],
            fov: 0.95,
            far_clip: 100.0,
            near_clip: 0.1,
            target: [0.0, 0.0, 1.0],
            tracks: Tracks::default(),
        }],
        events: vec![MdlEvent {
            object: mdl_node("SNDxDEAT", 5, None, Vec::new()),
            global_sequence: None,
            times: vec![2100],
        }],
        particle_emitters2: vec![mdx_box_emitter(wow)],
        particle_emitters: Vec::new(),
        popcorns: Vec::new(),
        face_effects: Vec::new(),
        bind_poses: Vec::new(),
        ribbons: vec![MdlRibbon {
            object: mdl_node("Trail", 8, Some(1), Vec::new()),
            height_above: 0.25,
            height_below: 0.25,
            alpha: 1.0,
            color: [1.0, 0.5, 0.0],
            lifespan: 0.5,
            texture_slot: 0,
            emission_rate: 20,
            rows: 1,
            columns: 1,
            material_id: 0,
            gravity: 0.0,
            tracks: Tracks(vec![(*b"KRAL", AnyTrack::F32(mdl_track(1, vec![mdl_key(0, 1.0), mdl_key(1000, 0.5)])))]),
        }],
        // A sphere of radius 1.5 around the box centre (type 2 in both families).
        shapes: vec![MdlShape {
            object: mdl_node("Collision", 7, None, Vec::new()),
            kind: 2,
            floats: vec![0.0, 0.0, 1.0, 1.5],
        }],
        collision: if wow {
            crate::raw::mdx::MdlCollision {
                positions: vec![[-1.0, -1.0, 0.0], [1.0, -1.0, 0.0], [1.0, 1.0, 0.0], [-1.0, 1.0, 0.0]],
                indices: vec![0, 1, 2, 0, 2, 3],
                normals: vec![[0.0, 0.0, 1.0]; 2],
            }
        } else {
            Default::default()
        },
    }
}

/// WMO test files written here in the real v17 layout (wowdev wiki "WMO"),
/// for the world-object tests of every crate: no 8.1+ WMO (`GFID`, `MODI`,
/// textures by FileDataID) is public.
pub mod wmo {
    /// One chunk: the tag byte-reversed on disk, its size, its payload.
    pub fn chunk(tag: &[u8; 4], payload: &[u8]) -> Vec<u8> {
        let mut out = vec![tag[3], tag[2], tag[1], tag[0]];
        out.extend((payload.len() as u32).to_le_bytes());
        out.extend(payload);
        out
    }

    fn le(words: &[u32]) -> Vec<u8> {
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    fn floats(v: &[f32]) -> Vec<u8> {
        v.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    /// Writes into `dir` the WMO of [`root`] with its two [`group`] files and
    /// the lamp doodad it places (`two_boxes` v264 with its skin) under the
    /// names the root gives them (`box.wmo`, `box_000.wmo`, `box_001.wmo`,
    /// `LAMP.m2`, `LAMP00.skin`; with `modern`, `house.wmo` and the
    /// FileDataIDs `7001.wmo`, `7002.wmo`, `6001.m2`, `600100.skin`).
    /// Returns the root's path. Panics if a file cannot be written.
    pub fn write_files(dir: &std::path::Path, modern: bool) -> std::path::PathBuf {
        let (root_name, g0, g1, m2, skin) = if modern {
            ("house.wmo", "7001.wmo", "7002.wmo", "6001.m2", "600100.skin")
        } else {
            ("box.wmo", "box_000.wmo", "box_001.wmo", "LAMP.m2", "LAMP00.skin")
        };
        let write = |name: &str, bytes: Vec<u8>| std::fs::write(dir.join(name), bytes).unwrap();
        write(root_name, root(modern));
        write(g0, group(0));
        write(g1, group(1));
        write(m2, crate::writer::write_md20(&super::two_boxes(264)));
        write(skin, crate::writer::write_skin(&super::skin_profile(264), 264));
        dir.join(root_name)
    }

    /// A root of two groups (a 2×2×2 box, "hall", and a 1-unit quad on its
    /// roof, "roof"), two materials (0: opaque, texture `WALL.BLP` or
    /// FileDataID 5001; 1: alpha key, two-sided, texture `ROOF.BLP` or
    /// 5002), two doodad sets (0 `Set_$DefaultGlobal` with placement 0, 1
    /// `Set_Lamps` with placements 1–2), doodads `LAMP.MDX` (or FileDataID
    /// 6001) at (1, 0, 2) scaled 0.5 turned 90° about Z, a light and a
    /// portal between the groups. With `modern`, textures, doodads and
    /// group files are named by FileDataID (`GFID` 7001, 7002; `MODI`), as
    /// 8.1+ roots do.
    pub fn root(modern: bool) -> Vec<u8> {
        let mut f = chunk(b"MVER", &le(&[17]));
        let mut mohd = le(&[2, 2, 1, 1, 1, 3, 2]);
        mohd.extend([0x40, 0x30, 0x20, 0xFF]); // ambient b g r a
        mohd.extend(le(&[0]));
        mohd.extend(floats(&[-1.0, -1.0, 0.0, 1.0, 1.0, 2.5]));
        mohd.extend([0, 0, 0, 0]);
        f.extend(chunk(b"MOHD", &mohd));
        let (t1, t2) = if modern {
            (5001, 5002)
        } else {
            let motx = b"WALL.BLP\0\0\0\0ROOF.BLP\0\0\0\0";
            f.extend(chunk(b"MOTX", motx));
            (0, 12)
        };
        let mut momt = Vec::new();
        for (flags, blend, tex, diff) in [(0u32, 0u32, t1, 0xFF80_8080u32), (0x4, 1, t2, 0xFFFF_FFFF)] {
            momt.extend(le(&[flags, 0, blend, tex, 0, 0, 0, diff, 0, 0, 0, 0, 0, 0, 0, 0]));
        }
        f.extend(chunk(b"MOMT", &momt));
        f.extend(chunk(b"MOGN", b"\0\0hall\0roof\0"));
        let mut mogi = le(&[0x2000]);
        mogi.extend(floats(&[-1.0, -1.0, 0.0, 1.0, 1.0, 2.0]));
        mogi.extend(2i32.to_le_bytes());
        mogi.extend(le(&[0x8]));
        mogi.extend(floats(&[-0.5, -0.5, 2.0, 0.5, 0.5, 2.5]));
        mogi.extend(7i32.to_le_bytes());
        f.extend(chunk(b"MOGI", &mogi));
        f.extend(portal_chunks());
        let mut molt = vec![0u8, 1, 0, 0, 0x00, 0x80, 0xFF, 0xFF];
        molt.extend(floats(&[0.0, 0.0, 1.5, 2.0, 0.0, 0.0, 0.0, 0.0, 1.0, 4.0]));
        f.extend(chunk(b"MOLT", &molt));
        f.extend(doodad_chunks(modern));
        if modern {
            f.extend(chunk(b"GFID", &le(&[7001, 7002])));
        }
        f
    }

    /// `MOPV`, `MOPT`, `MOPR`: one portal, a 2 × 2 square in the plane y = 0
    /// between groups 0 and 1.
    fn portal_chunks() -> Vec<u8> {
        let mut f = chunk(b"MOPV", &floats(&[-1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 2.0, -1.0, 0.0, 2.0]));
        let mut mopt = vec![0, 0, 4, 0];
        mopt.extend(floats(&[0.0, 1.0, 0.0, 0.0]));
        f.extend(chunk(b"MOPT", &mopt));
        f.extend(chunk(b"MOPR", &[0, 0, 1, 0, 1, 0, 0, 0]));
        f
    }

    /// `MODS`, `MODN` (`MODI` with `modern`), `MODD`: the doodad sets and the lamps.
    fn doodad_chunks(modern: bool) -> Vec<u8> {
        let mut mods = Vec::new();
        for (name, start, count) in [(&b"Set_$DefaultGlobal"[..], 0u32, 1u32), (b"Set_Lamps", 1, 2)] {
            let mut n = [0u8; 20];
            n[..name.len()].copy_from_slice(name);
            mods.extend(n);
            mods.extend(le(&[start, count, 0]));
        }
        let mut f = chunk(b"MODS", &mods);
        if modern {
            f.extend(chunk(b"MODI", &le(&[6001])));
        } else {
            f.extend(chunk(b"MODN", b"LAMP.MDX\0\0\0\0"));
        }
        let h = std::f32::consts::FRAC_1_SQRT_2;
        let mut modd = Vec::new();
        for (x, y) in [(1.0f32, 0.0f32), (-0.5, 0.5), (0.5, -0.5)] {
            modd.extend(le(&[0]));
            modd.extend(floats(&[x, y, 2.0, 0.0, 0.0, h, h, 0.5]));
            modd.extend([0xFF, 0xFF, 0xFF, 0xFF]);
        }
        f.extend(chunk(b"MODD", &modd));
        f
    }

    /// Makes the WMO [`write_files`] wrote into `dir` name `name` as its
    /// skybox (`MOSB`, appended to the root) and its hall (group 0) show
    /// it (flag 0x40000 in its `MOGI` entry and its file's `MOGP` header).
    pub fn add_skybox(dir: &std::path::Path, name: &str) {
        let mut root = std::fs::read(dir.join("box.wmo")).unwrap();
        let mogi = root.windows(4).position(|w| w == b"IGOM").unwrap() + 8;
        root[mogi + 2] |= 0x4;
        root.extend(chunk(b"MOSB", &[name.as_bytes(), &[0]].concat()));
        std::fs::write(dir.join("box.wmo"), root).unwrap();
        let mut group = std::fs::read(dir.join("box_000.wmo")).unwrap();
        // MVER (12 bytes), the MOGP tag and size, its name and descriptive name offsets.
        group[12 + 8 + 8 + 2] |= 0x4;
        std::fs::write(dir.join("box_000.wmo"), group).unwrap();
    }

    /// An `MFOG` chunk of `fogs` in the layout of wowdev wiki "WMO" MFOG
    /// (48 bytes each). Appended to a [`root`], the root has those fogs.
    pub fn fog_chunk(fogs: &[crate::wmo::WmoFog]) -> Vec<u8> {
        let mut mfog = Vec::new();
        for f in fogs {
            mfog.extend(le(&[f.flags]));
            mfog.extend(floats(&f.position));
            mfog.extend(floats(&f.radii));
            for l in [f.fog, f.underwater] {
                mfog.extend(floats(&[l.end, l.start_scalar]));
                mfog.extend(l.color);
            }
        }
        chunk(b"MFOG", &mfog)
    }

    /// Group `index` of [`root`]: 0 the box (8 vertices, 12 triangles in
    /// one batch of material 0, a second UV set and vertex colours, one
    /// extra collision-only triangle), 1 the roof quad (4 vertices, 2
    /// triangles in one batch of material 1, written with the 16-bit
    /// material id of batch flag 0x2).
    pub fn group(index: usize) -> Vec<u8> {
        let (flags, positions, tris) = group_shape(index);
        let n = positions.len();
        let drawn = if index == 0 { 12 } else { 2 };
        let mut mogp = le(&[if index == 0 { 2 } else { 7 }, 0, flags]);
        mogp.extend(floats(&[-1.0, -1.0, 0.0, 1.0, 1.0, 2.5]));
        mogp.extend([0, 0, 1, 0]); // portal start, count
        mogp.extend([0, 0, 1, 0, 0, 0, 0, 0]); // trans, int, ext batches, pad
        mogp.extend([0, 0, 0, 0]);
        mogp.extend(le(&[0, 0, 0, 0]));
        let mut mopy = Vec::new();
        for t in 0..tris.len() {
            mopy.extend(if t < drawn { [0x20, index as u8] } else { [0x08, 0xFF] });
        }
        mogp.extend(chunk(b"MOPY", &mopy));
        mogp.extend(chunk(b"MOVI", &tris.iter().flatten().flat_map(|i| i.to_le_bytes()).collect::<Vec<u8>>()));
        mogp.extend(chunk(b"MOVT", &floats(&positions.iter().flatten().copied().collect::<Vec<_>>())));
        let normals: Vec<f32> = positions.iter().flat_map(|_| [0.0, 0.0, 1.0]).collect();
        mogp.extend(chunk(b"MONR", &floats(&normals)));
        let uv: Vec<f32> = positions.iter().flat_map(|p| [p[0] * 0.5 + 0.5, p[1] * 0.5 + 0.5]).collect();
        mogp.extend(chunk(b"MOTV", &floats(&uv)));
        let mut moba = vec![0u8; 10];
        let large = index == 1;
        moba.extend((if large { 1u16 } else { 0 }).to_le_bytes());
        moba.extend(le(&[0]));
        moba.extend((drawn as u16 * 3).to_le_bytes());
        moba.extend(0u16.to_le_bytes());
        moba.extend((n as u16 - 1).to_le_bytes());
        moba.extend(if large { [0x2, 0] } else { [0, 0] });
        mogp.extend(chunk(b"MOBA", &moba));
        if index == 0 {
            mogp.extend(chunk(b"MOLR", &[0, 0]));
            mogp.extend(chunk(b"MODR", &[0, 0, 1, 0, 2, 0]));
            mogp.extend(chunk(b"MOTV", &floats(&uv.iter().map(|v| 1.0 - v).collect::<Vec<_>>())));
            let colors: Vec<u8> = (0..n).flat_map(|i| [0x10 * i as u8, 0x40, 0x80, 0xFF]).collect();
            mogp.extend(chunk(b"MOCV", &colors));
        }
        let mut f = chunk(b"MVER", &le(&[17]));
        f.extend(chunk(b"MOGP", &mogp));
        f
    }

    /// Group `index`'s flags, vertices and triangles (the box's last one collision only).
    fn group_shape(index: usize) -> (u32, Vec<[f32; 3]>, Vec<[u16; 3]>) {
        if index == 0 {
            let p = (0..8).map(|i| [[-1.0, 1.0][i & 1], [-1.0, 1.0][(i >> 1) & 1], [0.0, 2.0][i >> 2]]).collect();
            let t = vec![
                [0, 2, 1],
                [1, 2, 3],
                [4, 5, 6],
                [5, 7, 6],
                [0, 1, 4],
                [1, 5, 4],
                [2, 6, 3],
                [3, 6, 7],
                [0, 4, 2],
                [2, 4, 6],
                [1, 3, 5],
                [3, 7, 5],
                [0, 1, 2],
            ];
            (0x2000 | 0x4, p, t)
        } else {
            let p = vec![[-0.5, -0.5, 2.5], [0.5, -0.5, 2.5], [-0.5, 0.5, 2.5], [0.5, 0.5, 2.5]];
            (0x8, p, vec![[0, 1, 2], [1, 3, 2]])
        }
    }

    /// The WMO of [`root`] and [`group`] as the 0.5.x alpha stored it, in
    /// the layout of wowdev wiki "WMO" for version 14 (no public file of
    /// this version is in the corpus): one file, `MVER` 14, the root's
    /// chunks inside `MOMO` (`MOHD` without bounds, `MOMT` of 44 bytes,
    /// `MOGI` of 40, `MOLT` of 32), then the two groups' `MOGP` chunks
    /// (headers of 128 bytes; `MOPY` of 4 bytes; every triangle its own
    /// three vertices, listed in order by `MOIN`, as the alpha's are; `MOBA`
    /// with the material in byte 1 and a 16-bit start index; `MOLV`
    /// lightmap UVs). The box's vertex colours are kept (`MOCV`).
    pub fn alpha() -> Vec<u8> {
        let mut momo = Vec::new();
        let mut mohd = le(&[2, 2, 1, 1, 1, 3, 2]);
        mohd.extend([0x40, 0x30, 0x20, 0xFF]);
        mohd.extend(le(&[0]));
        mohd.extend([0; 28]);
        momo.extend(chunk(b"MOHD", &mohd));
        momo.extend(chunk(b"MOTX", b"WALL.BLP\0\0\0\0ROOF.BLP\0\0\0\0"));
        let mut momt = Vec::new();
        for (flags, blend, tex, diff) in [(0u32, 0u32, 0u32, 0xFF80_8080u32), (0x4, 1, 12, 0xFFFF_FFFF)] {
            momt.extend(le(&[1, flags, blend, tex, 0, 0, 0, diff, 0, 0, 0]));
        }
        momo.extend(chunk(b"MOMT", &momt));
        momo.extend(chunk(b"MOGN", b"\0\0hall\0roof\0"));
        let mut mogi = Vec::new();
        for (flags, bounds, name) in
            [(0x2004u32, [-1.0, -1.0, 0.0, 1.0, 1.0, 2.0], 2i32), (0x8, [-0.5, -0.5, 2.0, 0.5, 0.5, 2.5], 7)]
        {
            mogi.extend(le(&[0, 0, flags]));
            mogi.extend(floats(&bounds));
            mogi.extend(name.to_le_bytes());
        }
        momo.extend(chunk(b"MOGI", &mogi));
        momo.extend(portal_chunks());
        let mut molt = vec![0u8, 1, 0, 0, 0x00, 0x80, 0xFF, 0xFF];
        molt.extend(floats(&[0.0, 0.0, 1.5, 2.0, 1.0, 4.0]));
        momo.extend(chunk(b"MOLT", &molt));
        momo.extend(doodad_chunks(false));
        momo.extend(chunk(b"MFOG", &[]));
        let mut f = chunk(b"MVER", &le(&[14]));
        f.extend(chunk(b"MOMO", &momo));
        f.extend(alpha_group(0));
        f.extend(alpha_group(1));
        f
    }

    /// Group `index` of [`alpha`]: its `MOGP` chunk.
    fn alpha_group(index: usize) -> Vec<u8> {
        let (flags, shared, tris) = group_shape(index);
        let drawn = if index == 0 { 12 } else { 2 };
        // Every triangle its own three vertices, in order.
        let positions: Vec<[f32; 3]> = tris.iter().flatten().map(|&k| shared[k as usize]).collect();
        let n = positions.len();
        let mut mogp = le(&[if index == 0 { 2 } else { 7 }, 0, flags]);
        mogp.extend(floats(&[-1.0, -1.0, 0.0, 1.0, 1.0, 2.5]));
        mogp.extend(le(&[0, 1])); // portal start, count (32-bit)
        mogp.extend([0, 0, 0, 0]); // fogs
        mogp.extend(le(&[0])); // liquid
        mogp.extend([0u8; 64]); // intBatch[4], extBatch[4] (SMOGxBatch; not read)
        mogp.extend(le(&[0, 0, 0])); // uniqueID, padding
        let mut mopy = Vec::new();
        for t in 0..tris.len() {
            mopy.extend(if t < drawn { [0x20, 0, index as u8, 0] } else { [0x08, 0, 0xFF, 0] });
        }
        mogp.extend(chunk(b"MOPY", &mopy));
        mogp.extend(chunk(b"MOVT", &floats(&positions.iter().flatten().copied().collect::<Vec<_>>())));
        let normals: Vec<f32> = positions.iter().flat_map(|_| [0.0, 0.0, 1.0]).collect();
        mogp.extend(chunk(b"MONR", &floats(&normals)));
        let uv: Vec<f32> = positions.iter().flat_map(|p| [p[0] * 0.5 + 0.5, p[1] * 0.5 + 0.5]).collect();
        mogp.extend(chunk(b"MOTV", &floats(&uv)));
        mogp.extend(chunk(b"MOLV", &floats(&uv)));
        mogp.extend(chunk(b"MOIN", &(0..n as u16).flat_map(u16::to_le_bytes).collect::<Vec<u8>>()));
        let mut moba = vec![0u8, index as u8];
        moba.extend([0u8; 12]);
        moba.extend(0u16.to_le_bytes());
        moba.extend((drawn as u16 * 3).to_le_bytes());
        moba.extend(0u16.to_le_bytes());
        moba.extend((drawn as u16 * 3 - 1).to_le_bytes());
        moba.extend([0, 0]);
        mogp.extend(chunk(b"MOBA", &moba));
        if index == 0 {
            mogp.extend(chunk(b"MODR", &[0, 0, 1, 0, 2, 0]));
            let colors: Vec<u8> = (0..n).flat_map(|i| [(i % 8) as u8 * 0x10, 0x40, 0x80, 0xFF]).collect();
            mogp.extend(chunk(b"MOCV", &colors));
        }
        chunk(b"MOGP", &mogp)
    }

    /// `group` (a file of [`group`]) with a liquid added as the wowdev
    /// wiki's "WMO" page lays out `MLIQ`: a grid of 3 × 2 vertices (2 × 1
    /// tiles) from corner (−1, −1, 0.5), every height 0.5, material 0; the
    /// first tile holds liquid (its byte 0x00), the second not (0x0F). The
    /// `MOGP` header gets flag 0x1000 (has liquid) and `group_liquid` as
    /// its liquid type (2: magma, for a root without `MOHD` flag 0x4).
    pub fn with_liquid(group: &[u8], group_liquid: u32) -> Vec<u8> {
        let mut mliq = le(&[3, 2, 2, 1]);
        mliq.extend(floats(&[-1.0, -1.0, 0.5]));
        mliq.extend(0u16.to_le_bytes());
        for _ in 0..6 {
            mliq.extend([0, 0, 0, 0]);
            mliq.extend(0.5f32.to_le_bytes());
        }
        mliq.extend([0x00, 0x0F]);
        // MVER (12 bytes), then MOGP: tag, size, the 68-byte header and its sub-chunks.
        let mut mogp = group[20..].to_vec();
        let flags = u32::from_le_bytes(mogp[8..12].try_into().unwrap()) | 0x1000;
        mogp[8..12].copy_from_slice(&flags.to_le_bytes());
        mogp[52..56].copy_from_slice(&group_liquid.to_le_bytes());
        mogp.extend(chunk(b"MLIQ", &mliq));
        let mut f = group[..12].to_vec();
        f.extend(chunk(b"MOGP", &mogp));
        f
    }
}

/// Map tiles in layouts no public sample has, written from a real
/// monolithic (1.x–3.x) tile in the layouts of wowdev wiki "ADT/v18": the
/// 4.0+ split files, and vertex colours (`MCCV`).
pub mod adt {
    use super::wmo::chunk;

    /// The top-level chunks of a tile: tag (as the wiki spells it) and payload.
    fn top_level(bytes: &[u8]) -> Vec<([u8; 4], &[u8])> {
        let mut out = Vec::new();
        let mut pos = 0;
        while pos + 8 <= bytes.len() {
            let tag = [bytes[pos + 3], bytes[pos + 2], bytes[pos + 1], bytes[pos]];
            let size = u32::from_le_bytes(bytes[pos + 4..pos + 8].try_into().unwrap()) as usize;
            out.push((tag, &bytes[pos + 8..pos + 8 + size]));
            pos += 8 + size;
        }
        out
    }

    fn word(b: &[u8], i: usize) -> u32 {
        u32::from_le_bytes(b[i * 4..i * 4 + 4].try_into().unwrap())
    }

    /// The sub-chunk at header offset `ofs` of an `MCNK` payload, with the
    /// declared size (`None`: offset 0). Panics on a broken tile.
    fn sub(mcnk: &[u8], ofs: u32) -> Option<&[u8]> {
        let at = (ofs as usize).checked_sub(8).filter(|_| ofs != 0)?;
        let size = u32::from_le_bytes(mcnk[at + 4..at + 8].try_into().unwrap()) as usize;
        Some(&mcnk[at + 8..at + 8 + size])
    }

    /// A monolithic tile split as 4.0+ clients store it: the root (`MVER`,
    /// `MHDR`, `MH2O`, `MCNK` with its 128-byte header — layer and alpha
    /// offsets zeroed — then `MCVT`, `MCNR`), `_tex0` (`MVER`, `MTEX`, `MCNK`
    /// of `MCLY`, `MCSH`, `MCAL` without header) and `_obj0` (`MVER`, the
    /// name and placement chunks, `MCNK` of `MCRD`, `MCRW`). `MCNR` keeps
    /// its 13 padding bytes (undeclared) in even chunks, none in odd ones.
    pub fn split(tile: &[u8]) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
        let mver = chunk(b"MVER", &18u32.to_le_bytes());
        let (mut root, mut tex, mut obj) = (mver.clone(), mver.clone(), mver);
        let mut index = 0;
        for (tag, data) in top_level(tile) {
            match &tag {
                b"MHDR" | b"MH2O" => root.extend(chunk(&tag, data)),
                b"MTEX" => tex.extend(chunk(&tag, data)),
                b"MMDX" | b"MMID" | b"MWMO" | b"MWID" | b"MDDF" | b"MODF" => obj.extend(chunk(&tag, data)),
                b"MCNK" => {
                    let mut header = data[..128].to_vec();
                    for field in [7, 8, 9, 10, 11, 12, 24, 25, 29] {
                        header[field * 4..field * 4 + 4].fill(0);
                    }
                    let mut r = header;
                    r.extend(chunk(b"MCVT", sub(data, word(data, 5)).unwrap()));
                    r.extend(chunk(b"MCNR", &sub(data, word(data, 6)).unwrap()[..435]));
                    if index % 2 == 0 {
                        r.extend([0u8; 13]);
                    }
                    root.extend(chunk(b"MCNK", &r));
                    let mut t = Vec::new();
                    for (ofs, tag) in [(7, b"MCLY"), (11, b"MCSH"), (9, b"MCAL")] {
                        if let Some(s) = sub(data, word(data, ofs)) {
                            t.extend(chunk(tag, s));
                        }
                    }
                    tex.extend(chunk(b"MCNK", &t));
                    // MCRF: the doodad references, then the WMO ones.
                    let refs = sub(data, word(data, 8)).unwrap_or_default();
                    let doodads = (word(data, 4) as usize * 4).min(refs.len());
                    let mut o = chunk(b"MCRD", &refs[..doodads]);
                    o.extend(chunk(b"MCRW", &refs[doodads..]));
                    obj.extend(chunk(b"MCNK", &o));
                    index += 1;
                }
                _ => {}
            }
        }
        (root, tex, obj)
    }

    /// The tile moved `dx` tiles along its name's x index and `dy` along
    /// its y index (as the tile `<map>_<x+dx>_<y+dy>`): every `MCNK`
    /// position (header offset 0x68: world x, then y) less `dy` and `dx`
    /// tile sizes (wowdev wiki "ADT/v18": world x and y fall as the indices
    /// grow). Placements are left as they are.
    pub fn moved(tile: &[u8], dx: i32, dy: i32) -> Vec<u8> {
        let mut out = Vec::new();
        for (tag, data) in top_level(tile) {
            let mut d = data.to_vec();
            if &tag == b"MCNK" {
                for (at, by) in [(0x68, dy), (0x6C, dx)] {
                    let v = f32::from_le_bytes(d[at..at + 4].try_into().unwrap()) - by as f32 * crate::adt::TILE_SIZE;
                    d[at..at + 4].copy_from_slice(&v.to_le_bytes());
                }
            }
            out.extend(chunk(&tag, &d));
        }
        out
    }

    /// A placement as `MDDF`/`MODF` store it: name index, position in
    /// placement space (`crate::adt::placement_position`), rotation in
    /// degrees, and (`MODF`) the doodad set.
    #[derive(Debug, Clone, Copy)]
    pub struct Placement {
        /// Index into the names.
        pub name: u32,
        /// Placement-space position.
        pub position: [f32; 3],
        /// Degrees.
        pub rotation: [f32; 3],
        /// `MODF` only.
        pub doodad_set: u16,
    }

    /// The tile with its placements replaced: `models` (`MMDX`/`MMID`)
    /// placed by `doodads` (`MDDF`, scale 1.0 = 1024) and `wmos`
    /// (`MWMO`/`MWID`) by `objects` (`MODF`, 3.x: no scale).
    pub fn with_placements(
        tile: &[u8],
        models: &[&str],
        doodads: &[Placement],
        wmos: &[&str],
        objects: &[Placement],
    ) -> Vec<u8> {
        let names = |n: &[&str]| -> (Vec<u8>, Vec<u8>) {
            let (mut blob, mut offsets) = (Vec::new(), Vec::new());
            for name in n {
                offsets.extend((blob.len() as u32).to_le_bytes());
                blob.extend(name.bytes().chain([0]));
            }
            (blob, offsets)
        };
        let record = |p: &Placement, id: usize| -> Vec<u8> {
            let mut r = [p.name, id as u32].iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>();
            r.extend(p.position.iter().chain(&p.rotation).flat_map(|f| f.to_le_bytes()));
            r
        };
        let (mmdx, mmid) = names(models);
        let (mwmo, mwid) = names(wmos);
        let mut mddf = Vec::new();
        for (i, p) in doodads.iter().enumerate() {
            mddf.extend(record(p, i));
            mddf.extend([0x00, 0x04, 0, 0]);
        }
        let mut modf = Vec::new();
        for (i, p) in objects.iter().enumerate() {
            modf.extend(record(p, doodads.len() + i));
            modf.extend([0u8; 24]);
            modf.extend([0, 0]);
            modf.extend(p.doodad_set.to_le_bytes());
            modf.extend([0u8; 4]);
        }
        let mut out = Vec::new();
        for (tag, data) in top_level(tile) {
            match &tag {
                b"MMDX" => out.extend(chunk(&tag, &mmdx)),
                b"MMID" => out.extend(chunk(&tag, &mmid)),
                b"MWMO" => out.extend(chunk(&tag, &mwmo)),
                b"MWID" => out.extend(chunk(&tag, &mwid)),
                b"MDDF" => out.extend(chunk(&tag, &mddf)),
                b"MODF" => out.extend(chunk(&tag, &modf)),
                _ => out.extend(chunk(&tag, data)),
            }
        }
        out
    }

    /// The tile with vertex colours (`MCCV`, 145 × b g r a) appended to its
    /// `MCNK` number `index`: the chunk's flag 0x40 set, its header's `MCCV`
    /// offset (word 29) pointing at them.
    pub fn with_vertex_colors(tile: &[u8], index: usize, bgra: &[[u8; 4]; 145]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut k = 0;
        for (tag, data) in top_level(tile) {
            if &tag == b"MCNK" && k == index {
                let mut d = data.to_vec();
                let ofs = d.len() as u32 + 8; // relative to the MCNK tag
                d[0] |= 0x40;
                d[29 * 4..29 * 4 + 4].copy_from_slice(&ofs.to_le_bytes());
                d.extend(chunk(b"MCCV", &bgra.concat()));
                out.extend(chunk(&tag, &d));
            } else {
                out.extend(chunk(&tag, data));
            }
            k += (&tag == b"MCNK") as usize;
        }
        out
    }
}
