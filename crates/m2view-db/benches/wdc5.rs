//! A WDC5 table the size of retail's `ItemDisplayInfo` (120,000 rows of
//! the 11.2.7 layout in WoWDBDefs; written by this project with
//! `m2view_db::fixtures::write_wdc5`, as no public table that large is in
//! the corpus): opening it (header, section, id list, layout chosen from
//! the embedded definitions), looking rows up by id, and writing it as CSV.

use criterion::{Criterion, criterion_group, criterion_main};
use m2view_db::defs::Definitions;
use m2view_db::fixtures::{Cell, row, write_wdc5};
use m2view_db::table::Table;

const ROWS: u32 = 120_000;
const BUILD: [u32; 4] = [11, 2, 7, 65299];

fn bench(c: &mut Criterion) {
    let rows: Vec<_> = (0..ROWS)
        .map(|i| {
            let id = i * 2 + 1;
            let cells = [
                ("ModelResourcesID[0]", Cell::Int(u64::from(i % 9000))),
                ("ModelMaterialResourcesID[0]", Cell::Int(u64::from(i % 7000))),
                ("GeosetGroup[0]", Cell::Int(u64::from(i % 5))),
                ("Flags", Cell::Int(u64::from(i % 3))),
            ];
            row("ItemDisplayInfo", BUILD, id, &cells).unwrap()
        })
        .collect();
    let bytes = write_wdc5("ItemDisplayInfo", BUILD, &rows).unwrap();
    eprintln!("ItemDisplayInfo.db2: {} rows, {:.1} MB", ROWS, bytes.len() as f64 / 1e6);
    let defs = Definitions::new(None);
    let open = || Table::parse(bytes.clone(), "ItemDisplayInfo.db2", "ItemDisplayInfo", &defs, None).unwrap();
    let mut g = c.benchmark_group("wdc5");
    g.sample_size(20);
    g.bench_function("open ItemDisplayInfo (120k rows)", |b| b.iter(|| open().len()));
    let t = open();
    let mut k = 0u32;
    g.bench_function("row by id + one column", |b| {
        b.iter(|| {
            k = (k + 7919) % ROWS;
            t.row(k * 2 + 1).unwrap().u32("ModelResourcesID").unwrap()
        })
    });
    // `m2view export ItemDisplayInfo.db2 -o out.csv` once the table is open.
    g.sample_size(10);
    g.bench_function("CSV of ItemDisplayInfo (120k rows)", |b| {
        b.iter(|| m2view_db::export::to_csv(&t, &m2view_db::export::Filter::default()).unwrap().len())
    });
    let csv = m2view_db::export::to_csv(&t, &m2view_db::export::Filter::default()).unwrap();
    eprintln!("ItemDisplayInfo.csv: {:.1} MB", csv.len() as f64 / 1e6);
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
