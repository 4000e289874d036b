//! Tests of `m2view` that drive external readers as a whole area: run apart in CI
//! (`cargo test -- readers::`), so that their time shows.

mod fbx;
mod windows;
