//! UI state, apart from anything on the GPU: the open model's playback and
//! display choices, the orbit camera, loading and errors, recent files.

use std::collections::BTreeSet;
use std::path::PathBuf;

use glam::{Mat4, Vec3};
use m2view_anim::ModelInstance;
use m2view_dress::Dressing;
use m2view_format::LoadedModel;
use m2view_render::camera::{Camera, Preset};

use crate::character::{BodyTexture, Parts};
use crate::open::{OpenOptions, Opened};
use m2view_scene::Placed;

use super::loader::Pending;

/// An orbit camera around a target (Z-up; yaw 0 looks from +X, the model's front).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Orbit {
    /// Point looked at.
    pub target: Vec3,
    /// Angle around Z, radians.
    pub yaw: f32,
    /// Elevation, radians.
    pub pitch: f32,
    /// Distance from the target.
    pub distance: f32,
    /// Vertical field of view, radians.
    pub fov_y: f32,
}

impl Orbit {
    /// Frames `bounds` looking from direction `dir` (target → eye, e.g. a preset's).
    pub fn framing(bounds: (Vec3, Vec3), dir: Vec3, aspect: f32) -> Orbit {
        let cam = Camera::framing(bounds.0, bounds.1, dir, aspect);
        let d = cam.eye - cam.target;
        Orbit {
            target: cam.target,
            yaw: d.y.atan2(d.x),
            pitch: (d.z / d.length()).clamp(-1.0, 1.0).asin(),
            distance: d.length(),
            fov_y: cam.fov_y,
        }
    }

    /// The direction from the target to the eye.
    pub fn direction(&self) -> Vec3 {
        Vec3::new(self.pitch.cos() * self.yaw.cos(), self.pitch.cos() * self.yaw.sin(), self.pitch.sin())
    }

    /// The camera.
    pub fn camera(&self) -> Camera {
        let dir = Vec3::new(self.pitch.cos() * self.yaw.cos(), self.pitch.cos() * self.yaw.sin(), self.pitch.sin());
        Camera {
            eye: self.target + dir * self.distance,
            target: self.target,
            up: Vec3::Z,
            fov_y: self.fov_y,
            near: self.distance * 0.01,
            far: self.distance * 100.0,
            ortho: None,
        }
    }

    /// Orbits by a drag of `(dx, dy)` points.
    pub fn rotate(&mut self, dx: f32, dy: f32) {
        self.yaw -= dx * 0.01;
        self.pitch = (self.pitch + dy * 0.01).clamp(-1.55, 1.55);
    }

    /// Pans by a drag of `(dx, dy)` points in a view of `height` points.
    pub fn pan(&mut self, dx: f32, dy: f32, height: f32) {
        let cam = self.camera();
        let fwd = (cam.target - cam.eye).normalize();
        let right = fwd.cross(Vec3::Z).normalize_or_zero();
        let up = right.cross(fwd);
        let scale = 2.0 * self.distance * (self.fov_y * 0.5).tan() / height.max(1.0);
        self.target += (-right * dx + up * dy) * scale;
    }

    /// Turns the view by a drag of `(dx, dy)` points around the eye (fly
    /// mode): the eye stays, the target moves.
    pub fn look(&mut self, dx: f32, dy: f32) {
        let eye = self.target + self.direction() * self.distance;
        self.yaw += dx * 0.005;
        self.pitch = (self.pitch + dy * 0.005).clamp(-1.55, 1.55);
        self.target = eye - self.direction() * self.distance;
    }

    /// Flies by `(forward, right, up)` in units of the orbit distance:
    /// forward and right in the horizontal plane of the view, up along Z.
    pub fn fly(&mut self, forward: f32, right: f32, up: f32) {
        let back = self.direction();
        let fwd = Vec3::new(-back.x, -back.y, 0.0).normalize_or_zero();
        let side = fwd.cross(Vec3::Z).normalize_or_zero();
        self.target += (fwd * forward + side * right + Vec3::Z * up) * self.distance;
    }

    /// Zooms by a wheel delta (positive = closer).
    pub fn zoom(&mut self, delta: f32) {
        self.zoom_at(delta, [0.0, 0.0], 1.0);
    }

    /// Zooms by wheel `delta` towards the point under the cursor, `at`
    /// points right of and below the centre of a view `height` points
    /// tall: that point (on the plane through the target facing the
    /// camera) stays under the cursor, as in modelling tools.
    pub fn zoom_at(&mut self, delta: f32, at: [f32; 2], height: f32) {
        let d = (self.distance * (1.0 - delta * 0.002).clamp(0.5, 1.5)).max(1e-3);
        let f = d / self.distance;
        let cam = self.camera();
        let fwd = (cam.target - cam.eye).normalize();
        let right = fwd.cross(Vec3::Z).normalize_or_zero();
        let up = right.cross(fwd);
        let scale = 2.0 * self.distance * (self.fov_y * 0.5).tan() / height.max(1.0);
        let under = self.target + (right * at[0] - up * at[1]) * scale;
        self.target += (under - self.target) * (1.0 - f);
        self.distance = d;
    }
}

/// Which camera the view uses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CameraMode {
    /// The user's orbit camera.
    Orbit,
    /// The model's own camera `n` (animated).
    Model(usize),
    /// The open scene's camera path, at the scene's clock.
    Scene,
}

/// The open model and how it is shown.
pub struct Current {
    /// The model.
    pub lm: LoadedModel,
    /// How it is dressed: creature skins, or a race model's character.
    pub dressing: Dressing,
    /// A character's composed body texture (its decoded layers).
    pub body: Option<std::sync::Arc<BodyTexture>>,
    /// The mount the character rides (`--mount`, the Character panel).
    pub mount: Option<Placed>,
    /// Playback, pose and emitters.
    pub instance: ModelInstance,
    /// LOD index.
    pub lod: usize,
    /// Geosets shown.
    pub geosets: BTreeSet<u16>,
    /// Warnings from loading and decoding.
    pub warnings: Vec<String>,
    /// Particle emitters switched off by the user.
    pub disabled_emitters: Vec<bool>,
    /// Texture previews decoded by the loader, uploaded to egui on first show.
    pub thumbnails: Vec<Option<m2view_format::blp::RgbaImage>>,
    /// The egui textures made from `thumbnails`.
    pub thumbnail_handles: Vec<Option<egui::TextureHandle>>,
    /// The bone picked in the Inspector: the timeline shows its keys (`None`: every bone's).
    pub selected_bone: Option<m2view_format::BoneId>,
    /// Models placed beside it: hung on its attachment points, worn on
    /// its skeleton, a WMO's doodads, a tile's placements, a scene's models.
    pub attached: Vec<Placed>,
    /// Crowd mode: copies of the model on a grid around it (`ViewOptions::crowd`).
    pub crowd: Option<m2view_scene::crowd::Crowd>,
    /// The models its emitters spawn, by source (`crate::spawned::load`).
    pub spawn_models: Vec<Option<std::sync::Arc<LoadedModel>>>,
    /// A WMO's skybox model (`MOSB`) and its animation.
    pub sky: Option<(std::sync::Arc<LoadedModel>, ModelInstance)>,
    /// An open scene file (`lm` is then its empty root and `attached` its
    /// placed models, in [`crate::scene::Scene::placed`]'s order) and its
    /// clock, ms (looping over its duration).
    pub scene: Option<(crate::scene::Scene, f32)>,
}

/// A turntable recording on a worker thread.
pub struct Recording {
    /// Frames done.
    pub done: std::sync::Arc<std::sync::atomic::AtomicU32>,
    /// Frames in all (tiles, for a map's export).
    pub frames: u32,
    /// What it does, for the progress bar (`recording`, `exporting`).
    pub doing: &'static str,
    /// What the status line says once it is done (`recorded`, `exported`).
    done_text: &'static str,
    rx: std::sync::mpsc::Receiver<Result<PathBuf, crate::AppError>>,
}

impl Current {
    /// A freshly opened model: Stand, LOD 0, the game's default geosets (a
    /// character's as its choices give them: `parts`).
    pub fn new(o: Opened, parts: Option<Parts>, warnings: Vec<String>) -> Current {
        let skin_geosets = o.skin_geosets(0);
        let Opened { lm, dressing } = o;
        let instance = ModelInstance::new(&lm.model, 1);
        let geosets = skin_geosets.unwrap_or_else(|| lm.model.default_geosets(0));
        let disabled_emitters = vec![false; lm.model.particles.len()];
        let mut c = Current {
            lm,
            dressing,
            body: None,
            mount: None,
            instance,
            lod: 0,
            geosets,
            warnings,
            disabled_emitters,
            thumbnails: Vec::new(),
            thumbnail_handles: Vec::new(),
            selected_bone: None,
            attached: Vec::new(),
            crowd: None,
            spawn_models: Vec::new(),
            sky: None,
            scene: None,
        };
        if let Some(p) = parts {
            c.take_parts(p);
        }
        c
    }

    /// Adds `warnings` to those shown, each once.
    pub fn warn(&mut self, warnings: Vec<String>) {
        for w in warnings {
            if !self.warnings.contains(&w) {
                self.warnings.push(w);
            }
        }
    }

    /// Places a WMO's doodads, a tile's models and WMOs, or the tiles
    /// around it (each its own animated copy).
    pub fn place_doodads(&mut self, doodads: Vec<m2view_scene::Placement>) {
        self.attached.extend(doodads.into_iter().map(m2view_scene::Placement::into_placed));
    }

    /// Opens `scene` on this (empty) root: its models placed, each playing
    /// its sequence from its start time on the scene's clock, from 0.
    pub fn play_scene(&mut self, scene: crate::scene::Scene) {
        self.place_doodads(scene.placed());
        self.scene = Some((scene, 0.0));
        self.restart_scene();
    }

    /// Puts the open scene's models where its file now says (after the
    /// Scene panel moved, turned or scaled one), each WMO's doodads and
    /// tile's placements with their model; their animation goes on.
    pub fn replace_scene(&mut self) {
        let Some((scene, _)) = &self.scene else { return };
        for (a, p) in self.attached.iter_mut().zip(scene.placed()) {
            a.placement = Some(p.world);
        }
    }

    /// The box of every placed model of the open scene as posed now.
    fn scene_bounds(&mut self) -> (Vec3, Vec3) {
        let mut b = (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN));
        for a in &mut self.attached {
            let Some(world) = a.placement else { continue };
            a.instance.pose(&a.lm.model, Mat4::IDENTITY);
            let own = m2view_render::camera::frame_bounds(&a.lm.model, 0, &a.instance.pose.bones, None);
            let (lo, hi) = m2view_render::camera::transform_box(world, own);
            b = (b.0.min(lo), b.1.max(hi));
        }
        if b.0.x > b.1.x { (Vec3::splat(-1.0), Vec3::ONE) } else { b }
    }

    /// Every model of the open scene back at the start of its sequence.
    fn restart_scene(&mut self) {
        let Some((scene, _)) = &self.scene else { return };
        for (a, (sequence, _)) in self.attached.iter_mut().zip(scene.clocks()) {
            a.instance = ModelInstance::new(&a.lm.model, 1);
            if let Some(s) = sequence {
                a.instance.player.sequence = s;
            }
        }
    }

    /// Shows a character's parts: its geosets, body texture and items (the
    /// items replace those of the previous choices; models the user hung stay).
    pub fn take_parts(&mut self, p: Parts) {
        self.geosets = p.geosets;
        self.body = p.body;
        self.attached.retain(|a| !a.worn);
        for item in p.items {
            self.attached.push(Placed { worn: true, ..Placed::on(item.attachment, item.lm) });
        }
        // Skinned models follow the character's bones and wear its composed textures.
        let body = self.body.clone().map(|b| b as std::sync::Arc<dyn m2view_scene::Body>);
        for k in p.skinned {
            let skeleton = Some(k.skeleton);
            let (geosets, body) = (k.geosets, body.clone());
            self.attached.push(Placed { worn: true, geosets, skeleton, body, ..Placed::on(0, k.lm) });
        }
        self.warn(p.warnings);
    }

    /// Re-dresses the character after a change of its choices: textures,
    /// geosets, body layers and items for `opts` (the window uploads them
    /// on `Command::UploadCharacter`).
    pub fn redress(&mut self, opts: &OpenOptions) {
        if let Some(p) = crate::character::parts(&mut self.lm, &self.dressing, opts) {
            self.take_parts(p);
        }
    }

    /// Seats the character on the model at `path` (`None`: dismounts); the
    /// character plays the client's Mount sequence, or Stand again.
    pub fn set_mount(&mut self, path: Option<&std::path::Path>, opts: &OpenOptions) -> Result<(), String> {
        let anim = match path {
            Some(p) => {
                let mut lm = crate::character::open_mount(p, opts).map_err(|e| e.to_string())?;
                lm.load_anim(ModelInstance::new(&lm.model, 1).player.sequence).map_err(|e| e.to_string())?;
                self.mount = Some(Placed::on(0, lm.into()));
                crate::character::MOUNT_ANIMATION
            }
            None => {
                self.mount = None;
                0
            }
        };
        if let Some(s) = self.lm.model.find_sequence(anim) {
            self.lm.load_anim(s).map_err(|e| e.to_string())?;
            self.instance.player.set_sequence(&self.lm.model, s);
        }
        Ok(())
    }

    /// Hangs the model at `path` (read like any model: `--data` first) on
    /// attachment `id`, replacing what hung there. Errors name the file.
    pub fn attach(&mut self, id: u32, path: &std::path::Path, opts: &OpenOptions) -> Result<(), String> {
        if !self.lm.model.attachments.iter().any(|a| a.id == id) {
            return Err(format!("the model has no attachment point {id}"));
        }
        let mut lm = Opened::open(path, opts).map_err(|e| e.to_string())?.lm;
        lm.load_anim(ModelInstance::new(&lm.model, 1).player.sequence).map_err(|e| e.to_string())?;
        self.attached.retain(|a| a.id != id);
        self.attached.push(Placed::on(id, lm.into()));
        Ok(())
    }

    /// Switches LOD, keeping geoset choices where ids exist.
    pub fn set_lod(&mut self, lod: usize) {
        self.lod = lod.min(self.lm.model.lods.len().saturating_sub(1));
    }

    /// Bounds of the current pose (for framing); `particles` is the box of
    /// the live particles (see `camera::frame_bounds`).
    pub fn bounds(&mut self, particles: Option<(Vec3, Vec3)>) -> (Vec3, Vec3) {
        if self.scene.is_some() {
            return self.scene_bounds();
        }
        self.instance.pose(&self.lm.model, Mat4::IDENTITY);
        let own = m2view_render::camera::frame_bounds(&self.lm.model, self.lod, &self.instance.pose.bones, particles);
        let Some(m) = &mut self.mount else { return own };
        // Mounted: the mount's box and the rider's, seated at its MountMain attachment.
        m.instance.pose(&m.lm.model, Mat4::IDENTITY);
        let host = m.instance.attachment(&m.lm.model, 0).unwrap_or(Mat4::IDENTITY);
        let (lo, hi) = m2view_render::camera::frame_bounds(&m.lm.model, 0, &m.instance.pose.bones, None);
        let (a, b) = (host.transform_point3(own.0), host.transform_point3(own.1));
        (lo.min(a.min(b)), hi.max(a.max(b)))
    }

    /// Advances the model (and what hangs on it, at the host's pace) by
    /// `dt_ms` of wall time, with the user's emitter switches applied.
    pub fn tick(&mut self, dt_ms: f32) {
        self.instance.particles.disabled.clone_from(&self.disabled_emitters);
        self.instance.tick(&self.lm.model, dt_ms);
        let p = &self.instance.player;
        let dt_item = if p.paused { 0.0 } else { dt_ms * p.speed };
        match &mut self.scene {
            // A scene: its clock loops over its duration; a model moves once its start is past.
            Some((scene, t)) => {
                let (duration, clocks) = (scene.duration_ms(), scene.clocks());
                let before = *t;
                *t += dt_item;
                for (a, (_, start)) in self.attached.iter_mut().zip(&clocks) {
                    let moving = (*t - start.max(before)).max(0.0);
                    a.instance.tick(&a.lm.model, moving);
                }
                if *t >= duration {
                    *t %= duration;
                    self.restart_scene();
                }
            }
            None => {
                for a in &mut self.attached {
                    a.instance.tick(&a.lm.model, dt_item);
                }
            }
        }
        if let Some(m) = &mut self.mount {
            m.instance.tick(&m.lm.model, dt_item);
        }
        if let Some((lm, inst)) = &mut self.sky {
            inst.tick(&lm.model, dt_item);
        }
        if let Some(crowd) = &mut self.crowd {
            use rayon::prelude::*;
            let model = &self.lm.model;
            crowd.instances.par_iter_mut().with_min_len(1024).for_each(|inst| inst.player.advance(model, dt_item));
        }
    }

    /// Keeps `n` copies in crowd mode (1: none), spaced by the model's size;
    /// the copies stand around the model, the first copy's place being its own.
    pub fn set_crowd(&mut self, n: usize) {
        let have = self.crowd.as_ref().map_or(1, |c| c.instances.len());
        if n == have {
            return;
        }
        self.crowd = (n > 1).then(|| {
            let (lo, hi) = self.bounds(None);
            m2view_scene::crowd::Crowd::new(&self.lm.model, n, (hi - lo).truncate().max_element().max(1e-3) * 1.2)
        });
    }
}

/// Display options.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewOptions {
    /// Background colour (0..1).
    pub background: [f32; 3],
    /// Screenshots get a transparent background.
    pub transparent_screenshot: bool,
    /// Debug overlays.
    pub overlays: m2view_render::overlays::Overlays,
    /// Light the model with its own lights too (on; no effect on models without lights).
    pub model_lights: bool,
    /// Crowd mode: this many copies on a grid (1: the model alone).
    pub crowd: usize,
    /// WMO fog (`MFOG`) where the eye is inside a WMO (on).
    pub fog: bool,
    /// Fly mode's speed: the orbit distance covered in two seconds times this (1).
    pub fly_speed: f32,
    /// Placed models farther than this are not drawn (model units;
    /// infinite: all; a map flown over starts at 1,200 yards).
    pub draw_distance: f32,
}

impl Default for ViewOptions {
    fn default() -> Self {
        ViewOptions {
            background: [0.17, 0.18, 0.2],
            transparent_screenshot: false,
            overlays: Default::default(),
            model_lights: true,
            crowd: 1,
            fog: true,
            fly_speed: 1.0,
            draw_distance: f32::INFINITY,
        }
    }
}

/// Everything the UI shows and edits.
pub struct AppState {
    /// The open model.
    pub current: Option<Current>,
    /// A load in progress.
    pub pending: Option<Pending>,
    /// The last error (file, structure, offset), shown in the status bar
    /// until dismissed or the next open or sequence succeeds; every error
    /// also stays in [`AppState::errors`].
    pub error: Option<String>,
    /// The errors of this run, oldest first (the last 200), for the
    /// Messages pane.
    pub errors: Vec<String>,
    /// Orbit camera.
    pub orbit: Orbit,
    /// Which camera is used.
    pub camera_mode: CameraMode,
    /// Fly mode: left drag looks around from the eye, W/A/S/D/Q/E move.
    pub fly: bool,
    /// The WMO doodad set shown besides set 0.
    pub doodad_set: usize,
    /// The open map tile's neighbours are shown (`show_neighbours`).
    pub neighbours: bool,
    /// Inside a WMO's interior group, draw only the groups its portals
    /// show (`m2view_scene::portals`); on by default.
    pub portal_culling: bool,
    /// The groups the last frame drew of the WMO's, when portal culling
    /// chose them (`None`: all; the eye is outdoors).
    pub culled_groups: Option<Vec<bool>>,
    /// Batches and triangles the last frame drew, of every model in the
    /// view (the status bar's and the LOD panel's counts).
    pub drawn: (usize, usize),
    /// The open model's texture slots the last frame drew with a
    /// placeholder (the status bar names them on hover).
    pub missing_textures: Vec<usize>,
    /// The WMO fog the last frame drew (`None`: the eye is in no WMO, or
    /// fog is off).
    pub fog: Option<m2view_render::Fog>,
    /// Display options.
    pub view: ViewOptions,
    /// Recently opened files, newest first, each with its data source.
    pub recent: Vec<crate::settings::RecentFile>,
    /// The data sources: `--data` and those added in the window (File >
    /// Game data…), remembered.
    pub sources: crate::sources::DataSources,
    /// A file to open once the indexing under way is done (a recent file
    /// whose source had to be added first).
    pub open_after_indexing: Option<PathBuf>,
    /// Whether the Game data window is shown.
    pub show_game_data: bool,
    /// m2view's own file dialog, when one is open (no desktop dialog here,
    /// or `M2VIEW_FILE_DIALOG=builtin`).
    pub file_dialog: Option<crate::file_dialog::FileDialog>,
    /// The game installs found on this machine (the "Game installs" menu;
    /// none in a browser).
    pub installs: Vec<m2view_data::installs::Install>,
    /// The path typed into the open field.
    pub path_field: String,
    /// Where models and tables are read (`--data`, `--data-root`, `--listfile`, `--dbc`).
    pub open_options: OpenOptions,
    /// Keep DXT textures compressed (the adapter supports BC).
    pub bc: bool,
    /// Show the keyboard-shortcut help.
    pub show_help: bool,
    /// Inspector filter text.
    pub filter: String,
    /// Sequence list filter text (the Animation panel).
    pub sequence_filter: String,
    /// Where the last screenshot went.
    pub last_screenshot: Option<String>,
    /// Paths typed for replaceable textures, by texture index.
    pub replace_fields: std::collections::BTreeMap<usize, String>,
    /// Warcraft III team colour (sRGB bytes) for team colour/glow slots.
    pub team_color: [u8; 3],
    /// Paths typed for attachment points, by attachment id.
    pub attach_fields: std::collections::BTreeMap<u32, String>,
    /// What the last export or recording did (shown under the buttons).
    pub export_status: Option<String>,
    /// The Export dialog's choices (its folder remembered).
    pub export: crate::exporting::ExportChoices,
    /// Whether the Export dialog is shown (File > Export…).
    pub show_export: bool,
    /// A batch export under way.
    pub batch: Option<crate::exporting::Batch>,
    /// The scene being put together from the models opened one by one
    /// ("Add to scene"), and where along +Y the next one stands.
    pub scene_draft: (crate::scene::SceneFile, f32),
    /// A turntable being recorded on a worker thread.
    pub recording: Option<Recording>,
    /// Where screenshots, exports and recordings go (default: the working folder).
    pub output_dir: PathBuf,
    /// The models of the data sources, once indexed.
    pub browser: Option<super::browser::Browser>,
    /// Whether the Browser pane is shown (View > Browser, or its tab's close button).
    pub show_browser: bool,
    /// A data source being indexed.
    pub indexing: Option<super::browser::Indexing>,
    /// What the last indexing said of its sources (a Blizzard CDN source
    /// opened offline names the build it used), for the Messages pane and
    /// the Game data window.
    pub source_notes: Vec<String>,
    /// The Game data window's Blizzard CDN pickers.
    #[cfg(not(target_arch = "wasm32"))]
    pub cdn_pick: crate::ui::CdnPick,
    /// Requests of this frame's UI, applied after it (see `command`).
    pub commands: Vec<super::command::Command>,
    /// The Character panel's fields.
    pub character_fields: super::ui::CharacterFields,
    /// Items by name for the Character panel's search.
    pub item_names: crate::item_names::ItemNames,
    /// Models [`AppState::open`] was asked for whose files must be fetched
    /// before they load: the web build takes them each frame, fetches the
    /// model and its companions, then calls [`AppState::load`]. `None`
    /// (natively): files are at hand and `open` loads at once.
    pub fetch_first: Option<Vec<PathBuf>>,
    /// The texture or table open in its tab beside the 3D view.
    pub document: Option<super::document::Document>,
    /// The docked layout of the panes.
    pub layout: super::ui::Layout,
    /// Whether the Messages pane is shown (the View menu).
    pub show_messages: bool,
    /// UI scale on top of the monitor's (see [`crate::settings::Settings`]).
    pub ui_scale: f32,
    /// Where settings and recent files are kept (`None`: nowhere; see
    /// [`crate::settings::config_dir`]).
    pub config_dir: Option<PathBuf>,
    /// The video encoder the front end gives (`None`: the Export dialog offers no video).
    pub video: Option<crate::exporting::VideoWriter>,
    /// The display to dress the model being loaded in (a table row's "open model").
    pub pending_display: Option<u32>,
    /// The map being flown over, its tiles streaming around the eye.
    pub streaming: Option<crate::streaming::Streamer>,
    /// How much of a map is kept around the eye (saved in the settings).
    pub stream_settings: crate::streaming::StreamSettings,
}

impl AppState {
    /// Shows doodad set `set` (with set 0) of the open WMO in place of the
    /// doodads shown; models that do not load become warnings.
    pub fn show_doodad_set(&mut self, set: usize) {
        let Some(c) = &mut self.current else { return };
        let Some(wmo) = c.lm.wmo.clone() else { return };
        let (placed, warnings) = crate::world::load_doodads(&c.lm, &wmo, set, &self.open_options);
        c.attached.retain(|a| a.placement.is_none());
        c.place_doodads(placed);
        c.warn(warnings);
        self.doodad_set = set;
        self.send(super::command::Command::UploadAttachments);
    }

    /// Shows (`on`) or hides the tiles around the open map tile found
    /// beside it and what they place (`crate::world::neighbour_tiles`: in
    /// world space as the tile is); those that do not open become warnings.
    /// The tile's own placements are placed again with them.
    pub fn show_neighbours(&mut self, on: bool) {
        let Some(c) = &mut self.current else { return };
        if c.lm.adt.is_none() {
            return;
        }
        c.attached.retain(|a| a.placement.is_none());
        let (mut placed, mut warnings) = crate::world::placed_in(&c.lm, 0, &self.open_options);
        if on {
            let (tiles, w) = crate::world::neighbour_tiles(&c.lm, &self.open_options, true);
            placed.extend(tiles);
            warnings.extend(w);
        }
        c.place_doodads(placed);
        c.warn(warnings);
        self.neighbours = on;
        self.send(super::command::Command::UploadAttachments);
    }

    /// A state with nothing open, its settings and recent files read from
    /// [`crate::settings::config_dir`] (a settings file or saved layout that
    /// does not read is reported in the messages and replaced by defaults).
    pub fn new(open_options: OpenOptions, bc: bool) -> AppState {
        AppState::with_config_dir(open_options, bc, crate::settings::config_dir())
    }

    /// As [`AppState::new`], with the settings of `config_dir` (`None`:
    /// none read or kept).
    pub fn with_config_dir(open_options: OpenOptions, bc: bool, config_dir: Option<PathBuf>) -> AppState {
        let (settings, settings_error) = crate::settings::Settings::load(config_dir.as_deref());
        let (layout, layout_error) = super::ui::Layout::restore(settings.layout.as_ref());
        let mut item_names = crate::item_names::ItemNames::default();
        let item_list_error = item_names.set_list(settings.item_list.clone()).err();
        let sources = crate::sources::DataSources {
            command_line: open_options.load.data.clone(),
            added: settings.sources.clone(),
        };

        AppState {
            current: None,
            pending: None,
            error: None,
            orbit: Orbit::framing((Vec3::splat(-1.0), Vec3::ONE), Preset::Iso.direction(), 1.5),
            camera_mode: CameraMode::Orbit,
            fly: false,
            doodad_set: 0,
            neighbours: false,
            portal_culling: true,
            culled_groups: None,
            missing_textures: Vec::new(),
            drawn: (0, 0),
            fog: None,
            view: ViewOptions::default(),
            recent: crate::settings::load_recent(config_dir.as_deref()),
            sources,
            open_after_indexing: None,
            show_game_data: false,
            file_dialog: None,
            installs: if cfg!(target_arch = "wasm32") { Vec::new() } else { m2view_data::installs::find() },
            path_field: String::new(),
            open_options,
            bc,
            show_help: false,
            filter: String::new(),
            sequence_filter: String::new(),
            last_screenshot: None,
            replace_fields: Default::default(),
            team_color: m2view_render::texture::DEFAULT_TEAM_COLOR,
            attach_fields: Default::default(),
            export_status: None,
            export: crate::exporting::ExportChoices {
                folder: settings.export_dir.clone().unwrap_or_else(|| PathBuf::from(".")),
                ..Default::default()
            },
            show_export: false,
            batch: None,
            scene_draft: Default::default(),
            recording: None,
            output_dir: PathBuf::from("."),
            indexing: None,
            source_notes: Vec::new(),
            #[cfg(not(target_arch = "wasm32"))]
            cdn_pick: Default::default(),
            // The first model arrives framed from the iso direction.
            commands: vec![super::command::Command::Frame(Preset::Iso.direction())],
            browser: None,
            show_browser: true,
            character_fields: Default::default(),
            item_names,
            video: None,
            fetch_first: None,
            document: None,
            pending_display: None,
            streaming: None,
            stream_settings: settings.stream,
            layout,
            show_messages: true,
            ui_scale: settings.ui_scale,
            config_dir,
            errors: settings_error
                .into_iter()
                .chain(layout_error)
                .chain(item_list_error.map(|e| e.to_string()))
                .collect(),
        }
        .index_sources()
    }

    /// Starts listing the data sources (`--data`, and those remembered) for
    /// the browser, if there are any.
    fn index_sources(mut self) -> AppState {
        if self.sources.command_line.is_some() || !self.sources.added.is_empty() {
            self.reindex();
        }
        self
    }

    /// Writes the UI scale and the layout to the settings folder.
    ///
    /// # Errors
    /// The settings file cannot be written (the message names it).
    pub fn save_settings(&self) -> Result<(), crate::AppError> {
        let Some(dir) = &self.config_dir else { return Ok(()) };
        let settings = crate::settings::Settings {
            ui_scale: self.ui_scale,
            layout: Some(self.layout.to_json()),
            sources: self.sources.added.clone(),
            export_dir: Some(self.export.folder.clone()),
            item_list: self.item_names.list_path.clone(),
            stream: self.stream_settings,
        };
        settings.save(dir)
    }

    /// Reads the item list at `path` (`None`: none) for the Character
    /// panel's search and remembers it; a list that does not read is
    /// the status bar's error (and still remembered, to be fixed).
    pub fn set_item_list(&mut self, path: Option<PathBuf>) {
        if let Err(e) = self.item_names.set_list(path) {
            self.error = Some(e.to_string());
        }
        if let Err(e) = self.save_settings() {
            self.errors.push(format!("settings not saved: {e}"));
        }
    }

    /// Keeps the error shown in the status bar in [`AppState::errors`]
    /// (once; the UI calls it every frame).
    pub fn log_error(&mut self) {
        if let Some(e) = &self.error
            && self.errors.last() != Some(e)
        {
            if self.errors.len() >= 200 {
                self.errors.remove(0);
            }
            self.errors.push(e.clone());
        }
    }

    /// How many messages the Messages pane lists: this run's errors and
    /// the open model's warnings.
    pub fn message_count(&self) -> usize {
        self.errors.len() + self.current.as_ref().map_or(0, |c| c.warnings.len())
    }

    /// Exports what the Export dialog's choices name to `out`: the open
    /// model ([`AppState::export`]), a PNG still of the view (after this
    /// frame) or a turntable; the folder is remembered.
    pub fn export_now(&mut self, out: PathBuf) {
        use crate::exporting::Kind;
        if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
            self.export.folder = dir.to_path_buf();
            if let Err(e) = self.save_settings() {
                self.errors.push(format!("settings not saved: {e}"));
            }
        }
        match self.export.kind {
            Kind::Model(_) => self.export(out),
            Kind::Still => self.send(super::command::Command::Screenshot(out)),
            Kind::Turntable { .. } => self.record_turntable(out),
            Kind::Video { .. } => self.record_video(out),
        }
    }

    /// Exports the open model as shown (LOD, geosets, skin, character and
    /// items; every sequence; an OBJ in the current pose) to `out`, in the
    /// format its extension names with the Export dialog's choices
    /// (`m2view_export::file`). In a browser, `.glb` and `.obj` only, as
    /// downloads.
    pub fn export(&mut self, out: PathBuf) {
        let Some(c) = &mut self.current else { return };
        let opts = m2view_export::ExportOptions {
            lod: c.lod,
            geosets: Some(c.geosets.clone()),
            textures: c.body.as_ref().map(|b| b.cpu_slots(&c.lm).into_iter().collect()).unwrap_or_default(),
            items: c
                .attached
                .iter()
                .map(|a| m2view_export::ExportItem { attachment: a.id, lm: a.lm.clone() })
                .collect(),
            animate_materials: self.export.animate_materials,
            ..Default::default()
        };
        for i in 0..c.lm.model.sequences.len() {
            let _ = c.lm.load_anim(m2view_format::SequenceId(i as u16));
        }
        c.instance.pose(&c.lm.model, Mat4::IDENTITY);
        // A browser downloads what it can hold in memory; the FBX and Warcraft III
        // writers stay out of its .wasm.
        #[cfg(target_arch = "wasm32")]
        let result = download(&c.lm, &c.instance.pose.bones, &opts, &out);
        #[cfg(not(target_arch = "wasm32"))]
        let result = {
            let how = self.export.writing(&out, c.instance.pose.bones.clone());
            m2view_export::file::write_model(&c.lm, &opts, &how, &out).map_err(|e| e.to_string()).map(|notes| {
                c.warn(notes);
                out.display().to_string()
            })
        };
        self.export_status = Some(match result {
            Ok(saved) => format!("exported {saved}"),
            Err(e) => format!("export failed: {e}"),
        });
    }

    /// Starts exporting every model the browser shows (its filter applied)
    /// in the dialog's model format into the dialog's folder, each under
    /// its own path, on a worker thread.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn export_batch(&mut self) {
        let (Some(b), crate::exporting::Kind::Model(format)) = (&self.browser, self.export.kind) else { return };
        if self.batch.is_some() {
            return;
        }
        let models: Vec<String> = b
            .shown
            .iter()
            .filter_map(|&i| b.models.get(i))
            .filter(|m| m.kind == crate::browser::EntryKind::Model)
            .map(|m| m.path.clone())
            .collect();
        let folder = self.export.folder.clone();
        self.batch = Some(crate::exporting::Batch::start(models, format, folder, self.open_options.clone()));
    }

    /// Takes a finished batch export; returns whether there was one running.
    pub fn poll_batch(&mut self) -> bool {
        let Some(b) = &self.batch else { return false };
        let Some(report) = b.poll() else { return true };
        self.batch = None;
        let cancelled = if report.cancelled { ", cancelled" } else { "" };
        self.export_status =
            Some(format!("batch: {} written, {} failed{cancelled}", report.written, report.failed.len()));
        self.errors.extend(report.failed);
        true
    }

    /// Adds the open model, playing its current sequence, to the scene
    /// being put together: at the origin for the first, each next one
    /// beside the last along +Y (a yard apart). A scene itself is not added.
    pub fn add_to_scene(&mut self) {
        let Some(c) = &mut self.current else { return };
        if c.scene.is_some() {
            self.export_status = Some("a scene is not added to a scene: open a model".into());
            return;
        }
        let (lo, hi) = c.bounds(None);
        let (draft, next_y) = &mut self.scene_draft;
        let y = if draft.models.is_empty() { 0.0 } else { *next_y - lo.y };
        *next_y = y + hi.y + 1.0;
        // A file on disk by its full path (the scene may be saved elsewhere); a virtual path as it is.
        let file = std::fs::canonicalize(&c.lm.path).unwrap_or_else(|_| c.lm.path.clone());
        draft.models.push(crate::scene::SceneModel {
            file,
            position: [0.0, y, 0.0],
            rotation: [0.0; 3],
            scale: 1.0,
            sequence: Some(c.instance.player.sequence.0),
            anim_id: None,
            start_ms: 0.0,
            doodad_set: 0,
        });
        self.export_status = Some(format!("added {} to the scene ({} models)", c.lm.model.name, draft.models.len()));
    }

    /// Writes the scene put together to `out` (JSON, `docs/scenes.md`) and
    /// opens it; the next "Add to scene" starts a new one.
    pub fn save_scene(&mut self, out: PathBuf) {
        let draft = std::mem::take(&mut self.scene_draft).0;
        let result =
            serde_json::to_vec_pretty(&draft).map_err(|e| e.to_string()).and_then(|b| crate::platform::save(&out, &b));
        self.export_status = Some(match result {
            Ok(saved) => format!("saved scene {saved}"),
            Err(e) => format!("scene not saved: {e}"),
        });
        if out.is_file() {
            self.open(out);
        }
    }

    /// Writes the open scene, as the Scene panel left it, over its file
    /// (JSON, `docs/scenes.md`; its models' paths as they were read, so
    /// still relative to the file's folder).
    pub fn save_open_scene(&mut self) {
        let Some((scene, _)) = self.current.as_ref().and_then(|c| c.scene.as_ref()) else { return };
        let result = serde_json::to_vec_pretty(&scene.file)
            .map_err(|e| e.to_string())
            .and_then(|b| crate::platform::save(&scene.path, &b));
        self.export_status = Some(match result {
            Ok(saved) => format!("saved scene {saved}"),
            Err(e) => format!("scene not saved: {e}"),
        });
    }

    /// Starts recording a turntable GIF of the open model (its sequence
    /// playing, 48 frames at 24 fps, 512×512) to `out` on a worker thread.
    pub fn record_turntable(&mut self, out: PathBuf) {
        let Some((lm, req)) = self.recording_request(512, 512) else { return };
        let frames = 48;
        self.record(out, frames, ["recording", "recorded"], move |path, progress| {
            Ok(m2view_scene::render::write_turntable(&lm, &req, frames, 24.0, path, progress)?)
        });
    }

    /// Records a video of the open model to `out` (`.mp4` or `.webm`) on a
    /// worker thread through [`AppState::video`]: [`crate::exporting::VIDEO_SIZE`]
    /// at 30 fps, the sequence shown for one loop from its start (4 s
    /// where it has no length; a minute at most), through the view's
    /// camera or, with `export.video_turntable`, turning once around the
    /// model. Nothing happens without an encoder.
    pub fn record_video(&mut self, out: PathBuf) {
        use crate::exporting::{VIDEO_FPS, VIDEO_MAX_FRAMES, VIDEO_SIZE};
        use m2view_render::camera::CameraSpec;
        let Some(video) = self.video else { return };
        let Some((lm, mut req)) = self.recording_request(VIDEO_SIZE[0], VIDEO_SIZE[1]) else { return };
        let length = self.current.as_ref().map_or(0, |c| c.instance.player.duration_ms(&c.lm.model));
        let length = if length > 0 { length as f32 } else { 4000.0 };
        let frames = ((length * VIDEO_FPS / 1000.0).round() as u32).clamp(1, VIDEO_MAX_FRAMES);
        req.time_ms = 0.0;
        let cam = self.orbit.camera();
        let view = CameraSpec::Look { eye: cam.eye, target: cam.target, fov_y: cam.fov_y.to_degrees() };
        let turntable = self.export.video_turntable;
        self.record(out, frames, ["recording", "recorded"], move |path, progress| {
            let camera = |k: u32, _: f32| if turntable { m2view_scene::render::turn(k, frames) } else { view };
            let mut sink = video(path, req.width, req.height, VIDEO_FPS)?;
            m2view_scene::render::render_frames::<crate::AppError>(
                &lm,
                &req,
                frames,
                VIDEO_FPS,
                &camera,
                &mut |k, img| {
                    progress(k + 1);
                    sink.push(img.as_raw())
                },
            )?;
            sink.finish()
        });
    }

    /// What a recording draws of the open model as shown, at `width × height`.
    fn recording_request(&self, width: u32, height: u32) -> Option<(LoadedModel, m2view_scene::render::RenderRequest)> {
        let c = self.current.as_ref()?;
        let [r, g, b] = self.view.background.map(f64::from);
        let req = m2view_scene::render::RenderRequest {
            sequence: Some(c.instance.player.sequence),
            lod: c.lod,
            geosets: Some(c.geosets.clone()),
            background: [r, g, b, 1.0],
            team_color: self.team_color,
            model_lights: self.view.model_lights,
            fog: self.view.fog,
            sky: c.sky.as_ref().map(|(lm, _)| lm.clone()),
            attachments: c.attached.clone(),
            body: c.body.clone().map(|b| b as std::sync::Arc<dyn m2view_scene::Body>),
            spawn_models: c.spawn_models.clone(),
            ..m2view_scene::render::RenderRequest::new(width, height, m2view_render::camera::CameraSpec::Yaw(0.0))
        };
        Some((c.lm.clone(), req))
    }

    /// Runs `write(out, progress)` on a worker thread as the recording of
    /// `frames` frames (one at a time; a second waits for the first);
    /// `[doing, done]` say what it is (`["recording", "recorded"]`).
    fn record(
        &mut self,
        out: PathBuf,
        frames: u32,
        [doing, done_text]: [&'static str; 2],
        write: impl FnOnce(&std::path::Path, &dyn Fn(u32)) -> Result<(), crate::AppError> + Send + 'static,
    ) {
        if self.recording.is_some() {
            return;
        }
        let done = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
        let (tx, rx) = std::sync::mpsc::channel();
        let counter = done.clone();
        crate::platform::spawn(move || {
            let progress = |k: u32| counter.store(k, std::sync::atomic::Ordering::Relaxed);
            let _ = tx.send(write(&out, &progress).map(|()| out));
        });
        self.recording = Some(Recording { done, frames, doing, done_text, rx });
    }

    /// Takes a finished recording; returns whether something changed.
    pub fn poll_recording(&mut self) -> bool {
        let Some(r) = &self.recording else { return false };
        let result = match r.rx.try_recv() {
            Ok(result) => result,
            Err(std::sync::mpsc::TryRecvError::Empty) => return false,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                Err(crate::AppError::Failure("its thread stopped".into()))
            }
        };
        self.export_status = Some(match result {
            Ok(p) => format!("{} {}", r.done_text, p.display()),
            Err(e) => format!("{} failed: {e}", r.doing),
        });
        self.recording = None;
        true
    }

    /// Opens `path`: loads it ([`AppState::load`]), or where files must be
    /// fetched first (`fetch_first`: the web build) queues it for that.
    pub fn open(&mut self, path: PathBuf) {
        self.path_field = path.display().to_string();
        match &mut self.fetch_first {
            Some(queue) => queue.push(path),
            None => self.load(path),
        }
    }

    /// Starts loading `path` off the UI thread (the current model stays on
    /// screen); a texture or table opens at once in its tab beside the 3D view.
    pub fn load(&mut self, path: PathBuf) {
        self.path_field = path.display().to_string();
        // A new action: the last one's error goes (this one's, if any, replaces it).
        self.error = None;
        if super::document::Document::is_document(&path) {
            match super::document::Document::open(&path, &self.open_options) {
                Ok(doc) => {
                    self.document = Some(doc);
                    self.error = None;
                    self.remember(path);
                }
                Err(e) => self.error = Some(e),
            }
            return;
        }
        self.pending = Some(Pending::start(path, self.open_options.clone(), self.bc, self.team_color));
    }

    /// Puts `path` first in the recent files (ten kept, saved) with the
    /// added source it was read from; the embedded demo's scratch copy is
    /// not remembered.
    fn remember(&mut self, path: PathBuf) {
        if crate::demo::is_scratch_copy(&path) {
            return;
        }
        let source = if path.exists() { None } else { self.source_of(&path) };
        self.recent.retain(|r| r.path != path);
        self.recent.insert(0, crate::settings::RecentFile { path, source });
        self.recent.truncate(10);
        if let Some(dir) = &self.config_dir
            && let Err(e) = crate::settings::save_recent(dir, &self.recent)
        {
            self.errors.push(format!("recent files not saved: {e}"));
        }
    }

    /// Opens recent file `r`: at once when it is on disk or its source is
    /// among the data sources, else after adding its source again.
    pub fn open_recent(&mut self, r: crate::settings::RecentFile) {
        match r.source {
            Some(src) if !self.sources.added.iter().any(|s| s.path == src) => {
                self.open_after_indexing = Some(r.path);
                self.add_data_source(src);
            }
            _ => self.open(r.path),
        }
    }

    /// Flies over map `directory` (as `map:X` names it) from tile `at`
    /// (`None`: the middle of its tiles): its tiles stream in around the
    /// eye ([`crate::streaming`]) over its distant terrain, in fly mode. A
    /// map that is one global WMO opens as that WMO.
    pub fn fly_over(&mut self, directory: &str, at: Option<[u8; 2]>) {
        self.error = None;
        let opts = self.open_options.clone();
        self.pending = Some(Pending::fly(directory.to_string(), at, opts, self.bc, self.team_color));
    }

    /// Exports map `directory`'s tiles `range` (`X1_Y1..X2_Y2`) as `m2view
    /// export map:X --tiles` does, on a worker thread with a progress bar
    /// over the tiles: into the Export dialog's folder, in its model format
    /// where that takes several models (`.glb`, `.gltf`, `.fbx`, `.obj`;
    /// else `.glb`), named `<map>_<X1>_<Y1>-<X2>_<Y2>`; `tiles` of the map
    /// are in the range (the progress bar's length). The status line says
    /// where, or why not. (A browser exports one model at a time.)
    pub fn export_map(&mut self, directory: &str, range: &str, tiles: u32) {
        #[cfg(target_arch = "wasm32")]
        {
            let _ = (directory, range, tiles);
            self.export_status = Some("a browser exports one model at a time".into());
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            use m2view_export::file::Format;
            let ext = match self.export.kind {
                crate::exporting::Kind::Model(f @ (Format::Glb | Format::Gltf | Format::Fbx | Format::Obj)) => {
                    f.extension()
                }
                _ => "glb",
            };
            let out = self.export.folder.join(format!("{directory}_{}.{ext}", range.replace("..", "-")));
            let (dir, range, opts) = (directory.to_string(), range.to_string(), self.open_options.clone());
            let animate = self.export.animate_materials;
            self.record(out, tiles, ["exporting", "exported"], move |path, progress| {
                let map = crate::maps::open(&dir, &opts)?;
                let scene = map.scene(&map.tiles_in(&range)?, false, &opts, &|n| progress(n as u32))?;
                crate::exporting::write_scene(&scene, path, animate, m2view_export::fbx::Textures::Embed).map(drop)
            });
        }
    }

    /// A frame's streaming of the map flown over ([`crate::streaming::Streamer::update`]
    /// with the eye of the orbit camera): the tiles kept are placed, and the
    /// distant terrain shows where none is.
    pub fn stream(&mut self) {
        let (Some(s), Some(c)) = (&mut self.streaming, &mut self.current) else { return };
        let mut warnings = Vec::new();
        if s.update(self.orbit.camera().eye, &mut c.attached, &mut warnings) {
            let kept: std::collections::HashSet<u16> =
                s.kept().map(|t| u16::from(t[1]) * 64 + u16::from(t[0])).collect();
            c.geosets = (c.lm.model.lods.iter().flat_map(|l| &l.submeshes))
                .map(|m| m.geoset_id)
                .filter(|id| !kept.contains(id))
                .collect();
            self.commands.push(super::command::Command::UploadAttachments);
        }
        c.warn(warnings);
    }

    /// Opens model `path` dressed in display `display` (a table row's model).
    pub fn open_model_in(&mut self, path: PathBuf, display: Option<u32>) {
        self.pending_display = display;
        self.open(path);
    }

    /// Plays sequence `id` of the open model, its `.anim` loaded first if its
    /// keys live there (a failure is shown).
    pub fn play(&mut self, id: m2view_format::SequenceId) {
        let Some(c) = &mut self.current else { return };
        self.error = c.lm.load_anim(id).err().map(|e| e.to_string());
        c.instance.player.set_sequence(&c.lm.model, id);
        // Loop unless the game plays it once (Death; Warcraft III's non-looping sequences).
        c.instance.player.looping = !c.lm.model.plays_once(id);
    }

    /// Reloads the current file (the texture or table shown, else the model).
    pub fn reload(&mut self) {
        let shown = match &self.document {
            Some(super::document::Document::Texture(t)) => Some(PathBuf::from(&t.name)),
            Some(super::document::Document::Table(t)) => Some(t.path.clone()),
            None => None,
        };
        if let Some(p) = shown {
            self.open(p);
        } else if let Some(c) = &self.current {
            let p = c.lm.path.clone();
            self.open(p);
        }
    }

    /// Takes a finished load: on success it replaces the model and returns its
    /// decoded textures for upload; on failure the error is shown and the
    /// previous model stays.
    pub fn poll_loading(&mut self) -> Option<Vec<Option<m2view_render::TextureData>>> {
        let result = self.pending.as_ref().and_then(Pending::poll)?;
        let (path, redress) = self.pending.take().map(|p| (p.path, p.redress)).unwrap_or_default();
        match result {
            Ok(l) => {
                let mut warnings = l.opened.lm.model.warnings.clone();
                warnings.extend(l.warnings);
                let character = l.parts.is_some();
                let mut current = Current::new(l.opened, l.parts, warnings);
                current.thumbnails = l.thumbnails;
                current.spawn_models = l.spawn_models;
                current.sky = l.sky.map(|lm| {
                    let instance = ModelInstance::new(&lm.model, 1);
                    (lm, instance)
                });
                if character {
                    self.send(super::command::Command::UploadCharacter);
                }
                (self.doodad_set, self.neighbours) = (0, false);
                self.streaming = None;
                let fly = l.fly.map(|f| {
                    let s = self.stream_settings;
                    let opts = self.open_options.clone();
                    (crate::streaming::Streamer::new(f.map, opts, s, self.bc, self.team_color), f.eye)
                });
                let scene_camera = l.scene.as_ref().is_some_and(|s| s.file.camera.is_some());
                if let Some(scene) = l.scene {
                    current.play_scene(scene);
                    self.send(super::command::Command::UploadAttachments);
                } else if !l.doodads.is_empty() {
                    current.place_doodads(l.doodads);
                    self.send(super::command::Command::UploadAttachments);
                }
                // A table row asked for this model in one of its displays.
                if let Some(display) = self.pending_display.take()
                    && let Some(k) = current.dressing.creature.skins.iter().position(|k| k.displays.contains(&display))
                {
                    current.dressing.creature.apply(&mut current.lm, k);
                    let lod = current.lod;
                    current.geosets = current
                        .dressing
                        .creature
                        .geosets(&current.lm, lod)
                        .unwrap_or_else(|| current.lm.model.default_geosets(lod));
                    self.send(super::command::Command::UploadSkin);
                }
                self.current = Some(current);
                // The new model arrives as its file dresses it: no field of the last one's stays.
                self.character_fields = Default::default();
                self.item_names.forget();
                self.error = None;
                if redress {
                    return Some(l.textures);
                }
                self.document = None;
                self.camera_mode = if scene_camera { CameraMode::Scene } else { CameraMode::Orbit };
                if let Some((streamer, eye)) = fly {
                    // Over the tile, looking down ahead of it; what is placed drawn to 1,200 yards.
                    self.orbit = Orbit { target: eye, yaw: 0.0, pitch: 0.35, distance: 80.0, ..self.orbit };
                    self.orbit.target = eye - self.orbit.direction() * 80.0;
                    (self.fly, self.view.fly_speed) = (true, self.view.fly_speed.max(4.0));
                    if !self.view.draw_distance.is_finite() {
                        self.view.draw_distance = 1200.0;
                    }
                    self.commands.retain(|c| !matches!(c, super::command::Command::Frame(_)));
                    // All of the distant terrain shows until tiles arrive.
                    if let Some(c) = &mut self.current {
                        c.geosets = c.lm.model.lods.iter().flat_map(|l| &l.submeshes).map(|m| m.geoset_id).collect();
                    }
                    self.streaming = Some(streamer);
                    self.stream();
                } else if !self.commands.iter().any(|c| matches!(c, super::command::Command::Frame(_))) {
                    self.send(super::command::Command::Frame(Preset::Iso.direction()));
                }
                self.remember(path);
                Some(l.textures)
            }
            Err(e) => {
                self.pending_display = None;
                // The field shows the model that is open, the message names the file that failed.
                self.path_field = self.current.as_ref().map(|c| c.lm.path.display().to_string()).unwrap_or_default();
                self.error = Some(e.to_string());
                None
            }
        }
    }
}

/// A `.glb` or `.obj` (with its `.mtl` and textures) saved through
/// [`crate::platform::save`]: downloads in a browser. Returns what was saved.
#[cfg(target_arch = "wasm32")]
fn download(
    lm: &m2view_format::LoadedModel,
    bones: &[Mat4],
    opts: &m2view_export::ExportOptions,
    out: &std::path::Path,
) -> Result<String, String> {
    match m2view_export::file::Format::of(out) {
        Some(m2view_export::file::Format::Obj) => {
            let stem = out.file_stem().map_or_else(|| "model".into(), |s| s.to_string_lossy().into_owned());
            let dir = out.parent().unwrap_or(std::path::Path::new(""));
            let files = m2view_export::obj::obj_files(lm, bones, opts, &stem).map_err(|e| e.to_string())?;
            files.iter().try_for_each(|(name, b)| crate::platform::save(&dir.join(name), b).map(drop))?;
            Ok(out.display().to_string())
        }
        Some(m2view_export::file::Format::Glb) => {
            let bytes = m2view_export::gltf::to_glb(lm, opts).map_err(|e| e.to_string())?;
            crate::platform::save(out, &bytes)
        }
        _ => Err(format!("{}: a browser saves .glb and .obj", out.display())),
    }
}

/// Parses `RRGGBB` into bytes.
pub fn parse_rgb8(s: &str) -> Result<[u8; 3], String> {
    let v = u32::from_str_radix(s.trim_start_matches('#'), 16).map_err(|_| format!("bad colour {s:?}"))?;
    Ok([(v >> 16) as u8, (v >> 8) as u8, v as u8])
}
