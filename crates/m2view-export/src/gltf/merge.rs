//! Several models' glTF documents as one (`export --scene`): each model is
//! built alone, with its skeleton, skin, materials and animations, then its
//! arrays are appended to the whole with every index moved past what came
//! before (glTF 2.0 §3.5–§3.12 name which property indexes which array),
//! its buffer appended to the one buffer, and its root nodes put under a
//! node holding its placement — but for skinned mesh nodes, which ignore
//! their own transform (§3.7.3.3) and stand at the scene's root: their
//! joints sit under the placement, so they move with it. Each model's animations keep their names behind the
//! model's ("Murloc2: Walk").

use serde_json::{Value, json};

/// The arrays of a document whose entries other properties index.
const ARRAYS: [&str; 11] = [
    "accessors",
    "animations",
    "bufferViews",
    "cameras",
    "images",
    "materials",
    "meshes",
    "nodes",
    "samplers",
    "skins",
    "textures",
];

/// One model's document (`build`'s JSON and buffer), its name and its
/// placement (a column-major Y-up matrix, glTF's `matrix`).
pub struct Part {
    /// The node name of its placement.
    pub name: String,
    /// Model → scene, Y up (`export::placement_to_yup`); with `parent`,
    /// model → that node.
    pub matrix: [f32; 16],
    /// Placed under node `.1` (an index in its own document) of an earlier
    /// part `.0` instead of at the scene's root: a rider on its mount's bone.
    pub parent: Option<(usize, u64)>,
    /// Its document.
    pub doc: Value,
    /// Its binary buffer.
    pub bin: Vec<u8>,
    /// The same document as earlier part `.0` (the same model placed
    /// again): its nodes, skins and animations are added, pointing at that
    /// part's meshes, materials, textures, accessors and buffer.
    pub shares: Option<usize>,
}

/// The arrays a part that shares another's document still adds: what
/// belongs to its placement.
const OWN: [&str; 3] = ["animations", "nodes", "skins"];

/// The documents of `parts` as one scene named `name`, its buffer embedded
/// (GLB) when `uri` is `None`, else named `uri`.
pub fn merge(name: &str, parts: Vec<Part>, uri: Option<String>) -> (Value, Vec<u8>) {
    let mut out =
        json!({ "asset": { "version": "2.0", "generator": format!("m2view {}", env!("CARGO_PKG_VERSION")) } });
    for a in ARRAYS {
        out[a] = json!([]);
    }
    let (mut bin, mut roots) = (Vec::new(), Vec::new());
    let mut node_bases = Vec::new();
    let mut bases: Vec<std::collections::HashMap<&str, u64>> = Vec::new();
    let mut used: Vec<Value> = Vec::new();
    for mut part in parts {
        let base = |out: &Value, a: &str| out[a].as_array().map_or(0, Vec::len) as u64;
        let shared = part.shares.and_then(|j| bases.get(j)).cloned();
        let b: std::collections::HashMap<&str, u64> = ARRAYS
            .iter()
            .map(|a| match &shared {
                Some(earlier) if !OWN.contains(a) => (*a, earlier[a]),
                _ => (*a, base(&out, a)),
            })
            .collect();
        node_bases.push(b["nodes"]);
        bases.push(b.clone());
        let bin_base = bin.len() as u64;
        if shared.is_some() {
            part.bin.clear();
        }
        bin.append(&mut part.bin);
        while bin.len() % 4 != 0 {
            bin.push(0);
        }
        let doc = &mut part.doc;
        shift_entries(
            doc,
            "nodes",
            &[("children", "nodes"), ("mesh", "meshes"), ("skin", "skins"), ("camera", "cameras")],
            &b,
        );
        shift_entries(doc, "textures", &[("source", "images"), ("sampler", "samplers")], &b);
        shift_entries(doc, "images", &[("bufferView", "bufferViews")], &b);
        shift_entries(doc, "accessors", &[("bufferView", "bufferViews")], &b);
        shift_entries(
            doc,
            "skins",
            &[("joints", "nodes"), ("inverseBindMatrices", "accessors"), ("skeleton", "nodes")],
            &b,
        );
        for mesh in entries(doc, "meshes") {
            for p in mesh.get_mut("primitives").and_then(Value::as_array_mut).into_iter().flatten() {
                shift_at(p, "attributes", b["accessors"]);
                shift_at(p, "indices", b["accessors"]);
                shift_at(p, "material", b["materials"]);
            }
        }
        // A material's every `index` is a texture's (base colour, normal, occlusion, emissive,
        // metallic-roughness).
        for m in entries(doc, "materials") {
            shift_key(m, "index", b["textures"]);
        }
        for v in entries(doc, "bufferViews") {
            v["buffer"] = json!(0);
            v["byteOffset"] = json!(v["byteOffset"].as_u64().unwrap_or(0) + bin_base);
        }
        for anim in entries(doc, "animations") {
            if let Some(n) = anim["name"].as_str() {
                anim["name"] = json!(format!("{}: {n}", part.name));
            }
            for s in anim.get_mut("samplers").and_then(Value::as_array_mut).into_iter().flatten() {
                shift_at(s, "input", b["accessors"]);
                shift_at(s, "output", b["accessors"]);
            }
            for c in anim.get_mut("channels").and_then(Value::as_array_mut).into_iter().flatten() {
                let Some(target) = c.get_mut("target") else { continue };
                shift_at(target, "node", b["nodes"]);
                let pointer = target.pointer_mut("/extensions/KHR_animation_pointer/pointer");
                if let Some(p) = pointer {
                    *p = json!(repoint(p.as_str().unwrap_or_default(), &b));
                }
            }
        }
        let scene = doc["scene"].as_u64().unwrap_or(0) as usize;
        let mut children = doc.pointer_mut(&format!("/scenes/{scene}/nodes")).map(Value::take).unwrap_or(json!([]));
        shift_all(&mut children, b["nodes"]);
        for a in ARRAYS.into_iter().filter(|a| shared.is_none() || OWN.contains(a)) {
            if let Some(items) = doc.get_mut(a).and_then(Value::as_array_mut) {
                out[a].as_array_mut().unwrap().append(items);
            }
        }
        for e in doc["extensionsUsed"].as_array().into_iter().flatten() {
            if !used.contains(e) {
                used.push(e.clone());
            }
        }
        // Skinned meshes stand at the scene's root (their own transform is ignored, and the
        // validator asks it), their joints under the placement.
        let nodes = out["nodes"].as_array_mut().unwrap();
        let (skinned, placed): (Vec<Value>, Vec<Value>) = children
            .as_array()
            .into_iter()
            .flatten()
            .cloned()
            .partition(|i| i.as_u64().is_some_and(|i| nodes[i as usize].get("skin").is_some()));
        roots.extend(skinned.iter().filter_map(Value::as_u64).map(|i| i as usize));
        let placement = nodes.len();
        nodes.push(json!({ "name": part.name, "matrix": part.matrix, "children": placed }));
        let under = part.parent.and_then(|(p, n)| Some(node_bases.get(p)? + n)).filter(|&n| (n as usize) < placement);
        match under {
            Some(n) => {
                let host = &mut nodes[n as usize];
                match host.get_mut("children").and_then(Value::as_array_mut) {
                    Some(c) => c.push(json!(placement)),
                    None => host["children"] = json!([placement]),
                }
            }
            None => roots.push(placement),
        }
    }
    out["scenes"] = json!([{ "name": name, "nodes": roots }]);
    out["scene"] = json!(0);
    if !used.is_empty() {
        out["extensionsUsed"] = json!(used);
    }
    if !bin.is_empty() {
        out["buffers"] = match uri {
            Some(uri) => json!([{ "byteLength": bin.len(), "uri": uri }]),
            None => json!([{ "byteLength": bin.len() }]),
        };
    }
    // Empty arrays are not allowed in glTF.
    for a in ARRAYS {
        if out[a].as_array().is_some_and(Vec::is_empty) {
            out.as_object_mut().unwrap().remove(a);
        }
    }
    (out, bin)
}

/// The entries of array `a` of `doc`.
fn entries<'d>(doc: &'d mut Value, a: &str) -> impl Iterator<Item = &'d mut Value> {
    doc.get_mut(a).and_then(Value::as_array_mut).into_iter().flatten()
}

/// In every entry of `a`: each `(property, array)` moved by that array's base.
fn shift_entries(doc: &mut Value, a: &str, props: &[(&str, &str)], base: &std::collections::HashMap<&str, u64>) {
    for e in entries(doc, a) {
        for (prop, target) in props {
            shift_at(e, prop, base[target]);
        }
    }
}

/// Property `key` of `v` (an index, or an array or object of them) moved
/// by `by`, where `v` has it.
fn shift_at(v: &mut Value, key: &str, by: u64) {
    if let Some(item) = v.get_mut(key) {
        shift_all(item, by);
    }
}

/// An index moved by `by` (nothing where there is none).
fn shift(v: &mut Value, by: u64) {
    if let Some(i) = v.as_u64() {
        *v = json!(i + by);
    }
}

/// An index, or every index of an array or object of them, moved by `by`.
fn shift_all(v: &mut Value, by: u64) {
    match v {
        Value::Array(items) => items.iter_mut().for_each(|i| shift(i, by)),
        Value::Object(map) => map.values_mut().for_each(|i| shift(i, by)),
        _ => shift(v, by),
    }
}

/// Every `key` at any depth of `v` moved by `by`.
fn shift_key(v: &mut Value, key: &str, by: u64) {
    match v {
        Value::Object(map) => {
            for (k, item) in map.iter_mut() {
                if k == key {
                    shift(item, by);
                } else {
                    shift_key(item, key, by);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| shift_key(i, key, by)),
        _ => {}
    }
}

/// A JSON pointer of `KHR_animation_pointer` into one of the arrays
/// (`/materials/N/…`, `/cameras/N/…`) with N moved by that array's `base`;
/// any other pointer as it is.
fn repoint(p: &str, base: &std::collections::HashMap<&str, u64>) -> String {
    let mut parts = p.splitn(4, '/');
    let (Some(""), Some(array), Some(n)) = (parts.next(), parts.next(), parts.next()) else { return p.to_string() };
    match (base.get(array), n.parse::<u64>()) {
        (Some(by), Ok(n)) => format!("/{array}/{}/{}", n + by, parts.next().unwrap_or_default()),
        _ => p.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_move_past_what_came_before() {
        let doc = |n: &str| {
            json!({
                "nodes": [{ "name": format!("{n} bone"), "children": [1], "camera": 0 }, { "name": format!("{n} mesh"), "mesh": 0, "skin": 0 }],
                "cameras": [{ "type": "perspective", "perspective": { "yfov": 0.7, "znear": 0.1 } }],
                "meshes": [{ "primitives": [{ "attributes": { "POSITION": 0 }, "indices": 1, "material": 0 }] }],
                "materials": [{ "pbrMetallicRoughness": { "baseColorTexture": { "index": 0 } }, "normalTexture": { "index": 0 } }],
                "textures": [{ "source": 0, "sampler": 0 }], "images": [{ "bufferView": 2 }], "samplers": [{}],
                "accessors": [{ "bufferView": 0 }, { "bufferView": 1 }],
                "bufferViews": [{ "buffer": 0, "byteLength": 4 }, { "buffer": 0, "byteOffset": 4, "byteLength": 4 }, { "buffer": 0, "byteOffset": 8, "byteLength": 2 }],
                "skins": [{ "joints": [0], "inverseBindMatrices": 0 }],
                "animations": [{ "name": "Stand", "samplers": [{ "input": 0, "output": 1 }],
                    "channels": [{ "sampler": 0, "target": { "node": 0, "path": "rotation" } },
                                 { "sampler": 0, "target": { "path": "pointer", "extensions": { "KHR_animation_pointer": { "pointer": "/materials/0/emissiveFactor" } } } },
                                 { "sampler": 0, "target": { "path": "pointer", "extensions": { "KHR_animation_pointer": { "pointer": "/cameras/0/perspective/yfov" } } } }] }],
                "scenes": [{ "nodes": [0, 1] }], "scene": 0, "extensionsUsed": ["KHR_texture_transform"]
            })
        };
        let part = |n: &str| Part {
            name: n.into(),
            matrix: glam::Mat4::IDENTITY.to_cols_array(),
            parent: None,
            doc: doc(n),
            bin: vec![7; 10],
            shares: None,
        };
        let (m, bin) = merge("scene", vec![part("a"), part("b")], None);
        // Each part's 10 bytes padded to 12: the second's buffer starts at 12.
        assert_eq!(bin.len(), 24);
        assert_eq!(m["bufferViews"][4]["byteOffset"], 16);
        // Nodes: a's two, a's placement (2), b's two (3, 4), b's placement (5); the skinned
        // mesh nodes (1, 4) at the root, the bones under the placements.
        assert_eq!(m["nodes"][3]["children"], json!([4]));
        assert_eq!((m["nodes"][3]["camera"].clone(), m["cameras"].as_array().map(Vec::len)), (json!(1), Some(2)));
        assert_eq!((m["nodes"][4]["mesh"].clone(), m["nodes"][4]["skin"].clone()), (json!(1), json!(1)));
        assert_eq!(m["nodes"][5]["children"], json!([3]));
        assert_eq!(m["scenes"][0]["nodes"], json!([1, 2, 4, 5]));
        let p = &m["meshes"][1]["primitives"][0];
        assert_eq!(
            (p["attributes"]["POSITION"].clone(), p["indices"].clone(), p["material"].clone()),
            (json!(2), json!(3), json!(1))
        );
        assert_eq!(m["materials"][1]["normalTexture"]["index"], 1);
        assert_eq!(m["materials"][1]["pbrMetallicRoughness"]["baseColorTexture"]["index"], 1);
        assert_eq!((m["textures"][1]["source"].clone(), m["images"][1]["bufferView"].clone()), (json!(1), json!(5)));
        assert_eq!(
            (m["skins"][1]["joints"].clone(), m["skins"][1]["inverseBindMatrices"].clone()),
            (json!([3]), json!(2))
        );
        let anim = &m["animations"][1];
        assert_eq!(anim["name"], "b: Stand");
        assert_eq!(anim["channels"][0]["target"]["node"], 3);
        assert_eq!(
            anim["channels"][1]["target"]["extensions"]["KHR_animation_pointer"]["pointer"],
            "/materials/1/emissiveFactor"
        );
        assert_eq!(
            anim["channels"][2]["target"]["extensions"]["KHR_animation_pointer"]["pointer"],
            "/cameras/1/perspective/yfov"
        );
        assert_eq!(
            (anim["samplers"][0]["input"].clone(), anim["channels"][0]["sampler"].clone()),
            (json!(2), json!(0))
        );
        assert_eq!(m["extensionsUsed"], json!(["KHR_texture_transform"]));
        // The same model placed again: its own nodes (6, 7), placement (8), skin and animation,
        // a's mesh, accessors and buffer.
        let (m, bin) = merge("twice", vec![part("a"), part("b"), Part { shares: Some(0), ..part("a") }], None);
        assert_eq!(bin.len(), 24, "no third copy of the buffer");
        assert_eq!(m["meshes"].as_array().map(Vec::len), Some(2));
        assert_eq!((m["nodes"][7]["mesh"].clone(), m["nodes"][7]["skin"].clone()), (json!(0), json!(2)));
        assert_eq!(m["nodes"][6]["children"], json!([7]));
        assert_eq!(
            (m["skins"][2]["joints"].clone(), m["skins"][2]["inverseBindMatrices"].clone()),
            (json!([6]), json!(0))
        );
        let anim = &m["animations"][2];
        assert_eq!(
            (anim["channels"][0]["target"]["node"].clone(), anim["samplers"][0]["input"].clone()),
            (json!(6), json!(0))
        );
        assert_eq!(m["scenes"][0]["nodes"], json!([1, 2, 4, 5, 7, 8]));
        // A part placed under a node of an earlier part: b's placement under a's node 0.
        let (m, _) = merge("rider", vec![part("a"), Part { parent: Some((0, 0)), ..part("b") }], None);
        assert_eq!(m["nodes"][0]["children"], json!([1, 5]));
        assert_eq!(m["scenes"][0]["nodes"], json!([1, 2, 4]));
    }
}
