//! WoWDBDefs definitions (`definitions/<Table>.dbd`, github.com/wowdev/
//! WoWDBDefs, data under CC BY-SA 4.0; format in its `README.md`): the
//! columns every build of the client gave a table, and for each group of
//! builds the fields in file order.
//!
//! A file is a `COLUMNS` block — `type[<Foreign::ID>] Name[?]` lines,
//! `type` one of `int`, `float`, `string`, `locstring` — then definition
//! blocks separated by blank lines: `LAYOUT <hash>[, <hash>…]` and `BUILD
//! <build>[, <build>…]` or `BUILD <from>-<to>` lines, `COMMENT` lines, and
//! fields `[$annotations$]Name[<size>][[count]]` — annotations `id`,
//! `noninline` (not in the record: the id list or the relationship map),
//! `relation`; sizes `8`, `16`, `32`, `64` signed or `u8`… unsigned.

use m2view_error::{Error, Result};

/// A client build, `major.minor.patch.build`.
pub type Build = [u32; 4];

/// Parses `1.12.1.5875`.
pub fn parse_build(s: &str) -> Option<Build> {
    let mut b = [0u32; 4];
    let mut parts = s.trim().split('.');
    for v in b.iter_mut() {
        *v = parts.next()?.parse().ok()?;
    }
    parts.next().is_none().then_some(b)
}

/// What a column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An integer of `bits` (8, 16, 32, 64; 32 when the definition gives none).
    Int {
        /// Width in bits.
        bits: u8,
        /// Signed.
        signed: bool,
    },
    /// A 32-bit float.
    Float,
    /// A string (an offset into the string block, or inline in sparse tables).
    String,
    /// A localized string: one string in DB2; in `WDBC` 8 (1.x) or 16 (2.0+)
    /// locale strings and a flags field.
    LocString,
}

/// One field of a definition, in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// Column name.
    pub name: String,
    /// Its kind.
    pub kind: Kind,
    /// Array length (1 for a plain field).
    pub count: u32,
    /// The row id.
    pub id: bool,
    /// In the record (not the id list or relationship map).
    pub inline: bool,
    /// The `$relation$` column (the relationship map's value when not inline).
    pub relation: bool,
}

/// One definition: the layouts and builds it covers and its fields.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Version {
    /// Layout hashes (DB2 headers name theirs).
    pub layouts: Vec<u32>,
    /// Builds: `(from, to)` inclusive (equal for one build).
    pub builds: Vec<(Build, Build)>,
    /// Fields in file order.
    pub fields: Vec<Field>,
}

impl Version {
    /// Covers `build`.
    pub fn has_build(&self, build: Build) -> bool {
        self.builds.iter().any(|&(a, b)| a <= build && build <= b)
    }

    /// The field named `name` (any case).
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.name.eq_ignore_ascii_case(name))
    }
}

/// A parsed definition file.
#[derive(Debug, Clone, Default)]
pub struct Dbd {
    /// The table's name.
    pub table: String,
    /// `(column, kind)` of the `COLUMNS` block (ints with their definition's size unknown: 32).
    pub columns: Vec<(String, Kind)>,
    /// Every definition.
    pub versions: Vec<Version>,
}

fn column_kind(ty: &str) -> Option<Kind> {
    match ty.split('<').next()? {
        "int" => Some(Kind::Int { bits: 32, signed: true }),
        "float" => Some(Kind::Float),
        "string" => Some(Kind::String),
        "locstring" => Some(Kind::LocString),
        _ => None,
    }
}

impl Dbd {
    /// Parses definition `text` of `table` (`file` named in errors).
    ///
    /// # Errors
    /// A line that is not a column, a build, a layout or a field of a
    /// known column (names the line and its byte offset).
    pub fn parse(text: &str, table: &str, file: &str) -> Result<Dbd> {
        let mut dbd = Dbd { table: table.to_string(), ..Dbd::default() };
        let mut in_columns = false;
        let mut current: Option<Version> = None;
        let mut offset = 0u64;
        for (n, raw) in text.split('\n').enumerate() {
            let at = offset;
            offset += raw.len() as u64 + 1;
            let line = raw.trim();
            let bad = |what: &str| Error::invalid(at, format!("line {}: {what}: {line:?}", n + 1)).in_file(file);
            if line.is_empty() {
                in_columns = false;
                dbd.versions.extend(current.take().filter(|v| !v.fields.is_empty()));
                continue;
            }
            if line == "COLUMNS" {
                in_columns = true;
                continue;
            }
            if in_columns {
                let (ty, name) = line.split_once(' ').ok_or_else(|| bad("not `type Name`"))?;
                let kind = column_kind(ty).ok_or_else(|| bad("unknown column type"))?;
                let name = name.split("//").next().unwrap_or("").trim().trim_end_matches('?');
                dbd.columns.push((name.to_string(), kind));
                continue;
            }
            let v = current.get_or_insert_with(Version::default);
            if let Some(rest) = line.strip_prefix("LAYOUT ") {
                for h in rest.split(',') {
                    v.layouts.push(u32::from_str_radix(h.trim(), 16).map_err(|_| bad("bad layout hash"))?);
                }
            } else if let Some(rest) = line.strip_prefix("BUILD ") {
                for b in rest.split(',') {
                    let (from, to) = b.split_once('-').unwrap_or((b, b));
                    v.builds.push((
                        parse_build(from).ok_or_else(|| bad("bad build"))?,
                        parse_build(to).ok_or_else(|| bad("bad build"))?,
                    ));
                }
            } else if line.starts_with("COMMENT") {
            } else {
                let f = dbd.field(line).ok_or_else(|| bad("not a field of a column"))?;
                v.fields.push(f);
            }
        }
        dbd.versions.extend(current.filter(|v| !v.fields.is_empty()));
        Ok(dbd)
    }

    /// Parses one field line.
    fn field(&self, line: &str) -> Option<Field> {
        let line = line.split("//").next()?.trim();
        let (annotations, rest) = match line.strip_prefix('$') {
            Some(r) => r.split_once('$')?,
            None => ("", line),
        };
        let (rest, count) = match rest.split_once('[') {
            Some((r, c)) => (r, c.trim_end_matches(']').parse().ok()?),
            None => (rest, 1),
        };
        let (name, size) = match rest.split_once('<') {
            Some((n, s)) => (n, Some(s.trim_end_matches('>'))),
            None => (rest, None),
        };
        let mut kind = self.columns.iter().find(|(c, _)| c == name)?.1;
        if let (Kind::Int { .. }, Some(s)) = (kind, size) {
            let (signed, digits) = match s.strip_prefix('u') {
                Some(d) => (false, d),
                None => (true, s),
            };
            let bits: u8 = digits.parse().ok().filter(|b| [8, 16, 32, 64].contains(b))?;
            kind = Kind::Int { bits, signed };
        }
        let has = |a: &str| annotations.split(',').any(|x| x.trim() == a);
        Some(Field {
            name: name.to_string(),
            kind,
            count,
            id: has("id"),
            inline: !has("noninline"),
            relation: has("relation"),
        })
    }

    /// The definition of layout `hash`.
    pub fn by_layout(&self, hash: u32) -> Option<&Version> {
        self.versions.iter().find(|v| v.layouts.contains(&hash))
    }

    /// The definition of `build`.
    pub fn by_build(&self, build: Build) -> Option<&Version> {
        self.versions.iter().find(|v| v.has_build(build))
    }

    /// The kind of column `name` (any case).
    pub fn column(&self, name: &str) -> Option<Kind> {
        self.columns.iter().find(|(c, _)| c.eq_ignore_ascii_case(name)).map(|c| c.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "COLUMNS\nint ID\nint<Other::ID> Ref\nfloat Scale\nstring Name // a comment\nlocstring Title_lang?\n\n\
        BUILD 1.12.1.5875\n$id$ID<32>\nRef<32>\nTitle_lang\n\n\
        LAYOUT 0A0B0C0D, 11223344\nBUILD 9.0.1.33978-9.2.7.45745, 10.0.2.46000\nCOMMENT sparse\n$noninline,id$ID<32>\nName\nScale[3]\nRef<u16>\n$noninline,relation$Ref<32>\n";

    #[test]
    fn columns_builds_layouts_and_fields() {
        let d = Dbd::parse(TEXT, "T", "T.dbd").unwrap();
        assert_eq!(d.columns.len(), 5);
        assert_eq!(d.column("title_lang"), Some(Kind::LocString));
        let old = d.by_build([1, 12, 1, 5875]).unwrap();
        assert_eq!(old.fields.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["ID", "Ref", "Title_lang"]);
        assert!(old.fields[0].id && old.fields[0].inline);
        let new = d.by_layout(0x11223344).unwrap();
        assert!(new.has_build([9, 1, 0, 40000]) && new.has_build([10, 0, 2, 46000]) && !new.has_build([10, 0, 2, 1]));
        assert_eq!(new.fields[2].count, 3);
        assert_eq!(new.fields[3].kind, Kind::Int { bits: 16, signed: false });
        assert!(!new.fields[4].inline && new.fields[4].relation);
        assert!(d.by_build([2, 0, 0, 1]).is_none());
        let e = Dbd::parse("COLUMNS\nint ID\n\nBUILD 1.0.0.1\nNope\n", "T", "T.dbd").unwrap_err().to_string();
        assert!(e.starts_with("T.dbd: ") && e.contains("line 5: not a field"), "{e}");
    }
}
