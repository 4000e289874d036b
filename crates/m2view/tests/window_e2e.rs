//! End to end: `m2view` opens a real sample in a real window under Xvfb
//! (software Vulkan on CI), a screenshot of the screen is taken with
//! ImageMagick's `import`, and the panels and the 3D view must both be drawn.
//! Then the window is resized (down to 1×1), unmapped as when minimised and
//! mapped again with `xdotool`: the viewer must keep running and draw again.
//! Needs the `Xvfb`, `import` and `xdotool` programs (`.ci/run` installs xvfb,
//! imagemagick and xdotool); their absence is a failure, not a skip.

use std::path::PathBuf;
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

#[test]
fn window_shows_panels_and_the_model() {
    need("Xvfb", "xvfb");
    need("import", "imagemagick");
    need("xdotool", "xdotool");
    let display = format!(":{}", 90 + std::process::id() % 100);
    let _x = Kill(
        Command::new("Xvfb")
            .args([display.as_str(), "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    std::thread::sleep(Duration::from_millis(800));
    let model: Option<PathBuf> = m2view_format::fixtures::samples_dir()
        .map(|d| d.join("Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2"));
    let runtime = std::env::temp_dir().join(format!("m2view-xdg-{}", std::process::id()));
    std::fs::create_dir_all(&runtime).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_m2view"));
    cmd.env("DISPLAY", &display).env("XDG_RUNTIME_DIR", &runtime).stdout(Stdio::null()).stderr(Stdio::null());
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
        let ok = Command::new("import")
            .args(["-display", display.as_str(), "-window", "root"])
            .arg(&shot)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            continue;
        }
        let img = image::open(&shot).unwrap().to_rgb8();
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
            for x in (320..1260).step_by(4) {
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

    // Resize, shrink to 1×1, unmap (minimise) and map again: still running, still drawing.
    let xdo = |args: &[&str]| {
        let out = Command::new("xdotool").env("DISPLAY", &display).args(args).output().unwrap();
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    let id = xdo(&["search", "--name", "m2view"]).lines().next().unwrap_or_default().to_string();
    assert!(!id.is_empty(), "m2view window not found");
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
        if Command::new("import")
            .args(["-display", display.as_str(), "-window", id.as_str()])
            .arg(&shot)
            .status()
            .is_ok_and(|s| s.success())
        {
            let img = image::open(&shot).unwrap().to_rgb8();
            drawn = img.dimensions() == (900, 600)
                && img.enumerate_pixels().filter(|(x, _, p)| *x < 260 && p[0] > 180).count() > 200;
        }
    }
    eprintln!("after resize, 1x1, unmap and map: {} (900x600, panel text {drawn})", shot.display());
    assert!(drawn, "no panel text after resize/minimise/restore in {}", shot.display());
}
