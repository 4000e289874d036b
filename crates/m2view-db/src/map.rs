//! The `Map` table: every map of the client — its id, its folder under
//! `World/Maps/` (`Directory`), its name and instance type, and (8.2+) its
//! WDT's FileDataID. Columns by name per WoWDBDefs (`Map.dbd`; the same
//! names from 0.5.3 to 11.x).

use m2view_error::Result;

use crate::table::{Table, u32_or_0};

/// One `Map` row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapRow {
    /// Row id (`Map.dbc` id: 0 Eastern Kingdoms, 1 Kalimdor, 530 Outland, …).
    pub id: u32,
    /// Its folder under `World/Maps/` and the stem of its files
    /// (`Azeroth` → `World/Maps/Azeroth/Azeroth.wdt`, `Azeroth_32_48.adt`).
    pub directory: String,
    /// `MapName_lang` in the table's locale (`Eastern Kingdoms`).
    pub name: String,
    /// `InstanceType`: 0 none (a continent), 1 party, 2 raid, 3 battleground, 4 arena, 5 scenario.
    pub instance_type: u32,
    /// `WdtFileDataID` (8.2+; 0 before): the WDT by FileDataID.
    pub wdt_fdid: u32,
}

impl MapRow {
    /// The name of its instance type (the wiki's `InstanceType` comment).
    pub fn instance_name(&self) -> &'static str {
        match self.instance_type {
            0 => "world",
            1 => "dungeon",
            2 => "raid",
            3 => "battleground",
            4 => "arena",
            5 => "scenario",
            _ => "other",
        }
    }
}

/// Every `Map` row, in the table's order.
///
/// # Errors
/// A cell that does not read (names file, row and column).
pub fn map_rows(t: &Table) -> Result<Vec<MapRow>> {
    t.rows()
        .map(|r| {
            Ok(MapRow {
                id: r.id(),
                directory: r.string("Directory")?,
                name: if t.has("MapName_lang") { r.string("MapName_lang")? } else { String::new() },
                instance_type: u32_or_0(&r, "InstanceType")?,
                wdt_fdid: u32_or_0(&r, "WdtFileDataID")?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wotlk_map_table_names_each_maps_folder() {
        let bytes = crate::fixtures::wotlk_maps(&[
            (0, "Azeroth", 0, "Eastern Kingdoms"),
            (33, "Shadowfang", 1, "Shadowfang Keep"),
        ]);
        let defs = crate::defs::Definitions::new(None);
        let t = Table::parse(bytes, "Map.dbc", "Map", &defs, None).unwrap();
        let rows = map_rows(&t).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[1].id, rows[1].directory.as_str(), rows[1].name.as_str()),
            (33, "Shadowfang", "Shadowfang Keep")
        );
        assert_eq!((rows[0].instance_name(), rows[1].instance_name()), ("world", "dungeon"));
        assert_eq!(rows[0].wdt_fdid, 0);
    }
}
