//! A WMO's groups as one static [`Model`]: no bones, no sequences; one
//! submesh and batch per `MOBA` entry, its geoset id the group index (so
//! groups show and hide as geosets do); one model material per `MOMT`;
//! `MOLT` lights as model lights; a group's liquid (`MLIQ`) one more
//! submesh in its geoset, drawn after the groups as the map tiles' liquids
//! are (its liquid type's texture slot and colour, translucent, both
//! sides; one model material after the `MOMT` ones).

use super::{Wmo, blend_mode};
use crate::error::Result;
use crate::model::*;

/// A WMO liquid's texture repeats per yard: once per map chunk
/// (WebWowViewerCpp `wmoGroupGeom.cpp`: UV = position / (1600 / 3 / 16)).
const WMO_LIQUID_UV: f32 = 1.0 / crate::adt::CHUNK_SIZE;

/// `MOMT` flags → the M2 render flags that mean the same (wowdev wiki "WMO", MOMT).
fn material_flags(flags: u32) -> MaterialFlags {
    let mut f = MaterialFlags::empty();
    f.set(MaterialFlags::UNLIT, flags & 0x1 != 0);
    f.set(MaterialFlags::UNFOGGED, flags & 0x2 != 0);
    f.set(MaterialFlags::TWO_SIDED, flags & 0x4 != 0);
    f
}

impl Wmo {
    /// The groups read so far as one model named `name` (model units,
    /// Z-up, the WMO's own space). Groups without geometry draw nothing;
    /// the model's warnings are the WMO's.
    ///
    /// Errors: more than 4 billion indices or 65,535 batches (no real WMO
    /// comes near), reported by [`Model::validate`].
    pub fn to_model(&self, name: &str) -> Result<Model> {
        let mut textures: Vec<Texture> = self
            .textures
            .iter()
            .enumerate()
            .map(|(i, t)| {
                // Clamped where the first material drawing it clamps (MOMT 0x40 S, 0x80 T).
                let flags = self.materials.iter().find(|m| m.textures[0] == Some(i)).map_or(0, |m| m.flags);
                Texture { kind: 0, wrap_u: flags & 0x40 == 0, wrap_v: flags & 0x80 == 0, source: t.texture_source() }
            })
            .collect();
        let mut materials: Vec<Material> =
            self.materials.iter().map(|m| Material::new(material_flags(m.flags), blend_mode(m.blend))).collect();
        // Liquids: one more material and a texture slot and colour per liquid type, where a group has one.
        let has_liquid = self.groups.iter().any(|g| g.geometry.as_ref().is_some_and(|g| g.liquid.is_some()));
        let liquid_material = materials.len() as u16;
        if has_liquid {
            materials.push(crate::adt::liquid_material());
        }
        let mut liquids = crate::adt::LiquidSlots::default();
        let mut vertices = Vec::new();
        let mut lod = Lod { source: "WMO groups".into(), ..Default::default() };
        // Interiors are lit by MOCV plus the root's ambient colour, unless MOHD flag 0x2 ("skip
        // base colour") says otherwise (wowdev wiki "WMO", MOHD and MOCV).
        let ambient = if self.flags & 0x2 != 0 { [0; 3] } else { [self.ambient[0], self.ambient[1], self.ambient[2]] };
        for (gi, g) in self.groups.iter().enumerate() {
            let Some(geo) = &g.geometry else { continue };
            let base = vertices.len() as u32;
            let mocv = geo.colors.first().filter(|_| g.is_interior());
            for (k, &position) in geo.positions.iter().enumerate() {
                let uv = |set: usize| geo.uvs.get(set).or(geo.uvs.first()).map_or([0.0; 2], |u| u[k]);
                let baked_light = mocv.map(|c| std::array::from_fn(|a| c[k][a].saturating_add(ambient[a])));
                vertices.push(Vertex {
                    position,
                    normal: geo.normals[k],
                    uv: [uv(0), uv(1)],
                    baked_light,
                    ..Default::default()
                });
            }
            for b in &geo.batches {
                let range = b.start_index as usize..(b.start_index as usize + b.count as usize);
                let index_start = lod.indices.len() as u32;
                lod.indices.extend(geo.indices[range].iter().map(|&i| base + i as u32));
                let used = &lod.indices[index_start as usize..];
                let (lo, hi) = used
                    .iter()
                    .map(|&i| vertices[i as usize].position)
                    .fold(([f32::MAX; 3], [f32::MIN; 3]), |(lo, hi), p| {
                        (std::array::from_fn(|a| lo[a].min(p[a])), std::array::from_fn(|a| hi[a].max(p[a])))
                    });
                let center: [f32; 3] = std::array::from_fn(|a| (lo[a] + hi[a]) * 0.5);
                let radius = (0..3).map(|a| (hi[a] - lo[a]) * 0.5).map(|d| d * d).sum::<f32>().sqrt();
                let submesh = lod.submeshes.len() as u16;
                lod.submeshes.push(Submesh {
                    geoset_id: gi as u16,
                    index_start,
                    index_count: b.count as u32,
                    center,
                    sort_center: center,
                    sort_radius: if used.is_empty() { 0.0 } else { radius },
                    ..Default::default()
                });
                let m = &self.materials[b.material as usize];
                lod.batches.push(Batch {
                    submesh,
                    flags: BatchFlags::empty(),
                    priority_plane: 0,
                    shader_id: 0,
                    material: b.material,
                    material_layer: 0,
                    color: None,
                    textures: vec![BatchTexture {
                        texture: m.textures[0].map(|t| TextureId(t as u16)),
                        uv: UvSource::Uv0,
                        weight: None,
                        transform: None,
                    }],
                    texture_combo_index: 0,
                    flags2: crate::model::BatchFlags2::empty(),
                });
            }
            if let Some(l) = geo.liquid.as_ref().filter(|l| l.cells.iter().any(|&c| c)) {
                let corner = |c, r| l.position(c, r);
                let slot = liquids.slot(l.liquid_type, l.kind, &mut textures);
                let look = crate::adt::LiquidLook { material: liquid_material, slot, uv_per_yard: WMO_LIQUID_UV };
                crate::adt::liquid_surface(&mut vertices, &mut lod, gi as u16, l.tiles, corner, &l.cells, look);
            }
        }
        let lights = self
            .lights
            .iter()
            .map(|l| {
                let rgb = [l.color[2] as f32 / 255.0, l.color[1] as f32 / 255.0, l.color[0] as f32 / 255.0];
                Light {
                    // MOLT 0 omni, 1 spot → point (M2 1); 2 directional → M2 0.
                    kind: if l.kind == 2 { 0 } else { 1 },
                    bone: None,
                    position: l.position,
                    ambient_color: Track::constant([0.0; 3]),
                    ambient_intensity: Track::constant(0.0),
                    diffuse_color: Track::constant(rgb),
                    diffuse_intensity: Track::constant(l.intensity),
                    attenuation_start: Track::constant(l.attenuation_start),
                    attenuation_end: Track::constant(l.attenuation_end),
                    visibility: Track::constant(1),
                }
            })
            .collect();
        let (min, max) = self.bounds;
        let radius = (0..3).map(|a| (max[a] - min[a]) * 0.5).map(|d| d * d).sum::<f32>().sqrt();
        let source = SourceInfo {
            format: SourceFormat::Wmo,
            version: self.version,
            expansion: match self.version {
                14 => "WMO v14 (0.5.x alpha, one file)",
                16 => "WMO v16 (0.6 alpha)",
                _ => "WMO v17 (1.x and later)",
            },
            chunks: self.chunks.clone(),
            unknown_chunks: self.unknown_chunks.clone(),
        };
        let (colors, liquids) = liquids.finish();
        Model {
            vertices,
            lods: vec![lod],
            declared_lods: 1,
            textures,
            materials,
            bounds: Bounds { min, max, radius },
            lights,
            colors,
            liquids,
            portals: self.portals.iter().map(|p| p.vertices.clone()).collect(),
            warnings: self.warnings.clone(),
            ..Model::empty(source, name)
        }
        .validated()
    }
}
