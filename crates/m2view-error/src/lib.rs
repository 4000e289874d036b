//! Parse errors that carry evidence: file, structure path and byte offset,
//! shared by every parser of m2view (models and textures in
//! `m2view-format`, client tables in `m2view-db`), so a malformed file of
//! any kind reads the same way.
//!
//! A path is built on the error path only (no cost on success): every layer
//! that knows which structure it is reading wraps a failing result with
//! [`ResultExt::at`] / [`ResultExt::at_index`], so the final message reads like
//! `Corehound2.m2: bones[12].rotation.timestamps[3]: offset 0x1A3F0 + 160 > file length 0x1A000`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::fmt;

/// A four-byte tag (chunk magic, track tag) as messages print it: its
/// letters where every byte is printable ASCII (`LITE`), else its bytes in
/// hex (`0x4B000000`), so a message never carries raw control bytes.
pub fn show_tag(tag: &[u8]) -> String {
    if tag.iter().all(|b| (0x20..0x7F).contains(b)) {
        String::from_utf8_lossy(tag).into_owned()
    } else {
        let hex: String = tag.iter().map(|b| format!("{b:02X}")).collect();
        format!("0x{hex}")
    }
}

/// One segment of a structure path (`bones`, `[12]`, `rotation`, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathSeg {
    /// A named field or block.
    Field(&'static str),
    /// An element index inside an array.
    Index(usize),
    /// A field named at run time (a table column from its definition).
    Name(String),
}

/// What went wrong, independent of where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// `offset + len` runs past the end of the buffer of length `file_len`.
    OutOfBounds {
        /// Bytes wanted.
        len: u64,
        /// Length of the buffer.
        file_len: u64,
    },
    /// `count * element size` overflows or cannot fit in the buffer.
    ArrayTooLarge {
        /// Element count.
        count: u64,
        /// Element size in bytes.
        elem_size: u64,
        /// Length of the buffer.
        file_len: u64,
    },
    /// Decoding would allocate more than the budget derived from the file size.
    BudgetExceeded {
        /// Bytes requested.
        requested: u64,
        /// Bytes left.
        remaining: u64,
    },
    /// A magic number that is not what the structure requires.
    BadMagic {
        /// Bytes found.
        found: [u8; 4],
        /// What was expected.
        expected: &'static str,
    },
    /// A version this crate does not read.
    UnsupportedVersion(u32),
    /// An index that points outside the array it refers to.
    BadReference {
        /// The index.
        index: u64,
        /// Size of the target array.
        len: u64,
        /// Name of the target array.
        target: &'static str,
    },
    /// Any other inconsistency, described in words.
    Invalid(String),
    /// An I/O failure while reading the file from disk.
    Io(String),
}

/// A parse or validation error, naming the file, the structure path and the
/// byte offset (absolute in the file) where the problem was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// File name as given by the caller (may be empty until [`Error::in_file`]).
    pub file: String,
    /// Structure path, outermost first.
    pub path: Vec<PathSeg>,
    /// Absolute byte offset in `file`.
    pub offset: u64,
    /// The problem.
    pub kind: ErrorKind,
}

impl Error {
    /// A new error at `offset` with an empty path; callers add path segments.
    pub fn new(offset: u64, kind: ErrorKind) -> Self {
        Error { file: String::new(), path: Vec::new(), offset, kind }
    }

    /// A free-form inconsistency at `offset`.
    pub fn invalid(offset: u64, msg: impl Into<String>) -> Self {
        Self::new(offset, ErrorKind::Invalid(msg.into()))
    }

    /// Sets the file name (kept if one was already set by an inner layer).
    pub fn in_file(mut self, file: impl Into<String>) -> Self {
        if self.file.is_empty() {
            self.file = file.into();
        }
        self
    }

    /// The error with `segs` (outermost first) before its structure path.
    pub fn under(mut self, segs: &[PathSeg]) -> Self {
        self.path.splice(0..0, segs.iter().cloned());
        self
    }

    /// The structure path as text, e.g. `bones[12].rotation`.
    pub fn path_string(&self) -> String {
        let mut s = String::new();
        for seg in &self.path {
            match seg {
                PathSeg::Field(f) => {
                    if !s.is_empty() {
                        s.push('.');
                    }
                    s.push_str(f);
                }
                PathSeg::Name(f) => {
                    if !s.is_empty() {
                        s.push('.');
                    }
                    s.push_str(f);
                }
                PathSeg::Index(i) => {
                    s.push('[');
                    s.push_str(&i.to_string());
                    s.push(']');
                }
            }
        }
        if s.is_empty() { "<root>".into() } else { s }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::OutOfBounds { len, file_len } => {
                write!(f, "+ {len} > length {file_len:#x}")
            }
            ErrorKind::ArrayTooLarge { count, elem_size, file_len } => {
                write!(f, "array of {count} x {elem_size} bytes cannot fit in length {file_len:#x}")
            }
            ErrorKind::BudgetExceeded { requested, remaining } => {
                write!(f, "allocation of {requested} bytes exceeds the remaining budget of {remaining} bytes")
            }
            ErrorKind::BadMagic { found, expected } => {
                write!(f, "magic {} is not {expected}", show_tag(found))
            }
            ErrorKind::UnsupportedVersion(v) => write!(f, "unsupported version {v}"),
            ErrorKind::BadReference { index, len, target } => {
                write!(f, "index {index} out of range for {target} (count {len})")
            }
            ErrorKind::Invalid(msg) => f.write_str(msg),
            ErrorKind::Io(msg) => write!(f, "I/O error: {msg}"),
        }
    }
}

impl fmt::Display for Error {
    /// `file: structure.path: offset 0x… what`; a file that could not be
    /// read at all (I/O, no structure, offset 0) is `file: I/O error: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = if self.file.is_empty() { "<memory>" } else { &self.file };
        if matches!(self.kind, ErrorKind::Io(_)) && self.path.is_empty() && self.offset == 0 {
            return write!(f, "{file}: {}", self.kind);
        }
        write!(f, "{file}: {}: offset {:#x} {}", self.path_string(), self.offset, self.kind)
    }
}

impl std::error::Error for Error {}

/// Result alias of this crate.
pub type Result<T> = std::result::Result<T, Error>;

/// Adds structure-path context to a failing result, innermost segment last.
pub trait ResultExt<T> {
    /// Prefixes the error path with a field name.
    fn at(self, field: &'static str) -> Result<T>;
    /// Prefixes the error path with an array index.
    fn at_index(self, index: usize) -> Result<T>;
    /// Prefixes the error path with `field[index]`.
    fn at_elem(self, field: &'static str, index: usize) -> Result<T>;
}

impl<T> ResultExt<T> for Result<T> {
    #[inline]
    fn at(self, field: &'static str) -> Result<T> {
        self.map_err(|mut e| {
            e.path.insert(0, PathSeg::Field(field));
            e
        })
    }
    #[inline]
    fn at_index(self, index: usize) -> Result<T> {
        self.map_err(|mut e| {
            e.path.insert(0, PathSeg::Index(index));
            e
        })
    }
    #[inline]
    fn at_elem(self, field: &'static str, index: usize) -> Result<T> {
        self.map_err(|mut e| {
            e.path.insert(0, PathSeg::Index(index));
            e.path.insert(0, PathSeg::Field(field));
            e
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_names_file_path_and_offset() {
        let r: Result<()> = Err(Error::new(0x1A3F0, ErrorKind::OutOfBounds { len: 160, file_len: 0x1A000 }));
        let e = r.at_index(3).at("timestamps").at("rotation").at_elem("bones", 12).unwrap_err();
        let e = e.in_file("Corehound2.m2");
        assert_eq!(
            e.to_string(),
            "Corehound2.m2: bones[12].rotation.timestamps[3]: offset 0x1a3f0 + 160 > length 0x1a000"
        );
    }

    #[test]
    fn a_file_that_does_not_read_is_named_without_structure_or_offset() {
        let e = Error::new(0, ErrorKind::Io("No such file or directory (os error 2)".into())).in_file("/x/Rabbit.m2");
        assert_eq!(e.to_string(), "/x/Rabbit.m2: I/O error: No such file or directory (os error 2)");
        // Inside a structure, an I/O error keeps its place.
        let e = Err::<(), _>(Error::new(0x40, ErrorKind::Io("short read".into()))).at("skin").unwrap_err();
        assert_eq!(e.in_file("a.m2").to_string(), "a.m2: skin: offset 0x40 I/O error: short read");
    }
}

#[cfg(test)]
mod tag_tests {
    #[test]
    fn tags_print_as_letters_or_hex() {
        assert_eq!(super::show_tag(b"LITE"), "LITE");
        assert_eq!(super::show_tag(b"K\0\0\0"), "0x4B000000");
        assert_eq!(super::show_tag(&[0xFF, b'A', b'B', b'C']), "0xFF414243");
    }
}
