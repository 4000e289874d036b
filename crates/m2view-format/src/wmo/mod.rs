//! WMO world objects (buildings, caves, dungeons): a root file and its
//! `_NNN` group files, read into one validated [`Wmo`] (wowdev wiki
//! "WMO"), and drawn as a static [`Model`] ([`Wmo::to_model`]) so every
//! front end (render, export, window) draws its groups as it draws an M2.
//!
//! What the client does that this follows (wowdev wiki "WMO", and
//! WebWowViewerCpp `wmoObject.cpp` / `wmoGroupObject.cpp`):
//! - a group's render batches are its `MOBA` entries; triangles whose
//!   `MOPY` material is 0xFF are collision only and belong to no batch;
//! - a material's blend mode is an `EGxBlend` (0 opaque, 1 alpha key, 2
//!   alpha, 3 add, 4 mod, 5 mod2x, …), its flags 0x1 unlit, 0x2 unfogged,
//!   0x4 two-sided, 0x40/0x80 clamp;
//! - textures are names in `MOTX` referenced by byte offset, or, in 8.1+
//!   roots without `MOTX`, FileDataIDs; doodad names in `MODN` by offset
//!   (`MODI`: FileDataIDs), `.mdx` names standing for `.m2`;
//! - doodad set 0 is always shown, plus the one chosen.

use std::collections::BTreeMap;

use crate::adt::{LiquidKind, UNIT_SIZE};
use crate::error::{Error, Result, ResultExt};
use crate::model::*;
use crate::raw::wmo as raw;
use crate::reader::{ParseState, Reader};

/// A file a WMO names: a path as stored, or a FileDataID.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FileRef {
    /// A game path (`World\wmo\…\inn_wall.blp`), `\` separated as stored.
    Path(String),
    /// A FileDataID (8.1+ roots).
    FileDataId(u32),
}

impl FileRef {
    /// The texture source this names (a path or a FileDataID).
    pub fn texture_source(&self) -> TextureSource {
        match self {
            FileRef::Path(p) => TextureSource::Path(p.clone()),
            FileRef::FileDataId(id) => TextureSource::FileDataId(*id),
        }
    }
}

impl std::fmt::Display for FileRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileRef::Path(p) => f.write_str(p),
            FileRef::FileDataId(id) => write!(f, "fdid:{id}"),
        }
    }
}

/// A material (`MOMT`).
#[derive(Debug, Clone, PartialEq)]
pub struct WmoMaterial {
    /// Flags (0x1 unlit, 0x2 unfogged, 0x4 two-sided, 0x8 exterior light,
    /// 0x10 night glow, 0x20 window, 0x40 clamp S, 0x80 clamp T).
    pub flags: u32,
    /// Shader id (0 `Diffuse`, 1 `Specular`, 2 `Metal`, 3 `Env`, 5 `EnvMetal`, 6 `TwoLayerDiffuse` …).
    pub shader: u32,
    /// `EGxBlend` (0 opaque, 1 alpha key, 2 alpha, 3 add, 4 mod, 5 mod2x, …).
    pub blend: u32,
    /// Texture 1–3 as indices into [`Wmo::textures`] (`None`: no texture).
    pub textures: [Option<usize>; 3],
    /// Diffuse colour, r g b a.
    pub diffuse: [u8; 4],
    /// Emissive (night glow) colour, r g b a.
    pub emissive: [u8; 4],
}

impl WmoMaterial {
    /// How many of `textures` its shader samples (wowdev wiki "WMO",
    /// shader types: 1 for Diffuse, Specular, Metal, Opaque, DiffuseTerrain,
    /// Lod; 3 for TwoLayerEnvMetal, MaskedEnvMetal, EnvMetalEmissive,
    /// AdditiveMaskedEnvMetal and the TwoLayerDiffuseMod2x/Mod2xNA/Alpha
    /// family; 2 otherwise). The others' fields hold leftovers (often 0,
    /// which would read as the first `MOTX` name).
    pub fn texture_count(&self) -> usize {
        match self.shader {
            0 | 1 | 2 | 4 | 16 | 21 => 1,
            7 | 11 | 12 | 17..=20 => 3,
            _ => 2,
        }
    }
}

/// One group: what the root says of it, and its geometry where its file was read.
#[derive(Debug, Clone, PartialEq)]
pub struct WmoGroup {
    /// Name from `MOGN` (empty if none).
    pub name: String,
    /// Flags (0x8 exterior, 0x2000 interior, 0x4 vertex colours, 0x1000 liquid …).
    pub flags: u32,
    /// Bounding box (min, max), model units, Z-up.
    pub bounds: ([f32; 3], [f32; 3]),
    /// The group file's contents (`None`: not found or unreadable; see [`Wmo::warnings`]).
    pub geometry: Option<GroupGeometry>,
}

impl WmoGroup {
    /// Interior group (flag 0x2000): lit by its vertex colours, not the sun.
    pub fn is_interior(&self) -> bool {
        self.flags & 0x2000 != 0
    }

    /// Shows the root's skybox (`MOSB`) when seen from inside (flag
    /// 0x40000; WebWowViewerCpp `SMOGroupFlags::showSkyBox`).
    pub fn shows_skybox(&self) -> bool {
        self.flags & 0x40000 != 0
    }
}

/// The geometry of a group file, validated: every index in range.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GroupGeometry {
    /// Vertex positions (model units, Z-up).
    pub positions: Vec<[f32; 3]>,
    /// Normals, one per vertex.
    pub normals: Vec<[f32; 3]>,
    /// UV sets (1–3), each one per vertex.
    pub uvs: Vec<Vec<[f32; 2]>>,
    /// Vertex colour sets (`MOCV`, 0–2), r g b a, one per vertex.
    pub colors: Vec<Vec<[u8; 4]>>,
    /// Triangle list.
    pub indices: Vec<u16>,
    /// Render batches (`MOBA`), indices into `indices` checked.
    pub batches: Vec<raw::Batch>,
    /// Triangles (`MOPY` material 0xFF) that only collide.
    pub collision_triangles: usize,
    /// Root lights lighting it (`MOLR`).
    pub light_refs: Vec<u16>,
    /// Doodad placements inside it (`MODR`).
    pub doodad_refs: Vec<u16>,
    /// Its portal references: this range of [`Wmo::portal_refs`] (`MOGP`
    /// portal start and count; cut to the root's `MOPR`).
    pub portal_refs: std::ops::Range<usize>,
    /// Its liquid (`MLIQ`), if any.
    pub liquid: Option<WmoLiquid>,
    /// Batches counted as transition, interior, exterior (`MOGP`).
    pub batch_kinds: [u16; 3],
    /// Sub-chunk tags in file order.
    pub chunks: Vec<String>,
}

/// A group's liquid (`MLIQ`), validated: a grid of vertices with a height
/// each and the tiles between them that hold liquid (wowdev wiki "WMO",
/// MLIQ; WebWowViewerCpp `wmoGroupGeom.cpp`, `getWaterVertexBindings`).
#[derive(Debug, Clone, PartialEq)]
pub struct WmoLiquid {
    /// Its `LiquidType` id, resolved as the client resolves it ([`liquid_type`]).
    pub liquid_type: u32,
    /// What it is drawn as.
    pub kind: LiquidKind,
    /// `MOMT` material id as stored (the client takes its texture from
    /// `LiquidType`; not used for drawing here).
    pub material: u16,
    /// The grid's first corner (model units, Z-up).
    pub corner: [f32; 3],
    /// Vertex columns, rows.
    pub vertices: [usize; 2],
    /// Tile columns, rows (each fewer than the vertices).
    pub tiles: [usize; 2],
    /// One height per vertex (model units), rows first.
    pub heights: Vec<f32>,
    /// One flag per tile, rows first: true where liquid is (the tile's
    /// low nibble is not 0xF).
    pub cells: Vec<bool>,
}

impl WmoLiquid {
    /// Position (model units, Z-up) of grid vertex `(column, row)`: the
    /// corner plus [`UNIT_SIZE`] per column along +X and per row along +Y,
    /// at the vertex's height.
    pub fn position(&self, column: usize, row: usize) -> [f32; 3] {
        [
            self.corner[0] + column as f32 * UNIT_SIZE,
            self.corner[1] + row as f32 * UNIT_SIZE,
            self.heights[row * self.vertices[0] + column],
        ]
    }

    /// Tiles that hold liquid.
    pub fn wet_tiles(&self) -> usize {
        self.cells.iter().filter(|&&c| c).count()
    }
}

/// `LiquidType` ids of the WMO liquids (3.3.5 `LiquidType.dbc`).
const WMO_WATER: u32 = 13;
const WMO_OCEAN: u32 = 14;
const GREEN_LAVA: u32 = 15;
const WMO_MAGMA: u32 = 19;
const WMO_SLIME: u32 = 20;

/// The WMO liquid of basic type `x & 3` (0 water — ocean where the group
/// says so —, 1 ocean, 2 magma, 3 slime).
fn to_wmo_liquid(x: u32, ocean: bool) -> u32 {
    match x & 3 {
        0 if ocean => WMO_OCEAN,
        0 => WMO_WATER,
        1 => WMO_OCEAN,
        2 => WMO_MAGMA,
        _ => WMO_SLIME,
    }
}

/// The `LiquidType` id of a group's liquid as the client resolves it
/// (wowdev wiki "WMO", MLIQ; WebWowViewerCpp `WmoGroupObject::setLiquidType`):
/// with root flag 0x4 (`MOHD`: liquid types are table ids) a group liquid
/// `n` below 21 is the basic type `n − 1`, any other `n` the id itself;
/// without it Green Lava (15) defers to the tiles, `n` below 20 is the
/// basic type `n`, others `n + 1`. The basic type maps to WMO Water (13;
/// WMO Ocean, 14, with group flag 0x80000), WMO Ocean, WMO Magma (19) or
/// WMO Slime (20). Where the group defers (and, m2view's reading, where a
/// flag-0x4 root says 0), the first wet tile's low nibble is the basic type.
pub fn liquid_type(root_flags: u16, group_flags: u32, group_liquid: u32, tile_flags: &[u8]) -> u32 {
    let ocean = group_flags & 0x80000 != 0;
    let from_tiles = || {
        let nibble = tile_flags.iter().map(|t| t & 0xF).find(|&n| n != 0xF).unwrap_or(0);
        to_wmo_liquid(nibble as u32, ocean)
    };
    match (root_flags & 0x4 != 0, group_liquid) {
        (true, 0) | (false, GREEN_LAVA) => from_tiles(),
        (true, n) if n < 21 => to_wmo_liquid(n - 1, ocean),
        (true, n) => n,
        (false, n) if n < 20 => to_wmo_liquid(n, ocean),
        (false, n) => n.saturating_add(1),
    }
}

/// A portal (`MOPT` with its `MOPV` vertices).
#[derive(Debug, Clone, PartialEq)]
pub struct WmoPortal {
    /// Corner positions.
    pub vertices: Vec<[f32; 3]>,
    /// Plane normal and distance.
    pub plane: [f32; 4],
}

/// A placed doodad (`MODD`).
#[derive(Debug, Clone, PartialEq)]
pub struct Doodad {
    /// The model (`None`: its name offset or `MODI` slot is out of range).
    pub model: Option<FileRef>,
    /// Flags (0x1 accepts projected textures, 0x2 interior lit, …).
    pub flags: u8,
    /// Position in the WMO's space (model units, Z-up).
    pub position: [f32; 3],
    /// Orientation quaternion x, y, z, w.
    pub rotation: [f32; 4],
    /// Uniform scale.
    pub scale: f32,
    /// Colour, r g b a.
    pub color: [u8; 4],
}

/// A doodad set (`MODS`): placements `start..start + count` of [`Wmo::doodads`].
pub use raw::DoodadSet;
/// A light (`MOLT`).
pub use raw::Light as WmoLight;
/// A portal reference (`MOPR`).
pub use raw::PortalRef;
pub use raw::{Fog as WmoFog, FogLayer};

/// A WMO root with its groups, validated: every material, texture,
/// doodad, portal and group index it holds is in range.
#[derive(Debug, Clone, PartialEq)]
pub struct Wmo {
    /// `MVER` (14: the 0.5.x alpha, one file; 16: 0.6; 17: 1.x and later).
    pub version: u32,
    /// `MOHD` flags (0x2 skip base colour, 0x8 lighten interiors …).
    pub flags: u16,
    /// Ambient colour of interiors, r g b a.
    pub ambient: [u8; 4],
    /// `WMOAreaTable` id.
    pub wmo_id: u32,
    /// Bounding box (min, max), model units, Z-up.
    pub bounds: ([f32; 3], [f32; 3]),
    /// Textures the materials name, in `MOTX` order.
    pub textures: Vec<FileRef>,
    /// Materials.
    pub materials: Vec<WmoMaterial>,
    /// Groups in `MOGI` order.
    pub groups: Vec<WmoGroup>,
    /// Group names (`MOGN`) by byte offset.
    pub group_names: Vec<(u32, String)>,
    /// Group file FileDataIDs (`GFID`, 8.1+).
    pub group_ids: Vec<u32>,
    /// Skybox model (`MOSB`).
    pub skybox: Option<String>,
    /// Portals.
    pub portals: Vec<WmoPortal>,
    /// Portal references (group ↔ portal), as stored: one whose portal or
    /// group is out of range is warned about and must be passed over.
    pub portal_refs: Vec<PortalRef>,
    /// Lights.
    pub lights: Vec<WmoLight>,
    /// Doodad sets.
    pub doodad_sets: Vec<DoodadSet>,
    /// Distinct doodad models named (`MODN` names or `MODI` ids).
    pub doodad_names: usize,
    /// Doodad placements.
    pub doodads: Vec<Doodad>,
    /// Fogs (`MFOG`; [`Wmo::fog_at`] picks the one the eye is in).
    pub fogs: Vec<WmoFog>,
    /// Root chunk tags in file order.
    pub chunks: Vec<String>,
    /// Root chunks not decoded.
    pub unknown_chunks: Vec<String>,
    /// Problems read past (repairs, missing or broken group files).
    pub warnings: Vec<String>,
}

/// True if `bytes` are a WMO root or group file (`MVER` then `MOHD` or
/// `MOGP`; `MOMO` in the alpha's one-file v14).
pub fn is_wmo(bytes: &[u8]) -> bool {
    bytes.len() >= 20 && &bytes[..4] == b"REVM" && matches!(&bytes[12..16], b"DHOM" | b"PGOM" | b"OMOM")
}

/// True if `bytes` are a WMO group file (`MOGP` after `MVER`).
pub fn is_wmo_group(bytes: &[u8]) -> bool {
    is_wmo(bytes) && &bytes[12..16] == b"PGOM"
}

/// rgba from a stored b g r a colour.
fn rgba(c: [u8; 4]) -> [u8; 4] {
    [c[2], c[1], c[0], c[3]]
}

/// The group files of a root: `<stem>_NNN.wmo` beside it, or the `GFID` FileDataIDs.
pub fn group_file_names(stem: &str, groups: usize) -> Vec<String> {
    (0..groups).map(|i| format!("{stem}_{i:03}.wmo")).collect()
}

impl Wmo {
    /// Parses a root file. Its groups start without geometry; add each
    /// group file with [`Wmo::add_group`]. A v14 file (the alpha's) holds
    /// its groups: they are read here, a broken one a warning (`group 2
    /// not drawn: …`). `name` is used in errors.
    ///
    /// Errors: not a v14/v16/v17 root, a truncated chunk, the allocation
    /// budget; each naming the file, chunk and offset.
    pub fn parse_root(bytes: &[u8], name: &str) -> Result<Wmo> {
        let state = ParseState::for_file_len(bytes.len());
        let root = raw::Root::parse(&Reader::new(bytes, 0, &state)).map_err(|e| e.in_file(name))?;
        let mut wmo = Wmo::from_root(&root);
        wmo.warnings.extend(state.take_warnings().into_iter().map(|w| w.in_file(name).to_string()));
        // v14: the groups follow in the same file, one MOGP each, in MOGI order.
        for (i, mogp) in root.inline_groups.iter().enumerate() {
            let state = ParseState::for_file_len(mogp.data.len());
            let at = format!("{name}: MOGP {i}");
            let parsed = raw::Group::from_mogp(mogp, &state, 14).map_err(|e| e.in_file(&at));
            match parsed.and_then(|g| wmo.attach_group(i, g, &at)) {
                Ok(()) => wmo.warnings.extend(state.take_warnings().into_iter().map(|w| w.in_file(&at).to_string())),
                Err(e) => wmo.warnings.push(format!("group {i} not drawn: {e}")),
            }
        }
        if root.inline_groups.len() > wmo.groups.len() {
            let (n, m) = (root.inline_groups.len(), wmo.groups.len());
            wmo.warnings.push(format!("{name}: {n} MOGP chunks for {m} groups (MOGI): the rest not drawn"));
        }
        Ok(wmo)
    }

    fn from_root(root: &raw::Root<'_>) -> Wmo {
        let mut warnings = Vec::new();
        // Textures: every name of MOTX (by offset), else every FileDataID the materials use.
        let mut by_offset: BTreeMap<u32, usize> = BTreeMap::new();
        let mut textures = Vec::new();
        if let Some(block) = root.texture_names {
            for (off, name) in raw::strings(block) {
                by_offset.insert(off, textures.len());
                textures.push(FileRef::Path(name));
            }
        }
        let mut texture = |value: u32| -> Option<usize> {
            if root.texture_names.is_some() {
                return by_offset.get(&value).copied();
            }
            if value == 0 {
                return None;
            }
            Some(*by_offset.entry(value).or_insert_with(|| {
                textures.push(FileRef::FileDataId(value));
                textures.len() - 1
            }))
        };
        let materials = root
            .materials
            .iter()
            .map(|m| WmoMaterial {
                flags: m.flags,
                shader: m.shader,
                blend: m.blend_mode,
                textures: [texture(m.texture_1), texture(m.texture_2), texture(m.texture_3)],
                diffuse: rgba(m.diff_color),
                emissive: rgba(m.sidn_color),
            })
            .collect();
        let groups = root
            .group_info
            .iter()
            .map(|g| WmoGroup {
                name: u32::try_from(g.name_offset)
                    .ok()
                    .and_then(|o| raw::string_at(root.group_names, o))
                    .unwrap_or_default(),
                flags: g.flags,
                bounds: g.bounds,
                geometry: None,
            })
            .collect();
        let portals = root
            .portals
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let range = p.start_vertex as usize..p.start_vertex as usize + p.count as usize;
                let vertices = root.portal_vertices.get(range).map(<[_]>::to_vec).unwrap_or_else(|| {
                    warnings.push(format!("MOPT[{i}]: vertices {}+{} past MOPV", p.start_vertex, p.count));
                    Vec::new()
                });
                WmoPortal { vertices, plane: p.plane }
            })
            .collect();
        // Kept in place (groups reference them by index); those out of range are passed over by users.
        for r in &root.portal_refs {
            if (r.portal as usize) >= root.portals.len() || (r.group as usize) >= root.group_info.len() {
                warnings.push(format!("MOPR: portal {} / group {} out of range, ignored", r.portal, r.group));
            }
        }
        let portal_refs = root.portal_refs.clone();
        // Doodad models: MODI slots, else MODN names by offset.
        let doodad_names = match &root.doodad_ids {
            Some(ids) => ids.len(),
            None => raw::strings(root.doodad_names).len(),
        };
        let doodads = root
            .doodads
            .iter()
            .map(|d| Doodad {
                model: match &root.doodad_ids {
                    Some(ids) => ids.get(d.name_index as usize).map(|&id| FileRef::FileDataId(id)),
                    None => {
                        raw::string_at(root.doodad_names, d.name_index).filter(|s| !s.is_empty()).map(FileRef::Path)
                    }
                },
                flags: d.flags,
                position: d.position,
                rotation: d.rotation,
                scale: d.scale,
                color: rgba(d.color),
            })
            .collect();
        let total = root.doodads.len() as u64;
        let doodad_sets = root
            .doodad_sets
            .iter()
            .map(|s| {
                let mut s = s.clone();
                if s.start as u64 + s.count as u64 > total {
                    warnings.push(format!(
                        "MODS {:?}: placements {}+{} past MODD ({total}), cut",
                        s.name, s.start, s.count
                    ));
                    s.start = s.start.min(total as u32);
                    s.count = (total as u32) - s.start;
                }
                s
            })
            .collect();
        let h = &root.header;
        Wmo {
            version: root.version,
            flags: h.flags,
            ambient: rgba(h.ambient),
            wmo_id: h.wmo_id,
            bounds: h.bounds,
            textures,
            materials,
            groups,
            group_names: raw::strings(root.group_names),
            group_ids: root.group_ids.clone().unwrap_or_default(),
            skybox: root.skybox.clone(),
            portals,
            portal_refs,
            lights: root.lights.clone(),
            doodad_sets,
            doodad_names,
            doodads,
            fogs: root.fogs.clone(),
            chunks: root.chunks.clone(),
            unknown_chunks: root.unknown_chunks.clone(),
            warnings,
        }
    }

    /// Reads group file `index` from `bytes` (named `name` in errors) into
    /// [`WmoGroup::geometry`].
    ///
    /// Errors (the group stays without geometry): `index` past the root's
    /// groups, not a group file, a truncated chunk, an index, batch or
    /// material out of range — naming file, chunk and offset.
    pub fn add_group(&mut self, index: usize, bytes: &[u8], name: &str) -> Result<()> {
        let state = ParseState::for_file_len(bytes.len());
        let g = raw::Group::parse(&Reader::new(bytes, 0, &state)).map_err(|e| e.in_file(name))?;
        self.attach_group(index, g, name)?;
        self.warnings.extend(state.take_warnings().into_iter().map(|w| w.in_file(name).to_string()));
        Ok(())
    }

    /// Checks parsed group `g` (named `name` in errors and warnings) and
    /// makes it group `index`'s geometry.
    fn attach_group(&mut self, index: usize, g: raw::Group, name: &str) -> Result<()> {
        let count = self.groups.len();
        let materials = self.materials.len();
        let slot = self
            .groups
            .get_mut(index)
            .ok_or_else(|| Error::invalid(0, format!("group {index} of a root with {count}")).in_file(name))?;
        // The group file's own name offset (`MOGP`) wins: real roots disagree with it in `MOGI`.
        if let Some((_, n)) = self.group_names.iter().find(|(o, _)| *o == g.name_offset) {
            slot.name = n.clone();
        }
        let refs = self.portal_refs.len();
        let root_flags = self.flags;
        let mut geometry = group_geometry(g, materials, root_flags).map_err(|e| e.in_file(name))?;
        if geometry.portal_refs.end > refs {
            let r = &geometry.portal_refs;
            self.warnings.push(format!("{name}: MOGP portals {}+{} past MOPR ({refs}), cut", r.start, r.len()));
            geometry.portal_refs = r.start.min(refs)..refs;
        }
        slot.geometry = Some(geometry);
        Ok(())
    }

    /// The fog an eye at `eye` (WMO space) sees, as the client picks it
    /// (WebWowViewerCpp `Map::makeFramePlan`, `WmoObject::checkFog`): only
    /// an eye in the WMO — inside its bounds and a group's — has one, the
    /// last `MFOG` entry whose outer sphere holds the eye or whose flag
    /// 0x1 (infinite radius) is set. `None` elsewhere: outdoors the fog is
    /// the zone's, from the client's `Light` tables.
    pub fn fog_at(&self, eye: [f32; 3]) -> Option<&WmoFog> {
        let inside = |(lo, hi): ([f32; 3], [f32; 3])| (0..3).all(|a| lo[a] <= eye[a] && eye[a] <= hi[a]);
        if !inside(self.bounds) || !self.groups.iter().any(|g| g.geometry.is_some() && inside(g.bounds)) {
            return None;
        }
        self.fogs.iter().rev().find(|f| {
            let d = (0..3).map(|a| (f.position[a] - eye[a]).powi(2)).sum::<f32>().sqrt();
            f.flags & 0x1 != 0 || d < f.radii[1]
        })
    }

    /// Placements shown for doodad set `set`: set 0 (the client always
    /// shows it) and `set`, each placement once, in `MODD` order.
    pub fn doodads_of_set(&self, set: usize) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for s in [0, set] {
            if let Some(ds) = self.doodad_sets.get(s) {
                out.extend(ds.start as usize..(ds.start + ds.count) as usize);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Checks a parsed group against itself and the root's material count.
fn group_geometry(g: raw::Group, materials: usize, root_flags: u16) -> Result<GroupGeometry> {
    let n = g.positions.len();
    let per_vertex = |what: &'static str, len: usize| -> Result<()> {
        if len == n {
            Ok(())
        } else {
            Err(Error::invalid(0, format!("{len} entries for {n} vertices (MOVT)"))).at(what)
        }
    };
    per_vertex("MONR", g.normals.len())?;
    for uv in &g.uvs {
        per_vertex("MOTV", uv.len())?;
    }
    for c in &g.colors {
        per_vertex("MOCV", c.len())?;
    }
    if let Some((i, &v)) = g.indices.iter().enumerate().find(|(_, v)| **v as usize >= n) {
        return Err(Error::invalid(0, format!("vertex {v} of {n}"))).at_elem("MOVI", i);
    }
    for (i, b) in g.batches.iter().enumerate() {
        let end = b.start_index as u64 + b.count as u64;
        if end > g.indices.len() as u64 || !b.count.is_multiple_of(3) {
            let msg = format!("indices {}+{} of {} (MOVI)", b.start_index, b.count, g.indices.len());
            return Err(Error::invalid(0, msg)).at_elem("MOBA", i);
        }
        if b.material as usize >= materials {
            return Err(Error::invalid(0, format!("material {} of {materials} (MOMT)", b.material))).at_elem("MOBA", i);
        }
    }
    Ok(GroupGeometry {
        normals: g.normals,
        uvs: g.uvs,
        colors: g.colors.into_iter().map(|c| c.into_iter().map(rgba).collect()).collect(),
        indices: g.indices,
        batches: g.batches,
        collision_triangles: g.triangles.iter().filter(|t| t.1 == 0xFF).count(),
        light_refs: g.light_refs,
        doodad_refs: g.doodad_refs,
        portal_refs: g.portal_start as usize..g.portal_start as usize + g.portal_count as usize,
        liquid: g.liquid_surface.map(|l| {
            let liquid_type = liquid_type(root_flags, g.flags, g.liquid, &l.tile_flags);
            WmoLiquid {
                liquid_type,
                kind: LiquidKind::of_type(u16::try_from(liquid_type).unwrap_or(0)),
                material: l.material,
                corner: l.corner,
                vertices: [l.vertices[0] as usize, l.vertices[1] as usize],
                tiles: [l.tiles[0] as usize, l.tiles[1] as usize],
                heights: l.heights,
                cells: l.tile_flags.iter().map(|t| t & 0xF != 0xF).collect(),
            }
        }),
        batch_kinds: [g.trans_batches, g.int_batches, g.ext_batches],
        chunks: g.chunks,
        positions: g.positions,
    })
}

/// `EGxBlend` → the M2 blend mode drawn the same way (wowdev wiki
/// "Rendering", EGxBlend; M2 blend modes map 3 → 10, 4 → 3, 5 → 4, 6 → 5, 7 → 13).
pub fn blend_mode(egx: u32) -> BlendMode {
    match egx {
        0 => BlendMode::Opaque,
        1 => BlendMode::AlphaKey,
        3 => BlendMode::Add,
        4 => BlendMode::Mod,
        5 => BlendMode::Mod2x,
        10 => BlendMode::NoAlphaAdd,
        13 => BlendMode::BlendAdd,
        _ => BlendMode::Alpha,
    }
}

mod convert;
