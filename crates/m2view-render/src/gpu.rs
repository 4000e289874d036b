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

/// The backend and limits m2view asks for, from `M2VIEW_BACKEND` (what
/// `--backend` sets): `vulkan`, `gl`, `metal`, `dx12`, or `webgl2` — OpenGL
/// with WebGL2's limits (no storage buffers, no compute), so the renderer
/// takes the path a browser without WebGPU takes (the uniform bone palette,
/// CPU animation and particles). Unset or `auto`: wgpu's choice
/// (`WGPU_BACKEND` honoured).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BackendChoice {
    /// The backends to try (`None`: wgpu's from its environment).
    pub backends: Option<wgpu::Backends>,
    /// Ask for WebGL2's limits.
    pub webgl2: bool,
}

impl BackendChoice {
    /// The names `--backend` takes.
    pub const NAMES: &'static str = "auto, vulkan, gl, metal, dx12, webgl2";

    /// Parses a backend name ([`BackendChoice::NAMES`]).
    pub fn parse(name: &str) -> Option<BackendChoice> {
        let only = |b| Some(BackendChoice { backends: Some(b), webgl2: false });
        match name.trim().to_ascii_lowercase().as_str() {
            "" | "auto" => Some(BackendChoice::default()),
            "vulkan" => only(wgpu::Backends::VULKAN),
            "gl" => only(wgpu::Backends::GL),
            "metal" => only(wgpu::Backends::METAL),
            "dx12" => only(wgpu::Backends::DX12),
            "webgl2" => Some(BackendChoice { backends: Some(wgpu::Backends::GL), webgl2: true }),
            _ => None,
        }
    }

    /// The process's choice: what [`BackendChoice::set_current`] set, else
    /// `M2VIEW_BACKEND` (unset: auto).
    ///
    /// # Errors
    /// An unknown name, naming the ones there are.
    pub fn current() -> Result<BackendChoice, RenderError> {
        if let Some(c) = CURRENT.get() {
            return Ok(*c);
        }
        let name = std::env::var("M2VIEW_BACKEND").unwrap_or_default();
        Self::parse(&name).ok_or_else(|| {
            RenderError::NoAdapter(format!("unknown backend {name:?} in M2VIEW_BACKEND ({})", Self::NAMES))
        })
    }

    /// Makes `self` the process's choice (`--backend`); the first call wins.
    pub fn set_current(self) {
        let _ = CURRENT.set(self);
    }

    /// An instance descriptor (`with_display`: one that can make window surfaces).
    pub fn instance_descriptor(self, with_display: Option<wgpu::InstanceDescriptor>) -> wgpu::InstanceDescriptor {
        let mut d = with_display.unwrap_or_else(wgpu::InstanceDescriptor::new_without_display_handle_from_env);
        if let Some(b) = self.backends {
            d.backends = b;
        }
        d
    }
}

/// The choice `--backend` made.
static CURRENT: std::sync::OnceLock<BackendChoice> = std::sync::OnceLock::new();

impl Gpu {
    /// Creates a device without a surface on the backend of `M2VIEW_BACKEND`
    /// ([`BackendChoice`]; `WGPU_BACKEND` and friends otherwise). Requests
    /// BC texture compression when the adapter has it.
    pub fn headless() -> Result<Gpu, RenderError> {
        Self::headless_with(BackendChoice::current()?)
    }

    /// Creates a device without a surface on `choice`.
    pub fn headless_with(choice: BackendChoice) -> Result<Gpu, RenderError> {
        let instance = wgpu::Instance::new(choice.instance_descriptor(None));
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            ..Default::default()
        }))
        .map_err(|e| RenderError::NoAdapter(e.to_string()))?;
        Self::from_adapter(adapter, choice)
    }

    /// Creates the device on a chosen adapter, with the limits of `choice`.
    pub fn from_adapter(adapter: wgpu::Adapter, choice: BackendChoice) -> Result<Gpu, RenderError> {
        let (device, queue) = pollster::block_on(adapter.request_device(&device_descriptor(&adapter, choice)))
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
/// default limits raised to the adapter's resolution limits — or WebGL2's
/// limits for a `webgl2` choice (and on an adapter that has no more).
pub fn device_descriptor(adapter: &wgpu::Adapter, choice: BackendChoice) -> wgpu::DeviceDescriptor<'static> {
    let features = adapter.features() & wgpu::Features::TEXTURE_COMPRESSION_BC;
    let base = if choice.webgl2 || adapter.limits().max_storage_buffers_per_shader_stage == 0 {
        wgpu::Limits::downlevel_webgl2_defaults()
    } else {
        wgpu::Limits::default()
    };
    wgpu::DeviceDescriptor {
        label: Some("m2view"),
        required_features: if choice.webgl2 { wgpu::Features::empty() } else { features },
        required_limits: base.using_resolution(adapter.limits()),
        ..Default::default()
    }
}
