//! Debug overlay lines: a long-lived pipeline and a per-frame vertex buffer
//! that grows as needed. Callers build the line list on the CPU (see
//! [`LineList`]) so wireframes and normals need no polygon-mode feature.

use glam::{Mat4, Vec3};

use crate::DEPTH_FORMAT;
pub use crate::gpu_data::LineVertex;

/// The WGSL source of the line pipeline.
pub const LINES_SHADER: &str = shader!("lines.wgsl");

/// Line segments under construction.
#[derive(Debug, Clone, Default)]
pub struct LineList {
    /// Pairs of end points.
    pub vertices: Vec<LineVertex>,
}

impl LineList {
    /// Adds a segment.
    pub fn line(&mut self, a: Vec3, b: Vec3, color: [f32; 4]) {
        self.vertices.push(LineVertex { position: a.into(), color });
        self.vertices.push(LineVertex { position: b.into(), color });
    }

    /// Adds the 12 edges of a box.
    pub fn aabb(&mut self, min: Vec3, max: Vec3, color: [f32; 4]) {
        let c = |i: u32| {
            Vec3::new(
                if i & 1 == 0 { min.x } else { max.x },
                if i & 2 == 0 { min.y } else { max.y },
                if i & 4 == 0 { min.z } else { max.z },
            )
        };
        for (a, b) in [(0, 1), (2, 3), (4, 5), (6, 7), (0, 2), (1, 3), (4, 6), (5, 7), (0, 4), (1, 5), (2, 6), (3, 7)] {
            self.line(c(a), c(b), color);
        }
    }

    /// Adds a circle of `radius` around `center` in the plane of unit vectors `u`, `v` (24 segments).
    pub fn circle(&mut self, center: Vec3, u: Vec3, v: Vec3, radius: f32, color: [f32; 4]) {
        let at = |k: u32| {
            let a = k as f32 * std::f32::consts::TAU / 24.0;
            center + (u * a.cos() + v * a.sin()) * radius
        };
        for k in 0..24 {
            self.line(at(k), at(k + 1), color);
        }
    }

    /// Adds a small three-axis cross at `p`.
    pub fn cross(&mut self, p: Vec3, size: f32, color: [f32; 4]) {
        for axis in [Vec3::X, Vec3::Y, Vec3::Z] {
            self.line(p - axis * size, p + axis * size, color);
        }
    }

    /// Adds a square grid of `n` cells of `step` on the Z=0 plane around the origin.
    pub fn grid(&mut self, n: i32, step: f32, color: [f32; 4]) {
        let h = n as f32 * step * 0.5;
        for i in 0..=n {
            let t = -h + i as f32 * step;
            self.line(Vec3::new(t, -h, 0.0), Vec3::new(t, h, 0.0), color);
            self.line(Vec3::new(-h, t, 0.0), Vec3::new(h, t, 0.0), color);
        }
    }
}

/// GPU side of the overlay lines for one colour format.
pub struct LineRenderer {
    pipeline: wgpu::RenderPipeline,
    uniform: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    vertices: Option<wgpu::Buffer>,
    count: u32,
}

impl LineRenderer {
    /// Creates the pipeline for targets of `color_format` with [`DEPTH_FORMAT`].
    pub fn new(device: &wgpu::Device, color_format: wgpu::TextureFormat) -> LineRenderer {
        let shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("lines.wgsl"),
            source: wgpu::ShaderSource::Wgsl(LINES_SHADER.into()),
        });
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("lines"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        let pl = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("lines"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("lines"),
            layout: Some(&pl),
            vertex: wgpu::VertexState {
                module: &shader,
                entry_point: Some("vs_main"),
                compilation_options: Default::default(),
                buffers: &[Some(wgpu::VertexBufferLayout {
                    array_stride: std::mem::size_of::<LineVertex>() as u64,
                    step_mode: wgpu::VertexStepMode::Vertex,
                    attributes: &crate::gpu_data::LINE_ATTRIBUTES,
                })],
            },
            primitive: wgpu::PrimitiveState { topology: wgpu::PrimitiveTopology::LineList, ..Default::default() },
            depth_stencil: Some(wgpu::DepthStencilState {
                format: DEPTH_FORMAT,
                depth_write_enabled: Some(false),
                depth_compare: Some(wgpu::CompareFunction::LessEqual),
                stencil: Default::default(),
                bias: Default::default(),
            }),
            multisample: Default::default(),
            fragment: Some(wgpu::FragmentState {
                module: &shader,
                entry_point: Some("fs_main"),
                compilation_options: Default::default(),
                targets: &[Some(wgpu::ColorTargetState {
                    format: color_format,
                    blend: Some(wgpu::BlendState::ALPHA_BLENDING),
                    write_mask: wgpu::ColorWrites::ALL,
                })],
            }),
            multiview_mask: None,
            cache: None,
        });
        let uniform = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("lines camera"),
            size: 64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("lines"),
            layout: &layout,
            entries: &[wgpu::BindGroupEntry { binding: 0, resource: uniform.as_entire_binding() }],
        });
        LineRenderer { pipeline, uniform, bind_group, vertices: None, count: 0 }
    }

    /// Uploads this frame's lines and camera.
    pub fn prepare(&mut self, device: &wgpu::Device, queue: &wgpu::Queue, view_proj: Mat4, lines: &LineList) {
        let camera = crate::gpu_data::CameraUniform { view_proj: view_proj.to_cols_array_2d() };
        queue.write_buffer(&self.uniform, 0, bytemuck::bytes_of(&camera));
        self.count = lines.vertices.len() as u32;
        if lines.vertices.is_empty() {
            return;
        }
        let bytes = bytemuck::cast_slice::<LineVertex, u8>(&lines.vertices);
        let need = bytes.len() as u64;
        if self.vertices.as_ref().is_none_or(|b| b.size() < need) {
            self.vertices = Some(device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("lines"),
                size: need.next_power_of_two(),
                usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }));
        }
        if let Some(b) = &self.vertices {
            queue.write_buffer(b, 0, bytes);
        }
    }

    /// Records the lines into `pass`.
    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>) {
        let Some(b) = &self.vertices else { return };
        if self.count == 0 {
            return;
        }
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.set_vertex_buffer(0, b.slice(..));
        pass.draw(0..self.count, 0..1);
    }
}
