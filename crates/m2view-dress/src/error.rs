//! Why a character or creature could not be dressed as asked: the one
//! error of this crate's fallible requests (choices, items, outfits, NPC
//! displays). A table that does not read keeps its own error, with file,
//! structure path and byte offset (`m2view-error`); the rest name the
//! table, row, option or body at fault in words a user acts on.

/// A dressing request the client tables refuse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DressError {
    /// A client table that is there but does not read.
    #[error(transparent)]
    Table(#[from] m2view_error::Error),
    /// A table the request needs is not among the client tables.
    #[error("no {table} in the client tables ({hint})")]
    MissingTable {
        /// The table, as the client names it (`Item.dbc`, `ChrModel`).
        table: &'static str,
        /// What the user can do: give the tables, or do without this one.
        hint: String,
    },
    /// A row the request names is not in its table: an item, a creature
    /// display, its extra row or model. The message names both.
    #[error("{0}")]
    MissingRow(String),
    /// A choice or item the tables do not allow: a choice out of range or
    /// not offered, a requirement another choice does not meet, an item
    /// nothing shows. The message names the option or item and what is
    /// allowed.
    #[error("{0}")]
    Refused(String),
    /// An outfit or NPC display made for another race, sex or body than
    /// the model's; the message names both.
    #[error("{0}")]
    OtherBody(String),
    /// An outfit file that is not an outfit.
    #[error("{file}: not an outfit: {message}")]
    Outfit {
        /// The file, as the user named it.
        file: String,
        /// The JSON error, with line and column.
        message: String,
    },
}

/// A dressing result.
pub type Result<T> = std::result::Result<T, DressError>;

/// The rows of table `table`, or [`DressError::MissingTable`] (a table that
/// does not read: [`DressError::Table`]).
pub(crate) fn required<T>(
    table: &'static str,
    rows: m2view_error::Result<Option<std::sync::Arc<Vec<T>>>>,
) -> Result<std::sync::Arc<Vec<T>>> {
    rows?.ok_or_else(|| DressError::MissingTable { table, hint: "give --dbc DIR or --data".into() })
}
