//! A texture or a client table opened in the window in place of the 3D
//! view (from the path field, the file dialog, a dropped file or the
//! browser). UI state only: the panels in `ui::texture_view` and
//! `ui::table_view` draw and edit it; decoding goes through the same
//! functions as `m2view info` and `export` (`m2view_texture::file`,
//! [`crate::tables`]).

use std::path::{Path, PathBuf};

use m2view_db::table::{Table, Value};
use m2view_format::blp::RgbaImage;

use crate::open::OpenOptions;
use m2view_texture::file::TextureInfo;

/// What the window shows instead of a model.
pub enum Document {
    /// A texture.
    Texture(TextureDoc),
    /// A client table.
    Table(TableDoc),
}

impl Document {
    /// Whether `path` opens as a document (a texture or a table by name).
    pub fn is_document(path: &Path) -> bool {
        let name = path.to_string_lossy();
        m2view_texture::file::is_texture_name(&name)
            || crate::tables::is_table_name(&name)
            || crate::maps::map_of(path).is_some()
    }

    /// The document's tab title: its file name, without the folders.
    pub fn title(&self) -> String {
        let path = match self {
            Document::Texture(t) => t.name.clone(),
            Document::Table(t) => t.path.to_string_lossy().into_owned(),
        };
        path.rsplit(['/', '\\']).next().unwrap_or(&path).to_string()
    }

    /// Opens texture or table `path` (a virtual path with data sources, else
    /// on disk). Errors: it cannot be read, or does not decode (the message
    /// names the file, structure and offset).
    pub fn open(path: &Path, opts: &OpenOptions) -> Result<Document, String> {
        let name = path.to_string_lossy().into_owned();
        if crate::tables::is_table_name(&name) {
            let table = crate::tables::open(path, opts).map_err(|e| e.to_string())?;
            return Ok(Document::Table(TableDoc::new(path.to_path_buf(), table)));
        }
        let (name, bytes, map) = match crate::maps::map_of(path) {
            Some(dir) => minimap_blp(dir, opts)?,
            None => (name, crate::open::read(path, opts).map_err(|e| e.to_string())?, None),
        };
        let info = m2view_texture::file::texture_info(&name, &bytes).map_err(|e| e.to_string())?;
        let mut doc = TextureDoc {
            name,
            bytes,
            info,
            mip: 0,
            channels: [true; 4],
            checker: true,
            zoom: 1.0,
            pan: [0.0, 0.0],
            level: Err(String::new()),
            handle: None,
            map,
        };
        doc.set_mip(0);
        Ok(Document::Texture(doc))
    }
}

/// Map `dir`'s minimap (1024 × 1024, the client's minimap textures where
/// there, else drawn) as an uncompressed BLP named `map:<dir> minimap.blp`
/// (uncompressed: the texture view bounds a decode by its file's size),
/// with its tiles to pick from.
fn minimap_blp(dir: &str, opts: &OpenOptions) -> Result<(String, Vec<u8>, Option<MapPick>), String> {
    let map = crate::maps::open(dir, opts).map_err(|e| e.to_string())?;
    let m = crate::minimap::render(&map, 1024, 1024, crate::minimap::Source::Auto, [0x30, 0x30, 0x30, 255])
        .map_err(|e| e.to_string())?;
    let blp = m2view_format::blp::write_blp2_raw(m.image.width, m.image.height, &[m.image.pixels]);
    let pick = MapPick { directory: map.directory.clone(), tiles: map.wdt.tiles.clone(), selection: None };
    Ok((format!("map:{} minimap.blp", map.directory), blp, Some(pick)))
}

/// A map's minimap in the texture view: its 64 × 64 tile grid (x right,
/// y down, as `Map_x_y.adt`) and the tiles picked on it.
#[derive(Debug, Clone, PartialEq)]
pub struct MapPick {
    /// The map's folder (`map:` names it).
    pub directory: String,
    /// The tiles it has.
    pub tiles: Vec<[u8; 2]>,
    /// The corners of the rectangle picked (click a tile; shift-click another).
    pub selection: Option<[[u8; 2]; 2]>,
}

impl MapPick {
    /// Picks tile `tile` (`extend`: the rectangle from the first corner to it).
    pub fn click(&mut self, tile: [u8; 2], extend: bool) {
        self.selection = match self.selection {
            Some([a, _]) if extend => Some([a, tile]),
            _ => Some([tile, tile]),
        };
    }

    /// The rectangle picked, its corners ordered: lowest x and y first.
    pub fn rectangle(&self) -> Option<[[u8; 2]; 2]> {
        let [a, b] = self.selection?;
        Some([[a[0].min(b[0]), a[1].min(b[1])], [a[0].max(b[0]), a[1].max(b[1])]])
    }

    /// The picked rectangle as `--tiles` takes it (`X1_Y1..X2_Y2`).
    pub fn range(&self) -> Option<String> {
        let [a, b] = self.rectangle()?;
        Some(format!("{}_{}..{}_{}", a[0], a[1], b[0], b[1]))
    }

    /// The map's tiles inside the picked rectangle.
    pub fn picked(&self) -> Vec<[u8; 2]> {
        let Some([a, b]) = self.rectangle() else { return Vec::new() };
        let inside = |t: &&[u8; 2]| (a[0]..=b[0]).contains(&t[0]) && (a[1]..=b[1]).contains(&t[1]);
        self.tiles.iter().filter(inside).copied().collect()
    }
}

/// A texture shown flat: one mip level, the channels picked, zoomed and
/// panned, alpha over a checkerboard.
pub struct TextureDoc {
    /// A map's minimap: its tiles to pick (`None`: a texture file).
    pub map: Option<MapPick>,
    /// The file as opened.
    pub name: String,
    bytes: Vec<u8>,
    /// What `m2view info` says of it.
    pub info: TextureInfo,
    /// The mip level shown.
    pub mip: usize,
    /// R, G, B, A shown. One alone is shown as grey; without A the image is opaque.
    pub channels: [bool; 4],
    /// Draw transparent pixels over a checkerboard (else over the background).
    pub checker: bool,
    /// Screen points a texel.
    pub zoom: f32,
    /// Offset of the image's centre from the view's, points.
    pub pan: [f32; 2],
    /// The level shown, decoded, or why it does not decode.
    pub level: Result<RgbaImage, String>,
    /// The GPU copy of [`TextureDoc::shown`] and the (mip, channels) it was made for.
    pub handle: Option<((usize, [bool; 4]), egui::TextureHandle)>,
}

impl TextureDoc {
    /// Shows mip level `mip` (decoded now; an error is kept and shown).
    pub fn set_mip(&mut self, mip: usize) {
        self.mip = mip;
        self.level = m2view_texture::file::decode_level(&self.name, &self.bytes, mip).map_err(|e| e.to_string());
    }

    /// The pixels of the level shown with the channels picked: one channel
    /// alone as opaque grey; else the picked colour channels (the others
    /// 0) with the alpha when A is picked, opaque when not.
    pub fn shown(&self) -> Option<RgbaImage> {
        let level = self.level.as_ref().ok()?;
        let [r, g, b, a] = self.channels;
        let only = match self.channels.iter().filter(|&&c| c).count() {
            1 => self.channels.iter().position(|&c| c),
            _ => None,
        };
        let pixels = level
            .pixels
            .chunks_exact(4)
            .flat_map(|p| match only {
                Some(c) => [p[c], p[c], p[c], 255],
                None => [p[0] * r as u8, p[1] * g as u8, p[2] * b as u8, if a { p[3] } else { 255 }],
            })
            .collect();
        Some(RgbaImage { width: level.width, height: level.height, pixels })
    }
}

/// A client table shown as a grid: searched, sorted, and a row's model
/// opened from it.
pub struct TableDoc {
    /// The file as opened.
    pub path: PathBuf,
    /// The table.
    pub table: Table,
    /// Column headings: a plain column's name, an array's `Name[k]`.
    pub headings: Vec<String>,
    /// The (column, element) each heading shows.
    cells: Vec<(usize, usize)>,
    /// The search text (rows with a cell containing it, any case).
    pub search: String,
    /// The heading sorted by and whether ascending.
    pub sort: Option<(usize, bool)>,
    /// Row indices shown, in order.
    pub order: Vec<usize>,
}

impl TableDoc {
    fn new(path: PathBuf, table: Table) -> TableDoc {
        let mut headings = Vec::new();
        let mut cells = Vec::new();
        for (i, c) in table.columns().iter().enumerate() {
            for k in 0..c.count as usize {
                headings.push(if c.count == 1 { c.name.clone() } else { format!("{}[{k}]", c.name) });
                cells.push((i, k));
            }
        }
        let order = (0..table.len()).collect();
        TableDoc { path, table, headings, cells, search: String::new(), sort: None, order }
    }

    fn value(&self, row: usize, heading: usize) -> Option<Value> {
        let (c, k) = *self.cells.get(heading)?;
        self.table.row_at(row)?.value(c, k).ok()
    }

    /// The text of row `row` (a file-order index) under heading `heading`
    /// (`?` where the cell cannot be read).
    pub fn cell(&self, row: usize, heading: usize) -> String {
        self.value(row, heading).map_or_else(|| "?".into(), |v| v.to_string())
    }

    /// Keeps the rows with a cell containing `text` (any case), in the
    /// current sort.
    pub fn set_search(&mut self, text: &str) {
        self.search = text.to_string();
        let needle = text.to_lowercase();
        let rows: Vec<usize> = (0..self.table.len())
            .filter(|&r| {
                needle.is_empty() || (0..self.headings.len()).any(|h| self.cell(r, h).to_lowercase().contains(&needle))
            })
            .collect();
        self.order = rows;
        if let Some((h, asc)) = self.sort {
            self.sort_rows(h, asc);
        }
    }

    /// Sorts by heading `heading`: ascending, or descending when it was
    /// already ascending. Numbers by value, text ignoring case.
    pub fn sort_by(&mut self, heading: usize) {
        let ascending = self.sort != Some((heading, true));
        self.sort = Some((heading, ascending));
        self.sort_rows(heading, ascending);
    }

    fn sort_rows(&mut self, heading: usize, ascending: bool) {
        let key = |v: Option<Value>| match v {
            Some(Value::Int(i)) => (0, i as f64, String::new()),
            Some(Value::UInt(u)) => (0, u as f64, String::new()),
            Some(Value::Float(f)) => (0, f as f64, String::new()),
            Some(Value::Text(t)) => (1, 0.0, t.to_lowercase()),
            None => (2, 0.0, String::new()),
        };
        let mut keyed: Vec<_> = self.order.iter().map(|&r| (key(self.value(r, heading)), r)).collect();
        keyed.sort_by(|a, b| {
            let o = a.0.0.cmp(&b.0.0).then(a.0.1.total_cmp(&b.0.1)).then_with(|| a.0.2.cmp(&b.0.2));
            if ascending { o.then(a.1.cmp(&b.1)) } else { o.reverse().then(a.1.cmp(&b.1)) }
        });
        self.order = keyed.into_iter().map(|(_, r)| r).collect();
    }

    /// The model row `row` names, to open, and the display to dress it in:
    /// a `CreatureModelData` row's model; a `CreatureDisplayInfo` row's
    /// model (through `CreatureModelData` beside the table, in `--dbc` or
    /// in the data sources) in that display. `None`: this table names no
    /// model. Errors: the model cannot be found (says why).
    pub fn model_of(&self, row: usize, opts: &OpenOptions) -> Option<Result<(PathBuf, Option<u32>), String>> {
        let r = self.table.row_at(row)?;
        let name = self.table.name.to_ascii_lowercase();
        let found = match name.as_str() {
            "creaturemodeldata" => {
                let rows = m2view_db::creature::model_rows(&self.table).map_err(|e| e.to_string());
                rows.and_then(|rows| {
                    let m = rows.into_iter().find(|m| m.id == r.id()).ok_or("no such row")?;
                    Ok((m2view_dress::character::npc::model_path(&m), None))
                })
            }
            "creaturedisplayinfo" => {
                // The tables beside this one first.
                let mut with_here = opts.clone();
                if let Some(dir) = self.path.parent().filter(|d| d.is_dir()) {
                    with_here.dbc.insert(0, dir.to_path_buf());
                }
                crate::character::npc_model(&with_here, r.id())
                    .map(|p| (p.display().to_string(), Some(r.id())))
                    .map_err(|e| e.to_string())
            }
            _ => return None,
        };
        Some(found.map(|(game_path, display)| (self.resolve(&game_path, opts), display)))
    }

    /// Where game path `game_path` is: as it is with data sources (a
    /// virtual path); else under the folder holding this table's
    /// `DBFilesClient` folder, when it is there on disk.
    fn resolve(&self, game_path: &str, opts: &OpenOptions) -> PathBuf {
        let relative = game_path.replace('\\', "/");
        if opts.load.data.is_none()
            && let Some(root) = self.path.parent().and_then(Path::parent)
            && root.join(&relative).is_file()
        {
            return root.join(relative);
        }
        PathBuf::from(game_path)
    }
}
