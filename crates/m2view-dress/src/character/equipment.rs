//! What a character wears: an `ItemDisplayInfo` id per equipment slot, and
//! the slot an item goes to from its `Item.InventoryType` (wowdev wiki
//! "InventoryType"; a robe is a chest piece whose geosets cover the legs).

use std::collections::BTreeMap;

/// An equipment slot, as `--equip SLOT=DISPLAYID` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Slot {
    /// Helmet (a model on the Helm attachment).
    Head,
    /// Shoulders (left and right models).
    Shoulder,
    /// Shirt (body texture).
    Shirt,
    /// Chest or robe (body texture, sleeves, robe).
    Chest,
    /// Belt.
    Waist,
    /// Pants.
    Legs,
    /// Boots.
    Feet,
    /// Bracers.
    Wrist,
    /// Gloves.
    Hands,
    /// Cape (texture type 2).
    Back,
    /// Tabard.
    Tabard,
    /// Main-hand weapon (HandRight).
    MainHand,
    /// Off-hand weapon, shield or held item (HandLeft, shields on Shield).
    OffHand,
    /// Ranged weapon (sheathed on the back).
    Ranged,
}

impl Slot {
    /// Every slot.
    pub const ALL: [Slot; 14] = [
        Slot::Head,
        Slot::Shoulder,
        Slot::Shirt,
        Slot::Chest,
        Slot::Waist,
        Slot::Legs,
        Slot::Feet,
        Slot::Wrist,
        Slot::Hands,
        Slot::Back,
        Slot::Tabard,
        Slot::MainHand,
        Slot::OffHand,
        Slot::Ranged,
    ];

    /// The name `--equip` uses.
    pub fn name(self) -> &'static str {
        match self {
            Slot::Head => "head",
            Slot::Shoulder => "shoulder",
            Slot::Shirt => "shirt",
            Slot::Chest => "chest",
            Slot::Waist => "waist",
            Slot::Legs => "legs",
            Slot::Feet => "feet",
            Slot::Wrist => "wrist",
            Slot::Hands => "hands",
            Slot::Back => "back",
            Slot::Tabard => "tabard",
            Slot::MainHand => "main-hand",
            Slot::OffHand => "off-hand",
            Slot::Ranged => "ranged",
        }
    }

    /// The slot named `name`.
    pub fn parse(name: &str) -> Option<Slot> {
        Slot::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(name.trim()))
    }

    /// Item `item`'s row among `rows` (of table `table`, named in errors)
    /// and the slot its inventory type puts it in.
    ///
    /// # Errors
    /// No such row ([`crate::DressError::MissingRow`]), or an item nothing shows,
    /// a ring ([`crate::DressError::Refused`]).
    pub fn of_item<'a>(
        rows: &'a [m2view_db::item::ItemRow],
        item: u32,
        table: &str,
    ) -> Result<(&'a m2view_db::item::ItemRow, Slot, ItemKind), crate::DressError> {
        use crate::DressError;
        let row = rows
            .iter()
            .find(|r| r.id == item)
            .ok_or_else(|| DressError::MissingRow(format!("item {item} is not in {table}")))?;
        let (slot, kind) = Slot::of_inventory_type(row.inventory_type).ok_or_else(|| {
            DressError::Refused(format!("item {item} (inventory type {}) is not worn visibly", row.inventory_type))
        })?;
        Ok((row, slot, kind))
    }

    /// The slot of an item of `InventoryType` `t`, and whether it is a robe
    /// (20) or a shield (14).
    pub fn of_inventory_type(t: u32) -> Option<(Slot, ItemKind)> {
        let plain = |s| Some((s, ItemKind::Plain));
        match t {
            1 => plain(Slot::Head),
            3 => plain(Slot::Shoulder),
            4 => plain(Slot::Shirt),
            5 => plain(Slot::Chest),
            20 => Some((Slot::Chest, ItemKind::Robe)),
            6 => plain(Slot::Waist),
            7 => plain(Slot::Legs),
            8 => plain(Slot::Feet),
            9 => plain(Slot::Wrist),
            10 => plain(Slot::Hands),
            16 => plain(Slot::Back),
            19 => plain(Slot::Tabard),
            13 | 17 | 21 => plain(Slot::MainHand),
            14 => Some((Slot::OffHand, ItemKind::Shield)),
            22 | 23 => plain(Slot::OffHand),
            15 | 25 | 26 => plain(Slot::Ranged),
            _ => None,
        }
    }

    /// The slots of `CreatureDisplayInfoExtra.NPCItemDisplay`, in its order.
    pub const NPC_ORDER: [Slot; 11] = [
        Slot::Head,
        Slot::Shoulder,
        Slot::Shirt,
        Slot::Chest,
        Slot::Waist,
        Slot::Legs,
        Slot::Feet,
        Slot::Wrist,
        Slot::Hands,
        Slot::Tabard,
        Slot::Back,
    ];
}

/// What kind of item fills a slot, where it changes how it is worn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ItemKind {
    /// Anything else.
    #[default]
    Plain,
    /// A robe (inventory type 20): its geosets cover boots and pants.
    Robe,
    /// A shield (inventory type 14): worn on the Shield attachment.
    Shield,
}

/// One equipped item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Equipped {
    /// `ItemDisplayInfo` id.
    pub display: u32,
    /// What kind of item it is (from `Item.InventoryType` when known).
    #[serde(default)]
    pub kind: ItemKind,
}

/// Every equipped slot.
pub type Equipment = BTreeMap<Slot, Equipped>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_parse_and_come_from_inventory_types() {
        assert_eq!(Slot::parse("Main-Hand"), Some(Slot::MainHand));
        assert!(Slot::ALL.iter().all(|s| Slot::parse(s.name()) == Some(*s)));
        assert_eq!(Slot::of_inventory_type(20), Some((Slot::Chest, ItemKind::Robe)));
        assert_eq!(Slot::of_inventory_type(14), Some((Slot::OffHand, ItemKind::Shield)));
        assert_eq!(Slot::of_inventory_type(2), None, "a necklace is not seen");
    }
}
