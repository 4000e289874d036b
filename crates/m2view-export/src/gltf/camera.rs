//! A scene's camera path as a glTF document of its own, merged with the
//! models' (`merge`): a perspective camera node (glTF cameras look along
//! their local −Z, +Y up; glTF 2.0 §3.10) and an animation `Path` of its
//! translation and rotation, linear or step as the path is. Core glTF
//! cannot animate a camera's field of view: the camera has the first
//! sample's, and with `pointer` a `KHR_animation_pointer` channel on
//! `/cameras/0/perspective/yfov` moves it where the path changes it.

use serde_json::{Value, json};

use crate::{CameraTrack, look, zup_to_yup};

/// The camera document of `track` and its buffer (its field of view
/// animated through `KHR_animation_pointer` with `pointer`); `None` where
/// no sample looks anywhere (eye and target one point).
pub fn document(track: &CameraTrack, pointer: bool) -> Option<(Value, Vec<u8>)> {
    let poses: Vec<(f32, glam::Vec3, glam::Quat, f32)> = track
        .samples
        .iter()
        .filter_map(|s| {
            let (eye, target) = (glam::Vec3::from(zup_to_yup(s.eye.into())), zup_to_yup(s.target.into()).into());
            let (view, up) = look(eye, target)?;
            let turn = glam::Quat::from_mat3(&glam::Mat3::from_cols(view.cross(up), up, -view));
            Some((s.time_ms / 1000.0, eye, turn, s.fov.to_radians()))
        })
        .collect();
    let &(_, eye, turn, fov) = poses.first()?;
    let mut bin = Vec::new();
    let mut views = Vec::new();
    let mut view = |floats: Vec<f32>| {
        let offset = bin.len();
        bin.extend(floats.iter().flat_map(|f| f.to_le_bytes()));
        views.push(json!({ "buffer": 0, "byteOffset": offset, "byteLength": floats.len() * 4 }));
        views.len() - 1
    };
    let times: Vec<f32> = poses.iter().map(|p| p.0).collect();
    let (first, last) = (times[0], times[times.len() - 1]);
    let n = times.len();
    let mut accessors = vec![
        json!({ "bufferView": view(times), "componentType": 5126, "count": n, "type": "SCALAR", "min": [first], "max": [last] }),
        json!({ "bufferView": view(poses.iter().flat_map(|p| p.1.to_array()).collect()), "componentType": 5126, "count": n, "type": "VEC3" }),
        json!({ "bufferView": view(poses.iter().flat_map(|p| p.2.to_array()).collect()), "componentType": 5126, "count": n, "type": "VEC4" }),
    ];
    let interpolation = if track.step { "STEP" } else { "LINEAR" };
    let mut samplers = vec![
        json!({ "input": 0, "output": 1, "interpolation": interpolation }),
        json!({ "input": 0, "output": 2, "interpolation": interpolation }),
    ];
    let mut channels = vec![
        json!({ "sampler": 0, "target": { "node": 0, "path": "translation" } }),
        json!({ "sampler": 1, "target": { "node": 0, "path": "rotation" } }),
    ];
    let zoom = pointer && poses.iter().any(|p| p.3 != fov);
    if zoom {
        accessors.push(json!({ "bufferView": view(poses.iter().map(|p| p.3).collect()), "componentType": 5126, "count": n, "type": "SCALAR" }));
        samplers.push(json!({ "input": 0, "output": 3, "interpolation": interpolation }));
        let target = json!({ "path": "pointer", "extensions": { "KHR_animation_pointer": { "pointer": "/cameras/0/perspective/yfov" } } });
        channels.push(json!({ "sampler": 2, "target": target }));
    }
    let mut doc = json!({
        "asset": { "version": "2.0" },
        "scene": 0,
        "scenes": [{ "nodes": [0] }],
        "nodes": [{ "name": "Camera path", "camera": 0, "translation": eye.to_array(), "rotation": turn.to_array() }],
        "cameras": [{ "name": "Camera path", "type": "perspective",
                      "perspective": { "yfov": fov, "aspectRatio": 16.0 / 9.0, "znear": 0.1, "zfar": 10000.0 } }],
        "accessors": accessors,
        "bufferViews": views,
        "animations": [{ "name": "Path", "samplers": samplers, "channels": channels }],
    });
    if zoom {
        doc["extensionsUsed"] = json!(["KHR_animation_pointer"]);
    }
    Some((doc, bin))
}
