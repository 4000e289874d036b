//! What every renderer of the crate shares: the device and queue, the
//! target colour format, the four wrap-mode samplers, the placeholder
//! textures, texture upload and growing vertex buffers. Long-lived, one per
//! [`crate::Renderer`].

use crate::{BcFormat, TextureData};

/// Binding types of the bind group layouts.
pub(crate) const TEXTURE: wgpu::BindingType = wgpu::BindingType::Texture {
    sample_type: wgpu::TextureSampleType::Float { filterable: true },
    view_dimension: wgpu::TextureViewDimension::D2,
    multisampled: false,
};
pub(crate) const SAMPLER: wgpu::BindingType = wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering);
pub(crate) const UNIFORM: wgpu::BindingType = wgpu::BindingType::Buffer {
    ty: wgpu::BufferBindingType::Uniform,
    has_dynamic_offset: false,
    min_binding_size: None,
};

/// A bind group layout entry.
pub(crate) fn entry(binding: u32, visibility: wgpu::ShaderStages, ty: wgpu::BindingType) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry { binding, visibility, ty, count: None }
}

/// A bind group entry binding all of `buffer`.
pub(crate) fn buffer_entry(binding: u32, buffer: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
    wgpu::BindGroupEntry { binding, resource: buffer.as_entire_binding() }
}

/// Device, queue, samplers and placeholder textures.
pub(crate) struct Context {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub color_format: wgpu::TextureFormat,
    /// Clamp/clamp, repeat/clamp, clamp/repeat, repeat/repeat (index `wrap_u + 2 wrap_v`).
    pub samplers: [wgpu::Sampler; 4],
    pub white: wgpu::TextureView,
    pub gray: wgpu::TextureView,
    pub clear: wgpu::TextureView,
    /// (1, 1, 0, 0): an HD ORM map at rest ([`crate::material::Neutral::Orm`]).
    pub orm: wgpu::TextureView,
    /// Magenta checker: a texture file that is missing.
    pub missing: wgpu::TextureView,
    /// Grey checker: a replaceable slot nothing filled.
    pub replaceable: wgpu::TextureView,
    /// BC textures can be uploaded compressed.
    pub bc: bool,
}

fn checker(a: [u8; 4], b: [u8; 4]) -> Vec<u8> {
    (0..64).flat_map(|i| if (i % 8 < 4) ^ (i / 8 < 4) { a } else { b }).collect()
}

/// A buffer of `usage` holding `bytes` (padded to 4 bytes), written through
/// the queue rather than mapped at creation: Chromium's WebGPU refuses to
/// map buffers of more than about 100 KiB at creation.
pub(crate) fn buffer_with(ctx: &Context, label: &str, bytes: &[u8], usage: wgpu::BufferUsages) -> wgpu::Buffer {
    let size = (bytes.len() as u64).max(4).next_multiple_of(wgpu::COPY_BUFFER_ALIGNMENT);
    let buffer = ctx.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size,
        usage: usage | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let whole = bytes.len() / 4 * 4;
    ctx.queue.write_buffer(&buffer, 0, &bytes[..whole]);
    if whole < bytes.len() {
        let mut tail = [0u8; 4];
        tail[..bytes.len() - whole].copy_from_slice(&bytes[whole..]);
        ctx.queue.write_buffer(&buffer, whole as u64, &tail);
    }
    buffer
}

impl Context {
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue, color_format: wgpu::TextureFormat) -> Context {
        let sampler = |u: bool, v: bool| {
            let m = |w| {
                if w { wgpu::AddressMode::Repeat } else { wgpu::AddressMode::ClampToEdge }
            };
            device.create_sampler(&wgpu::SamplerDescriptor {
                label: Some("m2 sampler"),
                address_mode_u: m(u),
                address_mode_v: m(v),
                mag_filter: wgpu::FilterMode::Linear,
                min_filter: wgpu::FilterMode::Linear,
                mipmap_filter: wgpu::MipmapFilterMode::Linear,
                ..Default::default()
            })
        };
        let small = |data: &[u8], w: u32| {
            upload_texture(
                device,
                queue,
                &TextureData::Rgba { width: w, height: (data.len() / 4) as u32 / w, mips: vec![data.to_vec()] },
            )
        };
        Context {
            device: device.clone(),
            queue: queue.clone(),
            color_format,
            samplers: [sampler(false, false), sampler(true, false), sampler(false, true), sampler(true, true)],
            white: small(&[255; 4], 1),
            gray: small(&[128; 4], 1),
            clear: small(&[0; 4], 1),
            orm: small(&[255, 255, 0, 0], 1),
            missing: small(&checker([255, 0, 255, 255], [40, 0, 40, 255]), 8),
            replaceable: small(&checker([200, 200, 200, 255], [140, 140, 140, 255]), 8),
            bc: device.features().contains(wgpu::Features::TEXTURE_COMPRESSION_BC),
        }
    }

    /// The sampler for a model texture's wrap flags.
    pub fn sampler_for(&self, t: &m2view_format::Texture) -> &wgpu::Sampler {
        &self.samplers[t.wrap_u as usize + 2 * t.wrap_v as usize]
    }

    /// Uploads `data` (all levels) and returns its view.
    pub fn upload_texture(&self, data: &TextureData) -> wgpu::TextureView {
        upload_texture(&self.device, &self.queue, data)
    }

    /// Writes `bytes` into `slot`, growing it to the next power of two when too small.
    pub fn write_vertices(&self, slot: &mut Option<wgpu::Buffer>, label: &str, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if slot.as_ref().is_none_or(|b| b.size() < bytes.len() as u64) {
            *slot = Some(self.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: (bytes.len() as u64).next_power_of_two(),
                usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }));
        }
        if let Some(b) = slot {
            self.queue.write_buffer(b, 0, bytes);
        }
    }
}

/// Uploads one RGBA8 image (one level) and returns its view.
pub(crate) fn upload_rgba(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    img: &m2view_format::blp::RgbaImage,
) -> wgpu::TextureView {
    let data = TextureData::Rgba { width: img.width, height: img.height, mips: vec![img.pixels.clone()] };
    upload_texture(device, queue, &data)
}

/// Creates a texture with all levels of `data` and returns its view.
fn upload_texture(device: &wgpu::Device, queue: &wgpu::Queue, data: &TextureData) -> wgpu::TextureView {
    let (format, width, height, mips, block) = match data {
        TextureData::Rgba { width, height, mips } => (wgpu::TextureFormat::Rgba8Unorm, *width, *height, mips, 1),
        TextureData::Bc { format, width, height, mips } => (
            match format {
                BcFormat::Bc1 => wgpu::TextureFormat::Bc1RgbaUnorm,
                BcFormat::Bc2 => wgpu::TextureFormat::Bc2RgbaUnorm,
                BcFormat::Bc3 => wgpu::TextureFormat::Bc3RgbaUnorm,
            },
            *width,
            *height,
            mips,
            4,
        ),
    };
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("m2 texture"),
        size: wgpu::Extent3d { width, height, depth_or_array_layers: 1 },
        mip_level_count: mips.len().max(1) as u32,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    for (level, bytes) in mips.iter().enumerate() {
        let w = (width >> level).max(1);
        let h = (height >> level).max(1);
        let (bw, bh) = (w.div_ceil(block), h.div_ceil(block));
        let row =
            if block == 1 { w * 4 } else { bw * if format == wgpu::TextureFormat::Bc1RgbaUnorm { 8 } else { 16 } };
        queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &texture,
                mip_level: level as u32,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            bytes,
            wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(row), rows_per_image: Some(bh) },
            wgpu::Extent3d { width: bw * block, height: bh * block, depth_or_array_layers: 1 },
        );
    }
    texture.create_view(&Default::default())
}
