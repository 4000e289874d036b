//! A model drawn into images: a [`RenderRequest`] (size, time, camera,
//! what is placed with the model) drawn through the scene offscreen and
//! read back — one frame ([`render_image`]), the frames of a playing
//! sequence ([`render_frames`]: video), turntables ([`write_turntable`]:
//! GIF, APNG, numbered PNGs). The `render` command and the window's
//! turntable recording draw here. Deterministic: the same request gives
//! the same image.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use m2view_anim::ModelInstance;
use m2view_format::{LoadedModel, SequenceId};
use m2view_render::camera::CameraSpec;
use m2view_render::target::OFFSCREEN_FORMAT;
use m2view_render::{Gpu, Renderer};
use web_time::Instant;

use crate::crowd::Crowd;
use crate::{Body, Placed, Scene, SceneGpu, SceneOptions};

/// Why a request was not drawn or written.
#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    /// A sequence the model lacks.
    #[error("sequence {sequence} out of range (model has {count})")]
    Sequence {
        /// The sequence asked for (index).
        sequence: u16,
        /// How many the model has.
        count: usize,
    },
    /// A LOD (skin profile) the model lacks.
    #[error("LOD {lod} out of range (model has {count})")]
    Lod {
        /// The LOD asked for.
        lod: usize,
        /// How many the model has.
        count: usize,
    },
    /// A camera the model does not have, or one that cannot frame it.
    #[error(transparent)]
    Camera(#[from] m2view_render::camera::CameraError),
    /// No GPU device, or a read-back that failed.
    #[error(transparent)]
    Gpu(#[from] m2view_render::RenderError),
    /// No frames, or a frame rate that is not positive.
    #[error("--frames and --fps must be positive")]
    Frames,
    /// A read-back of another size than asked (a driver's fault).
    #[error("a frame came back at another size than asked")]
    FrameSize,
    /// A file that cannot be created or renamed.
    #[error("{}: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// An image file that does not encode or write (PNG, GIF, APNG).
    #[error("{}: {message}", path.display())]
    Encode {
        /// The file.
        path: PathBuf,
        /// The encoder's message.
        message: String,
    },
}

impl DrawError {
    fn encode(path: &Path, e: impl std::fmt::Display) -> DrawError {
        DrawError::Encode { path: path.to_path_buf(), message: e.to_string() }
    }
}

/// What to draw of a model and how: size, time, camera, what is placed
/// with it (the `render` command's options, the window's turntable).
#[derive(Debug, Clone)]
pub struct RenderRequest {
    /// Image width.
    pub width: u32,
    /// Image height.
    pub height: u32,
    /// Sequence index (`None`: Stand, else sequence 0).
    pub sequence: Option<SequenceId>,
    /// Time in ms (sequence time and global clock).
    pub time_ms: f32,
    /// Camera.
    pub camera: m2view_render::camera::CameraSpec,
    /// LOD index.
    pub lod: usize,
    /// Geosets to show (`None`: game defaults).
    pub geosets: Option<std::collections::BTreeSet<u16>>,
    /// Clear colour RGBA 0..1.
    pub background: [f64; 4],
    /// Warcraft III team colour for replaceable ids 1 and 2 (sRGB bytes).
    pub team_color: [u8; 3],
    /// When a sequence ends, move on to another variation of its animation as
    /// the game picks them (by frequency) instead of repeating it.
    pub variations: bool,
    /// Light with the model's own lights too (the client's look; on by default).
    pub model_lights: bool,
    /// Copies drawn on a grid (1: the model alone); see [`Crowd`].
    pub crowd: usize,
    /// Animate a crowd on the CPU, one draw per copy and batch, even where
    /// the GPU path is available.
    pub cpu_animation: bool,
    /// Simulate the model's particles on the GPU (where the device and the
    /// model's emitters allow) rather than on the CPU.
    pub gpu_particles: bool,
    /// Models placed beside the host: on its attachment points (each plays
    /// its own sequence at the same time and follows its attachment's
    /// bone), on its skeleton, at fixed placements (doodads, a tile's).
    pub attachments: Vec<Placed>,
    /// The host's composed body texture (a character's; `None`: none).
    pub body: Option<Arc<dyn Body>>,
    /// The models the host's emitters spawn, by source
    /// ([`crate::spawned::Spawned::emitter`]).
    pub spawn_models: Vec<Option<Arc<LoadedModel>>>,
    /// Fog where the eye is inside a WMO (the model, or one placed on the
    /// tile drawn) that has one ([`crate::world::fog`]).
    pub fog: bool,
    /// The WMO's skybox model (`MOSB`), drawn around the eye where an
    /// interior group it sees shows it ([`crate::portals::shows_skybox`]).
    pub sky: Option<Arc<LoadedModel>>,
}

impl RenderRequest {
    /// A `width` × `height` frame of the model alone through `camera`: Stand
    /// (or sequence 0) at 0 ms, LOD 0, its default geosets, a dark
    /// background (0.1, 0.1, 0.12), its own lights, animated and particles
    /// as the device allows.
    pub fn new(width: u32, height: u32, camera: m2view_render::camera::CameraSpec) -> RenderRequest {
        RenderRequest {
            width,
            height,
            sequence: None,
            time_ms: 0.0,
            camera,
            lod: 0,
            geosets: None,
            background: [0.1, 0.1, 0.12, 1.0],
            team_color: m2view_render::texture::DEFAULT_TEAM_COLOR,
            variations: false,
            model_lights: true,
            crowd: 1,
            cpu_animation: false,
            gpu_particles: false,
            attachments: Vec::new(),
            body: None,
            spawn_models: Vec::new(),
            fog: true,
            sky: None,
        }
    }
}

/// Statistics of one render (`--stats`).
#[derive(Debug, Clone, serde::Serialize)]
pub struct Stats {
    /// Batches drawn.
    pub batches: usize,
    /// Triangles drawn.
    pub triangles: usize,
    /// Bones.
    pub bones: usize,
    /// Textures drawn with the missing placeholder.
    pub textures_missing: usize,
    /// GPU adapter.
    pub adapter: String,
    /// Wall time of prepare + draw + read-back, ms.
    pub render_ms: f64,
    /// Live particles at the rendered time.
    pub particles: usize,
    /// Live ribbon edges at the rendered time.
    pub ribbon_edges: usize,
    /// The sequence shown (index; another variation than asked with `--variations`).
    pub sequence: u16,
    /// Where the copies were animated: `"gpu"` (compute pass, instanced
    /// draws) or `"cpu"`.
    pub animation: &'static str,
    /// Where the particles were simulated: `"gpu"` or `"cpu"`.
    pub particle_simulation: &'static str,
    /// Where the batch shader read the bone palette: `"storage"` buffers, or
    /// `"uniform"` where the device's vertex shaders cannot read storage
    /// (WebGL2, `--backend webgl2`; at most 256 bones).
    pub bone_palette: &'static str,
    /// Every geoset id drawn (of the model drawn).
    pub geosets: Vec<u16>,
    /// The camera used (`front`, `iso`, `yaw:30`, `model:0`; what `auto` chose).
    pub camera: String,
    /// The time drawn, ms (what --all chose when --time was not given).
    pub time_ms: f32,
    /// Models drawn that emitters spawned (Warcraft III `PREM`).
    pub spawned_models: usize,
    /// The WMO fog drawn: start and end (model units from the eye) and
    /// colour `RRGGBB`; `None` where the eye is in no WMO with a fog (or
    /// `--no-fog`).
    pub fog: Option<(f32, f32, String)>,
}

/// Renders a loaded model offscreen; returns RGBA8 rows (top first) and stats.
pub fn render_image(
    gpu: &Gpu,
    renderer: &Renderer,
    lm: &LoadedModel,
    r: &RenderRequest,
) -> Result<(Vec<u8>, Stats), DrawError> {
    let mut scene = upload(renderer, lm, r);
    render_uploaded(gpu, renderer, lm, &mut scene, r)
}

/// The GPU side of what `r` draws of `lm` ([`render_uploaded`]): the model
/// (with its body texture and the request's team colour), what is placed
/// beside it, the models its emitters spawn and its skybox, each model
/// uploaded once. Upload failures are printed as warnings.
pub fn upload(renderer: &Renderer, lm: &LoadedModel, r: &RenderRequest) -> SceneGpu {
    let mut warnings: Vec<String> = renderer.palette().shortfall(lm.model.bones.len()).into_iter().collect();
    let mut scene = SceneGpu::new(r.team_color);
    let gm = scene.upload(renderer, lm, r.body.as_deref(), &mut warnings);
    scene.set_model(renderer, &lm.model, gm, r.gpu_particles);
    scene.set_placed(renderer, &r.attachments, &mut warnings);
    scene.set_spawned(renderer, &r.spawn_models, &mut warnings);
    scene.set_sky(renderer, r.sky.as_deref(), &mut warnings);
    for w in &warnings {
        eprintln!("warning: {w}");
    }
    scene
}

/// [`render_image`] of a model already uploaded as `scene` ([`upload`]):
/// frame sequences upload once. The model plays from 0 to the request's
/// time in 30 Hz steps, so its particles are simulated on the way
/// (deterministic: the same file, sequence and time give the same image).
pub fn render_uploaded(
    gpu: &Gpu,
    renderer: &Renderer,
    lm: &LoadedModel,
    scene: &mut SceneGpu,
    r: &RenderRequest,
) -> Result<(Vec<u8>, Stats), DrawError> {
    let model = &lm.model;
    if !model.lods.is_empty() && r.lod >= model.lods.len() {
        return Err(DrawError::Lod { lod: r.lod, count: model.lods.len() });
    }
    let mut inst = ModelInstance::new(model, 1);
    if let Some(s) = r.sequence {
        if s.index() >= model.sequences.len() {
            return Err(DrawError::Sequence { sequence: s.0, count: model.sequences.len() });
        }
        inst.player.sequence = s;
    }
    inst.player.variations = r.variations;
    let mut t = 0.0;
    while t < r.time_ms {
        let dt = (1000.0 / 30.0f32).min(r.time_ms - t);
        inst.tick(model, dt);
        if let Some(gp) = scene.gpu_particles_mut() {
            let clock = inst.player.clock(model);
            gp.update(&gpu.queue, model, &clock, &inst.pose.bones, dt / 1000.0, glam::Mat4::IDENTITY);
            let mut enc = gpu.device.create_command_encoder(&Default::default());
            renderer.simulate_particles(gp, &mut enc);
            gpu.queue.submit([enc.finish()]);
        }
        t += dt;
    }
    // The frame drawn steps no further: its particles turn to the camera.
    inst.last_step_s = 0.0;
    let mut placed = r.attachments.clone();
    for p in &mut placed {
        p.restart_at(r.time_ms);
    }
    let mut crowd = (r.crowd > 1).then(|| crowd(model, r));
    let mut sky = r.sky.as_ref().map(|s| {
        let mut i = ModelInstance::new(&s.model, 1);
        i.player.advance(&s.model, r.time_ms);
        (s, i)
    });
    let geosets = r.geosets.clone().unwrap_or_else(|| model.default_geosets(r.lod));
    let particles = inst.particles.extent(model);
    let mut view = Scene {
        lm,
        instance: &mut inst,
        lod: r.lod,
        geosets: &geosets,
        placed: &mut placed,
        mount: None,
        crowd: crowd.as_mut(),
        sky: sky.as_mut().map(|(s, i)| (&s.model, i)),
        disabled_emitters: &[],
        options: SceneOptions {
            model_lights: r.model_lights,
            fog: r.fog,
            portal_culling: false,
            cpu_animation: r.cpu_animation,
            ..SceneOptions::default()
        },
    };
    // Frame the pose as it will be drawn (billboards aside, which need the view).
    let bounds = scene.bounds(&mut view, particles);
    let aspect = r.width as f32 / r.height as f32;
    let clock = view.instance.player.clock(model);
    let cam = m2view_render::camera::camera_for(model, r.camera, aspect, bounds, &clock)?;
    let start = Instant::now();
    let (pixels, drawn) = crate::offscreen::draw(gpu, renderer, scene, view, &cam, (r.width, r.height), r.background)?;
    let stats = Stats {
        batches: drawn.stats.batches,
        triangles: drawn.stats.triangles,
        bones: model.bones.len(),
        textures_missing: scene.missing_textures(),
        adapter: gpu.adapter_summary(),
        render_ms: start.elapsed().as_secs_f64() * 1000.0,
        particles: inst.particles.live(),
        ribbon_edges: inst.ribbons.edges(),
        sequence: inst.player.sequence.0,
        animation: if drawn.gpu_animation { "gpu" } else { "cpu" },
        particle_simulation: if scene.simulates_particles_on_gpu() { "gpu" } else { "cpu" },
        bone_palette: renderer.palette().name(),
        geosets: model.geoset_ids().intersection(&geosets).copied().collect(),
        camera: r.camera.to_string(),
        time_ms: r.time_ms,
        spawned_models: drawn.spawned_models,
        fog: drawn.fog.map(|f| {
            let [r, g, b] = f.rgb8();
            (f.start, f.end, format!("{r:02X}{g:02X}{b:02X}"))
        }),
    };
    Ok((pixels, stats))
}

/// The `r.crowd` copies of `model` ([`Crowd`]) at the request's time, a
/// copy's largest extent (at its first pose) × 1.2 apart.
fn crowd(model: &m2view_format::Model, r: &RenderRequest) -> Crowd {
    let mut one = ModelInstance::new(model, 1);
    one.pose(model, glam::Mat4::IDENTITY);
    let (lo, hi) = m2view_render::camera::frame_bounds(model, r.lod, &one.pose.bones, None);
    let mut crowd = Crowd::new(model, r.crowd, (hi - lo).truncate().max_element().max(1e-3) * 1.2);
    for inst in &mut crowd.instances[1..] {
        inst.player.advance(model, r.time_ms);
    }
    crowd
}

/// The turntable view of frame `k` of `frames`: yaw `360°·k/frames`, 20° up.
pub fn turn(k: u32, frames: u32) -> CameraSpec {
    CameraSpec::Yaw(360.0 * k as f32 / frames as f32)
}

/// Renders `frames` frames of `lm` on a headless device of its own: frame
/// `k` at `t = req.time_ms + k·1000/fps` ms, through `camera(k, t)`. Each frame (RGBA, `req.width × req.height`) goes to `each`
/// with its index; an error from `each` stops the render. Errors: no
/// frames, a rate that is not positive, a device or render failure.
pub fn render_frames<E: From<DrawError>>(
    lm: &LoadedModel,
    req: &RenderRequest,
    frames: u32,
    fps: f32,
    camera: &dyn Fn(u32, f32) -> CameraSpec,
    each: &mut dyn FnMut(u32, image::RgbaImage) -> Result<(), E>,
) -> Result<(), E> {
    if frames == 0 || fps.is_nan() || fps <= 0.0 {
        return Err(DrawError::Frames.into());
    }
    let gpu = Gpu::headless().map_err(DrawError::from)?;
    let renderer = Renderer::new(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT);
    let mut scene = upload(&renderer, lm, req);
    for k in 0..frames {
        let time_ms = req.time_ms + k as f32 * 1000.0 / fps;
        let r = RenderRequest { camera: camera(k, time_ms), time_ms, ..req.clone() };
        let (pixels, _) = render_uploaded(&gpu, &renderer, lm, &mut scene, &r)?;
        let img = image::RgbaImage::from_raw(r.width, r.height, pixels).ok_or(DrawError::FrameSize)?;
        each(k, img)?;
    }
    Ok(())
}

/// A turntable of `lm`: `frames` views around it (yaw 0 → 360°, 20° up)
/// while its sequence plays from `req.time_ms` at `fps`, written to `out` as
/// a looping animated GIF (`.gif`), a looping animated PNG keeping the
/// alpha of a transparent background (`.apng`, written whole under a
/// temporary name, then renamed), or as numbered PNGs `<out>_0000.png`, ...
/// otherwise. `progress` is called after each frame.
/// Opens its own headless device (the window calls it from a worker thread).
pub fn write_turntable(
    lm: &LoadedModel,
    req: &RenderRequest,
    frames: u32,
    fps: f32,
    out: &std::path::Path,
    progress: &dyn Fn(u32),
) -> Result<(), DrawError> {
    let ext = out.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    let (gif, apng) = (ext == "gif", ext == "apng");
    let mut images = Vec::new();
    render_frames::<DrawError>(lm, req, frames, fps, &|k, _| turn(k, frames), &mut |k, img| {
        if gif || apng {
            images.push(img);
        } else {
            let path = std::path::PathBuf::from(format!("{}_{k:04}.png", out.with_extension("").display()));
            img.save(&path).map_err(|e| DrawError::encode(&path, e))?;
        }
        progress(k + 1);
        Ok(())
    })?;
    if apng {
        return write_apng(&images, fps, out);
    }
    if gif {
        let file = std::fs::File::create(out).map_err(|error| DrawError::Write { path: out.to_path_buf(), error })?;
        let mut enc = image::codecs::gif::GifEncoder::new_with_speed(std::io::BufWriter::new(file), 10);
        enc.set_repeat(image::codecs::gif::Repeat::Infinite).map_err(|e| DrawError::encode(out, e))?;
        let delay = image::Delay::from_numer_denom_ms(1000, fps.round().max(1.0) as u32);
        enc.encode_frames(images.into_iter().map(|f| image::Frame::from_parts(f, 0, 0, delay)))
            .map_err(|e| DrawError::encode(out, e))?;
    }
    Ok(())
}

/// `frames` (RGBA, one size) as an animated PNG looping forever at `fps`,
/// each frame replacing the last (alpha kept: a transparent background stays
/// transparent); written under `<out>.part`, then renamed.
fn write_apng(frames: &[image::RgbaImage], fps: f32, out: &std::path::Path) -> Result<(), DrawError> {
    let Some(first) = frames.first() else { return Err(DrawError::Frames) };
    let tmp = out.with_extension("apng.part");
    let write = || -> Result<(), png::EncodingError> {
        let file = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        let mut enc = png::Encoder::new(file, first.width(), first.height());
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_animated(frames.len() as u32, 0)?;
        // The delay as a fraction of a second: 1000 / (fps × 1000) keeps fractional rates.
        enc.set_frame_delay(1000, (fps * 1000.0).round().clamp(1.0, 65535.0) as u16)?;
        enc.set_blend_op(png::BlendOp::Source)?;
        enc.set_dispose_op(png::DisposeOp::None)?;
        let mut w = enc.write_header()?;
        for f in frames {
            w.write_image_data(f.as_raw())?;
        }
        w.finish()
    };
    if let Err(e) = write() {
        let _ = std::fs::remove_file(&tmp);
        return Err(DrawError::encode(out, e));
    }
    std::fs::rename(&tmp, out).map_err(|error| DrawError::Write { path: out.to_path_buf(), error })
}
