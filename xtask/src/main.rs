//! Project tasks: `cargo xtask <task>`.
//!
//! - `ci`: formatting, clippy and rustdoc with warnings as errors, then the
//!   README's test command (which also runs the `tidy` habits).
//! - `golden [--bless]`: run the golden-image tests; `--bless` rewrites the
//!   goldens from the current renderer (look at every image before committing).
//! - `bench`: the parse benchmark (format crate, against wow-m2, which
//!   parses each file first in a child process), then the CASC storage,
//!   listfile and WDC5 table benchmarks.
//! - `web`: the web build into `target/web/` (`index.html`, the `wasm-bindgen`
//!   glue and the `.wasm`), servable by any static file server; needs the
//!   `wasm32-unknown-unknown` target and `wasm-bindgen-cli` of the version in
//!   `Cargo.lock`.
//! - `dist [--target T] [--profile P] [--no-build] [--web]`: the release packages
//!   under `target/dist/` (`dist.rs`).
//! - `icon`: the application icon, drawn by m2view from the demo model
//!   (`icon.rs`).
//! - `gen-assets`: writes the embedded demo model into the top-level `assets/demo/` with the
//!   project's own writer (runs `cargo run -p m2view-format --example gen_demo`).
//! - `dbd PATH-TO-WoWDBDefs`: compiles what m2view reads of the WoWDBDefs
//!   definitions of its tables into `crates/m2view-db/src/definitions.rs`
//!   (`dbd.rs`).

use std::process::{Command, ExitCode};

mod dbd;
mod dist;
mod docs;
mod icon;
#[cfg(test)]
mod tidy;

/// The workspace root.
fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn cargo(args: &[&str], env: &[(&str, &str)]) -> bool {
    let mut c = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    c.args(args);
    for (k, v) in env {
        c.env(k, v);
    }
    c.status().map(|s| s.success()).unwrap_or(false)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ok = match args.first().map(String::as_str) {
        Some("ci") => {
            cargo(&["fmt", "--all", "--", "--check"], &[])
                && cargo(&["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"], &[])
                && cargo(&["doc", "--workspace", "--no-deps"], &[("RUSTDOCFLAGS", "-D warnings")])
                && cargo(&["test", "--workspace"], &[])
        }
        Some("golden") => {
            let bless = args.iter().any(|a| a == "--bless");
            let env: &[(&str, &str)] = if bless { &[("UPDATE_GOLDEN", "1")] } else { &[] };
            cargo(&["test", "-p", "m2view", "--test", "it", "golden"], env)
        }
        Some("bench") => [
            ["m2view-format", "parse"],
            ["m2view-casc", "storage"],
            ["m2view-cdn", "cdn"],
            ["m2view-data", "listfile"],
            ["m2view-db", "wdc5"],
        ]
        .iter()
        .all(|[krate, bench]| cargo(&["bench", "-p", krate, "--bench", bench], &[])),
        Some("web") => web(),
        Some("dist") => dist::run(&args[1..]),
        Some("icon") => icon::run(),
        Some("docs") => docs::run(),
        Some("docs-images") => docs::images(),
        Some("dbd") => match args.get(1) {
            Some(p) => dbd::run(std::path::Path::new(p)),
            None => {
                eprintln!("usage: cargo xtask dbd PATH-TO-WoWDBDefs (a clone of github.com/wowdev/WoWDBDefs)");
                false
            }
        },
        Some("gen-assets") => cargo(
            &[
                "run",
                "-q",
                "-p",
                "m2view-format",
                "--features",
                "fixtures",
                "--example",
                "gen_demo",
                "--",
                "assets/demo",
            ],
            &[],
        ),
        _ => {
            eprintln!(
                "usage: cargo xtask ci | golden [--bless] | bench | web | dist [--target T] [--profile P] [--no-build] [--web] \
                 | icon | docs | docs-images | gen-assets | dbd PATH"
            );
            false
        }
    };
    if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// `cargo xtask web`: builds the viewer for wasm32 (the `web` profile),
/// generates its JavaScript glue with `wasm-bindgen --target web` (without
/// the name section: a quarter less to download) and copies the page, all
/// into `target/web/`.
fn web() -> bool {
    let root = root();
    let out = root.join("target/web");
    let wasm = root.join("target/wasm32-unknown-unknown/web/m2view_web.wasm");
    // The `web` profile (Cargo.toml): optimized for size, whole-program LTO.
    let built = cargo(&["build", "-p", "m2view-web", "--target", "wasm32-unknown-unknown", "--profile", "web"], &[]);
    if !built {
        eprintln!("(the target: rustup target add wasm32-unknown-unknown)");
        return false;
    }
    let bindgen = Command::new("wasm-bindgen")
        .args(["--target", "web", "--no-typescript", "--remove-name-section", "--out-dir"])
        .arg(&out)
        .arg(&wasm)
        .status();
    if !bindgen.is_ok_and(|s| s.success()) {
        eprintln!(
            "wasm-bindgen failed (cargo install wasm-bindgen-cli --version <the wasm-bindgen version in Cargo.lock>)"
        );
        return false;
    }
    match std::fs::copy(root.join("crates/m2view-web/index.html"), out.join("index.html")) {
        Ok(_) => {
            eprintln!("web build in {} (serve it: python3 -m http.server -d {})", out.display(), out.display());
            true
        }
        Err(e) => {
            eprintln!("index.html: {e}");
            false
        }
    }
}
