//! CDN benchmark (issue "Today's WoW without an install"): a retail-sized
//! CDN on loopback — 3,000 archives whose indices hold 7,000 entries each
//! (21 M), a 2,000,000-entry encoding table and root (MFST v2) — written
//! by this project in the real layout (`m2view_cdn::fixtures`; no public
//! copy of a CDN exists) and served by the fixture server. It holds 100
//! "models" of four files each (sizes of a real doodad: a 45 KB `.m2`, a
//! 10 KB skin, two 90 KB textures; pseudo-random bytes that compress about
//! 3:1), spread over the archives.
//!
//! Measured, each step in a process of its own (peak memory is the
//! process's high-water mark, `VmHWM`, on Linux):
//! - cold open to the first file (an empty cache);
//! - warm open from the cache to the first file (goal: under 1 s);
//! - bytes fetched per model opened (its four files, warm);
//! - the cache's size after opening the 100 models.
//!
//! `cargo bench -p m2view-cdn --bench cdn` (the CDN is written once, about
//! 700 MB, under the target folder's `tmp/`). Without `--bench` (`cargo
//! test --benches`) it runs at a small scale, as a check that it works.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::Ordering;
use std::time::Instant;

use m2view_casc::fixtures::File;
use m2view_cdn::fixtures::{self, Server, Spec};
use m2view_cdn::{CdnOptions, open};

/// The scale: archives, index entries per archive, encoding entries, models.
#[derive(Clone, Copy)]
struct Scale {
    archives: usize,
    per_archive: u32,
    encoding: u32,
    models: u32,
}

const RETAIL: Scale = Scale { archives: 3000, per_archive: 7000, encoding: 2_000_000, models: 100 };
const SMALL: Scale = Scale { archives: 4, per_archive: 100, encoding: 1000, models: 3 };

/// FileDataID of file `f` of model `m`.
fn fdid(m: u32, f: u32) -> u32 {
    1_000 + m * 4 + f
}

/// `n` bytes that compress about 3:1, different for every `seed`.
fn content(n: usize, seed: u32) -> Vec<u8> {
    m2view_casc::fixtures::compressible(n, seed.wrapping_mul(2) | 1)
}

fn cdn(scale: Scale) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("m2view-cdn-bench-{}x{}", scale.archives, scale.per_archive));
    if dir.join("wow/versions").exists() {
        return dir;
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("writing a CDN of {} archives to {} (once)", scale.archives, dir.display());
    let sizes = [45_000, 10_000, 90_000, 90_000];
    let files: Vec<File> = (0..scale.models)
        .flat_map(|m| (0..4).map(move |f| File::new(fdid(m, f), None, content(sizes[f as usize], fdid(m, f)))))
        .collect();
    let spec = Spec {
        archives: scale.archives,
        filler_per_archive: scale.per_archive,
        filler_files: scale.encoding,
        regions: vec!["us".into()],
        ..Spec::retail(files)
    };
    let t = Instant::now();
    fixtures::write(&dir, &spec, &[]).unwrap();
    eprintln!("written in {:.1} s", t.elapsed().as_secs_f64());
    dir
}

/// The process's peak resident memory in MiB (Linux; 0 elsewhere).
fn peak_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

fn options(url: &str, cache: &Path) -> CdnOptions {
    CdnOptions { version_server: Some(url.to_string()), cache_dir: Some(cache.to_path_buf()), ..CdnOptions::new("wow") }
}

/// One step, in this process: prints `key=value` lines.
fn step(which: &str, url: &str, cache: &Path, models: u32) {
    let t = Instant::now();
    let o = open(&options(url, cache)).unwrap();
    let opened = t.elapsed().as_secs_f64();
    o.storage.read(fdid(0, 0)).unwrap().unwrap();
    let first = t.elapsed().as_secs_f64();
    println!("{which}_open_s={opened:.3}\n{which}_first_file_s={first:.3}");
    println!("{which}_fetched_bytes={}", o.stats.bytes.load(Ordering::Relaxed));
    if which == "models" {
        let before = o.stats.bytes.load(Ordering::Relaxed);
        for m in 1..models {
            for f in 0..4 {
                o.storage.read(fdid(m, f)).unwrap().unwrap();
            }
        }
        let per = (o.stats.bytes.load(Ordering::Relaxed) - before) as f64 / f64::from(models - 1);
        println!("bytes_per_model={per:.0}");
        let usage = m2view_cdn::cache::Cache::open(cache, u64::MAX).unwrap().usage();
        println!("cache_bytes={}\ncache_entries={}", usage.bytes, usage.files);
    }
    println!("{which}_peak_mib={:.0}", peak_mib());
}

fn main() {
    if let (Ok(which), Ok(url), Ok(cache), Ok(models)) = (
        std::env::var("M2VIEW_CDN_BENCH_STEP"),
        std::env::var("M2VIEW_CDN_BENCH_URL"),
        std::env::var("M2VIEW_CDN_BENCH_CACHE"),
        std::env::var("M2VIEW_CDN_BENCH_MODELS"),
    ) {
        step(&which, &url, Path::new(&cache), models.parse().unwrap());
        return;
    }
    let scale = if std::env::args().any(|a| a == "--bench") { RETAIL } else { SMALL };
    let dir = cdn(scale);
    let server = Server::start(&dir).unwrap();
    let spec = Spec { regions: vec!["us".into()], ..Spec::retail(Vec::new()) };
    fixtures::write_cdns(&dir, &spec, std::slice::from_ref(&server.addr)).unwrap();
    let cache = dir.with_extension("cache");
    let _ = std::fs::remove_dir_all(&cache);
    for which in ["cold", "warm", "models"] {
        let out = Command::new(std::env::current_exe().unwrap())
            .env("M2VIEW_CDN_BENCH_STEP", which)
            .env("M2VIEW_CDN_BENCH_URL", server.url())
            .env("M2VIEW_CDN_BENCH_CACHE", &cache)
            .env("M2VIEW_CDN_BENCH_MODELS", scale.models.to_string())
            .output()
            .unwrap();
        assert!(out.status.success(), "{which}: {}", String::from_utf8_lossy(&out.stderr));
        print!("{}", String::from_utf8_lossy(&out.stdout));
    }
    let requests = server.requests();
    let whole_archives =
        requests.iter().filter(|r| r.range.is_none() && r.path.contains("/data/") && !r.path.ends_with(".index"));
    println!("requests={} (loose files and encoding whole: {})", requests.len(), whole_archives.count());
    if scale.archives == SMALL.archives {
        let _ = std::fs::remove_dir_all(&cache);
    }
}
