//! A [`Table`] written out as text: CSV (the form [`crate::csv`] reads, so
//! that a table round-trips: a header of WoWDBDefs column names, arrays as
//! `Name[0]`, `Name[1]`…, RFC 4180 quoting), JSON (an array of one object a
//! row, arrays as JSON arrays) and SQL (one `CREATE TABLE` and batched
//! `INSERT`s inside a transaction; identifiers in backticks, which MySQL
//! and SQLite both read).
//! [`Filter`] keeps the rows a `--where COLUMN=VALUE` names.

use m2view_error::{Error, Result};
use serde_json::Value as Json;

use crate::dbd::Kind;
use crate::table::{Row, Table, Value};

/// Rows of a table kept by `COLUMN=VALUE` conditions, all of which must hold.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// (column index, element, value as given).
    conditions: Vec<(usize, usize, String)>,
}

impl Filter {
    /// The conditions `specs` (`ID=31`, `name=Bear`, `ModelID[1]=5`) over
    /// `table`'s columns (names in any case).
    ///
    /// # Errors
    /// A condition without `=`, or naming no column or element of the table
    /// (the message lists its columns).
    pub fn parse(table: &Table, specs: &[String]) -> Result<Filter> {
        let columns = table.columns();
        let mut conditions = Vec::new();
        for spec in specs {
            let (name, value) = spec
                .split_once('=')
                .ok_or_else(|| Error::invalid(0, format!("--where {spec:?}: give COLUMN=VALUE")))?;
            let (name, k) = match name.trim().split_once('[') {
                Some((n, rest)) => (n, rest.trim_end_matches(']').parse::<usize>().unwrap_or(usize::MAX)),
                None => (name.trim(), 0),
            };
            let at = columns.iter().position(|c| c.name.eq_ignore_ascii_case(name) && k < c.count as usize);
            let at = at.ok_or_else(|| {
                let names: Vec<&str> = columns.iter().map(|c| c.name.as_str()).collect();
                Error::invalid(0, format!("--where {spec:?}: {} has no such column ({})", table.name, names.join(", ")))
            })?;
            conditions.push((at, k, value.trim().to_string()));
        }
        Ok(Filter { conditions })
    }

    /// Whether `row` meets every condition: numbers by value (`1` is
    /// `1.0`), strings ignoring case.
    ///
    /// # Errors
    /// A cell that cannot be read (names the row and column).
    pub fn keeps(&self, row: &Row) -> Result<bool> {
        for (column, k, want) in &self.conditions {
            let got = row.value(*column, *k)?;
            let same = match (&got, want.parse::<f64>()) {
                (Value::Text(s), _) => s.eq_ignore_ascii_case(want),
                (Value::Int(v), Ok(w)) => *v as f64 == w,
                (Value::UInt(v), Ok(w)) => *v as f64 == w,
                (Value::Float(v), Ok(w)) => *v as f64 == w || v.to_string() == *want,
                (_, Err(_)) => false,
            };
            if !same {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// Most bytes of text an export may write per byte of the table's file
/// (with 64 KiB more): a string offset repeated in every row would make a
/// small hostile table export gigabytes. Real tables measured: CSV up to
/// 4×, SQL 6×, JSON 37× (wow.export's bit-packed WDC3
/// `CreatureDisplayInfo`: 13-byte records of 25 named fields).
pub const MAX_TEXT_PER_BYTE: usize = 64;

/// Calls `each` with the cells of every row of `table` that `filter` keeps,
/// in column order (an array column's elements in order), and the bytes of
/// text written so far (`each` returns how many it wrote).
///
/// # Errors
/// A cell that cannot be read, or more text than [`MAX_TEXT_PER_BYTE`]
/// allows.
fn each_row(table: &Table, filter: &Filter, mut each: impl FnMut(Vec<Value>) -> usize) -> Result<()> {
    let columns = table.columns();
    let budget = table.file_len.saturating_mul(MAX_TEXT_PER_BYTE).saturating_add(64 << 10);
    let mut written = 0usize;
    for row in table.rows() {
        if !filter.keeps(&row)? {
            continue;
        }
        let mut cells = Vec::new();
        for (i, c) in columns.iter().enumerate() {
            for k in 0..c.count as usize {
                cells.push(row.value(i, k)?);
            }
        }
        written += each(cells);
        if written > budget {
            let msg = format!(
                "row {}: more than {budget} bytes of text, {MAX_TEXT_PER_BYTE}× the file's {} bytes \
                 (strings repeated past reason)",
                row.index, table.file_len
            );
            return Err(Error::invalid(0, msg).in_file(&table.file));
        }
    }
    Ok(())
}

/// Column headings: a plain column's name, an array's `Name[0]`, `Name[1]`…
fn headings(table: &Table) -> Vec<String> {
    table
        .columns()
        .iter()
        .flat_map(|c| {
            let n = c.count;
            (0..n).map(move |k| if n == 1 { c.name.clone() } else { format!("{}[{k}]", c.name) })
        })
        .collect()
}

/// `table` as CSV: the header row, then the rows `filter` keeps; a cell
/// holding a comma, quote or line break is quoted, its quotes doubled.
///
/// # Errors
/// A cell that cannot be read (names the file, row and column).
pub fn to_csv(table: &Table, filter: &Filter) -> Result<String> {
    let field = |s: &str| {
        if s.contains([',', '"', '\n', '\r']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
    };
    let mut out = headings(table).iter().map(|h| field(h)).collect::<Vec<_>>().join(",");
    out.push('\n');
    each_row(table, filter, |cells| {
        let line = cells.iter().map(|c| field(&c.to_string())).collect::<Vec<_>>().join(",");
        out.push_str(&line);
        out.push('\n');
        line.len() + 1
    })?;
    Ok(out)
}

/// `table` as JSON: an array of objects, one a row `filter` keeps, keyed by
/// column name in column order; an array column as a JSON array; a float
/// that is not finite as `null`.
///
/// # Errors
/// A cell that cannot be read (names the file, row and column).
pub fn to_json(table: &Table, filter: &Filter) -> Result<String> {
    let columns = table.columns();
    let json = |v: Value| match v {
        Value::Int(i) => Json::from(i),
        Value::UInt(u) => Json::from(u),
        // The f32's shortest decimal (0.1, not 0.10000000149011612).
        Value::Float(f) => {
            f.to_string().parse().ok().and_then(serde_json::Number::from_f64).map_or(Json::Null, Json::Number)
        }
        Value::Text(s) => Json::String(s),
    };
    // Each row an object on its own lines inside one array.
    let mut out = String::from("[");
    each_row(table, filter, |cells| {
        // Keys in column order (a serde_json map would sort them), one a line.
        let mut cells = cells.into_iter();
        let mut fields = Vec::with_capacity(columns.len());
        for c in &columns {
            let mut elements: Vec<Json> = cells.by_ref().take(c.count as usize).map(json).collect();
            let v = if c.count == 1 { elements.pop().unwrap_or(Json::Null) } else { Json::Array(elements) };
            fields.push(format!("  {}: {v}", Json::String(c.name.clone())));
        }
        let text = format!("{{\n{}\n}}", fields.join(",\n"));
        let before = out.len();
        out.push_str(if before == 1 { "\n" } else { ",\n" });
        out.push_str(&text);
        out.len() - before
    })?;
    out.push_str("\n]\n");
    Ok(out)
}

/// Rows per `INSERT` statement of [`to_sql`].
pub const SQL_BATCH: usize = 256;

/// `table` as SQL: `DROP TABLE IF EXISTS`, `CREATE TABLE` (integers
/// `INTEGER`, floats `REAL`, strings `TEXT`; an array as one column an
/// element, `Name[0]`…), then the rows `filter` keeps as `INSERT`s of
/// [`SQL_BATCH`] rows, all inside `BEGIN`/`COMMIT`. Strings are quoted
/// with their single quotes doubled; a float that is not finite is `NULL`.
///
/// # Errors
/// A cell that cannot be read (names the file, row and column).
pub fn to_sql(table: &Table, filter: &Filter) -> Result<String> {
    let ident = |s: &str| format!("`{}`", s.replace('`', "``"));
    let name = ident(&table.name);
    let columns = table.columns();
    let types = columns.iter().flat_map(|c| {
        let t = match c.kind {
            Kind::Int { .. } => "INTEGER",
            Kind::Float => "REAL",
            Kind::String | Kind::LocString => "TEXT",
        };
        std::iter::repeat_n(t, c.count as usize)
    });
    let defs: Vec<String> = headings(table).iter().zip(types).map(|(h, t)| format!("  {} {t}", ident(h))).collect();
    let mut out = format!("DROP TABLE IF EXISTS {name};\nCREATE TABLE {name} (\n{}\n);\nBEGIN;\n", defs.join(",\n"));
    let literal = |v: &Value| match v {
        Value::Text(s) => format!("'{}'", s.replace('\'', "''")),
        Value::Float(f) if !f.is_finite() => "NULL".into(),
        other => other.to_string(),
    };
    let mut in_batch = 0;
    each_row(table, filter, |cells| {
        let before = out.len();
        out.push_str(match in_batch {
            0 => "INSERT INTO ",
            _ => ",\n",
        });
        if in_batch == 0 {
            out.push_str(&name);
            out.push_str(" VALUES\n");
        }
        out.push_str(&format!("({})", cells.iter().map(literal).collect::<Vec<_>>().join(", ")));
        in_batch += 1;
        if in_batch == SQL_BATCH {
            out.push_str(";\n");
            in_batch = 0;
        }
        out.len() - before
    })?;
    if in_batch > 0 {
        out.push_str(";\n");
    }
    out.push_str("COMMIT;\n");
    Ok(out)
}
