//! MDX (`MDLX`) files as stored: Warcraft III v800 and WoW alpha v1300–1500.
//!
//! A chunked file (`MDLX` then `tag, u32 size, bytes` chunks in any order). The
//! two families store the same objects differently; every difference is
//! decided here, keyed on [`MdxFile::version`], so the converter sees one
//! shape:
//! - v800 (Warcraft III, hiveworkshop MDX spec as summarised on the wowdev MDX
//!   page, wowdev wiki "MDX" page): most chunks hold size-prefixed entries until the chunk
//!   ends (no count); rotations are float quaternions `[x, y, z, w]`;
//!   materials carry a `LAYS` sub-chunk; the `PTYP` face types are `u32`;
//!   `CLID` holds collision *shapes*.
//! - v1300/v1400 (WoW 0.5.3–0.11, wowdev wiki "MDX" page as documented for 1300): chunks
//!   start with a count (`MTLS` and `ATCH` add an unused `u32`); rotations are
//!   packed `i64` ([`decompress_quat64`]); `PTYP` is `u8`; `CLID` is a triangle mesh and `HTST` holds the shapes.
//!
//! Tracks are read by tag (`KGTR`, `KMTA`, ...) inside their owner's size, so
//! an unknown track ends its owner's tracks instead of derailing the file.
//! - v1500 (WoW 0.9–0.11) keeps the v1300 layout except `GEOS`, which holds
//!   fixed headers then batches of M2-style vertices (per-vertex weights).
//!
//! - Reforged v900–v1200 (Hive Workshop MDX specification; mdx-m3-viewer's
//!   and the `wc3` crate's readers): v900 adds a material shader name, each
//!   layer's emissive gain, geoset LODs, `TANG` and `SKIN`; v1000 the layer's
//!   fresnel colour, opacity and team colour; v1100 drops the material's
//!   shader name for a shader type id per layer followed by its texture
//!   slots (texture id, role: 0 diffuse, 1 normal, 2 ORM, 3 emissive, 4
//!   team colour, 5 reflections; each with its own `KMTF`); v1200 adds a
//!   light's shadow intensity. Later versions are refused with an
//!   [`ErrorKind::UnsupportedVersion`] error.

use crate::error::{Error, ErrorKind, Result, ResultExt};
use crate::reader::{self, Budget, PResult};

/// Warcraft III.
pub const V800: u32 = 800;
/// WoW 0.9–0.11: geosets redesigned as M2-style vertex batches.
pub const V1500: u32 = 1500;

/// One key of an MDX track (`MDLKEYFRAME`): time on the model's single
/// timeline (ms), value, and tangents for Hermite/Bezier tracks.
#[derive(Debug, Clone, PartialEq)]
pub struct MdlKey<T> {
    /// Time in ms on the global timeline (or the global sequence's clock).
    pub time: i32,
    /// Value.
    pub value: T,
    /// In and out tangents (interpolation 2 and 3 only).
    pub tangents: Option<(T, T)>,
}

/// `MDLKEYTRACK<T>`: `count, type, globalSeqId, keys`.
#[derive(Debug, Clone, PartialEq)]
pub struct MdlTrack<T> {
    /// 0 none, 1 linear, 2 Hermite, 3 Bezier.
    pub interpolation: u32,
    /// `GLBS` index driving the track.
    pub global_sequence: Option<u32>,
    /// Keys in file order.
    pub keys: Vec<MdlKey<T>>,
}

/// Any decoded track, by value type.
#[derive(Debug, Clone, PartialEq)]
pub enum AnyTrack {
    /// Scalar (alpha, visibility, emitter parameters...).
    F32(MdlTrack<f32>),
    /// Vector or colour (colours stay as stored, `b, g, r`).
    Vec3(MdlTrack<[f32; 3]>),
    /// Quaternion `[x, y, z, w]` (packed ones already unpacked).
    Quat(MdlTrack<[f32; 4]>),
    /// Integer (texture id flipbook, ribbon texture slot).
    U32(MdlTrack<u32>),
}

/// The tracks found inside one object, by tag.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Tracks(pub Vec<([u8; 4], AnyTrack)>);

impl Tracks {
    fn get(&self, tag: &[u8; 4]) -> Option<&AnyTrack> {
        self.0.iter().find(|(t, _)| t == tag).map(|(_, v)| v)
    }
    /// A scalar track by tag.
    pub fn f32(&self, tag: &[u8; 4]) -> Option<&MdlTrack<f32>> {
        match self.get(tag)? {
            AnyTrack::F32(t) => Some(t),
            _ => None,
        }
    }
    /// A vector track by tag.
    pub fn vec3(&self, tag: &[u8; 4]) -> Option<&MdlTrack<[f32; 3]>> {
        match self.get(tag)? {
            AnyTrack::Vec3(t) => Some(t),
            _ => None,
        }
    }
    /// A quaternion track by tag.
    pub fn quat(&self, tag: &[u8; 4]) -> Option<&MdlTrack<[f32; 4]>> {
        match self.get(tag)? {
            AnyTrack::Quat(t) => Some(t),
            _ => None,
        }
    }
    /// An integer track by tag.
    pub fn u32(&self, tag: &[u8; 4]) -> Option<&MdlTrack<u32>> {
        match self.get(tag)? {
            AnyTrack::U32(t) => Some(t),
            _ => None,
        }
    }
}

/// `CMdlBounds` (stored radius first, see `bounds`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MdlBounds {
    /// Box minimum.
    pub min: [f32; 3],
    /// Box maximum.
    pub max: [f32; 3],
    /// Sphere radius.
    pub radius: f32,
}

/// `MODL`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlModel {
    /// Model name.
    pub name: String,
    /// Bounds.
    pub bounds: MdlBounds,
    /// Default blend time (ms).
    pub blend_time: u32,
}

/// `MDLSEQUENCESSECTION`: an interval of the single timeline.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlSequence {
    /// Name, e.g. `Stand - 2`.
    pub name: String,
    /// Start time (ms) on the timeline.
    pub start: u32,
    /// End time (ms), inclusive.
    pub end: u32,
    /// Movement speed.
    pub movespeed: f32,
    /// `&1`: non-looping.
    pub flags: u32,
    /// Rarity (v800) or frequency (v1300).
    pub frequency: f32,
    /// Replay range (v1300; zero in v800).
    pub replay: [u32; 2],
    /// Blend time (v1300; zero in v800).
    pub blend_time: u32,
    /// Bounds while playing.
    pub bounds: MdlBounds,
}

/// `MDLTEXLAYER`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlLayer {
    /// `MDLTEXOP`: 0 load, 1 transparent, 2 blend, 3 add, 4 add-alpha, 5 modulate, 6 modulate 2x.
    pub filter_mode: u32,
    /// `MDLGEO` shading flags (0x1 unshaded, 0x2 sphere env map, 0x10 two-sided,
    /// 0x20 unfogged, 0x40 no depth test, 0x80 no depth set).
    pub shading_flags: u32,
    /// `TEXS` index.
    pub texture_id: u32,
    /// `TXAN` index or `u32::MAX`.
    pub texture_anim_id: u32,
    /// UV set.
    pub coord_id: i32,
    /// Static alpha 0..1.
    pub alpha: f32,
    /// `KMTA` alpha, `KMTF` texture flipbook.
    pub tracks: Tracks,
    /// Reforged (v900+): emissive gain, fresnel colour (as stored: blue,
    /// green, red, like every Warcraft III colour; Retera's Model Studio
    /// swaps it to draw), fresnel opacity and fresnel team colour
    /// (mdx-m3-viewer `Layer.readMdx`; v900 stores the gain only, the
    /// fresnel stays white, 0, 0).
    pub reforged: Option<[f32; 6]>,
    /// v1100+: the layer's shader type id (0 SD legacy, 1 HD DefaultUnit, 2
    /// SD fixed function, 24 HD crystal).
    pub shader_type: Option<u32>,
    /// v1100+: texture slots `(TEXS index, role)`; the role is 0 diffuse, 1
    /// normal, 2 ORM, 3 emissive, 4 team colour, 5 reflections.
    pub texture_slots: Vec<(u32, u32)>,
}

/// `MDLMATERIALSECTION`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlMaterial {
    /// Sort priority, lowest first.
    pub priority_plane: i32,
    /// Material flags (v800 only).
    pub flags: u32,
    /// Reforged (v900+): the shader (`Shader_HD_DefaultUnit`, `Shader_SD_FixedFunction`; empty before).
    pub shader: String,
    /// Layers, drawn in order.
    pub layers: Vec<MdlLayer>,
}

/// `MDLTEXTURESECTION` (268 bytes).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlTexture {
    /// Replaceable id (v800: 1 team colour, 2 team glow; WoW: skin types); 0 for a file.
    pub replaceable_id: u32,
    /// Image path.
    pub path: String,
    /// `&1` wrap width, `&2` wrap height.
    pub flags: u32,
}

/// `MDLGEOSETSECTION` (≤ v1400 layout, or the v1500 header + batch folded in).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlGeoset {
    /// `VRTX`.
    pub positions: Vec<[f32; 3]>,
    /// `NRMS`.
    pub normals: Vec<[f32; 3]>,
    /// UV sets (`UVAS`/`UVBS`), each one per vertex.
    pub uv_sets: Vec<Vec<[f32; 2]>>,
    /// `PTYP` face types (4 triangles, 5 strip, 6 fan).
    pub face_types: Vec<u32>,
    /// `PCNT` index counts per face group.
    pub face_counts: Vec<u32>,
    /// `PVTX` indices.
    pub indices: Vec<u16>,
    /// `GNDX` matrix group per vertex.
    pub vertex_groups: Vec<u8>,
    /// `MTGC` matrix count per group.
    pub group_counts: Vec<u32>,
    /// `MATS` object ids, groups laid end to end.
    pub matrices: Vec<u32>,
    /// v1500 and Reforged `SKIN`: per-vertex bone weights (sum 255) and object
    /// ids, as M2 vertices (empty otherwise: the matrix groups carry the skinning).
    pub bone_weights: Vec<[u8; 4]>,
    /// v1500 and Reforged `SKIN`: per-vertex object ids, paired with `bone_weights`.
    pub bone_indices: Vec<[u8; 4]>,
    /// Reforged (v900+): the level of detail (0 or −1: the full model) and its name.
    pub lod: (i32, String),
    /// Reforged `TANG`: a tangent (x, y, z, handedness) per vertex.
    pub tangents: Vec<[f32; 4]>,
    /// `MTLS` index.
    pub material_id: u32,
    /// Selection group (WoW: geoset id digits).
    pub selection_group: u32,
    /// Flags (`&1` unselectable).
    pub flags: u32,
    /// Bounds.
    pub bounds: MdlBounds,
}

/// `MDLGEOSETANIMSECTION`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlGeosetAnim {
    /// `GEOS` index.
    pub geoset_id: u32,
    /// Static alpha.
    pub alpha: f32,
    /// Static colour, `b, g, r`.
    pub color: [f32; 3],
    /// `&1`: use the colour.
    pub flags: u32,
    /// `KGAO` alpha, `KGAC` colour.
    pub tracks: Tracks,
}

/// `PREM`: a Warcraft III v1 particle emitter, which spawns a model (node
/// flag 0x8000, "EmitterUsesMDL") or a texture (0x10000, "EmitterUsesTGA")
/// (mdx-m3-viewer `parsers/mdlx/particleemitter.ts`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlParticleEmitter {
    /// Node.
    pub object: GenObject,
    /// Particles per second.
    pub emission_rate: f32,
    /// Downward acceleration.
    pub gravity: f32,
    /// Longitude (radians).
    pub longitude: f32,
    /// Latitude (radians).
    pub latitude: f32,
    /// The model or texture spawned (`.mdl` stands for `.mdx`).
    pub path: String,
    /// Lifespan, seconds.
    pub lifespan: f32,
    /// Initial speed.
    pub speed: f32,
    /// `KPEE`, `KPEG`, `KPLN`, `KPLT`, `KPEL`, `KPES`, `KPEV`.
    pub tracks: Tracks,
}

/// `CORN` (Reforged v900+): a PopcornFX emitter — its node, its base
/// values and the `.pkfx` effect it plays (Hive Workshop MDX specification;
/// the `wc3` crate's `PopcornEmitter`). PopcornFX is proprietary: m2view
/// lists these, it does not run them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlPopcorn {
    /// Node.
    pub object: GenObject,
    /// Lifespan (`KPPL` animates it).
    pub lifespan: f32,
    /// Emission rate (`KPPE`).
    pub emission_rate: f32,
    /// Speed (`KPPS`).
    pub speed: f32,
    /// Colour (`KPPC`).
    pub color: [f32; 3],
    /// Alpha (`KPPA`).
    pub alpha: f32,
    /// Replaceable id (0: the path).
    pub replaceable_id: u32,
    /// The PopcornFX effect (`.pkfx`).
    pub path: String,
    /// Which sequences show it (a list of names, as stored).
    pub visibility_guide: String,
    /// `KPPA`, `KPPC`, `KPPE`, `KPPL`, `KPPS`, `KPPV`.
    pub tracks: Tracks,
}

/// `MDLGENOBJECT`: a node of the object hierarchy.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GenObject {
    /// Name.
    pub name: String,
    /// Index in the hierarchy and into `PIVT`.
    pub object_id: u32,
    /// Parent object id.
    pub parent: Option<u32>,
    /// Inherit/billboard and type flags (see the wowdev wiki "MDX" table).
    pub flags: u32,
    /// `KGTR`, `KGRT`, `KGSC`.
    pub tracks: Tracks,
}

/// `MDLATTACHMENTSECTION`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlAttachment {
    /// Node.
    pub object: GenObject,
    /// `GEOCOMPONENTLINKS` (WoW) or the attachment's index (v800).
    pub attachment_id: u32,
    /// Model path.
    pub path: String,
    /// `KATV`/`KVIS` visibility.
    pub tracks: Tracks,
}

/// `MDLEVENTSECTION`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlEvent {
    /// Node (the name is the event id, e.g. `SNDxDEAT`).
    pub object: GenObject,
    /// `KEVT` global sequence.
    pub global_sequence: Option<u32>,
    /// `KEVT` times on the timeline.
    pub times: Vec<i32>,
}

/// `MDLLIGHTSECTION`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlLight {
    /// Node.
    pub object: GenObject,
    /// 0 omni, 1 directional, 2 ambient.
    pub kind: u32,
    /// Attenuation start / end.
    pub attenuation: [f32; 2],
    /// Colour `b, g, r`.
    pub color: [f32; 3],
    /// Intensity.
    pub intensity: f32,
    /// Ambient colour `b, g, r`.
    pub ambient_color: [f32; 3],
    /// Ambient intensity.
    pub ambient_intensity: f32,
    /// `KLAS`... `KVIS`.
    pub tracks: Tracks,
}

/// `MDLCAMERASECTION`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlCamera {
    /// Name.
    pub name: String,
    /// Position.
    pub position: [f32; 3],
    /// Vertical field of view (radians).
    pub fov: f32,
    /// Far clip.
    pub far_clip: f32,
    /// Near clip.
    pub near_clip: f32,
    /// Target position.
    pub target: [f32; 3],
    /// `KCTR`, `KCRL`, `KTTR`.
    pub tracks: Tracks,
}

/// `MDLPARTICLEEMITTER2` (v800 and WoW layouts: same values, different order;
/// WoW adds the fields after `replaceable_id`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlParticleEmitter2 {
    /// Node (flags ≥ 0x8000 are emitter flags).
    pub object: GenObject,
    /// Speed, variation, latitude, gravity, lifespan (s), emission rate (/s), width, length.
    pub speed: f32,
    /// Speed variation (fraction).
    pub variation: f32,
    /// Cone half angle (v800: degrees; WoW: radians, as M2).
    pub latitude: f32,
    /// Downward acceleration.
    pub gravity: f32,
    /// Lifespan in seconds.
    pub lifespan: f32,
    /// Particles per second.
    pub emission_rate: f32,
    /// Emitter area width.
    pub width: f32,
    /// Emitter area length.
    pub length: f32,
    /// 0 blend, 1 add, 2 modulate, 3 modulate 2x, 4 alpha key.
    pub filter_mode: u32,
    /// Texture atlas rows.
    pub rows: u32,
    /// Texture atlas columns.
    pub columns: u32,
    /// 0 head, 1 tail, 2 both.
    pub head_or_tail: u32,
    /// Tail length (multiples of the speed).
    pub tail_length: f32,
    /// Middle of life (0..1).
    pub middle_time: f32,
    /// Start/middle/end colours as stored: `r, g, b` in v800, `b, g, r` in WoW.
    pub colors: [[f32; 3]; 3],
    /// Start/middle/end alpha 0..255.
    pub alphas: [u8; 3],
    /// Start/middle/end scale.
    pub scaling: [f32; 3],
    /// Head life/decay cell intervals `[start, end, repeat]`.
    pub head_intervals: [[u32; 3]; 2],
    /// Tail life/decay cell intervals.
    pub tail_intervals: [[u32; 3]; 2],
    /// `TEXS` index.
    pub texture_id: u32,
    /// Squirt (emit bursts on rate keys).
    pub squirt: u32,
    /// Sort priority.
    pub priority_plane: i32,
    /// Replaceable id.
    pub replaceable_id: u32,
    /// WoW only from here (zero in v800): 0 base, 1 plane, 2 sphere, 3 spline.
    pub emitter_type: u32,
    /// Longitude (cone about Z).
    pub longitude: f32,
    /// Deducted from the start height.
    pub z_source: f32,
    /// Twinkle fps, on/off, scale min, scale max.
    pub twinkle: [f32; 4],
    /// Instant velocity scale.
    pub ivel_scale: f32,
    /// Tumble x/y/z min/max.
    pub tumble: [f32; 6],
    /// Drag.
    pub drag: f32,
    /// Spin.
    pub spin: f32,
    /// Wind vector.
    pub wind: [f32; 3],
    /// How long the wind applies (s).
    pub wind_time: f32,
    /// Follow speed 1, scale 1, speed 2, scale 2.
    pub follow: [f32; 4],
    /// Spline points.
    pub spline: Vec<[f32; 3]>,
    /// Particle model path.
    pub geometry_model: String,
    /// Recursion model path.
    pub recursion_model: String,
    /// `KP2*` tracks and `KVIS`.
    pub tracks: Tracks,
}

/// `MDLRIBBONEMITTER`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlRibbon {
    /// Node.
    pub object: GenObject,
    /// Height above the node.
    pub height_above: f32,
    /// Height below the node.
    pub height_below: f32,
    /// Static alpha.
    pub alpha: f32,
    /// Static colour as stored (`r, g, b` in v800, `b, g, r` in WoW).
    pub color: [f32; 3],
    /// Edge lifetime in seconds.
    pub lifespan: f32,
    /// Texture atlas slot.
    pub texture_slot: u32,
    /// Edges per second.
    pub emission_rate: u32,
    /// Atlas rows.
    pub rows: u32,
    /// Atlas columns.
    pub columns: u32,
    /// `MTLS` index.
    pub material_id: u32,
    /// Downward acceleration.
    pub gravity: f32,
    /// `KRHA`, `KRHB`, `KRAL`, `KRCO`, `KRTX`, `KRVS`/`KVIS`.
    pub tracks: Tracks,
}

/// A collision / hit-test shape: its node, type and floats as stored.
/// Warcraft III: 0 box (2 vertices), 1 plane (2 vertices), 2 sphere (centre,
/// radius), 3 cylinder (2 vertices, radius). WoW (`GEOM_SHAPE`): 0 box (min,
/// max), 1 cylinder (base, height, radius), 2 sphere (centre, radius), 3 plane
/// (length, width).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlShape {
    /// Node.
    pub object: GenObject,
    /// Shape type (numbering differs between the families, see above).
    pub kind: u32,
    /// The type's floats in file order.
    pub floats: Vec<f32>,
}

/// Floats of a shape type, or `None` for an unknown type.
pub fn shape_floats(kind: u32, wow: bool) -> Option<usize> {
    match (wow, kind) {
        (_, 0) => Some(6),
        (false, 1) => Some(6),
        (true, 1) => Some(5),
        (_, 2) => Some(4),
        (false, 3) => Some(7),
        (true, 3) => Some(2),
        _ => None,
    }
}

/// A Reforged `FAFX` face effect: the FaceFX actor a model's face
/// animation targets and its `.facefx` file (80 + 260 bytes; Hive Workshop
/// MDX specification, mdx-m3-viewer `FaceEffect`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlFaceEffect {
    /// Target (the FaceFX actor name).
    pub target: String,
    /// The effect file.
    pub path: String,
}

/// `CLID` triangle mesh (WoW).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdlCollision {
    /// `VRTX`.
    pub positions: Vec<[f32; 3]>,
    /// `TRI ` indices.
    pub indices: Vec<u16>,
    /// `NRMS` face normals.
    pub normals: Vec<[f32; 3]>,
}

/// A whole MDX file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MdxFile {
    /// `VERS`.
    pub version: u32,
    /// Chunk tags in file order.
    pub chunk_order: Vec<[u8; 4]>,
    /// Chunks kept raw (not decoded), with their file offsets.
    pub unknown: Vec<([u8; 4], u64)>,
    /// `MODL`.
    pub model: MdlModel,
    /// `SEQS`.
    pub sequences: Vec<MdlSequence>,
    /// `GLBS` durations (ms).
    pub global_sequences: Vec<u32>,
    /// `MTLS`.
    pub materials: Vec<MdlMaterial>,
    /// `TEXS`.
    pub textures: Vec<MdlTexture>,
    /// `TXAN`: `KTAT`, `KTAR`, `KTAS` per texture animation.
    pub texture_anims: Vec<Tracks>,
    /// `GEOS`.
    pub geosets: Vec<MdlGeoset>,
    /// `GEOA`.
    pub geoset_anims: Vec<MdlGeosetAnim>,
    /// `BONE` nodes (their geoset and geoset-animation ids are not kept).
    pub bones: Vec<GenObject>,
    /// `LITE`.
    pub lights: Vec<MdlLight>,
    /// `HELP`.
    pub helpers: Vec<GenObject>,
    /// `ATCH`.
    pub attachments: Vec<MdlAttachment>,
    /// `PIVT`: one pivot per object id.
    pub pivots: Vec<[f32; 3]>,
    /// `CAMS`.
    pub cameras: Vec<MdlCamera>,
    /// `EVTS`.
    pub events: Vec<MdlEvent>,
    /// `PRE2`.
    pub particle_emitters2: Vec<MdlParticleEmitter2>,
    /// `PREM` v1 particle emitters (Warcraft III).
    pub particle_emitters: Vec<MdlParticleEmitter>,
    /// `RIBB`.
    pub ribbons: Vec<MdlRibbon>,
    /// `CORN` PopcornFX emitters (Reforged).
    pub popcorns: Vec<MdlPopcorn>,
    /// `FAFX` face effects (Reforged).
    pub face_effects: Vec<MdlFaceEffect>,
    /// `BPOS` bind poses (Reforged; mdx-m3-viewer `Model.bindPose`): one
    /// 4 × 3 matrix per node in object id order, four columns of three
    /// floats — the node's rest frame in model space, a rotation and then a
    /// translation that is the node's pivot (so on blob.mdx).
    pub bind_poses: Vec<[f32; 12]>,
    /// Shapes: `CLID` (v800) or `HTST` (WoW).
    pub shapes: Vec<MdlShape>,
    /// `CLID` mesh (WoW).
    pub collision: MdlCollision,
}

impl MdxFile {
    /// True for the WoW alpha family (packed quaternions, counted chunks).
    pub fn is_wow(&self) -> bool {
        self.version >= 1300
    }
}

/// Unpacks a WoW MDX `C4QuaternionCompressed` (wowdev wiki "MDX" page): x in the top 22
/// bits (scale 2⁻²¹), y in the next 21, z in the low 21 (scale 2⁻²⁰), w ≥ 0
/// from the unit length.
pub fn decompress_quat64(m: i64) -> [f32; 4] {
    let x = (m >> 42) as f64 * (1.0 / 2_097_152.0);
    let y = ((m << 22) >> 43) as f64 * (1.0 / 1_048_576.0);
    let z = (((m << 43) >> 43) as f64) * (1.0 / 1_048_576.0);
    let len = 1.0 - (x * x + y * y + z * z);
    let w = if len >= 1.0 / 1_048_576.0 { len.sqrt() } else { 0.0 };
    [x as f32, y as f32, z as f32, w as f32]
}

/// Sequential reads inside one region of the file, with absolute offsets.
struct R<'a> {
    data: &'a [u8],
    pos: usize,
    /// Absolute offset of `data[0]`.
    base: u64,
    budget: &'a Budget,
}

impl<'a> R<'a> {
    fn abs(&self) -> u64 {
        self.base + self.pos as u64
    }
    fn left(&self) -> usize {
        self.data.len() - self.pos
    }
    fn at_end(&self) -> bool {
        self.pos >= self.data.len()
    }
    fn short(&self, len: usize) -> Error {
        Error::new(self.abs(), ErrorKind::OutOfBounds { len: len as u64, file_len: self.data.len() as u64 })
    }
    fn take<T>(&mut self, n: usize, p: impl Fn(&'a [u8]) -> PResult<'a, T>) -> Result<T> {
        if self.left() < n {
            return Err(self.short(n));
        }
        let v = p(&self.data[self.pos..]).map(|(_, v)| v).map_err(|_| self.short(n))?;
        self.pos += n;
        Ok(v)
    }
    fn u8(&mut self) -> Result<u8> {
        self.take(1, reader::u8_)
    }
    fn u32(&mut self) -> Result<u32> {
        self.take(4, reader::u32_)
    }
    fn i32(&mut self) -> Result<i32> {
        self.take(4, reader::i32_)
    }
    fn f32(&mut self) -> Result<f32> {
        self.take(4, reader::f32_)
    }
    fn vec3(&mut self) -> Result<[f32; 3]> {
        self.take(12, reader::vec3)
    }
    fn tag(&mut self) -> Result<[u8; 4]> {
        self.take(4, reader::bytes4)
    }
    fn peek_tag(&self) -> Option<[u8; 4]> {
        self.data.get(self.pos..self.pos + 4).map(|b| [b[0], b[1], b[2], b[3]])
    }
    fn skip(&mut self, n: usize) -> Result<()> {
        if self.left() < n {
            return Err(self.short(n));
        }
        self.pos += n;
        Ok(())
    }
    /// A fixed-size, NUL-padded string field.
    fn string(&mut self, n: usize) -> Result<String> {
        if self.left() < n {
            return Err(self.short(n));
        }
        let b = &self.data[self.pos..self.pos + n];
        self.pos += n;
        let end = b.iter().position(|&c| c == 0).unwrap_or(n);
        Ok(String::from_utf8_lossy(&b[..end]).into_owned())
    }
    /// The next `n` bytes as a region of their own (a size-prefixed entry).
    fn sub(&mut self, n: usize, what: &str) -> Result<R<'a>> {
        if self.left() < n {
            return Err(Error::invalid(
                self.abs(),
                format!("{what} of {n} bytes runs past its container ({} bytes left)", self.left()),
            ));
        }
        let r = R { data: &self.data[self.pos..self.pos + n], pos: 0, base: self.abs(), budget: self.budget };
        self.pos += n;
        Ok(r)
    }
    /// A size-prefixed entry whose `u32` size counts itself (`inclusiveSize`).
    fn entry(&mut self, what: &str) -> Result<R<'a>> {
        let at = self.abs();
        let size = self.u32()? as usize;
        if size < 4 {
            return Err(Error::invalid(at, format!("{what} size {size} is smaller than its size field")));
        }
        self.sub(size - 4, what)
    }
    /// Checks that `count` elements of `size` bytes fit in what is left, and charges the budget.
    fn fits(&self, count: u32, size: usize, decoded: usize) -> Result<usize> {
        let need = (count as u64).saturating_mul(size as u64);
        if need > self.left() as u64 {
            return Err(Error::new(
                self.abs(),
                ErrorKind::ArrayTooLarge { count: count as u64, elem_size: size as u64, file_len: self.left() as u64 },
            ));
        }
        self.budget.charge((count as u64).saturating_mul(decoded as u64), self.abs())?;
        Ok(count as usize)
    }
    fn vec<T>(&mut self, count: u32, size: usize, mut f: impl FnMut(&mut Self) -> Result<T>) -> Result<Vec<T>> {
        let n = self.fits(count, size, std::mem::size_of::<T>())?;
        let mut v = Vec::with_capacity(n);
        for i in 0..n {
            v.push(f(self).at_index(i)?);
        }
        Ok(v)
    }
    /// `count` then that many size-prefixed entries (WoW), or entries until the end (v800).
    fn entries<T>(
        &mut self,
        counted: bool,
        what: &'static str,
        mut f: impl FnMut(&mut Self) -> Result<T>,
    ) -> Result<Vec<T>> {
        let mut out = Vec::new();
        if counted {
            let n = self.u32()?;
            // Every entry has at least a 4-byte size: a count beyond that is corrupt.
            self.fits(n, 4, std::mem::size_of::<T>())?;
            for i in 0..n as usize {
                out.push(f(self).at_elem(what, i)?);
            }
        } else {
            while !self.at_end() {
                let i = out.len();
                self.budget.charge(std::mem::size_of::<T>() as u64, self.abs())?;
                out.push(f(self).at_elem(what, i)?);
            }
        }
        Ok(out)
    }
}

/// What a track tag holds.
#[derive(Clone, Copy)]
enum Kind {
    F32,
    Vec3,
    Quat,
    U32,
}

fn track_kind(tag: &[u8; 4]) -> Option<Kind> {
    Some(match tag {
        b"KGTR" | b"KGSC" | b"KTAT" | b"KTAS" | b"KCTR" | b"KTTR" | b"KGAC" | b"KLAC" | b"KLBC" | b"KRCO" | b"KPPC"
        | b"KFC3" => Kind::Vec3,
        b"KGRT" | b"KTAR" => Kind::Quat,
        b"KMTF" | b"KRTX" => Kind::U32,
        b"KMTA" | b"KMTE" | b"KGAO" | b"KLAS" | b"KLAE" | b"KLAI" | b"KLBI" | b"KVIS" | b"KATV" | b"KPEE" | b"KPEG"
        | b"KPLN" | b"KPLT" | b"KPEL" | b"KPES" | b"KPEV" | b"KP2V" | b"KP2S" | b"KP2R" | b"KP2L" | b"KP2G"
        | b"KLIF" | b"KP2E" | b"KP2W" | b"KP2N" | b"KP2Z" | b"KCRL" | b"KRHA" | b"KRHB" | b"KRAL" | b"KRVS"
        | b"KPPA" | b"KPPE" | b"KPPL" | b"KPPS" | b"KPPV" | b"KFCA" | b"KFTC" => Kind::F32,
        _ => return None,
    })
}

fn read_track<T>(
    r: &mut R<'_>,
    simple: bool,
    size: usize,
    mut value: impl FnMut(&mut R<'_>) -> Result<T>,
) -> Result<MdlTrack<T>> {
    let count = r.u32()?;
    let interpolation = if simple { 1 } else { r.u32()? };
    let gs = r.u32()?;
    let key_size = if interpolation > 1 { 4 + 3 * size } else { 4 + size };
    let keys = r.vec(count, key_size, |r| {
        let time = r.i32()?;
        let v = value(r)?;
        let tangents = if interpolation > 1 { Some((value(r)?, value(r)?)) } else { None };
        Ok(MdlKey { time, value: v, tangents })
    })?;
    Ok(MdlTrack { interpolation, global_sequence: (gs != u32::MAX).then_some(gs), keys })
}

/// Reads tagged tracks until the region ends or an unknown tag appears
/// (the rest of the owner is then skipped: its size bounds it).
fn tracks(r: &mut R<'_>, wow: bool) -> Result<Tracks> {
    let mut out = Tracks::default();
    while let Some(tag) = r.peek_tag() {
        let Some(kind) = track_kind(&tag) else { break };
        r.pos += 4;
        let name = track_name(&tag);
        // WoW stores the flipbook as a simple (type-less) integer track.
        let simple = wow && &tag == b"KMTF";
        let t = match kind {
            Kind::F32 => AnyTrack::F32(read_track(r, simple, 4, |r| r.f32()).at(name)?),
            Kind::Vec3 => AnyTrack::Vec3(read_track(r, simple, 12, |r| r.vec3()).at(name)?),
            Kind::U32 => AnyTrack::U32(read_track(r, simple, 4, |r| r.u32()).at(name)?),
            Kind::Quat if wow => {
                AnyTrack::Quat(read_track(r, simple, 8, |r| Ok(decompress_quat64(r.take(8, reader::i64_)?))).at(name)?)
            }
            Kind::Quat => AnyTrack::Quat(read_track(r, simple, 16, |r| r.take(16, reader::vec4)).at(name)?),
        };
        out.0.push((tag, t));
    }
    r.pos = r.data.len();
    Ok(out)
}

fn track_name(tag: &[u8; 4]) -> &'static str {
    // Error paths take static names; the tag set is closed (see `track_kind`).
    const NAMES: &[&str] = &[
        "KGTR", "KGSC", "KTAT", "KTAS", "KCTR", "KTTR", "KGAC", "KLAC", "KLBC", "KRCO", "KGRT", "KTAR", "KMTF", "KRTX",
        "KMTA", "KMTE", "KGAO", "KLAS", "KLAE", "KLAI", "KLBI", "KVIS", "KATV", "KPEE", "KPEG", "KPLN", "KPLT", "KPEL",
        "KPES", "KPEV", "KP2V", "KP2S", "KP2R", "KP2L", "KP2G", "KLIF", "KP2E", "KP2W", "KP2N", "KP2Z", "KCRL", "KRHA",
        "KRHB", "KRAL", "KRVS", "KPPA", "KPPC", "KPPE", "KPPL", "KPPS", "KPPV", "KFC3", "KFCA", "KFTC",
    ];
    NAMES.iter().find(|n| n.as_bytes() == tag).copied().unwrap_or("track")
}

/// `CMdlBounds`, radius first. The wowdev wiki "MDX" page documents the box first for v1300,
/// but a real v1300 file (Boar.mdx: radius 1.90 then a box around the boar)
/// stores the radius first, as Warcraft III does.
fn bounds(r: &mut R<'_>) -> Result<MdlBounds> {
    let radius = r.f32()?;
    Ok(MdlBounds { min: r.vec3()?, max: r.vec3()?, radius })
}

/// `MDLGENOBJECT`: its own inclusive size bounds the name, ids and node tracks.
fn gen_object(r: &mut R<'_>, wow: bool) -> Result<GenObject> {
    let mut e = r.entry("object")?;
    let name = e.string(80)?;
    let object_id = e.u32()?;
    let parent = e.u32()?;
    let flags = e.u32()?;
    let tracks = tracks(&mut e, wow)?;
    Ok(GenObject { name, object_id, parent: (parent != u32::MAX).then_some(parent), flags, tracks })
}

fn sequence(r: &mut R<'_>, wow: bool) -> Result<MdlSequence> {
    let name = r.string(80)?;
    let (start, end, movespeed, flags) = (r.u32()?, r.u32()?, r.f32()?, r.u32()?);
    if wow {
        let bounds = bounds(r)?;
        let frequency = r.f32()?;
        let replay = [r.u32()?, r.u32()?];
        let blend_time = r.u32()?;
        Ok(MdlSequence { name, start, end, movespeed, flags, frequency, replay, blend_time, bounds })
    } else {
        let frequency = r.f32()?; // rarity
        let _sync_point = r.u32()?;
        let bounds = bounds(r)?;
        Ok(MdlSequence { name, start, end, movespeed, flags, frequency, bounds, ..Default::default() })
    }
}

/// A layer of file `version` (see the module notes for what Reforged adds).
fn layer(r: &mut R<'_>, wow: bool, version: u32) -> Result<MdlLayer> {
    let mut e = r.entry("layer")?;
    let (filter_mode, shading_flags, texture_id) = (e.u32()?, e.u32()?, e.u32()?);
    let (texture_anim_id, coord_id, alpha) = (e.u32()?, e.i32()?, e.f32()?);
    let reforged = match version {
        900 => Some([e.f32()?, 1.0, 1.0, 1.0, 0.0, 0.0]),
        1000..=1200 => Some([e.f32()?, e.f32()?, e.f32()?, e.f32()?, e.f32()?, e.f32()?]),
        _ => None,
    };
    let mut l = MdlLayer {
        filter_mode,
        shading_flags,
        texture_id,
        texture_anim_id,
        coord_id,
        alpha,
        reforged,
        ..Default::default()
    };
    // (WoW alpha's 1300+ are no Reforged versions.)
    if (1100..1300).contains(&version) {
        l.shader_type = Some(e.u32()?);
        let n = e.u32()?;
        let slots = e.vec(n, 8, |e| {
            let slot = (e.u32()?, e.u32()?);
            // The slot's own texture flipbook; the diffuse slot's is the layer's.
            while e.peek_tag() == Some(*b"KMTF") {
                e.pos += 4;
                let t = read_track(e, false, 4, |r| r.u32()).at("KMTF")?;
                if slot.1 == 0 {
                    l.tracks.0.push((*b"KMTF", AnyTrack::U32(t)));
                }
            }
            Ok(slot)
        });
        l.texture_slots = slots.at("texture slots")?;
        // The layer draws its diffuse slot's texture.
        if let Some(&(id, _)) = l.texture_slots.iter().find(|s| s.1 == 0) {
            l.texture_id = id;
        }
    }
    // KMTE (emissive gain), KFC3, KFCA and KFTC (fresnel colour, opacity, team colour share).
    let mut rest = tracks(&mut e, wow)?;
    l.tracks.0.append(&mut rest.0);
    Ok(l)
}

/// The shader name of Reforged shader type id `id` (v1100+ store ids,
/// v900/v1000 names; `wc3` crate `ShaderType`).
fn shader_name(id: u32) -> &'static str {
    match id {
        1 => "Shader_HD_DefaultUnit",
        2 => "Shader_SD_FixedFunction",
        24 => "Shader_HD_Crystal",
        _ => "",
    }
}

fn material(r: &mut R<'_>, wow: bool, version: u32) -> Result<MdlMaterial> {
    let mut e = r.entry("material")?;
    let priority_plane = e.i32()?;
    if wow {
        let n = e.u32()?;
        let layers = e.vec(n, 4, |e| layer(e, true, version)).at("layers")?;
        return Ok(MdlMaterial { priority_plane, flags: 0, shader: String::new(), layers });
    }
    let flags = e.u32()?;
    let mut shader = if matches!(version, 900 | 1000) { e.string(80).at("shader")? } else { String::new() };
    let at = e.abs();
    let tag = e.tag()?;
    if &tag != b"LAYS" {
        return Err(Error::new(at, ErrorKind::BadMagic { found: tag, expected: "LAYS" }));
    }
    let n = e.u32()?;
    let layers = e.vec(n, 4, |e| layer(e, false, version)).at("layers")?;
    if let Some(id) = layers.first().and_then(|l| l.shader_type) {
        shader = shader_name(id).to_string();
    }
    Ok(MdlMaterial { priority_plane, flags, shader, layers })
}

fn texture(r: &mut R<'_>) -> Result<MdlTexture> {
    Ok(MdlTexture { replaceable_id: r.u32()?, path: r.string(260)?, flags: r.u32()? })
}

/// The tagged arrays of one geoset; the untagged trailer (material, selection
/// group, bounds) sits after `MATS`/`BWGT`, and v800 puts `UVAS`/`UVBS` after it.
fn geoset(r: &mut R<'_>, wow: bool, hd: bool) -> Result<MdlGeoset> {
    let mut e = r.entry("geoset")?;
    let mut g = MdlGeoset::default();
    let mut trailer_read = false;
    while !e.at_end() {
        let at = e.abs();
        let Some(tag) = e.peek_tag() else { break };
        let known = matches!(
            &tag,
            b"VRTX"
                | b"NRMS"
                | b"UVAS"
                | b"UVBS"
                | b"PTYP"
                | b"PCNT"
                | b"PVTX"
                | b"GNDX"
                | b"MTGC"
                | b"MATS"
                | b"BIDX"
                | b"BWGT"
                | b"TANG"
                | b"SKIN"
        );
        if !known {
            if trailer_read {
                return Err(Error::new(at, ErrorKind::BadMagic { found: tag, expected: "a geoset sub-chunk" }));
            }
            g.material_id = e.u32()?;
            g.selection_group = e.u32()?;
            g.flags = e.u32()?;
            if hd {
                g.lod = (e.i32()?, e.string(80).at("lod_name")?);
            }
            g.bounds = bounds(&mut e)?;
            let n = e.u32()?;
            e.vec(n, 28, bounds).at("sequence_bounds")?;
            trailer_read = true;
            continue;
        }
        e.pos += 4;
        let n = e.u32()?;
        let name = match &tag {
            b"VRTX" => "VRTX",
            b"NRMS" => "NRMS",
            b"UVAS" => "UVAS",
            b"UVBS" => "UVBS",
            b"PTYP" => "PTYP",
            b"PCNT" => "PCNT",
            b"PVTX" => "PVTX",
            b"GNDX" => "GNDX",
            b"MTGC" => "MTGC",
            b"MATS" => "MATS",
            b"BIDX" => "BIDX",
            b"TANG" => "TANG",
            b"SKIN" => "SKIN",
            _ => "BWGT",
        };
        let uv = |e: &mut R<'_>, n: u32| e.vec(n, 8, |e| e.take(8, reader::vec2));
        match &tag {
            b"VRTX" => g.positions = e.vec(n, 12, |e| e.vec3()).at(name)?,
            b"NRMS" => g.normals = e.vec(n, 12, |e| e.vec3()).at(name)?,
            // WoW: `count` sets of one UV per vertex follow inline.
            b"UVAS" if wow => {
                let nv = g.positions.len() as u32;
                // The client supports a handful of sets; a huge count with no vertices must not spin.
                if n > 16 {
                    return Err(Error::invalid(at, format!("UVAS declares {n} UV sets")));
                }
                for _ in 0..n {
                    g.uv_sets.push(uv(&mut e, nv).at(name)?);
                }
            }
            // v800: the count of UVBS chunks that follow.
            b"UVAS" => {}
            b"UVBS" => g.uv_sets.push(uv(&mut e, n).at(name)?),
            b"PTYP" if wow => g.face_types = e.vec(n, 1, |e| e.u8().map(u32::from)).at(name)?,
            b"PTYP" => g.face_types = e.vec(n, 4, |e| e.u32()).at(name)?,
            b"PCNT" => g.face_counts = e.vec(n, 4, |e| e.u32()).at(name)?,
            b"PVTX" => g.indices = e.vec(n, 2, |e| e.take(2, reader::u16_)).at(name)?,
            b"GNDX" => g.vertex_groups = e.vec(n, 1, |e| e.u8()).at(name)?,
            b"MTGC" => g.group_counts = e.vec(n, 4, |e| e.u32()).at(name)?,
            b"MATS" => g.matrices = e.vec(n, 4, |e| e.u32()).at(name)?,
            b"TANG" => g.tangents = e.vec(n, 16, |e| e.take(16, reader::vec4)).at(name)?,
            // Reforged: per vertex four object ids then four weights (mdx-m3-viewer `SkinningType.Skin`).
            b"SKIN" => {
                if n % 8 != 0 {
                    return Err(Error::invalid(at, format!("SKIN of {n} bytes is not 8 per vertex")));
                }
                let skin = e.vec(n / 8, 8, |e| {
                    Ok(([e.u8()?, e.u8()?, e.u8()?, e.u8()?], [e.u8()?, e.u8()?, e.u8()?, e.u8()?]))
                });
                let skin = skin.at(name)?;
                (g.bone_indices, g.bone_weights) = skin.into_iter().unzip();
            }
            // Per-vertex packed bone indices/weights: the matrix groups carry the same skinning.
            _ => e.vec(n, 4, |e| e.u32()).map(drop).at(name)?,
        }
    }
    Ok(g)
}

/// v1500 `GEOS`: `n` fixed 64-byte headers, then `n` batches of M2-style
/// vertices and 16-bit triangle indices padded to a multiple of 8 (wowdev wiki "MDX" page,
/// "GEOS (v1500)").
fn geosets_v1500(c: &mut R<'_>) -> Result<Vec<MdlGeoset>> {
    let n = c.u32()?;
    let heads = c
        .vec(n, 64, |c| {
            let material_id = c.u32()?;
            let centre = c.vec3()?;
            let radius = c.f32()?;
            let selection_group = c.u32()?;
            let _index = c.u32()?;
            let flags = c.u32()?;
            let mut counts = [0u32; 3];
            for k in &mut counts {
                c.tag()?; // PVTX, PTYP, PVTX: the client does not check them
                *k = c.u32()?;
            }
            c.skip(8)?;
            let bounds = MdlBounds { min: centre.map(|v| v - radius), max: centre.map(|v| v + radius), radius };
            Ok((MdlGeoset { material_id, selection_group, flags, bounds, ..Default::default() }, counts))
        })
        .at("geosets")?;
    let mut out = Vec::with_capacity(heads.len());
    for (i, (mut g, [nv, _, ni])) in heads.into_iter().enumerate() {
        (|| -> Result<()> {
            let verts = c.vec(nv, 48, |c| {
                let pos = c.vec3()?;
                let w = c.take(4, reader::bytes4)?;
                let b = c.take(4, reader::bytes4)?;
                let normal = c.vec3()?;
                let uv0 = c.take(8, reader::vec2)?;
                let uv1 = c.take(8, reader::vec2)?;
                Ok((pos, w, b, normal, uv0, uv1))
            })?;
            let _prim_type = c.u32()?;
            c.u32()?;
            let count = c.take(2, reader::u16_)?;
            c.skip(6)?; // min/max vertex, unused
            if count as u32 != ni {
                return Err(Error::invalid(c.abs(), format!("batch has {count} indices, its geoset says {ni}")));
            }
            g.indices = c.vec(count as u32, 2, |c| c.take(2, reader::u16_)).at("indices")?;
            c.skip((8 - count as usize % 8) % 8 * 2)?;
            g.face_types = vec![4];
            g.face_counts = vec![count as u32];
            let mut uv = (Vec::with_capacity(verts.len()), Vec::with_capacity(verts.len()));
            for (pos, w, b, normal, uv0, uv1) in verts {
                g.positions.push(pos);
                g.bone_weights.push(w);
                g.bone_indices.push(b);
                g.normals.push(normal);
                uv.0.push(uv0);
                uv.1.push(uv1);
            }
            g.uv_sets = vec![uv.0, uv.1];
            Ok(())
        })()
        .at_elem("batches", i)?;
        out.push(g);
    }
    Ok(out)
}

fn geoset_anim(r: &mut R<'_>, wow: bool) -> Result<MdlGeosetAnim> {
    let mut e = r.entry("geoset animation")?;
    let (geoset_id, alpha, color, flags) = if wow {
        (e.u32()?, e.f32()?, e.vec3()?, e.u32()?)
    } else {
        let alpha = e.f32()?;
        let flags = e.u32()?;
        let color = e.vec3()?;
        (e.u32()?, alpha, color, flags)
    };
    Ok(MdlGeosetAnim { geoset_id, alpha, color, flags, tracks: tracks(&mut e, wow)? })
}

fn attachment(r: &mut R<'_>, wow: bool, index: u32) -> Result<MdlAttachment> {
    let mut e = r.entry("attachment")?;
    let object = gen_object(&mut e, wow).at("object")?;
    let (attachment_id, path) = if wow {
        let id = e.u32()?;
        e.u8()?; // padding
        (id, e.string(260)?)
    } else {
        let path = e.string(260)?;
        let _id = e.u32()?;
        (index, path)
    };
    Ok(MdlAttachment { object, attachment_id, path, tracks: tracks(&mut e, wow)? })
}

fn event(r: &mut R<'_>, wow: bool) -> Result<MdlEvent> {
    let mut e = if wow { r.entry("event")? } else { R { data: r.data, pos: r.pos, base: r.base, budget: r.budget } };
    let object = gen_object(&mut e, wow).at("object")?;
    let mut ev = MdlEvent { object, global_sequence: None, times: Vec::new() };
    if e.peek_tag() == Some(*b"KEVT") {
        e.pos += 4;
        let n = e.u32()?;
        let gs = e.u32()?;
        ev.global_sequence = (gs != u32::MAX).then_some(gs);
        ev.times = e.vec(n, 4, |e| e.i32()).at("KEVT")?;
    }
    if !wow {
        r.pos = e.pos; // v800 events have no outer size
    }
    Ok(ev)
}

fn light(r: &mut R<'_>, wow: bool, version: u32) -> Result<MdlLight> {
    let mut e = r.entry("light")?;
    let object = gen_object(&mut e, wow).at("object")?;
    let (kind, attenuation, color, intensity) = (e.u32()?, [e.f32()?, e.f32()?], e.vec3()?, e.f32()?);
    let (ambient_color, ambient_intensity) = (e.vec3()?, e.f32()?);
    if (1200..1300).contains(&version) {
        e.f32()?; // shadow intensity (not drawn)
    }
    let tracks = tracks(&mut e, wow)?;
    Ok(MdlLight { object, kind, attenuation, color, intensity, ambient_color, ambient_intensity, tracks })
}

fn camera(r: &mut R<'_>, wow: bool) -> Result<MdlCamera> {
    let mut e = r.entry("camera")?;
    Ok(MdlCamera {
        name: e.string(80)?,
        position: e.vec3()?,
        fov: e.f32()?,
        far_clip: e.f32()?,
        near_clip: e.f32()?,
        target: e.vec3()?,
        tracks: tracks(&mut e, wow)?,
    })
}

fn particle_emitter(r: &mut R<'_>) -> Result<MdlParticleEmitter> {
    let mut e = r.entry("particle emitter")?;
    let object = gen_object(&mut e, false).at("object")?;
    let [emission_rate, gravity, longitude, latitude] = [e.f32()?, e.f32()?, e.f32()?, e.f32()?];
    let path = e.string(260).at("path")?;
    let [lifespan, speed] = [e.f32()?, e.f32()?];
    let tracks = tracks(&mut e, false)?;
    Ok(MdlParticleEmitter { object, emission_rate, gravity, longitude, latitude, path, lifespan, speed, tracks })
}

fn popcorn(r: &mut R<'_>) -> Result<MdlPopcorn> {
    let mut e = r.entry("popcorn emitter")?;
    let object = gen_object(&mut e, false).at("object")?;
    let [lifespan, emission_rate, speed] = [e.f32()?, e.f32()?, e.f32()?];
    let (color, alpha, replaceable_id) = (e.vec3()?, e.f32()?, e.u32()?);
    let path = e.string(260).at("path")?;
    let visibility_guide = e.string(260).at("visibility guide")?;
    let tracks = tracks(&mut e, false)?;
    Ok(MdlPopcorn {
        object,
        lifespan,
        emission_rate,
        speed,
        color,
        alpha,
        replaceable_id,
        path,
        visibility_guide,
        tracks,
    })
}

fn particle_emitter2(r: &mut R<'_>, wow: bool) -> Result<MdlParticleEmitter2> {
    let mut e = r.entry("particle emitter")?;
    let mut p = MdlParticleEmitter2 { object: gen_object(&mut e, wow).at("object")?, ..Default::default() };
    if wow {
        e.u32()?; // emitterSize
        p.emitter_type = e.u32()?;
        [p.speed, p.variation, p.latitude, p.longitude, p.gravity, p.z_source] =
            [e.f32()?, e.f32()?, e.f32()?, e.f32()?, e.f32()?, e.f32()?];
        [p.lifespan, p.emission_rate, p.length, p.width] = [e.f32()?, e.f32()?, e.f32()?, e.f32()?];
    } else {
        [p.speed, p.variation, p.latitude, p.gravity] = [e.f32()?, e.f32()?, e.f32()?, e.f32()?];
        [p.lifespan, p.emission_rate, p.width, p.length] = [e.f32()?, e.f32()?, e.f32()?, e.f32()?];
        p.filter_mode = e.u32()?;
    }
    [p.rows, p.columns, p.head_or_tail] = [e.u32()?, e.u32()?, e.u32()?];
    [p.tail_length, p.middle_time] = [e.f32()?, e.f32()?];
    for c in &mut p.colors {
        *c = e.vec3()?;
    }
    p.alphas = [e.u8()?, e.u8()?, e.u8()?];
    p.scaling = [e.f32()?, e.f32()?, e.f32()?];
    for iv in p.head_intervals.iter_mut().chain(p.tail_intervals.iter_mut()) {
        *iv = [e.u32()?, e.u32()?, e.u32()?];
    }
    if wow {
        p.filter_mode = e.u32()?;
        p.texture_id = e.u32()?;
    } else {
        p.texture_id = e.u32()?;
        p.squirt = e.u32()?;
    }
    p.priority_plane = e.i32()?;
    p.replaceable_id = e.u32()?;
    if wow {
        p.geometry_model = e.string(260)?;
        p.recursion_model = e.string(260)?;
        p.twinkle = [e.f32()?, e.f32()?, e.f32()?, e.f32()?];
        p.ivel_scale = e.f32()?;
        for t in &mut p.tumble {
            *t = e.f32()?;
        }
        [p.drag, p.spin] = [e.f32()?, e.f32()?];
        p.wind = e.vec3()?;
        p.wind_time = e.f32()?;
        p.follow = [e.f32()?, e.f32()?, e.f32()?, e.f32()?];
        let n = e.u32()?;
        p.spline = e.vec(n, 12, |e| e.vec3()).at("spline")?;
        p.squirt = e.u32()?;
    }
    p.tracks = tracks(&mut e, wow)?;
    Ok(p)
}

fn ribbon(r: &mut R<'_>, wow: bool) -> Result<MdlRibbon> {
    let mut e = r.entry("ribbon emitter")?;
    let object = gen_object(&mut e, wow).at("object")?;
    if wow {
        e.u32()?; // emitterSize
    }
    Ok(MdlRibbon {
        object,
        height_above: e.f32()?,
        height_below: e.f32()?,
        alpha: e.f32()?,
        color: e.vec3()?,
        lifespan: e.f32()?,
        texture_slot: e.u32()?,
        emission_rate: e.u32()?,
        rows: e.u32()?,
        columns: e.u32()?,
        material_id: e.u32()?,
        gravity: e.f32()?,
        tracks: tracks(&mut e, wow)?,
    })
}

fn collision_mesh(r: &mut R<'_>) -> Result<MdlCollision> {
    let mut c = MdlCollision::default();
    while !r.at_end() {
        let at = r.abs();
        let tag = r.tag()?;
        let n = r.u32()?;
        match &tag {
            b"VRTX" => c.positions = r.vec(n, 12, |r| r.vec3()).at("VRTX")?,
            b"TRI " => c.indices = r.vec(n, 2, |r| r.take(2, reader::u16_)).at("TRI")?,
            b"NRMS" => c.normals = r.vec(n, 12, |r| r.vec3()).at("NRMS")?,
            _ => return Err(Error::new(at, ErrorKind::BadMagic { found: tag, expected: "VRTX, TRI or NRMS" })),
        }
    }
    Ok(c)
}

/// v800 `CLID` and WoW `HTST`: a node, a type and its floats.
fn shape(r: &mut R<'_>, wow: bool) -> Result<MdlShape> {
    let mut e = if wow { r.entry("shape")? } else { R { data: r.data, pos: r.pos, base: r.base, budget: r.budget } };
    let object = gen_object(&mut e, wow).at("object")?;
    let kind = if wow { e.u8()? as u32 } else { e.u32()? };
    let Some(n) = shape_floats(kind, wow) else {
        return Err(Error::invalid(e.abs(), format!("shape type {kind} is not box, cylinder, sphere or plane")));
    };
    let floats = e.vec(n as u32, 4, |e| e.f32())?;
    if !wow {
        r.pos = e.pos; // v800 shapes have no outer size
    }
    Ok(MdlShape { object, kind, floats })
}

/// Parses an MDX file. `name` is used in errors. Errors name the chunk, the
/// entry and the byte offset; sizes are checked against their containers and
/// allocations against a budget derived from the file size.
pub fn parse_mdx(bytes: &[u8], name: &str) -> Result<MdxFile> {
    parse_inner(bytes).map_err(|e| e.in_file(name))
}

fn parse_inner(bytes: &[u8]) -> Result<MdxFile> {
    let budget = Budget::for_file_len(bytes.len());
    let mut r = R { data: bytes, pos: 0, base: 0, budget: &budget };
    let magic = r.tag()?;
    if &magic != b"MDLX" {
        return Err(Error::new(0, ErrorKind::BadMagic { found: magic, expected: "MDLX" }));
    }
    // Chunks may come in any order, but the layout depends on VERS: find it first.
    let mut chunks = Vec::new();
    while !r.at_end() {
        let at = r.abs();
        let tag = r.tag().at("chunk header")?;
        let size = r.u32().at("chunk header")? as usize;
        let body = r
            .sub(size, "chunk")
            .map_err(|_| {
                Error::invalid(at, format!("chunk {} of {size} bytes runs past the end of the file", show(&tag)))
            })
            .at(chunk_name(&tag))?;
        chunks.push((tag, at, body));
    }
    let mut f = MdxFile::default();
    let Some((_, at, vers)) = chunks.iter_mut().find(|(t, ..)| t == b"VERS") else {
        return Err(Error::invalid(4, "no VERS chunk"));
    };
    f.version = vers.u32().at("VERS")?;
    if !matches!(f.version, V800 | 900 | 1000 | 1100 | 1200 | 1300 | 1400 | V1500) {
        return Err(Error::new(*at, ErrorKind::UnsupportedVersion(f.version))).at("VERS");
    }
    let wow = f.is_wow();
    // Reforged (v900–v1200): LODs, TANG and SKIN (materials and lights decide by version).
    let hd = (900..=1200).contains(&f.version);
    for (tag, at, mut c) in chunks {
        f.chunk_order.push(tag);
        let c = &mut c;
        let res: Result<()> = (|| {
            match &tag {
                b"VERS" => {}
                b"MODL" => {
                    f.model.name = c.string(80)?;
                    c.skip(260)?; // animation file
                    f.model.bounds = bounds(c)?;
                    f.model.blend_time = c.u32()?;
                }
                b"SEQS" => {
                    let n = if wow { c.u32()? } else { (c.left() / 132) as u32 };
                    f.sequences = c.vec(n, if wow { 140 } else { 132 }, |c| sequence(c, wow))?;
                }
                b"GLBS" => f.global_sequences = c.vec((c.left() / 4) as u32, 4, |c| c.u32())?,
                b"MTLS" => {
                    if wow {
                        let n = c.u32()?;
                        c.u32()?; // unused
                        f.materials = c.vec(n, 4, |c| material(c, true, f.version)).at("materials")?;
                    } else {
                        f.materials = c.entries(false, "materials", |c| material(c, false, f.version))?;
                    }
                }
                b"TEXS" => f.textures = c.vec((c.left() / 268) as u32, 268, texture)?,
                b"TXAN" => {
                    f.texture_anims = c.entries(wow, "texture_anims", |c| {
                        let mut e = c.entry("texture animation")?;
                        tracks(&mut e, wow)
                    })?
                }
                b"GEOS" if f.version >= V1500 => f.geosets = geosets_v1500(c)?,
                b"GEOS" => f.geosets = c.entries(wow, "geosets", |c| geoset(c, wow, hd))?,
                b"GEOA" => f.geoset_anims = c.entries(wow, "geoset_anims", |c| geoset_anim(c, wow))?,
                b"BONE" => {
                    f.bones = c.entries(wow, "bones", |c| {
                        let o = gen_object(c, wow)?;
                        c.skip(8)?; // geosetId, geosetAnimId
                        Ok(o)
                    })?
                }
                b"HELP" => f.helpers = c.entries(wow, "helpers", |c| gen_object(c, wow))?,
                b"ATCH" => {
                    if wow {
                        let n = c.u32()?;
                        c.u32()?; // unused
                        f.attachments = c.vec(n, 4, |c| attachment(c, true, 0))?;
                    } else {
                        let mut i = 0;
                        f.attachments = c.entries(false, "attachments", |c| {
                            i += 1;
                            attachment(c, false, i - 1)
                        })?;
                    }
                }
                b"PIVT" => f.pivots = c.vec((c.left() / 12) as u32, 12, |c| c.vec3())?,
                b"CAMS" => f.cameras = c.entries(wow, "cameras", |c| camera(c, wow))?,
                b"EVTS" => f.events = c.entries(wow, "events", |c| event(c, wow))?,
                b"LITE" => f.lights = c.entries(wow, "lights", |c| light(c, wow, f.version))?,
                b"PRE2" => f.particle_emitters2 = c.entries(wow, "emitters", |c| particle_emitter2(c, wow))?,
                b"PREM" if !wow => f.particle_emitters = c.entries(false, "emitters", particle_emitter)?,
                b"CORN" if hd => f.popcorns = c.entries(false, "popcorn emitters", popcorn)?,
                b"FAFX" if hd => {
                    f.face_effects = c.vec((c.left() / 340) as u32, 340, |c| {
                        Ok(MdlFaceEffect { target: c.string(80)?, path: c.string(260)? })
                    })?
                }
                b"BPOS" if hd => {
                    let n = c.u32()?;
                    f.bind_poses = c.vec(n, 48, |c| {
                        let mut m = [0.0; 12];
                        for v in &mut m {
                            *v = c.f32()?;
                        }
                        Ok(m)
                    })?
                }
                b"RIBB" => f.ribbons = c.entries(wow, "ribbons", |c| ribbon(c, wow))?,
                b"CLID" if wow => f.collision = collision_mesh(c)?,
                b"CLID" | b"HTST" => f.shapes = c.entries(wow, "shapes", |c| shape(c, wow))?,
                // An empty chunk holds nothing to decode (real models carry empty PREM chunks).
                _ if c.at_end() => {}
                _ => f.unknown.push((tag, at)),
            }
            Ok(())
        })();
        res.map_err(|mut e| {
            e.path.insert(0, crate::error::PathSeg::Field(chunk_name(&tag)));
            e
        })?;
    }
    Ok(f)
}

fn show(tag: &[u8; 4]) -> String {
    m2view_error::show_tag(tag)
}

fn chunk_name(tag: &[u8; 4]) -> &'static str {
    const NAMES: &[&str] = &[
        "VERS", "MODL", "SEQS", "GLBS", "MTLS", "TEXS", "TXAN", "GEOS", "GEOA", "BONE", "LITE", "HELP", "ATCH", "PIVT",
        "PREM", "CAMS", "EVTS", "PRE2", "HTST", "RIBB", "CLID", "CORN", "FAFX", "BPOS",
    ];
    NAMES.iter().find(|n| n.as_bytes() == tag).copied().unwrap_or("chunk")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_quaternion_round_trips_the_seed_encoding() {
        // Encode as the wowdev wiki "MDX" page's Set(): x·2²¹ << 42, y·2²⁰ and z·2²⁰ in 21 bits each.
        let q = [0.25f64, -0.5, 0.125];
        let x = ((q[0] * 2_097_152.0) as i64) << 21;
        let y = ((q[1] * 1_048_576.0) as i64) & 0x1F_FFFF;
        let z = ((q[2] * 1_048_576.0) as i64) & 0x1F_FFFF;
        let m = z | ((y | x) << 21);
        let d = decompress_quat64(m);
        assert_eq!([d[0], d[1], d[2]], [0.25, -0.5, 0.125]);
        let w = (1.0 - 0.25f32 * 0.25 - 0.25 - 0.125 * 0.125).sqrt();
        assert!((d[3] - w).abs() < 1e-6);
    }
}
