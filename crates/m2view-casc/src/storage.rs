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
    store: Store,
    encoding: Encoding,
    root: Root,
    names: Option<Names>,
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

/// The local store: encoding key → the BLTE frame in `data.NNN`.
struct Store {
    data_dir: PathBuf,
    keys: Arc<KeyRing>,
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
        let flag = root::locale_flag(&locale).ok_or_else(|| {
            let known: Vec<&str> = root::LOCALES.iter().map(|l| l.0).collect();
            Error::invalid(0, format!("unknown locale {locale:?} (one of {})", known.join(", "))).in_file(".build.info")
        })?;
        let data_dir = root_dir.join("Data");
        let idx = index::newest(&data_dir.join("data"))?;
        let store = Store {
            data_dir,
            keys: opts.keys.clone(),
            idx,
            buckets: Default::default(),
            archives: Mutex::new(HashMap::new()),
        };
        let encoding = store.open_encoding(&config, &config_file)?;
        let root_bytes = store.root_bytes(&encoding, &config, &config_file)?;
        if root_bytes.starts_with(b"TVFS") {
            let names = store.open_tvfs(&config, &root_bytes)?;
            return Ok(Storage {
                root_dir,
                build,
                config,
                locale,
                store,
                encoding,
                root: Root::default(),
                names: Some(names),
            });
        }
        let root = Root::parse(&root_bytes, flag, false).map_err(|e| e.in_file("root"))?;
        Ok(Storage { root_dir, build, config, locale, store, encoding, root, names: None })
    }

    /// The root as loaded for [`Storage::locale`].
    pub fn root(&self) -> &Root {
        &self.root
    }

    /// The encoding table.
    pub fn encoding(&self) -> &Encoding {
        &self.encoding
    }

    /// Where encoding key `ekey` is stored locally (`None`: not stored).
    ///
    /// # Errors
    /// Its bucket's `.idx` is damaged.
    pub fn locate(&self, ekey: &[u8; 16]) -> Result<Option<Location>> {
        self.store.locate(ekey)
    }

    /// The file of content key `ckey`, decoded and checked (`None`: the
    /// encoding table does not know it).
    ///
    /// # Errors
    /// Not stored locally, or any check fails (names the `data.NNN` file,
    /// the BLTE structure and the absolute offset).
    pub fn read_ckey(&self, ckey: &[u8; 16]) -> Result<Option<Vec<u8>>> {
        self.store.read_ckey(&self.encoding, ckey)
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
        Ok(self.store.locate(&e.ekey)?.map(|_| e.size))
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
                && let Ok(Some(_)) = self.store.locate(&e.ekey)
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
            .filter(|f| f.spans.iter().all(|s| matches!(self.store.locate(&padded(&s.ekey)), Ok(Some(_)))))
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
        self.store.read_spans(&n.files[i]).map(Some)
    }

    /// A one-line description: product, version and locale.
    pub fn describe(&self) -> String {
        format!("{} {} ({})", self.build.product(), self.build.get("Version"), self.locale)
    }
}

impl Store {
    fn open_encoding(&self, config: &Config, config_file: &str) -> Result<Encoding> {
        let keys = config.keys("encoding");
        let Some(&ekey) = keys.get(1) else {
            return Err(Error::invalid(0, "no `encoding = <ckey> <ekey>` line").in_file(config_file));
        };
        let size = config.numbers("encoding-size").first().copied();
        let (frame, name) = self.read_stored(&ekey)?;
        let lazy = Lazy::new(frame, size, self.keys.clone()).map_err(|e| e.in_file(&name)).at("encoding")?;
        Encoding::open(Box::new(lazy)).map_err(|e| e.in_file(format!("encoding (ekey {})", hex(&ekey))))
    }

    /// The decoded root file: a WoW root, or a TVFS (Warcraft III Reforged).
    fn root_bytes(&self, encoding: &Encoding, config: &Config, config_file: &str) -> Result<Vec<u8>> {
        let Some(&ckey) = config.keys("root").first() else {
            return Err(Error::invalid(0, "no `root = <ckey>` line").in_file(config_file));
        };
        self.read_ckey(encoding, &ckey).at("root")?.ok_or_else(|| {
            Error::invalid(0, format!("root {} is not in the encoding table", hex(&ckey))).in_file(config_file)
        })
    }

    /// The TVFS root `bytes` with the roots nested in it: a file whose
    /// encoding key is one of the build config's `vfs-N` keys is itself a
    /// TVFS folder (CascLib `IsVfsSubDirectory`), read in its place.
    fn open_tvfs(&self, config: &Config, bytes: &[u8]) -> Result<Names> {
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
            let ekey = padded(&s.ekey);
            let (frame, name) = self.read_stored_prefix(&ekey, 9)?;
            let bytes =
                blte::decode(&frame, Some(s.size as u64), &self.keys).map_err(|e| e.in_file(&name)).at("blte")?;
            let at = s.offset as usize;
            let Some(place) = out.get_mut(at..at + bytes.len()).filter(|_| bytes.len() == s.size as usize) else {
                let msg = format!("{}: a span decodes to {} bytes, not {}", f.name, bytes.len(), s.size);
                return Err(Error::invalid(0, msg).in_file(name));
            };
            place.copy_from_slice(&bytes);
        }
        Ok(out)
    }

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

    /// The BLTE frame stored under `ekey` and the name of its `data.NNN`,
    /// its entry header checked.
    fn read_stored(&self, ekey: &[u8; 16]) -> Result<(Vec<u8>, String)> {
        self.read_stored_prefix(ekey, 16)
    }

    /// [`Store::read_stored`] for a key of which only the first `known`
    /// bytes are known (TVFS stores 9): the frame's hash is checked on them.
    fn read_stored_prefix(&self, ekey: &[u8; 16], known: usize) -> Result<(Vec<u8>, String)> {
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
        let frame = b.split_off(30);
        if md5(&frame[..blte::hashed_len(&frame)])[..known] != ekey[..known] {
            let msg = format!("BLTE header does not hash to its encoding key {}", hex(ekey));
            return Err(Error::invalid(loc.offset + 30, msg).in_file(name)).at("entry");
        }
        Ok((frame, name))
    }

    /// The file of content key `ckey`, decoded and checked.
    fn read_ckey(&self, encoding: &Encoding, ckey: &[u8; 16]) -> Result<Option<Vec<u8>>> {
        let Some(e) = encoding.find(ckey).map_err(|e| e.in_file("encoding"))? else { return Ok(None) };
        let (frame, name) = self.read_stored(&e.ekey)?;
        let loc = self.locate(&e.ekey)?.map_or(0, |l| l.offset + 30);
        let bytes = blte::decode(&frame, Some(e.size), &self.keys)
            .map_err(|mut err| {
                err.offset += loc;
                err.in_file(&name)
            })
            .at("blte")?;
        if md5(&bytes) != *ckey {
            let msg = format!("decoded file hashes to {}, not its content key {}", hex(&md5(&bytes)), hex(ckey));
            return Err(Error::invalid(loc, msg).in_file(name));
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
