//! Project tasks: `cargo xtask <task>`.
//!
//! - `ci`: formatting, clippy and rustdoc with warnings as errors, then the
//!   README's test command (which also runs the `tidy` habits).
//! - `golden [--bless]`: run the golden-image tests; `--bless` rewrites the
//!   goldens from the current renderer (look at every image before committing).
//! - `bench`: the parse benchmark (format crate, against wow-m2).
//! - `gen-assets`: writes the embedded demo model into the top-level `assets/demo/` with the
//!   project's own writer (runs `cargo run -p m2view-format --example gen_demo`).

use std::process::{Command, ExitCode};

#[cfg(test)]
mod tidy;

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
            cargo(&["test", "-p", "m2view", "--test", "render", "golden"], env)
        }
        Some("bench") => cargo(&["bench", "-p", "m2view-format", "--bench", "parse"], &[]),
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
            eprintln!("usage: cargo xtask ci | golden [--bless] | bench | gen-assets");
            false
        }
    };
    if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
