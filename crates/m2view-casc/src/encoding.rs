//! The encoding table (wowdev wiki "TACT", section Encoding table): which
//! encoding key (the name a file is stored under) holds the file of each
//! content key (the MD5 of the file), and the file's size.
//!
//! A 22-byte big-endian header (`EN`, version 1, key sizes, page sizes in
//! KiB, page counts, the ESpec block size), the ESpec strings, then the
//! content-key page index (first key and MD5 of every page) and the pages:
//! entries of a key count, a 40-bit file size, the content key and its
//! encoding keys, a zero count ending the page. Pages are read when a key
//! falls into them and each page's MD5 is checked then, so opening a retail
//! table (≈190 MB, 7,000+ pages) costs only its index. The encoding-key
//! pages that follow are not needed to read files and are only bounds-checked.

use std::cmp::Ordering;

use m2view_error::{Error, ErrorKind, Result, ResultExt};

use crate::blte::{Lazy, hex};

/// Bytes read on demand: a decoded table in memory or a [`Lazy`] frame.
pub trait Bytes: Send + Sync {
    /// Length in bytes.
    fn size(&self) -> u64;
    /// `len` bytes at `offset` (errors when the range runs past the end).
    fn read_at(&self, offset: u64, len: usize) -> Result<Vec<u8>>;
}

impl Bytes for Vec<u8> {
    fn size(&self) -> u64 {
        self.len() as u64
    }
    fn read_at(&self, offset: u64, len: usize) -> Result<Vec<u8>> {
        let end = offset.checked_add(len as u64).filter(|&e| e <= self.len() as u64);
        end.map(|e| self[offset as usize..e as usize].to_vec())
            .ok_or_else(|| Error::new(offset, ErrorKind::OutOfBounds { len: len as u64, file_len: self.len() as u64 }))
    }
}

impl Bytes for Lazy {
    fn size(&self) -> u64 {
        self.len()
    }
    fn read_at(&self, offset: u64, len: usize) -> Result<Vec<u8>> {
        self.read(offset, len)
    }
}

/// What the table says of one content key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The first encoding key holding the file.
    pub ekey: [u8; 16],
    /// The file's decoded size.
    pub size: u64,
}

/// An opened encoding table.
pub struct Encoding {
    bytes: Box<dyn Bytes>,
    /// First content key and MD5 of every content-key page.
    index: Vec<([u8; 16], [u8; 16])>,
    page_size: usize,
    pages_at: u64,
    /// The ESpec strings (how each file is encoded).
    pub especs: Vec<String>,
}

const HEADER: usize = 22;

fn md5(b: &[u8]) -> [u8; 16] {
    use md5::Digest;
    md5::Md5::digest(b).into()
}

impl Encoding {
    /// Reads the header, ESpec block and page index of the table in `bytes`.
    ///
    /// # Errors
    /// Not `EN` version 1 with 16-byte keys, page sizes of 0, or blocks that
    /// run past the table.
    pub fn open(bytes: Box<dyn Bytes>) -> Result<Encoding> {
        let h = bytes.read_at(0, HEADER).at("header")?;
        if &h[..2] != b"EN" {
            return Err(Error::new(0, ErrorKind::BadMagic { found: [h[0], h[1], h[2], h[3]], expected: "EN" }))
                .at("header");
        }
        let be16 = |o: usize| u16::from_be_bytes([h[o], h[o + 1]]) as u64;
        let be32 = |o: usize| u32::from_be_bytes([h[o], h[o + 1], h[o + 2], h[o + 3]]) as u64;
        if h[2] != 1 {
            return Err(Error::new(2, ErrorKind::UnsupportedVersion(h[2] as u32))).at("header");
        }
        if h[3] != 16 || h[4] != 16 {
            let msg = format!("key sizes {} and {} (16 expected)", h[3], h[4]);
            return Err(Error::invalid(3, msg)).at("header");
        }
        let (cpage, epage, ccount, ecount, espec_size) = (be16(5) * 1024, be16(7) * 1024, be32(9), be32(13), be32(18));
        if cpage == 0 || epage == 0 {
            return Err(Error::invalid(5, "page size of 0")).at("header");
        }
        let index_at = HEADER as u64 + espec_size;
        let pages_at = index_at + ccount * 32;
        let eindex_at = pages_at + ccount * cpage;
        let end = eindex_at + ecount * 32 + ecount * epage;
        if end > bytes.size() {
            let msg = format!(
                "{ccount} content-key and {ecount} encoding-key pages need {end} bytes, the table has {}",
                bytes.size()
            );
            return Err(Error::invalid(9, msg)).at("header");
        }
        let especs = bytes.read_at(HEADER as u64, espec_size as usize).at("especs")?;
        let especs =
            especs.split(|&b| b == 0).filter(|s| !s.is_empty()).map(|s| String::from_utf8_lossy(s).into_owned());
        let raw = bytes.read_at(index_at, (ccount * 32) as usize).at("ckey_index")?;
        let index = raw
            .chunks_exact(32)
            .map(|e| (e[..16].try_into().unwrap_or_default(), e[16..].try_into().unwrap_or_default()))
            .collect();
        Ok(Encoding { bytes, index, page_size: cpage as usize, pages_at, especs: especs.collect() })
    }

    /// Content-key pages.
    pub fn pages(&self) -> usize {
        self.index.len()
    }

    /// The bytes of page `p`, its MD5 checked.
    fn page(&self, p: usize) -> Result<Vec<u8>> {
        let at = self.pages_at + (p * self.page_size) as u64;
        let page = self.bytes.read_at(at, self.page_size).at_elem("ckey_pages", p)?;
        if md5(&page) != self.index[p].1 {
            let msg = format!("page checksum {} is not {} (the index's)", hex(&md5(&page)), hex(&self.index[p].1));
            return Err(Error::invalid(at, msg)).at_elem("ckey_pages", p);
        }
        Ok(page)
    }

    /// Calls `f(ckey, entry)` for every entry of page `p`, in key order.
    fn each_in_page(&self, p: usize, f: &mut dyn FnMut([u8; 16], Entry)) -> Result<()> {
        let page = self.page(p)?;
        let base = self.pages_at + (p * self.page_size) as u64;
        let mut o = 0;
        while o + 38 <= page.len() && page[o] != 0 {
            let n = page[o] as usize;
            if o + 22 + 16 * n > page.len() {
                let msg = format!("entry with {n} encoding keys runs past the page");
                return Err(Error::invalid(base + o as u64, msg)).at_elem("ckey_pages", p);
            }
            let size = page[o + 1..o + 6].iter().fold(0u64, |s, &b| (s << 8) | b as u64);
            let ckey = page[o + 6..o + 22].try_into().unwrap_or_default();
            let ekey = page[o + 22..o + 38].try_into().unwrap_or_default();
            f(ckey, Entry { ekey, size });
            o += 22 + 16 * n;
        }
        Ok(())
    }

    /// The page that would hold `ckey`.
    fn page_of(&self, ckey: &[u8; 16]) -> Option<usize> {
        self.index.partition_point(|(first, _)| first.as_slice() <= ckey.as_slice()).checked_sub(1)
    }

    /// What the table says of `ckey` (`None`: not in the table).
    ///
    /// # Errors
    /// The page that would hold it is damaged.
    pub fn find(&self, ckey: &[u8; 16]) -> Result<Option<Entry>> {
        let Some(p) = self.page_of(ckey) else { return Ok(None) };
        let mut hit = None;
        self.each_in_page(p, &mut |k, e| {
            if &k == ckey {
                hit = Some(e);
            }
        })?;
        Ok(hit)
    }

    /// The entries of every key of `sorted` (ascending), reading each page
    /// that holds one of them once.
    ///
    /// # Errors
    /// A page that is damaged.
    pub fn find_sorted(&self, sorted: &[[u8; 16]]) -> Result<Vec<Option<Entry>>> {
        let mut out = vec![None; sorted.len()];
        let mut i = 0;
        while i < sorted.len() {
            let Some(p) = self.page_of(&sorted[i]) else {
                i += 1;
                continue;
            };
            let next = self.index.get(p + 1).map(|(k, _)| *k);
            let end = match next {
                Some(n) => i + sorted[i..].partition_point(|k| k.as_slice() < n.as_slice()),
                None => sorted.len(),
            };
            let mut j = i;
            self.each_in_page(p, &mut |k, e| {
                while j < end && sorted[j].as_slice().cmp(k.as_slice()) == Ordering::Less {
                    j += 1;
                }
                while j < end && sorted[j] == k {
                    out[j] = Some(e);
                    j += 1;
                }
            })?;
            i = end.max(i + 1);
        }
        Ok(out)
    }
}
