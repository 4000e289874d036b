//! MDX (Warcraft III and WoW alpha, v800–1500) into the model: [`convert`]
//! is the only code that maps MDX concepts onto M2's; [`classic`] makes a
//! Reforged model a classic one; `writer` (fixtures feature) writes raw MDX
//! structures back, for tests.

pub mod classic;
pub mod convert;
#[cfg(any(test, feature = "fixtures"))]
pub mod writer;
