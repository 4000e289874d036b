//! Writes the demo model files (`fixtures::demo_files`) into the folder given
//! as the first argument (`cargo xtask gen-assets` passes `assets/demo`).

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "assets/demo".into()));
    for (rel, bytes) in m2view_format::fixtures::demo_files() {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, bytes).unwrap();
        println!("wrote {}", p.display());
    }
}
