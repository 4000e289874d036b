//! The item tables: `ItemDisplayInfo` (what an item looks like: models,
//! their textures, the body texture components and geoset groups),
//! `HelmetGeosetVisData` (what a helmet hides, per race) and `Item` (an
//! item's display and inventory type). Columns by name per WoWDBDefs
//! (`ItemDisplayInfo.dbd`, `HelmetGeosetVisData.dbd`, `Item.dbd`; 1.12
//! has no `Item` table: items lived on the server).

use m2view_error::Result;

use crate::table::Table;

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
