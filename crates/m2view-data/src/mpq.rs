//! One MPQ archive as a source, read with the `wow-mpq` crate (MPQ v1–v4,
//! HET/BET, encryption, every compression WoW and Warcraft III use; user-data
//! and map headers before the archive are skipped by the crate).
//!
//! What `wow-mpq` 0.7 does not guard, this file does (read in its
//! `archive.rs`): encrypted files are decoded here ([`crate::sectors`]: the
//! crate garbles the unencrypted tail of their sectors); a sector that fails
//! to decompress is replaced with zeros and only logged, so every read
//! listens for that warning and turns it into an error naming the sector; a file's sizes are checked against the
//! archive before the crate allocates them; the `(attributes)` CRC32/MD5 of
//! a file is checked when the archive has one; a panic inside the crate on a
//! hostile archive becomes an error. `Archive::read_file` needs `&mut`: one
//! archive handle behind a lock, so any thread may read.

use std::cell::RefCell;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::{Mutex, Once};

use wow_mpq::{Archive, BlockEntry};

use crate::{Entry, Error, Found, MAX_FILE_BYTES, Result, Source, normalize};

/// One file the archive can name.
#[derive(Debug, Clone)]
struct Named {
    /// Name as stored (`\` separated), or the placeholder of an unnamed file.
    name: String,
    /// Block table index.
    block: usize,
    /// No name reached it: read by block index.
    unnamed: bool,
    /// Absolute position of the stored data in the archive file.
    pos: u64,
    size: u64,
    compressed: u64,
    flags: u32,
}

/// An opened archive.
pub struct Mpq {
    name: String,
    path: std::path::PathBuf,
    /// Archive start in the file (after a map or user-data header).
    offset: u64,
    sector_size: usize,
    len: u64,
    archive: Mutex<Archive>,
    files: HashMap<String, Named>,
}

thread_local! {
    /// The first "sector replaced with zeros" warning `wow-mpq` logged on this thread.
    static ZEROED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Catches `wow-mpq`'s warnings about sectors it filled with zeros.
struct ZeroWatch;

impl log::Log for ZeroWatch {
    fn enabled(&self, m: &log::Metadata<'_>) -> bool {
        m.level() <= log::Level::Warn && m.target().starts_with("wow_mpq")
    }
    fn log(&self, r: &log::Record<'_>) {
        if !self.enabled(r.metadata()) {
            return;
        }
        let msg = r.args().to_string();
        if msg.contains("zeros") || msg.contains("Attempting recovery") {
            ZEROED.with(|z| {
                z.borrow_mut().get_or_insert(msg);
            });
        }
    }
    fn flush(&self) {}
}

static WATCH: ZeroWatch = ZeroWatch;

/// Installs the watcher as the process logger (once; if the program set its
/// own logger first, the `(attributes)` checksums and magics remain).
fn watch_zeroed_sectors() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        if log::set_logger(&WATCH).is_ok() {
            log::set_max_level(log::LevelFilter::Warn);
        }
    });
}

/// Runs a `wow-mpq` call, turning a panic inside it into an error.
fn guarded<T>(f: impl FnOnce() -> wow_mpq::Result<T>) -> std::result::Result<T, String> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err("the archive reader failed on malformed data".into()),
    }
}

impl Mpq {
    /// Opens the archive at `path`. Names come from its `(listfile)` and
    /// `extra_names` (an external listfile's lines); files no name matches
    /// are listed as `(unnamed)/file_<block>.dat`. Errors: not an MPQ, a
    /// truncated or inconsistent header or table.
    pub fn open(path: &Path, extra_names: Option<&[String]>) -> Result<Mpq> {
        watch_zeroed_sectors();
        let name = path.display().to_string();
        let err = |m: String| Error::new(&name, "", m);
        let len = std::fs::metadata(path).map_err(|e| err(e.to_string()))?.len();
        let mut archive =
            guarded(|| Archive::open(path)).map_err(|m| err(format!("not a readable MPQ archive: {m}")))?;
        check_tables(&archive, len).map_err(err)?;
        let _ = guarded(|| archive.load_attributes());
        let (offset, sector_size) = (archive.archive_offset(), archive.header().sector_size());
        let mut mpq = Mpq {
            name,
            path: path.to_path_buf(),
            offset,
            sector_size,
            len,
            archive: Mutex::new(archive),
            files: HashMap::new(),
        };
        let mut names: Vec<String> = Vec::new();
        for special in ["(listfile)", "(attributes)", "(signature)"] {
            names.push(special.into());
        }
        if let Some(Found::File(_)) = mpq.probe("(listfile)") {
            let list = mpq.read(&normalize("(listfile)"))?;
            names.extend(parse_listfile(&list));
        }
        names.extend(extra_names.unwrap_or_default().iter().cloned());
        for n in names {
            mpq.probe(&n);
        }
        mpq.add_unnamed();
        Ok(mpq)
    }

    /// Looks `name` up in the hash tables and remembers it when present.
    fn probe(&mut self, name: &str) -> Option<Found> {
        let key = normalize(name);
        if let Some(n) = self.files.get(&key) {
            return Some(found(n));
        }
        let archive = self.archive.get_mut().unwrap_or_else(|p| p.into_inner());
        let info = guarded(|| archive.find_file(name)).ok().flatten()?;
        let n = named(name, &info);
        let f = found(&n);
        self.files.insert(key, n);
        Some(f)
    }

    /// Files no name reached: listed by block index so they can still be extracted.
    fn add_unnamed(&mut self) {
        let archive = self.archive.get_mut().unwrap_or_else(|p| p.into_inner());
        let Ok(all) = guarded(|| archive.list_all()) else { return };
        let offset = archive.archive_offset();
        let pos_of = |b: usize| archive.block_table().and_then(|t| t.get(b)).map(|e| offset + e.file_pos as u64);
        let known: std::collections::HashSet<usize> = self.files.values().map(|n| n.block).collect();
        for e in all {
            let Some((_, Some(block))) = e.table_indices else { continue };
            if known.contains(&block) {
                continue;
            }
            let name = format!("(unnamed)\\file_{block:08}.dat");
            let Some(pos) = pos_of(block) else { continue };
            let n = Named {
                name: name.clone(),
                block,
                unnamed: true,
                pos,
                size: e.size,
                compressed: e.compressed_size,
                flags: e.flags,
            };
            self.files.insert(normalize(&name), n);
        }
    }

    /// Reads file `n` with every check: sizes against the archive before the
    /// crate allocates, no zero-filled sector, the decoded size, `(attributes)` CRC32.
    fn read_checked(&self, archive: &mut Archive, n: &Named) -> Result<Vec<u8>> {
        let err = |m: String| Error::new(&self.name, n.name.replace('\\', "/"), m);
        if n.flags & BlockEntry::FLAG_PATCH_FILE != 0 {
            return Err(err("an incremental patch file (needs its base file; not supported)".into()));
        }
        if n.size > MAX_FILE_BYTES || n.compressed > self.len {
            return Err(err(format!(
                "sizes {} (stored {}) do not fit an archive of {} bytes",
                n.size, n.compressed, self.len
            )));
        }
        if n.flags & BlockEntry::FLAG_ENCRYPTED != 0 {
            // wow-mpq 0.7 garbles the unencrypted tail of encrypted units ([`crate::sectors`]).
            let bytes = self.decode_stored(n).map_err(err)?;
            return self.checked(archive, n, bytes);
        }
        ZEROED.with(|z| z.borrow_mut().take());
        let first = if n.unnamed {
            guarded(|| archive.read_file_by_indices(0, Some(n.block)))
        } else {
            guarded(|| archive.read_file(&n.name))
        };
        let zeroed = ZEROED.with(|z| z.borrow_mut().take());
        let bytes = match (first, zeroed) {
            (Ok(b), None) => b,
            // The crate refused the file or filled a sector with zeros: decode
            // the sectors here (whose error names the sector and the cause).
            _ => self.decode_stored(n).map_err(err)?,
        };
        self.checked(archive, n, bytes)
    }

    /// `bytes` decoded from `n`, if their size and `(attributes)` CRC32 agree.
    fn checked(&self, archive: &mut Archive, n: &Named, bytes: Vec<u8>) -> Result<Vec<u8>> {
        let err = |m: String| Error::new(&self.name, n.name.replace('\\', "/"), m);
        if bytes.len() as u64 != n.size {
            return Err(err(format!("decoded {} bytes, the block table says {}", bytes.len(), n.size)));
        }
        if let Some(crc) = archive.get_file_attributes(n.block).and_then(|a| a.crc32)
            && crc != 0
            && crc32(&bytes) != crc
        {
            return Err(err(format!("CRC32 {:08x} does not match (attributes) {crc:08x}", crc32(&bytes))));
        }
        Ok(bytes)
    }
}

impl Mpq {
    /// Decodes `n` from its stored bytes ([`crate::sectors`]).
    fn decode_stored(&self, n: &Named) -> std::result::Result<Vec<u8>, String> {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = std::fs::File::open(&self.path).map_err(|e| e.to_string())?;
        file.seek(SeekFrom::Start(n.pos)).map_err(|e| e.to_string())?;
        let mut raw = Vec::new();
        file.take(n.compressed).read_to_end(&mut raw).map_err(|e| e.to_string())?;
        if raw.len() as u64 != n.compressed {
            return Err(format!("stored data of {} bytes runs past the end of the archive", n.compressed));
        }
        if n.unnamed && n.flags & BlockEntry::FLAG_ENCRYPTED != 0 {
            return Err("encrypted, and its name (the key) is unknown: give a listfile".into());
        }
        crate::sectors::decode(&crate::sectors::Stored {
            name: &n.name,
            raw: &raw,
            pos: (n.pos - self.offset) as u32,
            size: n.size as usize,
            flags: n.flags,
            sector_size: self.sector_size,
        })
    }
}

/// Table sizes the file cannot hold are refused before anything is allocated.
fn check_tables(archive: &Archive, len: u64) -> std::result::Result<(), String> {
    let h = archive.header();
    let (hash, block) = (h.hash_table_size as u64 * 16, h.block_table_size as u64 * 16);
    if hash > len || block > len {
        return Err(format!(
            "hash table of {} entries or block table of {} entries cannot fit in {len} bytes",
            h.hash_table_size, h.block_table_size
        ));
    }
    Ok(())
}

fn named(name: &str, info: &wow_mpq::FileInfo) -> Named {
    Named {
        name: name.to_string(),
        block: info.block_index,
        unnamed: false,
        pos: info.file_pos,
        size: info.file_size,
        compressed: info.compressed_size,
        flags: info.flags,
    }
}

fn found(n: &Named) -> Found {
    if n.flags & BlockEntry::FLAG_DELETE_MARKER != 0 { Found::Deleted } else { Found::File(n.size) }
}

/// Names of a `(listfile)`: one per line (`;` also separates), blank lines skipped.
fn parse_listfile(bytes: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(bytes)
        .split(['\r', '\n', ';'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// CRC-32 (IEEE), as `(attributes)` stores it.
fn crc32(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

impl Source for Mpq {
    fn name(&self) -> &str {
        &self.name
    }

    fn list(&self) -> Vec<Entry> {
        let mut v: Vec<Entry> = self
            .files
            .values()
            .filter(|n| n.flags & BlockEntry::FLAG_DELETE_MARKER == 0)
            .map(|n| Entry { path: n.name.replace('\\', "/"), size: n.size })
            .collect();
        v.sort_by(|a, b| a.path.cmp(&b.path));
        v
    }

    fn lookup(&self, key: &str) -> Option<Found> {
        if let Some(n) = self.files.get(key) {
            return Some(found(n));
        }
        // Names outside the listfile still resolve through the hash table.
        let archive = self.archive.lock().unwrap_or_else(|p| p.into_inner());
        let info = guarded(|| archive.find_file(&key.replace('/', "\\"))).ok().flatten()?;
        Some(if info.flags & BlockEntry::FLAG_DELETE_MARKER != 0 {
            Found::Deleted
        } else {
            Found::File(info.file_size)
        })
    }

    fn read(&self, key: &str) -> Result<Vec<u8>> {
        let mut archive = self.archive.lock().unwrap_or_else(|p| p.into_inner());
        let n = match self.files.get(key) {
            Some(n) => n.clone(),
            None => {
                let name = key.replace('/', "\\");
                let info = guarded(|| archive.find_file(&name)).ok().flatten();
                let info = info.ok_or_else(|| Error::new(&self.name, key, "not in this archive"))?;
                named(&name, &info)
            }
        };
        self.read_checked(&mut archive, &n)
    }

    fn display(&self, key: &str) -> Option<String> {
        Some(self.files.get(key).map_or_else(|| key.to_string(), |n| n.name.replace('\\', "/")))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn crc32_of_a_known_string() {
        assert_eq!(super::crc32(b"123456789"), 0xCBF4_3926);
    }
}
