//! A CASC install as a source (`m2view-casc` reads it): files are found by
//! FileDataID (`fdid:N`), by a path the listfile names, or — with no
//! listfile naming it — by the Jenkins96 name hash the root stores.
//! Listed under their listfile path, else as `fdid:N`.
//!
//! A Warcraft III Reforged install (a TVFS root, files by name) is seen as
//! the game sees it: its `war3.w3mod` layers stacked ([`Wc3Quality`]), so
//! that `units/human/footman/footman.mdx` is the HD model over the locale's
//! over the base's, as the game layers its `war3.w3mod`, `_hd.w3mod` and
//! `_locales/<locale>.w3mod` folders (CascLib names them
//! `war3.w3mod:_hd.w3mod:…`; Retera's Model Studio's Reforged data source
//! stacks them in this order). Files outside the layers keep their names.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use m2view_casc::{OpenOptions, Storage};

use crate::{Entry, Error, Found, Listfile, Result, Source, Wc3Quality};

/// An opened install.
pub struct Casc {
    name: String,
    storage: Storage,
    listfile: Option<Arc<Listfile>>,
    /// `(FileDataID, size)` of every readable file by folder key, built on
    /// the first [`Source::list_dir`].
    dirs: OnceLock<HashMap<String, Vec<(u32, u64)>>>,
    /// Reforged: the layer prefixes, highest priority first (`war3.w3mod:_hd.w3mod:`, …).
    layers: Vec<String>,
    /// Reforged: virtual key → (stored name, size), built on first use.
    view: OnceLock<HashMap<String, (String, u64)>>,
}

/// The layer prefixes of a Reforged install for `quality` and `locale`
/// (`enUS`), highest priority first, as normalized keys.
pub fn wc3_layers(quality: Wc3Quality, locale: &str) -> Vec<String> {
    let base = "war3.w3mod:";
    let locale = format!("{base}_locales/{}.w3mod:", locale.to_ascii_lowercase());
    match quality {
        Wc3Quality::Hd => vec![format!("{base}_hd.w3mod:"), locale, base.to_string()],
        Wc3Quality::Sd => vec![locale, base.to_string()],
    }
}

impl Casc {
    /// Opens the install `path` leads to (its root, `Data/` or a flavour
    /// folder), naming files with `listfile`; a Reforged install's layers
    /// as `quality` asks.
    ///
    /// # Errors
    /// The storage cannot be opened (the message names the install and the
    /// file of it that failed).
    pub fn open(path: &Path, opts: &OpenOptions, listfile: Option<Arc<Listfile>>, quality: Wc3Quality) -> Result<Casc> {
        let storage =
            Storage::open(path, opts).map_err(|e| Error::new(path.display().to_string(), "", e.to_string()))?;
        let name = storage.root_dir.display().to_string();
        Ok(Casc::from_storage(name, storage, listfile, quality))
    }

    /// A source of a storage opened elsewhere (a CDN's: `m2view-cdn`),
    /// called `name` in messages and listings.
    pub fn from_storage(name: String, storage: Storage, listfile: Option<Arc<Listfile>>, quality: Wc3Quality) -> Casc {
        let layers = if storage.is_named() { wc3_layers(quality, &storage.locale) } else { Vec::new() };
        Casc { name, storage, listfile, dirs: OnceLock::new(), layers, view: OnceLock::new() }
    }

    /// A Reforged install's files as the game sees them: each under its
    /// highest layer, without the layer's prefix; files of a layer not
    /// shown (HD ones in SD) left out; names outside the layers as they are.
    fn view(&self) -> &HashMap<String, (String, u64)> {
        self.view.get_or_init(|| {
            let mut view: HashMap<String, (String, u64, usize)> = HashMap::new();
            for (name, size) in self.storage.names() {
                let key = crate::normalize(name);
                let (virt, rank) = match self.layers.iter().position(|l| key.starts_with(l.as_str())) {
                    Some(r) => (key[self.layers[r].len()..].to_string(), r),
                    None => (key, self.layers.len()),
                };
                if virt.contains(':') {
                    continue;
                }
                if view.get(&virt).is_none_or(|v| rank < v.2) {
                    view.insert(virt, (name.to_string(), size, rank));
                }
            }
            view.into_iter().map(|(k, (n, s, _))| (k, (n, s))).collect()
        })
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
        if self.storage.is_named() {
            return self.view().iter().map(|(k, &(_, size))| Entry { path: k.clone(), size }).collect();
        }
        match self.storage.files() {
            Ok(files) => files.into_iter().map(|(id, size)| Entry { path: self.spelling(id), size }).collect(),
            Err(_) => Vec::new(),
        }
    }

    fn lookup(&self, key: &str) -> Option<Found> {
        if self.storage.is_named() {
            return self.view().get(key).map(|&(_, size)| Found::File(size));
        }
        let id = self.id(key)?;
        self.storage.size(id).ok().flatten().map(Found::File)
    }

    fn read(&self, key: &str) -> Result<Vec<u8>> {
        if self.storage.is_named() {
            let Some((name, _)) = self.view().get(key) else {
                return Err(Error::new(&self.name, key, "no such file in this install"));
            };
            return match self.storage.read_name(name) {
                Ok(Some(b)) => Ok(b),
                Ok(None) => Err(Error::new(&self.name, name, "not in the root of this build")),
                Err(e) => Err(self.error(name, e)),
            };
        }
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
        if self.storage.is_named() {
            return self.view().contains_key(key).then(|| key.to_string());
        }
        Some(self.spelling(self.id(key)?))
    }

    fn file_id(&self, key: &str) -> Option<u32> {
        if self.storage.is_named() {
            return None;
        }
        self.id(key)
    }

    fn build(&self) -> Option<String> {
        Some(self.storage.build.get("Version").to_string()).filter(|v| !v.is_empty())
    }

    fn list_dir(&self, dir: &str) -> Vec<Entry> {
        if self.storage.is_named() {
            let v = self.view().iter().filter(|(k, _)| crate::parent_key(k) == dir);
            return v.map(|(k, &(_, size))| Entry { path: k.clone(), size }).collect();
        }
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
