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

#[test]
fn wmo_portals_and_lights_are_drawn_with_their_overlays() {
    // The WMO written in the wowdev layout (m2view_format::fixtures::wmo): one
    // four-vertex portal in the plane y = 0 and one light at (0, 0, 1.5),
    // its colour 0xFFFF8000 (b g r a: r = 1, g = 0.5, b = 0).
    let mut w = m2view_format::wmo::Wmo::parse_root(&fixtures::wmo::root(false), "box.wmo").unwrap();
    for g in 0..2 {
        w.add_group(g, &fixtures::wmo::group(g), "box_00g.wmo").unwrap();
    }
    let m = w.to_model("box.wmo").unwrap();
    assert_eq!(m.portals.len(), 1);
    let mut pose = Pose::default();
    evaluate(&m, &Clock::new(0, 0.0, &[0.0]), None, &mut pose);
    let lines = |o: Overlays| overlay_lines(&m, &pose, 0, &m.default_geosets(0), o).vertices;
    // The portal closed: four edges, its last back to its first corner.
    let p = lines(Overlays { portals: true, ..Default::default() });
    assert_eq!(p.len() / 2, 4);
    assert_eq!(p[0].position, [-1.0, 0.0, 0.0]);
    assert_eq!(p[7].position, [-1.0, 0.0, 0.0]);
    assert!(p.iter().all(|v| v.position[1] == 0.0));
    // The light: a three-line cross centred on it, in its colour.
    let l = lines(Overlays { lights: true, ..Default::default() });
    assert_eq!(l.len() / 2, 3);
    let centre = l.iter().fold([0.0f32; 3], |a, v| [a[0] + v.position[0], a[1] + v.position[1], a[2] + v.position[2]]);
    assert!((centre[2] / 6.0 - 1.5).abs() < 1e-5 && centre[0].abs() < 1e-5, "{centre:?}");
    assert!(
        (l[0].color[0] - 1.0).abs() < 0.01 && (l[0].color[1] - 0.5).abs() < 0.01 && l[0].color[2] < 0.01,
        "{:?}",
        l[0].color
    );
    assert!(lines(Overlays::default()).is_empty());
}
