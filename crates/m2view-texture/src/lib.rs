//! A model's texture files read (through the model's `Files`: loose,
//! `--data`, archives) and decoded for the renderer, the exports and the
//! inspector's previews: BLP of every encoding (`m2view_format::blp`, then
//! `m2view_render::texture`), DDS (DXT through `image`, BC5 through
//! `ddsfile` and `texture2ddecoder`, uncompressed RGB(A)), TGA and PNG;
//! Warcraft III team-colour slots. Every decoder's allocation is bounded
//! by the file's size; every error is a [`TextureError`].

#![warn(missing_docs)]

pub mod file;

use std::path::{Path, PathBuf};

use m2view_format::LoadedModel;
use m2view_format::blp::Blp;
use m2view_render::TextureData;
use m2view_render::texture::{from_blp, team_texture};

/// Why a texture file does not decode.
#[derive(Debug, thiserror::Error)]
pub enum TextureError {
    /// A TGA the `image` crate refuses, or one that would expand past its limit.
    #[error("TGA: {0}")]
    Tga(image::ImageError),
    /// A DXT DDS the `image` crate refuses, or one that would expand past its limit.
    #[error("DDS: {0}")]
    Dds(image::ImageError),
    /// A BC5 DDS whose header does not read.
    #[error("DDS: {0}")]
    DdsHeader(ddsfile::Error),
    /// A BC5 DDS holding fewer bytes than its size needs (or of size 0).
    #[error("DDS: BC5 {width}×{height} needs {need} bytes, the file holds {have}")]
    Bc5Short {
        /// Width in pixels, as the header says.
        width: usize,
        /// Height in pixels, as the header says.
        height: usize,
        /// Bytes that size needs (16 per 4×4 block).
        need: usize,
        /// Bytes the file holds after its header.
        have: usize,
    },
    /// BC5 blocks the decoder refuses.
    #[error("DDS: BC5: {0}")]
    Bc5(&'static str),
    /// An uncompressed DDS holding fewer bytes than its first level needs (or of size 0).
    #[error("DDS: uncompressed {width}×{height} at {bits} bits needs more than the {have} bytes the file holds")]
    UncompressedShort {
        /// Width in pixels, as the header says.
        width: usize,
        /// Height in pixels, as the header says.
        height: usize,
        /// Bits per pixel (24 or 32).
        bits: u32,
        /// Bytes the file holds after its header.
        have: usize,
    },
    /// A BLP that does not read or convert (file, structure, offset), or a
    /// file that cannot be read.
    #[error(transparent)]
    Format(#[from] m2view_format::Error),
    /// A PNG the `image` crate refuses.
    #[error("PNG: {0}")]
    Png(image::ImageError),
    /// A mip level the BLP does not have.
    #[error("no mip level {mip} (it has {count})")]
    NoLevel {
        /// The level asked for.
        mip: usize,
        /// How many it has.
        count: usize,
    },
    /// A level past 0 of a DDS, TGA or PNG (only their first is read).
    #[error("only level 0 of a DDS, TGA or PNG is read (asked for {mip})")]
    OnlyLevel0 {
        /// The level asked for.
        mip: usize,
    },
    /// A DDS the decoder left block-compressed where RGBA was wanted.
    #[error("DDS left compressed")]
    LeftCompressed,
    /// A decoded level whose pixels do not fill its size.
    #[error("bad level size")]
    LevelSize,
    /// A texture file that does not decode, named.
    #[error("{}: {error}", path.display())]
    File {
        /// The file (a game path, or one the user chose).
        path: PathBuf,
        /// What is wrong with it.
        error: Box<TextureError>,
    },
}

impl TextureError {
    /// This error, naming `path`.
    pub fn in_file(self, path: &Path) -> TextureError {
        TextureError::File { path: path.to_path_buf(), error: Box::new(self) }
    }
}

/// Reads and converts the textures that were found. BC-compressed BLPs stay
/// compressed when `bc` (the adapter supports it and the size is a multiple of
/// 4); everything else is decoded to RGBA8 with all mip levels. A texture that
/// fails to decode becomes a warning and draws as the missing placeholder.
/// Warcraft III team colour/glow slots: when `team` (sRGB bytes) is a
/// player's colour ([`m2view_render::texture::PLAYERS`]) and the
/// model's files or `--data` hold that player's texture
/// (`ReplaceableTextures\TeamColor\TeamColor00.blp`…, a map's over the
/// install's), that texture, as the game draws it; otherwise an image built
/// from `team`.
pub fn load_textures(
    lm: &LoadedModel,
    bc: bool,
    team: [u8; 3],
    warnings: &mut Vec<String>,
) -> Vec<Option<TextureData>> {
    lm.texture_files
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if let Some(m2view_format::TextureSource::Built { image, .. }) = lm.model.textures.get(i).map(|t| &t.source)
            {
                let (width, height) = (image.width, image.height);
                return Some(TextureData::Rgba { width, height, mips: vec![image.pixels.clone()] });
            }
            let Some(path) = p.as_ref() else { return team_slot_texture(lm, i, team, bc) };
            let result = lm.read(path).map_err(TextureError::from).and_then(|bytes| decode_file(path, bytes, bc));
            match result {
                Ok(t) => Some(t),
                Err(e) => {
                    warnings.push(e.in_file(path).to_string());
                    None
                }
            }
        })
        .collect()
}

/// Texture `i` of `lm` if it is a Warcraft III team slot: the player's
/// texture from the model's files when `team` is a player's colour and the
/// file is there and decodes, else the image built from `team` (see
/// [`load_textures`]). `None`: not a team slot.
pub fn team_slot_texture(lm: &LoadedModel, i: usize, team: [u8; 3], bc: bool) -> Option<TextureData> {
    let slot = lm.model.team_slot(i)?;
    let from_game = || {
        let player = m2view_render::texture::player_of(team)?;
        let path = lm.find_game_file(&m2view_render::texture::team_file(slot, player))?;
        decode(lm.read(&path).ok()?, bc).ok()
    };
    from_game().or_else(|| team_texture(&lm.model, i, team))
}

/// A small RGBA preview of texture file `path` of `lm` for the inspector: the
/// first mip level no larger than 64 px that decodes (level 0 when none is that small).
pub fn thumbnail(lm: &LoadedModel, path: &Path) -> Option<m2view_format::blp::RgbaImage> {
    let blp = lm.read(path).and_then(Blp::parse).ok()?;
    let first_small = blp.mips.iter().position(|m| m.width.max(m.height) <= 64).unwrap_or(0);
    (first_small..blp.mips.len()).chain(0..first_small).find_map(|i| blp.decode(i).ok())
}

/// Decodes texture file `bytes` read from `path`: a `.tga` (Warcraft III
/// v800 models name some) through the `image` crate, its decoder allowed 8
/// bytes per byte of file and 64 MiB; anything else by [`decode`].
pub fn decode_file(path: &Path, bytes: Vec<u8>, bc: bool) -> Result<TextureData, TextureError> {
    if !path.extension().is_some_and(|e| e.eq_ignore_ascii_case("tga")) {
        return decode(bytes, bc);
    }
    let mut reader = image::ImageReader::with_format(std::io::Cursor::new(&bytes), image::ImageFormat::Tga);
    let mut limits = image::Limits::default();
    // Run-length TGA may expand much: 8 bytes per byte of file, and never past 64 MiB.
    limits.max_alloc = Some((bytes.len() as u64 * 8 + (1 << 20)).min(64 << 20));
    reader.limits(limits);
    let img = reader.decode().map_err(TextureError::Tga)?.to_rgba8();
    let (width, height) = img.dimensions();
    Ok(TextureData::Rgba { width, height, mips: vec![img.into_raw()] })
}

/// Decodes texture file `bytes`: BLP (any encoding), or DDS (Warcraft III
/// Reforged's textures: DXT1, DXT3 and DXT5 through the `image` crate, its
/// decoder allowed at most 16 bytes per byte of file; BC5 normal maps
/// through `ddsfile` and `texture2ddecoder` ([`decode_bc5`]); uncompressed
/// RGB(A) ([`decode_uncompressed_dds`]); the first level only). Errors name
/// the format problem.
pub fn decode(bytes: Vec<u8>, bc: bool) -> Result<TextureData, TextureError> {
    if let Some(bc5) = decode_bc5(&bytes) {
        return bc5;
    }
    if let Some(rgba) = decode_uncompressed_dds(&bytes) {
        return rgba;
    }
    if bytes.starts_with(b"DDS ") {
        // A header may claim any size: the decoder may allocate 16 bytes per byte of file
        // (DXT1 expands 8×, plus room), no more.
        let mut reader = image::ImageReader::with_format(std::io::Cursor::new(&bytes), image::ImageFormat::Dds);
        let mut limits = image::Limits::default();
        limits.max_alloc = Some(bytes.len() as u64 * 16 + (1 << 20));
        reader.limits(limits);
        let img = reader.decode().map_err(TextureError::Dds)?.to_rgba8();
        let (width, height) = img.dimensions();
        return Ok(TextureData::Rgba { width, height, mips: vec![img.into_raw()] });
    }
    Ok(Blp::parse(bytes).and_then(|b| from_blp(&b, bc))?)
}

/// A BC5 DDS (`ATI2`, `BC5U`, or a DX10 header's BC5_UNORM): its first level
/// as RGBA with the two channels in red and green (a normal map's x and y;
/// blue 0, alpha 255). `None`: not a BC5 DDS. Errors: a bad header, or fewer
/// bytes than the header's size needs (checked before the RGBA buffer, 4
/// bytes per byte of BC5, is allocated).
pub fn decode_bc5(bytes: &[u8]) -> Option<Result<TextureData, TextureError>> {
    let fourcc: [u8; 4] = bytes.get(84..88)?.try_into().ok()?;
    let dx10 = &fourcc == b"DX10";
    if !bytes.starts_with(b"DDS ") || !(&fourcc == b"ATI2" || &fourcc == b"BC5U" || dx10) {
        return None;
    }
    let dds = match ddsfile::Dds::read(bytes) {
        Ok(d) => d,
        Err(e) => return Some(Err(TextureError::DdsHeader(e))),
    };
    if dx10 && dds.get_dxgi_format() != Some(ddsfile::DxgiFormat::BC5_UNorm) {
        return None;
    }
    let (w, h) = (dds.get_width() as usize, dds.get_height() as usize);
    let need = w.div_ceil(4) * h.div_ceil(4) * 16;
    if w == 0 || h == 0 || need > dds.data.len() {
        return Some(Err(TextureError::Bc5Short { width: w, height: h, need, have: dds.data.len() }));
    }
    let mut px = vec![0u32; w * h];
    if let Err(e) = texture2ddecoder::decode_bc5(&dds.data, w, h, &mut px) {
        return Some(Err(TextureError::Bc5(e)));
    }
    // texture2ddecoder writes BGRA words: x (first block) in red, y in green.
    let rgba = px.iter().flat_map(|p| [(p >> 16) as u8, (p >> 8) as u8, 0, 255]).collect();
    Some(Ok(TextureData::Rgba { width: w as u32, height: h as u32, mips: vec![rgba] }))
}

/// An uncompressed DDS (Microsoft's "DDS_PIXELFORMAT": a legacy header's
/// RGB format of 24 or 32 bits read through its channel masks — A8R8G8B8,
/// X8R8G8B8, A8B8G8R8, R8G8B8… — or a DX10 header's `R8G8B8A8_UNORM` or
/// `B8G8R8A8_UNORM`): its first level as RGBA, alpha 255 where the format
/// has none. `None`: not such a DDS. Errors: a bad header, or fewer bytes
/// than the first level needs (checked before anything is allocated).
pub fn decode_uncompressed_dds(bytes: &[u8]) -> Option<Result<TextureData, TextureError>> {
    use ddsfile::{DxgiFormat, PixelFormatFlags};
    if !bytes.starts_with(b"DDS ") {
        return None;
    }
    // A header ddsfile cannot read is left to the DXT decoder, which names the problem.
    let dds = ddsfile::Dds::read(bytes).ok()?;
    let (bits, masks) = match dds.get_dxgi_format() {
        Some(DxgiFormat::R8G8B8A8_UNorm) => (32, [0xff, 0xff00, 0xff_0000, 0xff00_0000]),
        Some(DxgiFormat::B8G8R8A8_UNorm) => (32, [0xff_0000, 0xff00, 0xff, 0xff00_0000]),
        Some(_) => return None,
        None => {
            let pf = &dds.header.spf;
            if !pf.flags.contains(PixelFormatFlags::RGB) || pf.fourcc.is_some() {
                return None;
            }
            let alpha = if pf.flags.contains(PixelFormatFlags::ALPHA_PIXELS) { pf.a_bit_mask } else { None };
            let masks = [pf.r_bit_mask?, pf.g_bit_mask?, pf.b_bit_mask?, alpha.unwrap_or(0)];
            (pf.rgb_bit_count.filter(|&b| b == 24 || b == 32)?, masks)
        }
    };
    let (w, h, step) = (dds.get_width() as usize, dds.get_height() as usize, bits as usize / 8);
    let need = w.checked_mul(h).and_then(|n| n.checked_mul(step));
    if w == 0 || h == 0 || need.is_none_or(|n| n > dds.data.len()) {
        return Some(Err(TextureError::UncompressedShort { width: w, height: h, bits, have: dds.data.len() }));
    }
    let channel = |px: u32, mask: u32, rest: u8| {
        if mask == 0 {
            return rest;
        }
        let v = (px & mask) >> mask.trailing_zeros();
        let max = mask >> mask.trailing_zeros();
        (v as u64 * 255 / max as u64) as u8
    };
    let rgba = dds.data[..w * h * step]
        .chunks_exact(step)
        .flat_map(|p| {
            let px = u32::from_le_bytes([p[0], p[1], p[2], p.get(3).copied().unwrap_or(0)]);
            [channel(px, masks[0], 0), channel(px, masks[1], 0), channel(px, masks[2], 0), channel(px, masks[3], 255)]
        })
        .collect();
    Some(Ok(TextureData::Rgba { width: w as u32, height: h as u32, mips: vec![rgba] }))
}

/// Reads a texture file for the renderer: BLP (any encoding), DDS, TGA or PNG.
///
/// # Errors
/// The file does not read or decode ([`TextureError::File`], naming it).
pub fn texture_from_file(path: &Path, bc: bool) -> Result<TextureData, TextureError> {
    let is_png = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if is_png {
        let img = image::open(path).map_err(|e| TextureError::Png(e).in_file(path))?.to_rgba8();
        let (width, height) = img.dimensions();
        return Ok(TextureData::Rgba { width, height, mips: vec![img.into_raw()] });
    }
    let bytes = m2view_format::companion::read_file(path)?;
    decode_file(path, bytes, bc).map_err(|e| e.in_file(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A DDS of `format` holding `data` (ddsfile's writer).
    fn dds(format: ddsfile::D3DFormat, w: u32, h: u32, data: &[u8]) -> Vec<u8> {
        let params =
            ddsfile::NewD3dParams { height: h, width: w, depth: None, format, mipmap_levels: None, caps2: None };
        let mut d = ddsfile::Dds::new_d3d(params).unwrap();
        d.data = data.to_vec();
        let mut out = Vec::new();
        d.write(&mut out).unwrap();
        out
    }

    #[test]
    fn uncompressed_dds_reads_through_its_channel_masks() {
        // A8R8G8B8 stores blue, green, red, alpha in memory order.
        let bytes = dds(ddsfile::D3DFormat::A8R8G8B8, 2, 1, &[10, 20, 30, 40, 50, 60, 70, 80]);
        let Ok(TextureData::Rgba { width, height, mips }) = decode(bytes, false) else { panic!() };
        assert_eq!((width, height, mips[0].clone()), (2, 1, vec![30, 20, 10, 40, 70, 60, 50, 80]));
        // R8G8B8 (24 bits, no alpha): opaque.
        let bytes = dds(ddsfile::D3DFormat::R8G8B8, 1, 1, &[1, 2, 3]);
        let Ok(TextureData::Rgba { mips, .. }) = decode(bytes, false) else { panic!() };
        assert_eq!(mips[0], [3, 2, 1, 255]);
        // A header claiming more pixels than the file holds: an error, nothing allocated for them.
        let mut bytes = dds(ddsfile::D3DFormat::A8B8G8R8, 2, 2, &[0; 16]);
        bytes[12..16].copy_from_slice(&40_000u32.to_le_bytes()); // height
        let e = decode_uncompressed_dds(&bytes).unwrap().unwrap_err();
        assert!(matches!(e, TextureError::UncompressedShort { width: 2, height: 40_000, bits: 32, have: 16 }), "{e}");
    }
}
