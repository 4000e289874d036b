//! Client tables as files of their own through the `m2view` binary (issue
//! "Textures and tables as files of their own"): every table of the sample
//! corpus — `WDBC` of 1.12, 2.4.3 and 3.3.5 clients, `WDC3`, `WDC5` and the
//! 10.0-era CSV set — exported as CSV reads back as the same rows (the CSV
//! read as a table and written again is the same text, and has the rows
//! MANIFEST.tsv counts), its SQL loads into SQLite (Debian's `sqlite3`)
//! with that many rows, `--where` finds a row whose values are known, and
//! the JSON export parses with the right shape.

use std::path::{Path, PathBuf};

use crate::common::m2view;

mod readers;

/// The corpus tables: (file, table name, rows the manifest counts). The
/// WDC5 files of cascette-rs are named by hash; the manifest names their table.
fn corpus(samples: &Path) -> Vec<(PathBuf, String, Option<usize>)> {
    let manifest = std::fs::read_to_string(samples.join("MANIFEST.tsv")).unwrap();
    let mut out = Vec::new();
    for line in manifest.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(path), Some(kind)) = (cols.first(), cols.get(1)) else { continue };
        let facts = cols.get(3).copied().unwrap_or("");
        let fact = |key: &str| {
            facts.split_whitespace().find_map(|f| f.strip_prefix(key)).map(|v| v.trim_end_matches(',').to_string())
        };
        let csv = *kind == "text" && path.contains("DBC_Compare") && path.ends_with(".csv");
        if !matches!(*kind, "WDBC" | "WDC3" | "WDC4" | "WDC5") && !csv {
            continue;
        }
        let stem = Path::new(path).file_stem().unwrap().to_string_lossy().into_owned();
        let table = fact("table=").unwrap_or(stem);
        let rows = fact("records=").or_else(|| fact("rows=")).and_then(|r| r.parse().ok());
        out.push((samples.join(path), table, rows));
    }
    out
}

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-tables-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn where_finds_known_rows_and_json_keeps_arrays() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    // 3.3.5 CreatureDisplayInfo of itmrl's set: display 31 is the Sahaugin skin (MANIFEST.tsv
    // names the layout; the value is the file's).
    let file = samples.join("itmrl_dbc/CreatureDisplayInfo.dbc");
    let (code, out, err) = m2view(&["info", file.to_str().unwrap(), "--where", "id=31", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["generation"], "WDBC");
    assert_eq!(v["layout"], "3.3.5 (16 fields)");
    let row = &v["matches"][0];
    let cell = |name: &str| row.as_array().unwrap().iter().find(|c| c[0] == name).unwrap()[1].clone();
    assert_eq!((cell("ModelID"), cell("TextureVariation")), ("31".into(), "Sahauginskin, , ".into()));
    // An unknown column is a usage error naming the table's columns.
    let (code, _, err) = m2view(&["info", file.to_str().unwrap(), "--where", "Nope=1"]);
    assert_eq!(code, 1);
    assert!(err.contains("no such column") && err.contains("ModelID"), "{err}");
    // JSON export: one object a row, the texture array as an array.
    let dir = scratch("json");
    let json = dir.join("cdi.json");
    let (code, _, err) =
        m2view(&["export", file.to_str().unwrap(), "--where", "ModelID=31", "-o", json.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let rows: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let rows = rows.as_array().unwrap();
    assert!(!rows.is_empty() && rows.iter().all(|r| r["ModelID"] == 31));
    assert_eq!(rows[0]["TextureVariation"], serde_json::json!(["Sahauginskin", "", ""]));
    assert_eq!(rows[0]["CreatureModelScale"], 1.0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn any_wowdbdefs_table_reads_without_dbd() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    // Real 3.3.5 tables m2view itself never reads: their definitions come from the full set.
    let dbc = samples.join("ElementoBorzi_Doomhammer-Public-Pack/DBFilesClient");
    let dir = scratch("anydef");
    let csv = dir.join("outfits.csv");
    let src = dbc.join("CharStartOutfit.dbc");
    let (code, _, err) = m2view(&["export", src.to_str().unwrap(), "-o", csv.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("ID,RaceID,ClassID,SexID,OutfitID,ItemID[0]"));
    // Human warrior, male: outfit items 38, 39, 40, then 0.
    assert!(lines.next().unwrap().starts_with("1,1,1,0,0,38,39,40,0,"), "{text:.200}");
    // A WDBC file names no build: the layout is chosen by its fields, and said.
    let (code, out, _) = m2view(&["info", src.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("definition chosen by 3.3.5 (77 fields)"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_table_without_a_definition_says_how_to_give_one() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let dir = scratch("nodef");
    // A real WDC5 table under a name WoWDBDefs has no definition of.
    let src = samples.join("wowemulation-dev_cascette-rs/crates/cascette-formats/test_fixtures/zbsdiff/b3c9bd1bcc8d6e581f70b50b300ec446.new");
    let file = dir.join("NoSuchTable.db2");
    std::fs::copy(src, &file).unwrap();
    let (code, _, err) = m2view(&["info", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("NoSuchTable") && err.contains("--dbd"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn extract_converts_tables_to_csv() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    // A folder source holding two real 1.12 tables and a model that is copied as it is.
    let src = scratch("extract-src");
    std::fs::create_dir_all(src.join("DBFilesClient")).unwrap();
    for t in ["CharHairGeosets.dbc", "CreatureModelData.dbc"] {
        std::fs::copy(samples.join("andrewmunro_Vanilla/dbc").join(t), src.join("DBFilesClient").join(t)).unwrap();
    }
    std::fs::write(src.join("DBFilesClient/readme.txt"), "not a table").unwrap();
    let out = scratch("extract-out");
    let (code, _, err) = m2view(&[
        "extract",
        "--data",
        src.to_str().unwrap(),
        "dbfilesclient/*",
        "-o",
        out.to_str().unwrap(),
        "--convert",
        "csv",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("3 files written"), "{err}");
    assert_eq!(std::fs::read_to_string(out.join("DBFilesClient/readme.txt")).unwrap(), "not a table");
    for t in ["CharHairGeosets", "CreatureModelData"] {
        let extracted = std::fs::read_to_string(out.join(format!("DBFilesClient/{t}.csv"))).unwrap();
        let exported = out.join(format!("{t}.export.csv"));
        let dbc = src.join(format!("DBFilesClient/{t}.dbc"));
        let (code, _, err) = m2view(&["export", dbc.to_str().unwrap(), "-o", exported.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(extracted, std::fs::read_to_string(&exported).unwrap(), "{t}");
    }
    // MANIFEST.tsv: CharHairGeosets has 148 rows, CreatureModelData 331.
    let rows =
        |t: &str| std::fs::read_to_string(out.join(format!("DBFilesClient/{t}.csv"))).unwrap().lines().count() - 1;
    assert_eq!((rows("CharHairGeosets"), rows("CreatureModelData")), (148, 331));
    let _ = std::fs::remove_dir_all(&src);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn exported_csv_tables_dress_a_creature_as_the_binary_ones_do() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    // Koward's 1.12 creature tables, exported as CSV and given back with --dbc: Murloc2's
    // skins (which displays use which textures) are the same as through the .dbc files
    // beside the model.
    let koward = samples.join("Koward_Improved_Models");
    let dir = scratch("dbc-csv");
    for t in ["CreatureDisplayInfo", "CreatureModelData"] {
        let dbc = koward.join(format!("DBFilesClient/{t}.dbc"));
        let csv = dir.join(format!("{t}.csv"));
        let (code, _, err) = m2view(&["export", dbc.to_str().unwrap(), "-o", csv.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
    }
    let murloc = koward.join("Creature/Murloc2/Murloc2.m2");
    let skins = |extra: &[&str]| {
        let (code, out, err) = m2view(&[&["info", murloc.to_str().unwrap(), "--json"], extra].concat());
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        (v["skins"].clone(), v["skin_tables"].clone())
    };
    let (binary, from) = skins(&[]);
    let (csv, csv_from) = skins(&["--dbc", dir.to_str().unwrap()]);
    assert!(from.to_string().contains(".dbc") && csv_from.to_string().contains(".csv"), "{from} / {csv_from}");
    assert_eq!(binary.as_array().unwrap().len(), 5, "{binary}");
    assert_eq!(csv, binary);
    let _ = std::fs::remove_dir_all(&dir);
}
