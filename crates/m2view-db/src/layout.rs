//! Which column layout a `WDBC` table has: the one place that knows the
//! layouts of the client builds m2view reads (1.12.1.5875, 2.4.3.8606,
//! 3.3.5.12340), from WoWDBDefs' definition files
//! (`definitions/<Table>.dbd`; a `locstring` is 9 fields in 1.12 and 17
//! from 2.0 on).
//!
//! A table's build is recognised from its shape, never assumed: first its
//! field count, then — where builds share a count but not an order (3.3.5
//! `CharSections` moved its texture names before the indices;
//! `ChrRaces` of 2.4.3 and 3.3.5 are both 69 fields wide) — which columns
//! hold strings in every row. A table that fits no known layout, or more
//! than one that disagree, is refused with an error naming the file and
//! what was found, rather than misread.

use m2view_error::{Error, Result};

use crate::wdbc::Dbc;

/// A client build family whose tables are known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Build {
    /// 1.12 (vanilla).
    Classic,
    /// 2.4.3 (The Burning Crusade).
    Tbc,
    /// 3.3.5 (Wrath of the Lich King).
    Wotlk,
}

impl Build {
    /// The client version, as people name it.
    pub fn version(self) -> &'static str {
        match self {
            Build::Classic => "1.12",
            Build::Tbc => "2.4.3",
            Build::Wotlk => "3.3.5",
        }
    }
}

/// Every build, for tables whose layout never changed.
pub const EVERY_BUILD: &[Build] = &[Build::Classic, Build::Tbc, Build::Wotlk];

/// One layout a table can have: the builds that use it, its field count,
/// the columns that hold strings (checked in every row) and its column
/// indices `C` (a struct of the table's columns).
#[derive(Debug, Clone, Copy)]
pub struct Shape<C: 'static> {
    /// Builds whose table has this layout.
    pub builds: &'static [Build],
    /// Fields per row.
    pub fields: u32,
    /// Columns holding string offsets.
    pub strings: &'static [u32],
    /// Where each column is.
    pub columns: C,
}

/// The shape of `d` among `shapes` (of the table `table`, named in errors).
///
/// # Errors
/// No shape has `d`'s field count; or none whose string columns hold
/// strings in every row (then the first offending cell is named); or
/// several that do and differ.
pub fn detect<'s, C: PartialEq>(d: &Dbc, table: &str, shapes: &'s [Shape<C>]) -> Result<&'s Shape<C>> {
    let known: Vec<String> = shapes
        .iter()
        .flat_map(|s| s.builds.iter().map(move |b| format!("{} ({} fields)", b.version(), s.fields)))
        .collect();
    let sized: Vec<&Shape<C>> = shapes.iter().filter(|s| s.fields == d.fields).collect();
    if sized.is_empty() {
        let msg = format!("{} fields is no known {table} layout: {}", d.fields, known.join(", "));
        return Err(Error::invalid(8, msg).in_file(&d.name));
    }
    if d.records == 0 {
        return Ok(sized[0]); // nothing to misread
    }
    let misfit = |s: &Shape<C>| {
        d.rows().find_map(|r| s.strings.iter().find(|&&c| !d.is_string_start(r.index, c)).map(|&c| (r.index, c)))
    };
    let fits: Vec<&Shape<C>> = sized.iter().copied().filter(|s| misfit(s).is_none()).collect();
    match fits.as_slice() {
        [one] => Ok(one),
        [first, rest @ ..] if rest.iter().all(|s| s.columns == first.columns) => Ok(first),
        [] => {
            let (row, col) = misfit(sized[0]).unwrap_or_default();
            let msg = format!(
                "not a {table} table of a known layout ({}): row {row} column {col} should hold a string",
                known.join(", ")
            );
            Err(Error::invalid(crate::wdbc::HEADER as u64, msg).in_file(&d.name))
        }
        _ => {
            let builds: Vec<&str> = fits.iter().flat_map(|s| s.builds.iter().map(|b| b.version())).collect();
            let msg = format!("{table} layout is ambiguous: it reads as {}", builds.join(" and "));
            Err(Error::invalid(8, msg).in_file(&d.name))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wdbc::{Strings, write};

    #[derive(Debug, Clone, Copy, PartialEq)]
    struct Cols {
        name: u32,
        value: u32,
    }

    const SHAPES: [Shape<Cols>; 2] = [
        Shape { builds: &[Build::Classic], fields: 3, strings: &[1], columns: Cols { name: 1, value: 2 } },
        Shape { builds: &[Build::Wotlk], fields: 3, strings: &[2], columns: Cols { name: 2, value: 1 } },
    ];

    #[test]
    fn same_width_layouts_are_told_apart_by_their_strings() {
        let mut s = Strings::default();
        let (a, b) = (s.add("Human"), s.add("Orc"));
        let classic = write(3, &[vec![1, a, 3], vec![2, b, 4]], &s.0);
        let wotlk = write(3, &[vec![1, 3, a], vec![2, 4, b]], &s.0);
        let d = Dbc::parse(classic, "c.dbc").unwrap();
        assert_eq!(detect(&d, "T", &SHAPES).unwrap().builds, &[Build::Classic]);
        let d = Dbc::parse(wotlk, "w.dbc").unwrap();
        assert_eq!(detect(&d, "T", &SHAPES).unwrap().columns, Cols { name: 2, value: 1 });
        // Neither: named, with the cell that is no string.
        let d = Dbc::parse(write(3, &[vec![1, 3, 4]], &s.0), "x.dbc").unwrap();
        let e = detect(&d, "T", &SHAPES).unwrap_err().to_string();
        assert!(e.starts_with("x.dbc: ") && e.contains("row 0 column 1 should hold a string"), "{e}");
        // Both (every value a string start) and they disagree: ambiguous.
        let d = Dbc::parse(write(3, &[vec![1, 0, 0]], &s.0), "y.dbc").unwrap();
        assert!(detect(&d, "T", &SHAPES).unwrap_err().to_string().contains("ambiguous"));
        // Another width: refused, listing the known ones.
        let d = Dbc::parse(write(4, &[vec![1, 0, 0, 0]], &s.0), "z.dbc").unwrap();
        let e = detect(&d, "T", &SHAPES).unwrap_err().to_string();
        assert!(e.contains("4 fields is no known T layout: 1.12 (3 fields), 3.3.5 (3 fields)"), "{e}");
    }
}
