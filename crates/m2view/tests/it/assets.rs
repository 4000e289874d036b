//! The committed demo model (the top-level `assets/demo/`) is exactly what the project's
//! writer generates (`cargo xtask gen-assets` rewrites it), and it opens.

use std::path::Path;

#[test]
fn committed_demo_matches_the_generator() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/demo");
    let files = m2view_format::fixtures::demo_files();
    assert_eq!(files.len(), m2view_app::demo::FILES.len());
    for (rel, bytes) in &files {
        let on_disk =
            std::fs::read(dir.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e} (run cargo xtask gen-assets)"));
        assert!(&on_disk == bytes, "assets/demo/{rel} differs from the generator: run cargo xtask gen-assets");
        let embedded = m2view_app::demo::FILES.iter().find(|(r, _)| r == rel).map(|(_, b)| *b);
        assert_eq!(embedded, Some(bytes.as_slice()), "{rel} embedded");
    }
    let path = m2view_app::demo::write_to_temp().unwrap();
    let lm = m2view_app::open::Opened::open(&path, &Default::default()).unwrap().lm;
    assert_eq!(lm.model.lods.len(), 2, "two LODs");
    assert!(lm.model.lods[1].triangle_count() < lm.model.lods[0].triangle_count());
    assert!(lm.texture_files.iter().all(Option::is_some), "every texture found: {:?}", lm.texture_files);
    assert!(!lm.model.particles.is_empty() && !lm.model.ribbons.is_empty() && !lm.model.cameras.is_empty());
}
