//! The 8.2+ chunks `WFV1`–`WFV3`, `EDGF`, `NERF`, `DETL`, `DBOC`, `AFRA`
//! and `PFDC`. No public model with them is in the corpus: the fixture
//! (`fixtures::two_boxes_chunk_data`) writes them in the wowdev wiki "M2"
//! layouts with the project's M2 writer. Parsed values must equal what was
//! written; short chunks are errors naming the chunk and the offset, and the
//! model still opens.

use m2view_format::fixtures;
use m2view_format::raw::chunked::{M2File, RawChunk};
use m2view_format::writer::{write_md21, write_skin};
use m2view_format::*;

fn with_skin(bytes: &[u8], edge_fade_batch: bool) -> Model {
    let mut profile = fixtures::skin_profile(274);
    if edge_fade_batch {
        profile.batches[0].geoset_index = 0x8;
    }
    let skin = write_skin(&profile, 274);
    model_from_bytes(bytes, "Waterfall.m2", &[("1001.skin", &skin)]).unwrap()
}

#[test]
fn every_chunk_reads_back_as_written() {
    let f = fixtures::two_boxes_chunk_data();
    let bytes = write_md21(&f);
    let m = with_skin(&bytes, true);
    let mut want = fixtures::chunk_data();
    // Offsets are where the writer put the kept chunks.
    for (k, got) in want.kept.iter_mut().zip(&m.chunk_data.kept) {
        k.offset = got.offset;
    }
    assert_eq!(m.chunk_data, want);
    assert!(m.source.unknown_chunks.is_empty(), "{:?}", m.source.unknown_chunks);
    let order = ["MD21", "SFID", "AFID", "TXID", "WFV3", "EDGF", "NERF", "DETL", "DBOC", "AFRA", "PFDC"];
    assert_eq!(m.source.chunks, order.map(String::from));
    // DBOC's payload is at its chunk header + 8: the offset points at the bytes in the file.
    let dboc = &m.chunk_data.kept[0];
    assert_eq!(&bytes[dboc.offset as usize..dboc.offset as usize + 16], &dboc.data[..]);
    // A waterfall draws its first batch alone, with the model's textures 0–4 (here 2).
    let b = &m.lods[0].batches;
    assert_eq!((b.len(), b[0].shader_id, b[0].textures.len()), (1, WATERFALL_SHADER, 2));
    assert!(b[0].flags2.contains(BatchFlags2::EDGE_FADE));
    // Without WFV3 the flag stays on the batch it was written on, and only there.
    let mut plain = fixtures::two_boxes_chunk_data();
    plain.chunks.as_mut().unwrap().data.waterfall = None;
    let m = with_skin(&write_md21(&plain), true);
    let flagged: Vec<bool> = m.lods[0].batches.iter().map(|b| b.flags2.contains(BatchFlags2::EDGE_FADE)).collect();
    assert_eq!(flagged, [true, false]);
    // NERF (100, 20), the two boxes' radius 1.5 at scale 4: r² = 36 → (100 − 36) / 80 = 0.8.
    assert_eq!(m.chunk_data.distance_alpha(36.0), 0.8);
    assert_eq!(m.chunk_data.diffuse_multiplier(0), 1.5);
    assert_eq!(m.chunk_data.diffuse_multiplier(1), 1.0, "no record: no change");
}

#[test]
fn wfv1_takes_the_defaults_and_its_bump_scale() {
    let mut f = fixtures::two_boxes_md21();
    f.chunks.as_mut().unwrap().unknown =
        vec![RawChunk { magic: *b"WFV1", offset: 0, data: 0.75f32.to_le_bytes().to_vec() }];
    let m = with_skin(&write_md21(&f), false);
    let w = m.chunk_data.waterfall.unwrap();
    assert_eq!(w, Waterfall::with_defaults(1, 0.75));
    assert_eq!((w.values[0], w.values[1][3], w.base_color), ([0.0, 0.5, 0.0, 0.5], 1.0, [255; 4]));
}

/// The model of the two boxes with chunk `magic` of payload `data` (the other seed chunks left out).
fn one_chunk(magic: &[u8; 4], data: Vec<u8>) -> (Vec<u8>, Model) {
    let mut f: M2File = fixtures::two_boxes_md21();
    f.chunks.as_mut().unwrap().unknown = vec![RawChunk { magic: *magic, offset: 0, data }];
    let bytes = write_md21(&f);
    let m = with_skin(&bytes, false);
    (bytes, m)
}

#[test]
fn short_chunks_are_named_with_their_offset_and_padding_is_accepted() {
    // Each short chunk: left out, the warning naming it and its payload's offset.
    let cases: [(&[u8; 4], usize, &str); 5] = [
        (b"WFV3", 79, "WFV3 of 79 bytes is shorter than its record (80 bytes)"),
        (b"WFV1", 3, "WFV1 of 3 bytes is shorter than its bump scale (4 bytes)"),
        (b"NERF", 4, "NERF of 4 bytes is shorter than its two coefficients (8 bytes)"),
        (b"DETL", 11, "DETL of 11 bytes is shorter than a 12-byte record for each of the 1 lights (12 bytes)"),
        (b"EDGF", 40, "EDGF of 40 bytes is shorter than a whole number of 24-byte records (48 bytes)"),
    ];
    for (magic, len, text) in cases {
        let (bytes, m) = one_chunk(magic, vec![0; len]);
        let at = bytes.windows(4).position(|w| w == magic).unwrap() + 8;
        let w = m.warnings.iter().find(|w| w.contains(text)).unwrap_or_else(|| panic!("{text}: {:?}", m.warnings));
        assert!(w.contains(&format!("offset {at:#x}")), "{w}");
        assert_eq!(m.chunk_data, ChunkData::default(), "{text}");
    }
    // PFDC must hold a PHYS chunk.
    let (_, m) = one_chunk(b"PFDC", b"XXXX\x02\0\0\0\x01\0".to_vec());
    assert!(m.warnings.iter().any(|w| w.contains("PFDC holds XXXX where its PHYS chunk belongs")), "{:?}", m.warnings);
    // Padding to 16-byte alignment is accepted without a word; more is kept unread, with a note.
    let (_, m) = one_chunk(b"NERF", [1.0f32.to_le_bytes(), 2.0f32.to_le_bytes(), [0; 4], [0; 4]].concat());
    assert_eq!(m.chunk_data.distance_fade, Some([1.0, 2.0]));
    assert!(!m.warnings.iter().any(|w| w.contains("NERF")), "{:?}", m.warnings);
    let (_, m) = one_chunk(b"NERF", [vec![0; 8], vec![0; 16]].concat());
    assert!(m.warnings.iter().any(|w| w.contains("NERF at") && w.contains("16 bytes after its records kept unread")));
    let (_, m) = one_chunk(b"EDGF", vec![0; 24 + 8]);
    assert_eq!(m.chunk_data.edge_fades.len(), 1);
}

#[test]
fn random_byte_flips_in_the_chunks_never_panic() {
    let base = write_md21(&fixtures::two_boxes_chunk_data());
    let skin = write_skin(&fixtures::skin_profile(274), 274);
    let start = base.windows(4).position(|w| w == b"WFV3").unwrap();
    let mut s = 0x2545_F491u32;
    let mut rnd = move || {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        s as usize
    };
    for _ in 0..500 {
        let mut b = base.clone();
        for _ in 0..1 + rnd() % 4 {
            let i = start + rnd() % (b.len() - start);
            b[i] = rnd() as u8;
        }
        if rnd() % 4 == 0 {
            b.truncate(start + rnd() % (b.len() - start));
        }
        if let Ok(m) = model_from_bytes(&b, "fuzz.m2", &[("1001.skin", &skin)]) {
            m.validate().unwrap_or_else(|e| panic!("flipped model: {e}"));
            let _ = m.chunk_data.distance_alpha(2.25);
        }
    }
}
