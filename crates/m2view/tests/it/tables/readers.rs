//! The tables tests that drive external readers (sqlite3):
//! run apart in CI (`cargo test -- readers::`), so that their time shows.

use super::*;

/// A tool CI installs (`.ci/run`): present, or the test fails under
/// `M2VIEW_REQUIRE_TOOLS=1` and says loudly that it skips otherwise.
fn tool(cmd: &str, probe: &[&str]) -> bool {
    let ok = std::process::Command::new(cmd).args(probe).output().is_ok_and(|o| o.status.success());
    if !ok {
        let msg = format!("{cmd} not found (Debian package; .ci/run installs it)");
        assert!(std::env::var("M2VIEW_REQUIRE_TOOLS").map_or(true, |v| v != "1"), "{msg}");
        eprintln!("\n*** {msg}: check SKIPPED ***\n");
    }
    ok
}

#[test]
fn every_corpus_table_round_trips_through_csv_and_loads_as_sql() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let dbd = samples.join("wowdev_WoWDBDefs/definitions");
    let dbd = dbd.to_str().unwrap();
    let sqlite = tool("sqlite3", &["-version"]);
    let dir = scratch("corpus");
    let tables = corpus(&samples);
    let generations = |g: &str| tables.iter().filter(|t| t.0.to_string_lossy().contains(g)).count();
    assert!(tables.len() >= 85, "{} tables", tables.len());
    assert!(generations("zbsdiff") == 8 && generations("wow.export") >= 2, "WDC5 and WDC3 tables in the list");
    let mut checked = 0;
    for (i, (file, table, rows)) in tables.iter().enumerate() {
        // Each under its table's name (the hash-named WDC5 files too).
        let ext = file.extension().unwrap().to_string_lossy().to_ascii_lowercase();
        let ext = if ext == "new" || ext == "old" { "db2".to_string() } else { ext };
        let sub = dir.join(i.to_string());
        std::fs::create_dir_all(&sub).unwrap();
        let input = sub.join(format!("{table}.{ext}"));
        std::fs::copy(file, &input).unwrap();
        let csv = sub.join(format!("{table}.csv.out"));
        let csv_in = sub.join("again").join(format!("{table}.csv"));
        std::fs::create_dir_all(csv_in.parent().unwrap()).unwrap();
        let (code, _, err) =
            m2view(&["export", "--dbd", dbd, input.to_str().unwrap(), "-o", &format!("{}.csv", csv.display())]);
        assert_eq!(code, 0, "{}: {err}", file.display());
        std::fs::copy(format!("{}.csv", csv.display()), &csv_in).unwrap();
        let first = std::fs::read_to_string(&csv_in).unwrap();
        // The CSV read as a table (as --dbc reads it) and written again: the same text.
        let again = sub.join("again.csv");
        let (code, _, err) = m2view(&["export", "--dbd", dbd, csv_in.to_str().unwrap(), "-o", again.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {err}", file.display());
        assert_eq!(std::fs::read_to_string(&again).unwrap(), first, "{}: CSV → table → CSV differs", file.display());
        let lines = first.lines().count() - 1;
        let (_, out, _) = m2view(&["info", "--dbd", dbd, input.to_str().unwrap(), "--json"]);
        let info: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(info["rows"].as_u64(), Some(lines as u64), "{}", file.display());
        if let Some(rows) = rows {
            // The manifest counts records; copy tables add rows to WDC files.
            let copies = info["copied_rows"].as_u64().unwrap() as usize;
            assert_eq!(lines, rows + copies, "{}: rows", file.display());
        }
        if sqlite {
            let sql = sub.join(format!("{table}.sql"));
            let (code, _, err) =
                m2view(&["export", "--dbd", dbd, input.to_str().unwrap(), "-o", sql.to_str().unwrap()]);
            assert_eq!(code, 0, "{}: {err}", file.display());
            let db = sub.join("t.sqlite");
            let load = std::process::Command::new("sqlite3")
                .arg(&db)
                .arg(format!(".read {}", sql.display()))
                .output()
                .unwrap();
            assert!(load.status.success(), "{}: {}", sql.display(), String::from_utf8_lossy(&load.stderr));
            let count = std::process::Command::new("sqlite3")
                .arg(&db)
                .arg(format!("SELECT count(*) FROM `{table}`"))
                .output()
                .unwrap();
            assert_eq!(String::from_utf8_lossy(&count.stdout).trim(), lines.to_string(), "{}", sql.display());
        }
        checked += 1;
    }
    eprintln!("{checked} tables: CSV round trip{}", if sqlite { " and SQLite" } else { "" });
    let _ = std::fs::remove_dir_all(&dir);
}
