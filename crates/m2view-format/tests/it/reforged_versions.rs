//! Reforged MDX v900, v1100 and v1200. No public model of these versions
//! exists: the real v1000 `blob.mdx` (kept beside the corpus) is written in
//! each by the `wc3` crate — an implementation of the Hive Workshop MDX
//! specification nobody here wrote — and read back here, against what
//! m2view reads from the v1000 original.

use m2view_format::raw::mdx::{AnyTrack, MdxFile, parse_mdx};
use wc3::model::{ConversionOptions, DynamicModel, ModelVersion, V900, V1100, V1200};

fn blob() -> Option<Vec<u8>> {
    let s = m2view_format::fixtures::samples_dir()?;
    let p =
        s.parent()?.join("reforged/TaylorMouse_warcraft_III_reforged_tools/Documentation/Tutorial/Resources/blob.mdx");
    Some(std::fs::read(p).unwrap())
}

/// `blob` written as version `V` by `wc3` (strict: nothing lost; else what
/// `V` cannot hold is dropped).
fn written<V: ModelVersion>(blob: &[u8], wrap: fn(wc3::model::Model<V>) -> DynamicModel, strict: bool) -> MdxFile {
    let m = DynamicModel::decode_mdx(blob, 800).unwrap();
    let options = if strict { ConversionOptions::strict() } else { ConversionOptions::lossy() };
    let converted = m.convert::<V>(&options).unwrap();
    let bytes = wrap(converted.model).encode_mdx().unwrap();
    parse_mdx(&bytes, "blob").unwrap()
}

#[test]
fn v900_layers_hold_the_emissive_gain_only() {
    let Some(blob) = blob() else { return };
    let v1000 = parse_mdx(&blob, "blob.mdx").unwrap();
    // (v900 has no fresnel: the conversion drops it.)
    let v900 = written::<V900>(&blob, DynamicModel::V900, false);
    assert_eq!(v900.version, 900);
    // The six HD layers and their tracks as in v1000 (had the fresnel fields been read, the
    // KMTA track of layer 0 would be garbage).
    assert_eq!(v900.materials[0].shader, "Shader_HD_DefaultUnit");
    assert_eq!(v900.materials[0].layers.len(), 6);
    for (a, b) in v900.materials[0].layers.iter().zip(&v1000.materials[0].layers) {
        assert_eq!((a.texture_id, &a.tracks), (b.texture_id, &b.tracks));
        assert_eq!(a.reforged.unwrap()[0], b.reforged.unwrap()[0], "emissive gain");
    }
    assert_eq!(v900.geosets[0].positions.len(), 1802);
}

#[test]
fn v1100_and_v1200_hd_materials_are_one_layer_with_texture_slots() {
    let Some(blob) = blob() else { return };
    let v1000 = parse_mdx(&blob, "blob.mdx").unwrap();
    for f in [written::<V1100>(&blob, DynamicModel::V1100, true), written::<V1200>(&blob, DynamicModel::V1200, true)] {
        let v = f.version;
        // The six texture-role layers of v1000 became one layer of shader type 1 with six slots
        // (diffuse, normal, ORM, emissive, team colour, reflections → textures 0–5).
        let m = &f.materials[0];
        assert_eq!((m.shader.as_str(), m.layers.len()), ("Shader_HD_DefaultUnit", 1), "v{v}");
        let l = &m.layers[0];
        assert_eq!(l.shader_type, Some(1));
        assert_eq!(l.texture_slots, (0..6).map(|i| (i, i)).collect::<Vec<_>>());
        assert_eq!(l.texture_id, 0, "the diffuse slot's texture");
        assert_eq!(l.tracks, v1000.materials[0].layers[0].tracks, "v{v}: KMTA of the first layer");
        // The ribbon's material: one layer, its texture in the diffuse slot.
        assert_eq!(f.materials[1].layers[0].texture_slots, [(6, 0)]);
        assert_eq!(f.materials[1].layers[0].filter_mode, 4);
        // Lights read to their tracks (v1200 stores a shadow intensity before them).
        assert_eq!(f.lights.len(), 1);
        assert_eq!(f.lights[0].tracks, v1000.lights[0].tracks, "v{v}");
        assert!(f.lights[0].tracks.0.iter().all(|(_, t)| !matches!(t, AnyTrack::U32(_))));
        // Everything else as v1000.
        assert_eq!((f.geosets.len(), f.bones.len(), f.sequences.len()), (1, 5, 5));
        // Drawn as v1000 is: one pass of the HD body with its diffuse texture.
        let (model, original) =
            (m2view_format::mdx_to_model(&f).unwrap(), m2view_format::mdx_to_model(&v1000).unwrap());
        assert_eq!(model.lods[0].batches, original.lods[0].batches, "v{v}");
        assert_eq!(model.lods[0].batches.len(), 1);
    }
}
