//! Characters as the client dresses them: a race model ([`identity`]) with
//! the customization its tables offer ([`options`]), equipment
//! ([`equipment`]), and what follows from them — the geosets shown
//! ([`geosets`]), the composed body texture ([`body`]), the hair, extra
//! skin and cape textures, and the item models hung on attachments
//! ([`items`]). Character-race NPCs ([`npc`]) are the same with the
//! choices of a `CreatureDisplayInfoExtra` row and, where the client has
//! one, a baked body texture. [`outfit`] saves and loads a character.

pub mod body;
pub mod equipment;
pub mod geosets;
pub mod identity;
pub mod items;
pub mod npc;
pub mod options;
pub mod outfit;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

use m2view_db::{character as tables_character, item as tables_item};
use m2view_error::Result;
use m2view_format::{LoadedModel, TextureSource};

use crate::tables::ClientTables;
use body::{BodyPlan, Layer, PlanBuilder, Region};
use equipment::{Equipment, Equipped, ItemKind, Slot};
use geosets::{EyeGlow, GeosetInputs};
use identity::Identity;
use items::ItemModel;
use options::{Appearance, Choice, Options, RowFilter};

/// A character model and every choice made for it.
#[derive(Debug, Clone, PartialEq)]
pub struct Character {
    /// Race and sex.
    pub identity: Identity,
    /// The options the tables offer (for [`Character::filter`]).
    pub options: Options,
    /// Which rows besides the players' are offered.
    pub filter: RowFilter,
    /// The chosen customization.
    pub appearance: Appearance,
    /// Equipped items.
    pub equipment: Equipment,
    /// Eye glow.
    pub eye_glow: EyeGlow,
    /// Underwear drawn (as the client does for a naked character).
    pub underwear: bool,
    /// Ears shown.
    pub ears: bool,
    /// An NPC's baked body texture (a game path): it replaces the composite.
    pub baked: Option<String>,
    /// The NPC display this character was made from.
    pub npc: Option<npc::NpcSource>,
}

/// A texture of a replaceable slot other than the body.
#[derive(Debug, Clone, PartialEq)]
pub struct SlotTexture {
    /// Replaceable texture type: 6 hair, 8 extra skin (fur), 2 cape (wowdev wiki "M2#Textures").
    pub kind: u32,
    /// The game path.
    pub file: String,
    /// Where it was found.
    pub found: Option<PathBuf>,
}

/// What fills the body texture (replaceable type 1).
#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    /// Composed from layers.
    Composite(BodyPlan),
    /// An NPC's baked texture (`Textures\BakedNpcTextures\<BakeName>`).
    Baked(Layer),
}

impl Body {
    /// The layers bottom first: the plan's, or the baked texture as one
    /// layer over the whole texture (so front ends compose both alike).
    pub fn layers(&self) -> &[Layer] {
        match self {
            Body::Composite(p) => &p.layers,
            Body::Baked(l) => std::slice::from_ref(l),
        }
    }
}

/// Everything a character's choices give, for the renderer and exporters.
#[derive(Debug, Clone, PartialEq)]
pub struct Look {
    /// The geosets shown.
    pub geosets: BTreeSet<u16>,
    /// The body texture.
    pub body: Body,
    /// Hair, extra skin and cape textures.
    pub textures: Vec<SlotTexture>,
    /// The item models and where they hang.
    pub items: Vec<ItemModel>,
    /// What could not be found or read (files, table rows).
    pub warnings: Vec<String>,
}

impl Look {
    /// Fills `lm`'s replaceable slots of types 2, 6 and 8 with this look's
    /// files; clears them where the look has none (so nothing of a previous
    /// look or a guess remains), and clears type 1: the body texture is
    /// composed from [`Body::layers`] by the front end.
    pub fn apply_textures(&self, lm: &mut LoadedModel) {
        for i in 0..lm.model.textures.len() {
            let t = &lm.model.textures[i];
            if t.source != TextureSource::Replaceable {
                continue;
            }
            match t.kind {
                1 => lm.texture_files[i] = None,
                2 | 6 | 8 => {
                    lm.texture_files[i] = self.textures.iter().find(|s| s.kind == t.kind).and_then(|s| s.found.clone())
                }
                _ => {}
            }
        }
    }
}

/// The texture slots of `lm` that take the body texture (replaceable type 1).
pub fn body_slots(lm: &LoadedModel) -> Vec<usize> {
    let m = &lm.model;
    (0..m.textures.len())
        .filter(|&i| m.textures[i].source == TextureSource::Replaceable && m.textures[i].kind == 1)
        .collect()
}

impl Character {
    /// `lm` as a character, if it is one ([`identity::identify`]), with the
    /// options its tables give (filtered by `filter`) and the first choice
    /// of each, naked.
    ///
    /// # Errors
    /// A character table that exists but is malformed (names the file).
    pub fn detect(lm: &LoadedModel, tables: &ClientTables, filter: RowFilter) -> Result<Option<Character>> {
        let races = tables.rows("ChrRaces.dbc", tables_character::race_rows)?;
        let Some(identity) = identity::identify(&lm.path, &lm.model, races.as_deref().map(Vec::as_slice)) else {
            return Ok(None);
        };
        let options = Self::options_for(&identity, tables, filter)?;
        let appearance = options.clamp(Appearance::default());
        Ok(Some(Character {
            identity,
            options,
            filter,
            appearance,
            equipment: Equipment::new(),
            eye_glow: EyeGlow::Normal,
            underwear: true,
            ears: true,
            baked: None,
            npc: None,
        }))
    }

    fn options_for(identity: &Identity, tables: &ClientTables, filter: RowFilter) -> Result<Options> {
        let sections = tables.rows("CharSections.dbc", tables_character::section_rows)?;
        let hair = tables.rows("CharHairGeosets.dbc", tables_character::hair_geoset_rows)?;
        let facial = tables.rows("CharacterFacialHairStyles.dbc", tables_character::facial_hair_rows)?;
        Ok(Options::new(
            identity.race_id(),
            identity.sex.id(),
            sections.as_deref().map_or(&[][..], Vec::as_slice),
            hair.as_deref().map_or(&[][..], Vec::as_slice),
            facial.as_deref().map_or(&[][..], Vec::as_slice),
            filter,
        ))
    }

    /// Offers NPC and death knight rows or not; keeps the choices where they still exist.
    ///
    /// # Errors
    /// A malformed table.
    pub fn set_filter(&mut self, tables: &ClientTables, filter: RowFilter) -> Result<()> {
        self.options = Self::options_for(&self.identity, tables, filter)?;
        self.filter = filter;
        self.appearance = self.options.clamp(self.appearance);
        Ok(())
    }

    /// Sets option `c` to choice `v`.
    ///
    /// # Errors
    /// `v` out of range: names the option and its range.
    pub fn customize(&mut self, c: Choice, v: u32) -> crate::error::Result<()> {
        self.appearance = self.options.choose(&self.appearance, c, v)?;
        Ok(())
    }

    /// Every option with its number of choices (for the current choices).
    pub fn counts(&self) -> std::collections::BTreeMap<Choice, u32> {
        self.options.counts(&self.appearance)
    }

    /// Equips display `display` in `slot` (an item of `kind`).
    pub fn equip(&mut self, slot: Slot, display: u32, kind: ItemKind) {
        self.equipment.insert(slot, Equipped { display, kind });
    }

    /// Equips item `item` through `Item.dbc` (its display and, from its
    /// inventory type, its slot). Returns the slot.
    ///
    /// # Errors
    /// No `Item` table, no such item, or an item nothing shows (a ring).
    pub fn equip_item(&mut self, tables: &ClientTables, item: u32) -> crate::error::Result<Slot> {
        let rows = crate::error::required("Item.dbc", tables.rows("Item.dbc", tables_item::item_rows))?;
        let (row, slot, kind) = Slot::of_item(&rows, item, "Item.dbc")?;
        self.equip(slot, row.display_id, kind);
        Ok(slot)
    }

    /// What the choices give: geosets among `present` (the model's),
    /// the body texture, the other textures and the item models.
    pub fn look(&self, lm: &LoadedModel, tables: &ClientTables, present: &BTreeSet<u16>) -> Look {
        let mut warnings = Vec::new();
        let displays = self.table(tables, "ItemDisplayInfo.dbc", tables_item::display_info_rows, &mut warnings);
        let helmets = self.table(tables, "HelmetGeosetVisData.dbc", tables_item::helmet_vis_rows, &mut warnings);
        let worn = match displays.as_deref() {
            Some(d) => self.worn(d, &mut warnings),
            None => {
                // A table that does not read was named with its error by `table`.
                if !self.equipment.is_empty() && tables.location("ItemDisplayInfo.dbc").is_none() {
                    warnings.push("no ItemDisplayInfo.dbc in the client tables: equipment is not shown".into());
                }
                Vec::new()
            }
        };
        let r = self.options.resolve(&self.appearance);
        let sex = self.identity.sex;
        let helmet = worn.iter().find(|w| w.0 == Slot::Head).and_then(|(_, _, row)| {
            let id = row.helmet_vis[sex.id() as usize];
            helmets.as_deref().and_then(|h| h.iter().find(|v| v.id == id && id != 0))
        });
        let inputs = GeosetInputs {
            hair: r.hair_geoset.as_ref(),
            facial: r.facial_geosets,
            items: worn.iter().map(|(s, k, row)| (*s, *k, *row)).collect(),
            helmet,
            race: self.identity.race_id(),
            eye_glow: self.eye_glow,
            ears: self.ears,
        };
        let geosets = geosets::choose(present, &inputs);
        let body = match &self.baked {
            Some(file) => {
                Body::Baked(Layer { region: Region::Base, file: file.clone(), found: lm.find_game_file(file) })
            }
            None => {
                let mut b = PlanBuilder::new(lm).customization(&r, self.underwear);
                if self.identity.race.is_none() && r.skin.is_none() {
                    let found = b.guessed(&self.identity, self.underwear);
                    warnings.push(match found.is_empty() {
                        true => format!(
                            "race {} is in no ChrRaces and no body layers lie beside the model",
                            self.identity.race_name
                        ),
                        false => format!(
                            "race {} is in no ChrRaces: body layers guessed from the files beside the model ({})",
                            self.identity.race_name,
                            found.join(", ")
                        ),
                    });
                }
                for (slot, kind, row) in &worn {
                    b = b.item(*slot, *kind, row, sex);
                }
                Body::Composite(b.finish())
            }
        };
        let prefix = self.identity.race.as_ref().map(|r| r.client_prefix.as_str());
        let items: Vec<ItemModel> =
            worn.iter().flat_map(|(s, k, row)| items::item_models(lm, *s, *k, row, prefix, sex)).collect();
        let mut textures = Vec::new();
        let mut texture = |kind: u32, file: String| {
            if !file.is_empty() {
                textures.push(SlotTexture { kind, found: lm.find_game_file(&file), file });
            }
        };
        texture(6, r.hair.as_ref().map_or(String::new(), |h| h.textures[0].clone()));
        texture(8, r.skin.as_ref().map_or(String::new(), |s| s.textures[1].clone()));
        if let Some((_, _, row)) = worn.iter().find(|w| w.0 == Slot::Back) {
            texture(2, items::cape_texture(row).unwrap_or_default());
        }
        self.missing(&body, &textures, &items, &mut warnings);
        Look { geosets, body, textures, items, warnings }
    }

    /// The rows of a table, a broken table becoming a warning.
    fn table<T: Send + Sync + 'static>(
        &self,
        tables: &ClientTables,
        name: &'static str,
        decode: fn(&m2view_db::table::Table) -> Result<Vec<T>>,
        warnings: &mut Vec<String>,
    ) -> Option<Arc<Vec<T>>> {
        match tables.rows(name, decode) {
            Ok(rows) => rows,
            Err(e) => {
                warnings.push(e.to_string());
                None
            }
        }
    }

    /// The equipped items with their display rows, in the client's slot order.
    fn worn<'t>(
        &self,
        displays: &'t [tables_item::DisplayInfoRow],
        warnings: &mut Vec<String>,
    ) -> Vec<(Slot, ItemKind, &'t tables_item::DisplayInfoRow)> {
        let row = |e: &Equipped| displays.iter().find(|r| r.id == e.display);
        let chest_robe = self.equipment.get(&Slot::Chest).and_then(|e| row(e).map(|r| (e, r)));
        let robe = chest_robe.is_some_and(|(e, r)| e.kind == ItemKind::Robe || r.geoset_groups[2] == 1);
        let gloves_under = self.equipment.get(&Slot::Hands).and_then(row).is_some_and(|r| r.geoset_groups[0] == 0);
        let mut out = Vec::new();
        for slot in body::slot_order(robe, gloves_under) {
            let Some(e) = self.equipment.get(&slot) else { continue };
            match row(e) {
                Some(r) => out.push((slot, e.kind, r)),
                None => warnings.push(format!("{}: display {} is not in ItemDisplayInfo.dbc", slot.name(), e.display)),
            }
        }
        out
    }

    /// A warning for every file of the look that was not found.
    fn missing(&self, body: &Body, textures: &[SlotTexture], items: &[ItemModel], warnings: &mut Vec<String>) {
        for l in body.layers().iter().filter(|l| l.found.is_none()) {
            warnings.push(format!("body texture {} layer {} not found", l.region.name(), l.file));
        }
        for t in textures.iter().filter(|t| t.found.is_none()) {
            warnings.push(format!("texture type {} {} not found", t.kind, t.file));
        }
        for m in items {
            if m.model_file.is_none() {
                warnings.push(format!("{} model {} not found", m.slot.name(), m.model));
            } else if !m.texture.is_empty() && m.texture_file.is_none() {
                warnings.push(format!("{} texture {} not found", m.slot.name(), m.texture));
            }
        }
    }
}
