//! The streaming entry point: [`LifecycleChecker`] dispatches each entry to its session.

// foldhash: the keys are ids and names of one capture; SipHash cost about 3 % of a session's inspection.
use foldhash::{HashMap, HashMapExt as _, HashSet};

use mcpvet_ast::transcript::{
    AbbreviatedKind, DirectionSource, Entry, EntryKind, InputFormat, ProtocolVersion,
    Reconstructed, RecordBody, RecordRole, ServerEvent, VersionDetection, VersionSource,
};
use mcpvet_diagnostics::{Findings, Reporter};
use mcpvet_json::{JsonDocument, Value, ValueKind};
use mcpvet_text::{Span, Spanned};

use crate::flow::{Cx, Kind, View};
use crate::lanes::Lanes;
use crate::phase::Outcome;
use crate::rules::stdout_pollution;
use crate::session::Session;
use crate::{LifecycleSummary, MessageInfo, Pair, Phase, SessionSummary, Stage};

// Streamable HTTP exchanges (HAR files, trace `http` events).
mod http;
// Reading a wire message into the view the message flow works on.
mod wire;

/// How many findings about text lines are held while the capture's format is still unknown.
const DEFERRED_LIMIT: usize = 4096;

/// What kind of capture the entries come from, as far as the checks care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Capture {
    /// Not known yet (only text lines so far).
    Unknown,
    /// Raw JSON-RPC messages, one per line (or a JSON array of them): the stdio wire.
    Raw,
    /// Trace events (stdio or not, per event).
    Trace,
    /// A client's log (Claude Desktop, VS Code, Cursor): text lines are the client's own
    /// log.
    Log,
    /// Inspector exports, SDK captures, server signatures.
    Other,
}

/// The lifecycle checker: feed it every entry in order, then call [`finish`](Self::finish).
///
/// It keeps per session only compact owned state (see the [crate docs](crate)); findings go
/// to the [`Findings`] given with each entry, except those only the end of the capture shows
/// (unanswered requests, a missing handshake), which [`finish`](Self::finish) reports.
#[derive(Debug)]
pub struct LifecycleChecker {
    version: ProtocolVersion,
    forced: bool,
    capture: Capture,
    capture_forced: bool,
    trace_stdio: bool,
    sessions: Vec<Session>,
    messages_per_session: Vec<usize>,
    /// The current session of each server name.
    active: Vec<(Option<Box<str>>, usize)>,
    /// Connections started together under one server name (a client that starts the same
    /// server twice within milliseconds), by the index of the first one's session.
    lanes: HashMap<usize, Lanes>,
    /// Findings about leading text lines, held until the capture's format is known.
    deferred: Findings,
    listing: Option<Vec<MessageInfo>>,
    /// Rows of reconstructed requests waiting for their record, by correlation key.
    correlations: HashMap<Box<str>, usize>,
    /// The HTTP exchanges of a Streamable HTTP capture.
    http: http::HttpState,
}

impl LifecycleChecker {
    /// A checker for a capture of the given version (the version of each session may then
    /// follow its own negotiation, unless the version was forced).
    pub fn new(version: &VersionDetection) -> Self {
        LifecycleChecker {
            version: version.version,
            forced: version.source == VersionSource::Forced,
            capture: Capture::Unknown,
            capture_forced: false,
            trace_stdio: false,
            sessions: Vec::new(),
            messages_per_session: Vec::new(),
            active: Vec::new(),
            lanes: HashMap::new(),
            deferred: Findings::new(),
            listing: None,
            correlations: HashMap::new(),
            http: http::HttpState::default(),
        }
    }

    /// Tells the checker the capture format, so it knows from the first entry whether text
    /// lines are stdout pollution (JSON Lines, stdio traces) or a client's own log (Claude
    /// Desktop logs). Without it the format is inferred from the entries, and findings about
    /// leading text lines wait until the first message decides.
    #[must_use]
    pub fn with_input_format(mut self, format: InputFormat) -> Self {
        self.capture = match format {
            InputFormat::JsonArray | InputFormat::JsonLines => Capture::Raw,
            InputFormat::Trace => Capture::Trace,
            InputFormat::ClaudeDesktopLog | InputFormat::VsCodeLog | InputFormat::CursorLog => {
                Capture::Log
            }
            _ => Capture::Other,
        };
        self.capture_forced = true;
        self
    }

    /// Collects the `--messages` listing: one [`MessageInfo`] per message, returned in
    /// [`LifecycleSummary::messages`].
    #[must_use]
    pub fn with_messages(mut self, messages: bool) -> Self {
        self.listing = messages.then(Vec::new);
        self
    }

    /// Checks one entry; `document` holds the entry's JSON nodes.
    pub fn entry(&mut self, entry: &Entry, document: &JsonDocument<'_>, findings: &mut Findings) {
        self.observe(entry, document, findings);
        let server = entry.server.as_ref().map(|s| s.value.as_str());
        match &entry.kind {
            EntryKind::Message(message) => {
                if self.http.active() {
                    self.http_message(entry, message, document, findings);
                }
                self.wire(entry, message, document, findings, server);
            }
            EntryKind::Abbreviated(a) => {
                let s = self.message_session(server, findings);
                let kind = match a.kind {
                    AbbreviatedKind::Request => Kind::Request,
                    AbbreviatedKind::Notification => Kind::Notification,
                    AbbreviatedKind::Response => Kind::Response,
                    AbbreviatedKind::ErrorResponse => Kind::Error,
                };
                let view = View {
                    kind,
                    method: a
                        .method
                        .as_ref()
                        .map(|m| Spanned::new(m.value.as_str(), m.span(document))),
                    id: a.id.as_ref(),
                    id_span: a.id.as_ref().map_or(entry.span, |id| id.span(document)),
                    params: None,
                    result: None,
                    error: None,
                    direction: entry.direction,
                    explicit: entry.direction_source == DirectionSource::Explicit,
                    wire: false,
                    span: entry.span,
                    header: None,
                };
                self.run(s, entry, document, findings, &view);
            }
            EntryKind::Reconstructed(r) => self.reconstructed(entry, r, document, findings, server),
            EntryKind::NonProtocol { text } => self.text(entry, *text, document, findings, server),
            EntryKind::Lifecycle {
                server_event: Some(what),
                ..
            } => self.server_event(*what, server, findings),
            // A run log's (re)start of a process begins a new session once the current one
            // saw traffic. Its messages name no server, so the run's session is the unnamed
            // one; how a run ended is the run checker's to say.
            EntryKind::RunEvent(run) => {
                if matches!(run.name(), Some("spawn_requested" | "spawned")) {
                    self.restart(None, findings);
                }
            }
            EntryKind::Lifecycle { event, .. } => {
                let name = event.as_ref().map_or("", |e| e.value.as_str());
                if ["open", "start", "spawn", "connect"]
                    .iter()
                    .any(|w| name.contains(w))
                {
                    self.launch(server, findings);
                } else if ["close", "exit", "disconnect", "crash", "kill"]
                    .iter()
                    .any(|w| name.contains(w))
                {
                    let s = self.session(server);
                    self.sessions[s].close_transport();
                }
            }
            EntryKind::Http { status, http } => {
                if let Some(facts) = http {
                    self.http_entry(entry, facts, status.as_ref(), document, findings);
                }
                if entry.direction == Some(mcpvet_ast::transcript::Direction::ClientToServer)
                    && let Some((span, value)) = header(entry, document)
                {
                    let s = self.session(server);
                    let mut cx = Cx {
                        doc: document,
                        report: Reporter::for_message(findings, entry.index),
                        index: entry.index,
                        line: entry.line,
                        forced: self.forced,
                        http: self.http.active(),
                        listing: None,
                    };
                    self.sessions[s].legacy_header(&mut cx, span, value);
                }
            }
        }
    }

    /// Keeps what a finding at the end of the capture will need of `document` (the JSON
    /// paths of the requests it holds that are still unanswered), once all of its entries
    /// were given: call it before a document is dropped while the checker goes on (a piece
    /// of a streamed capture), and before [`finish`](Self::finish).
    pub fn document_done(&mut self, document: &JsonDocument<'_>) {
        for session in &mut self.sessions {
            session.document_done(document);
        }
    }

    /// Reports what only the end of the capture shows (unanswered requests, a missing
    /// handshake) and summarises.
    pub fn finish(mut self, findings: &mut Findings) -> LifecycleSummary {
        self.close_exchange(None, findings);
        let stdio = self.stdio();
        for session in &mut self.sessions {
            session.finish(stdio, false, &mut Reporter::new(findings));
        }
        let mut summary = LifecycleSummary {
            requests: 0,
            responses: 0,
            notifications: 0,
            unpaired_ids: 0,
            phase: Phase::of(Stage::Launch, crate::Event::NoTraffic),
            sessions: Vec::new(),
            messages: self.listing.take().unwrap_or_default(),
        };
        for (i, s) in self.sessions.iter().enumerate() {
            summary.requests += s.counts.requests;
            summary.responses += s.counts.responses;
            summary.notifications += s.counts.notifications;
            summary.unpaired_ids += s.counts.unpaired;
            summary.sessions.push(SessionSummary {
                server: s.server.as_deref().map(str::to_owned),
                protocol: s.version.as_str(),
                stage: s.phase.stage,
                event: s.phase.event,
                exit_code: s.exit_code,
                messages: self.messages_per_session[i],
            });
        }
        // A connection started alongside another that never carried a message says
        // nothing about the server.
        let secondary: HashSet<usize> = self
            .lanes
            .values()
            .flat_map(|l| l.sessions.iter().skip(1).copied())
            .collect();
        let candidates: Vec<&SessionSummary> = summary
            .sessions
            .iter()
            .enumerate()
            .filter(|(i, s)| {
                s.messages > 0
                    || s.event != crate::Event::NoTraffic
                    || (s.server.is_some() && !secondary.contains(i))
            })
            .map(|(_, s)| s)
            .collect();
        let chosen = candidates
            .iter()
            .min_by_key(|s| s.stage)
            .copied()
            .or_else(|| summary.sessions.first());
        if let Some(s) = chosen {
            summary.phase = s.phase();
        }
        summary
    }

    // ------------------------------------------------------------------------------------

    fn stdio(&self) -> bool {
        match self.capture {
            Capture::Raw => true,
            Capture::Trace => self.trace_stdio,
            _ => false,
        }
    }

    /// Learns the capture kind from an entry, and settles the deferred text-line findings.
    fn observe(&mut self, entry: &Entry, doc: &JsonDocument<'_>, findings: &mut Findings) {
        if let Some(env) = entry.envelope {
            let transport = doc.value(env).get("transport").and_then(Value::as_str);
            if let Some(t) = transport {
                self.trace_stdio = t == "stdio";
            }
        }
        if self.capture != Capture::Unknown {
            return;
        }
        let decided = if let Some(env) = entry.envelope {
            let v = doc.value(env);
            if v.get("transport").is_some()
                || v.get("payload").is_some()
                || v.get("seq").is_some()
                || matches!(
                    entry.kind,
                    EntryKind::Lifecycle { .. } | EntryKind::Http { .. }
                )
            {
                Capture::Trace
            } else {
                Capture::Other
            }
        } else {
            match entry.kind {
                EntryKind::Reconstructed(_) => Capture::Other,
                _ if entry.timestamp.is_some() => Capture::Log,
                EntryKind::Message(_) => Capture::Raw,
                EntryKind::Lifecycle { .. } | EntryKind::Http { .. } => Capture::Trace,
                _ => return,
            }
        };
        self.capture = decided;
        let deferred = std::mem::take(&mut self.deferred);
        if self.stdio() {
            findings.extend(deferred.into_parts().0);
        }
    }

    /// Whether an entry is a line of raw stdio (JSON Lines, no envelope, no log prefix).
    fn raw_line(&self, entry: &Entry) -> bool {
        self.capture == Capture::Raw && entry.envelope.is_none() && entry.timestamp.is_none()
    }

    /// The current session of `server` (created when needed).
    fn session(&mut self, server: Option<&str>) -> usize {
        if let Some((_, i)) = self.active.iter().find(|(s, _)| s.as_deref() == server) {
            return *i;
        }
        self.create(server)
    }

    fn create(&mut self, server: Option<&str>) -> usize {
        let i = self.sessions.len();
        self.sessions
            .push(Session::new(server.map(Into::into), self.version));
        self.messages_per_session.push(0);
        match self.active.iter_mut().find(|(s, _)| s.as_deref() == server) {
            Some(slot) => slot.1 = i,
            None => self.active.push((server.map(Into::into), i)),
        }
        i
    }

    /// The session a message of `server` belongs to: a new one when the current session's
    /// transport closed after traffic.
    fn message_session(&mut self, server: Option<&str>, findings: &mut Findings) -> usize {
        let i = self.session(server);
        if self.sessions[i].closed && self.sessions[i].traffic {
            return self.restart(server, findings);
        }
        i
    }

    /// A client log line saying what happened to the server (VS Code, Cursor): a start begins
    /// a session (a new one after traffic), an exit or a failure to spawn closes it (a failed
    /// launch when nothing was received), a tool count is evidence the tool list arrived.
    fn server_event(&mut self, what: ServerEvent, server: Option<&str>, findings: &mut Findings) {
        match what {
            ServerEvent::Start => {
                // These clients start a server once per connection: no second connection.
                let i = self.restart(server, findings);
                self.sessions[i].launched = true;
            }
            ServerEvent::Running => {}
            ServerEvent::ToolsListed { .. } => {
                let s = self.message_session(server, findings);
                self.sessions[s].tools_listed_by_client();
            }
            ServerEvent::Exited { code } => {
                let s = self.session(server);
                self.sessions[s].exited(code);
            }
            ServerEvent::Stopped => {
                let s = self.session(server);
                self.sessions[s].closed = true;
            }
        }
    }

    /// Starts a new session for `server` when the current one saw traffic (the capture shows
    /// the server restarting).
    fn restart(&mut self, server: Option<&str>, findings: &mut Findings) -> usize {
        let i = self.session(server);
        if !self.sessions[i].traffic {
            self.sessions[i].closed = false;
            return i;
        }
        let stdio = self.stdio();
        self.sessions[i].finish(stdio, true, &mut Reporter::new(findings));
        self.create(server)
    }

    /// The capture shows `server` being started: a new session when the current one saw
    /// traffic, which holds the session from its start. A second start before any traffic
    /// and without the first one closing is a second connection, started alongside the
    /// first ([`Lanes`]).
    fn launch(&mut self, server: Option<&str>, findings: &mut Findings) {
        let i = self.session(server);
        let lanes = self
            .lanes
            .get(&i)
            .map_or_else(|| vec![i], |l| l.sessions.clone());
        let quiet = lanes
            .iter()
            .all(|&l| !self.sessions[l].traffic && !self.sessions[l].closed);
        if quiet && self.sessions[i].launched {
            let j = self.sessions.len();
            let mut session = Session::new(server.map(Into::into), self.version);
            session.launched = true;
            self.sessions.push(session);
            self.messages_per_session.push(0);
            self.lanes
                .entry(i)
                .or_insert_with(|| Lanes::new(i))
                .sessions
                .push(j);
            return;
        }
        if let Some(group) = self.lanes.remove(&i) {
            // The connections started together end together when the server starts again.
            let stdio = self.stdio();
            for &l in group.sessions.iter().filter(|&&l| l != i) {
                self.sessions[l].finish(stdio, true, &mut Reporter::new(findings));
            }
        }
        let i = self.restart(server, findings);
        self.sessions[i].launched = true;
    }

    fn run(
        &mut self,
        s: usize,
        entry: &Entry,
        doc: &JsonDocument<'_>,
        findings: &mut Findings,
        view: &View<'_>,
    ) {
        let s = self.lanes.get_mut(&s).map_or(s, |l| l.route(view));
        self.messages_per_session[s] += 1;
        let mut cx = Cx {
            doc,
            report: Reporter::for_message(findings, entry.index),
            index: entry.index,
            line: entry.line,
            forced: self.forced,
            http: self.http.active(),
            listing: self.listing.as_mut(),
        };
        let first_row = cx.listing.as_ref().map(|l| l.len());
        self.sessions[s].message(&mut cx, view);
        if let (Some(listing), Some(first), Some(server)) =
            (self.listing.as_mut(), first_row, &self.sessions[s].server)
        {
            for row in &mut listing[first..] {
                row.server = Some(server.to_string());
            }
        }
    }

    fn reconstructed(
        &mut self,
        entry: &Entry,
        r: &Reconstructed,
        doc: &JsonDocument<'_>,
        findings: &mut Findings,
        server: Option<&str>,
    ) {
        let s = self.message_session(server, findings);
        self.messages_per_session[s] += 1;
        let outcome = match (r.role, r.body) {
            (RecordRole::Request, _) => Outcome::Sent,
            (RecordRole::ErrorResponse, _) => Outcome::Failed,
            (RecordRole::Response, Some(RecordBody::Result(node)))
                if r.method == Some("tools/call")
                    && doc.value(node).get("isError").and_then(Value::as_bool) == Some(true) =>
            {
                Outcome::Failed
            }
            (RecordRole::Response, _) => Outcome::Succeeded,
        };
        self.sessions[s].reconstructed(r.method, outcome, r.role == RecordRole::Request);
        if let Some(listing) = self.listing.as_mut() {
            let method = r
                .method
                .map(str::to_owned)
                .or_else(|| r.recorded_method.as_ref().map(|m| m.value.clone()));
            let correlation = r.correlation.as_ref().map(|c| c.value.as_str());
            let mut pair = Pair::NotApplicable;
            if let Some(c) = correlation {
                if r.role == RecordRole::Request {
                    self.correlations.insert(c.into(), listing.len());
                    pair = Pair::Unpaired;
                } else if let Some(row) = self.correlations.remove(c) {
                    listing[row].pair = Pair::Line(entry.line);
                    pair = Pair::Line(listing[row].line);
                }
            }
            listing.push(MessageInfo {
                index: entry.index,
                line: entry.line,
                direction: entry.direction,
                inferred: entry.direction_source.is_inferred(),
                kind: r.role.name(),
                abbreviated: true,
                method,
                id: correlation.map(str::to_owned),
                server: server.map(str::to_owned),
                pair,
            });
        }
    }

    fn text(
        &mut self,
        entry: &Entry,
        span: Span,
        doc: &JsonDocument<'_>,
        findings: &mut Findings,
        server: Option<&str>,
    ) {
        if entry.envelope.is_some() {
            return; // a malformed envelope, reported while reading
        }
        let text = doc.slice(span).unwrap_or_default();
        if entry.timestamp.is_some() {
            // A line of the client's own log.
            let s = self.session(server);
            let body = log_body(entry, doc, span, text);
            stdout_pollution::check_client_log(
                text,
                (body, doc.slice(body).unwrap_or(text)),
                &mut Reporter::for_message(findings, entry.index),
            );
            if text.contains("Initializing server") {
                self.launch(server, findings);
            } else if launch_failure(text) {
                self.sessions[s].close_transport();
            }
            return;
        }
        let into = match self.capture {
            Capture::Raw => findings,
            Capture::Trace if self.trace_stdio => findings,
            Capture::Unknown if self.deferred.diagnostics().len() < DEFERRED_LIMIT => {
                &mut self.deferred
            }
            _ => return,
        };
        stdout_pollution::check_line(text, span, &mut Reporter::for_message(into, entry.index));
    }
}

/// The text of a log line (an entry of `doc`) after its timestamp and bracketed fields.
fn log_body(entry: &Entry, doc: &JsonDocument<'_>, line: Span, text: &str) -> Span {
    // `text` is the text of `line`.
    let server = entry.server.as_ref().map(|s| s.span(doc));
    let level = entry.level.as_ref().map(|l| l.span);
    let fields = server.into_iter().chain(level).map(|f| f.end).max();
    let Some(end) = fields else { return line };
    // Skip the closing bracket and the blanks after it.
    let mut start = end.saturating_add(1);
    let at = |o: u32| {
        text.as_bytes()
            .get(o.checked_sub(line.start)? as usize)
            .copied()
    };
    while start < line.end && matches!(at(start), Some(b' ' | b'\t')) {
        start += 1;
    }
    if start >= line.end {
        line
    } else {
        Span::new(start, line.end)
    }
}

/// Client log lines that say the server could not be started or went away.
fn launch_failure(text: &str) -> bool {
    text.contains("transport closed unexpectedly")
        || text.contains("Server disconnected")
        || (text.contains("spawn ")
            && (text.contains("ENOENT") || text.contains("EACCES") || text.contains("EPERM")))
}

/// The `MCP-Protocol-Version` header of an entry's envelope (trace captures), if any.
fn header<'d>(entry: &Entry, doc: &'d JsonDocument<'_>) -> Option<(Span, &'d str)> {
    let headers = doc.value(entry.envelope?).get("headers")?;
    if headers.kind() != ValueKind::Object {
        return None;
    }
    let member = headers
        .members()
        .find(|m| m.key_str().eq_ignore_ascii_case("mcp-protocol-version"))?;
    Some((member.value.span(), member.value.raw_str()?))
}

#[cfg(test)]
mod tests {
    use mcpvet_ast::transcript::read_transcript;

    use super::*;

    #[test]
    fn launch_failures_in_client_logs() {
        assert!(launch_failure("spawn npx ENOENT"));
        assert!(launch_failure(
            "Server transport closed unexpectedly, this is likely due to the process exiting early."
        ));
        assert!(launch_failure(
            "Server disconnected. For troubleshooting guidance, ..."
        ));
        assert!(!launch_failure("Server started and connected successfully"));
        assert!(!launch_failure("Client transport closed"));
    }

    #[test]
    fn log_bodies_start_after_the_bracketed_fields() {
        let text = "2025-06-27T07:58:08.067Z [error] [gocreate] Unexpected token 'i'\n";
        let transcript = read_transcript(text, Some("mcp.log"), None).value;
        let entry = &transcript.entries()[0];
        let line = Span::new(0, text.trim_end().len() as u32);
        let body = log_body(entry, transcript.document(), line, text);
        assert_eq!(&text[body.range()], "Unexpected token 'i'");
    }

    #[test]
    fn leading_text_waits_for_the_format() {
        let version = VersionDetection {
            version: ProtocolVersion::V2025_11_25,
            source: VersionSource::Assumed,
            span: None,
            unknown: None,
        };
        // JSON Lines: the banner before the first message is pollution.
        let text = "Starting...\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n";
        let transcript = read_transcript(text, Some("s.jsonl"), None).value;
        let mut checker = LifecycleChecker::new(&version);
        let mut findings = Findings::new();
        for entry in transcript.entries() {
            checker.entry(entry, transcript.document(), &mut findings);
        }
        checker.finish(&mut findings);
        let codes: Vec<&str> = findings
            .diagnostics()
            .iter()
            .map(|d| d.code().as_str())
            .collect();
        assert_eq!(codes, ["MCP412"]);
        // A Claude Desktop log: a leading annotation is not pollution.
        let text = "// FIRST INSTANCE HERE\n2025-03-10T17:03:18.749Z [demo] [info] Initializing server...\n";
        let transcript = read_transcript(text, Some("mcp.log"), None).value;
        let mut checker = LifecycleChecker::new(&version);
        let mut findings = Findings::new();
        for entry in transcript.entries() {
            checker.entry(entry, transcript.document(), &mut findings);
        }
        checker.finish(&mut findings);
        assert!(
            findings.diagnostics().is_empty(),
            "{:?}",
            findings.diagnostics()
        );
    }
}
