//! ADT map tiles (wowdev wiki "ADT/v18"): one `Map_XX_YY.adt` of the
//! clients before 4.0 (textures, placements and the 16×16 `MCNK` terrain
//! chunks in one file), or the split files of 4.0 and later (the root
//! `Map_XX_YY.adt` with heights, normals, vertex colours and water;
//! `_tex0.adt` with textures, layers, alpha and shadow maps; `_obj0.adt`
//! with the placements), read into one validated [`Adt`] and drawn as a
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
//! - in split files an `MCNK`'s sub-chunks are walked instead (the root's
//!   after its 128-byte header, a `_tex0`/`_obj0` one's from its start;
//!   WebWowViewerCpp `adtFile.cpp` reads them so), `MCNR`'s 13 padding
//!   bytes skipped where they are present;
//! - `MCCV` vertex colours (145 × b g r a, 0x7F = 1.0) multiply the
//!   blended layers by twice their value (WebWowViewerCpp `adtShader.frag`:
//!   `final.rgb * 2.0 * vColor.rgb`); `MCSH` is a 64 × 64 bit shadow map,
//!   least significant bit first (wowdev wiki "ADT/v18" MCSH);
//! - `MDDF`/`MODF` positions are in placement space: world
//!   `(17066⅔ − z, 17066⅔ − x, y)` (see [`placement_position`]); from 8.1
//!   their name index is a FileDataID where flag 0x40 (`MDDF`) or 0x8
//!   (`MODF`) says so, and `_tex0` names textures by FileDataID (`MDID`).

use crate::error::{Error, Result, ResultExt};
use crate::raw::wmo::{Chunk, chunks, string_at, strings};
use crate::reader::{self, M2Array, PResult, ParseState, Reader, f32_, u16_, u32_, vec3};
pub use crate::wmo::FileRef;

/// Side of a tile in yards (world units): 1600 feet.
pub const TILE_SIZE: f32 = 1600.0 / 3.0;
/// Side of a chunk: a sixteenth of a tile.
pub const CHUNK_SIZE: f32 = TILE_SIZE / 16.0;
/// Distance between two outer vertices of a chunk.
pub const UNIT_SIZE: f32 = CHUNK_SIZE / 8.0;

/// A model placed on the tile (`MDDF`, 36 bytes).
#[derive(Debug, Clone, PartialEq)]
pub struct MapDoodad {
    /// The model (`MMDX` name, `.mdx` standing for `.m2`, or a FileDataID
    /// where flag 0x40 says so; `None`: its index is out of `MMID`).
    pub model: Option<FileRef>,
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
    /// The WMO (`MWMO` name, or a FileDataID where flag 0x8 says so;
    /// `None`: its index is out of `MWID`).
    pub wmo: Option<FileRef>,
    /// Unique id across the map.
    pub unique_id: u32,
    /// Position in placement space.
    pub position: [f32; 3],
    /// Rotation in degrees.
    pub rotation: [f32; 3],
    /// Its doodad set.
    pub doodad_set: u16,
    /// Flags (0x4: `scale` is meaningful, Legion+; 0x8: the name is a FileDataID, 8.1+).
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
    /// Vertex colours (`MCCV`, flag 0x40 or a split root's sub-chunk): 145
    /// r g b a, in the heights' order; 0x7F is 1.0 (the layers × 2 × value).
    pub vertex_colors: Option<Vec<[u8; 4]>>,
    /// Shadow map (`MCSH`, flag 0x1): 64 × 64 values, 255 in shadow, 0 lit,
    /// rows and columns as the alpha maps'.
    pub shadow: Option<Vec<u8>>,
}

/// A map tile, validated: 256 chunks at most, each with 145 heights and
/// normals, layer textures and placement names in range.
#[derive(Debug, Clone, PartialEq)]
pub struct Adt {
    /// `MVER` (18).
    pub version: u32,
    /// Terrain textures (`MTEX` names, or `MDID` FileDataIDs of an 8.1+ `_tex0`).
    pub textures: Vec<FileRef>,
    /// Models placed (`MDDF`).
    pub doodads: Vec<MapDoodad>,
    /// WMOs placed (`MODF`).
    pub objects: Vec<MapObject>,
    /// Terrain chunks in file order.
    pub chunks: Vec<MapChunk>,
    /// Liquid surfaces (`MH2O` of 3.0+, else the chunks' `MCLQ`), chunk by chunk.
    pub liquids: Vec<Liquid>,
    /// Top-level chunk tags in file order (each once; those of a split
    /// tile's `_tex0`/`_obj0` after the root's).
    pub chunk_tags: Vec<String>,
    /// The split files read with the root (`_tex0`, `_obj0`; empty for a
    /// monolithic tile).
    pub split_files: Vec<String>,
    /// Problems read past.
    pub warnings: Vec<String>,
}

/// True if `bytes` are a map tile (`MVER` then `MHDR`): a monolithic
/// tile or the root of a split one.
pub fn is_adt(bytes: &[u8]) -> bool {
    bytes.len() >= 20 && &bytes[..4] == b"REVM" && &bytes[12..16] == b"RDHM"
}

/// True if `bytes` are one of a split tile's other files (`MVER` then a
/// texture or placement chunk: `MAMP`, `MTEX`, `MDID`, `MMDX` …).
pub fn is_split_part(bytes: &[u8]) -> bool {
    let parts: [&[u8; 4]; 9] = [b"PMAM", b"XETM", b"DIDM", b"DIHM", b"XDMM", b"DIMM", b"OMWM", b"FDDM", b"FDOM"];
    bytes.len() >= 20 && &bytes[..4] == b"REVM" && parts.iter().any(|p| &bytes[12..16] == *p)
}

/// The split file (`"_tex0"`, `"_obj0"`, `"_lod"` …) a file name stem
/// (`Map_32_48_tex0`) names, and the root's stem (`Map_32_48`).
pub fn split_suffix(stem: &str) -> Option<(&str, &str)> {
    let (root, suffix) = stem.rsplit_once('_')?;
    let known = ["tex0", "tex1", "obj0", "obj1", "lod"];
    known.iter().any(|k| suffix.eq_ignore_ascii_case(k)).then(|| (&stem[root.len()..], root))
}

/// One file of a tile: its bytes and its name (for errors and warnings).
#[derive(Debug, Clone, Copy)]
pub struct TileFile<'a> {
    /// The file's bytes.
    pub bytes: &'a [u8],
    /// Its name.
    pub name: &'a str,
}

/// Which file of a tile is being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A monolithic (pre-4.0) tile: every chunk, `MCNK` sub-chunks by header offsets.
    Whole,
    /// A split tile's root: heights, normals, vertex colours, water.
    Root,
    /// `_tex0`: textures, layers, alpha and shadow maps.
    Tex,
    /// `_obj0`: placements.
    Obj,
}

/// The placement chunks of a tile as stored, resolved once every file is read.
#[derive(Default)]
struct Placements<'a> {
    mmdx: &'a [u8],
    mmid: Vec<u32>,
    mwmo: &'a [u8],
    mwid: Vec<u32>,
    mddf: Vec<RawDoodad>,
    modf: Vec<RawObject>,
}

impl Placements<'_> {
    /// The model of a placement: a FileDataID where `by_id`, else the
    /// name at the offset `ids[index]` of `block`.
    fn name(block: &[u8], ids: &[u32], index: u32, by_id: bool) -> Option<FileRef> {
        if by_id {
            return Some(FileRef::FileDataId(index));
        }
        ids.get(index as usize).and_then(|&o| string_at(block, o)).map(FileRef::Path)
    }

    fn doodads(&self) -> Vec<MapDoodad> {
        self.mddf
            .iter()
            .map(|&(n, unique_id, position, rotation, scale, flags)| MapDoodad {
                model: Self::name(self.mmdx, &self.mmid, n, flags & 0x40 != 0),
                unique_id,
                position,
                rotation,
                scale: scale as f32 / 1024.0,
                flags,
            })
            .collect()
    }

    fn objects(&self) -> Vec<MapObject> {
        self.modf
            .iter()
            .map(|&(n, unique_id, position, rotation, flags, doodad_set, scale)| MapObject {
                wmo: Self::name(self.mwmo, &self.mwid, n, flags & 0x8 != 0),
                unique_id,
                position,
                rotation,
                doodad_set,
                flags,
                scale: if flags & 0x4 != 0 { scale as f32 / 1024.0 } else { 1.0 },
            })
            .collect()
    }
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
    /// Parses a monolithic tile (or a split tile's root alone). `name` is
    /// used in errors.
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
        Adt::parse_split(TileFile { bytes, name }, None, None, big_alpha)
    }

    /// Parses a split tile (4.0+): its root with its `_tex0` and `_obj0`
    /// files where present (without either, the root is read as a
    /// monolithic tile). `big_alpha` as for [`Adt::parse_with`].
    ///
    /// Errors: as [`Adt::parse`], naming the file at fault; a `_tex0`
    /// with more `MCNK` chunks than the root, or a layer naming a texture
    /// past its `MTEX`/`MDID`.
    pub fn parse_split(
        root: TileFile<'_>,
        tex0: Option<TileFile<'_>>,
        obj0: Option<TileFile<'_>>,
        big_alpha: Option<bool>,
    ) -> Result<Adt> {
        // A root without MTEX is a split tile's (a monolithic tile always has one).
        let split = tex0.is_some() || obj0.is_some() || !has_chunk(root.bytes, b"XETM");
        let mut adt = Adt {
            version: 18,
            textures: Vec::new(),
            doodads: Vec::new(),
            objects: Vec::new(),
            chunks: Vec::new(),
            liquids: Vec::new(),
            chunk_tags: Vec::new(),
            split_files: Vec::new(),
            warnings: Vec::new(),
        };
        let parts = [(Some(root), if split { Part::Root } else { Part::Whole }), (tex0, Part::Tex), (obj0, Part::Obj)];
        for (file, part) in parts {
            let Some(file) = file else { continue };
            if part != Part::Whole && part != Part::Root {
                adt.split_files.push(file.name.to_string());
            }
            let state = ParseState::for_file_len(file.bytes.len());
            let r = Reader::new(file.bytes, 0, &state);
            adt.read_file(&r, part, big_alpha).map_err(|e| e.in_file(file.name))?;
            adt.warnings.extend(state.take_warnings().into_iter().map(|w| w.in_file(file.name).to_string()));
        }
        for (file, what) in [(tex0, "_tex0 (its textures)"), (obj0, "_obj0 (its placements)")] {
            if split && file.is_none() {
                adt.warnings.push(format!("{}: a split tile's root without its {what}", root.name));
            }
        }
        Ok(adt)
    }

    /// Reads one file of the tile into `self`.
    fn read_file(&mut self, r: &Reader<'_, '_>, part: Part, big_alpha: Option<bool>) -> Result<()> {
        let all = chunks(r)?;
        let ver = all.first().filter(|c| &c.tag == b"MVER").ok_or_else(|| Error::invalid(0, "no MVER chunk first"))?;
        let version = r.record(ver.offset, 4, u32_).at("MVER")?;
        if version != 18 {
            return Err(Error::new(ver.offset, crate::error::ErrorKind::UnsupportedVersion(version))).at("MVER");
        }
        let mut placements = Placements::default();
        let (mut mh2o, mut mcnk) = (None, 0usize);
        for c in &all {
            if !self.chunk_tags.contains(&c.name()) {
                self.chunk_tags.push(c.name());
            }
            let texture_file = matches!(part, Part::Whole | Part::Tex);
            let object_file = matches!(part, Part::Whole | Part::Obj);
            match &c.tag {
                b"MTEX" if texture_file => {
                    self.textures = strings(c.data).into_iter().map(|(_, s)| FileRef::Path(s)).collect()
                }
                b"MDID" if part == Part::Tex => {
                    let ids = read(c, r, 4, u32_).at("MDID")?;
                    self.textures = ids.into_iter().map(FileRef::FileDataId).collect();
                }
                b"MMDX" if object_file => placements.mmdx = c.data,
                b"MMID" if object_file => placements.mmid = read(c, r, 4, u32_).at("MMID")?,
                b"MWMO" if object_file => placements.mwmo = c.data,
                b"MWID" if object_file => placements.mwid = read(c, r, 4, u32_).at("MWID")?,
                b"MDDF" if object_file => placements.mddf = read(c, r, 36, doodad).at("MDDF")?,
                b"MODF" if object_file => placements.modf = read(c, r, 64, object).at("MODF")?,
                b"MH2O" if matches!(part, Part::Whole | Part::Root) => mh2o = Some(c),
                b"MCNK" => {
                    if mcnk == 256 {
                        return Err(Error::invalid(c.offset, "more than 256 MCNK chunks"));
                    }
                    self.read_mcnk(c, r, part, mcnk, big_alpha).at_elem("MCNK", mcnk)?;
                    mcnk += 1;
                }
                _ => {}
            }
        }
        if let Some(c) = mh2o.filter(|c| !c.data.is_empty()) {
            // The 3.0+ water replaces what MCLQ chunks a converted tile may still carry.
            match liquid::mh2o(&Reader::new(c.data, c.offset, r.state()), self.chunks.len()) {
                Ok(l) => self.liquids = l,
                Err(e) => r.state().warn(e.under(&[m2view_error::PathSeg::Field("MH2O")])),
            }
        }
        if object_file(part) {
            self.doodads = placements.doodads();
            self.objects = placements.objects();
        }
        Ok(())
    }

    /// Reads `MCNK` number `index` of a file: a whole chunk (monolithic
    /// tile or split root), or the texturing of the root's chunk `index`
    /// (`_tex0`); an `_obj0` chunk only adds its references.
    fn read_mcnk(
        &mut self,
        c: &Chunk<'_>,
        r: &Reader<'_, '_>,
        part: Part,
        index: usize,
        big_alpha: Option<bool>,
    ) -> Result<()> {
        match part {
            Part::Whole | Part::Root => {
                let cr = Reader::new(c.data, c.offset, r.state());
                let h: Vec<u32> = cr.array(M2Array { count: 32, offset: 0 }, 4, u32_).at("header")?;
                let parts =
                    if part == Part::Whole { Parts::by_offsets(c, r, &h)? } else { Parts::by_walking(c, r, 128)? };
                let (mut chunk, liquids) = chunk_geometry(c, r, &h, &parts, index)?;
                chunk.texture(&parts, r, self.textures.len(), index, big_alpha)?;
                self.chunks.push(chunk);
                self.liquids.extend(liquids);
            }
            Part::Tex => {
                let parts = Parts::by_walking(c, r, 0)?;
                let textures = self.textures.len();
                let chunk = self.chunks.get_mut(index).ok_or_else(|| {
                    Error::invalid(c.offset, format!("a texture chunk past the root's {} MCNK chunks", index))
                })?;
                chunk.texture(&parts, r, textures, index, big_alpha)?;
            }
            Part::Obj => {
                let parts = Parts::by_walking(c, r, 0)?;
                if let Some(chunk) = self.chunks.get_mut(index) {
                    chunk.references = parts.references;
                }
            }
        }
        Ok(())
    }
}

/// True if the top-level chunks of `bytes` include `tag` (as stored, byte-reversed).
fn has_chunk(bytes: &[u8], tag: &[u8; 4]) -> bool {
    let mut pos = 0usize;
    while let Some(head) = bytes.get(pos..pos + 8) {
        if &head[..4] == tag {
            return true;
        }
        pos = pos.saturating_add(8).saturating_add(u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as usize);
    }
    false
}

/// True for the files that hold placements.
fn object_file(part: Part) -> bool {
    matches!(part, Part::Whole | Part::Obj)
}

/// The sub-chunks of one `MCNK` the terrain reads.
struct Parts<'a> {
    mcvt: Option<Chunk<'a>>,
    mcnr: Option<Chunk<'a>>,
    mcly: Option<Chunk<'a>>,
    /// `MCAL`, or why it is not there (warned only where a layer needs it).
    mcal: Result<Chunk<'a>>,
    mcsh: Option<Chunk<'a>>,
    mccv: Option<Chunk<'a>>,
    /// Doodad and WMO references of a split `_obj0` chunk (`MCRD` + `MCRW`).
    references: usize,
}

impl<'a> Parts<'a> {
    /// By the offsets of a monolithic tile's 128-byte header `h`: `MCVT`,
    /// `MCNR` and (with layers) `MCLY` must be where it says; `MCSH` (flag
    /// 0x1) and `MCCV` (flag 0x40) that are not are repair warnings, as is
    /// an `MCAL` a layer needs.
    fn by_offsets(c: &Chunk<'a>, r: &Reader<'a, '_>, h: &[u32]) -> Result<Parts<'a>> {
        use m2view_error::PathSeg::Field;
        let optional = |ofs: u32, tag: &[u8; 4], field: &'static str| match sub(c, r, ofs, tag) {
            Ok(s) => Some(s),
            Err(e) => {
                r.state().warn(e.under(&[Field(field)]));
                None
            }
        };
        Ok(Parts {
            mcvt: Some(sub(c, r, h[5], b"MCVT")?),
            mcnr: Some(sub(c, r, h[6], b"MCNR")?),
            mcly: if h[3] == 0 { None } else { Some(sub(c, r, h[7], b"MCLY")?) },
            mcal: sub(c, r, h[9], b"MCAL"),
            mcsh: (h[0] & 0x1 != 0 && h[11] != 0).then(|| optional(h[11], b"MCSH", "MCSH")).flatten(),
            mccv: (h[0] & 0x40 != 0 && h[29] != 0).then(|| optional(h[29], b"MCCV", "MCCV")).flatten(),
            references: 0,
        })
    }

    /// By walking the sub-chunks after the first `skip` bytes (split files).
    /// Errors: a sub-chunk that runs past the `MCNK`.
    fn by_walking(c: &Chunk<'a>, r: &Reader<'a, '_>, skip: u64) -> Result<Parts<'a>> {
        let cr = Reader::new(c.data, c.offset, r.state());
        let mut parts = Parts {
            mcvt: None,
            mcnr: None,
            mcly: None,
            mcal: Err(Error::invalid(c.offset, "no MCAL sub-chunk")),
            mcsh: None,
            mccv: None,
            references: 0,
        };
        let mut pos = skip;
        while pos + 8 <= cr.len() as u64 {
            let head = cr.bytes(pos, 8)?;
            let tag = [head[3], head[2], head[1], head[0]];
            let size = u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as u64;
            let data = cr.bytes(pos + 8, size).map_err(|mut e| {
                let shown = m2view_error::show_tag(&tag);
                e.kind =
                    crate::error::ErrorKind::Invalid(format!("sub-chunk {shown} of {size} bytes runs past the MCNK"));
                e
            })?;
            let s = Chunk { tag, offset: cr.abs(pos + 8), data };
            match &tag {
                b"MCVT" => parts.mcvt = Some(s),
                b"MCNR" => parts.mcnr = Some(s),
                b"MCLY" => parts.mcly = Some(s),
                b"MCAL" => parts.mcal = Ok(s),
                b"MCSH" => parts.mcsh = Some(s),
                b"MCCV" => parts.mccv = Some(s),
                b"MCRD" | b"MCRW" => parts.references += data.len() / 4,
                _ => {}
            }
            pos += 8 + size;
            // MCNR declares its 435 bytes of normals; files that keep the 13 padding bytes after them are
            // walked past them (the next tag would otherwise be read inside the padding).
            let is_tag = |b: &[u8]| b.iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
            if &tag == b"MCNR" && size == 435 && !cr.bytes(pos, 4).is_ok_and(is_tag) {
                pos += 13;
            }
        }
        Ok(parts)
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

/// A chunk's heights, normals, vertex colours, holes and `MCLQ` water
/// (without layers: [`MapChunk::texture`]). Errors: no `MCVT`/`MCNR`, or
/// not 145 of each.
fn chunk_geometry(
    c: &Chunk<'_>,
    r: &Reader<'_, '_>,
    h: &[u32],
    parts: &Parts<'_>,
    index: usize,
) -> Result<(MapChunk, Vec<Liquid>)> {
    let cr = Reader::new(c.data, c.offset, r.state());
    let position = cr.record(0x68, 12, vec3).at("header")?;
    let missing = |tag: &str| Error::invalid(c.offset, format!("no {tag} sub-chunk"));
    let heights = read(parts.mcvt.as_ref().ok_or_else(|| missing("MCVT"))?, r, 4, f32_).at("MCVT")?;
    // MCNR declares 435 bytes (145 normals); 13 padding bytes follow it.
    let normals = read(parts.mcnr.as_ref().ok_or_else(|| missing("MCNR"))?, r, 3, normal).at("MCNR")?;
    if heights.len() != 145 || normals.len() != 145 {
        let msg = format!("{} heights and {} normals, 145 each expected", heights.len(), normals.len());
        return Err(Error::invalid(c.offset, msg));
    }
    let vertex_colors = parts.mccv.as_ref().and_then(|m| {
        let colors = read(m, r, 4, reader::bytes4).at("MCCV");
        match colors {
            Ok(v) if v.len() == 145 => Some(v.into_iter().map(|[b, g, r, a]| [r, g, b, a]).collect()),
            Ok(v) => {
                let msg = format!("{} vertex colours, 145 expected: left out", v.len());
                r.state().warn(Error::invalid(m.offset, msg).under(&[m2view_error::PathSeg::Field("MCCV")]));
                None
            }
            Err(e) => {
                r.state().warn(e);
                None
            }
        }
    });
    let liquids = chunk_liquids(c, r, h, index);
    let chunk = MapChunk {
        index: [h[1], h[2]],
        flags: h[0],
        area_id: h[13],
        position,
        heights,
        normals,
        layers: Vec::new(),
        holes: (h[15] & 0xFFFF) as u16,
        references: h[4].saturating_add(h[14]) as usize,
        alpha: Vec::new(),
        vertex_colors,
        shadow: None,
    };
    Ok((chunk, liquids))
}

impl MapChunk {
    /// Reads the chunk's layers, alpha maps and shadow map from `parts`
    /// (its own, or those of its `_tex0` chunk), against `textures` names.
    ///
    /// Errors: more than 4 layers, a layer's texture past `textures`.
    /// A map that cannot be read is a repair warning.
    fn texture(
        &mut self,
        parts: &Parts<'_>,
        r: &Reader<'_, '_>,
        textures: usize,
        index: usize,
        big_alpha: Option<bool>,
    ) -> Result<()> {
        let Some(mcly) = &parts.mcly else { return Ok(()) };
        let layers = read(mcly, r, 16, layer).at("MCLY")?;
        if layers.len() > 4 {
            return Err(Error::invalid(mcly.offset, format!("{} texture layers (at most 4)", layers.len()))).at("MCLY");
        }
        if let Some((i, l)) = layers.iter().enumerate().find(|(_, l)| l.texture as usize >= textures) {
            let msg = format!("texture {} of {textures} (MTEX)", l.texture);
            return Err(Error::invalid(mcly.offset, msg)).at_elem("MCLY", i);
        }
        self.alpha = alpha_maps(&parts.mcal, r, self.flags, &layers, index, big_alpha);
        self.layers = layers;
        self.shadow = parts.mcsh.as_ref().and_then(|m| match m.data.get(..512) {
            Some(bits) => Some((0..64 * 64).map(|k| if bits[k / 8] >> (k % 8) & 1 != 0 { 255 } else { 0 }).collect()),
            None => {
                let msg = format!("{} bytes, 512 expected: left out", m.data.len());
                r.state().warn(Error::invalid(m.offset, msg).under(&[m2view_error::PathSeg::Field("MCSH")]));
                None
            }
        });
        Ok(())
    }
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

/// The alpha maps of a chunk's layers 1–3 from its `MCAL`, uncompressed
/// ones 8-bit or 4-bit as `big_alpha` says (`None`: by their room); a
/// map that cannot be read (or no `MCAL`) is a repair warning and stays empty.
fn alpha_maps(
    mcal: &Result<Chunk<'_>>,
    r: &Reader<'_, '_>,
    chunk_flags: u32,
    layers: &[Layer],
    index: usize,
    big_alpha: Option<bool>,
) -> Vec<Vec<u8>> {
    use m2view_error::PathSeg::{Field, Index};
    let mut out = vec![Vec::new(); layers.len()];
    if !layers.iter().skip(1).any(|l| l.flags & 0x100 != 0) {
        return out;
    }
    let mcal = match mcal {
        Ok(m) => m,
        Err(e) => {
            r.state().warn(e.clone().under(&[Field("MCNK"), Index(index), Field("MCAL")]));
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
            .and_then(|_| alpha::decode(mcal.data, l.alpha_offset as usize, room, l.flags, chunk_flags & 0x8000 != 0))
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
pub mod wdl;
pub mod wdt;

pub use wdl::Wdl;
pub use wdt::Wdt;

pub(crate) use convert::{LiquidLook, LiquidSlots, liquid_material, liquid_surface};
pub use convert::{SHADE_LAYER, SHADOW_DARKENING, bilinear, liquid_color};
pub use liquid::{Liquid, LiquidKind};
