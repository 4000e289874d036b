//! The table view: a client table in its tab beside the 3D view — its facts, a
//! search over every cell, sorting by a column (click its heading), only
//! the visible rows laid out; a creature table's row opens the model it
//! names (in its display).

use egui::{Color32, RichText};

use crate::document::TableDoc;
use crate::open::OpenOptions;

/// Width of a column, points.
const COLUMN: f32 = 120.0;

/// What a click in the table asks of the window.
pub(super) enum TableAction {
    /// Close the view.
    Close,
    /// Open this model in this display.
    Open(std::path::PathBuf, Option<u32>),
    /// Say this (a model that cannot be found).
    Error(String),
}

/// The toolbar and the grid.
pub(super) fn table_view(ui: &mut egui::Ui, t: &mut TableDoc, opts: &OpenOptions) -> Option<TableAction> {
    let mut action = None;
    let summary = t.table.summary();
    ui.horizontal_wrapped(|ui| {
        if ui.button("Close file").clicked() {
            action = Some(TableAction::Close);
        }
        ui.label(RichText::new(format!("{}: {}", t.path.display(), t.table.name)).strong());
        ui.label(format!(
            "{}, {}, {} rows, {} columns",
            summary.generation,
            t.table.layout,
            t.table.len(),
            t.headings.len()
        ));
    });
    ui.horizontal(|ui| {
        let mut search = t.search.clone();
        ui.add(egui::TextEdit::singleline(&mut search).hint_text("search every cell").desired_width(240.0));
        if search != t.search {
            t.set_search(&search);
        }
        ui.label(format!("{} rows shown", t.order.len()));
    });
    let opens = matches!(t.table.name.to_ascii_lowercase().as_str(), "creaturemodeldata" | "creaturedisplayinfo");
    let height = ui.text_style_height(&egui::TextStyle::Button) + ui.spacing().item_spacing.y;
    egui::ScrollArea::horizontal().show(ui, |ui| {
        ui.horizontal(|ui| {
            if opens {
                ui.add_sized([60.0, height], egui::Label::new("model"));
            }
            for h in 0..t.headings.len() {
                let arrow = match t.sort {
                    Some((s, true)) if s == h => " (ascending)",
                    Some((s, false)) if s == h => " (descending)",
                    _ => "",
                };
                let text = format!("{}{arrow}", t.headings[h]);
                if ui.add_sized([COLUMN, height], egui::Button::new(text).truncate()).clicked() {
                    t.sort_by(h);
                }
            }
        });
        ui.separator();
        egui::ScrollArea::vertical().show_rows(ui, height, t.order.len(), |ui, range| {
            for &row in &t.order[range] {
                ui.horizontal(|ui| {
                    if opens && ui.add_sized([60.0, height], egui::Button::new("open")).clicked() {
                        action = match t.model_of(row, opts) {
                            Some(Ok((path, display))) => Some(TableAction::Open(path, display)),
                            Some(Err(e)) => Some(TableAction::Error(e)),
                            None => None,
                        };
                    }
                    for h in 0..t.headings.len() {
                        let text = t.cell(row, h);
                        ui.add_sized([COLUMN, height], egui::Label::new(text).truncate());
                    }
                });
            }
        });
    });
    if t.order.is_empty() {
        ui.label(RichText::new("no row matches").color(Color32::YELLOW));
    }
    action
}
