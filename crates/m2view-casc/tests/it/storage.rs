//! A storage written by this project in the real on-disk layout
//! (`m2view_casc::fixtures`: no complete local storage is public), opened
//! as a user would: every root layout, every BLTE mode, encryption with and
//! without the key, products, locales, and damaged files.

use std::path::Path;
use std::sync::Arc;

use m2view_casc::fixtures::{self, File, Mode, Product};
use m2view_casc::root::Layout;
use m2view_casc::{KeyRing, OpenOptions, Storage};

const KEY_NAME: u64 = 0xFA50_5078_126A_CB3E;
const KEY: [u8; 16] = [0xBD, 0xC5, 0x18, 0x62, 0xAB, 0xED, 0x79, 0xB2, 0xDE, 0x48, 0xC8, 0xE7, 0xE6, 0x6C, 0x62, 0x00];

fn content(n: usize, seed: u8) -> Vec<u8> {
    (0..n).map(|i| ((i * 31 + seed as usize) % 251) as u8 ^ ((i / 97) as u8)).collect()
}

fn files() -> Vec<File> {
    let enc = |inner: Mode| Mode::Encrypted { name: KEY_NAME, key: KEY, iv: [1, 2, 3, 4], inner: Box::new(inner) };
    vec![
        File::new(100, Some("Creature/Test/Test.m2"), content(5000, 1)),
        File { chunks: vec![(0, Mode::Plain)], ..File::new(101, None, content(10, 2)) },
        File {
            chunks: vec![(1000, Mode::Plain), (1000, Mode::Zlib), (1000, Mode::Lz4), (0, Mode::Zlib)],
            ..File::new(102, Some("World/Multi.blp"), content(70_000, 3))
        },
        File {
            chunks: vec![(3000, Mode::Frame(vec![(1000, Mode::Zlib), (0, Mode::Plain)])), (0, Mode::Zlib)],
            ..File::new(103, None, content(4000, 4))
        },
        File {
            chunks: vec![(500, enc(Mode::Zlib)), (0, enc(Mode::Plain))],
            ..File::new(104, Some("Secret.db2"), content(2000, 5))
        },
        File { locale: 0x20, ..File::new(105, Some("deDE.txt"), b"Hallo".to_vec()) },
        File { locale: 0x2, ..File::new(105, Some("enUS.txt"), b"Hello".to_vec()) },
    ]
}

fn opts(keys: bool) -> OpenOptions {
    let mut ring = KeyRing::new();
    if keys {
        ring.insert(KEY_NAME, KEY);
    }
    OpenOptions { keys: Arc::new(ring), ..OpenOptions::default() }
}

fn write(dir: &Path, layout: Layout) {
    let mut p = Product::retail(files());
    p.layout = layout;
    fixtures::write(dir, &[p]).unwrap();
}

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-casc-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn every_layout_and_mode_reads_back() {
    for layout in [Layout::Legacy, Layout::Mfst1, Layout::Mfst2] {
        let d = tmp(&format!("{layout:?}"));
        write(&d, layout);
        let s = Storage::open(&d, &opts(true)).unwrap();
        assert_eq!(s.root().layout, layout);
        assert_eq!(s.locale, "enUS", "the text locale of the row's Tags");
        for f in files().iter().filter(|f| f.locale != 0x20) {
            assert_eq!(s.read(f.fdid).unwrap().as_deref(), Some(&f.bytes[..]), "{layout:?} fdid {}", f.fdid);
            assert_eq!(s.size(f.fdid).unwrap(), Some(f.bytes.len() as u64));
        }
        assert_eq!(s.read(999).unwrap(), None);
        assert_eq!(s.by_name("creature\\test\\TEST.M2"), Some(100));
        assert_eq!(s.by_name("World/Nothing.blp"), None);
        let listed: Vec<u32> = s.files().unwrap().into_iter().map(|f| f.0).collect();
        assert_eq!(listed, [100, 101, 102, 103, 104, 105]);
        let _ = std::fs::remove_dir_all(&d);
    }
}

#[test]
fn locales_products_and_folders() {
    let d = tmp("products");
    let mut era = Product::retail(vec![File::new(7, Some("era.txt"), b"era".to_vec())]);
    era.product = "wow_classic_era".into();
    era.layout = Layout::Legacy;
    fixtures::write(&d, &[Product::retail(files()), era]).unwrap();
    let de = OpenOptions { locale: Some("deDE".into()), ..opts(false) };
    assert_eq!(Storage::open(&d, &de).unwrap().read(105).unwrap().unwrap(), b"Hallo");
    assert_eq!(Storage::open(&d, &opts(false)).unwrap().read(105).unwrap().unwrap(), b"Hello");
    // The flavour folder picks the product; Data/ stands for the install.
    std::fs::create_dir_all(d.join("_classic_era_")).unwrap();
    let s = Storage::open(&d.join("_classic_era_"), &opts(false)).unwrap();
    assert_eq!((s.build.product(), s.read(7).unwrap().unwrap()), ("wow_classic_era", b"era".to_vec()));
    assert_eq!(Storage::open(&d.join("Data"), &opts(false)).unwrap().build.product(), "wow");
    let e = Storage::open(&d, &OpenOptions { product: Some("wowt".into()), ..opts(false) }).err().unwrap().to_string();
    assert!(e.contains(".build.info") && e.contains("no product \"wowt\"") && e.contains("wow_classic_era"), "{e}");
    let e = Storage::open(&d, &OpenOptions { locale: Some("xxXX".into()), ..opts(false) }).err().unwrap().to_string();
    assert!(e.contains("unknown locale"), "{e}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn encrypted_files_need_their_key() {
    let d = tmp("keys");
    write(&d, Layout::Mfst2);
    let s = Storage::open(&d, &opts(false)).unwrap();
    let e = s.read(104).unwrap_err().to_string();
    assert!(e.contains("Data/data/data.000") && e.contains("FA505078126ACB3E") && e.contains("chunks[0]"), "{e}");
    assert!(s.read(100).is_ok(), "other files still read");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn damaged_storages_are_errors_that_name_the_file() {
    let d = tmp("damage");
    let mut p = Product::retail(files());
    p.layout = Layout::Mfst2;
    let w = fixtures::write(&d, &[p]).unwrap();
    let data = std::fs::read(&w.data).unwrap();
    let at = |what: &str| w.entries.iter().find(|e| e.0 == what).unwrap().clone();
    // A byte of a file's chunk: its checksum fails, named with data.000 and offset.
    let (_, off, size) = at("fdid:102");
    let mut bad = data.clone();
    bad[(off + size as u64 - 5) as usize] ^= 0x55;
    std::fs::write(&w.data, &bad).unwrap();
    let s = Storage::open(&d, &opts(true)).unwrap();
    let e = s.read(102).unwrap_err().to_string();
    assert!(e.starts_with("Data/data/data.000: blte.chunks[3]") && e.contains("checksum"), "{e}");
    // A single-chunk file (no chunk checksums): its content key catches it.
    let (_, off, size) = at("fdid:100");
    let mut bad = data.clone();
    bad[(off + size as u64 - 2) as usize] ^= 0x55;
    std::fs::write(&w.data, &bad).unwrap();
    let s = Storage::open(&d, &opts(true)).unwrap();
    let e = s.read(100).unwrap_err().to_string();
    assert!(e.contains("Data/data/data.000") && e.contains("BLTE header does not hash"), "{e}");
    // The data file cut short: the entry does not fit.
    std::fs::write(&w.data, &data[..(off + 40) as usize]).unwrap();
    let e = Storage::open(&d, &opts(true)).err().unwrap().to_string();
    assert!(e.contains("Data/data/data.000: entry") && e.contains("does not fit"), "{e}");
    std::fs::write(&w.data, &data).unwrap();
    // One damaged bucket: its files are left out of the listing and reading
    // one names the index; the rest of the install reads.
    let bucket_of = |what: &str| {
        let (_, off, _) = at(what);
        let mut ekey: [u8; 16] = data[off as usize..off as usize + 16].try_into().unwrap();
        ekey.reverse();
        m2view_casc::index::bucket_of(&ekey)
    };
    let needed = [bucket_of("encoding:wow"), bucket_of("root:wow")];
    let victim =
        ["fdid:100", "fdid:101", "fdid:102", "fdid:103"].into_iter().find(|f| !needed.contains(&bucket_of(f))).unwrap();
    let idx = &w.idx[bucket_of(victim)];
    let good_idx = std::fs::read(idx).unwrap();
    std::fs::write(idx, &good_idx[..0x30]).unwrap();
    let s = Storage::open(&d, &opts(true)).unwrap();
    let listed: Vec<u32> = s.files().unwrap().into_iter().map(|f| f.0).collect();
    let id: u32 = victim[5..].parse().unwrap();
    assert!(!listed.contains(&id) && listed.len() >= 3, "{listed:?}");
    let e = s.read(id).unwrap_err().to_string();
    assert!(e.contains(&idx.file_name().unwrap().to_string_lossy().to_string()), "{e}");
    std::fs::write(idx, &good_idx).unwrap();
    // Every .idx truncated: opening names the index file.
    for p in &w.idx {
        let b = std::fs::read(p).unwrap();
        std::fs::write(p, &b[..b.len().min(0x30)]).unwrap();
    }
    let e = Storage::open(&d, &opts(true)).err().unwrap().to_string();
    assert!(e.contains(".idx") && e.contains("entries"), "{e}");
    // No .build.info row with a config: named.
    std::fs::write(d.join(".build.info"), "Branch!STRING:0|Product!STRING:0\nus\n").unwrap();
    let e = Storage::open(&d, &opts(true)).err().unwrap().to_string();
    assert!(e.starts_with(".build.info: ") && e.contains("line 2: 1 fields, the header has 2"), "{e}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_reforged_install_reads_files_by_name_through_nested_tvfs_roots() {
    // Warcraft III Reforged's layout: the root is a TVFS whose `war3.w3mod` is a TVFS of its
    // own (a `vfs-N` of the build config), holding `_hd.w3mod` and `_locales/enus.w3mod`.
    let d = std::env::temp_dir().join(format!("m2view-casc-w3-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    let named = |n: &str, b: Vec<u8>| File::new(0, Some(n), b);
    let files = vec![
        named("war3.w3mod:units/human/footman/footman.mdx", content(3000, 7)),
        named("war3.w3mod:_hd.w3mod:units/human/footman/footman.mdx", content(9000, 8)),
        named("war3.w3mod:_locales/enus.w3mod:ui/readme.txt", b"hello".to_vec()),
        named("index.txt", b"top".to_vec()),
    ];
    let written = fixtures::write(&d, &[Product::warcraft3(files)]).unwrap();
    let config = std::fs::read_to_string(&written.configs[0]).unwrap();
    assert_eq!(config.matches("\nvfs-").count(), 4, "three nested roots and vfs-root: {config}");
    let s = Storage::open(&d, &OpenOptions::default()).unwrap();
    assert!(s.is_named());
    assert_eq!(s.describe(), "w3 1.36.2.21179 (enUS)");
    let mut names: Vec<(String, u64)> = s.names().into_iter().map(|(n, z)| (n.to_string(), z)).collect();
    names.sort();
    assert_eq!(
        names,
        [
            ("index.txt".to_string(), 3),
            ("war3.w3mod:_hd.w3mod:units/human/footman/footman.mdx".to_string(), 9000),
            ("war3.w3mod:_locales/enus.w3mod:ui/readme.txt".to_string(), 5),
            ("war3.w3mod:units/human/footman/footman.mdx".to_string(), 3000),
        ]
    );
    assert_eq!(s.read_name("WAR3.W3MOD:Units\\Human\\Footman\\Footman.mdx").unwrap(), Some(content(3000, 7)));
    assert_eq!(s.read_name("war3.w3mod:_hd.w3mod:units/human/footman/footman.mdx").unwrap(), Some(content(9000, 8)));
    assert_eq!(s.read_name("war3.w3mod:nothing.mdx").unwrap(), None);
    assert_eq!(s.name_size("index.txt"), Some(3));
    assert_eq!(s.read(1).unwrap(), None, "no FileDataIDs");
    std::fs::remove_dir_all(&d).unwrap();
}
