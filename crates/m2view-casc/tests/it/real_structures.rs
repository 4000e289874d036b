//! The storage readers on real pieces of Blizzard's storages: the
//! cascette-rs fixtures (`wowemulation-dev_cascette-rs/crates/
//! cascette-formats/test_fixtures/` in the sample corpus), each folder's
//! `manifest.json` stating what it holds.

use std::path::PathBuf;

use m2view_casc::KeyRing;
use m2view_casc::blte;
use m2view_casc::config::{Config, parse_key};
use m2view_casc::encoding::Encoding;
use m2view_casc::root::{Layout, Root, locale_flag};

fn fixtures() -> Option<PathBuf> {
    let root = std::env::var_os("M2VIEW_SAMPLES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/samples"));
    let dir = root.join("wowemulation-dev_cascette-rs/crates/cascette-formats/test_fixtures");
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(std::env::var_os("M2VIEW_REQUIRE_SAMPLES").is_none(), "sample corpus missing: {}", dir.display());
    eprintln!("SKIPPED: the sample corpus is absent ({})", dir.display());
    None
}

fn json(p: PathBuf) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap()
}

#[test]
fn retail_mfst2_root() {
    let Some(d) = fixtures() else { return };
    let b = std::fs::read(d.join("root/retail_11.2.7_v2_3blocks.root")).unwrap();
    let m = json(d.join("root/manifest.json"));
    let spec = &m["fixtures"][1];
    let r = Root::parse(&b, locale_flag("enUS").unwrap(), false).unwrap();
    assert_eq!(r.layout, Layout::Mfst2);
    let counts: Vec<u64> = r.blocks.iter().map(|b| b.files as u64).collect();
    let want: Vec<u64> = (0..3).map(|i| spec[format!("block_{i}_records")].as_u64().unwrap()).collect();
    assert_eq!(counts, want);
    // Three blocks of low-violence replacements (0x80) for every locale but
    // enCN/enTW, without name hashes: the client does not load them.
    for b in &r.blocks {
        assert_eq!((b.locale, b.content & 0x1000_0080, b.loaded), (0x1f3f6, 0x1000_0080, false));
    }
    assert_eq!(r.len(), 0);
    let lv = Root::parse(&b, locale_flag("enUS").unwrap(), true).unwrap();
    let ids: Vec<u32> = lv.files().map(|f| f.0).collect();
    assert_eq!((ids[0], *ids.last().unwrap()), (121595, 7484795));
    assert!(lv.len() <= 6750 + 1190 + 2362 && lv.len() >= 6750, "{}", lv.len());
    assert_eq!(lv.named(), 0);
}

#[test]
fn classic_era_legacy_root() {
    let Some(d) = fixtures() else { return };
    let b = std::fs::read(d.join("root/classic_era_v1_2blocks.root")).unwrap();
    let r = Root::parse(&b, locale_flag("enUS").unwrap(), false).unwrap();
    assert_eq!(r.layout, Layout::Legacy);
    let counts: Vec<u32> = r.blocks.iter().map(|b| b.files).collect();
    assert_eq!(counts, [1487, 6]);
    // Block 0: low violence; block 1: enUS only, six files with name hashes.
    assert_eq!(r.blocks.iter().map(|b| b.loaded).collect::<Vec<_>>(), [false, true]);
    assert_eq!(r.len(), 6);
    let first = r.files().next().unwrap();
    assert_eq!(first.0, 804655);
    assert_eq!(blte::hex(&first.1), "02ba924c604a670b253aa02dbcd9441c");
    assert_eq!(r.by_hash(0xd742ac1c138eb864), Some(804655));
    assert_eq!(Root::parse(&b, locale_flag("deDE").unwrap(), false).unwrap().len(), 0);
    // Cut inside block 1's records: an error naming the block.
    let e = Root::parse(&b[..b.len() - 10], 2, false).unwrap_err().to_string();
    assert!(e.contains("blocks[1]") && e.contains("run past the root"), "{e}");
}

#[test]
fn encoding_tables_and_their_build_configs() {
    let Some(d) = fixtures() else { return };
    let m = json(d.join("encoding/manifest.json"));
    for (file, config) in [
        ("wow_classic_era_truncated.bin", "wow_classic_era_build_config.txt"),
        ("wow_classic_truncated.bin", "wow_classic_build_config.txt"),
    ] {
        let spec = &m["files"][file];
        let cfg = Config::parse(&std::fs::read_to_string(d.join("config").join(config)).unwrap());
        let keys = cfg.keys("encoding");
        assert_eq!(blte::hex(&keys[0]), spec["encoding_ckey"].as_str().unwrap(), "{config}");
        assert_eq!(blte::hex(&keys[1]), spec["encoding_ekey"].as_str().unwrap(), "{config}");
        let bytes = std::fs::read(d.join("encoding").join(file)).unwrap();
        assert_eq!(bytes.len() as u64, spec["size_bytes"].as_u64().unwrap());
        let enc = Encoding::open(Box::new(bytes.clone())).unwrap();
        assert_eq!(enc.pages() as u64, spec["truncated_page_count"].as_u64().unwrap());
        // Every entry of both pages is found again by key (each page's MD5 checked).
        let mut all = Vec::new();
        assert_eq!(enc.find_sorted(&[[0; 16]]).unwrap(), [None]);
        for e in entries(&bytes) {
            assert_eq!(enc.find(&e.0).unwrap().map(|x| (x.ekey, x.size)), Some((e.1, e.2)));
            all.push(e.0);
        }
        assert!(all.len() > 100, "{file}: {}", all.len());
        let found = enc.find_sorted(&all).unwrap();
        assert!(found.iter().all(Option::is_some));
        if file.contains("era") {
            // The ESpec block holds the 56 unique ESpecs of Classic Era 1.15.8.
            let especs = json(d.join("espec/wow_classic_era_especs.json"));
            let want: Vec<&str> = especs["especs"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
            let mut got = enc.especs.clone();
            got.sort();
            got.dedup();
            assert_eq!(got.len(), want.len());
            assert!(want.iter().all(|w| got.iter().any(|g| g == w)));
        }
        // A page whose bytes changed no longer matches its MD5.
        let mut bad = bytes.clone();
        let page0 = 22 + spec["espec_block_size"].as_u64().unwrap() as usize + 2 * 32;
        bad[page0 + 10] ^= 0xFF;
        let enc = Encoding::open(Box::new(bad)).unwrap();
        let e = enc.find(&all[0]).unwrap_err().to_string();
        assert!(e.contains("ckey_pages[0]") && e.contains("checksum"), "{e}");
    }
}

/// `(ckey, ekey, size)` of the content-key pages, read straight from the bytes.
fn entries(b: &[u8]) -> Vec<([u8; 16], [u8; 16], u64)> {
    let be32 = |o: usize| u32::from_be_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]) as usize;
    let (pages, espec) = (be32(9), be32(18));
    let start = 22 + espec + pages * 32;
    let mut out = Vec::new();
    for p in 0..pages {
        let page = &b[start + p * 4096..start + (p + 1) * 4096];
        let mut o = 0;
        while o + 38 <= page.len() && page[o] != 0 {
            let n = page[o] as usize;
            let size = page[o + 1..o + 6].iter().fold(0u64, |s, &x| (s << 8) | x as u64);
            out.push((page[o + 6..o + 22].try_into().unwrap(), page[o + 22..o + 38].try_into().unwrap(), size));
            o += 22 + 16 * n;
        }
    }
    out
}

#[test]
fn blte_files_decode_to_their_content() {
    let Some(d) = fixtures() else { return };
    let m = json(d.join("tvfs/manifest.json"));
    for f in m["fixtures"].as_array().unwrap() {
        let frame = std::fs::read(d.join("tvfs").join(f["blte_file"].as_str().unwrap())).unwrap();
        let want = std::fs::read(d.join("tvfs").join(f["bin_file"].as_str().unwrap())).unwrap();
        let size = f["decompressed_size"].as_u64().unwrap();
        assert_eq!(frame.len() as u64, f["blte_size"].as_u64().unwrap());
        let got = blte::decode(&frame, Some(size), &KeyRing::new()).unwrap();
        assert_eq!(got, want);
        let ckey = parse_key(f["content_key"].as_str().unwrap()).unwrap();
        use md5::Digest;
        assert_eq!(<[u8; 16]>::from(md5::Md5::digest(&got)), ckey);
        assert_eq!(m2view_casc::fixtures::ekey_of(&frame), parse_key(f["encoding_key"].as_str().unwrap()).unwrap());
        // Truncated at every 997th byte: always an error, never a panic.
        for cut in (0..frame.len()).step_by(997) {
            assert!(blte::decode(&frame[..cut], Some(size), &KeyRing::new()).is_err());
        }
    }
}

#[test]
fn build_configs_of_three_products() {
    let Some(d) = fixtures() else { return };
    let retail = Config::parse(&std::fs::read_to_string(d.join("config/wow_build_config.txt")).unwrap());
    assert_eq!(blte::hex(&retail.keys("root")[0]), "b434e6a365319edede441d6cbfb7e143");
    assert_eq!(retail.numbers("encoding-size"), [194294179, 182809123]);
    assert_eq!(retail.get("build-name"), Some("WOW-66066patch12.0.1_Retail"));
    let era = Config::parse(&std::fs::read_to_string(d.join("config/wow_classic_era_build_config.txt")).unwrap());
    assert_eq!(era.get("build-name"), Some("WOW-65989patch1.15.8_ClassicRetail"));
}

#[test]
fn tvfs_roots_of_three_builds() {
    // The vfs-root of three WoW builds as the CDN serves it (BLTE) and decoded; the manifest
    // gives each one's content key (the MD5 of the decoded file) and its number of files.
    let Some(d) = fixtures() else { return };
    let m = json(d.join("tvfs/manifest.json"));
    let fixtures = m["fixtures"].as_array().unwrap();
    assert_eq!(fixtures.len(), 3);
    for f in fixtures {
        let frame = std::fs::read(d.join("tvfs").join(f["blte_file"].as_str().unwrap())).unwrap();
        let bin = std::fs::read(d.join("tvfs").join(f["bin_file"].as_str().unwrap())).unwrap();
        let decoded = blte::decode(&frame, f["decompressed_size"].as_u64(), &KeyRing::default()).unwrap();
        assert_eq!(decoded, bin);
        let ckey = parse_key(f["content_key"].as_str().unwrap()).unwrap();
        assert_eq!(<md5::Md5 as md5::Digest>::digest(&decoded).as_slice(), ckey);
        let t = m2view_casc::tvfs::Tvfs::parse(&bin).unwrap();
        let product = f["product"].as_str().unwrap();
        assert_eq!(t.files.len() as u64, f["vfs_entry_count"].as_u64().unwrap(), "{product}");
        // Every file one span from its start; the names are the build's VFS roots.
        assert!(t.files.iter().all(|f| f.spans.len() == 1 && f.spans[0].offset == 0), "{product}");
        assert_eq!(t.files[0].name, ".root");
        assert!(t.files[1..].iter().all(|f| f.name.len() >= 12 && f.name.bytes().all(|c| c.is_ascii_hexdigit())));
    }
    // The Classic Era root's first files, as CascLib's reading gives them.
    let bin = std::fs::read(d.join("tvfs/wow_classic_era_04ca19154f0c48b1.bin")).unwrap();
    let t = m2view_casc::tvfs::Tvfs::parse(&bin).unwrap();
    let first: Vec<(&str, u64, String)> =
        t.files[..3].iter().map(|f| (f.name.as_str(), f.size(), blte::hex(&f.spans[0].ekey))).collect();
    assert_eq!(
        first,
        [
            (".root", 6_595_256, "8e6bc890f6e5ecb7cf".to_string()),
            ("000000020000", 867, "b1f344b5b268465025".to_string()),
            ("000000040000", 807_557, "fafb1d84cb3c8d2d0c".to_string()),
        ]
    );
    // Every truncation is an error or fewer files, never a panic.
    for cut in (0..bin.len()).step_by(97) {
        if let Ok(t) = m2view_casc::tvfs::Tvfs::parse(&bin[..cut]) {
            assert!(t.files.len() < 239);
        }
    }
}

#[test]
fn real_cdn_archive_indices() {
    let Some(d) = fixtures() else { return };
    let m = json(d.join("archive/manifest.json"));
    for (file, spec) in m["files"].as_object().unwrap() {
        let b = std::fs::read(d.join("archive").join(file)).unwrap();
        let name = file.trim_start_matches("s2_").trim_end_matches(".index");
        let entries = m2view_casc::archive_index::parse(&b, name, file).unwrap();
        assert_eq!(entries.len() as u64, spec["entries"].as_u64().unwrap(), "{file}");
        assert_eq!(b.len() as u64, spec["size_bytes"].as_u64().unwrap());
        // Every frame lies inside the archive, and no two overlap.
        let mut spans: Vec<(u32, u32)> = entries.iter().map(|e| (e.offset, e.size)).collect();
        spans.sort_unstable();
        assert!(spans.windows(2).all(|w| w[0].0 + w[0].1 <= w[1].0), "{file}");
        assert!(spans.iter().all(|s| s.1 >= 8), "{file}: a frame under 8 bytes");
        // Our writer lays the same entries out byte for byte as Blizzard's.
        let (again, again_name) = m2view_casc::archive_index::write(&entries);
        assert_eq!((again == b, again_name.as_str()), (true, name), "{file}");
    }
}
