//! Tool lists: names, descriptions, annotations, icons, the 2026 cache members of
//! their pages, and the digest of the advertised interface.
use super::*;

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
