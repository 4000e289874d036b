//! The TVFS root (TACT virtual file system: Warcraft III Reforged, and
//! the `vfs-root` of modern WoW builds): file names → the encoding keys of
//! their contents, as the client reads it (wowdev wiki "TVFS"; CascLib
//! `src/CascRootFile_TVFS.cpp`, `ParsePathFileTable` and
//! `CapturePathEntry`).
//!
//! A header (`TVFS`, format 1, its size, 9-byte encoding keys, big-endian
//! flags, then the offsets and sizes of the path table, the VFS table and
//! the container file table, and the tree's depth). The path table is a
//! prefix tree: each entry is an optional `0x00` (a `/` before), a length
//! byte and a name fragment, an optional `0x00` (a `/` after), and, when
//! `0xFF` follows, a big-endian node value. A value with bit 31 set is a
//! folder whose entries follow, `value & 0x7FFFFFFF` bytes counted from the
//! value itself; otherwise it is the offset of the file's VFS record: a span
//! count (1–224; 225–255 are deleted or foreign files, skipped), then per
//! span its offset in the file and size (big-endian) and the offset of its
//! container record (1–4 bytes, as many as the container table's size
//! needs), whose first bytes are the span's encoding key. An entry with no
//! value only adds its fragment to the names after it.
//!
//! A file whose key is one of the build's `vfs-N` roots is itself a TVFS
//! folder: its files are named `<name>:<path>` ([`Tvfs::nest`]).

use m2view_error::{Error, Result};

/// Folders nested deeper than this are refused (CascLib's path buffer
/// holds 260 bytes; real roots nest 8 deep).
pub const MAX_DEPTH: usize = 128;

/// One span of a file: where its bytes go and which encoding key holds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    /// Offset of the span in the file, bytes.
    pub offset: u32,
    /// Its size, bytes (the content size of what the key holds).
    pub size: u32,
    /// The first 9 bytes of the encoding key (all TACT indices use 9).
    pub ekey: [u8; 9],
}

/// One file of a TVFS root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TvfsFile {
    /// Its full name, fragments joined, `/` where the tree says so.
    pub name: String,
    /// Its spans, in file order (real roots have one).
    pub spans: Vec<Span>,
}

impl TvfsFile {
    /// The file's size: the end of its last span, bytes.
    pub fn size(&self) -> u64 {
        self.spans.iter().map(|s| s.offset as u64 + s.size as u64).max().unwrap_or(0)
    }
}

/// A parsed TVFS root: its files in path table order.
#[derive(Debug, Clone, Default)]
pub struct Tvfs {
    /// The files.
    pub files: Vec<TvfsFile>,
}

struct Header {
    path: (usize, usize),
    vfs: (usize, usize),
    cft: (usize, usize),
    ekey_size: usize,
    cft_offset_size: usize,
}

/// Bytes needed to address a table of `size` bytes (CascLib
/// `GetOffsetFieldSize`).
fn offset_size(size: usize) -> usize {
    match size {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        0x1_0000..=0xFF_FFFF => 3,
        _ => 4,
    }
}

fn be(b: &[u8]) -> u32 {
    b.iter().fold(0, |v, &x| (v << 8) | x as u32)
}

impl Tvfs {
    /// Parses TVFS root `b` (decoded from BLTE).
    ///
    /// Errors (offset = byte in `b`): not `TVFS`, an unknown format
    /// version or key size, a table past the end, a path entry or folder
    /// that runs past its folder, a VFS or container record past its
    /// table, folders nested deeper than [`MAX_DEPTH`].
    pub fn parse(b: &[u8]) -> Result<Tvfs> {
        let h = header(b)?;
        let mut files = Vec::new();
        let (start, len) = h.path;
        let mut name = Vec::new();
        // Most roots open with one nameless folder holding everything (CascLib `ParseDirectoryData`).
        walk(b, &h, start, start + len, &mut name, 0, &mut files)?;
        Ok(Tvfs { files })
    }

    /// Adds the files of `inner`, the TVFS folder stored as file `name`,
    /// as `name:<path>` (CascLib's nested VFS roots).
    pub fn nest(&mut self, name: &str, inner: Tvfs) {
        self.files.extend(inner.files.into_iter().map(|f| TvfsFile { name: format!("{name}:{}", f.name), ..f }));
    }
}

fn header(b: &[u8]) -> Result<Header> {
    let bad = |at: usize, what: &str| Error::invalid(at as u64, format!("TVFS header: {what}"));
    if b.len() < 38 || &b[..4] != b"TVFS" {
        return Err(bad(0, "no TVFS signature or shorter than 38 bytes"));
    }
    let (version, header_size, ekey_size) = (b[4], b[5] as usize, b[6] as usize);
    if version != 1 {
        return Err(bad(4, &format!("format version {version}, only 1 is known")));
    }
    if !(1..=16).contains(&ekey_size) || header_size < 38 || header_size > b.len() {
        return Err(bad(5, &format!("header size {header_size}, key size {ekey_size}")));
    }
    let table = |at: usize, what: &str| -> Result<(usize, usize)> {
        let (o, n) = (be(&b[at..at + 4]) as usize, be(&b[at + 4..at + 8]) as usize);
        if o.checked_add(n).is_none_or(|end| end > b.len()) {
            return Err(bad(at, &format!("{what} table at {o}, {n} bytes, past the end ({} bytes)", b.len())));
        }
        Ok((o, n))
    };
    let cft = table(28, "container file")?;
    Ok(Header { path: table(12, "path")?, vfs: table(20, "VFS")?, cft, ekey_size, cft_offset_size: offset_size(cft.1) })
}

/// The entries of the folder `b[p..end]`, names under `name`.
fn walk(
    b: &[u8],
    h: &Header,
    mut p: usize,
    end: usize,
    name: &mut Vec<u8>,
    depth: usize,
    files: &mut Vec<TvfsFile>,
) -> Result<()> {
    if depth > MAX_DEPTH {
        return Err(Error::invalid(p as u64, format!("TVFS path table: folders nested more than {MAX_DEPTH} deep")));
    }
    let saved = name.len();
    let past =
        |at: usize, what: &str| Error::invalid(at as u64, format!("TVFS path table: {what} runs past its folder"));
    while p < end {
        if b[p] == 0 {
            name.push(b'/');
            p += 1;
        }
        if p < end && b[p] != 0xFF {
            let n = b[p] as usize;
            let fragment = b.get(p + 1..p + 1 + n).filter(|_| p + 1 + n <= end).ok_or_else(|| past(p, "a name"))?;
            name.extend_from_slice(fragment);
            p += 1 + n;
        }
        if p < end && b[p] == 0 {
            name.push(b'/');
            p += 1;
        }
        if p >= end || b[p] != 0xFF {
            // No value: the fragment continues into the next entry's name.
            continue;
        }
        if p + 5 > end {
            return Err(past(p, "a node value"));
        }
        let value = be(&b[p + 1..p + 5]);
        p += 5;
        if value & 0x8000_0000 != 0 {
            // A folder: its size counts its 4-byte value.
            let size = (value & 0x7FFF_FFFF) as usize;
            let inner_end =
                (p - 4).checked_add(size).filter(|&e| e >= p && e <= end).ok_or_else(|| past(p - 4, "a folder"))?;
            walk(b, h, p, inner_end, name, depth + 1, files)?;
            p = inner_end;
        } else if let Some(spans) = spans(b, h, value as usize)? {
            files.push(TvfsFile { name: String::from_utf8_lossy(name).into_owned(), spans });
        }
        name.truncate(saved);
    }
    Ok(())
}

/// The spans of the VFS record at `at` in the VFS table (`None`: a deleted
/// or foreign file, span count 0 or 225–255).
fn spans(b: &[u8], h: &Header, at: usize) -> Result<Option<Vec<Span>>> {
    let (vfs, vfs_len) = h.vfs;
    let (cft, cft_len) = h.cft;
    let bad = |o: usize, what: String| Error::invalid(o as u64, format!("TVFS VFS table: {what}"));
    if at >= vfs_len {
        return Err(bad(vfs, format!("record at {at}, past the table's {vfs_len} bytes")));
    }
    let n = b[vfs + at] as usize;
    if n == 0 || n > 224 {
        return Ok(None);
    }
    let item = 8 + h.cft_offset_size;
    let start = vfs + at + 1;
    if at + 1 + n * item > vfs_len {
        return Err(bad(start, format!("{n} spans run past the table")));
    }
    let mut out = Vec::with_capacity(n);
    for r in b[start..start + n * item].chunks_exact(item) {
        let c = be(&r[8..]) as usize;
        if c + h.ekey_size > cft_len || h.ekey_size < 9 {
            return Err(bad(start, format!("container record at {c} past the container table's {cft_len} bytes")));
        }
        let mut ekey = [0; 9];
        ekey.copy_from_slice(&b[cft + c..cft + c + 9]);
        out.push(Span { offset: be(&r[..4]), size: be(&r[4..8]), ekey });
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators_fragments_and_folders() {
        // "a" folder { "/" "b.mdx" file 0, "c" (no value) then "d" file 0 }, "x:" handled by nest.
        let mut path = vec![0xFF, 0x80, 0, 0, 0]; // root folder, size patched below
        path.extend([1, b'a', 0, 0xFF, 0x80, 0, 0, 0]); // "a/" folder
        let inner_start = path.len() - 4;
        path.extend([5, b'b', b'.', b'm', b'd', b'x', 0xFF, 0, 0, 0, 0]);
        path.extend([1, b'c']);
        path.extend([1, b'd', 0xFF, 0, 0, 0, 0]);
        let inner = (path.len() - inner_start) as u32;
        path[inner_start..inner_start + 4].copy_from_slice(&(0x8000_0000 | inner).to_be_bytes());
        let outer = (path.len() - 1) as u32;
        path[1..5].copy_from_slice(&(0x8000_0000 | outer).to_be_bytes());
        let vfs = [1, 0, 0, 0, 0, 0, 0, 0, 7, 0];
        let cft = [0xAB; 9];
        let mut b = b"TVFS\x01\x26\x09\x09\0\0\0\x01".to_vec();
        let at = 38u32;
        for (o, n) in
            [(at, path.len()), (at + path.len() as u32, vfs.len()), (at + (path.len() + vfs.len()) as u32, cft.len())]
        {
            b.extend(o.to_be_bytes());
            b.extend((n as u32).to_be_bytes());
        }
        b.extend([0, 3]);
        b.extend(&path);
        b.extend(vfs);
        b.extend(cft);
        let t = Tvfs::parse(&b).unwrap();
        let names: Vec<&str> = t.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["a/b.mdx", "a/cd"]);
        assert_eq!(t.files[0].spans, [Span { offset: 0, size: 7, ekey: [0xAB; 9] }]);
        let mut outer = Tvfs::default();
        outer.nest("war3.w3mod", t);
        assert_eq!(outer.files[0].name, "war3.w3mod:a/b.mdx");
        // Hostile: a folder that claims more than there is; nesting past the limit.
        let mut broken = b.clone();
        broken[38 + 1] = 0xFF;
        assert!(Tvfs::parse(&broken).unwrap_err().to_string().contains("a folder runs past its folder"));
        // 200 folders, each holding the next (sizes count from each value to the table's end).
        let deep: Vec<u8> = (0..200u32)
            .flat_map(|k| [[0xFF].as_slice(), &(0x8000_0000 | (999 - 5 * k)).to_be_bytes()].concat())
            .collect();
        let mut d = b[..38].to_vec();
        d[12..20].copy_from_slice(&[0, 0, 0, 38, 0, 0, 3, 232]);
        d[20..36].fill(0);
        d.extend(&deep);
        let e = Tvfs::parse(&d).unwrap_err();
        assert!(e.to_string().contains("folders nested more than 128 deep"), "{e}");
    }
}
