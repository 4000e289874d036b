//! Taking a model out: glTF 2.0 (binary `.glb`, or `.gltf` + `.bin`; [`gltf`]) with skeleton, skin,
//! every sequence as an animation and embedded PNG textures; FBX 7.4
//! binary ([`fbx`]) with skeleton, clusters, a stack per sequence, cameras
//! and looks; a static OBJ + MTL of a pose ([`obj`]); a Warcraft III model
//! as MDL or MDX ([`warcraft3`]); [`mod@file`] picks one by the output's
//! extension. Several models (a scene, a rider on its
//! mount) go into one document as [`ScenePart`]s. Reads models and their
//! textures, writes only the files asked for; every error is an
//! [`ExportError`].
//!
//! Coordinates: WoW models are Z-up right-handed (X forward, Y left); glTF
//! is Y-up right-handed. Every position, direction and rotation is mapped
//! once by [`zup_to_yup`] (`(x, y, z) → (x, z, −y)`, a rotation of −90°
//! about X); units stay model units (yards in the game, metres by glTF's
//! convention).

#![warn(missing_docs)]

pub mod fbx;
pub mod file;
pub mod gltf;
pub mod obj;
pub mod sampling;
pub mod terrain;
pub mod warcraft3;
pub mod waterfall;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use m2view_format::LoadedModel;
use m2view_format::blp::RgbaImage;

/// Why an export failed. Nothing is left half-written: files are written
/// whole, FBX under a temporary name renamed at the end.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// A file that cannot be written, or a folder made.
    #[error("{}: {error}", path.display())]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// A model file (or an `.anim`, a Warcraft III model's bytes) that does
    /// not read or convert: file, structure path and byte offset.
    #[error(transparent)]
    Format(#[from] m2view_format::Error),
    /// A texture that does not read or decode.
    #[error(transparent)]
    Texture(#[from] m2view_texture::TextureError),
    /// A LOD (skin profile) the model lacks.
    #[error("LOD {lod} out of range (model has {count})")]
    Lod {
        /// The LOD asked for.
        lod: usize,
        /// How many the model has.
        count: usize,
    },
    /// What the format cannot hold or this export cannot do (an FBX past
    /// 4 GiB, MDL of a model that is not Warcraft III's, a texture a model
    /// names that is not there); the message says which.
    #[error("{0}")]
    Unsupported(String),
    /// An image that does not encode as PNG.
    #[error("PNG: {0}")]
    Png(image::ImageError),
    /// The glTF JSON or its binary container.
    #[error("glTF: {0}")]
    Gltf(String),
}

/// Writes `bytes` to `path`, whole.
///
/// # Errors
/// [`ExportError::Write`], naming the file.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    std::fs::write(path, bytes).map_err(|error| ExportError::Write { path: path.to_path_buf(), error })
}

/// RGBA8 rows (`width` × `height`, top row first) encoded as PNG.
///
/// # Errors
/// The rows do not match the size ([`ExportError::Png`]).
pub fn png(rgba: &[u8], width: u32, height: u32) -> Result<Vec<u8>, ExportError> {
    encode_png(rgba, width, height, image::ExtendedColorType::Rgba8)
}

/// [`png`] without its alpha channel (RGB).
///
/// # Errors
/// The rows do not match the size ([`ExportError::Png`]).
pub fn png_opaque(rgba: &[u8], width: u32, height: u32) -> Result<Vec<u8>, ExportError> {
    let rgb: Vec<u8> = rgba.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    encode_png(&rgb, width, height, image::ExtendedColorType::Rgb8)
}

fn encode_png(rows: &[u8], width: u32, height: u32, color: image::ExtendedColorType) -> Result<Vec<u8>, ExportError> {
    let mut out = Vec::new();
    image::write_buffer_with_format(
        &mut std::io::Cursor::new(&mut out),
        rows,
        width,
        height,
        color,
        image::ImageFormat::Png,
    )
    .map_err(ExportError::Png)?;
    Ok(out)
}

/// The name bone `i` is exported under: its own (MDX nodes have one), else
/// `bone<i>`.
pub(crate) fn bone_name(model: &m2view_format::Model, i: usize) -> String {
    let bone = &model.bones[i];
    if bone.name.is_empty() { format!("bone{i}") } else { bone.name.clone() }
}

/// `(x, y, z)` Z-up → `(x, z, −y)` Y-up.
pub fn zup_to_yup(v: [f32; 3]) -> [f32; 3] {
    [v[0], v[2], -v[1]]
}

/// A placement `world` (a Z-up model matrix: a doodad's, a tile's) in
/// Y-up space: `C·world·C⁻¹`, `C` the rotation of [`zup_to_yup`].
pub fn placement_to_yup(world: glam::Mat4) -> glam::Mat4 {
    let c = glam::Mat4::from_cols(
        glam::Vec3::from(zup_to_yup([1.0, 0.0, 0.0])).extend(0.0),
        glam::Vec3::from(zup_to_yup([0.0, 1.0, 0.0])).extend(0.0),
        glam::Vec3::from(zup_to_yup([0.0, 0.0, 1.0])).extend(0.0),
        glam::Vec4::W,
    );
    c * world * c.transpose()
}

/// A quaternion `[x, y, z, w]` of Z-up space expressed in Y-up space.
pub fn zup_to_yup_quat(q: [f32; 4]) -> [f32; 4] {
    [q[0], q[2], -q[1], q[3]]
}

/// What to export.
#[derive(Debug, Clone, Default)]
pub struct ExportOptions {
    /// LOD (skin profile) index.
    pub lod: usize,
    /// Geosets to include (`None`: the game's defaults).
    pub geosets: Option<BTreeSet<u16>>,
    /// Sequences to export as animations (`None`: all).
    pub sequences: Option<Vec<usize>>,
    /// Images that replace texture files by texture index (a character's composed body texture).
    pub textures: BTreeMap<usize, RgbaImage>,
    /// Models hung on attachments (a character's equipment): exported as
    /// children of their attachment's bone.
    pub items: Vec<ExportItem>,
    /// Models worn on the exported one's skeleton (a 9.0+ character's
    /// skinned customization models).
    pub skinned: Vec<ExportSkinned>,
    /// Models placed in the exported one's space (a WMO's doodads, a map
    /// tile's models and WMOs): one node each with its matrix, a model
    /// placed many times exported once and its mesh shared (glTF instancing).
    pub placed: Vec<m2view_scene::Placement>,
    /// glTF: what of the materials to animate through
    /// `KHR_animation_pointer` channels. `None` (the default): nothing,
    /// since such a channel names no node, and readers that predate the
    /// extension (the Rust `gltf` crate 1.4, so Bevy) refuse the file.
    pub animate_materials: Option<MaterialAnimation>,
}

/// What `--animate-materials` animates in a glTF (each sequence's
/// animation, sampled at 30 Hz; a scene camera's field of view too).
///
/// `Uv` exists for Blender 4.2 to 5.1, which fail to import a file in
/// which a lit material with a base colour texture has an animated base
/// colour factor (glTF-Blender-IO `blender/imp/animation_pointer.py` reads
/// `links` of its socket wrapper instead of the socket's; fixed for 5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum MaterialAnimation {
    /// Texture transforms, colours and transparency.
    All,
    /// Texture transforms only (what Blender 4.2 to 5.1 import).
    Uv,
}

/// A model hung on an attachment of the exported one.
#[derive(Debug, Clone)]
pub struct ExportItem {
    /// The attachment id.
    pub attachment: u32,
    /// The model (its default geosets, LOD 0, bind pose).
    pub lm: Arc<LoadedModel>,
}

/// A model worn on the exported one's skeleton.
#[derive(Debug, Clone)]
pub struct ExportSkinned {
    /// The model.
    pub lm: Arc<LoadedModel>,
    /// The geosets it shows.
    pub geosets: BTreeSet<u16>,
    /// Which of the character's bones each of its bones follows.
    pub skeleton: Arc<m2view_anim::SharedSkeleton>,
    /// Its textures composed from the character's (by its texture index).
    pub textures: BTreeMap<usize, RgbaImage>,
}

/// One model of a document of several (`gltf::scene`, `fbx::scene`).
pub struct ScenePart<'a> {
    /// The model.
    pub lm: &'a LoadedModel,
    /// What of it to write.
    pub opts: &'a ExportOptions,
    /// Model → scene (Z-up model units), or model → `parent`'s bone.
    pub world: glam::Mat4,
    /// Hung on bone `.1` of earlier part `.0` instead of placed in the
    /// scene (a rider on its mount): it moves with that bone.
    pub parent: Option<(usize, usize)>,
}

/// A camera moving through a document (a scene's camera path), as
/// exported: a glTF camera node and its animation, an FBX camera node and
/// its animation stack.
#[derive(Debug, Clone, PartialEq)]
pub struct CameraTrack {
    /// Samples in time order, at least one.
    pub samples: Vec<CameraSample>,
    /// Each sample held until the next (a `step` path), not interpolated.
    pub step: bool,
}

/// Where a camera is at one time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CameraSample {
    /// Ms from the document's start.
    pub time_ms: f32,
    /// The eye (model units, Z up).
    pub eye: glam::Vec3,
    /// The point looked at.
    pub target: glam::Vec3,
    /// Vertical field of view, degrees.
    pub fov: f32,
}

/// The view direction and up of a camera at `eye` looking at `target`
/// (both Y-up), up as near +Y as the view allows; `None` where they are
/// one point.
pub(crate) fn look(eye: glam::Vec3, target: glam::Vec3) -> Option<(glam::Vec3, glam::Vec3)> {
    let view = (target - eye).try_normalize()?;
    let side = view.cross(glam::Vec3::Y).try_normalize().unwrap_or(glam::Vec3::Z);
    Some((view, side.cross(view)))
}

/// The name a model goes by among several (a scene's part, its nodes and
/// animations): its file's, since a model's own name is often empty or a
/// build path.
pub(crate) fn part_name(lm: &LoadedModel) -> String {
    lm.path.file_stem().map_or_else(|| lm.model.name.clone(), |s| s.to_string_lossy().into_owned())
}

/// The character bone that bone `i` of worn model `k` follows: its own
/// mapping, else its nearest mapped ancestor's, else the root bone.
pub(crate) fn worn_on(k: &ExportSkinned, i: usize) -> usize {
    let mut bone = Some(i);
    while let Some(c) = bone {
        if let Some(h) = k.skeleton.map.get(c).copied().flatten() {
            return h;
        }
        bone = k.lm.model.bones.get(c).and_then(|b| b.parent).map(|p| p.index());
    }
    0
}

/// The RGBA image of texture `i` of `lm` as drawn: an override of `opts`,
/// a built texture, a Warcraft III team colour, else its file's first
/// level (BLP, DDS or TGA, as the renderer reads them).
pub(crate) fn texture_rgba(
    lm: &LoadedModel,
    i: usize,
    overrides: &BTreeMap<usize, RgbaImage>,
) -> Option<(u32, u32, Vec<u8>)> {
    if let Some(img) = overrides.get(&i) {
        return Some((img.width, img.height, img.pixels.clone()));
    }
    if let Some(m2view_format::TextureSource::Built { image, .. }) = lm.model.textures.get(i).map(|t| &t.source) {
        return Some((image.width, image.height, image.pixels.clone()));
    }
    if let Some(m2view_render::TextureData::Rgba { width, height, mips }) =
        m2view_render::texture::team_texture(&lm.model, i, m2view_render::texture::DEFAULT_TEAM_COLOR)
    {
        return Some((width, height, mips.into_iter().next()?));
    }
    let path = lm.texture_files.get(i)?.as_ref()?;
    match m2view_texture::decode_file(path, lm.read(path).ok()?, false).ok()? {
        m2view_render::TextureData::Rgba { width, height, mips } => Some((width, height, mips.into_iter().next()?)),
        _ => None,
    }
}

/// The batches of `lod` every export writes, in order, with their index
/// (into `lod.batches`), their submesh and its triangle list (indices into
/// `model.vertices`): those whose submesh's geoset is in `geosets`, but
/// not the upper layer passes of a map tile's terrain (blended through
/// its alpha map, which exported materials cannot hold: the base layer
/// is written), nor a submesh whose range leaves the index list.
pub(crate) fn exported_batches<'a>(
    model: &'a m2view_format::Model,
    lod: &'a m2view_format::Lod,
    geosets: &'a BTreeSet<u16>,
) -> impl Iterator<Item = (usize, &'a m2view_format::Batch, &'a m2view_format::Submesh, &'a [u32])> + 'a {
    let terrain = model.source.format == m2view_format::SourceFormat::Adt;
    lod.batches.iter().enumerate().filter_map(move |(k, batch)| {
        if terrain && batch.material_layer > 0 {
            return None;
        }
        let sub = lod.submeshes.get(batch.submesh as usize).filter(|s| geosets.contains(&s.geoset_id))?;
        let range = sub.index_start as usize..(sub.index_start + sub.index_count) as usize;
        Some((k, batch, sub, lod.indices.get(range)?))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::{Mat3, Quat, Vec3};

    #[test]
    fn the_axis_change_is_a_rotation() {
        // Z-up's up (0,0,1) becomes Y-up's up; WoW's left (+Y) becomes glTF's −Z.
        assert_eq!(zup_to_yup([0.0, 0.0, 1.0]), [0.0, 1.0, -0.0]);
        assert_eq!(zup_to_yup([0.0, 1.0, 0.0]), [0.0, 0.0, -1.0]);
        // Rotating then converting equals converting then rotating by the converted quaternion.
        let q = Quat::from_axis_angle(Vec3::new(0.3, -0.5, 0.8).normalize(), 1.1);
        let v = [0.2f32, 0.7, -0.4];
        let a = Vec3::from(zup_to_yup((q * Vec3::from(v)).into()));
        let b = Quat::from_array(zup_to_yup_quat(q.to_array())) * Vec3::from(zup_to_yup(v));
        assert!((a - b).length() < 1e-5, "{a} {b}");
        let m = Mat3::from_cols(
            zup_to_yup([1.0, 0.0, 0.0]).into(),
            zup_to_yup([0.0, 1.0, 0.0]).into(),
            zup_to_yup([0.0, 0.0, 1.0]).into(),
        );
        assert!((m.determinant() - 1.0).abs() < 1e-6, "right-handed to right-handed");
    }
}
