//! CASC storage benchmarks (issue "Today's clients"): a retail-sized local
//! storage — written by this project in the real on-disk layout
//! (`m2view_casc::fixtures`; no complete public storage exists) with a
//! 2,000,000-entry encoding table and root (MFST v2) and about 3,000,000
//! `.idx` entries over the 16 buckets — opened to its first file read; and
//! reading a 64 MiB file out of it (zlib and plain BLTE chunks, then
//! written to disk as `extract` does) against copying the same bytes as a
//! plain file.
//!
//! And a Reforged-sized Warcraft III storage (issue "Warcraft III as its
//! modders have it"): a TVFS root of 500,000 files under a nested
//! `war3.w3mod` root, opened to its first file read by name.
//!
//! The storages are written once per machine under the system temp folder
//! (`m2view-casc-bench-v2`, about 200 MB; `m2view-casc-bench-w3`) and reused
//! by later runs.

use std::path::{Path, PathBuf};

use criterion::{Criterion, criterion_group, criterion_main};
use m2view_casc::fixtures::{self, File, Filler, Mode, Product};
use m2view_casc::{OpenOptions, Storage};

/// FileDataIDs of the filler entries (no bytes) and of the files read.
const FILLER: u32 = 2_000_000;
const SMALL: u32 = 100;
const BIG_ZLIB: u32 = 101;
const BIG_PLAIN: u32 = 102;
const BIG: usize = 64 << 20;

/// 64 MiB that compress about as model data does (about 3:1).
fn big() -> Vec<u8> {
    fixtures::compressible(BIG, 0x1234_5678)
}

fn storage() -> PathBuf {
    let dir = std::env::temp_dir().join("m2view-casc-bench-v2");
    if dir.join(".build.info").exists() {
        return dir;
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("writing a retail-sized storage to {} (once)", dir.display());
    let bytes = big();
    let chunks = |m: Mode| (0..BIG / (256 << 10)).map(|_| (256 << 10, m.clone())).collect::<Vec<_>>();
    let files = vec![
        File::new(SMALL, None, b"MD21 a small file".to_vec()),
        File { chunks: chunks(Mode::Zlib), ..File::new(BIG_ZLIB, None, bytes.clone()) },
        File { chunks: chunks(Mode::Plain), ..File::new(BIG_PLAIN, None, bytes) },
    ];
    let filler = Filler { files: FILLER, first_fdid: 1_000_000, extra_index: 1_000_000 };
    fixtures::write(&dir, &[Product { filler, ..Product::retail(files) }]).unwrap();
    dir
}

/// Files of the Reforged-sized TVFS root.
const W3_FILES: u32 = 500_000;

fn reforged() -> PathBuf {
    let dir = std::env::temp_dir().join("m2view-casc-bench-w3");
    if dir.join(".build.info").exists() {
        return dir;
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("writing a Reforged-sized storage to {} (once)", dir.display());
    let files = vec![File::new(0, Some("war3.w3mod:units/human/footman/footman.mdx"), b"MDLX a small file".to_vec())];
    let filler = Filler { files: W3_FILES, first_fdid: 0, extra_index: 0 };
    fixtures::write(&dir, &[Product { filler, ..Product::warcraft3(files) }]).unwrap();
    dir
}

fn bench(c: &mut Criterion) {
    let w3 = reforged();
    let mut g = c.benchmark_group("casc");
    g.sample_size(10);
    g.bench_function("open Reforged-sized storage (500k TVFS files) + first read", |b| {
        b.iter(|| {
            let s = Storage::open(&w3, &OpenOptions::default()).unwrap();
            s.read_name("war3.w3mod:units/human/footman/footman.mdx").unwrap().unwrap().len()
        })
    });
    g.finish();
    let dir = storage();
    let mut g = c.benchmark_group("casc");
    g.sample_size(10);
    g.bench_function("open retail-sized storage + first read", |b| {
        b.iter(|| {
            let s = Storage::open(&dir, &OpenOptions::default()).unwrap();
            s.read(SMALL).unwrap().unwrap().len()
        })
    });
    let s = Storage::open(&dir, &OpenOptions::default()).unwrap();
    let out = std::env::temp_dir().join(format!("m2view-casc-bench-out-{}", std::process::id()));
    let plain = dir.join("big.bin");
    if !plain.exists() {
        std::fs::write(&plain, big()).unwrap();
    }
    let extract = |id: u32, out: &Path| std::fs::write(out, s.read(id).unwrap().unwrap()).unwrap();
    g.throughput(criterion::Throughput::Bytes(BIG as u64));
    g.bench_function("extract 64 MiB (zlib chunks)", |b| b.iter(|| extract(BIG_ZLIB, &out)));
    g.bench_function("extract 64 MiB (plain chunks)", |b| b.iter(|| extract(BIG_PLAIN, &out)));
    g.bench_function("copy 64 MiB plain file", |b| b.iter(|| std::fs::copy(&plain, &out).unwrap()));
    g.finish();
    let _ = std::fs::remove_file(&out);
}

criterion_group!(benches, bench);
criterion_main!(benches);
