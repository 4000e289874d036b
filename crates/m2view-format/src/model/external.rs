//! Keys that live in external `.anim` files (Wrath+ sequences without flag
//! 0x20, wowdev wiki "M2" (animation blocks), ".anim files"), loaded lazily.
//! A [`Model`] never holds file pointers for them: a key list whose keys are
//! elsewhere carries only a [`KeysHandle`]; the [`AnimKeys`] the converter
//! returns beside the model (kept by the loading layer, `LoadedModel`) knows
//! where each handle's times and values sit in the `.anim` file and how to
//! decode them, and fills the model's key lists when that file is read.

use std::any::Any;
use std::sync::Arc;

use super::{Model, SequenceData, SequenceId, Track};
use crate::error::Result;
use crate::reader::{M2Array, Reader};

/// Stands for one key list whose keys are in an `.anim` file not yet read
/// (an index into the model's [`AnimKeys`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeysHandle(pub u32);

/// Which key block of an `.anim` file a key list's offsets point into
/// (wowdev wiki "M2/.anim": `AFM2` the model's, `AFSA`/`AFSB` a
/// skeleton's attachments and bones; a file without chunks is all model data).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Payload {
    /// The model's key data (`AFM2`).
    #[default]
    Model,
    /// A skeleton's attachment keys (`AFSA`).
    SkelAttachments,
    /// A skeleton's bone keys (`AFSB`).
    SkelBones,
}

/// Where one key list's keys are in its `.anim` file and how to decode them
/// into a `Track<T>`.
struct Pending<T> {
    payload: Payload,
    times: M2Array,
    values: M2Array,
    /// Bytes per stored value (0: timestamps only, as events).
    value_size: usize,
    decode: fn(&[u8]) -> Option<T>,
}

/// A pending key list of any value type, filling the track it belongs to.
trait PendingKeys: Send + Sync {
    /// Reads the keys of sequence `seq` from `anim` into `track` (a
    /// `Track<T>` of this list's type); whether keys were loaded. Times and
    /// values that disagree in count are read to the shorter, with a
    /// warning in `anim`'s parse state (as the model's own tracks).
    fn load(&self, track: &mut dyn Any, seq: usize, anim: &Reader<'_, '_>) -> Result<bool>;
    /// The key block its offsets point into.
    fn payload(&self) -> Payload;
}

impl<T: 'static> PendingKeys for Pending<T> {
    fn payload(&self) -> Payload {
        self.payload
    }

    fn load(&self, track: &mut dyn Any, seq: usize, anim: &Reader<'_, '_>) -> Result<bool> {
        let Some(keys) = track.downcast_mut::<Track<T>>().and_then(|t| t.sequences.get_mut(seq)) else {
            return Ok(false);
        };
        let mut times = anim.u32s(self.times)?;
        let values = if self.value_size == 0 {
            Vec::new()
        } else {
            let bytes = anim.array_bytes(self.values, self.value_size)?;
            anim.budget().charge(
                (self.values.count as u64).saturating_mul(std::mem::size_of::<T>() as u64),
                anim.abs(self.values.offset as u64),
            )?;
            let mut values: Vec<T> = bytes.chunks_exact(self.value_size).filter_map(self.decode).collect();
            if values.len() != times.len() {
                let n = values.len().min(times.len());
                anim.state().warn(crate::Error::invalid(
                    anim.abs(self.values.offset as u64),
                    format!("{} values for {} timestamps: {n} read (the shorter count)", values.len(), times.len()),
                ));
                times.truncate(n);
                values.truncate(n);
            }
            values
        };
        keys.times = times;
        keys.values = values;
        keys.external = None;
        Ok(true)
    }
}

/// The model's key lists waiting in `.anim` files, by [`KeysHandle`].
/// Cheap to clone (the entries are shared).
#[derive(Clone, Default)]
pub struct AnimKeys {
    pending: Vec<Arc<dyn PendingKeys>>,
}

impl std::fmt::Debug for AnimKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AnimKeys({} key lists)", self.pending.len())
    }
}

impl AnimKeys {
    /// Records a key list of `T` at `times`/`values` in the `payload`
    /// block of its `.anim` file (`value_size` bytes per value, read with
    /// `decode`).
    pub(crate) fn register<T: 'static>(
        &mut self,
        payload: Payload,
        (times, values): (M2Array, M2Array),
        value_size: usize,
        decode: fn(&[u8]) -> Option<T>,
    ) -> KeysHandle {
        self.pending.push(Arc::new(Pending { payload, times, values, value_size, decode }));
        KeysHandle(self.pending.len() as u32 - 1)
    }

    /// Key lists waiting in `.anim` files.
    pub fn len(&self) -> usize {
        self.pending.len()
    }

    /// No key list waits in an `.anim` file.
    pub fn is_empty(&self) -> bool {
        self.pending.is_empty()
    }

    /// Fills `model`'s key lists of sequence `seq` from the bytes of its
    /// `.anim` file (plain or AFM2-chunked) and marks the sequence loaded.
    /// Returns how many key lists were filled; what was read past (times
    /// and values of one list that disagree in count) joins the model's
    /// warnings, naming the file and offset.
    ///
    /// # Errors
    /// A malformed `.anim` file or key block; errors name `file_name` and
    /// the offset inside it.
    pub fn load(&self, model: &mut Model, seq: SequenceId, file_name: &str, bytes: &[u8]) -> Result<usize> {
        let state = crate::reader::ParseState::for_file_len(bytes.len());
        let whole = Reader::new(bytes, 0, &state);
        let af = crate::raw::chunked::AnimFile::parse(&whole).map_err(|e| e.in_file(file_name))?;
        let block = |magic: &[u8; 4]| af.skeleton_chunks.iter().find(|(m, _)| m == magic).map(|(_, r)| r.clone());
        let reader_of = |p: Payload| -> Option<Reader<'_, '_>> {
            let range = match p {
                Payload::Model => af.payload.clone(),
                Payload::SkelAttachments => block(b"AFSA")?,
                Payload::SkelBones => block(b"AFSB")?,
            };
            Some(Reader::new(&bytes[range.clone()], range.start as u64, &state))
        };
        let mut n = 0;
        for t in model.external_tracks() {
            let Some(h) = t.handle(seq.index()) else { continue };
            let Some(p) = self.pending.get(h.0 as usize) else { continue };
            let Some(r) = reader_of(p.payload()) else { continue };
            if p.load(t.as_any(), seq.index(), &r).map_err(|e| e.in_file(file_name))? {
                n += 1;
            }
        }
        model.warnings.extend(state.take_warnings().into_iter().map(|w| w.in_file(file_name).to_string()));
        if let Some(s) = model.sequences.get_mut(seq.index())
            && let SequenceData::External { loaded } = &mut s.data
        {
            *loaded = true;
        }
        Ok(n)
    }
}

/// A track of any value type whose key lists may wait in `.anim` files.
pub(crate) trait ExternalSlot {
    /// The handle of sequence `seq`'s keys, if they wait in an `.anim` file.
    fn handle(&self, seq: usize) -> Option<KeysHandle>;
    /// The track itself, for the pending list to fill.
    fn as_any(&mut self) -> &mut dyn Any;
}

impl<T: 'static> ExternalSlot for Track<T> {
    fn handle(&self, seq: usize) -> Option<KeysHandle> {
        self.sequences.get(seq).and_then(|k| k.external)
    }
    fn as_any(&mut self) -> &mut dyn Any {
        self
    }
}

impl Model {
    /// Every track that may have keys in `.anim` files, in one fixed order.
    fn external_tracks(&mut self) -> Vec<&mut dyn ExternalSlot> {
        let mut v: Vec<&mut dyn ExternalSlot> = Vec::new();
        for b in &mut self.bones {
            v.push(&mut b.translation);
            v.push(&mut b.rotation);
            v.push(&mut b.scale);
        }
        for c in &mut self.colors {
            v.push(&mut c.color);
            v.push(&mut c.alpha);
        }
        for w in &mut self.texture_weights {
            v.push(w);
        }
        for t in &mut self.texture_transforms {
            v.push(&mut t.translation);
            v.push(&mut t.rotation);
            v.push(&mut t.scaling);
        }
        for a in &mut self.attachments {
            v.push(&mut a.animate);
        }
        for e in &mut self.events {
            v.push(&mut e.times);
        }
        for l in &mut self.lights {
            v.push(&mut l.ambient_color);
            v.push(&mut l.ambient_intensity);
            v.push(&mut l.diffuse_color);
            v.push(&mut l.diffuse_intensity);
            v.push(&mut l.attenuation_start);
            v.push(&mut l.attenuation_end);
            v.push(&mut l.visibility);
        }
        for c in &mut self.cameras {
            v.push(&mut c.positions);
            v.push(&mut c.targets);
            v.push(&mut c.roll);
            v.push(&mut c.fov);
        }
        for r in &mut self.ribbons {
            v.push(&mut r.color);
            v.push(&mut r.alpha);
            v.push(&mut r.height_above);
            v.push(&mut r.height_below);
            v.push(&mut r.tex_slot);
            v.push(&mut r.visibility);
        }
        for p in &mut self.particles {
            v.push(&mut p.emission_speed);
            v.push(&mut p.speed_variation);
            v.push(&mut p.vertical_range);
            v.push(&mut p.horizontal_range);
            v.push(&mut p.gravity);
            v.push(&mut p.lifespan);
            v.push(&mut p.emission_rate);
            v.push(&mut p.area_length);
            v.push(&mut p.area_width);
            v.push(&mut p.z_source);
            v.push(&mut p.enabled);
        }
        v
    }
}
