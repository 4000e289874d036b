//! raw → [`Model`]: the only code that knows about versions besides
//! `raw::layout`. Cuts the pre-Wrath single timeline into per-sequence key
//! lists, decodes compressed values, orders bones parents first, resolves and
//! validates every lookup of the skin profiles.

use crate::error::{Error, ErrorKind, Result, ResultExt};
use crate::model::external::Payload;
use crate::model::*;
use crate::raw::chunked::{M2File, SkeletonUse};
use crate::raw::layout::{self, expansion_name};
use crate::raw::m2::{BoneRotation, M2Particle, Md20, ParticleLife};
use crate::raw::skin::SkinProfile;
use crate::raw::track::{FBlock, M2Track, RawValue, SequenceKeys, TrackKeys};

/// Decodes an `M2CompQuat` component: int16 → [-1, 1] (wowdev wiki "M2" (animation blocks) and WebWowViewerCpp `algorithms/animate.h`).
#[inline]
pub fn decompress_quat_component(s: i16) -> f32 {
    let v = if s < 0 { s as i32 + 32768 } else { s as i32 - 32767 };
    v as f32 / 32767.0
}

/// Decodes and normalises an `M2CompQuat` (x, y, z, w).
pub fn decompress_quat(q: [i16; 4]) -> [f32; 4] {
    normalize4(q.map(decompress_quat_component))
}

fn normalize4(q: [f32; 4]) -> [f32; 4] {
    let len = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]).sqrt();
    if len > 1e-8 && len.is_finite() { q.map(|c| c / len) } else { [0.0, 0.0, 0.0, 1.0] }
}

/// fixed16 (0..0x7FFF) → 0..1.
#[inline]
pub fn fixed16_to_f32(v: i16) -> f32 {
    v as f32 / 32767.0
}

/// Decodes a compressed particle gravity key (flag 0x800000), wowdev wiki "M2", "Compressed Particle Gravity".
pub fn decompress_gravity(bits: u32) -> [f32; 3] {
    let b = bits.to_le_bytes();
    let x = b[0] as i8 as f32 / 128.0;
    let y = b[1] as i8 as f32 / 128.0;
    let zc = i16::from_le_bytes([b[2], b[3]]) as f32;
    let mut z = (1.0 - (x * x + y * y)).max(0.0).sqrt();
    let mut mag = zc * 0.042_386_48;
    if mag < 0.0 {
        z = -z;
        mag = -mag;
    }
    [x * mag, y * mag, z * mag]
}

/// A raw value type that converts into a model value type.
trait FromRaw<R: RawValue>: Sized {
    fn from_raw(r: &R) -> Self;
    fn decode(b: &[u8]) -> Option<Self> {
        (b.len() >= R::SIZE).then(|| Self::from_raw(&R::read(b)))
    }
}

macro_rules! identity_from_raw {
    ($($t:ty),*) => {$(impl FromRaw<$t> for $t { fn from_raw(r: &$t) -> Self { *r } })*};
}
identity_from_raw!(u8, u16, f32, [f32; 3], SplineKey<[f32; 3]>, SplineKey<f32>);
impl FromRaw<()> for () {
    fn from_raw(_: &()) -> Self {}
}
impl FromRaw<[i16; 4]> for [f32; 4] {
    fn from_raw(r: &[i16; 4]) -> Self {
        decompress_quat(*r)
    }
}
impl FromRaw<[f32; 4]> for [f32; 4] {
    fn from_raw(r: &[f32; 4]) -> Self {
        normalize4(*r)
    }
}
impl FromRaw<i16> for f32 {
    fn from_raw(r: &i16) -> Self {
        fixed16_to_f32(*r)
    }
}

/// Per-sequence timing needed to cut a legacy timeline.
#[derive(Clone, Copy)]
struct Timing {
    start: u32,
    duration: u32,
}

struct Cx<'a> {
    timings: &'a [Timing],
    /// Key lists left in `.anim` files.
    anim_keys: std::cell::RefCell<AnimKeys>,
    /// Which block of an `.anim` file the tracks converted now point into.
    payload: std::cell::Cell<crate::model::external::Payload>,
    /// The model's skeleton file was not found: global sequences it would
    /// have held are unknown, and tracks that name them play unlooped.
    skeleton_missing: bool,
    /// Global sequences known.
    global_loops: usize,
}

fn convert_keys<R: RawValue, T: 'static>(
    raw: &M2Track<R>,
    cx: &Cx<'_>,
    conv: fn(&R) -> T,
    decode: fn(&[u8]) -> Option<T>,
) -> Track<T> {
    let known = |g: &u16| !cx.skeleton_missing || usize::from(*g) < cx.global_loops;
    let global_sequence = (raw.global_sequence >= 0).then_some(raw.global_sequence as u16).filter(known);
    let sequences = match &raw.keys {
        TrackKeys::PerSequence(seqs) => seqs
            .iter()
            .map(|k| match k {
                SequenceKeys::Loaded { times, values } => Keys::new(times.to_vec(), values.iter().map(conv).collect()),
                SequenceKeys::External { times, values } => Keys {
                    external: Some(cx.anim_keys.borrow_mut().register(
                        cx.payload.get(),
                        (*times, *values),
                        R::SIZE,
                        decode,
                    )),
                    ..Keys::default()
                },
            })
            .collect(),
        TrackKeys::Timeline { ranges, times, values } => {
            timeline(ranges, times, values, global_sequence.is_some(), cx, conv)
        }
    };
    Track { interpolation: Interpolation::from_raw(raw.interpolation), global_sequence, sequences }
}

/// The model's lights. The client ignores a light's attenuation tracks
/// unless global flag 0x8000 is set (only seen from Legion on) and uses
/// 1.6666 → 5.2666 instead (WebWowViewerCpp `AnimationManager::calcLights`).
fn lights(md: &Md20, bmap: &BoneMap, cx: &Cx<'_>) -> Vec<Light> {
    let fixed = (md.global_flags & 0x8000 == 0).then_some(LEGACY_LIGHT_ATTENUATION);
    let attenuation = |t: &M2Track<f32>, k: usize| fixed.map_or_else(|| tr(t, cx), |a| Track::constant(a[k]));
    md.lights
        .iter()
        .map(|l| Light {
            kind: l.kind,
            bone: bmap.get(l.bone as usize).filter(|_| l.bone >= 0),
            position: l.position,
            ambient_color: tr(&l.ambient_color, cx),
            ambient_intensity: tr(&l.ambient_intensity, cx),
            diffuse_color: tr(&l.diffuse_color, cx),
            diffuse_intensity: tr(&l.diffuse_intensity, cx),
            attenuation_start: attenuation(&l.attenuation_start, 0),
            attenuation_end: attenuation(&l.attenuation_end, 1),
            visibility: tr(&l.visibility, cx),
        })
        .collect()
}

/// An `M2Material`: render flags and blend mode.
fn material(m: &crate::raw::m2::M2Material) -> Material {
    Material::new(MaterialFlags::from_bits_retain(m.flags), BlendMode::from_raw(m.blending_mode))
}

/// Attenuation start and end (model units) of M2 lights in models without
/// global flag 0x8000 (see `lights`).
const LEGACY_LIGHT_ATTENUATION: [f32; 2] = [1.6666, 5.2666];

/// Cuts a legacy single timeline into per-sequence key lists (wowdev wiki "M2" (animation blocks) and WebWowViewerCpp `algorithms/animate.h`).
fn timeline<R: RawValue, T>(
    ranges: &[[u32; 2]],
    times: &[u32],
    values: &[R],
    global: bool,
    cx: &Cx<'_>,
    conv: fn(&R) -> T,
) -> Vec<Keys<T>> {
    let take = |lo: usize, hi: usize, start: u32| {
        Keys::new(
            times[lo..hi].iter().map(|t| t.saturating_sub(start)).collect(),
            if R::SIZE == 0 { Vec::new() } else { values[lo..hi].iter().map(conv).collect() },
        )
    };
    if global || times.is_empty() {
        // Global-sequence tracks keep their whole key list on the global clock.
        vec![take(0, times.len(), 0)]
    } else {
        cx.timings
            .iter()
            .enumerate()
            .map(|(s, tm)| match ranges.get(s) {
                Some(&[first, last]) => {
                    let lo = (first as usize).min(times.len());
                    let hi = (last as usize).saturating_add(1).min(times.len());
                    if lo < hi { take(lo, hi, tm.start) } else { Keys::default() }
                }
                None => {
                    // No range table: the client searches the whole timeline with
                    // the absolute time and clamps; so take the keys inside the
                    // sequence's window, or else the key that clamping would use.
                    let end = tm.start.saturating_add(tm.duration);
                    let lo = times.partition_point(|&t| t < tm.start);
                    let hi = times.partition_point(|&t| t <= end);
                    if lo < hi {
                        take(lo, hi, tm.start)
                    } else {
                        let k = lo.saturating_sub(1).min(times.len() - 1);
                        Keys { times: vec![0], ..take(k, k + 1, tm.start) }
                    }
                }
            })
            .collect()
    }
}

fn tr<R: RawValue, T: FromRaw<R> + 'static>(raw: &M2Track<R>, cx: &Cx<'_>) -> Track<T> {
    convert_keys(raw, cx, T::from_raw, T::decode)
}

fn life_curve<R: RawValue, T>(fb: &FBlock<R>, conv: impl Fn(&R) -> T) -> LifeCurve<T> {
    let n = fb.times.len().min(fb.values.len());
    LifeCurve {
        times: fb.times[..n].iter().map(|&t| t as f32 / 32767.0).collect(),
        values: fb.values[..n].iter().map(conv).collect(),
    }
}

/// Maps file bone indices to parents-first ids.
struct BoneMap {
    file_to_id: Vec<u16>,
}

impl BoneMap {
    fn get(&self, file_index: usize) -> Option<BoneId> {
        self.file_to_id.get(file_index).map(|&i| BoneId(i))
    }
}

/// Orders bones parents first. Errors on a parent out of range or a cycle.
fn order_bones(md: &Md20, r_abs: impl Fn(usize) -> u64) -> Result<Vec<usize>> {
    let n = md.bones.len();
    let mut depth = vec![0usize; n];
    for (i, b) in md.bones.iter().enumerate() {
        let mut p = b.parent_bone;
        let mut d = 0;
        while p >= 0 {
            let pi = p as usize;
            if pi >= n {
                return Err(Error::new(
                    r_abs(i),
                    ErrorKind::BadReference { index: pi as u64, len: n as u64, target: "bones" },
                ))
                .at("parent_bone")
                .at_elem("bones", i);
            }
            d += 1;
            if d > n {
                return Err(Error::invalid(r_abs(i), "bone parent chain has a cycle"))
                    .at("parent_bone")
                    .at_elem("bones", i);
            }
            p = md.bones[pi].parent_bone;
        }
        depth[i] = d;
    }
    let mut order: Vec<usize> = (0..n).collect();
    if md.bones.iter().enumerate().any(|(i, b)| b.parent_bone >= i as i16) {
        order.sort_by_key(|&i| depth[i]); // stable: keeps file order within a depth
    }
    Ok(order)
}

/// Converts a parsed M2 (plus its skin profiles) into the model.
///
/// `skins`: `(source name, profile)` for Wrath+ `.skin` files, in profile order;
/// ignored for pre-Wrath files, whose profiles are inline. Errors name the
/// structure (`bones[3].parent_bone`, `lods[0].indices[12]`, ...).
pub fn m2_to_model(file: &M2File<'_>, skins: &[(String, SkinProfile)]) -> Result<Model> {
    m2_to_model_parts(file, skins).map(|(model, _)| model)
}

/// The conversion of one M2 file, one method per part of the model; what
/// every part needs (the header, the key decoder with the sequence timings,
/// the parents-first bone map) is built once.
struct M2Converter<'a> {
    file: &'a M2File<'a>,
    md: &'a Md20<'a>,
    version: u32,
    cx: Cx<'a>,
    /// File bone indices in parents-first order.
    order: Vec<usize>,
    bmap: BoneMap,
}

impl<'a> M2Converter<'a> {
    fn new(file: &'a M2File<'a>, timings: &'a [Timing]) -> Result<M2Converter<'a>> {
        let md = &file.md20;
        let order = order_bones(md, |_| 0)?;
        let mut file_to_id = vec![0u16; md.bones.len()];
        for (new, &old) in order.iter().enumerate() {
            file_to_id[old] = new as u16;
        }
        // A `.skel` model whose skeleton was not found has no bones of its own.
        let skeleton_missing =
            md.bones.is_empty() && file.chunks.as_ref().is_some_and(|c| c.skeleton_file_id.is_some_and(|id| id != 0));
        let cx = Cx {
            timings,
            anim_keys: Default::default(),
            payload: Default::default(),
            skeleton_missing,
            global_loops: md.global_loops.len(),
        };
        Ok(M2Converter { file, md, version: md.version, cx, order, bmap: BoneMap { file_to_id } })
    }

    /// A bone by file index (−1: none).
    fn bone(&self, i: i64) -> Option<BoneId> {
        if i < 0 { None } else { self.bmap.get(i as usize) }
    }

    /// The `.anim` block of the tracks of bones (`skel`: true) or attachments
    /// taken from a skeleton, else the model's.
    fn payload_for(&self, skel_part: fn(&SkeletonUse) -> bool, skel: Payload) -> Payload {
        match &self.file.skeleton {
            Some(s) if skel_part(s) => skel,
            _ => Payload::Model,
        }
    }

    /// Bones, parents first.
    fn bones(&self) -> Vec<Bone> {
        let M2Converter { md, cx, bmap, order, .. } = self;
        cx.payload.set(self.payload_for(|s| s.bones, Payload::SkelBones));
        let bones = order
            .iter()
            .map(|&i| {
                let b = &md.bones[i];
                Bone {
                    name: String::new(),
                    file_index: i as u16,
                    key_bone_id: (b.key_bone_id >= 0).then_some(b.key_bone_id as u32),
                    flags: BoneFlags::from_bits_retain(b.flags),
                    parent: if b.parent_bone >= 0 { bmap.get(b.parent_bone as usize) } else { None },
                    submesh_id: b.submesh_id,
                    name_crc: b.bone_name_crc,
                    pivot: b.pivot,
                    translation: tr(&b.translation, cx),
                    rotation: match &b.rotation {
                        BoneRotation::Compressed(t) => tr(t, cx),
                        BoneRotation::Float(t) => tr(t, cx),
                    },
                    scale: tr(&b.scale, cx),
                }
            })
            .collect();
        cx.payload.set(Payload::Model);
        bones
    }

    /// Vertices: bone indices remapped; a weighted influence must name a real bone.
    fn vertices(&self) -> Result<Vec<Vertex>> {
        let M2Converter { md, bmap, cx, .. } = self;
        // A model whose bones live in a `.skel` that was not found has none:
        // its vertices stay where the file puts them (bind pose), unweighted.
        let skeleton_missing = cx.skeleton_missing;
        let mut vertices = Vec::with_capacity(md.vertices.len());
        for (vi, v) in md.vertices.iter().enumerate() {
            if skeleton_missing {
                vertices.push(Vertex { position: v.pos, normal: v.normal, uv: v.tex_coords, ..Default::default() });
                continue;
            }
            let mut idx = [0u16; 4];
            for (k, slot) in idx.iter_mut().enumerate() {
                if v.bone_weights[k] == 0 {
                    continue;
                }
                *slot = match bmap.get(v.bone_indices[k] as usize) {
                    Some(b) => b.0,
                    None => {
                        return Err(Error::new(
                            0,
                            ErrorKind::BadReference {
                                index: v.bone_indices[k] as u64,
                                len: md.bones.len() as u64,
                                target: "bones",
                            },
                        ))
                        .at_elem("bone_indices", k)
                        .at_elem("vertices", vi);
                    }
                };
            }
            vertices.push(Vertex {
                position: v.pos,
                normal: v.normal,
                uv: v.tex_coords,
                bone_weights: v.bone_weights,
                bone_indices: idx,
                baked_light: None,
            });
        }
        Ok(vertices)
    }

    /// Sequences: blend times, aliases, where their keys live.
    fn sequences(&self) -> Vec<Sequence> {
        let (md, version, nseq) = (self.md, self.version, self.md.sequences.len());
        let seq_ref = |v: i64| (v >= 0 && (v as usize) < nseq).then_some(SequenceId(v as u16));
        md.sequences
            .iter()
            .map(|s| {
                let (blend_in_ms, blend_out_ms) = if s.flags & 0x200 != 0 {
                    (s.blend_time & 0xFFFF, s.blend_time >> 16)
                } else {
                    (s.blend_time, s.blend_time)
                };
                let alias = s.flags & 0x40 != 0 && s.flags & 0x20 == 0;
                let data = if alias {
                    SequenceData::Alias
                } else if crate::raw::m2::sequence_is_external(version, s.flags) {
                    SequenceData::External { loaded: false }
                } else {
                    SequenceData::InFile
                };
                Sequence {
                    name: None,
                    anim_id: s.id,
                    variation: s.variation_index,
                    duration_ms: s.duration,
                    movespeed: s.movespeed,
                    flags: s.flags,
                    frequency: s.frequency,
                    replay: s.replay,
                    blend_in_ms,
                    blend_out_ms,
                    bounds: Bounds {
                        min: [s.bounds[0], s.bounds[1], s.bounds[2]],
                        max: [s.bounds[3], s.bounds[4], s.bounds[5]],
                        radius: s.bounds_radius,
                    },
                    variation_next: seq_ref(s.variation_next as i64),
                    alias_next: if alias { seq_ref(s.alias_next as i64) } else { None },
                    data,
                }
            })
            .collect()
    }

    /// Textures: by FileDataID (MD21 `TXID`), replaceable slot or path.
    fn textures(&self) -> Vec<Texture> {
        let md = self.md;
        let txid = self.file.chunks.as_ref().map(|c| c.texture_file_ids.as_slice()).unwrap_or(&[]);
        md.textures
            .iter()
            .enumerate()
            .map(|(i, t)| Texture {
                kind: t.kind,
                wrap_u: t.flags & 1 != 0,
                wrap_v: t.flags & 2 != 0,
                source: match txid.get(i) {
                    Some(&fdid) if fdid != 0 => TextureSource::FileDataId(fdid),
                    _ if t.kind != 0 => TextureSource::Replaceable,
                    _ if !t.filename.is_empty() => TextureSource::Path(t.filename.clone()),
                    _ => TextureSource::None,
                },
            })
            .collect()
    }

    /// LODs: inline profiles (≤ TBC) or the given .skin files; a bad inline
    /// profile other than 0 is skipped with a warning.
    fn lods(
        &self,
        skins: &[(String, SkinProfile)],
        textures: usize,
        materials: usize,
        warnings: &mut Vec<String>,
    ) -> Result<Vec<Lod>> {
        let M2Converter { md, bmap, version, .. } = self;
        let version = *version;
        let chunked = self.file.chunks.is_some();
        let profiles: Vec<(String, &SkinProfile)> = if version < layout::WRATH {
            md.skin_profiles.iter().enumerate().map(|(i, p)| (format!("inline[{i}]"), p)).collect()
        } else {
            skins.iter().map(|(n, p)| (n.clone(), p)).collect()
        };
        let mut lods = Vec::with_capacity(profiles.len());
        for (li, (name, p)) in profiles.iter().enumerate() {
            let vertex_start = if chunked { vertex_start(md, p, name, warnings) } else { 0 };
            match convert_lod(md, p, vertex_start, bmap, textures, materials, name, warnings) {
                // Legion+ states no bone budget: its field is the vertex start.
                Ok(l) if chunked => lods.push(Lod { bone_count_max: 0, ..l }),
                Ok(l) => lods.push(l),
                // An inline profile other than 0 may be bogus (wowdev wiki "M2/.skin"): keep the others.
                Err(e) if version < layout::WRATH && li > 0 => {
                    warnings.push(format!("skin profile {name} skipped: {e}"));
                }
                Err(e) => return Err(e).at_elem("lods", li),
            }
        }
        Ok(lods)
    }

    /// Texture weights (MD21 `TXAC`-era parent weights when present).
    fn texture_weights(&self) -> Vec<Track<f32>> {
        let (md, cx, chunks) = (self.md, &self.cx, self.file.chunks.as_ref());
        chunks
            .filter(|c| !c.parent_texture_weights.is_empty())
            .map(|c| &c.parent_texture_weights)
            .unwrap_or(&md.texture_weights)
            .iter()
            .map(|t| tr(t, cx))
            .collect()
    }

    /// UV animations.
    fn texture_transforms(&self) -> Vec<TextureTransform> {
        let M2Converter { md, cx, .. } = self;
        md.texture_transforms
            .iter()
            .map(|t| TextureTransform {
                translation: tr(&t.translation, cx),
                rotation: tr(&t.rotation, cx),
                scaling: tr(&t.scaling, cx),
            })
            .collect()
    }

    /// Attachment points.
    fn attachments(&self) -> Vec<Attachment> {
        let M2Converter { md, cx, .. } = self;
        let bone_opt = |i: i64| self.bone(i);
        cx.payload.set(self.payload_for(|s| s.attachments, Payload::SkelAttachments));
        let attachments = md
            .attachments
            .iter()
            .map(|a| Attachment {
                id: a.id,
                bone: bone_opt(a.bone as i64),
                position: a.position,
                animate: tr(&a.animate_attached, cx),
            })
            .collect();
        cx.payload.set(Payload::Model);
        attachments
    }

    /// Animation events.
    fn events(&self) -> Vec<Event> {
        let M2Converter { md, cx, .. } = self;
        let bone_opt = |i: i64| self.bone(i);
        md.events
            .iter()
            .map(|e| Event {
                identifier: String::from_utf8_lossy(&e.identifier).trim_end_matches('\0').to_string(),
                data: e.data,
                bone: bone_opt(e.bone as i64),
                position: e.position,
                times: tr(&e.enabled, cx),
            })
            .collect()
    }

    /// Cameras (FoV constant before Cata, a spline track from Cata on).
    fn cameras(&self) -> Vec<Camera> {
        let M2Converter { md, cx, .. } = self;
        md.cameras
            .iter()
            .map(|c| Camera {
                kind: c.kind,
                far_clip: c.far_clip,
                near_clip: c.near_clip,
                positions: tr(&c.positions, cx),
                position_base: c.position_base,
                targets: tr(&c.target_positions, cx),
                target_base: c.target_position_base,
                roll: tr(&c.roll, cx),
                fov: match (&c.fov_track, c.fov) {
                    (Some(t), _) => tr(t, cx),
                    (None, Some(f)) => Track::constant(SplineKey { value: f, in_tan: f, out_tan: f }),
                    (None, None) => Track::default(),
                },
            })
            .collect()
    }

    /// Ribbon emitters.
    fn ribbons(&self, tex_ref: &dyn Fn(usize) -> Option<TextureId>) -> Vec<RibbonEmitter> {
        let M2Converter { md, cx, .. } = self;
        let bone_opt = |i: i64| self.bone(i);
        md.ribbons
            .iter()
            .map(|r| RibbonEmitter {
                bone: bone_opt(r.bone_index as i64),
                position: r.position,
                textures: r.texture_indices.iter().map(|&t| tex_ref(t as usize)).collect(),
                materials: r.material_indices.clone(),
                color: tr(&r.color, cx),
                alpha: tr(&r.alpha, cx),
                height_above: tr(&r.height_above, cx),
                height_below: tr(&r.height_below, cx),
                edges_per_second: r.edges_per_second,
                edge_lifetime: r.edge_lifetime,
                gravity: r.gravity,
                texture_rows: r.texture_rows,
                texture_cols: r.texture_cols,
                tex_slot: tr(&r.tex_slot, cx),
                visibility: tr(&r.visibility, cx),
                priority_plane: r.priority_plane,
            })
            .collect()
    }

    /// Where the model came from: MD20 or MD21 and its chunks (their
    /// warnings join `warnings`).
    fn source(&self, warnings: &mut Vec<String>) -> SourceInfo {
        let chunks = self.file.chunks.as_ref();
        if let Some(c) = chunks {
            warnings.extend(c.warnings.iter().cloned());
        }
        SourceInfo {
            format: if chunks.is_some() { SourceFormat::Md21 } else { SourceFormat::Md20 },
            version: self.version,
            expansion: expansion_name(self.version),
            chunks: chunks.map_or_else(Vec::new, |c| c.order.iter().map(|m| m2view_error::show_tag(m)).collect()),
            unknown_chunks: chunks
                .map_or_else(Vec::new, |c| c.unknown.iter().map(|u| m2view_error::show_tag(&u.magic)).collect()),
        }
    }
}

/// [`m2_to_model`] with the key lists the model left in `.anim` files
/// ([`AnimKeys::load`] fills them; `LoadedModel` keeps them).
///
/// # Errors
/// As [`m2_to_model`].
pub fn m2_to_model_parts(file: &M2File<'_>, skins: &[(String, SkinProfile)]) -> Result<(Model, AnimKeys)> {
    let md = &file.md20;
    let timings: Vec<Timing> =
        md.sequences.iter().map(|s| Timing { start: s.start_timestamp, duration: s.duration }).collect();
    let c = M2Converter::new(file, &timings)?;
    let mut warnings: Vec<String> = file.warnings.iter().map(ToString::to_string).collect();
    let (bones, vertices, sequences) = (c.bones(), c.vertices()?, c.sequences());
    let textures = c.textures();
    let tex_ref = |i: usize| (i < textures.len()).then_some(TextureId(i as u16));
    let materials: Vec<Material> = md.materials.iter().map(material).collect();
    let mut lods = c.lods(skins, textures.len(), materials.len(), &mut warnings)?;
    if let Some(w) = file.chunks.as_ref().and_then(|ch| ch.data.waterfall) {
        waterfall_batches(&mut lods, md, textures.len(), w.version);
    }
    let declared_lods = if c.version < layout::WRATH { md.skin_profiles.len() } else { md.num_skin_profiles as usize };
    let colors =
        md.colors.iter().map(|k| ColorAnim { color: tr(&k.color, &c.cx), alpha: tr(&k.alpha, &c.cx) }).collect();
    let (texture_weights, texture_transforms) = (c.texture_weights(), c.texture_transforms());
    let (attachments, events, lights, cameras) = (c.attachments(), c.events(), lights(md, &c.bmap, &c.cx), c.cameras());
    let ribbons = c.ribbons(&tex_ref);
    let mut particles: Vec<ParticleEmitter> =
        md.particles.iter().map(|p| convert_particle(p, c.version, &c.cx, &c.bmap, &tex_ref)).collect();
    // 8.1+: the spawned and aliased models by FileDataID, one entry per emitter (`GPID`, `RPID`).
    if let Some(ch) = file.chunks.as_ref() {
        let id = |ids: &[u32], i: usize| ids.get(i).copied().filter(|&id| id != 0);
        for (i, p) in particles.iter_mut().enumerate() {
            p.geometry_model_fdid = id(&ch.geometry_particle_models, i);
            p.recursion_model_fdid = id(&ch.recursive_particle_models, i);
        }
    }
    for (i, what) in particles.iter().enumerate().filter_map(|(i, p)| Some((i, p.recursion_model_ref()?))) {
        warnings.push(format!("particle emitter {i} stands for the emitters of {what} (recursion model): not drawn"));
    }
    let anim_keys = c.cx.anim_keys.take();
    let model = Model {
        source: c.source(&mut warnings),
        name: md.name.clone(),
        global_flags: md.global_flags,
        global_sequences: md.global_loops.clone(),
        sequences,
        sequence_lookup: md.sequence_lookup.clone(),
        bones,
        vertices,
        lods,
        declared_lods,
        colors,
        textures,
        texture_weights,
        texture_transforms,
        materials,
        texture_combiner_combos: md.texture_combiner_combos.clone(),
        bounds: Bounds {
            min: [md.bounding_box[0], md.bounding_box[1], md.bounding_box[2]],
            max: [md.bounding_box[3], md.bounding_box[4], md.bounding_box[5]],
            radius: md.bounding_radius,
        },
        collision: Collision {
            bounds: Bounds {
                min: [md.collision_box[0], md.collision_box[1], md.collision_box[2]],
                max: [md.collision_box[3], md.collision_box[4], md.collision_box[5]],
                radius: md.collision_radius,
            },
            positions: md.collision_positions.clone(),
            indices: md.collision_indices.clone(),
            normals: md.collision_normals.clone(),
        },
        attachments,
        events,
        lights,
        cameras,
        camera_lookup: md.camera_lookup.clone(),
        ribbons,
        particles,
        shapes: Vec::new(),
        bone_sets: Vec::new(),
        model_emitters: Vec::new(),
        effect_markers: Vec::new(),
        portals: Vec::new(),
        hd_shading: Vec::new(),
        hd_animations: Vec::new(),
        liquids: Vec::new(),
        flipbooks: Vec::new(),
        chunk_data: file.chunks.as_ref().map(|c| c.data.clone()).unwrap_or_default(),
        warnings,
    }
    .validated()?;
    Ok((model, anim_keys))
}

fn bad_ref(index: u64, len: usize, target: &'static str) -> Error {
    Error::new(0, ErrorKind::BadReference { index, len: len as u64, target })
}

/// Where profile `p` of a chunked (MD21, Legion+) model starts in the
/// model's vertex array: the `.skin` header's u32 after its five arrays
/// (3.3.5's `boneCountMax`), measured on real files to be 0 for profile 0,
/// then the vertex count of the profiles before (wowdev wiki "M2/.skin",
/// "boneCountMax"; see docs/drawing.md). A start that would put the
/// profile's vertices past the model's while they fit from 0 (a converter
/// that wrote a bone budget there) reads as 0, with a warning.
fn vertex_start(md: &Md20, p: &SkinProfile, name: &str, warnings: &mut Vec<String>) -> u32 {
    let start = p.bone_count_max;
    let last = p.vertices.iter().copied().max().map_or(0, u64::from);
    if p.vertices.is_empty() || start as u64 + last < md.vertices.len() as u64 {
        return start;
    }
    if last < md.vertices.len() as u64 {
        warnings.push(format!(
            "{name}: vertex start {start} puts the profile past the model's {} vertices: read from 0",
            md.vertices.len()
        ));
        return 0;
    }
    start
}

/// The LOD of skin profile `p`, its vertex lookup relative to
/// `vertex_start` (0 before Legion; see [`vertex_start`]).
#[allow(clippy::too_many_arguments)]
fn convert_lod(
    md: &Md20,
    p: &SkinProfile,
    vertex_start: u32,
    bmap: &BoneMap,
    n_textures: usize,
    n_materials: usize,
    name: &str,
    warnings: &mut Vec<String>,
) -> Result<Lod> {
    let nv = md.vertices.len();
    for (i, &v) in p.vertices.iter().enumerate() {
        let v = vertex_start as u64 + v as u64;
        if v >= nv as u64 {
            return Err(Error::invalid(
                0,
                format!("skin vertex {i} refers to vertex {v} but the model has {nv} vertices (does this skin belong to the model?)"),
            ))
            .at_elem("vertices", i);
        }
    }
    let mut indices = Vec::with_capacity(p.indices.len());
    for (k, &ix) in p.indices.iter().enumerate() {
        match p.vertices.get(ix as usize) {
            Some(&v) => indices.push(vertex_start + v as u32),
            None => {
                return Err(bad_ref(ix as u64, p.vertices.len(), "skin vertices")).at_elem("indices", k);
            }
        }
    }
    let mut submeshes = Vec::with_capacity(p.submeshes.len());
    for (i, s) in p.submeshes.iter().enumerate() {
        let start = s.index_start as u32 + ((s.level as u32) << 16);
        let count = s.index_count as u32;
        if start as u64 + count as u64 > indices.len() as u64 {
            return Err(Error::invalid(0, format!("index range {start}+{count} exceeds {} indices", indices.len())))
                .at_elem("submeshes", i);
        }
        submeshes.push(Submesh {
            geoset_id: s.skin_section_id,
            index_start: start,
            index_count: count - count % 3,
            center_bone: bmap.get(s.center_bone_index as usize),
            center: s.center_position,
            sort_center: s.sort_center_position,
            sort_radius: s.sort_radius,
            bone_influences: s.bone_influences,
        });
    }
    let mut batches = Vec::with_capacity(p.batches.len());
    for (i, b) in p.batches.iter().enumerate() {
        if b.skin_section_index as usize >= submeshes.len() {
            return Err(bad_ref(b.skin_section_index as u64, submeshes.len(), "submeshes"))
                .at("skin_section_index")
                .at_elem("batches", i);
        }
        if b.material_index as usize >= n_materials {
            return Err(bad_ref(b.material_index as u64, n_materials, "materials"))
                .at("material_index")
                .at_elem("batches", i);
        }
        let count = if b.texture_count > 4 {
            warnings.push(format!("{name}: batches[{i}].texture_count {} capped at 4", b.texture_count));
            4
        } else {
            b.texture_count
        };
        let textures = (0..count as usize)
            .map(|k| {
                let texture = md
                    .texture_lookup
                    .get(b.texture_combo_index as usize + k)
                    .filter(|&&t| (t as usize) < n_textures)
                    .map(|&t| TextureId(t));
                if texture.is_none() {
                    warnings.push(format!("{name}: batches[{i}] texture {k} has no valid texture lookup entry"));
                }
                let uv = match md.texture_coord_lookup.get(b.texture_coord_combo_index as usize + k) {
                    Some(-1) => UvSource::Env,
                    Some(1) => UvSource::Uv1,
                    _ => UvSource::Uv0,
                };
                let weight = md
                    .transparency_lookup
                    .get(b.texture_weight_combo_index as usize + k)
                    .copied()
                    .filter(|&w| (w as usize) < md.texture_weights.len());
                let transform = md
                    .texture_transform_lookup
                    .get(b.texture_transform_combo_index as usize + k)
                    .copied()
                    .filter(|&t| t >= 0 && (t as usize) < md.texture_transforms.len())
                    .map(|t| t as u16);
                BatchTexture { texture, uv, weight, transform }
            })
            .collect();
        batches.push(Batch {
            submesh: b.skin_section_index,
            flags: BatchFlags::from_bits_retain(b.flags),
            priority_plane: b.priority_plane,
            shader_id: b.shader_id,
            material: b.material_index,
            material_layer: b.material_layer,
            color: (b.color_index >= 0 && (b.color_index as usize) < md.colors.len()).then_some(b.color_index as u16),
            textures,
            texture_combo_index: b.texture_combo_index,
            flags2: crate::model::BatchFlags2::from_bits_retain(b.geoset_index),
        });
    }
    Ok(Lod { indices, submeshes, batches, bone_count_max: p.bone_count_max, source: name.to_string() })
}

/// Makes each LOD's first batch the waterfall draw ([`WATERFALL_SHADER`]:
/// textures 0–4 of the model in its stages, its own stage-0 transform on
/// stage 0 — for `WFV1` the transform lookup's entry 1, as WebWowViewerCpp
/// draws fdid 2445860 — and drops the others.
fn waterfall_batches(lods: &mut [Lod], md: &Md20<'_>, n_textures: usize, version: u8) {
    for lod in lods {
        lod.batches.truncate(1);
        let Some(b) = lod.batches.first_mut() else { continue };
        let transform = if version == 1 {
            md.texture_transform_lookup
                .get(1)
                .copied()
                .filter(|&t| t >= 0 && (t as usize) < md.texture_transforms.len())
                .map(|t| t as u16)
        } else {
            b.textures.first().and_then(|t| t.transform)
        };
        b.shader_id = WATERFALL_SHADER;
        b.textures = (0..n_textures.min(5))
            .map(|k| BatchTexture {
                texture: Some(TextureId(k as u16)),
                uv: if k == 0 || k == 2 { UvSource::Uv0 } else { UvSource::Uv1 },
                weight: None,
                transform: if k == 0 { transform } else { None },
            })
            .collect();
    }
}

fn gravity_float(bits: &u32) -> [f32; 3] {
    [0.0, 0.0, -f32::from_bits(*bits)]
}
fn gravity_float_decode(b: &[u8]) -> Option<[f32; 3]> {
    b.get(..4).map(|b| gravity_float(&u32::from_le_bytes([b[0], b[1], b[2], b[3]])))
}
fn gravity_comp(bits: &u32) -> [f32; 3] {
    decompress_gravity(*bits)
}
fn gravity_comp_decode(b: &[u8]) -> Option<[f32; 3]> {
    b.get(..4).map(|b| decompress_gravity(u32::from_le_bytes([b[0], b[1], b[2], b[3]])))
}

fn convert_particle(
    p: &M2Particle,
    version: u32,
    cx: &Cx<'_>,
    bmap: &BoneMap,
    tex_ref: &dyn Fn(usize) -> Option<TextureId>,
) -> ParticleEmitter {
    // Cata+ multi-texture particles pack three 5-bit texture ids (flag 0x10000000).
    let flags = ParticleFlags::from_bits_retain(p.flags);
    let textures = if version >= layout::CATA && flags.contains(ParticleFlags::MULTI_TEXTURE) {
        (0..3).map(|k| tex_ref(((p.texture >> (5 * k)) & 0x1F) as usize)).collect()
    } else {
        vec![tex_ref(p.texture as usize)]
    };
    let multi_texture = (textures.len() == 3).then(|| multi_texture(p));
    let gravity = if flags.contains(ParticleFlags::COMPRESSED_GRAVITY) {
        convert_keys(&p.gravity, cx, gravity_comp, gravity_comp_decode)
    } else {
        convert_keys(&p.gravity, cx, gravity_float, gravity_float_decode)
    };
    let (color, alpha, scale, scale_vary, head_cell, tail_cell) = match &p.life {
        ParticleLife::Tracks { color, alpha, scale, scale_vary, head_cell, tail_cell } => (
            life_curve(color, |c| *c),
            life_curve(alpha, |a| fixed16_to_f32(*a)),
            life_curve(scale, |s| *s),
            *scale_vary,
            life_curve(head_cell, |c| *c),
            life_curve(tail_cell, |c| *c),
        ),
        // Legacy start/middle/end values become 3-key curves at {0, mid, 1}.
        ParticleLife::Fixed { mid_point, colors, scales, lifespan_uv_anim, tail_uv_anim, .. } => {
            let times = vec![0.0, mid_point.clamp(0.0, 1.0), 1.0];
            fn curve<T>(times: &[f32], values: Vec<T>) -> LifeCurve<T> {
                LifeCurve { times: times.to_vec(), values }
            }
            (
                curve(&times, colors.iter().map(|c| [c[2] as f32, c[1] as f32, c[0] as f32]).collect()),
                curve(&times, colors.iter().map(|c| c[3] as f32 / 255.0).collect()),
                curve(&times, scales.iter().map(|&s| [s, s]).collect()),
                [0.0, 0.0],
                curve(&times, lifespan_uv_anim.to_vec()),
                LifeCurve { times: vec![0.0, 1.0], values: tail_uv_anim.iter().map(|&c| c.max(0) as u16).collect() },
            )
        }
    };
    ParticleEmitter {
        flags,
        position: p.position,
        bone: bmap.get(p.bone as usize),
        textures,
        blend: BlendMode::from_raw(p.blending_type),
        alpha_ref: if p.blending_type == 1 { ALPHA_REF_WOW } else { 0 },
        emitter_type: match p.emitter_type {
            1 => EmitterType::Plane,
            2 => EmitterType::Sphere,
            3 => EmitterType::Spline,
            4 => EmitterType::Bone,
            v => EmitterType::Other(v),
        },
        color_index: p.particle_color_index,
        priority_plane: p.texture_tile_rotation,
        texture_rows: p.texture_rows,
        texture_cols: p.texture_cols,
        emission_speed: tr(&p.emission_speed, cx),
        speed_variation: tr(&p.speed_variation, cx),
        vertical_range: tr(&p.vertical_range, cx),
        horizontal_range: tr(&p.horizontal_range, cx),
        gravity,
        lifespan: tr(&p.lifespan, cx),
        lifespan_vary: p.lifespan_vary,
        emission_rate: tr(&p.emission_rate, cx),
        emission_rate_vary: p.emission_rate_vary,
        area_length: tr(&p.emission_area_length, cx),
        area_width: tr(&p.emission_area_width, cx),
        z_source: tr(&p.z_source, cx),
        color,
        alpha,
        scale,
        scale_vary,
        head_cell,
        tail_cell,
        tail_length: p.tail_length,
        twinkle_speed: p.twinkle_speed,
        twinkle_percent: p.twinkle_percent,
        twinkle_scale: p.twinkle_scale,
        burst_multiplier: p.burst_multiplier,
        drag: p.drag,
        base_spin: if version >= layout::WRATH { p.spin[0] } else { 0.0 },
        base_spin_vary: if version >= layout::WRATH { p.spin[1] } else { 0.0 },
        spin: if version >= layout::WRATH { p.spin[2] } else { p.spin[0] },
        spin_vary: if version >= layout::WRATH { p.spin[3] } else { 0.0 },
        wind: p.wind_vector,
        wind_time: p.wind_time,
        follow: p.follow,
        spline_points: p.spline_points.clone(),
        enabled: tr(&p.enabled_in, cx),
        geometry_model: p.geometry_model.clone(),
        geometry_model_fdid: None,
        recursion_model: p.recursion_model.clone(),
        recursion_model_fdid: None,
        multi_texture,
    }
}

/// Fixed point 2.5 (`multiTextureParamX`): `(x & 0x1F) / 32 + (x >> 5)`.
fn fixed_2_5(x: u8) -> f32 {
    (x & 0x1F) as f32 / 32.0 + (x >> 5) as f32
}

/// Fixed point 6.9 with a sign bit (`vector_2fp_6_9`, WebWowViewerCpp
/// `MathHelper::fp69ToFloat`; its integer part also takes the sign bit, which
/// is masked here).
fn fixed_6_9(x: u16) -> f32 {
    let v = (x & 0x1FF) as f32 / 512.0 + ((x >> 9) & 0x3F) as f32;
    if x & 0x8000 != 0 { -v } else { v }
}

/// The multi-texture parameters of a Cata+ emitter record.
fn multi_texture(p: &M2Particle) -> MultiTexture {
    let mt = p.multi_texture_params.unwrap_or_default();
    let v = |k: usize| [fixed_6_9(mt[k]), fixed_6_9(mt[k + 1])];
    MultiTexture {
        three_color: ParticleFlags::from_bits_retain(p.flags).contains(ParticleFlags::THREE_COLOR),
        repeat: p.particle_type.map(fixed_2_5),
        speed: [v(0), v(2)],
        speed_vary: [v(4), v(6)],
    }
}
