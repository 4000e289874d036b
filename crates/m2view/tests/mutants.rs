//! Mutation harness for the inputs m2view trusts least: archives and
//! client tables. Mutated copies of real files, each run through what a
//! user runs — counting crashes (a panic reaching the caller), hangs (a
//! mutant not done in 20 s), panics inside dependencies (caught and turned
//! into errors), and the largest single allocation against the input's
//! size (a counting global allocator). Goals: 0 crashes, 0 hangs, every
//! allocation within a fixed multiple of the input.
//!
//! - Archives: `grandatlant_DataMod/patch-Y.MPQ`, JMPQ3's maps,
//!   blizzardry's `TheDeathSheep.w3m`, mutated where a damaged or hostile
//!   archive goes wrong — header words, hash and block table entries
//!   (encrypted, so a flipped bit scrambles every entry after it), sector
//!   offset tables and compressed sector bytes — then opened as `--data`,
//!   listed and read file by file (what `ls` and `extract` do).
//! - Tables: the 1.12 client tables of `andrewmunro_Vanilla` (the rows a
//!   Scourge female and her items and NPCs use, so each mutant is quick)
//!   mutated in header words, cells, string blocks and length, then the
//!   3.3.5 `scourgefemale.m2` dressed through them (every option, items,
//!   an NPC display, the body texture's layers: what `render` does before
//!   drawing); and wow.export's WDC3 `.db2` tables (a quarter as many)
//!   parsed and read.
//!
//! `M2VIEW_MUTANTS=N` sets the number of mutants of archives and of DBC
//! tables (default 2,000 each); `--nocapture` prints the figures.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use m2view_format::fixtures::samples_dir;

/// The system allocator, recording the largest single request.
struct Largest;

static LARGEST: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Largest {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LARGEST.fetch_max(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LARGEST.fetch_max(new_size, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Largest = Largest;

/// Panics caught inside the code under test (counted, not printed).
static CAUGHT: AtomicUsize = AtomicUsize::new(0);

/// xorshift32: the mutants are the same on every run.
struct Rng(u32);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        self.next() as usize % n.max(1)
    }
    /// A word a mutation writes: 0, all ones, small, or anything.
    fn word(&mut self) -> u32 {
        match self.below(4) {
            0 => 0,
            1 => u32::MAX,
            2 => self.next() & 0xFFFF,
            _ => self.next(),
        }
    }
}

fn put_word(b: &mut [u8], at: usize, v: u32) {
    if at + 4 <= b.len() {
        b[at..at + 4].copy_from_slice(&v.to_le_bytes());
    }
}

/// What exercising one mutant did: whether its container opened, and how
/// many of its parts read or were refused with an error.
#[derive(Debug, Default)]
struct Outcome {
    opened: bool,
    read: usize,
    refused: usize,
}

/// The figures of one run, and the mutants kept for a look.
#[derive(Debug, Default)]
struct Report {
    opened: usize,
    read: usize,
    refused: usize,
    crashes: Vec<String>,
    hangs: Vec<String>,
    caught: Vec<String>,
    worst: (f64, String),
}

/// The number of mutants of each kind (`M2VIEW_MUTANTS`, default 2,000).
fn mutants() -> usize {
    std::env::var("M2VIEW_MUTANTS").ok().and_then(|v| v.parse().ok()).unwrap_or(2000)
}

/// Runs `exercise` on each of `count` mutants `make(k)` writes (returning
/// the file and the size of the input it stands for), each on its own
/// thread with a 20 s limit. Mutants that crash, hang, trip a dependency's
/// panic or allocate more than `bound` times their input stay on disk.
/// One harness at a time: the allocator's record and the panic hook are global.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn run(
    count: usize,
    bound: f64,
    mut make: impl FnMut(usize) -> (PathBuf, usize),
    exercise: fn(&Path) -> Outcome,
) -> Report {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    std::panic::set_hook(Box::new(|_| {
        CAUGHT.fetch_add(1, Ordering::Relaxed);
    }));
    let mut r = Report::default();
    for k in 0..count {
        let (path, input) = make(k);
        LARGEST.store(0, Ordering::Relaxed);
        let caught_before = CAUGHT.load(Ordering::Relaxed);
        let (tx, rx) = std::sync::mpsc::channel();
        let p = path.clone();
        std::thread::spawn(move || {
            let _ = tx.send(std::panic::catch_unwind(|| exercise(&p)));
        });
        let outcome = rx.recv_timeout(Duration::from_secs(20));
        let ratio = LARGEST.load(Ordering::Relaxed) as f64 / input.max(1) as f64;
        if ratio > r.worst.0 {
            r.worst = (ratio, path.display().to_string());
        }
        let name = path.display().to_string();
        let caught = CAUGHT.load(Ordering::Relaxed) > caught_before;
        match outcome {
            Ok(Ok(o)) => {
                r.opened += usize::from(o.opened);
                r.read += o.read;
                r.refused += o.refused;
                if caught {
                    r.caught.push(name);
                } else if ratio <= bound {
                    let _ = std::fs::remove_file(&path);
                }
            }
            Ok(Err(_)) => r.crashes.push(name),
            Err(_) => r.hangs.push(name),
        }
    }
    let _ = std::panic::take_hook();
    r
}

/// Prints `r` and asserts the goals.
fn check(what: &str, count: usize, bound: f64, r: &Report) {
    eprintln!(
        "{count} mutants of {what}: {} opened, {} parts read, {} refused with an error; {} crashes, {} hangs, \
         {} panics inside dependencies caught {:?}; largest allocation {:.2}x the input ({})",
        r.opened,
        r.read,
        r.refused,
        r.crashes.len(),
        r.hangs.len(),
        r.caught.len(),
        r.caught,
        r.worst.0,
        r.worst.1
    );
    assert!(r.crashes.is_empty(), "crashes (kept for a look): {:?}", r.crashes);
    assert!(r.hangs.is_empty(), "hangs (kept for a look): {:?}", r.hangs);
    assert!(r.worst.0 <= bound, "an allocation of {:.1}x the input: {}", r.worst.0, r.worst.1);
    assert!(r.opened > count / 2 && r.refused > 0 && r.read > 0, "the mutants exercised reading: {r:?}");
}

fn temp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-mutants-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Where the parts of an archive lie (absolute offsets in the file).
struct Regions {
    header: usize,
    hash: (usize, usize),
    block: (usize, usize),
    /// Each file's stored bytes.
    files: Vec<(usize, usize)>,
}

fn regions(path: &Path, bytes: &[u8]) -> Regions {
    let a = wow_mpq::Archive::open(path).unwrap();
    let h = a.header();
    let base = a.archive_offset() as usize;
    let hash = (base + h.get_hash_table_pos() as usize, h.hash_table_size as usize * 16);
    let block = (base + h.get_block_table_pos() as usize, h.block_table_size as usize * 16);
    let files = a
        .block_table()
        .map(|t| {
            t.entries()
                .iter()
                .map(|e| (base + e.file_pos as usize, e.compressed_size as usize))
                .filter(|(p, n)| *n > 0 && p + n <= bytes.len())
                .collect()
        })
        .unwrap_or_default();
    Regions { header: base, hash, block, files }
}

/// One to three mutations of `good`, each in a part of the archive.
fn mutate_archive(good: &[u8], r: &Regions, rng: &mut Rng) -> Vec<u8> {
    let mut b = good.to_vec();
    for _ in 0..1 + rng.below(3) {
        // Tables and header less often than file data: one bad table word refuses the
        // whole archive (the cipher chains every entry after it), hiding the rest.
        match [0, 1, 2, 3, 3, 4, 4, 4][rng.below(8)] {
            // A header word (signature, sizes, sector shift, table positions and counts).
            0 => {
                let at = r.header + 4 * rng.below(8);
                let v = rng.word();
                put_word(&mut b, at, v);
            }
            1 if r.hash.1 > 0 => {
                let at = (r.hash.0 + rng.below(r.hash.1)).min(b.len() - 1);
                b[at] ^= 1 << rng.below(8);
            }
            2 if r.block.1 > 0 => {
                let at = (r.block.0 + rng.below(r.block.1)).min(b.len() - 1);
                b[at] ^= 1 << rng.below(8);
            }
            // A sector offset table word (the start of a file's stored bytes).
            3 if !r.files.is_empty() => {
                let (pos, len) = r.files[rng.below(r.files.len())];
                let at = pos + 4 * rng.below((len / 4).min(8));
                let v = rng.word();
                put_word(&mut b, at, v);
            }
            // Bytes inside a file's compressed data.
            _ if !r.files.is_empty() => {
                let (pos, len) = r.files[rng.below(r.files.len())];
                let at = pos + rng.below(len);
                for k in 0..1 + rng.below(16) {
                    if at + k < pos + len {
                        b[at + k] ^= rng.next() as u8 | 1;
                    }
                }
            }
            _ => {}
        }
    }
    b
}

/// Opens the archive at `path` as `--data`, lists it and reads every file,
/// as `m2view ls` and `extract` do.
fn exercise_archive(path: &Path) -> Outcome {
    let sources = [path.to_path_buf()];
    let spec = m2view::data_cmd::DataSpec { sources: &sources, ..Default::default() };
    let Ok(m2view::data_cmd::Data { vfs: Some(vfs), .. }) = m2view::data_cmd::open(&spec) else {
        return Outcome::default();
    };
    let mut o = Outcome { opened: true, ..Default::default() };
    for (e, _) in m2view::data_cmd::matching(&vfs, None).unwrap() {
        match vfs.read_file(&e.path) {
            Ok(Some((bytes, _))) => {
                assert_eq!(bytes.len() as u64, e.size, "a read that succeeds has the listed size");
                o.read += 1;
            }
            Ok(None) => o.refused += 1,
            Err(err) => {
                assert!(err.to_string().contains(&path.display().to_string()), "{err}");
                o.refused += 1;
            }
        }
    }
    o
}

#[test]
fn mutated_archives_give_errors_not_crashes_hangs_or_huge_allocations() {
    let Some(s) = samples_dir() else { return };
    let archives = [
        s.join("grandatlant_DataMod/patch-Y.MPQ"),
        s.join("inwc3_JMPQ3/src/test/resources/mpqs/normalMap.w3x"),
        s.join("inwc3_JMPQ3/src/test/resources/mpqs/implodedTest.w3x"),
        s.join("inwc3_JMPQ3/src/test/resources/mpqs/pkwareTest.w3x"),
        s.join("inwc3_JMPQ3/src/test/resources/mpqs/listfilelessMap.w3x"),
        s.join("wowserhq_blizzardry/spec/fixtures/TheDeathSheep.w3m"),
    ];
    let goods: Vec<(Vec<u8>, Regions)> = archives
        .iter()
        .map(|a| {
            let bytes = std::fs::read(a).unwrap();
            let r = regions(a, &bytes);
            (bytes, r)
        })
        .collect();
    let (count, dir, mut rng) = (mutants(), temp("archives"), Rng(0x2545_F491));
    // Each file decodes to at most 1100x its stored bytes (m2view-data's MAX_INFLATION);
    // what the mutants reach is far below.
    let bound = 64.0;
    let r = run(
        count,
        bound,
        |k| {
            let (good, regions) = &goods[k % goods.len()];
            let ext = archives[k % archives.len()].extension().unwrap().to_string_lossy().into_owned();
            let path = dir.join(format!("mutant{k}.{ext}"));
            std::fs::write(&path, mutate_archive(good, regions, &mut rng)).unwrap();
            (path, good.len())
        },
        exercise_archive,
    );
    check(&format!("{} archives", archives.len()), count, bound, &r);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The rows of WDBC `bytes` whose record `keep` accepts (string block kept
/// whole: its offsets stay valid).
fn subset(bytes: &[u8], keep: impl Fn(usize, &[u8]) -> bool) -> Vec<u8> {
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    let (n, size) = (word(4), word(12));
    let records = &bytes[20..20 + n * size];
    let kept: Vec<&[u8]> =
        records.chunks_exact(size).enumerate().filter(|(i, r)| keep(*i, r)).map(|(_, r)| r).collect();
    let mut out = bytes[..20].to_vec();
    out[4..8].copy_from_slice(&(kept.len() as u32).to_le_bytes());
    kept.iter().for_each(|r| out.extend_from_slice(r));
    out.extend_from_slice(&bytes[20 + n * size..]);
    out
}

/// Field `f` of a record.
fn field(r: &[u8], f: usize) -> u32 {
    u32::from_le_bytes(r[4 * f..4 * f + 4].try_into().unwrap())
}

/// The scourge female, the folder of the base tables (the 1.12 rows she and
/// her items and NPCs use) and a display of a Scourge female NPC.
struct TableBase {
    dir: PathBuf,
    model: m2view_format::LoadedModel,
    npc: u32,
    names: Vec<&'static str>,
}

static TABLE_BASE: std::sync::OnceLock<TableBase> = std::sync::OnceLock::new();

fn table_base(samples: &Path, dir: &Path) -> TableBase {
    let vanilla = samples.join("andrewmunro_Vanilla/dbc");
    let read = |n: &str| std::fs::read(vanilla.join(n)).unwrap();
    let mut tables: Vec<(&'static str, Vec<u8>)> = [
        "ChrRaces.dbc",
        "CharHairGeosets.dbc",
        "CharacterFacialHairStyles.dbc",
        "HelmetGeosetVisData.dbc",
        "CreatureModelData.dbc",
    ]
    .into_iter()
    .map(|n| (n, read(n)))
    .collect();
    // 1.12 columns (WoWDBDefs): CharSections 1 race; ItemDisplayInfo 0 id;
    // CreatureDisplayInfoExtra 1 race, 2 sex; CreatureDisplayInfo 3 ExtendedDisplayInfoID.
    tables.push(("CharSections.dbc", subset(&read("CharSections.dbc"), |_, r| field(r, 1) == 5)));
    tables.push((
        "ItemDisplayInfo.dbc",
        subset(&read("ItemDisplayInfo.dbc"), |i, r| i < 100 || [1123, 3197].contains(&field(r, 0))),
    ));
    let extras = subset(&read("CreatureDisplayInfoExtra.dbc"), |_, r| field(r, 1) == 5 && field(r, 2) == 1);
    let extra_ids: Vec<u32> = extras[20..]
        .chunks_exact(field(&extras, 3) as usize)
        .take(field(&extras, 1) as usize)
        .map(|r| field(r, 0))
        .collect();
    let displays = subset(&read("CreatureDisplayInfo.dbc"), |i, r| i < 100 || extra_ids.contains(&field(r, 3)));
    let size = field(&displays, 3) as usize;
    let npc =
        displays[20..].chunks_exact(size).find(|r| extra_ids.contains(&field(r, 3))).map(|r| field(r, 0)).unwrap();
    tables.push(("CreatureDisplayInfoExtra.dbc", extras));
    tables.push(("CreatureDisplayInfo.dbc", displays));
    std::fs::create_dir_all(dir).unwrap();
    for (n, b) in &tables {
        std::fs::write(dir.join(n), b).unwrap();
    }
    let model = samples.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2");
    let model = m2view_format::load_model_file(&model, &Default::default()).unwrap();
    TableBase { dir: dir.to_path_buf(), model, npc, names: tables.iter().map(|t| t.0).collect() }
}

/// One to three mutations of table `good`: header words, cells, string
/// block bytes, cells pointing near or past the string block, length.
fn mutate_table(good: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = good.to_vec();
    let word = |b: &[u8], at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap()) as usize;
    for _ in 0..1 + rng.below(3) {
        let (n, fields, size, strings) = (word(&b, 4), word(&b, 8), word(&b, 12), word(&b, 16));
        let records = 20 + n.saturating_mul(size);
        let cell = |rng: &mut Rng| 20 + rng.below(n) * size + 4 * rng.below(fields.min(size / 4));
        match rng.below(6) {
            0 => {
                let (at, v) = (4 + 4 * rng.below(4), rng.word());
                put_word(&mut b, at, v);
            }
            1 if records <= b.len() => {
                let (at, v) = (cell(rng), rng.word());
                put_word(&mut b, at, v);
            }
            2 if records < b.len() => {
                let at = records + rng.below(b.len() - records);
                b[at] ^= rng.next() as u8 | 1;
            }
            3 if records <= b.len() => {
                let at = cell(rng);
                let v = (strings + rng.below(8)).saturating_sub(4) as u32;
                put_word(&mut b, at, v);
            }
            4 => b.truncate(rng.below(b.len())),
            _ => b.extend((0..rng.below(64)).map(|_| rng.next() as u8)),
        }
        if b.len() < 20 {
            break;
        }
    }
    b
}

/// Dresses the Scourge female through the tables of `dir` (over the base
/// ones): every option's first choices, a chest and a helmet, the body
/// texture's layers and the items (`character::parts`, what `render` does
/// before drawing), then an NPC display.
fn exercise_tables(dir: &Path) -> Outcome {
    use m2view_dress::character::equipment::{ItemKind, Slot};
    use m2view_dress::character::options::Choice;
    let base = TABLE_BASE.get().unwrap();
    let opts = m2view::open::OpenOptions { dbc: vec![dir.to_path_buf(), base.dir.clone()], ..Default::default() };
    let mut o = m2view::open::Opened::dress(base.model.clone(), &opts);
    let mut out = Outcome::default();
    let table_warnings = |w: &[String]| w.iter().filter(|w| w.contains(".dbc")).count();
    out.refused += table_warnings(&o.lm.model.warnings);
    let tables = o.dressing.tables.clone();
    let Some(c) = o.dressing.character.as_mut() else { return out };
    out.opened = true;
    for choice in Choice::ALL {
        for k in 0..c.options.count(choice, &c.appearance).min(3) {
            let _ = c.customize(choice, k);
        }
    }
    c.equip(Slot::Chest, 3197, ItemKind::Plain);
    c.equip(Slot::Head, 1123, ItemKind::Plain);
    let dressed = |o: &mut m2view::open::Opened, out: &mut Outcome| {
        if let Some(p) = m2view::character::parts(&mut o.lm, &o.dressing, &opts) {
            out.read += 1;
            out.refused += table_warnings(&p.warnings);
        }
    };
    dressed(&mut o, &mut out);
    let c = o.dressing.character.as_mut().unwrap();
    match c.dress_as_npc(&o.lm, &tables, base.npc) {
        Ok(_) => dressed(&mut o, &mut out),
        Err(_) => out.refused += 1,
    }
    out
}

#[test]
fn mutated_tables_dress_a_character_without_crashes_hangs_or_huge_allocations() {
    let Some(s) = samples_dir() else { return };
    let dir = temp("tables");
    let base = TABLE_BASE.get_or_init(|| table_base(&s, &dir.join("base")));
    let goods: Vec<Vec<u8>> = base.names.iter().map(|n| std::fs::read(base.dir.join(n)).unwrap()).collect();
    let (count, mut rng) = (mutants(), Rng(0x9E37_79B9));
    // The input of a dressing: the model and every table it reads.
    let model = s.join("vjeux_jsWoWModelViewer/assets/scourgefemale.m2");
    let input = std::fs::metadata(model).unwrap().len() as usize + goods.iter().map(Vec::len).sum::<usize>();
    let bound = 64.0;
    let r = run(
        count,
        bound,
        |k| {
            let t = k % goods.len();
            let mutant = dir.join(format!("mutant{k}"));
            std::fs::create_dir_all(&mutant).unwrap();
            std::fs::write(mutant.join(base.names[t]), mutate_table(&goods[t], &mut rng)).unwrap();
            (mutant.join(base.names[t]), input)
        },
        |table| exercise_tables(table.parent().unwrap()),
    );
    check(&format!("{} client tables", goods.len()), count, bound, &r);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The real `.db2` tables the harness mutates: WDC3 (8.2.5) and WDC5
/// (MoP Classic 5.5.3), with their table names.
fn db2_tables(s: &Path) -> Vec<(&'static str, Vec<u8>)> {
    let wdc3 = s.join("Kruithne_wow.export/tests/resources/db2");
    let wdc5 = s.join("wowemulation-dev_cascette-rs/crates/cascette-formats/test_fixtures/zbsdiff");
    [
        ("CreatureDisplayInfo", wdc3.join("CreatureDisplayInfo.db2")),
        ("ModelFileData", wdc3.join("ModelFileData.db2")),
        ("Emotes", wdc5.join("35dc55e39ec07e21e9f9dd83c41ec208.new")),
        ("AnimationData", wdc5.join("f98184c24ea513d161113a364aefa187.new")),
    ]
    .into_iter()
    .map(|(t, p)| (t, std::fs::read(p).unwrap()))
    .collect()
}

/// Reads the table at `path` (named by its file stem after the last `-`)
/// through its definition and every column of its
/// first 300 rows, strings included.
fn exercise_db2(path: &Path) -> Outcome {
    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
    let table = stem.rsplit('-').next().unwrap_or_default().to_string();
    let defs = m2view_db::defs::Definitions::new(None);
    let Ok(t) = m2view_db::table::Table::parse(std::fs::read(path).unwrap(), "mutant.db2", &table, &defs, None) else {
        return Outcome { refused: 1, ..Default::default() };
    };
    let columns: Vec<String> = defs.get(&table).unwrap().unwrap().columns.iter().map(|c| c.0.clone()).collect();
    let mut o = Outcome { opened: true, ..Default::default() };
    for r in t.rows().take(300) {
        for c in columns.iter().filter(|c| t.has(c)) {
            for k in 0..r.count(c) {
                match r.bits(c, k).and_then(|_| r.string_at(c, k).or(Ok(String::new()))) {
                    Ok(_) => o.read += 1,
                    Err(_) => o.refused += 1,
                }
            }
        }
    }
    o
}

#[test]
fn mutated_db2_tables_read_without_crashes_hangs_or_huge_allocations() {
    let Some(s) = samples_dir() else { return };
    let goods = db2_tables(&s);
    let (count, dir, mut rng) = (mutants() / 4, temp("db2"), Rng(0x1B87_3593));
    let bound = 64.0;
    let r = run(
        count,
        bound,
        |k| {
            let (table, good) = &goods[k % goods.len()];
            let mut b = good.clone();
            for _ in 0..1 + rng.below(3) {
                match rng.below(6) {
                    // The header and the section headers: counts, sizes, offsets.
                    0 | 1 => {
                        let (at, v) = (4 * rng.below(0x40), rng.word());
                        put_word(&mut b, at, v);
                    }
                    5 => b.truncate(rng.below(b.len())),
                    _ => {
                        let at = rng.below(b.len());
                        b[at] ^= rng.next() as u8 | 1;
                    }
                }
            }
            let path = dir.join(format!("mutant{k}-{table}.db2"));
            std::fs::write(&path, b).unwrap();
            (path, good.len())
        },
        exercise_db2,
    );
    check("4 WDC3 and WDC5 tables", count, bound, &r);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}
