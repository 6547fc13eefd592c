//! What the page shows, in one JSON object:
//!
//! ```json
//! {"kind": "transcript",
//!  "detected": {"kind": "transcript", "reason": "JSON-RPC messages or capture records"},
//!  "bytes": 1234,
//!  "servers": [{"start": 21, "end": 27}],
//!  "items": [],
//!  "messages": [{"index": 0, "item": null, "line": 1, "start": 0, "end": 57,
//!                "direction": "client-to-server", "kind": "request",
//!                "method": "initialize", "id": "1", "paired": true}],
//!  "messages_total": 1,
//!  "runs": null,
//!  "report": {"version": 1, "tool": {...}, "files": [{...}]}}
//! ```
//!
//! - `report` is exactly [`report_json`]: the report of
//!   `mcpvet --format json` with UTF-16 columns.
//! - `detected` is `null` unless the mode was `auto`.
//! - `servers` holds the byte span of each server's name, in the order of
//!   `report.files[0].servers` (the report gives only its line and column).
//! - `items` (server definitions) holds the byte span of each advertised tool, prompt,
//!   resource or resource template (the whole object), in the order of
//!   `report.files[0].definition.items`; empty for the other kinds.
//! - `messages` lists the protocol messages of a session in order (a batch's elements one by
//!   one, with `item` their position in it; at most [`MESSAGE_LIMIT`]; `messages_total` says
//!   how many there are). `direction` is `null` when unknown; `paired` is `true` or `false`
//!   for requests and responses (answered, or answering a known request) and `null` for the
//!   other kinds. Method names and ids that hold the text of a secret are masked.
//! - `runs` (run-phase event logs): for each run of `report.files[0].runs`, in its order, the
//!   byte spans of the events its line numbers name: `first` (its first event, at `line`),
//!   `last_event` (its last confirmed event) and `timeout`, each `null` when the report has no
//!   such event. The span is the event's entry (a JSON line, a `key=value` line or block),
//!   else the whole line. `null` for every other input.
//!
//! Every offset is a byte offset into the input; the page converts to UTF-16 when it selects.
use std::collections::{HashMap, HashSet};

use mcpvet_ast::transcript::{
    AbbreviatedKind, Direction, EntryKind, Message, MessageRef, RecordRole, read_transcript,
};
use mcpvet_diagnostics::redact::describe;
use mcpvet_linter::FileReport;
use mcpvet_text::Span;
use serde::Serialize;

use crate::{InputKind, report_json};

/// The most messages listed: more are counted in `messages_total` but not listed.
pub const MESSAGE_LIMIT: usize = 100_000;

/// Longest method or id shown, in characters.
const TEXT_LIMIT: usize = 80;

#[derive(Serialize)]
struct Head<'a> {
    kind: &'static str,
    detected: Option<DetectedEntry>,
    bytes: usize,
    servers: Vec<SpanEntry>,
    items: Vec<SpanEntry>,
    messages: Option<&'a [MessageRow]>,
    messages_total: Option<usize>,
    runs: Option<Vec<RunSpans>>,
}

/// Where the events a run's summary names are in the input.
#[derive(Serialize)]
struct RunSpans {
    first: Option<SpanEntry>,
    last_event: Option<SpanEntry>,
    timeout: Option<SpanEntry>,
}

#[derive(Serialize)]
struct DetectedEntry {
    kind: &'static str,
    reason: &'static str,
}

#[derive(Clone, Copy, Serialize)]
struct SpanEntry {
    start: u32,
    end: u32,
}

/// One protocol message of a session, as the page lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MessageRow {
    /// The 0-based message index.
    pub index: u32,
    /// The position inside a batch, for a batch's elements.
    pub item: Option<usize>,
    /// The 1-based line the entry starts on.
    pub line: u32,
    /// Byte offset where the message starts.
    pub start: u32,
    /// Byte offset just after the message.
    pub end: u32,
    /// `client-to-server` or `server-to-client`, when known.
    pub direction: Option<&'static str>,
    /// `request`, `notification`, `response`, `error`, `batch` or `invalid`.
    pub kind: &'static str,
    /// The method, for requests and notifications.
    pub method: Option<String>,
    /// The id as written (`1`, `"abc"`), or the capture's correlation key.
    pub id: Option<String>,
    /// Whether a request was answered, or a response answers a known request; `None` for
    /// notifications and the other kinds.
    pub paired: Option<bool>,
}

/// The page's JSON object for an inspection (see the [module documentation](self)).
pub fn render(report: FileReport) -> String {
    let detection = report.detection;
    let text = report.source.text();
    let is_session = report.kind == InputKind::Transcript;
    let has_runs = report.transcript.as_ref().is_some_and(|t| t.runs.is_some());
    let (rows, entry_spans) = if is_session {
        // The file name the report was read under, so that the format is detected alike.
        let name = Some(report.source.name()).filter(|n| *n != crate::UNNAMED);
        read_session(text, name, &report.redactions, has_runs)
    } else {
        (Vec::new(), HashMap::new())
    };
    let total = rows.len();
    let runs = report
        .transcript
        .as_ref()
        .and_then(|t| t.runs.as_ref())
        .map(|runs| {
            let at = |line: Option<u32>| {
                line.and_then(|l| entry_spans.get(&l).copied().or_else(|| line_span(text, l)))
                    .map(|s| SpanEntry {
                        start: s.start,
                        end: s.end,
                    })
            };
            runs.iter()
                .map(|r| RunSpans {
                    first: at(Some(r.summary.line)),
                    last_event: at(r.summary.last_event_line),
                    timeout: at(r.summary.timeout.as_ref().map(|t| t.line)),
                })
                .collect()
        });
    let head = Head {
        kind: report.kind.name(),
        detected: detection.map(|d| DetectedEntry {
            kind: d.kind.name(),
            reason: d.reason,
        }),
        bytes: text.len(),
        servers: report
            .servers
            .iter()
            .map(|s| SpanEntry {
                start: s.name_span.start,
                end: s.name_span.end,
            })
            .collect(),
        items: report
            .definition
            .iter()
            .flat_map(|d| &d.items)
            .map(|i| SpanEntry {
                start: i.span.start,
                end: i.span.end,
            })
            .collect(),
        messages: is_session.then_some(&rows[..total.min(MESSAGE_LIMIT)]),
        messages_total: is_session.then_some(total),
        runs,
    };
    // The head is an object with members; the report goes last, as its text (no second
    // serialization).
    let mut out = serde_json::to_string(&head).unwrap_or_default();
    if out.ends_with('}') {
        out.pop();
        out.push(',');
    } else {
        out = String::from("{");
    }
    out.push_str("\"report\":");
    out.push_str(&report_json(report));
    out.push('}');
    out
}

/// The protocol messages of the session `text` (read as
/// [`lint_transcript`](mcpvet_linter::lint_transcript) reads a file named `file_name`), in
/// order, with what `redactions` covers masked.
pub fn messages(text: &str, file_name: Option<&str>, redactions: &[Span]) -> Vec<MessageRow> {
    read_session(text, file_name, redactions, false).0
}

/// The span of line `line` (1-based) of `text`, without its line break.
fn line_span(text: &str, line: u32) -> Option<Span> {
    let mut start = 0usize;
    for _ in 1..line {
        start += text.get(start..)?.find('\n')? + 1;
    }
    let rest = text.get(start..)?;
    let len = rest.find('\n').unwrap_or(rest.len());
    let len = if rest[..len].ends_with('\r') {
        len - 1
    } else {
        len
    };
    Some(Span::new(
        u32::try_from(start).ok()?,
        u32::try_from(start + len).ok()?,
    ))
}

/// [`messages`], and, when `spans`, the span of the entry that starts on each line (the
/// first run event's rather than another entry's), for the runs of a run log.
///
/// A capture read through a derived JSON text (a HAR file or a cassette with its bodies
/// inlined, YAML, `key=value` run events) has its entries' spans in that text: the methods
/// and ids are read there, and every span is mapped back to the file (as the report's are)
/// before it is compared with `redactions` or returned. Lines are the entries' own, as the
/// report gives them (the derivations of HAR files and `key=value` run events keep the lines
/// of the file).
fn read_session(
    text: &str,
    file_name: Option<&str>,
    redactions: &[Span],
    spans: bool,
) -> (Vec<MessageRow>, HashMap<u32, Span>) {
    let transcript = read_transcript(text, file_name, None).value;
    let derivation = transcript.derivation();
    let to_file = |span: Span| derivation.map_or(span, |d| d.map.span(span));
    let read_in = transcript.text();
    let mut entry_spans: HashMap<u32, (Span, bool)> = HashMap::new();
    let requests: HashSet<MessageRef> = transcript.links().iter().map(|l| l.request).collect();
    let responses: HashSet<MessageRef> = transcript.links().iter().map(|l| l.response).collect();
    // Answered (for a request) or answering a known request (for a response).
    let paired = |at: MessageRef, is_request: bool| {
        Some(if is_request {
            requests.contains(&at)
        } else {
            responses.contains(&at)
        })
    };
    let masked = |span: Span| {
        let span = to_file(span);
        redactions
            .iter()
            .any(|r| r.start < span.end && span.start < r.end)
    };
    let method = |span: Span| shown_text(read_in, span, masked(span), true);
    let id = |span: Span| shown_text(read_in, span, masked(span), false);
    let doc = transcript.document();
    let mut rows = Vec::new();
    for (i, entry) in transcript.entries().iter().enumerate() {
        if spans {
            let is_event = matches!(entry.kind, EntryKind::RunEvent(_));
            let span = to_file(entry.span);
            let slot = entry_spans.entry(entry.line).or_insert((span, is_event));
            if is_event && !slot.1 {
                *slot = (span, true);
            }
        }
        let at = MessageRef::entry(i);
        let row = |kind: &'static str, span: Span| {
            let span = to_file(span);
            MessageRow {
                index: entry.index,
                item: None,
                line: entry.line,
                start: span.start,
                end: span.end,
                direction: entry.direction.map(Direction::as_str),
                kind,
                method: None,
                id: None,
                paired: None,
            }
        };
        let wire = |message: &Message, at: MessageRef, span: Span| MessageRow {
            method: message.method().map(|m| method(m.span(doc))),
            id: message.id().map(|i| id(i.span(doc))),
            paired: match message {
                Message::Request { .. } => paired(at, true),
                Message::Response { .. } | Message::ErrorResponse { .. } => paired(at, false),
                _ => None,
            },
            item: at.item,
            ..row(message.kind_name(), span)
        };
        match &entry.kind {
            EntryKind::Message(Message::Batch { items, .. }) if !items.is_empty() => {
                for (j, message) in items.iter().enumerate() {
                    let at = MessageRef {
                        entry: i,
                        item: Some(j),
                    };
                    rows.push(wire(message, at, transcript.value(message.node()).span()));
                }
            }
            EntryKind::Message(message) => rows.push(wire(message, at, entry.span)),
            EntryKind::Abbreviated(a) => rows.push(MessageRow {
                method: a.method.as_ref().map(|m| method(m.span(doc))),
                id: a.id.as_ref().map(|i| id(i.span(doc))),
                paired: match a.kind {
                    AbbreviatedKind::Request => paired(at, true),
                    AbbreviatedKind::Notification => None,
                    AbbreviatedKind::Response | AbbreviatedKind::ErrorResponse => paired(at, false),
                },
                ..row(a.kind.name(), entry.span)
            }),
            EntryKind::Reconstructed(r) => rows.push(MessageRow {
                method: r
                    .method
                    .map(str::to_owned)
                    .or_else(|| r.recorded_method.as_ref().map(|m| method(m.span(doc)))),
                id: r.correlation.as_ref().map(|c| id(c.span(doc))),
                paired: paired(at, r.role == RecordRole::Request),
                ..row(r.role.name(), entry.span)
            }),
            EntryKind::NonProtocol { .. }
            | EntryKind::Lifecycle { .. }
            | EntryKind::Http { .. }
            | EntryKind::RunEvent(_) => {}
        }
    }
    let entry_spans = entry_spans
        .into_iter()
        .map(|(line, (span, _))| (line, span))
        .collect();
    (rows, entry_spans)
}

/// The text of `span` of `text` for display (a string without its quotes when `unquote` and
/// it has no escape), cut to [`TEXT_LIMIT`] characters, or described without its text when
/// `masked` (it overlaps a redaction).
fn shown_text(text: &str, span: Span, masked: bool, unquote: bool) -> String {
    let raw = text
        .get(span.start as usize..span.end as usize)
        .unwrap_or("");
    let value = match raw.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        Some(inner) if unquote && !inner.contains('\\') => inner,
        _ => raw,
    };
    if masked {
        return describe(value);
    }
    if value.chars().nth(TEXT_LIMIT).is_some() {
        let mut cut: String = value.chars().take(TEXT_LIMIT - 1).collect();
        cut.push('…');
        cut
    } else {
        value.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::inspect_page;

    fn page(mode: &str, name: Option<&str>, text: &str) -> Value {
        serde_json::from_str(&inspect_page(mode, name, text.as_bytes()).unwrap()).unwrap()
    }

    #[test]
    fn configuration_servers_have_their_name_spans() {
        let text = "{\"mcpServers\": {\"bü😀\": {\"command\": \"/bin/a\"}, \"b\": {\"url\": \"https://x.example/mcp\"}}}";
        let p = page("auto", None, text);
        assert_eq!(p["kind"], "config");
        assert_eq!(p["detected"]["kind"], "config");
        assert_eq!(p["bytes"], text.len());
        assert!(p["messages"].is_null() && p["messages_total"].is_null());
        let names: Vec<&str> = p["servers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                &text[s["start"].as_u64().unwrap() as usize..s["end"].as_u64().unwrap() as usize]
            })
            .collect();
        assert_eq!(names, ["\"bü😀\"", "\"b\""]);
        let report: Value =
            serde_json::from_str(&crate::inspect_named("auto", None, text.as_bytes()).unwrap())
                .unwrap();
        assert_eq!(p["report"], report);
        assert_eq!(
            report["files"][0]["servers"][1]["transport"],
            "streamable-http"
        );
    }

    #[test]
    fn session_messages_in_order_with_batches_and_pairing() {
        let text = concat!(
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-03-26","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}"#,
            "\n",
            "banner text\n",
            r#"[{"jsonrpc":"2.0","id":"a","method":"tools/list"},{"jsonrpc":"2.0","method":"notifications/initialized"}]"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":7,"result":{}}"#,
            "\n",
        );
        let p = page("transcript", None, text);
        assert!(p["detected"].is_null());
        assert_eq!(p["messages_total"], 5);
        let rows = p["messages"].as_array().unwrap();
        let summary: Vec<String> = rows
            .iter()
            .map(|r| {
                format!(
                    "#{}{} {} {} {} {}",
                    r["index"],
                    r["item"]
                        .as_u64()
                        .map(|i| format!("[{i}]"))
                        .unwrap_or_default(),
                    r["kind"].as_str().unwrap(),
                    r["method"].as_str().unwrap_or("-"),
                    r["id"].as_str().unwrap_or("-"),
                    r["paired"],
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                "#0 request initialize 1 true",
                "#1 response - 1 true",
                "#2[0] request tools/list \"a\" false",
                "#2[1] notification notifications/initialized - null",
                "#3 response - 7 false",
            ]
        );
        // Spans: a whole line, and a batch element inside its line.
        let span = |r: &Value| {
            &text[r["start"].as_u64().unwrap() as usize..r["end"].as_u64().unwrap() as usize]
        };
        assert_eq!(span(&rows[4]), r#"{"jsonrpc":"2.0","id":7,"result":{}}"#);
        assert_eq!(
            span(&rows[2]),
            r#"{"jsonrpc":"2.0","id":"a","method":"tools/list"}"#
        );
        assert_eq!(rows[0]["direction"], "client-to-server");
        assert_eq!(rows[1]["direction"], "server-to-client");
        assert_eq!(rows[4]["line"], 5);
    }

    /// A `tools/list` response as a client captures it, on one line.
    const LISTING: &str = r#"{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"get_weather","description":"Weather for a city.","inputSchema":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}},{"name":"read file","description":"Read.","inputSchema":{"path":"/srv"}}]}}"#;

    fn items(p: &Value) -> Vec<String> {
        p["report"]["files"][0]["definition"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                let schemas: Vec<String> = i["schemas"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| {
                        format!(
                            "{} {}",
                            s["field"].as_str().unwrap(),
                            s["state"].as_str().unwrap()
                        )
                    })
                    .collect();
                format!(
                    "{} {}: {}",
                    i["kind"].as_str().unwrap(),
                    i["name"].as_str().unwrap_or("-"),
                    schemas.join(", ")
                )
            })
            .collect()
    }

    fn codes(p: &Value) -> Vec<&str> {
        p["report"]["files"][0]["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap())
            .collect()
    }

    #[test]
    fn a_listing_is_detected_as_a_server_definition() {
        let p = page("auto", None, LISTING);
        assert_eq!(p["kind"], "server");
        assert_eq!(p["detected"]["kind"], "server");
        assert!(p["messages"].is_null() && p["servers"] == serde_json::json!([]));
        let file = &p["report"]["files"][0];
        assert_eq!(file["kind"], "server");
        assert_eq!(file["input_format"]["name"], "listing");
        assert_eq!(file["summary"]["items"], 2);
        assert!(file["tools_digest"].is_string());
        assert_eq!(
            items(&p),
            [
                "tool get_weather: inputSchema valid, outputSchema default",
                "tool read file: inputSchema incomplete, outputSchema default",
            ]
        );
        let codes = codes(&p);
        assert!(
            codes.contains(&"MCP503") && codes.contains(&"MCP508"),
            "{codes:?}"
        );
        // Each item's span is its object.
        let spans: Vec<&str> = p["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                &LISTING[s["start"].as_u64().unwrap() as usize..s["end"].as_u64().unwrap() as usize]
            })
            .collect();
        assert_eq!(spans.len(), 2);
        assert!(spans[0].starts_with(r#"{"name":"get_weather""#) && spans[0].ends_with("}}"));
        assert!(spans[1].starts_with(r#"{"name":"read file""#));
        // The same report as `inspect`.
        let report: Value = serde_json::from_str(
            &crate::inspect_named("server", None, LISTING.as_bytes()).unwrap(),
        )
        .unwrap();
        assert_eq!(report["files"][0]["findings"], file["findings"]);
    }

    #[test]
    fn a_definition_file_and_the_forced_mode() {
        let text = r#"{
  "name": "orders",
  "tools": [{"name": "lookup", "description": "Look up an order.", "type": "http",
             "method": "POST", "endpoint": "http://orders.example/api",
             "requestSchema": {"orderId": "A-1"}}],
  "publish": {"version": "1.0.0"}
}"#;
        let p = page("auto", Some("definition.json"), text);
        assert_eq!(p["detected"]["kind"], "server");
        let file = &p["report"]["files"][0];
        assert_eq!(file["input_format"]["name"], "definition");
        assert_eq!(file["definition"]["name"], "orders");
        assert_eq!(file["definition"]["version"], "1.0.0");
        assert_eq!(
            items(&p)[0],
            "tool lookup: requestSchema incomplete, responseSchema default"
        );
        let codes = codes(&p);
        assert!(
            codes.contains(&"MCP601") && codes.contains(&"MCP602"),
            "{codes:?}"
        );
        // The fix of the incomplete schema carries the replacement text.
        let fix = file["findings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["code"] == "MCP601")
            .map(|f| &f["fix"]["edits"][0]["replacement"])
            .unwrap();
        assert!(fix.as_str().unwrap().contains("\"orderId\""), "{fix}");
        // Forced: no detection, the same report; and a configuration forced as a server
        // definition is read as one.
        let forced = page("definition", Some("definition.json"), text);
        assert!(forced["detected"].is_null());
        assert_eq!(forced["report"], p["report"]);
        let config = page("server", None, r#"{"mcpServers": {"a": {"command": "x"}}}"#);
        assert_eq!(config["kind"], "server");
        assert_eq!(config["report"]["files"][0]["summary"]["items"], 0);
        assert_eq!(config["items"], serde_json::json!([]));
    }

    #[test]
    fn the_example_definition_shows_its_problems() {
        // The page's "Load example server definition" (scripts/build-web).
        let text = include_str!("../../../web/samples/definition.json");
        let p = page("auto", Some("definition.json"), text);
        assert_eq!(p["detected"]["kind"], "server");
        assert_eq!(
            p["report"]["files"][0]["input_format"]["name"],
            "definition"
        );
        assert!(items(&p).contains(
            &"tool lookup_order: requestSchema incomplete, responseSchema valid".to_owned()
        ));
        assert!(codes(&p).contains(&"MCP601"), "{:?}", codes(&p));
        assert_eq!(p["items"].as_array().unwrap().len(), 4);
    }

    #[test]
    fn a_definition_never_shows_its_password() {
        let password = "c0rrect-h0rse-battery-staple-92";
        let text = format!(
            r#"{{"name": "billing", "tools": [{{"name": "charge", "description": "Charge a card.",
  "type": "http", "method": "POST", "endpoint": "https://billing.example/charge",
  "authentication": {{"type": "basic", "username": "svc", "password": "{password}"}},
  "requestSchema": {{"type": "object"}}}}], "publish": {{"version": "2.0.0"}}}}"#
        );
        for mode in ["auto", "server"] {
            let out = inspect_page(mode, Some("definition.json"), text.as_bytes()).unwrap();
            assert!(out.contains("\"kind\":\"server\""), "{out}");
            assert!(!out.contains(password), "{out}");
            assert!(!out.contains(&password[..10]), "{out}");
        }
    }

    /// The text of the span `s` (`{"start", "end"}`) of `text`.
    fn text_at<'t>(text: &'t str, s: &Value) -> &'t str {
        &text[s["start"].as_u64().unwrap() as usize..s["end"].as_u64().unwrap() as usize]
    }

    #[test]
    fn a_run_log_has_the_spans_of_its_runs_events() {
        let logs = [
            (
                "exits-before-reading-input.jsonl",
                include_str!("../../../examples/runs/exits-before-reading-input.jsonl"),
            ),
            (
                "whoami-before-initialize.jsonl",
                include_str!("../../../examples/runs/whoami-before-initialize.jsonl"),
            ),
            (
                "writes-hello-to-stdout.log",
                include_str!("../../../examples/runs/writes-hello-to-stdout.log"),
            ),
        ];
        for (name, text) in logs {
            let p = page("auto", Some(name), text);
            assert_eq!(p["kind"], "transcript", "{name}");
            let runs = p["report"]["files"][0]["runs"].as_array().unwrap();
            let spans = p["runs"].as_array().unwrap();
            assert_eq!(spans.len(), runs.len(), "{name}");
            for (run, at) in runs.iter().zip(spans) {
                let run_id = run["run_id"].as_str().unwrap();
                let first = text_at(text, &at["first"]);
                assert!(first.contains(run_id), "{name}: {first}");
                assert_eq!(
                    text.lines().nth(run["line"].as_u64().unwrap() as usize - 1),
                    Some(first),
                    "{name}: the first event is its line"
                );
                // The last confirmed event is the entry on its line, in the file.
                let event = run["last_event"]["event"].as_str().unwrap();
                let last = text_at(text, &at["last_event"]);
                assert!(
                    last.contains(&format!("\"event\":\"{event}\""))
                        || last.contains(&format!("event={event}")),
                    "{name}: {last}"
                );
                let line = run["last_event"]["line"].as_u64().unwrap() as usize;
                assert_eq!(text.lines().nth(line - 1), Some(last), "{name}");
                match run["timeout"].as_object() {
                    Some(timeout) => {
                        let got = text_at(text, &at["timeout"]);
                        let event = timeout["event"].as_str().unwrap();
                        assert!(got.contains(event), "{name}: {got}");
                    }
                    None => assert!(at["timeout"].is_null(), "{name}"),
                }
            }
        }
        // Other inputs have no runs.
        let p = page(
            "auto",
            None,
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n",
        );
        assert!(p["runs"].is_null());
        assert_eq!(p["report"]["files"][0].get("runs"), None);
    }

    #[test]
    fn a_run_log_never_shows_a_token_of_its_stderr() {
        let token = "9sKp2QwX7vLm4TzR8yNb3HcJ6dFg1AeU";
        let text = [
            r#"{"run_id":"run_01JY0","server_name":"billing","phase":"launch","event":"spawn_requested","command":"node"}"#.to_owned(),
            r#"{"run_id":"run_01JY0","pid":4242,"phase":"launch","event":"spawned"}"#.to_owned(),
            format!(
                r#"{{"run_id":"run_01JY0","pid":4242,"phase":"launch","event":"exited","exit_code":1,"stderr":"Error: 401 with Authorization: Bearer {token}\n    at main"}}"#
            ),
            String::new(),
        ]
        .join("\n");
        let out = inspect_page("auto", None, text.as_bytes()).unwrap();
        assert!(
            !out.contains(token) && !out.contains(&token[4..12]),
            "{out}"
        );
        let p: Value = serde_json::from_str(&out).unwrap();
        let started = &p["report"]["files"][0]["runs"][0]["started"];
        assert_eq!(started["exit_code"], 1);
        assert!(
            started["stderr"]
                .as_str()
                .unwrap()
                .starts_with("Error: 401")
        );
        assert!(text_at(&text, &p["runs"][0]["last_event"]).contains("\"exited\""));
    }

    /// `examples/http/legacy-2025-11-25.har` with a bearer token on each request to the MCP
    /// endpoint.
    fn har_with_token(token: &str) -> String {
        include_str!("../../../examples/http/legacy-2025-11-25.har").replace(
            r#""name": "MCP-Protocol-Version","#,
            &format!(
                r#""name": "Authorization", "value": "Bearer {token}"}}, {{"name": "MCP-Protocol-Version","#
            ),
        )
    }

    #[test]
    fn a_har_capture_lists_its_messages_at_their_place_in_the_file() {
        // Read through a derived text (the bodies inlined): the methods and ids are read
        // there, the spans are the file's.
        let text = include_str!("../../../examples/http/legacy-2025-11-25.har");
        let p = page("auto", None, text);
        assert_eq!(p["detected"]["kind"], "transcript");
        assert_eq!(p["report"]["files"][0]["input_format"]["name"], "har");
        assert!(p["runs"].is_null());
        let rows = p["messages"].as_array().unwrap();
        let methods: Vec<&str> = rows
            .iter()
            .map(|r| r["method"].as_str().unwrap_or("-"))
            .collect();
        assert_eq!(
            methods,
            [
                "initialize",
                "-",
                "notifications/initialized",
                "notifications/tools/list_changed",
                "tools/list",
                "-",
                "tools/call",
                "notifications/progress",
                "-"
            ]
        );
        assert_eq!(rows[0]["id"], "0");
        for r in rows {
            let body = text_at(text, r);
            assert!(body.starts_with(r#"{\"jsonrpc\":\"2.0\","#), "{body}");
            assert!(
                text.lines()
                    .nth(r["line"].as_u64().unwrap() as usize - 1)
                    .unwrap()
                    .contains(body),
                "{body}"
            );
        }
        // With an Authorization header: reported, and never shown.
        let token = "7f3kQ9zLw2RmX8vT1pY6bN4cJ0hG5dSa";
        let har = har_with_token(token);
        assert!(har.contains(token));
        let out = inspect_page("auto", None, har.as_bytes()).unwrap();
        assert!(!out.contains(token) && !out.contains(&token[4..12]));
        let p: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(p["messages_total"], 9);
        assert!(codes(&p).contains(&"MCP308"), "{:?}", codes(&p));
    }

    #[test]
    fn shown_text_unquotes_cuts_and_masks() {
        let text = r#"["tools/list", "a\"b", "ghp_0123456789abcdef"]"#;
        let at = |needle: &str| {
            let start = text.find(needle).unwrap() as u32;
            Span::new(start, start + needle.len() as u32)
        };
        assert_eq!(
            shown_text(text, at("\"tools/list\""), false, true),
            "tools/list"
        );
        assert_eq!(
            shown_text(text, at("\"tools/list\""), false, false),
            "\"tools/list\""
        );
        assert_eq!(shown_text(text, at(r#""a\"b""#), false, true), r#""a\"b""#);
        let secret = at("\"ghp_0123456789abcdef\"");
        assert_eq!(shown_text(text, secret, true, true), "ghp_… (20 chars)");
        let long = format!("\"{}\"", "x".repeat(100));
        let cut = shown_text(&long, Span::new(0, long.len() as u32), false, true);
        assert_eq!(cut.chars().count(), TEXT_LIMIT);
        assert!(cut.ends_with('…'));
    }
}
