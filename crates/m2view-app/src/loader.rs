//! Loading off the UI thread: parse the model and its companions, dress it
//! (a character's body layers decoded and items loaded) and decode its
//! textures on a worker thread; the UI polls for the result each frame.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use m2view_render::TextureData;

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
    rx: Receiver<Result<Loaded, String>>,
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
            let result = Opened::open(&p, &opts).map_err(|e| e.to_string()).map(|mut opened| {
                let mut warnings = Vec::new();
                // The sequence the player starts with may keep its keys in a `.anim` file.
                let start = m2view_anim::Player::new(&opened.lm.model).sequence;
                if let Err(e) = opened.lm.load_anim(start) {
                    warnings.push(e.to_string());
                }
                let parts = crate::character::parts(&mut opened.lm, &opened.dressing, &opts);
                let (doodads, w) = crate::world::placed_in(&opened.lm, 0, &opts);
                warnings.extend(w);
                let (sky, w) = crate::world::load_skybox(&opened.lm, &opts);
                warnings.extend(w);
                let spawn_models = if m2view_scene::spawned::spawns_models(&opened.lm.model) {
                    let (models, w) = crate::spawned::load(&opened.lm, &opts);
                    warnings.extend(w);
                    models
                } else {
                    Vec::new()
                };
                let lm = &opened.lm;
                let textures = textures::load_textures(lm, bc, team, &mut warnings);
                let thumbnails =
                    lm.texture_files.iter().map(|p| p.as_deref().and_then(|p| textures::thumbnail(lm, p))).collect();
                Loaded { opened, parts, textures, warnings, thumbnails, doodads, spawn_models, sky, scene: None }
            });
            let _ = tx.send(result);
        });
        Pending { path, started: web_time::Instant::now(), redress: false, rx }
    }

    /// The result once the worker is done.
    pub fn poll(&self) -> Option<Result<Loaded, String>> {
        match self.rx.try_recv() {
            Ok(r) => Some(r),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(format!("{}: loader thread failed", self.path.display()))),
        }
    }
}

/// A scene file: its empty root, its models placed (`crate::scene`).
fn load_scene(path: &std::path::Path, opts: &OpenOptions) -> Result<Loaded, String> {
    let scene = crate::scene::Scene::open(path, opts).map_err(|e| e.to_string())?;
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
    })
}
