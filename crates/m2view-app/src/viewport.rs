//! The one bridge between the 3D renderer and egui: the model is drawn into
//! an offscreen target (the same path as `m2view render`) sized to the view
//! panel, in the window surface's format. The window copies that image
//! straight onto the surface under egui's panels ([`SceneView::blit`]; a
//! software rasterizer pays dearly for sampling it), or, where the surface
//! cannot be a copy destination, egui shows it as an image.

use m2view_render::target::OffscreenTarget;
use m2view_render::{FrameStats, GpuModel, Renderer, TextureData};
use m2view_scene::{SceneGpu, SceneOptions};

use super::command::Command;
use super::state::{AppState, CameraMode};

/// GPU side of the 3D view.
pub struct SceneView {
    device: wgpu::Device,
    queue: wgpu::Queue,
    format: wgpu::TextureFormat,
    renderer: Renderer,
    /// A framing asked for, done at the next render with a model (it needs
    /// the view's aspect).
    frame: Option<glam::Vec3>,
    lines: m2view_render::lines::LineRenderer,
    /// The open model and all that is placed with it.
    scene: SceneGpu,
    /// What the model loses with the device's bone palette (`Palette::shortfall`).
    palette_shortfall: Option<String>,
    target: Option<OffscreenTarget>,
    /// The egui texture showing the target.
    pub texture: Option<egui::TextureId>,
    /// What the last frame drew.
    pub stats: FrameStats,
    /// Models the open model's emitters had spawned in the last frame.
    pub spawned_models: usize,
}

impl SceneView {
    /// Creates the renderer for `device`, drawing in colour `format` (the surface's).
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue, format: wgpu::TextureFormat) -> SceneView {
        SceneView {
            device: device.clone(),
            queue: queue.clone(),
            format,
            renderer: Renderer::new(device, queue, format),
            frame: None,
            lines: m2view_render::lines::LineRenderer::new(device, format),
            scene: SceneGpu::new(m2view_render::texture::DEFAULT_TEAM_COLOR),
            palette_shortfall: None,
            target: None,
            texture: None,
            stats: FrameStats::default(),
            spawned_models: 0,
        }
    }

    /// Whether BC textures can stay compressed.
    pub fn supports_bc(&self) -> bool {
        self.renderer.supports_bc()
    }

    /// Uploads a newly loaded model (replacing the previous one and all
    /// that was placed with it), its particles simulated on the GPU where
    /// the device and its emitters allow.
    pub fn set_model(&mut self, model: &m2view_format::Model, textures: &[Option<TextureData>]) {
        let gm = self.renderer.upload(model, textures);
        self.scene.set_model(&self.renderer, model, gm, true);
        self.palette_shortfall = self.renderer.palette().shortfall(model.bones.len());
    }

    /// Uploads the models the open model's emitters spawn (by source,
    /// `crate::spawned::load`), in team colour `team` (as later uploads);
    /// each frame then draws them where the simulation has them.
    pub fn set_spawned(&mut self, models: &[Option<std::sync::Arc<m2view_format::LoadedModel>>], team: [u8; 3]) {
        self.scene.set_team(team);
        self.scene.set_spawned(&self.renderer, models, &mut Vec::new());
    }

    /// A frame's work before the UI: a finished load uploaded (with the
    /// models its emitters spawn and its skybox, in team colour), a
    /// finished indexing taken, the open model's crowd and clock advanced
    /// by `dt_ms`. Returns whether an indexing finished (the panels change).
    pub fn advance(&mut self, state: &mut AppState, dt_ms: f32) -> bool {
        if let Some(textures) = state.poll_loading()
            && let Some(c) = &state.current
        {
            self.set_model(&c.lm.model, &textures);
            self.set_spawned(&c.spawn_models, state.team_color);
            self.scene.set_sky(&self.renderer, c.sky.as_ref().map(|(lm, _)| &**lm), &mut Vec::new());
        }
        state.stream();
        let indexed = state.poll_indexing();
        if let Some(c) = &mut state.current {
            c.set_crowd(state.view.crowd);
            c.tick(dt_ms);
        }
        indexed
    }

    /// Applies the UI's commands in one place; returns where a screenshot of
    /// this frame must go (the front end saves it once the frame is drawn).
    pub fn apply_commands(&mut self, state: &mut AppState) -> Option<std::path::PathBuf> {
        let mut screenshot = None;
        for c in state.take_commands() {
            if let Some(Command::Screenshot(path)) = self.apply(c, state) {
                screenshot = Some(path);
            }
        }
        screenshot
    }

    /// Where crowds are animated and particles simulated, for the status bar.
    pub fn paths(&self) -> String {
        let crowds = if self.renderer.supports_gpu_animation() { "GPU" } else { "CPU" };
        let particles = if self.gpu_particles() { "GPU" } else { "CPU" };
        let bones = self.renderer.palette().name();
        let lost = self.palette_shortfall.as_ref().map_or_else(String::new, |w| format!(" ({w})"));
        format!("animation of crowds: {crowds}, particles: {particles}, bones: {bones} buffer{lost}")
    }

    /// Whether the model's particles are simulated on the GPU (their count
    /// is then not known on the CPU).
    pub fn gpu_particles(&self) -> bool {
        self.scene.simulates_particles_on_gpu()
    }

    /// Textures drawn with the missing placeholder.
    pub fn missing_textures(&self) -> usize {
        self.scene.missing_textures()
    }

    /// Saves the last rendered frame of the 3D view (after the frame's
    /// commands were submitted) as PNG `path` — a download in a browser
    /// (`platform::save`) — once the GPU has copied it; `done` gets the
    /// status line (`saved …` or `screenshot failed: …`). Natively that is
    /// before this returns; in a browser, a frame or two later.
    pub fn save_screenshot(&self, path: std::path::PathBuf, done: impl FnOnce(String) + wgpu::WasmNotSend + 'static) {
        let Some(t) = &self.target else { return done("screenshot failed: nothing rendered yet".into()) };
        let (w, h) = (t.width, t.height);
        m2view_render::target::read_texture_rgba_then(&self.device, &self.queue, t.color_texture(), move |px| {
            let saved = px
                .map_err(|e| e.to_string())
                .and_then(|px| m2view_export::png(&px, w, h).map_err(|e| e.to_string()))
                .and_then(|png| crate::platform::save(&path, &png));
            done(match saved {
                Ok(s) => format!("saved {s}"),
                Err(e) => format!("screenshot failed: {e}"),
            });
        });
        // Nothing may block in a browser: the callback comes with a later frame.
        #[cfg(not(target_arch = "wasm32"))]
        let _ = self.device.poll(wgpu::PollType::wait_indefinitely());
    }

    /// Copies the last rendered view onto `surface` (same format, `COPY_DST`)
    /// with its top-left corner at `origin` pixels, clipped to the surface.
    pub fn blit(&self, encoder: &mut wgpu::CommandEncoder, surface: &wgpu::Texture, origin: [u32; 2]) {
        let Some(t) = &self.target else { return };
        let w = t.width.min(surface.width().saturating_sub(origin[0]));
        let h = t.height.min(surface.height().saturating_sub(origin[1]));
        if w == 0 || h == 0 {
            return;
        }
        encoder.copy_texture_to_texture(
            t.color_texture().as_image_copy(),
            wgpu::TexelCopyTextureInfo {
                texture: surface,
                mip_level: 0,
                origin: wgpu::Origin3d { x: origin[0], y: origin[1], z: 0 },
                aspect: wgpu::TextureAspect::All,
            },
            wgpu::Extent3d { width: w, height: h, depth_or_array_layers: 1 },
        );
    }

    /// Applies a command that touches the GPU (uploads, framing); returns
    /// the ones it does not handle (screenshots, for the window).
    pub fn apply(&mut self, command: Command, state: &mut AppState) -> Option<Command> {
        let bc = self.renderer.supports_bc();
        let renderer = &self.renderer;
        let (Some(cur), Some(gm)) = (state.current.as_mut(), self.scene.model_mut()) else {
            // Framing waits for a model; the rest needs one.
            if let Command::Frame(dir) = command {
                self.frame = Some(dir);
            }
            return None;
        };
        let model = &cur.lm.model;
        let mut warnings = Vec::new();
        match command {
            Command::Frame(dir) => self.frame = Some(dir),
            Command::Screenshot(_) => return Some(command),
            Command::RebuildTeamTextures => {
                for i in 0..model.textures.len() {
                    if let Some(t) = m2view_texture::team_slot_texture(&cur.lm, i, state.team_color, bc) {
                        renderer.replace_texture(gm, model, i, &t);
                    }
                }
                self.scene.set_team(state.team_color);
            }
            Command::UploadAttachments => match state.streaming.as_mut() {
                // A map's tiles: their textures were decoded as they loaded.
                Some(s) => self.scene.set_placed_decoded(renderer, &cur.attached, &mut s.decoded, &mut warnings),
                None => self.scene.set_placed(renderer, &cur.attached, &mut warnings),
            },
            Command::UploadSkin => {
                let slots = m2view_dress::creature::skin_slots(&cur.lm);
                upload_slots(renderer, gm, &cur.lm, &slots, bc, &mut state.error);
            }
            Command::UploadCharacter => {
                // Hair, extra skin, cape; the body composed (a baked NPC texture is its one layer).
                let slots: Vec<usize> = (0..model.textures.len())
                    .filter(|&i| model.textures[i].source == m2view_format::TextureSource::Replaceable)
                    .filter(|&i| {
                        matches!(model.textures[i].kind, 2 | 6 | 8)
                            || (model.textures[i].kind == 1 && cur.body.is_none())
                    })
                    .collect();
                upload_slots(renderer, gm, &cur.lm, &slots, bc, &mut state.error);
                if let Some(body) = &cur.body {
                    body.apply_gpu(renderer, gm, &cur.lm);
                }
                // Skinned models wear the character's composed textures (`Placed::body`).
                self.scene.set_placed(renderer, &cur.attached, &mut warnings);
            }
            Command::UploadMount => self.scene.set_mount(renderer, cur.mount.as_ref(), &mut warnings),
            Command::ReplaceTexture { slot, path } => match replacement(&path, &state.open_options, bc) {
                Ok(t) => renderer.replace_texture(gm, model, slot, &t),
                Err(e) => state.error = Some(e),
            },
        }
        cur.warn(warnings);
        None
    }

    /// (Re)creates the offscreen target at `w` × `h` and shows it in egui's texture.
    fn ensure_target(&mut self, egui: &mut egui_wgpu::Renderer, w: u32, h: u32) {
        if self.target.as_ref().is_some_and(|t| (t.width, t.height) == (w, h)) {
            return;
        }
        let t = OffscreenTarget::with_format(&self.device, w, h, self.format);
        match self.texture {
            Some(id) => {
                egui.update_egui_texture_from_wgpu_texture(&self.device, &t.color_view, wgpu::FilterMode::Linear, id)
            }
            None => {
                self.texture = Some(egui.register_native_texture(&self.device, &t.color_view, wgpu::FilterMode::Linear))
            }
        }
        self.target = Some(t);
    }

    /// Renders the current model at `size` pixels into the target and makes
    /// sure egui shows it.
    pub fn render(
        &mut self,
        encoder: &mut wgpu::CommandEncoder,
        egui: &mut egui_wgpu::Renderer,
        state: &mut AppState,
        size: [u32; 2],
        transparent: bool,
    ) {
        let (device, queue) = (&self.device.clone(), &self.queue.clone());
        let (w, h) = (size[0].clamp(1, 8192), size[1].clamp(1, 8192));
        self.ensure_target(egui, w, h);
        let Some(target) = &self.target else { return };
        let bg = state.view.background;
        let alpha = if transparent { 0.0 } else { 1.0 };
        let clear = [bg[0] as f64, bg[1] as f64, bg[2] as f64, alpha];
        let aspect = w as f32 / h as f32;
        let (Some(cur), true) = (state.current.as_mut(), self.scene.model_mut().is_some()) else {
            self.stats = FrameStats::default();
            let _clear = target.begin_pass(encoder, clear);
            return;
        };
        let on_gpu = self.scene.simulates_particles_on_gpu();
        if on_gpu == cur.instance.cpu_particles {
            // The CPU simulation stops (its particles go) or starts afresh.
            cur.instance.cpu_particles = !on_gpu;
            cur.instance.particles = m2view_anim::particles::ParticleSystem::new(&cur.lm.model, 1);
        }
        if let Some(dir) = self.frame.take() {
            state.orbit = framing(&self.renderer, self.scene.gpu_particles(), cur, dir, aspect);
        }
        let cam = view_camera(state.camera_mode, &state.orbit, cur, aspect);
        let scene = m2view_scene::Scene {
            lm: &cur.lm,
            instance: &mut cur.instance,
            lod: cur.lod,
            geosets: &cur.geosets,
            placed: &mut cur.attached,
            mount: cur.mount.as_mut(),
            crowd: cur.crowd.as_mut(),
            sky: cur.sky.as_mut().map(|(lm, inst)| (&lm.model, inst)),
            disabled_emitters: &cur.disabled_emitters,
            options: SceneOptions {
                model_lights: state.view.model_lights,
                fog: state.view.fog,
                portal_culling: state.portal_culling,
                cpu_animation: false,
                draw_distance: state.view.draw_distance,
            },
        };
        let drawn = self.scene.prepare(&self.renderer, queue, scene, &cam, aspect, encoder);
        (state.fog, state.culled_groups) = (drawn.fog, drawn.culled_groups);
        (self.stats, self.spawned_models) = (drawn.stats, drawn.spawned_models);
        state.drawn = (self.stats.batches, self.stats.triangles);
        // Kept in place: no allocation per frame once the list has its size.
        state.missing_textures.clear();
        state.missing_textures.extend(self.scene.missing_texture_slots());
        // One sort for the model and all placed with it: their transparent parts interleave.
        let mut pass = target.begin_pass(encoder, clear);
        let mut frame = m2view_render::FrameBuilder::new();
        self.scene.add_to(&mut frame);
        self.renderer.record(&mut frame, &mut pass);
        let lines = m2view_render::overlays::overlay_lines(
            &cur.lm.model,
            &cur.instance.pose,
            cur.lod,
            &cur.geosets,
            state.view.overlays,
        );
        self.lines.prepare(device, queue, drawn.view_proj * drawn.host_world, &lines);
        self.lines.draw(&mut pass);
    }
}

/// The orbit framing `cur` from `dir` at `aspect`: its posed bounds with
/// its live particles (read back from the GPU's, where `gp` simulates
/// them) and its crowd.
fn framing(
    renderer: &Renderer,
    gp: Option<&m2view_render::gpu_particles::GpuParticles>,
    cur: &mut super::state::Current,
    dir: glam::Vec3,
    aspect: f32,
) -> super::state::Orbit {
    let live = match gp {
        // Framing reads the GPU's particles back (once, on request).
        Some(gp) => renderer.read_gpu_particle_centers(gp).ok().and_then(|c| {
            c.iter()
                .flatten()
                .fold(None, |b, &p| Some(b.map_or((p, p), |(lo, hi): (glam::Vec3, glam::Vec3)| (lo.min(p), hi.max(p)))))
        }),
        None => cur.instance.particles.extent(&cur.lm.model),
    };
    let mut bounds = cur.bounds(live);
    if let Some(crowd) = &cur.crowd {
        bounds = crowd.bounds(bounds);
    }
    super::state::Orbit::framing(bounds, dir, aspect)
}

/// The camera the viewport looks through: the orbit (or fly) camera, or
/// the model's own camera `n` at its clock (the orbit where it has none).
fn view_camera(
    mode: CameraMode,
    orbit: &super::state::Orbit,
    cur: &mut super::state::Current,
    aspect: f32,
) -> m2view_render::camera::Camera {
    let model = &cur.lm.model;
    match mode {
        CameraMode::Orbit => orbit.camera(),
        CameraMode::Model(n) => {
            let clock = cur.instance.player.clock(model);
            m2view_render::camera::camera_for(
                model,
                m2view_render::camera::CameraSpec::Model(n),
                aspect,
                (glam::Vec3::ZERO, glam::Vec3::ONE),
                &clock,
            )
            .unwrap_or_else(|_| orbit.camera())
        }
        CameraMode::Scene => {
            let Some((eye, target, fov)) = cur.scene.as_ref().and_then(|(s, t)| Some(s.file.camera.as_ref()?.at(*t)))
            else {
                return orbit.camera();
            };
            // Far enough for a map tile's neighbourhood around what it looks at.
            let reach = glam::Vec3::splat(2000.0);
            m2view_render::camera::CameraSpec::look(eye, target, fov)
                .and_then(|spec| spec.framing(target - reach, target + reach, aspect))
                .unwrap_or_else(|| orbit.camera())
        }
    }
}

/// Uploads the files of texture slots `slots` of `lm` into `gm` (a slot
/// without a file gets the placeholder); a file that fails is shown as `error`.
/// Paints egui's `jobs` onto `target` (first cleared, or kept: `load`) in
/// `enc`, its buffers updated first; returns the command buffers those
/// updates need submitted before `enc`.
#[allow(clippy::too_many_arguments)]
pub fn paint_egui(
    renderer: &mut egui_wgpu::Renderer,
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    enc: &mut wgpu::CommandEncoder,
    target: &wgpu::TextureView,
    load: wgpu::LoadOp<wgpu::Color>,
    jobs: &[egui::ClippedPrimitive],
    screen: &egui_wgpu::ScreenDescriptor,
) -> Vec<wgpu::CommandBuffer> {
    let extra = renderer.update_buffers(device, queue, enc, jobs, screen);
    let pass = enc.begin_render_pass(&wgpu::RenderPassDescriptor {
        label: Some("egui"),
        color_attachments: &[Some(wgpu::RenderPassColorAttachment {
            view: target,
            depth_slice: None,
            resolve_target: None,
            ops: wgpu::Operations { load, store: wgpu::StoreOp::Store },
        })],
        depth_stencil_attachment: None,
        timestamp_writes: None,
        occlusion_query_set: None,
        multiview_mask: None,
    });
    renderer.render(&mut pass.forget_lifetime(), jobs, screen);
    extra
}

/// The texture at `path` for a replaceable slot filled by hand: a path of
/// the data sources or a file on disk, PNG or any texture format m2view
/// reads. Errors name the file.
fn replacement(
    path: &std::path::Path,
    opts: &crate::open::OpenOptions,
    bc: bool,
) -> Result<m2view_render::TextureData, String> {
    let bytes = crate::open::read(path, opts).map_err(|e| e.to_string())?;
    if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")) {
        let img = image::load_from_memory(&bytes).map_err(|e| format!("{}: {e}", path.display()))?.to_rgba8();
        let (width, height) = img.dimensions();
        return Ok(m2view_render::TextureData::Rgba { width, height, mips: vec![img.into_raw()] });
    }
    m2view_texture::decode_file(path, bytes, bc).map_err(|e| e.in_file(path).to_string())
}

fn upload_slots(
    renderer: &Renderer,
    gm: &mut GpuModel,
    lm: &m2view_format::LoadedModel,
    slots: &[usize],
    bc: bool,
    error: &mut Option<String>,
) {
    for &i in slots {
        let Some(path) = lm.texture_files.get(i).cloned().flatten() else {
            renderer.clear_texture(gm, &lm.model, i);
            continue;
        };
        let tex = lm
            .read(&path)
            .and_then(m2view_format::blp::Blp::parse)
            .and_then(|b| m2view_render::texture::from_blp(&b, bc));
        match tex {
            Ok(t) => renderer.replace_texture(gm, &lm.model, i, &t),
            Err(e) => *error = Some(e.to_string()),
        }
    }
}
