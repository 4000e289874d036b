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
//!   throughput is printed in MB/s of input.
//!
//! `cargo bench -p m2view --bench warcraft3` (needs the corpus).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use m2view::open::{OpenOptions, Opened};
use m2view::render_cmd::{RenderRequest, render_uploaded};
use m2view_render::camera::{CameraSpec, Preset};
use m2view_render::{Gpu, Renderer};

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
        let textures = m2view::textures::load_textures(lm, renderer.supports_bc(), [255, 3, 3], &mut Vec::new());
        let gm = renderer.upload(&lm.model, &textures);
        let mut gi = renderer.instance(&gm);
        g.bench_function(name, |b| {
            b.iter(|| black_box(render_uploaded(&gpu, &renderer, lm, &gm, &mut gi, &r).unwrap()))
        });
    }
    g.finish();
}

fn parse(c: &mut Criterion) {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let mdx = std::fs::read(samples.join("Retera_ReterasModelStudio/MDXLib/PackHorse.mdx")).unwrap();
    let mdl = m2view_format::mdl::mdx_to_mdl(&mdx).unwrap().0.into_bytes();
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Bytes(mdx.len() as u64));
    g.bench_function("mdx", |b| {
        b.iter(|| black_box(m2view_format::mdx_model_from_bytes(&mdx, "PackHorse.mdx").unwrap()))
    });
    g.throughput(Throughput::Bytes(mdl.len() as u64));
    g.bench_function("mdl", |b| {
        b.iter(|| {
            let bytes = m2view_format::mdl::mdl_to_mdx(&mdl).unwrap();
            black_box(m2view_format::mdx_model_from_bytes(&bytes, "PackHorse.mdl").unwrap())
        })
    });
    g.finish();
}

criterion_group!(benches, parse, hd_frame);
criterion_main!(benches);
