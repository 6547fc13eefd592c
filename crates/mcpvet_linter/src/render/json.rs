//! The versioned JSON report (`mcpvet config --format json`).
//!
//! One document for the whole run, described by `docs/report.schema.json` and
//! `docs/output-formats.md`:
//!
//! ```json
//! {"version": 1, "tool": {"name": "mcpvet", "version": "0.1.0"}, "files": [{
//!   "path": ".vscode/mcp.json", "kind": "config",
//!   "dialect": {"name": "vscode", "client": "VS Code", "detected_by": "file-name",
//!               "reason": "path `.vscode/mcp.json`"},
//!   "protocol": null,
//!   "summary": {"servers": 1, "errors": 1, "warnings": 0, "infos": 0},
//!   (plus "suppressed" and "baselined" when findings were left out: docs/configuration.md)
//!   "servers": [{"name": "docs", "path": "$.servers.docs", "transport": "stdio",
//!                "target": "npx -y docs-mcp", "disabled": false, "line": 3, "column": 5}],
//!   "findings": [{"code": "MCP001", "rule": "json-syntax-error", "severity": "error",
//!                 "message": "...", "path": "$.servers", "pointer": "/servers",
//!                 "span": {"start": 40, "end": 41}, "line": 4, "column": 7,
//!                 "end_line": 4, "end_column": 8, "label": null, "help": "...",
//!                 "secondary": [], "fix": null}]}]}
//! ```
//!
//! - **Versioned.** `version` is 1. Within a version fields are only added, never removed,
//!   renamed or retyped; consumers ignore fields they do not know.
//! - **Positions.** `span` holds byte offsets (half-open, from the start of the file); lines
//!   and columns are 1-based and columns count Unicode code points. `end_line`/`end_column`
//!   are the position of `span.end`, just after the last character.
//!   [`JsonReportOptions::utf16_columns`] adds `column_utf16` and `end_column_utf16` (UTF-16
//!   code units, what browsers and editors count).
//! - **Transcripts** fill `protocol`, `input_format`, `phase`, `tools_digest` and the
//!   message counts of `summary`; their findings carry `message_index`. A run-phase event
//!   log also fills `runs`: every run with its four answers (process started,
//!   initialization completed, tools discoverable, external channel reached), the last
//!   confirmed event, the timeout and its owner, and the phase of the run's messages.
//! - **Server definitions** (`"kind": "server"`) fill `input_format` (the definition
//!   format), `definition` (name, version, and every advertised item with the state of each
//!   schema field) and the `items` count of `summary`; a captured listing also fills
//!   `protocol` and `tools_digest`.
//! - **No secrets.** Every string taken from the input (server names and targets, JSON paths,
//!   messages, labels, help, fixes) is masked where it holds the text of a redacted span.
use std::collections::HashMap;

use mcpvet_diagnostics::{Applicability, Diagnostic, Label, RuleMeta};
use serde::Serialize;

use mcpvet_diagnostics::redact::Redactor;

use super::common::{Place, place};
use super::{TOOL_NAME, TOOL_VERSION};
use crate::report::{FileReport, ServerSummary};

/// The version of the report format; see the module documentation for the promise it makes.
pub const REPORT_VERSION: u32 = 1;

/// How to render the JSON report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct JsonReportOptions {
    /// Also give every column in UTF-16 code units (`column_utf16`, `end_column_utf16`), as
    /// the WebAssembly build does for browsers and editors.
    pub utf16_columns: bool,
    /// One line without indentation instead of the default two-space indented layout.
    pub compact: bool,
}

impl JsonReportOptions {
    /// The default: code point columns only, indented.
    pub fn new() -> Self {
        JsonReportOptions::default()
    }

    /// Sets [`utf16_columns`](Self::utf16_columns).
    #[must_use]
    pub fn with_utf16_columns(mut self, yes: bool) -> Self {
        self.utf16_columns = yes;
        self
    }

    /// Sets [`compact`](Self::compact).
    #[must_use]
    pub fn with_compact(mut self, yes: bool) -> Self {
        self.compact = yes;
        self
    }
}

/// Renders the reports of one run as the JSON report, ending with a line break.
///
/// ```
/// use mcpvet_linter::render::json::{JsonReportOptions, render_json};
/// use mcpvet_linter::{ConfigOptions, lint_config};
/// use mcpvet_text::SourceFile;
///
/// let file = SourceFile::new("claude_desktop_config.json", "{\"mcpServers\": {}}").unwrap();
/// let report = lint_config(&file, &ConfigOptions::default());
/// let json = render_json(&[report], &JsonReportOptions::new());
/// assert!(json.starts_with("{\n  \"version\": 1,\n  \"tool\": {\n    \"name\": \"mcpvet\""));
/// ```
pub fn render_json(reports: &[FileReport], options: &JsonReportOptions) -> String {
    let catalog: HashMap<&str, &RuleMeta> = crate::registry::rules()
        .into_iter()
        .map(|r| (r.code.as_str(), r))
        .collect();
    let log = Log {
        version: REPORT_VERSION,
        tool: Tool {
            name: TOOL_NAME,
            version: TOOL_VERSION,
        },
        files: reports
            .iter()
            .map(|r| file_entry(r, &catalog, options))
            .collect(),
    };
    // Serializing plain structs with string keys cannot fail.
    let mut out = if options.compact {
        serde_json::to_string(&log)
    } else {
        serde_json::to_string_pretty(&log)
    }
    .unwrap_or_default();
    out.push('\n');
    out
}

#[derive(Serialize)]
struct Log {
    version: u32,
    tool: Tool,
    files: Vec<FileEntry>,
}

#[derive(Serialize)]
struct Tool {
    name: &'static str,
    version: &'static str,
}

#[derive(Serialize)]
struct FileEntry {
    path: String,
    kind: &'static str,
    dialect: Option<DialectEntry>,
    protocol: Option<ProtocolEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    input_format: Option<FormatEntry>,
    summary: Summary,
    #[serde(skip_serializing_if = "Option::is_none")]
    phase: Option<PhaseEntry>,
    /// Absent for configurations, `null` for a session that listed no tools.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[expect(
        clippy::option_option,
        reason = "three states: absent (configurations), null (no tools listed), a digest"
    )]
    tools_digest: Option<Option<String>>,
    servers: Vec<ServerEntry>,
    /// For server definitions: what the server advertises.
    #[serde(skip_serializing_if = "Option::is_none")]
    definition: Option<DefinitionEntry>,
    /// Every message in order, only when the listing was asked for (`--messages`).
    #[serde(skip_serializing_if = "Option::is_none")]
    messages: Option<Vec<MessageEntry>>,
    /// Run-phase event logs: every run with its four answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    runs: Option<Vec<RunEntry>>,
    findings: Vec<Finding>,
}

#[derive(Serialize)]
struct RunEntry {
    run_id: Option<String>,
    server_name: Option<String>,
    pids: Vec<String>,
    line: u32,
    events: usize,
    messages: usize,
    started: StartedEntry,
    initialized: AnswerEntry,
    tools: ToolsEntry,
    external: ExternalEntry,
    last_event: Option<LastEventEntry>,
    timeout: Option<TimeoutEntry>,
    phase: Option<PhaseEntry>,
    /// The captured session joined to the run (`--with`), when one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    session: Option<String>,
    unknown_events: Vec<String>,
}

#[derive(Serialize)]
struct AnswerEntry {
    answer: &'static str,
}

#[derive(Serialize)]
struct StartedEntry {
    answer: &'static str,
    exit_code: Option<i64>,
    signal: Option<String>,
    stderr: Option<String>,
}

#[derive(Serialize)]
struct ToolsEntry {
    answer: &'static str,
    count: Option<u64>,
    digest: Option<String>,
    reason: Option<String>,
}

#[derive(Serialize)]
struct ExternalEntry {
    answer: &'static str,
    hosts: Vec<String>,
}

#[derive(Serialize)]
struct LastEventEntry {
    event: String,
    line: Option<u32>,
}

#[derive(Serialize)]
struct TimeoutEntry {
    event: String,
    phase: Option<&'static str>,
    owner: Option<&'static str>,
    last_event: Option<String>,
    line: u32,
}

#[derive(Serialize)]
struct MessageEntry {
    index: u32,
    line: u32,
    span: SpanEntry,
    direction: Option<&'static str>,
    inferred: bool,
    kind: &'static str,
    method: Option<String>,
    id: Option<String>,
    /// The line of the message it pairs with; `null` when unpaired.
    pair_line: Option<u32>,
}

#[derive(Serialize)]
struct DefinitionEntry {
    name: Option<String>,
    version: Option<String>,
    items: Vec<ItemEntry>,
}

#[derive(Serialize)]
struct ItemEntry {
    kind: &'static str,
    name: Option<String>,
    path: String,
    line: u32,
    column: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    column_utf16: Option<u32>,
    schemas: Vec<SchemaEntry>,
}

#[derive(Serialize)]
struct SchemaEntry {
    field: &'static str,
    state: &'static str,
}

#[derive(Serialize)]
struct DialectEntry {
    name: &'static str,
    client: &'static str,
    detected_by: &'static str,
    reason: String,
}

#[derive(Serialize)]
struct ProtocolEntry {
    version: &'static str,
    detected_by: &'static str,
}

#[derive(Serialize)]
struct FormatEntry {
    name: &'static str,
    reason: String,
}

#[derive(Serialize)]
struct PhaseEntry {
    reached: &'static str,
    last_event: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    exit_code: Option<i64>,
}

#[derive(Serialize)]
struct Summary {
    #[serde(skip_serializing_if = "Option::is_none")]
    servers: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    messages: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    requests: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    responses: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    notifications: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unpaired_ids: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tools: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    failed_calls: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    items: Option<usize>,
    errors: usize,
    warnings: usize,
    infos: usize,
    /// Findings a `mcpvet-ignore` comment suppressed; absent when none.
    #[serde(skip_serializing_if = "is_zero")]
    suppressed: usize,
    /// Findings left out because the baseline holds them; absent when none.
    #[serde(skip_serializing_if = "is_zero")]
    baselined: usize,
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if signature"
)]
fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[derive(Serialize)]
struct ServerEntry {
    name: String,
    path: String,
    transport: &'static str,
    target: Option<String>,
    disabled: bool,
    line: u32,
    column: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    column_utf16: Option<u32>,
}

#[derive(Serialize)]
struct SpanEntry {
    start: u32,
    end: u32,
}

/// Where a finding, a secondary label or an edit lies: its byte span, then the lines and
/// columns of both ends (in UTF-16 units too, when asked).
#[derive(Serialize)]
struct Positioned {
    span: SpanEntry,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    column_utf16: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_column_utf16: Option<u32>,
}

impl Positioned {
    fn new(p: Place, utf16: bool) -> Self {
        Positioned {
            span: SpanEntry {
                start: p.start,
                end: p.end,
            },
            line: p.line,
            column: p.column,
            end_line: p.end_line,
            end_column: p.end_column,
            column_utf16: utf16.then_some(p.column_utf16),
            end_column_utf16: utf16.then_some(p.end_column_utf16),
        }
    }
}

#[derive(Serialize)]
struct Finding {
    code: &'static str,
    rule: Option<&'static str>,
    severity: &'static str,
    message: String,
    path: Option<String>,
    pointer: Option<String>,
    #[serde(flatten)]
    at: Positioned,
    label: Option<String>,
    help: Option<String>,
    secondary: Vec<Secondary>,
    fix: Option<FixEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message_index: Option<u32>,
}

#[derive(Serialize)]
struct Secondary {
    #[serde(flatten)]
    at: Positioned,
    message: Option<String>,
}

#[derive(Serialize)]
struct FixEntry {
    message: String,
    applicability: &'static str,
    edits: Vec<EditEntry>,
}

#[derive(Serialize)]
struct EditEntry {
    #[serde(flatten)]
    at: Positioned,
    replacement: String,
}

fn file_entry(
    report: &FileReport,
    catalog: &HashMap<&str, &RuleMeta>,
    options: &JsonReportOptions,
) -> FileEntry {
    let redactor = report.redactor();
    let counts = report.counts();
    let transcript = report.transcript.as_ref();
    let definition = report.definition.as_ref();
    let is_config = transcript.is_none() && definition.is_none();
    let summary = Summary {
        servers: is_config.then_some(report.servers.len()),
        messages: transcript.map(|t| t.messages),
        requests: transcript.map(|t| t.requests),
        responses: transcript.map(|t| t.responses),
        notifications: transcript.map(|t| t.notifications),
        unpaired_ids: transcript.map(|t| t.unpaired_ids),
        tools: transcript.map(|t| t.tools),
        failed_calls: transcript.map(|t| t.failed_calls),
        items: definition.map(|d| d.items.len()),
        errors: counts.errors,
        warnings: counts.warnings,
        infos: counts.infos,
        suppressed: report.suppressed,
        baselined: report.baselined,
    };
    FileEntry {
        path: report.source.name().to_owned(),
        kind: report.kind.name(),
        dialect: report.dialect.as_ref().map(|d| DialectEntry {
            name: d.name,
            client: d.client,
            detected_by: d.method.name(),
            reason: redactor.clean(&d.reason),
        }),
        protocol: transcript
            .map(|t| ProtocolEntry {
                version: t.protocol,
                detected_by: t.protocol_source,
            })
            .or_else(|| {
                let d = definition?;
                Some(ProtocolEntry {
                    version: d.protocol?,
                    detected_by: d.protocol_source.unwrap_or("assumed"),
                })
            }),
        input_format: transcript
            .map(|t| FormatEntry {
                name: t.format,
                reason: redactor.clean(&t.format_reason),
            })
            .or_else(|| {
                definition.map(|d| FormatEntry {
                    name: d.format,
                    reason: redactor.clean(&d.format_reason),
                })
            }),
        summary,
        phase: transcript.map(|t| PhaseEntry {
            reached: t.phase_reached.as_str(),
            last_event: t.last_event.as_str(),
            exit_code: t.exit_code,
        }),
        tools_digest: transcript.map(|t| t.tools_digest.clone()).or_else(|| {
            definition
                .filter(|d| d.protocol.is_some())
                .map(|d| d.tools_digest.clone())
        }),
        servers: report
            .servers
            .iter()
            .map(|s| server_entry(report, s, &redactor, options))
            .collect(),
        definition: definition.map(|d| DefinitionEntry {
            name: d.name.clone(),
            version: d.version.clone(),
            items: d
                .items
                .iter()
                .map(|i| {
                    let at = place(&report.source, i.span);
                    ItemEntry {
                        kind: i.kind,
                        name: i.name.clone(),
                        path: i.path.clone(),
                        line: at.line,
                        column: at.column,
                        column_utf16: options.utf16_columns.then_some(at.column_utf16),
                        schemas: i
                            .schemas
                            .iter()
                            .map(|&(field, state)| SchemaEntry { field, state })
                            .collect(),
                    }
                })
                .collect(),
        }),
        messages: transcript
            .and_then(|t| t.message_rows.as_ref())
            .map(|rows| {
                rows.iter()
                    .map(|m| MessageEntry {
                        index: m.index,
                        line: m.line,
                        span: SpanEntry {
                            start: m.span.start,
                            end: m.span.end,
                        },
                        direction: m.direction.map(mcpvet_ast::transcript::Direction::as_str),
                        inferred: m.inferred,
                        kind: m.kind,
                        method: m.method.as_deref().map(|t| redactor.clean(t)),
                        id: m.id.as_deref().map(|t| redactor.clean(t)),
                        pair_line: m.pair_line,
                    })
                    .collect()
            }),
        runs: transcript
            .and_then(|t| t.runs.as_ref())
            .map(|runs| runs.iter().map(|r| run_entry(r, &redactor)).collect()),
        findings: report
            .diagnostics
            .iter()
            .map(|d| finding(report, d, catalog, &redactor, options))
            .collect(),
    }
}

/// One run of a run log, every string taken from the input masked.
fn run_entry(run: &crate::report::RunInfo, redactor: &Redactor) -> RunEntry {
    let s = &run.summary;
    let clean = |t: &String| redactor.clean(t);
    RunEntry {
        run_id: s.run_id.as_ref().map(clean),
        server_name: s.server_name.as_ref().map(clean),
        pids: s.pids.iter().map(clean).collect(),
        line: s.line,
        events: s.events,
        messages: s.messages,
        started: StartedEntry {
            answer: s.started.as_str(),
            exit_code: s.exit_code,
            signal: s.signal.as_ref().map(clean),
            stderr: s.stderr.as_ref().map(clean),
        },
        initialized: AnswerEntry {
            answer: s.initialized.as_str(),
        },
        tools: ToolsEntry {
            answer: s.tools.as_str(),
            count: s.tool_count,
            digest: s.tools_digest.as_ref().map(clean),
            reason: s.tools_reason.as_ref().map(clean),
        },
        external: ExternalEntry {
            answer: s.external.as_str(),
            hosts: s.hosts.iter().map(clean).collect(),
        },
        last_event: s.last_event.as_ref().map(|e| LastEventEntry {
            event: clean(e),
            line: s.last_event_line,
        }),
        timeout: s.timeout.as_ref().map(|t| TimeoutEntry {
            event: clean(&t.event),
            phase: t.phase.map(mcpvet_check_runlog::RunPhase::as_str),
            owner: t.owner.map(mcpvet_check_runlog::Owner::as_str),
            last_event: t.last_event.as_ref().map(clean),
            line: t.line,
        }),
        phase: run.phase.as_ref().map(|p| PhaseEntry {
            reached: p.reached.as_str(),
            last_event: p.last_event.as_str(),
            exit_code: p.exit_code,
        }),
        session: run.session.clone(),
        unknown_events: s.unknown_events.iter().map(clean).collect(),
    }
}

fn server_entry(
    report: &FileReport,
    server: &ServerSummary,
    redactor: &Redactor,
    options: &JsonReportOptions,
) -> ServerEntry {
    let at = place(&report.source, server.name_span);
    ServerEntry {
        // Masked by the inspection where the name is a secret's text at its span.
        name: server.name.clone(),
        path: server.path.clone(),
        transport: server.transport,
        target: server.target.as_deref().map(|t| redactor.clean(t)),
        disabled: server.disabled,
        line: at.line,
        column: at.column,
        column_utf16: options.utf16_columns.then_some(at.column_utf16),
    }
}

fn finding(
    report: &FileReport,
    d: &Diagnostic,
    catalog: &HashMap<&str, &RuleMeta>,
    redactor: &Redactor,
    options: &JsonReportOptions,
) -> Finding {
    let at = place(&report.source, d.span());
    let utf16 = options.utf16_columns;
    let secondary = |label: &Label| {
        let p = place(&report.source, label.span());
        Secondary {
            at: Positioned::new(p, utf16),
            message: label.message().map(|m| redactor.clean(m)),
        }
    };
    let fix = d.fix().map(|fix| FixEntry {
        message: redactor.clean(fix.message()),
        applicability: match fix.applicability() {
            Applicability::Safe => "safe",
            _ => "unsafe",
        },
        edits: fix
            .edits()
            .iter()
            .map(|e| {
                let p = place(&report.source, e.span());
                EditEntry {
                    at: Positioned::new(p, utf16),
                    replacement: redactor.clean(e.replacement()),
                }
            })
            .collect(),
    });
    let code = d.code().as_str();
    Finding {
        code,
        rule: catalog.get(code).map(|r| r.name),
        severity: d.severity().as_str(),
        message: redactor.clean(d.message()),
        // Masked when the inspection ended, at the member names that are secrets only.
        path: d.path().map(ToString::to_string),
        pointer: d.path().map(mcpvet_diagnostics::JsonPath::to_pointer),
        at: Positioned::new(at, utf16),
        label: d.primary().message().map(|m| redactor.clean(m)),
        help: d.help().map(|h| redactor.clean(h)),
        secondary: d.secondary().iter().map(secondary).collect(),
        fix,
        message_index: d.message_index(),
    }
}
