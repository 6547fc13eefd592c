//! Inspecting a capture too large to hold: pieces of whole lines (or whole elements of a JSON
//! array) are read independently, possibly on several threads ([`read_piece`]), then checked
//! in order by one [`TranscriptStream`], which keeps only the checkers' compact state.
//!
//! The caller (the command line) cuts the file into pieces, runs [`read_piece`] where it
//! likes, feeds the results to [`TranscriptStream::consume`] in file order, and builds the
//! report with [`TranscriptStream::finish`] and a [`SourceFile::positioned`] holding the line
//! and column of every offset the findings use (found by reading the file once more).
use std::ops::Range;

use mcpvet_ast::transcript::{
    InputFormat, Transcript, VersionDetection, VersionScan, read_array_elements, read_transcript,
};
use mcpvet_check_lifecycle::{LifecycleChecker, LifecycleSummary};
use mcpvet_check_risks::RisksChecker;
use mcpvet_check_tools::ToolsChecker;
use mcpvet_diagnostics::{Diagnostic, Findings};
use mcpvet_text::{SourceFile, Span};

use crate::finish::finish;
use crate::json::{JsonCheckOptions, clean_report};
use crate::redact::secret_forms;
use crate::report::{FileReport, MessageRow, TranscriptInfo};
use crate::runs::{self, RunJoin};
use crate::transcript::TranscriptOptions;

self_cell::self_cell!(
    /// A piece's transcript with the buffer it was read from: its text borrows the buffer
    /// (no copy of it), and the buffer can go back to the reader once the piece is checked.
    struct PieceCell {
        owner: Vec<u8>,
        #[covariant]
        dependent: Transcript,
    }
);

/// One piece of a large capture, read, holding the buffer it was read from.
pub struct PreparedPiece {
    cell: PieceCell,
    diagnostics: Vec<Diagnostic>,
    /// What the secret checks found (they look at one message at a time, so they run here,
    /// in parallel, rather than in order); message indexes count from the piece's start.
    secrets: Findings,
}

impl std::fmt::Debug for PreparedPiece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PreparedPiece")
            .field("transcript", self.cell.borrow_dependent())
            .field("diagnostics", &self.diagnostics)
            .field("secrets", &self.secrets)
            .finish_non_exhaustive()
    }
}

impl PreparedPiece {
    /// Bytes of text in the piece.
    pub fn len(&self) -> usize {
        self.transcript().text().len()
    }

    fn transcript(&self) -> &Transcript<'_> {
        self.cell.borrow_dependent()
    }

    /// Whether the piece holds no text.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Where a piece lies in the file.
#[derive(Debug, Clone, Copy, Default)]
pub struct PiecePlace {
    /// Byte offset of the piece's first byte.
    pub base: u32,
    /// Line (1-based) of the piece's first byte.
    pub first_line: u32,
    /// For a piece of a JSON array: the index of its first element in the array.
    pub first_element: u32,
}

/// Reads one piece of a capture in `format`: `bytes` are whole lines starting at `place` in
/// the file (invalid UTF-8 is reported, as for a whole file); for a JSON array, `elements`
/// are the byte ranges of the piece's elements in `bytes`. Pure: may run on any thread.
///
/// The piece keeps `bytes`: its transcript reads its text there (a piece of valid UTF-8 is
/// not copied), and [`TranscriptStream::take_buffers`] gives them back once checked.
pub fn read_piece(
    bytes: Vec<u8>,
    place: PiecePlace,
    format: InputFormat,
    elements: Option<&[Range<usize>]>,
) -> PreparedPiece {
    let PiecePlace {
        base,
        first_line,
        first_element,
    } = place;
    let mut diagnostics = Vec::new();
    let mut secrets = Findings::new();
    let cell = PieceCell::new(bytes, |bytes| {
        let decoded = mcpvet_json::decode_utf8(bytes);
        diagnostics = decoded.diagnostics;
        let mut transcript = match decoded.text {
            std::borrow::Cow::Borrowed(text) => read_text(text, format, elements, &mut diagnostics),
            // Invalid UTF-8, read as decoded (a copy), as a whole file is.
            std::borrow::Cow::Owned(text) => {
                read_text(&text, format, elements, &mut diagnostics).into_static()
            }
        };
        transcript.rebase(base, first_line, 0);
        if elements.is_some() {
            transcript.set_first_element(first_element);
        }
        mcpvet_check_secrets::check_transcript(&transcript, &mut secrets);
        transcript
    });
    for d in &mut diagnostics {
        d.shift(base);
    }
    PreparedPiece {
        cell,
        diagnostics,
        secrets,
    }
}

/// The transcript of a piece's text (see [`read_piece`]), its diagnostics added to
/// `diagnostics`.
fn read_text<'t>(
    text: &'t str,
    format: InputFormat,
    elements: Option<&[Range<usize>]>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Transcript<'t> {
    let outcome = match elements {
        Some(elements) => read_array_elements(text, elements),
        None => read_transcript(text, None, Some(format)),
    };
    diagnostics.extend(outcome.diagnostics);
    outcome.value
}

/// Detects the format of a capture from its first piece (see
/// [`read_transcript`]), or takes `forced`; returns
/// it with the reason, as a whole-file read would report them, or `None` when the piece does
/// not read as a session in a supported format (the whole file is then read, and reported
/// on, as usual).
pub fn detect_format(
    first_piece: &str,
    file_name: Option<&str>,
    forced: Option<InputFormat>,
) -> Option<(InputFormat, String)> {
    let outcome = read_transcript(first_piece, file_name, forced);
    let unread = outcome.diagnostics.iter().any(|d| {
        d.code() == mcpvet_ast::codes::NOT_MCP || d.code() == mcpvet_ast::codes::UNSUPPORTED_FORMAT
    });
    let detection = outcome.value.detection();
    // A capture read through a derived text (a `key=value` run log) is read whole.
    let derived = outcome.value.derivation().is_some();
    (!unread && !derived).then(|| (detection.format, detection.reason.to_owned()))
}

/// Whether a capture in `format` can be read piece by piece: formats of one message (or
/// event, or log line) per line (run logs of JSON lines included), and JSON arrays of
/// messages, element by element. The others (exports and captures that are one JSON
/// document) are read whole, and so is a capture read through a derived text, which
/// [`detect_format`] does not offer for streaming.
pub const fn streams(format: InputFormat) -> bool {
    matches!(
        format,
        InputFormat::JsonLines
            | InputFormat::Trace
            | InputFormat::ClaudeDesktopLog
            | InputFormat::VsCodeLog
            | InputFormat::CursorLog
            | InputFormat::JsonArray
            | InputFormat::RunLog
    )
}

/// The ordered half of the streaming pipeline: the checkers and what they found.
#[derive(Debug)]
pub struct TranscriptStream {
    options: TranscriptOptions,
    format: InputFormat,
    format_reason: String,
    checkers: Option<(
        VersionDetection,
        LifecycleChecker,
        ToolsChecker,
        RisksChecker,
    )>,
    /// For a run log: its runs, joined with their messages.
    runs: Option<RunJoin>,
    /// For a run log: the secrets of the pieces read so far, as texts, to mask what the run
    /// summaries quote once the stream ends (the pieces' texts are gone by then).
    secret_forms: Vec<String>,
    findings: Findings,
    next_index: u32,
    pieces: usize,
    /// Message spans by index, for the `--messages` listing.
    spans: Vec<(u32, Span)>,
    /// What the pieces read so far say about the protocol version.
    version: VersionScan,
    /// Pieces read before the version was decided, and their size.
    held: Vec<PreparedPiece>,
    held_bytes: usize,
    /// The buffers of the pieces checked, for [`take_buffers`](Self::take_buffers): at most
    /// [`SPARE_BUFFERS`].
    spare: Vec<Vec<u8>>,
}

/// At most this many buffers of checked pieces wait for [`TranscriptStream::take_buffers`];
/// the others are freed.
pub const SPARE_BUFFERS: usize = 8;

/// At most this many bytes of a capture are held while its protocol version is undecided (no
/// `initialize` result yet): the version is then decided from them, as
/// [`detect_version`](mcpvet_ast::transcript::detect_version) would from a file that ended
/// there. A handshake comes first in every capture that has one.
pub const VERSION_WINDOW: usize = 4 << 20;

impl TranscriptStream {
    /// A stream of pieces in `format` (see [`detect_format`]).
    pub fn new(options: &TranscriptOptions, format: InputFormat, format_reason: String) -> Self {
        TranscriptStream {
            options: options.clone(),
            format,
            format_reason,
            checkers: None,
            runs: None,
            secret_forms: Vec::new(),
            findings: Findings::new(),
            next_index: 0,
            pieces: 0,
            spans: Vec::new(),
            version: VersionScan::default(),
            held: Vec::new(),
            held_bytes: 0,
            spare: Vec::new(),
        }
    }

    /// The buffers of the pieces checked since the last call (see [`read_piece`]; at most
    /// [`SPARE_BUFFERS`]), to read the next pieces into.
    pub fn take_buffers(&mut self) -> Vec<Vec<u8>> {
        std::mem::take(&mut self.spare)
    }

    /// Checks the next piece, in file order.
    ///
    /// The checks need the protocol version, which the `initialize` handshake settles: the
    /// first pieces are held (and only looked at for the version) until its result is seen,
    /// or until [`VERSION_WINDOW`] bytes were read, whichever comes first.
    pub fn consume(&mut self, piece: PreparedPiece) {
        if self.checkers.is_some() {
            self.check(piece);
            return;
        }
        self.version
            .feed(piece.transcript().entries(), piece.transcript().document());
        self.held_bytes += piece.len();
        self.held.push(piece);
        if self.options.protocol.is_some()
            || self.version.settled()
            || self.held_bytes >= VERSION_WINDOW
        {
            self.start_checks();
        }
    }

    /// Decides the version, creates the checkers and checks the pieces held so far.
    fn start_checks(&mut self) {
        let checkers = new_checkers(&self.version, &self.options, self.format);
        self.runs = (self.format == InputFormat::RunLog).then(|| RunJoin::new(&checkers.0));
        self.checkers = Some(checkers);
        self.held_bytes = 0;
        for piece in std::mem::take(&mut self.held) {
            self.check(piece);
        }
    }

    fn check(&mut self, piece: PreparedPiece) {
        let PreparedPiece {
            mut cell,
            diagnostics,
            secrets,
        } = piece;
        let first_index = self.next_index;
        cell.with_dependent_mut(|_, transcript| transcript.shift_indices(first_index));
        self.check_transcript(cell.borrow_dependent(), diagnostics, secrets);
        // A caller that never takes them back holds a few, not the whole file.
        if self.spare.len() < SPARE_BUFFERS {
            self.spare.push(cell.into_owner());
        }
    }

    fn check_transcript(
        &mut self,
        transcript: &Transcript<'_>,
        diagnostics: Vec<Diagnostic>,
        secrets: Findings,
    ) {
        let first_index = self.next_index;
        self.next_index += u32::try_from(transcript.message_count()).unwrap_or(u32::MAX);
        let first_new = self.findings.diagnostics().len();
        let first_redaction = self.findings.redactions().len();
        // "Nothing here reads as a session" is about the file, said once, from its first piece.
        let first = self.pieces == 0;
        self.findings.extend(
            diagnostics
                .into_iter()
                .filter(|d| first || d.code() != mcpvet_ast::codes::NOT_MCP),
        );
        self.pieces += 1;
        let document = transcript.document();
        let Some((_, lifecycle, tools, risks)) = self.checkers.as_mut() else {
            return;
        };
        for entry in transcript.entries() {
            lifecycle.entry(entry, document, &mut self.findings);
            tools.entry(entry, document, &mut self.findings);
            risks.entry(entry, document, &mut self.findings);
            if let Some(runs) = self.runs.as_mut() {
                runs.entry(entry, document, &mut self.findings);
            }
            if self.options.messages && entry.kind.is_message() {
                self.spans.push((entry.index, entry.span));
            }
        }
        lifecycle.document_done(document);
        if let Some(runs) = self.runs.as_mut() {
            runs.document_done(document);
        }
        let (secret_diagnostics, secret_redactions) = secrets.into_parts();
        for d in secret_diagnostics {
            let d = match d.message_index() {
                Some(index) => d.with_message_index(index + first_index),
                None => d,
            };
            self.findings.push(d);
        }
        for span in secret_redactions {
            self.findings.redact(span);
        }
        // While this piece's text is at hand: mask secrets in the new findings' texts and fill
        // their JSON paths.
        let redactions: Vec<Span> = self.findings.redactions()[first_redaction..].to_vec();
        if self.runs.is_some() {
            self.secret_forms
                .extend(secret_forms(document.text(), &redactions, document.base()));
        }
        finish(
            document,
            &redactions,
            &mut self.findings.diagnostics_mut()[first_new..],
        );
    }

    /// Messages read so far.
    pub fn messages(&self) -> u32 {
        self.next_index
    }

    /// Ends the stream: reports what only the end shows (requests never answered) and builds
    /// the report. Its `source` is a [`SourceFile::positioned`] named `name` that knows no
    /// position yet: read the file once more for the offsets of [`offsets`] and replace it.
    pub fn finish(mut self, name: &str) -> FileReport {
        if self.checkers.is_none() && !self.held.is_empty() {
            self.start_checks();
        }
        let source = SourceFile::positioned(name, mcpvet_text::Positions::new(0));
        let TranscriptStream {
            options,
            format,
            format_reason,
            checkers,
            runs: run_join,
            secret_forms,
            mut findings,
            next_index,
            spans,
            ..
        } = self;
        // No piece at all (an empty file): the checkers of an empty capture.
        let (version, lifecycle, tools, risks) =
            checkers.unwrap_or_else(|| new_checkers(&VersionScan::default(), &options, format));
        let life = lifecycle.finish(&mut findings);
        let tool = tools.finish(&mut findings);
        let advertised = risks.finish(&mut findings);
        let mut run_infos = run_join.map(|r| r.finish(&mut findings));
        if let Some(run_infos) = run_infos.as_mut() {
            runs::mask(
                run_infos,
                &mcpvet_diagnostics::redact::Redactor::new(secret_forms),
            );
        }
        let (mut diagnostics, redactions) = findings.into_parts();
        diagnostics.sort_by_key(|d| (d.span().start, d.span().end, d.code()));
        let message_rows = options.messages.then(|| rows(&life, &spans));
        let mut info = TranscriptInfo::from_checks(
            (format, format_reason),
            &version,
            next_index as usize,
            &life,
            tool,
            message_rows,
        );
        info.runs = run_infos;
        info.advertised = advertised;
        info.into_report(source, diagnostics, redactions)
    }
}

/// Checks a large JSON Lines file piece by piece (`mcpvet json --jsonl` on a file too large
/// to read whole at once): each piece of whole lines is parsed on its own, possibly on
/// several threads (one checker each, which keeps its parser's arena from piece to piece).
///
/// It only tells whether a piece is clean: a file in which every piece is clean gets
/// [`JsonLinesChecker::clean_report`], the report [`lint_json`](crate::lint_json) gives it;
/// a file with any finding is to be checked whole (its findings then come with their
/// positions and snippets, as usual).
///
/// ```
/// use mcpvet_linter::JsonCheckOptions;
/// use mcpvet_linter::stream::JsonLinesChecker;
///
/// let options = JsonCheckOptions { lines: true, ..JsonCheckOptions::default() };
/// let mut checker = JsonLinesChecker::new(&options);
/// assert!(checker.is_clean(b"{\"a\": 1}\n\n[2]\n", 0));
/// assert!(!checker.is_clean(b"{\"a\": 1,}\n", 10));
/// ```
#[derive(Debug, Clone)]
pub struct JsonLinesChecker {
    parser: mcpvet_json::JsonParser,
}

impl JsonLinesChecker {
    /// A checker for `options` (the grammar and the depth limit; JSON Lines is implied).
    pub fn new(options: &JsonCheckOptions) -> Self {
        JsonLinesChecker {
            parser: mcpvet_json::JsonParser::new(options.json.clone()),
        }
    }

    /// Whether `bytes`, whole lines of the file starting at byte offset `base`, hold no
    /// finding: valid UTF-8 and every non-blank line a well-formed value. A byte order mark
    /// is a finding at the start of the file and a syntax error elsewhere, so a piece after
    /// the first that starts with one is not clean.
    pub fn is_clean(&mut self, bytes: &[u8], base: u32) -> bool {
        if base > 0 && bytes.starts_with(b"\xef\xbb\xbf") {
            return false;
        }
        let decoded = mcpvet_json::decode_utf8(bytes);
        if !decoded.diagnostics.is_empty() {
            return false;
        }
        let outcome = self.parser.parse_lines(&decoded.text);
        let clean = outcome.diagnostics.is_empty();
        self.parser.recycle(outcome.value);
        clean
    }

    /// The report of a JSON Lines file of `len` bytes named `name` in which every piece was
    /// clean: the same as [`lint_json`](crate::lint_json) gives for the whole text.
    pub fn clean_report(name: &str, len: u32) -> FileReport {
        clean_report(name, len)
    }
}

/// Every offset the findings of `report` point at (both ends of their spans and of their
/// secondary labels), and both ends of every span of what it advertises (where the checks
/// across files point: [`crate::CrossFiles`]), sorted: the positions a
/// [`SourceFile::positioned`] must answer.
pub fn offsets(report: &FileReport) -> Vec<u32> {
    let mut out: Vec<u32> = report
        .diagnostics
        .iter()
        .flat_map(|d| {
            std::iter::once(d.span())
                .chain(d.secondary().iter().map(mcpvet_diagnostics::Label::span))
                .flat_map(|s| [s.start, s.end])
        })
        .chain(
            report
                .transcript
                .iter()
                .flat_map(|t| t.message_rows.iter().flatten())
                .flat_map(|m| [m.span.start, m.span.end]),
        )
        .chain(
            report
                .advertised()
                .into_iter()
                .flat_map(mcpvet_check_risks::Advertised::spans)
                .flat_map(|s| [s.start, s.end]),
        )
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The checkers of a capture in `format`, for the version `scan` decides.
fn new_checkers(
    scan: &VersionScan,
    options: &TranscriptOptions,
    format: InputFormat,
) -> (
    VersionDetection,
    LifecycleChecker,
    ToolsChecker,
    RisksChecker,
) {
    let version = scan.decide(options.protocol);
    let lifecycle = LifecycleChecker::new(&version)
        .with_input_format(format)
        .with_messages(options.messages);
    let tools = ToolsChecker::new(&version);
    let risks = RisksChecker::new(crate::risks::options(options.targets));
    (version, lifecycle, tools, risks)
}

fn rows(summary: &LifecycleSummary, spans: &[(u32, Span)]) -> Vec<MessageRow> {
    summary
        .messages
        .iter()
        .map(|m| {
            let span = spans
                .binary_search_by_key(&m.index, |&(i, _)| i)
                .map_or_else(|_| Span::default(), |i| spans[i].1);
            MessageRow::new(m, span)
        })
        .collect()
}
