//! `WDC3` client tables (`.db2`, World of Warcraft 8.1–9.x; the format a
//! CASC source will serve). Layout per the wowdev wiki "DB2" page, section
//! WDC3: a 72-byte header; section headers (40 bytes each); field
//! structures; field storage info (24 bytes per field: bit offset, bit size,
//! size of its pallet or common block, storage type and three values);
//! pallet data; common data; then per section its records, strings, id list,
//! copy table, offset map and relationship map.
//!
//! Storage types decoded: 0 plain bytes (arrays of 32-bit values), 1
//! bitpacked, 2 common data (per-id values with a default), 3 bitpacked
//! index into a pallet, 4 the same for arrays, 5 bitpacked signed. Row ids
//! come from the section's id list or the inline id field; copy tables add
//! rows; relationship maps give the `$relation$` column. Sections whose
//! records are encrypted (a TACT key and zero-filled data) are skipped.
//! Offset-map (sparse) tables are refused. Strings are not decoded (the
//! tables m2view uses have none). Every offset and count is checked against
//! the file: a malformed table is an error naming file, structure and offset.

use std::collections::HashMap;

use m2view_error::{Error, ErrorKind, Result, ResultExt};

const HEADER: usize = 72;
const SECTION: usize = 40;
const STORAGE: usize = 24;

#[derive(Debug, Clone, Copy)]
struct Storage {
    offset_bits: u32,
    size_bits: u32,
    extra: u32,
    kind: u32,
    v: [u32; 3],
}

/// One row: its id, where its record starts, and its relationship value.
#[derive(Debug, Clone, Copy)]
struct Row {
    id: u32,
    record: usize,
    relation: Option<u32>,
}

/// A parsed table.
#[derive(Debug, Clone)]
pub struct Wdc3 {
    bytes: Vec<u8>,
    /// Fields per record.
    pub fields: u32,
    /// Table hash (names the table in WoWDBDefs).
    pub table_hash: u32,
    /// Layout hash (names its layout).
    pub layout_hash: u32,
    storage: Vec<Storage>,
    /// Per field: start of its pallet block (absolute).
    pallet_at: Vec<usize>,
    /// Per field: its common-data values by row id.
    common: Vec<HashMap<u32, u32>>,
    rows: Vec<Row>,
    by_id: HashMap<u32, usize>,
    record_size: usize,
}

fn u32_at(b: &[u8], o: usize) -> Result<u32> {
    let s = b
        .get(o..o + 4)
        .ok_or_else(|| Error::new(o as u64, ErrorKind::OutOfBounds { len: 4, file_len: b.len() as u64 }))?;
    Ok(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

/// `n` items of `size` bytes at `at` must lie inside the file.
fn span(b: &[u8], at: usize, n: u64, size: u64) -> Result<usize> {
    let len = n.checked_mul(size).filter(|&l| at as u64 + l <= b.len() as u64);
    len.map(|l| at + l as usize).ok_or_else(|| {
        Error::new(at as u64, ErrorKind::ArrayTooLarge { count: n, elem_size: size, file_len: b.len() as u64 })
    })
}

impl Wdc3 {
    /// Parses `bytes` of file `name` (used in errors).
    pub fn parse(bytes: Vec<u8>, name: &str) -> Result<Wdc3> {
        Wdc3::parse_inner(bytes).map_err(|e| e.in_file(name))
    }

    fn parse_inner(b: Vec<u8>) -> Result<Wdc3> {
        if b.len() < HEADER {
            return Err(Error::new(0, ErrorKind::OutOfBounds { len: HEADER as u64, file_len: b.len() as u64 }))
                .at("header");
        }
        if &b[..4] != b"WDC3" {
            return Err(Error::new(0, ErrorKind::BadMagic { found: [b[0], b[1], b[2], b[3]], expected: "WDC3" }))
                .at("magic");
        }
        let h = |i: usize| u32_at(&b, 4 + 4 * i);
        let (fields, record_size, table_hash, layout_hash) = (h(1)?, h(2)? as usize, h(4)?, h(5)?);
        let flags = u16::from_le_bytes([b[40], b[41]]);
        let id_index = u16::from_le_bytes([b[42], b[43]]) as u32;
        let (storage_size, common_size, pallet_size, sections) =
            (u32_at(&b, 56)?, u32_at(&b, 60)?, u32_at(&b, 64)?, u32_at(&b, 68)?);
        if flags & 1 != 0 {
            return Err(Error::invalid(40, "offset-map (sparse) tables are not supported")).at("header");
        }
        let after_sections = span(&b, HEADER, sections as u64, SECTION as u64).at("sections")?;
        let after_fields = span(&b, after_sections, fields as u64, 4).at("fields")?;
        let after_storage = span(&b, after_fields, storage_size as u64, 1).at("field_storage")?;
        if storage_size as u64 != fields as u64 * STORAGE as u64 {
            return Err(Error::invalid(56, format!("{storage_size} bytes of field storage for {fields} fields")))
                .at("header");
        }
        let storage: Vec<Storage> = (0..fields as usize)
            .map(|i| {
                let o = after_fields + i * STORAGE;
                let w = |k: usize| u32_at(&b, o + 4 + 4 * k);
                Ok(Storage {
                    offset_bits: u16::from_le_bytes([b[o], b[o + 1]]) as u32,
                    size_bits: u16::from_le_bytes([b[o + 2], b[o + 3]]) as u32,
                    extra: w(0)?,
                    kind: w(1)?,
                    v: [w(2)?, w(3)?, w(4)?],
                })
            })
            .collect::<Result<_>>()
            .at("field_storage")?;
        let after_pallet = span(&b, after_storage, pallet_size as u64, 1).at("pallet")?;
        span(&b, after_pallet, common_size as u64, 1).at("common")?;
        // Pallet and common blocks follow each other in field order.
        let (mut pallet_at, mut common) = (Vec::new(), Vec::new());
        let (mut p, mut c) = (after_storage, after_pallet);
        for (i, s) in storage.iter().enumerate() {
            pallet_at.push(p);
            let mut map = HashMap::new();
            match s.kind {
                3 | 4 => p += s.extra as usize,
                2 => {
                    let end = span(&b, c, s.extra as u64 / 8, 8).at_elem("common", i)?;
                    for e in (c..end).step_by(8) {
                        map.insert(u32_at(&b, e)?, u32_at(&b, e + 4)?);
                    }
                    c += s.extra as usize;
                }
                0 | 1 | 5 => {}
                k => {
                    return Err(Error::invalid((after_fields + i * STORAGE) as u64, format!("storage type {k}")))
                        .at_elem("field_storage", i);
                }
            }
            common.push(map);
        }
        if p > after_pallet || c > after_pallet + common_size as usize {
            return Err(Error::invalid(64, "pallet or common blocks run past their data")).at("header");
        }
        let mut t = Wdc3 {
            bytes: Vec::new(),
            fields,
            table_hash,
            layout_hash,
            storage,
            pallet_at,
            common,
            rows: Vec::new(),
            by_id: HashMap::new(),
            record_size,
        };
        for s in 0..sections as usize {
            t.read_section(&b, HEADER + s * SECTION, id_index).at_elem("sections", s)?;
        }
        t.by_id = t.rows.iter().enumerate().map(|(i, r)| (r.id, i)).collect();
        t.bytes = b;
        Ok(t)
    }

    fn read_section(&mut self, b: &[u8], at: usize, id_index: u32) -> Result<()> {
        let w = |k: usize| u32_at(b, at + 8 + 4 * k);
        let tact = u64::from_le_bytes(b[at..at + 8].try_into().unwrap_or_default());
        let (file_offset, records, strings, _records_end, id_list, relations, _offset_ids, copies) =
            (w(0)? as usize, w(1)?, w(2)?, w(3)?, w(4)?, w(5)?, w(6)?, w(7)?);
        // A zero record size would let a huge row count through the size check.
        if self.record_size == 0 && records > 0 {
            return Err(Error::invalid(at as u64 + 12, format!("{records} records of 0 bytes")));
        }
        let records_end = span(b, file_offset, records as u64, self.record_size as u64).at("records")?;
        let strings_end = span(b, records_end, strings as u64, 1).at("strings")?;
        let ids_end = span(b, strings_end, id_list as u64, 1).at("id_list")?;
        let copies_end = span(b, ids_end, copies as u64, 8).at("copy_table")?;
        let relations_end = span(b, copies_end, relations as u64, 1).at("relationship_map")?;
        if tact != 0 && b[file_offset..records_end].iter().all(|&x| x == 0) {
            return Ok(()); // encrypted and not shipped: the client skips it too
        }
        if id_list != 0 && id_list as u64 != records as u64 * 4 {
            return Err(Error::invalid(at as u64 + 24, format!("id list of {id_list} bytes for {records} records")));
        }
        let mut relation_of = HashMap::new();
        if relations >= 12 {
            let n = u32_at(b, copies_end)?;
            let end = span(b, copies_end + 12, n as u64, 8).at("relationship_map")?;
            if end > relations_end {
                return Err(Error::invalid(copies_end as u64, "relationship entries run past the map"))
                    .at("relationship_map");
            }
            for e in (copies_end + 12..end).step_by(8) {
                relation_of.insert(u32_at(b, e + 4)?, u32_at(b, e)?);
            }
        }
        let first = self.rows.len();
        for r in 0..records {
            let record = file_offset + r as usize * self.record_size;
            let id = if id_list != 0 {
                u32_at(b, ids_end - id_list as usize + 4 * r as usize)?
            } else {
                self.raw(b, record, id_index, 0)?
            };
            self.rows.push(Row { id, record, relation: relation_of.get(&r).copied() });
        }
        let section_rows: HashMap<u32, usize> =
            self.rows[first..].iter().enumerate().map(|(i, r)| (r.id, first + i)).collect();
        for e in (ids_end..copies_end).step_by(8) {
            let (new, from) = (u32_at(b, e)?, u32_at(b, e + 4)?);
            if let Some(&src) = section_rows.get(&from) {
                let row = self.rows[src];
                self.rows.push(Row { id: new, ..row });
            }
        }
        Ok(())
    }

    /// Element `k` of field `field` of the record at `record` (absolute).
    fn raw(&self, b: &[u8], record: usize, field: u32, k: u32) -> Result<u32> {
        let s = *self.storage.get(field as usize).ok_or_else(|| Error::invalid(0, format!("no field {field}")))?;
        let bits = |offset: u32, size: u32| -> Result<u64> {
            let start = record + (offset / 8) as usize;
            let mut v = [0u8; 8];
            let have = b.len().saturating_sub(start).min(8);
            if have == 0 || size > 32 {
                return Err(Error::invalid(
                    start as u64,
                    format!("bit field of {size} bits at bit {offset} outside the file"),
                ));
            }
            v[..have].copy_from_slice(&b[start..start + have]);
            Ok((u64::from_le_bytes(v) >> (offset % 8)) & ((1u64 << size) - 1))
        };
        match s.kind {
            0 => u32_at(b, record + (s.offset_bits / 8) as usize + 4 * k as usize),
            1 => bits(s.offset_bits, s.size_bits).map(|v| v as u32),
            5 => {
                let v = bits(s.offset_bits, s.size_bits)?;
                let shift = 64 - s.size_bits.max(1);
                Ok((((v << shift) as i64) >> shift) as u32)
            }
            3 | 4 => {
                let index = bits(s.offset_bits, s.size_bits)? as usize;
                let count = if s.kind == 4 { s.v[2].max(1) as usize } else { 1 };
                let at = index
                    .checked_mul(count)
                    .and_then(|i| i.checked_add(k as usize))
                    .map(|i| i * 4)
                    .filter(|&o| o + 4 <= s.extra as usize);
                let at = at.ok_or_else(|| {
                    Error::invalid(
                        record as u64,
                        format!("pallet index {index} outside its block of {} bytes", s.extra),
                    )
                })?;
                u32_at(b, self.pallet_at[field as usize] + at)
            }
            // Common data: looked up by row id in `value`.
            _ => Ok(s.v[0]),
        }
    }

    /// Row ids, in file order (copies after their section).
    pub fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.rows.iter().map(|r| r.id)
    }

    /// Rows.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// No rows.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Element `k` of field `field` of row `id` as raw 32 bits (`None`: no such row).
    pub fn value(&self, id: u32, field: u32, k: u32) -> Result<Option<u32>> {
        let Some(&i) = self.by_id.get(&id) else { return Ok(None) };
        if let Some(s) = self.storage.get(field as usize)
            && s.kind == 2
        {
            return Ok(Some(self.common[field as usize].get(&id).copied().unwrap_or(s.v[0])));
        }
        self.raw(&self.bytes, self.rows[i].record, field, k).map(Some)
    }

    /// The relationship-map value of row `id` (a `$relation$` column).
    pub fn relation(&self, id: u32) -> Option<u32> {
        self.rows[*self.by_id.get(&id)?].relation
    }
}
