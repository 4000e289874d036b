//! The 9.0+ character tables of one client, read once and indexed the ways
//! the dressing looks them up: a model's options in the client's order, an
//! option's choices in the client's order, a choice's elements, a
//! layout's texture layers and sections, a material's file.
//!
//! The client's order is `OrderIndex` then the row id, for options (per
//! `ChrModel`) and choices (per option) alike (WoWDBDefs
//! `ChrCustomizationOption.dbd`: "OrderIndex: per ChrModelID";
//! `ChrCustomizationChoice.dbd`: "per ChrCustomizationOptionID").

use std::collections::HashMap;

use m2view_db::character::RaceRow;
use m2view_db::creature::{DisplayRow, ModelRow};
use m2view_db::customization::{self as rows, *};
use m2view_error::Result;

use crate::tables::ClientTables;

/// The indexed tables (see the module docs). Cheap to share.
#[derive(Debug, Default)]
pub struct Catalog {
    /// `ChrModel` rows by id.
    pub chr_models: HashMap<u32, ChrModelRow>,
    /// `ChrRaceXChrModel` rows.
    pub race_models: Vec<RaceModelRow>,
    /// `ChrRaces` rows.
    pub races: Vec<RaceRow>,
    /// Options per `ChrModel`, in the client's order.
    pub options: HashMap<u32, Vec<OptionRow>>,
    /// Choices per option, in the client's order.
    pub choices: HashMap<u32, Vec<ChoiceRow>>,
    /// The option of each choice.
    pub choice_option: HashMap<u32, u32>,
    /// `ChrCustomizationReq` rows by id.
    pub reqs: HashMap<u32, ReqRow>,
    /// The choices each requirement needs.
    pub req_choices: HashMap<u32, Vec<u32>>,
    /// Elements per choice, in row order.
    pub elements: HashMap<u32, Vec<ElementRow>>,
    /// `ChrCustomizationGeoset` rows by id.
    pub geosets: HashMap<u32, CustGeosetRow>,
    /// `ChrCustomizationMaterial` rows by id.
    pub materials: HashMap<u32, CustMaterialRow>,
    /// `ChrCustomizationSkinnedModel` rows by id.
    pub skinned_models: HashMap<u32, SkinnedModelRow>,
    /// `ChrCustomizationCondModel` rows by id.
    pub cond_models: HashMap<u32, CondModelRow>,
    /// `ChrCustomizationBoneSet` rows by id.
    pub bone_sets: HashMap<u32, BoneSetRow>,
    /// `ChrModelTextureLayer` rows per layout.
    pub layers: HashMap<u32, Vec<TextureLayerRow>>,
    /// Texture sizes per `(layout, texture type)` (`ChrModelMaterial`).
    pub texture_sizes: HashMap<(u32, u32), [u32; 2]>,
    /// `CharComponentTextureLayouts` sizes by id.
    pub layouts: HashMap<u32, [u32; 2]>,
    /// `CharComponentTextureSections` rows per layout.
    pub sections: HashMap<u32, Vec<TextureSectionRow>>,
    /// The texture (usage 0) of each `MaterialResourcesID`.
    pub material_files: HashMap<u32, u32>,
    /// `CreatureDisplayInfo` rows by id (a `ChrModel`'s model).
    pub displays: HashMap<u32, DisplayRow>,
    /// `CreatureModelData` rows by id.
    pub creature_models: HashMap<u32, ModelRow>,
    /// Every texture (usage 0) of each `MaterialResourcesID`, in row order
    /// (items choose among them per wearer).
    pub material_textures: HashMap<u32, Vec<u32>>,
    /// The item tables.
    pub items: super::equipment::ItemTables,
    /// Tables not found, by name (what the plan cannot say).
    pub missing: Vec<&'static str>,
}

/// Rows `rows` keyed by `key`.
fn by<T: Clone, K: std::hash::Hash + Eq>(rows: &[T], key: impl Fn(&T) -> K) -> HashMap<K, T> {
    rows.iter().map(|r| (key(r), r.clone())).collect()
}

/// Rows `rows` grouped by `key`, each group in row order.
fn grouped<T: Clone, K: std::hash::Hash + Eq>(rows: &[T], key: impl Fn(&T) -> K) -> HashMap<K, Vec<T>> {
    let mut out: HashMap<K, Vec<T>> = HashMap::new();
    for r in rows {
        out.entry(key(r)).or_default().push(r.clone());
    }
    out
}

/// The rows of table `name`, or none (its name added to `missing`).
pub(super) fn read<T: Clone + Send + Sync + 'static>(
    tables: &ClientTables,
    name: &'static str,
    decode: fn(&m2view_db::table::Table) -> Result<Vec<T>>,
    missing: &mut Vec<&'static str>,
) -> Result<Vec<T>> {
    match tables.rows(name, decode)? {
        Some(rows) => Ok(rows.to_vec()),
        None => {
            missing.push(name);
            Ok(Vec::new())
        }
    }
}

impl Catalog {
    /// Reads the tables from `tables`. `Ok(None)` when there is no
    /// `ChrModel` table (a client before 9.0); other missing tables are
    /// listed in [`Catalog::missing`].
    ///
    /// # Errors
    /// A table that exists but does not read (names file, row, column).
    pub fn load(tables: &ClientTables) -> Result<Option<Catalog>> {
        let Some(chr_models) = tables.rows("ChrModel", rows::chr_model_rows)? else { return Ok(None) };
        let mut c = Catalog { chr_models: by(&chr_models, |r| r.id), ..Default::default() };
        let m = &mut c.missing;
        c.race_models = read(tables, "ChrRaceXChrModel", race_model_rows, m)?;
        c.races = read(tables, "ChrRaces", m2view_db::character::race_rows, m)?;
        let options = read(tables, "ChrCustomizationOption", option_rows, m)?;
        let choices = read(tables, "ChrCustomizationChoice", choice_rows, m)?;
        c.options = grouped(&options, |r| r.chr_model);
        c.choices = grouped(&choices, |r| r.option);
        c.choice_option = choices.iter().map(|r| (r.id, r.option)).collect();
        for list in c.options.values_mut() {
            list.sort_by_key(|o| (o.order, o.id));
        }
        for list in c.choices.values_mut() {
            list.sort_by_key(|o| (o.order, o.id));
        }
        c.reqs = by(&read(tables, "ChrCustomizationReq", req_rows, m)?, |r| r.id);
        for r in read(tables, "ChrCustomizationReqChoice", req_choice_rows, m)? {
            c.req_choices.entry(r.req).or_default().push(r.choice);
        }
        c.elements = grouped(&read(tables, "ChrCustomizationElement", element_rows, m)?, |r| r.choice);
        c.load_elements(tables)?;
        Ok(Some(c))
    }

    /// The tables behind the elements: geosets, materials, models,
    /// layouts, files, and the model displays.
    fn load_elements(&mut self, tables: &ClientTables) -> Result<()> {
        let m = &mut self.missing;
        self.geosets = by(&read(tables, "ChrCustomizationGeoset", cust_geoset_rows, m)?, |r| r.id);
        self.materials = by(&read(tables, "ChrCustomizationMaterial", cust_material_rows, m)?, |r| r.id);
        self.skinned_models = by(&read(tables, "ChrCustomizationSkinnedModel", skinned_model_rows, m)?, |r| r.id);
        self.cond_models = by(&read(tables, "ChrCustomizationCondModel", cond_model_rows, m)?, |r| r.id);
        self.bone_sets = by(&read(tables, "ChrCustomizationBoneSet", bone_set_rows, m)?, |r| r.id);
        self.layers = grouped(&read(tables, "ChrModelTextureLayer", texture_layer_rows, m)?, |r| r.layout);
        let sizes = read(tables, "ChrModelMaterial", model_material_rows, m)?;
        self.texture_sizes = sizes.iter().map(|r| ((r.layout, r.texture_type), [r.width, r.height])).collect();
        let layouts = read(tables, "CharComponentTextureLayouts", layout_rows, m)?;
        self.layouts = layouts.iter().map(|r| (r.id, [r.width, r.height])).collect();
        self.sections = grouped(&read(tables, "CharComponentTextureSections", texture_section_rows, m)?, |r| r.layout);
        // The first texture of each material (wow.export keeps usage 0 only).
        for f in read(tables, "TextureFileData", texture_file_rows, m)?.iter().filter(|f| f.usage == 0) {
            self.material_files.entry(f.resources).or_insert(f.file_data_id);
            self.material_textures.entry(f.resources).or_default().push(f.file_data_id);
        }
        self.displays = by(&read(tables, "CreatureDisplayInfo", m2view_db::creature::display_rows, m)?, |r| r.id);
        self.creature_models = by(&read(tables, "CreatureModelData", m2view_db::creature::model_rows, m)?, |r| r.id);
        self.items = super::equipment::ItemTables::load(tables)?;
        Ok(())
    }

    /// The `ChrModel` of race `race` (a `ChrRaces` id) and body type `sex`.
    pub fn chr_model_of(&self, race: u32, sex: u32) -> Option<&ChrModelRow> {
        let row = self.race_models.iter().find(|r| r.race == race && r.sex == sex)?;
        self.chr_models.get(&row.chr_model)
    }

    /// The races with body `chr_model` (lowest id first).
    pub fn races_of(&self, chr_model: u32) -> Vec<&RaceRow> {
        let mut out: Vec<&RaceRow> = self
            .race_models
            .iter()
            .filter(|r| r.chr_model == chr_model)
            .filter_map(|r| self.races.iter().find(|x| x.id == r.race))
            .collect();
        out.sort_by_key(|r| r.id);
        out.dedup_by_key(|r| r.id);
        out
    }

    /// The race named `name`: its `ClientFileString` (`Scourge`), its name
    /// (`Undead`) or `id:N`, any case.
    pub fn race_named(&self, name: &str) -> Option<&RaceRow> {
        if let Some(id) = name.strip_prefix("id:").and_then(|n| n.trim().parse::<u32>().ok()) {
            return self.races.iter().find(|r| r.id == id);
        }
        let hit = |f: fn(&RaceRow) -> &str| {
            self.races.iter().filter(|r| f(r).eq_ignore_ascii_case(name)).min_by_key(|r| r.id)
        };
        hit(|r| &r.client_file_string).or_else(|| hit(|r| &r.name))
    }

    /// The model FileDataID of `chr_model` (`ChrModel.DisplayID` →
    /// `CreatureDisplayInfo.ModelID` → `CreatureModelData.FileDataID`;
    /// wow.export `DBCreatures.getFileDataIDByDisplayID`), if the tables say.
    pub fn model_file(&self, chr_model: &ChrModelRow) -> Option<u32> {
        let display = self.displays.get(&chr_model.display_id)?;
        let model = self.creature_models.get(&display.model_id)?;
        (model.file_data_id != 0).then_some(model.file_data_id)
    }
}
