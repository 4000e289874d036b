//! WMO world objects: the real `inn.wmo` (v17, 2 of its 11 group files
//! present) read against values checked by hand in its bytes, the
//! written 8.1+-style root (`GFID`, `MODI`, textures by FileDataID — no
//! such file is public; `m2view_format::fixtures::wmo` writes it in the
//! wowdev layout), and hostile input: truncated and mutated files give
//! errors naming chunk and offset, never a panic.

use m2view_format::fixtures::wmo::{chunk, group, root};
use m2view_format::wmo::{FileRef, Wmo};
use m2view_format::{BlendMode, MaterialFlags, SourceFormat, TextureSource};

fn inn() -> Option<(Vec<u8>, Vec<u8>, Vec<u8>)> {
    let dir = m2view_format::fixtures::samples_dir()?.join("wowserhq_format/fixture/mapobj");
    let read = |n: &str| std::fs::read(dir.join(n)).unwrap();
    Some((read("inn.wmo"), read("inn_000.wmo"), read("inn_003.wmo")))
}

#[test]
fn real_inn_root_and_groups() {
    let Some((root, g0, g3)) = inn() else { return };
    let mut w = Wmo::parse_root(&root, "inn.wmo").unwrap();
    assert_eq!(w.version, 17);
    assert_eq!((w.groups.len(), w.textures.len(), w.materials.len()), (11, 22, 22));
    // MOHD counts 913 placements; MODD holds 863 (34,520 bytes), as many as the four sets cover.
    assert_eq!((w.doodad_names, w.doodads.len(), w.doodad_sets.len()), (192, 863, 4));
    assert_eq!((w.portals.len(), w.lights.len(), w.fogs), (10, 10, 2));
    assert_eq!(w.textures[0], FileRef::Path("DUNGEONS\\TEXTURES\\WALLS\\MM_DUSKWOOD_WALL_01.BLP".into()));
    // MODS: names and ranges as stored; set 0 (80 placements) is always shown with the chosen one.
    let sets: Vec<(&str, u32, u32)> = w.doodad_sets.iter().map(|s| (s.name.as_str(), s.start, s.count)).collect();
    assert_eq!(sets, [("Set_$DefaultGlobal", 0, 80), ("Set_B", 80, 215), ("Set_C", 295, 335), ("Set_A", 630, 233)]);
    assert_eq!(w.doodads_of_set(1).len(), 80 + 215);
    assert_eq!(w.doodads_of_set(0).len(), 80);
    // MODD[0]: a barrel at (-12.28, -0.48, 0.43), a quarter turn about Z, scale 0.834.
    let d = &w.doodads[0];
    assert_eq!(d.model, Some(FileRef::Path("WORLD\\GENERIC\\PASSIVEDOODADS\\BARREL\\BARREL01.MDX".into())));
    assert!((d.position[0] + 12.282288).abs() < 1e-5 && (d.scale - 0.834_167_5).abs() < 1e-6);
    assert!((d.rotation[2] - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-6);
    // MOGI names by MOGN offset (until a group file names itself); flags 0x8 exterior for the
    // first, 0x2000 interior for the rest.
    assert_eq!(w.groups[3].name, "hall");
    assert_eq!(w.groups[0].flags, 0x8);
    assert!(w.groups[1..].iter().all(|g| g.is_interior()));
    // Materials: 21 is alpha-keyed, 11 unlit; MOHD ambient as r g b a.
    assert_eq!(w.materials[21].blend, 1);
    assert_eq!(w.materials[11].flags, 1);
    w.add_group(0, &g0, "inn_000.wmo").unwrap();
    w.add_group(3, &g3, "inn_003.wmo").unwrap();
    // Their MOGP names (offsets 2 and 22) win over MOGI's.
    assert_eq!((w.groups[0].name.as_str(), w.groups[3].name.as_str()), ("exterior", "kitchen"));
    let (a, b) = (w.groups[0].geometry.as_ref().unwrap(), w.groups[3].geometry.as_ref().unwrap());
    // Sizes of MOVT / MOVI / MOBA / MOPY in the group files (33108/12, 11544/2, 312/24, 3848/2).
    assert_eq!((a.positions.len(), a.indices.len(), a.batches.len()), (2759, 5772, 13));
    assert_eq!((b.positions.len(), b.indices.len(), b.batches.len()), (2310, 6078, 13));
    assert_eq!((a.colors.len(), b.colors.len()), (0, 1));
    assert_eq!(b.doodad_refs.len(), 119);
    // MODD positions are in the WMO's space: 117 of the 119 doodads group 3 lists stand in its box.
    let (lo, hi) = w.groups[3].bounds;
    let inside = |p: [f32; 3]| (0..3).all(|k| lo[k] - 0.1 <= p[k] && p[k] <= hi[k] + 0.1);
    assert_eq!(b.doodad_refs.iter().filter(|&&r| inside(w.doodads[r as usize].position)).count(), 117);
    let drawn: usize = a.batches.iter().map(|b| b.count as usize / 3).sum();
    assert_eq!(drawn + a.collision_triangles, 1924, "every MOPY triangle drawn or collision only");
    let m = w.to_model("inn").unwrap();
    assert_eq!(m.source.format, SourceFormat::Wmo);
    assert_eq!(m.vertices.len(), 2759 + 2310);
    assert_eq!(m.default_geosets(0).into_iter().collect::<Vec<_>>(), [0, 3]);
    assert_eq!(m.materials[21].blend, BlendMode::AlphaKey);
    assert!(m.materials[11].flags.contains(MaterialFlags::UNLIT));
    assert_eq!(m.lights.len(), 10);
}

#[test]
fn modern_root_names_groups_textures_and_doodads_by_file_data_id() {
    let mut w = Wmo::parse_root(&root(true), "modern.wmo").unwrap();
    assert_eq!(w.group_ids, [7001, 7002]);
    assert_eq!(w.textures, [FileRef::FileDataId(5001), FileRef::FileDataId(5002)]);
    assert_eq!(w.doodads[0].model, Some(FileRef::FileDataId(6001)));
    w.add_group(0, &group(0), "7001").unwrap();
    w.add_group(1, &group(1), "7002").unwrap();
    let m = w.to_model("modern").unwrap();
    assert_eq!(m.textures[1].source, TextureSource::FileDataId(5002));
    // Group 1's batch names material 1 through the 16-bit id (MOBA flag 0x2).
    assert_eq!(m.lods[0].batches[1].material, 1);
    assert_eq!(m.materials[1].blend, BlendMode::AlphaKey);
    assert!(m.materials[1].flags.contains(MaterialFlags::TWO_SIDED));
}

#[test]
fn written_groups_read_back_as_written() {
    let mut w = Wmo::parse_root(&root(false), "box.wmo").unwrap();
    assert_eq!(w.textures, [FileRef::Path("WALL.BLP".into()), FileRef::Path("ROOF.BLP".into())]);
    assert_eq!(w.materials[1].textures[0], Some(1));
    assert_eq!(w.ambient, [0x20, 0x30, 0x40, 0xFF]);
    assert_eq!((w.groups[0].name.as_str(), w.groups[1].name.as_str()), ("hall", "roof"));
    assert_eq!(w.doodads_of_set(1), [0, 1, 2]);
    assert_eq!(w.portals[0].vertices.len(), 4);
    w.add_group(0, &group(0), "box_000.wmo").unwrap();
    let g = w.groups[0].geometry.as_ref().unwrap();
    assert_eq!((g.uvs.len(), g.colors.len(), g.collision_triangles), (2, 1, 1));
    assert_eq!(g.colors[0][1], [0x80, 0x40, 0x10, 0xFF], "MOCV b g r a read as r g b a");
    assert_eq!(g.batch_kinds, [0, 1, 0]);
    let m = w.to_model("box").unwrap();
    // Group 1 absent: only the box's 12 drawn triangles; its second UV set is uv[1].
    assert_eq!(m.lods[0].indices.len(), 36);
    assert_eq!(m.vertices[0].uv, [[0.0, 0.0], [1.0, 1.0]]);
}

#[test]
fn refusals_name_what_to_open() {
    let e = Wmo::parse_root(&group(0), "box_000.wmo").unwrap_err();
    assert!(e.to_string().contains("without MOHD"), "{e}");
    let mut alpha = chunk(b"MVER", &14u32.to_le_bytes());
    alpha.extend(chunk(b"MOMO", &[]));
    let e = Wmo::parse_root(&alpha, "alpha.wmo").unwrap_err();
    assert!(e.to_string().contains("version 14"), "{e}");
    // A batch past MOVI, a material past MOMT: the group is refused with the chunk named.
    let mut w = Wmo::parse_root(&root(false), "box.wmo").unwrap();
    w.materials.truncate(1);
    let e = w.add_group(1, &group(1), "box_001.wmo").unwrap_err();
    assert_eq!(e.to_string(), "box_001.wmo: MOBA[0]: offset 0x0 material 1 of 1 (MOMT)");
}

#[test]
fn truncated_and_mutated_files_are_errors_not_panics() {
    let files = [root(false), root(true), group(0), group(1)];
    for (k, f) in files.iter().enumerate() {
        for cut in 0..f.len() {
            let bytes = &f[..cut];
            let _ = Wmo::parse_root(bytes, "t.wmo");
            let mut w = Wmo::parse_root(&files[k % 2], "r.wmo").unwrap();
            let _ = w.add_group(k % 2, bytes, "g.wmo").map(|_| w.to_model("t").unwrap());
        }
    }
    // Byte flips of every file (deterministic xorshift): errors or models that validate.
    let mut x = 0x9E37_79B9u32;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    let mut refused = 0;
    for _ in 0..2000 {
        let k = next() as usize % files.len();
        let mut f = files[k].clone();
        for _ in 0..1 + next() % 4 {
            let at = next() as usize % f.len();
            f[at] = next() as u8;
        }
        let root_bytes = if k < 2 { f.clone() } else { root(false) };
        match Wmo::parse_root(&root_bytes, "m.wmo") {
            Ok(mut w) => {
                let gi = k.saturating_sub(2);
                let g = if k < 2 { group(0) } else { f };
                if w.add_group(gi, &g, "m_000.wmo").is_err() {
                    refused += 1;
                }
                w.to_model("m").unwrap();
            }
            Err(e) => {
                refused += 1;
                assert!(e.to_string().starts_with("m.wmo: "), "{e}");
            }
        }
    }
    assert!(refused > 100, "mutations should break some files: {refused}");
}

#[test]
fn roots_are_models_and_group_files_are_not() {
    assert!(m2view_format::is_model_name("World/wmo/Azeroth/Buildings/Inn/inn.wmo"));
    assert!(m2view_format::is_model_name("Stormwind_LOD.WMO"));
    assert!(!m2view_format::is_model_name("World/wmo/Azeroth/Buildings/Inn/inn_003.wmo"));
    assert!(m2view_format::is_model_name("a.M2") && m2view_format::is_model_name("b.mdx"));
    assert!(!m2view_format::is_model_name("a.blp") && !m2view_format::is_model_name("x_000.m2.blp"));
}
