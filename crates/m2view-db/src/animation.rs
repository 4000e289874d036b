//! `AnimationData`: the client's name of each animation id (WoWDBDefs
//! `AnimationData.dbd`: `Name`, to 3.3.5; later tables carry no names).

use m2view_error::Result;

use crate::table::Table;

/// `(animation id, the client's name for it)` per row (none when the
/// table names no animations).
///
/// # Errors
/// A cell that does not read.
pub fn animation_names(t: &Table) -> Result<Vec<(u32, String)>> {
    if !t.has("Name") {
        return Ok(Vec::new());
    }
    t.rows().map(|r| Ok((r.id(), r.string("Name")?))).collect()
}
