//! Reading World of Warcraft models: M2 (MD20 v256–274 and chunked MD21),
//! `.skin`, `.anim` and BLP, and MDX (Warcraft III v800, WoW alpha
//! v1300/v1400), into one version-independent [`Model`].
//!
//! Two layers, as in gltf-rs:
//! - [`raw`]: file-faithful structures mirroring the disk layout per version,
//!   parsed with nom through one checked reader ([`reader`]) with an
//!   allocation budget derived from the file size;
//! - [`model`]: one owned, validated model. [`convert`] (M2) and
//!   [`convert_mdx`] (MDX) are the only code that turns versions into it.
//!
//! Every malformed, truncated or inconsistent input yields an [`Error`] naming
//! the file, the structure path and the byte offset; nothing here panics on
//! input, loops without bound, or allocates past the budget.
//!
//! Sources: the wowdev wiki pages "M2", "M2/.skin", "MDX" and "BLP", and WebWowViewerCpp's and wow.export's loaders where the wiki is silent.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod adt;
pub mod blp;
pub mod blp_write;
pub mod companion;
#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;
pub mod m2;
pub mod mdl;
pub mod mdx;
pub mod model;
mod names;
pub mod raw;
pub mod reader;
pub mod skeleton;
pub mod wmo;

/// Errors naming file, structure path and byte offset (the `m2view-error` crate, shared with the table readers).
pub use m2view_error as error;

// The converters and writers under their historical paths.
pub use m2::convert;
#[cfg(any(test, feature = "fixtures"))]
pub use m2::writer;
pub use mdx::convert as convert_mdx;
#[cfg(any(test, feature = "fixtures"))]
pub use mdx::writer as writer_mdx;

pub use companion::{
    Companion, CompanionKind, LoadOptions, LoadedModel, load_model_file, parse_m2, parse_skin, read_bone_set,
};
pub use convert::m2_to_model;
pub use convert_mdx::mdx_to_model;
pub use error::{Error, ErrorKind, Result};
pub use model::*;
pub use names::{
    ANIM_UNTAGGED, ANIM_WARCRAFT3_ONLY, animation_id_for_name, animation_name, attachment_id_for_name, attachment_name,
    geoset_group_name, key_bone_name, warcraft3_animation_id,
};

/// Parses M2 bytes and converts them with the given `.skin` files (Wrath+;
/// pass none for inline-profile versions). `name` is used in errors.
pub fn model_from_bytes(m2: &[u8], name: &str, skins: &[(&str, &[u8])]) -> Result<Model> {
    check_model_magic(m2).map_err(|e| e.in_file(name))?;
    if is_mdx(m2) {
        return mdx_model_from_bytes(m2, name);
    }
    let file = parse_m2(m2, name)?;
    let version = file.md20.version;
    let skins =
        skins.iter().map(|(n, b)| Ok((n.to_string(), parse_skin(b, version, n)?))).collect::<Result<Vec<_>>>()?;
    m2_to_model(&file, &skins).map_err(|e| e.in_file(name))
}

/// True if a file name (or virtual path) names something m2view opens as
/// a model: `.m2`, `.mdx`, `.mdl` (Warcraft III's text form), a WMO root `.wmo` — not one of its group
/// files (`<root>_NNN.wmo`, wowdev wiki "WMO"), which open through their
/// root — or a map tile `.adt` (not its 4.0+ `_obj`/`_tex`/`_lod` parts).
pub fn is_model_name(path: &str) -> bool {
    let l = path.to_ascii_lowercase();
    if let Some(stem) = l.strip_suffix(".wmo") {
        let tail = stem.rsplit_once('_').map_or("", |(_, t)| t);
        return !(tail.len() == 3 && tail.bytes().all(|b| b.is_ascii_digit()));
    }
    if let Some(stem) = l.strip_suffix(".adt") {
        // The 4.0+ split files (`_obj0`, `_tex0`, `_lod`) are parts of their tile.
        return adt::split_suffix(stem).is_none();
    }
    l.ends_with(".m2") || l.ends_with(".mdx") || l.ends_with(".mdl")
}

/// True if `bytes` start with the MDX magic `MDLX`.
pub fn is_mdx(bytes: &[u8]) -> bool {
    bytes.starts_with(b"MDLX")
}

/// Refuses bytes that are no model before any structure is read: a model
/// starts with `MD20` (M2), `MD21` (chunked M2), `MDLX` (MDX) or is a WMO
/// (`MVER` then `MOHD`/`MOGP`, byte-reversed on disk) or a map tile (`MVER`
/// then `MHDR`). A texture
/// (`BLP1`/`BLP2`) or anything else is a plain error naming its first bytes,
/// instead of a structure error deep inside a file that was never a model.
pub fn check_model_magic(bytes: &[u8]) -> Result<()> {
    let head: [u8; 4] = bytes.get(..4).and_then(|b| b.try_into().ok()).unwrap_or_default();
    match &head {
        b"MD20" | b"MD21" | b"MDLX" => Ok(()),
        b"REVM" if wmo::is_wmo(bytes) || adt::is_adt(bytes) => Ok(()),
        b"REVM" if adt::is_split_part(bytes) => Err(Error::invalid(
            0,
            "a split map tile's texture or object file (_tex0, _obj0 …): open its root tile (Map_XX_YY.adt)",
        )),
        b"REVM" if adt::wdt::is_wdt(bytes) => {
            Err(Error::invalid(0, "a map's WDT, not a model: `info` lists its tiles; open one (Map_XX_YY.adt)"))
        }
        b"REVM" if adt::wdl::is_wdl(bytes) => Err(Error::invalid(
            0,
            "a map's WDL (its distant terrain), not a model: fly over its map (map:X) in the window",
        )),
        b"BLP1" | b"BLP2" => Err(Error::invalid(0, "a BLP texture, not a model (M2 or MDX)")),
        _ if bytes.len() < 4 => {
            Err(Error::invalid(0, format!("{} bytes: too short for an M2, MDX or BLP file", bytes.len())))
        }
        _ => {
            let shown: String = head.iter().map(|&b| if b.is_ascii_graphic() { b as char } else { '.' }).collect();
            Err(Error::invalid(0, format!("not an M2, MDX or BLP file: starts with {shown:?}")))
        }
    }
}

/// Parses and converts an MDX file (v800, v1300, v1400). `name` is used in errors.
pub fn mdx_model_from_bytes(bytes: &[u8], name: &str) -> Result<Model> {
    let file = raw::mdx::parse_mdx(bytes, name)?;
    mdx_to_model(&file).map_err(|e| e.in_file(name))
}
