//! Skin profiles: `.skin` files (`SKIN`, Wrath+) and the inline views of
//! Classic/TBC M2s. wowdev wiki "M2/.skin"–3.

use crate::error::{Error, ErrorKind, Result, ResultExt};
use crate::raw::cursor::{Cursor, records};
use crate::raw::layout;
use crate::reader::{self, M2Array, Reader};

/// `M2SkinSection` (48 bytes TBC+, 32 bytes Classic). wowdev wiki "M2/.skin"
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SkinSection {
    /// Geoset id (`group * 100 + variant`).
    pub skin_section_id: u16,
    /// High 16 bits of `index_start`.
    pub level: u16,
    /// First entry in the skin vertex lookup.
    pub vertex_start: u16,
    /// Number of vertex lookup entries.
    pub vertex_count: u16,
    /// First index (low 16 bits).
    pub index_start: u16,
    /// Number of indices (3 per triangle).
    pub index_count: u16,
    /// Bones in the bone combo table used by this submesh.
    pub bone_count: u16,
    /// First entry in the bone lookup table.
    pub bone_combo_index: u16,
    /// Max influences per vertex.
    pub bone_influences: u16,
    /// Bone that moves the sort centre.
    pub center_bone_index: u16,
    /// Average vertex position.
    pub center_position: [f32; 3],
    /// TBC+: sort centre.
    pub sort_center_position: [f32; 3],
    /// TBC+: sort radius.
    pub sort_radius: f32,
}

/// `M2Batch` ("texture unit"), 24 bytes in every version. wowdev wiki "M2/.skin"
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Batch {
    /// Batch flags (0x40: do not apply texture weight to alpha).
    pub flags: u8,
    /// Transparent sort bucket.
    pub priority_plane: i8,
    /// Shader id (pre-Cata: recomputed at load).
    pub shader_id: u16,
    /// Index into this profile's submeshes.
    pub skin_section_index: u16,
    /// Unknown second submesh-related u16.
    pub geoset_index: u16,
    /// Index into colors, −1 none.
    pub color_index: i16,
    /// Index into materials.
    pub material_index: u16,
    /// Material layer.
    pub material_layer: u16,
    /// Number of textures (1–4).
    pub texture_count: u16,
    /// First index into the texture lookup.
    pub texture_combo_index: u16,
    /// First index into the texture coord lookup.
    pub texture_coord_combo_index: u16,
    /// First index into the transparency lookup.
    pub texture_weight_combo_index: u16,
    /// First index into the texture transform lookup.
    pub texture_transform_combo_index: u16,
}

/// One skin profile (LOD view).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SkinProfile {
    /// Skin vertex → global M2 vertex index.
    pub vertices: Vec<u16>,
    /// Triangle list of indices into `vertices`.
    pub indices: Vec<u16>,
    /// Per-vertex palette bone indices.
    pub bones: Vec<[u8; 4]>,
    /// Submeshes.
    pub submeshes: Vec<SkinSection>,
    /// Batches (texture units).
    pub batches: Vec<Batch>,
    /// Bone budget the profile was built for.
    pub bone_count_max: u32,
    /// Cata+ shadow batches (12 bytes each), kept raw.
    pub shadow_batches: Vec<[u8; 12]>,
}

fn parse_batch(i: &[u8]) -> reader::PResult<'_, Batch> {
    let (i, flags) = reader::u8_(i)?;
    let (i, priority_plane) = reader::i8_(i)?;
    let (i, shader_id) = reader::u16_(i)?;
    let (i, skin_section_index) = reader::u16_(i)?;
    let (i, geoset_index) = reader::u16_(i)?;
    let (i, color_index) = reader::i16_(i)?;
    let (i, material_index) = reader::u16_(i)?;
    let (i, material_layer) = reader::u16_(i)?;
    let (i, texture_count) = reader::u16_(i)?;
    let (i, texture_combo_index) = reader::u16_(i)?;
    let (i, texture_coord_combo_index) = reader::u16_(i)?;
    let (i, texture_weight_combo_index) = reader::u16_(i)?;
    let (i, texture_transform_combo_index) = reader::u16_(i)?;
    Ok((
        i,
        Batch {
            flags,
            priority_plane,
            shader_id,
            skin_section_index,
            geoset_index,
            color_index,
            material_index,
            material_layer,
            texture_count,
            texture_combo_index,
            texture_coord_combo_index,
            texture_weight_combo_index,
            texture_transform_combo_index,
        },
    ))
}

/// Submesh record size for an M2 version.
pub fn section_size(version: u32) -> usize {
    if version < layout::TBC { 32 } else { 48 }
}

fn parse_section(rec: &[u8], abs: u64, version: u32) -> Result<SkinSection> {
    let mut c = Cursor::new(rec, abs);
    let mut s = SkinSection {
        skin_section_id: c.u16()?,
        level: c.u16()?,
        vertex_start: c.u16()?,
        vertex_count: c.u16()?,
        index_start: c.u16()?,
        index_count: c.u16()?,
        bone_count: c.u16()?,
        bone_combo_index: c.u16()?,
        bone_influences: c.u16()?,
        center_bone_index: c.u16()?,
        center_position: c.vec3()?,
        ..Default::default()
    };
    if version >= layout::TBC {
        s.sort_center_position = c.vec3()?;
        s.sort_radius = c.f32()?;
    }
    Ok(s)
}

impl SkinProfile {
    fn parse_arrays(r: &Reader<'_, '_>, a: [M2Array; 5], bone_count_max: u32, version: u32) -> Result<SkinProfile> {
        Ok(SkinProfile {
            vertices: r.u16s(a[0]).at("vertices")?,
            indices: r.u16s(a[1]).at("indices")?,
            bones: r.array(a[2], 4, reader::bytes4).at("bones")?,
            submeshes: records(r, "submeshes", a[3], section_size(version), |rec, abs| {
                parse_section(rec, abs, version)
            })?,
            batches: r.array(a[4], 24, parse_batch).at("batches")?,
            bone_count_max,
            shadow_batches: Vec::new(),
        })
    }

    /// Parses an inline (Classic/TBC) profile header of 44 bytes at block offset `offset`.
    pub fn parse_inline(r: &Reader<'_, '_>, offset: u64, version: u32) -> Result<SkinProfile> {
        let rec = r.bytes(offset, 44)?;
        let mut c = Cursor::new(rec, r.abs(offset));
        let a = [c.array()?, c.array()?, c.array()?, c.array()?, c.array()?];
        let bone_count_max = c.u32()?;
        Self::parse_arrays(r, a, bone_count_max, version)
    }

    /// Parses a `.skin` file (`SKIN` magic). `version` is the owning M2's version
    /// (it decides the submesh record size and shadow batches).
    pub fn parse_file(r: &Reader<'_, '_>, version: u32) -> Result<SkinProfile> {
        let head = r.bytes(0, 0x30).at("header")?;
        if &head[0..4] != b"SKIN" {
            return Err(Error::new(
                r.abs(0),
                ErrorKind::BadMagic { found: [head[0], head[1], head[2], head[3]], expected: "SKIN" },
            ))
            .at("header.magic");
        }
        let mut c = Cursor::new(&head[4..], r.abs(4));
        let a = [c.array()?, c.array()?, c.array()?, c.array()?, c.array()?];
        let bone_count_max = c.u32()?;
        let mut p = Self::parse_arrays(r, a, bone_count_max, version)?;
        // Cata+ adds shadow batches; only read them if the header is long enough
        // and the array is sane (older converters leave garbage there).
        if version >= layout::CATA
            && let Ok(extra) = r.bytes(0x30, 8)
        {
            let sb = reader::m2array(extra).map(|(_, a)| a).unwrap_or_default();
            p.shadow_batches = r
                .array(sb, 12, |i| {
                    let (i, b) = nom::bytes::complete::take(12usize)(i)?;
                    let mut out = [0u8; 12];
                    out.copy_from_slice(b);
                    Ok((i, out))
                })
                .at("shadow_batches")?;
        }
        Ok(p)
    }
}
