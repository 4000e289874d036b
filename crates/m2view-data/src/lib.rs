//! Where m2view's bytes come from: one virtual file system (VFS) over a
//! stack of sources, highest priority first — a loose folder ([`Folder`]),
//! files in memory ([`Memory`]: what a browser hands the web build),
//! one MPQ archive ([`Mpq`], also Warcraft III `.w3x`/`.w3m` maps), a
//! game folder expanded into its archives in the client's load order
//! ([`game::chain`]), or a CASC install of a 6.0+ client ([`Casc`]).
//! Lookups ignore case and treat `\` and `/` alike; every read says which
//! source supplied the file.
//!
//! Files are named by path or by FileDataID: `fdid:N` is a path like any
//! other. A [`Listfile`] given to the stack names FileDataIDs and finds
//! them by name in every source (a CASC install by ID, a loose folder by
//! the listfile's path or as `N.<ext>`, wow.export's raw export).
//!
//! Everything that reads model files does so through [`Files`]: [`Disk`]
//! (plain paths) or [`Vfs`]. A new kind of source (an online CDN) is one
//! more [`Source`].
//!
//! Hostile input is normal: a malformed archive or a file whose bytes cannot
//! be trusted (a sector that failed to decompress, a checksum mismatch, a
//! size the archive cannot hold) is an [`Error`] naming the archive, the file
//! and what is wrong — never zero-filled bytes, a panic or a huge allocation.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(not(target_arch = "wasm32"))]
mod casc;
mod disk;
mod folder;
pub mod game;
pub mod installs;
mod listfile;
mod memory;
#[cfg(not(target_arch = "wasm32"))]
mod mpq;
#[cfg(target_arch = "wasm32")]
#[path = "mpq_web.rs"]
mod mpq;
#[cfg(not(target_arch = "wasm32"))]
mod mpq_error;
#[cfg(not(target_arch = "wasm32"))]
mod sectors;

use std::path::{Path, PathBuf};
use std::sync::Arc;

#[cfg(not(target_arch = "wasm32"))]
pub use casc::{Casc, wc3_layers};
pub use disk::Disk;
pub use folder::Folder;
pub use listfile::Listfile;
pub use m2view_casc::KeyRing;
pub use memory::Memory;
pub use mpq::Mpq;
#[cfg(not(target_arch = "wasm32"))]
pub use mpq_error::MpqError;

/// Largest file any source hands out (no model, texture or table is bigger).
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// A read or open failure: which source (folder or archive path), which file
/// inside it (empty when the source itself is broken) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The source: a folder or archive path.
    pub source: String,
    /// The file inside the source (virtual path), or empty.
    pub file: String,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.source.is_empty(), self.file.is_empty()) {
            (false, false) => write!(f, "{}: {}: {}", self.source, self.file, self.message),
            (false, true) => write!(f, "{}: {}", self.source, self.message),
            (true, false) => write!(f, "{}: {}", self.file, self.message),
            (true, true) => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// An error of `source` about `file`.
    pub fn new(source: impl Into<String>, file: impl Into<String>, message: impl Into<String>) -> Error {
        Error { source: source.into(), file: file.into(), message: message.into() }
    }
}

/// Result of this crate.
pub type Result<T> = std::result::Result<T, Error>;

/// The lookup key of a virtual path: lower case, `/` separated, no leading
/// or repeated separators and no `.` parts (`Creature\Bear\Bear.M2` →
/// `creature/bear/bear.m2`).
pub fn normalize(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for part in path.split(['\\', '/']).filter(|p| !p.is_empty() && *p != ".") {
        if !out.is_empty() {
            out.push('/');
        }
        out.extend(part.chars().map(|c| c.to_ascii_lowercase()));
    }
    out
}

/// One file a source lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Virtual path as the source spells it, `/` separated.
    pub path: String,
    /// Size in bytes (uncompressed).
    pub size: u64,
}

/// What a source knows of one virtual path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// A file of this many bytes.
    File(u64),
    /// A delete marker: sources below must not supply it (MPQ patch archives).
    Deleted,
}

/// A source of files: a folder, an archive, a CASC install. Keys are
/// normalized paths ([`normalize`]); `fdid:N` asks for a FileDataID.
pub trait Source: Send + Sync {
    /// Its name in messages and listings (folder or archive path).
    fn name(&self) -> &str;
    /// Every file it can name.
    fn list(&self) -> Vec<Entry>;
    /// What it holds at normalized path `key` ([`normalize`]).
    fn lookup(&self, key: &str) -> Option<Found>;
    /// The bytes at normalized path `key`. Errors name the source and file.
    fn read(&self, key: &str) -> Result<Vec<u8>>;
    /// The spelling of `key` in this source, for listings.
    fn display(&self, key: &str) -> Option<String>;
    /// The client version this source holds (`11.2.7.65299`), if it says.
    fn build(&self) -> Option<String> {
        None
    }
    /// The FileDataID of key `key` where the source knows it (`fdid:N`,
    /// a file named `N.<ext>`, a CASC install's name).
    fn file_id(&self, key: &str) -> Option<u32> {
        fdid_of(key).or_else(|| numbered(key))
    }
    /// The files directly in folder key `dir` ([`normalize`]d; `""` the top).
    fn list_dir(&self, dir: &str) -> Vec<Entry> {
        self.list().into_iter().filter(|e| parent_key(&normalize(&e.path)) == dir).collect()
    }
}

/// The folder part of a normalized key (`a/b/c.m2` → `a/b`; `c.m2` → ``).
pub fn parent_key(key: &str) -> String {
    key.rsplit_once('/').map_or(String::new(), |(d, _)| d.to_string())
}

/// Read access to model files by path, whatever holds them: the one
/// interface the model loader uses.
pub trait Files: Send + Sync {
    /// The path under which `path` exists, matched ignoring case and treating
    /// `\` and `/` alike; `None` when no file is there.
    fn find(&self, path: &Path) -> Option<PathBuf>;
    /// The bytes of `path` (as returned by [`Files::find`]).
    fn read(&self, path: &Path) -> Result<Vec<u8>>;
    /// Which source supplies `path`, for messages and listings.
    fn source_of(&self, path: &Path) -> String;
    /// The files directly in folder `dir` (any case), as paths [`Files::read`] takes.
    fn list_dir(&self, dir: &Path) -> Vec<PathBuf>;
    /// The FileDataID of `path`, where known (`fdid:N`, `N.<ext>`, a CASC
    /// install's or the listfile's name).
    fn file_id(&self, path: &Path) -> Option<u32> {
        let p = path.to_string_lossy();
        fdid_of(&p).or_else(|| numbered(&p))
    }
}

/// The FileDataID a file named `N.<ext>` stands for (wow.export's raw
/// export names files so).
pub fn numbered(path: &str) -> Option<u32> {
    let file = path.rsplit(['/', '\\']).next()?;
    file.split_once('.').and_then(|(stem, _)| stem.parse().ok())
}

/// The FileDataID a key or path names (`fdid:N`, any case), if it is one.
pub fn fdid_of(path: &str) -> Option<u32> {
    let (head, n) = path.split_once(':')?;
    (head.eq_ignore_ascii_case("fdid")).then(|| n.trim().parse().ok()).flatten()
}

/// How [`Vfs::add_spec`] opens a source.
#[derive(Debug, Clone, Copy, Default)]
pub struct SpecOptions<'a> {
    /// Locale: the locale folder of a game folder (`enUS`, ...; default:
    /// the first found), the locale of a CASC install (default: the text
    /// locale of its `.build.info` row).
    pub locale: Option<&'a str>,
    /// The listfile: archive names, FileDataID names (also set on the stack).
    pub listfile: Option<&'a Arc<Listfile>>,
    /// A game folder's loose files (under `Data/`) override its archives.
    pub loose: bool,
    /// The product of a CASC install (`wow`, `wow_classic_era`, …).
    pub product: Option<&'a str>,
    /// TACT keys for a CASC install's encrypted files.
    pub keys: Option<&'a Arc<KeyRing>>,
    /// Which graphics a Warcraft III Reforged install shows.
    pub wc3_quality: Wc3Quality,
}

/// Which of Warcraft III Reforged's graphics a Reforged install shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Wc3Quality {
    /// Reforged's models and textures (`_hd.w3mod`) over the classic ones.
    #[default]
    Hd,
    /// The classic models and textures only.
    Sd,
}

/// A Warcraft III quality that is neither `sd` nor `hd` (the text given).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?}: the Warcraft III quality is sd or hd")]
pub struct UnknownQuality(pub String);

impl std::str::FromStr for Wc3Quality {
    type Err = UnknownQuality;
    /// `sd` or `hd`, any case. Errors: anything else ([`UnknownQuality`]).
    fn from_str(s: &str) -> std::result::Result<Self, UnknownQuality> {
        match s.to_ascii_lowercase().as_str() {
            "hd" => Ok(Wc3Quality::Hd),
            "sd" => Ok(Wc3Quality::Sd),
            _ => Err(UnknownQuality(s.to_string())),
        }
    }
}

/// A stack of sources, highest priority first.
#[derive(Default, Clone)]
pub struct Vfs {
    sources: Vec<Arc<dyn Source>>,
    listfile: Option<Arc<Listfile>>,
    keys: Option<Arc<KeyRing>>,
}

impl std::fmt::Debug for Vfs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.sources.iter().map(|s| s.name())).finish()
    }
}

impl Vfs {
    /// An empty stack.
    pub fn new() -> Vfs {
        Vfs::default()
    }

    /// Adds `source` below the ones already there.
    pub fn push(&mut self, source: Arc<dyn Source>) {
        self.sources.push(source);
    }

    /// Names FileDataIDs with `listfile` (see the module docs).
    pub fn set_listfile(&mut self, listfile: Option<Arc<Listfile>>) {
        self.listfile = listfile;
    }

    /// The listfile, if one was given.
    pub fn listfile(&self) -> Option<&Arc<Listfile>> {
        self.listfile.as_ref()
    }

    /// The client version of the first source that says (a CASC install).
    pub fn build(&self) -> Option<String> {
        self.sources.iter().find_map(|s| s.build())
    }

    /// The TACT keys given to [`Vfs::add_spec`], for opening more installs alike.
    pub fn keys(&self) -> Option<&Arc<KeyRing>> {
        self.keys.as_ref()
    }

    /// Opens `spec` as the user gave it to `--data`: an archive file
    /// (`.mpq`, `.w3x`, `.w3m`, anything starting with an MPQ header), a
    /// CASC install (its root, `Data/` or a flavour folder such as
    /// `_retail_`: see [`m2view_casc::locate_install`]), a game folder
    /// (holds `Data/` or `*.MPQ`: its archives in the client's order, see
    /// [`game::chain`]) or a loose folder, and adds it below the others.
    /// Returns the archive chain when `spec` was a game folder (its locales).
    pub fn add_spec(&mut self, spec: &Path, opts: &SpecOptions<'_>) -> Result<Option<game::Chain>> {
        let name = spec.display().to_string();
        let meta = std::fs::metadata(spec).map_err(|e| Error::new(&name, "", e.to_string()))?;
        if opts.listfile.is_some() {
            self.listfile = opts.listfile.cloned();
        }
        if opts.keys.is_some() {
            self.keys = opts.keys.cloned();
        }
        let listfile = opts.listfile.map(|l| l.as_ref());
        if meta.is_file() {
            self.push(Arc::new(Mpq::open(spec, listfile)?));
            return Ok(None);
        }
        #[cfg(not(target_arch = "wasm32"))]
        if m2view_casc::locate_install(spec).is_some() {
            let o = m2view_casc::OpenOptions {
                product: opts.product.map(str::to_string),
                locale: opts.locale.map(str::to_string),
                keys: opts.keys.cloned().unwrap_or_default(),
            };
            self.push(Arc::new(Casc::open(spec, &o, opts.listfile.cloned(), opts.wc3_quality)?));
            return Ok(None);
        }
        if let Some(chain) = game::chain(spec, opts.locale)? {
            // Loose files under the game folder override its archives when asked.
            if opts.loose {
                self.push(Arc::new(Folder::open(&chain.data)?));
            }
            for archive in &chain.archives {
                self.push(Arc::new(Mpq::open(archive, listfile)?));
            }
            return Ok(Some(chain));
        }
        self.push(Arc::new(Folder::open(spec)?));
        Ok(None)
    }

    /// The sources, highest priority first.
    pub fn sources(&self) -> &[Arc<dyn Source>] {
        &self.sources
    }

    /// The source that supplies `path` (a delete marker above hides the
    /// file in every source below). A FileDataID (`fdid:N`) no source knows
    /// by ID is looked for under its listfile path, and a path no source
    /// holds under its listfile FileDataID.
    pub fn locate(&self, path: &str) -> Option<(&Arc<dyn Source>, String, u64)> {
        let key = normalize(path);
        if let Some(hit) = self.locate_key(&key) {
            return Some(hit);
        }
        let other = match fdid_of(&key) {
            Some(id) => normalize(self.listfile.as_ref()?.path(id)?),
            None => format!("fdid:{}", self.listfile.as_ref()?.id(&key)?),
        };
        self.locate_key(&other)
    }

    fn locate_key(&self, key: &str) -> Option<(&Arc<dyn Source>, String, u64)> {
        for s in &self.sources {
            match s.lookup(key) {
                Some(Found::File(size)) => return Some((s, key.to_string(), size)),
                Some(Found::Deleted) => return None,
                None => {}
            }
        }
        None
    }

    /// Whether a source above number `i` has (or deletes) `key`.
    fn shadowed(&self, i: usize, key: &str) -> bool {
        self.sources[..i].iter().any(|s| s.lookup(key).is_some())
    }

    /// The bytes of `path` and the name of the source they came from;
    /// `Ok(None)` when no source has it.
    pub fn read_file(&self, path: &str) -> Result<Option<(Vec<u8>, String)>> {
        match self.locate(path) {
            Some((s, key, _)) => Ok(Some((s.read(&key)?, s.name().to_string()))),
            None => Ok(None),
        }
    }

    /// Every file of the stack once, as the highest source spells it:
    /// `(entry, source name)`, sorted by normalized path. Files hidden by a
    /// delete marker are left out.
    pub fn list(&self) -> Vec<(Entry, String)> {
        let mut all: Vec<(String, usize, Entry)> = Vec::new();
        for (i, s) in self.sources.iter().enumerate() {
            for e in s.list() {
                let key = normalize(&e.path);
                if !self.shadowed(i, &key) {
                    all.push((key, i, e));
                }
            }
        }
        all.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        all.dedup_by(|a, b| a.0 == b.0);
        all.into_iter().map(|(_, i, e)| (e, self.sources[i].name().to_string())).collect()
    }
}

impl Files for Vfs {
    fn file_id(&self, path: &Path) -> Option<u32> {
        let p = path.to_string_lossy();
        let from_source = self.locate(&p).and_then(|(s, key, _)| s.file_id(&key));
        from_source.or_else(|| self.listfile.as_ref()?.id(&p))
    }

    fn find(&self, path: &Path) -> Option<PathBuf> {
        let p = path.to_string_lossy();
        let (s, key, _) = self.locate(&p)?;
        Some(PathBuf::from(s.display(&key).unwrap_or(key)))
    }

    fn read(&self, path: &Path) -> Result<Vec<u8>> {
        let p = path.to_string_lossy();
        match self.read_file(&p)? {
            Some((bytes, _)) => Ok(bytes),
            None => Err(Error::new("", p, "not found in any data source")),
        }
    }

    fn source_of(&self, path: &Path) -> String {
        self.locate(&path.to_string_lossy()).map(|(s, _, _)| s.name().to_string()).unwrap_or_default()
    }

    fn list_dir(&self, dir: &Path) -> Vec<PathBuf> {
        let want = normalize(&dir.to_string_lossy());
        let mut seen = std::collections::BTreeSet::new();
        for (i, s) in self.sources.iter().enumerate() {
            for e in s.list_dir(&want) {
                if !self.shadowed(i, &normalize(&e.path)) {
                    seen.insert(e.path.clone());
                }
            }
        }
        seen.into_iter().map(PathBuf::from).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A source holding fixed files; `None` content is a delete marker.
    struct Fixed(&'static str, Vec<(&'static str, Option<&'static [u8]>)>);

    impl Source for Fixed {
        fn name(&self) -> &str {
            self.0
        }
        fn list(&self) -> Vec<Entry> {
            self.1.iter().filter_map(|(p, b)| Some(Entry { path: p.to_string(), size: (*b)?.len() as u64 })).collect()
        }
        fn lookup(&self, key: &str) -> Option<Found> {
            let (_, b) = self.1.iter().find(|(p, _)| normalize(p) == key)?;
            Some(b.map_or(Found::Deleted, |b| Found::File(b.len() as u64)))
        }
        fn read(&self, key: &str) -> Result<Vec<u8>> {
            let (_, b) =
                self.1.iter().find(|(p, _)| normalize(p) == key).ok_or_else(|| Error::new(self.0, key, "absent"))?;
            b.map(<[u8]>::to_vec).ok_or_else(|| Error::new(self.0, key, "deleted"))
        }
        fn display(&self, key: &str) -> Option<String> {
            self.1.iter().find(|(p, _)| normalize(p) == key).map(|(p, _)| p.to_string())
        }
    }

    #[test]
    fn priority_and_delete_markers() {
        let mut vfs = Vfs::new();
        vfs.push(Arc::new(Fixed("patch", vec![("A\\x.blp", Some(b"new")), ("A\\gone.blp", None)])));
        vfs.push(Arc::new(Fixed(
            "base",
            vec![("a/X.BLP", Some(b"old")), ("a/gone.blp", Some(b"old")), ("a/y.m2", Some(b"y"))],
        )));
        assert_eq!(vfs.read_file("a/x.blp").unwrap(), Some((b"new".to_vec(), "patch".to_string())));
        assert_eq!(vfs.read_file("A/GONE.blp").unwrap(), None, "the patch's delete marker hides the base file");
        assert_eq!(vfs.read_file("a\\y.m2").unwrap(), Some((b"y".to_vec(), "base".to_string())));
        let listed: Vec<(String, String)> = vfs.list().into_iter().map(|(e, s)| (e.path, s)).collect();
        assert_eq!(listed, [("A\\x.blp".to_string(), "patch".to_string()), ("a/y.m2".into(), "base".into())]);
    }

    #[test]
    fn normalize_ignores_case_and_separators() {
        assert_eq!(normalize("Creature\\Bear\\Bear.M2"), "creature/bear/bear.m2");
        assert_eq!(normalize("/a//b/./C.blp"), "a/b/c.blp");
        assert_eq!(normalize(""), "");
    }
}
