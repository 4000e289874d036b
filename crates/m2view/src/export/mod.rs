//! Taking a model out: glTF 2.0 (binary `.glb`, or `.gltf` + `.bin`; [`gltf`]) with skeleton, skin,
//! every sequence as an animation and embedded PNG textures, and a static
//! OBJ + MTL of a pose ([`obj`]), and a Warcraft III model as MDL or MDX
//! ([`warcraft3`]).
//!
//! Coordinates: WoW models are Z-up right-handed (X forward, Y left); glTF
//! is Y-up right-handed. Every position, direction and rotation is mapped
//! once by [`zup_to_yup`] (`(x, y, z) → (x, z, −y)`, a rotation of −90°
//! about X); units stay model units (yards in the game, metres by glTF's
//! convention).

pub mod fbx;
pub mod gltf;
pub mod obj;
pub(crate) mod sampling;
pub mod terrain;
pub mod warcraft3;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use m2view_format::LoadedModel;
use m2view_format::blp::RgbaImage;

use crate::character::CharacterArgs;
use crate::error::AppError;
use crate::open::{OpenOptions, Opened};

/// RGBA8 rows (`width` × `height`, top row first) encoded as PNG.
///
/// # Errors
/// The rows do not match the size (the encoder's message).
pub fn png(rgba: &[u8], width: u32, height: u32) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    image::write_buffer_with_format(
        &mut std::io::Cursor::new(&mut out),
        rgba,
        width,
        height,
        image::ExtendedColorType::Rgba8,
        image::ImageFormat::Png,
    )
    .map_err(|e| e.to_string())?;
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
    pub placed: Vec<crate::world::Placement>,
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
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

/// Whether `batch` is an upper layer pass of a map tile's terrain (blended
/// through its alpha map, which glTF and OBJ materials cannot hold).
pub(crate) fn terrain_layer(model: &m2view_format::Model, batch: &m2view_format::Batch) -> bool {
    model.source.format == m2view_format::SourceFormat::Adt && batch.material_layer > 0
}

/// A dressed character's export: its geosets, its composed body texture (the
/// CPU reference) in every body slot, its item models (what is missing
/// joins the model's warnings).
pub fn character_options(o: &mut Opened, opts: &OpenOptions, base: ExportOptions) -> ExportOptions {
    let Some(p) = crate::character::parts(&mut o.lm, &o.dressing, opts) else { return base };
    let mut textures = base.textures;
    if let Some(body) = &p.body {
        textures.extend(body.cpu_slots(&o.lm));
    }
    o.lm.model.warnings.extend(p.warnings);
    let items = p.items.into_iter().map(|i| ExportItem { attachment: i.attachment, lm: i.lm }).collect();
    let skinned = p
        .skinned
        .into_iter()
        .map(|k| ExportSkinned {
            textures: p.body.as_ref().map(|b| b.cpu_slots(&k.lm).into_iter().collect()).unwrap_or_default(),
            lm: k.lm,
            geosets: k.geosets,
            skeleton: k.skeleton,
        })
        .collect();
    ExportOptions { geosets: base.geosets.or(Some(p.geosets)), textures, items, skinned, ..base }
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

/// Options of `m2view export`.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// Model file, texture (.blp, .dds, .tga, .png) or client table (.dbc, .db2, .csv); a virtual
    /// path with --data. Without it: the race model of --race/--gender, or --scene.
    pub file: Option<std::path::PathBuf>,
    /// A scene file (JSON; docs/scenes.md) to export instead of FILE: every model, WMO and tile
    /// whole (skeleton, skin, animations) at its placement (.glb, .gltf, .fbx; .obj in the bind
    /// pose).
    #[arg(long, value_name = "SCENE", conflicts_with = "file", help_heading = crate::cli::OUTPUT)]
    pub scene: Option<std::path::PathBuf>,
    /// Output: `.glb` (glTF 2.0 binary with skeleton and animations), `.gltf` (+ `.bin`), `.fbx` (FBX 7.4
    /// binary: skeleton, skin, every sequence as an animation stack) or `.obj` (+ `.mtl`, PNGs);
    /// a Warcraft III model also `.mdl` (text) or `.mdx` (the whole file converted, not a pose);
    /// a texture `.png` or `.blp` (every mip level; see --blp); a table `.csv`, `.json` or `.sql`.
    #[arg(short, long, help_heading = crate::cli::OUTPUT)]
    pub output: std::path::PathBuf,
    /// LOD (skin profile) index.
    #[arg(long, default_value_t = 0, help_heading = crate::cli::MODEL)]
    pub lod: usize,
    /// Comma-separated sequence indices to export as animations (default: all).
    #[arg(long, help_heading = crate::cli::OUTPUT)]
    pub sequences: Option<String>,
    /// Dress the creature with its K-th skin (see `info`).
    #[arg(long, help_heading = crate::cli::MODEL)]
    pub skin: Option<usize>,
    /// OBJ only: the pose at this time (ms) of the first sequence (default: the bind pose).
    #[arg(long, help_heading = crate::cli::OUTPUT)]
    pub time: Option<f32>,
    /// Dress a race model as this character-race NPC display (CreatureDisplayInfo id).
    #[arg(long, help_heading = crate::cli::MODEL)]
    pub display_id: Option<u32>,
    /// Character choices (race models): exported dressed, the composed body texture
    /// embedded and the equipment as children of its attachment bones.
    #[command(flatten)]
    pub character: CharacterArgs,
    /// A WMO's doodad set exported besides set 0 (glTF; see `info`).
    #[arg(long, default_value_t = 0, help_heading = crate::cli::WORLD)]
    pub doodad_set: usize,
    /// Leave out a WMO's doodads (a map tile's placed models and WMOs).
    #[arg(long, help_heading = crate::cli::WORLD)]
    pub no_doodads: bool,
    /// A map tile: also the tiles around it found beside it, in world space, and (without
    /// `--no-doodads`) what they place but what the tile places under the same `uniqueId`.
    #[arg(long = "neighbors", alias = "neighbours", help_heading = crate::cli::WORLD)]
    pub neighbours: bool,
    /// Seat the character on this mount: both written whole (glTF, FBX), the rider's skeleton
    /// under the mount's MountMain bone, so it moves with the mount; its Mount sequence (91)
    /// included. OBJ: both in the bind pose, the rider at the seat.
    #[arg(long, value_name = "MODEL", help_heading = crate::cli::MODEL)]
    pub mount: Option<std::path::PathBuf>,
    /// Warcraft III, .mdx or .mdl: the version to write. 800 makes a Reforged model classic:
    /// each HD material as classic layers, what v800 cannot hold dropped with a warning.
    #[arg(long, value_name = "VERSION", help_heading = crate::cli::OUTPUT)]
    pub mdx_version: Option<u32>,
    /// FBX: `embed` (default) puts the PNG textures inside the file, `copy` writes them beside it
    /// as `<stem>_<texture>.png`. With --mdx-version 800: `blp` writes the model's DDS textures
    /// beside the output as BLP1 (palettized, every mip level; the team colour mask baked into
    /// the diffuse), named `.blp` in the model.
    #[arg(long, value_name = "FORMAT", help_heading = crate::cli::OUTPUT)]
    pub textures: Option<String>,
    /// glTF: animate the materials' texture transforms (scrolling, spinning UVs), colours and
    /// transparency (and a scene camera's field of view) through KHR_animation_pointer (three.js,
    /// Babylon.js, Blender 5.2); `=uv`: texture transforms only, for Blender 4.2 to 5.1, whose
    /// importer fails on an animated colour of a lit, textured material (said when there is one).
    /// Readers older than that extension (the Rust gltf crate, Bevy) refuse such files.
    #[arg(long, value_enum, value_name = "WHAT", num_args = 0..=1, require_equals = true,
          default_missing_value = "all", help_heading = crate::cli::OUTPUT)]
    pub animate_materials: Option<MaterialAnimation>,
    /// A texture to PNG: the mip level written (0: full size).
    #[arg(long, default_value_t = 0, value_name = "N", help_heading = TEXTURES_TABLES)]
    pub mip: usize,
    /// A texture: drop its alpha (an RGB PNG, or an opaque BLP).
    #[arg(long, help_heading = TEXTURES_TABLES)]
    pub no_alpha: bool,
    /// A texture to BLP: dxt1, dxt3, dxt5 (BLP2, World of Warcraft), palette, bgra (BLP2),
    /// blp1-palette, blp1-jpeg (BLP1, Warcraft III). Default: dxt5 with alpha, else dxt1.
    #[arg(long, value_name = "ENCODING", value_parser = parse_blp_target, help_heading = TEXTURES_TABLES)]
    pub blp: Option<m2view_format::blp_write::BlpTarget>,
    /// A table: only the rows whose COLUMN (any case; `Name[1]` for an array element) equals
    /// VALUE; repeatable, all must hold.
    #[arg(long = "where", value_name = "COLUMN=VALUE", help_heading = TEXTURES_TABLES)]
    pub filter: Vec<String>,
}

/// Help heading of the options of textures and tables.
const TEXTURES_TABLES: &str = "Textures and tables";

fn parse_blp_target(s: &str) -> Result<m2view_format::blp_write::BlpTarget, String> {
    m2view_format::blp_write::BlpTarget::parse(s)
        .ok_or_else(|| format!("one of {}", m2view_format::blp_write::BlpTarget::NAMES))
}

/// Runs `m2view export`. Errors: [`AppError`] (bad input files, or anything else).
pub fn run(a: &ExportArgs, open: &OpenOptions) -> Result<(), AppError> {
    if let Some(path) = &a.scene {
        return export_scene(a, path, open);
    }
    let race_model = match &a.file {
        Some(_) => None,
        None => a.character.model_path(open)?,
    };
    let file = a
        .file
        .as_deref()
        .or(race_model.as_deref())
        .ok_or_else(|| AppError::Input("give a FILE, --race and --gender, or --scene SCENE".into()))?;
    // A texture: to PNG or to BLP (`texture_cmd`).
    if crate::texture_cmd::is_texture(file, open) {
        let bytes = crate::open::read(file, open)?;
        let t = crate::texture_cmd::TextureArgs { mip: a.mip, no_alpha: a.no_alpha, blp: a.blp };
        return crate::texture_cmd::export(file, &bytes, &a.output, &t);
    }
    // A client table: to CSV, JSON or SQL (`table_cmd`).
    if crate::table_cmd::is_table_name(&file.to_string_lossy()) {
        return crate::table_cmd::export(file, &a.output, &a.filter, open);
    }
    let mut o = Opened::open(file, open).map_err(AppError::input)?;
    if let Some(k) = a.skin
        && !o.apply_skin(k)
    {
        return Err(AppError::Failure(format!(
            "skin {k} out of range (model has {})",
            o.dressing.creature.skins.len()
        )));
    }
    if let Some(d) = a.display_id
        && !crate::character::dress_as_npc(&mut o, d)?
    {
        return Err(AppError::Failure(format!("display {d} is no character-race NPC of this model")));
    }
    a.character.apply(&mut o)?;
    let sequences = match &a.sequences {
        Some(list) => Some(
            list.split(',')
                .map(|s| s.trim().parse::<usize>().map_err(|_| AppError::Failure(format!("bad sequence index {s:?}"))))
                .collect::<Result<Vec<_>, _>>()?,
        ),
        None => None,
    };
    let geosets = o.skin_geosets(a.lod);
    let base =
        ExportOptions { lod: a.lod, sequences, geosets, animate_materials: a.animate_materials, ..Default::default() };
    let mut opts = character_options(&mut o, open, base);
    if !a.no_doodads {
        opts.placed = crate::world::placements(&mut o.lm, a.doodad_set, open);
    }
    if a.neighbours {
        let (tiles, warnings) = crate::world::neighbour_tiles(&o.lm, open, !a.no_doodads);
        o.lm.model.warnings.extend(warnings);
        opts.placed.extend(tiles);
    }
    let mut lm = o.lm;
    // Sequences whose keys live in .anim files: load them (missing ones are skipped, with a warning).
    for i in 0..lm.model.sequences.len() {
        if opts.sequences.as_ref().is_none_or(|s| s.contains(&i)) {
            lm.load_anim(m2view_format::SequenceId(i as u16)).map_err(AppError::input)?;
        }
    }
    for w in &lm.model.warnings {
        eprintln!("warning: {w}");
    }
    match &a.mount {
        Some(mount) => export_mounted(a, mount, &lm, &opts, open),
        None => write(a, &lm, &opts),
    }
}

/// `export --mount`: the mount and its rider `lm` in one document (glTF,
/// FBX, OBJ), the rider's placement under the bone of the mount's
/// MountMain attachment (0), at the attachment's offset from that bone's
/// pivot. Errors: another format, a mount without MountMain.
fn export_mounted(
    a: &ExportArgs,
    mount: &std::path::Path,
    rider: &LoadedModel,
    rider_opts: &ExportOptions,
    open: &OpenOptions,
) -> Result<(), AppError> {
    let mut horse = crate::render_cmd::open_mount(mount, open)?;
    load_all_anims(&mut horse);
    let seat = horse.model.attachments.iter().find(|at| at.id == 0);
    let seat = seat.ok_or_else(|| AppError::Input(format!("{}: no MountMain attachment", mount.display())))?;
    let bone = seat.bone.filter(|b| b.index() < horse.model.bones.len());
    let pivot = bone.map_or(glam::Vec3::ZERO, |b| glam::Vec3::from(horse.model.bones[b.index()].pivot));
    let offset = glam::Mat4::from_translation(glam::Vec3::from(seat.position) - pivot);
    let (world, parent) = match bone {
        Some(b) => (offset, Some((0, b.index()))),
        None => (glam::Mat4::from_translation(seat.position.into()), None),
    };
    let horse_opts = ExportOptions::default();
    let parts = [
        ScenePart { lm: &horse, opts: &horse_opts, world: glam::Mat4::IDENTITY, parent: None },
        ScenePart { lm: rider, opts: rider_opts, world, parent },
    ];
    write_together(a, &format!("{} on {}", rider.model.name, horse.model.name), &parts, None)
}

/// Writes `parts` as one document named `name` to `a.output`: glTF (GLB,
/// or `.gltf` and its `.bin`) or FBX, each model whole, with `camera`'s
/// path; OBJ, each at its placement in its bind pose.
fn write_together(
    a: &ExportArgs,
    name: &str,
    parts: &[ScenePart],
    camera: Option<&CameraTrack>,
) -> Result<(), AppError> {
    let ext = a.output.extension().map(|e| e.to_string_lossy().to_lowercase()).unwrap_or_default();
    let failed = |e: String| AppError::Failure(format!("{}: {e}", a.output.display()));
    match ext.as_str() {
        "glb" | "gltf" => match gltf::scene(name, parts, camera, &a.output, ext == "glb").map_err(AppError::Failure)? {
            Some(bytes) => std::fs::write(&a.output, bytes).map_err(|e| failed(e.to_string())),
            None => Ok(()),
        },
        "fbx" => fbx::write_scene(parts, camera, fbx_textures(a)?, &a.output).map_err(AppError::Failure),
        "obj" => obj::write_parts(name, parts, &a.output).map_err(AppError::Failure),
        _ => Err(AppError::Input(format!(
            "{}: several models are exported as .glb, .gltf, .fbx or .obj",
            a.output.display()
        ))),
    }
}

/// `--textures` of an FBX export.
fn fbx_textures(a: &ExportArgs) -> Result<fbx::Textures, AppError> {
    match a.textures.as_deref() {
        None | Some("embed") => Ok(fbx::Textures::Embed),
        Some("copy") => Ok(fbx::Textures::Copy),
        Some(t) => Err(AppError::Failure(format!("--textures {t}: an FBX takes embed or copy"))),
    }
}

/// Loads every external sequence's `.anim` of `lm` (one that fails is a
/// warning naming it, and that sequence keeps no keys).
fn load_all_anims(lm: &mut LoadedModel) {
    for i in 0..lm.model.sequences.len() {
        if let Err(e) = lm.load_anim(m2view_format::SequenceId(i as u16)) {
            eprintln!("warning: {e}");
        }
    }
}

/// `export --scene`: each model whole (skeleton, skin, every sequence,
/// named after the model) under its placement and the camera path (glTF,
/// FBX); OBJ places them in their bind pose. A file placed several times
/// is one model.
fn export_scene(a: &ExportArgs, path: &std::path::Path, open: &OpenOptions) -> Result<(), AppError> {
    let scene = crate::scene::Scene::open(path, open)?;
    let mut loaded: Vec<(Arc<LoadedModel>, LoadedModel)> = Vec::new();
    for (shared, _) in &scene.loaded {
        if !loaded.iter().any(|(s, _)| Arc::ptr_eq(s, shared)) {
            let mut lm = (**shared).clone();
            load_all_anims(&mut lm);
            loaded.push((shared.clone(), lm));
        }
    }
    let opts: Vec<ExportOptions> = scene
        .loaded
        .iter()
        .map(|(_, placed)| ExportOptions {
            placed: placed.clone(),
            animate_materials: a.animate_materials,
            ..Default::default()
        })
        .collect();
    let parts: Vec<_> = scene
        .file
        .models
        .iter()
        .zip(&scene.loaded)
        .zip(&opts)
        .map(|((m, (shared, _)), opts)| {
            let lm = &loaded.iter().find(|(s, _)| Arc::ptr_eq(s, shared)).expect("loaded above").1;
            ScenePart { lm, opts, world: m.placement(), parent: None }
        })
        .collect();
    let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    write_together(a, &name, &parts, scene.camera_track().as_ref())
}

/// Writes `lm` with `opts` in the format `a.output`'s extension names.
fn write(a: &ExportArgs, lm: &LoadedModel, opts: &ExportOptions) -> Result<(), AppError> {
    let ext = a.output.extension().map(|e| e.to_string_lossy().to_lowercase()).unwrap_or_default();
    match ext.as_str() {
        "glb" => {
            let bytes = gltf::to_glb(lm, opts).map_err(AppError::Failure)?;
            std::fs::write(&a.output, bytes).map_err(|e| AppError::Failure(format!("{}: {e}", a.output.display())))
        }
        "gltf" => gltf::write_gltf(lm, opts, &a.output).map_err(AppError::Failure),
        "fbx" => fbx::write_fbx(lm, opts, fbx_textures(a)?, &a.output).map_err(AppError::Failure),
        "obj" => {
            let mut inst = m2view_anim::ModelInstance::new(&lm.model, 1);
            if let Some(t) = a.time {
                inst.player.advance(&lm.model, t);
                inst.pose(&lm.model, glam::Mat4::IDENTITY);
            }
            obj::write_obj(lm, &inst.pose.bones, opts, &a.output).map_err(AppError::Failure)
        }
        "mdl" | "mdx" => {
            let textures = match a.textures.as_deref() {
                None => None,
                Some("blp") => Some(a.output.parent().unwrap_or(std::path::Path::new(".")).to_path_buf()),
                Some(t) => {
                    return Err(AppError::Failure(format!("--textures {t}: the one texture format written is blp")));
                }
            };
            let (bytes, notes) = match a.mdx_version {
                None if textures.is_none() => warcraft3::convert(lm, &ext),
                Some(800) if lm.model.source.version > 800 => warcraft3::classic(lm, &ext, textures.as_deref()),
                Some(800) if textures.is_none() => warcraft3::convert(lm, &ext),
                Some(800) | None => Err("--textures blp goes with --mdx-version 800 of a Reforged model".to_string()),
                Some(v) => Err(format!("--mdx-version {v}: m2view writes 800 (classic) or keeps the model's own")),
            }
            .map_err(AppError::Failure)?;
            for n in notes {
                eprintln!("warning: {n}");
            }
            std::fs::write(&a.output, bytes).map_err(|e| AppError::Failure(format!("{}: {e}", a.output.display())))
        }
        _ => Err(AppError::Failure(format!(
            "{}: the output must end in .glb, .gltf, .fbx, .obj, .mdl or .mdx",
            a.output.display()
        ))),
    }
}
