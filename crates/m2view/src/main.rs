//! `m2view`: viewer and command-line inspector for World of Warcraft M2 models.
//!
//! `m2view [file]` opens the viewer window (the embedded demo model without a
//! file). Subcommands: `info` (what is in a file, text or JSON) and `render`
//! (offscreen to PNG). Exit codes: 0 success, 1 usage or runtime failure,
//! 2 the input file is malformed (the message names file, structure, offset).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use m2view::{info, render_cmd};

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
    /// Community listfile (`fdid;path` lines) for FileDataIDs; default $M2VIEW_LISTFILE.
    #[arg(long, global = true, value_name = "CSV", env = "M2VIEW_LISTFILE")]
    listfile: Option<PathBuf>,
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
    },
    /// Render a model offscreen to a PNG file.
    Render(render_cmd::RenderArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let opts = m2view_format::LoadOptions { data_root: cli.data_root.clone(), listfile: cli.listfile.clone() };
    match cli.command {
        Some(Command::Info { file, json }) => match m2view_format::load_model_file(&file, &opts) {
            Ok(lm) => {
                let r = info::report(&lm);
                if json {
                    println!("{}", serde_json::to_string_pretty(&r).expect("report serialises"));
                } else {
                    print!("{}", info::text(&r));
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Render(args)) => match render_cmd::run(&args, &opts) {
            Ok(()) => ExitCode::SUCCESS,
            Err((code, msg)) => {
                eprintln!("error: {msg}");
                ExitCode::from(code)
            }
        },
        None => match m2view::app::window::run(cli.file, opts) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(1)
            }
        },
    }
}
