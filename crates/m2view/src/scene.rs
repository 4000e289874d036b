//! What the CLI and the window share: turning a loaded model into GPU input
//! (textures from BLP files), default geosets, framing and posing.

use std::collections::BTreeSet;

use glam::{Mat4, Vec3};
use m2view_format::blp::{Blp, BlpEncoding, DxtFormat};
use m2view_format::{LoadedModel, Model};
use m2view_render::camera::{Camera, CameraSpec, Preset};
use m2view_render::{BcFormat, TextureData};

/// Reads and converts the textures that were found. BC-compressed BLPs stay
/// compressed when `bc` (the adapter supports it and the size is a multiple of
/// 4); everything else is decoded to RGBA8 with all mip levels. A texture that
/// fails to decode becomes a warning and draws as the missing placeholder.
/// Warcraft III team colour/glow slots are built from `team` (sRGB bytes).
pub fn load_textures(
    lm: &LoadedModel,
    bc: bool,
    team: [u8; 3],
    warnings: &mut Vec<String>,
) -> Vec<Option<TextureData>> {
    lm.texture_files
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let Some(path) = p.as_ref() else { return team_texture(&lm.model, i, team) };
            let result = lm.read(path).and_then(Blp::parse).and_then(|blp| to_texture(&blp, bc));
            match result {
                Ok(t) => Some(t),
                Err(e) => {
                    warnings.push(format!("{}: {e}", path.display()));
                    None
                }
            }
        })
        .collect()
}

/// A small RGBA preview of texture file `path` of `lm` for the inspector: the
/// first mip level no larger than 64 px that decodes (level 0 when none is that small).
pub fn thumbnail(lm: &LoadedModel, path: &std::path::Path) -> Option<m2view_format::blp::RgbaImage> {
    let blp = lm.read(path).and_then(Blp::parse).ok()?;
    let first_small = blp.mips.iter().position(|m| m.width.max(m.height) <= 64).unwrap_or(0);
    (first_small..blp.mips.len()).chain(0..first_small).find_map(|i| blp.decode(i).ok())
}

/// Warcraft III player 1 red, the team colour shown until the user picks another.
pub const DEFAULT_TEAM_COLOR: [u8; 3] = [255, 3, 3];

/// The image the game builds for a team slot: a solid team colour (id 1), or
/// a radial glow in that colour fading to transparent (id 2). `None` for
/// other textures.
pub fn team_texture(model: &Model, index: usize, rgb: [u8; 3]) -> Option<TextureData> {
    let glow = model.team_slot(index)? == "team glow";
    let n = if glow { 32 } else { 4 };
    let mut px = Vec::with_capacity(n * n * 4);
    for y in 0..n {
        for x in 0..n {
            let r = ((x as f32 + 0.5 - n as f32 / 2.0).hypot(y as f32 + 0.5 - n as f32 / 2.0)) / (n as f32 / 2.0);
            let a = if glow { (255.0 * (1.0 - r).clamp(0.0, 1.0).powi(2)) as u8 } else { 255 };
            px.extend_from_slice(&[rgb[0], rgb[1], rgb[2], a]);
        }
    }
    Some(TextureData::Rgba { width: n as u32, height: n as u32, mips: vec![px] })
}

/// Reads a texture file for the renderer: BLP (any encoding) or PNG.
pub fn texture_from_file(path: &std::path::Path, bc: bool) -> Result<TextureData, String> {
    let is_png = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if is_png {
        let img = image::open(path).map_err(|e| format!("{}: {e}", path.display()))?.to_rgba8();
        let (width, height) = img.dimensions();
        return Ok(TextureData::Rgba { width, height, mips: vec![img.into_raw()] });
    }
    let bytes = m2view_format::companion::read_file(path).map_err(|e| e.to_string())?;
    Blp::parse(bytes).and_then(|b| to_texture(&b, bc)).map_err(|e| e.in_file(path.display().to_string()).to_string())
}

/// Converts a parsed BLP into renderer input.
pub fn to_texture(blp: &Blp, bc: bool) -> m2view_format::Result<TextureData> {
    if let (true, BlpEncoding::Dxt(f)) = (bc, blp.encoding)
        && blp.width.is_multiple_of(4)
        && blp.height.is_multiple_of(4)
    {
        // Levels below 4x4 are dropped: the chain stays valid and they are never sampled at viewer distances.
        let mips: Vec<Vec<u8>> = (0..blp.mips.len())
            .take_while(|&i| blp.mips[i].width >= 4 && blp.mips[i].height >= 4)
            .filter_map(|i| blp.dxt_blocks(i).map(<[u8]>::to_vec))
            .collect();
        if !mips.is_empty() {
            let format = match f {
                DxtFormat::Dxt1 => BcFormat::Bc1,
                DxtFormat::Dxt3 => BcFormat::Bc2,
                DxtFormat::Dxt5 => BcFormat::Bc3,
            };
            return Ok(TextureData::Bc { format, width: blp.width, height: blp.height, mips });
        }
    }
    let mut mips = Vec::with_capacity(blp.mips.len());
    for i in 0..blp.mips.len() {
        match blp.decode(i) {
            Ok(img) => mips.push(img.pixels),
            Err(e) if i == 0 => return Err(e),
            Err(_) => break, // keep the levels that decode
        }
    }
    Ok(TextureData::Rgba { width: blp.width, height: blp.height, mips })
}

/// The geosets the game shows by default for LOD `lod` (wowdev wiki "M2/.skin"):
/// id 0 always; in each group (`id / 100`) the lowest variant present,
/// ignoring variant 0 of group 0 (the base body). MDX geoset ids are plain
/// indices: all are shown.
pub fn default_geosets(model: &Model, lod: usize) -> BTreeSet<u16> {
    let Some(lod) = model.lods.get(lod) else { return BTreeSet::new() };
    let ids: BTreeSet<u16> = lod.submeshes.iter().map(|s| s.geoset_id).collect();
    if model.source.format == m2view_format::SourceFormat::Mdx {
        return ids;
    }
    let mut shown = BTreeSet::new();
    let mut groups_seen = BTreeSet::new();
    for &id in &ids {
        if id == 0 {
            shown.insert(0);
        } else if groups_seen.insert(id / 100) {
            shown.insert(id);
        }
    }
    shown
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
/// FoV; the diagonal FoV converted to vertical for `aspect`).
pub fn camera_for(
    model: &Model,
    spec: CameraSpec,
    aspect: f32,
    bounds: (Vec3, Vec3),
    clock: &m2view_anim::Clock<'_>,
) -> Result<Camera, String> {
    let CameraSpec::Model(i) = spec else {
        let dir = spec.direction().unwrap_or(Preset::Iso.direction());
        return Ok(Camera::framing(bounds.0, bounds.1, dir, aspect));
    };
    let c = m2view_anim::camera_state(model, i, clock)
        .ok_or_else(|| format!("model has {} cameras, no camera {i}", model.cameras.len()))?;
    Ok(Camera {
        eye: c.eye,
        target: c.target,
        up: Vec3::Z,
        // wowdev wiki "M2", "Camera field of view": vfov = dfov / sqrt(1 + aspect²)
        fov_y: (c.fov_diagonal / (1.0 + aspect * aspect).sqrt()).clamp(0.05, 3.0),
        near: c.near.max(0.01),
        far: c.far.max(c.near + 1.0),
    })
}

/// Batches and triangles drawn for `lod` with `geosets` shown (what the
/// renderer will draw, before alpha culling).
pub fn visible_batches(model: &Model, lod: usize, geosets: &BTreeSet<u16>) -> (usize, usize) {
    let Some(l) = model.lods.get(lod) else { return (0, 0) };
    l.batches
        .iter()
        .filter_map(|b| l.submeshes.get(b.submesh as usize))
        .filter(|s| geosets.contains(&s.geoset_id))
        .fold((0, 0), |(b, t), s| (b + 1, t + s.index_count as usize / 3))
}

/// Which debug overlays to draw.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Overlays {
    /// Bone hierarchy (parent pivot to child pivot).
    pub bones: bool,
    /// Triangle edges of the drawn batches.
    pub wireframe: bool,
    /// Model bounding box.
    pub bounds: bool,
    /// Vertex normals.
    pub normals: bool,
    /// Collision mesh and hit-test shapes.
    pub collision: bool,
    /// Attachment points.
    pub attachments: bool,
    /// Particle and ribbon emitter positions.
    pub emitters: bool,
    /// Ground grid.
    pub grid: bool,
}

/// Builds the overlay lines for the posed model (model space = world space here).
pub fn overlay_lines(
    model: &Model,
    pose: &m2view_anim::Pose,
    lod: usize,
    geosets: &BTreeSet<u16>,
    o: Overlays,
) -> m2view_render::lines::LineList {
    use m2view_anim::skin::skin_vertex;
    let mut l = m2view_render::lines::LineList::default();
    if o == Overlays::default() {
        return l;
    }
    let (min, max) = frame_bounds(model, lod, &pose.bones, None);
    let size = (max - min).length().max(0.01);
    if o.grid {
        let step = 10f32.powf((size * 0.25).log10().floor());
        l.grid(20, step, [0.5, 0.5, 0.5, 0.5]);
    }
    if o.bounds {
        l.aabb(Vec3::from(model.bounds.min), Vec3::from(model.bounds.max), [1.0, 1.0, 0.2, 1.0]);
    }
    if o.bones {
        for (i, b) in model.bones.iter().enumerate() {
            let at = |j: usize| {
                pose.bones.get(j).map_or(Vec3::ZERO, |m| m.transform_point3(Vec3::from(model.bones[j].pivot)))
            };
            match b.parent {
                Some(p) => l.line(at(p.index()), at(i), [0.2, 1.0, 0.4, 1.0]),
                None => l.cross(at(i), size * 0.01, [0.2, 1.0, 0.4, 1.0]),
            }
        }
    }
    if o.attachments {
        for m in &pose.attachments {
            l.cross(m.w_axis.truncate(), size * 0.02, [1.0, 0.3, 1.0, 1.0]);
        }
    }
    if o.emitters {
        for e in &model.particles {
            let m = m2view_anim::particles::emitter_matrix(e, &pose.bones);
            l.cross(m.w_axis.truncate(), size * 0.03, [1.0, 0.6, 0.1, 1.0]);
        }
        for r in &model.ribbons {
            let bone = r.bone.and_then(|b| pose.bones.get(b.index())).copied().unwrap_or(Mat4::IDENTITY);
            l.cross(bone.transform_point3(Vec3::from(r.position)), size * 0.03, [0.1, 0.9, 1.0, 1.0]);
        }
    }
    if o.collision {
        // MDX hit-test shapes, moved by their nodes.
        let color = [1.0, 0.8, 0.3, 1.0];
        for shape in &model.shapes {
            let m = shape.bone.and_then(|b| pose.bones.get(b.index())).copied().unwrap_or(Mat4::IDENTITY);
            let mut local = m2view_render::lines::LineList::default();
            match shape.kind {
                m2view_format::ShapeKind::Box { min, max } => local.aabb(min.into(), max.into(), color),
                m2view_format::ShapeKind::Sphere { center, radius } => {
                    for (u, v) in [(Vec3::X, Vec3::Y), (Vec3::Y, Vec3::Z), (Vec3::Z, Vec3::X)] {
                        local.circle(center.into(), u, v, radius, color);
                    }
                }
                m2view_format::ShapeKind::Cylinder { a, b, radius } => {
                    let (a, b) = (Vec3::from(a), Vec3::from(b));
                    let axis = (b - a).try_normalize().unwrap_or(Vec3::Z);
                    let u = axis.any_orthonormal_vector();
                    let v = axis.cross(u);
                    local.circle(a, u, v, radius, color);
                    local.circle(b, u, v, radius, color);
                    for d in [u, v, -u, -v] {
                        local.line(a + d * radius, b + d * radius, color);
                    }
                }
            }
            l.vertices.extend(local.vertices.into_iter().map(|mut p| {
                p.position = m.transform_point3(p.position.into()).into();
                p
            }));
        }
        let c = &model.collision;
        for t in c.indices.chunks_exact(3) {
            let p = |i: u16| c.positions.get(i as usize).map_or(Vec3::ZERO, |v| Vec3::from(*v));
            let (a, b, d) = (p(t[0]), p(t[1]), p(t[2]));
            for (x, y) in [(a, b), (b, d), (d, a)] {
                l.line(x, y, [0.3, 0.7, 1.0, 1.0]);
            }
        }
    }
    if (o.wireframe || o.normals)
        && let Some(lodm) = model.lods.get(lod)
    {
        for b in &lodm.batches {
            let Some(sub) = lodm.submeshes.get(b.submesh as usize) else { continue };
            if !geosets.contains(&sub.geoset_id) {
                continue;
            }
            let range = sub.index_start as usize..(sub.index_start + sub.index_count) as usize;
            let tri = lodm.indices.get(range).unwrap_or(&[]);
            let skinned = |i: u32| model.vertices.get(i as usize).map(|v| skin_vertex(v, &pose.bones));
            for t in tri.chunks_exact(3) {
                let (Some(a), Some(b2), Some(c)) = (skinned(t[0]), skinned(t[1]), skinned(t[2])) else { continue };
                if o.wireframe {
                    for (x, y) in [(a.0, b2.0), (b2.0, c.0), (c.0, a.0)] {
                        l.line(x, y, [1.0, 1.0, 1.0, 0.35]);
                    }
                }
                if o.normals {
                    for (p, n) in [a, b2, c] {
                        l.line(p, p + n * size * 0.02, [0.3, 0.6, 1.0, 1.0]);
                    }
                }
            }
        }
    }
    l
}
