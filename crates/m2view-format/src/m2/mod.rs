//! M2 (MD20 v256–274, chunked MD21) into the model: [`convert`] is the only
//! code besides `raw` that knows M2 versions; `writer` (fixtures feature)
//! writes raw M2 structures back, for tests.

pub mod convert;
#[cfg(any(test, feature = "fixtures"))]
pub mod writer;
