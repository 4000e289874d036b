//! One type for a model placed in a scene beside the scene's model: an
//! item on an attachment point, a rider on its mount, a 9.0+ character's
//! skinned model on its skeleton, a WMO's doodad, a tile's placement, a
//! scene file's model.

use std::collections::BTreeSet;
use std::sync::Arc;

use glam::Mat4;
use m2view_anim::{ModelInstance, SharedSkeleton};
use m2view_format::{LoadedModel, SequenceId};
use m2view_render::{GpuModel, Renderer};

/// A texture composed on the GPU over a model's own after upload (a
/// character's body: skin, face, underwear and worn items as layers).
/// The front end that dressed the model implements it.
pub trait Body: Send + Sync + std::fmt::Debug {
    /// Composes it into `gm`, the upload of `lm`.
    fn apply_gpu(&self, renderer: &Renderer, gm: &mut GpuModel, lm: &LoadedModel);
}

/// A model placed in a scene, animated by its own [`ModelInstance`] (its
/// own sequence; the scene's speed and pause).
#[derive(Debug, Clone)]
pub struct Placed {
    /// The attachment id it hangs on (wowdev wiki "M2", attachment ids: 0
    /// `MountMain`/shield, 1 `HandRight`, …), on its parent.
    pub id: u32,
    /// What it hangs on: the index of an earlier `Placed` of the same list
    /// (a rider's items hang on the rider); `None`: the scene's model.
    pub parent: Option<usize>,
    /// The model (shared by every placement of it).
    pub lm: Arc<LoadedModel>,
    /// Its animation state.
    pub instance: ModelInstance,
    /// The geosets it shows.
    pub geosets: BTreeSet<u16>,
    /// Worn on its parent's skeleton instead of an attachment (a 9.0+
    /// skinned model): which parent bone each of its bones follows.
    pub skeleton: Option<Arc<SharedSkeleton>>,
    /// Placed at a fixed transform in its parent's space (model units,
    /// Z-up) instead of on an attachment: a WMO's doodad, a tile's model.
    pub placement: Option<Mat4>,
    /// The WMO doodad (`MODD` index) it is, which portal culling hides
    /// with the groups that hold it.
    pub doodad: Option<usize>,
    /// A texture composed over its own (a rider's body, a skinned model
    /// wearing its character's).
    pub body: Option<Arc<dyn Body>>,
    /// Put on by the dressing (an equipment item or a skinned model),
    /// replaced when the dressing changes; the user's and the world's are not.
    pub worn: bool,
    /// When its sequence starts on the scene's clock, ms (a scene file's
    /// model): at scene time `t` it is `t − start_ms` into it (0 before).
    pub start_ms: f32,
}

impl Placed {
    /// `lm` on attachment `id` of the scene's model, playing its default
    /// sequence from its start, showing the game's default geosets.
    pub fn on(id: u32, lm: Arc<LoadedModel>) -> Placed {
        Placed {
            id,
            parent: None,
            instance: ModelInstance::new(&lm.model, 1),
            geosets: lm.model.default_geosets(0),
            lm,
            skeleton: None,
            placement: None,
            doodad: None,
            body: None,
            worn: false,
            start_ms: 0.0,
        }
    }

    /// `lm` at `placement` (model → its parent's space) in the scene's model.
    pub fn at(placement: Mat4, lm: Arc<LoadedModel>) -> Placed {
        Placed { placement: Some(placement), ..Placed::on(0, lm) }
    }

    /// It playing sequence `sequence` (ignored when out of range).
    pub fn playing(mut self, sequence: Option<SequenceId>) -> Placed {
        if let Some(s) = sequence.filter(|s| s.index() < self.lm.model.sequences.len()) {
            self.instance.player.sequence = s;
        }
        self
    }

    /// Its animation set to scene time `time_ms`: its sequence from its
    /// start, `time_ms − start_ms` into it (0 before).
    pub fn restart_at(&mut self, time_ms: f32) {
        let sequence = self.instance.player.sequence;
        let m = &self.lm.model;
        self.instance = ModelInstance::new(m, 1);
        self.instance.player.sequence = sequence;
        self.instance.player.advance(m, (time_ms - self.start_ms).max(0.0));
    }
}

/// Where a file places one model: a WMO's doodad (`MODD`), a tile's model
/// or WMO (`MDDF`, `MODF`), a neighbouring tile — the record the loaders
/// and the exports share, drawn as a [`Placed`].
#[derive(Debug, Clone)]
pub struct Placement {
    /// The model (shared by every placement of it).
    pub lm: Arc<LoadedModel>,
    /// Model → the placing file's space (model units, Z-up).
    pub world: Mat4,
    /// Its `MODD` index where it is a WMO's doodad (portal culling hides
    /// it with the groups that hold it); `None` otherwise.
    pub doodad: Option<usize>,
}

impl Placement {
    /// It placed in a scene ([`Placed::at`], its doodad index kept).
    pub fn into_placed(self) -> Placed {
        Placed { doodad: self.doodad, ..Placed::at(self.world, self.lm) }
    }
}
