//! Inspecting a captured session.
use mcpvet_ast::transcript::{
    InputFormat, ProtocolVersion, Transcript, VersionDetection, detect_version, read_transcript,
};
use mcpvet_check_lifecycle::{LifecycleChecker, LifecycleSummary, MessageInfo, Pair};
use mcpvet_check_risks::{Clients, RisksChecker};
use mcpvet_check_tools::{ToolsChecker, ToolsSummary};
use mcpvet_diagnostics::{Diagnostic, Findings};
use mcpvet_text::{SourceFile, Span};

use crate::finish::finish;
use crate::report::{FileReport, InputKind, MessageRow, TranscriptInfo};
use crate::runs::{self, RunJoin};
use crate::suppress::Comments;

/// Options for [`lint_transcript`].
#[derive(Debug, Clone, Default)]
pub struct TranscriptOptions {
    /// Force the input format instead of detecting it.
    pub input_format: Option<InputFormat>,
    /// Force the protocol version instead of detecting it.
    pub protocol: Option<ProtocolVersion>,
    /// The file name used for format detection, when the source's name is not the real one.
    pub file_name: Option<String>,
    /// List every message (index, line, direction, kind, method, id, pair) in the report.
    pub messages: bool,
    /// The clients and model APIs whose limits the compatibility rules check (`--target`).
    pub targets: Clients,
}

/// Inspects a captured session: reads it (any supported format), decides its protocol
/// version, and runs the lifecycle, tools and secret checks entry by entry.
pub fn lint_transcript(source: &SourceFile, options: &TranscriptOptions) -> FileReport {
    let file_name = options
        .file_name
        .as_deref()
        .or(Some(source.name()))
        .filter(|n| *n != "-");
    let outcome = read_transcript(source.text(), file_name, options.input_format);
    let transcript = outcome.value;
    let mut findings = Findings::new();
    // A capture read through a derived text (YAML, inlined bodies): the reading's findings
    // are in the file's offsets already, the checks' are mapped below.
    let derivation = transcript.derivation();
    let mut read_findings = outcome.diagnostics;
    if derivation.is_none() {
        findings.extend(std::mem::take(&mut read_findings));
    }
    let document = transcript.document();
    let version = detect_version(transcript.entries(), document, options.protocol);
    let mut lifecycle = LifecycleChecker::new(&version)
        .with_input_format(transcript.format())
        .with_messages(options.messages);
    let mut tools = ToolsChecker::new(&version);
    let mut risks = RisksChecker::new(crate::risks::options(options.targets));
    // A refused file (not a capture: prose, Markdown, an unknown container) has one finding
    // saying so; its lines are not checked as a session. The secret checks still read all of
    // it, so that no credential it holds is shown unmasked.
    let refused = transcript.is_refused();
    // A run log: its runs, each joined with the phase summary of its messages.
    let mut runs =
        (transcript.format() == InputFormat::RunLog && !refused).then(|| RunJoin::new(&version));
    if !refused {
        for entry in transcript.entries() {
            lifecycle.entry(entry, document, &mut findings);
            tools.entry(entry, document, &mut findings);
            risks.entry(entry, document, &mut findings);
            if let Some(runs) = runs.as_mut() {
                runs.entry(entry, document, &mut findings);
            }
        }
    }
    lifecycle.document_done(document);
    if let Some(runs) = runs.as_mut() {
        runs.document_done(document);
    }
    let life = lifecycle.finish(&mut findings);
    let tool = tools.finish(&mut findings);
    let mut advertised = risks.finish(&mut findings);
    let mut runs = runs.map(|r| r.finish(&mut findings));
    mcpvet_check_secrets::check_transcript(&transcript, &mut findings);
    let (mut diagnostics, mut redactions) = findings.into_parts();
    finish(document, &redactions, &mut diagnostics);
    let mut message_rows = options
        .messages
        .then(|| message_rows(&transcript, &life.messages));
    let detection = transcript.detection();
    let mut reason = detection.reason.to_owned();
    if let Some(derivation) = derivation {
        let map = |s: Span| derivation.map.span(s);
        for d in &mut diagnostics {
            d.map_spans(map);
        }
        for r in &mut redactions {
            *r = map(*r);
        }
        for row in message_rows.iter_mut().flatten() {
            row.span = map(row.span);
        }
        advertised.map_spans(map);
        diagnostics.append(&mut read_findings);
        diagnostics.sort_by_key(|d| (d.span().start, d.span().end, d.code()));
        reason = format!("{reason}, {}", derivation.from);
    }
    if let Some(runs) = runs.as_mut() {
        runs::mask(runs, &crate::redact::redactor(source.text(), &redactions));
    }
    // A capture written in YAML (a cassette) may hold `#` comments; JSON ones, the
    // comments the parser found (none in a well-formed capture).
    let comments = match derivation {
        Some(d) if d.from.contains("YAML") => Comments::Yaml,
        Some(_) => Comments::Json(&[]),
        None => Comments::Json(document.comments()),
    };
    let suppressed = crate::suppress::apply(source, comments, &mut diagnostics);
    let mut info = TranscriptInfo::from_checks(
        (detection.format, reason),
        &version,
        if refused {
            0
        } else {
            transcript.message_count()
        },
        &life,
        tool,
        message_rows,
    );
    info.runs = runs;
    info.advertised = advertised;
    let mut report = info.into_report(source.clone(), diagnostics, redactions);
    report.suppressed = suppressed;
    report
}

impl TranscriptInfo {
    /// What the checks of a capture found, read whole or as a stream: its format and why,
    /// its version, its message count, the lifecycle and tools summaries and the listing.
    pub(crate) fn from_checks(
        (format, format_reason): (InputFormat, String),
        version: &VersionDetection,
        messages: usize,
        life: &LifecycleSummary,
        tool: ToolsSummary,
        message_rows: Option<Vec<MessageRow>>,
    ) -> Self {
        TranscriptInfo {
            format: format.name(),
            format_reason,
            protocol: version.version.as_str(),
            protocol_source: version.source.describe(),
            messages,
            requests: life.requests,
            responses: life.responses,
            notifications: life.notifications,
            unpaired_ids: life.unpaired_ids,
            tools: tool.tools,
            tools_digest: tool.digest,
            failed_calls: tool.failed_calls,
            phase_reached: life.phase.reached,
            last_event: life.phase.last_event,
            exit_code: life.phase.exit_code,
            message_rows,
            runs: None,
            advertised: mcpvet_check_risks::Advertised::default(),
        }
    }

    /// The report of the capture `source` with these facts and findings.
    pub(crate) fn into_report(
        self,
        source: SourceFile,
        diagnostics: Vec<Diagnostic>,
        redactions: Vec<Span>,
    ) -> FileReport {
        FileReport {
            source,
            kind: InputKind::Transcript,
            detection: None,
            dialect: None,
            servers: Vec::new(),
            transcript: Some(self),
            definition: None,
            diagnostics,
            redactions,
            suppressed: 0,
            baselined: 0,
        }
    }
}

/// The `--messages` listing, from the lifecycle checker's pairing, with each message's span
/// from its entry.
fn message_rows(transcript: &Transcript<'_>, messages: &[MessageInfo]) -> Vec<MessageRow> {
    let spans: std::collections::HashMap<u32, Span> = transcript
        .entries()
        .iter()
        .filter(|e| e.kind.is_message())
        .map(|e| (e.index, e.span))
        .collect();
    messages
        .iter()
        .map(|m| MessageRow::new(m, spans.get(&m.index).copied().unwrap_or_default()))
        .collect()
}

impl MessageRow {
    /// The row of the message the lifecycle checker describes as `m`, at `span`.
    pub(crate) fn new(m: &MessageInfo, span: Span) -> Self {
        MessageRow {
            index: m.index,
            line: m.line,
            span,
            direction: m.direction,
            inferred: m.inferred,
            kind: if m.abbreviated { "abbreviated" } else { m.kind },
            method: m.method.clone(),
            id: m.id.clone(),
            pair_line: match m.pair {
                Pair::Line(line) => Some(line),
                Pair::Unpaired | Pair::NotApplicable => None,
            },
        }
    }
}
