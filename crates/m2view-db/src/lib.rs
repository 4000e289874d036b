//! World of Warcraft client tables: what the game knows about a model that
//! the model file does not say — which textures dress a creature, how a
//! character race customizes, what an item looks like.
//!
//! - [`wdbc`] reads `WDBC` tables (1.12, 2.4.3, 3.3.5 clients), [`wdc`]
//!   reads `WDC3`–`WDC5` `.db2` tables (8.1 to today), [`csv`] the CSV
//!   form modders pass tables around in;
//! - [`dbd`] reads WoWDBDefs definitions, [`defs`] finds them (`--dbd`, or
//!   embedded: `definitions.rs`), and [`table`] is the one way rows are read:
//!   any generation, columns by name, the layout chosen by hash, build or
//!   (for `WDBC`) shape;
//! - [`creature`], [`character`] (to 3.3.5), [`customization`] (9.0+
//!   characters), [`item`], [`liquid`] and [`animation`] decode the rows m2view uses
//!   into typed rows, flags decoded once;
//! - [`export`] writes any table as CSV, JSON or SQL.
//!
//! Everything is bounds-checked: a malformed table is an error
//! ([`m2view_error::Error`]) naming the file, the structure
//! (`records[12].TextureName`) and the byte offset. What the rows *mean*
//! for a model (skins, customization, equipment) is the `m2view-dress`
//! crate's.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod animation;
pub mod character;
pub mod creature;
pub mod csv;
pub mod customization;
pub mod dbd;
mod definitions;
pub mod defs;
pub mod export;
#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;
pub mod item;
pub mod liquid;
pub mod map;
pub mod table;
pub mod wdbc;
pub mod wdc;

pub use m2view_error::{Error, Result};
pub use wdbc::Dbc;
