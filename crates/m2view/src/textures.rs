//! Reading a model's texture files for the renderer (through the model's
//! `Files`: loose, `--data`, archives) and for the inspector's previews;
//! the conversion itself is `m2view_render::texture`.

use m2view_format::LoadedModel;
use m2view_format::blp::Blp;
use m2view_render::TextureData;
use m2view_render::texture::{from_blp, team_texture};

/// Reads and converts the textures that were found. BC-compressed BLPs stay
/// compressed when `bc` (the adapter supports it and the size is a multiple of
/// 4); everything else is decoded to RGBA8 with all mip levels. A texture that
/// fails to decode becomes a warning and draws as the missing placeholder.
/// Warcraft III team colour/glow slots are built from `team` (sRGB bytes).
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
            let Some(path) = p.as_ref() else { return team_texture(&lm.model, i, team) };
            let result = lm.read(path).map_err(|e| e.to_string()).and_then(|bytes| decode(bytes, bc));
            match result {
                Ok(t) => Some(t),
                Err(e) => {
                    warnings.push(format!("{}: {e}", path.display()));
                    None
                }
            }
        })
        .collect()
}

/// A small RGBA preview of texture file `path` of `lm` for the inspector: the
/// first mip level no larger than 64 px that decodes (level 0 when none is that small).
pub fn thumbnail(lm: &LoadedModel, path: &std::path::Path) -> Option<m2view_format::blp::RgbaImage> {
    let blp = lm.read(path).and_then(Blp::parse).ok()?;
    let first_small = blp.mips.iter().position(|m| m.width.max(m.height) <= 64).unwrap_or(0);
    (first_small..blp.mips.len()).chain(0..first_small).find_map(|i| blp.decode(i).ok())
}

/// Decodes texture file `bytes`: BLP (any encoding), or DDS (Warcraft III
/// Reforged's textures: DXT1, DXT3 and DXT5 through the `image` crate, its
/// decoder allowed at most 16 bytes per byte of file; BC5 normal maps
/// through `ddsfile` and `texture2ddecoder` ([`decode_bc5`]); the first
/// level only). Errors name the format problem.
pub fn decode(bytes: Vec<u8>, bc: bool) -> Result<TextureData, String> {
    if let Some(bc5) = decode_bc5(&bytes) {
        return bc5;
    }
    if bytes.starts_with(b"DDS ") {
        // A header may claim any size: the decoder may allocate 16 bytes per byte of file
        // (DXT1 expands 8×, plus room), no more.
        let mut reader = image::ImageReader::with_format(std::io::Cursor::new(&bytes), image::ImageFormat::Dds);
        let mut limits = image::Limits::default();
        limits.max_alloc = Some(bytes.len() as u64 * 16 + (1 << 20));
        reader.limits(limits);
        let img = reader.decode().map_err(|e| format!("DDS: {e}"))?.to_rgba8();
        let (width, height) = img.dimensions();
        return Ok(TextureData::Rgba { width, height, mips: vec![img.into_raw()] });
    }
    Blp::parse(bytes).and_then(|b| from_blp(&b, bc)).map_err(|e| e.to_string())
}

/// A BC5 DDS (`ATI2`, `BC5U`, or a DX10 header's BC5_UNORM): its first level
/// as RGBA with the two channels in red and green (a normal map's x and y;
/// blue 0, alpha 255). `None`: not a BC5 DDS. Errors: a bad header, or fewer
/// bytes than the header's size needs (checked before the RGBA buffer, 4
/// bytes per byte of BC5, is allocated).
pub fn decode_bc5(bytes: &[u8]) -> Option<Result<TextureData, String>> {
    let fourcc: [u8; 4] = bytes.get(84..88)?.try_into().ok()?;
    let dx10 = &fourcc == b"DX10";
    if !bytes.starts_with(b"DDS ") || !(&fourcc == b"ATI2" || &fourcc == b"BC5U" || dx10) {
        return None;
    }
    let dds = match ddsfile::Dds::read(bytes) {
        Ok(d) => d,
        Err(e) => return Some(Err(format!("DDS: {e}"))),
    };
    if dx10 && dds.get_dxgi_format() != Some(ddsfile::DxgiFormat::BC5_UNorm) {
        return None;
    }
    let (w, h) = (dds.get_width() as usize, dds.get_height() as usize);
    let need = w.div_ceil(4) * h.div_ceil(4) * 16;
    if w == 0 || h == 0 || need > dds.data.len() {
        return Some(Err(format!("DDS: BC5 {w}×{h} needs {need} bytes, the file holds {}", dds.data.len())));
    }
    let mut px = vec![0u32; w * h];
    if let Err(e) = texture2ddecoder::decode_bc5(&dds.data, w, h, &mut px) {
        return Some(Err(format!("DDS: BC5: {e}")));
    }
    // texture2ddecoder writes BGRA words: x (first block) in red, y in green.
    let rgba = px.iter().flat_map(|p| [(p >> 16) as u8, (p >> 8) as u8, 0, 255]).collect();
    Some(Ok(TextureData::Rgba { width: w as u32, height: h as u32, mips: vec![rgba] }))
}

/// Reads a texture file for the renderer: BLP (any encoding) or PNG.
pub fn texture_from_file(path: &std::path::Path, bc: bool) -> Result<TextureData, String> {
    let is_png = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if is_png {
        let img = image::open(path).map_err(|e| format!("{}: {e}", path.display()))?.to_rgba8();
        let (width, height) = img.dimensions();
        return Ok(TextureData::Rgba { width, height, mips: vec![img.into_raw()] });
    }
    let bytes = m2view_format::companion::read_file(path).map_err(|e| e.to_string())?;
    Blp::parse(bytes).and_then(|b| from_blp(&b, bc)).map_err(|e| e.in_file(path.display().to_string()).to_string())
}
