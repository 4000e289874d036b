//! A Reforged HD material (Warcraft III 1.32+, an MDX layer set whose
//! shader is HD) as glTF's metallic–roughness material. Its textures, in
//! layer order: diffuse, normal, ORM, emissive, team colour, reflections
//! (mdx-m3-viewer `src/viewer/handlers/mdx/batch.ts`, and the HD shader's
//! samplers in its `shaders/hd.frag`). glTF's own packing is the same ORM:
//! occlusion in red, roughness in green, metalness in blue (glTF 2.0
//! §3.9.2, §3.9.5), so the ORM texture serves both maps as it is. The
//! normal map holds x and y only (BC5, red and green) with +Y down the
//! texture (DirectX's convention, as the renderer's `hd_shade` reads it);
//! glTF's normal textures are +Y up with z in blue (§3.9.3), so green is
//! flipped and z rebuilt as √(1 − x² − y²).

use m2view_format::{Batch, Model};

/// Texture indices of an HD batch's normal, ORM and emissive maps (its
/// layers 1, 2 and 3; `None` where a layer has no texture); `None` for a
/// batch that is not HD.
pub fn maps(model: &Model, batch: &Batch) -> Option<[Option<usize>; 3]> {
    let hd = model.source.format == m2view_format::SourceFormat::Mdx && batch.shader_id == m2view_format::MDX_HD_SHADER;
    let layer = |k: usize| batch.textures.get(k).and_then(|t| t.texture).map(|t| t.index());
    hd.then(|| [layer(1), layer(2), layer(3)])
}

/// A Reforged normal map (RGBA, x in red and y in green, +Y down) turned
/// into glTF's (+Y up, z in blue, alpha 255), in place.
pub fn to_gltf_normals(rgba: &mut [u8]) {
    for p in rgba.chunks_exact_mut(4) {
        let x = p[0] as f32 / 255.0 * 2.0 - 1.0;
        let y = p[1] as f32 / 255.0 * 2.0 - 1.0;
        let z = (1.0 - x * x - y * y).max(0.0).sqrt();
        p[1] = 255 - p[1];
        p[2] = ((z * 0.5 + 0.5) * 255.0).round() as u8;
        p[3] = 255;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_flat_normal_points_out_and_y_flips() {
        // Flat (128, 128): z = 1 → 255. A normal leaning +Y down the texture (x 0, y 0.6 → 204)
        // leans toward -Y (up is +Y in glTF): green 51; z = 0.8 → 230.
        let mut px = [128, 128, 0, 0, 128, 204, 0, 0];
        super::to_gltf_normals(&mut px);
        assert_eq!(&px[..4], &[128, 127, 255, 255]);
        assert_eq!(px[5], 51);
        assert!((px[6] as i32 - 230).abs() <= 1, "{}", px[6]);
    }
}
