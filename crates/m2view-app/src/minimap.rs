//! A whole map's minimap: its 64 × 64 tile grid scaled to a picture, one
//! cell per tile, x to the right and y down as in the tiles' names
//! (`Map_x_y.adt`), absent tiles in the background colour.
//!
//! A tile's cell shows the client's minimap texture where the game data
//! has one — by FileDataID in an 8.2+ WDT (`MAID`), else through
//! `textures/Minimap/md5translate.trs` (wowdev wiki "TRS": `dir: <map>`
//! lines, then `<map>\map<x>_<y>.blp` and the hashed file's name,
//! tab-separated) — else the tile drawn here from above: each
//! chunk's texture layers as their textures' mean colours blended by the
//! alpha maps, shaded by the terrain's normals, liquids over them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use m2view_format::adt::{Adt, FileRef, LiquidKind, liquid_color};
use m2view_format::blp::RgbaImage;

use crate::AppError;
use crate::maps::WholeMap;

/// Where the cells come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Source {
    /// The client's minimap textures where they exist, else drawn.
    #[default]
    Auto,
    /// Always drawn from the tiles.
    Drawn,
}

/// A minimap and how its cells were filled.
pub struct Minimap {
    /// The picture.
    pub image: RgbaImage,
    /// Tiles shown by the client's minimap textures.
    pub from_client: usize,
    /// Tiles drawn from their terrain.
    pub drawn: usize,
    /// Tiles that could not be shown (each names the file and why).
    pub warnings: Vec<String>,
}

/// The client's minimap textures of `map` by tile: by FileDataID in an
/// 8.2+ WDT (`MAID`), else from the `md5translate.trs` of its files (none
/// when it is absent or names none).
fn client_textures(map: &WholeMap) -> HashMap<(u8, u8), PathBuf> {
    use m2view_format::adt::wdt::file_id;
    if map.wdt.file_ids.is_some() {
        let ids = map.wdt.tiles.iter().filter_map(|&[x, y]| Some(((x, y), map.wdt.file_id(x, y, file_id::MINIMAP)?)));
        return ids.map(|(t, id)| (t, PathBuf::from(format!("fdid:{id}")))).collect();
    }
    let files = map.files();
    let dir = Path::new("textures/Minimap");
    let Some(trs) = files.find(&dir.join("md5translate.trs")) else { return HashMap::new() };
    let text = files.read(&trs).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
    let mut out = HashMap::new();
    for line in text.lines() {
        let Some((name, hashed)) = line.split_once('\t') else { continue };
        let mut parts = name.rsplitn(2, ['\\', '/']);
        let (Some(file), Some(map_dir)) = (parts.next(), parts.next()) else { continue };
        if !map_dir.eq_ignore_ascii_case(&map.directory) {
            continue;
        }
        let xy = file.to_ascii_lowercase();
        let Some((x, y)) = xy.strip_prefix("map").and_then(|r| r.strip_suffix(".blp")).and_then(|r| r.split_once('_'))
        else {
            continue;
        };
        if let (Ok(x), Ok(y)) = (x.parse::<u8>(), y.parse::<u8>())
            && x < 64
            && y < 64
        {
            out.insert((x, y), dir.join(hashed.trim().replace('\\', "/")));
        }
    }
    out
}

/// Draws map `map` at `width` × `height` pixels (see the module docs),
/// absent tiles in `background` (RGBA).
///
/// # Errors
/// A size of 0 or over 16384.
pub fn render(
    map: &WholeMap,
    width: u32,
    height: u32,
    source: Source,
    background: [u8; 4],
) -> Result<Minimap, AppError> {
    render_region(map, [0, 0], [63, 63], [width, height], source, background)
}

/// Draws the tiles from `first` to `last` (`[x, y]`, inclusive) of map
/// `map` over `size` (`[width, height]` pixels), as [`render`] draws the
/// whole grid.
///
/// # Errors
/// A size of 0 or over 16384, or `last` before `first`.
pub fn render_region(
    map: &WholeMap,
    first: [u8; 2],
    last: [u8; 2],
    size: [u32; 2],
    source: Source,
    background: [u8; 4],
) -> Result<Minimap, AppError> {
    let [width, height] = size;
    if width == 0 || height == 0 || width > 16384 || height > 16384 || last[0] < first[0] || last[1] < first[1] {
        return Err(AppError::Failure(format!("a minimap of {width}x{height}: sizes from 1 to 16384")));
    }
    let (cols, rows) = (u32::from(last[0] - first[0]) + 1, u32::from(last[1] - first[1]) + 1);
    let mut image = RgbaImage { width, height, pixels: background.repeat(width as usize * height as usize) };
    let client = if source == Source::Auto { client_textures(map) } else { HashMap::new() };
    let colours = std::sync::Mutex::new(TextureColours::default());
    let inside = |t: &&[u8; 2]| (first[0]..=last[0]).contains(&t[0]) && (first[1]..=last[1]).contains(&t[1]);
    let tiles: Vec<[u8; 2]> = map.wdt.tiles.iter().filter(inside).copied().collect();
    // Each tile's cell on its own thread (rayon); placed in the picture after.
    let cells: Vec<Cell> = {
        use rayon::prelude::*;
        tiles
            .par_iter()
            .map(|&[x, y]| {
                let (cx, cy) = (u32::from(x - first[0]), u32::from(y - first[1]));
                let (x0, x1) = (cx * width / cols, (cx + 1) * width / cols);
                let (y0, y1) = (cy * height / rows, (cy + 1) * height / rows);
                let (w, h) = ((x1 - x0).max(1), (y1 - y0).max(1));
                let (cell, note) = match client.get(&(x, y)).map(|p| client_cell(map, p, w, h)) {
                    Some(Ok(c)) => (Ok((c, true)), None),
                    other => {
                        let note = match other {
                            Some(Err(e)) => Some(e.to_string()),
                            _ => None,
                        };
                        let drawn = map.tile(x, y).map(|t| (draw_tile(&t.adt, map, &colours, w, h), false));
                        (drawn, note)
                    }
                };
                Cell { x0: x0.min(width - 1), y0: y0.min(height - 1), picture: cell, note }
            })
            .collect()
    };
    let (mut from_client, mut drawn, mut warnings) = (0, 0, Vec::new());
    for Cell { x0, y0, picture, note } in cells {
        warnings.extend(note);
        match picture {
            Ok((c, client)) => {
                *(if client { &mut from_client } else { &mut drawn }) += 1;
                blit(&mut image, &c, x0, y0);
            }
            Err(e) => warnings.push(e.to_string()),
        }
    }
    let colours = colours.into_inner().unwrap_or_else(|e| e.into_inner());
    warnings.extend(colours.warnings);
    Ok(Minimap { image, from_client, drawn, warnings })
}

/// One tile's cell: where it goes, its picture (and whether it is the
/// client's texture) or why there is none, and a note (a client texture
/// that did not read, the cell drawn instead).
struct Cell {
    x0: u32,
    y0: u32,
    picture: Result<(RgbaImage, bool), AppError>,
    note: Option<String>,
}

/// The client's minimap texture `path`, scaled to `w` × `h`.
fn client_cell(map: &WholeMap, path: &Path, w: u32, h: u32) -> Result<RgbaImage, AppError> {
    let files = map.files();
    let found = files.find(path).ok_or_else(|| {
        AppError::Input(format!("{}: the client's minimap texture, not in the game data", path.display()))
    })?;
    let bytes = files.read(&found).map_err(AppError::input)?;
    let img = m2view_texture::file::decode_level(&found.to_string_lossy(), &bytes, 0).map_err(AppError::input)?;
    Ok(scaled(&img, w, h))
}

/// `img` scaled to `w` × `h` (each pixel the mean of the pixels it covers).
fn scaled(img: &RgbaImage, w: u32, h: u32) -> RgbaImage {
    let (sw, sh) = (img.width.max(1), img.height.max(1));
    let mut pixels = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        let (ya, yb) = (y * sh / h, ((y + 1) * sh / h).max(y * sh / h + 1).min(sh));
        for x in 0..w {
            let (xa, xb) = (x * sw / w, ((x + 1) * sw / w).max(x * sw / w + 1).min(sw));
            let mut sum = [0u32; 4];
            for sy in ya..yb {
                for sx in xa..xb {
                    let i = ((sy * img.width + sx) * 4) as usize;
                    for (s, p) in sum.iter_mut().zip(img.pixels.get(i..i + 4).unwrap_or(&[0; 4])) {
                        *s += u32::from(*p);
                    }
                }
            }
            let n = ((yb - ya) * (xb - xa)).max(1);
            pixels.extend(sum.map(|s| (s / n) as u8));
        }
    }
    RgbaImage { width: w, height: h, pixels }
}

/// Copies `cell` into `image` at `(x0, y0)`, clipped.
fn blit(image: &mut RgbaImage, cell: &RgbaImage, x0: u32, y0: u32) {
    for y in 0..cell.height.min(image.height - y0) {
        let src = (y * cell.width * 4) as usize;
        let dst = (((y0 + y) * image.width + x0) * 4) as usize;
        let n = (cell.width.min(image.width - x0) * 4) as usize;
        image.pixels[dst..dst + n].copy_from_slice(&cell.pixels[src..src + n]);
    }
}

/// The mean colour of each terrain texture, decoded once.
#[derive(Default)]
struct TextureColours {
    by_name: HashMap<String, [f32; 3]>,
    warnings: Vec<String>,
}

impl TextureColours {
    /// The mean colour (0–1) of texture `k` of `adt`, grey when it cannot
    /// be read (said once).
    fn get(&mut self, adt: &Adt, k: usize, map: &WholeMap) -> [f32; 3] {
        let Some(r) = adt.textures.get(k) else { return [0.5; 3] };
        let key = match r {
            FileRef::Path(p) => p.replace('\\', "/"),
            FileRef::FileDataId(id) => format!("fdid:{id}"),
        };
        if let Some(c) = self.by_name.get(&key) {
            return *c;
        }
        let files = map.files();
        let colour = files
            .find(Path::new(&key))
            .ok_or_else(|| format!("{key}: a terrain texture not in the game data; its tiles are drawn grey"))
            .and_then(|p| files.read(&p).map_err(|e| e.to_string()).map(|b| (p, b)))
            .and_then(|(p, b)| {
                let blp_levels = m2view_format::blp::Blp::parse(b.clone()).map(|blp| blp.mips.len()).unwrap_or(1);
                m2view_texture::file::decode_level(&p.to_string_lossy(), &b, blp_levels.saturating_sub(1))
                    .map_err(|e| e.to_string())
            })
            .map(|img| mean(&img));
        let c = colour.unwrap_or_else(|e| {
            self.warnings.push(e);
            [0.5; 3]
        });
        self.by_name.insert(key, c);
        c
    }
}

fn mean(img: &RgbaImage) -> [f32; 3] {
    let n = (img.pixels.len() / 4).max(1) as f32;
    let mut s = [0f32; 3];
    for p in img.pixels.chunks_exact(4) {
        for (s, &v) in s.iter_mut().zip(p) {
            *s += f32::from(v) / 255.0;
        }
    }
    s.map(|v| v / n)
}

/// Tile `adt` drawn from above at `w` × `h`: per pixel, its chunk's layers
/// blended by their alpha maps, shaded by the nearest outer vertex's
/// normal (light from the upper left, high), liquid over it.
fn draw_tile(adt: &Adt, map: &WholeMap, colours: &std::sync::Mutex<TextureColours>, w: u32, h: u32) -> RgbaImage {
    let mut at = [[None; 16]; 16];
    for (i, c) in adt.chunks.iter().enumerate() {
        if let (Some(row), true) = (at.get_mut(c.index[1] as usize), c.index[0] < 16) {
            row[c.index[0] as usize] = Some(i);
        }
    }
    let light = {
        let l = [-0.5f32, -0.5, 0.707];
        let n = (l[0] * l[0] + l[1] * l[1] + l[2] * l[2]).sqrt();
        l.map(|v| v / n)
    };
    let layer_colours: Vec<Vec<[f32; 3]>> = adt
        .chunks
        .iter()
        .map(|c| {
            let mut colours = colours.lock().unwrap_or_else(|e| e.into_inner());
            c.layers.iter().map(|l| colours.get(adt, l.texture as usize, map)).collect()
        })
        .collect();
    let mut pixels = Vec::with_capacity((w * h * 4) as usize);
    for py in 0..h {
        let v = (py as f32 + 0.5) / h as f32 * 16.0;
        for px in 0..w {
            let u = (px as f32 + 0.5) / w as f32 * 16.0;
            let (cx, cy) = ((u as usize).min(15), (v as usize).min(15));
            let Some(ci) = at[cy][cx] else {
                pixels.extend([0, 0, 0, 255]);
                continue;
            };
            let chunk = &adt.chunks[ci];
            let (fu, fv) = (u - cx as f32, v - cy as f32);
            let layers = &layer_colours[ci];
            let mut c = layers.first().copied().unwrap_or([0.5; 3]);
            let (ax, ay) = (((fu * 64.0) as usize).min(63), ((fv * 64.0) as usize).min(63));
            for (l, lc) in layers.iter().enumerate().skip(1) {
                let a = chunk.alpha.get(l).and_then(|m| m.get(ay * 64 + ax)).map_or(0.0, |&a| f32::from(a) / 255.0);
                for k in 0..3 {
                    c[k] = c[k] * (1.0 - a) + lc[k] * a;
                }
            }
            let (r, col) = (((fv * 8.0).round() as usize).min(8), ((fu * 8.0).round() as usize).min(8));
            let n = chunk.normals.get(r * 17 + col).copied().unwrap_or([0.0, 0.0, 1.0]);
            let shade = 0.55 + 0.45 * (n[0] * light[0] + n[1] * light[1] + n[2] * light[2]).max(0.0);
            c = c.map(|v| v * shade);
            if let Some(kind) = liquid_at(adt, ci, fu, fv) {
                let (lc, _) = liquid_color(kind);
                for k in 0..3 {
                    c[k] = c[k] * 0.35 + lc[k] * 0.65;
                }
            }
            pixels.extend([c[0], c[1], c[2]].map(|v| (v.clamp(0.0, 1.0) * 255.0) as u8));
            pixels.push(255);
        }
    }
    RgbaImage { width: w, height: h, pixels }
}

/// The liquid over point `(fu, fv)` (0–1 within the chunk) of chunk `ci`.
fn liquid_at(adt: &Adt, ci: usize, fu: f32, fv: f32) -> Option<LiquidKind> {
    let (col, row) = (((fu * 8.0) as usize).min(7), ((fv * 8.0) as usize).min(7));
    adt.liquids.iter().filter(|l| l.chunk == ci).find_map(|l| {
        let (c, r) = (col.checked_sub(usize::from(l.origin[0]))?, row.checked_sub(usize::from(l.origin[1]))?);
        let (cols, rows) = (usize::from(l.size[0]), usize::from(l.size[1]));
        (c < cols && r < rows && l.cells.get(r * cols + c).copied().unwrap_or(true)).then_some(l.kind)
    })
}
