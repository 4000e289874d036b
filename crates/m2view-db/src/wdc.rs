//! `WDC3`, `WDC4` and `WDC5` client tables (`.db2`, World of Warcraft 8.1
//! to today), per the wowdev wiki "DB2" page and wowdev's DBCD readers
//! (`DBCD.IO/Readers/WDC3Reader.cs` … `WDC5Reader.cs`):
//!
//! - header: 72 bytes (`WDC3`, `WDC4`); `WDC5` adds a version and a
//!   128-byte schema string after the magic (204 bytes);
//! - section headers (40 bytes: TACT key hash, file offset, record count,
//!   string table size, end of sparse records, id list size, relationship
//!   map size, offset map count, copy table count);
//! - field structures (bits of each field: `32 - size`), field storage
//!   (24 bytes: bit offset, bit size, size of its pallet or common block,
//!   storage type, three values), pallet data, common data; `WDC4`/`WDC5`
//!   then list the record ids of each encrypted section;
//! - per section: records (fixed size, or variable-size "sparse" records
//!   with inline strings), string table, id list, copy table, offset map,
//!   relationship map, sparse ids.
//!
//! Storage types: 0 plain (elements of the field's width), 1 bitpacked,
//! 2 common data (per-id values with a default), 3 bitpacked index into a
//! pallet, 4 the same for arrays, 5 bitpacked signed. A string is an
//! offset from the field's place in the records (all sections' records as
//! one block) into the string tables (all sections' as one block). Row ids
//! come from the id list (all zeros: counted from the minimum id) or the
//! id field; copy tables add rows; relationship maps give the `$relation$`
//! column. Sections encrypted with a key the file does not carry (records
//! all zero) are skipped and counted in [`Wdc::encrypted_sections`].
//! Every offset and count is checked against the file: a malformed table is
//! an error naming file, structure and offset.

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

/// One row: its id, where its record is, and its relationship value.
#[derive(Debug, Clone, Copy)]
struct Row {
    id: u32,
    /// Absolute offset of the record.
    record: usize,
    /// Record bytes (the record size, or a sparse record's own).
    size: usize,
    /// Offset of the record in all sections' records as one block.
    virtual_at: u64,
    relation: Option<u32>,
}

/// A section's string table in all sections' string tables as one block.
#[derive(Debug, Clone, Copy)]
struct Strings {
    at: usize,
    len: usize,
    before: u64,
}

/// A parsed table.
#[derive(Debug, Clone)]
pub struct Wdc {
    bytes: Vec<u8>,
    /// 3, 4 or 5.
    pub version: u8,
    /// Fields per record.
    pub fields: u32,
    /// Table hash (names the table in WoWDBDefs).
    pub table_hash: u32,
    /// Layout hash (names its layout in WoWDBDefs).
    pub layout_hash: u32,
    /// `WDC5`'s schema string.
    pub schema: String,
    /// Variable-size records with inline strings.
    pub sparse: bool,
    /// Index of the id field.
    pub id_index: u32,
    /// Sections skipped because their records are encrypted: `(section, key)`.
    pub encrypted_sections: Vec<(usize, u64)>,
    /// Sections in the file.
    pub sections: usize,
    /// Rows added by copy tables (a new id for an existing record).
    pub copied_rows: usize,
    /// Relationship-map entries (the `$relation$` column's values).
    pub relations: usize,
    /// Which fields hold strings (from the table's definition; sparse
    /// records need it to step over inline strings).
    string_fields: Vec<bool>,
    widths: Vec<u32>,
    storage: Vec<Storage>,
    pallet_at: Vec<usize>,
    common: Vec<HashMap<u32, u32>>,
    rows: Vec<Row>,
    by_id: HashMap<u32, usize>,
    strings: Vec<Strings>,
    record_size: usize,
    total_records: u64,
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

/// One section header.
#[derive(Debug, Clone, Copy)]
struct Section {
    at: usize,
    tact: u64,
    offset: usize,
    records: u32,
    strings: u32,
    records_end: u32,
    id_list: u32,
    relations: u32,
    offset_map: u32,
    copies: u32,
}

impl Section {
    fn read(b: &[u8], at: usize) -> Result<Section> {
        let w = |k: usize| u32_at(b, at + 8 + 4 * k);
        Ok(Section {
            at,
            tact: u64::from_le_bytes(b[at..at + 8].try_into().unwrap_or_default()),
            offset: w(0)? as usize,
            records: w(1)?,
            strings: w(2)?,
            records_end: w(3)?,
            id_list: w(4)?,
            relations: w(5)?,
            offset_map: w(6)?,
            copies: w(7)?,
        })
    }
}

impl Wdc {
    /// Parses `bytes` of file `name` (used in errors).
    ///
    /// # Errors
    /// Not `WDC3`–`WDC5` (older generations are named and refused), or any
    /// count, offset or size that does not fit the file.
    pub fn parse(bytes: Vec<u8>, name: &str) -> Result<Wdc> {
        Wdc::parse_inner(bytes).map_err(|e| e.in_file(name))
    }

    fn parse_inner(b: Vec<u8>) -> Result<Wdc> {
        if b.len() < 4 {
            return Err(Error::new(0, ErrorKind::OutOfBounds { len: 4, file_len: b.len() as u64 })).at("header");
        }
        let magic = [b[0], b[1], b[2], b[3]];
        let (version, base) = match &magic {
            b"WDC3" => (3u8, 0usize),
            b"WDC4" => (4, 0),
            b"WDC5" => (5, 132),
            b"WDB5" | b"WDB6" | b"WDC1" | b"WDC2" | b"CLS1" => {
                let msg = format!(
                    "{} tables (7.x–8.0 clients) are not read: m2view reads WDBC (to 3.3.5) and WDC3–WDC5 (8.1 on)",
                    String::from_utf8_lossy(&magic)
                );
                return Err(Error::invalid(0, msg)).at("magic");
            }
            _ => {
                return Err(Error::new(0, ErrorKind::BadMagic { found: magic, expected: "WDC3, WDC4 or WDC5" }))
                    .at("magic");
            }
        };
        if b.len() < HEADER + base {
            return Err(Error::new(
                0,
                ErrorKind::OutOfBounds { len: (HEADER + base) as u64, file_len: b.len() as u64 },
            ))
            .at("header");
        }
        let schema = if version == 5 {
            String::from_utf8_lossy(&b[8..136]).trim_end_matches('\0').to_string()
        } else {
            String::new()
        };
        let h = |i: usize| u32_at(&b, base + 4 + 4 * i);
        let (records, fields, record_size, table_hash, layout_hash, min_id) =
            (h(0)?, h(1)?, h(2)? as usize, h(4)?, h(5)?, h(6)?);
        let flags = u16::from_le_bytes([b[base + 40], b[base + 41]]);
        let id_index = u16::from_le_bytes([b[base + 42], b[base + 43]]) as u32;
        let (storage_size, common_size, pallet_size, sections) = (h(13)?, h(14)?, h(15)?, h(16)?);
        let header_end = HEADER + base;
        let after_sections = span(&b, header_end, sections as u64, SECTION as u64).at("sections")?;
        let after_fields = span(&b, after_sections, fields as u64, 4).at("fields")?;
        let widths: Vec<u32> = (0..fields as usize)
            .map(|i| {
                let size = i16::from_le_bytes([b[after_sections + 4 * i], b[after_sections + 4 * i + 1]]) as i32;
                (32 - size).clamp(1, 64) as u32
            })
            .collect();
        let after_storage = span(&b, after_fields, storage_size as u64, 1).at("field_storage")?;
        if storage_size as u64 != fields as u64 * STORAGE as u64 {
            return Err(Error::invalid(
                (base + 56) as u64,
                format!("{storage_size} bytes of field storage for {fields} fields"),
            ))
            .at("header");
        }
        let storage = read_storage(&b, after_fields, fields as usize).at("field_storage")?;
        let after_pallet = span(&b, after_storage, pallet_size as u64, 1).at("pallet")?;
        let after_common = span(&b, after_pallet, common_size as u64, 1).at("common")?;
        let (pallet_at, common) = pallets_and_commons(&b, &storage, after_storage, after_pallet, common_size)?;
        let mut t = Wdc {
            bytes: Vec::new(),
            version,
            fields,
            table_hash,
            layout_hash,
            schema,
            sparse: flags & 1 != 0,
            id_index,
            encrypted_sections: Vec::new(),
            sections: sections as usize,
            copied_rows: 0,
            relations: 0,
            string_fields: Vec::new(),
            widths,
            storage,
            pallet_at,
            common,
            rows: Vec::new(),
            by_id: HashMap::new(),
            strings: Vec::new(),
            record_size,
            total_records: records as u64,
        };
        let _ = after_common;
        let secondary_key = flags & 2 != 0;
        let (mut virtual_at, mut strings_before) = (0u64, 0u64);
        for s in 0..sections as usize {
            let sec = Section::read(&b, header_end + s * SECTION)?;
            t.read_section(&b, &sec, min_id, secondary_key, (&mut virtual_at, &mut strings_before))
                .at_elem("sections", s)?;
        }
        t.by_id = HashMap::with_capacity(t.rows.len());
        for (i, r) in t.rows.iter().enumerate() {
            t.by_id.entry(r.id).or_insert(i);
        }
        t.bytes = b;
        Ok(t)
    }

    fn read_section(
        &mut self,
        b: &[u8],
        s: &Section,
        min_id: u32,
        secondary: bool,
        (virtual_at, strings_before): (&mut u64, &mut u64),
    ) -> Result<()> {
        // A zero record size would let a huge row count through the size check.
        if self.record_size == 0 && s.records > 0 && !self.sparse {
            return Err(Error::invalid(s.at as u64 + 12, format!("{} records of 0 bytes", s.records)));
        }
        let records_end = if self.sparse {
            let end = s.records_end as usize;
            if end < s.offset || end > b.len() {
                return Err(Error::invalid(
                    s.at as u64 + 20,
                    format!("sparse records end at {end}, outside {}..{}", s.offset, b.len()),
                ));
            }
            end
        } else {
            span(b, s.offset, s.records as u64, self.record_size as u64).at("records")?
        };
        let strings_end = span(b, records_end, s.strings as u64, 1).at("strings")?;
        let ids_end = span(b, strings_end, s.id_list as u64, 1).at("id_list")?;
        let copies_end = span(b, ids_end, s.copies as u64, 8).at("copy_table")?;
        let map_end = span(b, copies_end, s.offset_map as u64, 6).at("offset_map")?;
        let key_end = if secondary { span(b, map_end, s.offset_map as u64, 4).at("sparse_ids")? } else { map_end };
        let relations_end = span(b, key_end, s.relations as u64, 1).at("relationship_map")?;
        let sparse_ids = if secondary { map_end } else { relations_end };
        if !secondary {
            span(b, relations_end, s.offset_map as u64, 4).at("sparse_ids")?;
        }
        self.strings.push(Strings { at: records_end, len: s.strings as usize, before: *strings_before });
        *strings_before += s.strings as u64;
        let section_virtual = *virtual_at;
        *virtual_at += s.records as u64 * self.record_size as u64;
        if s.tact != 0 && b[s.offset..records_end].iter().all(|&x| x == 0) {
            // Encrypted and not shipped: the client skips it too.
            self.encrypted_sections.push((self.strings.len() - 1, s.tact));
            return Ok(());
        }
        if s.id_list != 0 && s.id_list as u64 != s.records as u64 * 4 {
            return Err(Error::invalid(
                s.at as u64 + 24,
                format!("id list of {} bytes for {} records", s.id_list, s.records),
            ));
        }
        if self.sparse && s.offset_map != s.records {
            return Err(Error::invalid(
                s.at as u64 + 32,
                format!("{} offset map entries for {} records", s.offset_map, s.records),
            ));
        }
        let relation_of = relations(b, key_end, relations_end, s.relations)?;
        self.relations += relation_of.len();
        let ids: Option<Vec<u32>> = if self.sparse && s.offset_map > 0 {
            Some((0..s.offset_map as usize).map(|i| u32_at(b, sparse_ids + 4 * i)).collect::<Result<_>>()?)
        } else if s.id_list != 0 {
            let ids: Vec<u32> =
                (0..s.records as usize).map(|i| u32_at(b, strings_end + 4 * i)).collect::<Result<_>>()?;
            let base = min_id.wrapping_add(self.rows.len() as u32);
            Some(if ids.iter().all(|&i| i == 0) { (0..s.records).map(|i| base.wrapping_add(i)).collect() } else { ids })
        } else {
            None
        };
        let first = self.rows.len();
        let mut sparse_at = s.offset;
        for r in 0..s.records as usize {
            let (record, size) = if self.sparse {
                let size = u16::from_le_bytes([b[copies_end + 6 * r + 4], b[copies_end + 6 * r + 5]]) as usize;
                let at = sparse_at;
                sparse_at += size;
                if sparse_at > records_end {
                    return Err(Error::invalid(
                        (copies_end + 6 * r) as u64,
                        "sparse record runs past the section's records",
                    ))
                    .at_elem("offset_map", r);
                }
                (at, size)
            } else {
                (s.offset + r * self.record_size, self.record_size)
            };
            let virtual_at = section_virtual + (r * self.record_size) as u64;
            let mut row = Row { id: 0, record, size, virtual_at, relation: relation_of.get(&(r as u32)).copied() };
            row.id = match &ids {
                Some(ids) => ids[r],
                // Sparse tables carry their ids; the id field of a plain one is never a string.
                None => self.raw_at(b, &row, self.id_index, 0)? as u32,
            };
            self.rows.push(row);
        }
        let section_rows: HashMap<u32, usize> =
            self.rows[first..].iter().enumerate().map(|(i, r)| (r.id, first + i)).collect();
        for e in (ids_end..copies_end).step_by(8) {
            let (new, from) = (u32_at(b, e)?, u32_at(b, e + 4)?);
            if let (Some(&src), true) = (section_rows.get(&from), new != from) {
                let row = self.rows[src];
                self.rows.push(Row { id: new, ..row });
                self.copied_rows += 1;
            }
        }
        Ok(())
    }

    /// Element `k` of field `field` of `row` as raw bits (sign-extended for
    /// signed bitpacked storage), not for sparse strings.
    fn raw_at(&self, b: &[u8], row: &Row, field: u32, k: u32) -> Result<u64> {
        let s = *self.storage.get(field as usize).ok_or_else(|| Error::invalid(0, format!("no field {field}")))?;
        let bits = |offset: u64, size: u32| -> Result<u64> {
            let start = row.record + (offset / 8) as usize;
            let end_bit = offset + size as u64;
            if size == 0 || size > 64 || end_bit > row.size as u64 * 8 {
                let msg = format!("{size} bits at bit {offset} outside a record of {} bytes", row.size);
                return Err(Error::invalid(start as u64, msg));
            }
            let mut v = [0u8; 16];
            let have = b.len().saturating_sub(start).min(16);
            v[..have].copy_from_slice(&b[start..start + have]);
            let wide = u128::from_le_bytes(v) >> (offset % 8);
            Ok(if size == 64 { wide as u64 } else { (wide as u64) & ((1u64 << size) - 1) })
        };
        match s.kind {
            0 => {
                let w = self.widths[field as usize];
                if self.sparse {
                    return bits(self.sparse_offset(b, row, field)? * 8 + (k * w) as u64, w);
                }
                bits(s.offset_bits as u64 + (k * w) as u64, w)
            }
            1 => bits(s.offset_bits as u64, s.size_bits),
            5 => {
                let v = bits(s.offset_bits as u64, s.size_bits)?;
                let shift = 64 - s.size_bits.clamp(1, 64);
                Ok((((v << shift) as i64) >> shift) as u64)
            }
            3 | 4 => {
                let index = bits(s.offset_bits as u64, s.size_bits)? as usize;
                let count = if s.kind == 4 { s.v[2].max(1) as usize } else { 1 };
                let at =
                    index.checked_mul(count).and_then(|i| i.checked_add(k as usize)).and_then(|i| i.checked_mul(4));
                let at = at.filter(|&o| o + 4 <= s.extra as usize).ok_or_else(|| {
                    Error::invalid(
                        row.record as u64,
                        format!("pallet index {index} outside its block of {} bytes", s.extra),
                    )
                })?;
                u32_at(b, self.pallet_at[field as usize] + at).map(u64::from)
            }
            _ => Ok(self.common[field as usize].get(&row.id).copied().unwrap_or(s.v[0]) as u64),
        }
    }

    /// Byte offset of field `field` in a sparse record: the fields before it
    /// at their widths, strings (`self.string_fields`) to their NUL.
    fn sparse_offset(&self, b: &[u8], row: &Row, field: u32) -> Result<u64> {
        let mut at = 0usize;
        for f in 0..field as usize {
            if self.string_fields.get(f).copied().unwrap_or(false) {
                for _ in 0..self.element_count(f as u32) {
                    let rest = b.get(row.record + at..row.record + row.size).unwrap_or_default();
                    let n = rest
                        .iter()
                        .position(|&c| c == 0)
                        .ok_or_else(|| Error::invalid((row.record + at) as u64, "string without its NUL"))?;
                    at += n + 1;
                }
            } else {
                at += (self.widths[f] as usize / 8) * self.element_count(f as u32) as usize;
            }
        }
        Ok(at as u64)
    }

    /// Bytes per record (of a fixed-size table).
    pub fn record_size(&self) -> usize {
        self.record_size
    }

    /// Elements of field `field` (its array length).
    pub fn element_count(&self, field: u32) -> u32 {
        match self.storage.get(field as usize) {
            Some(s) if s.kind == 0 => (s.size_bits / self.widths[field as usize].max(1)).max(1),
            Some(s) if s.kind == 4 => s.v[2].max(1),
            _ => 1,
        }
    }

    /// Declares which fields hold strings (the definition says; needed to
    /// read sparse records).
    pub fn set_string_fields(&mut self, strings: Vec<bool>) {
        self.string_fields = strings;
    }

    /// Rows (copies included).
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// No rows.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The id of row `index`.
    pub fn id(&self, index: usize) -> u32 {
        self.rows[index].id
    }

    /// Row ids, in file order (copies after their section).
    pub fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.rows.iter().map(|r| r.id)
    }

    /// The row of id `id`.
    pub fn index_of(&self, id: u32) -> Option<usize> {
        self.by_id.get(&id).copied()
    }

    /// Element `k` of field `field` of row `index` as raw bits (64 at most;
    /// sign-extended where the storage is signed).
    ///
    /// # Errors
    /// A value outside its record, pallet or the file (names the offset).
    pub fn value(&self, index: usize, field: u32, k: u32) -> Result<u64> {
        self.raw_at(&self.bytes, &self.rows[index], field, k)
    }

    /// String element `k` of field `field` of row `index`: inline in a
    /// sparse record, else through the string tables.
    ///
    /// # Errors
    /// An offset outside the string tables, a string without its NUL.
    pub fn string(&self, index: usize, field: u32, k: u32) -> Result<String> {
        let row = &self.rows[index];
        let b = &self.bytes;
        if self.sparse {
            let end = row.record + row.size;
            let mut at = row.record + self.sparse_offset(b, row, field)? as usize;
            for i in 0..=k {
                let rest = b.get(at..end).unwrap_or_default();
                let n = rest
                    .iter()
                    .position(|&c| c == 0)
                    .ok_or_else(|| Error::invalid(at as u64, "string without its NUL"))?;
                if i == k {
                    return Ok(String::from_utf8_lossy(&rest[..n]).into_owned());
                }
                at += n + 1;
            }
        }
        let s = self.storage[field as usize];
        let value = self.value(index, field, k)? as u32;
        if value == 0 {
            return Ok(String::new());
        }
        let pos = row.virtual_at + (s.offset_bits / 8) as u64 + 4 * k as u64;
        let total = self.total_records * self.record_size as u64;
        let target = (pos + value as u64).checked_sub(total);
        let hit = target
            .and_then(|t| self.strings.iter().find(|s| s.before <= t && t < s.before + s.len as u64).map(|s| (s, t)));
        let Some((table, t)) = hit else {
            let msg = format!("string offset {value} at record byte {pos} points outside the string tables");
            return Err(Error::invalid((row.record + (s.offset_bits / 8) as usize) as u64, msg));
        };
        let at = table.at + (t - table.before) as usize;
        let block = &b[at..table.at + table.len];
        let n =
            block.iter().position(|&c| c == 0).ok_or_else(|| Error::invalid(at as u64, "string without its NUL"))?;
        Ok(String::from_utf8_lossy(&block[..n]).into_owned())
    }

    /// The relationship-map value of row `index` (a `$relation$` column).
    pub fn relation(&self, index: usize) -> Option<u32> {
        self.rows[index].relation
    }
}

fn read_storage(b: &[u8], at: usize, fields: usize) -> Result<Vec<Storage>> {
    (0..fields)
        .map(|i| {
            let o = at + i * STORAGE;
            let w = |k: usize| u32_at(b, o + 4 + 4 * k);
            let s = Storage {
                offset_bits: u16::from_le_bytes([b[o], b[o + 1]]) as u32,
                size_bits: u16::from_le_bytes([b[o + 2], b[o + 3]]) as u32,
                extra: w(0)?,
                kind: w(1)?,
                v: [w(2)?, w(3)?, w(4)?],
            };
            if s.kind > 5 {
                return Err(Error::invalid(o as u64 + 8, format!("storage type {}", s.kind))).at_index(i);
            }
            Ok(s)
        })
        .collect()
}

/// Per field: where its pallet block starts, and its common values by id.
type PalletsAndCommons = (Vec<usize>, Vec<HashMap<u32, u32>>);

/// Where each field's pallet block starts, and each field's common values by id.
fn pallets_and_commons(
    b: &[u8],
    storage: &[Storage],
    pallets: usize,
    commons: usize,
    common_size: u32,
) -> Result<PalletsAndCommons> {
    let (mut pallet_at, mut common) = (Vec::new(), Vec::new());
    let (mut p, mut c) = (pallets, commons);
    for (i, s) in storage.iter().enumerate() {
        pallet_at.push(p);
        let mut map = HashMap::new();
        match s.kind {
            3 | 4 => p += s.extra as usize,
            2 => {
                let end = span(b, c, s.extra as u64 / 8, 8).at_elem("common", i)?;
                for e in (c..end).step_by(8) {
                    map.insert(u32_at(b, e)?, u32_at(b, e + 4)?);
                }
                c += s.extra as usize;
            }
            _ => {}
        }
        common.push(map);
    }
    if p > commons || c > commons + common_size as usize {
        return Err(Error::invalid(0, "pallet or common blocks run past their data")).at("header");
    }
    Ok((pallet_at, common))
}

/// The relationship map at `at..end`: record index → value.
fn relations(b: &[u8], at: usize, end: usize, size: u32) -> Result<HashMap<u32, u32>> {
    let mut relation_of = HashMap::new();
    if size >= 12 {
        let n = u32_at(b, at)?;
        let entries_end = span(b, at + 12, n as u64, 8).at("relationship_map")?;
        if entries_end > end {
            return Err(Error::invalid(at as u64, "relationship entries run past the map")).at("relationship_map");
        }
        for e in (at + 12..entries_end).step_by(8) {
            relation_of.insert(u32_at(b, e + 4)?, u32_at(b, e)?);
        }
    }
    Ok(relation_of)
}
