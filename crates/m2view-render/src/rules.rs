//! The game's drawing rules that read a batch's or material's flags, as
//! pure functions over the typed flags the format crate decodes (wowdev
//! wiki "M2/Rendering"; WebWowViewerCpp `m2Object.cpp`): the GPU code calls
//! these and never tests a bit itself.

use m2view_format::{BatchFlags, MaterialFlags};

/// A batch's mesh alpha: colour alpha × the first texture's weight (unless
/// the batch has no textures or [`BatchFlags::WEIGHT_NOT_ALPHA`]) × the
/// model's alpha.
pub fn mesh_alpha(
    color_alpha: f32,
    first_weight: Option<f32>,
    has_textures: bool,
    flags: BatchFlags,
    model_alpha: f32,
) -> f32 {
    color_alpha * if weight_is_alpha(has_textures, flags) { first_weight.unwrap_or(1.0) } else { 1.0 } * model_alpha
}

/// The alpha of an instance of `model` placed by `world` under `model_alpha`:
/// times its `NERF` distance fade, whose input is the squared radius of the
/// instance (bounds radius × the largest scale of `world`; wowdev wiki
/// "M2", NERF; [`m2view_format::ChunkData::distance_alpha`]).
pub fn instance_alpha(model: &m2view_format::Model, world: &glam::Mat4, model_alpha: f32) -> f32 {
    if model.chunk_data.distance_fade.is_none() {
        return model_alpha;
    }
    let scale =
        world.x_axis.truncate().length().max(world.y_axis.truncate().length()).max(world.z_axis.truncate().length());
    let r = model.bounds.radius * scale;
    model_alpha * model.chunk_data.distance_alpha(r * r)
}

/// Whether the first texture's weight multiplies a batch's alpha: it has
/// textures and lacks [`BatchFlags::WEIGHT_NOT_ALPHA`].
pub fn weight_is_alpha(has_textures: bool, flags: BatchFlags) -> bool {
    has_textures && !flags.contains(BatchFlags::WEIGHT_NOT_ALPHA)
}

/// The view distance a transparent batch sorts by: its sort centre's
/// distance, moved by `radius` (the scaled sort radius) toward the camera
/// or away from it as the batch's flags say (wowdev wiki "M2/Rendering",
/// sorting).
pub fn sort_distance(distance: f32, flags: BatchFlags, radius: f32) -> f32 {
    if distance <= 0.0 {
        distance
    } else if flags.contains(BatchFlags::SORT_TOWARD_CAMERA) {
        (distance - radius).abs()
    } else if flags.contains(BatchFlags::SORT_AWAY_FROM_CAMERA) {
        distance + radius
    } else {
        distance
    }
}

/// The shader's flag bits for a material: bit 0 unlit, bit 1 unfogged.
pub fn shader_flags(flags: MaterialFlags) -> u32 {
    u32::from(flags.contains(MaterialFlags::UNLIT)) | u32::from(flags.contains(MaterialFlags::UNFOGGED)) << 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nerf_fades_the_instance_by_its_scaled_radius() {
        let mut m = m2view_format::model_from_bytes(
            &m2view_format::writer::write_md20(&m2view_format::fixtures::two_boxes(264)),
            "boxes",
            &[],
        )
        .unwrap();
        m.bounds.radius = 1.5;
        let at = |scale: f32| glam::Mat4::from_scale(glam::Vec3::splat(scale));
        assert_eq!(instance_alpha(&m, &at(4.0), 0.5), 0.5, "no NERF: the model alpha");
        m.chunk_data.distance_fade = Some([100.0, 20.0]);
        // Radius 1.5 × scale 4 = 6: r² = 36, (100 − 36) / (100 − 20) = 0.8, times the model alpha 0.5.
        assert!((instance_alpha(&m, &at(4.0), 0.5) - 0.4).abs() < 1e-6);
        // Scale 8: r² = 144, (100 − 144) / 80 < 0: clamped to 0.
        assert_eq!(instance_alpha(&m, &at(8.0), 1.0), 0.0);
        // Scale 2: r² = 9, 91 / 80 > 1: clamped to 1.
        assert_eq!(instance_alpha(&m, &at(2.0), 1.0), 1.0);
    }

    #[test]
    fn rules_read_the_flag_bits() {
        let (none, toward, away) =
            (BatchFlags::empty(), BatchFlags::SORT_TOWARD_CAMERA, BatchFlags::SORT_AWAY_FROM_CAMERA);
        // Colour alpha 0.5, weight 0.5, model alpha 1: 0.25; flag 0x40 or no textures ignore the weight.
        assert_eq!(mesh_alpha(0.5, Some(0.5), true, none, 1.0), 0.25);
        assert_eq!(mesh_alpha(0.5, Some(0.5), true, BatchFlags::WEIGHT_NOT_ALPHA, 1.0), 0.5);
        assert_eq!(mesh_alpha(0.5, Some(0.5), false, none, 0.5), 0.25);
        // Sort radius 2 at distance 10: toward (0x1) 8, away (0x2) 12, none 10; |d − r| when inside.
        assert_eq!(sort_distance(10.0, toward, 2.0), 8.0);
        assert_eq!(sort_distance(10.0, away, 2.0), 12.0);
        assert_eq!(sort_distance(10.0, BatchFlags::from_bits_retain(0x10), 2.0), 10.0);
        assert_eq!(sort_distance(1.0, toward, 3.0), 2.0);
        // Both bits: toward wins (as the client's `flags & 1` test comes first).
        assert_eq!(sort_distance(10.0, toward | away, 2.0), 8.0);
        assert_eq!((shader_flags(MaterialFlags::UNLIT), shader_flags(MaterialFlags::TWO_SIDED)), (1, 0));
        assert_eq!(shader_flags(MaterialFlags::UNLIT | MaterialFlags::UNFOGGED), 3);
    }
}
