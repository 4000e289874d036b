//! Items by name, as a user looks for them ("Thunderfury", not display
//! 30606). 7.0+ clients name their items in `ItemSparse` (`Display_lang`)
//! and show them through `ItemModifiedAppearance` → `ItemAppearance`
//! (wowdev wiki "DB/ItemSparse", "DB/ItemModifiedAppearance"; wow.export
//! `DBItems.js` lists items the same way). Clients to 3.3.5 keep item
//! names on the server, so the user points at an item list instead: one
//! item per line, `id;name;display`, as WoW Model Viewer's item lists
//! have them, optionally followed by `;inventory type` ([`parse_list`]).
//! A list entry without a display takes it, and its inventory type, from
//! the client's `Item.dbc` (2.x–3.3.5).

use std::collections::HashMap;

use m2view_db::item::{ItemNameRow, appearance_rows, item_name_rows, item_rows, modified_appearance_rows};
use m2view_error::{Error, Result};

use crate::character::equipment::{ItemKind, Slot};
use crate::tables::ClientTables;

/// One item with its name and, where known, how it is worn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedItem {
    /// `Item` id.
    pub id: u32,
    /// Its name (the client's locale for `ItemSparse`; the list's text otherwise).
    pub name: String,
    /// Its `ItemDisplayInfo` id (0: unknown).
    pub display: u32,
    /// Its `InventoryType` (0: unknown or not equipped; see
    /// [`m2view_db::item::ItemRow::inventory_type`]).
    pub inventory_type: u32,
}

impl NamedItem {
    /// The slot its inventory type puts it in, and whether it is a robe or
    /// a shield (`None`: unknown, or an item nothing shows, a ring).
    pub fn slot(&self) -> Option<(Slot, ItemKind)> {
        Slot::of_inventory_type(self.inventory_type)
    }
}

/// Parses an item list: per line `id;name;display`, optionally
/// `;inventory type` after it; fields are trimmed; an empty or `0` display
/// is unknown. Blank lines, lines starting with `#` and a first line whose
/// id is not a number (a header) are skipped.
///
/// # Errors
/// A line with no name or whose id, display or inventory type is not a
/// number: the error names `file`, the line and its byte offset.
pub fn parse_list(text: &str, file: &str) -> Result<Vec<NamedItem>> {
    let mut out = Vec::new();
    let mut offset = 0u64;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let at = offset;
        offset += line.len() as u64;
        let line = line.trim_end_matches(['\r', '\n']);
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let bad = |what: &str| Error::invalid(at, format!("item list line {}: {what}", i + 1)).in_file(file);
        let Ok(id) = fields[0].parse::<u32>() else {
            if i == 0 {
                continue;
            }
            return Err(bad(&format!("{:?} is no item id", fields[0])));
        };
        let name = fields.get(1).copied().unwrap_or_default();
        if name.is_empty() {
            return Err(bad("no name (expected id;name;display)"));
        }
        let number = |k: usize, what: &str| -> Result<u32> {
            match fields.get(k).copied().unwrap_or_default() {
                "" => Ok(0),
                f => f.parse().map_err(|_| bad(&format!("{f:?} is no {what}"))),
            }
        };
        let display = number(2, "display id")?;
        let inventory_type = number(3, "inventory type")?;
        if fields.len() > 4 {
            return Err(bad(&format!("{} fields (expected id;name;display[;inventory type])", fields.len())));
        }
        out.push(NamedItem { id, name: name.to_string(), display, inventory_type });
    }
    Ok(out)
}

/// The items `tables` name (`ItemSparse`, each with its display through
/// `ItemModifiedAppearance` of the lowest modifier and `ItemAppearance`),
/// then those of `list`; a list entry's missing display and inventory
/// type come from `Item.dbc` where the client has one. An item named by
/// both is listed once, as the tables name it.
///
/// # Errors
/// A table that exists but does not read (named with the row and offset).
pub fn gather(tables: &ClientTables, list: &[NamedItem]) -> Result<Vec<NamedItem>> {
    let mut out = Vec::new();
    if let Some(rows) = tables.rows("ItemSparse", item_name_rows)? {
        let displays = modern_displays(tables)?;
        out.extend(rows.iter().map(|r: &ItemNameRow| NamedItem {
            id: r.id,
            name: r.name.clone(),
            display: displays.get(&r.id).copied().unwrap_or(0),
            inventory_type: r.inventory_type,
        }));
    }
    let known: std::collections::HashSet<u32> = out.iter().map(|i| i.id).collect();
    let items = if list.iter().any(|i| i.display == 0 || i.inventory_type == 0) {
        tables.rows("Item.dbc", item_rows)?
    } else {
        None
    };
    let by_id: HashMap<u32, _> = items.iter().flat_map(|rows| rows.iter()).map(|r| (r.id, r)).collect();
    for item in list.iter().filter(|i| !known.contains(&i.id)) {
        let mut item = item.clone();
        if let Some(row) = by_id.get(&item.id) {
            item.display = if item.display == 0 { row.display_id } else { item.display };
            item.inventory_type = if item.inventory_type == 0 { row.inventory_type } else { item.inventory_type };
        }
        out.push(item);
    }
    Ok(out)
}

/// Item id → display id of a 7.0+ client (the appearance of the lowest
/// modifier, as [`crate::modern::equipment::item_display`] picks it).
fn modern_displays(tables: &ClientTables) -> Result<HashMap<u32, u32>> {
    let (Some(modified), Some(appearances)) = (
        tables.rows("ItemModifiedAppearance", modified_appearance_rows)?,
        tables.rows("ItemAppearance", appearance_rows)?,
    ) else {
        return Ok(HashMap::new());
    };
    let appearance: HashMap<u32, u32> = appearances.iter().copied().collect();
    let mut best: HashMap<u32, (u32, u32)> = HashMap::new();
    for r in modified.iter() {
        let e = best.entry(r.item).or_insert((r.modifier, r.appearance));
        if r.modifier < e.0 {
            *e = (r.modifier, r.appearance);
        }
    }
    Ok(best.into_iter().filter_map(|(item, (_, a))| Some((item, *appearance.get(&a)?))).filter(|x| x.1 != 0).collect())
}

/// The items whose name contains `q` (any case), or whose id is `q`, at
/// most `max`, in the order given.
pub fn search<'a>(items: &'a [NamedItem], q: &str, max: usize) -> Vec<&'a NamedItem> {
    let q = q.trim().to_lowercase();
    if q.is_empty() {
        return Vec::new();
    }
    let id = q.parse::<u32>().ok();
    items.iter().filter(|i| Some(i.id) == id || i.name.to_lowercase().contains(&q)).take(max).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_reads_with_its_header_comments_and_optional_columns() {
        let text = "id;name;display\n# a comment\n19019;Thunderfury, Blessed Blade of the Windseeker;30606;13\n\n2586;Gamemaster's Robe;;\r\n";
        let items = parse_list(text, "items.csv").unwrap();
        assert_eq!(
            items,
            vec![
                NamedItem {
                    id: 19019,
                    name: "Thunderfury, Blessed Blade of the Windseeker".into(),
                    display: 30606,
                    inventory_type: 13
                },
                NamedItem { id: 2586, name: "Gamemaster's Robe".into(), display: 0, inventory_type: 0 },
            ]
        );
        assert_eq!(items[0].slot(), Some((Slot::MainHand, ItemKind::Plain)));
        assert_eq!(search(&items, "THUNDER", 10).len(), 1);
        assert_eq!(search(&items, "2586", 10)[0].name, "Gamemaster's Robe");
        assert!(search(&items, "  ", 10).is_empty());
    }

    #[test]
    fn a_bad_line_is_named_with_its_offset() {
        let text = "1;A;2\nx;B;3\n";
        let e = parse_list(text, "items.csv").unwrap_err();
        assert_eq!((e.file.as_str(), e.offset), ("items.csv", 6));
        assert!(e.to_string().contains("line 2: \"x\" is no item id"), "{e}");
        let e = parse_list("1;A;two\n", "l").unwrap_err();
        assert!(e.to_string().contains("\"two\" is no display id"), "{e}");
        let e = parse_list("1;;3\n", "l").unwrap_err();
        assert!(e.to_string().contains("no name"), "{e}");
        let e = parse_list("1;A;3;4;5\n", "l").unwrap_err();
        assert!(e.to_string().contains("5 fields"), "{e}");
    }
}
