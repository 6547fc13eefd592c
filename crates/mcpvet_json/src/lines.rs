use std::borrow::Cow;
use std::ops::Range;

use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_text::Span;

use crate::codes;
use crate::document::JsonDocument;
use crate::options::JsonOptions;
use crate::parser::{JsonParser, ParseOutcome};

/// The byte ranges of the lines of `text`, without their `\n` (a `\r` before it is kept; it is
/// JSON whitespace).
pub fn line_ranges(text: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut breaks = memchr::memchr_iter(b'\n', bytes);
    std::iter::from_fn(move || {
        if start > bytes.len() {
            return None;
        }
        let end = breaks.next().unwrap_or(bytes.len());
        let range = start..end;
        start = end + 1;
        if range.is_empty() && range.start == bytes.len() && range.start != 0 {
            return None; // no empty last line after a final line break
        }
        Some(range)
    })
}

fn is_blank(text: &str) -> bool {
    text.bytes()
        .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

/// Parses JSON Lines: each non-blank line is its own value (one root of the document). Spans
/// stay relative to the start of the file. A line that is not JSON gets its diagnostics and
/// parsing goes on with the next line.
pub fn parse_lines<'a>(text: &'a str, options: &JsonOptions) -> ParseOutcome<JsonDocument<'a>> {
    JsonParser::with_thread_scratch(options, |p| p.parse_lines(text))
}

/// Parses each of `ranges` (byte ranges of `text`, in increasing order) as one JSON value:
/// the document gets exactly one root per range, in order. Spans stay relative to the start
/// of `text`. Used by readers whose JSON sits inside other text (log lines, envelopes).
pub fn parse_ranges<'a>(
    text: &'a str,
    ranges: impl IntoIterator<Item = Range<usize>>,
    options: &JsonOptions,
) -> ParseOutcome<JsonDocument<'a>> {
    JsonParser::with_thread_scratch(options, |p| p.parse_ranges(text, ranges))
}

/// Parses JSON Lines given as bytes: like [`parse_lines`], with invalid UTF-8 reported as in
/// [`parse_bytes`](crate::parse_bytes) (one error per affected line, bad bytes read as `?`).
pub fn parse_lines_bytes<'a>(
    bytes: &'a [u8],
    options: &JsonOptions,
) -> ParseOutcome<JsonDocument<'a>> {
    JsonParser::with_thread_scratch(options, |p| p.parse_lines_bytes(bytes))
}

/// The non-blank lines of `text` (the first one starts after a byte order mark).
fn content_lines(text: &str) -> Vec<Range<usize>> {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    line_ranges(text)
        .map(|r| r.start.max(bom)..r.end.max(bom))
        .filter(|r| !r.is_empty() && !is_blank(&text[r.clone()]))
        .collect()
}

impl JsonParser {
    /// Parses JSON Lines (see [`parse_lines`]).
    pub fn parse_lines<'a>(&mut self, text: &'a str) -> ParseOutcome<JsonDocument<'a>> {
        let lines = content_lines(text);
        self.lines(Cow::Borrowed(text), Vec::new(), lines)
    }

    /// Parses JSON Lines given as bytes (see [`parse_lines_bytes`]).
    pub fn parse_lines_bytes<'a>(&mut self, bytes: &'a [u8]) -> ParseOutcome<JsonDocument<'a>> {
        let decoded = crate::decode_utf8(bytes);
        let lines = content_lines(&decoded.text);
        self.lines(decoded.text, decoded.diagnostics, lines)
    }

    fn lines<'a>(
        &mut self,
        text: Cow<'a, str>,
        diagnostics: Vec<Diagnostic>,
        lines: Vec<Range<usize>>,
    ) -> ParseOutcome<JsonDocument<'a>> {
        self.run(text, diagnostics, |parser, start, _| {
            for range in lines {
                // The first line starts after a byte order mark, if any.
                let range = range.start.max(start)..range.end;
                // A line with only comments (JSONC) is not a value.
                if let Some(root) = parser.parse_root_in(range.start, range.end, true) {
                    parser.roots.push(root);
                }
            }
        })
    }

    /// Parses byte ranges of `text` (see [`parse_ranges`]).
    pub fn parse_ranges<'a>(
        &mut self,
        text: &'a str,
        ranges: impl IntoIterator<Item = Range<usize>>,
    ) -> ParseOutcome<JsonDocument<'a>> {
        self.run(Cow::Borrowed(text), Vec::new(), |parser, start, _| {
            for range in ranges {
                let range = range.start.max(start)..range.end.min(text.len());
                if range.start > range.end
                    || !text.is_char_boundary(range.start)
                    || !text.is_char_boundary(range.end)
                {
                    let mut at = range.start.min(text.len());
                    while !text.is_char_boundary(at) {
                        at -= 1;
                    }
                    let at = at as u32;
                    parser.push_error_root(
                        at,
                        Diagnostic::new(
                            codes::SYNTAX,
                            Severity::Error,
                            Span::empty(at),
                            "range is not on character boundaries of the text",
                        ),
                    );
                    continue;
                }
                let root = parser.parse_root(range.start, range.end);
                parser.roots.push(root);
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_of_lines() {
        let r: Vec<_> = line_ranges("a\nbc\r\n\nd").collect();
        assert_eq!(r, vec![0..1, 2..5, 6..6, 7..8]);
        let r: Vec<_> = line_ranges("a\n").collect();
        assert_eq!(r, vec![0..1]);
        let r: Vec<_> = line_ranges("").collect();
        assert_eq!(r, vec![0..0]);
    }
}
