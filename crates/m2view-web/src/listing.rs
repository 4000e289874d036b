//! Folders by URL (`?data=`, `?dbc=`): their index pages (what a static
//! server writes for a folder, [`crate::index`]) read down to every file,
//! so that the viewer knows the folder's models (the browser panel lists
//! them) and can read any file by its virtual path. The listing is a data
//! source ([`Remote`]): a model opened from it is fetched with its
//! companions before it loads (`fetch::listed`, without blocking the page);
//! any other file read later — client tables, creature skins, a
//! character's textures, items, attachments — is fetched when first read,
//! with a blocking request (the readers are synchronous), then kept.

use std::collections::BTreeMap;
use std::sync::Arc;

use m2view_data::{Entry, Error, Found, Memory, Source, normalize};

/// At most this many index pages are read (a whole client's loose tree has
/// a few thousand folders).
const MAX_FOLDERS: usize = 5_000;
/// At most this many files are listed.
const MAX_FILES: usize = 500_000;

/// Why an archive is not opened here.
pub const ARCHIVES_NATIVE_ONLY: &str =
    "MPQ and Warcraft III archives are read by the native m2view only (its archive reader does not build for the web)";

/// The files under a folder URL.
#[derive(Debug, Clone)]
pub struct Listing {
    /// The folder's URL, ending with `/`.
    pub base: String,
    /// Normalized virtual path → the path as listed (`/` separated,
    /// relative to `base`).
    files: BTreeMap<String, String>,
    /// Virtual folder the files appear under (`DBFilesClient/` for `?dbc=`).
    mount: String,
}

/// Whether `url` (or a file name) names an archive rather than a folder.
pub fn is_archive(url: &str) -> bool {
    let path = url.split(['?', '#']).next().unwrap_or(url).to_ascii_lowercase();
    [".mpq", ".w3x", ".w3m"].iter().any(|e| path.ends_with(e))
}

impl Listing {
    /// Reads the folder at `url` and its sub-folders, one index page each; its
    /// files appear under virtual folder `mount` (`""`: the root).
    ///
    /// # Errors
    /// The folder's own page cannot be fetched or lists nothing (a server
    /// that writes no index pages), or the folder is too big (naming the
    /// limit).
    pub async fn read(url: &str, mount: &str) -> Result<Listing, String> {
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
                    files.insert(normalize(&format!("{mount}/{path}")), path);
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
        Ok(Listing { base, files, mount: mount.to_string() })
    }

    /// The URL of the file at virtual path `path` (any case, `\` or `/`).
    pub fn url(&self, path: &str) -> Option<String> {
        let listed = self.files.get(&normalize(path))?;
        Some(format!("{}{}", self.base, crate::index::encode_path(listed)))
    }

    /// The virtual path of a listed file, as listed.
    fn spelled(&self, listed: &str) -> String {
        if self.mount.is_empty() { listed.to_string() } else { format!("{}/{listed}", self.mount) }
    }
}

/// A listing as a data source, files read once kept in `memory` (which
/// sits above it in the VFS).
pub struct Remote {
    /// The folder.
    pub listing: Arc<Listing>,
    /// Where fetched files are kept.
    pub memory: Memory,
}

impl Source for Remote {
    fn name(&self) -> &str {
        &self.listing.base
    }

    fn list(&self) -> Vec<Entry> {
        // Sizes are unknown until fetched.
        self.listing.files.values().map(|p| Entry { path: self.listing.spelled(p), size: 0 }).collect()
    }

    fn lookup(&self, key: &str) -> Option<Found> {
        self.listing.files.contains_key(key).then_some(Found::File(0))
    }

    fn read(&self, key: &str) -> m2view_data::Result<Vec<u8>> {
        let url = self.listing.url(key).ok_or_else(|| Error::new(&self.listing.base, key, "not listed"))?;
        let bytes = crate::fetch::bytes_now(&url).map_err(|e| Error::new(&self.listing.base, key, e))?;
        self.memory.insert(&self.display(key).unwrap_or_else(|| key.to_string()), bytes.clone());
        Ok(bytes)
    }

    fn display(&self, key: &str) -> Option<String> {
        self.listing.files.get(key).map(|p| self.listing.spelled(p))
    }
}
