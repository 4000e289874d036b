//! A WMO's doodads as the client places them (wowdev wiki "WMO", `MODS`,
//! `MODN`/`MODI`, `MODD`): the placements of doodad set 0 and of the set
//! chosen, each model loaded once (through the same sources as the WMO,
//! `.mdx` names read as `.m2`) and placed by its position, rotation
//! quaternion and scale in the WMO's space. A model not found or broken
//! is a warning; the rest draws. Likewise a map tile's models and WMOs
//! (`MDDF`, `MODF`) and the tiles around it with theirs (what stands
//! across tiles drawn once, by `uniqueId`); and a WMO's skybox model
//! (`MOSB`; drawn by [`m2view_scene`]).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use glam::{Mat4, Quat, Vec3};
use m2view_format::LoadedModel;
use m2view_format::adt::{Adt, placement_position};
use m2view_format::wmo::{Doodad, FileRef, Wmo};

use m2view_scene::Placement;

use crate::open::{OpenOptions, Opened};

/// Model → WMO space of a placement: scale, then rotation, then position.
/// A rotation that is not a finite non-zero quaternion, or a scale that
/// is not finite and positive, reads as none (hostile files).
pub fn placement(d: &Doodad) -> Mat4 {
    let q = Quat::from_array(d.rotation);
    let q = if q.is_finite() && q.length_squared() > 1e-8 { q.normalize() } else { Quat::IDENTITY };
    let s = if d.scale.is_finite() && d.scale > 0.0 { d.scale } else { 1.0 };
    let t = Vec3::from(d.position);
    Mat4::from_scale_rotation_translation(Vec3::splat(s), q, if t.is_finite() { t } else { Vec3::ZERO })
}

/// Where a doodad's model is, for the WMO `lm`: a `MODN` name with `.mdx`
/// or `.mdl` read as `.m2` (the client's rule), else as stored; a `MODI`
/// FileDataID by ID. `None`: not found.
pub fn doodad_file(lm: &LoadedModel, model: &FileRef) -> Option<PathBuf> {
    match model {
        FileRef::Path(p) => {
            let lower = p.to_ascii_lowercase();
            let m2 = [".mdx", ".mdl"]
                .iter()
                .find_map(|ext| lower.ends_with(ext).then(|| format!("{}.m2", &p[..p.len() - 4])));
            m2.and_then(|m| lm.find_game_file(&m)).or_else(|| lm.find_game_file(p))
        }
        FileRef::FileDataId(id) => lm.find_fdid(*id, "m2"),
    }
}

/// The doodads of set `set` (with set 0) of `wmo`, opened through `opts`
/// beside `lm`. Returns the placements that load and warnings for those
/// that do not (each missing model named once, with its placement count).
pub fn load_doodads(lm: &LoadedModel, wmo: &Wmo, set: usize, opts: &OpenOptions) -> (Vec<Placement>, Vec<String>) {
    let mut models: HashMap<FileRef, Option<Arc<LoadedModel>>> = HashMap::new();
    let mut missing: Vec<(String, usize)> = Vec::new();
    let mut broken = Vec::new();
    let mut placed = Vec::new();
    for i in wmo.doodads_of_set(set) {
        let d = &wmo.doodads[i];
        let Some(model) = &d.model else {
            broken.push(format!("doodad {i}: its name is out of MODN/MODI"));
            continue;
        };
        let loaded = models.entry(model.clone()).or_insert_with(|| {
            let path = doodad_file(lm, model)?;
            match m2view_format::load_model_file(&path, &opts.load) {
                Ok(m) => Some(Arc::new(Opened::dress(m, opts).lm)),
                Err(e) => {
                    broken.push(format!("doodad {model}: {e}"));
                    None
                }
            }
        });
        match loaded {
            Some(m) => placed.push(Placement { lm: m.clone(), world: placement(d), doodad: Some(i) }),
            None => count_missing(&mut missing, model.to_string()),
        }
    }
    let mut warnings = broken;
    warnings.extend(not_found(&missing, "doodad placements", "models"));
    (placed, warnings)
}

/// One more placement of file `name`, not found, in `missing` (`(name, placements)` each).
fn count_missing(missing: &mut Vec<(String, usize)>, name: String) {
    match missing.iter_mut().find(|(n, _)| *n == name) {
        Some((_, n)) => *n += 1,
        None => missing.push((name, 1)),
    }
}

/// The warning for files not found, `(name, placements)` each: "N
/// `placements` not drawn: M `files` not found: …" naming five at most
/// (`None`: nothing missing).
fn not_found(missing: &[(String, usize)], placements: &str, files: &str) -> Option<String> {
    let total: usize = missing.iter().map(|m| m.1).sum();
    let shown: Vec<String> = missing.iter().take(5).map(|(n, c)| format!("{n} (x{c})")).collect();
    let more = if missing.len() > 5 { format!(" and {} more", missing.len() - 5) } else { String::new() };
    (total > 0).then(|| {
        format!("{total} {placements} not drawn: {} {files} not found: {}{more}", missing.len(), shown.join(", "))
    })
}

/// World transform of an `MDDF`/`MODF` placement: its placement-space
/// position to world ([`placement_position`]), then scale, then the
/// rotations in degrees — about world z by `rotation[1] + 180`, world y by
/// `rotation[0]`, world x by `rotation[2]` (namreeb/nav `DoodadPlacement`,
/// wowdev wiki "ADT/v18" MDDF). Non-finite values read as none.
pub fn tile_placement(position: [f32; 3], rotation: [f32; 3], scale: f32) -> Mat4 {
    let fin = |v: f32| if v.is_finite() { v } else { 0.0 };
    let p = placement_position(position.map(fin));
    let [rx, ry, rz] = rotation.map(|d| fin(d).to_radians());
    let s = if scale.is_finite() && scale > 0.0 { scale } else { 1.0 };
    Mat4::from_translation(Vec3::from(p))
        * Mat4::from_scale(Vec3::splat(s))
        * Mat4::from_rotation_z(ry + std::f32::consts::PI)
        * Mat4::from_rotation_y(rx)
        * Mat4::from_rotation_x(rz)
}

/// The skybox model a WMO names (`MOSB`; `.mdx` read as `.m2`), opened
/// through `opts` beside `lm`; a warning where it is named and does not
/// load.
pub fn load_skybox(lm: &LoadedModel, opts: &OpenOptions) -> (Option<Arc<LoadedModel>>, Vec<String>) {
    let Some(name) = lm.wmo.as_ref().and_then(|w| w.skybox.clone()) else { return (None, Vec::new()) };
    let Some(path) = doodad_file(lm, &FileRef::Path(name.clone())) else {
        return (None, vec![format!("skybox {name} (MOSB): not found")]);
    };
    match m2view_format::load_model_file(&path, &opts.load) {
        Ok(m) => (Some(Arc::new(m)), Vec::new()),
        Err(e) => (None, vec![format!("skybox {name} (MOSB): {e}")]),
    }
}

/// A WMO placed on a tile, with its own doodads.
#[derive(Debug, Clone)]
pub struct WmoPlacement {
    /// The WMO and where it stands.
    pub placed: Placement,
    /// Its doodads (its set 0 and the set the placement names), in its space.
    pub doodads: Vec<Placement>,
}

/// The models and WMOs placed on tile `adt` (`MDDF`, `MODF`), opened
/// through `opts` beside `lm`, with warnings for those that do not load
/// (each missing file named once with its count).
pub fn load_tile_placements(
    lm: &LoadedModel,
    adt: &Adt,
    opts: &OpenOptions,
) -> (Vec<Placement>, Vec<WmoPlacement>, Vec<String>) {
    let mut loader = TileLoader::default();
    let (models, wmos) = loader.tile(lm, adt, opts, &UniqueIds::default());
    (models, wmos, loader.finish())
}

/// The `uniqueId`s of the `MDDF` and `MODF` placements already drawn: a
/// model or WMO standing across tiles is listed by each, under one id, and
/// drawn once (wowdev wiki "ADT/v18", MDDF and MODF `uniqueId`).
#[derive(Debug, Default)]
struct UniqueIds {
    models: std::collections::HashSet<u32>,
    wmos: std::collections::HashSet<u32>,
}

impl UniqueIds {
    /// Those of tile `adt`.
    fn of(adt: &Adt) -> UniqueIds {
        UniqueIds {
            models: adt.doodads.iter().map(|d| d.unique_id).collect(),
            wmos: adt.objects.iter().map(|o| o.unique_id).collect(),
        }
    }
}

/// Opens the placements of one or more tiles of a folder, each model and
/// WMO once, counting those not found.
#[derive(Default)]
struct TileLoader {
    cache: HashMap<FileRef, Option<Arc<LoadedModel>>>,
    missing: Vec<(String, usize)>,
    warnings: Vec<String>,
}

impl TileLoader {
    /// The model (or WMO, `wmo`) `r` beside tile `lm`, opened once.
    fn open(&mut self, lm: &LoadedModel, r: &FileRef, wmo: bool, opts: &OpenOptions) -> Option<Arc<LoadedModel>> {
        let name = r.to_string();
        let warnings = &mut self.warnings;
        let found = self
            .cache
            .entry(r.clone())
            .or_insert_with(|| {
                let path = match r {
                    FileRef::Path(p) if wmo => lm.find_game_file(p),
                    FileRef::FileDataId(id) if wmo => lm.find_fdid(*id, "wmo"),
                    _ => doodad_file(lm, r),
                }?;
                match m2view_format::load_model_file(&path, &opts.load) {
                    Ok(m) => Some(Arc::new(Opened::dress(m, opts).lm)),
                    Err(e) => {
                        warnings.push(format!("{name}: {e}"));
                        None
                    }
                }
            })
            .clone();
        if found.is_none() {
            count_missing(&mut self.missing, name);
        }
        found
    }

    /// The placements of tile `adt` (beside `lm`) but those `drawn` already.
    fn tile(
        &mut self,
        lm: &LoadedModel,
        adt: &Adt,
        opts: &OpenOptions,
        drawn: &UniqueIds,
    ) -> (Vec<Placement>, Vec<WmoPlacement>) {
        let mut models = Vec::new();
        for d in adt.doodads.iter().filter(|d| !drawn.models.contains(&d.unique_id)) {
            let Some(name) = &d.model else { continue };
            if let Some(m) = self.open(lm, name, false, opts) {
                models.push(Placement { lm: m, world: tile_placement(d.position, d.rotation, d.scale), doodad: None });
            }
        }
        let mut wmos = Vec::new();
        for o in adt.objects.iter().filter(|o| !drawn.wmos.contains(&o.unique_id)) {
            let Some(name) = &o.wmo else { continue };
            if let Some(m) = self.open(lm, name, true, opts) {
                let doodads = match m.wmo.clone() {
                    Some(w) => {
                        let (d, w) = load_doodads(&m, &w, o.doodad_set as usize, opts);
                        self.warnings.extend(w);
                        d
                    }
                    None => Vec::new(),
                };
                let placed = Placement { lm: m, world: tile_placement(o.position, o.rotation, o.scale), doodad: None };
                wmos.push(WmoPlacement { placed, doodads });
            }
        }
        (models, wmos)
    }

    /// The warnings so far: those of files that did not load, then one
    /// naming the missing ones.
    fn take_warnings(&mut self) -> Vec<String> {
        let mut warnings = std::mem::take(&mut self.warnings);
        warnings.extend(not_found(&std::mem::take(&mut self.missing), "placements", "files"));
        warnings
    }

    /// The warnings: those of files that did not load, then one naming the missing ones.
    fn finish(mut self) -> Vec<String> {
        self.take_warnings()
    }
}

/// Opens the placements of a map's tiles as they stream in one by one
/// (`crate::streaming`): each model and WMO opened once while a tile that
/// places it is kept, and what stands across tiles drawn by the first of
/// them loaded (by `uniqueId`, as [`neighbour_tiles`]).
#[derive(Default)]
pub struct StreamLoader {
    loader: TileLoader,
    /// Which kept tile draws each `uniqueId` (`true`: a WMO's `MODF` id).
    owners: HashMap<(bool, u32), [u8; 2]>,
}

impl StreamLoader {
    /// What tile `tile`, loaded as `lm`, places (flattened into world
    /// space) but what a kept tile draws already; with warnings for what
    /// does not load.
    pub fn tile(&mut self, tile: [u8; 2], lm: &LoadedModel, opts: &OpenOptions) -> (Vec<Placement>, Vec<String>) {
        let Some(adt) = lm.adt.as_deref() else { return Default::default() };
        let drawn = UniqueIds {
            models: self.owners.keys().filter(|k| !k.0).map(|k| k.1).collect(),
            wmos: self.owners.keys().filter(|k| k.0).map(|k| k.1).collect(),
        };
        let (models, wmos) = self.loader.tile(lm, adt, opts, &drawn);
        for d in &adt.doodads {
            self.owners.entry((false, d.unique_id)).or_insert(tile);
        }
        for o in &adt.objects {
            self.owners.entry((true, o.unique_id)).or_insert(tile);
        }
        (flatten(models, wmos), self.loader.take_warnings())
    }

    /// Tile `tile` is no longer kept: the `uniqueId`s it drew may be drawn
    /// by the next tile that places them, and the models no one holds any
    /// more (no tile, no upload) are let go.
    pub fn forget(&mut self, tile: [u8; 2]) {
        self.owners.retain(|_, t| *t != tile);
        self.let_go();
    }

    /// Lets go of the models no one else holds any more (no kept tile, no
    /// upload); files not found stay known as such.
    pub fn let_go(&mut self) {
        self.loader.cache.retain(|_, m| m.as_ref().is_none_or(|m| Arc::strong_count(m) > 1));
    }
}

/// A tile's models, its WMOs and their doodads, flattened into one list in world space.
fn flatten(mut models: Vec<Placement>, wmos: Vec<WmoPlacement>) -> Vec<Placement> {
    for w in wmos {
        let at = w.placed.world;
        models.extend(w.doodads.into_iter().map(|d| Placement { world: at * d.world, doodad: None, ..d }));
        models.push(w.placed);
    }
    models
}

/// The tiles around map tile `lm` (its 3 × 3 neighbourhood, the clients'
/// view of a map) found beside it under the same naming, each opened
/// through `opts`, in world space as the tile is; with `placements`, each
/// followed by what it places (as [`placed_in`], each model and WMO opened
/// once for them all) but what `lm` or an earlier neighbour places under
/// the same `uniqueId`. Warnings for what does not open.
pub fn neighbour_tiles(lm: &LoadedModel, opts: &OpenOptions, placements: bool) -> (Vec<Placement>, Vec<String>) {
    let stem = lm.path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let (Some(adt), Some((map, x, y, underscored))) = (lm.adt.as_deref(), m2view_format::adt::wdt::tile_name(&stem))
    else {
        return (Vec::new(), Vec::new());
    };
    let dir = lm.path.parent().map(std::path::Path::to_path_buf).unwrap_or_default();
    let (mut placed, mut warnings) = (Vec::new(), Vec::new());
    let (mut loader, mut drawn) = (TileLoader::default(), UniqueIds::of(adt));
    for (dx, dy) in (-1i32..=1).flat_map(|dy| (-1i32..=1).map(move |dx| (dx, dy))).filter(|&d| d != (0, 0)) {
        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
        if !(0..64).contains(&nx) || !(0..64).contains(&ny) {
            continue;
        }
        let name = if underscored { format!("{map}_{nx}_{ny}.adt") } else { format!("{map}{nx:02}{ny:02}.adt") };
        let Some(path) = lm.files.find(&dir.join(&name)) else { continue };
        let tile = match m2view_format::load_model_file(&path, &opts.load) {
            Ok(t) if t.adt.is_some() => Arc::new(Opened::dress(t, opts).lm),
            Ok(_) => {
                warnings.push(format!("neighbour tile {name}: not a map tile"));
                continue;
            }
            Err(e) => {
                warnings.push(format!("neighbour tile {name}: {e}"));
                continue;
            }
        };
        placed.push(Placement { lm: tile.clone(), world: Mat4::IDENTITY, doodad: None });
        if let Some(adt) = tile.adt.as_deref().filter(|_| placements) {
            let (models, wmos) = loader.tile(&tile, adt, opts, &drawn);
            placed.extend(flatten(models, wmos));
            let ids = UniqueIds::of(adt);
            drawn.models.extend(ids.models);
            drawn.wmos.extend(ids.wmos);
        }
    }
    warnings.extend(loader.finish());
    (placed, warnings)
}

/// Everything placed in `lm`'s space, flattened: a WMO's doodads of set
/// `set` (with set 0), or a map tile's models, its WMOs and their doodads
/// (each WMO's set as the tile names it); with warnings for what does not
/// load. Nothing for other models.
pub fn placed_in(lm: &LoadedModel, set: usize, opts: &OpenOptions) -> (Vec<Placement>, Vec<String>) {
    if let Some(wmo) = &lm.wmo {
        load_doodads(lm, wmo, set, opts)
    } else if let Some(adt) = &lm.adt {
        let (models, wmos, warnings) = load_tile_placements(lm, adt, opts);
        (flatten(models, wmos), warnings)
    } else {
        (Vec::new(), Vec::new())
    }
}

/// [`placed_in`], its warnings joining `lm`'s.
pub fn placements(lm: &mut LoadedModel, set: usize, opts: &OpenOptions) -> Vec<Placement> {
    let (placed, warnings) = placed_in(lm, set, opts);
    lm.model.warnings.extend(warnings);
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_scales_turns_then_moves() {
        let h = std::f32::consts::FRAC_1_SQRT_2;
        let d = Doodad {
            model: None,
            flags: 0,
            position: [1.0, 0.0, 2.0],
            rotation: [0.0, 0.0, h, h],
            scale: 0.5,
            color: [255; 4],
        };
        // (2, 0, 0) → scaled (1, 0, 0) → a quarter turn about Z (0, 1, 0) → moved (1, 1, 2).
        let p = placement(&d).transform_point3(Vec3::new(2.0, 0.0, 0.0));
        assert!((p - Vec3::new(1.0, 1.0, 2.0)).length() < 1e-6, "{p}");
        let broken = Doodad { rotation: [0.0; 4], scale: f32::NAN, position: [f32::INFINITY; 3], ..d };
        assert_eq!(placement(&broken), Mat4::IDENTITY);
    }

    #[test]
    fn tile_placements_move_from_the_map_corner_and_turn_half_a_circle() {
        // MDDF[0] of the real continent tile 42_29: (22423.75, 74.72, 15456.13), no rotation.
        let m = tile_placement([22423.748, 74.71909, 15456.128], [0.0; 3], 1.0);
        let origin = m.transform_point3(Vec3::ZERO);
        assert!((origin - Vec3::new(1610.5387, -5357.0815, 74.71909)).length() < 1e-2, "{origin}");
        // No rotation still turns +x to −x (the 180° about z); 90° of rotation[1] turns +x to −y.
        assert!((m.transform_vector3(Vec3::X) + Vec3::X).length() < 1e-6);
        let q = tile_placement([0.0; 3], [0.0, 90.0, 0.0], 2.0);
        assert!((q.transform_vector3(Vec3::X) - Vec3::new(0.0, -2.0, 0.0)).length() < 1e-5);
    }
}
