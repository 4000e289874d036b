//! The merged index of one CDN config: every archive index's entries in
//! one sorted file, built once per build (from indices whose every hash
//! was checked) so that a warm open reads one file, not thousands.
//!
//! m2view's own layout, little-endian: `M2VX`, version 1, the entry count
//! (`u64`), the archive count (`u32`), 4 zero bytes; the MD5 of everything
//! that follows up to the entries; a fan-out of 65,537 `u32`s (the first
//! entry of each 2-byte key prefix, then the count); the first 8 bytes of
//! the MD5 of each prefix's entries (65,536 of them); then 19-byte
//! entries sorted by key: the first 9 bytes of the encoding key (as local
//! `.idx` files keep them), the archive's number in the CDN config
//! (`u16`), the offset and the size (`u32`). A lookup reads one prefix's
//! entries and checks their hash.

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::Mutex;

use m2view_casc::archive_index::ArchiveEntry;

use crate::error::{CdnError, Result};

const MAGIC: &[u8; 4] = b"M2VX";
const HEAD: usize = 24;
const FANOUT: usize = 65537 * 4;
const HASHES: usize = 65536 * 8;
/// Bytes before the entries.
const TABLES: usize = HEAD + 16 + FANOUT + HASHES;
/// Bytes of one entry.
const ENTRY: usize = 19;

/// Where an encoding key lies on the CDN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// Its archive's number in the CDN config's `archives` list.
    pub archive: u16,
    /// Offset in the archive.
    pub offset: u32,
    /// Bytes of the frame.
    pub size: u32,
}

fn md5(b: &[u8]) -> [u8; 16] {
    use md5::Digest;
    md5::Md5::digest(b).into()
}

fn prefix(k: &[u8]) -> usize {
    usize::from(k[0]) << 8 | usize::from(k[1])
}

/// One entry as the merged index stores it.
pub type Row = [u8; ENTRY];

/// The row of entry `e` of archive number `archive`.
pub fn row(archive: u16, e: &ArchiveEntry) -> Row {
    let mut r = [0u8; ENTRY];
    r[..9].copy_from_slice(&e.ekey[..9]);
    r[9..11].copy_from_slice(&archive.to_le_bytes());
    r[11..15].copy_from_slice(&e.offset.to_le_bytes());
    r[15..].copy_from_slice(&e.size.to_le_bytes());
    r
}

/// The merged index of `rows` (every archive's, in the CDN config's
/// order: a key in several archives keeps its first) of `archives`
/// archives: its header and tables, and its entries, to be written one
/// after the other.
pub fn build(mut rows: Vec<Row>, archives: usize) -> (Vec<u8>, Vec<Row>) {
    // Stable on the key alone: the first archive of a duplicate key wins.
    rows.sort_by(|a, b| a[..9].cmp(&b[..9]));
    rows.dedup_by(|a, b| a[..9] == b[..9]);
    let mut fanout = vec![0u32; 65537];
    let mut hashes = vec![0u8; HASHES];
    let mut at = 0;
    for p in 0..65536 {
        fanout[p] = at as u32;
        let start = at;
        while at < rows.len() && prefix(&rows[at]) == p {
            at += 1;
        }
        hashes[p * 8..p * 8 + 8].copy_from_slice(&md5(rows[start..at].as_flattened())[..8]);
    }
    fanout[65536] = rows.len() as u32;
    let mut tables = Vec::with_capacity(FANOUT + HASHES);
    fanout.iter().for_each(|f| tables.extend(f.to_le_bytes()));
    tables.extend(hashes);
    let mut head = Vec::with_capacity(TABLES);
    head.extend(MAGIC);
    head.extend(1u32.to_le_bytes());
    head.extend((rows.len() as u64).to_le_bytes());
    head.extend((archives as u32).to_le_bytes());
    head.extend([0; 4]);
    let mut hashed = head.clone();
    hashed.extend(&tables);
    head.extend(md5(&hashed));
    head.extend(tables);
    (head, rows)
}

/// An opened merged index.
#[derive(Debug)]
pub struct Merged {
    file: Mutex<std::fs::File>,
    name: String,
    fanout: Vec<u32>,
    hashes: Vec<u8>,
    /// Entries.
    pub count: u64,
    /// Archives it was built of.
    pub archives: u32,
}

impl Merged {
    /// Opens the merged index at `path`, its tables verified; `archives`:
    /// how many the CDN config lists.
    ///
    /// # Errors
    /// Not a merged index, a hash that does not match, a size or archive
    /// count that disagrees ([`CdnError::Bad`] naming the file).
    pub fn open(path: &Path, archives: usize) -> Result<Merged> {
        let name = path.display().to_string();
        let bad = |m: String| CdnError::bad("the merged index", &name, m);
        let mut f = std::fs::File::open(path).map_err(|e| CdnError::cache(path, e))?;
        let len = f.metadata().map_err(|e| CdnError::cache(path, e))?.len();
        let mut head = vec![0u8; TABLES];
        if len < TABLES as u64 || f.read_exact(&mut head).is_err() {
            return Err(bad(format!("{len} bytes is shorter than its tables")));
        }
        if &head[..4] != MAGIC || head[4..8] != 1u32.to_le_bytes() {
            return Err(bad("not an m2view merged index (version 1)".into()));
        }
        let mut hashed = head[..HEAD].to_vec();
        hashed.extend(&head[HEAD + 16..]);
        if md5(&hashed)[..] != head[HEAD..HEAD + 16] {
            return Err(bad("its tables do not match their hash".into()));
        }
        let count = u64::from_le_bytes(head[8..16].try_into().unwrap_or_default());
        let built = u32::from_le_bytes(head[16..20].try_into().unwrap_or_default());
        if len != TABLES as u64 + count * ENTRY as u64 || built as usize != archives {
            return Err(bad(format!(
                "{count} entries of {built} archives do not fit {len} bytes and {archives} archives"
            )));
        }
        let t = &head[HEAD + 16..];
        let fanout: Vec<u32> =
            t[..FANOUT].chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        if fanout.windows(2).any(|w| w[0] > w[1]) || u64::from(fanout[65536]) != count {
            return Err(bad("its fan-out table is not ascending".into()));
        }
        Ok(Merged { file: Mutex::new(f), name, fanout, hashes: t[FANOUT..].to_vec(), count, archives: built })
    }

    /// Where `ekey` lies (`None`: in no archive).
    ///
    /// # Errors
    /// The entries of its prefix cannot be read or fail their hash.
    pub fn find(&self, ekey: &[u8; 16]) -> Result<Option<Place>> {
        let p = prefix(ekey);
        let (start, end) = (self.fanout[p] as u64, self.fanout[p + 1] as u64);
        if start == end {
            return Ok(None);
        }
        let mut rows = vec![0u8; ((end - start) as usize) * ENTRY];
        {
            let mut f = self.file.lock().unwrap_or_else(|e| e.into_inner());
            f.seek(SeekFrom::Start(TABLES as u64 + start * ENTRY as u64))
                .and_then(|_| f.read_exact(&mut rows))
                .map_err(|e| CdnError::cache(Path::new(&self.name), e))?;
        }
        if md5(&rows)[..8] != self.hashes[p * 8..p * 8 + 8] {
            let at = TABLES as u64 + start * ENTRY as u64;
            return Err(CdnError::bad("the merged index", &self.name, format!("entries at {at:#x} fail their hash")));
        }
        let rows: Vec<&[u8]> = rows.chunks_exact(ENTRY).collect();
        let Ok(i) = rows.binary_search_by(|r| r[..9].cmp(&ekey[..9])) else { return Ok(None) };
        let r = rows[i];
        Ok(Some(Place {
            archive: u16::from_le_bytes([r[9], r[10]]),
            offset: u32::from_le_bytes([r[11], r[12], r[13], r[14]]),
            size: u32::from_le_bytes([r[15], r[16], r[17], r[18]]),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merged_finds_every_key_and_names_damage() {
        let archives: Vec<Vec<ArchiveEntry>> = (0..3u32)
            .map(|a| {
                (0..500u32)
                    .map(|i| ArchiveEntry { ekey: md5(&(a * 1000 + i).to_le_bytes()), size: i + 8, offset: i * 100 })
                    .collect()
            })
            .collect();
        let d = std::env::temp_dir().join(format!("m2view-merged-{}.m2idx", std::process::id()));
        let rows = archives.iter().enumerate().flat_map(|(a, es)| es.iter().map(move |e| row(a as u16, e))).collect();
        let (head, rows) = build(rows, archives.len());
        let bytes = [head, rows.as_flattened().to_vec()].concat();
        std::fs::write(&d, &bytes).unwrap();
        let m = Merged::open(&d, 3).unwrap();
        assert_eq!(m.count, 1500);
        for (a, entries) in archives.iter().enumerate() {
            for e in entries {
                let want = Place { archive: a as u16, offset: e.offset, size: e.size };
                assert_eq!(m.find(&e.ekey).unwrap(), Some(want));
            }
        }
        assert_eq!(m.find(&md5(b"absent")).unwrap(), None);
        assert!(Merged::open(&d, 4).is_err(), "another archive count");
        let mut hurt = bytes.clone();
        hurt[TABLES + 7] ^= 1;
        std::fs::write(&d, &hurt).unwrap();
        let m = Merged::open(&d, 3).unwrap();
        let first = archives.iter().flatten().min_by_key(|e| e.ekey).unwrap();
        let e = m.find(&first.ekey).unwrap_err().to_string();
        assert!(e.contains("fail their hash") && e.contains("m2idx"), "{e}");
        hurt[30] ^= 1;
        std::fs::write(&d, &hurt).unwrap();
        assert!(Merged::open(&d, 3).unwrap_err().to_string().contains("do not match their hash"));
        std::fs::remove_file(&d).unwrap();
    }
}
