//! What can go wrong reading a CDN, split as the command line's exit codes
//! are: the network or this machine (exit 1) against what came back being
//! damaged or not as asked (exit 2, the input's).

/// An error of the CDN source. Every message names the URL or cache file
/// and what was being fetched.
#[derive(Debug, thiserror::Error)]
pub enum CdnError {
    /// No host answered (every one tried, with retries): the network, not
    /// the data. Exit 1.
    #[error("cannot reach {what} at {url}: {message}")]
    Unreachable {
        /// What was being fetched ("the version service", "archive index 0a1b…").
        what: String,
        /// The last URL tried.
        url: String,
        /// The transport's error.
        message: String,
    },
    /// A response or cached entry is damaged, truncated or inconsistent.
    /// Exit 2.
    #[error("{what} ({url}): {message}")]
    Bad {
        /// What it was.
        what: String,
        /// Where it came from: a URL or a cache file.
        url: String,
        /// What is wrong (for a parsed structure: its name and byte offset).
        message: String,
    },
    /// What was asked for is not offered: a product, region, build or file
    /// the CDN does not have. Exit 2.
    #[error("{0}")]
    NotOffered(String),
    /// A size argument (`--cache-size`) that does not read. Exit 1.
    #[error("{0:?}: a size is a number with K, M, G or T (10G, 512M)")]
    Size(String),
    /// The cache folder cannot be read or written. Exit 1.
    #[error("cache {path}: {message}")]
    Cache {
        /// The file or folder.
        path: String,
        /// The I/O error.
        message: String,
    },
}

impl CdnError {
    /// True for errors of the input (damaged, truncated or not offered),
    /// false for the network's or this machine's.
    pub fn is_input(&self) -> bool {
        matches!(self, CdnError::Bad { .. } | CdnError::NotOffered(_))
    }

    /// A [`CdnError::Bad`] from a parse error of `what` read at `url`.
    pub fn bad(what: impl Into<String>, url: impl Into<String>, e: impl std::fmt::Display) -> CdnError {
        CdnError::Bad { what: what.into(), url: url.into(), message: e.to_string() }
    }

    /// A [`CdnError::Cache`] of `path`.
    pub fn cache(path: &std::path::Path, e: impl std::fmt::Display) -> CdnError {
        CdnError::Cache { path: path.display().to_string(), message: e.to_string() }
    }
}

/// Result of this crate.
pub type Result<T> = std::result::Result<T, CdnError>;
