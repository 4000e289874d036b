//! A game client's folder as a chain of archives in the client's own
//! priority order (not alphabetical).
//!
//! WoW 3.3.5a, highest priority first, as measured in the client and quoted
//! in TrinityCore pull request #30659 (and StormLib/wowdev "MPQ" notes for
//! the older clients, whose chains are the same shape with fewer archives):
//! custom patches `patch-[4-9A-Z]` (later letters win) > `patch-3` >
//! `patch-2` > `<locale>/patch-<locale>-[3..]` > `patch` >
//! `<locale>/patch-<locale>` > `lichking` > `expansion` > `common-2` >
//! `common` > `<locale>/lichking-locale-<locale>` >
//! `<locale>/expansion-locale-<locale>` > `<locale>/locale-<locale>` >
//! `<locale>/base-<locale>` > the speech archives. 1.12 and 2.4.3 clients
//! use the subset they have; any other archive (1.12's `model.MPQ`,
//! `texture.MPQ`, …, which never overlap) follows in name order.
//!
//! Classic Warcraft III (1.0–1.26) keeps its archives beside the game, read
//! in the order Retera's Model Studio and Warsmash load them (each later
//! one over the earlier): `War3.mpq` < `War3Local.mpq` < `War3x.mpq` <
//! `War3xLocal.mpq` < `War3Patch.mpq`; so highest priority first, the patch,
//! then the expansion's locale and base, then Reign of Chaos's.

use std::path::{Path, PathBuf};

use crate::{Error, Result};

/// The 17 archives of a real WoW 3.3.5 enUS `Data/` folder, relative to it
/// (as listed by wowserhq/blizzardry's `spec/fixtures/mpq-chain`): for tests
/// and benchmarks that build such a folder.
pub const WOTLK_ENUS_ARCHIVES: [&str; 17] = [
    "common.MPQ",
    "common-2.MPQ",
    "expansion.MPQ",
    "lichking.MPQ",
    "patch.MPQ",
    "patch-2.MPQ",
    "patch-3.MPQ",
    "enUS/locale-enUS.MPQ",
    "enUS/speech-enUS.MPQ",
    "enUS/base-enUS.MPQ",
    "enUS/expansion-locale-enUS.MPQ",
    "enUS/expansion-speech-enUS.MPQ",
    "enUS/lichking-locale-enUS.MPQ",
    "enUS/lichking-speech-enUS.MPQ",
    "enUS/patch-enUS.MPQ",
    "enUS/patch-enUS-2.MPQ",
    "enUS/patch-enUS-3.MPQ",
];

/// The archives of a game folder, highest priority first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    /// The `Data` folder.
    pub data: PathBuf,
    /// Locale folders found (`enUS`, `deDE`, ...).
    pub locales: Vec<String>,
    /// The locale used.
    pub locale: Option<String>,
    /// Archives, highest priority first.
    pub archives: Vec<PathBuf>,
}

/// A locale folder name: two lower-case letters then two upper-case (`enUS`).
fn is_locale(name: &str) -> bool {
    let b = name.as_bytes();
    b.len() == 4 && b[..2].iter().all(u8::is_ascii_lowercase) && b[2..].iter().all(u8::is_ascii_uppercase)
}

/// `.mpq` files directly in `dir` (any case), by lower-case stem.
fn archives_in(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut v: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| {
            let p = e.path();
            let ext = p.extension()?.to_string_lossy().to_lowercase();
            let stem = p.file_stem()?.to_string_lossy().to_lowercase();
            (ext == "mpq").then_some((stem, p))
        })
        .collect();
    v.sort();
    v
}

/// Priority rank of a base-folder archive stem (lower is higher priority).
fn base_rank(stem: &str) -> (u32, String) {
    let custom = |s: &str| {
        // patch-4..patch-9, patch-a..patch-z: later ones win.
        let c = s.strip_prefix("patch-").filter(|r| r.len() == 1)?.chars().next()?;
        matches!(c, '4'..='9' | 'a'..='z').then(|| 255 - c as u32)
    };
    if let Some(r) = custom(stem) {
        return (r, String::new());
    }
    let order = [
        "patch-3",
        "patch-2",
        "@locale-patches",
        "patch",
        "@locale-patch",
        "lichking",
        "expansion",
        "common-2",
        "common",
        "war3patch",
        "war3xlocal",
        "war3x",
        "war3local",
        "war3",
    ];
    match order.iter().position(|o| *o == stem) {
        Some(i) => (1000 + i as u32 * 10, String::new()),
        None => (5000, stem.to_string()),
    }
}

/// Priority rank of a locale archive stem for `loc` (lower-case).
fn locale_rank(stem: &str, loc: &str) -> (u32, String) {
    if let Some(rest) = stem.strip_prefix(&format!("patch-{loc}-")) {
        // patch-enUS-[3..9A-Z]: numbered locale patches, later ones first, just below patch-2.
        let c = rest.chars().next().unwrap_or('0');
        return (1020 + (255 - c as u32) / 100, format!("{}", 255 - c as u32));
    }
    if stem == format!("patch-{loc}") {
        return (1040, String::new());
    }
    let order =
        ["lichking-locale", "expansion-locale", "locale", "base", "lichking-speech", "expansion-speech", "speech"];
    for (i, o) in order.iter().enumerate() {
        if stem == format!("{o}-{loc}") {
            return (2000 + i as u32 * 10, String::new());
        }
    }
    (6000, stem.to_string())
}

/// The archive chain of the game folder `dir` (the client's root or its
/// `Data/`), `None` when `dir` holds no archives (then it is a loose folder).
/// `locale` picks a locale folder (default: the first, in name order).
/// `Cache/` is never read. Errors: the locale asked for is not there.
pub fn chain(dir: &Path, locale: Option<&str>) -> Result<Option<Chain>> {
    let data = ["Data", "data", "DATA"].iter().map(|d| dir.join(d)).find(|d| d.is_dir()).unwrap_or(dir.to_path_buf());
    let base = archives_in(&data);
    let mut locales: Vec<String> = std::fs::read_dir(&data)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| is_locale(n))
        .collect();
    locales.sort();
    if base.is_empty() && locales.iter().all(|l| archives_in(&data.join(l)).is_empty()) {
        return Ok(None);
    }
    let chosen = match locale {
        Some(l) => Some(locales.iter().find(|x| x.eq_ignore_ascii_case(l)).cloned().ok_or_else(|| {
            Error::new(data.display().to_string(), "", format!("no locale folder {l} (found: {})", locales.join(", ")))
        })?),
        None => locales.first().cloned(),
    };
    let mut ranked: Vec<((u32, String), PathBuf)> = base.into_iter().map(|(s, p)| (base_rank(&s), p)).collect();
    if let Some(loc) = &chosen {
        let l = loc.to_lowercase();
        ranked.extend(archives_in(&data.join(loc)).into_iter().map(|(s, p)| (locale_rank(&s, &l), p)));
    }
    ranked.sort();
    Ok(Some(Chain { data, locales, locale: chosen, archives: ranked.into_iter().map(|(_, p)| p).collect() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wotlk_data_folder_in_client_order() {
        // The 17 archive names of a real 3.3.5 Data/ (blizzardry's mpq-chain fixture) plus two custom patches.
        let d = std::env::temp_dir().join(format!("m2view-chain-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("Data/enUS")).unwrap();
        std::fs::create_dir_all(d.join("Data/Cache")).unwrap();
        for n in WOTLK_ENUS_ARCHIVES.iter().chain(&["patch-Y.MPQ", "patch-5.MPQ"]) {
            std::fs::write(d.join("Data").join(n), b"").unwrap();
        }
        std::fs::write(d.join("Data/Cache/patch-Z.MPQ"), b"").unwrap();
        let c = chain(&d, None).unwrap().unwrap();
        assert_eq!(c.locales, ["enUS"]);
        let names: Vec<String> =
            c.archives.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
        assert_eq!(
            names,
            [
                "patch-Y.MPQ",
                "patch-5.MPQ",
                "patch-3.MPQ",
                "patch-2.MPQ",
                "patch-enUS-3.MPQ",
                "patch-enUS-2.MPQ",
                "patch.MPQ",
                "patch-enUS.MPQ",
                "lichking.MPQ",
                "expansion.MPQ",
                "common-2.MPQ",
                "common.MPQ",
                "lichking-locale-enUS.MPQ",
                "expansion-locale-enUS.MPQ",
                "locale-enUS.MPQ",
                "base-enUS.MPQ",
                "lichking-speech-enUS.MPQ",
                "expansion-speech-enUS.MPQ",
                "speech-enUS.MPQ",
            ]
        );
        assert!(chain(&d, Some("deDE")).unwrap_err().to_string().contains("no locale folder deDE (found: enUS)"));
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn classic_warcraft3_folder_patch_first() {
        // A 1.26 install's archives beside the game (names as the installer writes them), a map
        // folder beside them.
        let d = std::env::temp_dir().join(format!("m2view-chain-w3-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("Maps")).unwrap();
        for n in ["War3.mpq", "war3x.mpq", "War3xlocal.mpq", "War3Patch.mpq", "Maps/(2)BootyBay.w3m"] {
            std::fs::write(d.join(n), b"").unwrap();
        }
        let c = chain(&d, None).unwrap().unwrap();
        assert_eq!(c.data, d);
        let names: Vec<String> =
            c.archives.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
        assert_eq!(names, ["War3Patch.mpq", "War3xlocal.mpq", "war3x.mpq", "War3.mpq"]);
        std::fs::remove_dir_all(&d).unwrap();
    }
}
