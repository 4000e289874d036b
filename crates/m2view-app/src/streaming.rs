//! Flying over a whole map: the tiles around the eye stream in on a worker
//! thread — terrain, models, WMOs and their doodads opened, their textures
//! decoded — and out again as the eye leaves them, the nearest first,
//! within a memory bound; no frame waits for a load. Where no tile is kept
//! the map's WDL draws the distant terrain (`m2view_format::adt::Wdl`, its
//! tiles hidden where the real ones are kept), as the client does.
//!
//! The UI thread calls [`Streamer::update`] once a frame with the eye: it
//! takes the tiles the worker finished into the placed models, lets go of
//! those out of reach or over the bound, and tells the worker which tiles
//! it wants next. The worker keeps the models it opened while a kept tile
//! places them, so a model shared by many tiles is opened and uploaded
//! once ([`crate::world::StreamLoader`], `SceneGpu::set_placed_decoded`).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Weak};

use glam::{Mat4, Vec3};
use m2view_format::LoadedModel;
use m2view_render::TextureData;
use m2view_scene::{Placed, Placement};

use crate::AppError;
use crate::maps::WholeMap;
use crate::open::OpenOptions;
use crate::world::StreamLoader;

/// How much of a map is kept around the eye (the window's Map panel; saved
/// in the settings).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct StreamSettings {
    /// Tiles kept on each side of the eye's tile (2: 5 × 5 tiles, ±1,067
    /// yards); a tile one further is kept until the eye moves on.
    pub radius: u8,
    /// The bound on what the kept tiles hold, MiB: their models' vertices
    /// and indices, the terrain's built textures and every decoded
    /// texture. Past it the farthest tiles go, and no tile is asked for
    /// that would not fit.
    pub memory_mib: u32,
}

/// The widest [`StreamSettings::radius`] offered: 13 × 13 tiles.
pub const MAX_RADIUS: u8 = 6;
/// The smallest [`StreamSettings::memory_mib`] offered.
pub const MIN_MEMORY_MIB: u32 = 64;

impl Default for StreamSettings {
    fn default() -> Self {
        StreamSettings { radius: 2, memory_mib: 1024 }
    }
}

/// What the streaming did so far (the Map panel, the benchmark).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StreamStats {
    /// Tiles loaded and kept.
    pub loaded: usize,
    /// Tiles let go (out of reach, or over the bound).
    pub evicted: usize,
    /// Tiles that did not load (each error shown once).
    pub failed: usize,
    /// What the kept tiles hold now, bytes ([`StreamSettings::memory_mib`]).
    pub bytes: usize,
    /// The most they held at once, bytes.
    pub peak_bytes: usize,
    /// Time the worker spent loading, ms.
    pub load_ms: f64,
}

/// A tile the worker loaded.
struct Streamed {
    tile: [u8; 2],
    /// Its terrain first (in world space already), then what it places.
    placed: Vec<Placement>,
    /// The models it places that the UI thread was not given before (or
    /// let go of since), with their textures decoded.
    textures: Vec<(Arc<LoadedModel>, Vec<Option<TextureData>>)>,
    warnings: Vec<String>,
    load_ms: f64,
}

/// What the UI thread and the worker share.
#[derive(Default)]
struct Queue {
    /// Tiles wanted, nearest first; the worker takes the first.
    wanted: Vec<[u8; 2]>,
    /// The tile the worker is loading.
    busy: Option<[u8; 2]>,
    /// Finished loads, for the UI thread.
    done: Vec<Result<Streamed, ([u8; 2], String)>>,
    /// Tiles let go since the worker last looked.
    forget: Vec<[u8; 2]>,
    /// The streamer is gone: the worker ends.
    stop: bool,
}

type Shared = Arc<(Mutex<Queue>, Condvar)>;

fn lock(shared: &Shared) -> MutexGuard<'_, Queue> {
    shared.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The loading side: opens one tile at a time.
struct Worker {
    map: Arc<WholeMap>,
    opts: OpenOptions,
    bc: bool,
    team: [u8; 3],
    loader: StreamLoader,
    /// The models whose textures were given to the UI thread, by address,
    /// while they live.
    given: HashMap<usize, Weak<LoadedModel>>,
}

impl Worker {
    /// Tile `tile`: its terrain, what it places, the new models' textures.
    fn load(&mut self, tile: [u8; 2]) -> Result<Streamed, AppError> {
        let start = web_time::Instant::now();
        self.loader.let_go();
        self.given.retain(|_, m| m.strong_count() > 0);
        let lm = Arc::new(self.map.tile_model(tile[0], tile[1], &self.opts)?);
        let (placed, mut warnings) = self.loader.tile(tile, &lm, &self.opts);
        let placed: Vec<Placement> =
            std::iter::once(Placement { lm, world: Mat4::IDENTITY, doodad: None }).chain(placed).collect();
        let mut textures = Vec::new();
        for p in &placed {
            let at = Arc::as_ptr(&p.lm) as usize;
            if self.given.get(&at).and_then(Weak::upgrade).is_some_and(|m| Arc::ptr_eq(&m, &p.lm)) {
                continue;
            }
            self.given.insert(at, Arc::downgrade(&p.lm));
            textures.push((p.lm.clone(), m2view_texture::load_textures(&p.lm, self.bc, self.team, &mut warnings)));
        }
        let load_ms = start.elapsed().as_secs_f64() * 1000.0;
        Ok(Streamed { tile, placed, textures, warnings, load_ms })
    }

    /// Takes the nearest wanted tile and loads it (`wait`: until there is
    /// one). Returns false when there was none, or the streamer is gone.
    fn step(&mut self, shared: &Shared, wait: bool) -> bool {
        let tile = {
            let mut q = lock(shared);
            loop {
                for t in std::mem::take(&mut q.forget) {
                    self.loader.forget(t);
                }
                if q.stop {
                    return false;
                }
                if !q.wanted.is_empty() {
                    let t = q.wanted.remove(0);
                    q.busy = Some(t);
                    break t;
                }
                if !wait {
                    return false;
                }
                q = shared.1.wait(q).unwrap_or_else(std::sync::PoisonError::into_inner);
            }
        };
        // A bug must not stop the streaming: a panic is that tile's error.
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.load(tile)))
            .unwrap_or_else(|_| Err(AppError::Failure(format!("tile {}_{}: its loading failed", tile[0], tile[1]))))
            .map_err(|e| (tile, e.to_string()));
        let mut q = lock(shared);
        q.done.push(result);
        q.busy = None;
        true
    }
}

/// A kept tile: how many of the placed models are its (they follow the
/// earlier tiles' in the placed list) and the models they are.
struct Kept {
    tile: [u8; 2],
    count: usize,
    models: Vec<Arc<LoadedModel>>,
}

/// A map streaming around the eye (see the module's text).
pub struct Streamer {
    /// The map.
    pub map: Arc<WholeMap>,
    /// How much is kept.
    pub settings: StreamSettings,
    /// What the streaming did so far.
    pub stats: StreamStats,
    /// Textures decoded on the worker, by model (`Arc::as_ptr` as an
    /// address), for the upload to take (`SceneGpu::set_placed_decoded`).
    pub decoded: HashMap<usize, Vec<Option<TextureData>>>,
    kept: Vec<Kept>,
    shared: Shared,
    /// What each kept model's decoded textures hold, bytes, by address.
    texture_bytes: HashMap<usize, usize>,
    /// Tiles that did not load: not asked for again.
    failed: HashSet<[u8; 2]>,
    /// Tiles let go for the bound while the eye is over tile `.0`: not
    /// asked for again until it moves to another tile.
    skipped: (Option<[u8; 2]>, HashSet<[u8; 2]>),
    #[cfg(target_arch = "wasm32")]
    worker: Worker,
}

impl Drop for Streamer {
    fn drop(&mut self) {
        lock(&self.shared).stop = true;
        self.shared.1.notify_all();
    }
}

impl Streamer {
    /// Streams `map`'s tiles, opened through `opts` (`bc`: keep DXT
    /// textures compressed; `team`: the Warcraft III team colour), on a
    /// worker thread (in a browser, one tile per [`Streamer::update`]).
    pub fn new(map: Arc<WholeMap>, opts: OpenOptions, settings: StreamSettings, bc: bool, team: [u8; 3]) -> Streamer {
        let shared: Shared = Default::default();
        #[allow(unused_mut)]
        let mut worker =
            Worker { map: map.clone(), opts, bc, team, loader: StreamLoader::default(), given: HashMap::new() };
        #[cfg(not(target_arch = "wasm32"))]
        {
            let shared = shared.clone();
            std::thread::spawn(move || while worker.step(&shared, true) {});
        }
        Streamer {
            map,
            settings,
            stats: StreamStats::default(),
            decoded: HashMap::new(),
            kept: Vec::new(),
            shared,
            texture_bytes: HashMap::new(),
            failed: HashSet::new(),
            skipped: (None, HashSet::new()),
            #[cfg(target_arch = "wasm32")]
            worker,
        }
    }

    /// The tiles kept now, in the placed list's order.
    pub fn kept(&self) -> impl Iterator<Item = [u8; 2]> + '_ {
        self.kept.iter().map(|k| k.tile)
    }

    /// Whether the worker is loading a tile or has tiles to load.
    pub fn busy(&self) -> bool {
        let q = lock(&self.shared);
        q.busy.is_some() || !q.wanted.is_empty() || !q.done.is_empty()
    }

    /// A frame's streaming with the eye at `eye` (world units): the tiles
    /// the worker finished are placed at the end of `placed` (their
    /// problems joining `warnings`), tiles out of reach or over the bound
    /// leave it, and the worker is told what to load next. `placed` holds
    /// only the streamed tiles' models, in [`Streamer::kept`]'s order.
    /// Returns whether `placed` changed (upload it again).
    pub fn update(&mut self, eye: Vec3, placed: &mut Vec<Placed>, warnings: &mut Vec<String>) -> bool {
        let centre = WholeMap::tile_under(eye);
        if centre != self.skipped.0 {
            self.skipped = (centre, HashSet::new());
        }
        let radius = i32::from(self.settings.radius);
        let within = |t: [u8; 2], extra: i32| {
            centre.is_some_and(|c| {
                (i32::from(t[0]) - i32::from(c[0])).abs() <= radius + extra
                    && (i32::from(t[1]) - i32::from(c[1])).abs() <= radius + extra
            })
        };
        let distance = |t: [u8; 2]| WholeMap::tile_centre(t).truncate().distance(eye.truncate());
        let done = std::mem::take(&mut lock(&self.shared).done);
        let mut changed = false;
        let mut forget = Vec::new();
        for result in done {
            match result {
                Ok(s) if within(s.tile, 1) && !self.kept.iter().any(|k| k.tile == s.tile) => {
                    self.keep(s, placed, warnings);
                    changed = true;
                }
                Ok(s) => forget.push(s.tile),
                Err((tile, e)) => {
                    self.stats.failed += 1;
                    self.failed.insert(tile);
                    warnings.push(e);
                }
            }
        }
        // Out of reach (one tile more than the radius, so that a tile is not
        // let go and asked for again as the eye crosses an edge to and fro).
        while let Some(i) = self.kept.iter().position(|k| !within(k.tile, 1)) {
            forget.push(self.let_go(i, placed));
            changed = true;
        }
        self.count_bytes();
        let bound = self.settings.memory_mib as usize * 1024 * 1024;
        while self.stats.bytes > bound && self.kept.len() > 1 {
            let far = (0..self.kept.len())
                .max_by(|&a, &b| distance(self.kept[a].tile).total_cmp(&distance(self.kept[b].tile)));
            let Some(far) = far else { break };
            let tile = self.let_go(far, placed);
            self.skipped.1.insert(tile);
            forget.push(tile);
            changed = true;
            self.count_bytes();
        }
        // What to load next: the nearest first, while a tile as big as the
        // average kept one still fits.
        let average = self.stats.bytes.checked_div(self.kept.len()).unwrap_or(0);
        let mut wanted: Vec<[u8; 2]> = if self.stats.bytes + average <= bound {
            (self.map.wdt.tiles.iter().copied())
                .filter(|&t| within(t, 0) && !self.failed.contains(&t) && !self.skipped.1.contains(&t))
                .filter(|t| !self.kept.iter().any(|k| k.tile == *t))
                .collect()
        } else {
            Vec::new()
        };
        wanted.sort_by(|a, b| distance(*a).total_cmp(&distance(*b)));
        {
            // Not what the worker is loading, nor what it finished since `done` was taken.
            let mut q = lock(&self.shared);
            let finished = |t: &[u8; 2]| q.done.iter().any(|r| r.as_ref().map_or_else(|e| e.0, |s| s.tile) == *t);
            wanted.retain(|t| Some(*t) != q.busy && !finished(t));
            q.wanted = wanted;
            q.forget.extend(forget);
        }
        self.shared.1.notify_all();
        #[cfg(target_arch = "wasm32")]
        self.worker.step(&self.shared, false);
        changed
    }

    /// Places tile `s` at the end of `placed`, its decoded textures kept for the upload.
    fn keep(&mut self, s: Streamed, placed: &mut Vec<Placed>, warnings: &mut Vec<String>) {
        for (m, textures) in s.textures {
            let bytes = textures.iter().flatten().map(texture_bytes).sum();
            let at = Arc::as_ptr(&m) as usize;
            self.texture_bytes.insert(at, bytes);
            self.decoded.insert(at, textures);
        }
        let mut models: Vec<Arc<LoadedModel>> = Vec::new();
        for p in &s.placed {
            if !models.iter().any(|m| Arc::ptr_eq(m, &p.lm)) {
                models.push(p.lm.clone());
            }
        }
        let count = s.placed.len();
        placed.extend(s.placed.into_iter().map(Placement::into_placed));
        for w in s.warnings {
            if !warnings.contains(&w) {
                warnings.push(w);
            }
        }
        self.kept.push(Kept { tile: s.tile, count, models });
        self.stats.loaded += 1;
        self.stats.load_ms += s.load_ms;
    }

    /// Lets go of kept tile `i`: its models leave `placed`. Returns the tile.
    fn let_go(&mut self, i: usize, placed: &mut Vec<Placed>) -> [u8; 2] {
        let start: usize = self.kept[..i].iter().map(|k| k.count).sum();
        let k = self.kept.remove(i);
        placed.drain(start..(start + k.count).min(placed.len()));
        self.stats.evicted += 1;
        k.tile
    }

    /// What the kept tiles hold, each model counted once; what is kept of
    /// models no longer placed goes.
    fn count_bytes(&mut self) {
        let mut seen: HashMap<usize, &LoadedModel> = HashMap::new();
        for m in self.kept.iter().flat_map(|k| &k.models) {
            seen.insert(Arc::as_ptr(m) as usize, m);
        }
        self.texture_bytes.retain(|at, _| seen.contains_key(at));
        self.decoded.retain(|at, _| seen.contains_key(at));
        self.stats.bytes = seen.iter().map(|(at, m)| model_bytes(m) + self.texture_bytes.get(at).unwrap_or(&0)).sum();
        self.stats.peak_bytes = self.stats.peak_bytes.max(self.stats.bytes);
    }
}

/// What a model holds on the CPU, bytes: its vertices, indices and built
/// textures (a terrain tile's alpha and shade atlases).
pub fn model_bytes(lm: &LoadedModel) -> usize {
    let m = &lm.model;
    let built: usize = (m.textures.iter())
        .filter_map(|t| match &t.source {
            m2view_format::TextureSource::Built { image, .. } => Some(image.pixels.len()),
            _ => None,
        })
        .sum();
    m.vertices.len() * std::mem::size_of::<m2view_format::Vertex>()
        + m.lods.iter().map(|l| l.indices.len() * 4).sum::<usize>()
        + built
}

/// What a decoded texture holds, bytes (every mip level).
fn texture_bytes(t: &TextureData) -> usize {
    match t {
        TextureData::Rgba { mips, .. } | TextureData::Bc { mips, .. } => mips.iter().map(Vec::len).sum(),
    }
}
