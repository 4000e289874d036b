//! What the editors write and `wc3` does not read, and the reverse: the
//! rewrites between the MDL of Warcraft III's modding tools (the Art
//! Tools' MdlxConv, War3 Model Editor, Retera's Model Studio,
//! mdx-m3-viewer) and the dialect of the `wc3` crate, which reads and
//! writes the rest.
//!
//! Sources, per rule:
//! - The `Num…` counts of the `Model` block (`NumGeosets 3,`) are what the
//!   Art Tools and every classic editor write; readers take them as hints
//!   (mdx-m3-viewer `parsers/mdlx/model.ts` skips them; Retera's Model
//!   Studio `MdlxModel.loadModelBlock` ignores them). Here: read, removed,
//!   and checked against what follows ([`Rewritten::stated`]).
//! - `DontInherit { Translation, Rotation, Scaling }` (mdx-m3-viewer
//!   `genericobject.ts`, Retera's `MdlxGenericObject`): the node flag bits
//!   0x1 translation, 0x2 scaling, 0x4 rotation (wowdev MDX page,
//!   `MDLGENOBJECT` flags). `wc3` 0.2 spells each bit as one word and
//!   names 0x2 `DontInheritRotation` and 0x4 `DontInheritScaling`: the
//!   bits are translated, not the names.
//! - `EmitterUsesMDL` / `EmitterUsesTGA` (mdx-m3-viewer
//!   `particleemitter.ts`): `wc3` spells them `EmitterUsesMdl`/`…Tga`.
//!   `SortPrimitivesFarZ`/`NearZ` are read as `SortPrimsFarZ`/`NearZ`
//!   (mdx-m3-viewer `material.ts`, Retera's `MdlUtils`).
//! - A PRE2 emitter's `Squirt` flag (mdx-m3-viewer `particleemitter2.ts`,
//!   the Art Tools): `wc3` reads `Squirt 1`.
//! - The `,` after a block of fields — a record such as `SegmentColor
//!   { … },` (Art Tools, mdx-m3-viewer, the Blender exporters), `Anim "x"
//!   { … },`, `Layer { … },` — is blanked; `wc3` takes it for another item.
//!   Commas after blocks of values (`Interval { 0, 1000 },`, `{ 1, 2, 3 },`,
//!   `Matrices { 0 },`) are the grammar's and stay.
//! - A `ParticleEmitter`'s `Particle { LifeSpan, InitVelocity, Path }`
//!   block (mdx-m3-viewer `particleemitter.ts`, the Art Tools): `wc3` reads
//!   those three fields in the emitter itself; written back in the block.
//! - A list's count (`Visibility 9 {` with 10 keys, as MdlxConv wrote in
//!   real files) is a hint: the readers above read until the `}`. A wrong
//!   count is corrected with a warning.
//! - A field the reader does not know is skipped with a warning when it
//!   is a whole statement (see [`super::mdl_to_mdx`]).

use std::ops::Range;

use super::tree::{Kind, Statement, line_column};

/// One replacement of bytes of the original text.
#[derive(Clone, Debug)]
pub struct Edit {
    /// The bytes replaced.
    pub range: Range<usize>,
    /// What replaces them.
    pub with: String,
}

/// The rewrites of one text for `wc3`, what they say, and the counts its
/// `Model` block states.
#[derive(Debug, Default)]
pub struct Rewritten {
    /// The rewrites, in no order.
    pub edits: Vec<Edit>,
    /// What was corrected, each with "MDL line L, column C".
    pub warnings: Vec<String>,
    /// `(NumBones, 30)`…: each `Num…` field of the `Model` block.
    pub stated: Vec<(String, u64)>,
}

/// The bits of a `DontInherit` block's words, and the words not known.
fn inherit_bits<'a>(text: &'a str, s: &Statement) -> (u32, Vec<&'a str>) {
    let (mut bits, mut unknown) = (0, Vec::new());
    for item in s.items() {
        match item.keyword(text) {
            Some("Translation") => bits |= 1,
            Some("Scaling") => bits |= 2,
            Some("Rotation") => bits |= 4,
            _ => unknown.push(item.token(text, 0).unwrap_or("")),
        }
    }
    (bits, unknown)
}

/// `wc3`'s words for node flag bits 0x1, 0x2, 0x4 (see the module notes).
const WC3_INHERIT: [(u32, &str); 3] =
    [(1, "DontInheritTranslation"), (2, "DontInheritRotation"), (4, "DontInheritScaling")];

/// Editors' spellings of flags `wc3` spells otherwise: (editors, `wc3`).
/// The first two are written back the editors' way; the material sort
/// flags' long names are read as the Art Tools' `SortPrimsFarZ`.
const SPELLINGS: [(&str, &str); 4] = [
    ("EmitterUsesMDL", "EmitterUsesMdl"),
    ("EmitterUsesTGA", "EmitterUsesTga"),
    ("SortPrimitivesFarZ", "SortPrimsFarZ"),
    ("SortPrimitivesNearZ", "SortPrimsNearZ"),
];

/// The rewrites that make editor MDL `text` (parsed as `tree`) readable
/// by `wc3`.
pub fn for_wc3(text: &str, tree: &[Statement]) -> Rewritten {
    let mut out = Rewritten::default();
    for s in tree {
        if s.keyword(text) == Some("Model") {
            for item in s.items() {
                if let (Some(name), Some(n), 2, None) =
                    (item.keyword(text), item.token(text, 1), item.tokens.len(), &item.block)
                    && name.starts_with("Num")
                {
                    out.stated.push((name.to_string(), n.parse().unwrap_or(0)));
                    out.edits.push(Edit { range: item.span.clone(), with: String::new() });
                }
            }
        }
        walk(text, s, &mut out);
    }
    out
}

fn walk(text: &str, s: &Statement, out: &mut Rewritten) {
    let here = |offset: usize| {
        let (l, c) = line_column(text, offset);
        format!("MDL line {l}, column {c}")
    };
    let keyword = s.keyword(text);
    match keyword {
        Some("DontInherit") if s.block.is_some() => {
            let (bits, unknown) = inherit_bits(text, s);
            for w in unknown {
                out.warnings
                    .push(format!("{}: DontInherit {{ {w} }} is no inherited part: left out", here(s.span.start)));
            }
            let words: Vec<String> =
                WC3_INHERIT.iter().filter(|(b, _)| bits & b != 0).map(|(_, w)| format!("{w},")).collect();
            out.edits.push(Edit { range: s.span.clone(), with: words.join(" ") });
            return;
        }
        Some("ParticleEmitter") => {
            // Its `Particle { … }` block's fields, in the emitter: the block's braces go.
            for p in s.items().iter().filter(|i| i.keyword(text) == Some("Particle") && i.block.is_some()) {
                let open = p.tokens.last().map_or(p.span.start, |t| t.span.end);
                let open = open + text[open..].find('{').unwrap_or(0);
                let close = text[..p.comma.unwrap_or(p.span.end)].rfind('}').unwrap_or(p.span.end);
                out.edits.push(Edit { range: p.span.start..open + 1, with: String::new() });
                out.edits.push(Edit { range: close..p.span.end, with: String::new() });
            }
        }
        Some(k) if s.tokens.len() == 1 && s.block.is_none() => {
            if let Some((_, wc3)) = SPELLINGS.iter().find(|(e, _)| *e == k) {
                out.edits.push(Edit { range: s.tokens[0].span.clone(), with: wc3.to_string() });
            } else if k == "Squirt" {
                out.edits.push(Edit { range: s.tokens[0].span.clone(), with: "Squirt 1".into() });
            }
        }
        _ => {}
    }
    let of_fields = s.items().iter().any(|i| i.tokens.first().is_some_and(|t| t.kind == Kind::Word));
    if let (Some(_), Some(c), true, false) = (&s.block, s.comma, of_fields, keyword == Some("Particle")) {
        out.edits.push(Edit { range: c..c + 1, with: " ".into() });
    }
    if let Some(k) = keyword {
        correct_counts(text, s, k, out);
    }
    for item in s.items() {
        walk(text, item, out);
    }
}

/// Lists whose declared count is the number of statements in their block.
const COUNTED: [&str; 10] = [
    "Sequences",
    "GlobalSequences",
    "Textures",
    "Materials",
    "TextureAnims",
    "PivotPoints",
    "Vertices",
    "Normals",
    "TVertices",
    "Tangents",
];

/// The count fix of list statement `s` (keyword `k`), if its declared
/// count differs from what its block holds.
fn correct_counts(text: &str, s: &Statement, k: &str, out: &mut Rewritten) {
    let Some(items) = &s.block else { return };
    let numbers: Vec<_> = s.tokens[1..].iter().take_while(|t| t.kind == Kind::Number).collect();
    if numbers.len() + 1 != s.tokens.len() || numbers.is_empty() {
        return;
    }
    let keys = items.iter().filter(|i| i.is_key()).count();
    let (what, actual): (&str, Vec<usize>) = match (k, numbers.len()) {
        (_, 1) if keys > 0 || (items.is_empty() && !COUNTED.contains(&k)) => ("keys", vec![keys]),
        (_, 1) if COUNTED.contains(&k) => ("entries", vec![items.len()]),
        ("Faces" | "Groups", 2) => ("groups and indices", vec![items.len(), items.iter().map(count_numbers).sum()]),
        _ => return,
    };
    let declared: Vec<&str> = numbers.iter().map(|t| &text[t.span.clone()]).collect();
    if declared.iter().zip(&actual).all(|(d, a)| d.parse::<usize>().ok() == Some(*a)) {
        return;
    }
    let (l, c) = line_column(text, s.span.start);
    let actual_text: Vec<String> = actual.iter().map(|a| a.to_string()).collect();
    out.warnings.push(format!(
        "MDL line {l}, column {c}: {k} states {} {what}, its block holds {}: read as it holds",
        declared.join(" "),
        actual_text.join(" ")
    ));
    for (t, a) in numbers.iter().zip(actual_text) {
        out.edits.push(Edit { range: t.span.clone(), with: a });
    }
}

/// The numbers inside statement `s`'s block, at any depth.
fn count_numbers(s: &Statement) -> usize {
    s.tokens.iter().filter(|t| t.kind == Kind::Number).count() + s.items().iter().map(count_numbers).sum::<usize>()
}

/// The rewrites that turn `wc3`'s MDL `text` (parsed as `tree`) into the
/// editors' spelling: `DontInherit { … }` blocks, `EmitterUsesMDL`, the
/// `Squirt` flag, a `ParticleEmitter`'s `Particle { … }` block, and a
/// layer's `static TextureID 3 <= 0` (`wc3`'s slot
/// syntax, which mdx-m3-viewer refuses) as `static TextureID 3` — slot 1…5
/// as the Hive Workshop's `NormalTextureID`, `ORMTextureID`,
/// `EmissiveTextureID`, `TeamColorTextureID`, `ReflectionsTextureID`.
pub fn for_editors(text: &str, tree: &[Statement]) -> Vec<Edit> {
    const SLOTS: [&str; 6] = [
        "TextureID",
        "NormalTextureID",
        "ORMTextureID",
        "EmissiveTextureID",
        "TeamColorTextureID",
        "ReflectionsTextureID",
    ];
    fn walk(text: &str, s: &Statement, out: &mut Vec<Edit>) {
        let words: Vec<&str> = s.tokens.iter().map(|t| &text[t.span.clone()]).collect();
        if let ["static", "TextureID", id, "<", "=", slot] = words.as_slice()
            && let Some(name) = slot.parse::<usize>().ok().and_then(|k| SLOTS.get(k))
        {
            let range = s.tokens[0].span.start..s.tokens[5].span.end;
            out.push(Edit { range, with: format!("static {name} {id}") });
        }
        if let (Some("Squirt"), [_, n], None) = (s.keyword(text), s.tokens.as_slice(), &s.block) {
            // `wc3` writes it only when nonzero.
            out.push(Edit { range: s.tokens[0].span.start..n.span.end, with: "Squirt".into() });
        }
        if s.keyword(text) == Some("ParticleEmitter") {
            let particle = |i: &&Statement| {
                let name = if i.keyword(text) == Some("static") { i.token(text, 1) } else { i.keyword(text) };
                matches!(name, Some("LifeSpan" | "InitVelocity" | "Path"))
            };
            let fields: Vec<&Statement> = s.items().iter().filter(particle).collect();
            if let Some(first) = fields.first() {
                let inner: Vec<&str> = fields.iter().map(|f| &text[f.span.clone()]).collect();
                out.push(Edit { range: first.span.clone(), with: format!("Particle {{ {} }}", inner.join(" ")) });
                out.extend(fields[1..].iter().map(|f| Edit { range: f.span.clone(), with: String::new() }));
            }
        }
        if let (Some(k), 1, None) = (s.keyword(text), s.tokens.len(), &s.block) {
            let part = WC3_INHERIT.iter().find(|(_, w)| *w == k).map(|(bit, _)| match bit {
                1 => "Translation",
                2 => "Scaling",
                _ => "Rotation",
            });
            if let Some(part) = part {
                out.push(Edit { range: s.tokens[0].span.clone(), with: format!("DontInherit {{ {part} }}") });
            } else if let Some((editors, _)) = SPELLINGS[..2].iter().find(|(_, w)| *w == k) {
                out.push(Edit { range: s.tokens[0].span.clone(), with: editors.to_string() });
            }
        }
        for item in s.items() {
            walk(text, item, out);
        }
    }
    let mut out = Vec::new();
    for s in tree {
        walk(text, s, &mut out);
    }
    out
}

/// `text` with `edits` applied (sorted by start; an edit inside an
/// earlier one is dropped), and the map back to the original offsets.
pub fn apply(text: &str, edits: &[Edit]) -> (String, OffsetMap) {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.range.start, std::cmp::Reverse(e.range.end)));
    let mut out = String::with_capacity(text.len());
    let mut map = OffsetMap::default();
    let mut at = 0;
    for e in sorted {
        if e.range.start < at {
            continue;
        }
        out.push_str(&text[at..e.range.start]);
        map.0.push((out.len(), e.range.start, e.with.len(), e.range.end));
        out.push_str(&e.with);
        at = e.range.end;
    }
    out.push_str(&text[at..]);
    (out, map)
}

/// Offsets in rewritten text back to the original: per edit, (start in
/// the rewritten text, start in the original, replacement length, end in
/// the original).
#[derive(Debug, Default)]
pub struct OffsetMap(Vec<(usize, usize, usize, usize)>);

impl OffsetMap {
    /// The original offset of rewritten offset `p` (an offset inside a
    /// replacement maps to the start of what it replaced).
    pub fn original(&self, p: usize) -> usize {
        let mut base = (0, 0);
        for &(new_start, old_start, len, old_end) in &self.0 {
            if p < new_start {
                break;
            }
            if p < new_start + len {
                return old_start;
            }
            base = (new_start + len, old_end);
        }
        p - base.0 + base.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mdl::tree::parse;

    fn rewrite(text: &str) -> (String, Rewritten) {
        let tree = parse(text).unwrap();
        let r = for_wc3(text, &tree);
        (apply(text, &r.edits).0, r)
    }

    #[test]
    fn model_counts_are_read_and_removed() {
        let (t, r) = rewrite("Model \"x\" {\n\tNumGeosets 3,\n\tNumBones 30,\n\tBlendTime 150,\n}\n");
        assert_eq!(t, "Model \"x\" {\n\t\n\t\n\tBlendTime 150,\n}\n");
        assert_eq!(r.stated, [("NumGeosets".to_string(), 3), ("NumBones".to_string(), 30)]);
        assert!(r.warnings.is_empty());
    }

    #[test]
    fn dont_inherit_becomes_wc3_bits_and_back() {
        // Rotation is bit 0x4 (wowdev), which wc3 calls DontInheritScaling.
        let (t, _) = rewrite("Bone \"b\" {\n\tDontInherit { Rotation, Translation },\n\tEmitterUsesMDL,\n\tSquirt,\n}");
        let emitter = "ParticleEmitter \"e\" {\n\tParticle {\n\t\tstatic LifeSpan 1,\n\t\tPath \"x.mdl\",\n\t},\n}";
        let (flat, _) = rewrite(emitter);
        assert_eq!(flat, "ParticleEmitter \"e\" {\n\t\n\t\tstatic LifeSpan 1,\n\t\tPath \"x.mdl\",\n\t\n}");
        let back = apply(&flat, &for_editors(&flat, &parse(&flat).unwrap())).0;
        assert_eq!(
            back,
            "ParticleEmitter \"e\" {\n\t\n\t\tParticle { static LifeSpan 1, Path \"x.mdl\", }\n\t\t\n\t\n}"
        );
        let layer = "Layer {\n\tstatic TextureID 3 <= 0,\n\tstatic TextureID 4 <= 1,\n}";
        let back = apply(layer, &for_editors(layer, &parse(layer).unwrap())).0;
        assert_eq!(back, "Layer {\n\tstatic TextureID 3,\n\tstatic NormalTextureID 4,\n}");
        assert_eq!(t, "Bone \"b\" {\n\tDontInheritTranslation, DontInheritScaling,\n\tEmitterUsesMdl,\n\tSquirt 1,\n}");
        let back = apply(&t, &for_editors(&t, &parse(&t).unwrap())).0;
        assert_eq!(
            back,
            "Bone \"b\" {\n\tDontInherit { Translation }, DontInherit { Rotation },\n\tEmitterUsesMDL,\n\tSquirt,\n}"
        );
    }

    #[test]
    fn wrong_counts_are_corrected_with_a_warning() {
        let text = "Visibility 1 {\n\tDontInterp,\n\t0: 1,\n\t10: 0,\n}\nFaces 1 9 {\n\tTriangles {\n\t\t{ 0, 1, 2 },\n\t},\n}\nVertices 2 {\n\t{ 0, 0, 0 },\n}\n";
        let (t, r) = rewrite(text);
        assert!(t.starts_with("Visibility 2 {") && t.contains("Faces 1 3 {") && t.contains("Vertices 1 {"), "{t}");
        assert_eq!(r.warnings.len(), 3, "{:?}", r.warnings);
        assert_eq!(
            r.warnings[0],
            "MDL line 1, column 1: Visibility states 1 keys, its block holds 2: read as it holds"
        );
        // Right counts, and blocks that are no lists, are left alone.
        let (t, r) = rewrite(
            "Alpha 2 {\n\t0: 1,\n\t1: 0,\n}\nMinimumExtent { 1, 2, 3 },\nSkinWeights 1 { 0, 0, 0, 0, 255, 0, 0, 0 },\n",
        );
        assert!(r.edits.is_empty() && r.warnings.is_empty(), "{t} {r:?}");
    }

    #[test]
    fn offsets_map_back_through_edits() {
        let text = "abc, DontInherit { Rotation }, xyz";
        let (t, r) = rewrite(text);
        assert_eq!(t, "abc, DontInheritScaling, xyz");
        let (_, map) = apply(text, &r.edits);
        assert_eq!(map.original(2), 2);
        assert_eq!(map.original(t.find("xyz").unwrap()), text.find("xyz").unwrap());
        assert_eq!(map.original(t.find("Scaling").unwrap()), 5);
    }
}
