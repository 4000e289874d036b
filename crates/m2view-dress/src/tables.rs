//! Where a model's client tables come from, each parsed once: the `--dbc`
//! folders first (highest priority, in the order given; a folder or its
//! `DBFilesClient/`), then `DBFilesClient/` in the model's folder or any
//! folder above it (in the model's own source), then `DBFilesClient/` of
//! the `--data` sources — there also by the table's FileDataID, as a CASC
//! install names them. In each place a table is `<Table>.db2`, `.dbc` or
//! `.csv` (any generation `m2view-db` reads; its columns from WoWDBDefs,
//! `--dbd` first). Private servers edit these tables, so everything the
//! dressing knows of races, styles and items is read from them.

use std::any::Any;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use m2view_data::{Disk, Files};
use m2view_db::defs::{Definitions, db2_fdid};
use m2view_db::table::Table;
use m2view_error::{Error, ErrorKind, Result};
use m2view_format::LoadedModel;

/// One table file found: its source and path there.
#[derive(Clone)]
struct Found {
    files: Arc<dyn Files>,
    path: PathBuf,
}

impl Found {
    /// Where it is, for messages: its path, after its source where the
    /// path does not already say it (a loose file's source is its folder).
    fn place(&self) -> String {
        let src = self.files.source_of(&self.path);
        if src.is_empty() || self.path.starts_with(&src) {
            self.path.display().to_string()
        } else {
            format!("{src}: {}", self.path.display())
        }
    }
}

/// One table asked for: where it was found (`None`: nowhere), and its
/// decoded rows or why they could not be read.
struct Cached {
    place: Option<String>,
    rows: Arc<dyn Any + Send + Sync>,
}

/// The client tables of one model (see the module docs for the search
/// order). Cheap to share; a table is read and decoded on first use and
/// kept, with its error when it is broken.
#[derive(Clone)]
pub struct ClientTables {
    dbc_dirs: Vec<PathBuf>,
    model: Option<(Arc<dyn Files>, PathBuf)>,
    data: Option<Arc<m2view_data::Vfs>>,
    defs: Arc<Definitions>,
    cache: Arc<Mutex<HashMap<&'static str, Cached>>>,
}

impl std::fmt::Debug for ClientTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientTables").field("dbc_dirs", &self.dbc_dirs).finish()
    }
}

impl ClientTables {
    /// The tables for `lm`: `dbc_dirs` (the `--dbc` folders), then around
    /// the model, then its `--data` sources; columns from `defs`.
    pub fn for_model(lm: &LoadedModel, dbc_dirs: &[PathBuf], defs: Arc<Definitions>) -> ClientTables {
        ClientTables {
            dbc_dirs: dbc_dirs.to_vec(),
            model: Some((lm.files.clone(), lm.path.clone())),
            data: lm.data.clone(),
            defs,
            cache: Default::default(),
        }
    }

    /// The tables of the `--dbc` folders and `--data` sources alone (no model yet).
    pub fn new(dbc_dirs: &[PathBuf], data: Option<Arc<m2view_data::Vfs>>, defs: Arc<Definitions>) -> ClientTables {
        ClientTables { dbc_dirs: dbc_dirs.to_vec(), model: None, data, defs, cache: Default::default() }
    }

    /// The file names table `name` (`CharSections.dbc`, or without extension) may have.
    fn file_names(name: &str) -> Vec<String> {
        let stem = table_name(name);
        ["db2", "dbc", "csv"].iter().map(|e| format!("{stem}.{e}")).collect()
    }

    /// Where table `name` is, if anywhere.
    fn find(&self, name: &str) -> Option<Found> {
        let names = ClientTables::file_names(name);
        for dir in &self.dbc_dirs {
            let disk: Arc<dyn Files> = Arc::new(Disk::new());
            for n in &names {
                for p in [dir.join(n), dir.join("DBFilesClient").join(n)] {
                    if let Some(path) = disk.find(&p) {
                        return Some(Found { files: disk, path });
                    }
                }
            }
        }
        if let Some((files, model)) = &self.model {
            let dir = model.parent().unwrap_or(Path::new(""));
            let hit =
                dir.ancestors().find_map(|a| names.iter().find_map(|n| files.find(&a.join("DBFilesClient").join(n))));
            if let Some(path) = hit {
                return Some(Found { files: files.clone(), path });
            }
        }
        let vfs = self.data.as_ref()?;
        let by_id = db2_fdid(table_name(name)).map(|id| PathBuf::from(format!("fdid:{id}")));
        // A client's `DBFilesClient/`, or a folder of tables added as a source (its files at the top).
        let path = names
            .iter()
            .find_map(|n| vfs.find(&Path::new("DBFilesClient").join(n)).or_else(|| vfs.find(Path::new(n))))
            .or_else(|| vfs.find(&by_id?))?;
        Some(Found { files: vfs.clone(), path })
    }

    /// The client build of the `--data` sources (a CASC install's), for
    /// tables whose layout hash no definition names.
    fn build(&self) -> Option<m2view_db::dbd::Build> {
        self.data.as_ref()?.build().as_deref().and_then(m2view_db::dbd::parse_build)
    }

    /// Where table `name` was found, for messages (`None`: nowhere).
    pub fn location(&self, name: &str) -> Option<String> {
        self.find(name).map(|f| f.place())
    }

    /// Every table asked for so far, by name (sorted), with where it was
    /// found (`None`: in none of the places searched) — what the window's
    /// Messages pane lists as the tables read.
    pub fn asked(&self) -> Vec<(&'static str, Option<String>)> {
        let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        let mut asked: Vec<_> = cache.iter().map(|(n, c)| (*n, c.place.clone())).collect();
        asked.sort_unstable();
        asked
    }

    /// The rows of table `name` (`CharSections.dbc`: the extension is only
    /// a label) decoded by `decode`, read once and kept. `Ok(None)`: no such
    /// table anywhere.
    ///
    /// # Errors
    /// The table exists but cannot be read or decoded (names the file,
    /// the row and column, and the offset).
    pub fn rows<T: Send + Sync + 'static>(
        &self,
        name: &'static str,
        decode: fn(&Table) -> Result<Vec<T>>,
    ) -> Result<Option<Arc<Vec<T>>>> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(hit) = cache.get(name) {
            return downcast(hit.rows.as_ref(), name);
        }
        let found = self.find(name);
        let place = found.as_ref().map(Found::place);
        let result: Result<Option<Arc<Vec<T>>>> = match (found, &place) {
            (Some(f), Some(label)) => f
                .files
                .read(&f.path)
                .map_err(|e| Error::new(0, ErrorKind::Io(e.message)).in_file(label))
                .and_then(|b| Table::parse(b, label, table_name(name), &self.defs, self.build()))
                .and_then(|t| decode(&t))
                .map(|rows| Some(Arc::new(rows))),
            _ => Ok(None),
        };
        cache.insert(name, Cached { place, rows: Arc::new(result.clone()) });
        result
    }
}

/// `CharSections` of `CharSections.dbc`.
fn table_name(name: &str) -> &str {
    name.rsplit_once('.')
        .filter(|(_, e)| ["dbc", "db2", "csv"].contains(&e.to_ascii_lowercase().as_str()))
        .map_or(name, |(s, _)| s)
}

fn downcast<T: Send + Sync + 'static>(hit: &(dyn Any + Send + Sync), name: &str) -> Result<Option<Arc<Vec<T>>>> {
    match hit.downcast_ref::<Result<Option<Arc<Vec<T>>>>>() {
        Some(r) => r.clone(),
        None => Err(Error::invalid(0, format!("{name} was read as another table"))),
    }
}
