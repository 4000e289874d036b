//! WMO world objects: the real `inn.wmo` (v17, 2 of its 11 group files
//! present) read against values checked by hand in its bytes, the
//! written 8.1+-style root (`GFID`, `MODI`, textures by FileDataID — no
//! such file is public; `m2view_format::fixtures::wmo` writes it in the
//! wowdev layout), and hostile input: truncated and mutated files give
//! errors naming chunk and offset, never a panic.

use m2view_format::adt::LiquidKind;
use m2view_format::fixtures::wmo::{alpha, chunk, group, root, with_liquid};
use m2view_format::wmo::{FileRef, Wmo};
use m2view_format::{BlendMode, LiquidSlot, MaterialFlags, SourceFormat, TextureId, TextureSource};

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
    assert_eq!((w.portals.len(), w.lights.len(), w.fogs.len()), (10, 10, 2));
    // MFOG[1]: infinite radius (flag 0x1), from a quarter of 83.33 yards, colour b g r a.
    let f = &w.fogs[1];
    assert_eq!((f.flags, f.fog.end, f.fog.start_scalar, f.fog.color), (1, 83.333336, 0.25, [158, 207, 253, 255]));
    assert_eq!((w.fogs[0].radii, w.fogs[0].fog.end), ([0.0, 3.3611112], 100.0));
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
    // No group read yet: no eye is inside the inn, and no fog is seen.
    assert!(w.fog_at(w.groups[3].bounds.0).is_none());
    w.add_group(0, &g0, "inn_000.wmo").unwrap();
    w.add_group(3, &g3, "inn_003.wmo").unwrap();
    // In the kitchen, the last fog that holds the eye: MFOG[1], everywhere inside; outside the
    // inn's bounds none.
    let (lo, hi) = w.groups[3].bounds;
    let mid = [0, 1, 2].map(|a| (lo[a] + hi[a]) / 2.0);
    assert_eq!(w.fog_at(mid), Some(&w.fogs[1]));
    assert!(w.fog_at([w.bounds.1[0] + 1.0, mid[1], mid[2]]).is_none());
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
fn a_groups_liquid_is_its_grid_of_wet_tiles_drawn_after_the_groups() {
    // MLIQ written in the wowdev layout (no public WMO here has one): 3 × 2 vertices at height
    // 0.5 from (−1, −1), tiles 0x00 (liquid) and 0x0F (none); group liquid 2 = magma.
    let mut w = Wmo::parse_root(&root(false), "box.wmo").unwrap();
    w.add_group(0, &with_liquid(&group(0), 2), "box_000.wmo").unwrap();
    let l = w.groups[0].geometry.as_ref().unwrap().liquid.clone().unwrap();
    assert_eq!((l.liquid_type, l.kind, l.tiles, l.vertices), (19, LiquidKind::Magma, [2, 1], [3, 2]));
    assert_eq!(l.cells, [true, false]);
    let u = m2view_format::adt::UNIT_SIZE;
    assert_eq!(l.position(2, 1), [-1.0 + 2.0 * u, -1.0 + u, 0.5]);
    let plain = {
        let mut p = Wmo::parse_root(&root(false), "box.wmo").unwrap();
        p.add_group(0, &group(0), "box_000.wmo").unwrap();
        p.to_model("plain").unwrap()
    };
    let m = w.to_model("box").unwrap();
    // The wet tile: its grid's 6 vertices, 2 triangles, one batch of the liquid material (after
    // MOMT's two) after the groups, in its liquid type's colour (magma's until the tables
    // dress it) sampling its texture slot, the one after the WMO's two textures.
    assert_eq!(m.vertices.len() - plain.vertices.len(), 6);
    assert_eq!(m.lods[0].indices.len() - plain.lods[0].indices.len(), 6);
    let b = m.lods[0].batches.last().unwrap();
    assert_eq!((b.material, b.color, b.priority_plane), (2, Some(0), 1));
    assert_eq!(m.lods[0].submeshes[b.submesh as usize].geoset_id, 0, "the group's geoset");
    assert_eq!((m.materials.len(), m.colors.len(), plain.materials.len(), plain.colors.len()), (3, 1, 2, 0));
    assert_eq!(m.materials[2].blend, BlendMode::Alpha);
    let slot = LiquidSlot { liquid_type: 19, kind: LiquidKind::Magma, texture: TextureId(2), color: 0 };
    assert_eq!(m.liquids, [slot]);
    assert_eq!((m.textures.len(), &m.textures[2].source), (3, &TextureSource::Replaceable));
    assert_eq!(b.textures.iter().map(|t| t.texture).collect::<Vec<_>>(), [Some(TextureId(2))]);
    assert_eq!(m.colors[0].color.sequences[0].values, [[0.95, 0.35, 0.05]]);
    let corners: Vec<[f32; 3]> = m.vertices[plain.vertices.len()..].iter().map(|v| v.position).collect();
    assert_eq!(corners[4], l.position(1, 1));
    // The texture repeats once per map chunk (33⅓ yards): UV = position / 33⅓.
    let uv = m.vertices[plain.vertices.len() + 4].uv[0];
    let chunk = m2view_format::adt::CHUNK_SIZE;
    assert!((uv[0] - corners[4][0] / chunk).abs() < 1e-6 && (uv[1] - corners[4][1] / chunk).abs() < 1e-6);
}

#[test]
fn a_liquid_type_is_resolved_as_the_client_resolves_it() {
    use m2view_format::wmo::liquid_type;
    // Without MOHD flag 0x4: the basic type n (0 water, 1 ocean, 2 magma, 3 slime) → WMO Water 13,
    // Ocean 14, Magma 19, Slime 20; water is ocean with MOGP flag 0x80000; from 20, n + 1.
    assert_eq!([0, 1, 2, 3].map(|n| liquid_type(0, 0, n, &[])), [13, 14, 19, 20]);
    assert_eq!(liquid_type(0, 0x80000, 0, &[]), 14);
    assert_eq!(liquid_type(0, 0, 41, &[]), 42);
    // Green Lava (15) defers to the tiles: the first wet tile's low nibble (0x0F: none).
    assert_eq!(liquid_type(0, 0, 15, &[0x0F, 0x42]), 19);
    // With flag 0x4: n below 21 is the basic type n − 1; others are table ids as they are.
    assert_eq!([1, 2, 3, 4].map(|n| liquid_type(0x4, 0, n, &[])), [13, 14, 19, 20]);
    assert_eq!(liquid_type(0x4, 0, 181, &[]), 181);
}

#[test]
fn a_liquid_past_its_chunk_or_its_grid_is_refused_naming_mliq() {
    let good = with_liquid(&group(0), 2);
    // Tiles: 2 × 1 at bytes 8..16 of MLIQ's payload; make them 3 × 1 (as many as the columns of vertices).
    let at = good.windows(4).position(|w| w == b"QILM").unwrap() + 8;
    let mut bad = good.clone();
    bad[at + 8] = 3;
    let mut w = Wmo::parse_root(&root(false), "box.wmo").unwrap();
    let e = w.add_group(0, &bad, "box_000.wmo").unwrap_err().to_string();
    assert!(e.starts_with("box_000.wmo: MLIQ") && e.contains("3 × 1 tiles on a grid of 3 × 2 vertices"), "{e}");
    // 100 × 100 vertices in a chunk of 80 bytes: past the chunk, at its heights.
    let mut big = good.clone();
    big[at..at + 8].copy_from_slice(&[100, 0, 0, 0, 100, 0, 0, 0]);
    let e = w.add_group(0, &big, "box_000.wmo").unwrap_err().to_string();
    assert!(e.starts_with("box_000.wmo: MLIQ"), "{e}");
    assert!(w.groups[0].geometry.is_none());
}

#[test]
fn an_alpha_wmo_is_one_file_that_draws_as_its_later_form() {
    // Version 14 written in the wowdev layout (no public v14 file is in the corpus): the same
    // root and groups as the v17 fixture, the groups inside the file, every triangle with its
    // own vertices.
    let w = Wmo::parse_root(&alpha(), "box_alpha.wmo").unwrap();
    assert!(w.warnings.is_empty(), "{:?}", w.warnings);
    assert_eq!(w.version, 14);
    let mut later = Wmo::parse_root(&root(false), "box.wmo").unwrap();
    later.add_group(0, &group(0), "box_000.wmo").unwrap();
    later.add_group(1, &group(1), "box_001.wmo").unwrap();
    // The root: textures, materials (MOMT of 44 bytes), groups (MOGI of 40), the light (MOLT of
    // 32), portals, doodads as in v17; the bounds are the groups' (MOHD has none in v14).
    assert_eq!(w.textures, later.textures);
    assert_eq!(w.materials, later.materials);
    assert_eq!(w.lights, later.lights);
    assert_eq!((w.portals.clone(), w.portal_refs.clone()), (later.portals.clone(), later.portal_refs.clone()));
    assert_eq!((w.doodad_sets.clone(), w.doodads.clone()), (later.doodad_sets.clone(), later.doodads.clone()));
    assert_eq!(w.bounds, ([-1.0, -1.0, 0.0], [1.0, 1.0, 2.5]));
    assert_eq!((w.groups[0].name.as_str(), w.groups[1].name.as_str()), ("hall", "roof"));
    // The groups: the box's 12 drawn triangles (36 vertices of their own, MOIN in order), the
    // 13th collision only (MOPY material 0xFF in byte 2); the roof's batch names material 1 in
    // byte 1 of its MOBA.
    let g = w.groups[0].geometry.as_ref().unwrap();
    assert_eq!((g.positions.len(), g.indices.len(), g.collision_triangles), (39, 39, 1));
    assert_eq!((g.batches[0].start_index, g.batches[0].count, g.portal_refs.clone()), (0, 36, 0..1));
    assert_eq!(w.groups[1].geometry.as_ref().unwrap().batches[0].material, 1);
    // Drawn, the two are the same triangles with the same materials.
    let (m, l) = (w.to_model("alpha").unwrap(), later.to_model("later").unwrap());
    let tris = |m: &m2view_format::Model| -> Vec<([[f32; 3]; 3], u16)> {
        let lod = &m.lods[0];
        let mut out: Vec<_> = lod
            .batches
            .iter()
            .flat_map(|b| {
                let s = &lod.submeshes[b.submesh as usize];
                let range = s.index_start as usize..(s.index_start + s.index_count) as usize;
                let corner = |i: u32| m.vertices[i as usize].position;
                lod.indices[range].chunks(3).map(move |t| ([corner(t[0]), corner(t[1]), corner(t[2])], b.material))
            })
            .collect();
        out.sort_by(|a, b| a.partial_cmp(b).unwrap());
        out
    };
    assert_eq!(tris(&m), tris(&l));
    assert_eq!(m.source.expansion, "WMO v14 (0.5.x alpha, one file)");
}

#[test]
fn refusals_name_what_to_open() {
    let e = Wmo::parse_root(&group(0), "box_000.wmo").unwrap_err();
    assert!(e.to_string().contains("without MOHD"), "{e}");
    // A v14 file with an empty MOMO: no MOHD in it.
    let mut alpha = chunk(b"MVER", &14u32.to_le_bytes());
    alpha.extend(chunk(b"MOMO", &[]));
    let e = Wmo::parse_root(&alpha, "alpha.wmo").unwrap_err();
    assert!(e.to_string().contains("without MOHD"), "{e}");
    // A batch past MOVI, a material past MOMT: the group is refused with the chunk named.
    let mut w = Wmo::parse_root(&root(false), "box.wmo").unwrap();
    w.materials.truncate(1);
    let e = w.add_group(1, &group(1), "box_001.wmo").unwrap_err();
    assert_eq!(e.to_string(), "box_001.wmo: MOBA[0]: offset 0x0 material 1 of 1 (MOMT)");
}

#[test]
fn truncated_and_mutated_files_are_errors_not_panics() {
    let files = [root(false), root(true), group(0), group(1), with_liquid(&group(0), 2), alpha()];
    for (k, f) in files.iter().enumerate() {
        for cut in 0..f.len() {
            let bytes = &f[..cut];
            if let Ok(w) = Wmo::parse_root(bytes, "t.wmo") {
                w.to_model("t").unwrap();
            }
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
        // Roots (the alpha's holds its groups), else a group file added to the plain root.
        let is_root = matches!(k, 0 | 1 | 5);
        let root_bytes = if is_root { f.clone() } else { root(false) };
        match Wmo::parse_root(&root_bytes, "m.wmo") {
            Ok(mut w) => {
                let gi = [0, 0, 0, 1, 0, 0][k];
                let g = if is_root { group(0) } else { f };
                if k != 5 && w.add_group(gi, &g, "m_000.wmo").is_err() {
                    refused += 1;
                }
                refused += w.warnings.iter().filter(|w| w.contains(" not drawn: ")).count();
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
