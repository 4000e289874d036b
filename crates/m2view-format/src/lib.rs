//! Reading World of Warcraft models: M2 (MD20 v256–274 and chunked MD21),
//! `.skin`, `.anim` and BLP, into one version-independent [`Model`].
//!
//! Two layers, as in gltf-rs:
//! - [`raw`]: file-faithful structures mirroring the disk layout per version,
//!   parsed with nom through one checked reader ([`reader`]) with an
//!   allocation budget derived from the file size;
//! - [`model`]: one owned, validated model. [`convert`] is the only code that
//!   turns versions into that model.
//!
//! Every malformed, truncated or inconsistent input yields an [`Error`] naming
//! the file, the structure path and the byte offset; nothing here panics on
//! input, loops without bound, or allocates past the budget.
//!
//! Sources: wowdev M2 page (shared/seeds/000), shared/spec/{skin,blp,animation}.md.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod blp;
pub mod companion;
pub mod convert;
pub mod error;
pub mod fixtures;
pub mod model;
mod names;
pub mod raw;
pub mod reader;
pub mod writer;

pub use companion::{
    Companion, CompanionKind, LoadOptions, LoadedModel, load_model_file, m2_to_model_bytes, parse_m2, parse_m2_lazy,
    parse_skin,
};
pub use convert::m2_to_model;
pub use error::{Error, ErrorKind, Result};
pub use model::*;
pub use names::{animation_name, attachment_name, geoset_group_name, key_bone_name};

/// Parses M2 bytes and converts them with the given `.skin` files (Wrath+;
/// pass none for inline-profile versions). `name` is used in errors.
pub fn model_from_bytes(m2: &[u8], name: &str, skins: &[(&str, &[u8])]) -> Result<Model> {
    let file = parse_m2_lazy(m2, name)?;
    let version = file.md20.version;
    let skins =
        skins.iter().map(|(n, b)| Ok((n.to_string(), parse_skin(b, version, n)?))).collect::<Result<Vec<_>>>()?;
    m2_to_model_bytes(&file, m2, name, &skins)
}
