//! The iterative, error-recovering parser.
//!
//! One state machine over the bytes (`parse_tree`, `value`, `string`, `key_colon`) kept in
//! one file because its states hand control to each other; what is not the machine lives
//! beside it: [`keys`] (duplicate keys) and [`recovery`] (text that is not the JSON the
//! machine expects).
use std::borrow::Cow;

use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_text::Span;

use crate::codes;
use crate::document::{JsonDocument, Kind, Node, flags};
use crate::options::JsonOptions;
use crate::scan::{self, describe};
use crate::utf8::decode_utf8;

mod keys;
mod recovery;

use keys::quick_hash;

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
    JsonParser::with_thread_scratch(options, |p| p.parse(text))
}

/// Parses one JSON text given as bytes.
///
/// Invalid UTF-8 is reported at the offset of the first bad byte of each affected line; each
/// bad byte is read as `?` so the rest of the input still parses with unchanged offsets.
pub fn parse_bytes<'a>(bytes: &'a [u8], options: &JsonOptions) -> ParseOutcome<JsonDocument<'a>> {
    JsonParser::with_thread_scratch(options, |p| p.parse_bytes(bytes))
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

    /// Runs `f` with this thread's spare parser set to `options` (its scratch stacks kept for
    /// the next call): the free functions [`parse`] and [`parse_lines`](crate::parse_lines)
    /// then allocate nothing for their scratch in steady state. An allocation in the parse
    /// would also pay for whatever the allocator deferred (glibc merges the small blocks freed
    /// before a larger request: after dropping a `serde_json::Value` tree, the parse of the next
    /// document was a third slower for it).
    pub(crate) fn with_thread_scratch<R>(
        options: &JsonOptions,
        f: impl FnOnce(&mut JsonParser) -> R,
    ) -> R {
        thread_local! {
            static SPARE: std::cell::Cell<Option<JsonParser>> = const { std::cell::Cell::new(None) };
        }
        let mut parser = SPARE.with(std::cell::Cell::take).unwrap_or_default();
        parser.options.clone_from(options);
        let result = f(&mut parser);
        // The node arena goes back through the document; the spare parser keeps only its
        // stacks, unless a pathological input grew them large.
        parser.spare_nodes = Vec::new();
        if parser.stack.capacity() <= MAX_SPARE_FRAMES
            && parser.key_stack.capacity() <= MAX_SPARE_FRAMES
        {
            SPARE.with(|spare| spare.set(Some(parser)));
        }
        result
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
        doc.flagged = flagged(&diagnostics, &doc.comments, &doc.trailing_commas);
        doc.duplicate_keys = self.options.duplicate_keys;
        doc.text = text;
        ParseOutcome {
            value: doc,
            diagnostics,
        }
    }
}

/// The spans of the diagnostics, comments and trailing commas of a parse (text offsets), as
/// `JsonDocument::flagged` keeps them: sorted by start, each with the largest end so far.
/// Nothing is allocated for a clean parse.
fn flagged(diagnostics: &[Diagnostic], comments: &[Span], commas: &[Span]) -> Vec<(u32, u32, u32)> {
    if diagnostics.is_empty() && comments.is_empty() && commas.is_empty() {
        return Vec::new();
    }
    let mut spans: Vec<(u32, u32, u32)> = diagnostics
        .iter()
        .map(Diagnostic::span)
        .chain(comments.iter().copied())
        .chain(commas.iter().copied())
        .map(|s| (s.start, s.end, 0))
        .collect();
    spans.sort_unstable();
    let mut max_end = 0;
    for span in &mut spans {
        max_end = max_end.max(span.1);
        span.2 = max_end;
    }
    spans
}

/// Largest scratch stack (frames or keys) kept by a thread's spare parser.
const MAX_SPARE_FRAMES: usize = 1 << 16;

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
        // A line break and the indentation after it (pretty-printed input): one 32-byte step.
        if let Some(run) = bytes.get(self.pos..).and_then(<[u8]>::first_chunk::<32>) {
            let i = self.pos + scan::whitespace_run32(run);
            if i < self.pos + 32 && bytes[i] != b'/' {
                self.pos = i;
                return;
            }
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
        let mut escapes = false;
        let i = scan::string_contents(self.bytes, start + 1, self.end, &mut escapes);
        if i < self.end && self.bytes[i] == b'"' {
            self.push(
                Kind::String,
                if escapes { flags::ESCAPES } else { 0 },
                start,
                i + 1,
            );
            self.pos = i + 1;
        } else {
            self.string_slow(start, i, escapes);
        }
    }

    /// The rest of a string whose contents hold a byte the scan leaves to the parser (at `i`).
    #[cold]
    #[inline(never)]
    fn string_slow(&mut self, start: usize, mut i: usize, mut escapes: bool) {
        let bytes = self.bytes;
        let end = self.end;
        let mut fl = 0u8;
        let mut scanned = true;
        // The first control character of the string and how many there are: one finding per
        // string, so a long run of them cannot multiply the report.
        let mut first_control: Option<(usize, u8)> = None;
        let mut controls = 0usize;
        loop {
            if !scanned {
                i = scan::string_contents(bytes, i, end, &mut escapes);
            }
            scanned = false;
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
                    // An escape the scan leaves to the parser: invalid, half of a surrogate
                    // pair, cut by the end, or before a control character.
                    fl |= flags::ESCAPES;
                    i = self.escape(i, &mut fl);
                }
                b'\n' | b'\r' => {
                    fl |= flags::INVALID | flags::UNTERMINATED;
                    self.error(start, i, "unterminated string: a line break cannot appear inside a string")
                        .set_help("close the string with `\"` before the end of the line, or write the line break as `\\n`");
                    break;
                }
                c => {
                    fl |= flags::INVALID;
                    first_control.get_or_insert((i, c));
                    controls += 1;
                    i += 1;
                }
            }
        }
        if let Some((at, c)) = first_control {
            let escape = match c {
                b'\t' => "`\\t`".to_owned(),
                c => format!("`\\u{c:04x}`"),
            };
            let (message, help) = if controls == 1 {
                (
                    format!("control character U+{c:04X} must be escaped in a string"),
                    format!("write it as {escape}"),
                )
            } else {
                (
                    format!(
                        "control character U+{c:04X} must be escaped in a string (and {} more in this string)",
                        controls - 1
                    ),
                    format!("write it as {escape}, and escape the others the same way"),
                )
            };
            self.error(at, at + 1, message).set_help(help);
        }
        if escapes {
            fl |= flags::ESCAPES;
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
    #[inline]
    fn key_colon(&mut self) -> Next {
        if self.peek() != Some(b'"') {
            return self.key_colon_slow();
        }
        self.string();
        if self.options.duplicate_keys {
            self.note_key();
        }
        self.colon()
    }

    /// [`key_colon`](Self::key_colon) when the key is not a string.
    #[cold]
    #[inline(never)]
    fn key_colon_slow(&mut self) -> Next {
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
        self.colon()
    }

    /// After a key: the `:` and the whitespace around it (inlined into both key paths, as
    /// the code was before it was shared).
    #[expect(
        clippy::inline_always,
        reason = "on the hot path of every object key; the fast key path wrote this inline"
    )]
    #[inline(always)]
    fn colon(&mut self) -> Next {
        self.skip_ws();
        if self.peek() == Some(b':') {
            self.pos += 1;
            self.skip_ws();
            Next::Value
        } else {
            self.colon_missing()
        }
    }

    /// After a key, where the next byte is not `:`.
    #[cold]
    #[inline(never)]
    fn colon_missing(&mut self) -> Next {
        match self.peek() {
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
    #[expect(
        clippy::inline_always,
        reason = "measured: left to `#[inline]`, it stays a call on every key (8 % of the time on citm_catalog)"
    )]
    #[inline(always)]
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
