//! Client tables as CSV, the form modders pass them around in (the export
//! of wago.tools and DBC_Compare): a header row of WoWDBDefs column names,
//! arrays as `Name[0]`, `Name[1]`…, then one row per record. Fields are
//! separated by commas; a field in double quotes may hold commas, line
//! breaks and doubled quotes (RFC 4180).

use m2view_error::{Error, Result};

/// A parsed CSV table: the header and the cells of every row.
#[derive(Debug, Clone)]
pub struct Csv {
    /// Column names, as the header spells them.
    pub header: Vec<String>,
    /// Rows of cells (each as many as the header).
    pub rows: Vec<Vec<String>>,
    /// Byte offset of each row's first character (for errors).
    pub offsets: Vec<u64>,
}

impl Csv {
    /// Parses `text` of file `name` (used in errors).
    ///
    /// # Errors
    /// No header, an unterminated quote, or a row with another number of
    /// fields than the header (names the row and its byte offset).
    pub fn parse(text: &str, name: &str) -> Result<Csv> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut records = split(text).map_err(|(at, m)| Error::invalid(at, m).in_file(name))?.into_iter();
        let (_, header) = records
            .next()
            .filter(|(_, h)| h.iter().any(|c| !c.is_empty()))
            .ok_or_else(|| Error::invalid(0, "no header row of column names").in_file(name))?;
        let header: Vec<String> = header.into_iter().map(|h| h.trim().to_string()).collect();
        let (mut rows, mut offsets) = (Vec::new(), Vec::new());
        for (i, (at, cells)) in records.enumerate() {
            if cells.len() == 1 && cells[0].is_empty() {
                continue; // a blank line
            }
            if cells.len() != header.len() {
                let msg = format!("row {}: {} fields, the header has {}", i + 1, cells.len(), header.len());
                return Err(Error::invalid(at, msg).in_file(name));
            }
            rows.push(cells);
            offsets.push(at);
        }
        Ok(Csv { header, rows, offsets })
    }

    /// The column named `name` (any case).
    pub fn column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h.eq_ignore_ascii_case(name))
    }
}

/// One record: its byte offset and cells.
type Record = (u64, Vec<String>);

/// Records of `text`, or where and why they do not split.
fn split(text: &str) -> std::result::Result<Vec<Record>, (u64, String)> {
    let mut out = Vec::new();
    let mut cells = Vec::new();
    let mut cell = String::new();
    let (mut start, mut quoted, mut quote_at) = (0usize, false, 0usize);
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek().map(|p| p.1) == Some('"') => {
                cell.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') if cell.is_empty() => {
                quoted = true;
                quote_at = i;
            }
            (false, ',') => cells.push(std::mem::take(&mut cell)),
            (false, '\n') => {
                if cell.ends_with('\r') {
                    cell.pop();
                }
                cells.push(std::mem::take(&mut cell));
                out.push((start as u64, std::mem::take(&mut cells)));
                start = i + 1;
            }
            (false, c) => cell.push(c),
        }
    }
    if quoted {
        return Err((quote_at as u64, "a quoted field is not closed".into()));
    }
    if !cell.is_empty() || !cells.is_empty() {
        cells.push(cell);
        out.push((start as u64, cells));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_commas_and_errors() {
        let c = Csv::parse("ID,Name_lang,Flags[0]\r\n1,\"Bear, brown\",3\n2,\"say \"\"hi\"\"\nthere\",-1\n\n", "t.csv")
            .unwrap();
        assert_eq!(c.header, ["ID", "Name_lang", "Flags[0]"]);
        assert_eq!(c.rows[0], ["1", "Bear, brown", "3"]);
        assert_eq!(c.rows[1][1], "say \"hi\"\nthere");
        assert_eq!(c.column("flags[0]"), Some(2));
        let e = Csv::parse("ID,Name\n1\n", "t.csv").unwrap_err().to_string();
        assert!(
            e.starts_with("t.csv: ") && e.contains("row 1: 1 fields, the header has 2") && e.contains("0x8"),
            "{e}"
        );
        assert!(Csv::parse("ID\n\"1\n", "t.csv").is_err());
        assert!(Csv::parse("", "t.csv").is_err());
    }
}
