//! MPQ archives in the web build: not read. `wow-mpq` 0.7, which reads their
//! tables, does not build for wasm32; opening an archive there is an error
//! that says so (the native build reads them, `mpq.rs`).

use std::path::Path;

use crate::{Entry, Error, Found, Result, Source};

/// An archive the web build cannot open.
pub struct Mpq(std::convert::Infallible);

impl Mpq {
    /// Always an error naming `path`.
    pub fn open(path: &Path, _listfile: Option<&crate::Listfile>) -> Result<Mpq> {
        Err(Error::new(path.display().to_string(), "", "MPQ archives are read by the native m2view only"))
    }
}

impl Source for Mpq {
    fn name(&self) -> &str {
        match self.0 {}
    }
    fn list(&self) -> Vec<Entry> {
        match self.0 {}
    }
    fn lookup(&self, _key: &str) -> Option<Found> {
        match self.0 {}
    }
    fn read(&self, _key: &str) -> Result<Vec<u8>> {
        match self.0 {}
    }
    fn display(&self, _key: &str) -> Option<String> {
        match self.0 {}
    }
}
