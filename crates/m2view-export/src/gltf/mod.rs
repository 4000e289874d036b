//! M2/MDX → glTF 2.0 binary (`.glb`), built with the `gltf-json` types.
//!
//! - Mesh: the LOD's vertices (positions, normals, both UV sets, up to four
//!   joints and weights; a WMO's baked light as `COLOR_0`) shared by one
//!   primitive per visible batch.
//! - Skeleton: one node per bone, parents first. M2 bones rotate about their
//!   pivot (`B = P · T(pivot) · T(t) · R · S · T(−pivot)`, wowdev "M2#Bones"),
//!   so node *i* stands for `B_i · T(pivot_i)`: its local translation is
//!   `pivot_i − pivot_parent + t`, rotation `R`, scale `S`, and its inverse
//!   bind matrix `T(−pivot_i)`. Ignore-parent and billboard flags are not
//!   expressible in glTF and are dropped.
//! - Animations: one per sequence, named like the viewer (`Stand`,
//!   `Stand.1` for variation 1); each bone track with keys in it becomes a
//!   channel sampled at its own key times (LINEAR; STEP for tracks without
//!   interpolation); tracks on a global sequence are sampled at 30 Hz over
//!   the sequence, folding the global loop into the animation's span.
//! - Materials: base colour = the batch's first texture as embedded PNG;
//!   opaque → OPAQUE, alpha key → MASK (cutoff 128/255, the alpha test the
//!   renderer applies), every other blend mode → BLEND, named in `extras.m2_blend`;
//!   two-sided render flag → `doubleSided`; unlit flag →
//!   `KHR_materials_unlit` (unlit and additive materials also emit their
//!   texture, a glow where unlit or additive is not read); the texture
//!   transform, colour and transparency
//!   as `KHR_texture_transform` and the base colour factor at rest, and
//!   with `animate_materials` animated through `KHR_animation_pointer`
//!   (the `look` module).
//! - Particle and ribbon emitters: empty nodes under their bone with their
//!   parameters in `extras`.

use std::collections::{BTreeMap, HashMap};

use gltf_json as json;
use json::validation::Checked::Valid;
use json::validation::USize64;
use m2view_format::{BlendMode, LoadedModel, MaterialFlags, Model, Track};

use super::{ExportError, ExportOptions, zup_to_yup, zup_to_yup_quat};

mod camera;
mod hd;
pub(crate) mod look;
mod merge;

/// The binary chunk being filled, and the JSON root referring to it.
struct Builder {
    root: json::Root,
    bin: Vec<u8>,
    /// The materials whose look animates: (glTF material, look).
    looks: Vec<(u32, look::Look)>,
    /// Channels targeting material values, added to the JSON at the end.
    pointers: Vec<look::PointerChannel>,
}

impl Builder {
    /// Appends `bytes` (4-byte aligned) as a buffer view.
    fn view(&mut self, bytes: &[u8], target: Option<json::buffer::Target>) -> json::Index<json::buffer::View> {
        while !self.bin.len().is_multiple_of(4) {
            self.bin.push(0);
        }
        let offset = self.bin.len();
        self.bin.extend_from_slice(bytes);
        self.root.push(json::buffer::View {
            buffer: json::Index::new(0),
            byte_length: USize64(bytes.len() as u64),
            byte_offset: Some(USize64(offset as u64)),
            byte_stride: None,
            extensions: None,
            extras: Default::default(),
            name: None,
            target: target.map(Valid),
        })
    }

    /// An accessor of `count` elements of `ty` over a new view of `bytes`.
    #[allow(clippy::too_many_arguments)]
    fn accessor(
        &mut self,
        bytes: &[u8],
        count: usize,
        component: json::accessor::ComponentType,
        ty: json::accessor::Type,
        target: Option<json::buffer::Target>,
        minmax: Option<(Vec<f32>, Vec<f32>)>,
        normalized: bool,
    ) -> json::Index<json::Accessor> {
        let view = self.view(bytes, target);
        let (min, max) = match minmax {
            Some((lo, hi)) => (Some(json::Value::from(lo)), Some(json::Value::from(hi))),
            None => (None, None),
        };
        self.root.push(json::Accessor {
            buffer_view: Some(view),
            byte_offset: None,
            count: USize64(count as u64),
            component_type: Valid(json::accessor::GenericComponentType(component)),
            extensions: None,
            extras: Default::default(),
            type_: Valid(ty),
            min,
            max,
            name: None,
            normalized,
            sparse: None,
        })
    }

    /// Float vectors of `n` components (`min`/`max` when `bounds`).
    fn floats(
        &mut self,
        values: &[f32],
        n: usize,
        target: Option<json::buffer::Target>,
        bounds: bool,
    ) -> json::Index<json::Accessor> {
        use json::accessor::Type;
        let ty = match n {
            1 => Type::Scalar,
            2 => Type::Vec2,
            3 => Type::Vec3,
            4 => Type::Vec4,
            _ => Type::Mat4,
        };
        let minmax = bounds.then(|| {
            let (mut lo, mut hi) = (vec![f32::MAX; n], vec![f32::MIN; n]);
            for c in values.chunks_exact(n) {
                for k in 0..n {
                    lo[k] = lo[k].min(c[k]);
                    hi[k] = hi[k].max(c[k]);
                }
            }
            (lo, hi)
        });
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.accessor(&bytes, values.len() / n, json::accessor::ComponentType::F32, ty, target, minmax, false)
    }
}

fn extras(v: serde_json::Value) -> json::Extras {
    serde_json::value::to_raw_value(&v).ok()
}

/// Builds the `.glb` of `lm` (with its current skin and loaded `.anim` files).
/// Errors: a LOD that does not exist.
pub fn to_glb(lm: &LoadedModel, opts: &ExportOptions) -> Result<Vec<u8>, ExportError> {
    let (root, bin) = build(lm, opts, None)?;
    glb(&root, bin)
}

/// Writes `out` (`.gltf`, JSON) and its buffer beside it (`<stem>.bin`,
/// textures included). Errors name the file.
pub fn write_gltf(lm: &LoadedModel, opts: &ExportOptions, out: &std::path::Path) -> Result<(), ExportError> {
    let (root, bin) = build(lm, opts, Some(bin_name(out)))?;
    write_files(&root, bin, out)
}

/// Several models in one document (`merge`): each built alone, with
/// skeleton, skin and animations, under a node holding its placement. With
/// `binary` the GLB bytes; else writes `out` and its `.bin`. A model placed
/// again shares the first placement's data. A `camera` path is a camera
/// node under a node `Camera`, with an animation `Camera: Path` (`camera`;
/// its field of view too where the parts animate their materials through
/// `KHR_animation_pointer`). Errors: a model's (a LOD that does not exist).
pub fn scene(
    name: &str,
    parts: &[super::ScenePart],
    camera: Option<&super::CameraTrack>,
    out: &std::path::Path,
    binary: bool,
) -> Result<Option<Vec<u8>>, ExportError> {
    let uri = (!binary).then(|| bin_name(out));
    let mut docs: Vec<merge::Part> = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        // The same model placed again shares the document built for it.
        let shares = parts[..k].iter().position(|q| same_document(q, part));
        let (doc, bin) = match shares {
            Some(j) => (docs[j].doc.clone(), Vec::new()),
            None => build(part.lm, part.opts, None)?,
        };
        // (A bone node's space is the bone's, turned to Y-up as the scene's is: one rule for both.)
        let matrix = super::placement_to_yup(part.world).to_cols_array();
        let name = super::part_name(part.lm);
        let parent = part.parent.map(|(p, bone)| (p, bone as u64));
        docs.push(merge::Part { name, matrix, parent, doc, bin, shares });
    }
    let pointer = parts.iter().any(|p| p.opts.animate_materials.is_some());
    if let Some((doc, bin)) = camera.and_then(|c| camera::document(c, pointer)) {
        let matrix = glam::Mat4::IDENTITY.to_cols_array();
        docs.push(merge::Part { name: "Camera".into(), matrix, parent: None, doc, bin, shares: None });
    }
    let (root, bin) = merge::merge(name, docs, uri);
    if binary {
        return glb(&root, bin).map(Some);
    }
    write_files(&root, bin, out).map(|()| None)
}

/// Whether `a` and `b` build the same document: one model, exported
/// alike (a scene places a model again with no options of its own but its
/// doodads or tile placements).
fn same_document(a: &super::ScenePart, b: &super::ScenePart) -> bool {
    let (x, y) = (a.opts, b.opts);
    let plain = |o: &ExportOptions| o.items.is_empty() && o.skinned.is_empty() && o.textures.is_empty();
    std::ptr::eq(a.lm, b.lm)
        && plain(x)
        && plain(y)
        && (x.lod, &x.geosets, &x.sequences, x.animate_materials)
            == (y.lod, &y.geosets, &y.sequences, y.animate_materials)
        && x.placed.len() == y.placed.len()
        && x.placed.iter().zip(&y.placed).all(|(p, q)| std::sync::Arc::ptr_eq(&p.lm, &q.lm) && p.world == q.world)
}

/// `<stem>.bin`: the buffer file of the `.gltf` at `out`.
fn bin_name(out: &std::path::Path) -> String {
    format!("{}.bin", out.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "model".into()))
}

/// A document and its buffer as GLB bytes.
fn glb(root: &serde_json::Value, bin: Vec<u8>) -> Result<Vec<u8>, ExportError> {
    let mut text = serde_json::to_vec(root).map_err(|e| ExportError::Gltf(e.to_string()))?;
    while text.len() % 4 != 0 {
        text.push(b' ');
    }
    let bin_chunk = if bin.is_empty() { 0 } else { 8 + bin.len() };
    let glb = gltf::binary::Glb {
        header: gltf::binary::Header { magic: *b"glTF", version: 2, length: (12 + 8 + text.len() + bin_chunk) as u32 },
        json: std::borrow::Cow::Owned(text),
        bin: (!bin.is_empty()).then_some(std::borrow::Cow::Owned(bin)),
    };
    glb.to_vec().map_err(|e| ExportError::Gltf(e.to_string()))
}

/// Writes `root` to `out` and `bin` beside it ([`bin_name`]).
fn write_files(root: &serde_json::Value, bin: Vec<u8>, out: &std::path::Path) -> Result<(), ExportError> {
    let text = serde_json::to_vec_pretty(root).map_err(|e| ExportError::Gltf(e.to_string()))?;
    crate::write(out, &text)?;
    crate::write(&out.with_file_name(bin_name(out)), &bin)
}

/// The glTF document of `lm` (as JSON) and its binary buffer; the buffer is
/// embedded (GLB) when `uri` is `None`, else named `uri`.
fn build(
    lm: &LoadedModel,
    opts: &ExportOptions,
    uri: Option<String>,
) -> Result<(serde_json::Value, Vec<u8>), ExportError> {
    let model = &lm.model;
    let mut b = Builder { root: json::Root::default(), bin: Vec::new(), looks: Vec::new(), pointers: Vec::new() };
    b.root.asset.generator = Some(format!("m2view {}", env!("CARGO_PKG_VERSION")));
    let lod = match model.lods.get(opts.lod) {
        Some(l) => Some(l),
        None if model.lods.is_empty() => None,
        None => return Err(ExportError::Lod { lod: opts.lod, count: model.lods.len() }),
    };

    // Skeleton: node i = bone i.
    let pivot = |i: usize| glam::Vec3::from(model.bones[i].pivot);
    let rest = |i: usize| {
        let parent = model.bones[i].parent.map_or(glam::Vec3::ZERO, |p| pivot(p.index()));
        pivot(i) - parent
    };
    for i in 0..model.bones.len() {
        b.root.push(json::Node {
            name: Some(super::bone_name(model, i)),
            translation: Some(zup_to_yup(rest(i).into())),
            ..Default::default()
        });
    }
    let mut children: Vec<Vec<json::Index<json::Node>>> = vec![Vec::new(); model.bones.len()];
    let mut roots = Vec::new();
    for (i, bone) in model.bones.iter().enumerate() {
        match bone.parent {
            Some(p) => children[p.index()].push(json::Index::new(i as u32)),
            None => roots.push(json::Index::new(i as u32)),
        }
    }

    // Emitters: empty nodes under their bone, parameters in extras.
    let emitters = model
        .particles
        .iter()
        .map(|e| (e.bone, e.position, "particle", format!("{:?}", e.emitter_type), e.blend))
        .chain(model.ribbons.iter().map(|r| (r.bone, r.position, "ribbon", String::new(), BlendMode::Add)));
    for (k, (bone, position, kind, generator, blend)) in emitters.enumerate() {
        let at = glam::Vec3::from(position) - bone.map_or(glam::Vec3::ZERO, |b| pivot(b.index()));
        let node = b.root.push(json::Node {
            name: Some(format!("{kind} emitter {k}")),
            translation: Some(zup_to_yup(at.into())),
            extras: extras(serde_json::json!({ "m2_emitter": kind, "generator": generator, "blend": blend.name() })),
            ..Default::default()
        });
        match bone {
            Some(bi) if bi.index() < children.len() => children[bi.index()].push(node),
            _ => roots.push(node),
        }
    }
    // Equipment: each item a static mesh under its attachment's bone.
    for item in &opts.items {
        let Some(a) = model.attachments.iter().find(|a| a.id == item.attachment) else { continue };
        let Some(ilod) = item.lm.model.lods.first().filter(|l| !l.indices.is_empty()) else { continue };
        let geosets = item.lm.model.default_geosets(0);
        let Some(node) = mesh(&mut b, &item.lm, ilod, &geosets, &Default::default(), None, false) else { continue };
        let at = glam::Vec3::from(a.position) - a.bone.map_or(glam::Vec3::ZERO, |bi| pivot(bi.index()));
        b.root.nodes[node.value()].translation = Some(zup_to_yup(at.into()));
        b.root.nodes[node.value()].extras = extras(serde_json::json!({ "m2_attachment": a.id }));
        match a.bone {
            Some(bi) if bi.index() < children.len() => children[bi.index()].push(node),
            _ => roots.push(node),
        }
    }
    for (i, c) in children.into_iter().enumerate() {
        if !c.is_empty() {
            b.root.nodes[i].children = Some(c);
        }
    }
    // One skeleton node over every root bone: glTF wants the joints under a common root.
    if !roots.is_empty() {
        let skeleton =
            b.root.push(json::Node { name: Some("skeleton".into()), children: Some(roots), ..Default::default() });
        roots = vec![skeleton];
    }

    // Mesh.
    if let Some(lod) = lod.filter(|l| !l.indices.is_empty()) {
        let geosets = opts.geosets.clone().unwrap_or_else(|| model.default_geosets(opts.lod));
        let joints: Vec<Joint> =
            (0..model.bones.len()).map(|i| Joint { node: i as u32, pivot: model.bones[i].pivot }).collect();
        let joints = (!joints.is_empty()).then_some(joints.as_slice());
        let mesh_node = mesh(&mut b, lm, lod, &geosets, &opts.textures, joints, true);
        if let Some(node) = mesh_node {
            roots.push(node);
        }
    }
    // Models worn on the skeleton (9.0+ skinned customization models): skinned to the
    // character's bone nodes through their shared skeleton.
    for k in opts.skinned.iter().filter(|_| !model.bones.is_empty()) {
        let Some(klod) = k.lm.model.lods.first().filter(|l| !l.indices.is_empty()) else { continue };
        let joints: Vec<Joint> = (0..k.lm.model.bones.len())
            .map(|i| {
                let h = super::worn_on(k, i).min(model.bones.len() - 1);
                Joint { node: h as u32, pivot: model.bones[h].pivot }
            })
            .collect();
        if let Some(node) = mesh(&mut b, &k.lm, klod, &k.geosets, &k.textures, Some(&joints), false) {
            roots.push(node);
        }
    }
    placed(&mut b, &opts.placed, &mut roots);
    let scene = b.root.push(json::Scene {
        extensions: None,
        extras: Default::default(),
        name: Some(model.name.clone()),
        nodes: roots,
    });
    b.root.scene = Some(scene);

    animations(&mut b, model, opts, &rest);

    while !b.bin.len().is_multiple_of(4) {
        b.bin.push(0);
    }
    // A model with nothing binary (an MDX emitter rig) has no buffer at all.
    if !b.bin.is_empty() {
        b.root.push(json::Buffer {
            byte_length: USize64(b.bin.len() as u64),
            name: None,
            uri,
            extensions: None,
            extras: Default::default(),
        });
    }
    Ok((look::finish(&b.root, &b.pointers, &lm.path.display().to_string())?, b.bin))
}

/// Placed models (doodads, a tile's models and WMOs) as root nodes with
/// their matrix in Y-up space; the first placement of a model builds its
/// mesh, the others reuse it.
fn placed(b: &mut Builder, placed: &[m2view_scene::Placement], roots: &mut Vec<json::Index<json::Node>>) {
    let mut meshes: std::collections::HashMap<*const LoadedModel, Option<json::Index<json::Mesh>>> = Default::default();
    for p in placed {
        let m = super::placement_to_yup(p.world).to_cols_array();
        let node = match meshes.get(&std::sync::Arc::as_ptr(&p.lm)) {
            Some(None) => continue,
            Some(Some(mesh)) => b.root.push(json::Node { mesh: Some(*mesh), ..Default::default() }),
            None => {
                // The first placement of a model builds its mesh (and the node holding it).
                let lod = p.lm.model.lods.first().filter(|l| !l.indices.is_empty());
                let node = lod.and_then(|lod| {
                    mesh(b, &p.lm, lod, &p.lm.model.default_geosets(0), &Default::default(), None, false)
                });
                meshes.insert(std::sync::Arc::as_ptr(&p.lm), node.and_then(|n| b.root.nodes[n.value()].mesh));
                let Some(node) = node else { continue };
                node
            }
        };
        let n = &mut b.root.nodes[node.value()];
        n.name = Some(p.lm.model.name.clone());
        n.matrix = Some(m);
        roots.push(node);
    }
}

/// A skin joint: the node of a bone and its pivot (model units, Z up),
/// where its inverse bind matrix puts the origin.
struct Joint {
    node: u32,
    pivot: [f32; 3],
}

/// A skin of `joints`: each joint's node, its inverse bind matrix `T(-pivot)`
/// (M2 bones turn about their pivot; Y-up).
fn skin(b: &mut Builder, joints: &[Joint]) -> json::Index<json::Skin> {
    let ibm: Vec<f32> = joints
        .iter()
        .flat_map(|j| glam::Mat4::from_translation(-glam::Vec3::from(zup_to_yup(j.pivot))).to_cols_array())
        .collect();
    let ibm = b.floats(&ibm, 16, None, false);
    b.root.push(json::Skin {
        extensions: None,
        extras: Default::default(),
        inverse_bind_matrices: Some(ibm),
        joints: joints.iter().map(|j| json::Index::new(j.node)).collect(),
        name: None,
        skeleton: None,
    })
}

/// Vertex attributes, one primitive per batch of `geosets`, materials and
/// textures (`textures` overriding files); returns the mesh node, skinned
/// to `joints` (one per bone of the model) when given. The materials' looks animate
/// with the document's animations when `animated` (the model exported,
/// not a placed one).
fn mesh(
    b: &mut Builder,
    lm: &LoadedModel,
    lod: &m2view_format::Lod,
    geosets: &std::collections::BTreeSet<u16>,
    textures: &std::collections::BTreeMap<usize, m2view_format::blp::RgbaImage>,
    skin_joints: Option<&[Joint]>,
    animated: bool,
) -> Option<json::Index<json::Node>> {
    let skinned = skin_joints.is_some();
    use json::accessor::{ComponentType, Type};
    use json::buffer::Target;
    let model = &lm.model;
    let n = model.vertices.len();
    let mut pos = Vec::with_capacity(n * 3);
    let mut nrm = Vec::with_capacity(n * 3);
    let (mut uv0, mut uv1) = (Vec::with_capacity(n * 2), Vec::with_capacity(n * 2));
    let mut joints = Vec::with_capacity(n * 4);
    let mut weights = Vec::with_capacity(n * 4);
    for v in &model.vertices {
        pos.extend(zup_to_yup(v.position));
        let nv = glam::Vec3::from(zup_to_yup(v.normal)).try_normalize().unwrap_or(glam::Vec3::Y);
        nrm.extend(nv.to_array());
        uv0.extend(v.uv[0]);
        uv1.extend(v.uv[1]);
        let total: u32 = v.bone_weights.iter().map(|&w| w as u32).sum();
        for k in 0..4 {
            let w = if total == 0 { (k == 0) as u32 as f32 } else { v.bone_weights[k] as f32 / total as f32 };
            weights.push(w);
            let j = if w > 0.0 { v.bone_indices[k].min(model.bones.len().saturating_sub(1) as u16) } else { 0 };
            joints.push(j);
        }
    }
    let mut attributes = BTreeMap::new();
    use json::mesh::Semantic;
    attributes.insert(Valid(Semantic::Positions), b.floats(&pos, 3, Some(Target::ArrayBuffer), true));
    attributes.insert(Valid(Semantic::Normals), b.floats(&nrm, 3, Some(Target::ArrayBuffer), false));
    attributes.insert(Valid(Semantic::TexCoords(0)), b.floats(&uv0, 2, Some(Target::ArrayBuffer), false));
    attributes.insert(Valid(Semantic::TexCoords(1)), b.floats(&uv1, 2, Some(Target::ArrayBuffer), false));
    // A WMO interior's baked light (MOCV and the ambient colour) as vertex colours; white
    // where a vertex has none (an exterior group's).
    if model.vertices.iter().any(|v| v.baked_light.is_some()) {
        let rgba: Vec<u8> =
            model.vertices.iter().flat_map(|v| v.baked_light.map_or([255; 4], |[r, g, b]| [r, g, b, 255])).collect();
        let c = b.accessor(&rgba, n, ComponentType::U8, Type::Vec4, Some(Target::ArrayBuffer), None, true);
        attributes.insert(Valid(Semantic::Colors(0)), c);
    }
    if skinned {
        let bytes: Vec<u8> = joints.iter().flat_map(|j: &u16| j.to_le_bytes()).collect();
        let j = b.accessor(&bytes, n, ComponentType::U16, Type::Vec4, Some(Target::ArrayBuffer), None, false);
        attributes.insert(Valid(Semantic::Joints(0)), j);
        attributes.insert(Valid(Semantic::Weights(0)), b.floats(&weights, 4, Some(Target::ArrayBuffer), false));
    }
    let mut images: HashMap<usize, Option<json::Index<json::Texture>>> = HashMap::new();
    let mut normal_maps: HashMap<usize, Option<json::Index<json::Texture>>> = HashMap::new();
    type Key = (usize, Option<usize>, look::Look, Option<[Option<usize>; 3]>);
    let mut materials: HashMap<Key, json::Index<json::Material>> = HashMap::new();
    // The materials as they look at the first sequence's first instant.
    let rest = if model.sequences.is_empty() { m2view_anim::Pose::default() } else { look::pose_at(model, 0, 0.0) };
    let mut primitives = Vec::new();
    // A map tile's terrain: its layers baked into one texture on UV set 1 (the alpha maps'),
    // drawn by its base passes; the upper passes, which the bake holds, are left out.
    let baked = super::terrain::bake(lm, textures)
        .and_then(|img| embed(b, &img, Some(format!("{} terrain (baked layers)", model.name)), [false, false]));
    for (_, batch, _, idx) in super::exported_batches(&lm.model, lod, geosets) {
        if idx.is_empty() {
            continue;
        }
        let bytes: Vec<u8> = idx.iter().flat_map(|i| i.to_le_bytes()).collect();
        let indices = b.accessor(
            &bytes,
            idx.len(),
            ComponentType::U32,
            Type::Scalar,
            Some(Target::ElementArrayBuffer),
            None,
            false,
        );
        let tex = batch.textures.first().and_then(|t| t.texture).map(|t| t.index());
        let terrain = baked.filter(|_| batch.material == 0);
        let material = match (terrain, crate::waterfall::maps(model, batch)) {
            (Some(texture), _) => *materials
                .entry((0, Some(usize::MAX), look::Look::default(), None))
                .or_insert_with(|| material(b, model, 0, Some(texture), 1, None)),
            // A waterfall is one draw (m2view-format keeps its first batch alone): its material and images are its own.
            (None, Some(maps)) => waterfall_material(b, lm, batch.material as usize, maps, textures),
            (None, None) => {
                let texture = tex.and_then(|t| *images.entry(t).or_insert_with(|| image(b, lm, t, textures)));
                let look = look::Look::of(batch);
                let hd_maps = hd::maps(model, batch);
                let hd = hd_maps.map(|[normal, orm, emissive]| {
                    let mut image = |t: Option<usize>| {
                        t.and_then(|t| *images.entry(t).or_insert_with(|| image(b, lm, t, textures)))
                    };
                    let orm = image(orm);
                    let emissive = image(emissive);
                    let normal = normal.and_then(|t| {
                        *normal_maps.entry(t).or_insert_with(|| normal_image(b, lm, t, hd::to_gltf_normals))
                    });
                    [normal, orm, emissive]
                });
                *materials.entry((batch.material as usize, tex, look, hd_maps)).or_insert_with(|| {
                    let values = look.values(&rest);
                    let m = material(b, model, batch.material as usize, texture, 0, Some(values));
                    if let Some(hd) = hd {
                        hd_material(b, m, hd);
                    }
                    if animated {
                        b.looks.push((m.value() as u32, look));
                    }
                    m
                })
            }
        };
        primitives.push(json::mesh::Primitive {
            attributes: attributes.clone(),
            extensions: None,
            extras: Default::default(),
            indices: Some(indices),
            material: Some(material),
            mode: Valid(json::mesh::Mode::Triangles),
            targets: None,
        });
    }
    if primitives.is_empty() {
        return None;
    }
    let mesh = b.root.push(json::Mesh {
        extensions: None,
        extras: Default::default(),
        name: Some(model.name.clone()),
        primitives,
        weights: None,
    });
    let skin = skin_joints.map(|joints| skin(b, joints));
    Some(b.root.push(json::Node {
        name: Some(format!("{} mesh", model.name)),
        mesh: Some(mesh),
        skin,
        ..Default::default()
    }))
}

/// Texture `t` as an embedded PNG (`None` when it cannot be read).
fn image(
    b: &mut Builder,
    lm: &LoadedModel,
    t: usize,
    overrides: &std::collections::BTreeMap<usize, m2view_format::blp::RgbaImage>,
) -> Option<json::Index<json::Texture>> {
    let (w, h, px) = super::texture_rgba(lm, t, overrides)?;
    let tex = lm.model.textures.get(t)?;
    embed(
        b,
        &m2view_format::blp::RgbaImage { width: w, height: h, pixels: px },
        file_name(lm, t),
        [tex.wrap_u, tex.wrap_v],
    )
}

/// The file name of texture `t`, not its folder: an export names no folder
/// of the machine that wrote it.
fn file_name(lm: &LoadedModel, t: usize) -> Option<String> {
    let file = lm.texture_files.get(t).cloned().flatten()?;
    file.file_name().map(|n| n.to_string_lossy().into_owned())
}

/// Texture `t`, a Reforged normal map ([`hd::to_gltf_normals`]) or a
/// waterfall's gradient map ([`crate::waterfall::to_tangent_normals`]), as a glTF
/// normal texture made by `convert`; `None` when it cannot be read.
fn normal_image(
    b: &mut Builder,
    lm: &LoadedModel,
    t: usize,
    convert: fn(&mut [u8]),
) -> Option<json::Index<json::Texture>> {
    let (w, h, mut px) = super::texture_rgba(lm, t, &Default::default())?;
    convert(&mut px);
    let tex = lm.model.textures.get(t)?;
    embed(
        b,
        &m2view_format::blp::RgbaImage { width: w, height: h, pixels: px },
        file_name(lm, t),
        [tex.wrap_u, tex.wrap_v],
    )
}

/// The waterfall's material ([`crate::waterfall`]): the white water over the
/// base colour on UV set 1, alpha blended and two-sided, its normal map at
/// the game's strength.
fn waterfall_material(
    b: &mut Builder,
    lm: &LoadedModel,
    m: usize,
    [white, normal]: [Option<usize>; 2],
    textures: &std::collections::BTreeMap<usize, m2view_format::blp::RgbaImage>,
) -> json::Index<json::Material> {
    let model = &lm.model;
    let white = white.and_then(|t| image(b, lm, t, textures));
    let normal = normal.and_then(|t| normal_image(b, lm, t, crate::waterfall::to_tangent_normals));
    let id = material(b, model, m, white, 1, None);
    let mat = &mut b.root.materials[id.value()];
    mat.alpha_mode = Valid(json::material::AlphaMode::Blend);
    mat.alpha_cutoff = None;
    mat.double_sided = true;
    mat.name = Some(format!("material {m} (waterfall)"));
    mat.pbr_metallic_roughness.base_color_factor =
        json::material::PbrBaseColorFactor(crate::waterfall::base_color(model));
    mat.normal_texture = normal.map(|index| json::material::NormalTexture {
        index,
        scale: crate::waterfall::normal_scale(model),
        tex_coord: 1,
        extensions: None,
        extras: Default::default(),
    });
    id
}

/// Gives material `m` a Reforged HD material's `[normal, ORM, emissive]`
/// textures (UV set 0): the normal map, the ORM as occlusion and as
/// metallic–roughness (metalness and roughness then read from it, factors
/// 1), the emissive map at full strength.
fn hd_material(
    b: &mut Builder,
    m: json::Index<json::Material>,
    [normal, orm, emissive]: [Option<json::Index<json::Texture>>; 3],
) {
    let mat = &mut b.root.materials[m.value()];
    mat.normal_texture = normal.map(|index| json::material::NormalTexture {
        index,
        scale: 1.0,
        tex_coord: 0,
        extensions: None,
        extras: Default::default(),
    });
    mat.occlusion_texture = orm.map(|index| json::material::OcclusionTexture {
        index,
        strength: json::material::StrengthFactor(1.0),
        tex_coord: 0,
        extensions: None,
        extras: Default::default(),
    });
    if let Some(index) = orm {
        let pbr = &mut mat.pbr_metallic_roughness;
        pbr.metallic_roughness_texture =
            Some(json::texture::Info { index, tex_coord: 0, extensions: None, extras: Default::default() });
        pbr.metallic_factor = json::material::StrengthFactor(1.0);
    }
    if let Some(index) = emissive {
        mat.emissive_texture =
            Some(json::texture::Info { index, tex_coord: 0, extensions: None, extras: Default::default() });
        mat.emissive_factor = json::material::EmissiveFactor([1.0; 3]);
    }
}

/// `img` as an embedded PNG texture named `name`, repeating along U and V
/// as `wrap` says (else clamped). `None` when it cannot be encoded.
fn embed(
    b: &mut Builder,
    img: &m2view_format::blp::RgbaImage,
    name: Option<String>,
    wrap: [bool; 2],
) -> Option<json::Index<json::Texture>> {
    let png = super::png(&img.pixels, img.width, img.height).ok()?;
    let view = b.view(&png, None);
    let image = b.root.push(json::Image {
        buffer_view: Some(view),
        mime_type: Some(json::image::MimeType("image/png".into())),
        name,
        uri: None,
        extensions: None,
        extras: Default::default(),
    });
    let mode =
        |w: bool| Valid(if w { json::texture::WrappingMode::Repeat } else { json::texture::WrappingMode::ClampToEdge });
    let sampler =
        b.root.push(json::texture::Sampler { wrap_s: mode(wrap[0]), wrap_t: mode(wrap[1]), ..Default::default() });
    Some(b.root.push(json::Texture {
        name: None,
        sampler: Some(sampler),
        source: image,
        extensions: None,
        extras: Default::default(),
    }))
}

/// The glTF material of M2 material `m` with base colour `texture` read
/// through UV set `tex_coord`, its factor and texture transform those of
/// `look` (the batch's colour, transparency and UV transform at rest).
fn material(
    b: &mut Builder,
    model: &Model,
    m: usize,
    texture: Option<json::Index<json::Texture>>,
    tex_coord: u32,
    look: Option<look::LookValues>,
) -> json::Index<json::Material> {
    let mat = model.materials.get(m);
    let blend = mat.map_or(BlendMode::Opaque, |m| m.blend);
    let flags = mat.map_or(MaterialFlags::empty(), |m| m.flags);
    let (alpha_mode, cutoff) = match blend {
        BlendMode::Opaque => (json::material::AlphaMode::Opaque, None),
        BlendMode::AlphaKey => {
            let cutoff = mat.map_or(m2view_format::ALPHA_REF_WOW, |m| m.alpha_ref) as f32 / 255.0;
            (json::material::AlphaMode::Mask, Some(json::material::AlphaCutoff(cutoff)))
        }
        _ => (json::material::AlphaMode::Blend, None),
    };
    let unlit = flags.contains(MaterialFlags::UNLIT);
    let mut used = |e: &str| {
        if !b.root.extensions_used.iter().any(|u| u == e) {
            b.root.extensions_used.push(e.into());
        }
    };
    if unlit {
        used("KHR_materials_unlit");
    }
    let uv = look.and_then(|l| l.uv).filter(|_| texture.is_some());
    if uv.is_some() {
        used("KHR_texture_transform");
    }
    let transform = uv.map(|(offset, rotation, scale)| json::extensions::texture::Info {
        texture_transform: Some(json::extensions::texture::TextureTransform {
            offset: json::extensions::texture::TextureTransformOffset(offset),
            rotation: json::extensions::texture::TextureTransformRotation(rotation),
            scale: json::extensions::texture::TextureTransformScale(scale),
            tex_coord: None,
            extras: Default::default(),
        }),
    });
    let factor = look.map_or([1.0; 4], |l| l.factor);
    // Glow: an unlit or additive material also shows its texture as emission, so that a
    // viewer without KHR_materials_unlit (or additive blending) still draws it bright.
    let additive = matches!(blend, BlendMode::NoAlphaAdd | BlendMode::Add | BlendMode::BlendAdd);
    let glow = (unlit || additive).then_some(()).and(texture);
    b.root.push(json::Material {
        alpha_cutoff: cutoff,
        alpha_mode: Valid(alpha_mode),
        double_sided: flags.contains(MaterialFlags::TWO_SIDED),
        name: Some(format!("material {m} ({})", blend.name())),
        pbr_metallic_roughness: json::material::PbrMetallicRoughness {
            base_color_texture: texture.map(|index| json::texture::Info {
                index,
                tex_coord,
                extensions: transform.clone(),
                extras: Default::default(),
            }),
            base_color_factor: json::material::PbrBaseColorFactor(factor),
            metallic_factor: json::material::StrengthFactor(0.0),
            roughness_factor: json::material::StrengthFactor(1.0),
            ..Default::default()
        },
        emissive_texture: glow.map(|index| json::texture::Info {
            index,
            tex_coord,
            extensions: transform.clone(),
            extras: Default::default(),
        }),
        emissive_factor: json::material::EmissiveFactor(match glow {
            Some(_) => [factor[0], factor[1], factor[2]],
            None => [0.0; 3],
        }),
        extensions: unlit
            .then_some(json::extensions::material::Material { unlit: Some(json::extensions::material::Unlit {}) }),
        extras: extras(serde_json::json!({ "m2_blend": blend.name(), "m2_render_flags": flags.bits() })),
        ..Default::default()
    })
}

/// One animation per exported sequence.
fn animations(b: &mut Builder, model: &Model, opts: &ExportOptions, rest: &dyn Fn(usize) -> glam::Vec3) {
    use json::animation::{Interpolation as I, Property};
    for (seq, name) in super::sampling::animations(model, opts) {
        let s = &model.sequences[seq];
        let duration = s.duration_ms;
        let mut channels = Vec::new();
        let mut samplers: Vec<json::animation::Sampler> = Vec::new();
        let mut globals = Vec::new();
        for (i, bone) in model.bones.iter().enumerate() {
            for path in [Property::Translation, Property::Rotation, Property::Scale] {
                let (times, values, comps, interp) = match path {
                    Property::Translation => {
                        channel(model, &bone.translation, seq, duration, &mut globals, [0.0; 3], |v| {
                            zup_to_yup((rest(i) + glam::Vec3::from(v)).into()).to_vec()
                        })
                    }
                    Property::Rotation => {
                        channel(model, &bone.rotation, seq, duration, &mut globals, [0.0, 0.0, 0.0, 1.0], |q| {
                            glam::Quat::from_array(zup_to_yup_quat(q)).normalize().to_array().to_vec()
                        })
                    }
                    _ => channel(model, &bone.scale, seq, duration, &mut globals, [1.0; 3], |v| {
                        [v[0], v[2], v[1]].to_vec()
                    }),
                };
                if times.is_empty() {
                    continue;
                }
                let mut values = values;
                if path == Property::Rotation {
                    // Keep consecutive quaternions on one hemisphere (shortest path).
                    for k in 1..times.len() {
                        let (a, c) = values.split_at_mut(k * 4);
                        let prev = &a[(k - 1) * 4..];
                        if prev.iter().zip(&c[..4]).map(|(x, y)| x * y).sum::<f32>() < 0.0 {
                            c[..4].iter_mut().for_each(|x| *x = -*x);
                        }
                    }
                }
                let secs: Vec<f32> = times.iter().map(|t| t / 1000.0).collect();
                let input = b.floats(&secs, 1, None, true);
                let output = b.floats(&values, comps, None, false);
                let sampler = json::Index::new(samplers.len() as u32);
                samplers.push(json::animation::Sampler {
                    extensions: None,
                    extras: Default::default(),
                    input,
                    interpolation: Valid(if interp { I::Linear } else { I::Step }),
                    output,
                });
                channels.push(json::animation::Channel {
                    sampler,
                    target: json::animation::Target {
                        extensions: None,
                        extras: Default::default(),
                        node: json::Index::new(i as u32),
                        path: Valid(path),
                    },
                    extensions: None,
                    extras: Default::default(),
                });
            }
        }
        // The materials' looks: pointer channels of this animation, added at the end.
        let looks = if opts.animate_materials.is_some() { b.looks.clone() } else { Vec::new() };
        let colours = opts.animate_materials == Some(super::MaterialAnimation::All);
        let pointed = look::channels(b, model, seq, duration, &looks, colours, b.root.animations.len());
        if channels.is_empty() && pointed == 0 {
            continue;
        }
        b.root.push(json::Animation {
            extensions: None,
            extras: extras(serde_json::json!({ "m2_sequence": seq, "anim_id": s.anim_id })),
            channels,
            name: Some(name),
            samplers,
        });
    }
}

/// Samples `track` for sequence `seq`: `(times ms, flattened values, components, linear)`.
fn channel<T: m2view_anim::sample::Interp>(
    model: &Model,
    track: &Track<T>,
    seq: usize,
    duration: u32,
    globals: &mut Vec<f32>,
    default: T,
    convert: impl Fn(T) -> Vec<f32>,
) -> (Vec<f32>, Vec<f32>, usize, bool) {
    let times = super::sampling::sample_times(track, seq, duration);
    let values: Vec<Vec<f32>> =
        super::sampling::sample(model, track, seq, &times, globals, default).into_iter().map(convert).collect();
    let comps = values.first().map_or(0, Vec::len);
    (times, values.concat(), comps, super::sampling::linear(track))
}
