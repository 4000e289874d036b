//! How to show a model nobody framed by hand (`render --all` thumbnails,
//! `--camera auto`): from the side that shows its largest face, at a time
//! when something is visible.
//!
//! - [`largest_face`]: the preset (front, right, left, back) from which the
//!   model's drawn triangles, at rest, cover the most area facing the
//!   camera (M2 triangles are counter-clockwise seen from outside). A shop
//!   sign whose painted board faces −Y is a grey post from the front and a
//!   board from the right.
//! - [`visible_time`]: the first moment of the sequence shown (every
//!   [`STEP_MS`] up to [`HORIZON_MS`]) whose visible content — each drawn
//!   batch's area × its alpha (colour × texture weight, as the renderer
//!   takes it), plus each particle quad's area × its alpha — reaches half of
//!   the most seen: particles have warmed up, fade-ins are past. A model
//!   without emitters visible at 0 ms stays at 0 ms.

use std::collections::BTreeSet;

use glam::{Mat4, Vec3};
use m2view_anim::ModelInstance;
use m2view_anim::particles::ParticleQuad;
use m2view_format::{Model, SequenceId};
use m2view_render::camera::Preset;

/// Time between the moments [`visible_time`] looks at, ms.
pub const STEP_MS: f32 = 250.0;
/// The latest moment [`visible_time`] looks at, ms.
pub const HORIZON_MS: f32 = 3000.0;

/// The presets [`largest_face`] chooses from, the first winning ties.
const SIDES: [Preset; 4] = [Preset::Front, Preset::Right, Preset::Left, Preset::Back];

/// The side of `model` (LOD `lod`, `geosets` shown) whose triangles facing
/// the camera cover the most area at rest; front when nothing is drawn.
pub fn largest_face(model: &Model, lod: usize, geosets: &BTreeSet<u16>) -> Preset {
    let Some(l) = model.lods.get(lod) else { return Preset::Front };
    let mut area = [0.0f32; SIDES.len()];
    for b in &l.batches {
        let Some(s) = l.submeshes.get(b.submesh as usize).filter(|s| geosets.contains(&s.geoset_id)) else {
            continue;
        };
        let start = s.index_start as usize;
        let Some(tris) = l.indices.get(start..start + s.index_count as usize) else { continue };
        for t in tris.chunks_exact(3) {
            let p = |i: u32| model.vertices.get(i as usize).map(|v| Vec3::from(v.position));
            let (Some(a), Some(b), Some(c)) = (p(t[0]), p(t[1]), p(t[2])) else { continue };
            // Twice the triangle's area along its outward normal.
            let n = (b - a).cross(c - a);
            for (k, side) in SIDES.iter().enumerate() {
                area[k] += n.dot(side.direction()).max(0.0);
            }
        }
    }
    let best = area.iter().copied().fold(0.0, f32::max);
    // Within 2 % of the best counts as a tie (symmetric models keep the front).
    SIDES.into_iter().zip(area).find(|(_, a)| *a >= best * 0.98).map_or(Preset::Front, |(p, _)| p)
}

/// The first moment of `sequence` (the default one for `None`) at which
/// `model` shows at least half of the most it shows up to [`HORIZON_MS`], ms.
pub fn visible_time(model: &Model, sequence: Option<SequenceId>, lod: usize, geosets: &BTreeSet<u16>) -> f32 {
    let areas = batch_areas(model, lod, geosets);
    let mut inst = ModelInstance::new(model, 1);
    if let Some(s) = sequence {
        inst.player.set_sequence(model, s);
    }
    inst.pose(model, Mat4::IDENTITY);
    let mut seen = Vec::new();
    let mut quads = Vec::new();
    let mut t = 0.0;
    loop {
        seen.push((t, content(model, &inst, lod, &areas, &mut quads)));
        if t >= HORIZON_MS {
            break;
        }
        // Ticks of a thirtieth of a second, as `render` steps its emitters.
        let next = t + STEP_MS;
        while t < next {
            let dt = (1000.0 / 30.0f32).min(next - t);
            inst.tick(model, dt);
            t += dt;
        }
    }
    let most = seen.iter().map(|s| s.1).fold(0.0, f32::max);
    seen.into_iter().find(|s| s.1 >= most * 0.5 && s.1 > 0.0).map_or(0.0, |s| s.0)
}

/// The area of each drawn batch's triangles at rest (model units²; 0 for
/// a batch whose geoset is hidden), by batch index.
fn batch_areas(model: &Model, lod: usize, geosets: &BTreeSet<u16>) -> Vec<f32> {
    let Some(l) = model.lods.get(lod) else { return Vec::new() };
    let p = |i: u32| model.vertices.get(i as usize).map(|v| Vec3::from(v.position));
    l.batches
        .iter()
        .map(|b| {
            let Some(s) = l.submeshes.get(b.submesh as usize).filter(|s| geosets.contains(&s.geoset_id)) else {
                return 0.0;
            };
            let start = s.index_start as usize;
            let tris = l.indices.get(start..start + s.index_count as usize).unwrap_or_default();
            tris.chunks_exact(3)
                .filter_map(|t| Some((p(t[1])? - p(t[0])?).cross(p(t[2])? - p(t[0])?).length() * 0.5))
                .sum()
        })
        .collect()
}

/// What `inst` shows now (model units²): each batch's area × its alpha,
/// plus each particle quad's area × its alpha.
fn content(model: &Model, inst: &ModelInstance, lod: usize, areas: &[f32], quads: &mut Vec<ParticleQuad>) -> f32 {
    let pose = &inst.pose;
    let mut sum = 0.0;
    if let Some(l) = model.lods.get(lod) {
        for (b, area) in l.batches.iter().zip(areas) {
            let color = b.color.and_then(|c| pose.colors.get(c as usize)).map_or(1.0, |c| c.w);
            let weight = b.textures.first().and_then(|t| t.weight).and_then(|w| pose.texture_weights.get(w as usize));
            let alpha = m2view_render::rules::mesh_alpha(color, weight.copied(), !b.textures.is_empty(), b.flags, 1.0);
            sum += alpha.clamp(0.0, 1.0) * area;
        }
    }
    inst.particles.build(model, Mat4::IDENTITY, quads, &mut Vec::new());
    for q in quads.iter() {
        let area = 4.0 * Vec3::from(q.axis_x).cross(Vec3::from(q.axis_y)).length();
        sum += area * f32::from(q.color[3]) / 255.0;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use m2view_format::fixtures;

    fn boxes() -> Model {
        let m2 = m2view_format::writer::write_md20(&fixtures::two_boxes(264));
        let skin = m2view_format::writer::write_skin(&fixtures::skin_profile(264), 264);
        m2view_format::model_from_bytes(&m2, "boxes.m2", &[("s", &skin)]).unwrap()
    }

    #[test]
    fn a_board_is_seen_from_the_side_it_faces() {
        let mut m = boxes();
        let all = m.default_geosets(0);
        assert_eq!(largest_face(&m, 0, &all), Preset::Front, "a box: a tie, the front wins");
        // Flatten every vertex onto the plane y = 0 and turn each triangle to face −Y.
        for v in &mut m.vertices {
            v.position[1] = 0.0;
        }
        let l = &mut m.lods[0];
        for t in l.indices.chunks_exact_mut(3) {
            let p = |i: u32| Vec3::from(m.vertices[i as usize].position);
            if (p(t[1]) - p(t[0])).cross(p(t[2]) - p(t[0])).y > 0.0 {
                t.swap(1, 2);
            }
        }
        assert_eq!(largest_face(&m, 0, &all), Preset::Right);
    }

    #[test]
    fn emitters_are_given_time_and_plain_geometry_is_not() {
        let m = boxes();
        let all = m.default_geosets(0);
        // The boxes alone: visible at 0 ms.
        let mut plain = m.clone();
        plain.particles.clear();
        plain.ribbons.clear();
        assert_eq!(visible_time(&plain, None, 0, &all), 0.0);
        // Nothing drawn but the particles: a moment when they are alive.
        let t = visible_time(&m, None, 0, &BTreeSet::new());
        assert!(t > 0.0 && t <= 1500.0, "{t}");
    }
}
