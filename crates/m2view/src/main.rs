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
//! The definition of the command line is `m2view::cli`.

use std::process::ExitCode;

use clap::Parser;

use m2view::cli::{Cli, Command};
use m2view::{data_cmd, export_cmd, info, render_cmd};

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

/// Prints a document written from the command line's definition (`--generate`).
fn generate(what: &str) -> ExitCode {
    use std::io::Write;
    let bytes = match what {
        "markdown" => Ok(m2view::cli_docs::markdown().into_bytes()),
        "man" => m2view::cli_docs::man_page(),
        shell => match m2view::cli_docs::completions(shell) {
            Some(b) => Ok(b),
            None => {
                eprintln!("error: --generate takes markdown, man, bash, zsh, fish, powershell or elvish");
                return ExitCode::from(1);
            }
        },
    };
    match bytes.and_then(|b| std::io::stdout().write_all(&b)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(what) = &cli.generate {
        return generate(what);
    }
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
        wc3_quality: cli.wc3_quality,
        cdn: m2view::cdn_cmd::CdnSpec {
            region: Some(&cli.region),
            build: cli.build.as_deref(),
            version_server: cli.version_server.as_deref(),
            cache: cli.cache.as_deref(),
            cache_size: Some(cli.cache_size),
        },
    };
    if let Some(Command::Cache { clear }) = cli.command {
        return exit(m2view::cdn_cmd::cache(&spec.cdn, clear));
    }
    if let Some(Command::Ls { builds: true, json, .. }) = cli.command {
        let product = spec.sources.iter().find_map(|s| m2view::cdn_cmd::product_of(s));
        let Some(product) = product else {
            eprintln!("error: ls --builds lists the builds of a CDN source: give --data cdn:PRODUCT");
            return ExitCode::from(1);
        };
        return exit(m2view::cdn_cmd::builds(product, &spec.cdn, json));
    }
    let (data, listfile, tact_keys) = match data_cmd::open(&spec) {
        Ok(d) => (d.vfs, d.listfile, d.keys),
        Err(e) => return exit(Err(e)),
    };
    let opts = m2view_app::open::OpenOptions {
        load: m2view_format::LoadOptions { data_root: cli.data_root.clone(), listfile, data: data.clone() },
        dbc: cli.dbc.clone(),
        dbd: std::sync::Arc::new(m2view_db::defs::Definitions::new(cli.dbd.clone())),
        tact_keys,
        cdn: m2view_app::open::CdnSettings {
            version_server: cli.version_server.clone(),
            cache: cli.cache.clone(),
            cache_size: Some(cli.cache_size),
        },
    };
    let need_data = || {
        eprintln!(
            "error: give the sources to read with --data SRC (a folder, a game folder, a CASC install or an archive)"
        );
        ExitCode::from(1)
    };
    match cli.command {
        Some(Command::Cache { .. }) => ExitCode::SUCCESS,
        Some(Command::Ls { json, maps: true, .. }) => exit(data_cmd::ls_maps(&opts, json)),
        Some(Command::Ls { glob, json, .. }) => {
            let Some(vfs) = data else { return need_data() };
            match data_cmd::ls(&vfs, glob.as_deref(), json) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Some(Command::Extract { glob, output, convert }) => {
            let Some(vfs) = data else { return need_data() };
            match data_cmd::extract(&vfs, &glob, &output, convert, &opts.dbd) {
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
        Some(Command::Info { file, json, character, filter }) => {
            exit(info::run(&file, json, &character, &filter, &opts))
        }
        Some(Command::Export(args)) => exit(export_cmd::run(&args, &opts)),
        Some(Command::Dress(args)) => exit(m2view::dress_cmd::run(&args, &opts)),
        Some(Command::Render(args)) => exit(render_cmd::run(&args, &opts)),
        None => {
            m2view_app::platform::leave_own_console();
            match m2view_app::window::run(cli.file, opts, Some(m2view::window_video::writer)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
    }
}
