//! The one bridge between the 3D renderer and egui: the model is drawn into
//! an offscreen target (the same path as `m2view render`) sized to the view
//! panel, in the window surface's format. The window copies that image
//! straight onto the surface under egui's panels ([`SceneView::blit`]; a
//! software rasterizer pays dearly for sampling it), or, where the surface
//! cannot be a copy destination, egui shows it as an image.

use glam::Mat4;
use m2view_render::target::OffscreenTarget;
use m2view_render::{
    FrameParams, FrameStats, GpuInstance, GpuModel, GroupMember, GroupParams, InstanceGroup, Lighting, Renderer,
    TextureData,
};

use rayon::prelude::*;

use super::command::Command;
use super::state::{AppState, CameraMode};
use crate::textures;

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
    model: Option<(GpuModel, GpuInstance)>,
    /// GPU side of the models hung on attachment points (same order as `Current::attached`).
    attached: Vec<(std::sync::Arc<GpuModel>, GpuInstance)>,
    /// GPU side of a WMO's doodads: one instanced group per model.
    doodads: Vec<DoodadGroup>,
    /// GPU side of the models its emitters spawn: one instanced group per source.
    spawned: Vec<SpawnGroup>,
    /// GPU side of the mount the character rides.
    mount: Option<(GpuModel, GpuInstance)>,
    /// GPU side of a WMO's skybox (`MOSB`).
    sky: Option<(GpuModel, GpuInstance)>,
    /// GPU side of the crowd copies.
    crowd: CrowdGpu,
    /// The model's particles simulated on the GPU, where the device and
    /// its emitters allow (else the CPU simulates them).
    gpu_particles: Option<m2view_render::gpu_particles::GpuParticles>,
    /// What the model loses with the device's bone palette (`Palette::shortfall`).
    palette_shortfall: Option<String>,
    target: Option<OffscreenTarget>,
    /// The egui texture showing the target.
    pub texture: Option<egui::TextureId>,
    effect_geometry: m2view_render::EffectGeometry,
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
            model: None,
            attached: Vec::new(),
            doodads: Vec::new(),
            spawned: Vec::new(),
            mount: None,
            sky: None,
            crowd: CrowdGpu::default(),
            gpu_particles: None,
            palette_shortfall: None,
            target: None,
            texture: None,
            effect_geometry: m2view_render::EffectGeometry::default(),
            stats: FrameStats::default(),
            spawned_models: 0,
        }
    }

    /// Whether BC textures can stay compressed.
    pub fn supports_bc(&self) -> bool {
        self.renderer.supports_bc()
    }

    /// Uploads a newly loaded model (replacing the previous one).
    pub fn set_model(&mut self, model: &m2view_format::Model, textures: &[Option<TextureData>]) {
        let gm = self.renderer.upload(model, textures);
        let gi = self.renderer.instance(&gm);
        self.model = Some((gm, gi));
        self.attached.clear();
        self.doodads.clear();
        self.spawned.clear();
        self.mount = None;
        self.sky = None;
        self.crowd = CrowdGpu::default();
        self.gpu_particles = self.renderer.gpu_particles(model, 1);
        self.palette_shortfall = self.renderer.palette().shortfall(model.bones.len());
    }

    /// Uploads the models the open model's emitters spawn (by source,
    /// `crate::spawned::load`), in team colour `team`; each frame then draws
    /// them where the simulation has them.
    pub fn set_spawned(&mut self, models: &[Option<std::sync::Arc<m2view_format::LoadedModel>>], team: [u8; 3]) {
        self.spawned = models
            .iter()
            .enumerate()
            .filter_map(|(source, lm)| {
                let lm = lm.clone()?;
                let gm = std::sync::Arc::new(self.upload_attached(&lm, team).0);
                Some(SpawnGroup { source, lm, gm, gpu: CrowdGpu::default() })
            })
            .collect();
    }

    /// A frame's work before the UI: a finished load uploaded, a finished
    /// indexing taken, the open model's crowd and clock advanced by `dt_ms`.
    /// Returns whether an indexing finished (the panels change).
    pub fn advance(&mut self, state: &mut AppState, dt_ms: f32) -> bool {
        if let Some(textures) = state.poll_loading()
            && let Some(c) = &state.current
        {
            self.set_model(&c.lm.model, &textures);
            self.set_spawned(&c.spawn_models, state.team_color);
            self.sky = c.sky.as_ref().map(|(lm, _)| self.upload_attached(lm, state.team_color));
        }
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
        let particles = if self.gpu_particles.is_some() { "GPU" } else { "CPU" };
        let bones = self.renderer.palette().name();
        let lost = self.palette_shortfall.as_ref().map_or_else(String::new, |w| format!(" ({w})"));
        format!("animation of crowds: {crowds}, particles: {particles}, bones: {bones} buffer{lost}")
    }

    /// Whether the model's particles are simulated on the GPU (their count
    /// is then not known on the CPU).
    pub fn gpu_particles(&self) -> bool {
        self.gpu_particles.is_some()
    }

    /// Textures drawn with the missing placeholder.
    pub fn missing_textures(&self) -> usize {
        self.model.as_ref().map_or(0, |(gm, _)| gm.missing_textures)
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
                .and_then(|px| crate::export::png(&px, w, h))
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
        let (Some(cur), Some((gm, _))) = (state.current.as_mut(), self.model.as_mut()) else {
            // Framing waits for a model; the rest needs one.
            if let Command::Frame(dir) = command {
                self.frame = Some(dir);
            }
            return None;
        };
        let model = &cur.lm.model;
        match command {
            Command::Frame(dir) => self.frame = Some(dir),
            Command::Screenshot(_) => return Some(command),
            Command::RebuildTeamTextures => {
                for i in 0..model.textures.len() {
                    if let Some(t) = crate::textures::team_slot_texture(&cur.lm, i, state.team_color, bc) {
                        self.renderer.replace_texture(gm, model, i, &t);
                    }
                }
            }
            Command::UploadAttachments => {
                (self.attached, self.doodads) = self.upload_all_attached(&cur.attached, state.team_color);
            }
            Command::UploadSkin => {
                let slots = m2view_dress::creature::skin_slots(&cur.lm);
                upload_slots(&self.renderer, gm, &cur.lm, &slots, bc, &mut state.error);
            }
            Command::UploadCharacter => {
                // Hair, extra skin, cape; the body composed (a baked NPC texture is its one layer).
                let m = &cur.lm.model;
                let slots: Vec<usize> = (0..m.textures.len())
                    .filter(|&i| m.textures[i].source == m2view_format::TextureSource::Replaceable)
                    .filter(|&i| {
                        matches!(m.textures[i].kind, 2 | 6 | 8) || (m.textures[i].kind == 1 && cur.body.is_none())
                    })
                    .collect();
                upload_slots(&self.renderer, gm, &cur.lm, &slots, bc, &mut state.error);
                if let Some(body) = &cur.body {
                    body.apply_gpu(&self.renderer, gm, &cur.lm);
                }
                (self.attached, self.doodads) = self.upload_all_attached(&cur.attached, state.team_color);
                // Skinned models wear the character's composed textures (their uploads are their own).
                if let Some(body) = &cur.body {
                    let hung = cur.attached.iter().filter(|a| a.placement.is_none());
                    for (a, (agm, _)) in hung.zip(&mut self.attached).filter(|(a, _)| a.skeleton.is_some()) {
                        if let Some(gm) = std::sync::Arc::get_mut(agm) {
                            body.apply_gpu(&self.renderer, gm, &a.lm);
                        }
                    }
                }
            }
            Command::UploadMount => {
                self.mount = cur.mount.as_ref().map(|m| self.upload_attached(&m.lm, state.team_color));
            }
            Command::ReplaceTexture { slot, path } => match textures::texture_from_file(&path, bc) {
                Ok(t) => self.renderer.replace_texture(gm, model, slot, &t),
                Err(e) => state.error = Some(e),
            },
        }
        None
    }

    /// Uploads a model hung on the open one (or its mount) with its textures.
    /// Uploads the attached models: those hung on the model (items, each
    /// model once; skinned models each their own: they get the character's
    /// textures), and a WMO's doodads as one instanced group per model.
    fn upload_all_attached(
        &self,
        attached: &[crate::app::state::Attached],
        team: [u8; 3],
    ) -> (Vec<(std::sync::Arc<GpuModel>, GpuInstance)>, Vec<DoodadGroup>) {
        let mut shared: std::collections::HashMap<*const m2view_format::LoadedModel, std::sync::Arc<GpuModel>> =
            Default::default();
        let mut groups: Vec<DoodadGroup> = Vec::new();
        for (i, a) in attached.iter().enumerate().filter(|(_, a)| a.placement.is_some()) {
            match groups.iter_mut().find(|g| std::sync::Arc::ptr_eq(&g.lm, &a.lm)) {
                Some(g) => g.members.push(i),
                None => {
                    let gm = std::sync::Arc::new(self.upload_attached(&a.lm, team).0);
                    groups.push(DoodadGroup { lm: a.lm.clone(), gm, members: vec![i], gpu: CrowdGpu::default() });
                }
            }
        }
        let hung = attached
            .iter()
            .filter(|a| a.placement.is_none())
            .map(|a| {
                let gm = match a.skeleton {
                    Some(_) => std::sync::Arc::new(self.upload_attached(&a.lm, team).0),
                    None => shared
                        .entry(std::sync::Arc::as_ptr(&a.lm))
                        .or_insert_with(|| std::sync::Arc::new(self.upload_attached(&a.lm, team).0))
                        .clone(),
                };
                let gi = self.renderer.instance(&gm);
                (gm, gi)
            })
            .collect();
        (hung, groups)
    }

    fn upload_attached(&self, lm: &m2view_format::LoadedModel, team: [u8; 3]) -> (GpuModel, GpuInstance) {
        let tex = textures::load_textures(lm, self.renderer.supports_bc(), team, &mut Vec::new());
        let gm = self.renderer.upload(&lm.model, &tex);
        let gi = self.renderer.instance(&gm);
        (gm, gi)
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
        let (Some(cur), Some((gm, gi))) = (state.current.as_mut(), self.model.as_mut()) else {
            self.stats = FrameStats::default();
            let _clear = target.begin_pass(encoder, clear);
            return;
        };
        if self.gpu_particles.is_some() == cur.instance.cpu_particles {
            // The CPU simulation stops (its particles go) or starts afresh.
            cur.instance.cpu_particles = self.gpu_particles.is_none();
            cur.instance.particles = m2view_anim::particles::ParticleSystem::new(&cur.lm.model, 1);
        }
        if let Some(dir) = self.frame.take() {
            state.orbit = framing(&self.renderer, self.gpu_particles.as_ref(), cur, dir, aspect);
        }
        let cam = view_camera(state.camera_mode, &state.orbit, cur, aspect);
        let model = &cur.lm.model;
        let view = cam.view();
        // A mount stands at the origin and the model rides at its MountMain attachment.
        let mut host = Mat4::IDENTITY;
        let mut mount_stats = FrameStats::default();
        if let (Some(m), Some((mgm, mgi))) = (cur.mount.as_mut(), self.mount.as_mut()) {
            m.instance.pose(&m.lm.model, view);
            host = m.instance.attachment(&m.lm.model, 0).unwrap_or(Mat4::IDENTITY);
            let visible = |id: u16| m.geosets.contains(&id);
            let p = FrameParams {
                world: Mat4::IDENTITY,
                view,
                proj: cam.proj(aspect),
                lod: 0,
                geoset_visible: &visible,
                pose: &m.instance.pose,
                model_alpha: 1.0,
                lighting: Lighting { model_lights: state.view.model_lights, ..Lighting::default() },
            };
            mount_stats = self.renderer.prepare(mgm, mgi, &m.lm.model, &p);
        }
        cur.instance.pose(model, view * host);
        // Inside a WMO's interior: the groups its portals show (portals.rs), culled to and
        // deciding whether its skybox shows; one traversal for both.
        let seen = (cur.lm.wmo.as_ref())
            .filter(|_| state.portal_culling || cur.sky.is_some())
            .and_then(|w| crate::portals::visible_groups(w, cam.eye, cam.proj(aspect) * view));
        let sky_seen = cur.lm.wmo.as_ref().is_some_and(|w| crate::portals::shows_skybox(w, seen.as_deref()));
        state.culled_groups = seen.filter(|_| state.portal_culling);
        let wmos = (cur.lm.wmo.as_deref().map(|w| (w, host)).into_iter())
            .chain(cur.attached.iter().filter_map(|a| Some((a.lm.wmo.as_deref()?, host * a.placement?))));
        state.fog = crate::world::fog(wmos, cam.eye).filter(|_| state.view.fog);
        let lighting = Lighting { model_lights: state.view.model_lights, fog: state.fog, ..Lighting::default() };
        let (geosets, culled) = (&cur.geosets, &state.culled_groups);
        let visible = |id: u16| {
            geosets.contains(&id) && culled.as_ref().is_none_or(|c| c.get(id as usize).copied().unwrap_or(true))
        };
        let params = FrameParams {
            world: host,
            view,
            proj: cam.proj(aspect),
            lod: cur.lod,
            geoset_visible: &visible,
            pose: &cur.instance.pose,
            model_alpha: 1.0,
            lighting,
        };
        self.stats = self.renderer.prepare(gm, gi, model, &params);
        self.stats += mount_stats;
        let sky = (cur.sky.as_mut().zip(self.sky.as_mut()).filter(|_| sky_seen)).map(|((lm, inst), (gm, gi))| {
            crate::world::prepare_sky(&self.renderer, (gm, gi), &lm.model, inst, &cam, &params)
        });
        if let Some(fs) = &sky {
            self.stats += *fs;
        }
        let fx = &mut self.effect_geometry;
        cur.instance.build_effects(model, view, &mut fx.quads, &mut fx.strips, &mut fx.draws);
        self.renderer.prepare_particles(gi, model, params.proj * view, fx);
        if let Some(gp) = &mut self.gpu_particles {
            gp.disabled.clone_from(&cur.disabled_emitters);
            let clock = cur.instance.player.clock(model);
            gp.update(queue, model, &clock, &cur.instance.pose.bones, cur.instance.last_step_s, view);
            self.renderer.simulate_particles(gp, encoder);
            self.renderer.prepare_gpu_particles(gi, gp, model, params.proj * view);
        }
        // Attached models follow their bones and play their own sequence.
        let fs = prepare_attached(&self.renderer, &mut self.attached, &mut cur.attached, &cur.instance, model, &params);
        self.stats += fs;
        // A WMO's doodads: each model's placements one instanced group; inside, those of the
        // groups the portals show.
        let shown_doodads = (cur.lm.wmo.as_ref())
            .zip(state.culled_groups.as_ref())
            .map(|(w, groups)| crate::portals::visible_doodads(w, groups));
        for g in &mut self.doodads {
            let fs = g.prepare(&self.renderer, &mut cur.attached, shown_doodads.as_deref(), &params, encoder);
            self.stats += fs;
        }
        let (n, fs) = prepare_spawned(&self.renderer, &mut self.spawned, &cur.instance, model, &params, encoder);
        self.spawned_models = n;
        self.stats += fs;
        // Crowd copies: their own sequences and phases, on the grid around the model.
        let fs = self.crowd.prepare(&self.renderer, gm, model, cur.crowd.as_mut(), &params, encoder);
        self.stats += fs;
        // One sort for the model, its items and the crowd: their transparent parts interleave.
        let mut pass = target.begin_pass(encoder, clear);
        let mut frame = m2view_render::FrameBuilder::new();
        if let (Some(_), Some((sgm, sgi))) = (sky, &self.sky) {
            frame.add_sky(sgm, sgi);
        }
        frame.add(gm, gi);
        if let Some((mgm, mgi)) = &self.mount {
            frame.add(mgm, mgi);
        }
        for (agm, agi) in &self.attached {
            frame.add(agm, agi);
        }
        self.crowd.add_to(&mut frame, gm);
        for g in &self.doodads {
            g.gpu.add_to(&mut frame, &g.gm);
        }
        for g in &self.spawned {
            g.gpu.add_to(&mut frame, &g.gm);
        }
        self.renderer.record(&mut frame, &mut pass);
        let lines = m2view_render::overlays::overlay_lines(
            model,
            &cur.instance.pose,
            cur.lod,
            &cur.geosets,
            state.view.overlays,
        );
        self.lines.prepare(device, queue, params.proj * params.view * host, &lines);
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

/// The placements of one model in a WMO (indices into `Current::attached`),
/// drawn as one instanced group ([`CrowdGpu`]): every copy animated by its
/// own player, one draw per batch for all copies where the device animates
/// on the GPU.
struct DoodadGroup {
    lm: std::sync::Arc<m2view_format::LoadedModel>,
    gm: std::sync::Arc<GpuModel>,
    members: Vec<usize>,
    gpu: CrowdGpu,
}

impl DoodadGroup {
    fn prepare(
        &mut self,
        renderer: &Renderer,
        attached: &mut [crate::app::state::Attached],
        shown: Option<&[bool]>,
        params: &FrameParams<'_>,
        encoder: &mut wgpu::CommandEncoder,
    ) -> FrameStats {
        let model = &self.lm.model;
        let geosets = model.default_geosets(0);
        let visible = |id: u16| geosets.contains(&id);
        let p = FrameParams { lod: 0, geoset_visible: &visible, ..*params };
        let mut copies: Vec<(&mut m2view_anim::ModelInstance, Mat4)> = Vec::with_capacity(self.members.len());
        let mut left: &mut [crate::app::state::Attached] = attached;
        let mut at = 0;
        for &i in &self.members {
            let (_, rest) = std::mem::take(&mut left).split_at_mut(i - at);
            let (a, rest) = rest.split_first_mut().expect("member index in range");
            // Hidden by portal culling: its groups are not seen.
            let hidden = matches!((shown, a.doodad), (Some(s), Some(d)) if !s.get(d).copied().unwrap_or(true));
            if !hidden {
                copies.push((&mut a.instance, params.world * a.placement.unwrap_or(Mat4::IDENTITY)));
            }
            left = rest;
            at = i + 1;
        }
        self.gpu.prepare_copies(renderer, &self.gm, model, &mut copies, &p, encoder)
    }
}

/// Prepares the models `host`'s emitters have spawned by now (its
/// player's clock), where the simulation has them: how many, and what
/// they draw.
fn prepare_spawned(
    renderer: &Renderer,
    groups: &mut [SpawnGroup],
    host: &m2view_anim::ModelInstance,
    model: &m2view_format::Model,
    params: &FrameParams<'_>,
    encoder: &mut wgpu::CommandEncoder,
) -> (usize, FrameStats) {
    let mut stats = FrameStats::default();
    if groups.is_empty() {
        return (0, stats);
    }
    let (spawned, _) = crate::spawned::simulate(model, host.player.sequence, host.player.clock_ms as f32);
    let drawn = spawned.iter().filter(|s| groups.iter().any(|g| g.source == s.emitter)).count();
    for g in groups {
        let fs = g.prepare(renderer, &spawned, params, encoder);
        stats += fs;
    }
    (drawn, stats)
}

/// The models one source of spawned models (`crate::spawned`) put in the
/// scene, drawn as one instanced group: each playing its first sequence
/// from its own spawn, where the host's emitter sent it.
struct SpawnGroup {
    /// Its [`crate::spawned::Spawned::emitter`].
    source: usize,
    lm: std::sync::Arc<m2view_format::LoadedModel>,
    gm: std::sync::Arc<GpuModel>,
    gpu: CrowdGpu,
}

impl SpawnGroup {
    fn prepare(
        &mut self,
        renderer: &Renderer,
        spawned: &[crate::spawned::Spawned],
        params: &FrameParams<'_>,
        encoder: &mut wgpu::CommandEncoder,
    ) -> FrameStats {
        let model = &self.lm.model;
        let mut instances: Vec<(m2view_anim::ModelInstance, Mat4)> = spawned
            .iter()
            .filter(|s| s.emitter == self.source)
            .map(|s| {
                let mut inst = m2view_anim::ModelInstance::new(model, 1);
                inst.player.advance(model, s.age_ms);
                (inst, params.world * s.world)
            })
            .collect();
        let mut copies: Vec<(&mut m2view_anim::ModelInstance, Mat4)> =
            instances.iter_mut().map(|(inst, world)| (inst, *world)).collect();
        let geosets = model.default_geosets(0);
        let visible = |id: u16| geosets.contains(&id);
        let p = FrameParams { lod: 0, geoset_visible: &visible, ..*params };
        self.gpu.prepare_copies(renderer, &self.gm, model, &mut copies, &p, encoder)
    }
}

/// The GPU side of the crowd copies (copy 0, which stands where the model
/// does and is drawn as the model, excepted): one instanced group animated
/// on the GPU where the device can ([`Renderer::supports_gpu_animation`]),
/// else one instance per copy posed on the CPU.
#[derive(Default)]
struct CrowdGpu {
    group: Option<InstanceGroup>,
    copies: Vec<GpuInstance>,
}

impl CrowdGpu {
    /// Prepares the copies of `crowd` (none: no crowd) seen as `params` says.
    fn prepare(
        &mut self,
        renderer: &Renderer,
        gm: &GpuModel,
        model: &m2view_format::Model,
        crowd: Option<&mut crate::crowd::Crowd>,
        params: &FrameParams<'_>,
        encoder: &mut wgpu::CommandEncoder,
    ) -> FrameStats {
        let mut copies: Vec<(&mut m2view_anim::ModelInstance, Mat4)> = match crowd {
            Some(c) => c.instances[1..].iter_mut().zip(c.worlds[1..].iter().copied()).collect(),
            None => Vec::new(),
        };
        self.prepare_copies(renderer, gm, model, &mut copies, params, encoder)
    }

    /// Prepares `copies` (each animated by its own instance, at its world
    /// transform) seen as `params` says.
    fn prepare_copies(
        &mut self,
        renderer: &Renderer,
        gm: &GpuModel,
        model: &m2view_format::Model,
        copies: &mut [(&mut m2view_anim::ModelInstance, Mat4)],
        params: &FrameParams<'_>,
        encoder: &mut wgpu::CommandEncoder,
    ) -> FrameStats {
        if copies.is_empty() {
            *self = CrowdGpu::default();
            return FrameStats::default();
        }
        // One copy gains nothing from instancing (and lavapipe draws a lone
        // copy of a many-batch model, a neighbour tile, far slower that way).
        if copies.len() == 1 {
            self.group = None;
        } else if self.group.is_none() {
            self.group = renderer.instance_group(model);
        }
        let mut stats = FrameStats::default();
        if let Some(group) = &mut self.group {
            let members: Vec<_> = copies
                .par_iter_mut()
                .with_min_len(1024)
                .map(|(inst, world)| GroupMember { world: *world, clock: inst.player.clock(model) })
                .collect();
            let gp = GroupParams {
                view: params.view,
                proj: params.proj,
                lod: params.lod,
                geoset_visible: params.geoset_visible,
                model_alpha: 1.0,
                lighting: params.lighting,
            };
            stats = renderer.prepare_group(gm, group, model, &members, &gp);
            renderer.animate(group, encoder);
            return stats;
        }
        self.copies.truncate(copies.len());
        while self.copies.len() < copies.len() {
            self.copies.push(renderer.instance(gm));
        }
        for ((inst, world), cgi) in copies.iter_mut().zip(&mut self.copies) {
            let world = *world;
            inst.pose(model, params.view * world);
            let fs = renderer.prepare(gm, cgi, model, &FrameParams { world, pose: &inst.pose, ..*params });
            stats += fs;
        }
        stats
    }

    /// Adds the copies prepared last to `frame`.
    fn add_to<'a>(&'a self, frame: &mut m2view_render::FrameBuilder<'a>, gm: &'a GpuModel) {
        match &self.group {
            Some(group) => frame.add_group(gm, group),
            None => self.copies.iter().for_each(|cgi| frame.add(gm, cgi)),
        }
    }
}

/// Poses and prepares the models hung on the open one (`host`, drawn with
/// `params`): on their attachment point, or — a 9.0+ character's skinned
/// models — on its skeleton. Returns their batches and triangles.
fn prepare_attached(
    renderer: &m2view_render::Renderer,
    gpu: &mut [(std::sync::Arc<GpuModel>, GpuInstance)],
    attached: &mut [crate::app::state::Attached],
    host: &m2view_anim::ModelInstance,
    model: &m2view_format::Model,
    params: &FrameParams<'_>,
) -> m2view_render::FrameStats {
    let mut stats = m2view_render::FrameStats::default();
    for (a, (agm, agi)) in attached.iter_mut().filter(|a| a.placement.is_none()).zip(gpu) {
        let at = if a.skeleton.is_some() { Some(glam::Mat4::IDENTITY) } else { host.attachment(model, a.id) };
        let Some(world) = at.map(|w| params.world * w) else { continue };
        a.instance.pose(&a.lm.model, params.view * world);
        if let Some(s) = &a.skeleton {
            s.apply(&mut a.instance.pose, &host.pose);
        }
        let visible = |id: u16| a.geosets.contains(&id);
        let p = FrameParams { world, lod: 0, geoset_visible: &visible, pose: &a.instance.pose, ..*params };
        let fs = renderer.prepare(agm, agi, &a.lm.model, &p);
        stats += fs;
    }
    stats
}
