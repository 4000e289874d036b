//! Lighting of M2 batches: the viewer's preview light (ambient plus one
//! directional light) and up to four of the model's own lights (wowdev wiki
//! "M2", Lights), packed for the `Frame` uniform of `m2.wgsl`.
//!
//! How the client combines them (WebWowViewerCpp `m2Shader` fragment code,
//! `calcLight`): the scene light is applied in gamma space, the local lights
//! are summed in linear space as `(attenuation × colour)² × N·L` and added
//! under a square root, `sqrt(gamma² + diffuse² × local)`; attenuation is
//! `1 − clamp((d − start) / (end − start), 0, 1)`. The lights' ambient terms
//! add to the scene ambient (WoW Model Viewer `ModelLight::setup`).

use bytemuck::Zeroable;
use glam::{Vec3, Vec4};
use m2view_anim::PoseLight;

use crate::gpu_data::{LightBlock, MAX_MODEL_LIGHTS};

/// Scene lighting: ambient plus one directional light (the model preview's
/// look), and whether the model's own lights shine too.
#[derive(Debug, Clone, Copy)]
pub struct Lighting {
    /// Direction the light travels, world space (unit vector).
    pub direction: Vec3,
    /// Ambient colour (0..1 per channel).
    pub ambient: Vec3,
    /// Diffuse colour (0..1 per channel).
    pub diffuse: Vec3,
    /// Apply the pose's visible model lights (on by default; models without
    /// lights look the same either way).
    pub model_lights: bool,
    /// Distance fog over everything drawn (none by default).
    pub fog: Option<Fog>,
}

/// Linear distance fog, as the pre-shader clients fogged (a WMO's `MFOG`:
/// wowdev wiki "WMO"): a pixel `d` model units from the eye keeps
/// `clamp((end − d) / (end − start), 0, 1)` of its colour and takes the
/// rest from the fog's — black for additive batches, white for `Mod`,
/// grey for `Mod2x` (WebWowViewerCpp `commonFogFunctions.glsl`,
/// `validateFogColor`); unfogged materials (flag 0x2) are left as they are.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fog {
    /// Colour (0..1 per channel).
    pub color: Vec3,
    /// Where the fog begins (model units from the eye).
    pub start: f32,
    /// Where it is whole (model units from the eye).
    pub end: f32,
}

impl Fog {
    /// Its colour as 8-bit r g b.
    pub fn rgb8(&self) -> [u8; 3] {
        (self.color.clamp(Vec3::ZERO, Vec3::ONE) * 255.0).round().to_array().map(|c| c as u8)
    }
}

impl Default for Lighting {
    fn default() -> Self {
        Lighting {
            direction: Vec3::new(-1.0, -0.6, -0.8).normalize(),
            ambient: Vec3::splat(0.55),
            diffuse: Vec3::splat(0.6),
            model_lights: true,
            fog: None,
        }
    }
}

/// Packs the first [`MAX_MODEL_LIGHTS`] visible lights of a pose; returns
/// them and the ambient they add. With `enabled` false, no lights and no
/// ambient.
pub(crate) fn pack_lights(lights: &[PoseLight], enabled: bool) -> (LightBlock, Vec3) {
    let mut block = LightBlock::zeroed();
    let mut ambient = Vec3::ZERO;
    let shown = lights.iter().filter(|l| enabled && l.visible).take(MAX_MODEL_LIGHTS);
    for (i, l) in shown.enumerate() {
        block.position[i] =
            if l.point { l.position.extend(1.0) } else { l.toward_light.normalize_or(Vec3::Z).extend(0.0) }.into();
        block.color[i] = l.diffuse.extend(0.0).into();
        let [start, end] = l.attenuation;
        block.attenuation[i] = Vec4::new(start, end.max(start + 1e-4), 0.0, 0.0).into();
        block.count[0] += 1;
        ambient += l.ambient;
    }
    (block, ambient)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn light(point: bool, visible: bool) -> PoseLight {
        PoseLight {
            point,
            position: Vec3::new(1.0, 2.0, 3.0),
            toward_light: Vec3::new(0.0, 2.0, 0.0),
            ambient: Vec3::splat(0.1),
            diffuse: Vec3::new(0.8, 0.72, 0.64),
            attenuation: [1.0, 1.0],
            visible,
        }
    }

    #[test]
    fn visible_lights_are_packed_up_to_four() {
        let lights = [light(true, true), light(false, true), light(true, false)];
        let (b, ambient) = pack_lights(&lights, true);
        assert_eq!(b.count[0], 2);
        assert_eq!(b.position[0], [1.0, 2.0, 3.0, 1.0]);
        // Directional: the unit direction toward the light, w = 0.
        assert_eq!(b.position[1], [0.0, 1.0, 0.0, 0.0]);
        assert_eq!(b.color[0], [0.8, 0.72, 0.64, 0.0]);
        // An empty attenuation range is widened so the shader never divides by 0.
        assert!(b.attenuation[0][1] > b.attenuation[0][0]);
        assert_eq!(ambient, Vec3::splat(0.2));
        let (b, ambient) = pack_lights(&[light(true, true); 6], true);
        assert_eq!((b.count[0], ambient), (4, Vec3::splat(0.4)));
        let (b, ambient) = pack_lights(&lights, false);
        assert_eq!((b, ambient), (LightBlock::zeroed(), Vec3::ZERO));
    }
}
