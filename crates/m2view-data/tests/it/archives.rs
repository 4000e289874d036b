//! Real archives nobody here wrote (`../shared/samples`): Warcraft III maps
//! and a WoW 3.3.5 patch read through the VFS, and a game folder built in the
//! test from real files with `wow-mpq`'s writer. Decoded contents are checked
//! by magic and exact size, so zero-filled sectors cannot pass; hostile
//! archives give errors naming the archive, never a panic.

use std::path::{Path, PathBuf};

use m2view_data::{Files, Mpq, Source, Vfs, normalize};

fn samples() -> Option<PathBuf> {
    let dir = std::env::var_os("M2VIEW_SAMPLES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/samples"));
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(std::env::var_os("M2VIEW_REQUIRE_SAMPLES").is_none(), "samples required but {} is absent", dir.display());
    eprintln!("!!! sample corpus absent at {}: archive tests skipped", dir.display());
    None
}

fn jmpq(name: &str) -> Option<PathBuf> {
    Some(samples()?.join("inwc3_JMPQ3/src/test/resources/mpqs").join(name))
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-data-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn read(m: &Mpq, path: &str) -> Vec<u8> {
    m.read(&normalize(path)).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn warcraft3_maps_decode_every_file() {
    let Some(dir) = jmpq("") else { return };
    let map = Mpq::open(&dir.join("normalMap.w3x"), None).unwrap();
    // (listfile) is FIX_KEY-encrypted zlib: wow-mpq 0.7 garbles the plain tail of
    // its sectors (the Adler-32) and returns zeros; decoded here from its sectors.
    let tc = read(&map, "war3mapImported\\tcBox.mdx");
    assert_eq!((&tc[..4], tc.len()), (&b"MDLX"[..], 2636));
    let dummy = read(&map, "DUMMY.MDX");
    assert_eq!((&dummy[..4], dummy.len()), (&b"MDLX"[..], 35040));
    assert_eq!(&read(&map, "war3map.w3e")[..4], b"W3E!");
    let mut total = 0;
    for (name, files) in [("normalMap.w3x", 21), ("pkwareTest.w3x", 22), ("implodedTest.w3x", 26)] {
        let m = Mpq::open(&dir.join(name), None).unwrap();
        let list = m.list();
        assert_eq!(list.len(), files, "{name}");
        for e in &list {
            let b = read(&m, &e.path);
            assert_eq!(b.len() as u64, e.size, "{name} {}", e.path);
            if e.path.to_lowercase().ends_with(".mdx") {
                assert_eq!(&b[..4], b"MDLX", "{name} {}", e.path);
            }
            if e.path.to_lowercase().ends_with(".blp") {
                assert_eq!(&b[..4], b"BLP1", "{name} {}", e.path);
            }
            total += 1;
        }
    }
    assert_eq!(total, 69);
    // A Warcraft III map of blizzardry's fixtures (HM3W header, MPQ at 512).
    let sheep =
        Mpq::open(&samples().unwrap().join("wowserhq_blizzardry/spec/fixtures/TheDeathSheep.w3m"), None).unwrap();
    assert_eq!(&read(&sheep, "war3map.w3e")[..4], b"W3E!");
}

#[test]
fn a_map_without_listfile_lists_by_index_and_takes_external_names() {
    let Some(p) = jmpq("listfilelessMap.w3x") else { return };
    let m = Mpq::open(&p, None).unwrap();
    let list = m.list();
    assert_eq!(list.len(), 19);
    assert!(list.iter().all(|e| e.path.starts_with("(unnamed)/file_")), "{list:?}");
    assert_eq!(&read(&m, &list[0].path)[..4], b"W3E!");
    let names = m2view_data::Listfile::parse("war3map.w3e\nwar3map.j\n".into(), "names.txt");
    let m = Mpq::open(&p, Some(&names)).unwrap();
    assert_eq!(&read(&m, "war3map.w3e")[..4], b"W3E!");
    assert_eq!(&read(&m, "war3map.j")[..4], b"//==");
    assert_eq!(m.list().len(), 19, "named ones are not listed twice");
}

#[test]
fn a_protected_map_is_a_clear_error() {
    let Some(p) = jmpq("listfileTooLong.w3x") else { return };
    let e = Mpq::open(&p, None).err().expect("garbage header_size");
    let msg = e.to_string();
    assert!(msg.contains("listfileTooLong.w3x") && msg.contains("not a readable MPQ archive"), "{msg}");
}

#[test]
fn a_wotlk_custom_patch() {
    let Some(s) = samples() else { return };
    let m = Mpq::open(&s.join("grandatlant_DataMod/patch-Y.MPQ"), None).unwrap();
    // 631 names plus (listfile) and (attributes); every file decodes to its size
    // (empty .wav files included).
    let list = m.list();
    assert_eq!(list.len(), 633);
    for e in &list {
        assert_eq!(read(&m, &e.path).len() as u64, e.size, "{}", e.path);
    }
    assert!(list.iter().any(|e| e.size == 0));
    let ghost = read(&m, "creature/ghost/ghostskin.blp");
    assert_eq!(&ghost[..4], b"BLP2");
    let mut vfs = Vfs::new();
    vfs.add_spec(&s.join("grandatlant_DataMod/patch-Y.MPQ"), &Default::default()).unwrap();
    let (bytes, source) = vfs.read_file("Creature\\Ghost\\GhostSkinPurple.blp").unwrap().unwrap();
    assert_eq!(&bytes[..4], b"BLP2");
    assert!(source.ends_with("patch-Y.MPQ"));
}

#[test]
fn hostile_archives_are_errors_not_panics() {
    let Some(p) = jmpq("normalMap.w3x") else { return };
    let good = std::fs::read(&p).unwrap();
    let d = temp("hostile");
    let try_all = |bytes: &[u8], tag: &str| -> usize {
        let f = d.join(format!("{tag}.w3x"));
        std::fs::write(&f, bytes).unwrap();
        let Ok(m) = Mpq::open(&f, None) else { return 0 };
        m.list().iter().filter(|e| m.read(&normalize(&e.path)).is_ok()).count()
    };
    // Truncated anywhere: open fails or reads fail, never a panic.
    for cut in [0, 3, 16, 100, 512, 544, 600, 4000, 37388, 43300, good.len() - 300, good.len() - 1] {
        let ok = try_all(&good[..cut], &format!("cut{cut}"));
        assert!(ok < 21, "cut at {cut}: {ok} files read");
    }
    // Huge table counts in the header (hash table size at MPQ+24, block table size at MPQ+28).
    let mut big = good.clone();
    big[512 + 28..512 + 32].copy_from_slice(&0x0FFF_FFFFu32.to_le_bytes());
    let f = d.join("big.w3x");
    std::fs::write(&f, &big).unwrap();
    let msg = Mpq::open(&f, None).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.contains("big.w3x"), "{msg}");
    // A damaged sector of dummy.mdx (stored at 37388 + 512 of offset table):
    // an error naming archive and file, not zero-filled or wrong bytes.
    let mut bad = good.clone();
    for b in &mut bad[37388 + 600..37388 + 700] {
        *b ^= 0x5A;
    }
    let f = d.join("bad.w3x");
    std::fs::write(&f, &bad).unwrap();
    let m = Mpq::open(&f, None).unwrap();
    let e = m.read(&normalize("dummy.mdx")).unwrap_err().to_string();
    assert!(e.contains("bad.w3x") && e.contains("dummy.mdx"), "{e}");
    assert_eq!(read(&m, "war3mapImported\\tcBox.mdx").len(), 2636, "other files still read");
    std::fs::remove_dir_all(&d).unwrap();
}

fn build(path: &Path, files: &[(&str, Vec<u8>)]) {
    let mut b = wow_mpq::ArchiveBuilder::new().version(wow_mpq::FormatVersion::V2);
    for (name, bytes) in files {
        b = b.add_file_data(bytes.clone(), name);
    }
    b.build(path).unwrap();
}

#[test]
fn a_game_folder_in_client_order_where_the_patch_wins() {
    let Some(s) = samples() else { return };
    let hound = s.join("Koward_Improved_Models/Creature/CoreHound2");
    let file = |n: &str| std::fs::read(hound.join(n)).unwrap();
    let d = temp("game");
    std::fs::create_dir_all(d.join("Data/enUS")).unwrap();
    build(
        &d.join("Data/common.MPQ"),
        &[
            ("Creature\\CoreHound2\\Corehound2.m2", file("Corehound2.m2")),
            ("Creature\\CoreHound2\\CoreHoundMount1.blp", file("CoreHoundMount1.blp")),
            ("Creature\\CoreHound2\\CoreHoundMountGlow.blp", file("CoreHoundMountGlow.blp")),
        ],
    );
    // patch-2 replaces the hound's skin with its fel variant.
    build(
        &d.join("Data/patch-2.MPQ"),
        &[("Creature\\CoreHound2\\CoreHoundMount1.blp", file("corehoundmount1_fel.blp"))],
    );
    build(&d.join("Data/enUS/locale-enUS.MPQ"), &[("Interface\\Readme.txt", b"locale".to_vec())]);
    let mut vfs = Vfs::new();
    let chain = vfs.add_spec(&d, &Default::default()).unwrap().unwrap();
    assert_eq!((chain.locales, chain.locale), (vec!["enUS".to_string()], Some("enUS".to_string())));
    let names: Vec<&str> = vfs.sources().iter().map(|s| s.name().rsplit('/').next().unwrap()).collect();
    assert_eq!(names, ["patch-2.MPQ", "common.MPQ", "locale-enUS.MPQ"]);
    let (skin, from) = vfs.read_file("creature/corehound2/COREHOUNDMOUNT1.BLP").unwrap().unwrap();
    assert_eq!(skin, file("corehoundmount1_fel.blp"));
    assert!(from.ends_with("patch-2.MPQ"), "{from}");
    let (model, from) = vfs.read_file("Creature/CoreHound2/Corehound2.m2").unwrap().unwrap();
    assert_eq!((&model[..4], model.len()), (&b"MD20"[..], 1_368_688));
    assert!(from.ends_with("common.MPQ"));
    // One listing, de-duplicated, the patch's copy listed once with its source.
    let list = vfs.list();
    let skins: Vec<_> = list.iter().filter(|(e, _)| e.path.to_lowercase().ends_with("corehoundmount1.blp")).collect();
    assert_eq!(skins.len(), 1);
    assert!(skins[0].1.ends_with("patch-2.MPQ"));
    assert!(list.iter().any(|(e, _)| e.path == "Interface/Readme.txt"));
    // Loose files under Data/ override the archives only when asked (--loose).
    std::fs::create_dir_all(d.join("Data/Creature/CoreHound2")).unwrap();
    std::fs::write(d.join("Data/Creature/CoreHound2/CoreHoundMount1.blp"), b"loose").unwrap();
    let mut loose = Vfs::new();
    loose.add_spec(&d, &m2view_data::SpecOptions { loose: true, ..Default::default() }).unwrap();
    assert_eq!(loose.read_file("creature/corehound2/corehoundmount1.blp").unwrap().unwrap().0, b"loose");
    let mut plain = Vfs::new();
    plain.add_spec(&d, &Default::default()).unwrap();
    assert_eq!(
        plain.read_file("creature/corehound2/corehoundmount1.blp").unwrap().unwrap().0,
        file("corehoundmount1_fel.blp")
    );
    // A second locale folder: picked by name, the first by default.
    std::fs::create_dir_all(d.join("Data/deDE")).unwrap();
    build(&d.join("Data/deDE/locale-deDE.MPQ"), &[("Interface\\Readme.txt", b"deutsch".to_vec())]);
    let mut de = Vfs::new();
    let chain =
        de.add_spec(&d, &m2view_data::SpecOptions { locale: Some("deDE"), ..Default::default() }).unwrap().unwrap();
    assert_eq!(
        (chain.locales.clone(), chain.locale.clone()),
        (vec!["deDE".to_string(), "enUS".to_string()], Some("deDE".to_string()))
    );
    assert_eq!(de.read_file("Interface/Readme.txt").unwrap().unwrap().0, b"deutsch");
    // Files finds the stored spelling.
    assert_eq!(
        vfs.find(Path::new("creature\\corehound2\\corehound2.M2")),
        Some(PathBuf::from("Creature/CoreHound2/Corehound2.m2"))
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn an_archive_behind_a_user_data_header_opens() {
    // SC2Replay-style: `MPQ\x1B`, user data size, offset of the MPQ header, user data
    // header size, then the archive at that offset (wowdev/StormLib "MPQ" user data).
    let d = temp("userdata");
    let plain = d.join("plain.mpq");
    build(&plain, &[("Models\\Box.txt", b"inside".to_vec())]);
    let mut bytes = b"MPQ\x1b".to_vec();
    for v in [496u32, 512, 16] {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    bytes.resize(512, 0);
    bytes.extend(std::fs::read(&plain).unwrap());
    let wrapped = d.join("wrapped.SC2Replay");
    std::fs::write(&wrapped, bytes).unwrap();
    let m = Mpq::open(&wrapped, None).unwrap();
    assert_eq!(read(&m, "models/box.txt"), b"inside");
    std::fs::remove_dir_all(&d).unwrap();
}

/// Encrypts `data` in place with `key`, whole 32-bit words only (the 1–3
/// bytes after them stay plain), as the client's writer does (wowdev wiki "MPQ").
fn encrypt(data: &mut [u8], key: u32) {
    let whole = data.len() / 4 * 4;
    let mut words: Vec<u32> =
        data[..whole].chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    wow_mpq::encrypt_block(&mut words, key);
    for (c, w) in data[..whole].chunks_exact_mut(4).zip(words) {
        c.copy_from_slice(&w.to_le_bytes());
    }
}

/// Writes an MPQ v1 archive in the shape of a real 3.3.5 patch that
/// wow-mpq 0.7 could not read: sectors of `512 << shift` bytes, every sector
/// compressed with `method` (a type byte, then the stream) and every file
/// encrypted without FIX_KEY (block flags `0x80010200`): the sector offset
/// table with the file key − 1, sector i with key + i; hash and block
/// tables with their fixed keys (wowdev wiki "MPQ"). Returns the length of
/// every stored sector (the test needs some that are no multiple of 4).
fn write_encrypted_v1(path: &Path, files: &[(&str, Vec<u8>)], shift: u16, method: u8) -> Vec<usize> {
    use wow_mpq::{hash_string, hash_type};
    let sector = 512usize << shift;
    let mut out = vec![0u8; 32];
    let mut blocks: Vec<[u32; 4]> = Vec::new();
    let mut unit_lengths = Vec::new();
    for (name, bytes) in files {
        let plain = name.rsplit('\\').next().unwrap();
        let key = hash_string(plain, hash_type::FILE_KEY);
        let pos = out.len();
        let units: Vec<Vec<u8>> = bytes.chunks(sector).map(|c| wow_mpq::compress(c, method).unwrap()).collect();
        let mut offsets = vec![(units.len() as u32 + 1) * 4];
        for u in &units {
            offsets.push(offsets.last().unwrap() + u.len() as u32);
        }
        let mut table: Vec<u8> = offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
        encrypt(&mut table, key.wrapping_sub(1));
        out.extend(table);
        for (i, mut u) in units.into_iter().enumerate() {
            unit_lengths.push(u.len());
            encrypt(&mut u, key.wrapping_add(i as u32));
            out.extend(u);
        }
        blocks.push([pos as u32, (out.len() - pos) as u32, bytes.len() as u32, 0x8001_0200]);
    }
    let hash_size = (files.len() * 2).next_power_of_two().max(16);
    let mut hash = vec![[u32::MAX; 4]; hash_size];
    for (b, (name, _)) in files.iter().enumerate() {
        let mut i = hash_string(name, hash_type::TABLE_OFFSET) as usize % hash_size;
        while hash[i][3] != u32::MAX {
            i = (i + 1) % hash_size;
        }
        hash[i] = [hash_string(name, hash_type::NAME_A), hash_string(name, hash_type::NAME_B), 0, b as u32];
    }
    let mut table = |rows: &[[u32; 4]], key_name: &str| {
        let mut bytes: Vec<u8> = rows.iter().flatten().flat_map(|v| v.to_le_bytes()).collect();
        encrypt(&mut bytes, hash_string(key_name, hash_type::FILE_KEY));
        let pos = out.len() as u32;
        out.extend(bytes);
        pos
    };
    let hash_pos = table(&hash, "(hash table)");
    let block_pos = table(&blocks, "(block table)");
    let len = out.len() as u32;
    let header = [
        &b"MPQ\x1a"[..],
        &32u32.to_le_bytes(),
        &len.to_le_bytes(),
        &0u16.to_le_bytes(),
        &shift.to_le_bytes(),
        &hash_pos.to_le_bytes(),
        &block_pos.to_le_bytes(),
        &(hash_size as u32).to_le_bytes(),
        &(files.len() as u32).to_le_bytes(),
    ]
    .concat();
    out[..32].copy_from_slice(&header);
    std::fs::write(path, out).unwrap();
    unit_lengths
}

#[test]
fn a_bzip2_patch_encrypted_without_fix_key_reads() {
    // 4 KiB sectors (shift 3), bzip2 (0x10), encrypted without FIX_KEY: a 3.3.5 patch's shape.
    let d = temp("bzip2");
    let model: Vec<u8> = (0..10_000u32).flat_map(|i| (i * 7 % 251).to_le_bytes()).collect();
    let table = b"Creature\\Test\\Test.m2;Interface\\Glues\\Models\\Test.m2\r\n".repeat(20);
    let names = ["Creature\\Test\\Test.m2", "Interface\\Glues\\Models\\Test.txt", "(listfile)"];
    let listfile = names.join("\r\n").into_bytes();
    let files = [(names[0], model.clone()), (names[1], table.clone()), (names[2], listfile)];
    let p = d.join("patch-4.MPQ");
    let lengths = write_encrypted_v1(&p, &files, 3, 0x10);
    assert!(lengths.iter().any(|l| l % 4 != 0), "some sector ends in a partial word: {lengths:?}");
    let m = Mpq::open(&p, None).unwrap_or_else(|e| panic!("{e}"));
    let listed: Vec<String> = m.list().into_iter().map(|e| e.path).collect();
    assert!(listed.contains(&"Creature/Test/Test.m2".to_string()), "{listed:?}");
    assert_eq!(read(&m, "creature/test/test.m2"), model, "10 sectors of 4 KiB");
    assert_eq!(read(&m, "Interface\\Glues\\Models\\Test.txt"), table);
    // A damaged sector is an error naming archive, file and sector, never zeros.
    let mut bytes = std::fs::read(&p).unwrap();
    for b in &mut bytes[32 + 44 + 2000..32 + 44 + 2040] {
        *b ^= 0x5A;
    }
    let bad = d.join("bad.MPQ");
    std::fs::write(&bad, bytes).unwrap();
    let e = Mpq::open(&bad, None).unwrap().read(&normalize(names[0])).unwrap_err().to_string();
    assert!(e.contains("bad.MPQ") && e.contains("Creature/Test/Test.m2") && e.contains("sector "), "{e}");
    std::fs::remove_dir_all(&d).unwrap();
}
