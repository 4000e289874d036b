//! The one error type of the command line: what went wrong, worded for the
//! user, and the exit code it maps to (documented in `main.rs`).

/// A failed command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppError {
    /// A malformed or unreadable input file; the message names source,
    /// file, structure and offset. Exit code 2.
    Input(String),
    /// Bad arguments, or a failure of this program or its machine (GPU,
    /// output file). Exit code 1.
    Failure(String),
}

impl AppError {
    /// The process exit code: 2 for bad input files, 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            AppError::Input(_) => 2,
            AppError::Failure(_) => 1,
        }
    }

    /// An input error from anything displayable (a format or data error).
    pub fn input(e: impl std::fmt::Display) -> AppError {
        AppError::Input(e.to_string())
    }

    /// A failure from anything displayable.
    pub fn failure(e: impl std::fmt::Display) -> AppError {
        AppError::Failure(e.to_string())
    }
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppError::Input(m) | AppError::Failure(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for AppError {}

impl From<m2view_scene::render::DrawError> for AppError {
    /// A render that failed: a sequence, LOD or camera the model lacks, or
    /// the GPU or an output file.
    fn from(e: m2view_scene::render::DrawError) -> AppError {
        AppError::Failure(e.to_string())
    }
}
