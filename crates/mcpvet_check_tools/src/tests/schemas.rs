//! Tool schemas: the root of `inputSchema`, validity and dialects, example payloads,
//! `x-mcp-header`, and structured output against `outputSchema`.
use super::*;

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
        r#"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"path":{"type":"string"},"recursive":{"type":"boolean"}},"required":["path","recursive"]}"#
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
            // `content` does not mirror the structured content (MCP526).
            ("MCP526", Severity::Warning, r#"{"n":"7"}"#),
            ("MCP523", Severity::Error, "\"7\""),
            ("MCP526", Severity::Warning, r#"{"n":7}"#),
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
