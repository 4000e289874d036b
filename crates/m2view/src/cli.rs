//! The command line's definition (clap): the window's arguments, the global
//! options (game data, GPU) and the subcommands with their help headings and
//! examples. `main.rs` runs it; `cli_docs` writes its reference, man page
//! and shell completions; the docs test parses every documented command
//! line with it.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::{dress_cmd, export_cmd, render_cmd};

/// Help heading of the options that say where files come from.
pub const GAME_DATA: &str = "Game data";
/// Help heading of the GPU options.
pub const GPU: &str = "GPU";
/// Help heading of what a command writes.
pub const OUTPUT: &str = "Output";
/// Help heading of the sequence, time and camera.
pub const CAMERA_TIME: &str = "Camera and time";
/// Help heading of what of the model is shown and how it is dressed.
pub const MODEL: &str = "Model";
/// Help heading of a race model's character choices.
pub const DRESSING: &str = "Character dressing";
/// Help heading of WMO and map tile options.
pub const WORLD: &str = "World objects and map tiles";
/// Help heading of how the work is done (GPU or CPU paths, threads).
pub const PERFORMANCE: &str = "Performance";

const ABOUT: &str = "Viewer, inspector and converter for World of Warcraft M2 and Warcraft III MDX/MDL models";

const LONG_ABOUT: &str = "\
m2view opens World of Warcraft M2 models (1.x to today's chunked MD21), Warcraft III MDX and MDL \
(classic and Reforged), WMO world objects and ADT map tiles — loose, from a wow.export folder or \
from the game's own MPQ archives and CASC installs — and shows them as the game draws them: \
animated, with particles and ribbons, creatures in their skins, characters dressed from the \
client's tables. Without a subcommand it opens the viewer window (the embedded demo model when \
no file is given).";

const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  a usage error, or a failure that is not the input's (no GPU adapter, an unwritable output)
  2  a malformed or unreadable input: the message names the source, file, structure and byte offset";

const EXAMPLES: &str = "\
Examples:
  m2view                                         the window, on the embedded demo model
  m2view Creature/Murloc2/Murloc2.m2             the window, on a model
  m2view --data auto                             the window, on a game install found here
  m2view info Rabbit.m2 --json                   what is in a file, as JSON
  m2view render Rabbit.m2 -o rabbit.png          draw it to a PNG
  m2view export --data auto Creature/Bear/Bear.m2 -o bear.glb

Documentation: docs/ in the source tree (docs/reference/cli.md is this help, every option).";

/// `m2view`'s arguments: the window's file and the global options; a
/// subcommand instead of the window.
#[derive(Parser)]
#[command(name = "m2view", version, about = ABOUT, long_about = LONG_ABOUT)]
#[command(after_help = EXIT_CODES, after_long_help = format!("{EXAMPLES}\n\n{EXIT_CODES}"))]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do (default: open the window).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Model to open in the viewer window (default: the embedded demo model): .m2, .mdx, .mdl, a
    /// WMO root, an ADT tile; with --data a path or fdid:N inside the sources.
    pub file: Option<PathBuf>,
    /// Data root that texture paths are relative to (default: walk up from the model's folder).
    #[arg(long, global = true, value_name = "DIR", help_heading = GAME_DATA)]
    pub data_root: Option<PathBuf>,
    /// Community listfile (`fdid;path` lines) for FileDataIDs and archive names; default $M2VIEW_LISTFILE.
    #[arg(long, global = true, value_name = "CSV", env = "M2VIEW_LISTFILE", help_heading = GAME_DATA)]
    pub listfile: Option<PathBuf>,
    /// Data source: a folder, a game folder (its archives in the client's order), a CASC install
    /// (its root, Data/ or a flavour folder such as _retail_), an archive (.mpq, .w3x, .w3m),
    /// `auto` (the first game install found on this machine), or `cdn:PRODUCT` (cdn:wow,
    /// cdn:wow_classic, cdn:wow_classic_era, cdn:wowt, ...: the game from Blizzard's CDN, cached).
    /// Repeatable, highest priority first.
    #[arg(long, global = true, value_name = "SRC", help_heading = GAME_DATA)]
    pub data: Vec<PathBuf>,
    /// Locale: the locale folder of a game folder (default: the first found), the locale of a
    /// CASC install (default: the text locale its .build.info names). enUS, deDE, ...
    #[arg(long, global = true, value_name = "LOCALE", help_heading = GAME_DATA)]
    pub locale: Option<String>,
    /// Product of a CASC install: wow, wow_classic, wow_classic_era, ... (default: the flavour
    /// folder given, else the first active product of .build.info).
    #[arg(long, global = true, value_name = "PRODUCT", help_heading = GAME_DATA)]
    pub product: Option<String>,
    /// Region of a `cdn:` source: us, eu, kr, tw or cn.
    #[arg(long, global = true, value_name = "REGION", default_value = "us", help_heading = GAME_DATA)]
    pub region: String,
    /// Build of a `cdn:` source: a VersionsName of `ls --builds` (11.2.7.65299), or
    /// BUILDKEY:CDNKEY (a build config's and a CDN config's keys, for an older build). Default:
    /// the region's current build.
    #[arg(long, global = true, value_name = "BUILD", help_heading = GAME_DATA)]
    pub build: Option<String>,
    /// Version service of `cdn:` sources, instead of the region's public one
    /// (`http://REGION.patch.battle.net:1119`): it serves URL/PRODUCT/versions and URL/PRODUCT/cdns.
    #[arg(long, global = true, value_name = "URL", help_heading = GAME_DATA)]
    pub version_server: Option<String>,
    /// Cache folder of `cdn:` sources (default: the system's cache folder, m2view/cdn in it).
    #[arg(long, global = true, value_name = "DIR", help_heading = GAME_DATA)]
    pub cache: Option<PathBuf>,
    /// Most bytes the cache keeps (K, M, G suffixes); the least recently used go first.
    #[arg(long, global = true, value_name = "SIZE", default_value = "10G", value_parser = m2view_cdn::cache::parse_size, help_heading = GAME_DATA)]
    pub cache_size: u64,
    /// Warcraft III Reforged install: `hd` shows Reforged's models and textures over the classic
    /// ones, `sd` the classic ones only.
    #[arg(long, global = true, value_name = "QUALITY", default_value = "hd", help_heading = GAME_DATA)]
    pub wc3_quality: m2view_data::Wc3Quality,
    /// TACT keys for a CASC install's encrypted files: `KEYNAME KEY` hex lines (the community
    /// WoW.txt); default $M2VIEW_TACT_KEYS.
    #[arg(long, global = true, value_name = "FILE", env = "M2VIEW_TACT_KEYS", help_heading = GAME_DATA)]
    pub tact_keys: Option<PathBuf>,
    /// A game folder's loose files (under Data/) override its archives.
    #[arg(long, global = true, help_heading = GAME_DATA)]
    pub loose: bool,
    /// WoWDBDefs definitions (its definitions/ folder) for table layouts newer than the ones
    /// m2view embeds.
    #[arg(long, global = true, value_name = "DIR", help_heading = GAME_DATA)]
    pub dbd: Option<PathBuf>,
    /// A folder of client tables (DBFilesClient/*.dbc, .db2 or .csv), read before those beside the
    /// model and in --data. Repeatable, highest priority first.
    #[arg(long, global = true, value_name = "DIR", help_heading = GAME_DATA)]
    pub dbc: Vec<PathBuf>,
    /// GPU backend: auto, vulkan, gl, metal, dx12, or webgl2 (OpenGL with WebGL2's limits: the
    /// path a browser without WebGPU takes). Default: $M2VIEW_BACKEND, else each in turn until
    /// one works: dx12, vulkan, gl on Windows; metal, gl on macOS; vulkan, gl elsewhere.
    #[arg(long, global = true, value_name = "NAME", help_heading = GPU)]
    pub backend: Option<String>,
    /// Print a document written from this definition instead of running: `markdown` (the
    /// reference), `man` (roff), or a shell's completions (`bash`, `zsh`, `fish`, `powershell`,
    /// `elvish`). Used by `cargo xtask docs`.
    #[arg(long, hide = true, value_name = "WHAT")]
    pub generate: Option<String>,
}

/// The subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Print what a model, texture or client table file contains.
    #[command(after_long_help = "\
Examples:
  m2view info Rabbit.m2                          sequences, bones, skins, textures, materials, ...
  m2view info Rabbit.m2 --json                   the same as one JSON object
  m2view info --data map.w3x 'war3mapImported\\tcBox.mdx'
  m2view info scourgefemale.m2 --dbc dbc/        a character: its options and their counts
  m2view info dxt5.blp                           a texture: encoding, alpha, mip levels
  m2view info CreatureDisplayInfo.dbc --where ID=31    a table's layout, and one row")]
    Info {
        /// Model file: .m2, .mdx, .mdl, a WMO root, an ADT tile or a WDT; a texture (.blp, .dds,
        /// .tga, .png); a client table (.dbc, .db2, .csv); a virtual path or fdid:N with --data.
        file: PathBuf,
        /// Print a JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Character choices (race models): the report gives their counts and current values.
        #[command(flatten)]
        character: crate::character_args::CharacterArgs,
        /// A table: print the rows whose COLUMN (any case; `Name[1]` for an array element)
        /// equals VALUE; repeatable, all must hold.
        #[arg(long = "where", value_name = "COLUMN=VALUE")]
        filter: Vec<String>,
    },
    /// Render a model offscreen to a PNG file (or a turntable GIF, or thumbnails of many).
    #[command(after_long_help = "\
Examples:
  m2view render Rabbit.m2 -o rabbit.png
  m2view render Rabbit.m2 -o rabbit.png --camera iso --time 500 --size 1024x1024 --transparent
  m2view render Murloc2.m2 --display-id 31 -o murloc.png         a creature skin
  m2view render Rabbit.m2 --turntable -o spin.gif                one turn, animated
  m2view render --data my-models/ --all '*' -o thumbs/ --jobs 2  thumbnails of every model")]
    Render(Box<render_cmd::RenderArgs>),
    /// Export a model: glTF 2.0 (.glb or .gltf) or FBX (skeleton and every animation), OBJ, or
    /// a Warcraft III model as MDL or MDX.
    #[command(after_long_help = "\
Examples:
  m2view export Rabbit.m2 -o rabbit.glb                          for Blender, Unity, Unreal, three.js
  m2view export Rabbit.m2 -o rabbit.fbx --textures copy         FBX 7.4, its PNGs beside it
  m2view export Rabbit.m2 -o rabbit.obj --time 500               a pose, with .mtl and PNGs
  m2view export Footman.mdx -o Footman.mdl                       Warcraft III: MDX to MDL text
  m2view export inn.wmo --doodad-set 1 -o inn.glb                a WMO with its doodads
  m2view export Bear.blp -o Bear.png                             a texture to PNG
  m2view export Bear.png -o Bear.blp --blp dxt5                  and back (BLP2 DXT5, every mip)
  m2view export Skin.png -o Skin.blp --blp blp1-jpeg             Warcraft III's BLP1 JPEG
  m2view export --dbd definitions/ Emotes.db2 -o Emotes.sql      a table to SQL (or .csv, .json)")]
    Export(Box<export_cmd::ExportArgs>),
    /// The dressing plan of a 9.0+ character from its tables (--dbc), with or without its files:
    /// options and choices, geosets, composed textures' layers, extra models.
    #[command(after_long_help = "\
Examples:
  m2view dress --dbc dbfilesclient/ --race human --gender male --json
  m2view dress --dbc dbfilesclient/ --chr-model 1 --customize 'Hair Style=Peasant' --equip chest=2503")]
    Dress(dress_cmd::DressArgs),
    /// List the files of the --data sources: path, size in bytes, source (tab-separated).
    #[command(after_long_help = "\
Examples:
  m2view ls --data ~/WoW-3.3.5 'creature/*.m2'
  m2view ls --data patch-Y.MPQ --json
  m2view ls --data cdn:wow_classic_era --builds       what the version service offers
  m2view ls --data cdn:wow --listfile listfile.csv 'creature/murloc/*'
  m2view ls --data ~/WoW-3.3.5 --maps                 ID, Directory, Name of every map")]
    Ls {
        /// Glob over virtual paths, case-insensitive (`*` crosses folders); default: everything.
        glob: Option<String>,
        /// Print a JSON array instead.
        #[arg(long)]
        json: bool,
        /// List the builds the version service offers for the `cdn:` source instead:
        /// region, VersionsName, build config, CDN config (tab-separated).
        #[arg(long)]
        builds: bool,
        /// List the maps of the sources instead: ID, Directory, Name (tab-separated) from the
        /// Map table, then the WDTs under World/Maps that no row names (ID `-`). `map:DIRECTORY`
        /// names one wherever a model path goes.
        #[arg(long, conflicts_with = "builds")]
        maps: bool,
    },
    /// Show the cache of `cdn:` sources (its size and the builds it holds), or empty it.
    #[command(after_long_help = "\
Examples:
  m2view cache                                   size, entries and builds of the default cache
  m2view cache --cache /tmp/m2view-cdn --clear   empty that cache")]
    Cache {
        /// Remove everything the cache holds.
        #[arg(long)]
        clear: bool,
    },
    /// Copy the files of the --data sources matching GLOB under DIR.
    #[command(after_long_help = "\
Examples:
  m2view extract --data patch-Y.MPQ 'creature/*' -o out/
  m2view extract --data ~/wow fdid:5408474 -o out/
  m2view extract --data ~/WoW-3.3.5 'creature/bear/*' -o out/ --convert png
  m2view extract --data ~/WoW-3.3.5 'dbfilesclient/*.dbc' -o tables/ --convert csv")]
    Extract {
        /// Glob over virtual paths, case-insensitive.
        glob: String,
        /// Output folder.
        #[arg(short, long)]
        output: PathBuf,
        /// Convert on the way out: `png` writes textures (BLP, DDS, TGA) as PNG, `csv` client
        /// tables (DBC, DB2) as CSV; other files are copied as they are.
        #[arg(long, value_name = "FORMAT")]
        convert: Option<crate::data_cmd::Convert>,
    },
}
