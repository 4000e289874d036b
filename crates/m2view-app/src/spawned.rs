//! The models a model's emitters spawn ([`m2view_scene::spawned`]), opened
//! beside it, their names read as the game reads them: `.mdl` as `.mdx` in
//! Warcraft III, `.mdx` and `.mdl` as `.m2` in WoW.

use std::path::PathBuf;
use std::sync::Arc;

use m2view_format::{LoadedModel, ModelRef};
use m2view_scene::spawned::wanted;

use crate::open::{OpenOptions, Opened};

/// The file of spawned model `name` beside `lm`, read as the game reads
/// such names: Warcraft III opens `.mdl` names as `.mdx`, WoW opens `.mdx`
/// and `.mdl` names as `.m2` (wowdev wiki "M2": the client swaps the
/// extension); else the name as it is.
fn spawned_file(lm: &LoadedModel, name: &str) -> Option<PathBuf> {
    let lower = name.to_ascii_lowercase();
    let wc3 = lm.model.source.format == m2view_format::SourceFormat::Mdx;
    let swapped = match lower.rfind('.').map(|i| (i, &lower[i..])) {
        Some((i, ".mdl")) if wc3 => Some(format!("{}.mdx", &name[..i])),
        Some((i, ".mdl" | ".mdx")) if !wc3 => Some(format!("{}.m2", &name[..i])),
        _ => None,
    };
    swapped.and_then(|m| lm.find_game_file(&m)).or_else(|| lm.find_game_file(name))
}

/// The models `lm`'s emitters spawn, by source ([`m2view_scene::spawned::Spawned::emitter`];
/// `None`: spawns nothing, not found or broken), opened through `opts`,
/// and warnings naming what is missing.
pub fn load(lm: &LoadedModel, opts: &OpenOptions) -> (Vec<Option<Arc<LoadedModel>>>, Vec<String>) {
    let mut warnings = Vec::new();
    let models = wanted(&lm.model)
        .into_iter()
        .map(|w| {
            let w = w?;
            let path = match w {
                ModelRef::Name(name) => spawned_file(lm, name),
                ModelRef::FileDataId(id) => lm.find_fdid(id, "m2"),
            };
            let what = w.to_string();
            let Some(path) = path else {
                warnings.push(format!("spawned model {what} not found: its emitter draws nothing"));
                return None;
            };
            match m2view_format::load_model_file(&path, &opts.load) {
                Ok(m) => Some(Arc::new(Opened::dress(m, opts).lm)),
                Err(err) => {
                    warnings.push(format!("spawned model {what}: {err}"));
                    None
                }
            }
        })
        .collect();
    (models, warnings)
}
