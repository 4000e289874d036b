//! What the window's Export dialog takes out, and how: the open model in
//! any format `export` writes (its LOD, geosets, skin, character and items
//! as shown), a PNG still of the view, a turntable (GIF or APNG), a video
//! (where the front end gives an encoder: [`VideoWriter`]), and a
//! batch of the browser's models on a worker thread with progress and
//! cancel. The folder last exported to is remembered with the settings.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::sync::mpsc::Receiver;

use m2view_export::MaterialAnimation;
use m2view_export::file::Format;

/// What the dialog writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The model, in a format `export` writes.
    Model(Format),
    /// A PNG of the 3D view as shown.
    Still,
    /// A turntable of the model (`.gif`, or `.apng` keeping transparency).
    Turntable {
        /// Animated PNG instead of GIF.
        apng: bool,
    },
    /// A video of the sequence playing for one loop (AV1 in `.mp4`, or
    /// `.webm`), through the view's camera or turning once around the model.
    Video {
        /// WebM instead of MP4.
        webm: bool,
    },
}

/// Encodes frames into a video file. The window's front end gives one
/// ([`VideoWriter`]: m2view's command line wraps `m2view-video`'s AV1
/// encoder), so the window and the web page build without an encoder.
pub trait FrameSink: Send {
    /// Encodes the next frame: `width × height` RGBA, rows top first.
    ///
    /// # Errors
    /// A frame of another size, an encoder or write failure
    /// ([`crate::AppError::Failure`], naming the file).
    fn push(&mut self, rgba: &[u8]) -> Result<(), crate::AppError>;
    /// Writes the file out whole.
    ///
    /// # Errors
    /// An encoder or write failure ([`crate::AppError::Failure`], naming the file).
    fn finish(self: Box<Self>) -> Result<(), crate::AppError>;
}

/// Makes a [`FrameSink`] writing `path` (`.mp4` or `.webm`) of `width ×
/// height` pixels at `fps` frames per second; an error
/// ([`crate::AppError::Input`]: another extension, a size or rate out of
/// range, an output that cannot be created) names the file.
pub type VideoWriter = fn(&Path, u32, u32, f32) -> Result<Box<dyn FrameSink>, crate::AppError>;

/// The size of a video the dialog records (pixels).
pub const VIDEO_SIZE: [u32; 2] = [1280, 720];

/// The frame rate of a video the dialog records (the timeline's).
pub const VIDEO_FPS: f32 = 30.0;

/// The longest video the dialog records (frames: a minute at 30 fps).
pub const VIDEO_MAX_FRAMES: u32 = 1800;

impl Kind {
    /// Every kind, in the order the dialog offers them (videos where
    /// `video`: the front end has an encoder).
    pub fn all(video: bool) -> Vec<Kind> {
        let mut v: Vec<Kind> = Format::ALL.into_iter().map(Kind::Model).collect();
        v.extend([Kind::Still, Kind::Turntable { apng: false }, Kind::Turntable { apng: true }]);
        if video {
            v.extend([Kind::Video { webm: false }, Kind::Video { webm: true }]);
        }
        v
    }

    /// The extension of its file.
    pub fn extension(self) -> &'static str {
        match self {
            Kind::Model(f) => f.extension(),
            Kind::Still => "png",
            Kind::Turntable { apng: false } => "gif",
            Kind::Turntable { apng: true } => "apng",
            Kind::Video { webm: false } => "mp4",
            Kind::Video { webm: true } => "webm",
        }
    }

    /// Its name in the dialog.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Model(f) => f.label(),
            Kind::Still => "PNG still of the view (.png)",
            Kind::Turntable { apng: false } => "Turntable GIF (.gif)",
            Kind::Turntable { apng: true } => "Turntable animated PNG (.apng)",
            Kind::Video { webm: false } => "Video, AV1 in MP4 (.mp4)",
            Kind::Video { webm: true } => "Video, AV1 in WebM (.webm)",
        }
    }
}

/// The dialog's choices.
#[derive(Debug, Clone)]
pub struct ExportChoices {
    /// What is written.
    pub kind: Kind,
    /// glTF: the material animation (`KHR_animation_pointer`; `None`: none).
    pub animate_materials: Option<MaterialAnimation>,
    /// FBX: textures beside the file instead of inside it.
    pub fbx_copy_textures: bool,
    /// MDL/MDX of a Reforged model: classic (800), its textures as BLP beside.
    pub classic: bool,
    /// The folder written to (remembered).
    pub folder: PathBuf,
    /// The file name typed (the model's name and the kind's extension when empty).
    pub name: String,
    /// A video turns once around the model instead of keeping the view's camera.
    pub video_turntable: bool,
}

impl Default for ExportChoices {
    fn default() -> Self {
        ExportChoices {
            kind: Kind::Model(Format::Glb),
            animate_materials: None,
            fbx_copy_textures: false,
            classic: false,
            folder: PathBuf::from("."),
            name: String::new(),
            video_turntable: false,
        }
    }
}

impl ExportChoices {
    /// The file for the model at `model`: the name typed, else the model's
    /// stem, with the kind's extension.
    pub fn path_for(&self, model: &Path) -> PathBuf {
        let typed = self.name.trim();
        let stem = if typed.is_empty() {
            model.file_stem().map_or_else(|| "model".to_string(), |s| s.to_string_lossy().into_owned())
        } else {
            Path::new(typed).file_stem().map_or_else(|| typed.to_string(), |s| s.to_string_lossy().into_owned())
        };
        self.folder.join(format!("{stem}.{}", self.kind.extension()))
    }

    /// How a model is written with these choices (`bones`: the pose an OBJ takes).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn writing(&self, out: &Path, bones: Vec<glam::Mat4>) -> m2view_export::file::Writing {
        use m2view_export::file::{Warcraft3, Writing};
        Writing {
            fbx_textures: if self.fbx_copy_textures {
                m2view_export::fbx::Textures::Copy
            } else {
                m2view_export::fbx::Textures::Embed
            },
            warcraft3: if self.classic {
                Warcraft3::Classic { blp: Some(out.parent().unwrap_or(Path::new(".")).to_path_buf()) }
            } else {
                Warcraft3::Keep
            },
            obj_bones: bones,
        }
    }
}

/// A batch export running on a worker thread (natively: a browser writes
/// no folders).
pub struct Batch {
    /// Models written (or failed) so far.
    pub done: Arc<AtomicUsize>,
    /// Models in all.
    pub total: usize,
    /// Set to stop after the model being written.
    pub cancel: Arc<AtomicBool>,
    rx: Receiver<BatchReport>,
}

/// What a finished batch did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BatchReport {
    /// Files written.
    pub written: usize,
    /// Each model that failed, with why.
    pub failed: Vec<String>,
    /// Whether it was cancelled before the end.
    pub cancelled: bool,
}

impl Batch {
    /// Writes each of `models` (virtual paths of `opts`' sources) into
    /// `folder` under its own path, the extension `format`'s (as wow.export
    /// lays out its exports): LOD 0, the game's default geosets, every
    /// sequence, dressed as it opens.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn start(models: Vec<String>, format: Format, folder: PathBuf, opts: crate::open::OpenOptions) -> Batch {
        use std::sync::atomic::Ordering;
        let (done, cancel) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicBool::new(false)));
        let (tx, rx) = std::sync::mpsc::channel();
        let total = models.len();
        let (d, c) = (done.clone(), cancel.clone());
        crate::platform::spawn(move || {
            let mut report = BatchReport::default();
            for m in &models {
                if c.load(Ordering::Relaxed) {
                    report.cancelled = true;
                    break;
                }
                let out = folder.join(Path::new(m).with_extension(format.extension()));
                match export_one(Path::new(m), &out, &opts) {
                    Ok(()) => report.written += 1,
                    Err(e) => report.failed.push(format!("{m}: {e}")),
                }
                d.fetch_add(1, Ordering::Relaxed);
            }
            let _ = tx.send(report);
        });
        Batch { done, total, cancel, rx }
    }

    /// The report once the worker is done.
    pub fn poll(&self) -> Option<BatchReport> {
        self.rx.try_recv().ok()
    }
}

/// Opens `model` and writes it to `out` (folders made as needed).
#[cfg(not(target_arch = "wasm32"))]
fn export_one(model: &Path, out: &Path, opts: &crate::open::OpenOptions) -> Result<(), String> {
    let mut o = crate::open::Opened::open(model, opts).map_err(|e| e.to_string())?;
    for i in 0..o.lm.model.sequences.len() {
        // A sequence whose .anim is missing keeps no keys; the export goes on.
        let _ = o.lm.load_anim(m2view_format::SequenceId(i as u16));
    }
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let how = m2view_export::file::Writing::default();
    m2view_export::file::write_model(&o.lm, &Default::default(), &how, out).map(drop).map_err(|e| e.to_string())
}

/// Several models written together into `out`, in the format its
/// extension names (`.glb`, `.gltf`, `.fbx`, `.obj` in the bind pose):
/// a scene, a map's tiles, a rider on its mount. `name` names the glTF
/// scene and the OBJ; `camera` is a scene's camera path; `fbx_textures`
/// says whether an FBX embeds its textures or copies them beside it.
///
/// # Errors
/// Another extension ([`crate::AppError::Input`]); a write that fails (names `out`).
#[cfg(not(target_arch = "wasm32"))]
pub fn write_together(
    out: &Path,
    name: &str,
    parts: &[m2view_export::ScenePart],
    camera: Option<&m2view_export::CameraTrack>,
    fbx_textures: m2view_export::fbx::Textures,
) -> Result<(), crate::AppError> {
    use m2view_export::{fbx, gltf, obj};
    let ext = out.extension().map(|e| e.to_string_lossy().to_lowercase()).unwrap_or_default();
    let failed = |e: String| crate::AppError::Failure(format!("{}: {e}", out.display()));
    match ext.as_str() {
        "glb" | "gltf" => {
            match gltf::scene(name, parts, camera, out, ext == "glb").map_err(crate::AppError::failure)? {
                Some(bytes) => std::fs::write(out, bytes).map_err(|e| failed(e.to_string())),
                None => Ok(()),
            }
        }
        "fbx" => fbx::write_scene(parts, camera, fbx_textures, out).map_err(crate::AppError::failure),
        "obj" => obj::write_parts(name, parts, out).map_err(crate::AppError::failure),
        _ => Err(crate::AppError::Input(format!(
            "{}: several models are exported as .glb, .gltf, .fbx or .obj",
            out.display()
        ))),
    }
}

/// Loads every external sequence's `.anim` of `lm`; returns a warning
/// for each that fails (naming it; that sequence keeps no keys).
pub fn load_all_anims(lm: &mut m2view_format::LoadedModel) -> Vec<String> {
    (0..lm.model.sequences.len())
        .filter_map(|i| lm.load_anim(m2view_format::SequenceId(i as u16)).err().map(|e| e.to_string()))
        .collect()
}

/// Writes `scene` whole into `out` ([`write_together`]): every model, WMO
/// and tile with every sequence, at its placement, shared meshes once.
/// Returns the warnings of `.anim` files that did not load.
///
/// # Errors
/// As [`write_together`].
#[cfg(not(target_arch = "wasm32"))]
pub fn write_scene(
    scene: &crate::scene::Scene,
    out: &Path,
    animate_materials: Option<MaterialAnimation>,
    fbx_textures: m2view_export::fbx::Textures,
) -> Result<Vec<String>, crate::AppError> {
    let mut warnings = Vec::new();
    let mut loaded: Vec<(Arc<m2view_format::LoadedModel>, m2view_format::LoadedModel)> = Vec::new();
    for (shared, _) in &scene.loaded {
        if !loaded.iter().any(|(s, _)| Arc::ptr_eq(s, shared)) {
            let mut lm = (**shared).clone();
            warnings.extend(load_all_anims(&mut lm));
            loaded.push((shared.clone(), lm));
        }
    }
    let opts: Vec<m2view_export::ExportOptions> = (scene.loaded.iter())
        .map(|(_, placed)| m2view_export::ExportOptions {
            placed: placed.clone(),
            animate_materials,
            ..Default::default()
        })
        .collect();
    let parts: Vec<_> = (scene.file.models.iter().zip(&scene.loaded).zip(&opts))
        .map(|((m, (shared, _)), opts)| {
            let lm = &loaded.iter().find(|(s, _)| Arc::ptr_eq(s, shared)).expect("loaded above").1;
            m2view_export::ScenePart { lm, opts, world: m.placement(), parent: None }
        })
        .collect();
    let name = scene.path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    write_together(out, &name, &parts, scene.camera_track().as_ref(), fbx_textures)?;
    Ok(warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_is_named_after_the_model_or_the_name_typed() {
        let mut c = ExportChoices { folder: PathBuf::from("out"), ..Default::default() };
        assert_eq!(c.path_for(Path::new("Creature/Bear/Bear.m2")), Path::new("out/Bear.glb"));
        c.kind = Kind::Model(Format::Fbx);
        c.name = "my bear.obj".into();
        assert_eq!(c.path_for(Path::new("Bear.m2")), Path::new("out/my bear.fbx"), "the kind's extension wins");
        c.kind = Kind::Turntable { apng: true };
        assert_eq!(c.path_for(Path::new("Bear.m2")), Path::new("out/my bear.apng"));
        c.kind = Kind::Video { webm: true };
        assert_eq!(c.path_for(Path::new("Bear.m2")), Path::new("out/my bear.webm"));
        assert_eq!((Kind::all(false).len(), Kind::all(true).len()), (9, 11), "videos only with an encoder");
    }
}
