//! CDN archive indices (`data/ab/cd/<archive>.index`; wowdev wiki "TACT",
//! section Archive Indexes; checked on real ones from Blizzard's CDN): which
//! encoding keys an archive holds, and where.
//!
//! Layout: 4096-byte blocks of 24-byte entries (the encoding key, then the
//! size and the offset in the archive, both `u32` big-endian), sorted by
//! key, 170 to a block and zero-padded; then the table of contents (the
//! last key of each block, then the first 8 bytes of each block's MD5);
//! then a 28-byte footer: the first 8 bytes of the TOC's MD5, version 1,
//! two zero bytes, the block size in KiB (4), the offset, size, key and
//! hash widths (4, 4, 16, 8), the entry count (`u32` little-endian) and the
//! first 8 bytes of the MD5 of the footer from the version on, its own
//! hash zeroed. The archive's name is the MD5 of the whole footer.

use m2view_error::{Error, Result};

use crate::blte::hex;

/// Bytes of one block of entries.
pub const BLOCK: usize = 4096;
/// Bytes of one entry.
pub const ENTRY: usize = 24;
/// Bytes of the footer.
pub const FOOTER: usize = 28;

/// One entry: where an encoding key's BLTE frame lies in the archive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct ArchiveEntry {
    /// The encoding key.
    pub ekey: [u8; 16],
    /// Bytes of the frame.
    pub size: u32,
    /// Its offset in the archive.
    pub offset: u32,
}

fn md5(b: &[u8]) -> [u8; 16] {
    use md5::Digest;
    md5::Md5::digest(b).into()
}

/// The entries of the index of archive `name` (32 hex digits; `file` names
/// it in errors), every hash checked: the footer's, the name against the
/// footer, the TOC's, each block's, and the entry count.
///
/// # Errors
/// A footer of another layout (version, widths), a hash that does not
/// match, a size that is not whole blocks, or a count that disagrees; each
/// names `file`, the structure and its offset.
pub fn parse(bytes: &[u8], name: &str, file: &str) -> Result<Vec<ArchiveEntry>> {
    let bad = |at: usize, msg: String| Err(Error::invalid(at as u64, msg).in_file(file));
    if bytes.len() < FOOTER {
        return bad(0, format!("{} bytes is shorter than the 28-byte footer", bytes.len()));
    }
    let f_at = bytes.len() - FOOTER;
    let f = &bytes[f_at..];
    if f[8..20] != [1, 0, 0, 4, 4, 4, 16, 8, f[16], f[17], f[18], f[19]] {
        let msg = format!("footer: version and widths {} are not 1, 0, 0, 4, 4, 4, 16, 8", hex(&f[8..16]));
        return bad(f_at + 8, msg);
    }
    let mut hashed = f[8..20].to_vec();
    hashed.extend([0; 8]);
    if md5(&hashed)[..8] != f[20..28] {
        return bad(f_at + 20, "footer: its hash does not match".into());
    }
    if !hex(&md5(f)).eq_ignore_ascii_case(name) {
        return bad(f_at, format!("footer hashes to {}, not the archive's name {name}", hex(&md5(f))));
    }
    let count = u32::from_le_bytes([f[16], f[17], f[18], f[19]]) as usize;
    let per_block = BLOCK + 16 + 8;
    if !f_at.is_multiple_of(per_block) {
        return bad(0, format!("{f_at} bytes before the footer are not whole 4096-byte blocks with their TOC entries"));
    }
    let blocks = f_at / per_block;
    let toc_at = blocks * BLOCK;
    let toc = &bytes[toc_at..f_at];
    if md5(toc)[..8] != f[..8] {
        return bad(toc_at, "table of contents: its hash does not match the footer's".into());
    }
    if count > blocks * (BLOCK / ENTRY) {
        return bad(f_at + 16, format!("{count} entries do not fit in {blocks} blocks"));
    }
    let mut out = Vec::with_capacity(count);
    for b in 0..blocks {
        let block = &bytes[b * BLOCK..(b + 1) * BLOCK];
        let hash_at = toc_at + blocks * 16 + b * 8;
        if md5(block)[..8] != bytes[hash_at..hash_at + 8] {
            return bad(b * BLOCK, format!("block {b}: its hash does not match the table of contents"));
        }
        let before = out.len();
        for e in block.chunks_exact(ENTRY).take_while(|e| e[..16] != [0; 16]) {
            let ekey: [u8; 16] = e[..16].try_into().unwrap_or_default();
            let size = u32::from_be_bytes([e[16], e[17], e[18], e[19]]);
            let offset = u32::from_be_bytes([e[20], e[21], e[22], e[23]]);
            out.push(ArchiveEntry { ekey, size, offset });
        }
        let last = &toc[b * 16..b * 16 + 16];
        if out.len() > before && out[out.len() - 1].ekey[..] != *last {
            return bad(toc_at + b * 16, format!("block {b}: the TOC's last key is not the block's"));
        }
    }
    if out.len() != count {
        return bad(f_at + 16, format!("the footer counts {count} entries, the blocks hold {}", out.len()));
    }
    if out.windows(2).any(|w| w[0].ekey >= w[1].ekey) {
        return bad(0, "entries are not sorted by encoding key".into());
    }
    Ok(out)
}

/// An index of `entries` in the real layout and the archive name it must
/// have (the MD5 of its footer), for test fixtures and benchmarks.
pub fn write(entries: &[ArchiveEntry]) -> (Vec<u8>, String) {
    let mut sorted = entries.to_vec();
    sorted.sort_unstable();
    let per = BLOCK / ENTRY;
    let mut body = Vec::new();
    let (mut lasts, mut hashes) = (Vec::new(), Vec::new());
    for chunk in sorted.chunks(per) {
        let mut block = Vec::with_capacity(BLOCK);
        for e in chunk {
            block.extend(e.ekey);
            block.extend(e.size.to_be_bytes());
            block.extend(e.offset.to_be_bytes());
        }
        block.resize(BLOCK, 0);
        lasts.extend(chunk[chunk.len() - 1].ekey);
        hashes.extend(&md5(&block)[..8]);
        body.extend(block);
    }
    let toc = [lasts, hashes].concat();
    let mut footer = md5(&toc)[..8].to_vec();
    footer.extend([1, 0, 0, 4, 4, 4, 16, 8]);
    footer.extend((sorted.len() as u32).to_le_bytes());
    let mut hashed = footer[8..20].to_vec();
    hashed.extend([0; 8]);
    footer.extend(&md5(&hashed)[..8]);
    let name = hex(&md5(&footer));
    body.extend(toc);
    body.extend(footer);
    (body, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_indices_read_back_and_damage_is_named() {
        let entries: Vec<ArchiveEntry> = (0..400u32)
            .map(|i| ArchiveEntry { ekey: md5(&i.to_le_bytes()), size: 100 + i, offset: i * 1000 })
            .collect();
        let (bytes, name) = write(&entries);
        assert_eq!(bytes.len(), 3 * (BLOCK + 24) + FOOTER);
        let mut back = parse(&bytes, &name, "x.index").unwrap();
        back.sort_unstable_by_key(|e| e.offset);
        assert_eq!(back, entries);
        let e = parse(&bytes, &"0".repeat(32), "x.index").unwrap_err().to_string();
        assert!(e.contains("not the archive's name"), "{e}");
        let mut hurt = bytes.clone();
        hurt[5000] ^= 1;
        let e = parse(&hurt, &name, "x.index").unwrap_err().to_string();
        assert!(e.contains("block 1: its hash") && e.contains("x.index") && e.contains("0x1000"), "{e}");
        for cut in [0, 27, 100, bytes.len() - 1] {
            assert!(parse(&bytes[..cut], &name, "x.index").is_err());
        }
    }
}
