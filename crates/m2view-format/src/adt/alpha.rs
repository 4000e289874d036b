//! A terrain layer's alpha map (`MCAL`, wowdev wiki "ADT/v18"): 64 × 64
//! values, row by row in the chunk's row and column order (as its heights),
//! stored one of three ways:
//! - compressed (layer flag 0x200): runs of `[count | 0x80, value]` (fill)
//!   or `[count, value × count]` (copy), until 4,096 values;
//! - 8-bit ("big alpha", WDT `MPHD` flag 0x4 or 0x80): 4,096 bytes;
//! - 4-bit: 2,048 bytes, low nibble first, each nibble × 17; unless the
//!   chunk's flag 0x8000 ("do not fix alpha map") is set, the last row and
//!   column repeat the 63rd.
//!
//! Which of the uncompressed forms a tile uses is the WDT's flag; without
//! the WDT it is told by the room the layer has in `MCAL` (4,096 bytes or
//! more before the next layer's map: 8-bit).

use crate::error::{Error, Result};

/// Values per alpha map.
pub const ALPHA_SIZE: usize = 64 * 64;

/// Decodes the map at `offset` of `mcal` for a layer with `flags`, `room`
/// bytes before the next layer's map (or the end), in a chunk whose
/// "do not fix" flag is `no_fix`. Errors: the map runs past `MCAL`.
pub fn decode(mcal: &[u8], offset: usize, room: usize, flags: u32, no_fix: bool) -> Result<Vec<u8>> {
    let data = mcal.get(offset..).ok_or_else(|| {
        Error::invalid(offset as u64, format!("alpha map at {offset} past MCAL ({} bytes)", mcal.len()))
    })?;
    let short = |need: usize| {
        Error::invalid(offset as u64, format!("alpha map needs {need} bytes, {} left in MCAL", data.len()))
    };
    let mut out = Vec::with_capacity(ALPHA_SIZE);
    if flags & 0x200 != 0 {
        let mut i = 0;
        while out.len() < ALPHA_SIZE {
            let head = *data.get(i).ok_or_else(|| short(i + 1))?;
            let count = ((head & 0x7F) as usize).min(ALPHA_SIZE - out.len());
            if head & 0x80 != 0 {
                let v = *data.get(i + 1).ok_or_else(|| short(i + 2))?;
                out.extend(std::iter::repeat_n(v, count));
                i += 2;
            } else {
                out.extend_from_slice(data.get(i + 1..i + 1 + count).ok_or_else(|| short(i + 1 + count))?);
                i += 1 + count;
            }
        }
    } else if room >= ALPHA_SIZE {
        out.extend_from_slice(data.get(..ALPHA_SIZE).ok_or_else(|| short(ALPHA_SIZE))?);
    } else {
        for &b in data.get(..ALPHA_SIZE / 2).ok_or_else(|| short(ALPHA_SIZE / 2))? {
            out.push((b & 0x0F) * 17);
            out.push((b >> 4) * 17);
        }
        if !no_fix {
            for r in 0..64 {
                out[r * 64 + 63] = out[r * 64 + 62];
            }
            let (rows, last) = out.split_at_mut(63 * 64);
            last.copy_from_slice(&rows[62 * 64..]);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_decodes_to_64_by_64() {
        // 4-bit: 0x21 → 1 × 17, 2 × 17; fixed: the last column repeats the 63rd.
        let four = vec![0x21u8; 2048];
        let a = decode(&four, 0, 2048, 0x100, false).unwrap();
        assert_eq!((a.len(), a[0], a[1], a[63]), (4096, 17, 34, 17));
        let raw = decode(&four, 0, 2048, 0x100, true).unwrap();
        assert_eq!(raw[63], 34);
        // 8-bit when the layer has room for it.
        let eight: Vec<u8> = (0..4096).map(|i| (i % 251) as u8).collect();
        assert_eq!(decode(&eight, 0, 4096, 0x100, true).unwrap(), eight);
        // Compressed: fill 4,000 × 9, copy 96 values.
        let mut rle = vec![0x80 | 127, 9];
        let mut n = 127;
        while n + 127 <= 4000 {
            rle.extend([0x80 | 127, 9]);
            n += 127;
        }
        rle.extend([0x80 | (4000 - n) as u8, 9]);
        rle.push(96);
        rle.extend(0..96u8);
        let c = decode(&rle, 0, rle.len(), 0x300, false).unwrap();
        assert_eq!((c.len(), c[3999], c[4000], c[4095]), (4096, 9, 0, 95));
        // Truncated maps (and runs that never fill the map) are errors, not panics.
        assert!(decode(&four[..100], 0, 100, 0x100, true).is_err());
        assert!(decode(&[0, 0, 0], 0, 3, 0x300, true).is_err());
        assert!(decode(&four, 5000, 0, 0x100, true).is_err());
    }
}
