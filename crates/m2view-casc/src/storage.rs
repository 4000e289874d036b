//! [`Storage`]: an install opened for reading, and how a path given by a
//! user (the install root, its `Data/`, or a flavour folder such as
//! `_retail_`) leads to it.

use std::collections::HashMap;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use m2view_error::{Error, ErrorKind, Result, ResultExt};

use crate::blte::{self, Lazy, hex};
use crate::config::{self, Build, Config};
use crate::encoding::Encoding;
use crate::index::{self, Bucket, Location};
use crate::keys::KeyRing;
use crate::root::{self, Root};

/// The flavour folders of an install and the product each one is
/// (`.build.info`'s `Product`; wow.export's `constants.PRODUCTS`).
pub const FLAVOURS: [(&str, &str); 9] = [
    ("_retail_", "wow"),
    ("_ptr_", "wowt"),
    ("_xptr_", "wowxptr"),
    ("_beta_", "wow_beta"),
    ("_classic_", "wow_classic"),
    ("_classic_ptr_", "wow_classic_ptr"),
    ("_classic_beta_", "wow_classic_beta"),
    ("_classic_era_", "wow_classic_era"),
    ("_classic_era_ptr_", "wow_classic_era_ptr"),
];

/// Where `path` lies in an install: the install root (the folder holding
/// `.build.info`) and, when `path` is a flavour folder, its product.
/// `None`: `path` is not part of a CASC install.
pub fn locate_install(path: &Path) -> Option<(PathBuf, Option<&'static str>)> {
    if path.join(".build.info").is_file() {
        return Some((path.to_path_buf(), None));
    }
    let parent = path.parent()?;
    if !parent.join(".build.info").is_file() {
        return None;
    }
    let name = path.file_name()?.to_string_lossy().to_ascii_lowercase();
    if name == "data" {
        return Some((parent.to_path_buf(), None));
    }
    FLAVOURS.iter().find(|(f, _)| *f == name).map(|&(_, p)| (parent.to_path_buf(), Some(p)))
}

/// How to open a storage.
#[derive(Debug, Clone, Default)]
pub struct OpenOptions {
    /// Product (`wow`, `wow_classic`, `wow_classic_era`, …; default: the
    /// flavour folder given, else the first active row of `.build.info`).
    pub product: Option<String>,
    /// Locale (`enUS`, …; default: the text locale in the row's `Tags`).
    pub locale: Option<String>,
    /// TACT keys for encrypted files.
    pub keys: Arc<KeyRing>,
}

/// An opened install.
pub struct Storage {
    /// The install root (holds `.build.info`).
    pub root_dir: PathBuf,
    /// The `.build.info` row opened.
    pub build: Build,
    /// Its build config.
    pub config: Config,
    /// The locale the root was loaded for.
    pub locale: String,
    frames: Box<dyn Frames>,
    keys: Arc<KeyRing>,
    encoding: Encoding,
    root: Root,
    names: Option<Names>,
}

/// Where a storage's BLTE frames come from, by encoding key: the local
/// `data.NNN` files of an install, or the archives and loose files of a
/// CDN (`m2view-cdn`). Everything above (encoding table, root, TVFS, BLTE
/// decoding and the content-key check) is the same for both.
pub trait Frames: Send + Sync {
    /// The BLTE frame stored under `ekey`, of which only the first `known`
    /// bytes are known (16, or 9 for TVFS spans): its header is checked to
    /// hash to them.
    ///
    /// # Errors
    /// Not stored here, unreadable, or the check fails (naming where it
    /// was read from and the offset).
    fn frame(&self, ekey: &[u8; 16], known: usize) -> Result<Frame>;

    /// Whether `ekey` can be read here (a local install holds only what
    /// was downloaded; a CDN holds every key).
    ///
    /// # Errors
    /// A damaged index.
    fn holds(&self, ekey: &[u8; 16]) -> Result<bool>;
}

/// A BLTE frame as [`Frames::frame`] found it.
#[derive(Debug, Clone)]
pub struct Frame {
    /// The frame, from `BLTE` on.
    pub bytes: Vec<u8>,
    /// Where it was read (`Data/data/data.003`, a CDN archive's URL), for errors.
    pub name: String,
    /// The offset of `bytes` there, for errors.
    pub offset: u64,
}

/// Checks that frame `bytes` (read from `name` at `offset`) hashes to the
/// first `known` bytes of `ekey` (wowdev wiki "BLTE": the encoding key is
/// the MD5 of the header, or of the whole frame without a chunk table).
///
/// # Errors
/// It does not.
pub fn check_frame(bytes: &[u8], ekey: &[u8; 16], known: usize, name: &str, offset: u64) -> Result<()> {
    if bytes.len() < 8 || md5(&bytes[..blte::hashed_len(bytes)])[..known] != ekey[..known] {
        let msg = format!("BLTE header does not hash to its encoding key {}", hex(ekey));
        return Err(Error::invalid(offset, msg).in_file(name)).at("entry");
    }
    Ok(())
}

/// A TVFS root's files (Warcraft III Reforged): by their names, lower-case
/// with `/`, nested roots as `outer:inner`.
struct Names {
    files: Vec<crate::tvfs::TvfsFile>,
    by_name: HashMap<String, usize>,
}

/// The key of a TVFS name: lower-case, `\` as `/`.
fn name_key(name: &str) -> String {
    name.to_ascii_lowercase().replace('\\', "/")
}

/// Nested TVFS roots deeper than this are read as plain files.
const MAX_NESTED: usize = 8;

/// What a storage is opened from, before its encoding table and root.
#[derive(Debug, Clone)]
pub struct Parts {
    /// Where it lives: the install root, or a CDN cache folder.
    pub root_dir: PathBuf,
    /// The `.build.info` row, or a row made of the version service's.
    pub build: Build,
    /// The build config.
    pub config: Config,
    /// The build config's name, for errors.
    pub config_file: String,
    /// The locale to load the root for (`enUS`).
    pub locale: String,
}

/// The local store: encoding key → the BLTE frame in `data.NNN`.
struct Store {
    data_dir: PathBuf,
    idx: [Option<PathBuf>; 16],
    buckets: [OnceLock<Result<Bucket>>; 16],
    archives: Mutex<HashMap<u16, Arc<Mutex<std::fs::File>>>>,
}

fn io(file: &str, e: std::io::Error) -> Error {
    Error::new(0, ErrorKind::Io(e.to_string())).in_file(file)
}

/// The install-relative name of config `key` (`Data/config/ab/cd/abcd…`).
fn config_name(key: &str) -> String {
    let k = key.to_ascii_lowercase();
    format!("Data/config/{}/{}/{k}", k.get(..2).unwrap_or(""), k.get(2..4).unwrap_or(""))
}

impl Storage {
    /// Opens the install `path` leads to ([`locate_install`]).
    ///
    /// # Errors
    /// Not an install; no product as asked (the message lists those there);
    /// a missing or damaged build config, index, encoding table or root (each
    /// names its file, structure and offset).
    pub fn open(path: &Path, opts: &OpenOptions) -> Result<Storage> {
        let (root_dir, flavour) = locate_install(path).ok_or_else(|| {
            Error::invalid(0, "not a CASC install (no .build.info here or above)").in_file(path.display().to_string())
        })?;
        let info_text = std::fs::read_to_string(root_dir.join(".build.info")).map_err(|e| io(".build.info", e))?;
        let rows = config::build_info(&info_text, ".build.info")?;
        let build = choose(&rows, opts.product.as_deref().or(flavour))?;
        let key = build.get("Build Key").to_string();
        let config_file = config_name(&key);
        let text = std::fs::read_to_string(root_dir.join(&config_file)).map_err(|e| io(&config_file, e))?;
        let config = Config::parse(&text);
        let locale = opts.locale.clone().or_else(|| build.text_locale()).unwrap_or_else(|| "enUS".into());
        if root::locale_flag(&locale).is_none() {
            let known: Vec<&str> = root::LOCALES.iter().map(|l| l.0).collect();
            let msg = format!("unknown locale {locale:?} (one of {})", known.join(", "));
            return Err(Error::invalid(0, msg).in_file(".build.info"));
        }
        let data_dir = root_dir.join("Data");
        let idx = index::newest(&data_dir.join("data"))?;
        let store = Store { data_dir, idx, buckets: Default::default(), archives: Mutex::new(HashMap::new()) };
        let parts = Parts { root_dir, build, config, config_file, locale };
        Storage::assemble(parts, Box::new(store), opts.keys.clone())
    }

    /// A storage of `parts` whose frames come from `frames`: its encoding
    /// table and root read through them (a TVFS root with its nested roots).
    ///
    /// # Errors
    /// An unknown locale; a missing or damaged encoding table or root (each
    /// names where it was read, the structure and the offset).
    pub fn assemble(parts: Parts, frames: Box<dyn Frames>, keys: Arc<KeyRing>) -> Result<Storage> {
        let Parts { root_dir, build, config, config_file, locale } = parts;
        let flag = root::locale_flag(&locale).ok_or_else(|| {
            let known: Vec<&str> = root::LOCALES.iter().map(|l| l.0).collect();
            Error::invalid(0, format!("unknown locale {locale:?} (one of {})", known.join(", "))).in_file(&config_file)
        })?;
        let encoding = open_encoding(frames.as_ref(), &keys, &config, &config_file)?;
        let mut s =
            Storage { root_dir, build, config, locale, frames, keys, encoding, root: Root::default(), names: None };
        let root_bytes = s.root_bytes(&config_file)?;
        if root_bytes.starts_with(b"TVFS") {
            s.names = Some(s.open_tvfs(&root_bytes)?);
        } else {
            s.root = Root::parse(&root_bytes, flag, false).map_err(|e| e.in_file("root"))?;
        }
        Ok(s)
    }

    /// The root as loaded for [`Storage::locale`].
    pub fn root(&self) -> &Root {
        &self.root
    }

    /// The encoding table.
    pub fn encoding(&self) -> &Encoding {
        &self.encoding
    }

    /// Whether encoding key `ekey` can be read (a local install holds only
    /// what was downloaded).
    ///
    /// # Errors
    /// Its index is damaged.
    pub fn holds(&self, ekey: &[u8; 16]) -> Result<bool> {
        self.frames.holds(ekey)
    }

    /// The file of content key `ckey`, decoded and checked (`None`: the
    /// encoding table does not know it).
    ///
    /// # Errors
    /// Not stored locally, or any check fails (names the `data.NNN` file,
    /// the BLTE structure and the absolute offset).
    pub fn read_ckey(&self, ckey: &[u8; 16]) -> Result<Option<Vec<u8>>> {
        self.decode_ckey(ckey)
    }

    /// The bytes of FileDataID `fdid` (`None`: the root does not load it).
    ///
    /// # Errors
    /// As [`Storage::read_ckey`].
    pub fn read(&self, fdid: u32) -> Result<Option<Vec<u8>>> {
        match self.root.ckey(fdid) {
            Some(ckey) => self.read_ckey(&ckey),
            None => Ok(None),
        }
    }

    /// The size of FileDataID `fdid` when it can be read here (`None`: not
    /// in the root, the encoding table or the local indices).
    ///
    /// # Errors
    /// A damaged encoding page or index.
    pub fn size(&self, fdid: u32) -> Result<Option<u64>> {
        let Some(ckey) = self.root.ckey(fdid) else { return Ok(None) };
        let Some(e) = self.encoding.find(&ckey).map_err(|e| e.in_file("encoding"))? else { return Ok(None) };
        Ok(self.frames.holds(&e.ekey)?.then_some(e.size))
    }

    /// Every FileDataID that can be read here, ascending, with its size.
    /// Files of a damaged `.idx` bucket are left out (reading one names the
    /// damage), so one bad bucket does not hide the install.
    ///
    /// # Errors
    /// A damaged encoding page.
    pub fn files(&self) -> Result<Vec<(u32, u64)>> {
        let files: Vec<(u32, [u8; 16])> = self.root.files().collect();
        let mut order: Vec<usize> = (0..files.len()).collect();
        order.sort_unstable_by(|&a, &b| files[a].1.cmp(&files[b].1));
        let sorted: Vec<[u8; 16]> = order.iter().map(|&i| files[i].1).collect();
        let found = self.encoding.find_sorted(&sorted).map_err(|e| e.in_file("encoding"))?;
        let mut out = Vec::with_capacity(files.len());
        for (k, e) in order.iter().zip(found) {
            if let Some(e) = e
                && let Ok(true) = self.frames.holds(&e.ekey)
            {
                out.push((files[*k].0, e.size));
            }
        }
        out.sort_unstable();
        Ok(out)
    }

    /// The FileDataID of `path` by the root's name hashes.
    pub fn by_name(&self, path: &str) -> Option<u32> {
        self.root.by_hash(crate::jenkins::name_hash(path))
    }

    /// True when the root is a TVFS (files by name, no FileDataIDs):
    /// Warcraft III Reforged.
    pub fn is_named(&self) -> bool {
        self.names.is_some()
    }

    /// Every file of a TVFS root that can be read here, with its size
    /// (none for a FileDataID root): names as stored (`war3.w3mod:units/…`).
    pub fn names(&self) -> Vec<(&str, u64)> {
        let Some(n) = &self.names else { return Vec::new() };
        n.files
            .iter()
            .filter(|f| f.spans.iter().all(|s| matches!(self.frames.holds(&padded(&s.ekey)), Ok(true))))
            .map(|f| (f.name.as_str(), f.size()))
            .collect()
    }

    /// The size of TVFS file `name` (any case, `\\` or `/`), if the root has it.
    pub fn name_size(&self, name: &str) -> Option<u64> {
        let n = self.names.as_ref()?;
        n.by_name.get(&name_key(name)).map(|&i| n.files[i].size())
    }

    /// The bytes of TVFS file `name` (any case, `\\` or `/`; `None`: not in
    /// the root), its spans decoded and placed.
    ///
    /// # Errors
    /// A span is not stored here or fails a check (as [`Storage::read_ckey`]).
    pub fn read_name(&self, name: &str) -> Result<Option<Vec<u8>>> {
        let Some(n) = &self.names else { return Ok(None) };
        let Some(&i) = n.by_name.get(&name_key(name)) else { return Ok(None) };
        self.read_spans(&n.files[i]).map(Some)
    }

    /// A one-line description: product, version and locale.
    pub fn describe(&self) -> String {
        format!("{} {} ({})", self.build.product(), self.build.get("Version"), self.locale)
    }
}

/// The encoding table of `config`, read lazily from its frame.
fn open_encoding(frames: &dyn Frames, keys: &Arc<KeyRing>, config: &Config, config_file: &str) -> Result<Encoding> {
    let Some(&ekey) = config.keys("encoding").get(1) else {
        return Err(Error::invalid(0, "no `encoding = <ckey> <ekey>` line").in_file(config_file));
    };
    let size = config.numbers("encoding-size").first().copied();
    let frame = frames.frame(&ekey, 16)?;
    let lazy = Lazy::new(frame.bytes, size, keys.clone()).map_err(|e| e.in_file(&frame.name)).at("encoding")?;
    Encoding::open(Box::new(lazy)).map_err(|e| e.in_file(format!("encoding (ekey {})", hex(&ekey))))
}

impl Storage {
    /// The decoded root file: a WoW root, or a TVFS (Warcraft III Reforged).
    fn root_bytes(&self, config_file: &str) -> Result<Vec<u8>> {
        let Some(&ckey) = self.config.keys("root").first() else {
            return Err(Error::invalid(0, "no `root = <ckey>` line").in_file(config_file));
        };
        self.read_ckey(&ckey).at("root")?.ok_or_else(|| {
            Error::invalid(0, format!("root {} is not in the encoding table", hex(&ckey))).in_file(config_file)
        })
    }

    /// The TVFS root `bytes` with the roots nested in it: a file whose
    /// encoding key is one of the build config's `vfs-N` keys is itself a
    /// TVFS folder (CascLib `IsVfsSubDirectory`), read in its place.
    fn open_tvfs(&self, bytes: &[u8]) -> Result<Names> {
        let config = &self.config;
        let nested: Vec<[u8; 9]> = config
            .pairs
            .iter()
            .filter(|(k, _)| k.starts_with("vfs-") && k.as_str() != "vfs-root" && !k.ends_with("-size"))
            .filter_map(|(k, _)| config.keys(k).get(1).map(|e| e[..9].try_into().unwrap_or_default()))
            .collect();
        let tvfs = self.tvfs_with_nested(bytes, "root", &nested, 0)?;
        let by_name = tvfs.files.iter().enumerate().map(|(i, f)| (name_key(&f.name), i)).collect();
        Ok(Names { files: tvfs.files, by_name })
    }

    fn tvfs_with_nested(
        &self,
        bytes: &[u8],
        what: &str,
        nested: &[[u8; 9]],
        depth: usize,
    ) -> Result<crate::tvfs::Tvfs> {
        let parsed = crate::tvfs::Tvfs::parse(bytes).map_err(|e| e.in_file(format!("{what} (TVFS)")))?;
        let mut out = crate::tvfs::Tvfs::default();
        for f in parsed.files {
            let is_root = depth < MAX_NESTED && f.spans.len() == 1 && nested.contains(&f.spans[0].ekey);
            if is_root {
                let inner = self.read_spans(&f)?;
                let inner = self.tvfs_with_nested(&inner, &f.name, nested, depth + 1)?;
                out.nest(&f.name, inner);
            } else {
                out.files.push(f);
            }
        }
        Ok(out)
    }

    /// A TVFS file's bytes: each span read by its 9-byte encoding key and
    /// placed at its offset (BLTE chunk checksums checked; TVFS gives no
    /// content key to check the whole against).
    fn read_spans(&self, f: &crate::tvfs::TvfsFile) -> Result<Vec<u8>> {
        let size = f.size();
        if size > blte::MAX_DECODED {
            return Err(Error::invalid(0, format!("{} claims {size} bytes", f.name)).in_file("root (TVFS)"));
        }
        let mut out = vec![0u8; size as usize];
        for s in &f.spans {
            let frame = self.frames.frame(&padded(&s.ekey), 9)?;
            let bytes = blte::decode(&frame.bytes, Some(s.size as u64), &self.keys)
                .map_err(|e| e.in_file(&frame.name))
                .at("blte")?;
            let at = s.offset as usize;
            let Some(place) = out.get_mut(at..at + bytes.len()).filter(|_| bytes.len() == s.size as usize) else {
                let msg = format!("{}: a span decodes to {} bytes, not {}", f.name, bytes.len(), s.size);
                return Err(Error::invalid(0, msg).in_file(frame.name));
            };
            place.copy_from_slice(&bytes);
        }
        Ok(out)
    }
}

impl Store {
    /// The index of bucket `b`, read on first use.
    fn bucket(&self, b: usize) -> Result<&Bucket> {
        let r = self.buckets[b].get_or_init(|| {
            let Some(p) = &self.idx[b] else { return Bucket::parse(empty_idx()) };
            let name = format!("Data/data/{}", p.file_name().unwrap_or_default().to_string_lossy());
            let bytes = std::fs::read(p).map_err(|e| io(&name, e))?;
            Bucket::parse(bytes).map_err(|e| e.in_file(name))
        });
        r.as_ref().map_err(Clone::clone)
    }

    /// Where encoding key `ekey` is stored locally.
    fn locate(&self, ekey: &[u8; 16]) -> Result<Option<Location>> {
        Ok(self.bucket(index::bucket_of(ekey))?.find(ekey))
    }

    fn archive(&self, n: u16) -> Result<Arc<Mutex<std::fs::File>>> {
        let mut open = self.archives.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(f) = open.get(&n) {
            return Ok(f.clone());
        }
        let name = format!("Data/data/data.{n:03}");
        let f = Arc::new(Mutex::new(
            std::fs::File::open(self.data_dir.join("data").join(format!("data.{n:03}"))).map_err(|e| io(&name, e))?,
        ));
        open.insert(n, f.clone());
        Ok(f)
    }

    /// The BLTE frame stored under `ekey` (its first `known` bytes known;
    /// TVFS stores 9), its entry header and hash checked.
    fn read_stored(&self, ekey: &[u8; 16], known: usize) -> Result<Frame> {
        let loc = self.locate(ekey)?.ok_or_else(|| {
            let msg = format!("encoding key {} is not stored in this install (not downloaded?)", hex(ekey));
            Error::invalid(0, msg).in_file("Data/data")
        })?;
        let name = format!("Data/data/data.{:03}", loc.archive);
        let file = self.archive(loc.archive)?;
        let mut f = file.lock().unwrap_or_else(|p| p.into_inner());
        let len = f.metadata().map_err(|e| io(&name, e))?.len();
        if loc.size < 30 || loc.offset + loc.size as u64 > len || loc.size as u64 > blte::MAX_DECODED {
            let msg = format!("entry of {} bytes does not fit in the file of {len} bytes", loc.size);
            return Err(Error::invalid(loc.offset, msg).in_file(name)).at("entry");
        }
        let mut b = vec![0u8; loc.size as usize];
        f.seek(SeekFrom::Start(loc.offset)).and_then(|_| f.read_exact(&mut b)).map_err(|e| io(&name, e))?;
        drop(f);
        let mut named = b[..16].to_vec();
        named.reverse();
        let size = u32::from_le_bytes([b[16], b[17], b[18], b[19]]);
        if named[..9] != ekey[..9] && b[..9] != ekey[..9] {
            let msg = format!("entry header names {}, the index {}", hex(&named), hex(ekey));
            return Err(Error::invalid(loc.offset, msg).in_file(name)).at("entry");
        }
        if size != loc.size {
            let msg = format!("entry header says {size} bytes, the index {}", loc.size);
            return Err(Error::invalid(loc.offset + 16, msg).in_file(name)).at("entry");
        }
        let bytes = b.split_off(30);
        check_frame(&bytes, ekey, known, &name, loc.offset + 30)?;
        Ok(Frame { bytes, name, offset: loc.offset + 30 })
    }
}

impl Frames for Store {
    fn frame(&self, ekey: &[u8; 16], known: usize) -> Result<Frame> {
        self.read_stored(ekey, known)
    }

    fn holds(&self, ekey: &[u8; 16]) -> Result<bool> {
        Ok(self.locate(ekey)?.is_some())
    }
}

impl Storage {
    /// The file of content key `ckey`, decoded and checked.
    fn decode_ckey(&self, ckey: &[u8; 16]) -> Result<Option<Vec<u8>>> {
        let Some(e) = self.encoding.find(ckey).map_err(|e| e.in_file("encoding"))? else { return Ok(None) };
        let frame = self.frames.frame(&e.ekey, 16)?;
        let bytes = blte::decode(&frame.bytes, Some(e.size), &self.keys)
            .map_err(|mut err| {
                err.offset += frame.offset;
                err.in_file(&frame.name)
            })
            .at("blte")?;
        if md5(&bytes) != *ckey {
            let msg = format!("decoded file hashes to {}, not its content key {}", hex(&md5(&bytes)), hex(ckey));
            return Err(Error::invalid(frame.offset, msg).in_file(frame.name));
        }
        Ok(Some(bytes))
    }
}

/// A 9-byte encoding key as the 16 bytes the indices take (they compare 9).
fn padded(k: &[u8; 9]) -> [u8; 16] {
    let mut e = [0; 16];
    e[..9].copy_from_slice(k);
    e
}

fn md5(b: &[u8]) -> [u8; 16] {
    use md5::Digest;
    md5::Md5::digest(b).into()
}

/// The `.build.info` row for `product` (else the first active row).
fn choose(rows: &[Build], product: Option<&str>) -> Result<Build> {
    let pick = match product {
        Some(p) => rows.iter().find(|r| r.product().eq_ignore_ascii_case(p)),
        None => rows.iter().find(|r| r.active()).or(rows.first()),
    };
    pick.cloned().ok_or_else(|| {
        let there: Vec<String> = rows.iter().map(|r| format!("{} {}", r.product(), r.get("Version"))).collect();
        let msg = match product {
            Some(p) => format!("no product {p:?} in this install (it has: {})", there.join(", ")),
            None => "no product rows".to_string(),
        };
        Error::invalid(0, msg).in_file(".build.info")
    })
}

/// A bucket without an index file: empty.
fn empty_idx() -> Vec<u8> {
    let mut b = vec![0u8; 0x28];
    b[0] = 16;
    b[8] = 7;
    b[12..16].copy_from_slice(&[4, 5, 9, 30]);
    b
}
