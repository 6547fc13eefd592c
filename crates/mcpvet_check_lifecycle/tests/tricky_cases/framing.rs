//! Stdio framing: case 22.
use super::*;

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
