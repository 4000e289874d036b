//! `cargo xtask icon`: the application icon, drawn by m2view itself from the
//! embedded demo model (no game asset): rendered at 512×512 with a
//! transparent background, cropped to what is drawn, centred in a square,
//! scaled to 256×256 and written as `assets/icon/m2view.png` and
//! `assets/icon/m2view.ico` (one 256×256 PNG inside an ICO container, as
//! Windows Vista and later read it: a 6-byte ICONDIR and one 16-byte
//! ICONDIRENTRY, little-endian; a width or height of 256 is stored as 0).

use image::{GenericImageView, RgbaImage, imageops};

pub fn run() -> bool {
    let root = crate::root();
    let tmp = std::env::temp_dir().join(format!("m2view-icon-{}.png", std::process::id()));
    let args = ["run", "-q", "-p", "m2view", "--", "render", "assets/demo/Demo.m2", "--size", "512x512"];
    let tail = ["--camera", "iso", "--transparent", "-o", tmp.to_str().unwrap()];
    if !crate::cargo(&[&args[..], &tail[..]].concat(), &[]) {
        return false;
    }
    let img = match image::open(&tmp) {
        Ok(i) => i.to_rgba8(),
        Err(e) => {
            eprintln!("{}: {e}", tmp.display());
            return false;
        }
    };
    let _ = std::fs::remove_file(&tmp);
    let icon = square(&img);
    let mut png = Vec::new();
    let encoded = icon.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png);
    let dir = root.join("assets/icon");
    let written = encoded.is_ok()
        && std::fs::create_dir_all(&dir).is_ok()
        && std::fs::write(dir.join("m2view.png"), &png).is_ok()
        && std::fs::write(dir.join("m2view.ico"), ico(&png)).is_ok();
    if written {
        eprintln!("wrote {}/m2view.png and m2view.ico", dir.display());
    }
    written
}

/// What is drawn (alpha > 0), centred in a transparent square with a
/// 4 % margin, scaled to 256×256.
fn square(img: &RgbaImage) -> RgbaImage {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in img.enumerate_pixels() {
        if p[3] > 0 {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    if x0 > x1 {
        return imageops::resize(img, 256, 256, imageops::FilterType::Lanczos3);
    }
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    let side = w.max(h) * 104 / 100;
    let mut sq = RgbaImage::new(side, side);
    let crop = img.view(x0, y0, w, h).to_image();
    imageops::overlay(&mut sq, &crop, ((side - w) / 2) as i64, ((side - h) / 2) as i64);
    imageops::resize(&sq, 256, 256, imageops::FilterType::Lanczos3)
}

/// An ICO file holding `png` (256×256).
fn ico(png: &[u8]) -> Vec<u8> {
    let mut v = vec![0, 0, 1, 0, 1, 0]; // reserved, type 1 (icon), one image
    v.extend_from_slice(&[0, 0, 0, 0]); // width 256, height 256 (as 0), no palette, reserved
    v.extend_from_slice(&1u16.to_le_bytes()); // colour planes
    v.extend_from_slice(&32u16.to_le_bytes()); // bits per pixel
    v.extend_from_slice(&(png.len() as u32).to_le_bytes());
    v.extend_from_slice(&22u32.to_le_bytes()); // offset of the image: after the 6 + 16 header bytes
    v.extend_from_slice(png);
    v
}
