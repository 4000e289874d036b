//! Where table definitions come from: a `--dbd DIR` folder (WoWDBDefs'
//! `definitions/`, for builds newer than the embedded files know), then the
//! definitions embedded in m2view, both written by `cargo xtask dbd
//! PATH-TO-WoWDBDefs` (WoWDBDefs data under CC BY-SA 4.0): the tables
//! m2view reads (`definitions.rs`), then natively every other table of
//! WoWDBDefs (`definitions_all.deflate`, 1,320 tables, inflated on first
//! use), so any client table reads without `--dbd`. The web page carries
//! the first set only. Each definition is parsed once.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use m2view_error::{Error, ErrorKind, Result};

use crate::dbd::Dbd;

/// The definitions available.
#[derive(Debug, Default)]
pub struct Definitions {
    dir: Option<PathBuf>,
    cache: Mutex<HashMap<String, Option<Arc<Dbd>>>>,
}

/// The embedded definition of `table` and its DB2 FileDataID.
fn embedded(table: &str) -> Option<(u32, &'static str)> {
    let own = crate::definitions::EMBEDDED.iter().find(|e| e.0.eq_ignore_ascii_case(table)).map(|e| (e.1, e.2));
    own.or_else(|| every_table(table))
}

/// Every WoWDBDefs definition (see the module docs), inflated on first
/// use: lower-case table name → (DB2 FileDataID, definition).
#[cfg(not(target_arch = "wasm32"))]
fn every() -> &'static HashMap<String, (u32, String)> {
    use std::io::Read as _;
    static ALL: std::sync::OnceLock<HashMap<String, (u32, String)>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        let packed: &[u8] = include_bytes!("definitions_all.deflate");
        let mut text = String::new();
        // Written by xtask and checked by a test; 64 MiB bounds a broken blob.
        let _ = flate2::read::DeflateDecoder::new(packed).take(64 << 20).read_to_string(&mut text);
        text.split('\0')
            .filter_map(|r| {
                let mut parts = r.splitn(3, '\t');
                let name = parts.next()?;
                let fdid = parts.next()?.parse().ok()?;
                Some((name.to_ascii_lowercase(), (fdid, parts.next()?.to_string())))
            })
            .collect()
    })
}

/// `table` among every WoWDBDefs definition.
#[cfg(not(target_arch = "wasm32"))]
fn every_table(table: &str) -> Option<(u32, &'static str)> {
    every().get(&table.to_ascii_lowercase()).map(|(fdid, text)| (*fdid, text.as_str()))
}

/// The names (lower case) of every table whose definition m2view carries
/// natively: all of WoWDBDefs' (none in the web page).
pub fn every_table_name() -> Vec<&'static str> {
    #[cfg(not(target_arch = "wasm32"))]
    return every().keys().map(String::as_str).collect();
    #[cfg(target_arch = "wasm32")]
    Vec::new()
}

/// The web page carries only the tables m2view reads.
#[cfg(target_arch = "wasm32")]
fn every_table(_: &str) -> Option<(u32, &'static str)> {
    None
}

/// The FileDataID of table `table`'s `.db2` (WoWDBDefs' `manifest.json`),
/// for installs that name files by ID only.
pub fn db2_fdid(table: &str) -> Option<u32> {
    embedded(table).map(|e| e.0).filter(|&id| id != 0)
}

/// The names of the tables m2view embeds definitions of.
pub fn embedded_tables() -> impl Iterator<Item = &'static str> {
    crate::definitions::EMBEDDED.iter().map(|e| e.0)
}

impl Definitions {
    /// The embedded definitions, and `dir` (a WoWDBDefs `definitions/`
    /// folder) searched first.
    pub fn new(dir: Option<PathBuf>) -> Definitions {
        Definitions { dir, cache: Mutex::default() }
    }

    /// The definition of `table` (`None`: neither `--dbd` nor m2view has one).
    ///
    /// # Errors
    /// A definition file that cannot be read or parsed (names it and the line).
    pub fn get(&self, table: &str) -> Result<Option<Arc<Dbd>>> {
        let key = table.to_ascii_lowercase();
        if let Some(hit) = self.cache.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
            return Ok(hit.clone());
        }
        let from_dir = self.dir.as_ref().and_then(|d| {
            let rd = std::fs::read_dir(d).ok()?;
            rd.flatten().map(|e| e.path()).find(|p| {
                p.file_name().is_some_and(|n| n.to_string_lossy().eq_ignore_ascii_case(&format!("{table}.dbd")))
            })
        });
        let parsed = match from_dir {
            Some(p) => {
                let name = p.display().to_string();
                let text = std::fs::read_to_string(&p)
                    .map_err(|e| Error::new(0, ErrorKind::Io(e.to_string())).in_file(&name))?;
                Some(Arc::new(Dbd::parse(&text, table, &name)?))
            }
            None => match embedded(table) {
                Some((_, text)) => Some(Arc::new(Dbd::parse(text, table, &format!("(embedded) {table}.dbd"))?)),
                None => None,
            },
        };
        self.cache.lock().unwrap_or_else(|p| p.into_inner()).insert(key, parsed.clone());
        Ok(parsed)
    }
}
