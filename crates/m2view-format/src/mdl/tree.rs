//! MDL text as a tree of statements, read tolerantly enough for every
//! editor's output: the structure the dialect layer ([`super::dialect`])
//! rewrites before the strict reader sees it.
//!
//! MDL's grammar, as mdx-m3-viewer's `parsers/mdlx/tokenstream.ts` and
//! Retera's Model Studio's `MdlTokenInputStream` read it: a statement is a
//! run of words (names, numbers, quoted strings, `static`, the `:` of a
//! key) ended by a `,`, or by a `{ … }` block (which may be followed by a
//! `,`, as the Art Tools write after `SegmentColor`); `//` starts a comment
//! to the end of the line anywhere. A block holds statements of its own.
//! `Bone "Root" { … }`, `MinimumExtent { -1, -2, -3 },`, `333: { 0, 0, 1 },`
//! and `DontInterp,` are all statements.

use std::ops::Range;

use crate::error::{Error, Result};

/// Blocks nested deeper than this are refused (real MDL nests five deep:
/// `Geoset` › `Faces` › `Triangles` › `{ … }`; the cap keeps hostile text
/// from exhausting the stack).
pub const MAX_DEPTH: usize = 32;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A name: letters, digits and `_`, starting with a letter or `_`.
    Word,
    /// A number as MDL writes it (`-1.5e-3`, `333`).
    Number,
    /// A quoted string, quotes included in the span.
    Quoted,
    /// The `:` after a key's time.
    Colon,
    /// Anything else (`<=` of Reforged slots, stray characters): kept for
    /// the strict reader to judge.
    Other,
}

/// One token: its kind and byte range in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: Kind,
    /// Its bytes in the text.
    pub span: Range<usize>,
}

/// One statement: its tokens, its block if it has one, and its extent.
#[derive(Clone, Debug, Default)]
pub struct Statement {
    /// The words before the block or the ending comma.
    pub tokens: Vec<Token>,
    /// The statements of the `{ … }` that ends it, if it has one.
    pub block: Option<Vec<Statement>>,
    /// Byte offset of the ending `,`, if there is one.
    pub comma: Option<usize>,
    /// Bytes from the first token to the end (the comma, the block's `}`
    /// or the last token).
    pub span: Range<usize>,
}

impl Statement {
    /// The first token's text if it is a word (the statement's keyword).
    pub fn keyword<'a>(&self, text: &'a str) -> Option<&'a str> {
        self.tokens.first().filter(|t| t.kind == Kind::Word).map(|t| &text[t.span.clone()])
    }

    /// The text of token `i`.
    pub fn token<'a>(&self, text: &'a str, i: usize) -> Option<&'a str> {
        self.tokens.get(i).map(|t| &text[t.span.clone()])
    }

    /// True if this statement is a key (`333: …`): a number and a colon.
    pub fn is_key(&self) -> bool {
        matches!(self.tokens.as_slice(), [a, b, ..] if a.kind == Kind::Number && b.kind == Kind::Colon)
    }

    /// The statements of its block (none without one).
    pub fn items(&self) -> &[Statement] {
        self.block.as_deref().unwrap_or_default()
    }
}

/// The statements of MDL text `text`.
///
/// Errors (offset = byte in `text`): a `}` closing no block, a block left
/// open at the end of the text, a string without its closing quote, or
/// blocks nested deeper than [`MAX_DEPTH`]; each says line and column.
pub fn parse(text: &str) -> Result<Vec<Statement>> {
    let mut lexer = Lexer { b: text.as_bytes(), i: 0, peeked: None };
    let items = statements(text, &mut lexer, None, 0)?;
    Ok(items)
}

/// Line and column (1-based, a tab counting one) of byte `offset` in `text`.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..offset.min(text.len())];
    let line = before.iter().filter(|&&c| c == b'\n').count() + 1;
    let start = before.iter().rposition(|&c| c == b'\n').map_or(0, |p| p + 1);
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    (line, column)
}

/// An error at byte `offset` of `text`, as "MDL line L, column C: what".
pub fn error_at(text: &str, offset: usize, what: impl std::fmt::Display) -> Error {
    let (line, column) = line_column(text, offset);
    Error::invalid(offset as u64, format!("MDL line {line}, column {column}: {what}"))
}

enum Lexed {
    Token(Token),
    Open(usize),
    Close(usize),
    Comma(usize),
}

struct Lexer<'a> {
    b: &'a [u8],
    i: usize,
    peeked: Option<Option<Lexed>>,
}

impl Lexer<'_> {
    fn peek(&mut self, text: &str) -> Result<Option<&Lexed>> {
        if self.peeked.is_none() {
            let next = self.scan(text)?;
            self.peeked = Some(next);
        }
        Ok(self.peeked.as_ref().and_then(|p| p.as_ref()))
    }

    fn next(&mut self, text: &str) -> Result<Option<Lexed>> {
        self.peek(text)?;
        Ok(self.peeked.take().flatten())
    }

    fn scan(&mut self, text: &str) -> Result<Option<Lexed>> {
        let b = self.b;
        loop {
            while self.i < b.len() && b[self.i].is_ascii_whitespace() {
                self.i += 1;
            }
            if b[self.i..].starts_with(b"//") {
                self.i += b[self.i..].iter().position(|&c| c == b'\n').unwrap_or(b.len() - self.i);
            } else {
                break;
            }
        }
        let Some(&c) = b.get(self.i) else { return Ok(None) };
        let start = self.i;
        let token = |kind, end| Lexed::Token(Token { kind, span: start..end });
        self.i += 1;
        Ok(Some(match c {
            b'{' => Lexed::Open(start),
            b'}' => Lexed::Close(start),
            b',' => Lexed::Comma(start),
            b':' => token(Kind::Colon, self.i),
            b'"' => {
                let Some(len) = b[self.i..].iter().position(|&c| c == b'"') else {
                    return Err(error_at(text, start, "a string without its closing quote"));
                };
                self.i += len + 1;
                token(Kind::Quoted, self.i)
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                self.i += b[self.i..].iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count();
                token(Kind::Word, self.i)
            }
            c if c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.') => {
                // Digits, a point, an exponent with its sign; `nan`/`inf` spellings are words.
                while let Some(&d) = b.get(self.i) {
                    let sign_of_exponent = matches!(d, b'-' | b'+') && matches!(b[self.i - 1], b'e' | b'E');
                    if d.is_ascii_alphanumeric() || d == b'.' || sign_of_exponent {
                        self.i += 1;
                    } else {
                        break;
                    }
                }
                token(Kind::Number, self.i)
            }
            _ => {
                // One character (whole, if it is not ASCII).
                while self.i < b.len() && !text.is_char_boundary(self.i) {
                    self.i += 1;
                }
                token(Kind::Other, self.i)
            }
        }))
    }
}

/// Statements up to the `}` closing the block opened at `open` (or the
/// end of the text at the top, `open` = `None`).
fn statements(text: &str, lx: &mut Lexer, open: Option<usize>, depth: usize) -> Result<Vec<Statement>> {
    let mut items = Vec::new();
    loop {
        match lx.peek(text)? {
            None => {
                return match open {
                    Some(o) => {
                        let (line, column) = line_column(text, o);
                        Err(error_at(
                            text,
                            text.len(),
                            format!("the text ends inside the block opened at line {line}, column {column}"),
                        ))
                    }
                    None => Ok(items),
                };
            }
            Some(&Lexed::Close(c)) => {
                if open.is_none() {
                    return Err(error_at(text, c, "a '}' that closes no block"));
                }
                return Ok(items);
            }
            Some(&Lexed::Comma(_)) => {
                // An empty statement (`,,` or a comma after a block's last item): nothing.
                lx.next(text)?;
            }
            Some(_) => items.push(statement(text, lx, depth)?),
        }
    }
}

fn statement(text: &str, lx: &mut Lexer, depth: usize) -> Result<Statement> {
    let mut s = Statement::default();
    let mut start = None;
    let mut end = 0;
    loop {
        match lx.peek(text)? {
            None | Some(Lexed::Close(_)) => break,
            Some(&Lexed::Comma(c)) => {
                lx.next(text)?;
                s.comma = Some(c);
                end = c + 1;
                break;
            }
            Some(&Lexed::Open(o)) => {
                if depth >= MAX_DEPTH {
                    return Err(error_at(text, o, format!("blocks nested more than {MAX_DEPTH} deep")));
                }
                lx.next(text)?;
                start.get_or_insert(o);
                let items = statements(text, lx, Some(o), depth + 1)?;
                // `statements` returns only at a '}' (or with an error).
                let Some(Lexed::Close(close)) = lx.next(text)? else {
                    return Err(error_at(text, o, "the block opened here is not closed"));
                };
                s.block = Some(items);
                end = close + 1;
                if let Some(&Lexed::Comma(c)) = lx.peek(text)? {
                    lx.next(text)?;
                    s.comma = Some(c);
                    end = c + 1;
                }
                break;
            }
            Some(Lexed::Token(_)) => {
                // The token just peeked.
                let Some(Lexed::Token(t)) = lx.next(text)? else { break };
                start.get_or_insert(t.span.start);
                end = t.span.end;
                s.tokens.push(t);
            }
        }
    }
    s.span = start.unwrap_or(end)..end;
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str, s: &Statement) -> Vec<String> {
        s.tokens.iter().map(|t| text[t.span.clone()].to_string()).collect()
    }

    #[test]
    fn statements_blocks_keys_and_comments() {
        let text = "Model \"x\" { // c\n NumBones 3, MinimumExtent { -1, 2.5e-3, 3 },\n}\nAlpha 1 {\n DontInterp,\n 333: 0.5,\n}\nSegmentColor { Color { 1, 1, 1 }, },\n";
        let top = parse(text).unwrap();
        assert_eq!(top.len(), 3);
        assert_eq!(words(text, &top[0]), ["Model", "\"x\""]);
        let model = top[0].items();
        assert_eq!(words(text, &model[0]), ["NumBones", "3"]);
        assert_eq!(model[1].keyword(text), Some("MinimumExtent"));
        let v: Vec<_> = model[1].items().iter().map(|s| words(text, s).join("")).collect();
        assert_eq!(v, ["-1", "2.5e-3", "3"]);
        assert!(top[1].items()[1].is_key() && !top[1].items()[0].is_key());
        assert_eq!(top[2].comma.map(|c| &text[c..=c]), Some(","));
        assert_eq!(&text[top[2].span.clone()], "SegmentColor { Color { 1, 1, 1 }, },");
    }

    #[test]
    fn broken_structure_is_an_error_with_line_and_column() {
        let e = parse("Model {\n\tBlendTime 150,\n").unwrap_err();
        assert!(
            e.to_string().contains("line 3, column 1: the text ends inside the block opened at line 1, column 7"),
            "{e}"
        );
        let e = parse("Model { }\n}").unwrap_err();
        assert!(e.to_string().contains("line 2, column 1: a '}' that closes no block"), "{e}");
        let e = parse("Model \"x {").unwrap_err();
        assert!(e.to_string().contains("line 1, column 7: a string without"), "{e}");
        let deep = "{".repeat(100_000);
        let e = parse(&deep).unwrap_err();
        assert!(e.to_string().contains("nested more than 32 deep") && e.offset == 32, "{e}");
    }
}
