//! The event walk that writes the JSON text of a YAML document and its source map.
use std::collections::HashMap;

use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::push_escaped_char;
use mcpvet_text::{SourceMap, Span};
use saphyr_parser::{Event, Parser, ScalarStyle, Tag};

use crate::codes;
use crate::scalar::{Json, resolve};
use crate::{Outcome, Transcoded};

/// How much larger than its source the JSON text of a document may grow through aliases
/// (a "billion laughs" document stops there).
const GROWTH: usize = 16;
/// Added to the limit, so that a small document may expand a few aliases freely.
const SLACK: usize = 1 << 20;

/// Byte offsets of the parser's character indexes (identity for ASCII text).
struct Offsets {
    bytes: Option<Vec<u32>>,
    len: u32,
}

impl Offsets {
    fn new(text: &str) -> Self {
        let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
        let bytes = (!text.is_ascii()).then(|| {
            text.char_indices()
                .map(|(i, _)| u32::try_from(i).unwrap_or(u32::MAX))
                .chain(std::iter::once(len))
                .collect()
        });
        Offsets { bytes, len }
    }

    fn byte(&self, char_index: usize) -> u32 {
        match &self.bytes {
            Some(table) => table.get(char_index).copied().unwrap_or(self.len),
            None => u32::try_from(char_index).map_or(self.len, |i| i.min(self.len)),
        }
    }

    fn span(&self, span: saphyr_parser::Span) -> Span {
        let start = self.byte(span.start.index());
        Span::new(start, self.byte(span.end.index()).max(start))
    }
}

/// An open collection.
#[expect(
    clippy::struct_excessive_bools,
    reason = "four independent facts of an open collection, each read on its own"
)]
struct Frame {
    map: bool,
    flow: bool,
    /// Whether the next node of a mapping is a key.
    expect_key: bool,
    /// Whether nothing was written in it yet.
    first: bool,
    /// Anchor id and where the collection's JSON starts.
    anchor: usize,
    json_start: usize,
}

/// The writer: JSON text, its map, the line it is on, and the anchors seen.
pub(crate) struct Writer<'t> {
    text: &'t str,
    offsets: Offsets,
    json: String,
    map: SourceMap,
    /// 1-based line of the JSON text's end.
    line: usize,
    /// A source offset and its 1-based line (lines are counted forward from the last one).
    counted: (u32, usize),
    stack: Vec<Frame>,
    /// Anchor id → range of its node's JSON text.
    anchors: HashMap<usize, (usize, usize)>,
    /// Source end of the last node written (where a block collection ends).
    last_end: u32,
    diagnostics: Vec<Diagnostic>,
    limit: usize,
}

impl<'t> Writer<'t> {
    pub(crate) fn new(text: &'t str) -> Self {
        Writer {
            text,
            offsets: Offsets::new(text),
            json: String::with_capacity(text.len() + text.len() / 4 + 16),
            map: SourceMap::new(),
            line: 1,
            counted: (0, 1),
            stack: Vec::new(),
            anchors: HashMap::new(),
            last_end: 0,
            diagnostics: Vec::new(),
            limit: text.len().saturating_mul(GROWTH).saturating_add(SLACK),
        }
    }

    /// Walks the events of the first document.
    pub(crate) fn run(mut self) -> Outcome {
        let mut parser = Parser::new_from_str(self.text);
        let mut documents = 0usize;
        let mut wrote_root = false;
        // Depth of a collection used as a mapping key, whose events are skipped.
        let mut skip = 0usize;
        while let Some(next) = parser.next_event() {
            let (event, span) = match next {
                Ok(pair) => pair,
                Err(error) => {
                    let at = self.offsets.byte(error.marker().index());
                    let end = self
                        .text
                        .get(at as usize..)
                        .and_then(|rest| rest.chars().next())
                        .map_or(at, |c| at + u32::try_from(c.len_utf8()).unwrap_or(1));
                    self.diagnostics.push(
                        Diagnostic::new(
                            codes::SYNTAX,
                            Severity::Error,
                            Span::new(at, end),
                            format!("the YAML is not well formed: {}", error.info()),
                        )
                        .with_help("fix the YAML at this position; nothing after it was read"),
                    );
                    return self.outcome(false);
                }
            };
            let source = self.offsets.span(span);
            if skip > 0 {
                match event {
                    Event::SequenceStart(..) | Event::MappingStart(..) => skip += 1,
                    Event::SequenceEnd | Event::MappingEnd => skip -= 1,
                    _ => {}
                }
                continue;
            }
            match event {
                Event::StreamStart | Event::StreamEnd | Event::Nothing | Event::DocumentEnd => {}
                Event::DocumentStart(_) => {
                    documents += 1;
                    if documents > 1 {
                        self.unsupported(
                            source,
                            "a second YAML document starts here; mcpvet reads the first document of a file",
                            "put each document in a file of its own",
                        );
                        break;
                    }
                }
                Event::Scalar(value, style, anchor, tag) => {
                    self.scalar(&value, style, tag.as_deref(), anchor, source);
                    wrote_root |= self.stack.is_empty();
                }
                Event::Alias(anchor) => {
                    self.alias(anchor, source);
                    wrote_root |= self.stack.is_empty();
                }
                Event::SequenceStart(anchor, _) => skip = self.open(false, anchor, source),
                Event::MappingStart(anchor, _) => skip = self.open(true, anchor, source),
                Event::SequenceEnd | Event::MappingEnd => {
                    self.close(source);
                    wrote_root |= self.stack.is_empty();
                }
            }
            if self.json.len() > self.limit {
                self.unsupported(
                    source,
                    "aliases expand the document far beyond its own size; it was not read",
                    "use fewer nested aliases",
                );
                return self.outcome(false);
            }
        }
        if !wrote_root {
            self.json.push_str("null");
        }
        self.outcome(true)
    }

    fn outcome(self, complete: bool) -> Outcome {
        Outcome {
            value: complete.then_some(Transcoded {
                json: self.json,
                map: self.map,
            }),
            diagnostics: self.diagnostics,
        }
    }

    fn unsupported(&mut self, span: Span, message: &str, help: &str) {
        self.diagnostics.push(
            Diagnostic::new(codes::UNSUPPORTED, Severity::Warning, span, message).with_help(help),
        );
    }

    /// Writes what comes before a node: the separator, the newlines that bring the JSON text
    /// to the node's line (so that every node starts on the line it has in the YAML), and, for
    /// a key, nothing more. Returns whether the node is a key.
    fn before_node(&mut self, source: Span) -> bool {
        let mut is_key = false;
        if let Some(frame) = self.stack.last_mut() {
            let separate = !frame.first && (!frame.map || frame.expect_key);
            is_key = frame.map && frame.expect_key;
            frame.first = false;
            if separate {
                self.json.push(',');
            }
        }
        let line = self.line_of(source.start);
        while self.line < line {
            self.json.push('\n');
            self.line += 1;
        }
        is_key
    }

    /// After a node: a key is followed by `:`, a value makes the mapping expect a key.
    fn after_node(&mut self, is_key: bool, source_end: u32) {
        self.last_end = source_end;
        if let Some(frame) = self.stack.last_mut()
            && frame.map
        {
            frame.expect_key = !is_key;
        }
        if is_key {
            self.json.push(':');
        }
    }

    fn line_of(&mut self, offset: u32) -> usize {
        let (from, line) = if offset >= self.counted.0 {
            self.counted
        } else {
            (0, 1)
        };
        let line = line + mcpvet_text::count_line_breaks(self.text, from as usize..offset as usize);
        self.counted = (offset, line);
        line
    }

    fn derived(&self, start: usize) -> Span {
        Span::new(to_u32(start), to_u32(self.json.len()))
    }

    /// Opens a collection; returns 1 when it is a mapping key, whose events are then skipped.
    fn open(&mut self, map: bool, anchor: usize, source: Span) -> usize {
        if self.before_node(source) {
            self.unsupported(
                source,
                "a mapping key that is a collection has no JSON form; it is read as the key `?`",
                "use a plain string as the key",
            );
            let start = self.json.len();
            self.json.push_str("\"?\"");
            self.map.push(self.derived(start), source);
            self.after_node(true, source.end);
            return 1;
        }
        let flow = !source.is_empty() && {
            let last = self
                .text
                .get(..source.end as usize)
                .and_then(|before| before.chars().next_back());
            matches!(last, Some('[' | '{'))
        };
        let json_start = self.json.len();
        self.json.push(if map { '{' } else { '[' });
        let bracket = if flow {
            Span::new(source.end - 1, source.end)
        } else {
            Span::empty(source.start)
        };
        self.map.push(self.derived(json_start), bracket);
        self.stack.push(Frame {
            map,
            flow,
            expect_key: true,
            first: true,
            anchor,
            json_start,
        });
        0
    }

    fn close(&mut self, source: Span) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        let at = self.json.len();
        self.json.push(if frame.map { '}' } else { ']' });
        // A block collection ends where its last node does (its end event is at the next
        // token, past blank lines and comments).
        let bracket = if frame.flow {
            source
        } else {
            Span::empty(self.last_end)
        };
        self.map.push(self.derived(at), bracket);
        if frame.anchor > 0 {
            self.anchors
                .insert(frame.anchor, (frame.json_start, self.json.len()));
        }
        self.after_node(false, bracket.end);
    }

    fn scalar(
        &mut self,
        value: &str,
        style: ScalarStyle,
        tag: Option<&Tag>,
        anchor: usize,
        source: Span,
    ) {
        let source = trim_block(self.text, source, style);
        let is_key = self.before_node(source);
        let start = self.json.len();
        let resolved = if is_key {
            Json::Str
        } else {
            resolve(value, style, tag)
        };
        match resolved {
            Json::Literal(lexeme) => {
                self.json.push_str(&lexeme);
                self.map.push(self.derived(start), source);
            }
            Json::Str | Json::NonFinite => {
                if resolved == Json::NonFinite {
                    self.unsupported(
                        source,
                        "`.inf` and `.nan` have no JSON form; the value is read as a string",
                        "quote the value if a string is meant",
                    );
                }
                self.string(value, style, source, start);
            }
        }
        if anchor > 0 {
            self.anchors.insert(anchor, (start, self.json.len()));
        }
        self.after_node(is_key, source.end);
    }

    /// Writes a string scalar: character by character mapped to the YAML when its text can be
    /// aligned with the value (one line, escapes of known lengths), as a whole otherwise.
    fn string(&mut self, value: &str, style: ScalarStyle, source: Span, start: usize) {
        let raw = self
            .text
            .get(source.start as usize..source.end as usize)
            .unwrap_or_default();
        let quote = match style {
            ScalarStyle::SingleQuoted => Some('\''),
            ScalarStyle::DoubleQuoted => Some('"'),
            _ => None,
        };
        let quoted = quote.is_some();
        // The parser's span of a quoted scalar is expected to hold both quotes; when it does
        // not (a span that runs on past the closing quote), the value is written whole.
        let inner = match quote {
            Some(q) => raw
                .strip_prefix(q)
                .and_then(|r| r.strip_suffix(q))
                .map(|inner| (inner, source.start + 1)),
            None => Some((raw, source.start)),
        };
        self.json.push('"');
        let Some((inner_start, ranges)) =
            inner.and_then(|(inner, at)| Some((at, align(inner, value, style)?)))
        else {
            write_escaped(&mut self.json, value);
            self.json.push('"');
            self.map.push(self.derived(start), source);
            return;
        };
        if quoted {
            self.map.push(
                self.derived(start),
                Span::new(source.start, source.start + 1),
            );
        }
        for (c, range) in value.chars().zip(ranges) {
            let at = self.json.len();
            push_escaped_char(&mut self.json, c);
            let from = inner_start + to_u32(range.start);
            self.map.push(
                self.derived(at),
                Span::new(from, inner_start + to_u32(range.end)),
            );
        }
        let at = self.json.len();
        self.json.push('"');
        if quoted {
            self.map
                .push(self.derived(at), Span::new(source.end - 1, source.end));
        }
    }

    fn alias(&mut self, anchor: usize, source: Span) {
        let is_key = self.before_node(source);
        let start = self.json.len();
        match self.anchors.get(&anchor).copied() {
            Some((from, to)) => {
                let copy: String = self.json[from..to]
                    .chars()
                    .map(|c| if c == '\n' { ' ' } else { c })
                    .collect();
                if is_key && !copy.starts_with('"') {
                    self.json.push('"');
                    write_escaped(&mut self.json, &copy);
                    self.json.push('"');
                } else {
                    self.json.push_str(&copy);
                }
            }
            // The parser refuses unknown aliases; kept total all the same.
            None => self.json.push_str(if is_key { "\"?\"" } else { "null" }),
        }
        self.map.push(self.derived(start), source);
        self.after_node(is_key, source.end);
    }
}

/// A block scalar's span without the blank lines and indentation after its last line.
fn trim_block(text: &str, span: Span, style: ScalarStyle) -> Span {
    if matches!(style, ScalarStyle::Literal | ScalarStyle::Folded) {
        let Some(raw) = text.get(span.start as usize..span.end as usize) else {
            return span;
        };
        let kept = raw.trim_end_matches([' ', '\t', '\r', '\n']).len();
        return Span::new(span.start, span.start + to_u32(kept));
    }
    span
}

/// For each character of `value`, the bytes of `inner` (a scalar's text inside its quotes)
/// that wrote it; `None` when they cannot be aligned (line folding, an unknown escape).
fn align(inner: &str, value: &str, style: ScalarStyle) -> Option<Vec<std::ops::Range<usize>>> {
    if inner.contains(['\n', '\r']) {
        return None;
    }
    let bytes = inner.as_bytes();
    let mut ranges = Vec::with_capacity(value.len());
    let mut i = 0usize;
    for c in value.chars() {
        let len = match style {
            ScalarStyle::SingleQuoted if c == '\'' => {
                (inner.get(i..i + 2) == Some("''")).then_some(2)?
            }
            ScalarStyle::DoubleQuoted if bytes.get(i) == Some(&b'\\') => match bytes.get(i + 1)? {
                b'x' => 4,
                b'u' => 6,
                b'U' => 10,
                _ => 2,
            },
            ScalarStyle::Plain | ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted => {
                if !inner.get(i..)?.starts_with(c) {
                    return None;
                }
                c.len_utf8()
            }
            _ => return None,
        };
        if i + len > inner.len() || !inner.is_char_boundary(i + len) {
            return None;
        }
        ranges.push(i..i + len);
        i += len;
    }
    (i == inner.len()).then_some(ranges)
}

/// Appends `value` as the content of a JSON string.
fn write_escaped(out: &mut String, value: &str) {
    for c in value.chars() {
        push_escaped_char(out, c);
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
