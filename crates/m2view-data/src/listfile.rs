//! The community listfile (wowdev's `wow-listfile`, about 2 million
//! `fdid;path` lines): names for FileDataIDs and FileDataIDs for names.
//! Lines without a `;` are plain paths (the MPQ-era form), used to name
//! archive files. Lookups ignore case and treat `\` and `/` alike.
//!
//! Loaded in one pass over one text buffer: a row per line (id and where
//! its path is), sorted by id, and the paths' Jenkins96 hashes (the hash a
//! CASC root stores: upper case, `\`) sorted for lookups by name — no
//! string is allocated per line.

use std::path::Path;

use crate::{Error, MAX_FILE_BYTES, Result};

/// A loaded listfile.
#[derive(Debug, Default)]
pub struct Listfile {
    name: String,
    text: String,
    /// `(id, start, len)` of each `fdid;path` line, sorted by id (first wins).
    rows: Vec<(u32, u32, u32)>,
    /// `(hash, row)` sorted by hash.
    by_hash: Vec<(u64, u32)>,
    /// `(start, len)` of lines without an id.
    plain: Vec<(u32, u32)>,
    /// Lines with a `;` whose id is not a number.
    pub skipped: usize,
}

impl Listfile {
    /// Reads and parses the listfile at `path`.
    ///
    /// # Errors
    /// The file cannot be read, or is over 1 GiB.
    pub fn load(path: &Path) -> Result<Listfile> {
        let name = path.display().to_string();
        let len = std::fs::metadata(path).map_err(|e| Error::new(&name, "", e.to_string()))?.len();
        if len > MAX_FILE_BYTES {
            return Err(Error::new(&name, "", format!("listfile of {len} bytes is too large")));
        }
        let bytes = std::fs::read(path).map_err(|e| Error::new(&name, "", e.to_string()))?;
        let text = String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        Ok(Listfile::parse(text, &name))
    }

    /// Parses listfile `text` (`name` in messages).
    pub fn parse(text: String, name: &str) -> Listfile {
        let mut l = Listfile { name: name.to_string(), ..Listfile::default() };
        let mut at = 0usize;
        for line in text.split('\n') {
            let start = at;
            at += line.len() + 1;
            let line = line.trim_end_matches('\r');
            match line.split_once(';') {
                Some((id, path)) => match id.trim().parse::<u32>() {
                    Ok(id) if !path.trim().is_empty() => {
                        let path_at = start + line.len() - path.len();
                        l.rows.push((id, path_at as u32, path.len() as u32));
                    }
                    _ => l.skipped += 1,
                },
                None if !line.trim().is_empty() => l.plain.push((start as u32, line.len() as u32)),
                None => {}
            }
        }
        l.text = text;
        l.rows.sort_by_key(|r| r.0);
        l.rows.dedup_by_key(|r| r.0);
        l.by_hash =
            (0..l.rows.len() as u32).map(|i| (m2view_casc::jenkins::name_hash(l.at(l.rows[i as usize])), i)).collect();
        l.by_hash.sort_unstable();
        l
    }

    fn at(&self, (_, start, len): (u32, u32, u32)) -> &str {
        self.text[start as usize..(start + len) as usize].trim()
    }

    /// Where it was read from.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The path of FileDataID `id`, as the listfile spells it.
    pub fn path(&self, id: u32) -> Option<&str> {
        let i = self.rows.binary_search_by_key(&id, |r| r.0).ok()?;
        Some(self.at(self.rows[i]))
    }

    /// The FileDataID of `path` (any case, `\` or `/`).
    pub fn id(&self, path: &str) -> Option<u32> {
        let h = m2view_casc::jenkins::name_hash(path.trim_start_matches(['/', '\\']));
        let first = self.by_hash.partition_point(|e| e.0 < h);
        self.by_hash[first..]
            .iter()
            .take_while(|e| e.0 == h)
            .map(|e| self.rows[e.1 as usize])
            .find(|r| crate::normalize(self.at(*r)) == crate::normalize(path))
            .map(|r| r.0)
    }

    /// Lines with an id.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// No lines with an id.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Every path: of the `fdid;path` lines, then of the plain ones.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.rows
            .iter()
            .map(|&r| self.at(r))
            .chain(self.plain.iter().map(|&(s, n)| self.text[s as usize..(s + n) as usize].trim()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_paths_both_ways() {
        let text =
            "5408474;world/wmo/test/5408474.m2\r\n12;Creature/Bear/Bear.M2\nbad;x\n\nInterface\\Glues\\x.blp\n12;dup\n"
                .to_string();
        let l = Listfile::parse(text, "listfile.csv");
        assert_eq!((l.len(), l.skipped), (2, 1));
        assert_eq!(l.path(12), Some("Creature/Bear/Bear.M2"), "the first line of an id wins");
        assert_eq!(l.id("creature\\bear\\bear.m2"), Some(12));
        assert_eq!(l.id("WORLD/WMO/TEST/5408474.M2"), Some(5408474));
        assert_eq!(l.id("Creature/Bear/Nope.m2"), None);
        assert_eq!(l.path(13), None);
        let all: Vec<&str> = l.paths().collect();
        assert_eq!(all, ["Creature/Bear/Bear.M2", "world/wmo/test/5408474.m2", "Interface\\Glues\\x.blp"]);
    }
}
