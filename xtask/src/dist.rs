//! `cargo xtask dist [--target T] [--profile P] [--no-build] [--web]`: the
//! release packages, under `target/dist/`.
//!
//! - Windows (`*-windows-*`): `m2view-<version>-<target>.zip` with
//!   `m2view.exe` (its icon and version information come from
//!   `crates/m2view/build.rs`).
//! - Linux and others: `m2view-<version>-<target>.tar.gz` with the `m2view`
//!   binary, `m2view.desktop` (freedesktop.org Desktop Entry),
//!   `m2view.png`, the man page `m2view.1` and shell completions under
//!   `completions/`.
//! - macOS (`*-apple-darwin`): the `.tar.gz` holds `m2view.app`
//!   (`Contents/Info.plist`, `Contents/MacOS/m2view`,
//!   `Contents/Resources/m2view.icns`), Apple's bundle layout.
//! - `--web`: `m2view-<version>-web.zip`, the static site of `cargo xtask
//!   web` (run it first).
//!
//! Every package holds README.md, LICENSE-MIT, LICENSE-APACHE, NOTICE.md and
//! THIRD-PARTY-LICENSES.md: every crate linked into the binary for that
//! target with its licence and repository (`cargo tree --format` over
//! Cargo.lock), and the embedded WoWDBDefs data under CC BY-SA 4.0.
//! `--profile dev` packages the debug build; releases use the default,
//! `release`. `--no-build` packages the binary already built for the
//! profile and target as it is: CI checks the packaging with the binary its
//! tests ran (a `cargo build -p m2view` there would compile the crates whose
//! features the tests' dev-dependencies widen a second time).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What `dist` was asked for.
struct Request {
    target: String,
    profile: String,
    /// Package what is built; build nothing.
    no_build: bool,
    web: bool,
}

fn parse(args: &[String]) -> Result<Request, String> {
    let mut r = Request { target: host()?, profile: "release".into(), no_build: false, web: false };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--target" => r.target = it.next().ok_or("--target needs a target triple")?.clone(),
            "--profile" => r.profile = it.next().ok_or("--profile needs a name")?.clone(),
            "--no-build" => r.no_build = true,
            "--web" => r.web = true,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(r)
}

/// This machine's target triple (`rustc -vV`'s `host:` line).
fn host() -> Result<String, String> {
    let out = Command::new("rustc").arg("-vV").output().map_err(|e| format!("rustc: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.lines().find_map(|l| l.strip_prefix("host: ")).map(str::to_string).ok_or("rustc -vV names no host".into())
}

/// Runs the task; prints what it wrote.
pub fn run(args: &[String]) -> bool {
    match parse(args).and_then(|r| build_all(&r)) {
        Ok(written) => {
            for p in written {
                let size = std::fs::metadata(&p).map_or(0, |m| m.len());
                eprintln!("{} ({:.1} MiB)", p.display(), size as f64 / 1048576.0);
            }
            true
        }
        Err(e) => {
            eprintln!("dist: {e}");
            false
        }
    }
}

fn build_all(r: &Request) -> Result<Vec<PathBuf>, String> {
    let root = crate::root();
    let out = root.join("target/dist");
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut written = vec![package(r, &root, &out)?];
    if r.web {
        written.push(web(&root, &out)?);
    }
    Ok(written)
}

/// Builds the `m2view` binary for the request (unless `--no-build`) and
/// writes its package.
fn package(r: &Request, root: &Path, out: &Path) -> Result<PathBuf, String> {
    // This machine's target builds where `cargo build` and `cargo test` put it (target/<profile>).
    let cross = r.target != host()?;
    let mut args = vec!["build", "-p", "m2view", "--bin", "m2view", "--locked", "--profile", &r.profile];
    if cross {
        args.extend(["--target", &r.target]);
    }
    if !r.no_build && !crate::cargo(&args, &[]) {
        return Err(format!("cargo build for {} failed (rustup target add {})", r.target, r.target));
    }
    let dir = if r.profile == "dev" { "debug" } else { r.profile.as_str() };
    let windows = r.target.contains("windows");
    let exe = if windows { "m2view.exe" } else { "m2view" };
    let built = if cross { root.join("target").join(&r.target) } else { root.join("target") };
    let binary_path = built.join(dir).join(exe);
    let binary = read(&binary_path)?;
    let name = format!("m2view-{}-{}", env!("CARGO_PKG_VERSION"), r.target);
    let mut files: Vec<(String, Vec<u8>, bool)> = common_files(root, &r.target)?;
    let icon = read(&root.join("assets/icon/m2view.png"))?;
    if windows {
        files.push((exe.into(), binary, true));
    } else if r.target.contains("apple-darwin") {
        files.push(("m2view.app/Contents/Info.plist".into(), info_plist().into_bytes(), false));
        files.push(("m2view.app/Contents/MacOS/m2view".into(), binary, true));
        files.push(("m2view.app/Contents/Resources/m2view.icns".into(), icns(&icon), false));
    } else {
        files.push(("m2view".into(), binary, true));
        files.push(("m2view.desktop".into(), DESKTOP.as_bytes().to_vec(), false));
        files.push(("m2view.png".into(), icon, false));
        // The man page and shell completions, written by the packaged binary
        // itself where nothing is built (else by the debug one).
        files.extend(crate::docs::manual_files(r.no_build.then_some(binary_path.as_path()))?);
    }
    let files: Vec<(String, Vec<u8>, bool)> =
        files.into_iter().map(|(p, d, x)| (format!("{name}/{p}"), d, x)).collect();
    if windows {
        let path = out.join(format!("{name}.zip"));
        write_zip(&path, &files)?;
        Ok(path)
    } else {
        let path = out.join(format!("{name}.tar.gz"));
        write_tar_gz(&path, &files)?;
        Ok(path)
    }
}

fn read(p: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))
}

/// README, the licences, the notice of embedded data and the third-party
/// list: `(path, bytes, executable)`.
fn common_files(root: &Path, target: &str) -> Result<Vec<(String, Vec<u8>, bool)>, String> {
    let mut files = Vec::new();
    for f in ["README.md", "LICENSE-MIT", "LICENSE-APACHE", "NOTICE.md"] {
        files.push((f.to_string(), read(&root.join(f))?, false));
    }
    files.push(("THIRD-PARTY-LICENSES.md".into(), third_party("m2view", target)?.into_bytes(), false));
    Ok(files)
}

/// The crates linked into `package` for `target`, with their licences and
/// repositories (`cargo tree -e normal --format`, from Cargo.lock), and the
/// data m2view embeds.
fn third_party(package: &str, target: &str) -> Result<String, String> {
    let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["tree", "-p", package, "--locked", "-e", "normal", "--prefix", "none", "--target", target])
        .args(["--format", "{p}\t{l}\t{r}"])
        .output()
        .map_err(|e| format!("cargo tree: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo tree: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let mut rows: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.trim_end_matches(" (*)").to_string())
        .filter(|l| !l.starts_with("m2view"))
        .collect();
    rows.sort();
    rows.dedup();
    let mut text = String::from(
        "# Third-party licences\n\n\
         m2view is MIT OR Apache-2.0 (LICENSE-MIT, LICENSE-APACHE). It embeds:\n\n\
         - Table definitions compiled from WoWDBDefs (https://github.com/wowdev/WoWDBDefs), \
         licensed CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/): the column \
         names and layouts in `crates/m2view-db/src/definitions.rs`.\n\n",
    );
    text += &format!("and links these crates (for {target}), each under the licence it states:\n\n");
    text += "| crate | licence | repository |\n|---|---|---|\n";
    for r in &rows {
        let mut f = r.split('\t');
        let (p, l, repo) = (f.next().unwrap_or(""), f.next().unwrap_or(""), f.next().unwrap_or(""));
        text += &format!("| {p} | {} | {repo} |\n", if l.is_empty() { "see its repository" } else { l });
    }
    Ok(text)
}

/// The freedesktop.org Desktop Entry that shows m2view in application menus
/// and opens model files with it.
const DESKTOP: &str = "[Desktop Entry]\nType=Application\nName=m2view\n\
GenericName=Model viewer\nComment=World of Warcraft and Warcraft III model viewer\n\
Exec=m2view %f\nIcon=m2view\nTerminal=false\nCategories=Graphics;3DGraphics;Viewer;\n";

/// The bundle's `Info.plist` (Apple's Information Property List keys).
fn info_plist() -> String {
    let v = env!("CARGO_PKG_VERSION");
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n\
<plist version=\"1.0\">\n<dict>\n\
  <key>CFBundleName</key><string>m2view</string>\n\
  <key>CFBundleDisplayName</key><string>m2view</string>\n\
  <key>CFBundleIdentifier</key><string>org.m2view.m2view</string>\n\
  <key>CFBundleExecutable</key><string>m2view</string>\n\
  <key>CFBundleIconFile</key><string>m2view</string>\n\
  <key>CFBundlePackageType</key><string>APPL</string>\n\
  <key>CFBundleShortVersionString</key><string>{v}</string>\n\
  <key>CFBundleVersion</key><string>{v}</string>\n\
  <key>LSMinimumSystemVersion</key><string>11.0</string>\n\
  <key>NSHighResolutionCapable</key><true/>\n\
</dict>\n</plist>\n"
    )
}

/// An Apple icon file holding one 256×256 PNG (`ic08`): the `icns` magic
/// and total length, then each entry's type and length, big-endian.
fn icns(png: &[u8]) -> Vec<u8> {
    let mut v = b"icns".to_vec();
    v.extend_from_slice(&(16 + png.len() as u32).to_be_bytes());
    v.extend_from_slice(b"ic08");
    v.extend_from_slice(&(8 + png.len() as u32).to_be_bytes());
    v.extend_from_slice(png);
    v
}

fn write_zip(path: &Path, files: &[(String, Vec<u8>, bool)]) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let mut z = zip::ZipWriter::new(std::fs::File::create(path).map_err(|e| err(&e))?);
    for (name, data, exec) in files {
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .unix_permissions(if *exec { 0o755 } else { 0o644 });
        z.start_file(name.as_str(), opts).map_err(|e| err(&e))?;
        z.write_all(data).map_err(|e| err(&e))?;
    }
    z.finish().map_err(|e| err(&e))?;
    Ok(())
}

fn write_tar_gz(path: &Path, files: &[(String, Vec<u8>, bool)]) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let gz = flate2::write::GzEncoder::new(
        std::fs::File::create(path).map_err(|e| err(&e))?,
        flate2::Compression::default(),
    );
    let mut t = tar::Builder::new(gz);
    for (name, data, exec) in files {
        let mut h = tar::Header::new_gnu();
        h.set_size(data.len() as u64);
        h.set_mode(if *exec { 0o755 } else { 0o644 });
        h.set_mtime(0);
        h.set_cksum();
        t.append_data(&mut h, name, data.as_slice()).map_err(|e| err(&e))?;
    }
    t.into_inner().and_then(|gz| gz.finish()).map_err(|e| err(&e))?;
    Ok(())
}

/// `target/web` (`cargo xtask web`) as `m2view-<version>-web.zip`.
fn web(root: &Path, out: &Path) -> Result<PathBuf, String> {
    let site = root.join("target/web");
    let mut files = Vec::new();
    for e in std::fs::read_dir(&site).map_err(|e| format!("{} (run cargo xtask web first): {e}", site.display()))? {
        let p = e.map_err(|e| e.to_string())?.path();
        if p.is_file() {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            files.push((format!("m2view-web/{name}"), read(&p)?, false));
        }
    }
    for f in ["LICENSE-MIT", "LICENSE-APACHE"] {
        files.push((format!("m2view-web/{f}"), read(&root.join(f))?, false));
    }
    files.push((
        "m2view-web/THIRD-PARTY-LICENSES.md".into(),
        third_party("m2view-web", "wasm32-unknown-unknown")?.into_bytes(),
        false,
    ));
    let path = out.join(format!("m2view-{}-web.zip", env!("CARGO_PKG_VERSION")));
    write_zip(&path, &files)?;
    Ok(path)
}
