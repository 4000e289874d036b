//! A race model's character as the front ends use it: NPC displays and
//! mounts, the body texture's
//! layers read and decoded ([`BodyTexture`]; composed on the GPU to draw,
//! by the CPU reference to export), and the item models loaded to hang on
//! their attachments ([`load_items`]).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use m2view_dress::ClientTables;
use m2view_dress::character::Look;
use m2view_dress::character::body::Layer;
use m2view_dress::character::equipment::Slot;
use m2view_dress::character::items::ItemModel;
use m2view_dress::character::npc;
use m2view_dress::modern::Plan;
use m2view_dress::modern::plan::ComposedTexture;
use m2view_format::blp::{Blp, RgbaImage};
use m2view_format::{LoadedModel, TextureSource};
use m2view_render::compose::ComposeLayer;

use crate::error::AppError;
use crate::open::{OpenOptions, Opened};

/// Dresses `o`'s character as NPC display `display` when it is one, and
/// says whether it was.
///
/// # Errors
/// A display of another race or sex, or a broken table.
pub fn dress_as_npc(o: &mut Opened, display: u32) -> Result<bool, AppError> {
    let tables = o.dressing.tables.clone();
    if let Some(m) = o.dressing.modern.as_mut() {
        if !npc::is_npc_display(&tables, display) {
            return Ok(false);
        }
        for w in m.dress_as_npc(&tables, display).map_err(AppError::input)? {
            o.lm.model.warnings.push(format!("NPC display {display}: {w}"));
        }
        return Ok(true);
    }
    let Some(c) = o.dressing.character.as_mut() else { return Ok(false) };
    if !npc::is_npc_display(&tables, display) {
        return Ok(false);
    }
    for w in c.dress_as_npc(&o.lm, &tables, display).map_err(AppError::input)? {
        o.lm.model.warnings.push(format!("NPC display {display}: {w}"));
    }
    Ok(true)
}

/// The model an NPC display shows, to open when no path was given.
///
/// # Errors
/// Missing tables or display.
pub fn npc_model(opts: &OpenOptions, display: u32) -> Result<PathBuf, AppError> {
    let tables = ClientTables::new(&opts.dbc, opts.load.data.clone(), opts.dbd.clone());
    npc::model_of_display(&tables, display).map(PathBuf::from).map_err(AppError::input)
}

/// A texture the character composes: its layers, their images decoded —
/// the body (replaceable type 1) and, for a 9.0+ character, the hair,
/// eyes and the other types its layout composes ([`BodyTexture::companions`]).
#[derive(Debug, Clone, Default)]
pub struct BodyTexture {
    /// Target size in pixels (256×256, or the base skin's when it is 512,
    /// 1024…; a 9.0+ layout's `ChrModelMaterial` size).
    pub size: [u32; 2],
    /// The replaceable texture type it fills (1: the body).
    pub texture_type: u32,
    /// Layers bottom first, with their image (`None`: missing or broken → placeholder).
    pub layers: Vec<(ComposedLayer, Option<RgbaImage>)>,
    /// The other textures composed with it (9.0+: hair, eyes, …), each with no companions.
    pub companions: Vec<BodyTexture>,
}

/// One layer of a [`BodyTexture`]: where it goes and which file.
#[derive(Debug, Clone, PartialEq)]
pub struct ComposedLayer {
    /// The region or section (`Base`, `FaceLower`, `LegUpper`, `whole`, `section 9`).
    pub region: String,
    /// `x, y, width, height` in target pixels.
    pub rect: [u32; 4],
    /// The game path or listfile name wanted (`fdid:N` when unnamed).
    pub file: String,
    /// Whether it was found.
    pub found: bool,
    /// How it meets what is below (9.0+ `ChrModelTextureLayer.BlendMode`; over before).
    pub blend: m2view_render::compose::Blend,
}

/// What `render --stats` says of the body texture.
#[derive(Debug, Clone, serde::Serialize)]
pub struct BodyStats {
    /// Size in pixels.
    pub size: [u32; 2],
    /// Layers bottom first.
    pub layers: Vec<LayerStats>,
    /// The other composed textures (9.0+ characters), by replaceable type.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub companions: Vec<(u32, BodyStats)>,
}

/// One layer of [`BodyStats`].
#[derive(Debug, Clone, serde::Serialize)]
pub struct LayerStats {
    /// The region (`Base`, `FaceLower`, `ArmUpper`, …).
    pub region: String,
    /// The game path wanted.
    pub file: String,
    /// Whether it was found.
    pub found: bool,
}

/// The image at `path` of `lm`'s sources, decoded (a failure joins `warnings`, naming `what`).
fn decode(lm: &LoadedModel, path: &Path, what: &str, warnings: &mut Vec<String>) -> Option<RgbaImage> {
    match lm.read(path).and_then(Blp::parse).and_then(|b| b.decode(0)) {
        Ok(img) => Some(img),
        Err(e) => {
            warnings.push(format!("{what}: {e}"));
            None
        }
    }
}

impl BodyTexture {
    /// The body of `look` for `lm`: its layers, or an NPC's baked texture
    /// as the one layer (`None`: no layers). Layers whose file is missing or does not decode keep no
    /// image; the decode failures join `warnings`.
    pub fn of(lm: &LoadedModel, look: &Look, warnings: &mut Vec<String>) -> Option<BodyTexture> {
        if look.body.layers().is_empty() {
            return None;
        }
        let layers: Vec<(&Layer, Option<RgbaImage>)> = look
            .body
            .layers()
            .iter()
            .map(|l| {
                let what = format!("body texture {} layer {}", l.region.name(), l.file);
                (l, l.found.as_ref().and_then(|p| decode(lm, p, &what, warnings)))
            })
            .collect();
        let base = layers.first().filter(|(l, _)| l.region == m2view_dress::character::body::Region::Base);
        let k = base
            .and_then(|(_, img)| img.as_ref())
            .filter(|i| i.width == i.height && i.width % 256 == 0 && (256..=2048).contains(&i.width))
            .map_or(1, |i| i.width / 256);
        let layers = layers
            .into_iter()
            .map(|(l, img)| {
                let rect = l.region.rect().map(|v| v * k);
                let region = l.region.name().to_string();
                let blend = m2view_render::compose::Blend::Over;
                (ComposedLayer { region, rect, file: l.file.clone(), found: l.found.is_some(), blend }, img)
            })
            .collect();
        Some(BodyTexture { size: [256 * k, 256 * k], texture_type: 1, layers, companions: Vec::new() })
    }

    /// The textures of a 9.0+ character's plan for `lm`: the body with the
    /// other composed textures as its companions (`None`: nothing to compose).
    pub fn of_plan(lm: &LoadedModel, plan: &Plan, warnings: &mut Vec<String>) -> Option<BodyTexture> {
        let one = |t: &ComposedTexture, warnings: &mut Vec<String>| {
            let layers = t
                .layers
                .iter()
                .map(|l| {
                    let what = format!("texture type {} layer {} {}", t.texture_type, l.layer, l.file.file);
                    let img = lm.find_fdid(l.file.file_data_id, "blp").and_then(|p| decode(lm, &p, &what, warnings));
                    let layer = ComposedLayer {
                        region: l.section.clone(),
                        rect: l.rect,
                        file: l.file.file.clone(),
                        found: l.file.found,
                        blend: m2view_render::compose::Blend::of_layer_mode(l.blend_mode),
                    };
                    (layer, img)
                })
                .collect();
            BodyTexture { size: t.size, texture_type: t.texture_type, layers, companions: Vec::new() }
        };
        let mut body = one(&plan.body_texture, warnings);
        body.companions = plan.textures.iter().filter(|t| !t.layers.is_empty()).map(|t| one(t, warnings)).collect();
        (!body.layers.is_empty() || !body.companions.is_empty()).then_some(body)
    }

    /// The layers for the compositor.
    pub fn compose_layers(&self) -> Vec<ComposeLayer<'_>> {
        self.layers
            .iter()
            .map(|(l, img)| ComposeLayer { blend: l.blend, ..ComposeLayer::new(l.rect, img.as_ref()) })
            .collect()
    }

    /// This texture and its companions.
    fn all(&self) -> impl Iterator<Item = &BodyTexture> {
        std::iter::once(self).chain(&self.companions).filter(|t| !t.layers.is_empty())
    }

    /// The texture slots of `lm` this texture fills (replaceable, of its type).
    fn slots(&self, lm: &LoadedModel) -> Vec<usize> {
        let m = &lm.model;
        (0..m.textures.len())
            .filter(|&i| m.textures[i].source == TextureSource::Replaceable && m.textures[i].kind == self.texture_type)
            .collect()
    }

    /// The CPU reference composite (what exports embed).
    pub fn cpu(&self) -> RgbaImage {
        let pixels = m2view_render::compose::compose_cpu(self.size, &self.compose_layers());
        RgbaImage { width: self.size[0], height: self.size[1], pixels }
    }

    /// The CPU composites of this texture and its companions for every slot of `lm` they fill.
    pub fn cpu_slots(&self, lm: &LoadedModel) -> Vec<(usize, RgbaImage)> {
        self.all()
            .flat_map(|t| {
                let img = t.cpu();
                t.slots(lm).into_iter().map(move |i| (i, img.clone()))
            })
            .collect()
    }

    /// Composes this texture and its companions on the GPU and makes each the slots of `gm` it fills.
    pub fn apply_gpu(&self, renderer: &m2view_render::Renderer, gm: &mut m2view_render::GpuModel, lm: &LoadedModel) {
        for t in self.all() {
            let texture = renderer.compose(t.size, &t.compose_layers());
            for slot in t.slots(lm) {
                renderer.set_texture(gm, &lm.model, slot, texture.create_view(&Default::default()));
            }
        }
    }

    /// The statistics of `render --stats`.
    pub fn stats(&self) -> BodyStats {
        BodyStats {
            size: self.size,
            layers: self
                .layers
                .iter()
                .map(|(l, _)| LayerStats { region: l.region.clone(), file: l.file.clone(), found: l.found })
                .collect(),
            companions: self.companions.iter().map(|c| (c.texture_type, c.stats())).collect(),
        }
    }
}

/// An item model loaded to hang on the character.
#[derive(Debug, Clone)]
pub struct Item {
    /// The slot it belongs to.
    pub slot: Slot,
    /// The attachment id on the character.
    pub attachment: u32,
    /// The model, its texture (type 2) from the item's display.
    pub lm: Arc<LoadedModel>,
}

/// Loads the item models of `look` that were found (through `opts`, as
/// any model), their replaceable type-2 texture set from the display. A
/// model that fails to load becomes a warning.
pub fn load_items(items: &[ItemModel], opts: &OpenOptions, warnings: &mut Vec<String>) -> Vec<Item> {
    let mut out = Vec::new();
    for m in items {
        let Some(file) = &m.model_file else { continue };
        match m2view_format::load_model_file(file, &opts.load) {
            Ok(lm) => {
                let mut item = Opened::dress(lm, opts).lm;
                if let Some(t) = &m.texture_file {
                    for i in 0..item.model.textures.len() {
                        let tex = &item.model.textures[i];
                        if tex.source == m2view_format::TextureSource::Replaceable && tex.kind == 2 {
                            item.texture_files[i] = Some(t.clone());
                        }
                    }
                }
                out.push(Item { slot: m.slot, attachment: m.attachment, lm: Arc::new(item) });
            }
            Err(e) => warnings.push(format!("{} model: {e}", m.slot.name())),
        }
    }
    out
}

/// A model worn on a 9.0+ character's skeleton (`ChrCustomizationSkinnedModel`).
#[derive(Debug, Clone)]
pub struct Skinned {
    /// The model.
    pub lm: Arc<LoadedModel>,
    /// The one geoset it shows (wow.export shows that one alone).
    pub geosets: std::collections::BTreeSet<u16>,
    /// Which of the character's bones each of its bones follows.
    pub skeleton: Arc<m2view_anim::SharedSkeleton>,
}

/// Makes the plan's bone sets for `lm` (those naming its FileDataID, or
/// no model) its always-applied bone sets, replacing the previous
/// choices'; a missing or broken `.bone` file becomes a warning.
fn apply_bone_sets(lm: &mut LoadedModel, plan: &Plan, warnings: &mut Vec<String>) {
    lm.model.bone_sets.retain(|b| b.variant.is_some());
    let mine = |id: u32| id == 0 || Some(id) == lm.file_data_id;
    let wanted: Vec<_> = plan.bone_sets.iter().filter(|b| mine(b.model_file_data_id)).map(|b| b.bone.clone()).collect();
    for bone in wanted {
        let Some(path) = lm.find_fdid(bone.file_data_id, "bone") else {
            warnings.push(format!("bone set {} not found", bone.file));
            continue;
        };
        let set =
            lm.read(&path).and_then(|bytes| m2view_format::read_bone_set(&mut lm.model, &bytes, &bone.file, None));
        match set {
            Ok(set) => lm.model.bone_sets.push(set),
            Err(e) => warnings.push(format!("bone set {}: {e}", bone.file)),
        }
    }
}

/// Loads the skinned models of `plan` (through `lm`'s sources, as any
/// model); a missing or broken one becomes a warning.
fn load_skinned(lm: &LoadedModel, plan: &Plan, opts: &OpenOptions, warnings: &mut Vec<String>) -> Vec<Skinned> {
    let mut out = Vec::new();
    for m in plan.models.iter().filter(|m| m.kind == "skinned") {
        let Some(path) = lm.find_fdid(m.file.file_data_id, "m2") else {
            warnings.push(format!("skinned model {} not found", m.file.file));
            continue;
        };
        match m2view_format::load_model_file(&path, &opts.load) {
            Ok(mut child) => {
                apply_bone_sets(&mut child, plan, warnings);
                let skeleton = Arc::new(m2view_anim::SharedSkeleton::new(&child.model, &lm.model));
                let geoset = m.geoset.and_then(|g| u16::try_from(g).ok());
                let geosets = geoset.into_iter().collect();
                out.push(Skinned { lm: Arc::new(child), geosets, skeleton });
            }
            Err(e) => warnings.push(format!("skinned model {}: {e}", m.file.file)),
        }
    }
    out
}

/// Checks the conditional models of `plan` (`ChrCustomizationCondModel`:
/// the creature model a choice makes the character; wowdev wiki,
/// "Character Customization"). Every one in the public tables (10.0:
/// Forsaken "Upright") names the body's own file under another
/// `CreatureModelData` row, so the body drawn is that model; one naming
/// another file is a warning, and the body is kept.
fn check_conditional(lm: &LoadedModel, plan: &Plan, warnings: &mut Vec<String>) {
    for m in plan.models.iter().filter(|m| m.kind == "conditional") {
        if Some(m.file.file_data_id) != lm.file_data_id {
            warnings.push(format!(
                "conditional model {} (choice {}) is another model than the body {}: the body is kept",
                m.file.file,
                m.choice_id,
                lm.path.display()
            ));
        }
    }
}

/// What a character's current choices give the front ends: geosets, the
/// body texture's decoded layers, the item models loaded, and what was
/// missing. Its hair, extra skin and cape textures are set in the model's
/// texture files.
#[derive(Debug, Clone)]
pub struct Parts {
    /// The geosets shown.
    pub geosets: std::collections::BTreeSet<u16>,
    /// The body texture to compose (`None`: nothing to compose).
    pub body: Option<Arc<BodyTexture>>,
    /// Item models to hang.
    pub items: Vec<Item>,
    /// Models worn on the character's skeleton (9.0+ skinned models).
    pub skinned: Vec<Skinned>,
    /// Files not found, layers that did not decode, items that did not load.
    pub warnings: Vec<String>,
}

/// The parts of `dressing`'s character for its current choices (`None`:
/// no character); `lm`'s texture files get its hair, extra skin and cape.
pub fn parts(lm: &mut LoadedModel, dressing: &m2view_dress::Dressing, opts: &OpenOptions) -> Option<Parts> {
    if let Some(m) = &dressing.modern {
        let plan = m.plan(lm);
        let mut warnings = plan.warnings.clone();
        for l in std::iter::once(&plan.body_texture).chain(&plan.textures).flat_map(|t| &t.layers) {
            if !l.file.found {
                warnings.push(format!("texture layer {} ({}) not found", l.file.file, l.section));
            }
        }
        let body = BodyTexture::of_plan(lm, &plan, &mut warnings).map(Arc::new);
        let geosets = m2view_dress::modern::character::geosets(&lm.model.geoset_ids(), &plan.geosets);
        let (models, slot_files) = m2view_dress::modern::character::item_models(lm, &plan);
        for (i, path) in slot_files {
            lm.texture_files[i] = path;
        }
        for m in models.iter().filter(|m| m.model_file.is_none()) {
            warnings.push(format!("{} model {} not found", m.slot.name(), m.model));
        }
        let items = load_items(&models, opts, &mut warnings);
        apply_bone_sets(lm, &plan, &mut warnings);
        let skinned = load_skinned(lm, &plan, opts, &mut warnings);
        check_conditional(lm, &plan, &mut warnings);
        return Some(Parts { geosets, body, items, skinned, warnings });
    }
    let look = crate::open::look(lm, dressing)?;
    let mut warnings = look.warnings.clone();
    let body = BodyTexture::of(lm, &look, &mut warnings).map(Arc::new);
    let items = load_items(&look.items, opts, &mut warnings);
    Some(Parts { geosets: look.geosets, body, items, skinned: Vec::new(), warnings })
}

impl m2view_scene::Body for BodyTexture {
    fn apply_gpu(&self, renderer: &m2view_render::Renderer, gm: &mut m2view_render::GpuModel, lm: &LoadedModel) {
        BodyTexture::apply_gpu(self, renderer, gm, lm);
    }
}

/// The client's mount sequence a rider plays (AnimationData 91, `Mount`).
pub const MOUNT_ANIMATION: u16 = 91;

/// Opens the mount at `path` (read like any model): a model with a
/// `MountMain` attachment (id 0, where the client seats the rider).
///
/// # Errors
/// The model does not open, or has no attachment 0 (naming the file).
pub fn open_mount(path: &std::path::Path, opts: &OpenOptions) -> Result<LoadedModel, AppError> {
    let lm = Opened::open(path, opts).map_err(AppError::input)?.lm;
    if !lm.model.attachments.iter().any(|a| a.id == 0) {
        return Err(AppError::Failure(format!(
            "{} has no MountMain attachment (0) to seat a rider on; see `m2view info`",
            path.display()
        )));
    }
    Ok(lm)
}
