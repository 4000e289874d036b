//! One frame's drawables from every instance, sorted once (rerun's
//! `re_renderer` view builder is the model): opaque batches first, in the
//! order instances were added and each instance's file order; then every
//! transparent batch and emitter of every instance together, by priority
//! plane, back to front, batches before emitters on equal keys, then
//! material layer and blend state (wowdev wiki "M2/Rendering", sorting;
//! emitters by their bone's distance as WebWowViewerCpp's
//! `particleEmitter.cpp`). So the transparent parts of a creature and of the
//! weapon in its hand blend in the right order. A sky (a WMO's `MOSB`
//! skybox model) goes before all of it, in the same order within itself,
//! without depth test or write: behind everything, as the client draws its
//! skyboxes first.

use crate::material::{DrawPhase, PipelineKey};
use crate::mesh::MeshInstance;
use crate::particles::EffectsInstance;
use crate::{GpuInstance, GpuModel, InstanceGroup};

/// What a drawable draws: batch `draw` or emitter `draw` of instance `instance`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Payload {
    Batch { instance: u32, draw: u32 },
    Emitter { instance: u32, draw: u32 },
}

/// One thing to draw with its sort keys.
#[derive(Debug, Clone, Copy)]
struct Drawable {
    /// A sky's: drawn first, without depth.
    sky: bool,
    phase: DrawPhase,
    priority: i32,
    /// View distance (model units); larger draws first.
    distance: f32,
    /// 0 batch, 1 emitter: a batch goes first on equal keys.
    kind: u8,
    layer: u16,
    blend: u32,
    payload: Payload,
}

/// Collects the prepared instances of a frame; [`crate::Renderer::record`]
/// sorts and records them.
#[derive(Default)]
pub struct FrameBuilder<'a> {
    /// Each added instance or group: its model, its mesh state and its emitters.
    instances: Vec<(&'a GpuModel, &'a MeshInstance, Option<&'a EffectsInstance>)>,
    drawables: Vec<Drawable>,
}

impl<'a> FrameBuilder<'a> {
    /// An empty frame.
    pub fn new() -> FrameBuilder<'a> {
        FrameBuilder::default()
    }

    /// Adds the draws `prepare` (and `prepare_particles`) wrote for
    /// instance `gi` of model `gm`.
    pub fn add(&mut self, gm: &'a GpuModel, gi: &'a GpuInstance) {
        let instance = self.instances.len() as u32;
        self.add_mesh(gm, &gi.mesh, Some(&gi.effects));
        self.drawables.extend(gi.effects.draws.iter().enumerate().map(|(i, d)| Drawable {
            sky: false,
            phase: DrawPhase::Transparent,
            priority: d.priority,
            distance: d.distance,
            kind: 1,
            layer: 0,
            blend: 0,
            payload: Payload::Emitter { instance, draw: i as u32 },
        }));
    }

    /// Adds the batch draws `prepare_group` wrote for group `g` of model
    /// `gm` (each draws every visible copy; record after
    /// [`crate::Renderer::animate`]).
    pub fn add_group(&mut self, gm: &'a GpuModel, g: &'a InstanceGroup) {
        if let Some(mesh) = g.mesh() {
            self.add_mesh(gm, mesh, None);
        }
    }

    /// Adds the batches of `gi` (prepared with the eye at its origin) as
    /// the sky: drawn before everything else, without depth test or write.
    pub fn add_sky(&mut self, gm: &'a GpuModel, gi: &'a GpuInstance) {
        let from = self.drawables.len();
        self.add_mesh(gm, &gi.mesh, None);
        self.drawables[from..].iter_mut().for_each(|d| d.sky = true);
    }

    fn add_mesh(&mut self, gm: &'a GpuModel, mesh: &'a MeshInstance, effects: Option<&'a EffectsInstance>) {
        let instance = self.instances.len() as u32;
        self.instances.push((gm, mesh, effects));
        self.drawables.extend(mesh.draws.iter().enumerate().map(|(i, d)| Drawable {
            sky: false,
            phase: d.phase,
            priority: d.priority as i32,
            distance: d.distance,
            kind: 0,
            layer: d.layer,
            blend: d.key.blend,
            payload: Payload::Batch { instance, draw: i as u32 },
        }));
    }

    /// Sorts the drawables (stable: equal keys keep the order they came in).
    fn sort(&mut self) {
        self.drawables.sort_by(|a, b| {
            b.sky.cmp(&a.sky).then(a.phase.cmp(&b.phase)).then_with(|| {
                if a.phase == DrawPhase::Opaque {
                    std::cmp::Ordering::Equal
                } else {
                    a.priority
                        .cmp(&b.priority)
                        .then(b.distance.total_cmp(&a.distance))
                        .then(a.kind.cmp(&b.kind))
                        .then(a.layer.cmp(&b.layer))
                        .then(a.blend.cmp(&b.blend))
                }
            })
        });
    }
}

impl crate::Renderer {
    /// Sorts `frame` and records it into `pass` (whose targets use this
    /// renderer's colour format and [`crate::DEPTH_FORMAT`]). Pipelines and
    /// bindings are set only when they change.
    pub fn record(&self, frame: &mut FrameBuilder<'_>, pass: &mut wgpu::RenderPass<'_>) {
        frame.sort();
        // The instance whose mesh buffers and frame constants are bound, and
        // the batch pipeline state set; emitters bind their own.
        let mut bound: Option<u32> = None;
        let mut pipeline = None;
        for d in &frame.drawables {
            match d.payload {
                Payload::Batch { instance, draw } => {
                    let (gm, mi, _) = frame.instances[instance as usize];
                    if bound != Some(instance) {
                        if !self.mesh.bind(&gm.mesh, mi, pass) {
                            continue;
                        }
                        bound = Some(instance);
                    }
                    let bd = &mi.draws[draw as usize];
                    let key =
                        if d.sky { PipelineKey { depth_test: false, depth_write: false, ..bd.key } } else { bd.key };
                    if pipeline != Some(key) {
                        pass.set_pipeline(&self.mesh.pipeline(&self.ctx, key));
                        pipeline = Some(key);
                    }
                    self.mesh.record(&gm.mesh, mi, bd, pass);
                }
                Payload::Emitter { instance, draw } => {
                    let (gm, _, Some(effects)) = frame.instances[instance as usize] else { continue };
                    self.particles.record(&self.ctx, &gm.effects, effects, &effects.draws[draw as usize], pass);
                    (bound, pipeline) = (None, None);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawable(phase: DrawPhase, priority: i32, distance: f32, kind: u8, n: u32) -> Drawable {
        Drawable {
            sky: false,
            phase,
            priority,
            distance,
            kind,
            layer: 0,
            blend: 0,
            payload: Payload::Batch { instance: 0, draw: n },
        }
    }

    #[test]
    fn one_sort_for_every_instance() {
        use DrawPhase::{Opaque, Transparent};
        let mut f = FrameBuilder::new();
        f.drawables = vec![
            drawable(Transparent, 0, 10.0, 0, 0), // host batch, far
            drawable(Opaque, 0, 1.0, 0, 1),
            drawable(Transparent, 1, 8.0, 0, 2), // priority 1: after every priority-0 draw
            drawable(Transparent, 0, 6.0, 1, 3), // emitter between the two priority-0 batches
            drawable(Opaque, 0, 99.0, 0, 4),     // opaque keeps insertion order
            drawable(Transparent, 0, 4.0, 0, 5), // e.g. the weapon's glow, nearer
            drawable(Transparent, 0, 4.0, 1, 6), // equal keys: the batch first
            Drawable { sky: true, ..drawable(Transparent, 0, 1.0, 0, 7) }, // a sky goes first,
            Drawable { sky: true, ..drawable(Opaque, 0, 1.0, 0, 8) }, // its opaque part first
        ];
        f.sort();
        let order: Vec<u32> = f
            .drawables
            .iter()
            .map(|d| match d.payload {
                Payload::Batch { draw, .. } | Payload::Emitter { draw, .. } => draw,
            })
            .collect();
        assert_eq!(order, [8, 7, 1, 4, 0, 3, 5, 6, 2]);
    }
}
