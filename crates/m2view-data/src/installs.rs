//! Game installs found on this machine, for `--data auto` and the window's
//! "Game installs" menu: World of Warcraft and Warcraft III, CASC (6.0+
//! WoW, Reforged) or MPQ (1.x–3.x WoW, classic Warcraft III).
//!
//! Where they are looked for, per OS:
//! - Windows: the `InstallPath` value Blizzard's installers write under
//!   `HKLM\SOFTWARE\WOW6432Node\Blizzard Entertainment\World of Warcraft`
//!   (as Mitch528/CataLauncher `WoW.cs` reads it) and classic Warcraft III's
//!   under `HKCU\Software\Blizzard Entertainment\Warcraft III`, the
//!   `InstallLocation` of Battle.net's uninstall entries (`…\CurrentVersion\
//!   Uninstall\World of Warcraft`, `…\World of Warcraft Classic`,
//!   `…\Warcraft III`, as add-on updaters such as qyte/DarkRotations
//!   `copyAddon.bat` read them), then Battle.net's default folders under
//!   `%ProgramFiles(x86)%` and `%ProgramFiles%`.
//! - macOS: `/Applications` and `~/Applications`.
//! - Linux: the `drive_c/Program Files (x86)` and `drive_c/Program Files`
//!   of Wine prefixes (`$WINEPREFIX`, `~/.wine`), Lutris games
//!   (`~/Games/*`), Bottles (`~/.local/share/bottles/bottles/*`, and its
//!   Flatpak's), and Steam's Proton prefixes (`steamapps/compatdata/*/pfx`).
//!
//! A root holding `.build.info` is a CASC install: each of its products
//! (`.build.info` rows: `Product`, `Version`) is listed, by its flavour
//! folder (`_retail_`, `_classic_`, `_classic_era_`, …) where one exists.
//! A root whose `Data/` (or, for Warcraft III, itself) holds MPQ archives is
//! an MPQ game folder.

use std::path::{Path, PathBuf};

/// Which game an install is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    /// World of Warcraft.
    WorldOfWarcraft,
    /// Warcraft III (classic or Reforged).
    Warcraft3,
}

impl Game {
    /// The name of the game's default install folder (Battle.net's).
    pub fn folder(self) -> &'static str {
        match self {
            Game::WorldOfWarcraft => "World of Warcraft",
            Game::Warcraft3 => "Warcraft III",
        }
    }
}

/// One install found: what to give `--data`, and how to show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Install {
    /// The game.
    pub game: Game,
    /// The folder to open as `--data`: a flavour folder (`…/_retail_`),
    /// the install root (CASC without flavour folders) or the game folder
    /// holding `Data/` (MPQ).
    pub path: PathBuf,
    /// `.build.info`'s `Product` (`wow`, `wow_classic`, `w3`, …); empty for
    /// an MPQ game folder.
    pub product: String,
    /// `.build.info`'s `Version` (`10.2.7.54717`); empty where unknown.
    pub version: String,
    /// Where it was found: `registry HKLM\…`, `default folder`, `Wine prefix ~/.wine`, ….
    pub found_by: String,
}

impl Install {
    /// One line for a menu or `--data auto`'s message: game, flavour or
    /// product, build and folder.
    pub fn label(&self) -> String {
        let flavour = self.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let what = if flavour.starts_with('_') {
            flavour
        } else if !self.product.is_empty() {
            self.product.clone()
        } else {
            "MPQ".into()
        };
        let build = if self.version.is_empty() { String::new() } else { format!(" {}", self.version) };
        format!("{} {what}{build} ({})", self.game.folder(), self.path.display())
    }
}

/// Where to look: the folders of this machine's environment. Tests build
/// one over a temporary home.
#[derive(Debug, Clone, Default)]
pub struct Places {
    /// Candidate install roots, with how each was found, in priority order.
    pub roots: Vec<(PathBuf, String)>,
}

impl Places {
    /// The candidate roots of this machine: the registry (Windows), then
    /// the default folders of this OS.
    pub fn of_this_machine() -> Places {
        let mut p = Places::default();
        #[cfg(windows)]
        p.roots.extend(registry_roots());
        let env = |k: &str| std::env::var_os(k).map(PathBuf::from);
        if cfg!(windows) {
            for var in ["ProgramFiles(x86)", "ProgramFiles"] {
                if let Some(dir) = env(var) {
                    p.add_program_files(&dir, "default folder");
                }
            }
        } else if cfg!(target_os = "macos") {
            p.add_program_files(Path::new("/Applications"), "default folder");
            if let Some(home) = env("HOME") {
                p.add_program_files(&home.join("Applications"), "default folder");
            }
        } else if let Some(home) = env("HOME") {
            p.add_wine_prefixes(&home, env("WINEPREFIX"));
        }
        p
    }

    /// Adds `dir/World of Warcraft` and `dir/Warcraft III`.
    pub fn add_program_files(&mut self, dir: &Path, how: &str) {
        for g in [Game::WorldOfWarcraft, Game::Warcraft3] {
            self.roots.push((dir.join(g.folder()), how.to_string()));
        }
    }

    /// Adds the Program Files folders of every Wine prefix under `home`
    /// (and `wineprefix`, `$WINEPREFIX`): `~/.wine`, Lutris' `~/Games/*`,
    /// Bottles' bottles (native and Flatpak), Steam's Proton prefixes.
    pub fn add_wine_prefixes(&mut self, home: &Path, wineprefix: Option<PathBuf>) {
        let mut prefixes: Vec<(PathBuf, String)> = Vec::new();
        if let Some(p) = wineprefix {
            prefixes.push((p.clone(), format!("Wine prefix {}", p.display())));
        }
        prefixes.push((home.join(".wine"), "Wine prefix ~/.wine".into()));
        let each = |dir: PathBuf, inner: &str, how: &str, out: &mut Vec<(PathBuf, String)>| {
            let mut found: Vec<PathBuf> =
                std::fs::read_dir(&dir).into_iter().flatten().flatten().map(|e| e.path()).collect();
            found.sort();
            for d in found {
                let name = d.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                out.push((d.join(inner), format!("{how} {name}")));
            }
        };
        each(home.join("Games"), "", "Lutris", &mut prefixes);
        each(home.join(".local/share/bottles/bottles"), "", "Bottles", &mut prefixes);
        let flatpak = home.join(".var/app/com.usebottles.bottles/data/bottles/bottles");
        each(flatpak, "", "Bottles (Flatpak)", &mut prefixes);
        for steam in [".steam/steam", ".local/share/Steam"] {
            each(home.join(steam).join("steamapps/compatdata"), "pfx", "Steam Proton", &mut prefixes);
        }
        for (prefix, how) in prefixes {
            for pf in ["Program Files (x86)", "Program Files"] {
                self.add_program_files(&prefix.join("drive_c").join(pf), &how);
            }
        }
    }
}

/// The installs of this machine ([`Places::of_this_machine`]).
pub fn find() -> Vec<Install> {
    find_in(&Places::of_this_machine())
}

/// The installs under `places`' roots, each listed once (by its folder),
/// in the roots' order.
pub fn find_in(places: &Places) -> Vec<Install> {
    let mut out: Vec<Install> = Vec::new();
    for (root, how) in &places.roots {
        for i in installs_at(root, how) {
            let same = |o: &Install| same_folder(&o.path, &i.path);
            if !out.iter().any(same) {
                out.push(i);
            }
        }
    }
    out
}

fn same_folder(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// The installs at `root` (an install root, a flavour folder under one, or
/// a game folder); none when it is none of them.
fn installs_at(root: &Path, how: &str) -> Vec<Install> {
    let Some((base, flavour)) = m2view_casc::locate_install(root) else {
        return mpq_install(root, how).into_iter().collect();
    };
    let text = std::fs::read_to_string(base.join(".build.info")).unwrap_or_default();
    let rows = m2view_casc::config::build_info(&text, ".build.info").unwrap_or_default();
    let mut out = Vec::new();
    for row in rows.iter().filter(|r| r.active() || rows.len() == 1) {
        let product = row.product().to_string();
        if flavour.is_some_and(|f| f != product) {
            continue;
        }
        let folder = m2view_casc::FLAVOURS.iter().find(|(_, p)| *p == product).map(|(f, _)| base.join(f));
        let path = folder.filter(|f| f.is_dir()).unwrap_or_else(|| base.clone());
        let game = if product.starts_with("w3") { Game::Warcraft3 } else { Game::WorldOfWarcraft };
        out.push(Install { game, path, product, version: row.get("Version").to_string(), found_by: how.to_string() });
    }
    out
}

/// An MPQ game folder at `root`: WoW's `Data/*.MPQ`, or Warcraft III's
/// `war3.mpq` beside the game.
fn mpq_install(root: &Path, how: &str) -> Option<Install> {
    let has = |dir: &Path, name: &str| {
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().eq_ignore_ascii_case(name))
    };
    let game = if has(root, "war3.mpq") {
        Game::Warcraft3
    } else if crate::game::chain(root, None).ok().flatten().is_some() {
        Game::WorldOfWarcraft
    } else {
        return None;
    };
    let path = root.to_path_buf();
    Some(Install { game, path, product: String::new(), version: String::new(), found_by: how.to_string() })
}

/// The install folders Blizzard's installers and Battle.net record in the
/// registry (the 64-bit view's `WOW6432Node` and the native one).
#[cfg(windows)]
fn registry_roots() -> Vec<(PathBuf, String)> {
    use windows_registry::{CURRENT_USER, LOCAL_MACHINE};
    let mut out = Vec::new();
    let keys = [
        (&LOCAL_MACHINE, "HKLM", r"SOFTWARE\WOW6432Node\Blizzard Entertainment\World of Warcraft", "InstallPath"),
        (&LOCAL_MACHINE, "HKLM", r"SOFTWARE\Blizzard Entertainment\World of Warcraft", "InstallPath"),
        (&CURRENT_USER, "HKCU", r"Software\Blizzard Entertainment\Warcraft III", "InstallPath"),
        (&LOCAL_MACHINE, "HKLM", r"SOFTWARE\WOW6432Node\Blizzard Entertainment\Warcraft III", "InstallPath"),
        (
            &LOCAL_MACHINE,
            "HKLM",
            r"SOFTWARE\WOW6432Node\Microsoft\Windows\CurrentVersion\Uninstall\World of Warcraft",
            "InstallLocation",
        ),
        (
            &LOCAL_MACHINE,
            "HKLM",
            r"SOFTWARE\WOW6432Node\Microsoft\Windows\CurrentVersion\Uninstall\World of Warcraft Classic",
            "InstallLocation",
        ),
        (
            &LOCAL_MACHINE,
            "HKLM",
            r"SOFTWARE\WOW6432Node\Microsoft\Windows\CurrentVersion\Uninstall\Warcraft III",
            "InstallLocation",
        ),
    ];
    for (hive, hive_name, key, value) in keys {
        if let Ok(path) = hive.open(key).and_then(|k| k.get_string(value)) {
            let path = PathBuf::from(path.trim_end_matches(['\\', '/', '\0']));
            // WoW's InstallPath names the flavour folder (`…\_retail_\`); list the whole install.
            let root = match m2view_casc::locate_install(&path) {
                Some((base, Some(_))) => base,
                _ => path,
            };
            out.push((root, format!("registry {hive_name}\\{key}\\{value}")));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build_info(rows: &[(&str, &str, &str)]) -> String {
        let mut s = String::from("Branch!STRING:0|Active!DEC:1|Build Key!HEX:16|Version!STRING:0|Product!STRING:0\n");
        for (product, version, active) in rows {
            s += &format!("us|{active}|0123456789abcdef0123456789abcdef|{version}|{product}\n");
        }
        s
    }

    /// A written home with a Wine prefix holding a retail + classic CASC
    /// install, a Lutris prefix with a 3.3.5 MPQ folder and a Bottles bottle
    /// with classic Warcraft III (the real layouts: `.build.info` at the
    /// install root with flavour folders beside it; `Data/common.MPQ`;
    /// `war3.mpq` beside the game).
    #[test]
    fn wine_lutris_and_bottles_prefixes_are_searched() {
        let home = std::env::temp_dir().join(format!("m2view-installs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&home);
        let wow = home.join(".wine/drive_c/Program Files (x86)/World of Warcraft");
        std::fs::create_dir_all(wow.join("_retail_")).unwrap();
        std::fs::create_dir_all(wow.join("_classic_")).unwrap();
        std::fs::create_dir_all(wow.join("Data")).unwrap();
        let rows = [("wow", "10.2.7.54717", "1"), ("wow_classic", "1.15.2.54332", "1"), ("wowt", "11.0.0.1", "0")];
        std::fs::write(wow.join(".build.info"), build_info(&rows)).unwrap();
        let lutris = home.join("Games/wow-335/drive_c/Program Files/World of Warcraft/Data");
        std::fs::create_dir_all(&lutris).unwrap();
        std::fs::write(lutris.join("common.MPQ"), b"").unwrap();
        let w3 = home.join(".local/share/bottles/bottles/Games/drive_c/Program Files (x86)/Warcraft III");
        std::fs::create_dir_all(&w3).unwrap();
        std::fs::write(w3.join("War3.mpq"), b"").unwrap();

        let mut places = Places::default();
        places.add_wine_prefixes(&home, None);
        let found = find_in(&places);
        let labels: Vec<String> = found.iter().map(|i| i.label()).collect();
        assert_eq!(found.len(), 4, "{labels:#?}");
        assert_eq!((found[0].path.clone(), found[0].version.as_str()), (wow.join("_retail_"), "10.2.7.54717"));
        assert_eq!((found[1].path.clone(), found[1].product.as_str()), (wow.join("_classic_"), "wow_classic"));
        assert_eq!(found[0].found_by, "Wine prefix ~/.wine");
        assert!(labels[0].starts_with("World of Warcraft _retail_ 10.2.7.54717 ("), "{}", labels[0]);
        assert_eq!(found[2].path, lutris.parent().unwrap());
        assert_eq!((found[2].game, found[2].found_by.as_str()), (Game::WorldOfWarcraft, "Lutris wow-335"));
        assert!(labels[2].contains("World of Warcraft MPQ"), "{}", labels[2]);
        assert_eq!((found[3].game, found[3].path.clone()), (Game::Warcraft3, w3.clone()));

        // A flavour folder given as a root lists its own product only, and no folder twice.
        let mut places = Places::default();
        places.roots.push((wow.join("_classic_"), "registry".into()));
        places.add_wine_prefixes(&home, None);
        let found = find_in(&places);
        assert_eq!(found.len(), 4);
        assert_eq!((found[0].product.as_str(), found[0].found_by.as_str()), ("wow_classic", "registry"));
        let _ = std::fs::remove_dir_all(&home);
    }

    /// Reforged: `.build.info` with product `w3` and no flavour folder of
    /// WoW's: the root itself is the install.
    #[test]
    fn reforged_casc_install_is_its_root() {
        let dir = std::env::temp_dir().join(format!("m2view-installs-w3-{}", std::process::id()));
        let root = dir.join("Warcraft III");
        std::fs::create_dir_all(root.join("_retail_")).unwrap();
        std::fs::write(root.join(".build.info"), build_info(&[("w3", "1.36.2.21230", "1")])).unwrap();
        let mut places = Places::default();
        places.add_program_files(&dir, "default folder");
        let found = find_in(&places);
        assert_eq!(found.len(), 1);
        assert_eq!(
            (found[0].game, found[0].path.clone(), found[0].version.as_str()),
            (Game::Warcraft3, root, "1.36.2.21230")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
