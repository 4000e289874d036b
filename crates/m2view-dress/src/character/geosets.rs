//! Which geosets a character shows, as the pre-Cataclysm client chooses
//! them. A geoset id is `group × 100 + value`; every group holds one value:
//!
//! 1. **Naked defaults**: value 1 in every group (geoset 0 and every xx01;
//!    WoW Model Viewer 0.7 `CharControl::RefreshModel` "Reset geosets", the
//!    rule wow.export and WMVx `ModelDefaultsGeosetModifier` share); ears
//!    show (702, WMV 0.7 `showEars` and WMVx `CharacterDefaultsGeosetModifier`);
//!    the eyes glow as a living character's (1702; 1703 for death knights;
//!    WMVx `CharEyeGlowEnumBasedGeosetModifier`).
//! 2. **Hair and face**: the hair style's `CharHairGeosets.GeosetID` shows
//!    and no other hair geoset (1–99); the scalp (1) shows when the style is
//!    bald (`Showscalp`). The facial style gives the values of groups 100,
//!    200 and 300 directly (0: none; WMV 0.7 `CharFacialHairDB`).
//! 3. **Equipment**, in the client's slot order, `1 + GeosetGroup[k]` of the
//!    item's `ItemDisplayInfo` row (WMV `WoWItem::load` for the group of each
//!    column, WMV 0.7 `CharControl::AddEquipment` for the pre-Cataclysm
//!    exceptions): chest and shirt → sleeves 8xx, chest 10xx, robe 13xx (robes
//!    and chests with `GeosetGroup[2]` 1); legs → pants 11xx, kneepads 9xx,
//!    robe 13xx; hands → gloves 4xx (gloves other than 401 hide the
//!    sleeves); feet → boots 5xx; waist → belt 18xx; back → cape 15xx;
//!    tabard → 12xx (at least 1202). A robe (13xx ≥ 1302) hides the boots
//!    and the tabard.
//! 4. **Helmets** (`HelmetGeosetVisData` of the helmet's row for the
//!    wearer's sex): each hide field is a race mask (`1 << race`); where the
//!    wearer's bit is set the group goes back to its default — hair to the
//!    scalp (1), facial groups to 101/201/301, ears to 701, groups 1600 and
//!    1700 to value 1 (wowdev wiki "DB/HelmetGeosetVisData").
//!
//! Only geosets the model has are kept.

use std::collections::BTreeSet;

use m2view_db::character::HairGeosetRow;
use m2view_db::item::{DisplayInfoRow, HelmetVisRow};

use super::equipment::{ItemKind, Slot};

/// How a character's eyes glow (geoset group 1700).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EyeGlow {
    /// No glow (1701).
    None,
    /// A living character's (1702).
    #[default]
    Normal,
    /// A death knight's (1703).
    DeathKnight,
}

/// Everything the geosets depend on.
#[derive(Debug, Clone, Default)]
pub struct GeosetInputs<'a> {
    /// The hair style's row (`None`: no table; the lowest hair geoset shows).
    pub hair: Option<&'a HairGeosetRow>,
    /// Facial group values for 100, 200, 300.
    pub facial: [u32; 3],
    /// Equipped items in the client's slot order.
    pub items: Vec<(Slot, ItemKind, &'a DisplayInfoRow)>,
    /// The helmet's `HelmetGeosetVisData` row for the wearer's sex.
    pub helmet: Option<&'a HelmetVisRow>,
    /// The wearer's `ChrRaces` id.
    pub race: u32,
    /// Eye glow.
    pub eye_glow: EyeGlow,
    /// Ears shown.
    pub ears: bool,
}

/// Geoset groups an item's values address.
pub const GROUPS: usize = 32;

/// The geosets a character shows among `present` (the model's).
pub fn choose(present: &BTreeSet<u16>, inp: &GeosetInputs<'_>) -> BTreeSet<u16> {
    let mut values = [1u32; GROUPS];
    values[1..4].copy_from_slice(&inp.facial);
    values[7] = if inp.ears { 2 } else { 1 };
    values[17] = match inp.eye_glow {
        EyeGlow::None => 1,
        EyeGlow::Normal => 2,
        EyeGlow::DeathKnight => 3,
    };
    for &(slot, kind, row) in &inp.items {
        equip(&mut values, slot, kind, row);
    }
    if values[13] >= 2 {
        values[5] = 0;
        values[12] = 0;
    }
    let mut hair = match inp.hair {
        Some(h) => (h.geoset > 0).then_some(h.geoset as u16),
        None => present.iter().copied().find(|&g| (2..100).contains(&g)),
    };
    let mut scalp = inp.hair.is_some_and(|h| h.show_scalp);
    if let Some(h) = inp.helmet {
        for &(group, races) in &h.hide {
            if races & 1u32.checked_shl(inp.race).unwrap_or(0) == 0 {
                continue;
            }
            if group == 0 {
                (hair, scalp) = (None, true);
            } else if let Some(v) = values.get_mut(group as usize / 100) {
                *v = 1;
            }
        }
    }
    let mut shown: BTreeSet<u16> = [0u16].into_iter().chain(hair).chain(scalp.then_some(1)).collect();
    for (group, &v) in values.iter().enumerate().skip(1) {
        if v > 0 && v < 100 {
            shown.insert((group as u32 * 100 + v) as u16);
        }
    }
    shown.retain(|g| present.contains(g));
    shown
}

/// One item's geoset values (see the module docs).
fn equip(values: &mut [u32; GROUPS], slot: Slot, kind: ItemKind, row: &DisplayInfoRow) {
    equip_groups(values, slot, kind, row.geoset_groups);
}

/// The geoset values an item of `kind` in `slot` with `ItemDisplayInfo.GeosetGroup`
/// values `groups` sets in `values` (one per group, 1 the naked default; see the module docs).
pub fn equip_groups(values: &mut [u32; GROUPS], slot: Slot, kind: ItemKind, groups: [u32; 3]) {
    let g = groups.map(|v| 1 + v.min(98));
    match slot {
        Slot::Chest | Slot::Shirt => {
            values[8] = g[0];
            values[10] = g[1];
            if kind == ItemKind::Robe || groups[2] == 1 {
                values[13] = g[2];
            }
        }
        Slot::Legs => {
            values[11] = g[0];
            values[9] = g[1];
            if values[13] < 2 {
                values[13] = g[2];
            }
        }
        Slot::Hands => {
            values[4] = g[0];
            if g[0] > 1 {
                values[8] = 0;
            }
        }
        Slot::Feet => values[5] = g[0],
        Slot::Waist => values[18] = g[0],
        Slot::Back => values[15] = g[0],
        Slot::Tabard => values[12] = g[0].max(2),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn display(groups: [u32; 3], helmet_vis: [u32; 2]) -> DisplayInfoRow {
        DisplayInfoRow {
            id: 1,
            models: Default::default(),
            model_textures: Default::default(),
            icon: String::new(),
            geoset_groups: groups,
            flags: 0,
            helmet_vis,
            textures: Default::default(),
            item_visual: 0,
        }
    }

    /// The Scourge female's geosets (scourgefemale00.skin).
    fn scourge_female() -> BTreeSet<u16> {
        [
            0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 302, 401, 402, 403, 404, 501, 502, 503, 504, 505,
            701, 702, 802, 803, 1002, 1102, 1104, 1202, 1301, 1302, 1501, 1502, 1503, 1504, 1505, 1506, 1702, 1703,
            1802,
        ]
        .into_iter()
        .collect()
    }

    #[test]
    fn naked_hair_face_then_equipment() {
        let present = scourge_female();
        // 1.12 CharHairGeosets: Scourge female style 0 -> geoset 2; facial style 0 -> 302.
        let hair = HairGeosetRow { id: 138, race: 5, sex: 1, variation: 0, geoset: 2, show_scalp: false };
        let mut inp = GeosetInputs { hair: Some(&hair), facial: [0, 0, 2], race: 5, ears: true, ..Default::default() };
        let naked: Vec<u16> = choose(&present, &inp).into_iter().collect();
        assert_eq!(naked, [0, 2, 302, 401, 501, 702, 1301, 1501, 1702]);
        // A robe with sleeves (chest 1,0,1), gloves (2) and boots (3): the robe hides the boots,
        // the gloves hide the sleeves.
        let (robe, gloves, boots) =
            (display([1, 0, 1], [0; 2]), display([2, 0, 0], [0; 2]), display([3, 0, 0], [0; 2]));
        inp.items = vec![
            (Slot::Feet, ItemKind::Plain, &boots),
            (Slot::Chest, ItemKind::Robe, &robe),
            (Slot::Hands, ItemKind::Plain, &gloves),
        ];
        let dressed: Vec<u16> = choose(&present, &inp).into_iter().collect();
        assert_eq!(dressed, [0, 2, 302, 403, 702, 1302, 1501, 1702]);
        // A helmet whose vis row hides hair and ears for race 5 (bit 1 << 5), not facial 3xx.
        let vis = HelmetVisRow { id: 246, hide: vec![(0, 1 << 5), (300, 0), (700, 1 << 5)] };
        inp.items.clear();
        inp.helmet = Some(&vis);
        let helmet: Vec<u16> = choose(&present, &inp).into_iter().collect();
        assert_eq!(helmet, [0, 302, 401, 501, 701, 1301, 1501, 1702], "no hair; scalp 1 is not in the model");
        // Without tables: the lowest hair geoset shows.
        let bare = GeosetInputs { ears: true, ..Default::default() };
        assert!(choose(&present, &bare).contains(&2));
    }
}
