//! Scenes (`render --scene`, `export --scene`): a JSON file that places
//! several models, WMOs and map tiles in one world (model units, Z up, as
//! the game's) with a camera path. The format is documented in
//! `docs/scenes.md`; every field but `models[].file` is optional:
//!
//! ```json
//! { "duration_ms": 4000,
//!   "models": [ { "file": "Creature/Murloc/Murloc.m2", "position": [0, 0, 0],
//!                 "rotation": [0, 0, 90], "scale": 1.0, "anim_id": 4, "start_ms": 500 } ],
//!   "camera": { "interpolation": "smooth",
//!               "keys": [ { "time_ms": 0, "position": [8, 0, 2], "target": [0, 0, 1], "fov": 45 } ] } }
//! ```

use std::path::{Path, PathBuf};
use std::sync::Arc;

use glam::{Mat4, Quat, Vec3};
use m2view_format::{LoadedModel, SequenceId};
use m2view_render::camera::CameraSpec;
use serde::{Deserialize, Serialize};

use crate::error::AppError;
use crate::open::{OpenOptions, Opened};
use m2view_export::{CameraSample, CameraTrack};
use m2view_scene::Placement;

/// Whether `path` names a scene file (`.json`), which the window opens as
/// a scene rather than a model.
pub fn is_scene_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// A scene file as written.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SceneFile {
    /// How long the scene plays, ms (a video's default length). Default:
    /// the camera path's last key, else 4000.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<f32>,
    /// What stands in it, at least one.
    pub models: Vec<SceneModel>,
    /// The camera path; without one the scene is framed as a single model
    /// is (`--camera`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub camera: Option<CameraPath>,
}

/// One model, WMO or map tile placed in a scene.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SceneModel {
    /// The file: relative to the scene file's folder where it is found
    /// there, else as given (a virtual path of `--data`, or a path).
    pub file: PathBuf,
    /// Where its origin stands (model units, Z up).
    #[serde(default)]
    pub position: [f32; 3],
    /// Degrees about X, Y and Z, turned in that order (so Z, the heading,
    /// last).
    #[serde(default)]
    pub rotation: [f32; 3],
    /// Uniform scale (positive).
    #[serde(default = "one")]
    pub scale: f32,
    /// The sequence it plays, by index.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sequence: Option<u16>,
    /// The sequence it plays, by animation id (the first with it);
    /// overrides `sequence`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anim_id: Option<u16>,
    /// When its sequence starts on the scene's clock, ms.
    #[serde(default)]
    pub start_ms: f32,
    /// A WMO's doodad set placed besides set 0.
    #[serde(default)]
    pub doodad_set: usize,
}

impl SceneModel {
    /// `file` at the origin, unturned, at scale 1, from the start.
    pub fn at(file: PathBuf) -> SceneModel {
        SceneModel {
            file,
            position: [0.0; 3],
            rotation: [0.0; 3],
            scale: 1.0,
            sequence: None,
            anim_id: None,
            start_ms: 0.0,
            doodad_set: 0,
        }
    }
}

fn one() -> f32 {
    1.0
}

/// Camera keyframes and how to go between them.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CameraPath {
    /// Keys in time order, at least one.
    pub keys: Vec<CameraKey>,
    /// Between keys: `linear` (the default), `smooth` (a Catmull–Rom
    /// spline through the positions and targets) or `step` (hold each key).
    #[serde(default)]
    pub interpolation: Interpolation,
}

/// One camera key.
#[derive(Debug, Clone, Copy, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CameraKey {
    /// On the scene's clock, ms.
    pub time_ms: f32,
    /// The eye (model units, Z up).
    pub position: [f32; 3],
    /// The point looked at.
    pub target: [f32; 3],
    /// Vertical field of view, degrees (default 45).
    #[serde(default = "default_fov")]
    pub fov: f32,
}

fn default_fov() -> f32 {
    45.0
}

/// How a camera path goes between keys.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Interpolation {
    /// Straight lines at constant speed between keys.
    #[default]
    Linear,
    /// A uniform Catmull–Rom spline through the keys (end keys repeated).
    Smooth,
    /// Each key held until the next.
    Step,
}

impl CameraPath {
    /// Eye, target and vertical field of view (degrees) at `t` ms: the
    /// first key before it, the last after it.
    pub fn at(&self, t: f32) -> (Vec3, Vec3, f32) {
        let k = &self.keys;
        let i = k.partition_point(|key| key.time_ms <= t);
        if i == 0 || i == k.len() || self.interpolation == Interpolation::Step {
            let key = k[i.saturating_sub(1).min(k.len() - 1)];
            return (key.position.into(), key.target.into(), key.fov);
        }
        let (a, b) = (k[i - 1], k[i]);
        let u = ((t - a.time_ms) / (b.time_ms - a.time_ms)).clamp(0.0, 1.0);
        let fov = a.fov + (b.fov - a.fov) * u;
        if self.interpolation == Interpolation::Linear {
            let lerp = |p: [f32; 3], q: [f32; 3]| Vec3::from(p).lerp(q.into(), u);
            return (lerp(a.position, b.position), lerp(a.target, b.target), fov);
        }
        let (p0, p3) = (k[i.saturating_sub(2)], k[(i + 1).min(k.len() - 1)]);
        let spline = |f: fn(&CameraKey) -> [f32; 3]| catmull_rom(f(&p0), f(&a), f(&b), f(&p3), u);
        (spline(|k| k.position), spline(|k| k.target), fov)
    }

    /// The path as exported: at each key (a `step` path), else 30 times a
    /// second over `duration` ms and at each key within it.
    pub fn track(&self, duration: f32) -> CameraTrack {
        let step = self.interpolation == Interpolation::Step;
        let mut times: Vec<f32> = self.keys.iter().map(|k| k.time_ms).filter(|&t| step || t <= duration).collect();
        if !step {
            times.extend(m2view_export::sampling::every_30hz(duration));
            times.sort_by(f32::total_cmp);
            times.dedup_by(|a, b| (*a - *b).abs() < 0.5);
        }
        let samples = times
            .into_iter()
            .map(|time_ms| {
                let (eye, target, fov) = self.at(time_ms);
                CameraSample { time_ms, eye, target, fov }
            })
            .collect();
        CameraTrack { samples, step }
    }
}

/// The uniform Catmull–Rom spline through `p1` (u = 0) and `p2` (u = 1),
/// `p0` and `p3` its neighbours.
fn catmull_rom(p0: [f32; 3], p1: [f32; 3], p2: [f32; 3], p3: [f32; 3], u: f32) -> Vec3 {
    let (p0, p1, p2, p3) = (Vec3::from(p0), Vec3::from(p1), Vec3::from(p2), Vec3::from(p3));
    let (u2, u3) = (u * u, u * u * u);
    0.5 * (2.0 * p1 + (p2 - p0) * u + (2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3) * u2 + (3.0 * p1 - p0 - 3.0 * p2 + p3) * u3)
}

impl SceneModel {
    /// Model → scene space: scale, then X, Y, Z rotations, then position.
    pub fn placement(&self) -> Mat4 {
        let [x, y, z] = self.rotation.map(f32::to_radians);
        let r = Quat::from_rotation_z(z) * Quat::from_rotation_y(y) * Quat::from_rotation_x(x);
        Mat4::from_scale_rotation_translation(Vec3::splat(self.scale), r, self.position.into())
    }
}

/// A scene read and its models loaded.
pub struct Scene {
    /// The scene file.
    pub path: PathBuf,
    /// The file as written.
    pub file: SceneFile,
    /// Each model (index = `file.models`'), with the WMO doodads and tile
    /// placements that come with it, in its own space; a file placed more
    /// than once is loaded once and shared.
    pub loaded: Vec<(Arc<LoadedModel>, Vec<Placement>)>,
}

impl Scene {
    /// Reads the scene at `path` and loads its models through `opts`.
    /// Errors (each naming the scene file and the place): unreadable or
    /// broken JSON (line and column), an unknown field, no models, a model
    /// that does not load (`models[i]` and its file), a scale that is not
    /// positive, an animation id the model lacks, a camera path without
    /// keys, keys out of time order, a key looking straight up or down or
    /// with a field of view outside 1–170°.
    pub fn open(path: &Path, opts: &OpenOptions) -> Result<Scene, AppError> {
        let at = |place: &str, msg: &str| AppError::Input(format!("{}: {place}: {msg}", path.display()));
        let text = std::fs::read_to_string(path).map_err(|e| AppError::Input(format!("{}: {e}", path.display())))?;
        let file: SceneFile = serde_json::from_str(&text).map_err(|e| {
            // serde_json's message ends with the place, which is said first here.
            let msg = e.to_string();
            let msg = msg.rsplit_once(" at line ").map_or(msg.as_str(), |(m, _)| m);
            at(&format!("line {}, column {}", e.line(), e.column()), msg)
        })?;
        if file.models.is_empty() {
            return Err(at("models", "a scene places at least one model"));
        }
        if let Some(c) = &file.camera {
            if c.keys.is_empty() {
                return Err(at("camera.keys", "a camera path needs at least one key"));
            }
            for (i, k) in c.keys.iter().enumerate() {
                // (JSON has no NaN: the times compare.)
                if i > 0 && k.time_ms <= c.keys[i - 1].time_ms {
                    return Err(at(&format!("camera.keys[{i}]"), "time_ms must grow from key to key"));
                }
                if CameraSpec::look(k.position.into(), k.target.into(), k.fov).is_none() {
                    return Err(at(
                        &format!("camera.keys[{i}]"),
                        "the eye must not look straight up or down, nor be its target; fov 1–170°",
                    ));
                }
            }
        }
        Scene::place(path, file, opts, &|_| {})
    }

    /// The scene `file` (named `path` in messages; its models' relative
    /// files found beside `path` first): every model opened once with what
    /// it places, `done(n)` called as the `n`th model is ready (a progress bar).
    ///
    /// # Errors
    /// A model that does not open, a sequence it lacks (each named by its
    /// place in the file).
    pub fn place(path: &Path, file: SceneFile, opts: &OpenOptions, done: &dyn Fn(usize)) -> Result<Scene, AppError> {
        let at = |place: &str, msg: &str| AppError::Input(format!("{}: {place}: {msg}", path.display()));
        let dir = path.parent().unwrap_or(Path::new("."));
        // A file placed many times is read once (and its placements share it).
        let mut unique: Vec<(LoadedModel, Vec<Placement>)> = Vec::new();
        let mut seen: std::collections::HashMap<(PathBuf, usize), usize> = Default::default();
        let mut which = Vec::with_capacity(file.models.len());
        for (i, m) in file.models.iter().enumerate() {
            let place = format!("models[{i}] ({})", m.file.display());
            if !(m.scale.is_finite() && m.scale > 0.0 && m.start_ms.is_finite()) {
                return Err(at(&place, "scale must be positive and start_ms a number"));
            }
            let beside = dir.join(&m.file);
            let file = if m.file.is_relative() && beside.exists() { beside } else { m.file.clone() };
            let k = match seen.get(&(file.clone(), m.doodad_set)) {
                Some(&k) => k,
                None => {
                    let mut o = Opened::open(&file, opts).map_err(|e| at(&place, &e.to_string()))?;
                    let placed = crate::world::placements(&mut o.lm, m.doodad_set, opts);
                    for w in &o.lm.model.warnings {
                        eprintln!("warning: {place}: {w}");
                    }
                    unique.push((o.lm, placed));
                    seen.insert((file, m.doodad_set), unique.len() - 1);
                    unique.len() - 1
                }
            };
            let lm = &mut unique[k].0;
            if let Some(id) = m.anim_id
                && lm.model.find_sequence(id).is_none()
            {
                return Err(at(&place, &format!("no sequence with animation id {id}")));
            }
            if let Some(s) = sequence_of(m, &lm.model) {
                lm.load_anim(s).map_err(|e| at(&place, &e.to_string()))?;
            }
            which.push(k);
            done(i + 1);
        }
        let unique: Vec<_> = unique.into_iter().map(|(lm, placed)| (Arc::new(lm), placed)).collect();
        let loaded = which.into_iter().map(|k| unique[k].clone()).collect();
        Ok(Scene { path: path.to_path_buf(), file, loaded })
    }

    /// How long it plays, ms: `duration_ms`, else the camera's last key
    /// (when after 0), else 4000.
    pub fn duration_ms(&self) -> f32 {
        let last = self.file.camera.as_ref().and_then(|c| c.keys.last()).map_or(0.0, |k| k.time_ms);
        self.file.duration_ms.filter(|d| *d > 0.0).unwrap_or(if last > 0.0 { last } else { 4000.0 })
    }

    /// The camera at `t` ms: the path's, else `fallback`.
    pub fn camera(&self, t: f32, fallback: CameraSpec) -> CameraSpec {
        let Some(path) = &self.file.camera else { return fallback };
        let (eye, target, fov) = path.at(t);
        CameraSpec::look(eye, target, fov).unwrap_or(fallback)
    }

    /// The camera path as exported ([`CameraPath::track`] over the
    /// scene's duration); `None` without a path.
    pub fn camera_track(&self) -> Option<CameraTrack> {
        Some(self.file.camera.as_ref()?.track(self.duration_ms()))
    }

    /// The root drawn (empty) and every model hung on it at its placement,
    /// playing its sequence from its start time; a WMO's doodads and a
    /// tile's placements hang on their model.
    pub fn render_parts(&self) -> (LoadedModel, Vec<m2view_scene::Placed>) {
        let mut out = Vec::new();
        for (m, (lm, placed)) in self.file.models.iter().zip(&self.loaded) {
            let parent = out.len();
            let model =
                m2view_scene::Placed { start_ms: m.start_ms, ..m2view_scene::Placed::at(m.placement(), lm.clone()) };
            out.push(model.playing(sequence_of(m, &lm.model)));
            let children = placed.iter().cloned().map(Placement::into_placed);
            out.extend(children.map(|c| m2view_scene::Placed { parent: Some(parent), ..c }));
        }
        (LoadedModel::empty(&self.path), out)
    }

    /// For each of [`Scene::placed`]'s placements, in its order: the
    /// sequence it plays (`None`: its default) and when it starts, ms. A
    /// WMO's doodads and a tile's placements play their default from 0.
    pub fn clocks(&self) -> Vec<(Option<SequenceId>, f32)> {
        let mut out = Vec::new();
        for (m, (lm, placed)) in self.file.models.iter().zip(&self.loaded) {
            out.push((sequence_of(m, &lm.model), m.start_ms));
            out.extend(placed.iter().map(|_| (None, 0.0)));
        }
        out
    }

    /// Every model placed in scene space (with its WMO doodads and tile
    /// placements): what `export --scene` writes under an empty root.
    pub fn placed(&self) -> Vec<Placement> {
        let mut out = Vec::new();
        for (m, (lm, placed)) in self.file.models.iter().zip(&self.loaded) {
            let world = m.placement();
            out.push(Placement { lm: lm.clone(), world, doodad: None });
            out.extend(placed.iter().map(|p| Placement { world: world * p.world, ..p.clone() }));
        }
        out
    }
}

/// The sequence `m` asks of `model`: by animation id, else by index
/// (`None`: the model's default; an index out of range is ignored).
fn sequence_of(m: &SceneModel, model: &m2view_format::Model) -> Option<SequenceId> {
    match m.anim_id {
        Some(id) => model.find_sequence(id),
        None => m.sequence.map(SequenceId).filter(|s| s.index() < model.sequences.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(t: f32, x: f32) -> CameraKey {
        CameraKey { time_ms: t, position: [x, 0.0, 0.0], target: [x + 1.0, 0.0, 0.0], fov: 40.0 + x }
    }

    #[test]
    fn camera_paths_interpolate_between_keys() {
        let keys = vec![key(0.0, 0.0), key(1000.0, 10.0), key(2000.0, 20.0), key(3000.0, 60.0)];
        let linear = CameraPath { keys: keys.clone(), interpolation: Interpolation::Linear };
        assert_eq!(linear.at(-5.0).0, Vec3::ZERO, "before the first key: the first");
        assert_eq!(linear.at(9999.0).0.x, 60.0, "after the last: the last");
        let (eye, target, fov) = linear.at(500.0);
        assert_eq!((eye.x, target.x, fov), (5.0, 6.0, 45.0));
        let step = CameraPath { keys: keys.clone(), interpolation: Interpolation::Step };
        assert_eq!(step.at(1999.0).0.x, 10.0);
        // Catmull–Rom passes through every key; halfway between 10 and 20
        // with neighbours 0 and 60: ½·(2·10 + (20 − 0)·½ + (0 − 50 + 80 − 60)·¼
        // + (30 − 0 − 60 + 60)·⅛) = 13.125 (the far key at 60 pulls less than
        // the spline's slope there would suggest; linear would say 15).
        let smooth = CameraPath { keys, interpolation: Interpolation::Smooth };
        assert_eq!(smooth.at(1000.0).0.x, 10.0);
        assert!((smooth.at(1500.0).0.x - 13.125).abs() < 1e-4, "{}", smooth.at(1500.0).0.x);
    }

    #[test]
    fn a_camera_path_is_exported_at_its_keys_and_30_times_a_second() {
        let keys = vec![key(0.0, 0.0), key(1000.0, 10.0), key(1500.0, 20.0)];
        let step = CameraPath { keys: keys.clone(), interpolation: Interpolation::Step }.track(2000.0);
        assert!(step.step);
        let times: Vec<f32> = step.samples.iter().map(|s| s.time_ms).collect();
        assert_eq!(times, [0.0, 1000.0, 1500.0]);
        assert_eq!(step.samples[1].eye.x, 10.0);
        // Linear over 1 s: 31 samples (0, 33.3 … 1000 ms) — the key at 1500 ms lies past the end.
        let linear = CameraPath { keys, interpolation: Interpolation::Linear }.track(1000.0);
        assert_eq!(linear.samples.len(), 31);
        assert_eq!(linear.samples.last().map(|s| (s.time_ms, s.eye.x)), Some((1000.0, 10.0)));
        assert!((linear.samples[15].eye.x - 5.0).abs() < 1e-4, "{:?}", linear.samples[15]);
        assert!(linear.samples.windows(2).all(|w| w[1].time_ms > w[0].time_ms));
    }

    #[test]
    fn placement_scales_turns_about_x_y_z_then_moves() {
        let m: SceneModel =
            serde_json::from_str(r#"{"file": "a.m2", "position": [1, 2, 3], "rotation": [0, 0, 90], "scale": 2}"#)
                .unwrap();
        // (1, 0, 0) → scaled (2, 0, 0) → a quarter turn about Z (0, 2, 0) → moved (1, 4, 3).
        let p = m.placement().transform_point3(Vec3::X);
        assert!((p - Vec3::new(1.0, 4.0, 3.0)).length() < 1e-5, "{p}");
        let tilted: SceneModel = serde_json::from_str(r#"{"file": "a.m2", "rotation": [90, 0, 90]}"#).unwrap();
        // Y → Z about X first, then Z stays Z about Z.
        assert!((tilted.placement().transform_vector3(Vec3::Y) - Vec3::Z).length() < 1e-5);
    }
}
