//! A chunked M2's skeleton from its `.skel` chain (wowdev wiki "M2/.skel";
//! wow.export's `SKELLoader.js` and M2 renderer: bones and animations from
//! the skeleton, its parent's where it has none): the model's `SKID`
//! skeleton, then its `SKPD` parent, recursively (at most [`MAX_CHAIN`]
//! deep, no skeleton twice). Each block — sequences and global loops,
//! bones and the key-bone lookup, attachments and their lookup, the
//! `AFID`/`BFID` lists — comes from the nearest skeleton of the chain that
//! has it, and replaces the model's own. The converter then treats the
//! model as if those blocks were inline; bone and attachment keys that
//! live in `.anim` files are read from their `AFSB`/`AFSA` chunks.

use crate::raw::chunked::{M2File, SkeletonUse};
use crate::raw::skel::Skel;

/// Longest chain of parent skeletons followed.
pub const MAX_CHAIN: usize = 4;

/// Replaces `file`'s blocks with those of `chain` (the model's skeleton
/// first, then its parents), returning what was taken.
pub fn apply<'a>(file: &mut M2File<'a>, chain: &[(u32, Skel<'a>)]) -> SkeletonUse {
    let mut used = SkeletonUse { chain: chain.iter().map(|c| c.0).collect(), ..Default::default() };
    let md = &mut file.md20;
    if let Some(s) = chain.iter().find_map(|c| c.1.sequences.clone()) {
        md.global_loops = s.global_loops;
        md.sequences = s.sequences;
        md.sequence_lookup = s.lookup;
        used.sequences = true;
    }
    if let Some((bones, lookup)) = chain.iter().find_map(|c| c.1.bones.clone()) {
        md.bones = bones;
        md.key_bone_lookup = lookup;
        used.bones = true;
    }
    if let Some((attachments, lookup)) = chain.iter().find_map(|c| c.1.attachments.clone()) {
        md.attachments = attachments;
        md.attachment_lookup = lookup;
        used.attachments = true;
    }
    if let Some(chunks) = file.chunks.as_mut() {
        if let Some(afid) = chain.iter().map(|c| &c.1.anim_file_ids).find(|a| !a.is_empty()) {
            chunks.anim_file_ids = afid.clone();
        }
        if let Some(bfid) = chain.iter().map(|c| &c.1.bone_file_ids).find(|b| !b.is_empty()) {
            chunks.bone_file_ids = bfid.clone();
        }
    }
    used
}
