//! A map tile's terrain baked into one texture for export: glTF and OBJ
//! materials cannot hold the alpha maps the terrain's layers blend through,
//! so the blend the renderer draws (`m2view_format::adt`, wowdev wiki
//! "ADT/v18" `MCLY`/`MCAL`) is computed here once — each chunk's base
//! layer, then each upper layer over it through its alpha map, every
//! texture repeated 8 times across a chunk — then the chunk's vertex
//! colours and shadow map (`MCCV`, `MCSH`: `MapChunk::shade`).
//!
//! The image is laid out as the renderer's alpha-map atlases are (chunk
//! (x, y) in cell (x, y) of a 16 × 16 grid; the texel centres of a 64-texel
//! alpha map run from one chunk edge to the other), so the terrain's second
//! UV set, which maps those atlases, maps it too.

use std::collections::BTreeMap;

use m2view_format::LoadedModel;
use m2view_format::adt::bilinear;
use m2view_format::blp::RgbaImage;

/// Texels per chunk side of the baked image (the tile: 16 × 128 = 2048
/// square): 16 texels per repeat of a layer texture.
pub const TEXELS_PER_CHUNK: usize = 128;

/// Texels per repeat of a layer texture in the baked image.
const TEXELS_PER_REPEAT: usize = TEXELS_PER_CHUNK / 8;

/// A layer as the bake reads it: its texture box-filtered to one repeat
/// (`None`: unreadable) and, for an upper layer, its 64 × 64 alpha map.
type Layer<'a> = (Option<&'a Vec<[f32; 3]>>, Option<&'a [u8]>);

/// The terrain of map tile `lm` baked into one RGBA image of
/// [`TEXELS_PER_CHUNK`] × 16 texels a side (opaque). Layer textures are
/// box-filtered to their size in the bake; alpha maps read bilinearly. A
/// chunk without layers, or a layer texture that cannot be read (missing
/// file: as the renderer's placeholder would show it), bakes mid grey.
/// `overrides`: textures to use instead of the files (by model texture).
/// `None`: `lm` is not a map tile.
pub fn bake(lm: &LoadedModel, overrides: &BTreeMap<usize, RgbaImage>) -> Option<RgbaImage> {
    let adt = lm.adt.as_ref()?;
    let side = 16 * TEXELS_PER_CHUNK;
    let mut pixels = vec![0u8; side * side * 4];
    let mut small: BTreeMap<u32, Option<Vec<[f32; 3]>>> = BTreeMap::new();
    for (ci, ch) in adt.chunks.iter().enumerate() {
        let [cx, cy] = match ch.index {
            [x, y] if x < 16 && y < 16 => [x as usize, y as usize],
            _ => [ci % 16, ci / 16 % 16],
        };
        for l in &ch.layers {
            small.entry(l.texture).or_insert_with(|| {
                let (w, h, px) = super::texture_rgba(lm, l.texture as usize, overrides)?;
                Some(box_filter(w as usize, h as usize, &px))
            });
        }
        let layers: Vec<Layer> = ch
            .layers
            .iter()
            .enumerate()
            .map(|(k, l)| {
                let alpha = ch.alpha.get(k).map(Vec::as_slice).filter(|a| a.len() == 64 * 64);
                (small.get(&l.texture).and_then(Option::as_ref), alpha)
            })
            .collect();
        for i in 0..TEXELS_PER_CHUNK {
            for j in 0..TEXELS_PER_CHUNK {
                // Where texel (column j, row i) of the chunk is, in cells (0–8) from its corner.
                let (tc, tr) = (cell_position(j), cell_position(i));
                let mut rgb = blend(&layers, tc, tr);
                // Then vertex colours and shadow, as the renderer's Mod2x pass draws them.
                if let Some(f) = ch.shade(tc, tr) {
                    rgb = std::array::from_fn(|k| (rgb[k] as f32 * f[k]).round().clamp(0.0, 255.0) as u8);
                }
                let at = ((cy * TEXELS_PER_CHUNK + i) * side + cx * TEXELS_PER_CHUNK + j) * 4;
                pixels[at..at + 4].copy_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
            }
        }
    }
    Some(RgbaImage { width: side as u32, height: side as u32, pixels })
}

/// The chunk position (in cells, 0 at one edge, 8 at the other) of baked
/// texel `i` of a chunk: the atlas maps a chunk position `t` to atlas texel
/// `0.5 + t · 63 / 8` of 64, so texel centre `i + 0.5` of
/// [`TEXELS_PER_CHUNK`] stands where `t = ((i + 0.5) · 64 / T − 0.5) · 8 / 63`.
fn cell_position(i: usize) -> f32 {
    ((i as f32 + 0.5) * 64.0 / TEXELS_PER_CHUNK as f32 - 0.5) * 8.0 / 63.0
}

/// The colour at chunk position `(tc, tr)` (cells) of `layers` (each a
/// box-filtered texture, or `None` when unreadable, and the upper layers'
/// alpha maps): the base layer, then each upper layer through its map.
fn blend(layers: &[Layer], tc: f32, tr: f32) -> [u8; 3] {
    const GREY: [f32; 3] = [0.5; 3];
    let sample = |t: Option<&Vec<[f32; 3]>>| {
        t.map_or(GREY, |t| {
            let wrap = |v: f32| ((v.rem_euclid(1.0) * TEXELS_PER_REPEAT as f32) as usize).min(TEXELS_PER_REPEAT - 1);
            t[wrap(tr) * TEXELS_PER_REPEAT + wrap(tc)]
        })
    };
    let mut rgb = layers.first().map_or(GREY, |&(t, _)| sample(t));
    for &(t, alpha) in layers.iter().skip(1) {
        let Some(alpha) = alpha else { continue };
        let a = bilinear(alpha, tc * 63.0 / 8.0, tr * 63.0 / 8.0);
        let c = sample(t);
        for k in 0..3 {
            rgb[k] += (c[k] - rgb[k]) * a;
        }
    }
    rgb.map(|v| (v * 255.0).round().clamp(0.0, 255.0) as u8)
}

/// A `w` × `h` RGBA texture averaged down (or repeated up) to
/// [`TEXELS_PER_REPEAT`] square, RGB 0–1: its colour at the size one repeat
/// takes in the bake.
fn box_filter(w: usize, h: usize, px: &[u8]) -> Vec<[f32; 3]> {
    let s = TEXELS_PER_REPEAT;
    let mut out = Vec::with_capacity(s * s);
    for y in 0..s {
        for x in 0..s {
            let (x0, x1) = (x * w / s, ((x + 1) * w / s).max(x * w / s + 1).min(w));
            let (y0, y1) = (y * h / s, ((y + 1) * h / s).max(y * h / s + 1).min(h));
            let mut sum = [0f32; 3];
            let mut n = 0f32;
            for sy in y0..y1 {
                for sx in x0..x1 {
                    let p = &px[(sy * w + sx) * 4..][..3];
                    (0..3).for_each(|k| sum[k] += p[k] as f32);
                    n += 1.0;
                }
            }
            out.push(sum.map(|v| v / n.max(1.0) / 255.0));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baked_texels_stand_where_the_atlas_maps_them() {
        // T = 128: texel 1 centre (1.5 of 128 → 0.75 of 64) is the atlas texel 0's centre + 0.25 → t = 0.25·8/63.
        assert!((cell_position(1) - 0.25 * 8.0 / 63.0).abs() < 1e-6);
        // The middle of the chunk is the middle of the atlas cell.
        assert!((cell_position(63) + cell_position(64) - 8.0).abs() < 1e-5);
    }

    #[test]
    fn layers_blend_through_their_alpha_maps() {
        let red = vec![[1.0, 0.0, 0.0]; TEXELS_PER_REPEAT * TEXELS_PER_REPEAT];
        let blue = vec![[0.0, 0.0, 1.0]; TEXELS_PER_REPEAT * TEXELS_PER_REPEAT];
        let mut map = vec![0u8; 64 * 64];
        map[..64].fill(255); // the first row: all blue
        map[64 * 32..64 * 33].fill(128); // row 32: half
        let layers: [Layer; 2] = [(Some(&red), None), (Some(&blue), Some(map.as_slice()))];
        assert_eq!(blend(&layers, 0.0, 0.0), [0, 0, 255]);
        assert_eq!(blend(&layers, 4.0, 32.0 * 8.0 / 63.0), [127, 0, 128]);
        assert_eq!(blend(&layers, 4.0, 6.0), [255, 0, 0]);
        // An unreadable base layer is grey.
        assert_eq!(blend(&[(None, None)], 1.0, 1.0), [128; 3]);
    }

    #[test]
    fn textures_are_averaged_to_one_repeat() {
        // 32 × 32 checker of 1-texel black and white squares: grey at 16 × 16.
        let px: Vec<u8> =
            (0..32 * 32).flat_map(|i| if (i % 32 + i / 32) % 2 == 0 { [255; 4] } else { [0, 0, 0, 255] }).collect();
        let small = box_filter(32, 32, &px);
        assert_eq!(small.len(), TEXELS_PER_REPEAT * TEXELS_PER_REPEAT);
        assert!(small.iter().all(|c| (c[0] - 0.5).abs() < 1e-6));
    }
}
