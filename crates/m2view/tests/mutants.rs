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
//!   drawing); and wow.export's WDC3 and MoP Classic's WDC5 `.db2` tables (a quarter as many)
//!   parsed and read.
//! - CASC installs (written in the real layout: no public storage exists)
//!   mutated in `.build.info`, the build config, `.idx` files and `data.NNN`
//!   entries (their headers, BLTE chunk tables, chunk bytes, length), then
//!   listed, read file by file and a `.skel` model opened through them; and
//!   a listfile, a WoWDBDefs definition and a `.skel` file.
//! - A CDN (written in the real layout: no public copy exists) served on
//!   loopback, mutated in its version tables, build and CDN configs (stored
//!   again under their new keys, so that the parser meets them), archive
//!   indices (entries' sizes, offsets and keys changed and the index signed
//!   again under its new name, or bytes changed as they are), archives and
//!   the loose encoding table, then opened as `--data cdn:wow`, listed, read
//!   file by file and a `.skel` model opened through it (a tenth as many).
//! - Whole maps: a map's WDT, its WDL (its `MAOF` offsets too), its
//!   `md5translate.trs` and its minimap textures mutated (over real
//!   tiles), then opened as `info map:X`, the WDL drawn as the fly-over's
//!   distant terrain and the map as `render map:X --minimap` (an eighth as many).
//! - 9.0+ character tables: the 10.0 CSV tables of the corpus cut to the
//!   human male's rows, mutated in cells (0, −1, huge, another row's id:
//!   choices naming other options, layers other targets, requirements
//!   each other's choices), rows dropped or repeated, text cut, then every
//!   option's choices planned (what `dress` and `render` do).
//! - DDS textures (Warcraft III Reforged's, beside the corpus) mutated in
//!   header words, bytes and length, then decoded as the renderer loads them.
//! - BLP textures of every encoding (DXT1/3/5, palettized BLP2 and BLP1,
//!   BLP1 JPEG, raw BGRA) mutated in their size (65535 among others), mip
//!   offsets and sizes, the JPEG header's size, encoding bytes, any byte and
//!   length, then read as `info` and `export` read them: every level
//!   decoded, level 0 written as PNG and as BLP again.
//! - Tables as files: 1.12 `WDBC`, WDC5 and CSV tables mutated in header
//!   words, cells (string offsets among them), bytes, length and (CSV)
//!   repeated pieces, then exported as CSV, JSON and SQL and looked up with
//!   `--where`.
//! - World files: the real `inn.wmo` with its two group files, and the real
//!   `continent4229.adt`, mutated in chunk sizes, words of chunk payloads
//!   (counts, offsets, indices — an `MCNK` header's sub-chunk offsets
//!   among them), bytes and length, then opened as `info` and `render` open
//!   them (groups, doodads and placements looked for, the model built).
//! - The 8.2+ chunks of a chunked model (`WFV3`, `EDGF`, `NERF`, `DETL`,
//!   `DBOC`, `AFRA`, `PFDC`; written in the wowdev layouts: no public model
//!   has them) mutated in chunk sizes, payload words, bytes and length, then
//!   opened as `info` and `render` open it.
//! - MDL text (no public MDL file exists: three real Warcraft III models,
//!   v800 and Reforged, written as MDL) mutated mostly in values (another
//!   integer or float of the same kind), else in numbers, braces, commas,
//!   keywords, lines and length, then opened and written back as MDX (what
//!   `info` and `export` do).
//!
//! `M2VIEW_MUTANTS=N` sets the number of mutants of archives and of DBC
//! tables (default 2,000 each; a quarter as many of the others); `--nocapture` prints the figures.

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

/// One test of this file at a time, its setup included: the allocator's
/// record and the panic hook are global, so inputs built beside a running
/// harness would count in its record. Each test holds [`serial`] throughout.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `exercise` on each of `count` mutants `make(k)` writes (returning
/// the file — or folder — and the size of the input it stands for), each on its own
/// thread with a 20 s limit. Mutants that crash, hang, trip a dependency's
/// panic or allocate more than `bound` times their input stay on disk.
/// The caller holds [`serial`].
fn run(
    count: usize,
    bound: f64,
    mut make: impl FnMut(usize) -> (PathBuf, usize),
    exercise: fn(&Path) -> Outcome,
) -> Report {
    std::panic::set_hook(Box::new(|_| {
        CAUGHT.fetch_add(1, Ordering::Relaxed);
    }));
    let mut r = Report::default();
    // One run of `exercise` on `path`: its outcome, and the largest allocation meanwhile.
    let once = |path: &Path| {
        LARGEST.store(0, Ordering::Relaxed);
        let (tx, rx) = std::sync::mpsc::channel();
        let p = path.to_path_buf();
        std::thread::spawn(move || {
            let _ = tx.send(std::panic::catch_unwind(|| exercise(&p)));
        });
        let outcome = rx.recv_timeout(Duration::from_secs(20));
        (outcome, LARGEST.load(Ordering::Relaxed))
    };
    for k in 0..count {
        let (path, input) = make(k);
        let caught_before = CAUGHT.load(Ordering::Relaxed);
        let (mut outcome, mut largest) = once(&path);
        // The allocator counts every thread's: what another test's threads were still doing
        // (libtest's own among them) can land in the count. An allocation the input drives
        // comes again when the mutant is read again; one that does not, was not its.
        if largest as f64 > bound * input.max(1) as f64 && matches!(outcome, Ok(Ok(_))) {
            let again = once(&path);
            if again.1 < largest {
                (outcome, largest) = again;
            }
        }
        let ratio = largest as f64 / input.max(1) as f64;
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
                } else if ratio <= bound && path.is_dir() {
                    let _ = std::fs::remove_dir_all(&path);
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

/// A fresh folder for mutants of `tag`, under Cargo's test scratch folder
/// (`target/tmp`), not the system's: a model's texture lookup lists the
/// folders above it, and a system temporary folder of thousands of entries
/// made that listing, not the mutant, the largest allocation.
fn temp(tag: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("m2view-mutants-{tag}-{}", std::process::id()));
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
    let _one = serial();
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
    let opts = m2view_app::open::OpenOptions { dbc: vec![dir.to_path_buf(), base.dir.clone()], ..Default::default() };
    let mut o = m2view_app::open::Opened::dress(base.model.clone(), &opts);
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
    let dressed = |o: &mut m2view_app::open::Opened, out: &mut Outcome| {
        if let Some(p) = m2view_app::character::parts(&mut o.lm, &o.dressing, &opts) {
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
    let _one = serial();
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
    let _one = serial();
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

/// The TACT key of the mutated installs' encrypted file.
const CASC_KEY: (u64, [u8; 16]) = (0xFA50_5078_126A_CB3E, [0x42; 16]);

/// One CASC install to mutate, written by this project in the real on-disk
/// layout (`m2view_casc::fixtures`: no complete public storage exists):
/// the two-box model whose skeleton is a `.skel`, its skin and texture,
/// and files in every BLTE mode (zlib in several chunks, plain, LZ4, a
/// nested frame, TACT-encrypted). `(files of the install relative to its
/// root with their bytes, the stored entries of data.000: (offset, size))`.
struct CascBase {
    files: Vec<(PathBuf, Vec<u8>)>,
    entries: Vec<(usize, usize)>,
    /// How many of `entries` are files (the encoding table and root follow them).
    files_stored: usize,
    size: usize,
}

/// What a CASC base holds: a WoW root of `layout`, or Reforged's TVFS
/// root with nested `war3.w3mod` roots.
#[derive(Debug, Clone, Copy)]
enum CascKind {
    Wow(m2view_casc::root::Layout),
    Reforged,
}

fn casc_base(kind: CascKind) -> CascBase {
    use m2view_casc::fixtures::{File, Product};
    let dir = temp(&format!("casc-base-{kind:?}"));
    let files = casc_base_files();
    let product = match kind {
        CascKind::Wow(layout) => Product { layout, ..Product::retail(files) },
        CascKind::Reforged => {
            let layers = ["war3.w3mod:", "war3.w3mod:_hd.w3mod:", "war3.w3mod:_locales/enus.w3mod:", ""];
            let files = files
                .into_iter()
                .enumerate()
                .map(|(i, f)| File { name: Some(format!("{}files/{}.bin", layers[i % 4], f.fdid)), ..f });
            Product::warcraft3(files.collect())
        }
    };
    let written = m2view_casc::fixtures::write(&dir, &[product]).unwrap();
    let mut out = Vec::new();
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.push((p.strip_prefix(root).unwrap().to_path_buf(), std::fs::read(&p).unwrap()));
            }
        }
    }
    walk(&dir, &dir, &mut out);
    out.sort();
    let entries = written.entries.iter().map(|(_, at, n)| (*at as usize, *n as usize)).collect();
    let files_stored = written.entries.iter().filter(|e| e.0.starts_with("fdid:")).count();
    assert_eq!(files_stored, 6, "files first in data.000");
    let size = out.iter().map(|f| f.1.len()).sum();
    let _ = std::fs::remove_dir_all(&dir);
    CascBase { files: out, entries, files_stored, size }
}

/// One to three mutations of one install, each in one of its parts: the
/// `.build.info` and build config text, an `.idx` file (header, entries,
/// length), or `data.000` — an entry's 30-byte header, its BLTE header
/// (chunk table: sizes, checksums, the encryption header), its chunk bytes
/// (the encoding table's and the root's among them), or its length.
fn mutate_casc(base: &CascBase, rng: &mut Rng) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = base.files.clone();
    for _ in 0..1 + rng.below(3) {
        let pick = |files: &mut Vec<(PathBuf, Vec<u8>)>, want: &dyn Fn(&Path) -> bool, rng: &mut Rng| {
            let found: Vec<usize> = (0..files.len()).filter(|&i| want(&files[i].0)).collect();
            found[rng.below(found.len())]
        };
        // Mostly the entries: a damaged text, index, encoding table or
        // root refuses the whole install (or bucket), hiding the rest.
        match [0, 1, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3][rng.below(12)] {
            // Text: a byte changed, or cut short.
            k @ (0 | 1) => {
                let config = |p: &Path| p.starts_with("Data/config");
                let i = pick(&mut files, &|p| if k == 0 { p.ends_with(".build.info") } else { config(p) }, rng);
                let b = &mut files[i].1;
                match rng.below(3) {
                    0 => b.truncate(rng.below(b.len())),
                    _ => {
                        let at = rng.below(b.len());
                        b[at] = [b'|', b'\n', b' ', b'=', b'0', b'z', 0xFF][rng.below(7)];
                    }
                }
            }
            2 => {
                let i = pick(&mut files, &|p| p.extension().is_some_and(|e| e == "idx"), rng);
                let b = &mut files[i].1;
                match rng.below(4) {
                    0 => {
                        let (at, v) = (4 * rng.below(10), rng.word());
                        put_word(b, at, v);
                    }
                    1 => b.truncate(rng.below(b.len())),
                    _ => {
                        let at = 0x28 + rng.below(b.len().saturating_sub(0x28));
                        if at < b.len() {
                            b[at] ^= rng.next() as u8 | 1;
                        }
                    }
                }
            }
            _ => {
                let i = pick(&mut files, &|p| p.ends_with("data.000"), rng);
                // The encoding table and root a fifth of the time: a damaged one refuses the install.
                let pool = if rng.below(5) == 0 { base.entries.len() } else { base.files_stored };
                let (at, n) = base.entries[rng.below(pool)];
                let b = &mut files[i].1;
                // Cut short rarely: the encoding table and root lie last in data.000.
                match [0, 1, 1, 1, 2, 2, 2, 2, 3][rng.below(9)] {
                    // The entry header: its key, size and flags.
                    0 => {
                        let (w, v) = (at + 4 * rng.below(7), rng.word());
                        put_word(b, w, v);
                    }
                    // The BLTE header: magic, header size, chunk table.
                    1 => {
                        let (w, v) = (at + 30 + 4 * rng.below(12), rng.word());
                        put_word(b, w, v);
                    }
                    2 => {
                        let w = at + 30 + rng.below(n.saturating_sub(30));
                        if w < b.len() {
                            b[w] ^= rng.next() as u8 | 1;
                        }
                    }
                    _ => b.truncate(at + rng.below(n)),
                }
            }
        }
    }
    files
}

/// Opens the install at `dir` as `--data` (with the key of its encrypted
/// file), lists and reads every file as `ls` and `extract` do, then opens
/// the `.skel` model through it as `render` does.
fn exercise_casc(dir: &Path) -> Outcome {
    let sources = [dir.to_path_buf()];
    let keys = dir.join("keys.txt");
    let spec = m2view::data_cmd::DataSpec { sources: &sources, tact_keys: Some(&keys), ..Default::default() };
    let Ok(m2view::data_cmd::Data { vfs: Some(vfs), listfile, .. }) = m2view::data_cmd::open(&spec) else {
        return Outcome { refused: 1, ..Default::default() };
    };
    let mut o = Outcome { opened: true, ..Default::default() };
    let named = |e: &dyn std::fmt::Display| {
        let e = e.to_string();
        assert!(e.contains(&dir.display().to_string()) || e.contains("fdid:"), "names the install or file: {e}");
    };
    for (e, _) in m2view::data_cmd::matching(&vfs, None).unwrap() {
        match vfs.read_file(&e.path) {
            Ok(Some(_)) => o.read += 1,
            Ok(None) => o.refused += 1,
            Err(err) => {
                named(&err);
                o.refused += 1;
            }
        }
    }
    let opts = m2view_format::LoadOptions { data: Some(vfs), listfile, data_root: None };
    match m2view_format::load_model_file(Path::new("fdid:600001"), &opts) {
        Ok(_) => o.read += 1,
        Err(err) => {
            named(&err);
            o.refused += 1;
        }
    }
    o
}

#[test]
fn mutated_casc_installs_give_errors_not_crashes_hangs_or_huge_allocations() {
    let _one = serial();
    use m2view_casc::root::Layout;
    let bases = [
        casc_base(CascKind::Wow(Layout::Mfst2)),
        casc_base(CascKind::Wow(Layout::Legacy)),
        casc_base(CascKind::Reforged),
    ];
    let (count, dir, mut rng) = (mutants() / 4, temp("casc"), Rng(0x68E3_1DA4));
    // BLTE chunks decode into the sizes their tables declare, each checked
    // against the entry's bytes (m2view-casc's blte): far below this.
    let bound = 64.0;
    let r = run(
        count,
        bound,
        |k| {
            let base = &bases[k % bases.len()];
            let install = dir.join(format!("mutant{k}"));
            for (p, b) in mutate_casc(base, &mut rng) {
                std::fs::create_dir_all(install.join(&p).parent().unwrap()).unwrap();
                std::fs::write(install.join(p), b).unwrap();
            }
            std::fs::write(install.join("keys.txt"), format!("{:016X} {}\n", CASC_KEY.0, "42".repeat(16))).unwrap();
            (install, base.size)
        },
        exercise_casc,
    );
    check("3 CASC installs (MFST v2, legacy and Reforged's TVFS roots)", count, bound, &r);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Parses the TVFS root at `path`.
fn exercise_tvfs(path: &Path) -> Outcome {
    match m2view_casc::tvfs::Tvfs::parse(&std::fs::read(path).unwrap()) {
        Ok(t) => Outcome { opened: true, read: t.files.len(), refused: 0 },
        Err(_) => Outcome { opened: false, read: 0, refused: 1 },
    }
}

#[test]
fn mutated_tvfs_roots_give_errors_not_crashes_or_huge_allocations() {
    // The three real TVFS roots of the corpus (stored compressed and hashed in an install, so
    // that the install harness above cannot reach their structure): header words, path table
    // bytes (lengths, separators, node values), VFS and container records, truncation.
    let _one = serial();
    let Some(s) = samples_dir() else { return };
    let dir = s.join("wowemulation-dev_cascette-rs/crates/cascette-formats/test_fixtures/tvfs");
    let goods: Vec<Vec<u8>> =
        ["wow_dbd6a1911a9dd025.bin", "wow_classic_cbd15a9f67c4d28d.bin", "wow_classic_era_04ca19154f0c48b1.bin"]
            .iter()
            .map(|f| std::fs::read(dir.join(f)).unwrap())
            .collect();
    let (count, out, mut rng) = (mutants() / 2, temp("tvfs"), Rng(0x7F5A_0B31));
    let bound = 8.0;
    let r = run(
        count,
        bound,
        |k| {
            let mut b = goods[k % goods.len()].clone();
            // One change mostly: a broken record refuses the whole root, as in CascLib.
            for _ in 0..1 + usize::from(rng.below(4) == 0) {
                match rng.below(10) {
                    0 => {
                        let (at, v) = (4 * rng.below(10), rng.word());
                        put_word(&mut b, at, v);
                    }
                    1 => b.truncate(rng.below(b.len())),
                    2 => {
                        let at = rng.below(b.len());
                        b[at] = [0x00, 0xFF, 0x80, 0x7F, 0x01][rng.below(5)];
                    }
                    _ => {
                        let at = rng.below(b.len());
                        b[at] ^= rng.next() as u8 | 1;
                    }
                }
            }
            let path = out.join(format!("mutant{k}.tvfs"));
            std::fs::write(&path, &b).unwrap();
            // Measured against the root it came from (a cut one may be a few bytes).
            (path, goods[k % goods.len()].len())
        },
        exercise_tvfs,
    );
    check("3 real TVFS roots", count, bound, &r);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&out);
    }
}

/// A real WDC3 table (8.2.5) the mutated definitions read.
const CREATURE_DISPLAY_INFO: &str = "Kruithne_wow.export/tests/resources/db2/CreatureDisplayInfo.db2";

/// The text and skeleton inputs of modern clients, one of each kind per
/// mutant in turn: a community listfile (2,000 `fdid;path` lines and some
/// plain paths), WoWDBDefs' `CreatureDisplayInfo.dbd` (the definition a
/// real WDC3 table is then read through), and the `.skel` of the two-box
/// model (written by this project in the wowdev "M2/.skel" layout: no
/// public `.skel` exists), opened with its model.
fn text_and_skeleton_bases(samples: &Path) -> Vec<(&'static str, Vec<u8>)> {
    let listfile: String = (0..2000u32)
        .map(|i| {
            format!(
                "{};world/expansion0{}/doodads/file_{i:05}.{}\n",
                i * 7 + 1,
                i % 9,
                ["m2", "blp", "skin"][i as usize % 3]
            )
        })
        .chain(["Creature\\Rabbit\\Rabbit.m2\n".to_string()])
        .collect();
    let dbd = std::fs::read(samples.join("wowdev_WoWDBDefs/definitions/CreatureDisplayInfo.dbd"));
    let (_, skel) = m2view_format::fixtures::two_boxes_skel();
    vec![("csv", listfile.into_bytes()), ("dbd", dbd.unwrap()), ("skel", m2view_format::writer::write_skel(&skel))]
}

/// Reads the mutant at `path` as its kind (its extension): a listfile
/// loaded and looked up both ways; a definition read, then a real WDC3
/// `CreatureDisplayInfo.db2` read through it (every column of 300 rows);
/// a `.skel` opened with its model (`model.m2` and its skin beside it).
fn exercise_text_or_skeleton(path: &Path) -> Outcome {
    let mut o = Outcome::default();
    let mut count = |ok: bool| if ok { o.read += 1 } else { o.refused += 1 };
    match path.extension().and_then(|e| e.to_str()) {
        Some("csv") => {
            let Ok(l) = m2view_data::Listfile::load(path) else { return Outcome { refused: 1, ..Default::default() } };
            for k in 0..200u32 {
                count(l.path(k * 7 + 1).is_some());
                count(
                    l.id(&format!(
                        "world/expansion0{}/doodads/file_{k:05}.{}",
                        k % 9,
                        ["m2", "blp", "skin"][k as usize % 3]
                    ))
                    .is_some(),
                );
            }
        }
        Some("dbd") => {
            let defs = m2view_db::defs::Definitions::new(Some(path.parent().unwrap().to_path_buf()));
            let table = samples_dir().unwrap().join(CREATURE_DISPLAY_INFO);
            match defs.get("CreatureDisplayInfo") {
                Ok(Some(_)) => {}
                Ok(None) => return Outcome { refused: 1, ..Default::default() },
                Err(e) => {
                    assert!(e.to_string().contains("CreatureDisplayInfo.dbd"), "names the definition: {e}");
                    return Outcome { refused: 1, ..Default::default() };
                }
            }
            match m2view_db::table::Table::parse(
                std::fs::read(table).unwrap(),
                "t.db2",
                "CreatureDisplayInfo",
                &defs,
                None,
            ) {
                Ok(t) => {
                    for r in t.rows().take(300) {
                        count(r.u32("ModelID").is_ok() && r.f32("CreatureModelScale").is_ok());
                    }
                }
                Err(_) => count(false),
            }
        }
        _ => match m2view_format::load_model_file(&path.with_file_name("model.m2"), &Default::default()) {
            Ok(lm) => count(lm.model.bones.len() <= 2),
            Err(e) => {
                assert!(e.to_string().contains(".skel"), "names the skeleton: {e}");
                count(false);
            }
        },
    }
    o.opened = o.read + o.refused > 0;
    o
}

#[test]
fn mutated_listfiles_definitions_and_skeletons_give_errors_not_crashes() {
    let _one = serial();
    let Some(s) = samples_dir() else { return };
    let bases = text_and_skeleton_bases(&s);
    let (count, dir, mut rng) = (mutants() / 4, temp("text"), Rng(0x3C6E_F372));
    let bound = 64.0;
    let (model, _) = m2view_format::fixtures::two_boxes_skel();
    let table_len = std::fs::metadata(s.join(CREATURE_DISPLAY_INFO)).unwrap().len() as usize;
    let r = run(
        count,
        bound,
        |k| {
            let (ext, good) = &bases[k % bases.len()];
            let mut b = good.clone();
            for _ in 0..1 + rng.below(3) {
                match rng.below(4) {
                    0 => b.truncate(rng.below(b.len())),
                    1 => {
                        let (at, v) = (4 * rng.below(b.len() / 4), rng.word());
                        put_word(&mut b, at, v);
                    }
                    _ => {
                        let at = rng.below(b.len());
                        b[at] =
                            [b';', b'\n', b'<', b'>', b'[', b'$', b'0', b'9', 0xFF, rng.next() as u8][rng.below(10)];
                    }
                }
            }
            // Each mutant in its own folder: a definitions folder, or a model beside its skeleton.
            let folder = dir.join(format!("mutant{k}"));
            std::fs::create_dir_all(&folder).unwrap();
            let name = match *ext {
                "dbd" => "CreatureDisplayInfo.dbd".to_string(),
                "skel" => {
                    std::fs::write(folder.join("model.m2"), m2view_format::writer::write_md21(&model)).unwrap();
                    let skin = m2view_format::writer::write_skin(&m2view_format::fixtures::skin_profile(274), 274);
                    std::fs::write(folder.join("1001.skin"), skin).unwrap();
                    format!("{}.skel", m2view_format::fixtures::SKEL_FDID)
                }
                _ => "listfile.csv".to_string(),
            };
            std::fs::write(folder.join(&name), b).unwrap();
            // A definition's mutant also reads the table it defines; a skeleton's, its model.
            let beside: u64 = ["model.m2", "1001.skin"]
                .iter()
                .filter_map(|f| std::fs::metadata(folder.join(f)).ok())
                .map(|m| m.len())
                .sum();
            let input = good.len() + beside as usize + if *ext == "dbd" { table_len } else { 0 };
            (folder.join(name), input)
        },
        exercise_text_or_skeleton,
    );
    check("a listfile, a .dbd and a .skel", count, bound, &r);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The rows of CSV `text` (a wago.tools export) that `keep` keeps (by
/// their cells), with the header: the text of the kept rows as it is.
fn cut_csv(text: &str, keep: impl Fn(&m2view_db::csv::Csv, &[String]) -> bool) -> String {
    let csv = m2view_db::csv::Csv::parse(text, "cut").unwrap();
    let header_end = text.find('\n').map_or(text.len(), |i| i + 1);
    let mut out = text[..header_end].to_string();
    for (r, cells) in csv.rows.iter().enumerate() {
        let start = csv.offsets[r] as usize;
        let end = csv.offsets.get(r + 1).map_or(text.len(), |&o| o as usize);
        if keep(&csv, cells) {
            out += &text[start..end];
        }
    }
    out
}

/// Cell `column` of a row as a number (0 when absent).
fn cell(csv: &m2view_db::csv::Csv, cells: &[String], column: &str) -> i64 {
    csv.column(column).and_then(|c| cells.get(c)).and_then(|v| v.trim().parse().ok()).unwrap_or(0)
}

/// The ids of `column` over the kept rows of `text`.
fn ids(text: &str, column: &str) -> std::collections::BTreeSet<i64> {
    let csv = m2view_db::csv::Csv::parse(text, "ids").unwrap();
    csv.rows.iter().map(|r| cell(&csv, r, column)).collect()
}

/// The 9.0+ character tables of ChrModel 1 (human male), cut from the
/// corpus's 10.0 CSV set to the rows it reaches (so each mutant is quick):
/// its options, their choices and elements, what those name, layout 103.
fn modern_base(samples: &Path) -> Vec<(String, String)> {
    let dir = samples.join("natnat201193_DBC_Compare/dbfilesclient");
    let read = |t: &str| std::fs::read_to_string(dir.join(format!("{}.csv", t.to_lowercase()))).unwrap();
    let by = |t: &str, column: &'static str, set: &std::collections::BTreeSet<i64>| {
        (t.to_string(), cut_csv(&read(t), |c, r| set.contains(&cell(c, r, column))))
    };
    let one = |v: i64| std::collections::BTreeSet::from([v]);
    let options = by("ChrCustomizationOption", "ChrModelID", &one(1));
    let choices = by("ChrCustomizationChoice", "ChrCustomizationOptionID", &ids(&options.1, "ID"));
    let elements = by("ChrCustomizationElement", "ChrCustomizationChoiceID", &ids(&choices.1, "ID"));
    let materials = by("ChrCustomizationMaterial", "ID", &ids(&elements.1, "ChrCustomizationMaterialID"));
    let mut tables = vec![
        by("ChrModel", "ID", &one(1)),
        by("ChrCustomizationGeoset", "ID", &ids(&elements.1, "ChrCustomizationGeosetID")),
        by("ChrCustomizationSkinnedModel", "ID", &ids(&elements.1, "ChrCustomizationSkinnedModelID")),
        by("ChrCustomizationBoneSet", "ID", &ids(&elements.1, "ChrCustomizationBoneSetID")),
        by("TextureFileData", "MaterialResourcesID", &ids(&materials.1, "MaterialResourcesID")),
        by("ChrModelTextureLayer", "CharComponentTextureLayoutsID", &one(103)),
        by("ChrModelMaterial", "CharComponentTextureLayoutsID", &one(103)),
        by("CharComponentTextureSections", "CharComponentTextureLayoutID", &one(103)),
    ];
    tables.extend([options, choices, elements, materials]);
    for t in [
        "ChrRaces",
        "ChrRaceXChrModel",
        "ChrCustomizationReq",
        "ChrCustomizationReqChoice",
        "CharComponentTextureLayouts",
    ] {
        tables.push((t.to_string(), read(t)));
    }
    tables
}

/// One to three mutations of CSV table `good`: a cell made 0, −1, huge or
/// another row's id (a choice naming another option, a layer another
/// target, a requirement another's choice), a row dropped or repeated,
/// the text cut, bytes flipped.
fn mutate_csv(good: &str, rng: &mut Rng) -> Vec<u8> {
    let mut lines: Vec<String> = good.lines().map(str::to_string).collect();
    for _ in 0..1 + rng.below(3) {
        if lines.len() < 2 {
            break;
        }
        let at = 1 + rng.below(lines.len() - 1);
        match rng.below(6) {
            0..=2 => {
                let mut cells: Vec<String> = lines[at].split(',').map(str::to_string).collect();
                let k = rng.below(cells.len());
                let other = lines[1 + rng.below(lines.len() - 1)].split(',').next().unwrap_or("0").to_string();
                cells[k] = match rng.below(5) {
                    0 => "0".into(),
                    1 => "-1".into(),
                    2 => rng.word().to_string(),
                    3 => "99999999999".into(),
                    _ => other,
                };
                lines[at] = cells.join(",");
            }
            3 => _ = lines.remove(at),
            4 => lines.insert(at, lines[at].clone()),
            _ => {
                let keep = rng.below(lines.len());
                lines.truncate(keep.max(1));
            }
        }
    }
    let mut b = (lines.join("\n") + "\n").into_bytes();
    if rng.below(8) == 0 && !b.is_empty() {
        let at = rng.below(b.len());
        b[at] ^= rng.next() as u8 | 1;
    }
    b
}

/// The catalog of the tables of `dir` over the base's, then for ChrModel 1
/// (NPC and class-only choices offered) up to three choices of every
/// option in turn and the plan of each (what `dress --json` and `render`
/// ask of the tables).
fn exercise_modern(dir: &Path) -> Outcome {
    use m2view_dress::modern::{Catalog, Plan, Selection};
    let base = dir.parent().unwrap().join("base");
    let defs = std::sync::Arc::new(m2view_db::defs::Definitions::new(None));
    let tables = m2view_dress::ClientTables::new(&[dir.to_path_buf(), base], None, defs);
    let mut out = Outcome::default();
    let catalog = match Catalog::load(&tables) {
        Ok(Some(c)) => c,
        _ => {
            out.refused += 1;
            return out;
        }
    };
    out.opened = true;
    let none = |_: u32| (String::new(), false);
    for m in catalog.chr_models.values() {
        let sel = Selection::new(&catalog, m, true);
        out.refused += Plan::new(&catalog, &sel, &none).warnings.len().min(1);
        for o in &sel.options {
            for c in o.choices.iter().take(3) {
                let mut s = sel.clone();
                match s.customize(&catalog, &format!("id:{}=id:{}", o.option.id, c.id)) {
                    Ok(()) => {
                        Plan::new(&catalog, &s, &none);
                        out.read += 1;
                    }
                    Err(_) => out.refused += 1,
                }
            }
        }
    }
    out
}

#[test]
fn mutated_modern_character_tables_give_warnings_not_crashes() {
    let _one = serial();
    let Some(s) = samples_dir() else { return };
    let dir = temp("modern");
    let goods = modern_base(&s);
    std::fs::create_dir_all(dir.join("base")).unwrap();
    for (t, text) in &goods {
        std::fs::write(dir.join("base").join(format!("{t}.csv")), text).unwrap();
    }
    let input: usize = goods.iter().map(|g| g.1.len()).sum();
    let (count, mut rng) = (mutants() / 4, Rng(0x2545_F491));
    let bound = 64.0;
    let r = run(
        count,
        bound,
        |k| {
            let (t, good) = &goods[k % goods.len()];
            let mutant = dir.join(format!("mutant{k}"));
            std::fs::create_dir_all(&mutant).unwrap();
            let path = mutant.join(format!("{t}.csv"));
            std::fs::write(&path, mutate_csv(good, &mut rng)).unwrap();
            (path, input)
        },
        |table| exercise_modern(table.parent().unwrap()),
    );
    check(&format!("{} 9.0+ character tables", goods.len()), count, bound, &r);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Decodes the texture at `path` as the renderer's loader does (BLP or DDS).
fn exercise_texture(path: &Path) -> Outcome {
    match m2view_texture::decode(std::fs::read(path).unwrap(), false) {
        Ok(_) => Outcome { opened: true, read: 1, refused: 0 },
        Err(_) => Outcome { opened: false, read: 0, refused: 1 },
    }
}

#[test]
fn mutated_dds_textures_give_errors_not_crashes() {
    let _one = serial();
    let Some(s) = samples_dir() else { return };
    // Warcraft III Reforged's DDS textures (kept beside the corpus): DXT5 and DXT1.
    let dir =
        s.parent().unwrap().join("reforged/TaylorMouse_warcraft_III_reforged_tools/Documentation/Tutorial/Resources");
    let goods: Vec<Vec<u8>> =
        ["blob_orm2.dds", "ribbonne1_blue.dds"].iter().map(|n| std::fs::read(dir.join(n)).unwrap()).collect();
    let (count, out, mut rng) = (mutants() / 4, temp("dds"), Rng(0x6C07_8965));
    let bound = 64.0;
    let r = run(
        count,
        bound,
        |k| {
            let good = &goods[k % goods.len()];
            let mut b = good.clone();
            for _ in 0..1 + rng.below(3) {
                match rng.below(5) {
                    // The header: size, flags, height, width, pitch, mip count, pixel format.
                    0 | 1 => {
                        let (at, v) = (4 * (1 + rng.below(31)), rng.word());
                        put_word(&mut b, at, v);
                    }
                    2 => b.truncate(rng.below(b.len())),
                    _ => {
                        let at = rng.below(b.len());
                        b[at] ^= rng.next() as u8 | 1;
                    }
                }
            }
            let path = out.join(format!("mutant{k}.dds"));
            std::fs::write(&path, b).unwrap();
            (path, good.len())
        },
        exercise_texture,
    );
    check("2 DDS textures", count, bound, &r);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&out);
    }
}

/// Offsets of the chunk headers of a WMO or ADT file (top level, and the
/// sub-chunks of a `MOGP` and of the alpha's `MOMO`), and of each `MCNK` header.
fn world_chunks(b: &[u8]) -> (Vec<usize>, Vec<usize>) {
    let (mut heads, mut mcnk) = (Vec::new(), Vec::new());
    let walk = |start: usize, end: usize, heads: &mut Vec<usize>, mcnk: &mut Vec<usize>| {
        let mut o = start;
        while o + 8 <= end {
            heads.push(o);
            let size = u32::from_le_bytes(b[o + 4..o + 8].try_into().unwrap()) as usize;
            if &b[o..o + 4] == b"KNCM" {
                mcnk.push(o + 8);
            }
            // A group's sub-chunks after its header (128 bytes in v14), the alpha root's inside MOMO.
            let v14 = b.get(8..12) == Some(&14u32.to_le_bytes()[..]);
            let inner = match &b[o..o + 4] {
                b"PGOM" => Some(if v14 { 128 } else { 68 }),
                b"OMOM" => Some(0),
                _ => None,
            };
            if let Some(skip) = inner {
                let mut k = o + 8 + skip;
                while k + 8 <= (o + 8 + size).min(end) {
                    heads.push(k);
                    k += 8 + u32::from_le_bytes(b[k + 4..k + 8].try_into().unwrap()) as usize;
                }
            }
            o += 8 + size;
        }
    };
    walk(0, b.len(), &mut heads, &mut mcnk);
    (heads, mcnk)
}

/// A mutant of a WMO or ADT file: chunk sizes, payload words, `MCNK`
/// header words, length, bytes.
fn mutate_world(good: &[u8], rng: &mut Rng) -> Vec<u8> {
    let (heads, mcnk) = world_chunks(good);
    let mut b = good.to_vec();
    for _ in 0..1 + rng.below(3) {
        match rng.below(6) {
            0 => {
                let at = heads[rng.below(heads.len())] + 4;
                let v = rng.word();
                put_word(&mut b, at, v);
            }
            1 | 2 => {
                let h = heads[rng.below(heads.len())] + 8;
                let (at, v) = (h + 4 * rng.below(16), rng.word());
                put_word(&mut b, at, v);
            }
            3 if !mcnk.is_empty() => {
                let (at, v) = (mcnk[rng.below(mcnk.len())] + 4 * rng.below(32), rng.word());
                put_word(&mut b, at, v);
            }
            4 => b.truncate(rng.below(b.len())),
            _ => {
                let at = rng.below(b.len());
                b[at] ^= rng.next() as u8 | 1;
            }
        }
    }
    b
}

/// Opens the WMO or ADT at `path` as `info` and `render` do: the model with
/// its groups, its placements looked for, its `info` sections.
fn exercise_world(path: &Path) -> Outcome {
    let opts = m2view_app::open::OpenOptions::default();
    match m2view_app::open::Opened::open(path, &opts) {
        Ok(o) => {
            let mut lm = o.lm;
            let _ = (m2view::info_wmo::wmo_info(&lm), m2view::info_adt::tile_info(&lm));
            let placed = m2view_app::world::placements(&mut lm, 1, &opts);
            let groups = lm.wmo.as_ref().map_or(0, |w| w.groups.iter().filter(|g| g.geometry.is_some()).count());
            // A group file present but refused: "group 3 not drawn: inn_003.wmo: MOBA[2]: …".
            let broken =
                lm.model.warnings.iter().filter(|w| w.starts_with("group ") && w.contains(" not drawn: ")).count();
            Outcome { opened: true, read: 1 + groups + placed.len(), refused: broken }
        }
        Err(_) => Outcome { opened: false, read: 0, refused: 1 },
    }
}

#[test]
fn mutated_wmos_and_map_tiles_give_errors_not_crashes_or_huge_allocations() {
    let _one = serial();
    let Some(s) = samples_dir() else { return };
    let dir = s.join("wowserhq_format/fixture");
    let read = |n: &str| std::fs::read(dir.join(n)).unwrap();
    let wmo = [read("mapobj/inn.wmo"), read("mapobj/inn_000.wmo"), read("mapobj/inn_003.wmo")];
    // Half the WMO mutants have a liquid in inn_000.wmo (fixtures::wmo::with_liquid: MLIQ in the
    // wowdev layout; no public WMO here has one).
    let wet = m2view_format::fixtures::wmo::with_liquid(&wmo[1], 2);
    let alpha = m2view_format::fixtures::wmo::alpha();
    let (adt, wdt) = (read("map/continent4229.adt"), read("map/continent.wdt"));
    let split = m2view_format::fixtures::adt::split(&adt);
    let (count, out, mut rng) = (mutants() / 4, temp("world"), Rng(0x1B87_3593));
    let bound = 64.0;
    let r = run(
        count,
        bound,
        |k| {
            let folder = out.join(format!("mutant{k}"));
            std::fs::create_dir_all(&folder).unwrap();
            if k % 8 == 7 {
                // A split tile (written from the real one: fixtures::adt::split), one of its
                // three files mutated.
                let which = rng.below(3);
                let names = ["Azeroth_42_29.adt", "Azeroth_42_29_tex0.adt", "Azeroth_42_29_obj0.adt"];
                for (i, (name, good)) in names.iter().zip([&split.0, &split.1, &split.2]).enumerate() {
                    let bytes = if i == which { mutate_world(good, &mut rng) } else { good.clone() };
                    std::fs::write(folder.join(name), bytes).unwrap();
                }
                return (folder.join(names[0]), split.0.len() + split.1.len() + split.2.len());
            }
            if k % 8 == 5 {
                // The alpha's one-file WMO (v14, written in the wowdev layout: fixtures::wmo::alpha).
                let bytes = mutate_world(&alpha, &mut rng);
                std::fs::write(folder.join("box_alpha.wmo"), bytes).unwrap();
                return (folder.join("box_alpha.wmo"), alpha.len());
            }
            if k % 8 == 3 {
                // A map tile (an eighth of the mutants: each is 1.4 MB) with its map's WDT
                // beside (which the tile reads): one of the two mutated, the WDT one time in four.
                let (tile, map) = match rng.below(4) {
                    0 => (adt.clone(), mutate_world(&wdt, &mut rng)),
                    _ => (mutate_world(&adt, &mut rng), wdt.clone()),
                };
                std::fs::write(folder.join("continent4229.adt"), tile).unwrap();
                std::fs::write(folder.join("continent.wdt"), map).unwrap();
                return (folder.join("continent4229.adt"), adt.len() + wdt.len());
            }
            // The WMO: one of its three files mutated.
            let which = rng.below(3);
            for (i, (name, good)) in ["inn.wmo", "inn_000.wmo", "inn_003.wmo"].iter().zip(&wmo).enumerate() {
                let good = if i == 1 && k % 2 == 1 { &wet } else { good };
                let bytes = if i == which { mutate_world(good, &mut rng) } else { good.clone() };
                std::fs::write(folder.join(name), bytes).unwrap();
            }
            (folder.join("inn.wmo"), wmo.iter().map(Vec::len).sum())
        },
        exercise_world,
    );
    check(
        "inn.wmo (root or group files), an alpha WMO, continent4229.adt (or its continent.wdt) and its split files",
        count,
        bound,
        &r,
    );
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&out);
    }
}

/// Offsets of the headers of the 8.2+ chunks of an `MD21` file (`WFV3` … `PFDC`).
fn md21_chunks(b: &[u8]) -> Vec<usize> {
    let mut heads = Vec::new();
    let mut o = 0;
    while o + 8 <= b.len() {
        if m2view_format::ChunkData::MAGICS.iter().any(|m| &b[o..o + 4] == *m) {
            heads.push(o);
        }
        o += 8 + u32::from_le_bytes(b[o + 4..o + 8].try_into().unwrap()) as usize;
    }
    heads
}

/// A mutant of the chunked model in its 8.2+ chunks: words of a payload
/// (most often), a chunk's size, bytes, the length.
fn mutate_md21(good: &[u8], rng: &mut Rng) -> Vec<u8> {
    let heads = md21_chunks(good);
    let first = heads[0];
    let mut b = good.to_vec();
    for _ in 0..1 + rng.below(3) {
        match rng.below(12) {
            0 => {
                let (at, v) = (heads[rng.below(heads.len())] + 4, rng.word());
                put_word(&mut b, at, v);
            }
            1..=8 => {
                let (at, v) = (heads[rng.below(heads.len())] + 8 + 4 * rng.below(20), rng.word());
                put_word(&mut b, at, v);
            }
            9 => b.truncate(first + rng.below(b.len() - first)),
            _ => {
                let at = first + rng.below(b.len() - first);
                b[at] ^= rng.next() as u8 | 1;
            }
        }
    }
    b
}

/// Opens the model as `info` and `render` do: the model dressed, its
/// `info` report, the 8.2+ chunks' distance fade and light multipliers used.
fn exercise_md21(path: &Path) -> Outcome {
    let opts = m2view_app::open::Opened::open(path, &m2view_app::open::OpenOptions::default());
    match opts {
        Ok(o) => {
            let r = m2view::info::report(&o);
            let c = &o.lm.model.chunk_data;
            let _ =
                (c.distance_alpha(2.25), (0..o.lm.model.lights.len()).map(|i| c.diffuse_multiplier(i)).sum::<f32>());
            let ignored = o.lm.model.warnings.iter().filter(|w| w.contains(" ignored: ")).count();
            Outcome { opened: true, read: 1 + usize::from(r.chunk_data.is_some()), refused: ignored }
        }
        Err(_) => Outcome { opened: false, read: 0, refused: 1 },
    }
}

#[test]
fn mutated_8_2_chunks_give_errors_not_crashes_or_huge_allocations() {
    let _one = serial();
    // The two boxes with WFV3, EDGF, NERF, DETL, DBOC, AFRA and PFDC (written in the wowdev
    // wiki "M2" layouts by fixtures::two_boxes_chunk_data: no public model has them).
    let good = m2view_format::writer::write_md21(&m2view_format::fixtures::two_boxes_chunk_data());
    let skin = m2view_format::writer::write_skin(&m2view_format::fixtures::skin_profile(274), 274);
    let (count, out, mut rng) = (mutants() / 4, temp("md21"), Rng(0x2F6B_1D05));
    let bound = 64.0;
    let r = run(
        count,
        bound,
        |k| {
            let folder = out.join(format!("mutant{k}"));
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(folder.join("Waterfall.m2"), mutate_md21(&good, &mut rng)).unwrap();
            std::fs::write(folder.join("Waterfall00.skin"), &skin).unwrap();
            (folder.join("Waterfall.m2"), good.len() + skin.len())
        },
        exercise_md21,
    );
    check("a chunked model with the 8.2+ chunks", count, bound, &r);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&out);
    }
}

/// The range of the first number of `line`, unless the line opens a list
/// (`Vertices 200 {`: a count that disagrees with its list is refused
/// before anything deeper is reached).
fn mdl_value(line: &str) -> Option<std::ops::Range<usize>> {
    if line.trim_end().ends_with('{') {
        return None;
    }
    let at = line.find(|c: char| c.is_ascii_digit())?;
    Some(at..at + line[at..].find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(line.len() - at))
}

/// A mutant of MDL text `good`: mostly a value changed to another of its
/// kind (0, 1, 7, 65535, 4294967295 for an integer — an index, an id, a
/// time, flags; 0.0, −1.5, 1e30, 100000.0 for a float), else a number
/// made no number, a brace or comma dropped, a keyword misspelt, a line
/// repeated or dropped; one in ten also cut short.
fn mutate_mdl(good: &str, rng: &mut Rng) -> Vec<u8> {
    let mut lines: Vec<String> = good.lines().map(String::from).collect();
    let values: Vec<usize> = (0..lines.len()).filter(|&n| mdl_value(&lines[n]).is_some()).collect();
    let n = rng.below(lines.len());
    match rng.below(17) {
        0..=11 => {
            let n = values[rng.below(values.len())];
            let r = mdl_value(&lines[n]).unwrap();
            let v = if lines[n][r.clone()].contains('.') {
                ["0.0", "-1.5", "1e30", "100000.0"][rng.below(4)]
            } else {
                ["0", "1", "7", "65535", "4294967295"][rng.below(5)]
            };
            lines[n].replace_range(r, v);
        }
        12 => {
            let n = values[rng.below(values.len())];
            let r = mdl_value(&lines[n]).unwrap();
            lines[n].replace_range(r, ["99999999999999999999", "NaN", "x"][rng.below(3)]);
        }
        13 => lines[n] = lines[n].replacen(['{', '}', ','], "", 1),
        14 => lines[n] = lines[n].replacen(|c: char| c.is_ascii_alphabetic(), "Q", 1),
        15 => lines.insert(n, lines[n].clone()),
        _ => {
            lines.remove(n);
        }
    }
    let mut text = lines.join("\n").into_bytes();
    if rng.below(10) == 0 {
        text.truncate(rng.below(text.len()));
    }
    text
}

/// Opens the MDL at `path` as `info` and `export` do: the model, its
/// Warcraft III sections, its MDX written back.
fn exercise_mdl(path: &Path) -> Outcome {
    let opts = m2view_app::open::OpenOptions::default();
    match m2view_app::open::Opened::open(path, &opts) {
        Ok(o) => {
            let back = m2view_export::warcraft3::convert(&o.lm, "mdx").is_ok();
            Outcome { opened: true, read: 1 + back as usize, refused: !back as usize }
        }
        Err(_) => Outcome { opened: false, read: 0, refused: 1 },
    }
}

#[test]
fn mutated_mdl_text_gives_errors_not_crashes_or_huge_allocations() {
    let _one = serial();
    let Some(s) = samples_dir() else { return };
    // MDL of three real models written here from their MDX (a small v800 one, a creature with
    // particle emitters, Reforged's blob), and the real MDL of three editors (Retera's MDL
    // Toolkit, War3 Model Editor, MdlxConv): their Num… counts, DontInherit, Squirt flags.
    let reforged =
        s.parent().unwrap().join("reforged/TaylorMouse_warcraft_III_reforged_tools/Documentation/Tutorial/Resources");
    let goods: Vec<String> = [
        s.join("Retera_ReterasModelStudio/JesusHipsterAttachmentSystem/bases/TunableKaelSpheres.mdx"),
        s.join("Retera_ReterasModelStudio/matrixeater/stock/particles/PixieDustEmitter.mdx"),
        reforged.join("blob.mdx"),
    ]
    .iter()
    .map(|p| m2view_format::mdl::mdx_to_mdl(&std::fs::read(p).unwrap()).unwrap().0)
    .chain(
        ["PackHorse.mdl", "PackHorse_magos.mdl", "code_is_fun.mdl"]
            .map(|f| std::fs::read_to_string(s.join("Retera_ReterasModelStudio/MDXLib").join(f)).unwrap()),
    )
    .collect();
    let (count, out, mut rng) = (mutants() / 4, temp("mdl"), Rng(0x2F6B_04C3));
    let bound = 64.0;
    let r = run(
        count,
        bound,
        |k| {
            let good = &goods[k % goods.len()];
            let path = out.join(format!("mutant{k}.mdl"));
            std::fs::write(&path, mutate_mdl(good, &mut rng)).unwrap();
            (path, good.len())
        },
        exercise_mdl,
    );
    check("6 MDL texts", count, bound, &r);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&out);
    }
}

/// Real BLP files of every encoding, small enough to mutate by the
/// thousand: DXT1, DXT3, DXT5, palettized BLP2 and BLP1 (8-bit alpha), BLP1
/// JPEG with and without alpha, raw BGRA.
fn blp_bases(s: &Path) -> Vec<Vec<u8>> {
    let war3net = s.join("Drake53_War3Net/src/War3Net.Drawing.Blp.Tests/TestData");
    [
        s.join("Koward_Improved_Models/Creature/Banshee2/ArmorReflect4.blp"),
        s.join("Koward_Improved_Models/World/Generic/HUMAN/PASSIVE DOODADS/STORMWIND/STORMWIND_FOUNTAINWATER_03.blp"),
        war3net.join("colorDxtMip8Blp2.blp"),
        war3net.join("colorPalettedMip8Blp2.blp"),
        war3net.join("colorPalettedMip8Blp1.blp"),
        war3net.join("colorJpg75Mip8Blp1.blp"),
        war3net.join("map101.blp"),
        s.join("wowserhq_format/fixture/raw.blp"),
    ]
    .iter()
    .map(|p| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
    .collect()
}

/// What `info`, `export` to PNG and back to BLP do with the texture at
/// `path`: its facts, every mip level decoded, level 0 as PNG and as BLP2
/// DXT5 again.
fn exercise_texture_file(path: &Path) -> Outcome {
    let bytes = std::fs::read(path).unwrap();
    let name = path.display().to_string();
    let Ok(info) = m2view_texture::file::texture_info(&name, &bytes) else {
        return Outcome { refused: 1, ..Default::default() };
    };
    let mut o = Outcome { opened: true, ..Default::default() };
    for mip in 0..info.mips.len() {
        match m2view_texture::file::decode_level(&name, &bytes, mip) {
            Ok(img) if mip == 0 => {
                o.read += 1;
                let png = m2view::texture_cmd::png_bytes(&img, false);
                let blp = m2view_format::blp_write::write_blp(
                    img.width,
                    img.height,
                    &img.pixels,
                    m2view_format::blp_write::BlpTarget::Dxt(m2view_format::blp::DxtFormat::Dxt5),
                );
                o.read += usize::from(png.is_ok() && blp.is_ok());
            }
            Ok(_) => o.read += 1,
            Err(_) => o.refused += 1,
        }
    }
    o
}

#[test]
fn mutated_textures_give_errors_not_crashes_or_huge_allocations() {
    let _one = serial();
    let Some(s) = samples_dir() else { return };
    let goods = blp_bases(&s);
    let (count, out, mut rng) = (mutants() / 4, temp("blp"), Rng(0x3C6E_F372));
    // A JPEG level may decode to 512 bytes of RGBA per byte of its stream
    // (`blp::MAX_JPEG_EXPANSION`), a DXT1 level to 8; everything else is smaller.
    let bound = 520.0;
    let r = run(
        count,
        bound,
        |k| {
            let good = &goods[k % goods.len()];
            let blp1 = good.starts_with(b"BLP1");
            let mut b = good.clone();
            for _ in 0..1 + rng.below(2) {
                match rng.below(12) {
                    // Width or height: anything, or 65535 (sizes that lie).
                    0 => {
                        let v = if rng.below(2) == 0 { 65535 } else { rng.word() };
                        put_word(&mut b, 12 + 4 * rng.below(2), v);
                    }
                    // A mip offset or size (past the end, zero, anything).
                    1 | 2 => {
                        let table = if blp1 { 0x1C } else { 0x14 };
                        put_word(&mut b, table + 4 * rng.below(32), rng.word());
                    }
                    // BLP1: the JPEG header's size; BLP2: encoding, alpha depth and type, mips.
                    3 => match blp1 {
                        true => put_word(&mut b, 0x9C, rng.word()),
                        false => b[8 + rng.below(4)] = rng.next() as u8,
                    },
                    4 => b.truncate(rng.below(b.len())),
                    // Bytes anywhere: palette entries and indices, blocks, JPEG segments.
                    _ => {
                        let at = rng.below(b.len());
                        b[at] ^= rng.next() as u8 | 1;
                    }
                }
            }
            let path = out.join(format!("mutant{k}.blp"));
            std::fs::write(&path, b).unwrap();
            (path, good.len())
        },
        exercise_texture_file,
    );
    check(&format!("{} BLP textures of every encoding", goods.len()), count, bound, &r);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&out);
    }
}

/// Real tables of each generation to export: 1.12 `WDBC`, MoP Classic's
/// WDC5, the 10.0 CSV form (`(table, file name, bytes)`).
fn export_bases(s: &Path) -> Vec<(&'static str, &'static str, Vec<u8>)> {
    let wdc5 = s.join("wowemulation-dev_cascette-rs/crates/cascette-formats/test_fixtures/zbsdiff");
    [
        ("CharHairGeosets", "dbc", s.join("andrewmunro_Vanilla/dbc/CharHairGeosets.dbc")),
        ("CreatureModelData", "dbc", s.join("andrewmunro_Vanilla/dbc/CreatureModelData.dbc")),
        ("Emotes", "db2", wdc5.join("35dc55e39ec07e21e9f9dd83c41ec208.new")),
        ("TierTransition", "db2", wdc5.join("b3c9bd1bcc8d6e581f70b50b300ec446.new")),
        ("ChrCustomization", "csv", s.join("natnat201193_DBC_Compare/dbfilesclient/chrcustomization.csv")),
    ]
    .into_iter()
    .map(|(t, e, p)| (t, e, std::fs::read(p).unwrap()))
    .collect()
}

/// What `info` and `export` do with the table at `path` (named by its file
/// stem after the last `-`): parse it through WoWDBDefs, write it as CSV,
/// JSON and SQL, look a row up with `--where`.
fn exercise_table_export(path: &Path) -> Outcome {
    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
    let table = stem.rsplit('-').next().unwrap_or_default().to_string();
    let defs = m2view_db::defs::Definitions::new(Some(samples_dir().unwrap().join("wowdev_WoWDBDefs/definitions")));
    let name = path.display().to_string();
    let Ok(t) = m2view_db::table::Table::parse(std::fs::read(path).unwrap(), &name, &table, &defs, None) else {
        return Outcome { refused: 1, ..Default::default() };
    };
    let mut o = Outcome { opened: true, ..Default::default() };
    let all = m2view_db::export::Filter::default();
    for text in
        [m2view_db::export::to_csv(&t, &all), m2view_db::export::to_json(&t, &all), m2view_db::export::to_sql(&t, &all)]
    {
        match text {
            Ok(_) => o.read += 1,
            Err(_) => o.refused += 1,
        }
    }
    if let Ok(f) = m2view_db::export::Filter::parse(&t, &["ID=1".to_string()]) {
        o.read += usize::from(m2view_db::export::to_csv(&t, &f).is_ok());
    }
    o
}

#[test]
fn mutated_tables_export_without_crashes_or_huge_allocations() {
    let _one = serial();
    let Some(s) = samples_dir() else { return };
    let goods = export_bases(&s);
    let (count, out, mut rng) = (mutants() / 4, temp("export"), Rng(0x7F4A_7C15));
    // Text of at most 64× the file and 64 KiB (`export::MAX_TEXT_PER_BYTE`), in a string
    // that may double its capacity once: the smallest base is 2.5 KB.
    let bound = 200.0;
    let r = run(
        count,
        bound,
        |k| {
            let (table, ext, good) = &goods[k % goods.len()];
            let mut b = good.clone();
            for _ in 0..1 + rng.below(2) {
                match rng.below(10) {
                    // Header words: counts, sizes, hashes, section headers.
                    0 if *ext != "csv" => {
                        let (at, v) = (4 * rng.below(0x30), rng.word());
                        put_word(&mut b, at, v);
                    }
                    // A cell: a string offset or value anywhere in the records.
                    1 if *ext != "csv" => {
                        let at = 20 + 4 * rng.below(b.len() / 4);
                        put_word(&mut b, at, rng.word());
                    }
                    2 => b.truncate(rng.below(b.len())),
                    // CSV: a cell or line cut or repeated.
                    3 if *ext == "csv" => {
                        let (at, n) = (rng.below(b.len()), rng.below(200));
                        let piece: Vec<u8> = b[at..(at + n).min(b.len())].to_vec();
                        let to = rng.below(b.len());
                        b.splice(to..to, piece);
                    }
                    _ => {
                        let at = rng.below(b.len());
                        b[at] ^= rng.next() as u8 | 1;
                    }
                }
            }
            let path = out.join(format!("mutant{k}-{table}.{ext}"));
            std::fs::write(&path, b).unwrap();
            (path, good.len())
        },
        exercise_table_export,
    );
    check(&format!("{} tables exported as CSV, JSON and SQL", goods.len()), count, bound, &r);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&out);
    }
}

/// One CDN to mutate, written by this project in the real layout
/// (`m2view_cdn::fixtures`: no public copy of a CDN exists) holding the
/// mutated installs' files over two archives, one file loose.
struct CdnBase {
    /// Every file served, relative to the CDN's folder (`wow/versions`,
    /// `tpr/wow/config/…`, `tpr/wow/data/…`).
    files: Vec<(String, Vec<u8>)>,
    written: m2view_cdn::fixtures::Written,
    size: usize,
}

fn cdn_base() -> CdnBase {
    use m2view_cdn::fixtures::{Spec, write};
    let dir = temp("cdn-base");
    let files = casc_base_files();
    let spec = Spec { loose: vec![5], archives: 2, regions: vec!["us".into()], ..Spec::retail(files) };
    let written = write(&dir, &spec, &["127.0.0.1:9".into()]).unwrap();
    let mut out = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            if e.path().is_dir() {
                stack.push(e.path());
            } else {
                let rel = e.path().strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/");
                out.push((rel, std::fs::read(e.path()).unwrap()));
            }
        }
    }
    out.sort();
    let size = out.iter().map(|f| f.1.len()).sum();
    let _ = std::fs::remove_dir_all(&dir);
    CdnBase { files: out, written, size }
}

/// The files of [`casc_base`] (two-box model, `.skel`, skin, texture, a
/// nested frame, an encrypted file).
fn casc_base_files() -> Vec<m2view_casc::fixtures::File> {
    use m2view_casc::fixtures::{File, Mode};
    use m2view_format::{fixtures as f, writer as w};
    let (model, skel) = f::two_boxes_skel();
    let body: Vec<u8> = (0..40_000u32).map(|i| (i % 251) as u8 ^ (i / 97) as u8).collect();
    let secret = Mode::Encrypted { name: CASC_KEY.0, key: CASC_KEY.1, iv: [1, 2, 3, 4], inner: Box::new(Mode::Zlib) };
    vec![
        File {
            chunks: vec![(4096, Mode::Zlib), (4096, Mode::Plain), (0, Mode::Zlib)],
            ..File::new(600001, None, w::write_md21(&model))
        },
        File::new(f::SKEL_FDID, None, w::write_skel(&skel)),
        File { chunks: vec![(0, Mode::Lz4)], ..File::new(1001, None, w::write_skin(&f::skin_profile(274), 274)) },
        File::new(2001, Some("world/test/box.blp"), m2view_format::blp::write_blp2_raw(2, 2, &[vec![200; 16]])),
        File {
            chunks: vec![(0, Mode::Frame(vec![(9000, Mode::Zlib), (0, Mode::Plain)]))],
            ..File::new(5, None, body.clone())
        },
        File { chunks: vec![(0, secret)], ..File::new(6, None, body) },
    ]
}

/// A byte of text changed (to a separator, a digit, a letter, 0xFF), a
/// line repeated, or the text cut short.
fn mutate_text(b: &mut Vec<u8>, rng: &mut Rng) {
    if b.is_empty() {
        return;
    }
    match rng.below(4) {
        0 => b.truncate(rng.below(b.len())),
        1 => {
            let lines: Vec<&[u8]> = b.split(|&c| c == b'\n').collect();
            let line = lines[rng.below(lines.len())].to_vec();
            let at = rng.below(b.len());
            b.splice(at..at, line.into_iter().chain([b'\n']));
        }
        _ => {
            let at = rng.below(b.len());
            b[at] = [b'|', b'\n', b' ', b'=', b'0', b'z', b'!', 0xFF][rng.below(8)];
        }
    }
}

fn md5_hex(b: &[u8]) -> String {
    use md5::Digest;
    m2view_casc::blte::hex(&md5::Md5::digest(b))
}

/// One to three mutations of `base`, each in one of its parts: the version
/// tables, a config (stored again under its new key, so that the parser
/// meets it, the keys naming it updated), an archive index (its entries'
/// sizes, offsets and keys changed and the index signed again under its new
/// name, or its bytes changed as they are), an archive's frames, the
/// loose encoding table; any of them sometimes cut short.
fn mutate_cdn(base: &CdnBase, rng: &mut Rng) -> Vec<(String, Vec<u8>)> {
    use m2view_casc::archive_index;
    use m2view_cdn::cache::keyed;
    let w = &base.written;
    let mut files = base.files.clone();
    let find = |files: &Vec<(String, Vec<u8>)>, rel: &str| files.iter().position(|f| f.0 == rel).unwrap();
    // Re-keys the config at `old` (hex): its new name, and every text naming it.
    let rekey = |files: &mut Vec<(String, Vec<u8>)>, old: &str, bytes: Vec<u8>| {
        let new = md5_hex(&bytes);
        let i = find(files, &format!("tpr/wow/{}", keyed("config", old)));
        files[i] = (format!("tpr/wow/{}", keyed("config", &new)), bytes);
        for f in files.iter_mut().filter(|f| f.0.ends_with("versions")) {
            f.1 = String::from_utf8_lossy(&f.1).replace(old, &new).into_bytes();
        }
        new
    };
    let (mut build_key, mut cdn_key) = (w.build_key.clone(), w.cdn_key.clone());
    for _ in 0..1 + rng.below(2) {
        // Mostly the archives and their indices: a damaged table, config or
        // encoding table refuses the whole CDN, hiding the rest.
        match [0, 1, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5][rng.below(14)] {
            0 => {
                let i = find(&files, "wow/versions");
                mutate_text(&mut files[i].1, rng);
            }
            1 => {
                let build = rng.below(2) == 0;
                let old = if build { build_key.clone() } else { cdn_key.clone() };
                let i = find(&files, &format!("tpr/wow/{}", keyed("config", &old)));
                let mut b = files[i].1.clone();
                mutate_text(&mut b, rng);
                let new = rekey(&mut files, &old, b);
                *(if build { &mut build_key } else { &mut cdn_key }) = new;
            }
            k @ (2 | 3) => {
                let a = rng.below(w.archives.len());
                let name = &w.archives[a];
                let Some(i) = files.iter().position(|f| f.0 == format!("tpr/wow/{}.index", keyed("data", name))) else {
                    continue;
                };
                if k == 2 {
                    let b = &mut files[i].1;
                    let at = rng.below(b.len());
                    b[at] ^= rng.next() as u8 | 1;
                    continue;
                }
                let Ok(mut entries) = archive_index::parse(&files[i].1, name, "index") else { continue };
                let e = rng.below(entries.len());
                match rng.below(4) {
                    0 => entries[e].size = rng.word(),
                    1 => entries[e].offset = rng.word(),
                    2 => entries[e].ekey[rng.below(16)] ^= 0x55,
                    _ => entries.truncate(e),
                }
                let (bytes, new) = archive_index::write(&entries);
                files[i] = (format!("tpr/wow/{}.index", keyed("data", &new)), bytes);
                if let Some(j) = files.iter().position(|f| f.0 == format!("tpr/wow/{}", keyed("data", name))) {
                    files[j].0 = format!("tpr/wow/{}", keyed("data", &new));
                }
                let ci = find(&files, &format!("tpr/wow/{}", keyed("config", &cdn_key)));
                let text = String::from_utf8_lossy(&files[ci].1).replace(name.as_str(), &new).into_bytes();
                cdn_key = rekey(&mut files, &cdn_key.clone(), text);
            }
            4 => {
                let a = &w.archives[rng.below(w.archives.len())];
                let Some(i) = files.iter().position(|f| f.0 == format!("tpr/wow/{}", keyed("data", a))) else {
                    continue;
                };
                let b = &mut files[i].1;
                match rng.below(4) {
                    0 => b.truncate(rng.below(b.len())),
                    _ => {
                        let (at, v) = (rng.below(b.len()), rng.word());
                        put_word(b, at, v);
                    }
                }
            }
            _ => {
                // (Its frame header hashes to its name: a changed byte is refused at once.)
                let i = find(&files, &format!("tpr/wow/{}", keyed("data", &w.encoding)));
                let (at, v) = (rng.below(files[i].1.len()), rng.word());
                put_word(&mut files[i].1, at, v);
            }
        }
    }
    files
}

/// The URL of the server of the CDN mutants (one for all of them).
static CDN_SERVER: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Opens the CDN mutant at `dir` (served as `<server>/<its folder name>/`)
/// as `--data cdn:wow` with a cache of its own, lists and reads every file
/// as `ls` and `extract` do, then opens the `.skel` model as `render` does.
fn exercise_cdn(dir: &Path) -> Outcome {
    let url = format!("{}/{}", CDN_SERVER.get().unwrap(), dir.file_name().unwrap().to_string_lossy());
    let sources = [PathBuf::from("cdn:wow")];
    let cache = dir.join("cache");
    let cdn = m2view::cdn_cmd::CdnSpec { version_server: Some(&url), cache: Some(&cache), ..Default::default() };
    let spec = m2view::data_cmd::DataSpec { sources: &sources, cdn, ..Default::default() };
    let data = match m2view::data_cmd::open(&spec) {
        Ok(d) => d,
        Err(e) => {
            // (A mutated cdns table names other hosts.)
            assert!(e.to_string().contains("http://") || e.to_string().contains("cache"), "names the URL: {e}");
            return Outcome { refused: 1, ..Default::default() };
        }
    };
    let Some(vfs) = data.vfs else { return Outcome::default() };
    let mut o = Outcome { opened: true, ..Default::default() };
    for (e, _) in m2view::data_cmd::matching(&vfs, None).unwrap() {
        match vfs.read_file(&e.path) {
            Ok(Some(_)) => o.read += 1,
            _ => o.refused += 1,
        }
    }
    let opts = m2view_format::LoadOptions { data: Some(vfs), listfile: None, data_root: None };
    match m2view_format::load_model_file(Path::new("fdid:600001"), &opts) {
        Ok(_) => o.read += 1,
        Err(_) => o.refused += 1,
    }
    o
}

#[test]
fn mutated_cdns_give_errors_not_crashes_hangs_or_huge_allocations() {
    let _one = serial();
    let base = cdn_base();
    let (count, dir, mut rng) = (mutants() / 10, temp("cdn"), Rng(0x2C0F_7E15));
    let server = m2view_cdn::fixtures::Server::start(&dir).unwrap();
    let _ = CDN_SERVER.set(server.url());
    // The merged index's tables (786 KiB) are the largest allocation: a
    // fixed size, against a CDN of about 100 KB.
    let bound = 16.0;
    let r = run(
        count,
        bound,
        |k| {
            let mutant = dir.join(format!("mutant{k}"));
            let mut files = mutate_cdn(&base, &mut rng);
            // The CDN's files lie under the mutant's folder; the cdns table says so.
            let cdns = format!(
                "Name!STRING:0|Path!STRING:0|Hosts!STRING:0|Servers!STRING:0|ConfigPath!STRING:0\nus|mutant{k}/tpr/wow|{}||tpr/configs/data\n",
                server.addr
            );
            if rng.below(10) == 0 {
                let mut b = cdns.into_bytes();
                mutate_text(&mut b, &mut rng);
                files.push(("wow/cdns".into(), b));
            } else {
                files.push(("wow/cdns".into(), cdns.into_bytes()));
            }
            for (rel, b) in files {
                let p = mutant.join(rel);
                std::fs::create_dir_all(p.parent().unwrap()).unwrap();
                std::fs::write(p, b).unwrap();
            }
            (mutant, base.size)
        },
        exercise_cdn,
    );
    check("a CDN (version tables, configs, archive indices, archives, encoding)", count, bound, &r);
    drop(server);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The tiles of the mutated maps, shared by every mutant (written once).
static MAP_BASE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Opens map `Fix` of the mutant folder `dir` over the shared tiles, as
/// `info map:Fix`, `render map:Fix --minimap` and the window's fly-over
/// do: its WDT, its WDL as the distant terrain, then a 128 × 128 minimap
/// from the client's minimap textures (mutated `md5translate.trs` and
/// BLPs) or drawn.
fn exercise_map(dir: &Path) -> Outcome {
    let mut vfs = m2view_data::Vfs::new();
    for d in [dir, MAP_BASE.get().unwrap().as_path()] {
        vfs.add_spec(d, &m2view_data::SpecOptions::default()).unwrap();
    }
    let mut opts = m2view_app::open::OpenOptions::default();
    opts.load.data = Some(std::sync::Arc::new(vfs));
    let map = match m2view_app::maps::open("Fix", &opts) {
        Ok(m) => m,
        Err(e) => {
            assert!(e.to_string().contains("Fix"), "names the map or its WDT: {e}");
            return Outcome { refused: 1, ..Default::default() };
        }
    };
    let wdl = match map.wdl() {
        Ok(Some((_, w))) => w.to_model("Fix distant terrain").map_or((0, 1), |m| (m.lods[0].submeshes.len().min(1), 0)),
        Ok(None) => (0, 0),
        Err(e) => {
            assert!(e.to_string().contains("Fix.wdl"), "names the WDL: {e}");
            (0, 1)
        }
    };
    match m2view_app::minimap::render(&map, 128, 128, m2view_app::minimap::Source::Auto, [0, 0, 0, 255]) {
        Ok(m) => Outcome { opened: true, read: m.from_client + m.drawn + wdl.0, refused: m.warnings.len() + wdl.1 },
        Err(_) => Outcome { opened: true, read: wdl.0, refused: 1 + wdl.1 },
    }
}

#[test]
fn mutated_maps_and_minimap_files_give_errors_not_crashes_or_huge_allocations() {
    let _one = serial();
    let Some(s) = samples_dir() else { return };
    let src = s.join("wowserhq_format/fixture/map");
    let base = temp("map-base");
    let tiles = [(1u8, 1u8, "continent4229.adt"), (2, 1, "pvpzone3430.adt"), (5, 5, "pvpzone3430.adt")];
    let mut tiles_size = 0;
    for (x, y, f) in tiles {
        let b = std::fs::read(src.join(f)).unwrap();
        tiles_size += b.len();
        std::fs::create_dir_all(base.join("World/Maps/Fix")).unwrap();
        std::fs::write(base.join(format!("World/Maps/Fix/Fix_{x}_{y}.adt")), b).unwrap();
    }
    let _ = MAP_BASE.set(base.clone());
    let wdt = m2view_format::adt::Wdt {
        version: 18,
        flags: 0,
        tiles: tiles.iter().map(|t| [t.0, t.1]).collect(),
        global_wmo: None,
        file_ids: None,
    }
    .write();
    let trs = b"dir: Fix\nFix\\map1_1.blp\taa11.blp\nFix\\map2_1.blp\tbb22.blp\n".to_vec();
    let blp = m2view_format::blp::write_blp2_raw(8, 8, &[[200u8, 40, 40, 255].repeat(64)]);
    let wdl = m2view_format::adt::Wdl {
        version: 18,
        tiles: tiles
            .iter()
            .map(|t| m2view_format::adt::wdl::WdlTile {
                tile: [t.0, t.1],
                heights: (0..m2view_format::adt::wdl::HEIGHTS as i16).collect(),
            })
            .collect(),
    }
    .write();
    let (count, out, mut rng) = (mutants() / 8, temp("maps"), Rng(0x5EED_0A77));
    let bound = 64.0;
    let r = run(
        count,
        bound,
        |k| {
            let folder = out.join(format!("mutant{k}"));
            let mut files = [wdt.clone(), trs.clone(), blp.clone(), blp.clone(), wdl.clone()];
            // The WDT (MVER, MPHD, MAIN words and sizes), the .trs text, a minimap texture or the
            // WDL (MAOF offsets, MARE sizes).
            let which = [0, 0, 1, 2, 3, 4, 4][rng.below(7)];
            files[which] = match which {
                0 => mutate_world(&wdt, &mut rng),
                4 => {
                    let mut w = mutate_world(&wdl, &mut rng);
                    // Or a MAOF offset of one of its tiles (after MVER's 12 bytes and MAOF's head).
                    if rng.below(2) == 0 && w.len() > 20 + 65 * 4 {
                        let (t, v) = (tiles[rng.below(tiles.len())], rng.word());
                        put_word(&mut w, 20 + (usize::from(t.1) * 64 + usize::from(t.0)) * 4, v);
                    }
                    w
                }
                1 => {
                    let mut t = trs.clone();
                    mutate_text(&mut t, &mut rng);
                    t
                }
                _ => {
                    let mut b = blp.clone();
                    match rng.below(3) {
                        0 => b.truncate(rng.below(b.len())),
                        _ => {
                            let (at, v) = (rng.below(0x94 + 16), rng.word());
                            put_word(&mut b, at, v);
                        }
                    }
                    b
                }
            };
            let names = [
                "World/Maps/Fix/Fix.wdt",
                "textures/Minimap/md5translate.trs",
                "textures/Minimap/aa11.blp",
                "textures/Minimap/bb22.blp",
                "World/Maps/Fix/Fix.wdl",
            ];
            for (n, b) in names.iter().zip(&files) {
                std::fs::create_dir_all(folder.join(n).parent().unwrap()).unwrap();
                std::fs::write(folder.join(n), b).unwrap();
            }
            (folder, files.iter().map(Vec::len).sum::<usize>() + tiles_size)
        },
        exercise_map,
    );
    check("a map (its WDT, WDL, md5translate.trs and minimap textures) over real tiles", count, bound, &r);
    if r.caught.is_empty() {
        let _ = std::fs::remove_dir_all(&out);
        let _ = std::fs::remove_dir_all(&base);
    }
}
