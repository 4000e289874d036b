//! Creature skins: the textures the game puts into a model's replaceable
//! slots (texture types 11, 12, 13 — "monster skin" 1–3, wowdev wiki
//! "M2#Textures").
//!
//! With client tables (`CreatureModelData` and `CreatureDisplayInfo`, see
//! [`crate::tables`]): the `CreatureModelData` rows naming the model
//! (`.mdx`/`.mdl` stand for `.m2`, case and `\`/`/` ignored), then every
//! `CreatureDisplayInfo` row using them; each row's TextureVariation 1–3
//! is `<model folder>\<name>.blp` for types 11–13 (as WoW Model Viewer's
//! creature skins). Identical texture sets are one skin listing all their
//! display ids, in display-id order; the first is the default.
//!
//! Without tables, or when no display row uses the model: what WoW Model
//! Viewer offers for loose files — every BLP in the model's folder whose
//! name starts with the model's name (`murloc2_Blue.blp`), each a skin for
//! type 11, marked as guessed.

use std::path::{Path, PathBuf};

use m2view_data::normalize;
use m2view_db::creature::{self, DisplayRow, ModelRow};
use m2view_error::Result;
use m2view_format::{LoadedModel, TextureSource};

use crate::tables::ClientTables;

/// One way the model can be dressed.
#[derive(Debug, Clone, PartialEq)]
pub struct Skin {
    /// The `CreatureDisplayInfo` ids that use it (empty when guessed).
    pub displays: Vec<u32>,
    /// Texture base names for types 11, 12, 13 (empty = slot not set).
    pub names: [String; 3],
    /// The files found for them.
    pub files: [Option<PathBuf>; 3],
    /// Display scale of the first display (1 when guessed).
    pub scale: f32,
    /// Guessed from file names (no table named the model).
    pub guessed: bool,
}

impl Skin {
    /// A one-line description: display ids (or "guessed") and texture names.
    pub fn label(&self) -> String {
        let names: Vec<&str> = self.names.iter().filter(|n| !n.is_empty()).map(String::as_str).collect();
        if self.guessed {
            format!("guessed: {}", names.join(", "))
        } else {
            let ids: Vec<String> = self.displays.iter().map(u32::to_string).collect();
            format!("display {}: {}", ids.join(", "), names.join(", "))
        }
    }
}

/// A model's creature skins and which one it wears.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CreatureSkins {
    /// The skins, the default first.
    pub skins: Vec<Skin>,
    /// Where `CreatureModelData` was read (empty: no table).
    pub tables: String,
    /// `CreatureModelData` rows naming the model.
    pub models: Vec<ModelRow>,
    /// The skin worn (index into `skins`).
    pub current: Option<usize>,
}

/// Does stored model path `stored` (from a table) name the model at `path`?
pub fn names_model(stored: &str, path: &Path) -> bool {
    let mut s = normalize(stored);
    for ext in [".mdx", ".mdl"] {
        if let Some(base) = s.strip_suffix(ext) {
            s = format!("{base}.m2");
        }
    }
    let p = normalize(&path.to_string_lossy());
    p == s || p.ends_with(&format!("/{s}"))
}

/// The texture slots a creature skin fills (replaceable types 11–13).
pub fn skin_slots(lm: &LoadedModel) -> Vec<usize> {
    let m = &lm.model;
    (0..m.textures.len())
        .filter(|&i| m.textures[i].source == TextureSource::Replaceable && (11..=13).contains(&m.textures[i].kind))
        .collect()
}

impl CreatureSkins {
    /// The skins of `lm` from `tables` (or guessed from file names).
    ///
    /// # Errors
    /// A table that exists but is malformed (names the file).
    pub fn find(lm: &LoadedModel, tables: &ClientTables) -> Result<CreatureSkins> {
        if skin_slots(lm).is_empty() {
            return Ok(CreatureSkins::default());
        }
        if let Some(found) = from_tables(lm, tables)? {
            return Ok(found);
        }
        Ok(CreatureSkins { skins: guessed(lm), ..Default::default() })
    }

    /// Dresses `lm` with skin `k`: replaceable textures of types 11, 12 and
    /// 13 take its files. Returns false when there is no skin `k`.
    pub fn apply(&mut self, lm: &mut LoadedModel, k: usize) -> bool {
        let Some(skin) = self.skins.get(k) else { return false };
        for i in skin_slots(lm) {
            lm.texture_files[i] = skin.files[(lm.model.textures[i].kind - 11) as usize].clone();
        }
        self.current = Some(k);
        true
    }
}

/// Skins from the tables, `None` when no display row dresses the model.
fn from_tables(lm: &LoadedModel, tables: &ClientTables) -> Result<Option<CreatureSkins>> {
    let Some(model_rows) = tables.rows("CreatureModelData.dbc", creature::model_rows)? else { return Ok(None) };
    let models: Vec<ModelRow> = model_rows.iter().filter(|r| names_model(&r.model, &lm.path)).cloned().collect();
    if models.is_empty() {
        return Ok(None);
    }
    let Some(display_rows) = tables.rows("CreatureDisplayInfo.dbc", creature::display_rows)? else {
        return Ok(None);
    };
    let mut displays: Vec<&DisplayRow> =
        display_rows.iter().filter(|d| models.iter().any(|m| m.id == d.model_id)).collect();
    displays.sort_by_key(|d| d.id);
    let dir = lm.path.parent().unwrap_or(Path::new("")).to_path_buf();
    let mut skins: Vec<Skin> = Vec::new();
    for d in displays {
        let lower = |n: &[String; 3]| n.clone().map(|s| s.to_lowercase());
        if let Some(s) = skins.iter_mut().find(|s| lower(&s.names) == lower(&d.textures)) {
            s.displays.push(d.id);
            continue;
        }
        let files =
            d.textures.clone().map(|n| (!n.is_empty()).then(|| lm.files.find(&dir.join(format!("{n}.blp")))).flatten());
        skins.push(Skin { displays: vec![d.id], names: d.textures.clone(), files, scale: d.scale, guessed: false });
    }
    if skins.is_empty() {
        return Ok(None);
    }
    let source = tables.location("CreatureModelData.dbc").unwrap_or_default();
    Ok(Some(CreatureSkins { skins, tables: source, models, current: None }))
}

/// The BLPs in the model's folder named after it, one skin each (guessed).
fn guessed(lm: &LoadedModel) -> Vec<Skin> {
    let dir = lm.path.parent().unwrap_or(Path::new("")).to_path_buf();
    let stem = lm.path.file_stem().map(|s| s.to_string_lossy().to_lowercase()).unwrap_or_default();
    let mut guesses: Vec<PathBuf> = lm
        .files
        .list_dir(&dir)
        .into_iter()
        .filter(|p| {
            let n = p.file_name().map(|n| n.to_string_lossy().to_lowercase()).unwrap_or_default();
            n.starts_with(&stem) && n.ends_with(".blp")
        })
        .collect();
    guesses.sort();
    guesses
        .into_iter()
        .map(|p| {
            let name = p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            Skin {
                displays: vec![],
                names: [name, String::new(), String::new()],
                files: [Some(p), None, None],
                scale: 1.0,
                guessed: true,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_paths_name_models() {
        let p = Path::new("/data/Koward/Creature/Bear2/Bear2.m2");
        assert!(names_model("Creature\\bear2\\Bear2.mdx", p));
        assert!(names_model("CREATURE\\BEAR2\\BEAR2.M2", p));
        assert!(!names_model("Creature\\Bear\\Bear2.mdx", p));
        assert!(!names_model("ear2\\Bear2.mdx", p), "whole folder names only");
        assert!(names_model("Creature\\Bear2\\Bear2.mdl", Path::new("Creature/Bear2/Bear2.m2")));
    }
}
