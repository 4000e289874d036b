//! Per-version record sizes and header layout of MD20 data: the one table of
//! on-disk differences between Classic (256–257), TBC (260–263), Wrath (264)
//! and Cataclysm+ (265–274). Everything else in `raw` asks this table.
//!
//! Sources: wowdev wiki "M2" page (header with `#if ≤ BC` blocks, record definitions),
//! wowdev wiki "M2" (animation blocks) and WebWowViewerCpp `algorithms/animate.h` (28- vs 20-byte tracks), wowdev wiki "M2/.skin", checked
//! against the sample files (v256 bones are 108 bytes without boneNameCRC, v256
//! particles 504 bytes, v256/v260 cameras 124 bytes with the `fov` float).

/// First version with per-sequence key arrays, external .skin files and
/// without the playable-animation lookup / texture flipbooks (Wrath, 3.x).
pub const WRATH: u32 = 264;
/// First version in the Cataclysm range (camera FoV becomes a track).
pub const CATA: u32 = 265;
/// First version in the TBC range (bones gain boneNameCRC, submeshes gain sort data).
pub const TBC: u32 = 260;
/// Particle blend/emitter type become u8 + particleColorIndex from here on.
pub const TBC_LATE: u32 = 262;
/// Lowest and highest MD20 version read.
pub const MIN_VERSION: u32 = 256;
/// Highest MD20 version read.
pub const MAX_VERSION: u32 = 274;

/// Header flag: `textureCombinerCombos` array follows the header (≥ TBC).
pub const FLAG_TEXTURE_COMBINER_COMBOS: u32 = 0x08;
/// Header flag: particle records are 492 bytes (also implied by version > 271).
pub const FLAG_NEW_PARTICLE_RECORD: u32 = 0x200;

/// Record sizes and header offsets for one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// MD20 version.
    pub version: u32,
    /// Pre-Wrath single timeline with interpolation ranges.
    pub legacy: bool,
    /// `M2Track` header size (28 legacy, 20 Wrath+).
    pub track: usize,
    /// `M2TrackBase` (timestamps only) header size.
    pub track_base: usize,
    /// `M2Sequence` size (68 legacy, 64 Wrath+).
    pub sequence: usize,
    /// `M2CompBone` size (108 Classic, 112 TBC, 88 Wrath+).
    pub bone: usize,
    /// Bone rotations are float `C4Quaternion`s (Classic) instead of `M2CompQuat`.
    /// The wiki's "≤ Classic" note; confirmed on the samples: in every v256 file
    /// the 16-byte float keys have unit length and the int16 reading does not,
    /// while the v260 file is the other way round.
    pub float_bone_rotation: bool,
    /// `M2Camera` size.
    pub camera: usize,
    /// `M2Light` size.
    pub light: usize,
    /// `M2Ribbon` size.
    pub ribbon: usize,
    /// `M2Particle` size.
    pub particle: usize,
    /// `M2Attachment` size.
    pub attachment: usize,
    /// `M2Event` size.
    pub event: usize,
    /// Size of the fixed header (without the optional combiner-combos array).
    pub header: usize,
}

impl Layout {
    /// The layout for `version` with header `global_flags`.
    pub fn new(version: u32, global_flags: u32) -> Layout {
        let legacy = version < WRATH;
        let track = if legacy { 28 } else { 20 };
        let track_base = track - 8;
        let particle = if legacy {
            504
        } else if global_flags & FLAG_NEW_PARTICLE_RECORD != 0 || version > 271 {
            492
        } else {
            476
        };
        Layout {
            version,
            legacy,
            track,
            track_base,
            sequence: if legacy { 68 } else { 64 },
            bone: if version < TBC {
                108
            } else if legacy {
                112
            } else {
                88
            },
            // type, [fov], far, near, 3 spline tracks, 2 base vectors, [fov track]
            float_bone_rotation: version < TBC,
            camera: if legacy {
                16 + 3 * track + 24
            } else if version < CATA {
                16 + 3 * 20 + 24
            } else {
                12 + 4 * 20 + 24
            },
            light: 16 + 7 * track,
            ribbon: if legacy { 0x24 + 4 * track + 16 + 2 * track } else { 0xB0 },
            particle,
            attachment: 20 + track,
            event: 24 + track_base,
            header: if legacy { 0x144 } else { 0x130 },
        }
    }

    /// Whether `textureCombinerCombos` is present for these header flags.
    pub fn has_combiner_combos(&self, global_flags: u32) -> bool {
        self.version >= TBC && global_flags & FLAG_TEXTURE_COMBINER_COMBOS != 0
    }

    /// Header offset of the block that follows the vertices (`views`/`num_skin_profiles`)
    /// and the amount every later block is shifted in legacy headers.
    pub fn shift(&self) -> u64 {
        if self.legacy { 0x14 } else { 0 }
    }
}

/// Expansion name for a version, as in the wowdev wiki "M2" "Versions" table.
pub fn expansion_name(version: u32) -> &'static str {
    match version {
        256..=257 => "Classic",
        260..=263 => "The Burning Crusade",
        264 => "Wrath of the Lich King",
        265..=271 => "Cataclysm",
        272 => "Cataclysm / Mists of Pandaria / Warlords of Draenor",
        273..=274 => "Legion / Battle for Azeroth / Shadowlands",
        _ => "unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_sizes_match_the_wiki_and_samples() {
        let classic = Layout::new(256, 0);
        assert_eq!((classic.bone, classic.sequence, classic.particle, classic.camera), (108, 68, 504, 124));
        assert_eq!(Layout::new(260, 0).bone, 112);
        let wrath = Layout::new(264, 0);
        assert_eq!((wrath.bone, wrath.sequence, wrath.particle, wrath.camera), (88, 64, 476, 100));
        assert_eq!((wrath.light, wrath.ribbon, wrath.attachment, wrath.event), (0x9C, 0xB0, 40, 36));
        assert_eq!(Layout::new(272, 0).particle, 492);
        assert_eq!(Layout::new(270, 0x200).particle, 492);
        assert_eq!(Layout::new(272, 0).camera, 116);
    }
}
