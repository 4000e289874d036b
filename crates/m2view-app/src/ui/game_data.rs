//! The Game data window (File > Game data…): every data source with its
//! kind and priority — those added in the window (remembered across
//! restarts) above the command line's `--data` — to add, remove and
//! reorder; the game installs found on this machine.

use egui::RichText;

use super::{DataPick, UiOutput};
use crate::state::AppState;

pub(super) fn game_data_window(ctx: &egui::Context, s: &mut AppState, out: &mut UiOutput) {
    let mut open = s.show_game_data;
    egui::Window::new("Game data").open(&mut open).default_width(520.0).show(ctx, |ui| {
        ui.label("Searched from the top: a file in a higher source hides the same path below.");
        ui.separator();
        let mut action = None;
        egui::Grid::new("sources").striped(true).num_columns(4).show(ui, |ui| {
            let n = s.sources.added.len();
            for (i, src) in s.sources.added.iter().enumerate() {
                ui.label(format!("{}.", i + 1));
                ui.label(crate::sources::kind_of(&src.path));
                let locale = src.locale.as_ref().map_or(String::new(), |l| format!("  [{l}]"));
                ui.add(egui::Label::new(format!("{}{locale}", src.path.display())).truncate());
                ui.horizontal(|ui| {
                    if ui.add_enabled(i > 0, egui::Button::new("Up")).clicked() {
                        action = Some((i, Some(true)));
                    }
                    if ui.add_enabled(i + 1 < n, egui::Button::new("Down")).clicked() {
                        action = Some((i, Some(false)));
                    }
                    if ui.button("Remove").clicked() {
                        action = Some((i, None));
                    }
                });
                ui.end_row();
            }
            if let Some(cli) = &s.sources.command_line {
                ui.label(format!("{}.", n + 1));
                ui.label("command line");
                ui.label(format!("--data: {} sources", cli.sources().len()));
                ui.label(RichText::new("(fixed)").small());
                ui.end_row();
            }
        });
        if s.sources.added.is_empty() && s.sources.command_line.is_none() {
            ui.label("No game data yet: models open from their folders.");
        }
        match action {
            Some((i, Some(up))) => s.move_data_source(i, up),
            Some((i, None)) => s.remove_data_source(i),
            None => {}
        }
        if let Some(i) = &s.indexing {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!("indexing {}", i.what));
            });
        }
        ui.separator();
        // Game folders and archives are read natively only (no archive reader builds for the web).
        if cfg!(not(target_arch = "wasm32")) {
            ui.horizontal(|ui| {
                if ui.button("Add game folder or folder...").clicked() {
                    out.pick_data = Some(DataPick::Folder);
                }
                if ui.button("Add archive...").clicked() {
                    out.pick_data = Some(DataPick::Archive);
                }
            });
            item_list_row(ui, s, out);
            ui.label("Game installs found on this machine:");
            if s.installs.is_empty() {
                ui.label("none found on this machine");
            }
            for i in s.installs.clone() {
                if ui.button(i.label()).on_hover_text(format!("found by {}", i.found_by)).clicked() {
                    s.add_data_source(i.path);
                }
            }
        }
    });
    s.show_game_data = open && s.show_game_data;
}

/// The item list the Character panel's search reads names from (clients
/// to 3.3.5 keep item names on the server; 7.0+ tables name their items).
fn item_list_row(ui: &mut egui::Ui, s: &mut AppState, out: &mut UiOutput) {
    ui.horizontal(|ui| {
        let what = match &s.item_names.list_path {
            Some(p) => format!("Item names: {} ({} items)", p.display(), s.item_names.list_len()),
            None => "Item names: from the tables (ItemSparse); no item list".to_string(),
        };
        ui.add(egui::Label::new(what).truncate())
            .on_hover_text("An item list: one item per line, id;name;display (WoW Model Viewer's layout)");
        if ui.button("Item list...").clicked() {
            out.pick_data = Some(DataPick::ItemList);
        }
        if s.item_names.list_path.is_some() && ui.button("Clear").clicked() {
            s.set_item_list(None);
        }
    });
}
