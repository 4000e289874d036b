//! Corpus test over the real game files in `../shared/samples` (or
//! `$M2VIEW_SAMPLES`): every M2, MDX, skin and BLP parses, and each file's
//! counts (MDX: version and chunk list) match `MANIFEST.tsv`. Prints how many files it covered. When the corpus is
//! absent it says so loudly; with `M2VIEW_REQUIRE_SAMPLES=1` (set by CI) that
//! is a failure.

use std::collections::HashMap;

use m2view_format::blp::{Blp, BlpEncoding};
use m2view_format::{LoadOptions, load_model_file, parse_m2, parse_skin};

/// `key=value` facts of one MANIFEST line.
fn facts(line: &str) -> (String, String, HashMap<String, String>) {
    let mut cols = line.split('\t');
    let path = cols.next().unwrap_or_default().to_string();
    let magic = cols.next().unwrap_or_default().to_string();
    let _size = cols.next();
    let mut map = HashMap::new();
    for tok in cols.next().unwrap_or_default().split_whitespace() {
        if let Some((k, v)) = tok.split_once('=') {
            map.insert(k.to_string(), v.trim_matches('\'').to_string());
        } else if let Some((w, h)) = tok.split_once('x') {
            map.insert("width".into(), w.to_string());
            map.insert("height".into(), h.to_string());
        }
    }
    (path, magic, map)
}

fn num(map: &HashMap<String, String>, k: &str) -> Option<usize> {
    map.get(k).and_then(|v| v.parse().ok())
}

#[test]
fn every_sample_parses_and_matches_the_manifest() {
    let Some(dir) = m2view_format::fixtures::samples_dir() else { return };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let (mut m2s, mut mdxs, mut skins, mut blps, mut checks) = (0, 0, 0, 0, 0);
    let mut versions: HashMap<String, u32> = HashMap::new();
    let lines: Vec<_> = manifest.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).map(facts).collect();
    for (rel, magic, f) in &lines {
        if magic != "MD20" {
            continue;
        }
        let path = dir.join(rel);
        let lm = load_model_file(&path, &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let m = &lm.model;
        m.validate().unwrap_or_else(|e| panic!("{rel}: {e}"));
        m2s += 1;
        versions.insert(rel.trim_end_matches(".m2").to_lowercase(), m.source.version);
        let want = |k: &str| num(f, k);
        assert_eq!(Some(m.source.version as usize), want("ver"), "{rel} version");
        assert_eq!(Some(m.sequences.len()), want("seqs"), "{rel} sequences");
        assert_eq!(Some(m.vertices.len()), want("verts"), "{rel} vertices");
        assert_eq!(Some(m.textures.len()), want("tex"), "{rel} textures");
        assert_eq!(Some(m.ribbons.len()), want("ribbons"), "{rel} ribbons");
        assert_eq!(Some(m.particles.len()), want("particles"), "{rel} particles");
        let declared = want("nskin").or(want("embedded_skin_profiles"));
        assert_eq!(Some(m.declared_lods), declared, "{rel} skin profiles");
        if let Some(name) = f.get("name") {
            assert_eq!(&m.name, name, "{rel} name");
        }
        assert!(!m.lods.is_empty(), "{rel}: no LOD loaded");
        // Keys read in place (what load_model_file does) give the keys that
        // decoding copies of them gives: the file one byte into a buffer
        // misaligns every array, so nothing is read in place there.
        let bytes = std::fs::read(&path).unwrap();
        let shifted = m2view_format::fixtures::Misaligned::new(&bytes);
        let copied = m2view_format::m2_to_model(&parse_m2(shifted.bytes(), rel).unwrap(), &[]).unwrap();
        // (compared as text: some files hold NaN keys, and NaN != NaN)
        let text = |m: &m2view_format::Model| format!("{:?}{:?}{:?}", m.bones, m.colors, m.particles);
        assert!(text(&copied) == text(m), "{rel}: keys in place != keys copied");
        checks += 8;
    }
    for (rel, magic, f) in &lines {
        let path = dir.join(rel);
        match magic.as_str() {
            "SKIN" => {
                // The owning model's version decides the submesh layout.
                let lower = rel.to_lowercase();
                let stem = lower.trim_end_matches(".skin");
                let stem = &stem[..stem.len().saturating_sub(2)];
                let v = versions.get(stem).copied().unwrap_or(264);
                let p = parse_skin(&std::fs::read(&path).unwrap(), v, rel).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(Some(p.vertices.len()), num(f, "nindices"), "{rel} vertices");
                assert_eq!(Some(p.indices.len()), num(f, "ntri"), "{rel} indices");
                assert_eq!(Some(p.submeshes.len()), num(f, "nsub"), "{rel} submeshes");
                assert_eq!(Some(p.batches.len()), num(f, "nbatch"), "{rel} batches");
                skins += 1;
                checks += 4;
            }
            "MDLX" => {
                let lm = load_model_file(&path, &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
                let m = &lm.model;
                m.validate().unwrap_or_else(|e| panic!("{rel}: {e}"));
                assert_eq!(Some(m.source.version as usize), num(f, "ver"), "{rel} version");
                assert_eq!(Some(&m.source.chunks.join(",")), f.get("chunks"), "{rel} chunks");
                assert!(m.source.unknown_chunks.is_empty(), "{rel}: {:?}", m.source.unknown_chunks);
                mdxs += 1;
                checks += 2;
            }
            "BLP1" | "BLP2" => {
                let blp = Blp::parse(std::fs::read(&path).unwrap()).unwrap_or_else(|e| panic!("{rel}: {e}"));
                assert_eq!(Some(blp.width as usize), num(f, "width"), "{rel} width");
                assert_eq!(Some(blp.height as usize), num(f, "height"), "{rel} height");
                let img = blp.decode(0).unwrap_or_else(|e| panic!("{rel}: {e}"));
                assert_eq!(img.pixels.len(), (blp.width * blp.height * 4) as usize, "{rel}");
                if let BlpEncoding::Dxt(_) = blp.encoding {
                    assert!(blp.dxt_blocks(0).is_some(), "{rel}: DXT blocks");
                }
                blps += 1;
                checks += 2;
            }
            _ => {}
        }
    }
    println!("corpus: {m2s} M2, {mdxs} MDX, {skins} skin, {blps} BLP files parsed; {checks} manifest facts checked");
    assert!(
        m2s >= 70 && mdxs >= 15 && skins >= 6 && blps >= 100,
        "corpus smaller than expected: {m2s} {mdxs} {skins} {blps}"
    );
}

#[test]
fn known_facts_of_real_files() {
    let Some(dir) = m2view_format::fixtures::samples_dir() else { return };
    let lm =
        load_model_file(&dir.join("wowserhq_blizzardry/spec/fixtures/Rabbit.m2"), &LoadOptions::default()).unwrap();
    let m = &lm.model;
    assert_eq!(m.source.version, 264);
    assert_eq!(m.vertices.len(), 154);
    assert_eq!(m.sequences.len(), 7);
    assert_eq!(m.name, "Rabbit");
    assert_eq!(m.lods[0].triangle_count(), 107);
    assert_eq!(m2view_format::animation_name(m.sequences[0].anim_id), Some("Walk"));
    // Every decoded bone rotation key is a unit quaternion (compressed quats decode right).
    for b in &m.bones {
        for k in &b.rotation.sequences {
            for q in &k.values {
                let len = q.iter().map(|c| c * c).sum::<f32>().sqrt();
                assert!((len - 1.0).abs() < 1e-3);
            }
        }
    }

    // The penguin lacks creature00.skin: it opens with a warning and profile 01.
    let lm = load_model_file(&dir.join("wowserhq_format/fixture/model/creature.m2"), &LoadOptions::default()).unwrap();
    assert_eq!(lm.model.lods.len(), 1);
    assert_eq!(lm.model.lods[0].source, "creature01.skin");
    assert!(lm.model.warnings.iter().any(|w| w.contains("creature00.skin not found")));

    // v256 Corehound2: inline profiles, 8 particle emitters, textures found by stored path.
    let lm =
        load_model_file(&dir.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2"), &LoadOptions::default())
            .unwrap();
    assert_eq!(lm.model.source.version, 256);
    assert_eq!(lm.model.particles.len(), 8);
    assert!(lm.texture_files.iter().all(Option::is_some));

    // Classic bones store float quaternions: every v256 key decodes to unit length
    // (read as compressed int16, fewer than 2% would).
    let bytes = std::fs::read(dir.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2")).unwrap();
    let f = parse_m2(&bytes, "Corehound2.m2").unwrap();
    let mut n = 0;
    for b in &f.md20.bones {
        let m2view_format::raw::m2::BoneRotation::Float(t) = &b.rotation else { panic!("v256 rotation not float") };
        if let m2view_format::raw::TrackKeys::Timeline { values, .. } = &t.keys {
            for q in values.iter() {
                let len = q.iter().map(|c| c * c).sum::<f32>().sqrt();
                assert!((len - 1.0).abs() < 0.01, "{q:?}");
                n += 1;
            }
        }
    }
    assert_eq!(n, 54434, "rotation keys");

    // A real 3.3.5 character model a server ships: its texture weight 0 has 1
    // value list for 0 timestamp lists. The client loads it; so does m2view,
    // reading no keys (the weight stays at its default) and saying so.
    let ogre = dir.join("ElementoBorzi_Doomhammer-Public-Pack/Character/Ogre/Male/OgreMale.M2");
    let lm = load_model_file(&ogre, &LoadOptions::default()).unwrap();
    assert_eq!((lm.model.sequences.len(), lm.model.bones.len(), lm.model.lods.len()), (93, 108, 2));
    assert!(lm.model.texture_weights[0].sequences.is_empty());
    let w = format!(
        "{}: texture_weights[0].values: offset 0x23070 1 value lists for 0 timestamp lists: 0 read (the shorter count)",
        ogre.display()
    );
    assert_eq!(lm.model.warnings.iter().filter(|x| x.contains("timestamp")).collect::<Vec<_>>(), vec![&w]);

    // A .skin that belongs to another model is an error, not a crash.
    let rabbit = std::fs::read(dir.join("wowserhq_blizzardry/spec/fixtures/Rabbit.m2")).unwrap();
    let tank_skin = std::fs::read(dir.join("wowserhq_format/fixture/model/tank00.skin")).unwrap();
    let e = m2view_format::model_from_bytes(&rabbit, "Rabbit.m2", &[("tank00.skin", &tank_skin)]).unwrap_err();
    assert!(e.to_string().contains("does this skin belong to the model"), "{e}");

    // MDX: WoW alpha Boar (v1300) and the converter's Boar.m2 (v264) describe the
    // same mesh: same vertex count and the same bind-pose box.
    let boar = load_model_file(&dir.join("GrenderG_MDX-Parser/MDXParser/Files/Boar.mdx"), &LoadOptions::default())
        .unwrap()
        .model;
    assert_eq!((boar.source.version, boar.sequences.len(), boar.vertices.len()), (1300, 10, 401));
    assert_eq!(boar.lods[0].triangle_count(), 504);
    assert_eq!((boar.bones.len(), boar.attachments.len(), boar.events.len(), boar.cameras.len()), (57, 9, 17, 1));
    assert_eq!(boar.sequence_name(m2view_format::SequenceId(1)), "Stand - Var1");
    // MODL stores the radius (0 here) before the box, as Warcraft III does.
    assert_eq!(boar.bounds.min, [-2.6074266, -1.2853721, -0.3608002]);
    assert_eq!(boar.bounds.max, [2.4408994, 2.170983, 2.3056345]);
    let m2 = load_model_file(&dir.join("GrenderG_MDX-Parser/MDXParser/Files/Boar.m2"), &LoadOptions::default())
        .unwrap()
        .model;
    let bbox = |m: &m2view_format::Model| {
        m.vertices.iter().fold(([f32::MAX; 3], [f32::MIN; 3]), |(lo, hi), v| {
            ([0, 1, 2].map(|k| lo[k].min(v.position[k])), [0, 1, 2].map(|k| hi[k].max(v.position[k])))
        })
    };
    assert_eq!(m2.vertices.len(), 401);
    let (a, b) = (bbox(&boar), bbox(&m2));
    for k in 0..3 {
        assert!((a.0[k] - b.0[k]).abs() < 1e-4 && (a.1[k] - b.1[k]).abs() < 1e-4, "{a:?} vs {b:?}");
    }
    // Every packed rotation key decodes to a unit quaternion.
    for q in boar.bones.iter().flat_map(|b| b.rotation.sequences.iter().flat_map(|k| k.values.iter())) {
        assert!((q.iter().map(|c| c * c).sum::<f32>().sqrt() - 1.0).abs() < 1e-3, "{q:?}");
    }

    // Warcraft III v800: the smiley cube with its BLP1 texture found by stored path.
    let lm = load_model_file(
        &dir.join("flowtsohg_mdx-m3-viewer/examples/resources/SmileyGW_004.mdx"),
        &LoadOptions::default(),
    )
    .unwrap();
    let m = &lm.model;
    assert_eq!((m.source.version, m.vertices.len(), m.lods[0].triangle_count()), (800, 24, 12));
    let names: Vec<String> = (0..3).map(|i| m.sequence_name(m2view_format::SequenceId(i))).collect();
    assert_eq!(names, ["Stand", "Walk", "Death"]);
    assert!(lm.texture_files[0].as_ref().is_some_and(|p| p.ends_with("Textures/SmileyGW.blp")));
    assert_eq!(m.materials[0].blend, m2view_format::BlendMode::AlphaKey);

    let horse =
        load_model_file(&dir.join("Retera_ReterasModelStudio/MDXLib/PackHorse.mdx"), &LoadOptions::default()).unwrap();
    let m = &horse.model;
    assert_eq!((m.sequences.len(), m.lods[0].submeshes.len(), m.particles.len(), m.bones.len()), (14, 3, 1, 75));
}

#[test]
fn wow_export_tree_names_are_found() {
    let Some(dir) = m2view_format::fixtures::samples_dir() else { return };
    // A Legion MD21 model as wow.export writes it: skins `540847400.skin` and
    // `5408474_lod01.skin`, textures `5408474_<fdid>.blp`, no listfile.
    let lm =
        load_model_file(&dir.join("miaoihan_wow.export/resources/M2/5408474.m2"), &LoadOptions::default()).unwrap();
    let m = &lm.model;
    assert_eq!((m.source.version, m.vertices.len(), m.lods.len()), (274, 818, 2));
    assert_eq!((m.lods[0].source.as_str(), m.lods[0].triangle_count()), ("540847400.skin", 187));
    assert_eq!((m.lods[1].source.as_str(), m.lods[1].triangle_count()), ("5408474_lod01.skin", 135));
    // Legion+: a profile's lookup is relative to its vertex start, the u32 after the skin's
    // five arrays (3.3.5's boneCountMax): 0 for profile 0, 284 (profile 0's vertex count)
    // for _lod01. LOD 1 then uses only vertices from 284 on, and covers the same tree as
    // LOD 0 (read from 0, it drew profile 0's vertices as slivers).
    let used = |l: &m2view_format::Lod| {
        let (lo, hi) = (l.indices.iter().min().copied().unwrap(), l.indices.iter().max().copied().unwrap());
        let b = l.indices.iter().fold(([f32::MAX; 3], [f32::MIN; 3]), |(lo, hi), &i| {
            let p = m.vertices[i as usize].position;
            (std::array::from_fn(|k| lo[k].min(p[k])), std::array::from_fn(|k| hi[k].max(p[k])))
        });
        (lo, hi, b)
    };
    let (first0, last0, box0) = used(&m.lods[0]);
    let (first1, last1, box1) = used(&m.lods[1]);
    assert_eq!((first0, last0 < 284, first1 >= 284, last1 < 818), (0, true, true, true), "{first1}..{last1}");
    let size = (0..3).map(|k| box0.1[k] - box0.0[k]).fold(0.0f32, f32::max);
    for k in 0..3 {
        let off = (box0.0[k] - box1.0[k]).abs().max((box0.1[k] - box1.1[k]).abs());
        assert!(off < 0.1 * size, "axis {k}: LOD 1 {box1:?} against LOD 0 {box0:?}");
    }
    assert_eq!((m.lods[0].bone_count_max, m.lods[1].bone_count_max), (0, 0), "no bone budget in Legion+");
    let names: Vec<_> = lm.texture_files.iter().map(|p| p.as_ref().unwrap().file_name().unwrap().to_owned()).collect();
    assert_eq!(names, ["5408474_5408779.blp", "5408474_5408780.blp"]);
    // SFID names four skins; the export holds two: the others are reported missing.
    assert_eq!(lm.companions.iter().filter(|c| c.path.is_none()).count(), 2);
}

#[test]
fn blp1_jpeg_keeps_its_alpha() {
    let Some(dir) = m2view_format::fixtures::samples_dir() else { return };
    // SmileyGW.blp (Warcraft III, BLP1 JPEG, 8-bit alpha): a round smiley whose
    // corners are transparent. The JPEG's fourth component is the alpha.
    let bytes = std::fs::read(dir.join("flowtsohg_mdx-m3-viewer/examples/resources/Textures/SmileyGW.blp")).unwrap();
    let blp = Blp::parse(bytes).unwrap();
    assert_eq!((blp.encoding, blp.alpha_bits), (BlpEncoding::Jpeg, 8));
    let img = blp.decode(0).unwrap();
    let at = |x: u32, y: u32| &img.pixels[((y * img.width + x) * 4) as usize..][..4];
    assert!(at(1, 1)[3] < 8, "top-left corner transparent: {:?}", at(1, 1));
    assert!(at(img.width - 2, img.height - 2)[3] < 8, "bottom-right corner transparent");
    let c = at(img.width / 2, img.height / 2);
    assert!(c[3] > 247, "centre opaque: {c:?}");
    // The smiley is yellow: over its opaque pixels red and green average well
    // above blue (channels in RGBA order, not the file's BGRA).
    let opaque: Vec<&[u8]> = img.pixels.chunks_exact(4).filter(|p| p[3] > 128).collect();
    let mean = |k: usize| opaque.iter().map(|p| p[k] as f64).sum::<f64>() / opaque.len() as f64;
    assert!(mean(0) > mean(2) + 60.0 && mean(1) > mean(2) + 30.0, "yellow: {} {} {}", mean(0), mean(1), mean(2));
}
