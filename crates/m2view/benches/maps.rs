//! What whole maps cost (issue "Whole maps"): the self-drawn minimap of a
//! map of all 64 × 64 tiles — each the real `continent4229.adt`
//! (wowserhq_format; hard links of the one file, as no whole map is in
//! the corpus) with its terrain textures as one-colour BLPs — drawn at
//! 1024 × 1024 (`render map:X --minimap=drawn`): total and per tile; and
//! `export map:X --tiles` of a 4 × 4 corner to glTF (the `m2view` binary,
//! start-up included): total and per tile; and a fly-over of the map
//! (with a generated WDL of all its tiles), each in its own process so that
//! its peak memory is its own:
//!
//! - "stream": the eye crosses the map at 2,000 yards a second (frames of
//!   16 ms, nothing drawn) with the window's streamer
//!   (`m2view_app::streaming`, 3 tiles kept on each side, a 256 MiB bound):
//!   tiles streamed per second, the streamer's own count of what it kept
//!   against its bound, and the process's peak memory (`VmHWM`);
//! - "frames": the eye flies at the window's map pace (160 yards a second)
//!   over tiles moved to their places (`fixtures::adt::moved`)
//!   while every frame is drawn at 1280 × 720 through `m2view_scene` as the
//!   window draws (the WDL as the root, tiles uploaded as they arrive with
//!   their textures decoded on the worker, models to 1,200 yards): frame
//!   times (median, 95th percentile, worst) while tiles stream;
//!   `M2VIEW_FLY_PICTURE=out.png` keeps its last frame.
//!
//! `cargo bench -p m2view --bench maps` (needs the corpus). Without
//! `--bench` (`cargo test --benches`) it draws a 4 × 4 corner, as a check.

use std::path::Path;
use std::time::Instant;

use m2view_format::adt::{Adt, FileRef, Wdt};

fn main() {
    if let Some(k) = std::env::args().position(|a| a == "--fly") {
        let what = std::env::args().nth(k + 1).unwrap_or_default();
        let dir = std::path::PathBuf::from(std::env::args().nth(k + 2).unwrap_or_default());
        return fly(&what, &dir);
    }
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let side: u8 = if std::env::args().any(|a| a == "--bench") { 64 } else { 4 };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("m2view-maps-bench-{side}"));
    let tiles_dir = dir.join("World/Maps/Whole");
    let src = samples.join("wowserhq_format/fixture/map/continent4229.adt");
    if !tiles_dir.join("Whole.wdt").exists() {
        std::fs::create_dir_all(&tiles_dir).unwrap();
        let bytes = std::fs::read(&src).unwrap();
        for (k, t) in Adt::parse(&bytes, "continent4229.adt").unwrap().textures.iter().enumerate() {
            if let FileRef::Path(p) = t {
                let p = dir.join(p.replace('\\', "/"));
                std::fs::create_dir_all(p.parent().unwrap()).unwrap();
                let rgba = [60 + (k * 29 % 150) as u8, 110, 70, 255].repeat(16);
                std::fs::write(p, m2view_format::blp::write_blp2_raw(4, 4, &[rgba])).unwrap();
            }
        }
        let first = tiles_dir.join("Whole_0_0.adt");
        std::fs::copy(&src, &first).unwrap();
        let mut tiles = Vec::new();
        for y in 0..side {
            for x in 0..side {
                let p = tiles_dir.join(format!("Whole_{x}_{y}.adt"));
                if !p.exists() && std::fs::hard_link(&first, &p).is_err() {
                    std::fs::copy(&first, &p).unwrap();
                }
                tiles.push([x, y]);
            }
        }
        std::fs::write(
            tiles_dir.join("Whole.wdt"),
            Wdt { version: 18, flags: 0, tiles, global_wmo: None, file_ids: None }.write(),
        )
        .unwrap();
    }
    // The distant terrain: every tile's WDL heights the real tile's, as the client's WDL
    // samples its tiles (the outer points every 8th height, the inner ones between them).
    let adt = Adt::parse(&std::fs::read(&src).unwrap(), "continent4229.adt").unwrap();
    let h = m2view_app::maps::heightmap(&adt);
    let side_h = m2view_app::maps::HEIGHTMAP_SIDE;
    let at = |r: usize, c: usize| h[r * side_h + c].round() as i16; // (saturating; a missing chunk, NaN, is 0)
    let (outer, inner) = (m2view_format::adt::wdl::OUTER, m2view_format::adt::wdl::OUTER - 1);
    let heights: Vec<i16> = (0..outer * outer)
        .map(|k| at(k / outer * 8, k % outer * 8))
        .chain((0..inner * inner).map(|k| at(k / inner * 8 + 4, k % inner * 8 + 4)))
        .collect();
    let tiles = (0..side).flat_map(|y| (0..side).map(move |x| [x, y]));
    let wdl = m2view_format::adt::Wdl {
        version: 18,
        tiles: tiles.map(|tile| m2view_format::adt::wdl::WdlTile { tile, heights: heights.clone() }).collect(),
    };
    std::fs::write(tiles_dir.join("Whole.wdl"), wdl.write()).unwrap();
    let mut vfs = m2view_data::Vfs::new();
    vfs.add_spec(&dir, &m2view_data::SpecOptions::default()).unwrap();
    let mut opts = m2view_app::open::OpenOptions::default();
    opts.load.data = Some(std::sync::Arc::new(vfs));
    let map = m2view_app::maps::open("Whole", &opts).unwrap();
    let t = Instant::now();
    let m = m2view_app::minimap::render(&map, 1024, 1024, m2view_app::minimap::Source::Drawn, [0, 0, 0, 255]).unwrap();
    let s = t.elapsed().as_secs_f64();
    assert_eq!(m.drawn, usize::from(side) * usize::from(side), "{:?}", m.warnings.first());
    println!(
        "self-drawn minimap of {} tiles at 1024x1024: {s:.2} s, {:.1} ms per tile",
        m.drawn,
        s * 1000.0 / m.drawn as f64
    );
    // `export map:Whole --tiles` of a 4 × 4 corner to glTF, as a user runs it.
    let out = dir.join("corner.glb");
    let t = Instant::now();
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_m2view"))
        .args([
            "export",
            "--data",
            &dir.to_string_lossy(),
            "map:Whole",
            "--tiles",
            "0_0..3_3",
            "-o",
            &out.to_string_lossy(),
        ])
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let s = t.elapsed().as_secs_f64();
    let mb = std::fs::metadata(&out).map_or(0, |m| m.len()) as f64 / 1e6;
    println!("export of 16 tiles to glTF: {s:.2} s, {:.2} s per tile, {mb:.1} MB", s / 16.0);
    if side == 64 {
        // The tiles the drawn fly-over passes (x 0–17, y 30–34) moved to their places (the
        // links above all stand where the real tile does): a link is replaced, never written through.
        let bytes = std::fs::read(&src).unwrap();
        for (x, y) in (0..18).flat_map(|x| (30..35).map(move |y| (x, y))) {
            let p = tiles_dir.join(format!("Whole_{x}_{y}.adt"));
            let _ = std::fs::remove_file(&p);
            std::fs::write(&p, m2view_format::fixtures::adt::moved(&bytes, x - 42, y - 29)).unwrap();
        }
        for what in ["stream", "frames"] {
            let run = std::process::Command::new(std::env::current_exe().unwrap())
                .args(["--fly", what, &dir.to_string_lossy()])
                .status()
                .unwrap();
            assert!(run.success(), "the {what} fly-over failed");
        }
    }
}

/// The process's peak resident memory, MiB (`VmHWM`; 0 where unknown).
fn peak_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").parse::<f64>().ok());
    kb.unwrap_or(0.0) / 1024.0
}

/// One fly-over of map `Whole` under `dir` from west to east along row 32 (see the module's text).
fn fly(what: &str, dir: &Path) {
    use m2view_app::maps::WholeMap;
    use m2view_app::streaming::{StreamSettings, Streamer};
    let mut vfs = m2view_data::Vfs::new();
    vfs.add_spec(dir, &m2view_data::SpecOptions::default()).unwrap();
    let mut opts = m2view_app::open::OpenOptions::default();
    opts.load.data = Some(std::sync::Arc::new(vfs));
    let map = std::sync::Arc::new(m2view_app::maps::open("Whole", &opts).unwrap());
    // Above the real tile's highest point (263 yards).
    let start = WholeMap::tile_centre([2, 32]) + glam::Vec3::Z * 500.0;
    // East is −y in world space (x of the grid grows as world y falls).
    let east = -glam::Vec3::Y;
    let team = m2view_render::texture::DEFAULT_TEAM_COLOR;
    if what == "stream" {
        let settings = StreamSettings { radius: 3, memory_mib: 256 };
        let mut st = Streamer::new(map, opts, settings, false, team);
        let (mut placed, mut warnings) = (Vec::new(), Vec::new());
        let t = Instant::now();
        let mut eye = start;
        while WholeMap::tile_under(eye).is_some_and(|t| t[0] < 61) {
            st.update(eye, &mut placed, &mut warnings);
            std::thread::sleep(std::time::Duration::from_millis(16));
            eye += east * 2000.0 * 0.016;
        }
        let s = t.elapsed().as_secs_f64();
        let x = st.stats;
        println!(
            "fly-over, streaming only: {} tiles in {s:.1} s; the worker loads {:.1} tiles a second ({:.0} ms a tile); \
             {} let go; kept at most {:.0} MiB of the {} MiB bound; process peak {:.0} MiB",
            x.loaded,
            x.loaded as f64 * 1000.0 / x.load_ms,
            x.load_ms / x.loaded as f64,
            x.evicted,
            x.peak_bytes as f64 / (1 << 20) as f64,
            settings.memory_mib,
            peak_mib()
        );
        return;
    }
    frames(map, opts, start, east);
}

/// The "frames" fly-over: every frame drawn as the window draws it.
fn frames(
    map: std::sync::Arc<m2view_app::maps::WholeMap>,
    opts: m2view_app::open::OpenOptions,
    start: glam::Vec3,
    east: glam::Vec3,
) {
    use m2view_app::streaming::{StreamSettings, Streamer};
    use m2view_render::target::{OFFSCREEN_FORMAT, OffscreenTarget};
    use m2view_render::{FrameBuilder, Gpu, Renderer};
    use m2view_scene::{Scene, SceneGpu, SceneOptions};
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    let renderer = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let (w, h) = (1280, 720);
    let target = OffscreenTarget::new(&gpu.device, w, h);
    let team = m2view_render::texture::DEFAULT_TEAM_COLOR;
    let (_, wdl) = map.wdl().unwrap().unwrap();
    let mut root = m2view_format::LoadedModel::empty(Path::new("Whole.wdl"));
    root.model = wdl.to_model("Whole distant terrain").unwrap();
    root.texture_files = vec![None; root.model.textures.len()];
    let mut scene = SceneGpu::new(team);
    let gm = scene.upload(&renderer, &root, None, &mut Vec::new());
    scene.set_model(&renderer, &root.model, gm, false);
    let mut instance = m2view_anim::ModelInstance::new(&root.model, 1);
    let all: std::collections::BTreeSet<u16> = root.model.lods[0].submeshes.iter().map(|m| m.geoset_id).collect();
    let mut geosets = all.clone();
    let settings = StreamSettings { radius: 2, memory_mib: 1024 };
    let mut st = Streamer::new(map, opts, settings, renderer.supports_bc(), team);
    let (mut placed, mut warnings) = (Vec::new(), Vec::new());
    let (mut eye, mut times) = (start, Vec::new());
    let t0 = Instant::now();
    let mut dt = 0.016f32;
    while t0.elapsed().as_secs() < 30 {
        let t = Instant::now();
        eye += east * 160.0 * dt.min(0.25);
        let changed = st.update(eye, &mut placed, &mut warnings);
        if changed {
            scene.set_placed_decoded(&renderer, &placed, &mut st.decoded, &mut warnings);
            let kept: std::collections::HashSet<u16> =
                st.kept().map(|t| u16::from(t[1]) * 64 + u16::from(t[0])).collect();
            geosets = all.iter().copied().filter(|g| !kept.contains(g)).collect();
        }
        let cam = m2view_render::camera::Camera {
            eye,
            target: eye + east * 400.0 - glam::Vec3::Z * 220.0,
            up: glam::Vec3::Z,
            fov_y: 0.9,
            near: 0.8,
            far: 8000.0,
            ortho: None,
        };
        let view = Scene {
            lm: &root,
            instance: &mut instance,
            lod: 0,
            geosets: &geosets,
            placed: &mut placed,
            mount: None,
            crowd: None,
            sky: None,
            disabled_emitters: &[],
            options: SceneOptions { draw_distance: 1200.0, ..SceneOptions::default() },
        };
        let mut enc = gpu.device.create_command_encoder(&Default::default());
        scene.prepare(&renderer, &gpu.queue, view, &cam, w as f32 / h as f32, &mut enc);
        {
            let mut pass = target.begin_pass(&mut enc, [0.4, 0.5, 0.7, 1.0]);
            let mut frame = FrameBuilder::new();
            scene.add_to(&mut frame);
            renderer.record(&mut frame, &mut pass);
        }
        gpu.queue.submit([enc.finish()]);
        gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
        dt = t.elapsed().as_secs_f32();
        times.push((dt * 1000.0, changed));
    }
    // M2VIEW_FLY_PICTURE=out.png: the last frame, as docs/world.md shows it.
    if let Some(out) = std::env::var_os("M2VIEW_FLY_PICTURE") {
        let rgba = target.read_rgba(&gpu.device, &gpu.queue).unwrap();
        image::save_buffer(&out, &rgba, w, h, image::ExtendedColorType::Rgba8).unwrap();
    }
    // The median, the 95th percentile and the worst of the frames `which` picks, ms.
    let spread = |which: &dyn Fn(bool) -> bool| {
        let mut v: Vec<f32> = times.iter().filter(|t| which(t.1)).map(|t| t.0).collect();
        v.sort_by(f32::total_cmp);
        let at = |q: f64| v.get(((v.len().max(1) - 1) as f64 * q).round() as usize).copied().unwrap_or(0.0);
        format!(
            "{} frames: median {:.1} ms, 95th percentile {:.1} ms, worst {:.1} ms",
            v.len(),
            at(0.5),
            at(0.95),
            at(1.0)
        )
    };
    println!(
        "fly-over drawn at {w}x{h} on {} while {} tiles streamed: all {}; those that uploaded arrived tiles {}; \
         the others {}; process peak {:.0} MiB",
        gpu.adapter_summary(),
        st.stats.loaded,
        spread(&|_| true),
        spread(&|c| c),
        spread(&|c| !c),
        peak_mib()
    );
}
