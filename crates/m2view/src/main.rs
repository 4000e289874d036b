//! `m2view`: viewer and command-line inspector for World of Warcraft M2 models.
//!
//! `m2view [file]` opens the viewer window (the embedded demo model without a
//! file). Subcommands: `info` (what is in a file, text or JSON), `render`
//! (offscreen to PNG), `export` (glTF or OBJ), `dress` (a 9.0+
//! character's dressing plan from its tables), `ls` and `extract` (what
//! `--data` sources hold).
//! `--data SRC` (repeatable, highest priority first: a folder, a game folder
//! or an archive) makes model paths virtual paths in those sources.
//! Exit codes: 0 success, 1 usage or runtime failure, 2 a malformed or
//! unreadable input (the message names source, file, structure, offset).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use m2view::{data_cmd, export, info, render_cmd};

#[derive(Parser)]
#[command(name = "m2view", version, about = "World of Warcraft M2 model viewer and inspector")]
#[command(args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Model to open in the viewer window (default: the embedded demo model).
    file: Option<PathBuf>,
    /// Data root that texture paths are relative to (default: walk up from the model's folder).
    #[arg(long, global = true, value_name = "DIR")]
    data_root: Option<PathBuf>,
    /// Community listfile (`fdid;path` lines) for FileDataIDs and archive names; default $M2VIEW_LISTFILE.
    #[arg(long, global = true, value_name = "CSV", env = "M2VIEW_LISTFILE")]
    listfile: Option<PathBuf>,
    /// Data source: a folder, a game folder (its archives in the client's order), a CASC install
    /// (its root, Data/ or a flavour folder such as _retail_) or an archive (.mpq, .w3x, .w3m).
    /// Repeatable, highest priority first.
    #[arg(long, global = true, value_name = "SRC")]
    data: Vec<PathBuf>,
    /// Locale: the locale folder of a game folder (default: the first found), the locale of a
    /// CASC install (default: the text locale its .build.info names). enUS, deDE, ...
    #[arg(long, global = true, value_name = "LOCALE")]
    locale: Option<String>,
    /// Product of a CASC install: wow, wow_classic, wow_classic_era, ... (default: the flavour
    /// folder given, else the first active product of .build.info).
    #[arg(long, global = true, value_name = "PRODUCT")]
    product: Option<String>,
    /// TACT keys for a CASC install's encrypted files: `KEYNAME KEY` hex lines (the community
    /// WoW.txt); default $M2VIEW_TACT_KEYS.
    #[arg(long, global = true, value_name = "FILE", env = "M2VIEW_TACT_KEYS")]
    tact_keys: Option<PathBuf>,
    /// A game folder's loose files (under Data/) override its archives.
    #[arg(long, global = true)]
    loose: bool,
    /// WoWDBDefs definitions (its definitions/ folder) for table layouts newer than the ones
    /// m2view embeds.
    #[arg(long, global = true, value_name = "DIR")]
    dbd: Option<PathBuf>,
    /// A folder of client tables (DBFilesClient/*.dbc, .db2 or .csv), read before those beside the model and in
    /// --data. Repeatable, highest priority first.
    #[arg(long, global = true, value_name = "DIR")]
    dbc: Vec<PathBuf>,
    /// GPU backend: auto, vulkan, gl, metal, dx12, or webgl2 (OpenGL with WebGL2's limits: the
    /// path a browser without WebGPU takes). Default: $M2VIEW_BACKEND, else wgpu's choice.
    #[arg(long, global = true, value_name = "NAME")]
    backend: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Print what a model file contains.
    Info {
        /// Model file (.m2).
        file: PathBuf,
        /// Print a JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Character choices (race models): the report gives their counts and current values.
        #[command(flatten)]
        character: m2view::character::CharacterArgs,
    },
    /// Render a model offscreen to a PNG file.
    Render(Box<render_cmd::RenderArgs>),
    /// Export a model: glTF 2.0 binary (.glb, skeleton and every animation) or OBJ (.obj + .mtl + PNGs).
    Export(export::ExportArgs),
    /// The dressing plan of a 9.0+ character from its tables (--dbc), with or without its files:
    /// options and choices, geosets, composed textures' layers, extra models.
    Dress(m2view::dress_cmd::DressArgs),
    /// List the files of the --data sources: path, size in bytes, source (tab-separated).
    Ls {
        /// Glob over virtual paths, case-insensitive (`*` crosses folders); default: everything.
        glob: Option<String>,
        /// Print a JSON array instead.
        #[arg(long)]
        json: bool,
    },
    /// Copy the files of the --data sources matching GLOB under DIR.
    Extract {
        /// Glob over virtual paths, case-insensitive.
        glob: String,
        /// Output folder.
        #[arg(short, long)]
        output: PathBuf,
    },
}

/// The exit code of a command's result, its error printed.
fn exit(r: Result<(), m2view::AppError>) -> ExitCode {
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(name) = &cli.backend {
        match m2view_render::gpu::BackendChoice::parse(name) {
            Some(choice) => choice.set_current(),
            None => {
                let names = m2view_render::gpu::BackendChoice::NAMES;
                eprintln!("error: unknown backend {name:?} (one of {names})");
                return ExitCode::from(1);
            }
        }
    }
    let spec = data_cmd::DataSpec {
        sources: &cli.data,
        locale: cli.locale.as_deref(),
        listfile: cli.listfile.as_deref(),
        loose: cli.loose,
        product: cli.product.as_deref(),
        tact_keys: cli.tact_keys.as_deref(),
    };
    let (data, listfile, tact_keys) = match data_cmd::open(&spec) {
        Ok(d) => (d.vfs, d.listfile, d.keys),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let opts = m2view::open::OpenOptions {
        load: m2view_format::LoadOptions { data_root: cli.data_root.clone(), listfile, data: data.clone() },
        dbc: cli.dbc.clone(),
        dbd: std::sync::Arc::new(m2view_db::defs::Definitions::new(cli.dbd.clone())),
        tact_keys,
    };
    let need_data = || {
        eprintln!(
            "error: give the sources to read with --data SRC (a folder, a game folder, a CASC install or an archive)"
        );
        ExitCode::from(1)
    };
    match cli.command {
        Some(Command::Ls { glob, json }) => {
            let Some(vfs) = data else { return need_data() };
            match data_cmd::ls(&vfs, glob.as_deref(), json) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Some(Command::Extract { glob, output }) => {
            let Some(vfs) = data else { return need_data() };
            match data_cmd::extract(&vfs, &glob, &output) {
                Ok((n, 0)) => {
                    eprintln!("{n} files written under {}", output.display());
                    ExitCode::SUCCESS
                }
                Ok((n, failed)) => {
                    eprintln!("{n} files written under {}, {failed} failed", output.display());
                    ExitCode::from(2)
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Some(Command::Info { file, json, character }) => exit(info::run(&file, json, &character, &opts)),
        Some(Command::Export(args)) => exit(export::run(&args, &opts)),
        Some(Command::Dress(args)) => exit(m2view::dress_cmd::run(&args, &opts)),
        Some(Command::Render(args)) => exit(render_cmd::run(&args, &opts)),
        None => match m2view::app::window::run(cli.file, opts) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(1)
            }
        },
    }
}
