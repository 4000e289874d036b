//! Textures as files (`m2view export`): decoding the corpus's largest BLP
//! (War3Net's `VillageFallStonePath.blp`, BLP1 JPEG, 512×512, 722,837
//! bytes) and writing its level 0 as PNG, in MiB of BLP a second; and
//! writing a 1024×1024 RGBA image (the corpus's 512×512 DXT5 frog skin,
//! scaled up) as BLP2 DXT5 with every mip level.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use m2view::texture_cmd::png_bytes;
use m2view_format::blp::DxtFormat;
use m2view_format::blp_write::{BlpTarget, write_blp};
use m2view_texture::file::decode_level;

fn bench(c: &mut Criterion) {
    let Some(s) = m2view_format::fixtures::samples_dir() else { return };
    let largest =
        std::fs::read(s.join("Drake53_War3Net/tests/War3Net.Drawing.Blp.Tests/TestData/VillageFallStonePath.blp"))
            .unwrap();
    let mut g = c.benchmark_group("textures");
    g.sample_size(20);
    g.throughput(Throughput::Bytes(largest.len() as u64));
    g.bench_function("decode VillageFallStonePath.blp (BLP1 JPEG 512x512)", |b| {
        b.iter(|| decode_level("largest.blp", &largest, 0).unwrap())
    });
    let img = decode_level("largest.blp", &largest, 0).unwrap();
    g.bench_function("decode + PNG of VillageFallStonePath.blp", |b| {
        b.iter(|| png_bytes(&decode_level("largest.blp", &largest, 0).unwrap(), false).unwrap())
    });
    eprintln!("level 0: {}x{}, PNG {} bytes", img.width, img.height, png_bytes(&img, false).unwrap().len());
    let frog = std::fs::read(s.join("Koward_Improved_Models/Creature/Frog/FrogBrownSpots.blp")).unwrap();
    let small = decode_level("frog.blp", &frog, 0).unwrap();
    let big = image::imageops::resize(
        &image::RgbaImage::from_raw(small.width, small.height, small.pixels).unwrap(),
        1024,
        1024,
        image::imageops::FilterType::CatmullRom,
    );
    g.throughput(Throughput::Elements(1));
    g.bench_function("PNG to BLP2 DXT5, 1024x1024, every mip", |b| {
        b.iter(|| write_blp(1024, 1024, big.as_raw(), BlpTarget::Dxt(DxtFormat::Dxt5)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
