//! Static OBJ + MTL + PNG textures of one pose (what most tools accept):
//! the LOD's visible batches skinned on the CPU at the pose, Y-up like the
//! glTF export, one group and material per batch; the models placed in it
//! (a WMO's doodads, a tile's models and WMOs) baked in at their
//! placements, each model's materials and textures written once.

use std::fmt::Write as _;
use std::path::Path;

use m2view_format::LoadedModel;

use super::{ExportError, ExportOptions, ScenePart, exported_batches, zup_to_yup};

/// Writes [`obj_files`] for `out` (`.obj`) into `out`'s folder. Errors name the file.
pub fn write_obj(lm: &LoadedModel, bones: &[glam::Mat4], opts: &ExportOptions, out: &Path) -> Result<(), ExportError> {
    let stem = out.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "model".into());
    save(obj_files(lm, bones, opts, &stem)?, out)
}

/// Writes several models (a scene, a rider on its mount) as one OBJ in
/// their bind poses, each at its placement (a part hung on a bone of an
/// earlier one at that bone's bind position): groups `<stem>_part<P>_…`,
/// materials and textures per model (`<stem>_model<M>_…`, shared by its
/// placements); each part's items, worn models and placed models as
/// [`obj_files`] writes them; the header names `name`. Errors: as
/// [`obj_files`], naming the file.
pub fn write_parts(name: &str, parts: &[ScenePart], out: &Path) -> Result<(), ExportError> {
    let stem = out.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "model".into());
    let mut w = Writer::new(&stem, name);
    let mut worlds: Vec<glam::Mat4> = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        let world = match part.parent {
            Some((p, b)) if p < k => {
                let pivot = parts[p].lm.model.bones.get(b).map_or(glam::Vec3::ZERO, |b| glam::Vec3::from(b.pivot));
                worlds[p] * glam::Mat4::from_translation(pivot) * part.world
            }
            _ => part.world,
        };
        worlds.push(world);
        let m = parts.iter().position(|q| std::ptr::eq(q.lm, part.lm)).unwrap_or(k);
        let names = (format!("{stem}_model{m}"), format!("{stem}_part{k}"));
        w.model(part.lm, &[], part.opts, world, (&names.0, &names.1))?;
    }
    save(w.files(&stem), out)
}

/// Writes `files` into `out`'s folder (a browser saves [`obj_files`]
/// itself, as downloads).
fn save(files: Vec<(String, Vec<u8>)>, out: &Path) -> Result<(), ExportError> {
    let dir = out.parent().unwrap_or(Path::new(""));
    for (name, bytes) in files {
        crate::write(&dir.join(name), &bytes)?;
    }
    Ok(())
}

/// The files of an OBJ export named by `stem`, as (file name, bytes):
/// `<stem>.obj`, `<stem>.mtl`, and `<stem>_tex<N>.png` for every texture
/// used, with the model skinned by `bones` (model-space bone matrices,
/// e.g. `Pose::bones`; empty: bind pose), and the items of `opts` (bind
/// pose) placed on their attachments of that pose, each its own groups and
/// textures (`<stem>_item<K>_tex<N>.png`), the models worn on its skeleton
/// skinned by the same pose (`<stem>_worn<K>_…`), and the models of
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
) -> Result<Vec<(String, Vec<u8>)>, ExportError> {
    let mut w = Writer::new(stem, &lm.path.display().to_string());
    w.model(lm, bones, opts, glam::Mat4::IDENTITY, (stem, stem))?;
    Ok(w.files(stem))
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
    /// An empty export whose MTL is `<stem>.mtl`, its header naming `source`.
    fn new(stem: &str, source: &str) -> Writer {
        Writer {
            obj: format!("# {source} exported by m2view (Y-up)\nmtllib {stem}.mtl\n"),
            mtl: String::new(),
            vertices: 0,
            pngs: Vec::new(),
            materials: Default::default(),
        }
    }

    /// The files: `<stem>.obj`, `<stem>.mtl`, the PNGs.
    fn files(self, stem: &str) -> Vec<(String, Vec<u8>)> {
        let mut files =
            vec![(format!("{stem}.obj"), self.obj.into_bytes()), (format!("{stem}.mtl"), self.mtl.into_bytes())];
        files.extend(self.pngs);
        files
    }

    /// Model `lm` at `world` (model → export space, Z-up) skinned by
    /// `bones` (empty: bind pose) with what `opts` hangs on it, wears and
    /// places; materials named by `.0`, groups by `.1`.
    fn model(
        &mut self,
        lm: &LoadedModel,
        bones: &[glam::Mat4],
        opts: &ExportOptions,
        world: glam::Mat4,
        (materials, groups): (&str, &str),
    ) -> Result<(), ExportError> {
        let model = &lm.model;
        let lod = model.lods.get(opts.lod).ok_or(ExportError::Lod { lod: opts.lod, count: model.lods.len() })?;
        let geosets = opts.geosets.clone().unwrap_or_else(|| model.default_geosets(opts.lod));
        let skinned = |bones: &[glam::Mat4], v: &m2view_format::Vertex| {
            let (p, n) = if bones.is_empty() {
                (glam::Vec3::from(v.position), glam::Vec3::from(v.normal))
            } else {
                m2view_anim::skin::skin_vertex(v, bones)
            };
            (world.transform_point3(p), world.transform_vector3(n))
        };
        self.part(lm, lod, &geosets, &|v| skinned(bones, v), &opts.textures, (materials, groups))?;
        for (k, item) in opts.items.iter().enumerate() {
            let Some(a) = model.attachments.iter().find(|a| a.id == item.attachment) else { continue };
            let bone = a.bone.and_then(|b| bones.get(b.index())).copied().unwrap_or(glam::Mat4::IDENTITY);
            let at = world * bone * glam::Mat4::from_translation(glam::Vec3::from(a.position));
            let Some(ilod) = item.lm.model.lods.first() else { continue };
            let place = |v: &m2view_format::Vertex| {
                (at.transform_point3(v.position.into()), at.transform_vector3(v.normal.into()))
            };
            let geosets = item.lm.model.default_geosets(0);
            let names = (format!("{materials}_item{k}"), format!("{groups}_item{k}"));
            self.part(&item.lm, ilod, &geosets, &place, &Default::default(), (&names.0, &names.1))?;
        }
        // Worn models: each of their bones moves as the character's bone it follows.
        for (k, worn) in opts.skinned.iter().enumerate() {
            let Some(klod) = worn.lm.model.lods.first() else { continue };
            let follows: Vec<glam::Mat4> = match bones.is_empty() {
                true => Vec::new(),
                false => (0..worn.lm.model.bones.len())
                    .map(|i| bones.get(super::worn_on(worn, i)).copied().unwrap_or(glam::Mat4::IDENTITY))
                    .collect(),
            };
            let names = (format!("{materials}_worn{k}"), format!("{groups}_worn{k}"));
            let place = |v: &m2view_format::Vertex| skinned(&follows, v);
            self.part(&worn.lm, klod, &worn.geosets, &place, &worn.textures, (&names.0, &names.1))?;
        }
        // Placed models: each model's materials and textures once (numbered by first placement).
        let mut models: Vec<*const LoadedModel> = Vec::new();
        for (k, p) in opts.placed.iter().enumerate() {
            let Some(plod) = p.lm.model.lods.first() else { continue };
            let m = models.iter().position(|&q| std::ptr::eq(q, &*p.lm)).unwrap_or_else(|| {
                models.push(&*p.lm);
                models.len() - 1
            });
            let at = world * p.world;
            let place = |v: &m2view_format::Vertex| {
                (at.transform_point3(v.position.into()), at.transform_vector3(v.normal.into()))
            };
            let geosets = p.lm.model.default_geosets(0);
            let names = (format!("{materials}_model{m}"), format!("{groups}_placed{k}"));
            self.part(&p.lm, plod, &geosets, &place, &Default::default(), (&names.0, &names.1))?;
        }
        Ok(())
    }

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
    ) -> Result<(), ExportError> {
        for v in &lm.model.vertices {
            let (p, n) = place(v);
            let [x, y, z] = zup_to_yup(p.into());
            let [a, b, c] = zup_to_yup(n.normalize_or_zero().into());
            // OBJ's v runs bottom to top.
            let _ = writeln!(self.obj, "v {x} {y} {z}\nvn {a} {b} {c}\nvt {} {}", v.uv[0][0], 1.0 - v.uv[0][1]);
        }
        for (k, batch, _, idx) in exported_batches(&lm.model, lod, geosets) {
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
                    let bytes = super::png(&px, w, h)?;
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
