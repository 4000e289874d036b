//! A client table of any generation — `WDBC` (to 3.3.5), `WDC3`–`WDC5`
//! (8.1 on) or CSV — with its columns named by WoWDBDefs ([`crate::dbd`]):
//! the one way the decoders read rows, by column name.
//!
//! Which definition applies: a `.db2` names its layout hash (else the build
//! of its `WDC5` schema string, or of the install it came from); a `WDBC`
//! table is matched to the definitions of 1.12.1.5875, 2.4.3.8606 and
//! 3.3.5.12340 by its shape — field count (a `locstring` is 9 fields in 1.x,
//! 17 later), then which fields hold strings in every row, since builds
//! share widths but not orders (3.3.5 `CharSections` moved its textures;
//! 2.4.3 and 3.3.5 `ChrRaces` are both 69 fields wide); a CSV table names
//! its columns in its header. A table that fits no definition, or several
//! that disagree, is refused with what was found, rather than misread.

use std::collections::HashMap;

use m2view_error::{Error, PathSeg, Result};

use crate::csv::Csv;
use crate::dbd::{Build, Dbd, Field, Kind, Version};
use crate::defs::Definitions;
use crate::wdbc::Dbc;
use crate::wdc::Wdc;

/// The `WDBC` builds m2view knows, as people name them.
pub const WDBC_BUILDS: [(&str, Build); 3] =
    [("1.12", [1, 12, 1, 5875]), ("2.4.3", [2, 4, 3, 8606]), ("3.3.5", [3, 3, 5, 12340])];

/// Where a column's values are.
#[derive(Debug, Clone)]
enum Src {
    /// `WDBC`: byte offset of the first element, bytes per element, and
    /// for a `locstring` the locale slots.
    Wdbc { at: usize, width: usize, locales: usize },
    /// `WDC`: field index.
    Wdc(u32),
    /// The row id (not in the record).
    Id,
    /// The relationship map's value.
    Relation,
    /// CSV: the cell of each element.
    Csv(Vec<usize>),
}

#[derive(Debug, Clone)]
struct Column {
    name: String,
    kind: Kind,
    count: u32,
    src: Src,
}

#[derive(Debug, Clone)]
enum Data {
    Wdbc(Dbc),
    Wdc(Box<Wdc>),
    Csv(Csv),
}

/// A table with named columns.
#[derive(Debug, Clone)]
pub struct Table {
    /// The file (named in errors).
    pub file: String,
    /// The table (`CreatureDisplayInfo`).
    pub name: String,
    /// How its layout was chosen (`layout 613413D1`, `3.3.5 (16 fields)`, `CSV header`).
    pub layout: String,
    /// The `WDBC` build it was recognised as.
    pub wdbc_build: Option<&'static str>,
    /// The builds WoWDBDefs gives for the layout chosen, `(from, to)`
    /// inclusive (empty for CSV).
    pub builds: Vec<(Build, Build)>,
    /// Bytes of the file it was read from.
    pub file_len: usize,
    columns: Vec<Column>,
    /// Row index by id (`WDBC`, CSV).
    ids: HashMap<u32, usize>,
    /// Row ids in file order (`WDBC`, CSV).
    order: Vec<u32>,
    data: Data,
}

/// A column as `info` and the exports show it: WoWDBDefs' name, kind and
/// array length (1 for a plain column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnInfo {
    /// Column name (`ModelID`; an array's elements are `Name[0]`, `Name[1]`… in CSV).
    pub name: String,
    /// What it holds.
    pub kind: Kind,
    /// Elements (1 for a plain column).
    pub count: u32,
}

/// The file behind a [`Table`]: its generation and the structures `info`
/// reports.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Summary {
    /// `WDBC`, `WDC3`, `WDC4`, `WDC5` or `CSV`.
    pub generation: String,
    /// Fields per record (`WDBC`: 4-byte slots; CSV: header cells).
    pub fields: u32,
    /// Bytes per record (`WDBC`, `WDC` fixed-size; 0 otherwise).
    pub record_size: u32,
    /// `WDC`: the table and layout hashes.
    pub hashes: Option<(u32, u32)>,
    /// `WDC`: sections, of them encrypted and skipped, rows added by copy
    /// tables, relationship-map entries; sparse (variable-size) records.
    pub sections: usize,
    /// `WDC`: sections skipped because they are encrypted.
    pub encrypted_sections: usize,
    /// `WDC`: rows added by copy tables.
    pub copied_rows: usize,
    /// `WDC`: relationship-map entries.
    pub relations: usize,
    /// `WDC`: variable-size records with inline strings.
    pub sparse: bool,
}

/// One cell as its column's kind reads it.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A signed integer.
    Int(i64),
    /// An unsigned integer.
    UInt(u64),
    /// A float.
    Float(f32),
    /// A string (a `locstring`'s first non-empty locale).
    Text(String),
}

impl std::fmt::Display for Value {
    /// Integers in decimal, floats in the shortest form that reads back
    /// the same (`0.1`, `NaN`, `inf`), strings as they are.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::UInt(v) => write!(f, "{v}"),
            Value::Float(v) => write!(f, "{v}"),
            Value::Text(v) => f.write_str(v),
        }
    }
}

/// One row, read by column name; errors name the row and column
/// (`records[12].TextureVariation`).
#[derive(Clone, Copy)]
pub struct Row<'t> {
    table: &'t Table,
    /// Row index (file order).
    pub index: usize,
}

/// A `WDC5` schema string's build (`WOWSTATIC_5_5_3_64530`).
fn schema_build(s: &str) -> Option<Build> {
    let nums: Vec<u32> = s.split('_').filter_map(|p| p.parse().ok()).collect();
    nums.get(nums.len().checked_sub(4)?..).and_then(|n| n.try_into().ok())
}

impl Table {
    /// Reads `bytes` of file `file` as table `table` (`CreatureDisplayInfo`),
    /// with `defs`; `build`: the client build the file came from, if known.
    ///
    /// # Errors
    /// Not a table of a known generation, no definition that fits (the
    /// message says what was found), or a malformed file (names file,
    /// structure and offset).
    pub fn parse(bytes: Vec<u8>, file: &str, table: &str, defs: &Definitions, build: Option<Build>) -> Result<Table> {
        let file_len = bytes.len();
        Table::parse_any(bytes, file, table, defs, build).map(|t| Table { file_len, ..t })
    }

    fn parse_any(bytes: Vec<u8>, file: &str, table: &str, defs: &Definitions, build: Option<Build>) -> Result<Table> {
        let dbd = defs.get(table)?;
        let mut head = [0u8; 4];
        head[..bytes.len().min(4)].copy_from_slice(&bytes[..bytes.len().min(4)]);
        if &head == b"WDBC" {
            let dbc = Dbc::parse(bytes, file)?;
            let dbd = dbd.ok_or_else(|| no_definition(table, file))?;
            return Table::wdbc(dbc, file, &dbd, build);
        }
        if head.starts_with(b"WD") || &head == b"CLS1" {
            let wdc = Wdc::parse(bytes, file)?;
            let dbd = dbd.ok_or_else(|| no_definition(table, file))?;
            return Table::wdc(wdc, file, &dbd, build);
        }
        let text = String::from_utf8(bytes).map_err(|_| {
            Error::invalid(0, format!("not a WDBC, WDC3–WDC5 or CSV table: magic {:?}", String::from_utf8_lossy(&head)))
                .in_file(file)
        })?;
        Table::csv(Csv::parse(&text, file)?, file, table, dbd.as_deref())
    }

    fn wdbc(dbc: Dbc, file: &str, dbd: &Dbd, build: Option<Build>) -> Result<Table> {
        let mut candidates: Vec<(&'static str, &Version)> = Vec::new();
        let hinted = build.filter(|b| b[0] <= 3).map(|b| ("the install's build", b));
        for (label, b) in hinted.into_iter().chain(WDBC_BUILDS) {
            if let Some(v) = dbd.by_build(b)
                && !candidates.iter().any(|(_, c)| *c == v)
            {
                candidates.push((label, v));
            }
        }
        let known: Vec<String> =
            candidates.iter().map(|(l, v)| format!("{l} ({} fields)", wdbc_fields(v, l))).collect();
        let sized: Vec<&(&str, &Version)> =
            candidates.iter().filter(|(l, v)| wdbc_fields(v, l) == dbc.fields).collect();
        if sized.is_empty() {
            let msg = format!("{} fields is no known {} layout: {}", dbc.fields, dbd.table, known.join(", "));
            return Err(Error::invalid(8, msg).in_file(file));
        }
        let layouts: Vec<(&str, Vec<Column>, &Version)> =
            sized.iter().map(|(l, v)| (*l, wdbc_columns(v, l, &dbc), *v)).collect();
        let misfit = |cols: &[Column]| -> Option<(u32, String)> {
            dbc.rows().find_map(|r| {
                cols.iter().find_map(|c| match (&c.src, c.kind) {
                    (Src::Wdbc { at, locales, .. }, Kind::String | Kind::LocString) => {
                        let slots = (*locales).max(c.count as usize);
                        (0..slots)
                            .any(|k| !dbc.is_string_start_at(r.index, at + 4 * k))
                            .then(|| (r.index, c.name.clone()))
                    }
                    _ => None,
                })
            })
        };
        let fits: Vec<&(&str, Vec<Column>, &Version)> =
            layouts.iter().filter(|(_, c, _)| dbc.records == 0 || misfit(c).is_none()).collect();
        let chosen = match fits.as_slice() {
            [one] => *one,
            [first, rest @ ..] if rest.iter().all(|r| same_columns(&r.1, &first.1)) => *first,
            [] => {
                let (row, col) = misfit(&layouts[0].1).unwrap_or_default();
                let msg = format!(
                    "not a {} table of a known layout ({}): row {row} column {col} should hold a string",
                    dbd.table,
                    known.join(", ")
                );
                return Err(Error::invalid(crate::wdbc::HEADER as u64, msg).in_file(file));
            }
            _ => {
                let builds: Vec<&str> = fits.iter().map(|f| f.0).collect();
                let msg = format!("{} layout is ambiguous: it reads as {}", dbd.table, builds.join(" and "));
                return Err(Error::invalid(8, msg).in_file(file));
            }
        };
        let (label, columns, builds) = (chosen.0, chosen.1.clone(), chosen.2.builds.clone());
        let id_at = columns.iter().find(|c| c.name.eq_ignore_ascii_case("ID")).map(|c| c.src.clone());
        let mut order = Vec::with_capacity(dbc.records as usize);
        for r in 0..dbc.records {
            order.push(match &id_at {
                Some(Src::Wdbc { at, width, .. }) => dbc.cell(r, *at, *width)? as u32,
                _ => r,
            });
        }
        let ids = order.iter().enumerate().rev().map(|(i, &id)| (id, i)).collect();
        let layout = format!("{label} ({} fields)", dbc.fields);
        Ok(Table {
            file: file.into(),
            name: dbd.table.clone(),
            layout,
            wdbc_build: Some(label),
            builds,
            file_len: 0,
            columns,
            ids,
            order,
            data: Data::Wdbc(dbc),
        })
    }

    fn wdc(mut wdc: Wdc, file: &str, dbd: &Dbd, build: Option<Build>) -> Result<Table> {
        let by_schema = schema_build(&wdc.schema);
        let (version, how) = match dbd.by_layout(wdc.layout_hash) {
            Some(v) => (v, format!("layout {:08X}", wdc.layout_hash)),
            None => match by_schema.or(build).and_then(|b| dbd.by_build(b).map(|v| (v, b))) {
                Some((v, b)) => (v, format!("build {}.{}.{}.{}", b[0], b[1], b[2], b[3])),
                None => {
                    let msg = format!(
                        "layout {:08X} of {} is in no definition m2view has (give a newer WoWDBDefs `definitions/` with --dbd)",
                        wdc.layout_hash, dbd.table
                    );
                    return Err(Error::invalid(0, msg).in_file(file));
                }
            },
        };
        let mut columns = Vec::new();
        let mut field = 0u32;
        for f in &version.fields {
            let src = match (f.inline, f.id, f.relation) {
                (false, true, _) => Src::Id,
                (false, _, true) => Src::Relation,
                (false, ..) => continue,
                (true, ..) => {
                    field += 1;
                    Src::Wdc(field - 1)
                }
            };
            columns.push(Column { name: f.name.clone(), kind: f.kind, count: f.count, src });
        }
        if field != wdc.fields {
            let msg = format!("the definition ({how}) has {field} fields in the record, the table {}", wdc.fields);
            return Err(Error::invalid(0, msg).in_file(file));
        }
        let strings = columns
            .iter()
            .filter(|c| matches!(c.src, Src::Wdc(_)))
            .map(|c| matches!(c.kind, Kind::String | Kind::LocString))
            .collect();
        wdc.set_string_fields(strings);
        Ok(Table {
            file: file.into(),
            name: dbd.table.clone(),
            layout: how,
            wdbc_build: None,
            builds: version.builds.clone(),
            file_len: 0,
            columns,
            ids: HashMap::new(),
            order: Vec::new(),
            data: Data::Wdc(Box::new(wdc)),
        })
    }

    fn csv(csv: Csv, file: &str, table: &str, dbd: Option<&Dbd>) -> Result<Table> {
        let mut columns: Vec<Column> = Vec::new();
        for (i, h) in csv.header.iter().enumerate() {
            let (name, k) = match h.split_once('[') {
                Some((n, rest)) => (n, rest.trim_end_matches(']').parse::<usize>().unwrap_or(0)),
                None => (h.as_str(), 0),
            };
            match columns.iter_mut().find(|c| c.name.eq_ignore_ascii_case(name)) {
                Some(c) => {
                    if let Src::Csv(cells) = &mut c.src {
                        cells.resize(cells.len().max(k + 1), usize::MAX);
                        cells[k] = i;
                        c.count = cells.len() as u32;
                    }
                }
                None => {
                    let kind = dbd.and_then(|d| d.column(name)).unwrap_or(Kind::Int { bits: 32, signed: true });
                    let mut cells = vec![usize::MAX; k + 1];
                    cells[k] = i;
                    columns.push(Column {
                        name: name.to_string(),
                        kind,
                        count: cells.len() as u32,
                        src: Src::Csv(cells),
                    });
                }
            }
        }
        // The id column: the definition's id field, else `ID`, else the first.
        let id_name =
            dbd.and_then(|d| d.versions.iter().flat_map(|v| &v.fields).find(|f| f.id).map(|f| f.name.clone()));
        let id_col = id_name.and_then(|n| csv.column(&n)).or_else(|| csv.column("ID")).unwrap_or(0);
        let mut order = Vec::with_capacity(csv.rows.len());
        for (r, cells) in csv.rows.iter().enumerate() {
            let id = parse_int(&cells[id_col]).ok_or_else(|| {
                let msg = format!("row {}: id {:?} is not a number", r + 1, cells[id_col]);
                Error::invalid(csv.offsets[r], msg).in_file(file)
            })?;
            order.push(id as u32);
        }
        let ids = order.iter().enumerate().rev().map(|(i, &id)| (id, i)).collect();
        let name = dbd.map_or_else(|| table.to_string(), |d| d.table.clone());
        Ok(Table {
            file: file.into(),
            name,
            layout: "CSV header".into(),
            wdbc_build: None,
            builds: Vec::new(),
            file_len: 0,
            columns,
            ids,
            order,
            data: Data::Csv(csv),
        })
    }

    /// Rows.
    pub fn len(&self) -> usize {
        match &self.data {
            Data::Wdc(w) => w.len(),
            _ => self.order.len(),
        }
    }

    /// No rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every row, in file order.
    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> {
        (0..self.len()).map(move |index| Row { table: self, index })
    }

    /// The row at file-order index `index`.
    pub fn row_at(&self, index: usize) -> Option<Row<'_>> {
        (index < self.len()).then_some(Row { table: self, index })
    }

    /// The row of id `id`.
    pub fn row(&self, id: u32) -> Option<Row<'_>> {
        let index = match &self.data {
            Data::Wdc(w) => w.index_of(id)?,
            _ => *self.ids.get(&id)?,
        };
        Some(Row { table: self, index })
    }

    /// Whether the table has column `name` (any case).
    pub fn has(&self, name: &str) -> bool {
        self.column(name).is_some()
    }

    fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.name.eq_ignore_ascii_case(name))
    }

    /// The columns, in file order.
    pub fn columns(&self) -> Vec<ColumnInfo> {
        self.columns.iter().map(|c| ColumnInfo { name: c.name.clone(), kind: c.kind, count: c.count }).collect()
    }

    /// The file's generation and structures.
    pub fn summary(&self) -> Summary {
        match &self.data {
            Data::Wdbc(d) => Summary {
                generation: "WDBC".into(),
                fields: d.fields,
                record_size: d.record_size,
                ..Summary::default()
            },
            Data::Wdc(w) => Summary {
                generation: format!("WDC{}", w.version),
                fields: w.fields,
                record_size: if w.sparse { 0 } else { w.record_size() as u32 },
                hashes: Some((w.table_hash, w.layout_hash)),
                sections: w.sections,
                encrypted_sections: w.encrypted_sections.len(),
                copied_rows: w.copied_rows,
                relations: w.relations,
                sparse: w.sparse,
            },
            Data::Csv(c) => Summary { generation: "CSV".into(), fields: c.header.len() as u32, ..Summary::default() },
        }
    }

    /// Sections skipped because they are encrypted (`.db2`), for a note.
    pub fn encrypted_sections(&self) -> usize {
        match &self.data {
            Data::Wdc(w) => w.encrypted_sections.len(),
            _ => 0,
        }
    }
}

fn no_definition(table: &str, file: &str) -> Error {
    let msg = format!(
        "no WoWDBDefs definition of {table} (m2view carries WoWDBDefs' definitions as of its release; --dbd DIR gives newer ones)"
    );
    Error::invalid(0, msg).in_file(file)
}

/// Fields a `WDBC` record of definition `v` has (`label` says the build).
fn wdbc_fields(v: &Version, label: &str) -> u32 {
    v.fields.iter().map(|f| wdbc_width(f, label) as u32 * f.count).sum()
}

/// 4-byte slots one element of `f` takes (a `locstring`: 9 in 1.x, 17 later).
fn wdbc_width(f: &Field, label: &str) -> usize {
    match f.kind {
        Kind::LocString if label.starts_with("1.") => 9,
        Kind::LocString => 17,
        _ => 1,
    }
}

/// The columns of definition `v` over `dbc`'s records: 4-byte fields, or
/// the definition's sizes where they add up to the record size.
fn wdbc_columns(v: &Version, label: &str, dbc: &Dbc) -> Vec<Column> {
    let bytes = |f: &Field| match f.kind {
        Kind::Int { bits, .. } => bits as usize / 8,
        _ => 4 * wdbc_width(f, label),
    };
    let sized = v.fields.iter().map(|f| bytes(f) * f.count as usize).sum::<usize>() == dbc.record_size as usize;
    let mut at = 0;
    v.fields
        .iter()
        .map(|f| {
            let width = if sized { bytes(f) } else { 4 * wdbc_width(f, label) };
            let locales = if f.kind == Kind::LocString { wdbc_width(f, label) - 1 } else { 0 };
            let c =
                Column { name: f.name.clone(), kind: f.kind, count: f.count, src: Src::Wdbc { at, width, locales } };
            at += width * f.count as usize;
            c
        })
        .collect()
}

fn same_columns(a: &[Column], b: &[Column]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.name == y.name
                && match (&x.src, &y.src) {
                    (Src::Wdbc { at: p, .. }, Src::Wdbc { at: q, .. }) => p == q,
                    _ => false,
                }
        })
}

/// Column `name` of `r` when its table has it, else 0 (columns WoWDBDefs
/// marks as added or dropped in some builds).
pub(crate) fn u32_or_0(r: &Row, name: &str) -> Result<u32> {
    if r.table().has(name) { r.u32(name) } else { Ok(0) }
}

/// A decimal integer (negative ones as their two's complement).
fn parse_int(s: &str) -> Option<u64> {
    let s = s.trim();
    s.parse::<u64>().ok().or_else(|| s.parse::<i64>().ok().map(|v| v as u64))
}

impl<'t> Row<'t> {
    /// The table.
    pub fn table(&self) -> &'t Table {
        self.table
    }

    /// The row's id.
    pub fn id(&self) -> u32 {
        match &self.table.data {
            Data::Wdc(w) => w.id(self.index),
            _ => self.table.order[self.index],
        }
    }

    fn named<T>(&self, r: Result<T>, column: &str) -> Result<T> {
        r.map_err(|mut e| {
            e.path = vec![PathSeg::Field("records"), PathSeg::Index(self.index), PathSeg::Name(column.to_string())];
            e.in_file(&self.table.file)
        })
    }

    fn col(&self, name: &str) -> Result<&'t Column> {
        self.table.column(name).ok_or_else(|| {
            let msg = format!("no column {name} in {} ({})", self.table.name, self.table.layout);
            Error::invalid(0, msg).in_file(&self.table.file)
        })
    }

    /// Elements of column `name` (its array length; 0 when absent).
    pub fn count(&self, name: &str) -> usize {
        self.table.column(name).map_or(0, |c| c.count as usize)
    }

    /// Element `k` of integer column `name` as raw bits.
    ///
    /// # Errors
    /// No such column or element, or a cell outside the file.
    pub fn bits(&self, name: &str, k: usize) -> Result<u64> {
        let c = self.col(name)?;
        let r = self.raw(c, k);
        self.named(r, &c.name)
    }

    fn raw(&self, c: &Column, k: usize) -> Result<u64> {
        if k >= c.count as usize {
            return Err(Error::invalid(0, format!("element {k} of a column of {}", c.count)));
        }
        match (&c.src, &self.table.data) {
            (Src::Wdbc { at, width, .. }, Data::Wdbc(d)) => d.cell(self.index as u32, at + k * width, *width),
            (Src::Wdc(f), Data::Wdc(w)) => w.value(self.index, *f, k as u32),
            (Src::Id, _) => Ok(self.id() as u64),
            (Src::Relation, Data::Wdc(w)) => Ok(w.relation(self.index).unwrap_or(0) as u64),
            (Src::Csv(cells), Data::Csv(csv)) => {
                let text = cells.get(k).and_then(|&i| csv.rows[self.index].get(i)).map_or("", String::as_str);
                match c.kind {
                    Kind::Float => text.trim().parse::<f32>().map(|f| f.to_bits() as u64).ok(),
                    _ => parse_int(text).or_else(|| text.trim().is_empty().then_some(0)),
                }
                .ok_or_else(|| Error::invalid(csv.offsets[self.index], format!("{text:?} is not a number")))
            }
            _ => Err(Error::invalid(0, "column of another table kind")),
        }
    }

    /// Integer column `name` (element 0) as `u32`.
    ///
    /// # Errors
    /// As [`Row::bits`].
    pub fn u32(&self, name: &str) -> Result<u32> {
        self.bits(name, 0).map(|v| v as u32)
    }

    /// Integer column `name` as `i32`.
    ///
    /// # Errors
    /// As [`Row::bits`].
    pub fn i32(&self, name: &str) -> Result<i32> {
        self.bits(name, 0).map(|v| v as i32)
    }

    /// Float column `name`.
    ///
    /// # Errors
    /// As [`Row::bits`].
    pub fn f32(&self, name: &str) -> Result<f32> {
        self.bits(name, 0).map(|v| f32::from_bits(v as u32))
    }

    /// Element `k` of the table's column `column` (an index into
    /// [`Table::columns`]) as its kind reads it: integers of their width
    /// and sign (a `WDBC` field as stored, 4 bytes unless the definition's
    /// sizes fill the record), floats, strings.
    ///
    /// # Errors
    /// As [`Row::bits`] and [`Row::string_at`].
    pub fn value(&self, column: usize, k: usize) -> Result<Value> {
        let c = self.table.columns.get(column).ok_or_else(|| Error::invalid(0, format!("no column {column}")))?;
        let (bits, signed) = match c.kind {
            Kind::String | Kind::LocString => return self.string_at(&c.name, k).map(Value::Text),
            Kind::Float => return self.bits(&c.name, k).map(|v| Value::Float(f32::from_bits(v as u32))),
            Kind::Int { bits, signed } => (bits, signed),
        };
        let v = self.bits(&c.name, k)?;
        // The width the value is stored at: a WDBC slot's, else the definition's.
        let width = match &c.src {
            Src::Wdbc { width, .. } => (*width as u32 * 8).clamp(8, 64),
            Src::Csv(_) => 64,
            _ => bits.clamp(1, 64) as u32,
        };
        let shift = 64 - width;
        Ok(if signed { Value::Int(((v << shift) as i64) >> shift) } else { Value::UInt((v << shift) >> shift) })
    }

    /// `N` elements of integer column `name` (missing elements: 0).
    ///
    /// # Errors
    /// As [`Row::bits`].
    pub fn u32s<const N: usize>(&self, name: &str) -> Result<[u32; N]> {
        let mut out = [0u32; N];
        for (k, v) in out.iter_mut().enumerate().take(self.count(name)) {
            *v = self.bits(name, k)? as u32;
        }
        Ok(out)
    }

    /// String column `name` (element 0; a `locstring`'s first non-empty locale).
    ///
    /// # Errors
    /// No such column, or an offset outside the string block.
    pub fn string(&self, name: &str) -> Result<String> {
        self.string_at(name, 0)
    }

    /// Element `k` of string column `name`.
    ///
    /// # Errors
    /// As [`Row::string`].
    pub fn string_at(&self, name: &str, k: usize) -> Result<String> {
        let c = self.col(name)?;
        let r = match (&c.src, &self.table.data) {
            (Src::Wdbc { at, width, locales }, Data::Wdbc(d)) => {
                let first = at + k * width;
                let mut s = d.string_at(self.index as u32, first);
                for slot in 1..*locales {
                    if !matches!(&s, Ok(x) if x.is_empty()) {
                        break;
                    }
                    s = d.string_at(self.index as u32, first + 4 * slot);
                }
                s
            }
            (Src::Wdc(f), Data::Wdc(w)) => w.string(self.index, *f, k as u32),
            (Src::Csv(cells), Data::Csv(csv)) => {
                Ok(cells.get(k).and_then(|&i| csv.rows[self.index].get(i)).cloned().unwrap_or_default())
            }
            _ => Err(Error::invalid(0, "not a string column")),
        };
        self.named(r, &c.name)
    }

    /// `N` elements of string column `name` (missing elements: empty).
    ///
    /// # Errors
    /// As [`Row::string`].
    pub fn strings<const N: usize>(&self, name: &str) -> Result<[String; N]> {
        let mut out: [String; N] = std::array::from_fn(|_| String::new());
        for (k, v) in out.iter_mut().enumerate().take(self.count(name)) {
            *v = self.string_at(name, k)?;
        }
        Ok(out)
    }
}
