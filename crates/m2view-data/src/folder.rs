//! A loose folder as a source: every file under it by its path relative to
//! the folder (a wow.export tree, an extracted client, a modder's work dir).
//! A file named by a number (`5408474.m2`, as wow.export's raw export
//! names files) is also found as FileDataID `fdid:5408474`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::{Entry, Error, Found, MAX_FILE_BYTES, Result, Source, normalize};

/// A folder indexed once when opened.
pub struct Folder {
    name: String,
    /// Normalized path → (spelling relative to the root, file, size).
    files: HashMap<String, (String, PathBuf, u64)>,
    /// FileDataID → normalized path of the files named `<number>.<ext>`.
    ids: HashMap<u32, String>,
}

impl Folder {
    /// Indexes every file under `root` (`Cache/` folders are skipped, as the
    /// client ignores them). Errors: `root` is not a readable folder.
    pub fn open(root: &Path) -> Result<Folder> {
        let name = root.display().to_string();
        let top = std::fs::read_dir(root).map_err(|e| Error::new(&name, "", e.to_string()))?;
        let mut files = HashMap::new();
        let mut stack: Vec<(std::fs::ReadDir, String)> = vec![(top, String::new())];
        while let Some((rd, prefix)) = stack.pop() {
            for e in rd.flatten() {
                let fname = e.file_name().to_string_lossy().into_owned();
                let rel = if prefix.is_empty() { fname.clone() } else { format!("{prefix}/{fname}") };
                let Ok(ft) = e.file_type() else { continue };
                if ft.is_dir() {
                    if !fname.eq_ignore_ascii_case("cache")
                        && let Ok(sub) = std::fs::read_dir(e.path())
                    {
                        stack.push((sub, rel));
                    }
                } else if let Ok(meta) = e.metadata() {
                    files.insert(normalize(&rel), (rel, e.path(), meta.len()));
                }
            }
        }
        let mut ids = HashMap::new();
        let mut numbered: Vec<&String> = files.keys().collect();
        numbered.sort();
        for key in numbered {
            let file = key.rsplit('/').next().unwrap_or(key);
            if let Some(Ok(id)) = file.split_once('.').map(|(stem, _)| stem.parse::<u32>()) {
                ids.entry(id).or_insert_with(|| key.clone());
            }
        }
        Ok(Folder { name, files, ids })
    }

    /// The file of `key`: a path, or `fdid:N` for a file named `N.<ext>`.
    fn get(&self, key: &str) -> Option<&(String, PathBuf, u64)> {
        match crate::fdid_of(key) {
            Some(id) => self.files.get(self.ids.get(&id)?),
            None => self.files.get(key),
        }
    }
}

impl Source for Folder {
    fn name(&self) -> &str {
        &self.name
    }

    fn list(&self) -> Vec<Entry> {
        self.files.values().map(|(rel, _, size)| Entry { path: rel.clone(), size: *size }).collect()
    }

    fn lookup(&self, key: &str) -> Option<Found> {
        self.get(key).map(|f| Found::File(f.2))
    }

    fn read(&self, key: &str) -> Result<Vec<u8>> {
        let (rel, path, size) = self.get(key).ok_or_else(|| Error::new(&self.name, key, "not in this folder"))?;
        if *size > MAX_FILE_BYTES {
            return Err(Error::new(&self.name, rel, format!("file of {size} bytes is too large")));
        }
        std::fs::read(path).map_err(|e| Error::new(&self.name, rel, e.to_string()))
    }

    fn display(&self, key: &str) -> Option<String> {
        self.get(key).map(|f| f.0.clone())
    }
}
