//! Cursor's MCP logs (Output panel, `MCP Logs`; the file `MCP Logs.log` or `Cursor MCP.log`
//! under the window's `exthost` logs):
//!
//! ```text
//! 2025-04-08 11:16:16.070 [info] rmcp: Starting new stdio process with command: npx @browsermcp/mcp@latest
//! 2025-04-08 11:16:16.790 [info] rmcp: Client closed for command
//! 2025-04-08 11:16:16.790 [error] rmcp: Error in MCP: Client closed
//! 2025-04-08 11:16:16.790 [info] rmcp: Handling ListOfferings action
//! 2025-04-08 11:16:16.790 [error] rmcp: No server info found
//! 2025-04-08 14:39:37.697 [error] rmcp: Client error for command A system error occurred (spawn npx ENOENT)
//! 2025-02-26 14:42:22.876 [info] db10: Successfully connected to stdio server
//! 2025-04-04 18:44:14.383 [info] listOfferings: Found 14 tools
//! 2025-04-04 18:44:14.383 [info] ools: Found 14 tools, 0 resources, and 0 resource templates
//! 2025-07-10 10:49:36.646 [error] user-wirewiki: Client error for command Unexpected token 'S', "Starting MCP server" is not valid JSON
//! 2025-11-05 09:59:48.527 [info] Starting new stdio process with command: npx -y @azure/mcp@latest server start
//! ```
//!
//! The text after the level may start with the server: early 2025 builds wrote the last
//! four characters of its name (`rmcp: `, ` MCP: `), mid-2025 builds its id (`user-wirewiki:
//! `, `project-0-…-name: `), and 2.x builds, which open one channel per server, nothing. A
//! prefix is read as the server only when a message Cursor is known to write follows it
//! (so `Error: …` text is not taken for a server named `Error`); `listOfferings: ` names
//! the function that repeats the server's own `Found N tools` line, not a server.
use super::{ServerEvent, logger_line, logger_prefix, number_after, spawn_failure, text_span};
use crate::transcript::line::{LogBody, LogLine};

/// How messages Cursor writes about its MCP clients start.
const MESSAGES: [&str; 19] = [
    "Starting new stdio process with command:",
    "Successfully connected to",
    "Client closed for command",
    "Client error for command",
    "Error in MCP:",
    "Failed to reload client:",
    "Handling ",
    "No server info found",
    "Found ",
    "getOrCreateClient",
    "Reusing existing",
    "Connected to ",
    "Storing stdio client",
    "Listing offerings",
    "Cleaning up",
    "CreateClient completed",
    "Server creation in progress",
    "Creating streamableHttp transport",
    "Connecting to ",
];

/// The longest prefix read as a server name.
const MAX_PREFIX: usize = 128;

/// Splits `body` (the text after the level) into the server prefix, when there is one, and
/// the offset of the message; `None` when no known message is there.
fn split(body: &str) -> Option<(Option<(usize, usize)>, usize)> {
    if known(body) {
        return Some((None, 0));
    }
    let colon = body
        .get(..MAX_PREFIX.min(body.len()))
        .unwrap_or(body)
        .find(": ")?;
    let message = colon + 2;
    if !known(&body[message..]) {
        return None;
    }
    let name = &body[..colon];
    let lead = name.len() - name.trim_start().len();
    let trimmed = name.trim();
    if trimmed.is_empty() || trimmed.contains(": ") {
        return Some((None, message));
    }
    Some((Some((lead, lead + trimmed.len())), message))
}

fn known(message: &str) -> bool {
    MESSAGES.iter().any(|m| message.starts_with(m))
}

/// Whether `body` (the text after the level) is a message Cursor writes.
pub(crate) fn is_marker(body: &str) -> bool {
    split(body).is_some()
}

/// Scans one line of Cursor's MCP logs; `None` when it does not start with the logger's
/// `<timestamp> [level]` prefix.
pub(crate) fn scan_line(line: &str, base: u32) -> Option<LogLine> {
    let content = line.strip_suffix('\r').unwrap_or(line);
    let prefix = logger_prefix(content)?;
    let start = prefix.body;
    let body = &content[start..];
    let at = |i: usize| base + (start + i) as u32;
    let Some((server, message)) = split(body) else {
        let text = text_span(content, start, base);
        return Some(logger_line(prefix, base, None, LogBody::Text(text)));
    };
    let server_text = server.map(|(s, e)| &body[s..e]);
    let text = text_span(content, start + message, base);
    if server_text == Some("listOfferings") {
        let text = text_span(content, start, base);
        return Some(logger_line(prefix, base, None, LogBody::Text(text)));
    }
    let server = server.map(|(s, e)| mcpvet_text::Span::new(at(s), at(e)));
    let log = match event_of(&body[message..]) {
        Some(event) => LogBody::Lifecycle { event, text },
        None => LogBody::Text(text),
    };
    Some(logger_line(prefix, base, server, log))
}

/// What a message says happened, if anything.
fn event_of(message: &str) -> Option<ServerEvent> {
    let message = message.trim_end();
    if message.starts_with("Starting new stdio process with command:") {
        return Some(ServerEvent::Start);
    }
    if message.starts_with("Successfully connected to") {
        return Some(ServerEvent::Running);
    }
    if message.starts_with("Client closed for command") {
        return Some(ServerEvent::Exited { code: None });
    }
    if let Some(rest) = message.strip_prefix("Found ") {
        let count = rest.split(' ').next().unwrap_or_default();
        let after = rest[count.len()..].trim_start();
        if after.starts_with("tool") {
            return Some(ServerEvent::ToolsListed {
                count: number_after(message, "Found ").and_then(|n| u32::try_from(n).ok()),
            });
        }
        return None;
    }
    // `Client error for command …`, `Error in MCP: …`, `Failed to reload client: …` say why;
    // a process that could not be spawned did not start. Other errors (a parse error of the
    // server's stdout) are the client's log text.
    spawn_failure(message).then_some(ServerEvent::Exited { code: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(line: &str) -> LogLine {
        scan_line(line, 0).unwrap_or_else(|| panic!("not a Cursor line: {line}"))
    }

    fn server<'l>(line: &'l str, log: &LogLine) -> Option<&'l str> {
        log.server.map(|s| &line[s.range()])
    }

    #[test]
    fn server_prefixes() {
        let ts = "2025-04-04 18:44:14.379";
        for (text, name) in [
            ("[info] rmcp: Client closed for command", Some("rmcp")),
            ("[info]  MCP: Client closed for command", Some("MCP")),
            (
                "[error] user-wirewiki: Client error for command x",
                Some("user-wirewiki"),
            ),
            (
                "[info] project-0-app-my server: Handling ListOfferings action",
                Some("project-0-app-my server"),
            ),
            (
                "[info] Starting new stdio process with command: npx -y x",
                None,
            ),
            ("[info] Error: something broke", None),
            ("[info] listOfferings: Found 14 tools", None),
        ] {
            let line = format!("{ts} {text}");
            let log = scan(&line);
            assert_eq!(server(&line, &log), name, "{text}");
        }
    }

    #[test]
    fn lifecycle_lines() {
        let ts = "2025-04-08 14:39:37.696";
        for (text, expected) in [
            (
                "[info] rmcp: Starting new stdio process with command: npx @browsermcp/mcp@latest",
                Some(ServerEvent::Start),
            ),
            (
                "[info] db10: Successfully connected to stdio server",
                Some(ServerEvent::Running),
            ),
            (
                "[info] rmcp: Client closed for command",
                Some(ServerEvent::Exited { code: None }),
            ),
            (
                "[error] rmcp: Client error for command A system error occurred (spawn npx ENOENT)",
                Some(ServerEvent::Exited { code: None }),
            ),
            (
                "[error] rmcp: Error in MCP: A system error occurred (spawn npx ENOENT)",
                Some(ServerEvent::Exited { code: None }),
            ),
            (
                "[info] ools: Found 14 tools, 0 resources, and 0 resource templates",
                Some(ServerEvent::ToolsListed { count: Some(14) }),
            ),
            (
                "[info] Found 4 tools, 0 prompts, and 0 resources",
                Some(ServerEvent::ToolsListed { count: Some(4) }),
            ),
            ("[info] listOfferings: Found 14 tools", None),
            ("[error] rmcp: No server info found", None),
            ("[error] rmcp: Error in MCP: Client closed", None),
            (
                "[error] user-x: Client error for command Unexpected token 'S', \"Starting\" is not valid JSON",
                None,
            ),
            ("[info] Found a bug", None),
        ] {
            let line = format!("{ts} {text}");
            let event = match scan(&line).body {
                LogBody::Lifecycle { event, .. } => Some(event),
                _ => None,
            };
            assert_eq!(event, expected, "{text}");
        }
    }

    #[test]
    fn text_is_the_message() {
        let line = "2025-04-08 11:16:16.790 [info] rmcp: Client closed for command\r";
        let LogBody::Lifecycle { text, .. } = scan(line).body else {
            panic!()
        };
        assert_eq!(&line[text.range()], "Client closed for command");
        let line = "2025-04-08 11:16:16.790 [info] >>>>> MCP Startup";
        assert!(
            matches!(scan(line).body, LogBody::Text(t) if &line[t.range()] == ">>>>> MCP Startup")
        );
        assert!(scan_line("> tsx src/index.ts", 0).is_none());
    }
}
