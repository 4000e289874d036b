//! What Warcraft III models cost (issue 30's measurements):
//!
//! - `hd_frame/hd`, `hd_frame/sd`: one 1280×720 frame of Reforged's
//!   blob.mdx (kept beside the corpus) drawn with its HD material (one draw
//!   of five texture slots, lit through the normal map) and the same model
//!   drawn the SD way (the diffuse slot alone, one texture), uploaded once:
//!   prepare, encode, submit, read back;
//! - `parse/mdx`, `parse/mdl`: reading the real PackHorse.mdx (153 KB) into a
//!   model, and reading its MDL text (written by m2view, 469 KB) — the MDL
//!   case converts the text to MDX bytes (`wc3`) and then reads those; the
//!   throughput is printed in MB/s of input;
//! - `spawn/simulate_1000`, `spawn/frame_1000`: a box whose v1 emitter
//!   spawns 500 boxes a second living 2 s (no public model spawns
//!   something present: the fixture box with a `PREM` chunk), at 2 s of
//!   its animation — 1,000 alive: the simulation alone, and one 1280×720
//!   frame of the host with the 1,000 spawned boxes (each posed at its own
//!   age, uploaded once), read back.
//!
//! `cargo bench -p m2view --bench warcraft3` (needs the corpus).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use m2view_app::open::{OpenOptions, Opened};
use m2view_render::camera::{CameraSpec, Preset};
use m2view_render::{Gpu, Renderer};
use m2view_scene::render::{RenderRequest, render_uploaded, upload};

fn hd_frame(c: &mut Criterion) {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let blob = samples
        .parent()
        .unwrap()
        .join("reforged/TaylorMouse_warcraft_III_reforged_tools/Documentation/Tutorial/Resources/blob.mdx");
    let gpu = Gpu::headless().expect("an adapter");
    let renderer = Renderer::new(&gpu.device, &gpu.queue, m2view_render::target::OFFSCREEN_FORMAT);
    let hd = Opened::open(&blob, &OpenOptions::default()).unwrap().lm;
    // The SD way: the diffuse slot alone, no HD shader.
    let mut sd = hd.clone();
    for b in &mut sd.model.lods[0].batches {
        b.shader_id = 0;
        b.textures.truncate(1);
    }
    let r = RenderRequest::new(1280, 720, CameraSpec::Preset(Preset::Iso));
    let mut g = c.benchmark_group("hd_frame");
    g.sample_size(20);
    for (name, lm) in [("hd", &hd), ("sd", &sd)] {
        let mut scene = upload(&renderer, lm, &RenderRequest { team_color: [255, 3, 3], ..r.clone() });
        g.bench_function(name, |b| b.iter(|| black_box(render_uploaded(&gpu, &renderer, lm, &mut scene, &r).unwrap())));
    }
    g.finish();
}

fn parse(c: &mut Criterion) {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let mdx = std::fs::read(samples.join("Retera_ReterasModelStudio/MDXLib/PackHorse.mdx")).unwrap();
    // The same PackHorse as MDL, written by War3 Model Editor (the corpus's largest MDL with an MDX beside it).
    let mdl = std::fs::read(samples.join("Retera_ReterasModelStudio/MDXLib/PackHorse_magos.mdl")).unwrap();
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Bytes(mdx.len() as u64));
    g.bench_function("mdx", |b| {
        b.iter(|| black_box(m2view_format::mdx_model_from_bytes(&mdx, "PackHorse.mdx").unwrap()))
    });
    g.throughput(Throughput::Bytes(mdl.len() as u64));
    g.bench_function("mdl", |b| {
        b.iter(|| {
            let bytes = m2view_format::mdl::mdl_to_mdx(&mdl).unwrap().mdx;
            black_box(m2view_format::mdx_model_from_bytes(&bytes, "PackHorse_magos.mdl").unwrap())
        })
    });
    g.finish();
}

fn spawn(c: &mut Criterion) {
    use m2view_format::{fixtures::mdx_box, writer_mdx::write_mdx};
    let dir = std::env::temp_dir().join(format!("m2view-bench-spawn-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("Units/Critters/Frog")).unwrap();
    let mut host = write_mdx(&mdx_box(800));
    host.extend(m2view_format::fixtures::prem_chunk(
        "Units\\Critters\\Frog\\Frog.mdl",
        [500.0, 0.0, 0.0, 0.3],
        [2.0, 3.0],
    ));
    std::fs::write(dir.join("Spawner.mdx"), host).unwrap();
    std::fs::write(dir.join("Units/Critters/Frog/Frog.mdx"), write_mdx(&mdx_box(800))).unwrap();
    let opts = OpenOptions::default();
    let lm = Opened::open(&dir.join("Spawner.mdx"), &opts).unwrap().lm;
    let sequence = m2view_format::SequenceId(0);
    let (spawned, _) = m2view_scene::spawned::simulate(&lm.model, sequence, 2000.0);
    assert_eq!(spawned.len(), 1000);
    let (models, _) = m2view_app::spawned::load(&lm, &opts);
    let frog = models[0].clone().unwrap();
    let gpu = Gpu::headless().expect("an adapter");
    let renderer = Renderer::new(&gpu.device, &gpu.queue, m2view_render::target::OFFSCREEN_FORMAT);
    let mut r = RenderRequest::new(1280, 720, CameraSpec::Preset(Preset::Iso));
    r.time_ms = 2000.0;
    r.spawn_models = vec![Some(frog)];
    let mut scene = upload(&renderer, &lm, &r);
    let mut g = c.benchmark_group("spawn");
    g.sample_size(10);
    g.bench_function("simulate_1000", |b| {
        b.iter(|| black_box(m2view_scene::spawned::simulate(&lm.model, sequence, 2000.0)))
    });
    g.bench_function("frame_1000", |b| {
        b.iter(|| black_box(render_uploaded(&gpu, &renderer, &lm, &mut scene, &r).unwrap()))
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, parse, hd_frame, spawn);
criterion_main!(benches);
