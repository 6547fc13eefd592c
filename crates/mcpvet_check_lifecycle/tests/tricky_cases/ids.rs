//! Ids, batches and error objects: cases 1 to 6, 8 and 14.
use super::*;

#[test]
fn case_01_ids_are_scoped_per_direction() {
    let caps = r#"{"roots":{}}"#;
    let lines = [
        trace(0, "client-to-server", &init("2025-11-25", caps)),
        trace(
            1,
            "server-to-client",
            &init_result("2025-11-25", r#"{"tools":{}}"#),
        ),
        trace(2, "client-to-server", INITIALIZED),
        trace(
            3,
            "client-to-server",
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#,
        ),
        trace(
            4,
            "server-to-client",
            r#"{"jsonrpc":"2.0","id":1,"method":"roots/list"}"#,
        ),
        // The client's response 1 answers the server's request 1, and the other way round.
        trace(
            5,
            "client-to-server",
            r#"{"jsonrpc":"2.0","id":1,"result":{"roots":[]}}"#,
        ),
        trace(
            6,
            "server-to-client",
            r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#,
        ),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let r = run(&lines, None);
    r.assert_none();
    let pairs: Vec<Pair> = r.summary.messages.iter().map(|m| m.pair).collect();
    assert_eq!(pairs[3], Pair::Line(7));
    assert_eq!(pairs[4], Pair::Line(6));
    assert_eq!(r.summary.phase.last_event.as_str(), "complete");

    // 2026: only the client sends requests; a client response or a server request is wrong.
    let lines = [
        trace(
            0,
            "server-to-client",
            r#"{"jsonrpc":"2.0","id":"s1","method":"ping"}"#,
        ),
        trace(
            1,
            "client-to-server",
            r#"{"jsonrpc":"2.0","id":"s1","result":{}}"#,
        ),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let r = run(&lines, V2026);
    assert_eq!(r.of("MCP434").len(), 2, "{:#?}", r.findings);
}

#[test]
fn case_02_one_and_string_one_are_different_ids() {
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
            r#"{"jsonrpc":"2.0","id":"1","result":{}}"#,
        ],
        V2025_11,
    );
    // An orphan response and a missing response.
    r.assert_codes(&["MCP440", "MCP441"]);
    assert!(
        r.findings[1].message.contains("ids keep their JSON type"),
        "{:#?}",
        r.findings
    );
    // The same for progress tokens.
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":1}}}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"1","progress":1}}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#,
        ],
        V2025_11,
    );
    assert_eq!(r.of("MCP451"), [(2, Severity::Error)], "{:#?}", r.findings);
    // And for 2026 subscription ids.
    let listen = format!(
        r#"{{"jsonrpc":"2.0","id":7,"method":"subscriptions/listen","params":{{"notifications":{{"toolsListChanged":true}},{}}}}}"#,
        meta("{}")
    );
    let r = run(
        &[
            &listen,
            r#"{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"notifications":{"toolsListChanged":true},"_meta":{"io.modelcontextprotocol/subscriptionId":"7"}}}"#,
        ],
        V2026,
    );
    assert_eq!(r.of("MCP437"), [(2, Severity::Error)], "{:#?}", r.findings);
}

#[test]
fn case_03_numeric_id_edge_cases() {
    let r = run(&[r#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#], V2025_11);
    assert_eq!(r.of("MCP403"), [(1, Severity::Error)]);
    // 1.0 and 1e0 warn, and pair numerically with 1.
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":1.0,"method":"ping"}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#,
            r#"{"jsonrpc":"2.0","id":2e0,"result":{}}"#,
        ],
        V2025_11,
    );
    r.assert_codes(&["MCP404", "MCP404"]);
    assert_eq!(
        r.of("MCP404"),
        [(1, Severity::Warning), (4, Severity::Warning)]
    );
    // Negative ids, 0 and "" are valid.
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":-3,"method":"ping"}"#,
            r#"{"jsonrpc":"2.0","id":0,"method":"ping"}"#,
            r#"{"jsonrpc":"2.0","id":"","method":"ping"}"#,
            r#"{"jsonrpc":"2.0","id":-3,"result":{}}"#,
            r#"{"jsonrpc":"2.0","id":0,"result":{}}"#,
            r#"{"jsonrpc":"2.0","id":"","result":{}}"#,
        ],
        V2025_11,
    );
    r.assert_none();
    // Beyond 2^53 - 1.
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}"#,
            r#"{"jsonrpc":"2.0","id":9007199254740993,"result":{}}"#,
        ],
        V2025_11,
    );
    assert_eq!(
        r.of("MCP405"),
        [(1, Severity::Warning), (2, Severity::Warning)]
    );
    assert_eq!(r.codes().len(), 2);
}

#[test]
fn case_04_null_ids() {
    // On a request: invalid, and still a request (not a notification).
    let r = run(
        &[r#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#],
        V2025_11,
    );
    r.assert_codes(&["MCP403"]);
    assert_eq!((r.summary.requests, r.summary.notifications), (1, 0));
    // On an error response, up to 2025-06-18: a warning.
    let error_null =
        r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}"#;
    let error_none = r#"{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}"#;
    for v in [V2024, V2025_03, V2025_06] {
        let r = run(&[error_null], v);
        assert_eq!(r.of("MCP406"), [(1, Severity::Warning)], "{v:?}");
        let r = run(&[error_none], v);
        assert_eq!(r.of("MCP406"), [(1, Severity::Warning)], "{v:?}");
    }
    // From 2025-11-25: omit it (fine), never null (an error).
    for v in [V2025_11, V2026] {
        let r = run(&[error_null], v);
        assert_eq!(r.of("MCP406"), [(1, Severity::Error)], "{v:?}");
        run(&[error_none], v).assert_none();
    }
}

#[test]
fn case_05_id_reuse() {
    let reuse_after_answer = [
        r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
    ];
    for v in [V2024, V2025_03, V2025_06, V2025_11] {
        let r = run(&reuse_after_answer, v);
        assert_eq!(r.of("MCP442"), [(3, Severity::Error)], "{v:?}");
        assert_eq!(r.codes().len(), 1, "{v:?} {:#?}", r.findings);
    }
    // Legal in 2026-07-28.
    let list = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{{{}}}}}"#,
        meta("{}")
    );
    let listed = r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[],"ttlMs":0,"cacheScope":"public"}}"#;
    run(&[&list, listed, &list, listed], V2026).assert_none();
    // Two in flight with the same id: a violation everywhere.
    let r = run(&[&list, &list, listed, listed], V2026);
    assert_eq!(r.of("MCP442"), [(2, Severity::Error)]);
    assert_eq!(r.codes().len(), 1, "{:#?}", r.findings);
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
        ],
        V2025_11,
    );
    assert_eq!(r.of("MCP442"), [(2, Severity::Error)]);
    // An MRTR retry reusing the original id: always a violation.
    let call = |id: u32, extra: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"deploy"{extra},{}}}}}"#,
            meta(r#"{"elicitation":{}}"#)
        )
    };
    let asked = r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"ok":{"method":"elicitation/create","params":{"message":"Go?","requestedSchema":{"type":"object","properties":{}}}}}}}"#;
    let r = run(
        &[
            &call(1, ""),
            asked,
            &call(
                1,
                r#","inputResponses":{"ok":{"action":"accept","content":{}}}"#,
            ),
            r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":[]}}"#,
        ],
        V2026,
    );
    assert_eq!(r.of("MCP436"), [(3, Severity::Error)], "{:#?}", r.findings);
}

#[test]
fn case_06_neither_request_nor_response() {
    let r = run(
        &[r#"{"jsonrpc":"2.0","id":3,"method":"notifications/initialized"}"#],
        V2025_11,
    );
    assert_eq!(r.of("MCP409"), [(1, Severity::Error)]);
    for text in [
        r#"{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}"#,
        r#"{"jsonrpc":"2.0","id":1}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"ping","result":{}}"#,
    ] {
        let r = run(
            &[r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, text],
            V2025_11,
        );
        assert_eq!(r.of("MCP401"), [(2, Severity::Error)], "{text}");
    }
}

#[test]
fn case_08_batches() {
    let batch =
        r#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]"#;
    let answers = r#"[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"result":{}}]"#;
    run(&[batch, answers], V2025_03).assert_none();
    for v in [V2024, V2025_06, V2025_11, V2026] {
        let r = run(&[batch, answers], v);
        assert_eq!(
            r.of("MCP410"),
            [(1, Severity::Error), (2, Severity::Error)],
            "{v:?}"
        );
    }
    let r = run(
        &[r#"{"jsonrpc":"2.0","id":0,"method":"ping"}"#, "[]"],
        V2025_03,
    );
    assert_eq!(r.of("MCP411"), [(2, Severity::Error)]);
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#,
            &format!(
                "[{},{}]",
                init("2025-03-26", "{}"),
                r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"p"}}"#
            ),
        ],
        V2025_03,
    );
    assert_eq!(r.of("MCP411"), [(2, Severity::Error)], "{:#?}", r.findings);
    // A batch mixing requests and responses.
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":"s","method":"ping"}"#,
            r#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":"s","result":{}}]"#,
        ],
        V2025_03,
    );
    assert_eq!(r.of("MCP411"), [(2, Severity::Error)], "{:#?}", r.findings);
}

#[test]
fn case_14_error_codes() {
    let answer = |code: i64| {
        format!(r#"{{"jsonrpc":"2.0","id":1,"error":{{"code":{code},"message":"x"}}}}"#)
    };
    let request = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{{"name":"p",{}}}}}"#,
        meta("{}")
    );
    for code in [-32002, -32042, -32050] {
        let r = run(&[&request, &answer(code)], V2026);
        assert_eq!(r.of("MCP408"), [(2, Severity::Error)], "{code}");
    }
    for code in [-32602, -32601, -32020] {
        run(&[&request, &answer(code)], V2026).assert_none();
    }
    // Defined, but without the `data` they must carry (MCP417).
    for code in [-32021, -32022] {
        let r = run(&[&request, &answer(code)], V2026);
        assert!(r.of("MCP408").is_empty(), "{code}");
        assert_eq!(r.of("MCP417"), [(2, Severity::Error)], "{code}");
    }
    // The legacy sub-range: not forbidden (MCP408), but not for new codes (MCP416).
    for code in [-32000, -32019] {
        let r = run(&[&request, &answer(code)], V2026);
        assert!(r.of("MCP408").is_empty(), "{code}");
        assert_eq!(r.of("MCP416"), [(2, Severity::Warning)], "{code}");
    }
    // Legacy versions leave the range to implementations.
    let legacy = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    run(&[legacy, &answer(-32002)], V2025_11).assert_none();
    // `resources/read` answered with -32002 in 2026 is MCP524's (tools crate), not this one.
    let read = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{{"uri":"file:///x",{}}}}}"#,
        meta("{}")
    );
    run(&[&read, &answer(-32002)], V2026).assert_none();
    // Codes must be integers.
    let r = run(
        &[
            legacy,
            r#"{"jsonrpc":"2.0","id":1,"error":{"code":"E42","message":"x"}}"#,
        ],
        V2025_11,
    );
    assert_eq!(r.of("MCP407"), [(2, Severity::Error)]);
}
