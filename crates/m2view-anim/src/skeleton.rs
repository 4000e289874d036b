//! A model posed by another model's skeleton: the 9.0+ character's
//! "collection" models (hair, horns, armour worn as skinned models,
//! `ChrCustomizationSkinnedModel`) carry bones of their own that stand
//! for the character's. Each of their bones is the character's bone with
//! the same pivot (within 0.0001 model units) and the same `boneNameCRC`,
//! else the first with the same pivot alone (wow.export
//! `M2RendererGL.buildBoneRemapTable`, "like wowmodelviewer"); a bone that
//! matches none keeps the collection's own pose.

use glam::Vec3;
use m2view_format::Model;

use crate::Pose;

/// The mapping of a child model's bones onto a parent's.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SharedSkeleton {
    /// Per child bone, the parent bone it follows (`None`: its own).
    pub map: Vec<Option<usize>>,
}

impl SharedSkeleton {
    /// The mapping of `child`'s bones onto `parent`'s (see the module docs).
    pub fn new(child: &Model, parent: &Model) -> SharedSkeleton {
        const EPSILON: f32 = 0.0001;
        let near = |a: [f32; 3], b: [f32; 3]| (Vec3::from(a) - Vec3::from(b)).abs().max_element() < EPSILON;
        let map = child
            .bones
            .iter()
            .map(|c| {
                let same = |named: bool| {
                    parent.bones.iter().position(|p| near(p.pivot, c.pivot) && (!named || p.name_crc == c.name_crc))
                };
                same(true).or_else(|| same(false))
            })
            .collect();
        SharedSkeleton { map }
    }

    /// How many child bones follow a parent bone.
    pub fn mapped(&self) -> usize {
        self.map.iter().flatten().count()
    }

    /// Makes `child`'s bone matrices those of the parent bones they follow.
    pub fn apply(&self, child: &mut Pose, parent: &Pose) {
        for (c, p) in self.map.iter().enumerate() {
            if let (Some(p), Some(slot)) = (p, child.bones.get_mut(c))
                && let Some(m) = parent.bones.get(*p)
            {
                *slot = *m;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Mat4;
    use m2view_format::fixtures;

    fn model(v: u32) -> Model {
        let m2 = m2view_format::writer::write_md20(&fixtures::two_boxes(v));
        let skin = m2view_format::writer::write_skin(&fixtures::skin_profile(v), v);
        m2view_format::model_from_bytes(&m2, "t.m2", &[("s", &skin)]).unwrap()
    }

    #[test]
    fn bones_follow_the_parent_bone_of_the_same_pivot_and_name() {
        let parent = model(264);
        let mut child = parent.clone();
        // Child bone 1 moved away: it matches nothing and keeps its own pose.
        child.bones[1].pivot = [9.0, 9.0, 9.0];
        let s = SharedSkeleton::new(&child, &parent);
        assert_eq!(s.map, [Some(0), None]);
        // Same pivot, another name CRC: the pivot alone decides.
        child.bones[0].name_crc ^= 1;
        assert_eq!(SharedSkeleton::new(&child, &parent).map[0], Some(0));
        let lifted = Mat4::from_translation(Vec3::Z);
        let parent_pose = Pose { bones: vec![lifted, lifted], ..Default::default() };
        let mut child_pose = Pose { bones: vec![Mat4::IDENTITY; 2], ..Default::default() };
        s.apply(&mut child_pose, &parent_pose);
        assert_eq!(child_pose.bones, [lifted, Mat4::IDENTITY]);
        assert_eq!(s.mapped(), 1);
    }
}
