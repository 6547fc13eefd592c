//! The result of inspecting one file, independent of any output format.
pub use mcpvet_ast::InputKind;
use mcpvet_ast::config::DetectionMethod;
use mcpvet_ast::kind::Detection;
use mcpvet_ast::transcript::Direction;
use mcpvet_check_lifecycle::{Event, Stage};
use mcpvet_diagnostics::redact::Redactor;
use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_text::{SourceFile, Span};

/// The detected (or forced) client dialect of a configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DialectInfo {
    /// Kebab-case name (`claude-desktop`, `vscode`...).
    pub name: &'static str,
    /// The client's display name.
    pub client: &'static str,
    /// How it was decided.
    pub method: DetectionMethod,
    /// Why, in a few words.
    pub reason: String,
}

/// One server of a configuration, as the summary shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerSummary {
    /// The server name.
    pub name: String,
    /// The span of its name.
    pub name_span: Span,
    /// The JSON path of the server object.
    pub path: String,
    /// `stdio`, `streamable-http`, `sse`, `stdio+http` (both set), `extension` or `missing`.
    pub transport: &'static str,
    /// The command line or URL, with secrets masked; `None` when there is none.
    pub target: Option<String>,
    /// Whether the entry is disabled (`disabled: true`, or Zed's `enabled: false`).
    pub disabled: bool,
}

/// What a captured session held and how far it got.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TranscriptInfo {
    /// The input format (`json-lines`, `claude-desktop-log`...).
    pub format: &'static str,
    /// Why that format was chosen.
    pub format_reason: String,
    /// The protocol version the session was checked against.
    pub protocol: &'static str,
    /// How the version was decided (`initialize result`, `forced`, `assumed`...).
    pub protocol_source: &'static str,
    /// Protocol messages (requests, responses, notifications; a batch counts once).
    pub messages: usize,
    /// Requests.
    pub requests: usize,
    /// Responses (results and errors).
    pub responses: usize,
    /// Notifications.
    pub notifications: usize,
    /// Requests never answered plus responses to no pending request.
    pub unpaired_ids: usize,
    /// Tool definitions advertised.
    pub tools: usize,
    /// SHA-256 over the advertised tool interface, when tools were listed.
    pub tools_digest: Option<String>,
    /// `tools/call` results with `isError: true`.
    pub failed_calls: usize,
    /// The phase reached (launch, handshake, discovery or execution).
    pub phase_reached: Stage,
    /// The last event confirmed.
    pub last_event: Event,
    /// For `launch_failed`: the exit code of the server process, when the capture gives it.
    pub exit_code: Option<i64>,
    /// Every message in order, when asked for (`TranscriptOptions::messages`).
    pub message_rows: Option<Vec<MessageRow>>,
    /// For a run-phase event log: every run, in order of first appearance, with its four
    /// answers (`None` for other captures).
    pub runs: Option<Vec<RunInfo>>,
    /// What the capture advertises, for the checks across files ([`crate::CrossFiles`]):
    /// per server its tool names and the words of its descriptions that look like tool
    /// names.
    pub advertised: mcpvet_check_risks::Advertised,
}

/// One run of a run-phase event log: the four answers its events give (joined with what its
/// JSON-RPC messages show), and the phase summary of those messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunInfo {
    /// The four answers, the exit code and stderr line, the hosts reached, the last
    /// confirmed event, the timeout and its owner.
    pub summary: mcpvet_check_runlog::RunSummary,
    /// The phase the run's JSON-RPC messages reached (the lifecycle checker's summary of
    /// them), when the log holds messages of the run, or a session joined to it holds them.
    pub phase: Option<mcpvet_check_lifecycle::Phase>,
    /// The name of the captured session joined to this run ([`crate::join_session`]), whose
    /// messages gave `phase` and may have answered initialization and tools.
    pub session: Option<String>,
}

/// One protocol message of a session, for the `--messages` listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageRow {
    /// 0-based message index.
    pub index: u32,
    /// 1-based line.
    pub line: u32,
    /// The entry's span.
    pub span: Span,
    /// Who sent it, or `None` when unknown.
    pub direction: Option<Direction>,
    /// Whether the direction was inferred (from the method or from pairing).
    pub inferred: bool,
    /// `request`, `notification`, `response`, `error`, `batch`, `invalid`, `abbreviated`
    /// (log line without a body) or `reconstructed` (SDK capture, server signature).
    pub kind: &'static str,
    /// The method (for a response: the method of the request it answers).
    pub method: Option<String>,
    /// The id as written (`1`, `"1"`).
    pub id: Option<String>,
    /// The line of the message it pairs with, `None` when unpaired or not pairable.
    pub pair_line: Option<u32>,
}

/// Counts of findings by severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Errors.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Infos.
    pub infos: usize,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.infos += other.infos;
    }
}

/// What a server definition advertises, and how it was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefinitionInfo {
    /// The format (`listing`, `server-json`, `mcpb-manifest`, `definition`).
    pub format: &'static str,
    /// Why that format was chosen.
    pub format_reason: String,
    /// The server's name, when the format gives one.
    pub name: Option<String>,
    /// The server's version, when the format gives one.
    pub version: Option<String>,
    /// For a captured listing: the protocol version its list results were checked against.
    pub protocol: Option<&'static str>,
    /// For a captured listing: how that version was decided (`forced`, `result members`,
    /// `assumed`).
    pub protocol_source: Option<&'static str>,
    /// Every advertised item, in source order.
    pub items: Vec<ItemRow>,
    /// SHA-256 over the advertised tool interface of a listing (the tools digest of a
    /// session), when it lists tools.
    pub tools_digest: Option<String>,
    /// What the definition advertises, for the checks across files
    /// ([`crate::CrossFiles`]): its tool names and the words of its descriptions that look
    /// like tool names.
    pub advertised: mcpvet_check_risks::Advertised,
}

/// One tool, prompt, resource or resource template of a server definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemRow {
    /// `tool`, `prompt`, `resource` or `resource template`.
    pub kind: &'static str,
    /// Its name, when it has a string one.
    pub name: Option<String>,
    /// Its JSON path.
    pub path: String,
    /// Its span.
    pub span: Span,
    /// Each schema field the item has in its format (`inputSchema`, `requestSchema`...)
    /// with its state (`valid`, `incomplete`, `default`, `missing`).
    pub schemas: Vec<(&'static str, &'static str)>,
}

/// Everything mcpvet found about one file.
#[derive(Debug, Clone)]
pub struct FileReport {
    /// The source (its name is the path as given on the command line, `-` for stdin).
    pub source: SourceFile,
    /// How the file was inspected.
    pub kind: InputKind,
    /// How the kind was decided, when it was detected rather than given
    /// ([`inspect`](crate::inspect) with no kind).
    pub detection: Option<Detection>,
    /// For configurations: the dialect.
    pub dialect: Option<DialectInfo>,
    /// For configurations: the servers in source order.
    pub servers: Vec<ServerSummary>,
    /// For captured sessions: what they held and how far they got.
    pub transcript: Option<TranscriptInfo>,
    /// For server definitions: what the server advertises.
    pub definition: Option<DefinitionInfo>,
    /// Every finding, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// Spans of secrets: every renderer masks their text.
    pub redactions: Vec<Span>,
    /// Findings left out because a `mcpvet-ignore` comment of the file suppresses them
    /// (`docs/configuration.md`).
    pub suppressed: usize,
    /// Findings left out because the baseline holds them
    /// ([`crate::baseline::Baseline::apply`]).
    pub baselined: usize,
}

impl FileReport {
    /// Counts of findings by severity.
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for d in &self.diagnostics {
            match d.severity() {
                Severity::Error => counts.errors += 1,
                Severity::Warning => counts.warnings += 1,
                _ => counts.infos += 1,
            }
        }
        counts
    }

    /// Adds findings made outside the checks (such as invalid UTF-8 reported while decoding the
    /// input) and keeps the list sorted by position.
    pub fn merge(&mut self, diagnostics: impl IntoIterator<Item = Diagnostic>) {
        self.diagnostics.extend(diagnostics);
        self.diagnostics
            .sort_by_key(|d| (d.span().start, d.span().end, d.code()));
    }

    /// The highest severity found, if any.
    pub fn max_severity(&self) -> Option<Severity> {
        self.diagnostics.iter().map(Diagnostic::severity).max()
    }

    /// What a session or a server definition advertises (tool names, words of descriptions
    /// that look like tool names), for the checks across files; `None` for other kinds.
    pub fn advertised(&self) -> Option<&mcpvet_check_risks::Advertised> {
        self.transcript
            .as_ref()
            .map(|t| &t.advertised)
            .or(self.definition.as_ref().map(|d| &d.advertised))
    }

    /// The masker of this report's secrets, for every string an output prints.
    pub fn redactor(&self) -> Redactor {
        crate::redact::redactor(self.source.text(), &self.redactions)
    }
}
