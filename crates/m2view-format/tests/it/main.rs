//! The integration tests of `m2view-format`, one binary (as ripgrep and rust-analyzer do):
//! one module per area. Modules named `readers` hold the tests that drive
//! external programs and readers; CI times them apart (`-- readers::`).

mod adt;
mod chunk_data;
mod companion;
mod corpus;
mod mdx;
mod reforged_versions;
mod roundtrip;
mod skel;
mod wmo;
