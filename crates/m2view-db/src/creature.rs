//! The creature tables: `CreatureModelData` (the model files the client
//! knows), `CreatureDisplayInfo` (how it dresses each: texture variations,
//! scale, and for character-race NPCs the `CreatureDisplayInfoExtra` row)
//! and `CreatureDisplayInfoExtra` (race, sex, customization and one item
//! display per equipment slot). Columns per WoWDBDefs
//! `definitions/CreatureModelData.dbd`, `CreatureDisplayInfo.dbd` and
//! `CreatureDisplayInfoExtra.dbd` (builds 1.12.1.5875, 2.4.3.8606,
//! 3.3.5.12340).

use m2view_error::Result;

use crate::layout::{Build, Shape, detect};
use crate::wdbc::Dbc;

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
    /// The `CreatureDisplayInfoExtra` row of a character-race NPC (0: none).
    pub extra_id: u32,
    /// Display scale.
    pub scale: f32,
    /// Texture variations 1–3 (base names in the model's folder, no extension; empty = none),
    /// filling replaceable texture types 11, 12 and 13.
    pub textures: [String; 3],
}

/// One `CreatureDisplayInfoExtra` row: how a character-race NPC looks.
#[derive(Debug, Clone, PartialEq)]
pub struct ExtraRow {
    /// Row id.
    pub id: u32,
    /// `ChrRaces` id.
    pub race: u32,
    /// 0 male, 1 female.
    pub sex: u32,
    /// Skin colour (`CharSections.ColorIndex` of the skin rows).
    pub skin: u32,
    /// Face (`CharSections.VariationIndex` of the face rows).
    pub face: u32,
    /// Hair style (`CharHairGeosets.VariationID`).
    pub hair_style: u32,
    /// Hair colour (`CharSections.ColorIndex` of the hair rows).
    pub hair_color: u32,
    /// Facial hair style (`CharacterFacialHairStyles.VariationID`).
    pub facial_hair: u32,
    /// `ItemDisplayInfo` id per slot ([`NPC_ITEM_SLOTS`]; 0 = nothing).
    pub items: [u32; 11],
    /// Flags (2.4.3 and later; 0 in 1.12).
    pub flags: u32,
    /// The baked texture's file name in `Textures\BakedNpcTextures\` (empty: none).
    pub bake_name: String,
}

/// What `ExtraRow::items` holds, in order (wowdev wiki
/// "DB/CreatureDisplayInfoExtra", `NPCItemDisplay`; the 1.12 table has the
/// first ten, without the cape).
pub const NPC_ITEM_SLOTS: [&str; 11] =
    ["head", "shoulder", "shirt", "chest", "waist", "legs", "feet", "wrist", "hands", "tabard", "back"];

#[derive(Debug, Clone, Copy, PartialEq)]
struct ModelCols {
    model: u32,
    scale: u32,
}

const MODEL_SHAPES: [Shape<ModelCols>; 3] = [
    Shape { builds: &[Build::Classic], fields: 16, strings: &[2], columns: ModelCols { model: 2, scale: 4 } },
    Shape { builds: &[Build::Tbc], fields: 24, strings: &[2], columns: ModelCols { model: 2, scale: 4 } },
    Shape { builds: &[Build::Wotlk], fields: 28, strings: &[2], columns: ModelCols { model: 2, scale: 4 } },
];

/// The build of a `CreatureModelData` table.
///
/// # Errors
/// A table of no known layout (names the file).
pub fn model_data_build(d: &Dbc) -> Result<Build> {
    Ok(detect(d, "CreatureModelData", &MODEL_SHAPES)?.builds[0])
}

/// Every `CreatureModelData` row. Columns: 0 ID, 2 ModelName, 4 ModelScale.
///
/// # Errors
/// A table of no known layout, or a cell that does not read (names file, row and column).
pub fn model_rows(d: &Dbc) -> Result<Vec<ModelRow>> {
    let c = detect(d, "CreatureModelData", &MODEL_SHAPES)?.columns;
    d.rows()
        .map(|r| {
            Ok(ModelRow {
                id: r.u32(0, "ID")?,
                model: r.string(c.model, "ModelName")?,
                scale: r.f32(c.scale, "ModelScale")?,
            })
        })
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct DisplayCols;

const DISPLAY_SHAPES: [Shape<DisplayCols>; 3] = [
    Shape { builds: &[Build::Classic], fields: 12, strings: &[6, 7, 8], columns: DisplayCols },
    Shape { builds: &[Build::Tbc], fields: 14, strings: &[6, 7, 8], columns: DisplayCols },
    Shape { builds: &[Build::Wotlk], fields: 16, strings: &[6, 7, 8], columns: DisplayCols },
];

/// The build of a `CreatureDisplayInfo` table.
///
/// # Errors
/// A table of no known layout (names the file).
pub fn display_info_build(d: &Dbc) -> Result<Build> {
    Ok(detect(d, "CreatureDisplayInfo", &DISPLAY_SHAPES)?.builds[0])
}

/// Every `CreatureDisplayInfo` row. Columns (the same in all three builds):
/// 0 ID, 1 ModelID, 3 ExtendedDisplayInfoID, 4 CreatureModelScale, 6–8
/// `TextureVariation[3]`.
///
/// # Errors
/// A table of no known layout, or a cell that does not read.
pub fn display_rows(d: &Dbc) -> Result<Vec<DisplayRow>> {
    detect(d, "CreatureDisplayInfo", &DISPLAY_SHAPES)?;
    d.rows()
        .map(|r| {
            Ok(DisplayRow {
                id: r.u32(0, "ID")?,
                model_id: r.u32(1, "ModelID")?,
                extra_id: r.u32(3, "ExtendedDisplayInfoID")?,
                scale: r.f32(4, "CreatureModelScale")?,
                textures: r.strings(6, "TextureVariation")?,
            })
        })
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct ExtraCols {
    items: u32,
    slots: usize,
    flags: Option<u32>,
    bake: u32,
}

const EXTRA_SHAPES: [Shape<ExtraCols>; 2] = [
    Shape {
        builds: &[Build::Classic],
        fields: 19,
        strings: &[18],
        columns: ExtraCols { items: 8, slots: 10, flags: None, bake: 18 },
    },
    Shape {
        builds: &[Build::Tbc, Build::Wotlk],
        fields: 21,
        strings: &[20],
        columns: ExtraCols { items: 8, slots: 11, flags: Some(19), bake: 20 },
    },
];

/// Every `CreatureDisplayInfoExtra` row. Columns: 0 ID, 1 DisplayRaceID, 2
/// DisplaySexID, 3 SkinID, 4 FaceID, 5 HairStyleID, 6 HairColorID, 7
/// FacialHairID, 8… `NPCItemDisplay` (10 in 1.12, 11 later), then Flags
/// (2.4.3+) and BakeName.
///
/// # Errors
/// A table of no known layout, or a cell that does not read.
pub fn extra_rows(d: &Dbc) -> Result<Vec<ExtraRow>> {
    let c = detect(d, "CreatureDisplayInfoExtra", &EXTRA_SHAPES)?.columns;
    d.rows()
        .map(|r| {
            let mut items = [0; 11];
            for (k, v) in items.iter_mut().enumerate().take(c.slots) {
                *v = r.u32(c.items + k as u32, "NPCItemDisplay")?;
            }
            Ok(ExtraRow {
                id: r.u32(0, "ID")?,
                race: r.u32(1, "DisplayRaceID")?,
                sex: r.u32(2, "DisplaySexID")?,
                skin: r.u32(3, "SkinID")?,
                face: r.u32(4, "FaceID")?,
                hair_style: r.u32(5, "HairStyleID")?,
                hair_color: r.u32(6, "HairColorID")?,
                facial_hair: r.u32(7, "FacialHairID")?,
                items,
                flags: c.flags.map(|f| r.u32(f, "Flags")).transpose()?.unwrap_or(0),
                bake_name: r.string(c.bake, "BakeName")?,
            })
        })
        .collect()
}
