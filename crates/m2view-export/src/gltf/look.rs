//! What a batch's material shows that the game animates, kept in glTF:
//! its texture transform (`M2TextureTransform`, wowdev wiki "M2#Texture
//! transforms") as `KHR_texture_transform`, its colour and transparency
//! (`M2Color`, the first texture's weight) as the base colour factor — at
//! the first sequence's first instant, and animated per sequence through
//! `KHR_animation_pointer` channels sampled at 30 Hz.
//!
//! The M2 UV matrix (`m2view_anim::pose`: rotation and scale about
//! (0.5, 0.5), then translation) is an affine map `uv ↦ L·uv + o`; glTF's
//! is `uv ↦ offset + R(θ)·(scale ⊙ uv)` with `R(θ) = [[cos θ, sin θ],
//! [−sin θ, cos θ]]` (KHR_texture_transform's README: its example, the
//! lower left quadrant turned clockwise, and three.js's `setUvTransform`
//! read it so), so `L = R(θ)·diag(scale)` is taken apart column by column.

use gltf_json as json;
use m2view_anim::{Clock, Pose};
use m2view_format::{Batch, Model};

use super::Builder;

/// The animated inputs of one glTF material.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Look {
    /// Index into `Model::texture_transforms` of the first texture stage.
    transform: Option<u16>,
    /// Index into `Model::colors`.
    color: Option<u16>,
    /// Index into `Model::texture_weights` of the first stage, and whether it multiplies alpha.
    weight: Option<u16>,
    weight_alpha: bool,
}

/// The values of a [`Look`] at one instant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LookValues {
    /// `KHR_texture_transform` offset, rotation (radians) and scale.
    pub uv: Option<([f32; 2], f32, [f32; 2])>,
    /// Base colour factor: the colour's RGB and the mesh alpha.
    pub factor: [f32; 4],
}

/// A channel whose target is a JSON pointer (`KHR_animation_pointer`),
/// added to the document once `gltf-json` built it (its channel target
/// wants a node, which a pointer channel must not have).
pub(super) struct PointerChannel {
    /// Index of the animation.
    pub animation: usize,
    /// Times (s) and values.
    pub input: json::Index<json::Accessor>,
    pub output: json::Index<json::Accessor>,
    /// `/materials/3/pbrMetallicRoughness/baseColorFactor`, …
    pub pointer: String,
}

impl Look {
    /// The look of `batch` (its first texture stage, its colour).
    pub fn of(batch: &Batch) -> Look {
        let first = batch.textures.first();
        Look {
            transform: first.and_then(|t| t.transform),
            color: batch.color,
            weight: first.and_then(|t| t.weight),
            weight_alpha: m2view_render::rules::weight_is_alpha(!batch.textures.is_empty(), batch.flags),
        }
    }

    /// Its values in `pose`.
    pub fn values(&self, pose: &Pose) -> LookValues {
        let color = self.color.and_then(|c| pose.colors.get(c as usize)).copied().unwrap_or(glam::Vec4::ONE);
        let weight = self.weight.and_then(|w| pose.texture_weights.get(w as usize)).copied();
        let alpha = color.w * if self.weight_alpha { weight.unwrap_or(1.0) } else { 1.0 };
        let uv = self.transform.and_then(|t| pose.texture_matrices.get(t as usize)).map(|m| decompose(*m));
        LookValues { uv, factor: [color.x, color.y, color.z, alpha.clamp(0.0, 1.0)] }
    }

    /// Its texture transform (index into `Model::texture_transforms`).
    pub fn transform(&self) -> Option<u16> {
        self.transform
    }

    /// Its texture transform's M2 UV matrix in `pose` (top-left origin,
    /// applied to `(u, v, 0, 1)`), if it has one.
    pub fn uv_matrix(&self, pose: &Pose) -> Option<glam::Mat4> {
        self.transform.and_then(|t| pose.texture_matrices.get(t as usize)).copied()
    }

    /// Whether sequence `seq` of `model` moves it: one of its tracks has
    /// more than one key there, or runs on a global sequence.
    pub fn moves(&self, model: &Model, seq: usize) -> bool {
        fn keyed<T>(track: &m2view_format::Track<T>, seq: usize) -> bool {
            track.global_sequence.is_some() || track.keys_for(seq).is_some_and(|k| k.times.len() > 1)
        }
        let transform = self.transform.and_then(|t| model.texture_transforms.get(t as usize));
        let color = self.color.and_then(|c| model.colors.get(c as usize));
        let weight = self.weight.and_then(|w| model.texture_weights.get(w as usize));
        transform.is_some_and(|t| keyed(&t.translation, seq) || keyed(&t.rotation, seq) || keyed(&t.scaling, seq))
            || color.is_some_and(|c| keyed(&c.color, seq) || keyed(&c.alpha, seq))
            || weight.is_some_and(|w| keyed(w, seq))
    }

    /// Whether it has a colour or transparency to keep.
    pub fn coloured(&self) -> bool {
        self.color.is_some() || self.weight.is_some()
    }
}

/// `KHR_texture_transform`'s offset, rotation and scale of M2 UV matrix
/// `m` (applied to `(u, v, 0, 1)`; its XY part).
pub(super) fn decompose(m: glam::Mat4) -> ([f32; 2], f32, [f32; 2]) {
    let (c0, c1) = (m.x_axis, m.y_axis);
    // Column 0 is scale.x · (cos θ, −sin θ), column 1 scale.y · (sin θ, cos θ).
    let sx = (c0.x * c0.x + c0.y * c0.y).sqrt();
    let theta = (-c0.y).atan2(c0.x);
    let det = c0.x * c1.y - c1.x * c0.y;
    let sy = (c1.x * c1.x + c1.y * c1.y).sqrt() * if det < 0.0 { -1.0 } else { 1.0 };
    // `+ 0.0` turns −0.0 into 0.0.
    ([m.w_axis.x + 0.0, m.w_axis.y + 0.0], theta + 0.0, [sx, sy])
}

/// The pose of `model` at `time_ms` of sequence `seq`.
pub(crate) fn pose_at(model: &Model, seq: usize, time_ms: f32) -> Pose {
    let mut globals = Vec::new();
    m2view_anim::global_times(model, time_ms as f64, &mut globals);
    let mut pose = Pose::default();
    m2view_anim::evaluate(model, &Clock::new(seq, time_ms, &globals), None, &mut pose);
    pose
}

/// Samples the looks of `materials` (glTF material index, look) over
/// sequence `seq` of `duration` ms at 30 Hz and adds a pointer channel of
/// animation `animation` for each value that changes (the base colour
/// factor only with `colours`); returns how many.
pub(super) fn channels(
    b: &mut Builder,
    model: &Model,
    seq: usize,
    duration: u32,
    materials: &[(u32, Look)],
    colours: bool,
    animation: usize,
) -> usize {
    if materials.is_empty() {
        return 0;
    }
    let times = crate::sampling::every_30hz(duration as f32);
    let poses: Vec<Pose> = times.iter().map(|&t| pose_at(model, seq, t)).collect();
    let secs: Vec<f32> = times.iter().map(|t| t / 1000.0).collect();
    let mut input = None;
    let mut added = 0;
    for &(m, look) in materials {
        let values: Vec<LookValues> = poses.iter().map(|p| look.values(p)).collect();
        let texture = format!("/materials/{m}/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform");
        let mut series: Vec<(String, usize, Vec<f32>)> = Vec::new();
        if values[0].uv.is_some() {
            let uv = |v: &LookValues| v.uv.unwrap_or(([0.0; 2], 0.0, [1.0; 2]));
            series.push((format!("{texture}/offset"), 2, values.iter().flat_map(|v| uv(v).0).collect()));
            series.push((format!("{texture}/rotation"), 1, values.iter().map(|v| uv(v).1).collect()));
            series.push((format!("{texture}/scale"), 2, values.iter().flat_map(|v| uv(v).2).collect()));
        }
        if colours {
            let factor = format!("/materials/{m}/pbrMetallicRoughness/baseColorFactor");
            series.push((factor, 4, values.iter().flat_map(|v| v.factor).collect()));
        }
        for (pointer, comps, out) in series {
            let first = &out[..comps];
            if out.chunks_exact(comps).all(|v| v.iter().zip(first).all(|(a, b)| (a - b).abs() < 1e-6)) {
                continue;
            }
            let input = *input.get_or_insert_with(|| b.floats(&secs, 1, None, true));
            let output = b.floats(&out, comps, None, false);
            b.pointers.push(PointerChannel { animation, input, output, pointer });
            added += 1;
        }
    }
    added
}

/// `root` as JSON with the pointer channels added to their animations
/// (a LINEAR sampler each) and `KHR_animation_pointer` among the
/// extensions used; a warning naming `file` where Blender 4.2 to 5.1
/// cannot import them. Errors: `root` does not serialise.
pub(super) fn finish(
    root: &json::Root,
    pointers: &[PointerChannel],
    file: &str,
) -> Result<serde_json::Value, crate::ExportError> {
    let mut doc = serde_json::to_value(root).map_err(|e| crate::ExportError::Gltf(e.to_string()))?;
    // gltf-json writes an unset `texCoord` of a texture transform as null, which the schema refuses.
    // (`pointer_mut`: indexing a `Value` mutably would insert what is not there.)
    if let Some(materials) = doc.get_mut("materials").and_then(|m| m.as_array_mut()) {
        for m in materials {
            for info in ["/pbrMetallicRoughness/baseColorTexture", "/emissiveTexture"] {
                let t = m.pointer_mut(&format!("{info}/extensions/KHR_texture_transform"));
                if let Some(t) = t.and_then(|t| t.as_object_mut()) {
                    t.retain(|k, v| k != "texCoord" || !v.is_null());
                }
            }
        }
    }
    // A channel aimed at what the material lacks (a texture transform of a
    // material whose texture slot nothing filled) leads into nothing: left out.
    let (pointers, aimless): (Vec<&PointerChannel>, Vec<&PointerChannel>) =
        pointers.iter().partition(|p| target_exists(&doc, &p.pointer));
    if !aimless.is_empty() {
        eprintln!(
            "warning: {file}: {} material animation channel(s) left out: their material has no texture to move",
            aimless.len()
        );
    }
    if pointers.is_empty() {
        return Ok(doc);
    }
    let failing: std::collections::BTreeSet<&str> =
        pointers.iter().map(|p| p.pointer.as_str()).filter(|p| fails_in_blender_4(&doc, p)).collect();
    if !failing.is_empty() {
        eprintln!(
            "warning: {file}: Blender 4.2 to 5.1 cannot import this glTF: it animates the colour of {} lit, \
             textured material(s) (fixed in Blender 5.2); --animate-materials=uv leaves colours out",
            failing.len()
        );
    }
    for p in &pointers {
        let Some(anim) = doc.get_mut("animations").and_then(|a| a.get_mut(p.animation)) else { continue };
        let samplers = anim["samplers"]
            .as_array_mut()
            .ok_or_else(|| crate::ExportError::Gltf("an animation without samplers".into()))?;
        samplers.push(
            serde_json::json!({ "input": p.input.value(), "output": p.output.value(), "interpolation": "LINEAR" }),
        );
        let sampler = samplers.len() - 1;
        let channels = anim["channels"]
            .as_array_mut()
            .ok_or_else(|| crate::ExportError::Gltf("an animation without channels".into()))?;
        channels.push(serde_json::json!({
            "sampler": sampler,
            "target": { "path": "pointer", "extensions": { "KHR_animation_pointer": { "pointer": p.pointer } } }
        }));
    }
    match doc.get_mut("extensionsUsed").and_then(|u| u.as_array_mut()) {
        Some(list) => list.push("KHR_animation_pointer".into()),
        None => doc["extensionsUsed"] = serde_json::json!(["KHR_animation_pointer"]),
    }
    Ok(doc)
}

/// Whether what `pointer` animates is there to animate: the texture of a
/// `KHR_texture_transform` property, else the object holding the property.
fn target_exists(doc: &serde_json::Value, pointer: &str) -> bool {
    let holder = match pointer.split_once("/extensions/KHR_texture_transform/") {
        Some((texture, _)) => texture,
        None => pointer.rsplit_once('/').map_or("", |(h, _)| h),
    };
    doc.pointer(holder).is_some()
}

/// Whether the channel at `pointer` is one on which Blender 4.2 to 5.1
/// fail to import the file: a base colour factor of a lit material with a
/// base colour texture (their importer follows the texture's link through
/// a socket wrapper that has none: glTF-Blender-IO
/// `blender/imp/animation_pointer.py`, fixed for 5.2).
fn fails_in_blender_4(doc: &serde_json::Value, pointer: &str) -> bool {
    let Some(m) = pointer.strip_suffix("/pbrMetallicRoughness/baseColorFactor") else { return false };
    let Some(material) = doc.pointer(m) else { return false };
    material.pointer("/pbrMetallicRoughness/baseColorTexture").is_some()
        && material.pointer("/extensions/KHR_materials_unlit").is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// glTF's transform of `uv` by (offset, rotation, scale).
    fn gltf(uv: [f32; 2], (o, r, s): ([f32; 2], f32, [f32; 2])) -> [f32; 2] {
        let (u, v) = (uv[0] * s[0], uv[1] * s[1]);
        [o[0] + r.cos() * u + r.sin() * v, o[1] - r.sin() * u + r.cos() * v]
    }

    #[test]
    fn a_channel_is_kept_only_where_its_target_is() {
        let doc = serde_json::json!({
            "materials": [
                { "pbrMetallicRoughness": { "baseColorTexture": { "index": 0 } } },
                { "pbrMetallicRoughness": { "baseColorFactor": [1.0, 1.0, 1.0, 1.0] } }
            ]
        });
        let transform = |m: usize| {
            format!("/materials/{m}/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset")
        };
        assert!(target_exists(&doc, &transform(0)), "a texture without its transform yet: the transform is added");
        assert!(!target_exists(&doc, &transform(1)), "no texture to move");
        assert!(target_exists(&doc, "/materials/1/pbrMetallicRoughness/baseColorFactor"));
        assert!(!target_exists(&doc, "/materials/2/pbrMetallicRoughness/baseColorFactor"));
    }

    #[test]
    fn decomposed_transforms_map_uvs_as_the_m2_matrix_does() {
        use glam::{Mat4, Quat, Vec3};
        let c = Vec3::new(0.5, 0.5, 0.0);
        // Rotation by 30° about Z and scale (2, 0.5) about the centre, then a translation.
        let m = Mat4::from_translation(c)
            * Mat4::from_quat(Quat::from_rotation_z(30f32.to_radians()))
            * Mat4::from_translation(-c)
            * Mat4::from_translation(c)
            * Mat4::from_scale(Vec3::new(2.0, 0.5, 1.0))
            * Mat4::from_translation(-c)
            * Mat4::from_translation(Vec3::new(0.25, -0.1, 0.0));
        let t = decompose(m);
        for uv in [[0.0, 0.0], [1.0, 0.0], [0.3, 0.9], [1.0, 1.0]] {
            let want = m.transform_point3(Vec3::new(uv[0], uv[1], 0.0));
            let got = gltf(uv, t);
            assert!((got[0] - want.x).abs() < 1e-5 && (got[1] - want.y).abs() < 1e-5, "{uv:?}: {got:?} vs {want}");
        }
        // A mirror (negative scale) and a plain scroll.
        let mirror = Mat4::from_scale(Vec3::new(1.0, -1.0, 1.0));
        let t = decompose(mirror);
        assert_eq!(gltf([0.25, 0.5], t), [0.25, -0.5]);
        let scroll = decompose(Mat4::from_translation(Vec3::new(0.0, 0.75, 0.0)));
        assert_eq!(scroll, ([0.0, 0.75], 0.0, [1.0, 1.0]));
    }
}
