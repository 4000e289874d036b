//! Ribbon emitters (WebWowViewerCpp `managers/particles/particleEmitter.cpp`, the client's `CRibbonEmitter`):
//! edges spawned along the bone's path at `edgesPerSecond`, each a segment
//! from `pos − below·up` to `pos + above·up`, ageing for `edgeLifetime`
//! seconds and sinking or rising with `gravity`; drawn as a strip with the
//! ribbon's colour, alpha and texture slot, the newest edge at the emitter.

use std::collections::VecDeque;

use glam::{Mat4, Vec2, Vec3};
use m2view_format::{Model, RibbonEmitter};

use crate::sample::{Clock, sample_or};

/// One ribbon strip vertex (three per triangle); the renderer's vertex
/// record (its `gpu_data`) is made from it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RibbonVertex {
    /// Model-space position.
    pub position: [f32; 3],
    /// RGBA 0..1.
    pub color: [f32; 4],
    /// Texture coordinates.
    pub uv: [f32; 2],
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Edge {
    pos: Vec3,
    up: Vec3,
    above: f32,
    below: f32,
    age: f32,
    color: [f32; 4],
}

#[derive(Debug, Clone, Default)]
struct RibbonState {
    edges: VecDeque<Edge>,
    head: Option<Edge>,
    prev: Option<(Vec3, Vec3)>,
    start: f32,
    slot: u16,
}

/// The ribbon state of one model instance.
#[derive(Debug, Clone, Default)]
pub struct RibbonSystem {
    ribbons: Vec<RibbonState>,
}

fn lifetime(r: &RibbonEmitter) -> f32 {
    r.edge_lifetime.max(0.25)
}

impl RibbonSystem {
    /// Empty ribbons for `model`.
    pub fn new(model: &Model) -> RibbonSystem {
        RibbonSystem { ribbons: vec![RibbonState::default(); model.ribbons.len()] }
    }

    /// Live edges over all ribbons (the head edge included).
    pub fn edges(&self) -> usize {
        self.ribbons.iter().map(|r| r.edges.len() + r.head.is_some() as usize).sum()
    }

    /// Advances by `dt_s` seconds with the tracks at `clock` and ribbons on `bones`.
    pub fn update(&mut self, model: &Model, clock: &Clock<'_>, bones: &[Mat4], dt_s: f32) {
        for (r, st) in model.ribbons.iter().zip(&mut self.ribbons) {
            let life = lifetime(r);
            let dt = dt_s.clamp(0.0, life);
            let bone = r.bone.and_then(|b| bones.get(b.index())).copied().unwrap_or(Mat4::IDENTITY);
            let m = bone * Mat4::from_translation(Vec3::from(r.position));
            let (pos, up) = (m.w_axis.truncate(), m.y_axis.truncate());
            let visible = sample_or(&r.visibility, clock, 1) != 0;
            let rgb = sample_or(&r.color, clock, [1.0; 3]);
            let color = [rgb[0], rgb[1], rgb[2], sample_or(&r.alpha, clock, 1.0).clamp(0.0, 1.0)];
            let above = sample_or(&r.height_above, clock, 1.0);
            let below = sample_or(&r.height_below, clock, 1.0);
            st.slot = sample_or(&r.tex_slot, clock, 0);
            for e in &mut st.edges {
                e.age += dt;
            }
            while st.edges.front().is_some_and(|e| e.age > life) {
                st.edges.pop_front();
            }
            if !visible {
                st.prev = None;
                st.head = None;
                continue;
            }
            let (prev_pos, prev_up) = st.prev.unwrap_or((pos, up));
            // Fractional edge accumulator: whole edges spawn between the previous and the current position.
            let eps = r.edges_per_second.max(1.0).ceil();
            let n = dt * eps + st.start;
            let whole = n.floor() as usize;
            for i in 1..=whole.min(1000) {
                let f = ((i as f32 - st.start) / (n - st.start)).clamp(0.0, 1.0);
                st.edges.push_back(Edge {
                    pos: prev_pos.lerp(pos, f),
                    up: prev_up.lerp(up, f).normalize_or_zero(),
                    above,
                    below,
                    age: (1.0 - f) * dt,
                    color,
                });
            }
            st.start = n - n.floor();
            let cap = ((life * eps).ceil() as usize + 2).min(100_000);
            while st.edges.len() > cap {
                st.edges.pop_front();
            }
            st.head = Some(Edge { pos, up, above, below, age: 0.0, color });
            st.prev = Some((pos, up));
        }
    }

    /// Builds the strips of every ribbon as triangles into `out`; `draws`
    /// gets `(ribbon index, vertex range)`.
    /// `V` is the caller's vertex record, made from each [`RibbonVertex`].
    pub fn build<V: From<RibbonVertex>>(
        &self,
        model: &Model,
        out: &mut Vec<V>,
        draws: &mut Vec<(usize, std::ops::Range<u32>)>,
    ) {
        for (i, (r, st)) in model.ribbons.iter().zip(&self.ribbons).enumerate() {
            let life = lifetime(r);
            let (rows, cols) = (r.texture_rows.max(1) as u32, r.texture_cols.max(1) as u32);
            let slot = st.slot as u32 % (rows * cols);
            let (du, dv) = (1.0 / cols as f32, 1.0 / rows as f32);
            let uv0 = Vec2::new((slot % cols) as f32 * du, (slot / cols) as f32 * dv);
            let start = out.len() as u32;
            let edge_verts = |e: &Edge| {
                let sink = Vec3::Z * r.gravity * e.age * e.age;
                let u = uv0.x + du * (e.age / life).clamp(0.0, 1.0);
                [
                    RibbonVertex { position: (e.pos - e.up * e.below + sink).into(), color: e.color, uv: [u, uv0.y] },
                    RibbonVertex {
                        position: (e.pos + e.up * e.above + sink).into(),
                        color: e.color,
                        uv: [u, uv0.y + dv],
                    },
                ]
            };
            let mut prev: Option<[RibbonVertex; 2]> = None;
            for e in st.head.iter().chain(st.edges.iter().rev()) {
                let cur = edge_verts(e);
                if let Some(p) = prev {
                    out.extend([p[0], p[1], cur[0], cur[0], p[1], cur[1]].map(V::from));
                }
                prev = Some(cur);
            }
            if out.len() as u32 > start {
                draws.push((i, start..out.len() as u32));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use m2view_format::fixtures;

    #[test]
    fn edges_follow_the_bone_and_expire() {
        let m2 = m2view_format::writer::write_md20(&fixtures::two_boxes(264));
        let skin = m2view_format::writer::write_skin(&fixtures::skin_profile(264), 264);
        let m = m2view_format::model_from_bytes(&m2, "t.m2", &[("s", &skin)]).unwrap();
        let mut rs = RibbonSystem::new(&m);
        let g = [0.0];
        // The fixture's ribbon: 30 edges/s, 0.5 s life, ±0.2 high, on bone 1 at (0.5, 0, 2).
        let mut bones = vec![Mat4::IDENTITY; 2];
        for step in 0..30 {
            bones[1] = Mat4::from_translation(Vec3::new(step as f32 * 0.1, 0.0, 0.0));
            rs.update(&m, &Clock::new(0, 0.0, &g), &bones, 1.0 / 30.0);
        }
        // 0.5 s of edges at 30/s (+ the head), older ones expired.
        let n = rs.edges();
        assert!((15..=18).contains(&n), "{n} edges");
        let (mut verts, mut draws) = (Vec::<RibbonVertex>::new(), Vec::new());
        rs.build(&m, &mut verts, &mut draws);
        assert_eq!(draws.len(), 1);
        assert_eq!(verts.len(), (n - 1) * 6);
        // The head edge sits on the emitter, 0.2 below and above.
        let head = [verts[0].position, verts[1].position];
        assert!((Vec3::from(head[0]) - Vec3::new(3.4, -0.2, 2.0)).length() < 1e-4, "{head:?}");
        assert!((Vec3::from(head[1]) - Vec3::new(3.4, 0.2, 2.0)).length() < 1e-4, "{head:?}");
    }
}
