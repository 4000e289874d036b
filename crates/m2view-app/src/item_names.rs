//! Items by name for the Character panel's search: the item list the
//! user pointed at in File > Game data… (remembered in the settings; for
//! clients to 3.3.5, whose item names live on the server) and the items
//! the open model's tables name (`ItemSparse`, 7.0+), gathered once per
//! model by [`m2view_dress::named_items::gather`].

use std::path::{Path, PathBuf};
use std::sync::Arc;

use m2view_dress::ClientTables;
use m2view_dress::named_items::{NamedItem, gather, parse_list};

use crate::AppError;

/// The largest item list read (a list of every item of 3.3.5 is about 3 MB).
const MAX_LIST_BYTES: u64 = 64 << 20;

/// The item list and the items gathered for the open model.
#[derive(Debug, Default)]
pub struct ItemNames {
    /// The item list's file (`None`: none given).
    pub list_path: Option<PathBuf>,
    list: Vec<NamedItem>,
    /// The open model's items, or why they could not be gathered (`None`: not asked yet).
    gathered: Option<Result<Arc<Vec<NamedItem>>, AppError>>,
}

impl ItemNames {
    /// Reads the list at `path` (`None`: no list).
    ///
    /// # Errors
    /// The file cannot be read, is larger than 64 MiB, or a line does not
    /// parse ([`AppError::Input`]: the message names the file, the line and
    /// its byte offset); the list is then empty and `list_path` still names it.
    pub fn set_list(&mut self, path: Option<PathBuf>) -> Result<(), AppError> {
        self.list = Vec::new();
        self.gathered = None;
        self.list_path = path.clone();
        let Some(path) = path else { return Ok(()) };
        self.list = read_list(&path)?;
        Ok(())
    }

    /// How many items the list holds.
    pub fn list_len(&self) -> usize {
        self.list.len()
    }

    /// Forgets the gathered items: the open model (and so its tables) changed.
    pub fn forget(&mut self) {
        self.gathered = None;
    }

    /// The items of `tables` and the list, gathered on first use for each model.
    ///
    /// # Errors
    /// A table that exists but does not read ([`AppError::Input`], kept
    /// until the model changes).
    pub fn items(&mut self, tables: &ClientTables) -> Result<Arc<Vec<NamedItem>>, AppError> {
        self.gathered.get_or_insert_with(|| gather(tables, &self.list).map(Arc::new).map_err(AppError::input)).clone()
    }
}

/// Reads and parses the item list at `path`.
fn read_list(path: &Path) -> Result<Vec<NamedItem>, AppError> {
    let name = path.display().to_string();
    let unread = |e: std::io::Error| AppError::Input(format!("{name}: {e}"));
    let len = std::fs::metadata(path).map_err(unread)?.len();
    if len > MAX_LIST_BYTES {
        return Err(AppError::Input(format!("{name}: {len} bytes is too large for an item list (64 MiB at most)")));
    }
    let bytes = std::fs::read(path).map_err(unread)?;
    parse_list(&String::from_utf8_lossy(&bytes), &name).map_err(AppError::input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_is_read_and_a_broken_one_is_named() {
        let dir = std::env::temp_dir().join(format!("m2view-item-names-app-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("items.csv");
        std::fs::write(&good, "id;name;display\n6125;Brawler's Harness;9996;4\n").unwrap();
        let mut names = ItemNames::default();
        names.set_list(Some(good.clone())).unwrap();
        assert_eq!(names.list_len(), 1);
        let bad = dir.join("bad.csv");
        std::fs::write(&bad, "1;A;2\nnot an item\n").unwrap();
        let e = names.set_list(Some(bad.clone())).unwrap_err().to_string();
        assert!(e.contains("bad.csv") && e.contains("line 2") && e.contains("offset"), "{e}");
        assert_eq!((names.list_len(), names.list_path.as_deref()), (0, Some(bad.as_path())));
        let e = names.set_list(Some(dir.join("absent.csv"))).unwrap_err().to_string();
        assert!(e.contains("absent.csv"), "{e}");
        names.set_list(None).unwrap();
        assert_eq!((names.list_len(), names.list_path.as_deref()), (0, None));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
