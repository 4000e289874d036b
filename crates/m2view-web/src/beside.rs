//! A model given by URL alone (`?model=` without `?data=`) finds what the
//! native viewer finds beside a model on disk: the files of its own folder
//! (the textures a creature skin names) and the nearest `DBFilesClient/`
//! at or above that folder (the creature and character tables), as
//! `m2view_dress::tables::ClientTables` walks up from a model's folder
//! natively. Both are read through the server's index pages
//! (`listing::Listing`); a server that writes none leaves the model with
//! what `fetch` brought for it.
//!
//! [`folders_above`] is plain string work, built and tested natively too.

/// The folder URLs at and above the folder of absolute URL `model_url`,
/// nearest first, the origin's root last; query and fragment ignored.
/// `http://h/a/b/M.m2` → `http://h/a/b/`, `http://h/a/`, `http://h/`.
pub fn folders_above(model_url: &str) -> Vec<String> {
    let url = model_url.split(['?', '#']).next().unwrap_or(model_url);
    // The root: after `scheme://host`, else the first `/`.
    let root_end = match url.find("://") {
        Some(i) => url[i + 3..].find('/').map_or(url.len(), |j| i + 3 + j),
        None => url.find('/').unwrap_or(0),
    };
    let mut out = Vec::new();
    let mut end = url.rfind('/').map_or(0, |i| i + 1);
    while end > root_end {
        out.push(url[..end].to_string());
        end = url[..end - 1].rfind('/').map_or(0, |i| i + 1);
    }
    out.push(format!("{}/", &url[..root_end]));
    out.dedup();
    out
}

/// What lies beside a model given by URL alone.
#[cfg(target_arch = "wasm32")]
#[derive(Debug, Default)]
pub struct Beside {
    /// The folder URL holding the nearest `DBFilesClient/` (the model's
    /// data root, as natively); the model's virtual path is its URL
    /// relative to it.
    pub root: Option<String>,
    /// `DBFilesClient/`'s tables, mounted there.
    pub tables: Option<crate::listing::Listing>,
    /// The model's own folder, mounted at the model's virtual folder.
    pub own: Option<crate::listing::Listing>,
}

/// The nearest `DBFilesClient/` at or above `model_url`'s folder and the
/// model's own folder, read through their index pages (each `None` where
/// the server lists nothing).
#[cfg(target_arch = "wasm32")]
pub async fn read(model_url: &str) -> Beside {
    use crate::listing::Listing;
    let Some(absolute) = absolute(model_url) else { return Beside::default() };
    let folders = folders_above(&absolute);
    let mut beside = Beside::default();
    for dir in &folders {
        let Ok(page) = crate::fetch::bytes(dir).await else { continue };
        let entries = crate::index::entries(&String::from_utf8_lossy(&page));
        if let Some(e) = entries.iter().find(|e| e.folder && e.name.eq_ignore_ascii_case("DBFilesClient")) {
            beside.tables = Listing::read(&format!("{dir}{}/", e.name), "DBFilesClient").await.ok();
            beside.root = Some(dir.clone());
            break;
        }
    }
    if let Some(own) = folders.first() {
        let mount = beside.root.as_deref().and_then(|r| own.strip_prefix(r)).unwrap_or("");
        beside.own = Listing::read(own, mount.trim_end_matches('/')).await.ok();
    }
    beside
}

/// `url` resolved against the page's address.
#[cfg(target_arch = "wasm32")]
pub fn absolute(url: &str) -> Option<String> {
    let page = web_sys::window()?.location().href().ok()?;
    web_sys::Url::new_with_base(url, &page).ok().map(|u| u.href())
}

#[cfg(test)]
mod tests {
    use super::folders_above;

    #[test]
    fn the_folders_above_a_model_run_from_its_own_to_the_root() {
        assert_eq!(
            folders_above("http://localhost:8000/samples/K/Creature/Murloc2/Murloc2.m2?x=1"),
            [
                "http://localhost:8000/samples/K/Creature/Murloc2/",
                "http://localhost:8000/samples/K/Creature/",
                "http://localhost:8000/samples/K/",
                "http://localhost:8000/samples/",
                "http://localhost:8000/",
            ]
        );
        assert_eq!(folders_above("http://h/M.m2"), ["http://h/"]);
        assert_eq!(folders_above("http://h"), ["http://h/"]);
    }
}
