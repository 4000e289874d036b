//! File-faithful structures: what is on disk, per version, nothing interpreted.
//!
//! [`layout`] is the one table of per-version record sizes; [`m2`] the MD20
//! data; [`chunked`] the Legion+ container and `.anim` files; [`skel`] and
//! [`bone`] the skeleton files of Legion+ models; [`skin`] skin profiles;
//! [`track`] animation tracks.

pub mod bone;
pub mod chunked;
pub(crate) mod cursor;
pub mod layout;
pub mod m2;
pub mod mdx;
pub mod skel;
pub mod skin;
pub mod track;
pub mod wmo;

pub use chunked::{AnimFile, Chunks, M2File};
pub use m2::Md20;
pub use skin::SkinProfile;
pub use track::{M2Track, SequenceKeys, TrackKeys};
