//! Items on a 9.0+ character, which its tables name by resource instead of
//! file (wow.export `DBItemModels.js`, `DBItemCharTextures.js`,
//! `DBComponentModelFileData.js`, `DBComponentTextureFileData.js`):
//!
//! - the body: each `ItemDisplayInfoMaterialRes` row paints the section
//!   `ComponentSection` of the body's layout (`CharComponentTextureSections`)
//!   with its material, over the customization, items in the client's slot
//!   order (as before 9.0);
//! - a material or model resource has several files (`TextureFileData`,
//!   `ModelFileData`); the wearer's is chosen by `ComponentTextureFileData`
//!   (the opposite gender and other classes left out; then the wearer's
//!   gender before "any" (3), the class, the race) and
//!   `ComponentModelFileData` (race and gender, then race and "any" (2),
//!   then any race; shoulders by `PositionIndex`, 0 left and 1 right, when
//!   both models are the same resource);
//! - models hang on the attachments they did before 9.0, each with its
//!   `ModelMaterialResourcesID` texture, else its `ItemDisplayInfoModelMatRes`
//!   row's (replaceable type 2); a back item's is the cape (the character's
//!   type 2);
//! - geosets: `GeosetGroup` by slot as before 9.0; a helmet's
//!   `HelmetGeosetVis` for the wearer's sex names `HelmetGeosetData` rows
//!   hiding groups on the wearer's race (group 0: the hair).

use std::collections::HashMap;

use m2view_db::item::{
    ComponentFileRow, HelmetGeosetRow, MaterialResRow, ModelMatResRow, ResourceDisplayRow, component_file_rows,
    helmet_geoset_rows, material_res_rows, model_file_rows, model_mat_res_rows, resource_display_rows,
};
use m2view_error::Result;

use super::catalog::{Catalog, read};
use super::plan::{FileRef, ItemModelPlan, ItemPlan, Plan, PlanLayer, SlotTexturePlan};
use super::selection::Selection;
use crate::character::equipment::{ItemKind, Slot};
use crate::tables::ClientTables;

/// The item tables, indexed.
#[derive(Debug, Default)]
pub struct ItemTables {
    /// `ItemDisplayInfo` rows by id.
    pub displays: HashMap<u32, ResourceDisplayRow>,
    /// `ItemDisplayInfoMaterialRes` rows per display, in row order.
    pub materials: HashMap<u32, Vec<MaterialResRow>>,
    /// `ItemDisplayInfoModelMatRes` rows per display.
    pub model_materials: HashMap<u32, Vec<ModelMatResRow>>,
    /// Model files per `ModelResourcesID`, in row order.
    pub models: HashMap<u32, Vec<u32>>,
    /// `ComponentModelFileData` by file.
    pub component_models: HashMap<u32, ComponentFileRow>,
    /// `ComponentTextureFileData` by file.
    pub component_textures: HashMap<u32, ComponentFileRow>,
    /// `HelmetGeosetData` rows.
    pub helmets: Vec<HelmetGeosetRow>,
    /// Tables not found.
    pub missing: Vec<&'static str>,
}

impl ItemTables {
    /// Reads the item tables (missing ones listed in [`ItemTables::missing`]).
    ///
    /// # Errors
    /// A table that exists but does not read.
    pub fn load(tables: &ClientTables) -> Result<ItemTables> {
        let mut t = ItemTables::default();
        let m = &mut t.missing;
        let displays = read(tables, "ItemDisplayInfo", resource_display_rows, m)?;
        t.displays = displays.into_iter().map(|d| (d.id, d)).collect();
        for r in read(tables, "ItemDisplayInfoMaterialRes", material_res_rows, m)? {
            t.materials.entry(r.display).or_default().push(r);
        }
        for r in read(tables, "ItemDisplayInfoModelMatRes", model_mat_res_rows, m)? {
            t.model_materials.entry(r.display).or_default().push(r);
        }
        for r in read(tables, "ModelFileData", model_file_rows, m)? {
            t.models.entry(r.resources).or_default().push(r.file_data_id);
        }
        let by_file = |rows: Vec<ComponentFileRow>| rows.into_iter().map(|r| (r.file_data_id, r)).collect();
        t.component_models = by_file(read(tables, "ComponentModelFileData", component_file_rows, m)?);
        t.component_textures = by_file(read(tables, "ComponentTextureFileData", component_file_rows, m)?);
        t.helmets = read(tables, "HelmetGeosetData", helmet_geoset_rows, m)?;
        Ok(t)
    }

    /// The texture among `files` for a wearer of `race` and `gender` (class
    /// any); `None` when every tagged file is for others and none is untagged.
    pub fn texture_for(&self, files: &[u32], race: u32, gender: u32) -> Option<u32> {
        if files.len() <= 1 {
            return files.first().copied();
        }
        let info = |f: &u32| self.component_textures.get(f);
        if !files.iter().any(|f| info(f).is_some()) {
            return files.first().copied();
        }
        let fits = |r: &ComponentFileRow| (r.gender == gender || r.gender == 3) && r.class == 0;
        let best = files
            .iter()
            .filter_map(|f| info(f).filter(|r| fits(r)))
            .min_by_key(|r| (r.gender != gender, r.race != race))
            .map(|r| r.file_data_id);
        best.or_else(|| files.iter().find(|f| info(f).is_none()).copied())
    }

    /// The model among `files` for a wearer of `race` and `gender`;
    /// `position` 0 or 1 takes only that shoulder's.
    pub fn model_for(&self, files: &[u32], race: u32, gender: u32, position: Option<i32>) -> Option<u32> {
        let info = |f: &u32| self.component_models.get(f);
        let candidates: Vec<u32> = match position {
            Some(p) => files.iter().filter(|f| info(f).is_some_and(|r| r.position == p)).copied().collect(),
            None => files.to_vec(),
        };
        if candidates.len() <= 1 {
            return candidates.first().copied();
        }
        let rank = |f: &u32| match info(f) {
            Some(r) if r.race == race && r.gender == gender => 0,
            Some(r) if r.race == race && r.gender == 2 => 1,
            Some(r) if r.race == 0 => 2,
            _ => 3,
        };
        candidates.iter().min_by_key(|f| rank(f)).copied()
    }
}

/// An equipped item: its display and kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Worn {
    /// `ItemDisplayInfo` id.
    pub display: u32,
    /// What kind of item (robes and shields matter).
    pub kind: ItemKind,
}

/// The geosets the items in `worn` (slot order) set: `(group, value)` for
/// each group an item changes from the naked default (value 0: none of
/// the group), by the rules before 9.0.
pub fn item_geosets(worn: &[(Slot, Worn, &ResourceDisplayRow)]) -> Vec<(u32, u32)> {
    use crate::character::geosets::{GROUPS, equip_groups};
    let mut values = [1u32; GROUPS];
    for (slot, w, row) in worn {
        equip_groups(&mut values, *slot, w.kind, row.geoset_groups);
    }
    (1..GROUPS as u32).filter(|&g| values[g as usize] != 1).map(|g| (g, values[g as usize])).collect()
}

/// The `ItemDisplayInfo` rows of `sel`'s items in the client's slot order
/// (a robe, and gloves under it, reorder them as before 9.0); displays the
/// table lacks become warnings.
fn worn<'c>(
    catalog: &'c Catalog,
    sel: &Selection,
    warnings: &mut Vec<String>,
) -> Vec<(Slot, Worn, &'c ResourceDisplayRow)> {
    let row = |s: Slot| sel.equipment.get(&s).and_then(|w| catalog.items.displays.get(&w.display));
    let robe = sel.equipment.get(&Slot::Chest).is_some_and(|w| w.kind == ItemKind::Robe)
        || row(Slot::Chest).is_some_and(|r| r.geoset_groups[2] == 1);
    let gloves_under = row(Slot::Hands).is_some_and(|r| r.geoset_groups[0] == 0);
    let mut out = Vec::new();
    for slot in crate::character::body::slot_order(robe, gloves_under) {
        let Some(w) = sel.equipment.get(&slot) else { continue };
        match catalog.items.displays.get(&w.display) {
            Some(r) => out.push((slot, *w, r)),
            None => warnings.push(format!("{}: display {} is not in ItemDisplayInfo", slot.name(), w.display)),
        }
    }
    out
}

impl Plan {
    /// What `sel`'s items add (see the module docs): body layers, models,
    /// the cape, geosets.
    pub(super) fn equip(&mut self, catalog: &Catalog, sel: &Selection, file: &dyn Fn(u32) -> FileRef) {
        if sel.equipment.is_empty() {
            return;
        }
        self.warnings.extend(catalog.items.missing.iter().map(|t| format!("no {t} table: items are partly shown")));
        let m = &sel.chr_model;
        let race = catalog.races_of(m.id).first().map_or(0, |r| r.id);
        let worn = worn(catalog, sel, &mut self.warnings);
        let texture = |resources: u32| {
            let files = catalog.material_textures.get(&resources).map_or(&[][..], Vec::as_slice);
            catalog.items.texture_for(files, race, m.sex)
        };
        for (k, (slot, w, row)) in worn.iter().enumerate() {
            for mr in catalog.items.materials.get(&row.id).into_iter().flatten() {
                let section =
                    catalog.sections.get(&m.layout).into_iter().flatten().find(|s| s.section_type == mr.section);
                let (Some(fdid), Some(section)) = (texture(mr.resources), section) else {
                    let msg = format!(
                        "{}: ItemDisplayInfoMaterialRes of display {}: no texture of material {} or section {} of layout {} for this wearer",
                        slot.name(),
                        row.id,
                        mr.resources,
                        mr.section,
                        m.layout
                    );
                    self.warnings.push(msg);
                    continue;
                };
                self.body_texture.layers.push(PlanLayer {
                    layer: 1000 + k as i32,
                    section: super::plan::section_name(mr.section),
                    rect: section.rect,
                    blend_mode: 0,
                    choice_id: 0,
                    display_id: row.id,
                    file: file(fdid),
                });
            }
            let mut models = Vec::new();
            for (idx, attachment, _) in crate::character::items::placement(*slot, w.kind) {
                let files = catalog.items.models.get(&row.models[idx]).map_or(&[][..], Vec::as_slice);
                let shoulder = *slot == Slot::Shoulder && row.models[0] == row.models[1];
                let Some(fdid) = catalog.items.model_for(files, race, m.sex, shoulder.then_some(idx as i32)) else {
                    continue;
                };
                // The display's own material for the model, else its ItemDisplayInfoModelMatRes row.
                let mat_res = catalog.items.model_materials.get(&row.id).into_iter().flatten();
                let resources = match row.model_materials[idx] {
                    0 => mat_res.filter(|r| r.model_index == idx as u32).map(|r| r.resources).next().unwrap_or(0),
                    own => own,
                };
                let texture = texture(resources).map(file);
                models.push(ItemModelPlan { attachment, model: file(fdid), texture });
            }
            if *slot == Slot::Back
                && let Some(cape) = texture(row.model_materials[0])
            {
                self.slot_textures.push(SlotTexturePlan { texture_type: 2, file: file(cape) });
            }
            self.items.push(ItemPlan { slot: slot.name(), display_id: row.id, models });
        }
        self.item_geosets(catalog, &worn, race, m.sex);
    }

    /// The geosets the items change, and what a helmet hides.
    fn item_geosets(&mut self, catalog: &Catalog, worn: &[(Slot, Worn, &ResourceDisplayRow)], race: u32, sex: u32) {
        let mut set = |group: u32, geosets: &[u32]| {
            self.geosets.retain(|g| g / 100 != group || *g == 0);
            self.geosets.extend(geosets);
        };
        for (group, value) in item_geosets(worn) {
            set(group, &[group * 100 + value]);
        }
        let Some((_, _, helmet)) = worn.iter().find(|w| w.0 == Slot::Head) else { return };
        let vis = helmet.helmet_vis[sex.min(1) as usize];
        for h in catalog.items.helmets.iter().filter(|h| vis != 0 && h.vis == vis && h.race == race) {
            // Hair hidden: the body alone in group 0; any other group back to its default.
            if h.group == 0 { set(0, &[0]) } else { set(h.group, &[h.group * 100 + 1]) }
        }
    }
}

/// The display of item `item` as a 9.0+ client finds it
/// (`ItemModifiedAppearance` of modifier 0, else the lowest, →
/// `ItemAppearance.ItemDisplayInfoID`; wow.export `DBItemModels.js`) and
/// the slot its `Item.InventoryType` puts it in.
///
/// # Errors
/// A table missing or broken, no such item, or an item nothing shows —
/// each message says which.
pub fn item_display(tables: &ClientTables, item: u32) -> crate::error::Result<(Slot, ItemKind, u32)> {
    use crate::error::{DressError, required};
    use m2view_db::item::{appearance_rows, item_rows, modified_appearance_rows};
    let modified = required("ItemModifiedAppearance", tables.rows("ItemModifiedAppearance", modified_appearance_rows))?;
    let appearance = modified
        .iter()
        .filter(|r| r.item == item)
        .min_by_key(|r| r.modifier)
        .ok_or_else(|| DressError::MissingRow(format!("item {item} is not in ItemModifiedAppearance")))?
        .appearance;
    let appearances = required("ItemAppearance", tables.rows("ItemAppearance", appearance_rows))?;
    let display =
        appearances.iter().find(|a| a.0 == appearance).map(|a| a.1).filter(|d| *d != 0).ok_or_else(|| {
            DressError::MissingRow(format!("item {item}: ItemAppearance {appearance} names no display"))
        })?;
    let items = tables.rows("Item", item_rows)?.ok_or_else(|| DressError::MissingTable {
        table: "Item",
        hint: format!("item {item} shows display {display}; give --equip SLOT={display}"),
    })?;
    let (_, slot, kind) = Slot::of_item(&items, item, "Item")?;
    Ok((slot, kind, display))
}
