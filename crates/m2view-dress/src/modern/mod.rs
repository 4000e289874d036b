//! Characters of 9.0+ clients, dressed from `ChrModel` and the
//! `ChrCustomization*` tables instead of `CharSections`: [`catalog`] reads
//! and indexes the tables, [`selection`] holds the options offered and the
//! choices made (requirements, defaults, `--customize "Hair Style=1"`)
//! and the items worn ([`equipment`]),
//! and [`plan`] says what those choices make the client show — geosets,
//! composed textures with their layers, models worn beside the body —
//! whether or not the files are present. [`character`] is a race model
//! opened as such a character, [`npc`] one dressed as an NPC display.

pub mod catalog;
pub mod character;
pub mod equipment;
pub mod npc;
pub mod plan;
pub mod selection;

pub use catalog::Catalog;
pub use character::ModernCharacter;
pub use plan::Plan;
pub use selection::Selection;
