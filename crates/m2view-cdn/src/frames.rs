//! BLTE frames from the CDN: from the cache when there, else by byte range
//! from the archive the merged index names (the bytes are a whole frame:
//! wowdev wiki "TACT", Archives), else loose at `data/ab/cd/<ekey>`; each
//! checked to hash to its encoding key before it is cached or used.

use m2view_casc::blte::{self, hex};
use m2view_casc::{Frame, Frames, check_frame};
use m2view_error::{Error, ErrorKind};

use crate::cache::keyed;
use crate::error::CdnError;
use crate::merged::Merged;
use crate::open::Net;

/// The frames of one build on the CDN.
pub(crate) struct CdnFrames {
    pub net: Net,
    pub bases: Vec<String>,
    pub archives: Vec<String>,
    pub merged: Merged,
}

/// A CDN error as the storage's error type, its message whole.
fn storage_error(e: CdnError) -> Error {
    match e {
        CdnError::Bad { what, url, message } => Error::invalid(0, format!("{what}: {message}")).in_file(url),
        e => Error::new(0, ErrorKind::Io(e.to_string())),
    }
}

impl CdnFrames {
    fn fetch(&self, ekey: &[u8; 16], known: usize) -> Result<Frame, CdnError> {
        let key = hex(ekey);
        let rel = keyed("data", &key);
        if let Some(bytes) = self.net.cache.read(&rel) {
            let name = self.net.cache.path(&rel).display().to_string();
            if check_frame(&bytes, ekey, known, &name, 0).is_ok() {
                return Ok(Frame { bytes, name, offset: 0 });
            }
            self.net.cache.remove(&rel);
        }
        let (bytes, url, offset) = match self.merged.find(ekey)? {
            Some(p) => {
                let archive = self.archives.get(usize::from(p.archive)).ok_or_else(|| {
                    CdnError::bad(
                        "the merged index",
                        "cache",
                        format!("archive {} of {}", p.archive, self.archives.len()),
                    )
                })?;
                let path = keyed("data", archive);
                let what = format!("file {key} in archive {archive}");
                let range = Some((u64::from(p.offset), p.size));
                let b = self
                    .net
                    .http
                    .get(&self.bases, &path, range, u64::from(p.size), &what)?
                    .ok_or_else(|| CdnError::NotOffered(format!("{what}: the archive is not on the CDN (404)")))?;
                (b, format!("{}/{path}", self.bases[0]), u64::from(p.offset))
            }
            None if known == 16 => {
                let path = keyed("data", &key);
                let what = format!("loose file {key}");
                let b = self.net.http.get(&self.bases, &path, None, blte::MAX_DECODED, &what)?.ok_or_else(|| {
                    CdnError::NotOffered(format!(
                        "encoding key {key} is in no archive index and not on the CDN as a loose file"
                    ))
                })?;
                (b, format!("{}/{path}", self.bases[0]), 0)
            }
            None => {
                return Err(CdnError::NotOffered(format!(
                    "encoding key {key} (first {known} bytes) is in no archive index"
                )));
            }
        };
        check_frame(&bytes, ekey, known, &url, offset).map_err(|e| CdnError::bad(format!("file {key}"), &url, e))?;
        // A frame with a chunk table must hold every chunk it lists.
        if bytes.len() >= 8 && bytes[4..8] != [0; 4] {
            blte::Frame::parse(&bytes, None).map_err(|e| CdnError::bad(format!("file {key}"), &url, e))?;
        }
        self.net.cache.write(&rel, &bytes)?;
        Ok(Frame { bytes, name: url, offset })
    }
}

impl Frames for CdnFrames {
    fn frame(&self, ekey: &[u8; 16], known: usize) -> m2view_error::Result<Frame> {
        self.fetch(ekey, known).map_err(storage_error)
    }

    fn holds(&self, _ekey: &[u8; 16]) -> m2view_error::Result<bool> {
        Ok(true)
    }
}
