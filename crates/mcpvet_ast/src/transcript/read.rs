//! The reader: framing (whole file, lines, log lines), one parse, format detection, lowering.
use std::ops::Range;

use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::{JsonOptions, Value, line_ranges, parse_ranges};
use mcpvet_text::{Span, check_len};

use super::clientlog::{self, Dialect, metadata};
use super::detect::{self, Verdict};
use super::line::{self, Extent, JSON_WS, JsonLine, LogBody, LogLine, json_line, scan_log_line};
use super::records::{Meta, Reader, string_field};
use super::refuse::{Judgement, Seen, Survey};
use super::{
    DetectedBy, Detection, DirectionSource, EntryKind, InputFormat, Transcript, cassette, pairing,
    proxy, refuse,
};
use crate::{LowerOutcome, codes};

/// How the JSON of the file is laid out.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Framing {
    /// The file is one JSON value (this range).
    Whole(Range<usize>),
    /// One record per line (a pretty-printed value may span several lines).
    Lines,
    /// Client log lines (Claude Desktop, VS Code, Cursor).
    Log(Dialect),
    /// JSON values anywhere a line or another value lets one start, with direction headers
    /// when `true` (proxy logs; see [`proxy`]).
    Stream(bool),
}

/// What one stretch of the file holds, in source order.
#[derive(Debug)]
enum Item {
    /// A line of text.
    Text { span: Span },
    /// A JSON value: the entry span, the JSON range given to the parser (its root index).
    Json {
        span: Span,
        json: Span,
        root: usize,
        multi_line: bool,
    },
    /// A log line and the roots of its JSON parts.
    Log {
        span: Span,
        log: LogLine,
        json: Option<usize>,
        method: Option<usize>,
        id: Option<usize>,
    },
    /// A JSON value after a direction header, and its root index.
    Headed {
        record: proxy::Record,
        header: proxy::Header,
        root: usize,
    },
}

#[derive(Debug, Default)]
struct Plan {
    items: Vec<Item>,
    ranges: Vec<Range<usize>>,
}

impl Plan {
    fn root(&mut self, span: Span) -> usize {
        self.ranges.push(span.range());
        self.ranges.len() - 1
    }
}

/// Reads a captured session in any supported format.
///
/// `file_name` is only a hint for detection (the content decides first); `format` forces a
/// format instead of detecting one. Never fails: problems are diagnostics (parse findings
/// first, in source order, then lowering findings), and the transcript holds what could be
/// read.
pub fn read_transcript<'a>(
    text: &'a str,
    file_name: Option<&str>,
    format: Option<InputFormat>,
) -> LowerOutcome<Transcript<'a>> {
    super::derive::read(text, file_name, format)
}

/// Reads a capture as written (see [`read_transcript`], which also reads YAML documents and
/// HTTP cassettes through a derived text).
pub(crate) fn read_text<'a>(
    text: &'a str,
    file_name: Option<&str>,
    format: Option<InputFormat>,
) -> LowerOutcome<Transcript<'a>> {
    let options = JsonOptions::strict();
    if check_len(text.len()).is_err() {
        let outcome = parse_ranges(text, std::iter::empty(), &options);
        let detection = Detection {
            format: format.unwrap_or(InputFormat::JsonLines),
            by: if format.is_some() {
                DetectedBy::Forced
            } else {
                DetectedBy::Default
            },
            reason: "input too large to read",
        };
        return LowerOutcome {
            value: Transcript {
                document: outcome.value,
                entries: Vec::new(),
                links: Vec::new(),
                detection,
                derivation: None,
            },
            diagnostics: outcome.diagnostics,
        };
    }
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let lines: Vec<Range<usize>> = line_ranges(text).collect();
    // Only needed to decide the framing (a forced line format never reads the file as one
    // value): the scan of the first value may cross much of the text.
    let whole = || whole_value(text, bom);
    let mut early: Option<Detection> = None;
    let framing = match format {
        Some(InputFormat::JsonArray) => {
            let start = bom + (text.len() - bom - text[bom..].trim_start_matches(JSON_WS).len());
            if start < text.len() {
                Framing::Whole(start..text.len())
            } else {
                Framing::Lines
            }
        }
        Some(InputFormat::JsonLines) => Framing::Lines,
        Some(InputFormat::ProxyLog) => Framing::Stream(true),
        Some(InputFormat::JsonStream) => Framing::Stream(false),
        Some(format) => match Dialect::of(format) {
            Some(dialect) => Framing::Log(dialect),
            None => whole().map_or(Framing::Lines, Framing::Whole),
        },
        None => {
            if let Some(range) = whole() {
                Framing::Whole(range)
            } else if let Some(headers) = proxy::prescan(text, &lines, bom) {
                Framing::Stream(headers)
            } else {
                let scan = prescan(text, &lines, bom);
                if scan.logs > 0 && scan.logs >= scan.json {
                    let dialect = clientlog::choose(scan.hints);
                    early = Some(Detection {
                        format: dialect.format(),
                        by: DetectedBy::Content,
                        reason: dialect.reason(),
                    });
                    Framing::Log(dialect)
                } else if scan.logs == 0 && scan.json == 0 && has_extension(file_name, &["log"]) {
                    early = Some(Detection {
                        format: InputFormat::ClaudeDesktopLog,
                        by: DetectedBy::FileName,
                        reason: "a .log file",
                    });
                    Framing::Log(Dialect::ClaudeDesktop)
                } else {
                    Framing::Lines
                }
            }
        }
    };

    // About one item and one range per line: reserved up front instead of grown by doubling.
    let mut plan = Plan {
        items: Vec::with_capacity(lines.len()),
        ranges: Vec::with_capacity(lines.len()),
    };
    match &framing {
        Framing::Whole(range) => plan.ranges.push(range.clone()),
        Framing::Lines => plan_lines(text, &lines, bom, &mut plan),
        Framing::Log(dialect) => plan_log(text, &lines, bom, *dialect, &mut plan),
        Framing::Stream(headers) => plan_stream(text, &lines, bom, *headers, &mut plan),
    }
    let outcome = parse_ranges(text, plan.ranges.iter().cloned(), &options);
    let document = outcome.value;
    let mut diagnostics = outcome.diagnostics;
    let roots: Vec<Value<'_>> = document.roots().collect();
    let error_spans: Vec<Span> = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(Diagnostic::span)
        .collect();

    // Detection.
    let blank = text[bom..].trim_matches(JSON_WS).is_empty();
    let mut verdict_diag = None;
    let detection = if let Some(format) = format {
        Detection {
            format,
            by: DetectedBy::Forced,
            reason: "requested",
        }
    } else if let Some(detection) = early {
        detection
    } else if blank {
        Detection {
            format: InputFormat::JsonLines,
            by: DetectedBy::Default,
            reason: "empty input",
        }
    } else {
        let values = || {
            plan.items.iter().filter_map(|item| match item {
                Item::Json { root, .. } | Item::Headed { root, .. } => roots.get(*root).copied(),
                _ => None,
            })
        };
        let verdict = match &framing {
            Framing::Whole(_) => match roots.first() {
                Some(root) => detect::whole(*root),
                None => Verdict::NotSession("nothing in the file looks like a captured session"),
            },
            Framing::Stream(headers) => proxy::verdict(detect::lines(values()), *headers),
            _ => detect::lines(values()),
        };
        // The file is judged by most of its lines (see [`refuse`]).
        let survey = || Survey::new(text, file_name, plan.items.iter().map(|i| seen(i, &roots)));
        let line_framed = matches!(framing, Framing::Lines | Framing::Stream(_));
        match verdict {
            Verdict::Format(format, reason) if line_framed => {
                let survey = survey();
                match survey.judge() {
                    Judgement::Pasted if format == InputFormat::JsonLines => Detection {
                        format: InputFormat::JsonStream,
                        by: DetectedBy::Content,
                        reason: "JSON-RPC messages pasted into a Markdown document",
                    },
                    Judgement::Capture | Judgement::Pasted => Detection {
                        format,
                        by: DetectedBy::Content,
                        reason,
                    },
                    Judgement::Document(look) => {
                        verdict_diag = Some(survey.refusal(first_line(text, bom), look));
                        refused(&framing, look.reason())
                    }
                }
            }
            Verdict::Format(format, reason) => Detection {
                format,
                by: DetectedBy::Content,
                reason,
            },
            Verdict::Unsupported(what) => {
                verdict_diag = Some(
                    Diagnostic::new(
                        codes::UNSUPPORTED_FORMAT,
                        Severity::Error,
                        first_line(text, bom),
                        format!("the file is {what}, a capture format mcpvet does not read"),
                    )
                    .with_help(
                        "export the session as JSON Lines of JSON-RPC messages or as trace events",
                    ),
                );
                refused(&framing, "a capture format mcpvet does not read")
            }
            Verdict::NotSession(reason) => {
                let at = first_line(text, bom);
                verdict_diag = Some(match (&framing, roots.first()) {
                    (Framing::Whole(_), Some(root)) => refuse::container(*root, at, reason),
                    _ => survey().not_session(text, values(), at, reason),
                });
                refused(&framing, "no session found")
            }
        }
    };

    // Lowering.
    let mut reader = Reader::new(text, error_spans, plan.items.len());
    reader.with_lines(&lines);
    let format = detection.format;
    for item in &plan.items {
        match item {
            Item::Text { span } => reader.non_protocol(*span, Meta::default()),
            Item::Json {
                span,
                json,
                root,
                multi_line,
            } => {
                let Some(value) = roots.get(*root).copied() else {
                    continue;
                };
                let meta = Meta {
                    multi_line: *multi_line,
                    ..Meta::default()
                };
                record(&mut reader, format, value, *span, *json, meta);
            }
            Item::Log {
                span,
                log,
                json,
                method,
                id,
            } => log_item(&mut reader, &roots, *span, log, *json, *method, *id),
            Item::Headed {
                record,
                header,
                root,
            } => {
                if let Some(value) = roots.get(*root).copied() {
                    proxy::headed(&mut reader, value, record, header);
                }
            }
        }
    }
    if let Framing::Whole(_) = framing
        && let Some(root) = roots.first().copied()
    {
        whole_records(&mut reader, format, root);
    }

    let mut entries = std::mem::take(&mut reader.entries);
    let mut pairs = std::mem::take(&mut reader.links);
    pairing::infer(&mut entries, &document, &mut pairs);

    match verdict_diag {
        // The file was refused: one finding says what it is, and what reading it line by line
        // found (syntax errors of JSON examples, envelope fields) is not reported.
        Some(refusal) => diagnostics = vec![refusal],
        None => diagnostics.extend(reader.cx.into_diagnostics()),
    }
    let protocol = entries
        .iter()
        .any(|e| !matches!(e.kind, EntryKind::NonProtocol { .. }));
    if matches!(detection.by, DetectedBy::Forced | DetectedBy::FileName)
        && !blank
        && !protocol
        && reader.recognized == 0
    {
        diagnostics.push(
            Diagnostic::new(
                codes::NOT_MCP,
                Severity::Error,
                first_line(text, bom),
                format!(
                    "nothing in the file reads as a captured session in the {} format",
                    detection.format
                ),
            )
            .with_help("check the file, or let mcpvet detect the format"),
        );
    }
    LowerOutcome {
        value: Transcript {
            document,
            entries,
            links: pairs,
            detection,
            derivation: None,
        },
        diagnostics,
    }
}

/// How a file that detection refused is read: as JSON Lines, or as a JSON stream when it was
/// framed as one (its framing is already decided), so the dump still shows what is there.
fn refused(framing: &Framing, reason: &'static str) -> Detection {
    Detection {
        format: if matches!(framing, Framing::Stream(_)) {
            InputFormat::JsonStream
        } else {
            InputFormat::JsonLines
        },
        by: DetectedBy::Refused,
        reason,
    }
}

/// An item of the plan, for the [`Survey`] of the file's lines.
fn seen<'d>(item: &Item, roots: &[Value<'d>]) -> Seen<'d> {
    match item {
        Item::Text { span } | Item::Log { span, .. } => Seen::Text(*span),
        Item::Json { span, root, .. } => Seen::Json(*span, roots.get(*root).copied()),
        Item::Headed { record, root, .. } => Seen::Json(record.span, roots.get(*root).copied()),
    }
}

fn has_extension(file_name: Option<&str>, extensions: &[&str]) -> bool {
    file_name
        .and_then(|n| n.rsplit_once('.'))
        .is_some_and(|(_, ext)| extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)))
}

/// The span of the first non-blank line (where file-level findings point).
fn first_line(text: &str, bom: usize) -> Span {
    for range in line_ranges(text) {
        let start = range.start.max(bom);
        let content = text[start..range.end.max(start)].trim_end_matches(JSON_WS);
        if !content.trim_start_matches(JSON_WS).is_empty() {
            let lead = content.len() - content.trim_start_matches(JSON_WS).len();
            return Span::new((start + lead) as u32, (start + content.len()) as u32);
        }
    }
    Span::empty(bom as u32)
}

/// The range of the file's only JSON value, when the file is one value: it starts (after a
/// byte order mark and whitespace) with `{` or `[` that starts like JSON, and either the value
/// closes with only whitespace after it, or it never closes and no line at column 0 starts a
/// new value (an unterminated pretty-printed file).
fn whole_value(text: &str, bom: usize) -> Option<Range<usize>> {
    let rest = &text[bom..];
    let start = bom + (rest.len() - rest.trim_start_matches(JSON_WS).len());
    let first_line_end = text[start..].find('\n').map_or(text.len(), |p| start + p);
    if !line::looks_like_json(text[start..first_line_end].trim_matches(JSON_WS)) {
        return None;
    }
    let bytes = text.as_bytes();
    match line::value_extent(bytes, start, false) {
        Extent::Closed(end) if text[end..].trim_matches(JSON_WS).is_empty() => {
            Some(start..text.len())
        }
        Extent::Open if line::value_extent(bytes, start, true) != Extent::Interrupted => {
            Some(start..text.len())
        }
        _ => None,
    }
}

/// A line (without its `\n`) and its offset, skipping a byte order mark on the first line.
fn line_at<'t>(text: &'t str, range: &Range<usize>, bom: usize) -> (&'t str, u32) {
    let start = range.start.max(bom).min(range.end);
    (&text[start..range.end], start as u32)
}

/// The end of a line's content (before a `\r`).
fn content_end(text: &str, range: &Range<usize>) -> u32 {
    let line = &text[range.clone()];
    (range.start + line.strip_suffix('\r').unwrap_or(line).len()) as u32
}

/// What the first non-blank lines of a file are.
#[derive(Debug, Default)]
struct Prescan {
    /// Log lines (a timestamp and a bracketed field).
    logs: usize,
    /// Lines that start a JSON value.
    json: usize,
    /// Lines that say which client wrote the log: Claude Desktop, VS Code, Cursor (see
    /// [`clientlog::hint`]).
    hints: [usize; 3],
}

/// Counts log lines and JSON lines among the first non-blank lines, and the clues of which
/// client wrote a log: the file is judged by most of these lines, not by its first.
fn prescan(text: &str, lines: &[Range<usize>], bom: usize) -> Prescan {
    let mut scan = Prescan::default();
    let mut seen = 0;
    for range in lines {
        let (line, base) = line_at(text, range, bom);
        if line.trim_matches(JSON_WS).is_empty() {
            continue;
        }
        seen += 1;
        if seen > 64 {
            break;
        }
        if scan_log_line(line, base).is_some() {
            scan.logs += 1;
            match clientlog::hint(line) {
                Some(Dialect::ClaudeDesktop) => scan.hints[0] += 1,
                Some(Dialect::VsCode) => scan.hints[1] += 1,
                Some(Dialect::Cursor) => scan.hints[2] += 1,
                None => {}
            }
        } else if matches!(json_line(line, base), JsonLine::Json { .. }) {
            scan.json += 1;
        }
    }
    scan
}

/// Line framing: each line is text or JSON; a JSON value that starts at column 0 and whose
/// brackets do not close on its line continues on the following lines when they close it
/// before a line at column 0 starts something else (see [`line::value_extent`]); otherwise
/// the line is read alone.
fn plan_lines(text: &str, lines: &[Range<usize>], bom: usize, plan: &mut Plan) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < lines.len() {
        let range = &lines[i];
        let (line, base) = line_at(text, range, bom);
        match json_line(line, base) {
            JsonLine::Blank => {}
            JsonLine::Text(span) => plan.items.push(Item::Text { span }),
            JsonLine::Json { value, complete } => {
                let mut json = value;
                let mut end = content_end(text, range);
                let mut multi_line = false;
                // Only a value that starts at column 0 may continue on the next lines (a
                // pretty-printed message); an indented one is read alone, which also keeps
                // the scan linear.
                if !complete
                    && value.start == base
                    && let Extent::Closed(close) =
                        line::value_extent(bytes, value.start as usize, true)
                {
                    let mut j = i;
                    while j + 1 < lines.len() && lines[j + 1].start < close {
                        j += 1;
                    }
                    if j > i {
                        let last = &lines[j];
                        let trimmed = text[last.clone()].trim_end_matches(JSON_WS).len();
                        json = Span::new(value.start, (last.start + trimmed) as u32);
                        end = content_end(text, last);
                        multi_line = true;
                        i = j;
                    }
                }
                let root = plan.root(json);
                plan.items.push(Item::Json {
                    span: Span::new(base, end),
                    json,
                    root,
                    multi_line,
                });
            }
        }
        i += 1;
    }
}

/// Stream framing: the values [`proxy::plan`] finds, the text between them.
fn plan_stream(text: &str, lines: &[Range<usize>], bom: usize, headers: bool, plan: &mut Plan) {
    for piece in proxy::plan(text, lines, bom, headers, usize::MAX) {
        match piece {
            proxy::Piece::Text(span) => plan.items.push(Item::Text { span }),
            proxy::Piece::Record(record) => {
                let root = plan.root(record.json);
                plan.items.push(match record.header {
                    Some(header) => Item::Headed {
                        record,
                        header,
                        root,
                    },
                    None => Item::Json {
                        span: record.span,
                        json: record.json,
                        root,
                        multi_line: record.multi_line,
                    },
                });
            }
        }
    }
}

/// Log framing: the log lines of `dialect`; other lines are text, or JSON read alone. In a
/// Claude Desktop log, a `{ metadata: … }` print over the lines after a message belongs to
/// the message's entry (see [`metadata`]).
fn plan_log(text: &str, lines: &[Range<usize>], bom: usize, dialect: Dialect, plan: &mut Plan) {
    let mut i = 0;
    while i < lines.len() {
        let range = &lines[i];
        i += 1;
        let (line, base) = line_at(text, range, bom);
        if line.trim_matches(JSON_WS).is_empty() {
            continue;
        }
        let mut span = Span::new(base, content_end(text, range));
        if let Some(log) = dialect.scan(line, base) {
            if dialect == Dialect::ClaudeDesktop {
                let extra = metadata_block(text, lines, i, bom, &log, span);
                if extra > 0 {
                    span.end = content_end(text, &lines[i + extra - 1]);
                    i += extra;
                }
            }
            let (mut json, mut method, mut id) = (None, None, None);
            match &log.body {
                LogBody::Message { json: j, .. } => json = Some(plan.root(*j)),
                LogBody::Abbreviated {
                    method: m, id: i, ..
                } => {
                    if let Some(m) = m.filter(|m| text[m.range()].starts_with('"')) {
                        method = Some(plan.root(m));
                    }
                    if let Some(i) = i.filter(|i| json_scalar(&text[i.range()])) {
                        id = Some(plan.root(i));
                    }
                }
                LogBody::Lifecycle { .. } | LogBody::Text(_) => {}
            }
            plan.items.push(Item::Log {
                span,
                log,
                json,
                method,
                id,
            });
        } else {
            match json_line(line, base) {
                JsonLine::Json { value, .. } => {
                    let root = plan.root(value);
                    plan.items.push(Item::Json {
                        span,
                        json: value,
                        root,
                        multi_line: false,
                    });
                }
                JsonLine::Text(span) => plan.items.push(Item::Text { span }),
                JsonLine::Blank => {}
            }
        }
    }
}

/// How many lines after line `next - 1` (the log line `log`, at `span`) belong to its
/// metadata print.
fn metadata_block(
    text: &str,
    lines: &[Range<usize>],
    next: usize,
    bom: usize,
    log: &LogLine,
    span: Span,
) -> usize {
    let tail_start = match &log.body {
        LogBody::Message { json, .. } => json.end,
        LogBody::Abbreviated { .. } => {
            let line = &text[span.range()];
            match metadata::print_start(line) {
                Some(p) => span.start + p as u32,
                None => span.end,
            }
        }
        LogBody::Lifecycle { .. } | LogBody::Text(_) => return 0,
    };
    let tail = &text[tail_start as usize..span.end as usize];
    let following = lines[next..].iter().map(|r| {
        let (line, _) = line_at(text, r, bom);
        line.strip_suffix('\r').unwrap_or(line)
    });
    metadata::block_len(tail, following, |l| scan_log_line(l, 0).is_some())
}

/// Whether an abbreviated `id=` value is a JSON string or number (worth parsing).
fn json_scalar(text: &str) -> bool {
    (text.len() >= 2 && text.starts_with('"') && text.ends_with('"'))
        || (text.starts_with(|c: char| c == '-' || c.is_ascii_digit())
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E')))
}

/// Lowers one record (a line's value, or an element of a whole-file array) in `format`.
fn record(
    reader: &mut Reader<'_>,
    format: InputFormat,
    value: Value<'_>,
    span: Span,
    json: Span,
    meta: Meta,
) {
    match format {
        InputFormat::JsonArray
        | InputFormat::JsonLines
        | InputFormat::ClaudeDesktopLog
        | InputFormat::VsCodeLog
        | InputFormat::CursorLog
        | InputFormat::ProxyLog
        | InputFormat::JsonStream => reader.raw(value, span, json, meta),
        InputFormat::Cassette => cassette::read(reader, value, span, meta),
        InputFormat::Trace => reader.trace(value, span, json, meta),
        InputFormat::InspectorExport => reader.inspector(value, span, meta),
        InputFormat::SdkCapture => reader.sdk(value, span, meta),
        InputFormat::ServerSignature => reader.signature(value, span, meta),
        InputFormat::RunLog => {
            super::runlog::record(reader, value, span, json, meta, super::RunSyntax::Json);
        }
        // Read by `har::read`, through the text its bodies are inlined in.
        InputFormat::Har => super::har::record(reader, span, meta),
    }
}

/// Lowers a whole-file value: an array's elements are the records (for raw formats, the
/// messages; an element that is an array is a batch), an object is one record. Read as JSON
/// Lines (forced), a whole-file array is one batch.
fn whole_records(reader: &mut Reader<'_>, format: InputFormat, root: Value<'_>) {
    if root.kind() == mcpvet_json::ValueKind::Array && format != InputFormat::JsonLines {
        for element in root.items() {
            let span = element.span();
            record(reader, format, element, span, span, Meta::default());
        }
    } else {
        let span = root.span();
        record(reader, format, root, span, span, Meta::default());
    }
}

fn log_item(
    reader: &mut Reader<'_>,
    roots: &[Value<'_>],
    span: Span,
    log: &LogLine,
    json: Option<usize>,
    method: Option<usize>,
    id: Option<usize>,
) {
    let mut meta = Meta {
        timestamp: Some(reader.text_field(log.timestamp)),
        server: log.server.map(|s| reader.text_field(s)),
        level: log.level.map(|s| reader.spanned_text(s)),
        ..Meta::default()
    };
    match &log.body {
        LogBody::Message { from, json: range } => {
            meta.direction = Some((*from, DirectionSource::Explicit));
            match json.and_then(|r| roots.get(r).copied()) {
                Some(value) => reader.raw(value, span, *range, meta),
                None => reader.non_protocol(span, meta),
            }
        }
        LogBody::Abbreviated {
            from,
            method: method_span,
            words,
            ..
        } => {
            meta.direction = Some((*from, DirectionSource::Explicit));
            let method = method_span.map(|m| {
                method
                    .and_then(|r| roots.get(r).copied())
                    .and_then(string_field)
                    .unwrap_or_else(|| reader.text_field(m))
            });
            let id = id.and_then(|r| roots.get(r).copied());
            let words = words.iter().map(|w| reader.spanned_text(*w)).collect();
            reader.abbreviated(span, method, id, words, meta);
        }
        LogBody::Lifecycle { event, text } => {
            let event_text = reader.text_field(*text);
            reader.lifecycle(span, event_text, *event, meta);
        }
        LogBody::Text(_) => {
            reader.recognized += 1;
            reader.non_protocol(span, meta);
        }
    }
}

/// Reads the elements of a JSON-array capture given as byte ranges of `text` (each range one
/// element: a message, or an array for a batch), as [`read_transcript`] reads the whole
/// array. The streaming pipeline cuts a large array into pieces of whole elements and reads
/// each piece with this.
pub fn read_array_elements<'a>(
    text: &'a str,
    elements: &[Range<usize>],
) -> LowerOutcome<Transcript<'a>> {
    let options = JsonOptions::strict();
    let outcome = parse_ranges(text, elements.iter().cloned(), &options);
    let document = outcome.value;
    let mut diagnostics = outcome.diagnostics;
    let error_spans: Vec<Span> = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(Diagnostic::span)
        .collect();
    let mut reader = Reader::new(text, error_spans, document.roots().len());
    for value in document.roots() {
        let span = value.span();
        record(
            &mut reader,
            InputFormat::JsonArray,
            value,
            span,
            span,
            Meta::default(),
        );
    }
    let mut entries = std::mem::take(&mut reader.entries);
    let mut pairs = std::mem::take(&mut reader.links);
    pairing::infer(&mut entries, &document, &mut pairs);
    diagnostics.extend(reader.cx.into_diagnostics());
    LowerOutcome {
        value: Transcript {
            document,
            entries,
            links: pairs,
            detection: Detection {
                format: InputFormat::JsonArray,
                by: DetectedBy::Forced,
                reason: "a piece of a streamed JSON array",
            },
            derivation: None,
        },
        diagnostics,
    }
}
