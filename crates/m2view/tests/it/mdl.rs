//! MDL, Warcraft III's text form, through the `m2view` binary:
//! - the real MDL of three editors in the corpus (War3 Model Editor,
//!   Retera's MDL Toolkit, Blizzard's MdlxConv) open with the counts their
//!   own `Model` block states, and the one with an MDX beside it reads as
//!   that MDX;
//! - every Warcraft III model of the corpus (the v800 ones and Reforged's
//!   blob.mdx kept beside it) written as MDL — by m2view and by
//!   mdx-m3-viewer 5.12, an independent writer — opens with the same `info`
//!   as its MDX, written back as MDX gives that `info` again, and m2view's
//!   MDL is read by mdx-m3-viewer into the same model;
//! - malformed MDL is one error with line and column, or a warning where
//!   the statement can be skipped.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::m2view;

mod readers;

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

/// The real MDL of the corpus: (file, what wrote it).
const EDITOR_MDL: [(&str, &str); 3] = [
    ("PackHorse.mdl", "ogre-lord's MDX API and Retera's MDL Toolkit"),
    ("PackHorse_magos.mdl", "War3 Model Editor v1.07"),
    ("code_is_fun.mdl", "Blizzard's MdlxConv, then Retera's MDL Toolkit"),
];

/// The `Num…` fields of the `Model` block of MDL `text`, read by line.
fn stated_counts(text: &str) -> Vec<(String, usize)> {
    let model = &text[text.find("\nModel ").unwrap()..];
    let model = &model[..model.find("\n}").unwrap()];
    model
        .lines()
        .filter_map(|l| {
            let (name, n) = l.trim().trim_end_matches(',').split_once(' ')?;
            Some((name.to_string(), n.parse().ok()?)).filter(|_| name.starts_with("Num"))
        })
        .collect()
}

#[test]
fn mdl_of_three_editors_opens_with_the_counts_its_model_block_states() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let dir = samples.join("Retera_ReterasModelStudio/MDXLib");
    for (file, writer) in EDITOR_MDL {
        let path = dir.join(file);
        let stated = stated_counts(&std::fs::read_to_string(&path).unwrap());
        assert!(stated.len() >= 2, "{file}: {stated:?}");
        let v = info(&path);
        let w = &v["warcraft3"];
        let kind = |k: &str| w["nodes"].as_array().unwrap().iter().filter(|n| n["kind"] == k).count();
        for (name, n) in &stated {
            let actual = match name.as_str() {
                "NumGeosets" => w["geosets"].as_array().unwrap().len(),
                "NumGeosetAnims" => v["counts"]["colors"].as_u64().unwrap() as usize,
                "NumBones" => kind("bone"),
                "NumHelpers" => kind("helper"),
                "NumAttachments" => kind("attachment"),
                "NumEvents" => kind("event"),
                "NumParticleEmitters2" => w["particle_emitters2"].as_array().unwrap().len(),
                other => panic!("{file}: {other} not checked"),
            };
            assert_eq!(actual, *n, "{file} (written by {writer}): {name}");
        }
        // Nothing tolerated but the stated counts (which agree): no warning other than the
        // textures, which are not beside the files.
        assert_eq!(v.get("warnings").and_then(|w| w.as_array()).map_or(0, |w| w.len()), 0, "{file}: {v}");
    }
}

#[test]
fn war3_model_editor_mdl_reads_as_the_mdx_beside_it() {
    // PackHorse_magos.mdl is PackHorse.mdx as War3 Model Editor wrote it; it orders textures and
    // materials its own way, so those and the indices into them are left out.
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let dir = samples.join("Retera_ReterasModelStudio/MDXLib");
    let (a, b) = (info(&dir.join("PackHorse_magos.mdl")), info(&dir.join("PackHorse.mdx")));
    for key in ["nodes", "sequences", "collision_shapes"] {
        assert!(
            close(&a["warcraft3"][key], &b["warcraft3"][key]),
            "{key}:\n{}\n{}",
            a["warcraft3"][key],
            b["warcraft3"][key]
        );
    }
    let strip = |v: &serde_json::Value, section: &str, drop: &str| {
        let mut v = v["warcraft3"][section].clone();
        for x in v.as_array_mut().unwrap() {
            x.as_object_mut().unwrap().remove(drop);
        }
        v
    };
    assert!(close(&strip(&a, "geosets", "material"), &strip(&b, "geosets", "material")));
    let (pa, pb) = (strip(&a, "particle_emitters2", "texture_id"), strip(&b, "particle_emitters2", "texture_id"));
    assert!(close(&pa, &pb), "{pa}\n{pb}");
    // Width 10 and Length 40 in the text, stored 10 then 40.
    assert_eq!(pa[0]["width_length"], serde_json::json!([10.0, 40.0]));
}

#[test]
fn editor_mdl_survives_mdx_and_back() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let src = samples.join("Retera_ReterasModelStudio/MDXLib");
    let dir = temp("editors");
    for (file, _) in EDITOR_MDL {
        let (mdx, mdl) = (dir.join(file).with_extension("mdx"), dir.join(file));
        let original = info(&src.join(file));
        let (code, _, err) = m2view(&["export", src.join(file).to_str().unwrap(), "-o", mdx.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(info(&mdx), original, "{file} as MDX");
        let (code, _, err) = m2view(&["export", mdx.to_str().unwrap(), "-o", mdl.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(info(&mdl), original, "{file} as MDX, then MDL");
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
        // A '}' closing nothing.
        (format!("{model}}}\n"), "line 7, column 1: a '}' that closes no block"),
        // A number where a name belongs.
        (model.replace("BlendTime 150", "BlendTime \"x\""), "line 5, column 12"),
        (model.replace("Model \"Box\"", "Model 12"), "line 4, column 7"),
    ];
    for (k, (text, want)) in cases.iter().enumerate() {
        let f = dir.join(format!("{k}.mdl"));
        std::fs::write(&f, text).unwrap();
        let (code, _, err) = m2view(&["info", f.to_str().unwrap()]);
        assert_ne!(code, 0);
        assert!(err.contains(&format!("{}", f.display())) && err.contains(want), "case {k}: {err}");
        assert_eq!(err.lines().filter(|l| l.starts_with("error")).count(), 1, "{err}");
    }
    // Tolerated, each with a warning naming its place: an unknown field, a list with another
    // count than it holds (4 billion declared, 1 there), a `Num…` count the file does not hold.
    let tolerated = format!(
        "{}\tNumBones 7,\n\tShininess {{ Very 1, }},\n}}\nSequences 4000000000 {{\n\tAnim \"Stand\" {{\n\t\tInterval {{ 0, 1000 }},\n\t}}\n}}\n",
        model.trim_end().trim_end_matches('}')
    );
    let f = dir.join("tolerated.mdl");
    std::fs::write(&f, &tolerated).unwrap();
    let (code, out, err) = m2view(&["info", f.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    for want in [
        "MDL line 7, column 2: unknown field near \"Shininess\": skipped",
        "MDL line 9, column 1: Sequences states 4000000000 entries, its block holds 1: read as it holds",
        "the Model block states NumBones 7, the file has 0 bones",
    ] {
        assert!(out.contains(want) || err.contains(want), "{want}: {out}{err}");
    }
    assert!(out.contains("1 sequences"), "{out}");
    // A line of megabytes (a 4 MiB list of numbers) is one error, quickly.
    let long = format!("{model}PivotPoints 1 {{\n\t{{ {} }},\n}}\n", "1.5, ".repeat(800_000));
    let f = dir.join("long.mdl");
    std::fs::write(&f, &long).unwrap();
    let (code, _, err) = m2view(&["info", f.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("MDL line 8, column"), "{err}");
    // A model that is no Warcraft III model is not written as MDL.
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let adt = samples.join("wowserhq_format/fixture/map/pvpzone3430.adt");
    let (code, _, err) = m2view(&["export", adt.to_str().unwrap(), "-o", dir.join("x.mdl").to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("only Warcraft III models"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
