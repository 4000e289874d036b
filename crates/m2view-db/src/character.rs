//! The character tables: `ChrRaces` (a race's file name and helmet
//! suffix), `CharSections` (the textures of skin colours, faces, facial
//! hair, hair and underwear), `CharHairGeosets` (the geoset of each hair
//! style) and `CharacterFacialHairStyles` (the 1xx/2xx/3xx geosets of each
//! facial style). Columns by name per WoWDBDefs (`ChrRaces.dbd`,
//! `CharSections.dbd`, `CharHairGeosets.dbd`,
//! `CharacterFacialHairStyles.dbd`); the meaning of each section's indices
//! and textures per the wowdev wiki "DB/CharSections" (field descriptions).

use m2view_error::Result;

use crate::table::Table;

/// One `ChrRaces` row.
#[derive(Debug, Clone, PartialEq)]
pub struct RaceRow {
    /// Race id (`CharSections.RaceID` and the others point here).
    pub id: u32,
    /// Flags.
    pub flags: u32,
    /// Short prefix (`Sc` for Scourge): helmets are `<model>_<prefix><M|F>.m2`.
    pub client_prefix: String,
    /// The name in model paths (`Scourge`: `Character\Scourge\Female\ScourgeFemale.m2`).
    pub client_file_string: String,
    /// The race's name (enUS).
    pub name: String,
    /// What the facial styles are called for males and females (`NORMAL`, `FEATURES`, `TUSKS`…).
    pub facial_hair_customization: [String; 2],
    /// What the hair styles are called (`NORMAL`, `HORNS`…).
    pub hair_customization: String,
}

/// Every `ChrRaces` row.
///
/// # Errors
/// A cell that does not read (names file, row and column).
pub fn race_rows(t: &Table) -> Result<Vec<RaceRow>> {
    t.rows()
        .map(|r| {
            Ok(RaceRow {
                id: r.id(),
                flags: r.u32("Flags")?,
                client_prefix: r.string("ClientPrefix")?,
                client_file_string: r.string("ClientFileString")?,
                name: r.string("Name_lang")?,
                // Gone from 9.0+ tables (customization options name their styles).
                facial_hair_customization: if t.has("FacialHairCustomization") {
                    r.strings("FacialHairCustomization")?
                } else {
                    Default::default()
                },
                hair_customization: if t.has("HairCustomization") {
                    r.string("HairCustomization")?
                } else {
                    String::new()
                },
            })
        })
        .collect()
}

/// What a `CharSections` row dresses (`BaseSection`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    /// 0: base skin (variation unused; colour = skin colour). Textures: skin, extra skin (fur).
    Skin,
    /// 1: face (variation = face; colour = skin colour). Textures: face lower, face upper.
    Face,
    /// 2: facial hair (variation = facial style; colour = hair colour). Textures: lower, upper.
    FacialHair,
    /// 3: hair (variation = hair style; colour = hair colour). Textures: hair, scalp lower, scalp upper.
    Hair,
    /// 4: underwear (colour = skin colour). Textures: pelvis (leg upper), torso (torso upper).
    Underwear,
    /// Another section (HD sections of later clients).
    Other(u32),
}

impl Section {
    fn from_raw(v: u32) -> Section {
        match v {
            0 => Section::Skin,
            1 => Section::Face,
            2 => Section::FacialHair,
            3 => Section::Hair,
            4 => Section::Underwear,
            v => Section::Other(v),
        }
    }
}

/// One `CharSections` row, its flags decoded.
#[derive(Debug, Clone, PartialEq)]
pub struct SectionRow {
    /// Row id.
    pub id: u32,
    /// `ChrRaces` id.
    pub race: u32,
    /// 0 male, 1 female.
    pub sex: u32,
    /// What the row dresses.
    pub section: Section,
    /// Style index (face, facial style, hair style; 0 for skin and underwear).
    pub variation: u32,
    /// Colour index (skin colour, or hair colour).
    pub color: u32,
    /// Up to three texture paths (empty: none); their meaning per [`Section`].
    pub textures: [String; 3],
    /// Only NPCs wear it (1.12/2.4.3: flag 1, wowdev "CharSections.dbc"
    /// "1 for special NPCs"; 3.3.5: flag 0x8, wowdev "NPC skin").
    pub npc_only: bool,
    /// Only death knights wear it (3.3.5: flag 0x4, wowdev and AzerothCore's
    /// `charsections_dbc`).
    pub death_knight: bool,
}

/// Whether `t` is a `CharSections` table of 3.0 or later: its flags
/// moved (NPC-only 0x8, death knight 0x4; before: NPC-only 1).
pub fn sections_are_wotlk(t: &Table) -> bool {
    t.wdbc_build.is_none_or(|b| b.starts_with('3'))
}

/// Every `CharSections` row, its flags decoded per [`sections_are_wotlk`].
///
/// # Errors
/// A cell that does not read.
pub fn section_rows(t: &Table) -> Result<Vec<SectionRow>> {
    let (npc, death_knight) = if sections_are_wotlk(t) { (0x8, 0x4) } else { (0x1, 0) };
    t.rows()
        .map(|r| {
            let flags = r.u32("Flags")?;
            Ok(SectionRow {
                id: r.id(),
                race: r.u32("RaceID")?,
                sex: r.u32("SexID")?,
                section: Section::from_raw(r.u32("BaseSection")?),
                variation: r.u32("VariationIndex")?,
                color: r.u32("ColorIndex")?,
                textures: r.strings("TextureName")?,
                npc_only: flags & npc != 0,
                death_knight: flags & death_knight != 0,
            })
        })
        .collect()
}

/// One `CharHairGeosets` row.
#[derive(Debug, Clone, PartialEq)]
pub struct HairGeosetRow {
    /// Row id.
    pub id: u32,
    /// `ChrRaces` id.
    pub race: u32,
    /// 0 male, 1 female.
    pub sex: u32,
    /// Hair style (`CharSections.VariationIndex` of the hair rows).
    pub variation: u32,
    /// The geoset shown (group 0: 1–99; 0 = none).
    pub geoset: u32,
    /// The scalp (geoset 1) shows: the style is bald.
    pub show_scalp: bool,
}

/// Every `CharHairGeosets` row.
///
/// # Errors
/// A cell that does not read.
pub fn hair_geoset_rows(t: &Table) -> Result<Vec<HairGeosetRow>> {
    t.rows()
        .map(|r| {
            Ok(HairGeosetRow {
                id: r.id(),
                race: r.u32("RaceID")?,
                sex: r.u32("SexID")?,
                variation: r.u32("VariationID")?,
                geoset: r.u32("GeosetID")?,
                show_scalp: r.u32("Showscalp")? != 0,
            })
        })
        .collect()
}

/// One `CharacterFacialHairStyles` row.
#[derive(Debug, Clone, PartialEq)]
pub struct FacialHairRow {
    /// `ChrRaces` id.
    pub race: u32,
    /// 0 male, 1 female.
    pub sex: u32,
    /// Facial style.
    pub variation: u32,
    /// The geoset shown in groups 100, 200 and 300: `group + value` (0 = none).
    pub geosets: [u32; 3],
}

/// Every `CharacterFacialHairStyles` row. `Geoset[]` has 6 elements in
/// 1.12, 8 in 2.4.3 and 5 from 3.0; three give groups 100, 300 and 200 in
/// that order: elements 3–5 before 3.0, 0–2 after (WoW Model Viewer 0.7
/// `database.h`, `CharFacialHairDB`; in the 1.12 table the first three are
/// filler such as 0xCCCCCCCC).
///
/// # Errors
/// A cell that does not read.
pub fn facial_hair_rows(t: &Table) -> Result<Vec<FacialHairRow>> {
    t.rows()
        .map(|r| {
            let first = if r.count("Geoset") == 5 { 0 } else { 3 };
            let g = |k: usize| r.bits("Geoset", first + k).map(|v| v as u32);
            Ok(FacialHairRow {
                race: r.u32("RaceID")?,
                sex: r.u32("SexID")?,
                variation: r.u32("VariationID")?,
                geosets: [g(0)?, g(2)?, g(1)?],
            })
        })
        .collect()
}
