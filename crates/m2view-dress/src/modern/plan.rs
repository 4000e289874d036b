//! What a 9.0+ character's choices make the client show — its dressing
//! plan — whether or not the files are at hand: the geosets, the textures
//! composed from layers, the models worn beside the body.
//!
//! For each chosen choice, each of its `ChrCustomizationElement` rows
//! whose related choice (if any) is also chosen gives (wow.export
//! `tab_characters.js` `updateActiveCustomization`,
//! `DBCharacterCustomization.js`):
//! - a geoset: `ChrCustomizationGeoset` `GeosetType × 100 + GeosetID`;
//! - a texture layer: `ChrCustomizationMaterial` names a texture target
//!   and a `MaterialResourcesID` (its file: the `TextureFileData` row of
//!   usage 0); the `ChrModelTextureLayer` row of the body's layout whose
//!   `ChrModelTextureTargetID` is that target gives the texture type it is
//!   composed into (1 body, 6 hair, 19 eyes…), its drawing order (`Layer`),
//!   blend mode and section mask; the rectangle is the first
//!   `CharComponentTextureSections` row of the layout whose `SectionType`
//!   bit is in the mask, or the whole texture (mask −1) of the size
//!   `ChrModelMaterial` gives for the layout and type;
//! - a model worn on the body's skeleton (`ChrCustomizationSkinnedModel`,
//!   with the one geoset it shows), a conditional creature model
//!   (`ChrCustomizationCondModel` → `CreatureModelData`), or a bone set
//!   (`ChrCustomizationBoneSet`: a `.bone` file for a model).
//!
//! Rows that point nowhere become warnings naming table, row and column;
//! the rest of the plan stands.

use m2view_db::customization::ElementRow;
use serde::Serialize;

use super::catalog::Catalog;
use super::selection::{Selection, label};
use crate::character::identity::Sex;

/// A file named by FileDataID.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileRef {
    /// The FileDataID.
    pub file_data_id: u32,
    /// Its path where a listfile names it, else `fdid:N`.
    pub file: String,
    /// Whether a data source has it.
    pub found: bool,
}

/// How the plan learns a file's name and presence: `(name, found)` of a FileDataID.
pub type Resolve<'a> = &'a dyn Fn(u32) -> (String, bool);

/// One option: its offered choices and the one made.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OptionPlan {
    /// `ChrCustomizationOption` id.
    pub id: u32,
    /// Its name (`Option N` where the table gives none).
    pub name: String,
    /// The offered choices in the client's order.
    pub choices: Vec<ChoicePlan>,
    /// The position of the choice made among them.
    pub chosen: Option<usize>,
    /// The `ChrCustomizationChoice` id made.
    pub choice_id: Option<u32>,
}

/// One offered choice.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChoicePlan {
    /// `ChrCustomizationChoice` id.
    pub id: u32,
    /// Its name (empty for colours and most faces).
    pub name: String,
    /// Whether the other choices made meet its requirement (the client
    /// offers it now: a hair colour of another hair style is not).
    pub available: bool,
    /// The colours the client's swatch shows for it, sRGB 0–255
    /// (`ChrCustomizationChoice.SwatchColor[2]`, ARGB, 0 for none; a
    /// skin or hair colour has one, a two-tone choice two; most have none).
    pub swatches: Vec<[u8; 3]>,
}

/// The colour of an ARGB swatch.
fn rgb(argb: u32) -> [u8; 3] {
    [(argb >> 16) as u8, (argb >> 8) as u8, argb as u8]
}

/// One layer of a composed texture.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanLayer {
    /// Drawing order, bottom first (`ChrModelTextureLayer.Layer`).
    pub layer: i32,
    /// The section (`ArmUpper`…, `whole` for the whole texture, `section N` otherwise).
    pub section: String,
    /// `x, y, width, height` in pixels of the texture.
    pub rect: [u32; 4],
    /// `ChrModelTextureLayer.BlendMode` (1: copied over what is below).
    pub blend_mode: u32,
    /// The choice that put it there (0: an item).
    pub choice_id: u32,
    /// The `ItemDisplayInfo` that put it there (0: a choice).
    pub display_id: u32,
    /// Its texture.
    #[serde(flatten)]
    pub file: FileRef,
}

/// An equipped item: its models on the character.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ItemPlan {
    /// The slot (`head`, `shoulder`, …).
    pub slot: &'static str,
    /// `ItemDisplayInfo` id.
    pub display_id: u32,
    /// Its models, each on an attachment.
    pub models: Vec<ItemModelPlan>,
}

/// A model an item hangs on the character.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ItemModelPlan {
    /// The attachment id (wowdev wiki "M2#Attachments").
    pub attachment: u32,
    /// The model chosen for the wearer.
    pub model: FileRef,
    /// Its texture (replaceable type 2), chosen for the wearer.
    pub texture: Option<FileRef>,
}

/// A texture that fills the character's replaceable slots of one type
/// whole (a cape, type 2).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SlotTexturePlan {
    /// Replaceable texture type.
    pub texture_type: u32,
    /// The texture.
    #[serde(flatten)]
    pub file: FileRef,
}

/// A texture the client composes from layers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ComposedTexture {
    /// The model's replaceable texture type it fills (1 body, 6 hair, 19 eyes, 20 jewellery…).
    pub texture_type: u32,
    /// Width and height in pixels.
    pub size: [u32; 2],
    /// The layers, bottom first.
    pub layers: Vec<PlanLayer>,
}

/// A model shown with the body.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExtraModel {
    /// `skinned` (worn on the body's skeleton) or `conditional` (a creature model).
    pub kind: &'static str,
    /// The one geoset a skinned model shows.
    pub geoset: Option<u32>,
    /// The choice that adds it.
    pub choice_id: u32,
    /// The model file.
    #[serde(flatten)]
    pub file: FileRef,
}

/// A `.bone` file applied to a model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoneSetPlan {
    /// The choice that applies it.
    pub choice_id: u32,
    /// The `.bone` file.
    pub bone: FileRef,
    /// The model it is for (FileDataID; 0: the body).
    pub model_file_data_id: u32,
}

/// The plan (see the module docs); `dress --json` prints it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    /// `ChrModel` id.
    pub chr_model: u32,
    /// The race's name (`ChrRaces.ClientFileString`) of the lowest race with this body.
    pub race: Option<String>,
    /// Body type.
    pub gender: Sex,
    /// The body's model (`None`: the tables do not say; `CreatureDisplayInfo` missing).
    pub model: Option<FileRef>,
    /// Its `.skel`.
    pub skeleton: Option<FileRef>,
    /// The options in the client's order.
    pub options: Vec<OptionPlan>,
    /// The geosets the choices show (type × 100 + id), ascending.
    pub geosets: Vec<u32>,
    /// The body texture (type 1).
    pub body_texture: ComposedTexture,
    /// The other composed textures, by type.
    pub textures: Vec<ComposedTexture>,
    /// Skinned and conditional models.
    pub models: Vec<ExtraModel>,
    /// Bone sets.
    pub bone_sets: Vec<BoneSetPlan>,
    /// Equipped items, in the client's slot order.
    pub items: Vec<ItemPlan>,
    /// Whole textures of replaceable slots (a cape).
    pub slot_textures: Vec<SlotTexturePlan>,
    /// Rows that point nowhere, tables missing.
    pub warnings: Vec<String>,
}

/// The largest composed texture, in pixels per side: the largest layout
/// of the 10.0 tables (2048×1024), and what WebGL2 guarantees.
pub const MAX_TEXTURE_SIZE: u32 = 2048;

/// The name of section type `t` (0–7 as the item texture components;
/// `CharComponentTextureSections.SectionType`).
pub(super) fn section_name(t: u32) -> String {
    const NAMES: [&str; 8] =
        ["ArmUpper", "ArmLower", "Hand", "TorsoUpper", "TorsoLower", "LegUpper", "LegLower", "Foot"];
    NAMES.get(t as usize).map_or_else(|| format!("section {t}"), |s| s.to_string())
}

impl Plan {
    /// The plan of `sel`, files named and looked up by `resolve`.
    pub fn new(catalog: &Catalog, sel: &Selection, resolve: Resolve<'_>) -> Plan {
        let file = |id: u32| {
            let (file, found) = resolve(id);
            FileRef { file_data_id: id, file, found }
        };
        let m = &sel.chr_model;
        let mut warnings: Vec<String> = catalog.missing.iter().map(|t| format!("no {t} table")).collect();
        let model = catalog.model_file(m).map(file);
        if model.is_none() {
            warnings.push(format!(
                "ChrModel {}: DisplayID {} has no model in CreatureDisplayInfo/CreatureModelData",
                m.id, m.display_id
            ));
        }
        let mut plan = Plan {
            chr_model: m.id,
            race: catalog.races_of(m.id).first().map(|r| r.client_file_string.clone()),
            gender: if m.sex == 1 { Sex::Female } else { Sex::Male },
            model,
            skeleton: (m.skeleton != 0).then(|| file(m.skeleton)),
            options: options(catalog, sel),
            geosets: Vec::new(),
            body_texture: ComposedTexture { texture_type: 1, size: texture_size(catalog, m.layout, 1), layers: vec![] },
            textures: Vec::new(),
            models: Vec::new(),
            bone_sets: Vec::new(),
            items: Vec::new(),
            slot_textures: Vec::new(),
            warnings,
        };
        let chosen = sel.choices();
        for &choice in &chosen {
            let elements = catalog.elements.get(&choice).into_iter().flatten();
            for e in elements.filter(|e| e.related == 0 || chosen.contains(&e.related)) {
                plan.element(catalog, m.layout, e, &file);
            }
        }
        plan.equip(catalog, sel, &file);
        plan.fit();
        plan.geosets.sort_unstable();
        plan.geosets.dedup();
        plan.body_texture.layers.sort_by_key(|l| l.layer);
        plan.textures.sort_by_key(|t| t.texture_type);
        for t in &mut plan.textures {
            t.layers.sort_by_key(|l| l.layer);
        }
        plan
    }

    /// Keeps every composed texture within [`MAX_TEXTURE_SIZE`] (a larger
    /// one is drawn at a whole fraction of its size, its layers scaled
    /// alike) and every layer within its texture (a section beyond it is
    /// clipped), with a warning each: tables that say otherwise are
    /// broken, and must not ask the GPU or the CPU reference for more.
    fn fit(&mut self) {
        let textures = std::iter::once(&mut self.body_texture).chain(&mut self.textures);
        for t in textures {
            let [w, h] = t.size;
            let k = w.max(h).div_ceil(MAX_TEXTURE_SIZE).max(1);
            if k > 1 {
                t.size = [w / k, h / k];
                let msg = format!(
                    "texture type {}: {w}x{h} is larger than {MAX_TEXTURE_SIZE}: drawn at {}x{}",
                    t.texture_type, t.size[0], t.size[1]
                );
                self.warnings.push(msg);
            }
            for l in &mut t.layers {
                let r = l.rect.map(|v| v / k);
                let (x, y) = (r[0].min(t.size[0]), r[1].min(t.size[1]));
                let clipped = [x, y, r[2].min(t.size[0] - x), r[3].min(t.size[1] - y)];
                if clipped != r {
                    let msg = format!(
                        "texture type {} layer {}: section {:?} is outside {}x{}: clipped",
                        t.texture_type, l.layer, l.rect, w, h
                    );
                    self.warnings.push(msg);
                }
                l.rect = clipped;
            }
        }
    }

    /// What element `e` adds (see the module docs).
    fn element(&mut self, catalog: &Catalog, layout: u32, e: &ElementRow, file: &dyn Fn(u32) -> FileRef) {
        let missing = |table: &str, id: u32| format!("ChrCustomizationElement {}: no {table} row {id}", e.id);
        if e.geoset != 0 {
            match catalog.geosets.get(&e.geoset) {
                Some(g) => self.geosets.push(g.geoset()),
                None => self.warnings.push(missing("ChrCustomizationGeoset", e.geoset)),
            }
        }
        if e.material != 0 {
            match catalog.materials.get(&e.material) {
                Some(mat) => self.material(catalog, layout, e, mat.target, mat.resources, file),
                None => self.warnings.push(missing("ChrCustomizationMaterial", e.material)),
            }
        }
        if e.skinned_model != 0 {
            match catalog.skinned_models.get(&e.skinned_model) {
                Some(s) => self.models.push(ExtraModel {
                    kind: "skinned",
                    geoset: Some(s.geoset),
                    choice_id: e.choice,
                    file: file(s.file_data_id),
                }),
                None => self.warnings.push(missing("ChrCustomizationSkinnedModel", e.skinned_model)),
            }
        }
        if e.cond_model != 0 {
            let creature = catalog.cond_models.get(&e.cond_model).map(|c| c.creature_model);
            match creature.and_then(|c| catalog.creature_models.get(&c)) {
                Some(cm) => self.models.push(ExtraModel {
                    kind: "conditional",
                    geoset: None,
                    choice_id: e.choice,
                    file: file(cm.file_data_id),
                }),
                None => self.warnings.push(match creature {
                    Some(c) => format!("ChrCustomizationCondModel {}: no CreatureModelData row {c}", e.cond_model),
                    None => missing("ChrCustomizationCondModel", e.cond_model),
                }),
            }
        }
        if e.bone_set != 0 {
            match catalog.bone_sets.get(&e.bone_set) {
                Some(b) => self.bone_sets.push(BoneSetPlan {
                    choice_id: e.choice,
                    bone: file(b.bone_file),
                    model_file_data_id: b.model_file,
                }),
                None => self.warnings.push(missing("ChrCustomizationBoneSet", e.bone_set)),
            }
        }
    }

    /// The layer material `resources` makes for texture target `target`.
    fn material(
        &mut self,
        catalog: &Catalog,
        layout: u32,
        e: &ElementRow,
        target: u32,
        resources: u32,
        file: &dyn Fn(u32) -> FileRef,
    ) {
        let layers = catalog.layers.get(&layout).into_iter().flatten();
        let Some(layer) = layers.filter(|l| target != 0 && l.targets.contains(&target)).min_by_key(|l| l.id) else {
            let msg = format!(
                "ChrCustomizationMaterial {}: no ChrModelTextureLayer of layout {layout} takes ChrModelTextureTargetID {target}",
                e.material
            );
            return self.warnings.push(msg);
        };
        let Some(&fdid) = catalog.material_files.get(&resources) else {
            let msg = format!(
                "ChrCustomizationMaterial {}: no TextureFileData row for MaterialResourcesID {resources}",
                e.material
            );
            return self.warnings.push(msg);
        };
        let size = texture_size(catalog, layout, layer.texture_type);
        let (section, rect) = if layer.section_mask == -1 {
            ("whole".to_string(), [0, 0, size[0], size[1]])
        } else {
            let sections = catalog.sections.get(&layout).into_iter().flatten();
            let hit =
                sections.into_iter().find(|s| s.section_type < 32 && (layer.section_mask >> s.section_type) & 1 == 1);
            match hit {
                Some(s) => (section_name(s.section_type), s.rect),
                None => {
                    let msg = format!(
                        "ChrModelTextureLayer {}: no CharComponentTextureSections row of layout {layout} in TextureSectionTypeBitMask {}",
                        layer.id, layer.section_mask
                    );
                    return self.warnings.push(msg);
                }
            }
        };
        let plan_layer = PlanLayer {
            layer: layer.layer,
            section,
            rect,
            blend_mode: layer.blend_mode,
            choice_id: e.choice,
            display_id: 0,
            file: file(fdid),
        };
        if layer.texture_type == 1 {
            self.body_texture.layers.push(plan_layer);
            return;
        }
        match self.textures.iter_mut().find(|t| t.texture_type == layer.texture_type) {
            Some(t) => t.layers.push(plan_layer),
            None => {
                self.textures.push(ComposedTexture { texture_type: layer.texture_type, size, layers: vec![plan_layer] })
            }
        }
    }
}

/// The size of `layout`'s texture of type `texture_type`: `ChrModelMaterial`,
/// else (the body) the layout's own size.
fn texture_size(catalog: &Catalog, layout: u32, texture_type: u32) -> [u32; 2] {
    catalog
        .texture_sizes
        .get(&(layout, texture_type))
        .or_else(|| (texture_type == 1).then(|| catalog.layouts.get(&layout)).flatten())
        .copied()
        .unwrap_or([0, 0])
}

/// The options of `sel` as the plan shows them.
fn options(catalog: &Catalog, sel: &Selection) -> Vec<OptionPlan> {
    sel.options
        .iter()
        .map(|o| OptionPlan {
            id: o.option.id,
            name: label(&o.option),
            choices: o
                .choices
                .iter()
                .map(|c| ChoicePlan {
                    id: c.id,
                    name: c.name.clone(),
                    available: sel.meets(catalog, c.req),
                    swatches: c.swatch.iter().filter(|&&v| v != 0).map(|&v| rgb(v)).collect(),
                })
                .collect(),
            chosen: sel.position(o),
            choice_id: sel.chosen.get(&o.option.id).copied(),
        })
        .collect()
}
