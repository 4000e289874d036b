//! The creature tables: `CreatureModelData` (the model files the client
//! knows), `CreatureDisplayInfo` (how it dresses each: texture variations,
//! scale, and for character-race NPCs the `CreatureDisplayInfoExtra` row),
//! `CreatureDisplayInfoExtra` (race, sex, customization and one item
//! display per equipment slot) and `CreatureDisplayInfoGeosetData` (the
//! geosets a display turns on). Columns by name per WoWDBDefs
//! (`CreatureModelData.dbd`, …) in every generation: the 1.12–3.3.5
//! tables name models and textures by path (`ModelName`,
//! `TextureVariation[3]`), later ones by FileDataID (`FileDataID`,
//! `TextureVariationFileDataID[3]`).

use m2view_error::Result;

use crate::table::{Table, u32_or_0};

/// One `CreatureModelData` row: a model file the client knows.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelRow {
    /// Row id (`CreatureDisplayInfo.ModelID` points here).
    pub id: u32,
    /// Model path as stored (`Creature\Bear\Bear.mdx`; `.mdx`/`.mdl` stand
    /// for `.m2`); empty in tables that name the model by FileDataID.
    pub model: String,
    /// The model's FileDataID (7.0+ tables; 0 before).
    pub file_data_id: u32,
    /// Model scale.
    pub scale: f32,
    /// `CreatureGeosetDataID`: non-zero when the model's displays choose
    /// geosets through `CreatureDisplayInfoGeosetData` (wow.export's
    /// `DBCreatures.js`).
    pub geoset_data: u32,
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
    /// filling replaceable texture types 11, 12 and 13 (to 3.3.5).
    pub textures: [String; 3],
    /// The same by FileDataID (7.0+ tables; 0 = none).
    pub texture_fdids: [u32; 3],
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
    /// The baked texture's `MaterialResourcesID` (9.0+ tables; the HD one
    /// where set, as the client prefers it; 0: none).
    pub bake_material: u32,
}

/// What `ExtraRow::items` holds, in order (wowdev wiki
/// "DB/CreatureDisplayInfoExtra", `NPCItemDisplay`; the 1.12 table has the
/// first ten, without the cape).
pub const NPC_ITEM_SLOTS: [&str; 11] =
    ["head", "shoulder", "shirt", "chest", "waist", "legs", "feet", "wrist", "hands", "tabard", "back"];

/// One `CreatureDisplayInfoGeosetData` row: display `display` turns on geoset `geoset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GeosetRow {
    /// The `CreatureDisplayInfo` row.
    pub display: u32,
    /// The geoset: `(GeosetIndex + 1) * 100 + GeosetValue` (wow.export's `DBCreatures.js`).
    pub geoset: u32,
}

/// Every `CreatureModelData` row.
///
/// # Errors
/// A cell that does not read (names file, row and column).
pub fn model_rows(t: &Table) -> Result<Vec<ModelRow>> {
    t.rows()
        .map(|r| {
            Ok(ModelRow {
                id: r.id(),
                model: if t.has("ModelName") { r.string("ModelName")? } else { String::new() },
                file_data_id: u32_or_0(&r, "FileDataID")?,
                scale: r.f32("ModelScale")?,
                geoset_data: u32_or_0(&r, "CreatureGeosetDataID")?,
            })
        })
        .collect()
}

/// Every `CreatureDisplayInfo` row.
///
/// # Errors
/// A cell that does not read.
pub fn display_rows(t: &Table) -> Result<Vec<DisplayRow>> {
    t.rows()
        .map(|r| {
            Ok(DisplayRow {
                id: r.id(),
                model_id: r.u32("ModelID")?,
                extra_id: r.u32("ExtendedDisplayInfoID")?,
                scale: r.f32("CreatureModelScale")?,
                textures: if t.has("TextureVariation") { r.strings("TextureVariation")? } else { Default::default() },
                texture_fdids: if t.has("TextureVariationFileDataID") {
                    r.u32s("TextureVariationFileDataID")?
                } else {
                    [0; 3]
                },
            })
        })
        .collect()
}

/// Every `CreatureDisplayInfoExtra` row (the 9.0+ table keeps race, sex
/// and flags here and the rest elsewhere: those fields are 0).
///
/// # Errors
/// A cell that does not read.
pub fn extra_rows(t: &Table) -> Result<Vec<ExtraRow>> {
    t.rows()
        .map(|r| {
            let mut items = [0; 11];
            for (k, v) in items.iter_mut().enumerate().take(r.count("NPCItemDisplay")) {
                *v = r.bits("NPCItemDisplay", k)? as u32;
            }
            Ok(ExtraRow {
                id: r.id(),
                race: r.u32("DisplayRaceID")?,
                sex: r.u32("DisplaySexID")?,
                skin: u32_or_0(&r, "SkinID")?,
                face: u32_or_0(&r, "FaceID")?,
                hair_style: u32_or_0(&r, "HairStyleID")?,
                hair_color: u32_or_0(&r, "HairColorID")?,
                facial_hair: u32_or_0(&r, "FacialHairID")?,
                items,
                flags: u32_or_0(&r, "Flags")?,
                bake_name: if t.has("BakeName") { r.string("BakeName")? } else { String::new() },
                bake_material: match u32_or_0(&r, "HDBakeMaterialResourcesID")? {
                    0 => u32_or_0(&r, "BakeMaterialResourcesID")?,
                    hd => hd,
                },
            })
        })
        .collect()
}

/// Every `CreatureDisplayInfoGeosetData` row.
///
/// # Errors
/// A cell that does not read.
pub fn geoset_rows(t: &Table) -> Result<Vec<GeosetRow>> {
    t.rows()
        .map(|r| {
            let geoset = crate::customization::geoset(r.u32("GeosetIndex")?.saturating_add(1), r.u32("GeosetValue")?);
            Ok(GeosetRow { display: r.u32("CreatureDisplayInfoID")?, geoset })
        })
        .collect()
}

/// One `NPCModelItemSlotDisplayInfo` row (9.0+): NPC display extra
/// `extra` wears `display` in slot `slot` ([`NPC_ITEM_SLOTS`] order, as
/// the 1.12–8.x `NPCItemDisplay` columns were; wow.export `DBNpcEquipment.js`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NpcItemRow {
    /// The `CreatureDisplayInfoExtra` row (`NpcModelID`).
    pub extra: u32,
    /// `ItemDisplayInfo` id.
    pub display: u32,
    /// Index into [`NPC_ITEM_SLOTS`].
    pub slot: u32,
}

/// Every `NPCModelItemSlotDisplayInfo` row.
///
/// # Errors
/// A cell that does not read.
pub fn npc_item_rows(t: &Table) -> Result<Vec<NpcItemRow>> {
    t.rows()
        .map(|r| {
            Ok(NpcItemRow {
                extra: r.u32("NpcModelID")?,
                display: r.u32("ItemDisplayInfoID")?,
                slot: r.u32("ItemSlot")?,
            })
        })
        .collect()
}
