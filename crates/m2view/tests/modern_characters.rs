//! 9.0+ characters through the `m2view` binary: `dress` on the real
//! 10.0-era tables of the sample corpus (`natnat201193_DBC_Compare`,
//! wago.tools CSV exports). No model, skeleton or texture of those
//! clients is public: the plan reports every file missing.

mod common;

use common::m2view;
use m2view_format::fixtures::samples_dir;
use serde_json::Value;

fn tables() -> Option<String> {
    Some(samples_dir()?.join("natnat201193_DBC_Compare/dbfilesclient").to_str()?.to_string())
}

fn plan(args: &[&str]) -> Value {
    let (code, out, err) = m2view(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn dress_plans_a_human_male_from_the_real_tables() {
    let Some(dbc) = tables() else { return };
    let p =
        plan(&["dress", "--dbc", &dbc, "--race", "human", "--gender", "male", "--customize", "hair style=1", "--json"]);
    assert_eq!(
        (p["chr_model"].as_u64(), p["race"].as_str(), p["gender"].as_str()),
        (Some(1), Some("Human"), Some("male"))
    );
    let options = p["options"].as_array().unwrap();
    assert_eq!(options.len(), 10);
    let hair = options.iter().find(|o| o["name"] == "Hair Style").unwrap();
    assert_eq!(hair["choices"].as_array().unwrap().len(), 26);
    assert_eq!((hair["chosen"].as_u64(), hair["choice_id"].as_u64()), (Some(1), Some(45)));
    assert_eq!(hair["choices"][1]["name"], "Peasant");
    let geosets: Vec<u64> = p["geosets"].as_array().unwrap().iter().filter_map(Value::as_u64).collect();
    assert!(geosets.contains(&2) && !geosets.contains(&0), "{geosets:?}");
    let body = &p["body_texture"];
    assert_eq!(body["size"], serde_json::json!([2048, 1024]));
    let base = &body["layers"][0];
    assert_eq!(
        (base["section"].as_str(), base["file"].as_str(), base["found"].as_bool()),
        (Some("whole"), Some("fdid:1027767"), Some(false))
    );

    // The same body by id, bald: geoset 0 instead of 2.
    let p = plan(&["dress", "--dbc", &dbc, "--chr-model", "1", "--customize", "id:11=id:44", "--json"]);
    let geosets: Vec<u64> = p["geosets"].as_array().unwrap().iter().filter_map(Value::as_u64).collect();
    assert!(geosets.contains(&0) && !geosets.contains(&2), "{geosets:?}");
}

#[test]
fn dress_says_what_it_cannot_find() {
    let Some(dbc) = tables() else { return };
    let (code, _, err) = m2view(&["dress", "--dbc", &dbc, "--race", "Ogre", "--gender", "male"]);
    assert_eq!(code, 1);
    assert!(err.contains("no ChrRaces row named \"Ogre\""), "{err}");
    let (code, _, err) = m2view(&["dress", "--dbc", &dbc, "--chr-model", "1", "--customize", "Hair Style=99"]);
    assert_eq!(code, 1);
    assert!(err.contains("option \"Hair Style\" has no choice 99 (26 offered"), "{err}");
    // Text output: one line per option.
    let (code, out, err) = m2view(&["dress", "--dbc", &dbc, "--chr-model", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ChrModel 2: Human female\n"), "{out}");
    assert!(out.contains("  Hair Style ["), "{out}");
    // Tables of a client before 9.0 have no ChrModel.
    let vanilla = samples_dir().unwrap().join("andrewmunro_Vanilla/dbc");
    let (code, _, err) = m2view(&["dress", "--dbc", vanilla.to_str().unwrap(), "--chr-model", "1"]);
    assert_eq!(code, 1);
    assert!(err.contains("no ChrModel table"), "{err}");
}
