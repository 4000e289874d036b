//! A 9.0+ race model opened as a character: the model whose FileDataID
//! is the model of a `ChrModel` row's display (`ChrModel.DisplayID` →
//! `CreatureDisplayInfo` → `CreatureModelData.FileDataID`), its selection
//! and what that selection shows on it: the geosets among the model's, and
//! the plan whose textures the front ends compose.

use std::collections::BTreeSet;
use std::sync::Arc;

use m2view_error::Result;
use m2view_format::LoadedModel;

use super::{Catalog, Plan, Selection};
use crate::character::equipment::Slot;
use crate::character::items::ItemModel;
use crate::tables::ClientTables;

/// A 9.0+ character: its tables and its choices.
#[derive(Debug, Clone)]
pub struct ModernCharacter {
    /// The character tables.
    pub catalog: Arc<Catalog>,
    /// The options offered and the choices made.
    pub selection: Selection,
    /// The NPC display it was dressed as (`None`: a player's choices).
    pub npc: Option<super::npc::NpcDisplay>,
}

/// The `ChrModel` id whose model is file `fdid`, from the three tables
/// that say it (read alone first: most models opened are no character,
/// and the whole catalog is not read for them).
fn chr_model_of_file(tables: &ClientTables, fdid: u32) -> Result<Option<u32>> {
    let Some(models) = tables.rows("ChrModel", m2view_db::customization::chr_model_rows)? else { return Ok(None) };
    let Some(creature) = tables.rows("CreatureModelData", m2view_db::creature::model_rows)? else { return Ok(None) };
    let Some(displays) = tables.rows("CreatureDisplayInfo", m2view_db::creature::display_rows)? else {
        return Ok(None);
    };
    let Some(cm) = creature.iter().filter(|m| m.file_data_id == fdid).map(|m| m.id).min() else { return Ok(None) };
    let shown: BTreeSet<u32> = displays.iter().filter(|d| d.model_id == cm).map(|d| d.id).collect();
    Ok(models.iter().filter(|m| shown.contains(&m.display_id)).map(|m| m.id).min())
}

impl ModernCharacter {
    /// `lm` as a 9.0+ character, if its FileDataID is a `ChrModel`'s
    /// model; the default choices, NPC and class-only ones offered with
    /// `npc_options`.
    ///
    /// # Errors
    /// A character table that exists but does not read (names the file).
    pub fn detect(lm: &LoadedModel, tables: &ClientTables, npc_options: bool) -> Result<Option<ModernCharacter>> {
        let Some(fdid) = lm.file_data_id else { return Ok(None) };
        let Some(id) = chr_model_of_file(tables, fdid)? else { return Ok(None) };
        let Some(catalog) = Catalog::load(tables)? else { return Ok(None) };
        let Some(chr_model) = catalog.chr_models.get(&id).cloned() else { return Ok(None) };
        let selection = Selection::new(&catalog, &chr_model, npc_options);
        Ok(Some(ModernCharacter { catalog: Arc::new(catalog), selection, npc: None }))
    }

    /// Offers NPC and class-only choices or not, keeping the choices made that are still offered.
    pub fn set_npc_options(&mut self, npc_options: bool) {
        let mut s = Selection::new(&self.catalog, &self.selection.chr_model, npc_options);
        let kept: Vec<String> = self
            .selection
            .chosen
            .iter()
            .filter(|(o, c)| s.options.iter().any(|x| x.option.id == **o && x.choices.iter().any(|y| y.id == **c)))
            .map(|(o, c)| format!("id:{o}=id:{c}"))
            .collect();
        if s.customize(&self.catalog, &kept.join(",")).is_err() {
            s = Selection::new(&self.catalog, &self.selection.chr_model, npc_options);
        }
        s.equipment = std::mem::take(&mut self.selection.equipment);
        self.selection = s;
    }

    /// The plan for `lm`: files named by its listfile and found through
    /// its sources ([`LoadedModel::find_fdid`]); an NPC's baked texture is
    /// its whole body texture.
    pub fn plan(&self, lm: &LoadedModel) -> Plan {
        let resolve = |id: u32| {
            let name =
                lm.listfile.as_ref().and_then(|l| l.path(id)).map_or_else(|| format!("fdid:{id}"), str::to_string);
            let found = lm.find_fdid(id, "blp").or_else(|| lm.find_fdid(id, "m2")).is_some();
            (name, found)
        };
        let mut plan = Plan::new(&self.catalog, &self.selection, &resolve);
        if let Some(fdid) = self.npc.and_then(|n| n.baked) {
            // The baked texture is the whole body texture.
            let (file, found) = resolve(fdid);
            let [w, h] = plan.body_texture.size;
            let file = super::plan::FileRef { file_data_id: fdid, file, found };
            let layer = super::plan::PlanLayer {
                layer: 0,
                section: "baked".into(),
                rect: [0, 0, w, h],
                blend_mode: 1,
                choice_id: 0,
                display_id: 0,
                file,
            };
            plan.body_texture.layers = vec![layer];
        }
        plan
    }
}

/// The item models of `plan` as the front ends load them (found through
/// `lm`'s sources, named by its listfile), and the texture files of the
/// slots a plan's whole textures fill (a cape: every replaceable type-2
/// slot of `lm`; `None` where the file is missing).
pub fn item_models(lm: &LoadedModel, plan: &Plan) -> (Vec<ItemModel>, Vec<(usize, Option<std::path::PathBuf>)>) {
    let mut models = Vec::new();
    for item in &plan.items {
        let Some(slot) = Slot::parse(item.slot) else { continue };
        for m in &item.models {
            models.push(ItemModel {
                slot,
                attachment: m.attachment,
                model: m.model.file.clone(),
                model_file: lm.find_fdid(m.model.file_data_id, "m2"),
                texture: m.texture.as_ref().map_or_else(String::new, |t| t.file.clone()),
                texture_file: m.texture.as_ref().and_then(|t| lm.find_fdid(t.file_data_id, "blp")),
            });
        }
    }
    let mut slots = Vec::new();
    for t in &plan.slot_textures {
        let path = lm.find_fdid(t.file.file_data_id, "blp");
        for (i, tex) in lm.model.textures.iter().enumerate() {
            if tex.source == m2view_format::TextureSource::Replaceable && tex.kind == t.texture_type {
                slots.push((i, path.clone()));
            }
        }
    }
    (models, slots)
}

/// The geosets a 9.0+ character shows among `present` (the model's):
/// geoset 0 (the body) always; each group a choice sets shows exactly the
/// geosets the plan gives it (`x00`: none of the group; in group 0 the
/// plan's hair geoset beside the body); every other group its naked
/// default, `x01` (`702` for the ears, as the client shows them), where
/// the model has it (wow.export `updateActiveCustomization`: only the
/// geosets of the chosen option change, geoset 0 is never touched).
pub fn geosets(present: &BTreeSet<u16>, plan: &[u32]) -> BTreeSet<u16> {
    let set: BTreeSet<u32> = plan.iter().map(|g| g / 100).collect();
    let mut shown: BTreeSet<u16> = [0].into();
    for &g in plan {
        if g % 100 != 0 && g <= u16::MAX as u32 {
            shown.insert(g as u16);
        }
    }
    let groups: BTreeSet<u32> = present.iter().map(|&g| g as u32 / 100).filter(|g| *g > 0).collect();
    for group in groups.difference(&set) {
        let default = if *group == 7 { 2 } else { 1 };
        if let Ok(g) = u16::try_from(group * 100 + default) {
            shown.insert(g);
        }
    }
    shown.retain(|g| present.contains(g));
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chosen_groups_replace_the_defaults() {
        let present: BTreeSet<u16> = [0, 2, 5, 101, 102, 401, 702, 701, 1301, 3201, 3202].into();
        // Hair style 2, facial group 1 "none" (100), group 32 value 2; the rest naked defaults.
        assert_eq!(geosets(&present, &[2, 100, 3202]), [0, 2, 401, 702, 1301, 3202].into());
        // Bald (geoset 0): the body alone in group 0.
        assert_eq!(geosets(&present, &[0]), [0, 101, 401, 702, 1301, 3201].into());
    }
}
