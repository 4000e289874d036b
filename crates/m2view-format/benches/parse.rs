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
//! wow-m2 is not trusted with a file before it has parsed it in a child
//! process (this benchmark run again, under a 4 GiB address-space limit):
//! on some corpus files wow-m2 0.7 asks for tens of gigabytes (a count
//! read as an `M2ColorAnimation` → `M2Vec::parse` allocation), and a failed
//! allocation aborts the process instead of returning an error. Files
//! whose probe aborts are left out of the baseline and named.
//!
//! `cargo bench -p m2view-format --bench parse`

use std::hint::black_box;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group};
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
            // Written out, for the wow-m2 probe that reads files by path.
            let p = std::env::temp_dir().join(format!("m2view-parse-bench-v{v}.m2"));
            std::fs::write(&p, &b).unwrap();
            c.m2.push((p.display().to_string(), b));
        }
        for v in [800, 1300] {
            let b = m2view_format::writer_mdx::write_mdx(&m2view_format::fixtures::mdx_box(v));
            c.mdx.push((format!("fixture v{v}"), b));
        }
    }
    c
}

/// The environment variable that makes this binary a wow-m2 probe: its
/// value a file of `m2 PATH` / `skin PATH` lines; it prints `N ok` or
/// `N err` for each line from `PROBE_FROM` on.
const PROBE: &str = "M2VIEW_WOWM2_PROBE";
const PROBE_FROM: &str = "M2VIEW_WOWM2_PROBE_FROM";

/// The probe child: parses each listed file with wow-m2 and says whether it was accepted.
fn probe_child(list: &str) {
    use std::io::Write;
    let from: usize = std::env::var(PROBE_FROM).ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    let text = std::fs::read_to_string(list).unwrap();
    let mut out = std::io::stdout().lock();
    for (i, line) in text.lines().enumerate().skip(from) {
        let (kind, path) = line.split_once(' ').unwrap();
        let b = std::fs::read(path).unwrap();
        let ok = match kind {
            "m2" => wow_m2::parse_m2(&mut Cursor::new(&b)).is_ok(),
            _ => wow_m2::skin::parse_skin(&mut Cursor::new(&b)).is_ok(),
        };
        writeln!(out, "{i} {}", if ok { "ok" } else { "err" }).unwrap();
        out.flush().unwrap();
    }
}

/// Whether wow-m2 accepts each file (`(kind, path)`), found by child
/// processes; a child that dies (an aborted allocation) marks the file it
/// was on as refused and the next child goes on after it. Returns the
/// verdicts and the files whose probe died.
fn wow_m2_accepts(files: &[(&str, &str)]) -> (Vec<bool>, Vec<String>) {
    let list = std::env::temp_dir().join(format!("m2view-wowm2-probe-{}.txt", std::process::id()));
    let text: String = files.iter().map(|(k, p)| format!("{k} {p}\n")).collect();
    std::fs::write(&list, text).unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut ok = vec![false; files.len()];
    let mut died = Vec::new();
    let mut from = 0;
    while from < files.len() {
        // `ulimit -v`: a request for gigabytes fails at once instead of paging the machine out.
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 4194304; exec \"$0\"")
            .arg(&exe)
            .env(PROBE, &list)
            .env(PROBE_FROM, from.to_string())
            .output()
            .unwrap();
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            if let Some((i, verdict)) = line.split_once(' ')
                && let Ok(i) = i.parse::<usize>()
            {
                ok[i] = verdict == "ok";
                from = i + 1;
            }
        }
        if !out.status.success() && from < files.len() {
            let name = files[from].1.rsplit('/').next().unwrap_or(files[from].1);
            let why = String::from_utf8_lossy(&out.stderr);
            let why = why
                .lines()
                .find(|l| l.contains("memory allocation") || l.contains("panicked") || l.contains("overflow"));
            died.push(format!("{name} ({})", why.map_or_else(|| out.status.to_string(), |l| l.trim().to_string())));
            from += 1;
        }
    }
    let _ = std::fs::remove_file(&list);
    (ok, died)
}

fn bench(cr: &mut Criterion) {
    let c = corpus();
    // Which files the baseline accepts (it is not asked to build a model), found in child processes.
    let probed: Vec<(&str, &str)> =
        c.m2.iter()
            .map(|(n, _)| ("m2", n.as_str()))
            .chain(c.skins.iter().map(|(n, _, _)| ("skin", n.as_str())))
            .collect();
    let (wow_ok, died) = wow_m2_accepts(&probed);
    let (m2_ok, skin_ok) = wow_ok.split_at(c.m2.len());
    eprintln!(
        "corpus: {} M2 + {} skin files, {:.1} MiB; wow-m2 accepts {} of them; its process dies on {}: {}",
        c.m2.len(),
        c.skins.len(),
        c.bytes as f64 / (1 << 20) as f64,
        wow_ok.iter().filter(|&&o| o).count(),
        died.len(),
        died.join(", ")
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
            .zip(m2_ok)
            .filter(|((n, b), ok)| **ok && m2view_format::parse_m2(b, n).is_ok())
            .map(|f| f.0)
            .collect();
    let both_skins: Vec<&(String, Vec<u8>, u32)> = c
        .skins
        .iter()
        .zip(skin_ok)
        .filter(|((n, b, v), ok)| **ok && m2view_format::parse_skin(b, *v, n).is_ok())
        .map(|f| f.0)
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

fn main() {
    if let Ok(list) = std::env::var(PROBE) {
        probe_child(&list);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
