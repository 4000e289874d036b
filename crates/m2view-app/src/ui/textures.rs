//! The Replaceable textures panel: creature skins from the tables (or
//! guessed), the team colour of Warcraft III models, and an image of the
//! user's for any replaceable slot.

use egui::RichText;

use crate::command::Command;
use crate::state::AppState;

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
    let skins = &c.dressing.creature;
    if skins.skins.is_empty() {
        return;
    }
    let from = if skins.skins[0].guessed { "guessed from file names".to_string() } else { skins.tables.clone() };
    ui.label(RichText::new(format!("Skin ({from})")).strong());
    let mut chosen = None;
    for (k, skin) in skins.skins.iter().enumerate() {
        if ui.selectable_label(skins.current == Some(k), format!("{k}: {}", skin.label())).clicked() {
            chosen = Some(k);
        }
    }
    if let Some(k) = chosen
        && skins.current != Some(k)
    {
        c.dressing.creature.apply(&mut c.lm, k);
        c.geosets = c.dressing.creature.geosets(&c.lm, c.lod).unwrap_or_else(|| c.lm.model.default_geosets(c.lod));
        s.send(Command::UploadSkin);
    }
    ui.separator();
}

pub(super) fn replaceable_panel(ui: &mut egui::Ui, s: &mut AppState) {
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
    // Warcraft III team colour and glow: a player's (the game's own textures when the data
    // holds them), or any colour, built.
    if has_team {
        ui.horizontal(|ui| {
            let label = ui.label("team colour");
            let players = &m2view_render::texture::PLAYERS;
            let current = m2view_render::texture::player_of(s.team_color);
            let shown = current.map_or_else(|| "other".to_string(), |p| format!("{} {}", p, players[p].0));
            let mut changed = false;
            let combo = egui::ComboBox::from_id_salt("team player").selected_text(shown).show_ui(ui, |ui| {
                for (p, (name, rgb)) in players.iter().enumerate() {
                    if ui.selectable_label(current == Some(p), format!("{p} {name}")).clicked() {
                        s.team_color = *rgb;
                        changed = true;
                    }
                }
            });
            combo.response.labelled_by(label.id);
            changed |= ui.color_edit_button_srgb(&mut s.team_color).labelled_by(label.id).changed();
            if changed {
                s.send(Command::RebuildTeamTextures);
            }
        });
    }
    if slots.is_empty() {
        ui.label("no other replaceable textures");
    }
    // Any texture of the data sources: the one selected in the browser's Textures list.
    let picked = s.browser.as_ref().and_then(|b| b.selected_texture());
    for (i, name) in slots {
        ui.label(format!("texture {i}: {name}"));
        ui.horizontal(|ui| {
            let field = s.replace_fields.entry(i).or_default();
            ui.add(
                egui::TextEdit::singleline(field)
                    .hint_text(".blp or .png, a file or a source's path")
                    .desired_width(200.0),
            );
            let mut path = None;
            if ui.button("Apply").clicked() && !field.trim().is_empty() {
                path = Some(std::path::PathBuf::from(field.trim()));
            }
            if let Some(p) = &picked
                && ui.small_button("browser pick").on_hover_text(p.as_str()).clicked()
            {
                *field = p.clone();
                path = Some(std::path::PathBuf::from(p));
            }
            if let Some(path) = path {
                s.send(Command::ReplaceTexture { slot: i, path });
            }
        });
    }
}
