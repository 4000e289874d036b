//! Parse throughput over the whole sample corpus (every .m2 and .skin in
//! `../shared/samples` or `$M2VIEW_SAMPLES`), with this crate and, as the
//! baseline, the `wow-m2` 0.7 crate on the same bytes.
//! Goals: ≥ 3× wow-m2 on equal work (the `equal work` group: the files both
//! crates accept, all track data read by both) and ≥ 1 GB/s for the full
//! model (`corpus/m2view-format model`: what opening a file costs).
//!
//! "raw" is the parse `load_model_file` uses: every array bounds-checked and
//! read, key arrays in place where the file's bytes already are their values
//! (`raw::track::KeyArray`); "raw, keys copied" parses the same files one byte
//! into a buffer, so every 4-byte key array is misaligned and decoded into a
//! vector (what the parse costs where nothing can be read in place);
//! "model" is raw + conversion into the validated model.
//! The `mdx` group does the same for every .mdx file (no baseline crate).
//!
//! `cargo bench -p m2view-format --bench parse`

use std::hint::black_box;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use m2view_format::fixtures::Misaligned;

struct Corpus {
    m2: Vec<(String, Vec<u8>)>,
    mdx: Vec<(String, Vec<u8>)>,
    skins: Vec<(String, Vec<u8>, u32)>,
    bytes: u64,
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn corpus() -> Corpus {
    let dir = std::env::var_os("M2VIEW_SAMPLES")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/samples"));
    let mut files = Vec::new();
    walk(&dir, &mut files);
    files.sort();
    let ext = |p: &Path| p.extension().map(|e| e.to_string_lossy().to_lowercase()).unwrap_or_default();
    let mut c = Corpus { m2: vec![], mdx: vec![], skins: vec![], bytes: 0 };
    for p in &files {
        if ext(p) == "m2" {
            let b = std::fs::read(p).unwrap();
            c.bytes += b.len() as u64;
            c.m2.push((p.display().to_string(), b));
        } else if ext(p) == "mdx" {
            c.mdx.push((p.display().to_string(), std::fs::read(p).unwrap()));
        }
    }
    for p in &files {
        if ext(p) == "skin" {
            let b = std::fs::read(p).unwrap();
            c.bytes += b.len() as u64;
            c.skins.push((p.display().to_string(), b, 264));
        }
    }
    if c.m2.is_empty() {
        eprintln!("*** sample corpus not found at {}: benchmarking the writer fixtures only ***", dir.display());
        for v in [256, 260, 264, 272] {
            let b = m2view_format::writer::write_md20(&m2view_format::fixtures::two_boxes(v));
            c.bytes += b.len() as u64;
            c.m2.push((format!("fixture v{v}"), b));
        }
        for v in [800, 1300] {
            let b = m2view_format::writer_mdx::write_mdx(&m2view_format::fixtures::mdx_box(v));
            c.mdx.push((format!("fixture v{v}"), b));
        }
    }
    c
}

fn bench(cr: &mut Criterion) {
    let c = corpus();
    // How many files the baseline accepts (it is not asked to build a model).
    let wow_ok = c.m2.iter().filter(|(_, b)| wow_m2::parse_m2(&mut Cursor::new(b)).is_ok()).count()
        + c.skins.iter().filter(|(_, b, _)| wow_m2::skin::parse_skin(&mut Cursor::new(b)).is_ok()).count();
    eprintln!(
        "corpus: {} M2 + {} skin files, {:.1} MiB; wow-m2 accepts {wow_ok} of them",
        c.m2.len(),
        c.skins.len(),
        c.bytes as f64 / (1 << 20) as f64
    );
    let mut g = cr.benchmark_group("corpus");
    g.throughput(Throughput::Bytes(c.bytes));
    g.sample_size(20);
    g.bench_function("m2view-format raw", |b| {
        b.iter(|| {
            for (n, m) in &c.m2 {
                black_box(m2view_format::parse_m2(m, n).ok());
            }
            for (n, s, v) in &c.skins {
                black_box(m2view_format::parse_skin(s, *v, n).ok());
            }
        })
    });
    let shifted = |files: &[&(String, Vec<u8>)]| -> Vec<(String, Misaligned)> {
        files.iter().map(|(n, b)| (n.clone(), Misaligned::new(b))).collect()
    };
    let all_shifted = shifted(&c.m2.iter().collect::<Vec<_>>());
    g.bench_function("m2view-format raw, keys copied", |b| {
        b.iter(|| {
            for (n, m) in &all_shifted {
                black_box(m2view_format::parse_m2(m.bytes(), n).ok());
            }
            for (n, s, v) in &c.skins {
                black_box(m2view_format::parse_skin(s, *v, n).ok());
            }
        })
    });
    g.bench_function("m2view-format model", |b| {
        b.iter(|| {
            for (n, m) in &c.m2 {
                black_box(m2view_format::model_from_bytes(m, n, &[]).ok());
            }
            for (n, s, v) in &c.skins {
                black_box(m2view_format::parse_skin(s, *v, n).ok());
            }
        })
    });
    g.finish();

    // Equal work: only the files both crates accept, both reading every
    // array the file has. wow-m2 copies each track's key arrays as raw bytes
    // (`BoneAnimationRaw { timestamps: Vec<u8>, values: Vec<u8> }`, from
    // `collect_track_data` in warcraft-rs `wow-m2/src/model.rs`; for v264+
    // only the outer per-sequence arrays); here every per-sequence array is
    // followed, bounds-checked and read as typed values, in place or, where
    // misaligned, copied ("keys copied" forces that for every file).
    let both_m2: Vec<&(String, Vec<u8>)> =
        c.m2.iter()
            .filter(|(n, b)| wow_m2::parse_m2(&mut Cursor::new(b)).is_ok() && m2view_format::parse_m2(b, n).is_ok())
            .collect();
    let both_skins: Vec<&(String, Vec<u8>, u32)> = c
        .skins
        .iter()
        .filter(|(n, b, v)| {
            wow_m2::skin::parse_skin(&mut Cursor::new(b)).is_ok() && m2view_format::parse_skin(b, *v, n).is_ok()
        })
        .collect();
    let both_bytes: u64 = both_m2.iter().map(|f| f.1.len() as u64).sum::<u64>()
        + both_skins.iter().map(|f| f.1.len() as u64).sum::<u64>();
    eprintln!(
        "equal work: {} M2 + {} skin files both crates accept, {:.1} MiB",
        both_m2.len(),
        both_skins.len(),
        both_bytes as f64 / (1 << 20) as f64
    );
    let mut g = cr.benchmark_group("equal work");
    g.throughput(Throughput::Bytes(both_bytes));
    g.sample_size(20);
    g.bench_function("m2view-format raw", |b| {
        b.iter(|| {
            for (n, m) in &both_m2 {
                black_box(m2view_format::parse_m2(m, n).ok());
            }
            for (n, s, v) in &both_skins {
                black_box(m2view_format::parse_skin(s, *v, n).ok());
            }
        })
    });
    let both_shifted = shifted(&both_m2);
    g.bench_function("m2view-format raw, keys copied", |b| {
        b.iter(|| {
            for (n, m) in &both_shifted {
                black_box(m2view_format::parse_m2(m.bytes(), n).ok());
            }
            for (n, s, v) in &both_skins {
                black_box(m2view_format::parse_skin(s, *v, n).ok());
            }
        })
    });
    g.bench_function("wow-m2 0.7", |b| {
        b.iter(|| {
            for (_, m) in &both_m2 {
                black_box(wow_m2::parse_m2(&mut Cursor::new(m)).ok());
            }
            for (_, s, _) in &both_skins {
                black_box(wow_m2::skin::parse_skin(&mut Cursor::new(s)).ok());
            }
        })
    });
    g.finish();

    let mdx_bytes: u64 = c.mdx.iter().map(|(_, b)| b.len() as u64).sum();
    eprintln!("mdx: {} files, {:.1} KiB", c.mdx.len(), mdx_bytes as f64 / 1024.0);
    let mut g = cr.benchmark_group("mdx");
    g.throughput(Throughput::Bytes(mdx_bytes));
    g.sample_size(20);
    g.bench_function("m2view-format raw", |b| {
        b.iter(|| {
            for (n, m) in &c.mdx {
                black_box(m2view_format::raw::mdx::parse_mdx(m, n).ok());
            }
        })
    });
    g.bench_function("m2view-format model", |b| {
        b.iter(|| {
            for (n, m) in &c.mdx {
                black_box(m2view_format::mdx_model_from_bytes(m, n).ok());
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
