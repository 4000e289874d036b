//! The built-in file dialog's window (`crate::file_dialog`): the folder's
//! path (typed, or Up), a filter, the entries (a click selects, a double
//! click enters a folder or chooses a file), then choose or cancel.

use crate::file_dialog::{Answer, FileDialog, Purpose};
use crate::state::AppState;

/// Draws the dialog of `s` if there is one and carries out its answer.
pub(super) fn file_dialog_window(ctx: &egui::Context, s: &mut AppState) {
    let Some(d) = &mut s.file_dialog else { return };
    let mut open = true;
    let mut answer = None;
    egui::Window::new(d.purpose.title())
        .id(egui::Id::unique("m2view file dialog"))
        .open(&mut open)
        .default_size([560.0, 420.0])
        .collapsible(false)
        .show(ctx, |ui| answer = dialog_ui(ui, d));
    if !open {
        answer = Some(Answer::Cancelled);
    }
    let Some(answer) = answer else { return };
    let purpose = s.file_dialog.take().map(|d| d.purpose);
    match (answer, purpose) {
        (Answer::Chosen(p), Some(Purpose::Open)) => s.open(p),
        (Answer::Chosen(p), Some(Purpose::Save(_))) => s.export_now(p),
        (Answer::Chosen(p), Some(Purpose::ItemList)) => s.set_item_list(Some(p)),
        (Answer::Chosen(p), Some(_)) => s.add_data_source(p),
        _ => {}
    }
}

fn dialog_ui(ui: &mut egui::Ui, d: &mut FileDialog) -> Option<Answer> {
    let mut answer = None;
    ui.horizontal(|ui| {
        if ui.button("Up").clicked() {
            d.up();
        }
        let label = ui.label("Folder");
        let field = ui
            .add(egui::TextEdit::singleline(&mut d.path_field).desired_width((ui.available_width() - 8.0).max(80.0)))
            .labelled_by(label.id);
        if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            let p = std::path::PathBuf::from(d.path_field.trim());
            if p.is_dir() {
                d.enter(p);
            } else if p.is_file() {
                answer = Some(Answer::Chosen(p));
            } else {
                d.error = Some(format!("{}: no such file or folder", p.display()));
            }
        }
    });
    ui.add(egui::TextEdit::singleline(&mut d.filter).hint_text("filter").desired_width(f32::INFINITY));
    if let Some(e) = &d.error {
        ui.colored_label(egui::Color32::LIGHT_RED, e);
    }
    let shown = d.shown();
    let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let list_height = (ui.available_height() - 64.0).max(120.0);
    // Only the visible rows are laid out: a folder of 100,000 files scrolls fluidly.
    egui::ScrollArea::vertical().max_height(list_height).auto_shrink(false).show_rows(
        ui,
        row,
        shown.len(),
        |ui, rows| {
            for &i in &shown[rows] {
                let e = &d.entries[i];
                let label = if e.dir { format!("{}/", e.name) } else { e.name.clone() };
                let r = ui.selectable_label(d.selected == Some(i), label);
                if r.double_clicked() {
                    answer = d.activate(i);
                } else if r.clicked() {
                    d.selected = Some(i);
                }
            }
        },
    );
    if let Purpose::Save(ext) = &d.purpose {
        ui.horizontal(|ui| {
            let label = ui.label(format!("File name (.{ext})"));
            ui.add(egui::TextEdit::singleline(&mut d.name).desired_width(f32::INFINITY)).labelled_by(label.id);
        });
    }
    ui.horizontal(|ui| {
        let choose = match d.purpose {
            Purpose::Open => "Open",
            Purpose::AddFolder => "Add this folder",
            Purpose::AddArchive => "Add",
            Purpose::ItemList => "Choose",
            Purpose::Save(_) => "Save",
        };
        let choice = d.choice();
        if ui.add_enabled(choice.is_some(), egui::Button::new(choose)).clicked() {
            answer = choice.map(Answer::Chosen);
        }
        if ui.button("Cancel").clicked() {
            answer = Some(Answer::Cancelled);
        }
        if let Some(c) = d.choice() {
            ui.add(egui::Label::new(c.display().to_string()).truncate());
        }
    });
    answer
}
