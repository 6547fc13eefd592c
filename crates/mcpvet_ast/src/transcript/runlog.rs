//! Run-phase event logs: the events a server, a client or a wrapper writes while a server is
//! launched, initialized, listed and used (`spawned`, `initialize_received`,
//! `tools_list_responded`, `external_attempt`, `handshake_timeout`...), one [`RunEvent`] entry
//! each, with the JSON-RPC messages the log also holds as message entries.
//!
//! Two syntaxes, mixed freely in one file:
//!
//! - **JSON lines**: one object per line, such as
//!   `{"run_id": "run_01JX", "server_name": "acme", "pid": 84217, "phase": "discovery",
//!   "event": "tools_list_responded", "tool_count": 4, "at": "2026-07-22T14:03:13.083Z"}`.
//!   A line that is a JSON-RPC message is a message entry; an event whose `message` (or
//!   `payload`) member is a JSON-RPC message is followed by a message entry for it.
//! - **`key=value`**: `phase=launch event=spawned run_id=run_01JX pid=84217` on one line, or
//!   one field per line in blocks separated by blank lines. A value is bare (a JSON number,
//!   `true`, `false` or `null` when it reads as one, a string otherwise), quoted (`"…"`, with
//!   JSON escapes), or JSON (`argv=["/a/b.js"]`). Words before the first pair of a line that
//!   has `event=` or `phase=` are the line's prefix (a logger's timestamp and level). Within a
//!   block of consecutive `key=value` lines, each line that has `event=` starts an event when
//!   several do; otherwise the block is one event.
//!
//! `key=value` text is read through the JSON text it denotes, built line for line (every
//! event on its lines, every other line copied), with a [`SourceMap`] back to the file: the
//! entries, the document and every finding point into that text, and
//! [`Transcript::derivation`] maps them to the file's bytes (a key to its bytes, a bare value
//! to its bytes, a quoted value to its bytes with the quotes).
use std::ops::Range;

use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::{JsonOptions, NodeId, Value, ValueKind, parse_ranges};
use mcpvet_text::{SourceMap, Span};

use super::message::lower_message;
use super::records::{Meta, Reader};
use super::{
    Derivation, DetectedBy, Detection, Direction, DirectionSource, EntryKind, InputFormat,
    JsonLeaf, Origin, TextField, Transcript, pairing,
};
use crate::{LowerOutcome, codes};

/// How a run event was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RunSyntax {
    /// A JSON object (one per line).
    Json,
    /// `key=value` pairs (on one line, or one per line in a block), read through the JSON
    /// text they denote.
    KeyValue,
}

impl RunSyntax {
    /// `json` or `key-value`.
    pub const fn name(self) -> &'static str {
        match self {
            RunSyntax::Json => "json",
            RunSyntax::KeyValue => "key-value",
        }
    }
}

/// One event of a run-phase event log.
///
/// The fields the checks key on are read once, each with its node; a scalar is kept as text
/// (a string decoded, a number or a boolean as written), so `pid=84217` and
/// `"pid": "84217"` read alike. Any other field is a member of [`Self::node`].
#[derive(Debug, Clone)]
pub struct RunEvent {
    /// The whole event (an object): every field is one of its members.
    pub node: NodeId,
    /// How it was written.
    pub syntax: RunSyntax,
    /// `event`: what happened (`spawned`, `initialize_received`, `external_attempt`...).
    pub event: Option<JsonLeaf<String>>,
    /// `phase`: `launch`, `handshake`, `discovery`, `execution`, `interruption`, `errors`.
    pub phase: Option<JsonLeaf<String>>,
    /// `run_id` (or `runId`): one launch of one server process.
    pub run_id: Option<JsonLeaf<String>>,
    /// `server_name` (or `serverName`, `server`).
    pub server_name: Option<JsonLeaf<String>>,
    /// `pid`.
    pub pid: Option<JsonLeaf<String>>,
    /// `at` (or `ts`, `timestamp`, `time`): when, as written.
    pub at: Option<JsonLeaf<String>>,
}

impl RunEvent {
    /// The event name, when the event has a scalar `event`.
    pub fn name(&self) -> Option<&str> {
        self.event.as_ref().map(|e| e.value.as_str())
    }

    /// The nodes this event holds (for invariant checks).
    #[cfg(feature = "testing")]
    pub(crate) fn nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::once(self.node).chain(
            [
                &self.event,
                &self.phase,
                &self.run_id,
                &self.server_name,
                &self.pid,
                &self.at,
            ]
            .into_iter()
            .flatten()
            .map(|l| l.node),
        )
    }
}

/// The members read as [`RunEvent::run_id`], [`RunEvent::server_name`] and [`RunEvent::at`].
const RUN_ID: [&str; 2] = ["run_id", "runId"];
const SERVER_NAME: [&str; 3] = ["server_name", "serverName", "server"];
const AT: [&str; 4] = ["at", "ts", "timestamp", "time"];

/// A scalar member read as text: a string decoded, a number or boolean as written.
fn scalar(value: Value<'_>) -> Option<JsonLeaf<String>> {
    match value.kind() {
        ValueKind::String => value
            .as_str()
            .map(|s| JsonLeaf::new(value.id(), s.into_owned())),
        ValueKind::Number | ValueKind::Bool => {
            Some(JsonLeaf::new(value.id(), value.source().to_owned()))
        }
        _ => None,
    }
}

fn first_member<'d>(value: Value<'d>, names: &[&str]) -> Option<Value<'d>> {
    names.iter().find_map(|n| value.get(n))
}

/// Whether an object is a JSON-RPC message rather than an event: it has `jsonrpc`, or no
/// `event` and the members of a message (`method`, or `id` with `result` or `error`).
fn is_message(value: Value<'_>) -> bool {
    let has = |k: &str| value.get(k).is_some();
    if has("event") {
        return false;
    }
    has("jsonrpc")
        || (has("method") && !has("phase"))
        || (has("id") && (has("result") || has("error")))
}

/// Whether a JSON object reads as a run event: `event` with `phase` or `run_id` (the
/// detection clue).
pub(crate) fn is_event(value: Value<'_>) -> bool {
    value.kind() == ValueKind::Object
        && value.get("event").is_some()
        && (value.get("phase").is_some() || first_member(value, &RUN_ID).is_some())
        && value.get("jsonrpc").is_none()
}

/// Lowers one record of a run log (a line's JSON value, an element of a whole-file array, or
/// a `key=value` event read as JSON).
pub(crate) fn record(
    reader: &mut Reader<'_>,
    value: Value<'_>,
    span: Span,
    json: Span,
    meta: Meta,
    syntax: RunSyntax,
) {
    if value.kind() != ValueKind::Object {
        if value.kind() == ValueKind::Array && syntax == RunSyntax::Json {
            // A batch of messages.
            reader.raw(value, span, json, meta);
            return;
        }
        if value.kind() != ValueKind::Error {
            reader.wrong_type(value, "a run event", "an object", Severity::Warning);
        }
        reader.non_protocol(span, meta);
        return;
    }
    if syntax == RunSyntax::Json && is_message(value) {
        reader.raw(value, span, json, meta);
        return;
    }
    event(reader, value, span, meta, syntax);
}

fn event(reader: &mut Reader<'_>, value: Value<'_>, span: Span, mut meta: Meta, syntax: RunSyntax) {
    reader.recognized += 1;
    let mut field = |names: &[&str], what: &str| -> Option<JsonLeaf<String>> {
        let v = first_member(value, names)?;
        let leaf = scalar(v);
        // `null` is a field left empty.
        if leaf.is_none() && !matches!(v.kind(), ValueKind::Error | ValueKind::Null) {
            reader.wrong_type(
                v,
                &format!("`{what}`"),
                "a string or a number",
                Severity::Warning,
            );
        }
        leaf
    };
    let event_leaf = field(&["event"], "event");
    let phase = field(&["phase"], "phase");
    let run_id = field(&RUN_ID, "run_id");
    let server_name = field(&SERVER_NAME, "server_name");
    let pid = field(&["pid"], "pid");
    let at = field(&AT, "at");
    if value.get("event").is_none() {
        reader.missing(
            value,
            "event",
            "the run event has no `event`: what happened is not said",
            Severity::Warning,
        );
    }
    meta.envelope = Some(value.id());
    if let Some(at) = &at {
        meta.timestamp = Some(TextField {
            value: at.value.clone(),
            origin: Origin::Node(at.node),
        });
    }
    meta.server = server_name.as_ref().map(|s| TextField {
        value: s.value.clone(),
        origin: Origin::Node(s.node),
    });
    let kind = EntryKind::RunEvent(RunEvent {
        node: value.id(),
        syntax,
        event: event_leaf,
        phase,
        run_id,
        server_name,
        pid,
        at,
    });
    reader.push(span, kind, meta);
    // A message the event carries is a message entry of its own.
    let carried = ["message", "payload"]
        .iter()
        .find_map(|k| value.get(k))
        .filter(|m| m.kind() == ValueKind::Object && m.get("jsonrpc").is_some());
    if let Some(message) = carried {
        let direction = value
            .get("direction")
            .and_then(Value::as_str)
            .and_then(|d| Direction::parse(&d));
        let meta = Meta {
            direction: direction.map(|d| (d, DirectionSource::Explicit)),
            ..Meta::default()
        };
        let lowered = lower_message(message, reader.syntax_error(message.span()));
        reader.push(message.span(), EntryKind::Message(lowered), meta);
    }
}

// ---------------------------------------------------------------------------------------------
// `key=value` text.

/// How a value of a `key=value` pair is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    /// Up to the next whitespace.
    Bare,
    /// `"…"`.
    Quoted,
    /// A JSON array or object (`[…]`, `{…}`).
    Json,
}

/// One `key=value` pair of a line: byte ranges in the line.
#[derive(Debug, Clone)]
struct Pair {
    key: Range<usize>,
    value: Range<usize>,
    form: Form,
}

/// A line read as `key=value` pairs.
#[derive(Debug, Clone, Default)]
struct Pairs {
    /// The words before the first pair (a logger's prefix), as a range of the line.
    prefix: Option<Range<usize>>,
    pairs: Vec<Pair>,
}

impl Pairs {
    fn has(&self, line: &str, keys: &[&str]) -> bool {
        self.pairs
            .iter()
            .any(|p| keys.contains(&&line[p.key.clone()]))
    }
}

const EVENT_KEYS: [&str; 2] = ["event", "phase"];
const GROUP_KEYS: [&str; 4] = ["event", "phase", "run_id", "runId"];

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// The end of a key at `at` (`[A-Za-z_][A-Za-z0-9_.-]*` followed by `=`), or `None`.
fn key_end(bytes: &[u8], at: usize) -> Option<usize> {
    let first = *bytes.get(at)?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let mut i = at + 1;
    while i < bytes.len()
        && (bytes[i].is_ascii_alphanumeric() || matches!(bytes[i], b'_' | b'.' | b'-'))
    {
        i += 1;
    }
    (bytes.get(i) == Some(&b'=')).then_some(i)
}

/// The end of a quoted string starting at `at` (just after its closing quote), or `None`.
fn quoted_end(bytes: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The end of a bracketed JSON value starting at `at` (strings skipped), or `None` when its
/// brackets do not close on the line.
fn bracketed_end(bytes: &[u8], at: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = at;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i = quoted_end(bytes, i)?;
                continue;
            }
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

fn is_json_value(text: &str) -> bool {
    !mcpvet_json::parse(text, &JsonOptions::strict()).has_errors()
}

/// Reads `line` (without its line break) as `key=value` pairs: `None` when a word that is not
/// a pair follows a pair, or when no pair is found.
fn scan_pairs(line: &str) -> Option<Pairs> {
    let bytes = line.as_bytes();
    let mut out = Pairs::default();
    let mut i = 0;
    loop {
        while i < bytes.len() && is_space(bytes[i]) {
            i += 1;
        }
        if i >= bytes.len() {
            break;
        }
        let Some(eq) = key_end(bytes, i) else {
            if !out.pairs.is_empty() {
                return None;
            }
            // A word of the prefix.
            let start = i;
            while i < bytes.len() && !is_space(bytes[i]) {
                i += 1;
            }
            let prefix = out.prefix.get_or_insert(start..i);
            prefix.end = i;
            continue;
        };
        let start = eq + 1;
        let (end, form) = match bytes.get(start) {
            Some(b'"') => (quoted_end(bytes, start)?, Form::Quoted),
            Some(b'[' | b'{') => match bracketed_end(bytes, start) {
                Some(end) if is_json_value(&line[start..end]) => (end, Form::Json),
                _ => (bare_end(bytes, start), Form::Bare),
            },
            _ => (bare_end(bytes, start), Form::Bare),
        };
        if end < bytes.len() && !is_space(bytes[end]) {
            return None;
        }
        out.pairs.push(Pair {
            key: i..eq,
            value: start..end,
            form,
        });
        i = end;
    }
    if out.pairs.is_empty() {
        return None;
    }
    // Words before the pairs are a prefix only on a line that says it is an event.
    if out.prefix.is_some() && !out.has(line, &EVENT_KEYS) {
        return None;
    }
    Some(out)
}

fn bare_end(bytes: &[u8], at: usize) -> usize {
    let mut i = at;
    while i < bytes.len() && !is_space(bytes[i]) {
        i += 1;
    }
    i
}

/// Whether `text` is a JSON number, as the JSON grammar writes one.
fn is_json_number(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let s = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - s
    };
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// Whether a quoted value (with its quotes) is a JSON string as written.
fn is_json_string(text: &str) -> bool {
    let b = text.as_bytes();
    if b.len() < 2 || b[0] != b'"' || b[b.len() - 1] != b'"' {
        return false;
    }
    let inner = &b[1..b.len() - 1];
    let mut i = 0;
    while i < inner.len() {
        match inner[i] {
            b'\\' => match inner.get(i + 1) {
                Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => i += 2,
                Some(b'u')
                    if inner.len() >= i + 6
                        && inner[i + 2..i + 6].iter().all(u8::is_ascii_hexdigit) =>
                {
                    i += 6;
                }
                _ => return false,
            },
            b'"' => return false,
            c if c < 0x20 => return false,
            _ => i += 1,
        }
    }
    true
}

/// What one line of a `key=value` log is.
#[derive(Debug)]
enum Line {
    Blank,
    /// A JSON value (a message or a JSON event): copied.
    Json,
    Pairs(Pairs),
    Text,
}

fn classify(line: &str) -> Line {
    let trimmed = line.trim_matches(|c: char| matches!(c, ' ' | '\t' | '\r'));
    if trimmed.is_empty() {
        return Line::Blank;
    }
    if trimmed.starts_with(['{', '[']) {
        return Line::Json;
    }
    match scan_pairs(line) {
        Some(p) => Line::Pairs(p),
        None => Line::Text,
    }
}

/// Whether `text` reads as a `key=value` run log: among its first non-blank lines, at least
/// one is a `key=value` line with `event=` or `phase=`, and `key=value` lines are at least
/// half of the lines that are not JSON.
pub(crate) fn is_key_value(text: &str) -> bool {
    let head = &text[..floor_boundary(text, 64 << 10)];
    if !(head.contains("event=") || head.contains("phase=")) {
        return false;
    }
    let (mut events, mut pairs, mut other) = (0usize, 0usize, 0usize);
    for line in head.lines().take(256) {
        match classify(line) {
            Line::Blank | Line::Json => {}
            Line::Pairs(p) => {
                pairs += 1;
                if p.has(line, &EVENT_KEYS) {
                    events += 1;
                }
            }
            Line::Text => other += 1,
        }
        if pairs + other >= 64 {
            break;
        }
    }
    events > 0 && pairs >= other
}

fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// What the derived text holds, in order: text lines, copied JSON values, and events.
#[derive(Debug)]
enum Item {
    Text(Span),
    /// A JSON line copied: the entry span, the JSON range.
    Json {
        span: Span,
        json: Span,
    },
    /// A `key=value` event: the entry span (with a prefix, when the line has one), the
    /// object's range and the prefix's timestamp word.
    Event {
        span: Span,
        json: Span,
        stamp: Option<Span>,
    },
}

/// Builds the derived text and its map.
#[derive(Debug, Default)]
struct Builder {
    out: String,
    map: SourceMap,
}

impl Builder {
    fn at(&self) -> u32 {
        to_u32(self.out.len())
    }

    /// Copies `source` (a range of `text`).
    fn copy(&mut self, text: &str, source: Range<usize>) {
        let at = self.at();
        self.out.push_str(&text[source.clone()]);
        self.map.push(
            Span::new(at, self.at()),
            Span::new(to_u32(source.start), to_u32(source.end)),
        );
    }

    /// Writes derived text that comes from nowhere in particular (quotes, commas, braces).
    fn add(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Writes `s`, which stands for `source` as a whole.
    fn stand_for(&mut self, s: &str, source: Range<usize>) {
        let at = self.at();
        self.out.push_str(s);
        self.map.push(
            Span::new(at, self.at()),
            Span::new(to_u32(source.start), to_u32(source.end)),
        );
    }

    /// One pair of the line at `base`, as a JSON member.
    fn pair(&mut self, text: &str, base: usize, pair: &Pair) {
        let key = base + pair.key.start..base + pair.key.end;
        let value = base + pair.value.start..base + pair.value.end;
        self.add("\"");
        self.copy(text, key);
        self.add("\":");
        let raw = &text[value.clone()];
        match pair.form {
            Form::Json => self.copy(text, value),
            Form::Quoted if is_json_string(raw) => self.copy(text, value),
            Form::Quoted => {
                // Not a JSON string as written (`\'`, a raw tab): its characters, escaped.
                let inner = &raw[1..raw.len() - 1];
                let mut decoded = String::with_capacity(inner.len());
                let mut chars = inner.chars();
                while let Some(c) = chars.next() {
                    if c == '\\' {
                        match chars.next() {
                            Some('n') => decoded.push('\n'),
                            Some('t') => decoded.push('\t'),
                            Some('r') => decoded.push('\r'),
                            Some(other) => decoded.push(other),
                            None => decoded.push('\\'),
                        }
                    } else {
                        decoded.push(c);
                    }
                }
                let mut s = String::new();
                mcpvet_json::push_string(&mut s, &decoded);
                self.stand_for(&s, value);
            }
            Form::Bare if is_json_number(raw) || matches!(raw, "true" | "false" | "null") => {
                self.copy(text, value);
            }
            Form::Bare => {
                self.add("\"");
                if raw.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
                    let mut s = String::new();
                    for c in raw.chars() {
                        mcpvet_json::push_escaped_char(&mut s, c);
                    }
                    self.stand_for(&s, value);
                } else {
                    self.copy(text, value);
                }
                self.add("\"");
            }
        }
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A line: its range without the line break, and the range of its break.
struct RawLine {
    content: Range<usize>,
    end: usize,
}

fn raw_lines(text: &str) -> Vec<RawLine> {
    let mut out = Vec::new();
    let mut at = 0;
    for piece in text.split_inclusive('\n') {
        let bare = piece.strip_suffix('\n').unwrap_or(piece);
        let bare = bare.strip_suffix('\r').unwrap_or(bare);
        out.push(RawLine {
            content: at..at + bare.len(),
            end: at + piece.len(),
        });
        at += piece.len();
    }
    out
}

/// Whether a prefix word looks like a timestamp (`2026-07-22T14:03:13Z`, `14:03:13.083`).
fn looks_like_time(word: &str) -> bool {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    (digits == 4 && word.as_bytes().get(4) == Some(&b'-'))
        || (digits == 2 && word.as_bytes().get(2) == Some(&b':'))
}

/// The derived JSON text of a `key=value` log, its map and its items.
fn derive(text: &str) -> (String, SourceMap, Vec<Item>) {
    let lines = raw_lines(text);
    let kinds: Vec<Line> = lines
        .iter()
        .map(|l| classify(&text[l.content.clone()]))
        .collect();
    let mut b = Builder::default();
    let mut items = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        match &kinds[i] {
            Line::Pairs(p) if p.prefix.is_none() => {
                // The block of consecutive pair lines without a prefix.
                let mut j = i;
                while j + 1 < lines.len()
                    && matches!(&kinds[j + 1], Line::Pairs(p) if p.prefix.is_none())
                {
                    j += 1;
                }
                let block: Vec<(&str, &Pairs)> = (i..=j)
                    .filter_map(|k| match &kinds[k] {
                        Line::Pairs(p) => Some((&text[lines[k].content.clone()], p)),
                        _ => None,
                    })
                    .collect();
                let event_lines: Vec<usize> = (i..=j)
                    .filter(|&k| block[k - i].1.has(block[k - i].0, &["event"]))
                    .collect();
                // The groups of the block: one, or one per `event=` line (lines before the
                // first joining it).
                let mut starts: Vec<usize> = if event_lines.len() >= 2 {
                    event_lines.clone()
                } else {
                    vec![i]
                };
                starts[0] = i;
                for (g, &start) in starts.iter().enumerate() {
                    let end = starts.get(g + 1).map_or(j, |next| next - 1);
                    let is_event =
                        (start..=end).any(|k| block[k - i].1.has(block[k - i].0, &GROUP_KEYS));
                    if !is_event {
                        for line in &lines[start..=end] {
                            copy_text_line(&mut b, text, line, &mut items);
                        }
                        continue;
                    }
                    let open = b.at();
                    b.add("{");
                    for k in start..=end {
                        let base = lines[k].content.start;
                        for (n, pair) in block[k - i].1.pairs.iter().enumerate() {
                            if n > 0 {
                                b.add(",");
                            }
                            b.pair(text, base, pair);
                        }
                        if k < end {
                            b.add(",");
                            b.copy(text, lines[k].content.end..lines[k].end);
                        }
                    }
                    b.add("}");
                    let close = b.at();
                    items.push(Item::Event {
                        span: Span::new(open, close),
                        json: Span::new(open, close),
                        stamp: None,
                    });
                    b.copy(text, lines[end].content.end..lines[end].end);
                }
                i = j + 1;
                continue;
            }
            Line::Pairs(p) => {
                // One event with a prefix.
                let line = &lines[i];
                let base = line.content.start;
                let start = b.at();
                let mut stamp = None;
                if let Some(prefix) = &p.prefix {
                    let words = base + prefix.start..base + prefix.end;
                    let first_end = text[words.clone()]
                        .find([' ', '\t'])
                        .map_or(words.end, |n| words.start + n);
                    let word_at = b.at();
                    b.copy(text, words.clone());
                    if looks_like_time(&text[words.start..first_end]) {
                        stamp = Some(Span::new(
                            word_at,
                            word_at + to_u32(first_end - words.start),
                        ));
                    }
                    b.add(" ");
                }
                let open = b.at();
                b.add("{");
                for (n, pair) in p.pairs.iter().enumerate() {
                    if n > 0 {
                        b.add(",");
                    }
                    b.pair(text, base, pair);
                }
                b.add("}");
                let close = b.at();
                items.push(Item::Event {
                    span: Span::new(start, close),
                    json: Span::new(open, close),
                    stamp,
                });
                b.copy(text, line.content.end..line.end);
            }
            Line::Json => {
                let line = &lines[i];
                let content = &text[line.content.clone()];
                let lead = content.len() - content.trim_start().len();
                let trail = content.trim_end().len();
                let start = b.at();
                b.copy(text, line.content.start..line.end);
                let span = Span::new(start + to_u32(lead), start + to_u32(trail));
                items.push(Item::Json { span, json: span });
            }
            Line::Text => copy_text_line(&mut b, text, &lines[i], &mut items),
            Line::Blank => b.copy(text, lines[i].content.start..lines[i].end),
        }
        i += 1;
    }
    (b.out, b.map, items)
}

fn copy_text_line(b: &mut Builder, text: &str, line: &RawLine, items: &mut Vec<Item>) {
    let content = &text[line.content.clone()];
    let start = b.at();
    b.copy(text, line.content.start..line.end);
    let trail = content.trim_end().len();
    if trail > 0 {
        items.push(Item::Text(Span::new(start, start + to_u32(trail))));
    }
}

/// Reads a `key=value` run log through its derived JSON text (see the [module docs](self)).
/// The diagnostics are in the file's offsets.
pub(crate) fn read_key_value(text: &str, forced: bool) -> LowerOutcome<Transcript<'static>> {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let (derived, mut map, items) = derive(&text[bom..]);
    if bom > 0 {
        // Offsets of the text after the byte order mark, moved to the file's.
        let mut moved = SourceMap::new();
        moved.push(
            Span::new(0, to_u32(text.len() - bom)),
            Span::new(to_u32(bom), to_u32(text.len())),
        );
        map = map.then(moved);
    }
    let ranges = items.iter().filter_map(|item| match item {
        Item::Json { json, .. } | Item::Event { json, .. } => Some(json.range()),
        Item::Text(_) => None,
    });
    let options = JsonOptions::strict();
    let outcome = parse_ranges(&derived, ranges, &options);
    let document = outcome.value;
    let mut diagnostics = outcome.diagnostics;
    let error_spans: Vec<Span> = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(Diagnostic::span)
        .collect();
    let mut reader = Reader::new(&derived, error_spans, document.roots().len());
    let roots: Vec<Value<'_>> = document.roots().collect();
    let mut next_root = 0;
    for item in &items {
        match item {
            Item::Text(span) => reader.non_protocol(*span, Meta::default()),
            Item::Json { span, json } => {
                let Some(value) = roots.get(next_root).copied() else {
                    continue;
                };
                next_root += 1;
                record(
                    &mut reader,
                    value,
                    *span,
                    *json,
                    Meta::default(),
                    RunSyntax::Json,
                );
            }
            Item::Event { span, json, stamp } => {
                let Some(value) = roots.get(next_root).copied() else {
                    continue;
                };
                next_root += 1;
                let meta = Meta {
                    timestamp: stamp.map(|s| reader.text_field(s)),
                    ..Meta::default()
                };
                record(&mut reader, value, *span, *json, meta, RunSyntax::KeyValue);
            }
        }
    }
    let mut entries = std::mem::take(&mut reader.entries);
    let mut links = std::mem::take(&mut reader.links);
    pairing::infer(&mut entries, &document, &mut links);
    diagnostics.extend(reader.cx.into_diagnostics());
    for d in &mut diagnostics {
        d.map_spans(|s| map.span(s));
    }
    if forced
        && !text.trim().is_empty()
        && entries
            .iter()
            .all(|e| matches!(e.kind, EntryKind::NonProtocol { .. }))
    {
        diagnostics.push(nothing_read(text));
    }
    diagnostics.sort_by_key(|d| d.span().start);
    let transcript = Transcript {
        document,
        entries,
        links,
        detection: Detection {
            format: InputFormat::RunLog,
            by: if forced {
                DetectedBy::Forced
            } else {
                DetectedBy::Content
            },
            reason: if forced {
                "requested"
            } else {
                "run events (key=value lines)"
            },
        },
        derivation: Some(Derivation {
            from: "read as JSON".into(),
            map,
        }),
    };
    LowerOutcome {
        value: transcript.into_static(),
        diagnostics,
    }
}

impl Transcript<'_> {
    /// The dump of a run event: `run-event event="spawned" phase="launch" run="run_01"
    /// pid=84217 fields=7` (`kv` when it was written as `key=value`).
    pub(crate) fn dump_run_event(&self, out: &mut String, r: &RunEvent) {
        use std::fmt::Write as _;
        out.push_str("run-event");
        match &r.event {
            Some(e) => {
                let _ = write!(out, " event={:?}", e.value);
            }
            None => out.push_str(" event=?"),
        }
        if let Some(p) = &r.phase {
            let _ = write!(out, " phase={:?}", p.value);
        }
        if let Some(id) = &r.run_id {
            let _ = write!(out, " run={:?}", id.value);
        }
        if let Some(pid) = &r.pid {
            let _ = write!(out, " pid={}", pid.value);
        }
        let _ = write!(out, " fields={}", self.value(r.node).len());
        if r.syntax == RunSyntax::KeyValue {
            out.push_str(" kv");
        }
    }
}

/// Reports a run log's first line when nothing in it reads as an event or a message (for a
/// forced format).
pub(crate) fn nothing_read(text: &str) -> Diagnostic {
    let first = text
        .lines()
        .scan(0usize, |at, l| {
            let start = *at;
            *at += l.len() + 1;
            Some((start, l))
        })
        .find(|(_, l)| !l.trim().is_empty())
        .map_or(Span::empty(0), |(start, l)| {
            Span::new(to_u32(start), to_u32(start + l.trim_end().len()))
        });
    Diagnostic::new(
        codes::NOT_MCP,
        Severity::Error,
        first,
        "nothing in the file reads as a captured session in the runlog format",
    )
    .with_help("check the file, or let mcpvet detect the format")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transcript::read_transcript;

    fn read(text: &str) -> LowerOutcome<Transcript<'_>> {
        read_transcript(text, Some("run.log"), None)
    }

    /// The file text of the node of member `key` of the event of entry `i`.
    fn field_text<'t>(text: &'t str, t: &Transcript<'_>, i: usize, key: &str) -> &'t str {
        let EntryKind::RunEvent(e) = &t.entries()[i].kind else {
            panic!("entry {i} is not a run event");
        };
        let v = t.value(e.node).get(key).unwrap();
        let span = t.derivation().map_or(v.span(), |d| d.map.span(v.span()));
        &text[span.range()]
    }

    #[test]
    fn json_lines_are_events_and_messages() {
        let text = concat!(
            r#"{"run_id":"run_01","server_name":"acme","pid":84217,"phase":"launch","event":"spawned","at":"2026-07-22T14:03:13.083Z"}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#,
            "\n",
            r#"{"run_id":"run_01","phase":"handshake","event":"initialize_received"}"#,
            "\n",
            r#"{"run_id":"run_01","phase":"launch","event":"made_up_event"}"#,
            "\n",
        );
        let outcome = read(text);
        assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
        let t = outcome.value;
        assert_eq!(t.format(), InputFormat::RunLog);
        assert!(t.derivation().is_none());
        let e = t.entries();
        assert_eq!(e.len(), 4);
        let EntryKind::RunEvent(first) = &e[0].kind else {
            panic!()
        };
        assert_eq!(first.name(), Some("spawned"));
        assert_eq!(first.pid.as_ref().map(|p| p.value.as_str()), Some("84217"));
        assert_eq!(first.syntax, RunSyntax::Json);
        assert_eq!(e[0].server.as_ref().map(|s| s.value.as_str()), Some("acme"));
        assert!(e[0].timestamp.is_some());
        assert!(e[1].is_message());
        assert!(matches!(&e[3].kind, EntryKind::RunEvent(u) if u.name() == Some("made_up_event")));
        assert!(t.dump().contains("run-event event=\"made_up_event\""));
    }

    #[test]
    fn key_value_lines_map_to_their_bytes() {
        let text = concat!(
            "phase=launch event=spawned run_id=run_01 pid=84217 argv=[\"/a/b.js\"] cwd=\"/srv/app dir\"\n",
            "\n",
            "2026-07-22T14:03:13Z INFO phase=launch event=exited exit_code=1 stderr=\"Error: boom\"\n",
        );
        let outcome = read(text);
        assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
        let t = outcome.value;
        assert_eq!(t.format(), InputFormat::RunLog);
        assert_eq!(t.entries().len(), 2);
        assert_eq!(field_text(text, &t, 0, "event"), "spawned");
        assert_eq!(field_text(text, &t, 0, "pid"), "84217");
        assert_eq!(field_text(text, &t, 0, "argv"), "[\"/a/b.js\"]");
        assert_eq!(field_text(text, &t, 0, "cwd"), "\"/srv/app dir\"");
        assert_eq!(field_text(text, &t, 1, "stderr"), "\"Error: boom\"");
        assert_eq!(t.entries()[1].line, 3);
        assert_eq!(
            t.entries()[1].timestamp.as_ref().map(|s| s.value.as_str()),
            Some("2026-07-22T14:03:13Z")
        );
        let EntryKind::RunEvent(e) = &t.entries()[1].kind else {
            panic!()
        };
        assert_eq!(e.syntax, RunSyntax::KeyValue);
        assert_eq!(
            t.value(e.node)
                .get("exit_code")
                .and_then(Value::as_number)
                .and_then(mcpvet_json::Number::as_i64),
            Some(1)
        );
    }

    #[test]
    fn blocks_of_one_field_per_line() {
        let text = "run_id=run_01\nphase=launch\nevent=spawned\npid=7\n\nrun_id=run_01\nphase=handshake\nevent=initialize_received\n";
        let outcome = read(text);
        assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
        let t = outcome.value;
        assert_eq!(t.entries().len(), 2);
        assert_eq!(t.entries()[1].line, 6);
        assert_eq!(field_text(text, &t, 0, "pid"), "7");
        assert_eq!(field_text(text, &t, 1, "event"), "initialize_received");
        let span = t.derivation().unwrap().map.span(t.entries()[0].span);
        assert_eq!(
            &text[span.range()],
            "run_id=run_01\nphase=launch\nevent=spawned\npid=7"
        );
    }

    #[test]
    fn lines_with_several_events_split() {
        let text = "event=spawned run_id=r pid=1\nevent=executable_ready run_id=r\n  exit_code=0\nsome text line\n{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n";
        let t = read(text).value;
        let kinds: Vec<&str> = t
            .entries()
            .iter()
            .map(|e| match &e.kind {
                EntryKind::RunEvent(_) => "event",
                EntryKind::Message(_) => "message",
                EntryKind::NonProtocol { .. } => "text",
                _ => "other",
            })
            .collect();
        assert_eq!(kinds, ["event", "event", "text", "message"]);
        assert_eq!(field_text(text, &t, 1, "exit_code"), "0");
    }

    #[test]
    fn escapes_and_odd_values() {
        let text = "event=x phase=launch path=C:\\tmp msg=\"it\\'s\" n=-0.5e3 lead=01 flag=true nothing=\n";
        let outcome = read(text);
        assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
        let t = outcome.value;
        let EntryKind::RunEvent(e) = &t.entries()[0].kind else {
            panic!()
        };
        let v = t.value(e.node);
        assert_eq!(
            v.get("path").and_then(Value::as_str).as_deref(),
            Some("C:\\tmp")
        );
        assert_eq!(
            v.get("msg").and_then(Value::as_str).as_deref(),
            Some("it's")
        );
        assert_eq!(v.get("n").map(Value::kind), Some(ValueKind::Number));
        assert_eq!(v.get("lead").and_then(Value::as_str).as_deref(), Some("01"));
        assert_eq!(v.get("flag").and_then(Value::as_bool), Some(true));
        assert_eq!(
            v.get("nothing").and_then(Value::as_str).as_deref(),
            Some("")
        );
        assert_eq!(field_text(text, &t, 0, "path"), "C:\\tmp");
        assert_eq!(field_text(text, &t, 0, "msg"), "\"it\\'s\"");
    }

    #[test]
    fn detection() {
        assert!(is_key_value("phase=launch event=spawned\n"));
        assert!(!is_key_value("Message from client: method=\"x\" id=1\n"));
        assert!(!is_key_value(
            "the event=spawned was logged, said the text\nmore prose\n"
        ));
        let t = read(r#"{"event":"spawned","phase":"launch"}"#).value;
        assert_eq!(t.format(), InputFormat::RunLog);
        let t = read(r#"[{"event":"spawned","run_id":"a"},{"event":"exited","run_id":"a"}]"#).value;
        assert_eq!(t.format(), InputFormat::RunLog);
        assert_eq!(t.entries().len(), 2);
    }

    #[test]
    fn missing_event_and_wrong_types() {
        let text = "{\"run_id\":\"r\",\"phase\":\"launch\",\"pid\":{}}\n{\"event\":\"spawned\",\"run_id\":\"r\"}\n";
        let outcome = read_transcript(text, Some("run.jsonl"), Some(InputFormat::RunLog));
        let codes: Vec<&str> = outcome
            .diagnostics
            .iter()
            .map(|d| d.code().as_str())
            .collect();
        assert_eq!(codes, ["MCP011", "MCP012"]);
    }

    #[test]
    fn secrets_in_fields_are_members() {
        let text = "event=spawned run_id=r argv=[\"--token=abc\"] authorization=\"Bearer xyz\"\n";
        let t = read(text).value;
        assert_eq!(field_text(text, &t, 0, "authorization"), "\"Bearer xyz\"");
    }
}
