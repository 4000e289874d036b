//! The integration tests of `m2view`, one binary (as ripgrep and rust-analyzer do):
//! one module per area. Modules named `readers` hold the tests that drive
//! external programs and readers; CI times them apart (`-- readers::`).

mod assets;
mod casc;
mod cdn;
mod characters;
mod cli;
mod common;
mod docs;
mod documents;
mod export;
mod export_dialog;
mod game_data;
mod layout;
mod maps;
mod materials;
mod mdl;
mod modern_characters;
mod modern_install;
mod panels;
mod particles;
mod readers;
mod reforged;
mod render;
mod scene_view;
mod scenes;
mod spawned;
mod tables;
mod textures;
mod video;
mod walkthrough;
mod warcraft3_install;
mod webgl2;
mod window_e2e;
mod world;
