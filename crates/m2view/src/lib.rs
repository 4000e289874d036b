//! The m2view application: command-line subcommands (`info`, `render`,
//! `export`, `ls`, `extract`), the window (`app`) and what they share:
//! opening and dressing a model (`open`), a race model's character
//! (`character`), reading a model's texture files (`textures`), a WMO's
//! doodads (`world`).

#![warn(missing_docs)]

pub mod app;
pub mod character;
pub mod cli;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli_docs;
pub mod data_cmd;
pub mod dress_cmd;
pub mod error;
pub mod export_cmd;
pub mod info;
pub mod info_adt;
pub mod info_mdx;
pub mod info_wmo;
pub mod open;
pub mod platform;
pub mod render_cmd;
pub mod scene;
pub mod spawned;
pub mod table_cmd;
pub mod texture_cmd;
pub mod thumbnail;
pub mod world;

pub use error::AppError;
