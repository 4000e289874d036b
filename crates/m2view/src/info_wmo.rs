//! What `info` shows of a WMO world object (wowdev wiki "WMO"): its
//! header, every group with its counts (or that its file is missing),
//! materials with shader, blend mode, flags and textures, doodad sets
//! with their placements and how many of their models are found, lights,
//! portals, fogs and liquids.

use std::fmt::Write as _;

use m2view_format::LoadedModel;
use m2view_format::wmo::Wmo;
use serde::Serialize;

/// The world object sections of `info`.
#[derive(Debug, Serialize)]
pub struct WmoInfo {
    /// `MVER` (14, 16 or 17).
    pub version: u32,
    /// `MOHD` flags (hex).
    pub flags: String,
    /// Interior ambient colour, `RRGGBBAA`.
    pub ambient: String,
    /// `WMOAreaTable` id.
    pub wmo_id: u32,
    /// Bounding box min and max (model units, Z-up).
    pub bounds: [[f32; 3]; 2],
    /// Skybox model (`MOSB`).
    pub skybox: Option<String>,
    /// Its model is found (`.mdx` read as `.m2`).
    pub skybox_found: bool,
    /// Groups that show it from inside (flag 0x40000).
    pub skybox_groups: Vec<usize>,
    /// Groups in `MOGI` order.
    pub groups: Vec<GroupInfo>,
    /// Materials.
    pub materials: Vec<MaterialInfo>,
    /// Doodad sets.
    pub doodad_sets: Vec<DoodadSetInfo>,
    /// Distinct doodad models named.
    pub doodad_models: usize,
    /// Doodad placements (`MODD`).
    pub doodad_placements: usize,
    /// Lights (`MOLT`).
    pub lights: Vec<LightInfo>,
    /// Portals (`MOPT`) with the groups they join.
    pub portals: Vec<PortalInfo>,
    /// Fogs (`MFOG`).
    pub fogs: Vec<FogInfo>,
}

/// One group.
#[derive(Debug, Serialize)]
pub struct GroupInfo {
    /// Name (`MOGN`).
    pub name: String,
    /// Flags (hex).
    pub flags: String,
    /// `interior`, `exterior` or both/neither as the flags say.
    pub kind: &'static str,
    /// Its file was read (else: missing or broken, see warnings).
    pub loaded: bool,
    /// Vertices.
    pub vertices: usize,
    /// Triangles drawn (in batches).
    pub triangles: usize,
    /// Collision-only triangles.
    pub collision_triangles: usize,
    /// Batches (`MOBA`): transition, interior, exterior.
    pub batches: [u16; 3],
    /// UV sets.
    pub uv_sets: usize,
    /// Vertex colour sets (`MOCV`).
    pub color_sets: usize,
    /// Doodad placements inside (`MODR`).
    pub doodads: usize,
    /// Lights lighting it (`MOLR`).
    pub lights: usize,
    /// Its liquid (`MLIQ`), if any.
    pub liquid: Option<GroupLiquidInfo>,
}

/// A group's liquid.
#[derive(Debug, Serialize)]
pub struct GroupLiquidInfo {
    /// What it is drawn as (`water`, `ocean`, `magma`, `slime`).
    pub kind: &'static str,
    /// `LiquidType` id, as the client resolves the group's.
    pub liquid_type: u32,
    /// Tile columns, rows.
    pub tiles: [usize; 2],
    /// Tiles holding liquid.
    pub wet_tiles: usize,
    /// Its texture as found (`None`: drawn in its kind's flat colour).
    pub texture: Option<crate::info_adt::LiquidTexture>,
}

/// One material.
#[derive(Debug, Serialize)]
pub struct MaterialInfo {
    /// Shader id.
    pub shader: u32,
    /// `EGxBlend` value.
    pub blend: u32,
    /// Flags (hex).
    pub flags: String,
    /// Texture 1–3 (paths or `fdid:N`; empty: none).
    pub textures: Vec<String>,
}

/// One doodad set.
#[derive(Debug, Serialize)]
pub struct DoodadSetInfo {
    /// Name (`Set_$DefaultGlobal`).
    pub name: String,
    /// First placement.
    pub start: u32,
    /// Placements.
    pub count: u32,
    /// Placements whose model is found.
    pub found: usize,
}

/// One light.
#[derive(Debug, Serialize)]
pub struct LightInfo {
    /// `omni`, `spot`, `directional`, `ambient`.
    pub kind: String,
    /// Position.
    pub position: [f32; 3],
    /// Colour `RRGGBB`.
    pub color: String,
    /// Intensity.
    pub intensity: f32,
    /// Attenuation start and end (model units; `null`: not attenuated).
    pub attenuation: Option<[f32; 2]>,
}

/// One fog (its look above water; the eye inside the WMO and its sphere sees it).
#[derive(Debug, Serialize)]
pub struct FogInfo {
    /// Centre of its sphere.
    pub position: [f32; 3],
    /// Outer radius of its sphere (model units; `null`: infinite, flag 0x1).
    pub radius: Option<f32>,
    /// Where it starts and where it is whole (model units from the eye).
    pub range: [f32; 2],
    /// Colour `RRGGBB`.
    pub color: String,
}

/// One portal.
#[derive(Debug, Serialize)]
pub struct PortalInfo {
    /// Corners.
    pub vertices: usize,
    /// Groups it joins (`MOPR`).
    pub groups: Vec<u16>,
}

/// The world object section of WMO `lm` (`None`: not a WMO).
pub fn wmo_info(lm: &LoadedModel) -> Option<WmoInfo> {
    let w: &Wmo = lm.wmo.as_deref()?;
    let hex = |c: [u8; 4]| format!("{:02X}{:02X}{:02X}{:02X}", c[0], c[1], c[2], c[3]);
    // Light and fog colours are stored b g r a.
    let rgb = |c: [u8; 4]| format!("{:02X}{:02X}{:02X}", c[2], c[1], c[0]);
    let tex = |t: Option<usize>| t.and_then(|i| w.textures.get(i)).map_or_else(String::new, ToString::to_string);
    let found: Vec<bool> = w
        .doodads
        .iter()
        .map(|d| d.model.as_ref().is_some_and(|m| m2view_app::world::doodad_file(lm, m).is_some()))
        .collect();
    Some(WmoInfo {
        version: w.version,
        flags: format!("{:#x}", w.flags),
        ambient: hex(w.ambient),
        wmo_id: w.wmo_id,
        bounds: [w.bounds.0, w.bounds.1],
        skybox: w.skybox.clone(),
        skybox_found: w.skybox.as_ref().is_some_and(|n| {
            m2view_app::world::doodad_file(lm, &m2view_format::wmo::FileRef::Path(n.clone())).is_some()
        }),
        skybox_groups: w.groups.iter().enumerate().filter(|(_, g)| g.shows_skybox()).map(|(i, _)| i).collect(),
        groups: w
            .groups
            .iter()
            .map(|g| {
                let geo = g.geometry.as_ref();
                let n = |f: fn(&m2view_format::wmo::GroupGeometry) -> usize| geo.map_or(0, f);
                GroupInfo {
                    name: g.name.clone(),
                    flags: format!("{:#x}", g.flags),
                    kind: match (g.flags & 0x2000 != 0, g.flags & 0x8 != 0) {
                        (true, false) => "interior",
                        (false, true) => "exterior",
                        (true, true) => "interior+exterior",
                        (false, false) => "-",
                    },
                    loaded: geo.is_some(),
                    vertices: n(|g| g.positions.len()),
                    triangles: n(|g| g.batches.iter().map(|b| b.count as usize / 3).sum()),
                    collision_triangles: n(|g| g.collision_triangles),
                    batches: geo.map_or([0; 3], |g| g.batch_kinds),
                    uv_sets: n(|g| g.uvs.len()),
                    color_sets: n(|g| g.colors.len()),
                    doodads: n(|g| g.doodad_refs.len()),
                    lights: n(|g| g.light_refs.len()),
                    liquid: geo.and_then(|g| g.liquid.as_ref()).map(|l| GroupLiquidInfo {
                        kind: l.kind.name(),
                        liquid_type: l.liquid_type,
                        tiles: l.tiles,
                        wet_tiles: l.wet_tiles(),
                        texture: crate::info_adt::liquid_texture(lm, l.liquid_type),
                    }),
                }
            })
            .collect(),
        materials: w
            .materials
            .iter()
            .map(|m| MaterialInfo {
                shader: m.shader,
                blend: m.blend,
                flags: format!("{:#x}", m.flags),
                textures: m.textures.iter().take(m.texture_count()).map(|&t| tex(t)).collect(),
            })
            .collect(),
        doodad_sets: w
            .doodad_sets
            .iter()
            .map(|s| DoodadSetInfo {
                name: s.name.clone(),
                start: s.start,
                count: s.count,
                found: (s.start as usize..(s.start + s.count) as usize).filter(|&i| found[i]).count(),
            })
            .collect(),
        doodad_models: w.doodad_names,
        doodad_placements: w.doodads.len(),
        lights: w
            .lights
            .iter()
            .map(|l| LightInfo {
                kind: ["omni", "spot", "directional", "ambient"]
                    .get(l.kind as usize)
                    .map_or_else(|| format!("{}", l.kind), |k| k.to_string()),
                position: l.position,
                color: rgb(l.color),
                intensity: l.intensity,
                attenuation: l.use_attenuation.then_some([l.attenuation_start, l.attenuation_end]),
            })
            .collect(),
        portals: w
            .portals
            .iter()
            .enumerate()
            .map(|(i, p)| PortalInfo {
                vertices: p.vertices.len(),
                groups: w
                    .portal_refs
                    .iter()
                    .filter(|r| r.portal as usize == i && (r.group as usize) < w.groups.len())
                    .map(|r| r.group)
                    .collect(),
            })
            .collect(),
        fogs: w
            .fogs
            .iter()
            .map(|f| FogInfo {
                position: f.position,
                radius: (f.flags & 0x1 == 0).then_some(f.radii[1]),
                range: [f.fog.end * f.fog.start_scalar, f.fog.end],
                color: rgb(f.fog.color),
            })
            .collect(),
    })
}

/// Appends the text form of `w` to `s`.
pub fn text(s: &mut String, w: &WmoInfo) {
    let _ = writeln!(
        s,
        "world object (WMO v{}): flags {}  ambient {}  WMOAreaTable {}",
        w.version, w.flags, w.ambient, w.wmo_id
    );
    if let Some(sky) = &w.skybox {
        let found = if w.skybox_found { "found" } else { "not found" };
        let _ = writeln!(s, "  skybox {sky} ({found}), shown from inside groups {:?}", w.skybox_groups);
    }
    let loaded = w.groups.iter().filter(|g| g.loaded).count();
    let _ = writeln!(s, "groups: {} ({loaded} read)", w.groups.len());
    for (i, g) in w.groups.iter().enumerate() {
        if !g.loaded {
            let _ = writeln!(s, "  {i:>3} {:<14} {:<9} {:<10} MISSING", g.name, g.kind, g.flags);
            continue;
        }
        let _ = writeln!(
            s,
            "  {i:>3} {:<14} {:<9} {:<10} {} vertices, {} triangles (+{} collision), batches {}/{}/{}, {} uv, {} colour sets, {} doodads, {} lights{}",
            g.name,
            g.kind,
            g.flags,
            g.vertices,
            g.triangles,
            g.collision_triangles,
            g.batches[0],
            g.batches[1],
            g.batches[2],
            g.uv_sets,
            g.color_sets,
            g.doodads,
            g.lights,
            g.liquid.as_ref().map_or(String::new(), |l| format!(
                ", liquid: {} (LiquidType {}), {} of {}×{} tiles{}",
                l.kind,
                l.liquid_type,
                l.wet_tiles,
                l.tiles[0],
                l.tiles[1],
                crate::info_adt::liquid_look(&l.texture)
            ))
        );
    }
    let _ = writeln!(s, "wmo materials:");
    for (i, m) in w.materials.iter().enumerate() {
        let t: Vec<&str> = m.textures.iter().map(String::as_str).filter(|t| !t.is_empty()).collect();
        let _ =
            writeln!(s, "  {i:>3} shader {:>2} blend {:>2} flags {:<6} {}", m.shader, m.blend, m.flags, t.join(" + "));
    }
    let _ = writeln!(
        s,
        "doodad sets: {} ({} models, {} placements)",
        w.doodad_sets.len(),
        w.doodad_models,
        w.doodad_placements
    );
    for (i, d) in w.doodad_sets.iter().enumerate() {
        let _ = writeln!(
            s,
            "  {i:>3} {:<20} {} placements from {}, {} with their model found",
            d.name, d.count, d.start, d.found
        );
    }
    let _ = writeln!(s, "wmo lights: {}", w.lights.len());
    for (i, l) in w.lights.iter().enumerate() {
        let att = l.attenuation.map_or_else(String::new, |a| format!(" attenuation {}..{}", a[0], a[1]));
        let _ = writeln!(
            s,
            "  {i:>3} {:<11} at {:?} colour {} intensity {}{att}",
            l.kind, l.position, l.color, l.intensity
        );
    }
    let _ = writeln!(s, "portals: {}", w.portals.len());
    for (i, p) in w.portals.iter().enumerate() {
        let _ = writeln!(s, "  {i:>3} {} corners, groups {:?}", p.vertices, p.groups);
    }
    let _ = writeln!(s, "fogs: {}", w.fogs.len());
    for (i, f) in w.fogs.iter().enumerate() {
        let radius = f.radius.map_or_else(|| "everywhere inside".to_string(), |r| format!("radius {r}"));
        let _ = writeln!(
            s,
            "  {i:>3} at {:?} {radius}, from {} to {} colour {}",
            f.position, f.range[0], f.range[1], f.color
        );
    }
}
