//! What a 9.0+ character has chosen: one choice per option of its
//! `ChrModel`, as the character creation screen offers them.
//!
//! Requirements (TrinityCore `WorldSession::MeetsChrCustomizationReq` and
//! its `.modify gender` defaults; WoWDBDefs `ChrCustomizationReq.dbd`):
//! - an option or choice whose `ChrCustomizationReq` lacks
//!   [`REQ_PLAYER`] is an NPC's only; one whose `ClassMask` leaves out the
//!   warrior (the class every race may be) belongs to some classes only
//!   (death knight eyes, druid forms). Both are offered only with
//!   [`Selection::npc_options`] (`--npc-options`), as the 1.12–3.3.5 rows
//!   only NPCs and death knights wear are. Unlocks (achievement, quest,
//!   item appearance) are a player's progress, not the body's: offered.
//! - a requirement with `ChrCustomizationReqChoice` rows needs, for each
//!   option those choices belong to, one of them chosen (a hair colour
//!   offered only with some hair styles).
//!
//! Defaults are the character creation screen's: options in the client's
//! order, each taking the first offered choice whose requirement the
//! choices made so far meet. A choice is counted (`--customize
//! "Hair Style=1"`) among its option's offered choices in the client's
//! order, or named (`Hair Style=Peasant`, `id:45`).

use std::collections::{BTreeMap, HashMap};

use m2view_db::customization::{ChoiceRow, ChrModelRow, OPTION_DISABLED, OptionRow, REQ_PLAYER};

use super::catalog::Catalog;
use super::equipment::Worn;
use crate::character::equipment::Slot;
use crate::error::DressError;

/// One option as offered, with its offered choices in the client's order.
#[derive(Debug, Clone, PartialEq)]
pub struct Offered {
    /// The option.
    pub option: OptionRow,
    /// Its offered choices.
    pub choices: Vec<ChoiceRow>,
}

/// A `ChrModel`'s options as offered and the choice made for each.
#[derive(Debug, Clone, PartialEq)]
pub struct Selection {
    /// The body.
    pub chr_model: ChrModelRow,
    /// Whether NPC-only and class-only rows are offered.
    pub npc_options: bool,
    /// The options offered, in the client's order.
    pub options: Vec<Offered>,
    /// The choice id made per option id (an option with no offered choice has none).
    pub chosen: HashMap<u32, u32>,
    /// The items worn, by slot.
    pub equipment: BTreeMap<Slot, Worn>,
}

impl Selection {
    /// `chr_model`'s options with their defaults.
    pub fn new(catalog: &Catalog, chr_model: &ChrModelRow, npc_options: bool) -> Selection {
        let admits = |req: u32| offered(catalog, req, npc_options);
        let options = catalog
            .options
            .get(&chr_model.id)
            .into_iter()
            .flatten()
            .filter(|o| o.flags & OPTION_DISABLED == 0 && admits(o.req))
            .map(|o| Offered {
                option: o.clone(),
                choices: catalog.choices.get(&o.id).into_iter().flatten().filter(|c| admits(c.req)).cloned().collect(),
            })
            .collect();
        let mut s = Selection {
            chr_model: chr_model.clone(),
            npc_options,
            options,
            chosen: HashMap::new(),
            equipment: BTreeMap::new(),
        };
        s.fill_defaults(catalog);
        s
    }

    /// Gives every option without a choice its default (see the module docs).
    fn fill_defaults(&mut self, catalog: &Catalog) {
        for k in 0..self.options.len() {
            let id = self.options[k].option.id;
            if self.chosen.contains_key(&id) {
                continue;
            }
            let pick = self.options[k].choices.iter().find(|c| self.meets(catalog, c.req)).map(|c| c.id);
            if let Some(choice) = pick {
                self.chosen.insert(id, choice);
            }
        }
    }

    /// Whether the choices made meet requirement `req`'s needed choices.
    pub fn meets(&self, catalog: &Catalog, req: u32) -> bool {
        self.unmet(catalog, req).is_none()
    }

    /// The first option whose needed choices (of requirement `req`) none is chosen, with those choices.
    fn unmet(&self, catalog: &Catalog, req: u32) -> Option<(u32, Vec<u32>)> {
        let needed = catalog.req_choices.get(&req)?;
        let mut per_option: Vec<(u32, Vec<u32>)> = Vec::new();
        for &choice in needed {
            let option = catalog.choice_option.get(&choice).copied().unwrap_or(0);
            match per_option.iter_mut().find(|(o, _)| *o == option) {
                Some((_, list)) => list.push(choice),
                None => per_option.push((option, vec![choice])),
            }
        }
        per_option.into_iter().find(|(option, list)| !list.iter().any(|c| self.chosen.get(option) == Some(c)))
    }

    /// The option named `name`: its name (`Hair Style`, any case; the first
    /// in the client's order when names repeat) or `id:N`.
    pub fn option_named(&self, name: &str) -> Option<&Offered> {
        let name = name.trim();
        match name.strip_prefix("id:").map(|n| n.trim().parse::<u32>()) {
            Some(Ok(id)) => self.options.iter().find(|o| o.option.id == id),
            Some(Err(_)) => None,
            None => self.options.iter().find(|o| o.option.name.eq_ignore_ascii_case(name)),
        }
    }

    /// The position of the choice made for option `option` among its offered choices.
    pub fn position(&self, option: &Offered) -> Option<usize> {
        let id = self.chosen.get(&option.option.id)?;
        option.choices.iter().position(|c| c.id == *id)
    }

    /// Applies `OPTION=CHOICE,…` (OPTION a name or `id:N`; CHOICE the
    /// 0-based position among the option's offered choices, `id:N`, or
    /// the choice's name, any case). The other choices stay where their
    /// requirements are still met, and take their defaults again where not.
    ///
    /// # Errors
    /// An unknown option or choice, a position out of range (naming the
    /// option and its count), or a choice whose requirement the other
    /// choices do not meet (naming the option whose choice it needs).
    pub fn customize(&mut self, catalog: &Catalog, list: &str) -> Result<(), DressError> {
        let mut given = Vec::new();
        for part in list.split(',').filter(|p| !p.trim().is_empty()) {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| DressError::Refused(format!("bad choice {part:?}: OPTION=CHOICE")))?;
            let offered = self.option_named(name).ok_or_else(|| self.unknown_option(name))?;
            let value = value.trim();
            let choice = match (value.strip_prefix("id:"), value.parse::<usize>()) {
                (Some(id), _) => offered.choices.iter().find(|c| id.trim().parse() == Ok(c.id)),
                (None, Ok(k)) => offered.choices.get(k),
                (None, Err(_)) => offered.choices.iter().find(|c| c.name.eq_ignore_ascii_case(value)),
            };
            let choice = choice.ok_or_else(|| {
                let n = offered.choices.len();
                DressError::Refused(format!(
                    "option {:?} has no choice {value} ({n} offered: 0..{n}, id:N or a name)",
                    label(&offered.option)
                ))
            })?;
            given.push((offered.option.id, choice.id));
        }
        let before = self.chosen.clone();
        for (option, choice) in &given {
            self.chosen.insert(*option, *choice);
        }
        self.drop_unmet(catalog, &given);
        self.fill_defaults(catalog);
        let unmet = self.first_unmet(catalog, &given);
        if unmet.is_err() {
            self.chosen = before;
        }
        unmet
    }

    /// The error of the first of `given` whose requirement the choices made do not meet.
    fn first_unmet(&self, catalog: &Catalog, given: &[(u32, u32)]) -> Result<(), DressError> {
        for &(option, choice) in given {
            let req = catalog.choices.get(&option).and_then(|l| l.iter().find(|c| c.id == choice)).map_or(0, |c| c.req);
            if let Some((needed_option, list)) = self.unmet(catalog, req) {
                let name = self
                    .options
                    .iter()
                    .find(|o| o.option.id == needed_option)
                    .map_or_else(|| format!("id:{needed_option} (not offered)"), |o| format!("{:?}", label(&o.option)));
                let of = self.options.iter().find(|o| o.option.id == option).map(|o| label(&o.option));
                return Err(DressError::Refused(format!(
                    "choice id:{choice} of {:?} needs option {name} to be one of {}",
                    of.unwrap_or_default(),
                    list.iter().map(|c| format!("id:{c}")).collect::<Vec<_>>().join(", ")
                )));
            }
        }
        Ok(())
    }

    /// Drops the choices (other than `given`'s) whose requirement the
    /// choices made no longer meet, until none is left (a hair colour of
    /// the previous hair style); [`Selection::fill_defaults`] replaces them.
    fn drop_unmet(&mut self, catalog: &Catalog, given: &[(u32, u32)]) {
        for _ in 0..=self.options.len() {
            let unmet = self.options.iter().find_map(|o| {
                let id = o.option.id;
                let choice = *self.chosen.get(&id)?;
                let req = o.choices.iter().find(|c| c.id == choice).map_or(0, |c| c.req);
                (!given.iter().any(|g| g.0 == id) && !self.meets(catalog, req)).then_some(id)
            });
            match unmet {
                Some(id) => _ = self.chosen.remove(&id),
                None => return,
            }
        }
    }

    fn unknown_option(&self, name: &str) -> DressError {
        let names: Vec<String> = self.options.iter().map(|o| label(&o.option)).collect();
        let id = self.chr_model.id;
        DressError::Refused(format!("no option {:?} on ChrModel {id} (options: {})", name.trim(), names.join(", ")))
    }

    /// The choices made, in the client's order of their options.
    pub fn choices(&self) -> Vec<u32> {
        self.options.iter().filter_map(|o| self.chosen.get(&o.option.id).copied()).collect()
    }
}

/// An option's name, or `Option N` (its order) where the table gives none
/// (as wow.export labels them).
pub fn label(o: &OptionRow) -> String {
    if o.name.is_empty() { format!("Option {}", o.order) } else { o.name.clone() }
}

/// Whether requirement `req` admits a player's body (see the module docs).
fn offered(catalog: &Catalog, req: u32, npc_options: bool) -> bool {
    let Some(r) = catalog.reqs.get(&req).filter(|_| req != 0) else { return true };
    let player = r.req_type & REQ_PLAYER != 0;
    let every_class = r.class_mask == 0 || r.class_mask & 1 != 0;
    npc_options || (player && every_class)
}
