//! End to end: `m2view` opens a real sample in a real window under Xvfb
//! (software Vulkan on CI), a screenshot of the screen is taken with
//! ImageMagick's `import`, and the panels and the 3D view must both be drawn.
//! F1 opens the help window over the 3D view and closes it again (the panels
//! are kept between frames, so what floats over the view takes another path).
//! Then the window is resized (down to 1×1), unmapped as when minimised and
//! mapped again with `xdotool`: the viewer must keep running and draw again.
//! Needs the `Xvfb`, `import` and `xdotool` programs (`.ci/run` installs xvfb,
//! imagemagick and xdotool); their absence is a failure, not a skip.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Kill(Child);
impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn need(program: &str, package: &str) {
    let ok =
        Command::new("sh").arg("-c").arg(format!("command -v {program}")).output().is_ok_and(|o| o.status.success());
    assert!(ok, "this test needs `{program}` (Debian package {package})");
}

/// Screenshot of `window` ("root" for the screen) on `display` into `path`; `None` if `import` failed.
fn screenshot(display: &str, window: &str, path: &Path) -> Option<image::RgbImage> {
    let ok = Command::new("import").args(["-display", display, "-window", window]).arg(path).status();
    ok.is_ok_and(|s| s.success()).then(|| image::open(path).unwrap().to_rgb8())
}

/// An X server at `display`, 1280×800, killed when dropped.
fn xvfb(display: &str) -> Kill {
    let x = Command::new("Xvfb")
        .args([display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(800));
    Kill(x)
}

#[test]
fn window_shows_panels_and_the_model() {
    need("Xvfb", "xvfb");
    need("import", "imagemagick");
    need("xdotool", "xdotool");
    let display = format!(":{}", 90 + std::process::id() % 100);
    let _x = xvfb(&display);
    let model: Option<PathBuf> = m2view_format::fixtures::samples_dir()
        .map(|d| d.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2"));
    let runtime = std::env::temp_dir().join(format!("m2view-xdg-{}", std::process::id()));
    std::fs::create_dir_all(&runtime).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_m2view"));
    // Its own settings folder: the user's saved layout and sources stay out, and untouched.
    cmd.env("DISPLAY", &display)
        .env("XDG_RUNTIME_DIR", &runtime)
        .env("M2VIEW_CONFIG_DIR", runtime.join("config"))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(m) = &model {
        cmd.arg(m);
    }
    let mut app = Kill(cmd.spawn().unwrap());
    let shot = std::env::temp_dir().join(format!("m2view-e2e-{}.png", std::process::id()));
    let bg = [43u8, 46, 51]; // the default 3D background, (0.17, 0.18, 0.2)
    let start = Instant::now();
    let (mut panel_ok, mut view_frac) = (false, 0.0);
    while start.elapsed() < Duration::from_secs(90) {
        std::thread::sleep(Duration::from_millis(1500));
        let Some(img) = screenshot(&display, "root", &shot) else { continue };
        // Left panel: egui's dark panel with light text.
        let bright = (10..270)
            .flat_map(|x| (40..500).map(move |y| (x, y)))
            .filter(|&(x, y)| img.get_pixel(x, y)[0] > 180)
            .count();
        panel_ok = bright > 200;
        // 3D view: pixels that are neither the 3D background nor black.
        let mut model_px = 0;
        let mut total = 0;
        for y in (60..740).step_by(4) {
            for x in (440..1260).step_by(4) {
                let p = img.get_pixel(x, y).0;
                total += 1;
                if p.iter().zip(bg).any(|(a, b)| a.abs_diff(b) > 12) && p != [0, 0, 0] {
                    model_px += 1;
                }
            }
        }
        view_frac = model_px as f64 / total as f64;
        if panel_ok && view_frac > 0.02 {
            break;
        }
    }
    eprintln!(
        "window screenshot: {} (panel text {panel_ok}, model covers {:.1}% of the view)",
        shot.display(),
        view_frac * 100.0
    );
    assert!(panel_ok, "no panel text in {}", shot.display());
    assert!(view_frac > 0.02, "3D view empty in {}", shot.display());

    // The panels are redrawn only when something changes, but the playing time must
    // tick: the timeline's time and play mark, above the status bar.
    let time_field = |img: &image::RgbImage| -> Vec<u8> {
        let h = img.height();
        (0..1280).flat_map(|x| (h - 70..h - 25).map(move |y| (x, y))).flat_map(|(x, y)| img.get_pixel(x, y).0).collect()
    };
    let before = time_field(&image::open(&shot).unwrap().to_rgb8());
    std::thread::sleep(Duration::from_millis(700));
    let after = time_field(&screenshot(&display, "root", &shot).expect("import failed"));
    assert!(before != after, "the animation time did not move in the panel ({})", shot.display());

    let xdo = |args: &[&str]| {
        let out = Command::new("xdotool").env("DISPLAY", &display).args(args).output().unwrap();
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    let id = xdo(&["search", "--name", "m2view"]).lines().next().unwrap_or_default().to_string();
    assert!(!id.is_empty(), "m2view window not found");

    // The help window opens at the top right, over the 3D view's corner: its dark
    // fill must cover view pixels, and they must come back.
    let background_share = |img: &image::RgbImage| {
        let px: Vec<_> = (1200..1240).flat_map(|x| (80..180).map(move |y| (x, y))).collect();
        let bg_px = px.iter().filter(|&&(x, y)| img.get_pixel(x, y).0.iter().zip(bg).all(|(a, b)| a.abs_diff(b) <= 4));
        bg_px.count() as f64 / px.len() as f64
    };
    xdo(&["windowfocus", id.as_str()]);
    let mut shares = Vec::new();
    for _ in 0..2 {
        xdo(&["mousemove", "700", "400", "key", "F1"]);
        std::thread::sleep(Duration::from_millis(2500));
        shares.push(background_share(&screenshot(&display, "root", &shot).expect("import failed")));
    }
    eprintln!(
        "view background under the help window: open {:.0}%, closed {:.0}%",
        shares[0] * 100.0,
        shares[1] * 100.0
    );
    assert!(shares[0] < 0.2, "help window not drawn over the 3D view");
    assert!(shares[1] > 0.9, "3D view not restored after closing the help window");

    // Resize, shrink to 1×1, unmap (minimise) and map again: still running, still drawing.
    for step in [
        &["windowsize", id.as_str(), "640", "480"][..],
        &["windowsize", id.as_str(), "1", "1"],
        &["windowunmap", id.as_str()],
        &["windowmap", id.as_str()],
        &["windowsize", id.as_str(), "900", "600"],
    ] {
        xdo(step);
        std::thread::sleep(Duration::from_millis(1500));
        assert!(app.0.try_wait().unwrap().is_none(), "m2view exited after `xdotool {}`", step.join(" "));
    }
    let geometry = xdo(&["getwindowgeometry", id.as_str()]);
    assert!(geometry.contains("900x600"), "{geometry}");
    let start = Instant::now();
    let mut drawn = false;
    while !drawn && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(1000));
        if let Some(img) = screenshot(&display, &id, &shot) {
            drawn = img.dimensions() == (900, 600)
                && img.enumerate_pixels().filter(|(x, _, p)| *x < 260 && p[0] > 180).count() > 200;
        }
    }
    eprintln!("after resize, 1x1, unmap and map: {} (900x600, panel text {drawn})", shot.display());
    assert!(drawn, "no panel text after resize/minimise/restore in {}", shot.display());
}

/// With Vulkan failing as a broken driver would (`M2VIEW_SKIP_BACKEND`), the
/// window opens on GL (Linux's order: Vulkan, then GL), says so on stderr
/// and in Messages, and draws its panels.
#[test]
fn with_vulkan_failing_the_window_falls_back_to_gl() {
    if !cfg!(target_os = "linux") {
        return;
    }
    need("Xvfb", "xvfb");
    need("import", "imagemagick");
    let display = format!(":{}", 40 + std::process::id() % 40);
    let _x = xvfb(&display);
    let runtime = std::env::temp_dir().join(format!("m2view-xdg-gl-{}", std::process::id()));
    std::fs::create_dir_all(&runtime).unwrap();
    let log = runtime.join("stderr.txt");
    let mut app = Kill(
        Command::new(env!("CARGO_BIN_EXE_m2view"))
            .env("DISPLAY", &display)
            .env("XDG_RUNTIME_DIR", &runtime)
            .env("M2VIEW_CONFIG_DIR", runtime.join("config"))
            .env("M2VIEW_SKIP_BACKEND", "vulkan")
            .env_remove("M2VIEW_BACKEND")
            .env_remove("WGPU_BACKEND")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap(),
    );
    let shot = runtime.join("gl.png");
    let start = Instant::now();
    let mut panel_ok = false;
    while !panel_ok && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(1000));
        assert!(app.0.try_wait().unwrap().is_none(), "m2view exited: {}", std::fs::read_to_string(&log).unwrap());
        if let Some(img) = screenshot(&display, "root", &shot) {
            panel_ok = (10..400)
                .flat_map(|x| (40..500).map(move |y| (x, y)))
                .filter(|&(x, y)| img.get_pixel(x, y)[0] > 180)
                .count()
                > 200;
        }
    }
    let said = std::fs::read_to_string(&log).unwrap();
    assert!(panel_ok, "no panel text in {}", shot.display());
    assert!(said.contains("the window uses Gl (Vulkan: skipped"), "{said}");
    let _ = std::fs::remove_dir_all(runtime);
}
