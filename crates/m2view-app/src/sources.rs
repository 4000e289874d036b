//! Game data in one place: the sources the window reads (the command
//! line's `--data`, and the game folders, CASC installs, archives and
//! folders added in the window, remembered across restarts), their order,
//! and what changes when they change: every source is indexed again, the
//! browser lists the result, and the open model is dressed again from the
//! tables they now hold (skins, characters, items), with no restart.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::browser::{AddSource, Indexing};
use crate::state::AppState;

/// A source added in the window, as remembered in the settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSource {
    /// A game folder, a CASC install, an archive or a folder.
    pub path: PathBuf,
    /// The locale folder picked for a game folder (`None`: its own).
    #[serde(default)]
    pub locale: Option<String>,
    /// The region of a Blizzard CDN source (`cdn:PRODUCT`; `None`: us).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    /// The build of a Blizzard CDN source: a VersionsName (`None`: the region's current).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub build: Option<String>,
}

impl SavedSource {
    /// A source at `path` with its own locale.
    pub fn at(path: PathBuf) -> SavedSource {
        SavedSource { path, locale: None, region: None, build: None }
    }

    /// How the Game data window names it: the path, or the CDN product with
    /// its region and build.
    pub fn label(&self) -> String {
        let locale = self.locale.as_ref().map_or(String::new(), |l| format!("  [{l}]"));
        if self.region.is_some() || self.build.is_some() {
            let region = self.region.as_deref().unwrap_or("us");
            let build = self.build.as_deref().unwrap_or("current build");
            return format!("{} ({region}, {build}){locale}", self.path.display());
        }
        format!("{}{locale}", self.path.display())
    }
}

/// The sources the window reads.
#[derive(Debug, Clone, Default)]
pub struct DataSources {
    /// `--data` (and `--data-root`) as given at start: searched last, not
    /// removable in the window.
    pub command_line: Option<Arc<m2view_data::Vfs>>,
    /// Added in the window, highest priority first.
    pub added: Vec<SavedSource>,
}

/// What a source is, by what lies at its path (for the Game data window).
pub fn kind_of(path: &Path) -> &'static str {
    #[cfg(not(target_arch = "wasm32"))]
    if crate::cdn_source::product_of(path).is_some() {
        return "Blizzard CDN";
    }
    let lower = path.to_string_lossy().to_ascii_lowercase();
    if path.is_file() {
        return if lower.ends_with(".w3x") || lower.ends_with(".w3m") { "map archive" } else { "archive" };
    }
    if !path.is_dir() {
        return "missing";
    }
    let has = |name: &str| path.join(name).exists();
    if has(".build.info") || has("Data/data") || has("data/data") || has("Data/config") {
        "CASC install"
    } else if has("Data") || has("data") || dir_has_mpq(path) {
        "game folder"
    } else if has("DBFilesClient") || dir_has_ext(path, &["dbc", "db2"]) {
        "table folder"
    } else {
        "folder"
    }
}

fn dir_has_ext(dir: &Path, exts: &[&str]) -> bool {
    std::fs::read_dir(dir).into_iter().flatten().flatten().take(4096).any(|e| {
        let n = e.file_name().to_string_lossy().to_ascii_lowercase();
        exts.iter().any(|x| n.ends_with(&format!(".{x}")))
    })
}

fn dir_has_mpq(dir: &Path) -> bool {
    dir_has_ext(dir, &["mpq"])
}

impl AppState {
    /// Adds a game folder, archive or folder above the data sources (or
    /// moves it to the top if it is there), remembers it, and indexes every
    /// source again off the UI thread.
    pub fn add_data_source(&mut self, path: PathBuf) {
        let locale = self.sources.added.iter().find(|s| s.path == path).and_then(|s| s.locale.clone());
        self.sources.added.retain(|s| s.path != path);
        self.sources.added.insert(0, SavedSource { locale, ..SavedSource::at(path) });
        self.reindex();
    }

    /// Adds Blizzard CDN product `product` (`wow`, `wow_classic_era`, …) in
    /// `region` at `build` (a VersionsName; `None`: the region's current)
    /// above the data sources, replacing the same product there, and
    /// indexes every source again.
    pub fn add_cdn_source(&mut self, product: &str, region: &str, build: Option<String>) {
        let path = PathBuf::from(format!("cdn:{product}"));
        self.sources.added.retain(|s| s.path != path);
        let source = SavedSource { region: Some(region.to_string()), build, ..SavedSource::at(path) };
        self.sources.added.insert(0, source);
        self.reindex();
    }

    /// Removes added source `i` (no effect when there is none) and indexes again.
    pub fn remove_data_source(&mut self, i: usize) {
        if i < self.sources.added.len() {
            self.sources.added.remove(i);
            self.reindex();
        }
    }

    /// Moves added source `i` one place up (higher priority; `up`) or down, and indexes again.
    pub fn move_data_source(&mut self, i: usize, up: bool) {
        let j = if up { i.checked_sub(1) } else { Some(i + 1) };
        if let Some(j) = j
            && i < self.sources.added.len()
            && j < self.sources.added.len()
        {
            self.sources.added.swap(i, j);
            self.reindex();
        }
    }

    /// Re-opens game folder `path` with locale folder `locale`.
    pub fn switch_locale(&mut self, path: PathBuf, locale: String) {
        match self.sources.added.iter_mut().find(|s| s.path == path) {
            Some(s) => s.locale = Some(locale),
            None => self.sources.added.insert(0, SavedSource { locale: Some(locale), ..SavedSource::at(path) }),
        }
        self.reindex();
    }

    /// Indexes every source again (the added ones with the listfile and
    /// TACT keys given at start, above `--data`) and saves the list.
    pub fn reindex(&mut self) {
        let (listfile, keys) = (self.open_options.load.listfile.clone(), self.open_options.tact_keys.clone());
        let adds = self
            .sources
            .added
            .iter()
            .map(|s| AddSource {
                path: s.path.clone(),
                locale: s.locale.clone(),
                listfile: listfile.clone(),
                keys: keys.clone(),
                region: s.region.clone(),
                build: s.build.clone(),
                cdn: self.open_options.cdn.clone(),
            })
            .collect();
        self.indexing = Some(Indexing::start(self.sources.command_line.clone(), adds));
        if let Err(e) = self.save_settings() {
            self.errors.push(format!("settings not saved: {e}"));
        }
    }

    /// Takes the finished indexing: the data sources and the browser are
    /// replaced, the open model is dressed again from the tables they hold,
    /// and a file waiting for them (a recent entry's) opens. Returns whether
    /// there was a result.
    pub fn poll_indexing(&mut self) -> bool {
        let Some(result) = self.indexing.as_ref().and_then(Indexing::poll) else { return false };
        self.indexing = None;
        match result {
            Ok((vfs, browser)) => {
                let changed = self.open_options.load.data.as_ref().is_none_or(|old| !Arc::ptr_eq(old, &vfs));
                self.open_options.load.data = Some(vfs);
                self.browser = Some(browser);
                if let Some(path) = self.open_after_indexing.take() {
                    self.open(path);
                } else if changed
                    && self.pending.is_none()
                    && let Some(c) = &self.current
                {
                    // Its skins, character and items may now be in the tables; the
                    // camera and an open table or texture stay.
                    let path = c.lm.path.clone();
                    self.load(path);
                    if let Some(p) = &mut self.pending {
                        p.redress = true;
                    }
                }
            }
            Err(e) => {
                self.open_after_indexing = None;
                self.error = Some(e);
            }
        }
        true
    }

    /// The added source that supplies virtual path `path`, if any (for a
    /// recent entry to reopen it after a restart).
    pub fn source_of(&self, path: &Path) -> Option<PathBuf> {
        let vfs = self.open_options.load.data.as_ref()?;
        let (src, _, _) = vfs.locate(&path.to_string_lossy())?;
        let name = src.name();
        self.sources.added.iter().map(|s| &s.path).find(|p| Path::new(name).starts_with(p)).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_what_lies_there() {
        let d = std::env::temp_dir().join(format!("m2view-kinds-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("game/Data")).unwrap();
        std::fs::create_dir_all(d.join("tables")).unwrap();
        std::fs::write(d.join("tables/ChrRaces.dbc"), b"WDBC").unwrap();
        std::fs::create_dir_all(d.join("casc/Data/data")).unwrap();
        std::fs::write(d.join("a.MPQ"), b"MPQ").unwrap();
        std::fs::write(d.join("m.w3x"), b"HM3W").unwrap();
        std::fs::create_dir_all(d.join("plain")).unwrap();
        let kinds: Vec<&str> =
            ["game", "tables", "casc", "a.MPQ", "m.w3x", "plain", "gone"].iter().map(|n| kind_of(&d.join(n))).collect();
        assert_eq!(
            kinds,
            ["game folder", "table folder", "CASC install", "archive", "map archive", "folder", "missing"]
        );
        std::fs::remove_dir_all(&d).unwrap();
    }
}
