//! The window: winit event loop, wgpu surface, egui input and painting.
//! A lost or outdated surface is reconfigured; a zero-sized (minimised)
//! window skips drawing. The 3D view is drawn every frame; egui's panels
//! only when something changed (`UiLayer`).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use m2view_format::LoadOptions;
use winit::application::ApplicationHandler;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::window::{Window, WindowId};

use super::state::AppState;
use super::ui::{self, DataPick};
use super::viewport::SceneView;

struct Gfx {
    window: Arc<Window>,
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
    device: wgpu::Device,
    queue: wgpu::Queue,
    egui_renderer: egui_wgpu::Renderer,
    egui_state: egui_winit::State,
    scene: SceneView,
    /// The 3D view is copied onto the surface (else egui samples it as an image).
    direct: bool,
    adapter: String,
}

/// How often the panels refresh without input (playback time, frame statistics).
const UI_REFRESH: Duration = Duration::from_millis(100);

/// egui's panels kept between frames. egui runs only when input arrived,
/// egui asked for a repaint or [`UI_REFRESH`] passed, and its panels are
/// redrawn only then — and while the user only works the 3D view (pointer
/// on it, no text field focused), at most every [`UI_REFRESH`]. Other frames
/// copy the panels from `texture` around the 3D view. A software rasterizer
/// spends ~12 ms drawing the panels' text, more than the 3D view of a creature.
struct UiLayer {
    /// The panels as last drawn (surface size and format); `None` until the first run.
    texture: Option<wgpu::Texture>,
    /// Run egui on the next frame (input arrived, a load finished).
    dirty: bool,
    /// When egui must run again without input.
    next_run: Instant,
    /// The last run painted over the 3D view (a menu, tooltip or window):
    /// while it does, egui runs and paints onto the surface every frame.
    over_view: bool,
    /// Top-left corner and size of the 3D view in pixels, from the last run.
    view: ([u32; 2], [u32; 2]),
    /// When the panels in `texture` were drawn, and the view they were drawn around.
    drawn: (Instant, ([u32; 2], [u32; 2])),
}

impl UiLayer {
    /// Whether the kept panels fit this frame: the window copies the 3D view,
    /// nothing floats over it, the size and the view's place are unchanged.
    fn valid(&self, g: &Gfx) -> bool {
        g.direct
            && !self.over_view
            && self.drawn.1 == self.view
            && self.texture.as_ref().is_some_and(|t| (t.width(), t.height()) == (g.config.width, g.config.height))
    }

    /// Whether egui must run this frame.
    fn must_run(&self, g: &Gfx, now: Instant) -> bool {
        self.dirty || now >= self.next_run || !self.valid(g)
    }

    /// The panels' texture, (re)created at the surface's size.
    fn texture(&mut self, g: &Gfx) -> &wgpu::Texture {
        let (w, h) = (g.config.width, g.config.height);
        if self.texture.as_ref().is_none_or(|t| (t.width(), t.height()) != (w, h)) {
            self.texture = Some(g.device.create_texture(&wgpu::TextureDescriptor {
                label: Some("egui panels"),
                size: wgpu::Extent3d { width: w, height: h, depth_or_array_layers: 1 },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: g.config.format,
                usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
                view_formats: &[],
            }));
        }
        self.texture.as_ref().expect("created above")
    }
}

/// The 3D view's `(origin, size)` as a rectangle in pixels.
fn pixel_rect((origin, size): ([u32; 2], [u32; 2])) -> egui::Rect {
    egui::Rect::from_min_size(
        egui::pos2(origin[0] as f32, origin[1] as f32),
        egui::vec2(size[0] as f32, size[1] as f32),
    )
}

/// Whether any mesh in `jobs` paints inside the 3D view's pixel rectangle
/// (shrunk by 2 px so the panels' edge lines do not count).
fn paints_over(jobs: &[egui::ClippedPrimitive], view: ([u32; 2], [u32; 2]), ppp: f32) -> bool {
    let view = pixel_rect(view).shrink(2.0);
    jobs.iter().any(|j| match &j.primitive {
        egui::epaint::Primitive::Mesh(m) => {
            let r = m.calc_bounds().intersect(j.clip_rect);
            let px = egui::Rect::from_min_max((r.min.to_vec2() * ppp).to_pos2(), (r.max.to_vec2() * ppp).to_pos2());
            px.is_positive() && px.intersects(view)
        }
        egui::epaint::Primitive::Callback(_) => true,
    })
}

/// Copies `from` onto `to` (same size and format) except the rectangle at `origin` of `size`.
fn copy_around(
    enc: &mut wgpu::CommandEncoder,
    from: &wgpu::Texture,
    to: &wgpu::Texture,
    (origin, size): ([u32; 2], [u32; 2]),
) {
    let (w, h) = (to.width(), to.height());
    let (x0, y0) = (origin[0].min(w), origin[1].min(h));
    let (x1, y1) = ((x0 + size[0]).min(w), (y0 + size[1]).min(h));
    // Above, below, left of and right of the view.
    for (x, y, cw, ch) in [(0, 0, w, y0), (0, y1, w, h - y1), (0, y0, x0, y1 - y0), (x1, y0, w - x1, y1 - y0)] {
        if cw == 0 || ch == 0 {
            continue;
        }
        let at = |texture| wgpu::TexelCopyTextureInfo {
            texture,
            mip_level: 0,
            origin: wgpu::Origin3d { x, y, z: 0 },
            aspect: wgpu::TextureAspect::All,
        };
        enc.copy_texture_to_texture(
            at(from),
            at(to),
            wgpu::Extent3d { width: cw, height: ch, depth_or_array_layers: 1 },
        );
    }
}

struct App {
    initial: Option<PathBuf>,
    load_options: LoadOptions,
    gfx: Option<Gfx>,
    state: Option<AppState>,
    egui_ctx: egui::Context,
    last_frame: Instant,
    frame_ms: f32,
    /// A native dialog in progress: what it picks for, and its answer.
    dialog: Option<(Option<DataPick>, Receiver<Option<PathBuf>>)>,
    error: Option<String>,
    /// egui texture changes not yet applied (kept across skipped frames).
    textures: egui::TexturesDelta,
    ui: UiLayer,
}

/// Opens the window with `initial` (or the embedded demo model) and runs until closed.
pub fn run(initial: Option<PathBuf>, load_options: LoadOptions) -> Result<(), String> {
    let event_loop = EventLoop::new().map_err(|e| format!("cannot open a window: {e}"))?;
    event_loop.set_control_flow(ControlFlow::Poll);
    let mut app = App {
        initial,
        load_options,
        gfx: None,
        state: None,
        egui_ctx: egui::Context::default(),
        last_frame: Instant::now(),
        frame_ms: 0.0,
        dialog: None,
        error: None,
        textures: egui::TexturesDelta::default(),
        ui: UiLayer {
            texture: None,
            dirty: true,
            next_run: Instant::now(),
            over_view: false,
            view: ([0; 2], [1; 2]),
            drawn: (Instant::now(), ([0; 2], [0; 2])),
        },
    };
    event_loop.run_app(&mut app).map_err(|e| e.to_string())?;
    app.error.map_or(Ok(()), Err)
}

impl App {
    fn init(&mut self, el: &ActiveEventLoop) -> Result<(), String> {
        let attrs = Window::default_attributes()
            .with_title("m2view")
            .with_inner_size(winit::dpi::LogicalSize::new(1280.0, 800.0));
        let window = Arc::new(el.create_window(attrs).map_err(|e| e.to_string())?);
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_with_display_handle_from_env(Box::new(
            el.owned_display_handle(),
        )));
        let surface = instance.create_surface(window.clone()).map_err(|e| e.to_string())?;
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            compatible_surface: Some(&surface),
            ..Default::default()
        }))
        .map_err(|e| m2view_render::RenderError::NoAdapter(e.to_string()).to_string())?;
        let (device, queue) =
            pollster::block_on(adapter.request_device(&m2view_render::gpu::device_descriptor(&adapter)))
                .map_err(|e| e.to_string())?;
        let size = window.inner_size();
        let mut config = surface
            .get_default_config(&adapter, size.width.max(1), size.height.max(1))
            .ok_or("the surface is not supported by the adapter")?;
        // A non-sRGB surface: egui and the 3D view both work in gamma space.
        let caps = surface.get_capabilities(&adapter);
        if let Some(f) = caps.formats.iter().find(|f| !f.is_srgb()) {
            config.format = *f;
        }
        // The 3D view is copied straight onto the surface when it can be (8-bit RGBA/BGRA,
        // COPY_DST): sampling it through egui costs a software rasterizer most of a frame.
        let direct = matches!(config.format, wgpu::TextureFormat::Bgra8Unorm | wgpu::TextureFormat::Rgba8Unorm)
            && caps.usages.contains(wgpu::TextureUsages::COPY_DST);
        if direct {
            config.usage |= wgpu::TextureUsages::COPY_DST;
        }
        surface.configure(&device, &config);
        let egui_renderer = egui_wgpu::Renderer::new(&device, config.format, egui_wgpu::RendererOptions::default());
        let egui_state = egui_winit::State::new(
            self.egui_ctx.clone(),
            egui::ViewportId::ROOT,
            &window,
            Some(window.scale_factor() as f32),
            None,
            Some(device.limits().max_texture_dimension_2d as usize),
        );
        let view_format = if direct { config.format } else { m2view_render::target::OFFSCREEN_FORMAT };
        let scene = SceneView::new(&device, &queue, view_format);
        let mut state = AppState::new(self.load_options.clone(), scene.supports_bc());
        match self.initial.take() {
            Some(p) => state.open(p),
            None => match super::demo::write_to_temp() {
                Ok(p) => state.open(p),
                Err(e) => state.error = Some(e),
            },
        }
        let i = adapter.get_info();
        self.gfx = Some(Gfx {
            window,
            surface,
            config,
            device,
            queue,
            egui_renderer,
            egui_state,
            scene,
            direct,
            adapter: format!("{} ({:?})", i.name, i.backend),
        });
        self.state = Some(state);
        Ok(())
    }

    /// Opens a native dialog for a model (`None`) or a data source.
    fn open_dialog(&mut self, data: Option<DataPick>) {
        if self.dialog.is_some() {
            return;
        }
        let (tx, rx) = channel();
        // rfd talks to the desktop portal; off the event-loop thread it cannot stall the UI.
        std::thread::spawn(move || {
            let pick = match data {
                None => rfd::FileDialog::new().add_filter("Model (M2, MDX)", &["m2", "M2", "mdx", "MDX"]).pick_file(),
                Some(DataPick::Folder) => rfd::FileDialog::new().set_title("Game folder").pick_folder(),
                Some(DataPick::Archive) => rfd::FileDialog::new()
                    .add_filter("Archive (MPQ, Warcraft III map)", &["mpq", "MPQ", "w3x", "w3m", "W3X", "W3M"])
                    .pick_file(),
            };
            let _ = tx.send(pick);
        });
        self.dialog = Some((data, rx));
    }

    fn frame(&mut self) {
        let (Some(g), Some(state)) = (self.gfx.as_mut(), self.state.as_mut()) else { return };
        let now = Instant::now();
        let dt = (now - self.last_frame).as_secs_f32() * 1000.0;
        self.last_frame = now;
        self.frame_ms = self.frame_ms * 0.9 + dt * 0.1;
        // M2VIEW_FPS_LOG=1: print frame times (used to measure the viewer under Xvfb).
        if std::env::var_os("M2VIEW_FPS_LOG").is_some() {
            eprintln!("frame {dt:.1} ms (avg {:.1})", self.frame_ms);
        }
        let loading = state.pending.is_some();
        if let Some(textures) = state.poll_loading()
            && let Some(c) = &state.current
        {
            g.scene.set_model(&c.lm.model, &textures);
        }
        if state.poll_indexing() || state.poll_recording() || state.recording.is_some() {
            self.ui.dirty = true;
        }
        self.ui.dirty |= take_dialog_answer(&mut self.dialog, state);
        self.ui.dirty |= loading != state.pending.is_some();
        if let Some(c) = &mut state.current {
            c.tick(dt);
        }
        if g.config.width == 0 || g.config.height == 0 {
            return;
        }
        let ran = self.ui.must_run(g, now);
        let mut draw = false;
        let mut out = ui::UiOutput::default();
        let mut jobs = Vec::new();
        let mut ppp = 1.0;
        if ran {
            let raw = g.egui_state.take_egui_input(&g.window);
            let stats = format!(
                "{} batches, {} triangles, {} particles, {} textures missing | {:.1} ms/frame | {}",
                g.scene.stats.batches,
                g.scene.stats.triangles,
                state.current.as_ref().map_or(0, |c| c.instance.particles.live()),
                g.scene.missing_textures(),
                self.frame_ms,
                g.adapter
            );
            let tex = if g.direct { None } else { g.scene.texture };
            let full = self.egui_ctx.run_ui(raw, |ui| out = ui::draw(ui, state, tex, &stats));
            g.egui_state.handle_platform_output(&g.window, full.platform_output);
            self.textures.append(full.textures_delta);
            let delay = full.viewport_output.get(&egui::ViewportId::ROOT).map_or(UI_REFRESH, |v| v.repaint_delay);
            ppp = full.pixels_per_point;
            jobs = self.egui_ctx.tessellate(full.shapes, ppp);
            self.ui.dirty = false;
            self.ui.next_run = now + delay.min(UI_REFRESH);
            self.ui.view = (out.view_origin, out.view_size);
            self.ui.over_view = paints_over(&jobs, self.ui.view, ppp);
            let view_px = pixel_rect(self.ui.view);
            let pointer = self.egui_ctx.input(|i| i.pointer.hover_pos());
            let on_view = pointer.is_some_and(|p| view_px.contains((p.to_vec2() * ppp).to_pos2()));
            let only_view = on_view && !self.egui_ctx.egui_wants_keyboard_input();
            draw = !(only_view && self.ui.valid(g) && now < self.ui.drawn.0 + UI_REFRESH);
        }
        let frame = match g.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(t) | wgpu::CurrentSurfaceTexture::Suboptimal(t) => t,
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                g.surface.configure(&g.device, &g.config);
                self.ui.dirty = true;
                return;
            }
            _ => return,
        };
        // The UI's requests, applied in one place.
        let mut screenshot = None;
        for c in state.take_commands() {
            if let Some(super::command::Command::Screenshot(path)) = g.scene.apply(c, state) {
                screenshot = Some(path);
            }
        }
        let transparent = screenshot.is_some() && state.view.transparent_screenshot;
        let mut enc = g.device.create_command_encoder(&Default::default());
        g.scene.render(&mut enc, &mut g.egui_renderer, state, self.ui.view.1, transparent);
        let mut extra = Vec::new();
        let mut delta = std::mem::take(&mut self.textures);
        for (id, deltas) in delta.set.drain() {
            for d in deltas {
                g.egui_renderer.update_texture(&g.device, &g.queue, id, &d);
            }
        }
        if draw {
            let screen = egui_wgpu::ScreenDescriptor {
                size_in_pixels: [g.config.width, g.config.height],
                pixels_per_point: ppp,
            };
            extra = g.egui_renderer.update_buffers(&g.device, &g.queue, &mut enc, &jobs, &screen);
            // Panels into the kept texture, or (something over the view, or no copies)
            // onto the surface after the view.
            let panels_only = g.direct && !self.ui.over_view;
            let (target, load) = if panels_only {
                self.ui.drawn = (now, self.ui.view);
                (self.ui.texture(g).create_view(&Default::default()), wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT))
            } else {
                // The kept panels are now out of date.
                self.ui.drawn.1 = ([0; 2], [0; 2]);
                if g.direct {
                    g.scene.blit(&mut enc, &frame.texture, self.ui.view.0);
                }
                let load = if g.direct { wgpu::LoadOp::Load } else { wgpu::LoadOp::Clear(wgpu::Color::BLACK) };
                (frame.texture.create_view(&Default::default()), load)
            };
            let pass = enc.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("egui"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &target,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations { load, store: wgpu::StoreOp::Store },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            g.egui_renderer.render(&mut pass.forget_lifetime(), &jobs, &screen);
        }
        for id in delta.free.drain() {
            g.egui_renderer.free_texture(&id);
        }
        if g.direct
            && !self.ui.over_view
            && let Some(panels) = &self.ui.texture
        {
            copy_around(&mut enc, panels, &frame.texture, self.ui.view);
            g.scene.blit(&mut enc, &frame.texture, self.ui.view.0);
        }
        g.queue.submit(extra.into_iter().chain([enc.finish()]));
        g.queue.present(frame);
        if let Some(path) = screenshot {
            self.ui.dirty = true;
            state.last_screenshot = Some(match g.scene.save_screenshot(&path) {
                Ok(()) => format!("saved {}", path.display()),
                Err(e) => format!("screenshot failed: {e}"),
            });
        }
        if out.open_dialog {
            self.open_dialog(None);
        }
        if let Some(kind) = out.pick_data {
            self.open_dialog(Some(kind));
        }
    }
}

/// Carries out the answer of a finished native dialog (open a model, or add
/// a data source); returns whether there was one.
fn take_dialog_answer(
    dialog: &mut Option<(Option<DataPick>, Receiver<Option<PathBuf>>)>,
    state: &mut AppState,
) -> bool {
    let Some(Ok(pick)) = dialog.as_ref().map(|(_, rx)| rx.try_recv()) else { return false };
    let data = dialog.take().and_then(|(d, _)| d);
    match pick {
        Some(p) if data.is_some() => state.add_data_source(p),
        Some(p) => state.open(p),
        None => {
            state.error =
                Some("no file chosen (or no desktop file-dialog portal here): type a path in the field above".into())
        }
    }
    true
}

impl ApplicationHandler for App {
    fn resumed(&mut self, el: &ActiveEventLoop) {
        if self.gfx.is_none()
            && let Err(e) = self.init(el)
        {
            self.error = Some(e);
            el.exit();
        }
    }

    fn window_event(&mut self, el: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        let Some(g) = self.gfx.as_mut() else { return };
        let repaint = g.egui_state.on_window_event(&g.window, &event).repaint;
        // egui asks to repaint on every redraw request; only other events are news to the panels.
        self.ui.dirty |= repaint && !matches!(event, WindowEvent::RedrawRequested);
        match event {
            WindowEvent::CloseRequested => el.exit(),
            WindowEvent::Resized(size) => {
                g.config.width = size.width;
                g.config.height = size.height;
                self.ui.dirty = true;
                if size.width > 0 && size.height > 0 {
                    g.surface.configure(&g.device, &g.config);
                }
            }
            WindowEvent::DroppedFile(path) => {
                if let Some(s) = self.state.as_mut() {
                    s.open(path);
                }
            }
            WindowEvent::RedrawRequested => self.frame(),
            _ => {}
        }
    }

    fn about_to_wait(&mut self, _el: &ActiveEventLoop) {
        if let Some(g) = &self.gfx {
            g.window.request_redraw();
        }
    }
}
