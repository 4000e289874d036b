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
//! `"shield"` where the inventory type said so).

use super::Character;
use super::equipment::Equipment;
use super::geosets::EyeGlow;
use super::identity::Sex;
use super::options::{Appearance, Choice};

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
        }
    }

    /// Reads an outfit from JSON text (`name` in errors).
    ///
    /// # Errors
    /// Not an outfit: the JSON error with line and column.
    pub fn parse(text: &str, name: &str) -> Result<Outfit, String> {
        serde_json::from_str(text).map_err(|e| format!("{name}: not an outfit: {e}"))
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
    pub fn apply(&self, c: &mut Character) -> Result<(), String> {
        if !self.race.eq_ignore_ascii_case(&c.identity.race_name) || self.gender != c.identity.sex {
            return Err(format!(
                "the outfit is for a {} {}; this model is {}",
                self.race,
                self.gender.name().to_lowercase(),
                c.identity.describe()
            ));
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
