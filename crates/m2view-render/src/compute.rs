//! A compute kernel: one WGSL entry point over one bind group (a uniform
//! at binding 0, then storage buffers), dispatched one invocation per item
//! in workgroups of [`WORKGROUP`]. The GPU animation and the GPU particle
//! simulation are kernels.

use crate::context::{UNIFORM, entry};

/// Invocations per workgroup (`@workgroup_size` of every kernel's shader).
pub(crate) const WORKGROUP: u32 = 64;

/// A compute pipeline and the layout of its bind group.
pub(crate) struct ComputeKernel {
    pub layout: wgpu::BindGroupLayout,
    pipeline: wgpu::ComputePipeline,
    label: &'static str,
}

impl ComputeKernel {
    /// Entry point `entry_point` of `source`; binding 0 is a uniform, binding
    /// `1 + k` a storage buffer, read-only where `read_only[k]`. `None` where
    /// the device runs no compute shaders or has too few storage buffers per
    /// stage (the caller then keeps its CPU path).
    pub fn new(
        device: &wgpu::Device,
        label: &'static str,
        source: &str,
        entry_point: &str,
        read_only: &[bool],
    ) -> Option<ComputeKernel> {
        if !Self::fits(device, read_only.len()) {
            return None;
        }
        let cs = wgpu::ShaderStages::COMPUTE;
        let storage = |(k, &read_only): (usize, &bool)| {
            let ty = wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only },
                has_dynamic_offset: false,
                min_binding_size: None,
            };
            entry(1 + k as u32, cs, ty)
        };
        let entries: Vec<_> =
            std::iter::once(entry(0, cs, UNIFORM)).chain(read_only.iter().enumerate().map(storage)).collect();
        let layout =
            device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor { label: Some(label), entries: &entries });
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some(label),
            source: wgpu::ShaderSource::Wgsl(source.into()),
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some(label),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some(label),
            layout: Some(&pipeline_layout),
            module: &module,
            entry_point: Some(entry_point),
            compilation_options: Default::default(),
            cache: None,
        });
        Some(ComputeKernel { layout, pipeline, label })
    }

    /// Whether `device` runs compute shaders with `storage_buffers` storage
    /// buffers per stage (what [`ComputeKernel::new`] needs), without building anything.
    pub fn fits(device: &wgpu::Device, storage_buffers: usize) -> bool {
        let limits = device.limits();
        limits.max_compute_invocations_per_workgroup >= WORKGROUP
            && limits.max_storage_buffers_per_shader_stage as usize >= storage_buffers
    }

    /// Records a pass running the kernel once per item of `items` with
    /// `bind_group` (nothing for none).
    pub fn dispatch(&self, encoder: &mut wgpu::CommandEncoder, bind_group: &wgpu::BindGroup, items: u32) {
        if items == 0 {
            return;
        }
        let mut pass = encoder
            .begin_compute_pass(&wgpu::ComputePassDescriptor { label: Some(self.label), timestamp_writes: None });
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, bind_group, &[]);
        pass.dispatch_workgroups(items.div_ceil(WORKGROUP), 1, 1);
    }
}
