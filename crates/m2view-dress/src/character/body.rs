//! The character's body texture (replaceable type 1) as the pre-Cataclysm
//! client composes it: a 256×256 base skin with smaller layers pasted into
//! fixed regions, later layers over earlier ones (alpha blended).
//!
//! Regions (pixels of the 256×256 layout; WMVx
//! `LegacyCharacterComponentTextureAdaptor`, WoW Model Viewer 0.7
//! `CharRegions`): arm upper (0, 0, 128×64), arm lower (0, 64, 128×64),
//! hand (0, 128, 128×32), face upper (0, 160, 128×32), face lower (0, 192,
//! 128×64), torso upper (128, 0, 128×64), torso lower (128, 64, 128×32), leg
//! upper (128, 96, 128×64), leg lower (128, 160, 128×64), foot (128, 224,
//! 128×32).
//!
//! Layer order (WMV 0.7 `CharControl::RefreshModel` and `AddEquipment`):
//! base skin; face lower/upper; facial hair lower/upper; scalp lower/upper
//! (the hair row's second and third textures, unless the style is bald);
//! underwear pelvis (leg upper) and torso (torso upper); then every item in
//! the client's slot order ([`slot_order`]), each item's components in
//! `ItemDisplayInfo.Texture` order (arm upper, arm lower, hand, torso upper,
//! torso lower, leg upper, leg lower, foot), as far as its slot wears them.
//! Item components are `Item\TextureComponents\<Region>Texture\<name>_<M|F|U>.blp`,
//! the wearer's sex first, then `_U` (unisex), then the bare name (WMVx
//! `CharacterControl::searchSlotTexture`).

use std::path::PathBuf;

use m2view_db::item::DisplayInfoRow;
use m2view_format::LoadedModel;

use super::equipment::{ItemKind, Slot};
use super::identity::{Identity, Sex};
use super::options::Resolved;

/// A region of the body texture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Region {
    /// The whole texture (the base skin).
    Base,
    /// Upper arm.
    ArmUpper,
    /// Lower arm.
    ArmLower,
    /// Hand.
    Hand,
    /// Face, upper part.
    FaceUpper,
    /// Face, lower part.
    FaceLower,
    /// Torso, upper part.
    TorsoUpper,
    /// Torso, lower part.
    TorsoLower,
    /// Upper leg (pelvis).
    LegUpper,
    /// Lower leg.
    LegLower,
    /// Foot.
    Foot,
}

impl Region {
    /// The item component regions in `ItemDisplayInfo.Texture[8]` order.
    pub const ITEM: [Region; 8] = [
        Region::ArmUpper,
        Region::ArmLower,
        Region::Hand,
        Region::TorsoUpper,
        Region::TorsoLower,
        Region::LegUpper,
        Region::LegLower,
        Region::Foot,
    ];

    /// `x, y, width, height` in the 256×256 layout.
    pub fn rect(self) -> [u32; 4] {
        match self {
            Region::Base => [0, 0, 256, 256],
            Region::ArmUpper => [0, 0, 128, 64],
            Region::ArmLower => [0, 64, 128, 64],
            Region::Hand => [0, 128, 128, 32],
            Region::FaceUpper => [0, 160, 128, 32],
            Region::FaceLower => [0, 192, 128, 64],
            Region::TorsoUpper => [128, 0, 128, 64],
            Region::TorsoLower => [128, 64, 128, 32],
            Region::LegUpper => [128, 96, 128, 64],
            Region::LegLower => [128, 160, 128, 64],
            Region::Foot => [128, 224, 128, 32],
        }
    }

    /// The region's name (`ArmUpper`), as `--stats` reports it.
    pub fn name(self) -> &'static str {
        match self {
            Region::Base => "Base",
            Region::ArmUpper => "ArmUpper",
            Region::ArmLower => "ArmLower",
            Region::Hand => "Hand",
            Region::FaceUpper => "FaceUpper",
            Region::FaceLower => "FaceLower",
            Region::TorsoUpper => "TorsoUpper",
            Region::TorsoLower => "TorsoLower",
            Region::LegUpper => "LegUpper",
            Region::LegLower => "LegLower",
            Region::Foot => "Foot",
        }
    }
}

/// One layer: what goes where, and whether its file was found.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    /// Where it goes.
    pub region: Region,
    /// The game path wanted (`Character\Scourge\Female\ScourgeFemaleSkin00_00.blp`).
    pub file: String,
    /// Where it was found (`None`: missing; the compositor draws a placeholder).
    pub found: Option<PathBuf>,
}

/// The layers of a body texture in drawing order, in the 256×256 layout.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BodyPlan {
    /// Layers, bottom first.
    pub layers: Vec<Layer>,
}

/// The client's order of equipment slots when it layers item textures (WMV
/// 0.7 `slotOrder`; with a robe `slotOrderWithRobe`, where gloves whose
/// `GeosetGroup[0]` is 0 go under the robe).
pub fn slot_order(robe: bool, gloves_under_robe: bool) -> Vec<Slot> {
    use Slot::*;
    if !robe {
        return vec![
            Shirt, Head, Shoulder, Legs, Feet, Chest, Tabard, Waist, Wrist, Hands, MainHand, OffHand, Back, Ranged,
        ];
    }
    let (a, b) = if gloves_under_robe { (Hands, Chest) } else { (Chest, Hands) };
    vec![Shirt, Head, Shoulder, Feet, Legs, Wrist, a, b, Tabard, Waist, MainHand, OffHand, Back, Ranged]
}

/// The regions slot `slot` paints (a robe also paints the legs).
fn slot_regions(slot: Slot, robe: bool) -> &'static [Region] {
    use Region::*;
    match slot {
        Slot::Shirt | Slot::Chest if robe => &[ArmUpper, ArmLower, TorsoUpper, TorsoLower, LegUpper, LegLower],
        Slot::Shirt | Slot::Chest => &[ArmUpper, ArmLower, TorsoUpper, TorsoLower],
        Slot::Waist => &[TorsoLower, LegUpper],
        Slot::Wrist => &[ArmLower],
        Slot::Legs => &[LegUpper, LegLower],
        Slot::Hands => &[Hand, ArmLower],
        Slot::Feet => &[LegLower, Foot],
        Slot::Tabard => &[TorsoUpper, TorsoLower],
        _ => &[],
    }
}

/// Builds plans, finding each file through a model's files.
pub struct PlanBuilder<'a> {
    lm: &'a LoadedModel,
    plan: BodyPlan,
}

impl<'a> PlanBuilder<'a> {
    /// A builder finding files for `lm`.
    pub fn new(lm: &'a LoadedModel) -> Self {
        PlanBuilder { lm, plan: BodyPlan::default() }
    }

    fn add(&mut self, region: Region, file: &str) {
        if !file.is_empty() {
            let found = self.lm.find_game_file(file);
            self.plan.layers.push(Layer { region, file: file.to_string(), found });
        }
    }

    /// The customization layers of `r` (see the module docs).
    pub fn customization(mut self, r: &Resolved, underwear: bool) -> Self {
        let tex = |row: &Option<m2view_db::character::SectionRow>, k: usize| {
            row.as_ref().map_or(String::new(), |r| r.textures[k].clone())
        };
        self.add(Region::Base, &tex(&r.skin, 0));
        self.add(Region::FaceLower, &tex(&r.face, 0));
        self.add(Region::FaceUpper, &tex(&r.face, 1));
        self.add(Region::FaceLower, &tex(&r.facial_hair, 0));
        self.add(Region::FaceUpper, &tex(&r.facial_hair, 1));
        if !r.hair_geoset.as_ref().is_some_and(|h| h.show_scalp) {
            self.add(Region::FaceLower, &tex(&r.hair, 1));
            self.add(Region::FaceUpper, &tex(&r.hair, 2));
        }
        if underwear {
            self.add(Region::LegUpper, &tex(&r.underwear, 0));
            self.add(Region::TorsoUpper, &tex(&r.underwear, 1));
        }
        self
    }

    /// The layers a race no table knows has beside its model, by the
    /// client's file names (a private server's custom race: `OgreMale.m2`
    /// with `OgreMaleSkin00_00.blp`): `<Race><Sex>Skin00_00` as the base;
    /// `FaceLower00_00`/`FaceUpper00_00` (or `Lower00_00`/`Upper00_00`) on
    /// the face; with underwear `NakedPelvisSkin00_00` and
    /// `NakedTorsoSkin00_00` (the names `CharSections` rows give the
    /// playable races' files, wowdev wiki "DB/CharSections"). Returns the
    /// files found.
    pub fn guessed(&mut self, identity: &Identity, underwear: bool) -> Vec<String> {
        let dir = self.lm.path.parent().map(PathBuf::from).unwrap_or_default();
        let prefix = format!("{}{}", identity.race_name, identity.sex.name());
        let mut layers: Vec<(Region, &[&str])> = vec![
            (Region::Base, &["Skin00_00"]),
            (Region::FaceLower, &["FaceLower00_00", "Lower00_00"]),
            (Region::FaceUpper, &["FaceUpper00_00", "Upper00_00"]),
        ];
        if underwear {
            layers.extend([
                (Region::LegUpper, &["NakedPelvisSkin00_00"][..]),
                (Region::TorsoUpper, &["NakedTorsoSkin00_00"]),
            ]);
        }
        let mut found = Vec::new();
        for (region, names) in layers {
            let hit = names.iter().find_map(|n| {
                let name = format!("{prefix}{n}.blp");
                let rel = m2view_format::companion::game_relative(&name)?;
                self.lm.files.find(&dir.join(rel)).map(|p| (name, p))
            });
            if let Some((name, path)) = hit {
                self.plan.layers.push(Layer { region, file: name.clone(), found: Some(path) });
                found.push(name);
            }
        }
        found
    }

    /// The layers of one equipped item in `slot`.
    pub fn item(mut self, slot: Slot, kind: ItemKind, row: &DisplayInfoRow, sex: Sex) -> Self {
        let robe = kind == ItemKind::Robe || row.geoset_groups[2] == 1;
        for &region in slot_regions(slot, robe) {
            let k = Region::ITEM.iter().position(|&r| r == region).unwrap_or(0);
            let name = &row.textures[k];
            if name.is_empty() {
                continue;
            }
            let folder = format!("Item\\TextureComponents\\{}Texture\\{name}", region.name());
            let candidates =
                [format!("{folder}_{}.blp", sex.letter()), format!("{folder}_U.blp"), format!("{folder}.blp")];
            let found = candidates.iter().find_map(|c| self.lm.find_game_file(c).map(|p| (c.clone(), p)));
            let (file, found) = match found {
                Some((c, p)) => (c, Some(p)),
                None => (candidates[0].clone(), None),
            };
            self.plan.layers.push(Layer { region, file, found });
        }
        self
    }

    /// The plan.
    pub fn finish(self) -> BodyPlan {
        self.plan
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_tile_the_layout_without_overlap() {
        let mut covered = vec![0u8; 256 * 256];
        for r in Region::ITEM.into_iter().chain([Region::FaceUpper, Region::FaceLower]) {
            let [x, y, w, h] = r.rect();
            for yy in y..y + h {
                for xx in x..x + w {
                    covered[(yy * 256 + xx) as usize] += 1;
                }
            }
        }
        assert!(covered.iter().all(|&c| c == 1), "the ten regions cover 256x256 exactly once");
        assert_eq!(slot_order(true, true)[6..8], [Slot::Hands, Slot::Chest]);
    }
}
