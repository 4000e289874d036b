//! FBX 7.4 binary, what Blender, Unity, Unreal and Maya all import: one
//! mesh per batch (geoset and material) with normals, both UV sets and a
//! WMO's baked light as vertex colours; the skeleton as limb nodes with a
//! bind pose and a skin of one cluster per bone a mesh uses; attachments
//! as null nodes under their bones, equipment hung on them; cameras as
//! camera nodes, moving where a sequence moves them; a WMO's
//! doodads and a map tile's models as null nodes holding shared
//! geometry; every sequence as an animation stack (the names of the glTF
//! export); materials with their textures embedded or copied beside, a
//! batch's texture transform placing its texture and its colour and
//! transparency on its material, at rest and in each stack.
//!
//! The object graph (objects, `Properties70`, `C: "OO"` and `"OP"`
//! connections, cluster `Transform`/`TransformLink` matrices, curve key
//! flags) follows Blender's writer (`io_scene_fbx/export_fbx_bin.py` of
//! blender-addons) and ufbx's reader (`ufbx.c`); the container is
//! `node` module's.
//!
//! Space: Y-up right-handed as glTF (`UpAxis` 1, `FrontAxis` 2, `CoordAxis`
//! 0), one unit a metre (`UnitScaleFactor` 100: FBX counts centimetres), a
//! model unit a metre as in the glTF export. UVs are flipped to FBX's
//! bottom-left origin. Rotations are Euler angles in degrees, order XYZ
//! (FBX's default: `R = Rz·Ry·Rx`). Times are FBX ticks (46,186,158,000 a
//! second).

mod node;

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use m2view_format::{BlendMode, LoadedModel, Lod, MaterialFlags, Model};
use node::{Node, Prop};

use super::gltf::look::{Look, pose_at};
use super::{CameraTrack, ExportError, ExportOptions, ScenePart, sampling, zup_to_yup, zup_to_yup_quat};

/// FBX ticks in a millisecond.
const TICKS_PER_MS: f64 = 46_186_158.0;

/// Where an FBX export's textures go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Textures {
    /// Inside the file (each `Video` object's `Content`): one file to move.
    #[default]
    Embed,
    /// Beside the file as `<stem>_<texture>.png`, named by relative path.
    Copy,
}

/// An FBX export: the file's bytes and the textures to write beside it
/// (file name, PNG bytes; empty when embedded).
#[derive(Debug)]
pub struct FbxFile {
    /// The `.fbx` file.
    pub bytes: Vec<u8>,
    /// PNG files named relative to the `.fbx` file.
    pub textures: Vec<(String, Vec<u8>)>,
}

/// Writes `out` (`.fbx`) and, with [`Textures::Copy`], its textures beside
/// it; the file appears whole or not at all (written under a temporary name,
/// then renamed).
///
/// # Errors
/// A LOD that does not exist; a file that cannot be written (named).
pub fn write_fbx(lm: &LoadedModel, opts: &ExportOptions, textures: Textures, out: &Path) -> Result<(), ExportError> {
    write_scene(&[ScenePart { lm, opts, world: glam::Mat4::IDENTITY, parent: None }], None, textures, out)
}

/// Writes [`scene`] of `parts` as [`write_fbx`] writes one model.
///
/// # Errors
/// As [`write_fbx`].
pub fn write_scene(
    parts: &[ScenePart],
    camera: Option<&CameraTrack>,
    textures: Textures,
    out: &Path,
) -> Result<(), ExportError> {
    let stem = out.file_stem().map_or_else(|| "model".into(), |s| s.to_string_lossy().into_owned());
    let file = scene(parts, camera, textures, &stem)?;
    let dir = out.parent().unwrap_or(Path::new(""));
    for (name, png) in &file.textures {
        let path = dir.join(name);
        crate::write(&path, png)?;
    }
    let tmp = out.with_extension("fbx.part");
    crate::write(&tmp, &file.bytes)?;
    std::fs::rename(&tmp, out).map_err(|error| {
        let _ = std::fs::remove_file(&tmp);
        ExportError::Write { path: out.to_path_buf(), error }
    })
}

/// The FBX file of `lm` (its current skin, loaded `.anim` files, `opts`'s
/// geosets, textures, items, worn models and placements); copied textures
/// are named `<stem>_<texture>.png`.
///
/// # Errors
/// A LOD that does not exist; a file past 4 GiB.
pub fn to_fbx(lm: &LoadedModel, opts: &ExportOptions, textures: Textures, stem: &str) -> Result<FbxFile, ExportError> {
    scene(&[ScenePart { lm, opts, world: glam::Mat4::IDENTITY, parent: None }], None, textures, stem)
}

/// Several whole models in one FBX file (a scene, a rider on its mount):
/// each with its skeleton, skin and animation stacks (named `Model: Walk`,
/// the model named by its file) under a null node holding its placement
/// (Y-up) at the scene root; a part hung on a bone of an earlier one (a
/// rider) stands where that bone puts it and moves with it in the host's
/// stacks, sampled at 30 Hz. One part placed at the origin is written as
/// [`to_fbx`] writes it, without that node. A `camera` path is a camera
/// node `Camera path` with a stack of that name. Errors: as [`to_fbx`].
pub fn scene(
    parts: &[ScenePart],
    camera: Option<&CameraTrack>,
    textures: Textures,
    stem: &str,
) -> Result<FbxFile, ExportError> {
    let mut doc = Doc { next: 1_000_000, textures, stem: stem.to_owned(), ..Default::default() };
    let alone = parts.len() == 1 && parts[0].parent.is_none() && parts[0].world == glam::Mat4::IDENTITY;
    let mut written: Vec<Whole> = Vec::new();
    let mut pose = Vec::new();
    // Parts hung on a bone of another: (part hosting, its bone, the hung part's node, offset).
    let mut riders: Vec<(usize, usize, i64, glam::Mat4)> = Vec::new();
    for part in parts {
        let name = super::part_name(part.lm);
        let (root, bind) = if alone {
            (0, glam::Mat4::IDENTITY)
        } else {
            let local = super::placement_to_yup(part.world);
            let host = part.parent.filter(|&(p, b)| written.get(p).is_some_and(|w| b < w.bones.len()));
            let world = host.map_or(local, |(p, b)| written[p].bind_of(b) * local);
            let (s, r, t) = world.to_scale_rotation_translation();
            let node = doc.model(&name, "Null", t.into(), euler_degrees(r), s.into());
            doc.attribute(node, &name, "Null", Vec::new());
            // At the root even when hung on a bone (Blender's importer cannot take a skeleton
            // under another's bone): the host's stacks move it with that bone.
            doc.link(node, 0);
            if let Some((p, b)) = host {
                riders.push((p, b, node, local));
            }
            (node, world)
        };
        written.push(doc.whole(part.lm, part.opts, root, bind, &mut pose)?);
    }
    if written.iter().any(|w| !w.bones.is_empty()) {
        let name = if alone { name_of(parts[0].lm) } else { stem.to_owned() };
        doc.bind_pose(&name, &pose);
    }
    let mut takes = Vec::new();
    for (k, (part, w)) in parts.iter().zip(&written).enumerate() {
        let prefix = if alone { String::new() } else { format!("{}: ", super::part_name(part.lm)) };
        let hung: Vec<(usize, i64, glam::Mat4)> =
            riders.iter().filter(|r| r.0 == k).map(|&(_, b, node, local)| (b, node, local)).collect();
        takes.extend(doc.animations(part.lm, part.opts, w, &hung, &prefix));
    }
    takes.extend(camera.and_then(|track| doc.camera_path(track)));
    let bytes = node::encode(&doc.finish(takes))?;
    Ok(FbxFile { bytes, textures: doc.files })
}

/// A model written whole: its bone nodes, their bind matrices' common
/// part (the model's placement in the file, Y-up) and its animated cameras.
struct Whole {
    /// Limb node per bone.
    bones: Vec<i64>,
    /// Pivot of each bone in model space (Z-up).
    pivots: Vec<glam::Vec3>,
    /// Model → file at bind time (Y-up).
    bind: glam::Mat4,
    /// Camera index and node.
    cameras: Vec<(usize, i64)>,
}

impl Whole {
    /// Bone `b`'s world matrix at bind time (the bind pose has no rotation).
    fn bind_of(&self, b: usize) -> glam::Mat4 {
        self.bind * glam::Mat4::from_translation(zup_to_yup(self.pivots[b].into()).into())
    }
}

/// A model's texture as an image: (model, texture index, alpha kept).
type TextureKey = (*const LoadedModel, usize, bool);

/// A mesh written once, placed by one model node or many.
struct Part {
    /// The `Geometry` object.
    geometry: i64,
    /// Its one material.
    material: Option<i64>,
    /// Node name.
    name: String,
    /// Per bone: (vertex of this geometry, weight 0..1).
    weights: BTreeMap<usize, Vec<(i32, f64)>>,
}

/// The objects and connections being gathered.
#[derive(Default)]
struct Doc {
    next: i64,
    objects: Vec<Node>,
    links: Vec<Node>,
    textures: Textures,
    stem: String,
    /// Textures copied beside the file.
    files: Vec<(String, Vec<u8>)>,
    /// Texture objects by (model, texture index, alpha kept, texture transform).
    texture_ids: HashMap<(*const LoadedModel, usize, bool, Option<u16>), Option<i64>>,
    /// Video objects (the image) and their file name, by (model, texture index, alpha kept).
    videos: HashMap<TextureKey, Option<(i64, String)>>,
    /// Textures and materials whose look a model's sequences animate.
    looks: Vec<(*const LoadedModel, i64, Animated)>,
    /// Texture file names taken.
    names: HashMap<String, usize>,
    /// Material objects by (model, material, texture, look).
    materials: HashMap<(*const LoadedModel, usize, Option<usize>, Look), i64>,
    /// Geometry of placed models, by model.
    shared: HashMap<*const LoadedModel, Vec<Part>>,
}

/// What of a material's look a sequence may move ([`Look`], the glTF
/// export's reading of a batch).
#[derive(Clone, Copy)]
enum Animated {
    /// A `Texture`'s `Translation`, `Rotation` and `Scaling`.
    Uv(Look),
    /// A `Material`'s `DiffuseColor` and (blended) `Opacity`.
    Colour(Look, bool),
}

impl Doc {
    /// Model `lm` under node `root` (bind matrix `bind`): skeleton,
    /// attachments with the items hung on them, cameras, its mesh skinned
    /// to the skeleton, the models worn on it, its placed models; each
    /// node's bind matrix joins `pose`.
    fn whole(
        &mut self,
        lm: &LoadedModel,
        opts: &ExportOptions,
        root: i64,
        bind: glam::Mat4,
        pose: &mut Vec<(i64, glam::Mat4)>,
    ) -> Result<Whole, ExportError> {
        let model = &lm.model;
        let lod = match model.lods.get(opts.lod) {
            Some(l) => Some(l),
            None if model.lods.is_empty() => None,
            None => return Err(ExportError::Lod { lod: opts.lod, count: model.lods.len() }),
        };
        // Skeleton: a limb node per bone, at its pivot relative to its parent's.
        let pivots: Vec<glam::Vec3> = model.bones.iter().map(|b| glam::Vec3::from(b.pivot)).collect();
        let rest = |i: usize| pivots[i] - model.bones[i].parent.map_or(glam::Vec3::ZERO, |p| pivots[p.index()]);
        let bones: Vec<i64> = (0..model.bones.len())
            .map(|i| {
                let name = super::bone_name(model, i);
                let id = self.model(&name, "LimbNode", zup_to_yup(rest(i).into()), [0.0; 3], [1.0; 3]);
                self.attribute(id, &name, "LimbNode", vec![Node::value("TypeFlags", "Skeleton")]);
                id
            })
            .collect();
        for (i, bone) in model.bones.iter().enumerate() {
            self.link(bones[i], bone.parent.map_or(root, |p| bones[p.index()]));
        }
        let whole = Whole { bones, pivots, bind, cameras: Vec::new() };
        pose.extend((0..whole.bones.len()).map(|i| (whole.bones[i], whole.bind_of(i))));

        // Attachments: null nodes under their bone; equipment hangs on them.
        let mut attachments = HashMap::new();
        for a in &model.attachments {
            let bone = a.bone.filter(|b| b.index() < whole.bones.len());
            let at = glam::Vec3::from(a.position) - bone.map_or(glam::Vec3::ZERO, |b| whole.pivots[b.index()]);
            let name =
                m2view_format::attachment_name(a.id).map_or_else(|| format!("attachment {}", a.id), str::to_owned);
            let id = self.model(&name, "Null", zup_to_yup(at.into()), [0.0; 3], [1.0; 3]);
            self.attribute(id, &name, "Null", Vec::new());
            self.link(id, bone.map_or(root, |b| whole.bones[b.index()]));
            attachments.insert(a.id, id);
        }
        let cameras = self.cameras(model, root);
        for item in &opts.items {
            let (Some(&at), Some(ilod)) = (attachments.get(&item.attachment), item.lm.model.lods.first()) else {
                continue;
            };
            let parts = self.geometry(&item.lm, ilod, &item.lm.model.default_geosets(0), &Default::default(), false);
            self.instance(&parts, at);
        }

        // The model's own mesh, skinned to the skeleton, and the models worn on it.
        let skinned = !whole.bones.is_empty();
        if let Some(lod) = lod {
            let geosets = opts.geosets.clone().unwrap_or_else(|| model.default_geosets(opts.lod));
            let parts = self.geometry(lm, lod, &geosets, &opts.textures, skinned);
            self.skinned(&parts, root, &whole, pose);
        }
        for k in opts.skinned.iter().filter(|_| skinned) {
            let Some(klod) = k.lm.model.lods.first() else { continue };
            let mut parts = self.geometry(&k.lm, klod, &k.geosets, &k.textures, true);
            for part in &mut parts {
                // Weights by the character's bones: each worn bone follows its counterpart.
                let mut by_bone: BTreeMap<usize, Vec<(i32, f64)>> = BTreeMap::new();
                for (b, w) in std::mem::take(&mut part.weights) {
                    by_bone.entry(super::worn_on(k, b).min(whole.bones.len() - 1)).or_default().extend(w);
                }
                part.weights = by_bone;
            }
            self.skinned(&parts, root, &whole, pose);
        }
        self.placed(&opts.placed, root);
        Ok(Whole { cameras, ..whole })
    }

    /// Mesh nodes of `parts` under `root`, each skinned to `whole`'s
    /// skeleton; their bind matrices join `pose`.
    fn skinned(&mut self, parts: &[Part], root: i64, whole: &Whole, pose: &mut Vec<(i64, glam::Mat4)>) {
        for (part, mesh) in parts.iter().zip(self.instance(parts, root)) {
            pose.push((mesh, whole.bind));
            self.skin(part, whole);
        }
    }

    fn id(&mut self) -> i64 {
        self.next += 1;
        self.next
    }

    /// An object: `kind` its node name (`Model`, `Geometry`…), `class` the
    /// class its name carries, `sub` its subclass (`Mesh`, `LimbNode`…).
    fn object(&mut self, kind: &'static str, name: &str, class: &str, sub: &str, children: Vec<Node>) -> i64 {
        let id = self.id();
        let clean = name.replace(['\0', '\u{1}'], " ");
        let mut n = Node::new(kind, [Prop::I64(id), format!("{clean}\0\u{1}{class}").into(), sub.into()]);
        n.extend(children);
        self.objects.push(n);
        id
    }

    /// `child` belongs to `parent` (object to object; 0 is the scene root).
    fn link(&mut self, child: i64, parent: i64) {
        self.links.push(Node::new("C", ["OO".into(), Prop::I64(child), Prop::I64(parent)]));
    }

    /// `child` drives property `prop` of `parent`.
    fn link_prop(&mut self, child: i64, parent: i64, prop: &str) {
        self.links.push(Node::new("C", ["OP".into(), Prop::I64(child), Prop::I64(parent), prop.into()]));
    }

    /// A scene node with its local translation, rotation (XYZ degrees) and scale.
    fn model(&mut self, name: &str, sub: &str, t: [f32; 3], r: [f32; 3], s: [f32; 3]) -> i64 {
        let props = props(vec![
            p("RotationActive", "bool", "", "", [Prop::I32(1)]),
            p("InheritType", "enum", "", "", [Prop::I32(1)]),
            p("DefaultAttributeIndex", "int", "Integer", "", [Prop::I32(0)]),
            p("Lcl Translation", "Lcl Translation", "", "A", vec3(t)),
            p("Lcl Rotation", "Lcl Rotation", "", "A", vec3(r)),
            p("Lcl Scaling", "Lcl Scaling", "", "A", vec3(s)),
        ]);
        let children = vec![
            Node::value("Version", 232),
            props,
            Node::value("Shading", true),
            Node::value("Culling", "CullingOff"),
        ];
        self.object("Model", name, "Model", sub, children)
    }

    /// The model's cameras (portrait, character info…) as camera nodes where
    /// they stand at the first sequence's first instant ([`camera_pose`]);
    /// the vertical field of view for a 16:9 frame (M2 stores the
    /// diagonal), under `root`. Returns each camera's index and node.
    fn cameras(&mut self, model: &Model, root: i64) -> Vec<(usize, i64)> {
        let globals = [];
        let clock = m2view_anim::Clock::new(0, 0.0, &globals);
        let mut nodes = Vec::new();
        for k in 0..model.cameras.len() {
            let Some(c) = m2view_anim::camera_state(model, k, &clock) else { continue };
            let Some(pose) = camera_pose(c.eye, c.target, c.roll) else { continue };
            let aspect: f32 = 16.0 / 9.0;
            let vertical = (c.fov_diagonal / (1.0 + aspect * aspect).sqrt()).to_degrees();
            let (id, _) = self.camera(&format!("camera {k}"), pose, vertical, [c.near, c.far], root);
            nodes.push((k, id));
        }
        nodes
    }

    /// A camera node under `root` at `pose` ([`camera_pose`]), `fov`
    /// degrees high in a 16:9 frame, clipping at `near` and `far`; returns
    /// the node and its camera attribute.
    fn camera(
        &mut self,
        name: &str,
        (eye, target, up, rotation): (glam::Vec3, glam::Vec3, glam::Vec3, glam::Quat),
        fov: f32,
        [near, far]: [f32; 2],
        root: i64,
    ) -> (i64, i64) {
        let id = self.model(name, "Camera", eye.into(), euler_degrees(rotation), [1.0; 3]);
        let props = props(vec![
            p("Position", "Vector", "", "A", vec3(eye.into())),
            p("InterestPosition", "Vector", "", "A", vec3(target.into())),
            p("ApertureMode", "enum", "", "", [Prop::I32(2)]),
            p("FieldOfView", "FieldOfView", "", "A", [Prop::F64(fov as f64)]),
            p("AspectWidth", "double", "Number", "", [Prop::F64(1920.0)]),
            p("AspectHeight", "double", "Number", "", [Prop::F64(1080.0)]),
            p("NearPlane", "double", "Number", "", [Prop::F64(near as f64)]),
            p("FarPlane", "double", "Number", "", [Prop::F64(far as f64)]),
        ]);
        let children = vec![
            props,
            Node::value("TypeFlags", "Camera"),
            Node::value("GeometryVersion", 124),
            Node::new("Position", vec3(eye.into())),
            Node::new("Up", vec3(up.into())),
            Node::new("LookAt", vec3(target.into())),
            Node::value("ShowInfoOnMoving", 1),
            Node::value("ShowAudio", 0),
            Node::new("AudioColor", vec3([0.0, 1.0, 0.0])),
            Node::value("CameraOrthoZoom", 1.0),
        ];
        let attribute = self.attribute(id, name, "Camera", children);
        self.link(id, root);
        (id, attribute)
    }

    /// A scene's camera path: a camera node `Camera path` where the path
    /// starts, and a stack of that name (as long as the last sample) moving
    /// it, turning it and changing its field of view; returns the take.
    fn camera_path(&mut self, track: &CameraTrack) -> Option<(String, i64)> {
        let poses: Vec<_> =
            track.samples.iter().filter_map(|s| camera_pose(s.eye, s.target, 0.0).map(|pose| (s, pose))).collect();
        let (first, pose) = *poses.first()?;
        let name = "Camera path";
        let (node, attribute) = self.camera(name, pose, first.fov, [0.1, 10_000.0], 0);
        let times: Vec<f32> = poses.iter().map(|p| p.0.time_ms).collect();
        let eyes: Vec<[f32; 3]> = poses.iter().map(|p| p.1.0.into()).collect();
        let turns = continuous_euler(poses.iter().map(|p| p.1.3));
        let fov: Vec<[f32; 3]> = poses.iter().map(|p| [p.0.fov, 0.0, 0.0]).collect();
        let linear = !track.step;
        let curves = vec![
            (node, "T", "Lcl Translation", times.clone(), eyes, linear),
            (node, "R", "Lcl Rotation", times.clone(), turns, linear),
            (attribute, "FieldOfView", "FieldOfView", times.clone(), fov, linear),
        ];
        let stop = (times.last().copied().unwrap_or(0.0) as f64 * TICKS_PER_MS).round() as i64;
        self.stack(name, stop, curves);
        Some((name.to_owned(), stop))
    }

    /// The node attribute (`LimbNode`, `Null`, `Camera`) of scene node
    /// `model`; returns its id.
    fn attribute(&mut self, model: i64, name: &str, sub: &str, children: Vec<Node>) -> i64 {
        let id = self.object("NodeAttribute", name, "NodeAttribute", sub, children);
        self.link(id, model);
        id
    }

    /// One geometry per batch of `lod` in `geosets` (terrain layer passes
    /// left out), with its material; bone weights kept when `skinned`.
    fn geometry(
        &mut self,
        lm: &LoadedModel,
        lod: &Lod,
        geosets: &std::collections::BTreeSet<u16>,
        textures: &BTreeMap<usize, m2view_format::blp::RgbaImage>,
        skinned: bool,
    ) -> Vec<Part> {
        let model = &lm.model;
        let second_uv = model.vertices.iter().any(|v| v.uv[1] != [0.0; 2]);
        let coloured = model.vertices.iter().any(|v| v.baked_light.is_some());
        let mut parts = Vec::new();
        for (k, batch, sub, idx) in super::exported_batches(model, lod, geosets) {
            let idx = &idx[..idx.len() / 3 * 3];
            // The vertices this batch uses, numbered in first use.
            let mut local: HashMap<u32, i32> = HashMap::new();
            let mut used: Vec<&m2view_format::Vertex> = Vec::new();
            let mut corners = Vec::with_capacity(idx.len());
            for &i in idx {
                let Some(v) = model.vertices.get(i as usize) else { continue };
                let n = *local.entry(i).or_insert_with(|| {
                    used.push(v);
                    used.len() as i32 - 1
                });
                corners.push(n);
            }
            if corners.len() < 3 || !corners.len().is_multiple_of(3) {
                continue;
            }
            let positions: Vec<f64> = used.iter().flat_map(|v| zup_to_yup(v.position).map(f64::from)).collect();
            let polygons: Vec<i32> = corners.chunks_exact(3).flat_map(|t| [t[0], t[1], -t[2] - 1]).collect();
            let normals: Vec<f64> = corners
                .iter()
                .flat_map(|&c| {
                    let n = glam::Vec3::from(zup_to_yup(used[c as usize].normal));
                    n.try_normalize().unwrap_or(glam::Vec3::Y).to_array().map(f64::from)
                })
                .collect();
            let uv = |set: usize| -> Vec<f64> {
                used.iter().flat_map(|v| [v.uv[set][0] as f64, 1.0 - v.uv[set][1] as f64]).collect()
            };
            let mut children = vec![
                Node::value("GeometryVersion", 124),
                Node::value("Vertices", Prop::F64s(positions)),
                Node::value("PolygonVertexIndex", Prop::I32s(polygons)),
                layer_element("LayerElementNormal", 0, "", "Direct", vec![Node::value("Normals", Prop::F64s(normals))]),
            ];
            let mut layer0 = vec!["LayerElementNormal"];
            for set in 0..if second_uv { 2 } else { 1 } {
                let name = if set == 0 { "UVMap" } else { "UVMap.001" };
                children.push(layer_element(
                    "LayerElementUV",
                    set as i32,
                    name,
                    "IndexToDirect",
                    vec![Node::value("UV", Prop::F64s(uv(set))), Node::value("UVIndex", Prop::I32s(corners.clone()))],
                ));
            }
            layer0.push("LayerElementUV");
            if coloured {
                let colours: Vec<f64> = used
                    .iter()
                    .flat_map(|v| {
                        let [r, g, b] = v.baked_light.unwrap_or([255; 3]);
                        [r, g, b, 255].map(|c| c as f64 / 255.0)
                    })
                    .collect();
                children.push(layer_element(
                    "LayerElementColor",
                    0,
                    "Col",
                    "IndexToDirect",
                    vec![
                        Node::value("Colors", Prop::F64s(colours)),
                        Node::value("ColorIndex", Prop::I32s(corners.clone())),
                    ],
                ));
                layer0.push("LayerElementColor");
            }
            // A waterfall's draw shows its white water (stage 1) with its normal map (stage 4).
            let waterfall = crate::waterfall::maps(&lm.model, batch);
            let diffuse = match waterfall {
                Some([white, _]) => white,
                None => batch.textures.first().and_then(|t| t.texture).map(|t| t.index()),
            };
            let material = self.material(lm, batch.material as usize, diffuse, Look::of(batch), textures);
            if let (Some(m), Some([_, Some(normal)])) = (material, waterfall) {
                self.normal_map(lm, m, normal);
            }
            if material.is_some() {
                children.push(
                    Node::new("LayerElementMaterial", [Prop::I32(0)])
                        .with(Node::value("Version", 101))
                        .with(Node::value("Name", ""))
                        .with(Node::value("MappingInformationType", "AllSame"))
                        .with(Node::value("ReferenceInformationType", "IndexToDirect"))
                        .with(Node::value("Materials", Prop::I32s(vec![0]))),
                );
                layer0.push("LayerElementMaterial");
            }
            children.push(layer(0, &layer0));
            if second_uv {
                children.push(layer(1, &["LayerElementUV"]));
            }
            let name = format!("{} geoset {} batch {k}", name_of(lm), sub.geoset_id);
            let geometry = self.object("Geometry", &name, "Geometry", "Mesh", children);
            let mut weights: BTreeMap<usize, Vec<(i32, f64)>> = BTreeMap::new();
            if skinned && !model.bones.is_empty() {
                let last = model.bones.len() - 1;
                for (n, v) in used.iter().enumerate() {
                    let total: u32 = v.bone_weights.iter().map(|&w| w as u32).sum();
                    if total == 0 {
                        // An unskinned vertex follows the first bone.
                        weights.entry(0).or_default().push((n as i32, 1.0));
                        continue;
                    }
                    for s in 0..4 {
                        if v.bone_weights[s] > 0 {
                            let w = v.bone_weights[s] as f64 / total as f64;
                            weights.entry((v.bone_indices[s] as usize).min(last)).or_default().push((n as i32, w));
                        }
                    }
                }
            }
            parts.push(Part { geometry, material, name, weights });
        }
        parts
    }

    /// A mesh node for each of `parts` under `parent`; returns their ids.
    fn instance(&mut self, parts: &[Part], parent: i64) -> Vec<i64> {
        parts
            .iter()
            .map(|part| {
                let id = self.model(&part.name, "Mesh", [0.0; 3], [0.0; 3], [1.0; 3]);
                self.link(part.geometry, id);
                if let Some(m) = part.material {
                    self.link(m, id);
                }
                self.link(id, parent);
                id
            })
            .collect()
    }

    /// `part`'s skin: a cluster per bone of `whole` that moves it, bound at
    /// the bones' pivots (the model's bind pose has no rotation). The mesh
    /// node shares the skeleton's bind matrix, so each cluster's
    /// `Transform` (the mesh in the bone's bind space, as Blender's writer
    /// stores it) is the same whatever the placement.
    fn skin(&mut self, part: &Part, whole: &Whole) {
        if part.weights.is_empty() {
            return;
        }
        let skin = self.object(
            "Deformer",
            &part.name,
            "Deformer",
            "Skin",
            vec![Node::value("Version", 101), Node::value("Link_DeformAcuracy", 50.0)],
        );
        self.link(skin, part.geometry);
        for (&b, w) in &part.weights {
            let at = glam::Vec3::from(zup_to_yup(whole.pivots[b].into()));
            // Transform: the mesh in the bone's bind space; TransformLink: the bone's bind matrix.
            let transform = glam::DMat4::from_translation(-at.as_dvec3()).to_cols_array().to_vec();
            let link = whole.bind_of(b).as_dmat4().to_cols_array().to_vec();
            let cluster = self.object(
                "Deformer",
                &format!("{} bone {b}", part.name),
                "SubDeformer",
                "Cluster",
                vec![
                    Node::value("Version", 100),
                    Node::new("UserData", ["".into(), "".into()]),
                    Node::value("Indexes", Prop::I32s(w.iter().map(|x| x.0).collect())),
                    Node::value("Weights", Prop::F64s(w.iter().map(|x| x.1).collect())),
                    Node::value("Transform", Prop::F64s(transform)),
                    Node::value("TransformLink", Prop::F64s(link)),
                ],
            );
            self.link(cluster, skin);
            self.link(whole.bones[b], cluster);
        }
    }

    /// The bind pose: each bone's and mesh's world matrix when bound.
    fn bind_pose(&mut self, name: &str, nodes: &[(i64, glam::Mat4)]) {
        let mut children = vec![
            Node::value("Type", "BindPose"),
            Node::value("Version", 100),
            Node::value("NbPoseNodes", nodes.len() as i32),
        ];
        for (id, m) in nodes {
            let matrix = m.as_dmat4().to_cols_array().to_vec();
            children.push(Node::group(
                "PoseNode",
                vec![Node::value("Node", *id), Node::value("Matrix", Prop::F64s(matrix))],
            ));
        }
        self.object("Pose", name, "Pose", "BindPose", children);
    }

    /// The material of M2 material `m` drawing texture `t` of `lm` with
    /// `look` (one per model, material, texture and look): its blend mode's
    /// transparency, an unlit or additive one glowing, the texture its
    /// diffuse (and its transparency unless opaque) moved by the look's
    /// texture transform, its colour and transparency those of the look —
    /// each as at the first sequence's first instant.
    fn material(
        &mut self,
        lm: &LoadedModel,
        m: usize,
        t: Option<usize>,
        look: Look,
        overrides: &BTreeMap<usize, m2view_format::blp::RgbaImage>,
    ) -> Option<i64> {
        let key = (lm as *const LoadedModel, m, t, look);
        if let Some(&id) = self.materials.get(&key) {
            return Some(id);
        }
        let mat = lm.model.materials.get(m);
        let blend = mat.map_or(BlendMode::Opaque, |m| m.blend);
        let flags = mat.map_or(MaterialFlags::empty(), |m| m.flags);
        let glow = flags.contains(MaterialFlags::UNLIT)
            || matches!(blend, BlendMode::NoAlphaAdd | BlendMode::Add | BlendMode::BlendAdd);
        let glow_colour = if glow { [1.0; 3] } else { [0.0; 3] };
        let opaque = blend == BlendMode::Opaque;
        let [r, g, b, a] = look.values(&rest_pose(&lm.model)).factor;
        let alpha = if opaque { 1.0 } else { a as f64 };
        let props = props(vec![
            p("DiffuseColor", "Color", "", "A", vec3([r, g, b])),
            p("DiffuseFactor", "Number", "", "A", [Prop::F64(1.0)]),
            p("EmissiveColor", "Color", "", "A", vec3(glow_colour)),
            p("EmissiveFactor", "Number", "", "A", [Prop::F64(1.0)]),
            p("SpecularFactor", "Number", "", "A", [Prop::F64(0.0)]),
            p("TransparencyFactor", "Number", "", "A", [Prop::F64(1.0 - alpha)]),
            p("Opacity", "Number", "", "A", [Prop::F64(alpha)]),
        ]);
        let name = format!("{} material {m} ({})", name_of(lm), blend.name());
        let id = self.object(
            "Material",
            &name,
            "Material",
            "",
            vec![
                Node::value("Version", 102),
                Node::value("ShadingModel", "phong"),
                Node::value("MultiLayer", 0),
                props,
            ],
        );
        if look.coloured() {
            self.looks.push((lm, id, Animated::Colour(look, !opaque)));
        }
        // An opaque material's texture goes without its alpha (often a glow or
        // specular mask): importers such as Blender's take an RGBA diffuse
        // texture's alpha as transparency.
        if let Some(tex) = t.and_then(|t| self.texture(lm, t, overrides, !opaque, look)) {
            self.link_prop(tex, id, "DiffuseColor");
            if !opaque {
                self.link_prop(tex, id, "TransparentColor");
            }
            if glow {
                self.link_prop(tex, id, "EmissiveColor");
            }
        }
        self.materials.insert(key, id);
        Some(id)
    }

    /// Links texture `t` of `lm`, a waterfall's gradient map, to material
    /// `m` as its normal map ([`crate::waterfall::to_tangent_normals`]).
    fn normal_map(&mut self, lm: &LoadedModel, m: i64, t: usize) {
        let Some((width, height, mut pixels)) = super::texture_rgba(lm, t, &BTreeMap::new()) else { return };
        crate::waterfall::to_tangent_normals(&mut pixels);
        let converted = BTreeMap::from([(t, m2view_format::blp::RgbaImage { width, height, pixels })]);
        if let Some(tex) = self.texture(lm, t, &converted, false, Look::default()) {
            self.link_prop(tex, m, "NormalMap");
        }
    }

    /// Texture `t` of `lm` as a PNG, RGBA or (without `alpha`) RGB, placed
    /// by `look`'s texture transform ([`uv_placement`]); `None` when it
    /// cannot be read. A `Texture` object per transform, sharing the image's
    /// `Video`, the PNG embedded or copied.
    fn texture(
        &mut self,
        lm: &LoadedModel,
        t: usize,
        overrides: &BTreeMap<usize, m2view_format::blp::RgbaImage>,
        alpha: bool,
        look: Look,
    ) -> Option<i64> {
        let key = (lm as *const LoadedModel, t, alpha, look.transform());
        if let Some(&id) = self.texture_ids.get(&key) {
            return id;
        }
        let video_key = (lm as *const LoadedModel, t, alpha);
        let video = match self.videos.get(&video_key) {
            Some(v) => v.clone(),
            None => {
                let v = self.video(lm, t, overrides, alpha);
                self.videos.insert(video_key, v.clone());
                v
            }
        };
        let made = video.map(|(video, file_name)| {
            let [translation, rotation, scaling] =
                look.uv_matrix(&rest_pose(&lm.model)).map_or([[0.0; 3], [0.0; 3], [1.0; 3]], uv_placement);
            let wrap = lm.model.textures.get(t).map_or([true; 2], |x| [x.wrap_u, x.wrap_v]);
            let wrap_mode = |repeat: bool| [Prop::I32(if repeat { 0 } else { 1 })];
            let base = file_name.trim_end_matches(".png").to_owned();
            let texture = self.object(
                "Texture",
                &base,
                "Texture",
                "",
                vec![
                    Node::value("Type", "TextureVideoClip"),
                    Node::value("Version", 202),
                    Node::value("TextureName", format!("{base}\0\u{1}Texture")),
                    props(vec![
                        p("UseMaterial", "bool", "", "", [Prop::I32(1)]),
                        p("WrapModeU", "enum", "", "", wrap_mode(wrap[0])),
                        p("WrapModeV", "enum", "", "", wrap_mode(wrap[1])),
                        p("Translation", "Vector", "", "A", vec3(translation)),
                        p("Rotation", "Vector", "", "A", vec3(rotation)),
                        p("Scaling", "Vector", "", "A", vec3(scaling)),
                    ]),
                    Node::value("Media", format!("{base}\0\u{1}Video")),
                    Node::value("FileName", file_name.as_str()),
                    Node::value("RelativeFilename", file_name.as_str()),
                    Node::new("ModelUVTranslation", [Prop::F64(0.0), Prop::F64(0.0)]),
                    Node::new("ModelUVScaling", [Prop::F64(1.0), Prop::F64(1.0)]),
                    Node::value("Texture_Alpha_Source", "None"),
                    Node::new("Cropping", [Prop::I32(0), Prop::I32(0), Prop::I32(0), Prop::I32(0)]),
                ],
            );
            self.link(video, texture);
            if look.transform().is_some() {
                self.looks.push((lm, texture, Animated::Uv(look)));
            }
            texture
        });
        self.texture_ids.insert(key, made);
        made
    }

    /// The `Video` object of texture `t` (see [`Doc::texture`]) and its
    /// file name.
    fn video(
        &mut self,
        lm: &LoadedModel,
        t: usize,
        overrides: &BTreeMap<usize, m2view_format::blp::RgbaImage>,
        alpha: bool,
    ) -> Option<(i64, String)> {
        let (width, height, pixels) = super::texture_rgba(lm, t, overrides)?;
        let png = match alpha {
            true => crate::png(&pixels, width, height),
            false => crate::png_opaque(&pixels, width, height),
        }
        .ok()?;
        let file = lm.texture_files.get(t).cloned().flatten();
        let base = file
            .and_then(|p| p.file_stem().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| format!("texture{t}"));
        let base = if alpha { base } else { format!("{base}_rgb") };
        let n = self.names.entry(base.clone()).or_insert(0);
        *n += 1;
        let base = if *n > 1 { format!("{base}_{t}") } else { base };
        let file_name = match self.textures {
            Textures::Embed => format!("{base}.png"),
            Textures::Copy => format!("{}_{base}.png", self.stem),
        };
        let mut video = vec![
            Node::value("Type", "Clip"),
            props(vec![p("Path", "KString", "XRefUrl", "", [file_name.as_str().into()])]),
            Node::value("UseMipMap", 0),
            Node::value("Filename", file_name.as_str()),
            Node::value("RelativeFilename", file_name.as_str()),
        ];
        match self.textures {
            Textures::Embed => video.push(Node::value("Content", Prop::Raw(png))),
            Textures::Copy => self.files.push((file_name.clone(), png)),
        }
        let video = self.object("Video", &base, "Video", "Clip", video);
        Some((video, file_name))
    }

    /// Placed models (doodads, a tile's models and WMOs): a null node each
    /// with the placement's translation, rotation and scale in Y-up space,
    /// the model's geometry written once and shared, under `root`.
    fn placed(&mut self, placed: &[m2view_scene::Placement], root: i64) {
        for pl in placed {
            let key = std::sync::Arc::as_ptr(&pl.lm);
            if !self.shared.contains_key(&key) {
                let parts = match pl.lm.model.lods.first() {
                    Some(lod) => {
                        self.geometry(&pl.lm, lod, &pl.lm.model.default_geosets(0), &Default::default(), false)
                    }
                    None => Vec::new(),
                };
                self.shared.insert(key, parts);
            }
            let (s, r, t) = super::placement_to_yup(pl.world).to_scale_rotation_translation();
            let name = name_of(&pl.lm);
            let id = self.model(&name, "Null", t.into(), euler_degrees(r), s.into());
            self.attribute(id, &name, "Null", Vec::new());
            self.link(id, root);
            let parts = self.shared.remove(&key).unwrap_or_default();
            self.instance(&parts, id);
            self.shared.insert(key, parts);
        }
    }

    /// One animation stack per exported sequence of `lm` (named `prefix`
    /// and the sequence's name), each bone's animated translation, rotation
    /// and scale as curves, and each of `whole`'s animated cameras moving
    /// and turning with it, and each node `hung` on a bone (bone, node,
    /// offset from it) following that bone; returns the takes (name, length
    /// in ticks).
    fn animations(
        &mut self,
        lm: &LoadedModel,
        opts: &ExportOptions,
        whole: &Whole,
        hung: &[(usize, i64, glam::Mat4)],
        prefix: &str,
    ) -> Vec<(String, i64)> {
        let model = &lm.model;
        let (bones, pivots) = (&whole.bones, &whole.pivots);
        let rest = |i: usize| pivots[i] - model.bones[i].parent.map_or(glam::Vec3::ZERO, |p| pivots[p.index()]);
        let mut takes = Vec::new();
        let mut globals = Vec::new();
        for (seq, name) in sampling::animations(model, opts) {
            let name = format!("{prefix}{name}");
            let duration = model.sequences[seq].duration_ms;
            let stop = (duration as f64 * TICKS_PER_MS).round() as i64;
            let mut curves = Vec::new();
            for (i, bone) in model.bones.iter().enumerate() {
                let times = sampling::sample_times(&bone.translation, seq, duration);
                if !times.is_empty() {
                    let v = sampling::sample(model, &bone.translation, seq, &times, &mut globals, [0.0; 3]);
                    let v = v.iter().map(|&v| zup_to_yup((rest(i) + glam::Vec3::from(v)).into())).collect();
                    curves.push((bones[i], "T", "Lcl Translation", times, v, sampling::linear(&bone.translation)));
                }
                let times = sampling::sample_times(&bone.rotation, seq, duration);
                if !times.is_empty() {
                    let (times, v) = rotation_curve(model, &bone.rotation, seq, times, &mut globals);
                    curves.push((bones[i], "R", "Lcl Rotation", times, v, sampling::linear(&bone.rotation)));
                }
                let times = sampling::sample_times(&bone.scale, seq, duration);
                if !times.is_empty() {
                    let v = sampling::sample(model, &bone.scale, seq, &times, &mut globals, [1.0; 3]);
                    let v = v.iter().map(|s| [s[0], s[2], s[1]]).collect();
                    curves.push((bones[i], "S", "Lcl Scaling", times, v, sampling::linear(&bone.scale)));
                }
            }
            for &(k, node) in &whole.cameras {
                curves.extend(camera_curves(model, k, node, seq, duration, &mut globals));
            }
            let looks: Vec<(i64, Animated)> =
                self.looks.iter().filter(|l| std::ptr::eq(l.0, lm)).map(|l| (l.1, l.2)).collect();
            curves.extend(look_curves(model, &looks, seq, duration));
            curves.extend(hung_curves(model, whole, hung, seq, duration));
            if curves.is_empty() {
                continue;
            }
            self.stack(&name, stop, curves);
            takes.push((name, stop));
        }
        takes
    }

    /// An animation stack `name` of `stop` ticks with one layer of `curves`.
    fn stack(&mut self, name: &str, stop: i64, curves: Vec<Curve>) {
        let stack = self.object(
            "AnimationStack",
            name,
            "AnimStack",
            "",
            vec![props(vec![
                p("LocalStart", "KTime", "Time", "", [Prop::I64(0)]),
                p("LocalStop", "KTime", "Time", "", [Prop::I64(stop)]),
                p("ReferenceStart", "KTime", "Time", "", [Prop::I64(0)]),
                p("ReferenceStop", "KTime", "Time", "", [Prop::I64(stop)]),
            ])],
        );
        let layer = self.object("AnimationLayer", "Base Layer", "AnimLayer", "", Vec::new());
        self.link(layer, stack);
        for (target, short, prop, times, values, linear) in curves {
            self.curve_node(layer, target, short, prop, &times, &values, linear);
        }
    }

    /// A curve node driving property `prop` of `target`, with an X, Y and Z
    /// curve of `values` at `times` (ms); a field of view or an opacity is
    /// one number, the first of each value.
    #[allow(clippy::too_many_arguments, reason = "one curve node's parts")]
    fn curve_node(
        &mut self,
        layer: i64,
        target: i64,
        short: &str,
        prop: &str,
        times: &[f32],
        values: &[[f32; 3]],
        linear: bool,
    ) {
        let first = values[0];
        let channels: &[&str] = match prop {
            "FieldOfView" => &["d|FieldOfView"],
            "Opacity" => &["d|Opacity"],
            _ => &["d|X", "d|Y", "d|Z"],
        };
        let node = self.object(
            "AnimationCurveNode",
            short,
            "AnimCurveNode",
            "",
            vec![props(
                channels
                    .iter()
                    .enumerate()
                    .map(|(k, c)| p(c, "Number", "", "A", [Prop::F64(first[k] as f64)]))
                    .collect(),
            )],
        );
        self.link(node, layer);
        self.link_prop(node, target, prop);
        let ticks: Vec<i64> = times.iter().map(|&ms| (ms as f64 * TICKS_PER_MS).round() as i64).collect();
        // Key flags: interpolation linear (4) or constant (2), as Blender's writer sets them.
        let flags = if linear { 1 << 2 | 1 << 8 | 1 << 13 | 1 << 14 } else { 1 << 1 };
        for (k, axis) in channels.iter().enumerate() {
            let curve = self.object(
                "AnimationCurve",
                "",
                "AnimCurve",
                "",
                vec![
                    Node::value("Default", first[k] as f64),
                    Node::value("KeyVer", 4008),
                    Node::value("KeyTime", Prop::I64s(ticks.clone())),
                    Node::value("KeyValueFloat", Prop::F32s(values.iter().map(|v| v[k]).collect())),
                    Node::value("KeyAttrFlags", Prop::I32s(vec![flags])),
                    Node::value("KeyAttrDataFloat", Prop::F32s(vec![0.0, 0.0, 9.419_963e-30, 0.0])),
                    Node::value("KeyAttrRefCount", Prop::I32s(vec![ticks.len() as i32])),
                ],
            );
            self.link_prop(curve, node, axis);
        }
    }

    /// The document: header, settings, definitions, objects, connections,
    /// takes.
    fn finish(&mut self, takes: Vec<(String, i64)>) -> Vec<Node> {
        let creator = format!("m2view {}", env!("CARGO_PKG_VERSION"));
        // The time of `CREATION_TIME`, which the footer's bytes go with.
        let stamp = [
            ("Version", 1000),
            ("Year", 1970),
            ("Month", 1),
            ("Day", 1),
            ("Hour", 10),
            ("Minute", 0),
            ("Second", 0),
            ("Millisecond", 0),
        ]
        .into_iter()
        .map(|(k, v)| Node::value(k, v))
        .collect();
        let header = Node::group(
            "FBXHeaderExtension",
            vec![
                Node::value("FBXHeaderVersion", 1003),
                Node::value("FBXVersion", node::VERSION as i32),
                Node::value("EncryptionType", 0),
                Node::group("CreationTimeStamp", stamp),
                Node::value("Creator", creator.as_str()),
            ],
        );
        let int = |name: &str, v: i32| p(name, "int", "Integer", "", [Prop::I32(v)]);
        let settings = Node::group(
            "GlobalSettings",
            vec![
                Node::value("Version", 1000),
                props(vec![
                    int("UpAxis", 1),
                    int("UpAxisSign", 1),
                    int("FrontAxis", 2),
                    int("FrontAxisSign", 1),
                    int("CoordAxis", 0),
                    int("CoordAxisSign", 1),
                    int("OriginalUpAxis", 1),
                    int("OriginalUpAxisSign", 1),
                    p("UnitScaleFactor", "double", "Number", "", [Prop::F64(100.0)]),
                    p("OriginalUnitScaleFactor", "double", "Number", "", [Prop::F64(100.0)]),
                    p("TimeMode", "enum", "", "", [Prop::I32(6)]),
                    p("TimeSpanStart", "KTime", "Time", "", [Prop::I64(0)]),
                    p("TimeSpanStop", "KTime", "Time", "", [Prop::I64(takes.first().map_or(0, |t| t.1))]),
                    p("CustomFrameRate", "double", "Number", "", [Prop::F64(30.0)]),
                ]),
            ],
        );
        let document_id = self.id();
        let active = takes.first().map_or("", |t| t.0.as_str()).to_owned();
        let documents = Node::group(
            "Documents",
            vec![
                Node::value("Count", 1),
                Node::new("Document", [Prop::I64(document_id), "".into(), "Scene".into()])
                    .with(props(vec![
                        p("SourceObject", "object", "", "", []),
                        p("ActiveAnimStackName", "KString", "", "", [active.into()]),
                    ]))
                    .with(Node::value("RootNode", 0i64)),
            ],
        );
        let mut counts: BTreeMap<&'static str, i32> = BTreeMap::new();
        counts.insert("GlobalSettings", 1);
        for o in &self.objects {
            *counts.entry(o.name()).or_default() += 1;
        }
        let mut definitions = vec![Node::value("Version", 100), Node::value("Count", counts.values().sum::<i32>())];
        definitions
            .extend(counts.iter().map(|(k, &n)| Node::new("ObjectType", [(*k).into()]).with(Node::value("Count", n))));
        let mut take_nodes = vec![Node::value("Current", "")];
        take_nodes.extend(takes.into_iter().map(|(name, stop)| {
            Node::new("Take", [name.as_str().into()])
                .with(Node::value("FileName", format!("{name}.tak")))
                .with(Node::new("LocalTime", [Prop::I64(0), Prop::I64(stop)]))
                .with(Node::new("ReferenceTime", [Prop::I64(0), Prop::I64(stop)]))
        }));
        vec![
            header,
            Node::value("FileId", Prop::Raw(node::FILE_ID.to_vec())),
            Node::value("CreationTime", node::CREATION_TIME),
            Node::value("Creator", creator.as_str()),
            settings,
            documents,
            Node::group("References", Vec::new()),
            Node::group("Definitions", definitions),
            Node::group("Objects", std::mem::take(&mut self.objects)),
            Node::group("Connections", std::mem::take(&mut self.links)),
            Node::group("Takes", take_nodes),
        ]
    }
}

/// `model`'s pose at its first sequence's first instant, where a material's
/// look is read at rest.
fn rest_pose(model: &Model) -> m2view_anim::Pose {
    pose_at(model, 0, 0.0)
}

/// An FBX texture's `Translation`, `Rotation` (degrees about Z) and
/// `Scaling` for M2 UV matrix `m` (top-left origin: sampled at
/// `m·(u, v, 0, 1)`). FBX's UVs run bottom to top (`(u, 1 − v)`), and its
/// transform places the texture in UV space, the inverse of the sampling
/// map (`texture_to_uv = T·R·S`, sampled at its inverse: ufbx's
/// `ufbxi_get_texture_transform`; Blender's importer inverts it into its
/// Mapping node): so `T·R·S = (F·M·F)⁻¹`, `F(u, v) = (u, 1 − v)`, taken
/// apart column by column.
fn uv_placement(m: glam::Mat4) -> [[f32; 3]; 3] {
    let sampling = glam::Affine2::from_cols(
        m.x_axis.truncate().truncate(),
        m.y_axis.truncate().truncate(),
        m.w_axis.truncate().truncate(),
    );
    let flip = glam::Affine2::from_cols(glam::Vec2::X, glam::Vec2::NEG_Y, glam::Vec2::Y);
    let place = (flip * sampling * flip).inverse();
    let (c0, c1) = (place.matrix2.x_axis, place.matrix2.y_axis);
    let theta = c0.y.atan2(c0.x);
    let sign = if c0.perp_dot(c1) < 0.0 { -1.0 } else { 1.0 };
    // `+ 0.0` turns −0.0 into 0.0.
    [
        [place.translation.x + 0.0, place.translation.y + 0.0, 0.0],
        [0.0, 0.0, theta.to_degrees() + 0.0],
        [c0.length(), sign * c1.length(), 1.0],
    ]
}

/// The model's name, else its file's (M2 files seldom name themselves).
fn name_of(lm: &LoadedModel) -> String {
    match &lm.model.name {
        n if !n.is_empty() => n.clone(),
        _ => lm.path.file_stem().map_or_else(|| "model".into(), |s| s.to_string_lossy().into_owned()),
    }
}

/// `Properties70` holding `entries`.
fn props(entries: Vec<Node>) -> Node {
    Node::group("Properties70", entries)
}

/// One `P` entry: name, type, label, flags (`A` animatable), values.
fn p(name: &str, ty: &str, label: &str, flags: &str, values: impl IntoIterator<Item = Prop>) -> Node {
    Node::new("P", [name.into(), ty.into(), label.into(), flags.into()].into_iter().chain(values))
}

fn vec3(v: [f32; 3]) -> [Prop; 3] {
    v.map(|x| Prop::F64(x as f64))
}

/// A geometry layer element (`LayerElementNormal`, `…UV`, `…Color`) mapped
/// by polygon vertex, `reference` `Direct` or `IndexToDirect`.
fn layer_element(kind: &'static str, index: i32, name: &str, reference: &str, data: Vec<Node>) -> Node {
    let mut n = Node::new(kind, [Prop::I32(index)])
        .with(Node::value("Version", 101))
        .with(Node::value("Name", name))
        .with(Node::value("MappingInformationType", "ByPolygonVertex"))
        .with(Node::value("ReferenceInformationType", reference));
    n.extend(data);
    n
}

/// Layer `index` listing the layer elements `kinds` (each the first of its kind).
fn layer(index: i32, kinds: &[&str]) -> Node {
    let mut n = Node::new("Layer", [Prop::I32(index)]).with(Node::value("Version", 100));
    n.extend(kinds.iter().map(|k| {
        let typed = if index == 1 { 1 } else { 0 };
        Node::group("LayerElement", vec![Node::value("Type", *k), Node::value("TypedIndex", typed)])
    }));
    n
}

/// A curve: its target node, short name, property, times (ms), values and
/// whether it interpolates.
type Curve = (i64, &'static str, &'static str, Vec<f32>, Vec<[f32; 3]>, bool);

/// Camera `k` (node `node`) in sequence `seq` of `duration` ms: where its
/// eye, target or roll track has keys (or runs on a global sequence), its
/// node's translation and rotation sampled at 30 Hz ([`camera_pose`]);
/// none for a camera that stands still.
fn camera_curves(model: &Model, k: usize, node: i64, seq: usize, duration: u32, globals: &mut Vec<f32>) -> Vec<Curve> {
    let c = &model.cameras[k];
    let moves = |t: &[f32]| t.len() > 1;
    let animated = moves(&sampling::sample_times(&c.positions, seq, duration))
        || moves(&sampling::sample_times(&c.targets, seq, duration))
        || moves(&sampling::sample_times(&c.roll, seq, duration));
    if !animated {
        return Vec::new();
    }
    let times = sampling::every_30hz(duration as f32);
    let poses: Vec<_> = times
        .iter()
        .filter_map(|&t| {
            m2view_anim::global_times(model, t as f64, globals);
            let state = m2view_anim::camera_state(model, k, &m2view_anim::Clock::new(seq, t, globals))?;
            camera_pose(state.eye, state.target, state.roll).map(|(eye, _, _, rotation)| (t, eye, rotation))
        })
        .collect();
    let times: Vec<f32> = poses.iter().map(|p| p.0).collect();
    let eyes = poses.iter().map(|p| p.1.into()).collect();
    let turns = continuous_euler(poses.iter().map(|p| p.2));
    vec![(node, "T", "Lcl Translation", times.clone(), eyes, true), (node, "R", "Lcl Rotation", times, turns, true)]
}

/// The curves of nodes `hung` on bones of `whole` (bone, node at the
/// scene root, offset from the bone, Y-up) in sequence `seq` of
/// `duration` ms: where the bone's pose puts each, sampled at 30 Hz.
fn hung_curves(
    model: &Model,
    whole: &Whole,
    hung: &[(usize, i64, glam::Mat4)],
    seq: usize,
    duration: u32,
) -> Vec<Curve> {
    if hung.is_empty() {
        return Vec::new();
    }
    let times = sampling::every_30hz(duration as f32);
    let poses: Vec<m2view_anim::Pose> = times.iter().map(|&t| pose_at(model, seq, t)).collect();
    let mut curves = Vec::new();
    for &(bone, node, local) in hung {
        let pivot = glam::Mat4::from_translation(zup_to_yup(whole.pivots[bone].into()).into());
        let (mut scales, mut turns, mut moves) = (Vec::new(), Vec::new(), Vec::new());
        for p in &poses {
            let posed = super::placement_to_yup(p.bones.get(bone).copied().unwrap_or(glam::Mat4::IDENTITY));
            let (s, r, t) = (whole.bind * posed * pivot * local).to_scale_rotation_translation();
            scales.push(s.into());
            turns.push(r);
            moves.push(t.into());
        }
        curves.push((node, "T", "Lcl Translation", times.clone(), moves, true));
        curves.push((node, "R", "Lcl Rotation", times.clone(), continuous_euler(turns.into_iter()), true));
        curves.push((node, "S", "Lcl Scaling", times.clone(), scales, true));
    }
    curves
}

/// The curves of `looks` (objects and what of them moves) in sequence
/// `seq` of `duration` ms, sampled at 30 Hz: a texture's placement, a
/// material's colour and (blended) opacity — each only where it changes.
fn look_curves(model: &Model, looks: &[(i64, Animated)], seq: usize, duration: u32) -> Vec<Curve> {
    let look = |a: &Animated| match *a {
        Animated::Uv(l) | Animated::Colour(l, _) => l,
    };
    let looks: Vec<(i64, Animated)> = looks.iter().filter(|(_, a)| look(a).moves(model, seq)).copied().collect();
    if looks.is_empty() {
        return Vec::new();
    }
    let times = sampling::every_30hz(duration as f32);
    let poses: Vec<m2view_anim::Pose> = times.iter().map(|&t| pose_at(model, seq, t)).collect();
    let mut curves = Vec::new();
    let mut keep = |object: i64, short: &'static str, prop: &'static str, values: Vec<[f32; 3]>| {
        if values.iter().any(|v| v.iter().zip(values[0]).any(|(a, b)| (a - b).abs() > 1e-6)) {
            curves.push((object, short, prop, times.clone(), values, true));
        }
    };
    for (object, animated) in looks {
        match animated {
            Animated::Uv(look) => {
                let placed: Vec<[[f32; 3]; 3]> =
                    poses.iter().filter_map(|p| look.uv_matrix(p).map(uv_placement)).collect();
                if placed.len() == poses.len() {
                    keep(object, "T", "Translation", placed.iter().map(|p| p[0]).collect());
                    keep(object, "R", "Rotation", placed.iter().map(|p| p[1]).collect());
                    keep(object, "S", "Scaling", placed.iter().map(|p| p[2]).collect());
                }
            }
            Animated::Colour(look, blended) => {
                let factors: Vec<[f32; 4]> = poses.iter().map(|p| look.values(p).factor).collect();
                keep(object, "DiffuseColor", "DiffuseColor", factors.iter().map(|f| [f[0], f[1], f[2]]).collect());
                if blended {
                    keep(object, "Opacity", "Opacity", factors.iter().map(|f| [f[3], 0.0, 0.0]).collect());
                }
            }
        }
    }
    curves
}

/// A camera's node transform (Y-up) from its eye and target (Z-up): eye,
/// target, up, and the rotation
/// that turns local +X (FBX's view axis) towards the target, rolled by
/// its roll; `None` where eye and target are one point.
fn camera_pose(
    eye: glam::Vec3,
    target: glam::Vec3,
    roll: f32,
) -> Option<(glam::Vec3, glam::Vec3, glam::Vec3, glam::Quat)> {
    let eye = glam::Vec3::from(zup_to_yup(eye.into()));
    let target = glam::Vec3::from(zup_to_yup(target.into()));
    let (view, up) = super::look(eye, target)?;
    let turn = glam::Quat::from_mat3(&glam::Mat3::from_cols(view, up, view.cross(up)));
    Some((eye, target, up, glam::Quat::from_axis_angle(view, roll) * turn))
}

/// `q` (Y-up) as FBX's XYZ Euler angles in degrees (`R = Rz·Ry·Rx`).
fn euler_degrees(q: glam::Quat) -> [f32; 3] {
    let (z, y, x) = q.to_euler(glam::EulerRot::ZYX);
    [x.to_degrees(), y.to_degrees(), z.to_degrees()]
}

/// A rotation track sampled at `times` and at enough times between them
/// that no step turns more than 5°, as continuous Euler angles (degrees):
/// each sample takes whichever of its two Euler forms, shifted by whole
/// turns, lies nearest the one before, so that curves interpolated per
/// angle do not spin the long way round.
fn rotation_curve(
    model: &Model,
    track: &m2view_format::Track<[f32; 4]>,
    seq: usize,
    times: Vec<f32>,
    globals: &mut Vec<f32>,
) -> (Vec<f32>, Vec<[f32; 3]>) {
    let quat = |q: [f32; 4]| glam::Quat::from_array(zup_to_yup_quat(q)).normalize();
    let keys = sampling::sample(model, track, seq, &times, globals, [0.0, 0.0, 0.0, 1.0]);
    let mut fine = Vec::with_capacity(times.len());
    for k in 0..times.len() {
        fine.push(times[k]);
        if k + 1 < times.len() && sampling::linear(track) {
            let angle = quat(keys[k]).angle_between(quat(keys[k + 1])).to_degrees();
            let steps = (angle / 5.0).ceil() as usize;
            fine.extend((1..steps).map(|s| times[k] + (times[k + 1] - times[k]) * s as f32 / steps as f32));
        }
    }
    let qs = sampling::sample(model, track, seq, &fine, globals, [0.0, 0.0, 0.0, 1.0]);
    (fine, continuous_euler(qs.into_iter().map(quat)))
}

/// Rotations as Euler angles (degrees) that change as little as possible
/// from one to the next: each takes whichever of its two Euler forms,
/// shifted by whole turns, lies nearest the one before.
fn continuous_euler(qs: impl Iterator<Item = glam::Quat>) -> Vec<[f32; 3]> {
    // `e` shifted by whole turns to lie within half a turn of `prev`, per angle.
    let unwrap = |e: [f32; 3], prev: [f32; 3]| -> [f32; 3] {
        std::array::from_fn(|k| prev[k] + (e[k] - prev[k] + 180.0).rem_euclid(360.0) - 180.0)
    };
    let distance = |a: [f32; 3], b: [f32; 3]| (0..3).map(|k| (a[k] - b[k]).abs()).sum::<f32>();
    let mut out: Vec<[f32; 3]> = Vec::new();
    for q in qs {
        let e = euler_degrees(q);
        // The other Euler form of the same rotation.
        let alt = [e[0] + 180.0, 180.0 - e[1], e[2] + 180.0];
        let pick = match out.last() {
            None => e,
            Some(&prev) => {
                let (a, b) = (unwrap(e, prev), unwrap(alt, prev));
                if distance(b, prev) < distance(a, prev) { b } else { a }
            }
        };
        out.push(pick);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::{Mat3, Quat, Vec3};

    #[test]
    fn euler_angles_are_fbx_xyz_order() {
        let q = Quat::from_axis_angle(Vec3::new(0.3, -0.5, 0.8).normalize(), 1.1);
        let [x, y, z] = euler_degrees(q).map(f32::to_radians);
        // FBX eEulerXYZ: X applied first, so the matrix is Rz·Ry·Rx.
        let m = Mat3::from_rotation_z(z) * Mat3::from_rotation_y(y) * Mat3::from_rotation_x(x);
        let v = Vec3::new(0.2, 0.7, -0.4);
        assert!((m * v - q * v).length() < 1e-5, "{} {}", m * v, q * v);
    }
}
