//! A CASC install as a user meets it: `ls`, `extract`, `info`, `render` and
//! `export` over `--data INSTALL`, by listfile name and by `fdid:N`. No
//! complete local storage is public, so the install is written by this
//! project in the real on-disk layout (`m2view_casc::fixtures`) and holds
//! real corpus files under the FileDataIDs the model names: the wow.export
//! MD21 model 5408474 with its `SFID` skins and `TXID` textures.

use std::path::{Path, PathBuf};

use crate::common::m2view;
use m2view_casc::fixtures::{self, File, Mode, Product};
use m2view_db::fixtures::{Cell, row, write_csv, write_wdc5};

pub const KEY_NAME: u64 = 0xFA50_5078_126A_CB3E;
pub const KEY: &str = "BDC51862ABED79B2DE48C8E7E66C6200";

fn samples() -> Option<PathBuf> {
    m2view_format::fixtures::samples_dir()
}

fn key() -> [u8; 16] {
    let mut k = [0u8; 16];
    for (i, b) in k.iter_mut().enumerate() {
        *b = u8::from_str_radix(&KEY[2 * i..2 * i + 2], 16).unwrap();
    }
    k
}

/// One written table row: its id and cells.
type Row = (u32, Vec<Cell>);

/// The creature tables of the install (written by this project in the
/// 11.2.7 layouts of WoWDBDefs: no public WDC5 creature table exists):
/// display 9100 dresses model 9001 (FileDataID 500001, Blizzardry's
/// Rabbit) with texture 500003.
fn creature_tables() -> Vec<(&'static str, Vec<Row>)> {
    let build = [11, 2, 7, 65299];
    let display = row(
        "CreatureDisplayInfo",
        build,
        9100,
        &[
            ("ModelID", Cell::Int(9001)),
            ("CreatureModelScale", Cell::Float(1.0)),
            ("TextureVariationFileDataID", Cell::Int(500003)),
        ],
    );
    let model =
        row("CreatureModelData", build, 9001, &[("FileDataID", Cell::Int(500001)), ("ModelScale", Cell::Float(1.0))]);
    vec![("CreatureDisplayInfo", vec![display.unwrap()]), ("CreatureModelData", vec![model.unwrap()])]
}

/// The install's files: the MD21 tree by FileDataID (the model in three
/// zlib chunks, its LOD-1 skin LZ4, one texture in an `F` frame), one
/// encrypted file, Blizzardry's Rabbit (its skin named by the listfile
/// only), the two-box models and the creature tables as WDC5 under their
/// FileDataIDs.
pub fn corpus_files(samples: &Path) -> Vec<File> {
    let m2 = samples.join("miaoihan_wow.export/resources/M2");
    let read = |n: &str| std::fs::read(m2.join(n)).unwrap();
    let rabbit = samples.join("wowserhq_blizzardry/spec/fixtures");
    let tables = creature_tables().into_iter().map(|(t, rows)| {
        let id = m2view_db::defs::db2_fdid(t).unwrap();
        File::new(id, None, write_wdc5(t, [11, 2, 7, 65299], &rows).unwrap())
    });
    let secret = Mode::Encrypted { name: KEY_NAME, key: key(), iv: [9, 8, 7, 6], inner: Box::new(Mode::Zlib) };
    vec![
        File {
            chunks: vec![(16384, Mode::Zlib), (16384, Mode::Zlib), (0, Mode::Zlib)],
            ..File::new(5408474, None, read("5408474.m2"))
        },
        File::new(5408782, None, read("540847400.skin")),
        File { chunks: vec![(0, Mode::Lz4)], ..File::new(5408783, None, read("5408474_lod01.skin")) },
        File {
            chunks: vec![(0, Mode::Frame(vec![(65536, Mode::Zlib), (0, Mode::Plain)]))],
            ..File::new(5408779, None, read("5408474_5408779.blp"))
        },
        File::new(5408780, None, read("5408474_5408780.blp")),
        File { chunks: vec![(0, secret)], ..File::new(777, None, b"encrypted content".to_vec()) },
        File::new(500001, None, std::fs::read(rabbit.join("Rabbit.m2")).unwrap()),
        File::new(500002, None, std::fs::read(rabbit.join("Rabbit00.skin")).unwrap()),
        File::new(500003, None, std::fs::read(rabbit.join("RabbitSkin.blp")).unwrap()),
    ]
    .into_iter()
    .chain(two_boxes())
    .chain(tables)
    .collect()
}

/// The listfile naming the install's files, written as `dir/listfile.csv`.
pub fn listfile(dir: &Path) -> PathBuf {
    let lf = dir.join("listfile.csv");
    std::fs::write(
        &lf,
        "5408474;world/expansion07/doodads/kultiras/8kt_tree01.m2\n5408779;world/expansion07/doodads/kultiras/8kt_tree01_bark.blp\n777;dbfilesclient/secret.db2\n500001;creature/rabbit/rabbit.m2\n500002;creature/rabbit/rabbit00.skin\n600001;world/test/twoboxesskel.m2\n600002;world/test/twoboxes.m2\n",
    )
    .unwrap();
    lf
}

/// Writes the install of [`corpus_files`] under `dir`; returns its listfile.
fn install(dir: &Path, samples: &Path) -> PathBuf {
    fixtures::write(dir, &[Product::retail(corpus_files(samples))]).unwrap();
    listfile(dir)
}

/// The project's two-box test model twice (`m2view_format::fixtures`): as
/// 600001 with its bones, sequences and attachments in the `.skel` file
/// 3001 (written here in the wowdev "M2/.skel" layout: no public `.skel`
/// exists), and as 600002 with them inline; skin 1001, texture 2001.
fn two_boxes() -> Vec<File> {
    use m2view_format::{fixtures as f, writer as w};
    let (skel_model, skel) = f::two_boxes_skel();
    vec![
        File::new(600001, None, w::write_md21(&skel_model)),
        File::new(f::SKEL_FDID, None, w::write_skel(&skel)),
        File::new(600002, None, w::write_md21(&f::two_boxes_md21())),
        File::new(1001, None, w::write_skin(&f::skin_profile(274), 274)),
        File::new(2001, None, m2view_format::blp::write_blp2_raw(2, 2, &[vec![200; 16]])),
    ]
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-casc-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn ls_and_extract_by_name_and_id() {
    let Some(s) = samples() else { return };
    let d = tmp("ls");
    let lf = install(&d.join("WoW"), &s);
    let data = d.join("WoW/_retail_");
    std::fs::create_dir_all(&data).unwrap();
    let (code, out, err) = m2view(&["ls", "--data", data.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let names: Vec<&str> = out.lines().map(|l| l.split('\t').next().unwrap()).collect();
    // Sorted as text: the two tables (CreatureDisplayInfo, CreatureModelData), the Rabbit, the tree, the secret.
    let want = ["fdid:1001", "fdid:1108759", "fdid:1365368", "fdid:2001", "fdid:3001", "fdid:500001"];
    assert!(names.starts_with(&want), "{names:?}");
    assert!(names.ends_with(&[
        "fdid:5408474",
        "fdid:5408779",
        "fdid:5408780",
        "fdid:5408782",
        "fdid:5408783",
        "fdid:600001",
        "fdid:600002",
        "fdid:777"
    ]));
    let (code, out, _) =
        m2view(&["ls", "--data", data.to_str().unwrap(), "--listfile", lf.to_str().unwrap(), "world/*.m2"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("world/expansion07/doodads/kultiras/8kt_tree01.m2\t45316\t"), "{out}");
    // extract by glob and by FileDataID: the bytes the corpus holds.
    let out_dir = d.join("out");
    let args = [
        "extract",
        "--data",
        data.to_str().unwrap(),
        "--listfile",
        lf.to_str().unwrap(),
        "*.blp",
        "-o",
        out_dir.to_str().unwrap(),
    ];
    let (code, _, err) = m2view(&args);
    assert_eq!(code, 0, "{err}");
    let bark = std::fs::read(out_dir.join("world/expansion07/doodads/kultiras/8kt_tree01_bark.blp")).unwrap();
    assert_eq!(bark, std::fs::read(s.join("miaoihan_wow.export/resources/M2/5408474_5408779.blp")).unwrap());
    let (code, _, err) =
        m2view(&["extract", "--data", data.to_str().unwrap(), "fdid:5408783", "-o", out_dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read(out_dir.join("fdid:5408783")).unwrap(),
        std::fs::read(s.join("miaoihan_wow.export/resources/M2/5408474_lod01.skin")).unwrap()
    );
    // An encrypted file without its key: an error naming file and key; with it, the bytes.
    let (code, _, err) =
        m2view(&["extract", "--data", data.to_str().unwrap(), "fdid:777", "-o", out_dir.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("fdid:777") && err.contains("FA505078126ACB3E") && err.contains("data.000"), "{err}");
    let keys = d.join("WoW.txt");
    std::fs::write(&keys, format!("{KEY_NAME:016X} {KEY}\n")).unwrap();
    let args = [
        "extract",
        "--data",
        data.to_str().unwrap(),
        "--tact-keys",
        keys.to_str().unwrap(),
        "fdid:777",
        "-o",
        out_dir.to_str().unwrap(),
    ];
    assert_eq!(m2view(&args).0, 0);
    assert_eq!(std::fs::read(out_dir.join("fdid:777")).unwrap(), b"encrypted content");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn info_render_and_export_a_model_by_fdid() {
    let Some(s) = samples() else { return };
    let d = tmp("model");
    let lf = install(&d.join("WoW"), &s);
    let data = d.join("WoW");
    let (code, out, err) = m2view(&["info", "--json", "--data", data.to_str().unwrap(), "fdid:5408474"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["counts"]["vertices"], 818);
    let found: Vec<(String, bool)> = v["companions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["wanted"].as_str().unwrap().to_string(), !c["found"].is_null()))
        .collect();
    assert_eq!(
        found,
        [
            ("fdid 5408782".to_string(), true),
            ("fdid 5408783".into(), true),
            ("fdid 5408784".into(), false),
            ("fdid 5408785".into(), false),
            ("fdid 5408779".into(), true),
            ("fdid 5408780".into(), true),
        ]
    );
    // By the listfile's name: the texture shows under its name.
    let model = "World\\Expansion07\\Doodads\\KulTiras\\8kt_Tree01.m2";
    let (code, out, err) =
        m2view(&["info", "--data", data.to_str().unwrap(), "--listfile", lf.to_str().unwrap(), model]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("fdid 5408779 -> world/expansion07/doodads/kultiras/8kt_tree01_bark.blp"), "{out}");
    let png = d.join("tree.png");
    let (code, _, err) = m2view(&[
        "render",
        "--data",
        data.to_str().unwrap(),
        "fdid:5408474",
        "-o",
        png.to_str().unwrap(),
        "--size",
        "128x128",
    ]);
    assert_eq!(code, 0, "{err}");
    let img = image::open(&png).unwrap().to_rgba8();
    let drawn = img.pixels().filter(|p| p.0[..3] != img.get_pixel(0, 0).0[..3]).count();
    assert!(drawn > 128 * 128 / 20, "{drawn} pixels drawn");
    let glb = d.join("tree.glb");
    let (code, _, err) =
        m2view(&["export", "--data", data.to_str().unwrap(), "fdid:5408474", "-o", glb.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let doc = gltf::Gltf::from_slice(&std::fs::read(&glb).unwrap()).unwrap();
    assert_eq!(doc.textures().count(), 2, "both textures came from the install");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_creature_dressed_from_the_install_tables() {
    let Some(s) = samples() else { return };
    let d = tmp("creature");
    let lf = install(&d.join("WoW"), &s);
    let data = d.join("WoW");
    let (data, lf) = (data.to_str().unwrap(), lf.to_str().unwrap());
    // By display id alone: CreatureDisplayInfo -> CreatureModelData.FileDataID -> the model,
    // TextureVariationFileDataID -> its skin; the skin profile by its listfile name.
    let png = d.join("rabbit.png");
    let (code, out, err) = m2view(&[
        "render",
        "--data",
        data,
        "--listfile",
        lf,
        "--display-id",
        "9100",
        "-o",
        png.to_str().unwrap(),
        "--size",
        "128x128",
        "--stats",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("not found") && !err.contains("not filled"), "{err}");
    let stats: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert!(stats["triangles"].as_u64().unwrap() > 100, "{stats}");
    let (code, out, err) = m2view(&["info", "--data", data, "--listfile", lf, "creature/rabbit/rabbit.m2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("display 9100: fdid:500003") && out.contains("type 11 (replaceable) -> fdid:500003"), "{out}");
    // The same tables as CSV in a --dbc folder dress it alike.
    let csv = d.join("csv");
    std::fs::create_dir_all(&csv).unwrap();
    for (t, rows) in creature_tables() {
        std::fs::write(csv.join(format!("{t}.csv")), write_csv(t, [11, 2, 7, 65299], &rows).unwrap()).unwrap();
    }
    let (code, out, err) =
        m2view(&["info", "--data", data, "--listfile", lf, "--dbc", csv.to_str().unwrap(), "fdid:500001"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("CreatureModelData.csv") && out.contains("display 9100: fdid:500003"), "{out}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_model_whose_skeleton_is_in_a_skel_file_renders_as_with_inline_bones() {
    let Some(s) = samples() else { return };
    let d = tmp("skel");
    let lf = install(&d.join("WoW"), &s);
    let data = d.join("WoW");
    let (data, lf) = (data.to_str().unwrap(), lf.to_str().unwrap());
    let (code, out, err) = m2view(&["info", "--data", data, "fdid:600001"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("skeleton fdid 3001 -> fdid:3001"), "{out}");
    // Stand at 500 ms: the top box half turned (keys from the .skel).
    let render = |model: &str, png: &Path| {
        let png_s = png.to_str().unwrap();
        let args = ["render", "--data", data, model, "--time", "500", "--size", "96x96", "-o", png_s];
        let (code, _, err) = m2view(&args);
        assert_eq!(code, 0, "{err}");
        image::open(png).unwrap().to_rgba8()
    };
    let skel = render("fdid:600001", &d.join("skel.png"));
    let inline = render("fdid:600002", &d.join("inline.png"));
    assert!(skel.pixels().filter(|p| p.0 != skel.get_pixel(0, 0).0).count() > 500, "drawn");
    assert_eq!(skel.as_raw(), inline.as_raw(), "the same pixels as the model with its bones inline");
    // Bind pose (what a model whose skeleton is missing draws) looks otherwise.
    let rest = d.join("rest.png");
    let args = ["render", "--data", data, "fdid:600002", "--size", "96x96", "-o", rest.to_str().unwrap()];
    assert_eq!(m2view(&args).0, 0);
    assert_ne!(image::open(&rest).unwrap().to_rgba8(), skel, "the skeleton's keys moved it");

    // Thumbnails of every model the listfile names under world/.
    let out_dir = d.join("thumbs");
    let args =
        ["render", "--all", "--data", data, "--listfile", lf, "world/test/*.m2", "-o", out_dir.to_str().unwrap()];
    let (code, out, err) = m2view(&args);
    assert_eq!(code, 0, "{out}{err}");
    for m in ["twoboxesskel", "twoboxes"] {
        assert!(out_dir.join(format!("world/test/{m}.m2.png")).exists(), "{m}: {out}{err}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
