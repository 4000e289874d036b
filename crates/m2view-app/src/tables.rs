//! Client tables as files of their own (`.dbc`, `.db2`, `.csv`): known
//! by name, opened with the WoWDBDefs definitions of the open options
//! (the window's table view, `info` and `export`).

use std::path::Path;

use m2view_db::table::Table;

use crate::AppError;

/// True if `path` names a client table: `.dbc`, `.db2` or `.csv`.
pub fn is_table_name(path: &str) -> bool {
    let l = path.to_ascii_lowercase();
    [".dbc", ".db2", ".csv"].iter().any(|e| l.ends_with(e))
}

/// The table a file holds by its name: `DBFilesClient\ItemDisplayInfo.db2`
/// is `ItemDisplayInfo`.
pub fn table_name(file: &str) -> &str {
    let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
    base.rsplit_once('.').map_or(base, |(stem, _)| stem)
}

/// Opens table file `file` (a virtual path with `--data`) with the
/// definitions of `opts` (`--dbd`).
///
/// Errors: the file cannot be read, no definition fits it (the message
/// says what was found and that `--dbd` gives more), or it is malformed
/// (file, structure and offset); all exit 2.
pub fn open(file: &Path, opts: &crate::open::OpenOptions) -> Result<Table, AppError> {
    let bytes = crate::open::read(file, opts)?;
    let name = file.to_string_lossy();
    Table::parse(bytes, &name, table_name(&name), &opts.dbd, None).map_err(AppError::input)
}
