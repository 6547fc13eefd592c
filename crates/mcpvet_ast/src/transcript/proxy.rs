//! Captures whose JSON values are not one per line: logging proxies (`proxy-log`), which write
//! a direction header before each message, often pretty-printed over many lines, and streams
//! of concatenated JSON values (`json-stream`), `{...}{...}` on one line or pretty-printed
//! values back to back, with text between them.
//!
//! The shapes this reads, and where they come from, are listed in `docs/inputs.md`
//! (`proxy-log`). In short, a direction header is a line (or the part of a line before a JSON
//! value) holding one of:
//!
//! - `client -> server`, `SERVER -> CLIENT`, `client → server`, `server => client`,
//!   `client_to_server`, `server-to-client` (any case; `<-` and `←` reverse the arrow);
//! - `>>>` (sent by the client) or `<<<` (received from the server), as client-side debug
//!   logs and pasted transcripts write them, and the JSON-RPC specification's `-->` (to the
//!   server) and `<--` (to the client), as tokens of their own;
//! - `STDIN:` (to the server) and `STDOUT:` (from the server) at the start of the line, as a
//!   wrapper around the server writes them; `STDERR:` marks the server's own log text.
//!
//! A leading timestamp (`2025-06-01T10:00:00.000Z`, `[12:00:01.5]`) is the entry's timestamp.
//!
//! Values are found at the start of a line, right after a direction marker (with only `:`,
//! `-`, `|` or a closing bracket between), or right after another value; a value continues
//! on the next lines until its brackets balance, unless a line at column 0 starts something
//! that cannot be inside it (see [`extent`]). Anything else is text.
use std::ops::Range;

use mcpvet_json::{JsonOptions, parse};
use mcpvet_text::Span;

use super::detect::{Class, Verdict, classify};
use super::line::{self, Extent, JSON_WS, looks_like_json, timestamp_len};
use super::records::{Meta, Reader};
use super::{Direction, DirectionSource, InputFormat};

/// Who wrote what follows a direction header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    /// A message sent this way.
    Sent(Direction),
    /// The server's standard error: its own log text, not a protocol message.
    Stderr,
}

/// A direction header: a line, or the start of a line, that says who sent the value after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Header {
    /// Where the header starts (its first non-blank character).
    pub(crate) start: u32,
    /// What the marker says.
    pub(crate) side: Side,
    /// The timestamp the header starts with, when it has one.
    pub(crate) timestamp: Option<Span>,
    /// Where a JSON value starts on the header's own line, right after the marker.
    body: Option<u32>,
}

/// One value found by [`plan`], with what introduces it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Record {
    /// The entry: from the header (when there is one) to the end of the value.
    pub(crate) span: Span,
    /// The value.
    pub(crate) json: Span,
    /// The value spans several lines.
    pub(crate) multi_line: bool,
    /// The value follows another one or a marker on its line (it is not alone on a line).
    pub(crate) inline: bool,
    /// The direction header before it.
    pub(crate) header: Option<Header>,
}

/// What one stretch of the file holds, in source order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece {
    /// Text that is not a value (a header line with no value after it included).
    Text(Span),
    /// A value.
    Record(Record),
}

/// Finds the values of the file and the text between them (see the [module docs](self)).
/// Direction headers are read only with `headers`. At most `max_values` values are returned
/// (the rest of the file is then left out), for detection.
pub(crate) fn plan(
    text: &str,
    lines: &[Range<usize>],
    bom: usize,
    headers: bool,
    max_values: usize,
) -> Vec<Piece> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut values = 0;
    // A header line waiting for its value, and its span.
    let mut pending: Option<(Header, Span)> = None;
    // Values starting before this offset are read alone on their line: a value that did not
    // close was scanned up to here already, which keeps the whole scan linear.
    let mut no_join_before = 0usize;
    // Where reading resumes on line `i` after a value that ended on it.
    let mut resume: Option<usize> = None;
    let mut i = 0;
    while i < lines.len() && values < max_values {
        let range = &lines[i];
        let line_start = range.start.max(bom).min(range.end);
        let start = resume.take().unwrap_or(line_start).max(line_start);
        let end = content_end(text, range).max(start);
        let segment = &text[start..end];
        let trimmed = segment.trim_matches(JSON_WS);
        if trimmed.is_empty() {
            i += 1;
            continue;
        }
        let first = start + (segment.len() - segment.trim_start_matches(JSON_WS).len());
        let last = first + trimmed.len();
        let resumed = start > line_start;
        let (at, header) = if starts_value(trimmed) {
            let header = if resumed {
                None
            } else {
                pending.take().map(|(h, _)| h)
            };
            (first, header)
        } else if let Some(h) = (headers && !resumed)
            .then(|| scan_header(&text[first..last], first as u32))
            .flatten()
        {
            flush(&mut out, &mut pending);
            if let Some(body) = h.body {
                (body as usize, Some(h))
            } else {
                pending = Some((h, Span::new(first as u32, last as u32)));
                i += 1;
                continue;
            }
        } else {
            flush(&mut out, &mut pending);
            out.push(Piece::Text(Span::new(first as u32, last as u32)));
            i += 1;
            continue;
        };
        let close = if at >= no_join_before {
            extent(bytes, at, bytes.len())
        } else {
            extent(bytes, at, end)
        };
        let value_end = match close {
            Ok(close) => close,
            Err(stop) => {
                no_join_before = no_join_before.max(stop);
                last
            }
        };
        // The line the value ends on.
        let mut j = i;
        while j + 1 < lines.len() && lines[j].end < value_end {
            j += 1;
        }
        let from = header.map_or(at as u32, |h| h.start);
        out.push(Piece::Record(Record {
            span: Span::new(from, value_end as u32),
            json: Span::new(at as u32, value_end as u32),
            multi_line: j > i,
            inline: resumed || at != first,
            header,
        }));
        values += 1;
        i = j;
        resume = Some(value_end);
    }
    flush(&mut out, &mut pending);
    out
}

/// Whether a trimmed line starts with a JSON value, and not with a timestamp in brackets
/// (`[2025-06-01T10:00:00.000Z] ...`, which starts like an array of numbers).
fn starts_value(trimmed: &str) -> bool {
    looks_like_json(trimmed)
        && trimmed
            .strip_prefix('[')
            .is_none_or(|rest| timestamp_len(rest.as_bytes()).is_none())
}

/// A header line that no value followed is text.
fn flush(out: &mut Vec<Piece>, pending: &mut Option<(Header, Span)>) {
    if let Some((_, span)) = pending.take() {
        out.push(Piece::Text(span));
    }
}

/// The end of a line's content (before a `\r`).
fn content_end(text: &str, range: &Range<usize>) -> usize {
    let line = &text[range.clone()];
    range.start + line.strip_suffix('\r').unwrap_or(line).len()
}

/// The end (exclusive) of the value starting with a bracket at `bytes[start]`, counting
/// brackets outside strings up to `limit`; or, when it does not close, the offset where the
/// search stopped (see [`line::scan_extent`]).
fn extent(bytes: &[u8], start: usize, limit: usize) -> Result<usize, usize> {
    match line::scan_extent(bytes, start, limit, true) {
        (Extent::Closed(end), _) => Ok(end),
        (_, at) => Err(at),
    }
}

/// Whether a line of text (not starting with a JSON value) is a direction header: `None`
/// when it is not, else whether a JSON value follows the marker on the line.
pub(crate) fn header_line(line: &str) -> Option<bool> {
    scan_header(line.trim_matches(JSON_WS), 0).map(|h| h.body.is_some())
}

/// Reads a direction header in `line` (trimmed, starting at offset `base` of the file).
fn scan_header(line: &str, base: u32) -> Option<Header> {
    let bytes = line.as_bytes();
    let at = |i: usize| base + i as u32;
    // A leading timestamp, bare or in brackets.
    let open = usize::from(bytes.first() == Some(&b'['));
    let mut after = 0;
    let mut timestamp = None;
    if let Some(len) = timestamp_len(&bytes[open..]) {
        timestamp = Some(Span::new(at(open), at(open + len)));
        after = open + len;
        if open == 1 && bytes.get(after) == Some(&b']') {
            after += 1;
        }
        while bytes.get(after).is_some_and(|b| matches!(b, b' ' | b'\t')) {
            after += 1;
        }
    }
    let (marker_end, side) = label(line, after).or_else(|| marker(line, after))?;
    // A value right after the marker, with only separators between.
    let mut k = marker_end;
    while bytes
        .get(k)
        .is_some_and(|b| matches!(b, b' ' | b'\t' | b':' | b'-' | b'|' | b']' | b')'))
    {
        k += 1;
    }
    let body = (k < line.len() && starts_value(&line[k..])).then(|| at(k));
    Some(Header {
        start: base,
        side,
        timestamp,
        body,
    })
}

/// `STDIN:`, `STDOUT:` or `STDERR:` at `from`: the end of the label (after the colon).
fn label(line: &str, from: usize) -> Option<(usize, Side)> {
    let rest = &line[from..];
    let (word, side) = [
        ("stdin:", Side::Sent(Direction::ClientToServer)),
        ("stdout:", Side::Sent(Direction::ServerToClient)),
        ("stderr:", Side::Stderr),
    ]
    .into_iter()
    .find(|(word, _)| {
        rest.get(..word.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(word))
    })?;
    Some((from + word.len(), side))
}

/// The first direction marker in `line` at or after `from`: the end of the marker.
fn marker(line: &str, from: usize) -> Option<(usize, Side)> {
    let bytes = line.as_bytes();
    for (i, c) in line[from..].char_indices().map(|(i, c)| (from + i, c)) {
        match c {
            'c' | 'C' | 's' | 'S' => {
                if let Some(found) = roles(line, i) {
                    return Some(found);
                }
            }
            '>' | '<' | '-' => {
                let token = bytes.get(i..i + 3);
                let side = match token {
                    Some(b">>>" | b"-->") => Side::Sent(Direction::ClientToServer),
                    Some(b"<<<" | b"<--") => Side::Sent(Direction::ServerToClient),
                    _ => continue,
                };
                let before = i == 0 || matches!(bytes[i - 1], b' ' | b'\t');
                let after = bytes
                    .get(i + 3)
                    .is_none_or(|b| matches!(b, b' ' | b'\t' | b'{' | b'[' | b':'));
                if before && after {
                    return Some((i + 3, side));
                }
            }
            _ => {}
        }
    }
    None
}

/// `client <arrow> server` (or the other way) starting at `i`: the end and the direction.
fn roles(line: &str, i: usize) -> Option<(usize, Side)> {
    let bytes = line.as_bytes();
    if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
        return None;
    }
    let word = |at: usize| -> Option<(usize, bool)> {
        let rest = line.get(at..)?;
        let (len, client) = if rest
            .get(..6)
            .is_some_and(|w| w.eq_ignore_ascii_case("client"))
        {
            (6, true)
        } else if rest
            .get(..6)
            .is_some_and(|w| w.eq_ignore_ascii_case("server"))
        {
            (6, false)
        } else {
            return None;
        };
        Some((at + len, client))
    };
    let (end, first_is_client) = word(i)?;
    let skip = |mut k: usize| {
        while bytes.get(k).is_some_and(|b| matches!(b, b' ' | b'\t')) {
            k += 1;
        }
        k
    };
    let k = skip(end);
    let rest = &line[k..];
    let (len, forward, spaced) = [
        ("-->", true, true),
        ("->", true, true),
        ("=>", true, true),
        ("\u{2192}", true, true),
        ("\u{27f6}", true, true),
        ("\u{21d2}", true, true),
        ("<--", false, true),
        ("<-", false, true),
        ("\u{2190}", false, true),
        ("_to_", true, false),
        ("-to-", true, false),
    ]
    .into_iter()
    .find(|(sep, _, _)| {
        rest.get(..sep.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(sep))
    })
    .map(|(sep, forward, spaced)| (sep.len(), forward, spaced))?;
    // `client_to_server` and `client-to-server` are one word; the other separators may have
    // spaces around them.
    if !spaced && k != end {
        return None;
    }
    let second = if spaced { skip(k + len) } else { k + len };
    let (end2, second_is_client) = word(second)?;
    if second_is_client == first_is_client
        || bytes
            .get(end2)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    {
        return None;
    }
    let from_client = first_is_client == forward;
    let direction = if from_client {
        Direction::ClientToServer
    } else {
        Direction::ServerToClient
    };
    Some((end2, Side::Sent(direction)))
}

/// How many values detection looks at.
const SAMPLE: usize = 32;

/// Whether the file reads as a proxy log (`Some(true)`) or a stream of concatenated values
/// (`Some(false)`) rather than as lines: most of its first values are JSON-RPC messages, and
/// most of those come after a direction header, or most are not alone on their lines
/// (pretty-printed, or several on a line).
pub(crate) fn prescan(text: &str, lines: &[Range<usize>], bom: usize) -> Option<bool> {
    let pieces = plan(text, lines, bom, true, SAMPLE);
    let options = JsonOptions::strict();
    let (mut values, mut raw, mut headed, mut joined) = (0usize, 0usize, 0usize, 0usize);
    for (k, piece) in pieces.iter().enumerate() {
        let Piece::Record(r) = piece else { continue };
        // Another value, or text, right after this one on its line.
        let followed = match pieces.get(k + 1) {
            Some(Piece::Record(next)) => next.inline && next.header.is_none(),
            Some(Piece::Text(t)) => !text[r.json.end as usize..t.start as usize].contains('\n'),
            None => false,
        };
        values += 1;
        let outcome = parse(&text[r.json.range()], &options);
        if outcome
            .value
            .root()
            .is_some_and(|v| classify(v) == Class::Raw)
        {
            raw += 1;
        }
        if r.header.is_some_and(|h| matches!(h.side, Side::Sent(_))) {
            headed += 1;
        }
        if r.multi_line || r.inline || followed {
            joined += 1;
        }
    }
    if values == 0 || raw * 2 <= values {
        return None;
    }
    if headed * 2 >= values {
        Some(true)
    } else if values >= 2 && joined * 2 > values {
        Some(false)
    } else {
        None
    }
}

/// The verdict of detection for a file framed as a stream: its values read as JSON-RPC
/// messages make it a proxy log (with `headers`) or a JSON stream.
pub(crate) fn verdict(verdict: Verdict, headers: bool) -> Verdict {
    match verdict {
        Verdict::Format(InputFormat::JsonLines, _) if headers => Verdict::Format(
            InputFormat::ProxyLog,
            "direction headers (CLIENT -> SERVER, >>>, STDIN:) before JSON-RPC messages",
        ),
        Verdict::Format(InputFormat::JsonLines, _) => Verdict::Format(
            InputFormat::JsonStream,
            "JSON-RPC messages as concatenated JSON values, not one per line",
        ),
        other => other,
    }
}

/// Lowers a value with a direction header: a message stated to go the header's way, or, after
/// `STDERR:`, the server's log text.
pub(crate) fn headed(
    reader: &mut Reader<'_>,
    value: mcpvet_json::Value<'_>,
    record: &Record,
    header: &Header,
) {
    let meta = Meta {
        timestamp: header.timestamp.map(|t| reader.text_field(t)),
        direction: match header.side {
            Side::Sent(d) => Some((d, DirectionSource::Explicit)),
            Side::Stderr => None,
        },
        multi_line: record.multi_line,
        ..Meta::default()
    };
    match header.side {
        Side::Sent(_) => reader.raw(value, record.span, record.json, meta),
        Side::Stderr => {
            reader.recognized += 1;
            reader.non_protocol(record.span, meta);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use mcpvet_json::line_ranges;

    use super::*;

    fn pieces(text: &str, headers: bool) -> Vec<(char, &str)> {
        let lines: Vec<Range<usize>> = line_ranges(text).collect();
        plan(text, &lines, 0, headers, usize::MAX)
            .into_iter()
            .map(|p| match p {
                Piece::Text(s) => ('t', &text[s.range()]),
                Piece::Record(r) => (
                    match r.header.map(|h| h.side) {
                        Some(Side::Sent(Direction::ClientToServer)) => 'C',
                        Some(Side::Sent(Direction::ServerToClient)) => 'S',
                        Some(Side::Stderr) => 'E',
                        None => 'v',
                    },
                    &text[r.json.range()],
                ),
            })
            .collect()
    }

    fn side(line: &str) -> Option<Side> {
        scan_header(line, 0).map(|h| h.side)
    }

    const C2S: Option<Side> = Some(Side::Sent(Direction::ClientToServer));
    const S2C: Option<Side> = Some(Side::Sent(Direction::ServerToClient));

    #[test]
    fn markers() {
        for line in [
            "[2025-06-01T10:00:00.000Z] CLIENT -> SERVER",
            "client → server",
            "Client=>Server:",
            "client_to_server",
            "direction: client-to-server",
            "SERVER <- CLIENT",
            ">>> {\"a\":1}",
            "12:00:01 DEBUG transport - >>> {}",
            "--> {}",
            "STDIN:",
            "stdin: {}",
        ] {
            assert_eq!(side(line), C2S, "{line}");
        }
        for line in [
            "SERVER -> CLIENT",
            "server → client (tools/list)",
            "<<< {}",
            "<--",
            "STDOUT:",
            "client <- server",
        ] {
            assert_eq!(side(line), S2C, "{line}");
        }
        assert_eq!(side("STDERR: Starting server"), Some(Side::Stderr));
        for line in [
            "the clients -> servers",
            "client -> client",
            "clientserver",
            "a>>>b",
            ">>>>",
            "Message from client: {}",
            "server started",
            "<!-- a comment",
            "subclient -> server",
        ] {
            assert_eq!(side(line), None, "{line}");
        }
    }

    #[test]
    fn header_timestamp_and_body() {
        let line = "[2025-06-01T10:00:00.000Z] CLIENT -> SERVER: {\"id\":1}";
        let h = scan_header(line, 10).unwrap();
        assert_eq!(h.start, 10);
        assert_eq!(h.timestamp, Some(Span::new(11, 35)));
        assert_eq!(h.body, Some(10 + line.find('{').unwrap() as u32));
        // A word between the marker and the value: the value is not the header's body.
        assert_eq!(
            scan_header(">>> initialize {\"protocolVersion\":\"1\"}", 0)
                .unwrap()
                .body,
            None
        );
    }

    #[test]
    fn headers_and_pretty_bodies() {
        let text = "STDIN:\n{\n    \"id\": 1\n}\nSTDERR: Starting server...\nSTDOUT:\n{\n    \"id\": 1\n}\n";
        assert_eq!(
            pieces(text, true),
            vec![
                ('C', "{\n    \"id\": 1\n}"),
                ('t', "STDERR: Starting server..."),
                ('S', "{\n    \"id\": 1\n}"),
            ]
        );
        // Without headers, the header lines are text.
        assert_eq!(pieces(text, false)[0], ('t', "STDIN:"));
    }

    #[test]
    fn concatenated_values_and_text_between() {
        let text = "{\"a\":1}{\"b\":2} tail\n  [1,\n  2]\nnoise {\"c\":3}\n";
        assert_eq!(
            pieces(text, false),
            vec![
                ('v', "{\"a\":1}"),
                ('v', "{\"b\":2}"),
                ('t', "tail"),
                ('v', "[1,\n  2]"),
                ('t', "noise {\"c\":3}"),
            ]
        );
    }

    #[test]
    fn unclosed_values_are_read_alone() {
        let text = "{\"a\":\n{\"b\":1}\n  {\"c\":\n  {\"d\":2}\n";
        assert_eq!(
            pieces(text, false),
            vec![
                ('v', "{\"a\":"),
                ('v', "{\"b\":1}"),
                ('v', "{\"c\":"),
                ('v', "{\"d\":2}"),
            ]
        );
    }

    #[test]
    fn a_header_without_value_is_text() {
        let text = "CLIENT -> SERVER\nhello\n>>> initialize {\"x\":1}\n";
        assert_eq!(
            pieces(text, true),
            vec![
                ('t', "CLIENT -> SERVER"),
                ('t', "hello"),
                ('t', ">>> initialize {\"x\":1}"),
            ]
        );
    }

    use crate::transcript::{
        DetectedBy, Entry, EntryKind, Transcript, check_invariants, read_transcript,
    };

    /// `C`/`S` for a stated direction, `c`/`s` for an inferred one, `?` for none; `.` for a
    /// non-message entry.
    pub(crate) fn dirs(t: &Transcript<'_>) -> String {
        t.entries().iter().map(letter).collect()
    }

    fn letter(e: &Entry) -> char {
        let c = match e.direction {
            _ if !e.is_message() => return '.',
            Some(Direction::ClientToServer) => 'c',
            Some(Direction::ServerToClient) => 's',
            None => return '?',
        };
        if e.direction_source.is_inferred() {
            c
        } else {
            c.to_ascii_uppercase()
        }
    }

    #[test]
    fn a_stdin_debug_log_reads_with_stated_directions() {
        let text = "STDIN:\n{\n    \"jsonrpc\": \"2.0\",\n    \"id\": 0,\n    \"method\": \"initialize\"\n}\nSTDERR: Starting server...\nSTDOUT:\n{\n    \"result\": {},\n    \"jsonrpc\": \"2.0\",\n    \"id\": 0\n}\n";
        let o = read_transcript(text, Some("mcp_session.log"), None);
        check_invariants(&o).unwrap();
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::ProxyLog);
        assert_eq!(dirs(t), "C.S");
        let e = t.entries();
        assert_eq!(
            &text[e[0].span.range()],
            &text[..=text.find("}\n").unwrap()]
        );
        assert!(e[0].multi_line);
        assert!(matches!(e[1].kind, EntryKind::NonProtocol { .. }));
        assert_eq!(t.links().len(), 1);
    }

    #[test]
    fn timestamps_and_inline_markers() {
        let text = concat!(
            "2026-03-02 18:45:12.430 [main] DEBUG Transport - >>> {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n",
            "2026-03-02 18:45:12.902 [pool-1] DEBUG Transport - <<< {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n",
        );
        let o = read_transcript(text, None, None);
        check_invariants(&o).unwrap();
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::ProxyLog);
        assert_eq!(dirs(t), "CS");
        let ts = t.entries()[0].timestamp.as_ref().unwrap();
        assert_eq!(ts.value, "2026-03-02 18:45:12.430");
        // The entry is the whole line; the message is the value.
        assert_eq!(t.entries()[0].span.start, 0);
        let m = t.entries()[0].message().unwrap();
        assert!(text[t.value(m.node()).span().range()].starts_with("{\"jsonrpc\""));
    }

    #[test]
    fn a_json_stream_reads_value_by_value() {
        let text = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}\n==== next ====\n{\n  \"jsonrpc\": \"2.0\",\n  \"method\": \"notifications/initialized\"\n}\n";
        let o = read_transcript(text, None, None);
        check_invariants(&o).unwrap();
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::JsonStream);
        assert_eq!(t.detection().by, DetectedBy::Content);
        assert_eq!(dirs(t), "cs.c");
        assert_eq!(t.message_count(), 3);
    }

    #[test]
    fn forced_formats() {
        // Forced, a proxy log reads values after headers; a JSON stream ignores the headers.
        let text = ">>> {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n";
        let proxy = read_transcript(text, None, Some(InputFormat::ProxyLog));
        assert_eq!(dirs(&proxy.value), "C");
        let stream = read_transcript(text, None, Some(InputFormat::JsonStream));
        assert_eq!(dirs(&stream.value), ".");
        assert_eq!(
            stream
                .diagnostics
                .iter()
                .map(|d| d.code().as_str())
                .collect::<Vec<_>>(),
            vec!["MCP010"]
        );
        // A broken value is read alone, as a broken message.
        let broken =
            "{\"jsonrpc\":\"2.0\",\"id\":1\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n";
        let o = read_transcript(broken, None, Some(InputFormat::JsonStream));
        check_invariants(&o).unwrap();
        assert_eq!(o.value.message_count(), 2);
        assert_eq!(o.diagnostics[0].code().as_str(), "MCP001");
    }

    #[test]
    fn prescan_decides() {
        let lines = |t: &str| line_ranges(t).collect::<Vec<_>>();
        let msg = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
        let proxy = format!(">>> {msg}\n<<< {msg}\n");
        assert_eq!(prescan(&proxy, &lines(&proxy), 0), Some(true));
        let stream = format!("{msg}{msg}\n{msg} {msg}\n");
        assert_eq!(prescan(&stream, &lines(&stream), 0), Some(false));
        let jsonl = format!("{msg}\n{msg}\ntext\n");
        assert_eq!(prescan(&jsonl, &lines(&jsonl), 0), None);
        let not_messages = "{\"a\":1}{\"b\":2}\n";
        assert_eq!(prescan(not_messages, &lines(not_messages), 0), None);
    }
}
