//! Files held in memory as a source: what a browser hands the web build
//! (dropped files, a file picker's, fetched companions), and tests. Shared
//! so that files can be added while a VFS over it is in use.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use crate::{Entry, Error, Found, Result, Source, normalize};

/// Normalized path → (spelling, bytes).
type Table = HashMap<String, (String, Arc<Vec<u8>>)>;

/// Files by virtual path, in memory.
#[derive(Clone, Default)]
pub struct Memory {
    name: String,
    files: Arc<RwLock<Table>>,
}

impl Memory {
    /// An empty source named `name` in messages.
    pub fn new(name: &str) -> Memory {
        Memory { name: name.to_string(), files: Default::default() }
    }

    /// Adds (or replaces) the file at virtual path `path`.
    pub fn insert(&self, path: &str, bytes: Vec<u8>) {
        let mut files = self.files.write().unwrap_or_else(|e| e.into_inner());
        files.insert(normalize(path), (path.replace('\\', "/"), Arc::new(bytes)));
    }

    /// Whether a file is at virtual path `path`.
    pub fn contains(&self, path: &str) -> bool {
        self.files.read().unwrap_or_else(|e| e.into_inner()).contains_key(&normalize(path))
    }
}

impl Source for Memory {
    fn name(&self) -> &str {
        &self.name
    }

    fn list(&self) -> Vec<Entry> {
        let files = self.files.read().unwrap_or_else(|e| e.into_inner());
        files.values().map(|(p, b)| Entry { path: p.clone(), size: b.len() as u64 }).collect()
    }

    fn lookup(&self, key: &str) -> Option<Found> {
        let files = self.files.read().unwrap_or_else(|e| e.into_inner());
        files.get(key).map(|(_, b)| Found::File(b.len() as u64))
    }

    fn read(&self, key: &str) -> Result<Vec<u8>> {
        let files = self.files.read().unwrap_or_else(|e| e.into_inner());
        files.get(key).map(|(_, b)| b.to_vec()).ok_or_else(|| Error::new(&self.name, key, "not in memory"))
    }

    fn display(&self, key: &str) -> Option<String> {
        self.files.read().unwrap_or_else(|e| e.into_inner()).get(key).map(|(p, _)| p.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Files, Vfs};

    #[test]
    fn files_added_later_are_found_through_the_vfs() {
        let m = Memory::new("dropped files");
        let mut vfs = Vfs::new();
        vfs.push(Arc::new(m.clone()));
        assert!(vfs.find(std::path::Path::new("Creature/Bear/Bear.m2")).is_none());
        m.insert("Creature\\Bear\\Bear.m2", b"MD20".to_vec());
        let found = vfs.find(std::path::Path::new("creature/bear/BEAR.M2")).unwrap();
        assert_eq!(vfs.read(&found).unwrap(), b"MD20");
        assert_eq!(vfs.source_of(&found), "dropped files");
        assert_eq!(m.list(), [Entry { path: "Creature/Bear/Bear.m2".into(), size: 4 }]);
    }
}
