//! The Game data window (File > Game data…): every data source with its
//! kind and priority — those added in the window (remembered across
//! restarts) above the command line's `--data` — to add, remove and
//! reorder; the game installs found on this machine; Blizzard's CDN, by
//! product, region and build.

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
                ui.add(egui::Label::new(src.label()).truncate());
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
                let step = i.progress().map_or(String::new(), |p| format!(": {p}"));
                ui.label(format!("indexing {}{step}", i.what));
            });
        }
        for n in &s.source_notes {
            ui.add(egui::Label::new(RichText::new(n).small()).wrap());
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
            #[cfg(not(target_arch = "wasm32"))]
            cdn_row(ui, s);
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

/// The Game data window's Blizzard CDN pickers: a product, a region and a
/// build (the region's current one, or one of those its version service
/// lists, fetched on demand).
#[derive(Default)]
pub struct CdnPick {
    /// Index into [`crate::cdn_source::PRODUCTS`].
    pub product: usize,
    /// Index into [`crate::cdn_source::REGIONS`].
    pub region: usize,
    /// The build picked (empty: the region's current).
    pub build: String,
    /// The builds the version service listed for the product and region.
    pub builds: Vec<String>,
    /// Why the build list is not there.
    pub status: Option<String>,
    /// The build list being fetched.
    #[cfg(not(target_arch = "wasm32"))]
    pub fetching: Option<crate::cdn_source::BuildList>,
}

/// The Blizzard CDN row: product, region and build pickers, "Builds…" to
/// list the builds offered, and "Add" to add the source above the others.
#[cfg(not(target_arch = "wasm32"))]
fn cdn_row(ui: &mut egui::Ui, s: &mut AppState) {
    use crate::cdn_source::{BuildList, PRODUCTS, REGIONS};
    if let Some(r) = s.cdn_pick.fetching.as_ref().and_then(BuildList::poll) {
        s.cdn_pick.fetching = None;
        match r {
            Ok(b) => (s.cdn_pick.builds, s.cdn_pick.status) = (b, None),
            Err(e) => s.cdn_pick.status = Some(e.to_string()),
        }
    }
    let p = &mut s.cdn_pick;
    let before = (p.product, p.region);
    ui.horizontal(|ui| {
        ui.label("Blizzard CDN:");
        let (id, name) = PRODUCTS[p.product.min(PRODUCTS.len() - 1)];
        egui::ComboBox::new("cdn product", "product").selected_text(format!("{name} ({id})")).show_ui(ui, |ui| {
            for (i, (id, name)) in PRODUCTS.iter().enumerate() {
                ui.selectable_value(&mut p.product, i, format!("{name} ({id})"));
            }
        });
        egui::ComboBox::new("cdn region", "region").selected_text(REGIONS[p.region.min(REGIONS.len() - 1)]).show_ui(
            ui,
            |ui| {
                for (i, r) in REGIONS.iter().enumerate() {
                    ui.selectable_value(&mut p.region, i, *r);
                }
            },
        );
        let shown = if p.build.is_empty() { "current build" } else { p.build.as_str() };
        egui::ComboBox::new("cdn build", "build").selected_text(shown.to_string()).show_ui(ui, |ui| {
            ui.selectable_value(&mut p.build, String::new(), "current build");
            for b in &p.builds {
                ui.selectable_value(&mut p.build, b.clone(), b);
            }
        });
    });
    if (p.product, p.region) != before {
        (p.builds, p.build, p.status) = (Vec::new(), String::new(), None);
    }
    let (product, region) = (PRODUCTS[p.product.min(PRODUCTS.len() - 1)].0, REGIONS[p.region.min(REGIONS.len() - 1)]);
    ui.horizontal(|ui| {
        let fetching = s.cdn_pick.fetching.is_some();
        if ui
            .add_enabled(!fetching, egui::Button::new("Builds..."))
            .on_hover_text("List the builds the version service offers")
            .clicked()
        {
            let o = crate::cdn_source::options(product, Some(region), None, &s.open_options.cdn, None, None);
            s.cdn_pick.fetching = Some(BuildList::start(o));
        }
        if fetching {
            ui.spinner();
        }
        if ui.button("Add Blizzard CDN").clicked() {
            let build = Some(s.cdn_pick.build.clone()).filter(|b| !b.is_empty());
            s.add_cdn_source(product, region, build);
        }
        if let Some(e) = &s.cdn_pick.status {
            ui.add(egui::Label::new(RichText::new(e).small()).truncate());
        }
    });
}
