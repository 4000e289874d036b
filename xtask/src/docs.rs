//! `cargo xtask docs` and `cargo xtask docs-images`: what the documentation
//! holds that m2view itself writes.
//!
//! - `docs`: `docs/reference/cli.md` (the command-line reference, from the
//!   clap definition through `m2view --generate markdown`), the man page
//!   `target/docs/m2view.1` and shell completions under
//!   `target/docs/completions/`.
//! - `docs-images`: every picture listed in `docs/images/images.tsv`, drawn
//!   by m2view from project-made models (the embedded demo), and a
//!   screenshot of the window under Xvfb (`xvfb-run`, ImageMagick's
//!   `import`).

use std::path::Path;
use std::process::Command;

/// The host `m2view` binary (debug), built first.
fn m2view() -> Result<std::path::PathBuf, String> {
    if !crate::cargo(&["build", "-q", "-p", "m2view", "--bin", "m2view", "--locked"], &[]) {
        return Err("cargo build -p m2view failed".into());
    }
    Ok(crate::root().join("target/debug").join(format!("m2view{}", std::env::consts::EXE_SUFFIX)))
}

/// `m2view --generate WHAT` written to `path`.
fn generate(bin: &Path, what: &str, path: &Path) -> Result<(), String> {
    let out = Command::new(bin).args(["--generate", what]).output().map_err(|e| format!("{}: {e}", bin.display()))?;
    if !out.status.success() {
        return Err(format!("m2view --generate {what}: {}", String::from_utf8_lossy(&out.stderr)));
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, out.stdout).map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// The shell completion files: (shell, file name).
const COMPLETIONS: [(&str, &str); 4] =
    [("bash", "m2view.bash"), ("zsh", "_m2view"), ("fish", "m2view.fish"), ("powershell", "_m2view.ps1")];

/// Writes the reference, the man page and the completions, with `bin`
/// (else the debug binary, built first).
fn write_all(bin: Option<&Path>) -> Result<(), String> {
    let root = crate::root();
    let bin = match bin {
        Some(b) => b.to_path_buf(),
        None => m2view()?,
    };
    generate(&bin, "markdown", &root.join("docs/reference/cli.md"))?;
    generate(&bin, "man", &root.join("target/docs/m2view.1"))?;
    for (shell, file) in COMPLETIONS {
        generate(&bin, shell, &root.join("target/docs/completions").join(file))?;
    }
    Ok(())
}

/// `cargo xtask docs`.
pub fn run() -> bool {
    write_all(None).map_err(|e| eprintln!("docs: {e}")).is_ok()
}

/// The man page and completions for a package, freshly written:
/// `(path in the package, bytes, executable)`.
pub fn manual_files(bin: Option<&Path>) -> Result<Vec<(String, Vec<u8>, bool)>, String> {
    write_all(bin)?;
    let dir = crate::root().join("target/docs");
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()));
    let mut files = vec![("m2view.1".to_string(), read(&dir.join("m2view.1"))?, false)];
    for (_, file) in COMPLETIONS {
        files.push((format!("completions/{file}"), read(&dir.join("completions").join(file))?, false));
    }
    Ok(files)
}

/// `cargo xtask docs-images`.
pub fn images() -> bool {
    let root = crate::root();
    let all = || -> Result<(), String> {
        let bin = m2view()?;
        let list =
            std::fs::read_to_string(root.join("docs/images/images.tsv")).map_err(|e| format!("images.tsv: {e}"))?;
        for line in list.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let (name, args) = line.split_once('\t').ok_or(format!("images.tsv: no tab in {line:?}"))?;
            let out = root.join("docs/images").join(name);
            if args == "window" {
                window_screenshot(&bin, &out)?;
            } else {
                let args: Vec<String> = args.split(' ').map(|a| a.replace("{out}", &out.to_string_lossy())).collect();
                let ok = Command::new(&bin).current_dir(&root).args(&args).status().is_ok_and(|s| s.success());
                if !ok {
                    return Err(format!("m2view {} failed", args.join(" ")));
                }
            }
            eprintln!("drew {}", out.display());
        }
        Ok(())
    };
    all().map_err(|e| eprintln!("docs-images: {e}")).is_ok()
}

/// The window on the demo model at 1280×720 under a virtual X server,
/// captured after it has drawn for a while.
fn window_screenshot(bin: &Path, out: &Path) -> Result<(), String> {
    let script = format!("'{}' & pid=$!; sleep 12; import -window root '{}'; kill $pid", bin.display(), out.display());
    let ok = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x720x24", "sh", "-c", &script])
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        // Default settings: no saved layout or sources of the user's.
        .env("M2VIEW_CONFIG_DIR", std::env::temp_dir().join("m2view-docs-images-config"))
        .status()
        .is_ok_and(|s| s.success());
    if ok && out.exists() {
        Ok(())
    } else {
        Err("the window screenshot failed (needs xvfb-run and ImageMagick's import)".into())
    }
}
