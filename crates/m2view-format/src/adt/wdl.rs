//! WDL files (wowdev wiki "WDL/v18"): a map's low-resolution heights, the
//! distant terrain the client draws where no tile is loaded.
//!
//! Layout followed: `MVER` 18; `MAOF`, 64 × 64 `u32` file offsets row by row
//! (`MAOF[y][x]` is tile `Map_x_y`; 0: no tile), each to the header of a
//! `MARE` chunk; `MARE`, 545 `int16` heights in yards — a 17 × 17 grid of
//! outer points from the tile's corner, then 16 × 16 inner points between
//! them; an optional `MAHO` (holes) after each. Tags byte-reversed as in
//! ADT files. Other chunks (`MWMO`, `MWID`, `MODF`: the distant WMOs of old
//! clients) are skipped.

use super::TILE_SIZE;
use crate::error::{Error, Result, ResultExt};
use crate::raw::wmo::chunks;
use crate::reader::{ParseState, Reader};

/// Outer points on a side of a tile's `MARE` grid.
pub const OUTER: usize = 17;
/// Heights of one `MARE`: 17 × 17 outer, then 16 × 16 inner.
pub const HEIGHTS: usize = OUTER * OUTER + 16 * 16;

/// One tile's low-resolution heights.
#[derive(Debug, Clone, PartialEq)]
pub struct WdlTile {
    /// Its place in the 64 × 64 grid, `[x, y]` as in `Map_x_y.adt`.
    pub tile: [u8; 2],
    /// The [`HEIGHTS`] heights, yards: outer row by row, then inner.
    pub heights: Vec<i16>,
}

/// A map's WDL.
#[derive(Debug, Clone, PartialEq)]
pub struct Wdl {
    /// `MVER` (18).
    pub version: u32,
    /// The tiles with heights, in `MAOF` order.
    pub tiles: Vec<WdlTile>,
}

impl WdlTile {
    /// World position of outer point `(row, col)` (each 0–16): x falls with
    /// the row and y with the column from the tile's corner at world
    /// `((32 − y) · T, (32 − x) · T)`, `T` = [`TILE_SIZE`] (the ADT grid's
    /// axes); z the height.
    pub fn outer(&self, row: usize, col: usize) -> [f32; 3] {
        let step = TILE_SIZE / 16.0;
        let [x, y] = self.tile.map(f32::from);
        [
            (32.0 - y) * TILE_SIZE - row as f32 * step,
            (32.0 - x) * TILE_SIZE - col as f32 * step,
            f32::from(self.heights[row * OUTER + col]),
        ]
    }
}

impl Wdl {
    /// Parses a WDL; `name` is used in errors. Errors (each naming the
    /// file, the chunk and the offset): no `MVER` 18 first, no `MAOF`, a
    /// `MAOF` shorter than 64 × 64 offsets, an offset that is not the start
    /// of a `MARE` chunk, a `MARE` shorter than 545 heights, a chunk
    /// running past the end.
    pub fn parse(bytes: &[u8], name: &str) -> Result<Wdl> {
        let state = ParseState::for_file_len(bytes.len());
        let r = Reader::new(bytes, 0, &state);
        Wdl::parse_in(&r).map_err(|e| e.in_file(name))
    }

    fn parse_in(r: &Reader<'_, '_>) -> Result<Wdl> {
        let all = chunks(r)?;
        let version = super::wdt::mver_18(r, &all)?;
        let maof = all.iter().find(|c| &c.tag == b"MAOF").ok_or_else(|| Error::invalid(0, "no MAOF chunk"))?;
        if maof.data.len() < 64 * 64 * 4 {
            let msg = format!("{} bytes, 64 × 64 offsets of 4 expected", maof.data.len());
            return Err(Error::invalid(maof.offset, msg)).at("MAOF");
        }
        let mut tiles = Vec::new();
        for (i, o) in maof.data.chunks_exact(4).take(64 * 64).enumerate() {
            let at = u64::from(u32::from_le_bytes([o[0], o[1], o[2], o[3]]));
            if at == 0 {
                continue;
            }
            let tile = [(i % 64) as u8, (i / 64) as u8];
            let entry = maof.offset + i as u64 * 4;
            let mare = all.iter().find(|c| c.offset == at + 8 && &c.tag == b"MARE").ok_or_else(|| {
                let msg = format!("tile {}_{}: offset {at:#x} is not the start of a MARE chunk", tile[0], tile[1]);
                Error::invalid(entry, msg)
            });
            let mare = mare.at("MAOF")?;
            if mare.data.len() < HEIGHTS * 2 {
                let msg = format!("{} bytes, {HEIGHTS} heights of 2 expected", mare.data.len());
                return Err(Error::invalid(mare.offset, msg)).at("MARE");
            }
            let heights = mare.data.chunks_exact(2).take(HEIGHTS).map(|h| i16::from_le_bytes([h[0], h[1]])).collect();
            tiles.push(WdlTile { tile, heights });
        }
        Ok(Wdl { version, tiles })
    }

    /// This WDL's bytes in the layout [`Wdl::parse`] reads (`MVER`,
    /// `MAOF`, then a `MARE` per tile): for maps written by tests and custom maps.
    pub fn write(&self) -> Vec<u8> {
        let chunk = super::wdt::put_chunk;
        let mut out = Vec::new();
        chunk(&mut out, b"MVER", &self.version.to_le_bytes());
        let maof_at = out.len() + 8;
        chunk(&mut out, b"MAOF", &[0; 64 * 64 * 4]);
        for t in &self.tiles {
            let at = (out.len() as u32).to_le_bytes();
            let k = maof_at + (usize::from(t.tile[1]) * 64 + usize::from(t.tile[0])) * 4;
            out[k..k + 4].copy_from_slice(&at);
            let heights: Vec<u8> = t.heights.iter().flat_map(|h| h.to_le_bytes()).collect();
            chunk(&mut out, b"MARE", &heights);
        }
        out
    }

    /// The tile `[x, y]`'s heights, if it has any.
    pub fn tile(&self, tile: [u8; 2]) -> Option<&WdlTile> {
        self.tiles.iter().find(|t| t.tile == tile)
    }
}

/// Whether `bytes` look like a WDL: `MVER` then `MAOF` (or the distant
/// WMO chunks old clients put between them).
pub fn is_wdl(bytes: &[u8]) -> bool {
    bytes.get(..4) == Some(b"REVM") && [&b"FOAM"[..], b"OMWM"].contains(&bytes.get(12..16).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Wdl {
        let heights = |base: i16| (0..HEIGHTS as i16).map(|k| base + k % 17).collect();
        Wdl {
            version: 18,
            tiles: vec![
                WdlTile { tile: [31, 30], heights: heights(100) },
                WdlTile { tile: [2, 63], heights: heights(-5) },
            ],
        }
    }

    #[test]
    fn what_is_written_reads_back_and_points_are_where_the_adt_grid_puts_them() {
        let w = sample();
        let bytes = w.write();
        assert!(is_wdl(&bytes));
        let e = crate::check_model_magic(&bytes).unwrap_err().to_string();
        assert!(e.contains("a map's WDL"), "{e}");
        let back = Wdl::parse(&bytes, "fixture.wdl").unwrap();
        // MAOF order: row 30 before row 63.
        assert_eq!(back, w);
        let t = back.tile([31, 30]).unwrap();
        // Tile 31_30's corner is at world ((32 − 30) T, (32 − 31) T).
        assert_eq!(t.outer(0, 0), [2.0 * TILE_SIZE, TILE_SIZE, 100.0]);
        let far = t.outer(16, 16);
        assert!((far[0] - TILE_SIZE).abs() < 1e-3 && far[1].abs() < 1e-3 && far[2] == 116.0, "{far:?}");
    }

    #[test]
    fn the_distant_terrain_is_one_submesh_per_tile_facing_up() {
        let m = sample().to_model("fixture.wdl").unwrap();
        assert_eq!(m.vertices.len(), 2 * OUTER * OUTER);
        let lod = &m.lods[0];
        assert_eq!(lod.triangle_count(), 2 * 16 * 16 * 2);
        let ids: Vec<u16> = lod.submeshes.iter().map(|s| s.geoset_id).collect();
        assert_eq!(ids, [30 * 64 + 31, 63 * 64 + 2]);
        assert_eq!(m.vertices[0].position, sample().tiles[0].outer(0, 0));
        // Every triangle faces up (counter-clockwise seen from above).
        for t in lod.indices.chunks(3) {
            let p = |k: usize| m.vertices[t[k] as usize].position;
            let (u, v) = ([p(1)[0] - p(0)[0], p(1)[1] - p(0)[1]], [p(2)[0] - p(0)[0], p(2)[1] - p(0)[1]]);
            assert!(u[0] * v[1] - u[1] * v[0] > 0.0);
        }
        assert!(m.vertices.iter().all(|v| v.baked_light.is_some()));
    }

    #[test]
    fn broken_wdls_name_the_chunk_and_offset() {
        let bytes = sample().write();
        let err = |b: &[u8]| Wdl::parse(b, "x.wdl").unwrap_err().to_string();
        // An offset into the middle of a MARE.
        let mut moved = bytes.clone();
        let k = 20 + (30 * 64 + 31) * 4;
        let at = u32::from_le_bytes(moved[k..k + 4].try_into().unwrap()) + 2;
        moved[k..k + 4].copy_from_slice(&at.to_le_bytes());
        let e = err(&moved);
        assert!(e.contains("x.wdl") && e.contains("MAOF") && e.contains("not the start of a MARE"), "{e}");
        // A MAOF cut short, a MARE of too few heights, a truncated file.
        let mut short = bytes[..12].to_vec();
        short.extend(b"FOAM");
        short.extend(16u32.to_le_bytes());
        short.extend([0; 16]);
        assert!(err(&short).contains("MAOF"), "{}", err(&short));
        let mut few = Wdl { version: 18, tiles: vec![] }.write();
        few.extend(b"ERAM");
        few.extend(4u32.to_le_bytes());
        few.extend([0; 4]);
        let k = 20;
        few[k..k + 4].copy_from_slice(&(16404u32).to_le_bytes());
        assert!(err(&few).contains("MARE"), "{}", err(&few));
        assert!(err(&bytes[..bytes.len() - 3]).contains("runs past the end"));
        assert!(err(&bytes[12..]).contains("no MVER chunk first"));
    }
}
