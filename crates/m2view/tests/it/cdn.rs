//! The game from a CDN as a user meets it: `--data cdn:wow` on `ls`,
//! `extract`, `info`, `render` and `export`, `ls --builds`, `m2view
//! cache`, offline opens and the exit codes of failures. No public copy of
//! Blizzard's CDN exists, so the CDN is written by this project in the
//! real layout (`m2view_cdn::fixtures`: version tables, configs, archives
//! with real-layout indices, loose files, an MFST 2 root) holding the real
//! corpus files of `casc.rs`'s install, and served on 127.0.0.1 by the
//! fixture server.

use std::path::{Path, PathBuf};

use crate::casc::{KEY, KEY_NAME, corpus_files, listfile};
use crate::common::m2view;
use m2view_cdn::fixtures::{self, Server, Spec};

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-cdn-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The corpus files on a served CDN (the model's LOD-1 skin loose), and
/// the listfile.
fn served(d: &Path, samples: &Path) -> (Server, PathBuf) {
    let spec = Spec { loose: vec![5408783], ..Spec::retail(corpus_files(samples)) };
    fixtures::write(&d.join("cdn"), &spec, &[]).unwrap();
    let server = Server::start(&d.join("cdn")).unwrap();
    fixtures::write_cdns(&d.join("cdn"), &spec, std::slice::from_ref(&server.addr)).unwrap();
    (server, listfile(d))
}

/// `args` with `--data cdn:wow` on `url`, cached in `cache`.
fn on_cdn(args: &[&str], url: &str, cache: &Path) -> (i32, String, String) {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--data", "cdn:wow", "--version-server", url, "--cache", cache.to_str().unwrap()]);
    m2view(&all)
}

#[test]
fn a_model_from_the_cdn_equals_the_loose_files() {
    let Some(s) = m2view_format::fixtures::samples_dir() else { return };
    let d = tmp("model");
    let (server, lf) = served(&d, &s);
    let (url, cache, lf) = (server.url(), d.join("cache"), lf.to_str().unwrap().to_string());
    let (code, out, err) = on_cdn(&["ls", "--listfile", &lf, "world/*"], &url, &cache);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("world/expansion07/doodads/kultiras/8kt_tree01.m2\t45316\tcdn:wow (11.2.7.65299, us)"),
        "{out}"
    );
    // extract: the bytes of the loose files, the loose-stored skin included.
    let out_dir = d.join("out");
    let o = out_dir.to_str().unwrap();
    let (code, _, err) = on_cdn(&["extract", "--listfile", &lf, "*.blp", "-o", o], &url, &cache);
    assert_eq!(code, 0, "{err}");
    let m2 = s.join("miaoihan_wow.export/resources/M2");
    let bark = std::fs::read(out_dir.join("world/expansion07/doodads/kultiras/8kt_tree01_bark.blp")).unwrap();
    assert_eq!(bark, std::fs::read(m2.join("5408474_5408779.blp")).unwrap());
    assert_eq!(on_cdn(&["extract", "fdid:5408783", "-o", o], &url, &cache).0, 0);
    assert_eq!(
        std::fs::read(out_dir.join("fdid:5408783")).unwrap(),
        std::fs::read(m2.join("5408474_lod01.skin")).unwrap()
    );
    // An encrypted file: the missing key named; with --tact-keys, the bytes.
    let (code, _, err) = on_cdn(&["extract", "fdid:777", "-o", o], &url, &cache);
    assert!(code == 2 && err.contains("FA505078126ACB3E"), "{code} {err}");
    let keys = d.join("WoW.txt");
    std::fs::write(&keys, format!("{KEY_NAME:016X} {KEY}\n")).unwrap();
    assert_eq!(on_cdn(&["extract", "--tact-keys", keys.to_str().unwrap(), "fdid:777", "-o", o], &url, &cache).0, 0);
    assert_eq!(std::fs::read(out_dir.join("fdid:777")).unwrap(), b"encrypted content");
    // info and render by FileDataID: as from the loose wow.export files.
    let (code, out, err) = on_cdn(&["info", "--json", "fdid:5408474"], &url, &cache);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["counts"]["vertices"], 818);
    let png = d.join("cdn.png");
    let args = ["render", "fdid:5408474", "--size", "96x96", "-o", png.to_str().unwrap()];
    let (code, _, err) = on_cdn(&args, &url, &cache);
    assert_eq!(code, 0, "{err}");
    let loose_png = d.join("loose.png");
    let model = m2.join("5408474.m2");
    let (code, _, err) =
        m2view(&["render", model.to_str().unwrap(), "--size", "96x96", "-o", loose_png.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (a, b) = (image::open(&png).unwrap().to_rgba8(), image::open(&loose_png).unwrap().to_rgba8());
    assert!(a.pixels().filter(|p| p.0 != a.get_pixel(0, 0).0).count() > 500, "drawn");
    assert_eq!(a.as_raw(), b.as_raw(), "the same pixels as the loose files");
    // Client tables through the root: a creature dressed by its display.
    let (code, out, err) = on_cdn(&["info", "--listfile", &lf, "creature/rabbit/rabbit.m2"], &url, &cache);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("display 9100: fdid:500003"), "{out}");
    let glb = d.join("tree.glb");
    let (code, _, err) = on_cdn(&["export", "fdid:5408474", "-o", glb.to_str().unwrap()], &url, &cache);
    assert_eq!(code, 0, "{err}");
    let doc = gltf::Gltf::from_slice(&std::fs::read(&glb).unwrap()).unwrap();
    assert_eq!(doc.textures().count(), 2, "both textures came from the CDN");
    // Archive data came by byte ranges only.
    let log = server.requests();
    let archives: Vec<&m2view_cdn::fixtures::Request> =
        log.iter().filter(|r| r.path.contains("/data/") && !r.path.ends_with(".index") && r.range.is_some()).collect();
    assert!(!archives.is_empty());
    assert!(
        log.iter().filter(|r| r.range.is_none()).all(|r| !archives.iter().any(|a| a.path == r.path)),
        "a whole archive was fetched"
    );

    // The server gone: the cache answers, and says the build is the last known.
    drop(server);
    let (code, out, err) = on_cdn(&["info", "fdid:5408474"], &url, &cache);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("offline") && err.contains("last known build") && out.contains("818"), "{err}");
    let (code, out, _) = m2view(&["cache", "--cache", cache.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("build\tWOW-11.2.7.65299\t"), "{out}");
    let (code, out, _) = m2view(&["cache", "--cache", cache.to_str().unwrap(), "--clear"]);
    assert!(code == 0 && out.contains("0 bytes in 0 entries"), "{out}");
    // Now nothing answers: not the input's fault (exit 1), naming the URL.
    let (code, _, err) = on_cdn(&["info", "fdid:5408474"], &url, &cache);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("cannot reach the version service") && err.contains(&format!("{url}/wow/versions")), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn builds_are_listed_and_bad_tables_are_the_inputs_fault() {
    let Some(s) = m2view_format::fixtures::samples_dir() else { return };
    let d = tmp("builds");
    let (server, _) = served(&d, &s);
    let cache = d.join("cache");
    let (code, out, err) = on_cdn(&["ls", "--builds"], &server.url(), &cache);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0][..2], ["us", "11.2.7.65299"]);
    assert_eq!(lines[1][0], "eu");
    let (code, _, err) = on_cdn(&["ls", "--build", "9.9.9.1", "*"], &server.url(), &cache);
    assert!(code == 2 && err.contains("offers no build 9.9.9.1"), "{code} {err}");
    std::fs::write(d.join("cdn/wow/versions"), "<html>Service Unavailable</html>\n").unwrap();
    let (code, _, err) = on_cdn(&["ls", "*"], &server.url(), &cache);
    assert!(code == 2 && err.contains("/wow/versions") && err.contains("header"), "{code} {err}");
    let _ = std::fs::remove_dir_all(&d);
}

/// File > Game data…: Blizzard CDN with the product, region and build
/// pickers; "Builds..." lists what the version service offers, "Add
/// Blizzard CDN" adds it above the others, the browser lists its models by
/// the listfile's names, and the model opens from it; remembered across a
/// restart.
#[test]
fn the_game_data_window_adds_a_cdn_product() {
    use egui_kittest::kittest::Queryable;
    use m2view_app::state::AppState;
    let Some(s) = m2view_format::fixtures::samples_dir() else { return };
    let d = tmp("window");
    let (server, lf) = served(&d, &s);
    let cdn = m2view_app::open::CdnSettings {
        version_server: Some(server.url()),
        cache: Some(d.join("cache")),
        cache_size: None,
    };
    let mut opts = m2view_app::open::OpenOptions { cdn, ..Default::default() };
    opts.load.listfile = Some(std::sync::Arc::new(m2view_data::Listfile::load(&lf).unwrap()));
    let config = d.join("config");
    let mut h = crate::common::window_harness(
        AppState::with_config_dir(opts.clone(), false, Some(config.clone())),
        1280.0,
        900.0,
    );
    crate::common::settle(&mut h);
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Game data...").click();
    h.run();
    for picker in ["product", "region", "build"] {
        h.get_by_label(picker);
    }
    assert_eq!(m2view_app::cdn_source::PRODUCTS[h.state().cdn_pick.product].0, "wow", "Retail by default");
    h.get_by_label("Builds...").click();
    let t = std::time::Instant::now();
    while h.state().cdn_pick.builds.is_empty() {
        assert!(t.elapsed().as_secs() < 30, "{:?}", h.state().cdn_pick.status);
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    crate::common::settle(&mut h);
    assert_eq!(h.state().cdn_pick.builds, ["11.2.7.65299"]);
    h.get_by_label("Add Blizzard CDN").click();
    h.step();
    crate::common::settle(&mut h);
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    h.get_by_label("Blizzard CDN");
    h.get_by_label("cdn:wow (us, current build)");
    let browser = h.state().browser.as_ref().unwrap();
    let names: Vec<String> = browser.models.iter().map(|m| m.path.clone()).collect();
    assert!(names.iter().any(|n| n == "world/expansion07/doodads/kultiras/8kt_tree01.m2"), "{names:?}");
    h.state_mut().open("world/expansion07/doodads/kultiras/8kt_tree01.m2".into());
    crate::common::settle(&mut h);
    let c = h.state().current.as_ref().expect("the tree opened from the CDN");
    assert_eq!(c.lm.model.vertices.len(), 818);
    drop(h);
    let again = AppState::with_config_dir(opts, false, Some(config));
    assert_eq!(again.sources.added[0].path, PathBuf::from("cdn:wow"));
    assert_eq!(again.sources.added[0].region.as_deref(), Some("us"));
    let _ = std::fs::remove_dir_all(&d);
}
