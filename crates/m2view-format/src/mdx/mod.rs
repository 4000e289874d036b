//! MDX (Warcraft III and WoW alpha, v800–1500) into the model: [`convert`]
//! is the only code that maps MDX concepts onto M2's; `writer` (fixtures
//! feature) writes raw MDX structures back, for tests.

pub mod convert;
#[cfg(any(test, feature = "fixtures"))]
pub mod writer;
