//! Interior culling through a WMO's portals, as the client culls (wowdev
//! wiki "WMO", `MOPT`/`MOPR`; WebWowViewerCpp `wmoObject.cpp`,
//! `traverseGroupWmo`): when the eye is inside an interior group, only the
//! groups seen through a chain of portals from it are drawn.
//!
//! - The eye's group: an interior group (flag 0x2000) whose bounds hold
//!   the eye and on whose side of every one of its portals the eye is (a
//!   portal reference's `side` says which side of the plane is the
//!   group's; `n · eye + d` has its sign or is 0); the smallest such box
//!   wins. None: the eye is outdoors and every group is drawn.
//! - From a group, a portal is looked through when the eye is on the
//!   group's side of it and its polygon, projected, overlaps the part of
//!   the screen the group was seen through; the group behind is then seen
//!   through the overlap (a screen rectangle: conservative where the
//!   client clips its frustum to the polygon). A portal that crosses the
//!   eye's plane keeps the whole part.
//! - Reaching an exterior group (flag 0x8) shows every exterior group: the
//!   outdoors is drawn as a whole.

use glam::{Mat4, Vec3, Vec4};
use m2view_format::wmo::Wmo;

/// A part of the screen in normalised device coordinates: x0, y0, x1, y1.
type Rect = [f32; 4];

/// The whole screen.
const SCREEN: Rect = [-1.0, -1.0, 1.0, 1.0];

/// The groups of `wmo` to draw for an eye at `eye` (the WMO's space,
/// model units, Z-up) looking through `view_proj` (WMO space → clip): one
/// flag per group. `None`: the eye is in no interior group; draw all.
pub fn visible_groups(wmo: &Wmo, eye: Vec3, view_proj: Mat4) -> Option<Vec<bool>> {
    let start = eye_group(wmo, eye)?;
    let mut seen: Vec<Option<Rect>> = vec![None; wmo.groups.len()];
    seen[start] = Some(SCREEN);
    let mut queue = std::collections::VecDeque::from([start]);
    // Each visit that grows a group's rectangle requeues it: bounded for hostile portal graphs.
    let mut budget = 16 * wmo.groups.len() + 16;
    while let (Some(g), true) = (queue.pop_front(), budget > 0) {
        budget -= 1;
        let (Some(here), Some(geo)) = (seen[g], wmo.groups[g].geometry.as_ref()) else { continue };
        for r in wmo.portal_refs.get(geo.portal_refs.clone()).unwrap_or_default() {
            let (Some(portal), Some(next)) = (wmo.portals.get(r.portal as usize), seen.get(r.group as usize)) else {
                continue;
            };
            if !on_group_side(portal.plane, r.side, eye) {
                continue;
            }
            let Some(through) = projected(&portal.vertices, view_proj).and_then(|p| overlap(p, here)) else { continue };
            let grown = match *next {
                None => through,
                Some(old) => union(old, through),
            };
            if *next != Some(grown) {
                seen[r.group as usize] = Some(grown);
                queue.push_back(r.group as usize);
            }
        }
    }
    let outdoors = wmo.groups.iter().zip(&seen).any(|(g, s)| s.is_some() && !g.is_interior() && g.flags & 0x8 != 0);
    Some(wmo.groups.iter().zip(&seen).map(|(g, s)| s.is_some() || (outdoors && g.flags & 0x8 != 0)).collect())
}

/// Whether the WMO's skybox (`MOSB`) is drawn, given the groups
/// [`visible_groups`] found seen (`None`: the eye is in no interior
/// group): an interior group seen from an interior start shows it (flag
/// 0x40000; WebWowViewerCpp `WmoObject::traverseGroupWmo`). An eye
/// outdoors sees the zone's sky.
pub fn shows_skybox(wmo: &Wmo, seen: Option<&[bool]>) -> bool {
    wmo.skybox.is_some()
        && seen.is_some_and(|seen| wmo.groups.iter().zip(seen).any(|(g, &s)| s && g.is_interior() && g.shows_skybox()))
}

/// The interior group the eye is in (see the module notes), if any.
pub fn eye_group(wmo: &Wmo, eye: Vec3) -> Option<usize> {
    let volume = |(lo, hi): ([f32; 3], [f32; 3])| (0..3).map(|a| (hi[a] - lo[a]).max(0.0)).product::<f32>();
    wmo.groups
        .iter()
        .enumerate()
        .filter(|(_, g)| g.is_interior())
        .filter(|(_, g)| (0..3).all(|a| g.bounds.0[a] <= eye[a] && eye[a] <= g.bounds.1[a]))
        .filter(|(_, g)| {
            let refs = g.geometry.as_ref().and_then(|geo| wmo.portal_refs.get(geo.portal_refs.clone()));
            refs.unwrap_or_default()
                .iter()
                .all(|r| wmo.portals.get(r.portal as usize).is_none_or(|p| on_group_side(p.plane, r.side, eye)))
        })
        .min_by(|a, b| volume(a.1.bounds).total_cmp(&volume(b.1.bounds)))
        .map(|(i, _)| i)
}

/// Whether `eye` is on the side of portal plane `plane` (normal, distance)
/// that a reference with `side` says is its group's.
fn on_group_side(plane: [f32; 4], side: i16, eye: Vec3) -> bool {
    let d = Vec3::new(plane[0], plane[1], plane[2]).dot(eye) + plane[3];
    if side < 0 { d <= 0.0 } else { d >= 0.0 }
}

/// The screen rectangle of a portal polygon: `None` when it is wholly
/// behind the eye, the whole screen when it crosses the eye's plane.
fn projected(vertices: &[[f32; 3]], view_proj: Mat4) -> Option<Rect> {
    let clip: Vec<Vec4> = vertices.iter().map(|v| view_proj * Vec3::from(*v).extend(1.0)).collect();
    const NEAR: f32 = 1e-4;
    if clip.is_empty() || clip.iter().all(|c| c.w <= NEAR) {
        return None;
    }
    if clip.iter().any(|c| c.w <= NEAR) {
        return Some(SCREEN);
    }
    let mut r = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
    for c in clip {
        let (x, y) = (c.x / c.w, c.y / c.w);
        r = [r[0].min(x), r[1].min(y), r[2].max(x), r[3].max(y)];
    }
    Some(r)
}

/// The doodads (`MODD` placements) of `wmo` to draw when its groups
/// `groups` are drawn (one flag each, as [`visible_groups`] gives): a
/// doodad a group holds (`MODR`) shows where one of its groups shows; one
/// no read group holds always shows. One flag per placement.
pub fn visible_doodads(wmo: &Wmo, groups: &[bool]) -> Vec<bool> {
    let mut held = vec![false; wmo.doodads.len()];
    let mut seen = vec![false; wmo.doodads.len()];
    for (g, shown) in wmo.groups.iter().zip(groups) {
        for &d in g.geometry.as_ref().map_or(&[][..], |geo| &geo.doodad_refs) {
            if let (Some(h), Some(s)) = (held.get_mut(d as usize), seen.get_mut(d as usize)) {
                *h = true;
                *s |= *shown;
            }
        }
    }
    held.iter().zip(seen).map(|(&h, s)| !h || s).collect()
}

/// The overlap of two rectangles (`None`: they do not overlap).
fn overlap(a: Rect, b: Rect) -> Option<Rect> {
    let r = [a[0].max(b[0]), a[1].max(b[1]), a[2].min(b[2]), a[3].min(b[3])];
    (r[0] < r[2] && r[1] < r[3]).then_some(r)
}

/// The smallest rectangle holding both.
fn union(a: Rect, b: Rect) -> Rect {
    [a[0].min(b[0]), a[1].min(b[1]), a[2].max(b[2]), a[3].max(b[3])]
}

#[cfg(test)]
mod tests {
    use super::*;
    use m2view_format::wmo::{GroupGeometry, PortalRef, WmoGroup, WmoPortal};

    /// Three interior rooms in a row along x (A 0–10, B 10–20, C 20–30; y and z −5–5), doorways
    /// at x = 10 (A|B) and x = 20 (B|C), each a 2 × 2 square around y = z = 0, plus an exterior
    /// group D beyond C joined by a doorway at x = 30. Portal planes face +x (n = (1, 0, 0),
    /// d = −x): a room's side is −1 for the portal ahead of it, +1 for the one behind.
    fn rooms() -> Wmo {
        let mut w = m2view_format::wmo::Wmo::parse_root(&m2view_format::fixtures::wmo::root(false), "box.wmo").unwrap();
        let room = |x0: f32, flags: u32, refs: std::ops::Range<usize>| WmoGroup {
            name: String::new(),
            flags,
            bounds: ([x0, -5.0, -5.0], [x0 + 10.0, 5.0, 5.0]),
            geometry: Some(GroupGeometry { portal_refs: refs, ..Default::default() }),
        };
        w.groups =
            vec![room(0.0, 0x2000, 0..1), room(10.0, 0x2000, 1..3), room(20.0, 0x2000, 3..5), room(30.0, 0x8, 5..6)];
        let door = |x: f32| WmoPortal {
            vertices: vec![[x, -1.0, -1.0], [x, 1.0, -1.0], [x, 1.0, 1.0], [x, -1.0, 1.0]],
            plane: [1.0, 0.0, 0.0, -x],
        };
        w.portals = vec![door(10.0), door(20.0), door(30.0)];
        let r = |portal, group, side| PortalRef { portal, group, side };
        w.portal_refs = vec![r(0, 1, -1), r(0, 0, 1), r(1, 2, -1), r(1, 1, 1), r(2, 3, -1), r(2, 2, 1)];
        w
    }

    fn look(eye: Vec3, at: Vec3) -> Mat4 {
        glam::camera::rh::proj::directx::perspective(60f32.to_radians(), 1.0, 0.1, 1000.0)
            * glam::camera::rh::view::look_at_mat4(eye, at, Vec3::Z)
    }

    #[test]
    fn doodads_show_with_the_groups_that_hold_them() {
        // The box fixture's group 0 holds placements 0–2 (MODR); with group 0 hidden they go,
        // and a placement no group holds (a fourth, added here) stays.
        let mut w = m2view_format::wmo::Wmo::parse_root(&m2view_format::fixtures::wmo::root(false), "box.wmo").unwrap();
        w.add_group(0, &m2view_format::fixtures::wmo::group(0), "box_000.wmo").unwrap();
        w.doodads.push(w.doodads[0].clone());
        assert_eq!(visible_doodads(&w, &[true, false]), [true; 4]);
        assert_eq!(visible_doodads(&w, &[false, true]), [false, false, false, true]);
    }

    #[test]
    fn the_eye_finds_its_room() {
        let w = rooms();
        assert_eq!(eye_group(&w, Vec3::new(5.0, 0.0, 0.0)), Some(0));
        assert_eq!(eye_group(&w, Vec3::new(15.0, 2.0, 0.0)), Some(1));
        // Outdoors (the exterior group, or nowhere): no culling.
        assert_eq!(eye_group(&w, Vec3::new(35.0, 0.0, 0.0)), None);
        assert_eq!(visible_groups(&w, Vec3::new(-50.0, 0.0, 0.0), look(Vec3::new(-50.0, 0.0, 0.0), Vec3::ZERO)), None);
    }

    #[test]
    fn rooms_are_seen_through_chains_of_doorways() {
        let w = rooms();
        // In A looking down the row: B through the first doorway, C through both, the outdoors.
        let eye = Vec3::new(2.0, 0.0, 0.0);
        assert_eq!(visible_groups(&w, eye, look(eye, Vec3::new(40.0, 0.0, 0.0))), Some(vec![true; 4]));
        // In A looking back, away from the doorways: A alone.
        assert_eq!(
            visible_groups(&w, eye, look(eye, Vec3::new(-10.0, 0.0, 0.0))),
            Some(vec![true, false, false, false])
        );
        // In A looking into B at a slant: the first doorway is seen, the second is not seen through
        // it (eye at y = 4, looking at (10, 0): the second doorway projects outside the first).
        let eye = Vec3::new(2.0, 4.0, 0.0);
        let v = visible_groups(&w, eye, look(eye, Vec3::new(10.0, 0.0, 0.0))).unwrap();
        assert_eq!(v, [true, true, false, false]);
        // In C looking back west: B, and A through both doorways; not the outdoors behind.
        let eye = Vec3::new(28.0, 0.0, 0.0);
        assert_eq!(visible_groups(&w, eye, look(eye, Vec3::ZERO)), Some(vec![true, true, true, false]));
    }
}
