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
//!     instanced groups of 250 copies (5,000 groups of one exhaust a 24 GB
//!     machine on lavapipe: without instancing is the upload case only);
//!   - the growth of the process's resident memory over one upload of each
//!     kind is printed.
//!
//! `cargo bench -p m2view --bench world` (the load cases need the corpus).

use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use m2view::app::command::Command as UiCommand;
use m2view::app::state::{AppState, Current};
use m2view::app::viewport::SceneView;
use m2view::open::{OpenOptions, Opened};
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
    g.bench_function("bake_continent4229", |b| b.iter(|| m2view::export::terrain::bake(&tile, &grey).unwrap()));
    g.finish();
}

fn stormwind_frames(c: &mut Criterion, gpu: &Gpu) {
    let dir = std::env::temp_dir().join(format!("m2view-bench-world-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let root = stormwind(&dir);
    let opts = OpenOptions::default();
    let o = Opened::open(&root, &opts).unwrap();
    let wmo = o.lm.wmo.clone().unwrap();
    let (placed, warnings) = m2view::world::load_doodads(&o.lm, &wmo, 0, &opts);
    assert!(warnings.is_empty(), "{warnings:?}");
    eprintln!(
        "stormwind-sized WMO: {} groups, {} triangles, {} doodads of {} models",
        wmo.groups.len(),
        o.lm.model.triangle_count(0),
        placed.len(),
        20
    );
    let mut view = SceneView::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let textures = m2view::textures::load_textures(&o.lm, view.supports_bc(), [255, 0, 0], &mut Vec::new());
    view.set_model(&o.lm.model, &textures);
    let mut egui = egui_wgpu::Renderer::new(&gpu.device, OFFSCREEN_FORMAT, egui_wgpu::RendererOptions::default());
    let mut state = AppState::new(opts.clone(), false);
    state.current = Some(Current::new(o, None, vec![]));
    state.send(UiCommand::Frame(m2view_render::camera::Preset::Iso.direction()));
    let mut g = c.benchmark_group("stormwind");
    g.sample_size(10);
    for (name, shared) in [("shared", true), ("per_placement", false)] {
        let cur = state.current.as_mut().unwrap();
        cur.attached.clear();
        // Without sharing each placement holds its own copy of its model, as before.
        let own = |p: &m2view::world::Placed| m2view::world::Placed {
            lm: if shared { p.lm.clone() } else { Arc::new((*p.lm).clone()) },
            world: p.world,
            doodad: p.doodad,
        };
        cur.place_doodads(placed.iter().map(own).collect());
        let before = resident_mib();
        view.apply(UiCommand::UploadAttachments, &mut state);
        gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
        eprintln!("resident memory grew by {:.0} MiB over one upload {name}", resident_mib() - before);
        g.bench_function(format!("upload_{name}"), |b| {
            b.iter(|| {
                view.apply(UiCommand::UploadAttachments, &mut state);
                gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            })
        });
        if !shared {
            break;
        }
        view.apply_commands(&mut state);
        g.bench_function(format!("frame_{name}"), |b| {
            b.iter(|| {
                view.advance(&mut state, 16.0);
                let mut enc = gpu.device.create_command_encoder(&Default::default());
                view.render(&mut enc, &mut egui, &mut state, [1280, 720], false);
                gpu.queue.submit([enc.finish()]);
                gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            })
        });
    }
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

fn bench(c: &mut Criterion) {
    load(c);
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    eprintln!("world benchmark on {}", gpu.adapter_summary());
    stormwind_frames(c, &gpu);
}

criterion_group!(benches, bench);
criterion_main!(benches);
