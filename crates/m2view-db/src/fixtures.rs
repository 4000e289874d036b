//! Client tables written for tests, in real layouts, where no public file
//! exists (the `fixtures` feature).

use std::path::Path;

use crate::wdbc::{Strings, write};

/// Writes a 3.3.5-layout `ItemDisplayInfo.dbc` (25 fields) and `Item.dbc`
/// (8 fields) into `dir`: no public 3.3.5 item table exists. Their rows
/// name real files of the ElementoBorzi Doomhammer pack:
/// - display 90001: a chest, `GeosetGroup` (1, 0, 0), death knight plate
///   components `Plate_DH01_DeathKnight_{Sleeve_AU,Sleeve_AL,Chest_TU,Chest_TL}`
///   (the pack has the `_U` files);
/// - display 90002: the model `Axe_1H_DH_Tribal_A_01.mdx` with its texture;
/// - display 90003: legs, `GeosetGroup` (0, 1, 0), `Cloth_Zuljin_LU`/`_LL`;
/// - item 50001: display 90002, one-hand (inventory type 13);
///   item 50002: display 90003, legs (7).
pub fn write_wotlk_item_tables(dir: &Path) -> std::io::Result<()> {
    let mut st = Strings::default();
    let mut display = |id: u32, models: [&str; 2], model_textures: [&str; 2], groups: [u32; 3], tex: [&str; 8]| {
        let mut r =
            vec![id, st.add(models[0]), st.add(models[1]), st.add(model_textures[0]), st.add(model_textures[1])];
        r.extend([st.add("INV_Test"), 0]);
        r.extend(groups);
        r.extend([0, 0, 0, 0, 0]);
        r.extend(tex.map(|t| st.add(t)));
        r.extend([0, 0]);
        r
    };
    let chest = display(
        90001,
        ["", ""],
        ["", ""],
        [1, 0, 0],
        [
            "Plate_DH01_DeathKnight_Sleeve_AU",
            "Plate_DH01_DeathKnight_Sleeve_AL",
            "",
            "Plate_DH01_DeathKnight_Chest_TU",
            "Plate_DH01_DeathKnight_Chest_TL",
            "",
            "",
            "",
        ],
    );
    let axe = display(90002, ["Axe_1H_DH_Tribal_A_01.mdx", ""], ["Axe_1H_DH_Tribal_A_01", ""], [0; 3], [""; 8]);
    let legs =
        display(90003, ["", ""], ["", ""], [0, 1, 0], ["", "", "", "", "", "Cloth_Zuljin_LU", "Cloth_Zuljin_LL", ""]);
    std::fs::write(dir.join("ItemDisplayInfo.dbc"), write(25, &[chest, axe, legs], &st.0))?;
    // Item 50001: the axe, one-hand (13); 50002: the legs (7).
    let items = [vec![50001, 2, 0, 0, 1, 90002, 13, 3], vec![50002, 4, 1, 0, 1, 90003, 7, 0]];
    std::fs::write(dir.join("Item.dbc"), write(8, &items, b"\0"))
}
