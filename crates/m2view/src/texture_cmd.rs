//! Textures as files of their own — BLP1, BLP2 (every encoding), DDS, TGA
//! and PNG: `m2view info` (what a texture holds), `export` to PNG (any mip
//! level, with or without alpha) and to BLP in every encoding the games read
//! (`m2view_format::blp_write`), `extract --convert png` and `render --all`
//! previews, through `m2view_texture::file` (which the window's texture
//! view decodes through too).

use std::path::Path;

use m2view_format::blp::{DxtFormat, RgbaImage};
use m2view_format::blp_write::{BlpTarget, write_blp};
use m2view_texture::file::{TextureInfo, decode_level, is_texture_name};

use crate::AppError;

/// True if `file` is a texture: by its name ([`is_texture_name`]), or,
/// for a name that is neither a texture's nor a model's (CASC's hash-named
/// files, `.new`/`.old` patches), by a `BLP1`, `BLP2` or `DDS ` magic.
pub fn is_texture(file: &Path, opts: &m2view_app::open::OpenOptions) -> bool {
    let name = file.to_string_lossy();
    if is_texture_name(&name) {
        return true;
    }
    let known = m2view_format::is_model_name(&name) || m2view_app::tables::is_table_name(&name);
    !known
        && m2view_app::open::read(file, opts)
            .is_ok_and(|b| b.starts_with(b"BLP1") || b.starts_with(b"BLP2") || b.starts_with(b"DDS "))
}

/// How a texture is exported: `--mip`, `--no-alpha`, `--blp`.
#[derive(Debug, Clone, Copy, Default)]
pub struct TextureArgs {
    /// The mip level written to PNG (0: full size).
    pub mip: usize,
    /// Drop the alpha channel: RGB PNG, or an opaque BLP.
    pub no_alpha: bool,
    /// The BLP encoding (default: DXT5 for an image with alpha, else DXT1).
    pub blp: Option<BlpTarget>,
}

/// The default BLP encoding of `rgba`: World of Warcraft's, DXT5 when any
/// pixel is not opaque, else DXT1.
pub fn default_target(rgba: &[u8]) -> BlpTarget {
    let alpha = rgba.chunks_exact(4).any(|p| p[3] != 255);
    BlpTarget::Dxt(if alpha { DxtFormat::Dxt5 } else { DxtFormat::Dxt1 })
}

/// The PNG of `img`: RGBA, or RGB without its alpha.
pub fn png_bytes(img: &RgbaImage, no_alpha: bool) -> Result<Vec<u8>, String> {
    let png = if no_alpha { m2view_export::png_opaque } else { m2view_export::png };
    png(&img.pixels, img.width, img.height).map_err(|e| e.to_string())
}

/// `export` of a texture: `bytes` of `input` (BLP, DDS, TGA or PNG) to PNG
/// (mip level `t.mip`) or to BLP (level 0 re-encoded as `t.blp`, with every
/// mip level) at `output`.
///
/// Errors: a texture that does not decode (exit 2), an output that is
/// neither `.png` nor `.blp`, or one that cannot be written.
pub fn export(input: &Path, bytes: &[u8], output: &Path, t: &TextureArgs) -> Result<(), AppError> {
    let name = input.display().to_string();
    let out_ext = output.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    let written = match out_ext.as_str() {
        "png" => {
            let img = decode_level(&name, bytes, t.mip).map_err(AppError::input)?;
            png_bytes(&img, t.no_alpha).map_err(AppError::Failure)?
        }
        "blp" => {
            if t.mip > 0 {
                return Err(AppError::Failure("--mip picks the level written to PNG; a BLP gets every level".into()));
            }
            let mut img = decode_level(&name, bytes, 0).map_err(AppError::input)?;
            if t.no_alpha {
                img.pixels.chunks_exact_mut(4).for_each(|p| p[3] = 255);
            }
            let target = t.blp.unwrap_or_else(|| default_target(&img.pixels));
            write_blp(img.width, img.height, &img.pixels, target)
                .map_err(|e| AppError::Input(e.in_file(&name).to_string()))?
        }
        _ => {
            return Err(AppError::Failure(format!("{}: a texture is exported as .png or .blp", output.display())));
        }
    };
    std::fs::write(output, written).map_err(|e| AppError::Failure(format!("{}: {e}", output.display())))
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
    if i.palette {
        println!("  256-colour palette");
    }
    let levels: Vec<String> = i.mips.iter().map(|[w, h, n]| format!("{w}x{h} ({n} bytes)")).collect();
    println!("  {} mip levels: {}", i.mips.len(), levels.join(", "));
    Ok(())
}
