//! A CASC install as a source (`m2view-casc` reads it): files are found by
//! FileDataID (`fdid:N`), by a path the listfile names, or — with no
//! listfile naming it — by the Jenkins96 name hash the root stores.
//! Listed under their listfile path, else as `fdid:N`.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use m2view_casc::{OpenOptions, Storage};

use crate::{Entry, Error, Found, Listfile, Result, Source};

/// An opened install.
pub struct Casc {
    name: String,
    storage: Storage,
    listfile: Option<Arc<Listfile>>,
    /// `(FileDataID, size)` of every readable file by folder key, built on
    /// the first [`Source::list_dir`].
    dirs: OnceLock<HashMap<String, Vec<(u32, u64)>>>,
}

impl Casc {
    /// Opens the install `path` leads to (its root, `Data/` or a flavour
    /// folder), naming files with `listfile`.
    ///
    /// # Errors
    /// The storage cannot be opened (the message names the install and the
    /// file of it that failed).
    pub fn open(path: &Path, opts: &OpenOptions, listfile: Option<Arc<Listfile>>) -> Result<Casc> {
        let storage =
            Storage::open(path, opts).map_err(|e| Error::new(path.display().to_string(), "", e.to_string()))?;
        Ok(Casc { name: storage.root_dir.display().to_string(), storage, listfile, dirs: OnceLock::new() })
    }

    /// The storage.
    pub fn storage(&self) -> &Storage {
        &self.storage
    }

    /// The FileDataID a normalized key stands for.
    fn id(&self, key: &str) -> Option<u32> {
        crate::fdid_of(key).or_else(|| self.listfile.as_ref()?.id(key)).or_else(|| self.storage.by_name(key))
    }

    /// The name of FileDataID `id` in listings.
    fn spelling(&self, id: u32) -> String {
        self.listfile.as_ref().and_then(|l| l.path(id)).map_or_else(|| format!("fdid:{id}"), str::to_string)
    }

    fn error(&self, key: &str, e: m2view_casc::Error) -> Error {
        Error::new(&self.name, key, e.to_string())
    }
}

impl Source for Casc {
    fn name(&self) -> &str {
        &self.name
    }

    fn list(&self) -> Vec<Entry> {
        match self.storage.files() {
            Ok(files) => files.into_iter().map(|(id, size)| Entry { path: self.spelling(id), size }).collect(),
            Err(_) => Vec::new(),
        }
    }

    fn lookup(&self, key: &str) -> Option<Found> {
        let id = self.id(key)?;
        self.storage.size(id).ok().flatten().map(Found::File)
    }

    fn read(&self, key: &str) -> Result<Vec<u8>> {
        let id = self.id(key).ok_or_else(|| Error::new(&self.name, key, "no such file in this install"))?;
        let what = format!("fdid:{id}");
        let label = if key == what { what.clone() } else { format!("{what} ({key})") };
        match self.storage.read(id) {
            Ok(Some(b)) => Ok(b),
            Ok(None) => Err(Error::new(&self.name, label, "not in the root of this build and locale")),
            Err(e) => Err(self.error(&label, e)),
        }
    }

    fn display(&self, key: &str) -> Option<String> {
        Some(self.spelling(self.id(key)?))
    }

    fn file_id(&self, key: &str) -> Option<u32> {
        self.id(key)
    }

    fn build(&self) -> Option<String> {
        Some(self.storage.build.get("Version").to_string()).filter(|v| !v.is_empty())
    }

    fn list_dir(&self, dir: &str) -> Vec<Entry> {
        let dirs = self.dirs.get_or_init(|| {
            let mut dirs: HashMap<String, Vec<(u32, u64)>> = HashMap::new();
            for (id, size) in self.storage.files().unwrap_or_default() {
                dirs.entry(crate::parent_key(&crate::normalize(&self.spelling(id)))).or_default().push((id, size));
            }
            dirs
        });
        let files = dirs.get(dir).map(Vec::as_slice).unwrap_or_default();
        files.iter().map(|&(id, size)| Entry { path: self.spelling(id), size }).collect()
    }
}
