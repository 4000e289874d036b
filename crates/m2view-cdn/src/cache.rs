//! The on-disk cache of what was fetched, so that a build opens again with
//! no network. Entries are content-addressed where TACT names things by
//! key (configs, archive indices, BLTE frames: `config/ab/cd/<key>`,
//! `index/ab/cd/<key>.index`, `data/ab/cd/<ekey>`), plus the version
//! tables (`versions/<server>/<product>/…`) and the merged index of each
//! CDN config (`merged/<key>.m2idx`).
//!
//! Every entry is written whole (a temporary name in the same folder, then
//! a rename), so a run killed mid-write leaves no half entry; its reader
//! verifies it (hash or parse) before use. Reading an entry marks it used
//! (its modification time); when the cache grows past its cap the least
//! recently used entries go first.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::SystemTime;

use crate::error::{CdnError, Result};

/// The default cap: 10 GiB.
pub const DEFAULT_CAP: u64 = 10 << 30;

/// Marks a temporary file; a name holding it is never an entry.
const TMP: &str = ".tmp-";

/// A cache folder.
#[derive(Debug)]
pub struct Cache {
    dir: PathBuf,
    cap: u64,
    /// Bytes held, once counted (the first write counts them).
    used: Mutex<Option<u64>>,
    serial: AtomicU64,
}

/// What a cache holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Usage {
    /// Bytes of its entries.
    pub bytes: u64,
    /// Number of entries.
    pub files: u64,
    /// The builds whose build config it holds: `(build-name, config key)`.
    pub builds: Vec<(String, String)>,
}

/// Parses a size as `--cache-size` takes it: bytes, or a number with a
/// `K`, `M`, `G` or `T` suffix (powers of 1024; `10G`, `512M`, `1.5G`).
///
/// # Errors
/// [`CdnError::Size`]: not a non-negative number with one of those suffixes.
pub fn parse_size(text: &str) -> Result<u64> {
    let t = text.trim();
    let (num, shift) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(CdnError::Size(text.to_string())),
            };
            (&t[..i], shift)
        }
        _ => (t, 0),
    };
    let n: f64 = num.trim().parse().map_err(|_| CdnError::Size(text.to_string()))?;
    if !(n.is_finite() && n >= 0.0) {
        return Err(CdnError::Size(text.to_string()));
    }
    Ok((n * (1u64 << shift) as f64) as u64)
}

/// The OS cache folder for m2view's CDN cache (`~/.cache/m2view/cdn` on
/// Linux, `%LOCALAPPDATA%\m2view\cache\cdn` on Windows,
/// `~/Library/Caches/m2view/cdn` on macOS; the `directories` crate).
pub fn default_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "m2view").map(|d| d.cache_dir().join("cdn"))
}

/// The content-addressed name of `key` (hex) under `kind`: `kind/ab/cd/key`.
pub fn keyed(kind: &str, key: &str) -> String {
    let k = key.to_ascii_lowercase();
    format!("{kind}/{}/{}/{k}", k.get(..2).unwrap_or("00"), k.get(2..4).unwrap_or("00"))
}

impl Cache {
    /// The cache in `dir` (created when absent), capped at `cap` bytes.
    ///
    /// # Errors
    /// The folder cannot be created.
    pub fn open(dir: &Path, cap: u64) -> Result<Cache> {
        std::fs::create_dir_all(dir).map_err(|e| CdnError::cache(dir, e))?;
        Ok(Cache { dir: dir.to_path_buf(), cap, used: Mutex::new(None), serial: AtomicU64::new(0) })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The path of entry `rel` (`/`-separated).
    pub fn path(&self, rel: &str) -> PathBuf {
        rel.split('/').fold(self.dir.clone(), |p, part| p.join(part))
    }

    /// The bytes of entry `rel`, marked used; `None` when absent. The
    /// caller verifies them and [`Cache::remove`]s a damaged entry.
    pub fn read(&self, rel: &str) -> Option<Vec<u8>> {
        let p = self.path(rel);
        let bytes = std::fs::read(&p).ok()?;
        touch(&p);
        Some(bytes)
    }

    /// Removes entry `rel` (a damaged one).
    pub fn remove(&self, rel: &str) {
        let p = self.path(rel);
        if let Ok(m) = std::fs::metadata(&p)
            && std::fs::remove_file(&p).is_ok()
            && let Some(u) = self.used.lock().unwrap_or_else(|e| e.into_inner()).as_mut()
        {
            *u = u.saturating_sub(m.len());
        }
    }

    /// Writes entry `rel` whole: a temporary file beside it, then a rename.
    /// Then, past the cap, evicts the least recently used entries.
    ///
    /// # Errors
    /// The file cannot be written or renamed (nothing is left behind).
    pub fn write(&self, rel: &str, bytes: &[u8]) -> Result<()> {
        self.write_parts(rel, &[bytes])
    }

    /// [`Cache::write`] of `parts` one after the other (a large entry
    /// without its copy in one buffer).
    ///
    /// # Errors
    /// As [`Cache::write`].
    pub fn write_parts(&self, rel: &str, parts: &[&[u8]]) -> Result<()> {
        let p = self.path(rel);
        let dir = p.parent().unwrap_or(&self.dir);
        std::fs::create_dir_all(dir).map_err(|e| CdnError::cache(dir, e))?;
        self.used
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert_with(|| self.entries().iter().map(|e| e.1).sum());
        let n = self.serial.fetch_add(1, Ordering::Relaxed);
        let name = p.file_name().unwrap_or_default().to_string_lossy();
        let tmp = dir.join(format!("{name}{TMP}{}-{n}", std::process::id()));
        let written = || -> std::io::Result<()> {
            use std::io::Write;
            let mut f = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
            parts.iter().try_for_each(|b| f.write_all(b))?;
            // (No fsync: the rename makes a killed run's entry all or nothing.)
            f.flush()
        };
        let done = written().and_then(|_| std::fs::rename(&tmp, &p));
        if let Err(e) = done {
            let _ = std::fs::remove_file(&tmp);
            return Err(CdnError::cache(&p, e));
        }
        let over = {
            let mut used = self.used.lock().unwrap_or_else(|e| e.into_inner());
            let u = used.get_or_insert(0);
            *u += parts.iter().map(|b| b.len() as u64).sum::<u64>();
            *u > self.cap
        };
        if over {
            self.evict();
        }
        Ok(())
    }

    /// Every entry: `(path, bytes, last used)`. Temporary files left by a
    /// killed run are removed on the way.
    fn entries(&self) -> Vec<(PathBuf, u64, SystemTime)> {
        let mut out = Vec::new();
        let mut stack = vec![self.dir.clone()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                let Ok(m) = e.metadata() else { continue };
                if m.is_dir() {
                    stack.push(e.path());
                } else if e.file_name().to_string_lossy().contains(TMP) {
                    let stale = m.modified().ok().and_then(|t| t.elapsed().ok()).is_some_and(|a| a.as_secs() > 3600);
                    if stale {
                        let _ = std::fs::remove_file(e.path());
                    }
                } else {
                    out.push((e.path(), m.len(), m.modified().unwrap_or(SystemTime::UNIX_EPOCH)));
                }
            }
        }
        out
    }

    /// Removes the least recently used entries until the cache holds at
    /// most nine tenths of its cap.
    fn evict(&self) {
        let mut all = self.entries();
        all.sort_by_key(|e| e.2);
        let mut total: u64 = all.iter().map(|e| e.1).sum();
        let goal = self.cap / 10 * 9;
        for (p, len, _) in all {
            if total <= goal {
                break;
            }
            if std::fs::remove_file(&p).is_ok() {
                total -= len;
            }
        }
        *self.used.lock().unwrap_or_else(|e| e.into_inner()) = Some(total);
    }

    /// What the cache holds.
    pub fn usage(&self) -> Usage {
        let all = self.entries();
        let mut builds = Vec::new();
        let config_dir = self.dir.join("config");
        for (p, _, _) in &all {
            if !p.starts_with(&config_dir) {
                continue;
            }
            let text = std::fs::read_to_string(p).unwrap_or_default();
            let c = m2view_casc::config::Config::parse(&text);
            if let Some(name) = c.get("build-name") {
                let key = p.file_name().unwrap_or_default().to_string_lossy().into_owned();
                builds.push((name.to_string(), key));
            }
        }
        builds.sort();
        Usage { bytes: all.iter().map(|e| e.1).sum(), files: all.len() as u64, builds }
    }

    /// Empties the cache (the folder stays).
    ///
    /// # Errors
    /// An entry cannot be removed.
    pub fn clear(&self) -> Result<()> {
        for e in std::fs::read_dir(&self.dir).map_err(|e| CdnError::cache(&self.dir, e))?.flatten() {
            let p = e.path();
            let r = if p.is_dir() { std::fs::remove_dir_all(&p) } else { std::fs::remove_file(&p) };
            r.map_err(|e| CdnError::cache(&p, e))?;
        }
        *self.used.lock().unwrap_or_else(|e| e.into_inner()) = Some(0);
        Ok(())
    }
}

/// Marks `p` used now (its modification time), for the LRU order.
fn touch(p: &Path) {
    if let Ok(f) = std::fs::File::options().append(true).open(p) {
        let _ = f.set_modified(SystemTime::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_suffixes() {
        assert_eq!(parse_size("10G").unwrap(), 10 << 30);
        assert_eq!(parse_size("512m").unwrap(), 512 << 20);
        assert_eq!(parse_size("1.5K").unwrap(), 1536);
        assert_eq!(parse_size("4096").unwrap(), 4096);
        assert!(parse_size("10X").is_err() && parse_size("").is_err() && parse_size("-1G").is_err());
    }

    #[test]
    fn least_recently_used_entries_go_first() {
        let d = std::env::temp_dir().join(format!("m2view-cache-lru-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        let c = Cache::open(&d, 3000).unwrap();
        let old = SystemTime::now() - std::time::Duration::from_secs(100);
        for (i, name) in ["a", "b", "c"].iter().enumerate() {
            c.write(&keyed("data", &format!("{name}0")), &[0u8; 1000]).unwrap();
            let f = std::fs::File::options().append(true).open(c.path(&keyed("data", &format!("{name}0")))).unwrap();
            f.set_modified(old + std::time::Duration::from_secs(i as u64)).unwrap();
        }
        assert!(c.read(&keyed("data", "a0")).is_some(), "a is used now, so b is the oldest");
        c.write(&keyed("data", "d0"), &[0u8; 1000]).unwrap();
        let left: Vec<bool> = ["a0", "b0", "c0", "d0"].iter().map(|k| c.path(&keyed("data", k)).exists()).collect();
        assert_eq!(left, [true, false, false, true], "down to 2,700 bytes: b and c went");
        assert_eq!(c.usage().files, 2);
        c.clear().unwrap();
        assert_eq!(c.usage(), Usage::default());
        std::fs::remove_dir_all(&d).unwrap();
    }
}
