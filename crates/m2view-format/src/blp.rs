//! BLP1 / BLP2 textures: our own header and mip-table parse (validated, and
//! giving the raw DXT blocks for compressed upload), pixel decoding through
//! the `wow-blp` crate. wowdev wiki "BLP".
//!
//! Before anything is handed to `wow-blp` the header is checked: dimensions
//! ≤ [`MAX_DIMENSION`], every mip level inside the file and at least as large
//! as its encoding needs, so decoding cannot allocate more than a few bytes per
//! pixel of a texture that really is in the file.

use crate::error::{Error, ErrorKind, Result, ResultExt};

/// Largest width or height accepted (WoW ships at most 4096).
pub const MAX_DIMENSION: u32 = 8192;

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

    /// Decodes mip `level` to RGBA8: raw BGRA here (wow-blp 0.7 rejects raw
    /// files whose unused alpha-type byte is not 8, e.g. wowserhq `raw.blp`),
    /// everything else with `wow-blp`.
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
        let parsed = wow_blp::parser::load_blp_from_buf(&self.levels_parsed())
            .map_err(|e| Error::invalid(0, format!("wow-blp: {e}")))?;
        let img = wow_blp::convert::blp_to_image(&parsed, level)
            .map_err(|e| Error::invalid(m.offset as u64, format!("wow-blp: {e}")))?;
        let rgba = img.to_rgba8();
        let (width, height) = rgba.dimensions();
        if (width, height) != (m.width, m.height) {
            // Some BLP1 writers store full-size JPEGs for every level: not a usable mip.
            return Err(Error::invalid(
                m.offset as u64,
                format!("mip {level} decodes to {width}x{height}, the header says {}x{}", m.width, m.height),
            ));
        }
        let mut pixels = rgba.into_raw();
        if self.alpha_bits == 0 {
            // No alpha plane: opaque, whatever the decoder left in the channel.
            pixels.chunks_exact_mut(4).for_each(|p| p[3] = 255);
        }
        Ok(RgbaImage { width, height, pixels })
    }
}

impl Blp {
    /// The file as `wow-blp` should see it: with the mip table cut after the
    /// levels [`Blp::parse`] accepted. `wow-blp` 0.7 reads every level the
    /// header lists and fails on the whole image when one runs past the end,
    /// which real files do: the 3.3.5 `HumanFemaleFaceLower00_101.blp` of
    /// ElementoBorzi's Doomhammer pack lists a 1×1 level at the end of the
    /// file with size 0xFFFFA618. The client skips such levels
    /// (WebWowViewerCpp `BlpTexture.cpp`), and so does `parse`.
    fn levels_parsed(&self) -> std::borrow::Cow<'_, [u8]> {
        let table = match self.version {
            BlpVersion::Blp1 => 0x1C,
            BlpVersion::Blp2 => 0x14,
        };
        let listed = (0..16).take_while(|&i| u32_at(&self.data, table + 64 + 4 * i) != 0).count();
        if listed <= self.mips.len() {
            return std::borrow::Cow::Borrowed(&self.data);
        }
        let mut data = self.data.clone();
        for i in self.mips.len()..16 {
            data[table + 4 * i..table + 4 * i + 4].fill(0);
            data[table + 64 + 4 * i..table + 68 + 4 * i].fill(0);
        }
        std::borrow::Cow::Owned(data)
    }

    /// Decodes a BLP1 JPEG level with all four channels. The file keeps one
    /// JPEG header (`u32` size at 0x9C, bytes from 0xA0) shared by every
    /// level; header + level bytes form a 4-component JPEG whose channels are
    /// B, G, R, A, stored without colour transform (wowdev wiki "BLP",
    /// BLP1 JPEG content). `wow-blp` 0.7 decodes it as CMYK→RGB and loses
    /// the alpha (`convert/jpeg.rs`), so it is decoded here with zune-jpeg
    /// asked for the raw components.
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
        let raw = dec.decode().map_err(|e| bad(e.to_string()))?;
        let (w, h) = dec.dimensions().ok_or_else(|| bad("no dimensions".into()))?;
        if (w as u32, h as u32) != (m.width, m.height) {
            // Some BLP1 writers store full-size JPEGs for every level: not a usable mip.
            return Err(bad(format!("decodes to {w}x{h}, the header says {}x{}", m.width, m.height)));
        }
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
        assert_eq!(&blp.levels_parsed()[0x14 + 8..0x14 + 12], &[0; 4]);
        assert_eq!(&blp.levels_parsed()[0x54 + 8..0x54 + 12], &[0; 4]);
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
