//! The file browser: every model (`.m2`, `.mdx`, WMO roots), texture (`.blp`,
//! `.dds`, `.tga`) and client table (`.dbc`, `.db2`) of the data sources,
//! one kind at a time, as a flat list with an instant filter (substring, or
//! a regex after `re:`) and as a folder tree. Indexing a game folder runs
//! off the UI thread.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use m2view_data::Vfs;

/// What a browser entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EntryKind {
    /// A model, WMO root or map tile (opens in the 3D view).
    #[default]
    Model,
    /// A texture (opens in the texture view).
    Texture,
    /// A client table (opens in the table view).
    Table,
    /// A whole map, listed as `map:DIRECTORY` by its WDT (opens its minimap).
    Map,
}

impl EntryKind {
    /// Every kind, in the order the panel offers them.
    pub const ALL: [EntryKind; 4] = [EntryKind::Model, EntryKind::Texture, EntryKind::Table, EntryKind::Map];

    /// The kind of `path` by its name, if the browser lists it.
    pub fn of(path: &str) -> Option<EntryKind> {
        if map_wdt(path).is_some() {
            Some(EntryKind::Map)
        } else if m2view_format::is_model_name(path) {
            Some(EntryKind::Model)
        } else if crate::tables::is_table_name(path) && !path.to_ascii_lowercase().ends_with(".csv") {
            Some(EntryKind::Table)
        } else if m2view_texture::file::is_texture_name(path) && !path.to_ascii_lowercase().ends_with(".png") {
            Some(EntryKind::Texture)
        } else {
            None
        }
    }

    /// `Models`, `Textures`, `Tables`, `Maps`.
    pub fn label(self) -> &'static str {
        match self {
            EntryKind::Model => "Models",
            EntryKind::Texture => "Textures",
            EntryKind::Table => "Tables",
            EntryKind::Map => "Maps",
        }
    }
}

/// The map whose WDT `path` is (`World/Maps/<dir>/<dir>.wdt`, any case).
fn map_wdt(path: &str) -> Option<&str> {
    let mut parts = path.rsplit(['/', '\\']);
    let (file, dir, maps, world) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let stem = file.strip_suffix(".wdt").or_else(|| file.strip_suffix(".WDT"))?;
    let found =
        stem.eq_ignore_ascii_case(dir) && maps.eq_ignore_ascii_case("maps") && world.eq_ignore_ascii_case("world");
    found.then_some(dir)
}

/// One file the sources hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelEntry {
    /// Virtual path (`/` separated, as the highest source spells it).
    pub path: String,
    /// The source that supplies it.
    pub source: String,
    /// Model, texture or table.
    pub kind: EntryKind,
}

/// The files of a VFS and the browsing state over them.
#[derive(Debug, Default)]
pub struct Browser {
    /// Every model, texture and table, sorted by path.
    pub models: Vec<ModelEntry>,
    /// The kind listed.
    pub kind: EntryKind,
    /// The filter as typed.
    pub filter: String,
    /// Indices into `models` of the kind listed that pass the filter.
    pub shown: Vec<usize>,
    /// The selected model (index into `models`).
    pub selected: Option<usize>,
    /// Show the folder tree instead of the flat list.
    pub tree: bool,
    /// Folder → (sub-folders, models in it), for the tree.
    pub folders: BTreeMap<String, (Vec<String>, Vec<usize>)>,
    /// Why the filter is not valid (a bad regex), if so.
    pub filter_error: Option<String>,
    /// The game folder last opened, its locale folders and the one in use
    /// (the window offers the others).
    pub game: Option<(PathBuf, Vec<String>, Option<String>)>,
    /// Files the sources know only by FileDataID (`fdid:N`: a CASC install
    /// without a listfile): models among them cannot be told by name.
    pub unnamed: usize,
}

impl Browser {
    /// The models, textures and tables of `vfs`; models listed.
    pub fn new(vfs: &Vfs) -> Browser {
        let list = vfs.list();
        let unnamed = list.iter().filter(|(e, _)| m2view_data::fdid_of(&e.path).is_some()).count();
        let models: Vec<ModelEntry> = list
            .into_iter()
            .filter_map(|(e, source)| {
                let kind = EntryKind::of(&e.path)?;
                // A map is opened by name (its minimap), not as its WDT file.
                let path = map_wdt(&e.path).map_or(e.path.clone(), |d| format!("map:{d}"));
                Some(ModelEntry { kind, path, source })
            })
            .collect();
        let mut folders: BTreeMap<String, (Vec<String>, Vec<usize>)> = BTreeMap::new();
        for (i, m) in models.iter().enumerate() {
            let dir = m.path.rsplit_once('/').map_or("", |(d, _)| d).to_string();
            folders.entry(dir.clone()).or_default().1.push(i);
            // Register each folder with its parent, up to the root.
            let mut child = dir;
            while !child.is_empty() {
                let parent = child.rsplit_once('/').map_or("", |(p, _)| p).to_string();
                let subs = &mut folders.entry(parent.clone()).or_default().0;
                if subs.contains(&child) {
                    break;
                }
                subs.push(child);
                child = parent;
            }
        }
        for (subs, _) in folders.values_mut() {
            subs.sort();
        }
        let mut b = Browser { models, folders, unnamed, ..Browser::default() };
        b.set_filter("");
        b
    }

    /// Applies `filter`: a case-insensitive substring, or a regex after `re:`.
    /// A bad regex keeps the previous list and says why in `filter_error`.
    pub fn set_filter(&mut self, filter: &str) {
        self.filter = filter.to_string();
        let matches: Box<dyn Fn(&str) -> bool> = match filter.strip_prefix("re:") {
            Some(re) => match regex::RegexBuilder::new(re).case_insensitive(true).build() {
                Ok(r) => Box::new(move |p| r.is_match(p)),
                Err(e) => {
                    self.filter_error = Some(e.to_string());
                    return;
                }
            },
            None => {
                let needle = filter.to_lowercase().replace('\\', "/");
                Box::new(move |p| p.to_lowercase().contains(&needle))
            }
        };
        self.filter_error = None;
        let m = &self.models;
        self.shown = (0..m.len()).filter(|&i| m[i].kind == self.kind && matches(&m[i].path)).collect();
    }

    /// Lists the files of kind `kind` (the filter kept).
    pub fn set_kind(&mut self, kind: EntryKind) {
        self.kind = kind;
        self.set_filter(&self.filter.clone());
    }

    /// Files of kind `kind`.
    pub fn count(&self, kind: EntryKind) -> usize {
        self.models.iter().filter(|m| m.kind == kind).count()
    }

    /// The selected entry's path when it is a model (for attaching, mounting).
    pub fn selected_model(&self) -> Option<String> {
        let m = self.models.get(self.selected?)?;
        (m.kind == EntryKind::Model).then(|| m.path.clone())
    }

    /// The selected entry's path when it is a texture (to fill a replaceable slot).
    pub fn selected_texture(&self) -> Option<String> {
        let m = self.models.get(self.selected?)?;
        (m.kind == EntryKind::Texture).then(|| m.path.clone())
    }

    /// Moves the selection `delta` rows in the shown list and returns the
    /// newly selected model (to open it).
    pub fn step(&mut self, delta: isize) -> Option<&ModelEntry> {
        if self.shown.is_empty() {
            return None;
        }
        let row = self.selected.and_then(|s| self.shown.iter().position(|&i| i == s));
        let next = match row {
            Some(r) => (r as isize + delta).clamp(0, self.shown.len() as isize - 1) as usize,
            None => 0,
        };
        self.selected = Some(self.shown[next]);
        self.models.get(self.shown[next])
    }
}

/// A source to open in the window: its path, and what reading it takes
/// (`--locale`, `--listfile`, `--tact-keys`).
#[derive(Clone, Default)]
pub struct AddSource {
    /// A game folder, a CASC install (its root, `Data/` or a flavour folder), an archive or a folder.
    pub path: PathBuf,
    /// The locale (default: the source's own).
    pub locale: Option<String>,
    /// Names for FileDataIDs.
    pub listfile: Option<Arc<m2view_data::Listfile>>,
    /// TACT keys for encrypted files of a CASC install.
    pub keys: Option<Arc<m2view_data::KeyRing>>,
    /// The region of a Blizzard CDN source (`cdn:PRODUCT`).
    pub region: Option<String>,
    /// The build of a Blizzard CDN source.
    pub build: Option<String>,
    /// Where Blizzard CDN sources are read from and cached.
    pub cdn: crate::open::CdnSettings,
}

/// Opens Blizzard CDN source `a` (`cdn:PRODUCT`), its progress written to `shown`.
#[cfg(not(target_arch = "wasm32"))]
fn open_cdn(
    a: &AddSource,
    product: &str,
    keys: Option<&Arc<m2view_data::KeyRing>>,
    listfile: Option<&Arc<m2view_data::Listfile>>,
    shown: &Arc<std::sync::Mutex<String>>,
) -> Result<(m2view_data::Casc, Vec<String>), String> {
    let mut o =
        crate::cdn_source::options(product, a.region.as_deref(), a.build.as_deref(), &a.cdn, a.locale.as_deref(), keys);
    let sink = shown.clone();
    o.progress = Some(Arc::new(move |what: &str, done: u64, total: u64| {
        *sink.lock().unwrap_or_else(|e| e.into_inner()) = format!("{what} {done}/{total}");
    }));
    let r = crate::cdn_source::open(&o, listfile, m2view_data::Wc3Quality::default());
    shown.lock().unwrap_or_else(|e| e.into_inner()).clear();
    r.map_err(|e| e.to_string())
}

/// A data source being indexed off the UI thread.
pub struct Indexing {
    /// What is being indexed (for the status line).
    pub what: String,
    rx: Receiver<Result<(Arc<Vfs>, Browser), String>>,
    /// How far a long step is (`archive indices 120/3000` of a CDN source).
    progress: Arc<std::sync::Mutex<String>>,
    /// Notes of the sources opened (a CDN source opened offline).
    notes: Arc<std::sync::Mutex<Vec<String>>>,
}

impl Indexing {
    /// Opens `adds` (game folders, CASC installs, archives or folders,
    /// highest priority first) above the sources of `base` (`--data`) and
    /// lists their files, on a worker thread. With nothing to add, `base`
    /// itself is listed.
    pub fn start(base: Option<Arc<Vfs>>, adds: Vec<AddSource>) -> Indexing {
        let what = match adds.as_slice() {
            [] => "data sources".to_string(),
            [a] => a.path.display().to_string(),
            [a, rest @ ..] => format!("{} and {} more", a.path.display(), rest.len()),
        };
        let (tx, rx) = channel();
        let progress = Arc::new(std::sync::Mutex::new(String::new()));
        let notes = Arc::new(std::sync::Mutex::new(Vec::new()));
        #[cfg(not(target_arch = "wasm32"))]
        let (shown, noted) = (progress.clone(), notes.clone());
        crate::platform::spawn(move || {
            let result = (|| {
                if adds.is_empty()
                    && let Some(b) = base.clone()
                {
                    return Ok((b.clone(), Browser::new(&b)));
                }
                let mut vfs = Vfs::new();
                let listfile = adds.iter().find_map(|a| a.listfile.clone());
                vfs.set_listfile(listfile.or_else(|| base.as_ref().and_then(|b| b.listfile().cloned())));
                let mut game = None;
                for a in &adds {
                    let listfile = vfs.listfile().cloned();
                    let keys = a.keys.clone().or_else(|| base.as_ref().and_then(|b| b.keys().cloned()));
                    let opts = m2view_data::SpecOptions {
                        locale: a.locale.as_deref(),
                        listfile: listfile.as_ref(),
                        keys: keys.as_ref(),
                        ..Default::default()
                    };
                    #[cfg(not(target_arch = "wasm32"))]
                    if let Some(product) = crate::cdn_source::product_of(&a.path) {
                        let (casc, n) = open_cdn(a, product, keys.as_ref(), listfile.as_ref(), &shown)?;
                        noted.lock().unwrap_or_else(|e| e.into_inner()).extend(n);
                        vfs.push(Arc::new(casc));
                        continue;
                    }
                    let chain = vfs.add_spec(&a.path, &opts).map_err(|e| e.to_string())?;
                    // The locale switcher offers the first game folder's locales.
                    if game.is_none() {
                        game = chain.map(|c| (a.path.clone(), c.locales, c.locale));
                    }
                }
                for s in base.iter().flat_map(|b| b.sources()) {
                    vfs.push(s.clone());
                }
                let browser = Browser { game, ..Browser::new(&vfs) };
                Ok((Arc::new(vfs), browser))
            })();
            let _ = tx.send(result);
        });
        Indexing { what, rx, progress, notes }
    }

    /// How far a long step is, when one is under way (`archive indices 120/3000`).
    pub fn progress(&self) -> Option<String> {
        Some(self.progress.lock().unwrap_or_else(|e| e.into_inner()).clone()).filter(|p| !p.is_empty())
    }

    /// The notes of the sources opened so far (taken).
    pub fn take_notes(&self) -> Vec<String> {
        std::mem::take(&mut *self.notes.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// The result once the worker is done.
    pub fn poll(&self) -> Option<Result<(Arc<Vfs>, Browser), String>> {
        match self.rx.try_recv() {
            Ok(r) => Some(r),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(format!("{}: indexing failed", self.what))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn browser(paths: &[&str]) -> Browser {
        let models: Vec<ModelEntry> = paths
            .iter()
            .map(|p| ModelEntry { path: p.to_string(), source: "s".into(), kind: EntryKind::of(p).unwrap() })
            .collect();
        let mut b = Browser { models, ..Browser::default() };
        b.set_filter("");
        b
    }

    #[test]
    fn filter_substring_regex_and_steps() {
        let mut b = browser(&["Creature/Bear/Bear.m2", "Creature/Boar/Boar.m2", "World/Tree.m2"]);
        b.set_filter("CREATURE\\B");
        assert_eq!(b.shown, [0, 1]);
        b.set_filter("re:^world/.*\\.M2$");
        assert_eq!(b.shown, [2]);
        b.set_filter("re:(");
        assert!(b.filter_error.is_some());
        assert_eq!(b.shown, [2], "a bad regex keeps the list");
        b.set_filter("");
        assert_eq!(b.step(1).unwrap().path, "Creature/Bear/Bear.m2");
        assert_eq!(b.step(1).unwrap().path, "Creature/Boar/Boar.m2");
        assert_eq!(b.step(5).unwrap().path, "World/Tree.m2");
        assert_eq!(b.step(-9).unwrap().path, "Creature/Bear/Bear.m2");
    }

    #[test]
    fn kinds_are_listed_one_at_a_time() {
        let mut b = browser(&["Creature/Bear/Bear.m2", "Creature/Bear/BearSkin.blp", "DBFilesClient/Map.dbc"]);
        assert_eq!((b.shown.clone(), b.count(EntryKind::Texture)), (vec![0], 1));
        b.set_kind(EntryKind::Texture);
        assert_eq!(b.shown, [1]);
        b.selected = Some(1);
        assert_eq!(b.selected_model(), None, "a texture is not attached as a model");
        b.set_filter("map");
        b.set_kind(EntryKind::Table);
        assert_eq!(b.shown, [2]);
    }
}
