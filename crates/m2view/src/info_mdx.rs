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
    Some(Warcraft3Info { sequences, geosets, materials, nodes: nodes(f), cameras, particle_emitters, popcorn_emitters })
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
    for p in &w.popcorn_emitters {
        let [rate, life, speed] = p.rate_lifespan_speed;
        let _ = writeln!(
            s,
            "warcraft III popcorn emitter {:?}: {}  rate {rate}  lifespan {life}  speed {speed}  colour {:?}  shown in {:?}",
            p.name, p.path, p.color, p.visibility_guide
        );
    }
    for c in &w.cameras {
        let _ = writeln!(s, "warcraft III camera {:?}: fov {} clip {}..{}", c.name, c.fov, c.clip[0], c.clip[1]);
    }
}
