//! `m2view render <file> -o <out.png>`: what the options place and how
//! they draw it (a [`RenderRequest`]), drawn by `m2view_scene::render`
//! into a PNG, `--all`'s PNGs, a turntable or `--video`.

use std::path::PathBuf;

use std::collections::BTreeSet;
use std::sync::Arc;

use m2view_anim::Player;
use m2view_format::{LoadedModel, SequenceId};
use m2view_render::camera::{CameraSpec, Preset};
use m2view_render::target::OFFSCREEN_FORMAT;
use m2view_render::{Gpu, Renderer};
use m2view_scene::render::{RenderRequest, Stats, render_frames, render_image, turn, write_turntable};
use m2view_scene::{Body, Placed};

use m2view_app::character::{BodyStats, BodyTexture, MOUNT_ANIMATION, open_mount};
use m2view_app::state::parse_rgb8;

use crate::character_args::CharacterArgs;
use m2view_app::error::AppError;
use m2view_app::open::{OpenOptions, Opened};

/// Options of `m2view render`.
#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    /// Model file (a virtual path with --data); with --all, a glob over the models of --data.
    /// Without it: the race model of --race/--gender or of --outfit, or the model of an NPC
    /// --display-id (read from --data).
    pub file: Option<PathBuf>,
    /// A scene file (JSON: models, WMOs and tiles placed in one world, a camera path; see
    /// docs/scenes.md) to render instead of FILE: a PNG at --time, a --video along its camera
    /// path, a --turntable around it.
    #[arg(long, value_name = "SCENE", conflicts_with_all = ["file", "all", "crowd", "mount", "attach"], help_heading = crate::cli::OUTPUT)]
    pub scene: Option<PathBuf>,
    /// Output PNG; with --all, the output folder. Not needed with --video.
    #[arg(short, long, required_unless_present = "video", help_heading = crate::cli::OUTPUT)]
    pub output: Option<PathBuf>,
    /// A video of the sequence playing, `.mp4` or `.webm` (AV1): --fps frames a second for
    /// --duration (default: the sequence's length) from --time, through --camera, or one full
    /// turn with --turntable. No alpha: for --transparent, use a turntable to `.apng`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["all", "output"], help_heading = crate::cli::OUTPUT)]
    pub video: Option<PathBuf>,
    /// Video length, ms (default: the sequence's length, a --scene's duration; 4000 for a model
    /// without sequences).
    #[arg(long, value_name = "MS", requires = "video", help_heading = crate::cli::OUTPUT)]
    pub duration: Option<f32>,
    /// Render every model (.m2, .mdx, .mdl, WMO roots, ADT tiles) and texture (.blp, .dds, .tga: a
    /// preview that fits --size) of the --data sources matching FILE (a glob) to OUTPUT/VPATH.png
    /// (VPATH: the file's virtual path), in parallel, past broken files, with a summary.
    #[arg(long, help_heading = crate::cli::OUTPUT)]
    pub all: bool,
    /// Image size, WxH (default 512x512; 256x256 with --all).
    #[arg(long, help_heading = crate::cli::OUTPUT)]
    pub size: Option<String>,
    /// Sequence index.
    #[arg(long, help_heading = crate::cli::CAMERA_TIME)]
    pub sequence: Option<u16>,
    /// Animation id (first sequence with it); overrides --sequence.
    #[arg(long, help_heading = crate::cli::CAMERA_TIME)]
    pub anim_id: Option<u16>,
    /// Time in the sequence, ms (global sequences run on the same clock), or auto (the
    /// first moment something is visible: particles warmed up, fade-ins past).
    /// Default 0; auto with --all.
    #[arg(long, help_heading = crate::cli::CAMERA_TIME)]
    pub time: Option<String>,
    /// front|back|left|right|top|iso|map|yaw:DEGREES|model:N|at:X,Y,Z,YAW,PITCH|
    /// look:EX,EY,EZ,TX,TY,TZ,FOV, or auto (the side showing the model's largest face); map:
    /// straight down, orthographic, north up; at: from a point (model units) looking YAW degrees
    /// about Z from +X and PITCH degrees up; look: from a point toward another, FOV degrees high
    /// (45 when left out).
    /// Default front; iso with --crowd; auto with --all.
    #[arg(long, help_heading = crate::cli::CAMERA_TIME)]
    pub camera: Option<String>,
    /// LOD (skin profile) index.
    #[arg(long, default_value_t = 0, help_heading = crate::cli::MODEL)]
    pub lod: usize,
    /// Comma-separated geoset ids to show (default: what the game shows).
    #[arg(long, help_heading = crate::cli::MODEL)]
    pub geosets: Option<String>,
    /// Background colour RRGGBB.
    #[arg(long, default_value = "303030", help_heading = crate::cli::OUTPUT)]
    pub background: String,
    /// For `map:DIRECTORY`: draw the map's whole 64×64 tile grid scaled to --size (default
    /// 1024x1024), one cell per tile, x right and y down as in Map_x_y.adt, absent tiles in the
    /// background colour; each tile the client's minimap texture (md5translate.trs) where the
    /// game data has one, else drawn from its terrain. `--minimap=drawn` always draws them.
    #[arg(long, value_name = "SOURCE", num_args = 0..=1, default_missing_value = "auto", help_heading = crate::cli::OUTPUT)]
    pub minimap: Option<MinimapArg>,
    /// For `map:DIRECTORY` without --minimap: the tiles drawn, `X1_Y1..X2_Y2` (default: all), from
    /// the map camera unless --camera says otherwise.
    #[arg(long, value_name = "X1_Y1..X2_Y2", help_heading = crate::cli::WORLD)]
    pub tiles: Option<String>,
    /// Transparent background (alpha 0 where nothing is drawn) instead of --background.
    #[arg(long, help_heading = crate::cli::OUTPUT)]
    pub transparent: bool,
    /// Warcraft III team colour: a player 0–23 (0 red, 1 blue, 2 teal…), whose
    /// `ReplaceableTextures\TeamColor\TeamColorNN.blp` and `TeamGlowNN.blp` are
    /// drawn when `--data` holds them, or any colour RRGGBB.
    #[arg(long, default_value = "0", help_heading = crate::cli::MODEL)]
    pub team_color: String,
    /// Turntable: one full turn while the sequence plays, to an animated `.gif`, an animated
    /// PNG `.apng` (keeps --transparent's alpha), or to numbered PNGs `<out>_0000.png`... when
    /// OUTPUT ends in `.png`.
    #[arg(long, help_heading = crate::cli::OUTPUT)]
    pub turntable: bool,
    /// Turntable frames (one full turn; default 48), or a video's frames (default: --duration
    /// × --fps).
    #[arg(long, help_heading = crate::cli::OUTPUT)]
    pub frames: Option<u32>,
    /// Turntable or video frames per second (animation time advances 1000/FPS ms a frame).
    #[arg(long, default_value_t = 24.0, help_heading = crate::cli::OUTPUT)]
    pub fps: f32,
    /// Play variations: when the sequence ends, pick another variation of its
    /// animation by frequency, as the game does (reproducible).
    #[arg(long, help_heading = crate::cli::CAMERA_TIME)]
    pub variations: bool,
    /// Light the model with the preview light only, not with its own M2/MDX
    /// lights (which shine by default when it has any).
    #[arg(long, help_heading = crate::cli::MODEL)]
    pub no_model_lights: bool,
    /// Draw N copies on a grid, each playing its own sequence from its own
    /// phase (deterministic), framed together.
    #[arg(long, value_name = "N", default_value_t = 1, help_heading = crate::cli::PERFORMANCE)]
    pub crowd: usize,
    /// Animate a crowd on the CPU and draw each copy with its own draw calls
    /// (the reference path) instead of sampling its tracks on the GPU and
    /// drawing every batch once for all copies (the default where the GPU
    /// runs compute shaders).
    #[arg(long, help_heading = crate::cli::PERFORMANCE)]
    pub cpu_animation: bool,
    /// Simulate particles on the GPU (compute pass, indirect draws) instead
    /// of with the deterministic CPU simulation (the reference, and the
    /// default here so images are reproducible); the window uses the GPU
    /// where it can.
    #[arg(long, help_heading = crate::cli::PERFORMANCE)]
    pub gpu_particles: bool,
    /// With --all: models rendered at once (default: one per CPU core).
    #[arg(long, value_name = "N", requires = "all", help_heading = crate::cli::PERFORMANCE)]
    pub jobs: Option<usize>,
    /// Dress the model as this CreatureDisplayInfo id: a creature skin (see `info`'s
    /// skins), or for a race model a character-race NPC (its customization, items and
    /// baked texture from CreatureDisplayInfoExtra).
    #[arg(long, help_heading = crate::cli::MODEL)]
    pub display_id: Option<u32>,
    /// Dress the creature with its K-th distinct skin (0 = the default).
    #[arg(long, help_heading = crate::cli::MODEL)]
    pub skin: Option<usize>,
    /// Hang a model on an attachment point: `HandRight=path/to/item.m2` (a name such as
    /// HandRight, HandLeft, Head, Shield, or an id). Repeatable.
    #[arg(long, value_name = "POINT=MODEL", help_heading = crate::cli::MODEL)]
    pub attach: Vec<String>,
    /// Seat the character on this model (a mount): at its MountMain attachment, playing
    /// the client's Mount sequence (animation 91) while the mount plays its own.
    #[arg(long, value_name = "MODEL", help_heading = crate::cli::MODEL)]
    pub mount: Option<PathBuf>,
    /// Character choices (race models).
    #[command(flatten)]
    pub character: CharacterArgs,
    /// A WMO's doodad set to place besides set 0 (which the client always shows); see `info`.
    #[arg(long, default_value_t = 0, help_heading = crate::cli::WORLD)]
    pub doodad_set: usize,
    /// Draw a WMO without its doodads (a map tile without its placed models and WMOs).
    #[arg(long, help_heading = crate::cli::WORLD)]
    pub no_doodads: bool,
    /// No WMO fog (`MFOG`), which is drawn where the camera is inside a WMO.
    #[arg(long, help_heading = crate::cli::WORLD)]
    pub no_fog: bool,
    /// A map tile with the tiles around it found beside it (its 3 × 3 neighbourhood) and, without
    /// `--no-doodads`, what they place but what the tile places under the same `uniqueId`.
    #[arg(long = "neighbors", alias = "neighbours", help_heading = crate::cli::WORLD)]
    pub neighbours: bool,
    /// A WMO's groups to draw, comma-separated indices (default: every group read); like --geosets.
    #[arg(long, conflicts_with = "geosets", help_heading = crate::cli::WORLD)]
    pub groups: Option<String>,
    /// Print a JSON line of render statistics (with --all: one per model, with its "file").
    #[arg(long, help_heading = crate::cli::OUTPUT)]
    pub stats: bool,
}

/// Parses `WxH`.
pub fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s.split_once('x').ok_or_else(|| format!("bad size {s:?}, expected WxH"))?;
    let w: u32 = w.parse().map_err(|_| format!("bad width in {s:?}"))?;
    let h: u32 = h.parse().map_err(|_| format!("bad height in {s:?}"))?;
    if !(1..=8192).contains(&w) || !(1..=8192).contains(&h) {
        return Err(format!("size {s} outside 1..=8192"));
    }
    Ok((w, h))
}

/// Parses `--team-color`: a player number 0–23 (its colour, see
/// [`m2view_render::texture::PLAYERS`]) or `RRGGBB`.
pub fn parse_team_color(s: &str) -> Result<[u8; 3], String> {
    if s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()) {
        let n: usize = s.parse().map_err(|_| format!("bad player {s:?}"))?;
        return m2view_render::texture::PLAYERS
            .get(n)
            .map(|p| p.1)
            .ok_or_else(|| format!("no player {n}: players are 0 to 23"));
    }
    parse_rgb8(s)
}

/// Parses `RRGGBB` into RGBA 0..1.
pub fn parse_color(s: &str) -> Result<[f64; 4], String> {
    let [r, g, b] = parse_rgb8(s)?.map(|c| c as f64 / 255.0);
    Ok([r, g, b, 1.0])
}

/// Opens the model `a` names: its path, else the race model of
/// `--race`/`--gender` or the outfit, else the model of an NPC `--display-id`.
fn open_for(a: &RenderArgs, opts: &OpenOptions) -> Result<Opened, AppError> {
    let path = match (&a.file, a.character.model_path(opts)?, a.display_id) {
        (Some(f), _, _) => f.clone(),
        (None, Some(p), _) => p,
        (None, None, Some(d)) => m2view_app::character::npc_model(opts, d)?,
        (None, None, None) => {
            return Err(AppError::Failure(
                "give a model file (or --race and --gender, --outfit or --display-id)".into(),
            ));
        }
    };
    Opened::open(&path, opts).map_err(AppError::input)
}

/// Parses `--geosets`.
fn parse_geosets(list: &str) -> Result<BTreeSet<u16>, AppError> {
    list.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.trim().parse::<u16>().map_err(|_| AppError::Failure(format!("bad geoset id {s:?}"))))
        .collect()
}

/// Dresses `o` as `a` asks: an NPC display or creature skin, the character
/// options. Then its look: geosets (unless `--geosets`), body texture and
/// item models (printing what is missing). Returns `(geosets, body, items)`.
fn dress(a: &RenderArgs, o: &mut Opened, opts: &OpenOptions) -> Result<Dressed, AppError> {
    let npc = match a.display_id {
        Some(id) => m2view_app::character::dress_as_npc(o, id)?,
        None => false,
    };
    if let Some(id) = a.display_id.filter(|_| !npc) {
        let k = o.dressing.creature.skins.iter().position(|s| s.displays.contains(&id));
        let k = k.ok_or_else(|| {
            AppError::Failure(format!("no skin of this model has display id {id} (see `m2view info`)"))
        })?;
        o.apply_skin(k);
    } else if let Some(k) = a.skin
        && !o.apply_skin(k)
    {
        return Err(AppError::Failure(format!(
            "skin {k} out of range (model has {})",
            o.dressing.creature.skins.len()
        )));
    }
    a.character.apply(o)?;
    let explicit = a.geosets.as_deref().or(a.groups.as_deref()).map(parse_geosets).transpose()?;
    let Some(p) = m2view_app::character::parts(&mut o.lm, &o.dressing, opts) else {
        return Ok(Dressed { geosets: explicit.or_else(|| o.skin_geosets(a.lod)), body: None, items: Vec::new() });
    };
    o.lm.model.warnings.extend(p.warnings);
    let mut items: Vec<Placed> = p.items.into_iter().map(|i| Placed::on(i.attachment, i.lm)).collect();
    // Skinned models follow the character's bones and wear its composed textures.
    items.extend(p.skinned.into_iter().map(|k| Placed {
        geosets: k.geosets,
        body: p.body.clone().map(|b| b as Arc<dyn Body>),
        skeleton: Some(k.skeleton),
        ..Placed::on(0, k.lm)
    }));
    Ok(Dressed { geosets: Some(explicit.unwrap_or(p.geosets)), body: p.body, items })
}

/// What dressing gave the model drawn.
struct Dressed {
    geosets: Option<BTreeSet<u16>>,
    body: Option<Arc<BodyTexture>>,
    items: Vec<Placed>,
}

/// A model to draw and the request `a` asks for it, with the composed body
/// texture shown (the model's, or its rider's on a `--mount`) for `--stats`.
struct Request {
    lm: LoadedModel,
    req: RenderRequest,
    body: Option<BodyStats>,
}

impl Request {
    /// The `--stats` JSON line of `stats`, drawn of this request (of the
    /// model `file`, with `--all`).
    fn stats(&self, stats: &Stats, file: Option<&str>) -> String {
        #[derive(serde::Serialize)]
        struct Line<'a> {
            #[serde(flatten)]
            stats: &'a Stats,
            /// The composed body texture of a character, or of the rider on a `--mount`.
            #[serde(skip_serializing_if = "Option::is_none")]
            body_texture: Option<&'a BodyStats>,
            #[serde(skip_serializing_if = "Option::is_none")]
            file: Option<&'a str>,
        }
        let line = Line { stats, body_texture: self.body.as_ref(), file };
        serde_json::to_string(&line).unwrap_or_default()
    }
}

/// The model to draw and the request `a` asks for it (loading the `.anim`
/// of the sequences drawn). With `--mount`, the model drawn is the mount
/// and the character rides it. Errors: [`AppError`] (bad input files, or
/// bad arguments).
fn request_for(a: &RenderArgs, mut o: Opened, opts: &OpenOptions) -> Result<Request, AppError> {
    let usage = AppError::Failure;
    let default_size = if a.all { "256x256" } else { "512x512" };
    let (width, height) = parse_size(a.size.as_deref().unwrap_or(default_size)).map_err(usage)?;
    let mut background = parse_color(&a.background).map_err(usage)?;
    if a.transparent {
        background[3] = 0.0;
    }
    let team_color = parse_team_color(&a.team_color).map_err(usage)?;
    let dressed = dress(a, &mut o, opts)?;
    let mut attachments = dressed.items;
    for spec in &a.attach {
        attachments.push(attach_spec(spec, &o.lm, opts)?);
    }
    if let Some(wmo) = o.lm.wmo.clone() {
        attachments.extend(doodads(a, &mut o.lm, &wmo, opts)?);
    }
    let (sky, warnings) = m2view_app::world::load_skybox(&o.lm, opts);
    o.lm.model.warnings.extend(warnings);
    if a.neighbours {
        let (tiles, warnings) = m2view_app::world::neighbour_tiles(&o.lm, opts, !a.no_doodads);
        o.lm.model.warnings.extend(warnings);
        attachments.extend(tiles.into_iter().map(m2view_scene::Placement::into_placed));
    }
    if let Some(adt) = o.lm.adt.clone().filter(|_| !a.no_doodads) {
        let (models, wmos, warnings) = m2view_app::world::load_tile_placements(&o.lm, &adt, opts);
        o.lm.model.warnings.extend(warnings);
        attachments.extend(models.into_iter().map(m2view_scene::Placement::into_placed));
        for w in wmos {
            let parent = attachments.len();
            attachments.push(w.placed.into_placed());
            let doodads = w.doodads.into_iter().map(m2view_scene::Placement::into_placed);
            attachments.extend(doodads.map(|d| Placed { parent: Some(parent), ..d }));
        }
    }
    let mut host = o.lm;
    let (mut geosets, mut body, mut rider_body) = (dressed.geosets, dressed.body, None);
    if let Some(mount) = &a.mount {
        let mut rider = host;
        if let Some(s) = rider.model.find_sequence(MOUNT_ANIMATION) {
            rider.load_anim(s).map_err(AppError::input)?;
        }
        for w in &rider.model.warnings {
            eprintln!("warning: {w}");
        }
        host = open_mount(mount, opts)?;
        // The rider on the mount's attachment 0; what was placed on the rider stays on it.
        let children = std::mem::take(&mut attachments);
        let sequence = rider.model.find_sequence(MOUNT_ANIMATION);
        let geosets = geosets.take().unwrap_or_else(|| rider.model.default_geosets(0));
        rider_body = body.take();
        let rider_drawn = rider_body.clone().map(|b| b as Arc<dyn Body>);
        attachments = vec![Placed { geosets, body: rider_drawn, ..Placed::on(0, Arc::new(rider)).playing(sequence) }];
        attachments.extend(children.into_iter().map(|c| Placed { parent: Some(c.parent.map_or(0, |k| k + 1)), ..c }));
    }
    let sequence = match (a.anim_id, a.sequence) {
        (Some(id), _) => Some(
            host.model
                .find_sequence(id)
                .ok_or_else(|| AppError::Failure(format!("no sequence with animation id {id}")))?,
        ),
        (None, s) => s.map(SequenceId),
    };
    // Keys of the shown sequence that live in its `.anim` file.
    let shown = sequence.unwrap_or_else(|| Player::new(&host.model).sequence);
    host.load_anim(shown).map_err(AppError::input)?;
    let shown_geosets = geosets.clone().unwrap_or_else(|| host.model.default_geosets(a.lod));
    let camera = match a.camera.as_deref() {
        Some("auto") => None,
        Some(spec) => Some(spec.parse().map_err(AppError::failure)?),
        None if a.all => None,
        None if a.crowd > 1 => Some(CameraSpec::Preset(Preset::Iso)),
        None if a.file.as_deref().and_then(m2view_app::maps::map_of).is_some() => Some(CameraSpec::Map),
        None => Some(CameraSpec::Preset(Preset::Front)),
    };
    let camera = camera
        .unwrap_or_else(|| CameraSpec::Preset(m2view_app::thumbnail::largest_face(&host.model, a.lod, &shown_geosets)));
    let time_ms = match a.time.as_deref() {
        Some("auto") => None,
        Some(t) => Some(t.parse::<f32>().map_err(|_| usage(format!("bad --time {t:?}: milliseconds or auto")))?),
        None if a.all => None,
        None => Some(0.0),
    };
    let time_ms =
        time_ms.unwrap_or_else(|| m2view_app::thumbnail::visible_time(&host.model, sequence, a.lod, &shown_geosets));
    let spawn_models = spawned_models(&mut host, shown, time_ms, opts);
    let request = RenderRequest {
        width,
        height,
        sequence,
        time_ms,
        camera,
        lod: a.lod,
        geosets,
        background,
        team_color,
        variations: a.variations,
        model_lights: !a.no_model_lights,
        crowd: a.crowd.clamp(1, 10_000),
        cpu_animation: a.cpu_animation,
        gpu_particles: a.gpu_particles,
        attachments,
        body: body.clone().map(|b| b as Arc<dyn Body>),
        spawn_models,
        fog: !a.no_fog,
        sky,
    };
    let body = body.or(rider_body).map(|b| b.stats());
    Ok(Request { lm: host, req: request, body })
}

/// The models `host`'s emitters spawn, by source, opened beside it (the
/// scene simulates where they are); what does not load, and a
/// simulation at `time_ms` of `sequence` that spawns more than the most
/// drawn, join the host's warnings.
fn spawned_models(
    host: &mut LoadedModel,
    sequence: SequenceId,
    time_ms: f32,
    opts: &OpenOptions,
) -> Vec<Option<Arc<LoadedModel>>> {
    if !m2view_scene::spawned::spawns_models(&host.model) {
        return Vec::new();
    }
    let (models, warnings) = m2view_app::spawned::load(host, opts);
    host.model.warnings.extend(warnings);
    if m2view_scene::spawned::simulate(&host.model, sequence, time_ms).1 {
        let most = m2view_scene::spawned::MAX_SPAWNED;
        host.model.warnings.push(format!("emitters spawn more than {most} models at once: the rest are not drawn"));
    }
    models
}

/// The doodads `--doodad-set` places in the WMO `lm` (none with
/// `--no-doodads`); what does not load joins its warnings.
fn doodads(
    a: &RenderArgs,
    lm: &mut LoadedModel,
    wmo: &m2view_format::wmo::Wmo,
    opts: &OpenOptions,
) -> Result<Vec<Placed>, AppError> {
    if a.no_doodads {
        return Ok(Vec::new());
    }
    if a.doodad_set > 0 && a.doodad_set >= wmo.doodad_sets.len() {
        let sets: Vec<String> = wmo.doodad_sets.iter().enumerate().map(|(i, s)| format!("{i} {}", s.name)).collect();
        return Err(AppError::Failure(format!("no doodad set {}; the WMO has: {}", a.doodad_set, sets.join(", "))));
    }
    let (placed, warnings) = m2view_app::world::load_doodads(lm, wmo, a.doodad_set, opts);
    lm.model.warnings.extend(warnings);
    Ok(placed.into_iter().map(m2view_scene::Placement::into_placed).collect())
}

/// `--attach POINT=MODEL` on `host`.
fn attach_spec(spec: &str, host: &LoadedModel, opts: &OpenOptions) -> Result<Placed, AppError> {
    let (point, file) = spec
        .split_once('=')
        .ok_or_else(|| AppError::Failure(format!("bad --attach {spec:?}, expected POINT=MODEL")))?;
    let id = m2view_format::attachment_id_for_name(point.trim()).ok_or_else(|| {
        AppError::Failure(format!("unknown attachment point {point:?} (e.g. HandRight, HandLeft, Head)"))
    })?;
    if !host.model.attachments.iter().any(|x| x.id == id) {
        let name = m2view_format::attachment_name(id).unwrap_or("?");
        return Err(AppError::Failure(format!("the model has no attachment point {id} ({name}); see `m2view info`")));
    }
    let item = Opened::open(std::path::Path::new(file.trim()), opts).map_err(AppError::input)?;
    Ok(Placed::on(id, Arc::new(item.lm)))
}

/// Runs the command. Errors: [`AppError`] (bad input files, or anything else).
/// Where `--minimap` takes a map's cells from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MinimapArg {
    /// The client's minimap textures where they exist, else drawn.
    Auto,
    /// Drawn from the tiles' terrain: texture layers, shading, liquids.
    Drawn,
}

/// `render map:X --minimap`: the map's minimap as a PNG ([`m2view_app::minimap`]).
fn run_minimap(a: &RenderArgs, dir: &str, output: &std::path::Path, opts: &OpenOptions) -> Result<(), AppError> {
    let source = a.minimap.unwrap_or(MinimapArg::Auto);
    let (w, h) = parse_size(a.size.as_deref().unwrap_or("1024x1024")).map_err(AppError::Failure)?;
    let [r, g, b] = parse_rgb8(&a.background).map_err(AppError::Failure)?;
    let bg = [r, g, b, if a.transparent { 0 } else { 255 }];
    let map = m2view_app::maps::open(dir, opts)?;
    let source = match source {
        MinimapArg::Auto => m2view_app::minimap::Source::Auto,
        MinimapArg::Drawn => m2view_app::minimap::Source::Drawn,
    };
    let m = m2view_app::minimap::render(&map, w, h, source, bg)?;
    for w in &m.warnings {
        eprintln!("warning: {w}");
    }
    eprintln!("{} tiles: {} from the client's minimap textures, {} drawn", map.wdt.tiles.len(), m.from_client, m.drawn);
    image::save_buffer(output, &m.image.pixels, m.image.width, m.image.height, image::ExtendedColorType::Rgba8)
        .map_err(|e| AppError::Failure(format!("{}: {e}", output.display())))
}

/// Runs `m2view render` (see [`RenderArgs`]).
pub fn run(a: &RenderArgs, opts: &OpenOptions) -> Result<(), AppError> {
    if let Some(video) = &a.video {
        return run_video(a, video, opts);
    }
    let output = a.output.as_deref().ok_or_else(|| AppError::Input("give -o OUTPUT or --video FILE".into()))?;
    if let Some(dir) = a.file.as_deref().and_then(m2view_app::maps::map_of).filter(|_| a.minimap.is_some()) {
        return run_minimap(a, dir, output, opts);
    }
    if a.all {
        return run_all(a, output, opts);
    }
    if a.turntable {
        return run_turntable(a, output, opts);
    }
    // A texture: its PNG (level 0, or the preview that fits --size).
    if let Some(file) = a.file.as_deref().filter(|f| crate::texture_cmd::is_texture(f, opts)) {
        let bytes = m2view_app::open::read(file, opts)?;
        let png = texture_png(&file.to_string_lossy(), &bytes, a.size.as_deref()).map_err(AppError::Input)?;
        return std::fs::write(output, png).map_err(|e| AppError::Failure(format!("{}: {e}", output.display())));
    }
    let (r, _) = prepared(a, opts)?;
    for w in &r.lm.model.warnings {
        eprintln!("warning: {w}");
    }
    let gpu = Gpu::headless().map_err(AppError::failure)?;
    let renderer = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let (pixels, stats) = render_image(&gpu, &renderer, &r.lm, &r.req).map_err(AppError::failure)?;
    image::save_buffer(output, &pixels, r.req.width, r.req.height, image::ExtendedColorType::Rgba8)
        .map_err(|e| AppError::Failure(format!("{}: {e}", output.display())))?;
    if a.stats {
        println!("{}", r.stats(&stats, None));
    }
    Ok(())
}

/// The PNG of texture `bytes` (from `file`): level 0, or with `size`
/// (`WxH`) the preview that fits the larger of the two
/// (`texture_cmd::preview`). Errors: a bad size, or a texture that does
/// not decode.
fn texture_png(file: &str, bytes: &[u8], size: Option<&str>) -> Result<Vec<u8>, String> {
    let img = match size {
        Some(s) => {
            let (w, h) = parse_size(s)?;
            m2view_texture::file::preview(file, bytes, w.max(h)).map_err(|e| e.to_string())?
        }
        None => m2view_texture::file::decode_level(file, bytes, 0).map_err(|e| e.to_string())?,
    };
    crate::texture_cmd::png_bytes(&img, false)
}

/// `render --turntable`.
fn run_turntable(a: &RenderArgs, output: &std::path::Path, opts: &OpenOptions) -> Result<(), AppError> {
    let (r, _) = prepared(a, opts)?;
    let frames = a.frames.unwrap_or(48);
    let bar = indicatif::ProgressBar::new(frames as u64);
    write_turntable(&r.lm, &r.req, frames, a.fps, output, &|_| bar.inc(1)).map_err(AppError::failure)?;
    bar.finish_and_clear();
    Ok(())
}

/// `render --video FILE`: `--frames`, or `--duration` (default: the
/// sequence's length) × `--fps`, frames of the sequence playing from
/// `--time` through `--camera` (one full turn with `--turntable`),
/// encoded as AV1 into `FILE`, with a progress bar. Errors: a transparent
/// background (no alpha in these containers), an output that cannot be
/// written (checked before any frame is drawn), a render failure.
fn run_video(a: &RenderArgs, video: &std::path::Path, opts: &OpenOptions) -> Result<(), AppError> {
    if a.transparent {
        return Err(AppError::Input(format!(
            "{}: MP4 and WebM (AV1) carry no alpha here; for a transparent background write a turntable \
             to .apng (or .png frames)",
            video.display()
        )));
    }
    let (Request { lm, req, .. }, scene) = prepared(a, opts)?;
    let duration_ms = a.duration.unwrap_or_else(|| {
        if let Some(scene) = &scene {
            return scene.duration_ms();
        }
        let shown = req.sequence.unwrap_or_else(|| Player::new(&lm.model).sequence);
        match lm.model.sequences.get(shown.index()).map_or(0, |s| s.duration_ms) {
            0 => 4000.0,
            d => d as f32,
        }
    });
    if !duration_ms.is_finite() || duration_ms <= 0.0 {
        return Err(AppError::Input(format!("--duration {duration_ms}: give a positive length in ms")));
    }
    let frames = a.frames.unwrap_or_else(|| (duration_ms * a.fps / 1000.0).round().max(1.0) as u32);
    let mut writer = m2view_video::VideoWriter::create(video, req.width, req.height, a.fps).map_err(AppError::input)?;
    let bar = indicatif::ProgressBar::new(frames as u64);
    let camera = |k: u32, t: f32| match &scene {
        _ if a.turntable => turn(k, frames),
        Some(scene) => scene.camera(t, req.camera),
        None => req.camera,
    };
    render_frames(&lm, &req, frames, a.fps, &camera, &mut |_, img| {
        bar.inc(1);
        writer.push(img.as_raw()).map_err(AppError::failure)
    })?;
    writer.finish().map_err(AppError::failure)?;
    bar.finish_and_clear();
    Ok(())
}

/// What `render` draws: the model of `FILE` (dressed, with what hangs on
/// it) or, with `--scene`, an empty root with the scene's models hung at
/// their placements (its camera path's view at `--time`), and the scene.
fn prepared(a: &RenderArgs, opts: &OpenOptions) -> Result<(Request, Option<m2view_app::scene::Scene>), AppError> {
    let scene = match (&a.scene, a.file.as_deref().and_then(m2view_app::maps::map_of)) {
        (Some(path), _) => m2view_app::scene::Scene::open(path, opts)?,
        (None, Some(dir)) => {
            // A whole map (or --tiles of it): its tiles as a scene.
            let map = m2view_app::maps::open(dir, opts)?;
            let tiles = match &a.tiles {
                Some(range) => map.tiles_in(range)?,
                None => map.wdt.tiles.clone(),
            };
            map.scene(&tiles, true, opts, &|_| {})?
        }
        (None, None) => return Ok((request_for(a, open_for(a, opts)?, opts)?, None)),
    };
    let (root, hung) = scene.render_parts();
    let mut r = request_for(a, Opened::dress(root, opts), opts)?;
    let base = r.req.attachments.len();
    r.req.attachments.extend(hung.into_iter().map(|p| Placed { parent: p.parent.map(|k| k + base), ..p }));
    r.req.camera = scene.camera(r.req.time_ms, r.req.camera);
    Ok((r, Some(scene)))
}

/// `render --all GLOB -o DIR`: every matching model of the `--data` sources
/// to `DIR/<virtual path>.png` on all cores (one device shared), with
/// progress, going on past broken files; ends with `N rendered, M failed`
/// and each failure. Exit code 2 when any failed.
fn run_all(a: &RenderArgs, output: &std::path::Path, opts: &OpenOptions) -> Result<(), AppError> {
    use rayon::prelude::*;
    let vfs = opts
        .load
        .data
        .as_ref()
        .ok_or(AppError::Failure("--all renders the models of --data sources: give --data SRC".into()))?;
    let file = a.file.as_ref().ok_or(AppError::Failure("--all needs a glob over the models of --data".into()))?;
    let glob = file.to_string_lossy();
    let models: Vec<String> = crate::data_cmd::matching(vfs, Some(&glob))
        .map_err(AppError::Failure)?
        .into_iter()
        .map(|(e, _)| e.path)
        .filter(|p| m2view_format::is_model_name(p) || m2view_texture::file::is_texture_name(p))
        .collect();
    // Textures need no GPU: a device only for models.
    let gpu = match models.iter().any(|p| m2view_format::is_model_name(p)) {
        true => Some(Gpu::headless().map_err(AppError::failure)?),
        false => None,
    };
    let renderer = gpu.as_ref().map(|g| Renderer::new(&g.device, &g.queue, OFFSCREEN_FORMAT));
    let bar = indicatif::ProgressBar::new(models.len() as u64);
    let preview_size = a.size.clone().unwrap_or_else(|| "256x256".into());
    let one = |vpath: &String| -> Result<(), String> {
        let out = output.join(format!("{vpath}.png"));
        if let Some(dir) = out.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        if !m2view_format::is_model_name(vpath) {
            // A texture: its preview.
            let (bytes, _) = vfs.read_file(vpath).map_err(|e| e.to_string())?.ok_or("vanished from its source")?;
            let png = texture_png(vpath, &bytes, Some(&preview_size))?;
            return std::fs::write(&out, png).map_err(|e| format!("{}: {e}", out.display()));
        }
        let (Some(gpu), Some(renderer)) = (&gpu, &renderer) else { return Err("no GPU device".into()) };
        let o = Opened::open(std::path::Path::new(vpath), opts).map_err(|e| e.to_string())?;
        let r = request_for(a, o, opts).map_err(|e| e.to_string())?;
        let (pixels, stats) = render_image(gpu, renderer, &r.lm, &r.req).map_err(|e| e.to_string())?;
        if a.stats {
            let line = r.stats(&stats, Some(vpath));
            bar.suspend(|| println!("{line}"));
        }
        image::save_buffer(&out, &pixels, r.req.width, r.req.height, image::ExtendedColorType::Rgba8)
            .map_err(|e| format!("{}: {e}", out.display()))
    };
    // --jobs N: a pool of N threads (rayon's global pool has one per core).
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs.unwrap_or(0))
        .build()
        .map_err(|e| AppError::Failure(format!("--jobs: {e}")))?;
    let failures: Vec<(String, String)> = pool.install(|| {
        models
            .par_iter()
            .filter_map(|m| {
                // A panic on one model (a bug, or a dependency on hostile bytes) fails that model only.
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| one(m)))
                    .unwrap_or_else(|_| Err("m2view failed on this model (a panic; please report it)".into()));
                bar.inc(1);
                r.err().map(|e| (m.clone(), e))
            })
            .collect()
    });
    bar.finish_and_clear();
    for (m, e) in &failures {
        eprintln!("failed: {m}: {e}");
    }
    eprintln!("{} rendered, {} failed", models.len() - failures.len(), failures.len());
    if failures.is_empty() {
        Ok(())
    } else {
        Err(AppError::Input(format!("{} of {} models failed", failures.len(), models.len())))
    }
}
