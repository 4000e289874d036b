//! The WoWDBDefs definitions m2view embeds (github.com/wowdev/WoWDBDefs,
//! `definitions/`, data under CC BY-SA 4.0: see `../definitions/LICENSE.md`):
//! `(table, DB2 FileDataID, definition)`. Written by `cargo xtask dbd
//! PATH-TO-WoWDBDefs`; do not edit.

/// `(table, DB2 FileDataID (0: none), .dbd text)`.
pub(crate) const EMBEDDED: &[(&str, u32, &str)] = &[
    ("AnimationData", 1375431, include_str!("../definitions/AnimationData.dbd")),
    ("BattlePetVisual", 801584, include_str!("../definitions/BattlePetVisual.dbd")),
    ("CharHairGeosets", 1256914, include_str!("../definitions/CharHairGeosets.dbd")),
    ("CharSections", 1365366, include_str!("../definitions/CharSections.dbd")),
    ("CharacterFacialHairStyles", 1369752, include_str!("../definitions/CharacterFacialHairStyles.dbd")),
    ("ChrRaces", 1305311, include_str!("../definitions/ChrRaces.dbd")),
    ("CreatureDisplayInfo", 1108759, include_str!("../definitions/CreatureDisplayInfo.dbd")),
    ("CreatureDisplayInfoExtra", 1264997, include_str!("../definitions/CreatureDisplayInfoExtra.dbd")),
    ("CreatureDisplayInfoGeosetData", 1720141, include_str!("../definitions/CreatureDisplayInfoGeosetData.dbd")),
    ("CreatureModelData", 1365368, include_str!("../definitions/CreatureModelData.dbd")),
    ("Emotes", 1343602, include_str!("../definitions/Emotes.dbd")),
    ("HelmetGeosetVisData", 1294216, include_str!("../definitions/HelmetGeosetVisData.dbd")),
    ("Item", 841626, include_str!("../definitions/Item.dbd")),
    ("ItemDisplayInfo", 1266429, include_str!("../definitions/ItemDisplayInfo.dbd")),
    ("ModelFileData", 1337833, include_str!("../definitions/ModelFileData.dbd")),
    ("TextureFileData", 982459, include_str!("../definitions/TextureFileData.dbd")),
    ("TierTransition", 3076928, include_str!("../definitions/TierTransition.dbd")),
];
