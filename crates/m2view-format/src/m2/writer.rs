//! Writer for the raw structures: produces MD20 / MD21 M2 files, `.skin`,
//! `.anim` and (in [`crate::blp`]) BLP files from hand-specified values, so
//! tests and the demo-asset generator need no game files.
//!
//! It is the mirror of the parser: the record layouts come from the same
//! [`Layout`] table, so `parse(write(x)) == x` for every supported version.
//! Data blocks are 16-byte aligned, as Blizzard's exporter does.

use crate::raw::chunked::{Chunks, M2File};
use crate::raw::layout::Layout;
use crate::raw::m2::*;
use crate::raw::skin::{SkinProfile, section_size};
use crate::raw::track::{FBlock, M2Track, RawValue, SequenceKeys, TrackKeys};
use crate::reader::M2Array;

/// A growing file with 16-byte aligned data blocks.
#[derive(Debug, Default)]
pub struct Buf {
    /// Bytes written so far.
    pub out: Vec<u8>,
}

impl Buf {
    fn align(&mut self) {
        while !self.out.len().is_multiple_of(16) {
            self.out.push(0);
        }
    }

    /// Appends `items` as an aligned array; empty arrays are `{0, 0}`.
    pub fn array<T: RawValue>(&mut self, items: &[T]) -> M2Array {
        if items.is_empty() {
            return M2Array::default();
        }
        self.align();
        let offset = self.out.len() as u32;
        for it in items {
            it.write(&mut self.out);
        }
        M2Array { count: items.len() as u32, offset }
    }

    /// Appends pre-encoded records.
    pub fn records(&mut self, recs: &[Vec<u8>]) -> M2Array {
        if recs.is_empty() {
            return M2Array::default();
        }
        self.align();
        let offset = self.out.len() as u32;
        for r in recs {
            self.out.extend_from_slice(r);
        }
        M2Array { count: recs.len() as u32, offset }
    }

    /// Appends a zero-terminated string (count includes the NUL).
    pub fn string(&mut self, s: &str) -> M2Array {
        if s.is_empty() {
            return M2Array::default();
        }
        let mut b = s.as_bytes().to_vec();
        b.push(0);
        self.array(&b)
    }

    /// Appends the key data of a track and returns its header bytes.
    pub fn track<T: RawValue>(&mut self, t: &M2Track<T>, legacy: bool, with_values: bool) -> Vec<u8> {
        let mut h = Vec::with_capacity(28);
        put_u16(&mut h, t.interpolation);
        put_u16(&mut h, t.global_sequence as u16);
        match (&t.keys, legacy) {
            (TrackKeys::Timeline { ranges, times, values }, true) => {
                let r: Vec<u32> = ranges.iter().flatten().copied().collect();
                let ra = self.array(&r);
                let ra = M2Array { count: ranges.len() as u32, offset: ra.offset };
                let ta = self.array(times);
                let va = self.array(values);
                put_array(&mut h, ra);
                put_array(&mut h, ta);
                if with_values {
                    put_array(&mut h, va);
                }
            }
            (TrackKeys::PerSequence(seqs), false) => {
                let mut ts = Vec::new();
                let mut vs = Vec::new();
                for k in seqs {
                    match k {
                        SequenceKeys::Loaded { times, values } => {
                            ts.push(self.array(times));
                            vs.push(self.array(values));
                        }
                        SequenceKeys::External { times, values } => {
                            ts.push(*times);
                            vs.push(*values);
                        }
                    }
                }
                let ta = self.arrays(&ts);
                put_array(&mut h, ta);
                if with_values {
                    let va = self.arrays(&vs);
                    put_array(&mut h, va);
                }
            }
            // A track in the other version's organisation (only the empty default
            // track is meant to take this path): written as an empty track.
            _ => {
                let n = (if legacy { 3 } else { 2 }) - usize::from(!with_values);
                for _ in 0..n {
                    put_array(&mut h, M2Array::default());
                }
            }
        }
        h
    }

    fn arrays(&mut self, a: &[M2Array]) -> M2Array {
        let flat: Vec<u32> = a.iter().flat_map(|x| [x.count, x.offset]).collect();
        let r = self.array(&flat);
        M2Array { count: a.len() as u32, offset: r.offset }
    }

    fn fblock<T: RawValue>(&mut self, f: &FBlock<T>) -> Vec<u8> {
        let mut h = Vec::new();
        let t = self.array(&f.times);
        let v = self.array(&f.values);
        put_array(&mut h, t);
        put_array(&mut h, v);
        h
    }
}

fn put_u16(o: &mut Vec<u8>, v: u16) {
    o.extend_from_slice(&v.to_le_bytes());
}
fn put_u32(o: &mut Vec<u8>, v: u32) {
    o.extend_from_slice(&v.to_le_bytes());
}
fn put_f32(o: &mut Vec<u8>, v: f32) {
    o.extend_from_slice(&v.to_le_bytes());
}
fn put_vec(o: &mut Vec<u8>, v: &[f32]) {
    for x in v {
        put_f32(o, *x);
    }
}
fn put_array(o: &mut Vec<u8>, a: M2Array) {
    put_u32(o, a.count);
    put_u32(o, a.offset);
}

/// Encodes MD20 data (a pre-Legion file, or the MD21 payload).
pub fn write_md20(m: &Md20) -> Vec<u8> {
    let l = Layout::new(m.version, m.global_flags);
    let lg = l.legacy;
    let header_size = l.header + if l.has_combiner_combos(m.global_flags) { 8 } else { 0 };
    let mut b = Buf { out: vec![0; header_size] };
    let mut h = Vec::with_capacity(header_size);
    h.extend_from_slice(b"MD20");
    put_u32(&mut h, m.version);
    put_array(&mut h, b.string(&m.name));
    put_u32(&mut h, m.global_flags);
    put_array(&mut h, b.array(&m.global_loops));
    let seqs: Vec<Vec<u8>> = m.sequences.iter().map(|s| sequence_bytes(s, lg)).collect();
    put_array(&mut h, b.records(&seqs));
    put_array(&mut h, b.array(&m.sequence_lookup));
    if lg {
        let pl: Vec<Vec<u8>> = m
            .playable_animation_lookup
            .iter()
            .map(|p| [p.fallback_id.to_le_bytes(), p.flags.to_le_bytes()].concat())
            .collect();
        put_array(&mut h, b.records(&pl));
    }
    let bones: Vec<Vec<u8>> = m.bones.iter().map(|x| bone_bytes(&mut b, x, &l)).collect();
    put_array(&mut h, b.records(&bones));
    put_array(&mut h, b.array(&m.key_bone_lookup));
    let verts: Vec<Vec<u8>> = m.vertices.iter().map(vertex_bytes).collect();
    put_array(&mut h, b.records(&verts));
    if lg {
        let views: Vec<Vec<u8>> = m.skin_profiles.iter().map(|p| skin_arrays(&mut b, p, m.version)).collect();
        put_array(&mut h, b.records(&views));
    } else {
        put_u32(&mut h, m.num_skin_profiles);
    }
    let colors: Vec<Vec<u8>> =
        m.colors.iter().map(|c| [b.track(&c.color, lg, true), b.track(&c.alpha, lg, true)].concat()).collect();
    put_array(&mut h, b.records(&colors));
    let textures: Vec<Vec<u8>> = m
        .textures
        .iter()
        .map(|t| {
            let mut o = Vec::new();
            put_u32(&mut o, t.kind);
            put_u32(&mut o, t.flags);
            put_array(&mut o, b.string(&t.filename));
            o
        })
        .collect();
    put_array(&mut h, b.records(&textures));
    let weights: Vec<Vec<u8>> = m.texture_weights.iter().map(|t| b.track(t, lg, true)).collect();
    put_array(&mut h, b.records(&weights));
    if lg {
        let fb: Vec<Vec<u8>> = m.texture_flipbooks.iter().map(|t| b.track(t, lg, true)).collect();
        put_array(&mut h, b.records(&fb));
    }
    let tt: Vec<Vec<u8>> = m
        .texture_transforms
        .iter()
        .map(|t| {
            [b.track(&t.translation, lg, true), b.track(&t.rotation, lg, true), b.track(&t.scaling, lg, true)].concat()
        })
        .collect();
    put_array(&mut h, b.records(&tt));
    put_array(&mut h, b.array(&m.replaceable_texture_lookup));
    let mats: Vec<Vec<u8>> =
        m.materials.iter().map(|x| [x.flags.to_le_bytes(), x.blending_mode.to_le_bytes()].concat()).collect();
    put_array(&mut h, b.records(&mats));
    put_array(&mut h, b.array(&m.bone_lookup));
    put_array(&mut h, b.array(&m.texture_lookup));
    put_array(&mut h, b.array(&m.texture_coord_lookup));
    put_array(&mut h, b.array(&m.transparency_lookup));
    put_array(&mut h, b.array(&m.texture_transform_lookup));
    put_vec(&mut h, &m.bounding_box);
    put_f32(&mut h, m.bounding_radius);
    put_vec(&mut h, &m.collision_box);
    put_f32(&mut h, m.collision_radius);
    put_array(&mut h, b.array(&m.collision_indices));
    put_array(&mut h, b.array(&m.collision_positions));
    put_array(&mut h, b.array(&m.collision_normals));
    let att: Vec<Vec<u8>> = m.attachments.iter().map(|a| attachment_bytes(&mut b, a, lg)).collect();
    put_array(&mut h, b.records(&att));
    put_array(&mut h, b.array(&m.attachment_lookup));
    let ev: Vec<Vec<u8>> = m
        .events
        .iter()
        .map(|e| {
            let mut o = e.identifier.to_vec();
            put_u32(&mut o, e.data);
            put_u32(&mut o, e.bone);
            put_vec(&mut o, &e.position);
            o.extend(b.track(&e.enabled, lg, false));
            o
        })
        .collect();
    put_array(&mut h, b.records(&ev));
    let lights: Vec<Vec<u8>> = m
        .lights
        .iter()
        .map(|x| {
            let mut o = Vec::new();
            put_u16(&mut o, x.kind);
            put_u16(&mut o, x.bone as u16);
            put_vec(&mut o, &x.position);
            o.extend(b.track(&x.ambient_color, lg, true));
            o.extend(b.track(&x.ambient_intensity, lg, true));
            o.extend(b.track(&x.diffuse_color, lg, true));
            o.extend(b.track(&x.diffuse_intensity, lg, true));
            o.extend(b.track(&x.attenuation_start, lg, true));
            o.extend(b.track(&x.attenuation_end, lg, true));
            o.extend(b.track(&x.visibility, lg, true));
            o
        })
        .collect();
    put_array(&mut h, b.records(&lights));
    let cams: Vec<Vec<u8>> = m.cameras.iter().map(|c| camera_bytes(&mut b, c, &l)).collect();
    put_array(&mut h, b.records(&cams));
    put_array(&mut h, b.array(&m.camera_lookup));
    let ribbons: Vec<Vec<u8>> = m.ribbons.iter().map(|r| ribbon_bytes(&mut b, r, &l)).collect();
    put_array(&mut h, b.records(&ribbons));
    let parts: Vec<Vec<u8>> = m.particles.iter().map(|p| particle_bytes(&mut b, p, &l)).collect();
    put_array(&mut h, b.records(&parts));
    if l.has_combiner_combos(m.global_flags) {
        let a = b.array(m.texture_combiner_combos.as_deref().unwrap_or(&[]));
        put_array(&mut h, a);
    }
    debug_assert_eq!(h.len(), header_size);
    b.out[..header_size].copy_from_slice(&h);
    b.out
}

fn attachment_bytes(b: &mut Buf, a: &M2Attachment, legacy: bool) -> Vec<u8> {
    let mut o = Vec::new();
    put_u32(&mut o, a.id);
    put_u16(&mut o, a.bone);
    put_u16(&mut o, a.unknown);
    put_vec(&mut o, &a.position);
    o.extend(b.track(&a.animate_attached, legacy, true));
    o
}

fn sequence_bytes(s: &M2Sequence, legacy: bool) -> Vec<u8> {
    let mut o = Vec::new();
    put_u16(&mut o, s.id);
    put_u16(&mut o, s.variation_index);
    if legacy {
        put_u32(&mut o, s.start_timestamp);
        put_u32(&mut o, s.start_timestamp + s.duration);
    } else {
        put_u32(&mut o, s.duration);
    }
    put_f32(&mut o, s.movespeed);
    put_u32(&mut o, s.flags);
    put_u16(&mut o, s.frequency as u16);
    put_u16(&mut o, s.padding);
    put_u32(&mut o, s.replay[0]);
    put_u32(&mut o, s.replay[1]);
    put_u32(&mut o, s.blend_time);
    put_vec(&mut o, &s.bounds);
    put_f32(&mut o, s.bounds_radius);
    put_u16(&mut o, s.variation_next as u16);
    put_u16(&mut o, s.alias_next);
    o
}

fn bone_bytes(b: &mut Buf, x: &M2CompBone, l: &Layout) -> Vec<u8> {
    let mut o = Vec::new();
    put_u32(&mut o, x.key_bone_id as u32);
    put_u32(&mut o, x.flags);
    put_u16(&mut o, x.parent_bone as u16);
    put_u16(&mut o, x.submesh_id);
    if l.version >= crate::raw::layout::TBC {
        put_u32(&mut o, x.bone_name_crc);
    }
    o.extend(b.track(&x.translation, l.legacy, true));
    o.extend(match &x.rotation {
        BoneRotation::Compressed(t) => b.track(t, l.legacy, true),
        BoneRotation::Float(t) => b.track(t, l.legacy, true),
    });
    o.extend(b.track(&x.scale, l.legacy, true));
    put_vec(&mut o, &x.pivot);
    o
}

fn vertex_bytes(v: &M2Vertex) -> Vec<u8> {
    let mut o = Vec::with_capacity(48);
    put_vec(&mut o, &v.pos);
    o.extend_from_slice(&v.bone_weights);
    o.extend_from_slice(&v.bone_indices);
    put_vec(&mut o, &v.normal);
    put_vec(&mut o, &v.tex_coords[0]);
    put_vec(&mut o, &v.tex_coords[1]);
    o
}

fn camera_bytes(b: &mut Buf, c: &M2Camera, l: &Layout) -> Vec<u8> {
    let lg = l.legacy;
    let mut o = Vec::new();
    put_u32(&mut o, c.kind as u32);
    if l.version < crate::raw::layout::CATA {
        put_f32(&mut o, c.fov.unwrap_or(0.0));
    }
    put_f32(&mut o, c.far_clip);
    put_f32(&mut o, c.near_clip);
    o.extend(b.track(&c.positions, lg, true));
    put_vec(&mut o, &c.position_base);
    o.extend(b.track(&c.target_positions, lg, true));
    put_vec(&mut o, &c.target_position_base);
    o.extend(b.track(&c.roll, lg, true));
    if l.version >= crate::raw::layout::CATA {
        o.extend(b.track(&c.fov_track.clone().unwrap_or_default(), lg, true));
    }
    o
}

fn ribbon_bytes(b: &mut Buf, r: &M2Ribbon, l: &Layout) -> Vec<u8> {
    let lg = l.legacy;
    let mut o = Vec::new();
    put_u32(&mut o, r.ribbon_id as u32);
    put_u32(&mut o, r.bone_index);
    put_vec(&mut o, &r.position);
    put_array(&mut o, b.array(&r.texture_indices));
    put_array(&mut o, b.array(&r.material_indices));
    o.extend(b.track(&r.color, lg, true));
    o.extend(b.track(&r.alpha, lg, true));
    o.extend(b.track(&r.height_above, lg, true));
    o.extend(b.track(&r.height_below, lg, true));
    put_f32(&mut o, r.edges_per_second);
    put_f32(&mut o, r.edge_lifetime);
    put_f32(&mut o, r.gravity);
    put_u16(&mut o, r.texture_rows);
    put_u16(&mut o, r.texture_cols);
    o.extend(b.track(&r.tex_slot, lg, true));
    o.extend(b.track(&r.visibility, lg, true));
    if !lg {
        put_u16(&mut o, r.priority_plane as u16);
        o.push(r.color_index as u8);
        o.push(r.texture_transform_lookup as u8);
    }
    o
}

fn particle_bytes(b: &mut Buf, p: &M2Particle, l: &Layout) -> Vec<u8> {
    let lg = l.legacy;
    let mut o = Vec::new();
    put_u32(&mut o, p.particle_id as u32);
    put_u32(&mut o, p.flags);
    put_vec(&mut o, &p.position);
    put_u16(&mut o, p.bone);
    put_u16(&mut o, p.texture);
    put_array(&mut o, b.string(&p.geometry_model));
    put_array(&mut o, b.string(&p.recursion_model));
    if l.version >= crate::raw::layout::TBC_LATE {
        o.push(p.blending_type as u8);
        o.push(p.emitter_type as u8);
        put_u16(&mut o, p.particle_color_index);
    } else {
        put_u16(&mut o, p.blending_type);
        put_u16(&mut o, p.emitter_type);
    }
    o.extend_from_slice(&p.particle_type);
    put_u16(&mut o, p.texture_tile_rotation as u16);
    put_u16(&mut o, p.texture_rows);
    put_u16(&mut o, p.texture_cols);
    o.extend(b.track(&p.emission_speed, lg, true));
    o.extend(b.track(&p.speed_variation, lg, true));
    o.extend(b.track(&p.vertical_range, lg, true));
    o.extend(b.track(&p.horizontal_range, lg, true));
    o.extend(b.track(&p.gravity, lg, true));
    o.extend(b.track(&p.lifespan, lg, true));
    if !lg {
        put_f32(&mut o, p.lifespan_vary);
    }
    o.extend(b.track(&p.emission_rate, lg, true));
    if !lg {
        put_f32(&mut o, p.emission_rate_vary);
    }
    o.extend(b.track(&p.emission_area_length, lg, true));
    o.extend(b.track(&p.emission_area_width, lg, true));
    o.extend(b.track(&p.z_source, lg, true));
    match &p.life {
        ParticleLife::Fixed {
            mid_point,
            colors,
            scales,
            lifespan_uv_anim,
            decay_uv_anim,
            tail_uv_anim,
            tail_decay_uv_anim,
        } => {
            put_f32(&mut o, *mid_point);
            for c in colors {
                o.extend_from_slice(c);
            }
            put_vec(&mut o, scales);
            for v in lifespan_uv_anim.iter().chain(decay_uv_anim) {
                put_u16(&mut o, *v);
            }
            for v in tail_uv_anim.iter().chain(tail_decay_uv_anim) {
                put_u16(&mut o, *v as u16);
            }
        }
        ParticleLife::Tracks { color, alpha, scale, scale_vary, head_cell, tail_cell } => {
            o.extend(b.fblock(color));
            o.extend(b.fblock(alpha));
            o.extend(b.fblock(scale));
            put_vec(&mut o, scale_vary);
            o.extend(b.fblock(head_cell));
            o.extend(b.fblock(tail_cell));
        }
    }
    put_f32(&mut o, p.tail_length);
    put_f32(&mut o, p.twinkle_speed);
    put_f32(&mut o, p.twinkle_percent);
    put_vec(&mut o, &p.twinkle_scale);
    put_f32(&mut o, p.burst_multiplier);
    put_f32(&mut o, p.drag);
    put_vec(&mut o, if lg { &p.spin[..1] } else { &p.spin[..] });
    put_vec(&mut o, &p.tumble);
    put_vec(&mut o, &p.wind_vector);
    put_f32(&mut o, p.wind_time);
    put_vec(&mut o, &p.follow);
    put_array(&mut o, b.array(&p.spline_points));
    o.extend(b.track(&p.enabled_in, lg, true));
    if l.particle == 492 {
        for v in p.multi_texture_params.unwrap_or_default() {
            put_u16(&mut o, v);
        }
    }
    debug_assert_eq!(o.len(), l.particle);
    o
}

fn skin_arrays(b: &mut Buf, p: &SkinProfile, version: u32) -> Vec<u8> {
    let mut o = Vec::new();
    put_array(&mut o, b.array(&p.vertices));
    put_array(&mut o, b.array(&p.indices));
    let bones: Vec<u32> = p.bones.iter().map(|x| u32::from_le_bytes(*x)).collect();
    put_array(&mut o, b.array(&bones));
    let secs: Vec<Vec<u8>> = p
        .submeshes
        .iter()
        .map(|s| {
            let mut r = Vec::new();
            for v in [
                s.skin_section_id,
                s.level,
                s.vertex_start,
                s.vertex_count,
                s.index_start,
                s.index_count,
                s.bone_count,
                s.bone_combo_index,
                s.bone_influences,
                s.center_bone_index,
            ] {
                put_u16(&mut r, v);
            }
            put_vec(&mut r, &s.center_position);
            if section_size(version) == 48 {
                put_vec(&mut r, &s.sort_center_position);
                put_f32(&mut r, s.sort_radius);
            }
            r
        })
        .collect();
    put_array(&mut o, b.records(&secs));
    let batches: Vec<Vec<u8>> = p
        .batches
        .iter()
        .map(|x| {
            let mut r = vec![x.flags, x.priority_plane as u8];
            for v in [
                x.shader_id,
                x.skin_section_index,
                x.geoset_index,
                x.color_index as u16,
                x.material_index,
                x.material_layer,
                x.texture_count,
                x.texture_combo_index,
                x.texture_coord_combo_index,
                x.texture_weight_combo_index,
                x.texture_transform_combo_index,
            ] {
                put_u16(&mut r, v);
            }
            r
        })
        .collect();
    put_array(&mut o, b.records(&batches));
    put_u32(&mut o, p.bone_count_max);
    o
}

/// Encodes a `.skin` file (`SKIN` magic) for a model of `version`.
pub fn write_skin(p: &SkinProfile, version: u32) -> Vec<u8> {
    let cata = version >= crate::raw::layout::CATA;
    let header = if cata { 0x38 } else { 0x30 };
    let mut b = Buf { out: vec![0; header] };
    let mut h = b"SKIN".to_vec();
    h.extend(skin_arrays(&mut b, p, version));
    if cata {
        let sb: Vec<Vec<u8>> = p.shadow_batches.iter().map(|s| s.to_vec()).collect();
        put_array(&mut h, b.records(&sb));
    }
    b.out[..header].copy_from_slice(&h);
    b.out
}

fn chunk(out: &mut Vec<u8>, magic: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(magic);
    put_u32(out, data.len() as u32);
    out.extend_from_slice(data);
}

fn anim_file_id_bytes(ids: &[crate::raw::chunked::AnimFileId]) -> Vec<u8> {
    ids.iter()
        .flat_map(|a| [&a.anim_id.to_le_bytes()[..], &a.sub_anim_id.to_le_bytes(), &a.file_id.to_le_bytes()].concat())
        .collect()
}

fn u32s(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Encodes a chunked (Legion+) M2: MD21 first, then the decoded chunks that
/// are set, then the raw ones. Chunk-relative arrays (EXP2, PABC, ...) are
/// not written.
pub fn write_md21(f: &M2File) -> Vec<u8> {
    let mut out = Vec::new();
    chunk(&mut out, b"MD21", &write_md20(&f.md20));
    let empty = Chunks::default();
    let c = f.chunks.as_ref().unwrap_or(&empty);
    if !c.skin_file_ids.is_empty() {
        chunk(&mut out, b"SFID", &u32s(&c.skin_file_ids));
    }
    if !c.anim_file_ids.is_empty() {
        chunk(&mut out, b"AFID", &anim_file_id_bytes(&c.anim_file_ids));
    }
    if !c.bone_file_ids.is_empty() {
        chunk(&mut out, b"BFID", &u32s(&c.bone_file_ids));
    }
    if !c.texture_file_ids.is_empty() {
        chunk(&mut out, b"TXID", &u32s(&c.texture_file_ids));
    }
    if !c.recursive_particle_models.is_empty() {
        chunk(&mut out, b"RPID", &u32s(&c.recursive_particle_models));
    }
    if !c.geometry_particle_models.is_empty() {
        chunk(&mut out, b"GPID", &u32s(&c.geometry_particle_models));
    }
    if let Some(id) = c.skeleton_file_id {
        chunk(&mut out, b"SKID", &id.to_le_bytes());
    }
    if let Some(id) = c.phys_file_id {
        chunk(&mut out, b"PFID", &id.to_le_bytes());
    }
    if let Some(l) = c.lod_data {
        let mut d = Vec::new();
        put_u16(&mut d, l.unk0);
        put_u16(&mut d, l.lod_count);
        put_f32(&mut d, l.unk2);
        d.extend_from_slice(&l.particle_bone_lod);
        put_u32(&mut d, l.unk4);
        chunk(&mut out, b"LDV1", &d);
    }
    for (magic, data) in c.data.encode() {
        chunk(&mut out, &magic, &data);
    }
    for u in &c.unknown {
        chunk(&mut out, &u.magic, &u.data);
    }
    out
}

/// Builds an `.anim` key block: call [`AnimWriter::keys`] for each external
/// key list, put the returned arrays into the M2 track as
/// [`SequenceKeys::External`], then [`AnimWriter::finish`].
#[derive(Debug, Default)]
pub struct AnimWriter {
    buf: Buf,
}

impl AnimWriter {
    /// Appends one key list; returns `(times, values)` arrays relative to the key block.
    pub fn keys<T: RawValue>(&mut self, times: &[u32], values: &[T]) -> (M2Array, M2Array) {
        (self.buf.array(times), self.buf.array(values))
    }

    /// The file bytes: the bare block, or wrapped in an `AFM2` chunk (Legion 24500+).
    pub fn finish(self, chunked: bool) -> Vec<u8> {
        if chunked { self.finish_chunk(b"AFM2") } else { self.buf.out }
    }

    /// The key block as one chunk of a chunked `.anim` file: `AFM2` (the
    /// model's keys), `AFSA` or `AFSB` (a skeleton's attachment and bone
    /// keys); a file is its chunks one after another.
    pub fn finish_chunk(self, magic: &[u8; 4]) -> Vec<u8> {
        let mut out = Vec::new();
        chunk(&mut out, magic, &self.buf.out);
        out
    }
}

/// One `.skel` chunk: a header of `header` bytes written by `fill` (its
/// arrays' data after it, offsets relative to the chunk's payload).
fn skel_chunk(out: &mut Vec<u8>, magic: &[u8; 4], header: usize, fill: impl FnOnce(&mut Buf) -> Vec<u8>) {
    let mut b = Buf { out: vec![0; header] };
    let mut h = fill(&mut b);
    h.resize(header, 0);
    b.out[..header].copy_from_slice(&h);
    chunk(out, magic, &b.out);
}

/// Encodes a `.skel` file (wowdev wiki "M2/.skel"): `SKL1` (flags 0x100,
/// name), then `SKS1`, `SKB1`, `SKA1`, `SKPD`, `AFID` and `BFID` where set.
pub fn write_skel(s: &crate::raw::skel::Skel) -> Vec<u8> {
    let l = Layout::new(crate::raw::skel::SKEL_VERSION, 0);
    let mut out = Vec::new();
    skel_chunk(&mut out, b"SKL1", 16, |b| {
        let mut h = 0x100u32.to_le_bytes().to_vec();
        put_array(&mut h, b.string(&s.name));
        h
    });
    if let Some(q) = &s.sequences {
        skel_chunk(&mut out, b"SKS1", 32, |b| {
            let mut h = Vec::new();
            put_array(&mut h, b.array(&q.global_loops));
            let seqs: Vec<Vec<u8>> = q.sequences.iter().map(|x| sequence_bytes(x, false)).collect();
            put_array(&mut h, b.records(&seqs));
            put_array(&mut h, b.array(&q.lookup));
            h
        });
    }
    if let Some((bones, lookup)) = &s.bones {
        skel_chunk(&mut out, b"SKB1", 16, |b| {
            let mut h = Vec::new();
            let recs: Vec<Vec<u8>> = bones.iter().map(|x| bone_bytes(b, x, &l)).collect();
            put_array(&mut h, b.records(&recs));
            put_array(&mut h, b.array(lookup));
            h
        });
    }
    if let Some((attachments, lookup)) = &s.attachments {
        skel_chunk(&mut out, b"SKA1", 16, |b| {
            let mut h = Vec::new();
            let recs: Vec<Vec<u8>> = attachments.iter().map(|a| attachment_bytes(b, a, false)).collect();
            put_array(&mut h, b.records(&recs));
            put_array(&mut h, b.array(lookup));
            h
        });
    }
    if let Some(parent) = s.parent {
        let mut d = vec![0u8; 8];
        put_u32(&mut d, parent);
        d.extend([0; 4]);
        chunk(&mut out, b"SKPD", &d);
    }
    if !s.anim_file_ids.is_empty() {
        chunk(&mut out, b"AFID", &anim_file_id_bytes(&s.anim_file_ids));
    }
    if !s.bone_file_ids.is_empty() {
        chunk(&mut out, b"BFID", &u32s(&s.bone_file_ids));
    }
    out
}

/// Encodes a `.bone` file (wowdev wiki "BONE"): header 1, `BIDA` bone ids, `BOMT` matrices.
pub fn write_bone(f: &crate::raw::bone::BoneFile) -> Vec<u8> {
    let mut out = 1u32.to_le_bytes().to_vec();
    let ids: Vec<u8> = f.bones.iter().flat_map(|(id, _)| id.to_le_bytes()).collect();
    let mats: Vec<u8> = f.bones.iter().flat_map(|(_, m)| m.iter().flat_map(|x| x.to_le_bytes())).collect();
    chunk(&mut out, b"BIDA", &ids);
    chunk(&mut out, b"BOMT", &mats);
    out
}
