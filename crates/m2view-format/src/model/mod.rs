//! The version-independent model every file format converts into.
//!
//! Invariants (checked by the conversion, relied on downstream):
//! - bones are ordered parents first (`parent < self`), so local→model is one loop;
//! - every typed id ([`BoneId`], [`TextureId`], [`SequenceId`]) and every index
//!   stored in a [`Lod`] is in range;
//! - [`Lod::indices`] index [`Model::vertices`] directly (the skin vertex
//!   lookup is already applied) and every submesh range lies inside them;
//! - tracks hold one key list per sequence (the pre-Wrath single timeline is
//!   cut into per-sequence lists at conversion), times in ms from the sequence
//!   start (or from the global sequence start).
//!
//! Units: model units (≈ yards), Z-up, right-handed; times in milliseconds;
//! angles in radians; colours 0..1 unless stated.

pub mod chunk_data;
pub(crate) mod external;
mod validate;

pub use chunk_data::{ChunkData, EdgeFade, KeptChunk, LightDetail, Waterfall};
pub use external::{AnimKeys, KeysHandle, Payload};

macro_rules! typed_id {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u16);
        impl $name {
            /// The index as `usize`.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

typed_id!(
    /// Index into [`Model::bones`] (parents-first order).
    BoneId
);
typed_id!(
    /// Index into [`Model::textures`].
    TextureId
);
typed_id!(
    /// Index into [`Model::sequences`].
    SequenceId
);

/// The file format a model came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceFormat {
    /// `MD20` M2 (pre-Legion layout).
    Md20,
    /// Chunked `MD21` M2 (Legion+).
    Md21,
    /// `MDLX` (WoW alpha / Warcraft III).
    Mdx,
    /// A WMO world object's groups (`MVER` 16/17 root and group files).
    Wmo,
    /// An ADT map tile's terrain (`MVER` 18, `MHDR`).
    Adt,
    /// Nothing read: the empty root a scene's models are placed under
    /// ([`crate::LoadedModel::empty`]).
    Scene,
}

/// Where a model came from and what its file held.
#[derive(Debug, Clone, PartialEq)]
pub struct SourceInfo {
    /// Container format.
    pub format: SourceFormat,
    /// File version (M2: 256–274).
    pub version: u32,
    /// Expansion name for the version.
    pub expansion: &'static str,
    /// Chunk magics in file order (chunked formats only).
    pub chunks: Vec<String>,
    /// Chunks kept raw because they are unknown or not decoded.
    pub unknown_chunks: Vec<String>,
}

/// Interpolation between keys. Seed "Interpolation".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Interpolation {
    /// Step: value of the previous key.
    #[default]
    None,
    /// Linear (nlerp for quaternions).
    Linear,
    /// Cubic Bezier (spline keys).
    Bezier,
    /// Cubic Hermite (spline keys).
    Hermite,
}

impl Interpolation {
    /// From the on-disk value; unknown values read as linear.
    pub fn from_raw(v: u16) -> Interpolation {
        match v {
            0 => Interpolation::None,
            2 => Interpolation::Bezier,
            3 => Interpolation::Hermite,
            _ => Interpolation::Linear,
        }
    }
}

/// Keys of one sequence.
#[derive(Debug, Clone, PartialEq)]
pub struct Keys<T> {
    /// Key times in ms, ascending.
    pub times: Vec<u32>,
    /// One value per time (empty for timestamp-only tracks such as events).
    pub values: Vec<T>,
    /// Per key `[in, out]` tangents of a Hermite/Bezier track whose file
    /// stores them (MDX `inTan`/`outTan`); empty otherwise, and always for
    /// M2, whose tracks carry tangents only in camera `M2SplineKey`s
    /// (wowdev wiki "M2", Interpolation: types 2/3 "only valid for
    /// M2SplineKey tracks").
    pub tangents: Vec<[T; 2]>,
    /// Present while the keys still wait in an unread `.anim` file (see
    /// [`AnimKeys`]).
    pub external: Option<KeysHandle>,
}

impl<T> Keys<T> {
    /// Keys without tangents, loaded.
    pub fn new(times: Vec<u32>, values: Vec<T>) -> Keys<T> {
        Keys { times, values, tangents: Vec::new(), external: None }
    }
}

impl<T> Default for Keys<T> {
    fn default() -> Self {
        Keys::new(Vec::new(), Vec::new())
    }
}

/// An animated value: per-sequence key lists, or one list on a global sequence.
#[derive(Debug, Clone, PartialEq)]
pub struct Track<T> {
    /// How to interpolate between keys.
    pub interpolation: Interpolation,
    /// Global sequence whose clock drives this track (then `sequences` has one list).
    pub global_sequence: Option<u16>,
    /// Key lists, indexed by sequence (may be shorter than the sequence list).
    pub sequences: Vec<Keys<T>>,
}

impl<T> Default for Track<T> {
    fn default() -> Self {
        Track { interpolation: Interpolation::None, global_sequence: None, sequences: Vec::new() }
    }
}

impl<T> Track<T> {
    /// A track with one constant key list at t=0 (used by converters and tests).
    pub fn constant(value: T) -> Track<T> {
        Track {
            interpolation: Interpolation::None,
            global_sequence: None,
            sequences: vec![Keys::new(vec![0], vec![value])],
        }
    }

    /// True if no sequence has any key (the default value applies).
    pub fn is_empty(&self) -> bool {
        self.sequences.iter().all(|k| k.times.is_empty() && k.external.is_none())
    }

    /// The keys to use for `seq` (global-sequence tracks always use list 0; a
    /// sequence past the end falls back to list 0, as WebWowViewerCpp does).
    pub fn keys_for(&self, seq: usize) -> Option<&Keys<T>> {
        let i = if self.global_sequence.is_some() || seq >= self.sequences.len() { 0 } else { seq };
        self.sequences.get(i)
    }
}

/// Spline key with tangents (camera tracks).
pub use crate::raw::track::SplineKey;

/// Axis-aligned bounds with a sphere radius.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Bounds {
    /// Minimum corner.
    pub min: [f32; 3],
    /// Maximum corner.
    pub max: [f32; 3],
    /// Bounding sphere radius.
    pub radius: f32,
}

/// Where a sequence's keys are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SequenceData {
    /// In the model file.
    InFile,
    /// In an external `.anim` file; `loaded` once [`AnimKeys::load`] read it.
    External {
        /// Whether the .anim has been loaded.
        loaded: bool,
    },
    /// An alias: play `alias_next` instead.
    Alias,
}

/// An animation sequence (`M2Sequence`).
#[derive(Debug, Clone, PartialEq)]
pub struct Sequence {
    /// Name stored in the file (MDX `SEQS`), or the client's `AnimationData` name when that
    /// table is found (M2 sequences otherwise have none; see [`Model::sequence_name`]).
    pub name: Option<String>,
    /// Animation id (AnimationData.dbc); see [`crate::animation_name`].
    pub anim_id: u16,
    /// Variation index.
    pub variation: u16,
    /// Duration in ms.
    pub duration_ms: u32,
    /// Movement speed (model units / s).
    pub movespeed: f32,
    /// Raw sequence flags.
    pub flags: u32,
    /// Variation weight (sum 0x7FFF per id).
    pub frequency: i16,
    /// Repeat count range.
    pub replay: [u32; 2],
    /// Blend-in time in ms.
    pub blend_in_ms: u32,
    /// Blend-out time in ms.
    pub blend_out_ms: u32,
    /// Bounds while this sequence plays.
    pub bounds: Bounds,
    /// Next variation.
    pub variation_next: Option<SequenceId>,
    /// Alias target (flag 0x40).
    pub alias_next: Option<SequenceId>,
    /// Where the keys are.
    pub data: SequenceData,
}

bitflags::bitflags! {
    /// `M2CompBone` flags (wowdev wiki "M2", Bones; MDX nodes share the low
    /// bits). Unknown bits are kept.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct BoneFlags: u32 {
        /// Ignore parent translation.
        const IGNORE_PARENT_TRANSLATE = 0x1;
        /// Ignore parent scale.
        const IGNORE_PARENT_SCALE = 0x2;
        /// Ignore parent rotation.
        const IGNORE_PARENT_ROTATION = 0x4;
        /// Spherical billboard.
        const SPHERICAL_BILLBOARD = 0x8;
        /// Cylindrical billboard locked to X.
        const CYLINDRICAL_X = 0x10;
        /// Cylindrical billboard locked to Y.
        const CYLINDRICAL_Y = 0x20;
        /// Cylindrical billboard locked to Z.
        const CYLINDRICAL_Z = 0x40;
        /// Transformed (has animation).
        const TRANSFORMED = 0x200;
        /// Any billboard.
        const BILLBOARD = 0x8 | 0x10 | 0x20 | 0x40;
        const _ = !0;
    }
}

/// A bone. Rotation keys are unit quaternions `[x, y, z, w]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Bone {
    /// Name stored in the file (MDX nodes); empty for M2.
    pub name: String,
    /// Index in the file (before parents-first reordering).
    pub file_index: u16,
    /// Key bone id, if this is a key bone (see [`crate::key_bone_name`]).
    pub key_bone_id: Option<u32>,
    /// Bone flags.
    pub flags: BoneFlags,
    /// Parent (always a lower index).
    pub parent: Option<BoneId>,
    /// Submesh id.
    pub submesh_id: u16,
    /// Name CRC (TBC+), 0 if absent.
    pub name_crc: u32,
    /// Pivot in model space.
    pub pivot: [f32; 3],
    /// Translation (model units).
    pub translation: Track<[f32; 3]>,
    /// Rotation quaternion `[x, y, z, w]`.
    pub rotation: Track<[f32; 4]>,
    /// Scale.
    pub scale: Track<[f32; 3]>,
}

/// A skinned vertex.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Vertex {
    /// Position (model units, Z-up).
    pub position: [f32; 3],
    /// Normal.
    pub normal: [f32; 3],
    /// UV sets 0 and 1.
    pub uv: [[f32; 2]; 2],
    /// Bone weights 0..255 (sum 255; all zero = unskinned).
    pub bone_weights: [u8; 4],
    /// Bone ids (parents-first order; unused slots 0).
    pub bone_indices: [u16; 4],
    /// Light baked into the vertex, r g b (a WMO interior group's `MOCV`
    /// plus the root's ambient colour, wowdev wiki "WMO"): when present
    /// it replaces the preview light's sun and ambient. M2 and MDX have none.
    pub baked_light: Option<[u8; 3]>,
}

/// A submesh (geoset) of a LOD.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Submesh {
    /// Geoset id (`group * 100 + variant`).
    pub geoset_id: u16,
    /// First index in [`Lod::indices`].
    pub index_start: u32,
    /// Number of indices (3 per triangle).
    pub index_count: u32,
    /// Bone that moves the sort centre.
    pub center_bone: Option<BoneId>,
    /// Average vertex position.
    pub center: [f32; 3],
    /// Sort centre.
    pub sort_center: [f32; 3],
    /// Sort radius.
    pub sort_radius: f32,
    /// Max bone influences per vertex.
    pub bone_influences: u16,
}

/// How a batch texture gets its coordinates (`textureCoordCombos` value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UvSource {
    /// First UV set (0).
    Uv0,
    /// Second UV set (1).
    Uv1,
    /// Sphere environment map (−1).
    Env,
}

/// One texture stage of a batch, all lookups resolved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BatchTexture {
    /// The texture, `None` if the lookup entry is invalid.
    pub texture: Option<TextureId>,
    /// Coordinate source.
    pub uv: UvSource,
    /// Index into [`Model::texture_weights`].
    pub weight: Option<u16>,
    /// Index into [`Model::texture_transforms`].
    pub transform: Option<u16>,
}

/// A draw batch (`M2Batch` / texture unit), lookups resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Batch {
    /// Index into [`Lod::submeshes`].
    pub submesh: u16,
    /// Batch flags.
    pub flags: BatchFlags,
    /// Transparent sort bucket.
    pub priority_plane: i8,
    /// Shader id as stored (pre-Cata files: the renderer recomputes it;
    /// [`MDX_HD_SHADER`] for a Reforged HD material).
    pub shader_id: u16,
    /// Index into [`Model::materials`].
    pub material: u16,
    /// Material layer.
    pub material_layer: u16,
    /// Index into [`Model::colors`].
    pub color: Option<u16>,
    /// Texture stages (`textureCount` entries).
    pub textures: Vec<BatchTexture>,
    /// Raw `textureComboIndex` (needed by the combiner-combo table).
    pub texture_combo_index: u16,
    /// The u16 at 0x06 of `M2Batch` (wow.export's `flags2`).
    pub flags2: BatchFlags2,
}

/// [`Batch::shader_id`] of a Warcraft III Reforged `Shader_HD_DefaultUnit`
/// material: one draw whose texture stages are its slots — diffuse, normal
/// map, ORM (occlusion, roughness, metallic; team colour mask in alpha),
/// emissive, team colour, reflections (Hive Workshop MDX specification;
/// mdx-m3-viewer's `hd.frag`). M2 shader ids never have both top bits set.
pub const MDX_HD_SHADER: u16 = 0xC0DE;

/// [`Batch::shader_id`] of a waterfall model's one draw ([`ChunkData::waterfall`]):
/// the first batch of each skin profile, its texture stages the model's
/// textures 0–4 — mask, white water, noise, bump, normal map — and stage
/// 0's transform the batch's (WebWowViewerCpp `m2Object.cpp`
/// `createWaterfallMesh`; for a `WFV1` model the second transform-combo
/// entry, its "hack for fdid 2445860"). The other batches are not drawn.
pub const WATERFALL_SHADER: u16 = 0xC0DF;

/// One level of detail (skin profile).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Lod {
    /// Triangle list of indices into [`Model::vertices`].
    pub indices: Vec<u32>,
    /// Submeshes.
    pub submeshes: Vec<Submesh>,
    /// Batches.
    pub batches: Vec<Batch>,
    /// Bone budget the profile was built for (up to 3.3.5: 256, 64, 53,
    /// 21); 0 where the file states none (Legion+, whose field there is the
    /// profile's vertex start, already applied to `indices`).
    pub bone_count_max: u32,
    /// Where it came from (`inline[0]`, `Rabbit00.skin`, ...).
    pub source: String,
}

impl Lod {
    /// Number of triangles.
    pub fn triangle_count(&self) -> usize {
        self.indices.len() / 3
    }
}

/// Where a texture's image comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextureSource {
    /// A path stored in the model (backslashes as stored).
    Path(String),
    /// A FileDataID (TXID chunk).
    FileDataId(u32),
    /// Supplied at run time by texture type (skin, monster skin, ...).
    Replaceable,
    /// Nothing (empty name).
    None,
    /// An image the model itself holds, no file (a map tile's alpha maps).
    Built {
        /// What it is (`alpha maps of layer 1 (MCAL)`).
        name: String,
        /// The image.
        image: std::sync::Arc<crate::blp::RgbaImage>,
    },
}

/// The texture slot and colour of one liquid type's surfaces (a map
/// tile's `MH2O`/`MCLQ`, a WMO group's `MLIQ`). No file names the texture:
/// the client's `LiquidType` table does, so the slot is
/// [`TextureSource::Replaceable`] until the tables fill it (the
/// `m2view-dress` crate's `liquid`), its colour the kind's flat one
/// ([`crate::adt::liquid_color`]) until then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LiquidSlot {
    /// The `LiquidType` id, as the client resolves the file's.
    pub liquid_type: u32,
    /// What the file says it is (its look without the tables).
    pub kind: crate::adt::LiquidKind,
    /// Index into [`Model::textures`]: the stage its batches sample.
    pub texture: TextureId,
    /// Index into [`Model::colors`]: its batches' colour.
    pub color: u16,
}

/// A texture slot whose image changes over time: the batches sampling
/// `frames[0]` draw frame `(t / frame_ms) mod frames.len()` instead, `t`
/// the clock of global sequence `global_sequence` (as long as the frames:
/// it wraps where they do). A liquid's animation: `LiquidType`'s `%d`
/// frames, 60 ms each (WoWMapViewer `liquid.cpp`: `animtime / 60`).
#[derive(Debug, Clone, PartialEq)]
pub struct TextureFlipbook {
    /// Every frame in order; batches sample the first.
    pub frames: Vec<TextureId>,
    /// Milliseconds each frame shows (at least 1).
    pub frame_ms: u32,
    /// Index into [`Model::global_sequences`]: the clock it runs on.
    pub global_sequence: u16,
    /// The frame by key instead of by the clock: indices into `frames`,
    /// stepped (a Warcraft III layer's `KMTF` texture track).
    pub keys: Option<Track<f32>>,
    /// The batches it animates: those of this material ([`Batch::material`];
    /// a Warcraft III layer); `None`: every batch whose first texture is
    /// the first frame.
    pub material: Option<u16>,
}

impl TextureFlipbook {
    /// The index into `frames` of the frame shown when the global
    /// sequences stand at `global_ms` (ms each, wrapped; one the clock
    /// lacks reads as 0 ms).
    pub fn frame_at(&self, global_ms: &[f32]) -> usize {
        let t = global_ms.get(self.global_sequence as usize).copied().unwrap_or(0.0);
        (t.max(0.0) / self.frame_ms.max(1) as f32) as usize % self.frames.len().max(1)
    }
}

/// A texture slot.
#[derive(Debug, Clone, PartialEq)]
pub struct Texture {
    /// Texture type (0 = hardcoded file, 1 skin, 2 object skin, 11–13 monster skins, ...).
    pub kind: u32,
    /// Wrap (repeat) in U; clamp otherwise.
    pub wrap_u: bool,
    /// Wrap in V.
    pub wrap_v: bool,
    /// Image source.
    pub source: TextureSource,
}

/// Blend modes (`M2Material.blending_mode`, wowdev wiki "M2/Rendering").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlendMode {
    /// 0.
    Opaque,
    /// 1: alpha test.
    AlphaKey,
    /// 2.
    Alpha,
    /// 3.
    NoAlphaAdd,
    /// 4.
    Add,
    /// 5.
    Mod,
    /// 6.
    Mod2x,
    /// 7 (post-Cata).
    BlendAdd,
}

impl BlendMode {
    /// From the file value; unknown values read as opaque.
    pub fn from_raw(v: u16) -> BlendMode {
        match v {
            1 => BlendMode::AlphaKey,
            2 => BlendMode::Alpha,
            3 => BlendMode::NoAlphaAdd,
            4 => BlendMode::Add,
            5 => BlendMode::Mod,
            6 => BlendMode::Mod2x,
            7 => BlendMode::BlendAdd,
            _ => BlendMode::Opaque,
        }
    }

    /// wowdev name.
    pub fn name(self) -> &'static str {
        match self {
            BlendMode::Opaque => "Opaque",
            BlendMode::AlphaKey => "AlphaKey",
            BlendMode::Alpha => "Alpha",
            BlendMode::NoAlphaAdd => "NoAlphaAdd",
            BlendMode::Add => "Add",
            BlendMode::Mod => "Mod",
            BlendMode::Mod2x => "Mod2x",
            BlendMode::BlendAdd => "BlendAdd",
        }
    }
}

bitflags::bitflags! {
    /// `M2Material` render flags (wowdev wiki "M2", Render flags; MDX layer
    /// shading flags are mapped onto them). Unknown bits are kept.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct MaterialFlags: u16 {
        /// Unlit.
        const UNLIT = 0x1;
        /// Unfogged.
        const UNFOGGED = 0x2;
        /// Two-sided (no culling).
        const TWO_SIDED = 0x4;
        /// Depth test disabled.
        const NO_DEPTH_TEST = 0x8;
        /// Depth write disabled.
        const NO_DEPTH_WRITE = 0x10;
        const _ = !0;
    }
}

bitflags::bitflags! {
    /// `M2Batch` flags as the client reads them (wowdev wiki "M2/.skin",
    /// Batches; WebWowViewerCpp `m2Object.cpp`). Unknown bits are kept.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct BatchFlags: u8 {
        /// Transparent sort: move the sort distance toward the camera by
        /// the submesh's sort radius.
        const SORT_TOWARD_CAMERA = 0x1;
        /// Transparent sort: move it away by the sort radius.
        const SORT_AWAY_FROM_CAMERA = 0x2;
        /// The first texture's weight does not scale the batch's alpha.
        const WEIGHT_NOT_ALPHA = 0x40;
        const _ = !0;
    }
}

bitflags::bitflags! {
    /// The u16 at 0x06 of `M2Batch` (the wowdev wiki's skin page calls it a
    /// second submesh-related value, wow.export `flags2`). The wiki's M2
    /// page, EDGF section: edge fade applies to a batch whose `flags2` has
    /// 0x8. The shadow batch's `flags2` byte (`M2ShadowBatch`) is made from
    /// material flags by a formula that never sets 0x8, so m2view reads the
    /// bit here. Unknown bits are kept.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct BatchFlags2: u16 {
        /// `EDGF` edge fade applies to this batch.
        const EDGE_FADE = 0x8;
        const _ = !0;
    }
}

/// A material.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Material {
    /// Render flags.
    pub flags: MaterialFlags,
    /// Blend mode.
    pub blend: BlendMode,
    /// Alpha test of [`BlendMode::AlphaKey`]: fragments whose alpha (0–255)
    /// is below it are discarded — [`ALPHA_REF_WOW`] or [`ALPHA_REF_WARCRAFT3`].
    pub alpha_ref: u8,
}

impl Material {
    /// A World of Warcraft material (alpha key at [`ALPHA_REF_WOW`]).
    pub fn new(flags: MaterialFlags, blend: BlendMode) -> Material {
        Material { flags, blend, alpha_ref: ALPHA_REF_WOW }
    }
}

/// World of Warcraft's alpha-key reference, 128/255 (wowdev wiki "M2/Rendering",
/// blend modes; WebWowViewerCpp's `uAlphaTest` of blend mode 1).
pub const ALPHA_REF_WOW: u8 = 128;

/// Warcraft III's alpha-key reference, 0.75 (191/255): Transparent layers
/// discard below it in mdx-m3-viewer (`sd.frag`: `color.a < 0.75`), Retera's
/// Model Studio (`glAlphaFunc(GL_GREATER, 0.75f)`) and war3-model, and
/// mdx-m3-viewer keys AlphaKey particles there too (`particles.frag`).
pub const ALPHA_REF_WARCRAFT3: u8 = 191;

/// Colour and alpha animation (`M2Color`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ColorAnim {
    /// RGB 0..1 (default white).
    pub color: Track<[f32; 3]>,
    /// Alpha 0..1 (default 1).
    pub alpha: Track<f32>,
}

/// UV animation (`M2TextureTransform`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextureTransform {
    /// UV translation.
    pub translation: Track<[f32; 3]>,
    /// Rotation quaternion about (0.5, 0.5).
    pub rotation: Track<[f32; 4]>,
    /// UV scale.
    pub scaling: Track<[f32; 3]>,
}

/// Attachment point.
#[derive(Debug, Clone, PartialEq)]
pub struct Attachment {
    /// Attachment id (see [`crate::attachment_name`]).
    pub id: u32,
    /// Bone.
    pub bone: Option<BoneId>,
    /// Position relative to the bone.
    pub position: [f32; 3],
    /// Whether the attached model animates.
    pub animate: Track<u8>,
}

/// Animation event.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// Identifier such as `$DTH`.
    pub identifier: String,
    /// Event data.
    pub data: u32,
    /// Bone.
    pub bone: Option<BoneId>,
    /// Position relative to the bone.
    pub position: [f32; 3],
    /// Firing times (values empty).
    pub times: Track<()>,
}

/// Light.
#[derive(Debug, Clone, PartialEq)]
pub struct Light {
    /// 0 directional, 1 point.
    pub kind: u16,
    /// Bone.
    pub bone: Option<BoneId>,
    /// Position relative to the bone.
    pub position: [f32; 3],
    /// Ambient colour.
    pub ambient_color: Track<[f32; 3]>,
    /// Ambient intensity.
    pub ambient_intensity: Track<f32>,
    /// Diffuse colour.
    pub diffuse_color: Track<[f32; 3]>,
    /// Diffuse intensity.
    pub diffuse_intensity: Track<f32>,
    /// Attenuation start.
    pub attenuation_start: Track<f32>,
    /// Attenuation end.
    pub attenuation_end: Track<f32>,
    /// Visibility.
    pub visibility: Track<u8>,
}

/// Model camera. Positions are relative to their base vectors.
#[derive(Debug, Clone, PartialEq)]
pub struct Camera {
    /// 0 portrait, 1 character info, −1 other.
    pub kind: i32,
    /// Far clip.
    pub far_clip: f32,
    /// Near clip.
    pub near_clip: f32,
    /// Position keys.
    pub positions: Track<SplineKey<[f32; 3]>>,
    /// Position base.
    pub position_base: [f32; 3],
    /// Target keys.
    pub targets: Track<SplineKey<[f32; 3]>>,
    /// Target base.
    pub target_base: [f32; 3],
    /// Roll (radians).
    pub roll: Track<SplineKey<f32>>,
    /// Diagonal field of view in radians (a constant track for pre-Cata files).
    pub fov: Track<SplineKey<f32>>,
}

/// Ribbon emitter.
#[derive(Debug, Clone, PartialEq)]
pub struct RibbonEmitter {
    /// Bone.
    pub bone: Option<BoneId>,
    /// Position relative to the bone.
    pub position: [f32; 3],
    /// Textures.
    pub textures: Vec<Option<TextureId>>,
    /// Materials (indices into [`Model::materials`]).
    pub materials: Vec<u16>,
    /// Colour.
    pub color: Track<[f32; 3]>,
    /// Alpha 0..1.
    pub alpha: Track<f32>,
    /// Height above.
    pub height_above: Track<f32>,
    /// Height below.
    pub height_below: Track<f32>,
    /// Edges per second.
    pub edges_per_second: f32,
    /// Edge lifetime in seconds.
    pub edge_lifetime: f32,
    /// Gravity.
    pub gravity: f32,
    /// Texture rows.
    pub texture_rows: u16,
    /// Texture columns.
    pub texture_cols: u16,
    /// Texture slot.
    pub tex_slot: Track<u16>,
    /// Visibility.
    pub visibility: Track<u8>,
    /// Priority plane.
    pub priority_plane: i16,
}

/// A value over a particle's life: keys at fractions 0..1 of the lifespan.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LifeCurve<T> {
    /// Key times, fractions of life 0..1.
    pub times: Vec<f32>,
    /// One value per time.
    pub values: Vec<T>,
}

/// Particle emitter generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmitterType {
    /// 1: rectangle.
    Plane,
    /// 2: sphere.
    Sphere,
    /// 3: spline.
    Spline,
    /// 4: bone.
    Bone,
    /// Anything else (value kept).
    Other(u16),
}

bitflags::bitflags! {
    /// `M2Particle` flags as WebWowViewerCpp's particle emitter uses them
    /// (`managers/particles/particleEmitter.cpp`; wowdev wiki "M2", Particle
    /// emitters, names in brackets where they differ). Unknown bits are kept.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct ParticleFlags: u32 {
        /// Quads aligned to the velocity [orientation affected by player orientation].
        const VELOCITY_ALIGNED = 0x4;
        /// Particles stay in emitter space and follow the bone [do not trail].
        const EMITTER_SPACE = 0x10;
        /// Scale × inherited bone scale [unlightning].
        const INHERIT_SCALE = 0x20;
        /// The burst multiplier applies.
        const BURST = 0x40;
        /// Sphere: kill particles moving away from the centre [model space].
        const SPHERE_KILL_OUTWARD = 0x80;
        /// Sphere/spline: emit straight up.
        const EMIT_UP = 0x100;
        /// Random spin direction per particle.
        const RANDOM_SPIN = 0x200;
        /// Tail length limited by age [pinned].
        const TAIL_BY_AGE = 0x400;
        /// Quads in the emitter's XY plane.
        const XY_QUAD = 0x1000;
        /// Clamp to ground (z = 0).
        const GROUND_CLAMP = 0x2000;
        /// Particles follow the emitter's movement.
        const FOLLOW = 0x4000;
        /// Random flip-book start.
        const RANDOM_FLIPBOOK_START = 0x8000;
        /// Random head cell when there is no head cell track.
        const RANDOM_CELL = 0x10000;
        /// Draw head quads.
        const HEAD = 0x20000;
        /// Draw tail quads.
        const TAIL = 0x40000;
        /// Independent X/Y scale variation.
        const SCALE_VARY_XY = 0x80000;
        /// Gravity stored as compressed vectors.
        const COMPRESSED_GRAVITY = 0x80_0000;
        /// Cata+: three textures (`MultiTexture`).
        const MULTI_TEXTURE = 0x1000_0000;
        /// Multi-texture colour from all three textures.
        const THREE_COLOR = 0x4000_0000;
        const _ = !0;
    }
}

/// Particle emitter (M2 or MDX PRE2).
#[derive(Debug, Clone, PartialEq)]
pub struct ParticleEmitter {
    /// Particle flags.
    pub flags: ParticleFlags,
    /// Position relative to the bone.
    pub position: [f32; 3],
    /// Bone.
    pub bone: Option<BoneId>,
    /// Textures (one, or three for multi-texture emitters).
    pub textures: Vec<Option<TextureId>>,
    /// Blend mode value (M2BLEND).
    pub blend: BlendMode,
    /// Particles whose alpha (0–255) is below it are discarded (0: none):
    /// [`ALPHA_REF_WOW`] for M2 AlphaKey emitters, [`ALPHA_REF_WARCRAFT3`]
    /// for Warcraft III AlphaKey emitters (drawn additively).
    pub alpha_ref: u8,
    /// Generator.
    pub emitter_type: EmitterType,
    /// ParticleColor.dbc index.
    pub color_index: u16,
    /// Priority plane (textureTileRotation).
    pub priority_plane: i16,
    /// Atlas rows.
    pub texture_rows: u16,
    /// Atlas columns.
    pub texture_cols: u16,
    /// Emission speed (units/s).
    pub emission_speed: Track<f32>,
    /// Speed variation (0..1).
    pub speed_variation: Track<f32>,
    /// Vertical range (radians).
    pub vertical_range: Track<f32>,
    /// Horizontal range (radians).
    pub horizontal_range: Track<f32>,
    /// Gravity vector (units/s²), decoded from float or compressed keys.
    pub gravity: Track<[f32; 3]>,
    /// Lifespan (s).
    pub lifespan: Track<f32>,
    /// Lifespan variation (s).
    pub lifespan_vary: f32,
    /// Emission rate (particles/s).
    pub emission_rate: Track<f32>,
    /// Emission rate variation.
    pub emission_rate_vary: f32,
    /// Area length.
    pub area_length: Track<f32>,
    /// Area width.
    pub area_width: Track<f32>,
    /// zSource.
    pub z_source: Track<f32>,
    /// Colour over life, 0..255.
    pub color: LifeCurve<[f32; 3]>,
    /// Alpha over life, 0..1.
    pub alpha: LifeCurve<f32>,
    /// Scale over life.
    pub scale: LifeCurve<[f32; 2]>,
    /// Scale variation.
    pub scale_vary: [f32; 2],
    /// Head atlas cell over life.
    pub head_cell: LifeCurve<u16>,
    /// Tail atlas cell over life.
    pub tail_cell: LifeCurve<u16>,
    /// Tail length.
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
    /// Base spin (radians).
    pub base_spin: f32,
    /// Base spin variation.
    pub base_spin_vary: f32,
    /// Spin (radians/s).
    pub spin: f32,
    /// Spin variation.
    pub spin_vary: f32,
    /// Wind vector.
    pub wind: [f32; 3],
    /// Wind time.
    pub wind_time: f32,
    /// followSpeed1, followScale1, followSpeed2, followScale2.
    pub follow: [f32; 4],
    /// Spline points.
    pub spline_points: Vec<[f32; 3]>,
    /// Enabled.
    pub enabled: Track<u8>,
    /// The model each particle spawns (`geometry_model_filename`, wowdev
    /// wiki "M2", M2Particle: "if given, this emitter spawns models"; drawn
    /// where the particle is, for its life). Empty: none.
    pub geometry_model: String,
    /// 8.1+: the same model by FileDataID (`GPID`, one entry per emitter; 0 none).
    pub geometry_model_fdid: Option<u32>,
    /// The model whose (at most 4) emitters this one stands for
    /// (`recursion_model_filename`; listed, not drawn). Empty: none.
    pub recursion_model: String,
    /// 8.1+: the same model by FileDataID (`RPID`).
    pub recursion_model_fdid: Option<u32>,
    /// Cata+ multi-texture emitters (flag 0x10000000): how the second and
    /// third textures scroll and combine with the first.
    pub multi_texture: Option<MultiTexture>,
}

/// A model an emitter names: by file name, or (8.1+) by FileDataID.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelRef<'a> {
    /// A file name as stored.
    Name(&'a str),
    /// A FileDataID.
    FileDataId(u32),
}

impl std::fmt::Display for ModelRef<'_> {
    /// The name, or `FileDataID n`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelRef::Name(n) => f.write_str(n),
            ModelRef::FileDataId(id) => write!(f, "FileDataID {id}"),
        }
    }
}

/// A name (empty: none) or else a FileDataID as a [`ModelRef`].
fn model_ref(name: &str, fdid: Option<u32>) -> Option<ModelRef<'_>> {
    match (name, fdid) {
        ("", Some(id)) => Some(ModelRef::FileDataId(id)),
        ("", None) => None,
        (name, _) => Some(ModelRef::Name(name)),
    }
}

impl ParticleEmitter {
    /// The model each particle carries ([`ParticleEmitter::geometry_model`], else its FileDataID).
    pub fn geometry_model_ref(&self) -> Option<ModelRef<'_>> {
        model_ref(&self.geometry_model, self.geometry_model_fdid)
    }

    /// The model whose emitters this one stands for ([`ParticleEmitter::recursion_model`], else its FileDataID).
    pub fn recursion_model_ref(&self) -> Option<ModelRef<'_>> {
        model_ref(&self.recursion_model, self.recursion_model_fdid)
    }
}

/// How a multi-texture particle combines its three textures and moves the
/// second and third (WebWowViewerCpp `ParticleEmitter::selectShaderId` and
/// `CParticleGenerator` initialisation; wowdev wiki "M2", Particle emitters).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MultiTexture {
    /// Particle flag 0x40000000: colour from all three textures
    /// (`3ColorTex_3AlphaTex`); else colour from the first two and alpha
    /// from all three (`2ColorTex_3AlphaTex`).
    pub three_color: bool,
    /// Per extra texture: how many times it repeats across the quad
    /// (`multiTextureParamX`, fixed point 2.5).
    pub repeat: [f32; 2],
    /// Per extra texture: scroll speed in texture widths per second
    /// (`multiTextureParam0`, fixed point 6.9).
    pub speed: [[f32; 2]; 2],
    /// Per extra texture: random extra speed, times a uniform −1..1 per
    /// particle (`multiTextureParam1`).
    pub speed_vary: [[f32; 2]; 2],
}

/// Collision mesh.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Collision {
    /// Bounds.
    pub bounds: Bounds,
    /// Vertices.
    pub positions: Vec<[f32; 3]>,
    /// Triangle indices.
    pub indices: Vec<u16>,
    /// Face normals.
    pub normals: Vec<[f32; 3]>,
}

/// A collision or hit-test shape (MDX `HTST`, Warcraft III `CLID`), in model
/// space at bind pose; it moves with its node's bone.
#[derive(Debug, Clone, PartialEq)]
pub struct HitShape {
    /// The node's bone.
    pub bone: Option<BoneId>,
    /// Geometry.
    pub kind: ShapeKind,
}

/// Shape geometry (model units).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ShapeKind {
    /// Axis-aligned box (planes are flat boxes).
    Box {
        /// Minimum corner.
        min: [f32; 3],
        /// Maximum corner.
        max: [f32; 3],
    },
    /// Sphere.
    Sphere {
        /// Centre.
        center: [f32; 3],
        /// Radius.
        radius: f32,
    },
    /// Cylinder from `a` to `b`.
    Cylinder {
        /// Centre of one cap.
        a: [f32; 3],
        /// Centre of the other cap.
        b: [f32; 3],
        /// Radius.
        radius: f32,
    },
}

/// One `.bone` file (wowdev wiki "BONE"): for the bones it names, an
/// offset matrix (4×4, column-major, model units) applied to the bone's
/// local transform while its variant of the FacePose sequence (808) plays
/// — or always, for a 9.0+ character's customization
/// (`ChrCustomizationBoneSet`: a face shape, a body size).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BoneSet {
    /// The file it came from.
    pub file: String,
    /// The FacePose variant (`M2Sequence::variation_index`) it belongs to:
    /// its index in the model's `BFID` list; `None`: applied always (a
    /// customization's).
    pub variant: Option<u16>,
    /// `(bone, matrix)` per listed bone.
    pub bones: Vec<(BoneId, [f32; 16])>,
}

/// An emitter that spawns whole models instead of quads: a Warcraft III
/// v1 particle emitter (`PREM`) whose node has flag 0x8000
/// ("EmitterUsesMDL"), run as mdx-m3-viewer's `ParticleEmitter` and
/// `Particle` run it: `emission_rate` models a second while `visibility`
/// shows it, each leaving the node's pivot in a random direction within
/// `latitude` of the node's Z axis (any turn around it) at `speed`,
/// falling by `gravity`, turned by a random angle about Z, playing its
/// first sequence, gone after `lifespan` seconds.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelEmitter {
    /// The node it emits from.
    pub bone: Option<BoneId>,
    /// The node's pivot (model units).
    pub position: [f32; 3],
    /// The model spawned, as stored (`.mdl` names stand for `.mdx`).
    pub model: String,
    /// Models spawned per second (`KPEE`).
    pub emission_rate: Track<f32>,
    /// Emits while shown (`KPEV` above ½; no track: always).
    pub visibility: Track<u8>,
    /// Seconds each spawned model lives (`KPEL` not followed).
    pub lifespan: f32,
    /// Initial speed, model units per second (`KPES` not followed).
    pub speed: f32,
    /// Downward acceleration, model units per second² (`KPEG` not followed).
    pub gravity: f32,
    /// Half-angle of the cone around the node's Z axis, radians (`KPLT` not followed).
    pub latitude: f32,
}

/// A Warcraft III Reforged PopcornFX emitter (`CORN`): where it is, shown
/// as a marker (the PopcornFX runtime that plays its effect is proprietary).
#[derive(Debug, Clone, PartialEq)]
pub struct EffectMarker {
    /// The node it sits on.
    pub bone: Option<BoneId>,
    /// The node's pivot (model units).
    pub position: [f32; 3],
    /// The effect it plays (`.pkfx`).
    pub effect: String,
}

/// The model.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    /// Where it came from.
    pub source: SourceInfo,
    /// Model name.
    pub name: String,
    /// Global flags.
    pub global_flags: u32,
    /// Global sequence lengths in ms.
    pub global_sequences: Vec<u32>,
    /// Sequences.
    pub sequences: Vec<Sequence>,
    /// Sequence lookup hash (anim id → sequence, 0xFFFF empty).
    pub sequence_lookup: Vec<u16>,
    /// Bones, parents first.
    pub bones: Vec<Bone>,
    /// Vertices.
    pub vertices: Vec<Vertex>,
    /// LODs (skin profiles); index 0 is the most detailed.
    pub lods: Vec<Lod>,
    /// Number of skin profiles the file declares.
    pub declared_lods: usize,
    /// Colours.
    pub colors: Vec<ColorAnim>,
    /// Textures.
    pub textures: Vec<Texture>,
    /// Texture weights (0..1).
    pub texture_weights: Vec<Track<f32>>,
    /// Texture transforms.
    pub texture_transforms: Vec<TextureTransform>,
    /// Materials.
    pub materials: Vec<Material>,
    /// Texture combiner combos (header flag 0x08): second-texture blend modes.
    pub texture_combiner_combos: Option<Vec<u16>>,
    /// Bounds.
    pub bounds: Bounds,
    /// Collision mesh.
    pub collision: Collision,
    /// Attachments.
    pub attachments: Vec<Attachment>,
    /// Events.
    pub events: Vec<Event>,
    /// Lights.
    pub lights: Vec<Light>,
    /// Cameras.
    pub cameras: Vec<Camera>,
    /// Camera lookup (type → camera index).
    pub camera_lookup: Vec<u16>,
    /// Ribbon emitters.
    pub ribbons: Vec<RibbonEmitter>,
    /// Particle emitters.
    pub particles: Vec<ParticleEmitter>,
    /// Hit-test and collision shapes (MDX; M2 has none).
    pub shapes: Vec<HitShape>,
    /// `.bone` files (`BFID`, wowdev wiki "BONE"): offset matrices of some
    /// bones for variants of the FacePose sequence (808).
    pub bone_sets: Vec<BoneSet>,
    /// Emitters that spawn whole models (Warcraft III `PREM`).
    pub model_emitters: Vec<ModelEmitter>,
    /// Effects not drawn, shown as markers (Reforged `CORN` PopcornFX emitters).
    pub effect_markers: Vec<EffectMarker>,
    /// Portals of a WMO (`MOPT` with their `MOPV` corners, wowdev wiki
    /// "WMO"): each a polygon in model units, Z-up. Empty for the others.
    pub portals: Vec<Vec<[f32; 3]>>,
    /// Reforged HD shading values by material index (MDX; empty for others):
    /// read by batches whose shader is [`MDX_HD_SHADER`].
    pub hd_shading: Vec<HdShading>,
    /// Their animated values, parallel to `hd_shading` (empty when no
    /// layer animates them: `KMTE`, `KFC3`, `KFCA`, `KFTC`).
    pub hd_animations: Vec<HdAnimation>,
    /// The liquid types a map tile's or a WMO's liquid surfaces are drawn
    /// as, one texture slot and colour each (empty for the others).
    pub liquids: Vec<LiquidSlot>,
    /// Texture slots that cycle through frames over time (a liquid's
    /// animation; empty for the others).
    pub flipbooks: Vec<TextureFlipbook>,
    /// What the 8.2+ chunks `WFV1`–`WFV3`, `EDGF`, `NERF`, `DETL`, `DBOC`,
    /// `AFRA` and `PFDC` say (empty for the others).
    pub chunk_data: ChunkData,
    /// Non-fatal problems found while converting.
    pub warnings: Vec<String>,
}

/// A Reforged layer's HD shading values (v900+ `MTLS` layer fields, Hive
/// Workshop MDX specification; mdx-m3-viewer `Layer.readMdx`), their static
/// values; the tracks that animate them are [`HdAnimation`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HdShading {
    /// Multiplier of the emissive map (v900+).
    pub emissive_gain: f32,
    /// Fresnel rim colour, red, green, blue 0–1 (v1000+; stored blue first,
    /// as Retera's Model Studio reads it).
    pub fresnel_color: [f32; 3],
    /// Fresnel rim opacity 0–1 (0: no rim).
    pub fresnel_opacity: f32,
    /// How much of the rim colour is the team colour, 0–1.
    pub fresnel_team_color: f32,
}

/// A Reforged layer's animated HD shading values (mdx-m3-viewer
/// `Layer`: `KMTE` emissive gain, `KFC3` fresnel colour, `KFCA` fresnel
/// opacity, `KFTC` fresnel team colour share), each a constant of the
/// static value where the layer has no track. Sampled into
/// `m2view_anim::Pose::hd`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HdAnimation {
    /// Multiplier of the emissive map.
    pub emissive_gain: Track<f32>,
    /// Fresnel rim colour, red, green, blue 0–1.
    pub fresnel_color: Track<[f32; 3]>,
    /// Fresnel rim opacity 0–1.
    pub fresnel_opacity: Track<f32>,
    /// Share of the rim colour that is the team colour, 0–1.
    pub fresnel_team_color: Track<f32>,
}

impl Default for HdShading {
    /// Gain 1, no fresnel rim.
    fn default() -> HdShading {
        HdShading { emissive_gain: 1.0, fresnel_color: [1.0; 3], fresnel_opacity: 0.0, fresnel_team_color: 0.0 }
    }
}

impl Model {
    /// What a Warcraft III replaceable texture slot stands for (MDX v800
    /// `TEXS` replaceable id 1 `"team colour"` or 2 `"team glow"`), if
    /// texture `index` is one: the viewer builds these, nothing is read.
    pub fn team_slot(&self, index: usize) -> Option<&'static str> {
        let t = self.textures.get(index)?;
        let wc3 = self.source.format == SourceFormat::Mdx && self.source.version < 1300;
        match (wc3, &t.source, t.kind) {
            (true, TextureSource::Replaceable, 1) => Some("team colour"),
            (true, TextureSource::Replaceable, 2) => Some("team glow"),
            _ => None,
        }
    }

    /// Display name of a sequence: the stored name (MDX), else the standard
    /// animation name of its id (`Stand`, `Walk`...), else `anim <id>`.
    pub fn sequence_name(&self, seq: SequenceId) -> String {
        match self.sequences.get(seq.index()) {
            Some(Sequence { name: Some(n), .. }) => n.clone(),
            Some(s) => crate::animation_name(s.anim_id).map_or_else(|| format!("anim {}", s.anim_id), String::from),
            None => String::new(),
        }
    }

    /// The key times of sequence `seq` (aliases followed) in ms, ascending,
    /// each once: of `bone`'s translation, rotation and scale tracks, or of
    /// every bone's when `bone` is `None`. Tracks driven by a global
    /// sequence keep their own clock and are left out; keys still in an
    /// unread `.anim` are absent.
    pub fn bone_key_times(&self, seq: SequenceId, bone: Option<BoneId>) -> Vec<u32> {
        let seq = self.resolve_alias(seq).index();
        let bones = match bone {
            Some(b) => self.bones.get(b.index()..=b.index()).unwrap_or(&[]),
            None => &self.bones,
        };
        let mut times = Vec::new();
        for b in bones {
            let mut add = |global: Option<u16>, keys: Option<&[u32]>| {
                if global.is_none() {
                    times.extend_from_slice(keys.unwrap_or(&[]));
                }
            };
            add(b.translation.global_sequence, b.translation.keys_for(seq).map(|k| k.times.as_slice()));
            add(b.rotation.global_sequence, b.rotation.keys_for(seq).map(|k| k.times.as_slice()));
            add(b.scale.global_sequence, b.scale.keys_for(seq).map(|k| k.times.as_slice()));
        }
        times.sort_unstable();
        times.dedup();
        times
    }

    /// Whether the game plays sequence `seq` once and holds its last frame
    /// instead of looping it: a Warcraft III sequence flagged non-looping
    /// (wowdev wiki "MDX", `SEQS`: `flags & 1`), or an M2's `Death`
    /// (animation id 1; the client then shows `Dead`, id 6, which loops).
    /// M2 sequences carry no documented loop flag (wowdev wiki "M2",
    /// M2Sequence flags: 0x20 was once called "looped", without source), so
    /// every other M2 sequence loops. An index out of range does not play once.
    pub fn plays_once(&self, seq: SequenceId) -> bool {
        let Some(s) = self.sequences.get(seq.index()) else { return false };
        match self.source.format {
            SourceFormat::Mdx => s.flags & 1 != 0,
            _ => s.anim_id == 1,
        }
    }

    /// Display name of attachment `i`: the MDX node's name (`Origin Ref`), else
    /// the standard name of its id (`HandRight`), else `None`.
    pub fn attachment_label(&self, i: usize) -> Option<String> {
        let a = self.attachments.get(i)?;
        let node = a.bone.and_then(|b| self.bones.get(b.index())).filter(|b| !b.name.is_empty());
        match (self.source.format, node) {
            (SourceFormat::Mdx, Some(b)) => Some(b.name.clone()),
            _ => crate::attachment_name(a.id).map(String::from),
        }
    }

    /// Finds the first sequence with animation id `anim_id` through the
    /// lookup hash (quadratic probing, wowdev wiki "M2", "Animation Lookup"), falling back
    /// to a linear scan. Probing is bounded by the table size, so a hostile
    /// table cannot hang.
    pub fn find_sequence(&self, anim_id: u16) -> Option<SequenceId> {
        let n = self.sequence_lookup.len();
        if n > 0 {
            let mut i = anim_id as usize % n;
            for stride in 1..=n {
                let e = self.sequence_lookup[i];
                if e == 0xFFFF {
                    break;
                }
                if let Some(s) = self.sequences.get(e as usize)
                    && s.anim_id == anim_id
                {
                    return Some(SequenceId(e));
                }
                i = (i + stride * stride) % n;
            }
        }
        self.sequences.iter().position(|s| s.anim_id == anim_id).map(|i| SequenceId(i as u16))
    }

    /// Follows the alias chain of `seq` (flag 0x40) to the sequence that holds
    /// the keys; bounded by the sequence count.
    pub fn resolve_alias(&self, mut seq: SequenceId) -> SequenceId {
        for _ in 0..self.sequences.len() {
            match self.sequences.get(seq.index()) {
                Some(Sequence { data: SequenceData::Alias, alias_next: Some(next), .. }) => seq = *next,
                _ => break,
            }
        }
        seq
    }

    /// Triangle count of LOD `lod` (0 if absent).
    pub fn triangle_count(&self, lod: usize) -> usize {
        self.lods.get(lod).map_or(0, Lod::triangle_count)
    }
}

/// Geosets: the game's defaults and what a choice of them draws.
impl Model {
    /// A model of `source` named `name` with nothing in it — no sequences,
    /// bones, geometry, textures or effects — for the converters of static
    /// formats (WMO, ADT) to fill in with struct update syntax.
    pub(crate) fn empty(source: SourceInfo, name: &str) -> Model {
        // (also the root of a scene: `LoadedModel::empty`)
        Model {
            source,
            name: name.to_string(),
            global_flags: 0,
            global_sequences: Vec::new(),
            sequences: Vec::new(),
            sequence_lookup: Vec::new(),
            bones: Vec::new(),
            vertices: Vec::new(),
            lods: Vec::new(),
            declared_lods: 0,
            colors: Vec::new(),
            textures: Vec::new(),
            texture_weights: Vec::new(),
            texture_transforms: Vec::new(),
            materials: Vec::new(),
            texture_combiner_combos: None,
            bounds: Bounds { min: [0.0; 3], max: [0.0; 3], radius: 0.0 },
            collision: Collision::default(),
            attachments: Vec::new(),
            events: Vec::new(),
            lights: Vec::new(),
            cameras: Vec::new(),
            camera_lookup: Vec::new(),
            ribbons: Vec::new(),
            particles: Vec::new(),
            shapes: Vec::new(),
            bone_sets: Vec::new(),
            model_emitters: Vec::new(),
            effect_markers: Vec::new(),
            portals: Vec::new(),
            hd_shading: Vec::new(),
            hd_animations: Vec::new(),
            liquids: Vec::new(),
            flipbooks: Vec::new(),
            chunk_data: ChunkData::default(),
            warnings: Vec::new(),
        }
    }
}

impl Model {
    /// The geosets the game shows by default for LOD `lod` (wowdev wiki "M2/.skin"):
    /// id 0 always; in each group (`id / 100`) the lowest variant present,
    /// ignoring variant 0 of group 0 (the base body). MDX geoset ids are plain
    /// indices: all are shown.
    pub fn default_geosets(&self, lod: usize) -> std::collections::BTreeSet<u16> {
        let Some(lod) = self.lods.get(lod) else { return Default::default() };
        let ids: std::collections::BTreeSet<u16> = lod.submeshes.iter().map(|s| s.geoset_id).collect();
        if matches!(self.source.format, SourceFormat::Mdx | SourceFormat::Wmo | SourceFormat::Adt) {
            return ids;
        }
        let mut shown = std::collections::BTreeSet::new();
        let mut groups_seen = std::collections::BTreeSet::new();
        for &id in &ids {
            if id == 0 {
                shown.insert(0);
            } else if groups_seen.insert(id / 100) {
                shown.insert(id);
            }
        }
        shown
    }

    /// Whether LOD 0 has anything to draw (triangles in a batch). An M2
    /// whose skin profiles were not found has none.
    pub fn has_geometry(&self) -> bool {
        self.lods.first().is_some_and(|l| !l.indices.is_empty() && !l.batches.is_empty())
    }

    /// Every geoset id of any LOD's submeshes.
    pub fn geoset_ids(&self) -> std::collections::BTreeSet<u16> {
        self.lods.iter().flat_map(|l| l.submeshes.iter().map(|s| s.geoset_id)).collect()
    }

    /// Batches and triangles drawn for `lod` with `geosets` shown (what the
    /// renderer will draw, before alpha culling).
    pub fn visible_batches(&self, lod: usize, geosets: &std::collections::BTreeSet<u16>) -> (usize, usize) {
        let Some(l) = self.lods.get(lod) else { return (0, 0) };
        l.batches
            .iter()
            .filter_map(|b| l.submeshes.get(b.submesh as usize))
            .filter(|s| geosets.contains(&s.geoset_id))
            .fold((0, 0), |(b, t), s| (b + 1, t + s.index_count as usize / 3))
    }
}
