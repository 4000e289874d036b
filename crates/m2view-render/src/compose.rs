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
//! client); a multiply layer blends `src × dst` in the pipeline, an overlay
//! layer reads a copy of what is below ([`Blend`]). [`compose_cpu`] is the reference the tests hold it to: the
//! same sampling (texel centres, clamp) and blend in floats, rounded.
//!
//! A layer without an image (its file missing or broken) is drawn as a
//! magenta and black checker of 8-pixel squares ([`placeholder`]), so the
//! gap is visible where it is.

use m2view_format::blp::RgbaImage;

use crate::context::{SAMPLER, TEXTURE, entry};

/// The composed texture's format.
pub const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// How a layer (other than the first, which replaces) meets what is below:
/// with `s` the layer, `d` below and `a` the layer's alpha, colour
/// `mix(d, f(d, s), a)` and alpha `a + d.a·(1 − a)`, where `f` is `s`
/// (over), `s·d` (multiply) or the overlay of `s` on `d` (`2sd` where
/// `d < ½`, else `1 − 2(1 − s)(1 − d)`): the Qt composition modes WMVx
/// `CharacterTextureBuilder::mergeLayer` composes a 9.0+ character's
/// `ChrModelTextureLayer.BlendMode` 4 and 6 with (every other mode is over).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Blend {
    /// Over (alpha blending).
    #[default]
    Over,
    /// Multiply.
    Multiply,
    /// Overlay.
    Overlay,
}

impl Blend {
    /// The blend of a 9.0+ `ChrModelTextureLayer.BlendMode` (WMVx
    /// `CharacterTextureBuilder::BlendMode`: 4 multiply, 6 overlay).
    pub fn of_layer_mode(mode: u32) -> Blend {
        match mode {
            4 => Blend::Multiply,
            6 => Blend::Overlay,
            _ => Blend::Over,
        }
    }

    /// `f(d, s)` of one channel (see the type's docs).
    fn channel(self, d: f32, s: f32) -> f32 {
        match self {
            Blend::Over => s,
            Blend::Multiply => s * d,
            Blend::Overlay if d < 0.5 => 2.0 * s * d,
            Blend::Overlay => 1.0 - 2.0 * (1.0 - s) * (1.0 - d),
        }
    }
}

/// One layer: where it goes, what (`None`: the placeholder) and how it blends.
#[derive(Debug, Clone, Copy)]
pub struct ComposeLayer<'a> {
    /// `x, y, width, height` in target pixels.
    pub rect: [u32; 4],
    /// The image, scaled to the rectangle.
    pub image: Option<&'a RgbaImage>,
    /// How it meets what is below (the first layer replaces it).
    pub blend: Blend,
}

impl<'a> ComposeLayer<'a> {
    /// A layer blended over what is below.
    pub fn new(rect: [u32; 4], image: Option<&'a RgbaImage>) -> ComposeLayer<'a> {
        ComposeLayer { rect, image, blend: Blend::Over }
    }
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
                        let f = l.blend.channel(d[k], s[k]);
                        d[k] = f * s[3] + d[k] * (1.0 - s[3]);
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
    multiply: wgpu::RenderPipeline,
    overlay: wgpu::RenderPipeline,
    sampler: wgpu::Sampler,
}

impl Compositor {
    pub fn new(device: &wgpu::Device) -> Compositor {
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("compose layer"),
            entries: &[
                entry(0, wgpu::ShaderStages::FRAGMENT, TEXTURE),
                entry(1, wgpu::ShaderStages::FRAGMENT, SAMPLER),
                entry(2, wgpu::ShaderStages::FRAGMENT, TEXTURE),
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
        let pipeline = |fragment: &str, blend: Option<wgpu::BlendState>| {
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
                    entry_point: Some(fragment),
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
        // Colour `src × dst` (the shader gives `mix(1, s, a)`), alpha as over.
        let multiply = wgpu::BlendState {
            color: wgpu::BlendComponent {
                src_factor: wgpu::BlendFactor::Dst,
                dst_factor: wgpu::BlendFactor::Zero,
                operation: wgpu::BlendOperation::Add,
            },
            alpha: over.alpha,
        };
        Compositor {
            replace: pipeline("fs_layer", None),
            over: pipeline("fs_layer", Some(over)),
            multiply: pipeline("fs_multiply", Some(multiply)),
            overlay: pipeline("fs_overlay", None),
            layout,
            sampler,
        }
    }

    /// The pipeline of layer `i` blending as `blend` (the first replaces).
    fn pipeline(&self, i: usize, blend: Blend) -> &wgpu::RenderPipeline {
        match (i, blend) {
            (0, _) => &self.replace,
            (_, Blend::Over) => &self.over,
            (_, Blend::Multiply) => &self.multiply,
            (_, Blend::Overlay) => &self.overlay,
        }
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
        // What is below an overlay layer: a copy of the target made just before it.
        let overlays = layers.iter().skip(1).any(|l| l.blend == Blend::Overlay);
        let below = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("composed texture below an overlay"),
            size: if overlays {
                target.size()
            } else {
                wgpu::Extent3d { width: 1, height: 1, depth_or_array_layers: 1 }
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: FORMAT,
            usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
            view_formats: &[],
        });
        let below_view = below.create_view(&Default::default());
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
                        wgpu::BindGroupEntry { binding: 2, resource: wgpu::BindingResource::TextureView(&below_view) },
                    ],
                })
            })
            .collect();
        let view = target.create_view(&Default::default());
        let mut enc = device.create_command_encoder(&Default::default());
        // One pass per run of layers; an overlay layer starts a run of its own after the copy.
        let mut start = 0;
        while start < layers.len() {
            let overlay = start > 0 && layers[start].blend == Blend::Overlay;
            let end = if overlay {
                start + 1
            } else {
                (start + 1..layers.len()).find(|&k| layers[k].blend == Blend::Overlay).unwrap_or(layers.len())
            };
            if overlay {
                enc.copy_texture_to_texture(target.as_image_copy(), below.as_image_copy(), target.size());
            }
            let load = if start == 0 { wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT) } else { wgpu::LoadOp::Load };
            let mut pass = enc.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("compose"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations { load, store: wgpu::StoreOp::Store },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            for i in start..end {
                let [x, y, w, h] = layers[i].rect;
                let (x1, y1) = (x.saturating_add(w).min(size[0]), y.saturating_add(h).min(size[1]));
                if x >= x1 || y >= y1 {
                    continue;
                }
                pass.set_pipeline(self.pipeline(i, layers[i].blend));
                pass.set_bind_group(0, &groups[i], &[]);
                pass.set_viewport(x as f32, y as f32, w as f32, h as f32, 0.0, 1.0);
                pass.set_scissor_rect(x, y, x1 - x, y1 - y);
                pass.draw(0..6, 0..1);
            }
            drop(pass);
            start = end;
        }
        queue.submit([enc.finish()]);
        target
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiply_and_overlay_by_hand() {
        // Below: grey 100 (0.392); the layer: 200 (0.784), opaque, then half transparent.
        let grey = RgbaImage { width: 1, height: 1, pixels: vec![100, 100, 100, 255] };
        let light = |a: u8| RgbaImage { width: 1, height: 1, pixels: vec![200, 200, 200, a] };
        let one = |blend: Blend, a: u8| {
            let top = light(a);
            let layers = [
                ComposeLayer::new([0, 0, 1, 1], Some(&grey)),
                ComposeLayer { blend, ..ComposeLayer::new([0, 0, 1, 1], Some(&top)) },
            ];
            compose_cpu([1, 1], &layers)[0]
        };
        // Multiply: 0.392 × 0.784 = 0.3075 → 78; overlay (below < ½): 2 × 0.392 × 0.784 = 0.615 → 157.
        assert_eq!((one(Blend::Multiply, 255), one(Blend::Overlay, 255), one(Blend::Over, 255)), (78, 157, 200));
        // Half transparent (a = 128/255): mix(100, 78, 0.502) = 89; mix(100, 157, 0.502) = 129.
        assert_eq!((one(Blend::Multiply, 128), one(Blend::Overlay, 128)), (89, 129));
        assert_eq!(
            (Blend::of_layer_mode(4), Blend::of_layer_mode(6), Blend::of_layer_mode(15)),
            (Blend::Multiply, Blend::Overlay, Blend::Over)
        );
    }

    #[test]
    fn reference_pastes_scales_and_blends() {
        let base = RgbaImage { width: 1, height: 1, pixels: vec![100, 100, 100, 255] };
        // A 2x1 layer: opaque red and half-transparent blue, stretched over 4x2 pixels.
        let layer = RgbaImage { width: 2, height: 1, pixels: vec![255, 0, 0, 255, 0, 0, 255, 128] };
        let px = compose_cpu(
            [4, 4],
            &[ComposeLayer::new([0, 0, 4, 4], Some(&base)), ComposeLayer::new([0, 2, 4, 2], Some(&layer))],
        );
        let at = |x: usize, y: usize| &px[(y * 4 + x) * 4..(y * 4 + x) * 4 + 4];
        assert_eq!(at(3, 0), [100, 100, 100, 255], "the base fills the target");
        assert_eq!(at(0, 2), [255, 0, 0, 255], "the left edge clamps to red");
        // Right edge: blue at alpha 128 over grey: 100 * (1 - 0.502) = 50, 255 * 0.502 + 50 = 178.
        assert_eq!(at(3, 3), [50, 50, 178, 255]);
        // A layer without an image: the placeholder checker in its region.
        let px = compose_cpu([16, 8], &[ComposeLayer::new([0, 0, 16, 8], None)]);
        assert_eq!((&px[0..4], &px[8 * 4..8 * 4 + 4]), (&[255, 0, 255, 255][..], &[0, 0, 0, 255][..]));
    }
}
