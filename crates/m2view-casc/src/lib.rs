//! A World of Warcraft CASC local storage (every client since 6.0: retail,
//! Classic, Classic Era), read as the client reads it (wowdev wiki "CASC",
//! "TACT" and "BLTE"; CascLib; wow.export's `casc-source-local.js`):
//!
//! `.build.info` (which product and build) → the build config in
//! `Data/config/` → the encoding table (content key → encoding key and
//! size; [`encoding`]) → the root (FileDataID → content key, by locale and
//! content flags; [`root`]) → the newest `.idx` of each of the 16 buckets
//! (encoding key → `data.NNN`, offset, size; [`index`]) → the entry in
//! `data.NNN` (a 30-byte header, then BLTE; [`blte`]), decoded with the TACT
//! keys given ([`keys`]).
//!
//! Every file read is checked: the entry header names the encoding key
//! asked for, the BLTE header hashes to it, every chunk matches its MD5,
//! and the decoded file hashes to its content key. A damaged, truncated or
//! hostile structure is an error ([`m2view_error::Error`]) naming the file
//! of the storage (`.build.info`, `Data/data/data.003`, …), the structure
//! and the byte offset; sizes are checked before anything is allocated.
//! Nothing here touches the network: `m2view-cdn` supplies the same
//! encoding keys' frames ([`Frames`]) from a CDN's archives, whose indices
//! [`archive_index`] reads, instead of `data.NNN`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod archive_index;
pub mod blte;
pub mod config;
pub mod encoding;
#[cfg(feature = "fixtures")]
pub mod fixtures;
pub mod index;
pub mod jenkins;
pub mod keys;
pub mod root;
mod salsa20;
mod storage;
pub mod tvfs;

pub use keys::KeyRing;
pub use m2view_error::{Error, Result};
pub use storage::{FLAVOURS, Frame, Frames, OpenOptions, Parts, Storage, check_frame, locate_install};
