//! `?data=URL` as a folder: its index pages (what a static server writes
//! for a folder, [`crate::index`]) read down to every file, so that the
//! viewer knows the folder's models (the browser panel lists them) and can
//! fetch any file by its virtual path — a model with its companions and
//! the skins beside it when it is opened, the client tables (`DBFilesClient/*.dbc`, `*.db2`) once,
//! up front, since dressing reads them while it opens a model.

use std::collections::BTreeMap;

use m2view_data::{Memory, normalize};

/// At most this many index pages are read (a whole client's loose tree has
/// a few thousand folders).
const MAX_FOLDERS: usize = 5_000;
/// At most this many files are listed.
const MAX_FILES: usize = 500_000;
/// At most this many client tables are fetched up front.
const MAX_TABLES: usize = 1_000;

/// The files under a folder URL.
#[derive(Debug, Clone)]
pub struct Listing {
    /// The folder's URL, ending with `/`.
    pub base: String,
    /// Normalized virtual path → the path as listed (`/` separated, relative to `base`).
    files: BTreeMap<String, String>,
}

/// Why an archive is not opened here.
pub const ARCHIVES_NATIVE_ONLY: &str =
    "MPQ and Warcraft III archives are read by the native m2view only (its archive reader does not build for the web)";

/// Whether `url` (or a file name) names an archive rather than a folder.
pub fn is_archive(url: &str) -> bool {
    let path = url.split(['?', '#']).next().unwrap_or(url).to_ascii_lowercase();
    [".mpq", ".w3x", ".w3m", ".w3n", ".sc2map"].iter().any(|e| path.ends_with(e))
}

impl Listing {
    /// Reads the folder at `url` and its sub-folders, breadth first.
    ///
    /// # Errors
    /// The folder's own page cannot be fetched or lists nothing (a server
    /// that writes no index pages), or the folder is too big (naming the
    /// limit).
    pub async fn read(url: &str) -> Result<Listing, String> {
        let base = if url.ends_with('/') { url.to_string() } else { format!("{url}/") };
        let mut files = BTreeMap::new();
        let mut folders = vec![String::new()];
        let mut read = 0;
        while let Some(dir) = folders.pop() {
            read += 1;
            if read > MAX_FOLDERS {
                return Err(format!("{base}: more than {MAX_FOLDERS} folders; give a folder further down"));
            }
            let page_url = format!("{base}{}", crate::index::encode_path(&dir));
            let page = match crate::fetch::bytes(&page_url).await {
                Ok(b) => String::from_utf8_lossy(&b).into_owned(),
                Err(e) if dir.is_empty() => return Err(e),
                // A sub-folder the server will not list: its files stay unknown.
                Err(_) => continue,
            };
            for e in crate::index::entries(&page) {
                let path = format!("{dir}{}", e.name);
                if e.folder {
                    folders.push(format!("{path}/"));
                } else {
                    files.insert(normalize(&path), path);
                }
            }
            if files.len() > MAX_FILES {
                return Err(format!("{base}: more than {MAX_FILES} files; give a folder further down"));
            }
        }
        if files.is_empty() {
            return Err(format!(
                "{base}: no files listed (the server must write index pages for folders, as python3 -m http.server does)"
            ));
        }
        Ok(Listing { base, files })
    }

    /// The URL of the file at virtual path `path` (any case, `\` or `/`).
    pub fn url(&self, path: &str) -> Option<String> {
        let listed = self.files.get(&normalize(path))?;
        Some(format!("{}{}", self.base, crate::index::encode_path(listed)))
    }

    /// The listed paths of the models (`.m2`, `.mdx`), sorted.
    pub fn models(&self) -> Vec<String> {
        let mut m: Vec<String> = self
            .files
            .iter()
            .filter(|(k, _)| k.ends_with(".m2") || k.ends_with(".mdx"))
            .map(|(_, p)| p.clone())
            .collect();
        m.sort();
        m
    }

    /// The listed paths of the `.blp` files directly in the folder of
    /// virtual path `model`: the creature skins a model's dressing may pick
    /// (from the tables, or guessed from file names) live there.
    pub fn skins_beside(&self, model: &str) -> Vec<String> {
        let key = normalize(model);
        let dir = key.rsplit_once('/').map_or("", |(d, _)| d);
        self.files
            .iter()
            .filter(|(k, _)| k.ends_with(".blp") && k.rsplit_once('/').map_or("", |(d, _)| d) == dir)
            .map(|(_, p)| p.clone())
            .collect()
    }

    /// Fetches the client tables (`*.dbc`, `*.db2`) directly in `folder`
    /// (normalized: `dbfilesclient/` of a data folder, `""` for a folder of
    /// tables) into `memory` as `DBFilesClient/<name>`, where dressing looks
    /// for them; returns how many arrived.
    pub async fn fetch_tables(&self, memory: &Memory, folder: &str) -> usize {
        let tables = self
            .files
            .iter()
            .filter_map(|(k, listed)| Some((k.strip_prefix(folder)?, listed)))
            .filter(|(name, _)| !name.contains('/') && (name.ends_with(".dbc") || name.ends_with(".db2")))
            .take(MAX_TABLES);
        let mut n = 0;
        for (_, listed) in tables {
            let name = listed.rsplit('/').next().unwrap_or(listed);
            if let Some(url) = self.url(listed)
                && let Ok(b) = crate::fetch::bytes(&url).await
            {
                memory.insert(&format!("DBFilesClient/{name}"), b);
                n += 1;
            }
        }
        n
    }
}
