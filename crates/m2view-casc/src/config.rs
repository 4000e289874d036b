//! The text files that say which build an install holds: `.build.info`
//! (a `|`-separated table whose header names each column as
//! `Name!TYPE:size`; one row per installed product: `Branch`, `Active`,
//! `Build Key`, `CDN Key`, `Version`, `Tags`, `Product`, …) and the build
//! config it names (`Data/config/ab/cd/abcd…`: `key = value` lines, e.g.
//! `root = <ckey>`, `encoding = <ckey> <ekey>`, `encoding-size = <c> <e>`),
//! as wowdev wiki "TACT" (Build Config) and wow.export's
//! `casc-source-local.js` read them.

use m2view_error::{Error, Result};

/// One row of `.build.info`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Build {
    /// Every column, by its name.
    pub fields: Vec<(String, String)>,
}

impl Build {
    /// The value of column `name` (empty when absent).
    pub fn get(&self, name: &str) -> &str {
        self.fields.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map_or("", |(_, v)| v.as_str())
    }

    /// `Product` (`wow`, `wow_classic`, `wow_classic_era`, …).
    pub fn product(&self) -> &str {
        self.get("Product")
    }

    /// `Active` is 1.
    pub fn active(&self) -> bool {
        self.get("Active") == "1"
    }

    /// The text locale of the row's `Tags` (`… enUS text?`), if any.
    pub fn text_locale(&self) -> Option<String> {
        let tags = self.get("Tags");
        let words: Vec<&str> = tags.split([' ', ':']).collect();
        words.windows(2).find(|w| w[1] == "text?" && crate::root::locale_flag(w[0]).is_some()).map(|w| w[0].to_string())
    }
}

/// Parses `.build.info` (`name` in errors).
///
/// # Errors
/// No header line, or a row with another number of fields than the header
/// (names the line and its offset).
pub fn build_info(text: &str, name: &str) -> Result<Vec<Build>> {
    let mut lines = text.split('\n').map(|l| l.trim_end_matches('\r'));
    let header: Vec<String> = lines
        .next()
        .filter(|h| h.contains('!'))
        .ok_or_else(|| Error::invalid(0, "no header line (`Name!TYPE:size|…`)").in_file(name))?
        .split('|')
        .map(|c| c.split('!').next().unwrap_or_default().trim().to_string())
        .collect();
    let mut rows = Vec::new();
    let mut offset = text.find('\n').map_or(text.len(), |i| i + 1) as u64;
    for (i, line) in lines.enumerate() {
        let at = offset;
        offset += line.len() as u64 + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let values: Vec<&str> = line.split('|').collect();
        if values.len() != header.len() {
            let msg = format!("line {}: {} fields, the header has {}", i + 2, values.len(), header.len());
            return Err(Error::invalid(at, msg).in_file(name));
        }
        rows.push(Build { fields: header.iter().cloned().zip(values.iter().map(|v| v.to_string())).collect() });
    }
    Ok(rows)
}

/// A build config.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Config {
    /// `(key, value)` in file order.
    pub pairs: Vec<(String, String)>,
}

/// A 32-digit hex key.
pub fn parse_key(s: &str) -> Option<[u8; 16]> {
    if s.len() != 32 {
        return None;
    }
    let mut k = [0u8; 16];
    for (i, b) in k.iter_mut().enumerate() {
        *b = u8::from_str_radix(s.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(k)
}

impl Config {
    /// Parses a config's `text`: `key = value` lines, `#` comments.
    pub fn parse(text: &str) -> Config {
        let pairs = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
            .collect();
        Config { pairs }
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The hex keys of `key` (`encoding = <ckey> <ekey>` gives two).
    pub fn keys(&self, key: &str) -> Vec<[u8; 16]> {
        self.get(key).map(|v| v.split_whitespace().filter_map(parse_key).collect()).unwrap_or_default()
    }

    /// The numbers of `key` (`encoding-size = <c> <e>`).
    pub fn numbers(&self, key: &str) -> Vec<u64> {
        self.get(key).map(|v| v.split_whitespace().filter_map(|n| n.parse().ok()).collect()).unwrap_or_default()
    }
}
