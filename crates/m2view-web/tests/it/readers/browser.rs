//! The web build in a real browser: `cargo xtask web`'s `target/web/`
//! served locally and driven in headless Chromium (Debian's `chromium`,
//! WebGL2 through SwiftShader) by `playwright-core` (npm) — see
//! `browser.cjs`. What a user does is checked: a model opened by URL draws
//! as the native build draws it (the same frame rendered here, compared
//! with a stated tolerance), another sequence changes the picture, a model
//! loads through the file input and another dropped on the page, a
//! malformed file shows its error while the viewer keeps running, an
//! archive is said to be the native build's, a character dressed from a
//! folder of tables (`?dbc=`) matches its native render, a folder opens by
//! its index pages (`?data=`) with a display dressed from its tables, the
//! embedded view follows its container's size, the model and a
//! screenshot download, and a WMO opens from a folder (`?data=`) with its
//! group files and doodad. The budgets are printed for the record.
//!
//! WebGPU: the headless Chromium (156) of these machines offers an adapter
//! whose instance it drops within seconds (buffer mappings then abort with
//! "A valid external Instance reference no longer exists", in a page of
//! plain JavaScript too), so the test runs the WebGL2 path; `node
//! browser.cjs … --webgpu` runs the same steps where WebGPU works.
//!
//! Needs what the web build needs (the `wasm32-unknown-unknown` target,
//! `wasm-bindgen-cli`), node, Chromium and playwright-core (`.ci/run`
//! installs them): without them the test says so loudly, and fails when
//! `M2VIEW_REQUIRE_TOOLS=1` (as CI sets).

use std::path::{Path, PathBuf};
use std::process::Command;

use m2view_render::{Gpu, Renderer};
use m2view_scene::render::{RenderRequest, render_image};

/// Per-channel difference allowed for a pixel to count as equal.
const CHANNEL_TOLERANCE: u8 = 12;
/// Fraction of the frame allowed to differ more (the sequence picker's
/// corner excluded).
const PIXEL_FRACTION: f64 = 0.01;
/// What a page downloads at most: the `.wasm`, gzip level 9 (4.09 MB when
/// set; 4.50 MB once the world viewer — WMO v14, liquids, split tiles,
/// portal culling, OBJ placements — was in, when it moved from 4.5 MB;
/// 3.70 MB once BLP decoding no longer brought `image`'s every codec in,
/// when it moved down to 3.9 MB to keep that; 3.93 MB once the window's
/// docked layout (egui_tiles), menu bar, timeline, messages and Export
/// dialog were in — the game-data and file dialogs, layout saving and the
/// FBX/MDL writers left out of the browser's build — when it moved to 4.0 MB;
/// 4.005 MB once whole maps were in — the minimap's tile picking, the
/// fly-over's streaming and the WDL — when it moved to 4.05 MB).
const WASM_GZIP_BUDGET: u64 = 4_050_000;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What the test needs, or why it cannot run: the web build (made here by
/// `cargo xtask web`, so that the code under test is what is served, unless
/// `M2VIEW_WEB_DIR` names one), playwright-core and Chromium.
fn tools() -> Result<(PathBuf, PathBuf, PathBuf), String> {
    let web = match std::env::var_os("M2VIEW_WEB_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
            let built = Command::new(cargo).args(["xtask", "web"]).current_dir(root()).status();
            if !built.is_ok_and(|s| s.success()) {
                return Err("cargo xtask web failed (see above)".into());
            }
            root().join("target/web")
        }
    };
    if !web.join("m2view_web_bg.wasm").is_file() {
        return Err(format!("no web build at {}", web.display()));
    }
    let playwright = std::env::var_os("M2VIEW_PLAYWRIGHT")
        .map_or_else(|| root().join("target/web-test/node_modules/playwright-core"), PathBuf::from);
    if !playwright.join("package.json").is_file() {
        return Err(format!(
            "no playwright-core at {} (npm install --prefix target/web-test playwright-core)",
            playwright.display()
        ));
    }
    let chromium =
        std::env::var_os("M2VIEW_CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    if !chromium.is_file() {
        return Err(format!("no Chromium at {} (Debian: apt-get install chromium)", chromium.display()));
    }
    Ok((web, playwright, chromium))
}

/// Pixels of `a` and `b` (RGBA, same size) differing by more than the
/// tolerance, outside the top-left `skip` square, as a fraction.
fn differing(a: &image::RgbaImage, b: &image::RgbaImage, skip: u32) -> f64 {
    let bad = a
        .enumerate_pixels()
        .filter(|(x, y, _)| *x >= skip || *y >= skip / 3)
        .filter(|(x, y, p)| {
            p.0.iter().zip(b.get_pixel(*x, *y).0).take(3).any(|(u, v)| u.abs_diff(v) > CHANNEL_TOLERANCE)
        })
        .count();
    bad as f64 / (a.width() * a.height()) as f64
}

/// The native render of the model at `path` as the web test's page shows
/// it: iso, Stand at 0 ms, the viewer's background, dressed as `opts` let
/// (a character's geosets and body texture).
fn native_frame(path: &Path, opts: &m2view_app::open::OpenOptions, (width, height): (u32, u32)) -> image::RgbaImage {
    let gpu = Gpu::headless().expect("a GPU adapter (or Mesa lavapipe)");
    let renderer = Renderer::new(&gpu.device, &gpu.queue, m2view_render::target::OFFSCREEN_FORMAT);
    let mut o = m2view_app::open::Opened::open(path, opts).unwrap();
    let parts = m2view_app::character::parts(&mut o.lm, &o.dressing, opts);
    let bg = m2view_app::state::AppState::new(Default::default(), false).view.background;
    let req = RenderRequest {
        background: [bg[0].into(), bg[1].into(), bg[2].into(), 1.0],
        geosets: parts.as_ref().map(|p| p.geosets.clone()),
        body: parts.and_then(|p| p.body).map(|b| b as std::sync::Arc<dyn m2view_scene::Body>),
        ..RenderRequest::new(width, height, "iso".parse().unwrap())
    };
    let (px, _) = render_image(&gpu, &renderer, &o.lm, &req).unwrap();
    image::RgbaImage::from_raw(width, height, px).unwrap()
}

#[test]
fn the_viewer_works_in_headless_chromium() {
    let Some(samples) = m2view_format::fixtures::samples_dir() else { return };
    let (web, playwright, chromium) = match tools() {
        Ok(t) => t,
        Err(why) => {
            assert!(std::env::var_os("M2VIEW_REQUIRE_TOOLS").is_none(), "browser test required: {why}");
            eprintln!("!!! browser test skipped: {why}");
            return;
        }
    };
    let out = std::env::temp_dir().join(format!("m2view-browser-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let broken = out.join("Broken.m2");
    std::fs::write(&broken, b"MD20\x08\x01\x00\x00truncated").unwrap();
    // The WMO fixture (no public WMO has its doodads beside it): box.wmo, its two group files
    // and its lamp model, served from OUT_DIR/world/.
    std::fs::create_dir_all(out.join("world")).unwrap();
    m2view_format::fixtures::wmo::write_files(&out.join("world"), false);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser.cjs");
    let run = Command::new("node")
        .arg(&script)
        .args([&web, &samples, &out, &broken])
        .env("M2VIEW_PLAYWRIGHT", &playwright)
        .env("M2VIEW_CHROMIUM", &chromium)
        .output()
        .expect("node");
    assert!(run.status.success(), "{}\n{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let png = |name: &str| image::open(out.join(name)).unwrap().to_rgba8();
    let adapter = report["first"]["adapter"].as_str().unwrap_or_default().to_string();
    eprintln!(
        "browser: {adapter}; page to first frame {} ms, {:.0} ms/frame, wasm {} bytes ({} gzipped)",
        report["page_to_first_frame_ms"],
        report["frame_ms"].as_f64().unwrap_or(0.0),
        report["wasm_bytes"],
        report["wasm_gzip_bytes"]
    );
    assert!(adapter.contains("(Gl)") || adapter.contains("WebGpu"), "{report}");
    let gz = report["wasm_gzip_bytes"].as_u64().unwrap_or(u64::MAX);
    assert!(gz <= WASM_GZIP_BUDGET, "the .wasm is {gz} bytes gzipped, over the budget of {WASM_GZIP_BUDGET}");
    // By URL alone, the model's path is its place under the folder holding
    // the tables above it (Koward_Improved_Models/DBFilesClient), as natively.
    assert_eq!(report["first"]["model"], "Creature/CoreHound2/Corehound2.m2", "{report}");
    // The same frame natively: Corehound2, iso, Stand at 0 ms, the viewer's background.
    let stand = png("stand.png");
    let hound = samples.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2");
    let native = native_frame(&hound, &Default::default(), stand.dimensions());
    let d = differing(&stand, &native, 150);
    eprintln!("web vs native frame: {:.3}% of pixels differ by more than {CHANNEL_TOLERANCE}", d * 100.0);
    assert!(d <= PIXEL_FRACTION, "web and native frames differ in {:.2}% of pixels (see {})", d * 100.0, out.display());
    // The model covers a sane part of the frame, in its lava colours.
    let covered = stand.pixels().filter(|p| u16::from(p.0[0]) > u16::from(p.0[2]) + 40).count() as f64
        / f64::from(stand.width() * stand.height());
    assert!(covered > 0.05 && covered < 0.8, "{covered}");
    // Run instead of Stand: the picture changes.
    assert_eq!(report["after_play"]["sequence"], "Run");
    assert!(differing(&stand, &png("run.png"), 150) > 0.01, "Run looks like Stand");
    // The file input opened the rabbit, the drop the frog; the malformed model
    // left the frog open with the error shown.
    assert_eq!(report["after_input"]["model"], "Rabbit.m2", "{report}");
    assert_eq!(report["after_drop"]["model"], "Frog.m2", "{report}");
    let error = report["after_broken"]["error"].as_str().unwrap_or_default();
    assert!(error.contains("Broken.m2"), "{error}");
    assert_eq!(report["after_broken"]["model"], "Frog.m2");
    assert!(report["frames_after_broken"].as_u64().unwrap_or(0) > 0, "the viewer kept drawing");
    let error = report["after_archive"]["error"].as_str().unwrap_or_default();
    assert!(error.starts_with("patch-Y.MPQ: ") && error.contains("native m2view only"), "{error}");
    // The character: recognised from the tables, dressed (geosets, body
    // texture with the missing layers' checker) as natively.
    assert_eq!(report["character"]["character"], "race Scourge (5), female (1)", "{report}");
    assert_eq!(report["character"]["error"], "", "{report}");
    let scourge = png("scourge.png");
    let opts =
        m2view_app::open::OpenOptions { dbc: vec![samples.join("andrewmunro_Vanilla/dbc")], ..Default::default() };
    let native =
        native_frame(&samples.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2"), &opts, scourge.dimensions());
    let d = differing(&scourge, &native, 150);
    eprintln!("web vs native character: {:.3}% of pixels differ by more than {CHANNEL_TOLERANCE}", d * 100.0);
    assert!(d <= PIXEL_FRACTION, "web and native characters differ in {:.2}% of pixels", d * 100.0);
    // A creature by URL alone wears the skin the tables above it give, as natively.
    assert_eq!(report["murloc"]["model"], "Creature/Murloc2/Murloc2.m2", "{report}");
    assert_eq!(report["murloc"]["error"], "", "{report}");
    let murloc = png("murloc.png");
    let native = native_frame(
        &samples.join("Koward_Improved_Models/Creature/Murloc2/Murloc2.m2"),
        &Default::default(),
        murloc.dimensions(),
    );
    let d = differing(&murloc, &native, 150);
    eprintln!("web vs native creature skin: {:.3}% of pixels differ by more than {CHANNEL_TOLERANCE}", d * 100.0);
    assert!(d <= PIXEL_FRACTION, "web and native Murloc2 differ in {:.2}% of pixels", d * 100.0);
    // display(188), background("FFFFFF"), camera("front") through the module.
    assert_eq!(report["murloc_api"]["error"], "", "{report}");
    let api = png("murloc_api.png");
    let corner = api.get_pixel(api.width() - 2, api.height() - 2).0;
    assert!(corner[..3].iter().all(|&c| c >= 250), "background({corner:?}) is not white");
    assert!(differing(&murloc, &api, 150) > 0.5, "the calls changed nothing");
    // A ?model= page keeps the model browser closed: the 3D view's share of the page.
    let size = |k: &str| -> f64 {
        let v = report["model_page"][k].as_str().unwrap_or("0x0").to_string();
        v.split('x').map(|n| n.parse::<f64>().unwrap_or(0.0)).product()
    };
    let share = size("view") / size("size");
    eprintln!("?model= page at 1280x720: the 3D view is {:.0}% of the page", share * 100.0);
    assert!(share > 0.6, "the 3D view is {:.0}% of a ?model= page ({report})", share * 100.0);
    // A folder by its index pages: display 822 alone gives Bear2 in its brown skin
    // (untextured it would be grey), and the downloads are what they say.
    assert_eq!(report["data"]["model"], "Creature/bear2/Bear2.m2", "{report}");
    assert_eq!(report["data"]["error"], "", "{report}");
    let brown = |img: &image::RgbaImage| {
        img.pixels().filter(|p| p.0[0] > p.0[1] && p.0[1] > p.0[2] && p.0[0] - p.0[2] > 40).count() as f64
            / f64::from(img.width() * img.height())
    };
    let bear = png("bear.png");
    assert!(brown(&bear) > 0.03, "bear: {:.3} brown", brown(&bear));
    let wide = png("bear_wide.png");
    assert_eq!(wide.dimensions(), (640, 360), "the canvas follows its container");
    assert_eq!(report["wide"]["size"], "640x360", "and so does what it draws");
    assert!(brown(&wide) > 0.03, "the wide view: {:.3} brown", brown(&wide));
    assert_eq!(report["download_glb"], "Bear2.glb");
    let glb = std::fs::read(out.join("bear.glb")).unwrap();
    assert_eq!(&glb[..4], b"glTF");
    assert_eq!(u32::from_le_bytes(glb[8..12].try_into().unwrap()) as usize, glb.len(), "GLB length field");
    let json_len = u32::from_le_bytes(glb[12..16].try_into().unwrap()) as usize;
    let json: serde_json::Value = serde_json::from_slice(&glb[20..20 + json_len]).unwrap();
    assert_eq!(json["meshes"].as_array().map(Vec::len), Some(1), "{json}");
    assert!(json["images"].as_array().is_some_and(|i| !i.is_empty()), "the skin is embedded");
    assert!(json["animations"].as_array().is_some_and(|a| a.len() > 5), "every sequence");
    assert_eq!(report["download_png"], "Bear2.png");
    let shot = png("bear_shot.png");
    assert!(
        shot.width() > 100 && shot.height() > 100 && brown(&shot) > 0.03,
        "screenshot {}x{}",
        shot.width(),
        shot.height()
    );
    assert!(report["after_saves"]["export"].as_str().is_some_and(|e| e.contains("Bear2.glb")), "{report}");
    // The WMO by ?data=: both groups (a batch each) and set 0's lamp (two batches) drawn.
    assert_eq!(report["world"]["model"], "box.wmo", "{report}");
    assert_eq!(report["world"]["error"], "", "{report}");
    assert_eq!(report["world"]["batches"], "4", "{report}");
    if std::env::var_os("M2VIEW_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&out);
    }
}
