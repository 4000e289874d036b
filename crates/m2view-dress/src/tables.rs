//! Where a model's client tables come from, each parsed once: the `--dbc`
//! folders first (highest priority, in the order given; a folder or its
//! `DBFilesClient/`), then `DBFilesClient/` in the model's folder or any
//! folder above it (in the model's own source), then `DBFilesClient/` of
//! the `--data` sources. Private servers edit these tables, so everything
//! the dressing knows of races, styles and items is read from them.

use std::any::Any;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use m2view_data::{Disk, Files};
use m2view_db::Dbc;
use m2view_error::{Error, ErrorKind, Result};
use m2view_format::LoadedModel;

/// One table file found: its source and path there.
#[derive(Clone)]
struct Found {
    files: Arc<dyn Files>,
    path: PathBuf,
}

/// The decoded rows of one table, or why they could not be read.
type Cached = Arc<dyn Any + Send + Sync>;

/// The client tables of one model (see the module docs for the search
/// order). Cheap to share; a table is read and decoded on first use and
/// kept, with its error when it is broken.
#[derive(Clone)]
pub struct ClientTables {
    dbc_dirs: Vec<PathBuf>,
    model: Option<(Arc<dyn Files>, PathBuf)>,
    data: Option<Arc<m2view_data::Vfs>>,
    cache: Arc<Mutex<HashMap<&'static str, Cached>>>,
}

impl std::fmt::Debug for ClientTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientTables").field("dbc_dirs", &self.dbc_dirs).finish()
    }
}

impl ClientTables {
    /// The tables for `lm`: `dbc_dirs` (the `--dbc` folders), then around
    /// the model, then its `--data` sources.
    pub fn for_model(lm: &LoadedModel, dbc_dirs: &[PathBuf]) -> ClientTables {
        ClientTables {
            dbc_dirs: dbc_dirs.to_vec(),
            model: Some((lm.files.clone(), lm.path.clone())),
            data: lm.data.clone(),
            cache: Default::default(),
        }
    }

    /// The tables of the `--dbc` folders and `--data` sources alone (no model yet).
    pub fn new(dbc_dirs: &[PathBuf], data: Option<Arc<m2view_data::Vfs>>) -> ClientTables {
        ClientTables { dbc_dirs: dbc_dirs.to_vec(), model: None, data, cache: Default::default() }
    }

    /// Where table `name` (`CharSections.dbc`) is, if anywhere.
    fn find(&self, name: &str) -> Option<Found> {
        for dir in &self.dbc_dirs {
            let disk: Arc<dyn Files> = Arc::new(Disk::new());
            for p in [dir.join(name), dir.join("DBFilesClient").join(name)] {
                if let Some(path) = disk.find(&p) {
                    return Some(Found { files: disk, path });
                }
            }
        }
        if let Some((files, model)) = &self.model {
            let dir = model.parent().unwrap_or(Path::new(""));
            let hit = dir.ancestors().find_map(|a| files.find(&a.join("DBFilesClient").join(name)));
            if let Some(path) = hit {
                return Some(Found { files: files.clone(), path });
            }
        }
        let vfs = self.data.as_ref()?;
        let path = vfs.find(&Path::new("DBFilesClient").join(name))?;
        Some(Found { files: vfs.clone(), path })
    }

    /// Where table `name` was found, for messages (`None`: nowhere).
    pub fn location(&self, name: &str) -> Option<String> {
        self.find(name).map(|f| {
            let src = f.files.source_of(&f.path);
            // A loose file's source is its folder: the path says it already.
            if src.is_empty() || f.path.starts_with(&src) {
                f.path.display().to_string()
            } else {
                format!("{src}: {}", f.path.display())
            }
        })
    }

    /// The rows of table `name` decoded by `decode`, read once and kept.
    /// `Ok(None)`: no such table anywhere.
    ///
    /// # Errors
    /// The table exists but cannot be read or decoded (names the file,
    /// the row and column, and the offset).
    pub fn rows<T: Send + Sync + 'static>(
        &self,
        name: &'static str,
        decode: fn(&Dbc) -> Result<Vec<T>>,
    ) -> Result<Option<Arc<Vec<T>>>> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(hit) = cache.get(name) {
            return downcast(hit.clone(), name);
        }
        let result: Result<Option<Arc<Vec<T>>>> = match self.find(name) {
            None => Ok(None),
            Some(f) => {
                let label = self.location(name).unwrap_or_else(|| f.path.display().to_string());
                f.files
                    .read(&f.path)
                    .map_err(|e| Error::new(0, ErrorKind::Io(e.message)).in_file(&label))
                    .and_then(|b| Dbc::parse(b, &label))
                    .and_then(|d| decode(&d))
                    .map(|rows| Some(Arc::new(rows)))
            }
        };
        cache.insert(name, Arc::new(result.clone()));
        result
    }
}

fn downcast<T: Send + Sync + 'static>(hit: Cached, name: &str) -> Result<Option<Arc<Vec<T>>>> {
    match hit.downcast_ref::<Result<Option<Arc<Vec<T>>>>>() {
        Some(r) => r.clone(),
        None => Err(Error::invalid(0, format!("{name} was read as another table"))),
    }
}
