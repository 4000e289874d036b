//! Project habits checked as a test (rust-analyzer's `tidy` habit), so they
//! hold on every commit:
//! - every `.rs` file opens with a `//!` doc comment;
//! - no `include_str!`/`include_bytes!` path leaves its crate, except into
//!   the top-level `shaders/` and `assets/`, and the founding layout holds
//!   (`Cargo.toml`, `crates/`, `shaders/`, `assets/`, `xtask/`, `README.md`);
//! - the dependency arrows hold: casc, data and error know nothing above them;
//!   format and db (side by side) know nothing of each other, of dressing,
//!   glam or wgpu; dress nothing of glam, wgpu, anim or render; anim nothing
//!   of wgpu or bytemuck; render nothing of egui or winit;
//! - code comments cite public sources, not `../shared` paths;
//! - no function in a crate's `src/` is longer than 150 lines (no exceptions);
//! - every relative link and image in the Markdown resolves, README.md stays
//!   within 10 KB and ARCHITECTURE.md within 20 KB.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() && p.file_name().is_some_and(|n| n != "target") {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn all_rust_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&root().join("crates"), &mut files);
    rust_files(&root().join("xtask"), &mut files);
    files.sort();
    files
}

#[test]
fn every_file_opens_with_a_module_doc() {
    let missing: Vec<_> = all_rust_files()
        .into_iter()
        .filter(|f| !std::fs::read_to_string(f).unwrap().trim_start().starts_with("//!"))
        .collect();
    assert!(missing.is_empty(), "files without a leading //! doc: {missing:?}");
}

/// `path` with `.` and `..` resolved lexically.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

/// The paths an `include_str!`/`include_bytes!` on `line` of `file` (in
/// crate `krate`) reads: a literal relative to the file, or
/// `concat!(env!("CARGO_MANIFEST_DIR"), "…")` relative to the crate (as
/// far as the literal goes: a folder when a macro adds the name).
fn include_paths(line: &str, file: &Path, krate: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for mac in ["include_str!(", "include_bytes!("] {
        for part in line.split(mac).skip(1) {
            let (base, rest) = match part.strip_prefix("concat!(env!(\"CARGO_MANIFEST_DIR\"), ") {
                Some(rest) => (krate, rest),
                None => (file.parent().unwrap(), part),
            };
            if let Some(lit) = rest.strip_prefix('"') {
                let rel = lit.split('"').next().unwrap_or_default().trim_start_matches('/');
                out.push(lexical(&base.join(rel)));
            }
        }
    }
    out
}

#[test]
fn includes_stay_inside_their_crate_or_the_top_level_shaders_and_assets() {
    let allowed = [root().join("shaders"), root().join("assets")];
    let mut bad = Vec::new();
    let mut seen = 0;
    for f in all_rust_files().into_iter().filter(|f| !f.ends_with("tidy.rs")) {
        let krate = f.ancestors().find(|a| a.join("Cargo.toml").is_file()).unwrap().to_path_buf();
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            for p in include_paths(line, &f, &krate) {
                seen += 1;
                if !p.starts_with(&krate) && !allowed.iter().any(|a| p.starts_with(a)) {
                    bad.push(format!("{}:{}: {}", f.display(), i + 1, p.display()));
                }
            }
        }
    }
    assert!(seen >= 3, "the include scan found only {seen} includes: the patterns above no longer match the code");
    assert!(bad.is_empty(), "includes leaving their crate: {bad:?}");
}

/// The founding layout: `Cargo.toml`, `crates/`, `shaders/` (every WGSL
/// file), `assets/` (the demo model), `xtask/`, `README.md` at the top;
/// no shader or asset folder drifts into a crate.
#[test]
fn the_top_level_layout_holds() {
    let r = root();
    for p in ["Cargo.toml", "crates", "shaders", "assets/demo", "xtask", "README.md"] {
        assert!(r.join(p).exists(), "{p} is missing at the top level");
    }
    fn wgsl(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() && p.file_name().is_some_and(|n| n != "target") {
                wgsl(&p, out);
            } else if p.extension().is_some_and(|x| x == "wgsl") {
                out.push(p);
            }
        }
    }
    let mut stray = Vec::new();
    wgsl(&r.join("crates"), &mut stray);
    wgsl(&r.join("xtask"), &mut stray);
    assert!(stray.is_empty(), "WGSL outside the top-level shaders/: {stray:?}");
    let mut shaders = Vec::new();
    wgsl(&r.join("shaders"), &mut shaders);
    assert!(shaders.len() >= 8, "{shaders:?}");
    let drifted: Vec<_> = std::fs::read_dir(r.join("crates"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|c| c.join("assets").exists() || c.join("shaders").exists())
        .collect();
    assert!(drifted.is_empty(), "assets/ or shaders/ inside a crate: {drifted:?}");
}

#[test]
fn dependency_arrows_hold() {
    let forbidden: &[(&str, &[&str])] = &[
        ("crates/m2view-data", &["glam", "wgpu", "bytemuck", "m2view-format", "m2view-db", "m2view-error"]),
        ("crates/m2view-error", &["m2view-data", "m2view-format", "m2view-db", "glam", "wgpu"]),
        ("crates/m2view-casc", &["m2view-data", "m2view-format", "m2view-db", "m2view-dress", "glam", "wgpu", "ureq"]),
        // The CDN is a store behind m2view-casc's Storage: it knows no sources, models or tables.
        ("crates/m2view-cdn", &["m2view-data", "m2view-format", "m2view-db", "m2view-dress", "glam", "wgpu"]),
        // bytemuck is allowed in format only to read key arrays in place
        // (`raw::track::KeyArray`), never for GPU records.
        ("crates/m2view-format", &["glam", "wgpu", "m2view-db", "m2view-dress"]),
        ("crates/m2view-db", &["m2view-format", "m2view-dress", "glam", "wgpu", "bytemuck"]),
        ("crates/m2view-dress", &["glam", "wgpu", "m2view-anim", "m2view-render", "egui"]),
        ("crates/m2view-anim", &["wgpu", "bytemuck"]),
        ("crates/m2view-render", &["egui", "winit"]),
        // Textures decode files for drawing and export, and know nothing above the renderer.
        (
            "crates/m2view-texture",
            &["egui", "winit", "clap", "m2view-scene", "m2view-dress", "m2view-db", "m2view-anim"],
        ),
        // Exports read models and write files: no GPU, tables, window or video.
        (
            "crates/m2view-export",
            &["egui", "winit", "wgpu", "m2view-data", "m2view-db", "m2view-dress", "m2view-video"],
        ),
        // The window and what the front ends share know nothing of the command line.
        ("crates/m2view-app", &["clap", "indicatif", "m2view-video", "m2view"]),
        ("crates/m2view-web", &["m2view"]),
        // The scene poses and draws what the front ends loaded: it reads no files and knows no
        // tables, window or command line.
        ("crates/m2view-scene", &["egui", "winit", "clap", "m2view-data", "m2view-db", "m2view-dress", "m2view-video"]),
        // Video knows pixels only: frames in, a file out.
        ("crates/m2view-video", &["m2view-format", "m2view-render", "m2view-data", "wgpu", "glam", "image"]),
    ];
    for (krate, deps) in forbidden {
        let toml = std::fs::read_to_string(root().join(krate).join("Cargo.toml")).unwrap();
        let deps_section = toml.split("[dev-dependencies]").next().unwrap_or_default();
        for d in *deps {
            let uses = deps_section
                .lines()
                .any(|l| l.trim_start().starts_with(&format!("{d} ")) || l.trim_start().starts_with(&format!("{d}.")));
            assert!(!uses, "{krate} must not depend on {d}");
        }
    }
}

/// `(file, line, name, length)` of every `fn` in `src/` longer than `limit` lines.
fn long_functions(limit: usize) -> Vec<(PathBuf, usize, String, usize)> {
    let mut found = Vec::new();
    for f in all_rust_files().into_iter().filter(|f| f.components().any(|c| c.as_os_str() == "src")) {
        let text = std::fs::read_to_string(&f).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let l = lines[i].trim_start();
            let is_fn = (l.starts_with("fn ") || l.starts_with("pub fn ") || l.starts_with("pub(crate) fn "))
                && !l.ends_with(';');
            if is_fn {
                let indent = lines[i].len() - l.len();
                let name = l.split('(').next().unwrap_or(l).rsplit(' ').next().unwrap_or("").to_string();
                // The function ends at the first `}` line at its own indentation.
                let end = (i + 1..lines.len()).find(|&j| {
                    let t = lines[j];
                    t.len() > indent && t[..indent].trim().is_empty() && t[indent..].starts_with('}')
                });
                if let Some(end) = end {
                    if end - i + 1 > limit {
                        found.push((f.clone(), i + 1, name, end - i + 1));
                    }
                    i = end;
                }
            }
            i += 1;
        }
    }
    found
}

#[test]
fn no_function_is_longer_than_150_lines() {
    let long = long_functions(150);
    assert!(long.is_empty(), "functions over 150 lines: {long:#?}");
}

#[test]
fn comments_cite_public_sources() {
    // A fresh clone cannot see ../shared: cite the wowdev wiki or a public project's file.
    let private = [
        "shared/spec",
        "shared/seeds",
        "spec/animation.md",
        "spec/particles.md",
        "spec/rendering.md",
        "spec/skin.md",
        "spec/blp.md",
    ];
    let mut bad = Vec::new();
    let mut files: Vec<PathBuf> = all_rust_files().into_iter().filter(|f| !f.ends_with("tidy.rs")).collect();
    let shaders = root().join("shaders");
    files.extend(std::fs::read_dir(shaders).unwrap().flatten().map(|e| e.path()));
    for f in files {
        for (i, line) in std::fs::read_to_string(&f).unwrap().lines().enumerate() {
            if private.iter().any(|p| line.contains(p)) {
                bad.push(format!("{}:{}", f.display(), i + 1));
            }
        }
    }
    assert!(bad.is_empty(), "comments citing files outside the repository: {bad:?}");
}

/// The Markdown a reader opens: the top level's and everything under docs/.
fn markdown_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "md") {
                out.push(p);
            }
        }
    }
    let r = root();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&r)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.push(r.join("assets/README.md"));
    walk(&r.join("docs"), &mut files);
    files.sort();
    files
}

/// The targets of the inline links and images (`[text](target)`,
/// `![alt](target)`) of `text`, outside code blocks and code spans.
fn link_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        // Code spans hold no links.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        for part in prose.split("](").skip(1) {
            if let Some(end) = part.find(')') {
                out.push(part[..end].split_whitespace().next().unwrap_or_default().to_string());
            }
        }
    }
    out
}

#[test]
fn the_link_reader_finds_links_and_images_outside_code() {
    let md = "See [a](docs/a.md) and ![b](images/b.png \"t\"), not `[c](d)`.\n```\n[e](f)\n```\n";
    assert_eq!(link_targets(md), ["docs/a.md", "images/b.png"]);
}

/// Every relative link and image of the Markdown resolves to a file or
/// folder of the checkout (anchors are not checked; web addresses neither).
#[test]
fn every_relative_link_and_image_in_the_docs_resolves() {
    let mut checked = 0;
    let mut broken = Vec::new();
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        for target in link_targets(&text) {
            if target.is_empty() || target.starts_with('#') || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let path = target.split('#').next().unwrap();
            checked += 1;
            if !file.parent().unwrap().join(path).exists() {
                broken.push(format!("{}: {target}", file.display()));
            }
        }
    }
    assert!(checked >= 30, "only {checked} relative links found: the reader is broken");
    assert!(broken.is_empty(), "links to nothing:\n{}", broken.join("\n"));
}

/// The front door stays short: README.md at most 10 KB, ARCHITECTURE.md at
/// most 20 KB (details belong in docs/), and docs/ keeps its mdBook index.
#[test]
fn the_front_door_stays_short() {
    let r = root();
    for (file, limit) in [("README.md", 10 * 1024), ("ARCHITECTURE.md", 20 * 1024)] {
        let size = std::fs::metadata(r.join(file)).unwrap().len();
        assert!(size <= limit, "{file} is {size} bytes, more than {limit}: move details into docs/");
    }
    assert!(r.join("docs/SUMMARY.md").is_file(), "docs/SUMMARY.md (the mdBook index) is missing");
}
