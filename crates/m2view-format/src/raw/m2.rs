//! File-faithful MD20 data (the whole pre-Legion file, or the MD21 chunk payload).
//!
//! Every block of the header in the wowdev wiki "M2" page is read, with the record
//! layout of the file's version from [`Layout`]. Offsets inside are relative to
//! the MD20 data start. Values are kept as stored (compressed quaternions,
//! fixed16 alphas, raw gravity bits); conversion happens in `convert`.

use crate::error::{Error, ErrorKind, Result, ResultExt};
use crate::raw::cursor::{Cursor, records};
use crate::raw::layout::{self, Layout};
use crate::raw::skin::SkinProfile;
use crate::raw::track::{FBlock, M2Track, SplineKey, TrackContext};
use crate::reader::{self, M2Array, Reader};

/// `M2Sequence` (64 bytes Wrath+, 68 bytes Classic/TBC). Seed "Animation sequences";
/// wowdev wiki "M2" (animation blocks) and WebWowViewerCpp `algorithms/animate.h` for the corrected offsets.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct M2Sequence {
    /// Animation id (AnimationData.dbc).
    pub id: u16,
    /// Sub-animation (variation) index.
    pub variation_index: u16,
    /// Legacy only: start on the model-wide timeline (ms). 0 for Wrath+.
    pub start_timestamp: u32,
    /// Duration in ms (legacy: `end_timestamp - start_timestamp`).
    pub duration: u32,
    /// Movement speed in this animation (model units / s).
    pub movespeed: f32,
    /// Sequence flags (0x20 data in the .m2, 0x40 alias, 0x80 blended, 0x200 split blend time).
    pub flags: u32,
    /// Variation weight; all variations of one id sum to 0x7FFF.
    pub frequency: i16,
    /// Padding, kept for round trips.
    pub padding: u16,
    /// Repeat count range `[min, max]`.
    pub replay: [u32; 2],
    /// Blend time in ms (with flag 0x200: low u16 = in, high u16 = out).
    pub blend_time: u32,
    /// Bounding box `[min xyz, max xyz]` in model units.
    pub bounds: [f32; 6],
    /// Bounding sphere radius.
    pub bounds_radius: f32,
    /// Next variation index or −1.
    pub variation_next: i16,
    /// Alias target index (flag 0x40).
    pub alias_next: u16,
}

/// `M2CompBone`. Seed "Bones": 108 bytes Classic (no boneNameCRC), 112 TBC, 88 Wrath+.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct M2CompBone<'a> {
    /// Key bone id or −1.
    pub key_bone_id: i32,
    /// Bone flags (ignore-parent, billboards, transformed).
    pub flags: u32,
    /// Parent bone index or −1.
    pub parent_bone: i16,
    /// Submesh id.
    pub submesh_id: u16,
    /// boneNameCRC (TBC+; 0 for Classic).
    pub bone_name_crc: u32,
    /// Translation track (C3Vector).
    pub translation: M2Track<'a, [f32; 3]>,
    /// Rotation track.
    pub rotation: BoneRotation<'a>,
    /// Scale track (C3Vector).
    pub scale: M2Track<'a, [f32; 3]>,
    /// Pivot point in model space.
    pub pivot: [f32; 3],
}

/// A bone rotation track: float quaternions (Classic) or compressed (TBC+).
#[derive(Debug, Clone, PartialEq)]
pub enum BoneRotation<'a> {
    /// `M2CompQuat` (int16 x, y, z, w), TBC and later.
    Compressed(M2Track<'a, [i16; 4]>),
    /// `C4Quaternion` (f32 x, y, z, w), Classic.
    Float(M2Track<'a, [f32; 4]>),
}

impl Default for BoneRotation<'_> {
    fn default() -> Self {
        BoneRotation::Compressed(M2Track::default())
    }
}

/// `M2Vertex`, 48 bytes. Seed "Vertices".
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct M2Vertex {
    /// Position in model units, Z-up.
    pub pos: [f32; 3],
    /// Bone weights (sum 255).
    pub bone_weights: [u8; 4],
    /// Indices into the global bone list.
    pub bone_indices: [u8; 4],
    /// Normal.
    pub normal: [f32; 3],
    /// Two UV sets.
    pub tex_coords: [[f32; 2]; 2],
}

/// `M2Color`: rgb + alpha tracks. Seed "Colors".
#[derive(Debug, Clone, PartialEq, Default)]
pub struct M2Color<'a> {
    /// RGB 0..1.
    pub color: M2Track<'a, [f32; 3]>,
    /// fixed16 alpha (0x7FFF opaque).
    pub alpha: M2Track<'a, i16>,
}

/// `M2Texture`, 16 bytes. Seed "Textures".
#[derive(Debug, Clone, PartialEq, Default)]
pub struct M2Texture {
    /// 0 = file name given; others are replaceable (skin, monster skin, ...).
    pub kind: u32,
    /// 0x1 wrap X, 0x2 wrap Y.
    pub flags: u32,
    /// Path for `kind == 0` (backslashes as stored).
    pub filename: String,
}

/// `M2TextureTransform`: translation, rotation (C4Quaternion), scaling tracks.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct M2TextureTransform<'a> {
    /// UV translation.
    pub translation: M2Track<'a, [f32; 3]>,
    /// Rotation quaternion (float), about (0.5, 0.5).
    pub rotation: M2Track<'a, [f32; 4]>,
    /// UV scale.
    pub scaling: M2Track<'a, [f32; 3]>,
}

/// `M2Material`: render flags and blend mode, 4 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct M2Material {
    /// 0x1 unlit, 0x2 unfogged, 0x4 two-sided, 0x8 no depth test, 0x10 no depth write.
    pub flags: u16,
    /// M2BLEND value 0..7.
    pub blending_mode: u16,
}

/// `M2Attachment`. Seed "Attachments".
#[derive(Debug, Clone, PartialEq, Default)]
pub struct M2Attachment<'a> {
    /// Attachment id (see the attachment table).
    pub id: u32,
    /// Bone index.
    pub bone: u16,
    /// Unknown u16 (kept).
    pub unknown: u16,
    /// Position relative to the bone.
    pub position: [f32; 3],
    /// Whether attached models animate.
    pub animate_attached: M2Track<'a, u8>,
}

/// `M2Event`. Seed "Events".
#[derive(Debug, Clone, PartialEq, Default)]
pub struct M2Event<'a> {
    /// Four-character identifier (`$DTH`, ...).
    pub identifier: [u8; 4],
    /// Event data.
    pub data: u32,
    /// Bone index.
    pub bone: u32,
    /// Position relative to the bone.
    pub position: [f32; 3],
    /// Timestamp-only track: each key fires the event.
    pub enabled: M2Track<'a, ()>,
}

/// `M2Light`. Seed "Lights".
#[derive(Debug, Clone, PartialEq, Default)]
pub struct M2Light<'a> {
    /// 0 directional, 1 point.
    pub kind: u16,
    /// Bone index or −1.
    pub bone: i16,
    /// Position relative to the bone.
    pub position: [f32; 3],
    /// Ambient colour.
    pub ambient_color: M2Track<'a, [f32; 3]>,
    /// Ambient intensity.
    pub ambient_intensity: M2Track<'a, f32>,
    /// Diffuse colour.
    pub diffuse_color: M2Track<'a, [f32; 3]>,
    /// Diffuse intensity.
    pub diffuse_intensity: M2Track<'a, f32>,
    /// Attenuation start.
    pub attenuation_start: M2Track<'a, f32>,
    /// Attenuation end.
    pub attenuation_end: M2Track<'a, f32>,
    /// Visibility.
    pub visibility: M2Track<'a, u8>,
}

/// `M2Camera`. Seed "Cameras": `fov` float before Cataclysm, FoV track from Cataclysm.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct M2Camera<'a> {
    /// 0 portrait, 1 character info, −1 other.
    pub kind: i32,
    /// Diagonal FoV in radians (pre-Cata).
    pub fov: Option<f32>,
    /// Far clip.
    pub far_clip: f32,
    /// Near clip.
    pub near_clip: f32,
    /// Position spline track (relative to `position_base`).
    pub positions: M2Track<'a, SplineKey<[f32; 3]>>,
    /// Position base.
    pub position_base: [f32; 3],
    /// Target spline track.
    pub target_positions: M2Track<'a, SplineKey<[f32; 3]>>,
    /// Target base.
    pub target_position_base: [f32; 3],
    /// Roll (radians).
    pub roll: M2Track<'a, SplineKey<f32>>,
    /// Diagonal FoV track (Cata+).
    pub fov_track: Option<M2Track<'a, SplineKey<f32>>>,
}

/// `M2Ribbon`. Seed "Ribbon emitters"; WebWowViewerCpp `managers/particles/particleEmitter.cpp`
#[derive(Debug, Clone, PartialEq, Default)]
pub struct M2Ribbon<'a> {
    /// Always −1.
    pub ribbon_id: i32,
    /// Bone index.
    pub bone_index: u32,
    /// Position relative to the bone.
    pub position: [f32; 3],
    /// Indices into `textures`.
    pub texture_indices: Vec<u16>,
    /// Indices into `materials`.
    pub material_indices: Vec<u16>,
    /// Colour track.
    pub color: M2Track<'a, [f32; 3]>,
    /// fixed16 alpha track.
    pub alpha: M2Track<'a, i16>,
    /// Height above.
    pub height_above: M2Track<'a, f32>,
    /// Height below.
    pub height_below: M2Track<'a, f32>,
    /// Edges per second.
    pub edges_per_second: f32,
    /// Edge lifetime (s).
    pub edge_lifetime: f32,
    /// Gravity.
    pub gravity: f32,
    /// Texture rows.
    pub texture_rows: u16,
    /// Texture columns.
    pub texture_cols: u16,
    /// Texture slot track.
    pub tex_slot: M2Track<'a, u16>,
    /// Visibility track.
    pub visibility: M2Track<'a, u8>,
    /// Wrath+: priority plane.
    pub priority_plane: i16,
    /// Wrath+: ribbon colour index.
    pub color_index: i8,
    /// Wrath+: texture transform lookup index.
    pub texture_transform_lookup: i8,
}

/// Over-life values of a particle: FBlocks (Wrath+) or fixed start/mid/end values (legacy).
#[derive(Debug, Clone, PartialEq)]
pub enum ParticleLife {
    /// Wrath+ FBlocks.
    Tracks {
        /// RGB 0..255.
        color: FBlock<[f32; 3]>,
        /// fixed16 alpha.
        alpha: FBlock<i16>,
        /// Scale x/y.
        scale: FBlock<[f32; 2]>,
        /// Scale variation.
        scale_vary: [f32; 2],
        /// Head cell track.
        head_cell: FBlock<u16>,
        /// Tail cell track.
        tail_cell: FBlock<u16>,
    },
    /// Classic/TBC start/middle/end values.
    Fixed {
        /// Mid-point of life (0..1).
        mid_point: f32,
        /// BGRA colours (start, middle, end).
        colors: [[u8; 4]; 3],
        /// Scales (start, middle, end).
        scales: [f32; 3],
        /// Head cells, first half of life.
        lifespan_uv_anim: [u16; 3],
        /// Head cells, second half.
        decay_uv_anim: [u16; 3],
        /// Tail cells, first half.
        tail_uv_anim: [i16; 2],
        /// Tail cells, second half.
        tail_decay_uv_anim: [i16; 2],
    },
}

impl Default for ParticleLife {
    fn default() -> Self {
        ParticleLife::Tracks {
            color: FBlock::default(),
            alpha: FBlock::default(),
            scale: FBlock::default(),
            scale_vary: [0.0; 2],
            head_cell: FBlock::default(),
            tail_cell: FBlock::default(),
        }
    }
}

/// `M2Particle` (504 bytes legacy, 476 / 492 Wrath+). WebWowViewerCpp `managers/particles/particleEmitter.cpp`
#[derive(Debug, Clone, PartialEq, Default)]
pub struct M2Particle<'a> {
    /// Always −1.
    pub particle_id: i32,
    /// Particle flags.
    pub flags: u32,
    /// Position relative to the bone.
    pub position: [f32; 3],
    /// Bone index.
    pub bone: u16,
    /// Texture index (Cata+ multitexture: 3 x 5 bits).
    pub texture: u16,
    /// Model spawned per particle.
    pub geometry_model: String,
    /// Model whose emitters this one aliases.
    pub recursion_model: String,
    /// M2BLEND value.
    pub blending_type: u16,
    /// 1 plane, 2 sphere, 3 spline, 4 bone.
    pub emitter_type: u16,
    /// ParticleColor.dbc index (≥ 262).
    pub particle_color_index: u16,
    /// Pre-Cata: particleType, headOrTail. Cata+: multiTextureParamX.
    pub particle_type: [u8; 2],
    /// Texture tile rotation (used as priority plane).
    pub texture_tile_rotation: i16,
    /// Atlas rows.
    pub texture_rows: u16,
    /// Atlas columns.
    pub texture_cols: u16,
    /// Emission speed.
    pub emission_speed: M2Track<'a, f32>,
    /// Speed variation.
    pub speed_variation: M2Track<'a, f32>,
    /// Vertical range.
    pub vertical_range: M2Track<'a, f32>,
    /// Horizontal range.
    pub horizontal_range: M2Track<'a, f32>,
    /// Gravity: f32 bits, or compressed vector with flag 0x800000.
    pub gravity: M2Track<'a, u32>,
    /// Lifespan (s).
    pub lifespan: M2Track<'a, f32>,
    /// Wrath+: lifespan variation.
    pub lifespan_vary: f32,
    /// Emission rate (particles/s).
    pub emission_rate: M2Track<'a, f32>,
    /// Wrath+: emission rate variation.
    pub emission_rate_vary: f32,
    /// Area length (plane X / sphere min radius).
    pub emission_area_length: M2Track<'a, f32>,
    /// Area width (plane Y / sphere max radius).
    pub emission_area_width: M2Track<'a, f32>,
    /// zSource.
    pub z_source: M2Track<'a, f32>,
    /// Over-life colour/alpha/scale/cells.
    pub life: ParticleLife,
    /// Tail length multiplier.
    pub tail_length: f32,
    /// Twinkle speed.
    pub twinkle_speed: f32,
    /// Twinkle percent.
    pub twinkle_percent: f32,
    /// Twinkle scale min, max.
    pub twinkle_scale: [f32; 2],
    /// Burst multiplier.
    pub burst_multiplier: f32,
    /// Drag.
    pub drag: f32,
    /// Wrath+: base spin, base spin vary, spin, spin vary. Legacy: `[spin, 0, 0, 0]`.
    pub spin: [f32; 4],
    /// Tumble min/max rotation speeds.
    pub tumble: [f32; 6],
    /// Wind vector.
    pub wind_vector: [f32; 3],
    /// Wind time.
    pub wind_time: f32,
    /// followSpeed1, followScale1, followSpeed2, followScale2.
    pub follow: [f32; 4],
    /// Spline points (spline emitters).
    pub spline_points: Vec<[f32; 3]>,
    /// Enabled-in track.
    pub enabled_in: M2Track<'a, u8>,
    /// 492-byte records: `multiTextureParam0[2]`, `multiTextureParam1[2]` (fixed 6.9 x/y).
    pub multi_texture_params: Option<[u16; 8]>,
}

/// Playable animation lookup entry (≤ TBC).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct M2SequenceFallback {
    /// Fallback animation id.
    pub fallback_id: i16,
    /// 0 normal, 1 backwards, 2 frame-by-frame, 3 freeze.
    pub flags: i16,
}

/// The complete MD20 data block.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Md20<'a> {
    /// Version (256–274).
    pub version: u32,
    /// Model name.
    pub name: String,
    /// Global flags.
    pub global_flags: u32,
    /// Global sequence lengths (ms).
    pub global_loops: Vec<u32>,
    /// Sequences.
    pub sequences: Vec<M2Sequence>,
    /// Sequence lookup hash (id → index, 0xFFFF empty).
    pub sequence_lookup: Vec<u16>,
    /// ≤ TBC playable animation lookup.
    pub playable_animation_lookup: Vec<M2SequenceFallback>,
    /// Bones.
    pub bones: Vec<M2CompBone<'a>>,
    /// Key bone lookup.
    pub key_bone_lookup: Vec<u16>,
    /// Vertices.
    pub vertices: Vec<M2Vertex>,
    /// ≤ TBC inline skin profiles.
    pub skin_profiles: Vec<SkinProfile>,
    /// Wrath+ number of .skin files.
    pub num_skin_profiles: u32,
    /// Colours.
    pub colors: Vec<M2Color<'a>>,
    /// Textures.
    pub textures: Vec<M2Texture>,
    /// Texture weights (transparency).
    pub texture_weights: Vec<M2Track<'a, i16>>,
    /// ≤ TBC texture flipbooks.
    pub texture_flipbooks: Vec<M2Track<'a, u16>>,
    /// Texture transforms.
    pub texture_transforms: Vec<M2TextureTransform<'a>>,
    /// Replaceable texture lookup.
    pub replaceable_texture_lookup: Vec<u16>,
    /// Materials.
    pub materials: Vec<M2Material>,
    /// Bone lookup (bone combos).
    pub bone_lookup: Vec<u16>,
    /// Texture lookup (texture combos).
    pub texture_lookup: Vec<u16>,
    /// Texture coordinate lookup (−1 env, 0 UV1, 1 UV2).
    pub texture_coord_lookup: Vec<i16>,
    /// Transparency lookup (texture weight combos).
    pub transparency_lookup: Vec<u16>,
    /// Texture transform lookup (−1 static).
    pub texture_transform_lookup: Vec<i16>,
    /// Bounding box `[min xyz, max xyz]`.
    pub bounding_box: [f32; 6],
    /// Bounding sphere radius.
    pub bounding_radius: f32,
    /// Collision box.
    pub collision_box: [f32; 6],
    /// Collision sphere radius.
    pub collision_radius: f32,
    /// Collision triangle indices.
    pub collision_indices: Vec<u16>,
    /// Collision vertices.
    pub collision_positions: Vec<[f32; 3]>,
    /// Collision face normals.
    pub collision_normals: Vec<[f32; 3]>,
    /// Attachments.
    pub attachments: Vec<M2Attachment<'a>>,
    /// Attachment lookup.
    pub attachment_lookup: Vec<u16>,
    /// Events.
    pub events: Vec<M2Event<'a>>,
    /// Lights.
    pub lights: Vec<M2Light<'a>>,
    /// Cameras.
    pub cameras: Vec<M2Camera<'a>>,
    /// Camera lookup.
    pub camera_lookup: Vec<u16>,
    /// Ribbon emitters.
    pub ribbons: Vec<M2Ribbon<'a>>,
    /// Particle emitters.
    pub particles: Vec<M2Particle<'a>>,
    /// Texture combiner combos (header flag 0x08, ≥ TBC).
    pub texture_combiner_combos: Option<Vec<u16>>,
}

/// Sequence flag: keys stored in the .m2 (`0x20`).
pub const SEQ_IN_FILE: u32 = 0x20;
/// Sequence flag: alias (`0x40`).
pub const SEQ_ALIAS: u32 = 0x40;

/// True when a Wrath+ sequence keeps its keys in an external .anim file:
/// neither "in file" (0x20) nor alias (0x40). Seed ".anim files".
pub fn sequence_is_external(version: u32, flags: u32) -> bool {
    version >= layout::WRATH && flags & (SEQ_IN_FILE | SEQ_ALIAS) == 0
}

fn i16s(r: &Reader<'_, '_>, a: M2Array) -> Result<Vec<i16>> {
    r.array(a, 2, reader::i16_)
}

/// Header fields as `M2Array`s, in header order (the order `Md20` lists them).
#[derive(Debug, Default)]
struct Header {
    name: M2Array,
    global_loops: M2Array,
    sequences: M2Array,
    sequence_lookup: M2Array,
    playable: M2Array,
    bones: M2Array,
    key_bone_lookup: M2Array,
    vertices: M2Array,
    views: M2Array,
    num_skin_profiles: u32,
    colors: M2Array,
    textures: M2Array,
    texture_weights: M2Array,
    flipbooks: M2Array,
    texture_transforms: M2Array,
    replaceable: M2Array,
    materials: M2Array,
    bone_lookup: M2Array,
    texture_lookup: M2Array,
    tex_coord_lookup: M2Array,
    transparency_lookup: M2Array,
    tex_transform_lookup: M2Array,
    bounding_box: [f32; 6],
    bounding_radius: f32,
    collision_box: [f32; 6],
    collision_radius: f32,
    collision_indices: M2Array,
    collision_positions: M2Array,
    collision_normals: M2Array,
    attachments: M2Array,
    attachment_lookup: M2Array,
    events: M2Array,
    lights: M2Array,
    cameras: M2Array,
    camera_lookup: M2Array,
    ribbons: M2Array,
    particles: M2Array,
    combiner_combos: Option<M2Array>,
}

fn parse_header(r: &Reader<'_, '_>, l: &Layout, flags: u32) -> Result<Header> {
    let size = l.header + if l.has_combiner_combos(flags) { 8 } else { 0 };
    let rec = r.bytes(0, size as u64).at("header")?;
    let mut c = Cursor::new(rec, r.abs(0));
    let mut h = Header::default();
    c.u32()?; // magic
    c.u32()?; // version
    h.name = c.array()?;
    c.u32()?; // flags
    h.global_loops = c.array()?;
    h.sequences = c.array()?;
    h.sequence_lookup = c.array()?;
    if l.legacy {
        h.playable = c.array()?;
    }
    h.bones = c.array()?;
    h.key_bone_lookup = c.array()?;
    h.vertices = c.array()?;
    if l.legacy {
        h.views = c.array()?;
    } else {
        h.num_skin_profiles = c.u32()?;
    }
    h.colors = c.array()?;
    h.textures = c.array()?;
    h.texture_weights = c.array()?;
    if l.legacy {
        h.flipbooks = c.array()?;
    }
    h.texture_transforms = c.array()?;
    h.replaceable = c.array()?;
    h.materials = c.array()?;
    h.bone_lookup = c.array()?;
    h.texture_lookup = c.array()?;
    h.tex_coord_lookup = c.array()?;
    h.transparency_lookup = c.array()?;
    h.tex_transform_lookup = c.array()?;
    for v in &mut h.bounding_box {
        *v = c.f32()?;
    }
    h.bounding_radius = c.f32()?;
    for v in &mut h.collision_box {
        *v = c.f32()?;
    }
    h.collision_radius = c.f32()?;
    h.collision_indices = c.array()?;
    h.collision_positions = c.array()?;
    h.collision_normals = c.array()?;
    h.attachments = c.array()?;
    h.attachment_lookup = c.array()?;
    h.events = c.array()?;
    h.lights = c.array()?;
    h.cameras = c.array()?;
    h.camera_lookup = c.array()?;
    h.ribbons = c.array()?;
    h.particles = c.array()?;
    if l.has_combiner_combos(flags) {
        h.combiner_combos = Some(c.array()?);
    }
    Ok(h)
}

/// Reads the magic, version and flags at the start of MD20 data.
pub fn peek_version(r: &Reader<'_, '_>) -> Result<(u32, u32)> {
    let rec = r.bytes(0, 0x14).at("header")?;
    if &rec[0..4] != b"MD20" {
        return Err(Error::new(
            r.abs(0),
            ErrorKind::BadMagic { found: [rec[0], rec[1], rec[2], rec[3]], expected: "MD20" },
        ))
        .at("header.magic");
    }
    let version = u32::from_le_bytes([rec[4], rec[5], rec[6], rec[7]]);
    let flags = u32::from_le_bytes([rec[0x10], rec[0x11], rec[0x12], rec[0x13]]);
    if !(layout::MIN_VERSION..=layout::MAX_VERSION).contains(&version) {
        return Err(Error::new(r.abs(4), ErrorKind::UnsupportedVersion(version))).at("header.version");
    }
    Ok((version, flags))
}

impl<'a> Md20<'a> {
    /// Parses MD20 data. `r` covers the data block (offsets are relative to
    /// it); key arrays are read in place where they can be ([`KeyArray`]), so
    /// the result borrows `r`'s bytes.
    ///
    /// [`KeyArray`]: crate::raw::track::KeyArray
    pub fn parse(r: &Reader<'a, '_>) -> Result<Md20<'a>> {
        let (version, flags) = peek_version(r)?;
        let l = Layout::new(version, flags);
        let h = parse_header(r, &l, flags)?;
        let mut m = Md20 { version, global_flags: flags, ..Default::default() };
        m.name = r.string(h.name).at("name")?;
        m.global_loops = r.u32s(h.global_loops).at("global_loops")?;
        m.sequences = records(r, "sequences", h.sequences, l.sequence, |rec, abs| parse_sequence(rec, abs, &l))?;
        let external: Vec<bool> = m.sequences.iter().map(|s| sequence_is_external(version, s.flags)).collect();
        let cx = TrackContext { legacy: l.legacy, external: &external };
        m.sequence_lookup = r.u16s(h.sequence_lookup).at("sequence_lookup")?;
        m.playable_animation_lookup = r
            .array(h.playable, 4, |i| {
                let (i, fallback_id) = reader::i16_(i)?;
                let (i, flags) = reader::i16_(i)?;
                Ok((i, M2SequenceFallback { fallback_id, flags }))
            })
            .at("playable_animation_lookup")?;
        m.bones = records(r, "bones", h.bones, l.bone, |rec, abs| parse_bone(r, rec, abs, &l, cx))?;
        m.key_bone_lookup = r.u16s(h.key_bone_lookup).at("key_bone_lookup")?;
        m.vertices = r.fixed(h.vertices, parse_vertex).at("vertices")?;
        if l.legacy {
            m.skin_profiles = records(r, "skin_profiles", h.views, 44, |_, abs| {
                SkinProfile::parse_inline(r, abs - r.abs(0), version)
            })?;
        } else {
            m.num_skin_profiles = h.num_skin_profiles;
        }
        m.colors = records(r, "colors", h.colors, 2 * l.track, |rec, abs| {
            let mut c = Cursor::new(rec, abs);
            Ok(M2Color { color: c.track(r, cx, l.track, "color")?, alpha: c.track(r, cx, l.track, "alpha")? })
        })?;
        m.textures = records(r, "textures", h.textures, 16, |rec, abs| {
            let mut c = Cursor::new(rec, abs);
            let kind = c.u32()?;
            let flags = c.u32()?;
            let filename = r.string(c.array()?).at("filename")?;
            Ok(M2Texture { kind, flags, filename })
        })?;
        m.texture_weights =
            records(r, "texture_weights", h.texture_weights, l.track, |rec, _| M2Track::read(r, rec, cx))?;
        m.texture_flipbooks =
            records(r, "texture_flipbooks", h.flipbooks, l.track, |rec, _| M2Track::read(r, rec, cx))?;
        m.texture_transforms = records(r, "texture_transforms", h.texture_transforms, 3 * l.track, |rec, abs| {
            let mut c = Cursor::new(rec, abs);
            Ok(M2TextureTransform {
                translation: c.track(r, cx, l.track, "translation")?,
                rotation: c.track(r, cx, l.track, "rotation")?,
                scaling: c.track(r, cx, l.track, "scaling")?,
            })
        })?;
        m.replaceable_texture_lookup = r.u16s(h.replaceable).at("replaceable_texture_lookup")?;
        m.materials = r
            .array(h.materials, 4, |i| {
                let (i, flags) = reader::u16_(i)?;
                let (i, blending_mode) = reader::u16_(i)?;
                Ok((i, M2Material { flags, blending_mode }))
            })
            .at("materials")?;
        m.bone_lookup = r.u16s(h.bone_lookup).at("bone_lookup")?;
        m.texture_lookup = r.u16s(h.texture_lookup).at("texture_lookup")?;
        m.texture_coord_lookup = i16s(r, h.tex_coord_lookup).at("texture_coord_lookup")?;
        m.transparency_lookup = r.u16s(h.transparency_lookup).at("transparency_lookup")?;
        m.texture_transform_lookup = i16s(r, h.tex_transform_lookup).at("texture_transform_lookup")?;
        m.bounding_box = h.bounding_box;
        m.bounding_radius = h.bounding_radius;
        m.collision_box = h.collision_box;
        m.collision_radius = h.collision_radius;
        m.collision_indices = r.u16s(h.collision_indices).at("collision_indices")?;
        m.collision_positions = r.array(h.collision_positions, 12, reader::vec3).at("collision_positions")?;
        m.collision_normals = r.array(h.collision_normals, 12, reader::vec3).at("collision_normals")?;
        m.attachments =
            records(r, "attachments", h.attachments, l.attachment, |rec, abs| parse_attachment(r, rec, abs, &l, cx))?;
        m.attachment_lookup = r.u16s(h.attachment_lookup).at("attachment_lookup")?;
        m.events = records(r, "events", h.events, l.event, |rec, abs| {
            let mut c = Cursor::new(rec, abs);
            Ok(M2Event {
                identifier: c.bytes4()?,
                data: c.u32()?,
                bone: c.u32()?,
                position: c.vec3()?,
                enabled: c.track(r, cx, l.track_base, "enabled")?,
            })
        })?;
        m.lights = records(r, "lights", h.lights, l.light, |rec, abs| {
            let mut c = Cursor::new(rec, abs);
            let t = l.track;
            Ok(M2Light {
                kind: c.u16()?,
                bone: c.i16()?,
                position: c.vec3()?,
                ambient_color: c.track(r, cx, t, "ambient_color")?,
                ambient_intensity: c.track(r, cx, t, "ambient_intensity")?,
                diffuse_color: c.track(r, cx, t, "diffuse_color")?,
                diffuse_intensity: c.track(r, cx, t, "diffuse_intensity")?,
                attenuation_start: c.track(r, cx, t, "attenuation_start")?,
                attenuation_end: c.track(r, cx, t, "attenuation_end")?,
                visibility: c.track(r, cx, t, "visibility")?,
            })
        })?;
        m.cameras = records(r, "cameras", h.cameras, l.camera, |rec, abs| parse_camera(r, rec, abs, &l, cx))?;
        m.camera_lookup = r.u16s(h.camera_lookup).at("camera_lookup")?;
        m.ribbons = records(r, "ribbon_emitters", h.ribbons, l.ribbon, |rec, abs| parse_ribbon(r, rec, abs, &l, cx))?;
        m.particles =
            records(r, "particle_emitters", h.particles, l.particle, |rec, abs| parse_particle(r, rec, abs, &l, cx))?;
        if let Some(a) = h.combiner_combos {
            m.texture_combiner_combos = Some(r.u16s(a).at("texture_combiner_combos")?);
        }
        Ok(m)
    }
}

/// One attachment record (also read by `.skel` files).
pub(crate) fn parse_attachment<'a>(
    r: &Reader<'a, '_>,
    rec: &[u8],
    abs: u64,
    l: &Layout,
    cx: TrackContext<'_>,
) -> Result<M2Attachment<'a>> {
    let mut c = Cursor::new(rec, abs);
    Ok(M2Attachment {
        id: c.u32()?,
        bone: c.u16()?,
        unknown: c.u16()?,
        position: c.vec3()?,
        animate_attached: c.track(r, cx, l.track, "animate_attached")?,
    })
}

/// One sequence record (also read by `.skel` files).
pub(crate) fn parse_sequence(rec: &[u8], abs: u64, l: &Layout) -> Result<M2Sequence> {
    let mut c = Cursor::new(rec, abs);
    let id = c.u16()?;
    let variation_index = c.u16()?;
    let (start_timestamp, duration) = if l.legacy {
        let start = c.u32()?;
        let end = c.u32()?;
        (start, end.saturating_sub(start))
    } else {
        (0, c.u32()?)
    };
    let movespeed = c.f32()?;
    let flags = c.u32()?;
    let frequency = c.i16()?;
    let padding = c.u16()?;
    let replay = [c.u32()?, c.u32()?];
    let blend_time = c.u32()?;
    let mut bounds = [0.0; 6];
    for b in &mut bounds {
        *b = c.f32()?;
    }
    let bounds_radius = c.f32()?;
    let variation_next = c.i16()?;
    let alias_next = c.u16()?;
    Ok(M2Sequence {
        id,
        variation_index,
        start_timestamp,
        duration,
        movespeed,
        flags,
        frequency,
        padding,
        replay,
        blend_time,
        bounds,
        bounds_radius,
        variation_next,
        alias_next,
    })
}

/// One bone record (also read by `.skel` files).
pub(crate) fn parse_bone<'a>(
    r: &Reader<'a, '_>,
    rec: &[u8],
    abs: u64,
    l: &Layout,
    cx: TrackContext<'_>,
) -> Result<M2CompBone<'a>> {
    let mut c = Cursor::new(rec, abs);
    let key_bone_id = c.i32()?;
    let flags = c.u32()?;
    let parent_bone = c.i16()?;
    let submesh_id = c.u16()?;
    let bone_name_crc = if l.version >= layout::TBC { c.u32()? } else { 0 };
    Ok(M2CompBone {
        key_bone_id,
        flags,
        parent_bone,
        submesh_id,
        bone_name_crc,
        translation: c.track(r, cx, l.track, "translation")?,
        rotation: if l.float_bone_rotation {
            BoneRotation::Float(c.track(r, cx, l.track, "rotation")?)
        } else {
            BoneRotation::Compressed(c.track(r, cx, l.track, "rotation")?)
        },
        scale: c.track(r, cx, l.track, "scale")?,
        pivot: c.vec3()?,
    })
}

/// One `M2Vertex` from its 48 bytes (every vertex of every model: constant
/// offsets, no checks).
fn parse_vertex(b: &[u8; 48]) -> M2Vertex {
    let f = |o: usize| f32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
    M2Vertex {
        pos: [f(0), f(4), f(8)],
        bone_weights: [b[12], b[13], b[14], b[15]],
        bone_indices: [b[16], b[17], b[18], b[19]],
        normal: [f(20), f(24), f(28)],
        tex_coords: [[f(32), f(36)], [f(40), f(44)]],
    }
}

fn parse_camera<'a>(
    r: &Reader<'a, '_>,
    rec: &[u8],
    abs: u64,
    l: &Layout,
    cx: TrackContext<'_>,
) -> Result<M2Camera<'a>> {
    let mut c = Cursor::new(rec, abs);
    let t = l.track;
    let kind = c.i32()?;
    let fov = if l.version < layout::CATA { Some(c.f32()?) } else { None };
    let far_clip = c.f32()?;
    let near_clip = c.f32()?;
    let positions = c.track(r, cx, t, "positions")?;
    let position_base = c.vec3()?;
    let target_positions = c.track(r, cx, t, "target_positions")?;
    let target_position_base = c.vec3()?;
    let roll = c.track(r, cx, t, "roll")?;
    let fov_track = if l.version >= layout::CATA { Some(c.track(r, cx, t, "fov")?) } else { None };
    Ok(M2Camera {
        kind,
        fov,
        far_clip,
        near_clip,
        positions,
        position_base,
        target_positions,
        target_position_base,
        roll,
        fov_track,
    })
}

fn parse_ribbon<'a>(
    r: &Reader<'a, '_>,
    rec: &[u8],
    abs: u64,
    l: &Layout,
    cx: TrackContext<'_>,
) -> Result<M2Ribbon<'a>> {
    let mut c = Cursor::new(rec, abs);
    let t = l.track;
    let mut rb = M2Ribbon {
        ribbon_id: c.i32()?,
        bone_index: c.u32()?,
        position: c.vec3()?,
        texture_indices: r.u16s(c.array()?).at("texture_indices")?,
        material_indices: r.u16s(c.array()?).at("material_indices")?,
        color: c.track(r, cx, t, "color")?,
        alpha: c.track(r, cx, t, "alpha")?,
        height_above: c.track(r, cx, t, "height_above")?,
        height_below: c.track(r, cx, t, "height_below")?,
        edges_per_second: c.f32()?,
        edge_lifetime: c.f32()?,
        gravity: c.f32()?,
        texture_rows: c.u16()?,
        texture_cols: c.u16()?,
        tex_slot: c.track(r, cx, t, "tex_slot")?,
        visibility: c.track(r, cx, t, "visibility")?,
        ..Default::default()
    };
    if !l.legacy {
        rb.priority_plane = c.i16()?;
        rb.color_index = c.i8()?;
        rb.texture_transform_lookup = c.i8()?;
    }
    Ok(rb)
}

fn parse_particle<'a>(
    r: &Reader<'a, '_>,
    rec: &[u8],
    abs: u64,
    l: &Layout,
    cx: TrackContext<'_>,
) -> Result<M2Particle<'a>> {
    let mut c = Cursor::new(rec, abs);
    let t = l.track;
    let mut p = M2Particle {
        particle_id: c.i32()?,
        flags: c.u32()?,
        position: c.vec3()?,
        bone: c.u16()?,
        texture: c.u16()?,
        geometry_model: r.string(c.array()?).at("geometry_model_filename")?,
        recursion_model: r.string(c.array()?).at("recursion_model_filename")?,
        ..Default::default()
    };
    let (blend16, emitter16) = (c.u16()?, c.u16()?);
    // ≥ 262 stores u8 blend, u8 emitter type, u16 colour index; earlier files two
    // u16s. Some converted v256 files (Koward's Spells/Cyclone_State.m2: 258, 0)
    // use the newer layout anyway: a u16 blend mode above 7 is read that way.
    if l.version >= layout::TBC_LATE || blend16 > 7 {
        p.blending_type = blend16 & 0xFF;
        p.emitter_type = blend16 >> 8;
        p.particle_color_index = emitter16;
    } else {
        p.blending_type = blend16;
        p.emitter_type = emitter16;
    }
    p.particle_type = [c.u8()?, c.u8()?];
    p.texture_tile_rotation = c.i16()?;
    p.texture_rows = c.u16()?;
    p.texture_cols = c.u16()?;
    p.emission_speed = c.track(r, cx, t, "emission_speed")?;
    p.speed_variation = c.track(r, cx, t, "speed_variation")?;
    p.vertical_range = c.track(r, cx, t, "vertical_range")?;
    p.horizontal_range = c.track(r, cx, t, "horizontal_range")?;
    p.gravity = c.track(r, cx, t, "gravity")?;
    p.lifespan = c.track(r, cx, t, "lifespan")?;
    if !l.legacy {
        p.lifespan_vary = c.f32()?;
    }
    p.emission_rate = c.track(r, cx, t, "emission_rate")?;
    if !l.legacy {
        p.emission_rate_vary = c.f32()?;
    }
    p.emission_area_length = c.track(r, cx, t, "emission_area_length")?;
    p.emission_area_width = c.track(r, cx, t, "emission_area_width")?;
    p.z_source = c.track(r, cx, t, "z_source")?;
    p.life = if l.legacy {
        let mid_point = c.f32()?;
        let colors = [c.bytes4()?, c.bytes4()?, c.bytes4()?];
        let scales = [c.f32()?, c.f32()?, c.f32()?];
        let lifespan_uv_anim = [c.u16()?, c.u16()?, c.u16()?];
        let decay_uv_anim = [c.u16()?, c.u16()?, c.u16()?];
        let tail_uv_anim = [c.i16()?, c.i16()?];
        let tail_decay_uv_anim = [c.i16()?, c.i16()?];
        ParticleLife::Fixed {
            mid_point,
            colors,
            scales,
            lifespan_uv_anim,
            decay_uv_anim,
            tail_uv_anim,
            tail_decay_uv_anim,
        }
    } else {
        ParticleLife::Tracks {
            color: c.fblock(r).at("color")?,
            alpha: c.fblock(r).at("alpha")?,
            scale: c.fblock(r).at("scale")?,
            scale_vary: c.vec2()?,
            head_cell: c.fblock(r).at("head_cell")?,
            tail_cell: c.fblock(r).at("tail_cell")?,
        }
    };
    p.tail_length = c.f32()?;
    p.twinkle_speed = c.f32()?;
    p.twinkle_percent = c.f32()?;
    p.twinkle_scale = c.vec2()?;
    p.burst_multiplier = c.f32()?;
    p.drag = c.f32()?;
    p.spin = if l.legacy { [c.f32()?, 0.0, 0.0, 0.0] } else { [c.f32()?, c.f32()?, c.f32()?, c.f32()?] };
    for v in &mut p.tumble {
        *v = c.f32()?;
    }
    p.wind_vector = c.vec3()?;
    p.wind_time = c.f32()?;
    for v in &mut p.follow {
        *v = c.f32()?;
    }
    p.spline_points = r.array(c.array()?, 12, reader::vec3).at("spline_points")?;
    p.enabled_in = c.track(r, cx, t, "enabled_in")?;
    if l.particle == 492 {
        let mut mt = [0u16; 8];
        for v in &mut mt {
            *v = c.u16()?;
        }
        p.multi_texture_params = Some(mt);
    }
    Ok(p)
}
