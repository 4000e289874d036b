//! Texture files as files of their own — BLP1, BLP2 (every encoding), DDS,
//! TGA and PNG: what one holds ([`TextureInfo`]), any mip level decoded
//! ([`decode_level`]) and previews ([`preview`]), for `info`, `export`,
//! `render --all` and the window's texture view.

use std::path::Path;

use m2view_format::blp::{Blp, BlpEncoding, BlpVersion, DxtFormat, RgbaImage};
use m2view_render::TextureData;

use crate::TextureError;

/// True if `path` names a texture file: `.blp`, `.dds`, `.tga` or `.png`.
pub fn is_texture_name(path: &str) -> bool {
    let l = path.to_ascii_lowercase();
    [".blp", ".dds", ".tga", ".png"].iter().any(|e| l.ends_with(e))
}

/// What `info` says of a texture.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TextureInfo {
    /// The file as given.
    pub file: String,
    /// `BLP1` (Warcraft III), `BLP2` (World of Warcraft), `DDS`, `TGA` or `PNG`.
    pub format: &'static str,
    /// BLP: `JPEG`, `palettized`, `DXT1`, `DXT3`, `DXT5` or `raw BGRA`; DDS:
    /// its FourCC or DXGI format (`DXT5`, `BC5_UNorm`, `RGBA8`…); TGA, PNG:
    /// the colour type (`Rgba8`, `Rgb8`…).
    pub encoding: String,
    /// Bits of alpha a pixel (0, 1, 4, 8; DDS: 8 when the format has alpha).
    pub alpha_bits: u8,
    /// Width and height of level 0, pixels.
    pub size: [u32; 2],
    /// Each mip level present: width, height, bytes stored.
    pub mips: Vec<[u32; 3]>,
    /// A 256-colour palette precedes the levels (palettized).
    pub palette: bool,
    /// BLP1 JPEG: bytes of the JPEG header the levels share.
    pub jpeg_header_bytes: Option<u32>,
}

/// The [`TextureInfo`] of texture `bytes` read from `file` (BLP and DDS by
/// their magic, else through the `image` crate's guess, TGA by name).
///
/// Errors: a malformed header or mip table (BLP: field and offset), or an
/// image the `image` crate cannot read.
pub fn texture_info(file: &str, bytes: &[u8]) -> Result<TextureInfo, TextureError> {
    if bytes.starts_with(b"DDS ") {
        return dds_info(file, bytes);
    }
    if !bytes.starts_with(b"BLP") {
        let img = decode_image(file, bytes)?;
        let format = if bytes.starts_with(b"\x89PNG") { "PNG" } else { "TGA" };
        let alpha_bits = if img.color().has_alpha() { 8 } else { 0 };
        let (w, h) = (img.width(), img.height());
        return Ok(TextureInfo {
            file: file.into(),
            format,
            encoding: format!("{:?}", img.color()),
            alpha_bits,
            size: [w, h],
            mips: vec![[w, h, bytes.len() as u32]],
            palette: false,
            jpeg_header_bytes: None,
        });
    }
    let blp = Blp::parse(bytes.to_vec()).map_err(|e| e.in_file(file))?;
    let encoding = match blp.encoding {
        BlpEncoding::Jpeg => "JPEG",
        BlpEncoding::Palette => "palettized",
        BlpEncoding::Dxt(DxtFormat::Dxt1) => "DXT1",
        BlpEncoding::Dxt(DxtFormat::Dxt3) => "DXT3",
        BlpEncoding::Dxt(DxtFormat::Dxt5) => "DXT5",
        BlpEncoding::Raw => "raw BGRA",
    };
    let jpeg = blp.encoding == BlpEncoding::Jpeg;
    Ok(TextureInfo {
        file: file.to_string(),
        format: if blp.version == BlpVersion::Blp1 { "BLP1" } else { "BLP2" },
        encoding: encoding.into(),
        alpha_bits: blp.alpha_bits,
        size: [blp.width, blp.height],
        mips: blp.mips.iter().map(|m| [m.width, m.height, m.size]).collect(),
        palette: blp.encoding == BlpEncoding::Palette,
        jpeg_header_bytes: jpeg
            .then(|| bytes.get(0x9C..0xA0).map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))),
    })
}

/// A DDS's header as [`TextureInfo`] (`ddsfile`; level sizes from its
/// format's block or pixel size).
fn dds_info(file: &str, bytes: &[u8]) -> Result<TextureInfo, TextureError> {
    let dds = ddsfile::Dds::read(bytes).map_err(|e| TextureError::DdsHeader(e).in_file(Path::new(file)))?;
    let (w, h) = (dds.get_width(), dds.get_height());
    let encoding = match (dds.get_dxgi_format(), dds.header.spf.fourcc.as_ref()) {
        (Some(f), _) => format!("{f:?}"),
        (None, Some(cc)) => String::from_utf8_lossy(&cc.0.to_le_bytes()).into_owned(),
        (None, None) => format!("RGB{}", dds.header.spf.rgb_bit_count.unwrap_or(0)),
    };
    let upper = encoding.to_ascii_uppercase();
    let alpha = ["DXT2", "DXT3", "DXT4", "DXT5", "BC2", "BC3", "A8"].iter().any(|k| upper.contains(k));
    let format = dds.get_format();
    // A level's bytes: its row pitch times its rows (of 4-pixel blocks when compressed).
    let level_bytes =
        |lw: u32, lh: u32| format.as_ref().and_then(|f| Some(f.get_pitch(lw)? * lh.div_ceil(f.get_pitch_height())));
    let mips = (0..dds.get_num_mipmap_levels().clamp(1, 16))
        .map(|i| {
            let (lw, lh) = ((w >> i).max(1), (h >> i).max(1));
            [lw, lh, level_bytes(lw, lh).unwrap_or(0)]
        })
        .collect();
    Ok(TextureInfo {
        file: file.into(),
        format: "DDS",
        encoding,
        alpha_bits: if alpha { 8 } else { 0 },
        size: [w, h],
        mips,
        palette: false,
        jpeg_header_bytes: None,
    })
}

/// A PNG or TGA through the `image` crate, its decoder allowed 8 bytes per
/// byte of file and at most 256 MiB (a header may claim any size).
fn decode_image(file: &str, bytes: &[u8]) -> Result<image::DynamicImage, TextureError> {
    let png = bytes.starts_with(b"\x89PNG");
    let format = if png { image::ImageFormat::Png } else { image::ImageFormat::Tga };
    let mut reader = image::ImageReader::with_format(std::io::Cursor::new(bytes), format);
    let mut limits = image::Limits::default();
    limits.max_alloc = Some((bytes.len() as u64 * 8 + (1 << 20)).min(256 << 20));
    reader.limits(limits);
    let error = |e| if png { TextureError::Png(e) } else { TextureError::Tga(e) };
    reader.decode().map_err(|e| error(e).in_file(Path::new(file)))
}

/// Mip level `mip` of texture `bytes` (read from `file`) as RGBA: any level
/// of a BLP; level 0 of a DDS (through `textures::decode`), TGA or PNG.
///
/// Errors: the texture does not decode (names the file and, for a BLP, the
/// level's offset), or it has no level `mip`.
pub fn decode_level(file: &str, bytes: &[u8], mip: usize) -> Result<RgbaImage, TextureError> {
    let named = |e: TextureError| e.in_file(Path::new(file));
    if bytes.starts_with(b"BLP") {
        let blp = Blp::parse(bytes.to_vec()).map_err(|e| e.in_file(file))?;
        if mip >= blp.mips.len() {
            return Err(named(TextureError::NoLevel { mip, count: blp.mips.len() }));
        }
        return Ok(blp.decode(mip).map_err(|e| e.in_file(file))?);
    }
    if mip > 0 {
        return Err(named(TextureError::OnlyLevel0 { mip }));
    }
    if bytes.starts_with(b"DDS ") {
        return match crate::decode(bytes.to_vec(), false).map_err(named)? {
            TextureData::Rgba { width, height, mut mips } => Ok(RgbaImage { width, height, pixels: mips.remove(0) }),
            TextureData::Bc { .. } => Err(named(TextureError::LeftCompressed)),
        };
    }
    let img = decode_image(file, bytes)?.to_rgba8();
    let (width, height) = img.dimensions();
    Ok(RgbaImage { width, height, pixels: img.into_raw() })
}

/// A preview of texture `bytes` no larger than `size` pixels a side: the
/// first BLP mip level that fits, else level 0 shrunk (Lanczos, keeping its
/// aspect). Errors: as [`decode_level`].
pub fn preview(file: &str, bytes: &[u8], size: u32) -> Result<RgbaImage, TextureError> {
    let first_fit = match Blp::parse(bytes.to_vec()) {
        Ok(b) => b.mips.iter().position(|m| m.width.max(m.height) <= size).unwrap_or(0),
        Err(_) => 0,
    };
    let img = decode_level(file, bytes, first_fit)?;
    if img.width.max(img.height) <= size {
        return Ok(img);
    }
    let buf = image::RgbaImage::from_raw(img.width, img.height, img.pixels).ok_or(TextureError::LevelSize)?;
    let small = image::DynamicImage::ImageRgba8(buf).thumbnail(size, size).to_rgba8();
    Ok(RgbaImage { width: small.width(), height: small.height(), pixels: small.into_raw() })
}
