//! A CDN in the real layout, for tests and benchmarks (no public CDN copy
//! exists to test against), and a loopback HTTP server for it.
//!
//! [`write`] lays out under a folder what Blizzard's hosts serve (wowdev
//! wiki "TACT"): `<product>/versions` and `<product>/cdns` (the version
//! service's tables), `<path>/config/ab/cd/<key>` (the build and CDN
//! configs), and under `<path>/data/ab/cd/`: the archives (frames back to
//! back), their `.index` files (real layout, [`archive_index::write`]),
//! the encoding table loose by its encoding key, and the files chosen to be
//! loose. The root (`MFST` 2 unless asked otherwise) lies in an archive.
//!
//! [`Server`] serves such a folder on 127.0.0.1 with `Range` requests,
//! a flaky mode (503 answers), a truncating mode and a request log.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use m2view_casc::archive_index::{self, ArchiveEntry};
use m2view_casc::blte::hex;
use m2view_casc::fixtures::{self as casc, File};
use m2view_casc::root::Layout;

/// What the CDN holds.
#[derive(Debug, Clone)]
pub struct Spec {
    /// Product (`wow`).
    pub product: String,
    /// `VersionsName` (`11.2.7.65299`).
    pub version: String,
    /// Root layout.
    pub layout: Layout,
    /// Files.
    pub files: Vec<File>,
    /// FileDataIDs of the files stored loose (in no archive).
    pub loose: Vec<u32>,
    /// Archives the other files are spread over (at least 1).
    pub archives: usize,
    /// Index entries of no file added to each archive's index (benchmarks).
    pub filler_per_archive: u32,
    /// Encoding and root entries of no file (benchmarks), FileDataIDs from 10,000,000.
    pub filler_files: u32,
    /// The `Path` of the `cdns` table.
    pub path: String,
    /// Regions the tables list.
    pub regions: Vec<String>,
}

impl Spec {
    /// A retail product of `files` over 3 archives, none loose.
    pub fn retail(files: Vec<File>) -> Spec {
        Spec {
            product: "wow".into(),
            version: "11.2.7.65299".into(),
            layout: Layout::Mfst2,
            files,
            loose: Vec::new(),
            archives: 3,
            filler_per_archive: 0,
            filler_files: 0,
            path: "tpr/wow".into(),
            regions: vec!["us".into(), "eu".into()],
        }
    }
}

/// Where things went, for tests that damage them.
#[derive(Debug, Clone, Default)]
pub struct Written {
    /// The folder served.
    pub dir: PathBuf,
    /// The build config's key.
    pub build_key: String,
    /// The CDN config's key.
    pub cdn_key: String,
    /// Archive names, in the CDN config's order.
    pub archives: Vec<String>,
    /// The encoding table's encoding key.
    pub encoding: String,
    /// Per file: FileDataID, encoding key, and its archive's number (None: loose).
    pub files: Vec<(u32, String, Option<usize>)>,
}

impl Written {
    /// The path of the served file `rel` (`config/ab/cd/<key>`, `data/…`).
    pub fn file(&self, path: &str, rel: &str) -> PathBuf {
        self.dir.join(path).join(rel)
    }
}

fn md5(b: &[u8]) -> [u8; 16] {
    use md5::Digest;
    md5::Md5::digest(b).into()
}

fn put(dir: &Path, rel: &str, bytes: &[u8]) -> std::io::Result<()> {
    let p = dir.join(rel);
    std::fs::create_dir_all(p.parent().unwrap_or(dir))?;
    std::fs::write(p, bytes)
}

/// Writes the CDN of `spec` under `dir` (see the module docs); the `cdns`
/// table names `hosts` (`host:port`), which [`write_cdns`] can rewrite
/// once a server's port is known.
///
/// # Errors
/// The files cannot be written.
pub fn write(dir: &Path, spec: &Spec, hosts: &[String]) -> std::io::Result<Written> {
    let base = dir.join(&spec.path);
    let n = spec.archives.max(1);
    let mut blobs: Vec<Vec<u8>> = vec![Vec::new(); n];
    let mut entries: Vec<Vec<ArchiveEntry>> = vec![Vec::new(); n];
    let mut w = Written { dir: dir.to_path_buf(), ..Written::default() };
    let mut enc = Vec::new();
    let mut root_entries = Vec::new();
    let mut store =
        |frame: Vec<u8>, loose: bool, slot: usize, w: &mut Written, fdid: u32| -> std::io::Result<[u8; 16]> {
            let ekey = casc::ekey_of(&frame);
            if loose {
                put(&base, &crate::cache::keyed("data", &hex(&ekey)), &frame)?;
                w.files.push((fdid, hex(&ekey), None));
            } else {
                let a = slot % n;
                let offset = blobs[a].len() as u32;
                entries[a].push(ArchiveEntry { ekey, size: frame.len() as u32, offset });
                blobs[a].extend(frame);
                w.files.push((fdid, hex(&ekey), Some(a)));
            }
            Ok(ekey)
        };
    for (i, f) in spec.files.iter().enumerate() {
        let ekey = store(casc::frame(&f.bytes, &f.chunks), spec.loose.contains(&f.fdid), i, &mut w, f.fdid)?;
        let ckey = md5(&f.bytes);
        enc.push((ckey, ekey, f.bytes.len() as u64));
        root_entries.push((f.fdid, ckey, f.name.as_deref().map(m2view_casc::jenkins::name_hash), f.locale));
    }
    for i in 0..spec.filler_files {
        let (ckey, ekey) = (md5(&[b"c", &i.to_le_bytes()[..]].concat()), md5(&[b"e", &i.to_le_bytes()[..]].concat()));
        enc.push((ckey, ekey, 1000));
        root_entries.push((10_000_000 + i, ckey, None, 0));
    }
    let root = casc::root(spec.layout, root_entries);
    let root_ekey = store(casc::frame(&root, &[(0, casc::Mode::Zlib)]), false, 0, &mut w, 0)?;
    w.files.pop();
    enc.push((md5(&root), root_ekey, root.len() as u64));
    let table = casc::encoding_table(enc);
    let chunks: Vec<(usize, casc::Mode)> =
        (0..table.len().div_ceil(256 << 10)).map(|_| (256 << 10, casc::Mode::Zlib)).collect();
    let enc_frame = casc::frame(&table, &chunks);
    let enc_ekey = casc::ekey_of(&enc_frame);
    put(&base, &crate::cache::keyed("data", &hex(&enc_ekey)), &enc_frame)?;
    w.encoding = hex(&enc_ekey);
    for (a, (blob, mut list)) in blobs.into_iter().zip(entries).enumerate() {
        for k in 0..spec.filler_per_archive {
            let ekey = md5(&[b"x", &(a as u32).to_le_bytes()[..], &k.to_le_bytes()[..]].concat());
            list.push(ArchiveEntry { ekey, size: 30, offset: blob.len() as u32 });
        }
        let (index, name) = archive_index::write(&list);
        put(&base, &format!("{}.index", crate::cache::keyed("data", &name)), &index)?;
        put(&base, &crate::cache::keyed("data", &name), &blob)?;
        w.archives.push(name);
    }
    let build = format!(
        "# Build Configuration\n\nroot = {}\ninstall = {} {}\nencoding = {} {}\nencoding-size = {} {}\nbuild-name = WOW-{}\nbuild-product = WoW\n",
        hex(&md5(&root)),
        hex(&[0x11; 16]),
        hex(&[0x12; 16]),
        hex(&md5(&table)),
        w.encoding,
        table.len(),
        enc_frame.len(),
        spec.version
    );
    let cdn = format!(
        "# CDN Configuration\n\narchives = {}\narchives-index-size = {}\n",
        w.archives.join(" "),
        w.archives.iter().map(|_| "0").collect::<Vec<_>>().join(" ")
    );
    w.build_key = hex(&md5(build.as_bytes()));
    w.cdn_key = hex(&md5(cdn.as_bytes()));
    put(&base, &crate::cache::keyed("config", &w.build_key), build.as_bytes())?;
    put(&base, &crate::cache::keyed("config", &w.cdn_key), cdn.as_bytes())?;
    let build_id = spec.version.rsplit('.').next().unwrap_or("0");
    let rows: Vec<String> = spec
        .regions
        .iter()
        .map(|r| format!("{r}|{}|{}||{build_id}|{}|{}", w.build_key, w.cdn_key, spec.version, hex(&[0x22; 16])))
        .collect();
    let versions = format!(
        "Region!STRING:0|BuildConfig!HEX:16|CDNConfig!HEX:16|KeyRing!HEX:16|BuildId!DEC:4|VersionsName!String:0|ProductConfig!HEX:16\n## seqn = 3016450\n{}\n",
        rows.join("\n")
    );
    put(dir, &format!("{}/versions", spec.product), versions.as_bytes())?;
    write_cdns(dir, spec, hosts)?;
    Ok(w)
}

/// (Re)writes the `cdns` table of `spec` under `dir`, listing `hosts`.
///
/// # Errors
/// It cannot be written.
pub fn write_cdns(dir: &Path, spec: &Spec, hosts: &[String]) -> std::io::Result<()> {
    let rows: Vec<String> = spec
        .regions
        .iter()
        .map(|r| {
            format!(
                "{r}|{}|{}|{}|tpr/configs/data",
                spec.path,
                hosts.join(" "),
                hosts.iter().map(|h| format!("http://{h}/?maxhosts=4")).collect::<Vec<_>>().join(" ")
            )
        })
        .collect();
    let cdns = format!(
        "Name!STRING:0|Path!STRING:0|Hosts!STRING:0|Servers!STRING:0|ConfigPath!STRING:0\n## seqn = 3016451\n{}\n",
        rows.join("\n")
    );
    put(dir, &format!("{}/cdns", spec.product), cdns.as_bytes())
}

/// One request the server answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The path asked for.
    pub path: String,
    /// The `Range` header, if any.
    pub range: Option<String>,
    /// The status answered.
    pub status: u16,
}

/// How the server misbehaves.
#[derive(Debug, Default)]
pub struct Faults {
    /// Every Nth request is answered 503 (0: never).
    pub fail_every: AtomicU32,
    /// Bodies are cut to half their declared length.
    pub truncate: AtomicBool,
}

/// A loopback HTTP/1.1 server of a folder (`Connection: close`).
pub struct Server {
    /// `127.0.0.1:port`.
    pub addr: String,
    /// Every request, in order.
    pub log: Arc<Mutex<Vec<Request>>>,
    /// Its faults, changeable while it runs.
    pub faults: Arc<Faults>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Serves `dir` on a free loopback port.
    ///
    /// # Errors
    /// No port can be bound.
    pub fn start(dir: &Path) -> std::io::Result<Server> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let addr = listener.local_addr()?.to_string();
        let log = Arc::new(Mutex::new(Vec::new()));
        let faults = Arc::new(Faults::default());
        let stop = Arc::new(AtomicBool::new(false));
        let (dir, l, f, s) = (dir.to_path_buf(), log.clone(), faults.clone(), stop.clone());
        let count = Arc::new(AtomicU32::new(0));
        let thread = std::thread::spawn(move || {
            for conn in listener.incoming() {
                if s.load(Ordering::Relaxed) {
                    break;
                }
                let Ok(conn) = conn else { continue };
                let (dir, l, f, count) = (dir.clone(), l.clone(), f.clone(), count.clone());
                std::thread::spawn(move || {
                    let _ = answer(conn, &dir, &l, &f, &count);
                });
            }
        });
        Ok(Server { addr, log, faults, stop, thread: Some(thread) })
    }

    /// `http://127.0.0.1:port`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The requests so far.
    pub fn requests(&self) -> Vec<Request> {
        self.log.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = TcpStream::connect(&self.addr);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Answers one request on `conn`.
fn answer(
    conn: TcpStream,
    dir: &Path,
    log: &Mutex<Vec<Request>>,
    faults: &Faults,
    count: &AtomicU32,
) -> std::io::Result<()> {
    let mut reader = BufReader::new(conn.try_clone()?);
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
    let mut range = None;
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h)? == 0 || h.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':')
            && k.eq_ignore_ascii_case("range")
        {
            range = Some(v.trim().to_string());
        }
    }
    let n = count.fetch_add(1, Ordering::Relaxed) + 1;
    let every = faults.fail_every.load(Ordering::Relaxed);
    let file = path.trim_start_matches('/').split('?').next().unwrap_or("").to_string();
    let safe = !file.split('/').any(|p| p == ".." || p.is_empty());
    let (status, body) = if every > 0 && n.is_multiple_of(every) {
        (503, Vec::new())
    } else {
        match std::fs::read(dir.join(&file)).ok().filter(|_| safe) {
            None => (404, Vec::new()),
            Some(b) => match range.as_deref().and_then(parse_range) {
                Some((a, z)) if a <= z && (z as usize) < b.len() => (206, b[a as usize..=z as usize].to_vec()),
                Some(_) => (416, Vec::new()),
                None => (200, b),
            },
        }
    };
    log.lock().unwrap_or_else(|e| e.into_inner()).push(Request { path: file, range, status });
    let reason = match status {
        200 => "OK",
        206 => "Partial Content",
        404 => "Not Found",
        416 => "Range Not Satisfiable",
        _ => "Service Unavailable",
    };
    let sent = if faults.truncate.load(Ordering::Relaxed) { body.len() / 2 } else { body.len() };
    let mut out = conn;
    write!(out, "HTTP/1.1 {status} {reason}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", body.len())?;
    out.write_all(&body[..sent])?;
    out.flush()
}

/// `bytes=A-B`.
fn parse_range(v: &str) -> Option<(u64, u64)> {
    let (a, b) = v.strip_prefix("bytes=")?.split_once('-')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}
