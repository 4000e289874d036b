//! Warcraft III Reforged through the `m2view` binary: the MDX v1000 model
//! kept beside the sample corpus (`../shared/reforged`, TaylorMouse's
//! `blob.mdx`, MIT) opens and draws its HD material's diffuse layer from
//! its DDS texture (DXT5). The PBR path of issue 30 is not built yet.

mod common;

use common::m2view;

#[test]
fn a_reforged_model_draws_its_diffuse_dds() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let dir = samples
        .parent()
        .unwrap()
        .join("reforged/TaylorMouse_warcraft_III_reforged_tools/Documentation/Tutorial/Resources");
    let out = std::env::temp_dir().join(format!("m2view-reforged-{}.png", std::process::id()));
    let (code, stats, err) = m2view(&[
        "render",
        dir.join("blob.mdx").to_str().unwrap(),
        "--stats",
        "--size",
        "64x64",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let stats: serde_json::Value = serde_json::from_str(stats.trim()).unwrap();
    // One draw for the HD body (its diffuse layer), none for the six slots as passes.
    assert_eq!(stats["batches"], 1, "{stats}");
    // The diffuse texture decodes (DXT5); the normal map (BC5) and the missing environment map are said.
    assert!(!err.contains("blob_diff2.dds"), "{err}");
    assert!(err.contains("blob_nrm.dds") && err.contains("environmentmap.dds"), "{err}");
    // The blob is blue where the texture is: not the white of a missing texture.
    let img = image::open(&out).unwrap().to_rgba8();
    let blue = img.pixels().filter(|p| p[2] > 150 && p[0] < 100).count();
    assert!(blue > 400, "{blue} blue pixels of 4096");
}

#[test]
fn info_shows_what_a_warcraft_iii_modder_checks() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let blob = samples
        .parent()
        .unwrap()
        .join("reforged/TaylorMouse_warcraft_III_reforged_tools/Documentation/Tutorial/Resources/blob.mdx");
    let (code, out, err) = m2view(&["info", blob.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    let w = &r["warcraft3"];
    let walk = w["sequences"].as_array().unwrap().iter().find(|s| s["name"] == "Walk").unwrap();
    assert_eq!((&walk["interval"], walk["move_speed"].as_f64()), (&serde_json::json!([4000, 5333]), Some(250.0)));
    let death = w["sequences"].as_array().unwrap().iter().find(|s| s["name"] == "Death").unwrap();
    assert_eq!(death["non_looping"], true);
    assert_eq!(
        (w["geosets"][0]["vertices"].as_u64(), w["geosets"][0]["lod_name"].as_str()),
        (Some(1802), Some("Blob"))
    );
    assert_eq!(
        (w["materials"][0]["shader"].as_str(), w["materials"][0]["layers"].as_array().unwrap().len()),
        (Some("Shader_HD_DefaultUnit"), 6)
    );
    assert_eq!(w["materials"][1]["layers"][0]["filter_mode"], "AddAlpha");
    let light = w["nodes"].as_array().unwrap().iter().find(|n| n["kind"] == "light").unwrap();
    assert_eq!(
        (light["name"].as_str(), light["object_id"].as_u64(), light["parent"].as_u64()),
        (Some("BlobMouthLight"), Some(5), Some(3))
    );
    // The text form has the same sections.
    let (_, text, _) = m2view(&["info", blob.to_str().unwrap()]);
    assert!(
        text.contains("warcraft III sequences:") && text.contains("Walk") && text.contains("non-looping"),
        "{text}"
    );
    assert!(text.contains("shader Shader_HD_DefaultUnit"), "{text}");
}
