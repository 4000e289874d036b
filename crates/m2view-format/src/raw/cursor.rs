//! Sequential reads inside one bounds-checked record, with nom primitives.

use crate::error::{Error, PathSeg, Result};
use crate::raw::track::{FBlock, M2Track, RawValue, TrackContext};
use crate::reader::{self, M2Array, PResult, Reader};

/// Reads fields of one record in order. The record slice has already been
/// bounds-checked against the file, so a failing read here means the record
/// layout table disagrees with the record size (reported, never a panic).
pub(crate) struct Cursor<'a> {
    rec: &'a [u8],
    pos: usize,
    abs: u64,
}

impl<'a> Cursor<'a> {
    pub fn new(rec: &'a [u8], abs: u64) -> Self {
        Cursor { rec, pos: 0, abs }
    }

    fn short(&self) -> Error {
        Error::invalid(self.abs + self.pos as u64, "record shorter than its layout")
    }

    pub fn take<T>(&mut self, p: impl Fn(&'a [u8]) -> PResult<'a, T>) -> Result<T> {
        let input = self.rec.get(self.pos..).ok_or_else(|| self.short())?;
        let (rest, v) = p(input).map_err(|_| self.short())?;
        self.pos = self.rec.len() - rest.len();
        Ok(v)
    }

    pub fn u8(&mut self) -> Result<u8> {
        self.take(reader::u8_)
    }
    pub fn i8(&mut self) -> Result<i8> {
        self.take(reader::i8_)
    }
    pub fn u16(&mut self) -> Result<u16> {
        self.take(reader::u16_)
    }
    pub fn i16(&mut self) -> Result<i16> {
        self.take(reader::i16_)
    }
    pub fn u32(&mut self) -> Result<u32> {
        self.take(reader::u32_)
    }
    pub fn i32(&mut self) -> Result<i32> {
        self.take(reader::i32_)
    }
    pub fn f32(&mut self) -> Result<f32> {
        self.take(reader::f32_)
    }
    pub fn vec2(&mut self) -> Result<[f32; 2]> {
        self.take(reader::vec2)
    }
    pub fn vec3(&mut self) -> Result<[f32; 3]> {
        self.take(reader::vec3)
    }
    pub fn array(&mut self) -> Result<M2Array> {
        self.take(reader::m2array)
    }
    pub fn bytes4(&mut self) -> Result<[u8; 4]> {
        self.take(reader::bytes4)
    }

    /// Reads the track header of field `field` (`size` bytes) and resolves
    /// it; its error and warnings name `field`.
    pub fn track<'d, T: RawValue>(
        &mut self,
        r: &Reader<'d, '_>,
        cx: TrackContext<'_>,
        size: usize,
        field: &'static str,
    ) -> Result<M2Track<'d, T>> {
        let start = self.pos;
        let rec = self.rec.get(start..start + size).ok_or_else(|| self.short())?;
        self.pos += size;
        r.state().within(&[PathSeg::Field(field)], || M2Track::read(r, rec, cx))
    }

    /// Reads an FBlock (16 bytes) and resolves it.
    pub fn fblock<T: RawValue>(&mut self, r: &Reader<'_, '_>) -> Result<FBlock<T>> {
        let start = self.pos;
        let rec = self.rec.get(start..start + 16).ok_or_else(|| self.short())?;
        self.pos += 16;
        FBlock::read(r, rec)
    }
}

/// Reads the array `field` of `size`-byte records with `parse(record bytes,
/// absolute offset)`; errors and warnings name `field` and the element index.
/// Budget is charged for the decoded vector.
pub(crate) fn records<'a, T>(
    r: &Reader<'a, '_>,
    field: &'static str,
    arr: M2Array,
    size: usize,
    mut parse: impl FnMut(&'a [u8], u64) -> Result<T>,
) -> Result<Vec<T>> {
    if arr.count == 0 {
        return Ok(Vec::new());
    }
    let state = r.state();
    state.within(&[PathSeg::Field(field)], || {
        let bytes = r.array_bytes(arr, size)?;
        let decoded = (arr.count as u64).saturating_mul(std::mem::size_of::<T>() as u64);
        r.budget().charge(decoded, r.abs(arr.offset as u64))?;
        let mut out = Vec::with_capacity(arr.count as usize);
        for (i, rec) in bytes.chunks_exact(size).enumerate() {
            let abs = r.abs(arr.offset as u64 + (i * size) as u64);
            out.push(state.within(&[PathSeg::Index(i)], || parse(rec, abs))?);
        }
        Ok(out)
    })
}
