//! CPU reference skinning: the same sum the vertex shader computes, used by
//! tests to check GPU read-back and by tools that need posed geometry.

use glam::{Mat4, Vec3};
use m2view_format::Vertex;

/// Skins one vertex: `Σ (w_i / 255) · B[i] · p` (wowdev wiki "M2" (animation blocks) and WebWowViewerCpp `algorithms/animate.h`); a vertex
/// with all-zero weights is left in place. Returns (position, normal).
pub fn skin_vertex(v: &Vertex, bones: &[Mat4]) -> (Vec3, Vec3) {
    let (mut p, mut n, mut total) = (Vec3::ZERO, Vec3::ZERO, 0.0);
    for k in 0..4 {
        let w = v.bone_weights[k] as f32 / 255.0;
        if w == 0.0 {
            continue;
        }
        let m = bones.get(v.bone_indices[k] as usize).copied().unwrap_or(Mat4::IDENTITY);
        p += w * m.transform_point3(Vec3::from(v.position));
        n += w * m.transform_vector3(Vec3::from(v.normal));
        total += w;
    }
    if total == 0.0 {
        return (Vec3::from(v.position), Vec3::from(v.normal));
    }
    (p, n.normalize_or_zero())
}
