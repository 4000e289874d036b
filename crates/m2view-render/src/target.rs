//! Offscreen colour + depth target with read-back to RGBA8.

use crate::{DEPTH_FORMAT, RenderError};

/// Colour format of offscreen targets (UNORM: gamma-space math, as the client).
pub const OFFSCREEN_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// An offscreen render target of `width × height` pixels.
pub struct OffscreenTarget {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    color: wgpu::Texture,
    /// Colour view.
    pub color_view: wgpu::TextureView,
    /// Depth view.
    pub depth_view: wgpu::TextureView,
}

impl OffscreenTarget {
    /// Creates the target in [`OFFSCREEN_FORMAT`].
    pub fn new(device: &wgpu::Device, width: u32, height: u32) -> OffscreenTarget {
        Self::with_format(device, width, height, OFFSCREEN_FORMAT)
    }

    /// Creates the target with colour `format` (`Rgba8Unorm` or `Bgra8Unorm`, e.g. a
    /// window surface's, so the image can be copied straight onto it).
    pub fn with_format(device: &wgpu::Device, width: u32, height: u32, format: wgpu::TextureFormat) -> OffscreenTarget {
        let size = wgpu::Extent3d { width, height, depth_or_array_layers: 1 };
        let tex = |format, usage| {
            device.create_texture(&wgpu::TextureDescriptor {
                label: Some("offscreen"),
                size,
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format,
                usage,
                view_formats: &[],
            })
        };
        let color = tex(
            format,
            wgpu::TextureUsages::RENDER_ATTACHMENT
                | wgpu::TextureUsages::COPY_SRC
                | wgpu::TextureUsages::TEXTURE_BINDING,
        );
        let depth = tex(DEPTH_FORMAT, wgpu::TextureUsages::RENDER_ATTACHMENT);
        OffscreenTarget {
            width,
            height,
            color_view: color.create_view(&Default::default()),
            depth_view: depth.create_view(&Default::default()),
            color,
        }
    }

    /// The colour texture (copy source).
    pub fn color_texture(&self) -> &wgpu::Texture {
        &self.color
    }

    /// Begins a pass that clears to `clear` (RGBA 0..1) and depth 1.
    pub fn begin_pass<'e>(&self, encoder: &'e mut wgpu::CommandEncoder, clear: [f64; 4]) -> wgpu::RenderPass<'e> {
        encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("offscreen"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &self.color_view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color { r: clear[0], g: clear[1], b: clear[2], a: clear[3] }),
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                view: &self.depth_view,
                depth_ops: Some(wgpu::Operations { load: wgpu::LoadOp::Clear(1.0), store: wgpu::StoreOp::Store }),
                stencil_ops: None,
            }),
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        })
    }

    /// Copies the colour target into RGBA8 rows (top row first, BGRA targets
    /// swizzled), waiting for the GPU.
    pub fn read_rgba(&self, device: &wgpu::Device, queue: &wgpu::Queue) -> Result<Vec<u8>, RenderError> {
        read_texture_rgba(device, queue, &self.color)
    }
}

/// Copies mip 0 of a 2D RGBA8 or BGRA8 `texture` (made with `COPY_SRC`)
/// into RGBA8 rows, top row first, BGRA swizzled; waits for the GPU.
///
/// # Errors
/// [`RenderError::Readback`] when the device is lost or mapping fails.
pub fn read_texture_rgba(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    texture: &wgpu::Texture,
) -> Result<Vec<u8>, RenderError> {
    let (tx, rx) = std::sync::mpsc::channel();
    read_texture_rgba_then(device, queue, texture, move |r| {
        let _ = tx.send(r);
    });
    device.poll(wgpu::PollType::wait_indefinitely()).map_err(|e| RenderError::Readback(e.to_string()))?;
    rx.recv().map_err(|e| RenderError::Readback(e.to_string()))?
}

/// [`read_texture_rgba`] without waiting: `done` gets the rows once the GPU
/// has copied them (when the device is polled natively; by the browser's
/// event loop in a web page, where nothing may block).
pub fn read_texture_rgba_then(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    texture: &wgpu::Texture,
    done: impl FnOnce(Result<Vec<u8>, RenderError>) + wgpu::WasmNotSend + 'static,
) {
    let (width, height) = (texture.width(), texture.height());
    let row = width * 4;
    let padded = row.div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT) * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("readback"),
        size: padded as u64 * height as u64,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut enc = device.create_command_encoder(&Default::default());
    enc.copy_texture_to_buffer(
        wgpu::TexelCopyTextureInfo {
            texture,
            mip_level: 0,
            origin: wgpu::Origin3d::ZERO,
            aspect: wgpu::TextureAspect::All,
        },
        wgpu::TexelCopyBufferInfo {
            buffer: &buffer,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(padded),
                rows_per_image: Some(height),
            },
        },
        wgpu::Extent3d { width, height, depth_or_array_layers: 1 },
    );
    queue.submit([enc.finish()]);
    let bgra = matches!(texture.format(), wgpu::TextureFormat::Bgra8Unorm | wgpu::TextureFormat::Bgra8UnormSrgb);
    let mapped = buffer.clone();
    buffer.slice(..).map_async(wgpu::MapMode::Read, move |r| {
        let rows = r.map_err(|e| RenderError::Readback(e.to_string())).and_then(|()| {
            let data = mapped.slice(..).get_mapped_range().map_err(|e| RenderError::Readback(e.to_string()))?;
            let mut out = Vec::with_capacity((row * height) as usize);
            for y in 0..height as usize {
                out.extend_from_slice(&data[y * padded as usize..y * padded as usize + row as usize]);
            }
            if bgra {
                out.chunks_exact_mut(4).for_each(|p| p.swap(0, 2));
            }
            Ok(out)
        });
        mapped.unmap();
        done(rows);
    });
}
