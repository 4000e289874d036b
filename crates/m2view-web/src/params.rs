//! What the page's URL asks for:
//! `?model=URL` (a model; its skins, `.anim` files and textures are fetched
//! by name from the same folder), `?data=URL` (a folder served with index
//! pages: its models are listed and fetched with their companions when
//! opened, its client tables read; `?model=` is then a path inside it; an
//! MPQ or W3X archive is read by the native build only, said so),
//! `?dbc=URL` (repeatable: a folder of client tables, served with index
//! pages, searched before the data's own, as `--dbc` natively),
//! `?display=N` (a `CreatureDisplayInfo` id: that skin of the model, or
//! with `?data=` alone the model that display shows), `?sequence=NAME` (the
//! sequence to play, by name or index), `?time=MS` (paused at that time of
//! it), `?camera=NAME` (`front`, `iso`, … framed), `?background=RRGGBB`
//! (the 3D view's colour), `?embed=1` (only the 3D view and a sequence
//! picker).

/// The page's parameters.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Params {
    /// `?model=`: the model's URL (with `?data=`, its path in that folder).
    pub model: Option<String>,
    /// `?data=`: a folder's (or an archive's) URL.
    pub data: Option<String>,
    /// `?dbc=` (each): folders of client tables, first searched first.
    pub dbc: Vec<String>,
    /// `?display=`: a `CreatureDisplayInfo` id.
    pub display: Option<u32>,
    /// `?sequence=`: a sequence name (`Walk`) or index.
    pub sequence: Option<String>,
    /// `?time=`: paused at this time of the sequence, ms.
    pub time: Option<f32>,
    /// `?camera=`: a camera preset to frame the model from.
    pub camera: Option<m2view_render::camera::Preset>,
    /// `?embed=1`: the embed layout.
    pub embed: bool,
    /// `?background=RRGGBB`: the 3D view's colour (0..1 channels).
    pub background: Option<[f32; 3]>,
}

impl Params {
    /// The parameters of the page's URL.
    pub fn from_page() -> Params {
        let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
        Params::parse(&search)
    }

    /// Parses a query string (`?model=a.m2&embed=1`).
    pub fn parse(search: &str) -> Params {
        let Ok(q) = web_sys::UrlSearchParams::new_with_str(search) else { return Params::default() };
        let get = |k: &str| q.get(k).filter(|v| !v.is_empty());
        Params {
            model: get("model"),
            data: get("data"),
            dbc: q.get_all("dbc").iter().filter_map(|v| v.as_string()).filter(|v| !v.is_empty()).collect(),
            display: get("display").and_then(|v| v.parse().ok()),
            sequence: get("sequence"),
            time: get("time").and_then(|v| v.parse().ok()),
            camera: get("camera").and_then(|v| m2view_render::camera::Preset::parse(&v)),
            embed: get("embed").is_some_and(|v| v == "1" || v == "true"),
            background: get("background").and_then(|v| crate::app::parse_rgb(&v)),
        }
    }
}
