//! Liquid surfaces dressed as the client dresses them: each liquid type a
//! map tile or WMO draws ([`LiquidSlot`]) takes its texture from the
//! client's tables — `LiquidTypeXTexture` by FileDataID (7.3+), else
//! `LiquidType.Texture[0]` by path (3.0–7.2) — or, where no table names
//! one (1.x and 2.x tables, or no table at all), the path those clients
//! hard-code for its kind (WoWMapViewer `liquid.cpp`; the 3.3.5 table's
//! rows 1–4 name the same files). A path's `%d` is the animation frame:
//! frames 1, 2, … as far as they are found ([`LIQUID_FRAMES`] at most)
//! cycle every [`LIQUID_FRAME_MS`] as a [`TextureFlipbook`] on a global
//! sequence of their length (a FileDataID names one frame). Drawn white at
//! the kind's opacity. A texture not found leaves the surface in its kind's
//! flat colour and says so once.

use m2view_db::liquid::{LiquidTextureRow, LiquidTypeRow, liquid_texture_rows, liquid_type_rows};
use m2view_format::adt::{LiquidKind, liquid_color};
use m2view_format::model::{ColorAnim, LiquidSlot, Texture, TextureFlipbook, TextureId, Track};
use m2view_format::{LoadedModel, TextureSource};

use crate::tables::ClientTables;

/// The animation frames a liquid texture has at most (WoWMapViewer
/// `liquid.cpp`: `initTextures<1, 30>`).
pub const LIQUID_FRAMES: u32 = 30;

/// How long each frame of a liquid shows, ms (WoWMapViewer `liquid.cpp`:
/// frame `animtime / 60` of the textures).
pub const LIQUID_FRAME_MS: u32 = 60;

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

/// The frames of `slot`'s texture as found beside `lm` (none: not found)
/// and its name for messages: its `LiquidTypeXTexture` FileDataID (the
/// lowest `OrderIndex`; one frame), else its `LiquidType` path, else its
/// kind's classic path, frames 1, 2, … while they are found.
fn frames_of(
    lm: &LoadedModel,
    slot: &LiquidSlot,
    types: &[LiquidTypeRow],
    textures: &[LiquidTextureRow],
) -> (Vec<std::path::PathBuf>, String) {
    let by_id = textures.iter().filter(|t| t.liquid_type == slot.liquid_type && t.file_data_id != 0);
    if let Some(t) = by_id.min_by_key(|t| t.order) {
        return (lm.find_fdid(t.file_data_id, "blp").into_iter().collect(), format!("FileDataID {}", t.file_data_id));
    }
    let row = types.iter().find(|r| r.id == slot.liquid_type).filter(|r| !r.texture.is_empty());
    let template = row.map_or(classic_texture(slot.kind), |r| r.texture.as_str());
    let frames =
        (1..=LIQUID_FRAMES).map_while(|k| lm.find_game_file(&template.replace("%d", &k.to_string()))).collect();
    (frames, template.replace("%d", "1"))
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
        let (frames, label) = frames_of(lm, &slot, &types, &textures);
        let t = slot.texture.index();
        match frames.split_first() {
            Some((first, more)) => {
                lm.texture_files[t] = Some(first.clone());
                let alpha = liquid_color(slot.kind).1;
                lm.model.colors[slot.color as usize] =
                    ColorAnim { color: Track::constant([1.0; 3]), alpha: Track::constant(alpha) };
                if !more.is_empty() {
                    animate(lm, slot.texture, more);
                }
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

/// Makes texture slot `first` the first frame of a flipbook whose other
/// frames are the files `more`: one slot each, on a global sequence of
/// their length.
fn animate(lm: &mut LoadedModel, first: TextureId, more: &[std::path::PathBuf]) {
    let m = &mut lm.model;
    if m.textures.len() + more.len() >= usize::from(u16::MAX) || m.global_sequences.len() >= usize::from(u16::MAX) {
        return; // no room for the ids (no real model comes near)
    }
    let mut frames = vec![first];
    for path in more {
        frames.push(TextureId(m.textures.len() as u16));
        m.textures.push(Texture { kind: 0, wrap_u: true, wrap_v: true, source: TextureSource::Replaceable });
        lm.texture_files.push(Some(path.clone()));
    }
    let global_sequence = m.global_sequences.len() as u16;
    m.global_sequences.push(frames.len() as u32 * LIQUID_FRAME_MS);
    m.flipbooks.push(TextureFlipbook {
        frames,
        frame_ms: LIQUID_FRAME_MS,
        global_sequence,
        keys: None,
        material: None,
    });
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
