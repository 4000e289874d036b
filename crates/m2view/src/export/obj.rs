//! Static OBJ + MTL + PNG textures of one pose (what most tools accept):
//! the LOD's visible batches skinned on the CPU at the pose, Y-up like the
//! glTF export, one group and material per batch.

use std::fmt::Write as _;
use std::path::Path;

use m2view_format::LoadedModel;

use super::{ExportOptions, zup_to_yup};

/// Writes `out` (`.obj`), `out` with `.mtl`, and `<stem>_tex<N>.png` for
/// every texture used, with the model skinned by `bones` (model-space bone
/// matrices, e.g. `Pose::bones`; empty: bind pose). Errors name the file.
pub fn write_obj(lm: &LoadedModel, bones: &[glam::Mat4], opts: &ExportOptions, out: &Path) -> Result<(), String> {
    let model = &lm.model;
    let lod = model
        .lods
        .get(opts.lod)
        .ok_or_else(|| format!("LOD {} out of range (model has {})", opts.lod, model.lods.len()))?;
    let stem = out.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "model".into());
    let dir = out.parent().unwrap_or(Path::new(""));
    let mtl_name = format!("{stem}.mtl");
    let mut obj = format!("# {} exported by m2view (Y-up)\nmtllib {mtl_name}\n", lm.path.display());
    let mut mtl = String::new();
    for v in &model.vertices {
        let (p, n) = if bones.is_empty() {
            (glam::Vec3::from(v.position), glam::Vec3::from(v.normal))
        } else {
            m2view_anim::skin::skin_vertex(v, bones)
        };
        let [x, y, z] = zup_to_yup(p.into());
        let [a, b, c] = zup_to_yup(n.normalize_or_zero().into());
        // OBJ's v runs bottom to top.
        let _ = writeln!(obj, "v {x} {y} {z}\nvn {a} {b} {c}\nvt {} {}", v.uv[0][0], 1.0 - v.uv[0][1]);
    }
    let geosets = opts.geosets.clone().unwrap_or_else(|| model.default_geosets(opts.lod));
    let mut written = std::collections::BTreeSet::new();
    for (k, batch) in lod.batches.iter().enumerate() {
        let Some(sub) = lod.submeshes.get(batch.submesh as usize) else { continue };
        if !geosets.contains(&sub.geoset_id) {
            continue;
        }
        let Some(idx) = lod.indices.get(sub.index_start as usize..(sub.index_start + sub.index_count) as usize) else {
            continue;
        };
        let _ = writeln!(obj, "g batch{k}\nusemtl batch{k}");
        for t in idx.chunks_exact(3) {
            let [a, b, c] = [t[0] + 1, t[1] + 1, t[2] + 1];
            let _ = writeln!(obj, "f {a}/{a}/{a} {b}/{b}/{b} {c}/{c}/{c}");
        }
        let _ = writeln!(mtl, "newmtl batch{k}\nKd 1 1 1");
        if let Some(t) = batch.textures.first().and_then(|t| t.texture).map(|t| t.index()) {
            let png = format!("{stem}_tex{t}.png");
            if written.insert(t)
                && let Some((w, h, px)) = super::gltf::texture_rgba(lm, t)
            {
                let path = dir.join(&png);
                image::save_buffer(&path, &px, w, h, image::ExtendedColorType::Rgba8)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
            if dir.join(&png).exists() {
                let _ = writeln!(mtl, "map_Kd {png}");
            }
        }
    }
    std::fs::write(out, obj).map_err(|e| format!("{}: {e}", out.display()))?;
    let mtl_path = dir.join(mtl_name);
    std::fs::write(&mtl_path, mtl).map_err(|e| format!("{}: {e}", mtl_path.display()))
}
