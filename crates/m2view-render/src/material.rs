//! The one table from M2 materials to GPU state, and shader selection.
//!
//! - [`blend_state_index`] / [`BLEND_STATES`]: `M2Material.blending_mode` →
//!   the client's blend state (wowdev wiki "M2/Rendering"–1.2).
//! - [`DrawPhase`]: opaque/alpha-key first, transparent sorted after.
//! - [`select_shaders`]: vertex + pixel combiner ids from `shader_id` and the
//!   texture count (Cata+ rules, §3.1), with the pre-Cata recomputation (§3.4)
//!   for files older than Cataclysm, whose stored `shader_id` is not meaningful.

use m2view_format::{Batch, BlendMode, MaterialFlags as mf, Model, UvSource};

/// A client blend state (wowdev wiki "M2/Rendering"): `(src, dst)` colour and alpha factors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlendState {
    /// State name.
    pub name: &'static str,
    /// `None` = blending disabled.
    pub factors: Option<[wgpu::BlendFactor; 4]>,
}

use wgpu::BlendFactor as F;

/// The 14 client blend states, by index.
pub const BLEND_STATES: [BlendState; 14] = [
    BlendState { name: "Opaque", factors: None },
    BlendState { name: "AlphaKey", factors: None },
    BlendState { name: "Alpha", factors: Some([F::SrcAlpha, F::OneMinusSrcAlpha, F::One, F::OneMinusSrcAlpha]) },
    BlendState { name: "Add", factors: Some([F::SrcAlpha, F::One, F::Zero, F::One]) },
    BlendState { name: "Mod", factors: Some([F::Dst, F::Zero, F::DstAlpha, F::Zero]) },
    BlendState { name: "Mod2x", factors: Some([F::Dst, F::Src, F::DstAlpha, F::SrcAlpha]) },
    BlendState { name: "ModAdd", factors: Some([F::Dst, F::One, F::DstAlpha, F::One]) },
    BlendState { name: "InvSrcAlphaAdd", factors: Some([F::OneMinusSrcAlpha, F::One, F::OneMinusSrcAlpha, F::One]) },
    BlendState {
        name: "InvSrcAlphaOpaque",
        factors: Some([F::OneMinusSrcAlpha, F::Zero, F::OneMinusSrcAlpha, F::Zero]),
    },
    BlendState { name: "SrcAlphaOpaque", factors: Some([F::SrcAlpha, F::Zero, F::SrcAlpha, F::Zero]) },
    BlendState { name: "NoAlphaAdd", factors: Some([F::One, F::One, F::Zero, F::One]) },
    BlendState {
        name: "ConstantAlpha",
        factors: Some([F::Constant, F::OneMinusConstant, F::Constant, F::OneMinusConstant]),
    },
    BlendState { name: "Screen", factors: Some([F::OneMinusDst, F::One, F::One, F::Zero]) },
    BlendState { name: "BlendAdd", factors: Some([F::One, F::OneMinusSrcAlpha, F::One, F::OneMinusSrcAlpha]) },
];

/// Index into [`BLEND_STATES`] for a file blend mode (Wrath table `{0,1,2,10,3,4,5}` + 7 → 13).
pub fn blend_state_index(b: BlendMode) -> u32 {
    match b {
        BlendMode::Opaque => 0,
        BlendMode::AlphaKey => 1,
        BlendMode::Alpha => 2,
        BlendMode::NoAlphaAdd => 10,
        BlendMode::Add => 3,
        BlendMode::Mod => 4,
        BlendMode::Mod2x => 5,
        BlendMode::BlendAdd => 13,
    }
}

/// The wgpu blend state of a client blend state index.
pub fn wgpu_blend(index: u32) -> Option<wgpu::BlendState> {
    let f = BLEND_STATES.get(index as usize)?.factors?;
    Some(wgpu::BlendState {
        color: wgpu::BlendComponent { src_factor: f[0], dst_factor: f[1], operation: wgpu::BlendOperation::Add },
        alpha: wgpu::BlendComponent { src_factor: f[2], dst_factor: f[3], operation: wgpu::BlendOperation::Add },
    })
}

/// Where a draw goes in the frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DrawPhase {
    /// Opaque and alpha-key batches (any order, depth write on).
    Opaque,
    /// Blended batches, sorted back to front.
    Transparent,
}

/// Pipeline-relevant state of one batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PipelineKey {
    /// Client blend state index.
    pub blend: u32,
    /// Cull back faces.
    pub cull: bool,
    /// Depth test.
    pub depth_test: bool,
    /// Depth write.
    pub depth_write: bool,
    /// The shader variant of instanced groups: colours, weights and texture
    /// matrices come from the animation pass's values (m2.wgsl `GROUP`),
    /// not from the batch uniform. A pipeline constant, so the single-copy
    /// variant carries none of that code (software rasterisers run both
    /// sides of a per-vertex branch).
    pub group: bool,
    /// The waterfall render path (shaders/waterfall.wgsl's entry points).
    pub waterfall: bool,
}

/// GPU state of a material (wowdev wiki "M2/Rendering"): flags 0x4 two-sided, 0x8 no
/// depth test, 0x10 no depth write; blended states never write depth.
/// `force_transparent`: an opaque/alpha-key batch whose mesh alpha is < 1 is
/// drawn with the Alpha state (WebWowViewerCpp's forced-transparent variant).
pub fn pipeline_key(flags: mf, blend: BlendMode, force_transparent: bool) -> (PipelineKey, DrawPhase) {
    let mut idx = blend_state_index(blend);
    if force_transparent && idx <= 1 {
        idx = 2;
    }
    let phase = if idx <= 1 { DrawPhase::Opaque } else { DrawPhase::Transparent };
    let key = PipelineKey {
        blend: idx,
        cull: !flags.contains(mf::TWO_SIDED),
        depth_test: !flags.contains(mf::NO_DEPTH_TEST),
        depth_write: !flags.contains(mf::NO_DEPTH_WRITE) && idx <= 1,
        group: false,
        waterfall: false,
    };
    (key, phase)
}

/// The state of the waterfall draw: alpha blended, two-sided, depth tested
/// but not written, sorted with the transparent batches (WebWowViewerCpp
/// `createWaterfallMesh`'s pipeline template).
pub fn waterfall_key() -> (PipelineKey, DrawPhase) {
    let key = PipelineKey {
        blend: blend_state_index(BlendMode::Alpha),
        cull: false,
        depth_test: true,
        depth_write: false,
        group: false,
        waterfall: true,
    };
    (key, DrawPhase::Transparent)
}

/// Vertex-shader ids (WebWowViewerCpp `M2VertexShader`); each constant is the shader's name.
#[allow(missing_docs)]
pub mod vs {
    pub const DIFFUSE_T1: u32 = 0;
    pub const DIFFUSE_ENV: u32 = 1;
    pub const DIFFUSE_T1_T2: u32 = 2;
    pub const DIFFUSE_T1_ENV: u32 = 3;
    pub const DIFFUSE_ENV_T1: u32 = 4;
    pub const DIFFUSE_ENV_ENV: u32 = 5;
    pub const DIFFUSE_T1_ENV_T1: u32 = 6;
    pub const DIFFUSE_T1_T1: u32 = 7;
    pub const DIFFUSE_T2: u32 = 10;
    pub const DIFFUSE_ENV_T2: u32 = 11;
    /// The waterfall render path's displacement (shaders/waterfall.wgsl).
    pub const WATERFALL: u32 = 20;
}

/// Pixel-shader ids as in shaders/m2.wgsl (WebWowViewerCpp's enum; Wrath-only at 40+);
/// each constant is the combiner's name.
#[allow(missing_docs)]
pub mod ps {
    pub const OPAQUE: u32 = 0;
    pub const MOD: u32 = 1;
    pub const OPAQUE_MOD: u32 = 2;
    pub const OPAQUE_MOD2X: u32 = 3;
    pub const OPAQUE_MOD2XNA: u32 = 4;
    pub const OPAQUE_OPAQUE: u32 = 5;
    pub const MOD_MOD: u32 = 6;
    pub const MOD_MOD2X: u32 = 7;
    pub const MOD_ADD: u32 = 8;
    pub const MOD_MOD2XNA: u32 = 9;
    pub const MOD_ADDNA: u32 = 10;
    pub const MOD_OPAQUE: u32 = 11;
    pub const OPAQUE_MOD2XNA_ALPHA: u32 = 12;
    pub const OPAQUE_ADDALPHA: u32 = 13;
    pub const OPAQUE_ADDALPHA_ALPHA: u32 = 14;
    pub const DECAL: u32 = 40;
    pub const ADD: u32 = 41;
    pub const MOD2X: u32 = 42;
    pub const FADE: u32 = 43;
    pub const OPAQUE_ADD: u32 = 44;
    pub const OPAQUE_ADDNA: u32 = 45;
    pub const ADD_MOD: u32 = 46;
    pub const MOD2X_MOD2X: u32 = 47;
    /// Warcraft III Reforged `Shader_HD_DefaultUnit` (m2view's id): diffuse,
    /// normal map, ORM, emissive and team colour stages, lit in `m2.wgsl`'s
    /// `hd_shade` (mdx-m3-viewer `hd.frag`).
    pub const HD: u32 = 50;
    /// The waterfall render path (shaders/waterfall.wgsl).
    pub const WATERFALL: u32 = 51;
    /// Not drawn (merged into another batch).
    pub const NONE: u32 = u32::MAX;
}

/// `M2ShaderTable` (wowdev wiki "M2/Rendering"): (pixel, vertex) for `shader_id & 0x7FFF`.
const SHADER_TABLE: [(u32, u32); 36] = [
    (12, 3),
    (13, 3),
    (14, 3),
    (15, 6),
    (16, 3),
    (13, 7),
    (16, 7),
    (17, 3),
    (18, 3),
    (19, 6),
    (20, 7),
    (21, 3),
    (22, 3),
    (23, 3),
    (23, 7),
    (20, 2),
    (24, 3),
    (25, 6),
    (26, 0),
    (33, 9),
    (27, 11),
    (6, 12),
    (28, 2),
    (29, 7),
    (25, 11),
    (33, 13),
    (30, 14),
    (31, 2),
    (32, 14),
    (34, 7),
    (35, 15),
    (35, 16),
    (0, 0),
    (7, 12),
    (1, 9),
    (36, 12),
];

/// Cata+ selection from a stored `shader_id` (wowdev wiki "M2/Rendering"): `(pixel, vertex)`.
pub fn cata_shaders(shader_id: u16, texture_count: usize) -> (u32, u32) {
    if shader_id & 0x8000 != 0 {
        return SHADER_TABLE.get((shader_id & 0x7FFF) as usize).copied().unwrap_or((ps::OPAQUE, vs::DIFFUSE_T1));
    }
    if texture_count <= 1 {
        let vertex = if shader_id & 0x80 != 0 {
            vs::DIFFUSE_ENV
        } else if shader_id & 0x4000 != 0 {
            vs::DIFFUSE_T2
        } else {
            vs::DIFFUSE_T1
        };
        return (if shader_id & 0x70 != 0 { ps::MOD } else { ps::OPAQUE }, vertex);
    }
    let lower = shader_id & 7;
    let pixel = if shader_id & 0x70 != 0 {
        match lower {
            0 => ps::MOD_OPAQUE,
            3 => ps::MOD_ADD,
            4 => ps::MOD_MOD2X,
            6 => ps::MOD_MOD2XNA,
            7 => ps::MOD_ADDNA,
            _ => ps::MOD_MOD,
        }
    } else {
        match lower {
            0 => ps::OPAQUE_OPAQUE,
            3 | 7 => ps::OPAQUE_ADDALPHA,
            4 => ps::OPAQUE_MOD2X,
            6 => ps::OPAQUE_MOD2XNA,
            _ => ps::OPAQUE_MOD,
        }
    };
    let vertex = if shader_id & 0x80 != 0 {
        if shader_id & 0x8 != 0 { vs::DIFFUSE_ENV_ENV } else { vs::DIFFUSE_ENV_T1 }
    } else if shader_id & 0x8 != 0 {
        vs::DIFFUSE_T1_ENV
    } else if shader_id & 0x4000 != 0 {
        vs::DIFFUSE_T1_T2
    } else {
        vs::DIFFUSE_T1_T1
    };
    (pixel, vertex)
}

/// The shader id a pre-Cata client computes at load (wowdev wiki "M2/Rendering",
/// noggit3 `fix_shader_id_blend_override`), without the layer merging pass.
pub fn wrath_shader_id(model: &Model, batch: &Batch) -> u16 {
    let blend = model.materials.get(batch.material as usize).map_or(BlendMode::Opaque, |m| m.blend);
    let uv = |k: usize| batch.textures.get(k).map_or(UvSource::Uv0, |t| t.uv);
    match &model.texture_combiner_combos {
        None => {
            let mut s: u16 = 0;
            if blend != BlendMode::Opaque {
                s = 1;
                if uv(0) == UvSource::Env {
                    s |= 0x8;
                }
            }
            s <<= 4;
            if uv(0) == UvSource::Uv1 {
                s |= 0x4000;
            }
            s
        }
        Some(combos) => {
            let n = batch.textures.len();
            let mut v = [0u16; 2];
            let mut s = 0u16;
            for (i, slot) in v.iter_mut().enumerate().take(n.min(2)) {
                let mut ob = combos.get(batch.shader_id as usize + i).copied().unwrap_or(0);
                if i == 0 && blend == BlendMode::Opaque {
                    ob = 0;
                }
                *slot = ob | if uv(i) == UvSource::Env { 0x8 } else { 0 };
                if uv(i) == UvSource::Uv1 && i + 1 == n {
                    s |= 0x4000;
                }
            }
            s | v[1] | (v[0] << 4)
        }
    }
}

/// Pre-Cata pixel/vertex selection from a recomputed shader id (§3.4).
pub fn wrath_shaders(shader_id: u16, texture_count: usize, first_uv: UvSource) -> (u32, u32) {
    let m1 = (shader_id >> 4) & 7;
    let m2 = shader_id & 7;
    if shader_id & 0x8000 != 0 {
        return match shader_id & 0x7FFF {
            1 => (ps::OPAQUE_MOD2XNA_ALPHA, vs::DIFFUSE_T1_ENV),
            2 => (ps::OPAQUE_ADDALPHA, vs::DIFFUSE_T1_ENV),
            3 => (ps::OPAQUE_ADDALPHA_ALPHA, vs::DIFFUSE_T1_ENV),
            _ => (ps::NONE, vs::DIFFUSE_T1),
        };
    }
    if texture_count <= 1 {
        let pixel = match m1 {
            0 => ps::OPAQUE,
            2 => ps::DECAL,
            3 => ps::ADD,
            4 => ps::MOD2X,
            5 => ps::FADE,
            _ => ps::MOD,
        };
        let vertex = if (shader_id >> 4) & 8 != 0 {
            vs::DIFFUSE_ENV
        } else if first_uv == UvSource::Uv1 {
            vs::DIFFUSE_T2
        } else {
            vs::DIFFUSE_T1
        };
        return (pixel, vertex);
    }
    let pixel = match (m1, m2) {
        (0, 0) => ps::OPAQUE_OPAQUE,
        (0, 3) => ps::OPAQUE_ADD,
        (0, 4) => ps::OPAQUE_MOD2X,
        (0, 6) => ps::OPAQUE_MOD2XNA,
        (0, 7) => ps::OPAQUE_ADDNA,
        (0, _) => ps::OPAQUE_MOD,
        (1, 0) => ps::MOD_OPAQUE,
        (1, 3) => ps::MOD_ADD,
        (1, 4) => ps::MOD_MOD2X,
        (1, 6) => ps::MOD_MOD2XNA,
        (1, 7) => ps::MOD_ADDNA,
        (1, _) => ps::MOD_MOD,
        (3, 1) => ps::ADD_MOD,
        (4, 4) => ps::MOD2X_MOD2X,
        (4, 1) => ps::MOD_MOD2X,
        // invalid combination: noggit retries with 0x11 → Mod_Mod
        _ => ps::MOD_MOD,
    };
    let vertex = if (shader_id >> 4) & 8 != 0 {
        if shader_id & 8 != 0 { vs::DIFFUSE_ENV_ENV } else { vs::DIFFUSE_ENV_T2 }
    } else if shader_id & 8 != 0 {
        vs::DIFFUSE_T1_ENV
    } else {
        vs::DIFFUSE_T1_T2
    };
    (pixel, vertex)
}

/// How many texture stages pixel shader `pixel` reads (so the shader samples
/// no more): the combiners of wowdev wiki "M2/Rendering" by their inputs.
pub fn textures_read(pixel: u32, texture_count: usize) -> u32 {
    let n = match pixel {
        ps::HD | ps::WATERFALL => 5,
        ps::OPAQUE | ps::MOD | 33 | 34 | ps::DECAL | ps::ADD | ps::MOD2X | ps::FADE => 1,
        15 | 19 | 25 | 26 | 27 | 30 | 32 | 35 => 3,
        28 => 4,
        _ => 2,
    };
    n.min(texture_count.max(1) as u32)
}

/// The texture value that leaves a combiner's result as if its stage were
/// absent: what a missing file binds in stages after the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Neutral {
    /// (1, 1, 1, 1): the stage multiplies.
    White,
    /// (0.5, 0.5, 0.5, 0.5): the stage multiplies by 2× (`Mod2x`).
    Gray,
    /// (0, 0, 0, 0): the stage adds, or blends in by its own alpha.
    Clear,
    /// (1, 1, 0, 0): an HD ORM map at rest — no occlusion, rough, not
    /// metal, no team colour.
    Orm,
}

/// The neutral value of texture stage `stage` (0-based; ≥ 1) of pixel
/// shader `pixel`, read off the combiner formulas in `shaders/m2.wgsl`
/// (wowdev wiki "M2/Rendering", pixel shader combiners): stages that
/// multiply take white, `Mod2x` stages gray, additive and alpha-blended
/// stages (environment maps, glows, decals) clear.
pub fn neutral_stage(pixel: u32, stage: usize) -> Neutral {
    match (pixel, stage) {
        // HD: a flat normal (x = y = 0), a resting ORM, no glow, a white team colour,
        // a uniform grey environment (reflections 0.2 + 2 x 0.5: full).
        (ps::HD, 1 | 5) => Neutral::Gray,
        (ps::HD, 2) => Neutral::Orm,
        (ps::HD, 4) => Neutral::White,
        // Waterfall: no white water or bump, a flat normal, an even noise.
        (ps::WATERFALL, 1 | 3) => Neutral::Clear,
        (ps::WATERFALL, 4) => Neutral::Gray,
        (ps::WATERFALL, 2) => Neutral::White,
        (ps::OPAQUE_MOD | ps::OPAQUE_OPAQUE | ps::MOD_MOD | ps::MOD_OPAQUE | ps::ADD_MOD, 1) => Neutral::White,
        (22 | 36, 1) | (35, _) => Neutral::White,
        (ps::OPAQUE_MOD2X | ps::OPAQUE_MOD2XNA | ps::MOD_MOD2X | ps::MOD_MOD2XNA | ps::MOD2X_MOD2X, 1) => Neutral::Gray,
        (ps::OPAQUE_MOD2XNA_ALPHA | 15 | 19 | 25 | 27, 1) => Neutral::Gray,
        _ => Neutral::Clear,
    }
}

/// `(pixel, vertex)` shader ids for a batch; the one place that knows which
/// rule a file version follows.
pub fn select_shaders(model: &Model, batch: &Batch) -> (u32, u32) {
    let n = batch.textures.len().max(1);
    if model.source.format == m2view_format::SourceFormat::Mdx && batch.shader_id == m2view_format::MDX_HD_SHADER {
        return (ps::HD, vs::DIFFUSE_T1);
    }
    if batch.shader_id == m2view_format::WATERFALL_SHADER && model.chunk_data.waterfall.is_some() {
        return (ps::WATERFALL, vs::WATERFALL);
    }
    // MDX layers carry no shader id: they follow the pre-Cata rule (opaque, or texture × colour).
    if model.source.version >= 265 && model.source.format != m2view_format::SourceFormat::Mdx {
        cata_shaders(batch.shader_id, n)
    } else {
        let first_uv = batch.textures.first().map_or(UvSource::Uv0, |t| t.uv);
        wrath_shaders(wrath_shader_id(model, batch), n, first_uv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blend_table_matches_the_spec() {
        let idx: Vec<u32> = (0..8).map(|b| blend_state_index(BlendMode::from_raw(b))).collect();
        assert_eq!(idx, vec![0, 1, 2, 10, 3, 4, 5, 13]);
        assert!(wgpu_blend(0).is_none() && wgpu_blend(1).is_none());
        let mod2x = wgpu_blend(5).unwrap();
        assert_eq!((mod2x.color.src_factor, mod2x.color.dst_factor), (F::Dst, F::Src));
        let (k, p) = pipeline_key(mf::TWO_SIDED | mf::NO_DEPTH_WRITE, BlendMode::Alpha, false);
        assert_eq!(p, DrawPhase::Transparent);
        assert!(!k.cull && !k.depth_write && k.depth_test);
        let (k, p) = pipeline_key(mf::NO_DEPTH_TEST, BlendMode::Opaque, false);
        assert_eq!(p, DrawPhase::Opaque);
        assert!(!k.depth_test && k.depth_write);
        let (k, p) = pipeline_key(mf::empty(), BlendMode::AlphaKey, true);
        assert_eq!((k.blend, p, k.depth_write), (2, DrawPhase::Transparent, false));
    }

    #[test]
    fn neutral_stages_leave_the_base_unchanged() {
        // Opaque_Mod: c·t1·t2 → t2 = 1; Opaque_Mod2x: 2·c·t1·t2 → t2 = ½;
        // Opaque_AddAlpha (13): c·t1 + t2·t2.a → t2 = 0; Mod_Add: alpha t1.a + t2.a → 0.
        assert_eq!(neutral_stage(ps::OPAQUE_MOD, 1), Neutral::White);
        assert_eq!(neutral_stage(ps::OPAQUE_MOD2X, 1), Neutral::Gray);
        assert_eq!(neutral_stage(ps::OPAQUE_ADDALPHA, 1), Neutral::Clear);
        assert_eq!(neutral_stage(ps::MOD_ADD, 1), Neutral::Clear);
        // Combiners_Opaque_Mod2xNA_Alpha_3s (15): t2 doubles, t3 adds by its alpha.
        assert_eq!((neutral_stage(15, 1), neutral_stage(15, 2)), (Neutral::Gray, Neutral::Clear));
        // Combiners_Mod_Mod_Mod_Const (35): every stage multiplies.
        assert_eq!(neutral_stage(35, 2), Neutral::White);
    }

    #[test]
    fn shader_selection() {
        assert_eq!(cata_shaders(0, 1), (ps::OPAQUE, vs::DIFFUSE_T1));
        assert_eq!(cata_shaders(0x10, 1), (ps::MOD, vs::DIFFUSE_T1));
        assert_eq!(cata_shaders(0x80, 1).1, vs::DIFFUSE_ENV);
        assert_eq!(cata_shaders(0x4014, 2), (ps::MOD_MOD2X, vs::DIFFUSE_T1_T2));
        assert_eq!(cata_shaders(0x8000, 2), (12, 3));
        assert_eq!(cata_shaders(0x8000 | 35, 2), (36, 12));
        assert_eq!(wrath_shaders(0, 1, UvSource::Uv0), (ps::OPAQUE, vs::DIFFUSE_T1));
        assert_eq!(wrath_shaders(0x10, 1, UvSource::Uv1), (ps::MOD, vs::DIFFUSE_T2));
        assert_eq!(wrath_shaders(0x80, 1, UvSource::Uv0).1, vs::DIFFUSE_ENV);
        assert_eq!(wrath_shaders(0x8002, 2, UvSource::Uv0), (ps::OPAQUE_ADDALPHA, vs::DIFFUSE_T1_ENV));
        assert_eq!(wrath_shaders(0x8000, 2, UvSource::Uv0).0, ps::NONE);
    }
}
