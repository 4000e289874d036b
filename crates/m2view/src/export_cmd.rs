//! `m2view export`: a model, scene, texture or table taken out, through
//! [`m2view_export`] (models and scenes), `texture_cmd` and `table_cmd`.

use m2view_export::{CameraTrack, ExportItem, ExportOptions, ExportSkinned, MaterialAnimation, ScenePart, fbx};
use m2view_format::LoadedModel;

use crate::character_args::CharacterArgs;
use m2view_app::error::AppError;
use m2view_app::open::{OpenOptions, Opened};

/// A dressed character's export: its geosets, its composed body texture (the
/// CPU reference) in every body slot, its item models (what is missing
/// joins the model's warnings).
pub fn character_options(o: &mut Opened, opts: &OpenOptions, base: ExportOptions) -> ExportOptions {
    let Some(p) = m2view_app::character::parts(&mut o.lm, &o.dressing, opts) else { return base };
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
    /// For `map:DIRECTORY`: the tiles to take out, `X1_Y1..X2_Y2` (a rectangle; one tile `X_Y`),
    /// each with its terrain, liquids, WMOs and doodads at their places, shared meshes once.
    #[arg(long, value_name = "X1_Y1..X2_Y2", help_heading = crate::cli::OUTPUT)]
    pub tiles: Option<String>,
    /// With `map:` and --tiles: also a 16-bit grey PNG of each tile's heights beside the output
    /// (`<name>_height_<X>_<Y>.png`, 129×129, black the lowest and white the highest point of
    /// the selection; the range in yards in `<name>_height.txt`).
    #[arg(long, requires = "tiles", help_heading = crate::cli::OUTPUT)]
    pub heightmap: bool,
    /// With `map:` and --tiles: also the selection's minimap beside the output
    /// (`<name>_minimap.png`, 256 pixels a tile).
    #[arg(long, requires = "tiles", help_heading = crate::cli::OUTPUT)]
    pub minimap: bool,
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
        let scene = m2view_app::scene::Scene::open(path, open)?;
        return export_scene(a, scene);
    }
    if let Some(dir) = a.file.as_deref().and_then(m2view_app::maps::map_of) {
        return export_map(a, dir, open);
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
        let bytes = m2view_app::open::read(file, open)?;
        let t = crate::texture_cmd::TextureArgs { mip: a.mip, no_alpha: a.no_alpha, blp: a.blp };
        return crate::texture_cmd::export(file, &bytes, &a.output, &t);
    }
    // A client table: to CSV, JSON or SQL (`table_cmd`).
    if m2view_app::tables::is_table_name(&file.to_string_lossy()) {
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
        && !m2view_app::character::dress_as_npc(&mut o, d)?
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
        opts.placed = m2view_app::world::placements(&mut o.lm, a.doodad_set, open);
    }
    if a.neighbours {
        let (tiles, warnings) = m2view_app::world::neighbour_tiles(&o.lm, open, !a.no_doodads);
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
    let mut horse = m2view_app::character::open_mount(mount, open)?;
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

/// [`m2view_app::exporting::write_together`] into `a.output`.
fn write_together(
    a: &ExportArgs,
    name: &str,
    parts: &[ScenePart],
    camera: Option<&CameraTrack>,
) -> Result<(), AppError> {
    m2view_app::exporting::write_together(&a.output, name, parts, camera, fbx_textures(a)?)
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
    for w in m2view_app::exporting::load_all_anims(lm) {
        eprintln!("warning: {w}");
    }
}

/// `export --scene`: each model whole (skeleton, skin, every sequence,
/// named after the model) under its placement and the camera path (glTF,
/// FBX); OBJ places them in their bind pose. A file placed several times
/// is one model.
fn export_scene(a: &ExportArgs, scene: m2view_app::scene::Scene) -> Result<(), AppError> {
    let warnings = m2view_app::exporting::write_scene(&scene, &a.output, a.animate_materials, fbx_textures(a)?)?;
    for w in warnings {
        eprintln!("warning: {w}");
    }
    Ok(())
}

/// `export map:X --tiles …`: the tiles picked as a scene
/// ([`m2view_app::maps::WholeMap::scene`]), with `--heightmap` and
/// `--minimap` pictures beside.
fn export_map(a: &ExportArgs, dir: &str, open: &OpenOptions) -> Result<(), AppError> {
    let map = m2view_app::maps::open(dir, open)?;
    let range = a.tiles.as_deref().ok_or_else(|| {
        AppError::Failure(format!(
            "export map:{dir} takes --tiles X1_Y1..X2_Y2 (its tiles: see `m2view info map:{dir}`)"
        ))
    })?;
    let tiles = map.tiles_in(range)?;
    eprintln!("map:{}: {} tiles", map.directory, tiles.len());
    if a.heightmap {
        write_heightmaps(a, &map, &tiles)?;
    }
    if a.minimap {
        write_selection_minimap(a, &map, &tiles)?;
    }
    // Long exports: a bar over the tiles as they load (stderr, when it is a terminal).
    let bar = indicatif::ProgressBar::new(tiles.len() as u64);
    if tiles.len() < 4 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let scene = map.scene(&tiles, false, open, &|n| bar.set_position(n as u64));
    bar.finish_and_clear();
    export_scene(a, scene?)
}

/// `a.output` with its extension replaced by `_<suffix>`.
fn beside(a: &ExportArgs, suffix: &str) -> std::path::PathBuf {
    let stem = a.output.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    a.output.with_file_name(format!("{stem}_{suffix}"))
}

/// `--heightmap`: each tile's heights as a 16-bit PNG, scaled over the
/// selection's lowest and highest points (said in `_height.txt`).
fn write_heightmaps(a: &ExportArgs, map: &m2view_app::maps::WholeMap, tiles: &[[u8; 2]]) -> Result<(), AppError> {
    let side = m2view_app::maps::HEIGHTMAP_SIDE as u32;
    let mut maps = Vec::with_capacity(tiles.len());
    for t in tiles {
        maps.push(m2view_app::maps::heightmap(&map.tile(t[0], t[1])?.adt));
    }
    let all = maps.iter().flatten().filter(|h| h.is_finite());
    let (lo, hi) = all.fold((f32::MAX, f32::MIN), |(lo, hi), &h| (lo.min(h), hi.max(h)));
    let range = (hi - lo).max(f32::EPSILON);
    for (t, h) in tiles.iter().zip(&maps) {
        let px: Vec<u16> =
            h.iter().map(|v| if v.is_finite() { ((v - lo) / range * 65535.0).round() as u16 } else { 0 }).collect();
        let img = image::ImageBuffer::<image::Luma<u16>, _>::from_raw(side, side, px)
            .ok_or_else(|| AppError::Failure("heightmap size".into()))?;
        let out = beside(a, &format!("height_{}_{}.png", t[0], t[1]));
        img.save(&out).map_err(|e| AppError::Failure(format!("{}: {e}", out.display())))?;
    }
    let txt = beside(a, "height.txt");
    let note = format!("black {lo} yards, white {hi} yards (world Z); {side}x{side} per tile, x right, y down\n");
    std::fs::write(&txt, note).map_err(|e| AppError::Failure(format!("{}: {e}", txt.display())))
}

/// `--minimap` of an export: the selection's rectangle of the map's
/// minimap, 256 pixels a tile, absent tiles transparent.
fn write_selection_minimap(
    a: &ExportArgs,
    map: &m2view_app::maps::WholeMap,
    tiles: &[[u8; 2]],
) -> Result<(), AppError> {
    let corner =
        |f: fn(u8, u8) -> u8| tiles.iter().fold([tiles[0][0], tiles[0][1]], |c, t| [f(c[0], t[0]), f(c[1], t[1])]);
    let (first, last) = (corner(u8::min), corner(u8::max));
    let size = [u32::from(last[0] - first[0] + 1) * 256, u32::from(last[1] - first[1] + 1) * 256];
    let source = m2view_app::minimap::Source::Auto;
    let m = m2view_app::minimap::render_region(map, first, last, size, source, [0, 0, 0, 0])?;
    for w in &m.warnings {
        eprintln!("warning: {w}");
    }
    let out = beside(a, "minimap.png");
    image::save_buffer(&out, &m.image.pixels, m.image.width, m.image.height, image::ExtendedColorType::Rgba8)
        .map_err(|e| AppError::Failure(format!("{}: {e}", out.display())))
}

/// Writes `lm` with `opts` in the format `a.output`'s extension names
/// (`m2view_export::file`), the flags mapped to its choices.
fn write(a: &ExportArgs, lm: &LoadedModel, opts: &ExportOptions) -> Result<(), AppError> {
    let format = m2view_export::file::Format::of(&a.output);
    let mut how = m2view_export::file::Writing::default();
    match format {
        Some(m2view_export::file::Format::Fbx) => how.fbx_textures = fbx_textures(a)?,
        Some(m2view_export::file::Format::Obj) => {
            if let Some(t) = a.time {
                let mut inst = m2view_anim::ModelInstance::new(&lm.model, 1);
                inst.player.advance(&lm.model, t);
                inst.pose(&lm.model, glam::Mat4::IDENTITY);
                how.obj_bones = inst.pose.bones;
            }
        }
        Some(m2view_export::file::Format::Mdl | m2view_export::file::Format::Mdx) => {
            how.warcraft3 = warcraft3_choice(a, lm)?;
        }
        _ => {}
    }
    let notes = m2view_export::file::write_model(lm, opts, &how, &a.output).map_err(AppError::failure)?;
    for n in notes {
        eprintln!("warning: {n}");
    }
    Ok(())
}

/// `--mdx-version` and `--textures` of an MDL/MDX export.
fn warcraft3_choice(a: &ExportArgs, lm: &LoadedModel) -> Result<m2view_export::file::Warcraft3, AppError> {
    use m2view_export::file::Warcraft3;
    let textures = match a.textures.as_deref() {
        None => None,
        Some("blp") => Some(a.output.parent().unwrap_or(std::path::Path::new(".")).to_path_buf()),
        Some(t) => return Err(AppError::Failure(format!("--textures {t}: the one texture format written is blp"))),
    };
    match a.mdx_version {
        None if textures.is_none() => Ok(Warcraft3::Keep),
        Some(800) if lm.model.source.version > 800 => Ok(Warcraft3::Classic { blp: textures }),
        Some(800) if textures.is_none() => Ok(Warcraft3::Keep),
        Some(800) | None => {
            Err(AppError::Failure("--textures blp goes with --mdx-version 800 of a Reforged model".into()))
        }
        Some(v) => {
            Err(AppError::Failure(format!("--mdx-version {v}: m2view writes 800 (classic) or keeps the model's own")))
        }
    }
}
