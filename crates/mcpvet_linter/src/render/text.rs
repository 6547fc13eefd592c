//! Human-readable output: one finding per block, rustc-style, with a snippet of the source.
//!
//! ```text
//! config.json:3:10: error[MCP001]: expected a value, found `tru`
//!   |
//! 3 |   "b": [1, tru]
//!   |            ^^^ not a JSON value
//!   |
//!   = help: write `true`
//! ```
//!
//! The header is `path:line:column: severity[CODE]: message`, with the line and column of the
//! start of the primary span, both 1-based, the column counted in Unicode code points. Then
//! come the source lines of the primary span and of every secondary label, underlined, with
//! their notes, and `= help:` when the finding has help. [`annotate_snippets`] draws the snippet;
//! this module chooses what source it sees:
//!
//! - **Bounded.** Only the lines the labels touch are handed over, and a line longer than
//!   1 KiB is cut to a window of 200 characters around each point of interest (40 when a line
//!   holds several distant points; cuts are shown as `...`). At most 64 secondary labels are
//!   drawn, the others are counted in a note. A finding in a multi-megabyte single-line file renders in a few lines; a label
//!   spanning more than 200 lines is shown as its first and its last line.
//! - **Exact.** Line numbers are those of [`LineIndex`]: CR, LF and CRLF each end a line. A
//!   span on a line break points just after the last character of the line; an empty span is
//!   drawn as a caret; a span at the very end of a file that ends with a line break points at
//!   the empty last line, as the header says.
//! - **Safe for terminals.** Control characters (escape sequences, bidirectional overrides)
//!   in the source, the message, the labels and the file name are shown as visible symbols,
//!   and line breaks in the message or the name as spaces, so a header is always one line.
//!   Characters that take no room (a byte order mark, zero-width spaces) are shown in the
//!   source as `<U+FEFF>`.
//! - **Redacting.** Every byte range of [`TextOptions::redactions`] is a secret: in the source
//!   lines its first four characters stay, every other character reads as `*` (one per
//!   character, so underlines stay aligned), and its text (as written, without its quotes, and
//!   decoded) is masked the same way wherever it occurs in the message, the labels or the help.
//! - **Total.** Spans past the end of the text or inside a character are clamped, never a
//!   panic.
use std::borrow::Cow;
use std::fmt::Write as _;

use annotate_snippets::renderer::{
    DEFAULT_EMPHASIS_STYLE, DEFAULT_ERROR_STYLE, DEFAULT_INFO_STYLE, DEFAULT_WARNING_STYLE, Style,
};
use annotate_snippets::{
    Annotation, AnnotationKind, Group, Level, Renderer, Snippet, normalize_untrusted_str,
};
use mcpvet_diagnostics::{Diagnostic, Label, Severity};
use mcpvet_text::{Encoding, LineIndex, SourceFile, Span};

use mcpvet_diagnostics::redact::{Redactor, SpanMask};

/// How to render findings as text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextOptions {
    /// Whether to style the output with ANSI escape sequences.
    pub color: bool,
    /// Byte ranges of the source that hold secrets. In the rendered source lines, a secret
    /// keeps its first four characters and every other character is replaced by `*` (line
    /// breaks are kept); its text is masked the same way in messages, labels and help.
    /// Ranges may overlap, come in any order, and lie partly outside the text.
    pub redactions: Vec<Span>,
}

/// Lines up to this many bytes are shown whole; longer ones are cut to windows.
const MAX_LINE_BYTES: u32 = 1024;
/// Characters kept on each side of a point of interest on a cut line. Wider than the 140
/// columns annotate-snippets renders within, so its own trimming (and `...`) always applies.
const CONTEXT_CHARS: usize = 200;
/// Characters kept on each side of a point when a line holds several distant points:
/// annotate-snippets shows everything between the first and the last annotation of a line.
const NARROW_CONTEXT_CHARS: usize = 40;
/// Secondary labels shown at most; the others are counted in a note.
const MAX_SECONDARY_LABELS: usize = 64;
/// Labels over more lines than this are shown as their first and last line only.
const MAX_SPAN_LINES: u32 = 200;
/// Gaps of up to this many lines between labelled lines stay in one snippet (as empty
/// lines that annotate-snippets folds away); wider gaps start a new snippet.
const MAX_FILLED_GAP: u32 = 10_000;
/// Windows on one line closer than this many bytes are merged.
const MERGE_DISTANCE: u32 = 16;
/// Shown where a line was cut.
const ELLIPSIS: &str = "...";

/// Renders one finding: the header line, then the snippet. The result ends with a line break.
///
/// A file that is not held (a capture inspected as a stream, see
/// [`SourceFile::positioned`]) is shown by the line the finding starts on, as recorded while
/// the file was read: at most 160 characters around the span, secrets masked, a caret
/// underline, then the help.
pub fn render_diagnostic(
    file: &SourceFile,
    diagnostic: &Diagnostic,
    options: &TextOptions,
) -> String {
    if !file.has_text() {
        return render_excerpt(file, diagnostic, options);
    }
    let src = Src::new(file);
    let secrets = Secrets::new(src, &options.redactions);
    let mut out = header(src, diagnostic, &secrets, options.color);
    out.push('\n');
    out.push_str(&snippet(src, diagnostic, &secrets, options.color));
    out.push('\n');
    fix_lines(&mut out, diagnostic, &|t: &str| {
        secrets.scrub(t).into_owned()
    });
    out
}

/// Lines shown at most of a fix's replacement text.
const MAX_FIX_LINES: usize = 40;

/// The fix of a finding, after its snippet: `  = fix: …` (`fix (review)` when it is not
/// safe to apply unseen), then, for a fix made of one edit, the text it writes, indented
/// (at most 40 lines).
fn fix_lines(out: &mut String, d: &Diagnostic, scrub: &dyn Fn(&str) -> String) {
    let Some(fix) = d.fix() else {
        return;
    };
    let kind = match fix.applicability() {
        mcpvet_diagnostics::Applicability::Safe => "fix",
        _ => "fix (review)",
    };
    let _ = writeln!(out, "  = {kind}: {}", one_line(&scrub(fix.message())));
    let [edit] = fix.edits() else {
        return;
    };
    let text = scrub(edit.replacement());
    if text.is_empty() {
        return;
    }
    let mut lines: Vec<&str> = text.lines().collect();
    // An insertion that goes on lines of its own starts or ends with a line break and the
    // indentation of the next line: those blank lines are not shown.
    let starts_blank = lines.first().is_some_and(|l| l.trim().is_empty());
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    if starts_blank {
        let blank = lines.iter().take_while(|l| l.trim().is_empty()).count();
        lines.drain(..blank);
    }
    // Continuation lines are indented for their place in the file: shown without the
    // indentation they share (the first line too when it starts a line of its own).
    let first = usize::from(!starts_blank);
    let shared = lines
        .iter()
        .skip(first)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start_matches([' ', '\t']).len())
        .min()
        .unwrap_or(0);
    for (i, line) in lines.iter().take(MAX_FIX_LINES).enumerate() {
        let line = if i < first {
            line
        } else {
            line.get(shared..).unwrap_or(line)
        };
        let _ = writeln!(out, "      {}", one_line(line));
    }
    if lines.len() > MAX_FIX_LINES {
        let _ = writeln!(out, "      … {} more lines", lines.len() - MAX_FIX_LINES);
    }
}

/// Renders findings one after the other, separated by an empty line.
pub fn render_diagnostics(
    file: &SourceFile,
    diagnostics: &[Diagnostic],
    options: &TextOptions,
) -> String {
    let mut out = String::new();
    for (i, diagnostic) in diagnostics.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&render_diagnostic(file, diagnostic, options));
    }
    out
}

/// [`render_diagnostic`] for a file that is not held: the header, the recorded line with a
/// caret underline, the help.
fn render_excerpt(file: &SourceFile, d: &Diagnostic, options: &TextOptions) -> String {
    let mut out = String::new();
    let at = file.line_col(d.span().start, Encoding::CodePoint);
    let _ = writeln!(
        out,
        "{}:{}:{}: {}[{}]: {}",
        one_line(file.name()),
        at.line,
        at.column,
        d.severity(),
        d.code(),
        one_line(d.message())
    );
    if let Some(excerpt) = file.excerpt(d.span().start) {
        let (line, start, text) = (excerpt.line, excerpt.start, excerpt.text);
        let masked = SpanMask::new(text, start, &options.redactions).apply(text, start);
        let len = text.len() as u32;
        let from = d.span().start.saturating_sub(start).min(len);
        let to = d.span().end.saturating_sub(start).clamp(from, len);
        let (shown, caret_at, caret_len) = window(&masked, from as usize, to as usize);
        let gutter = " ".repeat(line.to_string().len());
        let _ = writeln!(out, "{gutter} |");
        let _ = writeln!(out, "{line} | {shown}");
        let _ = writeln!(
            out,
            "{gutter} | {}{}",
            " ".repeat(caret_at),
            "^".repeat(caret_len.max(1))
        );
    }
    if let Some(help) = d.help() {
        let _ = writeln!(out, "  = help: {}", one_line(help));
    }
    // The texts of a streamed piece's findings were masked while its text was at hand; a
    // fix writes references or schemas, never a value of the input.
    fix_lines(&mut out, d, &str::to_owned);
    out
}

/// At most 160 characters of `line` around bytes `from..to`: the shown text, the caret's
/// column in it and the caret's length, in characters.
fn window(line: &str, from: usize, to: usize) -> (String, usize, usize) {
    const WIDTH: usize = 160;
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let at = chars.partition_point(|&(i, _)| i < from);
    let until = chars.partition_point(|&(i, _)| i < to);
    let first = at.saturating_sub(WIDTH / 3);
    let last = (first + WIDTH).min(chars.len());
    let mut shown: String = chars[first..last]
        .iter()
        .map(|&(_, c)| if c.is_control() { ' ' } else { c })
        .collect();
    let mut caret_at = at - first;
    if first > 0 {
        shown.insert_str(0, "...");
        caret_at += 3;
    }
    if last < chars.len() {
        shown.push_str("...");
    }
    (shown, caret_at, until.min(last).saturating_sub(at))
}

// ----- the header ---------------------------------------------------------------------------

fn header(src: Src<'_>, diagnostic: &Diagnostic, secrets: &Secrets, color: bool) -> String {
    let (start, _) = src.clamp(diagnostic.span());
    let pos = src.index.line_col(start, Encoding::CodePoint);
    let name = one_line(src.name);
    let message = one_line(&secrets.scrub(diagnostic.message()));
    let severity = diagnostic.severity();
    let code = diagnostic.code();
    let (line, column) = (pos.line, pos.column);
    let mut out = String::new();
    if color {
        let bold = DEFAULT_EMPHASIS_STYLE;
        let level = severity_style(severity);
        let _ = write!(
            out,
            "{bold}{name}:{line}:{column}:{bold:#} {level}{severity}[{code}]{level:#}{bold}: {message}{bold:#}"
        );
    } else {
        let _ = write!(out, "{name}:{line}:{column}: {severity}[{code}]: {message}");
    }
    out
}

/// Untrusted text (a message quoting the input, a name, a help) made safe for one line of a
/// terminal: line breaks become spaces, control characters visible symbols (`ESC` → `␛`), and
/// bidirectional overrides and C1 controls U+FFFD, so that nothing read from an input can move the cursor,
/// change colors or reorder what is shown.
pub fn one_line(text: &str) -> String {
    without_c1(if text.contains(['\n', '\r']) {
        normalize_untrusted_str(&text.replace("\r\n", " ").replace(['\n', '\r'], " "))
    } else {
        normalize_untrusted_str(text)
    })
}

fn severity_style(severity: Severity) -> Style {
    match severity {
        Severity::Error => DEFAULT_ERROR_STYLE,
        Severity::Warning => DEFAULT_WARNING_STYLE,
        _ => DEFAULT_INFO_STYLE,
    }
}

fn severity_level(severity: Severity) -> Level<'static> {
    match severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        _ => Level::INFO,
    }
}

// ----- the snippet --------------------------------------------------------------------------

fn snippet(src: Src<'_>, diagnostic: &Diagnostic, secrets: &Secrets, color: bool) -> String {
    let marks = marks(src, diagnostic, secrets);
    let excerpts = excerpts(src, &marks, secrets);
    let mut group = Group::with_level(severity_level(diagnostic.severity()));
    for excerpt in &excerpts {
        let annotations: Vec<Annotation<'_>> = marks
            .iter()
            .filter(|m| excerpt.first_line <= m.first_line && m.last_line <= excerpt.last_line)
            .map(|m| {
                let kind = if m.primary {
                    AnnotationKind::Primary
                } else {
                    AnnotationKind::Context
                };
                kind.span(excerpt.map(m.start)..excerpt.map(m.end))
                    .label(m.label.as_deref().map(normalize_untrusted_str))
            })
            .collect();
        group = group.element(
            Snippet::source(excerpt.text.as_str())
                .line_start(excerpt.first_line as usize)
                .annotations(annotations),
        );
    }
    let hidden = diagnostic
        .secondary()
        .len()
        .saturating_sub(MAX_SECONDARY_LABELS);
    if hidden > 0 {
        group = group.element(Level::NOTE.message(format!("{hidden} more labels not shown")));
    }
    if let Some(help) = diagnostic.help() {
        group = group.element(Level::HELP.message(normalize_untrusted_str(&secrets.scrub(help))));
    }
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let drawn = renderer.render(&[group]);
    // Drop the placeholder of an empty last line (and any trailing blanks of source lines).
    let mut out = String::with_capacity(drawn.len());
    for (i, line) in drawn.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(line.trim_end_matches(' '));
    }
    without_c1(out)
}

/// `text` with the C1 control characters (U+0080–U+009F) replaced by U+FFFD: terminals that
/// read 8-bit controls take U+009B as the start of an escape sequence, and annotate-snippets
/// leaves them as they are.
fn without_c1(text: String) -> String {
    if text.contains(|c: char| ('\u{80}'..='\u{9f}').contains(&c)) {
        text.chars()
            .map(|c| {
                if ('\u{80}'..='\u{9f}').contains(&c) {
                    '\u{fffd}'
                } else {
                    c
                }
            })
            .collect()
    } else {
        text
    }
}

/// A label ready to draw: offsets normalised so that both ends lie on the content (not the
/// line break) of lines `first_line` and `last_line`.
#[derive(Debug)]
struct Mark<'d> {
    start: u32,
    end: u32,
    first_line: u32,
    last_line: u32,
    primary: bool,
    label: Option<Cow<'d, str>>,
}

fn marks<'d>(src: Src<'_>, diagnostic: &'d Diagnostic, secrets: &Secrets) -> Vec<Mark<'d>> {
    let labels = std::iter::once((diagnostic.primary(), true)).chain(
        diagnostic
            .secondary()
            .iter()
            .take(MAX_SECONDARY_LABELS)
            .map(|l| (l, false)),
    );
    let mut marks = Vec::new();
    for (label, primary) in labels {
        push_mark(src, &mut marks, label, primary, secrets);
    }
    marks
}

fn push_mark<'d>(
    src: Src<'_>,
    marks: &mut Vec<Mark<'d>>,
    label: &'d Label,
    primary: bool,
    secrets: &Secrets,
) {
    let (mut start, mut end) = src.clamp(label.span());
    let first_line = src.line_of(start);
    start = start.min(src.content_end(first_line));
    let mut last_line = first_line;
    if end > start {
        last_line = src.line_of(end);
        if last_line > first_line && end == src.line_start(last_line) {
            // The span ends with a line break: it ends on the line before.
            last_line -= 1;
        }
        end = end.min(src.content_end(last_line)).max(start);
    } else {
        end = start;
    }
    let text = label.message().map(|m| secrets.scrub(m));
    if last_line - first_line >= MAX_SPAN_LINES {
        marks.push(Mark {
            start,
            end: src.content_end(first_line),
            first_line,
            last_line: first_line,
            primary,
            label: None,
        });
        marks.push(Mark {
            start: src.line_start(last_line),
            end,
            first_line: last_line,
            last_line,
            primary,
            label: text,
        });
    } else {
        marks.push(Mark {
            start,
            end,
            first_line,
            last_line,
            primary,
            label: text,
        });
    }
}

/// A piece of the source handed to annotate-snippets: consecutive lines from `first_line`,
/// possibly cut and masked, with a map from original offsets to offsets in `text`.
#[derive(Debug)]
struct Excerpt {
    first_line: u32,
    last_line: u32,
    text: String,
    /// `(original offset, offset in text)` at every copied character boundary, sorted.
    anchors: Vec<(u32, usize)>,
}

impl Excerpt {
    fn new(line: u32) -> Self {
        Excerpt {
            first_line: line,
            last_line: line,
            text: String::new(),
            anchors: Vec::new(),
        }
    }

    /// Where original offset `offset` lands: its own copy, or the end of the last copied
    /// text before it.
    fn map(&self, offset: u32) -> usize {
        match self.anchors.partition_point(|a| a.0 <= offset) {
            0 => 0,
            i => self.anchors[i - 1].1,
        }
    }

    fn copy(&mut self, src: Src<'_>, from: u32, to: u32, secrets: &Secrets) {
        let masks = secrets.masking(from, to);
        for (i, c) in src.text[from as usize..to as usize].char_indices() {
            let offset = from + i as u32;
            self.anchors.push((offset, self.text.len()));
            if masks.hides(offset) {
                self.text.push('*');
            } else if is_invisible(c) {
                let _ = write!(self.text, "<U+{:04X}>", u32::from(c));
            } else {
                self.text.push(c);
            }
        }
        self.anchors.push((to, self.text.len()));
    }

    /// Appends line `line`, cut to windows around `points` when it is long.
    fn push_line(&mut self, src: Src<'_>, line: u32, points: &mut [u32], secrets: &Secrets) {
        let start = src.line_start(line);
        let end = src.content_end(line);
        let windows = windows(src, start, end, points);
        for (i, &(from, to)) in windows.iter().enumerate() {
            if i > 0 || from > start {
                self.text.push_str(ELLIPSIS);
            }
            self.copy(src, from, to, secrets);
        }
        if windows.last().is_some_and(|&(_, to)| to < end) {
            self.text.push_str(ELLIPSIS);
        }
        self.last_line = line;
    }
}

/// The pieces of line `start..end` to show: the whole line when it is short, else windows of
/// [`CONTEXT_CHARS`] around each point (or the start of the line when there is none).
fn windows(src: Src<'_>, start: u32, end: u32, points: &mut [u32]) -> Vec<(u32, u32)> {
    if end - start <= MAX_LINE_BYTES {
        return vec![(start, end)];
    }
    if points.is_empty() {
        return vec![(start, src.forward(start, 2 * CONTEXT_CHARS, end))];
    }
    points.sort_unstable();
    let windows = windows_around(src, start, end, points, CONTEXT_CHARS);
    if windows.len() > 1 {
        windows_around(src, start, end, points, NARROW_CONTEXT_CHARS)
    } else {
        windows
    }
}

/// Windows of `context` characters around each of the sorted `points`, merged when close.
fn windows_around(
    src: Src<'_>,
    start: u32,
    end: u32,
    points: &[u32],
    context: usize,
) -> Vec<(u32, u32)> {
    let mut windows: Vec<(u32, u32)> = Vec::new();
    for &point in points {
        let from = src.back(point, context, start);
        let to = src.forward(point, context, end);
        match windows.last_mut() {
            Some(last) if from <= last.1 + MERGE_DISTANCE => last.1 = last.1.max(to),
            _ => windows.push((from, to)),
        }
    }
    windows
}

/// Groups the lines the marks touch into excerpts: a gap of one line is shown, wider gaps
/// are filled with empty lines (folded away by annotate-snippets) up to [`MAX_FILLED_GAP`],
/// beyond which a new excerpt starts.
fn excerpts(src: Src<'_>, marks: &[Mark<'_>], secrets: &Secrets) -> Vec<Excerpt> {
    let mut lines: Vec<u32> = marks
        .iter()
        .flat_map(|m| m.first_line..=m.last_line)
        .collect();
    lines.sort_unstable();
    lines.dedup();
    let points_on = |line: u32| -> Vec<u32> {
        let (start, end) = (src.line_start(line), src.content_end(line));
        marks
            .iter()
            .flat_map(|m| [m.start, m.end])
            .filter(|&p| start <= p && p <= end)
            .collect()
    };
    let mut excerpts: Vec<Excerpt> = Vec::new();
    for line in lines {
        let current = match excerpts.last_mut() {
            Some(ex) if line - ex.last_line - 1 <= MAX_FILLED_GAP => ex,
            _ => {
                excerpts.push(Excerpt::new(line));
                let ex = excerpts.last_mut().expect("just pushed");
                ex.push_line(src, line, &mut points_on(line), secrets);
                continue;
            }
        };
        let gap = line - current.last_line - 1;
        current.text.push('\n');
        if gap == 1 {
            current.push_line(src, line - 1, &mut [], secrets);
            current.text.push('\n');
        } else {
            for _ in 0..gap {
                current.text.push('\n');
            }
        }
        current.push_line(src, line, &mut points_on(line), secrets);
    }
    for excerpt in &mut excerpts {
        if excerpt.text.ends_with('\n') {
            // annotate-snippets does not count an empty line after a final line break; give
            // it a blank, trimmed from the output.
            excerpt.text.push(' ');
        }
    }
    excerpts
}

/// Characters that take no room on screen; shown as `<U+FEFF>` so that a byte order mark or
/// a zero-width space is seen where it is. (Controls and bidirectional overrides are made
/// visible by annotate-snippets.)
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}'
    )
}

// ----- source access ------------------------------------------------------------------------

/// The text of a source file with its line index, and clamped accessors.
#[derive(Clone, Copy)]
struct Src<'a> {
    name: &'a str,
    text: &'a str,
    index: &'a LineIndex,
    len: u32,
}

impl<'a> Src<'a> {
    fn new(file: &'a SourceFile) -> Self {
        let text = file.text();
        Src {
            name: file.name(),
            text,
            index: file.line_index(),
            // SourceFile::new refuses longer texts.
            len: text.len() as u32,
        }
    }

    fn line_of(self, offset: u32) -> u32 {
        self.index.line_of(offset.min(self.len)).max(1)
    }

    fn line_start(self, line: u32) -> u32 {
        self.index.line_start(line).unwrap_or(self.len)
    }

    /// Offset of the line break ending `line` (or of the end of the text).
    fn content_end(self, line: u32) -> u32 {
        let start = self.line_start(line);
        let mut end = self.index.line_start(line + 1).unwrap_or(self.len);
        let bytes = self.text.as_bytes();
        if end > start && bytes[end as usize - 1] == b'\n' {
            end -= 1;
            if end > start && bytes[end as usize - 1] == b'\r' {
                end -= 1;
            }
        } else if end > start && bytes[end as usize - 1] == b'\r' {
            end -= 1;
        }
        end
    }

    /// `span` inside the text and on character boundaries (widened when it splits one).
    fn clamp(self, span: Span) -> (u32, u32) {
        let s = span.clamp(self.text);
        (s.start, s.end)
    }

    /// The offset `chars` characters before `offset`, not before `floor`.
    fn back(self, offset: u32, chars: usize, floor: u32) -> u32 {
        self.text[floor as usize..offset as usize]
            .char_indices()
            .rev()
            .take(chars)
            .last()
            .map_or(offset, |(i, _)| floor + i as u32)
    }

    /// The offset `chars` characters after `offset`, not after `ceiling`.
    fn forward(self, offset: u32, chars: usize, ceiling: u32) -> u32 {
        self.text[offset as usize..ceiling as usize]
            .char_indices()
            .nth(chars)
            .map_or(ceiling, |(i, _)| offset + i as u32)
    }
}

// ----- secrets ------------------------------------------------------------------------------

/// The redacted ranges of a source.
struct Secrets {
    /// The characters of the source to star.
    masks: SpanMask,
    /// Masks secret texts (as written, unquoted and decoded) in messages, labels and help.
    redactor: Redactor,
}

impl Secrets {
    fn new(src: Src<'_>, redactions: &[Span]) -> Self {
        Secrets {
            masks: SpanMask::new(src.text, 0, redactions),
            redactor: crate::redact::redactor(src.text, redactions),
        }
    }

    /// The masks that intersect `from..to`.
    fn masking(&self, from: u32, to: u32) -> SpanMask {
        self.masks.within(from, to)
    }

    /// `text` with every occurrence of a secret masked.
    fn scrub<'t>(&self, text: &'t str) -> Cow<'t, str> {
        self.redactor.scrub(text)
    }
}
