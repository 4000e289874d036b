//! The item tables: `ItemDisplayInfo` (what an item looks like: models,
//! their textures, the body texture components and geoset groups),
//! `HelmetGeosetVisData` (what a helmet hides, per race) and `Item` (an
//! item's display and inventory type). Columns by name per WoWDBDefs
//! (`ItemDisplayInfo.dbd`, `HelmetGeosetVisData.dbd`, `Item.dbd`; 1.12
//! has no `Item` table: items lived on the server). 9.0+ clients name an
//! item's files by resource: [`resource_display_rows`], with
//! `ItemDisplayInfoMaterialRes`, `ModelFileData`, the `Component*FileData`
//! tables choosing a file per wearer, and `HelmetGeosetData`.

use m2view_error::Result;

use crate::table::{Table, u32_or_0};

/// The body regions of `ItemDisplayInfo.Texture[8]`, in column order
/// (wowdev wiki "DB/ItemDisplayInfo", `Texture`; WoW Model Viewer's
/// `ItemDisplayDB::TexArmUpper`…`TexFeet`).
pub const TEXTURE_REGIONS: [&str; 8] =
    ["ArmUpper", "ArmLower", "Hand", "TorsoUpper", "TorsoLower", "LegUpper", "LegLower", "Foot"];

/// One `ItemDisplayInfo` row.
#[derive(Debug, Clone, PartialEq)]
pub struct DisplayInfoRow {
    /// Row id (a display id).
    pub id: u32,
    /// Models: the item, or the left and right shoulder (file names; `.mdx` stands for `.m2`).
    pub models: [String; 2],
    /// Their textures (base names in the model's folder).
    pub model_textures: [String; 2],
    /// Inventory icon.
    pub icon: String,
    /// Geoset group values; their groups depend on the slot (see the
    /// dressing crate's geoset rules).
    pub geoset_groups: [u32; 3],
    /// Flags.
    pub flags: u32,
    /// `HelmetGeosetVisData` ids for male and female wearers (0: none).
    pub helmet_vis: [u32; 2],
    /// Body texture components per region ([`TEXTURE_REGIONS`]; base names).
    pub textures: [String; 8],
    /// `ItemVisuals` id (weapon glows).
    pub item_visual: u32,
}

/// Every `ItemDisplayInfo` row (tables to 3.3.5, which name files: later
/// ones use model and material resources, and the path fields are empty).
///
/// # Errors
/// A cell that does not read.
pub fn display_info_rows(t: &Table) -> Result<Vec<DisplayInfoRow>> {
    let strings = |r: &crate::table::Row, name: &str| -> Result<[String; 2]> {
        if t.has(name) { r.strings(name) } else { Ok(Default::default()) }
    };
    t.rows()
        .map(|r| {
            Ok(DisplayInfoRow {
                id: r.id(),
                models: strings(&r, "ModelName")?,
                model_textures: strings(&r, "ModelTexture")?,
                icon: if t.has("InventoryIcon") { r.string("InventoryIcon")? } else { String::new() },
                geoset_groups: r.u32s("GeosetGroup")?,
                flags: r.u32("Flags")?,
                helmet_vis: r.u32s("HelmetGeosetVisID")?,
                textures: if t.has("Texture") { r.strings("Texture")? } else { Default::default() },
                item_visual: if t.has("ItemVisual") { r.u32("ItemVisual")? } else { 0 },
            })
        })
        .collect()
}

/// One `HelmetGeosetVisData` row: per geoset group, the races (a bitmask
/// of `1 << race`) for which a helmet resets that group to its default
/// (1, 101, 201, 301, 701, …) — wowdev wiki "DB/HelmetGeosetVisData".
#[derive(Debug, Clone, PartialEq)]
pub struct HelmetVisRow {
    /// Row id.
    pub id: u32,
    /// `(geoset group, race mask)`: groups 0 (hair), 100, 200, 300 (facial),
    /// 700 (ears), and from 2.4.3 1600 and 1700.
    pub hide: Vec<(u32, u32)>,
}

/// The geoset groups of `HelmetGeosetVisData.HideGeoset[]`, in column order.
pub const HELMET_GROUPS: [u32; 7] = [0, 100, 200, 300, 700, 1600, 1700];

/// Every `HelmetGeosetVisData` row: `HideGeoset[5]` (1.12) or `[7]`
/// (2.4.3 on), groups per [`HELMET_GROUPS`].
///
/// # Errors
/// A cell that does not read.
pub fn helmet_vis_rows(t: &Table) -> Result<Vec<HelmetVisRow>> {
    t.rows()
        .map(|r| {
            let n = r.count("HideGeoset").min(HELMET_GROUPS.len());
            let hide = HELMET_GROUPS[..n]
                .iter()
                .enumerate()
                .map(|(k, &g)| Ok((g, r.bits("HideGeoset", k)? as u32)))
                .collect::<Result<_>>()?;
            Ok(HelmetVisRow { id: r.id(), hide })
        })
        .collect()
}

/// One `Item` row.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemRow {
    /// Item id.
    pub id: u32,
    /// Its `ItemDisplayInfo` id.
    pub display_id: u32,
    /// Inventory type (1 head, 3 shoulder, 4 shirt, 5 chest, 6 waist, 7
    /// legs, 8 feet, 9 wrist, 10 hands, 13 one-hand, 14 shield, 15 ranged,
    /// 16 back, 17 two-hand, 19 tabard, 20 robe, 21 main hand, 22 off hand,
    /// 23 holdable, 25 thrown, 26 ranged right; wowdev wiki
    /// "InventoryType").
    pub inventory_type: u32,
    /// Sheathe type.
    pub sheathe_type: u32,
}

/// Every `Item` row.
///
/// # Errors
/// A cell that does not read.
pub fn item_rows(t: &Table) -> Result<Vec<ItemRow>> {
    let display = if t.has("DisplayInfoID") { "DisplayInfoID" } else { "DisplayID" };
    t.rows()
        .map(|r| {
            Ok(ItemRow {
                id: r.id(),
                display_id: if t.has(display) { r.u32(display)? } else { 0 },
                inventory_type: r.u32("InventoryType")?,
                sheathe_type: r.u32("SheatheType")?,
            })
        })
        .collect()
}

/// One `ItemDisplayInfo` row of a 9.0+ client, which names models and
/// textures by resource id instead of file (WoWDBDefs
/// `ItemDisplayInfo.dbd`; wow.export `DBItemModels.js`).
#[derive(Debug, Clone, PartialEq)]
pub struct ResourceDisplayRow {
    /// Row id (a display id).
    pub id: u32,
    /// `ModelFileData.ModelResourcesID` of the item's models (the item, or
    /// both shoulders; 0: none).
    pub models: [u32; 2],
    /// `TextureFileData.MaterialResourcesID` of each model's texture (0: none).
    pub model_materials: [u32; 2],
    /// Geoset group values, as [`DisplayInfoRow::geoset_groups`] (the first three of six).
    pub geoset_groups: [u32; 3],
    /// `HelmetGeosetData.HelmetGeosetVisDataID` for male and female wearers (0: none).
    pub helmet_vis: [u32; 2],
}

/// Every 9.0+ `ItemDisplayInfo` row (`ModelResourcesID` columns).
///
/// # Errors
/// A cell that does not read; a table without `ModelResourcesID` (an older client's).
pub fn resource_display_rows(t: &Table) -> Result<Vec<ResourceDisplayRow>> {
    t.rows()
        .map(|r| {
            let helmet = if t.has("HelmetGeosetVis") { "HelmetGeosetVis" } else { "HelmetGeosetVisID" };
            Ok(ResourceDisplayRow {
                id: r.id(),
                models: r.u32s("ModelResourcesID")?,
                model_materials: r.u32s("ModelMaterialResourcesID")?,
                geoset_groups: r.u32s("GeosetGroup")?,
                helmet_vis: if t.has(helmet) { r.u32s(helmet)? } else { [0; 2] },
            })
        })
        .collect()
}

/// One `ItemDisplayInfoMaterialRes` row: display `display` paints
/// `CharComponentTextureSections.SectionType` `section` of the body with
/// material `resources`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaterialResRow {
    /// The `ItemDisplayInfo` row.
    pub display: u32,
    /// The body section (0 arm upper … 7 foot, 8 accessory; wow.export `DBItemCharTextures.js`).
    pub section: u32,
    /// `TextureFileData.MaterialResourcesID`.
    pub resources: u32,
}

/// Every `ItemDisplayInfoMaterialRes` row.
///
/// # Errors
/// A cell that does not read.
pub fn material_res_rows(t: &Table) -> Result<Vec<MaterialResRow>> {
    t.rows()
        .map(|r| {
            Ok(MaterialResRow {
                display: r.u32("ItemDisplayInfoID")?,
                section: r.u32("ComponentSection")?,
                resources: r.u32("MaterialResourcesID")?,
            })
        })
        .collect()
}

/// One `ComponentModelFileData` or `ComponentTextureFileData` row: which
/// wearers file `file_data_id` is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComponentFileRow {
    /// The file (the row id).
    pub file_data_id: u32,
    /// `ChrRaces` id (0: any).
    pub race: u32,
    /// 0 male, 1 female; models 2 any, textures 3 any (wow.export `DBComponent*FileData.js`).
    pub gender: u32,
    /// `ChrClasses` id (0: any).
    pub class: u32,
    /// Models: 0 left, 1 right shoulder (−1: none); textures: −1.
    pub position: i32,
}

/// Every `ComponentModelFileData` or `ComponentTextureFileData` row.
///
/// # Errors
/// A cell that does not read.
pub fn component_file_rows(t: &Table) -> Result<Vec<ComponentFileRow>> {
    t.rows()
        .map(|r| {
            Ok(ComponentFileRow {
                file_data_id: r.id(),
                race: r.u32("RaceID")?,
                gender: r.u32("GenderIndex")?,
                class: u32_or_0(&r, "ClassID")?,
                position: if t.has("PositionIndex") { r.i32("PositionIndex")? } else { -1 },
            })
        })
        .collect()
}

/// One `ModelFileData` row: file `file_data_id` is a model of resource `resources`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelFileRow {
    /// The model's FileDataID.
    pub file_data_id: u32,
    /// `ModelResourcesID`.
    pub resources: u32,
}

/// Every `ModelFileData` row.
///
/// # Errors
/// A cell that does not read.
pub fn model_file_rows(t: &Table) -> Result<Vec<ModelFileRow>> {
    t.rows()
        .map(|r| Ok(ModelFileRow { file_data_id: r.u32("FileDataID")?, resources: r.u32("ModelResourcesID")? }))
        .collect()
}

/// One `HelmetGeosetData` row: helmets of vis id `vis` hide geoset group
/// `group` on race `race` (9.0+; the rows of `HelmetGeosetVisData`'s
/// columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HelmetGeosetRow {
    /// `ChrRaces` id.
    pub race: u32,
    /// The geoset group hidden (0 hair, 1–3 facial, 7 ears, …).
    pub group: u32,
    /// `HelmetGeosetVisDataID` (what `ItemDisplayInfo.HelmetGeosetVis` names).
    pub vis: u32,
}

/// Every `HelmetGeosetData` row.
///
/// # Errors
/// A cell that does not read.
pub fn helmet_geoset_rows(t: &Table) -> Result<Vec<HelmetGeosetRow>> {
    t.rows()
        .map(|r| {
            Ok(HelmetGeosetRow {
                race: r.u32("RaceID")?,
                group: r.u32("HideGeosetGroup")?,
                vis: r.u32("HelmetGeosetVisDataID")?,
            })
        })
        .collect()
}

/// One `ItemModifiedAppearance` row: item `item` with modifier `modifier`
/// looks like `ItemAppearance` row `appearance` (7.0+).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModifiedAppearanceRow {
    /// `Item` id.
    pub item: u32,
    /// `ItemAppearanceModifierID` (0: the item's own look).
    pub modifier: u32,
    /// `ItemAppearance` id.
    pub appearance: u32,
}

/// Every `ItemModifiedAppearance` row.
///
/// # Errors
/// A cell that does not read.
pub fn modified_appearance_rows(t: &Table) -> Result<Vec<ModifiedAppearanceRow>> {
    t.rows()
        .map(|r| {
            Ok(ModifiedAppearanceRow {
                item: r.u32("ItemID")?,
                modifier: u32_or_0(&r, "ItemAppearanceModifierID")?,
                appearance: r.u32("ItemAppearanceID")?,
            })
        })
        .collect()
}

/// Every `ItemAppearance` row as `(id, ItemDisplayInfoID)`.
///
/// # Errors
/// A cell that does not read.
pub fn appearance_rows(t: &Table) -> Result<Vec<(u32, u32)>> {
    t.rows().map(|r| Ok((r.id(), r.u32("ItemDisplayInfoID")?))).collect()
}

/// One `ItemSparse` row as the item search needs it: an item's name
/// (`Display_lang`, the client's locale) and `InventoryType` (7.0+
/// clients name their items there; wowdev wiki "DB/ItemSparse";
/// WoWDBDefs `ItemSparse.dbd`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemNameRow {
    /// `Item` id.
    pub id: u32,
    /// The item's name.
    pub name: String,
    /// Inventory type (see [`ItemRow::inventory_type`]).
    pub inventory_type: u32,
}

/// Every `ItemSparse` row (its name and inventory type).
///
/// # Errors
/// A cell that does not read.
pub fn item_name_rows(t: &Table) -> Result<Vec<ItemNameRow>> {
    t.rows()
        .map(|r| {
            Ok(ItemNameRow {
                id: r.id(),
                name: r.string("Display_lang")?,
                inventory_type: u32_or_0(&r, "InventoryType")?,
            })
        })
        .collect()
}

/// One `ItemDisplayInfoModelMatRes` row: model `model_index` of display
/// `display` takes material `resources` for its replaceable texture type
/// `texture_type` (10.0+; wow.export `DBItemDisplayInfoModelMatRes.js`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelMatResRow {
    /// The `ItemDisplayInfo` row.
    pub display: u32,
    /// Which of its models (0 or 1).
    pub model_index: u32,
    /// The model's replaceable texture type it fills.
    pub texture_type: u32,
    /// `TextureFileData.MaterialResourcesID`.
    pub resources: u32,
}

/// Every `ItemDisplayInfoModelMatRes` row.
///
/// # Errors
/// A cell that does not read.
pub fn model_mat_res_rows(t: &Table) -> Result<Vec<ModelMatResRow>> {
    t.rows()
        .map(|r| {
            Ok(ModelMatResRow {
                display: r.u32("ItemDisplayInfoID")?,
                model_index: u32_or_0(&r, "ModelIndex")?,
                texture_type: u32_or_0(&r, "TextureType")?,
                resources: r.u32("MaterialResourcesID")?,
            })
        })
        .collect()
}
