//! Writes CASC storages in the real on-disk layout (wowdev wiki "CASC",
//! "TACT", "BLTE"), for the tests and benchmarks of every crate: no
//! complete local storage is public, so the tests write one holding real
//! corpus files under FileDataIDs and open it as a user would.
//!
//! [`write`] lays out `.build.info` (one row per [`Product`]), each
//! product's build config under `Data/config/`, one `Data/data/data.000`
//! holding every file as a 30-byte entry header and a BLTE frame, the
//! encoding tables (4 KiB pages, themselves stored as 256 KiB zlib chunks
//! as retail stores them), the roots (legacy, `MFST` 1 or 2) and the 16
//! version-7 `.idx` buckets. [`Filler`] adds entries without bytes, to
//! give benchmarks a retail-sized index, encoding table and root.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::index::bucket_of;
use crate::root::Layout;

/// How one BLTE chunk is encoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// `N`.
    Plain,
    /// `Z`.
    Zlib,
    /// `4` (sub-blocks of 64 KiB).
    Lz4,
    /// `F`: the chunk is itself a frame of these chunks.
    Frame(Vec<(usize, Mode)>),
    /// `E` (Salsa20) around the chunk encoded as `inner`.
    Encrypted {
        /// Key name.
        name: u64,
        /// Key.
        key: [u8; 16],
        /// Four-byte IV.
        iv: [u8; 4],
        /// The plain text's encoding.
        inner: Box<Mode>,
    },
}

/// A file of the storage.
#[derive(Debug, Clone)]
pub struct File {
    /// FileDataID.
    pub fdid: u32,
    /// Name (its Jenkins96 hash goes into roots that carry hashes).
    pub name: Option<String>,
    /// Content.
    pub bytes: Vec<u8>,
    /// Chunks as `(decoded size, mode)`; the last takes the rest; one
    /// chunk of size 0 writes a single-chunk frame (header size 0).
    pub chunks: Vec<(usize, Mode)>,
    /// Locale flags of its root block (0: all).
    pub locale: u32,
}

impl File {
    /// A zlib single-chunk file for every locale.
    pub fn new(fdid: u32, name: Option<&str>, bytes: Vec<u8>) -> File {
        File { fdid, name: name.map(str::to_string), bytes, chunks: vec![(0, Mode::Zlib)], locale: 0 }
    }
}

/// Entries without bytes (benchmarks): root and encoding entries for
/// `files` FileDataIDs from `first_fdid` (in a TVFS root: files named
/// `war3.w3mod:filler/<n / 1000>/<n>.blp`), and `extra_index` more `.idx`
/// entries.
#[derive(Debug, Clone, Copy, Default)]
pub struct Filler {
    /// FileDataIDs with root, encoding and index entries.
    pub files: u32,
    /// The first of them.
    pub first_fdid: u32,
    /// Index entries of no file.
    pub extra_index: u32,
}

/// One product of the install.
#[derive(Debug, Clone)]
pub struct Product {
    /// `wow`, `wow_classic_era`, …
    pub product: String,
    /// `Version` (`11.2.7.65299`).
    pub version: String,
    /// Root layout.
    pub layout: Layout,
    /// Files.
    pub files: Vec<File>,
    /// Entries without bytes.
    pub filler: Filler,
    /// `Tags` of the `.build.info` row.
    pub tags: String,
    /// The root is a TVFS (Warcraft III Reforged): files by [`File::name`],
    /// `:` separating nested roots (`war3.w3mod:_hd.w3mod:units/x.mdx`),
    /// each nested root stored as a file of its own and named by a `vfs-N`
    /// line of the build config, as Reforged's are.
    pub tvfs: bool,
}

impl Product {
    /// A retail (`MFST` version 2) product with `files`.
    pub fn retail(files: Vec<File>) -> Product {
        Product {
            product: "wow".into(),
            version: "11.2.7.65299".into(),
            layout: Layout::Mfst2,
            files,
            filler: Filler::default(),
            tags: "Windows x86_64 US? acct-US? geoip-US? enUS speech?:Windows x86_64 US? acct-US? geoip-US? enUS text?"
                .into(),
            tvfs: false,
        }
    }

    /// A Warcraft III Reforged (`w3`, TVFS root) product with `files`
    /// (named; their FileDataIDs are not written).
    pub fn warcraft3(files: Vec<File>) -> Product {
        Product { product: "w3".into(), version: "1.36.2.21179".into(), tvfs: true, ..Product::retail(files) }
    }
}

/// A TVFS root of `files` (`(path with /, encoding key, size)`): a
/// nameless root folder, a folder entry per path component (name, `0x00`
/// for the separator after it, `0xFF` and the folder's size), one span per
/// file, container records of the 9-byte encoding key and the size (wowdev
/// wiki "TVFS"; CascLib `CascRootFile_TVFS.cpp`).
pub fn tvfs(files: &[(String, [u8; 16], u32)]) -> Vec<u8> {
    fn folder(items: &[(Vec<&str>, usize)], out: &mut Vec<u8>, vfs_offsets: &[u32]) {
        let mut i = 0;
        while i < items.len() {
            let (parts, f) = &items[i];
            if parts.len() == 1 {
                out.push(parts[0].len() as u8);
                out.extend(parts[0].as_bytes());
                out.push(0xFF);
                out.extend(vfs_offsets[*f].to_be_bytes());
                i += 1;
                continue;
            }
            let head = parts[0];
            let mut j = i;
            while j < items.len() && items[j].0.len() > 1 && items[j].0[0] == head {
                j += 1;
            }
            let inner: Vec<(Vec<&str>, usize)> = items[i..j].iter().map(|(p, f)| (p[1..].to_vec(), *f)).collect();
            out.push(head.len() as u8);
            out.extend(head.as_bytes());
            out.push(0);
            out.push(0xFF);
            let at = out.len();
            out.extend([0; 4]);
            folder(&inner, out, vfs_offsets);
            let size = (out.len() - at) as u32;
            out[at..at + 4].copy_from_slice(&(0x8000_0000 | size).to_be_bytes());
            i = j;
        }
    }
    let mut order: Vec<usize> = (0..files.len()).collect();
    order.sort_by(|&a, &b| files[a].0.cmp(&files[b].0));
    let cft_size = files.len() * 13;
    let width = if cft_size > 0xFFFF {
        3
    } else if cft_size > 0xFF {
        2
    } else {
        1
    };
    let (mut vfs, mut cft, mut offsets) = (Vec::new(), Vec::new(), vec![0u32; files.len()]);
    for (i, (_, ekey, size)) in files.iter().enumerate() {
        offsets[i] = vfs.len() as u32;
        vfs.push(1);
        vfs.extend(0u32.to_be_bytes());
        vfs.extend(size.to_be_bytes());
        vfs.extend(&((cft.len() as u32).to_be_bytes())[4 - width..]);
        cft.extend(&ekey[..9]);
        cft.extend(size.to_be_bytes());
    }
    let items: Vec<(Vec<&str>, usize)> = order.iter().map(|&i| (files[i].0.split('/').collect(), i)).collect();
    let mut path = vec![0xFF, 0, 0, 0, 0];
    folder(&items, &mut path, &offsets);
    let root_size = (path.len() - 1) as u32;
    path[1..5].copy_from_slice(&(0x8000_0000 | root_size).to_be_bytes());
    let mut b = b"TVFS\x01\x26\x09\x09".to_vec();
    b.extend(0u32.to_be_bytes());
    let mut at = 38u32;
    for t in [&path, &vfs, &cft] {
        b.extend(at.to_be_bytes());
        b.extend((t.len() as u32).to_be_bytes());
        at += t.len() as u32;
    }
    b.extend(4u16.to_be_bytes());
    for t in [path, vfs, cft] {
        b.extend(t);
    }
    b
}

/// Where things went, for tests that damage them.
#[derive(Debug, Clone, Default)]
pub struct Written {
    /// `data.000`.
    pub data: PathBuf,
    /// The `.idx` files.
    pub idx: Vec<PathBuf>,
    /// Build configs, one per product.
    pub configs: Vec<PathBuf>,
    /// Per stored frame: `(what, offset of its entry in data.000, entry size)`
    /// (`what`: `fdid:N`, `encoding:<product>` or `root:<product>`).
    pub entries: Vec<(String, u64, u32)>,
}

fn md5(b: &[u8]) -> [u8; 16] {
    use md5::Digest;
    md5::Md5::digest(b).into()
}

fn hex(b: &[u8]) -> String {
    crate::blte::hex(b)
}

/// One chunk, mode byte first.
pub fn chunk(data: &[u8], mode: &Mode, index: usize) -> Vec<u8> {
    match mode {
        Mode::Plain => [&b"N"[..], data].concat(),
        Mode::Zlib => {
            let mut e = flate2::write::ZlibEncoder::new(b"Z".to_vec(), flate2::Compression::default());
            e.write_all(data).unwrap_or_default();
            e.finish().unwrap_or_default()
        }
        Mode::Lz4 => {
            let mut out = b"4".to_vec();
            for block in data.chunks(64 << 10) {
                let c = lz4_flex::block::compress(block);
                let stored = c.len() >= block.len();
                out.extend((block.len() as u32).to_le_bytes());
                out.extend((if stored { block.len() } else { c.len() } as u32).to_le_bytes());
                out.extend(if stored { block } else { &c[..] });
            }
            out
        }
        Mode::Frame(inner) => [&b"F"[..], &frame(data, inner)].concat(),
        Mode::Encrypted { name, key, iv, inner } => {
            let mut plain = chunk(data, inner, index);
            crate::salsa20::apply(key, &crate::salsa20::chunk_nonce(iv, index), &mut plain);
            let mut out = vec![b'E', 8];
            out.extend(name.to_le_bytes());
            out.push(4);
            out.extend(iv);
            out.push(b'S');
            out.extend(plain);
            out
        }
    }
}

/// A BLTE frame of `data` in `chunks` (see [`File::chunks`]).
pub fn frame(data: &[u8], chunks: &[(usize, Mode)]) -> Vec<u8> {
    if let [(0, mode)] = chunks {
        return [&b"BLTE\0\0\0\0"[..], &chunk(data, mode, 0)].concat();
    }
    let mut parts = Vec::new();
    let mut at = 0;
    for (i, (len, mode)) in chunks.iter().enumerate() {
        let end = if i + 1 == chunks.len() { data.len() } else { (at + len).min(data.len()) };
        parts.push((end - at, chunk(&data[at..end], mode, i)));
        at = end;
    }
    let mut b = b"BLTE".to_vec();
    b.extend(((12 + 24 * parts.len()) as u32).to_be_bytes());
    b.extend(((0x0F << 24) | parts.len() as u32).to_be_bytes());
    for (decoded, c) in &parts {
        b.extend((c.len() as u32).to_be_bytes());
        b.extend((*decoded as u32).to_be_bytes());
        b.extend(md5(c));
    }
    for (_, c) in parts {
        b.extend(c);
    }
    b
}

/// The encoding key of a frame.
pub fn ekey_of(frame: &[u8]) -> [u8; 16] {
    md5(&frame[..crate::blte::hashed_len(frame)])
}

/// `n` bytes that compress about as model data does (about 3:1), from
/// xorshift32 seeded with `seed` (not 0), for benchmarks.
pub fn compressible(n: usize, seed: u32) -> Vec<u8> {
    let mut x = seed.max(1);
    (0..n)
        .map(|i| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            if i % 4 == 0 { x as u8 } else { (i / 64) as u8 }
        })
        .collect()
}

/// A key derived from `n` (filler entries).
fn fake_key(n: u64, salt: u8) -> [u8; 16] {
    let mut k = [salt; 16];
    // An odd multiplier is a bijection: each (n, salt) its own first 9 bytes.
    let h = (n | u64::from(salt) << 48).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    k[..8].copy_from_slice(&h.to_be_bytes());
    k[8..16].copy_from_slice(&n.to_le_bytes());
    k
}

/// An encoding table of `(ckey, ekey, size)` entries.
pub fn encoding_table(mut entries: Vec<([u8; 16], [u8; 16], u64)>) -> Vec<u8> {
    entries.sort_unstable();
    entries.dedup_by_key(|e| e.0);
    let especs = b"z\0b:256K*=z\0".to_vec();
    let page = 4096;
    let mut cpages: Vec<Vec<u8>> = vec![Vec::new()];
    let mut cfirst = Vec::new();
    for (c, e, size) in &entries {
        if cpages.last().is_some_and(|p| p.len() + 38 > page) {
            cpages.push(Vec::new());
        }
        let p = cpages.last_mut().unwrap_or_else(|| unreachable!());
        if p.is_empty() {
            cfirst.push(*c);
        }
        p.push(1);
        p.extend(&size.to_be_bytes()[3..]);
        p.extend(c);
        p.extend(e);
    }
    let mut by_ekey: Vec<([u8; 16], u64)> = entries.iter().map(|(_, e, s)| (*e, *s)).collect();
    by_ekey.sort_unstable();
    let mut epages: Vec<Vec<u8>> = vec![Vec::new()];
    let mut efirst = Vec::new();
    for (e, size) in &by_ekey {
        if epages.last().is_some_and(|p| p.len() + 25 > page) {
            epages.push(Vec::new());
        }
        let p = epages.last_mut().unwrap_or_else(|| unreachable!());
        if p.is_empty() {
            efirst.push(*e);
        }
        p.extend(e);
        p.extend(0u32.to_be_bytes());
        p.extend(&size.to_be_bytes()[3..]);
    }
    for p in cpages.iter_mut().chain(epages.iter_mut()) {
        p.resize(page, 0);
    }
    cfirst.resize(cpages.len(), [0; 16]);
    efirst.resize(epages.len(), [0; 16]);
    let mut b = b"EN\x01\x10\x10".to_vec();
    b.extend(4u16.to_be_bytes());
    b.extend(4u16.to_be_bytes());
    b.extend((cpages.len() as u32).to_be_bytes());
    b.extend((epages.len() as u32).to_be_bytes());
    b.push(0);
    b.extend((especs.len() as u32).to_be_bytes());
    b.extend(&especs);
    for (first, p) in cfirst.iter().zip(&cpages) {
        b.extend(first);
        b.extend(md5(p));
    }
    cpages.iter().for_each(|p| b.extend(p));
    for (first, p) in efirst.iter().zip(&epages) {
        b.extend(first);
        b.extend(md5(p));
    }
    epages.iter().for_each(|p| b.extend(p));
    b.extend(b"b:256K*=z");
    b
}

/// One root entry: FileDataID, content key, name hash, locale flags.
pub type RootEntry = (u32, [u8; 16], Option<u64>, u32);

/// A root of `entries` in `layout`: one block per locale, plus (for MFST)
/// the unnamed files in blocks of their own.
pub fn root(layout: Layout, mut entries: Vec<RootEntry>) -> Vec<u8> {
    entries.sort_unstable_by_key(|e| (e.3, e.2.is_none() && layout != Layout::Legacy, e.0));
    let mut groups: Vec<(u32, bool, Vec<&RootEntry>)> = Vec::new();
    for e in &entries {
        let named = e.2.is_some() || layout == Layout::Legacy;
        match groups.last_mut() {
            Some((l, n, g)) if *l == e.3 && *n == named => g.push(e),
            _ => groups.push((e.3, named, vec![e])),
        }
    }
    let named = entries.iter().filter(|e| e.2.is_some()).count() as u32;
    let mut b = Vec::new();
    match layout {
        Layout::Legacy => {}
        Layout::Mfst1 => {
            b.extend(b"TSFM");
            b.extend((entries.len() as u32).to_le_bytes());
            b.extend(named.to_le_bytes());
        }
        Layout::Mfst2 => {
            b.extend(b"TSFM");
            for v in [24, 2, entries.len() as u32, named, 0] {
                b.extend(v.to_le_bytes());
            }
        }
    }
    for (locale, has_names, g) in groups {
        let locale = if locale == 0 { 0x1f3f6 } else { locale };
        let content = if has_names || layout == Layout::Legacy { 0 } else { crate::root::NO_NAMES };
        b.extend((g.len() as u32).to_le_bytes());
        if layout == Layout::Mfst2 {
            b.extend(locale.to_le_bytes());
            b.extend(0u32.to_le_bytes());
            b.extend(content.to_le_bytes());
            b.push(0);
        } else {
            b.extend(content.to_le_bytes());
            b.extend(locale.to_le_bytes());
        }
        let mut prev: Option<u32> = None;
        for e in &g {
            let delta = prev.map_or(e.0, |p| e.0 - p - 1);
            b.extend(delta.to_le_bytes());
            prev = Some(e.0);
        }
        for e in &g {
            b.extend(e.1);
            if layout == Layout::Legacy {
                b.extend(e.2.unwrap_or(0).to_le_bytes());
            }
        }
        if layout != Layout::Legacy && has_names {
            g.iter().for_each(|e| b.extend(e.2.unwrap_or(0).to_le_bytes()));
        }
    }
    b
}

/// The 16 `.idx` files of `(ekey, offset in data.000, entry size)` entries.
pub fn indices(entries: &[([u8; 16], u64, u32)]) -> Vec<Vec<u8>> {
    let mut buckets: Vec<Vec<[u8; 18]>> = vec![Vec::new(); 16];
    for (k, offset, size) in entries {
        let mut e = [0u8; 18];
        e[..9].copy_from_slice(&k[..9]);
        e[9..14].copy_from_slice(&offset.to_be_bytes()[3..]); // archive 0
        e[14..].copy_from_slice(&size.to_le_bytes());
        buckets[bucket_of(k)].push(e);
    }
    buckets
        .into_iter()
        .enumerate()
        .map(|(i, mut rows)| {
            rows.sort_unstable();
            rows.dedup_by(|a, b| a[..9] == b[..9]);
            let mut header = vec![7, 0, i as u8, 0, 4, 5, 9, 30];
            header.extend((1u64 << 30).to_le_bytes());
            let mut b = 16u32.to_le_bytes().to_vec();
            b.extend(crate::jenkins::hashlittle2(&header, 0, 0).0.to_le_bytes());
            b.extend(header);
            b.resize(0x20, 0);
            b.extend(((rows.len() * 18) as u32).to_le_bytes());
            b.extend(0u32.to_le_bytes());
            rows.iter().for_each(|r| b.extend(r));
            b
        })
        .collect()
}

/// Writes an install of `products` under `dir` (see the module docs).
///
/// # Errors
/// The files cannot be written.
pub fn write(dir: &Path, products: &[Product]) -> std::io::Result<Written> {
    let data_dir = dir.join("Data").join("data");
    std::fs::create_dir_all(&data_dir)?;
    let mut data = Vec::new();
    let mut index: Vec<([u8; 16], u64, u32)> = Vec::new();
    let mut w = Written { data: data_dir.join("data.000"), ..Written::default() };
    let store = |what: String, frame: Vec<u8>, data: &mut Vec<u8>, w: &mut Written, index: &mut Vec<_>| -> [u8; 16] {
        let ekey = ekey_of(&frame);
        let at = data.len() as u64;
        let size = (30 + frame.len()) as u32;
        let mut rev = ekey;
        rev.reverse();
        data.extend(rev);
        data.extend(size.to_le_bytes());
        data.extend([0u8; 10]);
        data.extend(frame);
        index.push((ekey, at, size));
        w.entries.push((what, at, size));
        ekey
    };
    let mut rows = Vec::new();
    for p in products {
        let mut enc = Vec::new();
        let mut root_entries = Vec::new();
        for f in &p.files {
            let ckey = md5(&f.bytes);
            let ekey = store(format!("fdid:{}", f.fdid), frame(&f.bytes, &f.chunks), &mut data, &mut w, &mut index);
            enc.push((ckey, ekey, f.bytes.len() as u64));
            let hash = f.name.as_deref().map(crate::jenkins::name_hash);
            root_entries.push((f.fdid, ckey, hash, f.locale));
        }
        for n in 0..p.filler.files as u64 {
            let (ckey, ekey) = (fake_key(n, 0xC0), fake_key(n, 0xE0));
            enc.push((ckey, ekey, 1000 + n % 5000));
            index.push((ekey, 0, 30));
            root_entries.push((p.filler.first_fdid + n as u32, ckey, None, 0));
        }
        let mut vfs_lines = String::new();
        let root_bytes = if p.tvfs {
            // Each nested root, deepest first, becomes a file of its parent named by its last part.
            let mut named: Vec<(String, [u8; 16], u32)> = p
                .files
                .iter()
                .map(|f| f.name.clone().unwrap_or_default())
                .chain((0..p.filler.files).map(|n| format!("war3.w3mod:filler/{}/{n}.blp", n / 1000)))
                .zip(&enc)
                .map(|(name, (_, ekey, size))| (name, *ekey, *size as u32))
                .collect();
            let mut prefixes: Vec<String> =
                named.iter().filter_map(|(n, _, _)| n.rsplit_once(':').map(|(p, _)| p.to_string())).collect();
            for n in prefixes.clone() {
                let parts: Vec<&str> = n.split(':').collect();
                prefixes.extend((1..parts.len()).map(|k| parts[..k].join(":")));
            }
            prefixes.sort_by_key(|p| std::cmp::Reverse(p.matches(':').count()));
            prefixes.dedup();
            for (k, prefix) in prefixes.iter().enumerate() {
                let inside: Vec<(String, [u8; 16], u32)> = named
                    .iter()
                    .filter_map(|(n, e, s)| {
                        let rest = n.strip_prefix(prefix.as_str())?.strip_prefix(':')?;
                        (!rest.contains(':')).then(|| (rest.to_string(), *e, *s))
                    })
                    .collect();
                named.retain(|(n, _, _)| !n.strip_prefix(prefix.as_str()).is_some_and(|r| r.starts_with(':')));
                let bytes = tvfs(&inside);
                let ckey = md5(&bytes);
                let ekey =
                    store(format!("vfs:{prefix}"), frame(&bytes, &[(0, Mode::Zlib)]), &mut data, &mut w, &mut index);
                enc.push((ckey, ekey, bytes.len() as u64));
                vfs_lines += &format!("vfs-{} = {} {}\n", k + 1, hex(&ckey), hex(&ekey));
                named.push((prefix.clone(), ekey, bytes.len() as u32));
            }
            tvfs(&named)
        } else {
            root(p.layout, root_entries)
        };
        let root_ckey = md5(&root_bytes);
        let root_ekey =
            store(format!("root:{}", p.product), frame(&root_bytes, &[(0, Mode::Zlib)]), &mut data, &mut w, &mut index);
        enc.push((root_ckey, root_ekey, root_bytes.len() as u64));
        if p.tvfs {
            vfs_lines += &format!("vfs-root = {} {}\n", hex(&root_ckey), hex(&root_ekey));
        }
        let table = encoding_table(enc);
        let chunks: Vec<(usize, Mode)> =
            (0..table.len().div_ceil(256 << 10)).map(|_| (256 << 10, Mode::Zlib)).collect();
        let enc_ekey = store(format!("encoding:{}", p.product), frame(&table, &chunks), &mut data, &mut w, &mut index);
        let config = format!(
            "# Build Configuration\n\nroot = {}\nencoding = {} {}\nencoding-size = {} 0\nbuild-name = WOW-{}\nbuild-product = WoW\n{vfs_lines}",
            hex(&root_ckey),
            hex(&md5(&table)),
            hex(&enc_ekey),
            table.len(),
            p.version
        );
        let key = hex(&md5(config.as_bytes()));
        let cdir = dir.join("Data/config").join(&key[..2]).join(&key[2..4]);
        std::fs::create_dir_all(&cdir)?;
        std::fs::write(cdir.join(&key), &config)?;
        w.configs.push(cdir.join(&key));
        rows.push(format!(
            "us|1|{key}|{}||0|tpr/wow|us.cdn.blizzard.com|http://us.cdn.blizzard.com/?maxhosts=4|{}|||{}||{}",
            hex(&[0x11; 16]),
            p.tags,
            p.version,
            p.product
        ));
    }
    for n in 0..products.iter().map(|p| p.filler.extra_index).max().unwrap_or(0) as u64 {
        index.push((fake_key(n, 0xA0), 0, 30));
    }
    std::fs::write(&w.data, &data)?;
    for (i, b) in indices(&index).into_iter().enumerate() {
        let p = data_dir.join(format!("{i:02x}00000001.idx"));
        std::fs::write(&p, b)?;
        w.idx.push(p);
    }
    let header = "Branch!STRING:0|Active!DEC:1|Build Key!HEX:16|CDN Key!HEX:16|Install Key!HEX:16|IM Size!DEC:4|CDN Path!STRING:0|CDN Hosts!STRING:0|CDN Servers!STRING:0|Tags!STRING:0|Armadillo!STRING:0|Last Activated!STRING:0|Version!STRING:0|KeyRing!HEX:16|Product!STRING:0";
    std::fs::write(dir.join(".build.info"), format!("{header}\n{}\n", rows.join("\n")))?;
    Ok(w)
}
