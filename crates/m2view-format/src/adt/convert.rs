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
//! Liquids follow the terrain (priority plane 1, so after every terrain
//! pass): one submesh per [`Liquid`](super::Liquid) in its chunk's geoset,
//! two triangles per cell that holds liquid, unlit and alpha-blended in its
//! kind's colour ([`liquid_color`]), seen from both sides.

use super::{Adt, LiquidKind, UNIT_SIZE};
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
/// drawn in: stand-ins for the river and ocean colours the client takes
/// from its `Light` tables and for the magma and slime textures of
/// `LiquidType`, which m2view does not read yet.
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

/// The four liquid kinds in the order of the model's colours.
const KINDS: [LiquidKind; 4] = [LiquidKind::Water, LiquidKind::Ocean, LiquidKind::Magma, LiquidKind::Slime];

impl Adt {
    /// Appends the liquids' surfaces to `vertices` and `lod` (material 2,
    /// colour = the kind's place in [`KINDS`]), growing the box `lo..hi`.
    fn liquid_surfaces(&self, vertices: &mut Vec<Vertex>, lod: &mut Lod, lo: &mut [f32; 3], hi: &mut [f32; 3]) {
        for l in &self.liquids {
            let Some(ch) = self.chunks.get(l.chunk) else { continue };
            let (w, h) = (l.size[0] as usize, l.size[1] as usize);
            let base = vertices.len() as u32;
            for row in 0..=h {
                for col in 0..=w {
                    let p = l.corner(ch.position, col, row);
                    grow(lo, hi, p);
                    vertices.push(Vertex {
                        position: p,
                        normal: [0.0, 0.0, 1.0],
                        uv: [[col as f32, row as f32], [0.0; 2]],
                        ..Default::default()
                    });
                }
            }
            let index_start = lod.indices.len() as u32;
            let at = |c: usize, r: usize| base + (r * (w + 1) + c) as u32;
            for k in (0..l.cells.len()).filter(|&k| l.cells[k]) {
                let (c, r) = (k % w, k / w);
                // Counter-clockwise seen from above, like the terrain's.
                let (tl, tr, bl, br) = (at(c, r), at(c + 1, r), at(c, r + 1), at(c + 1, r + 1));
                lod.indices.extend([tl, bl, tr, tr, bl, br]);
            }
            let count = lod.indices.len() as u32 - index_start;
            if count == 0 {
                continue;
            }
            let submesh = lod.submeshes.len() as u16;
            lod.submeshes.push(chunk_submesh(
                l.chunk,
                index_start..index_start + count,
                l.corner(ch.position, w / 2, h / 2),
            ));
            lod.batches.push(Batch {
                submesh,
                flags: BatchFlags::empty(),
                priority_plane: 1,
                shader_id: 0,
                material: 2,
                material_layer: 0,
                color: KINDS.iter().position(|&k| k == l.kind).map(|i| i as u16),
                textures: Vec::new(),
                texture_combo_index: 0,
            });
        }
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

    /// The terrain as a model named `name`. Chunks without layers draw
    /// untextured. Errors: none in practice (validation of what was
    /// built, [`Model::validate`]).
    pub fn to_model(&self, name: &str) -> Result<Model> {
        let mut textures: Vec<Texture> = self
            .textures
            .iter()
            .map(|t| Texture { kind: 0, wrap_u: true, wrap_v: true, source: TextureSource::Path(t.clone()) })
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
            lod.batches.push(Batch {
                submesh,
                flags: BatchFlags::empty(),
                priority_plane: 0,
                shader_id: 0,
                material: 0,
                material_layer: 0,
                color: None,
                textures: vec![BatchTexture {
                    texture: ch.layers.first().map(|l| TextureId(l.texture as u16)),
                    uv: UvSource::Uv0,
                    weight: None,
                    transform: None,
                }],
                texture_combo_index: 0,
            });
            // Each upper layer: its texture over what is below, through its alpha map.
            for (k, l) in ch.layers.iter().enumerate().skip(1).filter(|(k, _)| !ch.alpha[*k].is_empty()) {
                let stage = |texture: usize, uv| BatchTexture {
                    texture: Some(TextureId(texture as u16)),
                    uv,
                    weight: None,
                    transform: None,
                };
                lod.batches.push(Batch {
                    submesh,
                    flags: BatchFlags::empty(),
                    priority_plane: 0,
                    shader_id: 0,
                    material: 1,
                    material_layer: k as u16,
                    color: None,
                    textures: vec![stage(l.texture as usize, UvSource::Uv0), stage(atlas_base + k - 1, UvSource::Uv1)],
                    texture_combo_index: 0,
                });
            }
        }
        self.liquid_surfaces(&mut vertices, &mut lod, &mut lo, &mut hi);
        if vertices.is_empty() {
            (lo, hi) = ([0.0; 3], [0.0; 3]);
        }
        let radius = (0..3).map(|a| (hi[a] - lo[a]) * 0.5).map(|d| d * d).sum::<f32>().sqrt();
        let source = SourceInfo {
            format: SourceFormat::Adt,
            version: self.version,
            expansion: "ADT v18 (1.x–3.x monolithic tile)",
            chunks: self.chunk_tags.clone(),
            unknown_chunks: Vec::new(),
        };
        Model {
            vertices,
            lods: vec![lod],
            declared_lods: 1,
            colors: KINDS.iter().map(|&k| liquid_color_anim(k)).collect(),
            textures,
            materials: vec![
                Material::new(MaterialFlags::empty(), BlendMode::Opaque),
                Material::new(MaterialFlags::empty(), BlendMode::Alpha),
                Material::new(MaterialFlags::UNLIT | MaterialFlags::TWO_SIDED, BlendMode::Alpha),
            ],
            texture_combiner_combos: Some(vec![0, 1]),
            bounds: Bounds { min: lo, max: hi, radius },
            warnings: self.warnings.clone(),
            ..Model::empty(source, name)
        }
        .validated()
    }
}
