//! The egui panels, one file each: the menu bar, status bar and Model
//! pane here; the docked layout (`layout`), the timeline, messages; scene,
//! animation, geosets and LOD, camera, display, export, emitters,
//! replaceable textures, attachments, character (a 9.0+ character's:
//! `modern`), inspector, the browser, and the texture and table views in
//! their tab beside the 3D view.
//! Pure UI over [`AppState`]; the 3D view is an image whose texture the
//! viewport renders.

mod animation;
mod attachments;
mod browser;
mod camera;
mod character;
mod emitters;
mod export;
// Local files and game folders: natively only (a browser's come by URL, input or drop).
#[cfg(not(target_arch = "wasm32"))]
mod file_dialog;
#[cfg(not(target_arch = "wasm32"))]
mod game_data;
mod geosets;
mod inspector;
mod layout;
mod messages;
mod modern;
mod scene;
mod table_view;
mod texture_view;
mod textures;
mod timeline;
mod view;
mod world;

use egui::{Color32, RichText};
use m2view_render::camera::Preset;

use super::command::Command;
use super::state::{AppState, CameraMode};

pub use animation::grouped_sequences;
pub use character::CharacterFields;
#[cfg(not(target_arch = "wasm32"))]
pub use game_data::CdnPick;
pub use layout::{Layout, Pane};
pub use timeline::{FPS, frame_of};

/// Actions the window must carry out after the UI ran.
#[derive(Default)]
pub struct UiOutput {
    /// Size in pixels the 3D view wants.
    pub view_size: [u32; 2],
    /// Top-left corner of the 3D view in pixels.
    pub view_origin: [u32; 2],
    /// Open the native file dialog.
    pub open_dialog: bool,
    /// Open a dialog to add a data source.
    pub pick_data: Option<DataPick>,
    /// File > Quit: save the settings and close the window.
    pub quit: bool,
    /// Open a save dialog suggesting this path; its answer is exported to.
    pub save_dialog: Option<std::path::PathBuf>,
}

/// What an "Open game folder/archive" dialog picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataPick {
    /// A game client's folder (or any folder).
    Folder,
    /// An archive file (`.mpq`, `.w3x`, `.w3m`).
    Archive,
    /// An item list (`id;name;display` lines; see [`crate::item_names`]).
    ItemList,
}

/// Keyboard shortcuts (also listed in the help window).
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("O, Ctrl+O (Cmd+O on macOS)", "open a file (dialog)"),
    ("F5, Ctrl+R (Cmd+R on macOS)", "reload"),
    ("Ctrl+E (Cmd+E on macOS)", "export (the Export dialog)"),
    ("Space", "play / pause"),
    ("F", "frame the model from the current direction"),
    ("1-6", "front, back, left, right, top, iso"),
    ("Left / Right", "step one frame (paused)"),
    ("P", "screenshot of the 3D view to PNG"),
    ("W A S D / Q E", "fly forward, left, back, right / down, up (fly mode, World panel)"),
    ("F1", "this help"),
];

/// What the mouse does in the 3D view (also in the help window).
pub const MOUSE: &[(&str, &str)] = &[
    ("Left drag", "orbit (fly mode: look around)"),
    ("Right or middle drag", "pan"),
    ("Wheel", "zoom"),
    ("Timeline: click or drag", "scrub (pauses)"),
    ("Tabs: drag", "dock a pane elsewhere; drag a divider to resize"),
];

fn shortcuts(ctx: &egui::Context, s: &mut AppState, out: &mut UiOutput) {
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    ctx.input(|i| {
        use egui::Key;
        if i.key_pressed(Key::O) {
            out.open_dialog = true;
        }
        // egui's `command` is Cmd on macOS and Ctrl elsewhere; O alone (any modifier) opens too.
        if i.modifiers.command && i.key_pressed(Key::E) {
            s.show_export = true;
        }
        if i.key_pressed(Key::F5) || (i.modifiers.command && i.key_pressed(Key::R)) {
            s.reload();
        }
        if i.key_pressed(Key::P) {
            let path = screenshot_path(s);
            s.send(Command::Screenshot(path));
        }
        if i.key_pressed(Key::F1) {
            s.show_help = !s.show_help;
        }
        if i.key_pressed(Key::F) {
            // Frame from where the user is looking (a model camera: from the orbit's).
            s.send(Command::Frame(s.orbit.direction()));
            s.camera_mode = CameraMode::Orbit;
        }
        let presets = [
            (Key::Num1, Preset::Front),
            (Key::Num2, Preset::Back),
            (Key::Num3, Preset::Left),
            (Key::Num4, Preset::Right),
            (Key::Num5, Preset::Top),
            (Key::Num6, Preset::Iso),
        ];
        for (k, p) in presets {
            if i.key_pressed(k) {
                s.send(Command::Frame(p.direction()));
                s.camera_mode = CameraMode::Orbit;
            }
        }
        if s.fly {
            // Half the orbit distance a second times the speed, forward/back, sideways, down/up.
            let step = i.stable_dt.min(0.1) * 0.5 * s.view.fly_speed;
            let axis = |plus: Key, minus: Key| (i.key_down(plus) as i32 - i.key_down(minus) as i32) as f32 * step;
            let (f, r, u) = (axis(Key::W, Key::S), axis(Key::D, Key::A), axis(Key::E, Key::Q));
            if f != 0.0 || r != 0.0 || u != 0.0 {
                s.orbit.fly(f, r, u);
                s.camera_mode = CameraMode::Orbit;
            }
        }
        if let Some(c) = &mut s.current {
            if i.key_pressed(Key::Space) {
                c.instance.player.paused = !c.instance.player.paused;
            }
            if c.instance.player.paused {
                let step = if i.key_pressed(Key::ArrowRight) {
                    1.0
                } else if i.key_pressed(Key::ArrowLeft) {
                    -1.0
                } else {
                    0.0
                };
                if step != 0.0 {
                    let dur = c.instance.player.duration_ms(&c.lm.model) as f32;
                    c.instance.player.time_ms = (c.instance.player.time_ms + step * 1000.0 / 30.0).clamp(0.0, dur);
                }
            }
        }
    });
}

/// `m2view-<unix seconds>.png` in the output folder.
pub(super) fn screenshot_path(s: &AppState) -> std::path::PathBuf {
    output_path(s, "png")
}

/// `m2view-<unix seconds>.<ext>` in the output folder.
pub(super) fn output_path(s: &AppState, ext: &str) -> std::path::PathBuf {
    let t = crate::platform::unix_seconds();
    s.output_dir.join(format!("m2view-{t}.{ext}"))
}

/// The menu bar: File, View, Help, then the path field and what is loading.
fn menu_bar(ui: &mut egui::Ui, s: &mut AppState, out: &mut UiOutput) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui.button("Open...  (O)").clicked() {
                out.open_dialog = true;
                ui.close();
            }
            if cfg!(not(target_arch = "wasm32"))
                && ui
                    .button("Game data...")
                    .on_hover_text("game folders, installs, archives and folders to read")
                    .clicked()
            {
                s.show_game_data = true;
                ui.close();
            }
            if ui.button("Export...  (Ctrl+E)").clicked() {
                s.show_export = true;
                ui.close();
            }
            ui.menu_button("Recent", |ui| {
                if s.recent.is_empty() {
                    ui.label("nothing opened yet");
                }
                for r in s.recent.clone() {
                    let label = match &r.source {
                        Some(src) => format!("{}  ({})", r.path.display(), src.display()),
                        None => r.path.display().to_string(),
                    };
                    if ui.button(label).clicked() {
                        s.open_recent(r);
                        ui.close();
                    }
                }
            });
            ui.separator();
            if ui.button("Reload  (F5)").clicked() {
                s.reload();
                ui.close();
            }
            if ui.button("Screenshot  (P)").clicked() {
                let path = screenshot_path(s);
                s.send(Command::Screenshot(path));
                ui.close();
            }
            // A browser tab is closed by the browser.
            if cfg!(not(target_arch = "wasm32")) {
                ui.separator();
                if ui.button("Quit").clicked() {
                    out.quit = true;
                    ui.close();
                }
            }
        });
        ui.menu_button("View", |ui| view_menu(ui, s));
        ui.menu_button("Help", |ui| {
            if ui.button("Keyboard and mouse  (F1)").clicked() {
                s.show_help = true;
                ui.close();
            }
            ui.label(format!("m2view {}", env!("CARGO_PKG_VERSION")));
        });
        ui.separator();
        if let Some(p) = &s.pending {
            ui.spinner();
            ui.add(egui::Label::new(format!("loading {}", p.path.display())).truncate());
        } else if let Some(i) = &s.indexing {
            ui.spinner();
            let step = i.progress().map_or(String::new(), |p| format!(": {p}"));
            ui.add(egui::Label::new(format!("indexing {}{step}", i.what)).truncate());
        } else {
            // The rest of the bar: a path to open (a virtual path with data sources).
            let field = ui.add(
                egui::TextEdit::singleline(&mut s.path_field)
                    .hint_text("path or fdid:N to open")
                    .desired_width((ui.available_width() - 48.0).max(60.0)),
            );
            let load = ui.button("Load").on_hover_text("open the path (Enter)").clicked();
            if load || (field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))) {
                let p = std::path::PathBuf::from(s.path_field.trim());
                s.open(p);
            }
        }
    });
}

/// The View menu: which panes show, the layout, the UI scale.
fn view_menu(ui: &mut egui::Ui, s: &mut AppState) {
    ui.checkbox(&mut s.show_messages, "Messages");
    ui.add_enabled_ui(s.browser.is_some(), |ui| {
        ui.checkbox(&mut s.show_browser, "Browser").on_disabled_hover_text("open game data to browse it");
    });
    if ui.button("Reset layout").clicked() {
        s.layout = layout::Layout::default();
        ui.close();
    }
    ui.separator();
    ui.label("UI scale");
    for scale in crate::settings::UI_SCALES {
        ui.radio_value(&mut s.ui_scale, scale, format!("{:.0} %", scale * 100.0));
    }
}

/// The status bar: the error (dismiss first, the text cut to the width
/// with the whole of it on hover and in Messages), else the open file,
/// its skin and the frame's statistics.
fn status_bar(ui: &mut egui::Ui, s: &mut AppState, stats: &str) {
    ui.horizontal(|ui| {
        if let Some(e) = &s.error {
            if ui.small_button("dismiss").clicked() {
                s.error = None;
                return;
            }
            ui.add(egui::Label::new(RichText::new(e).color(Color32::LIGHT_RED)).truncate());
        } else if let Some(c) = &s.current {
            let skins = &c.dressing.creature;
            let skin = match (skins.current.and_then(|k| skins.skins.get(k)), &c.dressing.character) {
                (_, Some(ch)) => format!(" | character: {}", ch.identity.describe()),
                (Some(k), None) if k.guessed => format!(" | skin guessed: {}", k.names[0]),
                (Some(k), None) => format!(" | skin: display {}", k.displays.first().copied().unwrap_or(0)),
                (None, None) => String::new(),
            };
            // (A scene's root is empty by design: its models are placed on it.)
            if !c.lm.model.has_geometry() && c.scene.is_none() {
                ui.label(RichText::new("nothing to draw: no skin profile found (see Messages)").color(Color32::YELLOW));
            }
            let text = format!("{}{skin} | {stats}", c.lm.path.display());
            let status = ui.add(egui::Label::new(text).truncate());
            if !s.missing_textures.is_empty() {
                status.on_hover_text(missing_textures(c, &s.missing_textures));
            }
        } else {
            ui.label("drop a model, texture or table here, or File > Open...");
        }
    });
}

/// Draws the whole UI; returns what the window must do next.
pub fn draw(root: &mut egui::Ui, s: &mut AppState, view_texture: Option<egui::TextureId>, stats: &str) -> UiOutput {
    let ctx = &root.ctx().clone();
    let mut out = UiOutput::default();
    if ctx.zoom_factor() != s.ui_scale {
        ctx.set_zoom_factor(s.ui_scale);
    }
    s.log_error();
    shortcuts(ctx, s, &mut out);
    egui::Panel::top("menu").show(root, |ui| menu_bar(ui, s, &mut out));
    egui::Panel::bottom("status").show(root, |ui| status_bar(ui, s, stats));
    egui::Panel::bottom("timeline").show(root, |ui| timeline::timeline(ui, s));
    #[cfg(not(target_arch = "wasm32"))]
    if s.show_game_data {
        game_data::game_data_window(ctx, s, &mut out);
    }
    if s.show_export {
        export::export_window(ctx, s, &mut out);
    }
    #[cfg(not(target_arch = "wasm32"))]
    file_dialog::file_dialog_window(ctx, s);
    if s.show_help {
        // At the top right, over the 3D view's corner (the model stands in its middle).
        let help = egui::Window::new("Keyboard and mouse").anchor(egui::Align2::RIGHT_TOP, [-12.0, 40.0]);
        help.open(&mut s.show_help).show(ctx, |ui| {
            for (k, what) in SHORTCUTS.iter().chain(MOUSE) {
                ui.label(format!("{k}: {what}"));
            }
        });
    }
    egui::CentralPanel::default().frame(egui::Frame::NONE).show(root, |ui| {
        let mut layout = std::mem::replace(&mut s.layout, Layout::empty());
        layout.ui(ui, s, view_texture, &mut out);
        s.layout = layout;
    });
    out
}

/// The Model pane: a collapsing section per panel.
fn panels(ui: &mut egui::Ui, s: &mut AppState) {
    egui::ScrollArea::vertical().auto_shrink(false).show(ui, |ui| {
        if s.current.as_ref().is_some_and(|c| c.dressing.character.is_some()) {
            egui::CollapsingHeader::new("Character")
                .default_open(true)
                .show(ui, |ui| character::character_panel(ui, s));
        }
        if s.current.as_ref().is_some_and(|c| c.dressing.modern.is_some()) {
            egui::CollapsingHeader::new("Character").default_open(true).show(ui, |ui| modern::modern_panel(ui, s));
        }
        if s.current.as_ref().is_some_and(|c| c.lm.wmo.is_some() || c.lm.adt.is_some()) {
            egui::CollapsingHeader::new("World").default_open(true).show(ui, |ui| world::world_panel(ui, s));
        }
        if s.current.as_ref().is_some_and(|c| c.scene.is_some()) {
            egui::CollapsingHeader::new("Scene").default_open(true).show(ui, |ui| scene::scene_panel(ui, s));
        }
        egui::CollapsingHeader::new("Animation").default_open(true).show(ui, |ui| animation::animation_panel(ui, s));
        egui::CollapsingHeader::new("Geosets").default_open(true).show(ui, |ui| geosets::geoset_panel(ui, s));
        egui::CollapsingHeader::new("LOD").show(ui, |ui| geosets::lod_panel(ui, s));
        egui::CollapsingHeader::new("Camera").default_open(true).show(ui, |ui| camera::camera_panel(ui, s));
        egui::CollapsingHeader::new("Display").show(ui, |ui| view::view_panel(ui, s));
        egui::CollapsingHeader::new("Export and scenes").show(ui, |ui| export::export_panel(ui, s));
        egui::CollapsingHeader::new("Emitters").show(ui, |ui| emitters::emitters_panel(ui, s));
        egui::CollapsingHeader::new("Replaceable textures").show(ui, |ui| textures::replaceable_panel(ui, s));
        egui::CollapsingHeader::new("Attachments").show(ui, |ui| attachments::attachments_panel(ui, s));
        egui::CollapsingHeader::new("Inspector").show(ui, |ui| inspector::inspector_panel(ui, s));
    });
}

/// The texture or table open in its tab.
fn document_area(ui: &mut egui::Ui, s: &mut AppState) {
    let mut close = false;
    let mut map_action = None;
    // A map's tiles being exported from its minimap, or how that went.
    if matches!(&s.document, Some(super::document::Document::Texture(t)) if t.map.is_some()) {
        if let Some(r) = s.recording.as_ref().filter(|r| r.doing == "exporting") {
            let done = r.done.load(std::sync::atomic::Ordering::Relaxed);
            ui.add(
                egui::ProgressBar::new(done as f32 / r.frames.max(1) as f32)
                    .text(format!("exporting {done}/{} tiles", r.frames)),
            );
        } else if let Some(status) = &s.export_status {
            ui.label(status.as_str());
        }
    }
    match &mut s.document {
        Some(super::document::Document::Texture(t)) => texture_view::texture_view(ui, t, &mut close, &mut map_action),
        Some(super::document::Document::Table(t)) => match table_view::table_view(ui, t, &s.open_options) {
            Some(table_view::TableAction::Close) => close = true,
            Some(table_view::TableAction::Open(path, display)) => s.open_model_in(path, display),
            Some(table_view::TableAction::Error(e)) => s.error = Some(e),
            None => {}
        },
        None => {}
    }
    match map_action {
        Some(texture_view::MapAction::Fly(dir, at)) => s.fly_over(&dir, at),
        Some(texture_view::MapAction::Export(dir, range, tiles)) => s.export_map(&dir, &range, tiles),
        None => {}
    }
    if close {
        s.document = None;
    }
}

/// The 3D view filling `ui`: its size and place go to `out` (a hidden view
/// leaves them zero, and the window neither renders nor copies it); left
/// drag orbits, right or middle drag pans, the wheel zooms.
fn view_area(ui: &mut egui::Ui, s: &mut AppState, view_texture: Option<egui::TextureId>, out: &mut UiOutput) {
    let rect = ui.available_rect_before_wrap();
    let ppp = ui.ctx().pixels_per_point();
    out.view_size = [(rect.width() * ppp).round() as u32, (rect.height() * ppp).round() as u32];
    out.view_origin = [(rect.min.x * ppp).round().max(0.0) as u32, (rect.min.y * ppp).round().max(0.0) as u32];
    let response = match view_texture {
        Some(id) => ui.add(egui::Image::new((id, rect.size())).sense(egui::Sense::click_and_drag())),
        None => ui.allocate_rect(rect, egui::Sense::click_and_drag()),
    };
    let d = response.drag_delta();
    if response.dragged_by(egui::PointerButton::Primary) {
        if s.fly {
            s.orbit.look(d.x, d.y);
        } else {
            s.orbit.rotate(d.x, d.y);
        }
        s.camera_mode = CameraMode::Orbit;
    } else if response.dragged_by(egui::PointerButton::Secondary) || response.dragged_by(egui::PointerButton::Middle) {
        s.orbit.pan(d.x, d.y, rect.height());
        s.camera_mode = CameraMode::Orbit;
    }
    if response.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            // Towards the cursor (fly mode: straight ahead, its pace).
            match response.hover_pos() {
                Some(p) if !s.fly => {
                    let at = p - rect.center();
                    s.orbit.zoom_at(scroll, [at.x, at.y], rect.height());
                }
                _ => s.orbit.zoom(scroll),
            }
        }
    }
}

/// The embed layout (the web build's `?embed=1`): only the 3D view, sized
/// to its container, with orbit and zoom, a sequence picker in its corner
/// and the error, if any, below it.
pub fn draw_embed(root: &mut egui::Ui, s: &mut AppState, view_texture: Option<egui::TextureId>) -> UiOutput {
    let mut out = UiOutput::default();
    egui::CentralPanel::default().frame(egui::Frame::NONE).show(root, |ui| view_area(ui, s, view_texture, &mut out));
    egui::Area::new(egui::Id::unique("embed controls")).fixed_pos(egui::pos2(8.0, 8.0)).show(root.ctx(), |ui| {
        animation::sequence_picker(ui, s);
        if let Some(e) = &s.error {
            ui.label(RichText::new(e).color(Color32::LIGHT_RED));
        }
    });
    out
}

/// What each texture slot in `slots` of the open model is, drawn with a
/// placeholder: the file it names (not found, or found and not decoded:
/// the warnings say why), or the replaceable type nothing filled.
fn missing_textures(c: &crate::state::Current, slots: &[usize]) -> String {
    let mut lines = vec![format!("{} textures drawn with a placeholder:", slots.len())];
    for &i in slots {
        let Some(t) = c.lm.model.textures.get(i) else { continue };
        let found = c.lm.texture_files.get(i).and_then(Option::as_ref);
        lines.push(match (&t.source, found) {
            (_, Some(path)) => format!("texture {i}: {} (does not decode; see the warnings)", path.display()),
            (m2view_format::TextureSource::Path(p), None) => format!("texture {i}: {p} (not found)"),
            (m2view_format::TextureSource::FileDataId(id), None) => format!("texture {i}: FileDataID {id} (not found)"),
            (m2view_format::TextureSource::Replaceable, None) => {
                format!("texture {i}: replaceable type {} (nothing fills it)", t.kind)
            }
            (m2view_format::TextureSource::Built { name, .. }, None) => format!("texture {i}: {name}"),
            (m2view_format::TextureSource::None, None) => format!("texture {i}: no file named"),
        });
    }
    lines.join("\n")
}
