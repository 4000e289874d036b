//! The browser panel: the models, textures or tables of the data sources
//! as a filtered list or a folder tree, the locale of a game folder.

use egui::{Color32, RichText};

use crate::state::AppState;

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
        if b.models[i].kind != b.kind {
            continue;
        }
        let name = b.models[i].path.rsplit('/').next().unwrap_or_default().to_string();
        browser_row(ui, s, i, &name);
    }
}

/// The model browser: filter (substring, `re:` regex), flat list or tree,
/// Up/Down open the previous/next model, the source of the selected one.
pub(super) fn browser_panel(ui: &mut egui::Ui, s: &mut AppState) {
    // One line per row (the virtualised list needs a fixed row height).
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
    let Some(b) = &mut s.browser else { return };
    ui.heading(format!("{} ({} of {})", b.kind.label(), b.shown.len(), b.count(b.kind)));
    ui.horizontal(|ui| {
        for k in crate::browser::EntryKind::ALL {
            if ui.selectable_label(b.kind == k, k.label()).clicked() && b.kind != k {
                b.set_kind(k);
            }
        }
    });
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
    if b.unnamed > 0 {
        let msg = format!(
            "{} files known only by FileDataID: start with --listfile to browse them by name, or type fdid:N above",
            b.unnamed
        );
        ui.label(RichText::new(msg).small().color(Color32::YELLOW));
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
