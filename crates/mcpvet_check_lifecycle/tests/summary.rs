//! The checker's summary: counts, sessions, the phase model, the `--messages` listing, and the
//! streaming shape (state carried across separately parsed chunks).
use mcpvet_ast::transcript::{
    Direction, ProtocolVersion, VersionDetection, VersionSource, detect_version, read_transcript,
};
use mcpvet_check_lifecycle::{Event, LifecycleChecker, LifecycleSummary, Pair, Stage};
use mcpvet_diagnostics::Findings;

// The lifecycle lines of VS Code and Cursor logs.
#[path = "summary/client_logs.rs"]
mod client_logs;

fn check(text: &str, name: &str) -> (Vec<&'static str>, LifecycleSummary) {
    let transcript = read_transcript(text, Some(name), None).value;
    let version = detect_version(transcript.entries(), transcript.document(), None);
    let mut checker = LifecycleChecker::new(&version).with_messages(true);
    let mut findings = Findings::new();
    for entry in transcript.entries() {
        checker.entry(entry, transcript.document(), &mut findings);
    }
    let summary = checker.finish(&mut findings);
    let codes = findings
        .diagnostics()
        .iter()
        .map(|d| d.code().as_str())
        .collect();
    (codes, summary)
}

/// A listing row: index, line, kind, method, id, pair.
type Row<'a> = (u32, u32, &'a str, Option<&'a str>, Option<&'a str>, Pair);

const INIT: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#;
const INIT_RESULT: &str = r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}"#;
const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;

#[test]
fn the_message_listing_pairs_requests_and_responses() {
    let text = [
        INIT,
        INIT_RESULT,
        INITIALIZED,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x"}}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#,
        r#"{"jsonrpc":"2.0","id":9,"result":{}}"#,
    ]
    .join("\n");
    let (codes, summary) = check(&text, "session.jsonl");
    assert_eq!(codes, ["MCP440", "MCP441"]);
    assert_eq!(
        (
            summary.requests,
            summary.responses,
            summary.notifications,
            summary.unpaired_ids
        ),
        (3, 3, 1, 2)
    );
    let rows: Vec<Row<'_>> = summary
        .messages
        .iter()
        .map(|m| {
            (
                m.index,
                m.line,
                m.kind,
                m.method.as_deref(),
                m.id.as_deref(),
                m.pair,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (
                0,
                1,
                "request",
                Some("initialize"),
                Some("0"),
                Pair::Line(2)
            ),
            (
                1,
                2,
                "response",
                Some("initialize"),
                Some("0"),
                Pair::Line(1)
            ),
            (
                2,
                3,
                "notification",
                Some("notifications/initialized"),
                None,
                Pair::NotApplicable
            ),
            (
                3,
                4,
                "request",
                Some("tools/list"),
                Some("1"),
                Pair::Line(6)
            ),
            (
                4,
                5,
                "request",
                Some("tools/call"),
                Some("2"),
                Pair::Unpaired
            ),
            (
                5,
                6,
                "response",
                Some("tools/list"),
                Some("1"),
                Pair::Line(4)
            ),
            (6, 7, "response", None, Some("9"), Pair::Unpaired),
        ]
    );
    // Directions come from the method table or from pairing here: inferred.
    assert_eq!(
        summary.messages[3].direction,
        Some(Direction::ClientToServer)
    );
    assert!(summary.messages.iter().all(|m| m.inferred));
    // The unanswered call decides the event of the stage reached.
    assert_eq!(
        (
            summary.phase.reached.as_str(),
            summary.phase.last_event.as_str()
        ),
        ("execution", "tool_call_no_response")
    );
}

#[test]
fn a_claude_desktop_log_has_one_session_per_server_and_per_restart() {
    let log = |time: &str, server: &str, body: &str| {
        format!("2025-06-03T07:23:{time}Z [info] [{server}] {body}")
    };
    let from_client = |m: &str| format!("Message from client: {m}");
    let from_server = |m: &str| format!("Message from server: {m}");
    let text = [
        log("50.000", "notes", "Initializing server..."),
        log("50.100", "notes", &from_client(INIT)),
        log("50.200", "files", "Initializing server..."),
        log("50.300", "files", "spawn npx ENOENT"),
        log("50.400", "files", "Server transport closed unexpectedly, this is likely due to the process exiting early."),
        log("50.500", "notes", &from_server(INIT_RESULT)),
        log("50.600", "notes", &from_client(INITIALIZED)),
        log("51.000", "notes", "Server transport closed unexpectedly, this is likely due to the process exiting early."),
        log("52.000", "notes", "Initializing server..."),
        log("52.100", "notes", &from_client(INIT)),
    ]
    .join("\n");
    let (codes, summary) = check(&text, "mcp.log");
    // The `initialize` after the restart is a new session, not a second initialize.
    assert_eq!(codes, ["MCP441"]);
    let sessions: Vec<(Option<&str>, Stage, Event)> = summary
        .sessions
        .iter()
        .map(|s| (s.server.as_deref(), s.stage, s.event))
        .collect();
    assert_eq!(
        sessions,
        [
            (Some("notes"), Stage::Handshake, Event::Initialized),
            (Some("files"), Stage::Launch, Event::LaunchFailed),
            (
                Some("notes"),
                Stage::Handshake,
                Event::InitializeSentNoResponse
            ),
        ]
    );
    // The summary phase is the least advanced session: the server that never started.
    assert_eq!(
        (
            summary.phase.reached.as_str(),
            summary.phase.last_event.as_str()
        ),
        ("launch", "launch_failed")
    );
    assert!(summary.messages.iter().all(|m| !m.inferred));
    assert_eq!(summary.messages[0].server.as_deref(), Some("notes"));
}

#[test]
fn reconstructed_captures_move_the_phase_and_pair_by_correlation() {
    let text = [
        r#"{"type": "request", "timestamp": "t", "count": 1, "method": "initialize", "args": [], "kwargs": {}}"#,
        r#"{"type": "response", "timestamp": "t", "count": 1, "method": "initialize", "result": {"protocolVersion": "2025-06-18", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}, "error": null}"#,
        r#"{"type": "request", "timestamp": "t", "count": 2, "method": "call_tool", "args": ["read_file", {"path": "x"}], "kwargs": {}}"#,
        r#"{"type": "response", "timestamp": "t", "count": 2, "method": "call_tool", "result": {"content": [], "isError": true}, "error": null}"#,
    ]
    .join("\n");
    let (codes, summary) = check(&text, "session.jsonl");
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(
        (
            summary.phase.reached.as_str(),
            summary.phase.last_event.as_str()
        ),
        ("execution", "tool_call_failed")
    );
    let pairs: Vec<Pair> = summary.messages.iter().map(|m| m.pair).collect();
    assert_eq!(
        pairs,
        [Pair::Line(2), Pair::Line(1), Pair::Line(4), Pair::Line(3)]
    );
    assert!(summary.messages.iter().all(|m| m.abbreviated));
}

#[test]
fn every_event_has_its_stage() {
    let stages: Vec<Stage> = Event::ALL.iter().map(|e| e.stage()).collect();
    assert!(
        stages.windows(2).all(|w| w[0] <= w[1]),
        "events are listed in model order"
    );
    assert_eq!(Event::NoTraffic.as_str(), "no_traffic");
    assert_eq!(Stage::Execution.to_string(), "execution");
}

/// The streaming shape: each chunk of a capture is parsed into its own document, and the
/// checker carries only owned state from one chunk to the next.
#[test]
fn state_carries_across_separately_parsed_chunks() {
    let first = [INIT, INIT_RESULT, INITIALIZED, r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":"t"}}}"#].join("\n");
    let second = [
        r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#,
    ]
    .join("\n");
    let version = VersionDetection {
        version: ProtocolVersion::V2025_06_18,
        source: VersionSource::Assumed,
        span: None,
        unknown: None,
    };
    let mut checker = LifecycleChecker::new(&version);
    let mut findings = Findings::new();
    for chunk in [first, second] {
        // The chunk (and its document) is dropped before the next one is read.
        let transcript = read_transcript(&chunk, Some("session.jsonl"), None).value;
        for entry in transcript.entries() {
            checker.entry(entry, transcript.document(), &mut findings);
        }
    }
    let summary = checker.finish(&mut findings);
    let codes: Vec<&str> = findings
        .diagnostics()
        .iter()
        .map(|d| d.code().as_str())
        .collect();
    // The progress and the response pair with the request of the first chunk; the reused id
    // is recognised across chunks.
    assert_eq!(codes, ["MCP442"]);
    assert_eq!(summary.unpaired_ids, 0);
    assert_eq!(summary.phase.last_event.as_str(), "complete");
}

#[test]
fn two_starts_before_any_traffic_are_two_connections() {
    let log = |lines: &[&str]| {
        let mut text = String::new();
        for l in lines {
            text.push_str("2025-06-02T09:14:02.101Z [files] [info] ");
            text.push_str(l);
            text.push('\n');
        }
        text
    };
    let init = r#"Message from client: {"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}},"jsonrpc":"2.0","id":0}"#;
    let result = r#"Message from server: {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}"#;
    let start = "Initializing server...";
    let (codes, summary) = check(
        &log(&[start, start, init, init, result, result]),
        "mcp-server-files.log",
    );
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(summary.sessions.len(), 2);
    assert!(summary.sessions.iter().all(|s| s.messages == 2));
    // One start: the second `initialize` is a duplicate, as before.
    let (codes, _) = check(
        &log(&[start, init, init, result, result]),
        "mcp-server-files.log",
    );
    assert!(codes.contains(&"MCP426"), "{codes:?}");
    // Two starts, one connection used: the idle one does not decide the phase.
    let (_, summary) = check(&log(&[start, start, init, result]), "mcp-server-files.log");
    assert_eq!(summary.sessions.len(), 2);
    assert_eq!(summary.phase.reached, Stage::Handshake);
}

#[test]
fn a_failed_restart_after_a_good_start_decides_the_phase() {
    let log = "\
2025-06-10 10:11:12.345 [info] Starting server weather
2025-06-10 10:11:13.000 [info] Connection state: Running
2025-06-10 10:11:13.200 [info] Discovered 4 tools
2025-06-10 10:20:01.000 [info] Starting server weather
2025-06-10 10:20:01.400 [info] Connection state: Error Process exited with code 1
";
    let (codes, summary) = check(log, "vscode-mcp.log");
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(summary.sessions.len(), 2);
    assert_eq!(summary.phase.last_event, Event::LaunchFailed);
    assert_eq!(summary.phase.exit_code, Some(1));
}
