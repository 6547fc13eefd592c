//! The tricky cases of the protocol notes (§14) that concern JSON-RPC and the lifecycle, one
//! test per case, named after it. Each runs the lifecycle checker alone on a small session.
use mcpvet_ast::transcript::{ProtocolVersion, detect_version, read_transcript};
use mcpvet_check_lifecycle::{LifecycleChecker, LifecycleSummary, Pair};
use mcpvet_diagnostics::{Findings, Severity};

/// One finding: code, severity, 1-based line, message.
#[derive(Debug, Clone)]
struct F {
    code: &'static str,
    severity: Severity,
    line: u32,
    message: String,
}

struct Run {
    findings: Vec<F>,
    summary: LifecycleSummary,
}

impl Run {
    fn codes(&self) -> Vec<&'static str> {
        self.findings.iter().map(|f| f.code).collect()
    }

    /// The findings of `code`, as (line, severity).
    fn of(&self, code: &str) -> Vec<(u32, Severity)> {
        self.findings
            .iter()
            .filter(|f| f.code == code)
            .map(|f| (f.line, f.severity))
            .collect()
    }

    /// Drops the findings of `code` (for sessions that skip the handshake on purpose).
    fn without(mut self, code: &str) -> Run {
        self.findings.retain(|f| f.code != code);
        self
    }

    #[track_caller]
    fn assert_none(&self) {
        assert!(self.findings.is_empty(), "{:#?}", self.findings);
    }

    #[track_caller]
    fn assert_codes(&self, expected: &[&str]) {
        let mut got = self.codes();
        got.sort_unstable();
        let mut want = expected.to_vec();
        want.sort_unstable();
        assert_eq!(got, want, "{:#?}", self.findings);
    }
}

fn run_with(text: &str, name: &str, protocol: Option<ProtocolVersion>) -> Run {
    let transcript = read_transcript(text, Some(name), None).value;
    let version = detect_version(transcript.entries(), transcript.document(), protocol);
    let mut checker = LifecycleChecker::new(&version)
        .with_input_format(transcript.format())
        .with_messages(true);
    let mut findings = Findings::new();
    for entry in transcript.entries() {
        checker.entry(entry, transcript.document(), &mut findings);
    }
    let summary = checker.finish(&mut findings);
    let index = mcpvet_text::LineIndex::new(text);
    let mut out: Vec<F> = findings
        .diagnostics()
        .iter()
        .map(|d| F {
            code: d.code().as_str(),
            severity: d.severity(),
            line: index.line_of(d.span().start),
            message: d.message().to_owned(),
        })
        .collect();
    out.sort_by_key(|f| (f.line, f.code));
    Run {
        findings: out,
        summary,
    }
}

fn run(lines: &[&str], protocol: Option<ProtocolVersion>) -> Run {
    run_with(&(lines.join("\n") + "\n"), "session.jsonl", protocol)
}

const V2024: Option<ProtocolVersion> = Some(ProtocolVersion::V2024_11_05);
const V2025_03: Option<ProtocolVersion> = Some(ProtocolVersion::V2025_03_26);
const V2025_06: Option<ProtocolVersion> = Some(ProtocolVersion::V2025_06_18);
const V2025_11: Option<ProtocolVersion> = Some(ProtocolVersion::V2025_11_25);
const V2026: Option<ProtocolVersion> = Some(ProtocolVersion::V2026_07_28);

fn init(version: &str, client_caps: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":0,"method":"initialize","params":{{"protocolVersion":"{version}","capabilities":{client_caps},"clientInfo":{{"name":"c","version":"1"}}}}}}"#
    )
}

fn init_result(version: &str, server_caps: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":0,"result":{{"protocolVersion":"{version}","capabilities":{server_caps},"serverInfo":{{"name":"s","version":"1"}}}}}}"#
    )
}

const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;

/// A trace event line.
fn trace(seq: u32, direction: &str, payload: &str) -> String {
    format!(
        r#"{{"seq":{seq},"direction":"{direction}","transport":"stdio","kind":"message","payload":{payload}}}"#
    )
}

/// The `_meta` of a 2026 request, with `caps` as the client capabilities.
fn meta(caps: &str) -> String {
    format!(
        r#""_meta":{{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{caps}}}"#
    )
}

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
    assert_eq!(r.of("MCP450"), [(4, Severity::Warning)]);
    let r = check(
        "2025-06-18",
        "{}",
        r#"{"prompts":{}}"#,
        &[&complete, &answer],
    );
    assert_eq!(r.of("MCP450"), [(4, Severity::Error)]);
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
    assert_eq!(r.of("MCP450"), [(4, Severity::Error)]);
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
    assert_eq!(r.of("MCP450"), [(4, Severity::Error)]);
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
    for code in [-32602, -32601, -32020, -32021, -32022, -32000, -32019] {
        run(&[&request, &answer(code)], V2026).assert_none();
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
    // A response after the cancellation is a legal race; nothing is left unanswered.
    run(&[call, &cancel("1"), done], V2025_11)
        .without("MCP425")
        .assert_none();
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
fn case_22_stdio_framing() {
    // A message split over lines.
    let r = run_with(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"result\": {}\n}\n",
        "session.jsonl",
        V2025_11,
    );
    assert_eq!(r.of("MCP413"), [(2, Severity::Error)]);
    // A non-JSON line on stdout, reported where it is; the check goes on after it.
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
            "Server listening on stdio",
            r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
            "[dotenv@17.2.0] injecting env (3) from .env",
            r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#,
        ],
        V2025_11,
    );
    assert_eq!(r.of("MCP412"), [(2, Severity::Error), (4, Severity::Error)]);
    assert_eq!(r.of("MCP441"), [(5, Severity::Warning)]);
    // The same in a trace with `transport: "stdio"`, where text may also be the payload.
    let lines = [
        trace(
            0,
            "client-to-server",
            r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
        ),
        trace(1, "server-to-client", r#""hello""#),
        trace(
            2,
            "server-to-client",
            r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
        ),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let r = run(&lines, V2025_11);
    r.assert_codes(&["MCP412"]);
    // Not in Claude Desktop logs, whose text lines are the client's own log.
    let log = "2025-06-13T14:44:29.818Z [info] [demo] Initializing server...\n\
               2025-06-13T14:44:29.945Z [info] [demo] Message from client: {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n\
               2025-06-13T14:44:29.946Z [info] [demo] Message from server: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n";
    run_with(log, "mcp-server-demo.log", V2025_11).assert_none();
    // A JSON array line: only in 2025-03-26.
    let batch = r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#;
    let r = run(
        &[r#"{"jsonrpc":"2.0","id":0,"method":"ping"}"#, batch],
        V2025_06,
    );
    assert_eq!(r.of("MCP410"), [(2, Severity::Error)]);
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
