//! Opening a model the way every front end does (`info`, `render`,
//! `export`, the window): loaded with its companions (`m2view-format`),
//! then dressed from the client tables (`m2view-dress`: creature skins, a
//! race model's character, the client's animation names).

use std::path::{Path, PathBuf};

use m2view_dress::character::Look;
use m2view_dress::{ClientTables, Dressing};
use m2view_format::{LoadOptions, LoadedModel};

/// Where models and their tables are read from.
#[derive(Debug, Clone, Default)]
pub struct OpenOptions {
    /// Models, companions and textures (`--data`, `--data-root`, `--listfile`).
    pub load: LoadOptions,
    /// Folders of client tables (`--dbc`), searched before those around the model.
    pub dbc: Vec<PathBuf>,
    /// Table definitions: embedded, and `--dbd DIR` first.
    pub dbd: std::sync::Arc<m2view_db::defs::Definitions>,
    /// TACT keys (`--tact-keys`) for CASC installs opened later (the window's "Open game folder…").
    pub tact_keys: Option<std::sync::Arc<m2view_data::KeyRing>>,
    /// Where Blizzard CDN sources are read from and cached (`--version-server`, `--cache`,
    /// `--cache-size`), for those added in the window.
    pub cdn: CdnSettings,
}

/// Where a Blizzard CDN source is read from and cached.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CdnSettings {
    /// The version service (default: the region's public one,
    /// `http://REGION.patch.battle.net:1119`).
    pub version_server: Option<String>,
    /// The cache folder (default: the system's cache folder, `m2view/cdn` in it).
    pub cache: Option<PathBuf>,
    /// The cache's cap in bytes (default 10 GiB).
    pub cache_size: Option<u64>,
}

/// The bytes of `file` (a texture, a table: a file opened whole): through
/// `--data` when given (a virtual path; a file on disk when the sources
/// have no such path), else from disk. Errors: not there, or an I/O or
/// archive failure.
pub fn read(file: &Path, opts: &OpenOptions) -> Result<Vec<u8>, crate::AppError> {
    if let Some(vfs) = &opts.load.data {
        let key = file.to_string_lossy();
        match vfs.read_file(&key).map_err(crate::AppError::input)? {
            Some((bytes, _)) => return Ok(bytes),
            None if !file.is_file() => return Err(crate::AppError::input(format!("{key}: not in the --data sources"))),
            None => {}
        }
    }
    m2view_format::companion::read_file(file).map_err(crate::AppError::input)
}

/// A model as opened: loaded and dressed.
#[derive(Debug, Clone)]
pub struct Opened {
    /// The model and what was found around it.
    pub lm: LoadedModel,
    /// Its creature skins or character, and its tables.
    pub dressing: Dressing,
}

impl Opened {
    /// Opens and dresses the model at `path` (a virtual path with `--data`).
    ///
    /// # Errors
    /// The model cannot be read or is malformed (names file, structure, offset).
    pub fn open(path: &Path, opts: &OpenOptions) -> m2view_format::Result<Opened> {
        let lm = m2view_format::load_model_file(path, &opts.load)?;
        Ok(Opened::dress(lm, opts))
    }

    /// Dresses a model already loaded.
    pub fn dress(mut lm: LoadedModel, opts: &OpenOptions) -> Opened {
        let tables = ClientTables::for_model(&lm, &opts.dbc, opts.dbd.clone());
        let dressing = Dressing::dress(&mut lm, tables);
        Opened { lm, dressing }
    }

    /// Dresses the creature with its `k`-th skin; false when there is none.
    pub fn apply_skin(&mut self, k: usize) -> bool {
        self.dressing.creature.apply(&mut self.lm, k)
    }

    /// The geosets the creature skin worn shows in LOD `lod` (`None`: the defaults).
    pub fn skin_geosets(&self, lod: usize) -> Option<std::collections::BTreeSet<u16>> {
        self.dressing.creature.geosets(&self.lm, lod)
    }

    /// The character's look for its current choices ([`look`]).
    pub fn look(&mut self) -> Option<Look> {
        look(&mut self.lm, &self.dressing)
    }
}

/// The look of `dressing`'s character for its current choices (`None`: no
/// character), its hair, extra skin and cape textures applied to `lm`'s
/// texture files.
pub fn look(lm: &mut LoadedModel, dressing: &Dressing) -> Option<Look> {
    let c = dressing.character.as_ref()?;
    let look = c.look(lm, &dressing.tables, &lm.model.geoset_ids());
    look.apply_textures(lm);
    Some(look)
}
