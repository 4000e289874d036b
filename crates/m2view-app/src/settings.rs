//! What the window remembers between runs, in one folder: `settings.json`
//! (UI scale, the docked layout, the data sources added) and `recent.txt`
//! (the recent files, each with the source it came from).
//!
//! The folder is `M2VIEW_CONFIG_DIR` when set (tests use their own), else
//! m2view's configuration folder as the OS lays them out (the
//! `directories` crate's `ProjectDirs`): `%APPDATA%\m2view\config` on
//! Windows, `~/Library/Application Support/m2view` on macOS,
//! `$XDG_CONFIG_HOME/m2view` (else `~/.config/m2view`) elsewhere. None in
//! a browser.
//! Files are written whole (a temporary name, then a rename), so a killed
//! run never leaves half a file; one that does not read is set aside with
//! a message, never a failure to start.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::AppError;

/// The settings folder (see the module docs); `None` where there is none.
pub fn config_dir() -> Option<PathBuf> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    match std::env::var_os("M2VIEW_CONFIG_DIR") {
        Some(d) if !d.is_empty() => Some(PathBuf::from(d)),
        _ => Some(directories::ProjectDirs::from("", "", "m2view")?.config_dir().to_path_buf()),
    }
}

/// `settings.json`: what the View menu and the layout remember.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// UI scale on top of the monitor's scale factor (1.0: as the OS says;
    /// the View menu offers 0.75 to 2.0).
    pub ui_scale: f32,
    /// The docked layout (`egui_tiles` tree of `ui::Pane`s) as saved;
    /// `None`: the default layout.
    pub layout: Option<serde_json::Value>,
    /// The data sources added in the window, highest priority first.
    pub sources: Vec<crate::sources::SavedSource>,
    /// The folder the Export dialog last wrote to.
    pub export_dir: Option<PathBuf>,
    /// The item list (`id;name;display` lines) the Character panel's
    /// search reads names from (see [`crate::item_names`]).
    pub item_list: Option<PathBuf>,
    /// How much of a map is kept around the eye when flying over it (the Map panel).
    pub stream: crate::streaming::StreamSettings,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ui_scale: 1.0,
            layout: None,
            sources: Vec::new(),
            export_dir: None,
            item_list: None,
            stream: Default::default(),
        }
    }
}

/// A recent file: its path, and the added data source it was read from
/// (`None`: a file on disk), which reopening adds first if it is gone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecentFile {
    /// A path on disk, or a virtual path in `source`.
    pub path: PathBuf,
    /// The game folder, install, archive or folder that holds `path`.
    pub source: Option<PathBuf>,
}

/// The UI scales the View menu offers.
pub const UI_SCALES: [f32; 6] = [0.75, 1.0, 1.25, 1.5, 1.75, 2.0];

impl Settings {
    /// Reads `settings.json` from `dir`. A missing file gives the defaults;
    /// one that does not parse gives the defaults and a message naming the
    /// file and where it failed.
    pub fn load(dir: Option<&Path>) -> (Settings, Option<String>) {
        let Some(path) = dir.map(|d| d.join("settings.json")) else { return (Settings::default(), None) };
        let Ok(text) = std::fs::read_to_string(&path) else { return (Settings::default(), None) };
        match serde_json::from_str::<Settings>(&text) {
            Ok(mut s) => {
                if !(0.5..=3.0).contains(&s.ui_scale) {
                    s.ui_scale = 1.0;
                }
                // What the World panel offers, whatever the file says.
                s.stream.radius = s.stream.radius.min(crate::streaming::MAX_RADIUS);
                s.stream.memory_mib = s.stream.memory_mib.clamp(crate::streaming::MIN_MEMORY_MIB, 1 << 20);
                (s, None)
            }
            Err(e) => {
                let why =
                    format!("{}: line {} column {}: {e}; default settings used", path.display(), e.line(), e.column());
                (Settings::default(), Some(why))
            }
        }
    }

    /// Writes `settings.json` into `dir` (created if needed), whole.
    ///
    /// # Errors
    /// The folder or file cannot be written (the message names it).
    pub fn save(&self, dir: &Path) -> Result<(), AppError> {
        let text = serde_json::to_string_pretty(self).map_err(AppError::failure)?;
        write_whole(&dir.join("settings.json"), text.as_bytes())
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder,
/// then renames it over `path`.
///
/// # Errors
/// [`AppError::Failure`]: the folder, the temporary file or the rename
/// fails (the message names the path).
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), AppError> {
    let fail = |e: std::io::Error| AppError::Failure(format!("{}: {e}", path.display()));
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(fail)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, bytes).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        fail(e)
    })
}

/// The recent files in `dir`'s `recent.txt`, newest first (ten at most):
/// a line per file, `path` or `path<TAB>source`.
pub fn load_recent(dir: Option<&Path>) -> Vec<RecentFile> {
    let text = dir.and_then(|d| std::fs::read_to_string(d.join("recent.txt")).ok()).unwrap_or_default();
    text.lines()
        .filter(|l| !l.is_empty())
        .map(|l| match l.split_once('\t') {
            Some((path, source)) => RecentFile { path: path.into(), source: Some(source.into()) },
            None => RecentFile { path: l.into(), source: None },
        })
        .take(10)
        .collect()
}

/// Writes the recent files into `dir`'s `recent.txt`.
///
/// # Errors
/// As [`write_whole`].
pub fn save_recent(dir: &Path, list: &[RecentFile]) -> Result<(), AppError> {
    let lines: Vec<String> = list
        .iter()
        .map(|r| match &r.source {
            Some(s) => format!("{}\t{}", r.path.display(), s.display()),
            None => r.path.display().to_string(),
        })
        .collect();
    write_whole(&dir.join("recent.txt"), lines.join("\n").as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("m2view-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn settings_round_trip_and_a_broken_file_gives_defaults_with_a_message() {
        let d = dir("rt");
        assert_eq!(Settings::load(Some(&d)), (Settings::default(), None));
        let sources = vec![crate::sources::SavedSource {
            locale: Some("deDE".into()),
            ..crate::sources::SavedSource::at("/games/WoW".into())
        }];
        let s = Settings {
            ui_scale: 1.5,
            layout: Some(serde_json::json!({"root": 3})),
            sources,
            export_dir: Some("/exports".into()),
            item_list: Some("/lists/items.csv".into()),
            stream: crate::streaming::StreamSettings { radius: 4, memory_mib: 300 },
        };
        s.save(&d).unwrap();
        assert_eq!(Settings::load(Some(&d)), (s, None));
        // No temporary file is left beside it.
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
        // Values no panel offers are brought within what it does.
        std::fs::write(d.join("settings.json"), r#"{"stream": {"radius": 200, "memory_mib": 0}}"#).unwrap();
        let (s, _) = Settings::load(Some(&d));
        assert_eq!((s.stream.radius, s.stream.memory_mib), (6, 64));
        std::fs::write(d.join("settings.json"), "{\"ui_scale\": 1.5,\n \"layout\": [").unwrap();
        let (s, why) = Settings::load(Some(&d));
        assert_eq!(s, Settings::default());
        let why = why.unwrap();
        assert!(why.contains("settings.json: line 2 column"), "{why}");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn recent_files_round_trip() {
        let d = dir("recent");
        let list = vec![
            RecentFile { path: "a/b.m2".into(), source: None },
            RecentFile { path: "Creature/Bear/Bear.m2".into(), source: Some("/c d/WoW 3.3.5".into()) },
        ];
        save_recent(&d, &list).unwrap();
        assert_eq!(load_recent(Some(&d)), list);
        // A file of the old form (a path a line) still reads.
        std::fs::write(d.join("recent.txt"), "x.m2\ny.blp").unwrap();
        assert_eq!(load_recent(Some(&d)).len(), 2);
        std::fs::remove_dir_all(&d).unwrap();
    }
}
