//! Client tables written for tests, in real layouts, where no public file
//! exists (the `fixtures` feature).

use std::path::Path;

use crate::wdbc::{Strings, write};

/// Writes a 3.3.5-layout `ItemDisplayInfo.dbc` (25 fields) and `Item.dbc`
/// (8 fields) into `dir`: no public 3.3.5 item table exists. Their rows
/// name real files of the ElementoBorzi Doomhammer pack:
/// - display 90001: a chest, `GeosetGroup` (1, 0, 0), death knight plate
///   components `Plate_DH01_DeathKnight_{Sleeve_AU,Sleeve_AL,Chest_TU,Chest_TL}`
///   (the pack has the `_U` files);
/// - display 90002: the model `Axe_1H_DH_Tribal_A_01.mdx` with its texture;
/// - display 90003: legs, `GeosetGroup` (0, 1, 0), `Cloth_Zuljin_LU`/`_LL`;
/// - item 50001: display 90002, one-hand (inventory type 13);
///   item 50002: display 90003, legs (7).
pub fn write_wotlk_item_tables(dir: &Path) -> std::io::Result<()> {
    let mut st = Strings::default();
    let mut display = |id: u32, models: [&str; 2], model_textures: [&str; 2], groups: [u32; 3], tex: [&str; 8]| {
        let mut r =
            vec![id, st.add(models[0]), st.add(models[1]), st.add(model_textures[0]), st.add(model_textures[1])];
        r.extend([st.add("INV_Test"), 0]);
        r.extend(groups);
        r.extend([0, 0, 0, 0, 0]);
        r.extend(tex.map(|t| st.add(t)));
        r.extend([0, 0]);
        r
    };
    let chest = display(
        90001,
        ["", ""],
        ["", ""],
        [1, 0, 0],
        [
            "Plate_DH01_DeathKnight_Sleeve_AU",
            "Plate_DH01_DeathKnight_Sleeve_AL",
            "",
            "Plate_DH01_DeathKnight_Chest_TU",
            "Plate_DH01_DeathKnight_Chest_TL",
            "",
            "",
            "",
        ],
    );
    let axe = display(90002, ["Axe_1H_DH_Tribal_A_01.mdx", ""], ["Axe_1H_DH_Tribal_A_01", ""], [0; 3], [""; 8]);
    let legs =
        display(90003, ["", ""], ["", ""], [0, 1, 0], ["", "", "", "", "", "Cloth_Zuljin_LU", "Cloth_Zuljin_LL", ""]);
    std::fs::write(dir.join("ItemDisplayInfo.dbc"), write(25, &[chest, axe, legs], &st.0))?;
    // Item 50001: the axe, one-hand (13); 50002: the legs (7).
    let items = [vec![50001, 2, 0, 0, 1, 90002, 13, 3], vec![50002, 4, 1, 0, 1, 90003, 7, 0]];
    std::fs::write(dir.join("Item.dbc"), write(8, &items, b"\0"))
}

/// A 3.3.5-layout `LiquidType.dbc` (45 fields: `ID`, `Name`, `Flags`,
/// `SoundBank`, … `MaterialID`, `Texture[6]`, `Color[2]`, `Float[18]`,
/// `Int[4]`; WoWDBDefs `LiquidType.dbd`, build 3.1.0.9767–3.3.5.12340)
/// of `rows` `(id, name, sound bank, Texture[0])`: no public 3.3.5
/// liquid table exists.
pub fn wotlk_liquid_types(rows: &[(u32, &str, u32, &str)]) -> Vec<u8> {
    let mut st = Strings::default();
    let rows: Vec<Vec<u32>> = rows
        .iter()
        .map(|&(id, name, bank, texture)| {
            let mut r = vec![id, st.add(name), 0, bank];
            r.resize(15, 0);
            r.push(st.add(texture));
            r
        })
        .collect();
    write(45, &rows, &st.0)
}

/// A 3.3.5-layout `Map.dbc` (66 fields: `ID`, `Directory`,
/// `InstanceType`, `Flags`, `PVP`, `MapName_lang[17]`, `AreaTableID`,
/// `MapDescription0_lang[17]`, `MapDescription1_lang[17]`,
/// `LoadingScreenID`, `MinimapIconScale`, `CorpseMapID`, `Corpse[2]`,
/// `TimeOfDayOverride`, `ExpansionID`, `RaidOffset`, `MaxPlayers`;
/// WoWDBDefs `Map.dbd`, build 3.3.0.10958–3.3.5.12340) of `rows` `(id,
/// directory, instance type, enUS name)`: no public Map table exists.
pub fn wotlk_maps(rows: &[(u32, &str, u32, &str)]) -> Vec<u8> {
    let mut st = Strings::default();
    let rows: Vec<Vec<u32>> = rows
        .iter()
        .map(|&(id, dir, instance, name)| {
            let mut r = vec![id, st.add(dir), instance, 0, 0, st.add(name)];
            r.resize(66, 0);
            r[58] = 1f32.to_bits(); // MinimapIconScale
            r[59] = u32::MAX; // CorpseMapID -1
            r
        })
        .collect();
    write(66, &rows, &st.0)
}

/// One cell of a written `.db2` row: an integer (any width), a float or a string.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// An integer (written at its field's width).
    Int(u64),
    /// A float.
    Float(f32),
    /// A string.
    Str(String),
}

/// Writes table `table` as a `WDC5` file of client build `build`, its
/// fields laid out as the embedded WoWDBDefs definition of that build
/// says (plain storage, one section, an id list, a relationship map for a
/// non-inline `$relation$` field): `rows` of `(id, cells)` as [`row`]
/// makes them — one cell per element of every field in the record, in
/// order, then one per non-inline relation. For tests: no public WDC5
/// table of the creature tables exists in the corpus. `None` when the
/// definition knows no such build.
pub fn write_wdc5(table: &str, build: crate::dbd::Build, rows: &[(u32, Vec<Cell>)]) -> Option<Vec<u8>> {
    use crate::dbd::Kind;
    let dbd = crate::defs::Definitions::new(None).get(table).ok()??;
    let v = dbd.by_build(build)?;
    let fields: Vec<&crate::dbd::Field> = v.fields.iter().filter(|f| f.inline).collect();
    let width = |k: Kind| match k {
        Kind::Int { bits, .. } => bits as usize / 8,
        _ => 4,
    };
    let mut positions = Vec::new();
    let mut at = 0usize;
    for f in &fields {
        positions.push(at);
        at += width(f.kind) * f.count as usize;
    }
    let record_size = at;
    let n = rows.len();
    let mut strings = vec![0u8];
    let mut records: Vec<u8> = Vec::with_capacity(n * record_size);
    let relation = v.fields.iter().any(|f| !f.inline && f.relation);
    let mut relations = Vec::new();
    for (r, (_, cells)) in rows.iter().enumerate() {
        if let (true, Some(Cell::Int(x))) = (relation, cells.last()) {
            relations.push((*x as u32, r as u32));
        }
        let mut cells = cells.iter();
        for (f, pos) in fields.iter().zip(&positions) {
            for k in 0..f.count as usize {
                let w = width(f.kind);
                let field_at = r * record_size + pos + k * w;
                let value: u64 = match cells.next() {
                    Some(Cell::Int(x)) => *x,
                    Some(Cell::Float(x)) => x.to_bits() as u64,
                    Some(Cell::Str(s)) if !s.is_empty() => {
                        let s_off = strings.len();
                        strings.extend(s.as_bytes());
                        strings.push(0);
                        (n * record_size + s_off - field_at) as u64
                    }
                    _ => 0,
                };
                records.extend(&value.to_le_bytes()[..w]);
            }
        }
    }
    let parts = build.map(|b| b.to_string());
    let mut schema = format!("WOWSTATIC_{}", parts.join("_")).into_bytes();
    schema.resize(128, 0);
    let header_end = 204;
    let sections_end = header_end + 40;
    let fields_end = sections_end + 4 * fields.len();
    let data_at = fields_end + 24 * fields.len();
    let ids: Vec<u32> = rows.iter().map(|r| r.0).collect();
    let mut b = b"WDC5".to_vec();
    b.extend(5u32.to_le_bytes());
    b.extend(schema);
    let (min, max) = (ids.iter().min().copied().unwrap_or(0), ids.iter().max().copied().unwrap_or(0));
    let layout = v.layouts.first().copied().unwrap_or(0);
    for w in [n as u32, fields.len() as u32, record_size as u32, strings.len() as u32, 0, layout, min, max, 0] {
        b.extend(w.to_le_bytes());
    }
    b.extend(4u16.to_le_bytes()); // flags: an id list
    b.extend(0u16.to_le_bytes()); // id index
    for w in [fields.len() as u32, 0, 0, 24 * fields.len() as u32, 0, 0, 1] {
        b.extend(w.to_le_bytes());
    }
    b.extend(0u64.to_le_bytes()); // section: no TACT key
    let relation_size = if relation { 12 + 8 * relations.len() } else { 0 };
    for w in [data_at as u32, n as u32, strings.len() as u32, 0, 4 * n as u32, relation_size as u32, 0, 0] {
        b.extend(w.to_le_bytes());
    }
    for (f, pos) in fields.iter().zip(&positions) {
        b.extend((32 - 8 * width(f.kind) as i16).to_le_bytes());
        b.extend((*pos as u16).to_le_bytes());
    }
    for (f, pos) in fields.iter().zip(&positions) {
        b.extend(((pos * 8) as u16).to_le_bytes());
        b.extend(((width(f.kind) * 8 * f.count as usize) as u16).to_le_bytes());
        for w in [0u32; 5] {
            b.extend(w.to_le_bytes());
        }
    }
    b.extend(records);
    b.extend(strings);
    ids.iter().for_each(|id| b.extend(id.to_le_bytes()));
    if relation {
        let (lo, hi) = relations.iter().fold((u32::MAX, 0), |(lo, hi), r| (lo.min(r.0), hi.max(r.0)));
        for w in [relations.len() as u32, lo.min(hi), hi] {
            b.extend(w.to_le_bytes());
        }
        relations.iter().for_each(|(value, index)| {
            b.extend(value.to_le_bytes());
            b.extend(index.to_le_bytes());
        });
    }
    Some(b)
}

/// The rows of `write_wdc5` as a CSV table in the wago.tools form (header
/// of WoWDBDefs names, arrays as `Name[k]`), the definition's id column first.
pub fn write_csv(table: &str, build: crate::dbd::Build, rows: &[(u32, Vec<Cell>)]) -> Option<String> {
    let dbd = crate::defs::Definitions::new(None).get(table).ok()??;
    let v = dbd.by_build(build)?;
    let id = v.fields.iter().find(|f| f.id).map_or("ID", |f| f.name.as_str());
    let mut header = vec![id.to_string()];
    for f in v.fields.iter().filter(|f| f.inline && !f.id) {
        match f.count {
            1 => header.push(f.name.clone()),
            n => header.extend((0..n).map(|k| format!("{}[{k}]", f.name))),
        }
    }
    header.extend(v.fields.iter().filter(|f| !f.inline && f.relation).map(|f| f.name.clone()));
    let id_inline = v.fields.iter().any(|f| f.id && f.inline);
    let mut out = header.join(",") + "\n";
    for (rid, cells) in rows {
        let mut line = vec![rid.to_string()];
        let skip = usize::from(id_inline);
        line.extend(cells.iter().skip(skip).map(|c| match c {
            Cell::Int(x) => x.to_string(),
            Cell::Float(x) => x.to_string(),
            Cell::Str(s) => format!("\"{}\"", s.replace('"', "\"\"")),
        }));
        out += &(line.join(",") + "\n");
    }
    Some(out)
}

/// A row for [`write_wdc5`]/[`write_csv`] of `table` in `build`: `id`, the
/// cells `named` (`("ModelID", …)`, array elements as `"Name[1]"`), 0 or an
/// empty string elsewhere. `None` when the definition knows no such build.
pub fn row(table: &str, build: crate::dbd::Build, id: u32, named: &[(&str, Cell)]) -> Option<(u32, Vec<Cell>)> {
    use crate::dbd::Kind;
    let dbd = crate::defs::Definitions::new(None).get(table).ok()??;
    let v = dbd.by_build(build)?;
    let mut cells = Vec::new();
    for f in v.fields.iter().filter(|f| f.inline) {
        for k in 0..f.count {
            let wanted = named.iter().find(|(n, _)| {
                n.eq_ignore_ascii_case(&f.name) && k == 0 || n.eq_ignore_ascii_case(&format!("{}[{k}]", f.name))
            });
            cells.push(match (wanted, f.kind) {
                (Some((_, c)), _) => c.clone(),
                (None, _) if f.id => Cell::Int(id as u64),
                (None, Kind::String | Kind::LocString) => Cell::Str(String::new()),
                (None, Kind::Float) => Cell::Float(0.0),
                (None, _) => Cell::Int(0),
            });
        }
    }
    for f in v.fields.iter().filter(|f| !f.inline && f.relation) {
        let wanted = named.iter().find(|(n, _)| n.eq_ignore_ascii_case(&f.name));
        cells.push(wanted.map_or(Cell::Int(0), |(_, c)| c.clone()));
    }
    Some((id, cells))
}
