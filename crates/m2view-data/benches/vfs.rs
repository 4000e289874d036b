//! VFS benchmarks (issue "Open the game's own data"): a 3.3.5 `Data/` with
//! the 17 archive names of a real client (blizzardry's mpq-chain fixture,
//! each built here holding a share of `patch-Y.MPQ`'s files) plus the real
//! `patch-Y.MPQ` as a custom patch: time to open and list everything
//! (sorted, de-duplicated), lookups of random names, and extracting all of
//! `patch-Y.MPQ` against reading the archive's bytes from disk.

use std::path::PathBuf;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use m2view_data::game::WOTLK_ENUS_ARCHIVES;
use m2view_data::{Mpq, Source, Vfs, normalize};

fn samples() -> Option<PathBuf> {
    let dir = std::env::var_os("M2VIEW_SAMPLES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/samples"));
    dir.is_dir().then_some(dir)
}

fn bench(c: &mut Criterion) {
    let Some(s) = samples() else {
        eprintln!("!!! sample corpus absent: VFS benchmark skipped");
        return;
    };
    let patch = s.join("grandatlant_DataMod/patch-Y.MPQ");
    let src = Mpq::open(&patch, None).unwrap();
    let files: Vec<(String, Vec<u8>)> = src
        .list()
        .into_iter()
        .filter(|e| !e.path.starts_with('('))
        .map(|e| (e.path.clone(), src.read(&normalize(&e.path)).unwrap()))
        .collect();
    let game = std::env::temp_dir().join(format!("m2view-vfs-bench-{}", std::process::id()));
    std::fs::create_dir_all(game.join("Data/enUS")).unwrap();
    for (i, name) in WOTLK_ENUS_ARCHIVES.iter().enumerate() {
        let mut b = wow_mpq::ArchiveBuilder::new().version(wow_mpq::FormatVersion::V2);
        // Each archive holds every 17th file, and patch archives also a copy of their neighbour's.
        for (k, (p, bytes)) in files.iter().enumerate() {
            if k % WOTLK_ENUS_ARCHIVES.len() == i
                || (name.contains("patch") && k % WOTLK_ENUS_ARCHIVES.len() == (i + 1) % WOTLK_ENUS_ARCHIVES.len())
            {
                b = b.add_file_data(bytes.clone(), &p.replace('/', "\\"));
            }
        }
        b.build(game.join("Data").join(name)).unwrap();
    }
    std::fs::copy(&patch, game.join("Data/patch-Y.MPQ")).unwrap();

    c.bench_function("open game folder (18 archives) + sorted listing", |b| {
        b.iter(|| {
            let mut vfs = Vfs::new();
            vfs.add_spec(&game, &Default::default()).unwrap();
            vfs.list().len()
        })
    });
    let mut vfs = Vfs::new();
    vfs.add_spec(&game, &Default::default()).unwrap();
    let names: Vec<String> = vfs.list().into_iter().map(|(e, _)| e.path.to_uppercase()).collect();
    eprintln!("listing: {} distinct files", names.len());
    let mut i = 0usize;
    c.bench_function("lookup of a random name in the chain", |b| {
        b.iter(|| {
            i = (i * 7919 + 13) % names.len();
            vfs.locate(&names[i]).is_some()
        })
    });
    // Extract-all throughput against reading the archive from disk.
    let total: u64 = src.list().iter().map(|e| e.size).sum();
    // Best of 10 of each, in one sitting.
    let best = |f: &dyn Fn()| {
        (0..10)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed().as_secs_f64()
            })
            .fold(f64::MAX, f64::min)
    };
    let extract = best(&|| {
        for e in src.list() {
            std::hint::black_box(src.read(&normalize(&e.path)).unwrap());
        }
    });
    let cat = best(&|| {
        std::hint::black_box(std::fs::read(&patch).unwrap());
    });
    let archive_mb = std::fs::metadata(&patch).unwrap().len() as f64 / 1e6;
    eprintln!(
        "extract all of patch-Y.MPQ: {:.1} MB decoded in {:.1} ms = {:.0} MB/s; reading its {:.1} MB: {:.2} ms = {:.0} MB/s; ratio {:.1}x",
        total as f64 / 1e6,
        extract * 1e3,
        total as f64 / 1e6 / extract,
        archive_mb,
        cat * 1e3,
        archive_mb / cat,
        (archive_mb / cat) / (total as f64 / 1e6 / extract)
    );
    let _ = std::fs::remove_dir_all(&game);
}

criterion_group!(benches, bench);
criterion_main!(benches);
