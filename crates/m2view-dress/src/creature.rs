//! Creature skins: the textures the game puts into a model's replaceable
//! slots (texture types 11, 12, 13 — "monster skin" 1–3, wowdev wiki
//! "M2#Textures").
//!
//! With client tables (`CreatureModelData` and `CreatureDisplayInfo`, see
//! [`crate::tables`]): the `CreatureModelData` rows naming the model — by
//! path to 3.3.5 (`.mdx`/`.mdl` stand for `.m2`, case and `\`/`/`
//! ignored), by FileDataID later —, then every `CreatureDisplayInfo` row
//! using them; each row's TextureVariation 1–3 is `<model
//! folder>\<name>.blp` for types 11–13 (as WoW Model Viewer's creature
//! skins), or `TextureVariationFileDataID` 1–3 a texture by FileDataID
//! (as wow.export's `DBCreatures.js`), with the geosets
//! `CreatureDisplayInfoGeosetData` gives the display when the model row
//! has `CreatureGeosetDataID` set. Identical texture sets are one skin
//! listing all their display ids, in display-id order; the first is the
//! default.
//!
//! Without tables, or when no display row uses the model: what WoW Model
//! Viewer offers for loose files — every BLP in the model's folder whose
//! name starts with the model's name (`murloc2_Blue.blp`), each a skin for
//! type 11, except files that differ only in a trailing 1/2/3, which are
//! one skin for types 11–13; marked as guessed.

use std::path::{Path, PathBuf};

use m2view_data::normalize;
use m2view_db::creature::{self, DisplayRow, ModelRow};
use m2view_error::Result;
use m2view_format::companion::game_relative;
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
    /// Geosets the display turns on (`CreatureDisplayInfoGeosetData`; empty: the defaults).
    pub geosets: Vec<u16>,
}

impl Skin {
    /// The geosets shown with this skin among `ids` (a LOD's): the defaults
    /// when it names none, else geoset 0, those of 900 and up, and the ones
    /// it names (the rule wow.export applies to `extraGeosets`).
    pub fn shown_geosets(&self, ids: &std::collections::BTreeSet<u16>) -> Option<std::collections::BTreeSet<u16>> {
        if self.geosets.is_empty() {
            return None;
        }
        Some(ids.iter().copied().filter(|&id| id == 0 || id >= 900 || self.geosets.contains(&id)).collect())
    }

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

    /// The geosets the skin worn shows in LOD `lod` of `lm` (`None`: the
    /// game's defaults; see [`Skin::shown_geosets`]).
    pub fn geosets(&self, lm: &LoadedModel, lod: usize) -> Option<std::collections::BTreeSet<u16>> {
        let skin = self.skins.get(self.current?)?;
        let ids = lm.model.lods.get(lod)?.submeshes.iter().map(|s| s.geoset_id).collect();
        skin.shown_geosets(&ids)
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
    let fdid = lm.file_data_id;
    let models: Vec<ModelRow> = model_rows
        .iter()
        .filter(|r| names_model(&r.model, &lm.path) || (r.file_data_id != 0 && Some(r.file_data_id) == fdid))
        .cloned()
        .collect();
    if models.is_empty() {
        return Ok(None);
    }
    let Some(display_rows) = tables.rows("CreatureDisplayInfo.dbc", creature::display_rows)? else {
        return Ok(None);
    };
    let mut displays: Vec<&DisplayRow> =
        display_rows.iter().filter(|d| models.iter().any(|m| m.id == d.model_id)).collect();
    displays.sort_by_key(|d| d.id);
    let geosets = display_geosets(tables, &models, &displays)?;
    let dir = lm.path.parent().unwrap_or(Path::new("")).to_path_buf();
    let mut skins: Vec<Skin> = Vec::new();
    for d in displays {
        let by_id = d.textures.iter().all(String::is_empty) && d.texture_fdids.iter().any(|&f| f != 0);
        let names = if by_id {
            d.texture_fdids.map(|f| if f == 0 { String::new() } else { format!("fdid:{f}") })
        } else {
            d.textures.clone()
        };
        let shows = geosets.get(&d.id).cloned().unwrap_or_default();
        let lower = |n: &[String; 3]| n.clone().map(|s| s.to_lowercase());
        if let Some(s) = skins.iter_mut().find(|s| lower(&s.names) == lower(&names) && s.geosets == shows) {
            s.displays.push(d.id);
            continue;
        }
        let files = if by_id {
            d.texture_fdids.map(|f| (f != 0).then(|| lm.find_fdid(f, "blp")).flatten())
        } else {
            // A table's name stays in the model's folder (`game_relative`).
            names.clone().map(|n| {
                let rel = (!n.is_empty()).then(|| game_relative(&format!("{n}.blp"))).flatten();
                rel.and_then(|r| lm.files.find(&dir.join(r)))
            })
        };
        skins.push(Skin { displays: vec![d.id], names, files, scale: d.scale, guessed: false, geosets: shows });
    }
    if skins.is_empty() {
        return Ok(None);
    }
    let source = tables.location("CreatureModelData.dbc").unwrap_or_default();
    Ok(Some(CreatureSkins { skins, tables: source, models, current: None }))
}

/// The geosets of each display of `displays` whose model row has
/// `CreatureGeosetDataID` set (`CreatureDisplayInfoGeosetData`).
fn display_geosets(
    tables: &ClientTables,
    models: &[ModelRow],
    displays: &[&DisplayRow],
) -> Result<std::collections::HashMap<u32, Vec<u16>>> {
    let mut out: std::collections::HashMap<u32, Vec<u16>> = Default::default();
    let with_data = |d: &&&DisplayRow| models.iter().any(|m| m.id == d.model_id && m.geoset_data != 0);
    if !displays.iter().any(|d| with_data(&d)) {
        return Ok(out);
    }
    let Some(rows) = tables.rows("CreatureDisplayInfoGeosetData.db2", creature::geoset_rows)? else { return Ok(out) };
    let wanted: std::collections::HashSet<u32> = displays.iter().filter(with_data).map(|d| d.id).collect();
    for r in rows.iter().filter(|r| wanted.contains(&r.display)) {
        out.entry(r.display).or_default().push(r.geoset as u16);
    }
    out.values_mut().for_each(|g| g.sort_unstable());
    Ok(out)
}

/// The BLPs in the model's folder named after it (guessed). Files that
/// differ only in a trailing 1, 2 or 3 (`Banshee2Magenta1`/`2`, also
/// `01`…`03`) are one skin filling types 11, 12 and 13 in that order — the
/// pattern the client's own tables follow (`BatSkin01`, `BatSkin02`); a lone
/// file is a skin for type 11.
fn guessed(lm: &LoadedModel) -> Vec<Skin> {
    let dir = lm.path.parent().unwrap_or(Path::new("")).to_path_buf();
    let stem = lm.path.file_stem().map(|s| s.to_string_lossy().to_lowercase()).unwrap_or_default();
    let mut guesses: Vec<(String, PathBuf)> = lm
        .files
        .list_dir(&dir)
        .into_iter()
        .filter_map(|p| {
            let name = p.file_stem()?.to_string_lossy().into_owned();
            let lower = p.file_name()?.to_string_lossy().to_lowercase();
            (lower.starts_with(&stem) && lower.ends_with(".blp")).then_some((name, p))
        })
        .collect();
    guesses.sort_by_key(|(name, _)| name.to_lowercase());
    let mut skins: Vec<Skin> = Vec::new();
    let mut groups: Vec<(String, Vec<Member>)> = Vec::new();
    for (name, path) in guesses {
        match slot_suffix(&name) {
            Some((base, slot)) => match groups.iter_mut().find(|(b, _)| *b == base) {
                Some((_, members)) => members.push((slot, name, path)),
                None => groups.push((base, vec![(slot, name, path)])),
            },
            None => skins.push(guessed_skin(vec![(0, name, path)])),
        }
    }
    for (_, members) in groups {
        let mut slots: Vec<usize> = members.iter().map(|m| m.0).collect();
        slots.dedup();
        if members.len() > 1 && slots.len() == members.len() {
            skins.push(guessed_skin(members));
        } else {
            skins.extend(members.into_iter().map(|(_, n, p)| guessed_skin(vec![(0, n, p)])));
        }
    }
    skins.sort_by_key(|s| s.names.iter().find(|n| !n.is_empty()).map(|n| n.to_lowercase()));
    skins
}

/// `(lower-case base, slot 0–2)` of a name ending in 1, 2 or 3 (or 01–03).
fn slot_suffix(name: &str) -> Option<(String, usize)> {
    let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 2 {
        return None;
    }
    let n: usize = name[name.len() - digits..].parse().ok()?;
    (1..=3).contains(&n).then(|| (name[..name.len() - digits].to_lowercase(), n - 1))
}

/// One file of a guessed skin: `(slot 0–2, name, file)`.
type Member = (usize, String, PathBuf);

/// A guessed skin of its members.
fn guessed_skin(members: Vec<Member>) -> Skin {
    let mut names: [String; 3] = Default::default();
    let mut files: [Option<PathBuf>; 3] = Default::default();
    for (slot, name, path) in members {
        names[slot] = name;
        files[slot] = Some(path);
    }
    Skin { displays: vec![], names, files, scale: 1.0, guessed: true, geosets: Vec::new() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailing_slot_numbers() {
        assert_eq!(slot_suffix("Banshee2Magenta1"), Some(("banshee2magenta".into(), 0)));
        assert_eq!(slot_suffix("BatSkin02"), Some(("batskin".into(), 1)));
        assert_eq!(slot_suffix("Wolf3"), Some(("wolf".into(), 2)));
        assert_eq!(slot_suffix("Wolf4"), None);
        assert_eq!(slot_suffix("Skin123"), None);
        assert_eq!(slot_suffix("RabbitSkin"), None);
    }

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
