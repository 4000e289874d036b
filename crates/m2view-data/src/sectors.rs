//! Decoding a stored MPQ file from its sectors (every file m2view reads
//! from an archive). `wow-mpq` 0.7's own reader decodes encrypted files
//! wrongly: its `decrypt_file_data` also "decrypts" the last 1–3 bytes of a
//! unit whose length is not a multiple of four (with a key of its own
//! making), where the format leaves them as they are (wowdev wiki "MPQ",
//! *Encryption*: the cipher works on whole 32-bit words; StormLib's
//! `DecryptMpqBlock` takes `length / 4` of them). A compressed sector's last
//! bytes are its checksum or end of stream: a zlib sector then fails its
//! Adler-32 (JMPQ3's `normalMap.w3x` `(listfile)`, FIX_KEY) and a bzip2 one
//! fails to decode (3.3.5 patches whose files are bzip2 and encrypted
//! without FIX_KEY), and the crate fills the sector with zeros.
//!
//! The layout follows the same wiki page (sector offset table, encryption
//! keys) and uses `wow-mpq`'s own primitives (name hash, the word cipher,
//! decompressors); every sector must come out at its exact size, and the
//! output grows with what decodes, not with the size the table claims.

use wow_mpq::BlockEntry;

use crate::MpqError;

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

/// Decrypts `data` in place with `key`: its whole 32-bit words; the 1–3
/// bytes after the last one are stored unencrypted.
pub(crate) fn decrypt(data: &mut [u8], key: u32) {
    let whole = data.len() / 4 * 4;
    let mut words: Vec<u32> =
        data[..whole].chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    wow_mpq::decrypt_block(&mut words, key);
    for (c, w) in data[..whole].chunks_exact_mut(4).zip(words) {
        c.copy_from_slice(&w.to_le_bytes());
    }
}

/// One compressed unit of `expected` bytes: type byte, then data
/// (imploded units have no type byte).
fn inflate(unit: &[u8], expected: usize, implode: bool) -> Result<Vec<u8>, MpqError> {
    let (kind, data) =
        if implode { (0x08, unit) } else { unit.split_first().map(|(k, d)| (*k, d)).ok_or(MpqError::EmptySector)? };
    // PKWare DCL is the first method undone unless bzip2 (0x10) is also set.
    if kind & 0x08 != 0 && kind & 0x10 == 0 {
        dcl_header(data)?;
    }
    let out = wow_mpq::decompress(data, kind, expected).map_err(|e| MpqError::Decompress(e.to_string()))?;
    if out.len() != expected {
        return Err(MpqError::DecodedSize { got: out.len(), expected });
    }
    Ok(out)
}

/// Refuses a PKWare DCL ("implode") stream whose header is not the
/// format's — literal mode 0 (binary) or 1 (ASCII), dictionary size bits
/// 4, 5 or 6 (wowdev wiki "MPQ", *Compression*; StormLib `explode.c`) —
/// before the decompressor sees it (a mutated header made it index out of
/// bounds and panic).
fn dcl_header(data: &[u8]) -> Result<(), MpqError> {
    match data {
        [0 | 1, 4..=6, ..] => Ok(()),
        [mode, bits, ..] => Err(MpqError::DclHeader { mode: *mode, bits: *bits }),
        _ => Err(MpqError::DclShort),
    }
}

/// Decodes the whole file. Errors say which sector failed and why.
pub fn decode(f: &Stored<'_>) -> Result<Vec<u8>, MpqError> {
    let encrypted = f.flags & BlockEntry::FLAG_ENCRYPTED != 0;
    let compressed = f.flags & (BlockEntry::FLAG_COMPRESS | BlockEntry::FLAG_IMPLODE) != 0;
    let implode = f.flags & BlockEntry::FLAG_IMPLODE != 0;
    let key = if encrypted { file_key(f) } else { 0 };
    if f.size == 0 {
        // An empty file has no sectors and often no stored bytes at all.
        return Ok(Vec::new());
    }
    if f.flags & BlockEntry::FLAG_SINGLE_UNIT != 0 || !compressed {
        let mut data = f.raw.to_vec();
        if encrypted {
            decrypt(&mut data, key);
        }
        return if compressed && data.len() < f.size {
            inflate(&data, f.size, implode)
        } else {
            data.truncate(f.size);
            (data.len() == f.size).then_some(data).ok_or(MpqError::StoredShort)
        };
    }
    let sector = f.sector_size.max(512);
    let n = f.size.div_ceil(sector);
    let table_len = (n + 1) * 4;
    let mut table = f.raw.get(..table_len).ok_or(MpqError::SectorTable)?.to_vec();
    if encrypted {
        decrypt(&mut table, key.wrapping_sub(1));
    }
    let offsets: Vec<usize> =
        table.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as usize).collect();
    // Grown sector by sector: `f.size` is the table's claim, not yet the data's.
    let mut out = Vec::new();
    for i in 0..n {
        let (a, b) = (offsets[i], offsets[i + 1]);
        let mut unit =
            f.raw.get(a..b).filter(|_| a <= b).ok_or(MpqError::SectorOutside { sector: i, start: a, end: b })?.to_vec();
        if encrypted {
            decrypt(&mut unit, key.wrapping_add(i as u32));
        }
        let expected = sector.min(f.size - out.len());
        if unit.len() < expected {
            let sector = |e| MpqError::Sector { sector: i, problem: Box::new(e) };
            out.extend(inflate(&unit, expected, implode).map_err(sector)?);
        } else {
            out.extend_from_slice(&unit[..expected]);
        }
    }
    Ok(out)
}
