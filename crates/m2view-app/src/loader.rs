//! Loading off the UI thread: parse the model and its companions, dress it
//! (a character's body layers decoded and items loaded) and decode its
//! textures on a worker thread; the UI polls for the result each frame.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use m2view_render::TextureData;

use crate::AppError;
use crate::character::Parts;
use crate::open::{OpenOptions, Opened};
use m2view_texture as textures;

/// A model ready for the GPU.
pub struct Loaded {
    /// The model, what was found around it, and how it is dressed.
    pub opened: Opened,
    /// A character's parts for its first choices (body layers decoded, items loaded).
    pub parts: Option<Parts>,
    /// Decoded textures, one per model texture.
    pub textures: Vec<Option<TextureData>>,
    /// Texture decode problems.
    pub warnings: Vec<String>,
    /// Small previews for the inspector, one per model texture.
    pub thumbnails: Vec<Option<m2view_format::blp::RgbaImage>>,
    /// A WMO's doodads of set 0 (the client's default), or what a map tile
    /// places (its models, WMOs and their doodads).
    pub doodads: Vec<m2view_scene::Placement>,
    /// The models its emitters spawn, by source (`crate::spawned::load`).
    pub spawn_models: Vec<Option<std::sync::Arc<m2view_format::LoadedModel>>>,
    /// A WMO's skybox model (`MOSB`).
    pub sky: Option<std::sync::Arc<m2view_format::LoadedModel>>,
    /// A scene file's scene (`crate::scene`): `opened` is its empty root
    /// and `doodads` its placed models.
    pub scene: Option<crate::scene::Scene>,
    /// A map to fly over (`opened` is its distant terrain, or an empty root).
    pub fly: Option<FlyOver>,
}

/// A map opened to fly over ([`Pending::fly`]).
pub struct FlyOver {
    /// The map.
    pub map: std::sync::Arc<crate::maps::WholeMap>,
    /// Where the eye starts: above the middle of the first tile (world units, Z-up).
    pub eye: glam::Vec3,
}

/// A load in progress.
pub struct Pending {
    /// What is being loaded.
    pub path: PathBuf,
    /// When the load was asked for.
    pub started: web_time::Instant,
    /// The open model loaded again to dress it from new data sources: the
    /// camera, the open texture or table and the recent files stay as they are.
    pub redress: bool,
    rx: Receiver<Result<Loaded, AppError>>,
}

impl Pending {
    /// Starts loading `path` on a worker thread. `bc`: keep DXT textures
    /// compressed; `team`: the Warcraft III team colour to build team textures in.
    pub fn start(path: PathBuf, opts: OpenOptions, bc: bool, team: [u8; 3]) -> Pending {
        let (tx, rx) = channel();
        let p = path.clone();
        crate::platform::spawn(move || {
            if crate::scene::is_scene_file(&p) {
                let _ = tx.send(load_scene(&p, &opts));
                return;
            }
            let _ = tx.send(load_model(&p, &opts, bc, team));
        });
        Pending { path, started: web_time::Instant::now(), redress: false, rx }
    }

    /// Starts opening map `directory` to fly over from tile `at` (`None`:
    /// the middle of its tiles) on a worker thread: its WDT, and its WDL
    /// drawn as the distant terrain (a WDL that does not read is a warning;
    /// none, an empty root). A map that is one global WMO loads that WMO.
    pub fn fly(directory: String, at: Option<[u8; 2]>, opts: OpenOptions, bc: bool, team: [u8; 3]) -> Pending {
        let (tx, rx) = channel();
        let path = PathBuf::from(format!("map:{directory}"));
        crate::platform::spawn(move || {
            let _ = tx.send(load_map(&directory, at, &opts, bc, team));
        });
        Pending { path, started: web_time::Instant::now(), redress: false, rx }
    }

    /// The result once the worker is done.
    pub fn poll(&self) -> Option<Result<Loaded, AppError>> {
        match self.rx.try_recv() {
            Ok(r) => Some(r),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                Some(Err(AppError::Failure(format!("{}: loader thread failed", self.path.display()))))
            }
        }
    }
}

/// A model (or WMO, map tile) with what comes with it, ready for the GPU.
fn load_model(p: &std::path::Path, opts: &OpenOptions, bc: bool, team: [u8; 3]) -> Result<Loaded, AppError> {
    Opened::open(p, opts).map_err(AppError::input).map(|mut opened| {
        let mut warnings = Vec::new();
        // The sequence the player starts with may keep its keys in a `.anim` file.
        let start = m2view_anim::Player::new(&opened.lm.model).sequence;
        if let Err(e) = opened.lm.load_anim(start) {
            warnings.push(e.to_string());
        }
        let parts = crate::character::parts(&mut opened.lm, &opened.dressing, opts);
        let (doodads, w) = crate::world::placed_in(&opened.lm, 0, opts);
        warnings.extend(w);
        let (sky, w) = crate::world::load_skybox(&opened.lm, opts);
        warnings.extend(w);
        let spawn_models = if m2view_scene::spawned::spawns_models(&opened.lm.model) {
            let (models, w) = crate::spawned::load(&opened.lm, opts);
            warnings.extend(w);
            models
        } else {
            Vec::new()
        };
        let lm = &opened.lm;
        let textures = textures::load_textures(lm, bc, team, &mut warnings);
        let thumbnails =
            lm.texture_files.iter().map(|p| p.as_deref().and_then(|p| textures::thumbnail(lm, p))).collect();
        Loaded { opened, parts, textures, warnings, thumbnails, doodads, spawn_models, sky, scene: None, fly: None }
    })
}

/// Map `directory` to fly over from tile `at` ([`Pending::fly`]).
fn load_map(
    directory: &str,
    at: Option<[u8; 2]>,
    opts: &OpenOptions,
    bc: bool,
    team: [u8; 3],
) -> Result<Loaded, AppError> {
    let map = crate::maps::open(directory, opts)?;
    if let Some(wmo) = map.global_wmo_path() {
        return load_model(&wmo, opts, bc, team);
    }
    let Some(first) = at.filter(|t| map.wdt.tiles.contains(t)).or_else(|| map.middle_tile()) else {
        return Err(AppError::Input(format!("map:{}: its WDT lists no tiles and no world object", map.directory)));
    };
    let mut warnings = Vec::new();
    let named = PathBuf::from(format!("map:{}", map.directory));
    let mut lm = m2view_format::LoadedModel::empty(&named);
    let mut height = 0.0;
    match map.wdl() {
        Ok(Some((path, wdl))) => match wdl.to_model(&format!("{} distant terrain", map.directory)) {
            Ok(model) => {
                height = wdl.tile(first).map_or(0.0, |t| t.outer(8, 8)[2]);
                lm = m2view_format::LoadedModel::empty(&path);
                lm.texture_files = vec![None; model.textures.len()];
                lm.model = model;
            }
            Err(e) => warnings.push(e.to_string()),
        },
        Ok(None) => {}
        Err(e) => warnings.push(e.to_string()),
    }
    let textures = textures::load_textures(&lm, bc, team, &mut warnings);
    let opened = Opened::dress(lm, opts);
    let eye = crate::maps::WholeMap::tile_centre(first) + glam::Vec3::Z * (height + 120.0);
    let fly = Some(FlyOver { map: std::sync::Arc::new(map), eye });
    Ok(Loaded {
        opened,
        parts: None,
        textures,
        warnings,
        thumbnails: Vec::new(),
        doodads: Vec::new(),
        spawn_models: Vec::new(),
        sky: None,
        scene: None,
        fly,
    })
}

/// A scene file: its empty root, its models placed (`crate::scene`).
fn load_scene(path: &std::path::Path, opts: &OpenOptions) -> Result<Loaded, AppError> {
    let scene = crate::scene::Scene::open(path, opts)?;
    let opened = Opened::dress(m2view_format::LoadedModel::empty(path), opts);
    let doodads = scene.placed();
    Ok(Loaded {
        opened,
        parts: None,
        textures: Vec::new(),
        warnings: Vec::new(),
        thumbnails: Vec::new(),
        doodads,
        spawn_models: Vec::new(),
        sky: None,
        scene: Some(scene),
        fly: None,
    })
}
