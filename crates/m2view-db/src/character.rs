//! The character tables: `ChrRaces` (a race's file name and helmet
//! suffix), `CharSections` (the textures of skin colours, faces, facial
//! hair, hair and underwear), `CharHairGeosets` (the geoset of each hair
//! style) and `CharacterFacialHairStyles` (the 1xx/2xx/3xx geosets of each
//! facial style). Columns per WoWDBDefs (`definitions/ChrRaces.dbd`,
//! `CharSections.dbd`, `CharHairGeosets.dbd`,
//! `CharacterFacialHairStyles.dbd`, builds 1.12.1.5875, 2.4.3.8606,
//! 3.3.5.12340); the meaning of each section's indices and textures per the
//! wowdev wiki "DB/CharSections" (field descriptions).

use m2view_error::Result;

use crate::layout::{Build, EVERY_BUILD, Shape, detect};
use crate::wdbc::Dbc;

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

#[derive(Debug, Clone, Copy, PartialEq)]
struct RaceCols {
    prefix: u32,
    file: u32,
    name: u32,
    facial: u32,
    hair: u32,
}

const RACE_SHAPES: [Shape<RaceCols>; 3] = [
    Shape {
        builds: &[Build::Classic],
        fields: 29,
        strings: &[6, 15, 17, 26, 27, 28],
        columns: RaceCols { prefix: 6, file: 15, name: 17, facial: 26, hair: 28 },
    },
    Shape {
        builds: &[Build::Tbc],
        fields: 69,
        strings: &[6, 12, 14, 65, 66, 67],
        columns: RaceCols { prefix: 6, file: 12, name: 14, facial: 65, hair: 67 },
    },
    Shape {
        builds: &[Build::Wotlk],
        fields: 69,
        strings: &[6, 11, 14, 65, 66, 67],
        columns: RaceCols { prefix: 6, file: 11, name: 14, facial: 65, hair: 67 },
    },
];

/// Every `ChrRaces` row.
///
/// # Errors
/// A table of no known layout, or a cell that does not read.
pub fn race_rows(d: &Dbc) -> Result<Vec<RaceRow>> {
    let c = detect(d, "ChrRaces", &RACE_SHAPES)?.columns;
    d.rows()
        .map(|r| {
            Ok(RaceRow {
                id: r.u32(0, "ID")?,
                flags: r.u32(1, "Flags")?,
                client_prefix: r.string(c.prefix, "ClientPrefix")?,
                client_file_string: r.string(c.file, "ClientFileString")?,
                name: r.string(c.name, "Name_lang")?,
                facial_hair_customization: r.strings(c.facial, "FacialHairCustomization")?,
                hair_customization: r.string(c.hair, "HairCustomization")?,
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

#[derive(Debug, Clone, Copy, PartialEq)]
struct SectionCols {
    variation: u32,
    color: u32,
    textures: u32,
    flags: u32,
    npc: u32,
    death_knight: u32,
}

const SECTION_SHAPES: [Shape<SectionCols>; 2] = [
    Shape {
        builds: &[Build::Classic, Build::Tbc],
        fields: 10,
        strings: &[6, 7, 8],
        columns: SectionCols { variation: 4, color: 5, textures: 6, flags: 9, npc: 0x1, death_knight: 0 },
    },
    Shape {
        builds: &[Build::Wotlk],
        fields: 10,
        strings: &[4, 5, 6],
        columns: SectionCols { variation: 8, color: 9, textures: 4, flags: 7, npc: 0x8, death_knight: 0x4 },
    },
];

/// The build family of a `CharSections` table (1.12 and 2.4.3 share a layout:
/// [`Build::Classic`] stands for both).
///
/// # Errors
/// A table of no known layout.
pub fn sections_build(d: &Dbc) -> Result<Build> {
    Ok(detect(d, "CharSections", &SECTION_SHAPES)?.builds[0])
}

/// Every `CharSections` row.
///
/// # Errors
/// A table of no known layout, or a cell that does not read.
pub fn section_rows(d: &Dbc) -> Result<Vec<SectionRow>> {
    let c = detect(d, "CharSections", &SECTION_SHAPES)?.columns;
    d.rows()
        .map(|r| {
            let flags = r.u32(c.flags, "Flags")?;
            Ok(SectionRow {
                id: r.u32(0, "ID")?,
                race: r.u32(1, "RaceID")?,
                sex: r.u32(2, "SexID")?,
                section: Section::from_raw(r.u32(3, "BaseSection")?),
                variation: r.u32(c.variation, "VariationIndex")?,
                color: r.u32(c.color, "ColorIndex")?,
                textures: r.strings(c.textures, "TextureName")?,
                npc_only: flags & c.npc != 0,
                death_knight: flags & c.death_knight != 0,
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

const HAIR_SHAPES: [Shape<()>; 1] = [Shape { builds: EVERY_BUILD, fields: 6, strings: &[], columns: () }];

/// Every `CharHairGeosets` row. Columns (all builds): 0 ID, 1 RaceID, 2
/// SexID, 3 VariationID, 4 GeosetID, 5 Showscalp.
///
/// # Errors
/// A table of no known layout, or a cell that does not read.
pub fn hair_geoset_rows(d: &Dbc) -> Result<Vec<HairGeosetRow>> {
    detect(d, "CharHairGeosets", &HAIR_SHAPES)?;
    d.rows()
        .map(|r| {
            Ok(HairGeosetRow {
                id: r.u32(0, "ID")?,
                race: r.u32(1, "RaceID")?,
                sex: r.u32(2, "SexID")?,
                variation: r.u32(3, "VariationID")?,
                geoset: r.u32(4, "GeosetID")?,
                show_scalp: r.u32(5, "Showscalp")? != 0,
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

#[derive(Debug, Clone, Copy, PartialEq)]
struct FacialCols {
    /// First of three columns holding the 1xx, 3xx, 2xx values in that order.
    first: u32,
}

const FACIAL_SHAPES: [Shape<FacialCols>; 3] = [
    Shape { builds: &[Build::Classic], fields: 9, strings: &[], columns: FacialCols { first: 6 } },
    Shape { builds: &[Build::Tbc], fields: 11, strings: &[], columns: FacialCols { first: 6 } },
    Shape { builds: &[Build::Wotlk], fields: 8, strings: &[], columns: FacialCols { first: 3 } },
];

/// Every `CharacterFacialHairStyles` row. Columns: 0 RaceID, 1 SexID, 2
/// VariationID, then `Geoset[]` (6 in 1.12, 8 in 2.4.3, 5 in 3.3.5) of
/// which three give groups 100, 300 and 200 in that order: columns 6–8
/// before 3.0, 3–5 in 3.3.5 (WoW Model Viewer 0.7 `database.h`,
/// `CharFacialHairDB`; in the 1.12 table the first three are filler such as
/// 0xCCCCCCCC).
///
/// # Errors
/// A table of no known layout, or a cell that does not read.
pub fn facial_hair_rows(d: &Dbc) -> Result<Vec<FacialHairRow>> {
    let c = detect(d, "CharacterFacialHairStyles", &FACIAL_SHAPES)?.columns;
    d.rows()
        .map(|r| {
            let [g100, g300, g200] = r.u32s::<3>(c.first, "Geoset")?;
            Ok(FacialHairRow {
                race: r.u32(0, "RaceID")?,
                sex: r.u32(1, "SexID")?,
                variation: r.u32(2, "VariationID")?,
                geosets: [g100, g200, g300],
            })
        })
        .collect()
}
