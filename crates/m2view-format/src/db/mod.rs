//! Client databases: what the game knows about a model that the model file
//! does not say (which textures dress a creature, its scale).
//!
//! - [`wdbc`] reads `WDBC` tables (1.12, 2.4.3, 3.3.5 clients), [`wdc3`]
//!   reads `WDC3` `.db2` tables (8.1–9.x);
//! - [`tables`] is the one place that knows their column layouts per build
//!   (from WoWDBDefs' definition files) and decodes the rows m2view uses;
//! - [`crate::skins`] turns rows into the skins of an open model.

pub mod tables;
pub mod wdbc;
pub mod wdc3;
