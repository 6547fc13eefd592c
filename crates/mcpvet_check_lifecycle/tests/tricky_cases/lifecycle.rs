//! The handshake, version negotiation and capability gating: cases 7, 9 and 10.
use super::*;

#[test]
fn case_07_traffic_before_initialization() {
    let caps = r#"{"tools":{},"logging":{}}"#;
    // `ping` before `initialize` is fine; `tools/list` before the response is not.
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#,
            r#"{"jsonrpc":"2.0","id":"p","result":{}}"#,
            &init("2025-11-25", r#"{"sampling":{}}"#),
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            &init_result("2025-11-25", caps),
            r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#,
        ],
        None,
    );
    assert_eq!(
        r.of("MCP424"),
        [(4, Severity::Warning)],
        "{:#?}",
        r.findings
    );
    assert_eq!(r.codes().len(), 1);
    // After the response, before `initialized`: allowed (VS Code's logging/setLevel).
    run(
        &[
            &init("2025-11-25", "{}"),
            &init_result("2025-11-25", caps),
            r#"{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"info"}}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}"#,
            INITIALIZED,
        ],
        None,
    )
    .assert_none();
    // A server request before `initialized` is a SHOULD violation; its log messages are not.
    let lines = [
        trace(
            0,
            "client-to-server",
            &init("2025-11-25", r#"{"sampling":{}}"#),
        ),
        trace(1, "server-to-client", &init_result("2025-11-25", caps)),
        trace(
            2,
            "server-to-client",
            r#"{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"ready"}}"#,
        ),
        trace(
            3,
            "server-to-client",
            r#"{"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{"messages":[],"maxTokens":5}}"#,
        ),
        trace(4, "client-to-server", INITIALIZED),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let r = run(&lines, None);
    assert_eq!(
        r.of("MCP424"),
        [(4, Severity::Warning)],
        "{:#?}",
        r.findings
    );
    assert_eq!(r.of("MCP441").len(), 1); // the sampling request is never answered
    assert_eq!(r.codes().len(), 2);
}

#[test]
fn case_09_version_negotiation() {
    // The server answers another version: legal, and the rest follows it (2025-03-26 allows
    // batches, which 2025-06-18 does not).
    let r = run(
        &[
            &init("2025-06-18", "{}"),
            &init_result("2025-03-26", r#"{"tools":{}}"#),
            INITIALIZED,
            r#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"tools/list"}]"#,
            r#"[{"jsonrpc":"2.0","id":1,"result":{"tools":[]}},{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}]"#,
        ],
        None,
    );
    r.assert_none();
    assert_eq!(r.summary.sessions[0].protocol, "2025-03-26");
    // 2026-07-28 inside an InitializeResult is inconsistent.
    let r = run(
        &[&init("2025-11-25", "{}"), &init_result("2026-07-28", "{}")],
        None,
    );
    assert_eq!(r.of("MCP422"), [(2, Severity::Error)]);
    // An unknown version returned, not the one asked for.
    let r = run(
        &[&init("2025-11-25", "{}"), &init_result("2025-13-01", "{}")],
        None,
    );
    assert_eq!(r.of("MCP422"), [(2, Severity::Error)]);
    // An unknown version requested: a warning.
    let r = run(
        &[&init("2025-99-99", "{}"), &init_result("2025-11-25", "{}")],
        None,
    );
    assert_eq!(r.of("MCP422"), [(1, Severity::Warning)]);
    // An HTTP header that differs from the negotiated version.
    let http = |seq: u32, direction: &str, payload: &str, header: &str| {
        format!(
            r#"{{"seq":{seq},"direction":"{direction}","transport":"streamable-http","kind":"message","headers":{{"MCP-Protocol-Version":"{header}"}},"payload":{payload}}}"#
        )
    };
    let lines = [
        http(
            0,
            "client-to-server",
            &init("2025-11-25", "{}"),
            "2025-11-25",
        ),
        http(
            1,
            "server-to-client",
            &init_result("2025-06-18", r#"{"tools":{}}"#),
            "2025-06-18",
        ),
        http(2, "client-to-server", INITIALIZED, "2025-06-18"),
        http(
            3,
            "client-to-server",
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            "2025-11-25",
        ),
        http(
            4,
            "server-to-client",
            r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#,
            "2025-06-18",
        ),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let r = run(&lines, None);
    assert_eq!(r.of("MCP422"), [(4, Severity::Error)], "{:#?}", r.findings);
}

#[test]
fn case_10_capability_gating_uses_the_receivers_capabilities() {
    let session = |version: &str, client: &str, server: &str, extra: &[&str]| {
        let mut lines = vec![
            trace(0, "client-to-server", &init(version, client)),
            trace(1, "server-to-client", &init_result(version, server)),
            trace(2, "client-to-server", INITIALIZED),
        ];
        for (i, e) in extra.iter().enumerate() {
            let (direction, payload) = e.split_once(' ').unwrap();
            lines.push(trace(3 + i as u32, direction, payload));
        }
        lines
    };
    let check = |version: &str, client: &str, server: &str, extra: &[&str]| {
        let lines = session(version, client, server, extra);
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        run(&lines, None)
    };
    let c2s = "client-to-server";
    let s2c = "server-to-client";
    // notifications/tools/list_changed without tools.listChanged: a SHOULD.
    let n = format!(r#"{s2c} {{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}}"#);
    let r = check("2025-11-25", "{}", r#"{"tools":{}}"#, &[&n]);
    assert_eq!(r.of("MCP450"), [(4, Severity::Warning)]);
    check(
        "2025-11-25",
        "{}",
        r#"{"tools":{"listChanged":true}}"#,
        &[&n],
    )
    .assert_none();
    // resources/subscribe without resources.subscribe.
    let sub = format!(
        r#"{c2s} {{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{{"uri":"file:///a"}}}}"#
    );
    let r = check("2025-11-25", "{}", r#"{"resources":{}}"#, &[&sub]);
    assert_eq!(r.of("MCP450"), [(4, Severity::Error)]);
    // completion/complete without completions: from 2025-03-26 only.
    let complete = format!(
        r#"{c2s} {{"jsonrpc":"2.0","id":1,"method":"completion/complete","params":{{"ref":{{"type":"ref/prompt","name":"p"}},"argument":{{"name":"a","value":"x"}}}}}}"#
    );
    let answer =
        format!(r#"{s2c} {{"jsonrpc":"2.0","id":1,"result":{{"completion":{{"values":[]}}}}}}"#);
    let r = check(
        "2025-03-26",
        "{}",
        r#"{"prompts":{}}"#,
        &[&complete, &answer],
    );
    // The request on the request; the server that answers it anyway, on its answer.
    assert_eq!(
        r.of("MCP450"),
        [(4, Severity::Warning), (5, Severity::Warning)]
    );
    let r = check(
        "2025-06-18",
        "{}",
        r#"{"prompts":{}}"#,
        &[&complete, &answer],
    );
    assert_eq!(r.of("MCP450"), [(4, Severity::Error), (5, Severity::Error)]);
    check(
        "2024-11-05",
        "{}",
        r#"{"prompts":{}}"#,
        &[&complete, &answer],
    )
    .assert_none();
    // Sampling to a client without `sampling`; with tools, without `sampling.tools`.
    let sampling = format!(
        r#"{s2c} {{"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{{"messages":[],"maxTokens":5}}}}"#
    );
    let sampled = format!(
        r#"{c2s} {{"jsonrpc":"2.0","id":"s1","result":{{"role":"assistant","content":{{"type":"text","text":"x"}},"model":"m"}}}}"#
    );
    let r = check("2025-11-25", "{}", "{}", &[&sampling, &sampled]);
    assert_eq!(r.of("MCP450"), [(4, Severity::Error), (5, Severity::Error)]);
    check(
        "2025-11-25",
        r#"{"sampling":{}}"#,
        "{}",
        &[&sampling, &sampled],
    )
    .assert_none();
    let with_tools = format!(
        r#"{s2c} {{"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{{"messages":[],"maxTokens":5,"tools":[]}}}}"#
    );
    let r = check(
        "2025-11-25",
        r#"{"sampling":{}}"#,
        "{}",
        &[&with_tools, &sampled],
    );
    // The client MUST refuse `tools` it did not declare: its result is reported too.
    assert_eq!(r.of("MCP450"), [(4, Severity::Error), (5, Severity::Error)]);
    // URL-mode elicitation when the client declared `elicitation: {}` (form only).
    let url = format!(
        r#"{s2c} {{"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{{"mode":"url","url":"https://example.com/login","elicitationId":"x","message":"Log in"}}}}"#
    );
    let declined =
        format!(r#"{c2s} {{"jsonrpc":"2.0","id":"e1","result":{{"action":"decline"}}}}"#);
    let r = check(
        "2025-11-25",
        r#"{"elicitation":{}}"#,
        "{}",
        &[&url, &declined],
    );
    assert_eq!(r.of("MCP450"), [(4, Severity::Error)]);
    check(
        "2025-11-25",
        r#"{"elicitation":{"url":{}}}"#,
        "{}",
        &[&url, &declined],
    )
    .assert_none();
    // Without an initialize exchange in the capture, nothing is known: nothing is checked.
    let r = run(
        &[r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#],
        V2025_11,
    );
    assert!(r.of("MCP450").is_empty());
}
