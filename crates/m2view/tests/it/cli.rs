//! The `m2view` binary as a user runs it: `info` text and JSON, exit codes,
//! and errors naming file, structure and offset.

use std::process::Command;

use crate::common::m2view;
use m2view_format::fixtures;
use m2view_format::writer::{write_md20, write_skin};

fn temp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-cli-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

#[test]
fn info_text_and_json() {
    let p = temp("Boxes.m2");
    std::fs::write(&p, write_md20(&fixtures::two_boxes(264))).unwrap();
    std::fs::write(temp("Boxes00.skin"), write_skin(&fixtures::skin_profile(264), 264)).unwrap();
    let (code, out, _) = m2view(&["info", p.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("format MD20 version 264 (Wrath of the Lich King)"), "{out}");
    assert!(out.contains("     0     0 Stand"), "{out}");
    assert!(out.contains("     1     4 Walk"), "{out}");
    assert!(out.contains("Boxes00.skin: 2 submeshes, 2 batches, 24 triangles, geosets [0, 101]"), "{out}");
    assert!(out.contains("Textures\\Boxes\\Box.blp -> MISSING"), "{out}");

    let (code, out, _) = m2view(&["info", "--json", p.to_str().unwrap()]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["version"], 264);
    assert_eq!(v["counts"]["vertices"], 48);
    assert_eq!(v["sequences"][1]["name"], "Walk");
    assert_eq!(v["sequences"][1]["duration_ms"], 500);
    assert_eq!(v["materials"][1]["blend"], "Alpha");
    assert_eq!(v["attachments"][0]["name"], "Helm");
    assert_eq!(v["companions"][0]["kind"], "skin");
}

#[test]
fn info_lists_the_8_2_chunks_and_none_as_unknown() {
    // A fixture: the two boxes with WFV3, EDGF, NERF, DETL, DBOC, AFRA and PFDC written in the
    // wowdev wiki "M2" layouts (no public model with them is in the corpus).
    let p = temp("Waterfall.m2");
    std::fs::write(&p, m2view_format::writer::write_md21(&fixtures::two_boxes_chunk_data())).unwrap();
    std::fs::write(temp("Waterfall00.skin"), write_skin(&fixtures::skin_profile(274), 274)).unwrap();
    let (code, out, err) = m2view(&["info", p.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("unknown chunks"), "{out}");
    for line in [
        "waterfall (WFV3): bump scale 0.25, base colour rgba[40, 90, 160, 255], flags 0x3",
        "edge fade (EDGF): 1 record(s) [([0.5, 2.0], 8.0)]",
        "distance fade (NERF): coefficients 100, 20",
        "light 0 details (DETL): diffuse × 1.5, shadow scale 0.25, flags 0x1",
        "DBOC kept as bytes: 16 at 0x",
        "AFRA kept as bytes: 4 at 0x",
        ", inline PHYS version 2 (physics not read)",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
    let (_, out, _) = m2view(&["info", "--json", p.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["unknown_chunks"], serde_json::json!([]));
    let c = &v["chunk_data"];
    assert_eq!(c["waterfall"]["version"], 3);
    assert_eq!(c["waterfall"]["values"][1], serde_json::json!([4.0, 0.3, 0.0, 0.7]), "f32 values written shortest");
    assert_eq!(c["distance_fade"], serde_json::json!([100.0, 20.0]));
    assert_eq!(c["light_details"][0]["diffuse_multiplier"], 1.5);
    assert_eq!(c["kept"][0]["magic"], "DBOC");
    assert_eq!(c["kept"][0]["hex"], "0000803f000000400300000004000000");
    assert_eq!(c["kept"][2]["phys_version"], 2);
}

#[test]
fn broken_files_exit_2_with_evidence() {
    let p = temp("Broken.m2");
    let mut b = write_md20(&fixtures::two_boxes(264));
    b[0x2C..0x30].copy_from_slice(&0x4000_0000u32.to_le_bytes()); // bones.count
    std::fs::write(&p, &b).unwrap();
    let (code, _, err) = m2view(&["info", p.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("Broken.m2: bones: offset 0x"), "{err}");

    let t = temp("Truncated.m2");
    std::fs::write(&t, &b[..100]).unwrap();
    let (code, _, err) = m2view(&["info", t.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("Truncated.m2: header"), "{err}");

    let (code, _, err) = m2view(&["info", "/nonexistent/x.m2"]);
    assert_eq!(code, 2);
    assert!(err.contains("x.m2"), "{err}");
}

#[test]
fn mdx_info_and_broken_mdx() {
    let p = temp("MdxBox.mdx");
    let bytes = m2view_format::writer_mdx::write_mdx(&fixtures::mdx_box(800));
    std::fs::write(&p, &bytes).unwrap();
    let (code, out, _) = m2view(&["info", "--json", p.to_str().unwrap()]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["format"], "MDLX");
    assert_eq!(v["version"], 800);
    assert_eq!(v["sequences"][1]["name"], "Death");
    assert_eq!(v["attachments"][0]["name"], "Origin Ref");
    // Warcraft III's Additive layer blends `SrcAlpha, One` (M2 Add).
    assert_eq!(v["materials"][1]["blend"], "Add");

    let t = temp("Cut.mdx");
    std::fs::write(&t, &bytes[..bytes.len() - 10]).unwrap();
    let (code, _, err) = m2view(&["info", t.to_str().unwrap()]);
    assert_eq!(code, 2);
    let at = bytes.windows(4).rposition(|w| w == b"CLID").unwrap();
    let want = format!("Cut.mdx: CLID: offset {at:#x} chunk CLID of 116 bytes runs past the end of the file");
    assert!(err.contains(&want), "{err}");
}

#[test]
fn a_bare_file_name_finds_its_companions() {
    // `m2view info Box.m2` run in the model's folder: a bare name's parent is "".
    let p = temp("Bare.m2");
    std::fs::write(&p, write_md20(&fixtures::two_boxes(264))).unwrap();
    std::fs::write(temp("Bare00.skin"), write_skin(&fixtures::skin_profile(264), 264)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_m2view"))
        .args(["info", "Bare.m2"])
        .current_dir(p.parent().unwrap())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("Bare00.skin: 2 submeshes, 2 batches, 24 triangles"), "{text}");
    assert!(!text.contains("Bare00.skin not found"), "{text}");
}

#[test]
fn render_loads_the_anim_of_the_shown_sequence_and_prints_warnings() {
    // Walk (sequence 1) keeps box 1's translation in TwoBoxes0004-00.anim: 2 units up at 100 ms.
    let (md, anim_bytes) = fixtures::two_boxes_walk_in_anim();
    let m = temp("TwoBoxes.m2");
    std::fs::write(&m, write_md20(&md)).unwrap();
    std::fs::write(temp("TwoBoxes00.skin"), write_skin(&fixtures::skin_profile(264), 264)).unwrap();
    let anim = temp("TwoBoxes0004-00.anim");
    std::fs::write(&anim, anim_bytes).unwrap();
    let render = |out: &str| {
        let o = temp(out);
        let (code, _, err) =
            m2view(&["render", m.to_str().unwrap(), "-o", o.to_str().unwrap(), "--sequence", "1", "--time", "100"]);
        assert_eq!(code, 0, "{err}");
        (std::fs::read(o).unwrap(), err)
    };
    let (with_anim, err) = render("anim.png");
    assert!(!err.contains("anim"), "{err}");
    std::fs::remove_file(&anim).unwrap();
    let (without, err) = render("rest.png");
    // Without the file the box stays in its rest pose, and render says why.
    assert!(err.contains("warning: anim TwoBoxes0004-00.anim not found (sequence 1)"), "{err}");
    assert_ne!(with_anim, without, "the .anim moved box 1");
}

#[test]
fn render_transparent_background_and_plain_magic_errors() {
    let p = temp("Clear.m2");
    std::fs::write(&p, write_md20(&fixtures::two_boxes(264))).unwrap();
    std::fs::write(temp("Clear00.skin"), write_skin(&fixtures::skin_profile(264), 264)).unwrap();
    let o = temp("clear.png");
    let (code, _, err) = m2view(&["render", p.to_str().unwrap(), "-o", o.to_str().unwrap(), "--transparent"]);
    assert_eq!(code, 0, "{err}");
    let img = image::open(&o).unwrap().to_rgba8();
    assert_eq!(img.get_pixel(0, 0)[3], 0, "corner is background: transparent");
    assert!(img.pixels().any(|p| p[3] == 255), "the model is opaque");

    let t = temp("notes.m2");
    std::fs::write(&t, "garbage, not a model\n").unwrap();
    let (code, _, err) = m2view(&["info", t.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("notes.m2") && err.contains("not an M2, MDX or BLP file: starts with \"garb\""), "{err}");
}

#[test]
fn data_sources_ls_extract_info_render() {
    let Some(s) = fixtures::samples_dir() else { return };
    let map = s.join("inwc3_JMPQ3/src/test/resources/mpqs/normalMap.w3x");
    let map = map.to_str().unwrap();
    // ls: tab-separated path, size, source; a glob over virtual paths.
    let (code, out, err) = m2view(&["ls", "--data", map, "*.MDX"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines, [format!("dummy.mdx\t35040\t{map}"), format!("war3mapImported/tcBox.mdx\t2636\t{map}")]);
    let (_, out, _) = m2view(&["ls", "--data", map, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 21);
    // info and render read the model and its texture from the archive.
    let (code, out, err) = m2view(&["info", "--data", map, "WAR3MAPIMPORTED\\TCBOX.MDX"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("format MDLX version 800"), "{out}");
    let png = temp("tcbox.png");
    let (code, _, err) = m2view(&["render", "--data", map, "war3mapImported/tcBox.mdx", "-o", png.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(image::open(&png).unwrap().to_rgba8().pixels().any(|p| p[0] > 150 && p[1] < 40), "team-red box drawn");
    // extract: the files under their virtual paths, bytes as decoded.
    let out_dir = temp("extracted");
    let (code, _, err) = m2view(&["extract", "--data", map, "war3mapimported/*", "-o", out_dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let tc = std::fs::read(out_dir.join("war3mapImported/tcBox.mdx")).unwrap();
    assert_eq!((&tc[..4], tc.len()), (&b"MDLX"[..], 2636));
    // Errors name the source and the file.
    let (code, _, err) = m2view(&["info", "--data", map, "nothere.mdx"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("nothere.mdx") && err.contains("not found in the data sources") && err.contains("normalMap.w3x"),
        "{err}"
    );
    let prot = s.join("inwc3_JMPQ3/src/test/resources/mpqs/listfileTooLong.w3x");
    let (code, _, err) = m2view(&["ls", "--data", prot.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("listfileTooLong.w3x") && err.contains("not a readable MPQ archive"), "{err}");
    let (code, _, err) = m2view(&["ls"]);
    assert_eq!(code, 1);
    assert!(err.contains("--data"), "{err}");
    // A damaged sector of dummy.mdx (stored at 37388 + the 512-byte map header): one
    // error line naming archive, file and sector once, the other files written.
    let mut bad = std::fs::read(map).unwrap();
    bad[37388 + 600..37388 + 700].iter_mut().for_each(|b| *b ^= 0x5A);
    let bad_map = temp("damaged.w3x");
    std::fs::write(&bad_map, bad).unwrap();
    let out_dir = temp("extracted-damaged");
    let (code, _, err) =
        m2view(&["extract", "--data", bad_map.to_str().unwrap(), "*", "-o", out_dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.ends_with('\n'), "{err:?}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines[0].starts_with(&format!("error: {}: dummy.mdx: sector ", bad_map.display())), "{err}");
    assert_eq!(lines[0].matches("dummy.mdx").count(), 1, "{err}");
    assert!(lines[1].starts_with("20 files written under ") && lines[1].ends_with(", 1 failed"), "{err}");
}

#[test]
fn render_all_goes_on_past_broken_files() {
    let dir = temp("batch-src");
    std::fs::create_dir_all(dir.join("Models")).unwrap();
    std::fs::write(dir.join("Models/Good.m2"), write_md20(&fixtures::two_boxes(264))).unwrap();
    std::fs::write(dir.join("Models/Good00.skin"), write_skin(&fixtures::skin_profile(264), 264)).unwrap();
    std::fs::write(dir.join("Models/Broken.m2"), b"MD20 and then nothing").unwrap();
    let out = temp("batch-out");
    let (code, _, err) = m2view(&[
        "render",
        "--data",
        dir.to_str().unwrap(),
        "--all",
        "models/*",
        "-o",
        out.to_str().unwrap(),
        "--size",
        "64x64",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("failed: Models/Broken.m2: ") && err.contains("1 rendered, 1 failed"), "{err}");
    let png = image::open(out.join("Models/Good.m2.png")).unwrap();
    assert_eq!((png.width(), png.height()), (64, 64));
}

#[test]
fn info_lists_skins_and_render_picks_one() {
    let Some(s) = fixtures::samples_dir() else { return };
    let murloc = s.join("Koward_Improved_Models/Creature/Murloc2/Murloc2.m2");
    let murloc = murloc.to_str().unwrap();
    let (code, out, _) = m2view(&["info", murloc]);
    assert_eq!(code, 0);
    assert!(out.contains("skins (") && out.contains("DBFilesClient/CreatureModelData.dbc):"), "{out}");
    assert!(out.contains("    1 display 188, 391, 486"), "{out}");
    let (_, out, _) = m2view(&["info", "--json", murloc]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["skins"][4]["textures"][0], "Murloc2_White");
    assert_eq!(v["skins"][4]["display_ids"][0], 3615);
    let png = temp("white.png");
    let (code, _, err) =
        m2view(&["render", murloc, "-o", png.to_str().unwrap(), "--display-id", "3615", "--size", "64x64"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = m2view(&["render", murloc, "-o", png.to_str().unwrap(), "--display-id", "1"]);
    assert_eq!(code, 1);
    assert!(err.contains("no skin of this model has display id 1"), "{err}");
    let (code, _, err) = m2view(&["render", murloc, "-o", png.to_str().unwrap(), "--skin", "9"]);
    assert_eq!(code, 1);
    assert!(err.contains("skin 9 out of range (model has 5)"), "{err}");
}

#[test]
fn render_attach_checks_its_point() {
    let p = temp("Host.m2");
    std::fs::write(&p, write_md20(&fixtures::two_boxes(264))).unwrap();
    std::fs::write(temp("Host00.skin"), write_skin(&fixtures::skin_profile(264), 264)).unwrap();
    let o = temp("host.png");
    let host = p.to_str().unwrap();
    // The two-box fixture has attachment 11 (Helm): hang the same boxes on it.
    let (code, _, err) =
        m2view(&["render", host, "-o", o.to_str().unwrap(), "--attach", &format!("helm={host}"), "--stats"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = m2view(&["render", host, "-o", o.to_str().unwrap(), "--attach", &format!("HandRight={host}")]);
    assert_eq!(code, 1);
    assert!(err.contains("no attachment point 1 (HandRight)"), "{err}");
    let (code, _, err) = m2view(&["render", host, "-o", o.to_str().unwrap(), "--attach", "Elbow=x.m2"]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown attachment point \"Elbow\""), "{err}");
}

#[test]
fn render_variations_moves_on_as_the_game_does() {
    let Some(s) = fixtures::samples_dir() else { return };
    // Corehound2's Stand has two variations: .0 (frequency 29491/32767) and .1 (3276).
    let hound = s.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2");
    let png = temp("var.png");
    let shown = |extra: &[&str]| {
        let mut args = vec![
            "render",
            hound.to_str().unwrap(),
            "-o",
            png.to_str().unwrap(),
            "--size",
            "16x16",
            "--time",
            "8000",
            "--stats",
        ];
        args.extend_from_slice(extra);
        let (code, out, err) = m2view(&args);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()["sequence"].as_u64().unwrap()
    };
    assert_eq!(shown(&[]), 4, "Stand .0 repeats");
    assert_eq!(shown(&["--variations"]), 5, "the (seeded) pick moved on to Stand .1 by 8 s");
}

#[test]
fn turntable_gif_and_png_sequence() {
    use image::AnimationDecoder;
    let p = temp("Spin.m2");
    std::fs::write(&p, write_md20(&fixtures::two_boxes(264))).unwrap();
    std::fs::write(temp("Spin00.skin"), write_skin(&fixtures::skin_profile(264), 264)).unwrap();
    let gif = temp("spin.gif");
    let args = ["render", p.to_str().unwrap(), "--turntable", "--frames", "8", "--fps", "10", "--size", "64x48"];
    let (code, _, err) = m2view(&[&args[..], &["-o", gif.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let dec = image::codecs::gif::GifDecoder::new(std::io::BufReader::new(std::fs::File::open(&gif).unwrap())).unwrap();
    let frames = dec.into_frames().collect_frames().unwrap();
    assert_eq!(frames.len(), 8);
    assert_eq!(frames[0].buffer().dimensions(), (64, 48));
    assert_eq!(frames[0].delay().numer_denom_ms(), (100, 1), "10 fps");
    assert_ne!(frames[0].buffer().as_raw(), frames[2].buffer().as_raw(), "the view turns");
    let png = temp("seq.png");
    let (code, _, err) = m2view(&[&args[..], &["-o", png.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    for k in 0..8 {
        assert!(temp(&format!("seq_{k:04}.png")).is_file(), "frame {k}");
    }
    // Animated PNG with a transparent background: read back by the png crate's APNG decoder
    // through `image`, 8 frames at 10 fps, alpha 0 around the model, each frame the PNG
    // sequence's frame drawn transparent (compared texel for texel).
    let apng = temp("spin.apng");
    let (code, _, err) = m2view(&[&args[..], &["--transparent", "-o", apng.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(!temp("spin.apng.part").exists(), "written whole, then renamed");
    let dec =
        image::codecs::png::PngDecoder::new(std::io::BufReader::new(std::fs::File::open(&apng).unwrap())).unwrap();
    assert!(dec.is_apng().unwrap());
    let frames = dec.apng().unwrap().into_frames().collect_frames().unwrap();
    assert_eq!(frames.len(), 8);
    assert_eq!(frames[0].delay().numer_denom_ms(), (100, 1), "10 fps");
    assert_eq!(frames[0].buffer()[(0, 0)].0[3], 0, "a transparent corner");
    let (code, _, err) = m2view(&[&args[..], &["--transparent", "-o", temp("clear.png").to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    for k in [0, 3, 7] {
        let png = image::open(temp(&format!("clear_{k:04}.png"))).unwrap().to_rgba8();
        assert!(png.as_raw() == frames[k].buffer().as_raw(), "frame {k} equals the PNG sequence's");
    }
}

#[test]
fn thumbnails_show_a_face_and_a_moment_and_say_which() {
    let Some(s) = fixtures::samples_dir() else { return };
    let data = s.to_str().unwrap();
    let out = temp("thumbs");
    let all = |glob: &str| -> Vec<serde_json::Value> {
        let args = ["render", "--data", data, "--all", glob, "-o", out.to_str().unwrap(), "--size", "64x64", "--stats"];
        let (code, stdout, err) = m2view(&args);
        assert_eq!(code, 0, "{err}");
        stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    };
    // Stormwind's shop signs: a board facing -Y on a post, grey posts from the front.
    let signs = all("Koward_Improved_Models/World/Generic/HUMAN/PASSIVE DOODADS/Signs/*");
    assert_eq!(signs.len(), 15);
    assert!(signs.iter().all(|v| v["camera"] == "right" && v["time_ms"] == 0.0), "{signs:?}");
    // Retera's stock particle emitters show nothing at 0 ms: a moment when particles live.
    let effects = all("Retera_ReterasModelStudio/matrixeater/stock/particles/*");
    assert_eq!(effects.len(), 10);
    for v in &effects {
        assert!(v["time_ms"].as_f64().unwrap() > 0.0 && v["particles"].as_u64().unwrap() > 0, "{v}");
    }
    // A crowd is seen from above; a single model from the front unless asked.
    let hound = s.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2");
    let png = out.join("crowd.png");
    let render = |extra: &[&str]| -> serde_json::Value {
        let mut args =
            vec!["render", hound.to_str().unwrap(), "-o", png.to_str().unwrap(), "--size", "64x64", "--stats"];
        args.extend_from_slice(extra);
        let (code, stdout, err) = m2view(&args);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str(stdout.trim()).unwrap()
    };
    assert_eq!(render(&["--crowd", "9"])["camera"], "iso");
    assert_eq!(render(&[])["camera"], "front");
    let auto = render(&["--camera", "auto", "--time", "auto"]);
    assert!(["left", "right"].contains(&auto["camera"].as_str().unwrap()), "a hound is longest from the side: {auto}");
    assert_eq!(auto["time_ms"], 0.0, "no emitters, visible at once");
    let (code, _, err) = m2view(&["render", hound.to_str().unwrap(), "-o", png.to_str().unwrap(), "--time", "soon"]);
    assert_eq!(code, 1);
    assert!(err.contains("bad --time \"soon\""), "{err}");
}

/// `--data auto` on Linux: the first install in a Wine prefix of the home
/// (written here in the real layout: a 3.3.5 game folder, `Data/` with its
/// MPQ archives; the Lutris and Bottles prefixes are covered by
/// `m2view_data::installs`' own tests), said on stderr; without any, an
/// error naming where m2view looked.
#[test]
fn data_auto_opens_the_install_found_in_a_wine_prefix() {
    let Some(samples) = fixtures::samples_dir() else { return };
    let home = temp("auto-home");
    let wow = home.join(".wine/drive_c/Program Files (x86)/World of Warcraft");
    std::fs::create_dir_all(wow.join("Data")).unwrap();
    std::fs::copy(samples.join("grandatlant_DataMod/patch-Y.MPQ"), wow.join("Data/patch-Y.MPQ")).unwrap();
    let run = |home: &std::path::Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_m2view"))
            .args(["ls", "--data", "auto", "creature/ghost/*"])
            .env("HOME", home)
            .env_remove("WINEPREFIX")
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, out, err) = run(&home);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains(&format!("--data auto: World of Warcraft MPQ ({})", wow.display())), "{err}");
    assert!(err.contains("found by Wine prefix ~/.wine"), "{err}");
    assert_eq!(out.lines().count(), 2, "GhostSkin.blp and GhostSkinPurple.blp: {out}");

    let empty = temp("auto-empty");
    let (code, _, err) = run(&empty);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("no World of Warcraft or Warcraft III install found (looked in: "), "{err}");
    assert!(err.contains(".wine/drive_c/Program Files (x86)/World of Warcraft"), "{err}");
    let _ = std::fs::remove_dir_all(&home);
    let _ = std::fs::remove_dir_all(&empty);
}
