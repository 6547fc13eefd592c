//! End-to-end tests of the checker on small sessions, including the tricky cases of the
//! protocol notes (§14: 11 tool lists, 12 input schemas, 13 structured output, 14 error
//! classification, 18 prompt arguments, 23 icon URLs).
use mcpvet_ast::transcript::{ProtocolVersion, detect_version, read_transcript};
use mcpvet_diagnostics::{Diagnostic, Findings, Severity};

use super::*;

const V2024: ProtocolVersion = ProtocolVersion::V2024_11_05;
const V2025_03: ProtocolVersion = ProtocolVersion::V2025_03_26;
const V2025_06: ProtocolVersion = ProtocolVersion::V2025_06_18;
const V2025_11: ProtocolVersion = ProtocolVersion::V2025_11_25;
const V2026: ProtocolVersion = ProtocolVersion::V2026_07_28;

struct Run {
    text: String,
    diagnostics: Vec<Diagnostic>,
    summary: ToolsSummary,
}

impl Run {
    /// `(code, severity, spanned text)` of every finding, in source order.
    fn found(&self) -> Vec<(&'static str, Severity, &str)> {
        self.diagnostics
            .iter()
            .map(|d| {
                (
                    d.code().as_str(),
                    d.severity(),
                    &self.text[d.span().range()],
                )
            })
            .collect()
    }

    /// Without the findings of `code` (the 2026 cache members in tests about something else).
    fn without(mut self, code: &str) -> Run {
        self.diagnostics.retain(|d| d.code().as_str() != code);
        self
    }

    fn codes(&self) -> Vec<&'static str> {
        self.diagnostics.iter().map(|d| d.code().as_str()).collect()
    }

    fn messages(&self) -> Vec<&str> {
        self.diagnostics.iter().map(Diagnostic::message).collect()
    }
}

fn run_as(lines: &[&str], name: &str, protocol: Option<ProtocolVersion>) -> Run {
    let mut text = lines.join("\n");
    text.push('\n');
    let transcript = read_transcript(&text, Some(name), None).value;
    let version = detect_version(transcript.entries(), transcript.document(), protocol);
    let mut checker = ToolsChecker::new(&version);
    let mut findings = Findings::new();
    for entry in transcript.entries() {
        checker.entry(entry, transcript.document(), &mut findings);
    }
    let summary = checker.finish(&mut findings);
    let (mut diagnostics, _) = findings.into_parts();
    diagnostics.sort_by_key(|d| (d.span().start, d.span().end, d.code()));
    for d in &diagnostics {
        assert!(d.message_index().is_some(), "{d:?}");
        assert!(d.help().is_some(), "{d:?}");
    }
    drop(transcript);
    Run {
        text,
        diagnostics,
        summary,
    }
}

fn run(lines: &[&str], protocol: ProtocolVersion) -> Run {
    run_as(lines, "session.jsonl", Some(protocol))
}

const LIST: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;

/// A `tools/list` response with id 1 and the given tools.
fn tools(tools: &str) -> String {
    format!(r#"{{"jsonrpc":"2.0","id":1,"result":{{"tools":[{tools}]}}}}"#)
}

fn tool(name: &str, schema: &str) -> String {
    format!(r#"{{"name":"{name}","description":"Does {name}.","inputSchema":{schema}}}"#)
}

#[test]
fn clean_session_has_no_findings_and_a_digest() {
    let list = tools(&[
        tool("read_file", r#"{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}"#),
        tool("search", r#"{"type":"object","properties":{"q":{"type":"string","minLength":1},"limit":{"type":"integer","minimum":1,"maximum":50}},"required":["q"],"additionalProperties":false}"#),
    ]
    .join(","));
    let r = run(
        &[
            LIST,
            &list,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"q":"x","limit":5}}}"#,
            r#"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"ok"}]}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"a"}}}"#,
            r#"{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"no such file"}],"isError":true}}"#,
        ],
        V2025_11,
    );
    assert_eq!(r.found(), []);
    assert_eq!(r.summary.tools, 2);
    assert_eq!(r.summary.failed_calls, 1);
    let digest = r.summary.digest.clone().unwrap();
    assert_eq!(digest.len(), 64);
    // Same interface, other order, other whitespace and key order: same digest.
    let list2 = r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"search","inputSchema":{"additionalProperties":false,"required":["q"],"properties":{"limit":{"maximum":50,"minimum":1,"type":"integer"},"q":{"minLength":1,"type":"string"}},"type":"object"}}, {"description":"other","name":"read_file","inputSchema":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}}]}}"#;
    let r2 = run(&[LIST, list2], V2025_11);
    assert_eq!(r2.summary.digest.as_deref(), Some(digest.as_str()));
    // A changed schema changes it.
    let r3 = run(
        &[
            LIST,
            &tools(&[
                tool("read_file", r#"{"type":"object","properties":{"path":{"type":"string"}}}"#),
                tool("search", r#"{"type":"object","properties":{"q":{"type":"string","minLength":1},"limit":{"type":"integer","minimum":1,"maximum":50}},"required":["q"],"additionalProperties":false}"#),
            ]
            .join(",")),
        ],
        V2025_11,
    );
    assert_ne!(r3.summary.digest.as_deref(), Some(digest.as_str()));
    // No tool list: no digest.
    let none = run(&[r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#], V2025_11);
    assert_eq!(none.summary.digest, None);
    assert_eq!(none.summary.tools, 0);
}

// §14.11: duplicates (also across pages), case, name characters by version.
#[test]
fn case_11_tool_lists() {
    let page1 = r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"Search","description":"d","inputSchema":{"type":"object"}}],"nextCursor":"p2"}}"#;
    let page2 = r#"{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"search","description":"d","inputSchema":{"type":"object"}},{"name":"Search","description":"d","inputSchema":{"type":"object"}}]}}"#;
    let r = run(
        &[
            LIST,
            page1,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"p2"}}"#,
            page2,
        ],
        V2025_11,
    );
    assert_eq!(
        r.found(),
        [
            ("MCP505", Severity::Warning, "\"search\""),
            ("MCP502", Severity::Error, "\"Search\""),
        ]
    );
    assert_eq!(
        r.diagnostics[1].secondary()[0].message(),
        Some("first defined here")
    );
    // A new listing (no cursor) starts afresh: a refresh is not a duplicate.
    let again = r#"{"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"Search","description":"d","inputSchema":{"type":"object"}}]}}"#;
    let r = run(
        &[
            LIST,
            page1.replace(r#","nextCursor":"p2""#, "").as_str(),
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#,
            again,
        ],
        V2025_11,
    );
    assert_eq!(r.found(), []);

    let slash = [LIST, &tools(&tool("files/read", r#"{"type":"object"}"#))];
    let r = run(&slash, V2025_11);
    assert_eq!(r.found(), [("MCP503", Severity::Warning, "\"files/read\"")]);
    assert!(
        r.messages()[0].contains("contains `/`"),
        "{:?}",
        r.messages()
    );
    // Before 2025-11-25 there is no naming rule, only the client limits (info).
    let r = run(&slash, V2025_06);
    assert_eq!(r.found(), [("MCP504", Severity::Info, "\"files/read\"")]);
    let long = "a".repeat(129);
    let r = run(&[LIST, &tools(&tool(&long, r#"{"type":"object"}"#))], V2026).without("MCP550");
    assert_eq!(r.codes(), ["MCP503"]);
    assert!(r.messages()[0].contains("129 characters"));
    let r = run(
        &[LIST, &tools(&tool(&"a".repeat(65), r#"{"type":"object"}"#))],
        V2025_11,
    );
    assert_eq!(r.codes(), ["MCP504"]);
    let r = run(
        &[LIST, &tools(&tool("fs.read", r#"{"type":"object"}"#))],
        V2025_11,
    );
    assert_eq!(r.found(), [("MCP504", Severity::Info, "\"fs.read\"")]);
    let r = run(&[LIST, &tools(&tool("", r#"{"type":"object"}"#))], V2025_11);
    assert_eq!(r.codes(), ["MCP503"]);
}

// §14.12: the root of `inputSchema`.
#[test]
fn case_12_input_schema_root() {
    let cases: [(&str, &str); 6] = [
        (r#"{"type":["object","null"]}"#, r#"["object","null"]"#),
        (r#"{"type":["object"]}"#, r#"["object"]"#),
        (r#"{"type":"array"}"#, "\"array\""),
        (
            r#"{"properties":{"a":{"type":"string"}}}"#,
            r#"{"properties":{"a":{"type":"string"}}}"#,
        ),
        ("null", "null"),
        ("[]", "[]"),
    ];
    for (schema, at) in cases {
        let r = run(&[LIST, &tools(&tool("t", schema))], V2025_11);
        assert_eq!(r.found(), [("MCP507", Severity::Error, at)], "{schema}");
    }
    let r = run(
        &[LIST, &tools(r#"{"name":"t","description":"d"}"#)],
        V2025_11,
    );
    assert_eq!(r.found(), [("MCP507", Severity::Error, "\"t\"")]);
    // A missing type comes with a fix that adds it.
    let r = run(
        &[LIST, &tools(&tool("t", r#"{"properties":{}}"#))],
        V2025_11,
    );
    let fix = r.diagnostics[0].fix().unwrap();
    assert_eq!(fix.edits()[0].replacement(), "\"type\":\"object\",");
    let r = run(&[LIST, &tools(&tool("t", "{}"))], V2025_11);
    assert_eq!(
        r.diagnostics[0].fix().unwrap().edits()[0].replacement(),
        "\"type\":\"object\""
    );

    // Boolean property schemas: rejected by the MCP schema up to 2025-11-25.
    let boolean = [
        LIST,
        &tools(&tool("t", r#"{"type":"object","properties":{"any":true}}"#)),
    ];
    assert_eq!(
        run(&boolean, V2025_11).found(),
        [("MCP507", Severity::Warning, "true")]
    );
    assert_eq!(run(&boolean, V2026).without("MCP550").found(), []);
}

#[test]
fn case_12_schema_validity_and_dialects() {
    let r = run(
        &[
            LIST,
            &tools(&tool(
                "t",
                r#"{"type":"object","properties":{"a":{"type":"strng"},"b":{"minimum":"1"}},"required":"a"}"#,
            )),
        ],
        V2025_11,
    );
    assert_eq!(
        r.found(),
        [
            ("MCP509", Severity::Error, "\"strng\""),
            ("MCP509", Severity::Error, "\"1\""),
            ("MCP509", Severity::Error, "\"a\""),
        ]
    );
    assert!(
        r.messages()[0].contains("2020-12 at `properties.a.type`"),
        "{:?}",
        r.messages()
    );
    // draft-07 for 2025-06-18 (no `$defs` semantics needed here, but the dialect is named).
    let r = run(
        &[
            LIST,
            &tools(&tool(
                "t",
                r#"{"type":"object","properties":{"a":{"type":"strng"}}}"#,
            )),
        ],
        V2025_06,
    );
    assert!(r.messages()[0].contains("draft-07"), "{:?}", r.messages());
    // An invalid regex is caught when compiling.
    let r = run(
        &[
            LIST,
            &tools(&tool(
                "t",
                r#"{"type":"object","properties":{"a":{"type":"string","pattern":"(x"}}}"#,
            )),
        ],
        V2025_11,
    );
    assert_eq!(r.found(), [("MCP509", Severity::Error, "\"(x\"")]);
    // Unknown dialect: a warning, checked as the default dialect, no crash.
    let r = run(
        &[
            LIST,
            &tools(&tool(
                "t",
                r#"{"$schema":"https://example.com/dialect","type":"object","properties":{"n":{"type":"integer"}}}"#,
            )),
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t","arguments":{"n":"x"}}}"#,
        ],
        V2025_11,
    );
    assert_eq!(
        r.found(),
        [
            (
                "MCP510",
                Severity::Warning,
                "\"https://example.com/dialect\""
            ),
            ("MCP522", Severity::Error, "\"x\""),
        ]
    );
    // Explicit draft-07 is honoured; a draft-07 schema has `definitions`.
    let r = run(
        &[
            LIST,
            &tools(&tool(
                "t",
                r##"{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"a":{"$ref":"#/definitions/a"}},"definitions":{"a":{"type":"string"}}}"##,
            )),
        ],
        V2025_11,
    );
    assert_eq!(r.found(), []);
    // References: dangling local, external.
    let r = run(
        &[
            LIST,
            &tools(&tool(
                "t",
                r##"{"type":"object","properties":{"a":{"$ref":"#/$defs/missing"},"b":{"$ref":"https://example.com/b.json"},"c":{"$ref":"#/$defs/c"}},"$defs":{"c":{"type":"string"}}}"##,
            )),
        ],
        V2025_11,
    );
    assert_eq!(
        r.found(),
        [
            ("MCP509", Severity::Error, "\"#/$defs/missing\""),
            (
                "MCP515",
                Severity::Warning,
                "\"https://example.com/b.json\""
            ),
        ]
    );
}

#[test]
fn case_12_example_payloads() {
    let r = run(
        &[
            LIST,
            &tools(&tool(
                "list_files",
                r#"{"path": "/srv/data", "recursive": true}"#,
            )),
        ],
        V2025_11,
    );
    assert_eq!(
        r.found(),
        [(
            "MCP508",
            Severity::Error,
            r#"{"path": "/srv/data", "recursive": true}"#
        )]
    );
    let fix = r.diagnostics[0].fix().unwrap();
    assert_eq!(
        fix.edits()[0].replacement(),
        r#"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"path":{"type":"string"},"recursive":{"type":"boolean"}}}"#
    );
    // The generated schema is itself accepted.
    let fixed = tools(&tool("list_files", fix.edits()[0].replacement()));
    assert_eq!(run(&[LIST, &fixed], V2025_11).found(), []);
}

// §14.12, 2026: x-mcp-header.
#[test]
fn case_12_mcp_header() {
    let check = |schema: &str| {
        let r = run(&[LIST, &tools(&tool("t", schema))], V2026);
        r.found()
            .into_iter()
            .filter(|f| f.0 != "MCP550")
            .map(|(c, s, t)| (c, s, t.to_owned()))
            .collect::<Vec<_>>()
    };
    let header = |v: &str| format!(r#""x-mcp-header":"{v}""#);
    assert_eq!(
        check(
            r#"{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},"n":{"type":"integer","x-mcp-header":"N"},"b":{"type":"boolean","x-mcp-header":"B"}}}"#
        ),
        []
    );
    for (schema, why) in [
        (
            r#"{"type":"object","properties":{"a":{"type":"number","x-mcp-header":"A"}}}"#,
            "on a `number` property",
        ),
        (
            r#"{"type":"object","properties":{"a":{"type":"array","items":{"type":"string","x-mcp-header":"A"}}}}"#,
            "under `items`",
        ),
        (
            r#"{"type":"object","properties":{"a":{"anyOf":[{"type":"string","x-mcp-header":"A"}]}}}"#,
            "under `anyOf`",
        ),
        (
            r##"{"type":"object","properties":{"a":{"$ref":"#/$defs/a"}},"$defs":{"a":{"type":"string","x-mcp-header":"A"}}}"##,
            "under `$defs`",
        ),
        (r#"{"type":"object","x-mcp-header":"A"}"#, "on the root"),
        (
            r#"{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Bad Name"}}}"#,
            "not an HTTP token",
        ),
        (
            r#"{"type":"object","properties":{"a":{"type":"string","x-mcp-header":""}}}"#,
            "is empty",
        ),
        (
            r#"{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"X"},"b":{"type":"string","x-mcp-header":"x"}}}"#,
            "repeats",
        ),
        (
            r#"{"type":"object","properties":{"a":{"x-mcp-header":"A"}}}"#,
            "without a single `type`",
        ),
    ] {
        let r = run(&[LIST, &tools(&tool("t", schema))], V2026);
        let found: Vec<_> = r
            .diagnostics
            .iter()
            .filter(|d| d.code().as_str() == "MCP513")
            .collect();
        assert_eq!(found.len(), 1, "{schema}: {:?}", r.messages());
        assert!(
            found[0].message().contains(why),
            "{schema}: {}",
            found[0].message()
        );
        assert!(r.text[found[0].span().range()].starts_with("\"x-mcp-header\""));
    }
    // Not judged before 2026-07-28.
    let r = run(
        &[
            LIST,
            &tools(&tool(
                "t",
                r#"{"type":"object","properties":{"a":{"type":"number","x-mcp-header":"A"}}}"#,
            )),
        ],
        V2025_11,
    );
    assert_eq!(r.found(), []);
    let _ = header;
}

// §14.13: structured output.
#[test]
fn case_13_structured_output() {
    let list = tools(
        r#"{"name":"count","description":"d","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}},{"name":"plain","description":"d","inputSchema":{"type":"object"}}"#,
    );
    let call = |id: u32, name: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"{name}","arguments":{{}}}}}}"#
        )
    };
    let result = |id: u32, body: &str| format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{body}}}"#);
    let lines = [
        LIST.to_owned(),
        list,
        call(2, "count"),
        result(2, r#"{"content":[{"type":"text","text":"x"}]}"#),
        call(3, "count"),
        result(3, r#"{"content":[],"structuredContent":{"n":"7"}}"#),
        call(4, "count"),
        result(4, r#"{"content":[],"isError":true}"#),
        call(5, "count"),
        result(5, r#"{"content":[],"structuredContent":{"n":7}}"#),
        call(6, "plain"),
        result(6, r#"{"content":[],"structuredContent":[1,2]}"#),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let r = run(&lines, V2025_06);
    assert_eq!(
        r.found(),
        [
            (
                "MCP523",
                Severity::Error,
                r#"{"content":[{"type":"text","text":"x"}]}"#
            ),
            ("MCP523", Severity::Error, "\"7\""),
            ("MCP523", Severity::Error, "[1,2]"),
        ]
    );
    assert_eq!(r.diagnostics[0].message_index(), Some(3));
    assert_eq!(r.summary.failed_calls, 1);
    // Before 2025-06-18 there is no structured output to judge.
    assert_eq!(run(&lines, V2025_03).found(), []);
    // Any JSON value in 2026 when the schema allows it; a non-object root is fine there.
    let modern = tools(
        r#"{"name":"count","description":"d","inputSchema":{"type":"object"},"outputSchema":{"type":"array","items":{"type":"integer"}}}"#,
    );
    let r = run(
        &[
            LIST,
            &modern,
            &call(2, "count"),
            &result(
                2,
                r#"{"resultType":"complete","content":[],"structuredContent":[1,2]}"#,
            ),
            &call(3, "count"),
            &result(
                3,
                r#"{"resultType":"complete","content":[],"structuredContent":["x"]}"#,
            ),
        ],
        V2026,
    );
    let found: Vec<_> = r.found().into_iter().filter(|f| f.0 != "MCP550").collect();
    assert_eq!(found, [("MCP523", Severity::Error, "\"x\"")]);
    // Before 2026 the same outputSchema is not an object schema.
    let r = run(&[LIST, &modern], V2025_11);
    assert_eq!(r.found(), [("MCP511", Severity::Error, "\"array\"")]);
    let r = run(
        &[
            LIST,
            &tools(
                r#"{"name":"count","description":"d","inputSchema":{"type":"object"},"outputSchema":null}"#,
            ),
        ],
        V2025_11,
    );
    assert_eq!(r.found(), [("MCP511", Severity::Error, "null")]);
}

// §14.14: error classification by version.
#[test]
fn case_14_error_classification() {
    let list = tools(&tool(
        "tail",
        r#"{"type":"object","properties":{"lines":{"type":"integer"}},"required":["lines"]}"#,
    ));
    let unknown = [
        LIST,
        &list,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"Tail","arguments":{}}}"#,
        r#"{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Unknown tool"}}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"nope","arguments":{}}}"#,
        r#"{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Unknown tool: nope"}}"#,
    ];
    for version in ProtocolVersion::ALL {
        let r = run(&unknown, version).without("MCP550");
        assert_eq!(
            r.found(),
            [
                ("MCP521", Severity::Error, "\"Tail\""),
                ("MCP524", Severity::Warning, "-32601"),
                ("MCP521", Severity::Error, "\"nope\""),
            ],
            "{version}"
        );
        assert!(r.messages()[0].contains("(a tool `tail` is listed)"));
    }
    let bad_args = [
        LIST,
        &list,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"tail","arguments":{"lines":"ten"}}}"#,
        r#"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"lines must be an integer"}}"#,
    ];
    let r = run(&bad_args, V2025_11);
    assert_eq!(
        r.found(),
        [
            ("MCP522", Severity::Error, "\"ten\""),
            ("MCP524", Severity::Info, "-32602"),
        ]
    );
    // Up to 2025-06-18 a protocol error was the rule.
    assert_eq!(run(&bad_args, V2025_06).codes(), ["MCP522"]);
    // Resource not found: -32002 is forbidden in 2026-07-28 only; an empty `contents` too.
    let read = [
        r#"{"jsonrpc":"2.0","id":5,"method":"resources/read","params":{"uri":"file:///x"}}"#,
        r#"{"jsonrpc":"2.0","id":5,"error":{"code":-32002,"message":"Resource not found"}}"#,
        r#"{"jsonrpc":"2.0","id":6,"method":"resources/read","params":{"uri":"file:///y"}}"#,
        r#"{"jsonrpc":"2.0","id":6,"result":{"resultType":"complete","ttlMs":0,"cacheScope":"public","contents":[]}}"#,
    ];
    assert_eq!(
        run(&read, V2026).found(),
        [
            ("MCP524", Severity::Error, "-32002"),
            ("MCP541", Severity::Error, "[]"),
        ]
    );
    assert_eq!(run(&read, V2025_11).found(), []);
}

// §14.18: prompts/get arguments and messages.
#[test]
fn case_18_prompts() {
    let list = r#"{"jsonrpc":"2.0","id":1,"result":{"prompts":[{"name":"translate","arguments":[{"name":"text","required":true},{"name":"lang","required":true},{"name":"tone"}]}]}}"#;
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":1,"method":"prompts/list"}"#,
            list,
            r#"{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"translate","arguments":{"text":42,"tonne":"dry"}}}"#,
            r#"{"jsonrpc":"2.0","id":2,"result":{"messages":[{"role":"user","content":[{"type":"text","text":"x"}]},{"role":"system","content":{"type":"text","text":"y"}}]}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"prompts/get","params":{"name":"summarize"}}"#,
            r#"{"jsonrpc":"2.0","id":4,"method":"prompts/get","params":{"name":"translate","arguments":{"text":"a","lang":"b"}}}"#,
            r#"{"jsonrpc":"2.0","id":4,"result":{"messages":[{"role":"assistant","content":{"type":"text","text":"ok"}}]}}"#,
        ],
        V2025_11,
    );
    assert_eq!(
        r.found(),
        [
            ("MCP532", Severity::Warning, r#"{"text":42,"tonne":"dry"}"#),
            ("MCP531", Severity::Error, "42"),
            ("MCP532", Severity::Warning, "\"tonne\""),
            ("MCP533", Severity::Error, r#"[{"type":"text","text":"x"}]"#),
            ("MCP533", Severity::Error, "\"system\""),
            ("MCP530", Severity::Error, "\"summarize\""),
        ]
    );
    assert!(r.messages()[0].contains("lacks the required argument `lang`"));
}

// §14.23: icon URLs (2025-11-25 and later).
#[test]
fn case_23_icon_urls() {
    let with_icons = |icons: &str| {
        tools(&format!(
            r#"{{"name":"t","description":"d","inputSchema":{{"type":"object"}},"icons":[{icons}]}}"#
        ))
    };
    let list = with_icons(
        r#"{"src":"https://x.test/a.png"},{"src":"data:image/png;base64,aGk="},{"src":"javascript:alert(1)"},{"src":"FILE:///etc/passwd"},{"src":"http://x.test/a.png"},{"src":"ftp://x.test/a.png"},{"src":"a.png"},{"mimeType":"image/png"}"#,
    );
    let r = run(&[LIST, &list], V2025_11);
    assert_eq!(
        r.found(),
        [
            ("MCP551", Severity::Error, "\"javascript:alert(1)\""),
            ("MCP551", Severity::Error, "\"FILE:///etc/passwd\""),
            ("MCP551", Severity::Warning, "\"http://x.test/a.png\""),
            ("MCP551", Severity::Warning, "\"ftp://x.test/a.png\""),
            ("MCP551", Severity::Warning, "\"a.png\""),
            ("MCP551", Severity::Warning, r#"{"mimeType":"image/png"}"#),
        ]
    );
    assert_eq!(run(&[LIST, &list], V2025_06).found(), []);
}

#[test]
fn argument_violations_point_inside_the_arguments() {
    let list = tools(&tool(
        "copy",
        r#"{"type":"object","properties":{"from":{"type":"string"},"to":{"type":"string"},"opts":{"type":"object","properties":{"depth":{"type":"integer","maximum":3}}},"mode":{"enum":["fast","safe"]}},"required":["from","to"],"additionalProperties":false}"#,
    ));
    let r = run(
        &[
            LIST,
            &list,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"copy","arguments":{"from":"a","opts":{"depth":9},"mode":"turbo","force":true}}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"copy"}}"#,
        ],
        V2025_11,
    );
    assert_eq!(
        r.found(),
        [
            (
                "MCP522",
                Severity::Error,
                r#"{"from":"a","opts":{"depth":9},"mode":"turbo","force":true}"#
            ),
            ("MCP522", Severity::Error, "9"),
            ("MCP522", Severity::Error, "\"turbo\""),
            ("MCP522", Severity::Error, "\"force\":true"),
            ("MCP522", Severity::Error, r#"{"name":"copy"}"#),
            ("MCP522", Severity::Error, r#"{"name":"copy"}"#),
        ]
    );
    assert_eq!(
        r.messages(),
        [
            "`copy` arguments: missing required property `to`",
            "`copy` argument `opts.depth`: must be at most 3",
            "`copy` argument `mode`: must be one of `fast`, `safe`",
            "`copy` arguments: unexpected property `force` (the schema's `additionalProperties` does not allow it)",
            "`copy` arguments: missing required property `from`",
            "`copy` arguments: missing required property `to`",
        ]
    );
    // Long values are never echoed.
    let long = "x".repeat(500);
    let call = format!(
        r#"{{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{{"name":"copy","arguments":{{"from":"a","to":1,"mode":"{long}"}}}}}}"#
    );
    let r = run(&[LIST, &list, &call], V2025_11);
    assert!(
        r.messages().iter().all(|m| !m.contains(&long[..50])),
        "{:?}",
        r.messages()
    );
}

#[test]
fn malformed_requests_and_results() {
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":[1]}}"#,
            r#"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"image","data":"data:image/png;base64,aGk=","mimeType":"image/png"},{"type":"tool_use"},{"type":"audio","data":"aGk=","mimeType":"audio/wav"}],"isError":"no"}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call"}"#,
            r#"{"jsonrpc":"2.0","id":4,"method":"resources/read","params":{"uri":7}}"#,
            r#"{"jsonrpc":"2.0","id":4,"result":{"contents":[{"uri":"file:///a","text":"x","blob":"aGk="},{"uri":"file:///b"}]}}"#,
        ],
        V2025_03,
    );
    assert_eq!(
        r.found(),
        [
            ("MCP520", Severity::Error, "[1]"),
            ("MCP525", Severity::Error, "\"data:image/png;base64,aGk=\""),
            ("MCP525", Severity::Error, "\"tool_use\""),
            ("MCP525", Severity::Error, "\"no\""),
            ("MCP520", Severity::Error, "\"tools/call\""),
            ("MCP520", Severity::Error, "7"),
            ("MCP541", Severity::Error, "\"aGk=\""),
            ("MCP541", Severity::Error, r#"{"uri":"file:///b"}"#),
        ]
    );
    assert!(r.messages()[1].contains("data URL"));
}

#[test]
fn list_results() {
    let r = run(
        &[
            LIST,
            r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[],"nextCursor":null}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"resources/templates/list"}"#,
            r#"{"jsonrpc":"2.0","id":2,"result":{"resourceTemplates":[{"uriTemplate":"file:///{path","name":"f"},{"uriTemplate":"db://{a-b}"},"x"]}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"prompts/list"}"#,
            r#"{"jsonrpc":"2.0","id":3,"result":{"prompts":{}}}"#,
        ],
        V2025_11,
    );
    assert_eq!(
        r.found(),
        [
            ("MCP514", Severity::Info, "[]"),
            ("MCP501", Severity::Error, "null"),
            ("MCP540", Severity::Error, "{"),
            ("MCP501", Severity::Error, r#"{"uriTemplate":"db://{a-b}"}"#),
            ("MCP540", Severity::Error, "-"),
            ("MCP501", Severity::Error, "\"x\""),
            ("MCP501", Severity::Error, "{}"),
        ]
    );
}

#[test]
fn annotations_description_and_caching() {
    let r = run(
        &[
            LIST,
            &tools(
                r#"{"name":"rm","description":" ","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true,"destructiveHint":true}}"#,
            ),
        ],
        V2025_03,
    );
    assert_eq!(
        r.found(),
        [
            ("MCP506", Severity::Warning, "\" \""),
            ("MCP512", Severity::Warning, "\"destructiveHint\":true"),
        ]
    );
    assert_eq!(run(&[LIST, &tools(r#"{"name":"rm","description":"d","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true,"destructiveHint":true}}"#)], V2024).found(), []);

    let meta = r#"{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}"#;
    let list_req = |id: u32, cursor: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/list","params":{}}}"#,
            if cursor.is_empty() {
                meta.to_owned()
            } else {
                format!(r#"{{"cursor":"{cursor}",{}"#, &meta[1..])
            }
        )
    };
    let r = run(
        &[
            &list_req(1, ""),
            r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","ttlMs":1000,"cacheScope":"public","tools":[],"nextCursor":"2"}}"#,
            &list_req(2, "2"),
            r#"{"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","ttlMs":-5,"cacheScope":"private","tools":[]}}"#,
            &list_req(3, ""),
            r#"{"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","cacheScope":"shared","tools":[{"name":"a","description":"d","inputSchema":{"type":"object"}}]}}"#,
            &list_req(4, ""),
            r#"{"jsonrpc":"2.0","id":4,"result":{"resultType":"input_required","inputRequests":{}}}"#,
        ],
        V2026,
    );
    assert_eq!(
        r.found(),
        [
            ("MCP550", Severity::Error, "-5"),
            ("MCP550", Severity::Error, "\"private\""),
            ("MCP514", Severity::Info, "[]"),
            (
                "MCP550",
                Severity::Error,
                r#"{"resultType":"complete","cacheScope":"shared","tools":[{"name":"a","description":"d","inputSchema":{"type":"object"}}]}"#
            ),
            ("MCP550", Severity::Error, "\"shared\""),
        ]
    );
}

#[test]
fn sdk_captures_use_null_as_absent() {
    let lines = [
        r#"{"type": "request", "timestamp": "t", "count": 1, "method": "initialize", "args": [], "kwargs": {}}"#,
        r#"{"type": "response", "timestamp": "t", "count": 1, "method": "initialize", "result": {"_type": "InitializeResult", "meta": null, "protocolVersion": "2025-06-18", "capabilities": {"_type": "ServerCapabilities", "tools": {"_type": "ToolsCapability", "listChanged": null}}, "serverInfo": {"_type": "Implementation", "name": "fs", "title": null, "version": "1"}, "instructions": null}, "error": null}"#,
        r#"{"type": "request", "timestamp": "t", "count": 2, "method": "list_tools", "args": [], "kwargs": {}}"#,
        r#"{"type": "response", "timestamp": "t", "count": 2, "method": "list_tools", "result": {"_type": "ListToolsResult", "meta": null, "nextCursor": null, "tools": [{"_type": "Tool", "name": "read_file", "title": null, "description": "Read.", "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}, "head": {"type": ["number", "null"], "default": null}}, "required": ["path"], "additionalProperties": false, "$schema": "http://json-schema.org/draft-07/schema#"}, "outputSchema": null, "icons": null, "annotations": null, "meta": null}, {"_type": "Tool", "name": "stat", "title": null, "description": null, "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {"size": {"type": "integer"}}, "required": ["size"]}, "icons": null, "annotations": {"_type": "ToolAnnotations", "title": null, "readOnlyHint": true, "destructiveHint": null}, "meta": null}]}, "error": null}"#,
        r#"{"type": "request", "timestamp": "t", "count": 3, "method": "call_tool", "args": ["read_file", {"path": "README.md"}], "kwargs": {}}"#,
        r#"{"type": "response", "timestamp": "t", "count": 3, "method": "call_tool", "result": {"_type": "CallToolResult", "meta": null, "content": [{"_type": "TextContent", "type": "text", "text": "hi", "annotations": null, "meta": null}], "structuredContent": null, "isError": false}, "error": null}"#,
        r#"{"type": "request", "timestamp": "t", "count": 4, "method": "call_tool", "args": ["read_file", {"path": 3}], "kwargs": {}}"#,
        r#"{"type": "response", "timestamp": "t", "count": 4, "method": "call_tool", "result": {"_type": "CallToolResult", "meta": null, "content": [], "structuredContent": null, "isError": true}, "error": null}"#,
        r#"{"type": "request", "timestamp": "t", "count": 5, "method": "call_tool", "args": ["stat", {}], "kwargs": {}}"#,
        r#"{"type": "response", "timestamp": "t", "count": 5, "method": "call_tool", "result": {"_type": "CallToolResult", "meta": null, "content": [], "structuredContent": {"size": "big"}, "isError": false}, "error": null}"#,
    ];
    let r = run_as(&lines, "session.jsonl", None);
    assert_eq!(
        r.found(),
        [
            ("MCP506", Severity::Warning, "\"stat\""),
            ("MCP522", Severity::Error, "3"),
            ("MCP523", Severity::Error, "\"big\""),
        ]
    );
    assert_eq!(r.summary.tools, 2);
    assert_eq!(r.summary.failed_calls, 1);
}

#[test]
fn abbreviated_requests_pair_with_full_responses() {
    let log = [
        r#"2025-01-01T00:00:00.000Z [fs] Message from client: method="tools/list" id=1 params"#,
        r#"2025-01-01T00:00:00.100Z [info] [fs] Message from server: {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a","description":"d","inputSchema":{"type":"object"}},{"name":"a","description":"d","inputSchema":{"type":"object"}}]}}"#,
        r#"2025-01-01T00:00:00.200Z [info] [git] Message from server: {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#,
    ];
    let r = run_as(&log, "mcp.log", Some(V2025_11));
    // The `git` server never received tools/list id 1: its response is not read as a list.
    assert_eq!(r.codes(), ["MCP502"]);
}

#[test]
fn batches_are_checked_item_by_item() {
    let r = run(
        &[
            r#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"p","arguments":{"n":1}}}]"#,
            r#"[{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"x","inputSchema":{"type":"object"}}]}}]"#,
        ],
        V2025_03,
    );
    assert_eq!(r.codes(), ["MCP531", "MCP506"]);
}

#[test]
fn server_signatures_get_the_schema_checks() {
    let signature = [
        r#"{"metadata": {"meta": null, "protocolVersion": "2025-11-25", "capabilities": {"tools": {"listChanged": false}}, "serverInfo": {"name": "Math", "title": null, "version": "1"}, "instructions": null},
 "prompts": [{"name": "math_prompt", "title": null, "description": "Math.", "arguments": [], "icons": null, "meta": null}],
 "resources": [], "resource_templates": [{"uriTemplate": "calc://{a b}", "name": "calc", "title": null, "description": null, "mimeType": null, "icons": null, "annotations": null, "meta": null}],
 "tools": [{"name": "add", "title": null, "description": "Add.", "execution": null, "inputSchema": {"a": 1, "b": 2}, "outputSchema": null, "icons": null, "annotations": null, "meta": null},
           {"name": "sub", "title": null, "description": "Subtract.", "execution": null, "inputSchema": {"type": "object", "properties": {"a": {"type": "integer"}}}, "outputSchema": {"type": "object", "properties": {"result": {"title": "Result", "type": "integer"}}, "required": ["result"]}, "icons": null, "annotations": {"readOnlyHint": true, "destructiveHint": null}, "meta": null}]}"#,
    ];
    let r = run_as(&signature, "math_server_signature.json", None);
    assert_eq!(
        r.found(),
        [
            ("MCP540", Severity::Error, " "),
            ("MCP508", Severity::Error, r#"{"a": 1, "b": 2}"#),
        ]
    );
    assert_eq!(r.summary.tools, 2);
    assert!(r.summary.digest.is_some());
}

#[test]
fn rules_are_sorted_unique_in_their_family_and_file() {
    let rules = rules();
    for pair in rules.windows(2) {
        assert!(
            pair[0].code < pair[1].code,
            "{} is out of order",
            pair[1].code
        );
    }
    for r in rules {
        assert_eq!(r.code.family(), 5, "{}", r.code);
        assert_eq!(r.family.digit(), 5, "{}", r.code);
        let file = r.name.replace('-', "_") + ".rs";
        assert!(
            r.source.ends_with(&file),
            "{} is declared in {}",
            r.code,
            r.source
        );
    }
}
