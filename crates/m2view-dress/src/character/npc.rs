//! Character-race NPCs: a `CreatureDisplayInfo` row whose
//! `ExtendedDisplayInfoID` is set names a `CreatureDisplayInfoExtra` row
//! with the race, sex, customization and one item display per slot
//! (wowdev wiki "DB/CreatureDisplayInfoExtra"). Where the row names a baked
//! texture (`Textures\BakedNpcTextures\<BakeName>`) and it exists, it
//! replaces the composed body texture, as in the client; else the body is
//! composed from the choices. NPCs wear NPC-only rows, so those are offered.

use m2view_db::creature;
use m2view_format::LoadedModel;

use super::equipment::{ItemKind, Slot};
use super::options::{RawAppearance, RowFilter};
use super::{Character, identity::Sex};
use crate::error::{DressError, Result, required};
use crate::tables::ClientTables;

/// The display an NPC character came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NpcSource {
    /// `CreatureDisplayInfo` id.
    pub display: u32,
    /// `CreatureDisplayInfoExtra` id.
    pub extra: u32,
}

/// The game path of the model display `display` uses
/// (`CreatureDisplayInfo.ModelID` → `CreatureModelData.ModelName`, `.mdx`
/// standing for `.m2`; in 7.0+ tables its `FileDataID`, as `fdid:N`).
///
/// # Errors
/// A missing or malformed table, or no such display.
pub fn model_of_display(tables: &ClientTables, display: u32) -> Result<String> {
    let d = display_row(tables, display)?;
    let models = required("CreatureModelData.dbc", tables.rows("CreatureModelData.dbc", creature::model_rows))?;
    let m = models.iter().find(|m| m.id == d.model_id).ok_or_else(|| {
        DressError::MissingRow(format!(
            "display {display} names model {} which is not in CreatureModelData.dbc",
            d.model_id
        ))
    })?;
    Ok(model_path(m))
}

/// The game path of `CreatureModelData` row `m`: its `ModelName` with
/// `.mdx`/`.mdl` standing for `.m2`, or in 7.0+ tables its `FileDataID`
/// as `fdid:N`.
pub fn model_path(m: &creature::ModelRow) -> String {
    if m.model.is_empty() && m.file_data_id != 0 {
        return format!("fdid:{}", m.file_data_id);
    }
    let lower = m.model.to_ascii_lowercase();
    match [".mdx", ".mdl"].iter().find(|e| lower.ends_with(*e)) {
        Some(e) => format!("{}.m2", &m.model[..m.model.len() - e.len()]),
        None => m.model.clone(),
    }
}

/// Whether `display` is a character-race NPC (its `ExtendedDisplayInfoID` is set).
pub fn is_npc_display(tables: &ClientTables, display: u32) -> bool {
    display_row(tables, display).is_ok_and(|d| d.extra_id != 0)
}

/// The `CreatureDisplayInfo` row `display`.
fn display_row(tables: &ClientTables, display: u32) -> Result<creature::DisplayRow> {
    required("CreatureDisplayInfo.dbc", tables.rows("CreatureDisplayInfo.dbc", creature::display_rows))?
        .iter()
        .find(|d| d.id == display)
        .cloned()
        .ok_or_else(|| DressError::MissingRow(format!("display {display} is not in CreatureDisplayInfo.dbc")))
}

impl Character {
    /// Dresses this character as NPC display `display`: its customization,
    /// its items, and its baked texture where it exists. Returns what could
    /// not be matched (choices the tables do not offer).
    ///
    /// # Errors
    /// A missing or malformed table, no such display, a display that is no
    /// character-race NPC, or one of another race or sex than the model.
    pub fn dress_as_npc(&mut self, lm: &LoadedModel, tables: &ClientTables, display: u32) -> Result<Vec<String>> {
        let d = display_row(tables, display)?;
        if d.extra_id == 0 {
            return Err(DressError::Refused(format!(
                "display {display} is no character-race NPC (ExtendedDisplayInfoID is 0)"
            )));
        }
        let extras = required(
            "CreatureDisplayInfoExtra.dbc",
            tables.rows("CreatureDisplayInfoExtra.dbc", creature::extra_rows),
        )?;
        let e = extras.iter().find(|e| e.id == d.extra_id).ok_or_else(|| {
            DressError::MissingRow(format!(
                "display {display}: extra {} is not in CreatureDisplayInfoExtra.dbc",
                d.extra_id
            ))
        })?;
        let sex = if e.sex == 1 { Sex::Female } else { Sex::Male };
        if (e.race, sex) != (self.identity.race_id(), self.identity.sex) {
            return Err(DressError::OtherBody(format!(
                "display {display} is race {} {}; this model is {}",
                e.race,
                sex.name().to_lowercase(),
                self.identity.describe()
            )));
        }
        self.set_filter(tables, RowFilter { npc: true, death_knight: true })?;
        let raw = RawAppearance {
            skin: e.skin,
            face: e.face,
            hair: e.hair_style,
            hair_color: e.hair_color,
            facial: e.facial_hair,
        };
        let (appearance, warnings) = self.options.from_raw(raw);
        self.appearance = appearance;
        self.equipment.clear();
        for (slot, &id) in Slot::NPC_ORDER.iter().zip(&e.items) {
            if id != 0 {
                self.equip(*slot, id, ItemKind::Plain);
            }
        }
        let baked = format!("Textures\\BakedNpcTextures\\{}", e.bake_name);
        self.baked = (!e.bake_name.is_empty() && lm.find_game_file(&baked).is_some()).then_some(baked);
        self.npc = Some(NpcSource { display, extra: e.id });
        Ok(warnings)
    }
}
