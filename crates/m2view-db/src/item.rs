//! The item tables: `ItemDisplayInfo` (what an item looks like: models,
//! their textures, the body texture components and geoset groups),
//! `HelmetGeosetVisData` (what a helmet hides, per race) and `Item` (an
//! item's display and inventory type). Columns per WoWDBDefs
//! (`definitions/ItemDisplayInfo.dbd`, `HelmetGeosetVisData.dbd`,
//! `Item.dbd`, builds 1.12.1.5875, 2.4.3.8606, 3.3.5.12340; 1.12 has no
//! `Item` table: items lived on the server).

use m2view_error::Result;

use crate::layout::{Build, Shape, detect};
use crate::wdbc::Dbc;

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

#[derive(Debug, Clone, Copy, PartialEq)]
struct DisplayCols {
    groups: u32,
    flags: u32,
    helmet: u32,
    textures: u32,
    visual: u32,
}

const DISPLAY_SHAPES: [Shape<DisplayCols>; 2] = [
    Shape {
        builds: &[Build::Classic],
        fields: 23,
        strings: &[1, 2, 3, 4, 5, 14, 15, 16, 17, 18, 19, 20, 21],
        columns: DisplayCols { groups: 6, flags: 9, helmet: 12, textures: 14, visual: 22 },
    },
    Shape {
        builds: &[Build::Tbc, Build::Wotlk],
        fields: 25,
        strings: &[1, 2, 3, 4, 5, 6, 15, 16, 17, 18, 19, 20, 21, 22],
        columns: DisplayCols { groups: 7, flags: 10, helmet: 13, textures: 15, visual: 23 },
    },
];

/// Every `ItemDisplayInfo` row. Columns: 0 ID, 1–2 ModelName, 3–4
/// ModelTexture, then InventoryIcon (1 in 1.12, 2 later), `GeosetGroup[3]`,
/// Flags, SpellVisualID, GroupSoundIndex, `HelmetGeosetVisID[2]`,
/// `Texture[8]`, ItemVisual (and ParticleColorID from 2.4.3).
///
/// # Errors
/// A table of no known layout, or a cell that does not read.
pub fn display_info_rows(d: &Dbc) -> Result<Vec<DisplayInfoRow>> {
    let c = detect(d, "ItemDisplayInfo", &DISPLAY_SHAPES)?.columns;
    d.rows()
        .map(|r| {
            Ok(DisplayInfoRow {
                id: r.u32(0, "ID")?,
                models: r.strings(1, "ModelName")?,
                model_textures: r.strings(3, "ModelTexture")?,
                icon: r.string(5, "InventoryIcon")?,
                geoset_groups: r.u32s(c.groups, "GeosetGroup")?,
                flags: r.u32(c.flags, "Flags")?,
                helmet_vis: r.u32s(c.helmet, "HelmetGeosetVisID")?,
                textures: r.strings(c.textures, "Texture")?,
                item_visual: r.u32(c.visual, "ItemVisual")?,
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

const HELMET_SHAPES: [Shape<usize>; 2] = [
    Shape { builds: &[Build::Classic], fields: 6, strings: &[], columns: 5 },
    Shape { builds: &[Build::Tbc, Build::Wotlk], fields: 8, strings: &[], columns: 7 },
];

/// Every `HelmetGeosetVisData` row. Columns: 0 ID, 1… `HideGeoset[5]`
/// (1.12) or `[7]` (2.4.3, 3.3.5).
///
/// # Errors
/// A table of no known layout, or a cell that does not read.
pub fn helmet_vis_rows(d: &Dbc) -> Result<Vec<HelmetVisRow>> {
    let n = detect(d, "HelmetGeosetVisData", &HELMET_SHAPES)?.columns;
    d.rows()
        .map(|r| {
            let hide = HELMET_GROUPS[..n]
                .iter()
                .enumerate()
                .map(|(k, &g)| Ok((g, r.u32(1 + k as u32, "HideGeoset")?)))
                .collect::<Result<_>>()?;
            Ok(HelmetVisRow { id: r.u32(0, "ID")?, hide })
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

#[derive(Debug, Clone, Copy, PartialEq)]
struct ItemCols {
    display: u32,
    inventory: u32,
    sheathe: u32,
}

const ITEM_SHAPES: [Shape<ItemCols>; 2] = [
    Shape {
        builds: &[Build::Tbc],
        fields: 4,
        strings: &[],
        columns: ItemCols { display: 1, inventory: 2, sheathe: 3 },
    },
    Shape {
        builds: &[Build::Wotlk],
        fields: 8,
        strings: &[],
        columns: ItemCols { display: 5, inventory: 6, sheathe: 7 },
    },
];

/// Every `Item` row. Columns: 2.4.3 — 0 ID, 1 DisplayInfoID, 2
/// InventoryType, 3 SheatheType; 3.3.5 — 0 ID, 1 ClassID, 2 SubclassID, 3
/// Sound_override_subclassID, 4 Material, 5 DisplayInfoID, 6
/// InventoryType, 7 SheatheType.
///
/// # Errors
/// A table of no known layout, or a cell that does not read.
pub fn item_rows(d: &Dbc) -> Result<Vec<ItemRow>> {
    let c = detect(d, "Item", &ITEM_SHAPES)?.columns;
    d.rows()
        .map(|r| {
            Ok(ItemRow {
                id: r.u32(0, "ID")?,
                display_id: r.u32(c.display, "DisplayInfoID")?,
                inventory_type: r.u32(c.inventory, "InventoryType")?,
                sheathe_type: r.u32(c.sheathe, "SheatheType")?,
            })
        })
        .collect()
}
