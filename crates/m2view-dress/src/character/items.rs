//! The models an equipped item hangs on a character, and their textures
//! (WoW Model Viewer 0.7 `CharControl::RefreshItem`): helmets from
//! `Item\ObjectComponents\Head\` on the Helm attachment, their model name
//! suffixed with the race's `ChrRaces.ClientPrefix` and the wearer's sex
//! (`Helm_Leather_D_01_ScF.m2`); shoulders from `…\Shoulder\`, the first
//! model on the left shoulder and the second on the right (the client
//! ships both sides); weapons from `…\Weapon\` in the hands, shields from
//! `…\Shield\` on the Shield attachment; ranged weapons sheathed on the
//! back. Each model's replaceable texture (type 2) is `ModelTexture` in the
//! same folder. `.mdx`/`.mdl` names stand for `.m2`.

use std::path::PathBuf;

use m2view_db::item::DisplayInfoRow;
use m2view_format::LoadedModel;

use super::equipment::{ItemKind, Slot};
use super::identity::Sex;

/// A model an item hangs on the character.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemModel {
    /// The slot it belongs to.
    pub slot: Slot,
    /// The attachment id on the character (wowdev wiki "M2#Attachments").
    pub attachment: u32,
    /// The game path of the model.
    pub model: String,
    /// Where it was found.
    pub model_file: Option<PathBuf>,
    /// The game path of its texture (replaceable type 2; empty: none).
    pub texture: String,
    /// Where the texture was found.
    pub texture_file: Option<PathBuf>,
}

/// `name` with a `.m2` extension (`.mdx`, `.mdl` or none before).
fn m2_name(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let stem = [".mdx", ".mdl", ".m2"].iter().find_map(|e| lower.ends_with(e).then(|| &name[..name.len() - e.len()]));
    format!("{}.m2", stem.unwrap_or(name))
}

/// Where the models of an item of `kind` in `slot` hang: `(model index,
/// attachment id, folder under `Item\ObjectComponents`)` (see the module
/// docs; the shoulders' first model on the left).
pub fn placement(slot: Slot, kind: ItemKind) -> Vec<(usize, u32, &'static str)> {
    match slot {
        Slot::Head => vec![(0, 11, "Head")],
        Slot::Shoulder => vec![(0, 6, "Shoulder"), (1, 5, "Shoulder")],
        Slot::MainHand => vec![(0, 1, "Weapon")],
        Slot::OffHand if kind == ItemKind::Shield => vec![(0, 0, "Shield")],
        Slot::OffHand => vec![(0, 2, "Weapon")],
        Slot::Ranged => vec![(0, 26, "Weapon")],
        _ => vec![],
    }
}

/// The models of an item of `kind` in `slot` (display `row`) on a wearer
/// of `sex` whose race prefix is `prefix` (`Sc`; helmets need it).
pub fn item_models(
    lm: &LoadedModel,
    slot: Slot,
    kind: ItemKind,
    row: &DisplayInfoRow,
    prefix: Option<&str>,
    sex: Sex,
) -> Vec<ItemModel> {
    let mut out = Vec::new();
    for (k, attachment, folder) in placement(slot, kind) {
        let name = &row.models[k];
        if name.is_empty() {
            continue;
        }
        let mut file = m2_name(name);
        if slot == Slot::Head {
            let Some(prefix) = prefix else { continue };
            file = format!("{}_{prefix}{}.m2", file.trim_end_matches(".m2"), sex.letter());
        }
        let model = format!("Item\\ObjectComponents\\{folder}\\{file}");
        let tex = &row.model_textures[k];
        let texture =
            if tex.is_empty() { String::new() } else { format!("Item\\ObjectComponents\\{folder}\\{tex}.blp") };
        out.push(ItemModel {
            slot,
            attachment,
            model_file: lm.find_game_file(&model),
            model,
            texture_file: lm.find_game_file(&texture),
            texture,
        });
    }
    out
}

/// The cape texture of a back item (`Item\ObjectComponents\Cape\<ModelTexture>.blp`,
/// replaceable type 2 of the character).
pub fn cape_texture(row: &DisplayInfoRow) -> Option<String> {
    let t = &row.model_textures[0];
    (!t.is_empty()).then(|| format!("Item\\ObjectComponents\\Cape\\{t}.blp"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_names_become_m2() {
        assert_eq!(m2_name("Helm_Leather_D_01.mdl"), "Helm_Leather_D_01.m2");
        assert_eq!(m2_name("Axe_1H_DH_Tribal_A_01.MDX"), "Axe_1H_DH_Tribal_A_01.m2");
        assert_eq!(m2_name("Sword"), "Sword.m2");
    }
}
