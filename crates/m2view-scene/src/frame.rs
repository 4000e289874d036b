//! The one place a frame is assembled: [`SceneGpu`] keeps the GPU side of
//! a [`Scene`] (each model uploaded once, every placement its own
//! instance or a member of an instanced group), poses what is placed
//! where, builds each draw's `FrameParams` and fills one `FrameBuilder`
//! for a camera, so the transparent parts of everything interleave in one
//! sort. The window, `m2view render` (images, turntables, video), the web
//! build and the benchmarks all draw through it.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use glam::{Mat4, Vec3};
use m2view_anim::ModelInstance;
use m2view_format::{LoadedModel, Model};
use m2view_render::camera::{Camera, frame_bounds, transform_box};
use m2view_render::gpu_particles::GpuParticles;
use m2view_render::{
    EffectGeometry, Fog, FrameBuilder, FrameParams, FrameStats, GpuInstance, GpuModel, GroupMember, GroupParams,
    InstanceGroup, Lighting, Renderer,
};
use rayon::prelude::*;

use crate::crowd::Crowd;
use crate::placed::{Body, Placed};

/// What one frame shows, borrowed from the front end that owns it (the
/// window's state, a render request).
pub struct Scene<'a> {
    /// The scene's model (a WMO, a tile, a character, a scene file's empty root).
    pub lm: &'a LoadedModel,
    /// Its animation state (posed here).
    pub instance: &'a mut ModelInstance,
    /// Its LOD (skin profile) index.
    pub lod: usize,
    /// Its geosets shown (a WMO's groups, a tile's chunks).
    pub geosets: &'a BTreeSet<u16>,
    /// What is placed beside it, parents before children.
    pub placed: &'a mut [Placed],
    /// The mount it rides (it sits at the mount's `MountMain`, attachment 0;
    /// the mount stands at the origin).
    pub mount: Option<&'a mut Placed>,
    /// Copies of it on a grid ([`Crowd`]; copy 0 is the model itself).
    pub crowd: Option<&'a mut Crowd>,
    /// The WMO's skybox model (`MOSB`) and its animation, drawn around the
    /// eye where an interior group seen shows it.
    pub sky: Option<(&'a Model, &'a mut ModelInstance)>,
    /// Its emitters switched off (by index; GPU particles).
    pub disabled_emitters: &'a [bool],
    /// The choices of the front end.
    pub options: SceneOptions,
}

/// The box holding `a` (if any) and `b`.
fn union(a: Option<(Vec3, Vec3)>, b: (Vec3, Vec3)) -> (Vec3, Vec3) {
    a.map_or(b, |a| (a.0.min(b.0), a.1.max(b.1)))
}

/// How a scene is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SceneOptions {
    /// Light with the models' own lights too (the client's look).
    pub model_lights: bool,
    /// Fog where the eye is inside a WMO that has one.
    pub fog: bool,
    /// Draw only the WMO groups (and their doodads) seen through portals
    /// from the eye's interior group.
    pub portal_culling: bool,
    /// Animate groups of copies (crowds, doodads) on the CPU, one draw per
    /// copy, even where the GPU path is available.
    pub cpu_animation: bool,
    /// Models at fixed placements (doodads, WMOs, tiles) whose bounding
    /// sphere lies wholly farther than this from the eye are not drawn
    /// (model units; `f32::INFINITY`: all drawn). A big WMO's sphere
    /// reaches farther than a bush's, so it stays longer in view.
    pub draw_distance: f32,
}

impl Default for SceneOptions {
    fn default() -> Self {
        SceneOptions {
            model_lights: true,
            fog: true,
            portal_culling: false,
            cpu_animation: false,
            draw_distance: f32::INFINITY,
        }
    }
}

/// What [`SceneGpu::prepare`] found and drew.
#[derive(Debug, Clone, Default)]
pub struct Prepared {
    /// Batches and triangles of everything drawn.
    pub stats: FrameStats,
    /// The WMO fog drawn (`None`: the eye is in no WMO with one, or off).
    pub fog: Option<Fog>,
    /// With portal culling, the scene model's WMO groups seen (by index).
    pub culled_groups: Option<Vec<bool>>,
    /// Spawned models drawn.
    pub spawned_models: usize,
    /// Whether groups of copies were animated on the GPU.
    pub gpu_animation: bool,
    /// World → clip of the camera.
    pub view_proj: Mat4,
    /// The scene model's model → world (where it rides its mount).
    pub host_world: Mat4,
}

/// The GPU side of a scene. Uploads happen when the front end says what
/// changed (`set_*`); [`SceneGpu::prepare`] then poses and prepares a
/// frame and [`SceneGpu::add_to`] adds it to a `FrameBuilder`.
pub struct SceneGpu {
    team: [u8; 3],
    model: Option<(GpuModel, GpuInstance)>,
    /// The placed models hung on a parent (`placement` none), in order.
    hung: Vec<(Arc<GpuModel>, GpuInstance)>,
    /// The placed models at fixed placements: one instanced group per model.
    doodads: Vec<PlacedGroup>,
    /// The models the scene model's emitters spawn: one instanced group per source.
    spawned: Vec<SpawnGroup>,
    mount: Option<(GpuModel, GpuInstance)>,
    sky: Option<(GpuModel, GpuInstance)>,
    sky_seen: bool,
    crowd: Copies,
    gpu_particles: Option<GpuParticles>,
    effects: EffectGeometry,
}

impl SceneGpu {
    /// An empty scene whose models take Warcraft III team colour `team`
    /// (sRGB bytes).
    pub fn new(team: [u8; 3]) -> SceneGpu {
        SceneGpu {
            team,
            model: None,
            hung: Vec::new(),
            doodads: Vec::new(),
            spawned: Vec::new(),
            mount: None,
            sky: None,
            sky_seen: false,
            crowd: Copies::default(),
            gpu_particles: None,
            effects: EffectGeometry::default(),
        }
    }

    /// Uploads `lm` with its textures ([`m2view_texture::load_textures`];
    /// what does not decode joins `warnings` and draws as the placeholder),
    /// `body` composed over them.
    pub fn upload(
        &self,
        renderer: &Renderer,
        lm: &LoadedModel,
        body: Option<&dyn Body>,
        warnings: &mut Vec<String>,
    ) -> GpuModel {
        let textures = m2view_texture::load_textures(lm, renderer.supports_bc(), self.team, warnings);
        let mut gm = renderer.upload(&lm.model, &textures);
        if let Some(b) = body {
            b.apply_gpu(renderer, &mut gm, lm);
        }
        gm
    }

    /// Sets the scene's model, uploaded already as `gm` (everything else
    /// placed goes); its particles simulated on the GPU where `gpu_particles`
    /// asks and the device and its emitters allow.
    pub fn set_model(&mut self, renderer: &Renderer, model: &Model, gm: GpuModel, gpu_particles: bool) {
        let gi = renderer.instance(&gm);
        *self = SceneGpu::new(self.team);
        self.model = Some((gm, gi));
        self.gpu_particles = if gpu_particles { renderer.gpu_particles(model, 1) } else { None };
    }

    /// The scene model's upload (to replace its textures).
    pub fn model_mut(&mut self) -> Option<&mut GpuModel> {
        self.model.as_mut().map(|(gm, _)| gm)
    }

    /// Uploads what is placed: models hung on a parent each model once
    /// (those with a body or a skeleton each their own), and those at fixed
    /// placements as one instanced group per model. A model at fixed
    /// placements that was placed before keeps its upload (tiles streaming
    /// in and out upload only the models new to the scene).
    pub fn set_placed(&mut self, renderer: &Renderer, placed: &[Placed], warnings: &mut Vec<String>) {
        self.set_placed_decoded(renderer, placed, &mut HashMap::new(), warnings);
    }

    /// [`SceneGpu::set_placed`], the textures of the models at fixed
    /// placements taken from `decoded` where it has them (by the model's
    /// address, `Arc::as_ptr`: decoded on a worker thread, so that the
    /// upload does not decode them) instead of decoded here.
    pub fn set_placed_decoded(
        &mut self,
        renderer: &Renderer,
        placed: &[Placed],
        decoded: &mut HashMap<usize, Vec<Option<m2view_render::TextureData>>>,
        warnings: &mut Vec<String>,
    ) {
        let mut shared: HashMap<*const LoadedModel, Arc<GpuModel>> = HashMap::new();
        // (The old groups hold their models, so no pointer here is reused by another.)
        let uploaded: HashMap<*const LoadedModel, Arc<GpuModel>> =
            self.doodads.iter().map(|g| (Arc::as_ptr(&g.lm), g.gm.clone())).collect();
        let mut groups: Vec<PlacedGroup> = Vec::new();
        let mut index: HashMap<*const LoadedModel, usize> = HashMap::new();
        for (i, p) in placed.iter().enumerate().filter(|(_, p)| p.placement.is_some()) {
            match index.get(&Arc::as_ptr(&p.lm)) {
                Some(&g) => groups[g].members.push(i),
                None => {
                    let gm = match (uploaded.get(&Arc::as_ptr(&p.lm)), decoded.remove(&(Arc::as_ptr(&p.lm) as usize))) {
                        (Some(gm), _) => gm.clone(),
                        (None, Some(textures)) => Arc::new(renderer.upload(&p.lm.model, &textures)),
                        (None, None) => Arc::new(self.upload(renderer, &p.lm, None, warnings)),
                    };
                    index.insert(Arc::as_ptr(&p.lm), groups.len());
                    groups.push(PlacedGroup { lm: p.lm.clone(), gm, members: vec![i], copies: Copies::default() });
                }
            }
        }
        let mut hung = Vec::new();
        for p in placed.iter().filter(|p| p.placement.is_none()) {
            let gm = match (&p.body, &p.skeleton) {
                (None, None) => shared
                    .entry(Arc::as_ptr(&p.lm))
                    .or_insert_with(|| Arc::new(self.upload(renderer, &p.lm, None, warnings)))
                    .clone(),
                (body, _) => Arc::new(self.upload(renderer, &p.lm, body.as_deref(), warnings)),
            };
            let gi = renderer.instance(&gm);
            hung.push((gm, gi));
        }
        (self.hung, self.doodads) = (hung, groups);
    }

    /// Uploads the mount (`None`: none).
    pub fn set_mount(&mut self, renderer: &Renderer, mount: Option<&Placed>, warnings: &mut Vec<String>) {
        self.mount = mount.map(|m| {
            let gm = self.upload(renderer, &m.lm, m.body.as_deref(), warnings);
            let gi = renderer.instance(&gm);
            (gm, gi)
        });
    }

    /// Uploads the skybox model (`None`: none).
    pub fn set_sky(&mut self, renderer: &Renderer, sky: Option<&LoadedModel>, warnings: &mut Vec<String>) {
        self.sky = sky.map(|lm| {
            let gm = self.upload(renderer, lm, None, warnings);
            let gi = renderer.instance(&gm);
            (gm, gi)
        });
    }

    /// Uploads the models the scene model's emitters spawn, by source
    /// ([`crate::spawned::Spawned::emitter`]; `None`: nothing to draw);
    /// each frame then draws them where the simulation has them.
    pub fn set_spawned(
        &mut self,
        renderer: &Renderer,
        models: &[Option<Arc<LoadedModel>>],
        warnings: &mut Vec<String>,
    ) {
        self.spawned = models
            .iter()
            .enumerate()
            .filter_map(|(source, lm)| {
                let lm = lm.clone()?;
                let gm = Arc::new(self.upload(renderer, &lm, None, warnings));
                Some(SpawnGroup { source, lm, gm, copies: Copies::default() })
            })
            .collect();
    }

    /// The scene model's particles simulated on the GPU, if they are.
    pub fn gpu_particles(&self) -> Option<&GpuParticles> {
        self.gpu_particles.as_ref()
    }

    /// [`SceneGpu::gpu_particles`] to step (a render's run-up to its time).
    pub fn gpu_particles_mut(&mut self) -> Option<&mut GpuParticles> {
        self.gpu_particles.as_mut()
    }

    /// Whether the scene model's particles are simulated on the GPU.
    pub fn simulates_particles_on_gpu(&self) -> bool {
        self.gpu_particles.is_some()
    }

    /// Sets the Warcraft III team colour of later uploads (sRGB bytes).
    pub fn set_team(&mut self, team: [u8; 3]) {
        self.team = team;
    }

    /// Textures the scene model draws with the missing placeholder.
    pub fn missing_textures(&self) -> usize {
        self.model.as_ref().map_or(0, |(gm, _)| gm.missing_textures())
    }

    /// The scene model's texture slots drawn with a placeholder, in order.
    pub fn missing_texture_slots(&self) -> impl Iterator<Item = usize> + '_ {
        self.model.iter().flat_map(|(gm, _)| gm.missing_slots())
    }

    /// The box (model units, world space) of everything `scene` draws,
    /// posed at this instant without a view: the model (with `particles`,
    /// the box of its live particles), its mount, what is placed, the
    /// models its emitters have spawned and the crowd.
    pub fn bounds(&self, scene: &mut Scene<'_>, particles: Option<(Vec3, Vec3)>) -> (Vec3, Vec3) {
        let model = &scene.lm.model;
        let mut host = Mat4::IDENTITY;
        let mut b: Option<(Vec3, Vec3)> = None;
        if let Some(m) = scene.mount.as_deref_mut() {
            m.instance.pose(&m.lm.model, Mat4::IDENTITY);
            host = m.instance.attachment(&m.lm.model, 0).unwrap_or(Mat4::IDENTITY);
            b = Some(frame_bounds(&m.lm.model, 0, &m.instance.pose.bones, None));
        }
        scene.instance.pose(model, Mat4::IDENTITY);
        let own = frame_bounds(model, scene.lod, &scene.instance.pose.bones, particles);
        let mut b = union(b, transform_box(host, own));
        let posed_box = |lm: &LoadedModel, inst: &mut ModelInstance, world: Mat4| {
            inst.pose(&lm.model, Mat4::IDENTITY);
            transform_box(world, frame_bounds(&lm.model, 0, &inst.pose.bones, None))
        };
        let worlds = placed_worlds(scene.placed, scene.instance, model, host);
        for (p, world) in scene.placed.iter_mut().zip(worlds) {
            if let Some(world) = world {
                b = union(Some(b), posed_box(&p.lm, &mut p.instance, world));
            }
        }
        if !self.spawned.is_empty() {
            let (spawned, _) =
                crate::spawned::simulate(model, scene.instance.player.sequence, scene.instance.player.clock_ms as f32);
            for s in &spawned {
                let Some(g) = self.spawned.iter().find(|g| g.source == s.emitter) else { continue };
                let mut inst = ModelInstance::new(&g.lm.model, 1);
                inst.player.advance(&g.lm.model, s.age_ms);
                b = union(Some(b), posed_box(&g.lm, &mut inst, host * s.world));
            }
        }
        match &scene.crowd {
            Some(c) => c.bounds(b),
            None => b,
        }
    }

    /// Poses `scene` seen through `cam` (at `aspect`), prepares every draw
    /// and records the compute passes (GPU animation, particles) into
    /// `encoder`. Add the draws to a frame with [`SceneGpu::add_to`].
    pub fn prepare(
        &mut self,
        renderer: &Renderer,
        queue: &wgpu::Queue,
        scene: Scene<'_>,
        cam: &Camera,
        aspect: f32,
        encoder: &mut wgpu::CommandEncoder,
    ) -> Prepared {
        let Scene { lm, instance, lod, geosets, placed, mount, crowd, sky, disabled_emitters, options } = scene;
        let Some((gm, gi)) = &mut self.model else { return Prepared::default() };
        let model = &lm.model;
        let (view, proj) = (cam.view(), cam.proj(aspect));
        let mut out = Prepared { view_proj: proj * view, ..Prepared::default() };
        let base = Lighting { model_lights: options.model_lights, ..Lighting::default() };
        // A mount stands at the origin and the model rides at its MountMain attachment.
        let mut host = Mat4::IDENTITY;
        if let (Some(m), Some((mgm, mgi))) = (mount, self.mount.as_mut()) {
            m.instance.pose(&m.lm.model, view);
            host = m.instance.attachment(&m.lm.model, 0).unwrap_or(Mat4::IDENTITY);
            let visible = |id: u16| m.geosets.contains(&id);
            let p = params(Mat4::IDENTITY, view, proj, &visible, &m.instance.pose, base);
            out.stats += renderer.prepare(mgm, mgi, &m.lm.model, &p);
        }
        out.host_world = host;
        instance.pose(model, view * host);
        let worlds = placed_worlds(placed, instance, model, host);
        // Inside a WMO's interior: the groups its portals show, culled to and deciding whether
        // its skybox shows; one traversal for both.
        let seen = (lm.wmo.as_ref())
            .filter(|_| options.portal_culling || sky.is_some())
            .and_then(|w| crate::portals::visible_groups(w, cam.eye, proj * view));
        self.sky_seen = lm.wmo.as_ref().is_some_and(|w| crate::portals::shows_skybox(w, seen.as_deref()));
        out.culled_groups = seen.filter(|_| options.portal_culling);
        let wmos = (lm.wmo.as_deref().map(|w| (w, host)).into_iter())
            .chain(placed.iter().zip(&worlds).filter_map(|(p, w)| Some((p.lm.wmo.as_deref()?, (*w)?))));
        out.fog = crate::world::fog(wmos, cam.eye).filter(|_| options.fog);
        let lighting = Lighting { fog: out.fog, ..base };
        let culled = &out.culled_groups;
        let visible = |id: u16| {
            geosets.contains(&id) && culled.as_ref().is_none_or(|c| c.get(id as usize).copied().unwrap_or(true))
        };
        let params = FrameParams { lod, ..params(host, view, proj, &visible, &instance.pose, lighting) };
        out.stats += renderer.prepare(gm, gi, model, &params);
        if let (Some((sky, inst)), Some((sgm, sgi))) = (sky, self.sky.as_mut().filter(|_| self.sky_seen)) {
            // Unfogged: the fog is of what stands in front of it.
            let world = crate::world::sky_placement(sky, cam.eye, cam.far);
            inst.pose(sky, view * world);
            let geosets = sky.default_geosets(0);
            let visible = |id: u16| geosets.contains(&id);
            out.stats += renderer.prepare(sgm, sgi, sky, &params_of(world, &visible, &inst.pose, base, &params));
        }
        let fx = &mut self.effects;
        instance.build_effects(model, view, &mut fx.quads, &mut fx.strips, &mut fx.draws);
        if let Some(gp) = &mut self.gpu_particles {
            // The GPU's particles replace the CPU's (ribbons stay).
            fx.draws.retain(|d| d.0 >= model.particles.len());
            gp.disabled.clear();
            gp.disabled.extend_from_slice(disabled_emitters);
            let clock = instance.player.clock(model);
            gp.update(queue, model, &clock, &instance.pose.bones, instance.last_step_s, view);
            renderer.simulate_particles(gp, encoder);
        }
        renderer.prepare_particles(gi, model, proj * view, fx);
        if let Some(gp) = &self.gpu_particles {
            renderer.prepare_gpu_particles(gi, gp, model, proj * view);
        }
        out.stats += prepare_hung(renderer, &mut self.hung, placed, &worlds, instance, &params);
        // Fixed placements: each model's one instanced group; inside, those of the groups the
        // portals show.
        let shown = (lm.wmo.as_ref())
            .zip(out.culled_groups.as_ref())
            .map(|(w, groups)| crate::portals::visible_doodads(w, groups));
        let cpu = options.cpu_animation;
        let near = Near { eye: cam.eye, distance: options.draw_distance };
        for g in &mut self.doodads {
            out.stats += g.prepare(renderer, placed, &worlds, shown.as_deref(), near, &params, cpu, encoder);
        }
        if !self.spawned.is_empty() {
            let (spawned, _) =
                crate::spawned::simulate(model, instance.player.sequence, instance.player.clock_ms as f32);
            out.spawned_models = spawned.iter().filter(|s| self.spawned.iter().any(|g| g.source == s.emitter)).count();
            for g in &mut self.spawned {
                out.stats += g.prepare(renderer, &spawned, &params, cpu, encoder);
            }
        }
        // Crowd copies: their own sequences and phases, on the grid around the model.
        let mut copies: Vec<(&mut ModelInstance, Mat4)> = match crowd {
            Some(c) => c.instances[1..].iter_mut().zip(c.worlds[1..].iter().map(|w| host * *w)).collect(),
            None => Vec::new(),
        };
        out.stats += self.crowd.prepare(renderer, gm, model, &mut copies, &params, cpu, encoder);
        out.gpu_animation = self.crowd.group.is_some()
            || self.doodads.iter().any(|g| g.copies.group.is_some())
            || self.spawned.iter().any(|g| g.copies.group.is_some());
        out
    }

    /// Adds what [`SceneGpu::prepare`] prepared to `frame`: the sky first,
    /// then the model, its mount, what is placed, the copies.
    pub fn add_to<'a>(&'a self, frame: &mut FrameBuilder<'a>) {
        let Some((gm, gi)) = &self.model else { return };
        if let Some((sgm, sgi)) = self.sky.as_ref().filter(|_| self.sky_seen) {
            frame.add_sky(sgm, sgi);
        }
        frame.add(gm, gi);
        if let Some((mgm, mgi)) = &self.mount {
            frame.add(mgm, mgi);
        }
        for (agm, agi) in &self.hung {
            frame.add(agm, agi);
        }
        self.crowd.add_to(frame, gm);
        for g in &self.doodads {
            g.copies.add_to(frame, &g.gm);
        }
        for g in &self.spawned {
            g.copies.add_to(frame, &g.gm);
        }
    }
}

/// The draw of a model at `world` seen through `view` and `proj`: LOD 0,
/// model alpha 1.
fn params<'a>(
    world: Mat4,
    view: Mat4,
    proj: Mat4,
    visible: &'a dyn Fn(u16) -> bool,
    pose: &'a m2view_anim::Pose,
    lighting: Lighting,
) -> FrameParams<'a> {
    FrameParams { world, view, proj, lod: 0, geoset_visible: visible, pose, model_alpha: 1.0, lighting }
}

/// [`params`] of a model seen as `host` is (its camera; LOD 0).
fn params_of<'a>(
    world: Mat4,
    visible: &'a dyn Fn(u16) -> bool,
    pose: &'a m2view_anim::Pose,
    lighting: Lighting,
    host: &FrameParams<'_>,
) -> FrameParams<'a> {
    params(world, host.view, host.proj, visible, pose, lighting)
}

/// The model → world of each placed model (`None`: on an attachment
/// its parent lacks), parents before children; the scene model stands
/// at `host`.
fn placed_worlds(placed: &[Placed], instance: &ModelInstance, model: &Model, host: Mat4) -> Vec<Option<Mat4>> {
    let mut worlds: Vec<Option<Mat4>> = Vec::with_capacity(placed.len());
    for p in placed {
        let parent = match p.parent.filter(|&i| i < worlds.len()) {
            Some(i) => worlds[i].map(|w| (w, &placed[i].instance, &placed[i].lm.model)),
            None => Some((host, instance, model)),
        };
        let world = parent.and_then(|(w, inst, m)| match (&p.placement, &p.skeleton) {
            (Some(at), _) => Some(w * *at),
            (None, Some(_)) => Some(w),
            (None, None) => inst.attachment(m, p.id).map(|at| w * at),
        });
        worlds.push(world);
    }
    worlds
}

/// Poses and prepares the placed models hung on a parent (`gpu`: their
/// uploads, in order): on their attachment point or, a 9.0+ character's
/// skinned models, on its skeleton. Returns their batches and triangles.
fn prepare_hung(
    renderer: &Renderer,
    gpu: &mut [(Arc<GpuModel>, GpuInstance)],
    placed: &mut [Placed],
    worlds: &[Option<Mat4>],
    host: &ModelInstance,
    params: &FrameParams<'_>,
) -> FrameStats {
    let mut stats = FrameStats::default();
    let hung: Vec<usize> = (0..placed.len()).filter(|&i| placed[i].placement.is_none()).collect();
    for (i, (agm, agi)) in hung.into_iter().zip(gpu) {
        let Some(world) = worlds[i] else { continue };
        // Parents come first: a skinned model follows its parent's pose of this frame.
        let (before, rest) = placed.split_at_mut(i);
        let p = &mut rest[0];
        p.instance.pose(&p.lm.model, params.view * world);
        if let Some(s) = &p.skeleton {
            let parent = p.parent.and_then(|k| before.get(k)).map_or(&host.pose, |q| &q.instance.pose);
            s.apply(&mut p.instance.pose, parent);
        }
        let visible = |id: u16| p.geosets.contains(&id);
        stats += renderer.prepare(
            agm,
            agi,
            &p.lm.model,
            &params_of(world, &visible, &p.instance.pose, params.lighting, params),
        );
    }
    stats
}

/// Where the eye is and how far it sees placed models ([`SceneOptions::draw_distance`]).
#[derive(Clone, Copy)]
struct Near {
    eye: Vec3,
    distance: f32,
}

impl Near {
    /// Whether a model of `bounds` at `world` reaches within the distance.
    fn sees(&self, bounds: &m2view_format::Bounds, world: &Mat4) -> bool {
        if !self.distance.is_finite() {
            return true;
        }
        let (lo, hi) = (Vec3::from(bounds.min), Vec3::from(bounds.max));
        let centre = world.transform_point3((lo + hi) * 0.5);
        let scale = world
            .x_axis
            .truncate()
            .length()
            .max(world.y_axis.truncate().length())
            .max(world.z_axis.truncate().length());
        let radius = ((hi - lo).length() * 0.5).max(bounds.radius);
        centre.distance(self.eye) - radius * scale <= self.distance
    }
}

/// The fixed placements of one model (indices into the placed list),
/// drawn as one group of copies.
struct PlacedGroup {
    lm: Arc<LoadedModel>,
    gm: Arc<GpuModel>,
    members: Vec<usize>,
    copies: Copies,
}

impl PlacedGroup {
    #[allow(clippy::too_many_arguments)]
    fn prepare(
        &mut self,
        renderer: &Renderer,
        placed: &mut [Placed],
        worlds: &[Option<Mat4>],
        shown: Option<&[bool]>,
        near: Near,
        params: &FrameParams<'_>,
        cpu: bool,
        encoder: &mut wgpu::CommandEncoder,
    ) -> FrameStats {
        let model = &self.lm.model;
        let geosets = model.default_geosets(0);
        let visible = |id: u16| geosets.contains(&id);
        let p = FrameParams { lod: 0, geoset_visible: &visible, ..*params };
        let mut copies: Vec<(&mut ModelInstance, Mat4)> = Vec::with_capacity(self.members.len());
        let mut left: &mut [Placed] = placed;
        let mut at = 0;
        for &i in &self.members {
            let (_, rest) = std::mem::take(&mut left).split_at_mut(i - at);
            let (a, rest) = rest.split_first_mut().expect("member index in range");
            // Hidden by portal culling: its groups are not seen.
            let hidden = matches!((shown, a.doodad), (Some(s), Some(d)) if !s.get(d).copied().unwrap_or(true));
            if let (false, Some(world)) = (hidden, worlds[i])
                && near.sees(&model.bounds, &world)
            {
                copies.push((&mut a.instance, world));
            }
            left = rest;
            at = i + 1;
        }
        self.copies.prepare(renderer, &self.gm, model, &mut copies, &p, cpu, encoder)
    }
}

/// The models one source of spawned models ([`crate::spawned`]) put in the
/// scene, drawn as one group of copies: each playing its first sequence
/// from its own spawn, where the emitter sent it.
struct SpawnGroup {
    /// Its [`crate::spawned::Spawned::emitter`].
    source: usize,
    lm: Arc<LoadedModel>,
    gm: Arc<GpuModel>,
    copies: Copies,
}

impl SpawnGroup {
    fn prepare(
        &mut self,
        renderer: &Renderer,
        spawned: &[crate::spawned::Spawned],
        params: &FrameParams<'_>,
        cpu: bool,
        encoder: &mut wgpu::CommandEncoder,
    ) -> FrameStats {
        let model = &self.lm.model;
        let mut instances: Vec<(ModelInstance, Mat4)> = spawned
            .iter()
            .filter(|s| s.emitter == self.source)
            .map(|s| {
                let mut inst = ModelInstance::new(model, 1);
                inst.player.advance(model, s.age_ms);
                (inst, params.world * s.world)
            })
            .collect();
        let mut copies: Vec<(&mut ModelInstance, Mat4)> =
            instances.iter_mut().map(|(inst, world)| (inst, *world)).collect();
        let geosets = model.default_geosets(0);
        let visible = |id: u16| geosets.contains(&id);
        let p = FrameParams { lod: 0, geoset_visible: &visible, ..*params };
        self.copies.prepare(renderer, &self.gm, model, &mut copies, &p, cpu, encoder)
    }
}

/// Copies of one model, each animated by its own instance: one instanced
/// group animated on the GPU where the device can
/// ([`Renderer::supports_gpu_animation`]), else one instance per copy
/// posed on the CPU.
#[derive(Default)]
struct Copies {
    group: Option<InstanceGroup>,
    single: Vec<GpuInstance>,
}

impl Copies {
    /// Prepares `copies` (each at its world transform) seen as `params`
    /// says; on the CPU where `cpu` asks.
    #[allow(clippy::too_many_arguments)]
    fn prepare(
        &mut self,
        renderer: &Renderer,
        gm: &GpuModel,
        model: &Model,
        copies: &mut [(&mut ModelInstance, Mat4)],
        params: &FrameParams<'_>,
        cpu: bool,
        encoder: &mut wgpu::CommandEncoder,
    ) -> FrameStats {
        if copies.is_empty() {
            *self = Copies::default();
            return FrameStats::default();
        }
        // One copy gains nothing from instancing (and lavapipe draws a lone
        // copy of a many-batch model, a neighbour tile, far slower that way).
        if copies.len() == 1 || cpu {
            self.group = None;
        } else if self.group.is_none() {
            self.group = renderer.instance_group(model);
        }
        if let Some(group) = &mut self.group {
            let members: Vec<_> = copies
                .par_iter_mut()
                .with_min_len(1024)
                .map(|(inst, world)| GroupMember { world: *world, clock: inst.player.clock(model) })
                .collect();
            let gp = GroupParams {
                view: params.view,
                proj: params.proj,
                lod: params.lod,
                geoset_visible: params.geoset_visible,
                model_alpha: 1.0,
                lighting: params.lighting,
            };
            let stats = renderer.prepare_group(gm, group, model, &members, &gp);
            renderer.animate(group, encoder);
            return stats;
        }
        let mut stats = FrameStats::default();
        self.single.truncate(copies.len());
        while self.single.len() < copies.len() {
            self.single.push(renderer.instance(gm));
        }
        for ((inst, world), cgi) in copies.iter_mut().zip(&mut self.single) {
            let world = *world;
            inst.pose(model, params.view * world);
            stats += renderer.prepare(gm, cgi, model, &FrameParams { world, pose: &inst.pose, ..*params });
        }
        stats
    }

    /// Adds the copies prepared last to `frame`.
    fn add_to<'a>(&'a self, frame: &mut FrameBuilder<'a>, gm: &'a GpuModel) {
        match &self.group {
            Some(group) => frame.add_group(gm, group),
            None => self.single.iter().for_each(|cgi| frame.add(gm, cgi)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placed_models_are_drawn_while_their_sphere_reaches_within_the_draw_distance() {
        // A 2 × 2 × 2 box (its sphere's radius √3) about its origin.
        let bounds = m2view_format::Bounds { min: [-1.0; 3], max: [1.0; 3], radius: 0.0 };
        let near = Near { eye: Vec3::ZERO, distance: 100.0 };
        let at = |x: f32, scale: f32| {
            Mat4::from_scale_rotation_translation(Vec3::splat(scale), glam::Quat::IDENTITY, Vec3::X * x)
        };
        assert!(near.sees(&bounds, &at(101.0, 1.0)), "its near side is within 100");
        assert!(!near.sees(&bounds, &at(102.0, 1.0)), "wholly beyond 100");
        // Scaled up, it reaches further: a big WMO stays longer in view.
        assert!(near.sees(&bounds, &at(110.0, 10.0)));
        let all = Near { distance: f32::INFINITY, ..near };
        assert!(all.sees(&bounds, &at(1e9, 1.0)));
    }
}
