//! Per-line scanning, shared by the whole-file readers and the bounded-memory streaming
//! pipeline: each function looks at one line (without its `\n`) and a base offset, and returns
//! spans relative to the start of the file. Nothing here parses JSON; it only finds where the
//! JSON of a line is.
use mcpvet_text::Span;

use super::clientlog::metadata;
use super::{Direction, ServerEvent};

/// JSON whitespace (RFC 8259): other Unicode spaces are text.
pub(crate) const JSON_WS: &[char] = &[' ', '\t', '\r', '\n'];

/// What one line of a line-framed capture (JSON Lines, trace envelopes, SDK records) holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonLine {
    /// Only whitespace.
    Blank,
    /// A line that starts a JSON value (`{"…`, `{}`, `[{…`, a lone `{` or `[`...).
    Json {
        /// From the first to the last non-whitespace character of the line.
        value: Span,
        /// Whether the brackets opened on the line are closed on it. When they are not, the
        /// value may continue on the next lines (a pretty-printed message).
        complete: bool,
    },
    /// Anything else: a banner, a log line, a stack trace, text printed on stdout.
    Text(Span),
}

/// Classifies one line of a line-framed capture. `line` excludes the `\n`; a `\r` before it is
/// not part of any span.
///
/// ```
/// use mcpvet_ast::transcript::line::{json_line, JsonLine};
/// use mcpvet_text::Span;
///
/// assert_eq!(json_line(r#"{"jsonrpc":"2.0"}"#, 10), JsonLine::Json { value: Span::new(10, 27), complete: true });
/// assert_eq!(json_line("Starting server...\r", 0), JsonLine::Text(Span::new(0, 18)));
/// assert_eq!(json_line("[dotenv@17.2.0] injecting env", 0), JsonLine::Text(Span::new(0, 29)));
/// assert_eq!(json_line("  \t", 0), JsonLine::Blank);
/// ```
pub fn json_line(line: &str, base: u32) -> JsonLine {
    let content = line.strip_suffix('\r').unwrap_or(line);
    let trimmed_start = content.len() - content.trim_start_matches(JSON_WS).len();
    let trimmed = content.trim_matches(JSON_WS);
    if trimmed.is_empty() {
        return JsonLine::Blank;
    }
    let start = base + trimmed_start as u32;
    if !looks_like_json(trimmed) {
        return JsonLine::Text(Span::new(base, base + content.len() as u32));
    }
    let value = Span::new(start, start + trimmed.len() as u32);
    // A one-line message ends with its closing bracket: only a line that does not is scanned
    // to see whether its brackets balance (the first line of a pretty-printed message).
    let complete = matches!(trimmed.as_bytes().last(), Some(b'}' | b']'))
        || matches!(
            value_extent(trimmed.as_bytes(), 0, false),
            Extent::Closed(_)
        );
    JsonLine::Json { value, complete }
}

/// Whether a trimmed line starts like a JSON object or array (and not like `[INFO] ...` or
/// `{ metadata: ... }`). A line starting with `[` is an array only when it starts like an
/// array of values and, if its brackets close on the line, nothing but blanks follows: the
/// stderr of many programs starts with a bracketed field (`[4227] Using custom headers:
/// {...}`, `[10/03/25 16:51:43] INFO ...`).
pub(crate) fn looks_like_json(trimmed: &str) -> bool {
    let bytes = trimmed.as_bytes();
    let next = |from: usize| {
        bytes[from..]
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t' | b'\r'))
            .map(|i| from + i)
    };
    match bytes.first() {
        Some(b'{') => match next(1) {
            None => true,
            Some(i) => matches!(bytes[i], b'"' | b'}'),
        },
        Some(b'[') => {
            let starts = match next(1) {
                None => true,
                Some(i) => match bytes[i] {
                    b'{' | b'[' | b']' | b'"' | b'-' | b'0'..=b'9' => true,
                    b't' | b'f' | b'n' => {
                        let rest = &trimmed[i..];
                        ["true", "false", "null"].iter().any(|lit| {
                            rest.strip_prefix(lit).is_some_and(|after| {
                                !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                            })
                        })
                    }
                    _ => false,
                },
            };
            starts
                && match value_extent(bytes, 0, false) {
                    Extent::Closed(end) => trimmed[end..].trim_matches(JSON_WS).is_empty(),
                    Extent::Open | Extent::Interrupted => true,
                }
        }
        _ => false,
    }
}

/// Where a JSON value starting with a bracket at `start` ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Extent {
    /// The brackets balance: the value ends at this offset (exclusive).
    Closed(usize),
    /// The end of the input came first.
    Open,
    /// A line that cannot belong to a pretty-printed value started first (see
    /// [`value_extent`]).
    Interrupted,
}

/// Finds the end of the value starting at `bytes[start]` (a `{` or `[`) by counting brackets
/// outside strings. With `stop_at_top_level`, a line starting at column 0 with anything other
/// than whitespace, `}`, `]` or `"` ends the search: pretty-printers indent nested content, so
/// such a line starts a new value (or is text), not a continuation.
pub(crate) fn value_extent(bytes: &[u8], start: usize, stop_at_top_level: bool) -> Extent {
    scan_extent(bytes, start, bytes.len(), stop_at_top_level).0
}

/// [`value_extent`] within `bytes[..limit]`, with the offset where the search ended: after
/// the closing bracket, at the start of the interrupting line, or at `limit`.
pub(crate) fn scan_extent(
    bytes: &[u8],
    start: usize,
    limit: usize,
    stop_at_top_level: bool,
) -> (Extent, usize) {
    let limit = limit.min(bytes.len());
    let mut depth = 0usize;
    let mut in_string = false;
    let mut i = start;
    while i < limit {
        if in_string {
            // Inside a string only a backslash, a quote or a line break matters: jump to the
            // next one (most of a message's bytes are string contents).
            match memchr::memchr3(b'\\', b'"', b'\n', &bytes[i..limit]) {
                Some(skip) => i += skip,
                None => return (Extent::Open, limit),
            }
        }
        let b = bytes[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' | b'\n' => in_string = false,
                _ => {}
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return (Extent::Closed(i + 1), i + 1);
                    }
                }
                _ => {}
            }
        }
        if b == b'\n'
            && stop_at_top_level
            && depth > 0
            && bytes
                .get(i + 1)
                .is_some_and(|&c| !matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b'}' | b']' | b'"'))
        {
            return (Extent::Interrupted, i + 1);
        }
        i += 1;
    }
    (Extent::Open, limit)
}

/// One line of a Claude Desktop `mcp*.log` file:
/// `<timestamp> [level] [server] <body>` or `<timestamp> [server] [level] <body>`, either
/// bracket optional, the timestamp with or without a date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    /// The timestamp (`2025-06-13T14:44:29.818Z` or `20:23:53.215Z`).
    pub timestamp: Span,
    /// The level (`info`, `error`...), without brackets.
    pub level: Option<Span>,
    /// The server name, without brackets.
    pub server: Option<Span>,
    /// What follows the brackets.
    pub body: LogBody,
}

/// The body of a [`LogLine`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogBody {
    /// `Message from client: {json}` (or `from server`).
    Message {
        /// Who sent it.
        from: Direction,
        /// The JSON text, trimmed.
        json: Span,
    },
    /// The abbreviated form of newer builds, without a body:
    /// `Message from client: method="tools/list" id=1 params`.
    Abbreviated {
        /// Who sent it.
        from: Direction,
        /// The value of `method=` (with its quotes when quoted).
        method: Option<Span>,
        /// The value of `id=` (a JSON number or string).
        id: Option<Span>,
        /// Other words (`params`, `result`, `error`, unknown `key=value` pairs).
        words: Vec<Span>,
    },
    /// A line of a client's log that says what happened to the server's process or
    /// connection (VS Code `Connection state: Error Process exited with code 1`, Cursor
    /// `Client closed for command`).
    Lifecycle {
        /// What it says.
        event: ServerEvent,
        /// The words that say it (the text after the level and the server).
        text: Span,
    },
    /// Any other log text (`Server started and connected successfully`, an error message).
    Text(Span),
}

const LEVELS: &[&str] = &[
    "critical", "debug", "error", "fatal", "info", "log", "notice", "trace", "verbose", "warn",
    "warning",
];

pub(crate) fn is_level(text: &str) -> bool {
    LEVELS.iter().any(|l| l.eq_ignore_ascii_case(text))
}

/// Scans one line as a Claude Desktop log line; `None` when the line does not start with a
/// timestamp followed by a bracketed field.
///
/// ```
/// use mcpvet_ast::transcript::line::{scan_log_line, LogBody};
///
/// let line = r#"2025-06-27T07:58:07.774Z [info] [gocreate] Message from client: {"jsonrpc":"2.0","id":0,"method":"initialize"}"#;
/// let log = scan_log_line(line, 0).unwrap();
/// assert_eq!(&line[log.server.unwrap().range()], "gocreate");
/// assert!(matches!(log.body, LogBody::Message { .. }));
/// assert!(scan_log_line("// a comment", 0).is_none());
/// ```
pub fn scan_log_line(line: &str, base: u32) -> Option<LogLine> {
    let content = line.strip_suffix('\r').unwrap_or(line);
    let bytes = content.as_bytes();
    let ts_end = timestamp_len(bytes)?;
    let at = |i: usize| base + i as u32;
    let mut i = ts_end;
    let skip_spaces = |mut i: usize| {
        while i < bytes.len() && matches!(bytes[i], b' ' | b'\t') {
            i += 1;
        }
        i
    };
    i = skip_spaces(i);
    if i == ts_end {
        return None;
    }
    let mut brackets: Vec<(usize, usize)> = Vec::new();
    while brackets.len() < 2 && bytes.get(i) == Some(&b'[') {
        let close = content[i + 1..].find(']')? + i + 1;
        brackets.push((i + 1, close));
        i = skip_spaces(close + 1);
    }
    if brackets.is_empty() {
        return None;
    }
    let text = |(s, e): (usize, usize)| &content[s..e];
    let span = |(s, e): (usize, usize)| Span::new(at(s), at(e));
    let (level, server, body_start) = match brackets.as_slice() {
        [one] => {
            if is_level(text(*one)) {
                (Some(span(*one)), None, i)
            } else {
                (None, Some(span(*one)), i)
            }
        }
        [first, second] => {
            let (l1, l2) = (is_level(text(*first)), is_level(text(*second)));
            if l1 {
                (Some(span(*first)), Some(span(*second)), i)
            } else if l2 {
                (Some(span(*second)), Some(span(*first)), i)
            } else {
                // `[server] [something]`: the second bracket belongs to the text.
                let body = skip_spaces(first.1 + 1);
                (None, Some(span(*first)), body)
            }
        }
        _ => return None,
    };
    let body = scan_log_body(content, body_start, base);
    Some(LogLine {
        timestamp: Span::new(base, at(ts_end)),
        level,
        server,
        body,
    })
}

fn scan_log_body(content: &str, start: usize, base: u32) -> LogBody {
    let at = |i: usize| base + i as u32;
    let rest = &content[start..];
    let text = LogBody::Text(Span::new(
        at(start),
        at(start + rest.trim_end_matches(JSON_WS).len()),
    ));
    let (from, after) = if let Some(after) = rest.strip_prefix("Message from client:") {
        (Direction::ClientToServer, after)
    } else if let Some(after) = rest.strip_prefix("Message from server:") {
        (Direction::ServerToClient, after)
    } else {
        return text;
    };
    let body_start = content.len() - after.trim_start_matches(JSON_WS).len();
    let body = after.trim_matches(JSON_WS);
    if body.is_empty() {
        return text;
    }
    if body.starts_with(['{', '[']) {
        // Newer builds print `{ metadata: … }` after the message: the JSON ends before it.
        let len = metadata::json_before_print(body).unwrap_or(body.len());
        return LogBody::Message {
            from,
            json: Span::new(at(body_start), at(body_start + len)),
        };
    }
    let bytes = content.as_bytes();
    let end = body_start
        + metadata::print_start(body)
            .map_or(body.len(), |p| body[..p].trim_end_matches(JSON_WS).len());
    let mut i = body_start;
    let (mut method, mut id, mut words) = (None, None, Vec::new());
    while i < end {
        if matches!(bytes[i], b' ' | b'\t') {
            i += 1;
            continue;
        }
        let token_start = i;
        let key_end = content[i..end]
            .find(['=', ' ', '\t'])
            .map_or(end, |p| i + p);
        if bytes.get(key_end) == Some(&b'=') {
            let value_start = key_end + 1;
            let value_end = if bytes.get(value_start) == Some(&b'"') {
                string_end(bytes, value_start, end)
            } else {
                content[value_start..end]
                    .find([' ', '\t'])
                    .map_or(end, |p| value_start + p)
            };
            let value = Span::new(at(value_start), at(value_end));
            match &content[token_start..key_end] {
                "method" if method.is_none() => method = Some(value),
                "id" if id.is_none() && value_end > value_start => id = Some(value),
                _ => words.push(Span::new(at(token_start), at(value_end))),
            }
            i = value_end;
        } else {
            words.push(Span::new(at(token_start), at(key_end)));
            i = key_end;
        }
    }
    if method.is_none() && id.is_none() {
        return text;
    }
    LogBody::Abbreviated {
        from,
        method,
        id,
        words,
    }
}

/// The end (after the closing quote) of the JSON string starting at `bytes[start]`, or `end`.
fn string_end(bytes: &[u8], start: usize, end: usize) -> usize {
    let mut i = start + 1;
    while i < end {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    end
}

/// Length of a log timestamp at the start of `bytes`: `YYYY-MM-DD[T ]HH:MM:SS[.fff][Z|±HH[:]MM]`
/// or `HH:MM:SS[.fff][Z|±HH[:]MM]`.
pub(crate) fn timestamp_len(bytes: &[u8]) -> Option<usize> {
    let digits = |from: usize, n: usize| {
        bytes
            .get(from..from + n)
            .is_some_and(|s| s.iter().all(u8::is_ascii_digit))
    };
    let time = |from: usize| -> Option<usize> {
        if !(digits(from, 2)
            && bytes.get(from + 2) == Some(&b':')
            && digits(from + 3, 2)
            && bytes.get(from + 5) == Some(&b':')
            && digits(from + 6, 2))
        {
            return None;
        }
        let mut i = from + 8;
        if matches!(bytes.get(i), Some(b'.' | b',')) && digits(i + 1, 1) {
            i += 1;
            while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        }
        match bytes.get(i) {
            Some(b'Z') => i += 1,
            Some(b'+' | b'-') if digits(i + 1, 2) => {
                i += 3;
                if bytes.get(i) == Some(&b':') && digits(i + 1, 2) {
                    i += 3;
                } else if digits(i, 2) {
                    i += 2;
                }
            }
            _ => {}
        }
        Some(i)
    };
    if digits(0, 4)
        && bytes.get(4) == Some(&b'-')
        && digits(5, 2)
        && bytes.get(7) == Some(&b'-')
        && digits(8, 2)
    {
        if matches!(bytes.get(10), Some(b'T' | b' ')) {
            return time(11);
        }
        return None;
    }
    time(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte-at-a-time scan `scan_extent` replaced (it now jumps through strings with
    /// memchr): both must agree on every input.
    fn scan_extent_bytewise(
        bytes: &[u8],
        start: usize,
        limit: usize,
        stop_at_top_level: bool,
    ) -> (Extent, usize) {
        let limit = limit.min(bytes.len());
        let (mut depth, mut in_string, mut i) = (0usize, false, start);
        while i < limit {
            let b = bytes[i];
            if in_string {
                match b {
                    b'\\' => i += 1,
                    b'"' | b'\n' => in_string = false,
                    _ => {}
                }
            } else {
                match b {
                    b'"' => in_string = true,
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            return (Extent::Closed(i + 1), i + 1);
                        }
                    }
                    _ => {}
                }
            }
            if b == b'\n'
                && stop_at_top_level
                && depth > 0
                && bytes.get(i + 1).is_some_and(|&c| {
                    !matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b'}' | b']' | b'"')
                })
            {
                return (Extent::Interrupted, i + 1);
            }
            i += 1;
        }
        (Extent::Open, limit)
    }

    proptest::proptest! {
        #[test]
        fn scan_extent_agrees_with_the_bytewise_scan(
            text in "[{}\\[\\]\"\\\\\n a:1]{0,64}",
            start in 0usize..8,
            cut in 0usize..72,
            stop in proptest::bool::ANY,
        ) {
            let bytes = text.as_bytes();
            let start = start.min(bytes.len());
            let limit = cut.max(start);
            proptest::prop_assert_eq!(
                scan_extent(bytes, start, limit, stop),
                scan_extent_bytewise(bytes, start, limit, stop)
            );
        }
    }

    fn log(line: &str) -> LogLine {
        scan_log_line(line, 0).unwrap_or_else(|| panic!("not a log line: {line}"))
    }

    fn s(line: &str, span: Span) -> &str {
        &line[span.range()]
    }

    #[test]
    fn json_line_shapes() {
        assert_eq!(
            json_line("  {\"a\":1}  \r", 5),
            JsonLine::Json {
                value: Span::new(7, 14),
                complete: true
            }
        );
        assert_eq!(
            json_line("{", 0),
            JsonLine::Json {
                value: Span::new(0, 1),
                complete: false
            }
        );
        assert_eq!(
            json_line("[1, 2]", 0),
            JsonLine::Json {
                value: Span::new(0, 6),
                complete: true
            }
        );
        assert_eq!(
            json_line("[true]", 0),
            JsonLine::Json {
                value: Span::new(0, 6),
                complete: true
            }
        );
        for text in [
            "[INFO] starting",
            "[trueish] x",
            "{ metadata: undefined }",
            "Starting server...",
            "> tsx src/index.ts",
            "    at Object.<anonymous> (/x.js:1:1)",
        ] {
            assert!(matches!(json_line(text, 0), JsonLine::Text(_)), "{text}");
        }
        // A string containing brackets does not confuse the bracket count.
        assert!(matches!(
            json_line(r#"{"a":"}{]["}"#, 0),
            JsonLine::Json { complete: true, .. }
        ));
    }

    #[test]
    fn extents() {
        let text = b"{\n  \"a\": [1,\n    2]\n}\nnext";
        assert_eq!(value_extent(text, 0, true), Extent::Closed(21));
        let text = b"{\"a\":1\n{\"b\":2}\n";
        assert_eq!(value_extent(text, 0, true), Extent::Interrupted);
        assert_eq!(value_extent(text, 0, false), Extent::Open);
        assert_eq!(value_extent(b"[\"\\\"]\"]", 0, true), Extent::Closed(7));
    }

    #[test]
    fn log_lines_both_orders() {
        let new =
            r#"2025-06-27T07:58:07.774Z [info] [golang-mcp-testing] Message from client: {"id":0}"#;
        let l = log(new);
        assert_eq!(s(new, l.timestamp), "2025-06-27T07:58:07.774Z");
        assert_eq!(s(new, l.level.unwrap()), "info");
        assert_eq!(s(new, l.server.unwrap()), "golang-mcp-testing");
        let LogBody::Message { from, json } = l.body else {
            panic!()
        };
        assert_eq!(from, Direction::ClientToServer);
        assert_eq!(s(new, json), r#"{"id":0}"#);

        let old = r#"2025-05-23T10:16:48.597Z [multiverse] [info] Message from server: {"jsonrpc":"2.0"} "#;
        let l = log(old);
        assert_eq!(s(old, l.level.unwrap()), "info");
        assert_eq!(s(old, l.server.unwrap()), "multiverse");
        assert!(
            matches!(l.body, LogBody::Message { from: Direction::ServerToClient, json } if s(old, json) == r#"{"jsonrpc":"2.0"}"#)
        );

        let general =
            "2024-11-28T09:27:43.719Z [info] Attempting to connect to MCP server neo4j...";
        let l = log(general);
        assert_eq!(s(general, l.level.unwrap()), "info");
        assert!(l.server.is_none());
        assert!(
            matches!(l.body, LogBody::Text(t) if s(general, t) == "Attempting to connect to MCP server neo4j...")
        );
    }

    #[test]
    fn abbreviated_lines() {
        let line = r#"20:23:53.331Z [obsidian-vault] Message from client: method="initialize" id=0 params"#;
        let l = log(line);
        assert_eq!(s(line, l.timestamp), "20:23:53.331Z");
        assert!(l.level.is_none());
        assert_eq!(s(line, l.server.unwrap()), "obsidian-vault");
        let LogBody::Abbreviated {
            from,
            method,
            id,
            words,
        } = l.body
        else {
            panic!()
        };
        assert_eq!(from, Direction::ClientToServer);
        assert_eq!(s(line, method.unwrap()), "\"initialize\"");
        assert_eq!(s(line, id.unwrap()), "0");
        assert_eq!(words.len(), 1);
        assert_eq!(s(line, words[0]), "params");

        let line = "20:23:54.660Z [obsidian-vault] Message from server: id=0 result";
        let LogBody::Abbreviated { method, id, .. } = log(line).body else {
            panic!()
        };
        assert!(method.is_none());
        assert_eq!(s(line, id.unwrap()), "0");

        let line = r#"20:23:54.851Z [x] Message from client: method="notifications/initialized""#;
        assert!(matches!(
            log(line).body,
            LogBody::Abbreviated {
                id: None,
                method: Some(_),
                ..
            }
        ));

        let line = r#"20:23:54.851Z [x] Message from client: id="a b" error"#;
        let LogBody::Abbreviated { id, .. } = log(line).body else {
            panic!()
        };
        assert_eq!(s(line, id.unwrap()), "\"a b\"");

        let line = "20:23:54.851Z [x] Message from client: hello";
        assert!(matches!(log(line).body, LogBody::Text(_)));
    }

    #[test]
    fn timestamps() {
        for ok in [
            "2025-06-13T14:44:29.818Z [x] y",
            "2025-06-13 14:44:29 [x] y",
            "14:44:29 [x] y",
            "14:44:29.1+02:00 [x] y",
            "2025-06-13T14:44:29,5-0700 [x] y",
        ] {
            assert!(scan_log_line(ok, 0).is_some(), "{ok}");
        }
        for bad in [
            "2025-06-13 [x] y",
            "14:44 [x] y",
            "14:44:29Z",
            "14:44:29Z no bracket",
            "14:44:29Z [unclosed",
            "",
        ] {
            assert!(scan_log_line(bad, 0).is_none(), "{bad}");
        }
    }

    #[test]
    fn spans_are_shifted_by_base() {
        let line = "14:44:29Z [s] hello\r";
        let l = scan_log_line(line, 100).unwrap();
        assert_eq!(l.timestamp, Span::new(100, 109));
        assert_eq!(l.server, Some(Span::new(111, 112)));
        assert_eq!(l.body, LogBody::Text(Span::new(114, 119)));
    }
}
