//! The video encoder the window's Export dialog records with: `m2view-video`'s
//! AV1 writer (MP4 or WebM) as an [`m2view_app::exporting::FrameSink`]. The
//! window's crate has no encoder of its own, so the web page builds without one.

use std::path::Path;

use m2view_app::AppError;
use m2view_app::exporting::FrameSink;
use m2view_video::VideoWriter;

/// A video being written.
struct Sink(VideoWriter);

impl FrameSink for Sink {
    fn push(&mut self, rgba: &[u8]) -> Result<(), AppError> {
        self.0.push(rgba).map_err(AppError::failure)
    }

    fn finish(self: Box<Self>) -> Result<(), AppError> {
        self.0.finish().map(|_| ()).map_err(AppError::failure)
    }
}

/// A [`FrameSink`] writing `out` (`.mp4` or `.webm`): `width × height`
/// pixels at `fps` frames per second ([`m2view_app::exporting::VideoWriter`]).
///
/// # Errors
/// Another extension, a size or rate out of range, an output that cannot
/// be created (each names the file).
pub fn writer(out: &Path, width: u32, height: u32, fps: f32) -> Result<Box<dyn FrameSink>, AppError> {
    Ok(Box::new(Sink(VideoWriter::create(out, width, height, fps).map_err(AppError::input)?)))
}
