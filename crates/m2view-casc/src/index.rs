//! Local index files (`Data/data/XXYYYYYYYY.idx`, version 7; wowdev wiki
//! "CASC", section Local index files; wow.export `casc-source-local.js`):
//! where each encoding key is stored. Sixteen buckets; a key's bucket is
//! the XOR of its first nine bytes, folded to four bits; each bucket's
//! newest file (`YYYYYYYY`, hex) is the one in use.
//!
//! Layout: `u32` header hash size (16), `u32` header hash, the 16-byte
//! header (`u16` version 7, bucket, extra bytes, then the sizes of an
//! entry's size (4), offset (5) and key (9) fields, the offset bits (30)
//! and the segment size), padding to 0x20, `u32` entries size, `u32`
//! entries hash, then 18-byte entries: nine key bytes, a big-endian 40-bit
//! location (archive number above the offset bits, the offset in
//! `data.NNN` below) and a little-endian 32-bit size. Entries are sorted by
//! key, so a lookup is a binary search over the file's bytes as read.

use std::path::{Path, PathBuf};

use m2view_error::{Error, ErrorKind, Result, ResultExt};

/// Where a stored file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    /// `data.NNN` number.
    pub archive: u16,
    /// Offset of the entry (its 30-byte header) in that file.
    pub offset: u64,
    /// Entry size, header included.
    pub size: u32,
}

/// The bucket of an encoding key.
pub fn bucket_of(ekey: &[u8]) -> usize {
    let x = ekey[..9].iter().fold(0u8, |a, &b| a ^ b);
    ((x & 0xF) ^ (x >> 4)) as usize
}

/// One bucket's index.
#[derive(Debug, Clone)]
pub struct Bucket {
    entries: Vec<u8>,
    offset_bits: u32,
}

const ENTRY: usize = 18;
const ENTRIES_AT: usize = 0x28;

impl Bucket {
    /// Parses the `.idx` file `b`.
    ///
    /// # Errors
    /// Not version 7 with 4/5/9-byte fields, or entries that run past the file.
    pub fn parse(mut b: Vec<u8>) -> Result<Bucket> {
        if b.len() < ENTRIES_AT {
            return Err(Error::new(0, ErrorKind::OutOfBounds { len: ENTRIES_AT as u64, file_len: b.len() as u64 }))
                .at("header");
        }
        let le32 = |o: usize| u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
        let version = u16::from_le_bytes([b[8], b[9]]);
        if le32(0) != 16 || version != 7 {
            let msg = format!("header hash size {} and version {version} (16 and 7 expected)", le32(0));
            return Err(Error::invalid(0, msg)).at("header");
        }
        let (size_len, offset_len, key_len, offset_bits) = (b[12], b[13], b[14], b[15] as u32);
        if (size_len, offset_len, key_len) != (4, 5, 9) || offset_bits == 0 || offset_bits > 40 {
            let msg = format!(
                "entry fields of {size_len}/{offset_len}/{key_len} bytes and {offset_bits} offset bits (4/5/9 and 30 expected)"
            );
            return Err(Error::invalid(12, msg)).at("header");
        }
        let size = le32(0x20) as usize;
        if !size.is_multiple_of(ENTRY) || ENTRIES_AT + size > b.len() {
            let msg = format!("{size} bytes of {ENTRY}-byte entries (the file has {})", b.len() - ENTRIES_AT);
            return Err(Error::invalid(0x20, msg)).at("entries");
        }
        b.truncate(ENTRIES_AT + size);
        let mut entries = b.split_off(ENTRIES_AT);
        let sorted =
            entries.chunks_exact(ENTRY).zip(entries.chunks_exact(ENTRY).skip(1)).all(|(a, b)| a[..9] <= b[..9]);
        if !sorted {
            let mut rows: Vec<[u8; ENTRY]> =
                entries.chunks_exact(ENTRY).map(|e| e.try_into().unwrap_or([0; ENTRY])).collect();
            rows.sort_by(|a, b| a[..9].cmp(&b[..9]));
            entries = rows.concat();
        }
        Ok(Bucket { entries, offset_bits })
    }

    /// Entries.
    pub fn len(&self) -> usize {
        self.entries.len() / ENTRY
    }

    /// No entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Where the file of encoding key `ekey` is (its first nine bytes match).
    pub fn find(&self, ekey: &[u8; 16]) -> Option<Location> {
        let n = self.len();
        let (mut lo, mut hi) = (0, n);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let e = &self.entries[mid * ENTRY..mid * ENTRY + ENTRY];
            match e[..9].cmp(&ekey[..9]) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => {
                    let loc = e[9..14].iter().fold(0u64, |s, &b| (s << 8) | b as u64);
                    let size = u32::from_le_bytes([e[14], e[15], e[16], e[17]]);
                    let archive = (loc >> self.offset_bits) as u16;
                    let offset = loc & ((1u64 << self.offset_bits) - 1);
                    return Some(Location { archive, offset, size });
                }
            }
        }
        None
    }
}

/// The newest `.idx` file of each bucket in `dir` (`Data/data`).
///
/// # Errors
/// The folder cannot be read.
pub fn newest(dir: &Path) -> Result<[Option<PathBuf>; 16]> {
    let rd = std::fs::read_dir(dir)
        .map_err(|e| Error::new(0, ErrorKind::Io(e.to_string())).in_file(dir.display().to_string()))?;
    let mut best: [Option<(u32, PathBuf)>; 16] = Default::default();
    for e in rd.flatten() {
        let name = e.file_name().to_string_lossy().to_ascii_lowercase();
        let Some(stem) = name.strip_suffix(".idx").filter(|s| s.len() == 10) else { continue };
        let (Ok(bucket), Ok(version)) = (u8::from_str_radix(&stem[..2], 16), u32::from_str_radix(&stem[2..], 16))
        else {
            continue;
        };
        let slot = &mut best[(bucket & 0xF) as usize];
        if bucket < 16 && slot.as_ref().is_none_or(|(v, _)| version > *v) {
            *slot = Some((version, e.path()));
        }
    }
    Ok(best.map(|b| b.map(|(_, p)| p)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_fold_the_key() {
        let mut k = [0u8; 16];
        assert_eq!(bucket_of(&k), 0);
        k[0] = 0x12;
        assert_eq!(bucket_of(&k), 3);
        k[9] = 0xFF; // past the nine bytes: ignored
        assert_eq!(bucket_of(&k), 3);
    }
}
