//! Checked access to file bytes: every `M2Array` dereference and every
//! allocation goes through here.
//!
//! Invariants: an array is read only if `offset + count * elem_size` (computed
//! with checked arithmetic) fits in the buffer, and only after its decoded size
//! has been charged to a [`Budget`] derived from the file size, so a hostile
//! file cannot make the parser allocate more than a small multiple of its own
//! length (image-rs `Limits` style). Fixed-size records are decoded with nom.

use std::cell::{Cell, RefCell};

use nom::IResult;

use crate::error::{Error, ErrorKind, PathSeg, Result, ResultExt};

/// nom result over a byte slice with nom's default error type.
pub(crate) type PResult<'a, T> = IResult<&'a [u8], T, nom::error::Error<&'a [u8]>>;

// Monomorphic little-endian readers with nom's result and error types, so
// record parsers read without turbofish. They split fixed-size chunks directly
// instead of calling nom's generic `le_*`: in the parse benchmark nom 8's
// `Input::take_from` for `&[u8]` was the single biggest cost.
#[inline]
fn eof(i: &[u8]) -> nom::Err<nom::error::Error<&[u8]>> {
    nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Eof))
}

macro_rules! le_reader {
    ($name:ident, $t:ty, $n:expr) => {
        #[inline]
        pub(crate) fn $name(i: &[u8]) -> PResult<'_, $t> {
            match i.split_first_chunk::<$n>() {
                Some((b, rest)) => Ok((rest, <$t>::from_le_bytes(*b))),
                None => Err(eof(i)),
            }
        }
    };
}
le_reader!(u8_, u8, 1);
le_reader!(i8_, i8, 1);
le_reader!(u16_, u16, 2);
le_reader!(i16_, i16, 2);
le_reader!(u32_, u32, 4);
le_reader!(i32_, i32, 4);
le_reader!(f32_, f32, 4);
le_reader!(i64_, i64, 8);

#[inline]
pub(crate) fn vec2(i: &[u8]) -> PResult<'_, [f32; 2]> {
    let (i, x) = f32_(i)?;
    let (i, y) = f32_(i)?;
    Ok((i, [x, y]))
}
#[inline]
pub(crate) fn vec3(i: &[u8]) -> PResult<'_, [f32; 3]> {
    let (i, x) = f32_(i)?;
    let (i, y) = f32_(i)?;
    let (i, z) = f32_(i)?;
    Ok((i, [x, y, z]))
}
#[inline]
pub(crate) fn vec4(i: &[u8]) -> PResult<'_, [f32; 4]> {
    let (i, x) = f32_(i)?;
    let (i, y) = f32_(i)?;
    let (i, z) = f32_(i)?;
    let (i, w) = f32_(i)?;
    Ok((i, [x, y, z, w]))
}
#[inline]
pub(crate) fn bytes4(i: &[u8]) -> PResult<'_, [u8; 4]> {
    match i.split_first_chunk::<4>() {
        Some((b, rest)) => Ok((rest, *b)),
        None => Err(nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Eof))),
    }
}
#[inline]
pub(crate) fn m2array(i: &[u8]) -> PResult<'_, M2Array> {
    let (i, count) = u32_(i)?;
    let (i, offset) = u32_(i)?;
    Ok((i, M2Array { count, offset }))
}

/// `M2Array<T>` on disk: `u32 count; u32 offset` (offset relative to the start
/// of the M2 data block: file start for MD20, MD21 chunk payload for Legion+;
/// or the .skin/.anim file that holds it). Seed M2 page, "Types".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct M2Array {
    /// Number of elements.
    pub count: u32,
    /// Byte offset of the first element.
    pub offset: u32,
}

/// Allocation budget for one parse (bytes of decoded output).
#[derive(Debug)]
pub struct Budget {
    remaining: Cell<u64>,
}

impl Budget {
    /// The budget for a file of `len` bytes: 32 decoded bytes per file byte plus
    /// 64 MiB. Real files decode to well under 8x their size; the margin only
    /// stops hostile files that point many arrays at the same bytes.
    pub fn for_file_len(len: usize) -> Self {
        Budget { remaining: Cell::new((len as u64).saturating_mul(32).saturating_add(64 << 20)) }
    }

    /// A budget of exactly `bytes`.
    pub fn with_bytes(bytes: u64) -> Self {
        Budget { remaining: Cell::new(bytes) }
    }

    /// Bytes still available.
    pub fn remaining(&self) -> u64 {
        self.remaining.get()
    }

    /// Takes `bytes` from the budget or fails with [`ErrorKind::BudgetExceeded`] at `offset`.
    pub fn charge(&self, bytes: u64, offset: u64) -> Result<()> {
        let rem = self.remaining.get();
        if bytes > rem {
            return Err(Error::new(offset, ErrorKind::BudgetExceeded { requested: bytes, remaining: rem }));
        }
        self.remaining.set(rem - bytes);
        Ok(())
    }
}

/// What every reader of one parse shares: the allocation [`Budget`] and the
/// repairs made on the way. A repair is an inconsistency the client reads
/// past (per-sequence arrays of a track that disagree in count: the shorter
/// is read) and the parse does too, recording a warning that names the
/// structure and the offset, as an error would.
#[derive(Debug)]
pub struct ParseState {
    /// The allocation budget.
    pub budget: Budget,
    warnings: RefCell<Vec<Error>>,
}

impl ParseState {
    /// The state of a parse of a file of `len` bytes ([`Budget::for_file_len`]).
    pub fn for_file_len(len: usize) -> Self {
        ParseState::new(Budget::for_file_len(len))
    }

    /// The state of a parse with `budget`.
    pub fn new(budget: Budget) -> Self {
        ParseState { budget, warnings: RefCell::new(Vec::new()) }
    }

    /// Records a repair: what was inconsistent, where, and what was read instead.
    pub fn warn(&self, e: Error) {
        self.warnings.borrow_mut().push(e);
    }

    /// The repairs recorded so far, oldest first; the state keeps none.
    pub fn take_warnings(&self) -> Vec<Error> {
        std::mem::take(&mut self.warnings.borrow_mut())
    }

    /// Runs `read`, naming `segs` (outermost first) in the structure path of
    /// its error and of the warnings it records: the warning counterpart of
    /// [`ResultExt::at`], for readers of nested structures.
    pub(crate) fn within<T>(&self, segs: &[PathSeg], read: impl FnOnce() -> Result<T>) -> Result<T> {
        let mark = self.warnings.borrow().len();
        let out = read().map_err(|e| e.under(segs));
        for w in self.warnings.borrow_mut()[mark..].iter_mut() {
            w.path.splice(0..0, segs.iter().cloned());
        }
        out
    }
}

/// A view of one data block (whole file, or a chunk payload) with absolute
/// offsets for error messages. What it reads in place borrows the data
/// (`'a`), not the parse state (`'b`), so a parse's state can be local to it.
#[derive(Clone, Copy)]
pub struct Reader<'a, 'b> {
    data: &'a [u8],
    /// Absolute file offset of `data[0]`.
    base: u64,
    state: &'b ParseState,
}

impl<'a, 'b> Reader<'a, 'b> {
    /// A reader over `data`, whose first byte is at absolute offset `base`.
    pub fn new(data: &'a [u8], base: u64, state: &'b ParseState) -> Self {
        Reader { data, base, state }
    }

    /// The bytes of this block.
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// Length of this block in bytes.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// True when the block is empty.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Absolute offset of a block-relative offset.
    pub fn abs(&self, offset: u64) -> u64 {
        self.base.saturating_add(offset)
    }

    /// The shared allocation budget.
    pub fn budget(&self) -> &'b Budget {
        &self.state.budget
    }

    /// The state shared by every reader of this parse (budget, repairs).
    pub fn state(&self) -> &'b ParseState {
        self.state
    }

    /// `len` bytes at block offset `offset`, bounds-checked.
    pub fn bytes(&self, offset: u64, len: u64) -> Result<&'a [u8]> {
        let end = offset.checked_add(len);
        match end {
            Some(end) if end <= self.data.len() as u64 => Ok(&self.data[offset as usize..end as usize]),
            _ => Err(Error::new(self.abs(offset), ErrorKind::OutOfBounds { len, file_len: self.data.len() as u64 })),
        }
    }

    /// The bytes of an `M2Array` of `elem_size`-byte elements, bounds-checked.
    pub fn array_bytes(&self, arr: M2Array, elem_size: usize) -> Result<&'a [u8]> {
        let total = (arr.count as u64).checked_mul(elem_size as u64);
        match total {
            Some(total) if total <= self.data.len() as u64 => self.bytes(arr.offset as u64, total),
            _ => Err(Error::new(
                self.abs(arr.offset as u64),
                ErrorKind::ArrayTooLarge {
                    count: arr.count as u64,
                    elem_size: elem_size as u64,
                    file_len: self.data.len() as u64,
                },
            )),
        }
    }

    /// The bytes of `arr` (`elem_size`-byte records, bounds-checked), after
    /// charging the budget for the vector of `T` they decode into.
    fn decoded_bytes<T>(&self, arr: M2Array, elem_size: usize) -> Result<&'a [u8]> {
        let bytes = self.array_bytes(arr, elem_size)?;
        self.budget().charge(
            (arr.count as u64).saturating_mul(std::mem::size_of::<T>().max(1) as u64),
            self.abs(arr.offset as u64),
        )?;
        Ok(bytes)
    }

    /// Decodes an `M2Array` of fixed-size records with `parse`, charging the
    /// budget for the decoded vector first. Errors name the element index.
    pub fn array<T>(
        &self,
        arr: M2Array,
        elem_size: usize,
        parse: impl Fn(&'a [u8]) -> PResult<'a, T>,
    ) -> Result<Vec<T>> {
        if arr.count == 0 {
            return Ok(Vec::new());
        }
        let bytes = self.decoded_bytes::<T>(arr, elem_size)?;
        let mut out = Vec::with_capacity(arr.count as usize);
        for (i, rec) in bytes.chunks_exact(elem_size).enumerate() {
            match parse(rec) {
                Ok((_, v)) => out.push(v),
                Err(_) => {
                    let off = self.abs(arr.offset as u64 + (i * elem_size) as u64);
                    return Err(Error::invalid(off, "record does not decode")).at_index(i);
                }
            }
        }
        Ok(out)
    }

    /// Decodes an `M2Array` of `N`-byte records that always decode (`decode`
    /// reads a whole record: every vertex of a model). Bounds-checked and
    /// charged as [`Reader::array`]; one pass without per-record checks.
    pub fn fixed<const N: usize, T>(&self, arr: M2Array, decode: impl Fn(&[u8; N]) -> T) -> Result<Vec<T>> {
        if arr.count == 0 {
            return Ok(Vec::new());
        }
        let bytes = self.decoded_bytes::<T>(arr, N)?;
        let (records, _) = bytes.as_chunks::<N>();
        let mut out = Vec::with_capacity(records.len());
        out.extend(records.iter().map(decode));
        Ok(out)
    }

    /// Decodes an `M2Array` of track values (bulk path: every key of every
    /// track). `T::SIZE` must not be 0.
    pub fn values<T: crate::raw::track::RawValue>(&self, arr: M2Array) -> Result<Vec<T>> {
        let bytes = self.decoded_bytes::<T>(arr, T::SIZE)?;
        Ok(T::read_all(bytes))
    }

    /// The values of an `M2Array` of track keys, in place where they can be
    /// ([`crate::raw::track::KeyArray`]). Charged to the budget as if decoded:
    /// the model conversion copies them. A zero-sized `T` (timestamp-only
    /// track) has no value array on disk and gives an empty array.
    pub fn keys<T: crate::raw::track::RawValue>(&self, arr: M2Array) -> Result<std::borrow::Cow<'a, [T]>> {
        let decoded = (arr.count as u64).saturating_mul(std::mem::size_of::<T>().max(1) as u64);
        if T::SIZE == 0 {
            self.budget().charge(decoded, self.abs(arr.offset as u64))?;
            return Ok(std::borrow::Cow::Borrowed(&[]));
        }
        let bytes = self.array_bytes(arr, T::SIZE)?;
        self.budget().charge(decoded, self.abs(arr.offset as u64))?;
        Ok(T::view(bytes).map_or_else(|| std::borrow::Cow::Owned(T::read_all(bytes)), std::borrow::Cow::Borrowed))
    }

    /// Decodes an `M2Array<u16>` (bulk path: lookup tables, skin indices).
    pub fn u16s(&self, arr: M2Array) -> Result<Vec<u16>> {
        let bytes = self.array_bytes(arr, 2)?;
        self.budget().charge(bytes.len() as u64, self.abs(arr.offset as u64))?;
        // Extended from an exact-size iterator: no zeroing first, one pass
        // that compiles to a straight copy on little-endian targets.
        let mut out = Vec::with_capacity(bytes.len() / 2);
        out.extend(bytes.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])));
        Ok(out)
    }

    /// Decodes an `M2Array<u32>` (bulk path: timestamps).
    pub fn u32s(&self, arr: M2Array) -> Result<Vec<u32>> {
        let bytes = self.array_bytes(arr, 4)?;
        self.budget().charge(bytes.len() as u64, self.abs(arr.offset as u64))?;
        let mut out = Vec::with_capacity(bytes.len() / 4);
        out.extend(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])));
        Ok(out)
    }

    /// Decodes one fixed-size record of `size` bytes at block offset `offset`.
    pub fn record<T>(&self, offset: u64, size: usize, parse: impl Fn(&'a [u8]) -> PResult<'a, T>) -> Result<T> {
        let bytes = self.bytes(offset, size as u64)?;
        parse(bytes).map(|(_, v)| v).map_err(|_| Error::invalid(self.abs(offset), "record does not decode"))
    }

    /// A zero-terminated (or length-bounded) string from an `M2Array<char>`.
    /// Non-UTF-8 bytes are replaced; the string stops at the first NUL.
    pub fn string(&self, arr: M2Array) -> Result<String> {
        let bytes = self.array_bytes(arr, 1)?;
        let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        self.budget().charge(end as u64, self.abs(arr.offset as u64))?;
        Ok(String::from_utf8_lossy(&bytes[..end]).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn array_bounds_and_overflow_are_errors() {
        let data = [0u8; 16];
        let state = ParseState::for_file_len(data.len());
        let r = Reader::new(&data, 0x100, &state);
        assert_eq!(r.array(M2Array { count: 4, offset: 0 }, 4, u32_).unwrap().len(), 4);
        let e = r.array(M2Array { count: 2, offset: 12 }, 4, u32_).unwrap_err();
        assert_eq!(e.offset, 0x10c);
        assert!(matches!(e.kind, ErrorKind::OutOfBounds { len: 8, file_len: 16 }));
        let e = r.array(M2Array { count: u32::MAX, offset: 0 }, 48, u32_).unwrap_err();
        assert!(matches!(e.kind, ErrorKind::ArrayTooLarge { .. }));
    }

    #[test]
    fn budget_stops_repeated_reads_of_the_same_bytes() {
        let data = [0u8; 1024];
        let state = ParseState::new(Budget::with_bytes(3000));
        let r = Reader::new(&data, 0, &state);
        let arr = M2Array { count: 256, offset: 0 };
        assert!(r.array(arr, 4, u32_).is_ok()); // 1024 bytes
        assert!(r.array(arr, 4, u32_).is_ok()); // 2048
        let e = r.array(arr, 4, u32_).unwrap_err();
        assert!(matches!(e.kind, ErrorKind::BudgetExceeded { .. }));
    }
}
