//! Client tables as files of their own — `WDBC` `.dbc`, `WDC3`–`WDC5`
//! `.db2` and the CSV form: `m2view info` (generation, layout and the
//! WoWDBDefs builds it matches, rows, columns with their types, sections,
//! copy table, relationship map; `--where COLUMN=VALUE` prints the rows it
//! names) and `export` to CSV, JSON or SQL (`m2view_db::export`). The
//! table's name is its file's (`CreatureDisplayInfo.dbc`); its columns come
//! from WoWDBDefs (embedded for the tables m2view reads, `--dbd DIR` for
//! every other).

use std::path::Path;

use m2view_db::dbd::{Build, Kind};
use m2view_db::export::{Filter, to_csv, to_json, to_sql};
use m2view_db::table::{Table, Value};

use m2view_app::AppError;
use m2view_app::tables::open;

/// What `info` says of a table.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TableInfo {
    /// The file as given.
    pub file: String,
    /// The table (`CreatureDisplayInfo`).
    pub table: String,
    /// `WDBC`, `WDC3`, `WDC4`, `WDC5` or `CSV`.
    pub generation: String,
    /// How the layout was chosen (`layout 613413D1`, `3.3.5 (16 fields)`, `CSV header`).
    pub layout: String,
    /// The builds WoWDBDefs gives that layout, `from–to` each.
    pub builds: Vec<String>,
    /// Rows (copies included).
    pub rows: usize,
    /// Fields per record (`WDBC`: 4-byte slots; CSV: header cells).
    pub fields: u32,
    /// Bytes per record (0: variable or CSV).
    pub record_size: u32,
    /// `WDC`: table hash and layout hash, hexadecimal.
    pub hashes: Option<[String; 2]>,
    /// `WDC`: sections, and of them encrypted and skipped.
    pub sections: [usize; 2],
    /// `WDC`: rows added by the copy table.
    pub copied_rows: usize,
    /// `WDC`: relationship-map entries.
    pub relations: usize,
    /// `WDC`: variable-size records.
    pub sparse: bool,
    /// Columns: name, type (`uint32`, `float`, `string`, `locstring`; an
    /// array `[N]` after it).
    pub columns: Vec<[String; 2]>,
    /// With `--where`: the rows it names, column by column.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub matches: Vec<Vec<(String, String)>>,
}

fn build(b: Build) -> String {
    format!("{}.{}.{}.{}", b[0], b[1], b[2], b[3])
}

/// `uint32`, `int8`, `float`, `string`, `locstring`.
pub fn type_name(kind: Kind) -> String {
    match kind {
        Kind::Int { bits, signed } => format!("{}int{bits}", if signed { "" } else { "u" }),
        Kind::Float => "float".into(),
        Kind::String => "string".into(),
        Kind::LocString => "locstring".into(),
    }
}

/// The [`TableInfo`] of `t`, with the rows `filter` keeps when it has
/// conditions (`where_given`).
///
/// Errors: a row that cannot be read (file, row, column).
pub fn table_info(t: &Table, filter: &Filter, where_given: bool) -> Result<TableInfo, AppError> {
    let s = t.summary();
    let columns = t.columns();
    let mut matches = Vec::new();
    if where_given {
        for row in t.rows() {
            if !filter.keeps(&row).map_err(AppError::input)? {
                continue;
            }
            let mut cells = Vec::new();
            for (i, c) in columns.iter().enumerate() {
                let values = (0..c.count as usize).map(|k| row.value(i, k)).collect::<Result<Vec<Value>, _>>();
                let values: Vec<String> = values.map_err(AppError::input)?.iter().map(Value::to_string).collect();
                cells.push((c.name.clone(), values.join(", ")));
            }
            matches.push(cells);
        }
    }
    Ok(TableInfo {
        file: t.file.clone(),
        table: t.name.clone(),
        generation: s.generation,
        layout: t.layout.clone(),
        builds: t
            .builds
            .iter()
            .map(|&(a, b)| if a == b { build(a) } else { format!("{}–{}", build(a), build(b)) })
            .collect(),
        rows: t.len(),
        fields: s.fields,
        record_size: s.record_size,
        hashes: s.hashes.map(|(table, layout)| [format!("{table:08X}"), format!("{layout:08X}")]),
        sections: [s.sections, s.encrypted_sections],
        copied_rows: s.copied_rows,
        relations: s.relations,
        sparse: s.sparse,
        columns: columns
            .iter()
            .map(|c| {
                let array = if c.count > 1 { format!("[{}]", c.count) } else { String::new() };
                [c.name.clone(), format!("{}{array}", type_name(c.kind))]
            })
            .collect(),
        matches,
    })
}

/// `info` of a table: its [`TableInfo`] as text or JSON; with `--where`
/// conditions, the rows they name.
///
/// Errors: as [`open`], or a condition naming no column.
pub fn info(file: &Path, json: bool, filter: &[String], opts: &m2view_app::open::OpenOptions) -> Result<(), AppError> {
    let t = open(file, opts)?;
    let f = Filter::parse(&t, filter).map_err(|e| AppError::Failure(e.to_string()))?;
    let i = table_info(&t, &f, !filter.is_empty())?;
    if json {
        println!("{}", serde_json::to_string_pretty(&i).map_err(AppError::failure)?);
        return Ok(());
    }
    println!("{}: {}", i.file, i.table);
    let record = if i.record_size > 0 { format!(" of {} bytes", i.record_size) } else { String::new() };
    println!("  {}, {} rows, {} fields{record}", i.generation, i.rows, i.fields);
    let builds = match i.builds.as_slice() {
        few @ ([] | [_] | [_, _] | [_, _, _]) => few.join(", "),
        many => {
            let mut all: Vec<Build> = t.builds.iter().flat_map(|&(a, b)| [a, b]).collect();
            all.sort();
            let (first, last) = (all.first().copied().unwrap_or_default(), all.last().copied().unwrap_or_default());
            format!("{} ranges from {} to {}", many.len(), build(first), build(last))
        }
    };
    println!("  definition chosen by {}; WoWDBDefs builds: {builds}", i.layout);
    if let Some([table, layout]) = &i.hashes {
        println!("  table hash {table}, layout hash {layout}{}", if i.sparse { ", sparse records" } else { "" });
        println!(
            "  {} sections ({} encrypted, skipped), {} rows from the copy table, {} relationship-map entries",
            i.sections[0], i.sections[1], i.copied_rows, i.relations
        );
    }
    println!("  {} columns:", i.columns.len());
    let wide = i.columns.iter().map(|c| c[0].len()).max().unwrap_or(0);
    for [name, ty] in &i.columns {
        println!("    {name:wide$}  {ty}");
    }
    if !filter.is_empty() {
        println!("  {} rows where {}:", i.matches.len(), filter.join(" and "));
        for row in &i.matches {
            let cells: Vec<String> = row.iter().map(|(c, v)| format!("{c}={v}")).collect();
            println!("    {}", cells.join("  "));
        }
    }
    Ok(())
}

/// The text of `t` (the rows `filter` keeps) in the format `ext` names:
/// `csv`, `json` or `sql`; `None` for another.
///
/// Errors: a cell that cannot be read (file, row, column).
pub fn to_format(t: &Table, filter: &Filter, ext: &str) -> Option<m2view_db::Result<String>> {
    Some(match ext {
        "csv" => to_csv(t, filter),
        "json" => to_json(t, filter),
        "sql" => to_sql(t, filter),
        _ => return None,
    })
}

/// `export` of a table to `output` (`.csv`, `.json` or `.sql`), the rows
/// `filter` names (all without).
///
/// Errors: as [`open`]; an output of another kind or one that cannot be
/// written, or a condition naming no column (exit 1).
pub fn export(
    file: &Path,
    output: &Path,
    filter: &[String],
    opts: &m2view_app::open::OpenOptions,
) -> Result<(), AppError> {
    let t = open(file, opts)?;
    let f = Filter::parse(&t, filter).map_err(|e| AppError::Failure(e.to_string()))?;
    let ext = output.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    let text = to_format(&t, &f, &ext)
        .ok_or_else(|| AppError::Failure(format!("{}: a table is exported as .csv, .json or .sql", output.display())))?
        .map_err(AppError::input)?;
    std::fs::write(output, text).map_err(|e| AppError::Failure(format!("{}: {e}", output.display())))
}
