//! What a Warcraft III modder checks in an MDX model, read from the file's
//! own structures rather than from the model m2view converts it to: each
//! sequence's interval, move speed, rarity and looping; each geoset's
//! counts, material, selection group and LOD; each material's priority
//! plane, flags, shader and layers; every node with its object id, type
//! and parent; cameras. Field meanings per the Hive Workshop MDX
//! specification as mdx-m3-viewer's `parsers/mdlx` reads them.

use std::fmt::Write as _;

use m2view_format::raw::mdx::{GenObject, MdxFile};
use serde::Serialize;

/// The Warcraft III sections of `info`.
#[derive(Debug, Serialize)]
pub struct Warcraft3Info {
    /// Sequences in file order.
    pub sequences: Vec<SequenceW3>,
    /// Geosets in file order.
    pub geosets: Vec<GeosetW3>,
    /// Materials in file order.
    pub materials: Vec<MaterialW3>,
    /// Every node (bones, lights, helpers, attachments, emitters, ribbons, events, collision shapes).
    pub nodes: Vec<NodeW3>,
    /// Cameras.
    pub cameras: Vec<CameraW3>,
    /// `PREM` v1 particle emitters.
    pub particle_emitters: Vec<EmitterW3>,
    /// Reforged PopcornFX emitters (`CORN`).
    pub popcorn_emitters: Vec<PopcornW3>,
    /// `PRE2` particle emitters.
    pub particle_emitters2: Vec<Emitter2W3>,
    /// `RIBB` ribbon emitters.
    pub ribbons: Vec<RibbonW3>,
    /// `LITE` lights.
    pub lights: Vec<LightW3>,
    /// `CLID` collision shapes.
    pub collision_shapes: Vec<ShapeW3>,
    /// Reforged `FAFX` face effects: `(target, path)`.
    pub face_effects: Vec<(String, String)>,
    /// Reforged `BPOS`: how many bind-pose matrices the file holds (one per node).
    pub bind_poses: usize,
}

/// One `PREM` v1 particle emitter.
#[derive(Debug, Serialize)]
pub struct EmitterW3 {
    /// Node name.
    pub name: String,
    /// What it spawns (a model when `uses_model`, else a texture).
    pub path: String,
    /// Node flag 0x8000 ("EmitterUsesMDL").
    pub uses_model: bool,
    /// Particles per second.
    pub emission_rate: f32,
    /// Downward acceleration.
    pub gravity: f32,
    /// Longitude and latitude, radians.
    pub longitude_latitude: [f32; 2],
    /// Lifespan, seconds.
    pub lifespan: f32,
    /// Initial speed.
    pub speed: f32,
}

/// A Reforged PopcornFX emitter (`CORN`; listed, not drawn).
#[derive(Debug, Serialize)]
pub struct PopcornW3 {
    /// Node name.
    pub name: String,
    /// The effect (`.pkfx`).
    pub path: String,
    /// Particles per second, lifespan (s), speed.
    pub rate_lifespan_speed: [f32; 3],
    /// Colour and alpha.
    pub color: [f32; 4],
    /// The sequences that show it, as stored.
    pub visibility_guide: String,
    /// Animated tracks (`KPPA`…`KPPV`).
    pub animated: Vec<String>,
}

/// A `PRE2` particle emitter (Hive Workshop MDX specification field names).
#[derive(Debug, Serialize)]
pub struct Emitter2W3 {
    /// Node name.
    pub name: String,
    /// `Blend`, `Additive`, `Modulate`, `Modulate2x` or `AlphaKey` (or the number).
    pub filter_mode: String,
    /// `TEXS` index.
    pub texture_id: u32,
    /// Texture grid: rows, columns.
    pub rows_columns: [u32; 2],
    /// 0 head, 1 tail, 2 both.
    pub head_or_tail: u32,
    /// Particles per second, lifespan (s), speed, variation, latitude (rad), gravity.
    pub rate_lifespan_speed_variation_latitude_gravity: [f32; 6],
    /// Emitter width and length.
    pub width_length: [f32; 2],
    /// Start, middle and end colours as stored (blue, green, red).
    pub colors: [[f32; 3]; 3],
    /// Start, middle and end alphas.
    pub alphas: [u8; 3],
    /// Start, middle and end scale.
    pub scaling: [f32; 3],
    /// Middle time (0–1) and tail length.
    pub middle_time_tail_length: [f32; 2],
    /// Priority plane.
    pub priority_plane: i32,
    /// Replaceable id (0: `texture_id`).
    pub replaceable_id: u32,
}

/// A `RIBB` ribbon emitter.
#[derive(Debug, Serialize)]
pub struct RibbonW3 {
    /// Node name.
    pub name: String,
    /// `MTLS` index.
    pub material: u32,
    /// Height above and below the node.
    pub above_below: [f32; 2],
    /// Static alpha.
    pub alpha: f32,
    /// Colour as stored (blue, green, red).
    pub color: [f32; 3],
    /// Edge lifespan (s), edges per second, gravity.
    pub lifespan_rate_gravity: [f32; 3],
    /// Texture grid: rows, columns; the slot shown.
    pub rows_columns_slot: [u32; 3],
}

/// A `LITE` light.
#[derive(Debug, Serialize)]
pub struct LightW3 {
    /// Node name.
    pub name: String,
    /// `omni`, `directional` or `ambient` (or the number).
    pub kind: String,
    /// Attenuation start and end.
    pub attenuation: [f32; 2],
    /// Colour as stored (Warcraft III stores blue, green, red).
    pub color: [f32; 3],
    /// Intensity.
    pub intensity: f32,
    /// Ambient colour and intensity.
    pub ambient: [f32; 4],
    /// Animated tracks.
    pub animated: Vec<String>,
}

/// A `CLID` collision shape.
#[derive(Debug, Serialize)]
pub struct ShapeW3 {
    /// Node name.
    pub name: String,
    /// `box`, `plane`, `sphere` or `cylinder` (or the number).
    pub kind: String,
    /// Its vertices then radius, as stored.
    pub values: Vec<f32>,
}

/// One sequence.
#[derive(Debug, Serialize)]
pub struct SequenceW3 {
    /// Name (`Stand - 2`).
    pub name: String,
    /// Interval start and end on the model's timeline, ms.
    pub interval: [u32; 2],
    /// Move speed (model units per second).
    pub move_speed: f32,
    /// Rarity.
    pub rarity: f32,
    /// Flag 1: plays once.
    pub non_looping: bool,
}

/// One geoset.
#[derive(Debug, Serialize)]
pub struct GeosetW3 {
    /// Vertices.
    pub vertices: usize,
    /// Triangles.
    pub triangles: usize,
    /// `MTLS` index.
    pub material: u32,
    /// Selection group.
    pub selection_group: u32,
    /// Reforged level of detail (0 or −1: the full model) and its name.
    pub lod: i32,
    /// The LOD's name (empty before Reforged).
    pub lod_name: String,
}

/// One material.
#[derive(Debug, Serialize)]
pub struct MaterialW3 {
    /// Priority plane (drawn lowest first).
    pub priority_plane: i32,
    /// Flags (1 constant colour, 16 sort primitives far Z, 32 full resolution).
    pub flags: u32,
    /// Reforged shader (empty before).
    pub shader: String,
    /// Layers in order.
    pub layers: Vec<LayerW3>,
}

/// One layer of a material.
#[derive(Debug, Serialize)]
pub struct LayerW3 {
    /// Filter mode name (`None`, `Transparent`, `Blend`, `Additive`, `AddAlpha`, `Modulate`, `Modulate2x`).
    pub filter_mode: String,
    /// `TEXS` index.
    pub texture_id: u32,
    /// `TXAN` index (`null`: none).
    pub texture_animation: Option<u32>,
    /// UV set.
    pub coord_id: i32,
    /// Static alpha.
    pub alpha: f32,
    /// Shading flags (1 unshaded, 2 sphere environment map, 16 two-sided, 32 unfogged, 64 no depth test, 128 no depth set).
    pub shading_flags: u32,
    /// Whether the alpha (`KMTA`) or texture (`KMTF`) is animated.
    pub animated: Vec<String>,
    /// v1100+: the HD texture slots, `(role, TEXS index)`; roles `diffuse`,
    /// `normal`, `orm`, `emissive`, `team color`, `reflections` (or the raw number).
    pub texture_slots: Vec<(String, u32)>,
    /// v900+: emissive gain; v1000+: fresnel colour (as stored: blue,
    /// green, red), opacity and team colour — `[gain, b, g, r, opacity, team]`.
    pub hd: Option<[f32; 6]>,
}

/// The name of a Reforged texture slot role (v1100+ layers; the order of
/// the six layers of a v1000 HD material, Hive Workshop MDX specification).
fn slot_role(role: u32) -> String {
    match role {
        0 => "diffuse".into(),
        1 => "normal".into(),
        2 => "orm".into(),
        3 => "emissive".into(),
        4 => "team color".into(),
        5 => "reflections".into(),
        n => n.to_string(),
    }
}

/// One node of the object hierarchy.
#[derive(Debug, Serialize)]
pub struct NodeW3 {
    /// Name.
    pub name: String,
    /// Object id.
    pub object_id: u32,
    /// `bone`, `light`, `helper`, `attachment`, `particle emitter 2`, `ribbon`, `event`, `collision shape`.
    pub kind: &'static str,
    /// Parent object id.
    pub parent: Option<u32>,
}

/// One camera.
#[derive(Debug, Serialize)]
pub struct CameraW3 {
    /// Name.
    pub name: String,
    /// Field of view, radians.
    pub fov: f32,
    /// Near and far clip planes.
    pub clip: [f32; 2],
}

/// The filter mode's name (`MDLTEXOP`).
fn filter_mode(mode: u32) -> String {
    const NAMES: [&str; 7] = ["None", "Transparent", "Blend", "Additive", "AddAlpha", "Modulate", "Modulate2x"];
    NAMES.get(mode as usize).map_or_else(|| format!("unknown ({mode})"), |n| n.to_string())
}

/// The Warcraft III sections of MDX file `f` (`None` for the WoW alpha's MDX).
pub fn warcraft3_info(f: &MdxFile) -> Option<Warcraft3Info> {
    if f.is_wow() {
        return None;
    }
    let sequences = f
        .sequences
        .iter()
        .map(|s| SequenceW3 {
            name: s.name.clone(),
            interval: [s.start, s.end],
            move_speed: s.movespeed,
            rarity: s.frequency,
            non_looping: s.flags & 1 != 0,
        })
        .collect();
    let geosets = f
        .geosets
        .iter()
        .map(|g| GeosetW3 {
            vertices: g.positions.len(),
            triangles: g.indices.len() / 3,
            material: g.material_id,
            selection_group: g.selection_group,
            lod: g.lod.0,
            lod_name: g.lod.1.clone(),
        })
        .collect();
    let materials = f
        .materials
        .iter()
        .map(|m| MaterialW3 {
            priority_plane: m.priority_plane,
            flags: m.flags,
            shader: m.shader.clone(),
            layers: m
                .layers
                .iter()
                .map(|l| LayerW3 {
                    filter_mode: filter_mode(l.filter_mode),
                    texture_id: l.texture_id,
                    texture_animation: (l.texture_anim_id != u32::MAX).then_some(l.texture_anim_id),
                    coord_id: l.coord_id,
                    alpha: l.alpha,
                    shading_flags: l.shading_flags,
                    animated: l.tracks.0.iter().map(|(t, _)| m2view_format::error::show_tag(t)).collect(),
                    texture_slots: l.texture_slots.iter().map(|&(id, role)| (slot_role(role), id)).collect(),
                    hd: l.reforged,
                })
                .collect(),
        })
        .collect();
    let cameras = f
        .cameras
        .iter()
        .map(|c| CameraW3 { name: c.name.clone(), fov: c.fov, clip: [c.near_clip, c.far_clip] })
        .collect();
    let particle_emitters = f
        .particle_emitters
        .iter()
        .map(|p| EmitterW3 {
            name: p.object.name.clone(),
            path: p.path.clone(),
            uses_model: p.object.flags & 0x8000 != 0,
            emission_rate: p.emission_rate,
            gravity: p.gravity,
            longitude_latitude: [p.longitude, p.latitude],
            lifespan: p.lifespan,
            speed: p.speed,
        })
        .collect();
    let popcorn_emitters = f
        .popcorns
        .iter()
        .map(|p| PopcornW3 {
            name: p.object.name.clone(),
            path: p.path.clone(),
            rate_lifespan_speed: [p.emission_rate, p.lifespan, p.speed],
            color: [p.color[0], p.color[1], p.color[2], p.alpha],
            visibility_guide: p.visibility_guide.clone(),
            animated: p.tracks.0.iter().map(|(t, _)| m2view_format::error::show_tag(t)).collect(),
        })
        .collect();
    Some(Warcraft3Info {
        sequences,
        geosets,
        materials,
        nodes: nodes(f),
        cameras,
        particle_emitters,
        popcorn_emitters,
        particle_emitters2: f.particle_emitters2.iter().map(emitter2).collect(),
        ribbons: f.ribbons.iter().map(ribbon).collect(),
        lights: f.lights.iter().map(light).collect(),
        collision_shapes: f.shapes.iter().map(shape).collect(),
        face_effects: f.face_effects.iter().map(|e| (e.target.clone(), e.path.clone())).collect(),
        bind_poses: f.bind_poses.len(),
    })
}

fn named(n: u32, names: &[&str]) -> String {
    names.get(n as usize).map_or_else(|| n.to_string(), |s| s.to_string())
}

fn emitter2(p: &m2view_format::raw::mdx::MdlParticleEmitter2) -> Emitter2W3 {
    Emitter2W3 {
        name: p.object.name.clone(),
        filter_mode: named(p.filter_mode, &["Blend", "Additive", "Modulate", "Modulate2x", "AlphaKey"]),
        texture_id: p.texture_id,
        rows_columns: [p.rows, p.columns],
        head_or_tail: p.head_or_tail,
        rate_lifespan_speed_variation_latitude_gravity: [
            p.emission_rate,
            p.lifespan,
            p.speed,
            p.variation,
            p.latitude,
            p.gravity,
        ],
        width_length: [p.width, p.length],
        colors: p.colors,
        alphas: p.alphas,
        scaling: p.scaling,
        middle_time_tail_length: [p.middle_time, p.tail_length],
        priority_plane: p.priority_plane,
        replaceable_id: p.replaceable_id,
    }
}

fn ribbon(r: &m2view_format::raw::mdx::MdlRibbon) -> RibbonW3 {
    RibbonW3 {
        name: r.object.name.clone(),
        material: r.material_id,
        above_below: [r.height_above, r.height_below],
        alpha: r.alpha,
        color: r.color,
        lifespan_rate_gravity: [r.lifespan, r.emission_rate as f32, r.gravity],
        rows_columns_slot: [r.rows, r.columns, r.texture_slot],
    }
}

fn light(l: &m2view_format::raw::mdx::MdlLight) -> LightW3 {
    LightW3 {
        name: l.object.name.clone(),
        kind: named(l.kind, &["omni", "directional", "ambient"]),
        attenuation: l.attenuation,
        color: l.color,
        intensity: l.intensity,
        ambient: [l.ambient_color[0], l.ambient_color[1], l.ambient_color[2], l.ambient_intensity],
        animated: l.tracks.0.iter().map(|(t, _)| m2view_format::error::show_tag(t)).collect(),
    }
}

fn shape(s: &m2view_format::raw::mdx::MdlShape) -> ShapeW3 {
    ShapeW3 {
        name: s.object.name.clone(),
        kind: named(s.kind, &["box", "plane", "sphere", "cylinder"]),
        values: s.floats.clone(),
    }
}

/// Every node of `f`, by object id.
fn nodes(f: &MdxFile) -> Vec<NodeW3> {
    let mut out: Vec<NodeW3> = Vec::new();
    let mut add = |o: &GenObject, kind: &'static str| {
        out.push(NodeW3 { name: o.name.clone(), object_id: o.object_id, kind, parent: o.parent });
    };
    f.bones.iter().for_each(|o| add(o, "bone"));
    f.lights.iter().for_each(|o| add(&o.object, "light"));
    f.helpers.iter().for_each(|o| add(o, "helper"));
    f.attachments.iter().for_each(|o| add(&o.object, "attachment"));
    f.particle_emitters.iter().for_each(|o| add(&o.object, "particle emitter"));
    f.particle_emitters2.iter().for_each(|o| add(&o.object, "particle emitter 2"));
    f.ribbons.iter().for_each(|o| add(&o.object, "ribbon"));
    f.popcorns.iter().for_each(|o| add(&o.object, "popcorn emitter"));
    f.events.iter().for_each(|o| add(&o.object, "event"));
    f.shapes.iter().for_each(|o| add(&o.object, "collision shape"));
    out.sort_by_key(|n| n.object_id);
    out
}

/// The text lines of the Warcraft III sections.
pub fn text(s: &mut String, w: &Warcraft3Info) {
    let _ = writeln!(s, "warcraft III sequences:");
    for q in &w.sequences {
        let once = if q.non_looping { "  non-looping" } else { "" };
        let _ = writeln!(
            s,
            "  {:<24} [{}, {}]  move speed {}  rarity {}{once}",
            q.name, q.interval[0], q.interval[1], q.move_speed, q.rarity
        );
    }
    let _ = writeln!(s, "warcraft III geosets:");
    for (i, g) in w.geosets.iter().enumerate() {
        let lod = if g.lod_name.is_empty() { String::new() } else { format!("  LOD {} {:?}", g.lod, g.lod_name) };
        let _ = writeln!(
            s,
            "  {i:>3} {} vertices, {} triangles, material {}, selection group {}{lod}",
            g.vertices, g.triangles, g.material, g.selection_group
        );
    }
    let _ = writeln!(s, "warcraft III materials:");
    for (i, m) in w.materials.iter().enumerate() {
        let shader = if m.shader.is_empty() { String::new() } else { format!("  shader {}", m.shader) };
        let _ = writeln!(s, "  {i:>3} priority plane {}  flags {:#x}{shader}", m.priority_plane, m.flags);
        for l in &m.layers {
            let anim = l.texture_animation.map_or(String::new(), |t| format!("  texture animation {t}"));
            let tracks =
                if l.animated.is_empty() { String::new() } else { format!("  tracks {}", l.animated.join(" ")) };
            let _ = writeln!(
                s,
                "      layer {:<11} texture {}  coord {}  alpha {}  shading {:#x}{anim}{tracks}",
                l.filter_mode, l.texture_id, l.coord_id, l.alpha, l.shading_flags
            );
            if !l.texture_slots.is_empty() {
                let slots: Vec<String> = l.texture_slots.iter().map(|(r, id)| format!("{r} {id}")).collect();
                let _ = writeln!(s, "        texture slots: {}", slots.join(", "));
            }
            if let Some([gain, b, g, r, opacity, team]) = l.hd {
                let _ = writeln!(
                    s,
                    "        emissive gain {gain}  fresnel colour (b g r) {b} {g} {r}  opacity {opacity}  team colour {team}"
                );
            }
        }
    }
    let _ = writeln!(s, "warcraft III nodes:");
    for n in &w.nodes {
        let parent = n.parent.map_or("-".to_string(), |p| p.to_string());
        let _ = writeln!(s, "  {:>3} {:<18} {:<28} parent {parent}", n.object_id, n.kind, n.name);
    }
    for p in &w.particle_emitters {
        let what = if p.uses_model { "model" } else { "texture" };
        let _ = writeln!(
            s,
            "warcraft III particle emitter {:?}: {what} {}  rate {}  gravity {}  longitude {} latitude {}  lifespan {}  speed {}",
            p.name,
            p.path,
            p.emission_rate,
            p.gravity,
            p.longitude_latitude[0],
            p.longitude_latitude[1],
            p.lifespan,
            p.speed
        );
    }
    for (target, path) in &w.face_effects {
        let _ = writeln!(s, "warcraft III face effect {target:?}: {path}");
    }
    if w.bind_poses > 0 {
        let _ = writeln!(s, "warcraft III bind poses: {} matrices", w.bind_poses);
    }
    for p in &w.popcorn_emitters {
        let [rate, life, speed] = p.rate_lifespan_speed;
        let _ = writeln!(
            s,
            "warcraft III popcorn emitter {:?}: {}  rate {rate}  lifespan {life}  speed {speed}  colour {:?}  shown in {:?}",
            p.name, p.path, p.color, p.visibility_guide
        );
    }
    for p in &w.particle_emitters2 {
        let [rate, life, speed, var, lat, grav] = p.rate_lifespan_speed_variation_latitude_gravity;
        let _ = writeln!(
            s,
            "warcraft III particle emitter 2 {:?}: {} texture {} grid {:?}  rate {rate}  lifespan {life}  speed {speed} ±{var}  latitude {lat}  gravity {grav}  size {:?}  alphas {:?}  scaling {:?}",
            p.name, p.filter_mode, p.texture_id, p.rows_columns, p.width_length, p.alphas, p.scaling
        );
    }
    for r in &w.ribbons {
        let [life, rate, grav] = r.lifespan_rate_gravity;
        let _ = writeln!(
            s,
            "warcraft III ribbon {:?}: material {}  above/below {:?}  alpha {}  lifespan {life}  rate {rate}  gravity {grav}",
            r.name, r.material, r.above_below, r.alpha
        );
    }
    for l in &w.lights {
        let _ = writeln!(
            s,
            "warcraft III light {:?}: {}  attenuation {:?}  colour {:?} × {}  ambient {:?}",
            l.name, l.kind, l.attenuation, l.color, l.intensity, l.ambient
        );
    }
    for c in &w.collision_shapes {
        let _ = writeln!(s, "warcraft III collision shape {:?}: {} {:?}", c.name, c.kind, c.values);
    }
    for c in &w.cameras {
        let _ = writeln!(s, "warcraft III camera {:?}: fov {} clip {}..{}", c.name, c.fov, c.clip[0], c.clip[1]);
    }
}
