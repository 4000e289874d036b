//! TACT keys: the 16-byte Salsa20 keys that decrypt `E` BLTE chunks, by
//! their 64-bit name. Read from the community key list format (wowdev's
//! TACTKeys repository, `WoW.txt`): one key per line, `KEYNAME KEY` in hex
//! (`FA505078126ACB3E BDC51862ABED79B2DE48C8E7E66C6200`), a `;` also
//! accepted as separator (the wow.tools export), `#` comments and blank
//! lines skipped. The key name is written as the number it is: the eight
//! name bytes of a chunk header read little-endian (CascLib
//! `src/CascDecrypt.cpp`, `CascDecrypt`).

use std::collections::HashMap;

use m2view_error::{Error, Result};

/// Known TACT keys by name.
#[derive(Debug, Clone, Default)]
pub struct KeyRing {
    keys: HashMap<u64, [u8; 16]>,
}

fn hex_bytes(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok()).collect()
}

impl KeyRing {
    /// No keys.
    pub fn new() -> KeyRing {
        KeyRing::default()
    }

    /// Parses a key file's `text` (`name` is used in errors).
    ///
    /// # Errors
    /// A line that is not a 16-hex-digit name and a 32-hex-digit key (names
    /// the line and its byte offset).
    pub fn parse(text: &str, name: &str) -> Result<KeyRing> {
        let mut keys = HashMap::new();
        let mut offset = 0u64;
        for (n, raw) in text.split('\n').enumerate() {
            let line = raw.trim();
            let at = offset;
            offset += raw.len() as u64 + 1;
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut parts = line.split(|c: char| c == ';' || c.is_whitespace()).filter(|p| !p.is_empty());
            let parsed = match (parts.next(), parts.next()) {
                (Some(k), Some(v)) if k.len() == 16 && v.len() == 32 => {
                    u64::from_str_radix(k, 16).ok().zip(hex_bytes(v).and_then(|b| <[u8; 16]>::try_from(b).ok()))
                }
                _ => None,
            };
            let Some((k, v)) = parsed else {
                let msg = format!("line {}: expected `KEYNAME KEY` (16 and 32 hex digits), found {line:?}", n + 1);
                return Err(Error::invalid(at, msg).in_file(name));
            };
            keys.insert(k, v);
        }
        Ok(KeyRing { keys })
    }

    /// Adds or replaces key `name`.
    pub fn insert(&mut self, name: u64, key: [u8; 16]) {
        self.keys.insert(name, key);
    }

    /// The key named `name`.
    pub fn get(&self, name: u64) -> Option<&[u8; 16]> {
        self.keys.get(&name)
    }

    /// How many keys are known.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// No keys.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn community_format() {
        let text = "# WoW\nFA505078126ACB3E BDC51862ABED79B2DE48C8E7E66C6200\n\nff813f7d062ac0bc;AA0B5C77F088CCC2D39049BD267F066D\n";
        let k = KeyRing::parse(text, "WoW.txt").unwrap();
        assert_eq!(k.len(), 2);
        assert_eq!(k.get(0xFA505078126ACB3E).unwrap()[..3], [0xBD, 0xC5, 0x18]);
        assert_eq!(k.get(0xFF813F7D062AC0BC).unwrap()[15], 0x6D);
        let e = KeyRing::parse("# x\nFA50 BDC5\n", "bad.txt").unwrap_err().to_string();
        assert!(e.starts_with("bad.txt: ") && e.contains("line 2") && e.contains("offset 0x4"), "{e}");
    }
}
