//! Device creation without a window (offscreen rendering, tests, CLI) and
//! the adapter facts reported by `--stats`.

use std::fmt;

/// What can go wrong setting up or using the GPU.
#[derive(Debug)]
pub enum RenderError {
    /// No adapter (install a Vulkan driver; on Debian: `mesa-vulkan-drivers`).
    NoAdapter(String),
    /// Device request failed.
    Device(String),
    /// Read-back failed.
    Readback(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::NoAdapter(e) => write!(
                f,
                "no GPU adapter found ({e}); without a GPU install Mesa's software Vulkan \
                 (Debian: apt-get install mesa-vulkan-drivers libvulkan1)"
            ),
            RenderError::Device(e) => write!(f, "GPU device request failed: {e}"),
            RenderError::Readback(e) => write!(f, "GPU read-back failed: {e}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// A device and queue with the adapter they came from.
pub struct Gpu {
    /// Adapter.
    pub adapter: wgpu::Adapter,
    /// Device.
    pub device: wgpu::Device,
    /// Queue.
    pub queue: wgpu::Queue,
}

impl Gpu {
    /// Creates a device without a surface, honouring `WGPU_BACKEND` and friends.
    /// Requests BC texture compression when the adapter has it.
    pub fn headless() -> Result<Gpu, RenderError> {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            ..Default::default()
        }))
        .map_err(|e| RenderError::NoAdapter(e.to_string()))?;
        Self::from_adapter(adapter)
    }

    /// Creates the device on a chosen adapter.
    pub fn from_adapter(adapter: wgpu::Adapter) -> Result<Gpu, RenderError> {
        let (device, queue) = pollster::block_on(adapter.request_device(&device_descriptor(&adapter)))
            .map_err(|e| RenderError::Device(e.to_string()))?;
        Ok(Gpu { adapter, device, queue })
    }

    /// One-line adapter description: name, backend, device type.
    pub fn adapter_summary(&self) -> String {
        let i = self.adapter.get_info();
        format!("{} ({:?}, {:?})", i.name, i.backend, i.device_type)
    }
}

/// The device descriptor m2view uses on `adapter`: BC compression if present,
/// default limits raised to what the adapter supports for storage buffers.
pub fn device_descriptor(adapter: &wgpu::Adapter) -> wgpu::DeviceDescriptor<'static> {
    let features = adapter.features() & wgpu::Features::TEXTURE_COMPRESSION_BC;
    wgpu::DeviceDescriptor {
        label: Some("m2view"),
        required_features: features,
        required_limits: wgpu::Limits::default().using_resolution(adapter.limits()),
        ..Default::default()
    }
}
