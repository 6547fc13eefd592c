//! The streaming entry point: [`RunChecker`] keeps the state of every run and asks the rules
//! when an event shows what they judge.
use std::collections::HashMap;

use mcpvet_ast::transcript::{Entry, EntryKind, RunEvent};
use mcpvet_diagnostics::{Findings, Reporter, Site};
use mcpvet_json::{JsonDocument, Value, ValueKind};

use crate::rules::run_event_out_of_order::OrderProblem;
use crate::rules::{
    authorization_out_of_order, empty_tool_count_without_reason,
    external_after_denied_authorization, external_attempt_without_result, incomplete_timeout_event,
    missing_run_id, overclaiming_status_field, run_event_out_of_order, run_id_reused,
    server_name_as_run_id, side_effect_before_session, timeout_contradicts_log, unsafe_retry,
};
use crate::summary::{Answer, RunSummary, TimeoutInfo};
use crate::vocabulary::{self, Known, RunPhase};

/// At most this many distinct unknown event names are kept per run.
const UNKNOWN_LIMIT: usize = 16;
/// At most this many request ids whose call reached an external channel are kept per server.
const CALLS_LIMIT: usize = 256;
/// At most this many open external attempts are kept per run.
const ATTEMPTS_LIMIT: usize = 1024;

/// A finding decided later, with where it points.
#[derive(Debug, Clone)]
struct Deferred {
    site: Site,
    index: u32,
    name: String,
}

/// An `external_attempt` waiting for its `external_result`.
#[derive(Debug, Clone)]
struct Attempt {
    action_id: Option<String>,
    host: Option<String>,
    at: Deferred,
}

/// The tool call in progress in a run.
#[derive(Debug, Clone, Default)]
struct Call {
    open: bool,
    request_id: Option<String>,
    tool: Option<String>,
    /// `authorization_denied` for this call.
    denied: Option<Denial>,
    /// An `external_attempt` happened in this call.
    attempted: bool,
    idempotent: bool,
}

/// An `authorization_denied`, with the tool it names.
#[derive(Debug, Clone)]
struct Denial {
    tool: Option<String>,
}

/// A request whose call reached an external channel.
#[derive(Debug, Clone)]
struct ReachedCall {
    request: String,
    host: String,
    /// An idempotency key makes repeating it safe.
    safe: bool,
}

/// Compact state of one run.
#[derive(Debug, Clone, Default)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts of a run, each read by a rule or by the summary"
)]
struct Run {
    id: Option<String>,
    server: Option<String>,
    pids: Vec<String>,
    line: u32,
    events: usize,
    messages: usize,
    /// [`Known::bit`]s of the events seen.
    seen: u32,
    /// The highest ranked step seen, and its name.
    max_rank: Option<u8>,
    /// The earlier phases reported incomplete (launch, handshake).
    gaps_reported: u8,
    reuse_reported: bool,
    name_as_id_reported: bool,
    ended: bool,
    errors: bool,
    /// `tools_list_received` without `tools_list_responded` since.
    listing: bool,
    exit_code: Option<i64>,
    signal: Option<String>,
    stderr: Option<String>,
    tools_responded: bool,
    tool_count: Option<u64>,
    tools_reason: Option<String>,
    tools_digest: Option<String>,
    schema_errors: u64,
    discovery_failed: bool,
    attempts: Vec<Attempt>,
    external_events: usize,
    idempotent_attempts: bool,
    hosts: Vec<String>,
    call: Call,
    last_confirmed: Option<(String, u32)>,
    /// The last event of any kind except errors (for timeouts).
    last_any: Option<String>,
    /// The last event of the vocabulary except errors.
    last_known: Option<String>,
    timeout: Option<TimeoutInfo>,
    unknown: Vec<String>,
}

impl Run {
    fn has(&self, k: Known) -> bool {
        self.seen & k.bit() != 0
    }

    fn has_rank(&self, rank: u8) -> bool {
        Known::of_rank(rank).is_some_and(|k| self.has(k))
    }

    fn label(&self) -> String {
        match &self.id {
            Some(id) => format!("run `{id}`"),
            None => "the run".to_owned(),
        }
    }

    /// Whether any step of `phase` (launch or handshake) was seen.
    fn started_phase(&self, phase: RunPhase) -> bool {
        match phase {
            RunPhase::Launch => {
                self.has(Known::SpawnRequested)
                    || self.has(Known::Spawned)
                    || self.has(Known::ExecutableReady)
            }
            RunPhase::Handshake => {
                self.has(Known::InitializeReceived)
                    || self.has(Known::InitializeResponded)
                    || self.has(Known::InitializedReceived)
            }
            _ => false,
        }
    }

    /// Whether `phase` (launch or handshake) completed.
    fn completed(&self, phase: RunPhase) -> bool {
        match phase {
            RunPhase::Launch => self.has(Known::Spawned) || self.has(Known::ExecutableReady),
            RunPhase::Handshake => self.has(Known::InitializedReceived),
            _ => true,
        }
    }

    fn add_host(&mut self, host: &str) {
        if !host.is_empty() && !self.hosts.iter().any(|h| h == host) {
            self.hosts.push(host.to_owned());
        }
    }

    fn summary(&self) -> RunSummary {
        let server_side = [
            Known::InitializeReceived,
            Known::InitializeResponded,
            Known::InitializedReceived,
            Known::ToolsListReceived,
            Known::ToolsListResponded,
            Known::ToolCallReceived,
            Known::ExternalAttempt,
        ]
        .into_iter()
        .any(|k| self.has(k));
        let evidence = self.has(Known::Spawned)
            || self.has(Known::ExecutableReady)
            || self.has(Known::Exited)
            || !self.pids.is_empty()
            || server_side
            || self.external_events > 0;
        let over = self.ended || self.errors;
        let started = if evidence {
            Answer::Yes
        } else if self.has(Known::SpawnRequested) && over {
            Answer::No
        } else {
            Answer::Unknown
        };
        let initialized = if self.has(Known::InitializedReceived) {
            Answer::Yes
        } else if over {
            Answer::No
        } else {
            Answer::Unknown
        };
        let (tools, tools_reason) = if self.tools_responded {
            if self.schema_errors > 0 {
                let n = self.schema_errors;
                let s = if n == 1 { "" } else { "s" };
                (
                    Answer::No,
                    Some(format!("{n} tool{s} with an invalid schema")),
                )
            } else if self.tool_count == Some(0) {
                (
                    Answer::No,
                    Some(
                        self.tools_reason
                            .clone()
                            .unwrap_or_else(|| "the tool list is empty".to_owned()),
                    ),
                )
            } else {
                (Answer::Yes, self.tools_reason.clone())
            }
        } else if self.discovery_failed || over || initialized == Answer::No {
            (Answer::No, self.tools_reason.clone())
        } else {
            (Answer::Unknown, None)
        };
        // "No" needs the whole run in the log: its start and its end.
        let external = if self.external_events > 0 {
            Answer::Yes
        } else if over && (self.started_phase(RunPhase::Launch) || !self.pids.is_empty()) {
            Answer::No
        } else {
            Answer::Unknown
        };
        RunSummary {
            run_id: self.id.clone(),
            server_name: self.server.clone(),
            pids: self.pids.clone(),
            line: self.line,
            events: self.events,
            messages: self.messages,
            started,
            exit_code: self.exit_code,
            signal: self.signal.clone(),
            stderr: self.stderr.clone(),
            initialized,
            tools,
            tool_count: self.tool_count,
            tools_digest: self.tools_digest.clone(),
            tools_reason,
            external,
            hosts: self.hosts.clone(),
            last_event: self.last_confirmed.as_ref().map(|(n, _)| n.clone()),
            last_event_line: self.last_confirmed.as_ref().map(|(_, l)| *l),
            timeout: self.timeout.clone(),
            unknown_events: self.unknown.clone(),
        }
    }
}

/// The run-log checker: feed it every entry in order, then call [`finish`](Self::finish).
///
/// Run events ([`EntryKind::RunEvent`]) are checked and summarised per run; other entries
/// only count: a message belongs to the run of the run event before it
/// ([`current_run`](Self::current_run)). Findings go to the [`Findings`] given with each
/// entry, except those only the end of the log shows (an `external_attempt` never closed, a
/// `run_id` missing where others have one), which [`finish`](Self::finish) reports.
#[derive(Debug, Default)]
pub struct RunChecker {
    runs: Vec<Run>,
    by_id: HashMap<Box<str>, usize>,
    /// The run of the events without `run_id`, per server name.
    anonymous: HashMap<Option<Box<str>>, usize>,
    /// The latest run of each server name, for retries.
    latest: HashMap<Option<Box<str>>, usize>,
    /// Per server name: request ids whose call reached an external channel, the host, and
    /// whether an idempotency key made them safe to repeat.
    reached_calls: HashMap<Option<Box<str>>, Vec<ReachedCall>>,
    current: Option<usize>,
    any_run_id: bool,
    missing: Option<Deferred>,
    missing_count: usize,
}

/// A scalar member as text (a string decoded, a number or boolean as written).
fn text(value: Value<'_>) -> Option<String> {
    match value.kind() {
        ValueKind::String => value.as_str().map(std::borrow::Cow::into_owned),
        ValueKind::Number | ValueKind::Bool => Some(value.source().to_owned()),
        _ => None,
    }
}

fn field<'d>(event: Value<'d>, names: &[&str]) -> Option<Value<'d>> {
    names.iter().find_map(|n| event.get(n))
}

fn text_field(event: Value<'_>, names: &[&str]) -> Option<String> {
    field(event, names).and_then(text)
}

/// An integer member, written as a number or a string of digits.
fn int_field(event: Value<'_>, names: &[&str]) -> Option<i64> {
    let v = field(event, names)?;
    match v.kind() {
        ValueKind::Number => v.as_number().and_then(mcpvet_json::Number::as_i64),
        ValueKind::String => v.as_str().and_then(|s| s.trim().parse().ok()),
        _ => None,
    }
}

/// A count: an integer, or the length of an array.
fn count_field(event: Value<'_>, names: &[&str]) -> Option<u64> {
    let v = field(event, names)?;
    if v.kind() == ValueKind::Array {
        return Some(v.len() as u64);
    }
    int_field(event, names).and_then(|n| u64::try_from(n).ok())
}

/// Whether the event carries an idempotency key (a member, or one of its `headers`).
fn idempotent(event: Value<'_>) -> bool {
    let has_key = |object: Value<'_>| {
        object
            .members()
            .any(|m| vocabulary::is_idempotency_key(&m.key_str()) && !m.value.is_null())
    };
    has_key(event)
        || event
            .get("headers")
            .is_some_and(|h| h.kind() == ValueKind::Object && has_key(h))
}

/// The first non-empty line of a text, cut at 200 characters.
fn first_line(text: &str) -> Option<String> {
    let line = text.lines().map(str::trim).find(|l| !l.is_empty())?;
    Some(match line.char_indices().nth(200) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.to_owned(),
    })
}

/// The phase of the step after `last` (whose end the timeout waited for).
fn phase_after(last: &str) -> Option<RunPhase> {
    let known = Known::parse(last)?;
    Some(match known {
        Known::ExecutableReady => RunPhase::Handshake,
        Known::InitializedReceived => RunPhase::Discovery,
        Known::ToolsListResponded => RunPhase::Execution,
        other => match other.phase() {
            RunPhase::Interruption | RunPhase::Errors => return None,
            phase => phase,
        },
    })
}

/// What an event claims to have reached (`connected=true`...): the member names.
const CLAIMS: [&str; 6] = [
    "connected",
    "initialized",
    "ready",
    "healthy",
    "online",
    "available",
];

impl RunChecker {
    /// A checker for a new log.
    pub fn new() -> Self {
        RunChecker::default()
    }

    /// The run of the latest run event (the index of its [`RunSummary`] in what
    /// [`finish`](Self::finish) returns), after an entry was checked: the run a JSON-RPC
    /// message fed just before belongs to. `None` before any run event.
    pub fn current_run(&self) -> Option<usize> {
        self.current
    }

    /// Checks one entry; `document` holds the entry's JSON nodes.
    pub fn entry(&mut self, entry: &Entry, document: &JsonDocument<'_>, findings: &mut Findings) {
        match &entry.kind {
            EntryKind::RunEvent(event) => self.event(entry, event, document, findings),
            kind if kind.is_message() => {
                if let Some(run) = self.current {
                    self.runs[run].messages += 1;
                }
            }
            _ => {}
        }
    }

    /// Reports what only the end of the log shows and gives the summary of every run, in
    /// order of first appearance.
    pub fn finish(self, findings: &mut Findings) -> Vec<RunSummary> {
        let mut report = Reporter::new(findings);
        for run in &self.runs {
            for attempt in &run.attempts {
                external_attempt_without_result::check(
                    attempt.at.site.clone(),
                    attempt.action_id.as_deref(),
                    attempt.host.as_deref(),
                    &mut report.message(attempt.at.index),
                );
            }
        }
        if self.any_run_id
            && let Some(missing) = &self.missing
        {
            missing_run_id::check(
                missing.site.clone(),
                &missing.name,
                self.missing_count,
                &mut report.message(missing.index),
            );
        }
        self.runs.iter().map(Run::summary).collect()
    }

    /// The run an event belongs to (created when new).
    fn run_for(
        &mut self,
        run_id: Option<&str>,
        server: Option<&str>,
        known: Option<Known>,
    ) -> usize {
        if let Some(id) = run_id {
            if let Some(&k) = self.by_id.get(id) {
                return k;
            }
            let k = self.new_run(Some(id), server);
            self.by_id.insert(id.into(), k);
            return k;
        }
        let key: Option<Box<str>> = server.map(Into::into);
        if let Some(&k) = self.anonymous.get(&key) {
            let run = &self.runs[k];
            let again = matches!(known, Some(Known::SpawnRequested | Known::Spawned))
                && (run.ended
                    || run.has(Known::Spawned)
                    || (known == Some(Known::SpawnRequested) && run.has(Known::SpawnRequested)));
            if !again {
                return k;
            }
        }
        let k = self.new_run(None, server);
        self.anonymous.insert(key, k);
        k
    }

    fn new_run(&mut self, run_id: Option<&str>, server: Option<&str>) -> usize {
        self.runs.push(Run {
            id: run_id.map(str::to_owned),
            server: server.map(str::to_owned),
            ..Run::default()
        });
        self.runs.len() - 1
    }

    fn event(
        &mut self,
        entry: &Entry,
        event: &RunEvent,
        doc: &JsonDocument<'_>,
        findings: &mut Findings,
    ) {
        let value = doc.value(event.node);
        let name = event.name().unwrap_or("").to_owned();
        let known = Known::parse(&name);
        let run_id = event.run_id.as_ref().map(|r| r.value.as_str());
        let server = event.server_name.as_ref().map(|s| s.value.as_str());
        let mut report = Reporter::for_message(findings, entry.index);

        // Runs and their ids.
        if run_id.is_some() {
            self.any_run_id = true;
        } else {
            self.missing_count += 1;
            if self.missing.is_none() {
                self.missing = Some(Deferred {
                    site: value.site(),
                    index: entry.index,
                    name: name.clone(),
                });
            }
        }
        let k = self.run_for(run_id, server, known);
        self.current = Some(k);
        // The server of the run: its events need not all name it.
        let server_key: Option<Box<str>> =
            self.runs[k].server.as_deref().or(server).map(Into::into);
        let previous_of_server = self.latest.get(&server_key).copied();
        self.latest.insert(server_key.clone(), k);
        let event_idempotent = idempotent(value);

        // A retried start after a run that reached an external channel.
        if known == Some(Known::SpawnRequested)
            && let Some(prev) = previous_of_server
        {
            let p = &self.runs[prev];
            if p.external_events > 0 && !p.idempotent_attempts && !event_idempotent {
                unsafe_retry::check_start(
                    value,
                    server,
                    &p.label(),
                    p.hosts.first().map(String::as_str),
                    &mut report,
                );
            }
        }

        let run = &mut self.runs[k];
        if run.events == 0 {
            run.line = entry.line;
        }
        run.events += 1;
        if run.server.is_none() {
            run.server = server.map(str::to_owned);
        }

        // `run_id` reused by two processes; the server's name as the run id.
        if let (Some(id), Some(pid)) = (run_id, &event.pid)
            && !run.pids.is_empty()
            && !run.pids.contains(&pid.value)
            && !run.reuse_reported
        {
            run.reuse_reported = true;
            run_id_reused::check_pid(
                doc.value(pid.node),
                id,
                &run.pids[0],
                &pid.value,
                &mut report,
            );
        }
        if let Some(pid) = &event.pid
            && !run.pids.contains(&pid.value)
        {
            run.pids.push(pid.value.clone());
        }
        if let Some(id) = run_id {
            if known == Some(Known::Spawned) && run.has(Known::Spawned) && !run.reuse_reported {
                run.reuse_reported = true;
                run_id_reused::check_spawned(value, id, &mut report);
            }
            if server == Some(id)
                && !run.name_as_id_reported
                && let Some(leaf) = &event.run_id
            {
                run.name_as_id_reported = true;
                server_name_as_run_id::check(doc.value(leaf.node), id, &mut report);
            }
        }

        // The order of the state machine.
        if let Some(rank) = known.and_then(Known::rank) {
            let problem = order_problem(run, rank, &name);
            if let Some(problem) = problem {
                if let OrderProblem::PhaseIncomplete { phase, .. } = &problem {
                    run.gaps_reported |= if *phase == RunPhase::Launch { 1 } else { 2 };
                }
                run_event_out_of_order::check(value, &run.label(), &problem, &mut report);
            }
            run.max_rank = Some(run.max_rank.map_or(rank, |m| m.max(rank)));
        }

        // Fields that claim more than the phase proves.
        if !run.has(Known::InitializedReceived) && known != Some(Known::InitializedReceived) {
            let phase = known
                .map(Known::phase)
                .or_else(|| event.phase.as_ref().and_then(|p| RunPhase::parse(&p.value)));
            if matches!(phase, None | Some(RunPhase::Launch | RunPhase::Handshake)) {
                for m in value.members() {
                    let key = m.key_str();
                    let claim = CLAIMS.iter().find(|c| key.eq_ignore_ascii_case(c));
                    let truthy = m.value.as_bool() == Some(true)
                        || m.value
                            .as_str()
                            .is_some_and(|s| s.eq_ignore_ascii_case("true"));
                    if let Some(claim) = claim
                        && truthy
                        && !(*claim == "ready" && known == Some(Known::ExecutableReady))
                    {
                        overclaiming_status_field::check(
                            m.value,
                            &key,
                            &name,
                            phase.unwrap_or(RunPhase::Launch),
                            &mut report,
                        );
                        break;
                    }
                }
            }
        }

        // Side effects: external channels.
        let host = text_field(value, &["host", "hostname"]);
        let channel = text_field(value, &["channel"]);
        let external = match known {
            Some(Known::ExternalAttempt) => true,
            Some(Known::ExternalResult) => false,
            _ => {
                host.as_deref().is_some_and(|h| !h.is_empty())
                    || channel
                        .as_deref()
                        .is_some_and(|c| !vocabulary::is_local_channel(c))
            }
        };
        if external {
            let target = host.clone().or_else(|| channel.clone());
            let listing = run.listing
                || event.phase.as_ref().and_then(|p| RunPhase::parse(&p.value))
                    == Some(RunPhase::Discovery);
            if !run.has(Known::InitializedReceived) || listing {
                side_effect_before_session::check(
                    value,
                    &name,
                    target.as_deref(),
                    listing,
                    &mut report,
                );
            }
            run.external_events += 1;
            if let Some(t) = &target {
                run.add_host(t);
            }
            if event_idempotent {
                run.idempotent_attempts = true;
            }
            if run.call.open {
                if let Some(denied) = &run.call.denied {
                    // What each names, or the call's tool.
                    let tool = text_field(value, &["tool", "tool_name"]).or(run.call.tool.clone());
                    let same = match (denied.tool.as_ref().or(run.call.tool.as_ref()), &tool) {
                        (Some(d), Some(t)) => d == t,
                        _ => true,
                    };
                    if same {
                        external_after_denied_authorization::check(
                            value,
                            target.as_deref(),
                            &mut report,
                        );
                    }
                }
                run.call.attempted = true;
                if let Some(request) = run.call.request_id.clone() {
                    let safe = run.call.idempotent || event_idempotent;
                    let calls = self.reached_calls.entry(server_key.clone()).or_default();
                    if !calls.iter().any(|c| c.request == request) && calls.len() < CALLS_LIMIT {
                        calls.push(ReachedCall {
                            request,
                            host: target.clone().unwrap_or_default(),
                            safe,
                        });
                    }
                }
            }
            if known == Some(Known::ExternalAttempt) && run.attempts.len() < ATTEMPTS_LIMIT {
                run.attempts.push(Attempt {
                    action_id: text_field(value, &["action_id", "actionId"]),
                    host: target,
                    at: Deferred {
                        site: value.site(),
                        index: entry.index,
                        name: name.clone(),
                    },
                });
            }
        }
        let run = &mut self.runs[k];

        match known {
            Some(Known::ExternalResult) => {
                let action = text_field(value, &["action_id", "actionId"]);
                if let Some(i) = run.attempts.iter().position(|a| a.action_id == action) {
                    run.attempts.remove(i);
                }
            }
            Some(Known::ToolCallReceived) => {
                let request = text_field(value, &["request_id", "requestId"]);
                if let Some(r) = &request
                    && !event_idempotent
                    && let Some(first) = self
                        .reached_calls
                        .get(&server_key)
                        .and_then(|calls| calls.iter().find(|c| c.request == *r && !c.safe))
                {
                    unsafe_retry::check_call(value, r, &first.host, &mut report);
                }
                run.call = Call {
                    open: true,
                    request_id: request,
                    tool: text_field(value, &["tool", "tool_name", "name"]),
                    denied: None,
                    attempted: false,
                    idempotent: event_idempotent,
                };
            }
            Some(
                k @ (Known::AuthorizationRequested
                | Known::AuthorizationGranted
                | Known::AuthorizationDenied),
            ) => {
                if !run.call.open {
                    authorization_out_of_order::check(value, &name, None, &mut report);
                } else if run.call.attempted {
                    authorization_out_of_order::check(
                        value,
                        &name,
                        run.hosts.last().map(String::as_str),
                        &mut report,
                    );
                }
                if k == Known::AuthorizationDenied {
                    run.call.denied = Some(Denial {
                        tool: text_field(value, &["tool", "tool_name"]),
                    });
                }
            }
            Some(Known::ToolsListReceived) => run.listing = true,
            Some(Known::ToolsListResponded) => {
                run.listing = false;
                run.tools_responded = true;
                let count_value = field(value, &["tool_count", "toolCount"]);
                run.tool_count = count_field(value, &["tool_count", "toolCount"]);
                let reason = text_field(value, &["reason"]).filter(|r| !r.trim().is_empty());
                if run.tool_count == Some(0)
                    && reason.is_none()
                    && let Some(v) = count_value
                {
                    empty_tool_count_without_reason::check(v, &mut report);
                }
                run.tools_reason = reason;
                run.tools_digest = text_field(value, &["schema_digest", "tools_digest", "digest"]);
                run.schema_errors = count_field(
                    value,
                    &["schema_errors", "invalid_schemas", "invalid_tools"],
                )
                .unwrap_or(0);
            }
            Some(Known::Exited) => {
                run.ended = true;
                run.exit_code = int_field(value, &["exit_code", "exitCode", "code"]);
                run.signal = text_field(value, &["signal"]);
                run.stderr = text_field(value, &["stderr"])
                    .as_deref()
                    .and_then(first_line);
            }
            Some(Known::Revoked | Known::Terminated | Known::ClientDisconnected) => {
                run.ended = true;
            }
            Some(Known::FatalError) => {
                run.errors = true;
                if run.stderr.is_none() {
                    run.stderr = text_field(value, &["stderr", "error", "message"])
                        .as_deref()
                        .and_then(first_line);
                }
                let phase = event.phase.as_ref().and_then(|p| RunPhase::parse(&p.value));
                if phase == Some(RunPhase::Discovery) || run.listing {
                    run.discovery_failed = true;
                    if run.tools_reason.is_none() {
                        run.tools_reason = text_field(value, &["error", "message", "reason"])
                            .as_deref()
                            .and_then(first_line);
                    }
                }
            }
            Some(Known::Timeout) => {
                run.errors = true;
                let claimed_value = field(value, &["last_event", "lastEvent"]);
                let claimed = claimed_value.and_then(text);
                let own_phase = event
                    .phase
                    .as_ref()
                    .and_then(|p| RunPhase::parse(&p.value))
                    .filter(|p| p.owner().is_some());
                let phase = own_phase
                    .or_else(|| vocabulary::timeout_phase(&name))
                    .or_else(|| claimed.as_deref().and_then(phase_after));
                if claimed.is_none() || phase.is_none() {
                    incomplete_timeout_event::check(
                        value,
                        &name,
                        claimed.is_none(),
                        phase.is_none(),
                        &mut report,
                    );
                }
                if let (Some(c), Some(v), Some(actual)) = (&claimed, claimed_value, &run.last_any)
                    && c != actual
                    && run.last_known.as_ref() != Some(c)
                {
                    timeout_contradicts_log::check(v, &name, c, actual, &run.label(), &mut report);
                }
                if phase == Some(RunPhase::Discovery) {
                    run.discovery_failed = true;
                }
                run.timeout = Some(TimeoutInfo {
                    event: name.clone(),
                    phase,
                    owner: phase.and_then(RunPhase::owner),
                    last_event: claimed,
                    line: entry.line,
                });
            }
            _ => {}
        }

        // What the summary remembers.
        if let Some(k) = known {
            run.seen |= k.bit();
            if !matches!(k, Known::Timeout | Known::FatalError) {
                run.last_confirmed = Some((name.clone(), entry.line));
                run.last_known = Some(name.clone());
            }
        } else if run.unknown.len() < UNKNOWN_LIMIT
            && !name.is_empty()
            && !run.unknown.contains(&name)
        {
            run.unknown.push(name.clone());
        }
        if !matches!(known, Some(Known::Timeout | Known::FatalError)) && !name.is_empty() {
            run.last_any = Some(name);
        }
    }
}

/// What is wrong with the order of a ranked step, given what the run saw before it.
fn order_problem(run: &Run, rank: u8, name: &str) -> Option<OrderProblem> {
    let known = Known::of_rank(rank)?;
    // Back to an earlier step (a second start is judged by the reuse and retry rules; a
    // refreshed list and another call are normal).
    if let Some(max) = run.max_rank
        && rank < max
        && !matches!(known, Known::SpawnRequested | Known::Spawned)
        && rank < 20
        && let Some(after) = Known::of_rank(max)
    {
        return Some(OrderProblem::Back {
            event: name.to_owned(),
            after: after.name(),
        });
    }
    // A missing step of the same phase, when the log shows the phase before it.
    if !rank.is_multiple_of(10) && !run.has_rank(rank - 1) {
        let earlier_same = (rank - rank % 10..rank - 1).any(|r| run.has_rank(r));
        let earlier_phase = run.max_rank.is_some_and(|m| m < rank - rank % 10)
            || (rank >= 10 && run.started_phase(RunPhase::Launch));
        if earlier_same || earlier_phase {
            return Some(OrderProblem::MissingStep {
                event: name.to_owned(),
                missing: Known::of_rank(rank - 1)?.name(),
            });
        }
    }
    // An earlier phase begun and not completed.
    let required = match known.phase() {
        RunPhase::Handshake => RunPhase::Launch,
        RunPhase::Discovery | RunPhase::Execution => RunPhase::Handshake,
        _ => return None,
    };
    let bit = if required == RunPhase::Launch { 1 } else { 2 };
    if run.gaps_reported & bit == 0 && run.started_phase(required) && !run.completed(required) {
        let missing = if required == RunPhase::Launch {
            Known::Spawned
        } else {
            Known::InitializedReceived
        };
        return Some(OrderProblem::PhaseIncomplete {
            event: name.to_owned(),
            phase: required,
            missing: missing.name(),
        });
    }
    None
}
