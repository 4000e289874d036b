//! Blizzard's CDN as a data source (`cdn:PRODUCT`), for the window's Game
//! data window and the command line alike: the products offered, the
//! options a source is opened with, and the builds a product offers,
//! fetched off the UI thread. The reading itself is `m2view-cdn`'s.

use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use m2view_cdn::CdnOptions;
use m2view_data::{Casc, KeyRing, Listfile, Wc3Quality};

use crate::open::CdnSettings;

/// The products offered in the window, with their names (wowdev wiki
/// "TACT", section Products; any other product name works on the
/// command line).
pub const PRODUCTS: [(&str, &str); 8] = [
    ("wow", "Retail"),
    ("wowt", "Retail PTR"),
    ("wowxptr", "Retail experimental PTR"),
    ("wow_beta", "Beta"),
    ("wow_classic", "Classic"),
    ("wow_classic_ptr", "Classic PTR"),
    ("wow_classic_era", "Classic Era"),
    ("wow_classic_era_ptr", "Classic Era PTR"),
];

/// The regions of the version service.
pub const REGIONS: [&str; 5] = m2view_cdn::versions::REGIONS;

/// The product of a source named `cdn:PRODUCT` that is not an existing
/// path (a path that exists is still a path).
pub fn product_of(source: &Path) -> Option<&str> {
    let s = source.to_str()?;
    let p = s.get(..4).filter(|c| c.eq_ignore_ascii_case("cdn:")).map(|_| &s[4..])?;
    (!p.is_empty() && !source.exists()).then_some(p)
}

/// The CDN options of `product` in `region` (default `us`) at `build`
/// (a VersionsName or `BUILDKEY:CDNKEY`; default: the region's current),
/// read and cached as `settings` say, the root loaded for `locale`.
pub fn options(
    product: &str,
    region: Option<&str>,
    build: Option<&str>,
    settings: &CdnSettings,
    locale: Option<&str>,
    keys: Option<&Arc<KeyRing>>,
) -> CdnOptions {
    let mut o = CdnOptions::new(product);
    o.region = region.unwrap_or("us").to_ascii_lowercase();
    o.build = build.filter(|b| !b.is_empty()).map(str::to_string);
    o.version_server = settings.version_server.clone();
    o.cache_dir = settings.cache.clone();
    o.cache_size = settings.cache_size.unwrap_or(m2view_cdn::cache::DEFAULT_CAP);
    o.locale = locale.map(str::to_string);
    o.keys = keys.cloned().unwrap_or_default();
    o
}

/// Opens `o` as a source named `cdn:PRODUCT (build, region)`; returns it
/// with the notes to show (an offline open says which build it used).
///
/// # Errors
/// As [`m2view_cdn::open`].
pub fn open(
    o: &CdnOptions,
    listfile: Option<&Arc<Listfile>>,
    quality: Wc3Quality,
) -> Result<(Casc, Vec<String>), m2view_cdn::CdnError> {
    let opened = m2view_cdn::open(o)?;
    let name = format!("cdn:{} ({}, {})", o.product, opened.storage.build.get("Version"), o.region);
    Ok((Casc::from_storage(name, opened.storage, listfile.cloned(), quality), opened.notes))
}

/// The builds of a product, fetched on a worker thread for the window's
/// build picker.
pub struct BuildList {
    rx: Receiver<Result<Vec<String>, m2view_cdn::CdnError>>,
}

impl BuildList {
    /// Starts fetching the `versions` rows of `o.product` for `o.region`.
    pub fn start(o: CdnOptions) -> BuildList {
        let (tx, rx) = channel();
        crate::platform::spawn(move || {
            let r = m2view_cdn::builds(&o).map(|(rows, _)| {
                let mut names: Vec<String> =
                    rows.into_iter().filter(|r| r.region.eq_ignore_ascii_case(&o.region)).map(|r| r.name).collect();
                names.dedup();
                names
            });
            let _ = tx.send(r);
        });
        BuildList { rx }
    }

    /// The builds once fetched (or why not).
    pub fn poll(&self) -> Option<Result<Vec<String>, m2view_cdn::CdnError>> {
        match self.rx.try_recv() {
            Ok(r) => Some(r),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                Some(Err(m2view_cdn::CdnError::NotOffered("the build list was not fetched".into())))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cdn_sources_are_named_unless_a_path_exists() {
        assert_eq!(product_of(Path::new("cdn:wow_classic_era")), Some("wow_classic_era"));
        assert_eq!(product_of(Path::new("CDN:wowt")), Some("wowt"));
        assert_eq!(product_of(Path::new("cdn:")), None);
        assert_eq!(product_of(Path::new("/games/wow")), None);
    }
}
