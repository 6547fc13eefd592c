//! Generated sessions with the defects of the protocol-coverage rules injected: a valid
//! session from `mcpvet_sessiongen` gets none of these codes, and a copy of it with one
//! message altered (or one notification inserted) gets exactly one finding, with the
//! expected code, on the altered message's line.
//!
//! The injections edit the generated JSON Lines text, one defect per copy:
//!
//! | defect | code | how |
//! |---|---|---|
//! | bad `_meta` key | MCP414 | `com..example/trace` in a `tools/call` request's `_meta` |
//! | bad `traceparent` (2026-07-28) | MCP415 | a `traceparent` that is not W3C in a `tools/call` request |
//! | reserved error code | MCP416 | a `tools/call` answered with error −32150 instead of its result |
//! | invalid log level | MCP455 | a `notifications/message` with level `verbose`; in 2026-07-28, a request's `_meta` log level `verbose` |
//! | `structuredContent` without text | MCP526 | the text blocks of a structured `tools/call` result dropped |
//! | resource URI without scheme | MCP542 | a `resource_link` to `notes.txt` added to a `tools/call` result |
//! | response after cancellation | MCP443 | a `notifications/cancelled` inserted before a `tools/call` response |
use mcpvet_linter::{FileReport, TranscriptOptions, lint_transcript};
use mcpvet_sessiongen::{Options, Protocol, generate};
use mcpvet_text::SourceFile;
use serde_json::{Value, json};

/// The codes of the injected defects.
const CODES: &[&str] = &[
    "MCP414", "MCP415", "MCP416", "MCP455", "MCP526", "MCP542", "MCP443",
];

fn session(protocol: Protocol, seed: u64) -> String {
    let mut bytes = Vec::new();
    generate(&Options::new(protocol, 60_000, seed), &mut bytes).unwrap();
    String::from_utf8(bytes).unwrap()
}

fn lint(text: String) -> FileReport {
    let source = SourceFile::new("session.jsonl", text).unwrap();
    lint_transcript(&source, &TranscriptOptions::default())
}

/// Every finding as `(code, 1-based line)`.
fn findings(report: &FileReport) -> Vec<(String, u32)> {
    let index = report.source.line_index();
    report
        .diagnostics
        .iter()
        .map(|d| (d.code().as_str().to_owned(), index.line_of(d.span().start)))
        .collect()
}

/// The generated session, one parsed message per line (`Value::Null` for a non-JSON line).
struct Lines<'t> {
    raw: Vec<&'t str>,
    values: Vec<Value>,
}

impl<'t> Lines<'t> {
    fn new(text: &'t str) -> Self {
        let raw: Vec<&str> = text.lines().collect();
        let values = raw
            .iter()
            .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
            .collect();
        Self { raw, values }
    }

    /// The `tools/call` requests, each as (request line, response line), 0-based.
    fn calls(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (i, v) in self.values.iter().enumerate() {
            if v["method"] != "tools/call" || v.get("id").is_none() {
                continue;
            }
            let answer = self.values.iter().enumerate().skip(i + 1).find(|(_, r)| {
                r.get("method").is_none()
                    && r.get("id") == v.get("id")
                    && (r.get("result").is_some() || r.get("error").is_some())
            });
            if let Some((j, _)) = answer {
                out.push((i, j));
            }
        }
        out
    }

    /// The text with line `at` replaced by `value`, or with `value` inserted before it
    /// (the other lines byte for byte).
    fn with(&self, at: usize, value: &Value, insert: bool) -> String {
        let mut out = String::new();
        for (i, raw) in self.raw.iter().enumerate() {
            if i == at {
                out.push_str(&value.to_string());
                out.push('\n');
                if insert {
                    out.push_str(raw);
                    out.push('\n');
                }
            } else {
                out.push_str(raw);
                out.push('\n');
            }
        }
        out
    }
}

/// One injected defect: the altered text, the code and the 1-based line expected.
struct Injected {
    name: &'static str,
    text: String,
    code: &'static str,
    line: u32,
}

#[expect(
    clippy::too_many_lines,
    reason = "one block per injected defect, read top to bottom"
)]
fn inject(protocol: Protocol, lines: &Lines<'_>, seed: u64) -> Vec<Injected> {
    let modern = protocol == Protocol::V2026_07_28;
    let calls = lines.calls();
    if calls.is_empty() {
        // A short session whose budget went to one large message; the other seeds cover it.
        return Vec::new();
    }
    // Vary which call is altered with the seed.
    let pick = |k: u64| calls[usize::try_from((seed + k) % calls.len() as u64).unwrap()];
    let line = |i: usize| u32::try_from(i + 1).unwrap();
    let mut out = Vec::new();

    let (request, _) = pick(0);
    let mut v = lines.values[request].clone();
    v["params"]["_meta"]["com..example/trace"] = json!("x");
    out.push(Injected {
        name: "bad _meta key",
        text: lines.with(request, &v, false),
        code: "MCP414",
        line: line(request),
    });

    if modern {
        let (request, _) = pick(1);
        let mut v = lines.values[request].clone();
        v["params"]["_meta"]["traceparent"] = json!("00-not-a-trace-01");
        out.push(Injected {
            name: "bad traceparent",
            text: lines.with(request, &v, false),
            code: "MCP415",
            line: line(request),
        });
    }

    let (_, response) = pick(2);
    let id = lines.values[response]["id"].clone();
    let error = json!({"jsonrpc":"2.0","id":id,"error":{"code":-32150,"message":"quota exceeded"}});
    out.push(Injected {
        name: "reserved error code",
        text: lines.with(response, &error, false),
        code: "MCP416",
        line: line(response),
    });

    if let Some(i) = lines
        .values
        .iter()
        .position(|v| v["method"] == "notifications/message")
    {
        let mut v = lines.values[i].clone();
        v["params"]["level"] = json!("verbose");
        out.push(Injected {
            name: "invalid log level",
            text: lines.with(i, &v, false),
            code: "MCP455",
            line: line(i),
        });
    } else if modern {
        // 2026-07-28 sessions log through the level a request asks for in its `_meta`.
        let (request, _) = pick(4);
        let mut v = lines.values[request].clone();
        v["params"]["_meta"]["io.modelcontextprotocol/logLevel"] = json!("verbose");
        out.push(Injected {
            name: "invalid log level",
            text: lines.with(request, &v, false),
            code: "MCP455",
            line: line(request),
        });
    }

    let results: Vec<usize> = calls
        .iter()
        .map(|&(_, response)| response)
        .filter(|&r| {
            let result = &lines.values[r]["result"];
            result.is_object() && result["isError"] != true && result["content"].is_array()
        })
        .collect();
    if let Some(&r) = results
        .iter()
        .find(|&&r| lines.values[r]["result"]["structuredContent"].is_object())
    {
        let mut v = lines.values[r].clone();
        if let Some(content) = v["result"]["content"].as_array_mut() {
            content.retain(|b| b["type"] != "text");
        }
        out.push(Injected {
            name: "structuredContent without text",
            text: lines.with(r, &v, false),
            code: "MCP526",
            line: line(r),
        });
    }
    if let Some(&r) = results.get(usize::try_from(seed).unwrap() % results.len().max(1)) {
        let mut v = lines.values[r].clone();
        if let Some(content) = v["result"]["content"].as_array_mut() {
            content.push(json!({"type":"resource_link","uri":"notes.txt","name":"notes"}));
        }
        out.push(Injected {
            name: "resource URI without scheme",
            text: lines.with(r, &v, false),
            code: "MCP542",
            line: line(r),
        });
    }

    let (request, response) = pick(3);
    let id = lines.values[request]["id"].clone();
    let cancel = json!({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":id,"reason":"the user pressed stop"}});
    out.push(Injected {
        name: "response after cancellation",
        text: lines.with(response, &cancel, true),
        code: "MCP443",
        // The response moved one line down.
        line: line(response + 1),
    });
    out
}

fn check(protocol: Protocol, seeds: std::ops::Range<u64>) {
    let mut seen: Vec<&str> = Vec::new();
    for seed in seeds {
        let text = session(protocol, seed);
        let clean = findings(&lint(text.clone()));
        let ours: Vec<_> = clean
            .iter()
            .filter(|(c, _)| CODES.contains(&c.as_str()))
            .collect();
        assert!(ours.is_empty(), "{protocol:?} seed {seed}, clean: {ours:?}");
        let lines = Lines::new(&text);
        for injected in inject(protocol, &lines, seed) {
            let mut found = findings(&lint(injected.text));
            // Findings the clean session has too are not the injection's.
            found.retain(|f| !clean.contains(f));
            assert_eq!(
                found,
                vec![(injected.code.to_owned(), injected.line)],
                "{protocol:?} seed {seed}: {}",
                injected.name
            );
            seen.push(injected.code);
        }
    }
    let expected: &[&str] = if protocol == Protocol::V2026_07_28 {
        CODES
    } else {
        &["MCP414", "MCP416", "MCP455", "MCP526", "MCP542", "MCP443"]
    };
    for code in expected {
        assert!(
            seen.contains(code),
            "{protocol:?}: {code} was never injected"
        );
    }
}

#[test]
fn injected_defects_of_2025_11_25_sessions_are_reported_where_they_are() {
    check(Protocol::V2025_11_25, 1..9);
}

#[test]
fn injected_defects_of_2026_07_28_sessions_are_reported_where_they_are() {
    check(Protocol::V2026_07_28, 1..9);
}
