//! [`Model::validate`]: the model's invariants as code (gltf-json's
//! `Validate` is the pattern). Both converters call it last, so every
//! `Model` a loader returns holds them; the hostile-input and corpus tests
//! call it again on what they get.
//!
//! Invariants: bone parents precede their children; every id and index a
//! model part holds is in range (bones, textures, materials, colours,
//! texture weights and transforms, submeshes, vertices, global sequences);
//! every LOD index names a vertex and every submesh lies inside its LOD's
//! index list; every key list has one value per time (or none, for
//! timestamp-only tracks) and tangents for all keys or none.

use crate::error::{Error, Result, ResultExt};
use crate::model::*;

/// An "out of range" error for `what` = `value` with `len` available.
fn range(what: &str, value: usize, len: usize) -> Error {
    Error::invalid(0, format!("{what} {value} out of range ({len} available)"))
}

/// `Err` unless `id` (if any) is below `len`.
fn within(what: &'static str, id: Option<usize>, len: usize) -> Result<()> {
    match id {
        Some(v) if v >= len => Err(range(what, v, len)).at(what),
        _ => Ok(()),
    }
}

impl<T> Track<T> {
    /// Key lists consistent, global sequence in range.
    fn validate(&self, global_sequences: usize) -> Result<()> {
        within("global_sequence", self.global_sequence.map(usize::from), global_sequences)?;
        for (i, k) in self.sequences.iter().enumerate() {
            let values_ok = k.values.len() == k.times.len() || k.values.is_empty();
            let tangents_ok = k.tangents.is_empty() || k.tangents.len() == k.values.len();
            if !values_ok || !tangents_ok {
                let msg = format!("{} times, {} values, {} tangents", k.times.len(), k.values.len(), k.tangents.len());
                return Err(Error::invalid(0, msg)).at_elem("sequences", i);
            }
        }
        Ok(())
    }
}

/// Validates each track of `tracks` under its field name.
macro_rules! tracks {
    ($g:expr, $($name:literal => $track:expr),* $(,)?) => {
        (|| {
            $( $track.validate($g).at($name)?; )*
            Ok::<(), Error>(())
        })()
    };
}

impl Model {
    /// Checks the invariants every consumer of a model relies on (module
    /// docs). Errors name the structure path (`lods[0].batches[3].material`)
    /// and what is out of range; the byte offset is 0 (a model is no longer
    /// file bytes).
    pub fn validate(&self) -> Result<()> {
        let bones = self.bones.len();
        let g = self.global_sequences.len();
        let bone = |b: Option<BoneId>| within("bone", b.map(BoneId::index), bones);
        for (i, b) in self.bones.iter().enumerate() {
            within("parent", b.parent.map(BoneId::index), i).at_elem("bones", i)?;
            tracks!(g, "translation" => b.translation, "rotation" => b.rotation, "scale" => b.scale)
                .at_elem("bones", i)?;
        }
        // The largest weighted bone index first (one pass), the vertex that
        // names it only when it is out of range.
        let weighted = |v: &Vertex| (0..4).filter(|&k| v.bone_weights[k] > 0).map(|k| v.bone_indices[k]).max();
        if self.vertices.iter().filter_map(weighted).max().is_some_and(|m| m as usize >= bones) {
            for (i, v) in self.vertices.iter().enumerate() {
                within("bone_indices", weighted(v).map(usize::from), bones).at_elem("vertices", i)?;
            }
        }
        for (i, lod) in self.lods.iter().enumerate() {
            self.validate_lod(lod).at_elem("lods", i)?;
        }
        for (i, c) in self.colors.iter().enumerate() {
            tracks!(g, "color" => c.color, "alpha" => c.alpha).at_elem("colors", i)?;
        }
        for (i, w) in self.texture_weights.iter().enumerate() {
            w.validate(g).at_elem("texture_weights", i)?;
        }
        for (i, t) in self.texture_transforms.iter().enumerate() {
            tracks!(g, "translation" => t.translation, "rotation" => t.rotation, "scaling" => t.scaling)
                .at_elem("texture_transforms", i)?;
        }
        for (i, h) in self.hd_animations.iter().enumerate() {
            tracks!(g, "emissive_gain" => h.emissive_gain, "fresnel_color" => h.fresnel_color,
                "fresnel_opacity" => h.fresnel_opacity, "fresnel_team_color" => h.fresnel_team_color)
            .at_elem("hd_animations", i)?;
        }
        for (i, a) in self.attachments.iter().enumerate() {
            bone(a.bone).and_then(|_| a.animate.validate(g).at("animate")).at_elem("attachments", i)?;
        }
        for (i, e) in self.events.iter().enumerate() {
            bone(e.bone).and_then(|_| e.times.validate(g).at("times")).at_elem("events", i)?;
        }
        for (i, l) in self.lights.iter().enumerate() {
            bone(l.bone)
                .and_then(|_| {
                    tracks!(g,
                        "ambient_color" => l.ambient_color, "ambient_intensity" => l.ambient_intensity,
                        "diffuse_color" => l.diffuse_color, "diffuse_intensity" => l.diffuse_intensity,
                        "attenuation_start" => l.attenuation_start, "attenuation_end" => l.attenuation_end,
                        "visibility" => l.visibility)
                })
                .at_elem("lights", i)?;
        }
        for (i, c) in self.cameras.iter().enumerate() {
            tracks!(g, "positions" => c.positions, "targets" => c.targets, "roll" => c.roll, "fov" => c.fov)
                .at_elem("cameras", i)?;
        }
        let textures = self.textures.len();
        let texture = |t: &Option<TextureId>| within("textures", t.map(TextureId::index), textures);
        for (i, r) in self.ribbons.iter().enumerate() {
            bone(r.bone)
                .and_then(|_| r.textures.iter().try_for_each(texture))
                .and_then(|_| {
                    tracks!(g, "color" => r.color, "alpha" => r.alpha, "height_above" => r.height_above,
                        "height_below" => r.height_below, "tex_slot" => r.tex_slot, "visibility" => r.visibility)
                })
                .at_elem("ribbons", i)?;
        }
        for (i, p) in self.particles.iter().enumerate() {
            bone(p.bone)
                .and_then(|_| p.textures.iter().try_for_each(texture))
                .and_then(|_| {
                    tracks!(g, "emission_speed" => p.emission_speed, "gravity" => p.gravity,
                        "emission_rate" => p.emission_rate, "enabled" => p.enabled)
                })
                .at_elem("particles", i)?;
        }
        for (i, f) in self.flipbooks.iter().enumerate() {
            f.frames
                .iter()
                .try_for_each(|&t| texture(&Some(t)))
                .and_then(|_| match &f.keys {
                    Some(k) => k.validate(g).at("keys"),
                    None => within("global_sequence", Some(f.global_sequence as usize), g),
                })
                .at_elem("flipbooks", i)?;
        }
        Ok(())
    }

    /// `self` if [`Model::validate`] passes (the converters' last step).
    pub fn validated(self) -> Result<Model> {
        self.validate().map(|()| self)
    }

    /// One LOD: indices name vertices, submeshes lie inside the index list,
    /// batches name submeshes, materials, colours and texture stages in range.
    fn validate_lod(&self, lod: &Lod) -> Result<()> {
        if let Some(bad) = lod.indices.iter().copied().max().filter(|&m| m as usize >= self.vertices.len()) {
            return Err(range("vertex", bad as usize, self.vertices.len())).at("indices");
        }
        for (i, s) in lod.submeshes.iter().enumerate() {
            let end = s.index_start as u64 + s.index_count as u64;
            if end > lod.indices.len() as u64 {
                return Err(range("index end", end as usize, lod.indices.len())).at_elem("submeshes", i);
            }
            within("center_bone", s.center_bone.map(BoneId::index), self.bones.len()).at_elem("submeshes", i)?;
        }
        for (i, b) in lod.batches.iter().enumerate() {
            let r = within("submesh", Some(b.submesh as usize), lod.submeshes.len())
                .and_then(|_| within("material", Some(b.material as usize), self.materials.len()))
                .and_then(|_| within("color", b.color.map(usize::from), self.colors.len()));
            r.at_elem("batches", i)?;
            for (k, t) in b.textures.iter().enumerate() {
                within("texture", t.texture.map(TextureId::index), self.textures.len())
                    .and_then(|_| within("weight", t.weight.map(usize::from), self.texture_weights.len()))
                    .and_then(|_| within("transform", t.transform.map(usize::from), self.texture_transforms.len()))
                    .at_elem("textures", k)
                    .at_elem("batches", i)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model() -> Model {
        let m2 = crate::writer::write_md20(&crate::fixtures::two_boxes(264));
        let skin = crate::writer::write_skin(&crate::fixtures::skin_profile(264), 264);
        crate::model_from_bytes(&m2, "t.m2", &[("s", &skin)]).unwrap()
    }

    #[test]
    fn each_broken_invariant_is_named() {
        assert!(model().validate().is_ok());
        type Break = fn(&mut Model);
        let cases: [(&str, Break); 6] = [
            ("bones[1].parent", |m| m.bones[1].parent = Some(BoneId(1))),
            ("lods[0].indices", |m| m.lods[0].indices[5] = 9999),
            ("lods[0].batches[1].material", |m| m.lods[0].batches[1].material = 40),
            ("lods[0].batches[0].textures[0].texture", |m| {
                m.lods[0].batches[0].textures[0].texture = Some(TextureId(7))
            }),
            ("bones[1].rotation.sequences[0]", |m| m.bones[1].rotation.sequences[0].times.push(9)),
            ("particles[0].bone", |m| m.particles[0].bone = Some(BoneId(99))),
        ];
        for (path, break_it) in cases {
            let mut m = model();
            break_it(&mut m);
            let e = m.validate().expect_err(path);
            assert!(e.to_string().contains(path), "{path}: {e}");
        }
    }
}
