//! Opening a product on the CDN, in the order the launcher and wow.export
//! (`casc-source-remote.js`) follow: the version service's tables → the
//! build config and CDN config → every archive index (in parallel, each
//! checked against its name) → the merged index → the encoding table
//! (fetched loose by its encoding key) → the root → files by byte range.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use m2view_casc::archive_index;
use m2view_casc::config::{Build, Config, parse_key};
use m2view_casc::{KeyRing, Parts, Storage};

use crate::cache::{Cache, keyed};
use crate::error::{CdnError, Result};
use crate::frames::CdnFrames;
use crate::http::{Http, Stats};
use crate::merged::{self, Merged};
use crate::versions::{self, Cdns, Version};

/// Largest config or version table accepted.
const MAX_TEXT: u64 = 16 << 20;
/// Largest archive index accepted.
const MAX_INDEX: u64 = 64 << 20;
/// Archive indices fetched at once.
const POOL: usize = 16;

/// Progress of a long step: `(what, done, total)`.
pub type Progress = Arc<dyn Fn(&str, u64, u64) + Send + Sync>;

/// What to open.
#[derive(Clone)]
pub struct CdnOptions {
    /// The product (`wow`, `wow_classic`, `wow_classic_era`, `wowt`, …).
    pub product: String,
    /// The region (`us`, `eu`, `kr`, `tw`, `cn`).
    pub region: String,
    /// The locale of the root (default `enUS`).
    pub locale: Option<String>,
    /// The version service (default: the region's public one,
    /// [`versions::public_server`]); it serves `<url>/<product>/versions`
    /// and `<url>/<product>/cdns`.
    pub version_server: Option<String>,
    /// The cache folder (default: [`crate::cache::default_dir`]).
    pub cache_dir: Option<PathBuf>,
    /// The cache's cap in bytes.
    pub cache_size: u64,
    /// A `versions` row's `VersionsName`, or `BUILDKEY:CDNKEY` (default:
    /// the region's row).
    pub build: Option<String>,
    /// TACT keys for encrypted files.
    pub keys: Arc<KeyRing>,
    /// Called as archive indices arrive.
    pub progress: Option<Progress>,
    /// The HTTP client (timeouts).
    pub http: Http,
}

impl CdnOptions {
    /// Options for `product` in region `us`, everything else default.
    pub fn new(product: &str) -> CdnOptions {
        CdnOptions {
            product: product.to_string(),
            region: "us".into(),
            locale: None,
            version_server: None,
            cache_dir: None,
            cache_size: crate::cache::DEFAULT_CAP,
            build: None,
            keys: Arc::default(),
            progress: None,
            http: Http::default(),
        }
    }

    fn server(&self) -> String {
        self.version_server.clone().unwrap_or_else(|| versions::public_server(&self.region))
    }
}

/// A product opened on the CDN.
pub struct Opened {
    /// The storage (read by FileDataID, content key, name hash).
    pub storage: Storage,
    /// What the user should know: the build used when offline.
    pub notes: Vec<String>,
    /// What was fetched, so far and as files are read.
    pub stats: Arc<Stats>,
    /// The `versions` row opened (for a `BUILDKEY:CDNKEY` build, one made of it).
    pub version: Version,
}

/// The parts shared by the steps: the client (which counts what it
/// fetches) and the cache.
pub(crate) struct Net {
    pub http: Http,
    pub cache: Cache,
}

impl Net {
    /// Cache entry `rel` if it passes `check`, else `path` fetched from
    /// `bases`, checked, and cached. A damaged entry is removed and fetched
    /// again; with the network gone, the error names both.
    pub fn cached<T>(
        &self,
        rel: &str,
        bases: &[String],
        path: &str,
        limit: u64,
        what: &str,
        check: impl Fn(&[u8], &str) -> Result<T>,
    ) -> Result<T> {
        let mut damage = None;
        if let Some(b) = self.cache.read(rel) {
            match check(&b, &self.cache.path(rel).display().to_string()) {
                Ok(t) => return Ok(t),
                Err(e) => {
                    self.cache.remove(rel);
                    damage = Some(e);
                }
            }
        }
        let fetched = self.http.get(bases, path, None, limit, what).map_err(|e| match (&damage, e) {
            (Some(d), CdnError::Unreachable { what, url, message }) => {
                CdnError::Unreachable { what, url, message: format!("{message} (and the cached copy is damaged: {d})") }
            }
            (_, e) => e,
        })?;
        let url = bases.first().map(|b| format!("{b}/{path}")).unwrap_or_default();
        let b = fetched.ok_or_else(|| CdnError::NotOffered(format!("{what}: not on the CDN ({url}: 404)")))?;
        let t = check(&b, &url)?;
        self.cache.write(rel, &b)?;
        Ok(t)
    }
}

/// The version tables of `opts.product`: fetched, or when the service
/// cannot be reached the cached ones, with a note saying so.
fn tables(opts: &CdnOptions, net: &Net, notes: &mut Vec<String>) -> Result<(Vec<Version>, Vec<Cdns>)> {
    let server = opts.server();
    let id: String = server.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    let mut out = Vec::new();
    for table in ["versions", "cdns"] {
        let rel = format!("versions/{id}/{}/{table}", opts.product);
        let url = format!("{}/{}/{table}", server.trim_end_matches('/'), opts.product);
        let what = format!("the version service's {table} table of {}", opts.product);
        let bases = [server.clone()];
        let text = match net.http.get(&bases, &format!("{}/{table}", opts.product), None, MAX_TEXT, &what) {
            Ok(Some(b)) => {
                check_table(table, &b, &url)?;
                net.cache.write(&rel, &b)?;
                b
            }
            Ok(None) => {
                return Err(CdnError::NotOffered(format!(
                    "the version service has no product {} ({url}: 404)",
                    opts.product
                )));
            }
            Err(e @ CdnError::Unreachable { .. }) => match net.cache.read(&rel) {
                Some(b) => {
                    let when = std::fs::metadata(net.cache.path(&rel)).and_then(|m| m.modified()).ok();
                    let age = when
                        .and_then(|w| w.elapsed().ok())
                        .map_or(String::new(), |a| format!(", fetched {} h ago", a.as_secs() / 3600));
                    if table == "versions" {
                        notes.push(format!("offline: {e}; using the last known build from the cache{age}"));
                    }
                    check_table(table, &b, &net.cache.path(&rel).display().to_string())?;
                    b
                }
                None => return Err(e),
            },
            Err(e) => return Err(e),
        };
        out.push(text);
    }
    let v = versions::parse_versions(&out[0], &format!("{server}/{}/versions", opts.product))?;
    let c = versions::parse_cdns(&out[1], &format!("{server}/{}/cdns", opts.product))?;
    Ok((v, c))
}

fn check_table(table: &str, b: &[u8], url: &str) -> Result<()> {
    match table {
        "versions" => versions::parse_versions(b, url).map(|_| ()),
        _ => versions::parse_cdns(b, url).map(|_| ()),
    }
}

/// The `versions` rows of `opts.product` (for `ls --builds`), and notes.
///
/// # Errors
/// As [`open`]'s first step.
pub fn builds(opts: &CdnOptions) -> Result<(Vec<Version>, Vec<String>)> {
    let net = net(opts)?;
    let mut notes = Vec::new();
    let (v, _) = tables(opts, &net, &mut notes)?;
    Ok((v, notes))
}

fn net(opts: &CdnOptions) -> Result<Net> {
    // A product names a folder of the version service and of the cache.
    let ok = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if opts.product.is_empty() || !opts.product.chars().all(ok) {
        return Err(CdnError::NotOffered(format!(
            "{:?} is not a product name (wow, wow_classic_era, ...)",
            opts.product
        )));
    }
    let dir = match &opts.cache_dir {
        Some(d) => d.clone(),
        None => crate::cache::default_dir().ok_or_else(|| CdnError::Cache {
            path: "(none)".into(),
            message: "no cache folder on this system; give --cache DIR".into(),
        })?,
    };
    Ok(Net { http: opts.http.clone().with_own_stats(), cache: Cache::open(&dir, opts.cache_size)? })
}

/// The row to open: `opts.build` by name or keys, else the region's.
fn pick(opts: &CdnOptions, rows: &[Version]) -> Result<Version> {
    if let Some((b, c)) = opts.build.as_deref().and_then(|b| b.split_once(':'))
        && parse_key(b).is_some()
        && parse_key(c).is_some()
    {
        let row = Version {
            region: opts.region.clone(),
            build_config: b.to_ascii_lowercase(),
            cdn_config: c.to_ascii_lowercase(),
            build_id: String::new(),
            name: String::new(),
        };
        return Ok(row);
    }
    let found = match &opts.build {
        Some(name) => rows
            .iter()
            .filter(|r| r.name == *name || r.build_id == *name)
            .min_by_key(|r| !r.region.eq_ignore_ascii_case(&opts.region)),
        None => rows.iter().find(|r| r.region.eq_ignore_ascii_case(&opts.region)),
    };
    found.cloned().ok_or_else(|| {
        let offered: Vec<String> = rows.iter().map(|r| format!("{} {}", r.region, r.name)).collect();
        let asked = opts.build.as_deref().map_or(format!("region {}", opts.region), |b| format!("build {b}"));
        let url = format!("{}/{}/versions", opts.server().trim_end_matches('/'), opts.product);
        CdnError::NotOffered(format!("{} offers no {asked} at {url} (it offers: {})", opts.product, offered.join(", ")))
    })
}

/// A config by key, verified (its MD5 is its key).
fn config(net: &Net, bases: &[String], key: &str, what: &str) -> Result<Config> {
    let rel = keyed("config", key);
    net.cached(&rel, bases, &keyed("config", key), MAX_TEXT, what, |b, url| {
        let hex = m2view_casc::blte::hex(&md5(b));
        if hex != key {
            return Err(CdnError::bad(what, url, format!("its content hashes to {hex}, not its key")));
        }
        let text = std::str::from_utf8(b).map_err(|e| CdnError::bad(what, url, e))?;
        Ok(Config::parse(text))
    })
}

fn md5(b: &[u8]) -> [u8; 16] {
    use md5::Digest;
    md5::Md5::digest(b).into()
}

/// Every archive's index entries as merged-index rows, fetched (or read
/// from the cache) by a pool of `POOL` threads; the first failure, in the
/// config's order, stops it.
fn indices(net: &Net, bases: &[String], archives: &[String], progress: Option<&Progress>) -> Result<Vec<merged::Row>> {
    let next = AtomicUsize::new(0);
    let done = AtomicU64::new(0);
    let out: Vec<Mutex<Option<Result<Vec<merged::Row>>>>> = archives.iter().map(|_| Mutex::new(None)).collect();
    let failed = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|s| {
        for _ in 0..POOL.min(archives.len()) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= archives.len() || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    let key = &archives[i];
                    let rel = format!("{}.index", keyed("index", key));
                    let what = format!("archive index {key}");
                    let path = format!("{}.index", keyed("data", key));
                    let r = net.cached(&rel, bases, &path, MAX_INDEX, &what, |b, url| {
                        let entries =
                            archive_index::parse(b, key, "the index").map_err(|e| CdnError::bad(&what, url, e))?;
                        Ok(entries.iter().map(|e| merged::row(i as u16, e)).collect())
                    });
                    failed.fetch_or(r.is_err(), Ordering::Relaxed);
                    *out[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if let Some(p) = progress {
                        p("archive indices", n, archives.len() as u64);
                    }
                }
            });
        }
    });
    let mut results: Vec<Option<Result<Vec<merged::Row>>>> =
        out.into_iter().map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner())).collect();
    if let Some(e) = results.iter_mut().find_map(|r| r.take_if(|r| r.is_err())) {
        return Err(e.err().unwrap_or_else(|| CdnError::NotOffered("an archive index failed".into())));
    }
    let total = results.iter().flatten().flatten().map(Vec::len).sum();
    let mut rows = Vec::with_capacity(total);
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Some(Ok(mut part)) => rows.append(&mut part),
            _ => return Err(CdnError::NotOffered(format!("archive index {} was not fetched", archives[i]))),
        }
    }
    Ok(rows)
}

/// The merged index of CDN config `key`: the cached one when it verifies,
/// else built from every archive index and cached.
fn merged_index(
    net: &Net,
    bases: &[String],
    key: &str,
    archives: &[String],
    progress: Option<&Progress>,
) -> Result<Merged> {
    let rel = format!("merged/{key}.m2idx");
    let path = net.cache.path(&rel);
    if path.is_file() {
        match Merged::open(&path, archives.len()) {
            Ok(m) => return Ok(m),
            Err(_) => net.cache.remove(&rel),
        }
    }
    let (head, rows) = merged::build(indices(net, bases, archives, progress)?, archives.len());
    net.cache.write_parts(&rel, &[&head, rows.as_flattened()])?;
    drop(rows);
    Merged::open(&path, archives.len())
}

/// Opens `opts.product` on the CDN (see the module docs).
///
/// # Errors
/// [`CdnError::Unreachable`] when the network is down and the cache lacks
/// what is needed; [`CdnError::NotOffered`] for a product, region or build
/// not offered; [`CdnError::Bad`] for a damaged table, config, index or
/// file (naming its URL or cache file, the structure and the offset).
pub fn open(opts: &CdnOptions) -> Result<Opened> {
    let net = net(opts)?;
    let mut notes = Vec::new();
    let (rows, cdns) = tables(opts, &net, &mut notes)?;
    let version = pick(opts, &rows)?;
    let cdn = cdns.iter().find(|c| c.region.eq_ignore_ascii_case(&opts.region)).or(cdns.first()).ok_or_else(|| {
        CdnError::NotOffered(format!(
            "{}/{}/cdns: the cdns table has no rows",
            opts.server().trim_end_matches('/'),
            opts.product
        ))
    })?;
    let bases = cdn.bases();
    let build_config = config(&net, &bases, &version.build_config, "the build config")?;
    let cdn_config = config(&net, &bases, &version.cdn_config, "the CDN config")?;
    let archives: Vec<String> =
        cdn_config.get("archives").unwrap_or_default().split_whitespace().map(str::to_string).collect();
    let cdn_url = format!("{}/{}", bases.first().map_or("", String::as_str), keyed("config", &version.cdn_config));
    if let Some(bad) = archives.iter().find(|a| parse_key(a).is_none()) {
        return Err(CdnError::bad("the CDN config", cdn_url, format!("archive {bad:?} is not a key")));
    }
    if archives.len() > usize::from(u16::MAX) {
        return Err(CdnError::bad("the CDN config", cdn_url, "over 65,535 archives"));
    }
    let merged = merged_index(&net, &bases, &version.cdn_config, &archives, opts.progress.as_ref())?;
    let name = if version.name.is_empty() {
        build_config.get("build-name").unwrap_or("").to_string()
    } else {
        version.name.clone()
    };
    let build = Build {
        fields: vec![
            ("Product".into(), opts.product.clone()),
            ("Version".into(), name),
            ("Region".into(), opts.region.clone()),
            ("Build Key".into(), version.build_config.clone()),
            ("CDN Key".into(), version.cdn_config.clone()),
        ],
    };
    let stats = net.http.stats().clone();
    let root_dir = net.cache.dir().to_path_buf();
    let host = bases.first().cloned().unwrap_or_default();
    let frames = CdnFrames { net, bases, archives, merged };
    let parts = Parts {
        root_dir,
        build,
        config: build_config,
        config_file: format!("{} (build config)", keyed("config", &version.build_config)),
        locale: opts.locale.clone().unwrap_or_else(|| "enUS".into()),
    };
    let storage = Storage::assemble(parts, Box::new(frames), opts.keys.clone())
        .map_err(|e| CdnError::bad(format!("{} {}", opts.product, version.name), host, e))?;
    Ok(Opened { storage, notes, stats, version })
}
