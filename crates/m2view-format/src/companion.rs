//! Opening a model with its companion files, through any [`Files`] (plain
//! paths on disk, or the data sources of `m2view-data`: folders, archives,
//! game folders — the loader does not know which): `<base>NN.skin`,
//! `<base>_lodNN.skin`, `<base>AAAA-VV.anim`, and textures by the path stored
//! in the model (case-insensitive, `\` or `/`, relative to a data root), or by
//! FileDataID for chunked files (`fdid:N` in the data sources — a CASC
//! install's own IDs —, `<fdid>.<ext>` beside the model, the community
//! listfile's path, or the names wow.export gives them).
//!
//! A missing companion is a warning and an entry in [`LoadedModel::companions`];
//! a companion that exists but is broken (or does not belong to the model) is
//! an error naming that file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use m2view_data::{Disk, Files};

use crate::error::{Error, ErrorKind, Result};
use crate::model::{Model, SequenceData, SequenceId, TextureSource};
use crate::raw::chunked::M2File;
use crate::raw::skin::SkinProfile;
use crate::reader::{ParseState, Reader};

/// What a companion file is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompanionKind {
    /// A skin profile (`NN.skin`).
    Skin,
    /// A LOD skin (`_lodNN.skin`).
    LodSkin,
    /// External sequence keys (`.anim`).
    Anim,
    /// A texture (`.blp`).
    Texture,
    /// A skeleton (`.skel`: the model's `SKID`, or a skeleton's `SKPD` parent).
    Skeleton,
    /// Bone offsets of a FacePose variant (`.bone`, `BFID`).
    Bone,
    /// A WMO group file (`<root>_NNN.wmo`, or `GFID`).
    WmoGroup,
}

impl CompanionKind {
    /// Lower-case label.
    pub fn label(self) -> &'static str {
        match self {
            CompanionKind::Skin => "skin",
            CompanionKind::LodSkin => "lod skin",
            CompanionKind::Anim => "anim",
            CompanionKind::Texture => "texture",
            CompanionKind::Skeleton => "skeleton",
            CompanionKind::Bone => "bone file",
            CompanionKind::WmoGroup => "wmo group",
        }
    }
}

/// A companion file looked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Companion {
    /// Kind.
    pub kind: CompanionKind,
    /// What was looked for (file name, stored path or `fdid 12345`).
    pub wanted: String,
    /// Where it was found.
    pub path: Option<PathBuf>,
}

/// Options for [`load_model_file`].
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// Root that texture paths are relative to (default: walk up from the model's folder).
    pub data_root: Option<PathBuf>,
    /// Community listfile (`fdid;path` per line) for FileDataIDs.
    pub listfile: Option<Arc<m2view_data::Listfile>>,
    /// Data sources (`--data`): models are looked up there first, and a
    /// model found there reads all its companions there.
    pub data: Option<Arc<m2view_data::Vfs>>,
}

/// A model with what was found around it.
#[derive(Clone)]
pub struct LoadedModel {
    /// Where the model and its companions are read from (textures and
    /// `.anim` files are read through it later).
    pub files: Arc<dyn Files>,
    /// The model file (a virtual path when `files` is a VFS).
    pub path: PathBuf,
    /// The model.
    pub model: Model,
    /// Companion files looked for, found or not.
    pub companions: Vec<Companion>,
    /// Resolved file per texture (index = texture id).
    pub texture_files: Vec<Option<PathBuf>>,
    /// `.anim` file per sequence (index = sequence id), when external.
    pub anim_files: Vec<Option<PathBuf>>,
    /// Where the model's key lists that wait in `.anim` files are
    /// ([`LoadedModel::load_anim`] reads them).
    pub anim_keys: crate::model::AnimKeys,
    /// The roots that game paths (`Character\...`, `Item\...`) are relative
    /// to in `files`: `--data-root`, else the model's folder and its ancestors.
    pub roots: Vec<PathBuf>,
    /// The `--data` sources, searched after `files` for game paths.
    pub data: Option<Arc<m2view_data::Vfs>>,
    /// The model's FileDataID, where its path or its sources tell.
    pub file_data_id: Option<u32>,
    /// The listfile (`--listfile`), naming FileDataIDs.
    pub listfile: Option<Arc<m2view_data::Listfile>>,
    /// The world object this model draws the groups of (a WMO root):
    /// its doodads, portals and the rest of what is not geometry.
    pub wmo: Option<Arc<crate::wmo::Wmo>>,
    /// The map tile this model draws the terrain of: its placements, layers, water.
    pub adt: Option<Arc<crate::adt::Adt>>,
    /// The map's WDT found beside the tile, and its file name.
    pub wdt: Option<(String, Arc<crate::adt::Wdt>)>,
}

impl std::fmt::Debug for LoadedModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedModel").field("path", &self.path).field("companions", &self.companions).finish()
    }
}

/// A read failure of the data layer as a format error naming source and file.
pub fn data_error(e: m2view_data::Error) -> Error {
    let file = if e.source.is_empty() { e.file } else { format!("{}: {}", e.source, e.file) };
    Error::new(0, ErrorKind::Io(e.message)).in_file(file)
}

/// Reads a file from disk, refusing ones over 1 GiB (no model or texture is that big).
pub fn read_file(path: &Path) -> Result<Vec<u8>> {
    Disk::new().read(path).map_err(data_error)
}

impl LoadedModel {
    /// Assembles a loaded model. Dressing it (creature skins, characters,
    /// the client's animation names) is the `m2view-dress` crate's.
    fn new(
        files: Arc<dyn Files>,
        path: &Path,
        model: Model,
        companions: Vec<Companion>,
        texture_files: Vec<Option<PathBuf>>,
        (anim_files, anim_keys): (Vec<Option<PathBuf>>, crate::model::AnimKeys),
        opts: &LoadOptions,
    ) -> LoadedModel {
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let listed = opts.listfile.as_ref().and_then(|l| l.id(&path.to_string_lossy()));
        LoadedModel {
            file_data_id: files.file_id(path).or(listed),
            listfile: opts.listfile.clone(),
            files,
            path: path.to_path_buf(),
            model,
            companions,
            texture_files,
            anim_files,
            anim_keys,
            roots: data_roots(opts, dir),
            data: opts.data.clone(),
            wmo: None,
            adt: None,
            wdt: None,
        }
    }

    /// Reads a file of the model (a companion, a texture, a game path found
    /// by [`LoadedModel::find_game_file`]): from where the model came from,
    /// else from the `--data` sources.
    pub fn read(&self, path: &Path) -> Result<Vec<u8>> {
        match (self.files.read(path), &self.data) {
            (Ok(b), _) => Ok(b),
            (Err(e), Some(vfs)) => vfs.read(path).map_err(|_| data_error(e)),
            (Err(e), None) => Err(data_error(e)),
        }
    }

    /// Where FileDataID `fdid` (a `.<ext>` file) is for this model: by ID
    /// in its sources or the `--data` sources, as `<fdid>.<ext>` or
    /// `<model>_<fdid>.<ext>` beside it (wow.export's names), or under its
    /// listfile path.
    pub fn find_fdid(&self, fdid: u32, ext: &str) -> Option<PathBuf> {
        let by_id = PathBuf::from(format!("fdid:{fdid}"));
        let dir = self.path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let stem = self.path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        self.files
            .find(&by_id)
            .or_else(|| self.data.as_ref()?.find(&by_id))
            .or_else(|| self.files.find(&dir.join(format!("{fdid}.{ext}"))))
            .or_else(|| self.files.find(&dir.join(format!("{stem}_{fdid}.{ext}"))))
            .or_else(|| self.find_game_file(self.listfile.as_ref()?.path(fdid)?))
    }

    /// Where the game path `rel` (`Character\Scourge\Female\...blp`, any
    /// case, `\` or `/`) is for this model: under its roots in its own files,
    /// else in the `--data` sources. `..` never climbs out.
    pub fn find_game_file(&self, rel: &str) -> Option<PathBuf> {
        let rel = game_relative(rel)?;
        self.roots
            .iter()
            .find_map(|r| self.files.find(&r.join(&rel)))
            .or_else(|| self.data.as_ref()?.find(Path::new(&rel)))
    }
}

/// Opens a WMO root (`bytes`, read from `path` in `files`) with the group
/// files found beside it (`<stem>_NNN.wmo`) or by `GFID`, as a static model
/// of its groups; a missing or broken group file is a warning and draws
/// nothing. Textures resolve as a model's.
///
/// Errors: `path` is a group file (naming the root to open), or the root
/// does not parse.
fn load_wmo(files: Arc<dyn Files>, path: &Path, bytes: &[u8], opts: &LoadOptions) -> Result<LoadedModel> {
    let fname = path.display().to_string();
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    if crate::wmo::is_wmo_group(bytes) {
        let root = stem.rsplit_once('_').map_or(stem.as_str(), |(r, _)| r);
        let msg = format!("a WMO group file: open its root ({root}.wmo), which names its materials and groups");
        return Err(Error::invalid(12, msg).in_file(fname));
    }
    let mut wmo = crate::wmo::Wmo::parse_root(bytes, &fname)?;
    let mut finder = Finder { files: files.as_ref(), data: opts.data.as_deref() };
    let mut companions = Vec::new();
    // v14 (the alpha) holds its groups itself: no group files to find.
    let files_of_groups = if wmo.version == 14 { 0 } else { wmo.groups.len() };
    let names = crate::wmo::group_file_names(&stem, files_of_groups);
    for (i, name) in names.iter().enumerate() {
        let by_id = wmo.group_ids.get(i).filter(|&&id| id != 0).copied();
        let found = by_id.and_then(|id| finder.by_id(id)).or_else(|| finder.entry(&dir, name));
        let wanted = by_id.map_or_else(|| name.clone(), |id| format!("fdid {id}"));
        companions.push(Companion { kind: CompanionKind::WmoGroup, wanted: wanted.clone(), path: found.clone() });
        let Some(gp) = found else {
            wmo.warnings.push(format!("group {i} ({wanted}) not found: not drawn"));
            continue;
        };
        let gname = gp.display().to_string();
        if let Err(e) = finder.read(&gp).and_then(|b| wmo.add_group(i, &b, &gname)) {
            wmo.warnings.push(format!("group {i} not drawn: {e}"));
        }
    }
    let mut model = wmo.to_model(&stem).map_err(|e| e.in_file(&fname))?;
    let roots = data_roots(opts, &dir);
    // 8.1+ roots name textures by FileDataID: by ID in the sources, or `<fdid>.blp` beside the root.
    let by_fdid = |f: &mut Finder, id: u32, ext: &str, _: &[String]| {
        f.by_id(id).or_else(|| f.entry(&dir, &format!("{id}.{ext}")))
    };
    let texture_files = resolve_textures(&mut model, &mut finder, &roots, &dir, &stem, &by_fdid, &mut companions);
    let anim = (Vec::new(), Default::default());
    let mut lm = LoadedModel::new(files, path, model, companions, texture_files, anim, opts);
    lm.wmo = Some(Arc::new(wmo));
    Ok(lm)
}

/// Parses M2 bytes (MD20 or MD21). Key arrays are read in place where they
/// can be, so the result borrows `bytes` ([`crate::raw::track::KeyArray`]).
/// `name` is used in errors and in the file's warnings ([`M2File::warnings`]).
pub fn parse_m2<'a>(bytes: &'a [u8], name: &str) -> Result<M2File<'a>> {
    let state = ParseState::for_file_len(bytes.len());
    let mut file = M2File::parse(&Reader::new(bytes, 0, &state)).map_err(|e| e.in_file(name))?;
    file.warnings = std::mem::take(&mut file.warnings).into_iter().map(|w| w.in_file(name)).collect();
    Ok(file)
}

/// Parses `.skin` bytes for a model of `version`. `name` is used in errors.
pub fn parse_skin(bytes: &[u8], version: u32, name: &str) -> Result<SkinProfile> {
    let state = ParseState::for_file_len(bytes.len());
    SkinProfile::parse_file(&Reader::new(bytes, 0, &state), version).map_err(|e| e.in_file(name))
}

/// Opens map tile `bytes` (read from `path` in `files`) as its terrain,
/// with its 4.0+ split files beside it (`<stem>_tex0.adt`, `<stem>_obj0.adt`)
/// where present, its alpha maps read as the map's WDT beside it says
/// ([`tile_wdt`]).
///
/// Errors: the tile or one of its split files is malformed, or a split
/// file that is there cannot be read.
fn load_adt(files: Arc<dyn Files>, path: &Path, bytes: &[u8], opts: &LoadOptions) -> Result<LoadedModel> {
    let tile = read_tile(files.as_ref(), path, bytes)?;
    tile_model(files, path, tile, opts)
}

/// Map tile `tile`, read from `path` in `files` ([`read_tile`],
/// [`read_tile_parts`]), as a model: its terrain, its textures looked for
/// in `files`, the tile and its WDT kept beside it (`adt`, `wdt`).
///
/// Errors: none in practice (validation of the terrain model, naming `path`).
pub fn tile_model(files: Arc<dyn Files>, path: &Path, tile: Tile, opts: &LoadOptions) -> Result<LoadedModel> {
    let fname = path.display().to_string();
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let mut model = tile.adt.to_model(&stem).map_err(|e| e.in_file(&fname))?;
    model.warnings.extend(tile.note);
    let mut lm = with_textures(files, path, model, opts);
    lm.adt = Some(Arc::new(tile.adt));
    lm.wdt = tile.wdt.map(|(n, w)| (n, Arc::new(w)));
    Ok(lm)
}

/// A map tile as [`read_tile`] reads it.
#[derive(Debug, Clone)]
pub struct Tile {
    /// The tile, its split files read with it.
    pub adt: crate::adt::Adt,
    /// The map's WDT beside it, and its name.
    pub wdt: Option<(String, crate::adt::Wdt)>,
    /// Why the WDT beside it could not be used, if it is there but broken.
    pub note: Option<String>,
}

/// Map tile `bytes` (read from `path` in `files`) with its 4.0+ split
/// files beside it (`<stem>_tex0.adt`, `<stem>_obj0.adt`) where present,
/// its alpha maps read as the map's WDT beside it (`Map.wdt` beside `Map_XX_YY.adt`) says.
///
/// # Errors
/// The tile or one of its split files is malformed, or a split file that
/// is there cannot be read.
pub fn read_tile(files: &dyn Files, path: &Path, bytes: &[u8]) -> Result<Tile> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let (wdt, note) = tile_wdt(files, &dir, &stem);
    let split = |suffix: &str| files.find(&dir.join(format!("{stem}{suffix}.adt")));
    let big_alpha = wdt.as_ref().map(|(_, w)| w.big_alpha());
    let adt = read_tile_parts(files, path, bytes, [split("_tex0"), split("_obj0")], big_alpha)?;
    Ok(Tile { adt, wdt, note })
}

/// Map tile `bytes` (read from `path` in `files`) with its split files
/// `[_tex0, _obj0]` where given (found by name beside it, or by the
/// WDT's FileDataIDs in 8.2+ maps), its uncompressed alpha maps 8-bit as
/// `big_alpha` says (`None`: by their room).
///
/// # Errors
/// The tile or one of its split files is malformed or cannot be read.
pub fn read_tile_parts(
    files: &dyn Files,
    path: &Path,
    bytes: &[u8],
    splits: [Option<PathBuf>; 2],
    big_alpha: Option<bool>,
) -> Result<crate::adt::Adt> {
    let fname = path.display().to_string();
    let read = |p: &Option<PathBuf>| -> Result<Option<(String, Vec<u8>)>> {
        let Some(p) = p else { return Ok(None) };
        Ok(Some((p.display().to_string(), files.read(p).map_err(data_error)?)))
    };
    let (tex0, obj0) = (read(&splits[0])?, read(&splits[1])?);
    fn part(f: &Option<(String, Vec<u8>)>) -> Option<crate::adt::TileFile<'_>> {
        f.as_ref().map(|(n, b)| crate::adt::TileFile { bytes: b, name: n })
    }
    crate::adt::Adt::parse_split(crate::adt::TileFile { bytes, name: &fname }, part(&tex0), part(&obj0), big_alpha)
}

/// The WDT of the map whose tile is `stem` in `dir` (`Map.wdt` beside
/// `Map_XX_YY.adt`, [`crate::adt::wdt::wdt_name_for_tile`]) and its name,
/// or a warning when it is there but broken (the tile then reads its alpha
/// maps by their room).
fn tile_wdt(files: &dyn Files, dir: &Path, stem: &str) -> (Option<(String, crate::adt::Wdt)>, Option<String>) {
    let Some(name) = crate::adt::wdt::wdt_name_for_tile(stem) else { return (None, None) };
    let Some(p) = files.find(&dir.join(&name)) else { return (None, None) };
    match files.read(&p).map_err(data_error).and_then(|b| crate::adt::Wdt::parse(&b, &name)) {
        Ok(w) => (Some((name, w)), None),
        Err(e) => (None, Some(format!("{e}: the tile's alpha maps are read by their size"))),
    }
}

/// Case-insensitive lookups of companions through a [`Files`] (and the
/// `--data` sources, for FileDataIDs of a model opened from disk).
struct Finder<'a> {
    files: &'a dyn Files,
    data: Option<&'a m2view_data::Vfs>,
}

impl Finder<'_> {
    /// FileDataID `fdid` where the model's files (or the data sources)
    /// know it by ID.
    fn by_id(&mut self, fdid: u32) -> Option<PathBuf> {
        let p = PathBuf::from(format!("fdid:{fdid}"));
        self.files.find(&p).or_else(|| self.data?.find(&p))
    }

    /// Reads a companion found by this finder.
    fn read(&self, p: &Path) -> Result<Vec<u8>> {
        match (self.files.read(p), self.data) {
            (Ok(b), _) => Ok(b),
            (Err(e), Some(vfs)) => vfs.read(p).map_err(|_| data_error(e)),
            (Err(e), None) => Err(data_error(e)),
        }
    }

    /// The file `name` in `dir`, ignoring case.
    fn entry(&mut self, dir: &Path, name: &str) -> Option<PathBuf> {
        self.files.find(&dir.join(name))
    }

    /// Resolves `rel` (`\` or `/` separated) under `root`, ignoring case;
    /// it never climbs out ([`game_relative`]).
    fn resolve(&mut self, root: &Path, rel: &str) -> Option<PathBuf> {
        self.files.find(&root.join(game_relative(rel)?))
    }
}

/// A game path as stored in a file or table (`Textures\Foo.blp`, `\`
/// or `/` separated, any case) as a relative path with `/`: leading
/// separators dropped; `None` for an empty path and for one that would
/// leave the folder it is joined to (a `..` part, a drive or stream `:`):
/// hostile files name no file outside their roots.
pub fn game_relative(rel: &str) -> Option<String> {
    let rel = rel.replace('\\', "/");
    let rel = rel.trim_start_matches('/');
    let escapes = rel.split('/').any(|p| p == "..") || rel.contains(':');
    (!rel.is_empty() && !escapes).then(|| rel.to_string())
}

/// Opens a model and everything it refers to that can be found
/// ([`load_model`]): in the data sources of `opts` when they hold `path`,
/// else on disk.
pub fn load_model_file(path: &Path, opts: &LoadOptions) -> Result<LoadedModel> {
    if let Some(vfs) = &opts.data
        && vfs.find(path).is_some()
    {
        return load_model(vfs.clone(), path, opts);
    }
    if let Some(vfs) = &opts.data
        && !path.exists()
    {
        let sources: Vec<&str> = vfs.sources().iter().map(|s| s.name()).collect();
        let msg = format!("not found in the data sources ({})", sources.join(", "));
        return Err(Error::new(0, ErrorKind::Io(msg)).in_file(path.display().to_string()));
    }
    load_model(Arc::new(Disk::new()), path, opts)
}

/// The warning of an M2 without geometry: which skin files were looked for.
fn nothing_to_draw(stem: &str) -> String {
    let looked = export_names(stem, ExportName::Skin(0)).join(" or ");
    format!("nothing to draw: no skin profile was found (looked for {looked} beside the model)")
}

/// A model whose only companions are its textures (MDX, a map tile),
/// named by path: the textures looked for, no `.anim` files.
fn with_textures(files: Arc<dyn Files>, path: &Path, mut model: Model, opts: &LoadOptions) -> LoadedModel {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let (roots, mut companions) = (data_roots(opts, &dir), Vec::new());
    let mut finder = Finder { files: files.as_ref(), data: opts.data.as_deref() };
    let no_fdid = |_: &mut Finder, _: u32, _: &str, _: &[String]| None;
    let texture_files = resolve_textures(&mut model, &mut finder, &roots, &dir, &stem, &no_fdid, &mut companions);
    let anim = (vec![None; model.sequences.len()], Default::default());
    LoadedModel::new(files, path, model, companions, texture_files, anim, opts)
}

/// Opens the model at `path` in `files` and everything it refers to that can
/// be found there: skins and `.anim` files beside it, textures by stored path
/// (relative to the data root, else to the model's folder and its parents),
/// FileDataIDs by name, listfile or wow.export names.
///
/// Errors: the model is not in `files`, an I/O or archive failure, or a
/// malformed model, skin or anim header (with file, structure path and
/// offset). Missing companions are listed, not errors.
pub fn load_model(files: Arc<dyn Files>, path: &Path, opts: &LoadOptions) -> Result<LoadedModel> {
    let path = &files.find(path).unwrap_or_else(|| path.to_path_buf());
    let bytes = files.read(path).map_err(data_error)?;
    let fname = path.display().to_string();
    // MDL text is read as the MDX it stands for (`crate::mdl`).
    let from_mdl = crate::mdl::is_mdl(&bytes);
    let (bytes, text_warnings) = crate::mdl::mdx_bytes(bytes).map_err(|e| e.in_file(&fname))?;
    // A bare file name (`Rabbit.m2`) has an empty parent: its folder is `.`.
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    crate::check_model_magic(&bytes).map_err(|e| e.in_file(&fname))?;
    if crate::wmo::is_wmo(&bytes) {
        return load_wmo(files, path, &bytes, opts);
    }
    if crate::adt::is_adt(&bytes) {
        return load_adt(files, path, &bytes, opts);
    }
    if crate::is_mdx(&bytes) {
        // MDX: one file with its geometry; only textures are companions.
        let mut model = crate::mdx_model_from_bytes(&bytes, &fname)?;
        if from_mdl {
            model.source.expansion = "Warcraft III, from MDL text";
        }
        model.warnings.extend(text_warnings);
        return Ok(with_textures(files, path, model, opts));
    }
    let file = parse_m2(&bytes, &fname)?;
    let version = file.md20.version;
    let mut finder = Finder { files: files.as_ref(), data: opts.data.as_deref() };
    let mut companions = Vec::new();
    let listfile = opts.listfile.as_deref();
    let roots = data_roots(opts, &dir);
    // A FileDataID is found by ID in the model's sources (a CASC install),
    // as `<fdid>.<ext>` beside the model, through the listfile, or under
    // the name wow.export gives it beside the model (see [`export_names`]).
    let by_fdid = |finder: &mut Finder, fdid: u32, ext: &str, export_names: &[String]| -> Option<PathBuf> {
        finder
            .by_id(fdid)
            .or_else(|| finder.entry(&dir, &format!("{fdid}.{ext}")))
            .or_else(|| {
                let p = listfile?.path(fdid)?;
                roots.iter().find_map(|r| finder.resolve(r, p))
            })
            .or_else(|| export_names.iter().find_map(|n| finder.entry(&dir, n)))
    };

    // The skeleton (`SKID`) and its parents: read first, so that the
    // skins and `.anim` files below see the skeleton's sequences.
    let mut skel_warnings = Vec::new();
    let skel_files = read_skeleton_chain(&file, &mut finder, &by_fdid, &stem, &mut companions, &mut skel_warnings)?;
    let mut file = file;
    apply_skeleton(&mut file, &skel_files)?;

    // Skin profiles (Wrath+).
    let mut skins = Vec::new();
    if version >= crate::raw::layout::WRATH {
        let n = file.md20.num_skin_profiles as usize;
        let sfid = file.chunks.as_ref().map(|c| c.skin_file_ids.clone()).unwrap_or_default();
        let mut wanted: Vec<(CompanionKind, String, Option<PathBuf>)> = Vec::new();
        for i in 0..n {
            let (w, found) = match sfid.get(i) {
                Some(&fdid) if file.chunks.is_some() => {
                    let export = export_names(&stem, ExportName::Skin(i));
                    (format!("fdid {fdid}"), by_fdid(&mut finder, fdid, "skin", &export))
                }
                _ => {
                    let names = export_names(&stem, ExportName::Skin(i));
                    let f = names.iter().find_map(|n| finder.entry(&dir, n));
                    (names[0].clone(), f)
                }
            };
            wanted.push((CompanionKind::Skin, w, found));
        }
        // LOD skins: SFID entries past the profiles, or `_lodNN.skin` files that exist.
        if file.chunks.is_some() {
            for (lod, &fdid) in sfid.iter().skip(n).enumerate() {
                let export = export_names(&stem, ExportName::LodSkin(lod + 1));
                wanted.push((
                    CompanionKind::LodSkin,
                    format!("fdid {fdid}"),
                    by_fdid(&mut finder, fdid, "skin", &export),
                ));
            }
        } else {
            for i in 1..=9 {
                let name = format!("{stem}_lod{i:02}.skin");
                match finder.entry(&dir, &name) {
                    Some(p) => wanted.push((CompanionKind::LodSkin, name, Some(p))),
                    None => break,
                }
            }
        }
        for (kind, w, found) in wanted {
            if let Some(p) = &found {
                let sb = finder.read(p)?;
                let skin = parse_skin(&sb, version, &p.display().to_string())?;
                skins.push((p.file_name().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(), skin));
            }
            companions.push(Companion { kind, wanted: w, path: found });
        }
    }
    let first_missing = companions.first().is_some_and(|c| c.path.is_none());
    let (mut model, anim_keys) = crate::convert::m2_to_model_parts(&file, &skins).map_err(|e| e.in_file(&fname))?;
    if let (true, Some((name, _))) = (first_missing, skins.first()) {
        model.warnings.push(format!("skin profile 0 is missing: showing {name} instead"));
    }
    for c in companions.iter().filter(|c| c.path.is_none() && c.kind != CompanionKind::Skeleton) {
        model.warnings.push(format!("{} {} not found", c.kind.label(), c.wanted));
    }
    model.warnings.extend(skel_warnings);
    if !model.has_geometry() {
        model.warnings.push(nothing_to_draw(&stem));
    }

    // .anim files for sequences whose keys are external.
    let afid = file.chunks.as_ref().map(|c| c.anim_file_ids.clone()).unwrap_or_default();
    let mut anim_files = vec![None; model.sequences.len()];
    let mut missing_anims = Vec::new();
    for (i, s) in model.sequences.iter().enumerate() {
        if !matches!(s.data, SequenceData::External { .. }) {
            continue;
        }
        let (w, found) = match afid.iter().find(|a| a.anim_id == s.anim_id && a.sub_anim_id == s.variation) {
            Some(a) if a.file_id != 0 => {
                let export = format!("{stem}{:04}-{:02}.anim", s.anim_id, s.variation);
                (format!("fdid {}", a.file_id), by_fdid(&mut finder, a.file_id, "anim", std::slice::from_ref(&export)))
            }
            _ => {
                let name = format!("{stem}{:04}-{:02}.anim", s.anim_id, s.variation);
                let f = finder.entry(&dir, &name);
                (name, f)
            }
        };
        if found.is_none() {
            missing_anims.push((i, w.clone()));
        }
        anim_files[i] = found.clone();
        companions.push(Companion { kind: CompanionKind::Anim, wanted: w, path: found });
    }

    model.warnings.extend(missing_anim_warnings(&missing_anims));
    load_bone_files(&file, &mut model, &mut finder, &by_fdid, &stem, &mut companions)?;

    let texture_files = resolve_textures(&mut model, &mut finder, &roots, &dir, &stem, &by_fdid, &mut companions);
    Ok(LoadedModel::new(files, path, model, companions, texture_files, (anim_files, anim_keys), opts))
}

/// The `.skel` files of a chunked model's skeleton chain (its `SKID`, then
/// each `SKPD` parent, at most [`crate::skeleton::MAX_CHAIN`]): `(fdid,
/// path, bytes)`, the model's first. A missing skeleton ends the chain with
/// a warning naming its FileDataID (without any, the model keeps its own
/// bones: bind pose for a model that has none).
fn read_skeleton_chain(
    file: &M2File<'_>,
    finder: &mut Finder,
    by_fdid: &ByFdid<'_>,
    stem: &str,
    companions: &mut Vec<Companion>,
    warnings: &mut Vec<String>,
) -> Result<Vec<(u32, PathBuf, Vec<u8>)>> {
    let mut chain: Vec<(u32, PathBuf, Vec<u8>)> = Vec::new();
    let mut next = file.chunks.as_ref().and_then(|c| c.skeleton_file_id).filter(|&id| id != 0);
    while let Some(id) = next {
        if chain.iter().any(|c| c.0 == id) || chain.len() == crate::skeleton::MAX_CHAIN {
            warnings.push(format!(
                "skeleton fdid {id}: the chain of parent skeletons loops or runs past {} files; stopped there",
                crate::skeleton::MAX_CHAIN
            ));
            break;
        }
        // wow.export writes a model's skeleton beside it as `<model>.skel`.
        let export = if chain.is_empty() { vec![format!("{stem}.skel")] } else { Vec::new() };
        let found = by_fdid(finder, id, "skel", &export);
        companions.push(Companion { kind: CompanionKind::Skeleton, wanted: format!("fdid {id}"), path: found.clone() });
        let Some(path) = found else {
            let whose =
                chain.last().map_or("the model's skeleton".to_string(), |c| format!("parent skeleton of fdid {}", c.0));
            warnings.push(format!("{whose}, fdid {id} (.skel), not found: the model draws in bind pose"));
            break;
        };
        let bytes = finder.read(&path)?;
        let state = ParseState::for_file_len(bytes.len());
        let name = path.display().to_string();
        next = crate::raw::skel::Skel::parent_of(&Reader::new(&bytes, 0, &state)).map_err(|e| e.in_file(&name))?;
        chain.push((id, path, bytes));
    }
    Ok(chain)
}

/// Parses the skeleton chain (the root-most first, so that a skeleton
/// without `SKS1` reads its tracks by its parent's sequences) and gives
/// `file` its blocks ([`crate::skeleton::apply`]).
fn apply_skeleton<'a>(file: &mut M2File<'a>, chain: &'a [(u32, PathBuf, Vec<u8>)]) -> Result<()> {
    if chain.is_empty() {
        return Ok(());
    }
    let mut skels: Vec<(u32, crate::raw::skel::Skel<'a>)> = Vec::with_capacity(chain.len());
    for (id, path, bytes) in chain.iter().rev() {
        let name = path.display().to_string();
        let state = ParseState::for_file_len(bytes.len());
        let inherited = skels.iter().rev().find_map(|s| s.1.sequences.as_ref().map(|q| q.sequences.as_slice()));
        let inherited = inherited.unwrap_or(&file.md20.sequences);
        let skel = crate::raw::skel::Skel::parse(&Reader::new(bytes, 0, &state), Some(inherited))
            .map_err(|e| e.in_file(&name))?;
        file.warnings.extend(state.take_warnings().into_iter().map(|w| w.in_file(&name)));
        skels.push((*id, skel));
    }
    skels.reverse();
    file.skeleton = Some(crate::skeleton::apply(file, &skels));
    Ok(())
}

/// Reads the model's `.bone` files (`BFID`, wowdev wiki "BONE": one per
/// variant of the FacePose sequence 808, named `<model>_NN.bone` by
/// variant before Legion) into [`Model::bone_sets`]; a missing one is a
/// warning, a broken one an error naming it.
fn load_bone_files(
    file: &M2File<'_>,
    model: &mut Model,
    finder: &mut Finder,
    by_fdid: &ByFdid<'_>,
    stem: &str,
    companions: &mut Vec<Companion>,
) -> Result<()> {
    let bfid = file.chunks.as_ref().map(|c| c.bone_file_ids.clone()).unwrap_or_default();
    for (variant, &id) in bfid.iter().enumerate().filter(|(_, id)| **id != 0) {
        let found = by_fdid(finder, id, "bone", &[format!("{stem}_{variant:02}.bone")]);
        companions.push(Companion { kind: CompanionKind::Bone, wanted: format!("fdid {id}"), path: found.clone() });
        let Some(path) = found else {
            model.warnings.push(format!("bone file fdid {id} (FacePose variant {variant}) not found"));
            continue;
        };
        let bytes = finder.read(&path)?;
        let set = read_bone_set(model, &bytes, &path.display().to_string(), Some(variant as u16))?;
        model.bone_sets.push(set);
    }
    Ok(())
}

/// Reads `.bone` file `bytes` (named `name` in errors) for `model`: its
/// bones by their file index, those the model lacks left out with a
/// warning in `model.warnings`; `variant` as [`crate::model::BoneSet::variant`].
///
/// # Errors
/// A malformed file (names it, the structure and the offset).
pub fn read_bone_set(
    model: &mut Model,
    bytes: &[u8],
    name: &str,
    variant: Option<u16>,
) -> Result<crate::model::BoneSet> {
    let state = ParseState::for_file_len(bytes.len());
    let parsed = crate::raw::bone::BoneFile::parse(&Reader::new(bytes, 0, &state)).map_err(|e| e.in_file(name))?;
    let mut bones = Vec::with_capacity(parsed.bones.len());
    for (file_bone, m) in parsed.bones {
        match model.bones.iter().position(|b| b.file_index == file_bone) {
            Some(i) => bones.push((crate::model::BoneId(i as u16), m)),
            None => model.warnings.push(format!("{name}: bone {file_bone} is not in the model; ignored")),
        }
    }
    Ok(crate::model::BoneSet { file: name.to_string(), variant, bones })
}

/// The warnings of `.anim` files not found (`(sequence, file)`): one each
/// for up to three, else one naming the first file and the sequences (a
/// race model without its `.anim` files misses dozens; `info` lists each).
fn missing_anim_warnings(missing: &[(usize, String)]) -> Vec<String> {
    if missing.len() <= 3 {
        return missing.iter().map(|(i, w)| format!("anim {w} not found (sequence {i})")).collect();
    }
    let mut seqs: Vec<String> = missing.iter().take(8).map(|(i, _)| i.to_string()).collect();
    if missing.len() > 8 {
        seqs.push("…".into());
    }
    vec![format!(
        "{} .anim files not found, e.g. {} (sequences {}): their keys are not shown",
        missing.len(),
        missing[0].1,
        seqs.join(", ")
    )]
}

/// A companion that exporters write beside an exported model, named after
/// the model's file stem instead of its FileDataID.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportName {
    /// Skin profile `n` (`<model>NN.skin`; LOD 0 is `<model>00.skin`, or
    /// `<model>.skin` as some wow.export versions write it).
    Skin(usize),
    /// LOD skin `n` ≥ 1 (`<model>_lodNN.skin`).
    LodSkin(usize),
    /// A texture by FileDataID (`<model>_<fdid>.blp`).
    Texture(u32),
}

/// The file names exporters give a companion of the model with file stem
/// `stem`, the usual first: skins as `<name>NN.skin` (LOD 0 also
/// `<name>.skin`) and `<name>_lodNN.skin`, textures as `<name>_<fdid>.blp`
/// (as in the export tree of miaoihan/wow.export, `resources/M2/`:
/// `5408474.m2` beside `540847400.skin`, `5408474_lod01.skin` and
/// `5408474_5408779.blp` for TXID 5408779; other wow.export versions write
/// the LOD-0 skin as `<name>.skin`).
pub fn export_names(stem: &str, what: ExportName) -> Vec<String> {
    match what {
        ExportName::Skin(0) => vec![format!("{stem}00.skin"), format!("{stem}.skin")],
        ExportName::Skin(n) => vec![format!("{stem}{n:02}.skin")],
        ExportName::LodSkin(n) => vec![format!("{stem}_lod{n:02}.skin")],
        ExportName::Texture(fdid) => vec![format!("{stem}_{fdid}.blp")],
    }
}

/// Finds each texture's file: stored paths under the data roots (or by file
/// name beside the model), FileDataIDs through `by_fdid`, replaceable skins by
/// the usual export names. Missing ones become warnings.
/// Data roots for stored paths: the given root, else the model folder and its ancestors.
fn data_roots(opts: &LoadOptions, dir: &Path) -> Vec<PathBuf> {
    match &opts.data_root {
        Some(r) => vec![r.clone()],
        None => dir.ancestors().map(Path::to_path_buf).collect(),
    }
}

/// Finds a FileDataID's file: `(finder, fdid, extension, export names)`.
type ByFdid<'a> = dyn Fn(&mut Finder, u32, &str, &[String]) -> Option<PathBuf> + 'a;

fn resolve_textures(
    model: &mut Model,
    finder: &mut Finder,
    roots: &[PathBuf],
    dir: &Path,
    stem: &str,
    by_fdid: &ByFdid<'_>,
    companions: &mut Vec<Companion>,
) -> Vec<Option<PathBuf>> {
    let mut texture_files = Vec::with_capacity(model.textures.len());
    for (i, t) in model.textures.iter().enumerate() {
        let (w, found) = match &t.source {
            TextureSource::Path(p) => {
                let base = p.rsplit(['\\', '/']).next().unwrap_or(p);
                let f = roots
                    .iter()
                    .find_map(|r| finder.resolve(r, p))
                    // Exports often flatten folders: fall back to the file name beside the model.
                    .or_else(|| finder.entry(dir, base));
                (p.clone(), f)
            }
            TextureSource::FileDataId(id) => {
                (format!("fdid {id}"), by_fdid(finder, *id, "blp", &export_names(stem, ExportName::Texture(*id))))
            }
            // Item and character skins (types 2 and 1) come from other databases;
            // exports keep them beside the model as `<name>.blp` or `<name>Skin.blp`.
            // (Creature skins, types 11–13, are `crate::skins`'.)
            // (Warcraft III's team colour and glow, ids 1 and 2, are built by the viewer.)
            TextureSource::Replaceable if model.team_slot(i).is_none() && matches!(t.kind, 1 | 2) => {
                let found = [format!("{stem}.blp"), format!("{stem}skin.blp"), format!("{stem}_skin.blp")]
                    .iter()
                    .find_map(|n| finder.entry(dir, n));
                if let Some(f) = &found {
                    companions.push(Companion {
                        kind: CompanionKind::Texture,
                        wanted: format!("replaceable type {} (guessed)", t.kind),
                        path: Some(f.clone()),
                    });
                }
                texture_files.push(found);
                continue;
            }
            _ => {
                texture_files.push(None);
                continue;
            }
        };
        if found.is_none() {
            model.warnings.push(format!("texture {i} {w} not found"));
        }
        texture_files.push(found.clone());
        companions.push(Companion { kind: CompanionKind::Texture, wanted: w, path: found });
    }

    texture_files
}

impl LoadedModel {
    /// A model with nothing in it (no geometry, bones, sequences or
    /// textures), named after `path` but read from nowhere: the root under
    /// which a scene's models are placed. Reads through a plain [`Disk`].
    pub fn empty(path: &Path) -> LoadedModel {
        let source = crate::model::SourceInfo {
            format: crate::model::SourceFormat::Scene,
            version: 0,
            expansion: "",
            chunks: Vec::new(),
            unknown_chunks: Vec::new(),
        };
        let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        LoadedModel {
            files: Arc::new(Disk::new()),
            path: path.to_path_buf(),
            model: Model::empty(source, &name),
            companions: Vec::new(),
            texture_files: Vec::new(),
            anim_files: Vec::new(),
            anim_keys: Default::default(),
            roots: Vec::new(),
            data: None,
            file_data_id: None,
            listfile: None,
            wmo: None,
            adt: None,
            wdt: None,
        }
    }

    /// Loads the `.anim` file of sequence `seq` if it is external and found;
    /// returns whether keys were loaded. Errors name the .anim file.
    pub fn load_anim(&mut self, seq: SequenceId) -> Result<bool> {
        let Some(Some(path)) = self.anim_files.get(seq.index()).cloned() else {
            return Ok(false);
        };
        if let Some(s) = self.model.sequences.get(seq.index())
            && s.data == (SequenceData::External { loaded: true })
        {
            return Ok(false);
        }
        let bytes = self.read(&path)?;
        let n = self.anim_keys.load(&mut self.model, seq, &path.display().to_string(), &bytes)?;
        Ok(n > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::{game_relative, missing_anim_warnings};

    #[test]
    fn game_paths_stay_under_their_roots() {
        assert_eq!(game_relative(r"Textures\Foo.blp").as_deref(), Some("Textures/Foo.blp"));
        assert_eq!(game_relative(r"\XTextures\lava\lava.1.blp").as_deref(), Some("XTextures/lava/lava.1.blp"));
        assert_eq!(game_relative("/etc/passwd").as_deref(), Some("etc/passwd"), "relative to the root, not /");
        for hostile in ["", "/", r"..\x.blp", "a/../../x.blp", r"C:\Windows\x.blp", "x.blp:stream"] {
            assert_eq!(game_relative(hostile), None, "{hostile}");
        }
    }

    #[test]
    fn many_missing_anims_make_one_warning() {
        let few: Vec<(usize, String)> = (0..2).map(|i| (i, format!("A{i:04}-00.anim"))).collect();
        assert_eq!(
            missing_anim_warnings(&few),
            ["anim A0000-00.anim not found (sequence 0)", "anim A0001-00.anim not found (sequence 1)"]
        );
        let many: Vec<(usize, String)> = (0..10).map(|i| (i * 2, format!("A{i:04}-00.anim"))).collect();
        assert_eq!(
            missing_anim_warnings(&many),
            [
                "10 .anim files not found, e.g. A0000-00.anim (sequences 0, 2, 4, 6, 8, 10, 12, 14, …): their keys are not shown"
            ]
        );
    }
}
