//! `m2view render <file> -o <out.png>`: offscreen rendering to PNG.

use std::path::PathBuf;
use std::time::Instant;

use m2view_anim::{Player, Pose};
use m2view_format::{LoadOptions, SequenceId};
use m2view_render::target::{OFFSCREEN_FORMAT, OffscreenTarget};
use m2view_render::{FrameParams, Gpu, Lighting, Renderer};

use crate::scene;

/// Options of `m2view render`.
#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    /// Model file.
    pub file: PathBuf,
    /// Output PNG.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Image size, WxH.
    #[arg(long, default_value = "512x512")]
    pub size: String,
    /// Sequence index.
    #[arg(long)]
    pub sequence: Option<u16>,
    /// Animation id (first sequence with it); overrides --sequence.
    #[arg(long)]
    pub anim_id: Option<u16>,
    /// Time in the sequence, ms (global sequences run on the same clock).
    #[arg(long, default_value_t = 0.0)]
    pub time: f32,
    /// front|back|left|right|top|iso|model:<n>.
    #[arg(long, default_value = "front")]
    pub camera: String,
    /// LOD (skin profile) index.
    #[arg(long, default_value_t = 0)]
    pub lod: usize,
    /// Comma-separated geoset ids to show (default: what the game shows).
    #[arg(long)]
    pub geosets: Option<String>,
    /// Background colour RRGGBB (transparent when omitted with --transparent).
    #[arg(long, default_value = "303030")]
    pub background: String,
    /// Print a JSON line of render statistics.
    #[arg(long)]
    pub stats: bool,
}

/// Statistics printed by `--stats`.
#[derive(serde::Serialize)]
struct Stats {
    batches: usize,
    triangles: usize,
    bones: usize,
    textures_missing: usize,
    adapter: String,
    render_ms: f64,
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once('x')
        .ok_or_else(|| format!("bad size {s:?}, expected WxH"))?;
    let w: u32 = w.parse().map_err(|_| format!("bad width in {s:?}"))?;
    let h: u32 = h.parse().map_err(|_| format!("bad height in {s:?}"))?;
    if !(1..=8192).contains(&w) || !(1..=8192).contains(&h) {
        return Err(format!("size {s} outside 1..=8192"));
    }
    Ok((w, h))
}

fn parse_color(s: &str) -> Result<[f64; 4], String> {
    let v = u32::from_str_radix(s.trim_start_matches('#'), 16)
        .map_err(|_| format!("bad colour {s:?}"))?;
    let c = |sh: u32| ((v >> sh) & 0xFF) as f64 / 255.0;
    Ok([c(16), c(8), c(0), 1.0])
}

/// Runs the command. `Err((code, message))`: code 2 for bad input files, 1 otherwise.
pub fn run(a: &RenderArgs, opts: &LoadOptions) -> Result<(), (u8, String)> {
    let usage = |e: String| (1, e);
    let (w, h) = parse_size(&a.size).map_err(usage)?;
    let clear = parse_color(&a.background).map_err(usage)?;
    let lm = m2view_format::load_model_file(&a.file, opts).map_err(|e| (2, e.to_string()))?;
    let model = &lm.model;
    let gpu = Gpu::headless().map_err(|e| (1, e.to_string()))?;
    let renderer = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let mut warnings = Vec::new();
    let textures = scene::load_textures(&lm, renderer.supports_bc(), &mut warnings);
    for w in &warnings {
        eprintln!("warning: {w}");
    }
    let mut gm = renderer.upload(model, &textures);

    let mut player = Player::new(model);
    if let Some(id) = a.anim_id {
        player.sequence = model
            .find_sequence(id)
            .ok_or_else(|| (1, format!("no sequence with animation id {id}")))?;
    } else if let Some(s) = a.sequence {
        if s as usize >= model.sequences.len() {
            return Err((
                1,
                format!(
                    "sequence {s} out of range (model has {})",
                    model.sequences.len()
                ),
            ));
        }
        player.sequence = SequenceId(s);
    }
    // Sequence time and the global clock both advance by --time from 0.
    player.looping = true;
    player.advance(model, a.time);

    let aspect = w as f32 / h as f32;
    // Frame the pose as it will be drawn (billboards aside, which need the view).
    let mut pose = Pose::default();
    scene::pose(model, &mut player, glam::Mat4::IDENTITY, &mut pose);
    let bounds = scene::frame_bounds(model, a.lod, &pose.bones);
    let cam = scene::camera_for(model, &a.camera, aspect, bounds).map_err(usage)?;
    let view = cam.view();
    scene::pose(model, &mut player, view, &mut pose);
    let lod = model.lods.get(a.lod).ok_or_else(|| {
        (
            1,
            format!(
                "LOD {} out of range (model has {})",
                a.lod,
                model.lods.len()
            ),
        )
    })?;
    let geosets: std::collections::BTreeSet<u16> = match &a.geosets {
        Some(list) => list
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.trim()
                    .parse::<u16>()
                    .map_err(|_| (1, format!("bad geoset id {s:?}")))
            })
            .collect::<Result<_, _>>()?,
        None => scene::default_geosets(lod),
    };
    let visible = |id: u16| geosets.contains(&id);
    let params = FrameParams {
        view,
        proj: cam.proj(aspect),
        lod: a.lod,
        geoset_visible: &visible,
        pose: &pose,
        model_alpha: 1.0,
        lighting: Lighting::default(),
    };

    let target = OffscreenTarget::new(&gpu.device, w, h);
    let start = Instant::now();
    let stats = renderer.prepare(&mut gm, model, &params);
    let mut enc = gpu.device.create_command_encoder(&Default::default());
    {
        let mut pass = target.begin_pass(&mut enc, clear);
        renderer.draw(&gm, &mut pass);
    }
    gpu.queue.submit([enc.finish()]);
    let pixels = target
        .read_rgba(&gpu.device, &gpu.queue)
        .map_err(|e| (1, e.to_string()))?;
    let render_ms = start.elapsed().as_secs_f64() * 1000.0;
    image::save_buffer(&a.output, &pixels, w, h, image::ExtendedColorType::Rgba8)
        .map_err(|e| (1, format!("{}: {e}", a.output.display())))?;
    if a.stats {
        let s = Stats {
            batches: stats.batches,
            triangles: stats.triangles,
            bones: model.bones.len(),
            textures_missing: gm.missing_textures,
            adapter: gpu.adapter_summary(),
            render_ms,
        };
        println!(
            "{}",
            serde_json::to_string(&s).map_err(|e| (1, e.to_string()))?
        );
    }
    Ok(())
}
