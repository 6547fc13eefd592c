//! The 2026-07-28 protocol and mixed-era captures: cases 19 to 21 and 25.
use super::*;

#[test]
fn case_19_2026_request_envelope() {
    let r = run(
        &[r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#],
        V2026,
    );
    assert_eq!(r.of("MCP431"), [(1, Severity::Error)]);
    let list = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{{{}}}}}"#,
        meta("{}")
    );
    let r = run(
        &[
            &list,
            r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[],"ttlMs":0,"cacheScope":"public"}}"#,
        ],
        V2026,
    );
    r.assert_codes(&["MCP432"]);
    // Discover results need the cache fields (list results are checked by MCP550).
    let discover = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{{{}}}}}"#,
        meta("{}")
    );
    let r = run(
        &[
            &discover,
            r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{}}}"#,
        ],
        V2026,
    );
    assert_eq!(r.of("MCP433"), [(2, Severity::Error), (2, Severity::Error)]);
    // `ping` and `initialize` do not exist for a modern-only server.
    let ping = format!(
        r#"{{"jsonrpc":"2.0","id":2,"method":"ping","params":{{{}}}}}"#,
        meta("{}")
    );
    let r = run(&[&ping], V2026);
    assert_eq!(r.of("MCP430"), [(1, Severity::Error)]);
    let r = run(&[&init("2025-11-25", "{}")], V2026);
    assert_eq!(r.of("MCP430"), [(1, Severity::Error)]);
}

#[test]
fn case_20_2026_multi_round_trip_requests() {
    let caps = r#"{"elicitation":{}}"#;
    let req = |method: &str, id: u32, extra: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}","params":{{"name":"deploy"{extra},{}}}}}"#,
            meta(caps)
        )
    };
    let ask = |id: u32, requests: &str, state: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"result":{{"resultType":"input_required"{requests}{state}}}}}"#
        )
    };
    let elicit = r#","inputRequests":{"ok":{"method":"elicitation/create","params":{"message":"Go?","requestedSchema":{"type":"object","properties":{}}}}}"#;
    let state = r#","requestState":"s1""#;
    // input_required on another method.
    let r = run(&[&req("tools/list", 1, ""), &ask(1, elicit, state)], V2026);
    assert_eq!(r.of("MCP435"), [(2, Severity::Error)]);
    // Neither inputRequests nor requestState.
    let r = run(&[&req("tools/call", 1, ""), &ask(1, "", "")], V2026);
    assert_eq!(r.of("MCP435"), [(2, Severity::Error)]);
    // An input request for a capability the original request did not declare.
    let sampling = r#","inputRequests":{"s":{"method":"sampling/createMessage","params":{"messages":[],"maxTokens":5}}}"#;
    let r = run(&[&req("tools/call", 1, ""), &ask(1, sampling, "")], V2026);
    assert_eq!(r.of("MCP450"), [(2, Severity::Error)]);
    // The retry: new id, same method, requestState echoed, inputResponses keys matching.
    let answer = r#","inputResponses":{"ok":{"action":"accept","content":{}}}"#;
    let complete = r#"{"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","content":[]}}"#;
    let good = [
        req("tools/call", 1, ""),
        ask(1, elicit, state),
        req("tools/call", 2, &format!("{answer}{state}")),
        complete.to_owned(),
    ];
    let good: Vec<&str> = good.iter().map(String::as_str).collect();
    run(&good, V2026).assert_none();
    for (retry, why) in [
        (
            req(
                "tools/call",
                2,
                &format!("{answer},\"requestState\":\"other\""),
            ),
            "state changed",
        ),
        (req("tools/call", 2, answer), "state missing"),
        (
            req(
                "tools/call",
                2,
                &format!(r#","inputResponses":{{"nope":{{}}}}{state}"#),
            ),
            "keys differ",
        ),
    ] {
        let r = run(
            &[
                &req("tools/call", 1, ""),
                &ask(1, elicit, state),
                &retry,
                complete,
            ],
            V2026,
        );
        assert_eq!(
            r.of("MCP436"),
            [(3, Severity::Error)],
            "{why}: {:#?}",
            r.findings
        );
    }
    // inputResponses on a request that follows no input_required result.
    let r = run(&[&req("tools/call", 5, answer)], V2026);
    assert_eq!(r.of("MCP436"), [(1, Severity::Error)]);
}

#[test]
fn case_21_2026_subscriptions() {
    let listen = format!(
        r#"{{"jsonrpc":"2.0","id":7,"method":"subscriptions/listen","params":{{"notifications":{{"toolsListChanged":true,"resourceSubscriptions":["file:///docs/"]}},{}}}}}"#,
        meta("{}")
    );
    let tagged = |method: &str, extra: &str, id: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","method":"{method}","params":{{{extra}"_meta":{{"io.modelcontextprotocol/subscriptionId":{id}}}}}}}"#
        )
    };
    let ack = tagged(
        "notifications/subscriptions/acknowledged",
        r#""notifications":{"toolsListChanged":true,"resourceSubscriptions":["file:///docs/"]},"#,
        "7",
    );
    let tools = tagged("notifications/tools/list_changed", "", "7");
    let updated = tagged(
        "notifications/resources/updated",
        r#""uri":"file:///docs/a.md","#,
        "7",
    );
    run(&[&listen, &ack, &tools, &updated], V2026).assert_none();
    // Before the acknowledgement.
    let r = run(&[&listen, &tools, &ack], V2026);
    assert_eq!(r.of("MCP437"), [(2, Severity::Error)]);
    // A type the client did not opt into.
    let prompts = tagged("notifications/prompts/list_changed", "", "7");
    let r = run(&[&listen, &ack, &prompts], V2026);
    assert_eq!(r.of("MCP437"), [(3, Severity::Error)]);
    // A subscription id that matches no listen request.
    let r = run(
        &[
            &listen,
            &ack,
            &tagged("notifications/tools/list_changed", "", "8"),
        ],
        V2026,
    );
    assert_eq!(r.of("MCP437"), [(3, Severity::Error)]);
    // Progress or log messages on a listen stream.
    let r = run(
        &[
            &listen,
            &ack,
            &tagged(
                "notifications/message",
                r#""level":"info","data":"x","#,
                "7",
            ),
        ],
        V2026,
    );
    assert_eq!(r.of("MCP437"), [(3, Severity::Error)]);
    // A list-changed notification outside any listen stream.
    let r = run(
        &[r#"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#],
        V2026,
    );
    assert_eq!(r.of("MCP437"), [(1, Severity::Error)]);
    // notifications/message for a request that did not set a log level.
    let call = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"x",{}}}}}"#,
        meta("{}")
    );
    let log = r#"{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}"#;
    let done = r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":[]}}"#;
    let r = run(&[&call, log, done], V2026);
    assert_eq!(r.of("MCP450"), [(2, Severity::Error)]);
    let with_level = call.replace(
        "\"io.modelcontextprotocol/clientCapabilities\":{}",
        "\"io.modelcontextprotocol/clientCapabilities\":{},\"io.modelcontextprotocol/logLevel\":\"info\"",
    );
    run(&[&with_level, log, done], V2026).assert_none();
}

#[test]
fn case_25_mixed_era_transcripts() {
    // A dual-era client probes with server/discover, gets an error, falls back to initialize.
    let discover = format!(
        r#"{{"jsonrpc":"2.0","id":"probe","method":"server/discover","params":{{{}}}}}"#,
        meta("{}")
    );
    let r = run(
        &[
            &discover,
            r#"{"jsonrpc":"2.0","id":"probe","error":{"code":-32601,"message":"Method not found"}}"#,
            &init("2025-11-25", "{}"),
            &init_result("2025-11-25", r#"{"tools":{}}"#),
            INITIALIZED,
            // Modern `_meta` keys on a legacy request are merely extra `_meta`.
            &format!(
                r#"{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{{{}}}}}"#,
                meta("{}")
            ),
            r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#,
        ],
        None,
    );
    r.assert_none();
    assert_eq!(r.summary.sessions[0].protocol, "2025-11-25");
    assert_eq!(
        (
            r.summary.phase.reached.as_str(),
            r.summary.phase.last_event.as_str()
        ),
        ("discovery", "tools_listed")
    );
}
