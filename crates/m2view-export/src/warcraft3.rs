//! Writing a Warcraft III model back in its own formats: MDL text or MDX
//! (`m2view export model.mdx -o model.mdl`, and back), through
//! `m2view_format::mdl` (the `wc3` crate). The model is converted as its
//! file holds it — every chunk, not what m2view draws — so a model read
//! from MDL and written as MDX (and back) gives the same `info`.

use std::path::{Component, Path, PathBuf};

use m2view_format::blp_write::BlpTarget;
use m2view_format::{LoadedModel, SourceFormat};

use crate::ExportError;

/// The bytes of `lm`'s model as `ext` (`mdl` or `mdx`) and notes on what
/// the target cannot hold. Errors: not a Warcraft III model (M2, WMO, ADT
/// and WoW alpha MDX are refused by name), the file cannot be read again,
/// or `wc3` refuses it.
pub fn convert(lm: &LoadedModel, ext: &str) -> Result<(Vec<u8>, Vec<String>), ExportError> {
    let m = &lm.model;
    if m.source.format != SourceFormat::Mdx || m.source.version >= 1300 {
        return Err(ExportError::Unsupported(format!(
            "only Warcraft III models (MDX or MDL) are written as .{ext}; this is {:?} v{}",
            m.source.format, m.source.version
        )));
    }
    let name = lm.path.display().to_string();
    let bytes = lm.read(&lm.path)?;
    // What reading MDL text tolerated (skipped fields, corrected counts) is said again here.
    let (mdx, mut notes) = m2view_format::mdl::mdx_bytes(bytes).map_err(|e| e.in_file(&name))?;
    match ext {
        "mdl" => {
            let (text, more) = m2view_format::mdl::mdx_to_mdl(&mdx).map_err(|e| e.in_file(&name))?;
            notes.extend(more);
            Ok((text.into_bytes(), notes))
        }
        _ => Ok((m2view_format::mdl::normalized_mdx(&mdx).map_err(|e| e.in_file(&name))?, notes)),
    }
}

/// `lm`'s Reforged model made classic (v800, `m2view_format::mdx::classic`)
/// as `ext` (`mdl` or `mdx`), and notes; with `textures`, its DDS textures
/// written under that folder as BLP1 at the paths the model now names
/// (team colour masks baked in). Errors: as [`convert`], not a Reforged
/// model, or a texture that cannot be read, decoded or written.
pub fn classic(lm: &LoadedModel, ext: &str, textures: Option<&Path>) -> Result<(Vec<u8>, Vec<String>), ExportError> {
    let name = lm.path.display().to_string();
    let bytes = lm.read(&lm.path)?;
    let (mdx, mut notes) = m2view_format::mdl::mdx_bytes(bytes).map_err(|e| e.in_file(&name))?;
    let c = m2view_format::mdx::classic::to_classic(&mdx, textures.is_some()).map_err(|e| e.in_file(&name))?;
    notes.extend(c.notes);
    if let Some(dir) = textures {
        for t in &c.textures {
            let rgba = |index: usize| -> Result<(u32, u32, Vec<u8>), ExportError> {
                let path = lm
                    .texture_files
                    .get(index)
                    .cloned()
                    .flatten()
                    .ok_or_else(|| ExportError::Unsupported(format!("texture {index} not found")))?;
                let bytes = lm.read(&path)?;
                match m2view_texture::decode(bytes, false).map_err(|e| e.in_file(&path))? {
                    m2view_render::TextureData::Rgba { width, height, mut mips } => {
                        Ok((width, height, mips.swap_remove(0)))
                    }
                    _ => Err(ExportError::Unsupported(format!("{}: not decoded to RGBA", path.display()))),
                }
            };
            let (w, h, mut px) = match rgba(t.index) {
                Ok(image) => image,
                Err(e) => {
                    notes.push(format!("texture {} ({}) not converted: {e}", t.index, t.source));
                    continue;
                }
            };
            if let Some(orm) = t.team_mask {
                let (ow, oh, mask) =
                    rgba(orm).map_err(|e| ExportError::Unsupported(format!("team colour mask, texture {orm}: {e}")))?;
                // Nearest ORM texel per diffuse texel (the two may differ in size).
                for y in 0..h {
                    for x in 0..w {
                        let (ox, oy) = (x * ow / w, y * oh / h);
                        px[((y * w + x) * 4 + 3) as usize] = 255 - mask[((oy * ow + ox) * 4 + 3) as usize];
                    }
                }
            }
            let out = dir.join(relative(&t.path));
            if let Some(parent) = out.parent() {
                std::fs::create_dir_all(parent)
                    .map_err(|error| ExportError::Write { path: parent.to_path_buf(), error })?;
            }
            let blp = m2view_format::blp_write::write_blp(w, h, &px, BlpTarget::Blp1Palette)
                .map_err(|e| e.in_file(out.display().to_string()))?;
            crate::write(&out, &blp)?;
        }
    }
    match ext {
        "mdl" => {
            let (text, more) = m2view_format::mdl::mdx_to_mdl(&c.mdx).map_err(|e| e.in_file(&name))?;
            notes.extend(more);
            Ok((text.into_bytes(), notes))
        }
        _ => Ok((c.mdx, notes)),
    }
}

/// A model's texture path (`Textures\\x.blp`) as a relative path that
/// stays inside the folder it is joined to (no root, no `..`).
fn relative(path: &str) -> PathBuf {
    let mut out = PathBuf::new();
    for part in Path::new(&path.replace('\\', "/")).components() {
        if let Component::Normal(p) = part {
            out.push(p);
        }
    }
    out
}
