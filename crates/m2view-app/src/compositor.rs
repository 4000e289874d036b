//! The window's compositing of egui's panels around the 3D view: the
//! panels are kept in a texture between frames and redrawn only when
//! something changed ([`UiLayer`]); other frames copy them around the view.

use std::time::{Duration, Instant};

use super::state::AppState;
use super::ui::UiOutput;
use super::window::Gfx;

/// One frame's egui output: the UI's answers, its tessellated shapes at
/// `ppp` pixels per point, and whether to draw the panels.
pub(super) struct UiFrame {
    pub(super) out: UiOutput,
    pub(super) jobs: Vec<egui::ClippedPrimitive>,
    pub(super) ppp: f32,
    pub(super) draw: bool,
}

/// How often the panels refresh without input (playback time, frame statistics).
pub(super) const UI_REFRESH: Duration = Duration::from_millis(100);

/// egui's panels kept between frames. egui runs only when input arrived,
/// egui asked for a repaint or [`UI_REFRESH`] passed, and its panels are
/// redrawn only then — and while the user only works the 3D view (pointer
/// on it, no text field focused), at most every [`UI_REFRESH`]. Other frames
/// copy the panels from `texture` around the 3D view. A software rasterizer
/// spends ~12 ms drawing the panels' text, more than the 3D view of a creature.
pub(super) struct UiLayer {
    /// The panels as last drawn (surface size and format); `None` until the first run.
    pub(super) texture: Option<wgpu::Texture>,
    /// Run egui on the next frame (input arrived, a load finished).
    pub(super) dirty: bool,
    /// When egui must run again without input.
    pub(super) next_run: Instant,
    /// The last run painted over the 3D view (a menu, tooltip or window):
    /// while it does, egui runs and paints onto the surface every frame.
    pub(super) over_view: bool,
    /// Top-left corner and size of the 3D view in pixels, from the last run.
    pub(super) view: ([u32; 2], [u32; 2]),
    /// When the panels in `texture` were drawn, and the view they were drawn around.
    pub(super) drawn: (Instant, ([u32; 2], [u32; 2])),
}

impl UiLayer {
    /// Whether the kept panels fit this frame: the window copies the 3D view,
    /// nothing floats over it, the size and the view's place are unchanged.
    pub(super) fn valid(&self, g: &Gfx) -> bool {
        g.direct
            && !self.over_view
            && self.drawn.1 == self.view
            && self.texture.as_ref().is_some_and(|t| (t.width(), t.height()) == (g.config.width, g.config.height))
    }

    /// Whether the last run drew the 3D view (not hidden behind another tab).
    pub(super) fn view_shown(&self) -> bool {
        self.view.1[0] > 0 && self.view.1[1] > 0
    }

    /// Whether egui must run this frame.
    pub(super) fn must_run(&self, g: &Gfx, now: Instant) -> bool {
        self.dirty || now >= self.next_run || !self.valid(g)
    }

    /// The panels' texture, (re)created at the surface's size.
    pub(super) fn texture(&mut self, g: &Gfx) -> &wgpu::Texture {
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

    /// Draws egui's panels: into the kept texture when nothing covers the
    /// 3D view and the window copies it, else onto the surface after the
    /// view. Returns the command buffers egui's buffer updates need first.
    pub(super) fn draw_panels(
        &mut self,
        g: &mut Gfx,
        enc: &mut wgpu::CommandEncoder,
        surface: &wgpu::Texture,
        jobs: &[egui::ClippedPrimitive],
        ppp: f32,
        now: Instant,
    ) -> Vec<wgpu::CommandBuffer> {
        let screen =
            egui_wgpu::ScreenDescriptor { size_in_pixels: [g.config.width, g.config.height], pixels_per_point: ppp };
        // Panels into the kept texture, or (something over the view, or no copies)
        // onto the surface after the view.
        let panels_only = g.direct && !self.over_view;
        let (target, load) = if panels_only {
            self.drawn = (now, self.view);
            (self.texture(g).create_view(&Default::default()), wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT))
        } else {
            // The kept panels are now out of date.
            self.drawn.1 = ([0; 2], [0; 2]);
            if g.direct && self.view_shown() {
                g.scene.blit(enc, surface, self.view.0);
            }
            let load = if g.direct { wgpu::LoadOp::Load } else { wgpu::LoadOp::Clear(wgpu::Color::BLACK) };
            (surface.create_view(&Default::default()), load)
        };
        super::viewport::paint_egui(&mut g.egui_renderer, &g.device, &g.queue, enc, &target, load, jobs, &screen)
    }

    /// Runs egui when it must (see the type's docs) and records what it
    /// drew: the view's place, whether anything covers it, and whether the
    /// panels must be redrawn this frame.
    pub(super) fn run_egui(
        &mut self,
        g: &mut Gfx,
        state: &mut AppState,
        ctx: &egui::Context,
        textures: &mut egui::TexturesDelta,
        stats: &str,
        now: Instant,
    ) -> UiFrame {
        let mut f = UiFrame { out: UiOutput::default(), jobs: Vec::new(), ppp: 1.0, draw: false };
        if !self.must_run(g, now) {
            return f;
        }
        let raw = g.egui_state.take_egui_input(&g.window);
        let tex = if g.direct { None } else { g.scene.texture };
        let full = ctx.run_ui(raw, |ui| f.out = super::ui::draw(ui, state, tex, stats));
        g.egui_state.handle_platform_output(&g.window, full.platform_output);
        textures.append(full.textures_delta);
        let delay = full.viewport_output.get(&egui::ViewportId::ROOT).map_or(UI_REFRESH, |v| v.repaint_delay);
        f.ppp = full.pixels_per_point;
        f.jobs = ctx.tessellate(full.shapes, f.ppp);
        self.dirty = false;
        self.next_run = now + delay.min(UI_REFRESH);
        self.view = (f.out.view_origin, f.out.view_size);
        self.over_view = paints_over(&f.jobs, self.view, f.ppp);
        let view_px = pixel_rect(self.view);
        let pointer = ctx.input(|i| i.pointer.hover_pos());
        let on_view = pointer.is_some_and(|p| view_px.contains((p.to_vec2() * f.ppp).to_pos2()));
        let only_view = on_view && !ctx.egui_wants_keyboard_input();
        f.draw = !(only_view && self.valid(g) && now < self.drawn.0 + UI_REFRESH);
        f
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
pub(super) fn copy_around(
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
