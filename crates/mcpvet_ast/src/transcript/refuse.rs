//! Refusing what is not a capture: a file is judged by most of its lines, not by its first.
//!
//! A capture may hold text between its messages (stdout pollution, a stack trace, log
//! lines): it is still a capture. A document that holds a message or two (a Markdown bug
//! report with a fenced JSON-RPC example, a README, an HTML page, prose, a CSV table) is not:
//! it is reported once (`MCP010`), saying what it looks like, how many JSON-RPC messages it
//! holds and which `--input-format` would read them, instead of having every line checked as
//! stdout pollution. The decision:
//!
//! - the lines inside JSON-RPC messages (or other session records) are the protocol lines;
//!   headings, fences, list items, tables, links, HTML tags and CSV rows are markup lines;
//!   lines of four words or more made of letters and punctuation are prose;
//! - a file is a document when its protocol lines are fewer than half of its non-blank
//!   lines, its markup and prose lines at least half and more than its protocol lines, and
//!   either two lines or more are markup, or prose lines number at least five and three times
//!   the protocol lines (a server banner of a few words does not make a capture prose);
//! - a capture whose text lines include a Markdown code fence (a session pasted into a
//!   Markdown file) is read as a JSON stream: the fences and the text around them are not
//!   stdout pollution.
//!
//! A JSON document of an unknown shape that holds JSON-RPC messages deeper inside says how
//! many and where the first is; a YAML recorder cassette is read through the JSON it denotes (see `derive`).
use std::fmt::Write as _;

use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use super::detect::{Class, classify};
use super::line::{LogBody, scan_log_line};
use crate::codes;

/// What a stretch of a line-framed file holds, for the [`Survey`].
#[derive(Debug, Clone, Copy)]
pub(crate) enum Seen<'d> {
    /// A line (or the part of a line) of text.
    Text(Span),
    /// A JSON value (its entry span) and the value when it was read.
    Json(Span, Option<Value<'d>>),
}

/// What a text line looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Line {
    Markdown,
    Fence,
    Html,
    Prose,
    Other,
}

/// What the whole file looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Look {
    Markdown,
    Html,
    Csv,
    Prose,
}

impl Look {
    /// The reason of the refused detection.
    pub(crate) const fn reason(self) -> &'static str {
        match self {
            Look::Markdown => "Markdown, not a capture",
            Look::Html => "an HTML page, not a capture",
            Look::Csv => "a CSV table, not a capture",
            Look::Prose => "prose, not a capture",
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Look::Markdown => "Markdown",
            Look::Html => "an HTML page",
            Look::Csv => "a CSV table",
            Look::Prose => "prose",
        }
    }
}

/// Line counts of a line-framed file.
#[derive(Debug, Default)]
pub(crate) struct Survey {
    /// Non-blank lines.
    total: usize,
    /// Lines inside JSON values that are session records (messages, envelopes).
    protocol: usize,
    /// Those values.
    messages: usize,
    /// Text lines.
    text: usize,
    markdown: usize,
    fences: usize,
    html: usize,
    prose: usize,
    /// Text lines starting with `<!doctype` or `<html`.
    doctype: bool,
    /// Text lines with a direction marker of a logging proxy, with a Claude Desktop message
    /// (they count as protocol lines and messages when they hold one).
    proxy_headers: usize,
    claude_lines: usize,
    /// The most common separator count among text lines, and how many lines have it.
    csv: (usize, usize),
    /// What the file name says.
    named: Option<Look>,
}

impl Survey {
    /// Counts the lines of `text` as the framing cut it into `seen`.
    pub(crate) fn new<'d>(
        text: &str,
        file_name: Option<&str>,
        seen: impl Iterator<Item = Seen<'d>>,
    ) -> Survey {
        let mut s = Survey::default();
        let extension = file_name
            .and_then(|n| n.rsplit_once('.'))
            .map(|(_, e)| e.to_ascii_lowercase());
        s.named = match extension.as_deref() {
            Some("md" | "markdown" | "mdx") => Some(Look::Markdown),
            Some("html" | "htm" | "xhtml") => Some(Look::Html),
            Some("csv" | "tsv") => Some(Look::Csv),
            _ => None,
        };
        let mut separators: std::collections::HashMap<(u8, usize), usize> =
            std::collections::HashMap::new();
        for item in seen {
            match item {
                Seen::Json(span, value) => {
                    let lines = 1 + mcpvet_text::count_line_breaks(text, span.range());
                    s.total += lines;
                    if value.is_some_and(|v| is_record(classify(v))) {
                        s.protocol += lines;
                        s.messages += 1;
                    }
                }
                Seen::Text(span) => {
                    let line = &text[span.range()];
                    s.total += 1;
                    s.text += 1;
                    match line_look(line) {
                        Line::Markdown => s.markdown += 1,
                        Line::Fence => {
                            s.markdown += 1;
                            s.fences += 1;
                        }
                        Line::Html => s.html += 1,
                        Line::Prose => s.prose += 1,
                        Line::Other => {}
                    }
                    let lower = line.get(..9).map(str::to_ascii_lowercase);
                    if lower
                        .as_deref()
                        .is_some_and(|l| l.starts_with("<!doctype") || l.starts_with("<html"))
                    {
                        s.doctype = true;
                    }
                    // A pasted proxy or Claude Desktop log line holds a message too.
                    let header = super::proxy::header_line(line);
                    let log = scan_log_line(line, 0).is_some_and(|l| {
                        matches!(
                            l.body,
                            LogBody::Message { .. } | LogBody::Abbreviated { .. }
                        )
                    });
                    s.proxy_headers += usize::from(header.is_some());
                    s.claude_lines += usize::from(log);
                    if log || header == Some(true) {
                        s.protocol += 1;
                        s.messages += 1;
                    }
                    for sep in [b',', b';', b'\t'] {
                        let n = line.bytes().filter(|b| *b == sep).count();
                        if n >= 2 {
                            *separators.entry((sep, n)).or_default() += 1;
                        }
                    }
                }
            }
        }
        s.csv = separators
            .into_iter()
            .map(|((_, n), lines)| (n, lines))
            .max_by_key(|&(n, lines)| (lines, n))
            .unwrap_or_default();
        s
    }

    fn is_csv(&self) -> bool {
        let (_, lines) = self.csv;
        lines >= 3 && lines * 5 >= self.text * 4
            || (self.named == Some(Look::Csv) && lines >= 1 && lines * 2 >= self.text)
    }

    /// What the file looks like, when it looks like a document.
    fn look(&self) -> Option<Look> {
        if self.html > 0 && (self.doctype || self.html * 2 >= self.text) {
            return Some(Look::Html);
        }
        if self.is_csv() {
            return Some(Look::Csv);
        }
        if self.markdown >= 2
            || self.fences > 0
            || (self.named == Some(Look::Markdown) && self.markdown + self.prose > 0)
        {
            return Some(Look::Markdown);
        }
        if self.named == Some(Look::Html) && self.html > 0 {
            return Some(Look::Html);
        }
        if self.prose >= 2 && self.prose * 2 >= self.text {
            return Some(Look::Prose);
        }
        None
    }

    fn markup(&self) -> usize {
        self.markdown + self.html + if self.is_csv() { self.csv.1 } else { 0 }
    }

    /// What a line-framed file whose records read as a capture is: a capture, a session
    /// pasted into Markdown, or a document holding a few messages.
    pub(crate) fn judge(&self) -> Judgement {
        let doc = self.markup() + self.prose;
        let document = self.protocol * 2 < self.total
            && doc * 2 >= self.total
            && doc > self.protocol
            && (self.markup() >= 2 || self.prose >= (3 * self.protocol).max(5));
        match self.look() {
            Some(look) if document => Judgement::Document(look),
            _ if self.fences >= 2 => Judgement::Pasted,
            _ => Judgement::Capture,
        }
    }

    /// The finding for a document that holds `self.messages` messages (possibly none).
    pub(crate) fn refusal(&self, at: Span, look: Look) -> Diagnostic {
        let mut message = format!(
            "the file looks like {}, not a captured session",
            look.describe()
        );
        match self.messages {
            0 => {}
            1 => message.push_str("; it holds one JSON-RPC message"),
            n => {
                let _ = write!(message, "; it holds {n} JSON-RPC messages");
            }
        }
        let help = if self.messages == 0 {
            READS.to_owned()
        } else {
            let mut formats = vec![
                "`--input-format json-stream` (every JSON value, the text around them ignored)",
            ];
            if self.proxy_headers > 0 {
                formats.push("`--input-format proxy-log` (the messages after direction headers)");
            }
            if self.claude_lines > 0 {
                formats.push("`--input-format claude-desktop-log` (the pasted log lines)");
            }
            format!(
                "{READS}; to read the messages in this file anyway, pass {}",
                formats.join(" or ")
            )
        };
        Diagnostic::new(codes::NOT_MCP, Severity::Error, at, message).with_help(help)
    }

    /// The finding for a line-framed file in which nothing reads as a session: what it looks
    /// like when it looks like a document, how many JSON-RPC messages its
    /// JSON records hold when they hold some (`values`, in `text`), else `reason`.
    pub(crate) fn not_session<'d>(
        &self,
        text: &str,
        values: impl Iterator<Item = Value<'d>>,
        at: Span,
        reason: &str,
    ) -> Diagnostic {
        match self.look() {
            Some(look) => self.refusal(at, look),
            None => records(text, values, at).unwrap_or_else(|| not_mcp(at, reason)),
        }
    }
}

/// What [`Survey::judge`] decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Judgement {
    /// A capture, read as detected.
    Capture,
    /// Messages pasted into a Markdown file: read as a JSON stream.
    Pasted,
    /// A document: refused.
    Document(Look),
}

/// What mcpvet reads, for the help of its refusals.
const READS: &str = "mcpvet reads captured sessions: JSON-RPC messages (JSON Lines, a JSON \
     array, a JSON stream), trace events, Claude Desktop and proxy logs, Inspector exports, SDK \
     captures, server signatures and recorder cassettes";

/// `MCP010` with `reason` (nothing more is known about the file).
pub(crate) fn not_mcp(at: Span, reason: &str) -> Diagnostic {
    Diagnostic::new(codes::NOT_MCP, Severity::Error, at, reason).with_help(
        "pass a captured session: JSON-RPC messages (JSON Lines, a JSON array, a JSON stream), \
         trace events, a Claude Desktop or proxy log, an Inspector export, a recorder cassette",
    )
}

/// `MCP010` for a file that is one JSON value of no known shape, saying how many JSON-RPC
/// messages it holds deeper inside and where the first is, when it holds any; `reason`
/// otherwise (and for a configuration).
pub(crate) fn container(root: Value<'_>, at: Span, reason: &str) -> Diagnostic {
    if classify(root) == Class::Config {
        return not_mcp(at, reason);
    }
    match nested(std::iter::once(root)) {
        Some((count, first)) => unknown_shape(
            at,
            &format!(
                "the file is JSON of a shape mcpvet does not know, not a captured session; it holds {}, the first at `{}`",
                messages(count),
                first.path()
            ),
        ),
        None => not_mcp(at, reason),
    }
}

/// The same for the JSON records of a line-framed file (`text` holds them).
fn records<'d>(
    text: &str,
    values: impl Iterator<Item = Value<'d>>,
    at: Span,
) -> Option<Diagnostic> {
    let (count, first) = nested(values)?;
    let line = 1 + mcpvet_text::count_line_breaks(text, 0..first.span().start as usize);
    Some(unknown_shape(
        at,
        &format!(
            "the file's JSON records are of a shape mcpvet does not know, not a captured session; they hold {}, the first at `{}` on line {line}",
            messages(count),
            first.path()
        ),
    ))
}

fn unknown_shape(at: Span, message: &str) -> Diagnostic {
    Diagnostic::new(codes::NOT_MCP, Severity::Error, at, message).with_help(format!(
        "{READS}; export the session as JSON Lines or as a JSON array of its messages"
    ))
}

fn messages(count: usize) -> String {
    if count == 1 {
        "one JSON-RPC message".to_owned()
    } else {
        format!("{count} JSON-RPC messages")
    }
}

/// How many JSON-RPC messages the `roots` hold below them (not counting the roots), and the
/// first in source order.
fn nested<'d>(roots: impl Iterator<Item = Value<'d>>) -> Option<(usize, Value<'d>)> {
    let mut count = 0usize;
    let mut first: Option<Value<'d>> = None;
    for root in roots {
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            match v.kind() {
                ValueKind::Object => {
                    if v.id() != root.id()
                        && v.get("jsonrpc").is_some()
                        && (v.get("method").is_some()
                            || v.get("result").is_some()
                            || v.get("error").is_some())
                    {
                        count += 1;
                        if first.is_none_or(|f| v.span().start < f.span().start) {
                            first = Some(v);
                        }
                        continue;
                    }
                    stack.extend(v.members().map(|m| m.value));
                }
                ValueKind::Array => stack.extend(v.items()),
                _ => {}
            }
        }
    }
    first.map(|f| (count, f))
}

/// Whether values of this class are records of a session.
fn is_record(class: Class) -> bool {
    !matches!(class, Class::Config | Class::Unknown)
}

/// What one text line looks like.
fn line_look(line: &str) -> Line {
    let t = line.trim();
    let bytes = t.as_bytes();
    if t.starts_with("```") || t.starts_with("~~~") {
        return Line::Fence;
    }
    // Headings: `# Title`, up to six `#`.
    let hashes = bytes.iter().take_while(|b| **b == b'#').count();
    if (1..=6).contains(&hashes) && bytes.get(hashes) == Some(&b' ') && t.len() > hashes + 1 {
        return Line::Markdown;
    }
    // List items whose text starts like words (not `- /path/of/a/stack/frame`).
    let item = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .or_else(|| t.strip_prefix("+ "))
        .or_else(|| {
            let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            (digits > 0 && digits < 4)
                .then(|| {
                    t[digits..]
                        .strip_prefix(". ")
                        .or_else(|| t[digits..].strip_prefix(") "))
                })
                .flatten()
        });
    if let Some(rest) = item
        && rest
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || matches!(c, '[' | '`' | '*' | '_'))
    {
        return Line::Markdown;
    }
    if t.starts_with("> ") && t.len() > 2 {
        return Line::Markdown;
    }
    if t.len() > 2 && t.starts_with('|') && t.ends_with('|') {
        return Line::Markdown;
    }
    if let Some(open) = t.find("](")
        && t[..open].contains('[')
    {
        return Line::Markdown;
    }
    if bytes.first() == Some(&b'<')
        && bytes
            .get(1)
            .is_some_and(|b| b.is_ascii_alphabetic() || matches!(b, b'/' | b'!'))
        && t.contains('>')
    {
        return Line::Html;
    }
    if is_prose(t) {
        // Prose with inline code spans is Markdown.
        if t.matches('`').count() >= 2 {
            return Line::Markdown;
        }
        return Line::Prose;
    }
    Line::Other
}

/// Four words or more, made of letters and sentence punctuation, not a log line.
fn is_prose(t: &str) -> bool {
    if super::line::timestamp_len(t.as_bytes()).is_some()
        || t.starts_with("at ")
        || t.starts_with('[')
    {
        return false;
    }
    let words = t
        .split_whitespace()
        .filter(|w| w.chars().any(char::is_alphabetic))
        .count();
    if words < 4 {
        return false;
    }
    let mut letters = 0usize;
    let mut total = 0usize;
    for c in t.chars() {
        total += 1;
        if c.is_alphabetic() || c == ' ' {
            letters += 1;
        } else if matches!(
            c,
            '{' | '}' | '<' | '>' | '=' | '|' | '\\' | '$' | '#' | '@'
        ) {
            return false;
        }
    }
    letters * 100 >= total * 80
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_looks() {
        for (line, look) in [
            ("# tools/list fails", Line::Markdown),
            ("## Steps", Line::Markdown),
            ("```json", Line::Fence),
            ("- Restart Claude Desktop", Line::Markdown),
            ("1. Configure the server", Line::Markdown),
            ("> quoted text here", Line::Markdown),
            ("| a | b |", Line::Markdown),
            ("See [the docs](https://example.com) first", Line::Markdown),
            ("<!DOCTYPE html>", Line::Html),
            ("</div>", Line::Html),
            (
                "When I start the server from Claude Desktop, the list is empty.",
                Line::Prose,
            ),
            (
                "The `tools/list` call returns nothing at all",
                Line::Markdown,
            ),
            ("Starting server...", Line::Other),
            ("- /Users/me/srv/index.js", Line::Other),
            ("    at Object.<anonymous> (/srv/index.js:3:9)", Line::Other),
            ("[dotenv@17.2.0] injecting env (2) from .env", Line::Other),
            (
                "2025-06-01T10:00:00Z server started on port 3000",
                Line::Other,
            ),
            ("#!/bin/sh", Line::Other),
            ("Error: Cannot find module 'x'", Line::Prose),
        ] {
            assert_eq!(line_look(line), look, "{line}");
        }
    }
}

#[cfg(test)]
mod reading {
    use crate::transcript::{DetectedBy, InputFormat, check_invariants, read_transcript};

    fn read<'a>(
        text: &'a str,
        name: &str,
    ) -> crate::LowerOutcome<crate::transcript::Transcript<'a>> {
        let o = read_transcript(text, Some(name), None);
        check_invariants(&o).unwrap();
        o
    }

    fn only(o: &crate::LowerOutcome<crate::transcript::Transcript<'_>>) -> (String, String) {
        assert_eq!(o.diagnostics.len(), 1, "{:?}", o.diagnostics);
        let d = &o.diagnostics[0];
        (
            format!("{} {}", d.code(), d.message()),
            d.help().unwrap_or_default().to_owned(),
        )
    }

    const MSG: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#;

    #[test]
    fn a_markdown_bug_report_is_refused_once() {
        let text = format!(
            "# tools/list is empty\n\nWhen I start the server from Claude Desktop, the list is empty.\n\n## Steps\n\n1. Configure the server\n2. Restart the app\n\n```json\n{MSG}\n```\n\n```\n{{\"broken\n```\n"
        );
        let o = read(&text, "issue.md");
        let (message, help) = only(&o);
        assert_eq!(
            message,
            "MCP010 the file looks like Markdown, not a captured session; it holds one JSON-RPC message"
        );
        assert!(help.contains("--input-format json-stream"), "{help}");
        assert_eq!(o.value.detection().by, DetectedBy::Refused);
        // Still read, for the dump and the secret checks.
        assert_eq!(o.value.message_count(), 2);
    }

    #[test]
    fn prose_html_csv() {
        let prose = "We discussed the rollout of the new search server today.\nAlice will write the configuration for the staging cluster.\n";
        assert_eq!(
            only(&read(prose, "notes.txt")).0,
            "MCP010 the file looks like prose, not a captured session"
        );
        let html = "<!DOCTYPE html>\n<html>\n<body>\n<pre>\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n</pre>\n</body>\n</html>\n";
        assert_eq!(
            only(&read(html, "page.html")).0,
            "MCP010 the file looks like an HTML page, not a captured session; it holds one JSON-RPC message"
        );
        let csv = "ts,direction,method\n1,c2s,initialize\n2,s2c,initialize\n3,c2s,tools/list\n";
        assert_eq!(
            only(&read(csv, "export.csv")).0,
            "MCP010 the file looks like a CSV table, not a captured session"
        );
        // Nothing to say about two words.
        assert_eq!(
            only(&read("hello\nworld\n", "x")).0,
            "MCP010 nothing in the file looks like a captured session"
        );
    }

    #[test]
    fn a_capture_with_text_is_still_a_capture() {
        let banner = format!(
            "{MSG}\nWeather MCP Server running on stdio\nListening for requests from the client\nPress Ctrl+C to stop the server\n"
        );
        let o = read(&banner, "session.jsonl");
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        assert_eq!(o.value.format(), InputFormat::JsonLines);
        let trace = format!(
            "{MSG}\nError: Cannot find module 'x'\nRequire stack:\n- /srv/index.js\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1140:15)\n    at Module._load (node:internal/modules/cjs/loader:981:27)\n"
        );
        assert!(!read(&trace, "session.jsonl").value.is_refused());
    }

    #[test]
    fn a_session_pasted_into_markdown_is_a_json_stream() {
        let text = format!("## Session\n\n```jsonl\n{MSG}\n{MSG}\n{MSG}\n{MSG}\n{MSG}\n```\n");
        let o = read(&text, "session.md");
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        assert_eq!(o.value.format(), InputFormat::JsonStream);
        assert_eq!(
            o.value.detection().reason,
            "JSON-RPC messages pasted into a Markdown document"
        );
    }

    #[test]
    fn unknown_containers_and_yaml_cassettes() {
        let text = r#"{"tool": "x", "data": [{"msg": {"jsonrpc": "2.0", "id": 1, "method": "ping"}}, {"msg": {"jsonrpc": "2.0", "id": 1, "result": {}}}]}"#;
        assert_eq!(
            only(&read(text, "export.json")).0,
            "MCP010 the file is JSON of a shape mcpvet does not know, not a captured session; it holds 2 JSON-RPC messages, the first at `$.data[0].msg`"
        );
        let lines = "{\"seq\":0,\"dir\":\"c2s\",\"msg\":{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}}\n{\"seq\":1,\"dir\":\"s2c\",\"msg\":{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}}\n";
        assert_eq!(
            only(&read(lines, "recording.jsonl")).0,
            "MCP010 the file's JSON records are of a shape mcpvet does not know, not a captured session; they hold 2 JSON-RPC messages, the first at `$.msg` on line 1"
        );
        let yaml = "interactions:\n- request:\n    body: '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}'\n    method: POST\n    uri: http://localhost/mcp\nversion: 1\n";
        let o = read(yaml, "cassette.yaml");
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        assert_eq!(o.value.message_count(), 1);
        assert_eq!(
            o.value.derivation().map(|d| d.from.as_str()),
            Some("written in YAML, bodies read as JSON")
        );
    }
}
