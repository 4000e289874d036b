//! `cargo xtask dbd PATH-TO-WoWDBDefs`: compiles the WoWDBDefs definitions
//! of the tables m2view reads into `crates/m2view-db/src/definitions.rs`,
//! which every build embeds, and every definition of the repository,
//! deflated, into `definitions_all.deflate` beside it, which native builds
//! embed.
//!
//! Only what m2view reads is kept (the definitions are not copied): of each
//! table's `definitions/<Table>.dbd`, the column types and names (no
//! foreign keys, comments or verified marks) and the definition blocks it
//! can read — those of the `WDBC` clients 1.12.1, 2.4.3 and 3.3.5, and
//! those with a `LAYOUT` hash (the DB2 clients) — without their `COMMENT`
//! lines and field comments, their builds as one range per patch
//! (`11.2.7.63642-11.2.7.65299` for the sixteen builds of 11.2.7 it
//! lists: m2view picks a DB2 layout by its hash first, by build only
//! where the file names none). Each table's DB2 FileDataID comes from the
//! repository's `manifest.json`.

use std::path::Path;

/// The tables m2view reads.
const TABLES: &[&str] = &[
    "AnimationData",
    "BattlePetVisual",
    "CharComponentTextureLayouts",
    "CharComponentTextureSections",
    "CharHairGeosets",
    "CharSections",
    "CharacterFacialHairStyles",
    "ChrCustomizationBoneSet",
    "ChrCustomizationChoice",
    "ChrCustomizationCondModel",
    "ChrCustomizationElement",
    "ChrCustomizationGeoset",
    "ChrCustomizationMaterial",
    "ChrCustomizationOption",
    "ChrCustomizationReq",
    "ChrCustomizationReqChoice",
    "ChrCustomizationSkinnedModel",
    "ChrModel",
    "ChrModelMaterial",
    "ChrModelTextureLayer",
    "ChrRaceXChrModel",
    "ChrRaces",
    "ComponentModelFileData",
    "ComponentTextureFileData",
    "CreatureDisplayInfo",
    "CreatureDisplayInfoExtra",
    "CreatureDisplayInfoGeosetData",
    "CreatureDisplayInfoOption",
    "CreatureModelData",
    "Emotes",
    "HelmetGeosetData",
    "HelmetGeosetVisData",
    "Item",
    "ItemAppearance",
    "ItemDisplayInfo",
    "ItemDisplayInfoMaterialRes",
    "ItemDisplayInfoModelMatRes",
    "ItemModifiedAppearance",
    "ItemSparse",
    "LiquidType",
    "LiquidTypeXTexture",
    "ModelFileData",
    "NPCModelItemSlotDisplayInfo",
    "TextureFileData",
    "TierTransition",
];

/// The `WDBC` clients m2view reads, `major.minor.patch`.
const WDBC_CLIENTS: &[[u32; 3]] = &[[1, 12, 1], [2, 4, 3], [3, 3, 5]];

/// The `db2FileDataID` of `table` in WoWDBDefs' `manifest.json` (0: none).
fn manifest_fdid(manifest: &str, table: &str) -> u32 {
    manifest
        .split('{')
        .find(|o| o.contains(&format!("\"tableName\": \"{table}\"")))
        .and_then(|o| o.split("\"db2FileDataID\":").nth(1))
        .and_then(|v| v.trim_start().split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .unwrap_or(0)
}

fn build(s: &str) -> Option<[u32; 4]> {
    let v: Vec<u32> = s.trim().split('.').map(|p| p.parse().ok()).collect::<Option<_>>()?;
    v.try_into().ok()
}

/// Whether a `BUILD` line names (or its range covers) a `WDBC` client m2view reads.
fn names_wdbc_client(line: &str) -> bool {
    line.trim_start_matches("BUILD ").split(',').any(|b| {
        let (from, to) = b.split_once('-').unwrap_or((b, b));
        let (Some(from), Some(to)) = (build(from), build(to)) else { return false };
        WDBC_CLIENTS.iter().any(|c| from[..3] <= c[..] && c[..] <= to[..3])
    })
}

/// Drops a `//` comment and trailing space.
fn code(line: &str) -> &str {
    line.split("//").next().unwrap_or("").trim_end()
}

/// `BUILD` lines of `builds` (single builds or ranges): single builds of
/// one patch merged into one range, ranges as they are, in first-seen order.
fn patch_ranges(builds: &[&str]) -> String {
    let mut patches: Vec<([u32; 3], [u32; 4], [u32; 4])> = Vec::new();
    let mut out = String::new();
    for b in builds {
        match build(b) {
            Some(v) => match patches.iter_mut().find(|p| p.0[..] == v[..3]) {
                Some(p) => (p.1, p.2) = (p.1.min(v), p.2.max(v)),
                None => patches.push(([v[0], v[1], v[2]], v, v)),
            },
            None => out.push_str(&format!("BUILD {b}\n")),
        }
    }
    let text = |v: [u32; 4]| v.map(|x| x.to_string()).join(".");
    for (_, from, to) in patches {
        match from == to {
            true => out.push_str(&format!("BUILD {}\n", text(from))),
            false => out.push_str(&format!("BUILD {}-{}\n", text(from), text(to))),
        }
    }
    out
}

/// What m2view keeps of one definition file (module docs).
fn compact(text: &str) -> String {
    let text = text.replace('\r', "");
    let mut blocks = text.split("\n\n").map(str::trim).filter(|b| !b.is_empty());
    let mut out = String::from("COLUMNS\n");
    for line in blocks.next().unwrap_or("").lines().skip(1) {
        let line = code(line);
        if let Some((ty, name)) = line.split_once(' ') {
            let ty = ty.split('<').next().unwrap_or(ty);
            out.push_str(&format!("{ty} {}\n", name.trim().trim_end_matches('?')));
        }
    }
    for block in blocks {
        let lines: Vec<&str> = block.lines().map(code).filter(|l| !l.is_empty() && !l.starts_with("COMMENT")).collect();
        let readable = lines.iter().any(|l| l.starts_with("LAYOUT "))
            || lines.iter().any(|l| l.starts_with("BUILD ") && names_wdbc_client(l));
        if readable {
            out.push('\n');
            let builds: Vec<&str> = lines
                .iter()
                .filter_map(|l| l.strip_prefix("BUILD "))
                .flat_map(|l| l.split(','))
                .map(str::trim)
                .collect();
            out.push_str(&patch_ranges(&builds));
            lines.iter().filter(|l| !l.starts_with("BUILD ")).for_each(|l| out.push_str(&format!("{l}\n")));
        }
    }
    out
}

/// `cargo xtask dbd PATH`: see the module docs.
pub fn run(repo: &Path) -> bool {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let manifest = std::fs::read_to_string(repo.join("manifest.json")).unwrap_or_default();
    let mut list = String::from(
        "//! The table definitions m2view embeds, compiled by `cargo xtask dbd\n\
         //! PATH-TO-WoWDBDefs` from WoWDBDefs (github.com/wowdev/WoWDBDefs,\n\
         //! `definitions/`; © the WoWDBDefs contributors, data under the Creative\n\
         //! Commons Attribution-ShareAlike 4.0 licence, CC BY-SA 4.0, and so is\n\
         //! this adaptation): of each table, its columns and the definition\n\
         //! blocks m2view can read (the 1.12.1, 2.4.3 and 3.3.5 `WDBC` clients'\n\
         //! and the DB2 layouts), without comments. Do not edit.\n\n\
         /// `(table, DB2 FileDataID (0: none), definition in .dbd syntax)`.\n\
         pub(crate) const EMBEDDED: &[(&str, u32, &str)] = &[\n",
    );
    let (mut read, mut kept) = (0, 0);
    for t in TABLES {
        let src = repo.join("definitions").join(format!("{t}.dbd"));
        let text = match std::fs::read_to_string(&src) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", src.display());
                return false;
            }
        };
        let c = compact(&text);
        (read, kept) = (read + text.len(), kept + c.len());
        list.push_str(&format!("    (\"{t}\", {}, r#\"{c}\"#),\n", manifest_fdid(&manifest, t)));
    }
    list.push_str("];\n");
    if !write_all(repo, &manifest, &root.join("crates/m2view-db/src/definitions_all.deflate")) {
        return false;
    }
    let out = root.join("crates/m2view-db/src/definitions.rs");
    match std::fs::write(&out, list) {
        Ok(()) => {
            eprintln!("{} definitions compiled into {} ({read} bytes read, {kept} kept)", TABLES.len(), out.display());
            true
        }
        Err(e) => {
            eprintln!("{}: {e}", out.display());
            false
        }
    }
}

/// Every definition of the repository, kept as [`compact`] keeps them,
/// written deflated to `out`: records `name\tfdid\tdefinition\0` in name
/// order (`m2view-db`'s `defs::all` reads them natively, so that any table
/// reads without `--dbd`).
fn write_all(repo: &Path, manifest: &str, out: &Path) -> bool {
    use std::io::Write as _;
    let Ok(dir) = std::fs::read_dir(repo.join("definitions")) else {
        eprintln!("{}: no definitions folder", repo.display());
        return false;
    };
    let mut files: Vec<_> =
        dir.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "dbd")).collect();
    files.sort();
    let mut all = String::new();
    for f in &files {
        let (Some(name), Ok(text)) = (f.file_stem().and_then(|n| n.to_str()), std::fs::read_to_string(f)) else {
            eprintln!("{}: not read", f.display());
            return false;
        };
        all.push_str(&format!("{name}\t{}\t{}\0", manifest_fdid(manifest, name), compact(&text)));
    }
    let mut z = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    let bytes = z.write_all(all.as_bytes()).and_then(|()| z.finish());
    match bytes.and_then(|b| std::fs::write(out, &b).map(|()| b.len())) {
        Ok(n) => {
            eprintln!("{} definitions, {} bytes kept, {n} deflated into {}", files.len(), all.len(), out.display());
            true
        }
        Err(e) => {
            eprintln!("{}: {e}", out.display());
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_columns_and_readable_blocks_only() {
        let text = "COLUMNS\nint<Foo::ID> FooID // a comment\nfloat Scale?\n\n\
                    BUILD 0.5.3.3368\nCOMMENT alpha\nFooID\n\n\
                    BUILD 3.0.1.8303-3.3.5.12340\n$id$ID<32>\nFooID<32> // the foo\n\n\
                    LAYOUT 1A2B3C4D\nBUILD 11.2.7.64011, 11.2.7.63642, 11.2.7.65299, 11.2.5.62554\nScale\n";
        assert_eq!(
            compact(text),
            "COLUMNS\nint FooID\nfloat Scale\n\nBUILD 3.0.1.8303-3.3.5.12340\n$id$ID<32>\nFooID<32>\n\nBUILD 11.2.7.63642-11.2.7.65299\nBUILD 11.2.5.62554\nLAYOUT 1A2B3C4D\nScale\n"
        );
    }
}
