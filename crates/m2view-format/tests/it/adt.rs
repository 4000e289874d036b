//! ADT map tiles: the real 3.x tiles of the corpus (`continent4229.adt`,
//! `pvpzone3430.adt`) read against values checked by hand in their bytes,
//! the terrain built seamless, and truncated or mutated tiles refused with
//! errors naming chunk and offset, never a panic.

use m2view_format::adt::{Adt, CHUNK_SIZE, FileRef, LiquidKind, TileFile, placement_position};
use m2view_format::{SourceFormat, TextureSource};

fn tile(name: &str) -> Option<Vec<u8>> {
    let dir = m2view_format::fixtures::samples_dir()?.join("wowserhq_format/fixture/map");
    Some(std::fs::read(dir.join(name)).unwrap())
}

#[test]
fn real_tile_chunks_textures_and_placements() {
    let Some(bytes) = tile("continent4229.adt") else { return };
    let a = Adt::parse(&bytes, "continent4229.adt").unwrap();
    assert_eq!((a.version, a.chunks.len(), a.textures.len()), (18, 256, 16));
    assert_eq!(a.textures[0], FileRef::Path("Tileset\\PlagueLandsEast\\EastPlaguedBaseDirt.blp".into()));
    // MCNK 0: index (0, 0), position (1600, −5333.33, 73.61): tile 42_29 is 32 − y/533.33, 32 − x/533.33.
    let c = &a.chunks[0];
    assert_eq!(c.index, [0, 0]);
    assert_eq!(c.position, [1600.0, -5333.334, 73.611_11]);
    assert_eq!((c.layers.len(), c.layers[1].texture, c.layers[1].flags), (3, 6, 256));
    assert_eq!(c.normals[0], [0.0, 0.0, 1.0]);
    let mut layers = [0; 5];
    a.chunks.iter().for_each(|c| layers[c.layers.len()] += 1);
    assert_eq!(layers, [0, 25, 47, 116, 68]);
    assert_eq!(a.liquids.len(), 9, "MH2O instances");
    // MDDF: 381 models (13,716 bytes / 36), the second scaled 613/1024; MODF: 19 WMOs.
    assert_eq!((a.doodads.len(), a.objects.len()), (381, 19));
    assert_eq!(a.doodads[1].scale, 613.0 / 1024.0);
    assert_eq!(
        a.objects[0].wmo,
        Some(FileRef::Path("WORLD\\WMO\\AZEROTH\\BUILDINGS\\REDRIDGE_BARRACKS\\REDRIDGE_BARRACKS.WMO".into()))
    );
    assert_eq!((a.objects[0].doodad_set, a.objects[0].rotation[1]), (2, -205.5));
    // Placement space → world: the first model stands on this tile's ground (x 1066–1600 give or take).
    let p = placement_position(a.doodads[0].position);
    assert!((p[0] - 1610.54).abs() < 0.01 && (p[1] + 5357.08).abs() < 0.01 && (p[2] - 74.72).abs() < 0.01, "{p:?}");
    // The terrain: 145 vertices per chunk; 4 triangles per quad but the holes' (2 bits of 2×2 quads).
    let m = a.to_model("continent4229").unwrap();
    assert_eq!(m.source.format, SourceFormat::Adt);
    // Then the ocean: 498 corners of its 9 rectangles, two triangles for each of its 330 cells.
    assert_eq!(m.vertices.len(), 256 * 145 + 498);
    assert_eq!(m.lods[0].indices.len() / 3, 256 * 256 - 2 * 4 * 4 + 2 * 330);
    assert_eq!(m.textures[0].source, TextureSource::Path(a.textures[0].to_string()));
    // Seamless: chunk 0's last outer row is chunk 16's first (the chunk below), its last column
    // chunk 1's first — positions and heights alike.
    let v = |chunk: usize, k: usize| m.vertices[chunk * 145 + k].position;
    // Within 2 thousandths of a yard: chunk positions are stored rounded.
    let same = |a: [f32; 3], b: [f32; 3]| (0..3).all(|k| (a[k] - b[k]).abs() < 2e-3);
    for i in 0..9 {
        assert!(same(v(0, 8 * 17 + i), v(16, i)), "row vertex {i}: {:?} {:?}", v(0, 8 * 17 + i), v(16, i));
        assert!(same(v(0, i * 17 + 8), v(1, i * 17)), "column vertex {i}: {:?} {:?}", v(0, i * 17 + 8), v(1, i * 17));
    }
    assert!((v(0, 0)[0] - v(0, 8 * 17)[0] - CHUNK_SIZE).abs() < 1e-3);
}

#[test]
fn mh2o_ocean_lies_where_the_terrain_is_below_sea_level() {
    let Some(bytes) = tile("continent4229.adt") else { return };
    let a = Adt::parse(&bytes, "continent4229.adt").unwrap();
    // 9 instances of LiquidType 2 (ocean), depth-only vertex format: flat at height 0.
    let chunks: Vec<usize> = a.liquids.iter().map(|l| l.chunk).collect();
    assert_eq!(chunks, [237, 238, 239, 250, 251, 252, 253, 254, 255]);
    assert!(a.liquids.iter().all(|l| l.liquid_type == 2 && l.kind == LiquidKind::Ocean));
    assert!(a.liquids.iter().all(|l| l.heights.iter().all(|&h| h == 0.0)));
    // Chunk 237's rectangle: 5 × 2 cells from column 3, row 6, its "exists" bitmap f8 ff.
    let l = &a.liquids[0];
    assert_eq!((l.origin, l.size, l.heights.len()), ([3, 6], [5, 2], 18));
    let bits: String = l.cells.iter().map(|&c| if c { '1' } else { '0' }).collect();
    assert_eq!(bits, "0001111111");
    // Columns and rows the right way round: every cell the sea leaves out has its terrain
    // (the chunk's inner vertex in that cell) above sea level; of the 330 it fills, 299 are below.
    let (mut filled, mut below, mut left_out) = (0, 0, 0);
    for l in &a.liquids {
        let ch = &a.chunks[l.chunk];
        for (k, &on) in l.cells.iter().enumerate() {
            let (c, r) = (l.origin[0] as usize + k % l.size[0] as usize, l.origin[1] as usize + k / l.size[0] as usize);
            let ground = ch.position[2] + ch.heights[r * 17 + 9 + c];
            if on {
                filled += 1;
                below += (ground < 0.0) as usize;
            } else {
                left_out += 1;
                assert!(ground > 0.0, "chunk {} cell ({c}, {r}) left out at {ground}", l.chunk);
            }
        }
    }
    assert_eq!((filled, below, left_out), (330, 299, 46));
    // Drawn: one liquid type, so one texture slot (after the tile's textures and its alpha and
    // shade atlases) and one colour; UVs are world x, y × 0.06 (WebWowViewerCpp).
    let m = a.to_model("continent4229").unwrap();
    assert_eq!(m.liquids.len(), 1);
    let s = m.liquids[0];
    assert_eq!((s.liquid_type, s.kind, s.color, s.texture.index()), (2, LiquidKind::Ocean, 0, m.textures.len() - 1));
    assert_eq!(m.colors.len(), 1);
    let wet = m.lods[0].batches.iter().filter(|b| b.textures.first().and_then(|t| t.texture) == Some(s.texture));
    assert_eq!(wet.count(), 9, "one batch per MH2O instance");
    let v = m.vertices.last().unwrap();
    assert_eq!(v.uv[0], [v.position[0] * 0.06, v.position[1] * 0.06]);
}

#[test]
fn mclq_liquids_of_a_tile_before_wrath() {
    let Some(bytes) = tile("pvpzone3430.adt") else { return };
    let a = Adt::parse(&bytes, "pvpzone3430.adt").unwrap();
    // The 16 chunks of the tile's east column (flag 0x8, ocean) each fill their last column of
    // cells (tile bytes 0xC1; the others 0x0F, no liquid), 9 × 9 heights all 0.
    assert_eq!(a.liquids.len(), 16);
    for l in &a.liquids {
        assert_eq!(a.chunks[l.chunk].index[0], 15);
        assert_eq!(
            (l.kind, l.liquid_type, l.origin, l.size, l.heights.len()),
            (LiquidKind::Ocean, 2, [0, 0], [8, 8], 81)
        );
        assert!(l.cells.iter().enumerate().all(|(k, &c)| c == (k % 8 == 7)), "{:?}", l.cells);
    }
}

#[test]
fn a_tile_without_placements_reads() {
    let Some(bytes) = tile("pvpzone3430.adt") else { return };
    let a = Adt::parse(&bytes, "pvpzone3430.adt").unwrap();
    assert_eq!((a.chunks.len(), a.doodads.len(), a.objects.len()), (256, 0, 0));
    assert!(a.chunk_tags.contains(&"MFBO".to_string()));
    assert_eq!(a.chunks[255].layers.len(), 0);
    a.to_model("pvpzone3430").unwrap();
}

#[test]
fn truncated_and_mutated_tiles_are_errors_not_panics() {
    let Some(bytes) = tile("continent4229.adt") else { return };
    let mut x = 0x2545_F491u32;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    let mut refused = 0;
    for k in 0..300 {
        let mut f = bytes.clone();
        if k % 2 == 0 {
            f.truncate(next() as usize % bytes.len());
        } else {
            for _ in 0..1 + next() % 8 {
                // Mostly headers and offsets: the first 40 KiB hold the tables and first chunks.
                let at = next() as usize % if k % 4 == 1 { 40_000 } else { f.len() };
                f[at] = next() as u8;
            }
        }
        match Adt::parse(&f, "t.adt") {
            // The model of every third (its alpha atlases make it the slow part).
            Ok(a) if k % 3 == 0 => {
                a.to_model("t").unwrap();
            }
            Ok(_) => {}
            Err(e) => {
                refused += 1;
                assert!(e.to_string().starts_with("t.adt: "), "{e}");
            }
        }
    }
    assert!(refused > 125, "{refused} of 300 refused");
}

#[test]
fn broken_liquids_are_warnings_and_the_terrain_still_reads() {
    let Some(bytes) = tile("continent4229.adt") else { return };
    // The MH2O data: found by its byte-reversed tag.
    let at = bytes.windows(4).position(|w| w == b"O2HM").unwrap() + 8;
    let header = |f: &mut Vec<u8>, chunk: usize, field: usize, v: u32| {
        let o = at + chunk * 12 + field * 4;
        f[o..o + 4].copy_from_slice(&v.to_le_bytes());
    };
    // Chunk 237's layer count made 4 billion: the instances run out of the chunk.
    let mut f = bytes.clone();
    header(&mut f, 237, 1, u32::MAX);
    let a = Adt::parse(&f, "t.adt").unwrap();
    assert_eq!((a.chunks.len(), a.liquids.len()), (256, 0));
    assert!(a.warnings.iter().any(|w| w.contains("MH2O") && w.contains("chunk[237]")), "{:?}", a.warnings);
    // Every chunk pointing at the 81-corner instance of chunk 255 with 100 layers: the
    // allocation budget (a multiple of the file's size) stops it, the terrain reads.
    let mut f = bytes.clone();
    let first = u32::from_le_bytes(f[at + 255 * 12..at + 255 * 12 + 4].try_into().unwrap());
    for c in 0..256 {
        header(&mut f, c, 0, first);
        header(&mut f, c, 1, 100);
    }
    let a = Adt::parse(&f, "t.adt").unwrap();
    assert_eq!(a.chunks.len(), 256);
    assert!(a.liquids.len() < 256 * 100, "{} liquids", a.liquids.len());
    assert!(!a.warnings.is_empty());
    // An instance wider than its chunk.
    let mut f = bytes.clone();
    let inst = at + u32::from_le_bytes(f[at + 237 * 12..at + 237 * 12 + 4].try_into().unwrap()) as usize;
    f[inst + 14] = 9;
    let a = Adt::parse(&f, "t.adt").unwrap();
    assert!(a.warnings.iter().any(|w| w.contains("outside the chunk's 8×8")), "{:?}", a.warnings);
    a.to_model("t").unwrap();
}

#[test]
fn the_maps_wdt_lists_its_tiles_and_says_how_alpha_maps_are_stored() {
    let dir = match m2view_format::fixtures::samples_dir() {
        Some(d) => d.join("wowserhq_format/fixture/map"),
        None => return,
    };
    // continent.wdt: 687 tiles, flags 0 (4-bit alpha maps), tile 42_29 among them.
    let w =
        m2view_format::adt::Wdt::parse(&std::fs::read(dir.join("continent.wdt")).unwrap(), "continent.wdt").unwrap();
    assert_eq!((w.version, w.flags, w.tiles.len(), w.big_alpha()), (18, 0, 687, false));
    assert!(w.tiles.contains(&[42, 29]));
    let p = m2view_format::adt::Wdt::parse(&std::fs::read(dir.join("pvpzone.wdt")).unwrap(), "pvpzone.wdt").unwrap();
    assert_eq!(p.tiles.len(), 35);
    assert!(p.tiles.contains(&[34, 30]));
    // Read as the WDT says (4-bit), the tile's alpha maps are what their room in MCAL says.
    let bytes = tile("continent4229.adt").unwrap();
    let by_room = Adt::parse(&bytes, "continent4229.adt").unwrap();
    let by_wdt = Adt::parse_with(&bytes, "continent4229.adt", Some(w.big_alpha())).unwrap();
    let maps = |a: &Adt| a.chunks.iter().map(|c| c.alpha.clone()).collect::<Vec<_>>();
    assert_eq!(maps(&by_room), maps(&by_wdt));
    // A WDT cut short names its chunk; beside a tile, the tile still opens and says so.
    let cut = &std::fs::read(dir.join("continent.wdt")).unwrap()[..1000];
    let e = m2view_format::adt::Wdt::parse(cut, "continent.wdt").unwrap_err().to_string();
    assert!(e.contains("continent.wdt") && e.contains("runs past the end"), "{e}");
    let tmp = std::env::temp_dir().join(format!("m2view-wdt-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::write(tmp.join("continent4229.adt"), &bytes).unwrap();
    std::fs::write(tmp.join("continent.wdt"), cut).unwrap();
    let opts = m2view_format::LoadOptions::default();
    let lm = m2view_format::load_model_file(&tmp.join("continent4229.adt"), &opts).unwrap();
    assert!(lm.wdt.is_none());
    assert!(
        lm.model.warnings.iter().any(|w| w.contains("alpha maps are read by their size")),
        "{:?}",
        lm.model.warnings
    );
    std::fs::remove_dir_all(&tmp).unwrap();
}

#[test]
fn a_split_tile_reads_as_the_monolithic_tile_it_was_split_from() {
    // No 4.0+ tile is public: the real 3.x tile split as 4.0+ clients store it
    // (`fixtures::adt::split`, wowdev wiki "ADT/v18" split files), sub-chunks walked.
    let Some(bytes) = tile("continent4229.adt") else { return };
    let whole = Adt::parse(&bytes, "continent4229.adt").unwrap();
    let (root, tex, obj) = m2view_format::fixtures::adt::split(&bytes);
    let file = |bytes: &'static [u8], name: &'static str| TileFile { bytes, name };
    let (root, tex, obj): (&'static [u8], &'static [u8], &'static [u8]) = (root.leak(), tex.leak(), obj.leak());
    let split = Adt::parse_split(
        file(root, "Map_42_29.adt"),
        Some(file(tex, "Map_42_29_tex0.adt")),
        Some(file(obj, "Map_42_29_obj0.adt")),
        None,
    )
    .unwrap();
    assert_eq!(split.split_files, ["Map_42_29_tex0.adt", "Map_42_29_obj0.adt"]);
    assert!(split.warnings.is_empty(), "{:?}", split.warnings);
    // Every chunk alike: heights, normals, holes, layers, alpha and shadow maps, references.
    assert_eq!(split.chunks.len(), 256);
    for (i, (a, b)) in whole.chunks.iter().zip(&split.chunks).enumerate() {
        assert_eq!(a, b, "chunk {i}");
    }
    assert_eq!(
        (split.textures, split.doodads, split.objects),
        (whole.textures.clone(), whole.doodads.clone(), whole.objects.clone())
    );
    assert_eq!(split.liquids, whole.liquids);
    let (m, w) = (split_model(root, tex, obj), whole.to_model("t").unwrap());
    assert_eq!((m.vertices, m.lods[0].batches.len()), (w.vertices, w.lods[0].batches.len()));
    // The root alone (no MTEX: a split root): terrain without layers (untextured), no placements, warned.
    let bare = Adt::parse(root, "Map_42_29.adt").unwrap();
    assert_eq!((bare.chunks.len(), bare.textures.len(), bare.doodads.len()), (256, 0, 0));
    assert!(bare.chunks.iter().all(|c| c.layers.is_empty()));
    assert_eq!(
        bare.chunks.iter().map(|c| &c.heights).collect::<Vec<_>>(),
        whole.chunks.iter().map(|c| &c.heights).collect::<Vec<_>>()
    );
    assert!(bare.warnings.iter().any(|w| w.contains("without its _tex0")), "{:?}", bare.warnings);
    // A _tex0 whose layer names a texture past its MTEX: an error naming that file.
    let mut bad = tex.to_vec();
    let mcly = bad.windows(4).position(|w| w == b"YLCM").unwrap() + 8;
    bad[mcly + 16..mcly + 20].copy_from_slice(&99u32.to_le_bytes());
    let e = Adt::parse_split(file(root, "r.adt"), Some(TileFile { bytes: &bad, name: "r_tex0.adt" }), None, None)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("r_tex0.adt: ") && e.contains("texture 99 of 16"), "{e}");
}

fn split_model(root: &[u8], tex: &[u8], obj: &[u8]) -> m2view_format::Model {
    let f = |bytes, name| TileFile { bytes, name };
    Adt::parse_split(f(root, "r.adt"), Some(f(tex, "r_tex0.adt")), Some(f(obj, "r_obj0.adt")), None)
        .unwrap()
        .to_model("t")
        .unwrap()
}

#[test]
fn shadow_maps_of_the_real_tile_darken_its_terrain() {
    let Some(bytes) = tile("continent4229.adt") else { return };
    let a = Adt::parse(&bytes, "continent4229.adt").unwrap();
    // Every chunk has flag 0x1 and a 512-byte MCSH.
    let shadowed: usize =
        a.chunks.iter().map(|c| c.shadow.as_ref().unwrap().iter().filter(|&&v| v == 255).count()).sum();
    assert_eq!(a.chunks.iter().filter(|c| c.shadow.is_some()).count(), 256);
    assert_eq!(shadowed, SHADOWED_TEXELS);
    // A shadowed texel's light is halved, a lit one's kept; the shading pass is Mod2x over every layer.
    let c = a.chunks.iter().find(|c| c.shadow.as_ref().unwrap().contains(&255)).unwrap();
    let s = c.shadow.as_ref().unwrap();
    let k = s.iter().position(|&v| v == 255).unwrap();
    let at = |k: usize| ((k % 64) as f32 * 8.0 / 63.0, (k / 64) as f32 * 8.0 / 63.0);
    let (x, y) = at(k);
    assert_eq!(c.shade(x, y), Some([0.5; 3]));
    let lit = s.iter().position(|&v| v == 0).unwrap();
    let (x, y) = at(lit);
    assert_eq!(c.shade(x, y), Some([1.0; 3]));
    let m = a.to_model("t").unwrap();
    let shade: Vec<_> =
        m.lods[0].batches.iter().filter(|b| b.material_layer == m2view_format::adt::SHADE_LAYER).collect();
    assert_eq!(shade.len(), 256);
    assert_eq!(m.materials[shade[0].material as usize].blend, m2view_format::BlendMode::Mod2x);
}

/// Texels in shadow on continent4229: the set bits of its 256 `MCSH` maps, counted from the file's bytes
/// by a separate script (12.0 % of 1,048,576).
const SHADOWED_TEXELS: usize = 125_629;

#[test]
fn vertex_colours_multiply_the_terrain_by_twice_their_value() {
    // No public 3.x tile has MCCV: the real tile with it written into chunk 0 (flag 0x40, header word 29).
    let Some(bytes) = tile("continent4229.adt") else { return };
    let mut colors = [[0x7F, 0x7F, 0x7F, 0xFF]; 145];
    colors[0] = [0x00, 0x00, 0xFF, 0xFF]; // b g r a: red doubled at the chunk's first corner
    colors[9] = [0xFF, 0x7F, 0x00, 0xFF]; // the first inner vertex: blue doubled, no red
    let f = m2view_format::fixtures::adt::with_vertex_colors(&bytes, 0, &colors);
    let a = Adt::parse(&f, "t.adt").unwrap();
    assert!(a.warnings.is_empty(), "{:?}", a.warnings);
    let c = &a.chunks[0];
    assert_eq!(c.vertex_colors.as_ref().unwrap()[0], [0xFF, 0x00, 0x00, 0xFF]);
    assert!(a.chunks[1..].iter().all(|c| c.vertex_colors.is_none()));
    // Without its shadow map, so the colours alone show: at the corner (2, 0, 0); at the inner vertex
    // (0, 0.996, 2); half-way between the corner and the next (0.5, 0) the mean of the two.
    let mut c = c.clone();
    c.shadow = None;
    let close = |a: [f32; 3], b: [f32; 3]| (0..3).all(|k| (a[k] - b[k]).abs() < 1e-3);
    assert!(close(c.shade(0.0, 0.0).unwrap(), [2.0, 0.0, 0.0]));
    assert!(close(c.shade(0.5, 0.5).unwrap(), [0.0, 254.0 / 255.0, 2.0]));
    let grey = 254.0 / 255.0;
    assert!(close(c.shade(0.5, 0.0).unwrap(), [(2.0 + grey) / 2.0, grey / 2.0, grey / 2.0]));
    // Its shading pass reads the atlas texel of the corner: half the factor, red 255.
    let atlas = a.shade_atlas().unwrap();
    // Chunk 0's first shadow bit is set: (2, 0, 0) × (1 − 0.5) = (1, 0, 0), stored halved: 127.5 → 128.
    assert_eq!(&atlas.pixels[..4], &[128, 0, 0, 255]);
}
