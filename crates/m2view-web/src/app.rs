//! The viewer on a web page: winit's event loop on the page's canvas, the
//! device made asynchronously (a browser answers adapter and device
//! requests with promises), then each frame: what arrived (a fetched or
//! dropped model, an error), the UI (the native panels, or the embed
//! layout), its commands, the 3D view into its texture, egui over all,
//! present. The whole UI is drawn every frame (the native window's kept
//! panels are an optimisation for software rasterizers it does not need).

use std::sync::Arc;

use m2view_app::browser::Browser;
use m2view_app::command::Command;
use m2view_app::open::OpenOptions;
use m2view_app::platform::Instant;
use m2view_app::state::AppState;
use m2view_app::viewport::{SceneView, paint_egui};
use m2view_data::{Memory, Vfs};
use wasm_bindgen::JsCast;
use winit::application::ApplicationHandler;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, EventLoop, EventLoopProxy};
use winit::platform::web::{EventLoopExtWebSys, WindowAttributesExtWebSys, WindowExtWebSys};
use winit::window::{Window, WindowId};

use crate::listing::{self, Listing, Remote};
use crate::params::Params;

/// The id of the canvas the viewer draws on (made if the page has none).
const CANVAS_ID: &str = "m2view";

/// What arrives from outside the event loop.
pub enum UserEvent {
    /// The device and surface are ready.
    Gfx(Box<Gfx>),
    /// A model is in the in-memory source at this virtual path: load it.
    Open(String),
    /// The `?dbc=` and `?data=` folders were read (or there are none).
    Ready(Folders),
    /// A screenshot was saved (or not): the status line.
    Saved(String),
    /// Download the model or a screenshot (`api::save`): `glb`, `obj`, `png`.
    Save(String),
    /// Something failed before the viewer could open it.
    Error(String),
    /// Play a sequence, by name or index (`api::play`).
    Play(String),
    /// Dress the open creature as this `CreatureDisplayInfo` id (`api::display`).
    Display(u32),
    /// Frame the model from a camera preset (`api::camera`).
    Camera(String),
    /// The 3D view's background, `RRGGBB` (`api::background`).
    Background(String),
    /// Fetch and open the model at this URL (`api::open`).
    OpenUrl(String),
}

/// The folders the URL names, read.
#[derive(Default)]
pub struct Folders {
    /// `?dbc=`, first searched first.
    dbc: Vec<Arc<Listing>>,
    /// `?data=`.
    data: Option<Arc<Listing>>,
    /// The folder of a `?model=` given alone (`beside`).
    beside: Option<Arc<Listing>>,
    /// The folder above a `?model=` given alone that holds its tables.
    root: Option<String>,
}

/// The GPU side of the page.
pub struct Gfx {
    window: Arc<Window>,
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
    device: wgpu::Device,
    queue: wgpu::Queue,
    egui_renderer: egui_wgpu::Renderer,
    egui_state: egui_winit::State,
    scene: SceneView,
    adapter: String,
}

struct App {
    params: Params,
    proxy: EventLoopProxy<UserEvent>,
    memory: Memory,
    /// How models are read: memory, then the `?dbc=` and `?data=` folders.
    open_options: OpenOptions,
    /// Memory alone: what fetching a model's companions opens it with, so
    /// that the loader names what memory lacks instead of reading it from a
    /// folder with blocking requests.
    memory_only: m2view_format::LoadOptions,
    egui_ctx: egui::Context,
    gfx: Option<Gfx>,
    state: Option<AppState>,
    last_frame: Instant,
    frame_ms: f32,
    /// The URL's `?display=`, `?sequence=`, `?time=` and `?camera=` wait for
    /// the first model, which they apply to.
    apply_params: bool,
    /// The `?data=` folder, once read.
    listing: Option<Arc<Listing>>,
    /// Frames drawn with a model, and when the first was ([`App::publish`]).
    frames: u64,
    /// The `data-*` attributes as last written.
    published: std::collections::HashMap<&'static str, String>,
    /// The 3D view's size in pixels, as the UI last laid it out.
    view_size: [u32; 2],
    first_frame_ms: Option<f64>,
}

/// Starts the viewer with `params` (returns at once; the page runs it).
///
/// # Errors
/// The page has no event loop to give (a second start).
pub fn run(params: Params) -> Result<(), String> {
    let event_loop = EventLoop::<UserEvent>::with_user_event().build().map_err(|e| e.to_string())?;
    let memory = Memory::new("this page");
    let mut vfs = Vfs::new();
    vfs.push(Arc::new(memory.clone()));
    let mut open_options = OpenOptions::default();
    open_options.load.data = Some(Arc::new(vfs));
    let app = App {
        params,
        proxy: event_loop.create_proxy(),
        memory,
        memory_only: open_options.load.clone(),
        open_options,
        egui_ctx: egui::Context::default(),
        gfx: None,
        state: None,
        last_frame: Instant::now(),
        frame_ms: 0.0,
        apply_params: true,
        listing: None,
        frames: 0,
        published: Default::default(),
        view_size: [0, 0],
        first_frame_ms: None,
    };
    crate::api::set_proxy(event_loop.create_proxy());
    event_loop.spawn_app(app);
    Ok(())
}

/// The page's canvas, sized to its container.
fn canvas() -> Result<web_sys::HtmlCanvasElement, String> {
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let canvas = match document.get_element_by_id(CANVAS_ID) {
        Some(c) => c,
        None => {
            let c = document.create_element("canvas").map_err(|e| format!("{e:?}"))?;
            c.set_id(CANVAS_ID);
            document.body().ok_or("no body")?.append_child(&c).map_err(|e| format!("{e:?}"))?;
            c
        }
    };
    canvas.dyn_into().map_err(|_| format!("#{CANVAS_ID} is no canvas"))
}

/// Makes the device and surface for `window` (WebGPU where the browser has
/// it, else WebGL2), then hands them to the event loop.
async fn make_gfx(window: Arc<Window>, proxy: EventLoopProxy<UserEvent>) {
    let result = async {
        let choice = m2view_render::gpu::BackendChoice::default();
        let desc = wgpu::InstanceDescriptor {
            backends: wgpu::Backends::BROWSER_WEBGPU | wgpu::Backends::GL,
            ..wgpu::InstanceDescriptor::new_without_display_handle_from_env()
        };
        let instance = wgpu::util::new_instance_with_webgpu_detection(desc).await;
        let surface = instance.create_surface(window.clone()).map_err(|e| e.to_string())?;
        let adapter = instance
            .request_adapter(&wgpu::RequestAdapterOptions {
                power_preference: wgpu::PowerPreference::HighPerformance,
                compatible_surface: Some(&surface),
                ..Default::default()
            })
            .await
            .map_err(|e| format!("no WebGPU or WebGL2 adapter: {e}"))?;
        let (device, queue) = adapter
            .request_device(&m2view_render::gpu::device_descriptor(&adapter, choice))
            .await
            .map_err(|e| e.to_string())?;
        // A GPU error goes to the console; it must not stop the page as a panic would.
        device.on_uncaptured_error(Arc::new(|e| web_sys::console::error_1(&format!("m2view: GPU: {e}").into())));
        let size = window.inner_size();
        let mut config = surface
            .get_default_config(&adapter, size.width.max(1), size.height.max(1))
            .ok_or("the canvas is not supported by the adapter")?;
        // A non-sRGB surface: egui and the 3D view both work in gamma space.
        if let Some(f) = surface.get_capabilities(&adapter).formats.iter().find(|f| !f.is_srgb()) {
            config.format = *f;
        }
        surface.configure(&device, &config);
        let egui_renderer = egui_wgpu::Renderer::new(&device, config.format, egui_wgpu::RendererOptions::default());
        let egui_state = egui_winit::State::new(
            egui::Context::default(),
            egui::ViewportId::ROOT,
            &window,
            Some(window.scale_factor() as f32),
            None,
            Some(device.limits().max_texture_dimension_2d as usize),
        );
        let scene = SceneView::new(&device, &queue, m2view_render::target::OFFSCREEN_FORMAT);
        let i = adapter.get_info();
        let adapter = format!("{} ({:?})", i.name, i.backend);
        Ok::<Gfx, String>(Gfx { window, surface, config, device, queue, egui_renderer, egui_state, scene, adapter })
    }
    .await;
    let _ = proxy.send_event(match result {
        Ok(g) => UserEvent::Gfx(Box::new(g)),
        Err(e) => UserEvent::Error(e),
    });
}

impl App {
    /// Starts loading what the URL names: first the `?data=` folder and the
    /// `?dbc=` folders' tables ([`App::read_folders`]; an archive is said to
    /// be native-only), then [`App::ready`] opens the model.
    fn load_initial(&mut self) {
        let data = self.params.data.clone().filter(|url| {
            let archive = listing::is_archive(url);
            if let (true, Some(state)) = (archive, self.state.as_mut()) {
                state.error = Some(format!("{url}: {}", listing::ARCHIVES_NATIVE_ONLY));
            }
            !archive
        });
        if data.is_none() && self.params.dbc.is_empty() && self.params.model.is_none() {
            return self.ready(Folders::default());
        }
        self.read_folders(data);
    }

    /// Reads the index pages of the `?dbc=` folders (their tables appear
    /// under `DBFilesClient/`) and of the `?data=` folder `data` — or, for a
    /// `?model=` alone, of its folder and the nearest `DBFilesClient/` above
    /// it (`beside`) — then hands them to [`App::ready`].
    fn read_folders(&self, data: Option<String>) {
        let dbc = self.params.dbc.clone();
        let alone = self.params.model.clone().filter(|_| data.is_none());
        spawn(&self.proxy, async move {
            let mut folders = Folders::default();
            for url in &dbc {
                match Listing::read(url, "DBFilesClient").await {
                    Ok(l) => folders.dbc.push(Arc::new(l)),
                    Err(e) => return UserEvent::Error(e),
                }
            }
            if let Some(url) = data {
                match Listing::read(&url, "").await {
                    Ok(l) => folders.data = Some(Arc::new(l)),
                    Err(e) => return UserEvent::Error(e),
                }
            }
            if let Some(model) = alone {
                let beside = crate::beside::read(&model).await;
                folders.beside = beside.own.map(Arc::new);
                folders.dbc.extend(beside.tables.map(Arc::new));
                folders.root = beside.root;
            }
            UserEvent::Ready(folders)
        });
    }

    /// The folders are read: every read goes through memory (dropped and
    /// fetched files), then the `?dbc=` folders (as `--dbc`, before the
    /// data), then the `?data=` folder, whose models fill the browser
    /// panel, or the folder of a `?model=` given alone. Opens `?model=` (a path in the `?data=` folder, else a URL)
    /// or the model `?display=` alone shows, else the demo model.
    fn ready(&mut self, folders: Folders) {
        let Some(state) = self.state.as_mut() else { return };
        let mut vfs = Vfs::new();
        vfs.push(Arc::new(self.memory.clone()));
        for l in folders.dbc.iter().chain(&folders.data).chain(&folders.beside) {
            vfs.push(Arc::new(Remote { listing: l.clone(), memory: self.memory.clone() }));
        }
        let vfs = Arc::new(vfs);
        self.open_options.load.data = Some(vfs.clone());
        state.open_options.load.data = Some(vfs.clone());
        if folders.data.is_some() {
            state.browser = Some(Browser::new(&vfs));
        }
        // A page showing one model shows it, not an empty list: the
        // browser panel opens on demand (the "Models" button).
        state.show_browser = folders.data.is_some() && self.params.model.is_none();
        self.listing = folders.data;
        let path = match (self.params.model.clone(), self.params.display) {
            (Some(m), _) if self.listing.is_some() => m,
            (Some(url), _) => return self.fetch_model(url, folders.root),
            (None, Some(d)) if self.listing.is_some() || !self.params.dbc.is_empty() => {
                match m2view_app::character::npc_model(&self.open_options, d) {
                    Ok(p) => p.display().to_string(),
                    Err(e) => return state.error = Some(e.to_string()),
                }
            }
            (None, _) => {
                for (rel, bytes) in m2view_app::demo::FILES {
                    self.memory.insert(rel, bytes.to_vec());
                }
                "Demo.m2".into()
            }
        };
        state.open(path.into());
    }

    /// Loads the models `AppState::open` queued, fetching each from the
    /// `?data=` folder first when there is one (a dropped or fetched model
    /// is in memory already).
    fn fetch_queued(&mut self) {
        let Some(state) = self.state.as_mut() else { return };
        let queued = state.fetch_first.as_mut().map(std::mem::take).unwrap_or_default();
        for path in queued {
            let Some(l) = self.listing.clone() else {
                state.load(path);
                continue;
            };
            let (memory, load) = (self.memory.clone(), self.memory_only.clone());
            let p = path.display().to_string();
            spawn(&self.proxy, async move {
                match crate::fetch::listed(&l, &p, &memory, &load).await {
                    Ok(()) => UserEvent::Open(p),
                    Err(e) => UserEvent::Error(e),
                }
            });
        }
    }

    /// Fetches the model at `url` and its companions, then opens it.
    fn fetch_model(&self, url: String, root: Option<String>) {
        let (memory, load) = (self.memory.clone(), self.memory_only.clone());
        spawn(&self.proxy, async move {
            match crate::fetch::model(&url, root.as_deref(), &memory, &load).await {
                Ok(path) => UserEvent::Open(path),
                Err(e) => UserEvent::Error(e),
            }
        });
    }

    /// `?display=`, `?background=`, `?sequence=`, `?time=` and `?camera=` on the model just opened.
    fn apply_params(&mut self) {
        let (Some(state), true) = (self.state.as_mut(), self.apply_params) else { return };
        if state.current.is_none() {
            return;
        }
        self.apply_params = false;
        if let Some(d) = self.params.display {
            show_display(state, d);
        }
        if let Some(c) = self.params.background {
            state.view.background = c;
        }
        if let Some(name) = self.params.sequence.clone() {
            play(state, &name);
        }
        if let Some(t) = self.params.time
            && let Some(c) = &mut state.current
        {
            c.instance.player.time_ms = t;
            c.instance.player.paused = true;
        }
        if let Some(p) = self.params.camera {
            state.send(Command::Frame(p.direction()));
        }
    }

    /// Publishes what the page's scripts (and the browser tests) read on the
    /// canvas: `data-model`, `data-frames` (drawn with a model),
    /// `data-first-frame-ms` (from page load to the first of them),
    /// `data-sequence`, `data-character` (`race Scourge (5), female (1)`;
    /// empty: no character), `data-batches` (drawn in the last frame, what
    /// it places included), `data-size` (the drawing buffer, `640x360`),
    /// `data-error`, `data-adapter`, and what was saved last (`data-export`,
    /// `data-screenshot`).
    fn publish(&mut self) {
        let (Some(g), Some(state)) = (&self.gfx, &self.state) else { return };
        let Some(canvas) = g.window.canvas() else { return };
        // The page sees a change only (the DOM is not written every frame).
        let published = &mut self.published;
        let mut set = |k: &'static str, v: &str| {
            if published.get(k).is_none_or(|old| old != v) {
                let _ = canvas.set_attribute(k, v);
                published.insert(k, v.to_string());
            }
        };
        if let Some(c) = &state.current {
            self.frames += 1;
            if self.first_frame_ms.is_none() {
                let now = web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now());
                self.first_frame_ms = Some(now);
                set("data-first-frame-ms", &format!("{now:.0}"));
                set("data-adapter", &g.adapter);
            }
            set("data-model", &c.lm.path.display().to_string());
            let seq = c.instance.player.sequence;
            set("data-sequence", &c.lm.model.sequence_name(seq));
            let character = c.dressing.character.as_ref().map(|ch| ch.identity.describe());
            set("data-character", character.as_deref().unwrap_or(""));
            set("data-batches", &g.scene.stats.batches.to_string());
        }
        set("data-frames", &self.frames.to_string());
        set("data-size", &format!("{}x{}", g.config.width, g.config.height));
        set("data-view", &format!("{}x{}", self.view_size[0], self.view_size[1]));
        set("data-export", state.export_status.as_deref().unwrap_or(""));
        set("data-screenshot", state.last_screenshot.as_deref().unwrap_or(""));
        set("data-error", state.error.as_deref().unwrap_or(""));
    }

    fn frame(&mut self) {
        let (Some(g), Some(state)) = (self.gfx.as_mut(), self.state.as_mut()) else { return };
        let now = Instant::now();
        let dt = (now - self.last_frame).as_secs_f32() * 1000.0;
        self.last_frame = now;
        self.frame_ms = self.frame_ms * 0.9 + dt * 0.1;
        g.scene.advance(state, dt);
        if g.config.width == 0 || g.config.height == 0 {
            return;
        }
        let stats = format!(
            "{} batches, {} triangles | {:.1} ms/frame | {} | {}",
            g.scene.stats.batches,
            g.scene.stats.triangles,
            self.frame_ms,
            g.scene.paths(),
            g.adapter
        );
        let raw = g.egui_state.take_egui_input(&g.window);
        let mut out = Default::default();
        let embed = self.params.embed;
        let full = self.egui_ctx.run_ui(raw, |ui| {
            out = if embed {
                m2view_app::ui::draw_embed(ui, state, g.scene.texture)
            } else {
                m2view_app::ui::draw(ui, state, g.scene.texture, &stats)
            };
        });
        g.egui_state.handle_platform_output(&g.window, full.platform_output);
        let out: m2view_app::ui::UiOutput = out;
        self.view_size = out.view_size;
        if out.open_dialog {
            crate::files::pick();
        }
        if out.pick_data.is_some() {
            state.error = Some("game folders and archives are opened by the native m2view only".into());
        }
        let screenshot = g.scene.apply_commands(state);
        let transparent = screenshot.is_some() && state.view.transparent_screenshot;
        let frame = match g.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(t) | wgpu::CurrentSurfaceTexture::Suboptimal(t) => t,
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                g.surface.configure(&g.device, &g.config);
                return;
            }
            _ => return,
        };
        let ppp = full.pixels_per_point;
        let jobs = self.egui_ctx.tessellate(full.shapes, ppp);
        let mut enc = g.device.create_command_encoder(&Default::default());
        g.scene.render(&mut enc, &mut g.egui_renderer, state, out.view_size, transparent);
        for (id, deltas) in &full.textures_delta.set {
            for delta in deltas {
                g.egui_renderer.update_texture(&g.device, &g.queue, *id, delta);
            }
        }
        let screen =
            egui_wgpu::ScreenDescriptor { size_in_pixels: [g.config.width, g.config.height], pixels_per_point: ppp };
        let view = frame.texture.create_view(&Default::default());
        let black = wgpu::LoadOp::Clear(wgpu::Color::BLACK);
        let extra = paint_egui(&mut g.egui_renderer, &g.device, &g.queue, &mut enc, &view, black, &jobs, &screen);
        for id in &full.textures_delta.free {
            g.egui_renderer.free_texture(id);
        }
        g.queue.submit(extra.into_iter().chain([enc.finish()]));
        g.queue.present(frame);
        if let Some(path) = screenshot {
            let proxy = self.proxy.clone();
            g.scene.save_screenshot(path, move |said| {
                let _ = proxy.send_event(UserEvent::Saved(said));
            });
        }
        self.fetch_queued();
        self.apply_params();
        self.publish();
    }
}

impl ApplicationHandler<UserEvent> for App {
    fn resumed(&mut self, el: &ActiveEventLoop) {
        if self.gfx.is_some() || self.state.is_some() {
            return;
        }
        let made = canvas().and_then(|c| {
            el.create_window(Window::default_attributes().with_canvas(Some(c))).map_err(|e| e.to_string())
        });
        match made {
            Ok(window) => {
                let window = Arc::new(window);
                wasm_bindgen_futures::spawn_local(make_gfx(window, self.proxy.clone()));
                if let Err(e) = crate::files::listen(&self.memory, &self.proxy) {
                    web_sys::console::error_1(&e.into());
                }
            }
            Err(e) => web_sys::console::error_1(&format!("m2view: {e}").into()),
        }
    }

    fn user_event(&mut self, _el: &ActiveEventLoop, event: UserEvent) {
        match event {
            UserEvent::Gfx(g) => {
                let g = *g;
                // The UI's context is the one egui-winit feeds.
                self.egui_ctx = g.egui_state.egui_ctx().clone();
                let mut state = AppState::new(self.open_options.clone(), g.scene.supports_bc());
                // Saved files are downloads named by their file name; models are fetched before they load.
                state.output_dir = std::path::PathBuf::new();
                state.fetch_first = Some(Vec::new());
                g.window.request_redraw();
                self.gfx = Some(g);
                self.state = Some(state);
                self.load_initial();
            }
            UserEvent::Open(path) => {
                if let Some(s) = self.state.as_mut() {
                    s.load(path.into());
                }
            }
            UserEvent::Ready(l) => self.ready(l),
            UserEvent::Save(format) => {
                if let Some(s) = self.state.as_mut() {
                    save(s, &format);
                }
            }
            UserEvent::Saved(said) => {
                if let Some(s) = self.state.as_mut() {
                    s.last_screenshot = Some(said);
                }
            }
            UserEvent::Error(e) => match self.state.as_mut() {
                Some(s) => s.error = Some(e),
                None => web_sys::console::error_1(&format!("m2view: {e}").into()),
            },
            UserEvent::OpenUrl(url) => self.fetch_model(url, None),
            UserEvent::Play(name) => {
                if let Some(s) = self.state.as_mut() {
                    play(s, &name);
                }
            }
            UserEvent::Display(d) => {
                if let Some(s) = self.state.as_mut() {
                    show_display(s, d);
                }
            }
            UserEvent::Camera(name) => {
                if let Some(s) = self.state.as_mut() {
                    match m2view_render::camera::Preset::parse(&name) {
                        Some(p) => s.send(Command::Frame(p.direction())),
                        None => s.error = Some(format!("no camera {name:?} (front, back, left, right, top, iso)")),
                    }
                }
            }
            UserEvent::Background(hex) => {
                if let Some(s) = self.state.as_mut() {
                    match parse_rgb(&hex) {
                        Some(c) => s.view.background = c,
                        None => s.error = Some(format!("no colour {hex:?} (RRGGBB)")),
                    }
                }
            }
        }
    }

    fn window_event(&mut self, _el: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        let Some(g) = self.gfx.as_mut() else { return };
        let _ = g.egui_state.on_window_event(&g.window, &event);
        match event {
            WindowEvent::Resized(size) => {
                g.config.width = size.width;
                g.config.height = size.height;
                if size.width > 0 && size.height > 0 {
                    g.surface.configure(&g.device, &g.config);
                }
            }
            WindowEvent::RedrawRequested => {
                self.frame();
                if let Some(g) = &self.gfx {
                    g.window.request_redraw();
                }
            }
            _ => {}
        }
    }
}

/// Runs `work` on the page (fetches) and hands the event it ends with to the event loop.
fn spawn(proxy: &EventLoopProxy<UserEvent>, work: impl std::future::Future<Output = UserEvent> + 'static) {
    let proxy = proxy.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let _ = proxy.send_event(work.await);
    });
}

/// Dresses the open creature in the skin of display `d`, or says there is none.
fn show_display(state: &mut AppState, d: u32) {
    let Some(c) = &mut state.current else { return };
    match c.dressing.creature.skins.iter().position(|s| s.displays.contains(&d)) {
        Some(k) => {
            c.dressing.creature.apply(&mut c.lm, k);
            state.send(Command::UploadSkin);
        }
        None => state.error = Some(format!("no skin of this model has display id {d}")),
    }
}

/// `RRGGBB` (as `render --background` reads it) as a colour of 0..1 channels.
pub fn parse_rgb(hex: &str) -> Option<[f32; 3]> {
    let rgb = m2view_app::state::parse_rgb8(hex).ok()?;
    Some(rgb.map(|c| f32::from(c) / 255.0))
}

/// Plays sequence `name` (its name, any case, or its index) of the open model.
fn play(state: &mut AppState, name: &str) {
    let Some(c) = &state.current else { return };
    let m = &c.lm.model;
    let by_name = (0..m.sequences.len())
        .find(|&i| m.sequence_name(m2view_format::SequenceId(i as u16)).eq_ignore_ascii_case(name));
    match by_name.or_else(|| name.parse().ok().filter(|&i: &usize| i < m.sequences.len())) {
        Some(i) => state.play(m2view_format::SequenceId(i as u16)),
        None => state.error = Some(format!("no sequence {name:?} in this model")),
    }
}

/// Saves the open model as `<model name>.<format>` (`glb`, `obj`) or a
/// screenshot (`png`) — downloads, through the same commands as the panels.
fn save(state: &mut AppState, format: &str) {
    let Some(c) = &state.current else { return };
    let stem = c.lm.path.file_stem().map_or_else(|| "m2view".into(), |s| s.to_string_lossy().into_owned());
    let path = std::path::PathBuf::from(format!("{stem}.{format}"));
    match format {
        "glb" | "obj" => state.export(path),
        "png" => state.send(Command::Screenshot(path)),
        _ => state.error = Some(format!("save: {format:?} is none of glb, obj, png")),
    }
}
