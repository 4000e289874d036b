//! Tests of `m2view-web` that drive external readers as a whole area: run apart in CI
//! (`cargo test -- readers::`), so that their time shows.

mod browser;
