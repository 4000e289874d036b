//! The documentation cannot drift from the program:
//! - every `m2view …` line in a code block of README.md, CONTRIBUTING.md and
//!   docs/ parses with the real command-line definition (`m2view::cli`);
//! - the ones on the project's own files (`assets/demo/`) run and succeed;
//! - `docs/reference/cli.md` is what `cargo xtask docs` writes today;
//! - the pictures of `docs/images/images.tsv` are what m2view draws today
//!   (a GIF: its frame count and first frame), within the golden-image
//!   tolerance (`cargo xtask docs-images` redraws them); the window's
//!   screenshot, which shows a clock, only exists.

use crate::common;

use std::path::{Path, PathBuf};

use clap::Parser;
use m2view::cli::Cli;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// README.md, CONTRIBUTING.md and every Markdown file under docs/.
fn markdown_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "md") {
                out.push(p);
            }
        }
    }
    let mut files = vec![root().join("README.md"), root().join("CONTRIBUTING.md")];
    walk(&root().join("docs"), &mut files);
    files.sort();
    files
}

/// The `m2view …` command lines in the code blocks of `text`: continuation
/// lines (`\`) joined, a shell comment (`# …`) or, in `text` blocks, a
/// description after two spaces cut off.
fn command_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut block: Option<&str> = None;
    let mut pending = String::new();
    for line in text.lines() {
        if let Some(lang) = line.trim_start().strip_prefix("```") {
            block = if block.is_some() { None } else { Some(lang) };
            continue;
        }
        let Some(lang) = block else { continue };
        let line = line.trim();
        let line = if pending.is_empty() { line } else { &format!("{pending} {line}") };
        if let Some(cont) = line.strip_suffix('\\') {
            pending = cont.trim_end().to_string();
            continue;
        }
        pending.clear();
        if !line.starts_with("m2view ") && line != "m2view" {
            continue;
        }
        let command = match lang {
            "text" => line.split("  ").next().unwrap(),
            _ => line.split(" # ").next().unwrap(),
        };
        // A usage line (`m2view info [OPTIONS] <FILE>`) names placeholders, not values.
        let placeholder = |w: &str| {
            let inner = w.trim_start_matches(['<', '[']).trim_end_matches(['>', ']', '.']);
            w.len() > inner.len() + 1 && inner.bytes().all(|b| b.is_ascii_uppercase() || b == b'_')
        };
        if !command.split_whitespace().any(placeholder) {
            out.push(command.trim().to_string());
        }
    }
    out
}

/// Every documented command line with the file it is in.
fn documented() -> Vec<(PathBuf, String)> {
    let mut all = Vec::new();
    for f in markdown_files() {
        let text = std::fs::read_to_string(&f).unwrap();
        all.extend(command_lines(&text).into_iter().map(|c| (f.clone(), c)));
    }
    all
}

#[test]
fn the_command_line_reader_joins_continuations_and_cuts_comments() {
    let md = "```sh\nm2view render a.m2 \\\n    --time 5 -o x.png   # a comment\ncargo test\n```\n\
              m2view outside a block\n```text\n  m2view ls --json     what it does\nm2view ls [OPTIONS] [GLOB]\n```\n";
    assert_eq!(command_lines(md), ["m2view render a.m2 --time 5 -o x.png", "m2view ls --json"]);
}

#[test]
fn every_documented_command_line_parses() {
    let lines = documented();
    let mut bad = Vec::new();
    for (file, line) in &lines {
        let words = shlex::split(line).unwrap_or_else(|| panic!("{}: unbalanced quotes in {line}", file.display()));
        if let Err(e) = Cli::try_parse_from(&words) {
            bad.push(format!("{}: {line}\n  {}", file.display(), e.to_string().lines().next().unwrap_or_default()));
        }
    }
    eprintln!("{} documented command lines parsed", lines.len());
    assert!(lines.len() >= 80, "only {} command lines found: the reader is broken", lines.len());
    assert!(bad.is_empty(), "documented command lines the CLI refuses:\n{}", bad.join("\n"));
}

#[test]
fn documented_commands_on_the_projects_own_files_run() {
    let out_dir = std::env::temp_dir().join(format!("m2view-docs-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let mut ran = 0;
    for (file, line) in documented().into_iter().filter(|(_, l)| l.contains("assets/demo/") && !l.contains("--data")) {
        let mut words = shlex::split(&line).unwrap();
        // The output goes to a temporary folder, under its own name.
        if let Some(i) = words.iter().position(|w| w == "-o" || w == "--output") {
            let name = Path::new(&words[i + 1]).file_name().unwrap().to_owned();
            words[i + 1] = out_dir.join(name).to_string_lossy().into_owned();
        }
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_m2view"))
            .args(&words[1..])
            .current_dir(root())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}: `{line}` failed: {}", file.display(), String::from_utf8_lossy(&out.stderr));
        ran += 1;
    }
    eprintln!("{ran} documented commands ran on assets/demo");
    assert!(ran >= 5, "only {ran} documented commands use assets/demo/");
}

#[test]
fn the_cli_reference_is_what_the_definition_writes() {
    let path = root().join("docs/reference/cli.md");
    let committed = std::fs::read_to_string(&path).unwrap();
    assert!(committed == m2view::cli_docs::markdown(), "{} is out of date: run `cargo xtask docs`", path.display());
}

#[test]
fn the_docs_pictures_are_what_m2view_draws() {
    let list = std::fs::read_to_string(root().join("docs/images/images.tsv")).unwrap();
    let out_dir = std::env::temp_dir().join(format!("m2view-docs-images-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let mut checked = 0;
    for line in list.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (name, args) = line.split_once('\t').unwrap();
        let committed = root().join("docs/images").join(name);
        assert!(committed.is_file(), "{} is missing: run `cargo xtask docs-images`", committed.display());
        if args == "window" {
            // The window's screenshot shows a live clock and frame times: it is redrawn, not compared.
            continue;
        }
        let drawn = out_dir.join(name);
        let args: Vec<String> = args.split(' ').map(|a| a.replace("{out}", &drawn.to_string_lossy())).collect();
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_m2view")).args(&args).current_dir(root()).status();
        assert!(status.unwrap().success(), "m2view {}", args.join(" "));
        let ((a, frames_a), (b, frames_b)) = (first_frame(&committed), first_frame(&drawn));
        assert_eq!(frames_a, frames_b, "{name}: frame count");
        assert_eq!(a.dimensions(), b.dimensions(), "{name}: size");
        let bad = a
            .as_raw()
            .chunks_exact(4)
            .zip(b.as_raw().chunks_exact(4))
            .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > common::CHANNEL_TOLERANCE))
            .count();
        let frac = bad as f64 / (a.width() * a.height()) as f64;
        assert!(
            frac <= common::PIXEL_FRACTION,
            "docs/images/{name}: {:.2}% of pixels differ from what m2view draws now ({}): run `cargo xtask docs-images`",
            frac * 100.0,
            drawn.display()
        );
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} pictures checked");
}

/// A picture's first frame and its frame count (a PNG has one; a GIF's
/// frames are decoded).
fn first_frame(path: &Path) -> (image::RgbaImage, usize) {
    use image::AnimationDecoder;
    if path.extension().is_some_and(|e| e == "gif") {
        let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
        let frames = image::codecs::gif::GifDecoder::new(file).unwrap().into_frames().collect_frames().unwrap();
        let n = frames.len();
        (frames.into_iter().next().unwrap().into_buffer(), n)
    } else {
        (image::open(path).unwrap().to_rgba8(), 1)
    }
}
