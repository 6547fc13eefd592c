//! The walk over a parsed TOML document that writes its JSON text and the source map.
use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::push_escaped_char;
use mcpvet_text::{SourceMap, Span};
use toml_edit::{Array, ArrayOfTables, Document, InlineTable, Item, Key, Table, Value};

use crate::codes;
use crate::{Outcome, Transcoded};

/// The writer: the TOML text, the JSON text written so far, its map, and the line it is on.
pub(crate) struct Writer<'t> {
    text: &'t str,
    json: String,
    map: SourceMap,
    /// 1-based line of the JSON text's end.
    line: usize,
    /// A source offset and its 1-based line (lines are counted forward from the last one).
    counted: (u32, usize),
    /// Source end of the last value written (where a table written with a header ends).
    last_end: u32,
    diagnostics: Vec<Diagnostic>,
}

impl<'t> Writer<'t> {
    pub(crate) fn new(text: &'t str) -> Self {
        Writer {
            text,
            json: String::with_capacity(text.len() + text.len() / 4 + 16),
            map: SourceMap::new(),
            line: 1,
            counted: (0, 1),
            last_end: 0,
            diagnostics: Vec::new(),
        }
    }

    pub(crate) fn run(mut self) -> Outcome {
        let doc = match Document::parse(self.text) {
            Ok(doc) => doc,
            Err(error) => {
                let span = error.span().map_or_else(
                    || {
                        let first = self.text.find(['\n', '\r']).unwrap_or(self.text.len());
                        Span::new(0, to_u32(first))
                    },
                    |r| self.widen(Span::new(to_u32(r.start), to_u32(r.end))),
                );
                self.diagnostics.push(
                    Diagnostic::new(
                        codes::SYNTAX,
                        Severity::Error,
                        span,
                        format!("the TOML is not well formed: {}", error.message()),
                    )
                    .with_help("fix the TOML at this position; nothing else in the file was read"),
                );
                return Outcome {
                    value: None,
                    diagnostics: self.diagnostics,
                };
            }
        };
        // The root table: its braces belong to no text of the file.
        let start = self.json.len();
        self.json.push('{');
        self.map.push(self.derived(start), Span::empty(0));
        self.members(doc.as_table());
        let at = self.json.len();
        self.json.push('}');
        self.map.push(self.derived(at), Span::empty(self.last_end));
        Outcome {
            value: Some(Transcoded {
                json: self.json,
                map: self.map,
            }),
            diagnostics: self.diagnostics,
        }
    }

    /// An empty error span covers the character there (or stays empty at the end).
    fn widen(&self, span: Span) -> Span {
        if !span.is_empty() {
            return span;
        }
        let at = span.start as usize;
        let len = self
            .text
            .get(at..)
            .and_then(|rest| rest.chars().next())
            .map_or(0, char::len_utf8);
        Span::new(span.start, span.start + to_u32(len))
    }

    fn derived(&self, start: usize) -> Span {
        Span::new(to_u32(start), to_u32(self.json.len()))
    }

    fn line_of(&mut self, offset: u32) -> usize {
        let (from, line) = if offset >= self.counted.0 {
            self.counted
        } else {
            (0, 1)
        };
        let end = (offset as usize).min(self.text.len());
        let line = line + mcpvet_text::count_line_breaks(self.text, from as usize..end);
        self.counted = (offset, line);
        line
    }

    /// Newlines that bring the JSON text to the line of `offset`, when it is ahead (a node
    /// written after one that comes later in the file stays on the current line).
    fn go_to_line(&mut self, offset: u32) {
        let line = self.line_of(offset);
        while self.line < line {
            self.json.push('\n');
            self.line += 1;
        }
    }

    /// The members of a table written with a header, with dotted keys, or the root.
    fn members(&mut self, table: &Table) {
        let mut first = true;
        for (name, item) in table {
            if item.is_none() {
                continue;
            }
            let Some(key) = table.key(name) else {
                continue;
            };
            if !first {
                self.json.push(',');
            }
            first = false;
            self.key(name, key);
            self.item(item, key);
        }
    }

    /// `"name":`, on the key's line, mapped to the key.
    fn key(&mut self, name: &str, key: &Key) {
        let span = span_of(key.span());
        if let Some(span) = span {
            self.go_to_line(span.start);
        }
        let start = self.json.len();
        if let Some(span) = span {
            self.string(name, span, start);
        } else {
            self.quoted(name);
        }
        self.json.push(':');
    }

    fn item(&mut self, item: &Item, key: &Key) {
        match item {
            Item::None => self.json.push_str("null"),
            Item::Value(value) => self.value(value),
            Item::Table(table) => {
                let open = span_of(table.span()).or_else(|| span_of(key.span()));
                self.table(table, open);
            }
            Item::ArrayOfTables(tables) => self.array_of_tables(tables),
        }
    }

    /// A table (`[name]`, implicit, or dotted): `{` maps to its header (or key).
    fn table(&mut self, table: &Table, open: Option<Span>) {
        let start = self.json.len();
        self.json.push('{');
        if let Some(open) = open {
            self.map.push(self.derived(start), open);
            self.last_end = self.last_end.max(open.end);
        }
        self.members(table);
        let at = self.json.len();
        self.json.push('}');
        self.map.push(self.derived(at), Span::empty(self.last_end));
    }

    /// `[[name]]` tables: an array whose elements start at their headers.
    fn array_of_tables(&mut self, tables: &ArrayOfTables) {
        let start = self.json.len();
        self.json.push('[');
        let first = tables.iter().find_map(|t| span_of(t.span()));
        if let Some(first) = first {
            self.map.push(self.derived(start), Span::empty(first.start));
        }
        for (i, table) in tables.iter().enumerate() {
            if i > 0 {
                self.json.push(',');
            }
            let open = span_of(table.span());
            if let Some(open) = open {
                self.go_to_line(open.start);
            }
            self.table(table, open);
        }
        let at = self.json.len();
        self.json.push(']');
        self.map.push(self.derived(at), Span::empty(self.last_end));
    }

    fn value(&mut self, value: &Value) {
        let span = span_of(value.span());
        if let Some(span) = span {
            self.go_to_line(span.start);
            self.last_end = self.last_end.max(span.end);
        }
        let start = self.json.len();
        match value {
            Value::String(s) => {
                if let Some(span) = span {
                    self.string(s.value(), span, start);
                } else {
                    self.quoted(s.value());
                }
            }
            Value::Integer(n) => {
                self.json.push_str(&n.value().to_string());
                self.map_whole(start, span);
            }
            Value::Float(f) => {
                let raw = span.and_then(|s| self.text.get(s.range())).unwrap_or("");
                let v = *f.value();
                if v.is_finite() {
                    self.json.push_str(&float_lexeme(raw, v));
                    self.map_whole(start, span);
                } else {
                    if let Some(span) = span {
                        self.diagnostics.push(
                            Diagnostic::new(
                                codes::UNSUPPORTED,
                                Severity::Warning,
                                span,
                                format!(
                                    "`{raw}` has no JSON form; the value is read as the string `{raw}`"
                                ),
                            )
                            .with_help("write a finite number, or quote the value if a string is meant"),
                        );
                    }
                    let text = if raw.is_empty() { "nan" } else { raw };
                    self.plain_string(text, start, span);
                }
            }
            Value::Boolean(b) => {
                self.json
                    .push_str(if *b.value() { "true" } else { "false" });
                self.map_whole(start, span);
            }
            Value::Datetime(d) => {
                // A datetime is read as the string written (as YAML timestamps are).
                let raw = span
                    .and_then(|s| self.text.get(s.range()))
                    .map_or_else(|| d.value().to_string(), ToOwned::to_owned);
                self.plain_string(&raw, start, span);
            }
            Value::Array(array) => self.array(array, span),
            Value::InlineTable(table) => self.inline_table(table, span),
        }
    }

    /// `value` as a JSON string, unmapped (its text is not at hand).
    fn quoted(&mut self, value: &str) {
        self.json.push('"');
        write_escaped(&mut self.json, value);
        self.json.push('"');
    }

    /// Maps the JSON text written since `start` to `span` as a whole.
    fn map_whole(&mut self, start: usize, span: Option<Span>) {
        if let Some(span) = span {
            self.map.push(self.derived(start), span);
        }
    }

    /// A string whose characters are exactly the TOML text at `span` (a datetime, a
    /// non-finite float): the content copied, the quotes unmapped.
    fn plain_string(&mut self, text: &str, start: usize, span: Option<Span>) {
        self.json.push('"');
        let content = self.json.len();
        write_escaped(&mut self.json, text);
        match span {
            Some(span) if self.json.len() - content == span.len() as usize => {
                self.map.push(self.derived(content), span);
            }
            _ => self.map_whole(start, span),
        }
        self.json.push('"');
    }

    fn array(&mut self, array: &Array, span: Option<Span>) {
        let start = self.json.len();
        self.json.push('[');
        if let Some(span) = span {
            self.map
                .push(self.derived(start), Span::new(span.start, span.start + 1));
        }
        for (i, item) in array.iter().enumerate() {
            if i > 0 {
                self.json.push(',');
            }
            self.value(item);
        }
        let at = self.json.len();
        self.json.push(']');
        if let Some(span) = span {
            self.map.push(
                self.derived(at),
                Span::new(span.end.saturating_sub(1), span.end),
            );
        }
    }

    fn inline_table(&mut self, table: &InlineTable, span: Option<Span>) {
        // A dotted key inside an inline table (`{ a.b = 1 }`) makes a table with no braces.
        let braced = span.filter(|s| self.text.get(s.range()).is_some_and(|t| t.starts_with('{')));
        let start = self.json.len();
        self.json.push('{');
        if let Some(span) = braced {
            self.map
                .push(self.derived(start), Span::new(span.start, span.start + 1));
        }
        let mut first = true;
        for (name, value) in table {
            let Some(key) = table.key(name) else {
                continue;
            };
            if !first {
                self.json.push(',');
            }
            first = false;
            self.key(name, key);
            self.value(value);
        }
        let at = self.json.len();
        self.json.push('}');
        match braced {
            Some(span) => {
                self.map.push(
                    self.derived(at),
                    Span::new(span.end.saturating_sub(1), span.end),
                );
            }
            None => self.map.push(self.derived(at), Span::empty(self.last_end)),
        }
    }

    /// Writes a string (a value or a key) whose TOML text is at `span`: character by
    /// character mapped when its text aligns with its value (one-line basic strings with
    /// escapes of known lengths, literal strings, bare keys, multi-line strings without a
    /// line-ending backslash), as a whole otherwise.
    fn string(&mut self, value: &str, span: Span, start: usize) {
        let raw = self.text.get(span.range()).unwrap_or("");
        let style = Style::of(raw);
        let quote = style.delimiter_len();
        self.json.push('"');
        let aligned = raw
            .get(quote..raw.len().saturating_sub(quote))
            .filter(|_| raw.len() >= 2 * quote)
            .and_then(|inner| {
                let mut inner = inner;
                let mut inner_start = span.start + to_u32(quote);
                if style.is_multi_line() {
                    let trimmed = inner
                        .strip_prefix("\r\n")
                        .or_else(|| inner.strip_prefix('\n'))
                        .unwrap_or(inner);
                    inner_start += to_u32(inner.len() - trimmed.len());
                    inner = trimmed;
                }
                align(inner, value, style).map(|ranges| (inner_start, ranges))
            });
        let Some((inner_start, ranges)) = aligned else {
            write_escaped(&mut self.json, value);
            self.json.push('"');
            self.map.push(self.derived(start), span);
            return;
        };
        if quote > 0 {
            self.map.push(
                self.derived(start),
                Span::new(span.start, span.start + to_u32(quote)),
            );
        }
        for (c, range) in value.chars().zip(ranges) {
            let at = self.json.len();
            push_escaped_char(&mut self.json, c);
            self.map.push(
                self.derived(at),
                Span::new(
                    inner_start + to_u32(range.start),
                    inner_start + to_u32(range.end),
                ),
            );
        }
        let at = self.json.len();
        self.json.push('"');
        if quote > 0 {
            self.map.push(
                self.derived(at),
                Span::new(span.end - to_u32(quote), span.end),
            );
        }
    }
}

/// How a string or a key is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    /// A bare key (or a value written without quotes: not a string).
    Bare,
    /// `"..."`.
    Basic,
    /// `'...'`.
    Literal,
    /// `"""..."""`.
    MultiBasic,
    /// `'''...'''`.
    MultiLiteral,
}

impl Style {
    fn of(raw: &str) -> Style {
        if raw.starts_with("\"\"\"") && raw.len() >= 6 {
            Style::MultiBasic
        } else if raw.starts_with("'''") && raw.len() >= 6 {
            Style::MultiLiteral
        } else if raw.starts_with('"') {
            Style::Basic
        } else if raw.starts_with('\'') {
            Style::Literal
        } else {
            Style::Bare
        }
    }

    fn delimiter_len(self) -> usize {
        match self {
            Style::Bare => 0,
            Style::Basic | Style::Literal => 1,
            Style::MultiBasic | Style::MultiLiteral => 3,
        }
    }

    fn is_multi_line(self) -> bool {
        matches!(self, Style::MultiBasic | Style::MultiLiteral)
    }

    fn has_escapes(self) -> bool {
        matches!(self, Style::Basic | Style::MultiBasic)
    }
}

/// For each character of `value`, the bytes of `inner` (a string's text inside its
/// delimiters) that wrote it; `None` when they cannot be aligned (a line-ending backslash, an
/// unknown escape, text that is not the value).
fn align(inner: &str, value: &str, style: Style) -> Option<Vec<std::ops::Range<usize>>> {
    let bytes = inner.as_bytes();
    let mut ranges = Vec::with_capacity(value.len());
    let mut i = 0usize;
    for c in value.chars() {
        let len = if style.has_escapes() && bytes.get(i) == Some(&b'\\') {
            match bytes.get(i + 1)? {
                b'u' => 6,
                b'U' => 10,
                b'x' => 4,
                b'b' | b't' | b'n' | b'f' | b'r' | b'e' | b'"' | b'\\' => 2,
                _ => return None,
            }
        } else if inner.get(i..)?.starts_with(c) {
            c.len_utf8()
        } else if c == '\n' && inner.get(i..)?.starts_with("\r\n") {
            2
        } else {
            return None;
        };
        if i + len > inner.len() || !inner.is_char_boundary(i + len) {
            return None;
        }
        ranges.push(i..i + len);
        i += len;
    }
    (i == inner.len()).then_some(ranges)
}

/// The JSON lexeme of a finite TOML float: its text without `_` and a leading `+` (TOML's
/// float grammar is then JSON's), or Rust's shortest form when the text is not at hand.
fn float_lexeme(raw: &str, value: f64) -> String {
    let lexeme: String = raw.strip_prefix('+').unwrap_or(raw).replace('_', "");
    let valid = !lexeme.is_empty()
        && lexeme
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'))
        && lexeme.bytes().any(|b| b.is_ascii_digit());
    if valid {
        lexeme
    } else {
        let shortest = format!("{value:?}");
        if shortest.contains(['.', 'e']) {
            shortest
        } else {
            format!("{shortest}.0")
        }
    }
}

fn span_of(range: Option<std::ops::Range<usize>>) -> Option<Span> {
    range.map(|r| Span::new(to_u32(r.start), to_u32(r.end.max(r.start))))
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
