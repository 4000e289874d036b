//! BLP1 / BLP2 textures: our own header and mip-table parse (validated, and
//! giving the raw DXT blocks for compressed upload) and pixel decoding: DXT
//! blocks through `texture2ddecoder`, JPEG (BLP1) through `zune-jpeg`,
//! palettized and raw BGRA here. wowdev wiki "BLP".
//!
//! Before anything is decoded the header is checked: dimensions ≤
//! [`MAX_DIMENSION`], every mip level inside the file and at least as large
//! as its encoding needs, so decoding cannot allocate more than a few bytes per
//! pixel of a texture that really is in the file. Levels listed past the end
//! of the file are skipped, as the client does (WebWowViewerCpp
//! `BlpTexture.cpp`): the 3.3.5 `HumanFemaleFaceLower00_101.blp` of
//! ElementoBorzi's Doomhammer pack lists a 1×1 level with size 0xFFFFA618.

use crate::error::{Error, ErrorKind, Result, ResultExt};

/// Largest width or height accepted (WoW ships at most 4096).
pub const MAX_DIMENSION: u32 = 8192;

/// Most bytes of RGBA a BLP1 JPEG level may decode to per byte of its
/// JPEG stream (shared header + level): at least 4 bits encode each 8×8
/// block of its four components, 256 bytes of RGBA.
pub const MAX_JPEG_EXPANSION: u64 = 512;

/// Container version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlpVersion {
    /// Warcraft III.
    Blp1,
    /// World of Warcraft.
    Blp2,
}

/// Block-compressed format of a DXTC BLP2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DxtFormat {
    /// BC1 (8 bytes per 4×4 block).
    Dxt1,
    /// BC2 (16 bytes per block).
    Dxt3,
    /// BC3 (16 bytes per block).
    Dxt5,
}

impl DxtFormat {
    /// Bytes per 4×4 block.
    pub fn block_bytes(self) -> usize {
        if self == DxtFormat::Dxt1 { 8 } else { 16 }
    }
}

/// Pixel encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlpEncoding {
    /// JPEG with a shared header (BLP1).
    Jpeg,
    /// 256-colour palette with a 0/1/4/8-bit alpha plane.
    Palette,
    /// DXT1/3/5 blocks.
    Dxt(DxtFormat),
    /// BGRA 8888.
    Raw,
}

/// One mip level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MipLevel {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Absolute offset of the level data.
    pub offset: u32,
    /// Size in bytes.
    pub size: u32,
}

/// A parsed BLP file (owns its bytes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blp {
    /// Container version.
    pub version: BlpVersion,
    /// Encoding.
    pub encoding: BlpEncoding,
    /// Alpha bit depth (0, 1, 4, 8).
    pub alpha_bits: u8,
    /// Width of level 0.
    pub width: u32,
    /// Height of level 0.
    pub height: u32,
    /// Present mip levels, 0 first.
    pub mips: Vec<MipLevel>,
    data: Vec<u8>,
}

/// A decoded RGBA8 image (row-major, top row first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RgbaImage {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes, RGBA.
    pub pixels: Vec<u8>,
}

fn u32_at(d: &[u8], o: usize) -> u32 {
    u32::from_le_bytes([d[o], d[o + 1], d[o + 2], d[o + 3]])
}

impl Blp {
    /// Parses and validates a BLP1/BLP2 file. Errors name the field and offset.
    pub fn parse(data: Vec<u8>) -> Result<Blp> {
        let len = data.len() as u64;
        let need = |n: usize, field: &'static str| -> Result<()> {
            if data.len() < n {
                Err(Error::new(0, ErrorKind::OutOfBounds { len: n as u64, file_len: len })).at(field)
            } else {
                Ok(())
            }
        };
        need(4, "magic")?;
        let magic = [data[0], data[1], data[2], data[3]];
        let (version, encoding, alpha_bits, width, height, has_mips, mip_table) = match &magic {
            b"BLP2" => {
                need(0x94, "header")?;
                let content = u32_at(&data, 4);
                let compression = data[8];
                let alpha_bits = data[9];
                let alpha_type = data[10];
                let encoding = match (content, compression) {
                    (0, _) | (_, 0) => BlpEncoding::Jpeg,
                    (_, 1) => BlpEncoding::Palette,
                    (_, 2) => BlpEncoding::Dxt(match alpha_type {
                        0 => DxtFormat::Dxt1,
                        1 => DxtFormat::Dxt3,
                        7 => DxtFormat::Dxt5,
                        t => {
                            return Err(Error::invalid(10, format!("DXT alpha type {t} is not 0, 1 or 7")))
                                .at("alpha_type");
                        }
                    }),
                    (_, 3 | 4) => BlpEncoding::Raw,
                    (_, c) => {
                        return Err(Error::invalid(8, format!("unknown compression {c}"))).at("compression");
                    }
                };
                if encoding == BlpEncoding::Jpeg {
                    return Err(Error::invalid(4, "BLP2 JPEG content is not used by WoW")).at("content");
                }
                if encoding == BlpEncoding::Palette {
                    need(0x494, "palette")?;
                }
                (BlpVersion::Blp2, encoding, alpha_bits, u32_at(&data, 12), u32_at(&data, 16), data[11] != 0, 0x14)
            }
            b"BLP1" => {
                need(0x9C, "header")?;
                let content = u32_at(&data, 4);
                let alpha_bits = u32_at(&data, 8).min(255) as u8;
                let encoding = match content {
                    0 => BlpEncoding::Jpeg,
                    1 => BlpEncoding::Palette,
                    c => {
                        return Err(Error::invalid(4, format!("unknown content {c}"))).at("content");
                    }
                };
                need(if encoding == BlpEncoding::Palette { 0x9C + 1024 } else { 0xA0 }, "content header")?;
                (
                    BlpVersion::Blp1,
                    encoding,
                    alpha_bits,
                    u32_at(&data, 12),
                    u32_at(&data, 16),
                    u32_at(&data, 24) != 0,
                    0x1C,
                )
            }
            _ => {
                return Err(Error::new(0, ErrorKind::BadMagic { found: magic, expected: "BLP1 or BLP2" })).at("magic");
            }
        };
        if width == 0 || height == 0 || width > MAX_DIMENSION || height > MAX_DIMENSION {
            return Err(Error::invalid(12, format!("dimensions {width}x{height} outside 1..={MAX_DIMENSION}")))
                .at("width");
        }
        // Only palettized images read an alpha plane of that depth. JPEG and raw
        // images carry alpha in their pixels, and real files store odd depths
        // there (9 in a WC3 JPEG, 136 in a raw BLP2): read any nonzero as 8.
        let alpha_bits = match encoding {
            BlpEncoding::Jpeg | BlpEncoding::Raw if alpha_bits != 0 => 8,
            _ => alpha_bits,
        };
        if !matches!(alpha_bits, 0 | 1 | 4 | 8) {
            return Err(Error::invalid(9, format!("alpha depth {alpha_bits} is not 0, 1, 4 or 8"))).at("alpha_depth");
        }
        let mut mips = Vec::new();
        for i in 0..16usize {
            let offset = u32_at(&data, mip_table + 4 * i);
            let size = u32_at(&data, mip_table + 64 + 4 * i);
            if offset == 0 || size == 0 || (i > 0 && !has_mips) {
                break;
            }
            let (w, h) = ((width >> i).max(1), (height >> i).max(1));
            if offset as u64 + size as u64 > len {
                if i == 0 {
                    return Err(Error::new(offset as u64, ErrorKind::OutOfBounds { len: size as u64, file_len: len }))
                        .at_elem("mips", 0);
                }
                break; // WebWowViewerCpp skips levels that run past the end
            }
            let min = match encoding {
                BlpEncoding::Dxt(f) => w.div_ceil(4) as u64 * h.div_ceil(4) as u64 * f.block_bytes() as u64,
                BlpEncoding::Palette => w as u64 * h as u64,
                BlpEncoding::Raw => w as u64 * h as u64 * 4,
                BlpEncoding::Jpeg => 1,
            };
            if (size as u64) < min {
                if i == 0 {
                    return Err(Error::invalid(offset as u64, format!("mip 0 has {size} bytes, {w}x{h} needs {min}")))
                        .at_elem("mips", 0);
                }
                break;
            }
            mips.push(MipLevel { width: w, height: h, offset, size });
            if w == 1 && h == 1 {
                break;
            }
        }
        if mips.is_empty() {
            return Err(Error::invalid(mip_table as u64, "no mip level present")).at("mips");
        }
        Ok(Blp { version, encoding, alpha_bits, width, height, mips, data })
    }

    /// The raw BC blocks of mip `level` (DXT files only), exactly
    /// `ceil(w/4) * ceil(h/4) * block_bytes` long, ready for a BC texture upload.
    pub fn dxt_blocks(&self, level: usize) -> Option<&[u8]> {
        let BlpEncoding::Dxt(f) = self.encoding else {
            return None;
        };
        let m = self.mips.get(level)?;
        let n = m.width.div_ceil(4) as usize * m.height.div_ceil(4) as usize * f.block_bytes();
        self.data.get(m.offset as usize..m.offset as usize + n)
    }

    /// Decodes mip `level` to RGBA8 (errors name the level's offset).
    pub fn decode(&self, level: usize) -> Result<RgbaImage> {
        let m = *self.mips.get(level).ok_or_else(|| Error::invalid(0, format!("no mip level {level}")))?;
        if self.encoding == BlpEncoding::Raw {
            let n = m.width as usize * m.height as usize * 4;
            // Level size was checked against the file in `parse`.
            let src = &self.data[m.offset as usize..m.offset as usize + n];
            let mut pixels = Vec::with_capacity(n);
            for p in src.chunks_exact(4) {
                let a = if self.alpha_bits == 0 { 255 } else { p[3] };
                pixels.extend_from_slice(&[p[2], p[1], p[0], a]);
            }
            return Ok(RgbaImage { width: m.width, height: m.height, pixels });
        }
        if self.encoding == BlpEncoding::Jpeg {
            return self.decode_jpeg(m, level);
        }
        let mut pixels = match self.encoding {
            BlpEncoding::Dxt(f) => self.decode_dxt(f, m, level)?,
            _ => self.decode_palette(m, level)?,
        };
        if self.alpha_bits == 0 {
            // No alpha plane: opaque, whatever the decoder left in the channel.
            pixels.chunks_exact_mut(4).for_each(|p| p[3] = 255);
        }
        Ok(RgbaImage { width: m.width, height: m.height, pixels })
    }
}

impl Blp {
    /// Decodes DXT1/3/5 blocks of level `m` with `texture2ddecoder` (DXT1
    /// with BC1's transparent black, as the client's 1-bit alpha DXT1 is
    /// drawn; made opaque by [`Blp::decode`] when the file has no alpha).
    fn decode_dxt(&self, f: DxtFormat, m: MipLevel, level: usize) -> Result<Vec<u8>> {
        let (w, h) = (m.width as usize, m.height as usize);
        // `parse` checked that the level holds every block.
        let blocks = self.dxt_blocks(level).unwrap_or_default();
        let mut words = vec![0u32; w * h];
        let done = match f {
            DxtFormat::Dxt1 => texture2ddecoder::decode_bc1a(blocks, w, h, &mut words),
            DxtFormat::Dxt3 => texture2ddecoder::decode_bc2(blocks, w, h, &mut words),
            DxtFormat::Dxt5 => texture2ddecoder::decode_bc3(blocks, w, h, &mut words),
        };
        done.map_err(|e| Error::invalid(m.offset as u64, format!("{f:?} blocks: {e}")))?;
        // texture2ddecoder writes BGRA words.
        Ok(words
            .iter()
            .flat_map(|p| {
                let [b, g, r, a] = p.to_le_bytes();
                [r, g, b, a]
            })
            .collect())
    }

    /// Decodes a palettized level: `w*h` indices into the 256 BGRA colours
    /// that follow the header (BLP1 at 0x9C, BLP2 at 0x94), then the alpha
    /// plane of `alpha_bits` per pixel, least significant bits first (1-bit:
    /// bit `i % 8` of byte `i / 8`; 4-bit: the low nibble for even `i`,
    /// scaled by 17). wowdev wiki "BLP", palettized content.
    fn decode_palette(&self, m: MipLevel, level: usize) -> Result<Vec<u8>> {
        let n = m.width as usize * m.height as usize;
        let alpha_len = (n * self.alpha_bits as usize).div_ceil(8);
        if (m.size as usize) < n + alpha_len {
            let msg =
                format!("palettized level {level} has {} bytes, {n} indices + {alpha_len} alpha need more", m.size);
            return Err(Error::invalid(m.offset as u64, msg));
        }
        let palette = match self.version {
            BlpVersion::Blp1 => 0x9C,
            BlpVersion::Blp2 => 0x94,
        };
        // Both were checked against the file in `parse`.
        let colours = &self.data[palette..palette + 1024];
        let level_data = &self.data[m.offset as usize..m.offset as usize + n + alpha_len];
        let (indices, alpha) = level_data.split_at(n);
        let mut pixels = Vec::with_capacity(n * 4);
        for (i, &c) in indices.iter().enumerate() {
            let bgra = &colours[c as usize * 4..c as usize * 4 + 4];
            let a = match self.alpha_bits {
                1 => ((alpha[i / 8] >> (i % 8)) & 1) * 255,
                4 => ((alpha[i / 2] >> (4 * (i % 2))) & 0xF) * 17,
                8 => alpha[i],
                _ => 255,
            };
            pixels.extend_from_slice(&[bgra[2], bgra[1], bgra[0], a]);
        }
        Ok(pixels)
    }

    /// Decodes a BLP1 JPEG level with all four channels. The file keeps one
    /// JPEG header (`u32` size at 0x9C, bytes from 0xA0) shared by every
    /// level; header + level bytes form a 4-component JPEG whose channels are
    /// B, G, R, A, stored without colour transform (wowdev wiki "BLP",
    /// BLP1 JPEG content), decoded with zune-jpeg asked for the raw
    /// components (a CMYK→RGB conversion would lose the alpha).
    fn decode_jpeg(&self, m: MipLevel, level: usize) -> Result<RgbaImage> {
        let header_len = u32_at(&self.data, 0x9C) as usize;
        let header = self
            .data
            .get(0xA0..0xA0usize.saturating_add(header_len))
            .ok_or_else(|| Error::invalid(0x9C, format!("JPEG header of {header_len} bytes runs past the end")))?;
        // Level bounds were checked against the file in `parse`.
        let body = &self.data[m.offset as usize..m.offset as usize + m.size as usize];
        let stream = [header, body].concat();
        let opts = zune_core::options::DecoderOptions::default()
            .jpeg_set_out_colorspace(zune_core::colorspace::ColorSpace::CMYK)
            .set_max_width(MAX_DIMENSION as usize)
            .set_max_height(MAX_DIMENSION as usize);
        let mut dec = zune_jpeg::JpegDecoder::new_with_options(zune_core::bytestream::ZCursor::new(&stream), opts);
        let bad = |e: String| Error::invalid(m.offset as u64, format!("JPEG level {level}: {e}"));
        // The frame header first: its size must be the level's before any pixel is allocated.
        dec.decode_headers().map_err(|e| bad(e.to_string()))?;
        let (w, h) = dec.dimensions().ok_or_else(|| bad("no dimensions".into()))?;
        if (w as u32, h as u32) != (m.width, m.height) {
            // Some BLP1 writers store full-size JPEGs for every level: not a usable mip.
            return Err(bad(format!("decodes to {w}x{h}, the header says {}x{}", m.width, m.height)));
        }
        // A baseline JPEG spends at least a bit on each 8×8 block of each of its four
        // components (its end-of-block code): 4 bits for 256 bytes of RGBA. More pixels than
        // that from the bytes given is a header that lies (a flat colour compresses to ~100×).
        if (w * h * 4) as u64 > MAX_JPEG_EXPANSION * stream.len() as u64 {
            return Err(bad(format!("{w}x{h} pixels from {} bytes of JPEG", stream.len())));
        }
        let raw = dec.decode().map_err(|e| bad(e.to_string()))?;
        let comps = dec.output_colorspace().map_or(4, |c| c.num_components());
        if comps != 4 || raw.len() != w * h * 4 {
            return Err(bad(format!("{comps} components, BLP1 JPEG stores 4 (BGRA)")));
        }
        let opaque = self.alpha_bits == 0;
        let pixels = raw.chunks_exact(4).flat_map(|p| [p[2], p[1], p[0], if opaque { 255 } else { p[3] }]).collect();
        Ok(RgbaImage { width: m.width, height: m.height, pixels })
    }
}

/// Writes a small uncompressed (raw BGRA, BLP2 encoding 3) or DXT1 BLP2 file.
/// Used by tests and the demo-asset generator: `rgba` is `w*h*4` bytes per level.
pub fn write_blp2_raw(width: u32, height: u32, levels: &[Vec<u8>]) -> Vec<u8> {
    let mut out = vec![0u8; 0x494];
    out[0..4].copy_from_slice(b"BLP2");
    out[4..8].copy_from_slice(&1u32.to_le_bytes());
    out[8] = 3; // raw BGRA
    out[9] = 8;
    out[10] = 8;
    out[11] = (levels.len() > 1) as u8;
    out[12..16].copy_from_slice(&width.to_le_bytes());
    out[16..20].copy_from_slice(&height.to_le_bytes());
    for (i, lvl) in levels.iter().enumerate().take(16) {
        let off = out.len() as u32;
        out[0x14 + 4 * i..0x18 + 4 * i].copy_from_slice(&off.to_le_bytes());
        out[0x54 + 4 * i..0x58 + 4 * i].copy_from_slice(&(lvl.len() as u32).to_le_bytes());
        for p in lvl.chunks_exact(4) {
            out.extend_from_slice(&[p[2], p[1], p[0], p[3]]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A BLP1 JPEG whose header and frame both claim 4096×4096 from a few
    /// hundred bytes is refused before any pixel is allocated.
    #[test]
    fn a_jpeg_claiming_more_pixels_than_its_bytes_can_hold_is_refused() {
        let mut f = crate::blp_write::write_blp(
            1,
            1,
            &[10, 20, 30, 255],
            crate::blp_write::BlpTarget::Blp1Jpeg { quality: 90 },
        )
        .unwrap();
        let sof = f.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
        for at in [sof + 5, sof + 7] {
            f[at..at + 2].copy_from_slice(&4096u16.to_be_bytes());
        }
        f[12..16].copy_from_slice(&4096u32.to_le_bytes());
        f[16..20].copy_from_slice(&4096u32.to_le_bytes());
        let e = Blp::parse(f).unwrap().decode(0).unwrap_err().to_string();
        assert!(e.contains("4096x4096 pixels from") && e.contains("JPEG level 0"), "{e}");
    }

    #[test]
    fn raw_round_trip_with_mips() {
        let l0: Vec<u8> = (0..4 * 4 * 4).map(|i| i as u8).collect();
        let l1 = vec![10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160];
        let blp = Blp::parse(write_blp2_raw(4, 4, &[l0.clone(), l1.clone()])).unwrap();
        assert_eq!(blp.encoding, BlpEncoding::Raw);
        assert_eq!(blp.mips.len(), 2);
        assert_eq!(blp.decode(0).unwrap().pixels, l0);
        assert_eq!(blp.decode(1).unwrap(), RgbaImage { width: 2, height: 2, pixels: l1 });
    }

    #[test]
    fn levels_past_the_end_are_skipped_when_decoding() {
        // Two 2x2 levels and a third listed past the end of the file, as real files have it.
        let mut f = write_blp2_raw(2, 2, &[vec![7; 16], vec![9; 4]]);
        let end = f.len() as u32;
        f[0x14 + 8..0x14 + 12].copy_from_slice(&end.to_le_bytes());
        f[0x54 + 8..0x54 + 12].copy_from_slice(&0xFFFF_A618u32.to_le_bytes());
        let blp = Blp::parse(f).unwrap();
        assert_eq!(blp.mips.len(), 2);
        assert_eq!(blp.decode(1).unwrap().pixels, vec![9; 4]);
    }

    /// A palettized BLP2 of 3x1 pixels with each alpha depth: indices 0, 1,
    /// 2 into a palette of blue, green, red (BGRA order in the file).
    #[test]
    fn palettized_levels_with_each_alpha_depth() {
        let write = |bits: u8, alpha: &[u8]| {
            let mut f = write_blp2_raw(3, 1, &[vec![0; 12]]);
            f[8] = 1; // palettized
            f[9] = bits;
            f.truncate(0x494);
            f[0x94..0x98].copy_from_slice(&[255, 0, 0, 0]);
            f[0x98..0x9C].copy_from_slice(&[0, 255, 0, 0]);
            f[0x9C..0xA0].copy_from_slice(&[0, 0, 255, 0]);
            f.extend_from_slice(&[0, 1, 2]);
            f.extend_from_slice(alpha);
            f[0x54..0x58].copy_from_slice(&(3 + alpha.len() as u32).to_le_bytes());
            Blp::parse(f).unwrap().decode(0).unwrap().pixels
        };
        let rgb = |a: [u8; 3]| vec![0, 0, 255, a[0], 0, 255, 0, a[1], 255, 0, 0, a[2]];
        assert_eq!(write(0, &[]), rgb([255, 255, 255]));
        assert_eq!(write(1, &[0b101]), rgb([255, 0, 255]));
        assert_eq!(write(4, &[0x3F, 0x01]), rgb([255, 51, 17]));
        assert_eq!(write(8, &[10, 20, 30]), rgb([10, 20, 30]));
        // An alpha plane shorter than the pixels need is an error naming the level.
        let mut f = write_blp2_raw(3, 1, &[vec![0; 12]]);
        f[8] = 1;
        f[9] = 8;
        f.truncate(0x494);
        f.extend_from_slice(&[0, 1, 2, 9]);
        f[0x54..0x58].copy_from_slice(&4u32.to_le_bytes());
        let e = Blp::parse(f).unwrap().decode(0).unwrap_err().to_string();
        assert!(e.contains("palettized level 0 has 4 bytes"), "{e}");
    }

    /// One DXT1 block in four-colour mode (red over blue: indices 0, 1, 2,
    /// 3 across the first row) and one in three-colour mode with index 3
    /// transparent, as 4x4 BLP2 files.
    #[test]
    fn dxt1_blocks_decode_with_their_alpha() {
        let write = |block: [u8; 8], alpha_bits: u8| {
            let mut f = write_blp2_raw(4, 4, &[vec![0; 64]]);
            f[8] = 2;
            f[9] = alpha_bits;
            f[10] = 0;
            f.truncate(0x494);
            f.extend_from_slice(&block);
            f[0x54..0x58].copy_from_slice(&8u32.to_le_bytes());
            Blp::parse(f).unwrap().decode(0).unwrap().pixels
        };
        // c0 = red 0xF800 > c1 = blue 0x001F: four colours.
        let p = write([0x00, 0xF8, 0x1F, 0x00, 0b1110_0100, 0, 0, 0], 0);
        assert_eq!(&p[..16], &[255, 0, 0, 255, 0, 0, 255, 255, 170, 0, 85, 255, 85, 0, 170, 255]);
        // c0 <= c1: three colours and transparent black at index 3 (with 1-bit alpha).
        let p = write([0x1F, 0x00, 0x00, 0xF8, 0b1110_0100, 0, 0, 0], 1);
        assert_eq!(&p[8..16], &[127, 0, 127, 255, 0, 0, 0, 0]);
        let p = write([0x1F, 0x00, 0x00, 0xF8, 0b1110_0100, 0, 0, 0], 0);
        assert_eq!(&p[12..16], &[0, 0, 0, 255], "no alpha in the file: opaque");
    }

    #[test]
    fn hostile_headers_are_errors() {
        let mut f = write_blp2_raw(4, 4, &[vec![0; 64]]);
        f[12..16].copy_from_slice(&100_000u32.to_le_bytes());
        assert!(Blp::parse(f).unwrap_err().to_string().contains("dimensions"));
        let mut f = write_blp2_raw(4, 4, &[vec![0; 64]]);
        f[0x54..0x58].copy_from_slice(&0xFFFF_0000u32.to_le_bytes());
        assert!(matches!(Blp::parse(f).unwrap_err().kind, ErrorKind::OutOfBounds { .. }));
        let f = write_blp2_raw(4, 4, &[vec![0; 64]]);
        assert!(Blp::parse(f[..100].to_vec()).is_err());
        assert!(Blp::parse(b"XXXX".to_vec()).is_err());
    }
}
