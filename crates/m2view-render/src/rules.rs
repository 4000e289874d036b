//! The game's drawing rules that read a batch's or material's flag word,
//! as pure functions (wowdev wiki "M2/Rendering"; WebWowViewerCpp
//! `m2Object.cpp`): the GPU code calls these and never tests a bit itself.

/// Batch flag 0x40: the first texture's weight does not scale the alpha.
const BATCH_WEIGHT_NOT_ALPHA: u8 = 0x40;
/// Batch flags 0x1 / 0x2: the sort distance moves by the submesh's sort
/// radius, toward the camera (0x1) or away from it (0x2).
const BATCH_SORT_TOWARD: u8 = 0x1;
const BATCH_SORT_RADIUS: u8 = 0x3;
/// Material flag 0x1: unlit.
const MATERIAL_UNLIT: u16 = 0x1;

/// A batch's mesh alpha: colour alpha × the first texture's weight (unless
/// the batch has no textures or flag 0x40) × the model's alpha.
pub fn mesh_alpha(
    color_alpha: f32,
    first_weight: Option<f32>,
    has_textures: bool,
    batch_flags: u8,
    model_alpha: f32,
) -> f32 {
    let weighted = has_textures && batch_flags & BATCH_WEIGHT_NOT_ALPHA == 0;
    color_alpha * if weighted { first_weight.unwrap_or(1.0) } else { 1.0 } * model_alpha
}

/// The view distance a transparent batch sorts by: its sort centre's
/// distance, moved by `radius` (the scaled sort radius) toward the camera
/// with flag 0x1, away with 0x2 (wowdev wiki "M2/Rendering", sorting).
pub fn sort_distance(distance: f32, batch_flags: u8, radius: f32) -> f32 {
    if batch_flags & BATCH_SORT_RADIUS == 0 || distance <= 0.0 {
        distance
    } else if batch_flags & BATCH_SORT_TOWARD != 0 {
        (distance - radius).abs()
    } else {
        distance + radius
    }
}

/// The shader's flag bits for a material: bit 0 unlit.
pub fn shader_flags(material_flags: u16) -> u32 {
    u32::from(material_flags & MATERIAL_UNLIT != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_the_flag_bits() {
        // Colour alpha 0.5, weight 0.5, model alpha 1: 0.25; flag 0x40 or no textures ignore the weight.
        assert_eq!(mesh_alpha(0.5, Some(0.5), true, 0, 1.0), 0.25);
        assert_eq!(mesh_alpha(0.5, Some(0.5), true, 0x40, 1.0), 0.5);
        assert_eq!(mesh_alpha(0.5, Some(0.5), false, 0, 0.5), 0.25);
        // Sort radius 2 at distance 10: toward (0x1) 8, away (0x2) 12, none 10; |d − r| when inside.
        assert_eq!(sort_distance(10.0, 0x1, 2.0), 8.0);
        assert_eq!(sort_distance(10.0, 0x2, 2.0), 12.0);
        assert_eq!(sort_distance(10.0, 0x10, 2.0), 10.0);
        assert_eq!(sort_distance(1.0, 0x1, 3.0), 2.0);
        assert_eq!((shader_flags(0x1), shader_flags(0x4)), (1, 0));
    }
}
