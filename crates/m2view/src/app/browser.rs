//! The model browser: every model (`.m2`, `.mdx`, WMO roots) of the data sources as a
//! flat list with an instant filter (substring, or a regex after `re:`) and
//! as a folder tree. Indexing a game folder runs off the UI thread.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use m2view_data::Vfs;

/// One model the sources hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelEntry {
    /// Virtual path (`/` separated, as the highest source spells it).
    pub path: String,
    /// The source that supplies it.
    pub source: String,
}

/// The models of a VFS and the browsing state over them.
#[derive(Debug, Default)]
pub struct Browser {
    /// Every model, sorted by path.
    pub models: Vec<ModelEntry>,
    /// The filter as typed.
    pub filter: String,
    /// Indices into `models` that pass the filter.
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
    /// The models of `vfs`.
    pub fn new(vfs: &Vfs) -> Browser {
        let list = vfs.list();
        let unnamed = list.iter().filter(|(e, _)| m2view_data::fdid_of(&e.path).is_some()).count();
        let models: Vec<ModelEntry> = list
            .into_iter()
            .filter(|(e, _)| m2view_format::is_model_name(&e.path))
            .map(|(e, source)| ModelEntry { path: e.path, source })
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
        let shown = (0..models.len()).collect();
        Browser { models, shown, folders, unnamed, ..Browser::default() }
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
        self.shown = (0..self.models.len()).filter(|&i| matches(&self.models[i].path)).collect();
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
}

/// A data source being indexed off the UI thread.
pub struct Indexing {
    /// What is being indexed (for the status line).
    pub what: String,
    rx: Receiver<Result<(Arc<Vfs>, Browser), String>>,
}

impl Indexing {
    /// Opens `add` (a game folder, a CASC install, an archive or a folder)
    /// above the sources of `base` and lists its models, on a worker thread.
    pub fn start(base: Option<Arc<Vfs>>, add: Option<AddSource>) -> Indexing {
        let what = add.as_ref().map_or_else(|| "data sources".to_string(), |a| a.path.display().to_string());
        let (tx, rx) = channel();
        crate::platform::spawn(move || {
            let result = (|| {
                let mut vfs = Vfs::new();
                let listfile = add.as_ref().and_then(|a| a.listfile.clone());
                vfs.set_listfile(listfile.or_else(|| base.as_ref().and_then(|b| b.listfile().cloned())));
                let mut game = None;
                if let Some(a) = &add {
                    let listfile = vfs.listfile().cloned();
                    let keys = a.keys.clone().or_else(|| base.as_ref().and_then(|b| b.keys().cloned()));
                    let opts = m2view_data::SpecOptions {
                        locale: a.locale.as_deref(),
                        listfile: listfile.as_ref(),
                        keys: keys.as_ref(),
                        ..Default::default()
                    };
                    let chain = vfs.add_spec(&a.path, &opts).map_err(|e| e.to_string())?;
                    game = chain.map(|c| (a.path.clone(), c.locales, c.locale));
                }
                for s in base.iter().flat_map(|b| b.sources()) {
                    vfs.push(s.clone());
                }
                let browser = Browser { game, ..Browser::new(&vfs) };
                Ok((Arc::new(vfs), browser))
            })();
            let _ = tx.send(result);
        });
        Indexing { what, rx }
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
        let models: Vec<ModelEntry> =
            paths.iter().map(|p| ModelEntry { path: p.to_string(), source: "s".into() }).collect();
        let mut b = Browser { shown: (0..models.len()).collect(), models, ..Browser::default() };
        b.folders.clear();
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
}
