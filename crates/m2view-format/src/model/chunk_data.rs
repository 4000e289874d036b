//! What the 8.2+ `MD21` chunks beyond geometry and animation say: the
//! waterfall render path's parameters (`WFV1`, `WFV2`, `WFV3`), edge fade
//! (`EDGF`), the distance fade of the instance's alpha (`NERF`), the
//! lights' details (`DETL`), and the chunks no public source describes
//! (`DBOC`, `AFRA`) or m2view leaves out (`PFDC`'s inline physics), kept
//! as bytes.
//!
//! Layouts are the wowdev wiki "M2" page's sections of the same names.
//! Where public sources differ from it, the real files' evidence decides
//! (as the issue that added this module records):
//! - `DETL` records are 12 bytes (the page's struct is; its closing offset
//!   comment says 0x0a);
//! - a chunk may end in padding to 16-byte alignment (`NERF`, `PFDC` after
//!   its `PHYS` data): fewer than 16 bytes after the records are accepted;
//! - `WFV1` holds one float, the bump scale; the rest of a `WFV1`
//!   waterfall takes WebWowViewerCpp's defaults (`m2Geom.cpp`, `1VFW`).
//!   `WFV2` has no public layout: it is drawn with the same defaults and
//!   no displacement, its bytes kept.
//!
//! A chunk shorter than its records is an error naming the chunk and its
//! offset; the model still opens (the chunk is then left out with a warning).

use m2view_error::{Error, Result};

/// A waterfall model's parameters: `WFV3`, or those a `WFV1` implies.
/// "value" fields go to the fragment shader as WebWowViewerCpp's
/// `waterfallShader.frag` uses them; `values[k]` is its `valuesK` vector
/// (x, y, z, w), components the file does not give left 0.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Waterfall {
    /// The chunk it came from: 1, 2 or 3.
    pub version: u8,
    /// How far the bump texture (texture 3, blue channel) moves each vertex
    /// along its normal, model units (vertex shader).
    pub bump_scale: f32,
    /// `values0`–`values4` of the fragment shader.
    pub values: [[f32; 4]; 5],
    /// The base colour the white water is mixed over, RGBA 0–255 (stored
    /// RGBA, not BGRA, per the wiki).
    pub base_color: [u8; 4],
    /// Flags (meaning unknown: WebWowViewerCpp copies bits 0x2 and 0x1 into
    /// `values2.x` and `.y`, which its shader does not read).
    pub flags: u16,
    /// The u16 after the flags.
    pub unk0: u16,
    /// The four floats that end `WFV3` (unknown).
    pub unknown: [f32; 4],
}

impl Waterfall {
    /// The base colour as RGBA 0–1.
    pub fn base_color_unit(&self) -> [f32; 4] {
        self.base_color.map(|c| f32::from(c) / 255.0)
    }

    /// `WFV3`'s size in bytes.
    pub const V3_SIZE: usize = 80;

    /// The waterfall a `WFV1` (bump scale `bump_scale`) or `WFV2` (0)
    /// implies: WebWowViewerCpp's defaults — `values0 = (0, 0.5, 0, 0.5)`,
    /// `values1.w = 1`, white base colour.
    pub fn with_defaults(version: u8, bump_scale: f32) -> Waterfall {
        Waterfall {
            version,
            bump_scale,
            values: [[0.0, 0.5, 0.0, 0.5], [0.0, 0.0, 0.0, 1.0], [0.0; 4], [0.0; 4], [0.0; 4]],
            base_color: [255; 4],
            flags: 0,
            unk0: 0,
            unknown: [0.0; 4],
        }
    }
}

/// One `EDGF` record (24 bytes): edge fade of the batches flagged for it
/// ([`crate::BatchFlags2::EDGE_FADE`]). The wiki names no field.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EdgeFade {
    /// The two floats at 0x00.
    pub pair: [f32; 2],
    /// The float at 0x08.
    pub value: f32,
    /// The 12 bytes at 0x0C.
    pub rest: [u8; 12],
}

/// One `DETL` record (12 bytes), per light of the model in order.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LightDetail {
    /// Flags (unknown).
    pub flags: u16,
    /// Scale of the light's shadow render-target matrix (a half float).
    pub shadow_scale: f32,
    /// Multiplier of the light's diffuse colour (a half float).
    pub diffuse_multiplier: f32,
    /// The u16 at 0x06.
    pub unk0: u16,
    /// The u32 at 0x08.
    pub unk1: u32,
}

/// A chunk kept as bytes because no public source says what it means
/// (`DBOC`, `AFRA`) or m2view leaves it out (`PFDC`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptChunk {
    /// Its magic (`DBOC`, ...).
    pub magic: String,
    /// Absolute offset of its payload in the file.
    pub offset: u64,
    /// The payload.
    pub data: Vec<u8>,
    /// `PFDC`: the version its inline `PHYS` chunk gives.
    pub phys_version: Option<u16>,
}

/// What the 8.2+ chunks of this module say about a model (empty for every
/// other model).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChunkData {
    /// `WFV1`/`WFV2`/`WFV3`: drawn by the waterfall render path.
    pub waterfall: Option<Waterfall>,
    /// `EDGF`.
    pub edge_fades: Vec<EdgeFade>,
    /// `NERF`: the coefficients of the distance fade ([`ChunkData::distance_alpha`]).
    pub distance_fade: Option<[f32; 2]>,
    /// `DETL`: one per light ([`crate::Model::lights`]).
    pub light_details: Vec<LightDetail>,
    /// `DBOC`, `AFRA`, `PFDC`.
    pub kept: Vec<KeptChunk>,
}

impl ChunkData {
    /// The magics this module decodes.
    pub const MAGICS: [&'static [u8; 4]; 9] =
        [b"WFV1", b"WFV2", b"WFV3", b"EDGF", b"NERF", b"DETL", b"DBOC", b"AFRA", b"PFDC"];

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        *self == ChunkData::default()
    }

    /// The multiplier `NERF` puts on the instance's alpha:
    /// `(coefs.x − r²) / (coefs.x − coefs.y)` clamped to 0..1, `r²` being
    /// the squared radius of the instance (model bounds radius × scale,
    /// model units), as the wiki's NERF section gives it (no public
    /// renderer applies it). 1 without `NERF` or where `coefs.x = coefs.y`.
    pub fn distance_alpha(&self, squared_radius: f32) -> f32 {
        let Some([x, y]) = self.distance_fade else { return 1.0 };
        if x == y || !squared_radius.is_finite() {
            return 1.0;
        }
        let a = (x - squared_radius) / (x - y);
        if a.is_nan() { 1.0 } else { a.clamp(0.0, 1.0) }
    }

    /// The multiplier of light `i`'s diffuse colour (`DETL`; 1 without one).
    pub fn diffuse_multiplier(&self, i: usize) -> f32 {
        self.light_details.get(i).map_or(1.0, |d| d.diffuse_multiplier)
    }

    /// Decodes chunk `magic` (one of [`ChunkData::MAGICS`]) of payload
    /// `data` at absolute offset `offset`; `lights` is the model's light
    /// count (`DETL` holds one record per light). Returns a note when the
    /// chunk holds more than its records and padding (kept unread).
    ///
    /// # Errors
    /// A chunk shorter than its records, a `PFDC` not holding a `PHYS`
    /// chunk: the error names the chunk and the offset.
    pub fn decode(&mut self, magic: &[u8; 4], data: &[u8], offset: u64, lights: usize) -> Result<Option<String>> {
        let tag = m2view_error::show_tag(magic);
        let short = |need: usize, what: &str| {
            Error::invalid(offset, format!("{tag} of {} bytes is shorter than {what} ({need} bytes)", data.len()))
        };
        // Bytes past `used` beyond 16-byte padding are kept unread, with a note.
        let extra = |used: usize| {
            let left = data.len() - used;
            (left >= 16).then(|| format!("{tag} at {offset:#x}: {left} bytes after its records kept unread"))
        };
        let f = |at: usize| f32::from_le_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]]);
        let u16_at = |at: usize| u16::from_le_bytes([data[at], data[at + 1]]);
        match magic {
            b"WFV1" | b"WFV2" => {
                let version = if magic == b"WFV1" { 1 } else { 2 };
                if version == 1 && data.len() < 4 {
                    return Err(short(4, "its bump scale"));
                }
                let bump = if version == 1 { f(0) } else { 0.0 };
                self.waterfall = Some(Waterfall::with_defaults(version, bump));
                Ok(if version == 1 { extra(4) } else { None })
            }
            b"WFV3" => {
                if data.len() < Waterfall::V3_SIZE {
                    return Err(short(Waterfall::V3_SIZE, "its record"));
                }
                let v: Vec<f32> = (0..11).map(|k| f(4 * k)).collect();
                // The wiki's order: bumpScale, value0_x, value0_y, value0_z, value1_w,
                // value0_w, value1_x, value1_y, value2_w, value3_y, value3_x.
                let mut values = [[0.0f32; 4]; 5];
                values[0] = [v[1], v[2], v[3], v[5]];
                values[1] = [v[6], v[7], 0.0, v[4]];
                values[2][3] = v[8];
                values[3][1] = v[9];
                values[3][0] = v[10];
                let base_color = [data[44], data[45], data[46], data[47]];
                let (flags, unk0) = (u16_at(48), u16_at(50));
                // values3_w, values3_z, values4_y, then four unknown floats.
                values[3][3] = f(52);
                values[3][2] = f(56);
                values[4][1] = f(60);
                let unknown = [f(64), f(68), f(72), f(76)];
                self.waterfall =
                    Some(Waterfall { version: 3, bump_scale: v[0], values, base_color, flags, unk0, unknown });
                Ok(extra(Waterfall::V3_SIZE))
            }
            b"EDGF" => {
                let n = data.len() / 24;
                if data.len() % 24 >= 16 {
                    return Err(short(24 * (n + 1), "a whole number of 24-byte records"));
                }
                self.edge_fades = data
                    .chunks_exact(24)
                    .map(|r| EdgeFade {
                        pair: [f32_at(r, 0), f32_at(r, 4)],
                        value: f32_at(r, 8),
                        rest: r[12..24].try_into().unwrap_or_default(),
                    })
                    .collect();
                Ok(None)
            }
            b"NERF" => {
                if data.len() < 8 {
                    return Err(short(8, "its two coefficients"));
                }
                self.distance_fade = Some([f(0), f(4)]);
                Ok(extra(8))
            }
            b"DETL" => {
                let need = lights.checked_mul(12).ok_or_else(|| short(usize::MAX, "a record per light"))?;
                if data.len() < need {
                    return Err(short(need, &format!("a 12-byte record for each of the {lights} lights")));
                }
                self.light_details = data[..need]
                    .chunks_exact(12)
                    .map(|r| LightDetail {
                        flags: u16::from_le_bytes([r[0], r[1]]),
                        shadow_scale: half_to_f32(u16::from_le_bytes([r[2], r[3]])),
                        diffuse_multiplier: half_to_f32(u16::from_le_bytes([r[4], r[5]])),
                        unk0: u16::from_le_bytes([r[6], r[7]]),
                        unk1: u32::from_le_bytes([r[8], r[9], r[10], r[11]]),
                    })
                    .collect();
                Ok(extra(need))
            }
            b"PFDC" => {
                // The `.phys` layout: a `PHYS` chunk (magic, u32 size, u16 version) first.
                if data.len() < 10 {
                    return Err(short(10, "its PHYS chunk header and version"));
                }
                if &data[0..4] != b"PHYS" && &data[0..4] != b"SYHP" {
                    return Err(Error::invalid(
                        offset,
                        format!("PFDC holds {} where its PHYS chunk belongs", m2view_error::show_tag(&data[0..4])),
                    ));
                }
                self.kept.push(KeptChunk { magic: tag, offset, data: data.to_vec(), phys_version: Some(u16_at(8)) });
                Ok(None)
            }
            _ => {
                self.kept.push(KeptChunk { magic: tag, offset, data: data.to_vec(), phys_version: None });
                Ok(None)
            }
        }
    }
}

impl ChunkData {
    /// The chunks as [`ChunkData::decode`] reads them (magic, payload),
    /// for the M2 writer: a waterfall's chunk, `EDGF`, `NERF`, `DETL`
    /// (half floats rounded to nearest), then the kept chunks.
    pub fn encode(&self) -> Vec<([u8; 4], Vec<u8>)> {
        let mut out = Vec::new();
        let floats = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        match self.waterfall {
            Some(w) if w.version == 3 => {
                let v = w.values;
                let mut d = floats(&[
                    w.bump_scale,
                    v[0][0],
                    v[0][1],
                    v[0][2],
                    v[1][3],
                    v[0][3],
                    v[1][0],
                    v[1][1],
                    v[2][3],
                    v[3][1],
                    v[3][0],
                ]);
                d.extend_from_slice(&w.base_color);
                d.extend_from_slice(&w.flags.to_le_bytes());
                d.extend_from_slice(&w.unk0.to_le_bytes());
                d.extend(floats(&[v[3][3], v[3][2], v[4][1]]));
                d.extend(floats(&w.unknown));
                out.push((*b"WFV3", d));
            }
            Some(w) if w.version == 2 => out.push((*b"WFV2", Vec::new())),
            Some(w) => out.push((*b"WFV1", floats(&[w.bump_scale]))),
            None => {}
        }
        if !self.edge_fades.is_empty() {
            let mut d = Vec::new();
            for e in &self.edge_fades {
                d.extend(floats(&[e.pair[0], e.pair[1], e.value]));
                d.extend_from_slice(&e.rest);
            }
            out.push((*b"EDGF", d));
        }
        if let Some(c) = self.distance_fade {
            out.push((*b"NERF", floats(&c)));
        }
        if !self.light_details.is_empty() {
            let mut d = Vec::new();
            for l in &self.light_details {
                d.extend_from_slice(&l.flags.to_le_bytes());
                d.extend_from_slice(&f32_to_half(l.shadow_scale).to_le_bytes());
                d.extend_from_slice(&f32_to_half(l.diffuse_multiplier).to_le_bytes());
                d.extend_from_slice(&l.unk0.to_le_bytes());
                d.extend_from_slice(&l.unk1.to_le_bytes());
            }
            out.push((*b"DETL", d));
        }
        for k in &self.kept {
            let m = k.magic.as_bytes();
            if let [a, b, c, d] = m {
                out.push(([*a, *b, *c, *d], k.data.clone()));
            }
        }
        out
    }
}

/// The half float nearest `x` (finite values in range; larger ones
/// saturate to infinity, NaN stays NaN).
pub fn f32_to_half(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    if x.is_nan() {
        return sign | 0x7E00;
    }
    let a = x.abs();
    if a >= 65520.0 {
        return sign | 0x7C00;
    }
    if a < 2f32.powi(-24) * 0.5 {
        return sign;
    }
    if a < 2f32.powi(-14) {
        // Subnormal: multiples of 2^-24.
        return sign | (a / 2f32.powi(-24)).round() as u16;
    }
    let e = a.log2().floor() as i32;
    let mut frac = ((a / 2f32.powi(e) - 1.0) * 1024.0).round() as u32;
    let mut e = e;
    if frac == 1024 {
        frac = 0;
        e += 1;
    }
    sign | (((e + 15) as u16) << 10) | frac as u16
}

/// The little-endian f32 at `at` of a record known to be long enough.
fn f32_at(r: &[u8], at: usize) -> f32 {
    f32::from_le_bytes([r[at], r[at + 1], r[at + 2], r[at + 3]])
}

/// An IEEE 754 half-precision float's value.
pub fn half_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = (h >> 10) & 0x1F;
    let frac = f32::from(h & 0x3FF);
    sign * match exp {
        0 => frac * 2f32.powi(-24),
        31 if frac == 0.0 => f32::INFINITY,
        31 => f32::NAN,
        e => (1.0 + frac / 1024.0) * 2f32.powi(i32::from(e) - 15),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_floats_read_as_ieee_754_says() {
        assert_eq!(half_to_f32(0x3C00), 1.0);
        assert_eq!(half_to_f32(0x4000), 2.0);
        assert_eq!(half_to_f32(0x3800), 0.5);
        assert_eq!(half_to_f32(0xC000), -2.0);
        assert_eq!(half_to_f32(0x0001), 2f32.powi(-24));
        assert_eq!(half_to_f32(0x7C00), f32::INFINITY);
        assert!(half_to_f32(0x7E00).is_nan());
        for h in [0x3C00u16, 0x4000, 0x3800, 0xC000, 0x0001, 0x3555, 0x7BFF, 0x0400] {
            assert_eq!(f32_to_half(half_to_f32(h)), h, "{h:#x}");
        }
        assert_eq!(f32_to_half(1.0e6), 0x7C00);
    }

    #[test]
    fn the_distance_fade_follows_the_wiki_formula_clamped() {
        let mut c = ChunkData::default();
        assert_eq!(c.distance_alpha(5.0), 1.0, "no NERF");
        c.distance_fade = Some([100.0, 20.0]);
        // (100 − 60) / (100 − 20) = 0.5
        assert_eq!(c.distance_alpha(60.0), 0.5);
        assert_eq!(c.distance_alpha(10.0), 1.0, "clamped above");
        assert_eq!(c.distance_alpha(150.0), 0.0, "clamped below");
        c.distance_fade = Some([7.0, 7.0]);
        assert_eq!(c.distance_alpha(3.0), 1.0, "equal coefficients");
    }
}
