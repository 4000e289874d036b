//! Sampling one track at one time: key search, interpolation per value type,
//! global sequences. wowdev wiki "M2" (animation blocks) and WebWowViewerCpp `algorithms/animate.h` (Wrath+ per-sequence evaluation; the
//! pre-Wrath timeline was already cut into per-sequence lists by the format
//! crate, so one code path serves every version).

use glam::{Quat, Vec2, Vec3, Vec4};
use m2view_format::{Interpolation, Keys, SplineKey, Track};

/// A value that can be interpolated between two keys.
pub trait Interp: Copy {
    /// Linear interpolation (`t` in 0..1); quaternions use nlerp on the short path.
    fn lerp(a: Self, b: Self, t: f32) -> Self;

    /// The cubic between `a` and `b` with `a`'s out tangent and `b`'s in
    /// tangent, at `t` in 0..1: Bezier (control points `a, a_out, b_in, b`)
    /// or Hermite (wowdev wiki "M2", Interpolation). Values without a curve
    /// form (integers) step.
    fn cubic(a: Self, _a_out: Self, _b_in: Self, _b: Self, _t: f32, _bezier: bool) -> Self {
        a
    }
}

/// The four weights of `a, a_out, b_in, b` at `t`: Bernstein for Bezier,
/// `h1, h3, h4, h2` for Hermite (wowdev wiki "M2", Interpolation).
fn cubic_weights(t: f32, bezier: bool) -> [f32; 4] {
    let (t2, s) = (t * t, 1.0 - t);
    if bezier {
        [s * s * s, 3.0 * t * s * s, 3.0 * t2 * s, t2 * t]
    } else {
        [t2 * (2.0 * t - 3.0) + 1.0, t2 * (t - 2.0) + t, t2 * (t - 1.0), t2 * (3.0 - 2.0 * t)]
    }
}

/// The weighted sum of four vectors of `N` floats.
fn weighted<const N: usize>(p: [[f32; N]; 4], w: [f32; 4]) -> [f32; N] {
    std::array::from_fn(|k| p[0][k] * w[0] + p[1][k] * w[1] + p[2][k] * w[2] + p[3][k] * w[3])
}

impl Interp for f32 {
    fn lerp(a: f32, b: f32, t: f32) -> f32 {
        a + (b - a) * t
    }
    fn cubic(a: f32, ao: f32, bi: f32, b: f32, t: f32, bezier: bool) -> f32 {
        weighted([[a], [ao], [bi], [b]], cubic_weights(t, bezier))[0]
    }
}
impl Interp for [f32; 2] {
    fn lerp(a: Self, b: Self, t: f32) -> Self {
        Vec2::from(a).lerp(Vec2::from(b), t).into()
    }
    fn cubic(a: Self, ao: Self, bi: Self, b: Self, t: f32, bezier: bool) -> Self {
        weighted([a, ao, bi, b], cubic_weights(t, bezier))
    }
}
impl Interp for [f32; 3] {
    fn lerp(a: Self, b: Self, t: f32) -> Self {
        Vec3::from(a).lerp(Vec3::from(b), t).into()
    }
    fn cubic(a: Self, ao: Self, bi: Self, b: Self, t: f32, bezier: bool) -> Self {
        weighted([a, ao, bi, b], cubic_weights(t, bezier))
    }
}
impl Interp for [f32; 4] {
    /// Quaternions `[x, y, z, w]`: nlerp, flipping `b` when `dot < 0` (wiki: "nlerp for quaternions").
    fn lerp(a: Self, b: Self, t: f32) -> Self {
        let (a, mut b) = (Vec4::from(a), Vec4::from(b));
        if a.dot(b) < 0.0 {
            b = -b;
        }
        let r = a.lerp(b, t);
        let len = r.length();
        if len > 1e-8 { (r / len).into() } else { a.into() }
    }
    /// Quaternion curves (MDX) as Warcraft III evaluates them, Hermite and
    /// Bezier alike: `squad` — the slerp of `slerp(a, b, t)` and
    /// `slerp(a_out, b_in, t)` by `2t(1 − t)` (mdx-m3-viewer
    /// `common/gl-matrix-addon.js`, `quat.sqlerp`).
    fn cubic(a: Self, ao: Self, bi: Self, b: Self, t: f32, _: bool) -> Self {
        let s = |x: Self, y: Self, t: f32| quat(x).normalize().slerp(quat(y).normalize(), t);
        s(a, b, t).slerp(s(ao, bi, t), 2.0 * t * (1.0 - t)).to_array()
    }
}
// Step-only values: integers switch at the next key.
impl Interp for u8 {
    fn lerp(a: u8, _: u8, _: f32) -> u8 {
        a
    }
}
impl Interp for u16 {
    fn lerp(a: u16, _: u16, _: f32) -> u16 {
        a
    }
}

/// The sequence being blended out while a new one blends in (wowdev wiki "M2" (animation blocks) and WebWowViewerCpp `algorithms/animate.h`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BlendFrom {
    /// Sequence index (key list) of the previous sequence.
    pub sequence: usize,
    /// Its time in ms.
    pub time_ms: f32,
    /// Weight of the previous sequence, 1 → 0 over the blend time.
    pub weight: f32,
}

/// The clock for sampling: sequence index and time, the global-sequence
/// clocks, and optionally a sequence being blended out.
#[derive(Debug, Clone, Copy)]
pub struct Clock<'a> {
    /// Sequence index (key list).
    pub sequence: usize,
    /// Time in ms from the sequence start.
    pub time_ms: f32,
    /// Current time of each global sequence in ms (already wrapped).
    pub global_ms: &'a [f32],
    /// Blend with the previous sequence (never applied to global-sequence tracks).
    pub blend: Option<BlendFrom>,
}

impl<'a> Clock<'a> {
    /// A clock without blending.
    pub fn new(sequence: usize, time_ms: f32, global_ms: &'a [f32]) -> Clock<'a> {
        Clock { sequence, time_ms, global_ms, blend: None }
    }
}

/// Finds the key pair around `t`: `(i, r)` with `r` in 0..1 toward key `i + 1`,
/// or `r == 0` on the clamped ends. `times` must be non-empty.
#[inline]
fn locate(times: &[u32], t: f32) -> (usize, f32) {
    let last = times.len() - 1;
    if last == 0 || t <= times[0] as f32 {
        return (0, 0.0);
    }
    if t >= times[last] as f32 {
        return (last, 0.0);
    }
    // first key with time > t, minus one
    let i = times.partition_point(|&k| (k as f32) <= t) - 1;
    let (t0, t1) = (times[i] as f32, times[i + 1] as f32);
    let r = if t1 > t0 { (t - t0) / (t1 - t0) } else { 0.0 };
    (i, r)
}

fn keys_at<'k, T>(track: &'k Track<T>, clock: &Clock<'_>) -> Option<(&'k Keys<T>, f32)> {
    let (keys, t) = match track.global_sequence {
        Some(g) => (track.sequences.first()?, clock.global_ms.get(g as usize).copied().unwrap_or(0.0)),
        None => (track.keys_for(clock.sequence)?, clock.time_ms),
    };
    if keys.times.is_empty() || keys.values.len() < keys.times.len() {
        return None;
    }
    Some((keys, t))
}

/// Samples a plain track; `None` when it has no keys for this sequence (use
/// the default). While blending, both sequences must have keys to be mixed.
pub fn sample<T: Interp>(track: &Track<T>, clock: &Clock<'_>) -> Option<T> {
    let a = sample_one(track, clock)?;
    match blend_clock(track, clock) {
        Some((from, w)) => Some(sample_one(track, &from).map_or(a, |f| T::lerp(a, f, w))),
        None => Some(a),
    }
}

/// The clock of the sequence being blended out and its weight, if any applies to `track`.
fn blend_clock<'a, T>(track: &Track<T>, clock: &Clock<'a>) -> Option<(Clock<'a>, f32)> {
    let b = clock.blend.filter(|_| track.global_sequence.is_none())?;
    Some((Clock { sequence: b.sequence, time_ms: b.time_ms, global_ms: clock.global_ms, blend: None }, b.weight))
}

fn sample_one<T: Interp>(track: &Track<T>, clock: &Clock<'_>) -> Option<T> {
    let (keys, t) = keys_at(track, clock)?;
    let (i, r) = locate(&keys.times, t);
    let (a, b) = (keys.values[i], keys.values.get(i + 1));
    let (Some(&b), false) = (b, r == 0.0) else { return Some(a) };
    let tangents = (keys.tangents.len() == keys.values.len()).then_some(&keys.tangents);
    Some(match (track.interpolation, tangents) {
        (Interpolation::None, _) => a,
        (Interpolation::Bezier | Interpolation::Hermite, Some(tan)) => {
            T::cubic(a, tan[i][1], tan[i + 1][0], b, r, track.interpolation == Interpolation::Bezier)
        }
        _ => T::lerp(a, b, r),
    })
}

/// Samples a plain track or returns `default`; while blending, a sequence
/// without keys contributes `default`.
pub fn sample_or<T: Interp>(track: &Track<T>, clock: &Clock<'_>, default: T) -> T {
    let a = sample_one(track, clock).unwrap_or(default);
    match blend_clock(track, clock) {
        Some((from, w)) => T::lerp(a, sample_one(track, &from).unwrap_or(default), w),
        None => a,
    }
}

/// Samples a spline-key track (cameras): Bezier, Hermite, linear or step.
pub fn sample_spline<T: Interp>(track: &Track<SplineKey<T>>, clock: &Clock<'_>) -> Option<T> {
    let (keys, t) = keys_at(track, clock)?;
    let (i, r) = locate(&keys.times, t);
    let k0 = &keys.values[i];
    if r == 0.0 {
        return Some(k0.value);
    }
    let k1 = &keys.values[i + 1];
    Some(match track.interpolation {
        Interpolation::None => k0.value,
        Interpolation::Linear => T::lerp(k0.value, k1.value, r),
        Interpolation::Bezier => T::cubic(k0.value, k0.out_tan, k1.in_tan, k1.value, r, true),
        Interpolation::Hermite => T::cubic(k0.value, k0.out_tan, k1.in_tan, k1.value, r, false),
    })
}

/// Converts a sampled `[x, y, z, w]` into a glam quaternion.
pub fn quat(q: [f32; 4]) -> Quat {
    Quat::from_xyzw(q[0], q[1], q[2], q[3])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn track<T>(interp: Interpolation, times: Vec<u32>, values: Vec<T>) -> Track<T> {
        Track { interpolation: interp, global_sequence: None, sequences: vec![Keys::new(times, values)] }
    }
    fn clock(t: f32) -> Clock<'static> {
        Clock::new(0, t, &[])
    }

    #[test]
    fn zero_one_and_two_key_tracks() {
        let empty: Track<f32> = track(Interpolation::Linear, vec![], vec![]);
        assert_eq!(sample(&empty, &clock(5.0)), None);
        assert_eq!(sample_or(&empty, &clock(5.0), 7.0), 7.0);
        let one = track(Interpolation::Linear, vec![100], vec![3.0f32]);
        assert_eq!(sample(&one, &clock(0.0)), Some(3.0));
        assert_eq!(sample(&one, &clock(500.0)), Some(3.0));
        let two = track(Interpolation::Linear, vec![0, 100], vec![0.0f32, 10.0]);
        assert_eq!(sample(&two, &clock(-5.0)), Some(0.0));
        assert_eq!(sample(&two, &clock(25.0)), Some(2.5));
        assert_eq!(sample(&two, &clock(100.0)), Some(10.0));
        assert_eq!(sample(&two, &clock(150.0)), Some(10.0));
        let step = track(Interpolation::None, vec![0, 100], vec![0.0f32, 10.0]);
        assert_eq!(sample(&step, &clock(99.0)), Some(0.0));
        assert_eq!(sample(&step, &clock(100.0)), Some(10.0));
    }

    #[test]
    fn quaternion_nlerp_takes_the_short_path() {
        let s = std::f32::consts::FRAC_1_SQRT_2;
        // 0° and 90° about Z; the second stored negated (same rotation).
        let t = track(Interpolation::Linear, vec![0, 100], vec![[0.0, 0.0, 0.0, 1.0], [0.0, 0.0, -s, -s]]);
        let q = sample(&t, &clock(50.0)).unwrap();
        // halfway: 45° about Z = (0, 0, sin 22.5°, cos 22.5°)
        let (sn, cs) = (22.5f32.to_radians().sin(), 22.5f32.to_radians().cos());
        assert!((q[2] - sn).abs() < 1e-6 && (q[3] - cs).abs() < 1e-6, "{q:?}");
    }

    #[test]
    fn global_sequence_uses_its_own_clock() {
        let mut t = track(Interpolation::Linear, vec![0, 1000], vec![0.0f32, 1.0]);
        t.global_sequence = Some(1);
        let g = [0.0, 250.0];
        let c = Clock::new(3, 900.0, &g);
        assert_eq!(sample(&t, &c), Some(0.25));
    }

    #[test]
    fn blending_mixes_two_sequences() {
        let t = Track {
            interpolation: Interpolation::Linear,
            global_sequence: None,
            sequences: vec![Keys::new(vec![0, 100], vec![0.0f32, 10.0]), Keys::new(vec![0], vec![100.0f32])],
        };
        // Sequence 1 (100) blending in, sequence 0 at 50 ms (5) going out with weight 0.25.
        let mut c = Clock::new(1, 0.0, &[]);
        c.blend = Some(BlendFrom { sequence: 0, time_ms: 50.0, weight: 0.25 });
        assert_eq!(sample(&t, &c), Some(100.0 + (5.0 - 100.0) * 0.25));
        // A track with no keys for the old sequence blends toward the default.
        let only1 = Track { sequences: vec![Keys::default(), t.sequences[1].clone()], ..t.clone() };
        c.blend = Some(BlendFrom { sequence: 0, time_ms: 0.0, weight: 0.5 });
        assert_eq!(sample_or(&only1, &c, 0.0), 50.0);
    }

    #[test]
    fn splines_are_true_curves() {
        let k0 = SplineKey { value: 0.0f32, in_tan: 0.0, out_tan: 3.0 };
        let k1 = SplineKey { value: 1.0f32, in_tan: 0.0, out_tan: 0.0 };
        // Bezier with control points 0, 3, 0, 1 at r = 0.5, by hand:
        // 0.125*0 + 0.375*3 + 0.375*0 + 0.125*1 = 1.25
        assert!((f32::cubic(k0.value, k0.out_tan, k1.in_tan, k1.value, 0.5, true) - 1.25).abs() < 1e-6);
        // Hermite: h1=0.5, h2=0.5, h3=0.125, h4=-0.125 → 0 + 0.5 + 0.375 + 0 = 0.875
        assert!((f32::cubic(k0.value, k0.out_tan, k1.in_tan, k1.value, 0.5, false) - 0.875).abs() < 1e-6);
        let t = Track {
            interpolation: Interpolation::Bezier,
            global_sequence: None,
            sequences: vec![Keys::new(vec![0, 10], vec![k0, k1])],
        };
        assert!((sample_spline(&t, &clock(5.0)).unwrap() - 1.25).abs() < 1e-6);
    }

    fn curve<T>(interp: Interpolation, values: Vec<T>, tangents: Vec<[T; 2]>) -> Track<T> {
        let keys = Keys { tangents, ..Keys::new(vec![0, 1000], values) };
        Track { interpolation: interp, global_sequence: None, sequences: vec![keys] }
    }

    #[test]
    fn plain_tracks_with_tangents_are_curves() {
        // Scalar 0 → 1, out tangent 2, in tangent 0, at 250 ms (r = ¼), by hand:
        // Hermite h1 = 27/32, h3 = 9/64, h4 = −3/64, h2 = 5/32 → 0 + 2·9/64 + 0 + 5/32 = 0.4375
        // Bezier (¾)³·0 + 3·¼·(¾)²·2 + 3·(¼)²·¾·0 + (¼)³·1 = 0.84375 + 0.015625 = 0.859375
        let h = curve(Interpolation::Hermite, vec![0.0f32, 1.0], vec![[0.0, 2.0], [0.0, 0.0]]);
        assert!((sample(&h, &clock(250.0)).unwrap() - 0.4375).abs() < 1e-6);
        let b = curve(Interpolation::Bezier, vec![0.0f32, 1.0], vec![[0.0, 2.0], [0.0, 0.0]]);
        assert!((sample(&b, &clock(250.0)).unwrap() - 0.859375).abs() < 1e-6);
        // Vectors per component: x as the Hermite scalar, y constant 5 with zero tangents
        // gives 5·(h1 + h2) = 5.
        let v = curve(
            Interpolation::Hermite,
            vec![[0.0f32, 5.0, 0.0], [1.0, 5.0, 0.0]],
            vec![[[0.0; 3], [2.0, 0.0, 0.0]], [[0.0; 3]; 2]],
        );
        let s = sample(&v, &clock(250.0)).unwrap();
        assert!((s[0] - 0.4375).abs() < 1e-6 && (s[1] - 5.0).abs() < 1e-6, "{s:?}");
        // Without tangents a curve type reads as linear (M2 plain tracks).
        let l = curve(Interpolation::Hermite, vec![0.0f32, 1.0], Vec::new());
        assert_eq!(sample(&l, &clock(250.0)), Some(0.25));
        // Quaternions (squad): tangents equal to the keys give slerp, 90° about Z → 22.5° at ¼.
        let (a, b) =
            ([0.0, 0.0, 0.0, 1.0], [0.0, 0.0, std::f32::consts::FRAC_1_SQRT_2, std::f32::consts::FRAC_1_SQRT_2]);
        let q = curve(Interpolation::Bezier, vec![a, b], vec![[a, a], [b, b]]);
        let q = sample(&q, &clock(250.0)).unwrap();
        let half = 22.5f32.to_radians() / 2.0;
        assert!((q[2] - half.sin()).abs() < 1e-6 && (q[3] - half.cos()).abs() < 1e-6, "{q:?}");
        // Tangents rotated 90° about X pull the middle off the plain slerp path.
        let x = [std::f32::consts::FRAC_1_SQRT_2, 0.0, 0.0, std::f32::consts::FRAC_1_SQRT_2];
        let q = curve(Interpolation::Hermite, vec![a, b], vec![[a, x], [x, b]]);
        assert!(sample(&q, &clock(500.0)).unwrap()[0] > 0.1);
    }
}
