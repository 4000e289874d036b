//! `.skel` files (Legion 7.3+, wowdev wiki "M2/.skel"): the blocks of MD20
//! data a chunked M2 with an `SKID` chunk takes from a shared skeleton.
//! Chunks like MD21's, each a header of `M2Array`s whose offsets are
//! relative to the chunk's payload:
//!
//! - `SKL1` flags (0x100), the skeleton's name, 4 bytes;
//! - `SKA1` attachments and the attachment lookup;
//! - `SKB1` bones (`M2CompBone`, Legion layout) and the key-bone lookup;
//! - `SKS1` global loops, sequences (`M2Sequence`) and the sequence lookup;
//! - `SKPD` 8 bytes, the parent skeleton's FileDataID, 4 bytes;
//! - `AFID`, `BFID` as in M2: the skeleton's `.anim` and `.bone` files.
//!
//! A skeleton may omit blocks its parent (`SKPD`) has: "the child shares
//! the parent's AFID/BFID files" (the wiki: `lightforgeddraeneimale`
//! references `draeneimale_hd` and has no `AFID` of its own). Bone and
//! attachment tracks are laid out per sequence of the skeleton's `SKS1` —
//! or, when it has none, of the sequences it inherits, which the caller
//! passes.

use crate::error::{PathSeg, Result, ResultExt};
use crate::raw::chunked::{AnimFileId, split_chunks};
use crate::raw::cursor::records;
use crate::raw::layout::Layout;
use crate::raw::m2::{
    M2Attachment, M2CompBone, M2Sequence, parse_attachment, parse_bone, parse_sequence, sequence_is_external,
};
use crate::raw::track::TrackContext;
use crate::reader::{self, Reader};

/// The record layout of `.skel` data (Legion and later).
pub const SKEL_VERSION: u32 = 274;

/// `SKS1`: global loops, sequences and the sequence lookup.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SkelSequences {
    /// Global sequence lengths in ms.
    pub global_loops: Vec<u32>,
    /// Sequences.
    pub sequences: Vec<M2Sequence>,
    /// Sequence lookup by animation id.
    pub lookup: Vec<u16>,
}

/// A parsed `.skel` file; each block is `None` where the file has no chunk for it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Skel<'a> {
    /// `SKL1` name.
    pub name: String,
    /// `SKS1`.
    pub sequences: Option<SkelSequences>,
    /// `SKB1`: bones and the key-bone lookup.
    pub bones: Option<(Vec<M2CompBone<'a>>, Vec<u16>)>,
    /// `SKA1`: attachments and the attachment lookup.
    pub attachments: Option<(Vec<M2Attachment<'a>>, Vec<u16>)>,
    /// `SKPD`: the parent skeleton's FileDataID.
    pub parent: Option<u32>,
    /// `AFID`.
    pub anim_file_ids: Vec<AnimFileId>,
    /// `BFID`.
    pub bone_file_ids: Vec<u32>,
}

impl<'a> Skel<'a> {
    /// The parent skeleton named by `r`'s `SKPD` chunk, without parsing the rest.
    ///
    /// # Errors
    /// Chunks that run past the file.
    pub fn parent_of(r: &Reader<'a, '_>) -> Result<Option<u32>> {
        for (magic, _, data) in split_chunks(r)? {
            if &magic == b"SKPD" && data.len() >= 12 {
                return Ok(Some(u32::from_le_bytes([data[8], data[9], data[10], data[11]])).filter(|&p| p != 0));
            }
        }
        Ok(None)
    }

    /// Parses a `.skel` file. `inherited`: the sequences its tracks follow
    /// when it has no `SKS1` of its own (its parent's).
    ///
    /// # Errors
    /// A chunk or block that runs past the file or its chunk (names the
    /// chunk, the structure and the offset).
    pub fn parse(r: &Reader<'a, '_>, inherited: Option<&[M2Sequence]>) -> Result<Skel<'a>> {
        let l = Layout::new(SKEL_VERSION, 0);
        let chunks = split_chunks(r)?;
        let mut s = Skel::default();
        let within =
            |magic: &'static str, f: &mut dyn FnMut() -> Result<()>| r.state().within(&[PathSeg::Field(magic)], f);
        for &(magic, off, data) in &chunks {
            let cr = Reader::new(data, off, r.state());
            match &magic {
                b"SKL1" => within("SKL1", &mut || {
                    s.name = cr.string(cr.record(4, 8, reader::m2array)?).at("name")?;
                    Ok(())
                })?,
                b"SKS1" => within("SKS1", &mut || {
                    s.sequences = Some(SkelSequences {
                        global_loops: cr.u32s(cr.record(0, 8, reader::m2array)?).at("global_loops")?,
                        sequences: records(
                            &cr,
                            "sequences",
                            cr.record(8, 8, reader::m2array)?,
                            l.sequence,
                            |rec, abs| parse_sequence(rec, abs, &l),
                        )?,
                        lookup: cr.u16s(cr.record(16, 8, reader::m2array)?).at("sequence_lookup")?,
                    });
                    Ok(())
                })?,
                b"SKPD" => s.parent = Skel::parent_of(r)?,
                b"AFID" => s.anim_file_ids = crate::raw::chunked::anim_file_ids(data),
                b"BFID" => {
                    s.bone_file_ids =
                        data.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
                }
                _ => {}
            }
        }
        let seqs: Vec<M2Sequence> = s
            .sequences
            .as_ref()
            .map(|q| q.sequences.clone())
            .or_else(|| inherited.map(<[M2Sequence]>::to_vec))
            .unwrap_or_default();
        let external: Vec<bool> = seqs.iter().map(|q| sequence_is_external(SKEL_VERSION, q.flags)).collect();
        let cx = TrackContext { legacy: false, external: &external };
        for &(magic, off, data) in &chunks {
            let cr = Reader::new(data, off, r.state());
            match &magic {
                b"SKB1" => {
                    let bones = r.state().within(&[PathSeg::Field("SKB1")], || {
                        let bones = records(&cr, "bones", cr.record(0, 8, reader::m2array)?, l.bone, |rec, abs| {
                            parse_bone(&cr, rec, abs, &l, cx)
                        })?;
                        Ok((bones, cr.u16s(cr.record(8, 8, reader::m2array)?).at("key_bone_lookup")?))
                    })?;
                    s.bones = Some(bones);
                }
                b"SKA1" => {
                    let a = r.state().within(&[PathSeg::Field("SKA1")], || {
                        let a = records(
                            &cr,
                            "attachments",
                            cr.record(0, 8, reader::m2array)?,
                            l.attachment,
                            |rec, abs| parse_attachment(&cr, rec, abs, &l, cx),
                        )?;
                        Ok((a, cr.u16s(cr.record(8, 8, reader::m2array)?).at("attachment_lookup")?))
                    })?;
                    s.attachments = Some(a);
                }
                _ => {}
            }
        }
        Ok(s)
    }
}
