//! Cameras: orbit presets framed from bounds, the model's own cameras, the
//! bounds to frame a posed model by (`frame_bounds`), and view/projection
//! matrices.
//! Model space is Z-up; WoW models face +X, so "front" looks from +X.

use glam::{Mat4, Vec3};
use m2view_format::Model;

/// A look-at camera.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    /// Eye position (model units).
    pub eye: Vec3,
    /// Target.
    pub target: Vec3,
    /// Up vector.
    pub up: Vec3,
    /// Vertical field of view (radians).
    pub fov_y: f32,
    /// Near plane.
    pub near: f32,
    /// Far plane.
    pub far: f32,
    /// Orthographic projection with this half height of the view (model
    /// units) instead of the perspective of `fov_y`; `None` for perspective.
    pub ortho: Option<f32>,
}

/// Preset directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    /// From +X (the model's front).
    Front,
    /// From −X.
    Back,
    /// From +Y (the model's left side).
    Left,
    /// From −Y.
    Right,
    /// From above.
    Top,
    /// Front-left, from above at 30°.
    Iso,
}

impl Preset {
    /// Parses `front|back|left|right|top|iso`.
    pub fn parse(s: &str) -> Option<Preset> {
        Some(match s {
            "front" => Preset::Front,
            "back" => Preset::Back,
            "left" => Preset::Left,
            "right" => Preset::Right,
            "top" => Preset::Top,
            "iso" => Preset::Iso,
            _ => return None,
        })
    }

    /// The name `parse` reads (`front`, …).
    pub fn name(self) -> &'static str {
        match self {
            Preset::Front => "front",
            Preset::Back => "back",
            Preset::Left => "left",
            Preset::Right => "right",
            Preset::Top => "top",
            Preset::Iso => "iso",
        }
    }

    /// Unit vector from the target toward the eye.
    pub fn direction(self) -> Vec3 {
        match self {
            Preset::Front => Vec3::X,
            Preset::Back => -Vec3::X,
            Preset::Left => Vec3::Y,
            Preset::Right => -Vec3::Y,
            Preset::Top => Vec3::new(0.0001, 0.0, 1.0).normalize(),
            Preset::Iso => Vec3::new(1.0, 0.8, 0.75).normalize(),
        }
    }
}

/// Which camera a render uses: a preset framing the model, a turntable
/// angle, or one of the model's own cameras.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CameraSpec {
    /// A preset direction, framing the model.
    Preset(Preset),
    /// Around Z from the front (+X) by this many degrees, 20° above the
    /// horizon, framing the model (turntables).
    Yaw(f32),
    /// The model's camera with this index (animated).
    Model(usize),
    /// Straight down, orthographic, north (+X) up and east (−Y) to the
    /// right, as the client's world map shows a zone (`--camera map`).
    Map,
    /// From a point (model units), looking `yaw` degrees about Z from +X
    /// toward +Y and `pitch` degrees up (`at:x,y,z[,yaw[,pitch]]`): a view
    /// from inside a WMO or across a tile.
    At {
        /// Eye position (model units).
        eye: Vec3,
        /// Degrees about Z from +X.
        yaw: f32,
        /// Degrees above the horizon.
        pitch: f32,
    },
    /// From a point toward another (model units, Z up) with this vertical
    /// field of view in degrees (`look:ex,ey,ez,tx,ty,tz[,fov]`; a scene's
    /// camera path); far enough to see everything drawn.
    Look {
        /// Eye position (model units).
        eye: Vec3,
        /// The point looked at (model units).
        target: Vec3,
        /// Vertical field of view, degrees.
        fov_y: f32,
    },
}

/// Why a camera could not be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CameraError {
    /// A camera spec that names no camera form.
    #[error("unknown camera {spec:?} (front|back|left|right|top|iso|map|yaw:<deg>|model:<n>|at:x,y,z,yaw,pitch)")]
    Unknown {
        /// The spec as given.
        spec: String,
    },
    /// A camera form whose values do not parse; `form` is how it is written.
    #[error("bad camera {spec:?}: {form}")]
    Malformed {
        /// The spec as given.
        spec: String,
        /// The form expected, e.g. `yaw:<degrees>`.
        form: &'static str,
    },
    /// `model:<index>` past the model's cameras.
    #[error("model has {count} cameras, no camera {index}")]
    NoCamera {
        /// The camera asked for.
        index: usize,
        /// The model's cameras.
        count: usize,
    },
}

impl std::str::FromStr for CameraSpec {
    type Err = CameraError;
    /// `front|back|left|right|top|iso|map`, `yaw:<degrees>`, `model:<index>`,
    /// `at:…` or `look:…`. Errors: [`CameraError::Unknown`] or `Malformed`.
    fn from_str(s: &str) -> Result<CameraSpec, CameraError> {
        let bad = |form| CameraError::Malformed { spec: s.to_string(), form };
        if s == "map" {
            return Ok(CameraSpec::Map);
        }
        if let Some(n) = s.strip_prefix("model:") {
            return n.parse().map(CameraSpec::Model).map_err(|_| bad("model:<index>"));
        }
        if let Some(d) = s.strip_prefix("yaw:") {
            return d.parse().map(CameraSpec::Yaw).map_err(|_| bad("yaw:<degrees>"));
        }
        if let Some(a) = s.strip_prefix("look:") {
            let bad = || bad("look:ex,ey,ez,tx,ty,tz[,fov] (model units, degrees)");
            let v: Vec<f32> =
                a.split(',').map(|x| x.trim().parse::<f32>()).collect::<Result<_, _>>().map_err(|_| bad())?;
            if !(6..=7).contains(&v.len()) || v.iter().any(|x| !x.is_finite()) {
                return Err(bad());
            }
            return CameraSpec::look(
                Vec3::new(v[0], v[1], v[2]),
                Vec3::new(v[3], v[4], v[5]),
                v.get(6).copied().unwrap_or(45.0),
            )
            .ok_or_else(bad);
        }
        if let Some(a) = s.strip_prefix("at:") {
            let bad = || bad("at:x,y,z[,yaw[,pitch]] (model units, degrees)");
            let v: Vec<f32> =
                a.split(',').map(|x| x.trim().parse::<f32>()).collect::<Result<_, _>>().map_err(|_| bad())?;
            if !(3..=5).contains(&v.len()) || v.iter().any(|x| !x.is_finite()) {
                return Err(bad());
            }
            let at = |i: usize| v.get(i).copied().unwrap_or(0.0);
            return Ok(CameraSpec::At { eye: Vec3::new(v[0], v[1], v[2]), yaw: at(3), pitch: at(4) });
        }
        Preset::parse(s).map(CameraSpec::Preset).ok_or_else(|| CameraError::Unknown { spec: s.to_string() })
    }
}

impl std::fmt::Display for CameraSpec {
    /// The spec as `FromStr` reads it (`front`, `yaw:30`, `model:0`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CameraSpec::Preset(p) => f.write_str(p.name()),
            CameraSpec::Yaw(d) => write!(f, "yaw:{d}"),
            CameraSpec::Model(i) => write!(f, "model:{i}"),
            CameraSpec::Map => f.write_str("map"),
            CameraSpec::At { eye, yaw, pitch } => write!(f, "at:{},{},{},{yaw},{pitch}", eye.x, eye.y, eye.z),
            CameraSpec::Look { eye, target, fov_y } => {
                write!(f, "look:{},{},{},{},{},{},{fov_y}", eye.x, eye.y, eye.z, target.x, target.y, target.z)
            }
        }
    }
}

impl CameraSpec {
    /// [`CameraSpec::Look`] from `eye` to `target` with `fov_y` degrees of
    /// vertical field; `None` where the two points are the same, the view
    /// is straight up or down (no horizon to keep level), or the field is
    /// outside 1–170°.
    pub fn look(eye: Vec3, target: Vec3, fov_y: f32) -> Option<CameraSpec> {
        let d = (target - eye).normalize_or_zero();
        let level = d != Vec3::ZERO && d.cross(Vec3::Z).length() > 1e-4;
        (level && (1.0..=170.0).contains(&fov_y)).then_some(CameraSpec::Look { eye, target, fov_y })
    }

    /// The direction from the target to the eye of a framing spec (`None`
    /// for a model camera).
    pub fn direction(self) -> Option<Vec3> {
        match self {
            CameraSpec::Map => Some(Vec3::Z),
            CameraSpec::Preset(p) => Some(p.direction()),
            CameraSpec::Yaw(deg) => {
                let (yaw, up) = (deg.to_radians(), 20f32.to_radians());
                Some(Vec3::new(yaw.cos() * up.cos(), yaw.sin() * up.cos(), up.sin()))
            }
            CameraSpec::Model(_) | CameraSpec::At { .. } | CameraSpec::Look { .. } => None,
        }
    }

    /// The camera framing the box `[min, max]` at `aspect` for this spec
    /// (`None` for a model camera, which needs the model's animation).
    pub fn framing(self, min: Vec3, max: Vec3, aspect: f32) -> Option<Camera> {
        match self {
            CameraSpec::Map => Some(Camera::map(min, max, aspect)),
            CameraSpec::At { eye, yaw, pitch } => Some(Camera::at(eye, yaw, pitch, min, max)),
            CameraSpec::Look { eye, target, fov_y } => {
                let yaw = (target - eye).y.atan2((target - eye).x).to_degrees();
                Some(Camera { target, fov_y: fov_y.to_radians(), ..Camera::at(eye, yaw, 0.0, min, max) })
            }
            CameraSpec::Model(_) => None,
            _ => self.direction().map(|dir| Camera::framing(min, max, dir, aspect)),
        }
    }
}

impl Camera {
    /// From `eye` looking `yaw` degrees about Z from +X and `pitch` degrees
    /// up, 60° of vertical field, far enough to see all of `[min, max]`.
    pub fn at(eye: Vec3, yaw: f32, pitch: f32, min: Vec3, max: Vec3) -> Camera {
        let (yaw, pitch) = (yaw.to_radians(), pitch.to_radians().clamp(-1.55, 1.55));
        let look = Vec3::new(yaw.cos() * pitch.cos(), yaw.sin() * pitch.cos(), pitch.sin());
        let reach = eye.distance(eye.clamp(min, max)) + (max - min).length();
        let far = reach.max(1.0) * 1.1;
        Camera { eye, target: eye + look, up: Vec3::Z, fov_y: 60f32.to_radians(), near: far * 1e-4, far, ortho: None }
    }

    /// Frames the box `[min, max]` from `dir` so it fills most of the view at `aspect`.
    pub fn framing(min: Vec3, max: Vec3, dir: Vec3, aspect: f32) -> Camera {
        let center = (min + max) * 0.5;
        let radius = ((max - min).length() * 0.5).max(0.01);
        let fov_y = 45f32.to_radians();
        let dir = dir.normalize();
        // Fit the eight box corners: for each, the distance at which it just
        // touches the frustum edge, in the camera's right/up directions.
        let right = dir.cross(Vec3::Z).try_normalize().unwrap_or(Vec3::Y);
        let up = right.cross(dir);
        let (tan_y, tan_x) = ((fov_y * 0.5).tan(), (fov_y * 0.5).tan() * aspect);
        let mut dist: f32 = 0.0;
        for i in 0..8 {
            let c = Vec3::new(
                if i & 1 == 0 { min.x } else { max.x },
                if i & 2 == 0 { min.y } else { max.y },
                if i & 4 == 0 { min.z } else { max.z },
            ) - center;
            let depth = c.dot(dir); // toward the camera
            dist = dist.max(depth + c.dot(right).abs() / tan_x).max(depth + c.dot(up).abs() / tan_y);
        }
        let dist = dist * 1.05 + 1e-3;
        Camera {
            eye: center + dir.normalize() * dist,
            target: center,
            up: Vec3::Z,
            fov_y,
            near: (dist - radius * 1.5).max(dist * 0.01),
            far: dist + radius * 1.5,
            ortho: None,
        }
    }

    /// The top-down orthographic view of the box `[min, max]` (`--camera
    /// map`): looking down −Z with +X (north in world coordinates, wowdev
    /// wiki "ADT/v18", "An important note about the coordinate system") up
    /// on screen, so east (−Y) is to the right; the box's X and Y extents
    /// fill the view at `aspect` with a 2% margin.
    pub fn map(min: Vec3, max: Vec3, aspect: f32) -> Camera {
        let center = (min + max) * 0.5;
        let size = (max - min).max(Vec3::splat(0.01));
        let half_height = (size.x * 0.5).max(size.y * 0.5 / aspect.max(1e-3)) * 1.02;
        Camera {
            eye: Vec3::new(center.x, center.y, max.z + 1.0),
            target: Vec3::new(center.x, center.y, center.z),
            up: Vec3::X,
            fov_y: 45f32.to_radians(),
            near: 0.5,
            far: size.z + 2.0,
            ortho: Some(half_height),
        }
    }

    /// Model → view.
    pub fn view(&self) -> Mat4 {
        glam::camera::rh::view::look_at_mat4(self.eye, self.target, self.up)
    }

    /// View → clip (depth 0..1): perspective, or orthographic where
    /// `ortho` is set.
    pub fn proj(&self, aspect: f32) -> Mat4 {
        if let Some(h) = self.ortho {
            let w = h * aspect.max(1e-3);
            return glam::camera::rh::proj::directx::orthographic(-w, w, -h, h, self.near, self.far);
        }
        glam::camera::rh::proj::directx::perspective(self.fov_y, aspect.max(1e-3), self.near, self.far)
    }
}

/// The axis-aligned box around box `(lo, hi)` carried by `m` (its eight
/// corners transformed), e.g. a placed model's box in its parent's space.
pub fn transform_box(m: Mat4, (lo, hi): (Vec3, Vec3)) -> (Vec3, Vec3) {
    let corners = (0..8).map(|k| {
        let pick = |bit: u32, a: f32, b: f32| if k & bit == 0 { a } else { b };
        m.transform_point3(Vec3::new(pick(1, lo.x, hi.x), pick(2, lo.y, hi.y), pick(4, lo.z, hi.z)))
    });
    corners.fold((Vec3::splat(f32::MAX), Vec3::splat(f32::MIN)), |(a, b), p| (a.min(p), b.max(p)))
}

/// Bounds to frame (model units): the box of the LOD's vertices skinned with
/// `bones` (what is really on screen; file bounds often include effects),
/// else the file's, else the box of the live particles `particles` (from
/// `ParticleSystem::extent`) grown by their largest scale, else the reach of
/// the particle emitters.
pub fn frame_bounds(model: &Model, lod: usize, bones: &[Mat4], particles: Option<(Vec3, Vec3)>) -> (Vec3, Vec3) {
    let mut lo = Vec3::splat(f32::MAX);
    let mut hi = Vec3::splat(f32::MIN);
    if let Some(l) = model.lods.get(lod) {
        for &i in &l.indices {
            if let Some(v) = model.vertices.get(i as usize) {
                let p = m2view_anim::skin::skin_vertex(v, bones).0;
                lo = lo.min(p);
                hi = hi.max(p);
            }
        }
    }
    if lo.x <= hi.x && lo.is_finite() && hi.is_finite() {
        return (lo, hi);
    }
    let (min, max) = (Vec3::from(model.bounds.min), Vec3::from(model.bounds.max));
    if (max - min).length() > 1e-4 && min.is_finite() && max.is_finite() {
        return (min, max);
    }
    // Effect-only models (many MDX emitters, UI sparkles) have neither: frame
    // the particles that are alive, else how far particles can travel around
    // their emitters (static values of sequence 0).
    let largest_scale = model.particles.iter().flat_map(|e| e.scale.values.iter().map(|s| s[0].abs().max(s[1].abs())));
    let largest_scale = largest_scale.fold(0.0, f32::max);
    if let Some((lo, hi)) = particles {
        let pad = Vec3::splat(largest_scale.max((hi - lo).max_element() * 0.05).max(1e-3));
        return (lo - pad, hi + pad);
    }
    let first = |t: &m2view_format::Track<f32>| t.keys_for(0).and_then(|k| k.values.first().copied()).unwrap_or(0.0);
    for e in &model.particles {
        let reach = first(&e.emission_speed).abs() * first(&e.lifespan).abs()
            + first(&e.area_length).abs().max(first(&e.area_width).abs())
            + e.scale.values.iter().map(|s| s[0].abs()).fold(0.0, f32::max);
        let p = e
            .bone
            .and_then(|b| bones.get(b.index()))
            .map_or(Vec3::from(e.position), |m| m.transform_point3(Vec3::from(e.position)));
        lo = lo.min(p - Vec3::splat(reach.clamp(0.5, 1e4)));
        hi = hi.max(p + Vec3::splat(reach.clamp(0.5, 1e4)));
    }
    if lo.x <= hi.x && lo.is_finite() && hi.is_finite() { (lo, hi) } else { (Vec3::splat(-1.0), Vec3::ONE) }
}

/// The camera of `spec`: a framing of `bounds` (preset or turntable angle),
/// or model camera `i` sampled at `clock` (animated position, target and
/// FoV; the diagonal FoV converted to vertical for `aspect`). Errors:
/// [`CameraError::NoCamera`].
pub fn camera_for(
    model: &Model,
    spec: CameraSpec,
    aspect: f32,
    bounds: (Vec3, Vec3),
    clock: &m2view_anim::Clock<'_>,
) -> Result<Camera, CameraError> {
    let CameraSpec::Model(i) = spec else {
        let framing = spec.framing(bounds.0, bounds.1, aspect);
        return Ok(framing.unwrap_or_else(|| Camera::framing(bounds.0, bounds.1, Preset::Iso.direction(), aspect)));
    };
    let c = m2view_anim::camera_state(model, i, clock)
        .ok_or(CameraError::NoCamera { index: i, count: model.cameras.len() })?;
    Ok(Camera {
        eye: c.eye,
        target: c.target,
        up: Vec3::Z,
        // wowdev wiki "M2", "Camera field of view": vfov = dfov / sqrt(1 + aspect²)
        fov_y: (c.fov_diagonal / (1.0 + aspect * aspect).sqrt()).clamp(0.05, 3.0),
        near: c.near.max(0.01),
        far: c.far.max(c.near + 1.0),
        ortho: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camera_specs_parse() {
        assert_eq!("iso".parse(), Ok(CameraSpec::Preset(Preset::Iso)));
        assert_eq!("model:1".parse(), Ok(CameraSpec::Model(1)));
        assert_eq!("yaw:90".parse(), Ok(CameraSpec::Yaw(90.0)));
        assert!("side".parse::<CameraSpec>().unwrap_err().to_string().contains("unknown camera \"side\""));
        assert_eq!("yaw:x".parse::<CameraSpec>().unwrap_err().to_string(), "bad camera \"yaw:x\": yaw:<degrees>");
        assert!("model:x".parse::<CameraSpec>().is_err());
        // yaw 90° looks from the model's left (+Y), 20° up.
        let d = CameraSpec::Yaw(90.0).direction().unwrap();
        assert!(d.x.abs() < 1e-6 && (d.z - 20f32.to_radians().sin()).abs() < 1e-6 && d.y > 0.9);
        assert_eq!(CameraSpec::Model(0).direction(), None);
        assert_eq!("map".parse(), Ok(CameraSpec::Map));
        let at: CameraSpec = "at:1,2,3,90".parse().unwrap();
        assert_eq!(at, CameraSpec::At { eye: Vec3::new(1.0, 2.0, 3.0), yaw: 90.0, pitch: 0.0 });
        assert_eq!(at.to_string().parse(), Ok(at));
        assert!("at:1,2".parse::<CameraSpec>().is_err() && "at:1,2,nan".parse::<CameraSpec>().is_err());
        let look: CameraSpec = "look:10,0,2,0,0,1,30".parse().unwrap();
        assert_eq!(look.to_string().parse(), Ok(look));
        let c = look.framing(Vec3::splat(-1.0), Vec3::splat(1.0), 1.0).unwrap();
        assert_eq!((c.eye, c.target, c.up), (Vec3::new(10.0, 0.0, 2.0), Vec3::new(0.0, 0.0, 1.0), Vec3::Z));
        assert!((c.fov_y - 30f32.to_radians()).abs() < 1e-6 && c.far > 11.0);
        assert!("look:0,0,5,0,0,0".parse::<CameraSpec>().is_err(), "straight down has no horizon");
        // Yaw 90° looks along +Y from the eye; the far plane reaches the box's far corner.
        let c = at.framing(Vec3::splat(-10.0), Vec3::splat(10.0), 1.0).unwrap();
        let farthest = c.eye.distance(Vec3::splat(-10.0));
        assert!((c.target - c.eye - Vec3::Y).length() < 1e-6 && c.far > farthest, "{c:?}");
        assert_eq!(CameraSpec::Map.to_string(), "map");
    }

    #[test]
    fn the_map_camera_shows_north_up_and_east_right_without_perspective() {
        // A box 10 long in X (north–south), 20 in Y, 5 high, on a 2:1 picture: both extents
        // need a half height of 5 (20 / 2 / 2), 2% margin.
        let cam = CameraSpec::Map.framing(Vec3::ZERO, Vec3::new(10.0, 20.0, 5.0), 2.0).unwrap();
        assert_eq!(cam.ortho, Some(5.1));
        let clip = |p: Vec3| cam.proj(2.0).project_point3(cam.view().transform_point3(p));
        // The north edge's middle (+X) at the top, the east edge's (−Y, here y = 0) at the right.
        let north = clip(Vec3::new(10.0, 10.0, 2.5));
        assert!((north.y - 5.0 / 5.1).abs() < 1e-4 && north.x.abs() < 1e-4, "{north}");
        let east = clip(Vec3::new(5.0, 0.0, 2.5));
        assert!((east.x - 5.0 / 5.1).abs() < 1e-4 && east.y.abs() < 1e-4, "{east}");
        // No perspective: the top and the bottom of a column land on the same pixel, both in depth range.
        let (top, bottom) = (clip(Vec3::new(2.0, 3.0, 5.0)), clip(Vec3::new(2.0, 3.0, 0.0)));
        assert!((top.truncate() - bottom.truncate()).length() < 1e-5, "{top} {bottom}");
        assert!(top.z > 0.0 && top.z < bottom.z && bottom.z < 1.0, "{top} {bottom}");
    }
}
