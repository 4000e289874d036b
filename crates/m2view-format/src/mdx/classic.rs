//! A Reforged model (MDX v900–v1200) made classic (v800), as Retera's
//! Model Studio does for modders of the classic game ("Convert to SD"):
//! the `wc3` crate converts the file (dropping what v800 cannot hold:
//! shaders, fresnel and emissive gain, `SKIN` weights and tangents,
//! geoset LODs, bind poses, popcorn emitters), and each HD material
//! (`Shader_HD_DefaultUnit`: its diffuse, normal, ORM, emissive, team
//! colour and reflections slots) becomes classic layers:
//!
//! - with the textures converted ([`ClassicTexture`]) and a team colour
//!   slot: the team colour (filter None) under the diffuse (filter Blend)
//!   whose alpha is baked from the ORM map's alpha, where Reforged mixes in
//!   the team colour (mdx-m3-viewer `Shader_HD_DefaultUnit`: `mix(diffuse,
//!   team, orm.a)`); classic units draw team colour where the diffuse is
//!   transparent over a team colour layer;
//! - otherwise the diffuse alone, with the first layer's filter, flags
//!   and alpha;
//! - the emissive slot, if any, as an unshaded additive layer.
//!
//! A v1100+ layer's other texture slots are dropped with it. Geosets of
//! lower levels of detail are left out (v800 draws every geoset). A geoset's
//! `SKIN` weights (up to four object ids and weights a vertex; Reforged
//! geosets may leave their classic vertex groups empty) become classic
//! matrix groups: each vertex's bones of nonzero weight, equally weighted,
//! as v800 draws them (wowdev MDX page, `GNDX`/`MTGC`/`MATS`); at most 256
//! groups a geoset (`GNDX` is a byte), the rest bound to their heaviest bone.

use wc3::model::materials::{Layer, LayerFilterMode};
use wc3::model::mdx::Write as _;
use wc3::model::{ConversionIssueKind, ConversionOptions, DynamicModel, LossPolicy, UnknownChunkPolicy, V800};

use crate::error::{Error, Result};
use crate::raw::mdx::{MdlMaterial, parse_mdx};

/// A texture of the classic model to write as BLP1 beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassicTexture {
    /// Its index in the model's textures.
    pub index: usize,
    /// Its path in the Reforged model (`blob_diff2.dds`).
    pub source: String,
    /// Its path in the classic model (`blob_diff2.blp`).
    pub path: String,
    /// The ORM texture (its index) whose alpha, the team colour share,
    /// becomes this diffuse texture's transparency: `255 - a`.
    pub team_mask: Option<usize>,
}

/// The classic model and what it asks of the caller.
#[derive(Debug, Clone)]
pub struct Classic {
    /// MDX v800 bytes.
    pub mdx: Vec<u8>,
    /// What was dropped or changed, one line each.
    pub notes: Vec<String>,
    /// With converted textures: the `.dds` textures to write as BLP1 (the
    /// model names them with `.blp`).
    pub textures: Vec<ClassicTexture>,
}

/// An HD material's slots: texture indices of diffuse, ORM, emissive, team colour.
struct HdSlots {
    diffuse: Option<u32>,
    orm: Option<u32>,
    emissive: Option<u32>,
    team: Option<u32>,
}

fn hd_slots(m: &MdlMaterial) -> Option<HdSlots> {
    if !m.shader.contains("_HD_") {
        return None;
    }
    let slot = |role| super::convert::hd_slot(m, role);
    Some(HdSlots { diffuse: slot(0), orm: slot(2), emissive: slot(3), team: slot(4) })
}

/// Reforged MDX `bytes` as a classic v800 model (see the module notes);
/// `convert_textures`: name its DDS textures `.blp` and list them in
/// [`Classic::textures`], with the team colour baked into the diffuse (those
/// only the dropped HD slots use — normal, ORM, reflections — are left as
/// they are).
///
/// Errors: not a Warcraft III model of v900 or later (v800 is classic
/// already; WoW's MDX are no Warcraft III models), or a file `wc3` or the
/// MDX reader refuse.
pub fn to_classic(bytes: &[u8], convert_textures: bool) -> Result<Classic> {
    let raw = parse_mdx(bytes, "model")?;
    if !(900..1300).contains(&raw.version) {
        return Err(Error::invalid(
            8,
            format!("version {} is no Reforged model (v900–v1200): nothing to make classic", raw.version),
        ));
    }
    let model =
        DynamicModel::decode_mdx(bytes, 800).map_err(|e| Error::invalid(e.offset as u64, format!("MDX: {e}")))?;
    let options = ConversionOptions { loss_policy: LossPolicy::Drop, unknown_chunks: UnknownChunkPolicy::Drop };
    let converted = model.convert::<V800>(&options).map_err(|e| Error::invalid(0, format!("to v800: {e}")))?;
    let mut notes: Vec<String> = converted
        .report
        .issues
        .iter()
        .filter(|i| i.kind == ConversionIssueKind::Dropped)
        .map(|i| {
            // `chunks[11].…` named by the file's chunk (`CORN.…`).
            let path = i
                .path
                .strip_prefix("chunks[")
                .and_then(|p| p.split_once(']'))
                .and_then(|(n, rest)| Some((raw.chunk_order.get(n.parse::<usize>().ok()?)?, rest)))
                .map_or_else(|| i.path.clone(), |(tag, rest)| format!("{}{rest}", String::from_utf8_lossy(tag)));
            format!("dropped {path}: {}", i.description.replace("the target", "v800"))
        })
        .collect();
    let mut m = converted.model;

    let hd: Vec<Option<HdSlots>> = raw.materials.iter().map(hd_slots).collect();
    // Textures only HD slots the classic layers leave out use (normal, ORM, reflections): not converted.
    let kept = |index: usize| {
        let i = Some(index as u32);
        let in_hd =
            raw.materials.iter().any(|m| hd_slots(m).is_some() && (0..6).any(|r| super::convert::hd_slot(m, r) == i));
        let used = hd.iter().flatten().any(|s| [s.diffuse, s.emissive, s.team].contains(&i))
            || raw
                .materials
                .iter()
                .any(|m| hd_slots(m).is_none() && m.layers.iter().any(|l| l.texture_id as usize == index));
        used || !in_hd
    };
    let mut textures = m.textures();
    let mut out_textures = Vec::new();
    if convert_textures {
        for (index, t) in textures.iter_mut().enumerate().filter(|(i, _)| kept(*i)) {
            let source = t.path.text().into_owned();
            let Some(stem) = source.strip_suffix(".dds").or_else(|| source.strip_suffix(".DDS")) else { continue };
            let path = format!("{stem}.blp");
            t.path.set_text(&path).map_err(|e| Error::invalid(0, format!("texture {index}: {e}")))?;
            let team_mask = hd.iter().flatten().find(|s| s.diffuse == Some(index as u32) && s.team.is_some());
            let team_mask = team_mask.and_then(|s| s.orm).map(|o| o as usize);
            out_textures.push(ClassicTexture { index, source, path, team_mask });
        }
        m.set_textures(&textures);
    }

    let mut materials = m.materials();
    for (i, (material, slots)) in materials.iter_mut().zip(&hd).enumerate() {
        let Some(s) = slots else { continue };
        let Some(first) = material.layers.first().cloned() else { continue };
        let layer = |texture: u32, filter: LayerFilterMode| {
            let mut l = first.clone();
            l.texture_id = texture.into();
            l.filter_mode = filter;
            l
        };
        let mut layers = Vec::new();
        let diffuse = s.diffuse.unwrap_or(0);
        let baked =
            convert_textures && out_textures.iter().any(|t| t.index == diffuse as usize && t.team_mask.is_some());
        match s.team {
            Some(team) if baked => {
                layers.push(layer(team, LayerFilterMode::None));
                layers.push(layer(diffuse, LayerFilterMode::Blend));
            }
            _ => layers.push(layer(diffuse, first.filter_mode)),
        }
        if let Some(e) = s.emissive {
            let mut glow = Layer::<V800>::new();
            glow.texture_id = e.into();
            glow.filter_mode = LayerFilterMode::Additive;
            glow.shading_flags.set_unshaded(true);
            layers.push(glow);
        }
        notes.push(format!(
            "material {i}: HD layers ({} slots) as {} classic layers{}",
            material.layers.len().max(6),
            layers.len(),
            if s.team.is_some() && !baked { " (no team colour: its mask needs --textures blp)" } else { "" }
        ));
        material.layers = layers;
    }
    m.set_materials(&materials);

    let mut geosets = m.geosets();
    for (gi, (g, rg)) in geosets.iter_mut().zip(&raw.geosets).enumerate() {
        if rg.bone_indices.is_empty() || rg.bone_indices.len() != rg.positions.len() {
            continue;
        }
        let (groups, vertex_groups, heaviest) = matrix_groups(&rg.bone_indices, &rg.bone_weights);
        let bad = |e: wc3::model::ValueError| Error::invalid(0, format!("geoset {gi}: {e}"));
        g.set_matrix_groups(&groups).map_err(bad)?;
        g.set_vertex_groups(&vertex_groups).map_err(bad)?;
        let rest =
            if heaviest > 0 { format!(", {heaviest} vertices bound to their heaviest bone") } else { String::new() };
        notes.push(format!("geoset {gi}: SKIN weights as {} matrix groups of equal weights{rest}", groups.len()));
    }
    keep_highest_lod(&mut m, &mut geosets, &raw.geosets, &mut notes);
    m.set_geosets(&geosets);
    let mdx = m.encode_mdx().map_err(|e| Error::invalid(0, format!("v800 MDX: {e}")))?;
    Ok(Classic { mdx, notes, textures: out_textures })
}

/// Leaves out the geosets of lower levels of detail (a Reforged geoset's
/// LOD above 0; 0 and −1 are the full model): v800 has no LODs and draws
/// every geoset. Geoset animations of those geosets go too, the others and
/// the bones' geoset references are renumbered (a reference to a geoset
/// left out becomes "none", `u32::MAX`).
fn keep_highest_lod(
    m: &mut wc3::model::Model<V800>,
    geosets: &mut Vec<wc3::model::geometry::Geoset<V800>>,
    raw: &[crate::raw::mdx::MdlGeoset],
    notes: &mut Vec<String>,
) {
    let keep: Vec<bool> = (0..geosets.len()).map(|i| raw.get(i).is_none_or(|g| g.lod.0 <= 0)).collect();
    let dropped = keep.iter().filter(|k| !**k).count();
    if dropped == 0 {
        return;
    }
    let renumber = |keep: &[bool]| -> Vec<Option<u32>> {
        let mut next = 0;
        keep.iter().map(|&k| k.then(|| (next, next += 1).0)).collect()
    };
    let geoset_of = renumber(&keep);
    let mut k = keep.iter();
    geosets.retain(|_| *k.next().unwrap_or(&true));
    let mut anims = m.geoset_animations();
    let anim_keep: Vec<bool> =
        anims.iter().map(|a| geoset_of.get(a.geoset_id as usize).is_none_or(|g| g.is_some())).collect();
    let anim_of = renumber(&anim_keep);
    let mut k = anim_keep.iter();
    anims.retain(|_| *k.next().unwrap_or(&true));
    for a in &mut anims {
        a.geoset_id = geoset_of.get(a.geoset_id as usize).copied().flatten().unwrap_or(a.geoset_id);
    }
    m.set_geoset_animations(&anims);
    let mut bones = m.bones();
    let map = |id: u32, of: &[Option<u32>]| match of.get(id as usize) {
        Some(new) => new.unwrap_or(u32::MAX),
        None => id,
    };
    for b in &mut bones {
        b.geoset_id = map(b.geoset_id, &geoset_of);
        b.geoset_animation_id = map(b.geoset_animation_id, &anim_of);
    }
    m.set_bones(&bones);
    notes.push(format!("{dropped} geosets of lower levels of detail left out: v800 draws every geoset"));
}

/// Classic matrix groups of per-vertex object ids `ids` and `weights`:
/// the groups (sorted ids), each vertex's group, and how many vertices
/// were bound to their heaviest bone alone, or to a group holding it (past
/// 256 groups).
fn matrix_groups(ids: &[[u8; 4]], weights: &[[u8; 4]]) -> (Vec<Vec<u32>>, Vec<u8>, usize) {
    let mut groups: Vec<Vec<u32>> = Vec::new();
    let mut index = std::collections::HashMap::new();
    let mut vertex_groups = Vec::with_capacity(ids.len());
    let mut heaviest = 0;
    for (v, w) in ids.iter().zip(weights) {
        let mut set: Vec<u32> = (0..4).filter(|&k| w[k] > 0).map(|k| v[k] as u32).collect();
        set.sort_unstable();
        set.dedup();
        let top = (0..4).max_by_key(|&k| w[k]).unwrap_or(0);
        if set.is_empty() {
            set.push(v[top] as u32);
        }
        let mut group_of = |set: Vec<u32>, groups: &mut Vec<Vec<u32>>| -> Option<u8> {
            if let Some(&k) = index.get(&set) {
                return Some(k);
            }
            let k = u8::try_from(groups.len()).ok()?;
            index.insert(set.clone(), k);
            groups.push(set);
            Some(k)
        };
        let k = match group_of(set, &mut groups) {
            Some(k) => k,
            None => {
                // The heaviest bone alone, or a group that holds it.
                heaviest += 1;
                let top = v[top] as u32;
                group_of(vec![top], &mut groups)
                    .or_else(|| groups.iter().position(|g| g.contains(&top)).map(|k| k as u8))
                    .unwrap_or(0)
            }
        };
        vertex_groups.push(k);
    }
    (groups, vertex_groups, heaviest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skin_weights_become_equal_matrix_groups() {
        let ids = [[3, 1, 0, 0], [1, 3, 0, 0], [5, 0, 0, 0], [2, 7, 9, 4]];
        let w = [[200, 55, 0, 0], [128, 127, 0, 0], [255, 0, 0, 0], [100, 80, 50, 25]];
        let (groups, vg, heaviest) = matrix_groups(&ids, &w);
        assert_eq!(groups, [vec![1, 3], vec![5], vec![2, 4, 7, 9]]);
        assert_eq!((vg, heaviest), (vec![0, 0, 1, 2], 0));
        // 300 vertices on bones {i % 256, i / 256 + 1}: the first 256 fill every group ({0, 1},
        // {1}, {1, 2}…); of the 44 after, 257's {1, 2} is there, the other 43 go to a group
        // that holds their heaviest bone.
        let ids: Vec<[u8; 4]> = (0..300u32).map(|i| [(i % 256) as u8, (i / 256 + 1) as u8, 0, 0]).collect();
        let w = vec![[200, 55, 0, 0]; 300];
        let (groups, vg, heaviest) = matrix_groups(&ids, &w);
        assert_eq!((groups.len(), heaviest), (256, 43));
        assert!(vg.iter().zip(&ids).all(|(&k, v)| groups[k as usize].contains(&(v[0] as u32))));
    }

    #[test]
    fn classic_models_are_refused() {
        let v800 = crate::mdx::writer::write_mdx(&crate::raw::mdx::MdxFile { version: 800, ..Default::default() });
        let e = to_classic(&v800, false).unwrap_err();
        assert!(e.to_string().contains("version 800 is no Reforged model"), "{e}");
    }
}
