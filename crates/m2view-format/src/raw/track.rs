//! `M2Track<T>`, `M2TrackBase` and the particle "fake" tracks (FBlocks) as stored on disk.
//!
//! Wrath+ (v264+): `u16 interpolation; i16 global_sequence; M2Array<M2Array<u32>> timestamps;
//! M2Array<M2Array<T>> values` (20 bytes). Classic/TBC: `u16; i16; M2Array<(u32,u32)> ranges;
//! M2Array<u32> timestamps; M2Array<T> values` (28 bytes). Seed M2 page "Standard animation
//! block"; wowdev wiki "M2" (animation blocks) and WebWowViewerCpp `algorithms/animate.h`

use std::borrow::Cow;

use crate::error::{Error, PathSeg, Result, ResultExt};
use crate::reader::{self, M2Array, PResult, Reader};

/// The keys of one array of a track: borrowed from the parsed bytes when
/// their layout in memory is the file's (little-endian target, the array
/// aligned for `T`, `T` plain data: every value type but spline keys), else
/// decoded into an owned vector. Either way every value has been read and
/// bounds-checked by the parse.
pub type KeyArray<'a, T> = Cow<'a, [T]>;

/// A value type that can appear in a track on disk: little-endian scalars
/// and fixed arrays of them.
pub trait RawValue: Sized + Clone + std::fmt::Debug + PartialEq {
    /// Size on disk in bytes (0 for timestamp-only tracks).
    const SIZE: usize;
    /// Decodes one value from exactly `SIZE` bytes (the caller slices them).
    fn read(b: &[u8]) -> Self;
    /// Decodes every whole value of `bytes` (the bulk path of key arrays).
    fn read_all(bytes: &[u8]) -> Vec<Self> {
        bytes.chunks_exact(Self::SIZE.max(1)).map(Self::read).collect()
    }
    /// The values of `bytes` in place, where the bytes already are their
    /// in-memory representation (see [`KeyArray`]); `None` otherwise.
    fn view(_bytes: &[u8]) -> Option<&[Self]> {
        None
    }
    /// Encodes one value (used by the writer).
    fn write(&self, out: &mut Vec<u8>);
}

/// A little-endian scalar of a track value.
pub trait Scalar: bytemuck::Pod + std::fmt::Debug + PartialEq {
    /// Bytes on disk.
    const N: usize;
    /// Decodes from the first `N` bytes of `b`.
    fn le(b: &[u8]) -> Self;
    /// Appends the little-endian bytes.
    fn put(self, out: &mut Vec<u8>);
    /// Decodes `bytes` as groups of `K` scalars (sizes known at compile
    /// time, so the loop is a straight copy on little-endian targets).
    fn read_groups<const K: usize>(bytes: &[u8]) -> Vec<[Self; K]>;
}

macro_rules! scalar {
    ($($t:ty),*) => {$(
        impl Scalar for $t {
            const N: usize = std::mem::size_of::<$t>();
            #[inline(always)]
            fn le(b: &[u8]) -> Self {
                <$t>::from_le_bytes(std::array::from_fn(|k| b[k]))
            }
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes())
            }
            fn read_groups<const K: usize>(bytes: &[u8]) -> Vec<[Self; K]> {
                let (scalars, _) = bytes.as_chunks::<{ std::mem::size_of::<$t>() }>();
                scalars.as_chunks::<K>().0.iter().map(|g| g.map(<$t>::from_le_bytes)).collect()
            }
        }
        impl RawValue for $t {
            const SIZE: usize = <$t as Scalar>::N;
            #[inline(always)]
            fn read(b: &[u8]) -> Self {
                <$t as Scalar>::le(b)
            }
            fn read_all(bytes: &[u8]) -> Vec<Self> {
                let (scalars, _) = bytes.as_chunks::<{ std::mem::size_of::<$t>() }>();
                scalars.iter().map(|b| <$t>::from_le_bytes(*b)).collect()
            }
            fn view(bytes: &[u8]) -> Option<&[Self]> {
                in_place(bytes)
            }
            fn write(&self, out: &mut Vec<u8>) {
                self.put(out)
            }
        }
    )*};
}
scalar!(u8, u16, i16, u32, f32);

impl<S: Scalar, const K: usize> RawValue for [S; K] {
    const SIZE: usize = K * S::N;
    #[inline(always)]
    fn read(b: &[u8]) -> Self {
        std::array::from_fn(|k| S::le(&b[k * S::N..]))
    }
    fn read_all(bytes: &[u8]) -> Vec<Self> {
        S::read_groups::<K>(bytes)
    }
    fn view(bytes: &[u8]) -> Option<&[Self]> {
        in_place(bytes)
    }
    fn write(&self, out: &mut Vec<u8>) {
        self.iter().for_each(|v| v.put(out))
    }
}

/// `bytes` as a slice of `T` without copying: only on little-endian targets
/// (the file's byte order) and when the bytes are aligned for `T`.
fn in_place<T: bytemuck::Pod>(bytes: &[u8]) -> Option<&[T]> {
    if cfg!(target_endian = "little") { bytemuck::try_cast_slice(bytes).ok() } else { None }
}

impl RawValue for () {
    const SIZE: usize = 0;
    fn read(_: &[u8]) -> Self {}
    fn write(&self, _: &mut Vec<u8>) {}
}

/// `M2SplineKey<T>`: value with in- and out-tangents (camera tracks).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SplineKey<T> {
    /// Key value.
    pub value: T,
    /// Incoming tangent.
    pub in_tan: T,
    /// Outgoing tangent.
    pub out_tan: T,
}

impl<T: RawValue + Copy> RawValue for SplineKey<T> {
    const SIZE: usize = 3 * T::SIZE;
    fn read(b: &[u8]) -> Self {
        SplineKey { value: T::read(b), in_tan: T::read(&b[T::SIZE..]), out_tan: T::read(&b[2 * T::SIZE..]) }
    }
    fn write(&self, out: &mut Vec<u8>) {
        self.value.write(out);
        self.in_tan.write(out);
        self.out_tan.write(out);
    }
}

/// On-disk header of a track, before its arrays are followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TrackHeader {
    /// 0 none, 1 linear, 2 bezier, 3 hermite.
    pub interpolation: u16,
    /// Global sequence index, −1 for none.
    pub global_sequence: i16,
    /// Legacy only: per-sequence `(first, last)` key ranges.
    pub ranges: M2Array,
    /// Timestamps (Wrath+: array of per-sequence arrays).
    pub timestamps: M2Array,
    /// Values (Wrath+: array of per-sequence arrays); zero for `M2TrackBase`.
    pub values: M2Array,
}

impl TrackHeader {
    /// Parses a track header (`with_values == false` for `M2TrackBase`).
    pub fn parse(i: &[u8], legacy: bool, with_values: bool) -> PResult<'_, TrackHeader> {
        let (i, interpolation) = reader::u16_(i)?;
        let (i, global_sequence) = reader::i16_(i)?;
        let (i, ranges) = if legacy { reader::m2array(i)? } else { (i, M2Array::default()) };
        let (i, timestamps) = reader::m2array(i)?;
        let (i, values) = if with_values { reader::m2array(i)? } else { (i, M2Array::default()) };
        Ok((i, TrackHeader { interpolation, global_sequence, ranges, timestamps, values }))
    }
}

/// Key arrays of one sequence (Wrath+).
#[derive(Debug, Clone, PartialEq)]
pub enum SequenceKeys<'a, T: RawValue> {
    /// Keys stored in the file that was parsed.
    Loaded {
        /// Times in ms from the sequence start.
        times: KeyArray<'a, u32>,
        /// One value per time (empty for timestamp-only tracks).
        values: KeyArray<'a, T>,
    },
    /// Keys stored in an external `.anim` file; offsets relative to that file
    /// (or its AFM2 payload), read when the sequence is shown.
    External {
        /// `M2Array<u32>` of times in the .anim.
        times: M2Array,
        /// `M2Array<T>` of values in the .anim.
        values: M2Array,
    },
}

/// The keys of a track in either on-disk organisation.
#[derive(Debug, Clone, PartialEq)]
pub enum TrackKeys<'a, T: RawValue> {
    /// Wrath+: one key list per sequence (may be fewer lists than sequences).
    PerSequence(Vec<SequenceKeys<'a, T>>),
    /// Classic/TBC: one model-wide timeline with per-sequence inclusive key ranges.
    Timeline {
        /// `(first, last)` key index per sequence.
        ranges: KeyArray<'a, [u32; 2]>,
        /// Absolute times on the model-wide timeline (ms).
        times: KeyArray<'a, u32>,
        /// One value per time (empty for timestamp-only tracks).
        values: KeyArray<'a, T>,
    },
}

/// A resolved `M2Track<T>`, borrowing its keys from the parsed bytes where it
/// can ([`KeyArray`]).
#[derive(Debug, Clone, PartialEq)]
pub struct M2Track<'a, T: RawValue> {
    /// 0 none, 1 linear, 2 bezier, 3 hermite.
    pub interpolation: u16,
    /// Global sequence index, −1 for none.
    pub global_sequence: i16,
    /// Key data.
    pub keys: TrackKeys<'a, T>,
}

impl<T: RawValue> Default for M2Track<'_, T> {
    fn default() -> Self {
        M2Track { interpolation: 0, global_sequence: -1, keys: TrackKeys::PerSequence(Vec::new()) }
    }
}

/// What the track resolver needs to know about sequences: which ones keep
/// their keys in external `.anim` files (Wrath+ only).
#[derive(Clone, Copy)]
pub struct TrackContext<'s> {
    /// Legacy (pre-Wrath) layout.
    pub legacy: bool,
    /// `external[i]`: sequence i's keys live in an .anim file.
    pub external: &'s [bool],
}

/// The number of lists (or keys) read of `times` and `values` arrays that
/// disagree in count: the shorter, so that every time has its value. The
/// client reads such tracks (a real 3.3.5 `OgreMale.M2` has a texture weight
/// with 1 value list for 0 timestamp lists), so this is a repair recorded as
/// a warning naming `field` (`values`, or `values[seq]`), the offset of the
/// values and what was read, not an error.
/// `field` is only built for a warning (tracks are read by the thousand).
fn agreed_len(
    r: &Reader<'_, '_>,
    times: usize,
    values: usize,
    at: u64,
    what: &str,
    field: impl FnOnce() -> Vec<PathSeg>,
) -> usize {
    if times != values {
        let read = times.min(values);
        let msg = format!("{values} value {what}s for {times} timestamp {what}s: {read} read (the shorter count)");
        r.state().warn(Error::invalid(r.abs(at), msg).under(&field()));
    }
    times.min(values)
}

/// Reads a times array and its values array; where their counts disagree,
/// the shorter count of each ([`agreed_len`]). Errors name `timestamps` /
/// `values`, or `timestamps[seq]` / `values[seq]`.
fn key_pair<'a, T: RawValue>(
    r: &Reader<'a, '_>,
    times: M2Array,
    values: M2Array,
    seq: Option<usize>,
) -> Result<(KeyArray<'a, u32>, KeyArray<'a, T>)> {
    if times.count == 0 && values.count == 0 {
        // Most sequences of most tracks have no keys: nothing to check or charge.
        return Ok((Cow::Borrowed(&[]), Cow::Borrowed(&[])));
    }
    let named = |field: &'static str| match seq {
        Some(i) => vec![PathSeg::Field(field), PathSeg::Index(i)],
        None => vec![PathSeg::Field(field)],
    };
    let mut t = r.keys::<u32>(times).map_err(|e| e.under(&named("timestamps")))?;
    let mut v = r.keys::<T>(values).map_err(|e| e.under(&named("values")))?;
    if T::SIZE != 0 {
        let n = agreed_len(r, t.len(), v.len(), values.offset as u64, "key", || named("values"));
        shorten(&mut t, n);
        shorten(&mut v, n);
    }
    Ok((t, v))
}

/// Keeps the first `n` keys, borrowed or owned.
fn shorten<T: Clone>(keys: &mut KeyArray<'_, T>, n: usize) {
    match keys {
        Cow::Borrowed(b) => *b = &b[..n.min(b.len())],
        Cow::Owned(v) => v.truncate(n),
    }
}

impl<'a, T: RawValue> M2Track<'a, T> {
    /// Follows the arrays of `h`. Errors name `timestamps[i]` / `values[i]`.
    pub fn resolve(r: &Reader<'a, '_>, h: &TrackHeader, cx: TrackContext<'_>) -> Result<M2Track<'a, T>> {
        let keys = if cx.legacy && h.ranges.count == 0 && h.timestamps.count == 0 && h.values.count == 0 {
            // An empty legacy track is the same empty track in either organisation.
            TrackKeys::PerSequence(Vec::new())
        } else if cx.legacy {
            let ranges = r.keys::<[u32; 2]>(h.ranges).at("interpolation_ranges")?;
            let (times, values) = key_pair(r, h.timestamps, h.values, None)?;
            TrackKeys::Timeline { ranges, times, values }
        } else {
            let mut outer_t = r.keys::<[u32; 2]>(h.timestamps).at("timestamps")?;
            let outer_v =
                if T::SIZE == 0 { Cow::Borrowed(&[][..]) } else { r.keys::<[u32; 2]>(h.values).at("values")? };
            if T::SIZE != 0 {
                let field = || vec![PathSeg::Field("values")];
                let n = agreed_len(r, outer_t.len(), outer_v.len(), h.values.offset as u64, "list", field);
                shorten(&mut outer_t, n);
            }
            let array = |a: [u32; 2]| M2Array { count: a[0], offset: a[1] };
            let mut seqs = Vec::with_capacity(outer_t.len());
            for (i, &t) in outer_t.iter().enumerate() {
                let (t, v) = (array(t), outer_v.get(i).map_or_else(M2Array::default, |&v| array(v)));
                let external = h.global_sequence < 0 && cx.external.get(i).copied().unwrap_or(false);
                seqs.push(if external && t.count > 0 {
                    SequenceKeys::External { times: t, values: v }
                } else {
                    let (times, values) = key_pair(r, t, v, Some(i))?;
                    SequenceKeys::Loaded { times, values }
                });
            }
            TrackKeys::PerSequence(seqs)
        };
        Ok(M2Track { interpolation: h.interpolation, global_sequence: h.global_sequence, keys })
    }

    /// Parses a track header at the start of `rec` and resolves it.
    pub fn read(r: &Reader<'a, '_>, rec: &[u8], cx: TrackContext<'_>) -> Result<M2Track<'a, T>> {
        let h = TrackHeader::parse(rec, cx.legacy, T::SIZE != 0)
            .map(|(_, h)| h)
            .map_err(|_| Error::invalid(0, "truncated track header"))?;
        Self::resolve(r, &h, cx)
    }
}

/// `M2PartTrack<T>` ("FBlock"): `M2Array<fixed16> times; M2Array<T> values`, 16 bytes.
/// Times are fractions of the particle lifespan (0..=32767). Seed "The Fake-AnimationBlock".
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FBlock<T> {
    /// Key times as fixed16 fractions of life.
    pub times: Vec<u16>,
    /// One value per key.
    pub values: Vec<T>,
}

impl<T: RawValue> FBlock<T> {
    /// Parses the 16-byte FBlock header at the start of `rec` and follows it.
    pub fn read(r: &Reader<'_, '_>, rec: &[u8]) -> Result<FBlock<T>> {
        let (rec, t) = reader::m2array(rec).map_err(|_| Error::invalid(0, "truncated FBlock"))?;
        let (_, v) = reader::m2array(rec).map_err(|_| Error::invalid(0, "truncated FBlock"))?;
        let times = r.u16s(t).at("times")?;
        let values = if T::SIZE == 0 { Vec::new() } else { r.values(v).at("values")? };
        Ok(FBlock { times, values })
    }
}
