//! Which race and sex a model is. The client names its race models
//! `Character\<Race>\<Sex>\<Race><Sex>.m2` with `<Race>` a
//! `ChrRaces.ClientFileString` (wowdev wiki "DB/ChrRaces",
//! `clientFileString`: "Same as the one used in model filepaths"); files
//! exported or renamed outside that folder keep the `<Race><Sex>` stem
//! (`scourgefemale.m2`). `.mdx` stands for `.m2` as elsewhere.

use std::path::Path;

use m2view_db::character::RaceRow;
use m2view_format::{Model, TextureSource};

/// 0 male, 1 female (`SexID` in the tables).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sex {
    /// 0.
    Male,
    /// 1.
    Female,
}

impl Sex {
    /// The tables' `SexID`.
    pub fn id(self) -> u32 {
        self as u32
    }

    /// `Male` or `Female`, as in model paths.
    pub fn name(self) -> &'static str {
        match self {
            Sex::Male => "Male",
            Sex::Female => "Female",
        }
    }

    /// `M` or `F`: the helmet model and texture component suffix.
    pub fn letter(self) -> char {
        match self {
            Sex::Male => 'M',
            Sex::Female => 'F',
        }
    }

    /// From `male`/`female`/`m`/`f`/`0`/`1` (any case).
    pub fn parse(s: &str) -> Option<Sex> {
        match s.to_ascii_lowercase().as_str() {
            "male" | "m" | "0" => Some(Sex::Male),
            "female" | "f" | "1" => Some(Sex::Female),
            _ => None,
        }
    }
}

/// A character model's race and sex.
#[derive(Debug, Clone, PartialEq)]
pub struct Identity {
    /// The race as the path names it (`Scourge`), or the `ChrRaces` row's.
    pub race_name: String,
    /// The `ChrRaces` row naming it (`None`: a race no table knows).
    pub race: Option<RaceRow>,
    /// Sex.
    pub sex: Sex,
}

impl Identity {
    /// The `ChrRaces` id (0 when no row names the race).
    pub fn race_id(&self) -> u32 {
        self.race.as_ref().map_or(0, |r| r.id)
    }

    /// `race Scourge (5), female (1)`.
    pub fn describe(&self) -> String {
        let race = match &self.race {
            Some(r) => format!("race {} ({})", self.race_name, r.id),
            None => format!("race {} (not in ChrRaces)", self.race_name),
        };
        format!("{race}, {} ({})", self.sex.name().to_lowercase(), self.sex.id())
    }
}

/// The path of race `race` (a `ClientFileString`) and `sex`'s model.
pub fn model_path(race: &str, sex: Sex) -> String {
    format!("Character\\{race}\\{}\\{race}{}.m2", sex.name(), sex.name())
}

/// `<Race><Sex>` of a file stem: the race part and the sex.
fn split_stem(stem: &str) -> Option<(&str, Sex)> {
    let lower = stem.to_ascii_lowercase();
    let (n, sex) = if lower.ends_with("female") {
        (6, Sex::Female)
    } else if lower.ends_with("male") {
        (4, Sex::Male)
    } else {
        return None;
    };
    let race = &stem[..stem.len() - n];
    (!race.is_empty()).then_some((race, sex))
}

/// The identity of the model at `path`, or `None` when it is no character
/// model. A character model is one whose path is
/// `Character\<Race>\<Sex>\<Race><Sex>.m2`; or whose stem is `<Race><Sex>`
/// for a race `races` names; or whose stem is `<Race><Sex>` and which has a
/// replaceable character-skin texture (type 1, wowdev wiki "M2#Textures").
/// The race is the `ChrRaces` row with that `ClientFileString` (any case;
/// the lowest id when a server's table repeats it).
pub fn identify(path: &Path, model: &Model, races: Option<&[RaceRow]>) -> Option<Identity> {
    let text = path.to_string_lossy().replace('\\', "/");
    let parts: Vec<&str> = text.split('/').filter(|p| !p.is_empty()).collect();
    let file = parts.last()?;
    let stem = file.rsplit_once('.').map_or(*file, |(s, _)| s);
    let (race, sex) = split_stem(stem)?;
    let parts: Vec<String> = parts.iter().map(|p| p.to_ascii_lowercase()).collect();
    let n = parts.len();
    let in_character_folder = n >= 4
        && parts[n - 4] == "character"
        && parts[n - 3] == race.to_ascii_lowercase()
        && parts[n - 2] == sex.name().to_ascii_lowercase();
    let row = races.and_then(|rows| {
        rows.iter().filter(|r| r.client_file_string.eq_ignore_ascii_case(race)).min_by_key(|r| r.id).cloned()
    });
    let has_body_slot = model.textures.iter().any(|t| t.source == TextureSource::Replaceable && t.kind == 1);
    if !(in_character_folder || row.is_some() || has_body_slot) {
        return None;
    }
    let race_name = row.as_ref().map_or_else(|| race.to_string(), |r| r.client_file_string.clone());
    Some(Identity { race_name, race: row, sex })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn race(id: u32, file: &str) -> RaceRow {
        RaceRow {
            id,
            flags: 0,
            client_prefix: file[..2].to_string(),
            client_file_string: file.to_string(),
            name: file.to_string(),
            facial_hair_customization: Default::default(),
            hair_customization: String::new(),
        }
    }

    #[test]
    fn race_and_sex_from_path_and_table() {
        let races = [race(5, "Scourge"), race(47, "Scourge"), race(1, "Human")];
        let md = m2view_format::fixtures::two_boxes(256);
        let bare = m2view_format::model_from_bytes(&m2view_format::writer::write_md20(&md), "t.m2", &[]).unwrap();
        let id = identify(Path::new("Character\\Scourge\\Female\\ScourgeFemale.mdx"), &bare, Some(&races)).unwrap();
        assert_eq!((id.race_id(), id.sex, id.describe()), (5, Sex::Female, "race Scourge (5), female (1)".into()));
        // A renamed file: the stem and the table are enough.
        let id = identify(Path::new("assets/scourgefemale.m2"), &bare, Some(&races)).unwrap();
        assert_eq!((id.race_name.as_str(), id.sex), ("Scourge", Sex::Female));
        // The folder alone, without tables: a race no table knows.
        let id = identify(Path::new("Pack/Character/Ogre/Male/OgreMale.M2"), &bare, None).unwrap();
        assert_eq!(id.describe(), "race Ogre (not in ChrRaces), male (0)");
        // Not characters: a creature, or a stem that is only a sex.
        assert!(identify(Path::new("Creature/Murloc/MurlocMale.m2"), &bare, Some(&races)).is_none());
        assert!(identify(Path::new("Character/Female.m2"), &bare, None).is_none());
        assert_eq!(model_path("Scourge", Sex::Female), "Character\\Scourge\\Female\\ScourgeFemale.m2");
    }
}
