//! Textures as the renderer takes them ([`crate::TextureData`]): a parsed
//! BLP converted (BC blocks kept compressed when the adapter can sample
//! them, everything else decoded to RGBA8 with its mip levels), and the
//! images Warcraft III builds for its team colour and team glow slots.

use m2view_format::Model;
use m2view_format::blp::{Blp, BlpEncoding, DxtFormat};

use crate::{BcFormat, TextureData};

/// Warcraft III player 1 red, the team colour shown until the user picks another.
pub const DEFAULT_TEAM_COLOR: [u8; 3] = PLAYERS[0].1;

/// The names and colours of Warcraft III's players 1–24 (index 0–23): 1–12 since the
/// first release, 13–24 since 1.29. These are the `|cffRRGGBB` codes map
/// makers use for player names (Hive Workshop's "Player colors" list),
/// and the colours of the game's `ReplaceableTextures\TeamColor\TeamColorNN.blp`.
pub const PLAYERS: [(&str, [u8; 3]); 24] = [
    ("red", [0xFF, 0x03, 0x03]),
    ("blue", [0x00, 0x42, 0xFF]),
    ("teal", [0x1C, 0xE6, 0xB9]),
    ("purple", [0x54, 0x00, 0x81]),
    ("yellow", [0xFF, 0xFC, 0x01]),
    ("orange", [0xFE, 0x8A, 0x0E]),
    ("green", [0x20, 0xC0, 0x00]),
    ("pink", [0xE5, 0x5B, 0xB0]),
    ("gray", [0x95, 0x96, 0x97]),
    ("light blue", [0x7E, 0xBF, 0xF1]),
    ("dark green", [0x10, 0x62, 0x46]),
    ("brown", [0x4E, 0x2A, 0x04]),
    ("maroon", [0x9B, 0x00, 0x00]),
    ("navy", [0x00, 0x00, 0xC3]),
    ("turquoise", [0x00, 0xEA, 0xFF]),
    ("violet", [0xBE, 0x00, 0xFE]),
    ("wheat", [0xEB, 0xCD, 0x87]),
    ("peach", [0xF8, 0xA4, 0x8B]),
    ("mint", [0xBF, 0xFF, 0x80]),
    ("lavender", [0xDC, 0xB9, 0xEB]),
    ("coal", [0x28, 0x28, 0x28]),
    ("snow", [0xEB, 0xF0, 0xFF]),
    ("emerald", [0x00, 0x78, 0x1E]),
    ("peanut", [0xA4, 0x6F, 0x33]),
];

/// The player (0–23) whose colour `rgb` is, if it is one.
pub fn player_of(rgb: [u8; 3]) -> Option<usize> {
    PLAYERS.iter().position(|&(_, c)| c == rgb)
}

/// The game path of player `player`'s texture for team slot `slot` (`"team
/// colour"` or `"team glow"`, as [`Model::team_slot`] names them):
/// `ReplaceableTextures\TeamColor\TeamColor00.blp`,
/// `ReplaceableTextures\TeamGlow\TeamGlow00.blp` (the paths of Warcraft
/// III's archives, as mdx-m3-viewer's `viewer/handlers/mdx/handler.ts` and
/// Retera's Model Studio build them for replaceable ids 1 and 2).
pub fn team_file(slot: &str, player: usize) -> String {
    let kind = if slot == "team glow" { "TeamGlow" } else { "TeamColor" };
    format!("ReplaceableTextures\\{kind}\\{kind}{player:02}.blp")
}

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
