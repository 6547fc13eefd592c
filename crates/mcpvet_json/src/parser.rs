//! The iterative, error-recovering parser.
use std::borrow::Cow;

use mcpvet_diagnostics::{Diagnostic, Label, Severity};
use mcpvet_text::Span;

use crate::codes;
use crate::document::{JsonDocument, Kind, Node, flags};
use crate::options::JsonOptions;
use crate::scan::{self, describe};
use crate::utf8::decode_utf8;

/// A parse result: always a value (possibly partial) plus the diagnostics found on the way.
#[derive(Debug)]
pub struct ParseOutcome<T> {
    /// The parsed value; partial when there are errors.
    pub value: T,
    /// Every problem found, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
}

impl<T> ParseOutcome<T> {
    /// Whether any diagnostic is an error (the input is not well-formed).
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Parses one JSON text.
///
/// Never fails: problems are diagnostics, and the document holds what could be read. A byte
/// order mark at offset 0 is skipped and reported. To parse many texts, keep a [`JsonParser`]
/// and [`recycle`](JsonParser::recycle) documents into it: that reuses the node arena.
pub fn parse<'a>(text: &'a str, options: &JsonOptions) -> ParseOutcome<JsonDocument<'a>> {
    JsonParser::new(options.clone()).parse(text)
}

/// Parses one JSON text given as bytes.
///
/// Invalid UTF-8 is reported at the offset of the first bad byte of each affected line; each
/// bad byte is read as `?` so the rest of the input still parses with unchanged offsets.
pub fn parse_bytes<'a>(bytes: &'a [u8], options: &JsonOptions) -> ParseOutcome<JsonDocument<'a>> {
    JsonParser::new(options.clone()).parse_bytes(bytes)
}

/// A reusable parser: keeps its options, its scratch stacks and (through
/// [`recycle`](Self::recycle)) the node arena of a finished document, so parsing many texts
/// allocates almost nothing.
///
/// ```
/// use mcpvet_json::{JsonOptions, JsonParser};
///
/// let mut parser = JsonParser::new(JsonOptions::strict());
/// for line in [r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, r#"{"jsonrpc":"2.0","id":1,"result":{}}"#] {
///     let outcome = parser.parse(line);
///     assert!(!outcome.has_errors());
///     parser.recycle(outcome.value);
/// }
/// ```
#[derive(Debug, Clone, Default)]
pub struct JsonParser {
    options: JsonOptions,
    spare_nodes: Vec<Node>,
    stack: Vec<Frame>,
    key_stack: Vec<(u64, u32)>,
}

impl JsonParser {
    /// A parser with `options`.
    pub fn new(options: JsonOptions) -> Self {
        JsonParser {
            options,
            ..JsonParser::default()
        }
    }

    /// The options.
    pub fn options(&self) -> &JsonOptions {
        &self.options
    }

    /// Parses one JSON text (see [`parse`]).
    pub fn parse<'a>(&mut self, text: &'a str) -> ParseOutcome<JsonDocument<'a>> {
        self.run(Cow::Borrowed(text), Vec::new(), |p, start, end| {
            let root = p.parse_root(start, end);
            p.roots.push(root);
        })
    }

    /// Parses one JSON text given as bytes (see [`parse_bytes`]).
    pub fn parse_bytes<'a>(&mut self, bytes: &'a [u8]) -> ParseOutcome<JsonDocument<'a>> {
        let decoded = decode_utf8(bytes);
        self.run(decoded.text, decoded.diagnostics, |p, start, end| {
            let root = p.parse_root(start, end);
            p.roots.push(root);
        })
    }

    /// Gives the arena of a document that is no longer needed back to the parser.
    pub fn recycle(&mut self, mut document: JsonDocument<'_>) {
        let mut nodes = std::mem::take(&mut document.nodes);
        if nodes.capacity() > self.spare_nodes.capacity() {
            nodes.clear();
            self.spare_nodes = nodes;
        }
    }

    /// Shared driver: handles the size limit and the byte order mark, then lets `body` parse
    /// the text after the BOM (one root, or one per line or range).
    pub(crate) fn run<'a>(
        &mut self,
        text: Cow<'a, str>,
        mut diagnostics: Vec<Diagnostic>,
        body: impl FnOnce(&mut Parser<'_>, usize, usize),
    ) -> ParseOutcome<JsonDocument<'a>> {
        let mut doc = JsonDocument::empty(Cow::Borrowed(""));
        if let Err(err) = mcpvet_text::check_len(text.len()) {
            diagnostics.push(Diagnostic::new(
                codes::SYNTAX,
                Severity::Error,
                Span::empty(0),
                err.to_string(),
            ));
            doc.text = text;
            return ParseOutcome {
                value: doc,
                diagnostics,
            };
        }
        let mut start = 0;
        if text.starts_with('\u{feff}') {
            doc.bom = Some(Span::new(0, 3));
            diagnostics.push(
                Diagnostic::new(
                    codes::BOM,
                    Severity::Warning,
                    Span::new(0, 3),
                    "the input starts with a UTF-8 byte order mark",
                )
                .with_help("save the file as UTF-8 without BOM; some clients fail to read it"),
            );
            start = 3;
        }
        {
            let mut nodes = std::mem::take(&mut self.spare_nodes);
            if nodes.capacity() == 0 {
                nodes = crate::document::take_spare_nodes();
            }
            nodes.clear();
            nodes.reserve(text.len() / 12 + 4);
            let mut parser = Parser {
                bytes: text.as_bytes(),
                pos: start,
                end: text.len(),
                options: &self.options,
                nodes,
                roots: Vec::new(),
                stack: std::mem::take(&mut self.stack),
                diagnostics,
                comments: Vec::new(),
                trailing_commas: Vec::new(),
                key_stack: std::mem::take(&mut self.key_stack),
            };
            body(&mut parser, start, text.len());
            doc.nodes = parser.nodes;
            doc.roots = parser.roots;
            doc.comments = parser.comments;
            doc.trailing_commas = parser.trailing_commas;
            diagnostics = parser.diagnostics;
            self.stack = parser.stack;
            self.key_stack = parser.key_stack;
        }
        diagnostics.sort_by_key(|d| (d.span().start, d.span().end));
        doc.text = text;
        ParseOutcome {
            value: doc,
            diagnostics,
        }
    }
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    node: u32,
    is_object: bool,
    open: u32,
    /// Where this object's keys start on the parser's key stack (duplicate-key check).
    keys_start: u32,
    /// Whether a key of this object holds an escape (compare decoded keys then).
    escaped_keys: bool,
}

/// What follows a key: its value, or (when the value is known to be missing and an `Error`
/// node was pushed for it) the separator after a value.
enum Next {
    Value,
    AfterValue,
}

pub(crate) struct Parser<'p> {
    bytes: &'p [u8],
    pos: usize,
    end: usize,
    options: &'p JsonOptions,
    nodes: Vec<Node>,
    pub(crate) roots: Vec<u32>,
    stack: Vec<Frame>,
    diagnostics: Vec<Diagnostic>,
    comments: Vec<Span>,
    trailing_commas: Vec<Span>,
    key_stack: Vec<(u64, u32)>,
}

impl Parser<'_> {
    // ----- helpers -------------------------------------------------------------------------

    #[inline]
    fn peek(&self) -> Option<u8> {
        if self.pos < self.end {
            Some(self.bytes[self.pos])
        } else {
            None
        }
    }

    #[inline]
    fn push(&mut self, kind: Kind, flags: u8, start: usize, end: usize) {
        let next = self.nodes.len() as u32 + 1;
        self.nodes.push(Node {
            kind,
            flags,
            start: start as u32,
            end: end as u32,
            next,
        });
    }

    fn text(&self, start: usize, end: usize) -> &str {
        // Spans handed to this function always lie on character boundaries of valid UTF-8.
        std::str::from_utf8(&self.bytes[start..end]).unwrap_or("")
    }

    fn error(&mut self, start: usize, end: usize, message: impl Into<String>) -> &mut Diagnostic {
        self.diagnostics.push(Diagnostic::new(
            codes::SYNTAX,
            Severity::Error,
            Span::new(start as u32, end as u32),
            message,
        ));
        self.diagnostics.last_mut().expect("just pushed")
    }

    /// A description of what is at the current position, for "found ..." messages.
    fn found(&self) -> String {
        if self.pos >= self.end {
            return "end of input".to_owned();
        }
        let end = scan::junk_end(self.bytes, self.pos, self.end);
        describe(self.text(self.pos, end))
    }

    /// Skips whitespace and comments. Inline fast path: the next byte is already significant.
    #[inline]
    fn skip_ws(&mut self) {
        let bytes = &self.bytes[..self.end];
        match bytes.get(self.pos) {
            Some(&b) if b > b' ' && b != b'/' => return,
            // `": "` and `, `: one space before a significant byte.
            Some(b' ') => {
                if let Some(&b) = bytes.get(self.pos + 1)
                    && b > b' '
                    && b != b'/'
                {
                    self.pos += 1;
                    return;
                }
            }
            _ => {}
        }
        self.skip_ws_slow();
    }

    #[inline(never)]
    fn skip_ws_slow(&mut self) {
        let bytes = self.bytes;
        let end = self.end;
        let mut i = self.pos;
        loop {
            i = scan::skip_whitespace(bytes, i, end);
            if i + 1 < end && bytes[i] == b'/' && matches!(bytes[i + 1], b'/' | b'*') {
                i = self.comment(i);
                continue;
            }
            break;
        }
        self.pos = i;
    }

    #[cold]
    fn comment(&mut self, start: usize) -> usize {
        let bytes = &self.bytes[..self.end];
        let end = if bytes[start + 1] == b'/' {
            memchr::memchr2(b'\n', b'\r', &bytes[start..]).map_or(self.end, |i| start + i)
        } else if let Some(i) = memchr::memmem::find(&bytes[start + 2..], b"*/") {
            start + 2 + i + 2
        } else {
            self.error(start, self.end, "unterminated block comment: expected `*/`");
            self.end
        };
        self.comments.push(Span::new(start as u32, end as u32));
        if !self.options.allow_comments {
            self.diagnostics.push(
                Diagnostic::new(
                    codes::COMMENT,
                    Severity::Error,
                    Span::new(start as u32, end as u32),
                    "comments are not allowed in strict JSON",
                )
                .with_help("remove the comment, or read the file as JSONC"),
            );
        }
        end
    }

    // ----- values ---------------------------------------------------------------------------

    /// Parses one root value in `start..end` (a whole text, or one line or range of it).
    pub(crate) fn parse_root(&mut self, start: usize, end: usize) -> u32 {
        self.parse_root_in(start, end, false).unwrap_or_default()
    }

    /// Parses one root value in `start..end`; with `optional`, a range holding only
    /// whitespace and comments yields `None` instead of an error (a JSON Lines comment line).
    pub(crate) fn parse_root_in(
        &mut self,
        start: usize,
        end: usize,
        optional: bool,
    ) -> Option<u32> {
        self.pos = start;
        self.end = end;
        self.stack.clear();
        self.key_stack.clear();
        self.skip_ws();
        let root = self.nodes.len() as u32;
        if optional && self.pos >= self.end {
            return None;
        }
        if self.pos >= self.end {
            self.error(
                self.pos,
                self.pos,
                "expected a JSON value, found end of input",
            );
            self.push(Kind::Error, 0, self.pos, self.pos);
            return Some(root);
        }
        self.parse_tree();
        self.skip_ws();
        if self.pos < self.end {
            let found = self.found();
            let (pos, end) = (self.pos, self.end);
            self.error(
                pos,
                end,
                format!("expected end of input after the JSON value, found {found}"),
            );
            self.pos = end;
        }
        Some(root)
    }

    /// Parses a value and everything nested in it, iteratively.
    fn parse_tree(&mut self) {
        let mut expect_value = true;
        loop {
            if expect_value {
                expect_value = false;
                if self.value() {
                    self.skip_ws();
                    let frame = *self.stack.last().expect("a container was just opened");
                    if frame.is_object {
                        if self.peek() == Some(b'}') {
                            self.pos += 1;
                            self.close();
                        } else {
                            expect_value = matches!(self.key_colon(), Next::Value);
                        }
                    } else if self.peek() == Some(b']') {
                        self.pos += 1;
                        self.close();
                    } else {
                        expect_value = true;
                    }
                    continue;
                }
            }
            let Some(frame) = self.stack.last().copied() else {
                return;
            };
            self.skip_ws();
            match self.peek() {
                Some(b',') => {
                    let comma = self.pos;
                    self.pos += 1;
                    self.skip_ws();
                    let closer = if frame.is_object { b'}' } else { b']' };
                    if self.peek() == Some(closer) {
                        self.trailing_comma(comma);
                        self.pos += 1;
                        self.close();
                    } else if frame.is_object {
                        expect_value = matches!(self.key_colon(), Next::Value);
                    } else {
                        expect_value = true;
                    }
                }
                Some(b']') if !frame.is_object => {
                    self.pos += 1;
                    self.close();
                }
                Some(b'}') if frame.is_object => {
                    self.pos += 1;
                    self.close();
                }
                Some(c @ (b']' | b'}')) => self.mismatched(c),
                None => {
                    self.unclosed_at_end();
                    return;
                }
                Some(c) => {
                    let closer = if frame.is_object { "`}`" } else { "`]`" };
                    let found = self.found();
                    let pos = self.pos;
                    if scan::starts_value(c) {
                        self.error(pos, pos, format!("expected `,` or {closer}, found {found}"))
                            .set_help("add a `,` between the two values");
                        if frame.is_object {
                            expect_value = matches!(self.key_colon(), Next::Value);
                        } else {
                            expect_value = true;
                        }
                    } else {
                        let end = scan::junk_end(self.bytes, pos, self.end);
                        self.error(pos, end, format!("expected `,` or {closer}, found {found}"));
                        self.pos = end;
                    }
                }
            }
        }
    }

    /// Parses the value at `pos`. Returns `true` when it opened a container (the caller goes on
    /// with its contents), `false` when a complete leaf (or an error node) was pushed.
    #[inline]
    fn value(&mut self) -> bool {
        let start = self.pos;
        let Some(b) = self.peek() else {
            self.error(start, start, "expected a value, found end of input");
            self.push(Kind::Error, 0, start, start);
            return false;
        };
        match b {
            b'"' => {
                self.string();
                false
            }
            b'{' | b'[' => {
                if self.stack.len() as u32 >= self.options.max_depth {
                    self.too_deep();
                    return false;
                }
                let is_object = b == b'{';
                let node = self.nodes.len() as u32;
                self.nodes.push(Node {
                    kind: if is_object { Kind::Object } else { Kind::Array },
                    flags: 0,
                    start: start as u32,
                    end: start as u32,
                    next: 0,
                });
                self.stack.push(Frame {
                    node,
                    is_object,
                    open: start as u32,
                    keys_start: self.key_stack.len() as u32,
                    escaped_keys: false,
                });
                self.pos += 1;
                true
            }
            b'-' | b'0'..=b'9' => {
                match scan::number(self.bytes, start, self.end) {
                    Ok((end, integer)) => {
                        self.push(
                            Kind::Number,
                            if integer { flags::INTEGER } else { 0 },
                            start,
                            end,
                        );
                        self.pos = end;
                    }
                    Err(reason) => {
                        let end = scan::junk_end(self.bytes, start, self.end);
                        let text = self.text(start, end);
                        let found = describe(text);
                        let special = matches!(text, "-Infinity" | "-NaN" | "-inf" | "-nan");
                        let d = self.error(start, end, format!("invalid number {found}: {reason}"));
                        if special {
                            d.set_help("JSON has no such value; use null or a string");
                        }
                        self.push(Kind::Error, 0, start, end);
                        self.pos = end;
                    }
                }
                false
            }
            b't' => self.literal(b"true", Kind::True),
            b'f' => self.literal(b"false", Kind::False),
            b'n' => self.literal(b"null", Kind::Null),
            b',' | b']' | b'}' => {
                let found = describe(self.text(start, start + 1));
                // Inside a container the punctuation is left for the caller; at the top level
                // nothing else will read it, so it becomes part of the error.
                let end = if self.stack.is_empty() {
                    start + 1
                } else {
                    start
                };
                self.error(start, end, format!("expected a value, found {found}"));
                self.push(Kind::Error, 0, start, end);
                self.pos = end;
                false
            }
            _ => {
                self.junk_value(start);
                false
            }
        }
    }

    #[cold]
    fn junk_value(&mut self, start: usize) {
        let end = scan::junk_end(self.bytes, start, self.end);
        let text = self.text(start, end);
        let found = describe(text);
        let help = if text.starts_with('\'') {
            Some("JSON strings use double quotes")
        } else if matches!(
            text,
            "NaN" | "Infinity" | "-Infinity" | "+Infinity" | "undefined"
        ) {
            Some("JSON has no such value; use null or a string")
        } else if text.starts_with('+') || text.starts_with('.') {
            Some("JSON numbers start with `-` or a digit")
        } else if text.bytes().next().is_some_and(|b| b.is_ascii_alphabetic()) {
            Some("put text in double quotes; the only bare words are true, false and null")
        } else {
            None
        };
        let d = self.error(start, end, format!("expected a value, found {found}"));
        if let Some(help) = help {
            d.set_help(help);
        }
        self.push(Kind::Error, 0, start, end);
        self.pos = end;
    }

    #[inline]
    fn literal(&mut self, word: &[u8], kind: Kind) -> bool {
        let start = self.pos;
        let end = start + word.len();
        if end <= self.end
            && self.bytes[start..end].iter().zip(word).all(|(a, b)| a == b)
            && !(end < self.end && scan::is_word_byte(self.bytes[end]))
        {
            self.push(kind, 0, start, end);
            self.pos = end;
        } else {
            self.junk_value(start);
        }
        false
    }

    /// Parses a string at `pos` (an opening quote) and pushes its node.
    #[inline]
    fn string(&mut self) {
        let start = self.pos;
        let bytes = self.bytes;
        let end = self.end;
        let mut i = start + 1;
        let mut fl = 0u8;
        loop {
            i = scan::string_stop(bytes, i, end);
            if i >= end {
                fl |= flags::INVALID | flags::UNTERMINATED;
                self.error(start, end, "unterminated string: expected a closing `\"`");
                break;
            }
            match bytes[i] {
                b'"' => {
                    i += 1;
                    break;
                }
                b'\\' => {
                    fl |= flags::ESCAPES;
                    i = match bytes.get(i + 1) {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't')
                            if i + 1 < end =>
                        {
                            i + 2
                        }
                        _ => self.escape(i, &mut fl),
                    };
                }
                b'\n' | b'\r' => {
                    fl |= flags::INVALID | flags::UNTERMINATED;
                    self.error(start, i, "unterminated string: a line break cannot appear inside a string")
                        .set_help("close the string with `\"` before the end of the line, or write the line break as `\\n`");
                    break;
                }
                c => {
                    fl |= flags::INVALID;
                    let escape = match c {
                        b'\t' => "`\\t`".to_owned(),
                        c => format!("`\\u{c:04x}`"),
                    };
                    self.error(
                        i,
                        i + 1,
                        format!("control character U+{c:04X} must be escaped in a string"),
                    )
                    .set_help(format!("write it as {escape}"));
                    i += 1;
                }
            }
        }
        self.push(Kind::String, fl, start, i);
        self.pos = i;
    }

    /// Validates the escape at `i` (a backslash); returns the offset after it.
    #[cold]
    fn escape(&mut self, i: usize, fl: &mut u8) -> usize {
        let bytes = self.bytes;
        let end = self.end;
        let Some(&e) = bytes[..end].get(i + 1) else {
            return i + 1;
        };
        match e {
            b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => i + 2,
            b'u' => {
                let hex = |at: usize| -> Option<u32> {
                    let digits = bytes[..end].get(at..at + 4)?;
                    let mut v = 0;
                    for &d in digits {
                        v = v * 16 + (d as char).to_digit(16)?;
                    }
                    Some(v)
                };
                let Some(cp) = hex(i + 2) else {
                    let mut j = i + 2;
                    while j < end && j < i + 6 && bytes[j].is_ascii_hexdigit() {
                        j += 1;
                    }
                    *fl |= flags::INVALID;
                    self.error(
                        i,
                        j,
                        "invalid `\\u` escape: expected four hexadecimal digits",
                    );
                    return j;
                };
                match cp {
                    0xD800..=0xDBFF => {
                        if bytes[..end].get(i + 6..i + 8) == Some(b"\\u")
                            && hex(i + 8).is_some_and(|lo| (0xDC00..=0xDFFF).contains(&lo))
                        {
                            return i + 12;
                        }
                        self.lone_surrogate(i, cp, fl);
                    }
                    0xDC00..=0xDFFF => self.lone_surrogate(i, cp, fl),
                    _ => {}
                }
                i + 6
            }
            // A backslash before a line break: the string is unterminated, which the caller
            // reports once.
            b'\n' | b'\r' => i + 1,
            _ => {
                let len = scan::char_len(e);
                let stop = (i + 1 + len).min(end);
                *fl |= flags::INVALID;
                let found = self.text(i, stop).to_owned();
                self.error(i, stop, format!("invalid escape `{found}`"))
                    .set_help("valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX");
                stop
            }
        }
    }

    fn lone_surrogate(&mut self, i: usize, cp: u32, fl: &mut u8) {
        *fl |= flags::LONE_SURROGATE;
        self.diagnostics.push(
            Diagnostic::new(
                codes::LONE_SURROGATE,
                Severity::Warning,
                Span::new(i as u32, i as u32 + 6),
                format!("`\\u{cp:04X}` is half of a UTF-16 surrogate pair with no other half"),
            )
            .with_help("the value decodes to U+FFFD; many parsers reject it"),
        );
    }

    /// Parses an object key and the `:` after it; `pos` is at the first byte after `{` or `,`
    /// (whitespace skipped).
    fn key_colon(&mut self) -> Next {
        let start = self.pos;
        match self.peek() {
            Some(b'"') => {
                self.string();
                if self.options.duplicate_keys {
                    self.note_key();
                }
            }
            None => {
                // The end-of-input diagnostic comes from the caller.
                self.push(Kind::Error, 0, start, start);
                self.push(Kind::Error, 0, start, start);
                return Next::AfterValue;
            }
            Some(b',' | b'}') => {
                let found = self.found();
                self.error(
                    start,
                    start,
                    format!("expected a string key, found {found}"),
                );
                self.push(Kind::Error, 0, start, start);
                self.push(Kind::Error, 0, start, start);
                return Next::AfterValue;
            }
            Some(b':') => {
                self.error(start, start, "expected a string key, found `:`");
                self.push(Kind::Error, 0, start, start);
            }
            Some(b'{' | b'[') => {
                // An object or array used as a key: skip it whole, so its contents do not
                // cascade into more errors.
                let end = self.skip_container(start);
                let found = describe(self.text(start, end));
                self.error(start, end, format!("expected a string key, found {found}"));
                self.push(Kind::Error, 0, start, end);
                self.pos = end;
            }
            Some(_) => {
                let end = scan::junk_end(self.bytes, start, self.end);
                let text = self.text(start, end);
                let found = describe(text);
                let help = if text.starts_with('\'') {
                    "JSON keys use double quotes"
                } else {
                    "put the key in double quotes"
                };
                self.error(start, end, format!("expected a string key, found {found}"))
                    .set_help(help);
                self.push(Kind::Error, 0, start, end);
                self.pos = end;
            }
        }
        self.skip_ws();
        match self.peek() {
            Some(b':') => {
                self.pos += 1;
                self.skip_ws();
                Next::Value
            }
            Some(c) if scan::starts_value(c) => {
                let found = self.found();
                let pos = self.pos;
                self.error(
                    pos,
                    pos,
                    format!("expected `:` after the key, found {found}"),
                );
                Next::Value
            }
            _ => {
                let found = self.found();
                let pos = self.pos;
                self.error(
                    pos,
                    pos,
                    format!("expected `:` after the key, found {found}"),
                );
                self.push(Kind::Error, 0, pos, pos);
                Next::AfterValue
            }
        }
    }

    #[cold]
    fn trailing_comma(&mut self, comma: usize) {
        let span = Span::new(comma as u32, comma as u32 + 1);
        self.trailing_commas.push(span);
        if !self.options.allow_trailing_commas {
            self.diagnostics.push(
                Diagnostic::new(
                    codes::TRAILING_COMMA,
                    Severity::Error,
                    span,
                    "trailing commas are not allowed in strict JSON",
                )
                .with_help("remove the comma"),
            );
        }
    }

    /// Closes the innermost container at `pos`.
    #[inline]
    fn close(&mut self) {
        let frame = self.stack.pop().expect("close with an open container");
        let next = self.nodes.len() as u32;
        let node = &mut self.nodes[frame.node as usize];
        node.end = self.pos as u32;
        node.next = next;
        if frame.is_object && self.options.duplicate_keys {
            let start = frame.keys_start as usize;
            match &self.key_stack[start..] {
                [] | [_] => {}
                // Two members, the most common object shape: one comparison, inline.
                [(a, _), (b, _)] if a != b && !frame.escaped_keys => {}
                _ => self.duplicate_keys(&frame),
            }
            self.key_stack.truncate(start);
        }
    }

    /// Pushes the key just parsed (the last node) and its hash on the key stack.
    #[inline]
    fn note_key(&mut self) {
        let key = self.nodes.len() as u32 - 1;
        let node = self.nodes[key as usize];
        let content = crate::decode::content_range(node);
        let h = quick_hash(self.bytes, content.start, content.end);
        self.key_stack.push((h, key));
        if node.flags & flags::ESCAPES != 0
            && let Some(frame) = self.stack.last_mut()
        {
            frame.escaped_keys = true;
        }
    }

    #[cold]
    fn mismatched(&mut self, closer: u8) {
        let want_object = closer == b'}';
        let frame = *self
            .stack
            .last()
            .expect("mismatched closer inside a container");
        let expected = if frame.is_object { "`}`" } else { "`]`" };
        let pos = self.pos;
        if self
            .stack
            .iter()
            .rev()
            .skip(1)
            .any(|f| f.is_object == want_object)
        {
            let open = if frame.is_object { "`{`" } else { "`[`" };
            let label = Label::with_message(
                Span::new(frame.open, frame.open + 1),
                format!("this {open} is not closed"),
            );
            self.error(
                pos,
                pos + 1,
                format!("expected `,` or {expected}, found `{}`", closer as char),
            )
            .add_secondary(label);
            while self
                .stack
                .last()
                .is_some_and(|f| f.is_object != want_object)
            {
                self.close();
            }
        } else {
            self.error(
                pos,
                pos + 1,
                format!("expected `,` or {expected}, found `{}`", closer as char),
            );
            self.pos += 1;
        }
    }

    #[cold]
    fn unclosed_at_end(&mut self) {
        let frame = *self.stack.last().expect("unclosed container");
        let (expected, open) = if frame.is_object {
            ("`}`", "`{`")
        } else {
            ("`]`", "`[`")
        };
        let pos = self.pos;
        let label = Label::with_message(
            Span::new(frame.open, frame.open + 1),
            format!("this {open} is never closed"),
        );
        self.error(
            pos,
            pos,
            format!("expected `,` or {expected}, found end of input"),
        )
        .add_secondary(label);
        while !self.stack.is_empty() {
            self.close();
        }
    }

    /// The end of the bracketed value starting at `start` (an opening bracket), found by
    /// counting brackets outside strings and comments, without recursion; the end of input
    /// when it is never closed.
    fn skip_container(&self, start: usize) -> usize {
        let bytes = &self.bytes[..self.end];
        let mut depth = 0usize;
        let mut i = start;
        while i < bytes.len() {
            match bytes[i] {
                b'[' | b'{' => depth += 1,
                b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return i + 1;
                    }
                }
                b'"' => {
                    i += 1;
                    loop {
                        i = scan::string_stop(bytes, i, bytes.len());
                        match bytes.get(i) {
                            Some(b'\\') => i += 2,
                            Some(b'"' | b'\n' | b'\r') | None => break,
                            Some(_) => i += 1,
                        }
                    }
                }
                b'/' if matches!(bytes.get(i + 1), Some(b'/')) => {
                    i = memchr::memchr2(b'\n', b'\r', &bytes[i..]).map_or(bytes.len(), |p| i + p);
                    continue;
                }
                b'/' if matches!(bytes.get(i + 1), Some(b'*')) => {
                    i = memchr::memmem::find(&bytes[i + 2..], b"*/")
                        .map_or(bytes.len(), |p| i + 2 + p + 2);
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        bytes.len()
    }

    /// Skips a container nested beyond the limit, without recursion, and pushes an `Error`
    /// node for it.
    #[cold]
    fn too_deep(&mut self) {
        let start = self.pos;
        let end = self.skip_container(start);
        let max = self.options.max_depth;
        self.diagnostics.push(
            Diagnostic::new(
                codes::NESTING,
                Severity::Error,
                Span::new(start as u32, start as u32 + 1),
                format!(
                    "arrays and objects are nested deeper than {max} level{}",
                    if max == 1 { "" } else { "s" }
                ),
            )
            .with_help("this value is skipped; flatten the data or raise the nesting limit"),
        );
        self.push(Kind::Error, 0, start, end);
        self.pos = end;
    }

    // ----- duplicate keys -------------------------------------------------------------------

    /// The decoded bytes of key node `key` (borrowed when it holds no escape).
    fn key_bytes(&self, key: u32) -> Cow<'_, [u8]> {
        let node = self.nodes[key as usize];
        let raw = &self.bytes[crate::decode::content_range(node)];
        if node.flags & flags::ESCAPES == 0 {
            Cow::Borrowed(raw)
        } else {
            let text = std::str::from_utf8(raw).unwrap_or("");
            Cow::Owned(crate::decode::unescape(text).into_bytes())
        }
    }

    /// Reports keys of the object of `frame` (just closed) that repeat an earlier key; its
    /// keys and their hashes are the top of the key stack. Compares raw key text when no key
    /// of the object holds an escape (the common case), decoded keys otherwise.
    #[inline(never)]
    fn duplicate_keys(&mut self, frame: &Frame) {
        let keys = std::mem::take(&mut self.key_stack);
        let own = &keys[frame.keys_start as usize..];
        if frame.escaped_keys {
            let ids: Vec<u32> = own.iter().map(|&(_, k)| k).collect();
            self.duplicate_keys_decoded(&ids);
        } else if own.len() <= 16 {
            for j in 1..own.len() {
                let (h, key) = own[j];
                if own[..j].iter().any(|&(other, _)| other == h) {
                    let raw = self.raw_key(key);
                    if let Some(&(_, first)) = own[..j]
                        .iter()
                        .find(|&&(other, k)| other == h && self.raw_key(k) == raw)
                    {
                        self.report_duplicate(first, key);
                    }
                }
            }
        } else {
            // A filter of 16 bits per key (at most 4096): only keys whose bit is already set
            // are compared (by full hash, then text) with the earlier keys.
            let mut storage = [0u64; 64];
            let bits = (own.len() * 16).next_power_of_two().min(4096);
            let filter = &mut storage[..bits / 64];
            for j in 0..own.len() {
                let (h, key) = own[j];
                let bit = (h >> 8) as usize & (bits - 1);
                let (word, mask) = (bit >> 6, 1u64 << (bit & 63));
                if filter[word] & mask != 0 {
                    let raw = self.raw_key(key);
                    if let Some(&(_, first)) = own[..j]
                        .iter()
                        .find(|&&(other, k)| other == h && self.raw_key(k) == raw)
                    {
                        self.report_duplicate(first, key);
                    }
                }
                filter[word] |= mask;
            }
        }
        self.key_stack = keys;
    }

    #[inline]
    fn raw_key(&self, key: u32) -> &[u8] {
        let node = self.nodes[key as usize];
        &self.bytes[node.start as usize + 1
            ..(node.end as usize)
                .saturating_sub(1)
                .max(node.start as usize + 1)]
    }

    #[cold]
    fn duplicate_keys_decoded(&mut self, keys: &[u32]) {
        // Keys compare as UTF-16 code units, as in JavaScript: two different lone surrogates
        // are different keys even though both decode to U+FFFD.
        let decoded: Vec<(Vec<u16>, u32)> = keys
            .iter()
            .map(|&k| {
                let raw = std::str::from_utf8(self.raw_key(k)).unwrap_or("");
                (crate::decode::utf16_units(raw), k)
            })
            .collect();
        let mut found = Vec::new();
        for j in 1..decoded.len() {
            if let Some(i) = decoded[..j]
                .iter()
                .find(|(units, _)| *units == decoded[j].0)
            {
                found.push((i.1, decoded[j].1));
            }
        }
        drop(decoded);
        for (first, again) in found {
            self.report_duplicate(first, again);
        }
    }

    fn report_duplicate(&mut self, first: u32, again: u32) {
        let (a, b) = (self.nodes[first as usize], self.nodes[again as usize]);
        let name = String::from_utf8_lossy(&self.key_bytes(again)).into_owned();
        let shown: String = name.chars().take(60).collect();
        self.diagnostics.push(
            Diagnostic::new(
                codes::DUPLICATE_KEY,
                Severity::Warning,
                b.span(),
                format!("duplicate key `{shown}`: most clients keep only the last value"),
            )
            .with_label("defined again here")
            .with_secondary(Label::with_message(a.span(), "first defined here"))
            .with_help("remove one of the two members"),
        );
    }
}

/// A cheap hash of the key whose contents are `bytes[start..end]`: its length and its first
/// and last eight bytes. A short key is read as eight bytes from the source (the closing quote
/// and what follows are masked off), so there is no per-byte loop.
#[inline]
fn quick_hash(bytes: &[u8], start: usize, end: usize) -> u64 {
    let len = end - start;
    let head = match bytes.get(start..).and_then(<[u8]>::first_chunk::<8>) {
        Some(chunk) if len < 8 => u64::from_le_bytes(*chunk) & ((1u64 << (8 * len)) - 1),
        Some(chunk) => u64::from_le_bytes(*chunk),
        // Near the end of the input: the same little-endian value, byte by byte.
        None => bytes[start..end]
            .iter()
            .rev()
            .fold(0u64, |h, &b| (h << 8) | u64::from(b)),
    };
    let tail = if len > 8 {
        bytes[..end]
            .last_chunk::<8>()
            .map_or(0, |c| u64::from_le_bytes(*c))
    } else {
        0
    };
    let h = head ^ tail.rotate_left(29) ^ (len as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20
}

impl Parser<'_> {
    /// Pushes an `Error` root with its diagnostic (for ranges that cannot be parsed at all).
    pub(crate) fn push_error_root(&mut self, at: u32, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
        let root = self.nodes.len() as u32;
        self.push(Kind::Error, 0, at as usize, at as usize);
        self.roots.push(root);
    }
}
