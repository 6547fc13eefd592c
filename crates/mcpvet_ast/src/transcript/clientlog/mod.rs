//! The logs MCP clients write about their servers, as people paste them: Claude Desktop's
//! `mcp*.log` (its line grammar is in [`line`](super::line); what it prints around its
//! messages, `{ metadata: … }`, is in [`metadata`]), VS Code's MCP output channel
//! ([`vscode`]) and Cursor's MCP logs ([`cursor`]).
//!
//! VS Code and Cursor (a fork of VS Code) write through VS Code's logger: every line is
//! `YYYY-MM-DD HH:MM:SS.mmm [level] text`, local time without a zone. Each dialect scanner
//! reads one line (without its `\n`) at a base offset into a [`LogLine`], like
//! [`scan_log_line`](super::line::scan_log_line) for Claude Desktop, so the whole-file reader
//! and the streaming pipeline (which reads pieces of whole lines) share them. Lines that
//! say what happened to the server's process or connection become
//! [`LogBody::Lifecycle`] with a [`ServerEvent`]; other lines are text.
pub(crate) mod cursor;
pub(crate) mod metadata;
#[cfg(all(test, feature = "testing"))]
mod reading;
pub(crate) mod vscode;

use mcpvet_text::Span;

use super::InputFormat;
use super::line::{JSON_WS, LogBody, LogLine, is_level, scan_log_line, timestamp_len};

/// What a client log line says happened to the server's process or connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ServerEvent {
    /// The client starts the server: VS Code `Starting server my-server` and
    /// `Connection state: Starting`, Cursor `Starting new stdio process with command: …`.
    Start,
    /// The connection is up: VS Code `Connection state: Running`, Cursor
    /// `Successfully connected to stdio server`. Not yet evidence that the server answered.
    Running,
    /// The client received the server's tool list: VS Code `Discovered 4 tools`, Cursor
    /// `Found 4 tools, 0 prompts, and 0 resources`.
    ToolsListed {
        /// How many tools, as the line says.
        count: Option<u32>,
    },
    /// The process exited or could not be started, or the connection closed: VS Code
    /// `Connection state: Error Process exited with code 1`, `Connection state: Error spawn
    /// uv ENOENT`, ``Server exited before responding to `initialize` request.``; Cursor
    /// `Client closed for command`, `Client error for command … (spawn npx ENOENT)`.
    Exited {
        /// The exit code, when the line gives it (`Process exited with code 243`).
        code: Option<i64>,
    },
    /// The client stopped the server on purpose: VS Code `Stopping server my-server`,
    /// `Connection state: Stopped`.
    Stopped,
}

impl ServerEvent {
    /// `start`, `running`, `tools-listed`, `exited` or `stopped`.
    pub const fn name(self) -> &'static str {
        match self {
            ServerEvent::Start => "start",
            ServerEvent::Running => "running",
            ServerEvent::ToolsListed { .. } => "tools-listed",
            ServerEvent::Exited { .. } => "exited",
            ServerEvent::Stopped => "stopped",
        }
    }
}

/// Which client wrote a log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Dialect {
    /// Claude Desktop `mcp*.log`.
    ClaudeDesktop,
    /// VS Code's MCP output channel.
    VsCode,
    /// Cursor's MCP logs.
    Cursor,
}

impl Dialect {
    /// The dialect a format reads, for the log formats.
    pub(crate) const fn of(format: InputFormat) -> Option<Dialect> {
        match format {
            InputFormat::ClaudeDesktopLog => Some(Dialect::ClaudeDesktop),
            InputFormat::VsCodeLog => Some(Dialect::VsCode),
            InputFormat::CursorLog => Some(Dialect::Cursor),
            _ => None,
        }
    }

    /// The format that reads this dialect.
    pub(crate) const fn format(self) -> InputFormat {
        match self {
            Dialect::ClaudeDesktop => InputFormat::ClaudeDesktopLog,
            Dialect::VsCode => InputFormat::VsCodeLog,
            Dialect::Cursor => InputFormat::CursorLog,
        }
    }

    /// Why content detection chose it.
    pub(crate) const fn reason(self) -> &'static str {
        match self {
            Dialect::ClaudeDesktop => "Claude Desktop log lines (<time> [..] ...)",
            Dialect::VsCode => "VS Code MCP output lines (<time> [level] Connection state: ...)",
            Dialect::Cursor => "Cursor MCP log lines (<time> [level] <server>: ...)",
        }
    }

    /// Scans one line (without its `\n`) of a log in this dialect; `None` when it is not a
    /// line of that log (a continuation, a stack trace, a comment).
    pub(crate) fn scan(self, line: &str, base: u32) -> Option<LogLine> {
        match self {
            Dialect::ClaudeDesktop => scan_log_line(line, base),
            Dialect::VsCode => vscode::scan_line(line, base),
            Dialect::Cursor => cursor::scan_line(line, base),
        }
    }
}

/// The dialect one line gives a clue of, for detection: a VS Code or Cursor line that only
/// that client writes, or a Claude Desktop line (an ISO timestamp with `T` or `Z`, which VS
/// Code's logger never writes, or a `Message from` body). Lines without a clue give none.
pub(crate) fn hint(line: &str) -> Option<Dialect> {
    let content = line.strip_suffix('\r').unwrap_or(line);
    let log = scan_log_line(content, 0)?;
    if content[log.timestamp.range()].contains(['T', 'Z']) {
        return Some(Dialect::ClaudeDesktop);
    }
    if let Some(prefix) = logger_prefix(content) {
        let body = &content[prefix.body..];
        if vscode::is_marker(body) {
            return Some(Dialect::VsCode);
        }
        if cursor::is_marker(body) {
            return Some(Dialect::Cursor);
        }
    }
    (!matches!(log.body, LogBody::Text(_))).then_some(Dialect::ClaudeDesktop)
}

/// Picks a log dialect from the clues of [`hint`], counted per dialect (`[Claude Desktop,
/// VS Code, Cursor]`): the one with the most, Claude Desktop on a tie (it was the only log
/// dialect before, and its lines are the most varied).
pub(crate) fn choose(hints: [usize; 3]) -> Dialect {
    let [claude, vscode, cursor] = hints;
    if vscode > claude && vscode >= cursor {
        Dialect::VsCode
    } else if cursor > claude && cursor > vscode {
        Dialect::Cursor
    } else {
        Dialect::ClaudeDesktop
    }
}

/// The prefix VS Code's logger writes: `<timestamp> [level] `, as offsets into the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Prefix {
    /// The end of the timestamp.
    pub(crate) timestamp_end: usize,
    /// The level, inside its brackets.
    pub(crate) level: (usize, usize),
    /// The start of the text after the level and its blanks.
    pub(crate) body: usize,
}

/// Reads the logger prefix of `content` (a line without `\r`); `None` when the line does not
/// start with a timestamp, blanks and a bracketed level.
pub(crate) fn logger_prefix(content: &str) -> Option<Prefix> {
    let bytes = content.as_bytes();
    let timestamp_end = timestamp_len(bytes)?;
    let open = skip_blanks(bytes, timestamp_end);
    if open == timestamp_end || bytes.get(open) != Some(&b'[') {
        return None;
    }
    let close = content[open + 1..].find(']')? + open + 1;
    if !is_level(&content[open + 1..close]) {
        return None;
    }
    Some(Prefix {
        timestamp_end,
        level: (open + 1, close),
        body: skip_blanks(bytes, close + 1),
    })
}

fn skip_blanks(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\t') {
        i += 1;
    }
    i
}

/// A [`LogLine`] of VS Code's logger: its timestamp and level from `prefix`, `server` and
/// `body` as the dialect read them. Spans are shifted by `base`.
pub(crate) fn logger_line(
    prefix: Prefix,
    base: u32,
    server: Option<Span>,
    body: LogBody,
) -> LogLine {
    let at = |i: usize| base + i as u32;
    LogLine {
        timestamp: Span::new(base, at(prefix.timestamp_end)),
        level: Some(Span::new(at(prefix.level.0), at(prefix.level.1))),
        server,
        body,
    }
}

/// The text of a body from `start` to the end of `content`, trimmed at the end, as a span.
pub(crate) fn text_span(content: &str, start: usize, base: u32) -> Span {
    let end = start + content[start..].trim_end_matches(JSON_WS).len();
    Span::new(base + start as u32, base + end as u32)
}

/// A body that is a message when what follows `start` (blanks skipped) starts a JSON value
/// (`{` or `[`), otherwise text from `text_start`.
pub(crate) fn message_or_text(
    content: &str,
    start: usize,
    text_start: usize,
    from: super::Direction,
    base: u32,
) -> LogBody {
    let json_start = skip_blanks(content.as_bytes(), start);
    if content[json_start..].starts_with(['{', '[']) {
        LogBody::Message {
            from,
            json: text_span(content, json_start, base),
        }
    } else {
        LogBody::Text(text_span(content, text_start, base))
    }
}

/// The integer after `marker` in `text` (`Process exited with code 243` → 243).
pub(crate) fn number_after(text: &str, marker: &str) -> Option<i64> {
    let at = text.find(marker)? + marker.len();
    let rest = &text[at..];
    let len = rest
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && c == '-')))
        .map_or(rest.len(), |(i, _)| i);
    rest[..len].parse().ok()
}

/// Whether a client's log text says a process could not be spawned (`spawn npx ENOENT`).
pub(crate) fn spawn_failure(text: &str) -> bool {
    text.contains("spawn ")
        && ["ENOENT", "EACCES", "EPERM"]
            .iter()
            .any(|e| text.contains(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_and_choice() {
        assert_eq!(
            hint("2025-06-13 16:50:52.671 [info] Connection state: Starting"),
            Some(Dialect::VsCode)
        );
        assert_eq!(
            hint(
                "2025-04-08 11:16:16.070 [info] rmcp: Starting new stdio process with command: npx x"
            ),
            Some(Dialect::Cursor)
        );
        assert_eq!(
            hint("2025-06-13T14:44:29.818Z [info] [db] Initializing server..."),
            Some(Dialect::ClaudeDesktop)
        );
        assert_eq!(
            hint("2025-06-13 14:44:29 [db] Message from client: {}"),
            Some(Dialect::ClaudeDesktop)
        );
        assert_eq!(hint("2025-06-13 16:50:52.671 [info] something"), None);
        // Claude Desktop's general log says `Connected to …` too, with its own timestamps.
        assert_eq!(
            hint("2024-11-28T09:27:43.731Z [info] Connected to MCP server sqlite!"),
            Some(Dialect::ClaudeDesktop)
        );
        assert_eq!(hint("plain text"), None);
        assert_eq!(choose([0, 0, 0]), Dialect::ClaudeDesktop);
        assert_eq!(choose([1, 1, 0]), Dialect::ClaudeDesktop);
        assert_eq!(choose([0, 3, 1]), Dialect::VsCode);
        assert_eq!(choose([0, 2, 2]), Dialect::VsCode);
        assert_eq!(choose([1, 0, 2]), Dialect::Cursor);
    }

    #[test]
    fn prefixes() {
        let line = "2025-06-13 16:50:52.671 [warning] [server stderr] npm warn";
        let p = logger_prefix(line).unwrap();
        assert_eq!(&line[..p.timestamp_end], "2025-06-13 16:50:52.671");
        assert_eq!(&line[p.level.0..p.level.1], "warning");
        assert_eq!(&line[p.body..], "[server stderr] npm warn");
        assert!(logger_prefix("2025-06-13 16:50:52.671 [my-server] x").is_none());
        assert!(logger_prefix("2025-06-13 16:50:52.671 info x").is_none());
        assert!(logger_prefix("[info] x").is_none());
    }

    #[test]
    fn numbers_and_spawn_failures() {
        assert_eq!(
            number_after("Error Process exited with code 243", "exited with code "),
            Some(243)
        );
        assert_eq!(
            number_after("exited with code -1.", "exited with code "),
            Some(-1)
        );
        assert_eq!(
            number_after("exited with code null", "exited with code "),
            None
        );
        assert_eq!(number_after("Discovered 4 tools", "Discovered "), Some(4));
        assert!(spawn_failure("A system error occurred (spawn npx ENOENT)"));
        assert!(!spawn_failure("ENOENT: no such file"));
    }
}
