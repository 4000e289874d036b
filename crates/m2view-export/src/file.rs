//! One model written in the format its file name asks for: the one
//! dispatch by extension that `export` and the window's Export dialog
//! share (glTF binary or text, FBX, OBJ, Warcraft III MDL or MDX).

use std::path::{Path, PathBuf};

use m2view_format::LoadedModel;

use crate::{ExportError, ExportOptions, fbx, gltf, obj, warcraft3};

/// A model format m2view writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// glTF 2.0, one binary `.glb`.
    Glb,
    /// glTF 2.0, `.gltf` JSON beside its `.bin` and PNG textures.
    Gltf,
    /// FBX 7.4 binary.
    Fbx,
    /// OBJ + MTL of one pose, PNG textures beside.
    Obj,
    /// Warcraft III MDL (text).
    Mdl,
    /// Warcraft III MDX (binary).
    Mdx,
}

impl Format {
    /// Every format, in the order the Export dialog offers them.
    pub const ALL: [Format; 6] = [Format::Glb, Format::Gltf, Format::Fbx, Format::Obj, Format::Mdl, Format::Mdx];

    /// The format `path`'s extension names (any case), if any.
    pub fn of(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_string_lossy().to_ascii_lowercase();
        Format::ALL.into_iter().find(|f| f.extension() == ext)
    }

    /// Its extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Glb => "glb",
            Format::Gltf => "gltf",
            Format::Fbx => "fbx",
            Format::Obj => "obj",
            Format::Mdl => "mdl",
            Format::Mdx => "mdx",
        }
    }

    /// Its name in menus: `glTF binary (.glb)`, …
    pub fn label(self) -> &'static str {
        match self {
            Format::Glb => "glTF binary (.glb)",
            Format::Gltf => "glTF (.gltf + .bin)",
            Format::Fbx => "FBX (.fbx)",
            Format::Obj => "OBJ (.obj + .mtl), one pose",
            Format::Mdl => "Warcraft III MDL (.mdl)",
            Format::Mdx => "Warcraft III MDX (.mdx)",
        }
    }
}

/// What a Warcraft III model is written as.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Warcraft3 {
    /// In its own version (a Reforged model stays Reforged).
    #[default]
    Keep,
    /// Classic (version 800): a Reforged model's HD materials become one
    /// diffuse layer each, their textures written as BLP into `blp` when given.
    Classic {
        /// The folder for the BLP textures (`None`: the paths are kept).
        blp: Option<PathBuf>,
    },
}

/// How the formats that take choices are written.
#[derive(Debug, Clone, Default)]
pub struct Writing {
    /// FBX: textures inside the file or beside it.
    pub fbx_textures: fbx::Textures,
    /// MDL/MDX: the version written.
    pub warcraft3: Warcraft3,
    /// OBJ: the bone matrices of the pose written (empty: the bind pose).
    pub obj_bones: Vec<glam::Mat4>,
}

/// Writes `lm` with `opts` to `out` in the format its extension names;
/// returns the warnings of a Warcraft III conversion (what it could not keep).
///
/// # Errors
/// An extension that names no [`Format`] ([`ExportError::Unsupported`],
/// naming the ones there are); what the format's writer refuses; a file
/// that cannot be written.
pub fn write_model(
    lm: &LoadedModel,
    opts: &ExportOptions,
    how: &Writing,
    out: &Path,
) -> Result<Vec<String>, ExportError> {
    let Some(format) = Format::of(out) else {
        return Err(ExportError::Unsupported(format!(
            "{}: the output must end in .glb, .gltf, .fbx, .obj, .mdl or .mdx",
            out.display()
        )));
    };
    match format {
        Format::Glb => crate::write(out, &gltf::to_glb(lm, opts)?).map(|()| Vec::new()),
        Format::Gltf => gltf::write_gltf(lm, opts, out).map(|()| Vec::new()),
        Format::Fbx => fbx::write_fbx(lm, opts, how.fbx_textures, out).map(|()| Vec::new()),
        Format::Obj => obj::write_obj(lm, &how.obj_bones, opts, out).map(|()| Vec::new()),
        Format::Mdl | Format::Mdx => {
            let ext = format.extension();
            let (bytes, notes) = match &how.warcraft3 {
                Warcraft3::Classic { blp } if lm.model.source.version > 800 => {
                    warcraft3::classic(lm, ext, blp.as_deref())?
                }
                _ => warcraft3::convert(lm, ext)?,
            };
            crate::write(out, &bytes)?;
            Ok(notes)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_by_extension_any_case() {
        assert_eq!(Format::of(Path::new("a/b.GLB")), Some(Format::Glb));
        assert_eq!(Format::of(Path::new("x.mdx")), Some(Format::Mdx));
        assert_eq!(Format::of(Path::new("x.png")), None);
        assert_eq!(Format::of(Path::new("noext")), None);
        for f in Format::ALL {
            assert_eq!(Format::of(Path::new(&format!("m.{}", f.extension()))), Some(f));
        }
    }
}
