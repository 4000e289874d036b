//! The integration tests of `m2view-dress`, one binary (as ripgrep and rust-analyzer do):
//! one module per area. Modules named `readers` hold the tests that drive
//! external programs and readers; CI times them apart (`-- readers::`).

mod characters;
mod creatures;
mod liquids;
mod modern;
