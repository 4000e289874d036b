//! Writing BLP textures from RGBA images, in every encoding the games read:
//! BLP2 (World of Warcraft) as DXT1/DXT3/DXT5 blocks, 256 colours with an
//! alpha plane, or raw BGRA; BLP1 (Warcraft III) palettized or JPEG. Every
//! file gets a full mip chain, each level the 2×2 box average of the one
//! above, down to 1×1 (at most 16 levels).
//!
//! Libraries do what is not BLP: BC1–BC3 blocks come from `texpresso` (a
//! port of libsquish, cluster fit, perceptual weights), the 256 colours from
//! NeuQuant (`color_quant`), JPEG from `jpeg-encoder`. The layouts are the
//! wowdev wiki's ("BLP": the BLP2 header, colour encodings 1/2/3, alpha
//! types 0/1/7/8; BLP1's content 0/1, picture type, shared JPEG header).
//! Field values follow real files: alpha depth 8 for every DXT3/DXT5 file
//! (wow.export `blp.js` reads a DXT file of alpha depth 0 or 1 as DXT1),
//! palette entries' alpha byte 0 (War3Net's test BLPs, Warcraft III's
//! TeamColor files), a JPEG header of at most 624 bytes.

use crate::blp::{DxtFormat, MAX_DIMENSION};
use crate::error::{Error, Result};

/// The encoding a BLP is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlpTarget {
    /// BLP2 DXT1/DXT3/DXT5 blocks (World of Warcraft's usual textures).
    Dxt(DxtFormat),
    /// BLP2, 256 colours and an 8-bit alpha plane.
    Palette,
    /// BLP2, 4 bytes a pixel (B, G, R, A): lossless.
    Bgra,
    /// BLP1 (Warcraft III), 256 colours and an 8-bit alpha plane.
    Blp1Palette,
    /// BLP1 (Warcraft III), four-channel JPEG at `quality` (1–100).
    Blp1Jpeg {
        /// JPEG quality, 1–100.
        quality: u8,
    },
}

impl BlpTarget {
    /// The names [`BlpTarget::parse`] takes, for help and errors.
    pub const NAMES: &'static str = "dxt1, dxt3, dxt5, palette, bgra, blp1-palette, blp1-jpeg";

    /// The target named `name` (any case; see [`BlpTarget::NAMES`]); BLP1
    /// JPEG at quality 90.
    pub fn parse(name: &str) -> Option<BlpTarget> {
        Some(match name.to_ascii_lowercase().as_str() {
            "dxt1" => BlpTarget::Dxt(DxtFormat::Dxt1),
            "dxt3" => BlpTarget::Dxt(DxtFormat::Dxt3),
            "dxt5" => BlpTarget::Dxt(DxtFormat::Dxt5),
            "palette" => BlpTarget::Palette,
            "bgra" => BlpTarget::Bgra,
            "blp1-palette" => BlpTarget::Blp1Palette,
            "blp1-jpeg" => BlpTarget::Blp1Jpeg { quality: 90 },
            _ => return None,
        })
    }
}

/// One level of a mip chain: `width`×`height` RGBA8 pixels, top row first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Level {
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
    /// `width * height * 4` bytes.
    pub rgba: Vec<u8>,
}

/// The mip chain of an image: level 0 is the image, each next level the
/// 2×2 box average of the one above (a side of 1 stays 1), down to 1×1 or
/// 16 levels. `rgba` must be `width * height * 4` bytes ([`write_blp`]
/// checks it).
pub fn mip_chain(width: u32, height: u32, rgba: &[u8]) -> Vec<Level> {
    let mut levels = vec![Level { width, height, rgba: rgba.to_vec() }];
    while levels.len() < 16 {
        let Some(Level { width: w, height: h, rgba: px }) = levels.last() else { break };
        let (w, h) = (*w, *h);
        if (w, h) == (1, 1) {
            break;
        }
        let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
        let mut next = Vec::with_capacity((nw * nh * 4) as usize);
        for y in 0..nh {
            for x in 0..nw {
                for c in 0..4 {
                    let at = |dx: u32, dy: u32| {
                        let (sx, sy) = ((2 * x + dx).min(w - 1), (2 * y + dy).min(h - 1));
                        px[((sy * w + sx) * 4 + c) as usize] as u32
                    };
                    next.push(((at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1) + 2) / 4) as u8);
                }
            }
        }
        levels.push(Level { width: nw, height: nh, rgba: next });
    }
    levels
}

/// A BLP file of the `width`×`height` RGBA8 image `rgba` (top row first)
/// in encoding `target`, with its whole mip chain ([`mip_chain`]).
///
/// Alpha depth: 8 when any pixel is not opaque, else 0; DXT1 has 1 (BC1's
/// punch-through: alpha under 128 becomes transparent black) or 0; DXT3 and
/// DXT5 always 8.
///
/// # Errors
/// A side of 0 or over [`MAX_DIMENSION`], `rgba` of another length than
/// `width * height * 4`, or a JPEG the encoder refuses.
pub fn write_blp(width: u32, height: u32, rgba: &[u8], target: BlpTarget) -> Result<Vec<u8>> {
    if width == 0 || height == 0 || width > MAX_DIMENSION || height > MAX_DIMENSION {
        return Err(Error::invalid(0, format!("{width}x{height}: a BLP is 1 to {MAX_DIMENSION} pixels a side")));
    }
    if rgba.len() != width as usize * height as usize * 4 {
        let msg = format!("{} bytes of pixels for {width}x{height} RGBA", rgba.len());
        return Err(Error::invalid(0, msg));
    }
    let levels = mip_chain(width, height, rgba);
    let has_alpha = rgba.chunks_exact(4).any(|p| p[3] != 255);
    let alpha8 = if has_alpha { 8 } else { 0 };
    let (mut out, bodies) = match target {
        BlpTarget::Dxt(f) => {
            let (alpha_bits, alpha_type) = match f {
                DxtFormat::Dxt1 => (u8::from(rgba.chunks_exact(4).any(|p| p[3] < 128)), 0),
                DxtFormat::Dxt3 => (8, 1),
                DxtFormat::Dxt5 => (8, 7),
            };
            (blp2_header(2, alpha_bits, alpha_type, width, height), levels.iter().map(|l| dxt(f, l)).collect())
        }
        BlpTarget::Bgra => {
            let bodies = levels.iter().map(|l| l.rgba.chunks_exact(4).flat_map(|p| [p[2], p[1], p[0], p[3]]).collect());
            (blp2_header(3, alpha8, 8, width, height), bodies.collect())
        }
        BlpTarget::Palette | BlpTarget::Blp1Palette => {
            let (palette, bodies) = palettize(&levels, has_alpha);
            let mut head = match target {
                BlpTarget::Palette => blp2_header(1, alpha8, 8, width, height),
                _ => blp1_header(1, alpha8, has_alpha, width, height),
            };
            let at = head.len() - 1024;
            head[at..].copy_from_slice(&palette);
            (head, bodies)
        }
        BlpTarget::Blp1Jpeg { quality } => {
            let streams = levels.iter().map(|l| jpeg(l, quality)).collect::<Result<Vec<_>>>()?;
            let mut shared = streams[0].len();
            for s in &streams[1..] {
                shared = shared.min(s.iter().zip(&streams[0]).take_while(|(a, b)| a == b).count());
            }
            // Every level keeps at least its scan; Warcraft III reads at most 624 header bytes.
            let shared = shared.min(624).min(streams.iter().map(|s| s.len() - 1).min().unwrap_or(0));
            let mut head = blp1_header(0, alpha8, has_alpha, width, height);
            head.truncate(0x9C);
            head.extend_from_slice(&(shared as u32).to_le_bytes());
            head.extend_from_slice(&streams[0][..shared]);
            (head, streams.into_iter().map(|s| s[shared..].to_vec()).collect())
        }
    };
    let (offsets, sizes) = match target {
        BlpTarget::Blp1Palette | BlpTarget::Blp1Jpeg { .. } => (0x1C, 0x5C),
        _ => (0x14, 0x54),
    };
    for (i, body) in bodies.iter().enumerate() {
        let start = out.len() as u32;
        out.extend_from_slice(body);
        out[offsets + 4 * i..offsets + 4 * i + 4].copy_from_slice(&start.to_le_bytes());
        out[sizes + 4 * i..sizes + 4 * i + 4].copy_from_slice(&(body.len() as u32).to_le_bytes());
    }
    Ok(out)
}

/// A BLP2 header (0x494 bytes, the palette zeroed): type 1, colour
/// encoding `encoding` (1 palette, 2 DXT, 3 raw BGRA), alpha depth and
/// alpha type, mip levels present.
fn blp2_header(encoding: u8, alpha_bits: u8, alpha_type: u8, width: u32, height: u32) -> Vec<u8> {
    let mut out = vec![0u8; 0x494];
    out[0..4].copy_from_slice(b"BLP2");
    out[4..8].copy_from_slice(&1u32.to_le_bytes());
    out[8..12].copy_from_slice(&[encoding, alpha_bits, alpha_type, 1]);
    out[12..16].copy_from_slice(&width.to_le_bytes());
    out[16..20].copy_from_slice(&height.to_le_bytes());
    out
}

/// A BLP1 header with room for a palette (0x9C + 1024 bytes): content
/// (0 JPEG, 1 palettized), alpha bits, picture type 4 (with alpha) or 5,
/// mip levels present.
fn blp1_header(content: u32, alpha_bits: u8, has_alpha: bool, width: u32, height: u32) -> Vec<u8> {
    let mut out = vec![0u8; 0x9C + 1024];
    out[0..4].copy_from_slice(b"BLP1");
    out[4..8].copy_from_slice(&content.to_le_bytes());
    out[8..12].copy_from_slice(&u32::from(alpha_bits).to_le_bytes());
    out[12..16].copy_from_slice(&width.to_le_bytes());
    out[16..20].copy_from_slice(&height.to_le_bytes());
    out[20..24].copy_from_slice(&(if has_alpha { 4u32 } else { 5 }).to_le_bytes());
    out[24..28].copy_from_slice(&1u32.to_le_bytes());
    out
}

/// The blocks of `level` (`texpresso`, cluster fit; colour weighted by
/// alpha where alpha matters).
fn dxt(f: DxtFormat, level: &Level) -> Vec<u8> {
    let format = match f {
        DxtFormat::Dxt1 => texpresso::Format::Bc1,
        DxtFormat::Dxt3 => texpresso::Format::Bc2,
        DxtFormat::Dxt5 => texpresso::Format::Bc3,
    };
    let (w, h) = (level.width as usize, level.height as usize);
    let mut out = vec![0u8; format.compressed_size(w, h)];
    let params = texpresso::Params { weigh_colour_by_alpha: f != DxtFormat::Dxt1, ..Default::default() };
    format.compress(&level.rgba, w, h, params, &mut out);
    out
}

/// 256 BGRA palette entries (1024 bytes, alpha byte 0) chosen by NeuQuant
/// from level 0 (every pixel up to 65,536, then a sample of that many),
/// and each level's `w*h` indices followed by its alpha plane (`w*h`
/// bytes; none when `has_alpha` is false).
fn palettize(levels: &[Level], has_alpha: bool) -> (Vec<u8>, Vec<Vec<u8>>) {
    // NeuQuant learns from RGBA; alpha lives in its own plane, so it sees colours only.
    let opaque: Vec<u8> = levels[0].rgba.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2], 255]).collect();
    let sample = (opaque.len() / 4 / 65_536).clamp(1, 30) as i32;
    let quant = color_quant::NeuQuant::new(sample, 256, &opaque);
    let map = quant.color_map_rgba();
    let palette =
        (0..256).flat_map(|i| map.get(4 * i..4 * i + 4).map_or([0, 0, 0, 0], |c| [c[2], c[1], c[0], 0])).collect();
    let bodies = levels
        .iter()
        .map(|l| {
            let px = l.rgba.chunks_exact(4);
            let mut body: Vec<u8> = px.clone().map(|p| quant.index_of(&[p[0], p[1], p[2], 255]) as u8).collect();
            if has_alpha {
                body.extend(px.map(|p| p[3]));
            }
            body
        })
        .collect();
    (palette, bodies)
}

/// `level` as a four-component JPEG holding B, G, R, A without colour
/// transform, as BLP1 stores it (wowdev wiki "BLP", BLP1 JPEG content).
/// `jpeg-encoder`'s CMYK mode stores 255 − each value (Adobe's convention)
/// and says so in an APP14 segment; it is given 255 − B, G, R, A so that
/// the stream holds B, G, R, A, and the APP14 segment is dropped, as real
/// BLP1 files have none. Every component is sampled 1×1.
fn jpeg(level: &Level, quality: u8) -> Result<Vec<u8>> {
    let inverted: Vec<u8> = level.rgba.chunks_exact(4).flat_map(|p| [!p[2], !p[1], !p[0], !p[3]]).collect();
    let mut out = Vec::new();
    let mut enc = jpeg_encoder::Encoder::new(&mut out, quality.clamp(1, 100));
    enc.set_sampling_factor(jpeg_encoder::SamplingFactor::F_1_1);
    let (w, h) = (level.width as u16, level.height as u16);
    enc.encode(&inverted, w, h, jpeg_encoder::ColorType::Cmyk)
        .map_err(|e| Error::invalid(0, format!("JPEG of a {w}x{h} level: {e}")))?;
    // The segments between SOI and the scan: APP14 dropped, the frame header (SOF0, which
    // names the level's size) moved after the tables so that every level's stream starts
    // with the same bytes, the shared header (JPEG allows tables before or after it).
    let mut segments: Vec<&[u8]> = Vec::new();
    let mut at = 2;
    while at + 4 <= out.len() && out[at] == 0xFF && out[at + 1] != 0xDA {
        let end = (at + 2 + u16::from_be_bytes([out[at + 2], out[at + 3]]) as usize).min(out.len());
        if out[at + 1] != 0xEE {
            segments.push(&out[at..end]);
        }
        at = end;
    }
    segments.sort_by_key(|s| s[1] == 0xC0);
    let mut stream = out[..2].to_vec();
    segments.iter().for_each(|s| stream.extend_from_slice(s));
    stream.extend_from_slice(&out[at..]);
    Ok(stream)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blp::{Blp, BlpEncoding, BlpVersion};

    /// A 64×32 gradient with an alpha ramp (7 mip levels down to 1×1).
    fn gradient() -> (u32, u32, Vec<u8>) {
        let (w, h) = (64u32, 32u32);
        let px = (0..w * h).flat_map(|i| [(i % w * 4) as u8, (i / w * 8) as u8, 128, (i % w * 4) as u8]).collect();
        (w, h, px)
    }

    /// Worst and mean absolute difference of two RGBA images, over the
    /// channels `channels` (0..3 colour, 3 alpha).
    fn error(a: &[u8], b: &[u8], channels: std::ops::Range<usize>) -> (u32, f64) {
        let d: Vec<u32> = a
            .chunks_exact(4)
            .zip(b.chunks_exact(4))
            .flat_map(|(p, q)| channels.clone().map(move |c| p[c].abs_diff(q[c]) as u32))
            .collect();
        (*d.iter().max().unwrap(), d.iter().sum::<u32>() as f64 / d.len() as f64)
    }

    #[test]
    fn every_target_reads_back_with_its_header_and_every_mip() {
        let (w, h, px) = gradient();
        // (target, version, encoding, alpha bits, worst colour, mean colour, worst alpha): 256
        // colours for 2,048 distinct ones; BC1's 5:6:5 end points (measured 10, 3.07 mean) and
        // DXT3's 4-bit alpha (17 a step: 8 at worst); JPEG at quality 90 (measured 1, 0.28).
        let cases = [
            (BlpTarget::Bgra, BlpVersion::Blp2, BlpEncoding::Raw, 8, 0, 0.0, 0),
            (BlpTarget::Palette, BlpVersion::Blp2, BlpEncoding::Palette, 8, 32, 6.0, 0),
            (BlpTarget::Blp1Palette, BlpVersion::Blp1, BlpEncoding::Palette, 8, 32, 6.0, 0),
            (BlpTarget::Dxt(DxtFormat::Dxt5), BlpVersion::Blp2, BlpEncoding::Dxt(DxtFormat::Dxt5), 8, 12, 4.0, 2),
            (BlpTarget::Dxt(DxtFormat::Dxt3), BlpVersion::Blp2, BlpEncoding::Dxt(DxtFormat::Dxt3), 8, 12, 4.0, 8),
            (BlpTarget::Blp1Jpeg { quality: 90 }, BlpVersion::Blp1, BlpEncoding::Jpeg, 8, 4, 1.0, 4),
        ];
        for (target, version, encoding, bits, worst, mean, worst_alpha) in cases {
            let blp = Blp::parse(write_blp(w, h, &px, target).unwrap()).unwrap();
            assert_eq!((blp.version, blp.encoding, blp.alpha_bits), (version, encoding, bits), "{target:?}");
            assert_eq!(blp.mips.len(), 7, "{target:?}");
            let last = blp.decode(6).unwrap();
            assert_eq!((last.width, last.height), (1, 1), "{target:?}");
            let back = blp.decode(0).unwrap().pixels;
            let (cw, cm) = error(&back, &px, 0..3);
            let (aw, _) = error(&back, &px, 3..4);
            assert!(cw <= worst && cm <= mean && aw <= worst_alpha, "{target:?}: colour {cw}/{cm:.2}, alpha {aw}");
        }
        // Level 1 averages 2×2: its first pixel's alpha is (0 + 4 + 0 + 4) / 4 = 2.
        let blp = Blp::parse(write_blp(w, h, &px, BlpTarget::Bgra).unwrap()).unwrap();
        assert_eq!(blp.decode(1).unwrap().pixels[3], 2);
    }

    #[test]
    fn dxt1_keeps_punch_through_alpha_and_opaque_images_have_none() {
        // Left half transparent, right half opaque red.
        let px: Vec<u8> = (0..16 * 8).flat_map(|i| if i % 16 < 8 { [0, 0, 0, 0] } else { [255, 0, 0, 255] }).collect();
        let blp = Blp::parse(write_blp(16, 8, &px, BlpTarget::Dxt(DxtFormat::Dxt1)).unwrap()).unwrap();
        assert_eq!(blp.alpha_bits, 1);
        assert_eq!(blp.decode(0).unwrap().pixels, px);
        let opaque: Vec<u8> = [10, 200, 30, 255].repeat(16);
        for target in [BlpTarget::Dxt(DxtFormat::Dxt1), BlpTarget::Palette, BlpTarget::Blp1Jpeg { quality: 90 }] {
            assert_eq!(Blp::parse(write_blp(4, 4, &opaque, target).unwrap()).unwrap().alpha_bits, 0, "{target:?}");
        }
    }

    #[test]
    fn jpeg_levels_share_a_header_without_an_adobe_segment() {
        let (w, h, px) = gradient();
        let f = write_blp(w, h, &px, BlpTarget::Blp1Jpeg { quality: 75 }).unwrap();
        let shared = u32::from_le_bytes(f[0x9C..0xA0].try_into().unwrap()) as usize;
        // SOI, JFIF APP0, two quantisation tables and four Huffman tables are the same for
        // every level; the frame header's size is not.
        assert!((300..=624).contains(&shared), "{shared}");
        assert_eq!(&f[0xA0..0xA2], &[0xFF, 0xD8]);
        assert!(!f[0xA0..0xA0 + shared].windows(2).any(|m| m == [0xFF, 0xEE]), "an APP14 segment");
    }

    #[test]
    fn bad_sizes_are_errors() {
        assert!(write_blp(0, 4, &[], BlpTarget::Bgra).is_err());
        assert!(write_blp(4, 4, &[0; 12], BlpTarget::Bgra).unwrap_err().to_string().contains("12 bytes"));
        assert!(write_blp(MAX_DIMENSION + 1, 1, &[0; 4], BlpTarget::Palette).is_err());
    }
}
