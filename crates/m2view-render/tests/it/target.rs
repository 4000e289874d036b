//! Offscreen targets on whatever adapter wgpu finds (lavapipe on CI): read-back
//! gives RGBA rows whether the target is RGBA or BGRA (the window renders the
//! 3D view in the surface's BGRA format and screenshots read it back).

use m2view_render::Gpu;
use m2view_render::target::OffscreenTarget;

#[test]
fn read_back_is_rgba_for_rgba_and_bgra_targets() {
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    for format in [wgpu::TextureFormat::Rgba8Unorm, wgpu::TextureFormat::Bgra8Unorm] {
        let t = OffscreenTarget::with_format(&gpu.device, 5, 3, format);
        let mut enc = gpu.device.create_command_encoder(&Default::default());
        drop(t.begin_pass(&mut enc, [1.0, 0.5, 0.0, 1.0]));
        gpu.queue.submit([enc.finish()]);
        let px = t.read_rgba(&gpu.device, &gpu.queue).unwrap();
        assert_eq!(px.len(), 5 * 3 * 4);
        for p in px.chunks_exact(4) {
            assert_eq!([p[0], p[2], p[3]], [255, 0, 255], "{format:?}");
            assert!(p[1].abs_diff(128) <= 1, "{format:?}: {p:?}");
        }
    }
}
