//! Writing a Warcraft III model back in its own formats: MDL text or MDX
//! (`m2view export model.mdx -o model.mdl`, and back), through
//! `m2view_format::mdl` (the `wc3` crate). The model is converted as its
//! file holds it — every chunk, not what m2view draws — so a model read
//! from MDL and written as MDX (and back) gives the same `info`.

use m2view_format::{LoadedModel, SourceFormat};

/// The bytes of `lm`'s model as `ext` (`mdl` or `mdx`) and notes on what
/// the target cannot hold. Errors: not a Warcraft III model (M2, WMO, ADT
/// and WoW alpha MDX are refused by name), the file cannot be read again,
/// or `wc3` refuses it.
pub fn convert(lm: &LoadedModel, ext: &str) -> Result<(Vec<u8>, Vec<String>), String> {
    let m = &lm.model;
    if m.source.format != SourceFormat::Mdx || m.source.version >= 1300 {
        return Err(format!(
            "only Warcraft III models (MDX or MDL) are written as .{ext}; this is {:?} v{}",
            m.source.format, m.source.version
        ));
    }
    let name = lm.path.display().to_string();
    let bytes = lm.read(&lm.path).map_err(|e| e.to_string())?;
    // What reading MDL text tolerated (skipped fields, corrected counts) is said again here.
    let (mdx, mut notes) = m2view_format::mdl::mdx_bytes(bytes).map_err(|e| e.in_file(&name).to_string())?;
    match ext {
        "mdl" => {
            let (text, more) = m2view_format::mdl::mdx_to_mdl(&mdx).map_err(|e| e.in_file(&name).to_string())?;
            notes.extend(more);
            Ok((text.into_bytes(), notes))
        }
        _ => Ok((m2view_format::mdl::normalized_mdx(&mdx).map_err(|e| e.in_file(&name).to_string())?, notes)),
    }
}
