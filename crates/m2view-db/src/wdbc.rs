//! `WDBC` client tables (World of Warcraft 0.x–3.3.5 `DBFilesClient/*.dbc`):
//! a 20-byte header (`WDBC`, record count, field count, record size, string
//! block size), fixed-size records of 4-byte fields, then a string block
//! that string fields point into (wowdev wiki "DBC", header and string block).
//! Every count, offset and string index is checked: a malformed file is an
//! error naming the file, the structure (`records[row].Column`) and the byte
//! offset.

use m2view_error::{Error, ErrorKind, PathSeg, Result, ResultExt};

/// Bytes of the header.
pub const HEADER: usize = 20;

/// A parsed table: cells are read on demand, bounds-checked.
#[derive(Debug, Clone)]
pub struct Dbc {
    /// The file name given to [`Dbc::parse`] (named in every error).
    pub name: String,
    /// Rows.
    pub records: u32,
    /// 4-byte fields per row.
    pub fields: u32,
    /// Bytes per row (≥ fields × 4).
    pub record_size: u32,
    bytes: Vec<u8>,
    strings: usize,
}

/// One row of a [`Dbc`], read column by column; errors name the row and
/// the column (`records[12].TextureName`).
#[derive(Clone, Copy)]
pub struct Row<'t> {
    table: &'t Dbc,
    /// Row index (0-based, file order).
    pub index: u32,
}

impl Dbc {
    /// Parses `bytes` of the file `name` (used in errors).
    pub fn parse(bytes: Vec<u8>, name: &str) -> Result<Dbc> {
        Dbc::parse_inner(bytes, name).map_err(|e| e.in_file(name))
    }

    fn parse_inner(bytes: Vec<u8>, name: &str) -> Result<Dbc> {
        let len = bytes.len() as u64;
        if bytes.len() < HEADER {
            return Err(Error::new(0, ErrorKind::OutOfBounds { len: HEADER as u64, file_len: len })).at("header");
        }
        if &bytes[..4] != b"WDBC" {
            let found = [bytes[0], bytes[1], bytes[2], bytes[3]];
            return Err(Error::new(0, ErrorKind::BadMagic { found, expected: "WDBC" })).at("magic");
        }
        let u = |o: usize| u32::from_le_bytes([bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]]);
        let (records, fields, record_size, string_size) = (u(4), u(8), u(12), u(16));
        // Fields are 4 bytes, or as small as a byte (1.12's `CharBaseInfo`: 2 fields, 2 bytes).
        if fields as u64 > record_size as u64 {
            return Err(Error::invalid(8, format!("{fields} fields do not fit a record of {record_size} bytes")))
                .at("header");
        }
        let body = records as u64 * record_size as u64;
        if HEADER as u64 + body + string_size as u64 > len {
            let kind = ErrorKind::ArrayTooLarge { count: records as u64, elem_size: record_size as u64, file_len: len };
            return Err(Error::new(HEADER as u64, kind)).at("records");
        }
        let strings = HEADER + body as usize;
        Ok(Dbc { name: name.to_string(), records, fields, record_size, strings, bytes })
    }

    /// Row `index` (`None` past the last row).
    pub fn row(&self, index: u32) -> Option<Row<'_>> {
        (index < self.records).then_some(Row { table: self, index })
    }

    /// Every row, in file order.
    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> {
        (0..self.records).map(move |index| Row { table: self, index })
    }

    /// Absolute offset of a cell, or an error naming it when it is outside the table.
    fn offset(&self, row: u32, field: u32) -> Result<usize> {
        if row >= self.records || field >= self.fields || (field as u64 + 1) * 4 > self.record_size as u64 {
            return Err(Error::invalid(
                HEADER as u64,
                format!("cell ({row}, {field}) outside {} rows x {} fields", self.records, self.fields),
            ))
            .map_err(|e| e.in_file(&self.name));
        }
        Ok(HEADER + row as usize * self.record_size as usize + field as usize * 4)
    }

    /// The `width` bytes (1, 2, 4 or 8) at byte `at` of row `row`, little-endian.
    ///
    /// # Errors
    /// The cell lies outside the row or the table.
    pub fn cell(&self, row: u32, at: usize, width: usize) -> Result<u64> {
        if row >= self.records || at + width > self.record_size as usize || width > 8 {
            let msg = format!(
                "{width} bytes at byte {at} of row {row}: outside {} rows of {} bytes",
                self.records, self.record_size
            );
            return Err(Error::invalid(HEADER as u64, msg)).map_err(|e| e.in_file(&self.name));
        }
        let o = HEADER + row as usize * self.record_size as usize + at;
        let mut v = [0u8; 8];
        v[..width].copy_from_slice(&self.bytes[o..o + width]);
        Ok(u64::from_le_bytes(v))
    }

    /// The string whose offset is the 4 bytes at byte `at` of row `row`.
    ///
    /// # Errors
    /// The cell lies outside the table, or the offset outside the string block.
    pub fn string_at(&self, row: u32, at: usize) -> Result<String> {
        let offset = self.cell(row, at, 4)? as usize;
        let block = self.block();
        let s = block.get(offset..).ok_or_else(|| {
            let cell = HEADER + row as usize * self.record_size as usize + at;
            Error::invalid(
                cell as u64,
                format!("string offset {offset} outside the string block of {} bytes", block.len()),
            )
            .in_file(&self.name)
        })?;
        let end = s.iter().position(|&b| b == 0).unwrap_or(s.len());
        Ok(String::from_utf8_lossy(&s[..end]).into_owned())
    }

    /// Whether the 4 bytes at byte `at` of row `row` can be a string offset
    /// (0, or just after a NUL of the string block).
    pub fn is_string_start_at(&self, row: u32, at: usize) -> bool {
        let Ok(v) = self.cell(row, at, 4) else { return false };
        let block = self.block();
        (v as usize) < block.len().max(1) && (v == 0 || block.get(v as usize - 1) == Some(&0))
    }

    /// Field `field` of row `row` as `u32`.
    pub fn u32(&self, row: u32, field: u32) -> Result<u32> {
        let o = self.offset(row, field)?;
        Ok(u32::from_le_bytes([self.bytes[o], self.bytes[o + 1], self.bytes[o + 2], self.bytes[o + 3]]))
    }

    /// Field `field` of row `row` as `f32`.
    pub fn f32(&self, row: u32, field: u32) -> Result<f32> {
        self.u32(row, field).map(f32::from_bits)
    }

    /// The string block (after the records).
    fn block(&self) -> &[u8] {
        &self.bytes[self.strings..]
    }

    /// Whether field `field` of row `row` can be a string: an offset into the
    /// string block at the start of a string (0, or just after a NUL).
    /// Layouts that share a field count are told apart by this.
    pub fn is_string_start(&self, row: u32, field: u32) -> bool {
        let Ok(at) = self.u32(row, field) else { return false };
        let block = self.block();
        (at as usize) < block.len().max(1) && (at == 0 || block.get(at as usize - 1) == Some(&0))
    }

    /// String field `field` of row `row`: an offset into the string block,
    /// read up to its NUL (lossy UTF-8).
    pub fn string(&self, row: u32, field: u32) -> Result<String> {
        let at = self.u32(row, field)? as usize;
        let block = self.block();
        let s = block.get(at..).ok_or_else(|| {
            Error::invalid(
                self.offset(row, field).unwrap_or(0) as u64,
                format!("string offset {at} outside the string block of {} bytes", block.len()),
            )
            .in_file(&self.name)
        })?;
        let end = s.iter().position(|&b| b == 0).unwrap_or(s.len());
        Ok(String::from_utf8_lossy(&s[..end]).into_owned())
    }
}

impl Row<'_> {
    fn named<T>(&self, r: Result<T>, column: &'static str) -> Result<T> {
        r.map_err(|mut e| {
            e.path = vec![PathSeg::Field("records"), PathSeg::Index(self.index as usize), PathSeg::Field(column)];
            e.in_file(&self.table.name)
        })
    }

    /// Column `field` as `u32` (`column` names it in errors).
    pub fn u32(&self, field: u32, column: &'static str) -> Result<u32> {
        self.named(self.table.u32(self.index, field), column)
    }

    /// Column `field` as `i32`.
    pub fn i32(&self, field: u32, column: &'static str) -> Result<i32> {
        self.u32(field, column).map(|v| v as i32)
    }

    /// Column `field` as `f32`.
    pub fn f32(&self, field: u32, column: &'static str) -> Result<f32> {
        self.u32(field, column).map(f32::from_bits)
    }

    /// String column `field`.
    pub fn string(&self, field: u32, column: &'static str) -> Result<String> {
        self.named(self.table.string(self.index, field), column)
    }

    /// `N` consecutive `u32` columns from `field`.
    pub fn u32s<const N: usize>(&self, field: u32, column: &'static str) -> Result<[u32; N]> {
        let mut out = [0; N];
        for (k, v) in out.iter_mut().enumerate() {
            *v = self.u32(field + k as u32, column)?;
        }
        Ok(out)
    }

    /// `N` consecutive string columns from `field`.
    pub fn strings<const N: usize>(&self, field: u32, column: &'static str) -> Result<[String; N]> {
        let mut out: [String; N] = std::array::from_fn(|_| String::new());
        for (k, v) in out.iter_mut().enumerate() {
            *v = self.string(field + k as u32, column)?;
        }
        Ok(out)
    }
}

/// Writes a table of `fields` 4-byte fields: `rows` of values (strings are
/// offsets into `strings`, which should start with a NUL). For tests and
/// the test tables of the layouts no public file has.
pub fn write(fields: u32, rows: &[Vec<u32>], strings: &[u8]) -> Vec<u8> {
    let mut b = b"WDBC".to_vec();
    for v in [rows.len() as u32, fields, fields * 4, strings.len() as u32] {
        b.extend_from_slice(&v.to_le_bytes());
    }
    for r in rows {
        for k in 0..fields as usize {
            b.extend_from_slice(&r.get(k).copied().unwrap_or(0).to_le_bytes());
        }
    }
    b.extend_from_slice(strings);
    b
}

/// A string block under construction for [`write()`]: [`Strings::add`]
/// returns the offset a string column stores.
#[derive(Debug, Clone)]
pub struct Strings(pub Vec<u8>);

impl Default for Strings {
    fn default() -> Self {
        Strings(vec![0])
    }
}

impl Strings {
    /// The offset of `s` in the block (the empty string is offset 0).
    pub fn add(&mut self, s: &str) -> u32 {
        if s.is_empty() {
            return 0;
        }
        let at = self.0.len() as u32;
        self.0.extend_from_slice(s.as_bytes());
        self.0.push(0);
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_strings_and_hostile_headers() {
        let t = write(3, &[vec![7, 1, 0x4000_0000], vec![9, 6, 0]], b"\0Bear\0Wolf\0");
        let d = Dbc::parse(t.clone(), "t.dbc").unwrap();
        assert_eq!(
            (d.records, d.u32(0, 0).unwrap(), d.string(0, 1).unwrap(), d.f32(0, 2).unwrap()),
            (2, 7, "Bear".into(), 2.0)
        );
        assert_eq!(d.string(1, 1).unwrap(), "Wolf");
        assert!(d.u32(2, 0).is_err() && d.u32(0, 3).is_err());
        // String starts: 1 and 6 are, 2 is inside "Bear".
        assert!(d.is_string_start(0, 1) && d.is_string_start(1, 1) && !d.is_string_start(0, 0));
        // A string index past the block names the file, the row and the column.
        let bad = write(2, &[vec![1, 999]], b"\0");
        let e = Dbc::parse(bad, "s.dbc").unwrap().row(0).unwrap().string(1, "Name").unwrap_err().to_string();
        assert_eq!(e, "s.dbc: records[0].Name: offset 0x18 string offset 999 outside the string block of 1 bytes");
        // Truncated at every length, a huge row count, a bad magic: errors naming the file.
        for cut in 0..t.len() {
            assert!(Dbc::parse(t[..cut].to_vec(), "cut.dbc").is_err(), "cut at {cut}");
        }
        let mut huge = t.clone();
        huge[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
        let e = Dbc::parse(huge, "huge.dbc").unwrap_err().to_string();
        assert!(e.starts_with("huge.dbc: records"), "{e}");
        let e = Dbc::parse(b"WDB2xxxxxxxxxxxxxxxxxxxx".to_vec(), "m.dbc").unwrap_err().to_string();
        assert!(e.contains("m.dbc") && e.contains("WDBC"), "{e}");
    }
}
