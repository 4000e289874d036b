//! Salsa20/20 as TACT encrypts BLTE chunks: a 16-byte key with the
//! "expand 16-byte k" constants (the 128-bit variant of D. J. Bernstein's
//! specification, <https://cr.yp.to/snuffle/spec.pdf>), an 8-byte nonce
//! (the chunk's IV, zero-padded, its first four bytes XORed with the chunk
//! index) and a 64-bit block counter from 0 — as CascLib's
//! `src/CascDecrypt.cpp` (`Initialize`, `Decrypt`, `CascDecrypt`).
//!
//! Written here because the RustCrypto `salsa20` crate takes 256-bit keys
//! only, and the two Rust TACT crates that use it (`ngdp-crypto` 0.4,
//! `casc-lib` 0.2) double the 16-byte key into a 32-byte one, which selects
//! the other constants and another key stream.

const TAU: &[u8; 16] = b"expand 16-byte k";
const SIGMA: &[u8; 16] = b"expand 32-byte k";

fn word(b: &[u8]) -> u32 {
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

/// The initial state for `key` (16 or 32 bytes) and `nonce`.
fn state(key: &[u8], nonce: &[u8; 8]) -> [u32; 16] {
    let (consts, second) = if key.len() == 32 { (SIGMA, &key[16..]) } else { (TAU, &key[..16]) };
    let mut s = [0u32; 16];
    for i in 0..4 {
        s[[0, 5, 10, 15][i]] = word(&consts[4 * i..]);
        s[1 + i] = word(&key[4 * i..]);
        s[11 + i] = word(&second[4 * i..]);
    }
    s[6] = word(&nonce[..4]);
    s[7] = word(&nonce[4..]);
    s
}

/// One 64-byte key stream block of `input`.
fn block(input: &[u32; 16]) -> [u8; 64] {
    let mut x = *input;
    let q = |x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize| {
        x[b] ^= x[a].wrapping_add(x[d]).rotate_left(7);
        x[c] ^= x[b].wrapping_add(x[a]).rotate_left(9);
        x[d] ^= x[c].wrapping_add(x[b]).rotate_left(13);
        x[a] ^= x[d].wrapping_add(x[c]).rotate_left(18);
    };
    for _ in 0..10 {
        // Column round, then row round.
        q(&mut x, 0, 4, 8, 12);
        q(&mut x, 5, 9, 13, 1);
        q(&mut x, 10, 14, 2, 6);
        q(&mut x, 15, 3, 7, 11);
        q(&mut x, 0, 1, 2, 3);
        q(&mut x, 5, 6, 7, 4);
        q(&mut x, 10, 11, 8, 9);
        q(&mut x, 15, 12, 13, 14);
    }
    let mut out = [0u8; 64];
    for i in 0..16 {
        out[4 * i..4 * i + 4].copy_from_slice(&x[i].wrapping_add(input[i]).to_le_bytes());
    }
    out
}

/// XORs `data` with the Salsa20/20 key stream of `key` (16 or 32 bytes)
/// and `nonce`, from block 0.
pub fn apply(key: &[u8], nonce: &[u8; 8], data: &mut [u8]) {
    let mut s = state(key, nonce);
    for chunk in data.chunks_mut(64) {
        let ks = block(&s);
        for (d, k) in chunk.iter_mut().zip(ks) {
            *d ^= k;
        }
        s[8] = s[8].wrapping_add(1);
        if s[8] == 0 {
            s[9] = s[9].wrapping_add(1);
        }
    }
}

/// The nonce of BLTE chunk `index` encrypted with `iv` (4 or 8 bytes).
pub fn chunk_nonce(iv: &[u8], index: usize) -> [u8; 8] {
    let mut n = [0u8; 8];
    n[..iv.len().min(8)].copy_from_slice(&iv[..iv.len().min(8)]);
    for (i, b) in (index as u32).to_le_bytes().iter().enumerate() {
        n[i] ^= b;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core_matches_rustcrypto_for_256_bit_keys() {
        use salsa20::cipher::{KeyIvInit, StreamCipher};
        let key: Vec<u8> = (0..32u8).map(|i| i.wrapping_mul(7).wrapping_add(3)).collect();
        let nonce = [9u8, 8, 7, 6, 5, 4, 3, 2];
        let mut ours = vec![0u8; 200];
        apply(&key, &nonce, &mut ours);
        let mut theirs = vec![0u8; 200];
        let mut c = salsa20::Salsa20::new(key.as_slice().into(), &nonce.into());
        c.apply_keystream(&mut theirs);
        assert_eq!(ours, theirs);
    }

    #[test]
    fn ecrypt_128_bit_vector() {
        // eSTREAM Salsa20/20 128-bit test vectors, set 1 vector 0:
        // key 80 00 .. 00, IV 0, stream[0..63].
        let mut key = [0u8; 16];
        key[0] = 0x80;
        let mut s = [0u8; 64];
        apply(&key, &[0; 8], &mut s);
        let hex: String = s.iter().map(|b| format!("{b:02X}")).collect();
        assert_eq!(
            hex,
            "4DFA5E481DA23EA09A31022050859936DA52FCEE218005164F267CB65F5CFD7F\
             2B4F97E0FF16924A52DF269515110A07F9E460BC65EF95DA58F740B7D1DBB0AA"
        );
    }

    #[test]
    fn chunk_index_shuffles_the_iv() {
        assert_eq!(chunk_nonce(&[1, 2, 3, 4], 0), [1, 2, 3, 4, 0, 0, 0, 0]);
        assert_eq!(chunk_nonce(&[1, 2, 3, 4], 0x0102), [3, 3, 3, 4, 0, 0, 0, 0]);
        assert_eq!(chunk_nonce(&[1, 2, 3, 4, 5, 6, 7, 8], 1), [0, 2, 3, 4, 5, 6, 7, 8]);
    }
}
