//! Plain paths on disk, matched component by component ignoring case (what
//! a model exported from Windows needs on Linux): the [`Files`] of a model
//! opened by path without `--data`.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

use crate::{Error, Files, MAX_FILE_BYTES, Result};

/// The local file system, with cached directory listings.
#[derive(Default)]
pub struct Disk {
    dirs: Mutex<HashMap<PathBuf, Vec<(String, PathBuf)>>>,
}

impl Disk {
    /// A fresh cache.
    pub fn new() -> Disk {
        Disk::default()
    }

    /// The entry of `dir` named `name` ignoring case.
    fn entry(&self, dir: &Path, name: &str) -> Option<PathBuf> {
        let mut dirs = self.dirs.lock().unwrap_or_else(|p| p.into_inner());
        let list = dirs.entry(dir.to_path_buf()).or_insert_with(|| {
            let listed = std::fs::read_dir(if dir.as_os_str().is_empty() { Path::new(".") } else { dir });
            listed
                .map(|rd| {
                    rd.filter_map(|e| e.ok())
                        .map(|e| (e.file_name().to_string_lossy().to_lowercase(), e.path()))
                        .collect()
                })
                .unwrap_or_default()
        });
        let lower = name.to_lowercase();
        list.iter().find(|(n, _)| *n == lower).map(|(_, p)| p.clone())
    }
}

impl Disk {
    /// The real path of `path` ignoring case, file or folder.
    fn resolve_any(&self, path: &Path) -> Option<PathBuf> {
        // Stored paths use `\`: split them too. (Callers refuse `..` in
        // paths that come from files; a user's `../x` is walked as given.)
        let text = path.to_string_lossy().replace('\\', "/");
        let mut cur = PathBuf::new();
        for c in Path::new(&text).components() {
            match c {
                Component::Prefix(_) | Component::RootDir | Component::ParentDir => cur.push(c.as_os_str()),
                Component::CurDir => {}
                Component::Normal(part) => cur = self.entry(&cur, &part.to_string_lossy())?,
            }
        }
        Some(cur)
    }

    /// The real folder of `dir` ignoring case (`""` is the current folder).
    fn find_dir(&self, dir: &Path) -> Option<PathBuf> {
        if dir.as_os_str().is_empty() {
            return Some(PathBuf::from("."));
        }
        if dir.is_dir() {
            return Some(dir.to_path_buf());
        }
        self.resolve_any(dir).filter(|p| p.is_dir())
    }
}

impl Files for Disk {
    fn find(&self, path: &Path) -> Option<PathBuf> {
        if path.is_file() {
            return Some(path.to_path_buf());
        }
        self.resolve_any(path).filter(|p| p.is_file())
    }

    fn read(&self, path: &Path) -> Result<Vec<u8>> {
        let name = path.display().to_string();
        let meta = std::fs::metadata(path).map_err(|e| Error::new("", &name, e.to_string()))?;
        if meta.len() > MAX_FILE_BYTES {
            return Err(Error::new("", name, format!("file of {} bytes is too large", meta.len())));
        }
        std::fs::read(path).map_err(|e| Error::new("", name, e.to_string()))
    }

    fn list_dir(&self, dir: &Path) -> Vec<PathBuf> {
        let Some(real) = self.find_dir(dir) else { return Vec::new() };
        let mut v: Vec<PathBuf> =
            std::fs::read_dir(real).into_iter().flatten().flatten().map(|e| e.path()).filter(|p| p.is_file()).collect();
        v.sort();
        v
    }

    fn source_of(&self, path: &Path) -> String {
        path.parent().map(|p| p.display().to_string()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_paths_ignoring_case_and_backslashes() {
        let d = std::env::temp_dir().join(format!("m2view-disk-{}", std::process::id()));
        std::fs::create_dir_all(d.join("Data/TEXTURES")).unwrap();
        std::fs::write(d.join("Data/TEXTURES/Box.BLP"), b"x").unwrap();
        let disk = Disk::new();
        let want = Some(d.join("Data/TEXTURES/Box.BLP"));
        assert_eq!(disk.find(&d.join("data\\textures\\box.blp")), want);
        assert_eq!(disk.find(&d.join("Data/x/../TEXTURES/box.blp")), None, "no folder x");
        assert_eq!(
            disk.find(&d.join("Data/TEXTURES/../TEXTURES/BOX.blp")),
            Some(d.join("Data/TEXTURES/../TEXTURES/Box.BLP"))
        );
        assert_eq!(disk.read(want.as_ref().unwrap()).unwrap(), b"x");
        assert_eq!(disk.find(&d.join("data/textures/none.blp")), None);
        std::fs::remove_dir_all(&d).unwrap();
    }
}
