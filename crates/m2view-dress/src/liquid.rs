//! Liquid surfaces dressed as the client dresses them: each liquid type a
//! map tile or WMO draws ([`LiquidSlot`]) takes its texture from the
//! client's tables — `LiquidTypeXTexture` by FileDataID (7.3+), else
//! `LiquidType.Texture[0]` by path (3.0–7.2) — or, where no table names
//! one (1.x and 2.x tables, or no table at all), the path those clients
//! hard-code for its kind (WoWMapViewer `liquid.cpp`; the 3.3.5 table's
//! rows 1–4 name the same files). The first animation frame is drawn
//! (`%d` = 1; the client cycles 30), white at the kind's opacity. A
//! texture not found leaves the surface in its kind's flat colour and
//! says so once.

use m2view_db::liquid::{LiquidTextureRow, LiquidTypeRow, liquid_texture_rows, liquid_type_rows};
use m2view_format::adt::{LiquidKind, liquid_color};
use m2view_format::model::{ColorAnim, LiquidSlot, Track};
use m2view_format::{LoadedModel, TextureSource};

use crate::tables::ClientTables;

/// The texture clients before 3.0 draw liquids of `kind` with, `%d` the
/// frame (WoWMapViewer `liquid.cpp`, `initTextures`; 3.3.5's
/// `LiquidType.dbc` rows 1–4: Water, Ocean, Magma, Slime).
pub fn classic_texture(kind: LiquidKind) -> &'static str {
    match kind {
        LiquidKind::Water => r"XTextures\river\lake_a.%d.blp",
        LiquidKind::Ocean => r"XTextures\ocean\ocean_h.%d.blp",
        LiquidKind::Magma => r"XTextures\lava\lava.%d.blp",
        LiquidKind::Slime => r"XTextures\slime\slime.%d.blp",
    }
}

/// The texture of `slot` as found beside `lm` (`None`: not found) and its
/// name for messages: its `LiquidTypeXTexture` FileDataID (the lowest
/// `OrderIndex`), else its `LiquidType` path, else its kind's classic
/// path; the first frame.
fn texture_of(
    lm: &LoadedModel,
    slot: &LiquidSlot,
    types: &[LiquidTypeRow],
    textures: &[LiquidTextureRow],
) -> (Option<std::path::PathBuf>, String) {
    let by_id = textures.iter().filter(|t| t.liquid_type == slot.liquid_type && t.file_data_id != 0);
    if let Some(t) = by_id.min_by_key(|t| t.order) {
        return (lm.find_fdid(t.file_data_id, "blp"), format!("FileDataID {}", t.file_data_id));
    }
    let row = types.iter().find(|r| r.id == slot.liquid_type);
    let path = row.and_then(|r| r.texture_frame(1));
    let path = path.unwrap_or_else(|| classic_texture(slot.kind).replace("%d", "1"));
    (lm.find_game_file(&path), path)
}

/// Fills `lm`'s liquid texture slots (see the module docs). A slot whose
/// texture is not found is taken off its batches (they draw in the kind's
/// colour); one warning names those textures. A broken table is a warning.
pub fn dress_liquids(lm: &mut LoadedModel, tables: &ClientTables) {
    if lm.model.liquids.is_empty() {
        return;
    }
    let types = rows(lm, tables, "LiquidType", liquid_type_rows);
    let textures = rows(lm, tables, "LiquidTypeXTexture", liquid_texture_rows);
    let mut missing = Vec::new();
    for slot in lm.model.liquids.clone() {
        let (file, label) = texture_of(lm, &slot, &types, &textures);
        let t = slot.texture.index();
        match file {
            Some(path) => {
                lm.texture_files[t] = Some(path);
                let alpha = liquid_color(slot.kind).1;
                lm.model.colors[slot.color as usize] =
                    ColorAnim { color: Track::constant([1.0; 3]), alpha: Track::constant(alpha) };
            }
            None => {
                lm.model.textures[t].source = TextureSource::None;
                for b in lm.model.lods.iter_mut().flat_map(|l| l.batches.iter_mut()) {
                    b.textures.retain(|s| s.texture != Some(slot.texture));
                }
                missing.push(format!("{label} (LiquidType {})", slot.liquid_type));
            }
        }
    }
    if !missing.is_empty() {
        lm.model.warnings.push(format!("liquid textures not found, drawn in flat colours: {}", missing.join(", ")));
    }
}

/// The rows of table `name` (none where it is absent; a broken one is a warning in `lm`).
fn rows<T: Send + Sync + 'static>(
    lm: &mut LoadedModel,
    tables: &ClientTables,
    name: &'static str,
    decode: fn(&m2view_db::table::Table) -> m2view_db::Result<Vec<T>>,
) -> std::sync::Arc<Vec<T>> {
    tables
        .rows(name, decode)
        .unwrap_or_else(|e| {
            lm.model.warnings.push(format!("liquid textures: {e}"));
            None
        })
        .unwrap_or_default()
}
