//! Pagination, progress and cancellation: cases 15 to 17.
use super::*;

#[test]
fn case_15_pagination() {
    // `nextCursor: ""` is a real cursor, which the client may send back.
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[],"nextCursor":""}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":""}}"#,
            r#"{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}"#,
        ],
        V2025_11,
    );
    assert!(r.of("MCP453").is_empty(), "{:#?}", r.findings);
    // A cursor the server never returned: info.
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[],"nextCursor":"a"}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"b"}}"#,
            r#"{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}"#,
        ],
        V2025_11,
    );
    assert_eq!(r.of("MCP453"), [(3, Severity::Info)]);
    // `nextCursor: null` is schema-invalid: MCP501 (tools crate) reports it for the tools,
    // prompts and resources lists, this crate for `tasks/list`.
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":1,"method":"tasks/list"}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"tasks":[],"nextCursor":null}}"#,
        ],
        V2025_11,
    );
    assert_eq!(r.of("MCP453"), [(2, Severity::Error)]);
}

#[test]
fn case_16_progress() {
    let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":"t"}}}"#;
    let progress = |token: &str, value: f64| {
        format!(
            r#"{{"jsonrpc":"2.0","method":"notifications/progress","params":{{"progressToken":{token},"progress":{value}}}}}"#
        )
    };
    let done = r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#;
    run(
        &[call, &progress("\"t\"", 1.0), &progress("\"t\"", 2.5), done],
        V2025_11,
    )
    .without("MCP425")
    .assert_none();
    // A token no active request sent.
    let r = run(&[call, &progress("\"u\"", 1.0), done], V2025_11);
    assert_eq!(r.of("MCP451"), [(2, Severity::Error)]);
    // Not strictly increasing.
    let r = run(
        &[call, &progress("\"t\"", 2.0), &progress("\"t\"", 2.0), done],
        V2025_11,
    );
    assert_eq!(r.of("MCP451"), [(3, Severity::Error)]);
    // After the final response.
    let r = run(&[call, done, &progress("\"t\"", 1.0)], V2025_11);
    assert_eq!(r.of("MCP451"), [(3, Severity::Error)]);
    let r = r.without("MCP425");
    assert!(
        r.findings[0].message.contains("after the final response"),
        "{:#?}",
        r.findings
    );
    // Compared by type.
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":5}}}"#,
            &progress("\"5\"", 1.0),
            done,
        ],
        V2025_11,
    );
    assert_eq!(r.of("MCP451"), [(2, Severity::Error)]);
}

#[test]
fn case_17_cancellation() {
    let cancel = |id: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","method":"notifications/cancelled","params":{{"requestId":{id}}}}}"#
        )
    };
    // Cancelling `initialize`: a MUST violation.
    let r = run(&[&init("2025-11-25", "{}"), &cancel("0")], None);
    assert_eq!(r.of("MCP427"), [(2, Severity::Error)]);
    assert!(
        r.of("MCP441").is_empty(),
        "a cancelled request needs no answer"
    );
    // Unknown or completed ids: warnings only.
    let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#;
    let done = r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#;
    let r = run(&[call, done, &cancel("1")], V2025_11);
    assert_eq!(r.of("MCP452"), [(3, Severity::Warning)]);
    let r = run(&[call, &cancel("2"), done], V2025_11);
    assert_eq!(r.of("MCP452"), [(2, Severity::Warning)]);
    // A request of the opposite direction.
    let lines = [
        trace(0, "client-to-server", call),
        trace(1, "server-to-client", &cancel("1")),
        trace(2, "server-to-client", done),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let r = run(&lines, V2025_11);
    assert_eq!(
        r.of("MCP452"),
        [(2, Severity::Warning)],
        "{:#?}",
        r.findings
    );
    // A response after the cancellation is a legal race before 2026-07-28 (info); nothing is
    // left unanswered.
    let r = run(&[call, &cancel("1"), done], V2025_11).without("MCP425");
    assert_eq!(r.of("MCP443"), [(3, Severity::Info)]);
    r.without("MCP443").assert_none();
    run(&[call, &cancel("1")], V2025_11)
        .without("MCP425")
        .assert_none();
    // 2026: the server may cancel only a listen stream.
    let listen = format!(
        r#"{{"jsonrpc":"2.0","id":9,"method":"subscriptions/listen","params":{{"notifications":{{}},{}}}}}"#,
        meta("{}")
    );
    let tools = format!(
        r#"{{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{{"name":"x",{}}}}}"#,
        meta("{}")
    );
    let lines = [
        trace(0, "client-to-server", &listen),
        trace(1, "client-to-server", &tools),
        trace(2, "server-to-client", &cancel("9")),
        trace(3, "server-to-client", &cancel("3")),
        trace(
            4,
            "server-to-client",
            r#"{"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","content":[]}}"#,
        ),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let r = run(&lines, V2026);
    assert_eq!(
        r.of("MCP452"),
        [(4, Severity::Warning)],
        "{:#?}",
        r.findings
    );
    assert_eq!(r.codes().len(), 1);
}
