//! MDX ([`MdxFile`]) into the version-independent [`Model`]: the only code
//! that knows how MDX concepts become M2 ones.
//!
//! - The single timeline is cut into per-sequence key lists by each
//!   sequence's `[start, end]` interval (keys outside every interval belong to
//!   no sequence); a sequence with no keys in its interval uses the track's
//!   default, as mdx-m3-viewer does. Global-sequence tracks keep one list.
//! - Every `MDLGENOBJECT` (bones, lights, helpers, attachments, emitters,
//!   events, shapes) becomes a bone, ordered parents first, so attachments,
//!   events and emitters follow their node like M2's do. Inherit and billboard
//!   flags share M2's bit values (0x1/0x2/0x4, 0x8, 0x10/0x20/0x40).
//! - Geosets become submeshes; a vertex's matrix group becomes up to four
//!   equal bone weights. Each material layer becomes a batch with the layer's
//!   filter mode mapped onto the M2 blend table (Warcraft III's Additive
//!   and AddAlpha are both `SrcAlpha, One` = M2 Add, its Transparent keys at
//!   0.75: `layer_material`), geoset animations become colours and layer
//!   alphas texture weights.
//! - Hermite and Bezier tracks keep their tangents (`Keys::tangents`;
//!   cameras as spline keys); PRE2 emitters become plane,
//!   sphere or spline emitters.

use std::collections::HashMap;

use crate::error::{Error, ErrorKind, Result, ResultExt};
use crate::model::*;
use crate::raw::mdx::{
    GenObject, MdlBounds, MdlEvent, MdlGeoset, MdlKey, MdlMaterial, MdlSequence, MdlTrack, MdxFile, Tracks,
};

fn interpolation(t: &MdlTrack<impl Sized>, curves: bool) -> Interpolation {
    match t.interpolation {
        0 => Interpolation::None,
        2 if curves => Interpolation::Hermite,
        3 if curves => Interpolation::Bezier,
        _ => Interpolation::Linear,
    }
}

/// Cuts a timeline track into per-sequence key lists; `key` gives each key's
/// value and, for curves, its `[in, out]` tangents (kept only when every key
/// of a list has them).
fn cut<T, U>(
    t: &MdlTrack<T>,
    seqs: &[MdlSequence],
    interpolation: Interpolation,
    key: impl Fn(&MdlKey<T>) -> (U, Option<[U; 2]>),
) -> Track<U> {
    let take = |keys: &[MdlKey<T>], start: u32| {
        let (values, tangents): (Vec<U>, Vec<Option<[U; 2]>>) = keys.iter().map(&key).unzip();
        Keys {
            times: keys.iter().map(|k| (k.time.max(0) as u32).saturating_sub(start)).collect(),
            values,
            tangents: tangents.into_iter().collect::<Option<Vec<_>>>().unwrap_or_default(),
            external: None,
        }
    };
    let sequences = if t.global_sequence.is_some() {
        vec![take(&t.keys, 0)]
    } else {
        seqs.iter()
            .map(|s| {
                let inside = |k: &MdlKey<T>| k.time >= s.start as i32 && k.time <= s.end as i32;
                let lo = t.keys.iter().position(inside);
                match lo {
                    Some(lo) => {
                        let n = t.keys[lo..].iter().take_while(|k| inside(k)).count();
                        take(&t.keys[lo..lo + n], s.start)
                    }
                    None => Keys::default(),
                }
            })
            .collect()
    };
    Track { interpolation, global_sequence: t.global_sequence.map(|g| g.min(u16::MAX as u32) as u16), sequences }
}

/// A node/material/emitter track cut per sequence, values converted by
/// `conv` (a linear map, so it applies to tangents too). Hermite and Bezier
/// keys keep their tangents and are evaluated as curves by the animation
/// crate (MDX type 2 is Hermite, 3 Bezier: wowdev wiki "MDX", `TRACK_HERMITE
/// = 0x2`, `TRACK_BEZIER = 0x3`).
fn curve<T, U>(t: &MdlTrack<T>, seqs: &[MdlSequence], conv: impl Fn(&T) -> U) -> Track<U> {
    let interp = interpolation(t, true);
    let curved = matches!(interp, Interpolation::Hermite | Interpolation::Bezier);
    cut(t, seqs, interp, |k| {
        let tangents = k.tangents.as_ref().filter(|_| curved).map(|(i, o)| [conv(i), conv(o)]);
        (conv(&k.value), tangents)
    })
}

/// [`curve`] without a conversion.
fn values<T: Copy>(t: &MdlTrack<T>, seqs: &[MdlSequence]) -> Track<T> {
    curve(t, seqs, |v| *v)
}

/// An event's key times (`KEVT`) cut per sequence, without values.
fn event_times(e: &MdlEvent, seqs: &[MdlSequence]) -> Track<()> {
    let keys = e.times.iter().map(|&time| MdlKey { time, value: (), tangents: None }).collect();
    let t = MdlTrack { interpolation: 0, global_sequence: e.global_sequence, keys };
    let mut times = cut(&t, seqs, Interpolation::None, |_| ((), None));
    times.sequences.iter_mut().for_each(|k| k.values.clear());
    times
}

/// A visibility track (`KATV`, `KVIS`, `KRVS`): above ½ is shown; steps.
fn shown(t: &MdlTrack<f32>, seqs: &[MdlSequence]) -> Track<u8> {
    cut(t, seqs, interpolation(t, false), |k| (u8::from(k.value > 0.5), None))
}

/// The scalar track `tag` of `tracks` if present, else a constant of the static value.
fn scalar(tracks: &Tracks, tag: &[u8; 4], stat: f32, seqs: &[MdlSequence]) -> Track<f32> {
    or_static(tracks.f32(tag), stat, seqs, |v| *v)
}

/// The track if present, else a constant of the static value.
fn or_static<T, U>(t: Option<&MdlTrack<T>>, stat: U, seqs: &[MdlSequence], conv: impl Fn(&T) -> U) -> Track<U> {
    match t {
        Some(t) => curve(t, seqs, conv),
        None => Track::constant(stat),
    }
}

fn visibility(t: &Tracks, seqs: &[MdlSequence]) -> Track<u8> {
    match t.f32(b"KATV").or(t.f32(b"KVIS")) {
        Some(t) => shown(t, seqs),
        None => Track::default(),
    }
}

fn bgr(c: &[f32; 3]) -> [f32; 3] {
    [c[2], c[1], c[0]]
}

fn bounds(b: &MdlBounds) -> Bounds {
    Bounds { min: b.min, max: b.max, radius: b.radius }
}

/// A camera track as spline keys (a key without tangents uses its value).
fn splines<T: Clone>(t: &MdlTrack<T>, seqs: &[MdlSequence]) -> Track<SplineKey<T>> {
    cut(t, seqs, interpolation(t, true), |k| {
        let (i, o) = k.tangents.clone().unwrap_or_else(|| (k.value.clone(), k.value.clone()));
        (SplineKey { value: k.value.clone(), in_tan: i, out_tan: o }, None)
    })
}

/// A layer's material: its shading flags and its filter mode (`MDLTEXOP`)
/// on the M2 blend table, which kept MDX's numbering for 0–6 (load,
/// transparent, blend, add, add-alpha, modulate, modulate 2x) and so serves
/// WoW's alpha-era MDX as is. Warcraft III (`warcraft3`, v800–v1200) draws two
/// of them its own way, as every Warcraft III renderer that draws them agrees:
/// Additive as `SrcAlpha, One` like AddAlpha (mdx-m3-viewer
/// `viewer/handlers/mdx/layer.ts`, Retera's Model Studio
/// `AnimatedPerspectiveViewport.bindLayer`, war3-model's `modelRenderer.ts`
/// since it stopped using `One, One`), and Transparent keyed at 0.75
/// ([`ALPHA_REF_WARCRAFT3`]) rather than WoW's 128/255.
fn layer_material(shading_flags: u32, filter: u32, warcraft3: bool) -> Material {
    let blend = match filter {
        3 if warcraft3 => BlendMode::Add,
        f if f <= 6 => BlendMode::from_raw(f as u16),
        _ => BlendMode::Opaque,
    };
    let alpha_ref = if warcraft3 { ALPHA_REF_WARCRAFT3 } else { ALPHA_REF_WOW };
    Material { alpha_ref, ..Material::new(layer_flags(shading_flags), blend) }
}

/// Shading flags (`MDLGEO`) to M2 render flags.
fn layer_flags(f: u32) -> MaterialFlags {
    let mut m = MaterialFlags::empty();
    for (mdx, m2) in [
        (0x1, MaterialFlags::UNLIT),
        (0x10, MaterialFlags::TWO_SIDED),
        (0x20, MaterialFlags::UNFOGGED),
        (0x40, MaterialFlags::NO_DEPTH_TEST),
        (0x80, MaterialFlags::NO_DEPTH_WRITE),
    ] {
        if f & mdx != 0 {
            m |= m2;
        }
    }
    m
}

/// One MDX mesh under construction: every geoset appended.
#[derive(Default)]
struct Mesh {
    vertices: Vec<Vertex>,
    indices: Vec<u32>,
    submeshes: Vec<Submesh>,
    batches: Vec<Batch>,
}

/// The conversion of one MDX file, one method per part of the model; the
/// object hierarchy (every generic object a bone, parents first) is built
/// once.
struct MdxConverter<'a> {
    f: &'a MdxFile,
    seqs: &'a [MdlSequence],
    /// WoW alpha (v1300+) rather than Warcraft III.
    wow: bool,
    /// Every generic object: bones, lights, helpers, attachments, emitters, ribbons, events, shapes.
    nodes: Vec<&'a GenObject>,
    /// Object id → index in `nodes` (the first object of an id).
    by_id: HashMap<u32, usize>,
    /// Per node: its bone.
    node_bone: Vec<u16>,
    /// Nodes parents first.
    order: Vec<usize>,
    /// Per node: its parent node.
    parents: Vec<Option<usize>>,
}

impl<'a> MdxConverter<'a> {
    /// The node hierarchy: every generic object keyed by object id, ordered
    /// parents first (depth-first from the roots; a parent that does not
    /// exist makes a root). Object ids used twice become warnings.
    fn new(f: &'a MdxFile, warnings: &mut Vec<String>) -> Result<MdxConverter<'a>> {
        let mut nodes: Vec<&GenObject> = Vec::new();
        nodes.extend(f.bones.iter());
        nodes.extend(f.lights.iter().map(|l| &l.object));
        nodes.extend(f.helpers.iter());
        nodes.extend(f.attachments.iter().map(|a| &a.object));
        nodes.extend(f.particle_emitters.iter().map(|p| &p.object));
        nodes.extend(f.particle_emitters2.iter().map(|p| &p.object));
        nodes.extend(f.ribbons.iter().map(|r| &r.object));
        nodes.extend(f.popcorns.iter().map(|p| &p.object));
        nodes.extend(f.events.iter().map(|e| &e.object));
        nodes.extend(f.shapes.iter().map(|s| &s.object));
        if nodes.len() > u16::MAX as usize {
            return Err(Error::invalid(0, format!("{} objects exceed the 65535 bones a model can have", nodes.len())));
        }
        let mut by_id: HashMap<u32, usize> = HashMap::new();
        for (i, n) in nodes.iter().enumerate() {
            if *by_id.entry(n.object_id).or_insert(i) != i {
                warnings.push(format!("object id {} used twice ({}); the first is kept", n.object_id, n.name));
            }
        }
        // Parents first: depth-first from the roots; a parent that does not exist makes a root.
        let parent_of = |i: usize| nodes[i].parent.and_then(|p| by_id.get(&p).copied()).filter(|&p| p != i);
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
        let mut roots = Vec::new();
        for i in 0..nodes.len() {
            match parent_of(i) {
                Some(p) => children[p].push(i),
                None => roots.push(i),
            }
        }
        let mut order = Vec::with_capacity(nodes.len());
        let mut stack: Vec<usize> = roots.into_iter().rev().collect();
        while let Some(i) = stack.pop() {
            order.push(i);
            stack.extend(children[i].iter().rev());
        }
        if order.len() != nodes.len() {
            return Err(Error::invalid(0, "object hierarchy has a cycle")).at("objects");
        }
        let mut node_bone = vec![0u16; nodes.len()];
        for (b, &i) in order.iter().enumerate() {
            node_bone[i] = b as u16;
        }
        let mut parents = vec![None; nodes.len()];
        for (i, p) in parents.iter_mut().enumerate() {
            *p = parent_of(i);
        }
        Ok(MdxConverter { f, seqs: &f.sequences, wow: f.is_wow(), nodes, by_id, node_bone, order, parents })
    }

    /// The bone of object `id`.
    fn bone_of_id(&self, id: u32) -> Option<BoneId> {
        self.by_id.get(&id).map(|&i| BoneId(self.node_bone[i]))
    }

    /// An object's pivot (`PIVT`).
    fn node_pos(&self, n: &GenObject) -> [f32; 3] {
        self.f.pivots.get(n.object_id as usize).copied().unwrap_or_default()
    }

    /// Bones, parents first (one identity bone when the file has no objects).
    fn bones(&self) -> Vec<Bone> {
        let (f, seqs) = (self.f, self.seqs);
        let mut bones: Vec<Bone> = self
            .order
            .iter()
            .map(|&i| {
                let n = self.nodes[i];
                Bone {
                    name: n.name.clone(),
                    file_index: n.object_id.min(u16::MAX as u32) as u16,
                    key_bone_id: None,
                    flags: BoneFlags::from_bits_retain(n.flags & 0x7F),
                    parent: self.parents[i].map(|p| BoneId(self.node_bone[p])),
                    submesh_id: 0,
                    name_crc: 0,
                    pivot: f.pivots.get(n.object_id as usize).copied().unwrap_or_default(),
                    translation: n.tracks.vec3(b"KGTR").map_or_else(Track::default, |t| values(t, seqs)),
                    rotation: n.tracks.quat(b"KGRT").map_or_else(Track::default, |t| values(t, seqs)),
                    scale: n.tracks.vec3(b"KGSC").map_or_else(Track::default, |t| values(t, seqs)),
                }
            })
            .collect();
        if bones.is_empty() {
            // Static meshes without nodes still skin against one identity bone.
            bones.push(Bone {
                name: "root".into(),
                file_index: 0,
                key_bone_id: None,
                flags: BoneFlags::empty(),
                parent: None,
                submesh_id: 0,
                name_crc: 0,
                pivot: [0.0; 3],
                translation: Track::default(),
                rotation: Track::default(),
                scale: Track::default(),
            });
        }
        bones
    }

    /// Sequences: MDX names; the id is the standard animation the name starts with.
    fn sequences(&self) -> Vec<Sequence> {
        let seqs = self.seqs;
        let mut seen: HashMap<u16, u16> = HashMap::new();
        let sequences: Vec<Sequence> = seqs
            .iter()
            .map(|s| {
                // WoW's alpha MDX names WoW animations; Warcraft III's go by primary tag.
                let anim_id = if self.wow {
                    crate::animation_id_for_name(&s.name).unwrap_or(0)
                } else {
                    crate::warcraft3_animation_id(&s.name)
                };
                let variation = seen.entry(anim_id).or_insert(0);
                *variation += 1;
                Sequence {
                    name: Some(s.name.clone()),
                    anim_id,
                    variation: *variation - 1,
                    duration_ms: s.end.saturating_sub(s.start),
                    movespeed: s.movespeed,
                    flags: s.flags,
                    frequency: (s.frequency.clamp(0.0, 1.0) * 32767.0) as i16,
                    replay: s.replay,
                    blend_in_ms: s.blend_time,
                    blend_out_ms: s.blend_time,
                    bounds: bounds(&s.bounds),
                    variation_next: None,
                    alias_next: None,
                    data: SequenceData::InFile,
                }
            })
            .collect();
        sequences
    }

    /// Textures: replaceable ids or paths.
    fn textures(&self) -> Vec<Texture> {
        self.f
            .textures
            .iter()
            .map(|t| Texture {
                kind: t.replaceable_id,
                wrap_u: t.flags & 1 != 0,
                wrap_v: t.flags & 2 != 0,
                source: if t.replaceable_id != 0 {
                    TextureSource::Replaceable
                } else if t.path.is_empty() {
                    TextureSource::None
                } else {
                    TextureSource::Path(t.path.clone())
                },
            })
            .collect()
    }

    /// Texture animations (`TXAN`).
    fn texture_transforms(&self) -> Vec<TextureTransform> {
        let (f, seqs) = (self.f, self.seqs);
        f.texture_anims
            .iter()
            .map(|t| TextureTransform {
                translation: t.vec3(b"KTAT").map_or_else(Track::default, |t| values(t, seqs)),
                rotation: t.quat(b"KTAR").map_or_else(Track::default, |t| values(t, seqs)),
                scaling: t.vec3(b"KTAS").map_or_else(Track::default, |t| values(t, seqs)),
            })
            .collect()
    }

    /// Geoset animations as colours (`GEOA`: `b, g, r`).
    fn colors(&self) -> Vec<ColorAnim> {
        let (f, seqs) = (self.f, self.seqs);
        f.geoset_anims
            .iter()
            .map(|g| ColorAnim {
                color: if g.flags & 1 != 0 || g.tracks.vec3(b"KGAC").is_some() {
                    or_static(g.tracks.vec3(b"KGAC"), bgr(&g.color), seqs, bgr)
                } else {
                    Track::default()
                },
                alpha: scalar(&g.tracks, b"KGAO", g.alpha, seqs),
            })
            .collect()
    }

    /// Materials and texture weights, one per (material, layer), and where each material's layers start.
    fn materials(&self) -> (Vec<Material>, Vec<Track<f32>>, Vec<usize>) {
        let (f, seqs) = (self.f, self.seqs);
        let mut materials = Vec::new();
        let mut texture_weights = Vec::new();
        let mut layer_base = Vec::with_capacity(f.materials.len());
        for m in &f.materials {
            layer_base.push(materials.len());
            for l in &m.layers {
                materials.push(layer_material(l.shading_flags, l.filter_mode, !self.wow));
                texture_weights.push(scalar(&l.tracks, b"KMTA", l.alpha, seqs));
            }
        }
        (materials, texture_weights, layer_base)
    }

    /// Each layer's HD shading values, parallel to the materials (a layer
    /// before v900 has none: gain 1, no fresnel rim).
    fn hd_shading(&self) -> Vec<HdShading> {
        let layers = self.f.materials.iter().flat_map(|m| &m.layers);
        layers
            .map(|l| match l.reforged {
                Some([emissive_gain, b, g, r, fresnel_opacity, fresnel_team_color]) => {
                    HdShading { emissive_gain, fresnel_color: [r, g, b], fresnel_opacity, fresnel_team_color }
                }
                None => HdShading::default(),
            })
            .collect()
    }

    /// Each layer's animated HD shading values, parallel to the materials;
    /// empty when no layer has a `KMTE`, `KFC3`, `KFCA` or `KFTC` track.
    fn hd_animations(&self) -> Vec<HdAnimation> {
        let seqs = self.seqs;
        let layers = || self.f.materials.iter().flat_map(|m| &m.layers);
        let animated = |l: &crate::raw::mdx::MdlLayer| {
            [b"KMTE", b"KFCA", b"KFTC"].iter().any(|t| l.tracks.f32(t).is_some()) || l.tracks.vec3(b"KFC3").is_some()
        };
        if !layers().any(animated) {
            return Vec::new();
        }
        let statics = self.hd_shading();
        layers()
            .zip(statics)
            .map(|(l, h)| HdAnimation {
                emissive_gain: scalar(&l.tracks, b"KMTE", h.emissive_gain, seqs),
                // Stored blue first, as the static colour (see `hd_shading`).
                fresnel_color: or_static(l.tracks.vec3(b"KFC3"), h.fresnel_color, seqs, bgr),
                fresnel_opacity: scalar(&l.tracks, b"KFCA", h.fresnel_opacity, seqs),
                fresnel_team_color: scalar(&l.tracks, b"KFTC", h.fresnel_team_color, seqs),
            })
            .collect()
    }

    /// A flipbook per layer with a `KMTF` texture track (Warcraft III; WoW
    /// alpha's are simple tracks of the same meaning): its frames are the
    /// layer's texture, then each other texture the track names, keyed by
    /// the track, stepped (mdx-m3-viewer `Layer.getTextureId`: the track's
    /// value is the texture shown), for the batches of that layer (its
    /// material index, one per layer).
    fn flipbooks(&self, tex_ref: &dyn Fn(u32) -> Option<TextureId>) -> Vec<TextureFlipbook> {
        let layers = self.f.materials.iter().flat_map(|m| &m.layers);
        layers
            .enumerate()
            .filter_map(|(material, l)| {
                let t = l.tracks.u32(b"KMTF")?;
                let first = tex_ref(l.texture_id)?;
                let mut ids = vec![l.texture_id];
                for k in &t.keys {
                    if !ids.contains(&k.value) && tex_ref(k.value).is_some() {
                        ids.push(k.value);
                    }
                }
                let stepped = MdlTrack { interpolation: 0, ..t.clone() };
                let index = |v: &u32| ids.iter().position(|i| i == v).unwrap_or(0) as f32;
                let frames: Vec<TextureId> =
                    std::iter::once(first).chain(ids[1..].iter().filter_map(|&i| tex_ref(i))).collect();
                let keys = Some(curve(&stepped, self.seqs, index));
                Some(TextureFlipbook { frames, frame_ms: 1, global_sequence: 0, keys, material: Some(material as u16) })
            })
            .collect()
    }

    /// Attachment points.
    fn attachments(&self) -> Vec<Attachment> {
        let (f, seqs) = (self.f, self.seqs);
        let bone_of_id = |id: u32| self.bone_of_id(id);
        let node_pos = |n: &GenObject| self.node_pos(n);
        f.attachments
            .iter()
            .map(|a| Attachment {
                id: a.attachment_id,
                bone: bone_of_id(a.object.object_id),
                position: node_pos(&a.object),
                animate: visibility(&a.tracks, seqs),
            })
            .collect()
    }

    /// Events (`EVTS`).
    fn events(&self) -> Vec<Event> {
        let (f, seqs) = (self.f, self.seqs);
        let bone_of_id = |id: u32| self.bone_of_id(id);
        let node_pos = |n: &GenObject| self.node_pos(n);
        f.events
            .iter()
            .map(|e| Event {
                identifier: e.object.name.clone(),
                data: 0,
                bone: bone_of_id(e.object.object_id),
                position: node_pos(&e.object),
                times: event_times(e, seqs),
            })
            .collect()
    }

    /// Lights (`LITE`, colours `b, g, r`).
    fn lights(&self) -> Vec<Light> {
        let (f, seqs) = (self.f, self.seqs);
        let bone_of_id = |id: u32| self.bone_of_id(id);
        let node_pos = |n: &GenObject| self.node_pos(n);
        f.lights
            .iter()
            .map(|l| {
                let lt = &l.tracks;
                Light {
                    kind: l.kind.min(u16::MAX as u32) as u16,
                    bone: bone_of_id(l.object.object_id),
                    position: node_pos(&l.object),
                    ambient_color: or_static(lt.vec3(b"KLBC"), bgr(&l.ambient_color), seqs, bgr),
                    ambient_intensity: scalar(lt, b"KLBI", l.ambient_intensity, seqs),
                    diffuse_color: or_static(lt.vec3(b"KLAC"), bgr(&l.color), seqs, bgr),
                    diffuse_intensity: scalar(lt, b"KLAI", l.intensity, seqs),
                    attenuation_start: scalar(lt, b"KLAS", l.attenuation[0], seqs),
                    attenuation_end: scalar(lt, b"KLAE", l.attenuation[1], seqs),
                    visibility: visibility(lt, seqs),
                }
            })
            .collect()
    }

    /// Cameras (splines keep their tangents).
    fn cameras(&self) -> Vec<Camera> {
        let (f, seqs) = (self.f, self.seqs);
        let zero3 = SplineKey { value: [0.0f32; 3], in_tan: [0.0; 3], out_tan: [0.0; 3] };
        f.cameras
            .iter()
            .map(|c| Camera {
                kind: -1,
                far_clip: c.far_clip,
                near_clip: c.near_clip,
                positions: c.tracks.vec3(b"KCTR").map_or_else(|| Track::constant(zero3), |t| splines(t, seqs)),
                position_base: c.position,
                targets: c.tracks.vec3(b"KTTR").map_or_else(|| Track::constant(zero3), |t| splines(t, seqs)),
                target_base: c.target,
                roll: c.tracks.f32(b"KCRL").map_or_else(Track::default, |t| splines(t, seqs)),
                fov: Track::constant(SplineKey { value: c.fov, in_tan: c.fov, out_tan: c.fov }),
            })
            .collect()
    }

    /// PREM emitters that spawn models (node flag 0x8000, a path).
    fn model_emitters(&self) -> Vec<ModelEmitter> {
        let seqs = self.seqs;
        self.f
            .particle_emitters
            .iter()
            .filter(|p| p.object.flags & 0x8000 != 0 && !p.path.is_empty())
            .map(|p| ModelEmitter {
                bone: self.bone_of_id(p.object.object_id),
                position: self.node_pos(&p.object),
                model: p.path.clone(),
                emission_rate: scalar(&p.tracks, b"KPEE", p.emission_rate, seqs),
                visibility: p.tracks.f32(b"KPEV").map_or_else(Track::default, |t| shown(t, seqs)),
                lifespan: p.lifespan,
                speed: p.speed,
                gravity: p.gravity,
                latitude: p.latitude,
            })
            .collect()
    }

    /// PRE2 emitters as plane, sphere or spline emitters.
    fn particles(&self, tex_ref: &dyn Fn(u32) -> Option<TextureId>) -> Vec<ParticleEmitter> {
        let (f, seqs, wow) = (self.f, self.seqs, self.wow);
        let bone_of_id = |id: u32| self.bone_of_id(id);
        let node_pos = |n: &GenObject| self.node_pos(n);
        f.particle_emitters2
            .iter()
            .map(|p| {
                let t = &p.tracks;
                let f32t = |tag: &[u8; 4], v: f32| scalar(t, tag, v, seqs);
                let mid = p.middle_time.clamp(0.0, 1.0);
                let times = vec![0.0, mid, 1.0];
                let curve = |v: [u32; 3]| LifeCurve {
                    times: times.clone(),
                    values: v.iter().map(|&c| c.min(u16::MAX as u32) as u16).collect(),
                };
                let [hl, hd] = p.head_intervals;
                let [tl, td] = p.tail_intervals;
                // Head, tail or both; PRE2 node flags 0x80000 (model space) and
                // 0x8000000 (XY quads) as their M2 counterparts.
                let mut flags = match p.head_or_tail {
                    1 => ParticleFlags::TAIL,
                    2 => ParticleFlags::HEAD | ParticleFlags::TAIL,
                    _ => ParticleFlags::HEAD,
                };
                flags.set(ParticleFlags::EMITTER_SPACE, p.object.flags & 0x80000 != 0);
                flags.set(ParticleFlags::XY_QUAD, p.object.flags & 0x0800_0000 != 0);
                ParticleEmitter {
                    flags,
                    position: node_pos(&p.object),
                    bone: bone_of_id(p.object.object_id),
                    textures: vec![tex_ref(p.texture_id)],
                    // Blend 0, Modulate 2, Modulate2x 3; Additive 1 and AlphaKey 4
                    // `SrcAlpha, One` (Retera's Model Studio `ParticleEmitter2.getBlendSrc/Dst`,
                    // war3-model `particles.ts`), AlphaKey also keyed at 0.75 (mdx-m3-viewer
                    // `particles.frag`, where it blends `SrcAlpha, OneMinusSrcAlpha`; war3-model
                    // keys it at 0.83).
                    blend: match p.filter_mode {
                        0 => BlendMode::Alpha,
                        2 => BlendMode::Mod,
                        3 => BlendMode::Mod2x,
                        _ => BlendMode::Add,
                    },
                    alpha_ref: if p.filter_mode == 4 && !wow { ALPHA_REF_WARCRAFT3 } else { 0 },
                    emitter_type: match p.emitter_type {
                        2 => EmitterType::Sphere,
                        3 if !p.spline.is_empty() => EmitterType::Spline,
                        _ => EmitterType::Plane,
                    },
                    color_index: 0,
                    priority_plane: p.priority_plane.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
                    texture_rows: p.rows.clamp(1, u16::MAX as u32) as u16,
                    texture_cols: p.columns.clamp(1, u16::MAX as u32) as u16,
                    emission_speed: f32t(b"KP2S", p.speed),
                    speed_variation: f32t(b"KP2R", p.variation),
                    // Warcraft III latitude is in degrees (cones of 15°–180° in the samples).
                    vertical_range: if wow {
                        f32t(b"KP2L", p.latitude)
                    } else {
                        or_static(t.f32(b"KP2L"), p.latitude.to_radians(), seqs, |d| d.to_radians())
                    },
                    // Latitude is a cone about Z: a full turn about Z unless WoW's longitude narrows it.
                    horizontal_range: if wow && p.longitude != 0.0 {
                        f32t(b"KPLN", p.longitude)
                    } else {
                        Track::constant(std::f32::consts::PI)
                    },
                    gravity: or_static(t.f32(b"KP2G"), [0.0, 0.0, -p.gravity], seqs, |g| [0.0, 0.0, -*g]),
                    lifespan: f32t(b"KLIF", p.lifespan),
                    lifespan_vary: 0.0,
                    emission_rate: f32t(b"KP2E", p.emission_rate),
                    emission_rate_vary: 0.0,
                    area_length: f32t(b"KP2N", p.length),
                    area_width: f32t(b"KP2W", p.width),
                    z_source: f32t(b"KP2Z", p.z_source),
                    // Warcraft III segment colours are r, g, b (fire emitters store orange as
                    // [1, 0.52, 0]); WoW's are C3Color (b, g, r).
                    color: LifeCurve {
                        times: times.clone(),
                        values: p.colors.iter().map(|c| if wow { bgr(c) } else { *c }.map(|v| v * 255.0)).collect(),
                    },
                    alpha: LifeCurve {
                        times: times.clone(),
                        values: p.alphas.iter().map(|&a| a as f32 / 255.0).collect(),
                    },
                    scale: LifeCurve { times: times.clone(), values: p.scaling.iter().map(|&s| [s, s]).collect() },
                    scale_vary: [0.0, 0.0],
                    head_cell: curve([hl[0], hl[1].max(hd[0]), hd[1]]),
                    tail_cell: curve([tl[0], tl[1].max(td[0]), td[1]]),
                    tail_length: p.tail_length,
                    // Twinkle only when switched on with a scale range (seed: "not applied if max − min == 0").
                    twinkle_speed: p.twinkle[0],
                    twinkle_percent: 1.0,
                    twinkle_scale: if p.twinkle[1] != 0.0 && p.twinkle[3] != p.twinkle[2] {
                        [p.twinkle[2], p.twinkle[3]]
                    } else {
                        [1.0, 1.0]
                    },
                    burst_multiplier: 1.0,
                    drag: p.drag,
                    base_spin: 0.0,
                    base_spin_vary: 0.0,
                    spin: p.spin,
                    spin_vary: 0.0,
                    wind: p.wind,
                    wind_time: p.wind_time,
                    follow: p.follow,
                    spline_points: p.spline.clone(),
                    enabled: visibility(t, seqs),
                    geometry_model: p.geometry_model.clone(),
                    geometry_model_fdid: None,
                    recursion_model: p.recursion_model.clone(),
                    recursion_model_fdid: None,
                    multi_texture: None,
                }
            })
            .collect()
    }

    /// Ribbon emitters (`RIBB`).
    fn ribbons(&self, layer_base: &[usize], tex_ref: &dyn Fn(u32) -> Option<TextureId>) -> Vec<RibbonEmitter> {
        let (f, seqs, wow) = (self.f, self.seqs, self.wow);
        let bone_of_id = |id: u32| self.bone_of_id(id);
        let node_pos = |n: &GenObject| self.node_pos(n);
        f.ribbons
            .iter()
            .map(|r| {
                let t = &r.tracks;
                let f32t = |tag: &[u8; 4], v: f32| scalar(t, tag, v, seqs);
                // Warcraft III stores r, g, b (as its PRE2 colours); WoW a C3Color (b, g, r).
                let rgb = |c: &[f32; 3]| if wow { bgr(c) } else { *c };
                let layer = layer_base.get(r.material_id as usize).copied();
                let first = f.materials.get(r.material_id as usize).and_then(|m| m.layers.first());
                RibbonEmitter {
                    bone: bone_of_id(r.object.object_id),
                    position: node_pos(&r.object),
                    textures: vec![first.and_then(|l| tex_ref(l.texture_id))],
                    materials: layer.map(|l| vec![l as u16]).unwrap_or_default(),
                    color: or_static(t.vec3(b"KRCO"), rgb(&r.color), seqs, rgb),
                    alpha: f32t(b"KRAL", r.alpha),
                    height_above: f32t(b"KRHA", r.height_above),
                    height_below: f32t(b"KRHB", r.height_below),
                    edges_per_second: r.emission_rate as f32,
                    edge_lifetime: r.lifespan,
                    gravity: r.gravity,
                    texture_rows: r.rows.clamp(1, u16::MAX as u32) as u16,
                    texture_cols: r.columns.clamp(1, u16::MAX as u32) as u16,
                    tex_slot: or_static(t.u32(b"KRTX"), r.texture_slot.min(u16::MAX as u32) as u16, seqs, |v| {
                        (*v).min(u16::MAX as u32) as u16
                    }),
                    visibility: match t.f32(b"KRVS").or(t.f32(b"KVIS")) {
                        Some(v) => shown(v, seqs),
                        None => Track::default(),
                    },
                    priority_plane: f
                        .materials
                        .get(r.material_id as usize)
                        .map_or(0, |m| m.priority_plane.clamp(i16::MIN as i32, i16::MAX as i32) as i16),
                }
            })
            .collect()
    }

    /// Hit-test shapes (`CLID` shapes and Warcraft III `HTST`).
    fn shapes(&self) -> Vec<HitShape> {
        let (f, wow) = (self.f, self.wow);
        let bone_of_id = |id: u32| self.bone_of_id(id);
        let node_pos = |n: &GenObject| self.node_pos(n);
        f.shapes
            .iter()
            .filter_map(|s| {
                if Some(s.floats.len()) != crate::raw::mdx::shape_floats(s.kind, wow) {
                    return None;
                }
                let v = |i: usize| [s.floats[i], s.floats[i + 1], s.floats[i + 2]];
                let kind = match (wow, s.kind) {
                    (_, 0) | (false, 1) => {
                        // Box (or a Warcraft III plane): two corners, in any order.
                        let (a, b) = (v(0), v(3));
                        ShapeKind::Box {
                            min: [0, 1, 2].map(|k| a[k].min(b[k])),
                            max: [0, 1, 2].map(|k| a[k].max(b[k])),
                        }
                    }
                    (_, 2) => ShapeKind::Sphere { center: v(0), radius: s.floats[3] },
                    (false, 3) => ShapeKind::Cylinder { a: v(0), b: v(3), radius: s.floats[6] },
                    (true, 1) => {
                        let base = v(0);
                        ShapeKind::Cylinder {
                            a: base,
                            b: [base[0], base[1], base[2] + s.floats[3]],
                            radius: s.floats[4],
                        }
                    }
                    (true, 3) => {
                        let (l, w) = (s.floats[0] * 0.5, s.floats[1] * 0.5);
                        let p = node_pos(&s.object);
                        ShapeKind::Box { min: [p[0] - l, p[1] - w, p[2]], max: [p[0] + l, p[1] + w, p[2]] }
                    }
                    _ => return None,
                };
                Some(HitShape { bone: bone_of_id(s.object.object_id), kind })
            })
            .collect()
    }

    /// Geometry: every geoset appended to one mesh.
    fn geometry(
        &self,
        layer_base: &[usize],
        tex_ref: &dyn Fn(u32) -> Option<TextureId>,
        warnings: &mut Vec<String>,
    ) -> Result<Mesh> {
        let mut mesh = Mesh::default();
        for (gi, g) in self.f.geosets.iter().enumerate() {
            self.geoset(gi, g, &mut mesh, layer_base, tex_ref, warnings).at_elem("geosets", gi)?;
        }
        Ok(mesh)
    }

    /// Geoset `gi`: its vertices, triangles, submesh and one batch per material layer.
    fn geoset(
        &self,
        gi: usize,
        g: &MdlGeoset,
        mesh: &mut Mesh,
        layer_base: &[usize],
        tex_ref: &dyn Fn(u32) -> Option<TextureId>,
        warnings: &mut Vec<String>,
    ) -> Result<()> {
        let f = self.f;
        let base = mesh.vertices.len() as u32;
        let (vertices, max_influences) = self.geoset_vertices(g)?;
        let nv = vertices.len();
        mesh.vertices.extend(vertices);
        let index_start = mesh.indices.len() as u32;
        geoset_faces(g, gi, base, nv, &mut mesh.indices, warnings)?;
        let b = bounds(&g.bounds);
        let center = [0, 1, 2].map(|k| (b.min[k] + b.max[k]) * 0.5);
        let submesh = mesh.submeshes.len() as u16;
        mesh.submeshes.push(Submesh {
            geoset_id: gi.min(u16::MAX as usize) as u16,
            index_start,
            index_count: mesh.indices.len() as u32 - index_start,
            center_bone: None,
            center,
            sort_center: center,
            sort_radius: b.radius,
            bone_influences: max_influences as u16,
        });
        let Some(m) = f.materials.get(g.material_id as usize) else {
            return Err(Error::new(
                0,
                ErrorKind::BadReference {
                    index: g.material_id as u64,
                    len: f.materials.len() as u64,
                    target: "materials",
                },
            ))
            .at("material_id");
        };
        let color = f.geoset_anims.iter().position(|a| a.geoset_id as usize == gi).map(|c| c as u16);
        // A Reforged HD material's layers are texture slots of one draw (diffuse, normal, ORM,
        // emissive, team colour, reflections: mdx-m3-viewer `Shader_HD_DefaultUnit`), not passes.
        let hd = m.shader.contains("_HD_");
        let passes = if hd { 1 } else { m.layers.len() };
        for (li, l) in m.layers.iter().enumerate().take(passes) {
            let material = (layer_base[g.material_id as usize] + li) as u16;
            let uv = if l.shading_flags & 0x2 != 0 {
                UvSource::Env
            } else if l.coord_id == 1 {
                UvSource::Uv1
            } else {
                UvSource::Uv0
            };
            let transform = (l.texture_anim_id as usize).lt(&f.texture_anims.len()).then_some(l.texture_anim_id as u16);
            let stage =
                |id: Option<u32>| BatchTexture { texture: id.and_then(tex_ref), uv, weight: Some(material), transform };
            // HD: the diffuse, normal, ORM, emissive, team colour and reflections slots as the draw's stages.
            let textures =
                if hd { (0..6).map(|role| stage(hd_slot(m, role))).collect() } else { vec![stage(Some(l.texture_id))] };
            mesh.batches.push(Batch {
                submesh,
                flags: BatchFlags::empty(),
                priority_plane: m.priority_plane.clamp(i8::MIN as i32, i8::MAX as i32) as i8,
                shader_id: if hd { crate::model::MDX_HD_SHADER } else { 0 },
                material,
                material_layer: li as u16,
                color,
                textures,
                texture_combo_index: 0,
                flags2: crate::model::BatchFlags2::empty(),
            });
        }
        Ok(())
    }

    /// A geoset's vertices with their bone influences (v1500: weights on
    /// object ids; else matrix groups as up to four equal weights), and the
    /// most influences a vertex has.
    fn geoset_vertices(&self, g: &MdlGeoset) -> Result<(Vec<Vertex>, usize)> {
        let (bone_of_id, nodes) = (|id: u32| self.bone_of_id(id), &self.nodes);
        let nv = g.positions.len();
        let mut vertices = Vec::with_capacity(nv);
        // Matrix groups: start offsets into MATS.
        let mut group_start = Vec::with_capacity(g.group_counts.len());
        let mut acc = 0usize;
        for &c in &g.group_counts {
            group_start.push(acc);
            acc = acc.saturating_add(c as usize);
        }
        if acc > g.matrices.len() {
            return Err(Error::invalid(0, format!("groups need {acc} matrices, MATS has {}", g.matrices.len())))
                .at("MTGC");
        }
        let mut max_influences = 1;
        for v in 0..nv {
            let mut idx = [0u16; 4];
            let mut w = [255u8, 0, 0, 0];
            if let (Some(&ws), Some(&ids)) = (g.bone_weights.get(v), g.bone_indices.get(v)) {
                // v1500: M2-style weights on object ids.
                w = ws;
                for k in 0..4 {
                    let Some(b) = bone_of_id(ids[k] as u32) else {
                        if ws[k] == 0 {
                            continue;
                        }
                        return Err(Error::new(
                            0,
                            ErrorKind::BadReference {
                                index: ids[k] as u64,
                                len: nodes.len() as u64,
                                target: "objects",
                            },
                        ))
                        .at_elem("bone_indices", v);
                    };
                    idx[k] = b.0;
                    if ws[k] != 0 {
                        max_influences = max_influences.max(k + 1);
                    }
                }
            } else if let Some(&grp) = g.vertex_groups.get(v) {
                let grp = grp as usize;
                let Some(&start) = group_start.get(grp) else {
                    return Err(Error::new(
                        0,
                        ErrorKind::BadReference { index: grp as u64, len: group_start.len() as u64, target: "MTGC" },
                    ))
                    .at_elem("GNDX", v);
                };
                let ids = &g.matrices[start..start + g.group_counts[grp] as usize];
                let ids: Vec<BoneId> = ids.iter().filter_map(|&id| bone_of_id(id)).take(4).collect();
                if !ids.is_empty() {
                    max_influences = max_influences.max(ids.len());
                    let share = 255 / ids.len() as u8;
                    for (k, b) in ids.iter().enumerate() {
                        idx[k] = b.0;
                        w[k] = share;
                    }
                    w[0] += 255 - share * ids.len() as u8;
                }
            }
            let uv = |s: usize| g.uv_sets.get(s).and_then(|u| u.get(v)).copied().unwrap_or_default();
            vertices.push(Vertex {
                position: g.positions[v],
                normal: g.normals.get(v).copied().unwrap_or([0.0, 0.0, 1.0]),
                uv: [uv(0), uv(1)],
                bone_weights: w,
                bone_indices: idx,
                baked_light: None,
            });
        }
        Ok((vertices, max_influences))
    }
}

/// A geoset's faces as triangles appended to `indices` (offset by `base`):
/// lists, strips and fans; other face types are not drawn (a warning).
fn geoset_faces(
    g: &MdlGeoset,
    gi: usize,
    base: u32,
    nv: usize,
    indices: &mut Vec<u32>,
    warnings: &mut Vec<String>,
) -> Result<()> {
    let mut at = 0usize;
    let groups: Vec<(u32, u32)> = if g.face_types.is_empty() {
        vec![(4, g.indices.len() as u32)]
    } else {
        g.face_types.iter().copied().zip(g.face_counts.iter().copied()).collect()
    };
    for (ty, count) in groups {
        let end = at.saturating_add(count as usize).min(g.indices.len());
        let ix = &g.indices[at..end];
        for (k, &i) in ix.iter().enumerate() {
            if i as usize >= nv {
                return Err(Error::new(0, ErrorKind::BadReference { index: i as u64, len: nv as u64, target: "VRTX" }))
                    .at_elem("PVTX", at + k);
            }
        }
        let push = |tri: [u16; 3], out: &mut Vec<u32>| out.extend(tri.iter().map(|&i| base + i as u32));
        match ty {
            4 => ix.chunks_exact(3).for_each(|t| push([t[0], t[1], t[2]], indices)),
            5 => {
                for k in 2..ix.len() {
                    let t = if k % 2 == 0 { [ix[k - 2], ix[k - 1], ix[k]] } else { [ix[k - 1], ix[k - 2], ix[k]] };
                    push(t, indices);
                }
            }
            6 => (2..ix.len()).for_each(|k| push([ix[0], ix[k - 1], ix[k]], indices)),
            _ => warnings.push(format!("geoset {gi}: face type {ty} is not drawn")),
        }
        at = end;
    }
    Ok(())
}

/// Converts a parsed MDX file. Errors name the structure (`geosets[1].PVTX[7]`).
pub fn mdx_to_model(f: &MdxFile) -> Result<Model> {
    let mut warnings = Vec::new();
    let c = MdxConverter::new(f, &mut warnings)?;
    let wow = c.wow;
    let (bones, sequences, textures) = (c.bones(), c.sequences(), c.textures());
    let tex_ref = |i: u32| ((i as usize) < textures.len()).then_some(TextureId(i as u16));
    let (texture_transforms, colors) = (c.texture_transforms(), c.colors());
    let (materials, texture_weights, layer_base) = c.materials();
    let flipbooks = c.flipbooks(&tex_ref);
    let Mesh { vertices, indices, submeshes, batches } = c.geometry(&layer_base, &tex_ref, &mut warnings)?;
    let bone_count_max = bones.len() as u32;
    let lods = vec![Lod { indices, submeshes, batches, bone_count_max, source: "MDX geosets".into() }];
    let (attachments, events, lights, cameras) = (c.attachments(), c.events(), c.lights(), c.cameras());
    let (particles, ribbons, shapes) = (c.particles(&tex_ref), c.ribbons(&layer_base, &tex_ref), c.shapes());
    let chunks: Vec<String> = f.chunk_order.iter().map(|t| m2view_error::show_tag(t)).collect();
    let unknown_chunks: Vec<String> = f.unknown.iter().map(|(t, _)| m2view_error::show_tag(t)).collect();
    for u in &unknown_chunks {
        warnings.push(format!("chunk {u} kept raw (not decoded)"));
    }
    for p in f.particle_emitters.iter().filter(|p| p.object.flags & 0x8000 == 0 || p.path.is_empty()) {
        let what = if p.path.is_empty() { "nothing".to_string() } else { format!("the texture {}", p.path) };
        warnings.push(format!("particle emitter {:?} (PREM) spawns {what}: not drawn", p.object.name));
    }
    for p in &f.popcorns {
        let name = &p.object.name;
        warnings.push(format!(
            "popcorn emitter {name:?} plays {}: PopcornFX effects are not drawn (a marker with the emitters overlay)",
            p.path
        ));
    }
    let collision = &f.collision;
    Model {
        source: SourceInfo {
            format: SourceFormat::Mdx,
            version: f.version,
            expansion: if wow { "WoW alpha (0.5–0.11)" } else { "Warcraft III" },
            chunks,
            unknown_chunks,
        },
        name: f.model.name.clone(),
        global_flags: 0,
        global_sequences: f.global_sequences.clone(),
        sequences,
        sequence_lookup: Vec::new(),
        bones,
        vertices,
        lods,
        declared_lods: 1,
        colors,
        textures,
        texture_weights,
        texture_transforms,
        materials,
        texture_combiner_combos: None,
        bounds: bounds(&f.model.bounds),
        collision: Collision {
            bounds: Bounds::default(),
            positions: collision.positions.clone(),
            indices: collision.indices.clone(),
            normals: collision.normals.clone(),
        },
        attachments,
        events,
        lights,
        cameras,
        camera_lookup: Vec::new(),
        ribbons,
        particles,
        shapes,
        bone_sets: Vec::new(),
        model_emitters: c.model_emitters(),
        portals: Vec::new(),
        effect_markers: f
            .popcorns
            .iter()
            .map(|p| EffectMarker {
                bone: c.bone_of_id(p.object.object_id),
                position: c.node_pos(&p.object),
                effect: p.path.clone(),
            })
            .collect(),
        hd_shading: c.hd_shading(),
        hd_animations: c.hd_animations(),
        liquids: Vec::new(),
        flipbooks,
        chunk_data: Default::default(),
        warnings,
    }
    .validated()
}

/// The `TEXS` index of HD material `m`'s texture slot `role` (0 diffuse, 1
/// normal, 2 ORM, 3 emissive, 4 team colour, 5 reflections): a v1100+
/// layer's slot of that role, else (v900/v1000) the texture of layer `role`.
pub(crate) fn hd_slot(m: &MdlMaterial, role: u32) -> Option<u32> {
    let first = m.layers.first()?;
    if first.texture_slots.is_empty() {
        m.layers.get(role as usize).map(|l| l.texture_id)
    } else {
        first.texture_slots.iter().find(|s| s.1 == role).map(|s| s.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn track<T: Copy>(interpolation: u32, keys: &[(i32, T, T, T)]) -> MdlTrack<T> {
        let keys = keys.iter().map(|&(time, value, i, o)| MdlKey { time, value, tangents: Some((i, o)) }).collect();
        MdlTrack { interpolation, global_sequence: None, keys }
    }

    #[test]
    fn curves_keep_their_tangents() {
        let seqs = [MdlSequence { name: "a".into(), start: 0, end: 1000, ..Default::default() }];
        let keys = [(0, 0.0f32, 0.0, 2.0), (1000, 1.0, 0.5, 0.0)];
        let h = curve(&track(2, &keys), &seqs, |v| v * 2.0);
        assert_eq!(h.interpolation, Interpolation::Hermite);
        assert_eq!(h.sequences[0].values, [0.0, 2.0]);
        assert_eq!(h.sequences[0].tangents, [[0.0, 4.0], [1.0, 0.0]]);
        assert_eq!(curve(&track(3, &keys), &seqs, |v| *v).interpolation, Interpolation::Bezier);
        // Linear tracks drop the tangents they were not written with.
        let l = curve(&track(1, &keys), &seqs, |v| *v);
        assert_eq!((l.interpolation, l.sequences[0].tangents.len()), (Interpolation::Linear, 0));
    }
}
