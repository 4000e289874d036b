//! Creature skins: the textures the game puts into a model's replaceable
//! slots (texture types 11, 12, 13 — "monster skin" 1–3, wowdev wiki
//! "M2#Textures").
//!
//! With client databases (`DBFilesClient/CreatureModelData.dbc` and
//! `CreatureDisplayInfo.dbc`, found beside the model or in any folder above
//! it, or in the data sources): the `CreatureModelData` rows naming the model
//! (`.mdx`/`.mdl` stand for `.m2`, case and `\`/`/` ignored), then every
//! `CreatureDisplayInfo` row using them; each row's TextureVariation 1–3
//! is `<model folder>\<name>.blp` for types 11–13 (as WoW Model Viewer's
//! creature skins). Identical texture sets are one skin listing all their
//! display ids, in display-id order; the first is the default.
//!
//! Without databases, or when no display row uses the model: what WoW Model
//! Viewer offers for loose files — every
//! BLP in the model's folder whose name starts with the model's name
//! (`murloc2_Blue.blp`), each a skin for type 11, marked as guessed.

use std::path::{Path, PathBuf};

use crate::db::{tables, wdbc::Dbc};
use crate::error::Result;
use crate::model::{Model, TextureSource};
use m2view_data::{Files, normalize};

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
    /// Guessed from file names (no database named the model).
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

/// The database rows that dressed the model (for the inspector and `info`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SkinSource {
    /// Where `CreatureModelData.dbc` was read (empty: no database).
    pub tables: String,
    /// `CreatureModelData` rows naming the model.
    pub models: Vec<tables::ModelRow>,
}

/// Does stored model path `stored` (from a database) name the model at `path`?
fn names_model(stored: &str, path: &Path) -> bool {
    let mut s = normalize(stored);
    for ext in [".mdx", ".mdl"] {
        if let Some(base) = s.strip_suffix(ext) {
            s = format!("{base}.m2");
        }
    }
    let p = normalize(&path.to_string_lossy());
    p == s || p.ends_with(&format!("/{s}"))
}

/// Finds `DBFilesClient/<table>` in the folder of `model_path` or above it.
pub fn find_table(files: &dyn Files, model_path: &Path, table: &str) -> Option<PathBuf> {
    let dir = model_path.parent().unwrap_or(Path::new(""));
    dir.ancestors().find_map(|a| files.find(&a.join("DBFilesClient").join(table)))
}

/// The skins of `model` at `model_path` in `files`, and the database rows
/// used. Errors: a database that exists but is malformed (names the file).
pub fn find_skins(files: &dyn Files, model_path: &Path, model: &Model) -> Result<(Vec<Skin>, SkinSource)> {
    let wants = |k: u32| model.textures.iter().any(|t| t.source == TextureSource::Replaceable && t.kind == k);
    if !(11..=13).any(wants) {
        return Ok((Vec::new(), SkinSource::default()));
    }
    let dir = model_path.parent().unwrap_or(Path::new("")).to_path_buf();
    let tables_at = (
        find_table(files, model_path, "CreatureModelData.dbc"),
        find_table(files, model_path, "CreatureDisplayInfo.dbc"),
    );
    if let (Some(cmd_path), Some(cdi_path)) = tables_at {
        let read = |p: &Path| -> Result<Dbc> {
            let name = p.display().to_string();
            let bytes = files.read(p).map_err(|e| crate::error::Error::invalid(0, e.message).in_file(&name))?;
            Dbc::parse(bytes, &name)
        };
        let cmd = read(&cmd_path)?;
        let models: Vec<tables::ModelRow> = tables::model_rows(&cmd)
            .map_err(|e| e.in_file(cmd_path.display().to_string()))?
            .into_iter()
            .filter(|r| names_model(&r.model, model_path))
            .collect();
        if !models.is_empty() {
            let cdi = read(&cdi_path)?;
            let mut displays: Vec<tables::DisplayRow> = tables::display_rows(&cdi)
                .map_err(|e| e.in_file(cdi_path.display().to_string()))?
                .into_iter()
                .filter(|d| models.iter().any(|m| m.id == d.model_id))
                .collect();
            displays.sort_by_key(|d| d.id);
            let mut skins: Vec<Skin> = Vec::new();
            for d in displays {
                if let Some(s) = skins
                    .iter_mut()
                    .find(|s| s.names.iter().map(|n| n.to_lowercase()).eq(d.textures.iter().map(|n| n.to_lowercase())))
                {
                    s.displays.push(d.id);
                    continue;
                }
                let files_for = d
                    .textures
                    .clone()
                    .map(|n| (!n.is_empty()).then(|| files.find(&dir.join(format!("{n}.blp")))).flatten());
                skins.push(Skin {
                    displays: vec![d.id],
                    names: d.textures,
                    files: files_for,
                    scale: d.scale,
                    guessed: false,
                });
            }
            if !skins.is_empty() {
                let source = SkinSource { tables: cmd_path.display().to_string(), models };
                return Ok((skins, source));
            }
        }
    }
    // No database names the model (or no display uses it): offer the BLPs named after it.
    let stem = model_path.file_stem().map(|s| s.to_string_lossy().to_lowercase()).unwrap_or_default();
    let mut guesses: Vec<PathBuf> = files
        .list_dir(&dir)
        .into_iter()
        .filter(|p| {
            let n = p.file_name().map(|n| n.to_string_lossy().to_lowercase()).unwrap_or_default();
            n.starts_with(&stem) && n.ends_with(".blp")
        })
        .collect();
    guesses.sort();
    let skins = guesses
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
        .collect();
    Ok((skins, SkinSource::default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_paths_name_models() {
        let p = Path::new("/data/Koward/Creature/Bear2/Bear2.m2");
        assert!(names_model("Creature\\bear2\\Bear2.mdx", p));
        assert!(names_model("CREATURE\\BEAR2\\BEAR2.M2", p));
        assert!(!names_model("Creature\\Bear\\Bear2.mdx", p));
        assert!(!names_model("ear2\\Bear2.mdx", p), "whole folder names only");
        assert!(names_model("Creature\\Bear2\\Bear2.mdl", Path::new("Creature/Bear2/Bear2.m2")));
    }
}
