//! Textures as the renderer takes them ([`crate::TextureData`]): a parsed
//! BLP converted (BC blocks kept compressed when the adapter can sample
//! them, everything else decoded to RGBA8 with its mip levels), and the
//! images Warcraft III builds for its team colour and team glow slots.

use m2view_format::Model;
use m2view_format::blp::{Blp, BlpEncoding, DxtFormat};

use crate::{BcFormat, TextureData};

/// Warcraft III player 1 red, the team colour shown until the user picks another.
pub const DEFAULT_TEAM_COLOR: [u8; 3] = [255, 3, 3];

/// The image the game builds for a team slot: a solid team colour (id 1), or
/// a radial glow in that colour fading to transparent (id 2). `None` for
/// other textures.
pub fn team_texture(model: &Model, index: usize, rgb: [u8; 3]) -> Option<TextureData> {
    let glow = model.team_slot(index)? == "team glow";
    let n = if glow { 32 } else { 4 };
    let mut px = Vec::with_capacity(n * n * 4);
    for y in 0..n {
        for x in 0..n {
            let r = ((x as f32 + 0.5 - n as f32 / 2.0).hypot(y as f32 + 0.5 - n as f32 / 2.0)) / (n as f32 / 2.0);
            let a = if glow { (255.0 * (1.0 - r).clamp(0.0, 1.0).powi(2)) as u8 } else { 255 };
            px.extend_from_slice(&[rgb[0], rgb[1], rgb[2], a]);
        }
    }
    Some(TextureData::Rgba { width: n as u32, height: n as u32, mips: vec![px] })
}

/// Converts a parsed BLP into renderer input.
pub fn from_blp(blp: &Blp, bc: bool) -> m2view_format::Result<TextureData> {
    if let (true, BlpEncoding::Dxt(f)) = (bc, blp.encoding)
        && blp.width.is_multiple_of(4)
        && blp.height.is_multiple_of(4)
    {
        // Levels below 4x4 are dropped: the chain stays valid and they are never sampled at viewer distances.
        let mips: Vec<Vec<u8>> = (0..blp.mips.len())
            .take_while(|&i| blp.mips[i].width >= 4 && blp.mips[i].height >= 4)
            .filter_map(|i| blp.dxt_blocks(i).map(<[u8]>::to_vec))
            .collect();
        if !mips.is_empty() {
            let format = match f {
                DxtFormat::Dxt1 => BcFormat::Bc1,
                DxtFormat::Dxt3 => BcFormat::Bc2,
                DxtFormat::Dxt5 => BcFormat::Bc3,
            };
            return Ok(TextureData::Bc { format, width: blp.width, height: blp.height, mips });
        }
    }
    let mut mips = Vec::with_capacity(blp.mips.len());
    for i in 0..blp.mips.len() {
        match blp.decode(i) {
            Ok(img) => mips.push(img.pixels),
            Err(e) if i == 0 => return Err(e),
            Err(_) => break, // keep the levels that decode
        }
    }
    Ok(TextureData::Rgba { width: blp.width, height: blp.height, mips })
}
