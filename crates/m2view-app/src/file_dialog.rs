//! m2view's own file dialog, for desktops with neither a file-dialog
//! portal nor zenity (and wherever `M2VIEW_FILE_DIALOG=builtin` asks for
//! it): a folder of the local file system listed as the browser lists
//! game data — folders first, then the files the purpose takes, with a
//! filter — to open a file, pick a folder or archive to add, or name a
//! file to save. UI state only: `ui::file_dialog` draws it.

use std::path::{Path, PathBuf};

/// What the dialog picks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {
    /// A model, texture, table or scene to open.
    Open,
    /// A game folder, install or folder to add to the data sources.
    AddFolder,
    /// An archive to add to the data sources.
    AddArchive,
    /// An item list for the Character panel (`.csv` or `.txt`).
    ItemList,
    /// A file to save, of this extension (without the dot).
    Save(String),
}

impl Purpose {
    /// The window's title.
    pub fn title(&self) -> &'static str {
        match self {
            Purpose::Open => "Open a file",
            Purpose::AddFolder => "Add a game folder or folder",
            Purpose::AddArchive => "Add an archive",
            Purpose::ItemList => "Choose an item list",
            Purpose::Save(_) => "Save as",
        }
    }

    /// Whether a file named `name` is listed (folders always are).
    fn lists(&self, name: &str) -> bool {
        let lower = name.to_ascii_lowercase();
        match self {
            Purpose::Open => {
                m2view_format::is_model_name(&lower)
                    || crate::document::Document::is_document(Path::new(&lower))
                    || lower.ends_with(".json")
                    || lower.ends_with(".skin")
            }
            Purpose::AddFolder => false,
            Purpose::AddArchive => [".mpq", ".w3x", ".w3m"].iter().any(|x| lower.ends_with(x)),
            Purpose::ItemList => lower.ends_with(".csv") || lower.ends_with(".txt"),
            Purpose::Save(ext) => lower.ends_with(&format!(".{}", ext.to_ascii_lowercase())),
        }
    }
}

/// At most this many entries of one folder are listed.
const MAX_ENTRIES: usize = 100_000;

/// One entry of the folder shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its file name.
    pub name: String,
    /// A folder (entered on double click).
    pub dir: bool,
}

/// The dialog's state: the folder shown, its entries, the filter and the
/// entry selected.
#[derive(Debug, Clone)]
pub struct FileDialog {
    /// What it picks for.
    pub purpose: Purpose,
    /// The folder shown.
    pub dir: PathBuf,
    /// Its folders, then the files `purpose` takes, each sorted by name (any case).
    pub entries: Vec<Entry>,
    /// Text that the names listed contain (any case).
    pub filter: String,
    /// The entry selected (an index into `entries`).
    pub selected: Option<usize>,
    /// Why the folder could not be listed, if so.
    pub error: Option<String>,
    /// The path typed into the dialog's path field.
    pub path_field: String,
    /// Save: the file name typed (a click on a file takes its name).
    pub name: String,
}

/// What the user did with the dialog this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Chose this path.
    Chosen(PathBuf),
    /// Closed it without choosing.
    Cancelled,
}

impl FileDialog {
    /// A dialog for `purpose` showing `dir` (an unreadable one says why).
    pub fn new(purpose: Purpose, dir: PathBuf) -> FileDialog {
        let mut d = FileDialog {
            purpose,
            dir: PathBuf::new(),
            entries: Vec::new(),
            filter: String::new(),
            selected: None,
            error: None,
            path_field: String::new(),
            name: String::new(),
        };
        d.enter(dir);
        d
    }

    /// The folder a dialog starts in: the working folder, else home, else the root.
    pub fn start_dir() -> PathBuf {
        std::env::current_dir()
            .ok()
            .or_else(|| directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf()))
            .unwrap_or_else(|| PathBuf::from("/"))
    }

    /// Shows folder `dir`: its sub-folders and the files the purpose takes
    /// (hidden ones left out, 100,000 at most). A folder that cannot
    /// be read keeps the last listing and says why.
    pub fn enter(&mut self, dir: PathBuf) {
        let read = match std::fs::read_dir(&dir) {
            Ok(r) => r,
            Err(e) => {
                self.error = Some(format!("{}: {e}", dir.display()));
                return;
            }
        };
        let mut entries: Vec<Entry> = read
            .flatten()
            .take(MAX_ENTRIES)
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                if name.starts_with('.') {
                    return None;
                }
                // Follows links: a linked folder is a folder.
                let is_dir = e.path().is_dir();
                (is_dir || self.purpose.lists(&name)).then_some(Entry { name, dir: is_dir })
            })
            .collect();
        entries.sort_by(|a, b| b.dir.cmp(&a.dir).then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase())));
        self.path_field = dir.display().to_string();
        (self.dir, self.entries, self.selected, self.error) = (dir, entries, None, None);
    }

    /// The folder above, if there is one.
    pub fn up(&mut self) {
        if let Some(parent) = self.dir.parent().map(Path::to_path_buf) {
            self.enter(parent);
        }
    }

    /// The indices of the entries the filter keeps.
    pub fn shown(&self) -> Vec<usize> {
        let f = self.filter.to_lowercase();
        (0..self.entries.len()).filter(|&i| f.is_empty() || self.entries[i].name.to_lowercase().contains(&f)).collect()
    }

    /// What choosing now picks: the selected entry (a file; for a folder
    /// purpose, a folder), else for a folder purpose the folder shown; for
    /// Save, the name typed in the folder shown, with the extension.
    pub fn choice(&self) -> Option<PathBuf> {
        let selected = self.selected.and_then(|i| self.entries.get(i));
        match (&self.purpose, selected) {
            (Purpose::Save(ext), _) => {
                let name = self.name.trim();
                let stem = Path::new(name).file_stem().map(|s| s.to_string_lossy().into_owned());
                stem.filter(|s| !s.is_empty()).map(|s| self.dir.join(format!("{s}.{ext}")))
            }
            (Purpose::AddFolder, Some(e)) if e.dir => Some(self.dir.join(&e.name)),
            (Purpose::AddFolder, _) => Some(self.dir.clone()),
            (_, Some(e)) if !e.dir => Some(self.dir.join(&e.name)),
            _ => None,
        }
    }

    /// Double click on entry `i`: a folder is entered, a file chosen.
    pub fn activate(&mut self, i: usize) -> Option<Answer> {
        let e = self.entries.get(i)?.clone();
        if e.dir {
            self.enter(self.dir.join(e.name));
            None
        } else if let Purpose::Save(_) = self.purpose {
            // Over an existing file: its name, then Save.
            self.name = e.name.clone();
            self.choice().map(Answer::Chosen)
        } else {
            Some(Answer::Chosen(self.dir.join(e.name)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_folders_first_then_what_the_purpose_takes() {
        let d = std::env::temp_dir().join(format!("m2view-filedialog-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("Zeta")).unwrap();
        std::fs::create_dir_all(d.join("alpha")).unwrap();
        std::fs::create_dir_all(d.join(".hidden")).unwrap();
        for f in ["b.M2", "a.blp", "notes.txt", "patch.MPQ", "Map.dbc"] {
            std::fs::write(d.join(f), b"x").unwrap();
        }
        let names = |f: &FileDialog| f.entries.iter().map(|e| e.name.clone()).collect::<Vec<_>>();
        let mut open = FileDialog::new(Purpose::Open, d.clone());
        assert_eq!(names(&open), ["alpha", "Zeta", "a.blp", "b.M2", "Map.dbc"]);
        open.filter = "M2".into();
        assert_eq!(open.shown(), [3]);
        assert_eq!(open.choice(), None, "nothing selected");
        open.selected = Some(3);
        assert_eq!(open.choice(), Some(d.join("b.M2")));
        assert_eq!(open.activate(0), None, "a folder is entered");
        assert_eq!(open.dir, d.join("alpha"));
        open.up();
        assert_eq!(open.dir, d);
        let archive = FileDialog::new(Purpose::AddArchive, d.clone());
        assert_eq!(names(&archive), ["alpha", "Zeta", "patch.MPQ"]);
        let mut folder = FileDialog::new(Purpose::AddFolder, d.clone());
        assert_eq!(folder.choice(), Some(d.clone()), "the folder shown");
        folder.selected = Some(1);
        assert_eq!(folder.choice(), Some(d.join("Zeta")));
        let mut save = FileDialog::new(Purpose::Save("glb".into()), d.clone());
        assert_eq!(names(&save), ["alpha", "Zeta"]);
        assert_eq!(save.choice(), None, "no name yet");
        save.name = "bear.obj".into();
        assert_eq!(save.choice(), Some(d.join("bear.glb")), "the extension is the format's");
        // A folder that cannot be listed keeps the listing and says why.
        folder.enter(d.join("gone"));
        assert_eq!(folder.dir, d);
        assert!(folder.error.as_deref().unwrap().contains("gone"));
        std::fs::remove_dir_all(&d).unwrap();
    }
}
