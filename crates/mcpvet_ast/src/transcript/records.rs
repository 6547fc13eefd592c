//! Lowering of records (one JSON value each) into entries, per capture format.
use std::collections::HashMap;
use std::ops::Range;

use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::{NodeId, Value, ValueKind};
use mcpvet_text::{Span, Spanned};

use super::http::{HttpFacts, HttpSide};
use super::message::{RequestId, lower_message, string_leaf};
use super::methods::sdk_method;
use super::{
    Abbreviated, AbbreviatedKind, Direction, DirectionSource, Entry, EntryKind, JsonLeaf, Link,
    MessageRef, Origin, Reconstructed, RecordBody, RecordRole, RecordSource, ServerEvent,
    TextField,
};
use crate::LowerCx;
use crate::codes;
use crate::lower::object_opening;

/// What an entry carries besides its kind.
#[derive(Debug, Default)]
pub(crate) struct Meta {
    pub(crate) timestamp: Option<TextField>,
    pub(crate) server: Option<TextField>,
    pub(crate) level: Option<Spanned<String>>,
    pub(crate) envelope: Option<NodeId>,
    pub(crate) direction: Option<(Direction, DirectionSource)>,
    pub(crate) multi_line: bool,
}

/// Accumulates entries, links and lowering diagnostics.
#[derive(Debug)]
pub(crate) struct Reader<'t> {
    pub(crate) text: &'t str,
    /// The last offset whose line was asked for, and that line (1-based): entries come in
    /// source order, so counting line breaks from there is cheaper than indexing the file.
    line_cursor: (u32, u32),
    /// The text's lines as the reader split them, when its only line breaks are line feeds
    /// (no `\r`): a line is then found by walking this table from the cursor's line instead
    /// of counting the line breaks of every entry's text again.
    lines: Option<&'t [Range<usize>]>,
    /// Spans of the parser's error diagnostics, sorted by start.
    error_spans: Vec<Span>,
    pub(crate) entries: Vec<Entry>,
    pub(crate) links: Vec<Link>,
    pub(crate) cx: LowerCx,
    next_index: u32,
    /// Records that had the shape of the format being read (envelopes, log lines).
    pub(crate) recognized: usize,
    /// SDK requests waiting for their response, by `count`.
    sdk_pending: HashMap<String, usize>,
}

/// A string member read as a [`TextField`].
pub(crate) fn string_field(value: Value<'_>) -> Option<TextField> {
    string_leaf(value).map(|leaf| TextField {
        value: leaf.value,
        origin: Origin::Node(leaf.node),
    })
}

/// A timestamp member: a string, or a number (epoch milliseconds) kept as written.
fn timestamp_of(value: Value<'_>) -> Option<TextField> {
    match value.kind() {
        ValueKind::String => string_field(value),
        ValueKind::Number => Some(TextField {
            value: value.source().to_owned(),
            origin: Origin::Node(value.id()),
        }),
        _ => None,
    }
}

impl<'t> Reader<'t> {
    /// A reader of `text` for about `entries` entries (the number of lines or values the
    /// caller found: growing the vector of large entries by doubling copied it about twice
    /// over).
    pub(crate) fn new(text: &'t str, error_spans: Vec<Span>, entries: usize) -> Self {
        Reader {
            text,
            line_cursor: (0, 1),
            lines: None,
            error_spans,
            entries: Vec::with_capacity(entries.min(text.len() / 16 + 1)),
            links: Vec::new(),
            cx: LowerCx::new(),
            next_index: 0,
            recognized: 0,
            sdk_pending: HashMap::new(),
        }
    }

    /// Whether the parser reported an error at an offset inside `span` (ends included).
    pub(crate) fn syntax_error(&self, span: Span) -> bool {
        let first = self.error_spans.partition_point(|s| s.start < span.start);
        self.error_spans
            .get(first)
            .is_some_and(|s| s.start <= span.end)
    }

    /// Lets the reader find lines in `lines`: the ranges of [`mcpvet_json::line_ranges`] over
    /// its text, taken only when the text holds no `\r` (line feeds are then its only line
    /// breaks, as [`Reader::line_of`] counts them).
    pub(crate) fn with_lines(&mut self, lines: &'t [Range<usize>]) {
        if memchr::memchr(b'\r', self.text.as_bytes()).is_none() {
            self.lines = Some(lines);
        }
    }

    /// The 1-based line of `offset`, with the line breaks of [`mcpvet_text::LineIndex`]
    /// (LF, CRLF, or a lone CR).
    fn line_of(&mut self, offset: u32) -> u32 {
        let (from, line) = if offset >= self.line_cursor.0 {
            self.line_cursor
        } else {
            (0, 1)
        };
        let to = (offset as usize).min(self.text.len());
        // Line `line` starts at or before `from`; the lines starting up to `to` follow.
        let line = if let Some(lines) = self.lines {
            let mut at = line as usize;
            while lines.get(at).is_some_and(|next| next.start <= to) {
                at += 1;
            }
            // A final line feed ends the last range; the empty line after it is not one.
            let after_last = at == lines.len()
                && lines
                    .last()
                    .is_some_and(|last| last.end < self.text.len() && last.end < to);
            u32::try_from(at + usize::from(after_last)).unwrap_or(u32::MAX)
        } else {
            let from = (from as usize).min(to);
            line + mcpvet_text::count_line_breaks(self.text, from..to) as u32
        };
        self.line_cursor = (offset, line);
        line
    }

    pub(crate) fn spanned_text(&self, span: Span) -> Spanned<String> {
        Spanned::new(self.text[span.range()].to_owned(), span)
    }

    /// The text at `span` (outside any JSON value) as a [`TextField`].
    pub(crate) fn text_field(&self, span: Span) -> TextField {
        TextField {
            value: self.text[span.range()].to_owned(),
            origin: Origin::Text(span),
        }
    }

    pub(crate) fn push(&mut self, span: Span, kind: EntryKind, meta: Meta) -> usize {
        let index = self.next_index;
        if kind.is_message() {
            self.next_index += 1;
        }
        let (direction, direction_source) = match meta.direction {
            Some((d, source)) => (Some(d), source),
            None => (None, DirectionSource::Unknown),
        };
        let line = self.line_of(span.start);
        self.entries.push(Entry {
            index,
            span,
            line,
            timestamp: meta.timestamp,
            server: meta.server,
            level: meta.level,
            envelope: meta.envelope,
            direction,
            direction_source,
            multi_line: meta.multi_line,
            kind,
        });
        self.entries.len() - 1
    }

    pub(crate) fn non_protocol(&mut self, span: Span, meta: Meta) {
        self.push(span, EntryKind::NonProtocol { text: span }, meta);
    }

    pub(crate) fn report(&mut self, diagnostic: Diagnostic) {
        let index = self.next_index;
        self.cx.report(diagnostic.with_message_index(index));
    }

    /// A raw JSON-RPC message (or batch). `json` is the JSON text of the record (a line's JSON
    /// part): a syntax error anywhere in it makes the message invalid.
    pub(crate) fn raw(&mut self, value: Value<'_>, span: Span, json: Span, meta: Meta) {
        self.recognized += 1;
        let message = lower_message(value, self.syntax_error(json));
        self.push(span, EntryKind::Message(message), meta);
    }

    /// A trace event: `{"seq","direction","transport","kind","payload"|"event"|"status"}`.
    pub(crate) fn trace(&mut self, value: Value<'_>, span: Span, json: Span, mut meta: Meta) {
        if value.kind() != ValueKind::Object {
            if value.kind() != ValueKind::Error {
                self.wrong_type(value, "a trace event", "an object", Severity::Error);
            }
            self.non_protocol(span, meta);
            return;
        }
        if value.get("payload").is_none() && value.get("jsonrpc").is_some() {
            // A raw message among trace events.
            self.raw(value, span, json, meta);
            return;
        }
        self.recognized += 1;
        meta.envelope = Some(value.id());
        meta.timestamp = value
            .get("ts")
            .or_else(|| value.get("timestamp"))
            .and_then(timestamp_of);
        match value.get("direction") {
            Some(d) => match d.as_str() {
                Some(text) => {
                    if let Some(direction) = Direction::parse(&text) {
                        meta.direction = Some((direction, DirectionSource::Explicit));
                    } else {
                        let message = format!(
                            "`direction` must be \"client-to-server\" or \"server-to-client\", found {:?}",
                            text.as_ref()
                        );
                        self.report(
                            Diagnostic::new(
                                codes::WRONG_TYPE,
                                Severity::Warning,
                                d.span(),
                                message,
                            )
                            .with_path(d.path()),
                        );
                    }
                }
                None => self.wrong_type(d, "`direction`", "a string", Severity::Warning),
            },
            None => self.missing(
                value,
                "direction",
                "the trace event has no `direction`",
                Severity::Warning,
            ),
        }
        let kind = match value.get("kind") {
            Some(k) => {
                let Some(s) = k.as_str() else {
                    self.wrong_type(k, "`kind`", "a string", Severity::Error);
                    self.non_protocol(span, meta);
                    return;
                };
                Some((s.into_owned(), k))
            }
            None => None,
        };
        match kind.as_ref().map(|(s, k)| (s.as_str(), *k)) {
            Some(("message", _)) | None => {
                let Some(payload) = value.get("payload") else {
                    self.missing(
                        value,
                        "payload",
                        "the trace event has no `payload`: the message it records is lost",
                        Severity::Error,
                    );
                    self.non_protocol(span, meta);
                    return;
                };
                let message = lower_message(payload, self.syntax_error(payload.span()));
                self.push(span, EntryKind::Message(message), meta);
            }
            Some(("lifecycle", _)) => {
                let event = value.get("event").and_then(string_field);
                let kind = EntryKind::Lifecycle {
                    event,
                    server_event: None,
                };
                self.push(span, kind, meta);
            }
            Some(("http", _)) => {
                let status = value.get("status").and_then(|s| {
                    s.as_number()
                        .and_then(mcpvet_json::Number::as_i64)
                        .map(|n| JsonLeaf::new(s.id(), n))
                });
                let side = match meta.direction {
                    Some((Direction::ServerToClient, _)) => HttpSide::Response,
                    _ => HttpSide::Request,
                };
                let http = Some(Box::new(HttpFacts::of_trace(value, side)));
                self.push(span, EntryKind::Http { status, http }, meta);
            }
            Some((other, k)) => {
                let message = format!(
                    "`kind` must be \"message\", \"lifecycle\" or \"http\", found {other:?}"
                );
                self.report(
                    Diagnostic::new(codes::WRONG_TYPE, Severity::Warning, k.span(), message)
                        .with_path(k.path()),
                );
                self.non_protocol(span, meta);
            }
        }
    }

    /// An MCP Inspector history entry: `{"id","timestamp","direction","origin","message",
    /// "response","duration"}`. The nested `response` becomes an entry of its own.
    pub(crate) fn inspector(&mut self, value: Value<'_>, span: Span, mut meta: Meta) {
        if value.kind() != ValueKind::Object {
            if value.kind() != ValueKind::Error {
                self.wrong_type(
                    value,
                    "an Inspector history entry",
                    "an object",
                    Severity::Error,
                );
            }
            self.non_protocol(span, meta);
            return;
        }
        self.recognized += 1;
        meta.envelope = Some(value.id());
        if let Some(ts) = value.get("timestamp") {
            meta.timestamp = timestamp_of(ts);
            if meta.timestamp.is_none() && ts.kind() != ValueKind::Error {
                self.wrong_type(ts, "`timestamp`", "a string or a number", Severity::Warning);
            }
        }
        if let Some(d) = value.get("direction") {
            match d.as_str() {
                Some(s) if matches!(s.as_ref(), "request" | "response" | "notification") => {}
                Some(s) => {
                    let message = format!(
                        "`direction` must be \"request\", \"response\" or \"notification\", found {:?}",
                        s.as_ref()
                    );
                    self.report(
                        Diagnostic::new(codes::WRONG_TYPE, Severity::Warning, d.span(), message)
                            .with_path(d.path()),
                    );
                }
                None => self.wrong_type(d, "`direction`", "a string", Severity::Warning),
            }
        }
        if let Some(o) = value.get("origin") {
            match o.as_str().as_deref() {
                Some("client") => {
                    meta.direction = Some((Direction::ClientToServer, DirectionSource::Explicit));
                }
                Some("server") => {
                    meta.direction = Some((Direction::ServerToClient, DirectionSource::Explicit));
                }
                Some(other) => {
                    let message =
                        format!("`origin` must be \"client\" or \"server\", found {other:?}");
                    self.report(
                        Diagnostic::new(codes::WRONG_TYPE, Severity::Warning, o.span(), message)
                            .with_path(o.path()),
                    );
                }
                None => self.wrong_type(o, "`origin`", "a string", Severity::Warning),
            }
        }
        let Some(message) = value.get("message") else {
            self.missing(
                value,
                "message",
                "the Inspector history entry has no `message`",
                Severity::Error,
            );
            self.non_protocol(span, meta);
            return;
        };
        let lowered = lower_message(message, self.syntax_error(message.span()));
        self.push(span, EntryKind::Message(lowered), meta);
        if let Some(response) = value.get("response").filter(|r| !r.is_null()) {
            let lowered = lower_message(response, self.syntax_error(response.span()));
            let meta = Meta {
                envelope: Some(value.id()),
                ..Meta::default()
            };
            self.push(response.span(), EntryKind::Message(lowered), meta);
        }
    }

    /// An SDK-level record (`{"type":"request"|"response","timestamp","count","method",...}`)
    /// or session (`{"session_id","server_info","calls":[{"request","response"}]}`).
    pub(crate) fn sdk(&mut self, value: Value<'_>, span: Span, meta: Meta) {
        if value.kind() != ValueKind::Object {
            if value.kind() != ValueKind::Error {
                self.wrong_type(value, "an SDK capture record", "an object", Severity::Error);
            }
            self.non_protocol(span, meta);
            return;
        }
        if let Some(calls) = value.get("calls") {
            self.recognized += 1;
            if calls.kind() != ValueKind::Array {
                self.wrong_type(calls, "`calls`", "an array", Severity::Error);
                return;
            }
            for call in calls.items() {
                self.sdk_call(call);
            }
            return;
        }
        let Some(t) = value.get("type") else {
            self.missing(
                value,
                "type",
                "the SDK capture record has no `type` (\"request\" or \"response\")",
                Severity::Error,
            );
            self.non_protocol(span, meta);
            return;
        };
        let role = match t.as_str().as_deref() {
            Some("request") => RecordRole::Request,
            Some("response") => RecordRole::Response,
            Some(other) => {
                let message =
                    format!("`type` must be \"request\" or \"response\", found {other:?}");
                self.report(
                    Diagnostic::new(codes::WRONG_TYPE, Severity::Warning, t.span(), message)
                        .with_path(t.path()),
                );
                self.non_protocol(span, meta);
                return;
            }
            None => {
                self.wrong_type(t, "`type`", "a string", Severity::Error);
                self.non_protocol(span, meta);
                return;
            }
        };
        self.recognized += 1;
        let correlation = value
            .get("count")
            .filter(|c| matches!(c.kind(), ValueKind::Number | ValueKind::String))
            .map(|c| JsonLeaf::new(c.id(), c.source().to_owned()));
        let index = self.sdk_entry(
            value,
            role,
            span,
            correlation.clone(),
            Some(value.id()),
            None,
        );
        if let Some(key) = correlation.map(|c| c.value) {
            if role == RecordRole::Request {
                self.sdk_pending.insert(key, index);
            } else if let Some(request) = self.sdk_pending.remove(&key) {
                self.links.push(Link {
                    request: MessageRef::entry(request),
                    response: MessageRef::entry(index),
                });
            }
        }
    }

    fn sdk_call(&mut self, call: Value<'_>) {
        if call.kind() != ValueKind::Object {
            if call.kind() != ValueKind::Error {
                self.wrong_type(call, "a call", "an object", Severity::Error);
            }
            return;
        }
        let request = match call.get("request") {
            Some(r) if r.kind() == ValueKind::Object => Some(self.sdk_entry(
                r,
                RecordRole::Request,
                r.span(),
                None,
                Some(call.id()),
                None,
            )),
            Some(r) => {
                self.wrong_type(r, "`request`", "an object", Severity::Error);
                None
            }
            None => {
                self.missing(
                    call,
                    "request",
                    "the call has no `request`",
                    Severity::Error,
                );
                None
            }
        };
        match call.get("response") {
            Some(r) if r.kind() == ValueKind::Object => {
                let role = if r.get("error").is_some_and(|e| !e.is_null())
                    || r.get("success").and_then(Value::as_bool) == Some(false)
                {
                    RecordRole::ErrorResponse
                } else {
                    RecordRole::Response
                };
                // The response of a call names no method: it is the call's.
                let method = request.and_then(|i| match &self.entries[i].kind {
                    EntryKind::Reconstructed(rec) => rec.method,
                    _ => None,
                });
                let response = self.sdk_entry(r, role, r.span(), None, Some(call.id()), method);
                if let Some(request) = request {
                    self.links.push(Link {
                        request: MessageRef::entry(request),
                        response: MessageRef::entry(response),
                    });
                }
            }
            Some(r) if !r.is_null() => {
                self.wrong_type(r, "`response`", "an object", Severity::Error);
            }
            _ => {}
        }
    }

    /// One reconstructed entry from an SDK request or response object.
    fn sdk_entry(
        &mut self,
        record: Value<'_>,
        mut role: RecordRole,
        span: Span,
        correlation: Option<JsonLeaf<String>>,
        envelope: Option<NodeId>,
        call_method: Option<&'static str>,
    ) -> usize {
        let recorded_method = record.get("method").and_then(string_leaf);
        let method = recorded_method
            .as_ref()
            .and_then(|m| sdk_method(&m.value))
            .or(call_method);
        let present = |key: &str| record.get(key).filter(|v| !v.is_null());
        let (params, kwargs, body) = if role == RecordRole::Request {
            (
                record.get("args").map(Value::id),
                record.get("kwargs").map(Value::id),
                None,
            )
        } else if let Some(error) = present("error") {
            role = RecordRole::ErrorResponse;
            (None, None, Some(RecordBody::Error(error.id())))
        } else {
            (
                None,
                None,
                present("result").map(|r| RecordBody::Result(r.id())),
            )
        };
        let direction = if role == RecordRole::Request {
            Direction::ClientToServer
        } else {
            Direction::ServerToClient
        };
        let meta = Meta {
            timestamp: record.get("timestamp").and_then(timestamp_of),
            envelope,
            direction: Some((direction, DirectionSource::Format)),
            ..Meta::default()
        };
        let kind = EntryKind::Reconstructed(Reconstructed {
            source: RecordSource::SdkCapture,
            role,
            recorded_method,
            method,
            correlation,
            params,
            kwargs,
            body,
        });
        self.push(span, kind, meta)
    }

    /// A server signature: `{"metadata": <initialize result>, "prompts": [...],
    /// "resources": [...], "resource_templates": [...], "tools": [...]}`.
    pub(crate) fn signature(&mut self, value: Value<'_>, span: Span, meta: Meta) {
        if value.kind() != ValueKind::Object {
            if value.kind() != ValueKind::Error {
                self.wrong_type(value, "a server signature", "an object", Severity::Error);
            }
            self.non_protocol(span, meta);
            return;
        }
        let server = value
            .get("metadata")
            .and_then(|m| m.get("serverInfo"))
            .and_then(|i| i.get("name"))
            .and_then(string_field);
        let parts: [(&str, &'static str, bool); 5] = [
            ("metadata", "initialize", false),
            ("prompts", "prompts/list", true),
            ("resources", "resources/list", true),
            ("resource_templates", "resources/templates/list", true),
            ("tools", "tools/list", true),
        ];
        let mut found = false;
        for (key, method, is_list) in parts {
            let Some(member) = value.member(key) else {
                continue;
            };
            found = true;
            self.recognized += 1;
            let v = member.value;
            let expected = if is_list {
                ValueKind::Array
            } else {
                ValueKind::Object
            };
            if v.kind() != expected {
                if v.kind() != ValueKind::Error {
                    let what = format!("`{key}`");
                    let kind_name = if is_list { "an array" } else { "an object" };
                    self.wrong_type(v, &what, kind_name, Severity::Error);
                }
                continue;
            }
            let body = if is_list {
                RecordBody::Items(v.id())
            } else {
                RecordBody::Result(v.id())
            };
            let kind = EntryKind::Reconstructed(Reconstructed {
                source: RecordSource::ServerSignature,
                role: RecordRole::Response,
                recorded_method: string_leaf(member.key),
                method: Some(method),
                correlation: None,
                params: None,
                kwargs: None,
                body: Some(body),
            });
            let meta = Meta {
                server: server.clone(),
                envelope: Some(value.id()),
                direction: Some((Direction::ServerToClient, DirectionSource::Format)),
                ..Meta::default()
            };
            self.push(member.span(), kind, meta);
        }
        if !found {
            self.missing(
                value,
                "tools",
                "a server signature needs `metadata` or a `tools`, `prompts` or `resources` list",
                Severity::Error,
            );
        }
    }

    /// A client log line that says what happened to the server (`event`, in the words of
    /// `text`).
    pub(crate) fn lifecycle(
        &mut self,
        span: Span,
        text: TextField,
        event: ServerEvent,
        meta: Meta,
    ) {
        self.recognized += 1;
        let kind = EntryKind::Lifecycle {
            event: Some(text),
            server_event: Some(event),
        };
        self.push(span, kind, meta);
    }

    /// A Claude Desktop abbreviated log line. `method` is the parsed `method=` value (when it
    /// was quoted) or its text; `id` the parsed `id=` value.
    pub(crate) fn abbreviated(
        &mut self,
        span: Span,
        method: Option<TextField>,
        id: Option<Value<'_>>,
        words: Vec<Spanned<String>>,
        meta: Meta,
    ) {
        self.recognized += 1;
        let id = id.map(RequestId::from_value);
        let kind = match (&method, &id) {
            (Some(_), Some(_)) => AbbreviatedKind::Request,
            (Some(_), None) => AbbreviatedKind::Notification,
            _ if words.iter().any(|w| w.value == "error") => AbbreviatedKind::ErrorResponse,
            _ => AbbreviatedKind::Response,
        };
        let kind = EntryKind::Abbreviated(Abbreviated {
            kind,
            method,
            id,
            words,
        });
        self.push(span, kind, meta);
    }

    pub(crate) fn wrong_type(
        &mut self,
        value: Value<'_>,
        what: &str,
        expected: &str,
        severity: Severity,
    ) {
        let message = format!("{what} must be {expected}, found {}", value.kind().name());
        self.report(
            Diagnostic::new(codes::WRONG_TYPE, severity, value.span(), message)
                .with_path(value.path()),
        );
    }

    pub(crate) fn missing(
        &mut self,
        object: Value<'_>,
        field: &str,
        message: &str,
        severity: Severity,
    ) {
        self.report(
            Diagnostic::new(
                codes::MISSING_FIELD,
                severity,
                object_opening(object),
                message,
            )
            .with_path(object.path())
            .with_help(format!("add a `{field}` member")),
        );
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The line of each offset, asked in `order`, by a reader with the line table and by one
    /// counting line breaks.
    fn lines_both_ways(text: &str, order: &[u32]) -> (Vec<u32>, Vec<u32>) {
        let ranges: Vec<Range<usize>> = mcpvet_json::line_ranges(text).collect();
        let mut table = Reader::new(text, Vec::new(), 0);
        table.with_lines(&ranges);
        let mut counting = Reader::new(text, Vec::new(), 0);
        let by_table = order.iter().map(|&o| table.line_of(o)).collect();
        let by_count = order.iter().map(|&o| counting.line_of(o)).collect();
        (by_table, by_count)
    }

    #[test]
    fn the_line_table_agrees_at_the_edges() {
        for text in ["", "\n", "\n\n", "a", "a\n", "a\nb", "a\nb\n", "\n\na\n\n"] {
            let order: Vec<u32> = (0..=text.len() as u32 + 1).collect();
            let (table, count) = lines_both_ways(text, &order);
            assert_eq!(table, count, "{text:?}");
        }
        // A text with a carriage return keeps counting (a lone CR breaks a line there).
        let text = "a\rb\nc";
        let ranges: Vec<Range<usize>> = mcpvet_json::line_ranges(text).collect();
        let mut reader = Reader::new(text, Vec::new(), 0);
        reader.with_lines(&ranges);
        assert!(reader.lines.is_none());
        assert_eq!(reader.line_of(4), 3);
    }

    proptest! {
        #[test]
        fn the_line_table_counts_as_the_line_breaks_do(
            text in "[a{}\\n]{0,40}",
            offsets in proptest::collection::vec(0u32..45, 0..12),
            sorted in any::<bool>(),
        ) {
            let mut order = offsets;
            if sorted {
                order.sort_unstable();
            }
            let (table, count) = lines_both_ways(&text, &order);
            prop_assert_eq!(table, count);
        }
    }
}
