//! Posing a model at one instant: bone palette (model-space matrices for GPU
//! skinning), colours, texture weights and texture matrices.
//!
//! Bone matrix (wowdev wiki "M2" (animation blocks) and WebWowViewerCpp `algorithms/animate.h`): `B = P' · T(pivot) · T(t) · R(q) · S(s) · T(−pivot)`
//! where `P'` is the parent matrix edited by the ignore-parent flags. Bones are
//! parents first (format-crate invariant), so one forward loop suffices.
//! Billboards (flags 0x8, 0x10/0x20/0x40) need the view matrix and rebuild the
//! rotation in view space (wowdev wiki "M2/Rendering").

use glam::{Mat3, Mat4, Vec3, Vec4};
use m2view_format::{BoneFlags as bf, Model};

use crate::sample::{Clock, quat, sample, sample_or, sample_spline};

/// Everything animated at one instant. Buffers are reused across frames.
#[derive(Debug, Clone, Default)]
pub struct Pose {
    /// Model-space bone matrices (the skinning palette), one per bone.
    pub bones: Vec<Mat4>,
    /// Per `Model::colors`: rgb and alpha (0..1).
    pub colors: Vec<Vec4>,
    /// Per `Model::texture_weights` (0..1).
    pub texture_weights: Vec<f32>,
    /// Per `Model::texture_transforms`: UV matrix (applied to `(u, v, 0, 1)`).
    pub texture_matrices: Vec<Mat4>,
    /// Per `Model::attachments`: model-space matrix of the attachment point.
    pub attachments: Vec<Mat4>,
    /// Per `Model::lights`: the light at this instant.
    pub lights: Vec<PoseLight>,
    /// Per `Model::flipbooks`: the frame shown (index into its `frames`).
    pub flipbook_frames: Vec<usize>,
    /// Per `Model::hd_animations`: the HD shading values at this instant
    /// (emissive gain, fresnel red, green, blue, opacity, team colour share).
    pub hd: Vec<[f32; 6]>,
}

/// A model light at one instant (wowdev wiki "M2", Lights; intensities and
/// colours as WebWowViewerCpp `AnimationManager::calcLights` combines them).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PoseLight {
    /// Point light (`kind` 1) or directional (0, and any other value).
    pub point: bool,
    /// Model-space position (bone matrix × `Light::position`).
    pub position: Vec3,
    /// Model-space direction the light comes from (directional lights): the
    /// bone's +Y, as WoW Model Viewer's `ModelLight` (the wiki names no axis).
    pub toward_light: Vec3,
    /// Ambient colour × ambient intensity (0..1 per channel, may exceed 1).
    pub ambient: Vec3,
    /// Diffuse colour × diffuse intensity.
    pub diffuse: Vec3,
    /// Attenuation start and end (model units): full strength up to the
    /// start, none past the end, linear between.
    pub attenuation: [f32; 2],
    /// The visibility track shows it.
    pub visible: bool,
}

/// The frame flipbook `f` shows at `clock`: by its keys (stepped, at most
/// the last frame), else by its global sequence's clock.
pub fn flipbook_frame(f: &m2view_format::TextureFlipbook, clock: &Clock<'_>) -> usize {
    match &f.keys {
        Some(keys) => (sample_or(keys, clock, 0.0).max(0.0) as usize).min(f.frames.len().saturating_sub(1)),
        None => f.frame_at(clock.global_ms),
    }
}

/// Samples every light of `model`, placed by the bone palette `bones`; a
/// 9.0+ model's `DETL` multiplies each light's diffuse colour (wowdev wiki
/// "M2", DETL: "multiplier for M2Light.diffuse_color").
fn pose_lights(model: &Model, clock: &Clock<'_>, bones: &[Mat4], out: &mut Vec<PoseLight>) {
    out.clear();
    out.extend(model.lights.iter().enumerate().map(|(i, l)| {
        let bone = l.bone.and_then(|b| bones.get(b.index())).copied().unwrap_or(Mat4::IDENTITY);
        let color = |c, i| Vec3::from(sample_or(c, clock, [1.0; 3])) * sample_or(i, clock, 1.0);
        PoseLight {
            point: l.kind == 1,
            position: bone.transform_point3(Vec3::from(l.position)),
            toward_light: bone.transform_vector3(Vec3::Y).normalize_or(Vec3::Z),
            ambient: color(&l.ambient_color, &l.ambient_intensity),
            diffuse: color(&l.diffuse_color, &l.diffuse_intensity) * model.chunk_data.diffuse_multiplier(i),
            attenuation: [sample_or(&l.attenuation_start, clock, 0.0), sample_or(&l.attenuation_end, clock, 1.0)],
            visible: sample_or(&l.visibility, clock, 1) != 0,
        }
    }));
}

/// A model camera at one instant (wowdev wiki "M2" page, "Cameras").
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CameraState {
    /// Eye: position base + position track.
    pub eye: Vec3,
    /// Target: target base + target track.
    pub target: Vec3,
    /// Roll in radians.
    pub roll: f32,
    /// Diagonal field of view in radians (vertical = diagonal / sqrt(1 + aspect²)).
    pub fov_diagonal: f32,
    /// Near clip.
    pub near: f32,
    /// Far clip.
    pub far: f32,
}

/// Samples camera `index` at `clock`; `None` if the model has no such camera.
pub fn camera_state(model: &Model, index: usize, clock: &Clock<'_>) -> Option<CameraState> {
    let c = model.cameras.get(index)?;
    let pos = sample_spline(&c.positions, clock).unwrap_or([0.0; 3]);
    let tgt = sample_spline(&c.targets, clock).unwrap_or([0.0; 3]);
    Some(CameraState {
        eye: Vec3::from(c.position_base) + Vec3::from(pos),
        target: Vec3::from(c.target_base) + Vec3::from(tgt),
        roll: sample_spline(&c.roll, clock).unwrap_or(0.0),
        fov_diagonal: sample_spline(&c.fov, clock).unwrap_or(0.95),
        near: c.near_clip,
        far: c.far_clip,
    })
}

/// Wraps the absolute clock into each global sequence (ms); a zero-length
/// global sequence stays at 0.
pub fn global_times(model: &Model, clock_ms: f64, out: &mut Vec<f32>) {
    out.clear();
    out.extend(
        model.global_sequences.iter().map(|&len| if len == 0 { 0.0 } else { (clock_ms.rem_euclid(len as f64)) as f32 }),
    );
}

/// Edits the parent matrix for the ignore-parent flags (wowdev wiki "M2" (animation blocks) and WebWowViewerCpp `algorithms/animate.h`,
/// root matrix = identity in model space).
fn edit_parent(parent: Mat4, flags: bf, pivot: Vec3) -> Mat4 {
    let ign_rot = flags.contains(bf::IGNORE_PARENT_ROTATION);
    let ign_scale = flags.contains(bf::IGNORE_PARENT_SCALE);
    let ign_trans = flags.contains(bf::IGNORE_PARENT_TRANSLATE);
    if !(ign_rot || ign_scale || ign_trans) {
        return parent;
    }
    let mut cols = [parent.x_axis, parent.y_axis, parent.z_axis];
    let identity = [Vec4::X, Vec4::Y, Vec4::Z];
    let edited3 = ign_rot || ign_scale;
    for i in 0..3 {
        cols[i] = match (ign_rot, ign_scale) {
            (true, true) => identity[i],
            // keep inherited scale, drop rotation
            (true, false) => identity[i] * cols[i].truncate().length(),
            // keep rotation, drop scale
            (false, true) => cols[i].truncate().normalize_or_zero().extend(0.0),
            (false, false) => cols[i],
        };
    }
    let m3 = Mat3::from_cols(cols[0].truncate(), cols[1].truncate(), cols[2].truncate());
    let w = if ign_trans {
        Vec4::W
    } else if edited3 {
        // keep the pivot where the unedited parent put it
        (parent.transform_point3(pivot) - m3 * pivot).extend(1.0)
    } else {
        parent.w_axis
    };
    Mat4::from_cols(cols[0], cols[1], cols[2], w)
}

/// Rebuilds the 3×3 of a billboarded bone matrix in view space (wowdev wiki "M2/Rendering",
/// right-handed: local +X faces the viewer, +Z is screen up).
fn billboard(m: Mat4, flags: bf, pivot: Vec3, view: Mat4) -> Mat4 {
    let mv = view * m;
    let (sx, sy, sz) = (mv.x_axis.truncate().length(), mv.y_axis.truncate().length(), mv.z_axis.truncate().length());
    let (c0, c1, c2);
    if flags.contains(bf::SPHERICAL_BILLBOARD) {
        c0 = Vec3::Z;
        c1 = Vec3::X;
        c2 = Vec3::Y;
    } else if flags.contains(bf::CYLINDRICAL_X) {
        let x = mv.x_axis.truncate().normalize_or_zero();
        let y = Vec3::new(x.y, -x.x, 0.0).normalize_or_zero();
        (c0, c1, c2) = (x, y, y.cross(x));
    } else if flags.contains(bf::CYLINDRICAL_Y) {
        let y = mv.y_axis.truncate().normalize_or_zero();
        let x = Vec3::new(-y.y, y.x, 0.0).normalize_or_zero();
        (c0, c1, c2) = (x, y, x.cross(y));
    } else {
        // lock Z: keep the bone's Z, turn X toward the viewer around it
        let z = mv.z_axis.truncate().normalize_or_zero();
        let y = Vec3::new(z.y, -z.x, 0.0).normalize_or_zero();
        (c0, c1, c2) = (y.cross(z), y, z);
    }
    let m3 = Mat3::from_cols(c0 * sx, c1 * sy, c2 * sz);
    let t = mv.transform_point3(pivot) - m3 * pivot;
    view.inverse() * Mat4::from_cols(m3.x_axis.extend(0.0), m3.y_axis.extend(0.0), m3.z_axis.extend(0.0), t.extend(1.0))
}

/// FacePose, the animation whose variants a model's `.bone` files offset.
const FACE_POSE: u16 = 808;

/// The `.bone` offsets of sequence `seq` (wowdev wiki "BONE": one file per
/// variant of FacePose, 808): `(bone, column-major matrix)`. The wiki names
/// them "transformation matrix for the given bone" without an order; here
/// each multiplies the bone's local transform on the right (applied to the
/// bind-pose geometry before the bone's own keys), so children follow.
fn face_pose_offsets(model: &Model, seq: usize) -> Option<&[(m2view_format::BoneId, [f32; 16])]> {
    let s = model.sequences.get(seq).filter(|s| s.anim_id == FACE_POSE)?;
    model.bone_sets.iter().find(|b| b.variant == Some(s.variation)).map(|b| b.bones.as_slice())
}

/// The offset of bone `i` that always applies (a 9.0+ customization's
/// bone sets, `variant` `None`; the last set naming the bone wins).
fn customization_offset(model: &Model, i: usize) -> Option<&[f32; 16]> {
    let sets = model.bone_sets.iter().rev().filter(|b| b.variant.is_none());
    sets.flat_map(|b| &b.bones).find(|(id, _)| id.index() == i).map(|(_, m)| m)
}

/// Computes the pose of `model` at `clock`. `view` (model → view space) is
/// needed only for billboarded bones; without it they keep their animated rotation.
pub fn evaluate(model: &Model, clock: &Clock<'_>, view: Option<Mat4>, pose: &mut Pose) {
    pose.bones.clear();
    let offsets = face_pose_offsets(model, clock.sequence);
    for (i, b) in model.bones.iter().enumerate() {
        let pivot = Vec3::from(b.pivot);
        let t = Vec3::from(sample_or(&b.translation, clock, [0.0; 3]));
        let r = quat(sample_or(&b.rotation, clock, [0.0, 0.0, 0.0, 1.0]));
        let s = Vec3::from(sample_or(&b.scale, clock, [1.0; 3]));
        let local = Mat4::from_translation(pivot + t)
            * Mat4::from_quat(r)
            * Mat4::from_scale(s)
            * Mat4::from_translation(-pivot);
        let local = match customization_offset(model, i) {
            Some(m) => local * Mat4::from_cols_array(m),
            None => local,
        };
        let local = match offsets.and_then(|o| o.iter().find(|(id, _)| id.index() == i)) {
            Some((_, m)) => local * Mat4::from_cols_array(m),
            None => local,
        };
        let parent = match b.parent {
            Some(p) => edit_parent(pose.bones[p.index()], b.flags, pivot),
            None => Mat4::IDENTITY,
        };
        let mut m = parent * local;
        if b.flags.intersects(bf::BILLBOARD)
            && let Some(v) = view
        {
            m = billboard(m, b.flags, pivot, v);
        }
        pose.bones.push(m);
    }
    pose.colors.clear();
    pose.colors.extend(model.colors.iter().map(|c| {
        let rgb = sample_or(&c.color, clock, [1.0; 3]);
        Vec4::new(rgb[0], rgb[1], rgb[2], sample_or(&c.alpha, clock, 1.0))
    }));
    pose.texture_weights.clear();
    pose.texture_weights.extend(model.texture_weights.iter().map(|w| sample_or(w, clock, 1.0)));
    pose.hd.clear();
    pose.hd.extend(model.hd_animations.iter().map(|h| {
        let [r, g, b] = sample_or(&h.fresnel_color, clock, [1.0; 3]);
        let gain = sample_or(&h.emissive_gain, clock, 1.0);
        [gain, r, g, b, sample_or(&h.fresnel_opacity, clock, 0.0), sample_or(&h.fresnel_team_color, clock, 0.0)]
    }));
    pose.texture_matrices.clear();
    pose.texture_matrices.extend(model.texture_transforms.iter().map(|tt| {
        // wowdev wiki "M2/Rendering": rotate and scale about (0.5, 0.5), then translate (applied first).
        let c = Vec3::new(0.5, 0.5, 0.0);
        let mut m = Mat4::IDENTITY;
        if let Some(q) = sample(&tt.rotation, clock) {
            m = m * Mat4::from_translation(c) * Mat4::from_quat(quat(q)) * Mat4::from_translation(-c);
        }
        if let Some(s) = sample(&tt.scaling, clock) {
            m = m * Mat4::from_translation(c) * Mat4::from_scale(Vec3::from(s)) * Mat4::from_translation(-c);
        }
        if let Some(t) = sample(&tt.translation, clock) {
            m *= Mat4::from_translation(Vec3::from(t));
        }
        m
    }));
    let bones = &pose.bones;
    let bone =
        |b: Option<m2view_format::BoneId>| b.and_then(|b| bones.get(b.index())).copied().unwrap_or(Mat4::IDENTITY);
    pose.attachments.clear();
    pose.attachments
        .extend(model.attachments.iter().map(|a| bone(a.bone) * Mat4::from_translation(Vec3::from(a.position))));
    pose_lights(model, clock, &pose.bones, &mut pose.lights);
    pose.flipbook_frames.clear();
    pose.flipbook_frames.extend(model.flipbooks.iter().map(|f| flipbook_frame(f, clock)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use m2view_format::fixtures;

    fn model(v: u32) -> Model {
        let m2 = m2view_format::writer::write_md20(&fixtures::two_boxes(v));
        let skin = m2view_format::writer::write_skin(&fixtures::skin_profile(v), v);
        let skins: Vec<(&str, &[u8])> = if v >= 264 { vec![("s", &skin)] } else { vec![] };
        m2view_format::model_from_bytes(&m2, "t.m2", &skins).unwrap()
    }

    #[test]
    fn bone_files_offset_their_face_pose_variant() {
        let mut m = model(264);
        // Walk (sequence 1) played as FacePose variant 1, with a `.bone`
        // set moving bone 0 up 3 units: bone 1 follows its parent.
        m.sequences[1].anim_id = FACE_POSE;
        m.sequences[1].variation = 1;
        let up = Mat4::from_translation(Vec3::new(0.0, 0.0, 3.0)).to_cols_array();
        m.bone_sets.push(m2view_format::BoneSet {
            file: "t_01.bone".into(),
            variant: Some(1),
            bones: vec![(m2view_format::BoneId(0), up)],
        });
        let (mut plain, mut offset) = (Pose::default(), Pose::default());
        let g = [0.0];
        let mut unset = m.clone();
        unset.bone_sets.clear();
        evaluate(&unset, &Clock::new(1, 250.0, &g), None, &mut plain);
        evaluate(&m, &Clock::new(1, 250.0, &g), None, &mut offset);
        for b in 0..2 {
            let moved = offset.bones[b].transform_point3(Vec3::ZERO) - plain.bones[b].transform_point3(Vec3::ZERO);
            assert!((moved - Vec3::new(0.0, 0.0, 3.0)).length() < 1e-5, "bone {b}: {moved}");
        }
        // Another variant, or another sequence, takes no offsets.
        m.bone_sets[0].variant = Some(2);
        evaluate(&m, &Clock::new(1, 250.0, &g), None, &mut offset);
        assert_eq!(offset.bones, plain.bones);
    }

    #[test]
    fn a_flipbook_shows_a_frame_every_frame_ms_of_its_global_clock() {
        // Three frames of 60 ms on global sequence 1 (180 ms long: the clock wraps with them).
        let mut m = model(264);
        m.flipbooks = vec![m2view_format::TextureFlipbook {
            frames: vec![m2view_format::TextureId(0); 3],
            frame_ms: 60,
            global_sequence: 1,
            keys: None,
            material: None,
        }];
        let mut pose = Pose::default();
        let frame = |global: f32, pose: &mut Pose| {
            evaluate(&m, &Clock::new(0, 0.0, &[0.0, global]), None, pose);
            pose.flipbook_frames[0]
        };
        assert_eq!([0.0, 59.9, 60.0, 130.0, 179.0].map(|t| frame(t, &mut pose)), [0, 0, 1, 2, 2]);
        // A clock the model lacks (hostile files) shows the first frame.
        evaluate(&m, &Clock::new(0, 0.0, &[0.0]), None, &mut pose);
        assert_eq!(pose.flipbook_frames, [0]);
    }

    #[test]
    fn a_keyed_flipbook_steps_through_its_keys() {
        // A Warcraft III KMTF track: frame 0 from 0 ms, 2 from 100 ms, 1 from 300 ms of
        // sequence 0; a key past the frames shows the last.
        let mut m = model(264);
        let keys = m2view_format::Track {
            interpolation: m2view_format::Interpolation::None,
            global_sequence: None,
            sequences: vec![m2view_format::Keys::new(vec![0, 100, 300, 400], vec![0.0, 2.0, 1.0, 9.0])],
        };
        m.flipbooks = vec![m2view_format::TextureFlipbook {
            frames: vec![m2view_format::TextureId(0); 3],
            frame_ms: 1,
            global_sequence: 0,
            keys: Some(keys),
            material: Some(0),
        }];
        let mut pose = Pose::default();
        let frame = |ms: f32, pose: &mut Pose| {
            evaluate(&m, &Clock::new(0, ms, &[0.0]), None, pose);
            pose.flipbook_frames[0]
        };
        assert_eq!([0.0, 99.0, 100.0, 299.0, 300.0, 450.0].map(|t| frame(t, &mut pose)), [0, 0, 2, 2, 1, 2]);
    }

    #[test]
    fn child_bone_rotates_about_its_pivot() {
        for v in [256, 260, 264, 272] {
            let m = model(v);
            let mut pose = Pose::default();
            let g = [0.0];
            // Stand at 1000 ms: bone 1 rotated 90° about Z around pivot (0, 0, 1).
            let c = Clock::new(0, 1000.0, &g);
            evaluate(&m, &c, None, &mut pose);
            let p = pose.bones[1].transform_point3(Vec3::new(0.5, 0.5, 2.0));
            assert!((p - Vec3::new(-0.5, 0.5, 2.0)).length() < 1e-3, "v{v}: {p}");
            // Pivot stays fixed.
            assert!((pose.bones[1].transform_point3(Vec3::Z) - Vec3::Z).length() < 1e-5);
            // Half way: 45°.
            let c = Clock::new(0, 500.0, &g);
            evaluate(&m, &c, None, &mut pose);
            let p = pose.bones[1].transform_point3(Vec3::new(1.0, 0.0, 1.5));
            let h = std::f32::consts::FRAC_1_SQRT_2;
            assert!((p - Vec3::new(h, h, 1.5)).length() < 1e-3, "v{v}: {p}");
            // Walk at 250 ms: translated up by 0.5 (linear 0 → 1 over 500 ms).
            let c = Clock::new(1, 250.0, &g);
            evaluate(&m, &c, None, &mut pose);
            assert!((pose.bones[1].w_axis.truncate() - Vec3::new(0.0, 0.0, 0.5)).length() < 1e-5);
            // Colour alpha 1 → 0.5 over Stand; texture transform on the global clock.
            let g = [500.0];
            let c = Clock::new(0, 500.0, &g);
            evaluate(&m, &c, None, &mut pose);
            assert!((pose.colors[0].w - 0.75).abs() < 1e-3, "{}", pose.colors[0]);
            assert!((pose.texture_matrices[0].w_axis.x - 0.25).abs() < 1e-6);
            // Attachment (Helm) on bone 1 at (0, 0, 2) stays over the pivot as the bone turns.
            assert!((pose.attachments[0].w_axis.truncate() - Vec3::new(0.0, 0.0, 2.0)).length() < 1e-4);
            // Point light on bone 1 at (0, 0, 2.5): colour (1, 0.9, 0.8) × 0.8, ambient 0.1 × 1.
            let l = pose.lights[0];
            assert!(l.visible && l.point);
            assert!((l.position - Vec3::new(0.0, 0.0, 2.5)).length() < 1e-4, "{}", l.position);
            assert!((l.diffuse - Vec3::new(0.8, 0.72, 0.64)).length() < 1e-5 && l.ambient == Vec3::splat(0.1));
            // The file's 1 → 5 gives way to the client's fixed attenuation (no flag 0x8000).
            assert_eq!(l.attenuation, [1.6666, 5.2666]);
            // A 9.0+ DETL multiplies the diffuse colour: × 1.5 gives (1.2, 1.08, 0.96).
            let mut detailed = m.clone();
            detailed.chunk_data.light_details = m2view_format::fixtures::chunk_data().light_details;
            evaluate(&detailed, &c, None, &mut pose);
            assert!(
                (pose.lights[0].diffuse - Vec3::new(1.2, 1.08, 0.96)).length() < 1e-5,
                "{}",
                pose.lights[0].diffuse
            );
            evaluate(&m, &c, None, &mut pose);
            let cam = camera_state(&m, 0, &c).unwrap();
            assert_eq!((cam.eye, cam.target, cam.fov_diagonal), (Vec3::new(4.0, 0.0, 1.0), Vec3::Z, 0.95));
        }
    }

    #[test]
    fn ignore_parent_flags() {
        let parent = Mat4::from_scale_rotation_translation(
            Vec3::splat(2.0),
            glam::Quat::from_rotation_z(1.0),
            Vec3::new(5.0, 0.0, 0.0),
        );
        let pivot = Vec3::new(0.0, 0.0, 1.0);
        // ignore translation: origin goes back to the root
        assert_eq!(edit_parent(parent, bf::IGNORE_PARENT_TRANSLATE, pivot).w_axis, Vec4::W);
        // ignore rotation + scale: identity 3x3, pivot stays where the parent put it
        let e = edit_parent(parent, bf::IGNORE_PARENT_ROTATION | bf::IGNORE_PARENT_SCALE, pivot);
        assert_eq!(Mat3::from_mat4(e), Mat3::IDENTITY);
        assert!((e.transform_point3(pivot) - parent.transform_point3(pivot)).length() < 1e-5);
        // ignore scale: unit axes, same directions
        let e = edit_parent(parent, bf::IGNORE_PARENT_SCALE, pivot);
        assert!((e.x_axis.truncate().length() - 1.0).abs() < 1e-6);
        assert!(e.x_axis.truncate().normalize().dot(parent.x_axis.truncate().normalize()) > 0.9999);
    }

    #[test]
    fn spherical_billboard_faces_the_viewer() {
        let view = glam::camera::rh::view::look_at_mat4(Vec3::new(3.0, 4.0, 2.0), Vec3::ZERO, Vec3::Z);
        let m = billboard(Mat4::IDENTITY, bf::SPHERICAL_BILLBOARD, Vec3::ZERO, view);
        // local +X points at the camera
        let x = (view * m).x_axis.truncate().normalize();
        assert!((x - Vec3::Z).length() < 1e-5, "{x}");
        let mut global = Vec::new();
        let mut md = model(264);
        md.global_sequences = vec![2000, 0];
        global_times(&md, 5500.0, &mut global);
        assert_eq!(global, vec![1500.0, 0.0]);
    }
}
