//! Dressing World of Warcraft models as the client does, from its tables:
//! creature skins ([`creature`]), characters — race models with their
//! customization, equipment and NPC displays ([`character`]; those of
//! 9.0+ clients: [`modern`]) — the textures of map tiles' and WMOs'
//! liquids ([`liquid`]) and the client's names of animations. What a model file says is the
//! `m2view-format` crate's; what a table says is `m2view-db`'s; this crate
//! is their meaning for one model: which textures fill its replaceable
//! slots, which geosets it shows, which item models hang on it.
//!
//! [`Dressing::dress`] is the entry point: after a model is loaded it finds
//! its tables ([`tables::ClientTables`]), applies the default creature skin
//! or detects a character, and reports what is missing in the model's
//! warnings.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod character;
pub mod creature;
pub mod error;
pub mod liquid;
pub mod modern;
pub mod named_items;
pub mod tables;

use m2view_format::{LoadedModel, SourceFormat, TextureSource};

pub use character::{Character, Look};
pub use creature::{CreatureSkins, Skin};
pub use error::DressError;
pub use tables::ClientTables;

/// How a model is dressed: its tables, creature skins and, for a race
/// model, the character.
#[derive(Debug, Clone)]
pub struct Dressing {
    /// The model's client tables.
    pub tables: ClientTables,
    /// Creature skins (replaceable types 11–13).
    pub creature: CreatureSkins,
    /// The character, for a race model of a client to 3.3.5 (or one no table knows).
    pub character: Option<Character>,
    /// The character, for a race model of a 9.0+ client (`ChrModel`).
    pub modern: Option<modern::ModernCharacter>,
}

impl Dressing {
    /// Dresses `lm` from `tables`: the first creature skin, the client's
    /// animation names, and for a race model a naked character with the
    /// first choice of every option (its textures applied; its body
    /// texture and geosets are the caller's to compose from
    /// [`Character::look`]). Broken tables and unfilled replaceable slots
    /// become warnings in `lm.model.warnings`; the model still opens.
    pub fn dress(lm: &mut LoadedModel, tables: ClientTables) -> Dressing {
        let mut d = Dressing { tables, creature: CreatureSkins::default(), character: None, modern: None };
        // Warcraft III replaceable ids (team colour, glow, trees) are not creature skins.
        let wc3 = lm.model.source.format == SourceFormat::Mdx && lm.model.source.version < 1300;
        if !wc3 {
            match CreatureSkins::find(lm, &d.tables) {
                Ok(skins) => d.creature = skins,
                Err(e) => lm.model.warnings.push(format!("creature skins: {e}")),
            }
            if !d.creature.skins.is_empty() {
                d.creature.apply(lm, 0);
            }
            if let Some(first) = d.creature.skins.first().filter(|s| s.guessed) {
                let msg = format!("no table names this model: skin guessed from file names ({})", first.label());
                lm.model.warnings.push(msg);
            }
            match modern::ModernCharacter::detect(lm, &d.tables, false) {
                Ok(c) => d.modern = c,
                Err(e) => lm.model.warnings.push(format!("character tables: {e}")),
            }
            if d.modern.is_none() {
                match Character::detect(lm, &d.tables, Default::default()) {
                    Ok(c) => d.character = c,
                    Err(e) => lm.model.warnings.push(format!("character tables: {e}")),
                }
            }
        }
        name_sequences(lm, &d.tables);
        liquid::dress_liquids(lm, &d.tables);
        if let Some(c) = &d.character {
            let look = c.look(lm, &d.tables, &lm.model.geoset_ids());
            look.apply_textures(lm);
        }
        d.warn_unfilled(lm);
        d
    }

    /// A warning for every replaceable slot nothing fills. A character's
    /// slots (body 1, cape 2, hair 6, extra skin 8) are not: its look names
    /// each file it wants and reports the missing ones, and a naked
    /// character wears no cape.
    fn warn_unfilled(&self, lm: &mut LoadedModel) {
        for (i, t) in lm.model.textures.iter().enumerate() {
            // A 9.0+ character's slots are its composed textures' (hair 6, eyes 19, …): its plan says what is missing.
            let character_slot = (self.character.is_some() && matches!(t.kind, 1 | 2 | 6 | 8)) || self.modern.is_some();
            if t.source == TextureSource::Replaceable
                && lm.texture_files[i].is_none()
                && lm.model.team_slot(i).is_none()
                && !character_slot
            {
                lm.model.warnings.push(format!("texture {i} replaceable type {} not filled", t.kind));
            }
        }
    }
}

/// Sequences without a stored name take the client's (`AnimationData.dbc`)
/// instead of the built-in list. A broken table is a warning.
fn name_sequences(lm: &mut LoadedModel, tables: &ClientTables) {
    if lm.model.sequences.iter().all(|s| s.name.is_some()) {
        return;
    }
    match tables.rows("AnimationData.dbc", m2view_db::animation::animation_names) {
        Ok(Some(names)) => {
            let names: std::collections::BTreeMap<u32, String> = names.iter().cloned().collect();
            for s in lm.model.sequences.iter_mut().filter(|s| s.name.is_none()) {
                s.name = names.get(&(s.anim_id as u32)).cloned();
            }
        }
        Ok(None) => {}
        Err(e) => lm.model.warnings.push(format!("animation names: {e}")),
    }
}
