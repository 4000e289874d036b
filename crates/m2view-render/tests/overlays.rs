//! Debug overlay geometry on the writer fixture: counts and positions of the
//! segments built for bones, bounds, wireframe, normals, attachments,
//! emitters, collision.

use m2view_anim::{Clock, Pose, evaluate};
use m2view_format::fixtures;
use m2view_render::overlays::{Overlays, overlay_lines};

#[test]
fn overlay_segments() {
    let m2 = m2view_format::writer::write_md20(&fixtures::two_boxes(264));
    let skin = m2view_format::writer::write_skin(&fixtures::skin_profile(264), 264);
    let m = m2view_format::model_from_bytes(&m2, "t.m2", &[("s", &skin)]).unwrap();
    let mut pose = Pose::default();
    evaluate(&m, &Clock::new(0, 1000.0, &[0.0]), None, &mut pose);
    let geosets = m.default_geosets(0);
    let segs = |o: Overlays| overlay_lines(&m, &pose, 0, &geosets, o).vertices.len() / 2;
    // root: a 3-line cross; bone 1: one line to its parent
    assert_eq!(segs(Overlays { bones: true, ..Default::default() }), 4);
    assert_eq!(segs(Overlays { bounds: true, ..Default::default() }), 12);
    assert_eq!(segs(Overlays { wireframe: true, ..Default::default() }), 24 * 3);
    assert_eq!(segs(Overlays { normals: true, ..Default::default() }), 24 * 3);
    assert_eq!(segs(Overlays { attachments: true, ..Default::default() }), 3);
    // One particle and one ribbon emitter: a cross each.
    assert_eq!(segs(Overlays { emitters: true, ..Default::default() }), 6);
    assert_eq!(segs(Overlays { collision: true, ..Default::default() }), 3);
    assert_eq!(segs(Overlays { grid: true, ..Default::default() }), 42);
    // The bone line ends at bone 1's pivot (0, 0, 1), which does not move.
    let l = overlay_lines(&m, &pose, 0, &geosets, Overlays { bones: true, ..Default::default() });
    assert_eq!(l.vertices[7].position, [0.0, 0.0, 1.0]);
}

#[test]
fn mdx_shapes_are_drawn_with_the_collision_overlay() {
    for (v, mesh) in [(800, 0), (1300, 2 * 3)] {
        let bytes = m2view_format::writer_mdx::write_mdx(&fixtures::mdx_box(v));
        let m = m2view_format::mdx_model_from_bytes(&bytes, "Box.mdx").unwrap();
        let mut pose = Pose::default();
        evaluate(&m, &Clock::new(0, 0.0, &[0.0]), None, &mut pose);
        let l = overlay_lines(&m, &pose, 0, &m.default_geosets(0), Overlays { collision: true, ..Default::default() });
        // The sphere: three circles of 24 segments; WoW adds the two-triangle mesh.
        assert_eq!(l.vertices.len() / 2, 3 * 24 + mesh, "v{v}");
        // Its first circle passes through centre + radius on X: (1.5, 0, 1).
        assert!(l.vertices.iter().any(|p| p.position == [1.5, 0.0, 1.0]), "v{v}");
    }
}

#[test]
fn model_emitters_and_popcorn_effects_are_marked_with_the_emitters_overlay() {
    // The MDX box with a PREM emitter (node "Spawner", object id 40, pivot at the origin) and a
    // Reforged blob's CORN emitter (its node's pivot): a cross each among the emitters.
    let mut bytes = m2view_format::writer_mdx::write_mdx(&fixtures::mdx_box(800));
    bytes.extend(fixtures::prem_chunk("Frog.mdl", [1.0, 0.0, 0.0, 0.0], [1.0, 1.0]));
    let m = m2view_format::mdx_model_from_bytes(&bytes, "Box.mdx").unwrap();
    let mut pose = Pose::default();
    evaluate(&m, &Clock::new(0, 0.0, &[0.0]), None, &mut pose);
    let segs = |m: &m2view_format::Model, pose: &Pose| {
        overlay_lines(m, pose, 0, &m.default_geosets(0), Overlays { emitters: true, ..Default::default() })
            .vertices
            .len()
            / 2
    };
    // The box's PRE2 emitter and ribbon, and the PREM emitter.
    assert_eq!(segs(&m, &pose), 3 * 3);
    let Some(samples) = fixtures::samples_dir() else { return };
    let blob = samples
        .parent()
        .unwrap()
        .join("reforged/TaylorMouse_warcraft_III_reforged_tools/Documentation/Tutorial/Resources/blob.mdx");
    let m = m2view_format::mdx_model_from_bytes(&std::fs::read(blob).unwrap(), "blob.mdx").unwrap();
    assert_eq!(m.effect_markers.len(), 1);
    assert_eq!(m.effect_markers[0].effect, "units/orc/spiritwalker/spiritwalkerweapon.pkfx");
    let mut pose = Pose::default();
    evaluate(&m, &Clock::new(0, 0.0, &[0.0]), None, &mut pose);
    // Its ribbon and its popcorn emitter.
    assert_eq!(segs(&m, &pose), 2 * 3);
}
