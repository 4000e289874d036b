//! `info`'s part for the 8.2+ chunks `WFV1`–`WFV3`, `EDGF`, `NERF`,
//! `DETL`, `DBOC`, `AFRA` and `PFDC` ([`m2view_format::ChunkData`]): their
//! values, the batches flagged for edge fade, and the bytes of the chunks no
//! public source describes.

use std::fmt::Write as _;

use m2view_format::Model;
use serde::Serialize;

/// The `chunk_data` object of `info --json` (absent when the model has none of these chunks).
#[derive(Debug, Serialize)]
pub struct ChunkDataInfo {
    /// `WFV1`/`WFV2`/`WFV3`: the waterfall render path's parameters.
    pub waterfall: Option<WaterfallInfo>,
    /// `EDGF` records.
    pub edge_fades: Vec<EdgeFadeInfo>,
    /// Batches of the first skin profile flagged for edge fade (`flags2 & 0x8`), by index.
    pub edge_fade_batches: Vec<usize>,
    /// `NERF` coefficients `[x, y]`: the instance's alpha is multiplied by
    /// `(x − r²) / (x − y)`, clamped to 0..1.
    pub distance_fade: Option<[f32; 2]>,
    /// `DETL`, one per light.
    pub light_details: Vec<LightDetailInfo>,
    /// Chunks kept as bytes (`DBOC`, `AFRA`, `PFDC`).
    pub kept: Vec<KeptInfo>,
}

/// A waterfall's parameters.
#[derive(Debug, Serialize)]
pub struct WaterfallInfo {
    /// 1, 2 or 3 (`WFV1` and `WFV2` take WebWowViewerCpp's defaults).
    pub version: u8,
    /// Displacement along the normal by the bump texture, model units.
    pub bump_scale: f32,
    /// `values0`–`values4` (x, y, z, w) of the fragment shader.
    pub values: [[f32; 4]; 5],
    /// RGBA 0–255.
    pub base_color: [u8; 4],
    /// Flags (hex).
    pub flags: String,
    /// The u16 after the flags.
    pub unk0: u16,
    /// The four unknown floats at the end of `WFV3`.
    pub unknown: [f32; 4],
}

/// One `EDGF` record.
#[derive(Debug, Serialize)]
pub struct EdgeFadeInfo {
    /// The floats at 0x00 and 0x04.
    pub pair: [f32; 2],
    /// The float at 0x08.
    pub value: f32,
    /// The 12 bytes at 0x0C (hex).
    pub rest: String,
}

/// One `DETL` record.
#[derive(Debug, Serialize)]
pub struct LightDetailInfo {
    /// Flags (hex).
    pub flags: String,
    /// Scale of the light's shadow render-target matrix.
    pub shadow_scale: f32,
    /// Multiplier of the light's diffuse colour (applied by m2view).
    pub diffuse_multiplier: f32,
    /// The u16 at 0x06.
    pub unk0: u16,
    /// The u32 at 0x08.
    pub unk1: u32,
}

/// A chunk kept as bytes.
#[derive(Debug, Serialize)]
pub struct KeptInfo {
    /// Its magic.
    pub magic: String,
    /// Absolute offset of its payload.
    pub offset: u64,
    /// Its length in bytes.
    pub size: usize,
    /// `PFDC`: the version of its inline `PHYS` chunk.
    pub phys_version: Option<u16>,
    /// The payload (hex), its first 256 bytes.
    pub hex: String,
}

fn hex(b: &[u8]) -> String {
    b.iter().take(256).map(|x| format!("{x:02x}")).collect()
}

/// The report of `m` (`None`: it has none of these chunks).
pub fn chunk_data(m: &Model) -> Option<ChunkDataInfo> {
    let c = &m.chunk_data;
    if c.is_empty() && !m.lods.first().is_some_and(|l| l.batches.iter().any(edge_fade)) {
        return None;
    }
    Some(ChunkDataInfo {
        waterfall: c.waterfall.map(|w| WaterfallInfo {
            version: w.version,
            bump_scale: w.bump_scale,
            values: w.values,
            base_color: w.base_color,
            flags: format!("{:#x}", w.flags),
            unk0: w.unk0,
            unknown: w.unknown,
        }),
        edge_fades: c
            .edge_fades
            .iter()
            .map(|e| EdgeFadeInfo { pair: e.pair, value: e.value, rest: hex(&e.rest) })
            .collect(),
        edge_fade_batches: m.lods.first().map_or_else(Vec::new, |l| {
            l.batches.iter().enumerate().filter(|(_, b)| edge_fade(b)).map(|(i, _)| i).collect()
        }),
        distance_fade: c.distance_fade,
        light_details: c
            .light_details
            .iter()
            .map(|d| LightDetailInfo {
                flags: format!("{:#x}", d.flags),
                shadow_scale: d.shadow_scale,
                diffuse_multiplier: d.diffuse_multiplier,
                unk0: d.unk0,
                unk1: d.unk1,
            })
            .collect(),
        kept: c
            .kept
            .iter()
            .map(|k| KeptInfo {
                magic: k.magic.clone(),
                offset: k.offset,
                size: k.data.len(),
                phys_version: k.phys_version,
                hex: hex(&k.data),
            })
            .collect(),
    })
}

fn edge_fade(b: &m2view_format::Batch) -> bool {
    b.flags2.contains(m2view_format::BatchFlags2::EDGE_FADE)
}

/// The text lines of `c` (none without it).
pub fn text(s: &mut String, c: Option<&ChunkDataInfo>) {
    let Some(c) = c else { return };
    if let Some(w) = &c.waterfall {
        let _ = writeln!(
            s,
            "  waterfall (WFV{}): bump scale {}, base colour rgba{:?}, flags {}, values {:?}",
            w.version, w.bump_scale, w.base_color, w.flags, w.values
        );
    }
    if !c.edge_fades.is_empty() || !c.edge_fade_batches.is_empty() {
        let _ = writeln!(
            s,
            "  edge fade (EDGF): {} record(s) {:?}; batches flagged {:?} (read, not drawn: no public source gives its formula)",
            c.edge_fades.len(),
            c.edge_fades.iter().map(|e| (e.pair, e.value)).collect::<Vec<_>>(),
            c.edge_fade_batches
        );
    }
    if let Some([x, y]) = c.distance_fade {
        let _ = writeln!(s, "  distance fade (NERF): coefficients {x}, {y}: alpha × clamp(({x} − r²) / ({x} − {y}))");
    }
    for (i, d) in c.light_details.iter().enumerate() {
        let _ = writeln!(
            s,
            "  light {i} details (DETL): diffuse × {}, shadow scale {}, flags {}",
            d.diffuse_multiplier, d.shadow_scale, d.flags
        );
    }
    for k in &c.kept {
        let phys = k.phys_version.map_or(String::new(), |v| format!(", inline PHYS version {v} (physics not read)"));
        let _ = writeln!(s, "  {} kept as bytes: {} at {:#x}{phys}", k.magic, k.size, k.offset);
    }
}
