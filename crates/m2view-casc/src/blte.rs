//! BLTE, the block table encoding every file of a CASC storage is stored in
//! (wowdev wiki "BLTE"): `BLTE`, a big-endian header size, then either one
//! chunk (header size 0) or a chunk table — flags `0x0F` (24-byte entries:
//! encoded size, decoded size, MD5 of the encoded chunk) or `0x10` (40-byte
//! entries, also the MD5 of the decoded chunk), a 24-bit count — and the
//! chunks. Each chunk starts with its mode:
//!
//! - `N` plain bytes; `Z` zlib;
//! - `4` LZ4: sub-blocks of `u32` decoded size, `u32` encoded size (both
//!   little-endian) and the payload, stored plain when it would not shrink
//!   (as read by `casc-lib` 0.2's `blte/compression.rs` and cascette-rs's
//!   `blte` crate; no WoW build's ESpec uses it);
//! - `F` a whole BLTE frame, recursively;
//! - `E` encrypted (CascLib `src/CascDecrypt.cpp`): key name length (8),
//!   the key name, IV length (4 or 8), the IV, the cipher (`S` Salsa20;
//!   `A` ARC4 is refused, as CascLib does), then the encrypted chunk, whose
//!   plain text is again a mode byte and its data.
//!
//! Every chunk is decoded into a buffer of exactly the size the table (or,
//! for a single chunk, the caller) declares, after checking that its bytes
//! can decode to that size (zlib at most 1,032:1, LZ4 255:1); a stream that
//! ends early or runs on, a checksum that differs, an unknown key or a
//! cipher not supported is an error naming the chunk and its offset in the
//! frame — never zero-filled or partial bytes.

use std::sync::{Arc, Mutex};

use m2view_error::{Error, ErrorKind, Result, ResultExt};

use crate::keys::KeyRing;

/// Largest file a frame may decode to (no game file comes near it).
pub const MAX_DECODED: u64 = 1 << 30;
/// Nested `F` frames deeper than this are refused.
const MAX_DEPTH: usize = 4;

/// One chunk of a frame: where its encoded bytes are (in the frame) and
/// where its decoded bytes go (in the file).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chunk {
    /// Offset of the encoded chunk (mode byte first) in the frame.
    pub encoded_at: usize,
    /// Encoded size, mode byte included.
    pub encoded: usize,
    /// Offset of the decoded chunk in the file.
    pub decoded_at: u64,
    /// Decoded size.
    pub decoded: u64,
    /// MD5 of the encoded chunk (`None`: single-chunk frame or all zeros).
    pub md5: Option<[u8; 16]>,
    /// MD5 of the decoded chunk (flags `0x10` tables only).
    pub decoded_md5: Option<[u8; 16]>,
}

/// A frame's chunk table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// The chunks, in file order.
    pub chunks: Vec<Chunk>,
    /// Bytes the frame decodes to.
    pub size: u64,
    /// Header bytes (`BLTE`, size, chunk table): the encoding key is the MD5
    /// of these for a multi-chunk frame, of the whole frame otherwise.
    pub header_len: usize,
}

fn be32(b: &[u8], o: usize) -> Result<u32> {
    b.get(o..o + 4)
        .map(|s| u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
        .ok_or_else(|| Error::new(o as u64, ErrorKind::OutOfBounds { len: 4, file_len: b.len() as u64 }))
}

fn md5(b: &[u8]) -> [u8; 16] {
    use md5::Digest;
    md5::Md5::digest(b).into()
}

/// Lower-case hex of `b`.
pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

impl Frame {
    /// Reads the header of the frame `b`. `expected`: the decoded size when
    /// known (required for a single-chunk frame, checked otherwise).
    ///
    /// # Errors
    /// Not `BLTE`, a header size or chunk table that does not fit, sizes that
    /// do not add up to the frame or to `expected`, a decoded size over 1 GiB.
    pub fn parse(b: &[u8], expected: Option<u64>) -> Result<Frame> {
        if b.len() < 8 || &b[..4] != b"BLTE" {
            let mut found = [0u8; 4];
            found[..b.len().min(4)].copy_from_slice(&b[..b.len().min(4)]);
            return Err(Error::new(0, ErrorKind::BadMagic { found, expected: "BLTE" })).at("header");
        }
        let header_size = be32(b, 4)? as usize;
        if header_size == 0 {
            let size = expected.ok_or_else(|| {
                Error::invalid(4, "a single-chunk frame whose decoded size nobody states").at_field("header")
            })?;
            check_total(size)?;
            let chunk = Chunk {
                encoded_at: 8,
                encoded: b.len() - 8,
                decoded_at: 0,
                decoded: size,
                md5: None,
                decoded_md5: None,
            };
            return Ok(Frame { chunks: vec![chunk], size, header_len: 8 });
        }
        let table = Frame::table(b, header_size).at("chunk_table")?;
        let size = table.iter().map(|c| c.decoded).sum::<u64>();
        check_total(size)?;
        if let Some(e) = expected.filter(|&e| e != size) {
            return Err(Error::invalid(8, format!("chunks decode to {size} bytes, the file has {e}")))
                .at("chunk_table");
        }
        Ok(Frame { chunks: table, size, header_len: header_size })
    }

    fn table(b: &[u8], header_size: usize) -> Result<Vec<Chunk>> {
        let flags = *b.get(8).ok_or_else(|| Error::invalid(8, "no chunk table"))?;
        let entry = match flags {
            0x0F => 24,
            0x10 => 40,
            f => return Err(Error::invalid(8, format!("chunk table flags {f:#x} (0x0f or 0x10 expected)"))),
        };
        let count = (be32(b, 8)? & 0xFF_FFFF) as usize;
        if count == 0 || header_size != 12 + count * entry || header_size > b.len() {
            let msg =
                format!("{count} chunks of {entry} bytes in a header of {header_size} bytes (frame of {})", b.len());
            return Err(Error::invalid(4, msg));
        }
        let (mut encoded_at, mut decoded_at) = (header_size, 0u64);
        let mut chunks = Vec::with_capacity(count);
        for i in 0..count {
            let o = 12 + i * entry;
            let (encoded, decoded) = (be32(b, o)? as usize, be32(b, o + 4)? as u64);
            let sum = |at: usize| -> Option<[u8; 16]> {
                let s: [u8; 16] = b[at..at + 16].try_into().ok()?;
                (s != [0; 16]).then_some(s)
            };
            if encoded == 0 || encoded_at + encoded > b.len() {
                let msg = format!("chunk of {encoded} bytes at {encoded_at} runs past the frame of {}", b.len());
                return Err(Error::invalid(o as u64, msg)).at_index(i);
            }
            let decoded_md5 = if entry == 40 { sum(o + 24) } else { None };
            chunks.push(Chunk { encoded_at, encoded, decoded_at, decoded, md5: sum(o + 8), decoded_md5 });
            encoded_at += encoded;
            decoded_at += decoded;
        }
        if encoded_at != b.len() {
            let msg = format!("chunks end at {encoded_at}, the frame at {}", b.len());
            return Err(Error::invalid(encoded_at as u64, msg));
        }
        Ok(chunks)
    }
}

fn check_total(size: u64) -> Result<()> {
    if size > MAX_DECODED {
        return Err(Error::invalid(4, format!("decodes to {size} bytes (more than 1 GiB)")).at_field("header"));
    }
    Ok(())
}

/// `.at(field)` on an error itself.
trait At {
    fn at_field(self, f: &'static str) -> Error;
}

impl At for Error {
    fn at_field(self, f: &'static str) -> Error {
        Err::<(), _>(self).at(f).unwrap_err()
    }
}

/// How many bytes of frame `b` its encoding key hashes: the header of a
/// multi-chunk frame, all of a single-chunk one (checked against the
/// `tvfs` fixtures of cascette-rs: BLTE files with their encoding keys).
pub fn hashed_len(b: &[u8]) -> usize {
    match b.get(4..8).map(|s| u32::from_be_bytes([s[0], s[1], s[2], s[3]]) as usize) {
        Some(0) | None => b.len(),
        Some(h) => h.min(b.len()),
    }
}

/// Decodes chunk `index` of `frame` (over the frame's bytes `b`).
///
/// # Errors
/// A checksum mismatch, a mode or cipher not read, an unknown key, a stream
/// that does not decode to the chunk's size (offsets within the frame).
pub fn decode_chunk(b: &[u8], frame: &Frame, index: usize, keys: &KeyRing) -> Result<Vec<u8>> {
    decode_chunk_at(b, frame, index, keys, 0).at_elem("chunks", index)
}

fn decode_chunk_at(b: &[u8], frame: &Frame, index: usize, keys: &KeyRing, depth: usize) -> Result<Vec<u8>> {
    let c = frame.chunks[index];
    let data = &b[c.encoded_at..c.encoded_at + c.encoded];
    if let Some(want) = c.md5
        && md5(data) != want
    {
        let msg = format!("checksum {} of the encoded chunk is not {}", hex(&md5(data)), hex(&want));
        return Err(Error::invalid(c.encoded_at as u64, msg));
    }
    let out = decode_mode(data, c.decoded, index, keys, depth).map_err(|mut e| {
        e.offset += c.encoded_at as u64;
        e
    })?;
    if let Some(want) = c.decoded_md5
        && md5(&out) != want
    {
        return Err(Error::invalid(c.encoded_at as u64, "checksum of the decoded chunk differs"));
    }
    Ok(out)
}

/// Decodes one chunk (`data` starts with its mode byte) to `size` bytes.
fn decode_mode(data: &[u8], size: u64, index: usize, keys: &KeyRing, depth: usize) -> Result<Vec<u8>> {
    let Some((&mode, body)) = data.split_first() else {
        return Err(Error::invalid(0, "empty chunk"));
    };
    let ratio_ok = |max: u64| size <= (body.len() as u64 + 16) * max;
    match mode {
        b'N' if body.len() as u64 == size => Ok(body.to_vec()),
        b'N' => Err(Error::invalid(1, format!("plain chunk of {} bytes should hold {size}", body.len()))),
        b'Z' if ratio_ok(1032) => inflate(body, size as usize),
        b'4' if ratio_ok(255) => lz4(body, size as usize),
        b'Z' | b'4' => {
            let msg = format!("{} bytes cannot decode to the {size} bytes claimed", body.len());
            Err(Error::invalid(1, msg))
        }
        b'F' if depth < MAX_DEPTH => {
            let inner = Frame::parse(body, Some(size)).at("frame")?;
            let mut out = Vec::with_capacity(size as usize);
            for i in 0..inner.chunks.len() {
                out.extend(decode_chunk_at(body, &inner, i, keys, depth + 1).at_elem("chunks", i)?);
            }
            Ok(out)
        }
        b'F' => Err(Error::invalid(0, "frames nested too deep")),
        b'E' => {
            let (plain, at) = decrypt(body, index, keys)?;
            if plain.first() == Some(&b'E') {
                return Err(Error::invalid(1 + at as u64, "an encrypted chunk inside an encrypted chunk"));
            }
            decode_mode(&plain, size, index, keys, depth).map_err(|mut e| {
                e.offset += 1 + at as u64;
                e
            })
        }
        m => Err(Error::invalid(0, format!("unknown chunk mode {:?} ({m:#04x})", m as char))),
    }
}

/// zlib into exactly `size` bytes.
fn inflate(z: &[u8], size: usize) -> Result<Vec<u8>> {
    let mut out = vec![0u8; size];
    let mut d = flate2::Decompress::new(true);
    let status = d.decompress(z, &mut out, flate2::FlushDecompress::Finish);
    let (read, written) = (d.total_in(), d.total_out() as usize);
    match status {
        Ok(flate2::Status::StreamEnd) if written == size => Ok(out),
        Ok(flate2::Status::StreamEnd) => {
            Err(Error::invalid(1 + read, format!("zlib stream ends after {written} of {size} bytes")))
        }
        Ok(_) if written == size => Err(Error::invalid(1 + read, format!("zlib stream runs past {size} bytes"))),
        Ok(_) => Err(Error::invalid(1 + read, format!("zlib stream is cut short after {written} of {size} bytes"))),
        Err(e) => Err(Error::invalid(1 + read, format!("zlib: {e}"))),
    }
}

/// LZ4 sub-blocks into exactly `size` bytes.
fn lz4(b: &[u8], size: usize) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(size);
    let mut at = 0;
    while at < b.len() {
        let le = |o: usize| b.get(o..o + 4).map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]) as usize);
        let (Some(dsize), Some(csize)) = (le(at), le(at + 4)) else {
            return Err(Error::invalid(1 + at as u64, "LZ4 sub-block header cut short"));
        };
        let body = at + 8;
        let stored = csize >= dsize;
        let take = if stored { dsize } else { csize };
        if dsize > size - out.len() || body + take > b.len() {
            let msg = format!("LZ4 sub-block of {csize} bytes decoding to {dsize} does not fit");
            return Err(Error::invalid(1 + at as u64, msg));
        }
        if stored {
            out.extend_from_slice(&b[body..body + dsize]);
        } else {
            let start = out.len();
            out.resize(start + dsize, 0);
            match lz4_flex::block::decompress_into(&b[body..body + csize], &mut out[start..]) {
                Ok(n) if n == dsize => {}
                Ok(n) => return Err(Error::invalid(1 + body as u64, format!("LZ4 block gives {n} of {dsize} bytes"))),
                Err(e) => return Err(Error::invalid(1 + body as u64, format!("LZ4: {e}"))),
            }
        }
        at = body + take;
    }
    if out.len() != size {
        return Err(Error::invalid(1 + at as u64, format!("LZ4 sub-blocks give {} of {size} bytes", out.len())));
    }
    Ok(out)
}

/// The plain text of an `E` chunk body and where its encrypted bytes began.
fn decrypt(b: &[u8], index: usize, keys: &KeyRing) -> Result<(Vec<u8>, usize)> {
    let cut = |o: usize| Error::invalid(1 + o as u64, "encryption header cut short");
    let name_len = *b.first().ok_or_else(|| cut(0))? as usize;
    if name_len != 8 {
        return Err(Error::invalid(1, format!("key name of {name_len} bytes (8 expected)")));
    }
    let name_bytes: [u8; 8] = b.get(1..9).and_then(|s| s.try_into().ok()).ok_or_else(|| cut(1))?;
    let name = u64::from_le_bytes(name_bytes);
    let iv_len = *b.get(9).ok_or_else(|| cut(9))? as usize;
    if iv_len != 4 && iv_len != 8 {
        return Err(Error::invalid(10, format!("IV of {iv_len} bytes (4 or 8 expected)")));
    }
    let iv = b.get(10..10 + iv_len).ok_or_else(|| cut(10))?;
    let cipher = *b.get(10 + iv_len).ok_or_else(|| cut(10 + iv_len))?;
    let at = 11 + iv_len;
    if cipher != b'S' {
        let msg = format!("cipher {:?} is not supported (only Salsa20, 'S', as CascLib)", cipher as char);
        return Err(Error::invalid(1 + (at - 1) as u64, msg));
    }
    let Some(key) = keys.get(name) else {
        let msg = format!("encrypted with TACT key {name:016X}, which is not among the known TACT keys (--tact-keys)");
        return Err(Error::new(2, ErrorKind::Invalid(msg)));
    };
    let mut plain = b[at..].to_vec();
    crate::salsa20::apply(key, &crate::salsa20::chunk_nonce(iv, index), &mut plain);
    Ok((plain, at))
}

/// Decodes the whole frame `b` to `expected` bytes (when known).
///
/// # Errors
/// As [`Frame::parse`] and [`decode_chunk`].
pub fn decode(b: &[u8], expected: Option<u64>, keys: &KeyRing) -> Result<Vec<u8>> {
    let frame = Frame::parse(b, expected)?;
    let mut out = Vec::with_capacity(frame.size as usize);
    for i in 0..frame.chunks.len() {
        out.extend(decode_chunk(b, &frame, i, keys)?);
    }
    Ok(out)
}

/// A frame decoded on demand, chunk by chunk: reading a few pages of a
/// 190 MB encoding table decodes only the 256 KiB chunks that hold them.
/// The last chunks decoded are kept.
pub struct Lazy {
    bytes: Vec<u8>,
    frame: Frame,
    keys: Arc<KeyRing>,
    recent: Mutex<Vec<(usize, Arc<Vec<u8>>)>>,
}

/// Chunks a [`Lazy`] frame keeps decoded.
const KEEP: usize = 16;

impl Lazy {
    /// The frame `bytes` decoding to `expected` bytes (when known).
    ///
    /// # Errors
    /// As [`Frame::parse`].
    pub fn new(bytes: Vec<u8>, expected: Option<u64>, keys: Arc<KeyRing>) -> Result<Lazy> {
        let frame = Frame::parse(&bytes, expected)?;
        Ok(Lazy { bytes, frame, keys, recent: Mutex::new(Vec::new()) })
    }

    /// Decoded size.
    pub fn len(&self) -> u64 {
        self.frame.size
    }

    /// Nothing decoded.
    pub fn is_empty(&self) -> bool {
        self.frame.size == 0
    }

    fn chunk(&self, i: usize) -> Result<Arc<Vec<u8>>> {
        let mut recent = self.recent.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(k) = recent.iter().position(|(j, _)| *j == i) {
            let hit = recent.remove(k);
            recent.push(hit.clone());
            return Ok(hit.1);
        }
        drop(recent);
        let decoded = Arc::new(decode_chunk(&self.bytes, &self.frame, i, &self.keys)?);
        let mut recent = self.recent.lock().unwrap_or_else(|p| p.into_inner());
        if recent.len() >= KEEP {
            recent.remove(0);
        }
        recent.push((i, decoded.clone()));
        Ok(decoded)
    }

    /// `len` decoded bytes at `offset`.
    ///
    /// # Errors
    /// The range runs past the file, or a chunk it touches does not decode.
    pub fn read(&self, offset: u64, len: usize) -> Result<Vec<u8>> {
        let end = offset
            .checked_add(len as u64)
            .filter(|&e| e <= self.frame.size)
            .ok_or_else(|| Error::new(offset, ErrorKind::OutOfBounds { len: len as u64, file_len: self.frame.size }))?;
        let mut out = Vec::with_capacity(len);
        let first = self.frame.chunks.partition_point(|c| c.decoded_at + c.decoded <= offset);
        for i in first..self.frame.chunks.len() {
            let c = self.frame.chunks[i];
            if c.decoded_at >= end {
                break;
            }
            let data = self.chunk(i)?;
            let from = offset.max(c.decoded_at) - c.decoded_at;
            let to = end.min(c.decoded_at + c.decoded) - c.decoded_at;
            out.extend_from_slice(&data[from as usize..to as usize]);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame_of(chunks: &[Vec<u8>]) -> Vec<u8> {
        let mut b = b"BLTE".to_vec();
        b.extend(((12 + 24 * chunks.len()) as u32).to_be_bytes());
        b.extend(((0x0F << 24) | chunks.len() as u32).to_be_bytes());
        for c in chunks {
            let decoded = match c[0] {
                b'N' => c.len() - 1,
                _ => 0,
            };
            b.extend((c.len() as u32).to_be_bytes());
            b.extend((decoded as u32).to_be_bytes());
            b.extend(md5(c));
        }
        for c in chunks {
            b.extend(c);
        }
        b
    }

    #[test]
    fn plain_chunks_and_checksums() {
        let f = frame_of(&[b"Nhello ".to_vec(), b"Nworld".to_vec()]);
        assert_eq!(decode(&f, Some(11), &KeyRing::new()).unwrap(), b"hello world");
        let lazy = Lazy::new(f.clone(), None, Arc::new(KeyRing::new())).unwrap();
        assert_eq!(lazy.read(4, 4).unwrap(), b"o wo");
        let mut bad = f.clone();
        let last = bad.len() - 1;
        bad[last] ^= 1;
        let e = decode(&bad, None, &KeyRing::new()).unwrap_err().to_string();
        assert!(e.contains("chunks[1]") && e.contains("checksum"), "{e}");
        let e = decode(&f, Some(12), &KeyRing::new()).unwrap_err().to_string();
        assert!(e.contains("decode to 11 bytes, the file has 12"), "{e}");
    }

    #[test]
    fn hostile_headers_are_errors() {
        for b in [&b"BLT"[..], b"BLTE", b"BLTE\0\0\0\x30\x0f\0\0\x02", b"XXXX\0\0\0\0N"] {
            assert!(decode(b, Some(1), &KeyRing::new()).is_err());
        }
        // A single chunk that claims far more than zlib can give.
        let mut z = b"BLTE\0\0\0\0Z".to_vec();
        z.extend([0x78, 0x9c, 3, 0]);
        let e = decode(&z, Some(1 << 29), &KeyRing::new()).unwrap_err().to_string();
        assert!(e.contains("cannot decode to"), "{e}");
        let e = decode(&z, Some(2 << 30), &KeyRing::new()).unwrap_err().to_string();
        assert!(e.contains("more than 1 GiB"), "{e}");
    }
}
