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

/// The backends tried in turn when none is named: DX12, Vulkan, GL on
/// Windows; Metal, GL on macOS; Vulkan, GL elsewhere. An old or broken
/// driver often fails the first with a lost device where GL still works.
pub const FALLBACK_ORDER: &[wgpu::Backends] = if cfg!(windows) {
    &[wgpu::Backends::DX12, wgpu::Backends::VULKAN, wgpu::Backends::GL]
} else if cfg!(target_vendor = "apple") {
    &[wgpu::Backends::METAL, wgpu::Backends::GL]
} else {
    &[wgpu::Backends::VULKAN, wgpu::Backends::GL]
};

impl BackendChoice {
    /// The choices to try, in order: this one alone when it names a backend
    /// (`--backend`, `M2VIEW_BACKEND`) or `WGPU_BACKEND` is set, else one
    /// per backend of [`FALLBACK_ORDER`].
    pub fn attempts(self) -> Vec<BackendChoice> {
        if self.backends.is_some() || std::env::var_os("WGPU_BACKEND").is_some() {
            return vec![self];
        }
        self.each_fallback()
    }

    /// One choice per backend of [`FALLBACK_ORDER`], with this one's limits.
    fn each_fallback(self) -> Vec<BackendChoice> {
        FALLBACK_ORDER.iter().map(|&b| BackendChoice { backends: Some(b), ..self }).collect()
    }

    /// The backend's name in messages (`Vulkan`, `Gl`…; `auto` when none is named).
    pub fn name(self) -> String {
        match self.backends {
            Some(b) if b == wgpu::Backends::VULKAN => "Vulkan".into(),
            Some(b) if b == wgpu::Backends::GL => "Gl".into(),
            Some(b) if b == wgpu::Backends::DX12 => "Dx12".into(),
            Some(b) if b == wgpu::Backends::METAL => "Metal".into(),
            Some(b) => format!("{b:?}"),
            None => "auto".into(),
        }
    }

    /// Whether `M2VIEW_SKIP_BACKEND` names this backend (`vulkan`, `gl`,
    /// `dx12`, `metal`; comma-separated): a diagnostic switch that makes
    /// it fail as a broken driver would, to check the fallback.
    fn skipped(self) -> bool {
        let skip = std::env::var("M2VIEW_SKIP_BACKEND").unwrap_or_default();
        skip.split(',').filter_map(BackendChoice::parse).any(|c| c.backends.is_some() && c.backends == self.backends)
    }
}

/// Runs `attempt` on each of `choice`'s [`BackendChoice::attempts`] until one
/// succeeds; returns its result, the choice it ran on, and why the ones
/// before it failed (`"Vulkan: …"`), for the caller to report.
///
/// # Errors
/// Every attempt failed: the message names each backend and its failure.
pub fn first_working<T>(
    choice: BackendChoice,
    attempt: impl FnMut(BackendChoice) -> Result<T, String>,
) -> Result<(T, BackendChoice, Vec<String>), RenderError> {
    in_turn(choice.attempts(), attempt)
}

/// [`first_working`] over the choices `attempts`.
fn in_turn<T>(
    attempts: Vec<BackendChoice>,
    mut attempt: impl FnMut(BackendChoice) -> Result<T, String>,
) -> Result<(T, BackendChoice, Vec<String>), RenderError> {
    let mut failed = Vec::new();
    for c in attempts {
        let result = if c.skipped() { Err("skipped (M2VIEW_SKIP_BACKEND)".to_string()) } else { attempt(c) };
        match result {
            Ok(t) => return Ok((t, c, failed)),
            Err(e) => failed.push(format!("{}: {e}", c.name())),
        }
    }
    Err(RenderError::NoAdapter(failed.join("; ")))
}

impl Gpu {
    /// Creates a device without a surface on the backend of `M2VIEW_BACKEND`
    /// ([`BackendChoice`]; `WGPU_BACKEND` and friends otherwise). Requests
    /// BC texture compression when the adapter has it.
    pub fn headless() -> Result<Gpu, RenderError> {
        Self::headless_with(BackendChoice::current()?)
    }

    /// Creates a device without a surface on `choice`: where it names no
    /// backend, the first of [`FALLBACK_ORDER`] whose adapter and device
    /// requests succeed (a fallback is reported on stderr).
    ///
    /// # Errors
    /// No backend gave a device (each one's failure named).
    pub fn headless_with(choice: BackendChoice) -> Result<Gpu, RenderError> {
        let (gpu, used, failed) = first_working(choice, |c| {
            let instance = wgpu::Instance::new(c.instance_descriptor(None));
            let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
                power_preference: wgpu::PowerPreference::HighPerformance,
                ..Default::default()
            }))
            .map_err(|e| RenderError::NoAdapter(e.to_string()).to_string())?;
            Self::from_adapter(adapter, c).map_err(|e| e.to_string())
        })?;
        if !failed.is_empty() {
            eprintln!("m2view: using {} ({})", used.name(), failed.join("; "));
        }
        Ok(gpu)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_backend_is_tried_alone_and_auto_tries_each_in_turn() {
        let vulkan = BackendChoice::parse("vulkan").unwrap();
        assert_eq!(vulkan.attempts(), [vulkan]);
        let order: Vec<_> = BackendChoice::default().each_fallback().iter().map(|c| c.backends.unwrap()).collect();
        assert_eq!(order, FALLBACK_ORDER);
        let webgl2 = BackendChoice::parse("webgl2").unwrap();
        assert!(BackendChoice { backends: None, ..webgl2 }.each_fallback().iter().all(|c| c.webgl2));
    }

    #[test]
    fn the_first_backend_that_works_is_used_and_the_failures_are_named() {
        let attempts = BackendChoice::default().each_fallback();
        let first = attempts[0];
        let (t, used, failed) =
            in_turn(attempts.clone(), |c| if c == first { Err("device lost".into()) } else { Ok(7) }).unwrap();
        assert_eq!((t, used), (7, attempts[1]));
        assert_eq!(failed, [format!("{}: device lost", first.name())]);
        let e = in_turn(attempts.clone(), |c| Err::<(), _>(format!("no {}", c.name()))).unwrap_err().to_string();
        for c in attempts {
            assert!(e.contains(&format!("{0}: no {0}", c.name())), "{e}");
        }
    }
}
