//! The lifecycle lines of VS Code and Cursor logs in the phase summary: a start begins a
//! session (a new one after traffic), an exit before any message is `launch_failed` with
//! its exit code, a tool count is `tools_listed`.
use mcpvet_check_lifecycle::{Event, LifecycleSummary, Stage};

/// [`super::check`] on a client's output log.
fn check(text: &str) -> (Vec<&'static str>, LifecycleSummary) {
    super::check(text, "output.log")
}

fn sessions(summary: &LifecycleSummary) -> Vec<(Event, Option<i64>)> {
    summary
        .sessions
        .iter()
        .map(|s| (s.event, s.exit_code))
        .collect()
}

#[test]
fn vscode_exit_before_initialize_keeps_its_code() {
    let text = "\
2025-06-13 16:50:52.670 [info] Starting server ado
2025-06-13 16:50:52.677 [info] Connection state: Running
2025-06-13 16:51:00.111 [info] Connection state: Error Process exited with code 243
2025-06-13 16:51:00.112 [error] Server exited before responding to `initialize` request.
";
    let (codes, summary) = check(text);
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(summary.phase.reached, Stage::Launch);
    assert_eq!(summary.phase.last_event, Event::LaunchFailed);
    assert_eq!(summary.phase.exit_code, Some(243));
}

#[test]
fn vscode_retry_after_a_failed_launch_and_a_restart_after_traffic() {
    let text = "\
2025-06-13 16:50:52.670 [info] Starting server ado
2025-06-13 16:50:52.671 [info] Connection state: Error spawn npx ENOENT
2025-06-13 16:55:01.000 [info] Starting server ado
2025-06-13 16:55:01.010 [info] Connection state: Running
2025-06-13 16:55:02.500 [info] Discovered 4 tools
2025-06-13 17:10:00.000 [info] Stopping server ado
2025-06-13 17:10:00.010 [info] Connection state: Stopped
2025-06-13 17:10:05.000 [info] Starting server ado
2025-06-13 17:10:05.010 [info] Connection state: Running
2025-06-13 17:10:09.000 [info] Connection state: Error Process exited with code 1
";
    let (codes, summary) = check(text);
    assert!(codes.is_empty(), "{codes:?}");
    // The failed launch saw nothing: the retry is the same session, which listed its tools;
    // after that traffic, the next start is a new session, whose process exited with 1.
    assert_eq!(
        sessions(&summary),
        [(Event::ToolsListed, None), (Event::LaunchFailed, Some(1))]
    );
    // The session that failed decides the phase, though it carried no message.
    assert_eq!(summary.phase.last_event, Event::LaunchFailed);
    assert_eq!(summary.phase.exit_code, Some(1));
}

#[test]
fn vscode_debug_messages_are_checked() {
    let text = r#"2026-07-24 02:03:14.089 [info] Connection state: Running
2026-07-24 02:03:14.089 [debug] [editor -> server] {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"Visual Studio Code","version":"1.129.1"}}}
2026-07-24 02:03:14.152 [debug] [editor -> server] {"method":"notifications/initialized","jsonrpc":"2.0"}
"#;
    let (codes, summary) = check(text);
    // The server never answered `initialize`, and the client went on.
    assert_eq!(codes, ["MCP423", "MCP441"]);
    assert_eq!(summary.phase.reached, Stage::Handshake);
    assert_eq!(summary.phase.last_event, Event::InitializeSentNoResponse);
}

#[test]
fn cursor_sessions_follow_the_server_prefix() {
    let text = "\
2025-04-04 18:43:07.734 [info]  MCP: Starting new stdio process with command: cmd /c npx -y figma-mcp
2025-04-04 18:43:07.734 [error]  MCP: Client error for command spawn sse ENOENT
2025-04-04 18:43:07.734 [info]  MCP: Client closed for command
2025-04-04 18:43:07.736 [info] ools: Connected to stdio server, fetching offerings
2025-04-04 18:43:07.737 [info] listOfferings: Found 14 tools
2025-04-04 18:43:07.737 [info] ools: Found 14 tools, 0 resources, and 0 resource templates
";
    let (codes, summary) = check(text);
    assert!(codes.is_empty(), "{codes:?}");
    let servers: Vec<(Option<&str>, Event)> = summary
        .sessions
        .iter()
        .filter(|s| s.server.is_some())
        .map(|s| (s.server.as_deref(), s.event))
        .collect();
    assert_eq!(
        servers,
        [
            (Some("MCP"), Event::LaunchFailed),
            (Some("ools"), Event::ToolsListed)
        ]
    );
    assert_eq!(summary.phase.last_event, Event::LaunchFailed);
}
