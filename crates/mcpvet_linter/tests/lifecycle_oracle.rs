//! The official MCP JSON Schemas as an oracle for the JSON-RPC shape verdicts of the lifecycle
//! checks (`MCP4xx`).
//!
//! Every wire message of the inputs is validated against the schema of its session's version
//! (`<shared>/spec/<version>/schema.json`, where `<shared>` is `$MCPVET_SHARED` or the
//! `shared` folder next to the repository; the tests skip when it is absent, and the schemas
//! are never copied into the repository):
//!
//! - requests against `JSONRPCRequest`, plus `InitializeRequest` for `initialize` (legacy),
//!   plus `params` against `RequestParams` for client requests of 2026-07-28 (the per-request
//!   `_meta`);
//! - notifications against `JSONRPCNotification`, plus `InitializedNotification`;
//! - responses against `JSONRPCResponse` (up to 2025-06-18) or `JSONRPCResultResponse`, plus
//!   the result definition of the request's method for `initialize` (`InitializeResult`) and
//!   `server/discover` (`DiscoverResult`); following §13 of the protocol notes, the method comes
//!   from the request the response answers, never from the `ServerResult` union, which
//!   accepts anything;
//! - error responses against `JSONRPCError` (up to 2025-06-18) or `JSONRPCErrorResponse`;
//! - batches and invalid messages against the `JSONRPCMessage` union.
//!
//! mcpvet's verdict for a message is "invalid" when `lint_transcript` reports an error from a
//! shape rule inside it (`SHAPE_RULES`). The verdicts must agree, except for these known
//! differences, each of which the test recognises and counts:
//!
//! 1. **`result` and `error` together, or `method` with `result` or `error`**: the
//!    `JSONRPCMessage` union accepts them (the matching branch ignores the extra member);
//!    mcpvet reports MCP401, as JSON-RPC 2.0 forbids both.
//! 2. **An error response with `"id": null` or without `id`, up to 2025-06-18**: the schema
//!    requires a non-null id; mcpvet warns (MCP406), because JSON-RPC answers unreadable
//!    requests with `null` and the transport prose allows an id-less error.
//! 3. **A `notifications/*` method sent with an `id`**: `JSONRPCRequest` accepts any method;
//!    mcpvet reports MCP409.
//! 4. **Batches in 2025-03-26 that are empty or contain `initialize`**: the batch types have no
//!    `minItems` and accept any request; mcpvet reports MCP411.
//! 5. **An unrecognised 2026 `resultType`** (`"done"`, or `"task"` without the tasks
//!    extension): the schema types it as a plain string; mcpvet reports MCP432.
//! 6. **A response to a method the version does not have** (a 2026 answer to `ping`): the
//!    schema rejects its result, mcpvet reports the request once (MCP430) and not the answer.
//! 7. **A 2026 request to a method the version does not have** (`initialize`, `ping`): mcpvet
//!    reports MCP430 and not the missing `_meta` (MCP431); the oracle does not validate
//!    `RequestParams` for them either.
//! 8. **A 2026 response sent by the client**: its `result` lacks `resultType`, which the
//!    schema requires of every result; mcpvet reports that clients send no responses (MCP434),
//!    not the content of one.
//!
//! Stdout pollution recorded in a stdio trace (a payload that is a string) is invalid for both:
//! mcpvet reports it as MCP412.
//!
//! Unknown fields pass both (no definition uses `additionalProperties: false`), and
//! integer-valued ids such as `1.0` pass both (mcpvet only warns, MCP404).
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use jsonschema::Validator;
use mcpvet_ast::transcript::{
    EntryKind, InvalidReason, Message, MessageRef, ProtocolVersion, read_transcript,
};
use mcpvet_diagnostics::Severity;
use mcpvet_linter::{TranscriptOptions, lint_transcript};
use mcpvet_sessiongen::{Options, Protocol, generate};
use mcpvet_testkit::{entries, file_name, files_below, shared_dir};
use mcpvet_text::{SourceFile, Span};
use serde_json::Value;

/// The rules whose errors make mcpvet call a message malformed.
const SHAPE_RULES: &[&str] = &[
    "MCP401", "MCP402", "MCP403", "MCP406", "MCP407", "MCP409", "MCP410", "MCP411", "MCP420",
    "MCP412", "MCP421", "MCP431", "MCP432", "MCP433", // and, for whole params and results:
    "MCP501", "MCP520", "MCP525",
];

/// The schema of one version, with validators compiled on first use.
struct Oracle {
    root: Value,
    container: &'static str,
    cache: RefCell<BTreeMap<String, Validator>>,
}

impl Oracle {
    fn load(version: ProtocolVersion) -> Option<Oracle> {
        let path = shared_dir()
            .join("spec")
            .join(version.as_str())
            .join("schema.json");
        let text = std::fs::read_to_string(path).ok()?;
        let root: Value = serde_json::from_str(&text).expect("the official schema is JSON");
        let container = if root.get("$defs").is_some() {
            "$defs"
        } else {
            "definitions"
        };
        Some(Oracle {
            root,
            container,
            cache: RefCell::new(BTreeMap::new()),
        })
    }

    /// Whether `value` is valid against definition `def`.
    fn valid(&self, def: &str, value: &Value) -> bool {
        let mut cache = self.cache.borrow_mut();
        if !cache.contains_key(def) {
            assert!(
                self.root[self.container].get(def).is_some(),
                "no definition {def}"
            );
            // Wrap the reference: in draft-07 a `$ref` ignores its siblings.
            let mut schema = serde_json::json!({
                "allOf": [{"$ref": format!("#/{}/{def}", self.container)}],
            });
            schema["$schema"] = self.root["$schema"].clone();
            schema[self.container] = self.root[self.container].clone();
            let validator = jsonschema::options()
                .should_validate_formats(true)
                .build(&schema)
                .unwrap_or_else(|e| panic!("cannot compile {def}: {e}"));
            cache.insert(def.to_owned(), validator);
        }
        cache[def].is_valid(value)
    }
}

/// The definitions (and the part of the message each applies to) for one message.
fn definitions(
    version: ProtocolVersion,
    message: &Message,
    value: &Value,
    request_method: Option<&str>,
) -> Vec<(&'static str, Value)> {
    let legacy_error = version <= ProtocolVersion::V2025_06_18;
    let modern = version.is_modern();
    let whole = value.clone();
    let mut defs = Vec::new();
    match message {
        Message::Request { method, .. } => {
            defs.push(("JSONRPCRequest", whole.clone()));
            let m = method.value.as_str();
            if m == "initialize" && !modern {
                defs.push(("InitializeRequest", whole));
            } else if modern
                && !matches!(
                    m,
                    "initialize"
                        | "ping"
                        | "sampling/createMessage"
                        | "roots/list"
                        | "elicitation/create"
                )
            {
                defs.push((
                    "RequestParams",
                    value.get("params").cloned().unwrap_or(Value::Null),
                ));
            }
        }
        Message::Notification { method, .. } => {
            defs.push(("JSONRPCNotification", whole.clone()));
            if method.value == "notifications/initialized" && !modern {
                defs.push(("InitializedNotification", whole));
            }
        }
        Message::Response { .. } => {
            let envelope = if legacy_error {
                "JSONRPCResponse"
            } else {
                "JSONRPCResultResponse"
            };
            defs.push((envelope, whole));
            let result = value.get("result").cloned().unwrap_or(Value::Null);
            match request_method {
                Some("initialize") if !modern => defs.push(("InitializeResult", result)),
                Some("server/discover") if modern => defs.push(("DiscoverResult", result)),
                _ => {}
            }
        }
        Message::ErrorResponse { .. } => {
            let envelope = if legacy_error {
                "JSONRPCError"
            } else {
                "JSONRPCErrorResponse"
            };
            defs.push((envelope, whole));
        }
        Message::Batch { .. } | Message::Invalid { .. } => defs.push(("JSONRPCMessage", whole)),
    }
    defs
}

/// Which known difference explains a disagreement, if any.
fn known_difference(
    version: ProtocolVersion,
    direction: Option<mcpvet_ast::transcript::Direction>,
    message: &Message,
    value: &Value,
    request_method: Option<&str>,
    schema_ok: bool,
) -> Option<&'static str> {
    let modern = version.is_modern();
    match (message, schema_ok) {
        (
            Message::Invalid {
                reason: InvalidReason::ResultAndError | InvalidReason::MethodWithResult,
                ..
            },
            true,
        ) => Some("1. result and error together, or method with result"),
        (Message::ErrorResponse { id, .. }, false)
            if version <= ProtocolVersion::V2025_06_18
                && id
                    .as_ref()
                    .is_none_or(mcpvet_ast::transcript::RequestId::is_null) =>
        {
            Some("2. error response id null or missing (<= 2025-06-18)")
        }
        (Message::Request { method, .. }, true) if method.value.starts_with("notifications/") => {
            Some("3. notification method with an id")
        }
        (Message::Batch { items, .. }, true)
            if version == ProtocolVersion::V2025_03_26
                && (items.is_empty()
                    || items
                        .iter()
                        .any(|i| i.method().is_some_and(|m| m.value == "initialize"))) =>
        {
            Some("4. empty batch or batched initialize (2025-03-26)")
        }
        (Message::Response { .. }, true)
            if modern
                && value["result"]["resultType"]
                    .as_str()
                    .is_some_and(|t| t != "complete" && t != "input_required") =>
        {
            Some("5. unrecognised resultType (2026-07-28)")
        }
        (Message::Response { .. }, false)
            if modern
                && matches!(
                    request_method,
                    Some("ping" | "initialize" | "logging/setLevel")
                ) =>
        {
            Some("6. response to a method the version lacks")
        }
        (Message::Response { .. }, false)
            if modern
                && value["result"].get("resultType").is_none()
                && direction == Some(mcpvet_ast::transcript::Direction::ClientToServer) =>
        {
            Some("8. 2026 response sent by the client")
        }
        _ => None,
    }
}

#[derive(Default)]
struct Tally {
    messages: usize,
    agree: usize,
    known: BTreeMap<&'static str, usize>,
    by_definition: BTreeMap<String, (usize, usize)>,
    unexplained: Vec<String>,
}

/// Compares the verdicts for every message of one input.
fn compare(
    name: &str,
    text: &str,
    protocol: Option<ProtocolVersion>,
    oracles: &BTreeMap<ProtocolVersion, Oracle>,
    tally: &mut Tally,
) {
    let file_name = Path::new(name)
        .file_name()
        .map_or(name.to_owned(), |f| f.to_string_lossy().into_owned());
    let source = SourceFile::new(file_name.clone(), text.to_owned()).unwrap();
    let report = lint_transcript(
        &source,
        &TranscriptOptions {
            protocol,
            file_name: Some(file_name.clone()),
            ..TranscriptOptions::default()
        },
    );
    let version = report
        .transcript
        .as_ref()
        .and_then(|t| ProtocolVersion::parse(t.protocol))
        .expect("a transcript report");
    let Some(oracle) = oracles.get(&version) else {
        return;
    };
    let transcript = read_transcript(text, Some(&file_name), None).value;
    let doc = transcript.document();
    for (i, entry) in transcript.entries().iter().enumerate() {
        let EntryKind::Message(message) = &entry.kind else {
            continue;
        };
        if matches!(
            message,
            Message::Invalid {
                reason: InvalidReason::Syntax,
                ..
            }
        ) {
            continue;
        }
        let node = doc.value(message.node());
        let span: Span = node.span();
        let Ok(value) = serde_json::from_str::<Value>(&text[span.range()]) else {
            continue;
        };
        let method = transcript.method_of(MessageRef::entry(i));
        let defs = definitions(version, message, &value, method);
        let mut schema_ok = true;
        for (def, part) in &defs {
            let ok = oracle.valid(def, part);
            let counts = tally
                .by_definition
                .entry(format!("{version} {def}"))
                .or_default();
            counts.0 += 1;
            counts.1 += usize::from(!ok);
            schema_ok &= ok;
        }
        let mcpvet_ok = !report.diagnostics.iter().any(|d| {
            d.severity() == Severity::Error
                && SHAPE_RULES.contains(&d.code().as_str())
                && span.contains_span(d.span())
                && (!d.code().as_str().starts_with("MCP5")
                    || d.message().contains("must be an object"))
        });
        tally.messages += 1;
        if schema_ok == mcpvet_ok {
            tally.agree += 1;
        } else if let Some(known) =
            known_difference(version, entry.direction, message, &value, method, schema_ok)
        {
            *tally.known.entry(known).or_default() += 1;
        } else {
            let findings: Vec<String> = report
                .diagnostics
                .iter()
                .filter(|d| span.contains_span(d.span()))
                .map(|d| format!("{} {}", d.code(), d.message()))
                .collect();
            tally.unexplained.push(format!(
                "{name} line {} ({version}): schema says {}, mcpvet says {} {findings:?}\n  {}",
                entry.line,
                if schema_ok { "valid" } else { "invalid" },
                if mcpvet_ok { "valid" } else { "invalid" },
                &text[span.range()].chars().take(300).collect::<String>(),
            ));
        }
    }
}

fn oracles() -> Option<BTreeMap<ProtocolVersion, Oracle>> {
    let map: BTreeMap<ProtocolVersion, Oracle> = ProtocolVersion::ALL
        .iter()
        .filter_map(|v| Oracle::load(*v).map(|o| (*v, o)))
        .collect();
    (map.len() == ProtocolVersion::ALL.len()).then_some(map)
}

#[expect(clippy::print_stderr, reason = "the tally is the test's report")]
fn finish(what: &str, tally: &Tally) {
    eprintln!(
        "{what}: {} messages, {} agree, known differences {:?}",
        tally.messages, tally.agree, tally.known
    );
    for (def, (n, invalid)) in &tally.by_definition {
        eprintln!("  {def}: {n} validated, {invalid} invalid");
    }
    assert!(
        tally.unexplained.is_empty(),
        "{} unexplained disagreement(s):\n{}",
        tally.unexplained.len(),
        tally.unexplained.join("\n")
    );
    assert!(tally.messages > 0, "{what}: no message compared");
}

#[expect(clippy::print_stderr, reason = "say why the test is skipped")]
fn skip() {
    eprintln!(
        "skipping: the official schemas are not in {}",
        shared_dir().display()
    );
}

/// The conformance fixtures of the lifecycle family (the case folder's name may force a
/// version).
#[test]
fn fixtures_agree_with_the_official_schemas() {
    let Some(oracles) = oracles() else {
        skip();
        return;
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance/lifecycle");
    let mut tally = Tally::default();
    for path in files_below(&root).unwrap() {
        if file_name(&path).starts_with("expected.") {
            continue;
        }
        let case = file_name(path.parent().unwrap());
        let protocol = case
            .split("protocol-")
            .nth(1)
            .and_then(|rest| ProtocolVersion::parse(rest.get(..10).unwrap_or("")));
        let text = std::fs::read_to_string(&path).unwrap();
        let label = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        compare(&label, &text, protocol, &oracles, &mut tally);
    }
    finish("lifecycle fixtures", &tally);
    // The fixtures exercise both sides: some messages are invalid for both.
    assert!(
        tally
            .by_definition
            .values()
            .any(|(_, invalid)| *invalid > 0)
    );
}

/// The session captures of the shared corpus (Claude Desktop logs with full messages).
#[test]
fn corpus_agrees_with_the_official_schemas() {
    let Some(oracles) = oracles() else {
        skip();
        return;
    };
    let dir = shared_dir().join("corpus/sessions");
    let mut tally = Tally::default();
    for path in entries(&dir).unwrap() {
        let text = std::fs::read_to_string(&path).unwrap();
        compare(&file_name(&path), &text, None, &oracles, &mut tally);
    }
    finish("corpus sessions", &tally);
}

/// Generated valid sessions of both eras: everything is valid for both.
#[test]
fn generated_sessions_agree_with_the_official_schemas() {
    let Some(oracles) = oracles() else {
        skip();
        return;
    };
    for (protocol, version) in [
        (Protocol::V2025_11_25, ProtocolVersion::V2025_11_25),
        (Protocol::V2026_07_28, ProtocolVersion::V2026_07_28),
    ] {
        let mut bytes = Vec::new();
        generate(&Options::new(protocol, 1_000_000, 7), &mut bytes).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        let mut tally = Tally::default();
        compare(
            "generated.jsonl",
            &text,
            Some(version),
            &oracles,
            &mut tally,
        );
        finish(protocol.as_str(), &tally);
        assert_eq!(
            tally.agree, tally.messages,
            "a valid session is valid for both"
        );
    }
}
