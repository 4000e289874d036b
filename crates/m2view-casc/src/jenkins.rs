//! Jenkins96: the name hash a WoW CASC root stores for each file
//! (`hashlittle2` of Bob Jenkins' public-domain `lookup3.c`, over the path
//! upper-cased with `\` separators; the 64-bit value is `(c << 32) | b`, as
//! CascLib's `CalcNormNameHash` combines the two outputs).

/// One round of lookup3's `mix`.
fn mix(a: &mut u32, b: &mut u32, c: &mut u32) {
    *a = a.wrapping_sub(*c);
    *a ^= c.rotate_left(4);
    *c = c.wrapping_add(*b);
    *b = b.wrapping_sub(*a);
    *b ^= a.rotate_left(6);
    *a = a.wrapping_add(*c);
    *c = c.wrapping_sub(*b);
    *c ^= b.rotate_left(8);
    *b = b.wrapping_add(*a);
    *a = a.wrapping_sub(*c);
    *a ^= c.rotate_left(16);
    *c = c.wrapping_add(*b);
    *b = b.wrapping_sub(*a);
    *b ^= a.rotate_left(19);
    *a = a.wrapping_add(*c);
    *c = c.wrapping_sub(*b);
    *c ^= b.rotate_left(4);
    *b = b.wrapping_add(*a);
}

/// lookup3's `final`.
fn finish(a: &mut u32, b: &mut u32, c: &mut u32) {
    *c ^= *b;
    *c = c.wrapping_sub(b.rotate_left(14));
    *a ^= *c;
    *a = a.wrapping_sub(c.rotate_left(11));
    *b ^= *a;
    *b = b.wrapping_sub(a.rotate_left(25));
    *c ^= *b;
    *c = c.wrapping_sub(b.rotate_left(16));
    *a ^= *c;
    *a = a.wrapping_sub(c.rotate_left(4));
    *b ^= *a;
    *b = b.wrapping_sub(a.rotate_left(14));
    *c ^= *b;
    *c = c.wrapping_sub(b.rotate_left(24));
}

/// `hashlittle2(key, &c, &b)`: returns `(c, b)` for seeds `(c, b)`.
pub fn hashlittle2(key: &[u8], seed_c: u32, seed_b: u32) -> (u32, u32) {
    let mut a = 0xdead_beef_u32.wrapping_add(key.len() as u32).wrapping_add(seed_c);
    let mut b = a;
    let mut c = a.wrapping_add(seed_b);
    let word = |k: &[u8]| {
        let mut w = [0u8; 4];
        w[..k.len()].copy_from_slice(k);
        u32::from_le_bytes(w)
    };
    let mut k = key;
    while k.len() > 12 {
        a = a.wrapping_add(word(&k[0..4]));
        b = b.wrapping_add(word(&k[4..8]));
        c = c.wrapping_add(word(&k[8..12]));
        mix(&mut a, &mut b, &mut c);
        k = &k[12..];
    }
    if k.is_empty() {
        return (c, b);
    }
    a = a.wrapping_add(word(&k[..k.len().min(4)]));
    if k.len() > 4 {
        b = b.wrapping_add(word(&k[4..k.len().min(8)]));
    }
    if k.len() > 8 {
        c = c.wrapping_add(word(&k[8..]));
    }
    finish(&mut a, &mut b, &mut c);
    (c, b)
}

/// The root's name hash of `path` (any case, `/` or `\`): Jenkins96 of the
/// upper-cased, backslashed path.
pub fn name_hash(path: &str) -> u64 {
    let mut buf = [0u8; 512];
    let norm: Vec<u8>;
    let bytes: &[u8] = if path.len() <= buf.len() {
        for (d, s) in buf.iter_mut().zip(path.bytes()) {
            *d = if s == b'/' { b'\\' } else { s.to_ascii_uppercase() };
        }
        &buf[..path.len()]
    } else {
        norm = path.bytes().map(|s| if s == b'/' { b'\\' } else { s.to_ascii_uppercase() }).collect();
        &norm
    };
    let (c, b) = hashlittle2(bytes, 0, 0);
    ((c as u64) << 32) | b as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup3_reference_values() {
        // The self-test values printed by lookup3.c's driver5().
        assert_eq!(hashlittle2(b"", 0, 0), (0xdeadbeef, 0xdeadbeef));
        assert_eq!(hashlittle2(b"", 0, 0xdeadbeef), (0xbd5b7dde, 0xdeadbeef));
        assert_eq!(hashlittle2(b"", 0xdeadbeef, 0xdeadbeef), (0x9c093ccd, 0xbd5b7dde));
        let four = b"Four score and seven years ago";
        assert_eq!(hashlittle2(four, 0, 0), (0x17770551, 0xce7226e6));
        assert_eq!(hashlittle2(four, 0, 1), (0xe3607cae, 0xbd371de4));
        assert_eq!(hashlittle2(four, 1, 0), (0xcd628161, 0x6cbea4b3));
    }

    #[test]
    fn real_root_name_hashes() {
        // CascLib, src/CascRootFile_WoW.cpp: file 2965132 under its two names
        // (renamed in 10.1.7) with the hashes the retail root stores.
        assert_eq!(name_hash("interface/icons/inv_helm_armor_explorer_d_01.blp"), 0x770b8d2dc4d940aa);
        assert_eq!(name_hash("Interface\\Icons\\INV_Armor_Explorer_D_01_Helm.BLP"), 0xf47ec17f4a1e49a2);
        let long = "a/".repeat(400);
        assert_eq!(name_hash(&long), name_hash(&long.to_uppercase().replace('/', "\\")));
    }
}
