//! WMO world objects on disk: the root file (`MOHD` …) and its group files
//! (`MOGP` …), versions 14, 16 and 17 (wowdev wiki "WMO"; chunk tags are
//! stored byte-reversed, `REVM` for `MVER`, as in every chunked WoW file
//! but M2).
//!
//! Records are read at the sizes the wiki gives for v17 (`MOMT` 64 bytes,
//! `MOGI` 32, `MOBA` 24, `MODD` 40, `MOLT` 48, `MOPT` 20, `MOPR` 8, `MODS`
//! 32, `MOPY` 2, `MOGP` header 68). A chunk whose size is not a multiple of
//! its record is read to the last whole record and the rest is a repair
//! warning. Every array is charged to the parse's allocation budget before
//! it is decoded.
//!
//! Version 14 (the 0.5.x alpha) is one file: the root's chunks wrapped in
//! `MOMO`, then every group's `MOGP` (wowdev wiki "WMO", MOMO and the
//! sections marked ≤ 0.5.5): `MOHD` without its bounds (computed from the
//! groups', as the client did on loading), `MOMT` of 44 bytes (a version
//! word first, no shader, no third texture), `MOGI` of 40 (the group's
//! offset and size first), `MOLT` of 32 (no four unknown floats), a `MOGP`
//! header of 128 bytes (32-bit portal start and count, no batch counts,
//! the `SMOGxBatch` interior and exterior passes), `MOPY` of 4 bytes
//! (flags, lightmap, material, padding), `MOIN` for `MOVI`, and `MOBA`
//! with its material in byte 1 and a 16-bit start index at 0x0E.

use crate::error::{Error, ErrorKind, Result, ResultExt};
use crate::reader::{self, M2Array, PResult, Reader, f32_, i16_, u8_, u16_, u32_, vec3};

/// One chunk of a WMO or map file: its tag in reading order (`MOHD`), the
/// absolute offset of its payload, its payload.
#[derive(Debug, Clone, Copy)]
pub struct Chunk<'a> {
    /// Tag as the wiki spells it (the bytes on disk reversed).
    pub tag: [u8; 4],
    /// Absolute file offset of the payload.
    pub offset: u64,
    /// Payload bytes.
    pub data: &'a [u8],
}

impl Chunk<'_> {
    /// The tag as text (hex where a byte is unprintable).
    pub fn name(&self) -> String {
        m2view_error::show_tag(&self.tag)
    }
}

/// Splits the block `r` into chunks (`[tag reversed][u32 size][payload]`).
///
/// Errors: a header or payload that runs past the end of the block, named
/// by its tag and offset.
pub fn chunks<'a>(r: &Reader<'a, '_>) -> Result<Vec<Chunk<'a>>> {
    let mut out = Vec::new();
    let mut pos = 0u64;
    while pos < r.len() as u64 {
        let head = r.bytes(pos, 8).at("chunk header")?;
        let tag = [head[3], head[2], head[1], head[0]];
        let size = u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as u64;
        let data = r.bytes(pos + 8, size).map_err(|mut e| {
            e.kind = ErrorKind::Invalid(format!(
                "chunk {} of {size} bytes at {:#x} runs past the end ({:#x} bytes)",
                m2view_error::show_tag(&tag),
                r.abs(pos),
                r.len()
            ));
            e
        })?;
        out.push(Chunk { tag, offset: r.abs(pos + 8), data });
        pos += 8 + size;
    }
    Ok(out)
}

/// The records of a chunk of `size`-byte records: a trailing partial
/// record is dropped with a repair warning naming the chunk.
fn records<'a, T>(
    c: &Chunk<'a>,
    r: &Reader<'a, '_>,
    size: usize,
    parse: impl Fn(&'a [u8]) -> PResult<'a, T>,
) -> Result<Vec<T>> {
    let count = c.data.len() / size;
    if !c.data.len().is_multiple_of(size) {
        let msg = format!(
            "chunk {} of {} bytes is not a whole number of {size}-byte records: {count} read",
            c.name(),
            c.data.len()
        );
        r.state().warn(Error::invalid(c.offset, msg));
    }
    let cr = Reader::new(c.data, c.offset, r.state());
    cr.array(M2Array { count: count as u32, offset: 0 }, size, parse)
}

/// A string block (`MOTX`, `MOGN`, `MODN`): kept as bytes, names read by offset.
fn string_block<'a>(c: &Chunk<'a>, r: &Reader<'a, '_>) -> Result<&'a [u8]> {
    r.budget().charge(c.data.len() as u64, c.offset)?;
    Ok(c.data)
}

/// The zero-terminated string at `offset` of a string block (`None`: out of the block).
pub fn string_at(block: &[u8], offset: u32) -> Option<String> {
    let rest = block.get(offset as usize..)?;
    let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
    Some(String::from_utf8_lossy(&rest[..end]).into_owned())
}

/// Every non-empty string of a block with its offset (a block is padded
/// with NULs between names).
pub fn strings(block: &[u8]) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in block.iter().enumerate() {
        if b == 0 {
            if i > start {
                out.push((start as u32, String::from_utf8_lossy(&block[start..i]).into_owned()));
            }
            start = i + 1;
        }
    }
    if start < block.len() {
        out.push((start as u32, String::from_utf8_lossy(&block[start..]).into_owned()));
    }
    out
}

/// `CAaBox`: min then max corner.
fn aabox(i: &[u8]) -> PResult<'_, ([f32; 3], [f32; 3])> {
    let (i, lo) = vec3(i)?;
    let (i, hi) = vec3(i)?;
    Ok((i, (lo, hi)))
}

/// `MOHD` (`SMOHeader`, 64 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Header {
    /// Textures named in `MOTX`.
    pub textures: u32,
    /// Group files.
    pub groups: u32,
    /// Portals.
    pub portals: u32,
    /// Lights.
    pub lights: u32,
    /// Doodad names (`MODN` entries).
    pub doodad_names: u32,
    /// Doodad placements (`MODD`).
    pub doodad_defs: u32,
    /// Doodad sets (`MODS`).
    pub doodad_sets: u32,
    /// Ambient colour, `CArgb` as stored (b, g, r, a bytes).
    pub ambient: [u8; 4],
    /// `WMOAreaTable` id.
    pub wmo_id: u32,
    /// Bounding box (min, max).
    pub bounds: ([f32; 3], [f32; 3]),
    /// Flags (0x1 attenuate by portal distance, 0x2 skip base colour, 0x4
    /// liquid type from the tables, 0x8 lighten interiors, 0x10 LOD).
    pub flags: u16,
    /// LOD count (Legion+).
    pub lod_count: u16,
}

fn header(i: &[u8], v14: bool) -> PResult<'_, Header> {
    let (i, textures) = u32_(i)?;
    let (i, groups) = u32_(i)?;
    let (i, portals) = u32_(i)?;
    let (i, lights) = u32_(i)?;
    let (i, doodad_names) = u32_(i)?;
    let (i, doodad_defs) = u32_(i)?;
    let (i, doodad_sets) = u32_(i)?;
    let (i, ambient) = reader::bytes4(i)?;
    let (i, wmo_id) = u32_(i)?;
    // v14: 28 bytes of padding where the bounds and flags are.
    let (i, bounds) = if v14 { Ok((i, Default::default())) } else { aabox(i) }?;
    let (i, flags) = u16_(i)?;
    let (i, lod_count) = u16_(i)?;
    let h = Header {
        textures,
        groups,
        portals,
        lights,
        doodad_names,
        doodad_defs,
        doodad_sets,
        ambient,
        wmo_id,
        bounds,
        flags,
        lod_count,
    };
    Ok((i, h))
}

/// `MOMT` (`SMOMaterial`, 64 bytes in v17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Material {
    /// Flags (0x1 unlit, 0x2 unfogged, 0x4 two-sided, 0x8 exterior light,
    /// 0x10 night glow, 0x20 window, 0x40 clamp S, 0x80 clamp T).
    pub flags: u32,
    /// Shader id (`MapObjDiffuse` = 0 …).
    pub shader: u32,
    /// Blend mode (`EGxBlend`).
    pub blend_mode: u32,
    /// Texture 1: offset into `MOTX`, or a FileDataID where the root has no `MOTX`.
    pub texture_1: u32,
    /// Emissive (night glow) colour, b g r a.
    pub sidn_color: [u8; 4],
    /// Emissive colour while the frame runs.
    pub frame_sidn_color: [u8; 4],
    /// Texture 2.
    pub texture_2: u32,
    /// Diffuse colour, b g r a.
    pub diff_color: [u8; 4],
    /// `TerrainType` id.
    pub ground_type: u32,
    /// Texture 3.
    pub texture_3: u32,
    /// Second colour.
    pub color_2: [u8; 4],
    /// Second flags word.
    pub flags_2: u32,
}

/// `MOMT` as stored: 64 bytes, or in v14 44 (a version word before the
/// flags, no shader; after the ground type 8 bytes of padding instead of
/// texture 3, colour 2, flags 2 and run-time data). v14's shader is 0
/// (`Diffuse`), its texture 2 an environment map.
fn material(i: &[u8], v14: bool) -> PResult<'_, Material> {
    let (i, first) = u32_(i)?;
    let (i, second) = u32_(i)?;
    let (flags, shader) = if v14 { (second, 0) } else { (first, second) };
    let (i, blend_mode) = u32_(i)?;
    let (i, texture_1) = u32_(i)?;
    let (i, sidn_color) = reader::bytes4(i)?;
    let (i, frame_sidn_color) = reader::bytes4(i)?;
    let (i, texture_2) = u32_(i)?;
    let (i, diff_color) = reader::bytes4(i)?;
    let (i, ground_type) = u32_(i)?;
    let m = Material {
        flags,
        shader,
        blend_mode,
        texture_1,
        sidn_color,
        frame_sidn_color,
        texture_2,
        diff_color,
        ground_type,
        ..Default::default()
    };
    if v14 {
        let (i, _pad) = reader::vec2(i)?;
        return Ok((i, m));
    }
    let (i, texture_3) = u32_(i)?;
    let (i, color_2) = reader::bytes4(i)?;
    let (i, flags_2) = u32_(i)?;
    let (i, _runtime) = reader::vec4(i)?;
    Ok((i, Material { texture_3, color_2, flags_2, ..m }))
}

/// `MOGI` (`SMOGroupInfo`, 32 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GroupInfo {
    /// The group's flags (as its `MOGP`).
    pub flags: u32,
    /// Bounding box.
    pub bounds: ([f32; 3], [f32; 3]),
    /// Offset of its name in `MOGN`, -1 for none.
    pub name_offset: i32,
}

fn group_info(i: &[u8], v14: bool) -> PResult<'_, GroupInfo> {
    // v14: the group's offset and size in the file first.
    let (i, _) = if v14 { reader::vec2(i) } else { Ok((i, [0.0; 2])) }?;
    let (i, flags) = u32_(i)?;
    let (i, bounds) = aabox(i)?;
    let (i, name_offset) = reader::i32_(i)?;
    Ok((i, GroupInfo { flags, bounds, name_offset }))
}

/// `MOPT` (`SMOPortal`, 20 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Portal {
    /// First vertex in `MOPV`.
    pub start_vertex: u16,
    /// Vertex count.
    pub count: u16,
    /// Plane: normal then distance.
    pub plane: [f32; 4],
}

fn portal(i: &[u8]) -> PResult<'_, Portal> {
    let (i, start_vertex) = u16_(i)?;
    let (i, count) = u16_(i)?;
    let (i, n) = vec3(i)?;
    let (i, d) = f32_(i)?;
    Ok((i, Portal { start_vertex, count, plane: [n[0], n[1], n[2], d] }))
}

/// `MOPR` (`SMOPortalRef`, 8 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PortalRef {
    /// Portal index.
    pub portal: u16,
    /// The group on the other side.
    pub group: u16,
    /// Which side of the plane (+1, -1).
    pub side: i16,
}

fn portal_ref(i: &[u8]) -> PResult<'_, PortalRef> {
    let (i, portal) = u16_(i)?;
    let (i, group) = u16_(i)?;
    let (i, side) = i16_(i)?;
    let (i, _) = u16_(i)?;
    Ok((i, PortalRef { portal, group, side }))
}

/// `MOLT` (`SMOLight`, 48 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Light {
    /// 0 omni, 1 spot, 2 directional, 3 ambient.
    pub kind: u8,
    /// Attenuated.
    pub use_attenuation: bool,
    /// Colour, b g r a.
    pub color: [u8; 4],
    /// Position (model units, Z-up).
    pub position: [f32; 3],
    /// Intensity.
    pub intensity: f32,
    /// Attenuation start (model units).
    pub attenuation_start: f32,
    /// Attenuation end.
    pub attenuation_end: f32,
}

fn light(i: &[u8], v14: bool) -> PResult<'_, Light> {
    let (i, kind) = u8_(i)?;
    let (i, atten) = u8_(i)?;
    let (i, _) = u16_(i)?;
    let (i, color) = reader::bytes4(i)?;
    let (i, position) = vec3(i)?;
    let (i, intensity) = f32_(i)?;
    let (i, _) = if v14 { Ok((i, [0.0; 4])) } else { reader::vec4(i) }?;
    let (i, attenuation_start) = f32_(i)?;
    let (i, attenuation_end) = f32_(i)?;
    let l = Light { kind, use_attenuation: atten != 0, color, position, intensity, attenuation_start, attenuation_end };
    Ok((i, l))
}

/// One of a fog's two looks (`SMOFog` above and under water).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FogLayer {
    /// Where the fog is whole (model units from the eye).
    pub end: f32,
    /// Where it starts, as a fraction of `end` (0–1).
    pub start_scalar: f32,
    /// Colour, b g r a.
    pub color: [u8; 4],
}

/// `MFOG` (`SMOFog`, 48 bytes; wowdev wiki "WMO" MFOG, WebWowViewerCpp
/// `wmoFileHeader.h`; the alpha's v14 record is the same).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Fog {
    /// 0x1: infinite radius (the radii are ignored).
    pub flags: u32,
    /// Centre of its sphere (model units, Z-up).
    pub position: [f32; 3],
    /// Inner and outer radius of its sphere (model units).
    pub radii: [f32; 2],
    /// Above water.
    pub fog: FogLayer,
    /// Under water.
    pub underwater: FogLayer,
}

fn fog_layer(i: &[u8]) -> PResult<'_, FogLayer> {
    let (i, end) = f32_(i)?;
    let (i, start_scalar) = f32_(i)?;
    let (i, color) = reader::bytes4(i)?;
    Ok((i, FogLayer { end, start_scalar, color }))
}

fn fog(i: &[u8]) -> PResult<'_, Fog> {
    let (i, flags) = u32_(i)?;
    let (i, position) = vec3(i)?;
    let (i, inner) = f32_(i)?;
    let (i, outer) = f32_(i)?;
    let (i, fog) = fog_layer(i)?;
    let (i, underwater) = fog_layer(i)?;
    Ok((i, Fog { flags, position, radii: [inner, outer], fog, underwater }))
}

/// `MODS` (`SMODoodadSet`, 32 bytes).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DoodadSet {
    /// Name (20 bytes, zero-padded).
    pub name: String,
    /// First placement in `MODD`.
    pub start: u32,
    /// Placement count.
    pub count: u32,
}

fn doodad_set(i: &[u8]) -> PResult<'_, DoodadSet> {
    let (name, i) =
        i.split_at_checked(20).ok_or_else(|| nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Eof)))?;
    let (i, start) = u32_(i)?;
    let (i, count) = u32_(i)?;
    let (i, _) = u32_(i)?;
    let end = name.iter().position(|&b| b == 0).unwrap_or(name.len());
    Ok((i, DoodadSet { name: String::from_utf8_lossy(&name[..end]).into_owned(), start, count }))
}

/// `MODD` (`SMODoodadDef`, 40 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DoodadDef {
    /// Offset of the model name in `MODN` (24 bits), or index into `MODI`.
    pub name_index: u32,
    /// Flags (top 8 bits: 0x1 accepts projected textures, 0x2 interior lit, …).
    pub flags: u8,
    /// Position in the WMO's space (model units, Z-up).
    pub position: [f32; 3],
    /// Orientation quaternion x, y, z, w.
    pub rotation: [f32; 4],
    /// Uniform scale.
    pub scale: f32,
    /// Colour, b g r a (alpha: a `MOLT` light index in some clients).
    pub color: [u8; 4],
}

fn doodad_def(i: &[u8]) -> PResult<'_, DoodadDef> {
    let (i, word) = u32_(i)?;
    let (i, position) = vec3(i)?;
    let (i, rotation) = reader::vec4(i)?;
    let (i, scale) = f32_(i)?;
    let (i, color) = reader::bytes4(i)?;
    let d = DoodadDef { name_index: word & 0xFF_FFFF, flags: (word >> 24) as u8, position, rotation, scale, color };
    Ok((i, d))
}

/// A WMO root file as stored.
#[derive(Debug, Clone, Default)]
pub struct Root<'a> {
    /// `MVER`.
    pub version: u32,
    /// `MOHD`.
    pub header: Header,
    /// `MOTX` (absent in 8.1+ roots that name textures by FileDataID).
    pub texture_names: Option<&'a [u8]>,
    /// `MOMT`.
    pub materials: Vec<Material>,
    /// `MOGN`.
    pub group_names: &'a [u8],
    /// `MOGI`.
    pub group_info: Vec<GroupInfo>,
    /// `MOSB` skybox model name.
    pub skybox: Option<String>,
    /// `MOPV`.
    pub portal_vertices: Vec<[f32; 3]>,
    /// `MOPT`.
    pub portals: Vec<Portal>,
    /// `MOPR`.
    pub portal_refs: Vec<PortalRef>,
    /// `MOLT`.
    pub lights: Vec<Light>,
    /// `MODS`.
    pub doodad_sets: Vec<DoodadSet>,
    /// `MODN`.
    pub doodad_names: &'a [u8],
    /// `MODI` (8.1+): a FileDataID per doodad name slot.
    pub doodad_ids: Option<Vec<u32>>,
    /// `MODD`.
    pub doodads: Vec<DoodadDef>,
    /// `MFOG`.
    pub fogs: Vec<Fog>,
    /// `GFID` (8.1+): group file FileDataIDs.
    pub group_ids: Option<Vec<u32>>,
    /// Chunk tags in file order.
    pub chunks: Vec<String>,
    /// Chunks not decoded.
    pub unknown_chunks: Vec<String>,
    /// v14: the groups' `MOGP` chunks, in the file after `MOMO`.
    pub inline_groups: Vec<Chunk<'a>>,
}

/// The `MVER` of a WMO-style file (14, 16 or 17) and its chunks.
fn versioned<'a>(r: &Reader<'a, '_>) -> Result<(u32, Vec<Chunk<'a>>)> {
    let chunks = chunks(r)?;
    let ver = chunks.first().filter(|c| &c.tag == b"MVER").ok_or_else(|| Error::invalid(0, "no MVER chunk first"))?;
    let version = r.record(ver.offset - r.abs(0), 4, u32_).at("MVER")?;
    match version {
        14 | 16 | 17 => Ok((version, chunks)),
        v => Err(Error::new(ver.offset, ErrorKind::UnsupportedVersion(v))).at("MVER"),
    }
}

impl<'a> Root<'a> {
    /// Parses a root file (`MVER`, `MOHD`, …).
    ///
    /// Errors: no `MVER`/`MOHD` (v14: no `MOMO`), a version other than
    /// 14/16/17, a chunk past the end, the allocation budget; each with
    /// structure and offset.
    pub fn parse(r: &Reader<'a, '_>) -> Result<Root<'a>> {
        let (version, top) = versioned(r)?;
        let mut root = Root { version, ..Default::default() };
        let v14 = version == 14;
        let chunks = if v14 {
            let momo = top.iter().find(|c| &c.tag == b"MOMO").ok_or_else(|| {
                let what = if top.iter().any(|c| &c.tag == b"MOGP") { "a group file? open its root" } else { "" };
                Error::invalid(r.abs(0), format!("a v14 WMO without MOMO ({what})"))
            })?;
            root.inline_groups = top.iter().filter(|c| &c.tag == b"MOGP").copied().collect();
            chunks(&Reader::new(momo.data, momo.offset, r.state())).at("MOMO")?
        } else {
            top
        };
        let mut has_header = false;
        for c in &chunks {
            root.chunks.push(c.name());
            match &c.tag {
                b"MVER" => {}
                b"MOHD" => {
                    let hr = Reader::new(c.data, c.offset, r.state());
                    root.header = hr.record(0, 64, |i| header(i, v14)).at("MOHD")?;
                    has_header = true;
                }
                b"MOTX" => root.texture_names = Some(string_block(c, r).at("MOTX")?),
                b"MOMT" => {
                    root.materials = records(c, r, if v14 { 44 } else { 64 }, |i| material(i, v14)).at("MOMT")?
                }
                b"MOGN" => root.group_names = string_block(c, r).at("MOGN")?,
                b"MOGI" => {
                    let size = if v14 { 40 } else { 32 };
                    root.group_info = records(c, r, size, |i| group_info(i, v14)).at("MOGI")?;
                }
                b"MOSB" => root.skybox = string_at(c.data, 0).filter(|s| !s.is_empty()),
                b"MOPV" => root.portal_vertices = records(c, r, 12, vec3).at("MOPV")?,
                b"MOPT" => root.portals = records(c, r, 20, portal).at("MOPT")?,
                b"MOPR" => root.portal_refs = records(c, r, 8, portal_ref).at("MOPR")?,
                b"MOLT" => root.lights = records(c, r, if v14 { 32 } else { 48 }, |i| light(i, v14)).at("MOLT")?,
                b"MODS" => root.doodad_sets = records(c, r, 32, doodad_set).at("MODS")?,
                b"MODN" => root.doodad_names = string_block(c, r).at("MODN")?,
                b"MODI" => root.doodad_ids = Some(records(c, r, 4, u32_).at("MODI")?),
                b"MODD" => root.doodads = records(c, r, 40, doodad_def).at("MODD")?,
                b"MFOG" => root.fogs = records(c, r, 48, fog).at("MFOG")?,
                b"GFID" => root.group_ids = Some(records(c, r, 4, u32_).at("GFID")?),
                b"MOVV" | b"MOVB" | b"MCVP" => {}
                _ => root.unknown_chunks.push(c.name()),
            }
        }
        if !has_header {
            return Err(Error::invalid(r.abs(0), "a WMO root without MOHD (a group file? open its root)"));
        }
        if v14 {
            // The alpha computed the bounds on loading, from its groups'.
            let boxes = root.group_info.iter().map(|g| g.bounds);
            let union = boxes.reduce(|(a, b), (c, d)| {
                (std::array::from_fn(|k| a[k].min(c[k])), std::array::from_fn(|k| b[k].max(d[k])))
            });
            root.header.bounds = union.unwrap_or_default();
        }
        Ok(root)
    }
}

/// `MOGP` header (`SMOGroup`, 68 bytes) and its sub-chunks, as stored.
#[derive(Debug, Clone, Default)]
pub struct Group {
    /// `MVER`.
    pub version: u32,
    /// Offset of its name in the root's `MOGN`.
    pub name_offset: u32,
    /// Offset of its descriptive name in `MOGN`.
    pub descriptive_name_offset: u32,
    /// Flags (0x4 vertex colours, 0x8 exterior, 0x40 exterior lit, 0x200
    /// lights, 0x800 doodads, 0x1000 liquid, 0x2000 interior, …).
    pub flags: u32,
    /// Bounding box.
    pub bounds: ([f32; 3], [f32; 3]),
    /// First portal reference (`MOPR`).
    pub portal_start: u16,
    /// Portal reference count.
    pub portal_count: u16,
    /// Transition batches (first in `MOBA`).
    pub trans_batches: u16,
    /// Interior batches.
    pub int_batches: u16,
    /// Exterior batches.
    pub ext_batches: u16,
    /// Fog indices into `MFOG`.
    pub fogs: [u8; 4],
    /// Liquid type.
    pub liquid: u32,
    /// `WMOAreaTable` group id.
    pub unique_id: u32,
    /// Second flags word.
    pub flags_2: u32,
    /// `MOPY`: per triangle flags and material (0xFF: collision only).
    pub triangles: Vec<(u8, u8)>,
    /// `MOVI`.
    pub indices: Vec<u16>,
    /// `MOVT`.
    pub positions: Vec<[f32; 3]>,
    /// `MONR`.
    pub normals: Vec<[f32; 3]>,
    /// Every `MOTV`, in file order.
    pub uvs: Vec<Vec<[f32; 2]>>,
    /// Every `MOCV` (b g r a per vertex), in file order.
    pub colors: Vec<Vec<[u8; 4]>>,
    /// `MOBA`.
    pub batches: Vec<Batch>,
    /// `MOLR`: lights of the root lighting this group.
    pub light_refs: Vec<u16>,
    /// `MODR`: doodad placements in this group.
    pub doodad_refs: Vec<u16>,
    /// `MLIQ`: the group's liquid, if any.
    pub liquid_surface: Option<GroupLiquid>,
    /// Sub-chunk tags in file order.
    pub chunks: Vec<String>,
}

/// `MOBA` (`SMOBatch`, 24 bytes in v17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Batch {
    /// First index in `MOVI`.
    pub start_index: u32,
    /// Index count.
    pub count: u16,
    /// Lowest vertex index used.
    pub min_index: u16,
    /// Highest vertex index used.
    pub max_index: u16,
    /// Flags (0x2: the material id is the 16-bit one).
    pub flags: u8,
    /// Material (`MOMT` index).
    pub material: u16,
}

fn batch(i: &[u8]) -> PResult<'_, Batch> {
    let (i, _) = reader::bytes4(i)?;
    let (i, _) = reader::bytes4(i)?;
    let (i, _) = u16_(i)?;
    let (i, material_large) = u16_(i)?;
    let (i, start_index) = u32_(i)?;
    let (i, count) = u16_(i)?;
    let (i, min_index) = u16_(i)?;
    let (i, max_index) = u16_(i)?;
    let (i, flags) = u8_(i)?;
    let (i, material) = u8_(i)?;
    let material = if flags & 2 != 0 { material_large } else { material as u16 };
    Ok((i, Batch { start_index, count, min_index, max_index, flags, material }))
}

/// `MOBA` of v14: lightmap, material, a box of 6 × `i16`, a 16-bit
/// start index at 0x0E, count, min and max vertex, flags, padding.
fn batch_v14(i: &[u8]) -> PResult<'_, Batch> {
    let (i, _lightmap) = u8_(i)?;
    let (i, material) = u8_(i)?;
    let (i, _) = reader::vec3(i)?;
    let (i, start_index) = u16_(i)?;
    let (i, count) = u16_(i)?;
    let (i, min_index) = u16_(i)?;
    let (i, max_index) = u16_(i)?;
    let (i, flags) = u8_(i)?;
    let (i, _) = u8_(i)?;
    Ok((i, Batch { start_index: start_index as u32, count, min_index, max_index, flags, material: material as u16 }))
}

/// `MOPY` of v14 (4 bytes): flags, lightmap, material, padding.
fn triangle_v14(i: &[u8]) -> PResult<'_, (u8, u8)> {
    let (i, flags) = u8_(i)?;
    let (i, _lightmap) = u8_(i)?;
    let (i, material) = u8_(i)?;
    let (i, _) = u8_(i)?;
    Ok((i, (flags, material)))
}

fn triangle(i: &[u8]) -> PResult<'_, (u8, u8)> {
    let (i, flags) = u8_(i)?;
    let (i, material) = u8_(i)?;
    Ok((i, (flags, material)))
}

fn uv(i: &[u8]) -> PResult<'_, [f32; 2]> {
    reader::vec2(i)
}

impl Group {
    /// Parses a group file (`MVER`, `MOGP` with its sub-chunks).
    ///
    /// Errors: no `MOGP`, a header shorter than 68 bytes, a sub-chunk past
    /// the end of `MOGP`, the allocation budget.
    pub fn parse(r: &Reader<'_, '_>) -> Result<Group> {
        let (version, chunks) = versioned(r)?;
        let mogp = chunks
            .iter()
            .find(|c| &c.tag == b"MOGP")
            .ok_or_else(|| Error::invalid(r.abs(0), "a WMO group file without MOGP"))?;
        Group::from_mogp(mogp, r.state(), version)
    }

    /// Parses one `MOGP` chunk of a WMO of `version` (a group file's, or
    /// one of a v14 file's).
    ///
    /// Errors: a header shorter than 68 bytes (v14: 128), a sub-chunk past
    /// the end of `MOGP`, the allocation budget.
    pub fn from_mogp(mogp: &Chunk<'_>, state: &reader::ParseState, version: u32) -> Result<Group> {
        let gr = Reader::new(mogp.data, mogp.offset, state);
        let header_len = if version == 14 { 128 } else { 68 };
        let mut g = gr.record(0, header_len, |i| group_header(i, version)).at("MOGP")?;
        let subs = chunks_after(&gr, header_len as u64).at("MOGP")?;
        for c in &subs {
            g.chunks.push(c.name());
            g.read_sub_chunk(c, &gr).map_err(|e| e.under(&[m2view_error::PathSeg::Name(c.name())]))?;
        }
        Ok(g)
    }
}

impl Group {
    /// Decodes one `MOGP` sub-chunk into its field (unknown ones are skipped).
    fn read_sub_chunk(&mut self, c: &Chunk<'_>, gr: &Reader<'_, '_>) -> Result<()> {
        let v14 = self.version == 14;
        match &c.tag {
            b"MOPY" if v14 => self.triangles = records(c, gr, 4, triangle_v14)?,
            b"MOPY" => self.triangles = records(c, gr, 2, triangle)?,
            b"MOVI" | b"MOIN" => self.indices = records(c, gr, 2, u16_)?,
            b"MOVT" => self.positions = records(c, gr, 12, vec3)?,
            b"MONR" => self.normals = records(c, gr, 12, vec3)?,
            b"MOTV" => self.uvs.push(records(c, gr, 8, uv)?),
            b"MOCV" => self.colors.push(records(c, gr, 4, reader::bytes4)?),
            b"MOBA" if v14 => self.batches = records(c, gr, 24, batch_v14)?,
            b"MOBA" => self.batches = records(c, gr, 24, batch)?,
            b"MOLR" => self.light_refs = records(c, gr, 2, u16_)?,
            b"MODR" => self.doodad_refs = records(c, gr, 2, u16_)?,
            b"MLIQ" => self.liquid_surface = Some(group_liquid(c, gr)?),
            _ => {}
        }
        Ok(())
    }
}

/// `MLIQ` as stored (wowdev wiki "WMO", MLIQ): a header of 30 bytes
/// (vertex columns and rows, tile columns and rows as `i32`, the corner as
/// a `C3Vector`, a `MOMT` material id as `u16`), then a vertex of 8 bytes
/// per grid point (4 bytes of flow or texture coordinates, the height as
/// `f32`), rows first, then one byte per tile (`SMOLTile`: low nibble the
/// legacy liquid type, 0xF where no liquid is; 0x40 fishable, 0x80 shared).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GroupLiquid {
    /// Vertex grid columns, rows.
    pub vertices: [u32; 2],
    /// Tile columns, rows (at most one fewer than the vertices).
    pub tiles: [u32; 2],
    /// The grid's first corner (model units, Z-up); columns run along +X, rows along +Y.
    pub corner: [f32; 3],
    /// `MOMT` material id.
    pub material: u16,
    /// One height per vertex (model units), rows first.
    pub heights: Vec<f32>,
    /// One `SMOLTile` byte per tile, rows first.
    pub tile_flags: Vec<u8>,
}

/// Reads an `MLIQ` chunk.
///
/// Errors: a header shorter than 30 bytes, tiles past the vertex grid
/// (each tile needs the four vertices around it), vertices or tiles past
/// the chunk, the allocation budget.
fn group_liquid(c: &Chunk<'_>, gr: &Reader<'_, '_>) -> Result<GroupLiquid> {
    let cr = Reader::new(c.data, c.offset, gr.state());
    let header = |i| -> PResult<'_, ([u32; 4], [f32; 3], u16)> {
        let (i, vx) = u32_(i)?;
        let (i, vy) = u32_(i)?;
        let (i, tx) = u32_(i)?;
        let (i, ty) = u32_(i)?;
        let (i, corner) = vec3(i)?;
        let (i, material) = u16_(i)?;
        Ok((i, ([vx, vy, tx, ty], corner, material)))
    };
    let ([vx, vy, tx, ty], corner, material) = cr.record(0, 30, header)?;
    if tx as u64 >= vx.max(1) as u64 || ty as u64 >= vy.max(1) as u64 {
        let msg = format!("{tx} × {ty} tiles on a grid of {vx} × {vy} vertices");
        return Err(Error::invalid(c.offset, msg));
    }
    let n = (vx as u64).saturating_mul(vy as u64).min(u32::MAX as u64) as u32;
    let height = |i| -> PResult<'_, f32> {
        let (i, _) = reader::bytes4(i)?;
        f32_(i)
    };
    let heights = cr.array(M2Array { count: n, offset: 30 }, 8, height)?;
    let tiles_at = 30 + n as u64 * 8;
    let tile_flags = cr.array(M2Array { count: tx * ty, offset: tiles_at as u32 }, 1, u8_)?;
    Ok(GroupLiquid { vertices: [vx, vy], tiles: [tx, ty], corner, material, heights, tile_flags })
}

/// The sub-chunks of a block after its first `skip` bytes.
fn chunks_after<'a>(r: &Reader<'a, '_>, skip: u64) -> Result<Vec<Chunk<'a>>> {
    let rest = r.bytes(skip, (r.len() as u64).saturating_sub(skip))?;
    chunks(&Reader::new(rest, r.abs(skip), r.state()))
}

fn group_header(i: &[u8], version: u32) -> PResult<'_, Group> {
    let v14 = version == 14;
    let (i, name_offset) = u32_(i)?;
    let (i, descriptive_name_offset) = u32_(i)?;
    let (i, flags) = u32_(i)?;
    let (i, bounds) = aabox(i)?;
    let (i, [portal_start, portal_count, trans_batches, int_batches, ext_batches]) = if v14 {
        // 32-bit portal start and count; no batch counts.
        let (i, start) = u32_(i)?;
        let (i, count) = u32_(i)?;
        let narrow = |v: u32| u16::try_from(v).unwrap_or(u16::MAX);
        (i, [narrow(start), narrow(count), 0, 0, 0])
    } else {
        let (i, start) = u16_(i)?;
        let (i, count) = u16_(i)?;
        let (i, trans) = u16_(i)?;
        let (i, int) = u16_(i)?;
        let (i, ext) = u16_(i)?;
        let (i, _) = u16_(i)?;
        (i, [start, count, trans, int, ext])
    };
    let (i, fogs) = reader::bytes4(i)?;
    let (i, liquid) = u32_(i)?;
    // v14: the interior and exterior passes (`SMOGxBatch` × 4 each, 64 bytes), then 8 bytes of padding.
    let i = if v14 {
        i.get(64..).ok_or(nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Eof)))?
    } else {
        i
    };
    let (i, unique_id) = u32_(i)?;
    let (i, flags_2) = if v14 { Ok((i, 0)) } else { u32_(i) }?;
    let (i, _) = u32_(i)?;
    let (i, _) = if v14 { u32_(i) } else { Ok((i, 0)) }?;
    let g = Group {
        version,
        name_offset,
        descriptive_name_offset,
        flags,
        bounds,
        portal_start,
        portal_count,
        trans_batches,
        int_batches,
        ext_batches,
        fogs,
        liquid,
        unique_id,
        flags_2,
        ..Default::default()
    };
    Ok((i, g))
}
