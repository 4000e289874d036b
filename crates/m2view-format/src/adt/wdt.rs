//! WDT map files (wowdev wiki "WDT"): which of a map's 64 × 64 tiles exist
//! (`MAIN`), how its tiles are stored (`MPHD` flags — the one m2view needs:
//! whether uncompressed alpha maps are 8-bit), and, for a map that is one
//! world object, that WMO (`MWMO`).
//!
//! Layout followed (clients before 4.0 write the same): `MVER` 18; `MPHD`
//! of 32 bytes whose first word is the flags; `MAIN` of 64 × 64 records of
//! 8 bytes (`SMAreaInfo`: flags, bit 0 "has ADT"; an async id), row by row
//! (`MAIN[y][x]` is tile `Map_x_y`); `MWMO` a zero-terminated file name;
//! tags byte-reversed as in ADT files.

use crate::error::{Error, Result, ResultExt};
use crate::raw::wmo::{Chunk, chunks, strings};
use crate::reader::{ParseState, Reader, u32_};

/// `MPHD` flag 0x4: the tiles' uncompressed alpha maps are 8-bit ("big alpha").
pub const FLAG_BIG_ALPHA: u32 = 0x4;
/// `MPHD` flag 0x80: height-based texture blending; implies 8-bit alpha maps.
pub const FLAG_HEIGHT_TEXTURING: u32 = 0x80;

/// The names of the `MPHD` flags (wowdev wiki "WDT", `MPHD::Flags`).
const FLAG_NAMES: [(u32, &str); 8] = [
    (0x1, "global world object"),
    (0x2, "vertex shading (MCCV)"),
    (FLAG_BIG_ALPHA, "8-bit alpha maps"),
    (0x8, "doodads sorted by size"),
    (0x10, "vertex lighting (MCLV)"),
    (0x20, "upside-down ground"),
    (FLAG_HEIGHT_TEXTURING, "height texturing"),
    (0x200, "file data ids (MAID)"),
];

/// A map's WDT.
#[derive(Debug, Clone, PartialEq)]
pub struct Wdt {
    /// `MVER` (18).
    pub version: u32,
    /// `MPHD` flags.
    pub flags: u32,
    /// The tiles that exist, `[x, y]` (each 0–63) in `MAIN` order.
    pub tiles: Vec<[u8; 2]>,
    /// The world object a WMO-only map is (`MWMO`).
    pub global_wmo: Option<String>,
    /// 8.2+ (`MAID`): each tile's files by FileDataID, `[y * 64 + x]`, in
    /// the wiki's order — root ADT, `_obj0`, `_obj1`, `_tex0`, `_lod`, map
    /// texture, map normal texture, minimap texture (0: none).
    pub file_ids: Option<Vec<[u32; 8]>>,
}

/// Indices into a [`Wdt::file_ids`] record.
pub mod file_id {
    /// The root ADT.
    pub const ROOT: usize = 0;
    /// `_obj0.adt`.
    pub const OBJ0: usize = 1;
    /// `_tex0.adt`.
    pub const TEX0: usize = 3;
    /// The minimap texture.
    pub const MINIMAP: usize = 7;
}

impl Wdt {
    /// Parses a WDT; `name` is used in errors. Errors: no `MVER` 18 first,
    /// no `MPHD` or `MAIN`, `MAIN` shorter than 64 × 64 records, a chunk
    /// running past the end — each naming the file, chunk and offset.
    pub fn parse(bytes: &[u8], name: &str) -> Result<Wdt> {
        let state = ParseState::for_file_len(bytes.len());
        let r = Reader::new(bytes, 0, &state);
        Wdt::parse_in(&r).map_err(|e| e.in_file(name))
    }

    fn parse_in(r: &Reader<'_, '_>) -> Result<Wdt> {
        let all = chunks(r)?;
        let version = mver_18(r, &all)?;
        let find = |tag: &[u8; 4]| all.iter().find(|c| &c.tag == tag);
        let mphd = find(b"MPHD").ok_or_else(|| Error::invalid(0, "no MPHD chunk"))?;
        let flags = r.record(mphd.offset, 4, u32_).at("MPHD")?;
        let main = find(b"MAIN").ok_or_else(|| Error::invalid(0, "no MAIN chunk"))?;
        if main.data.len() < 64 * 64 * 8 {
            let msg = format!("{} bytes, 64 × 64 records of 8 expected", main.data.len());
            return Err(Error::invalid(main.offset, msg)).at("MAIN");
        }
        let tiles =
            (0..64 * 64).filter(|i| main.data[i * 8] & 1 != 0).map(|i| [(i % 64) as u8, (i / 64) as u8]).collect();
        let global_wmo = find(b"MWMO").and_then(|c| strings(c.data).into_iter().next()).map(|(_, s)| s);
        let file_ids = match find(b"MAID") {
            Some(c) if c.data.len() >= 64 * 64 * 32 => Some(
                c.data
                    .chunks_exact(32)
                    .take(64 * 64)
                    .map(|r| {
                        std::array::from_fn(|k| {
                            u32::from_le_bytes([r[4 * k], r[4 * k + 1], r[4 * k + 2], r[4 * k + 3]])
                        })
                    })
                    .collect(),
            ),
            Some(c) => {
                let msg = format!("{} bytes, 64 × 64 records of 32 expected", c.data.len());
                return Err(Error::invalid(c.offset, msg)).at("MAID");
            }
            None => None,
        };
        Ok(Wdt { version, flags, tiles, global_wmo, file_ids })
    }

    /// Whether the map's tiles store uncompressed alpha maps as 8-bit
    /// values (`MPHD` 0x4 or 0x80), else as 4-bit ones.
    pub fn big_alpha(&self) -> bool {
        self.flags & (FLAG_BIG_ALPHA | FLAG_HEIGHT_TEXTURING) != 0
    }

    /// This WDT's bytes in the layout [`Wdt::parse`] reads (`MVER`,
    /// `MPHD`, `MAIN`, and `MWMO` for a global world object): for maps
    /// written by tests, custom maps and exports.
    pub fn write(&self) -> Vec<u8> {
        let chunk = put_chunk;
        let mut out = Vec::new();
        chunk(&mut out, b"MVER", &self.version.to_le_bytes());
        let mut mphd = self.flags.to_le_bytes().to_vec();
        mphd.resize(32, 0);
        chunk(&mut out, b"MPHD", &mphd);
        let mut main = vec![0u8; 64 * 64 * 8];
        for &[x, y] in &self.tiles {
            main[(usize::from(y) * 64 + usize::from(x)) * 8] = 1;
        }
        chunk(&mut out, b"MAIN", &main);
        if let Some(w) = &self.global_wmo {
            chunk(&mut out, b"MWMO", &[w.as_bytes(), &[0]].concat());
        }
        if let Some(ids) = &self.file_ids {
            let maid: Vec<u8> = ids.iter().flat_map(|r| r.iter().flat_map(|v| v.to_le_bytes())).collect();
            chunk(&mut out, b"MAID", &maid);
        }
        out
    }

    /// File `which` ([`file_id`]) of tile `(x, y)` by FileDataID (8.2+; `None`: not given).
    pub fn file_id(&self, x: u8, y: u8, which: usize) -> Option<u32> {
        let r = self.file_ids.as_ref()?.get(usize::from(y) * 64 + usize::from(x))?;
        r.get(which).copied().filter(|&id| id != 0)
    }

    /// The names of the `MPHD` flags set (unknown bits as hex).
    pub fn flag_names(&self) -> Vec<String> {
        let known: u32 = FLAG_NAMES.iter().map(|(b, _)| b).sum();
        let mut names: Vec<String> =
            FLAG_NAMES.iter().filter(|(b, _)| self.flags & b != 0).map(|(_, n)| n.to_string()).collect();
        if self.flags & !known != 0 {
            names.push(format!("{:#x}", self.flags & !known));
        }
        names
    }
}

/// The version in a map file's (WDT, WDL) first chunk, `MVER`, which must
/// be 18: an error naming `MVER` and its offset otherwise.
pub(crate) fn mver_18(r: &Reader<'_, '_>, all: &[Chunk<'_>]) -> Result<u32> {
    let ver = all.first().filter(|c| &c.tag == b"MVER").ok_or_else(|| Error::invalid(0, "no MVER chunk first"))?;
    let version = r.record(ver.offset, 4, u32_).at("MVER")?;
    if version != 18 {
        return Err(Error::new(ver.offset, crate::error::ErrorKind::UnsupportedVersion(version))).at("MVER");
    }
    Ok(version)
}

/// Appends chunk `tag` (written byte-reversed) holding `data` to `out`.
pub(crate) fn put_chunk(out: &mut Vec<u8>, tag: &[u8; 4], data: &[u8]) {
    out.extend(tag.iter().rev());
    out.extend((data.len() as u32).to_le_bytes());
    out.extend(data);
}

/// Whether `bytes` look like a WDT: `MVER` then `MPHD`.
pub fn is_wdt(bytes: &[u8]) -> bool {
    bytes.len() >= 20 && &bytes[..4] == b"REVM" && &bytes[12..16] == b"DHPM"
}

/// The tile a map tile's file name `stem` gives, as `(map, x, y,
/// underscored)`: `Map_32_48` (the clients' names) or `continent4229` (two
/// digits each, as some collections name tiles); `None` for other names.
pub fn tile_name(stem: &str) -> Option<(&str, u8, u8, bool)> {
    let parts: Vec<&str> = stem.rsplitn(3, '_').collect();
    if let [y, x, map] = parts.as_slice()
        && let (Ok(x), Ok(y)) = (x.parse::<u8>(), y.parse::<u8>())
    {
        return (x < 64 && y < 64).then_some((map, x, y, true));
    }
    let digits = stem.len().checked_sub(4).filter(|&i| i > 0 && stem.is_char_boundary(i))?;
    let (x, y) = (stem[digits..digits + 2].parse::<u8>().ok()?, stem[digits + 2..].parse::<u8>().ok()?);
    (x < 64 && y < 64).then_some((&stem[..digits], x, y, false))
}

/// The WDT file name a tile named `stem` may have beside it: the map's
/// name ([`tile_name`]) then `.wdt`.
pub fn wdt_name_for_tile(stem: &str) -> Option<String> {
    tile_name(stem).map(|(map, ..)| format!("{map}.wdt"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_wdt_reads_back() {
        let w =
            Wdt { version: 18, flags: 0x84, tiles: vec![[3, 0], [10, 20], [63, 63]], global_wmo: None, file_ids: None };
        assert_eq!(Wdt::parse(&w.write(), "t.wdt").unwrap(), w);
        let mut ids = vec![[0u32; 8]; 4096];
        ids[20 * 64 + 10] = [1, 2, 3, 4, 5, 6, 7, 8];
        let m = Wdt { file_ids: Some(ids), ..w.clone() };
        let back = Wdt::parse(&m.write(), "m.wdt").unwrap();
        assert_eq!((back.file_id(10, 20, file_id::MINIMAP), back.file_id(3, 0, file_id::ROOT)), (Some(8), None));
        let g = Wdt { tiles: Vec::new(), global_wmo: Some("World\\wmo\\x.wmo".into()), ..w };
        assert_eq!(Wdt::parse(&g.write(), "g.wdt").unwrap(), g);
    }

    #[test]
    fn tile_names_lead_to_their_map() {
        assert_eq!(tile_name("Azeroth_32_48"), Some(("Azeroth", 32, 48, true)));
        assert_eq!(tile_name("continent4229"), Some(("continent", 42, 29, false)));
        assert_eq!(tile_name("Azeroth_99_1"), None);
        assert_eq!(wdt_name_for_tile("continent4229").as_deref(), Some("continent.wdt"));
        assert_eq!(wdt_name_for_tile("inn"), None);
    }
}
