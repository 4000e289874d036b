//! `AnimationData`: the client's name of each animation id. Columns per
//! WoWDBDefs `definitions/AnimationData.dbd`: 0 ID, 1 Name, the same in
//! 1.12, 2.4.3 and 3.3.5 (7 or 8 fields).

use m2view_error::Result;

use crate::layout::{Build, Shape, detect};
use crate::wdbc::Dbc;

const SHAPES: [Shape<()>; 2] = [
    Shape { builds: &[Build::Classic, Build::Tbc], fields: 7, strings: &[1], columns: () },
    Shape { builds: &[Build::Wotlk], fields: 8, strings: &[1], columns: () },
];

/// `(animation id, the client's name for it)` per row.
///
/// # Errors
/// A table of no known layout, or a cell that does not read.
pub fn animation_names(d: &Dbc) -> Result<Vec<(u32, String)>> {
    detect(d, "AnimationData", &SHAPES)?;
    d.rows().map(|r| Ok((r.u32(0, "ID")?, r.string(1, "Name")?))).collect()
}
