//! MDL, Warcraft III's text form, through the `m2view` binary: every
//! Warcraft III model of the corpus (the v800 ones and Reforged's blob.mdx
//! kept beside it) written as MDL — by m2view and by mdx-m3-viewer 5.12,
//! an independent writer — opens with the same `info` as its MDX, and
//! written back as MDX gives that `info` again; malformed MDL is one error
//! with line and column. No public MDL file exists in the corpus: the MDL
//! texts are written here from the real MDX files.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::m2view;

/// The corpus's Warcraft III models (loose `.mdx`, not WoW alpha).
fn warcraft3_models() -> Option<Vec<PathBuf>> {
    let samples = m2view_format::fixtures::samples_dir()?;
    let mut out = Vec::new();
    let mut dirs = vec![samples.clone(), samples.parent().unwrap().join("reforged")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("mdx")) {
                let head = std::fs::read(&p).unwrap();
                // VERS 800 or a Reforged version (WoW alpha MDX are 1300+).
                let v = head.get(12..16).map(|b| u32::from_le_bytes(b.try_into().unwrap())).unwrap_or(0);
                if &head[4..8] == b"VERS" && v < 1300 {
                    out.push(p);
                }
            }
        }
    }
    out.sort();
    Some(out)
}

/// `info --json` of `file` without what differs by file: its path, the
/// chunk order (MDL has none; written MDX uses the canonical one), the
/// format note, and whether and where textures were found (the written
/// files are not beside them).
fn info(file: &Path) -> serde_json::Value {
    let (code, out, err) = m2view(&["info", file.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{}: {err}", file.display());
    let mut v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let o = v.as_object_mut().unwrap();
    for k in ["file", "expansion"] {
        o.remove(k);
    }
    if let Some(c) = o.get_mut("chunks").and_then(|c| c.as_array_mut()) {
        c.sort_by_key(|t| t.to_string());
    }
    for k in ["textures", "companions"] {
        for t in o.get_mut(k).and_then(|t| t.as_array_mut()).into_iter().flatten() {
            t.as_object_mut().unwrap().remove("found");
        }
    }
    if let Some(w) = o.get_mut("warnings").and_then(|w| w.as_array_mut()) {
        w.retain(|w| !w.as_str().unwrap().ends_with(" not found"));
    }
    v
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-mdl-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn every_warcraft3_model_survives_mdl_and_back() {
    let Some(models) = warcraft3_models() else { return };
    assert!(models.len() >= 17, "{} models", models.len());
    let dir = temp("round");
    let mut refused = Vec::new();
    for (k, mdx) in models.iter().enumerate() {
        let (mdl, back) = (dir.join(format!("{k}.mdl")), dir.join(format!("{k}.mdx")));
        let (code, _, err) = m2view(&["export", mdx.to_str().unwrap(), "-o", mdl.to_str().unwrap()]);
        if code != 0 {
            refused.push((mdx.file_name().unwrap().to_string_lossy().into_owned(), err));
            continue;
        }
        let text = std::fs::read_to_string(&mdl).unwrap();
        assert!(text.starts_with("Version {"), "{}", mdx.display());
        let original = info(mdx);
        assert_eq!(info(&mdl), original, "{} as MDL", mdx.display());
        let (code, _, err) = m2view(&["export", mdl.to_str().unwrap(), "-o", back.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(info(&back), original, "{} as MDL, then MDX", mdx.display());
    }
    assert!(refused.is_empty(), "{refused:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// mdx-m3-viewer's package folder, or `None` (see [`common::npm_package`]).
fn mdx_m3_viewer() -> Option<PathBuf> {
    common::npm_package("M2VIEW_MDX_M3_VIEWER", "mdx-m3-viewer", "mdx-m3-viewer@5.12.0")
}

#[test]
fn mdl_written_by_mdx_m3_viewer_reads_as_its_mdx() {
    let Some(models) = warcraft3_models() else { return };
    let Some(viewer) = mdx_m3_viewer() else { return };
    let dir = temp("m3");
    let pairs: Vec<(PathBuf, PathBuf)> =
        models.iter().enumerate().map(|(k, m)| (m.clone(), dir.join(format!("{k}.mdl")))).collect();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/write_mdl.cjs");
    let run = Command::new("node")
        .arg(&script)
        .args(pairs.iter().flat_map(|(a, b)| [a, b]))
        .env("MDX_M3_VIEWER", &viewer)
        .output()
        .expect("node");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let lines: Vec<String> = String::from_utf8_lossy(&run.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), pairs.len());
    for ((mdx, mdl), line) in pairs.iter().zip(&lines) {
        assert_eq!(line, "ok", "{}", mdx.display());
        // Its MDL puts a comma after SegmentColor's block, as the Art Tools did, and writes
        // floats with 6 decimals: equal within 1e-5 relative. Two known disagreements between
        // mdx-m3-viewer's MDL and wc3's reading of it, not settled here and so left out: colours
        // of lights and PRE2 segments (mdx-m3-viewer writes them reversed from the file's
        // order — blob's light (1, 0, 0) becomes `Color { 0, 0, 1 }` — wc3 keeps the stored
        // order) and a PRE2 emitter's width and length (PackHorse's stored 10 and 40 are
        // written `Width 10, Length 40`, which wc3 stores the other way round).
        let no_light_colour = |mut v: serde_json::Value| {
            for l in v["warcraft3"]["lights"].as_array_mut().into_iter().flatten() {
                l.as_object_mut().unwrap().remove("color");
            }
            for p in v["warcraft3"]["particle_emitters2"].as_array_mut().into_iter().flatten() {
                let p = p.as_object_mut().unwrap();
                p.remove("width_length");
                p.remove("colors");
            }
            v
        };
        let (a, b) = (no_light_colour(info(mdl)), no_light_colour(info(mdx)));
        assert!(close(&a, &b), "{} written as MDL by mdx-m3-viewer:\n{a}\n{b}", mdx.display());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `a` and `b` equal but for numbers within 1e-5 relative (1e-5 absolute below 1).
fn close(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value::*;
    match (a, b) {
        (Number(x), Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            (x - y).abs() <= 1e-5 * x.abs().max(y.abs()).max(1.0)
        }
        (Array(x), Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| close(x, y)),
        (Object(x), Object(y)) => x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| close(v, w))),
        _ => a == b,
    }
}

#[test]
fn malformed_mdl_is_one_error_with_line_and_column() {
    let dir = temp("bad");
    let model = "Version {\n\tFormatVersion 800,\n}\nModel \"Box\" {\n\tBlendTime 150,\n}\n";
    let cases = [
        // Unbalanced braces: the file ends inside the Model block.
        (model.trim_end().trim_end_matches('}').to_string(), "line 6, column 1"),
        // A list with another count than it declares.
        (
            format!("{model}Sequences 2 {{\n\tAnim \"Stand\" {{\n\t\tInterval {{ 0, 1000 }},\n\t}}\n}}\n"),
            "line 11, column 1: expected 2 items, found 1",
        ),
        // An unknown keyword.
        (model.replace("BlendTime", "BlendTme"), "line 5, column 2: unknown field near \"BlendTme\""),
    ];
    for (k, (text, want)) in cases.iter().enumerate() {
        let f = dir.join(format!("{k}.mdl"));
        std::fs::write(&f, text).unwrap();
        let (code, _, err) = m2view(&["info", f.to_str().unwrap()]);
        assert_ne!(code, 0);
        assert!(err.contains(&format!("{}", f.display())) && err.contains(want), "case {k}: {err}");
        assert_eq!(err.lines().filter(|l| l.starts_with("error")).count(), 1, "{err}");
    }
    // A model that is no Warcraft III model is not written as MDL.
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let adt = samples.join("wowserhq_format/fixture/map/pvpzone3430.adt");
    let (code, _, err) = m2view(&["export", adt.to_str().unwrap(), "-o", dir.join("x.mdl").to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("only Warcraft III models"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
