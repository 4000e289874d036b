//! writer placeholder
