//! The binary FBX container, version 7.4: a tree of named nodes, each with
//! a list of typed properties, written depth first with the absolute end
//! offset of every node in front of it.
//!
//! The layout (header, node record, property type codes, arrays compressed
//! with zlib past 128 bytes, the 13-byte null record closing a node list,
//! the footer) follows the description Blender's exporter encodes
//! (`io_scene_fbx/encode_bin.py` of blender-addons) and ufbx's reader
//! (`ufbx.c`, `ufbxi_binary_parse_node`). The footer and the `FileId` /
//! `CreationTime` pair are the fixed values Blender writes: the Autodesk
//! SDK checks them against each other, and these are known to pass.

use std::io::Write;

use crate::ExportError;

/// The FBX version written (7.4: 32-bit node offsets, read by every
/// importer of the last decade).
pub(crate) const VERSION: u32 = 7400;

/// The file header: magic text, then the version.
const MAGIC: &[u8; 23] = b"Kaydara FBX Binary  \x00\x1a\x00";

/// The `FileId` the footer's first 16 bytes belong to (as Blender writes).
pub(crate) const FILE_ID: [u8; 16] =
    [0x28, 0xb3, 0x2a, 0xeb, 0xb6, 0x24, 0xcc, 0xc2, 0xbf, 0xc8, 0xb0, 0x2a, 0xa9, 0x2b, 0xfc, 0xf1];
/// The `CreationTime` that goes with [`FILE_ID`].
pub(crate) const CREATION_TIME: &str = "1970-01-01 10:00:00:000";
const FOOT_ID: [u8; 16] =
    [0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66, 0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e];
const FOOT_MAGIC: [u8; 16] =
    [0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e, 0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b];

/// One property of a node, by the FBX type code it is written with.
#[derive(Debug, Clone)]
pub(crate) enum Prop {
    /// `C`: a boolean byte.
    Bool(bool),
    /// `I`: a 32-bit integer.
    I32(i32),
    /// `L`: a 64-bit integer (object ids, times in ticks).
    I64(i64),
    /// `D`: a double.
    F64(f64),
    /// `S`: a string (binary names are `name\0\x01Class`).
    Str(String),
    /// `R`: raw bytes (an embedded texture).
    Raw(Vec<u8>),
    /// `i`: an array of 32-bit integers.
    I32s(Vec<i32>),
    /// `l`: an array of 64-bit integers.
    I64s(Vec<i64>),
    /// `f`: an array of floats.
    F32s(Vec<f32>),
    /// `d`: an array of doubles.
    F64s(Vec<f64>),
}

impl From<&str> for Prop {
    fn from(s: &str) -> Prop {
        Prop::Str(s.to_owned())
    }
}
impl From<String> for Prop {
    fn from(s: String) -> Prop {
        Prop::Str(s)
    }
}
impl From<i32> for Prop {
    fn from(v: i32) -> Prop {
        Prop::I32(v)
    }
}
impl From<i64> for Prop {
    fn from(v: i64) -> Prop {
        Prop::I64(v)
    }
}
impl From<f64> for Prop {
    fn from(v: f64) -> Prop {
        Prop::F64(v)
    }
}
impl From<bool> for Prop {
    fn from(v: bool) -> Prop {
        Prop::Bool(v)
    }
}

/// A node: its name, properties and children.
#[derive(Debug, Clone)]
pub(crate) struct Node {
    name: &'static str,
    props: Vec<Prop>,
    children: Vec<Node>,
}

impl Node {
    /// A node named `name` with `props` and no children.
    pub(crate) fn new(name: &'static str, props: impl IntoIterator<Item = Prop>) -> Node {
        Node { name, props: props.into_iter().collect(), children: Vec::new() }
    }

    /// A node holding one property.
    pub(crate) fn value(name: &'static str, prop: impl Into<Prop>) -> Node {
        Node::new(name, [prop.into()])
    }

    /// A node with `children` and no properties.
    pub(crate) fn group(name: &'static str, children: Vec<Node>) -> Node {
        Node { name, props: Vec::new(), children }
    }

    /// Adds a child; returns `self` (for building in one expression).
    pub(crate) fn with(mut self, child: Node) -> Node {
        self.children.push(child);
        self
    }

    /// The node's name.
    pub(crate) fn name(&self) -> &'static str {
        self.name
    }

    /// Adds children.
    pub(crate) fn extend(&mut self, children: impl IntoIterator<Item = Node>) {
        self.children.extend(children);
    }
}

/// The whole file: header, `roots`, the closing null record and the
/// footer.
///
/// # Errors
/// The file would pass 4 GiB (7.4 offsets are 32-bit).
pub(crate) fn encode(roots: &[Node]) -> Result<Vec<u8>, ExportError> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    for n in roots {
        write_node(&mut out, n)?;
    }
    out.extend_from_slice(&[0; 13]);
    out.extend_from_slice(&FOOT_ID);
    out.extend_from_slice(&[0; 4]);
    // Padding to 16 bytes (a whole 16 when already aligned), then the version,
    // 120 zero bytes and the closing magic.
    let pad = match out.len() % 16 {
        0 => 16,
        r => 16 - r,
    };
    out.resize(out.len() + pad, 0);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.resize(out.len() + 120, 0);
    out.extend_from_slice(&FOOT_MAGIC);
    Ok(out)
}

fn offset(at: usize) -> Result<u32, ExportError> {
    u32::try_from(at)
        .map_err(|_| ExportError::Unsupported("the FBX file would pass 4 GiB, the limit of version 7.4".into()))
}

fn write_node(out: &mut Vec<u8>, n: &Node) -> Result<(), ExportError> {
    let start = out.len();
    out.extend_from_slice(&[0; 12]);
    out.push(n.name.len() as u8);
    out.extend_from_slice(n.name.as_bytes());
    let props_start = out.len();
    for p in &n.props {
        write_prop(out, p);
    }
    let props_len = offset(out.len() - props_start)?;
    for c in &n.children {
        write_node(out, c)?;
    }
    // A node list ends with a null record; so does a node with nothing in it.
    if !n.children.is_empty() || n.props.is_empty() {
        out.extend_from_slice(&[0; 13]);
    }
    let end = offset(out.len())?;
    out[start..start + 4].copy_from_slice(&end.to_le_bytes());
    out[start + 4..start + 8].copy_from_slice(&(n.props.len() as u32).to_le_bytes());
    out[start + 8..start + 12].copy_from_slice(&props_len.to_le_bytes());
    Ok(())
}

fn write_prop(out: &mut Vec<u8>, p: &Prop) {
    match p {
        Prop::Bool(v) => {
            out.push(b'C');
            out.push(*v as u8);
        }
        Prop::I32(v) => {
            out.push(b'I');
            out.extend_from_slice(&v.to_le_bytes());
        }
        Prop::I64(v) => {
            out.push(b'L');
            out.extend_from_slice(&v.to_le_bytes());
        }
        Prop::F64(v) => {
            out.push(b'D');
            out.extend_from_slice(&v.to_le_bytes());
        }
        Prop::Str(s) => bytes(out, b'S', s.as_bytes()),
        Prop::Raw(b) => bytes(out, b'R', b),
        Prop::I32s(v) => array(out, b'i', v.len(), v.iter().flat_map(|x| x.to_le_bytes())),
        Prop::I64s(v) => array(out, b'l', v.len(), v.iter().flat_map(|x| x.to_le_bytes())),
        Prop::F32s(v) => array(out, b'f', v.len(), v.iter().flat_map(|x| x.to_le_bytes())),
        Prop::F64s(v) => array(out, b'd', v.len(), v.iter().flat_map(|x| x.to_le_bytes())),
    }
}

fn bytes(out: &mut Vec<u8>, code: u8, b: &[u8]) {
    out.push(code);
    out.extend_from_slice(&(b.len() as u32).to_le_bytes());
    out.extend_from_slice(b);
}

/// An array: its length, encoding (0 raw, 1 zlib), stored size, data.
fn array(out: &mut Vec<u8>, code: u8, len: usize, data: impl Iterator<Item = u8>) {
    let raw: Vec<u8> = data.collect();
    let (encoding, stored) = if raw.len() > 128 {
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        // Writing to a Vec cannot fail.
        let _ = z.write_all(&raw);
        (1u32, z.finish().unwrap_or_default())
    } else {
        (0, raw)
    };
    out.push(code);
    out.extend_from_slice(&(len as u32).to_le_bytes());
    out.extend_from_slice(&encoding.to_le_bytes());
    out.extend_from_slice(&(stored.len() as u32).to_le_bytes());
    out.extend_from_slice(&stored);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_is_laid_out_as_the_format_says() {
        let doc = [Node::new("Ab", [Prop::I32(7)]).with(Node::value("C", "xy")), Node::group("E", Vec::new())];
        let bytes = encode(&doc).unwrap();
        assert_eq!(&bytes[..23], MAGIC);
        assert_eq!(u32::from_le_bytes(bytes[23..27].try_into().unwrap()), 7400);
        // "Ab": end offset, 1 property of 5 bytes, name; then "C" with S "xy" and the null record.
        let ab = &bytes[27..];
        let end = u32::from_le_bytes(ab[..4].try_into().unwrap()) as usize;
        assert_eq!(
            (u32::from_le_bytes(ab[4..8].try_into().unwrap()), u32::from_le_bytes(ab[8..12].try_into().unwrap())),
            (1, 5)
        );
        assert_eq!(&ab[12..15], b"\x02Ab");
        assert_eq!(&ab[15..20], &[b'I', 7, 0, 0, 0]);
        let c = &ab[20..];
        assert_eq!(u32::from_le_bytes(c[..4].try_into().unwrap()) as usize, 27 + 20 + 14 + 7);
        assert_eq!(&c[12..14], b"\x01C");
        assert_eq!(&c[14..21], b"S\x02\x00\x00\x00xy");
        assert_eq!(&c[21..34], &[0; 13], "the children's null record");
        assert_eq!(end, 27 + 20 + 21 + 13);
        // "E" has nothing: its own null record; then the top list's.
        let e = &bytes[end..];
        assert_eq!(u32::from_le_bytes(e[..4].try_into().unwrap()) as usize, end + 14 + 13);
        assert_eq!(&e[27..40], &[0; 13]);
        assert_eq!(&bytes[bytes.len() - 16..], &FOOT_MAGIC);
        // The footer's version stands 16-byte aligned, followed by 120 zero bytes and the magic.
        let version_at = bytes.len() - 16 - 120 - 4;
        assert_eq!(version_at % 16, 0);
        assert_eq!(u32::from_le_bytes(bytes[version_at..version_at + 4].try_into().unwrap()), 7400);
    }

    #[test]
    fn long_arrays_are_deflated() {
        let mut out = Vec::new();
        array(&mut out, b'd', 100, (0..100).flat_map(|i| (i as f64).to_le_bytes()));
        assert_eq!(out[0], b'd');
        assert_eq!(u32::from_le_bytes(out[1..5].try_into().unwrap()), 100);
        assert_eq!(u32::from_le_bytes(out[5..9].try_into().unwrap()), 1, "zlib");
        let stored = u32::from_le_bytes(out[9..13].try_into().unwrap()) as usize;
        assert_eq!(out.len(), 13 + stored);
        let mut raw = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::ZlibDecoder::new(&out[13..]), &mut raw).unwrap();
        assert_eq!(raw.len(), 800);
        assert_eq!(f64::from_le_bytes(raw[792..].try_into().unwrap()), 99.0);
    }
}
