//! A scene drawn into an image: an offscreen target of its own, read back
//! (`m2view render`, turntables, video, thumbnails of the tests).

use m2view_render::camera::Camera;
use m2view_render::target::OffscreenTarget;
use m2view_render::{FrameBuilder, Gpu, RenderError, Renderer};

use crate::frame::{Prepared, Scene, SceneGpu};

/// Draws `scene` (uploaded as `gpu_scene`) through `cam` into a new
/// `width` × `height` target cleared to `background` (RGBA 0..1) and
/// reads it back: RGBA8 rows, top first, and what was drawn.
///
/// # Errors
/// The read-back fails ([`RenderError`]).
pub fn draw(
    gpu: &Gpu,
    renderer: &Renderer,
    gpu_scene: &mut SceneGpu,
    scene: Scene<'_>,
    cam: &Camera,
    (width, height): (u32, u32),
    background: [f64; 4],
) -> Result<(Vec<u8>, Prepared), RenderError> {
    let target = OffscreenTarget::new(&gpu.device, width, height);
    let mut enc = gpu.device.create_command_encoder(&Default::default());
    let prepared = gpu_scene.prepare(renderer, &gpu.queue, scene, cam, width as f32 / height as f32, &mut enc);
    {
        let mut pass = target.begin_pass(&mut enc, background);
        let mut frame = FrameBuilder::new();
        gpu_scene.add_to(&mut frame);
        renderer.record(&mut frame, &mut pass);
    }
    gpu.queue.submit([enc.finish()]);
    Ok((target.read_rgba(&gpu.device, &gpu.queue)?, prepared))
}
