//! MDL, the text form of Warcraft III models that every model editor
//! reads and writes (Hive Workshop "MDL" specification), converted to and
//! from MDX through the `wc3` crate, which reads both spellings (the Art
//! Tools' and the Hive Workshop's) for v800 and the Reforged versions.
//! m2view keeps one model reader: MDL text becomes MDX bytes, read like
//! any MDX file.
//!
//! Checked against real files: every v800 and Reforged MDX of the corpus
//! written as MDL by mdx-m3-viewer 5.12 (an independent writer) and read
//! here gives the same `info` as the MDX. `wc3` 0.2 refuses one thing real
//! MDL files hold — the comma after `SegmentColor`'s block, which the Art
//! Tools, mdx-m3-viewer and the Blender exporters write — so that comma is
//! blanked before parsing (positions in errors stay those of the file).
//! `wc3` allocates by what it reads, not by declared counts (checked with
//! counts of 4 billion and the mutation harness).

use std::borrow::Cow;

use wc3::model::DynamicModel;
use wc3::model::mdl::{Read as _, Write as _};

use crate::error::{Error, Result};

/// True if `bytes` look like MDL text: after an optional UTF-8 byte order
/// mark, white space and `//` comments, the word `Version` (the block
/// every MDL file starts with).
pub fn is_mdl(bytes: &[u8]) -> bool {
    let mut rest = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    loop {
        rest = rest.trim_ascii_start();
        if rest.starts_with(b"//") {
            let eol = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
            rest = &rest[eol..];
        } else {
            return rest.starts_with(b"Version");
        }
    }
}

/// The MDX bytes of MDL text `bytes` (in the version its `Version` block
/// names: 800, or a Reforged one).
///
/// Errors: not UTF-8 (at the first bad byte), or a syntax or value error
/// — unbalanced braces, a list with another count than it declares, an
/// unknown field — as "line L, column C: what" at its byte offset.
pub fn mdl_to_mdx(bytes: &[u8]) -> Result<Vec<u8>> {
    let text = std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes))
        .map_err(|e| Error::invalid(e.valid_up_to() as u64, "MDL text is not UTF-8"))?;
    let bom = bytes.len() - text.len();
    let model = DynamicModel::decode_mdl(&accept_block_commas(text)).map_err(|e| {
        let (line, column) = e.line_column(text);
        let near: String = text.get(e.span.start..e.span.end).unwrap_or("").chars().take(40).collect();
        let near = if near.is_empty() { String::new() } else { format!(" near {near:?}") };
        Error::invalid((bom + e.span.start) as u64, format!("MDL line {line}, column {column}: {}{near}", e.kind))
    })?;
    model.encode_mdx().map_err(|e| Error::invalid(0, format!("MDL model cannot be written as MDX: {e}")))
}

/// The MDX bytes of a Warcraft III model file: MDL text converted
/// ([`mdl_to_mdx`]), anything else as it is.
pub fn mdx_bytes(bytes: Vec<u8>) -> Result<Vec<u8>> {
    if is_mdl(&bytes) { mdl_to_mdx(&bytes) } else { Ok(bytes) }
}

/// The MDL text of MDX bytes `bytes`, and notes on what MDL cannot hold
/// and was left out (a `MODL` animation file name — bytes after the NUL
/// ending an empty one, which real files carry, are dropped silently —
/// and geoset animation flag bits other than DropShadow and Color).
///
/// Errors: the MDX is refused by `wc3` (a structure it cannot read).
pub fn mdx_to_mdl(bytes: &[u8]) -> Result<(String, Vec<String>)> {
    let mut model = decode(bytes)?;
    let mut notes = Vec::new();
    wc3::visit_model!(&mut model, |m| {
        if let Some(mut info) = m.model_info()
            && info.animation_file_name.as_bytes().iter().any(|&b| b != 0)
        {
            // A C string: what follows its first NUL (junk in real files) is nothing the game reads.
            let bytes = info.animation_file_name.as_bytes();
            let name = String::from_utf8_lossy(bytes.split(|&b| b == 0).next().unwrap_or_default()).into_owned();
            if !name.is_empty() {
                notes.push(format!("the MODL animation file name {name:?} has no place in MDL: left out"));
            }
            info.animation_file_name = Default::default();
            m.set_model_info(&info);
        }
        // Geoset animation flags beyond DropShadow (0x1) and Color (0x2) have no MDL keyword
        // (mdx-m3-viewer drops them too); m2view reads neither.
        let mut anims = m.geoset_animations();
        let unknown: Vec<(usize, u32)> =
            anims.iter().enumerate().map(|(i, a)| (i, a.flags.bits() & !3)).filter(|&(_, b)| b != 0).collect();
        if !unknown.is_empty() {
            for &(i, bits) in &unknown {
                notes.push(format!("geoset animation {i}: flag bits {bits:#x} have no MDL keyword: left out"));
                anims[i].flags = wc3::model::animation::GeosetAnimationFlags(anims[i].flags.bits() & 3);
            }
            m.set_geoset_animations(&anims);
        }
    });
    let text = model.encode_mdl().map_err(|e| Error::invalid(0, format!("cannot be written as MDL: {e}")))?;
    Ok((text, notes))
}

/// MDX bytes `bytes` read and written again by `wc3` (chunks in the
/// canonical order). Errors: as [`mdx_to_mdl`].
pub fn normalized_mdx(bytes: &[u8]) -> Result<Vec<u8>> {
    decode(bytes)?.encode_mdx().map_err(|e| Error::invalid(0, format!("cannot be written as MDX: {e}")))
}

fn decode(bytes: &[u8]) -> Result<DynamicModel> {
    DynamicModel::decode_mdx(bytes, 800).map_err(|e| Error::invalid(e.offset as u64, format!("MDX for MDL: {e}")))
}

/// `text` with the comma after each `SegmentColor { … }` block blanked
/// (see the module notes); strings and `//` comments are skipped.
fn accept_block_commas(text: &str) -> Cow<'_, str> {
    let b = text.as_bytes();
    let mut blank = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => i = skip_string(b, i),
            b'/' if b.get(i + 1) == Some(&b'/') => i = skip_comment(b, i),
            _ if b[i..].starts_with(b"SegmentColor") && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) => {
                i += "SegmentColor".len();
                if let Some(end) = block_end(b, i) {
                    let comma = end + 1 + b[end + 1..].iter().take_while(|c| c.is_ascii_whitespace()).count();
                    if b.get(comma) == Some(&b',') {
                        blank.push(comma);
                    }
                    i = end + 1;
                }
            }
            _ => i += 1,
        }
    }
    if blank.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = b.to_vec();
    for c in blank {
        out[c] = b' ';
    }
    // Only ASCII commas became spaces: still UTF-8.
    Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| text.to_string()))
}

/// Index of the `}` closing the block whose `{` is the next thing after `from`.
fn block_end(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from + b[from..].iter().take_while(|c| c.is_ascii_whitespace()).count();
    if b.get(i) != Some(&b'{') {
        return None;
    }
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i = skip_string(b, i);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = skip_comment(b, i);
                continue;
            }
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Index after the string starting with the quote at `i`.
fn skip_string(b: &[u8], i: usize) -> usize {
    b[i + 1..].iter().position(|&c| c == b'"').map_or(b.len(), |p| i + p + 2)
}

/// Index of the end of the line of the comment at `i`.
fn skip_comment(b: &[u8], i: usize) -> usize {
    b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |p| i + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mdl_is_recognised_after_comments_and_a_byte_order_mark() {
        assert!(is_mdl(b"// exported\r\n// by hand\nVersion {\n\tFormatVersion 800,\n}\n"));
        assert!(is_mdl(b"\xEF\xBB\xBF  Version { FormatVersion 800, }"));
        assert!(!is_mdl(b"MDLX\x00\x00"));
        assert!(!is_mdl(b"// only a comment"));
    }

    #[test]
    fn the_comma_after_a_segment_colour_block_is_blanked_and_nothing_else() {
        let text = "SegmentColor {\n Color { 1, 1, 1 },\n},\nAlpha { 0, 255, 0 },\n\"SegmentColor {}\",";
        let fixed = accept_block_commas(text);
        assert_eq!(fixed, "SegmentColor {\n Color { 1, 1, 1 },\n} \nAlpha { 0, 255, 0 },\n\"SegmentColor {}\",");
        assert_eq!(fixed.len(), text.len());
        assert!(matches!(accept_block_commas("Model \"x\" {}"), Cow::Borrowed(_)));
        // An unclosed block: left as it is for the parser to report.
        assert_eq!(accept_block_commas("SegmentColor { {"), "SegmentColor { {");
    }

    #[test]
    fn errors_give_line_and_column() {
        let e = mdl_to_mdx(b"Version {\n\tFormatVersion 800,\n}\nModel \"x\" {\n\tBogus 3,\n}\n").unwrap_err();
        assert!(e.to_string().contains("MDL line 5, column 2: unknown field near \"Bogus\""), "{e}");
        assert_eq!(e.offset, 45);
        let e = mdl_to_mdx(b"Version {\n\tFormatVersion 800,\n").unwrap_err();
        assert!(e.to_string().contains("MDL line 3, column 1"), "{e}");
        let e = mdl_to_mdx(b"Version { FormatVersion 800, }\xFF").unwrap_err();
        assert!(e.to_string().contains("not UTF-8") && e.offset == 30, "{e}");
    }
}
