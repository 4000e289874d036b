//! What dressing a character costs (issue 22's measurements), on the sample
//! corpus's 3.3.5 `scourgefemale.m2` dressed by the 1.12 tables and 3.3.5
//! item tables written here (`m2view_db::fixtures`: no public one exists),
//! with the Doomhammer pack's real item texture components and axe:
//!
//! - `compose/cpu_256`, `compose/gpu_256`: one body texture of six layers
//!   (the pack's human female colour 102 skin, face lower/upper, underwear
//!   pelvis/torso, and one missing layer drawn as the placeholder) by the
//!   CPU reference and by the GPU compositor (layer uploads, the pass, and
//!   waiting for the GPU);
//! - `change_to_frame`: what the window does when the user equips or takes
//!   off the plate chest: re-dress (look, layer decode, item models), upload
//!   (compose on the GPU, hair/cape slots, hung items) and draw the next
//!   512×512 frame, waiting for the GPU;
//! - `process/undressed`, `process/dressed`: `m2view render` as a process,
//!   512×512, the model alone and dressed (customization, chest, legs and
//!   the axe by item id).
//!
//! `cargo bench -p m2view --bench character` (needs the sample corpus).

use std::process::Command;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use m2view_app::command::Command as UiCommand;
use m2view_app::open::{OpenOptions, Opened};
use m2view_app::state::{AppState, Current};
use m2view_app::viewport::SceneView;
use m2view_dress::character::equipment::{ItemKind, Slot};
use m2view_format::blp::{Blp, RgbaImage};
use m2view_format::fixtures;
use m2view_render::compose::{ComposeLayer, compose_cpu};
use m2view_render::target::OFFSCREEN_FORMAT;
use m2view_render::{Gpu, Renderer};

fn layer(dir: &std::path::Path, name: &str) -> RgbaImage {
    Blp::parse(std::fs::read(dir.join(name)).unwrap()).and_then(|b| b.decode(0)).unwrap()
}

fn compose(c: &mut Criterion, samples: &std::path::Path, gpu: &Gpu) {
    let dir = samples.join("ElementoBorzi_Doomhammer-Public-Pack/Character/Human/Female");
    let images = [
        "HumanFemaleSkin00_102.blp",
        "HumanFemaleFaceLower00_102.blp",
        "HumanFemaleFaceUpper00_102.blp",
        "HumanFemaleNakedPelvisSkin00_102.blp",
        "HumanFemaleNakedTorsoSkin00_102.blp",
    ]
    .map(|n| layer(&dir, n));
    let rects = [[0, 0, 256, 256], [0, 192, 128, 64], [0, 160, 128, 32], [128, 96, 128, 64], [128, 0, 128, 64]];
    let mut layers: Vec<ComposeLayer> =
        rects.iter().zip(&images).map(|(r, i)| ComposeLayer::new(*r, Some(i))).collect();
    layers.push(ComposeLayer::new([128, 224, 128, 32], None));
    let renderer = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let mut g = c.benchmark_group("compose");
    g.bench_function("cpu_256", |b| b.iter(|| compose_cpu([256, 256], &layers)));
    g.bench_function("gpu_256", |b| {
        b.iter(|| {
            let t = renderer.compose([256, 256], &layers);
            gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            t
        })
    });
    g.finish();
}

/// The options and item tables of the dressed cases (tables in a temp folder).
fn options(samples: &std::path::Path) -> (OpenOptions, std::path::PathBuf) {
    let tables = std::env::temp_dir().join(format!("m2view-bench-items-{}", std::process::id()));
    std::fs::create_dir_all(&tables).unwrap();
    m2view_db::fixtures::write_wotlk_item_tables(&tables).unwrap();
    let mut opts =
        OpenOptions { dbc: vec![tables.clone(), samples.join("andrewmunro_Vanilla/dbc")], ..Default::default() };
    opts.load.data_root = Some(samples.join("ElementoBorzi_Doomhammer-Public-Pack"));
    (opts, tables)
}

fn change_to_frame(c: &mut Criterion, samples: &std::path::Path, model: &std::path::Path, gpu: &Gpu) {
    let (opts, _) = options(samples);
    let mut o = Opened::open(model, &opts).unwrap();
    let parts = m2view_app::character::parts(&mut o.lm, &o.dressing, &opts);
    let mut view = SceneView::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let textures = m2view_texture::load_textures(&o.lm, view.supports_bc(), [255, 0, 0], &mut Vec::new());
    view.set_model(&o.lm.model, &textures);
    let mut egui = egui_wgpu::Renderer::new(&gpu.device, OFFSCREEN_FORMAT, egui_wgpu::RendererOptions::default());
    let mut state = AppState::new(opts.clone(), false);
    state.current = Some(Current::new(o, parts, vec![]));
    view.apply(UiCommand::UploadCharacter, &mut state);
    let mut worn = false;
    c.bench_function("change_to_frame", |b| {
        b.iter(|| {
            let cur = state.current.as_mut().unwrap();
            let ch = cur.dressing.character.as_mut().unwrap();
            worn = !worn;
            if worn {
                ch.equip(Slot::Chest, 90001, ItemKind::Plain);
            } else {
                ch.equipment.remove(&Slot::Chest);
            }
            cur.redress(&opts);
            view.apply(UiCommand::UploadCharacter, &mut state);
            let mut enc = gpu.device.create_command_encoder(&Default::default());
            view.render(&mut enc, &mut egui, &mut state, [512, 512], false);
            gpu.queue.submit([enc.finish()]);
            gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
        })
    });
}

fn process(c: &mut Criterion, samples: &std::path::Path, model: &std::path::Path) {
    let (opts, tables) = options(samples);
    let png = tables.join("bench.png");
    let base = ["render", model.to_str().unwrap(), "--size", "512x512", "-o", png.to_str().unwrap()];
    let root = opts.load.data_root.as_ref().unwrap().to_str().unwrap().to_string();
    let dressed: Vec<String> = [
        "--dbc",
        tables.to_str().unwrap(),
        "--dbc",
        opts.dbc[1].to_str().unwrap(),
        "--data-root",
        &root,
        "--customize",
        "skin=2,face=4,hair=3",
        "--equip",
        "chest=90001",
        "--item",
        "50001",
        "--item",
        "50002",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let run = |extra: &[String]| {
        let out = Command::new(env!("CARGO_BIN_EXE_m2view")).args(base).args(extra).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    let mut g = c.benchmark_group("process");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(16));
    g.bench_function("undressed", |b| b.iter(|| run(&[])));
    g.bench_function("dressed", |b| b.iter(|| run(&dressed)));
    g.finish();
}

fn bench(c: &mut Criterion) {
    let samples = fixtures::samples_dir().expect("the character benchmark needs the sample corpus");
    let model = samples.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2");
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    eprintln!("character benchmark on {}", gpu.adapter_summary());
    compose(c, &samples, &gpu);
    change_to_frame(c, &samples, &model, &gpu);
    process(c, &samples, &model);
}

criterion_group!(benches, bench);
criterion_main!(benches);
