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
    /// Distinct `AreaTable` ids.
    pub areas: Vec<u32>,
    /// Terrain textures (`MTEX`).
    pub textures: Vec<String>,
    /// Models placed (`MDDF`).
    pub doodads: usize,
    /// Distinct model names placed.
    pub doodad_models: usize,
    /// WMOs placed (`MODF`): name, doodad set.
    pub wmos: Vec<(String, u16)>,
    /// Liquids (`MH2O`, or `MCLQ` before 3.0): kind (`water`, `ocean`,
    /// `magma`, `slime`), `LiquidType` id and how many surfaces, cells.
    pub liquids: Vec<LiquidInfo>,
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
}

/// The map tile section of `lm` (`None`: not a tile).
pub fn tile_info(lm: &LoadedModel) -> Option<TileInfo> {
    let a = lm.adt.as_deref()?;
    let mut layers = [0; 5];
    for c in &a.chunks {
        layers[c.layers.len().min(4)] += 1;
    }
    let models: BTreeSet<&str> = a.doodads.iter().filter_map(|d| d.model.as_deref()).collect();
    Some(TileInfo {
        version: a.version,
        chunks: a.chunks.len(),
        layers,
        chunks_with_holes: a.chunks.iter().filter(|c| c.holes != 0).count(),
        areas: a.chunks.iter().map(|c| c.area_id).collect::<BTreeSet<_>>().into_iter().collect(),
        textures: a.textures.clone(),
        doodads: a.doodads.len(),
        doodad_models: models.len(),
        wmos: a.objects.iter().map(|o| (o.wmo.clone().unwrap_or_default(), o.doodad_set)).collect(),
        liquids: liquids(a),
    })
}

fn liquids(a: &m2view_format::adt::Adt) -> Vec<LiquidInfo> {
    let mut out: Vec<LiquidInfo> = Vec::new();
    for l in &a.liquids {
        let cells = l.cells.iter().filter(|&&c| c).count();
        match out.iter_mut().find(|i| i.liquid_type == l.liquid_type) {
            Some(i) => (i.surfaces, i.cells) = (i.surfaces + 1, i.cells + cells),
            None => out.push(LiquidInfo { kind: l.kind.name(), liquid_type: l.liquid_type, surfaces: 1, cells }),
        }
    }
    out
}

/// Appends the text form of `t` to `s`.
pub fn text(s: &mut String, t: &TileInfo) {
    let _ = writeln!(s, "map tile (ADT v{}): {} chunks", t.version, t.chunks);
    let _ = writeln!(s, "  chunks with 0..4 layers: {:?}; with holes: {}", t.layers, t.chunks_with_holes);
    let _ = writeln!(s, "  areas: {:?}", t.areas);
    let _ = writeln!(s, "  placed: {} models ({} distinct), {} WMOs", t.doodads, t.doodad_models, t.wmos.len());
    for (name, set) in &t.wmos {
        let _ = writeln!(s, "    {name} (doodad set {set})");
    }
    for l in &t.liquids {
        let _ = writeln!(
            s,
            "  liquid: {} (LiquidType {}): {} surfaces, {} cells",
            l.kind, l.liquid_type, l.surfaces, l.cells
        );
    }
}
