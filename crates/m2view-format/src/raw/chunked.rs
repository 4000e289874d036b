//! Legion+ chunked M2 (`MD21` container) and chunked `.anim` files.
//!
//! Chunks are `char[4] magic` (not reversed, unlike other WoW formats),
//! `u32 size`, payload; in any order. MD21 holds the MD20 data and all of its
//! offsets are relative to the MD21 payload. Known chunks are decoded; a broken
//! optional chunk becomes a warning; unknown chunks are kept raw and reported.
//! Seed M2 page "Chunks".

use crate::error::{Error, ErrorKind, PathSeg, Result, ResultExt};
use crate::raw::cursor::records;
use crate::raw::m2::Md20;
use crate::raw::track::{FBlock, M2Track, TrackContext};
use crate::reader::{self, Reader};

/// A chunk kept as bytes (unknown or not decoded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawChunk {
    /// Four-character magic as stored.
    pub magic: [u8; 4],
    /// Absolute offset of the payload.
    pub offset: u64,
    /// Payload.
    pub data: Vec<u8>,
}

/// One AFID entry: which FileDataID holds `(anim_id, sub_anim_id)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AnimFileId {
    /// Animation id.
    pub anim_id: u16,
    /// Variation index.
    pub sub_anim_id: u16,
    /// FileDataID (0 = none).
    pub file_id: u32,
}

/// LDV1 `LodData`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LodData {
    /// Unknown.
    pub unk0: u16,
    /// Number of LODs.
    pub lod_count: u16,
    /// Distance factor.
    pub unk2: f32,
    /// Particle bone LOD per LOD level.
    pub particle_bone_lod: [u8; 4],
    /// Unknown.
    pub unk4: u32,
}

/// EXP2 `M2ExtendedParticle`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ExtendedParticle {
    /// zSource override.
    pub z_source: f32,
    /// Colour multiplier.
    pub color_mult: f32,
    /// Alpha multiplier.
    pub alpha_mult: f32,
    /// Per-life alpha cutoff.
    pub alpha_cutoff: FBlock<i16>,
}

/// Decoded Legion+ chunks besides MD21.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Chunks<'a> {
    /// Magic of every chunk in file order.
    pub order: Vec<[u8; 4]>,
    /// Absolute offset of the MD21 payload.
    pub md21_offset: u64,
    /// SFID: skin FileDataIDs (`num_skin_profiles` first, then `_lodNN`).
    pub skin_file_ids: Vec<u32>,
    /// AFID.
    pub anim_file_ids: Vec<AnimFileId>,
    /// BFID.
    pub bone_file_ids: Vec<u32>,
    /// TXID: texture FileDataIDs, one per texture.
    pub texture_file_ids: Vec<u32>,
    /// SKID.
    pub skeleton_file_id: Option<u32>,
    /// PFID.
    pub phys_file_id: Option<u32>,
    /// LDV1.
    pub lod_data: Option<LodData>,
    /// EXPT (zSource, colorMult, alphaMult).
    pub extended_particles_v1: Vec<[f32; 3]>,
    /// EXP2.
    pub extended_particles: Vec<ExtendedParticle>,
    /// PABC.
    pub parent_sequence_lookup: Vec<u16>,
    /// PADC.
    pub parent_texture_weights: Vec<M2Track<'a, i16>>,
    /// PSBC: `[min xyz, max xyz, radius]`.
    pub parent_sequence_bounds: Vec<[f32; 7]>,
    /// PEDC.
    pub parent_event_data: Vec<M2Track<'a, ()>>,
    /// PGD1: geoset per particle emitter.
    pub particle_geosets: Vec<u16>,
    /// TXAC: two bytes per material + particle.
    pub texture_ac: Vec<[u8; 2]>,
    /// RPID.
    pub recursive_particle_models: Vec<u32>,
    /// GPID.
    pub geometry_particle_models: Vec<u32>,
    /// WFV1–3, EDGF, NERF, DETL, DBOC, AFRA, PFDC ([`crate::model::ChunkData`]).
    pub data: crate::model::ChunkData,
    /// Chunks kept raw because no layout is known.
    pub unknown: Vec<RawChunk>,
    /// Problems with optional chunks (not fatal).
    pub warnings: Vec<String>,
}

/// A whole M2 file: MD20 data plus, for chunked files, the other chunks.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct M2File<'a> {
    /// The MD20 data.
    pub md20: Md20<'a>,
    /// Present for MD21 files.
    pub chunks: Option<Chunks<'a>>,
    /// What the parse read past ([`crate::reader::ParseState::warn`]): each
    /// names the structure, the offset and what was read instead.
    pub warnings: Vec<Error>,
    /// The blocks taken from the model's `.skel` chain (`SKID`), if any.
    pub skeleton: Option<SkeletonUse>,
}

/// What a chunked M2 took from its `.skel` files ([`crate::raw::skel`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SkeletonUse {
    /// FileDataIDs of the skeletons read, the model's first, then its parents.
    pub chain: Vec<u32>,
    /// Bones and key-bone lookup came from a skeleton (their `.anim` keys are in `AFSB`).
    pub bones: bool,
    /// Attachments came from a skeleton (their `.anim` keys are in `AFSA`).
    pub attachments: bool,
    /// Sequences and global loops came from a skeleton.
    pub sequences: bool,
}

/// One chunk: magic, absolute payload offset, payload.
pub type ChunkRef<'a> = ([u8; 4], u64, &'a [u8]);

/// Splits `data` into chunks.
pub fn split_chunks<'a>(r: &Reader<'a, '_>) -> Result<Vec<ChunkRef<'a>>> {
    let data = r.data();
    let mut out = Vec::new();
    let mut pos = 0u64;
    while pos < data.len() as u64 {
        let head = r.bytes(pos, 8).at("chunk header")?;
        let magic = [head[0], head[1], head[2], head[3]];
        let size = u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as u64;
        let payload = r.bytes(pos + 8, size).map_err(|e| {
            let mut e = e;
            e.kind = ErrorKind::Invalid(format!(
                "chunk {} of {size} bytes at {:#x} runs past the end ({:#x} bytes)",
                m2view_error::show_tag(&magic),
                r.abs(pos),
                data.len()
            ));
            e
        })?;
        out.push((magic, r.abs(pos + 8), payload));
        pos += 8 + size;
    }
    Ok(out)
}

/// The entries of an `AFID` chunk (8 bytes each: animation, variation, FileDataID).
pub fn anim_file_ids(data: &[u8]) -> Vec<AnimFileId> {
    data.chunks_exact(8)
        .map(|c| AnimFileId {
            anim_id: u16::from_le_bytes([c[0], c[1]]),
            sub_anim_id: u16::from_le_bytes([c[2], c[3]]),
            file_id: u32::from_le_bytes([c[4], c[5], c[6], c[7]]),
        })
        .collect()
}

fn u32_list(data: &[u8]) -> Vec<u32> {
    data.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

impl<'a> M2File<'a> {
    /// Parses an M2 file: plain `MD20` or chunked (`MD21` ...); borrows `r`'s
    /// bytes as [`Md20::parse`] does.
    pub fn parse(r: &Reader<'a, '_>) -> Result<M2File<'a>> {
        let magic = r.bytes(0, 4).at("header.magic")?;
        if magic == b"MD20" {
            return Ok(M2File {
                md20: Md20::parse(r)?,
                chunks: None,
                warnings: r.state().take_warnings(),
                skeleton: None,
            });
        }
        let parts = split_chunks(r)?;
        let Some(&(_, md21_off, md21)) = parts.iter().find(|(m, _, _)| m == b"MD21") else {
            return Err(Error::new(
                r.abs(0),
                ErrorKind::BadMagic { found: [magic[0], magic[1], magic[2], magic[3]], expected: "MD20 or MD21" },
            ))
            .at("header.magic");
        };
        let mr = Reader::new(md21, md21_off, r.state());
        let md20 = r.state().within(&[PathSeg::Field("MD21")], || Md20::parse(&mr))?;
        let mut ch = Chunks { md21_offset: md21_off, ..Default::default() };
        for &(magic, off, data) in &parts {
            ch.order.push(magic);
            if &magic == b"MD21" {
                continue;
            }
            let cr = Reader::new(data, off, r.state());
            if let Err(e) = decode_chunk(&mut ch, &md20, magic, &cr) {
                ch.warnings.push(format!("chunk {} ignored: {e}", m2view_error::show_tag(&magic)));
            }
        }
        Ok(M2File { md20, chunks: Some(ch), warnings: r.state().take_warnings(), skeleton: None })
    }
}

fn decode_chunk<'a>(ch: &mut Chunks<'a>, md20: &Md20<'_>, magic: [u8; 4], cr: &Reader<'a, '_>) -> Result<()> {
    let data = cr.data();
    cr.budget().charge(data.len() as u64, cr.abs(0))?;
    let cx = TrackContext { legacy: false, external: &[] };
    let first_array = || cr.record(0, 8, reader::m2array);
    match &magic {
        b"SFID" => ch.skin_file_ids = u32_list(data),
        b"AFID" => ch.anim_file_ids = anim_file_ids(data),
        b"BFID" => ch.bone_file_ids = u32_list(data),
        b"TXID" => ch.texture_file_ids = u32_list(data),
        b"SKID" => ch.skeleton_file_id = u32_list(data).first().copied(),
        b"PFID" => ch.phys_file_id = u32_list(data).first().copied(),
        b"RPID" => ch.recursive_particle_models = u32_list(data),
        b"GPID" => ch.geometry_particle_models = u32_list(data),
        b"TXAC" => ch.texture_ac = data.chunks_exact(2).map(|c| [c[0], c[1]]).collect(),
        b"LDV1" => {
            ch.lod_data = Some(cr.record(0, 16, |i| {
                let (i, unk0) = reader::u16_(i)?;
                let (i, lod_count) = reader::u16_(i)?;
                let (i, unk2) = reader::f32_(i)?;
                let (i, particle_bone_lod) = reader::bytes4(i)?;
                let (i, unk4) = reader::u32_(i)?;
                Ok((i, LodData { unk0, lod_count, unk2, particle_bone_lod, unk4 }))
            })?)
        }
        b"EXPT" => {
            ch.extended_particles_v1 = data.chunks_exact(12).filter_map(|c| reader::vec3(c).ok().map(|v| v.1)).collect()
        }
        b"EXP2" => {
            let arr = first_array()?;
            ch.extended_particles = records(cr, "EXP2", arr, 28, |rec, _| {
                let (rest, v) = reader::vec3(rec).map_err(|_| Error::invalid(0, "short"))?;
                Ok(ExtendedParticle {
                    z_source: v[0],
                    color_mult: v[1],
                    alpha_mult: v[2],
                    alpha_cutoff: FBlock::read(cr, rest).at("alpha_cutoff")?,
                })
            })?
        }
        b"PABC" => ch.parent_sequence_lookup = cr.array(first_array()?, 2, reader::u16_)?,
        b"PADC" => {
            ch.parent_texture_weights = records(cr, "PADC", first_array()?, 20, |rec, _| M2Track::read(cr, rec, cx))?
        }
        b"PSBC" => {
            ch.parent_sequence_bounds = cr.array(first_array()?, 28, |i| {
                let (i, a) = reader::vec4(i)?;
                let (i, b) = reader::vec3(i)?;
                Ok((i, [a[0], a[1], a[2], a[3], b[0], b[1], b[2]]))
            })?
        }
        b"PEDC" => ch.parent_event_data = records(cr, "PEDC", first_array()?, 12, |rec, _| M2Track::read(cr, rec, cx))?,
        b"PGD1" => ch.particle_geosets = cr.array(first_array()?, 2, reader::u16_)?,
        m if crate::model::ChunkData::MAGICS.contains(&m) => {
            if let Some(note) = ch.data.decode(m, data, cr.abs(0), md20.lights.len())? {
                ch.warnings.push(note);
            }
        }
        _ => ch.unknown.push(RawChunk { magic, offset: cr.abs(0), data: data.to_vec() }),
    }
    Ok(())
}

/// An `.anim` file: the classic blob, or the AFM2 payload of a chunked file
/// (AFSA/AFSB kept for `.skel` models). Offsets inside are relative to `payload`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnimFile {
    /// Whether the file was chunked (AFM2 ...).
    pub chunked: bool,
    /// Absolute offset of the key data block.
    pub payload_offset: u64,
    /// Byte range of the key data block in `data`.
    pub payload: std::ops::Range<usize>,
    /// AFSA / AFSB payload ranges, when present.
    pub skeleton_chunks: Vec<([u8; 4], std::ops::Range<usize>)>,
}

impl AnimFile {
    /// Locates the key data in `.anim` bytes.
    pub fn parse(r: &Reader<'_, '_>) -> Result<AnimFile> {
        let data = r.data();
        let is_chunked = data.len() >= 8 && matches!(&data[0..4], b"AFM2" | b"AFSA" | b"AFSB");
        if !is_chunked {
            return Ok(AnimFile {
                chunked: false,
                payload_offset: r.abs(0),
                payload: 0..data.len(),
                skeleton_chunks: vec![],
            });
        }
        let mut afm2 = None;
        let mut skel = Vec::new();
        for (magic, off, payload) in split_chunks(r)? {
            let start = (off - r.abs(0)) as usize;
            let range = start..start + payload.len();
            if &magic == b"AFM2" {
                afm2 = Some((off, range));
            } else {
                skel.push((magic, range));
            }
        }
        let (payload_offset, payload) = match afm2 {
            Some(a) => a,
            None => (r.abs(0), 0..0),
        };
        Ok(AnimFile { chunked: true, payload_offset, payload, skeleton_chunks: skel })
    }
}
