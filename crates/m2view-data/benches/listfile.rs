//! Loading a community listfile of 2,000,000 `fdid;path` lines (the size of
//! wowdev's `wow-listfile`; generated here with paths shaped like its
//! own: `world/expansion07/doodads/kultiras/8kt_tree01_1234567.blp`, about
//! 60 bytes each), then lookups by FileDataID and by name.

use criterion::{Criterion, criterion_group, criterion_main};
use m2view_data::Listfile;

const LINES: u32 = 2_000_000;

fn line(i: u32) -> String {
    let top = [
        "world/expansion07/doodads/kultiras",
        "creature/dragon",
        "character/human/male",
        "item/objectcomponents/weapon",
    ];
    let ext = ["blp", "m2", "skin", "anim", "wmo"];
    format!("{};{}/file_{:07}_{}.{}\n", i * 3 + 1, top[(i % 4) as usize], i, i % 97, ext[(i % 5) as usize])
}

fn bench(c: &mut Criterion) {
    let path = std::env::temp_dir().join(format!("m2view-listfile-bench-{}.csv", std::process::id()));
    // Written out of id order, as the real file is sorted by path.
    let text: String = (0..LINES).rev().map(line).collect();
    std::fs::write(&path, &text).unwrap();
    eprintln!("listfile: {} lines, {:.1} MB", LINES, text.len() as f64 / 1e6);
    let mut g = c.benchmark_group("listfile");
    g.sample_size(10);
    g.bench_function("load 2M lines", |b| b.iter(|| Listfile::load(&path).unwrap().len()));
    let l = Listfile::load(&path).unwrap();
    let names: Vec<String> =
        (0..1000).map(|k| line(k * 1999).split_once(';').unwrap().1.trim().to_uppercase()).collect();
    let mut k = 0usize;
    g.bench_function("id of a name (Jenkins96 lookup)", |b| {
        b.iter(|| {
            k = (k + 1) % names.len();
            l.id(&names[k]).unwrap()
        })
    });
    g.bench_function("name of an id", |b| {
        b.iter(|| {
            k = (k + 1) % 1000;
            l.path(k as u32 * 1999 * 3 + 1).unwrap().len()
        })
    });
    g.finish();
    let _ = std::fs::remove_file(&path);
}

criterion_group!(benches, bench);
criterion_main!(benches);
