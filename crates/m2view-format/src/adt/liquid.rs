//! Liquids of a map tile (wowdev wiki "ADT/v18"): the `MH2O` chunk of 3.0+
//! tiles and the `MCLQ` sub-chunks of the clients before, read into one
//! shape, [`Liquid`]: a rectangle of a chunk's 8 × 8 cells with a height
//! per corner and which cells hold liquid.
//!
//! What this follows:
//! - `MH2O` starts with 256 headers of 12 bytes (instances offset, layer
//!   count, attributes offset; offsets from the start of the `MH2O` data),
//!   one per `MCNK` in file order; an instance (`SMLiquidInstance`, 24
//!   bytes) is a liquid type, a vertex format, minimum and maximum height,
//!   x and y offset, width and height in cells, an "exists" bitmap offset
//!   and a vertex data offset;
//! - x counts columns (like `MCVT`'s, toward −Y), y rows (toward −X):
//!   checked on continent4229.adt, where all 46 cells its ocean leaves out
//!   lie above sea level and 299 of the 330 it fills below;
//! - vertex formats 0 (heights, then depths), 1 (heights, then UVs) and 3
//!   (heights, UVs, depths) start with `(w + 1) × (h + 1)` heights; format 2
//!   (depths only), no vertex data and the liquid objects of later clients
//!   (a format above 41: `LiquidObject` ids, whose format needs
//!   `LiquidMaterial`) lie flat at the minimum height;
//! - the "exists" bitmap holds `w × h` bits, rows first, least significant
//!   bit first; without one every cell exists;
//! - `MCLQ` (before 3.0): at `MCNK` header offset 0x60, its size at 0x64
//!   (its own size field is 0 in real files); one 804-byte record per
//!   liquid flag of the chunk (0x4 river, 0x8 ocean, 0x10 magma, 0x20
//!   slime, in that order): minimum and maximum height, 9 × 9 vertices of 8
//!   bytes (4 of depth/flow or UV, then the height), 8 × 8 tile bytes (low
//!   nibble 0xF: no liquid), then the flow data;
//! - heights of both are absolute (world Z, yards).

use super::UNIT_SIZE;
use crate::error::{Error, Result, ResultExt};
use crate::reader::{PResult, Reader, f32_, u8_, u16_, u32_};

/// What a liquid is drawn as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiquidKind {
    /// Rivers and lakes.
    Water,
    /// The sea.
    Ocean,
    /// Lava.
    Magma,
    /// Slime.
    Slime,
}

impl LiquidKind {
    /// The kind of `LiquidType` id `id` as the 3.3.5 table has them (wowdev
    /// wiki "DB/LiquidType": 1 Water, 2 Ocean, 3 Magma, 4 Slime, then the
    /// slow (5–8) and fast (9–12) variants in that order, 13 WMO Water, 14
    /// WMO Ocean, 15 Green Lava, 17 WMO Water Interior, 19 WMO Magma, 20 WMO
    /// Slime, 21 Naxxramas Slime); other ids are water.
    pub fn of_type(id: u16) -> LiquidKind {
        match id {
            1..=12 => {
                [LiquidKind::Water, LiquidKind::Ocean, LiquidKind::Magma, LiquidKind::Slime][(id as usize - 1) % 4]
            }
            14 => LiquidKind::Ocean,
            15 | 19 => LiquidKind::Magma,
            20 | 21 => LiquidKind::Slime,
            _ => LiquidKind::Water,
        }
    }

    /// Lower-case name (`water`, `ocean`, `magma`, `slime`).
    pub fn name(self) -> &'static str {
        match self {
            LiquidKind::Water => "water",
            LiquidKind::Ocean => "ocean",
            LiquidKind::Magma => "magma",
            LiquidKind::Slime => "slime",
        }
    }
}

/// A liquid surface over a rectangle of one chunk's cells.
#[derive(Debug, Clone, PartialEq)]
pub struct Liquid {
    /// Index of its chunk in [`super::Adt::chunks`].
    pub chunk: usize,
    /// `LiquidType` id (`MH2O`); for `MCLQ` the id of its kind (1 water, 2
    /// ocean, 3 magma, 4 slime).
    pub liquid_type: u16,
    /// What it is drawn as.
    pub kind: LiquidKind,
    /// First cell: column, row (0–7).
    pub origin: [u8; 2],
    /// Cells: columns, rows (1–8, within the chunk).
    pub size: [u8; 2],
    /// `(columns + 1) × (rows + 1)` corner heights (world Z, yards), rows first.
    pub heights: Vec<f32>,
    /// `columns × rows` cells, rows first: true where liquid is.
    pub cells: Vec<bool>,
}

impl Liquid {
    /// World position (yards, Z-up) of corner `(column, row)` of the
    /// rectangle, for a chunk whose first vertex is at `chunk_position`.
    pub fn corner(&self, chunk_position: [f32; 3], column: usize, row: usize) -> [f32; 3] {
        let (c, r) = (self.origin[0] as usize + column, self.origin[1] as usize + row);
        [
            chunk_position[0] - r as f32 * UNIT_SIZE,
            chunk_position[1] - c as f32 * UNIT_SIZE,
            self.heights[row * (self.size[0] as usize + 1) + column],
        ]
    }
}

/// `SMLiquidInstance` as stored.
struct Instance {
    liquid_type: u16,
    format: u16,
    min_height: f32,
    origin: [u8; 2],
    size: [u8; 2],
    exists: u32,
    vertices: u32,
}

fn instance(i: &[u8]) -> PResult<'_, Instance> {
    let (i, liquid_type) = u16_(i)?;
    let (i, format) = u16_(i)?;
    let (i, min_height) = f32_(i)?;
    let (i, _max_height) = f32_(i)?;
    let (i, x) = u8_(i)?;
    let (i, y) = u8_(i)?;
    let (i, w) = u8_(i)?;
    let (i, h) = u8_(i)?;
    let (i, exists) = u32_(i)?;
    let (i, vertices) = u32_(i)?;
    Ok((i, Instance { liquid_type, format, min_height, origin: [x, y], size: [w, h], exists, vertices }))
}

/// Bytes of a liquid of `cells` cells charged to the parse's budget.
fn charge(r: &Reader<'_, '_>, size: [u8; 2], offset: u64) -> Result<()> {
    let corners = (size[0] as u64 + 1) * (size[1] as u64 + 1);
    r.budget().charge(corners * 4 + size[0] as u64 * size[1] as u64 + 64, r.abs(offset))
}

/// The liquids of an `MH2O` chunk's data `r` for `chunks` chunks. Errors:
/// the headers or an instance out of the chunk, an instance outside its
/// chunk's 8 × 8 cells, the parse's allocation budget spent.
pub fn mh2o(r: &Reader<'_, '_>, chunks: usize) -> Result<Vec<Liquid>> {
    let mut out = Vec::new();
    for chunk in 0..chunks.min(256) {
        let (at, layers, _attributes) = r
            .record(chunk as u64 * 12, 12, |i| {
                let (i, a) = u32_(i)?;
                let (i, b) = u32_(i)?;
                let (i, c) = u32_(i)?;
                Ok((i, (a, b, c)))
            })
            .at_elem("header", chunk)?;
        for layer in 0..layers as u64 {
            let offset = at as u64 + layer * 24;
            let l = liquid_instance(r, offset, chunk).at_elem("instance", layer as usize).at_elem("chunk", chunk)?;
            out.push(l);
        }
    }
    Ok(out)
}

fn liquid_instance(r: &Reader<'_, '_>, offset: u64, chunk: usize) -> Result<Liquid> {
    let ins = r.record(offset, 24, instance)?;
    let [x, y] = ins.origin;
    let [w, h] = ins.size;
    if w == 0 || h == 0 || x as u32 + w as u32 > 8 || y as u32 + h as u32 > 8 {
        return Err(Error::invalid(r.abs(offset), format!("cells {w}×{h} at ({x}, {y}) outside the chunk's 8×8")));
    }
    charge(r, ins.size, offset)?;
    let corners = (w as usize + 1) * (h as usize + 1);
    let has_heights = matches!(ins.format, 0 | 1 | 3) && ins.vertices != 0;
    let heights = if has_heights {
        let bytes = r.bytes(ins.vertices as u64, corners as u64 * 4).at("vertex data")?;
        let flat = |v: f32| if v.is_finite() { v } else { ins.min_height };
        bytes.chunks_exact(4).map(|b| flat(f32::from_le_bytes([b[0], b[1], b[2], b[3]]))).collect()
    } else {
        vec![if ins.min_height.is_finite() { ins.min_height } else { 0.0 }; corners]
    };
    let count = w as usize * h as usize;
    let cells = if ins.exists == 0 {
        vec![true; count]
    } else {
        let bits = r.bytes(ins.exists as u64, count.div_ceil(8) as u64).at("exists bitmap")?;
        (0..count).map(|k| bits[k / 8] >> (k % 8) & 1 != 0).collect()
    };
    Ok(Liquid {
        chunk,
        liquid_type: ins.liquid_type,
        kind: LiquidKind::of_type(ins.liquid_type),
        origin: ins.origin,
        size: ins.size,
        heights,
        cells,
    })
}

/// Size of one `MCLQ` record.
const MCLQ_RECORD: u64 = 804;

/// The liquids of chunk `chunk` from its `MCLQ` data `r` (the bytes after
/// the `MCLQ` tag, as long as the header's liquid size says) and its
/// header flags. Errors: fewer bytes than its liquid flags need, the
/// budget spent.
pub fn mclq(r: &Reader<'_, '_>, flags: u32, chunk: usize) -> Result<Vec<Liquid>> {
    let kinds = [(0x4, 1), (0x8, 2), (0x10, 3), (0x20, 4)];
    let mut out = Vec::new();
    for (n, &(_, liquid_type)) in kinds.iter().filter(|(bit, _)| flags & bit != 0).enumerate() {
        let at = n as u64 * MCLQ_RECORD;
        let rec = r.bytes(at, MCLQ_RECORD).at_elem("record", n)?;
        charge(r, [8, 8], at)?;
        let height = |v: usize| {
            let o = 8 + v * 8 + 4;
            let h = f32::from_le_bytes([rec[o], rec[o + 1], rec[o + 2], rec[o + 3]]);
            if h.is_finite() { h } else { 0.0 }
        };
        let tiles = &rec[8 + 81 * 8..8 + 81 * 8 + 64];
        out.push(Liquid {
            chunk,
            liquid_type,
            kind: LiquidKind::of_type(liquid_type),
            origin: [0, 0],
            size: [8, 8],
            heights: (0..81).map(height).collect(),
            cells: tiles.iter().map(|t| t & 0x0F != 0x0F).collect(),
        });
    }
    Ok(out)
}
