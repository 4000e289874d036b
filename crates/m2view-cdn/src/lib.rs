//! World of Warcraft from Blizzard's CDN, without an install (TACT; wowdev
//! wiki "TACT", "CASC", "BLTE"; wow.export's `casc-source-remote.js` does
//! the same): any product (`wow`, `wow_classic`, `wow_classic_era`,
//! `wowt`, `wow_beta`, …) in any region, opened as a
//! [`m2view_casc::Storage`] whose frames come over HTTP ([`open`]).
//!
//! The chain: the version service's `versions` and `cdns` tables
//! ([`versions`]) → the build config and the CDN config → every archive
//! index, in parallel, each checked against its name
//! ([`m2view_casc::archive_index`]) → one merged index per CDN config
//! ([`merged`]) → the encoding table, fetched loose → the root → files by
//! HTTP byte range from their archive, or loose. Everything fetched is
//! kept in a content-addressed cache ([`cache`]) that answers with the
//! network gone; every entry is verified on read and written whole.
//!
//! Plain `http://` only ([`http`]: ureq without TLS), TACT's scheme.
//! Errors ([`CdnError`]) name the URL or cache file and what was fetched,
//! and tell the network's failures from the data's.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cache;
mod error;
#[cfg(feature = "fixtures")]
pub mod fixtures;
mod frames;
pub mod http;
pub mod merged;
mod open;
pub mod versions;

pub use error::{CdnError, Result};
pub use http::Stats;
pub use open::{CdnOptions, Opened, Progress, builds, open};
