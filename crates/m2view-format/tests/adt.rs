//! ADT map tiles: the real 3.x tiles of the corpus (`continent4229.adt`,
//! `pvpzone3430.adt`) read against values checked by hand in their bytes,
//! the terrain built seamless, and truncated or mutated tiles refused with
//! errors naming chunk and offset, never a panic.

use m2view_format::adt::{Adt, CHUNK_SIZE, placement_position};
use m2view_format::{SourceFormat, TextureSource};

fn tile(name: &str) -> Option<Vec<u8>> {
    let dir = m2view_format::fixtures::samples_dir()?.join("wowserhq_format/fixture/map");
    Some(std::fs::read(dir.join(name)).unwrap())
}

#[test]
fn real_tile_chunks_textures_and_placements() {
    let Some(bytes) = tile("continent4229.adt") else { return };
    let a = Adt::parse(&bytes, "continent4229.adt").unwrap();
    assert_eq!((a.version, a.chunks.len(), a.textures.len()), (18, 256, 16));
    assert_eq!(a.textures[0], "Tileset\\PlagueLandsEast\\EastPlaguedBaseDirt.blp");
    // MCNK 0: index (0, 0), position (1600, −5333.33, 73.61): tile 42_29 is 32 − y/533.33, 32 − x/533.33.
    let c = &a.chunks[0];
    assert_eq!(c.index, [0, 0]);
    assert_eq!(c.position, [1600.0, -5333.334, 73.611_11]);
    assert_eq!((c.layers.len(), c.layers[1].texture, c.layers[1].flags), (3, 6, 256));
    assert_eq!(c.normals[0], [0.0, 0.0, 1.0]);
    let mut layers = [0; 5];
    a.chunks.iter().for_each(|c| layers[c.layers.len()] += 1);
    assert_eq!(layers, [0, 25, 47, 116, 68]);
    assert!(a.water);
    // MDDF: 381 models (13,716 bytes / 36), the second scaled 613/1024; MODF: 19 WMOs.
    assert_eq!((a.doodads.len(), a.objects.len()), (381, 19));
    assert_eq!(a.doodads[1].scale, 613.0 / 1024.0);
    assert_eq!(
        a.objects[0].wmo.as_deref(),
        Some("WORLD\\WMO\\AZEROTH\\BUILDINGS\\REDRIDGE_BARRACKS\\REDRIDGE_BARRACKS.WMO")
    );
    assert_eq!((a.objects[0].doodad_set, a.objects[0].rotation[1]), (2, -205.5));
    // Placement space → world: the first model stands on this tile's ground (x 1066–1600 give or take).
    let p = placement_position(a.doodads[0].position);
    assert!((p[0] - 1610.54).abs() < 0.01 && (p[1] + 5357.08).abs() < 0.01 && (p[2] - 74.72).abs() < 0.01, "{p:?}");
    // The terrain: 145 vertices per chunk; 4 triangles per quad but the holes' (2 bits of 2×2 quads).
    let m = a.to_model("continent4229").unwrap();
    assert_eq!(m.source.format, SourceFormat::Adt);
    assert_eq!(m.vertices.len(), 256 * 145);
    assert_eq!(m.lods[0].indices.len() / 3, 256 * 256 - 2 * 4 * 4);
    assert_eq!(m.textures[0].source, TextureSource::Path(a.textures[0].clone()));
    // Seamless: chunk 0's last outer row is chunk 16's first (the chunk below), its last column
    // chunk 1's first — positions and heights alike.
    let v = |chunk: usize, k: usize| m.vertices[chunk * 145 + k].position;
    // Within 2 thousandths of a yard: chunk positions are stored rounded.
    let same = |a: [f32; 3], b: [f32; 3]| (0..3).all(|k| (a[k] - b[k]).abs() < 2e-3);
    for i in 0..9 {
        assert!(same(v(0, 8 * 17 + i), v(16, i)), "row vertex {i}: {:?} {:?}", v(0, 8 * 17 + i), v(16, i));
        assert!(same(v(0, i * 17 + 8), v(1, i * 17)), "column vertex {i}: {:?} {:?}", v(0, i * 17 + 8), v(1, i * 17));
    }
    assert!((v(0, 0)[0] - v(0, 8 * 17)[0] - CHUNK_SIZE).abs() < 1e-3);
}

#[test]
fn a_tile_without_placements_reads() {
    let Some(bytes) = tile("pvpzone3430.adt") else { return };
    let a = Adt::parse(&bytes, "pvpzone3430.adt").unwrap();
    assert_eq!((a.chunks.len(), a.doodads.len(), a.objects.len(), a.water), (256, 0, 0, false));
    assert!(a.chunk_tags.contains(&"MFBO".to_string()));
    assert_eq!(a.chunks[255].layers.len(), 0);
    a.to_model("pvpzone3430").unwrap();
}

#[test]
fn truncated_and_mutated_tiles_are_errors_not_panics() {
    let Some(bytes) = tile("continent4229.adt") else { return };
    let mut x = 0x2545_F491u32;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    let mut refused = 0;
    for k in 0..300 {
        let mut f = bytes.clone();
        if k % 2 == 0 {
            f.truncate(next() as usize % bytes.len());
        } else {
            for _ in 0..1 + next() % 8 {
                // Mostly headers and offsets: the first 40 KiB hold the tables and first chunks.
                let at = next() as usize % if k % 4 == 1 { 40_000 } else { f.len() };
                f[at] = next() as u8;
            }
        }
        match Adt::parse(&f, "t.adt") {
            // The model of every third (its alpha atlases make it the slow part).
            Ok(a) if k % 3 == 0 => {
                a.to_model("t").unwrap();
            }
            Ok(_) => {}
            Err(e) => {
                refused += 1;
                assert!(e.to_string().starts_with("t.adt: "), "{e}");
            }
        }
    }
    assert!(refused > 125, "{refused} of 300 refused");
}
