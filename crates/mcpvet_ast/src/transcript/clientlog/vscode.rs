//! VS Code's MCP output channel (`MCP: <server>` in the Output panel; one channel per
//! server, so lines do not name the server):
//!
//! ```text
//! 2025-06-13 16:50:52.670 [info] Starting server ado
//! 2025-06-13 16:50:52.671 [info] Connection state: Starting
//! 2025-06-13 16:50:52.676 [info] Starting server from LocalProcess extension host
//! 2025-06-13 16:50:52.677 [info] Connection state: Running
//! 2025-06-13 16:50:52.689 [debug] [editor -> server] {"jsonrpc":"2.0","id":1,"method":"initialize",...}
//! 2025-06-13 16:50:53.101 [warning] [server stderr] npm warn exec ...
//! 2025-06-13 16:50:57.679 [info] Waiting for server to respond to `initialize` request...
//! 2025-06-13 16:51:00.111 [info] Connection state: Error Process exited with code 243
//! 2025-06-13 16:51:00.112 [error] Server exited before responding to `initialize` request.
//! 2025-04-23 23:11:31.759 [info] Discovered 4 tools
//! ```
//!
//! Messages are logged when the channel's level is `debug` or lower (at `info` for a
//! server in dev mode): `[editor -> server] <json>` for what VS Code sends, `[server ->
//! editor] <json>` for what it received (early 2025 builds wrote `[Client Says]` and
//! `[Server Says]`; the latter prefixed every line of the server's stdout, JSON or not).
use super::{ServerEvent, logger_line, logger_prefix, message_or_text, number_after, text_span};
use crate::transcript::Direction;
use crate::transcript::line::{LogBody, LogLine};

/// The prefixes of message lines and the direction each states.
const MESSAGES: [(&str, Direction); 4] = [
    ("[editor -> server]", Direction::ClientToServer),
    ("[server -> editor]", Direction::ServerToClient),
    ("[Client Says]", Direction::ClientToServer),
    ("[Server Says]", Direction::ServerToClient),
];

/// Texts only VS Code's MCP channel writes (at the start of the text after the level).
const MARKERS: [&str; 9] = [
    "Connection state: ",
    "Starting server ",
    "Stopping server ",
    "[server stderr]",
    "[editor -> server]",
    "[server -> editor]",
    "[Client Says]",
    "[Server Says]",
    "Waiting for server to respond to `initialize`",
];

/// Whether `body` (the text after the level) is one that only VS Code writes.
pub(crate) fn is_marker(body: &str) -> bool {
    MARKERS.iter().any(|m| body.starts_with(m))
        || body.starts_with("Server exited before responding to `initialize`")
        || discovered(body).is_some()
}

/// `Discovered N tools`, with its count.
fn discovered(body: &str) -> Option<ServerEvent> {
    let rest = body.strip_prefix("Discovered ")?;
    let digits = rest.split(' ').next()?;
    let tail = rest[digits.len()..].trim_start();
    if !tail.starts_with("tool") {
        return None;
    }
    Some(ServerEvent::ToolsListed {
        count: digits.parse().ok(),
    })
}

/// Scans one line of VS Code's MCP output channel; `None` when it does not start with the
/// logger's `<timestamp> [level]` prefix.
pub(crate) fn scan_line(line: &str, base: u32) -> Option<LogLine> {
    let content = line.strip_suffix('\r').unwrap_or(line);
    let prefix = logger_prefix(content)?;
    let start = prefix.body;
    let body = &content[start..];
    for (marker, from) in MESSAGES {
        if body.starts_with(marker) {
            let log = message_or_text(content, start + marker.len(), start, from, base);
            return Some(logger_line(prefix, base, None, log));
        }
    }
    let text = text_span(content, start, base);
    let log = match event_of(body) {
        Some(event) => LogBody::Lifecycle { event, text },
        None => LogBody::Text(text),
    };
    Some(logger_line(prefix, base, None, log))
}

/// What a line of the channel says happened, if anything.
fn event_of(body: &str) -> Option<ServerEvent> {
    let body = body.trim_end();
    if let Some(state) = body.strip_prefix("Connection state: ") {
        return match state.split(' ').next().unwrap_or_default() {
            "Starting" => Some(ServerEvent::Start),
            "Running" => Some(ServerEvent::Running),
            "Stopped" => Some(ServerEvent::Stopped),
            "Error" => Some(ServerEvent::Exited {
                code: number_after(state, "exited with code "),
            }),
            _ => None,
        };
    }
    if let Some(name) = body.strip_prefix("Starting server ") {
        // `Starting server from LocalProcess extension host` follows `Starting server <name>`.
        return (!name.starts_with("from ")).then_some(ServerEvent::Start);
    }
    if body.starts_with("Stopping server ") {
        return Some(ServerEvent::Stopped);
    }
    if body.starts_with("Server exited before responding to `initialize`") {
        return Some(ServerEvent::Exited { code: None });
    }
    discovered(body)
}

#[cfg(test)]
mod tests {
    use mcpvet_text::Span;

    use super::*;

    fn scan(line: &str) -> LogLine {
        scan_line(line, 0).unwrap_or_else(|| panic!("not a VS Code line: {line}"))
    }

    fn event(line: &str) -> Option<ServerEvent> {
        match scan(line).body {
            LogBody::Lifecycle { event, text } => {
                assert!(!line[text.range()].is_empty());
                Some(event)
            }
            _ => None,
        }
    }

    #[test]
    fn lifecycle_lines() {
        let ts = "2025-06-13 16:50:52.670";
        for (text, expected) in [
            ("[info] Starting server ado", Some(ServerEvent::Start)),
            (
                "[info] Starting server from LocalProcess extension host",
                None,
            ),
            (
                "[info] Connection state: Starting",
                Some(ServerEvent::Start),
            ),
            (
                "[info] Connection state: Running",
                Some(ServerEvent::Running),
            ),
            (
                "[info] Connection state: Stopped",
                Some(ServerEvent::Stopped),
            ),
            (
                "[info] Connection state: Error Process exited with code 243",
                Some(ServerEvent::Exited { code: Some(243) }),
            ),
            (
                "[info] Connection state: Error spawn uv ENOENT",
                Some(ServerEvent::Exited { code: None }),
            ),
            (
                "[error] Server exited before responding to `initialize` request.",
                Some(ServerEvent::Exited { code: None }),
            ),
            (
                "[info] Discovered 4 tools",
                Some(ServerEvent::ToolsListed { count: Some(4) }),
            ),
            (
                "[info] Discovered 0 tools",
                Some(ServerEvent::ToolsListed { count: Some(0) }),
            ),
            ("[info] Stopping server ado", Some(ServerEvent::Stopped)),
            (
                "[info] Waiting for server to respond to `initialize` request...",
                None,
            ),
            ("[warning] Tool x does not have a description.", None),
            ("[info] Discovered a bug", None),
        ] {
            assert_eq!(event(&format!("{ts} {text}")), expected, "{text}");
        }
    }

    #[test]
    fn message_lines() {
        let line = r#"2026-07-24 02:03:14.089 [debug] [editor -> server] {"jsonrpc":"2.0","id":1,"method":"initialize"}"#;
        let l = scan(line);
        assert_eq!(&line[l.level.unwrap().range()], "debug");
        assert!(l.server.is_none());
        let LogBody::Message { from, json } = l.body else {
            panic!()
        };
        assert_eq!(from, Direction::ClientToServer);
        assert_eq!(
            &line[json.range()],
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#
        );
        let line =
            r#"2025-03-23 16:38:00.989 [info] [Server Says] {"jsonrpc":"2.0","id":4,"result":{}} "#;
        assert!(matches!(
            scan(line).body,
            LogBody::Message { from: Direction::ServerToClient, json } if line[json.range()].ends_with("{}}")
        ));
        // `[Server Says]` also shows stdout lines that are not JSON.
        let line = "2025-03-23 16:38:00.989 [info] [Server Says] Starting server...";
        assert!(
            matches!(scan(line).body, LogBody::Text(t) if &line[t.range()] == "[Server Says] Starting server...")
        );
    }

    #[test]
    fn stderr_and_other_lines_are_text() {
        let line = "2025-04-23 23:11:28.319 [warning] [server stderr] npm warn exec x\r";
        let l = scan(line);
        assert!(l.server.is_none(), "the stderr bracket is not a server");
        assert!(
            matches!(l.body, LogBody::Text(t) if &line[t.range()] == "[server stderr] npm warn exec x")
        );
        assert!(scan_line("    at Object.<anonymous> (x.js:1:1)", 0).is_none());
        assert!(
            scan_line(
                "2025-04-23T23:11:28.319Z [vault] Message from client: {}",
                0
            )
            .is_none()
        );
        let l = scan_line("2025-04-23 23:11:28.319 [info] Starting server x", 100).unwrap();
        assert_eq!(l.timestamp, Span::new(100, 123));
    }
}
