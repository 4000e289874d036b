//! `.bone` files (WoD+, wowdev wiki "BONE"): a `u32` header (1), then
//! chunks `BIDA` (`u16` bone ids) and `BOMT` (one 4×4 float matrix per id,
//! "transformation matrix for the given bone"). One file per variant of
//! the FacePose sequence (808) after the first, named by the model's
//! `BFID` chunk.

use crate::error::{Error, Result, ResultExt};
use crate::raw::chunked::split_chunks;
use crate::reader::Reader;

/// A parsed `.bone` file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BoneFile {
    /// `(bone id, matrix)`; the matrix as stored (column-major, 16 floats).
    pub bones: Vec<(u16, [f32; 16])>,
}

impl BoneFile {
    /// Parses `r`.
    ///
    /// # Errors
    /// No header, chunks that run past the file, or `BIDA` and `BOMT` of
    /// different counts (names the chunk and offset).
    pub fn parse(r: &Reader<'_, '_>) -> Result<BoneFile> {
        r.bytes(0, 4).at("header")?;
        let rest = Reader::new(&r.data()[4..], r.abs(4), r.state());
        let (mut ids, mut mats): (Vec<u16>, Vec<[f32; 16]>) = (Vec::new(), Vec::new());
        let mut at = r.abs(4);
        for (magic, off, data) in split_chunks(&rest)? {
            match &magic {
                b"BIDA" => ids = data.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect(),
                b"BOMT" => {
                    at = off;
                    mats = data
                        .chunks_exact(64)
                        .map(|m| {
                            std::array::from_fn(|k| {
                                f32::from_le_bytes([m[4 * k], m[4 * k + 1], m[4 * k + 2], m[4 * k + 3]])
                            })
                        })
                        .collect();
                }
                _ => {}
            }
        }
        if ids.len() != mats.len() {
            let msg = format!("{} bone ids but {} matrices", ids.len(), mats.len());
            return Err(Error::invalid(at, msg)).at("BOMT");
        }
        Ok(BoneFile { bones: ids.into_iter().zip(mats).collect() })
    }
}
