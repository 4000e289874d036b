//! Whole-process `m2view render` time: what every CLI call, every `--all`
//! thumbnail batch and (in part) every window start pays — device and
//! renderer creation, parse, upload, the pipelines the frame needs, one
//! frame and the PNG. Two real models of the sample corpus:
//! `UI-BuffOn.m2` at 64×64 (start-up dominates) and `Corehound2.m2` at
//! 1280×720.
//!
//! Issue 23 measured 52–56 ms and 110 ms at d63dde8 and 196–227 ms and
//! 277 ms at a7f7d8e on lavapipe: the GPU animation kernel (for crowds) was
//! compiled at start-up; compute kernels and the compositor are now built
//! on first use (`Renderer::new`'s docs).
//!
//! `cargo bench -p m2view --bench startup` (needs the sample corpus).

use std::process::Command;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use m2view_format::fixtures;

fn bench(c: &mut Criterion) {
    let samples = fixtures::samples_dir().expect("the start-up benchmark needs the sample corpus");
    let out = std::env::temp_dir().join(format!("m2view-bench-startup-{}.png", std::process::id()));
    let cases = [
        ("ui_buffon_64", "Evolvee_2.4.3-Extracted-Interface/Interface/Buttons/UI-BuffOn.m2", "64x64"),
        ("corehound2_1280x720", "Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2", "1280x720"),
    ];
    let mut g = c.benchmark_group("render_process");
    g.sample_size(20);
    g.measurement_time(Duration::from_secs(8));
    for (name, rel, size) in cases {
        let model = samples.join(rel);
        g.bench_function(name, |b| {
            b.iter(|| {
                let o = Command::new(env!("CARGO_BIN_EXE_m2view"))
                    .args(["render", model.to_str().unwrap(), "--size", size, "-o", out.to_str().unwrap()])
                    .output()
                    .unwrap();
                assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            })
        });
    }
    g.finish();
    let _ = std::fs::remove_file(out);
}

criterion_group!(benches, bench);
criterion_main!(benches);
