//! The Character panel, like WoW Model Viewer's: race and sex, a spinner
//! per customization option (named as the client's character creation
//! names it) with its count, randomise, NPC and death
//! knight rows, eye glow, underwear and ears; the equipment slots (a
//! display id, a search by item name and over `ItemDisplayInfo`'s model
//! and texture names, clear); outfits saved and loaded; an NPC display; a mount. Every change
//! re-dresses the open model and asks the viewport to upload the result
//! (`Command::UploadCharacter`): the next frame shows it, nothing is reloaded.

use egui::RichText;
use m2view_db::item::{DisplayInfoRow, display_info_rows};
use m2view_dress::character::equipment::{ItemKind, Slot};
use m2view_dress::character::geosets::EyeGlow;
use m2view_dress::character::identity::{self, Sex};
use m2view_dress::character::options::{Choice, RowFilter};
use m2view_dress::character::outfit::Outfit;

use crate::command::Command;
use crate::state::AppState;

/// What the Character panel's fields hold between frames.
#[derive(Debug, Clone)]
pub struct CharacterFields {
    /// Display id typed per slot.
    pub equip: std::collections::BTreeMap<Slot, String>,
    /// The item search text.
    pub search: String,
    /// The slot a search result goes to.
    pub search_slot: Slot,
    /// Outfit file.
    pub outfit: String,
    /// NPC display id typed.
    pub npc: String,
    /// Mount model path typed.
    pub mount: String,
}

impl Default for CharacterFields {
    fn default() -> Self {
        CharacterFields {
            equip: Default::default(),
            search: String::new(),
            search_slot: Slot::Chest,
            outfit: "outfit.json".into(),
            npc: String::new(),
            mount: String::new(),
        }
    }
}

/// Search results shown at most.
const SEARCH_ROWS: usize = 30;

/// The rows of `ItemDisplayInfo` whose model, texture or component names contain `q` (any case).
pub fn search_items<'a>(rows: &'a [DisplayInfoRow], q: &str, max: usize) -> Vec<&'a DisplayInfoRow> {
    let q = q.trim().to_lowercase();
    if q.is_empty() {
        return Vec::new();
    }
    let hit = |r: &DisplayInfoRow| {
        r.id.to_string() == q
            || r.models
                .iter()
                .chain(&r.model_textures)
                .chain(&r.textures)
                .chain([&r.icon])
                .any(|n| n.to_lowercase().contains(&q))
    };
    rows.iter().filter(|r| hit(r)).take(max).collect()
}

/// What a click in the item search wears: its slot, kind and display
/// (an error: the item's display is unknown).
pub(super) type Picked = Option<Result<(Slot, ItemKind, u32), crate::AppError>>;

/// The item search, for both Character panels: a text box and a slot;
/// below it the items whose name or id matches (the tables' `ItemSparse`
/// and the item list of File > Game data...), then, where `file_rows`
/// (`ItemDisplayInfo` of tables to 3.3.5) are given, the displays whose
/// model or texture names match. An item goes to its inventory type's
/// slot, else to the chosen one.
pub(super) fn item_search(
    ui: &mut egui::Ui,
    fields: &mut CharacterFields,
    names: &mut crate::item_names::ItemNames,
    tables: &m2view_dress::ClientTables,
    file_rows: Option<&[DisplayInfoRow]>,
) -> Picked {
    ui.horizontal(|ui| {
        ui.add(egui::TextEdit::singleline(&mut fields.search).hint_text("search items by name").desired_width(160.0));
        let label = ui.label("into");
        let combo =
            egui::ComboBox::from_id_salt("search slot").selected_text(fields.search_slot.name()).show_ui(ui, |ui| {
                for slot in Slot::ALL {
                    ui.selectable_value(&mut fields.search_slot, slot, slot.name());
                }
            });
        combo.response.labelled_by(label.id);
    });
    if fields.search.trim().is_empty() {
        return None;
    }
    let mut picked = None;
    match names.items(tables) {
        Ok(items) => {
            for item in m2view_dress::named_items::search(&items, &fields.search, SEARCH_ROWS) {
                let slot = item.slot();
                let place = slot.map_or("", |(s, _)| s.name());
                let label = format!("{} ({}, display {}) {place}", item.name, item.id, item.display);
                if ui.small_button(label).clicked() {
                    picked = Some(if item.display == 0 {
                        Err(crate::AppError::Input(format!(
                            "item {} ({}): the tables and the item list give no display",
                            item.id, item.name
                        )))
                    } else {
                        let (slot, kind) = slot.unwrap_or((fields.search_slot, ItemKind::Plain));
                        Ok((slot, kind, item.display))
                    });
                }
            }
        }
        Err(e) => {
            ui.label(RichText::new(format!("item names: {e}")).small());
        }
    }
    for r in file_rows.map(|rows| search_items(rows, &fields.search, SEARCH_ROWS)).unwrap_or_default() {
        let name = r.models.iter().chain(&r.model_textures).chain(&r.textures).find(|n| !n.is_empty());
        let label = format!("display {}: {}", r.id, name.map_or(r.icon.as_str(), String::as_str));
        if ui.small_button(label).clicked() {
            picked = Some(Ok((fields.search_slot, ItemKind::Plain, r.id)));
        }
    }
    picked
}

/// Re-dresses the open character and asks for the upload.
fn changed(s: &mut AppState) {
    let opts = s.open_options.clone();
    if let Some(c) = &mut s.current {
        c.redress(&opts);
    }
    s.send(Command::UploadCharacter);
}

pub(super) fn character_panel(ui: &mut egui::Ui, s: &mut AppState) {
    identity_row(ui, s);
    options_rows(ui, s);
    ui.separator();
    equipment_rows(ui, s);
    ui.separator();
    outfit_npc_mount_rows(ui, s);
}

/// Race and sex, and switching to another race model (found beside the
/// open one's game root or in the data sources).
fn identity_row(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &s.current else { return };
    let Some(ch) = &c.dressing.character else { return };
    ui.label(RichText::new(ch.identity.describe()).strong());
    let races = c.dressing.tables.rows("ChrRaces.dbc", m2view_db::character::race_rows).ok().flatten();
    let (mut race, mut sex) = (ch.identity.race_name.clone(), ch.identity.sex);
    ui.horizontal(|ui| {
        let label = ui.label("race");
        let combo = egui::ComboBox::from_id_salt("race").selected_text(&race).show_ui(ui, |ui| {
            let mut seen = std::collections::BTreeSet::new();
            for r in races.iter().flat_map(|r| r.iter()) {
                if seen.insert(r.client_file_string.to_lowercase()) {
                    ui.selectable_value(&mut race, r.client_file_string.clone(), &r.client_file_string);
                }
            }
        });
        combo.response.labelled_by(label.id);
        ui.selectable_value(&mut sex, Sex::Male, "male");
        ui.selectable_value(&mut sex, Sex::Female, "female");
    });
    if race != ch.identity.race_name || sex != ch.identity.sex {
        let wanted = identity::model_path(&race, sex);
        match c.lm.find_game_file(&wanted) {
            Some(p) => s.open(p),
            None => s.error = Some(format!("{wanted} is not in the model's folders or the data sources")),
        }
    }
}

/// A spinner per option, randomise, and the options that are no choice of the tables.
fn options_rows(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let Some(ch) = &mut c.dressing.character else { return };
    let mut dirty = false;
    for choice in Choice::ALL {
        let n = ch.options.count(choice, &ch.appearance);
        let k = ch.appearance.get(choice);
        // The client hides an option its race names NONE; m2view keeps it reachable under its own name.
        let label = Some(choice.label(ch.identity.race.as_ref(), ch.identity.sex)).filter(|l| !l.is_empty());
        ui.horizontal(|ui| {
            ui.label(format!("{:<13}", label.as_deref().unwrap_or(choice.name())))
                .on_hover_text(format!("--customize {}=N", choice.name()));
            if ui.add_enabled(k > 0, egui::Button::new("<").small()).clicked() {
                dirty |= ch.customize(choice, k - 1).is_ok();
            }
            let value = ch.options.value(choice, &ch.appearance).map_or("-".into(), |v| v.to_string());
            ui.label(format!("{} / {n}  (value {value})", if n == 0 { 0 } else { k + 1 }));
            if ui.add_enabled(k + 1 < n, egui::Button::new(">").small()).clicked() {
                dirty |= ch.customize(choice, k + 1).is_ok();
            }
        });
    }
    ui.horizontal(|ui| {
        if ui.button("Randomise").clicked() {
            let seed = crate::platform::unix_nanos();
            let mut x = (seed as u64) | 1;
            for choice in Choice::ALL {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let n = ch.options.count(choice, &ch.appearance).max(1);
                let _ = ch.customize(choice, (x % n as u64) as u32);
            }
            dirty = true;
        }
        let mut filter = ch.filter;
        ui.checkbox(&mut filter.npc, "NPC rows");
        ui.checkbox(&mut filter.death_knight, "death knight rows");
        if filter != ch.filter {
            dirty |= ch.set_filter(&c.dressing.tables, RowFilter { ..filter }).is_ok();
        }
    });
    ui.horizontal(|ui| {
        dirty |= ui.checkbox(&mut ch.underwear, "underwear").changed();
        dirty |= ui.checkbox(&mut ch.ears, "ears").changed();
        let before = ch.eye_glow;
        let label = ui.label("eyes");
        let combo =
            egui::ComboBox::from_id_salt("eye glow").selected_text(format!("{:?}", ch.eye_glow)).show_ui(ui, |ui| {
                for g in [EyeGlow::None, EyeGlow::Normal, EyeGlow::DeathKnight] {
                    ui.selectable_value(&mut ch.eye_glow, g, format!("{g:?}"));
                }
            });
        combo.response.labelled_by(label.id);
        dirty |= before != ch.eye_glow;
    });
    if dirty {
        changed(s);
    }
}

/// One row per slot (display id, equip, clear) and the item search.
fn equipment_rows(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let Some(ch) = &mut c.dressing.character else { return };
    let mut dirty = false;
    ui.label(RichText::new("Equipment (ItemDisplayInfo ids)").strong());
    for slot in Slot::ALL {
        let worn = ch.equipment.get(&slot).map(|e| e.display);
        ui.horizontal(|ui| {
            ui.label(format!("{:<10}", slot.name()));
            let field =
                s.character_fields.equip.entry(slot).or_insert_with(|| worn.map(|d| d.to_string()).unwrap_or_default());
            ui.add(egui::TextEdit::singleline(field).desired_width(70.0).hint_text("display"));
            if ui.small_button("Equip").clicked() {
                match field.trim().parse::<u32>() {
                    Ok(d) => {
                        ch.equip(slot, d, ItemKind::Plain);
                        dirty = true;
                    }
                    Err(_) => s.error = Some(format!("{}: {:?} is no display id", slot.name(), field.trim())),
                }
            }
            if worn.is_some() && ui.small_button("Clear").clicked() {
                ch.equipment.remove(&slot);
                field.clear();
                dirty = true;
            }
        });
    }
    let rows = c.dressing.tables.rows("ItemDisplayInfo.dbc", display_info_rows);
    let file_rows = match &rows {
        Ok(Some(rows)) => Some(rows.as_slice()),
        _ => None,
    };
    match item_search(ui, &mut s.character_fields, &mut s.item_names, &c.dressing.tables, file_rows) {
        Some(Ok((slot, kind, display))) => {
            ch.equip(slot, display, kind);
            s.character_fields.equip.insert(slot, display.to_string());
            dirty = true;
        }
        Some(Err(e)) => s.error = Some(e.to_string()),
        None => {}
    }
    match rows {
        Ok(None) => {
            ui.label(RichText::new("no ItemDisplayInfo table: add the client's tables in File > Game data...").small());
        }
        Err(e) => {
            ui.label(RichText::new(e.to_string()).small());
        }
        Ok(Some(_)) => {}
    }
    if dirty {
        changed(s);
    }
}

/// What the outfit row did this frame.
pub(super) enum OutfitEvent {
    /// Nothing.
    None,
    /// Saved (or not): the status line.
    Saved(String),
    /// An outfit was loaded and applied.
    Loaded,
    /// Loading failed.
    Failed(String),
}

/// The outfit row: the file name (in the output folder: `path`), Save
/// (writes `current`, the character's outfit) and Load (reads the file and
/// applies it with `load`).
pub(super) fn outfit_row(
    ui: &mut egui::Ui,
    name: &mut String,
    path: &std::path::Path,
    current: Outfit,
    load: impl FnOnce(Outfit) -> Result<(), String>,
) -> OutfitEvent {
    let mut event = OutfitEvent::None;
    // Wraps in a narrow pane: the buttons stay reachable.
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("outfit");
        ui.add(egui::TextEdit::singleline(name).desired_width(150.0)).labelled_by(label.id);
        if ui.small_button("Save outfit").clicked() {
            event = OutfitEvent::Saved(match std::fs::write(path, current.to_json()) {
                Ok(()) => format!("saved {}", path.display()),
                Err(e) => format!("{}: {e}", path.display()),
            });
        } else if ui.small_button("Load outfit").clicked() {
            let result = std::fs::read_to_string(path)
                .map_err(|e| format!("{}: {e}", path.display()))
                .and_then(|t| Outfit::parse(&t, &path.display().to_string()).map_err(|e| e.to_string()))
                .and_then(load);
            event = match result {
                Ok(()) => OutfitEvent::Loaded,
                Err(e) => OutfitEvent::Failed(e),
            };
        }
    });
    event
}

/// Save/load an outfit, dress as an NPC display, mount and dismount.
fn outfit_npc_mount_rows(ui: &mut egui::Ui, s: &mut AppState) {
    let Some(c) = &mut s.current else { return };
    let Some(ch) = &mut c.dressing.character else { return };
    let mut dirty = false;
    let path = s.output_dir.join(s.character_fields.outfit.trim());
    match outfit_row(ui, &mut s.character_fields.outfit, &path, Outfit::of(ch), |o| {
        o.apply(ch).map_err(|e| e.to_string())
    }) {
        OutfitEvent::Saved(status) => s.export_status = Some(status),
        OutfitEvent::Loaded => {
            s.character_fields.equip.clear();
            dirty = true;
        }
        OutfitEvent::Failed(e) => s.error = Some(e),
        OutfitEvent::None => {}
    }
    ui.horizontal(|ui| {
        let label = ui.label("NPC display");
        ui.add(egui::TextEdit::singleline(&mut s.character_fields.npc).desired_width(80.0)).labelled_by(label.id);
        if ui.small_button("Dress").clicked() {
            let tables = c.dressing.tables.clone();
            let result = s.character_fields.npc.trim().parse::<u32>().map_err(|_| "no display id".to_string());
            match result.and_then(|d| ch.dress_as_npc(&c.lm, &tables, d).map_err(|e| e.to_string())) {
                Ok(warnings) => {
                    c.warnings.extend(warnings);
                    s.character_fields.equip.clear();
                    dirty = true;
                }
                Err(e) => s.error = Some(e),
            }
        }
    });
    if dirty {
        changed(s);
    }
    mount_row(ui, s);
}

/// A mount: a model path (or the browser's pick), Mount, Dismount.
fn mount_row(ui: &mut egui::Ui, s: &mut AppState) {
    let picked = s.browser.as_ref().and_then(|b| b.selected_model());
    let mut path: Option<Option<String>> = None;
    ui.horizontal(|ui| {
        ui.label("mount");
        ui.add(egui::TextEdit::singleline(&mut s.character_fields.mount).hint_text("mount .m2").desired_width(150.0));
        if ui.small_button("Mount").clicked() && !s.character_fields.mount.trim().is_empty() {
            path = Some(Some(s.character_fields.mount.trim().to_string()));
        }
        if let Some(p) = &picked
            && ui.small_button("browser pick").on_hover_text(p.as_str()).clicked()
        {
            path = Some(Some(p.clone()));
        }
        if s.current.as_ref().is_some_and(|c| c.mount.is_some()) && ui.small_button("Dismount").clicked() {
            path = Some(None);
        }
    });
    let (Some(p), Some(c)) = (path, &mut s.current) else { return };
    match c.set_mount(p.as_deref().map(std::path::Path::new), &s.open_options) {
        Ok(()) => {
            s.send(Command::UploadMount);
            s.send(Command::Frame(s.orbit.direction()));
        }
        Err(e) => s.error = Some(e),
    }
}
