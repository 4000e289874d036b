//! The integration tests of `m2view-data`, one binary (as ripgrep and rust-analyzer do):
//! one module per area. Modules named `readers` hold the tests that drive
//! external programs and readers; CI times them apart (`-- readers::`).

mod archives;
mod casc;
