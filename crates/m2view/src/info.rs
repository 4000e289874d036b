//! `m2view info <file> [--json]`: what is in a model file, as text or as a
//! JSON object. The JSON shape is [`Report`] (documented field by field; the
//! text output prints the same fields).

use std::fmt::Write as _;

use m2view_dress::Character;
use m2view_format::{BlendMode, LoadedModel, SequenceData, TextureSource, animation_name, key_bone_name};
use serde::Serialize;

use m2view_app::open::Opened;

/// The `--json` object.
#[derive(Debug, Serialize)]
pub struct Report {
    /// Path of the model file.
    pub file: String,
    /// `"MD20"`, `"MD21"` or `"MDLX"`.
    pub format: String,
    /// File version (M2: 256–274).
    pub version: u32,
    /// Expansion the version belongs to.
    pub expansion: String,
    /// Model name stored in the file.
    pub name: String,
    /// Global flags (hex string).
    pub global_flags: String,
    /// Chunks in file order (chunked files).
    pub chunks: Vec<String>,
    /// Chunks kept raw (unknown / not decoded).
    pub unknown_chunks: Vec<String>,
    /// What the 8.2+ chunks `WFV1`–`WFV3`, `EDGF`, `NERF`, `DETL`, `DBOC`, `AFRA`, `PFDC` say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chunk_data: Option<crate::info_chunks::ChunkDataInfo>,
    /// Counts of every list.
    pub counts: Counts,
    /// Global sequence lengths in ms.
    pub global_sequences: Vec<u32>,
    /// Sequences.
    pub sequences: Vec<SequenceInfo>,
    /// Bones (parents-first order).
    pub bones: Vec<BoneInfo>,
    /// Skin profiles (LODs).
    pub skin_profiles: Vec<LodInfo>,
    /// Textures.
    pub textures: Vec<TextureInfo>,
    /// Creature skins for replaceable types 11–13 (first = applied by default).
    pub skins: Vec<SkinInfo>,
    /// Where the skins' database rows came from (`CreatureModelData.dbc` path; empty: none).
    pub skin_tables: String,
    /// The character, for a race model (`null` otherwise).
    pub character: Option<CharacterInfo>,
    /// Materials.
    pub materials: Vec<MaterialInfo>,
    /// Particle emitters.
    pub particle_emitters: Vec<EmitterInfo>,
    /// Ribbon emitters.
    pub ribbon_emitters: Vec<EmitterInfo>,
    /// Attachments.
    pub attachments: Vec<AttachmentInfo>,
    /// Cameras.
    pub cameras: Vec<CameraInfo>,
    /// Lights.
    pub lights: Vec<LightInfo>,
    /// Events.
    pub events: Vec<EventInfo>,
    /// Model bounds.
    pub bounds: BoundsInfo,
    /// Companion files looked for.
    pub companions: Vec<CompanionInfo>,
    /// Non-fatal problems.
    pub warnings: Vec<String>,
    /// A Warcraft III model's own sequences, geosets, materials, nodes and cameras.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warcraft3: Option<crate::info_mdx::Warcraft3Info>,
    /// A WMO's groups, materials, doodad sets, lights and portals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub world_object: Option<crate::info_wmo::WmoInfo>,
    /// A map tile's chunks, textures, placements and water.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub map_tile: Option<crate::info_adt::TileInfo>,
}

/// A race model's character: identity, options and choices, equipment.
#[derive(Debug, Serialize)]
pub struct CharacterInfo {
    /// The race (`ChrRaces.ClientFileString`, or the path's when no row names it).
    pub race: String,
    /// Its `ChrRaces` id (`null`: no row names it).
    pub race_id: Option<u32>,
    /// The `ChrModel` of a 9.0+ character (`null`: a 1.12–3.3.5 character).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chr_model: Option<u32>,
    /// `"male"` or `"female"`.
    pub gender: String,
    /// 0 male, 1 female.
    pub gender_id: u32,
    /// Every option with its number of choices for the current choices, in the client's order.
    pub options: Vec<OptionInfo>,
    /// The NPC display this character shows (`null`: none).
    pub npc_display: Option<u32>,
    /// Equipment: slot name to `ItemDisplayInfo` id.
    pub equipment: std::collections::BTreeMap<String, u32>,
    /// Where its tables were found (table name to path; absent: not found).
    pub tables: std::collections::BTreeMap<String, String>,
}

/// One customization option.
#[derive(Debug, Serialize)]
pub struct OptionInfo {
    /// `skin`, `face`, `hair`, `hair-color`, `facial`, `facial-color` (as `--customize` names it);
    /// a 9.0+ option's name (`Hair Style`).
    pub name: String,
    /// Choices the tables give.
    pub count: u32,
    /// The current choice (an index below `count`).
    pub choice: u32,
    /// The table value the choice stands for (`null`: no choices); a 9.0+
    /// option's `ChrCustomizationChoice` id.
    pub value: Option<u32>,
}

/// The report of a 9.0+ character: its plan's options, the tables it read.
pub fn modern_info(
    m: &m2view_dress::modern::ModernCharacter,
    lm: &LoadedModel,
    tables: &m2view_dress::ClientTables,
) -> CharacterInfo {
    let plan = m.plan(lm);
    let race = m.catalog.races_of(plan.chr_model).first().map(|r| (r.client_file_string.clone(), r.id));
    let names = [
        "ChrModel",
        "ChrCustomizationOption",
        "ChrCustomizationChoice",
        "ChrCustomizationElement",
        "ChrModelTextureLayer",
        "CreatureDisplayInfo",
    ];
    CharacterInfo {
        race: race.as_ref().map_or_else(String::new, |r| r.0.clone()),
        race_id: race.map(|r| r.1),
        chr_model: Some(plan.chr_model),
        gender: plan.gender.name().to_lowercase(),
        gender_id: plan.gender.id(),
        options: plan
            .options
            .iter()
            .map(|o| OptionInfo {
                name: o.name.clone(),
                count: o.choices.len() as u32,
                choice: o.chosen.unwrap_or(0) as u32,
                value: o.choice_id,
            })
            .collect(),
        npc_display: m.npc.map(|n| n.display),
        equipment: Default::default(),
        tables: names.iter().filter_map(|t| Some((t.to_string(), tables.location(t)?))).collect(),
    }
}

/// The tables a character reads, for the report.
const CHARACTER_TABLES: [&str; 9] = [
    "ChrRaces.dbc",
    "CharSections.dbc",
    "CharHairGeosets.dbc",
    "CharacterFacialHairStyles.dbc",
    "ItemDisplayInfo.dbc",
    "HelmetGeosetVisData.dbc",
    "Item.dbc",
    "CreatureDisplayInfo.dbc",
    "CreatureDisplayInfoExtra.dbc",
];

/// The report of a character with the tables it was read from.
pub fn character_info(c: &Character, tables: &m2view_dress::ClientTables) -> CharacterInfo {
    let id = &c.identity;
    CharacterInfo {
        race: id.race_name.clone(),
        race_id: id.race.as_ref().map(|r| r.id),
        chr_model: None,
        gender: id.sex.name().to_lowercase(),
        gender_id: id.sex.id(),
        options: c
            .counts()
            .into_iter()
            .map(|(o, count)| OptionInfo {
                name: o.name().into(),
                count,
                choice: c.appearance.get(o),
                value: c.options.value(o, &c.appearance),
            })
            .collect(),
        npc_display: c.npc.map(|n| n.display),
        equipment: c.equipment.iter().map(|(s, e)| (s.name().to_string(), e.display)).collect(),
        tables: CHARACTER_TABLES.iter().filter_map(|t| Some((t.to_string(), tables.location(t)?))).collect(),
    }
}

/// Counts.
#[derive(Debug, Serialize)]
pub struct Counts {
    /// Sequences.
    pub sequences: usize,
    /// Bones.
    pub bones: usize,
    /// Vertices.
    pub vertices: usize,
    /// Skin profiles loaded.
    pub skin_profiles: usize,
    /// Skin profiles the file declares.
    pub skin_profiles_declared: usize,
    /// Textures.
    pub textures: usize,
    /// Materials.
    pub materials: usize,
    /// Colours.
    pub colors: usize,
    /// Texture weights.
    pub texture_weights: usize,
    /// Texture transforms.
    pub texture_transforms: usize,
    /// Particle emitters.
    pub particle_emitters: usize,
    /// Ribbon emitters.
    pub ribbon_emitters: usize,
    /// Attachments.
    pub attachments: usize,
    /// Events.
    pub events: usize,
    /// Lights.
    pub lights: usize,
    /// Cameras.
    pub cameras: usize,
    /// Collision triangles.
    pub collision_triangles: usize,
    /// Hit-test and collision shapes (MDX).
    pub shapes: usize,
}

/// A sequence.
#[derive(Debug, Serialize)]
pub struct SequenceInfo {
    /// Index in the sequence list.
    pub index: usize,
    /// Animation id.
    pub anim_id: u16,
    /// Standard animation name, if known.
    pub name: Option<String>,
    /// Variation index.
    pub variation: u16,
    /// Duration in ms.
    pub duration_ms: u32,
    /// Flags (hex string).
    pub flags: String,
    /// `"file"` (in the model file), `"anim"` (external .anim file) or `"alias"`.
    pub data: String,
    /// Alias target index.
    pub alias_of: Option<u16>,
}

/// A bone.
#[derive(Debug, Serialize)]
pub struct BoneInfo {
    /// Index (parents first).
    pub index: usize,
    /// Parent index.
    pub parent: Option<u16>,
    /// Key bone id.
    pub key_bone_id: Option<u32>,
    /// Key bone name.
    pub key_bone_name: Option<String>,
    /// Flags (hex string).
    pub flags: String,
}

/// A skin profile.
#[derive(Debug, Serialize)]
pub struct LodInfo {
    /// Where it came from.
    pub source: String,
    /// Submeshes.
    pub submeshes: usize,
    /// Batches.
    pub batches: usize,
    /// Triangles.
    pub triangles: usize,
    /// Geoset ids of the submeshes.
    pub geosets: Vec<u16>,
}

/// A texture.
#[derive(Debug, Serialize)]
pub struct TextureInfo {
    /// Index.
    pub index: usize,
    /// Texture type (0 = file).
    pub kind: u32,
    /// Stored path.
    pub path: Option<String>,
    /// FileDataID.
    pub file_data_id: Option<u32>,
    /// Replaceable (type ≠ 0).
    pub replaceable: bool,
    /// An image the model holds (a map tile's alpha maps): what it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub built: Option<String>,
    /// Warcraft III team slot: `"team colour"` or `"team glow"`.
    pub team: Option<&'static str>,
    /// Resolved file.
    pub found: Option<String>,
    /// Wrap flags: `"wrap"`/`"clamp"` for U and V.
    pub wrap: [String; 2],
}

/// A material.
#[derive(Debug, Serialize)]
pub struct MaterialInfo {
    /// Index.
    pub index: usize,
    /// Blend mode name.
    pub blend: String,
    /// Render flags (hex string).
    pub flags: String,
}

/// A particle or ribbon emitter.
#[derive(Debug, Serialize)]
pub struct EmitterInfo {
    /// Index.
    pub index: usize,
    /// Bone index.
    pub bone: Option<u16>,
    /// Blend mode / material.
    pub blend: String,
    /// Emitter type (particles) or `"ribbon"`.
    pub kind: String,
    /// Texture indices.
    pub textures: Vec<Option<u16>>,
    /// M2 particles: the model each particle spawns (`geometry_model_filename`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spawns: Option<String>,
    /// M2 particles: the model whose emitters this one stands for (`recursion_model_filename`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alias_of: Option<String>,
}

/// A creature skin.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SkinInfo {
    /// Position in `render --skin K`.
    pub index: usize,
    /// `CreatureDisplayInfo` ids using it (empty when guessed).
    pub display_ids: Vec<u32>,
    /// Texture names for types 11, 12, 13 (empty = unset).
    pub textures: [String; 3],
    /// Guessed from file names.
    pub guessed: bool,
    /// Files found for them.
    pub files: [Option<String>; 3],
}

/// An attachment.
#[derive(Debug, Serialize)]
pub struct AttachmentInfo {
    /// Attachment id.
    pub id: u32,
    /// Name of the id.
    pub name: Option<String>,
    /// Bone.
    pub bone: Option<u16>,
    /// Position relative to the bone.
    pub position: [f32; 3],
}

/// A camera.
#[derive(Debug, Serialize)]
pub struct CameraInfo {
    /// Type (0 portrait, 1 character info, −1 other).
    pub kind: i32,
    /// Position base.
    pub position: [f32; 3],
    /// Target base.
    pub target: [f32; 3],
}

/// A light.
#[derive(Debug, Serialize)]
pub struct LightInfo {
    /// 0 directional, 1 point.
    pub kind: u16,
    /// Bone.
    pub bone: Option<u16>,
}

/// An event.
#[derive(Debug, Serialize)]
pub struct EventInfo {
    /// Identifier (`$DTH`, ...).
    pub identifier: String,
    /// Bone.
    pub bone: Option<u16>,
}

/// Bounds.
#[derive(Debug, Serialize)]
pub struct BoundsInfo {
    /// Minimum corner.
    pub min: [f32; 3],
    /// Maximum corner.
    pub max: [f32; 3],
    /// Sphere radius.
    pub radius: f32,
}

/// A companion file.
#[derive(Debug, Serialize)]
pub struct CompanionInfo {
    /// `skin`, `lod skin`, `anim` or `texture`.
    pub kind: String,
    /// What was looked for.
    pub wanted: String,
    /// Where it was found (absent = missing).
    pub found: Option<String>,
}

fn emitter_kind(t: m2view_format::EmitterType) -> String {
    use m2view_format::EmitterType::*;
    match t {
        Plane => "plane".into(),
        Sphere => "sphere".into(),
        Spline => "spline".into(),
        Bone => "bone".into(),
        Other(v) => format!("type {v}"),
    }
}

/// Builds the report of a loaded model.
pub fn report(o: &Opened) -> Report {
    let lm = &o.lm;
    let m = &lm.model;
    let fmt = match m.source.format {
        m2view_format::SourceFormat::Md20 => "MD20",
        m2view_format::SourceFormat::Md21 => "MD21",
        m2view_format::SourceFormat::Mdx => "MDLX",
        m2view_format::SourceFormat::Wmo => "WMO",
        m2view_format::SourceFormat::Adt => "ADT",
        m2view_format::SourceFormat::Scene => "scene",
    };
    Report {
        file: lm.path.display().to_string(),
        format: fmt.into(),
        version: m.source.version,
        expansion: m.source.expansion.into(),
        name: m.name.clone(),
        global_flags: format!("{:#x}", m.global_flags),
        chunks: m.source.chunks.clone(),
        unknown_chunks: m.source.unknown_chunks.clone(),
        chunk_data: crate::info_chunks::chunk_data(m),
        counts: counts(m),
        global_sequences: m.global_sequences.clone(),
        sequences: sequences(m),
        bones: m
            .bones
            .iter()
            .enumerate()
            .map(|(i, b)| BoneInfo {
                index: i,
                parent: b.parent.map(|p| p.0),
                key_bone_id: b.key_bone_id,
                key_bone_name: b.key_bone_id.and_then(key_bone_name).map(String::from),
                flags: format!("{:#x}", b.flags),
            })
            .collect(),
        skin_profiles: m
            .lods
            .iter()
            .map(|l| LodInfo {
                source: l.source.clone(),
                submeshes: l.submeshes.len(),
                batches: l.batches.len(),
                triangles: l.triangle_count(),
                geosets: l.submeshes.iter().map(|s| s.geoset_id).collect(),
            })
            .collect(),
        textures: textures(lm),
        materials: m
            .materials
            .iter()
            .enumerate()
            .map(|(i, mat)| MaterialInfo {
                index: i,
                blend: mat.blend.name().into(),
                flags: format!("{:#x}", mat.flags),
            })
            .collect(),
        particle_emitters: m
            .particles
            .iter()
            .enumerate()
            .map(|(i, p)| EmitterInfo {
                index: i,
                bone: p.bone.map(|b| b.0),
                blend: p.blend.name().into(),
                kind: emitter_kind(p.emitter_type),
                textures: p.textures.iter().map(|t| t.map(|t| t.0)).collect(),
                spawns: p.geometry_model_ref().map(|r| r.to_string()),
                alias_of: p.recursion_model_ref().map(|r| r.to_string()),
            })
            .collect(),
        ribbon_emitters: m
            .ribbons
            .iter()
            .enumerate()
            .map(|(i, r)| EmitterInfo {
                index: i,
                bone: r.bone.map(|b| b.0),
                blend: r
                    .materials
                    .first()
                    .and_then(|&mi| m.materials.get(mi as usize))
                    .map_or(BlendMode::Opaque, |mat| mat.blend)
                    .name()
                    .into(),
                kind: "ribbon".into(),
                textures: r.textures.iter().map(|t| t.map(|t| t.0)).collect(),
                spawns: None,
                alias_of: None,
            })
            .collect(),
        attachments: m
            .attachments
            .iter()
            .enumerate()
            .map(|(i, a)| AttachmentInfo {
                id: a.id,
                name: m.attachment_label(i),
                bone: a.bone.map(|b| b.0),
                position: a.position,
            })
            .collect(),
        cameras: m
            .cameras
            .iter()
            .map(|c| CameraInfo { kind: c.kind, position: c.position_base, target: c.target_base })
            .collect(),
        lights: m.lights.iter().map(|l| LightInfo { kind: l.kind, bone: l.bone.map(|b| b.0) }).collect(),
        events: m
            .events
            .iter()
            .map(|e| EventInfo { identifier: e.identifier.clone(), bone: e.bone.map(|b| b.0) })
            .collect(),
        bounds: BoundsInfo { min: m.bounds.min, max: m.bounds.max, radius: m.bounds.radius },
        companions: lm
            .companions
            .iter()
            .map(|c| CompanionInfo {
                kind: c.kind.label().into(),
                wanted: c.wanted.clone(),
                found: c.path.as_ref().map(|p| p.display().to_string()),
            })
            .collect(),
        warnings: m.warnings.clone(),
        skins: skins(&o.dressing.creature),
        skin_tables: o.dressing.creature.tables.clone(),
        character: o
            .dressing
            .character
            .as_ref()
            .map(|c| character_info(c, &o.dressing.tables))
            .or_else(|| o.dressing.modern.as_ref().map(|m| modern_info(m, &o.lm, &o.dressing.tables))),
        warcraft3: warcraft3(&o.lm),
        world_object: crate::info_wmo::wmo_info(&o.lm),
        map_tile: crate::info_adt::tile_info(&o.lm),
    }
}

/// Each texture of `lm`'s model with where it was found.
fn textures(lm: &LoadedModel) -> Vec<TextureInfo> {
    let m = &lm.model;
    m.textures
        .iter()
        .enumerate()
        .map(|(i, t)| TextureInfo {
            index: i,
            kind: t.kind,
            path: match &t.source {
                TextureSource::Path(p) => Some(p.clone()),
                _ => None,
            },
            file_data_id: match t.source {
                TextureSource::FileDataId(id) => Some(id),
                _ => None,
            },
            replaceable: t.source == TextureSource::Replaceable,
            built: match &t.source {
                TextureSource::Built { name, .. } => Some(name.clone()),
                _ => None,
            },
            team: m.team_slot(i),
            found: lm.texture_files.get(i).cloned().flatten().map(|p| p.display().to_string()),
            wrap: [if t.wrap_u { "wrap" } else { "clamp" }.into(), if t.wrap_v { "wrap" } else { "clamp" }.into()],
        })
        .collect()
}

/// The Warcraft III sections of an MDX (or MDL) model, read again from its file
/// (`None`: no MDX, a WoW alpha MDX, or the file does not read twice).
fn warcraft3(lm: &LoadedModel) -> Option<crate::info_mdx::Warcraft3Info> {
    if lm.model.source.format != m2view_format::SourceFormat::Mdx {
        return None;
    }
    let (bytes, _) = m2view_format::mdl::mdx_bytes(lm.files.read(&lm.path).ok()?).ok()?;
    let f = m2view_format::raw::mdx::parse_mdx(&bytes, &lm.path.display().to_string()).ok()?;
    crate::info_mdx::warcraft3_info(&f)
}

/// The sequences with their standard names and where their keys are.
fn sequences(m: &m2view_format::Model) -> Vec<SequenceInfo> {
    m.sequences
        .iter()
        .enumerate()
        .map(|(i, s)| SequenceInfo {
            index: i,
            anim_id: s.anim_id,
            name: s.name.clone().or_else(|| animation_name(s.anim_id).map(String::from)),
            variation: s.variation,
            duration_ms: s.duration_ms,
            flags: format!("{:#x}", s.flags),
            data: match s.data {
                SequenceData::InFile => "file".into(),
                SequenceData::External { .. } => "anim".into(),
                SequenceData::Alias => "alias".into(),
            },
            alias_of: s.alias_next.map(|a| a.0),
        })
        .collect()
}

/// How many of each thing the model holds.
fn counts(m: &m2view_format::Model) -> Counts {
    Counts {
        sequences: m.sequences.len(),
        bones: m.bones.len(),
        vertices: m.vertices.len(),
        skin_profiles: m.lods.len(),
        skin_profiles_declared: m.declared_lods,
        textures: m.textures.len(),
        materials: m.materials.len(),
        colors: m.colors.len(),
        texture_weights: m.texture_weights.len(),
        texture_transforms: m.texture_transforms.len(),
        particle_emitters: m.particles.len(),
        ribbon_emitters: m.ribbons.len(),
        attachments: m.attachments.len(),
        events: m.events.len(),
        lights: m.lights.len(),
        cameras: m.cameras.len(),
        collision_triangles: m.collision.indices.len() / 3,
        shapes: m.shapes.len(),
    }
}

/// The creature skins, in `render --skin` order.
fn skins(c: &m2view_dress::CreatureSkins) -> Vec<SkinInfo> {
    let files = |k: &m2view_dress::Skin| k.files.clone().map(|f| f.map(|p| p.display().to_string()));
    c.skins
        .iter()
        .enumerate()
        .map(|(index, k)| SkinInfo {
            index,
            display_ids: k.displays.clone(),
            textures: k.names.clone(),
            guessed: k.guessed,
            files: files(k),
        })
        .collect()
}

fn opt<T: std::fmt::Display>(v: &Option<T>) -> String {
    v.as_ref().map_or("-".into(), |v| v.to_string())
}

/// `info map:X`: the map's `Map` row (id, instance type, name) and its WDT
/// (flags, tiles present, or the one world object it is).
fn map_run(dir: &str, json: bool, opts: &m2view_app::open::OpenOptions) -> Result<(), crate::AppError> {
    let map = m2view_app::maps::open(dir, opts)?;
    let wdt = crate::info_adt::map_info(&map.wdt_path.display().to_string(), &map.wdt);
    let e = map.entry.as_ref();
    if json {
        let v = serde_json::json!({
            "map": map.directory,
            "id": e.and_then(|e| e.id),
            "name": e.map(|e| e.name.clone()),
            "instance": e.map(|e| e.instance.clone()),
            "wdt": wdt,
        });
        println!("{}", serde_json::to_string_pretty(&v).map_err(crate::AppError::failure)?);
        return Ok(());
    }
    let mut s = format!("map:{}", map.directory);
    if let Some(e) = e {
        let id = e.id.map_or(String::new(), |i| format!("Map {i}, "));
        s += &format!(" ({id}{}) \"{}\"", if e.instance.is_empty() { "no row" } else { &e.instance }, e.name);
    }
    s.push('\n');
    crate::info_adt::map_text(&mut s, &wdt);
    print!("{s}");
    Ok(())
}

/// Runs `m2view info`: opens and dresses `file` (with the character
/// choices of `args`) and prints its report as text or JSON.
///
/// # Errors
/// [`crate::AppError`]: the model or a table is malformed (exit 2), or bad arguments.
pub fn run(
    file: &std::path::Path,
    json: bool,
    args: &crate::character_args::CharacterArgs,
    filter: &[String],
    opts: &m2view_app::open::OpenOptions,
) -> Result<(), crate::AppError> {
    let path = file.to_string_lossy();
    // A whole map of the game data (`map:X`): its row, its WDT's tiles.
    if let Some(dir) = m2view_app::maps::map_of(file) {
        return map_run(dir, json, opts);
    }
    // A texture: what it holds (`texture_cmd`).
    if crate::texture_cmd::is_texture(file, opts) {
        let bytes = m2view_app::open::read(file, opts)?;
        let i = m2view_texture::file::texture_info(&path, &bytes).map_err(crate::AppError::input)?;
        return crate::texture_cmd::print_info(&i, json);
    }
    // A client table (`table_cmd`).
    if m2view_app::tables::is_table_name(&path) {
        return crate::table_cmd::info(file, json, filter, opts);
    }
    // A map's WDT (a `.wdt` file on disk) is no model: its own section (wowdev wiki "WDT").
    if file.extension().is_some_and(|e| e.eq_ignore_ascii_case("wdt")) {
        let bytes = m2view_format::companion::read_file(file).map_err(crate::AppError::input)?;
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let w = m2view_format::adt::Wdt::parse(&bytes, &file.display().to_string()).map_err(crate::AppError::input)?;
        let m = crate::info_adt::map_info(&name, &w);
        if json {
            println!("{}", serde_json::to_string_pretty(&m).map_err(crate::AppError::failure)?);
        } else {
            let mut s = String::new();
            crate::info_adt::map_text(&mut s, &m);
            print!("{s}");
        }
        return Ok(());
    }
    let mut o = Opened::open(file, opts).map_err(crate::AppError::input)?;
    args.apply(&mut o)?;
    if let Some(look) = o.look() {
        o.lm.model.warnings.extend(look.warnings);
    }
    let r = report(&o);
    if json {
        println!("{}", serde_json::to_string_pretty(&r).map_err(crate::AppError::failure)?);
    } else {
        print!("{}", text(&r));
    }
    Ok(())
}

/// The creature skin lines of the text report.
fn skins_text(s: &mut String, r: &Report) {
    if !r.skins.is_empty() {
        let from = if r.skin_tables.is_empty() { "guessed from file names".to_string() } else { r.skin_tables.clone() };
        let _ = writeln!(s, "skins ({from}):");
        for k in &r.skins {
            let ids: Vec<String> = k.display_ids.iter().map(u32::to_string).collect();
            let names: Vec<String> = k
                .textures
                .iter()
                .zip(&k.files)
                .filter(|(n, _)| !n.is_empty())
                .map(|(n, f)| if f.is_some() { n.clone() } else { format!("{n} (MISSING)") })
                .collect();
            let who = if k.guessed { "guessed".into() } else { format!("display {}", ids.join(", ")) };
            let _ = writeln!(s, "  {:>3} {who}: {}", k.index, names.join(", "));
        }
    }
}

/// The character lines of the text report.
fn character_text(s: &mut String, c: &CharacterInfo) {
    let race = match c.race_id {
        Some(id) => format!("{} ({id})", c.race),
        None => format!("{} (not in ChrRaces)", c.race),
    };
    let body = c.chr_model.map_or_else(String::new, |m| format!("ChrModel {m}, "));
    let _ = writeln!(s, "character: {body}race {race}, {} ({})", c.gender, c.gender_id);
    for o in &c.options {
        let _ = writeln!(s, "  {:<13} {} choices (current {})", o.name, o.count, o.choice);
    }
    for (slot, display) in &c.equipment {
        let _ = writeln!(s, "  equipped {slot}: display {display}");
    }
    if let Some(d) = c.npc_display {
        let _ = writeln!(s, "  NPC display {d}");
    }
}

/// Human-readable text of a report.
pub fn text(r: &Report) -> String {
    let mut s = String::new();
    let c = &r.counts;
    let _ = writeln!(s, "{}", r.file);
    let _ = writeln!(s, "  format {} version {} ({})", r.format, r.version, r.expansion);
    let _ = writeln!(s, "  name {:?}  global flags {}", r.name, r.global_flags);
    if !r.chunks.is_empty() {
        let _ = writeln!(s, "  chunks {}", r.chunks.join(" "));
    }
    if !r.unknown_chunks.is_empty() {
        let _ = writeln!(s, "  unknown chunks (kept raw) {}", r.unknown_chunks.join(" "));
    }
    crate::info_chunks::text(&mut s, r.chunk_data.as_ref());
    let _ = writeln!(
        s,
        "  counts: {} sequences, {} bones, {} vertices, {}/{} skin profiles, {} textures, {} materials, \
         {} colors, {} texture weights, {} texture transforms, {} particle emitters, {} ribbon emitters, \
         {} attachments, {} events, {} lights, {} cameras, {} collision triangles, {} shapes",
        c.sequences,
        c.bones,
        c.vertices,
        c.skin_profiles,
        c.skin_profiles_declared,
        c.textures,
        c.materials,
        c.colors,
        c.texture_weights,
        c.texture_transforms,
        c.particle_emitters,
        c.ribbon_emitters,
        c.attachments,
        c.events,
        c.lights,
        c.cameras,
        c.collision_triangles,
        c.shapes
    );
    let b = &r.bounds;
    let _ = writeln!(s, "  bounds min {:?} max {:?} radius {}", b.min, b.max, b.radius);
    if !r.global_sequences.is_empty() {
        let _ = writeln!(s, "  global sequences (ms) {:?}", r.global_sequences);
    }
    let _ = writeln!(s, "sequences:");
    let _ = writeln!(s, "  {:>4} {:>5} {:<24} {:>4} {:>8} {:>8}  data", "idx", "id", "name", "var", "ms", "flags");
    for q in &r.sequences {
        let data = match q.alias_of {
            Some(a) => format!("alias of {a}"),
            None => q.data.clone(),
        };
        let _ = writeln!(
            s,
            "  {:>4} {:>5} {:<24} {:>4} {:>8} {:>8}  {}",
            q.index,
            q.anim_id,
            q.name.as_deref().unwrap_or("?"),
            q.variation,
            q.duration_ms,
            q.flags,
            data
        );
    }
    let _ = writeln!(s, "skin profiles:");
    for l in &r.skin_profiles {
        let _ = writeln!(
            s,
            "  {}: {} submeshes, {} batches, {} triangles, geosets {:?}",
            l.source, l.submeshes, l.batches, l.triangles, l.geosets
        );
    }
    let _ = writeln!(s, "textures:");
    for t in &r.textures {
        let what = match (&t.path, t.file_data_id, t.replaceable) {
            (Some(p), _, _) => p.clone(),
            (_, Some(id), _) => format!("fdid {id}"),
            (_, _, true) => format!("({})", t.team.unwrap_or("replaceable")),
            _ => t.built.as_ref().map_or_else(|| "(none)".into(), |b| format!("({b})")),
        };
        let found = match (&t.found, (t.replaceable && t.team.is_some()) || t.built.is_some()) {
            (_, true) => String::new(),
            (Some(f), _) => format!(" -> {f}"),
            (None, _) => " -> MISSING".into(),
        };
        let _ = writeln!(s, "  {:>3} type {:>2} {}{}  [{}/{}]", t.index, t.kind, what, found, t.wrap[0], t.wrap[1]);
    }
    skins_text(&mut s, r);
    if let Some(c) = &r.character {
        character_text(&mut s, c);
    }
    let _ = writeln!(s, "materials:");
    for m in &r.materials {
        let _ = writeln!(s, "  {:>3} {:<10} flags {}", m.index, m.blend, m.flags);
    }
    for (title, list) in [("particle emitters", &r.particle_emitters), ("ribbon emitters", &r.ribbon_emitters)] {
        if !list.is_empty() {
            let _ = writeln!(s, "{title}:");
            for e in list {
                let spawns = e.spawns.as_ref().map_or_else(String::new, |m| format!("  spawns {m}"));
                let alias = e.alias_of.as_ref().map_or_else(String::new, |m| format!("  alias of {m}"));
                let _ = writeln!(
                    s,
                    "  {:>3} {:<8} bone {:>4} blend {:<10} textures {:?}{spawns}{alias}",
                    e.index,
                    e.kind,
                    opt(&e.bone),
                    e.blend,
                    e.textures
                );
            }
        }
    }
    if !r.attachments.is_empty() {
        let names: Vec<String> =
            r.attachments.iter().map(|a| format!("{} {}", a.id, a.name.as_deref().unwrap_or("?"))).collect();
        let _ = writeln!(s, "attachments: {}", names.join(", "));
    }
    if !r.cameras.is_empty() {
        let _ = writeln!(s, "cameras:");
        for c in &r.cameras {
            let _ = writeln!(s, "  type {:>2} position {:?} target {:?}", c.kind, c.position, c.target);
        }
    }
    if !r.lights.is_empty() {
        let _ = writeln!(s, "lights: {}", r.lights.len());
    }
    if !r.events.is_empty() {
        let ids: Vec<&str> = r.events.iter().map(|e| e.identifier.as_str()).collect();
        let _ = writeln!(s, "events: {}", ids.join(" "));
    }
    let _ = writeln!(s, "companion files:");
    for c in &r.companions {
        let _ = writeln!(s, "  {:<8} {} -> {}", c.kind, c.wanted, c.found.as_deref().unwrap_or("MISSING"));
    }
    if let Some(w) = &r.warcraft3 {
        crate::info_mdx::text(&mut s, w);
    }
    if let Some(w) = &r.world_object {
        crate::info_wmo::text(&mut s, w);
    }
    if let Some(t) = &r.map_tile {
        crate::info_adt::text(&mut s, t);
    }
    if !r.warnings.is_empty() {
        let _ = writeln!(s, "warnings:");
        for w in &r.warnings {
            let _ = writeln!(s, "  {w}");
        }
    }
    s
}
