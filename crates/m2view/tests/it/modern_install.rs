//! A 9.0+ character install written by this project in the real layouts
//! (no public modern character model, `.skel`, texture or WDC5 character
//! table exists): a CASC install (`m2view_casc::fixtures`) holding a
//! two-box race model, solid textures, a two-box helmet and the character
//! and item tables as WDC5 in the 11.2.7 layouts of WoWDBDefs. Shared by the modern character
//! tests and benchmark.

/// One written table: its name and rows.
type Table = (&'static str, Vec<(u32, Vec<m2view_db::fixtures::Cell>)>);

/// The 9.0+ character tables of the written install, in the 11.2.7
/// layouts of WoWDBDefs (written here: no public WDC5 character table
/// exists). ChrModel 1 (Human male) shows model 700001 through display
/// 5001, ChrModel 2 (Human female, no options) model 700040 through 5003; layout 50 composes a 64×64 body (type 1) and a 16×16 hair
/// texture (type 6). Skin Color: choice 21 green skin with blue underwear
/// on the upper legs (section 5), choice 22 yellow skin. Hair Style: Bald
/// (geoset 0) or Peasant (geoset 2, red hair texture). Horns: None, or Big
/// (skinned model 700020 showing its geoset 2401). Face Shape: Narrow, or
/// Tall (bone set 501: a `.bone` file lifting the top box). NPC display 5002
/// (extra 60) has Peasant hair, the helm 7002 on its head and a purple
/// baked body texture. Posture: Hunched, Upright (conditional model 601:
/// `CreatureModelData` 4003, the body's own file under another row, as the
/// real Forsaken "Upright" is) or Other (conditional model 602: the Horns'
/// file, another model).
fn character_tables() -> Vec<Table> {
    use m2view_db::fixtures::{Cell, row};
    let b = [11, 2, 7, 65299];
    let i = |v: i64| Cell::Int(v as u64);
    let s = |v: &str| Cell::Str(v.into());
    let r = |t: &'static str, id: u32, cells: &[(&str, Cell)]| row(t, b, id, cells).unwrap_or_else(|| panic!("{t}"));
    let option = |id, name, order| {
        r("ChrCustomizationOption", id, &[("Name_lang", s(name)), ("ChrModelID", i(1)), ("OrderIndex", i(order))])
    };
    let choice = |id, option, name, order| {
        r(
            "ChrCustomizationChoice",
            id,
            &[("Name_lang", s(name)), ("ChrCustomizationOptionID", i(option)), ("OrderIndex", i(order))],
        )
    };
    // SwatchColor[0] of a ChrCustomizationChoice row made by `choice`.
    let swatch = |(id, mut cells): (u32, Vec<Cell>), argb: u32| {
        let with = r("ChrCustomizationChoice", id, &[("SwatchColor[0]", i(argb as i64))]).1;
        let at = with.iter().position(|c| matches!(c, Cell::Int(v) if *v == argb as u64)).unwrap();
        cells[at] = with[at].clone();
        (id, cells)
    };
    let element = |id, choice, column: &str, value| {
        r("ChrCustomizationElement", id, &[("ChrCustomizationChoiceID", i(choice)), (column, i(value))])
    };
    let material = |id, target, res| {
        r("ChrCustomizationMaterial", id, &[("ChrModelTextureTargetID", i(target)), ("MaterialResourcesID", i(res))])
    };
    let layer = |id, ty, layer, blend, mask, target| {
        r(
            "ChrModelTextureLayer",
            id,
            &[
                ("TextureType", i(ty)),
                ("Layer", i(layer)),
                ("BlendMode", i(blend)),
                ("TextureSectionTypeBitMask", i(mask)),
                ("ChrModelTextureTargetID[0]", i(target)),
                ("CharComponentTextureLayoutsID", i(50)),
            ],
        )
    };
    let size = |id, ty, w, h| {
        r(
            "ChrModelMaterial",
            id,
            &[("CharComponentTextureLayoutsID", i(50)), ("TextureType", i(ty)), ("Width", i(w)), ("Height", i(h))],
        )
    };
    let file =
        |fdid, res| r("TextureFileData", fdid, &[("FileDataID", i(fdid as i64)), ("MaterialResourcesID", i(res))]);
    vec![
        (
            "ChrRaces",
            vec![r(
                "ChrRaces",
                1,
                &[("ClientFileString", s("Human")), ("Name_lang", s("Human")), ("ClientPrefix", s("Hu"))],
            )],
        ),
        (
            "ChrModel",
            vec![
                r("ChrModel", 1, &[("Sex", i(0)), ("DisplayID", i(5001)), ("CharComponentTextureLayoutID", i(50))]),
                r("ChrModel", 2, &[("Sex", i(1)), ("DisplayID", i(5003)), ("CharComponentTextureLayoutID", i(50))]),
            ],
        ),
        (
            "ChrRaceXChrModel",
            vec![
                r("ChrRaceXChrModel", 1, &[("ChrRacesID", i(1)), ("ChrModelID", i(1)), ("Sex", i(0))]),
                r("ChrRaceXChrModel", 2, &[("ChrRacesID", i(1)), ("ChrModelID", i(2)), ("Sex", i(1))]),
            ],
        ),
        (
            "CreatureDisplayInfo",
            vec![
                r("CreatureDisplayInfo", 5001, &[("ModelID", i(4001)), ("CreatureModelScale", Cell::Float(1.0))]),
                r("CreatureDisplayInfo", 5003, &[("ModelID", i(4002)), ("CreatureModelScale", Cell::Float(1.0))]),
                r(
                    "CreatureDisplayInfo",
                    5002,
                    &[("ModelID", i(4001)), ("CreatureModelScale", Cell::Float(1.0)), ("ExtendedDisplayInfoID", i(60))],
                ),
            ],
        ),
        (
            "CreatureDisplayInfoExtra",
            vec![r(
                "CreatureDisplayInfoExtra",
                60,
                &[("DisplayRaceID", i(1)), ("DisplaySexID", i(0)), ("BakeMaterialResourcesID", i(9005))],
            )],
        ),
        (
            "NPCModelItemSlotDisplayInfo",
            vec![r(
                "NPCModelItemSlotDisplayInfo",
                1,
                &[("NpcModelID", i(60)), ("ItemDisplayInfoID", i(7002)), ("ItemSlot", i(0))],
            )],
        ),
        (
            "CreatureDisplayInfoOption",
            vec![r(
                "CreatureDisplayInfoOption",
                1,
                &[
                    ("CreatureDisplayInfoExtraID", i(60)),
                    ("ChrCustomizationOptionID", i(12)),
                    ("ChrCustomizationChoiceID", i(32)),
                ],
            )],
        ),
        (
            "CreatureModelData",
            vec![
                r("CreatureModelData", 4001, &[("FileDataID", i(700001)), ("ModelScale", Cell::Float(1.0))]),
                r("CreatureModelData", 4002, &[("FileDataID", i(700040)), ("ModelScale", Cell::Float(1.0))]),
                r("CreatureModelData", 4003, &[("FileDataID", i(700001)), ("ModelScale", Cell::Float(1.0))]),
                r("CreatureModelData", 4004, &[("FileDataID", i(700020)), ("ModelScale", Cell::Float(1.0))]),
            ],
        ),
        (
            "ChrCustomizationOption",
            vec![
                option(11, "Skin Color", 0),
                option(12, "Hair Style", 1),
                option(13, "Horns", 2),
                option(14, "Face Shape", 3),
                option(15, "Posture", 4),
            ],
        ),
        (
            "ChrCustomizationChoice",
            vec![
                // Skin colours carry swatches (ARGB; real rows' values, e.g. choice 1's 0xFFE6C09E).
                swatch(choice(21, 11, "", 0), 0xFFE6C09E),
                swatch(choice(22, 11, "", 1), 0xFF8D5524),
                choice(31, 12, "Bald", 0),
                choice(32, 12, "Peasant", 1),
                choice(41, 13, "None", 0),
                choice(42, 13, "Big", 1),
                choice(51, 14, "Narrow", 0),
                choice(52, 14, "Tall", 1),
                choice(61, 15, "Hunched", 0),
                choice(62, 15, "Upright", 1),
                choice(63, 15, "Other", 2),
            ],
        ),
        (
            "ChrCustomizationElement",
            vec![
                element(1, 21, "ChrCustomizationMaterialID", 101),
                element(2, 21, "ChrCustomizationMaterialID", 102),
                element(3, 22, "ChrCustomizationMaterialID", 104),
                element(4, 31, "ChrCustomizationGeosetID", 201),
                element(5, 32, "ChrCustomizationGeosetID", 202),
                element(6, 32, "ChrCustomizationMaterialID", 103),
                element(7, 42, "ChrCustomizationSkinnedModelID", 401),
                element(8, 52, "ChrCustomizationBoneSetID", 501),
                element(9, 62, "ChrCustomizationCondModelID", 601),
                element(10, 63, "ChrCustomizationCondModelID", 602),
            ],
        ),
        (
            "ChrCustomizationCondModel",
            vec![
                r("ChrCustomizationCondModel", 601, &[("CreatureModelDataID", i(4003))]),
                r("ChrCustomizationCondModel", 602, &[("CreatureModelDataID", i(4004))]),
            ],
        ),
        (
            "ChrCustomizationBoneSet",
            vec![r("ChrCustomizationBoneSet", 501, &[("BoneFileDataID", i(700030)), ("ModelFileDataID", i(700001))])],
        ),
        (
            "ChrCustomizationSkinnedModel",
            vec![r(
                "ChrCustomizationSkinnedModel",
                401,
                &[("CollectionsFileDataID", i(700020)), ("GeosetType", i(24)), ("GeosetID", i(1))],
            )],
        ),
        (
            "ChrCustomizationGeoset",
            vec![
                r("ChrCustomizationGeoset", 201, &[("GeosetType", i(0)), ("GeosetID", i(0))]),
                r("ChrCustomizationGeoset", 202, &[("GeosetType", i(0)), ("GeosetID", i(2))]),
            ],
        ),
        (
            "ChrCustomizationMaterial",
            vec![material(101, 1, 9001), material(102, 13, 9002), material(103, 10, 9003), material(104, 1, 9004)],
        ),
        ("ChrModelTextureLayer", vec![layer(1, 1, 0, 1, -1, 1), layer(2, 1, 9, 15, 32, 13), layer(3, 6, 1, 1, -1, 10)]),
        ("ChrModelMaterial", vec![size(1, 1, 64, 64), size(2, 6, 16, 16)]),
        (
            "CharComponentTextureLayouts",
            vec![r("CharComponentTextureLayouts", 50, &[("Width", i(64)), ("Height", i(64))])],
        ),
        (
            "CharComponentTextureSections",
            vec![r(
                "CharComponentTextureSections",
                1,
                &[
                    ("CharComponentTextureLayoutID", i(50)),
                    ("SectionType", i(5)),
                    ("X", i(32)),
                    ("Y", i(32)),
                    ("Width", i(32)),
                    ("Height", i(32)),
                ],
            )],
        ),
        (
            "TextureFileData",
            vec![
                file(800001, 9001),
                file(800002, 9002),
                file(800003, 9003),
                file(800004, 9004),
                file(800005, 9005),
                file(800006, 9006),
                file(800007, 9006),
            ],
        ),
    ]
    .into_iter()
    .chain(item_tables())
    .collect()
}

/// The item tables of the install: legs display 7001 paints the upper
/// legs (section 5) with material 9006, whose female texture is white
/// (800006) and male one cyan (800007); helm display 7002 hangs model
/// resource 77 — the female model 700011 or the male 700010 — textured by
/// material 9003 (`ItemDisplayInfoModelMatRes`), and its
/// `HelmetGeosetVis` 300 hides the hair of race 1.
fn item_tables() -> Vec<Table> {
    use m2view_db::fixtures::{Cell, row};
    let b = [11, 2, 7, 65299];
    let i = |v: i64| Cell::Int(v as u64);
    let r = |t: &'static str, id: u32, cells: &[(&str, Cell)]| row(t, b, id, cells).unwrap_or_else(|| panic!("{t}"));
    let gendered = |t: &'static str, fdid: u32, gender| {
        r(t, fdid, &[("GenderIndex", i(gender)), ("RaceID", i(1)), ("PositionIndex", i(-1))])
    };
    vec![
        (
            "ItemDisplayInfo",
            vec![
                r("ItemDisplayInfo", 7001, &[]),
                r(
                    "ItemDisplayInfo",
                    7002,
                    &[("ModelResourcesID[0]", i(77)), ("HelmetGeosetVis[0]", i(300)), ("HelmetGeosetVis[1]", i(300))],
                ),
            ],
        ),
        (
            "ItemDisplayInfoMaterialRes",
            vec![r(
                "ItemDisplayInfoMaterialRes",
                1,
                &[("ItemDisplayInfoID", i(7001)), ("ComponentSection", i(5)), ("MaterialResourcesID", i(9006))],
            )],
        ),
        (
            "ComponentTextureFileData",
            vec![gendered("ComponentTextureFileData", 800006, 1), gendered("ComponentTextureFileData", 800007, 0)],
        ),
        (
            "ComponentModelFileData",
            vec![gendered("ComponentModelFileData", 700010, 0), gendered("ComponentModelFileData", 700011, 1)],
        ),
        (
            "ModelFileData",
            vec![
                r("ModelFileData", 700010, &[("FileDataID", i(700010)), ("ModelResourcesID", i(77))]),
                r("ModelFileData", 700011, &[("FileDataID", i(700011)), ("ModelResourcesID", i(77))]),
            ],
        ),
        (
            "ItemDisplayInfoModelMatRes",
            vec![r(
                "ItemDisplayInfoModelMatRes",
                1,
                &[
                    ("ItemDisplayInfoID", i(7002)),
                    ("ModelIndex", i(0)),
                    ("TextureType", i(2)),
                    ("MaterialResourcesID", i(9003)),
                ],
            )],
        ),
        (
            "HelmetGeosetData",
            vec![r(
                "HelmetGeosetData",
                1,
                &[("RaceID", i(1)), ("HideGeosetGroup", i(0)), ("HelmetGeosetVisDataID", i(300))],
            )],
        ),
    ]
}

/// A helmet: the project's two-box model (its skin 1001, texture 2001).
fn helmet() -> Vec<m2view_casc::fixtures::File> {
    use m2view_casc::fixtures::File;
    use m2view_format::{fixtures as f, writer as w};
    vec![
        File::new(700010, None, w::write_md21(&f::two_boxes_md21())),
        File::new(700011, None, w::write_md21(&f::two_boxes_md21())),
        File::new(1001, None, w::write_skin(&f::skin_profile(274), 274)),
        File::new(2001, None, solid([255, 255, 255, 255])),
    ]
}

/// A 9.0+ race model written for the install: the project's two-box model
/// with the body texture (type 1) on its lower box (geoset 0) and the hair
/// texture (type 6) on its upper box (geoset 2), both opaque.
fn race_model() -> Vec<u8> {
    use m2view_format::fixtures as f;
    let mut m = f::two_boxes_md21();
    m.md20.textures[0] = m2view_format::raw::m2::M2Texture { kind: 1, flags: 0, filename: String::new() };
    m.md20.textures[1].kind = 6;
    m.md20.materials[1] = m.md20.materials[0];
    m.chunks.as_mut().unwrap().skin_file_ids = vec![700002];
    m.chunks.as_mut().unwrap().texture_file_ids = vec![0, 0];
    m2view_format::writer::write_md21(&m)
}

fn race_skin() -> Vec<u8> {
    let mut skin = m2view_format::fixtures::skin_profile(274);
    skin.submeshes[1].skin_section_id = 2;
    skin.batches[1].color_index = -1;
    m2view_format::writer::write_skin(&skin, 274)
}

/// The Horns' skinned model: the race model's two boxes with no
/// animation of their own (the top box, geoset 2401, must follow the
/// character's rotating bone), both textures the body's (type 1); the
/// bottom box is geoset 2402, not shown.
fn collection_model() -> Vec<u8> {
    use m2view_format::fixtures as f;
    let mut m = f::two_boxes_md21();
    m.md20.textures[0] = m2view_format::raw::m2::M2Texture { kind: 1, flags: 0, filename: String::new() };
    m.md20.textures[1].kind = 1;
    m.md20.materials[1] = m.md20.materials[0];
    m.md20.bones[1].rotation = m.md20.bones[0].rotation.clone();
    m.chunks.as_mut().unwrap().skin_file_ids = vec![700021];
    m.chunks.as_mut().unwrap().texture_file_ids = vec![0, 0];
    m2view_format::writer::write_md21(&m)
}

fn collection_skin() -> Vec<u8> {
    let mut skin = m2view_format::fixtures::skin_profile(274);
    (skin.submeshes[0].skin_section_id, skin.submeshes[1].skin_section_id) = (2402, 2401);
    skin.batches[1].color_index = -1;
    m2view_format::writer::write_skin(&skin, 274)
}

/// A solid 4×4 texture.
fn solid(rgba: [u8; 4]) -> Vec<u8> {
    m2view_format::blp::write_blp2_raw(4, 4, &[rgba.repeat(16)])
}

/// Writes the install under `dir` (the model, its skin, four textures and
/// the tables as WDC5 under their FileDataIDs); returns its `_retail_` folder.
pub fn install(dir: &std::path::Path) -> std::path::PathBuf {
    use m2view_casc::fixtures::{File, Product};
    let mut files = vec![
        File::new(700001, None, race_model()),
        File::new(700040, None, race_model()),
        File::new(700002, None, race_skin()),
        File::new(800001, None, solid([0, 200, 0, 255])),
        File::new(800002, None, solid([0, 0, 255, 255])),
        File::new(800003, None, solid([220, 0, 0, 255])),
        File::new(800004, None, solid([230, 230, 0, 255])),
        File::new(800005, None, solid([160, 0, 220, 255])),
        File::new(800006, None, solid([255, 255, 255, 255])),
        File::new(800007, None, solid([0, 230, 230, 255])),
    ];
    files.extend(helmet());
    files.extend([File::new(700020, None, collection_model()), File::new(700021, None, collection_skin())]);
    // Face Shape "Tall": a `.bone` file (wowdev wiki "BONE" layout) lifting bone 1, the top box, by 0.5.
    let lift = glam::Mat4::from_translation(glam::Vec3::new(0.0, 0.0, 0.5)).to_cols_array();
    let bone = m2view_format::raw::bone::BoneFile { bones: vec![(1, lift)] };
    files.push(File::new(700030, None, m2view_format::writer::write_bone(&bone)));
    for (t, rows) in character_tables() {
        let id = m2view_db::defs::db2_fdid(t).unwrap_or_else(|| panic!("no FileDataID for {t}"));
        files.push(File::new(id, None, m2view_db::fixtures::write_wdc5(t, [11, 2, 7, 65299], &rows).unwrap()));
    }
    m2view_casc::fixtures::write(dir, &[Product::retail(files)]).unwrap();
    let data = dir.join("_retail_");
    std::fs::create_dir_all(&data).unwrap();
    data
}
