//! What `info` shows of an ADT map tile (wowdev wiki "ADT/v18"): its
//! terrain chunks (layers, holes, areas), the textures they name, the
//! models and WMOs placed on it with how many are found, and water.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use m2view_format::LoadedModel;
use serde::Serialize;

/// The map tile section of `info`.
#[derive(Debug, Serialize)]
pub struct TileInfo {
    /// `MVER` (18).
    pub version: u32,
    /// Terrain chunks (`MCNK`, 256 in a whole tile).
    pub chunks: usize,
    /// Chunks with 0, 1, 2, 3 and 4 texture layers.
    pub layers: [usize; 5],
    /// Chunks with holes.
    pub chunks_with_holes: usize,
    /// Chunks with vertex colours (`MCCV`).
    pub chunks_with_vertex_colors: usize,
    /// Chunks with a shadow map (`MCSH`).
    pub chunks_with_shadow: usize,
    /// The split files read with the root (`_tex0`, `_obj0`; empty: a monolithic tile).
    pub split_files: Vec<String>,
    /// Distinct `AreaTable` ids.
    pub areas: Vec<u32>,
    /// Terrain textures (`MTEX` names; `fdid:N` for `MDID` FileDataIDs).
    pub textures: Vec<String>,
    /// Models placed (`MDDF`).
    pub doodads: usize,
    /// Distinct model names placed.
    pub doodad_models: usize,
    /// WMOs placed (`MODF`): name (or `fdid:N`), doodad set.
    pub wmos: Vec<(String, u16)>,
    /// Liquids (`MH2O`, or `MCLQ` before 3.0): kind (`water`, `ocean`,
    /// `magma`, `slime`), `LiquidType` id and how many surfaces, cells.
    pub liquids: Vec<LiquidInfo>,
    /// The map's WDT found beside the tile (`null`: none).
    pub map: Option<MapInfo>,
}

/// A map's WDT (wowdev wiki "WDT").
#[derive(Debug, Serialize)]
pub struct MapInfo {
    /// Its file name.
    pub file: String,
    /// `MPHD` flags, and their names.
    pub flags: u32,
    /// Names of the flags set.
    pub flag_names: Vec<String>,
    /// Whether its tiles' uncompressed alpha maps are 8-bit.
    pub big_alpha: bool,
    /// How many tiles exist (`MAIN`).
    pub tile_count: usize,
    /// The tiles that exist, `[x, y]`.
    pub tiles: Vec<[u8; 2]>,
    /// The world object a WMO-only map is (`MWMO`).
    pub global_wmo: Option<String>,
}

/// What `info` shows of the WDT `w` named `file`.
pub fn map_info(file: &str, w: &m2view_format::adt::Wdt) -> MapInfo {
    MapInfo {
        file: file.to_string(),
        flags: w.flags,
        flag_names: w.flag_names(),
        big_alpha: w.big_alpha(),
        tile_count: w.tiles.len(),
        tiles: w.tiles.clone(),
        global_wmo: w.global_wmo.clone(),
    }
}

/// Appends the text form of `m` to `s`: its flags, tile count and the
/// tiles' extent.
pub fn map_text(s: &mut String, m: &MapInfo) {
    let names = if m.flag_names.is_empty() { "none".to_string() } else { m.flag_names.join(", ") };
    let _ = writeln!(s, "map {} (WDT): flags {:#x} ({names}); {} tiles", m.file, m.flags, m.tile_count);
    if let Some(w) = &m.global_wmo {
        let _ = writeln!(s, "  world object: {w}");
    }
    let (xs, ys) = (m.tiles.iter().map(|t| t[0]), m.tiles.iter().map(|t| t[1]));
    if let (Some(x0), Some(x1), Some(y0), Some(y1)) = (xs.clone().min(), xs.max(), ys.clone().min(), ys.max()) {
        let _ = writeln!(s, "  tiles from x {x0} to {x1}, y {y0} to {y1} (Map_x_y.adt)");
    }
}

/// Liquids of one `LiquidType` on a tile.
#[derive(Debug, Serialize)]
pub struct LiquidInfo {
    /// `water`, `ocean`, `magma` or `slime`.
    pub kind: &'static str,
    /// `LiquidType` id (for `MCLQ`: 1–4 by kind).
    pub liquid_type: u16,
    /// Surfaces (one per chunk and layer).
    pub surfaces: usize,
    /// Cells (1/64 of a chunk) that hold it.
    pub cells: usize,
    /// Its texture as found ([`liquid_texture`]; `None`: drawn in its
    /// kind's flat colour).
    pub texture: Option<LiquidTexture>,
}

/// The texture a liquid type is drawn with.
#[derive(Debug, Serialize)]
pub struct LiquidTexture {
    /// Its first frame's file, as found.
    pub file: String,
    /// Its animation frames found (they cycle every 60 ms).
    pub frames: usize,
}

/// The texture `lm`'s liquids of `LiquidType` `liquid_type` are drawn
/// with, as the tables or the client's hard-coded paths name it and as
/// found (`None`: not found, or no such liquid drawn).
pub fn liquid_texture(lm: &LoadedModel, liquid_type: u32) -> Option<LiquidTexture> {
    let slot = lm.model.liquids.iter().find(|s| s.liquid_type == liquid_type)?;
    let file = lm.texture_files.get(slot.texture.index())?.as_ref()?.display().to_string();
    let flipbook = lm.model.flipbooks.iter().find(|f| f.frames.first() == Some(&slot.texture));
    Some(LiquidTexture { file, frames: flipbook.map_or(1, |f| f.frames.len()) })
}

/// `, texture PATH (N frames)` or `, flat colour`: how a liquid is drawn, for the text form.
pub(crate) fn liquid_look(texture: &Option<LiquidTexture>) -> String {
    match texture {
        Some(t) if t.frames > 1 => format!(", texture {} ({} frames)", t.file, t.frames),
        Some(t) => format!(", texture {}", t.file),
        None => ", flat colour".to_string(),
    }
}

/// The map tile section of `lm` (`None`: not a tile).
pub fn tile_info(lm: &LoadedModel) -> Option<TileInfo> {
    let a = lm.adt.as_deref()?;
    let mut layers = [0; 5];
    for c in &a.chunks {
        layers[c.layers.len().min(4)] += 1;
    }
    let models: BTreeSet<_> = a.doodads.iter().filter_map(|d| d.model.as_ref()).collect();
    Some(TileInfo {
        version: a.version,
        chunks: a.chunks.len(),
        layers,
        chunks_with_holes: a.chunks.iter().filter(|c| c.holes != 0).count(),
        chunks_with_vertex_colors: a.chunks.iter().filter(|c| c.vertex_colors.is_some()).count(),
        chunks_with_shadow: a.chunks.iter().filter(|c| c.shadow.is_some()).count(),
        split_files: a.split_files.clone(),
        areas: a.chunks.iter().map(|c| c.area_id).collect::<BTreeSet<_>>().into_iter().collect(),
        textures: a.textures.iter().map(ToString::to_string).collect(),
        doodads: a.doodads.len(),
        doodad_models: models.len(),
        wmos: a
            .objects
            .iter()
            .map(|o| (o.wmo.as_ref().map(ToString::to_string).unwrap_or_default(), o.doodad_set))
            .collect(),
        liquids: liquids(lm, a),
        map: lm.wdt.as_ref().map(|(file, w)| map_info(file, w)),
    })
}

fn liquids(lm: &LoadedModel, a: &m2view_format::adt::Adt) -> Vec<LiquidInfo> {
    let mut out: Vec<LiquidInfo> = Vec::new();
    for l in &a.liquids {
        let cells = l.cells.iter().filter(|&&c| c).count();
        match out.iter_mut().find(|i| i.liquid_type == l.liquid_type) {
            Some(i) => (i.surfaces, i.cells) = (i.surfaces + 1, i.cells + cells),
            None => out.push(LiquidInfo {
                kind: l.kind.name(),
                liquid_type: l.liquid_type,
                surfaces: 1,
                cells,
                texture: liquid_texture(lm, u32::from(l.liquid_type)),
            }),
        }
    }
    out
}

/// Appends the text form of `t` to `s`.
pub fn text(s: &mut String, t: &TileInfo) {
    let _ = writeln!(s, "map tile (ADT v{}): {} chunks", t.version, t.chunks);
    if !t.split_files.is_empty() {
        let _ = writeln!(s, "  split tile, read with {}", t.split_files.join(", "));
    }
    let _ = writeln!(s, "  chunks with 0..4 layers: {:?}; with holes: {}", t.layers, t.chunks_with_holes);
    let _ = writeln!(
        s,
        "  chunks with vertex colours (MCCV): {}; with shadow maps (MCSH): {}",
        t.chunks_with_vertex_colors, t.chunks_with_shadow
    );
    let _ = writeln!(s, "  areas: {:?}", t.areas);
    let _ = writeln!(s, "  placed: {} models ({} distinct), {} WMOs", t.doodads, t.doodad_models, t.wmos.len());
    for (name, set) in &t.wmos {
        let _ = writeln!(s, "    {name} (doodad set {set})");
    }
    for l in &t.liquids {
        let _ = writeln!(
            s,
            "  liquid: {} (LiquidType {}): {} surfaces, {} cells{}",
            l.kind,
            l.liquid_type,
            l.surfaces,
            l.cells,
            liquid_look(&l.texture)
        );
    }
    if let Some(m) = &t.map {
        let _ = write!(s, "  ");
        map_text(s, m);
    }
}
