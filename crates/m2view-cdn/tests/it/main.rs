//! m2view-cdn against a CDN that this project writes in the real layout
//! (`m2view_cdn::fixtures`: no public copy of a CDN exists to test
//! against; its archive-index layout is checked byte for byte against
//! real Blizzard indices in m2view-casc's tests), served on 127.0.0.1 by
//! the fixture server with byte ranges, faults and a request log.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use m2view_casc::fixtures::{File, Mode};
use m2view_cdn::fixtures::{self, Server, Spec, Written};
use m2view_cdn::{CdnError, CdnOptions, open};

fn content(n: usize, seed: u8) -> Vec<u8> {
    (0..n).map(|i| ((i * 31 + seed as usize) % 251) as u8 ^ ((i / 97) as u8)).collect()
}

fn files() -> Vec<File> {
    vec![
        File::new(100, Some("Creature/Test/Test.m2"), content(5000, 1)),
        File { chunks: vec![(1000, Mode::Zlib), (0, Mode::Lz4)], ..File::new(101, None, content(70_000, 2)) },
        File::new(102, Some("World/Loose.blp"), content(3000, 3)),
        File::new(103, None, content(10, 4)),
    ]
}

/// A fresh folder under the target directory's tmp.
fn tmp(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cdn-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A CDN of [`files`] (102 loose) served on loopback, and its cache folder.
fn served(name: &str) -> (Server, Written, Spec, PathBuf) {
    let d = tmp(name);
    let spec = Spec { loose: vec![102], ..Spec::retail(files()) };
    let w = fixtures::write(&d.join("cdn"), &spec, &[]).unwrap();
    let server = Server::start(&d.join("cdn")).unwrap();
    fixtures::write_cdns(&d.join("cdn"), &spec, std::slice::from_ref(&server.addr)).unwrap();
    (server, w, spec, d.join("cache"))
}

fn opts(server: &str, cache: &Path) -> CdnOptions {
    CdnOptions {
        version_server: Some(server.to_string()),
        cache_dir: Some(cache.to_path_buf()),
        ..CdnOptions::new("wow")
    }
}

/// No temporary (half-written) file anywhere under `dir`.
fn no_partial_files(dir: &Path) {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            assert!(!e.file_name().to_string_lossy().contains(".tmp-"), "left behind: {}", e.path().display());
            if e.path().is_dir() {
                stack.push(e.path());
            }
        }
    }
}

#[test]
fn files_come_by_range_and_the_cache_answers_offline() {
    let (server, w, _, cache) = served("ranges");
    let o = open(&opts(&server.url(), &cache)).unwrap();
    assert_eq!(o.storage.describe(), "wow 11.2.7.65299 (enUS)");
    assert_eq!(o.version.build_config, w.build_key);
    for f in files() {
        assert_eq!(o.storage.read(f.fdid).unwrap().as_deref(), Some(&f.bytes[..]), "fdid {}", f.fdid);
    }
    assert_eq!(o.storage.by_name("creature\\test\\TEST.M2"), Some(100));
    let log = server.requests();
    // Archive data only by range; indices, configs, tables and loose files whole.
    for r in &log {
        let is_archive = w.archives.iter().any(|a| r.path.ends_with(a.as_str()));
        assert_eq!(is_archive, r.range.is_some(), "{r:?}");
        assert!(r.status == 200 || r.status == 206, "{r:?}");
    }
    let indices = log.iter().filter(|r| r.path.ends_with(".index")).count();
    assert_eq!(indices, 3, "each archive index once");
    assert!(log.iter().any(|r| r.path.ends_with(&w.files.iter().find(|f| f.0 == 102).unwrap().1)), "102 is loose");
    let fetched = o.stats.bytes.load(std::sync::atomic::Ordering::Relaxed);
    assert!(fetched > 5000, "{fetched}");
    drop(o);
    let url = server.url();
    drop(server);

    // The server is gone: the tables, configs, merged index and files come from the cache.
    let o = open(&opts(&url, &cache)).unwrap();
    assert!(o.notes[0].contains("offline") && o.notes[0].contains("last known build"), "{:?}", o.notes);
    for f in files() {
        assert_eq!(o.storage.read(f.fdid).unwrap().as_deref(), Some(&f.bytes[..]), "offline fdid {}", f.fdid);
    }
    assert_eq!(o.stats.requests.load(std::sync::atomic::Ordering::Relaxed), 0);
    no_partial_files(&cache);
}

#[test]
fn a_flaky_server_is_retried_and_hosts_fail_over() {
    let (server, _, spec, cache) = served("flaky");
    server.faults.fail_every.store(2, std::sync::atomic::Ordering::Relaxed);
    // The first host refuses connections; the second is the flaky server.
    fixtures::write_cdns(&server_dir(&cache), &spec, &["127.0.0.1:9".into(), server.addr.clone()]).unwrap();
    let o = open(&opts(&server.url(), &cache)).unwrap();
    for f in files() {
        assert_eq!(o.storage.read(f.fdid).unwrap().as_deref(), Some(&f.bytes[..]));
    }
    let log = server.requests();
    assert!(log.iter().filter(|r| r.status == 503).count() >= 5, "{}", log.len());
}

fn server_dir(cache: &Path) -> PathBuf {
    cache.parent().unwrap().join("cdn")
}

fn error_of(name: &str, hurt: impl FnOnce(&Server, &Written, &Path)) -> (CdnError, PathBuf) {
    let (server, w, _, cache) = served(name);
    hurt(&server, &w, &server_dir(&cache));
    let e = match open(&opts(&server.url(), &cache)) {
        Ok(o) => {
            let errs: Vec<String> =
                files().iter().filter_map(|f| o.storage.read(f.fdid).err()).map(|e| e.to_string()).collect();
            panic!("{name}: opened (read errors: {errs:?})")
        }
        Err(e) => e,
    };
    no_partial_files(&cache);
    (e, cache)
}

#[test]
fn damaged_responses_are_input_errors_naming_the_url() {
    let (e, _) = error_of("bad-index", |_, w, d| {
        let p = w.file("tpr/wow", &format!("{}.index", m2view_cdn::cache::keyed("data", &w.archives[1])));
        let mut b = std::fs::read(&p).unwrap();
        b[100] ^= 0xFF;
        std::fs::write(p, b).unwrap();
        let _ = d;
    });
    assert!(e.is_input() && e.to_string().contains("block 0: its hash") && e.to_string().contains(".index"), "{e}");

    let (e, _) = error_of("renamed-index", |_, w, _| {
        let a = m2view_cdn::cache::keyed("data", &w.archives[0]);
        let b = m2view_cdn::cache::keyed("data", &w.archives[2]);
        std::fs::copy(w.file("tpr/wow", &format!("{b}.index")), w.file("tpr/wow", &format!("{a}.index"))).unwrap();
    });
    assert!(e.is_input() && e.to_string().contains("not the archive's name"), "{e}");

    let (e, _) = error_of("versions", |_, _, d| {
        let p = d.join("wow/versions");
        let t = std::fs::read_to_string(&p).unwrap().replace("BuildConfig!", "BuildConfg!");
        std::fs::write(p, t).unwrap();
    });
    assert!(e.is_input() && e.to_string().contains("/wow/versions") && e.to_string().contains("BuildConfig"), "{e}");

    let (e, _) = error_of("config", |_, w, _| {
        std::fs::write(w.file("tpr/wow", &m2view_cdn::cache::keyed("config", &w.build_key)), "root = 00\n").unwrap();
    });
    assert!(e.is_input() && e.to_string().contains("not its key"), "{e}");

    let (e, _) = error_of("truncated", |s, _, _| s.faults.truncate.store(true, std::sync::atomic::Ordering::Relaxed));
    assert!(e.is_input() && e.to_string().contains("truncated"), "{e}");

    let (e, _) = error_of("no-product", |_, _, d| std::fs::rename(d.join("wow"), d.join("wow_beta")).unwrap());
    assert!(e.is_input() && e.to_string().contains("no product wow"), "{e}");
}

#[test]
fn an_unreachable_service_with_an_empty_cache_is_not_the_inputs_fault() {
    let cache = tmp("unreachable");
    let e = open(&opts("http://127.0.0.1:9", &cache)).err().unwrap();
    assert!(!e.is_input(), "{e}");
    assert!(
        e.to_string()
            .starts_with("cannot reach the version service's versions table of wow at http://127.0.0.1:9/wow/versions"),
        "{e}"
    );
}

#[test]
fn a_damaged_cache_entry_is_fetched_again_or_named_offline() {
    let (server, w, _, cache) = served("damaged-cache");
    let o = open(&opts(&server.url(), &cache)).unwrap();
    let ekey = &w.files.iter().find(|f| f.0 == 100).unwrap().1;
    assert!(files().iter().all(|f| o.storage.read(f.fdid).unwrap().is_some()));
    drop(o);
    let entry = cache.join("data").join(&ekey[..2]).join(&ekey[2..4]).join(ekey);
    let mut b = std::fs::read(&entry).unwrap();
    b[10] ^= 0xFF;
    std::fs::write(&entry, &b).unwrap();
    let o = open(&opts(&server.url(), &cache)).unwrap();
    assert_eq!(o.storage.read(100).unwrap().unwrap(), files()[0].bytes, "healed from the CDN");
    drop(o);
    std::fs::write(&entry, &b).unwrap();
    let url = server.url();
    drop(server);
    let o = open(&opts(&url, &cache)).unwrap();
    let e = o.storage.read(100).unwrap_err().to_string();
    assert!(e.contains("cannot reach") && e.contains(&ekey[..]), "{e}");
    // The merged index, damaged, is rebuilt from the cached indices.
    let merged = cache.join("merged").join(format!("{}.m2idx", w.cdn_key));
    let mut m = std::fs::read(&merged).unwrap();
    m[30] ^= 1;
    std::fs::write(&merged, &m).unwrap();
    let o = open(&opts(&url, &cache)).unwrap();
    assert_eq!(o.storage.read(101).unwrap().unwrap(), files()[1].bytes);
    assert_ne!(std::fs::read(&merged).unwrap(), m);
}

#[test]
fn builds_are_chosen_by_name_or_keys() {
    let (server, w, _, cache) = served("builds");
    let (rows, _) = m2view_cdn::builds(&opts(&server.url(), &cache)).unwrap();
    let regions: Vec<&str> = rows.iter().map(|r| r.region.as_str()).collect();
    assert_eq!(regions, ["us", "eu"]);
    let by_keys = CdnOptions { build: Some(format!("{}:{}", w.build_key, w.cdn_key)), ..opts(&server.url(), &cache) };
    assert_eq!(open(&by_keys).unwrap().storage.read(103).unwrap().unwrap(), files()[3].bytes);
    let by_name = CdnOptions { build: Some("11.2.7.65299".into()), region: "eu".into(), ..opts(&server.url(), &cache) };
    assert!(open(&by_name).is_ok());
    let missing = CdnOptions { build: Some("1.0.0.1".into()), ..opts(&server.url(), &cache) };
    let e = open(&missing).err().unwrap().to_string();
    assert!(e.contains("offers no build 1.0.0.1") && e.contains("us 11.2.7.65299"), "{e}");
    let _ = Arc::new(());
}

#[test]
fn a_silent_server_times_out_instead_of_hanging() {
    // Accepts connections and never answers.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let held = std::thread::spawn(move || {
        let conns: Vec<_> = listener.incoming().take(3).collect();
        std::thread::sleep(std::time::Duration::from_secs(2));
        drop(conns);
    });
    let cache = tmp("silent");
    let o = CdnOptions {
        http: m2view_cdn::http::Http::new(std::time::Duration::from_millis(200), std::time::Duration::from_millis(300)),
        ..opts(&format!("http://{addr}"), &cache)
    };
    let t = std::time::Instant::now();
    let e = open(&o).err().unwrap();
    // Three tries of 300 ms with backoff: a hang would be the 60 s default or forever.
    assert!(t.elapsed().as_secs() < 10, "{:?}", t.elapsed());
    assert!(
        !e.is_input() && e.to_string().contains("cannot reach") && e.to_string().contains(&addr.to_string()),
        "{e}"
    );
    no_partial_files(&cache);
    held.join().unwrap();
}

#[test]
fn every_root_layout_reads_back() {
    // Classic Era builds are still served with legacy and MFST v1 roots.
    for layout in [m2view_casc::root::Layout::Legacy, m2view_casc::root::Layout::Mfst1] {
        let d = tmp(&format!("{layout:?}"));
        let spec =
            Spec { layout, product: "wow_classic_era".into(), version: "1.15.7.61582".into(), ..Spec::retail(files()) };
        fixtures::write(&d.join("cdn"), &spec, &[]).unwrap();
        let server = Server::start(&d.join("cdn")).unwrap();
        fixtures::write_cdns(&d.join("cdn"), &spec, std::slice::from_ref(&server.addr)).unwrap();
        let o = CdnOptions { product: "wow_classic_era".into(), ..opts(&server.url(), &d.join("cache")) };
        let o = open(&o).unwrap();
        assert_eq!(o.storage.root().layout, layout);
        assert_eq!(o.storage.describe(), "wow_classic_era 1.15.7.61582 (enUS)");
        for f in files() {
            assert_eq!(o.storage.read(f.fdid).unwrap().as_deref(), Some(&f.bytes[..]), "{layout:?} fdid {}", f.fdid);
        }
    }
}
