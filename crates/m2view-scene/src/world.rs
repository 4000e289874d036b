//! What a WMO makes of the eye inside it: its fog (`MFOG`) and where its
//! skybox (`MOSB`) stands (wowdev wiki "WMO").

use glam::{Mat4, Vec3};
use m2view_format::wmo::Wmo;

/// The fog an eye at `eye` (world space) sees among `wmos` (each with
/// its model → world placement): that of the first WMO the eye is in
/// ([`Wmo::fog_at`]: inside it, the last fog whose sphere holds the eye),
/// its look above water, starting at `end × start_scalar`; `None` outside
/// them all, or where the fog's distances are not finite and positive
/// (hostile files).
pub fn fog<'a>(wmos: impl IntoIterator<Item = (&'a Wmo, Mat4)>, eye: Vec3) -> Option<m2view_render::Fog> {
    wmos.into_iter().find_map(|(w, at)| {
        let f = w.fog_at(at.inverse().transform_point3(eye).into())?.fog;
        let end = Some(f.end).filter(|e| e.is_finite() && *e > 0.0)?;
        let start = if f.start_scalar.is_finite() { end * f.start_scalar.clamp(0.0, 1.0) } else { 0.0 };
        let [b, g, r, _] = f.color;
        Some(m2view_render::Fog { color: Vec3::new(r as f32, g as f32, b as f32) / 255.0, start, end })
    })
}

/// Model → world of a skybox `sky` for an eye at `eye` whose far plane
/// is `far` away: centred on the eye (the client draws skyboxes around
/// the camera, before everything and without depth), scaled so that its
/// bounding sphere reaches half way to the far plane.
pub fn sky_placement(sky: &m2view_format::Model, eye: Vec3, far: f32) -> Mat4 {
    let b = sky.bounds;
    let r = Vec3::from(b.min).length().max(Vec3::from(b.max).length()).max(b.radius);
    let s = if r.is_finite() && r > 1e-6 { 0.5 * far / r } else { 1.0 };
    Mat4::from_translation(eye) * Mat4::from_scale(Vec3::splat(s))
}
