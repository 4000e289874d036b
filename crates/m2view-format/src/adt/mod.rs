//! ADT map tiles (wowdev wiki "ADT/v18"): one `Map_XX_YY.adt` of the
//! clients before 4.0 (textures, placements and the 16×16 `MCNK` terrain
//! chunks in one file), read into a validated [`Adt`] and drawn as a
//! static [`Model`](crate::Model) of its terrain ([`Adt::to_model`]).
//!
//! What this follows:
//! - chunk tags are stored byte-reversed (`REVM`), as in WMO files;
//! - an `MCNK`'s sub-chunks are found by the offsets of its 128-byte header
//!   (relative to the `MCNK` tag), not by walking: `MCNR` declares 435
//!   bytes and is followed by 13 more;
//! - `MCVT` holds 145 heights (rows of 9 outer and 8 inner vertices)
//!   above the chunk's position; outer vertex (row r, column c) stands at
//!   `position − (r, c) × 33⅓/8` yards in x and y, inner ones half a step
//!   further. Checked on real tiles: the last row of a chunk is the first
//!   of the chunk below it, its last column the first of the next one;
//! - `MCNR` normals are `int8` x, y, z over 127 in the same axes (their
//!   directions agree with the heights' slopes on real tiles);
//! - low-resolution holes are a 4×4 bitmap over the 8×8 quads, bit
//!   `(row / 2) × 4 + column / 2`;
//! - `MDDF`/`MODF` positions are in placement space: world
//!   `(17066⅔ − z, 17066⅔ − x, y)` (see [`placement_position`]).

use crate::error::{Error, Result, ResultExt};
use crate::raw::wmo::{Chunk, chunks, string_at, strings};
use crate::reader::{self, M2Array, PResult, ParseState, Reader, f32_, u16_, u32_, vec3};

/// Side of a tile in yards (world units): 1600 feet.
pub const TILE_SIZE: f32 = 1600.0 / 3.0;
/// Side of a chunk: a sixteenth of a tile.
pub const CHUNK_SIZE: f32 = TILE_SIZE / 16.0;
/// Distance between two outer vertices of a chunk.
pub const UNIT_SIZE: f32 = CHUNK_SIZE / 8.0;

/// A model placed on the tile (`MDDF`, 36 bytes).
#[derive(Debug, Clone, PartialEq)]
pub struct MapDoodad {
    /// The model (`MMDX` name, `.mdx` standing for `.m2`; `None`: its index is out of `MMID`).
    pub model: Option<String>,
    /// Unique id across the map.
    pub unique_id: u32,
    /// Position in placement space (see [`placement_position`]).
    pub position: [f32; 3],
    /// Rotation in degrees about the placement axes x, y, z.
    pub rotation: [f32; 3],
    /// Scale (the stored u16 over 1024).
    pub scale: f32,
    /// Flags.
    pub flags: u16,
}

/// A WMO placed on the tile (`MODF`, 64 bytes).
#[derive(Debug, Clone, PartialEq)]
pub struct MapObject {
    /// The WMO (`MWMO` name; `None`: its index is out of `MWID`).
    pub wmo: Option<String>,
    /// Unique id across the map.
    pub unique_id: u32,
    /// Position in placement space.
    pub position: [f32; 3],
    /// Rotation in degrees.
    pub rotation: [f32; 3],
    /// Its doodad set.
    pub doodad_set: u16,
    /// Flags (0x4: `scale` is meaningful, Legion+).
    pub flags: u16,
    /// Scale (1.0 unless flag 0x4).
    pub scale: f32,
}

/// A texture layer of a chunk (`MCLY`, 16 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layer {
    /// Index into [`Adt::textures`] (checked).
    pub texture: u32,
    /// Flags (0x100: has an alpha map in `MCAL`, 0x200 compressed, …).
    pub flags: u32,
    /// Offset of its alpha map in `MCAL`.
    pub alpha_offset: u32,
    /// `GroundEffectTexture` id.
    pub effect: u32,
}

/// One of the 256 terrain chunks (`MCNK`).
#[derive(Debug, Clone, PartialEq)]
pub struct MapChunk {
    /// Column and row of the chunk in the tile (`IndexX`, `IndexY`).
    pub index: [u32; 2],
    /// Flags (0x1 shadow map, 0x4–0x20 liquid kinds of `MCLQ`, 0x40 vertex colours, …).
    pub flags: u32,
    /// `AreaTable` id.
    pub area_id: u32,
    /// Position of its first vertex (world yards, Z-up).
    pub position: [f32; 3],
    /// 145 heights above `position[2]`.
    pub heights: Vec<f32>,
    /// 145 unit normals.
    pub normals: Vec<[f32; 3]>,
    /// Texture layers (at most 4), base layer first.
    pub layers: Vec<Layer>,
    /// Low-resolution holes (4×4 bits).
    pub holes: u16,
    /// Doodads and WMOs referenced (`MCRF`).
    pub references: usize,
    /// Alpha maps of layers 1–3 (index = layer; layer 0's is empty, and so is
    /// one that could not be read — see [`Adt::warnings`]): 64 × 64 values,
    /// rows and columns as the heights' ([`alpha`]).
    pub alpha: Vec<Vec<u8>>,
}

/// A map tile, validated: 256 chunks at most, each with 145 heights and
/// normals, layer textures and placement names in range.
#[derive(Debug, Clone, PartialEq)]
pub struct Adt {
    /// `MVER` (18).
    pub version: u32,
    /// Terrain textures (`MTEX`).
    pub textures: Vec<String>,
    /// Models placed (`MDDF`).
    pub doodads: Vec<MapDoodad>,
    /// WMOs placed (`MODF`).
    pub objects: Vec<MapObject>,
    /// Terrain chunks in file order.
    pub chunks: Vec<MapChunk>,
    /// Liquid surfaces (`MH2O` of 3.0+, else the chunks' `MCLQ`), chunk by chunk.
    pub liquids: Vec<Liquid>,
    /// Top-level chunk tags in file order (each once).
    pub chunk_tags: Vec<String>,
    /// Problems read past.
    pub warnings: Vec<String>,
}

/// True if `bytes` are a map tile (`MVER` then `MHDR`).
pub fn is_adt(bytes: &[u8]) -> bool {
    bytes.len() >= 20 && &bytes[..4] == b"REVM" && &bytes[12..16] == b"RDHM"
}

/// World position of a placement-space position (`MDDF`/`MODF`): x and y
/// measured from the map's corner, y up (namreeb/nav `DoodadPlacement`,
/// wowdev wiki "ADT/v18" MDDF: "subtract 17066 from the non vertical values").
pub fn placement_position(p: [f32; 3]) -> [f32; 3] {
    let mid = 32.0 * TILE_SIZE;
    [mid - p[2], mid - p[0], p[1]]
}

/// `MDDF` as stored: name index, unique id, position, rotation, scale, flags.
type RawDoodad = (u32, u32, [f32; 3], [f32; 3], u16, u16);

fn doodad(i: &[u8]) -> PResult<'_, RawDoodad> {
    let (i, name) = u32_(i)?;
    let (i, id) = u32_(i)?;
    let (i, pos) = vec3(i)?;
    let (i, rot) = vec3(i)?;
    let (i, scale) = u16_(i)?;
    let (i, flags) = u16_(i)?;
    Ok((i, (name, id, pos, rot, scale, flags)))
}

/// `MODF` as stored: name index, unique id, position, rotation, flags, doodad set, scale.
type RawObject = (u32, u32, [f32; 3], [f32; 3], u16, u16, u16);

fn object(i: &[u8]) -> PResult<'_, RawObject> {
    let (i, name) = u32_(i)?;
    let (i, id) = u32_(i)?;
    let (i, pos) = vec3(i)?;
    let (i, rot) = vec3(i)?;
    let (i, _lo) = vec3(i)?;
    let (i, _hi) = vec3(i)?;
    let (i, flags) = u16_(i)?;
    let (i, set) = u16_(i)?;
    let (i, _name_set) = u16_(i)?;
    let (i, scale) = u16_(i)?;
    Ok((i, (name, id, pos, rot, flags, set, scale)))
}

fn layer(i: &[u8]) -> PResult<'_, Layer> {
    let (i, texture) = u32_(i)?;
    let (i, flags) = u32_(i)?;
    let (i, alpha_offset) = u32_(i)?;
    let (i, effect) = u32_(i)?;
    Ok((i, Layer { texture, flags, alpha_offset, effect }))
}

fn normal(i: &[u8]) -> PResult<'_, [f32; 3]> {
    let (i, x) = reader::i8_(i)?;
    let (i, y) = reader::i8_(i)?;
    let (i, z) = reader::i8_(i)?;
    Ok((i, [x as f32 / 127.0, y as f32 / 127.0, z as f32 / 127.0]))
}

/// Records of a chunk payload: `count` records of `size` bytes from its start.
fn read<'a, T>(
    c: &Chunk<'a>,
    r: &Reader<'a, '_>,
    size: usize,
    parse: impl Fn(&'a [u8]) -> PResult<'a, T>,
) -> Result<Vec<T>> {
    let cr = Reader::new(c.data, c.offset, r.state());
    cr.array(M2Array { count: (c.data.len() / size) as u32, offset: 0 }, size, parse)
}

impl Adt {
    /// Parses a tile. `name` is used in errors.
    ///
    /// Errors: not `MVER` 18 with `MHDR`, a truncated chunk, an `MCNK`
    /// whose header offsets point outside it or at the wrong sub-chunk,
    /// more than 256 chunks; each naming file, chunk and offset.
    pub fn parse(bytes: &[u8], name: &str) -> Result<Adt> {
        Adt::parse_with(bytes, name, None)
    }

    /// [`Adt::parse`] of a tile whose map's WDT says whether its
    /// uncompressed alpha maps are 8-bit (`Some(true)`, [`Wdt::big_alpha`])
    /// or 4-bit; `None`: told by the room each map has in `MCAL`.
    pub fn parse_with(bytes: &[u8], name: &str, big_alpha: Option<bool>) -> Result<Adt> {
        let state = ParseState::for_file_len(bytes.len());
        let r = Reader::new(bytes, 0, &state);
        Adt::parse_in(&r, big_alpha).map_err(|e| e.in_file(name))
    }

    fn parse_in(r: &Reader<'_, '_>, big_alpha: Option<bool>) -> Result<Adt> {
        let all = chunks(r)?;
        let ver = all.first().filter(|c| &c.tag == b"MVER").ok_or_else(|| Error::invalid(0, "no MVER chunk first"))?;
        let version = r.record(ver.offset, 4, u32_).at("MVER")?;
        if version != 18 {
            return Err(Error::new(ver.offset, crate::error::ErrorKind::UnsupportedVersion(version))).at("MVER");
        }
        let mut adt = Adt {
            version,
            textures: Vec::new(),
            doodads: Vec::new(),
            objects: Vec::new(),
            chunks: Vec::new(),
            liquids: Vec::new(),
            chunk_tags: Vec::new(),
            warnings: Vec::new(),
        };
        let (mut mmdx, mut mmid, mut mwmo, mut mwid) = (&[][..], Vec::new(), &[][..], Vec::new());
        let (mut mddf, mut modf, mut mh2o) = (Vec::new(), Vec::new(), None);
        for c in &all {
            if !adt.chunk_tags.contains(&c.name()) {
                adt.chunk_tags.push(c.name());
            }
            match &c.tag {
                b"MTEX" => adt.textures = strings(c.data).into_iter().map(|(_, s)| s).collect(),
                b"MMDX" => mmdx = c.data,
                b"MMID" => mmid = read(c, r, 4, u32_).at("MMID")?,
                b"MWMO" => mwmo = c.data,
                b"MWID" => mwid = read(c, r, 4, u32_).at("MWID")?,
                b"MDDF" => mddf = read(c, r, 36, doodad).at("MDDF")?,
                b"MODF" => modf = read(c, r, 64, object).at("MODF")?,
                b"MH2O" => mh2o = Some(c),
                b"MCNK" => {
                    if adt.chunks.len() == 256 {
                        return Err(Error::invalid(c.offset, "more than 256 MCNK chunks"));
                    }
                    let i = adt.chunks.len();
                    let (chunk, liquids) = map_chunk(c, r, adt.textures.len(), i, big_alpha).at_elem("MCNK", i)?;
                    adt.chunks.push(chunk);
                    adt.liquids.extend(liquids);
                }
                _ => {}
            }
        }
        if let Some(c) = mh2o.filter(|c| !c.data.is_empty()) {
            // The 3.0+ water replaces what MCLQ chunks a converted tile may still carry.
            match liquid::mh2o(&Reader::new(c.data, c.offset, r.state()), adt.chunks.len()) {
                Ok(l) => adt.liquids = l,
                Err(e) => r.state().warn(e.under(&[m2view_error::PathSeg::Field("MH2O")])),
            }
        }
        let name_at = |block: &[u8], ids: &[u32], i: u32| ids.get(i as usize).and_then(|&o| string_at(block, o));
        adt.doodads = mddf
            .into_iter()
            .map(|(n, unique_id, position, rotation, scale, flags)| MapDoodad {
                model: name_at(mmdx, &mmid, n),
                unique_id,
                position,
                rotation,
                scale: scale as f32 / 1024.0,
                flags,
            })
            .collect();
        adt.objects = modf
            .into_iter()
            .map(|(n, unique_id, position, rotation, flags, doodad_set, scale)| MapObject {
                wmo: name_at(mwmo, &mwid, n),
                unique_id,
                position,
                rotation,
                doodad_set,
                flags,
                scale: if flags & 0x4 != 0 { scale as f32 / 1024.0 } else { 1.0 },
            })
            .collect();
        adt.warnings = r.state().take_warnings().into_iter().map(|w| w.to_string()).collect();
        Ok(adt)
    }
}

/// The sub-chunk `tag` at header offset `ofs` (relative to the `MCNK` tag).
fn sub<'a>(c: &Chunk<'a>, r: &Reader<'a, '_>, ofs: u32, tag: &[u8; 4]) -> Result<Chunk<'a>> {
    let cr = Reader::new(c.data, c.offset, r.state());
    let at = (ofs as u64)
        .checked_sub(8)
        .ok_or_else(|| Error::invalid(c.offset, format!("offset {ofs} inside the MCNK tag")))?;
    let head = cr.bytes(at, 8)?;
    let found = [head[3], head[2], head[1], head[0]];
    if &found != tag {
        let msg = format!(
            "{} expected at offset {ofs}, found {}",
            String::from_utf8_lossy(tag),
            m2view_error::show_tag(&found)
        );
        return Err(Error::invalid(cr.abs(at), msg));
    }
    let size = u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as u64;
    Ok(Chunk { tag: found, offset: cr.abs(at + 8), data: cr.bytes(at + 8, size)? })
}

fn map_chunk(
    c: &Chunk<'_>,
    r: &Reader<'_, '_>,
    textures: usize,
    index: usize,
    big_alpha: Option<bool>,
) -> Result<(MapChunk, Vec<Liquid>)> {
    let cr = Reader::new(c.data, c.offset, r.state());
    let h: Vec<u32> = cr.array(M2Array { count: 32, offset: 0 }, 4, u32_).at("header")?;
    let position = cr.record(0x68, 12, vec3).at("header")?;
    let heights = read(&sub(c, r, h[5], b"MCVT")?, r, 4, f32_).at("MCVT")?;
    // MCNR declares 435 bytes (145 normals); 13 padding bytes follow it.
    let normals = read(&sub(c, r, h[6], b"MCNR")?, r, 3, normal).at("MCNR")?;
    if heights.len() != 145 || normals.len() != 145 {
        let msg = format!("{} heights and {} normals, 145 each expected", heights.len(), normals.len());
        return Err(Error::invalid(c.offset, msg));
    }
    let layers = if h[3] == 0 { Vec::new() } else { read(&sub(c, r, h[7], b"MCLY")?, r, 16, layer).at("MCLY")? };
    if layers.len() > 4 {
        return Err(Error::invalid(c.offset, format!("{} texture layers (at most 4)", layers.len()))).at("MCLY");
    }
    if let Some((i, l)) = layers.iter().enumerate().find(|(_, l)| l.texture as usize >= textures) {
        return Err(Error::invalid(c.offset, format!("texture {} of {textures} (MTEX)", l.texture))).at_elem("MCLY", i);
    }
    let alpha = alpha_maps(c, r, &h, &layers, index, big_alpha);
    let holes = (h[15] & 0xFFFF) as u16;
    let liquids = chunk_liquids(c, r, &h, index);
    let chunk = MapChunk {
        index: [h[1], h[2]],
        flags: h[0],
        area_id: h[13],
        position,
        heights,
        normals,
        layers,
        holes,
        references: h[4].saturating_add(h[14]) as usize,
        alpha,
    };
    Ok((chunk, liquids))
}

/// The `MCLQ` liquids of a chunk (header offset `h[24]`, size `h[25]`
/// including the 8-byte tag and size, whose own size field is not to be
/// trusted); one that cannot be read is a repair warning.
fn chunk_liquids(c: &Chunk<'_>, r: &Reader<'_, '_>, h: &[u32], index: usize) -> Vec<Liquid> {
    use m2view_error::PathSeg::{Field, Index};
    if h[0] & 0x3C == 0 || h[25] <= 8 {
        return Vec::new();
    }
    let cr = Reader::new(c.data, c.offset, r.state());
    let read = || -> Result<Vec<Liquid>> {
        let at = (h[24] as u64).checked_sub(8).ok_or_else(|| Error::invalid(c.offset, "MCLQ inside the MCNK tag"))?;
        let head = cr.bytes(at, 4)?;
        if head != b"QLCM" {
            let found = [head[3], head[2], head[1], head[0]];
            return Err(Error::invalid(cr.abs(at), format!("MCLQ expected, found {}", m2view_error::show_tag(&found))));
        }
        let data = cr.bytes(at + 8, h[25] as u64 - 8)?;
        liquid::mclq(&Reader::new(data, cr.abs(at + 8), r.state()), h[0], index)
    };
    read().unwrap_or_else(|e| {
        r.state().warn(e.under(&[Field("MCNK"), Index(index), Field("MCLQ")]));
        Vec::new()
    })
}

/// The alpha maps of a chunk's layers 1–3 (`MCAL` at header offset
/// `h[9]`), uncompressed ones 8-bit or 4-bit as `big_alpha` says (`None`:
/// by their room); a map that cannot be read is a repair warning and stays empty.
fn alpha_maps(
    c: &Chunk<'_>,
    r: &Reader<'_, '_>,
    h: &[u32],
    layers: &[Layer],
    index: usize,
    big_alpha: Option<bool>,
) -> Vec<Vec<u8>> {
    use m2view_error::PathSeg::{Field, Index};
    let mut out = vec![Vec::new(); layers.len()];
    if !layers.iter().skip(1).any(|l| l.flags & 0x100 != 0) {
        return out;
    }
    let mcal = match sub(c, r, h[9], b"MCAL") {
        Ok(m) => m,
        Err(e) => {
            r.state().warn(e.under(&[Field("MCNK"), Index(index), Field("MCAL")]));
            return out;
        }
    };
    for (k, l) in layers.iter().enumerate().skip(1).filter(|(_, l)| l.flags & 0x100 != 0) {
        let next = layers[k + 1..].iter().map(|n| n.alpha_offset as usize).find(|&o| o > l.alpha_offset as usize);
        let room = match big_alpha {
            Some(true) => alpha::ALPHA_SIZE,
            Some(false) => 0,
            None => next.unwrap_or(mcal.data.len()).saturating_sub(l.alpha_offset as usize),
        };
        match r
            .budget()
            .charge(alpha::ALPHA_SIZE as u64, mcal.offset)
            .and_then(|_| alpha::decode(mcal.data, l.alpha_offset as usize, room, l.flags, h[0] & 0x8000 != 0))
        {
            Ok(a) => out[k] = a,
            Err(mut e) => {
                e.offset = e.offset.saturating_add(mcal.offset);
                r.state().warn(e.under(&[Field("MCNK"), Index(index), Field("MCAL"), Index(k)]));
            }
        }
    }
    out
}

pub mod alpha;
mod convert;
pub mod liquid;
pub mod wdt;

pub use wdt::Wdt;

pub use convert::liquid_color;
pub use liquid::{Liquid, LiquidKind};
