//! The window: winit event loop, wgpu surface, egui input and painting.
//! A lost or outdated surface is reconfigured; a zero-sized (minimised)
//! window skips drawing. The 3D view is drawn every frame; egui's panels
//! only when something changed (`UiLayer`).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::Instant;

use winit::application::ApplicationHandler;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::window::{Window, WindowId};

use super::compositor::{UiLayer, copy_around};
use super::state::AppState;
use super::ui::DataPick;
use super::viewport::SceneView;

pub(super) struct Gfx {
    pub(super) window: Arc<Window>,
    pub(super) surface: wgpu::Surface<'static>,
    pub(super) config: wgpu::SurfaceConfiguration,
    pub(super) device: wgpu::Device,
    pub(super) queue: wgpu::Queue,
    pub(super) egui_renderer: egui_wgpu::Renderer,
    pub(super) egui_state: egui_winit::State,
    pub(super) scene: SceneView,
    /// The 3D view is copied onto the surface (else egui samples it as an image).
    pub(super) direct: bool,
    pub(super) adapter: String,
}

struct App {
    initial: Option<PathBuf>,
    open_options: crate::open::OpenOptions,
    video: Option<crate::exporting::VideoWriter>,
    gfx: Option<Gfx>,
    state: Option<AppState>,
    egui_ctx: egui::Context,
    last_frame: Instant,
    frame_ms: f32,
    /// A native dialog in progress: what it picks for, and its answer.
    dialog: Dialog,
    error: Option<String>,
    /// egui texture changes not yet applied (kept across skipped frames).
    textures: egui::TexturesDelta,
    ui: UiLayer,
    /// File > Quit was chosen: close after this frame.
    quit: bool,
    /// When the window was asked for.
    started: Instant,
}

/// Opens the window with `initial` (or the embedded demo model) and runs
/// until closed; `video` is the encoder the Export dialog records videos
/// with (`None`: it offers none).
pub fn run(
    initial: Option<PathBuf>,
    open_options: crate::open::OpenOptions,
    video: Option<crate::exporting::VideoWriter>,
) -> Result<(), String> {
    let event_loop = EventLoop::new().map_err(|e| format!("cannot open a window: {e}"))?;
    event_loop.set_control_flow(ControlFlow::Poll);
    let mut app = App {
        initial,
        open_options,
        video,
        gfx: None,
        state: None,
        egui_ctx: egui::Context::default(),
        quit: false,
        started: Instant::now(),
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
        // 1280×800, or less on a smaller screen: the timeline and status bar stay on it.
        let screen = el.primary_monitor().map(|m| m.size().to_logical::<f64>(m.scale_factor()));
        let (w, h) = screen.map_or((1280.0, 800.0), |s| (s.width.min(1280.0), s.height.min(800.0)));
        let attrs =
            Window::default_attributes().with_title("m2view").with_inner_size(winit::dpi::LogicalSize::new(w, h));
        let window = Arc::new(el.create_window(attrs).map_err(|e| e.to_string())?);
        let choice = m2view_render::gpu::BackendChoice::current().map_err(|e| e.to_string())?;
        // With no backend named, each in turn until one gives an adapter and a device.
        let ((surface, adapter, device, queue), used, failed) = m2view_render::gpu::first_working(choice, |c| {
            let instance = wgpu::Instance::new(c.instance_descriptor(Some(
                wgpu::InstanceDescriptor::new_with_display_handle_from_env(Box::new(el.owned_display_handle())),
            )));
            let surface = instance.create_surface(window.clone()).map_err(|e| e.to_string())?;
            let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
                power_preference: wgpu::PowerPreference::HighPerformance,
                compatible_surface: Some(&surface),
                ..Default::default()
            }))
            .map_err(|e| m2view_render::RenderError::NoAdapter(e.to_string()).to_string())?;
            let (device, queue) =
                pollster::block_on(adapter.request_device(&m2view_render::gpu::device_descriptor(&adapter, c)))
                    .map_err(|e| m2view_render::RenderError::Device(e.to_string()).to_string())?;
            Ok((surface, adapter, device, queue))
        })
        .map_err(|e| e.to_string())?;
        if !failed.is_empty() {
            eprintln!("m2view: the window uses {} ({})", used.name(), failed.join("; "));
        }
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
        let mut state = AppState::new(self.open_options.clone(), scene.supports_bc());
        state.video = self.video;
        for f in &failed {
            state.errors.push(format!("GPU backend {f}; the window uses {}", used.name()));
        }
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
    /// Saves the settings (UI scale, layout; a failure is printed) and ends the event loop.
    fn close(&mut self, el: &ActiveEventLoop) {
        if let Some(Err(e)) = self.state.as_ref().map(AppState::save_settings) {
            eprintln!("m2view: settings not saved: {e}");
        }
        el.exit();
    }

    /// Opens a file dialog for `pick`: the desktop's (the portal, else
    /// zenity, through rfd) off the event-loop thread, or m2view's own where
    /// there is none (or `M2VIEW_FILE_DIALOG=builtin` asks for it).
    fn open_dialog(&mut self, pick: Pick) {
        if self.dialog.is_some() || self.state.as_ref().is_some_and(|s| s.file_dialog.is_some()) {
            return;
        }
        if !native_dialog_available() {
            if let Some(s) = self.state.as_mut() {
                s.file_dialog = Some(builtin_dialog(&pick));
            }
            return;
        }
        let (tx, rx) = channel();
        let asked = pick.clone();
        std::thread::spawn(move || {
            let answer = match asked {
                Pick::Open => rfd::FileDialog::new()
                    .add_filter("Model (M2, MDX, WMO)", &["m2", "M2", "mdx", "MDX", "wmo", "WMO"])
                    .add_filter("Scene (JSON)", &["json", "JSON"])
                    .pick_file(),
                Pick::Data(DataPick::Folder) => rfd::FileDialog::new().set_title("Game folder").pick_folder(),
                Pick::Data(DataPick::Archive) => rfd::FileDialog::new()
                    .add_filter("Archive (MPQ, Warcraft III map)", &["mpq", "MPQ", "w3x", "w3m", "W3X", "W3M"])
                    .pick_file(),
                Pick::Data(DataPick::ItemList) => {
                    rfd::FileDialog::new().add_filter("Item list (id;name;display)", &["csv", "txt"]).pick_file()
                }
                Pick::Save(path) => {
                    let mut d = rfd::FileDialog::new().set_title("Export");
                    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                        d = d.set_directory(dir);
                    }
                    if let Some(name) = path.file_name() {
                        d = d.set_file_name(name.to_string_lossy());
                    }
                    d.save_file()
                }
            };
            let _ = tx.send(answer);
        });
        self.dialog = Some((pick, Instant::now(), rx));
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
        // Poll I/O → UI → apply its commands → render → present.
        let asked = state.pending.as_ref().map(|p| p.started);
        self.ui.dirty |= poll_io(g, state, &mut self.dialog, dt);
        // A load that finished is drawn this frame (timed with M2VIEW_FPS_LOG).
        let arrived = asked.filter(|_| state.pending.is_none() && state.current.is_some());
        if g.config.width == 0 || g.config.height == 0 {
            return;
        }
        let spawned = match g.scene.spawned_models {
            0 => String::new(),
            n => format!(", {n} spawned models"),
        };
        let stats = format!(
            "{} batches, {} triangles, {} particles{spawned}, {} textures missing | {:.1} ms/frame | {} | {}",
            g.scene.stats.batches,
            g.scene.stats.triangles,
            match &state.current {
                Some(_) if g.scene.gpu_particles() => "GPU-simulated".to_string(),
                c => c.as_ref().map_or(0, |c| c.instance.particles.live()).to_string(),
            },
            g.scene.missing_textures(),
            self.frame_ms,
            g.scene.paths(),
            g.adapter
        );
        let ui = self.ui.run_egui(g, state, &self.egui_ctx, &mut self.textures, &stats, now);
        let frame = match g.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(t) | wgpu::CurrentSurfaceTexture::Suboptimal(t) => t,
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                g.surface.configure(&g.device, &g.config);
                self.ui.dirty = true;
                return;
            }
            _ => return,
        };
        let screenshot = g.scene.apply_commands(state);
        let transparent = screenshot.is_some() && state.view.transparent_screenshot;
        let mut enc = g.device.create_command_encoder(&Default::default());
        // A view behind another tab (a table, a texture) is neither rendered nor copied.
        let view_shown = self.ui.view_shown();
        if view_shown {
            g.scene.render(&mut enc, &mut g.egui_renderer, state, self.ui.view.1, transparent);
        }
        let mut extra = Vec::new();
        let mut delta = std::mem::take(&mut self.textures);
        for (id, deltas) in delta.set.drain() {
            for d in deltas {
                g.egui_renderer.update_texture(&g.device, &g.queue, id, &d);
            }
        }
        if ui.draw {
            extra = self.ui.draw_panels(g, &mut enc, &frame.texture, &ui.jobs, ui.ppp, now);
        }
        for id in delta.free.drain() {
            g.egui_renderer.free_texture(&id);
        }
        if g.direct
            && !self.ui.over_view
            && let Some(panels) = &self.ui.texture
        {
            copy_around(&mut enc, panels, &frame.texture, self.ui.view);
            if view_shown {
                g.scene.blit(&mut enc, &frame.texture, self.ui.view.0);
            }
        }
        g.queue.submit(extra.into_iter().chain([enc.finish()]));
        g.queue.present(frame);
        if let Some(t) = arrived
            && std::env::var_os("M2VIEW_FPS_LOG").is_some()
        {
            eprintln!(
                "model on screen {:.0} ms after it was asked for, {:.0} ms after start",
                t.elapsed().as_secs_f64() * 1000.0,
                self.started.elapsed().as_secs_f64() * 1000.0
            );
        }
        if let Some(path) = screenshot {
            self.ui.dirty = true;
            let (tx, rx) = std::sync::mpsc::channel();
            g.scene.save_screenshot(path, move |said| {
                let _ = tx.send(said);
            });
            state.last_screenshot = rx.try_recv().ok();
        }
        self.quit |= ui.out.quit;
        if ui.out.open_dialog {
            self.open_dialog(Pick::Open);
        }
        if let Some(kind) = ui.out.pick_data {
            self.open_dialog(Pick::Data(kind));
        }
        if let Some(path) = ui.out.save_dialog {
            self.open_dialog(Pick::Save(path));
        }
    }
}

/// What a file dialog picks.
#[derive(Debug, Clone)]
enum Pick {
    /// A file to open.
    Open,
    /// A data source to add.
    Data(DataPick),
    /// Where to export, this path suggested.
    Save(PathBuf),
}

/// A native file dialog running on its thread: what it picks, when it was
/// asked for, and where its answer arrives.
type Dialog = Option<(Pick, Instant, Receiver<Option<PathBuf>>)>;

/// An answer this soon without a choice means no dialog could be shown
/// (rfd answers "nothing" both for a cancel and for no portal and no zenity).
const NO_DIALOG_SHOWN: std::time::Duration = std::time::Duration::from_millis(400);

/// Whether a desktop file dialog can be asked for: always on Windows and
/// macOS; elsewhere when `zenity` is on the PATH or a D-Bus session (the
/// portal's bus) is there. `M2VIEW_FILE_DIALOG=builtin` says no.
fn native_dialog_available() -> bool {
    if std::env::var("M2VIEW_FILE_DIALOG").is_ok_and(|v| v == "builtin") {
        return false;
    }
    if cfg!(any(windows, target_vendor = "apple")) {
        return true;
    }
    let on_path = |program: &str| {
        std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(program).is_file()))
    };
    on_path("zenity") || std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
}

/// m2view's own dialog for `pick`: in the working folder, or for Save in
/// the suggested path's folder with its name.
fn builtin_dialog(pick: &Pick) -> crate::file_dialog::FileDialog {
    use crate::file_dialog::{FileDialog, Purpose};
    match pick {
        Pick::Open => FileDialog::new(Purpose::Open, FileDialog::start_dir()),
        Pick::Data(DataPick::Folder) => FileDialog::new(Purpose::AddFolder, FileDialog::start_dir()),
        Pick::Data(DataPick::Archive) => FileDialog::new(Purpose::AddArchive, FileDialog::start_dir()),
        Pick::Data(DataPick::ItemList) => FileDialog::new(Purpose::ItemList, FileDialog::start_dir()),
        Pick::Save(path) => {
            let ext = path.extension().map(|e| e.to_string_lossy().into_owned()).unwrap_or_default();
            let dir = path.parent().filter(|d| d.is_dir()).map_or_else(FileDialog::start_dir, |d| d.to_path_buf());
            let mut d = FileDialog::new(Purpose::Save(ext), dir);
            d.name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            d
        }
    }
}

/// Polls what runs beside the UI (model loading, indexing, recordings, a
/// native dialog) and advances the open model by `dt_ms`; returns whether
/// the panels must refresh.
fn poll_io(g: &mut Gfx, state: &mut AppState, dialog: &mut Dialog, dt_ms: f32) -> bool {
    let loading = state.pending.is_some();
    let mut dirty = take_dialog_answer(dialog, state);
    dirty |= g.scene.advance(state, dt_ms);
    dirty |= state.poll_recording() || state.recording.is_some();
    dirty |= state.poll_batch();
    dirty | (loading != state.pending.is_some())
}

/// Carries out the answer of a finished native dialog (open a model, or add
/// a data source); one that answered at once without a choice could show
/// nothing, and m2view's own dialog opens instead. Returns whether there
/// was an answer.
fn take_dialog_answer(dialog: &mut Dialog, state: &mut AppState) -> bool {
    let Some(Ok(answer)) = dialog.as_ref().map(|(_, _, rx)| rx.try_recv()) else { return false };
    let Some((pick, asked, _)) = dialog.take() else { return false };
    match (answer, pick) {
        (Some(p), Pick::Open) => state.open(p),
        (Some(p), Pick::Data(DataPick::ItemList)) => state.set_item_list(Some(p)),
        (Some(p), Pick::Data(_)) => state.add_data_source(p),
        (Some(p), Pick::Save(_)) => state.export_now(p),
        (None, pick) if asked.elapsed() < NO_DIALOG_SHOWN => state.file_dialog = Some(builtin_dialog(&pick)),
        (None, _) => {}
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
            WindowEvent::CloseRequested => self.close(el),
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
            WindowEvent::RedrawRequested => {
                self.frame();
                if self.quit {
                    self.close(el);
                }
            }
            _ => {}
        }
    }

    fn about_to_wait(&mut self, _el: &ActiveEventLoop) {
        if let Some(g) = &self.gfx {
            g.window.request_redraw();
        }
    }
}
