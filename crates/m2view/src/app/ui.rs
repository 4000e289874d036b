//! The egui panels: open bar, animation, geosets, LOD, camera, inspector,
//! view options and status. Pure UI over [`AppState`]; the 3D view is an image
//! whose texture the viewport renders.

use egui::{Color32, RichText};
use m2view_format::{SequenceData, SequenceId, geoset_group_name};
use m2view_render::camera::Preset;

use super::command::Command;
use super::state::{AppState, CameraMode};

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
}

/// What an "Open game folder/archive" dialog picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataPick {
    /// A game client's folder (or any folder).
    Folder,
    /// An archive file (`.mpq`, `.w3x`, `.w3m`).
    Archive,
}

/// Keyboard shortcuts (also listed in the help window).
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("O", "open a file (dialog)"),
    ("F5", "reload"),
    ("Space", "play / pause"),
    ("F", "frame the model from the current direction"),
    ("1-6", "front, back, left, right, top, iso"),
    ("Left / Right", "step one frame (paused)"),
    ("P", "screenshot of the 3D view to PNG"),
    ("F1", "this help"),
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
        if i.key_pressed(Key::F5) {
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
fn screenshot_path(s: &AppState) -> std::path::PathBuf {
    output_path(s, "png")
}

/// `m2view-<unix seconds>.<ext>` in the output folder.
fn output_path(s: &AppState, ext: &str) -> std::path::PathBuf {
    let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    s.output_dir.join(format!("m2view-{t}.{ext}"))
}

/// Export the model as shown (glTF, OBJ) or record a turntable GIF.
fn export_panel(ui: &mut egui::Ui, s: &mut AppState) {
    ui.horizontal(|ui| {
        if ui.button("Export glTF (.glb)").clicked() {
            s.export(output_path(s, "glb"));
        }
        if ui.button("Export OBJ").clicked() {
            s.export(output_path(s, "obj"));
        }
    });
    match &s.recording {
        Some(r) => {
            let done = r.done.load(std::sync::atomic::Ordering::Relaxed);
            ui.add(
                egui::ProgressBar::new(done as f32 / r.frames as f32).text(format!("recording {done}/{}", r.frames)),
            );
        }
        None => {
            if ui.button("Record turntable (.gif)").clicked() {
                s.record_turntable(output_path(s, "gif"));
            }
        }
    }
    if let Some(m) = &s.export_status {
        ui.label(RichText::new(m).small());
    }
}

fn animation_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let model = &c.lm.model;
    ui.horizontal(|ui| {
        let label = if c.instance.player.paused { "Play" } else { "Pause" };
        if ui.button(label).clicked() {
            c.instance.player.paused = !c.instance.player.paused;
        }
        ui.checkbox(&mut c.instance.player.looping, "Loop");
        ui.checkbox(&mut c.instance.player.blend_on_switch, "Blend on switch");
    });
    ui.add(egui::Slider::new(&mut c.instance.player.speed, 0.1..=4.0).text("speed").logarithmic(true));
    let dur = c.instance.player.duration_ms(model) as f32;
    ui.add(egui::Slider::new(&mut c.instance.player.time_ms, 0.0..=dur.max(1.0)).text("ms"));
    ui.checkbox(&mut c.instance.player.variations, "Play variations")
        .on_hover_text("when a sequence ends, the game picks another variation of it by frequency");
    if !model.global_sequences.is_empty() {
        ui.label(RichText::new("Global sequences keep running while paused.").small());
    }
    let mut chosen = None;
    egui::ScrollArea::vertical().id_salt("sequences").max_height(220.0).show(ui, |ui| {
        for (i, q) in model.sequences.iter().enumerate() {
            let name = model.sequence_name(SequenceId(i as u16));
            let mut text = format!("{i:>3}  {name} ({}) .{}  {} ms", q.anim_id, q.variation, q.duration_ms);
            match q.data {
                SequenceData::Alias => text.push_str(&format!("  -> alias of {}", q.alias_next.map_or(0, |a| a.0))),
                SequenceData::External { loaded: false } => text.push_str("  [.anim]"),
                _ => {}
            }
            let missing = matches!(q.data, SequenceData::External { loaded: false })
                && c.lm.anim_files.get(i).is_none_or(Option::is_none);
            let rt =
                if missing { RichText::new(text + " missing").color(Color32::LIGHT_RED) } else { RichText::new(text) };
            if ui.selectable_label(c.instance.player.sequence.index() == i, rt).clicked() {
                chosen = Some(SequenceId(i as u16));
            }
        }
    });
    if let Some(id) = chosen {
        // An external sequence's .anim loads on first use; a failure is shown.
        if let Err(e) = c.lm.load_anim(id) {
            s.error = Some(e.to_string());
        }
        c.instance.player.set_sequence(&c.lm.model, id);
    }
}

fn geoset_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let Some(lod) = c.lm.model.lods.get(c.lod) else { return };
    let mut ids: Vec<(u16, usize)> = Vec::new();
    for sub in &lod.submeshes {
        match ids.iter_mut().find(|(id, _)| *id == sub.geoset_id) {
            Some(e) => e.1 += sub.index_count as usize / 3,
            None => ids.push((sub.geoset_id, sub.index_count as usize / 3)),
        }
    }
    ids.sort();
    ui.horizontal(|ui| {
        if ui.button("All").clicked() {
            c.geosets = ids.iter().map(|(id, _)| *id).collect();
        }
        if ui.button("None").clicked() {
            c.geosets.clear();
        }
        if ui.button("Game defaults").clicked() {
            c.geosets = c.lm.model.default_geosets(c.lod);
        }
    });
    let mut group = u16::MAX;
    for (id, tris) in ids {
        if id / 100 != group {
            group = id / 100;
            ui.label(RichText::new(format!("{} ({group})", geoset_group_name(group))).strong());
        }
        let mut on = c.geosets.contains(&id);
        if ui.checkbox(&mut on, format!("{id}  ({tris} triangles)")).changed() {
            if on {
                c.geosets.insert(id);
            } else {
                c.geosets.remove(&id);
            }
        }
    }
}

fn lod_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let mut lod = c.lod;
    for (i, l) in c.lm.model.lods.iter().enumerate() {
        ui.radio_value(
            &mut lod,
            i,
            format!("{i}: {} - {} triangles, {} batches", l.source, l.triangle_count(), l.batches.len()),
        );
    }
    if lod != c.lod {
        c.set_lod(lod);
    }
    let (b, t) = c.lm.model.visible_batches(c.lod, &c.geosets);
    ui.label(format!("showing {b} batches, {t} triangles"));
}

fn camera_panel(ui: &mut egui::Ui, s: &mut AppState) {
    ui.horizontal_wrapped(|ui| {
        for (name, p) in [
            ("Front", Preset::Front),
            ("Back", Preset::Back),
            ("Left", Preset::Left),
            ("Right", Preset::Right),
            ("Top", Preset::Top),
            ("Iso", Preset::Iso),
        ] {
            if ui.button(name).clicked() {
                s.send(Command::Frame(p.direction()));
                s.camera_mode = CameraMode::Orbit;
            }
        }
    });
    let mut fov = s.orbit.fov_y.to_degrees();
    if ui.add(egui::Slider::new(&mut fov, 10.0..=120.0).text("field of view (deg)")).changed() {
        s.orbit.fov_y = fov.to_radians();
    }
    if let Some(c) = &s.current {
        for (i, cam) in c.lm.model.cameras.iter().enumerate() {
            let kind = match cam.kind {
                0 => "portrait",
                1 => "character info",
                _ => "flyby / other",
            };
            if ui.selectable_label(s.camera_mode == CameraMode::Model(i), format!("model camera {i}: {kind}")).clicked()
            {
                s.camera_mode = CameraMode::Model(i);
            }
        }
    }
    ui.label(RichText::new("Left drag: orbit, right/middle drag: pan, wheel: zoom; Z is up").small());
}

fn emitters_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let m = &c.lm.model;
    if m.particles.is_empty() && m.ribbons.is_empty() {
        ui.label("no particle or ribbon emitters");
    }
    for (i, e) in m.particles.iter().enumerate() {
        let supported =
            !matches!(e.emitter_type, m2view_format::EmitterType::Bone | m2view_format::EmitterType::Other(_));
        let mut on = !c.disabled_emitters.get(i).copied().unwrap_or(false);
        let label = format!(
            "particle {i}: {:?}{} {} bone {:?} texture {:?} flags {:#x}",
            e.emitter_type,
            if supported { "" } else { " (drawn as a plane: generator not simulated)" },
            e.blend.name(),
            e.bone.map(|b| b.0),
            e.textures.first().copied().flatten().map(|t| t.0),
            e.flags
        );
        if ui.checkbox(&mut on, label).changed()
            && let Some(d) = c.disabled_emitters.get_mut(i)
        {
            *d = !on;
        }
    }
    for (i, r) in m.ribbons.iter().enumerate() {
        ui.label(format!(
            "ribbon {i}: bone {:?}, {} edges/s, {} s life, gravity {}",
            r.bone.map(|b| b.0),
            r.edges_per_second,
            r.edge_lifetime,
            r.gravity
        ));
    }
}

/// Texture types a user may supply an image for (skin, object skin, monster skins 1-3).
const REPLACEABLE: &[(u32, &str)] = &[
    (1, "character skin"),
    (2, "object skin"),
    (11, "monster skin 1"),
    (12, "monster skin 2"),
    (13, "monster skin 3"),
];

/// The creature skins of the open model (client databases, or guessed from
/// file names); picking one dresses the model at once.
fn skin_picker(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    if c.lm.skins.is_empty() {
        return;
    }
    let from =
        if c.lm.skins[0].guessed { "guessed from file names".to_string() } else { c.lm.skin_source.tables.clone() };
    ui.label(RichText::new(format!("Skin ({from})")).strong());
    let mut chosen = None;
    for (k, skin) in c.lm.skins.iter().enumerate() {
        if ui.selectable_label(c.lm.skin == Some(k), format!("{k}: {}", skin.label())).clicked() {
            chosen = Some(k);
        }
    }
    if let Some(k) = chosen
        && c.lm.skin != Some(k)
    {
        c.lm.apply_skin(k);
        s.send(Command::UploadSkin);
    }
    ui.separator();
}

/// Hang a model on each attachment point: a path (or the browser's
/// selection), Attach, Detach.
fn attachments_panel(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &s.current else { return };
    let points: Vec<(u32, String)> =
        c.lm.model
            .attachments
            .iter()
            .map(|a| (a.id, format!("{} {}", a.id, m2view_format::attachment_name(a.id).unwrap_or("?"))))
            .collect();
    if points.is_empty() {
        ui.label("this model has no attachment points");
    }
    let picked = s.browser.as_ref().and_then(|b| b.selected.map(|i| b.models[i].path.clone()));
    for (id, name) in points {
        let held = s
            .current
            .as_ref()
            .and_then(|c| c.attached.iter().find(|a| a.id == id))
            .map(|a| a.lm.path.display().to_string());
        ui.horizontal(|ui| {
            ui.label(&name);
            if let Some(h) = &held {
                ui.label(RichText::new(h).small());
                if ui.small_button("Detach").clicked()
                    && let Some(c) = &mut s.current
                {
                    c.attached.retain(|a| a.id != id);
                    s.send(Command::UploadAttachments);
                }
            }
        });
        ui.horizontal(|ui| {
            let field = s.attach_fields.entry(id).or_default();
            ui.add(egui::TextEdit::singleline(field).hint_text("item .m2/.mdx").desired_width(200.0));
            let mut path = None;
            if ui.small_button("Attach").clicked() && !field.trim().is_empty() {
                path = Some(field.trim().to_string());
            }
            if let Some(p) = &picked
                && ui.small_button("browser pick").on_hover_text(p.as_str()).clicked()
            {
                path = Some(p.clone());
            }
            if let (Some(p), Some(c)) = (path, &mut s.current) {
                match c.attach(id, std::path::Path::new(&p), &s.load_options) {
                    Ok(()) => s.send(Command::UploadAttachments),
                    Err(e) => s.error = Some(e),
                }
            }
        });
    }
}

fn replaceable_panel(ui: &mut egui::Ui, s: &mut AppState) {
    skin_picker(ui, s);
    let Some(c) = &s.current else { return };
    let m = &c.lm.model;
    let has_team = (0..m.textures.len()).any(|i| m.team_slot(i).is_some());
    let slots: Vec<(usize, &'static str)> = m
        .textures
        .iter()
        .enumerate()
        .filter(|(i, _)| m.team_slot(*i).is_none())
        .filter_map(|(i, t)| REPLACEABLE.iter().find(|(k, _)| *k == t.kind).map(|(_, name)| (i, *name)))
        .collect();
    // Warcraft III team colour and glow are built from one colour the user picks.
    if has_team {
        ui.horizontal(|ui| {
            ui.label("team colour");
            if ui.color_edit_button_srgb(&mut s.team_color).changed() {
                s.send(Command::RebuildTeamTextures);
            }
        });
    }
    if slots.is_empty() {
        ui.label("no other replaceable textures");
    }
    for (i, name) in slots {
        ui.label(format!("texture {i}: {name}"));
        ui.horizontal(|ui| {
            let field = s.replace_fields.entry(i).or_default();
            ui.add(egui::TextEdit::singleline(field).hint_text(".blp or .png").desired_width(220.0));
            if ui.button("Apply").clicked() && !field.trim().is_empty() {
                let path = std::path::PathBuf::from(field.trim());
                s.send(Command::ReplaceTexture { slot: i, path });
            }
        });
    }
}

/// The egui texture of preview `i`, uploaded on first use.
fn thumbnail<'a>(
    ctx: &egui::Context,
    images: &[Option<m2view_format::blp::RgbaImage>],
    handles: &'a mut Vec<Option<egui::TextureHandle>>,
    i: usize,
) -> Option<&'a egui::TextureHandle> {
    let img = images.get(i)?.as_ref()?;
    if handles.len() < images.len() {
        handles.resize(images.len(), None);
    }
    let h = handles[i].get_or_insert_with(|| {
        let size = [img.width as usize, img.height as usize];
        ctx.load_texture(
            format!("thumb{i}"),
            egui::ColorImage::from_rgba_unmultiplied(size, &img.pixels),
            Default::default(),
        )
    });
    Some(h)
}

/// One bone and, collapsed, its children (the filter shows a flat list instead).
/// Nesting stops at 64 levels, so a hostile chain of bones cannot exhaust the stack.
fn bone_tree(ui: &mut egui::Ui, i: usize, children: &[Vec<usize>], line: &dyn Fn(usize) -> String, depth: usize) {
    if children[i].is_empty() {
        ui.label(line(i));
    } else if depth >= 64 {
        ui.label(format!("{} (deeper bones: use the filter)", line(i)));
    } else {
        egui::CollapsingHeader::new(line(i)).id_salt(("bone", i)).show(ui, |ui| {
            for &c in &children[i] {
                bone_tree(ui, c, children, line, depth + 1);
            }
        });
    }
}

fn inspector_panel(ui: &mut egui::Ui, s: &mut AppState) {
    ui.add(egui::TextEdit::singleline(&mut s.filter).hint_text("filter"));
    let Some(c) = &mut s.current else { return };
    let (lm, thumbs, handles) = (&c.lm, &c.thumbnails, &mut c.thumbnail_handles);
    let m = &lm.model;
    let f = s.filter.to_lowercase();
    let show = |t: &str| f.is_empty() || t.to_lowercase().contains(&f);
    let src = &m.source;
    ui.label(format!(
        "{:?} v{} ({}) \"{}\"  flags {:#x}",
        src.format, src.version, src.expansion, m.name, m.global_flags
    ));
    if !src.chunks.is_empty() {
        ui.label(format!("chunks: {}", src.chunks.join(" ")));
    }
    egui::CollapsingHeader::new(format!("Textures ({})", m.textures.len())).show(ui, |ui| {
        for (i, t) in m.textures.iter().enumerate() {
            let file = lm.texture_files.get(i).cloned().flatten();
            let line = format!(
                "{i}: type {} {:?} -> {}",
                t.kind,
                t.source,
                file.map_or("missing".into(), |p| p.display().to_string())
            );
            if show(&line) {
                ui.horizontal(|ui| {
                    if let Some(tex) = thumbnail(ui.ctx(), thumbs, handles, i) {
                        ui.image((tex.id(), egui::vec2(48.0, 48.0)));
                    }
                    ui.label(line);
                });
            }
        }
    });
    egui::CollapsingHeader::new(format!("Materials ({})", m.materials.len())).show(ui, |ui| {
        for (i, mat) in m.materials.iter().enumerate() {
            ui.label(format!("{i}: {}  flags {:#x}", mat.blend.name(), mat.flags));
        }
    });
    egui::CollapsingHeader::new(format!("Bones ({})", m.bones.len())).show(ui, |ui| {
        let line = |i: usize| {
            let b = &m.bones[i];
            let key = b.key_bone_id.and_then(m2view_format::key_bone_name).unwrap_or("");
            format!("bone {i}: {} {key} flags {:#x}", b.name, b.flags)
        };
        if f.is_empty() {
            // The hierarchy: parents precede children, so one pass collects each bone's children.
            let mut children = vec![Vec::new(); m.bones.len()];
            let mut roots = Vec::new();
            for (i, b) in m.bones.iter().enumerate() {
                match b.parent {
                    Some(p) if p.index() < i => children[p.index()].push(i),
                    _ => roots.push(i),
                }
            }
            for r in roots {
                bone_tree(ui, r, &children, &line, 0);
            }
        } else {
            for i in (0..m.bones.len()).filter(|&i| show(&line(i))) {
                ui.label(format!("{} parent {:?}", line(i), m.bones[i].parent.map(|p| p.0)));
            }
        }
    });
    egui::CollapsingHeader::new(format!("Attachments ({})", m.attachments.len())).show(ui, |ui| {
        for (i, a) in m.attachments.iter().enumerate() {
            let name = m.attachment_label(i).unwrap_or_else(|| "?".into());
            ui.label(format!("{} {name} on bone {:?}", a.id, a.bone.map(|b| b.0)));
        }
    });
    if !m.shapes.is_empty() {
        egui::CollapsingHeader::new(format!("Hit-test shapes ({})", m.shapes.len())).show(ui, |ui| {
            for sh in &m.shapes {
                let name = sh.bone.map_or("", |b| m.bones[b.index()].name.as_str());
                ui.label(format!("{name}: {:?}", sh.kind));
            }
        });
    }
    egui::CollapsingHeader::new(format!("Events ({})", m.events.len())).show(ui, |ui| {
        for e in &m.events {
            ui.label(format!("{} on bone {:?}", e.identifier, e.bone.map(|b| b.0)));
        }
    });
    egui::CollapsingHeader::new(format!("Emitters ({} particle, {} ribbon)", m.particles.len(), m.ribbons.len())).show(
        ui,
        |ui| {
            for (i, p) in m.particles.iter().enumerate() {
                ui.label(format!(
                    "particle {i}: {:?} {} on bone {:?}",
                    p.emitter_type,
                    p.blend.name(),
                    p.bone.map(|b| b.0)
                ));
            }
            for (i, r) in m.ribbons.iter().enumerate() {
                ui.label(format!("ribbon {i} on bone {:?}", r.bone.map(|b| b.0)));
            }
        },
    );
    if !c.lm.skins.is_empty() {
        egui::CollapsingHeader::new(format!("Database ({} skins)", c.lm.skins.len())).show(ui, |ui| {
            let src = &c.lm.skin_source;
            if src.tables.is_empty() {
                ui.label("no CreatureModelData row names this model: skins guessed from file names");
            } else {
                ui.label(format!("tables: {}", src.tables));
                for r in &src.models {
                    ui.label(format!("CreatureModelData {}: {} (scale {})", r.id, r.model, r.scale));
                }
            }
            for (k, skin) in c.lm.skins.iter().enumerate() {
                ui.label(format!("skin {k} (scale {}): {}", skin.scale, skin.label()));
            }
        });
    }
    egui::CollapsingHeader::new(format!("Lights ({})", m.lights.len())).show(ui, |ui| {
        for l in &m.lights {
            ui.label(format!("type {} on bone {:?}", l.kind, l.bone.map(|b| b.0)));
        }
    });
    if !c.warnings.is_empty() {
        egui::CollapsingHeader::new(RichText::new(format!("Warnings ({})", c.warnings.len())).color(Color32::YELLOW))
            .show(ui, |ui| {
                for w in &c.warnings {
                    ui.label(w);
                }
            });
    }
}

/// One row of the browser: selects and opens the model on click.
fn browser_row(ui: &mut egui::Ui, s: &mut AppState, i: usize, label: &str) {
    let Some(b) = &mut s.browser else { return };
    let selected = b.selected == Some(i);
    if ui.selectable_label(selected, label).clicked() {
        b.selected = Some(i);
        let path = b.models[i].path.clone();
        s.open(std::path::PathBuf::from(path));
    }
}

/// A folder of the tree; its body is only built while it is open.
fn browser_folder(ui: &mut egui::Ui, s: &mut AppState, dir: &str) {
    let Some(b) = &s.browser else { return };
    let (subs, files) = b.folders.get(dir).cloned().unwrap_or_default();
    for sub in subs {
        let name = sub.rsplit('/').next().unwrap_or(&sub).to_string();
        egui::CollapsingHeader::new(format!("{name}/"))
            .id_salt(("folder", &sub))
            .show(ui, |ui| browser_folder(ui, s, &sub));
    }
    for i in files {
        let Some(b) = &s.browser else { return };
        let name = b.models[i].path.rsplit('/').next().unwrap_or_default().to_string();
        browser_row(ui, s, i, &name);
    }
}

/// The model browser: filter (substring, `re:` regex), flat list or tree,
/// Up/Down open the previous/next model, the source of the selected one.
fn browser_panel(ui: &mut egui::Ui, s: &mut AppState) {
    // One line per row (the virtualised list needs a fixed row height).
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
    let Some(b) = &mut s.browser else { return };
    ui.heading(format!("Models ({} of {})", b.shown.len(), b.models.len()));
    let mut filter = b.filter.clone();
    let field =
        ui.add(egui::TextEdit::singleline(&mut filter).hint_text("filter, or re:regex").desired_width(f32::INFINITY));
    if filter != b.filter {
        b.set_filter(&filter);
    }
    if let Some(e) = &b.filter_error {
        ui.label(RichText::new(e.lines().last().unwrap_or(e)).color(Color32::LIGHT_RED));
    }
    ui.horizontal(|ui| {
        ui.selectable_value(&mut b.tree, false, "List");
        ui.selectable_value(&mut b.tree, true, "Tree");
    });
    if let Some(m) = b.selected.and_then(|i| b.models.get(i)) {
        ui.label(RichText::new(format!("from {}", m.source)).small());
    }
    // A game folder with several locale folders: switch the chain to another.
    let mut relocale = None;
    if let Some((path, locales, current)) = &b.game
        && locales.len() > 1
    {
        ui.horizontal(|ui| {
            ui.label("locale");
            for l in locales {
                if ui.selectable_label(current.as_ref() == Some(l), l).clicked() && current.as_ref() != Some(l) {
                    relocale = Some((path.clone(), l.clone()));
                }
            }
        });
    }
    if let Some((path, locale)) = relocale {
        s.switch_locale(path, locale);
        return;
    }
    let Some(b) = &mut s.browser else { return };
    // Up/Down walk the list while no other text field has the keyboard.
    let free = ui.ctx().memory(|m| m.focused().is_none_or(|f| f == field.id));
    let delta = ui.input(|i| i.key_pressed(egui::Key::ArrowDown) as isize - i.key_pressed(egui::Key::ArrowUp) as isize);
    if free
        && delta != 0
        && !b.tree
        && let Some(m) = b.step(delta)
    {
        let path = std::path::PathBuf::from(m.path.clone());
        s.open(path);
    }
    ui.separator();
    let Some(b) = &s.browser else { return };
    if b.tree {
        egui::ScrollArea::vertical().show(ui, |ui| browser_folder(ui, s, ""));
        return;
    }
    // Virtualised: only the visible rows are laid out (100,000 names stay fluid).
    let rows = b.shown.len();
    let height = ui.text_style_height(&egui::TextStyle::Button) + ui.spacing().item_spacing.y;
    egui::ScrollArea::vertical().show_rows(ui, height, rows, |ui, range| {
        for r in range {
            let Some(b) = &s.browser else { return };
            let i = b.shown[r];
            let label = b.models[i].path.clone();
            browser_row(ui, s, i, &label);
        }
    });
}

/// Draws the whole UI; returns what the window must do next.
pub fn draw(root: &mut egui::Ui, s: &mut AppState, view_texture: Option<egui::TextureId>, stats: &str) -> UiOutput {
    let ctx = &root.ctx().clone();
    let mut out = UiOutput::default();
    shortcuts(ctx, s, &mut out);
    egui::Panel::top("open").show(root, |ui| {
        ui.horizontal(|ui| {
            if ui.button("Open...").clicked() {
                out.open_dialog = true;
            }
            let field =
                ui.add(egui::TextEdit::singleline(&mut s.path_field).hint_text("path to .m2").desired_width(420.0));
            if (field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))) || ui.button("Load").clicked() {
                let p = std::path::PathBuf::from(s.path_field.trim());
                s.open(p);
            }
            if ui.button("Reload (F5)").clicked() {
                s.reload();
            }
            if ui.button("Open game folder...").clicked() {
                out.pick_data = Some(DataPick::Folder);
            }
            if ui.button("Open archive...").clicked() {
                out.pick_data = Some(DataPick::Archive);
            }
            ui.menu_button("Recent", |ui| {
                for p in s.recent.clone() {
                    if ui.button(p.display().to_string()).clicked() {
                        s.open(p);
                        ui.close();
                    }
                }
            });
            if ui.button("Help (F1)").clicked() {
                s.show_help = !s.show_help;
            }
            if let Some(p) = &s.pending {
                ui.spinner();
                ui.label(format!("loading {}", p.path.display()));
            }
            if let Some(i) = &s.indexing {
                ui.spinner();
                ui.label(format!("indexing {}", i.what));
            }
        });
    });
    egui::Panel::bottom("status").show(root, |ui| {
        ui.horizontal(|ui| {
            if let Some(e) = &s.error {
                ui.label(RichText::new(e).color(Color32::LIGHT_RED));
                if ui.small_button("dismiss").clicked() {
                    s.error = None;
                }
            } else if let Some(c) = &s.current {
                let skin = match c.lm.skin.and_then(|k| c.lm.skins.get(k)) {
                    Some(k) if k.guessed => format!(" | skin guessed: {}", k.names[0]),
                    Some(k) => format!(" | skin: display {}", k.displays.first().copied().unwrap_or(0)),
                    None => String::new(),
                };
                ui.label(format!("{}{skin} | {stats}", c.lm.path.display()));
            } else {
                ui.label("drop an .m2 file here, or open one");
            }
        });
    });
    if s.browser.is_some() {
        egui::Panel::right("browser").default_size(320.0).show(root, |ui| browser_panel(ui, s));
    }
    egui::Panel::left("panels").default_size(360.0).show(root, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::CollapsingHeader::new("Animation").default_open(true).show(ui, |ui| animation_panel(ui, s));
            egui::CollapsingHeader::new("Geosets").default_open(true).show(ui, |ui| geoset_panel(ui, s));
            egui::CollapsingHeader::new("LOD").show(ui, |ui| lod_panel(ui, s));
            egui::CollapsingHeader::new("Camera").default_open(true).show(ui, |ui| camera_panel(ui, s));
            egui::CollapsingHeader::new("View").show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label("background");
                    ui.color_edit_button_rgb(&mut s.view.background);
                });
                let lights = s.current.as_ref().map_or(0, |c| c.lm.model.lights.len());
                ui.add_enabled(
                    lights > 0,
                    egui::Checkbox::new(&mut s.view.model_lights, format!("model lights ({lights})")),
                )
                .on_hover_text("Light the model with its own M2/MDX lights on top of the preview light");
                ui.add(egui::Slider::new(&mut s.view.crowd, 1..=1000).logarithmic(true).text("crowd"))
                    .on_hover_text("Copies on a grid, each playing its own sequence from its own phase");
                let o = &mut s.view.overlays;
                ui.horizontal_wrapped(|ui| {
                    ui.checkbox(&mut o.bones, "bones");
                    ui.checkbox(&mut o.wireframe, "wireframe");
                    ui.checkbox(&mut o.bounds, "bounding box");
                    ui.checkbox(&mut o.normals, "normals");
                    ui.checkbox(&mut o.collision, "collision mesh and shapes");
                    ui.checkbox(&mut o.attachments, "attachment points");
                    ui.checkbox(&mut o.emitters, "emitter positions");
                    ui.checkbox(&mut o.grid, "grid");
                });
                ui.horizontal(|ui| {
                    if ui.button("Screenshot (P)").clicked() {
                        let path = screenshot_path(s);
                        s.send(Command::Screenshot(path));
                    }
                    ui.checkbox(&mut s.view.transparent_screenshot, "transparent background");
                });
                if let Some(p) = &s.last_screenshot {
                    ui.label(RichText::new(p).small());
                }
            });
            egui::CollapsingHeader::new("Export").show(ui, |ui| export_panel(ui, s));
            egui::CollapsingHeader::new("Emitters").show(ui, |ui| emitters_panel(ui, s));
            egui::CollapsingHeader::new("Replaceable textures").show(ui, |ui| replaceable_panel(ui, s));
            egui::CollapsingHeader::new("Attachments").show(ui, |ui| attachments_panel(ui, s));
            egui::CollapsingHeader::new("Inspector").show(ui, |ui| inspector_panel(ui, s));
        });
    });
    if s.show_help {
        egui::Window::new("Keyboard shortcuts").open(&mut s.show_help).show(ctx, |ui| {
            for (k, what) in SHORTCUTS {
                ui.label(format!("{k}: {what}"));
            }
        });
    }
    egui::CentralPanel::default().frame(egui::Frame::NONE).show(root, |ui| {
        let rect = ui.available_rect_before_wrap();
        let ppp = ctx.pixels_per_point();
        out.view_size = [(rect.width() * ppp).round() as u32, (rect.height() * ppp).round() as u32];
        out.view_origin = [(rect.min.x * ppp).round().max(0.0) as u32, (rect.min.y * ppp).round().max(0.0) as u32];
        let response = match view_texture {
            Some(id) => ui.add(egui::Image::new((id, rect.size())).sense(egui::Sense::click_and_drag())),
            None => ui.allocate_rect(rect, egui::Sense::click_and_drag()),
        };
        let d = response.drag_delta();
        if response.dragged_by(egui::PointerButton::Primary) {
            s.orbit.rotate(d.x, d.y);
            s.camera_mode = CameraMode::Orbit;
        } else if response.dragged_by(egui::PointerButton::Secondary)
            || response.dragged_by(egui::PointerButton::Middle)
        {
            s.orbit.pan(d.x, d.y, rect.height());
            s.camera_mode = CameraMode::Orbit;
        }
        if response.hovered() {
            let scroll = ui.input(|i| i.smooth_scroll_delta.y);
            if scroll != 0.0 {
                s.orbit.zoom(scroll);
            }
        }
    });
    out
}
