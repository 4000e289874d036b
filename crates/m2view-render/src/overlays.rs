//! Debug overlays as lines: which ones to draw ([`Overlays`]) and the line
//! list of a posed model ([`overlay_lines`]) for the `LineRenderer`: bones,
//! wireframe and normals of the drawn batches, bounds, collision mesh and
//! hit-test shapes, attachment points, emitter positions, ground grid.

use std::collections::BTreeSet;

use glam::{Mat4, Vec3};
use m2view_format::Model;

use crate::camera::frame_bounds;

/// Which debug overlays to draw.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Overlays {
    /// Bone hierarchy (parent pivot to child pivot).
    pub bones: bool,
    /// Triangle edges of the drawn batches.
    pub wireframe: bool,
    /// Model bounding box.
    pub bounds: bool,
    /// Vertex normals.
    pub normals: bool,
    /// Collision mesh and hit-test shapes.
    pub collision: bool,
    /// Attachment points.
    pub attachments: bool,
    /// Emitter positions: particles, ribbons, models (`PREM`), and markers
    /// of effects not drawn (PopcornFX).
    pub emitters: bool,
    /// Ground grid.
    pub grid: bool,
    /// A WMO's portals (their polygons).
    pub portals: bool,
    /// The model's lights: a marker in each light's colour.
    pub lights: bool,
}

/// Portals (each polygon closed, cyan) and lights (a marker in each one's
/// diffuse colour at its first key, at its bone) of `model`, as `o` asks.
fn world_lines(l: &mut crate::lines::LineList, model: &Model, pose: &m2view_anim::Pose, size: f32, o: Overlays) {
    if o.portals {
        for p in &model.portals {
            for (k, a) in p.iter().enumerate() {
                l.line(Vec3::from(*a), Vec3::from(p[(k + 1) % p.len()]), [0.2, 0.9, 1.0, 1.0]);
            }
        }
    }
    if o.lights {
        for light in &model.lights {
            let m = light.bone.and_then(|b| pose.bones.get(b.index())).copied().unwrap_or(Mat4::IDENTITY);
            let c = light.diffuse_color.keys_for(0).and_then(|k| k.values.first()).copied().unwrap_or([1.0; 3]);
            l.cross(m.transform_point3(Vec3::from(light.position)), size * 0.03, [c[0], c[1], c[2], 1.0]);
        }
    }
}

/// Builds the overlay lines for the posed model (model space = world space here).
pub fn overlay_lines(
    model: &Model,
    pose: &m2view_anim::Pose,
    lod: usize,
    geosets: &BTreeSet<u16>,
    o: Overlays,
) -> crate::lines::LineList {
    use m2view_anim::skin::skin_vertex;
    let mut l = crate::lines::LineList::default();
    if o == Overlays::default() {
        return l;
    }
    let (min, max) = frame_bounds(model, lod, &pose.bones, None);
    let size = (max - min).length().max(0.01);
    if o.grid {
        let step = 10f32.powf((size * 0.25).log10().floor());
        l.grid(20, step, [0.5, 0.5, 0.5, 0.5]);
    }
    if o.bounds {
        l.aabb(Vec3::from(model.bounds.min), Vec3::from(model.bounds.max), [1.0, 1.0, 0.2, 1.0]);
    }
    world_lines(&mut l, model, pose, size, o);
    if o.bones {
        for (i, b) in model.bones.iter().enumerate() {
            let at = |j: usize| {
                pose.bones.get(j).map_or(Vec3::ZERO, |m| m.transform_point3(Vec3::from(model.bones[j].pivot)))
            };
            match b.parent {
                Some(p) => l.line(at(p.index()), at(i), [0.2, 1.0, 0.4, 1.0]),
                None => l.cross(at(i), size * 0.01, [0.2, 1.0, 0.4, 1.0]),
            }
        }
    }
    if o.attachments {
        for m in &pose.attachments {
            l.cross(m.w_axis.truncate(), size * 0.02, [1.0, 0.3, 1.0, 1.0]);
        }
    }
    if o.emitters {
        for e in &model.particles {
            let m = m2view_anim::particles::emitter_matrix(e, &pose.bones);
            l.cross(m.w_axis.truncate(), size * 0.03, [1.0, 0.6, 0.1, 1.0]);
        }
        let node = |bone: Option<m2view_format::BoneId>, position: [f32; 3]| {
            let m = bone.and_then(|b| pose.bones.get(b.index())).copied().unwrap_or(Mat4::IDENTITY);
            m.transform_point3(Vec3::from(position))
        };
        for r in &model.ribbons {
            l.cross(node(r.bone, r.position), size * 0.03, [0.1, 0.9, 1.0, 1.0]);
        }
        // Emitters of whole models, and effects not drawn (PopcornFX): a marker each.
        for e in &model.model_emitters {
            l.cross(node(e.bone, e.position), size * 0.03, [0.6, 1.0, 0.2, 1.0]);
        }
        for e in &model.effect_markers {
            l.cross(node(e.bone, e.position), size * 0.05, [1.0, 0.2, 0.8, 1.0]);
        }
    }
    if o.collision {
        // MDX hit-test shapes, moved by their nodes.
        let color = [1.0, 0.8, 0.3, 1.0];
        for shape in &model.shapes {
            let m = shape.bone.and_then(|b| pose.bones.get(b.index())).copied().unwrap_or(Mat4::IDENTITY);
            let mut local = crate::lines::LineList::default();
            match shape.kind {
                m2view_format::ShapeKind::Box { min, max } => local.aabb(min.into(), max.into(), color),
                m2view_format::ShapeKind::Sphere { center, radius } => {
                    for (u, v) in [(Vec3::X, Vec3::Y), (Vec3::Y, Vec3::Z), (Vec3::Z, Vec3::X)] {
                        local.circle(center.into(), u, v, radius, color);
                    }
                }
                m2view_format::ShapeKind::Cylinder { a, b, radius } => {
                    let (a, b) = (Vec3::from(a), Vec3::from(b));
                    let axis = (b - a).try_normalize().unwrap_or(Vec3::Z);
                    let u = axis.any_orthonormal_vector();
                    let v = axis.cross(u);
                    local.circle(a, u, v, radius, color);
                    local.circle(b, u, v, radius, color);
                    for d in [u, v, -u, -v] {
                        local.line(a + d * radius, b + d * radius, color);
                    }
                }
            }
            l.vertices.extend(local.vertices.into_iter().map(|mut p| {
                p.position = m.transform_point3(p.position.into()).into();
                p
            }));
        }
        let c = &model.collision;
        for t in c.indices.chunks_exact(3) {
            let p = |i: u16| c.positions.get(i as usize).map_or(Vec3::ZERO, |v| Vec3::from(*v));
            let (a, b, d) = (p(t[0]), p(t[1]), p(t[2]));
            for (x, y) in [(a, b), (b, d), (d, a)] {
                l.line(x, y, [0.3, 0.7, 1.0, 1.0]);
            }
        }
    }
    if (o.wireframe || o.normals)
        && let Some(lodm) = model.lods.get(lod)
    {
        for b in &lodm.batches {
            let Some(sub) = lodm.submeshes.get(b.submesh as usize) else { continue };
            if !geosets.contains(&sub.geoset_id) {
                continue;
            }
            let range = sub.index_start as usize..(sub.index_start + sub.index_count) as usize;
            let tri = lodm.indices.get(range).unwrap_or(&[]);
            let skinned = |i: u32| model.vertices.get(i as usize).map(|v| skin_vertex(v, &pose.bones));
            for t in tri.chunks_exact(3) {
                let (Some(a), Some(b2), Some(c)) = (skinned(t[0]), skinned(t[1]), skinned(t[2])) else { continue };
                if o.wireframe {
                    for (x, y) in [(a.0, b2.0), (b2.0, c.0), (c.0, a.0)] {
                        l.line(x, y, [1.0, 1.0, 1.0, 0.35]);
                    }
                }
                if o.normals {
                    for (p, n) in [a, b2, c] {
                        l.line(p, p + n * size * 0.02, [0.3, 0.6, 1.0, 1.0]);
                    }
                }
            }
        }
    }
    l
}
