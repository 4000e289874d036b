//! Whole maps, named `map:DIRECTORY` wherever a model path goes (apart from
//! `--camera map`, the top-down camera, and from Warcraft III's `.w3x`
//! maps, which stay archives): the maps of the game data — the rows of its
//! `Map` table (wowdev wiki "Map.dbc": id, folder under `World/Maps/`,
//! name, instance type), else the WDTs found under `World/Maps/` (custom
//! maps have no row) — and one map's WDT: which of its 64 × 64 tiles exist
//! (`MAIN`), or the one world object it is (`MWMO`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use m2view_data::{Disk, Files};
use m2view_format::adt::Wdt;
use m2view_format::companion::{Tile, read_tile};

use crate::AppError;
use crate::open::OpenOptions;

/// One map of the game data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapEntry {
    /// Its `Map` row id (`None`: a WDT no row names, as custom maps).
    pub id: Option<u32>,
    /// Its folder under `World/Maps/`, the stem of its files.
    pub directory: String,
    /// Its name (`Eastern Kingdoms`; the folder where the table has none).
    pub name: String,
    /// Its instance type's name (`world`, `dungeon`, `raid`, …; empty without a row).
    pub instance: String,
    /// The WDT's FileDataID (8.2+ tables; 0 before).
    pub wdt_fdid: u32,
}

/// The map a path names: `map:DIRECTORY` (any case; `None` otherwise).
pub fn map_of(path: &Path) -> Option<&str> {
    let s = path.to_str()?;
    let d = s.get(..4).filter(|p| p.eq_ignore_ascii_case("map:")).map(|_| &s[4..])?;
    (!d.is_empty() && !d.contains(['/', '\\'])).then_some(d)
}

/// Where a map's files are read: the `--data` sources, else the folder of
/// `--data-root` (or the working folder) as a game's `Data/` would hold them.
fn files(opts: &OpenOptions) -> (Arc<dyn Files>, PathBuf) {
    match &opts.load.data {
        Some(vfs) => (vfs.clone(), PathBuf::new()),
        None => (Arc::new(Disk::new()), opts.load.data_root.clone().unwrap_or_else(|| PathBuf::from("."))),
    }
}

/// Every map of the game data: the `Map` table's rows in its order, then
/// (in name order) the WDTs under `World/Maps/` that no row names.
///
/// # Errors
/// A `Map` table that does not read (names it, the row and the column).
pub fn list(opts: &OpenOptions) -> Result<Vec<MapEntry>, AppError> {
    let mut out = rows(opts)?;
    let (files, root) = files(opts);
    let mut found: Vec<String> = files
        .list_dir(&root.join("World/Maps"))
        .into_iter()
        .chain(list_map_folders(opts))
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    found.sort_by_key(|d| d.to_ascii_lowercase());
    found.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    for dir in found {
        let known = out.iter().any(|m| m.directory.eq_ignore_ascii_case(&dir));
        let wdt = root.join("World/Maps").join(&dir).join(format!("{dir}.wdt"));
        if !known && files.find(&wdt).is_some() {
            out.push(MapEntry { id: None, name: dir.clone(), directory: dir, instance: String::new(), wdt_fdid: 0 });
        }
    }
    Ok(out)
}

/// The `Map` table's rows (none without a table).
///
/// # Errors
/// A `Map` table that does not read.
fn rows(opts: &OpenOptions) -> Result<Vec<MapEntry>, AppError> {
    let tables = m2view_dress::ClientTables::new(&opts.dbc, opts.load.data.clone(), opts.dbd.clone());
    let rows = tables.rows("Map.dbc", m2view_db::map::map_rows).map_err(AppError::input)?;
    Ok(rows
        .iter()
        .flat_map(|r| r.iter())
        .map(|r| MapEntry {
            id: Some(r.id),
            directory: r.directory.clone(),
            name: if r.name.is_empty() { r.directory.clone() } else { r.name.clone() },
            instance: r.instance_name().to_string(),
            wdt_fdid: r.wdt_fdid,
        })
        .collect())
}

/// The folders under `World/Maps/` the `--data` sources list (a folder of
/// the VFS is the parent of the files in it).
fn list_map_folders(opts: &OpenOptions) -> Vec<PathBuf> {
    let Some(vfs) = &opts.load.data else { return Vec::new() };
    let mut dirs: Vec<PathBuf> = vfs
        .list()
        .into_iter()
        .filter_map(|(e, _)| {
            // As the source spells it: the folder keeps its case.
            let path = e.path.replace('\\', "/");
            let rest =
                path.get(11..).filter(|_| path.get(..11).is_some_and(|p| p.eq_ignore_ascii_case("world/maps/")))?;
            let (dir, file) = rest.split_once('/')?;
            (file.to_ascii_lowercase().ends_with(".wdt") && !file.contains('/')).then(|| PathBuf::from(dir))
        })
        .collect();
    dirs.dedup();
    dirs
}

/// A map opened: its WDT and where its tiles are.
pub struct WholeMap {
    /// Its folder under `World/Maps/`, as the game data spells it.
    pub directory: String,
    /// Its `Map` row, when the game data has one.
    pub entry: Option<MapEntry>,
    /// Where its WDT was read.
    pub wdt_path: PathBuf,
    /// The WDT.
    pub wdt: Wdt,
    files: Arc<dyn Files>,
    root: PathBuf,
}

/// Opens map `directory` (any case) of the game data: its WDT at
/// `World/Maps/<dir>/<dir>.wdt`, else by the `Map` row's `WdtFileDataID`.
///
/// # Errors
/// No such map (the message lists a few the game data has), or its WDT is
/// malformed (names it, the chunk and the offset).
pub fn open(directory: &str, opts: &OpenOptions) -> Result<WholeMap, AppError> {
    let (files, root) = files(opts);
    // The table's rows only: listing every file of the sources for the
    // WDTs no row names is for `ls --maps`, not for opening one map.
    let maps = rows(opts).unwrap_or_default();
    let entry = maps.iter().find(|m| m.directory.eq_ignore_ascii_case(directory)).cloned();
    let dir = entry.as_ref().map_or(directory.to_string(), |e| e.directory.clone());
    let by_name = root.join("World/Maps").join(&dir).join(format!("{dir}.wdt"));
    let by_id = entry.as_ref().filter(|e| e.wdt_fdid != 0).map(|e| PathBuf::from(format!("fdid:{}", e.wdt_fdid)));
    let Some(wdt_path) = files.find(&by_name).or_else(|| by_id.and_then(|p| files.find(&p))) else {
        let some: Vec<&str> = maps.iter().take(12).map(|m| m.directory.as_str()).collect();
        let msg = if maps.is_empty() {
            format!(
                "map:{directory}: no {} in the game data (and no Map table; `ls --maps` lists the maps)",
                by_name.display()
            )
        } else {
            format!(
                "map:{directory}: no such map's WDT in the game data ({} maps, e.g. {})",
                maps.len(),
                some.join(", ")
            )
        };
        return Err(AppError::Input(msg));
    };
    let bytes = files.read(&wdt_path).map_err(AppError::input)?;
    let wdt = Wdt::parse(&bytes, &wdt_path.display().to_string()).map_err(AppError::input)?;
    Ok(WholeMap { directory: dir, entry, wdt_path, wdt, files, root })
}

impl WholeMap {
    /// The path tile `(x, y)` would have (`World/Maps/<dir>/<dir>_<x>_<y>.adt`).
    pub fn tile_path(&self, x: u8, y: u8) -> PathBuf {
        self.root.join("World/Maps").join(&self.directory).join(format!("{}_{x}_{y}.adt", self.directory))
    }

    /// Tile `(x, y)` with its split files: by name
    /// (`World/Maps/<dir>/<dir>_<x>_<y>.adt`), else by the WDT's
    /// FileDataIDs (8.2+, `MAID`: a CASC install or CDN without a listfile).
    ///
    /// # Errors
    /// The tile is not in the game data, or is malformed (names it).
    pub fn tile(&self, x: u8, y: u8) -> Result<Tile, AppError> {
        self.tile_at(x, y).map(|(_, t)| t)
    }

    /// Tile `(x, y)` as a model ([`WholeMap::tile`]; its terrain, dressed
    /// through `opts`), named by its path.
    ///
    /// # Errors
    /// As [`WholeMap::tile`].
    pub fn tile_model(&self, x: u8, y: u8, opts: &OpenOptions) -> Result<m2view_format::LoadedModel, AppError> {
        let (path, tile) = self.tile_at(x, y)?;
        let lm = m2view_format::companion::tile_model(self.files.clone(), &path, tile, &opts.load)
            .map_err(AppError::input)?;
        Ok(crate::open::Opened::dress(lm, opts).lm)
    }

    /// [`WholeMap::tile`] and where it was read.
    fn tile_at(&self, x: u8, y: u8) -> Result<(PathBuf, Tile), AppError> {
        use m2view_format::adt::wdt::file_id;
        let want = self.tile_path(x, y);
        if let Some(path) = self.files.find(&want) {
            let bytes = self.files.read(&path).map_err(AppError::input)?;
            let mut t = read_tile(self.files.as_ref(), &path, &bytes).map_err(AppError::input)?;
            if t.wdt.is_none() {
                t.wdt = Some((self.wdt_path.display().to_string(), self.wdt.clone()));
            }
            return Ok((path, t));
        }
        let by_id = |which: usize| {
            let id = self.wdt.file_id(x, y, which)?;
            self.files.find(Path::new(&format!("fdid:{id}")))
        };
        let path = by_id(file_id::ROOT).ok_or_else(|| {
            AppError::Input(format!("{}: the WDT lists tile {x}_{y}, the game data has no such file", want.display()))
        })?;
        let bytes = self.files.read(&path).map_err(AppError::input)?;
        let splits = [by_id(file_id::TEX0), by_id(file_id::OBJ0)];
        let adt = m2view_format::companion::read_tile_parts(
            self.files.as_ref(),
            &path,
            &bytes,
            splits,
            Some(self.wdt.big_alpha()),
        )
        .map_err(AppError::input)?;
        Ok((path, Tile { adt, wdt: Some((self.wdt_path.display().to_string(), self.wdt.clone())), note: None }))
    }

    /// The map's WDL (`World/Maps/<dir>/<dir>.wdl`, its distant terrain),
    /// `None` where it has none.
    ///
    /// # Errors
    /// The WDL is there but malformed (names it, the chunk and the offset).
    pub fn wdl(&self) -> Result<Option<(PathBuf, m2view_format::adt::Wdl)>, AppError> {
        let want = self.root.join("World/Maps").join(&self.directory).join(format!("{}.wdl", self.directory));
        let Some(path) = self.files.find(&want) else { return Ok(None) };
        let bytes = self.files.read(&path).map_err(AppError::input)?;
        let wdl = m2view_format::adt::Wdl::parse(&bytes, &path.display().to_string()).map_err(AppError::input)?;
        Ok(Some((path, wdl)))
    }

    /// The world position of tile `[x, y]`'s middle (Z 0; see [`WholeMap::scene`] for the axes).
    pub fn tile_centre(tile: [u8; 2]) -> glam::Vec3 {
        let size = m2view_format::adt::TILE_SIZE;
        glam::Vec3::new((31.5 - f32::from(tile[1])) * size, (31.5 - f32::from(tile[0])) * size, 0.0)
    }

    /// The tile under world position `p` (`None`: off the 64 × 64 grid).
    pub fn tile_under(p: glam::Vec3) -> Option<[u8; 2]> {
        let size = m2view_format::adt::TILE_SIZE;
        let (x, y) = ((32.0 - p.y / size).floor(), (32.0 - p.x / size).floor());
        ((0.0..64.0).contains(&x) && (0.0..64.0).contains(&y)).then_some([x as u8, y as u8])
    }

    /// The tiles of a `--tiles` range `X1_Y1..X2_Y2` (one tile: `X_Y`; the
    /// corners in any order) that the map has, in `MAIN` order.
    ///
    /// # Errors
    /// A range that does not read, or holds none of the map's tiles.
    pub fn tiles_in(&self, range: &str) -> Result<Vec<[u8; 2]>, AppError> {
        let bad = || AppError::Failure(format!("--tiles {range:?}: X1_Y1..X2_Y2 with X and Y from 0 to 63"));
        let corner = |s: &str| -> Option<[u8; 2]> {
            let (x, y) = s.trim().split_once('_')?;
            let (x, y) = (x.parse::<u8>().ok()?, y.parse::<u8>().ok()?);
            (x < 64 && y < 64).then_some([x, y])
        };
        let (a, b) = range.split_once("..").unwrap_or((range, range));
        let (a, b) = (corner(a).ok_or_else(bad)?, corner(b).ok_or_else(bad)?);
        let (x0, x1, y0, y1) = (a[0].min(b[0]), a[0].max(b[0]), a[1].min(b[1]), a[1].max(b[1]));
        let picked: Vec<[u8; 2]> =
            self.wdt.tiles.iter().copied().filter(|t| (x0..=x1).contains(&t[0]) && (y0..=y1).contains(&t[1])).collect();
        if picked.is_empty() {
            return Err(AppError::Input(format!(
                "map:{}: no tiles in {range} (it has {})",
                self.directory,
                self.wdt.tiles.len()
            )));
        }
        Ok(picked)
    }

    /// Tiles `tiles` as a scene, each with what it places, named `map:<dir>`
    /// in messages: in world units (a tile's terrain is placed there
    /// already: `export map:X --tiles`), or with `centred` moved so that
    /// the tiles' middle is the origin (`render map:X`, whose camera frames
    /// the origin too). Tile `(x, y)` spans world X from `(31 - y)` to
    /// `(32 - y)` tile sizes and Y from `(31 - x)` to `(32 - x)` (wowdev
    /// wiki "ADT": both fall as the indices grow).
    ///
    /// `done(n)` is called as the `n`th tile is ready (a progress bar).
    ///
    /// # Errors
    /// A tile that does not open (names it).
    pub fn scene(
        &self,
        tiles: &[[u8; 2]],
        centred: bool,
        opts: &OpenOptions,
        done: &dyn Fn(usize),
    ) -> Result<crate::scene::Scene, AppError> {
        let size = m2view_format::adt::TILE_SIZE;
        let mid = |f: fn(&[u8; 2]) -> u8| {
            let (lo, hi) = tiles.iter().map(f).fold((u8::MAX, 0), |(lo, hi), v| (lo.min(v), hi.max(v)));
            (32.0 - (f32::from(lo) + f32::from(hi) + 1.0) / 2.0) * size
        };
        let shift = if centred && !tiles.is_empty() { [-mid(|t| t[1]), -mid(|t| t[0]), 0.0] } else { [0.0; 3] };
        let place = |t: &[u8; 2]| crate::scene::SceneModel {
            position: shift,
            ..crate::scene::SceneModel::at(self.tile_path(t[0], t[1]))
        };
        let models = tiles.iter().map(place).collect();
        let file = crate::scene::SceneFile { models, ..Default::default() };
        crate::scene::Scene::place(Path::new(&format!("map:{}", self.directory)), file, opts, done)
    }

    /// Where the world object a WMO-only map is (`MWMO`, an instance's
    /// one WMO) is found in the game data (`None`: the map has tiles, or
    /// the WMO is not there).
    pub fn global_wmo_path(&self) -> Option<PathBuf> {
        let name = self.wdt.global_wmo.as_deref().filter(|w| !w.is_empty())?.replace('\\', "/");
        self.files.find(&self.root.join(name))
    }

    /// The tile nearest the middle of the map's tiles (`None`: it has none).
    pub fn middle_tile(&self) -> Option<[u8; 2]> {
        let n = self.wdt.tiles.len() as f32;
        let mean = |k: usize| self.wdt.tiles.iter().map(|t| f32::from(t[k])).sum::<f32>() / n;
        let (mx, my) = (mean(0), mean(1));
        let off = |t: &&[u8; 2]| (f32::from(t[0]) - mx).powi(2) + (f32::from(t[1]) - my).powi(2);
        self.wdt.tiles.iter().min_by(|a, b| off(a).total_cmp(&off(b))).copied()
    }

    /// The files the map reads through.
    pub fn files(&self) -> &Arc<dyn Files> {
        &self.files
    }
}

/// Side of a tile's heightmap: 16 chunks of 8 cells, and the last edge.
pub const HEIGHTMAP_SIDE: usize = 129;

/// Tile `adt`'s terrain heights (world Z, yards) on its grid of outer
/// vertices, [`HEIGHTMAP_SIDE`] squared, rows first, x right and y down as
/// the chunks' `IndexX`/`IndexY` (wowdev wiki "ADT": the 9 × 9 outer of
/// each chunk's 145 heights; neighbouring chunks share their edges). A
/// missing chunk leaves `NaN`.
pub fn heightmap(adt: &m2view_format::adt::Adt) -> Vec<f32> {
    let mut out = vec![f32::NAN; HEIGHTMAP_SIDE * HEIGHTMAP_SIDE];
    for c in &adt.chunks {
        let (cx, cy) = (c.index[0] as usize, c.index[1] as usize);
        if cx >= 16 || cy >= 16 || c.heights.len() < 145 {
            continue;
        }
        for r in 0..9 {
            for k in 0..9 {
                out[(cy * 8 + r) * HEIGHTMAP_SIDE + cx * 8 + k] = c.position[2] + c.heights[r * 17 + k];
            }
        }
    }
    out
}
