//! Decoding a stored MPQ file from its sectors, for the files `wow-mpq` 0.7
//! cannot decode: zlib sectors whose Adler-32 trailer does not match (real
//! Warcraft III maps written with FIX_KEY encryption, e.g. JMPQ3's
//! `normalMap.w3x` `(listfile)`: the deflate data is sound, the crate's zlib
//! reader refuses it and the crate then fills the sector with zeros).
//!
//! The layout follows the wowdev wiki "MPQ" page (sector offset table,
//! encryption keys) and uses `wow-mpq`'s own primitives (hash, decryption,
//! decompressors); only zlib sectors are inflated here, as raw deflate after
//! their two-byte header, and every sector must come out at its exact size.

use std::io::Read;

use wow_mpq::BlockEntry;

/// What is needed of one stored file.
pub struct Stored<'a> {
    /// Its name as stored (the key comes from the part after the last `\`).
    pub name: &'a str,
    /// The stored bytes (`compressed_size` long, from the file's position).
    pub raw: &'a [u8],
    /// Position relative to the archive start (FIX_KEY).
    pub pos: u32,
    /// Decoded size.
    pub size: usize,
    /// Block flags.
    pub flags: u32,
    /// Archive sector size (`512 << block_size`).
    pub sector_size: usize,
}

/// The file's decryption key (wowdev "MPQ": hash of the plain file name,
/// adjusted by position and size with FIX_KEY).
fn file_key(f: &Stored<'_>) -> u32 {
    let plain = f.name.rsplit(['\\', '/']).next().unwrap_or(f.name);
    let base = wow_mpq::hash_string(plain, wow_mpq::hash_type::FILE_KEY);
    if f.flags & BlockEntry::FLAG_FIX_KEY != 0 { base.wrapping_add(f.pos) ^ f.size as u32 } else { base }
}

/// One compressed unit of `expected` bytes: type byte, then data.
fn inflate(unit: &[u8], expected: usize, implode: bool) -> Result<Vec<u8>, String> {
    let out = if implode {
        wow_mpq::decompress(unit, 0x08, expected).map_err(|e| e.to_string())?
    } else {
        let (&kind, data) = unit.split_first().ok_or("empty sector")?;
        if kind == 0x02 && data.len() > 2 {
            let mut out = Vec::with_capacity(expected);
            flate2::read::DeflateDecoder::new(&data[2..])
                .take(expected as u64 + 1)
                .read_to_end(&mut out)
                .map_err(|e| format!("zlib: {e}"))?;
            out
        } else {
            wow_mpq::decompress(data, kind, expected).map_err(|e| e.to_string())?
        }
    };
    if out.len() != expected {
        return Err(format!("decodes to {} bytes, not {expected}", out.len()));
    }
    Ok(out)
}

/// Decodes the whole file. Errors say which sector failed and why.
pub fn decode(f: &Stored<'_>) -> Result<Vec<u8>, String> {
    let encrypted = f.flags & BlockEntry::FLAG_ENCRYPTED != 0;
    let compressed = f.flags & (BlockEntry::FLAG_COMPRESS | BlockEntry::FLAG_IMPLODE) != 0;
    let implode = f.flags & BlockEntry::FLAG_IMPLODE != 0;
    let key = if encrypted { file_key(f) } else { 0 };
    if f.flags & BlockEntry::FLAG_SINGLE_UNIT != 0 || !compressed {
        let mut data = f.raw.to_vec();
        if encrypted {
            wow_mpq::decrypt_file_data(&mut data, key);
        }
        return if compressed && data.len() < f.size {
            inflate(&data, f.size, implode)
        } else {
            data.truncate(f.size);
            (data.len() == f.size).then_some(data).ok_or_else(|| "stored data shorter than the file".into())
        };
    }
    let sector = f.sector_size.max(512);
    let n = f.size.div_ceil(sector);
    let table_len = (n + 1) * 4;
    let mut table = f.raw.get(..table_len).ok_or("sector offset table runs past the stored data")?.to_vec();
    if encrypted {
        wow_mpq::decrypt_file_data(&mut table, key.wrapping_sub(1));
    }
    let offsets: Vec<usize> =
        table.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as usize).collect();
    let mut out = Vec::with_capacity(f.size);
    for i in 0..n {
        let (a, b) = (offsets[i], offsets[i + 1]);
        let mut unit = f
            .raw
            .get(a..b)
            .filter(|_| a <= b)
            .ok_or_else(|| format!("sector {i}: offsets {a}..{b} outside the stored data"))?
            .to_vec();
        if encrypted {
            wow_mpq::decrypt_file_data(&mut unit, key.wrapping_add(i as u32));
        }
        let expected = sector.min(f.size - out.len());
        if unit.len() < expected {
            out.extend(inflate(&unit, expected, implode).map_err(|e| format!("sector {i}: {e}"))?);
        } else {
            out.extend_from_slice(&unit[..expected]);
        }
    }
    Ok(out)
}
