//! `--data` sources and the commands over them: `m2view ls` (what the
//! sources hold: virtual path, size, source) and `m2view extract` (copy
//! matching files out under their virtual paths). `extract` is native.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use m2view_app::AppError;
use m2view_data::{Entry, KeyRing, Listfile, Vfs};

/// What the command line says about where files come from.
#[derive(Debug, Clone, Copy, Default)]
pub struct DataSpec<'a> {
    /// `--data` sources, highest priority first.
    pub sources: &'a [PathBuf],
    /// `--locale`.
    pub locale: Option<&'a str>,
    /// `--listfile` (`fdid;path` or plain path lines).
    pub listfile: Option<&'a Path>,
    /// `--loose`: a game folder's loose files override its archives.
    pub loose: bool,
    /// `--product` of a CASC install.
    pub product: Option<&'a str>,
    /// `--tact-keys` (`KEYNAME KEY` lines).
    pub tact_keys: Option<&'a Path>,
    /// `--wc3-quality` of a Reforged install.
    pub wc3_quality: m2view_data::Wc3Quality,
    /// `--region`, `--build`, `--version-server`, `--cache`, `--cache-size` of `cdn:` sources.
    pub cdn: crate::cdn_cmd::CdnSpec<'a>,
}

/// The opened sources (`None` without `--data`) and the listfile.
#[derive(Default)]
pub struct Data {
    /// The `--data` sources.
    pub vfs: Option<Arc<Vfs>>,
    /// The listfile, loaded once.
    pub listfile: Option<Arc<Listfile>>,
    /// The TACT keys.
    pub keys: Option<Arc<KeyRing>>,
}

/// Loads the listfile and TACT keys, then opens every `--data` source in
/// order (highest priority first); `cdn:PRODUCT` through [`crate::cdn_cmd`].
///
/// # Errors
/// A source, listfile or key file that cannot be read or is damaged
/// (names it; exit 2), or a CDN that cannot be reached (exit 1).
pub fn open(spec: &DataSpec<'_>) -> Result<Data, AppError> {
    let listfile = match spec.listfile {
        Some(p) => Some(Arc::new(Listfile::load(p).map_err(AppError::input)?)),
        None => None,
    };
    let keys = match spec.tact_keys {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| AppError::Input(format!("{}: {e}", p.display())))?;
            Some(Arc::new(KeyRing::parse(&text, &p.display().to_string()).map_err(AppError::input)?))
        }
        None => None,
    };
    if spec.sources.is_empty() {
        return Ok(Data { vfs: None, listfile, keys });
    }
    let mut vfs = Vfs::new();
    vfs.set_listfile(listfile.clone());
    for s in &resolve_auto(spec.sources).map_err(AppError::Input)? {
        if let Some(product) = crate::cdn_cmd::product_of(s) {
            let casc = crate::cdn_cmd::open(
                product,
                &spec.cdn,
                spec.locale,
                listfile.as_ref(),
                keys.as_ref(),
                spec.wc3_quality,
            )?;
            vfs.push(Arc::new(casc));
            continue;
        }
        let opts = m2view_data::SpecOptions {
            locale: spec.locale,
            listfile: listfile.as_ref(),
            loose: spec.loose,
            product: spec.product,
            keys: keys.as_ref(),
            wc3_quality: spec.wc3_quality,
        };
        vfs.add_spec(s, &opts).map_err(AppError::input)?;
    }
    Ok(Data { vfs: Some(Arc::new(vfs)), listfile, keys })
}

/// `--data` with `auto` (any case; a folder of that name wins) replaced by
/// the first game install found on this machine (`m2view_data::installs`),
/// said on stderr. Errors: none found (naming where m2view looked).
pub fn resolve_auto(sources: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut found: Option<Vec<m2view_data::installs::Install>> = None;
    let mut out = Vec::with_capacity(sources.len());
    for s in sources {
        if !s.as_os_str().eq_ignore_ascii_case("auto") || s.exists() {
            out.push(s.clone());
            continue;
        }
        let installs = found.get_or_insert_with(m2view_data::installs::find);
        let first = installs.first().ok_or_else(|| {
            let places = m2view_data::installs::Places::of_this_machine();
            let looked: Vec<String> = places.roots.iter().map(|(p, _)| p.display().to_string()).collect();
            format!(
                "--data auto: no World of Warcraft or Warcraft III install found (looked in: {})",
                looked.join("; ")
            )
        })?;
        eprintln!("--data auto: {} (found by {})", first.label(), first.found_by);
        out.push(first.path.clone());
    }
    Ok(out)
}

/// A case-insensitive glob over virtual paths (`*` also crosses `/`;
/// `\` and `/` alike). No pattern matches everything.
pub fn matcher(glob: Option<&str>) -> Result<globset::GlobMatcher, String> {
    let pat = glob.unwrap_or("*").replace('\\', "/");
    globset::GlobBuilder::new(&pat)
        .case_insensitive(true)
        .literal_separator(false)
        .build()
        .map(|g| g.compile_matcher())
        .map_err(|e| format!("bad pattern {pat:?}: {e}"))
}

/// Every file of `vfs` matching `glob`, sorted: `(entry, source)`.
pub fn matching(vfs: &Vfs, glob: Option<&str>) -> Result<Vec<(Entry, String)>, String> {
    let m = matcher(glob)?;
    Ok(vfs.list().into_iter().filter(|(e, _)| m.is_match(&e.path)).collect())
}

/// `m2view ls`: one line per file, `path<TAB>size<TAB>source`, or a JSON array.
pub fn ls(vfs: &Vfs, glob: Option<&str>, json: bool) -> Result<(), String> {
    let files = matching(vfs, glob)?;
    if json {
        let v: Vec<_> =
            files.iter().map(|(e, s)| serde_json::json!({ "path": e.path, "size": e.size, "source": s })).collect();
        println!("{}", serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?);
    } else {
        use std::io::Write;
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        for (e, s) in &files {
            // A closed pipe (`| head`) ends the listing quietly.
            if writeln!(out, "{}\t{}\t{}", e.path, e.size, s).is_err() {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// `m2view ls --maps`: the maps of the sources ([`m2view_app::maps::list`]),
/// one `ID<TAB>Directory<TAB>Name` line each (`-` for a WDT no row names),
/// or a JSON array.
///
/// # Errors
/// A `Map` table that does not read; none found at all.
pub fn ls_maps(opts: &m2view_app::open::OpenOptions, json: bool) -> Result<(), AppError> {
    let maps = m2view_app::maps::list(opts)?;
    if maps.is_empty() {
        return Err(AppError::Input("no maps: the sources hold no Map table and no World/Maps/*/*.wdt".into()));
    }
    if json {
        let v: Vec<_> = maps
            .iter()
            .map(
                |m| serde_json::json!({ "id": m.id, "directory": m.directory, "name": m.name, "instance": m.instance }),
            )
            .collect();
        println!("{}", serde_json::to_string_pretty(&v).map_err(AppError::failure)?);
    } else {
        for m in maps {
            println!("{}\t{}\t{}", m.id.map_or("-".to_string(), |i| i.to_string()), m.directory, m.name);
        }
    }
    Ok(())
}

/// Where virtual path `vpath` goes under `dir`; `None` for a path that would
/// leave it (`..`, absolute): hostile archives may name such files.
fn target(dir: &Path, vpath: &str) -> Option<PathBuf> {
    let rel = PathBuf::from(vpath.replace('\\', "/"));
    rel.components().all(|c| matches!(c, Component::Normal(_))).then(|| dir.join(rel))
}

/// What `extract --convert` turns files into on the way out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Convert {
    /// Textures (BLP, DDS, TGA) as PNG: level 0, RGBA; `x.blp` is written as `x.png`.
    Png,
    /// Client tables (DBC, DB2) as CSV (WoWDBDefs column names, `--dbd` for tables m2view
    /// does not read itself); `x.dbc` is written as `x.csv`.
    Csv,
}

/// The bytes written for `vpath` (and its name under the output folder):
/// as read, or converted (`convert`) when it is a texture or table of that
/// kind. Errors: a texture or table that does not decode (names the file).
fn converted(
    vpath: &str,
    bytes: Vec<u8>,
    convert: Option<Convert>,
    defs: &m2view_db::defs::Definitions,
) -> Result<(String, Vec<u8>), String> {
    let stem = || vpath.rsplit_once('.').map_or(vpath, |(s, _)| s);
    let texture = m2view_texture::file::is_texture_name(vpath) && !vpath.to_ascii_lowercase().ends_with(".png");
    match convert {
        Some(Convert::Png) if texture => {
            let img = m2view_texture::file::decode_level(vpath, &bytes, 0).map_err(|e| e.to_string())?;
            Ok((format!("{}.png", stem()), crate::texture_cmd::png_bytes(&img, false)?))
        }
        Some(Convert::Csv)
            if vpath.to_ascii_lowercase().ends_with(".dbc") || vpath.to_ascii_lowercase().ends_with(".db2") =>
        {
            let name = m2view_app::tables::table_name(vpath);
            let t = m2view_db::table::Table::parse(bytes, vpath, name, defs, None).map_err(|e| e.to_string())?;
            let csv =
                m2view_db::export::to_csv(&t, &m2view_db::export::Filter::default()).map_err(|e| e.to_string())?;
            Ok((format!("{}.csv", stem()), csv.into_bytes()))
        }
        _ => Ok((vpath.to_string(), bytes)),
    }
}

/// `m2view extract`: writes the matching files under `dir`, textures or
/// tables converted as `convert` says (with `defs` for tables); returns
/// `(written, failed)` and prints each failure on stderr; progress on
/// stderr for more than 20 files.
pub fn extract(
    vfs: &Vfs,
    glob: &str,
    dir: &Path,
    convert: Option<Convert>,
    defs: &m2view_db::defs::Definitions,
) -> Result<(usize, usize), String> {
    let files = matching(vfs, Some(glob))?;
    let bar = indicatif::ProgressBar::new(files.len() as u64);
    if files.len() <= 20 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let (mut ok, mut failed) = (0, 0);
    for (e, _) in &files {
        bar.inc(1);
        // Read errors name the archive and the file already; the others say the path.
        let result = vfs.read_file(&e.path).map_err(|e| e.to_string()).and_then(|b| {
            let (b, _) = b.ok_or_else(|| format!("{}: vanished from its source", e.path))?;
            let (name, b) = converted(&e.path, b, convert, defs)?;
            let to =
                target(dir, &name).ok_or_else(|| format!("{}: refusing a path outside the output folder", e.path))?;
            if let Some(parent) = to.parent() {
                std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
            }
            std::fs::write(&to, b).map_err(|e| format!("{}: {e}", to.display()))
        });
        match result {
            Ok(()) => ok += 1,
            Err(msg) => {
                bar.suspend(|| eprintln!("error: {msg}"));
                failed += 1;
            }
        }
    }
    bar.finish_and_clear();
    Ok((ok, failed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_ignore_case_and_separators() {
        let m = matcher(Some("creature\\*.M2")).unwrap();
        assert!(m.is_match("Creature/Bear/Bear.m2"));
        assert!(!m.is_match("Creature/Bear/Bear.blp"));
        assert!(matcher(None).unwrap().is_match("a/b/c"));
    }

    #[test]
    fn targets_stay_inside_the_folder() {
        let d = Path::new("/out");
        assert_eq!(target(d, "a\\b.blp"), Some(PathBuf::from("/out/a/b.blp")));
        assert_eq!(target(d, "../etc/passwd"), None);
        assert_eq!(target(d, "/abs"), None);
    }
}
