//! A waterfall model's one draw (8.2+ `WFV1`–`WFV3`,
//! [`m2view_format::WATERFALL_SHADER`]) as a normal-mapped PBR material in
//! glTF and FBX: the white water (texture stage 1) tinted by the base
//! colour, alpha blended and two-sided, the normal map (stage 4) as its
//! normal texture, both on the second UV set as the game samples them.
//! The game reads the normal map's red and green as a height gradient along
//! U and V (WebWowViewerCpp `waterfallShader.frag`, `PerturbNormal`); glTF
//! and FBX importers want a tangent-space normal (+Y up, z in blue; glTF 2.0
//! §3.9.3), so each texel becomes `normalize(−gx, gy, 1)` for the gradient
//! `g = (rg·2 − 1)`, the game's strength (`values3.x · 100`) left to glTF's
//! normal texture scale. The foam's noise, the mask and the bump map's
//! displacement have no counterpart in these materials and are left out.

use m2view_format::{Batch, Model};

/// Texture indices of a waterfall batch's white water and normal map
/// (`None` where the stage has no texture); `None` for any other batch.
pub fn maps(model: &Model, batch: &Batch) -> Option<[Option<usize>; 2]> {
    let waterfall = batch.shader_id == m2view_format::WATERFALL_SHADER && model.chunk_data.waterfall.is_some();
    let stage = |k: usize| batch.textures.get(k).and_then(|t| t.texture).map(|t| t.index());
    waterfall.then(|| [stage(1), stage(4)])
}

/// The game's gradient map (RGBA, gradient in red and green) as a
/// tangent-space normal map (+Y up), in place.
pub fn to_tangent_normals(rgba: &mut [u8]) {
    for p in rgba.chunks_exact_mut(4) {
        let gx = p[0] as f32 / 255.0 * 2.0 - 1.0;
        let gy = p[1] as f32 / 255.0 * 2.0 - 1.0;
        let n = glam::Vec3::new(-gx, gy, 1.0).normalize();
        let byte = |c: f32| ((c * 0.5 + 0.5) * 255.0).round() as u8;
        p[0] = byte(n.x);
        p[1] = byte(n.y);
        p[2] = byte(n.z);
        p[3] = 255;
    }
}

/// The normal texture's scale: the game's gradient strength (`values3.x ·
/// 100`), at least 0.
pub fn normal_scale(model: &Model) -> f32 {
    model.chunk_data.waterfall.map_or(1.0, |w| (w.values[3][0] * 100.0).max(0.0))
}

/// The base colour factor: the waterfall's base colour, 0–1.
pub fn base_color(model: &Model) -> [f32; 4] {
    model.chunk_data.waterfall.map_or([1.0; 4], |w| w.base_color_unit())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_flat_gradient_is_a_normal_straight_out() {
        // No slope (128, 128): (0, 0, 1). A slope of +0.6 along U leans the normal toward −X.
        let mut px = [128, 128, 0, 0, 204, 128, 0, 0];
        super::to_tangent_normals(&mut px);
        assert_eq!(&px[..4], &[127, 128, 255, 255]);
        let (x, z) = (px[4] as f32 / 255.0 * 2.0 - 1.0, px[6] as f32 / 255.0 * 2.0 - 1.0);
        assert!((x - -0.6 / 1.36f32.sqrt()).abs() < 0.01 && (z - 1.0 / 1.36f32.sqrt()).abs() < 0.01, "{px:?}");
    }
}
