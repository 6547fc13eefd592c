//! Inspecting a captured session.
use mcpvet_ast::transcript::{
    AbbreviatedKind, Direction, Entry, EntryKind, InputFormat, Message, MessageRef,
    ProtocolVersion, Transcript, detect_version, read_transcript,
};
use mcpvet_check_lifecycle::LifecycleChecker;
use mcpvet_check_tools::ToolsChecker;
use mcpvet_diagnostics::Findings;
use mcpvet_text::SourceFile;

use crate::config::finish;
use crate::report::{FileReport, InputKind, MessageRow, TranscriptInfo};

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
    findings.extend(outcome.diagnostics);
    let document = transcript.document();
    let version = detect_version(transcript.entries(), document, options.protocol);
    let mut lifecycle = LifecycleChecker::new(&version);
    let mut tools = ToolsChecker::new(&version);
    for entry in transcript.entries() {
        lifecycle.entry(entry, document, &mut findings);
        tools.entry(entry, document, &mut findings);
    }
    let life = lifecycle.finish(&mut findings);
    let tool = tools.finish(&mut findings);
    mcpvet_check_secrets::check_transcript(&transcript, &mut findings);
    let (mut diagnostics, redactions) = findings.into_parts();
    finish(document, &mut diagnostics);
    let message_rows = options.messages.then(|| message_rows(&transcript));
    let detection = transcript.detection();
    FileReport {
        source: source.clone(),
        kind: InputKind::Transcript,
        dialect: None,
        servers: Vec::new(),
        transcript: Some(TranscriptInfo {
            format: detection.format.name(),
            format_reason: detection.reason.to_owned(),
            protocol: version.version.as_str(),
            protocol_source: version.source.describe(),
            messages: transcript.message_count(),
            requests: life.requests,
            responses: life.responses,
            notifications: life.notifications,
            unpaired_ids: life.unpaired_ids,
            tools: tool.tools,
            tools_digest: tool.digest,
            failed_calls: tool.failed_calls,
            phase_reached: life.phase.reached,
            last_event: life.phase.last_event,
            message_rows,
        }),
        diagnostics,
        redactions,
    }
}

/// The `--messages` listing: every protocol message with its pair.
fn message_rows(transcript: &Transcript<'_>) -> Vec<MessageRow> {
    let entries = transcript.entries();
    // The line of each message's partner, from the reader's request/response links.
    let mut pair = std::collections::HashMap::new();
    for link in transcript.links() {
        if let (Some(req), Some(resp)) = (
            line_of(entries, link.request),
            line_of(entries, link.response),
        ) {
            pair.insert(link.request, resp);
            pair.insert(link.response, req);
        }
    }
    entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.kind.is_message())
        .map(|(i, e)| {
            let at = MessageRef::entry(i);
            let (kind, method, id) = describe(transcript, at, e);
            MessageRow {
                index: e.index,
                line: e.line,
                span: e.span,
                direction: e.direction.map(|d| match d {
                    Direction::ClientToServer => "client-to-server",
                    Direction::ServerToClient => "server-to-client",
                }),
                inferred: e.direction_source.is_inferred(),
                kind,
                method,
                id,
                pair_line: pair.get(&at).copied(),
            }
        })
        .collect()
}

fn line_of(entries: &[Entry], at: MessageRef) -> Option<u32> {
    entries.get(at.entry).map(|e| e.line)
}

fn describe(
    transcript: &Transcript<'_>,
    at: MessageRef,
    entry: &Entry,
) -> (&'static str, Option<String>, Option<String>) {
    let method = transcript.method_of(at).map(str::to_owned);
    match &entry.kind {
        EntryKind::Message(message) => match message {
            Message::Request { id, .. } => ("request", method, Some(id.to_string())),
            Message::Notification { .. } => ("notification", method, None),
            Message::Response { id, .. } => ("response", method, Some(id.to_string())),
            Message::ErrorResponse { id, .. } => {
                ("error", method, id.as_ref().map(ToString::to_string))
            }
            Message::Batch { .. } => ("batch", None, None),
            Message::Invalid { id, .. } => {
                ("invalid", method, id.as_ref().map(ToString::to_string))
            }
        },
        EntryKind::Abbreviated(a) => {
            let kind = match a.kind {
                AbbreviatedKind::Request => "request",
                AbbreviatedKind::Notification => "notification",
                AbbreviatedKind::Response => "response",
                _ => "error",
            };
            (kind, method, a.id.as_ref().map(ToString::to_string))
        }
        EntryKind::Reconstructed(_) => ("reconstructed", method, None),
        _ => ("other", None, None),
    }
}
