//! What is wrong inside an MPQ archive: its header, its hash and block
//! tables, or a file's stored sectors. Raised by the checks m2view makes
//! before `wow-mpq` allocates anything and by the sector decoder
//! ([`crate::sectors`]); the archive source turns it into an [`crate::Error`]
//! naming the archive and the file. Layout facts: wowdev wiki "MPQ".

/// One problem of an MPQ archive or of one of its files.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MpqError {
    /// The header's sector size shift is past what any writer uses.
    #[error("sector size shift {shift} (sectors of 512 << {shift}) is past the largest accepted, {max}")]
    SectorShift {
        /// `wBlockSize` of the header.
        shift: u16,
        /// The largest accepted.
        max: u16,
    },
    /// The hash or block table cannot fit in the file.
    #[error("hash table of {hash} entries or block table of {block} entries cannot fit in {len} bytes")]
    TablesTooLarge {
        /// Hash table entries.
        hash: u32,
        /// Block table entries.
        block: u32,
        /// The archive's length, bytes.
        len: u64,
    },
    /// A block table entry claims more than its stored bytes can decode to.
    #[error("block table entry {entry} claims {size} bytes from {stored} stored bytes in an archive of {len}")]
    BlockEntry {
        /// Its index.
        entry: usize,
        /// The decoded size it claims, bytes.
        size: u64,
        /// Its stored size, bytes.
        stored: u64,
        /// The archive's length, bytes.
        len: u64,
    },
    /// An encrypted table that runs past the end of the file.
    #[error("{table} of {count} entries at {at:#x} runs past the end")]
    TableTruncated {
        /// `(hash table)` or `(block table)`.
        table: &'static str,
        /// Entries the header gives.
        count: u32,
        /// Its position in the file.
        at: u64,
    },
    /// A file's stored bytes run past the end of the archive.
    #[error("stored data of {0} bytes runs past the end of the archive")]
    StoredTruncated(u64),
    /// An encrypted file that no name reached: its key is its name.
    #[error("encrypted, and its name (the key) is unknown: give a listfile")]
    UnknownKey,
    /// An unencrypted, uncompressed file shorter than its size.
    #[error("stored data shorter than the file")]
    StoredShort,
    /// The sector offset table runs past the stored bytes.
    #[error("sector offset table runs past the stored data")]
    SectorTable,
    /// A sector's offsets point outside the stored bytes.
    #[error("sector {sector}: offsets {start}..{end} outside the stored data")]
    SectorOutside {
        /// The sector.
        sector: usize,
        /// Its start offset.
        start: usize,
        /// Its end offset.
        end: usize,
    },
    /// A sector that does not decode.
    #[error("sector {sector}: {problem}")]
    Sector {
        /// The sector.
        sector: usize,
        /// Why.
        problem: Box<MpqError>,
    },
    /// A compressed unit with no byte at all.
    #[error("empty sector")]
    EmptySector,
    /// A PKWare DCL ("implode") stream whose header is not the format's.
    #[error("PKWare DCL stream with literal mode {mode} and dictionary bits {bits}")]
    DclHeader {
        /// Literal mode: 0 (binary) or 1 (ASCII) in a valid stream.
        mode: u8,
        /// Dictionary size bits: 4, 5 or 6 in a valid stream.
        bits: u8,
    },
    /// A PKWare DCL stream shorter than its two-byte header.
    #[error("PKWare DCL stream shorter than its header")]
    DclShort,
    /// A unit that decodes to another size than its sector's.
    #[error("decodes to {got} bytes, not {expected}")]
    DecodedSize {
        /// Bytes decoded.
        got: usize,
        /// Bytes the sector holds.
        expected: usize,
    },
    /// `wow-mpq`'s decompressors refused the data (their words).
    #[error("{0}")]
    Decompress(String),
    /// A decompressor panicked on the data (caught).
    #[error("a decompressor failed on malformed data")]
    DecompressorPanicked,
    /// `wow-mpq` refused the header or tables (its words).
    #[error("{0}")]
    Reader(String),
    /// `wow-mpq` panicked on the header or tables (caught).
    #[error("the archive reader failed on malformed data")]
    ReaderPanicked,
    /// The archive file could not be read (the system's words).
    #[error("{0}")]
    Io(String),
    /// The `(attributes)` file, which `wow-mpq` reads while loading its
    /// tables, does not decode.
    #[error("(attributes): {0}")]
    Attributes(Box<MpqError>),
}

impl From<std::io::Error> for MpqError {
    fn from(e: std::io::Error) -> MpqError {
        MpqError::Io(e.to_string())
    }
}
