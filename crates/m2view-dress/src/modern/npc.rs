//! NPCs of 9.0+ clients: a `CreatureDisplayInfo` row whose
//! `ExtendedDisplayInfoID` names a `CreatureDisplayInfoExtra` row (race,
//! sex and the baked texture's material) whose choices are its
//! `CreatureDisplayInfoOption` rows (wow.export `DBCreatureDisplayExtra.js`,
//! WoWDBDefs `CreatureDisplayInfoOption.dbd`). NPCs wear NPC-only choices,
//! so those are offered; their items are `NPCModelItemSlotDisplayInfo`
//! rows (wow.export `DBNpcEquipment.js`). Where the row names a baked texture
//! (`HDBakeMaterialResourcesID`, else `BakeMaterialResourcesID`, through
//! `TextureFileData`) it is the body texture, as the client draws NPCs;
//! else the body is composed from the choices.

use m2view_db::creature;
use m2view_db::customization::display_option_rows;

use super::ModernCharacter;
use super::equipment::Worn;
use crate::character::equipment::{ItemKind, Slot};
use crate::error::{DressError, required};
use crate::tables::ClientTables;

/// The display a 9.0+ NPC came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NpcDisplay {
    /// `CreatureDisplayInfo` id.
    pub display: u32,
    /// `CreatureDisplayInfoExtra` id.
    pub extra: u32,
    /// The baked body texture (FileDataID), if the row names one the tables resolve.
    pub baked: Option<u32>,
}

impl ModernCharacter {
    /// Dresses this character as NPC display `display`: its choices
    /// (NPC-only ones offered), items and baked texture. Returns warnings (choices
    /// of options this body does not offer).
    ///
    /// # Errors
    /// No such display or extra row, a display of another body, a broken table.
    pub fn dress_as_npc(&mut self, tables: &ClientTables, display: u32) -> Result<Vec<String>, DressError> {
        let displays = required("CreatureDisplayInfo", tables.rows("CreatureDisplayInfo", creature::display_rows))?;
        let d = displays
            .iter()
            .find(|d| d.id == display)
            .ok_or_else(|| DressError::MissingRow(format!("no CreatureDisplayInfo row {display}")))?;
        let extras =
            required("CreatureDisplayInfoExtra", tables.rows("CreatureDisplayInfoExtra", creature::extra_rows))?;
        let x = extras.iter().find(|x| x.id == d.extra_id).ok_or_else(|| {
            DressError::MissingRow(format!("display {display}: no CreatureDisplayInfoExtra row {}", d.extra_id))
        })?;
        let body = &self.selection.chr_model;
        let theirs = self.catalog.chr_model_of(x.race, x.sex).map(|m| m.id);
        if theirs != Some(body.id) {
            return Err(DressError::OtherBody(format!(
                "display {display} is race {} sex {} (ChrModel {}), not this model's ChrModel {}",
                x.race,
                x.sex,
                theirs.map_or("none".into(), |m| m.to_string()),
                body.id
            )));
        }
        self.set_npc_options(true);
        let mut warnings = Vec::new();
        let options = match tables.rows("CreatureDisplayInfoOption", display_option_rows) {
            Ok(Some(rows)) => rows.iter().filter(|r| r.extra == x.id).copied().collect(),
            Ok(None) => {
                warnings.push("no CreatureDisplayInfoOption table: default choices".into());
                Vec::new()
            }
            Err(e) => return Err(e.into()),
        };
        let list: Vec<String> = options.iter().map(|o| format!("id:{}=id:{}", o.option, o.choice)).collect();
        if self.selection.customize(&self.catalog, &list.join(",")).is_err() {
            // Some choice does not fit: take the others one by one, naming what did not.
            for choice in &list {
                if let Err(e) = self.selection.customize(&self.catalog, choice) {
                    warnings.push(format!("CreatureDisplayInfoOption of extra {}: {e}", x.id));
                }
            }
        }
        for r in npc_items(tables, x.id, &mut warnings) {
            self.selection.equipment.insert(r.0, Worn { display: r.1, kind: ItemKind::Plain });
        }
        let baked =
            (x.bake_material != 0).then(|| self.catalog.material_files.get(&x.bake_material).copied()).flatten();
        if x.bake_material != 0 && baked.is_none() {
            warnings.push(format!("baked texture material {} has no TextureFileData row", x.bake_material));
        }
        self.npc = Some(NpcDisplay { display, extra: x.id, baked });
        Ok(warnings)
    }
}

/// The items NPC extra `extra` wears: `(slot, display)` of its
/// `NPCModelItemSlotDisplayInfo` rows (slots in `Slot::NPC_ORDER`); a
/// broken table or an unknown slot joins `warnings`.
fn npc_items(tables: &ClientTables, extra: u32, warnings: &mut Vec<String>) -> Vec<(Slot, u32)> {
    let rows = match tables.rows("NPCModelItemSlotDisplayInfo", creature::npc_item_rows) {
        Ok(rows) => rows.map_or_else(Vec::new, |r| r.to_vec()),
        Err(e) => {
            warnings.push(e.to_string());
            Vec::new()
        }
    };
    let mut out = Vec::new();
    for r in rows.iter().filter(|r| r.extra == extra && r.display != 0) {
        match Slot::NPC_ORDER.get(r.slot as usize) {
            Some(&slot) => out.push((slot, r.display)),
            None => warnings.push(format!("NPCModelItemSlotDisplayInfo of extra {extra}: no slot {}", r.slot)),
        }
    }
    out
}
