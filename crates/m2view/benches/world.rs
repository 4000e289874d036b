//! What world objects cost (issue 28's measurements):
//!
//! - `load/inn_wmo`, `load/continent4229_adt`: opening the real files of
//!   the corpus as every front end does (root and its two group files;
//!   the tile's 256 chunks, its terrain model), textures looked for;
//! - `export/bake_continent4229`: the glTF export's terrain bake of that
//!   tile (2048 × 2048, its 4 layers at most per chunk);
//! - a WMO generated at the size of Stormwind (no public WMO is that big):
//!   300 groups of 2,048 triangles each on a 20 × 15 grid and 5,000 doodad
//!   placements of 20 models (`two_boxes`, 2 batches each), written in the
//!   wowdev layout and opened like any WMO, drawn through the window's path
//!   (`SceneView`) at 1280×720:
//!   - `stormwind/upload_shared`, `stormwind/upload_per_placement`: the
//!     doodads' GPU uploads with one upload and one instanced group per
//!     model (what m2view does) and with one per placement (each placement
//!     its own copy of its model: no instancing);
//!   - `stormwind/frame_shared`: one steady frame (advance every doodad's
//!     player, animate, prepare, sort, encode, submit, wait) with 20
//!     instanced groups of 250 copies; `stormwind/frame_per_placement`:
//!     each placement drawn on its own; `frame_cpu_…`: the CPU's part of
//!     each (up to the submit);
//!   - the growth of the process's resident memory over one upload of each
//!     kind is printed;
//! - a 3 × 3 tile neighbourhood (`neighbourhood/…`, the same cases): the
//!   real tile and 8 moved copies around it, the middle one placing that
//!   WMO, opened as the window opens a tile with its neighbours shown.
//!
//! `cargo bench -p m2view --bench world` (the load cases need the corpus).

use std::sync::Arc;

use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use m2view_app::command::Command as UiCommand;
use m2view_app::open::{OpenOptions, Opened};
use m2view_app::state::{AppState, Current};
use m2view_app::viewport::SceneView;
use m2view_format::fixtures::{self, wmo::chunk};
use m2view_render::Gpu;
use m2view_render::target::OFFSCREEN_FORMAT;

fn le(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn floats(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// A group: a 32 × 32-quad floor of 10 × 10 yards at `(x, y)`, one batch of material 0.
fn floor_group(x: f32, y: f32) -> Vec<u8> {
    let n = 33u16;
    let mut pos = Vec::new();
    for j in 0..n {
        for i in 0..n {
            pos.extend([x + i as f32 * 10.0 / 32.0, y + j as f32 * 10.0 / 32.0, ((i + j) % 3) as f32 * 0.05]);
        }
    }
    let mut idx: Vec<u16> = Vec::new();
    for j in 0..n - 1 {
        for i in 0..n - 1 {
            let a = j * n + i;
            idx.extend([a, a + 1, a + n, a + 1, a + n + 1, a + n]);
        }
    }
    let verts = (n as usize).pow(2);
    let mut mogp = le(&[0, 0, 0x8]);
    mogp.extend(floats(&[x, y, 0.0, x + 10.0, y + 10.0, 0.1]));
    mogp.extend([0u8; 4]);
    mogp.extend([0, 0, 0, 0, 1, 0, 0, 0]);
    mogp.extend([0u8; 4]);
    mogp.extend(le(&[0, 0, 0, 0]));
    mogp.extend(chunk(b"MOPY", &[0x20u8, 0].repeat(idx.len() / 3)));
    mogp.extend(chunk(b"MOVI", &idx.iter().flat_map(|i| i.to_le_bytes()).collect::<Vec<u8>>()));
    mogp.extend(chunk(b"MOVT", &floats(&pos)));
    mogp.extend(chunk(b"MONR", &floats(&[0.0, 0.0, 1.0].repeat(verts))));
    mogp.extend(chunk(b"MOTV", &floats(&[0.5, 0.5].repeat(verts))));
    let mut moba = vec![0u8; 12];
    moba.extend(le(&[0]));
    moba.extend((idx.len() as u16).to_le_bytes());
    moba.extend(0u16.to_le_bytes());
    moba.extend((verts as u16 - 1).to_le_bytes());
    moba.extend([0, 0]);
    mogp.extend(chunk(b"MOBA", &moba));
    let mut f = chunk(b"MVER", &le(&[17]));
    f.extend(chunk(b"MOGP", &mogp));
    f
}

/// Writes the Stormwind-sized WMO and its doodad models into `dir`; returns the root.
fn stormwind(dir: &std::path::Path) -> std::path::PathBuf {
    let (groups, doodads, models) = (300usize, 5000usize, 20usize);
    let mut f = chunk(b"MVER", &le(&[17]));
    let mut mohd = le(&[1, groups as u32, 0, 0, models as u32, doodads as u32, 1]);
    mohd.extend([0x40, 0x40, 0x40, 0xFF]);
    mohd.extend(le(&[0]));
    mohd.extend(floats(&[0.0, 0.0, 0.0, 200.0, 150.0, 5.0]));
    mohd.extend([0u8; 4]);
    f.extend(chunk(b"MOHD", &mohd));
    f.extend(chunk(b"MOTX", b"STONE.BLP\0\0\0"));
    f.extend(chunk(b"MOMT", &le(&[0; 16])));
    f.extend(chunk(b"MOGN", b"\0\0"));
    let mut mogi = Vec::new();
    for g in 0..groups {
        let (x, y) = ((g % 20) as f32 * 10.0, (g / 20) as f32 * 10.0);
        mogi.extend(le(&[0x8]));
        mogi.extend(floats(&[x, y, 0.0, x + 10.0, y + 10.0, 0.1]));
        mogi.extend((-1i32).to_le_bytes());
    }
    f.extend(chunk(b"MOGI", &mogi));
    let mut mods = b"Set_$DefaultGlobal\0\0".to_vec();
    mods.extend(le(&[0, doodads as u32, 0]));
    f.extend(chunk(b"MODS", &mods));
    let mut modn = Vec::new();
    let mut offsets = Vec::new();
    for m in 0..models {
        offsets.push(modn.len() as u32);
        modn.extend(format!("PROP{m:02}.MDX\0").bytes());
    }
    f.extend(chunk(b"MODN", &modn));
    let mut modd = Vec::new();
    for d in 0..doodads {
        let (x, y) = ((d % 100) as f32 * 2.0, (d / 100) as f32 * 3.0);
        modd.extend(le(&[offsets[d % models]]));
        modd.extend(floats(&[x, y, 0.1, 0.0, 0.0, 0.0, 1.0, 0.5]));
        modd.extend([0xFF; 4]);
    }
    f.extend(chunk(b"MODD", &modd));
    std::fs::write(dir.join("stormwind.wmo"), f).unwrap();
    for g in 0..groups {
        let (x, y) = ((g % 20) as f32 * 10.0, (g / 20) as f32 * 10.0);
        std::fs::write(dir.join(format!("stormwind_{g:03}.wmo")), floor_group(x, y)).unwrap();
    }
    let m2 = m2view_format::writer::write_md20(&fixtures::two_boxes(264));
    let skin = m2view_format::writer::write_skin(&fixtures::skin_profile(264), 264);
    for m in 0..models {
        std::fs::write(dir.join(format!("PROP{m:02}.m2")), &m2).unwrap();
        std::fs::write(dir.join(format!("PROP{m:02}00.skin")), &skin).unwrap();
    }
    dir.join("stormwind.wmo")
}

/// Resident memory of this process in MiB (Linux `/proc/self/statm`).
fn resident_mib() -> f64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: f64 = statm.split_whitespace().nth(1).and_then(|p| p.parse().ok()).unwrap_or(0.0);
    pages * 4096.0 / (1024.0 * 1024.0)
}

fn load(c: &mut Criterion) {
    let Some(samples) = fixtures::samples_dir() else { return };
    let opts = OpenOptions::default();
    let inn = samples.join("wowserhq_format/fixture/mapobj/inn.wmo");
    let adt = samples.join("wowserhq_format/fixture/map/continent4229.adt");
    let mut g = c.benchmark_group("load");
    g.bench_function("inn_wmo", |b| b.iter(|| Opened::open(&inn, &opts).unwrap()));
    g.bench_function("continent4229_adt", |b| b.iter(|| Opened::open(&adt, &opts).unwrap()));
    g.finish();
    // The terrain bake of a glTF export (every layer's texture missing: a grey 16 × 16 stands in).
    let tile = Opened::open(&adt, &opts).unwrap().lm;
    let grey: std::collections::BTreeMap<usize, m2view_format::blp::RgbaImage> = (0..tile.model.textures.len())
        .map(|i| (i, m2view_format::blp::RgbaImage { width: 16, height: 16, pixels: vec![128; 16 * 16 * 4] }))
        .collect();
    let mut g = c.benchmark_group("export");
    g.sample_size(10);
    g.bench_function("bake_continent4229", |b| b.iter(|| m2view_export::terrain::bake(&tile, &grey).unwrap()));
    g.finish();
}

/// Benchmarks one steady frame of what `state` shows through `view` at
/// 1280×720, as `<group>/frame_<name>` (advance every player, animate,
/// prepare, sort, encode, submit, wait for the device) and
/// `<group>/frame_cpu_<name>` (the CPU's part: everything up to the
/// submit, the device's work waited for outside the timing).
fn bench_frames(
    g: &mut BenchmarkGroup<'_, WallTime>,
    gpu: &Gpu,
    view: &mut SceneView,
    state: &mut AppState,
    name: &str,
) {
    let mut egui = egui_wgpu::Renderer::new(&gpu.device, OFFSCREEN_FORMAT, egui_wgpu::RendererOptions::default());
    view.apply_commands(state);
    let mut frame = |view: &mut SceneView, state: &mut AppState| {
        view.advance(state, 16.0);
        let mut enc = gpu.device.create_command_encoder(&Default::default());
        view.render(&mut enc, &mut egui, state, [1280, 720], false);
        enc.finish()
    };
    g.bench_function(format!("frame_{name}"), |b| {
        b.iter(|| {
            gpu.queue.submit([frame(view, state)]);
            gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
        })
    });
    eprintln!("{} batches, {} triangles a frame", view.stats.batches, view.stats.triangles);
    g.bench_function(format!("frame_cpu_{name}"), |b| {
        b.iter_custom(|n| {
            let mut cpu = Duration::ZERO;
            for _ in 0..n {
                let t = Instant::now();
                let commands = frame(view, state);
                cpu += t.elapsed();
                gpu.queue.submit([commands]);
                gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            }
            cpu
        })
    });
}

/// The doodads uploaded and drawn with one upload and one instanced group
/// per model (`<group>/upload_shared`, `frame_shared`: what m2view does)
/// and with one per placement (`…_per_placement`: each its own copy of its
/// model, drawn on its own), the resident memory each upload adds printed.
fn bench_placements(
    g: &mut BenchmarkGroup<'_, WallTime>,
    gpu: &Gpu,
    view: &mut SceneView,
    state: &mut AppState,
    placed: &[m2view_scene::Placement],
) {
    for (name, shared) in [("per_placement", false), ("shared", true)] {
        let cur = state.current.as_mut().unwrap();
        cur.attached.retain(|a| a.placement.is_none() || a.lm.adt.is_some());
        // Without sharing each placement holds its own copy of its model, as before.
        let own = |p: &m2view_scene::Placement| m2view_scene::Placement {
            lm: if shared { p.lm.clone() } else { Arc::new((*p.lm).clone()) },
            world: p.world,
            doodad: p.doodad,
        };
        cur.place_doodads(placed.iter().map(own).collect());
        let before = resident_mib();
        view.apply(UiCommand::UploadAttachments, state);
        gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
        eprintln!("resident memory grew by {:.0} MiB over one upload {name}", resident_mib() - before);
        g.bench_function(format!("upload_{name}"), |b| {
            b.iter(|| {
                view.apply(UiCommand::UploadAttachments, state);
                gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            })
        });
        bench_frames(g, gpu, view, state, name);
    }
}

/// A view of the model at `path` (its textures looked for) and a state
/// showing it, framed from the iso preset.
fn view_of(gpu: &Gpu, path: &std::path::Path, opts: &OpenOptions) -> (SceneView, AppState) {
    let o = Opened::open(path, opts).unwrap();
    let mut view = SceneView::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let textures = m2view_texture::load_textures(&o.lm, view.supports_bc(), [255, 0, 0], &mut Vec::new());
    view.set_model(&o.lm.model, &textures);
    let mut state = AppState::new(opts.clone(), false);
    state.current = Some(Current::new(o, None, vec![]));
    state.send(UiCommand::Frame(m2view_render::camera::Preset::Iso.direction()));
    (view, state)
}

fn stormwind_frames(c: &mut Criterion, gpu: &Gpu, dir: &std::path::Path) {
    let root = stormwind(dir);
    let opts = OpenOptions::default();
    let (mut view, mut state) = view_of(gpu, &root, &opts);
    let lm = &state.current.as_ref().unwrap().lm;
    let (placed, warnings) = m2view_app::world::placed_in(lm, 0, &opts);
    assert!(warnings.is_empty(), "{warnings:?}");
    let wmo = lm.wmo.as_ref().unwrap();
    eprintln!(
        "stormwind-sized WMO: {} groups, {} triangles, {} doodads of {} models",
        wmo.groups.len(),
        lm.model.triangle_count(0),
        placed.len(),
        20
    );
    let mut g = c.benchmark_group("stormwind");
    g.sample_size(10);
    bench_placements(&mut g, gpu, &mut view, &mut state, &placed);
    g.finish();
}

/// The real tile continent 42_29 and 8 copies of it moved around it
/// (`fixtures::adt::moved`, named as its neighbours; no 3 × 3 of real
/// tiles is public), the middle one placing only the Stormwind-sized WMO
/// (`MODF`, at its middle) with its 5,000 doodads, opened as the window
/// opens a tile, its neighbours shown.
fn neighbourhood_frames(c: &mut Criterion, gpu: &Gpu, dir: &std::path::Path) {
    let Some(samples) = fixtures::samples_dir() else { return };
    let tile = std::fs::read(samples.join("wowserhq_format/fixture/map/continent4229.adt")).unwrap();
    let city = dir.join("world/stormwind");
    std::fs::create_dir_all(&city).unwrap();
    stormwind(&city);
    let size = m2view_format::adt::TILE_SIZE;
    let at = fixtures::adt::Placement {
        name: 0,
        position: [42.5 * size - 100.0, 70.0, 29.5 * size - 75.0],
        rotation: [0.0; 3],
        doodad_set: 0,
    };
    for (dx, dy) in (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (dx, dy))) {
        let bytes = match (dx, dy) {
            (0, 0) => fixtures::adt::with_placements(&tile, &[], &[], &["WORLD\\STORMWIND\\STORMWIND.WMO"], &[at]),
            _ => fixtures::adt::moved(&tile, dx, dy),
        };
        std::fs::write(dir.join(format!("continent{}{}.adt", 42 + dx, 29 + dy)), bytes).unwrap();
    }
    let opts = OpenOptions::default();
    let (mut view, mut state) = view_of(gpu, &dir.join("continent4229.adt"), &opts);
    let (placed, warnings) = m2view_app::world::placed_in(&state.current.as_ref().unwrap().lm, 0, &opts);
    assert!(warnings.is_empty(), "{warnings:?}");
    state.show_neighbours(true);
    let tiles = state.current.as_ref().unwrap().attached.len() + 1;
    eprintln!("3 × 3 neighbourhood: {tiles} tiles, {} placements (the WMO and its doodads)", placed.len());
    let mut g = c.benchmark_group("neighbourhood");
    g.sample_size(10);
    bench_placements(&mut g, gpu, &mut view, &mut state, &placed);
    g.finish();
}

fn bench(c: &mut Criterion) {
    load(c);
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    eprintln!("world benchmark on {}", gpu.adapter_summary());
    let dir = std::env::temp_dir().join(format!("m2view-bench-world-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    stormwind_frames(c, &gpu, &dir);
    neighbourhood_frames(c, &gpu, &dir);
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
