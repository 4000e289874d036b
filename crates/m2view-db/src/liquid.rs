//! The liquid tables: `LiquidType` (each kind of water, ocean, magma and
//! slime a map tile or a WMO group names: its textures by path to 7.2,
//! `Texture[6]` with `%d` standing for the animation frame) and
//! `LiquidTypeXTexture` (7.3+: the same textures by FileDataID). Columns by
//! name per WoWDBDefs (`LiquidType.dbd`, `LiquidTypeXTexture.dbd`); the
//! 1.12 and 2.4.3 tables name no textures (those clients hard-code them).

use m2view_error::Result;

use crate::table::{Table, u32_or_0};

/// One `LiquidType` row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiquidTypeRow {
    /// Row id (what `MH2O`, `MCLQ` and `MLIQ` resolve to).
    pub id: u32,
    /// The client's name (`"Slime"`, `"Naxxramas - Slime"`, …).
    pub name: String,
    /// `SoundBank`: 0 water, 1 ocean, 2 magma, 3 slime (3.0+; 0 before).
    pub sound_bank: u32,
    /// `Texture[0]`: the surface's texture path with `%d` for the frame
    /// number (`XTextures\river\lake_a.%d.blp`); empty where the table
    /// names none (1.12, 2.4.3, 7.3+).
    pub texture: String,
}

/// One `LiquidTypeXTexture` row: a texture of liquid type `liquid_type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LiquidTextureRow {
    /// The `LiquidType` row.
    pub liquid_type: u32,
    /// The texture's FileDataID (its first frame).
    pub file_data_id: u32,
    /// Its place among the liquid type's textures (0 the surface's).
    pub order: u32,
}

/// Every `LiquidType` row.
///
/// # Errors
/// A cell that does not read (names file, row and column).
pub fn liquid_type_rows(t: &Table) -> Result<Vec<LiquidTypeRow>> {
    t.rows()
        .map(|r| {
            Ok(LiquidTypeRow {
                id: r.id(),
                name: r.string("Name")?,
                sound_bank: u32_or_0(&r, "SoundBank")?,
                texture: if t.has("Texture") { r.string("Texture")? } else { String::new() },
            })
        })
        .collect()
}

/// Every `LiquidTypeXTexture` row.
///
/// # Errors
/// A cell that does not read.
pub fn liquid_texture_rows(t: &Table) -> Result<Vec<LiquidTextureRow>> {
    t.rows()
        .map(|r| {
            Ok(LiquidTextureRow {
                liquid_type: r.u32("LiquidTypeID")?,
                file_data_id: r.u32("FileDataID")?,
                order: u32_or_0(&r, "OrderIndex")?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wotlk_table_names_each_types_texture_by_frame() {
        let bytes = crate::fixtures::wotlk_liquid_types(&[
            (1, "Water", 0, r"XTextures\river\lake_a.%d.blp"),
            (21, "Naxxramas - Slime", 3, r"XTextures\slime\slime.%d.blp"),
        ]);
        let defs = crate::defs::Definitions::default();
        let t = Table::parse(bytes, "LiquidType.dbc", "LiquidType", &defs, None).unwrap();
        let rows = liquid_type_rows(&t).unwrap();
        assert_eq!(rows[1].name, "Naxxramas - Slime");
        assert_eq!((rows[1].id, rows[1].sound_bank), (21, 3));
        assert_eq!(rows[0].texture, r"XTextures\river\lake_a.%d.blp");
    }
}
