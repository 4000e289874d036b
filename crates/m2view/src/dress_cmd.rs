//! `m2view dress`: the dressing plan of a 9.0+ character without its model
//! — the options offered and the choices made, the geosets, the composed
//! textures' layers, the models worn beside the body, the items — from the `--dbc`
//! tables (binary DB2 or CSV) and, for file names and presence, the
//! `--listfile` and `--data` sources.

use std::path::Path;
use std::sync::Arc;

use m2view_data::Files;
use m2view_dress::ClientTables;
use m2view_dress::character::identity::Sex;
use m2view_dress::modern::{Catalog, ModernCharacter, Plan, Selection};

use crate::character_args::CharacterArgs;
use m2view_app::error::AppError;
use m2view_app::open::OpenOptions;

/// The options of `dress`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct DressArgs {
    /// The `ChrModel` id instead of --race/--gender.
    #[arg(long, value_name = "ID", conflicts_with_all = ["race", "gender"], help_heading = crate::cli::DRESSING)]
    pub chr_model: Option<u32>,
    /// The body (`--race`/`--gender`, or the outfit's) and its choices, items and outfit.
    #[command(flatten)]
    pub character: CharacterArgs,
    /// Print the plan as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `dress`: prints the plan.
///
/// # Errors
/// No `ChrModel` table (exit 1), a table that does not read (exit 2), an
/// unknown race, body or choice (exit 1).
pub fn run(args: &DressArgs, opts: &OpenOptions) -> Result<(), AppError> {
    let m = select(args, opts)?;
    let plan = Plan::new(&m.catalog, &m.selection, &|id| resolve(opts, id));
    if args.json {
        let text = serde_json::to_string_pretty(&plan).map_err(|e| AppError::Failure(e.to_string()))?;
        println!("{text}");
    } else {
        print!("{}", text(&plan));
    }
    Ok(())
}

/// The character the arguments ask for: its body, then the options applied.
///
/// # Errors
/// As [`run`].
pub fn select(args: &DressArgs, opts: &OpenOptions) -> Result<ModernCharacter, AppError> {
    let tables = ClientTables::new(&opts.dbc, opts.load.data.clone(), opts.dbd.clone());
    let catalog = Catalog::load(&tables).map_err(AppError::input)?.ok_or_else(|| {
        AppError::Failure("no ChrModel table in the client tables (9.0+ clients; give --dbc DIR or --data SRC)".into())
    })?;
    let c = &args.character;
    let outfit = c.outfit.as_deref().map(crate::character_args::read_outfit).transpose()?;
    // The body: --chr-model, else --race/--gender, else the outfit's body, else its race and gender.
    let given = match (&c.race, &c.gender) {
        (Some(r), Some(g)) => Some((r.clone(), g.clone())),
        _ => None,
    };
    let from_outfit = outfit.as_ref().map(|o| (o.race.clone(), o.gender.name().to_string()));
    let id = args.chr_model.or_else(|| given.is_none().then(|| outfit.as_ref().and_then(|o| o.chr_model)).flatten());
    let chr_model = match (id, given.or(from_outfit)) {
        (Some(id), _) => catalog.chr_models.get(&id).ok_or_else(|| fail(format!("no ChrModel row {id}")))?,
        (None, Some((race, gender))) => {
            let sex = Sex::parse(&gender).ok_or_else(|| fail(format!("bad --gender {gender:?}: male or female")))?;
            let row = catalog.race_named(&race).ok_or_else(|| fail(format!("no ChrRaces row named {race:?}")))?;
            catalog.chr_model_of(row.id, sex.id()).ok_or_else(|| {
                let msg = format!(
                    "ChrRaceXChrModel gives race {} ({}) no {} body",
                    row.client_file_string,
                    row.id,
                    sex.name()
                );
                fail(msg)
            })?
        }
        (None, None) => return Err(fail("give --race NAME --gender male|female, --chr-model ID or --outfit".into())),
    };
    let selection = Selection::new(&catalog, &chr_model.clone(), false);
    let mut m = ModernCharacter { catalog: Arc::new(catalog), selection, npc: None };
    c.apply_modern(&mut m, &tables)?;
    Ok(m)
}

fn fail(msg: String) -> AppError {
    AppError::Failure(msg)
}

/// The name (listfile, else `fdid:N`) of file `id` and whether a `--data` source has it.
pub fn resolve(opts: &OpenOptions, id: u32) -> (String, bool) {
    let fdid = format!("fdid:{id}");
    let name = opts.load.listfile.as_ref().and_then(|l| l.path(id)).map_or_else(|| fdid.clone(), str::to_string);
    let found = opts.load.data.as_ref().is_some_and(|v| v.find(Path::new(&fdid)).is_some());
    (name, found)
}

/// The plan as text: one line per option, geosets, each texture's layers, models.
fn text(p: &Plan) -> String {
    let mut out = format!(
        "ChrModel {}: {} {}\n",
        p.chr_model,
        p.race.as_deref().unwrap_or("(no race)"),
        p.gender.name().to_lowercase()
    );
    let file =
        |f: &m2view_dress::modern::plan::FileRef| format!("{} ({})", f.file, if f.found { "found" } else { "missing" });
    if let Some(m) = &p.model {
        out += &format!("model: {}\n", file(m));
    }
    if let Some(s) = &p.skeleton {
        out += &format!("skeleton: {}\n", file(s));
    }
    for o in &p.options {
        let chosen = o.chosen.and_then(|k| o.choices.get(k));
        let what = chosen.map_or("-".to_string(), |c| {
            let name = if c.name.is_empty() { String::new() } else { format!(" {}", c.name) };
            format!("{}{name} (id {})", o.chosen.unwrap_or(0), c.id)
        });
        out += &format!("  {} [{} choices]: {what}\n", o.name, o.choices.len());
    }
    out += &format!("geosets: {:?}\n", p.geosets);
    for t in std::iter::once(&p.body_texture).chain(&p.textures) {
        out += &format!("texture type {} ({}x{}):\n", t.texture_type, t.size[0], t.size[1]);
        for l in &t.layers {
            out += &format!("  layer {} {} blend {}: {}\n", l.layer, l.section, l.blend_mode, file(&l.file));
        }
    }
    for m in &p.models {
        out += &format!("{} model: {} geoset {:?}\n", m.kind, file(&m.file), m.geoset);
    }
    for item in &p.items {
        out += &format!("{}: display {}\n", item.slot, item.display_id);
        for m in &item.models {
            out += &format!("  attachment {}: {}\n", m.attachment, file(&m.model));
        }
    }
    for w in &p.warnings {
        out += &format!("warning: {w}\n");
    }
    out
}
