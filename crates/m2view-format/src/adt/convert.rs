//! A tile's terrain as one static [`Model`] in world yards (Z-up): per
//! chunk its 145 vertices and four triangles around each inner vertex
//! (holes left out), one submesh per chunk (geoset id = chunk index),
//! drawn as the clients before shaders did, one pass per layer: the base
//! layer's texture opaque, then each upper layer's texture alpha-blended
//! over it through that layer's alpha map — every texture repeated 8 times
//! across a chunk (UV set 0), the alpha maps once (UV set 1). The alpha
//! maps of layer k of all chunks are one 1024 × 1024 atlas (chunk (x, y)
//! in cell (x, y), white with the map as alpha), a texture the model
//! holds (`TextureSource::Built`); a pass's pixel shader is `Opaque_Mod`
//! (texture × white, the map's alpha), chosen through the model's texture
//! combiner combos `[0, 1]` (wowdev wiki "M2/Rendering").
//!
//! A chunk with vertex colours (`MCCV`) or a shadow map (`MCSH`) then
//! draws one more pass, `Mod2x` (the colour below × 2 × the texel), through
//! a third atlas of what both make of each alpha-map texel
//! ([`MapChunk::shade`]); chunks with neither draw none.
//!
//! Liquids follow the terrain (priority plane 1, so after every terrain
//! pass): one submesh per [`Liquid`](super::Liquid) in its chunk's geoset,
//! two triangles per cell that holds liquid, unlit, alpha-blended and seen
//! from both sides, sampling its liquid type's texture slot
//! ([`LiquidSlot`]: filled from the client's tables, else taken off and
//! the surface drawn in its kind's colour, [`liquid_color`]).

use super::{Adt, LiquidKind, MapChunk, UNIT_SIZE};
use crate::error::Result;
use crate::model::*;

/// Outer vertex (row r, column c) of a chunk's 145.
fn outer(r: u32, c: u32) -> u32 {
    r * 17 + c
}

/// Inner vertex (centre of quad r, c).
fn inner(r: u32, c: u32) -> u32 {
    r * 17 + 9 + c
}

/// The atlas cell of chunk `ci`: its `IndexX`, `IndexY` where both are
/// below 16, else its place in the file.
fn cell(ci: usize, ch: &super::MapChunk) -> [u32; 2] {
    match ch.index {
        [x, y] if x < 16 && y < 16 => [x, y],
        _ => [(ci % 16) as u32, (ci / 16 % 16) as u32],
    }
}

/// The flat colour (linear RGB 0–1) and opacity a liquid of `kind` is
/// drawn in where no texture is found for it (its opacity also where one
/// is): stand-ins for the river and ocean colours the client takes from
/// its `Light` tables, which m2view does not read.
pub fn liquid_color(kind: LiquidKind) -> ([f32; 3], f32) {
    match kind {
        LiquidKind::Water => ([0.10, 0.26, 0.36], 0.6),
        LiquidKind::Ocean => ([0.05, 0.16, 0.30], 0.75),
        LiquidKind::Magma => ([0.95, 0.35, 0.05], 1.0),
        LiquidKind::Slime => ([0.30, 0.55, 0.08], 0.85),
    }
}

/// The submesh of chunk `chunk`'s `indices` (its geoset), sorted by `centre`.
fn chunk_submesh(chunk: usize, indices: std::ops::Range<u32>, centre: [f32; 3]) -> Submesh {
    Submesh {
        geoset_id: chunk as u16,
        index_start: indices.start,
        index_count: indices.end - indices.start,
        center: centre,
        sort_center: centre,
        sort_radius: super::CHUNK_SIZE,
        ..Default::default()
    }
}

/// Grows the box `lo..hi` to hold `p`.
fn grow(lo: &mut [f32; 3], hi: &mut [f32; 3], p: [f32; 3]) {
    for a in 0..3 {
        lo[a] = lo[a].min(p[a]);
        hi[a] = hi[a].max(p[a]);
    }
}

/// The constant colour of a liquid of `kind` ([`liquid_color`]).
fn liquid_color_anim(kind: LiquidKind) -> ColorAnim {
    let (rgb, alpha) = liquid_color(kind);
    ColorAnim { color: Track::constant(rgb), alpha: Track::constant(alpha) }
}

/// The `material_layer` of a chunk's shading pass (after its layers, 0–3).
pub const SHADE_LAYER: u16 = 4;

/// How much of a texel's light a shadow map takes where it is set: a
/// stand-in for the shadow opacity the client takes from its `Light`
/// tables, which m2view does not read.
pub const SHADOW_DARKENING: f32 = 0.5;

/// The value at chunk position `(c, r)` (in quads, 0–8 along the columns
/// and the rows) of per-vertex values `v` (145, in the heights' order),
/// interpolated over the four triangles of its quad as the terrain's
/// vertices interpolate it.
fn interpolate<const N: usize>(v: &[[f32; N]], c: f32, r: f32) -> [f32; N] {
    let (qc, qr) = ((c.floor() as u32).min(7), (r.floor() as u32).min(7));
    let (u, w) = ((c - qc as f32).clamp(0.0, 1.0), (r - qr as f32).clamp(0.0, 1.0));
    let (tl, tr, bl, br) = (outer(qr, qc), outer(qr, qc + 1), outer(qr + 1, qc), outer(qr + 1, qc + 1));
    // The triangle: its outer edge, the distance from it (0 at the edge, ½ at the centre), the place along it.
    let (start, end, d, along) = if (w - 0.5).abs() >= (u - 0.5).abs() {
        if w < 0.5 { (tl, tr, w, u) } else { (bl, br, 1.0 - w, u) }
    } else if u < 0.5 {
        (tl, bl, u, w)
    } else {
        (tr, br, 1.0 - u, w)
    };
    let (wm, we, ws) = (2.0 * d, along - d, 1.0 - along - d);
    let m = &v[inner(qr, qc) as usize];
    std::array::from_fn(|k| wm * m[k] + we * v[end as usize][k] + ws * v[start as usize][k])
}

impl MapChunk {
    /// What vertex colours and shadow make of the light at chunk position
    /// `(c, r)` (in quads, 0–8): a factor per channel (1.0: unchanged) —
    /// 2 × the `MCCV` colour there (0x7F: 1.0), times 1 − [`SHADOW_DARKENING`]
    /// × the shadow map (bilinear). `None`: the chunk has neither.
    pub fn shade(&self, c: f32, r: f32) -> Option<[f32; 3]> {
        if self.vertex_colors.is_none() && self.shadow.is_none() {
            return None;
        }
        let color = self.vertex_colors.as_ref().map_or([1.0; 3], |v| {
            let rgb: Vec<[f32; 3]> = v.iter().map(|c| [c[0], c[1], c[2]].map(|x| x as f32 * 2.0 / 255.0)).collect();
            interpolate(&rgb, c, r)
        });
        let shadow = self.shadow.as_ref().map_or(0.0, |s| bilinear(s, c * 63.0 / 8.0, r * 63.0 / 8.0));
        Some(color.map(|x| x * (1.0 - SHADOW_DARKENING * shadow)))
    }
}

/// A 64 × 64 map at texel coordinates `(x, y)`, bilinear, 0–1.
pub fn bilinear(map: &[u8], x: f32, y: f32) -> f32 {
    let (x, y) = (x.clamp(0.0, 63.0), y.clamp(0.0, 63.0));
    let (x0, y0) = (x.floor() as usize, y.floor() as usize);
    let (x1, y1) = ((x0 + 1).min(63), (y0 + 1).min(63));
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let at = |x: usize, y: usize| map[y * 64 + x] as f32 / 255.0;
    let top = at(x0, y0) + (at(x1, y0) - at(x0, y0)) * fx;
    let bottom = at(x0, y1) + (at(x1, y1) - at(x0, y1)) * fx;
    top + (bottom - top) * fy
}

/// The passes of chunk `ch` (its submesh `submesh`): its base layer opaque
/// (material 0), each upper layer with an alpha map blended through layer
/// atlas `atlas_base + k − 1` (material 1), then its shading through
/// `shade` where it has vertex colours or a shadow map (material 3, Mod2x).
fn chunk_passes(lod: &mut Lod, ch: &MapChunk, submesh: u16, atlas_base: usize, shade: Option<TextureId>) {
    let stage = |texture: Option<usize>, uv| BatchTexture {
        texture: texture.map(|t| TextureId(t as u16)),
        uv,
        weight: None,
        transform: None,
    };
    let pass = |material: u16, layer: u16, textures: Vec<BatchTexture>| Batch {
        submesh,
        flags: BatchFlags::empty(),
        priority_plane: 0,
        shader_id: 0,
        material,
        material_layer: layer,
        color: None,
        textures,
        texture_combo_index: 0,
        flags2: crate::model::BatchFlags2::empty(),
    };
    lod.batches.push(pass(0, 0, vec![stage(ch.layers.first().map(|l| l.texture as usize), UvSource::Uv0)]));
    // Each upper layer: its texture over what is below, through its alpha map.
    for (k, l) in ch.layers.iter().enumerate().skip(1).filter(|(k, _)| !ch.alpha[*k].is_empty()) {
        let textures =
            vec![stage(Some(l.texture as usize), UvSource::Uv0), stage(Some(atlas_base + k - 1), UvSource::Uv1)];
        lod.batches.push(pass(1, k as u16, textures));
    }
    // Then vertex colours and shadow, over every layer.
    if let Some(t) = shade.filter(|_| ch.vertex_colors.is_some() || ch.shadow.is_some()) {
        lod.batches.push(pass(3, SHADE_LAYER, vec![stage(Some(t.0 as usize), UvSource::Uv1)]));
    }
}

/// The liquid types of one model's surfaces, a texture slot and a colour
/// each ([`LiquidSlot`]), made on first use; the slots' colours are the
/// first of the model's.
#[derive(Debug, Default)]
pub(crate) struct LiquidSlots(Vec<LiquidSlot>);

impl LiquidSlots {
    /// The slot of `liquid_type` (drawn as `kind` without the tables), its
    /// texture slot appended to `textures` on first use.
    pub(crate) fn slot(&mut self, liquid_type: u32, kind: LiquidKind, textures: &mut Vec<Texture>) -> LiquidSlot {
        if let Some(s) = self.0.iter().find(|s| s.liquid_type == liquid_type) {
            return *s;
        }
        textures.push(Texture { kind: 0, wrap_u: true, wrap_v: true, source: TextureSource::Replaceable });
        let texture = TextureId(textures.len() as u16 - 1);
        let slot = LiquidSlot { liquid_type, kind, texture, color: self.0.len() as u16 };
        self.0.push(slot);
        slot
    }

    /// The model's colours (one per slot, its kind's [`liquid_color`]) and the slots.
    pub(crate) fn finish(self) -> (Vec<ColorAnim>, Vec<LiquidSlot>) {
        (self.0.iter().map(|s| liquid_color_anim(s.kind)).collect(), self.0)
    }
}

/// How one liquid surface is drawn: its material, its type's slot, and
/// how often its texture repeats per yard (its UVs are its x, y times this).
#[derive(Debug, Clone, Copy)]
pub(crate) struct LiquidLook {
    /// Index into the model's materials ([`liquid_material`]).
    pub material: u16,
    /// Its liquid type's texture slot and colour.
    pub slot: LiquidSlot,
    /// Texture repeats per yard.
    pub uv_per_yard: f32,
}

/// A map tile's liquid texture repeats per yard (WebWowViewerCpp
/// `LiquidInstance.cpp`, `createAdtVertexData`: UV = position × 0.06).
const TILE_LIQUID_UV: f32 = 0.06;

/// The material of liquid surfaces: unlit, seen from both sides, alpha-blended.
pub(crate) fn liquid_material() -> Material {
    Material::new(MaterialFlags::UNLIT | MaterialFlags::TWO_SIDED, BlendMode::Alpha)
}

/// Appends one liquid surface to `vertices` and `lod`: a grid of
/// `columns × rows` cells (`size`) whose corner `(c, r)` is at
/// `corner(c, r)`, two triangles for each cell whose flag in `cells` (rows
/// first) is set, one submesh in geoset `geoset` and one batch as `look`
/// says, after everything of priority plane 0. Returns the range of the
/// vertices added (empty, and nothing added, where no cell holds liquid).
pub(crate) fn liquid_surface(
    vertices: &mut Vec<Vertex>,
    lod: &mut Lod,
    geoset: u16,
    size: [usize; 2],
    corner: impl Fn(usize, usize) -> [f32; 3],
    cells: &[bool],
    look: LiquidLook,
) -> std::ops::Range<usize> {
    let (w, h) = (size[0], size[1]);
    if !cells.iter().any(|&c| c) {
        return vertices.len()..vertices.len();
    }
    let base = vertices.len();
    for row in 0..=h {
        for col in 0..=w {
            let position = corner(col, row);
            let uv = [[position[0] * look.uv_per_yard, position[1] * look.uv_per_yard], [0.0; 2]];
            vertices.push(Vertex { position, normal: [0.0, 0.0, 1.0], uv, ..Default::default() });
        }
    }
    let index_start = lod.indices.len() as u32;
    let at = |c: usize, r: usize| (base + r * (w + 1) + c) as u32;
    for k in (0..cells.len().min(w * h)).filter(|&k| cells[k]) {
        let (c, r) = (k % w, k / w);
        let (tl, tr, bl, br) = (at(c, r), at(c + 1, r), at(c, r + 1), at(c + 1, r + 1));
        lod.indices.extend([tl, bl, tr, tr, bl, br]);
    }
    let submesh = lod.submeshes.len() as u16;
    let indices = index_start..lod.indices.len() as u32;
    lod.submeshes.push(chunk_submesh(geoset as usize, indices, corner(w / 2, h / 2)));
    lod.batches.push(Batch {
        submesh,
        flags: BatchFlags::empty(),
        priority_plane: 1,
        shader_id: 0,
        material: look.material,
        material_layer: 0,
        color: Some(look.slot.color),
        textures: vec![BatchTexture {
            texture: Some(look.slot.texture),
            uv: UvSource::Uv0,
            weight: None,
            transform: None,
        }],
        texture_combo_index: 0,
        flags2: crate::model::BatchFlags2::empty(),
    });
    base..vertices.len()
}

impl Adt {
    /// Appends the liquids' surfaces to `vertices` and `lod` (material 2;
    /// counter-clockwise seen from above, as the terrain), their types'
    /// texture slots to `textures`, growing the box `lo..hi`. Returns the
    /// liquid types drawn.
    fn liquid_surfaces(
        &self,
        vertices: &mut Vec<Vertex>,
        lod: &mut Lod,
        textures: &mut Vec<Texture>,
        lo: &mut [f32; 3],
        hi: &mut [f32; 3],
    ) -> LiquidSlots {
        let mut slots = LiquidSlots::default();
        for l in self.liquids.iter().filter(|l| l.cells.iter().any(|&c| c)) {
            let Some(ch) = self.chunks.get(l.chunk) else { continue };
            let corner = |c, r| l.corner(ch.position, c, r);
            let slot = slots.slot(u32::from(l.liquid_type), l.kind, textures);
            let look = LiquidLook { material: 2, slot, uv_per_yard: TILE_LIQUID_UV };
            let added = liquid_surface(vertices, lod, l.chunk as u16, l.size.map(usize::from), corner, &l.cells, look);
            for v in &vertices[added] {
                grow(lo, hi, v.position);
            }
        }
        slots
    }

    /// The alpha maps of layer `k` of every chunk as one 1024 × 1024 RGBA
    /// image (white; alpha = the map; chunk (x, y) in cell (x, y); chunks
    /// without such a layer transparent).
    pub fn alpha_atlas(&self, k: usize) -> crate::blp::RgbaImage {
        let mut pixels = vec![0u8; 1024 * 1024 * 4];
        for px in pixels.chunks_exact_mut(4) {
            px[..3].copy_from_slice(&[255; 3]);
        }
        for (ci, ch) in self.chunks.iter().enumerate() {
            let Some(map) = ch.alpha.get(k).filter(|m| m.len() == 64 * 64) else { continue };
            let [cx, cy] = cell(ci, ch);
            for y in 0..64 {
                for x in 0..64 {
                    let at = ((cy as usize * 64 + y) * 1024 + cx as usize * 64 + x) * 4;
                    pixels[at + 3] = map[y * 64 + x];
                }
            }
        }
        crate::blp::RgbaImage { width: 1024, height: 1024, pixels }
    }

    /// The shading of every chunk with vertex colours or a shadow map as
    /// one 1024 × 1024 RGBA image laid out as [`Adt::alpha_atlas`]: each
    /// texel half of its [`MapChunk::shade`] factor (so `Mod2x` gives the
    /// factor back), opaque; other cells mid grey (unchanged). `None`: no
    /// chunk has either.
    pub fn shade_atlas(&self) -> Option<crate::blp::RgbaImage> {
        if self.chunks.iter().all(|c| c.vertex_colors.is_none() && c.shadow.is_none()) {
            return None;
        }
        let mut pixels = [128, 128, 128, 255].repeat(1024 * 1024);
        for (ci, ch) in self.chunks.iter().enumerate() {
            let [cx, cy] = cell(ci, ch);
            for y in 0..64 {
                for x in 0..64 {
                    let Some(f) = ch.shade(x as f32 * 8.0 / 63.0, y as f32 * 8.0 / 63.0) else { continue };
                    let at = ((cy as usize * 64 + y) * 1024 + cx as usize * 64 + x) * 4;
                    for k in 0..3 {
                        pixels[at + k] = (f[k] * 127.5).round().clamp(0.0, 255.0) as u8;
                    }
                }
            }
        }
        Some(crate::blp::RgbaImage { width: 1024, height: 1024, pixels })
    }

    /// The terrain as a model named `name`. Chunks without layers draw
    /// untextured. Errors: none in practice (validation of what was
    /// built, [`Model::validate`]).
    pub fn to_model(&self, name: &str) -> Result<Model> {
        let mut textures: Vec<Texture> = self
            .textures
            .iter()
            .map(|t| Texture { kind: 0, wrap_u: true, wrap_v: true, source: t.texture_source() })
            .collect();
        let atlas_base = textures.len();
        let layers = self.chunks.iter().map(|c| c.layers.len()).max().unwrap_or(0);
        for k in 1..layers {
            let name = format!("alpha maps of layer {k} (MCAL)");
            let image = std::sync::Arc::new(self.alpha_atlas(k));
            textures.push(Texture {
                kind: 0,
                wrap_u: false,
                wrap_v: false,
                source: TextureSource::Built { name, image },
            });
        }
        let shade_texture = self.shade_atlas().map(|image| {
            let name = "vertex colours and shadows (MCCV, MCSH)".to_string();
            let source = TextureSource::Built { name, image: std::sync::Arc::new(image) };
            textures.push(Texture { kind: 0, wrap_u: false, wrap_v: false, source });
            TextureId(textures.len() as u16 - 1)
        });
        let liquid_corners: usize =
            self.liquids.iter().map(|l| (l.size[0] as usize + 1) * (l.size[1] as usize + 1)).sum();
        let mut vertices = Vec::with_capacity(self.chunks.len() * 145 + liquid_corners);
        let mut lod = Lod { source: "ADT terrain".into(), ..Default::default() };
        let (mut lo, mut hi) = ([f32::MAX; 3], [f32::MIN; 3]);
        for (ci, ch) in self.chunks.iter().enumerate() {
            let base = vertices.len() as u32;
            let [cx, cy] = cell(ci, ch);
            for k in 0..145u32 {
                let (row, col) = (k / 17, k % 17);
                let (r, c) = if col < 9 { (row as f32, col as f32) } else { (row as f32 + 0.5, col as f32 - 8.5) };
                let p = [
                    ch.position[0] - r * UNIT_SIZE,
                    ch.position[1] - c * UNIT_SIZE,
                    ch.position[2] + ch.heights[k as usize],
                ];
                grow(&mut lo, &mut hi, p);
                // The alpha maps' texel centres: the first at the chunk's edge, the last at the other.
                let atlas = |cell: u32, t: f32| (cell as f32 * 64.0 + 0.5 + t / 8.0 * 63.0) / 1024.0;
                vertices.push(Vertex {
                    position: p,
                    normal: ch.normals[k as usize],
                    uv: [[c, r], [atlas(cx, c), atlas(cy, r)]],
                    ..Default::default()
                });
            }
            let index_start = lod.indices.len() as u32;
            for r in 0..8 {
                for c in 0..8 {
                    if ch.holes & (1 << ((r / 2) * 4 + c / 2)) != 0 {
                        continue;
                    }
                    let (tl, tr, bl, br, m) =
                        (outer(r, c), outer(r, c + 1), outer(r + 1, c), outer(r + 1, c + 1), inner(r, c));
                    // Counter-clockwise seen from above (x falls with the row, y with the column).
                    for [a, b] in [[tr, tl], [br, tr], [bl, br], [tl, bl]] {
                        lod.indices.extend([base + m, base + a, base + b]);
                    }
                }
            }
            let submesh = lod.submeshes.len() as u16;
            let indices = index_start..lod.indices.len() as u32;
            lod.submeshes.push(chunk_submesh(ci, indices, vertices[base as usize + 72].position));
            chunk_passes(&mut lod, ch, submesh, atlas_base, shade_texture);
        }
        let (colors, liquids) = self.liquid_surfaces(&mut vertices, &mut lod, &mut textures, &mut lo, &mut hi).finish();
        if vertices.is_empty() {
            (lo, hi) = ([0.0; 3], [0.0; 3]);
        }
        let radius = (0..3).map(|a| (hi[a] - lo[a]) * 0.5).map(|d| d * d).sum::<f32>().sqrt();
        let source = SourceInfo {
            format: SourceFormat::Adt,
            version: self.version,
            expansion: if self.split_files.is_empty() {
                "ADT v18 (1.x–3.x monolithic tile)"
            } else {
                "ADT v18 (4.0+ split tile)"
            },
            chunks: self.chunk_tags.clone(),
            unknown_chunks: Vec::new(),
        };
        Model {
            vertices,
            lods: vec![lod],
            declared_lods: 1,
            colors,
            liquids,
            textures,
            materials: vec![
                Material::new(MaterialFlags::empty(), BlendMode::Opaque),
                Material::new(MaterialFlags::empty(), BlendMode::Alpha),
                liquid_material(),
                Material::new(MaterialFlags::UNLIT, BlendMode::Mod2x),
            ],
            texture_combiner_combos: Some(vec![0, 1]),
            bounds: Bounds { min: lo, max: hi, radius },
            warnings: self.warnings.clone(),
            ..Model::empty(source, name)
        }
        .validated()
    }
}

impl super::wdl::Wdl {
    /// The distant terrain as a model named `name`, in world units as the
    /// tiles (Z-up): one submesh per tile (geoset id `y · 64 + x`: hide
    /// those whose tiles are drawn), its 17 × 17 outer points as 16 × 16
    /// quads, coloured by height and shaded by slope in each vertex's
    /// baked light over a white texture. Errors: none in practice
    /// ([`Model::validate`]).
    pub fn to_model(&self, name: &str) -> Result<Model> {
        const N: usize = super::wdl::OUTER;
        let step = super::TILE_SIZE / 16.0;
        let mut vertices = Vec::with_capacity(self.tiles.len() * N * N);
        let mut lod = Lod { source: "WDL distant terrain".into(), ..Default::default() };
        let (mut lo, mut hi) = ([f32::MAX; 3], [f32::MIN; 3]);
        for t in &self.tiles {
            let base = vertices.len() as u32;
            let z = |r: usize, c: usize| t.outer(r.min(N - 1), c.min(N - 1))[2];
            for r in 0..N {
                for c in 0..N {
                    let p = t.outer(r, c);
                    grow(&mut lo, &mut hi, p);
                    // The slope from the neighbours (x falls with the row, y with the column).
                    let dx = (z(r.saturating_sub(1), c) - z(r + 1, c)) / (2.0 * step);
                    let dy = (z(r, c.saturating_sub(1)) - z(r, c + 1)) / (2.0 * step);
                    let len = (dx * dx + dy * dy + 1.0).sqrt();
                    let n = [dx / len, dy / len, 1.0 / len];
                    // Lit from the sun's usual direction, (0.4, 0.3, 0.866) normalised.
                    let light = 0.45 + 0.55 * (n[0] * 0.4 + n[1] * 0.3 + n[2] * 0.866).max(0.0);
                    // Low ground green, high ground grey-brown, below the sea sand.
                    let h = (p[2] / 400.0).clamp(0.0, 1.0);
                    let base_colour = if p[2] < 0.0 {
                        [0.62, 0.58, 0.42]
                    } else {
                        [0.30 + 0.28 * h, 0.40 + 0.12 * h, 0.20 + 0.27 * h]
                    };
                    let colour = base_colour.map(|v| (v * light * 255.0).round().clamp(0.0, 255.0) as u8);
                    vertices.push(Vertex {
                        position: p,
                        normal: n,
                        uv: [[c as f32 / 16.0, r as f32 / 16.0]; 2],
                        baked_light: Some(colour),
                        ..Default::default()
                    });
                }
            }
            let start = lod.indices.len() as u32;
            let at = |r: usize, c: usize| base + (r * N + c) as u32;
            for r in 0..N - 1 {
                for c in 0..N - 1 {
                    // Counter-clockwise seen from above, as the tiles' quads.
                    let (a, b, d, e) = (at(r, c), at(r, c + 1), at(r + 1, c), at(r + 1, c + 1));
                    lod.indices.extend([a, d, b, b, d, e]);
                }
            }
            let centre = t.outer(8, 8);
            let submesh = lod.submeshes.len() as u16;
            lod.submeshes.push(Submesh {
                geoset_id: u16::from(t.tile[1]) * 64 + u16::from(t.tile[0]),
                index_start: start,
                index_count: lod.indices.len() as u32 - start,
                center: centre,
                sort_center: centre,
                sort_radius: super::TILE_SIZE,
                ..Default::default()
            });
            lod.batches.push(Batch {
                submesh,
                flags: BatchFlags::empty(),
                priority_plane: 0,
                shader_id: 0,
                material: 0,
                material_layer: 0,
                color: None,
                textures: vec![BatchTexture {
                    texture: Some(TextureId(0)),
                    uv: UvSource::Uv0,
                    weight: None,
                    transform: None,
                }],
                texture_combo_index: 0,
                flags2: crate::model::BatchFlags2::empty(),
            });
        }
        if vertices.is_empty() {
            (lo, hi) = ([0.0; 3], [0.0; 3]);
        }
        let radius = (0..3).map(|a| (hi[a] - lo[a]) * 0.5).map(|d| d * d).sum::<f32>().sqrt();
        let white = crate::blp::RgbaImage { width: 1, height: 1, pixels: vec![255; 4] };
        let source = SourceInfo {
            format: SourceFormat::Adt,
            version: self.version,
            expansion: "WDL v18 (a map's distant terrain)",
            chunks: Vec::new(),
            unknown_chunks: Vec::new(),
        };
        Model {
            vertices,
            lods: vec![lod],
            declared_lods: 1,
            textures: vec![Texture {
                kind: 0,
                wrap_u: true,
                wrap_v: true,
                source: TextureSource::Built { name: "white".into(), image: std::sync::Arc::new(white) },
            }],
            materials: vec![Material::new(MaterialFlags::empty(), BlendMode::Opaque)],
            texture_combiner_combos: Some(vec![0]),
            bounds: Bounds { min: lo, max: hi, radius },
            ..Model::empty(source, name)
        }
        .validated()
    }
}
