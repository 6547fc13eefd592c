//! Format detection from parsed JSON values.
use mcpvet_json::{Value, ValueKind};

use super::{InputFormat, cassette};
use crate::config::roots;

/// What a JSON value looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Class {
    /// A JSON-RPC message or batch.
    Raw,
    /// A trace event (`payload`/`kind` + `direction`).
    Trace,
    /// An Inspector history entry (`message` + `direction: request|response|notification`).
    Inspector,
    /// An SDK-level record (`type: request|response` + `count`/`method`, no `jsonrpc`).
    SdkRecord,
    /// An SDK-level session (`calls` + `session_id`/`server_info`).
    SdkSession,
    /// A server signature (`metadata` + lists).
    Signature,
    /// A recorder cassette of JSON-RPC interactions (`interactions`, `session.interactions`).
    Cassette,
    /// A run-phase event (`event` + `phase` or `run_id`).
    RunEvent,
    /// A recorder cassette of HTTP interactions (`request.uri`): recognised, not supported.
    HttpCassette,
    /// A HAR capture (`log.entries`).
    Har,
    /// An mcp-debug record (`dir: req|res`): recognised, not supported.
    McpDebug,
    /// An MCP client configuration.
    Config,
    /// Nothing known.
    Unknown,
}

impl Class {
    /// The format that reads values of this class.
    fn format(self) -> Option<(InputFormat, &'static str)> {
        let found = match self {
            Class::Raw => (InputFormat::JsonLines, "raw JSON-RPC messages"),
            Class::Trace => (
                InputFormat::Trace,
                "trace events (payload/kind + direction)",
            ),
            Class::Inspector => (
                InputFormat::InspectorExport,
                "Inspector history entries (message + direction)",
            ),
            Class::SdkRecord => (
                InputFormat::SdkCapture,
                "SDK-level records (type + method + count)",
            ),
            Class::SdkSession => (InputFormat::SdkCapture, "SDK-level sessions (calls)"),
            Class::Signature => (
                InputFormat::ServerSignature,
                "a server signature (metadata + lists)",
            ),
            Class::Cassette => (
                InputFormat::Cassette,
                "a recorder cassette (interactions of requests and responses)",
            ),
            Class::RunEvent => (InputFormat::RunLog, "run events (event + phase or run_id)"),
            Class::Har => (InputFormat::Har, "a HAR capture (log.entries)"),
            Class::HttpCassette | Class::McpDebug | Class::Config | Class::Unknown => {
                return None;
            }
        };
        Some(found)
    }
}

fn str_member(value: Value<'_>, key: &str) -> Option<String> {
    value
        .get(key)
        .and_then(Value::as_str)
        .map(std::borrow::Cow::into_owned)
}

/// Classifies one value.
pub(crate) fn classify(value: Value<'_>) -> Class {
    match value.kind() {
        ValueKind::Array => return Class::Raw,
        ValueKind::Object => {}
        _ => return Class::Unknown,
    }
    let has = |key: &str| value.get(key).is_some();
    if has("jsonrpc") {
        return Class::Raw;
    }
    match cassette::shape(value) {
        Some(cassette::Shape::Messages) => return Class::Cassette,
        Some(cassette::Shape::Http) => return Class::HttpCassette,
        None => {}
    }
    let kind = str_member(value, "kind");
    if (has("payload") && (has("direction") || has("kind") || has("seq")))
        || (matches!(kind.as_deref(), Some("message" | "lifecycle" | "http")) && has("direction"))
    {
        return Class::Trace;
    }
    if super::runlog::is_event(value) {
        return Class::RunEvent;
    }
    if has("message")
        && matches!(
            str_member(value, "direction").as_deref(),
            Some("request" | "response" | "notification")
        )
    {
        return Class::Inspector;
    }
    if has("calls") && (has("session_id") || has("server_info")) {
        return Class::SdkSession;
    }
    if matches!(
        str_member(value, "type").as_deref(),
        Some("request" | "response")
    ) && (has("count") || has("method"))
    {
        return Class::SdkRecord;
    }
    if has("metadata")
        && (has("tools") || has("prompts") || has("resources") || has("resource_templates"))
    {
        return Class::Signature;
    }
    if value.get("log").is_some_and(|l| l.get("entries").is_some()) {
        return Class::Har;
    }
    if matches!(str_member(value, "dir").as_deref(), Some("req" | "res")) {
        return Class::McpDebug;
    }
    if [
        roots::MCP_SERVERS,
        roots::SERVERS,
        roots::CONTEXT_SERVERS,
        roots::MCP,
    ]
    .into_iter()
    .any(has)
    {
        return Class::Config;
    }
    if has("method") || (has("id") && (has("result") || has("error"))) {
        return Class::Raw;
    }
    Class::Unknown
}

/// What detection concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Read as this format.
    Format(InputFormat, &'static str),
    /// A capture format mcpvet recognises but does not read (MCP009).
    Unsupported(&'static str),
    /// Not a session at all (MCP010), with the reason.
    NotSession(&'static str),
}

const SAMPLE: usize = 32;

/// Tallies the classes of `values` (the first few) and picks the most frequent session class.
fn vote<'d>(values: impl Iterator<Item = Value<'d>>) -> Option<Class> {
    let order = [
        Class::Trace,
        Class::Inspector,
        Class::SdkSession,
        Class::SdkRecord,
        Class::Signature,
        Class::Cassette,
        Class::Raw,
        Class::Har,
        Class::HttpCassette,
        Class::McpDebug,
        Class::Config,
    ];
    let mut counts = [0usize; 11];
    let mut run_events = 0usize;
    for value in values.take(SAMPLE) {
        let class = classify(value);
        run_events += usize::from(class == Class::RunEvent);
        if let Some(i) = order.iter().position(|c| *c == class) {
            counts[i] += 1;
        }
    }
    // A run log holds run events and the JSON-RPC messages of its runs: the events decide,
    // unless another capture format is more frequent than both together.
    let raw = order
        .iter()
        .position(|c| *c == Class::Raw)
        .map_or(0, |i| counts[i]);
    let others = order
        .iter()
        .zip(counts)
        .filter(|(c, _)| **c != Class::Raw)
        .map(|(_, n)| n)
        .max()
        .unwrap_or(0);
    if run_events > 0 && run_events + raw >= others {
        return Some(Class::RunEvent);
    }
    // Session classes first: one trace event among raw lines does not make a trace unless it
    // is the most frequent; recognised-but-unsupported and configuration come last.
    let best_session = (0..7).max_by_key(|&i| (counts[i], std::cmp::Reverse(i)))?;
    if counts[best_session] > 0 {
        return Some(order[best_session]);
    }
    (7..11)
        .max_by_key(|&i| (counts[i], std::cmp::Reverse(i)))
        .filter(|&i| counts[i] > 0)
        .map(|i| order[i])
}

fn verdict_of(class: Option<Class>, single: bool) -> Verdict {
    match class {
        Some(Class::HttpCassette) => Verdict::Unsupported(
            "an HTTP recorder cassette (VCR) whose JSON-RPC bodies are strings",
        ),
        Some(Class::McpDebug) => Verdict::Unsupported("an mcp-debug capture"),
        Some(Class::Config) => Verdict::NotSession(
            "the file looks like an MCP client configuration, not a captured session",
        ),
        Some(class) => match class.format() {
            Some((InputFormat::JsonLines, _)) if single => {
                Verdict::Format(InputFormat::JsonLines, "a single JSON-RPC message")
            }
            Some((format, reason)) => Verdict::Format(format, reason),
            None => Verdict::NotSession("nothing in the file looks like a captured session"),
        },
        None => Verdict::NotSession("nothing in the file looks like a captured session"),
    }
}

/// Detection for a file that is one JSON value.
pub(crate) fn whole(root: Value<'_>) -> Verdict {
    match root.kind() {
        ValueKind::Array => {
            if root.is_empty() {
                return Verdict::Format(InputFormat::JsonArray, "an empty JSON array");
            }
            let class = vote(root.items());
            match class {
                Some(Class::Raw) => {
                    Verdict::Format(InputFormat::JsonArray, "a JSON array of JSON-RPC messages")
                }
                Some(Class::Inspector) => Verdict::Format(
                    InputFormat::InspectorExport,
                    "a JSON array of Inspector history entries",
                ),
                other => verdict_of(other, false),
            }
        }
        ValueKind::Object => verdict_of(vote(std::iter::once(root)), true),
        _ => Verdict::NotSession("nothing in the file looks like a captured session"),
    }
}

/// Detection for a line-based file, from the values of its JSON lines.
pub(crate) fn lines<'d>(values: impl Iterator<Item = Value<'d>>) -> Verdict {
    verdict_of(vote(values), false)
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::*;

    fn class(text: &str) -> Class {
        let outcome = parse(text, &JsonOptions::strict());
        classify(outcome.value.root().unwrap())
    }

    #[test]
    fn classes() {
        assert_eq!(class(r#"{"jsonrpc":"2.0","method":"x"}"#), Class::Raw);
        assert_eq!(class(r#"[{"jsonrpc":"2.0","method":"x"}]"#), Class::Raw);
        assert_eq!(class(r#"{"id":1,"result":{}}"#), Class::Raw);
        assert_eq!(
            class(r#"{"seq":0,"direction":"client-to-server","kind":"message","payload":{}}"#),
            Class::Trace
        );
        assert_eq!(
            class(
                r#"{"seq":0,"direction":"client-to-server","kind":"lifecycle","event":"transport-open"}"#
            ),
            Class::Trace
        );
        assert_eq!(
            class(r#"{"direction":"request","message":{},"timestamp":"x"}"#),
            Class::Inspector
        );
        assert_eq!(
            class(r#"{"type":"request","count":1,"method":"initialize"}"#),
            Class::SdkRecord
        );
        assert_eq!(class(r#"{"session_id":"x","calls":[]}"#), Class::SdkSession);
        assert_eq!(class(r#"{"metadata":{},"tools":[]}"#), Class::Signature);
        assert_eq!(class(r#"{"log":{"entries":[]}}"#), Class::Har);
        assert_eq!(
            class(r#"{"ts":1,"dir":"req","method":"x"}"#),
            Class::McpDebug
        );
        assert_eq!(class(r#"{"mcpServers":{}}"#), Class::Config);
        assert_eq!(class(r#"{"a":1}"#), Class::Unknown);
        assert_eq!(class("3"), Class::Unknown);
    }

    #[test]
    fn verdicts() {
        let doc = |t: &'static str| parse(t, &JsonOptions::strict()).value;
        let d = doc(r#"[{"jsonrpc":"2.0","method":"x"}]"#);
        assert_eq!(whole(d.root().unwrap()).format_name(), Some("json-array"));
        let d = doc(r#"{"mcpServers":{}}"#);
        assert!(matches!(whole(d.root().unwrap()), Verdict::NotSession(_)));
        let d = doc(r#"{"log":{"entries":[]}}"#);
        assert_eq!(whole(d.root().unwrap()).format_name(), Some("har"));
        let d = doc("[]");
        assert_eq!(whole(d.root().unwrap()).format_name(), Some("json-array"));
        let d = doc(r#"{"jsonrpc":"2.0","id":1,"method":"x"}"#);
        assert_eq!(whole(d.root().unwrap()).format_name(), Some("json-lines"));
    }

    impl Verdict {
        fn format_name(self) -> Option<&'static str> {
            match self {
                Verdict::Format(f, _) => Some(f.name()),
                _ => None,
            }
        }
    }
}
