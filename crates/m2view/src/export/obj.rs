//! Static OBJ + MTL + PNG textures of one pose (what most tools accept):
//! the LOD's visible batches skinned on the CPU at the pose, Y-up like the
//! glTF export, one group and material per batch; the models placed in it
//! (a WMO's doodads, a tile's models and WMOs) baked in at their
//! placements, each model's materials and textures written once.

use std::fmt::Write as _;
use std::path::Path;

use m2view_format::LoadedModel;

use super::{ExportOptions, terrain_layer, zup_to_yup};

/// Writes [`obj_files`] for `out` (`.obj`) into `out`'s folder. Errors name the file.
pub fn write_obj(lm: &LoadedModel, bones: &[glam::Mat4], opts: &ExportOptions, out: &Path) -> Result<(), String> {
    let stem = out.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "model".into());
    let dir = out.parent().unwrap_or(Path::new(""));
    for (name, bytes) in obj_files(lm, bones, opts, &stem)? {
        crate::platform::save(&dir.join(name), &bytes)?;
    }
    Ok(())
}

/// The files of an OBJ export named by `stem`, as (file name, bytes):
/// `<stem>.obj`, `<stem>.mtl`, and `<stem>_tex<N>.png` for every texture
/// used, with the model skinned by `bones` (model-space bone matrices,
/// e.g. `Pose::bones`; empty: bind pose), and the items of `opts` (bind
/// pose) placed on their attachments of that pose, each its own groups and
/// textures (`<stem>_item<K>_tex<N>.png`), and the models of
/// `opts.placed` in their bind pose at their placements (groups
/// `<stem>_placed<P>_batch<K>`; materials and textures per model,
/// `<stem>_model<M>_…`, shared by its placements).
///
/// # Errors
/// The LOD is out of range, or a texture cannot be encoded.
pub fn obj_files(
    lm: &LoadedModel,
    bones: &[glam::Mat4],
    opts: &ExportOptions,
    stem: &str,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let model = &lm.model;
    let lod = model
        .lods
        .get(opts.lod)
        .ok_or_else(|| format!("LOD {} out of range (model has {})", opts.lod, model.lods.len()))?;
    let mtl_name = format!("{stem}.mtl");
    let mut w = Writer {
        obj: format!("# {} exported by m2view (Y-up)\nmtllib {mtl_name}\n", lm.path.display()),
        mtl: String::new(),
        vertices: 0,
        pngs: Vec::new(),
        materials: Default::default(),
    };
    let geosets = opts.geosets.clone().unwrap_or_else(|| model.default_geosets(opts.lod));
    let skin = |v: &m2view_format::Vertex| {
        if bones.is_empty() {
            (glam::Vec3::from(v.position), glam::Vec3::from(v.normal))
        } else {
            m2view_anim::skin::skin_vertex(v, bones)
        }
    };
    w.part(lm, lod, &geosets, &skin, &opts.textures, (stem, stem))?;
    for (k, item) in opts.items.iter().enumerate() {
        let Some(a) = model.attachments.iter().find(|a| a.id == item.attachment) else { continue };
        let bone = a.bone.and_then(|b| bones.get(b.index())).copied().unwrap_or(glam::Mat4::IDENTITY);
        let world = bone * glam::Mat4::from_translation(glam::Vec3::from(a.position));
        let Some(ilod) = item.lm.model.lods.first() else { continue };
        let place = |v: &m2view_format::Vertex| {
            (world.transform_point3(v.position.into()), world.transform_vector3(v.normal.into()))
        };
        let geosets = item.lm.model.default_geosets(0);
        let prefix = format!("{stem}_item{k}");
        w.part(&item.lm, ilod, &geosets, &place, &Default::default(), (&prefix, &prefix))?;
    }
    // Placed models: each model's materials and textures once (numbered by first placement).
    let mut models: Vec<*const LoadedModel> = Vec::new();
    for (k, p) in opts.placed.iter().enumerate() {
        let Some(plod) = p.lm.model.lods.first() else { continue };
        let m = models.iter().position(|&q| std::ptr::eq(q, &*p.lm)).unwrap_or_else(|| {
            models.push(&*p.lm);
            models.len() - 1
        });
        let place = |v: &m2view_format::Vertex| {
            (p.world.transform_point3(v.position.into()), p.world.transform_vector3(v.normal.into()))
        };
        let geosets = p.lm.model.default_geosets(0);
        let names = (format!("{stem}_model{m}"), format!("{stem}_placed{k}"));
        w.part(&p.lm, plod, &geosets, &place, &Default::default(), (&names.0, &names.1))?;
    }
    let mut files = vec![(format!("{stem}.obj"), w.obj.into_bytes()), (mtl_name, w.mtl.into_bytes())];
    files.extend(w.pngs);
    Ok(files)
}

/// The OBJ and MTL text being written, how many vertices precede, the
/// textures encoded so far (file name, PNG bytes) and the materials written.
struct Writer {
    obj: String,
    mtl: String,
    vertices: u32,
    pngs: Vec<(String, Vec<u8>)>,
    materials: std::collections::BTreeSet<String>,
}

impl Writer {
    /// One model's vertices (placed by `place`: model space → Z-up export
    /// space) and its batches of `geosets`: materials named
    /// `<material prefix>_batch<K>` and textures `<material prefix>_tex<N>.png`
    /// (each written once), groups `<group prefix>_batch<K>`.
    fn part(
        &mut self,
        lm: &LoadedModel,
        lod: &m2view_format::Lod,
        geosets: &std::collections::BTreeSet<u16>,
        place: &dyn Fn(&m2view_format::Vertex) -> (glam::Vec3, glam::Vec3),
        textures: &std::collections::BTreeMap<usize, m2view_format::blp::RgbaImage>,
        (prefix, group): (&str, &str),
    ) -> Result<(), String> {
        for v in &lm.model.vertices {
            let (p, n) = place(v);
            let [x, y, z] = zup_to_yup(p.into());
            let [a, b, c] = zup_to_yup(n.normalize_or_zero().into());
            // OBJ's v runs bottom to top.
            let _ = writeln!(self.obj, "v {x} {y} {z}\nvn {a} {b} {c}\nvt {} {}", v.uv[0][0], 1.0 - v.uv[0][1]);
        }
        for (k, batch) in lod.batches.iter().enumerate() {
            // A map tile's upper layers blend through an alpha map on UV set 1, which the exported
            // material cannot hold: its base layer is exported.
            if terrain_layer(&lm.model, batch) {
                continue;
            }
            let Some(sub) = lod.submeshes.get(batch.submesh as usize) else { continue };
            if !geosets.contains(&sub.geoset_id) {
                continue;
            }
            let range = sub.index_start as usize..(sub.index_start + sub.index_count) as usize;
            let Some(idx) = lod.indices.get(range) else { continue };
            let _ = writeln!(self.obj, "g {group}_batch{k}\nusemtl {prefix}_batch{k}");
            for t in idx.chunks_exact(3) {
                let [a, b, c] = [t[0], t[1], t[2]].map(|i| i + 1 + self.vertices);
                let _ = writeln!(self.obj, "f {a}/{a}/{a} {b}/{b}/{b} {c}/{c}/{c}");
            }
            if !self.materials.insert(format!("{prefix}_batch{k}")) {
                continue;
            }
            let _ = writeln!(self.mtl, "newmtl {prefix}_batch{k}\nKd 1 1 1");
            if let Some(t) = batch.textures.first().and_then(|t| t.texture).map(|t| t.index()) {
                let png = format!("{prefix}_tex{t}.png");
                if !self.pngs.iter().any(|(n, _)| *n == png)
                    && let Some((w, h, px)) = super::texture_rgba(lm, t, textures)
                {
                    let bytes = super::png(&px, w, h).map_err(|e| format!("{png}: {e}"))?;
                    self.pngs.push((png.clone(), bytes));
                }
                if self.pngs.iter().any(|(n, _)| *n == png) {
                    let _ = writeln!(self.mtl, "map_Kd {png}");
                }
            }
        }
        self.vertices += lm.model.vertices.len() as u32;
        Ok(())
    }
}
