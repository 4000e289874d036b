//! The game from Blizzard's CDN on the command line: `--data cdn:PRODUCT`
//! (opened by `m2view-cdn`, with a progress bar while archive indices
//! arrive), `ls --builds` and `m2view cache`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use m2view_app::AppError;
use m2view_cdn::{CdnError, CdnOptions};
use m2view_data::{Casc, KeyRing, Listfile};

/// What the command line says about `cdn:` sources.
#[derive(Debug, Clone, Copy, Default)]
pub struct CdnSpec<'a> {
    /// `--region` (default `us`).
    pub region: Option<&'a str>,
    /// `--build`: a VersionsName or `BUILDKEY:CDNKEY`.
    pub build: Option<&'a str>,
    /// `--version-server`.
    pub version_server: Option<&'a str>,
    /// `--cache`.
    pub cache: Option<&'a Path>,
    /// `--cache-size` in bytes (default 10 GiB).
    pub cache_size: Option<u64>,
}

/// The product of a `--data` value `cdn:PRODUCT` that is not an existing
/// path (a path that exists is still a path).
pub fn product_of(source: &Path) -> Option<&str> {
    m2view_app::cdn_source::product_of(source)
}

/// The error of a CDN failure: the input's (exit 2) when what came back is
/// damaged or not offered, else a failure (exit 1: the network, the cache).
pub fn app_error(e: CdnError) -> AppError {
    if e.is_input() { AppError::Input(e.to_string()) } else { AppError::Failure(e.to_string()) }
}

/// The options of product `product` as `spec` says, with `locale` and `keys`.
pub fn options(product: &str, spec: &CdnSpec<'_>, locale: Option<&str>, keys: Option<&Arc<KeyRing>>) -> CdnOptions {
    let settings = m2view_app::open::CdnSettings {
        version_server: spec.version_server.map(str::to_string),
        cache: spec.cache.map(Path::to_path_buf),
        cache_size: spec.cache_size,
    };
    m2view_app::cdn_source::options(product, spec.region, spec.build, &settings, locale, keys)
}

/// Opens `product` on the CDN as a source named `cdn:PRODUCT (build, region)`,
/// with a progress bar on stderr while archive indices arrive, and any
/// note (an offline open) on stderr.
///
/// # Errors
/// As [`m2view_cdn::open`], as [`app_error`] classes them.
pub fn open(
    product: &str,
    spec: &CdnSpec<'_>,
    locale: Option<&str>,
    listfile: Option<&Arc<Listfile>>,
    keys: Option<&Arc<KeyRing>>,
    quality: m2view_data::Wc3Quality,
) -> Result<Casc, AppError> {
    let mut o = options(product, spec, locale, keys);
    let bar = indicatif::ProgressBar::hidden();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg} {bar:30} {pos}/{len}")
            .unwrap_or(indicatif::ProgressStyle::default_bar()),
    );
    let shown = bar.clone();
    o.progress = Some(Arc::new(move |what: &str, done: u64, total: u64| {
        if shown.is_hidden() && total > 20 && done < total {
            shown.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
        shown.set_message(what.to_string());
        shown.set_length(total);
        shown.set_position(done);
    }));
    let opened = m2view_app::cdn_source::open(&o, listfile, quality).map_err(app_error);
    bar.finish_and_clear();
    let (casc, notes) = opened?;
    for n in &notes {
        eprintln!("{n}");
    }
    Ok(casc)
}

/// `ls --data cdn:PRODUCT --builds`: one line per `versions` row,
/// `region<TAB>VersionsName<TAB>build config<TAB>CDN config`, or JSON.
///
/// # Errors
/// As [`m2view_cdn::builds`].
pub fn builds(product: &str, spec: &CdnSpec<'_>, json: bool) -> Result<(), AppError> {
    let (rows, notes) = m2view_cdn::builds(&options(product, spec, None, None)).map_err(app_error)?;
    for n in notes {
        eprintln!("{n}");
    }
    if json {
        let v: Vec<_> = rows
            .iter()
            .map(|r| serde_json::json!({ "region": r.region, "name": r.name, "build_id": r.build_id, "build_config": r.build_config, "cdn_config": r.cdn_config }))
            .collect();
        println!("{}", serde_json::to_string_pretty(&v).map_err(AppError::failure)?);
    } else {
        for r in rows {
            println!("{}\t{}\t{}\t{}", r.region, r.name, r.build_config, r.cdn_config);
        }
    }
    Ok(())
}

/// The cache folder `spec` names, else the system's.
fn cache_dir(spec: &CdnSpec<'_>) -> Result<PathBuf, AppError> {
    spec.cache
        .map(Path::to_path_buf)
        .or_else(m2view_cdn::cache::default_dir)
        .ok_or_else(|| AppError::Failure("no cache folder on this system; give --cache DIR".into()))
}

/// `m2view cache`: the cache's folder, size, entries and builds; with
/// `clear`, empties it first.
///
/// # Errors
/// The cache folder cannot be read or emptied.
pub fn cache(spec: &CdnSpec<'_>, clear: bool) -> Result<(), AppError> {
    let dir = cache_dir(spec)?;
    let cap = spec.cache_size.unwrap_or(m2view_cdn::cache::DEFAULT_CAP);
    let c = m2view_cdn::cache::Cache::open(&dir, cap).map_err(app_error)?;
    if clear {
        c.clear().map_err(app_error)?;
    }
    let u = c.usage();
    println!("{}", dir.display());
    println!("{} bytes in {} entries (cap {cap} bytes)", u.bytes, u.files);
    for (name, key) in u.builds {
        println!("build\t{name}\t{key}");
    }
    Ok(())
}
