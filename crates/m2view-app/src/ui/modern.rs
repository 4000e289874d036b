//! The Character panel of a 9.0+ character: its race and body type (the
//! `ChrModel`; another opens its model), a
//! list per customization option with its choices by name (`Choice N`
//! where the table names none) and colour swatch (a choice the other
//! choices rule out is shown but not offered), NPC and class-only choices on request, the
//! items worn (an `ItemDisplayInfo` id per slot, or found by name), outfits saved and
//! loaded, and the layers its textures are composed of. A change re-dresses the model and
//! asks the viewport to upload the result (`Command::UploadCharacter`).

use egui::RichText;

use crate::command::Command;
use crate::state::AppState;

/// A square per colour of a choice's swatch (`ChrCustomizationChoice.SwatchColor`), as
/// the client's character creation shows skin and hair colours.
fn swatches(ui: &mut egui::Ui, colours: &[[u8; 3]]) {
    for &[r, g, b] in colours {
        let (rect, response) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
        ui.painter().rect_filled(rect, 2.0, egui::Color32::from_rgb(r, g, b));
        let name = format!("swatch #{r:02x}{g:02x}{b:02x}");
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &name));
        response.on_hover_text(&name);
    }
}

/// A choice's label: its name, else its position (as wow.export labels them).
fn choice_label(name: &str, k: usize) -> String {
    if name.is_empty() { format!("Choice {k}") } else { name.to_string() }
}

pub(super) fn modern_panel(ui: &mut egui::Ui, s: &mut AppState) {
    body_row(ui, s);
    let (mut dirty, mut error) = options(ui, s);
    ui.separator();
    let (equipped, equip_error) = equipment(ui, s);
    dirty |= equipped;
    error = error.or(equip_error);
    let (loaded, outfit_error) = outfit(ui, s);
    dirty |= loaded;
    error = error.or(outfit_error);
    if error.is_some() {
        s.error = error;
    }
    if dirty {
        let opts = s.open_options.clone();
        if let Some(c) = &mut s.current {
            c.redress(&opts);
        }
        s.send(Command::UploadCharacter);
    }
}

/// Race and body type: picking another opens that `ChrModel`'s model
/// (`fdid:N` of its display's `CreatureModelData`, through the sources).
fn body_row(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &s.current else { return };
    let Some(m) = &c.dressing.modern else { return };
    let cat = &m.catalog;
    let body = &m.selection.chr_model;
    let current = cat.races_of(body.id).first().map(|r| r.id).unwrap_or(0);
    let (mut race, mut sex) = (current, body.sex);
    let mut races: Vec<_> = cat.races.iter().filter(|r| cat.race_models.iter().any(|x| x.race == r.id)).collect();
    races.sort_by(|a, b| a.name.cmp(&b.name));
    ui.horizontal(|ui| {
        let label = ui.label("race");
        let name = races.iter().find(|r| r.id == race).map_or_else(String::new, |r| r.name.clone());
        let combo = egui::ComboBox::from_id_salt("modern race").selected_text(name).show_ui(ui, |ui| {
            for r in &races {
                ui.selectable_value(&mut race, r.id, format!("{} ({})", r.name, r.id));
            }
        });
        combo.response.labelled_by(label.id);
        ui.selectable_value(&mut sex, 0, "body 1");
        ui.selectable_value(&mut sex, 1, "body 2");
    });
    if (race, sex) == (current, body.sex) {
        return;
    }
    let wanted = cat.chr_model_of(race, sex).and_then(|b| cat.model_file(b));
    match wanted.map(|fdid| (fdid, c.lm.find_fdid(fdid, "m2"))) {
        Some((_, Some(path))) => s.open(path),
        Some((fdid, None)) => {
            s.error = Some(format!("fdid:{fdid} (race {race}, body {}) is not in the sources", sex + 1))
        }
        None => s.error = Some(format!("the tables give race {race} no body {} model", sex + 1)),
    }
}

/// The options' lists and the NPC switch; returns whether a choice changed, and the error of one refused.
fn options(ui: &mut egui::Ui, s: &mut AppState) -> (bool, Option<String>) {
    let Some(c) = &mut s.current else { return (false, None) };
    let Some(m) = &mut c.dressing.modern else { return (false, None) };
    let plan = m.plan(&c.lm);
    let race = plan.race.as_deref().unwrap_or("(no race)");
    ui.label(
        RichText::new(format!("ChrModel {}: {race} {}", plan.chr_model, plan.gender.name().to_lowercase())).strong(),
    );
    let mut wanted: Option<(u32, u32)> = None;
    for o in &plan.options {
        let chosen = o.chosen.and_then(|k| o.choices.get(k).map(|c| (k, c)));
        let current = chosen.map(|(k, c)| choice_label(&c.name, k));
        ui.horizontal(|ui| {
            let label = ui.label(format!("{:<14}", o.name));
            let combo = egui::ComboBox::from_id_salt(("option", o.id))
                .selected_text(current.unwrap_or_else(|| "-".into()))
                .show_ui(ui, |ui| {
                    for (k, choice) in o.choices.iter().enumerate() {
                        let text = choice_label(&choice.name, k);
                        let r = ui
                            .horizontal(|ui| {
                                swatches(ui, &choice.swatches);
                                ui.add_enabled(choice.available, egui::Button::selectable(o.chosen == Some(k), text))
                            })
                            .inner;
                        if r.clicked() {
                            wanted = Some((o.id, choice.id));
                        }
                    }
                });
            combo.response.labelled_by(label.id);
            swatches(ui, chosen.map_or(&[][..], |(_, c)| &c.swatches));
            ui.label(format!("{} / {}", o.chosen.map_or(0, |k| k + 1), o.choices.len()));
        });
    }
    let mut npc = m.selection.npc_options;
    ui.checkbox(&mut npc, "NPC and class-only choices");
    let (mut dirty, mut error) = (false, None);
    if npc != m.selection.npc_options {
        m.set_npc_options(npc);
        dirty = true;
    }
    if let Some((option, choice)) = wanted {
        match m.selection.customize(&m.catalog, &format!("id:{option}=id:{choice}")) {
            Ok(()) => dirty = true,
            Err(e) => error = Some(e.to_string()),
        }
    }
    layers(ui, &plan);
    (dirty, error)
}

/// A row per equipment slot: the `ItemDisplayInfo` id worn, Equip and
/// Clear; returns whether the items changed, and the error of a bad id.
fn equipment(ui: &mut egui::Ui, s: &mut AppState) -> (bool, Option<String>) {
    use m2view_dress::character::equipment::{ItemKind, Slot};
    use m2view_dress::modern::equipment::Worn;
    let Some(c) = &mut s.current else { return (false, None) };
    let Some(m) = &mut c.dressing.modern else { return (false, None) };
    let (mut dirty, mut error) = (false, None);
    ui.label(RichText::new("Equipment (ItemDisplayInfo ids)").strong());
    for slot in Slot::ALL {
        let worn = m.selection.equipment.get(&slot).map(|w| w.display);
        ui.horizontal(|ui| {
            ui.label(format!("{:<10}", slot.name()));
            let field =
                s.character_fields.equip.entry(slot).or_insert_with(|| worn.map(|d| d.to_string()).unwrap_or_default());
            ui.add(egui::TextEdit::singleline(field).desired_width(70.0).hint_text("display"));
            if ui.small_button("Equip").clicked() {
                match field.trim().parse::<u32>() {
                    Ok(display) => {
                        m.selection.equipment.insert(slot, Worn { display, kind: ItemKind::Plain });
                        dirty = true;
                    }
                    Err(_) => error = Some(format!("{}: {:?} is no display id", slot.name(), field.trim())),
                }
            }
            if worn.is_some() && ui.small_button("Clear").clicked() {
                m.selection.equipment.remove(&slot);
                field.clear();
                dirty = true;
            }
        });
    }
    // 9.0+ displays name resources, not files: the search is by item name alone.
    match super::character::item_search(ui, &mut s.character_fields, &mut s.item_names, &c.dressing.tables, None) {
        Some(Ok((slot, kind, display))) => {
            m.selection.equipment.insert(slot, Worn { display, kind });
            s.character_fields.equip.insert(slot, display.to_string());
            dirty = true;
        }
        Some(Err(e)) => error = Some(e.to_string()),
        None => {}
    }
    (dirty, error)
}

/// Save and load an outfit (its body, choices and items) in the output
/// folder; returns whether one was loaded, and the error of a bad one.
fn outfit(ui: &mut egui::Ui, s: &mut AppState) -> (bool, Option<String>) {
    use super::character::{OutfitEvent, outfit_row};
    use m2view_dress::character::outfit::Outfit;
    let Some(c) = &mut s.current else { return (false, None) };
    let Some(m) = &mut c.dressing.modern else { return (false, None) };
    let path = s.output_dir.join(s.character_fields.outfit.trim());
    match outfit_row(ui, &mut s.character_fields.outfit, &path, Outfit::of_modern(m), |o| {
        o.apply_modern(m).map_err(|e| e.to_string())
    }) {
        OutfitEvent::Saved(status) => {
            s.export_status = Some(status);
            (false, None)
        }
        OutfitEvent::Loaded => {
            s.character_fields.equip.clear();
            (true, None)
        }
        OutfitEvent::Failed(e) => (false, Some(e)),
        OutfitEvent::None => (false, None),
    }
}

/// The layers of every composed texture, and whether each file was found.
fn layers(ui: &mut egui::Ui, plan: &m2view_dress::modern::Plan) {
    egui::CollapsingHeader::new("Texture layers").show(ui, |ui| {
        for t in std::iter::once(&plan.body_texture).chain(&plan.textures) {
            ui.label(format!("type {} ({}x{})", t.texture_type, t.size[0], t.size[1]));
            for l in &t.layers {
                let found = if l.file.found { "" } else { "  MISSING" };
                ui.label(format!("  {} {}: {}{found}", l.layer, l.section, l.file.file));
            }
        }
    });
}
