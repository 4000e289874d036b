//! A race's customization options, as its tables give them: skin colour,
//! face, hair style, hair colour, facial style and facial colour. Nothing
//! here is a built-in list — a private server's tables (33 human female hair
//! styles in `AzerothUniverseCore_UniverseDBC`) give what they give.
//!
//! Where the choices come from (wowdev wiki "DB/CharSections", field
//! descriptions; WoW Model Viewer 0.7 `CharControl::RefreshModel`):
//! - skin colour: the `ColorIndex` values of the skin rows;
//! - face: the `VariationIndex` values of the face rows of that skin colour;
//! - hair style: the `CharHairGeosets` rows of the race and sex;
//! - hair colour: the `ColorIndex` values of the hair rows of that style
//!   (those of style 0 where a style has none, as WMV falls back);
//! - facial style: the `CharacterFacialHairStyles` rows;
//! - facial colour: the `ColorIndex` values of the facial hair rows of that style.
//!
//! A choice is an index (0-based) into its list, as the client's arrows and
//! `--customize` count; [`Options::value`] gives the table value it stands
//! for. Rows only NPCs or death knights wear are left out unless asked
//! ([`RowFilter`]).

use std::collections::{BTreeMap, BTreeSet};

use m2view_db::character::{FacialHairRow, HairGeosetRow, Section, SectionRow};

/// `TUSKS` → `Tusks`.
fn title_case(token: &str) -> String {
    let lower = token.to_lowercase();
    let mut chars = lower.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// One customization option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Choice {
    /// Skin colour.
    Skin,
    /// Face (of the skin colour).
    Face,
    /// Hair style.
    Hair,
    /// Hair colour (of the style).
    HairColor,
    /// Facial style (beard, tusks, features, earrings…).
    Facial,
    /// Facial colour (of the style).
    FacialColor,
}

impl Choice {
    /// Every option, in the order the client shows them.
    pub const ALL: [Choice; 6] =
        [Choice::Skin, Choice::Face, Choice::Hair, Choice::HairColor, Choice::Facial, Choice::FacialColor];

    /// The name `--customize` and the outfit file use.
    pub fn name(self) -> &'static str {
        match self {
            Choice::Skin => "skin",
            Choice::Face => "face",
            Choice::Hair => "hair",
            Choice::HairColor => "hair-color",
            Choice::Facial => "facial",
            Choice::FacialColor => "facial-color",
        }
    }

    /// The name the client's character creation shows for this option of
    /// `race` (its `ChrRaces` row; `None`: a race no table knows) and
    /// `sex`: `HAIR_<HairCustomization>_STYLE` and `_COLOR`,
    /// `FACIAL_HAIR_<FacialHairCustomization[sex]>` as the 3.3.5 glue
    /// screens build them (`CharacterCreate.lua`), in their enUS text
    /// (`GlueStrings.lua`). A token the client does not know (a private
    /// server's) is shown title-cased; `NONE` hides the option in the
    /// client and is `""` here. The client ties the facial colour to the
    /// hair colour; it is named after the facial option.
    pub fn label(self, race: Option<&m2view_db::character::RaceRow>, sex: super::identity::Sex) -> String {
        let hair = race.map_or("NORMAL", |r| r.hair_customization.as_str());
        let facial = race.map_or("NORMAL", |r| r.facial_hair_customization[sex.id().min(1) as usize].as_str());
        let facial_name = match facial.to_ascii_uppercase().as_str() {
            "NORMAL" | "" => "Facial Hair".to_string(),
            "NONE" => String::new(),
            other => title_case(other),
        };
        let hair_name = if hair.eq_ignore_ascii_case("HORNS") { "Horn" } else { "Hair" };
        match self {
            Choice::Skin => "Skin Color".into(),
            Choice::Face => "Face".into(),
            Choice::Hair => format!("{hair_name} Style"),
            Choice::HairColor => format!("{hair_name} Color"),
            Choice::Facial => facial_name,
            Choice::FacialColor if facial_name.is_empty() => String::new(),
            Choice::FacialColor => format!("{facial_name} Color"),
        }
    }

    /// The option named `name`.
    pub fn parse(name: &str) -> Option<Choice> {
        Choice::ALL.into_iter().find(|c| c.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// The chosen index of every option.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Appearance {
    /// Skin colour index.
    pub skin: u32,
    /// Face index.
    pub face: u32,
    /// Hair style index.
    pub hair: u32,
    /// Hair colour index.
    #[serde(rename = "hair-color")]
    pub hair_color: u32,
    /// Facial style index.
    pub facial: u32,
    /// Facial colour index.
    #[serde(rename = "facial-color")]
    pub facial_color: u32,
}

impl Appearance {
    /// The index of `c`.
    pub fn get(&self, c: Choice) -> u32 {
        match c {
            Choice::Skin => self.skin,
            Choice::Face => self.face,
            Choice::Hair => self.hair,
            Choice::HairColor => self.hair_color,
            Choice::Facial => self.facial,
            Choice::FacialColor => self.facial_color,
        }
    }

    /// Sets the index of `c`.
    pub fn set(&mut self, c: Choice, v: u32) {
        *match c {
            Choice::Skin => &mut self.skin,
            Choice::Face => &mut self.face,
            Choice::Hair => &mut self.hair,
            Choice::HairColor => &mut self.hair_color,
            Choice::Facial => &mut self.facial,
            Choice::FacialColor => &mut self.facial_color,
        } = v;
    }
}

/// Which rows besides the players' are offered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RowFilter {
    /// Rows only NPCs wear.
    pub npc: bool,
    /// Rows only death knights wear.
    pub death_knight: bool,
}

impl RowFilter {
    fn admits(&self, r: &SectionRow) -> bool {
        (self.npc || !r.npc_only) && (self.death_knight || !r.death_knight)
    }
}

/// The table values an [`Appearance`] stands for (what
/// `CreatureDisplayInfoExtra` stores).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RawAppearance {
    /// Skin colour (`ColorIndex`).
    pub skin: u32,
    /// Face (`VariationIndex`).
    pub face: u32,
    /// Hair style (`VariationID`).
    pub hair: u32,
    /// Hair colour (`ColorIndex`).
    pub hair_color: u32,
    /// Facial style (`VariationID`).
    pub facial: u32,
}

/// The rows an appearance resolves to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Resolved {
    /// Skin row (base skin, extra skin).
    pub skin: Option<SectionRow>,
    /// Face row.
    pub face: Option<SectionRow>,
    /// Facial hair row (its textures).
    pub facial_hair: Option<SectionRow>,
    /// Hair row (hair texture, scalp).
    pub hair: Option<SectionRow>,
    /// Underwear row.
    pub underwear: Option<SectionRow>,
    /// The hair style's geoset row.
    pub hair_geoset: Option<HairGeosetRow>,
    /// The facial style's geosets (groups 100, 200, 300).
    pub facial_geosets: [u32; 3],
}

/// The options of one race and sex.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Options {
    sections: Vec<SectionRow>,
    hair: Vec<HairGeosetRow>,
    facial: Vec<FacialHairRow>,
}

fn sorted_unique(it: impl Iterator<Item = u32>) -> Vec<u32> {
    it.collect::<BTreeSet<_>>().into_iter().collect()
}

impl Options {
    /// The options of `race`/`sex` in the given rows (any table may be empty).
    pub fn new(
        race: u32,
        sex: u32,
        sections: &[SectionRow],
        hair: &[HairGeosetRow],
        facial: &[FacialHairRow],
        filter: RowFilter,
    ) -> Options {
        let sections =
            sections.iter().filter(|r| r.race == race && r.sex == sex && filter.admits(r)).cloned().collect();
        let mut hair: Vec<HairGeosetRow> = hair.iter().filter(|r| r.race == race && r.sex == sex).cloned().collect();
        hair.sort_by_key(|r| (r.variation, r.id));
        hair.dedup_by_key(|r| r.variation);
        let mut facial: Vec<FacialHairRow> =
            facial.iter().filter(|r| r.race == race && r.sex == sex).cloned().collect();
        facial.sort_by_key(|r| r.variation);
        facial.dedup_by_key(|r| r.variation);
        Options { sections, hair, facial }
    }

    fn rows(&self, s: Section) -> impl Iterator<Item = &SectionRow> {
        self.sections.iter().filter(move |r| r.section == s)
    }

    fn colors(&self, s: Section, variation: u32) -> Vec<u32> {
        sorted_unique(self.rows(s).filter(|r| r.variation == variation).map(|r| r.color))
    }

    /// The table values of option `c`'s choices, given the other choices of `a`.
    pub fn values(&self, c: Choice, a: &Appearance) -> Vec<u32> {
        match c {
            Choice::Skin => sorted_unique(self.rows(Section::Skin).map(|r| r.color)),
            Choice::Face => {
                let skin = self.value(Choice::Skin, a);
                let faces =
                    sorted_unique(self.rows(Section::Face).filter(|r| Some(r.color) == skin).map(|r| r.variation));
                if faces.is_empty() { sorted_unique(self.rows(Section::Face).map(|r| r.variation)) } else { faces }
            }
            Choice::Hair => self.hair.iter().map(|r| r.variation).collect(),
            Choice::HairColor => {
                let style = self.value(Choice::Hair, a).unwrap_or(0);
                let colors = self.colors(Section::Hair, style);
                if colors.is_empty() { self.colors(Section::Hair, 0) } else { colors }
            }
            Choice::Facial => self.facial.iter().map(|r| r.variation).collect(),
            Choice::FacialColor => self.colors(Section::FacialHair, self.value(Choice::Facial, a).unwrap_or(0)),
        }
    }

    /// How many choices option `c` has, given the other choices of `a`.
    pub fn count(&self, c: Choice, a: &Appearance) -> u32 {
        self.values(c, a).len() as u32
    }

    /// The table value the choice of `c` in `a` stands for (`None`: no choices).
    pub fn value(&self, c: Choice, a: &Appearance) -> Option<u32> {
        let v = self.values(c, a);
        v.get((a.get(c) as usize).min(v.len().saturating_sub(1))).copied()
    }

    /// `a` with every index inside its option's range (options depend on
    /// each other: a skin colour with fewer faces).
    pub fn clamp(&self, mut a: Appearance) -> Appearance {
        for c in Choice::ALL {
            let n = self.count(c, &a);
            a.set(c, a.get(c).min(n.saturating_sub(1)));
        }
        a
    }

    /// `a` with option `c` set to choice `v`.
    ///
    /// # Errors
    /// `v` is outside the option's range: the message names the option
    /// and its range (an option without choices takes only 0).
    pub fn choose(&self, a: &Appearance, c: Choice, v: u32) -> Result<Appearance, crate::DressError> {
        let n = self.count(c, a);
        if v >= n.max(1) {
            let range = if n == 0 { "none".to_string() } else { format!("0..={}", n - 1) };
            let name = c.name();
            return Err(crate::DressError::Refused(format!(
                "{name} {v} is out of range: the tables give {n} choices ({range})"
            )));
        }
        let mut out = *a;
        out.set(c, v);
        Ok(self.clamp(out))
    }

    /// The appearance whose table values are `raw` (an NPC's), choices the
    /// tables do not offer becoming 0 — named in the returned warnings.
    pub fn from_raw(&self, raw: RawAppearance) -> (Appearance, Vec<String>) {
        let mut a = Appearance::default();
        let mut warnings = Vec::new();
        let wanted = [
            (Choice::Skin, raw.skin),
            (Choice::Face, raw.face),
            (Choice::Hair, raw.hair),
            (Choice::HairColor, raw.hair_color),
            (Choice::Facial, raw.facial),
            (Choice::FacialColor, raw.hair_color),
        ];
        for (c, v) in wanted {
            let values = self.values(c, &a);
            match values.iter().position(|&x| x == v) {
                Some(i) => a.set(c, i as u32),
                None if values.is_empty() => {}
                None => {
                    warnings.push(format!("{} {v} is not in the tables; the first ({}) is used", c.name(), values[0]))
                }
            }
        }
        (a, warnings)
    }

    /// The rows `a` resolves to.
    pub fn resolve(&self, a: &Appearance) -> Resolved {
        let v = |c| self.value(c, a);
        let find = |s: Section, variation: Option<u32>, color: Option<u32>| {
            self.rows(s)
                .find(|r| variation.is_none_or(|x| r.variation == x) && color.is_none_or(|x| r.color == x))
                .cloned()
        };
        let skin = v(Choice::Skin);
        let hair_style = v(Choice::Hair);
        let hair_color = v(Choice::HairColor);
        let facial = v(Choice::Facial);
        let hair = find(Section::Hair, hair_style, hair_color)
            .filter(|r| !r.textures[0].is_empty())
            .or_else(|| find(Section::Hair, Some(0), hair_color));
        Resolved {
            skin: find(Section::Skin, None, skin),
            face: find(Section::Face, v(Choice::Face), skin),
            facial_hair: find(Section::FacialHair, facial, v(Choice::FacialColor)),
            hair,
            underwear: find(Section::Underwear, None, skin),
            hair_geoset: hair_style.and_then(|s| self.hair.iter().find(|r| r.variation == s).cloned()),
            facial_geosets: facial
                .and_then(|s| self.facial.iter().find(|r| r.variation == s))
                .map_or([0; 3], |r| r.geosets),
        }
    }

    /// Every option with its number of choices for `a`.
    pub fn counts(&self, a: &Appearance) -> BTreeMap<Choice, u32> {
        Choice::ALL.into_iter().map(|c| (c, self.count(c, a))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(section: Section, variation: u32, color: u32, npc_only: bool) -> SectionRow {
        SectionRow {
            id: 0,
            race: 5,
            sex: 1,
            section,
            variation,
            color,
            textures: [format!("{section:?}{variation:02}_{color:02}.blp"), String::new(), String::new()],
            npc_only,
            death_knight: false,
        }
    }

    #[test]
    fn options_are_named_as_character_creation_names_them() {
        use crate::character::identity::Sex;
        // 1.12 ChrRaces: Tauren (HORNS; female facial HAIR), Goblin female (NONE), Troll (TUSKS).
        let race = |hair: &str, facial: [&str; 2]| m2view_db::character::RaceRow {
            id: 6,
            flags: 0,
            client_prefix: "Ta".into(),
            client_file_string: "Tauren".into(),
            name: "Tauren".into(),
            facial_hair_customization: facial.map(String::from),
            hair_customization: hair.into(),
        };
        let tauren = race("HORNS", ["NORMAL", "HAIR"]);
        let names = |r: Option<&m2view_db::character::RaceRow>, sex| Choice::ALL.map(|c| c.label(r, sex));
        assert_eq!(
            names(Some(&tauren), Sex::Female),
            ["Skin Color", "Face", "Horn Style", "Horn Color", "Hair", "Hair Color"].map(String::from)
        );
        assert_eq!(names(Some(&tauren), Sex::Male)[4], "Facial Hair");
        assert_eq!(names(Some(&race("NORMAL", ["TUSKS", "NONE"])), Sex::Female)[4..], [String::new(), String::new()]);
        assert_eq!(names(Some(&race("NORMAL", ["TUSKS", "NONE"])), Sex::Male)[4], "Tusks");
        assert_eq!(names(None, Sex::Male)[2], "Hair Style", "a race no table knows");
    }

    #[test]
    fn choices_depend_on_each_other_and_on_the_filter() {
        let sections = vec![
            row(Section::Skin, 0, 0, false),
            row(Section::Skin, 0, 1, false),
            row(Section::Skin, 0, 7, true),
            row(Section::Face, 0, 0, false),
            row(Section::Face, 1, 0, false),
            row(Section::Face, 2, 0, false),
            row(Section::Face, 0, 1, false),
            row(Section::Hair, 0, 0, false),
            row(Section::Hair, 0, 1, false),
            row(Section::Hair, 3, 0, false),
        ];
        let hair =
            [0, 3].map(|v| HairGeosetRow { id: v, race: 5, sex: 1, variation: v, geoset: v + 2, show_scalp: false });
        let o = Options::new(5, 1, &sections, &hair, &[], RowFilter::default());
        let a = Appearance::default();
        assert_eq!(o.count(Choice::Skin, &a), 2, "the NPC skin is left out");
        assert_eq!(o.count(Choice::Face, &a), 3);
        let skin1 = o.choose(&a, Choice::Skin, 1).unwrap();
        assert_eq!(o.count(Choice::Face, &skin1), 1, "skin colour 1 has one face");
        // Hair style 3 has one colour; a hair colour index past it is clamped.
        let a = Appearance { hair: 1, hair_color: 1, ..a };
        assert_eq!(o.clamp(a).hair_color, 0);
        let e = o.choose(&Appearance::default(), Choice::Hair, 2).unwrap_err();
        assert_eq!(e, crate::DressError::Refused("hair 2 is out of range: the tables give 2 choices (0..=1)".into()));
        // Asked for, the NPC skin is offered; an NPC's raw values map back to indices.
        let npc = Options::new(5, 1, &sections, &hair, &[], RowFilter { npc: true, death_knight: false });
        let (a, w) = npc.from_raw(RawAppearance { skin: 7, hair: 3, ..Default::default() });
        assert_eq!((a.skin, a.hair, w.len()), (2, 1, 0));
        let r = npc.resolve(&a);
        assert_eq!((r.skin.unwrap().color, r.hair_geoset.unwrap().geoset), (7, 5));
        let (_, w) = o.from_raw(RawAppearance { skin: 9, ..Default::default() });
        assert_eq!(w, ["skin 9 is not in the tables; the first (0) is used"]);
    }
}
