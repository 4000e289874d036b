//! The WoW root file (wowdev wiki "TACT", section Root; CascLib
//! `src/CascRootFile_WoW.cpp`): which content key each FileDataID has, per
//! block of files sharing locale and content flags, and (where the block
//! has them) the Jenkins96 hash of each file's name.
//!
//! Three layouts: legacy (6.0–8.1: no header; 12-byte block headers —
//! count, content flags, locale flags — then the FileDataID deltas and the
//! records interleaved as content key + name hash); `MFST` version 1 (8.2:
//! magic, total and named file counts; 10.1.7 adds a header size and a
//! version: same 12-byte blocks, then all deltas, all content keys, and the
//! name hashes unless the block's flag `0x10000000` says it has none);
//! `MFST` version 2 (11.1: 17-byte block headers — count, locale flags, and
//! the content flags in three parts, `a | b | c << 17`). FileDataIDs are
//! delta-coded: the first is its delta, each next is the previous + 1 +
//! its delta.
//!
//! Which blocks are loaded is the client's rule, as CascLib quotes it from
//! WoW.exe 19116: blocks flagged "do not load" (`0x100`) and low-violence
//! ones (`0x80`) are skipped, so are those whose locale flags are set and
//! miss the chosen locale; blocks without flag bit 31 come before those
//! with it, and enGB falls back to enUS, ptPT to ptBR. The first block
//! that names a FileDataID gives it.

use m2view_error::{Error, ErrorKind, Result, ResultExt};

/// Content flag: the block is not loaded.
pub const DO_NOT_LOAD: u32 = 0x100;
/// Content flag: low-violence replacements (loaded only when asked).
pub const LOW_VIOLENCE: u32 = 0x80;
/// Content flag: the block stores no name hashes (MFST roots).
pub const NO_NAMES: u32 = 0x1000_0000;

/// The client's locales and their root flags (CascLib's `CASC_LOCALE_*`).
pub const LOCALES: [(&str, u32); 15] = [
    ("enUS", 0x2),
    ("koKR", 0x4),
    ("frFR", 0x10),
    ("deDE", 0x20),
    ("zhCN", 0x40),
    ("esES", 0x80),
    ("zhTW", 0x100),
    ("enGB", 0x200),
    ("enCN", 0x400),
    ("enTW", 0x800),
    ("esMX", 0x1000),
    ("ruRU", 0x2000),
    ("ptBR", 0x4000),
    ("itIT", 0x8000),
    ("ptPT", 0x10000),
];

/// The root flag of locale `name` (`enUS`, any case).
pub fn locale_flag(name: &str) -> Option<u32> {
    LOCALES.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|&(_, f)| f)
}

/// Which layout a root has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// 6.0–8.1: no header, interleaved records.
    #[default]
    Legacy,
    /// `MFST` with 12-byte block headers (8.2–11.0).
    Mfst1,
    /// `MFST` version 2, 17-byte block headers (11.1 on).
    Mfst2,
}

/// One block of the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    /// Files in it.
    pub files: u32,
    /// Content flags (combined for version 2).
    pub content: u32,
    /// Locale flags.
    pub locale: u32,
    /// Loaded under the chosen locale.
    pub loaded: bool,
}

/// A parsed root, reduced to what the client loads (empty by default: an
/// install whose root is a TVFS has no FileDataIDs).
#[derive(Debug, Clone, Default)]
pub struct Root {
    /// The layout.
    pub layout: Layout,
    /// Every block, loaded or not.
    pub blocks: Vec<Block>,
    /// `(FileDataID, index into ckeys)` sorted by FileDataID, one each.
    files: Vec<(u32, u32)>,
    ckeys: Vec<[u8; 16]>,
    /// `(name hash, FileDataID)` sorted by hash.
    hashes: Vec<(u64, u32)>,
}

/// A block header and where its records start.
struct Header {
    block: Block,
    at: usize,
    names: bool,
}

fn le32(b: &[u8], o: usize) -> Result<u32> {
    b.get(o..o + 4)
        .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
        .ok_or_else(|| Error::new(o as u64, ErrorKind::OutOfBounds { len: 4, file_len: b.len() as u64 }))
}

/// The layout of `b` and where its first block starts.
fn layout(b: &[u8]) -> Result<(Layout, usize)> {
    if b.len() < 4 || (&b[..4] != b"TSFM" && &b[..4] != b"MFST") {
        return Ok((Layout::Legacy, 0));
    }
    let (size, version) = (le32(b, 4)?, le32(b, 8)?);
    if (16..=64).contains(&size) && version < 16 && b.len() >= size as usize {
        return match version {
            1 => Ok((Layout::Mfst1, size as usize)),
            2 => Ok((Layout::Mfst2, size as usize)),
            v => Err(Error::new(8, ErrorKind::UnsupportedVersion(v))).at("header"),
        };
    }
    le32(b, 8).at("header")?;
    Ok((Layout::Mfst1, 12))
}

impl Root {
    /// Parses root `b` keeping what the client loads for locale flag
    /// `locale` (see the module docs); `low_violence`: load the
    /// low-violence blocks too (the client's `overrideArchive`).
    ///
    /// # Errors
    /// A block whose records run past the file (names the block and offset),
    /// an `MFST` version other than 1 or 2.
    pub fn parse(b: &[u8], locale: u32, low_violence: bool) -> Result<Root> {
        let (layout, mut at) = layout(b)?;
        let mut headers = Vec::new();
        while at < b.len() {
            let h = Root::header(b, at, layout).at_elem("blocks", headers.len())?;
            at = h.at + h.block.files as usize * (20 + if h.names { 8 } else { 0 });
            headers.push(h);
        }
        let fallback = match locale {
            0x200 => Some(0x2),
            0x10000 => Some(0x4000),
            _ => None,
        };
        // Rank = (locale pass, flag bit 31, block order): lower wins.
        let mut ranked: Vec<(usize, usize)> = Vec::new();
        let mut taken = vec![false; headers.len()];
        for (pass, want) in [Some(locale), fallback].into_iter().flatten().enumerate() {
            for bit31 in [0, 1] {
                for (i, h) in headers.iter().enumerate() {
                    let c = h.block.content;
                    let skip = c & DO_NOT_LOAD != 0
                        || (c & LOW_VIOLENCE != 0 && !low_violence)
                        || (c >> 31) != bit31
                        || (h.block.locale != 0 && h.block.locale & want == 0);
                    if !skip && !taken[i] {
                        taken[i] = true;
                        ranked.push((pass, i));
                    }
                }
            }
        }
        let mut root = Root { layout, blocks: Vec::new(), files: Vec::new(), ckeys: Vec::new(), hashes: Vec::new() };
        let mut order: Vec<(u32, u32, u32)> = Vec::new(); // (fdid, rank, ckey index)
        for (rank, &(_, i)) in ranked.iter().enumerate() {
            root.add_block(b, &headers[i], layout, rank as u32, &mut order);
        }
        order.sort_unstable();
        order.dedup_by_key(|e| e.0);
        root.files = order.into_iter().map(|(f, _, k)| (f, k)).collect();
        root.hashes.sort_unstable();
        root.hashes.dedup_by_key(|e| e.0);
        root.blocks = headers.iter().enumerate().map(|(i, h)| Block { loaded: taken[i], ..h.block }).collect();
        Ok(root)
    }

    fn header(b: &[u8], at: usize, layout: Layout) -> Result<Header> {
        let files = le32(b, at)?;
        let (content, locale, len) = match layout {
            Layout::Mfst2 => {
                let (c1, c2) = (le32(b, at + 8)?, le32(b, at + 12)?);
                let c3 = *b.get(at + 16).ok_or_else(|| Error::invalid(at as u64, "block header cut short"))? as u32;
                (c1 | c2 | (c3 << 17), le32(b, at + 4)?, 17)
            }
            _ => (le32(b, at + 4)?, le32(b, at + 8)?, 12),
        };
        let names = layout == Layout::Legacy || content & NO_NAMES == 0;
        let per = 20 + if names { 8 } else { 0 };
        let need = (files as u64) * per + (at + len) as u64;
        if need > b.len() as u64 {
            let msg = format!("{files} files of {per} bytes run past the root ({} bytes)", b.len());
            return Err(Error::invalid(at as u64, msg));
        }
        Ok(Header { block: Block { files, content, locale, loaded: false }, at: at + len, names })
    }

    fn add_block(&mut self, b: &[u8], h: &Header, layout: Layout, rank: u32, order: &mut Vec<(u32, u32, u32)>) {
        let n = h.block.files as usize;
        let ids = &b[h.at..h.at + 4 * n];
        let records = h.at + 4 * n;
        let mut fdid = 0u32;
        for i in 0..n {
            let delta = u32::from_le_bytes([ids[4 * i], ids[4 * i + 1], ids[4 * i + 2], ids[4 * i + 3]]);
            fdid = if i == 0 { delta } else { fdid.wrapping_add(1).wrapping_add(delta) };
            let (ckey_at, hash_at) = match layout {
                Layout::Legacy => (records + 24 * i, Some(records + 24 * i + 16)),
                _ => (records + 16 * i, h.names.then(|| records + 16 * n + 8 * i)),
            };
            let ckey: [u8; 16] = b[ckey_at..ckey_at + 16].try_into().unwrap_or_default();
            order.push((fdid, rank, self.ckeys.len() as u32));
            self.ckeys.push(ckey);
            if let Some(o) = hash_at {
                let hash = u64::from_le_bytes(b[o..o + 8].try_into().unwrap_or_default());
                if hash != 0 {
                    self.hashes.push((hash, fdid));
                }
            }
        }
    }

    /// The content key of FileDataID `fdid`.
    pub fn ckey(&self, fdid: u32) -> Option<[u8; 16]> {
        let i = self.files.binary_search_by_key(&fdid, |e| e.0).ok()?;
        Some(self.ckeys[self.files[i].1 as usize])
    }

    /// The FileDataID whose name has Jenkins96 hash `hash`.
    pub fn by_hash(&self, hash: u64) -> Option<u32> {
        let i = self.hashes.binary_search_by_key(&hash, |e| e.0).ok()?;
        Some(self.hashes[i].1)
    }

    /// Every FileDataID loaded, ascending, with its content key.
    pub fn files(&self) -> impl Iterator<Item = (u32, [u8; 16])> + '_ {
        self.files.iter().map(|&(f, k)| (f, self.ckeys[k as usize]))
    }

    /// How many FileDataIDs are loaded.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// No files loaded.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// How many name hashes the loaded blocks carry.
    pub fn named(&self) -> usize {
        self.hashes.len()
    }
}
