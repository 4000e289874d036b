//! Standard names: animations (AnimationData ids), key bones and attachments.
//!
//! Sources: `animation-names.tsv` (from Frostshake/WMVx `Support
//! Files/animation-names.csv`, ids 0–1777, the same as wow.export's
//! `src/js/3D/AnimMapper.js` where both have them); wowdev wiki "M2" page "Key
//! Bone Names" and "Attachments".

use std::sync::OnceLock;

const ANIMATION_TSV: &str = include_str!("animation-names.tsv");

fn animation_table() -> &'static Vec<&'static str> {
    static TABLE: OnceLock<Vec<&'static str>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut v: Vec<&'static str> = Vec::new();
        for line in ANIMATION_TSV.lines().filter(|l| !l.starts_with('#')) {
            let Some((id, name)) = line.split_once('\t') else {
                continue;
            };
            let Ok(id) = id.trim().parse::<usize>() else {
                continue;
            };
            if v.len() <= id {
                v.resize(id + 1, "");
            }
            v[id] = name.trim();
        }
        v
    })
}

/// Name of animation id `id` (e.g. 0 → "Stand", 4 → "Walk", 5 → "Run"), if standard.
pub fn animation_name(id: u16) -> Option<&'static str> {
    animation_table().get(id as usize).copied().filter(|s| !s.is_empty())
}

/// The animation id whose standard name matches the first word of an MDX
/// sequence name (`"Stand - 2"` → 0 Stand, `"AttackUnarmed - Var 1"` → 16),
/// case-insensitive; `None` when no standard name matches.
pub fn animation_id_for_name(name: &str) -> Option<u16> {
    let word = name.split(|c: char| !c.is_ascii_alphanumeric()).find(|w| !w.is_empty())?;
    animation_table().iter().position(|n| !n.is_empty() && n.eq_ignore_ascii_case(word)).map(|i| i as u16)
}

/// Warcraft III's primary animation tags (the first word of a sequence name
/// that the game's unit animations select by: Retera's Warsmash
/// `viewer5/handlers/w3x/AnimationTokens.java` `PrimaryTag`, with `Spell`
/// as unit data names it) and the AnimationData id of the same meaning;
/// tags WoW has no animation for take ids from [`ANIM_WARCRAFT3_ONLY`] up.
const WARCRAFT3_TAGS: &[(&str, u16)] = &[
    ("stand", 0),
    ("death", 1),
    ("spell", 2),
    ("walk", 4),
    ("attack", 16), // AttackUnarmed
    ("sleep", 100),
    ("birth", 127),
    ("decay", 159),
    ("dissipate", ANIM_WARCRAFT3_ONLY),
    ("morph", ANIM_WARCRAFT3_ONLY + 1),
    ("portrait", ANIM_WARCRAFT3_ONLY + 2),
];

/// First animation id of Warcraft III tags WoW has no animation for
/// (`Dissipate`, `Morph`, `Portrait`): past every AnimationData id.
pub const ANIM_WARCRAFT3_ONLY: u16 = 0xFF00;

/// Animation id of a Warcraft III sequence whose name starts with no
/// primary tag (`TempWalk`, `Anim 2`): the game plays it for no unit
/// state, so it is listed as itself, never as a variation of `Stand`.
pub const ANIM_UNTAGGED: u16 = 0xFFFF;

/// The animation id of a Warcraft III sequence name by its first word
/// (case-insensitive; words split at anything but letters and digits):
/// `"Stand - 2"` → 0, `"Attack -1"` → 16, `"Walk Alternate"` → 4,
/// `"TempWalk"` → [`ANIM_UNTAGGED`].
pub fn warcraft3_animation_id(name: &str) -> u16 {
    let word = name.split(|c: char| !c.is_ascii_alphanumeric()).find(|w| !w.is_empty()).unwrap_or("");
    WARCRAFT3_TAGS.iter().find(|(tag, _)| tag.eq_ignore_ascii_case(word)).map_or(ANIM_UNTAGGED, |&(_, id)| id)
}

const KEY_BONES: &[&str] = &[
    "ArmL",
    "ArmR",
    "ShoulderL",
    "ShoulderR",
    "SpineLow",
    "Waist",
    "Head",
    "Jaw",
    "IndexFingerR",
    "MiddleFingerR",
    "PinkyFingerR",
    "RingFingerR",
    "ThumbR",
    "IndexFingerL",
    "MiddleFingerL",
    "PinkyFingerL",
    "RingFingerL",
    "ThumbL",
    "$BTH",
    "$CSR",
    "$CSL",
    "_Breath",
    "_Name",
    "_NameMount",
    "$CHD",
    "$CCH",
    "Root",
    "Wheel1",
    "Wheel2",
    "Wheel3",
    "Wheel4",
    "Wheel5",
    "Wheel6",
    "Wheel7",
    "Wheel8",
    "FaceAttenuation",
    "EXP_C1_Cape1",
    "EXP_C1_Cape2",
    "EXP_C1_Cape3",
    "EXP_C1_Cape4",
    "EXP_C1_Cape5",
    "EXP_C1_Tail1",
    "EXP_C1_Tail2",
    "EXP_C1_LoinBk1",
    "EXP_C1_LoinBk2",
    "EXP_C1_LoinBk3",
];

/// Name of key bone id `id` (e.g. 26 → "Root"), for the ids the wowdev wiki "M2" page confirms up to 45.
pub fn key_bone_name(id: u32) -> Option<&'static str> {
    KEY_BONES.get(id as usize).copied()
}

const ATTACHMENTS: &[&str] = &[
    "Shield/MountMain",
    "HandRight",
    "HandLeft",
    "ElbowRight",
    "ElbowLeft",
    "ShoulderRight",
    "ShoulderLeft",
    "KneeRight",
    "KneeLeft",
    "HipRight",
    "HipLeft",
    "Helm",
    "Back",
    "ShoulderFlapRight",
    "ShoulderFlapLeft",
    "ChestBloodFront",
    "ChestBloodBack",
    "Breath",
    "PlayerName",
    "Base",
    "Head",
    "SpellLeftHand",
    "SpellRightHand",
    "Special1",
    "Special2",
    "Special3",
    "SheathMainHand",
    "SheathOffHand",
    "SheathShield",
    "PlayerNameMounted",
    "LargeWeaponLeft",
    "LargeWeaponRight",
    "HipWeaponLeft",
    "HipWeaponRight",
    "Chest",
    "HandArrow",
    "Bullet",
    "SpellHandOmni",
    "SpellHandDirected",
    "VehicleSeat1",
    "VehicleSeat2",
    "VehicleSeat3",
    "VehicleSeat4",
    "VehicleSeat5",
    "VehicleSeat6",
    "VehicleSeat7",
    "VehicleSeat8",
    "LeftFoot",
    "RightFoot",
    "ShieldNoGlove",
    "SpineLow",
    "AlteredShoulderR",
    "AlteredShoulderL",
    "BeltBuckle",
    "SheathCrossbow",
    "HeadTop",
    "VirtualSpellDirected",
    "Backpack",
];

/// Name of attachment id `id` (seed "Attachments" table, ids 0–57).
pub fn attachment_name(id: u32) -> Option<&'static str> {
    ATTACHMENTS.get(id as usize).copied()
}

/// Attachment id of `name` (case-insensitive; `Shield` finds `Shield/MountMain`), or a number.
pub fn attachment_id_for_name(name: &str) -> Option<u32> {
    if let Ok(id) = name.parse::<u32>() {
        return Some(id);
    }
    ATTACHMENTS
        .iter()
        .position(|n| n.eq_ignore_ascii_case(name) || n.split('/').any(|part| part.eq_ignore_ascii_case(name)))
        .map(|i| i as u32)
}

/// Geoset group name for `geoset_id / 100` (wowdev wiki "M2/.skin").
pub fn geoset_group_name(group: u16) -> &'static str {
    const G: &[&str] = &[
        "base/hair",
        "facial 1",
        "facial 2",
        "facial 3",
        "gloves",
        "boots",
        "tail",
        "ears",
        "sleeves",
        "kneepads",
        "chest",
        "pants",
        "tabard",
        "trousers",
        "loincloth",
        "cloak",
        "facial jewelry",
        "eye glow",
        "belt",
        "bone/tail",
        "feet",
        "skull",
        "torso",
        "hand attachments",
    ];
    G.get(group as usize).copied().unwrap_or("other")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_names() {
        assert_eq!(animation_name(0), Some("Stand"));
        assert_eq!(animation_name(4), Some("Walk"));
        assert_eq!(animation_name(5), Some("Run"));
        assert_eq!(animation_name(1777), Some("FlyMountMedium"));
        assert_eq!(animation_name(60000), None);
        assert_eq!(key_bone_name(26), Some("Root"));
        assert_eq!(attachment_name(11), Some("Helm"));
        assert_eq!(attachment_name(57), Some("Backpack"));
    }

    #[test]
    fn warcraft3_names_go_by_their_primary_tag() {
        assert_eq!(warcraft3_animation_id("Stand - 2"), 0);
        assert_eq!(warcraft3_animation_id("stand ready"), 0);
        assert_eq!(warcraft3_animation_id("Attack -1"), 16);
        assert_eq!(warcraft3_animation_id("Spell Throw"), 2);
        assert_eq!(warcraft3_animation_id("Portrait Talk"), ANIM_WARCRAFT3_ONLY + 2);
        assert_eq!(warcraft3_animation_id("TempWalk"), ANIM_UNTAGGED);
        assert_eq!(warcraft3_animation_id(""), ANIM_UNTAGGED);
        // The ids WoW shares mean the same there.
        for (tag, id) in WARCRAFT3_TAGS.iter().filter(|(_, id)| *id < ANIM_WARCRAFT3_ONLY) {
            let wow = animation_name(*id).unwrap();
            assert!(wow.to_ascii_lowercase().starts_with(tag), "{tag} -> {wow}");
        }
    }
}
