//! What dressing a 9.0+ character costs (issue 29's measurements):
//!
//! - `catalog/load_csv`: reading and indexing the real 10.0-era tables of
//!   the sample corpus (`natnat201193_DBC_Compare`, wago.tools CSV: 78
//!   `ChrModel`, 14,327 choices, 35,331 elements, 171,030 `TextureFileData`
//!   rows);
//! - `plan/every_body_every_choice`: the plan (`dress --json`'s) of every
//!   `ChrModel` with every offered choice of every option made in turn,
//!   NPC and class-only choices included — one pass; the counts are printed;
//! - `compose/cpu_1024`, `compose/gpu_1024`: a 1024×1024 body of layout 1
//!   (real layers of the corpus magnified into its sections, one an
//!   overlay and one multiplied; the GPU and the CPU reference agree within
//!   3 per channel, `m2view-render`'s compose test);
//! - `change_to_frame`: the window's path when the user picks another hair
//!   style of a 9.0+ character: re-dress (plan, layer decode), upload
//!   (compose body and hair on the GPU) and draw the next 512×512 frame,
//!   waiting for the GPU — on the install `tests/it/modern_install.rs`
//!   writes (no public modern character model exists).
//!
//! `cargo bench -p m2view --bench modern_character` (needs the sample corpus).

#[path = "../tests/it/modern_install.rs"]
mod modern_install;

use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use m2view_app::command::Command as UiCommand;
use m2view_app::open::{OpenOptions, Opened};
use m2view_app::state::{AppState, Current};
use m2view_app::viewport::SceneView;
use m2view_db::defs::Definitions;
use m2view_dress::ClientTables;
use m2view_dress::modern::{Catalog, Plan, Selection};
use m2view_format::blp::{Blp, RgbaImage};
use m2view_format::fixtures;
use m2view_render::compose::{Blend, ComposeLayer, compose_cpu};
use m2view_render::target::OFFSCREEN_FORMAT;
use m2view_render::{Gpu, Renderer};

fn tables(dir: &std::path::Path) -> ClientTables {
    ClientTables::new(&[dir.to_path_buf()], None, Arc::new(Definitions::new(None)))
}

/// Every body with every choice made in turn: `(plans, refused)` (refused: a
/// choice another choice must come with).
fn every_choice(c: &Catalog) -> (usize, usize) {
    let (mut plans, mut refused) = (0, 0);
    let none = |_: u32| (String::new(), false);
    for m in c.chr_models.values() {
        let sel = Selection::new(c, m, true);
        for o in &sel.options {
            for choice in &o.choices {
                let mut s = sel.clone();
                match s.customize(c, &format!("id:{}=id:{}", o.option.id, choice.id)) {
                    Ok(()) => {
                        std::hint::black_box(Plan::new(c, &s, &none));
                        plans += 1;
                    }
                    Err(_) => refused += 1,
                }
            }
        }
    }
    (plans, refused)
}

fn plans(c: &mut Criterion, samples: &std::path::Path) {
    let dir = samples.join("natnat201193_DBC_Compare/dbfilesclient");
    let mut g = c.benchmark_group("catalog");
    g.sample_size(10);
    g.bench_function("load_csv", |b| b.iter(|| Catalog::load(&tables(&dir)).unwrap().unwrap()));
    g.finish();
    let catalog = Catalog::load(&tables(&dir)).unwrap().unwrap();
    let (n, refused) = every_choice(&catalog);
    eprintln!(
        "{} ChrModel rows: {n} plans, {refused} choices refused (they need another choice)",
        catalog.chr_models.len()
    );
    let mut g = c.benchmark_group("plan");
    g.sample_size(10);
    g.bench_function("every_body_every_choice", |b| b.iter(|| every_choice(&catalog)));
    g.finish();
}

fn compose(c: &mut Criterion, samples: &std::path::Path, gpu: &Gpu) {
    let dir = samples.join("ElementoBorzi_Doomhammer-Public-Pack/Character/Human/Female");
    let layer =
        |n: &str| -> RgbaImage { Blp::parse(std::fs::read(dir.join(n)).unwrap()).and_then(|b| b.decode(0)).unwrap() };
    let images = [
        "HumanFemaleSkin00_102.blp",
        "HumanFemaleFaceLower00_102.blp",
        "HumanFemaleFaceUpper00_102.blp",
        "HumanFemaleNakedPelvisSkin00_102.blp",
        "HumanFemaleNakedTorsoSkin00_102.blp",
    ]
    .map(layer);
    let rects = [[0, 0, 1024, 1024], [0, 768, 512, 256], [0, 640, 512, 128], [512, 384, 512, 256], [512, 0, 512, 256]];
    let mut layers: Vec<ComposeLayer> =
        rects.iter().zip(&images).map(|(r, i)| ComposeLayer::new(*r, Some(i))).collect();
    // The face lower as an overlay, the pelvis multiplied (as the compose test).
    layers[1].blend = Blend::Overlay;
    layers[3].blend = Blend::Multiply;
    let renderer = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let mut g = c.benchmark_group("compose");
    g.sample_size(10);
    g.bench_function("cpu_1024", |b| b.iter(|| compose_cpu([1024, 1024], &layers)));
    g.bench_function("gpu_1024", |b| {
        b.iter(|| {
            let t = renderer.compose([1024, 1024], &layers);
            gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            t
        })
    });
    g.finish();
}

fn change_to_frame(c: &mut Criterion, gpu: &Gpu) {
    let dir = std::env::temp_dir().join(format!("m2view-bench-modern-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = modern_install::install(&dir.join("WoW"));
    let sources = [data];
    let spec = m2view::data_cmd::DataSpec {
        sources: &sources,
        locale: None,
        listfile: None,
        loose: false,
        product: None,
        tact_keys: None,
        wc3_quality: Default::default(),
        ..Default::default()
    };
    let mut opts = OpenOptions::default();
    opts.load.data = m2view::data_cmd::open(&spec).unwrap().vfs;
    let mut o = Opened::open(std::path::Path::new("fdid:700001"), &opts).unwrap();
    let parts = m2view_app::character::parts(&mut o.lm, &o.dressing, &opts);
    let mut view = SceneView::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let textures = m2view_texture::load_textures(&o.lm, view.supports_bc(), [255, 0, 0], &mut Vec::new());
    view.set_model(&o.lm.model, &textures);
    let mut egui = egui_wgpu::Renderer::new(&gpu.device, OFFSCREEN_FORMAT, egui_wgpu::RendererOptions::default());
    let mut state = AppState::new(opts.clone(), false);
    state.current = Some(Current::new(o, parts, vec![]));
    view.apply(UiCommand::UploadCharacter, &mut state);
    let mut peasant = false;
    c.bench_function("change_to_frame", |b| {
        b.iter(|| {
            let cur = state.current.as_mut().unwrap();
            let m = cur.dressing.modern.as_mut().unwrap();
            peasant = !peasant;
            let choice = if peasant { "Hair Style=1" } else { "Hair Style=0" };
            m.selection.customize(&m.catalog, choice).unwrap();
            cur.redress(&opts);
            view.apply(UiCommand::UploadCharacter, &mut state);
            let mut enc = gpu.device.create_command_encoder(&Default::default());
            view.render(&mut enc, &mut egui, &mut state, [512, 512], false);
            gpu.queue.submit([enc.finish()]);
            gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
        })
    });
}

fn bench(c: &mut Criterion) {
    let samples = fixtures::samples_dir().expect("the modern character benchmark needs the sample corpus");
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    eprintln!("modern character benchmark on {}", gpu.adapter_summary());
    plans(c, &samples);
    compose(c, &samples, &gpu);
    change_to_frame(c, &gpu);
}

criterion_group!(benches, bench);
criterion_main!(benches);
