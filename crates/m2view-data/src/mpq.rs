//! One MPQ archive as a source: `wow-mpq` reads its header and tables (MPQ
//! v1–v4, HET/BET; user-data and map headers before the archive are
//! skipped by the crate) and finds files by name; their bytes are decoded
//! here ([`crate::sectors`]), because its reader garbles the unencrypted
//! tail of encrypted units, fills a sector it cannot decode with zeros, and
//! allocates the size the block table claims (read in its `archive.rs`).
//! Before anything is allocated a file's sizes are checked against the
//! archive and against what its stored bytes can decode to; the decoded
//! size and the `(attributes)` CRC32 are checked after; a panic inside the
//! crate or its decompressors becomes an error. One archive handle behind a
//! lock, so any thread may read.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::Mutex;

use wow_mpq::{Archive, BlockEntry};

use crate::{Entry, Error, Found, Listfile, MAX_FILE_BYTES, MpqError, Result, Source, normalize};

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
    /// The archive file, read at each file's position (under the lock).
    file: Mutex<std::fs::File>,
    /// Archive start in the file (after a map or user-data header).
    offset: u64,
    sector_size: usize,
    len: u64,
    archive: Mutex<Archive>,
    files: HashMap<String, Named>,
}

/// Runs a `wow-mpq` call, turning a panic inside it into an error.
fn guarded<T>(f: impl FnOnce() -> wow_mpq::Result<T>) -> std::result::Result<T, MpqError> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(MpqError::Reader(e.to_string())),
        Err(_) => Err(MpqError::ReaderPanicked),
    }
}

impl Mpq {
    /// Opens the archive at `path`. Names come from its `(listfile)` and
    /// `listfile` (an external listfile's paths); files no name matches
    /// are listed as `(unnamed)/file_<block>.dat`. Errors: not an MPQ, a
    /// truncated or inconsistent header or table.
    pub fn open(path: &Path, listfile: Option<&Listfile>) -> Result<Mpq> {
        let name = path.display().to_string();
        let err = |m: String| Error::new(&name, "", m);
        let len = std::fs::metadata(path).map_err(|e| err(e.to_string()))?.len();
        // The header first; the crate reads `(attributes)` while it loads its
        // tables, so the block table is checked before it does.
        let options = wow_mpq::OpenOptions::new().load_tables(false);
        let mut archive = guarded(|| Archive::open_with_options(path, options))
            .map_err(|m| err(format!("not a readable MPQ archive: {m}")))?;
        check_header(&archive, len).map_err(|e| err(e.to_string()))?;
        let mut file = std::fs::File::open(path).map_err(|e| err(e.to_string()))?;
        check_block_table(&mut file, &archive, len).map_err(|e| err(e.to_string()))?;
        guarded(|| archive.load_tables()).map_err(|m| err(format!("not a readable MPQ archive: {m}")))?;
        let (offset, sector_size) = (archive.archive_offset(), archive.header().sector_size());
        let mut mpq = Mpq {
            name,
            file: Mutex::new(file),
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
        for n in names.iter().map(String::as_str).chain(listfile.into_iter().flat_map(Listfile::paths)) {
            mpq.probe(n);
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

    /// Reads file `n` with every check: sizes against the archive before
    /// anything is allocated, every sector decoded to its exact size, the
    /// decoded size, the `(attributes)` CRC32.
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
        if n.size > most_decoded(n.flags, n.compressed, self.sector_size) {
            return Err(err(format!("{} bytes cannot be decoded from {} stored bytes", n.size, n.compressed)));
        }
        // Decoded here from the stored bytes, not by wow-mpq's reader: it garbles the
        // unencrypted tail of encrypted units, fills sectors it cannot decode with
        // zeros, and allocates the size the block table claims ([`crate::sectors`]).
        let bytes = self.decode_stored(n).map_err(|e| err(e.to_string()))?;
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
    fn decode_stored(&self, n: &Named) -> std::result::Result<Vec<u8>, MpqError> {
        use std::io::{Read, Seek, SeekFrom};
        let mut raw = Vec::new();
        {
            let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
            file.seek(SeekFrom::Start(n.pos))?;
            (&mut *file).take(n.compressed).read_to_end(&mut raw)?;
        }
        if raw.len() as u64 != n.compressed {
            return Err(MpqError::StoredTruncated(n.compressed));
        }
        if n.unnamed && n.flags & BlockEntry::FLAG_ENCRYPTED != 0 {
            return Err(MpqError::UnknownKey);
        }
        let stored = crate::sectors::Stored {
            name: &n.name,
            raw: &raw,
            pos: (n.pos - self.offset) as u32,
            size: n.size as usize,
            flags: n.flags,
            sector_size: self.sector_size,
        };
        // The decompressors are wow-mpq's (and its implode crate's): a panic there is an error too.
        catch_unwind(AssertUnwindSafe(|| crate::sectors::decode(&stored)))
            .unwrap_or(Err(MpqError::DecompressorPanicked))
    }
}

/// The largest sector size shift accepted: sectors of `512 << 15` = 16 MiB
/// (Blizzard's archives use 3, 4 KiB sectors — wowdev wiki "MPQ",
/// `wSectorSize`; JMPQ3 writes maps with 15).
const MAX_SECTOR_SHIFT: u16 = 15;

/// A header whose sectors or tables the file cannot hold is refused before
/// anything is allocated.
fn check_header(archive: &Archive, len: u64) -> std::result::Result<(), MpqError> {
    let h = archive.header();
    if h.block_size > MAX_SECTOR_SHIFT {
        return Err(MpqError::SectorShift { shift: h.block_size, max: MAX_SECTOR_SHIFT });
    }
    let (hash, block) = (h.hash_table_size as u64 * 16, h.block_table_size as u64 * 16);
    if hash > len || block > len {
        return Err(MpqError::TablesTooLarge { hash: h.hash_table_size, block: h.block_table_size, len });
    }
    Ok(())
}

/// Every entry of a v1/v2 block table must claim sizes its stored bytes
/// can hold ([`most_decoded`]): wow-mpq allocates what a file claims when
/// it reads one (`(attributes)`, while loading its tables). Later formats'
/// tables may be compressed and are left to the crate.
fn check_block_table(file: &mut std::fs::File, archive: &Archive, len: u64) -> std::result::Result<(), MpqError> {
    use std::io::{Read, Seek, SeekFrom};
    let h = archive.header();
    if h.format_version >= wow_mpq::FormatVersion::V3 || h.block_table_size == 0 {
        return Ok(());
    }
    let base = archive.archive_offset();
    let blocks = read_table(file, base + h.get_block_table_pos(), h.block_table_size, "(block table)")?;
    for (i, &[_, compressed, size, flags]) in blocks.iter().enumerate() {
        if flags & BlockEntry::FLAG_EXISTS == 0 {
            continue;
        }
        let (compressed, size) = (compressed as u64, size as u64);
        if compressed > len || size > most_decoded(flags, compressed, h.sector_size()) {
            return Err(MpqError::BlockEntry { entry: i, size, stored: compressed, len });
        }
    }
    // The crate also reads `(attributes)` itself, allocating what its sector
    // offset table names: it must decode here first.
    let hashes = read_table(file, base + h.get_hash_table_pos(), h.hash_table_size, "(hash table)")?;
    let Some(&[pos, compressed, size, flags]) = find(&hashes, "(attributes)").and_then(|b| blocks.get(b)) else {
        return Ok(());
    };
    if flags & BlockEntry::FLAG_EXISTS == 0 {
        return Ok(());
    }
    let mut raw = Vec::new();
    file.seek(SeekFrom::Start(base + pos as u64))?;
    file.take(compressed as u64).read_to_end(&mut raw)?;
    if raw.len() != compressed as usize {
        return Err(MpqError::Attributes(Box::new(MpqError::StoredTruncated(compressed as u64))));
    }
    let stored = crate::sectors::Stored {
        name: "(attributes)",
        raw: &raw,
        pos,
        size: size as usize,
        flags,
        sector_size: h.sector_size(),
    };
    match catch_unwind(AssertUnwindSafe(|| crate::sectors::decode(&stored))) {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) => Err(MpqError::Attributes(Box::new(e))),
        Err(_) => Err(MpqError::Attributes(Box::new(MpqError::DecompressorPanicked))),
    }
}

/// `count` 16-byte entries of an encrypted table at `at` (the hash or the
/// block table, `key_name` naming its key), as four words each.
fn read_table(
    file: &mut std::fs::File,
    at: u64,
    count: u32,
    key_name: &'static str,
) -> std::result::Result<Vec<[u32; 4]>, MpqError> {
    use std::io::{Read, Seek, SeekFrom};
    let mut table = vec![0u8; count as usize * 16];
    file.seek(SeekFrom::Start(at))?;
    file.read_exact(&mut table).map_err(|_| MpqError::TableTruncated { table: key_name, count, at })?;
    crate::sectors::decrypt(&mut table, wow_mpq::hash_string(key_name, wow_mpq::hash_type::FILE_KEY));
    let word = |c: &[u8]| u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    Ok(table.chunks_exact(16).map(|e| [word(&e[0..]), word(&e[4..]), word(&e[8..]), word(&e[12..])]).collect())
}

/// The block index of `name` in a hash table (wowdev wiki "MPQ", *Hash
/// table*: start at the name's table-offset hash, probe until an entry
/// never used).
fn find(hashes: &[[u32; 4]], name: &str) -> Option<usize> {
    use wow_mpq::{hash_string, hash_type};
    if hashes.is_empty() {
        return None;
    }
    let (a, b) = (hash_string(name, hash_type::NAME_A), hash_string(name, hash_type::NAME_B));
    let start = hash_string(name, hash_type::TABLE_OFFSET) as usize % hashes.len();
    (0..hashes.len())
        .map(|k| hashes[(start + k) % hashes.len()])
        .take_while(|e| e[3] != u32::MAX)
        .find(|e| e[0] == a && e[1] == b && e[3] != 0xFFFF_FFFE)
        .map(|e| e[3] as usize)
}

/// How many times its size compressed data may inflate: zlib's limit is
/// 1032; no real MPQ file comes near it with another method.
const MAX_INFLATION: u64 = 1100;

/// The most bytes a file of block `flags` stored in `compressed` bytes can
/// decode to, so no claimed size makes anyone allocate more than a fixed
/// multiple of the archive: a stored file is its size; a compressed one at
/// most [`MAX_INFLATION`] times it, and a sectored one also needs a 4-byte
/// offset per sector of `sector_size`.
fn most_decoded(flags: u32, compressed: u64, sector_size: usize) -> u64 {
    if flags & (BlockEntry::FLAG_COMPRESS | BlockEntry::FLAG_IMPLODE) == 0 {
        compressed
    } else if flags & BlockEntry::FLAG_SINGLE_UNIT != 0 {
        compressed.max(1) * MAX_INFLATION
    } else {
        ((compressed / 4) * sector_size as u64).min(compressed * MAX_INFLATION)
    }
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
