//! Composing a character's body texture: layer images pasted into
//! rectangles of one RGBA8 target, each blended over what is below (the
//! first replacing it), as the client builds a character's skin from its
//! base skin, face, hair and item texture components (the regions and the
//! order are the dressing crate's, `m2view_dress::character::body`).
//!
//! `Compositor` ([`crate::Renderer::compose`]) does it on the GPU: a render pass into a texture, one
//! viewport and draw per layer (`shaders/compose.wgsl`), bilinear sampling
//! with clamp-to-edge, blending `src·a + dst·(1 − a)` for colour and
//! `a + dst·(1 − a)` for alpha on a UNORM target (gamma space, as the
//! client). [`compose_cpu`] is the reference the tests hold it to: the
//! same sampling (texel centres, clamp) and blend in floats, rounded.
//!
//! A layer without an image (its file missing or broken) is drawn as a
//! magenta and black checker of 8-pixel squares ([`placeholder`]), so the
//! gap is visible where it is.

use m2view_format::blp::RgbaImage;

use crate::context::{SAMPLER, TEXTURE, entry};

/// The composed texture's format.
pub const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// One layer: where it goes and what (`None`: the placeholder).
#[derive(Debug, Clone, Copy)]
pub struct ComposeLayer<'a> {
    /// `x, y, width, height` in target pixels.
    pub rect: [u32; 4],
    /// The image, scaled to the rectangle.
    pub image: Option<&'a RgbaImage>,
}

/// The placeholder of a `w`×`h` region: magenta and black 8-pixel squares.
pub fn placeholder(w: u32, h: u32) -> RgbaImage {
    let pixels = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .flat_map(|(x, y)| if (x / 8 + y / 8) % 2 == 0 { [255, 0, 255, 255] } else { [0, 0, 0, 255] })
        .collect();
    RgbaImage { width: w.max(1), height: h.max(1), pixels }
}

/// The image of layer `l` (its own or the placeholder).
fn image_of<'a>(l: &ComposeLayer<'a>) -> std::borrow::Cow<'a, RgbaImage> {
    match l.image {
        Some(i) if i.width > 0 && i.height > 0 && i.pixels.len() == (i.width * i.height * 4) as usize => {
            std::borrow::Cow::Borrowed(i)
        }
        // At most 4096² (a rectangle that large is scaled down to the target anyway).
        _ => std::borrow::Cow::Owned(placeholder(l.rect[2].min(4096), l.rect[3].min(4096))),
    }
}

/// Bilinear sample of `img` at texture coordinates `(u, v)` in 0..1, with
/// clamp-to-edge: what a GPU's linear sampler returns (channels 0..1).
fn sample(img: &RgbaImage, u: f32, v: f32) -> [f32; 4] {
    let (w, h) = (img.width as i64, img.height as i64);
    let x = u * w as f32 - 0.5;
    let y = v * h as f32 - 0.5;
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let texel = |xi: i64, yi: i64| {
        let o = ((yi.clamp(0, h - 1) * w + xi.clamp(0, w - 1)) * 4) as usize;
        [0, 1, 2, 3].map(|k| img.pixels[o + k] as f32 / 255.0)
    };
    let (x0, y0) = (x0 as i64, y0 as i64);
    let (a, b, c, d) = (texel(x0, y0), texel(x0 + 1, y0), texel(x0, y0 + 1), texel(x0 + 1, y0 + 1));
    [0, 1, 2, 3].map(|k| {
        let top = a[k] + (b[k] - a[k]) * fx;
        let bottom = c[k] + (d[k] - c[k]) * fx;
        top + (bottom - top) * fy
    })
}

/// The reference composition: RGBA8 rows (top first) of a `size` target,
/// transparent black where no layer draws.
pub fn compose_cpu(size: [u32; 2], layers: &[ComposeLayer<'_>]) -> Vec<u8> {
    let [tw, th] = size;
    let mut out = vec![0f32; (tw * th * 4) as usize];
    for (i, l) in layers.iter().enumerate() {
        let img = image_of(l);
        let [x, y, w, h] = l.rect;
        for py in y..y.saturating_add(h).min(th) {
            for px in x..x.saturating_add(w).min(tw) {
                let u = (px - x) as f32 / w as f32 + 0.5 / w as f32;
                let v = (py - y) as f32 / h as f32 + 0.5 / h as f32;
                let s = sample(&img, u, v);
                let o = ((py * tw + px) * 4) as usize;
                let d = &mut out[o..o + 4];
                if i == 0 {
                    d.copy_from_slice(&s);
                } else {
                    for k in 0..3 {
                        d[k] = s[k] * s[3] + d[k] * (1.0 - s[3]);
                    }
                    d[3] = s[3] + d[3] * (1.0 - s[3]);
                }
            }
        }
    }
    out.iter().map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8).collect()
}

/// The GPU compositor: two pipelines (replace for the base, blend over for
/// the rest) and a sampler, built on first use.
pub(crate) struct Compositor {
    layout: wgpu::BindGroupLayout,
    replace: wgpu::RenderPipeline,
    over: wgpu::RenderPipeline,
    sampler: wgpu::Sampler,
}

impl Compositor {
    pub fn new(device: &wgpu::Device) -> Compositor {
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("compose layer"),
            entries: &[
                entry(0, wgpu::ShaderStages::FRAGMENT, TEXTURE),
                entry(1, wgpu::ShaderStages::FRAGMENT, SAMPLER),
            ],
        });
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("compose.wgsl"),
            source: wgpu::ShaderSource::Wgsl(crate::COMPOSE_SHADER.into()),
        });
        let pl = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("compose"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let pipeline = |blend: Option<wgpu::BlendState>| {
            device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some("compose"),
                layout: Some(&pl),
                vertex: wgpu::VertexState {
                    module: &module,
                    entry_point: Some("vs_layer"),
                    compilation_options: Default::default(),
                    buffers: &[],
                },
                fragment: Some(wgpu::FragmentState {
                    module: &module,
                    entry_point: Some("fs_layer"),
                    compilation_options: Default::default(),
                    targets: &[Some(wgpu::ColorTargetState {
                        format: FORMAT,
                        blend,
                        write_mask: wgpu::ColorWrites::ALL,
                    })],
                }),
                primitive: Default::default(),
                depth_stencil: None,
                multisample: Default::default(),
                multiview_mask: None,
                cache: None,
            })
        };
        let over = wgpu::BlendState {
            color: wgpu::BlendComponent {
                src_factor: wgpu::BlendFactor::SrcAlpha,
                dst_factor: wgpu::BlendFactor::OneMinusSrcAlpha,
                operation: wgpu::BlendOperation::Add,
            },
            alpha: wgpu::BlendComponent {
                src_factor: wgpu::BlendFactor::One,
                dst_factor: wgpu::BlendFactor::OneMinusSrcAlpha,
                operation: wgpu::BlendOperation::Add,
            },
        };
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("compose sampler"),
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            ..Default::default()
        });
        Compositor { replace: pipeline(None), over: pipeline(Some(over)), layout, sampler }
    }

    /// Composes `layers` into a new `size` texture (usable as a model
    /// texture, and copyable for read-back).
    pub fn compose(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        size: [u32; 2],
        layers: &[ComposeLayer<'_>],
    ) -> wgpu::Texture {
        let target = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("composed body texture"),
            size: wgpu::Extent3d { width: size[0].max(1), height: size[1].max(1), depth_or_array_layers: 1 },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: FORMAT,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT
                | wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        let groups: Vec<wgpu::BindGroup> = layers
            .iter()
            .map(|l| {
                let img = image_of(l);
                let view = crate::context::upload_rgba(device, queue, &img);
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some("compose layer"),
                    layout: &self.layout,
                    entries: &[
                        wgpu::BindGroupEntry { binding: 0, resource: wgpu::BindingResource::TextureView(&view) },
                        wgpu::BindGroupEntry { binding: 1, resource: wgpu::BindingResource::Sampler(&self.sampler) },
                    ],
                })
            })
            .collect();
        let view = target.create_view(&Default::default());
        let mut enc = device.create_command_encoder(&Default::default());
        {
            let mut pass = enc.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("compose"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT),
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            for (i, (l, g)) in layers.iter().zip(&groups).enumerate() {
                let [x, y, w, h] = l.rect;
                let (x1, y1) = (x.saturating_add(w).min(size[0]), y.saturating_add(h).min(size[1]));
                if x >= x1 || y >= y1 {
                    continue;
                }
                pass.set_pipeline(if i == 0 { &self.replace } else { &self.over });
                pass.set_bind_group(0, g, &[]);
                pass.set_viewport(x as f32, y as f32, w as f32, h as f32, 0.0, 1.0);
                pass.set_scissor_rect(x, y, x1 - x, y1 - y);
                pass.draw(0..6, 0..1);
            }
        }
        queue.submit([enc.finish()]);
        target
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_pastes_scales_and_blends() {
        let base = RgbaImage { width: 1, height: 1, pixels: vec![100, 100, 100, 255] };
        // A 2x1 layer: opaque red and half-transparent blue, stretched over 4x2 pixels.
        let layer = RgbaImage { width: 2, height: 1, pixels: vec![255, 0, 0, 255, 0, 0, 255, 128] };
        let px = compose_cpu(
            [4, 4],
            &[
                ComposeLayer { rect: [0, 0, 4, 4], image: Some(&base) },
                ComposeLayer { rect: [0, 2, 4, 2], image: Some(&layer) },
            ],
        );
        let at = |x: usize, y: usize| &px[(y * 4 + x) * 4..(y * 4 + x) * 4 + 4];
        assert_eq!(at(3, 0), [100, 100, 100, 255], "the base fills the target");
        assert_eq!(at(0, 2), [255, 0, 0, 255], "the left edge clamps to red");
        // Right edge: blue at alpha 128 over grey: 100 * (1 - 0.502) = 50, 255 * 0.502 + 50 = 178.
        assert_eq!(at(3, 3), [50, 50, 178, 255]);
        // A layer without an image: the placeholder checker in its region.
        let px = compose_cpu([16, 8], &[ComposeLayer { rect: [0, 0, 16, 8], image: None }]);
        assert_eq!((&px[0..4], &px[8 * 4..8 * 4 + 4]), (&[255, 0, 255, 255][..], &[0, 0, 0, 255][..]));
    }
}
