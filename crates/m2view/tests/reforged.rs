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
