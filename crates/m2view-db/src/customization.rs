//! The character tables of 9.0+ clients: the race models (`ChrModel`,
//! `ChrRaceXChrModel`), their customization options and choices
//! (`ChrCustomizationOption`, `ChrCustomizationChoice`, the requirements
//! `ChrCustomizationReq` and `ChrCustomizationReqChoice`), what a choice
//! does (`ChrCustomizationElement` → `ChrCustomizationGeoset`,
//! `ChrCustomizationMaterial`, `ChrCustomizationSkinnedModel`,
//! `ChrCustomizationCondModel`, `ChrCustomizationBoneSet`), and the
//! texture layouts the materials are composed into (`ChrModelTextureLayer`,
//! `ChrModelMaterial`, `CharComponentTextureLayouts`,
//! `CharComponentTextureSections`, with `TextureFileData` naming each
//! material's file), and an NPC's choices (`CreatureDisplayInfoOption`). Columns by name per WoWDBDefs (`ChrModel.dbd`, …),
//! so binary `WDC3`–`WDC5` tables and wago.tools CSV exports read alike;
//! the meaning of each column as wow.export's
//! `src/js/db/caches/DBCharacterCustomization.js` and TrinityCore's
//! `WorldSession::MeetsChrCustomizationReq` use it.

use m2view_error::Result;

use crate::table::{Row, Table, u32_or_0};

/// Signed column `name` when the table has it, else `default`.
fn i32_or(r: &Row, name: &str, default: i32) -> Result<i32> {
    if r.table().has(name) { r.i32(name) } else { Ok(default) }
}

/// String column `name` when the table has it, else empty.
fn string_or_empty(r: &Row, name: &str) -> Result<String> {
    if r.table().has(name) { r.string(name) } else { Ok(String::new()) }
}

/// Geoset `group × 100 + id` (saturating: a table's nonsense stays a
/// geoset no model has, not an overflow).
pub fn geoset(group: u32, id: u32) -> u32 {
    group.saturating_mul(100).saturating_add(id)
}

/// One `ChrModel` row: a playable body (race × body type).
#[derive(Debug, Clone, PartialEq)]
pub struct ChrModelRow {
    /// Row id (options and `ChrRaceXChrModel` point here).
    pub id: u32,
    /// Body type: 0 male, 1 female.
    pub sex: u32,
    /// The `CreatureDisplayInfo` row of its model.
    pub display_id: u32,
    /// The `CharComponentTextureLayouts` row its textures are composed in.
    pub layout: u32,
    /// The `.skel` FileDataID (0: none).
    pub skeleton: u32,
}

/// Every `ChrModel` row.
///
/// # Errors
/// A cell that does not read (names file, row and column).
pub fn chr_model_rows(t: &Table) -> Result<Vec<ChrModelRow>> {
    t.rows()
        .map(|r| {
            Ok(ChrModelRow {
                id: r.id(),
                sex: r.u32("Sex")?,
                display_id: r.u32("DisplayID")?,
                layout: u32_or_0(&r, "CharComponentTextureLayoutID")?,
                skeleton: u32_or_0(&r, "SkeletonFileDataID")?,
            })
        })
        .collect()
}

/// One `ChrRaceXChrModel` row: race `race` has body `chr_model` as body type `sex`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RaceModelRow {
    /// `ChrRaces` id.
    pub race: u32,
    /// `ChrModel` id.
    pub chr_model: u32,
    /// Body type: 0 male, 1 female.
    pub sex: u32,
}

/// Every `ChrRaceXChrModel` row.
///
/// # Errors
/// A cell that does not read.
pub fn race_model_rows(t: &Table) -> Result<Vec<RaceModelRow>> {
    t.rows()
        .map(|r| {
            Ok(RaceModelRow { race: r.u32("ChrRacesID")?, chr_model: r.u32("ChrModelID")?, sex: u32_or_0(&r, "Sex")? })
        })
        .collect()
}

/// `ChrCustomizationOption.Flags` bit: the option is disabled (TrinityCore
/// `ChrCustomizationOptionFlag::Disabled`).
pub const OPTION_DISABLED: u32 = 0x4;

/// One `ChrCustomizationOption` row: a slider of the character creation screen.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionRow {
    /// Row id.
    pub id: u32,
    /// Name (enUS: `Hair Style`; empty for some).
    pub name: String,
    /// The `ChrModel` it belongs to.
    pub chr_model: u32,
    /// Position among the model's options (the client's order).
    pub order: i32,
    /// Flags ([`OPTION_DISABLED`]).
    pub flags: u32,
    /// The `ChrCustomizationReq` it needs (0: none).
    pub req: u32,
}

/// Every `ChrCustomizationOption` row.
///
/// # Errors
/// A cell that does not read.
pub fn option_rows(t: &Table) -> Result<Vec<OptionRow>> {
    t.rows()
        .map(|r| {
            // The requirement column is `Requirement` in WoWDBDefs, `ChrCustomizationReqID` in some exports.
            let req = if t.has("Requirement") { r.u32("Requirement")? } else { u32_or_0(&r, "ChrCustomizationReqID")? };
            Ok(OptionRow {
                id: r.id(),
                name: string_or_empty(&r, "Name_lang")?,
                chr_model: r.u32("ChrModelID")?,
                order: i32_or(&r, "OrderIndex", 0)?,
                flags: u32_or_0(&r, "Flags")?,
                req,
            })
        })
        .collect()
}

/// One `ChrCustomizationChoice` row: a value of an option.
#[derive(Debug, Clone, PartialEq)]
pub struct ChoiceRow {
    /// Row id (what characters store).
    pub id: u32,
    /// Name (enUS: `Peasant`; empty for colours and faces).
    pub name: String,
    /// The `ChrCustomizationOption` it belongs to.
    pub option: u32,
    /// The `ChrCustomizationReq` it needs (0: none).
    pub req: u32,
    /// Position among the option's choices (the client's order).
    pub order: i32,
    /// Swatch colours (ARGB; 0: none).
    pub swatch: [u32; 2],
}

/// Every `ChrCustomizationChoice` row.
///
/// # Errors
/// A cell that does not read.
pub fn choice_rows(t: &Table) -> Result<Vec<ChoiceRow>> {
    t.rows()
        .map(|r| {
            let swatch = if t.has("SwatchColor") { r.u32s("SwatchColor")? } else { [0; 2] };
            Ok(ChoiceRow {
                id: r.id(),
                name: string_or_empty(&r, "Name_lang")?,
                option: r.u32("ChrCustomizationOptionID")?,
                req: u32_or_0(&r, "ChrCustomizationReqID")?,
                order: i32_or(&r, "OrderIndex", 0)?,
                swatch,
            })
        })
        .collect()
}

/// `ChrCustomizationReq.ReqType` bit: player characters may have it
/// (every choice of the character creation screen has it; TrinityCore
/// names it `HasRequirements`, WoWDBDefs "Class required"). Rows without
/// it are NPCs' only.
pub const REQ_PLAYER: u32 = 0x1;

/// One `ChrCustomizationReq` row: who may have an option or choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReqRow {
    /// Row id.
    pub id: u32,
    /// Flags ([`REQ_PLAYER`]).
    pub req_type: u32,
    /// Classes admitted, bit `class − 1` (0 or −1: every class).
    pub class_mask: i32,
    /// An achievement, quest or item appearance that unlocks it (0: none).
    pub unlock: u32,
}

/// Every `ChrCustomizationReq` row.
///
/// # Errors
/// A cell that does not read.
pub fn req_rows(t: &Table) -> Result<Vec<ReqRow>> {
    t.rows()
        .map(|r| {
            let unlock = u32_or_0(&r, "ReqAchievementID")?
                | u32_or_0(&r, "ReqQuestID")?
                | u32_or_0(&r, "ReqItemModifiedAppearanceID")?;
            Ok(ReqRow {
                id: r.id(),
                req_type: u32_or_0(&r, "ReqType")?,
                class_mask: i32_or(&r, "ClassMask", 0)?,
                unlock,
            })
        })
        .collect()
}

/// One `ChrCustomizationReqChoice` row: requirement `req` needs choice `choice`
/// (for each option, one of the choices it names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReqChoiceRow {
    /// The `ChrCustomizationReq`.
    pub req: u32,
    /// The `ChrCustomizationChoice` needed.
    pub choice: u32,
}

/// Every `ChrCustomizationReqChoice` row.
///
/// # Errors
/// A cell that does not read.
pub fn req_choice_rows(t: &Table) -> Result<Vec<ReqChoiceRow>> {
    t.rows()
        .map(|r| Ok(ReqChoiceRow { req: r.u32("ChrCustomizationReqID")?, choice: r.u32("ChrCustomizationChoiceID")? }))
        .collect()
}

/// One `ChrCustomizationElement` row: one thing a choice does, only while
/// `related` is also chosen when that is not 0 (a hair style's texture
/// per hair colour). WoWDBDefs: the geoset, skinned model, material, bone
/// set and conditional model ids are exclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ElementRow {
    /// Row id.
    pub id: u32,
    /// The `ChrCustomizationChoice`.
    pub choice: u32,
    /// The other choice it needs (0: none).
    pub related: u32,
    /// `ChrCustomizationGeoset` (0: none).
    pub geoset: u32,
    /// `ChrCustomizationSkinnedModel` (0: none).
    pub skinned_model: u32,
    /// `ChrCustomizationMaterial` (0: none).
    pub material: u32,
    /// `ChrCustomizationBoneSet` (0: none).
    pub bone_set: u32,
    /// `ChrCustomizationCondModel` (0: none).
    pub cond_model: u32,
    /// `ChrCustomizationDisplayInfo` (a shapeshift form's display; 0: none).
    pub display_info: u32,
}

/// Every `ChrCustomizationElement` row.
///
/// # Errors
/// A cell that does not read.
pub fn element_rows(t: &Table) -> Result<Vec<ElementRow>> {
    t.rows()
        .map(|r| {
            Ok(ElementRow {
                id: r.id(),
                choice: r.u32("ChrCustomizationChoiceID")?,
                related: u32_or_0(&r, "RelatedChrCustomizationChoiceID")?,
                geoset: u32_or_0(&r, "ChrCustomizationGeosetID")?,
                skinned_model: u32_or_0(&r, "ChrCustomizationSkinnedModelID")?,
                material: u32_or_0(&r, "ChrCustomizationMaterialID")?,
                bone_set: u32_or_0(&r, "ChrCustomizationBoneSetID")?,
                cond_model: u32_or_0(&r, "ChrCustomizationCondModelID")?,
                display_info: u32_or_0(&r, "ChrCustomizationDisplayInfoID")?,
            })
        })
        .collect()
}

/// One `ChrCustomizationGeoset` row: geoset `geoset_type × 100 + geoset_id` shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CustGeosetRow {
    /// Row id.
    pub id: u32,
    /// Geoset group (`0` hair, `1`–`3` facial, `7` ears, …).
    pub geoset_type: u32,
    /// Geoset within the group.
    pub geoset_id: u32,
}

impl CustGeosetRow {
    /// The geoset id as models store it (wow.export pads each to two digits).
    pub fn geoset(&self) -> u32 {
        geoset(self.geoset_type, self.geoset_id)
    }
}

/// Every `ChrCustomizationGeoset` row.
///
/// # Errors
/// A cell that does not read.
pub fn cust_geoset_rows(t: &Table) -> Result<Vec<CustGeosetRow>> {
    t.rows()
        .map(|r| Ok(CustGeosetRow { id: r.id(), geoset_type: r.u32("GeosetType")?, geoset_id: r.u32("GeosetID")? }))
        .collect()
}

/// One `ChrCustomizationMaterial` row: a texture for texture target `target`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CustMaterialRow {
    /// Row id.
    pub id: u32,
    /// `ChrModelTextureTargetID`: the `ChrModelTextureLayer` it fills.
    pub target: u32,
    /// `TextureFileData.MaterialResourcesID` of its file.
    pub resources: u32,
}

/// Every `ChrCustomizationMaterial` row.
///
/// # Errors
/// A cell that does not read.
pub fn cust_material_rows(t: &Table) -> Result<Vec<CustMaterialRow>> {
    t.rows()
        .map(|r| {
            Ok(CustMaterialRow {
                id: r.id(),
                target: r.u32("ChrModelTextureTargetID")?,
                resources: r.u32("MaterialResourcesID")?,
            })
        })
        .collect()
}

/// One `ChrCustomizationSkinnedModel` row: a model worn on the character's
/// skeleton (hair, horns, armour of some races) with one of its geosets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkinnedModelRow {
    /// Row id.
    pub id: u32,
    /// The model's FileDataID.
    pub file_data_id: u32,
    /// The geoset shown in it: `GeosetType × 100 + GeosetID`.
    pub geoset: u32,
}

/// Every `ChrCustomizationSkinnedModel` row.
///
/// # Errors
/// A cell that does not read.
pub fn skinned_model_rows(t: &Table) -> Result<Vec<SkinnedModelRow>> {
    t.rows()
        .map(|r| {
            Ok(SkinnedModelRow {
                id: r.id(),
                file_data_id: r.u32("CollectionsFileDataID")?,
                geoset: geoset(u32_or_0(&r, "GeosetType")?, u32_or_0(&r, "GeosetID")?),
            })
        })
        .collect()
}

/// One `ChrCustomizationCondModel` row: a creature model shown with the choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CondModelRow {
    /// Row id.
    pub id: u32,
    /// The `CreatureModelData` row.
    pub creature_model: u32,
}

/// Every `ChrCustomizationCondModel` row.
///
/// # Errors
/// A cell that does not read.
pub fn cond_model_rows(t: &Table) -> Result<Vec<CondModelRow>> {
    t.rows().map(|r| Ok(CondModelRow { id: r.id(), creature_model: r.u32("CreatureModelDataID")? })).collect()
}

/// One `ChrCustomizationBoneSet` row: a `.bone` file (bone offsets) for a model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoneSetRow {
    /// Row id.
    pub id: u32,
    /// The `.bone` FileDataID.
    pub bone_file: u32,
    /// The model it applies to (FileDataID).
    pub model_file: u32,
}

/// Every `ChrCustomizationBoneSet` row.
///
/// # Errors
/// A cell that does not read.
pub fn bone_set_rows(t: &Table) -> Result<Vec<BoneSetRow>> {
    t.rows()
        .map(|r| {
            Ok(BoneSetRow {
                id: r.id(),
                bone_file: r.u32("BoneFileDataID")?,
                model_file: u32_or_0(&r, "ModelFileDataID")?,
            })
        })
        .collect()
}

/// One `ChrModelTextureLayer` row: where texture target `targets` goes in
/// a layout's texture of type `texture_type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextureLayerRow {
    /// Row id.
    pub id: u32,
    /// The model texture it is composed into (replaceable type: 1 body, 6 hair, …).
    pub texture_type: u32,
    /// Drawing order, bottom first.
    pub layer: i32,
    /// How it blends over what is below (1: copied; wow.export `CharMaterialRenderer`).
    pub blend_mode: u32,
    /// Bit `SectionType` of each `CharComponentTextureSections` row it covers (−1: the whole texture).
    pub section_mask: i32,
    /// `ChrModelTextureTargetID[2]`: the material targets it takes.
    pub targets: [u32; 2],
    /// The `CharComponentTextureLayouts` row.
    pub layout: u32,
}

/// Every `ChrModelTextureLayer` row.
///
/// # Errors
/// A cell that does not read.
pub fn texture_layer_rows(t: &Table) -> Result<Vec<TextureLayerRow>> {
    t.rows()
        .map(|r| {
            Ok(TextureLayerRow {
                id: r.id(),
                texture_type: r.u32("TextureType")?,
                layer: i32_or(&r, "Layer", 0)?,
                blend_mode: u32_or_0(&r, "BlendMode")?,
                section_mask: i32_or(&r, "TextureSectionTypeBitMask", -1)?,
                targets: r.u32s("ChrModelTextureTargetID")?,
                layout: r.u32("CharComponentTextureLayoutsID")?,
            })
        })
        .collect()
}

/// One `ChrModelMaterial` row: the size of a layout's texture of one type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelMaterialRow {
    /// The `CharComponentTextureLayouts` row.
    pub layout: u32,
    /// Replaceable texture type (1 body, 6 hair, …).
    pub texture_type: u32,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// Every `ChrModelMaterial` row.
///
/// # Errors
/// A cell that does not read.
pub fn model_material_rows(t: &Table) -> Result<Vec<ModelMaterialRow>> {
    t.rows()
        .map(|r| {
            Ok(ModelMaterialRow {
                layout: r.u32("CharComponentTextureLayoutsID")?,
                texture_type: r.u32("TextureType")?,
                width: r.u32("Width")?,
                height: r.u32("Height")?,
            })
        })
        .collect()
}

/// One `CharComponentTextureLayouts` row: a body texture's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayoutRow {
    /// Row id.
    pub id: u32,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// Every `CharComponentTextureLayouts` row.
///
/// # Errors
/// A cell that does not read.
pub fn layout_rows(t: &Table) -> Result<Vec<LayoutRow>> {
    t.rows().map(|r| Ok(LayoutRow { id: r.id(), width: r.u32("Width")?, height: r.u32("Height")? })).collect()
}

/// One `CharComponentTextureSections` row: a rectangle of a layout's body texture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextureSectionRow {
    /// The `CharComponentTextureLayouts` row.
    pub layout: u32,
    /// Section type (0 arm upper, 1 arm lower, … as bits of a layer's mask).
    pub section_type: u32,
    /// `x, y, width, height` in pixels of the layout's body texture.
    pub rect: [u32; 4],
}

/// Every `CharComponentTextureSections` row.
///
/// # Errors
/// A cell that does not read.
pub fn texture_section_rows(t: &Table) -> Result<Vec<TextureSectionRow>> {
    t.rows()
        .map(|r| {
            Ok(TextureSectionRow {
                layout: r.u32("CharComponentTextureLayoutID")?,
                section_type: r.u32("SectionType")?,
                rect: [r.u32("X")?, r.u32("Y")?, r.u32("Width")?, r.u32("Height")?],
            })
        })
        .collect()
}

/// One `TextureFileData` row: file `file_data_id` is material `resources`'s texture of use `usage`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextureFileRow {
    /// The texture's FileDataID.
    pub file_data_id: u32,
    /// `MaterialResourcesID`.
    pub resources: u32,
    /// 0 the texture itself (wow.export takes only these), others its companions.
    pub usage: u32,
}

/// Every `TextureFileData` row.
///
/// # Errors
/// A cell that does not read.
pub fn texture_file_rows(t: &Table) -> Result<Vec<TextureFileRow>> {
    t.rows()
        .map(|r| {
            Ok(TextureFileRow {
                file_data_id: r.u32("FileDataID")?,
                resources: r.u32("MaterialResourcesID")?,
                usage: u32_or_0(&r, "UsageType")?,
            })
        })
        .collect()
}

/// One `CreatureDisplayInfoOption` row: an NPC's display (its
/// `CreatureDisplayInfoExtra` row) has choice `choice` of option `option`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DisplayOptionRow {
    /// The `CreatureDisplayInfoExtra` row.
    pub extra: u32,
    /// The `ChrCustomizationOption`.
    pub option: u32,
    /// The `ChrCustomizationChoice`.
    pub choice: u32,
}

/// Every `CreatureDisplayInfoOption` row.
///
/// # Errors
/// A cell that does not read.
pub fn display_option_rows(t: &Table) -> Result<Vec<DisplayOptionRow>> {
    t.rows()
        .map(|r| {
            Ok(DisplayOptionRow {
                extra: r.u32("CreatureDisplayInfoExtraID")?,
                option: r.u32("ChrCustomizationOptionID")?,
                choice: r.u32("ChrCustomizationChoiceID")?,
            })
        })
        .collect()
}
