//! `tools/call` and `resources/read`: arguments against the schema, request and result
//! shapes, and how errors are classified.
use super::*;

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
        // 2026-07-28: the listing is a cached view, an unlisted call an info; the server
        // that refuses it still uses the wrong code.
        let listed = if version.is_modern() {
            Severity::Info
        } else {
            Severity::Error
        };
        assert_eq!(
            r.found(),
            [
                ("MCP521", listed, "\"Tail\""),
                ("MCP524", Severity::Warning, "-32601"),
                ("MCP521", listed, "\"nope\""),
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
