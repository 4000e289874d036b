//! The Windows build, run as a Windows user runs it: `m2view.exe`
//! (cross-built for `x86_64-pc-windows-gnu` with Debian's mingw-w64) under
//! Debian's Wine, given Windows paths (`Z:\…`, backslashes, a drive letter),
//! its outputs compared with this (Linux) build's: `--version`, `info
//! --json` of corpus models (the same JSON once paths are read back as
//! paths), `ls` and `extract` of a real MPQ archive and of a CASC install
//! (written by this project in the real on-disk layout,
//! `m2view_casc::fixtures`: no complete local storage is public), `export`
//! of glTF (the same bytes), `render` (the same pixels within the golden
//! tolerance; Wine's Vulkan on Mesa's lavapipe, under Xvfb), and `--data
//! auto` finding an install in Wine's own `C:\Program Files (x86)`.
//!
//! The executable: `$M2VIEW_WINDOWS_EXE`, else
//! `target/x86_64-pc-windows-gnu/debug/m2view.exe`, with the
//! `bcryptprimitives.dll` stub beside it (`.ci/wine/bcryptprimitives.c`
//! says why and how; `.ci/run` builds both). Without it, or without Wine,
//! these tests say so; `M2VIEW_REQUIRE_TOOLS=1` (CI) makes that a failure.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::OnceLock;

use crate::common::{CHANNEL_TOLERANCE, PIXEL_FRACTION, m2view};

/// What the tests run under Wine, once set up: the executable, Wine, and
/// the prefix (Wine's `C:` drive) made for them.
struct Wine {
    exe: PathBuf,
    wine: PathBuf,
    prefix: PathBuf,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// The executable and Wine, the prefix initialised once for the whole
/// test binary; `None` (said loudly, a failure under
/// `M2VIEW_REQUIRE_TOOLS`) when either is missing.
fn wine() -> Option<&'static Wine> {
    static W: OnceLock<Option<Wine>> = OnceLock::new();
    W.get_or_init(|| {
        let exe = std::env::var_os("M2VIEW_WINDOWS_EXE")
            .map(PathBuf::from)
            .unwrap_or_else(|| root().join("target/x86_64-pc-windows-gnu/debug/m2view.exe"));
        let wine =
            ["/usr/lib/wine/wine64", "/usr/bin/wine64", "/usr/bin/wine"].iter().map(PathBuf::from).find(|p| p.exists());
        let stub = exe.with_file_name("bcryptprimitives.dll");
        let missing = match &wine {
            None => Some("Wine (Debian: wine64)".to_string()),
            Some(_) if !exe.is_file() => Some(format!(
                "{} (cargo build -p m2view --target x86_64-pc-windows-gnu; Debian: gcc-mingw-w64-x86-64)",
                exe.display()
            )),
            Some(_) if !stub.is_file() => Some(format!("{} (see .ci/wine/bcryptprimitives.c)", stub.display())),
            Some(_) => None,
        };
        if let Some(what) = missing {
            assert!(std::env::var_os("M2VIEW_REQUIRE_TOOLS").is_none(), "the Windows test set needs {what}");
            eprintln!("!!! the Windows test set needs {what}: skipped");
            return None;
        }
        let prefix = root().join("target/wine-prefix");
        let w = Wine { exe, wine: wine.unwrap(), prefix };
        // Creates the prefix (about 10 s the first time) before tests run in parallel.
        let boot = w.command().arg("--version").output().unwrap();
        assert!(boot.status.success(), "m2view.exe --version under Wine: {}", String::from_utf8_lossy(&boot.stderr));
        Some(w)
    })
    .as_ref()
}

impl Wine {
    /// `wine m2view.exe` with Wine quiet and this test set's prefix.
    fn command(&self) -> Command {
        let mut c = Command::new(&self.wine);
        c.arg(&self.exe).env("WINEPREFIX", &self.prefix).env("WINEDEBUG", "-all").env_remove("DISPLAY");
        c
    }

    /// Runs `m2view.exe args`: `(exit code, stdout, stderr)`.
    fn run(&self, args: &[&str]) -> (i32, String, String) {
        text(self.command().args(args).output().unwrap())
    }
}

fn text(out: Output) -> (i32, String, String) {
    let s = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), s(&out.stdout), s(&out.stderr))
}

/// `path` as a Windows program under Wine names it: drive `Z:` (Wine's
/// view of `/`), backslashes.
fn win(path: &Path) -> String {
    format!("Z:{}", path.display().to_string().replace('/', "\\"))
}

/// Windows paths in `s` read back as this machine's (`Z:\a b\c` → `/a b/c`;
/// a path ends at a tab, a line end, a quote or `": "`); the rest of the
/// text, game paths with their backslashes included, unchanged.
fn unwin(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("Z:\\") {
        out += &rest[..i];
        let path = &rest[i + 2..];
        let end = [path.find(['\t', '\n', '\r', '"', '\'']), path.find(": ")].into_iter().flatten().min();
        let end = end.unwrap_or(path.len());
        out += &path[..end].replace('\\', "/");
        rest = &path[end..];
    }
    out + rest
}

/// Windows' file names ignore case: a texture a table names
/// `RabbitSkin2_Default.blp` is found as named there and as the folder
/// spells it (`rabbitskin2_default.blp`) here. Paths of this machine
/// (strings starting with `/`) compared without case; everything else as is.
fn fold_paths(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::String(s) if s.starts_with('/') => *s = s.to_lowercase(),
        serde_json::Value::Array(a) => a.iter_mut().for_each(fold_paths),
        serde_json::Value::Object(o) => o.values_mut().for_each(fold_paths),
        _ => {}
    }
}

fn samples() -> Option<PathBuf> {
    m2view_format::fixtures::samples_dir().map(|d| d.canonicalize().unwrap())
}

fn scratch(tag: &str) -> PathBuf {
    crate::common::scratch("windows", tag)
}

/// Every string of a JSON value with Windows paths read back as this machine's.
fn unwin_json(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::String(s) => *s = unwin(s),
        serde_json::Value::Array(a) => a.iter_mut().for_each(unwin_json),
        serde_json::Value::Object(o) => o.values_mut().for_each(unwin_json),
        _ => {}
    }
}

#[test]
fn version_matches() {
    let Some(w) = wine() else { return };
    let (code, out, err) = w.run(&["--version"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), format!("m2view {}", env!("CARGO_PKG_VERSION")));
}

/// `info --json` by Windows path: an M2 with its skin and texture found
/// beside it, an M2 of the 1.12 generation, a Warcraft III MDX and its MDL.
#[test]
fn info_json_equals_the_linux_build() {
    let (Some(w), Some(s)) = (wine(), samples()) else { return };
    let models = [
        "wowserhq_blizzardry/spec/fixtures/Rabbit.m2",
        "Koward_Improved_Models/Creature/Rabbit2/Rabbit2.m2",
        "Retera_ReterasModelStudio/MDXLib/PackHorse.mdx",
        "flowtsohg_mdx-m3-viewer/examples/resources/SmileyGW_004.mdx",
        "Retera_ReterasModelStudio/MDXLib/PackHorse.mdl",
    ];
    let mut compared = 0;
    for m in models {
        let path = s.join(m);
        if !path.is_file() {
            panic!("{m} is not in the corpus any more: choose another model");
        }
        let (code, linux, err) = m2view(&["info", "--json", path.to_str().unwrap()]);
        if code != 0 {
            // Read by neither build today: both must refuse it the same way.
            let (wcode, _, werr) = w.run(&["info", "--json", &win(&path)]);
            assert_eq!((wcode, unwin(&werr)), (code, err.clone()), "{m}");
            continue;
        }
        let (wcode, windows, werr) = w.run(&["info", "--json", &win(&path)]);
        assert_eq!(wcode, 0, "{m}: {werr}");
        let mut linux: serde_json::Value = serde_json::from_str(&linux).unwrap();
        let mut windows: serde_json::Value = serde_json::from_str(&windows).unwrap();
        unwin_json(&mut windows);
        fold_paths(&mut windows);
        fold_paths(&mut linux);
        assert_eq!(windows, linux, "{m}");
        compared += 1;
    }
    assert!(compared >= 3, "only {compared} models compared");
}

/// `ls` and `extract` of a real MPQ (a 3.3.5 custom patch) by Windows
/// paths: the same listing and the same bytes.
#[test]
fn ls_and_extract_of_an_archive_equal_the_linux_build() {
    let (Some(w), Some(s)) = (wine(), samples()) else { return };
    let mpq = s.join("grandatlant_DataMod/patch-Y.MPQ");
    let (code, linux, err) = m2view(&["ls", "--data", mpq.to_str().unwrap(), "creature/*"]);
    assert_eq!(code, 0, "{err}");
    let (wcode, windows, werr) = w.run(&["ls", "--data", &win(&mpq), "creature/*"]);
    assert_eq!(wcode, 0, "{werr}");
    assert_eq!(unwin(&windows).replace("\r\n", "\n"), linux);
    assert!(linux.lines().count() >= 2, "{linux}");

    let out = scratch("extract");
    let (lo, wo) = (out.join("linux"), out.join("windows"));
    let (code, _, err) =
        m2view(&["extract", "--data", mpq.to_str().unwrap(), "creature/*", "-o", lo.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (wcode, _, werr) = w.run(&["extract", "--data", &win(&mpq), "creature/*", "-o", &win(&wo)]);
    assert_eq!(wcode, 0, "{werr}");
    let files = |d: &Path| {
        let mut v = Vec::new();
        walk(d, d, &mut v);
        v.sort();
        v
    };
    let (l, wf) = (files(&lo), files(&wo));
    assert_eq!(
        wf.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>(),
        l.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>()
    );
    assert!(l.len() >= 2);
    assert!(wf == l, "extracted bytes differ");
    let _ = std::fs::remove_dir_all(&out);
}

fn walk(base: &Path, d: &Path, out: &mut Vec<(String, Vec<u8>)>) {
    for e in std::fs::read_dir(d).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(base, &p, out);
        } else {
            out.push((p.strip_prefix(base).unwrap().display().to_string(), std::fs::read(&p).unwrap()));
        }
    }
}

/// A CASC install (written in the real layout) opened by its Windows path:
/// the same `ls`, and `info` of a model by FileDataID.
#[test]
fn a_casc_install_by_windows_path_equals_the_linux_build() {
    use m2view_casc::fixtures::{File, Product};
    use m2view_format::{fixtures as f, writer as wr};
    let Some(w) = wine() else { return };
    let d = scratch("casc");
    let (model, skel) = f::two_boxes_skel();
    let files = vec![
        File::new(600001, None, wr::write_md21(&model)),
        File::new(f::SKEL_FDID, None, wr::write_skel(&skel)),
        File::new(1001, None, wr::write_skin(&f::skin_profile(274), 274)),
    ];
    m2view_casc::fixtures::write(&d, &[Product::retail(files)]).unwrap();
    std::fs::create_dir_all(d.join("_retail_")).unwrap();
    let flavour = d.join("_retail_");
    let (code, linux, err) = m2view(&["ls", "--data", flavour.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (wcode, windows, werr) = w.run(&["ls", "--data", &win(&flavour)]);
    assert_eq!(wcode, 0, "{werr}");
    assert_eq!(unwin(&windows).replace("\r\n", "\n"), linux);
    assert_eq!(linux.lines().count(), 3, "{linux}");
    let args =
        |data: &str| vec!["info".to_string(), "--json".into(), "--data".into(), data.to_string(), "fdid:600001".into()];
    let (code, linux, err) = m2view(&args(flavour.to_str().unwrap()).iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{err}");
    let (wcode, windows, werr) = w.run(&args(&win(&flavour)).iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(wcode, 0, "{werr}");
    let mut windows: serde_json::Value = serde_json::from_str(&windows).unwrap();
    unwin_json(&mut windows);
    assert_eq!(windows, serde_json::from_str::<serde_json::Value>(&linux).unwrap());
    let _ = std::fs::remove_dir_all(&d);
}

/// `export` to glTF binary by Windows paths (`-o` with a drive letter):
/// byte for byte what the Linux build writes.
#[test]
fn export_gltf_equals_the_linux_build() {
    let (Some(w), Some(s)) = (wine(), samples()) else { return };
    let model = s.join("wowserhq_blizzardry/spec/fixtures/Rabbit.m2");
    let out = scratch("export");
    let (lo, wo) = (out.join("linux.glb"), out.join("windows.glb"));
    let (code, _, err) = m2view(&["export", model.to_str().unwrap(), "-o", lo.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (wcode, _, werr) = w.run(&["export", &win(&model), "-o", &win(&wo)]);
    assert_eq!(wcode, 0, "{werr}");
    let (l, wb) = (std::fs::read(&lo).unwrap(), std::fs::read(&wo).unwrap());
    assert!(l.len() > 10_000, "{} bytes", l.len());
    assert!(l == wb, "the .glb files differ ({} and {} bytes)", l.len(), wb.len());
    let _ = std::fs::remove_dir_all(&out);
}

struct Kill(Child);
impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `render` by Windows paths with no backend named, through Wine's Vulkan
/// (on Mesa's lavapipe; Wine's Vulkan needs an X display: Xvfb) once
/// DirectX 12 fails: the pixels of the Linux build within the golden
/// tolerance, and the fallback said on stderr.
#[test]
fn render_equals_the_linux_build() {
    let (Some(w), Some(s)) = (wine(), samples()) else { return };
    let xvfb = Command::new("sh").args(["-c", "command -v Xvfb"]).output().is_ok_and(|o| o.status.success());
    assert!(xvfb, "the Windows render test needs Xvfb (Debian: xvfb)");
    let display = format!(":{}", 200 + std::process::id() % 100);
    let _x = Kill(
        Command::new("Xvfb")
            .args([display.as_str(), "-screen", "0", "640x480x24", "-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    // Xvfb is ready when its socket exists (later on a loaded machine).
    let socket = PathBuf::from(format!("/tmp/.X11-unix/X{}", &display[1..]));
    for _ in 0..200 {
        if socket.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(socket.exists(), "Xvfb did not start on {display}");
    let model = s.join("Koward_Improved_Models/Creature/Rabbit2/Rabbit2.m2");
    let out = scratch("render");
    let (lo, wo) = (out.join("linux.png"), out.join("windows.png"));
    let args = ["--size", "256x256", "--camera", "iso", "--time", "300"];
    let mut la = vec!["render", model.to_str().unwrap(), "-o", lo.to_str().unwrap()];
    la.extend(args);
    let (code, _, err) = m2view(&la);
    assert_eq!(code, 0, "{err}");
    let (wm, wout) = (win(&model), win(&wo));
    // No backend named: DirectX 12 fails under Wine, and the fallback goes on to Vulkan.
    let mut wa = vec!["render", wm.as_str(), "-o", wout.as_str()];
    wa.extend(args);
    // A prefix of its own: Wine's desktop process, which its Vulkan goes
    // through, takes the display of the first program of a prefix, and the
    // other tests of this set run theirs without one.
    let prefix = w.prefix.with_file_name("wine-prefix-display");
    let command = || {
        let mut c = w.command();
        c.env("WINEPREFIX", &prefix).env("DISPLAY", &display).env_remove("WGPU_BACKEND").env_remove("M2VIEW_BACKEND");
        c
    };
    let (wcode, _, werr) = text(command().args(&wa).output().unwrap());
    assert_eq!(wcode, 0, "{werr}");
    assert!(werr.contains("m2view: using Vulkan (Dx12: "), "{werr}");
    let (l, wi) = (image::open(&lo).unwrap().to_rgba8(), image::open(&wo).unwrap().to_rgba8());
    assert_eq!(l.dimensions(), wi.dimensions());
    let differing = l
        .pixels()
        .zip(wi.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > CHANNEL_TOLERANCE))
        .count();
    let drawn = l.pixels().filter(|p| p.0 != l.get_pixel(0, 0).0).count();
    assert!(drawn > 2000, "the Linux render shows almost nothing: {drawn} px");
    let limit = (PIXEL_FRACTION * (l.width() * l.height()) as f64) as usize;
    eprintln!(
        "render under Wine: {drawn} px drawn, {differing} differ by more than {CHANNEL_TOLERANCE} (limit {limit})"
    );
    assert!(differing <= limit, "{differing} px differ by more than {CHANNEL_TOLERANCE} (limit {limit})");
    let _ = std::fs::remove_dir_all(&out);
}

/// `--data auto` under Wine finds a CASC install where Battle.net puts it,
/// `C:\Program Files (x86)\World of Warcraft` (`%ProgramFiles(x86)%`);
/// then, once the registry value Blizzard's installer writes
/// (`HKLM\SOFTWARE\WOW6432Node\Blizzard Entertainment\World of
/// Warcraft`, `InstallPath`, naming the flavour folder) points at an
/// install elsewhere, that one first. One test: both change what `auto`
/// picks in the shared prefix.
#[test]
fn data_auto_finds_installs_in_program_files_and_the_registry() {
    use m2view_casc::fixtures::{File, Product};
    use m2view_format::{fixtures as f, writer as wr};
    let Some(w) = wine() else { return };
    let write = |root: &Path| {
        let _ = std::fs::remove_dir_all(root);
        let files = vec![File::new(1001, None, wr::write_skin(&f::skin_profile(274), 274))];
        m2view_casc::fixtures::write(root, &[Product::retail(files)]).unwrap();
        std::fs::create_dir_all(root.join("_retail_")).unwrap();
    };
    let pf = w.prefix.join("drive_c/Program Files (x86)/World of Warcraft");
    write(&pf);
    let (code, out, err) = w.run(&["ls", "--data", "auto"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(r"World of Warcraft _retail_ 11.2.7.65299 (C:\Program Files (x86)\World of Warcraft\_retail_)"),
        "{err}"
    );
    assert!(err.contains("found by default folder"), "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");

    let games = w.prefix.join("drive_c/Games/WoW");
    write(&games);
    let key = r"HKLM\SOFTWARE\WOW6432Node\Blizzard Entertainment\World of Warcraft";
    let reg = |args: &[&str]| {
        let mut c = Command::new(&w.wine);
        c.arg("reg").args(args).env("WINEPREFIX", &w.prefix).env("WINEDEBUG", "-all");
        assert!(c.output().unwrap().status.success(), "wine reg {args:?}");
    };
    reg(&["add", key, "/v", "InstallPath", "/d", r"C:\Games\WoW\_retail_\", "/f"]);
    let (code, _, err) = w.run(&["ls", "--data", "auto"]);
    reg(&["delete", key, "/f"]);
    let _ = std::fs::remove_dir_all(&pf);
    let _ = std::fs::remove_dir_all(&games);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains(r"(C:\Games\WoW\_retail_) (found by registry HKLM\SOFTWARE\WOW6432Node"), "{err}");
}
