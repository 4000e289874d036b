//! The m2view command line: argument parsing ([`cli`]) and one module per
//! subcommand — `info` ([`info`], [`info_mdx`], [`info_wmo`],
//! [`info_adt`], [`info_chunks`]), `render` ([`render_cmd`]), `export` ([`export_cmd`]),
//! `dress` ([`dress_cmd`]), `ls` and `extract` ([`data_cmd`]), the CDN
//! (`--data cdn:PRODUCT`, `ls --builds`, `cache`: [`cdn_cmd`]), tables and
//! textures as files ([`table_cmd`], [`texture_cmd`]) — with the character
//! options they share ([`character_args`]). Without a subcommand it opens
//! the window (`m2view_app`), recording videos with [`window_video`].

#![warn(missing_docs)]

pub mod cdn_cmd;
pub mod character_args;
pub mod cli;
pub mod cli_docs;
pub mod data_cmd;
pub mod dress_cmd;
pub mod export_cmd;
pub mod info;
pub mod info_adt;
pub mod info_chunks;
pub mod info_mdx;
pub mod info_wmo;
pub mod render_cmd;
pub mod table_cmd;
pub mod texture_cmd;
pub mod window_video;

pub use m2view_app::AppError;
