//! Outfits: a character's race, sex, customization and equipment as a JSON
//! file (what the window saves and loads, and `render --outfit` reads):
//!
//! ```json
//! { "race": "Scourge", "gender": "female",
//!   "customization": { "skin": 0, "face": 2, "hair": 4, "hair-color": 1, "facial": 0, "facial-color": 0 },
//!   "equipment": { "chest": { "display": 3197 }, "head": { "display": 1123 } },
//!   "eye-glow": "normal", "underwear": true }
//! ```
//!
//! Choices are indices as `--customize` counts them; equipment maps slot
//! names (`--equip`'s) to `ItemDisplayInfo` ids (with `"kind": "robe"` or
//! `"shield"` where the inventory type said so). A 9.0+ character's outfit
//! adds its body and its choices by id, as `--customize` takes them:
//! `"chr-model": 1, "customize": "id:11=id:45,id:12=id:61"`.

use super::Character;
use super::equipment::Equipment;
use super::geosets::EyeGlow;
use super::identity::Sex;
use super::options::{Appearance, Choice};
use crate::error::DressError;

/// A saved character.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Outfit {
    /// The race (`ChrRaces.ClientFileString`).
    pub race: String,
    /// Sex.
    pub gender: Sex,
    /// Customization choices.
    #[serde(default)]
    pub customization: Appearance,
    /// Equipment.
    #[serde(default)]
    pub equipment: Equipment,
    /// Eye glow.
    #[serde(default)]
    pub eye_glow: EyeGlow,
    /// Underwear drawn.
    #[serde(default = "yes")]
    pub underwear: bool,
    /// A 9.0+ character's body (`ChrModel` id; absent before 9.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chr_model: Option<u32>,
    /// A 9.0+ character's choices, as `--customize` takes them
    /// (`id:OPTION=id:CHOICE,…`; absent before 9.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customize: Option<String>,
}

fn yes() -> bool {
    true
}

impl Outfit {
    /// The outfit of `c`.
    pub fn of(c: &Character) -> Outfit {
        Outfit {
            race: c.identity.race_name.clone(),
            gender: c.identity.sex,
            customization: c.appearance,
            equipment: c.equipment.clone(),
            eye_glow: c.eye_glow,
            underwear: c.underwear,
            chr_model: None,
            customize: None,
        }
    }

    /// The outfit of a 9.0+ character: its race (the lowest with its
    /// body), body, choices by id and items.
    pub fn of_modern(m: &crate::modern::ModernCharacter) -> Outfit {
        let sel = &m.selection;
        let race =
            m.catalog.races_of(sel.chr_model.id).first().map_or_else(String::new, |r| r.client_file_string.clone());
        let choices: Vec<String> = sel
            .options
            .iter()
            .filter_map(|o| sel.chosen.get(&o.option.id).map(|c| format!("id:{}=id:{c}", o.option.id)))
            .collect();
        let equipment = sel
            .equipment
            .iter()
            .map(|(s, w)| (*s, super::equipment::Equipped { display: w.display, kind: w.kind }))
            .collect();
        Outfit {
            race,
            gender: if sel.chr_model.sex == 1 { Sex::Female } else { Sex::Male },
            customization: Appearance::default(),
            equipment,
            eye_glow: EyeGlow::default(),
            underwear: true,
            chr_model: Some(sel.chr_model.id),
            customize: Some(choices.join(",")),
        }
    }

    /// Dresses the 9.0+ character `m` in this outfit: its choices and items.
    ///
    /// # Errors
    /// The outfit is for another body, or names a choice the body does not offer.
    pub fn apply_modern(&self, m: &mut crate::modern::ModernCharacter) -> Result<(), DressError> {
        let body = m.selection.chr_model.id;
        if let Some(theirs) = self.chr_model.filter(|id| *id != body) {
            return Err(DressError::OtherBody(format!(
                "the outfit is for ChrModel {theirs}; this model is ChrModel {body}"
            )));
        }
        let worn = self
            .equipment
            .iter()
            .map(|(s, e)| (*s, crate::modern::equipment::Worn { display: e.display, kind: e.kind }));
        m.selection.equipment = worn.collect();
        match &self.customize {
            Some(list) => m.selection.customize(&m.catalog, list),
            None => Ok(()),
        }
    }

    /// Reads an outfit from JSON text (`name` in errors).
    ///
    /// # Errors
    /// Not an outfit: the JSON error with line and column.
    pub fn parse(text: &str, name: &str) -> Result<Outfit, DressError> {
        serde_json::from_str(text).map_err(|e| DressError::Outfit { file: name.into(), message: e.to_string() })
    }

    /// The outfit as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Dresses `c` in this outfit.
    ///
    /// # Errors
    /// The outfit is for another race or sex, or a choice is out of range
    /// (naming the option and its range).
    pub fn apply(&self, c: &mut Character) -> Result<(), DressError> {
        if !self.race.eq_ignore_ascii_case(&c.identity.race_name) || self.gender != c.identity.sex {
            return Err(DressError::OtherBody(format!(
                "the outfit is for a {} {}; this model is {}",
                self.race,
                self.gender.name().to_lowercase(),
                c.identity.describe()
            )));
        }
        for choice in Choice::ALL {
            c.customize(choice, self.customization.get(choice))?;
        }
        c.equipment = self.equipment.clone();
        c.eye_glow = self.eye_glow;
        c.underwear = self.underwear;
        Ok(())
    }
}
