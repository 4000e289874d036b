//! Characters of 9.0+ clients, dressed from `ChrModel` and the
//! `ChrCustomization*` tables instead of `CharSections`: [`catalog`] reads
//! and indexes the tables, [`selection`] holds the options offered and the
//! choices made (requirements, defaults, `--customize "Hair Style=1"`),
//! and [`plan`] says what those choices make the client show — geosets,
//! composed textures with their layers, models worn beside the body —
//! whether or not the files are present.

pub mod catalog;
pub mod plan;
pub mod selection;

pub use catalog::Catalog;
pub use plan::Plan;
pub use selection::Selection;
