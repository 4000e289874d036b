//! The m2view application: command-line subcommands (`info`, `render`) and
//! the pieces they share with the window (texture loading, framing, posing).

#![warn(missing_docs)]

pub mod app;
pub mod data_cmd;
pub mod export;
pub mod info;
pub mod render_cmd;
pub mod scene;
