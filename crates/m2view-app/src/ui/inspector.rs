//! The Inspector panel: what the file holds — textures with previews,
//! materials, the bone tree (a bone picked there shows its keys on the
//! timeline), attachments, shapes, events, emitters, the
//! table rows that dress it, lights and warnings — with a filter.

use egui::{Color32, RichText};

use crate::state::AppState;

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

/// Bone `i`'s line (clicking it picks the bone whose keys the timeline
/// shows, clicking again clears it) and, open on request, its children.
fn bone_tree(
    ui: &mut egui::Ui,
    i: usize,
    children: &[Vec<usize>],
    line: &dyn Fn(usize) -> String,
    picked: &mut Option<m2view_format::BoneId>,
    depth: usize,
) {
    if children[i].is_empty() || depth >= 64 {
        let deeper = if children[i].is_empty() { "" } else { " (deeper bones: use the filter)" };
        bone_line(ui, i, &format!("{}{deeper}", line(i)), picked);
        return;
    }
    use egui::collapsing_header::CollapsingState;
    let id = ui.make_persistent_id(("bone", i));
    let mut chosen = false;
    CollapsingState::load_with_default_open(ui.ctx(), id, false)
        .show_header(ui, |ui| chosen = bone_line(ui, i, &line(i), picked))
        .body(|ui| {
            for &c in &children[i] {
                bone_tree(ui, c, children, line, picked, depth + 1);
            }
        });
    // A bone picked opens too, showing its children.
    if chosen {
        let mut state = CollapsingState::load_with_default_open(ui.ctx(), id, false);
        state.set_open(true);
        state.store(ui.ctx());
    }
}

/// One bone's line, selected when it is the picked bone; a click picks or
/// clears it. Returns whether it was picked now.
fn bone_line(ui: &mut egui::Ui, i: usize, text: &str, picked: &mut Option<m2view_format::BoneId>) -> bool {
    let id = m2view_format::BoneId(i as u16);
    let on = *picked == Some(id);
    if ui.selectable_label(on, text).on_hover_text("the timeline shows this bone's keys").clicked() {
        *picked = if on { None } else { Some(id) };
    }
    !on && *picked == Some(id)
}

pub(super) fn inspector_panel(ui: &mut egui::Ui, s: &mut AppState) {
    ui.add(egui::TextEdit::singleline(&mut s.filter).hint_text("filter"));
    let Some(c) = &mut s.current else { return };
    let (lm, thumbs, handles, picked) = (&c.lm, &c.thumbnails, &mut c.thumbnail_handles, &mut c.selected_bone);
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
                bone_tree(ui, r, &children, &line, picked, 0);
            }
        } else {
            for i in (0..m.bones.len()).filter(|&i| show(&line(i))) {
                bone_line(ui, i, &format!("{} parent {:?}", line(i), m.bones[i].parent.map(|p| p.0)), picked);
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
    let creature = &c.dressing.creature;
    if !creature.skins.is_empty() {
        egui::CollapsingHeader::new(format!("Tables ({} skins)", creature.skins.len())).show(ui, |ui| {
            if creature.tables.is_empty() {
                ui.label("no CreatureModelData row names this model: skins guessed from file names");
            } else {
                ui.label(format!("tables: {}", creature.tables));
                for r in &creature.models {
                    ui.label(format!("CreatureModelData {}: {} (scale {})", r.id, r.model, r.scale));
                }
            }
            for (k, skin) in creature.skins.iter().enumerate() {
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
