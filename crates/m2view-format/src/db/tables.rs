//! The rows of `CreatureModelData` and `CreatureDisplayInfo` that dress a
//! creature, and the animation names of `AnimationData`, for every client
//! whose tables m2view reads. Column indices come
//! from WoWDBDefs (`definitions/CreatureModelData.dbd`,
//! `definitions/CreatureDisplayInfo.dbd`, layouts of builds 1.12.1.5875,
//! 2.4.3.8606 and 3.3.5.12340). The columns used here sit at the same index
//! in all three builds; the build is recognised by the field count, and a
//! table of another shape is refused rather than misread.

use crate::db::wdbc::Dbc;
use crate::error::{Error, Result};

/// A client build family whose tables are known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Build {
    /// 1.12 (vanilla): CreatureModelData 16 fields, CreatureDisplayInfo 12.
    Classic,
    /// 2.4.3 (TBC): CreatureModelData 24 fields, CreatureDisplayInfo 14.
    Tbc,
    /// 3.3.5 (WotLK): CreatureModelData 28 fields, CreatureDisplayInfo 16.
    Wotlk,
}

/// One `CreatureModelData` row: a model file the client knows.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelRow {
    /// Row id (`CreatureDisplayInfo.ModelID` points here).
    pub id: u32,
    /// Model path as stored (`Creature\Bear\Bear.mdx`; `.mdx`/`.mdl` stand for `.m2`).
    pub model: String,
    /// Model scale.
    pub scale: f32,
}

/// One `CreatureDisplayInfo` row: a way the client dresses a model.
#[derive(Debug, Clone, PartialEq)]
pub struct DisplayRow {
    /// Display id (what creature templates and `render --display-id` name).
    pub id: u32,
    /// The `CreatureModelData` row.
    pub model_id: u32,
    /// Display scale.
    pub scale: f32,
    /// Texture variations 1–3 (base names in the model's folder, no extension; empty = none),
    /// filling replaceable texture types 11, 12 and 13.
    pub textures: [String; 3],
}

/// The build of a `CreatureModelData` table by its field count.
pub fn model_data_build(d: &Dbc) -> Option<Build> {
    match d.fields {
        16 => Some(Build::Classic),
        24 => Some(Build::Tbc),
        28 => Some(Build::Wotlk),
        _ => None,
    }
}

/// The build of a `CreatureDisplayInfo` table by its field count.
pub fn display_info_build(d: &Dbc) -> Option<Build> {
    match d.fields {
        12 => Some(Build::Classic),
        14 => Some(Build::Tbc),
        16 => Some(Build::Wotlk),
        _ => None,
    }
}

fn unknown(name: &str, d: &Dbc) -> Error {
    Error::invalid(8, format!("{} fields is no known {name} layout (1.12, 2.4.3 or 3.3.5)", d.fields))
}

/// Every `CreatureModelData` row. Columns: 0 ID, 2 ModelName, 4 ModelScale.
pub fn model_rows(d: &Dbc) -> Result<Vec<ModelRow>> {
    model_data_build(d).ok_or_else(|| unknown("CreatureModelData", d))?;
    (0..d.records).map(|r| Ok(ModelRow { id: d.u32(r, 0)?, model: d.string(r, 2)?, scale: d.f32(r, 4)? })).collect()
}

/// Every `CreatureDisplayInfo` row. Columns: 0 ID, 1 ModelID, 4
/// CreatureModelScale, 6–8 `TextureVariation[3]`.
pub fn display_rows(d: &Dbc) -> Result<Vec<DisplayRow>> {
    display_info_build(d).ok_or_else(|| unknown("CreatureDisplayInfo", d))?;
    (0..d.records)
        .map(|r| {
            Ok(DisplayRow {
                id: d.u32(r, 0)?,
                model_id: d.u32(r, 1)?,
                scale: d.f32(r, 4)?,
                textures: [d.string(r, 6)?, d.string(r, 7)?, d.string(r, 8)?],
            })
        })
        .collect()
}

/// `AnimationData`: animation id → the client's name for it. Columns: 0 ID,
/// 1 Name (WoWDBDefs `AnimationData.dbd`: the same in 1.12, 2.4.3 and 3.3.5;
/// 7 or 8 fields).
pub fn animation_names(d: &Dbc) -> Result<std::collections::BTreeMap<u32, String>> {
    if !(7..=8).contains(&d.fields) {
        return Err(unknown("AnimationData", d));
    }
    (0..d.records).map(|r| Ok((d.u32(r, 0)?, d.string(r, 1)?))).collect()
}
