//! The command line's character options ([`CharacterArgs`]: `--customize`,
//! `--equip`, `--item`, `--outfit`, `--race`/`--gender`, `--npc-options`)
//! applied to a race model as `render`, `export`, `info` and `dress` take them.

use std::path::{Path, PathBuf};

use m2view_app::error::AppError;
use m2view_app::open::{OpenOptions, Opened};
use m2view_dress::ClientTables;
use m2view_dress::character::equipment::{ItemKind, Slot};
use m2view_dress::character::identity::{self, Sex};
use m2view_dress::character::options::{Choice, RowFilter};
use m2view_dress::character::outfit::Outfit;
use m2view_dress::modern::ModernCharacter;

/// The character options of `render`, `export` and `info`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct CharacterArgs {
    /// Customization choices, `skin=N,face=N,hair=N,hair-color=N,facial=N,facial-color=N`
    /// (any subset; indices as `info` counts them); a 9.0+ character's `OPTION=CHOICE,…`
    /// (an option's name or `id:N`; a choice's position, name or `id:N`).
    #[arg(long, value_name = "LIST", help_heading = crate::cli::DRESSING)]
    pub customize: Option<String>,
    /// Equip an `ItemDisplayInfo` id: `SLOT=DISPLAYID` with SLOT head, shoulder, shirt, chest,
    /// waist, legs, feet, wrist, hands, back, tabard, main-hand, off-hand or ranged. Repeatable.
    #[arg(long, value_name = "SLOT=DISPLAYID", help_heading = crate::cli::DRESSING)]
    pub equip: Vec<String>,
    /// Equip an item by its id (`Item.dbc` gives its display and slot). Repeatable.
    #[arg(long, value_name = "ITEMID", help_heading = crate::cli::DRESSING)]
    pub item: Vec<u32>,
    /// Dress the character from an outfit file (race, gender, customization, equipment; JSON).
    #[arg(long, value_name = "FILE.json", help_heading = crate::cli::DRESSING)]
    pub outfit: Option<PathBuf>,
    /// Open the race model of this race (`ChrRaces.ClientFileString`, e.g. scourge) without a path
    /// (with --gender; read from --data).
    #[arg(long, value_name = "RACE", help_heading = crate::cli::DRESSING)]
    pub race: Option<String>,
    /// With --race: male or female.
    #[arg(long, value_name = "GENDER", help_heading = crate::cli::DRESSING)]
    pub gender: Option<String>,
    /// Also offer the customization rows only NPCs and death knights wear.
    #[arg(long, help_heading = crate::cli::DRESSING)]
    pub npc_options: bool,
}

impl CharacterArgs {
    /// Whether any character option was given.
    pub fn any(&self) -> bool {
        self.customize.is_some() || !self.equip.is_empty() || !self.item.is_empty() || self.outfit.is_some()
    }

    /// The race model to open when no path was given: `--race`/`--gender`
    /// (a 9.0+ client's `ChrModel` model where the tables have one), else
    /// the outfit's race and gender.
    ///
    /// # Errors
    /// A bad gender, a half-given pair, or an unreadable outfit.
    pub fn model_path(&self, opts: &OpenOptions) -> Result<Option<PathBuf>, AppError> {
        let (race, sex) = match (&self.race, &self.gender, &self.outfit) {
            (Some(r), Some(g), _) => {
                let sex =
                    Sex::parse(g).ok_or_else(|| AppError::Failure(format!("bad --gender {g:?}: male or female")))?;
                (r.clone(), sex)
            }
            (Some(_), None, _) | (None, Some(_), _) => {
                return Err(AppError::Failure("--race and --gender go together".into()));
            }
            (None, None, Some(file)) => {
                let o = read_outfit(file)?;
                (o.race, o.gender)
            }
            (None, None, None) => return Ok(None),
        };
        if let Some(fdid) = modern_model(opts, &race, sex)? {
            return Ok(Some(PathBuf::from(format!("fdid:{fdid}"))));
        }
        // `ChrRaces.ClientFileString` is capitalised in paths: `scourge` → `Scourge`.
        let mut chars = race.chars();
        let race = chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect());
        Ok(Some(PathBuf::from(identity::model_path(&race, sex))))
    }

    /// Applies the options to `o`'s character: the outfit, then
    /// `--customize`, `--equip` and `--item`.
    ///
    /// # Errors
    /// Options for a model that is no character, a choice out of range
    /// (exit 2, naming the option and its range), a bad slot or list, an
    /// unknown item, an outfit for another race.
    pub fn apply(&self, o: &mut Opened) -> Result<(), AppError> {
        if let Some(m) = o.dressing.modern.as_mut() {
            return self.apply_modern(m, &o.dressing.tables);
        }
        let tables = o.dressing.tables.clone();
        let Some(c) = o.dressing.character.as_mut() else {
            if self.any() {
                return Err(AppError::Failure(format!("{} is no character model", o.lm.path.display())));
            }
            return Ok(());
        };
        if self.npc_options {
            c.set_filter(&tables, RowFilter { npc: true, death_knight: true }).map_err(AppError::input)?;
        }
        if let Some(file) = &self.outfit {
            read_outfit(file)?.apply(c).map_err(AppError::input)?;
        }
        if let Some(list) = &self.customize {
            for part in list.split(',').filter(|p| !p.trim().is_empty()) {
                let (name, value) = part.split_once('=').ok_or_else(|| bad_customize(part))?;
                let choice = Choice::parse(name).ok_or_else(|| bad_customize(part))?;
                let v: u32 = value.trim().parse().map_err(|_| bad_customize(part))?;
                c.customize(choice, v).map_err(AppError::input)?;
            }
        }
        for spec in &self.equip {
            let (slot, id) = parse_equip(spec)?;
            c.equip(slot, id, ItemKind::Plain);
        }
        for &item in &self.item {
            c.equip_item(&tables, item).map_err(AppError::input)?;
        }
        Ok(())
    }
}

impl CharacterArgs {
    /// Applies the options to a 9.0+ character: the outfit, `--equip`,
    /// `--item`, `--npc-options`, then `--customize` (`OPTION=CHOICE`).
    ///
    /// # Errors
    /// An outfit for another body, a bad slot or item, an unknown option or choice.
    pub fn apply_modern(&self, m: &mut ModernCharacter, tables: &ClientTables) -> Result<(), AppError> {
        use m2view_dress::modern::equipment::{Worn, item_display};
        if let Some(file) = &self.outfit {
            read_outfit(file)?.apply_modern(m).map_err(AppError::input)?;
        }
        for spec in &self.equip {
            let (slot, display) = parse_equip(spec)?;
            m.selection.equipment.insert(slot, Worn { display, kind: ItemKind::Plain });
        }
        for &item in &self.item {
            let (slot, kind, display) = item_display(tables, item).map_err(AppError::input)?;
            m.selection.equipment.insert(slot, Worn { display, kind });
        }
        if self.npc_options {
            m.set_npc_options(true);
        }
        if let Some(list) = &self.customize {
            m.selection.customize(&m.catalog, list).map_err(AppError::failure)?;
        }
        Ok(())
    }
}

/// `SLOT=DISPLAYID` of `--equip`.
///
/// # Errors
/// No `=`, an unknown slot, a display id that is no number.
pub fn parse_equip(spec: &str) -> Result<(Slot, u32), AppError> {
    let (slot, id) = spec
        .split_once('=')
        .ok_or_else(|| AppError::Failure(format!("bad --equip {spec:?}, expected SLOT=DISPLAYID")))?;
    let slot = Slot::parse(slot).ok_or_else(|| {
        let names: Vec<&str> = Slot::ALL.iter().map(|s| s.name()).collect();
        AppError::Failure(format!("unknown slot {slot:?} (one of {})", names.join(", ")))
    })?;
    let id: u32 = id.trim().parse().map_err(|_| AppError::Failure(format!("bad display id in {spec:?}")))?;
    Ok((slot, id))
}

fn bad_customize(part: &str) -> AppError {
    let names: Vec<&str> = Choice::ALL.iter().map(|c| c.name()).collect();
    AppError::Failure(format!("bad --customize {part:?}: expected NAME=N with NAME one of {}", names.join(", ")))
}

/// The model FileDataID of race `race`'s body `sex` in a 9.0+
/// client's tables (`None`: the tables have no `ChrModel`, or it does not
/// say; the race then opens by the 1.12–3.3.5 path).
///
/// # Errors
/// A table that does not read.
fn modern_model(opts: &OpenOptions, race: &str, sex: Sex) -> Result<Option<u32>, AppError> {
    let tables = ClientTables::new(&opts.dbc, opts.load.data.clone(), opts.dbd.clone());
    if tables.location("ChrModel").is_none() {
        return Ok(None);
    }
    let Some(catalog) = m2view_dress::modern::Catalog::load(&tables).map_err(AppError::input)? else { return Ok(None) };
    let model = catalog.race_named(race).and_then(|r| catalog.chr_model_of(r.id, sex.id()));
    Ok(model.and_then(|m| catalog.model_file(m)))
}

/// Reads an outfit file.
///
/// # Errors
/// Unreadable or not an outfit (names the file).
pub fn read_outfit(file: &Path) -> Result<Outfit, AppError> {
    let text = std::fs::read_to_string(file).map_err(|e| AppError::Input(format!("{}: {e}", file.display())))?;
    Outfit::parse(&text, &file.display().to_string()).map_err(AppError::input)
}
