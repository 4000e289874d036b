//! Textures as files of their own: `m2view info x.blp` (what a BLP holds)
//! and `m2view export` between BLP and PNG (`x.blp -o x.png`, and
//! `x.png -o x.blp`: BLP1 palettized, Warcraft III's classic format, with
//! every mip level).

use std::path::Path;

use m2view_format::blp::{Blp, BlpEncoding, BlpVersion, DxtFormat};

use crate::AppError;

/// The bytes of `file`: through `--data` when given (a virtual path), else
/// from disk. Errors: not there, or an I/O or archive failure.
pub fn read(file: &Path, opts: &crate::open::OpenOptions) -> Result<Vec<u8>, AppError> {
    if let Some(vfs) = &opts.load.data {
        let key = file.to_string_lossy();
        return match vfs.read_file(&key).map_err(AppError::input)? {
            Some((bytes, _)) => Ok(bytes),
            None => Err(AppError::input(format!("{key}: not in the --data sources"))),
        };
    }
    m2view_format::companion::read_file(file).map_err(AppError::input)
}

/// True if `bytes` are a BLP texture (`BLP1` or `BLP2`, wowdev wiki "BLP").
pub fn is_blp(bytes: &[u8]) -> bool {
    bytes.starts_with(b"BLP1") || bytes.starts_with(b"BLP2")
}

/// What `info` says of a BLP texture.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TextureInfo {
    /// The file as given.
    pub file: String,
    /// `BLP1` (Warcraft III) or `BLP2` (World of Warcraft).
    pub format: &'static str,
    /// `JPEG`, `palettized`, `DXT1`, `DXT3`, `DXT5` or `raw BGRA`.
    pub encoding: &'static str,
    /// Bits of alpha a pixel (0, 1, 4, 8).
    pub alpha_bits: u8,
    /// Width and height of level 0, pixels.
    pub size: [u32; 2],
    /// Each mip level present: width, height, bytes.
    pub mips: Vec<[u32; 3]>,
    /// A 256-colour palette precedes the levels (palettized).
    pub palette: bool,
    /// BLP1 JPEG: bytes of the JPEG header the levels share.
    pub jpeg_header_bytes: Option<u32>,
}

/// The [`TextureInfo`] of BLP `bytes` read from `file`.
///
/// Errors: the BLP header or mip table is malformed (field and offset).
pub fn texture_info(file: &str, bytes: &[u8]) -> m2view_format::Result<TextureInfo> {
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
        encoding,
        alpha_bits: blp.alpha_bits,
        size: [blp.width, blp.height],
        mips: blp.mips.iter().map(|m| [m.width, m.height, m.size]).collect(),
        palette: blp.encoding == BlpEncoding::Palette,
        jpeg_header_bytes: jpeg
            .then(|| bytes.get(0x9C..0xA0).map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))),
    })
}

/// `info` of a texture: the [`TextureInfo`] as text or JSON.
pub fn print_info(i: &TextureInfo, json: bool) -> Result<(), AppError> {
    if json {
        println!("{}", serde_json::to_string_pretty(i).map_err(AppError::failure)?);
        return Ok(());
    }
    println!("{}", i.file);
    println!("  format {} {}  alpha {} bits  {}x{}", i.format, i.encoding, i.alpha_bits, i.size[0], i.size[1]);
    if let Some(h) = i.jpeg_header_bytes {
        println!("  JPEG header {h} bytes");
    }
    let levels: Vec<String> = i.mips.iter().map(|[w, h, n]| format!("{w}x{h} ({n} bytes)")).collect();
    println!("  {} mip levels: {}", i.mips.len(), levels.join(", "));
    Ok(())
}

/// `export` of a texture: BLP `bytes` (from `input`) to PNG at `output`
/// (mip level 0), or a PNG/TGA `input` to BLP1 palettized at `output`.
///
/// Errors: a texture that does not decode, an image the `image` crate
/// refuses, an output that is neither `.png` nor `.blp`, or one that cannot
/// be written.
pub fn export(input: &Path, bytes: Vec<u8>, output: &Path) -> Result<(), AppError> {
    let name = input.display().to_string();
    let out_ext = output.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    let write =
        |b: &[u8]| std::fs::write(output, b).map_err(|e| AppError::Failure(format!("{}: {e}", output.display())));
    match (is_blp(&bytes), out_ext.as_str()) {
        (true, "png") => {
            let blp = Blp::parse(bytes).map_err(|e| AppError::input(e.in_file(&name)))?;
            let img = blp.decode(0).map_err(|e| AppError::input(e.in_file(&name)))?;
            image::save_buffer(output, &img.pixels, img.width, img.height, image::ColorType::Rgba8)
                .map_err(|e| AppError::Failure(format!("{}: {e}", output.display())))
        }
        (false, "blp") => {
            let img =
                image::load_from_memory(&bytes).map_err(|e| AppError::Failure(format!("{name}: {e}")))?.to_rgba8();
            let (w, h) = img.dimensions();
            write(&m2view_format::blp::write_blp1_palettized(w, h, img.as_raw()))
        }
        _ => Err(AppError::Failure(format!(
            "{}: a texture is exported as .png (from a BLP) or .blp (from a PNG or TGA)",
            output.display()
        ))),
    }
}
