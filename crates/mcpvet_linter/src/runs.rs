//! The runs of a run-phase event log: the run checker, and per run the lifecycle and tools
//! checkers of the run's JSON-RPC messages, whose summaries join the run's answers (one phase
//! summary per run). Their findings are the ones of the capture's own checkers, reported once
//! there: here they only tell how far each run got.
use mcpvet_ast::transcript::{Entry, InputFormat, VersionDetection};
use mcpvet_check_lifecycle::{LifecycleChecker, Stage};
use mcpvet_check_runlog::{MessageFacts, RunChecker};
use mcpvet_check_tools::ToolsChecker;
use mcpvet_diagnostics::Findings;
use mcpvet_json::JsonDocument;

use mcpvet_diagnostics::redact::Redactor;

use crate::report::RunInfo;

/// Masks every string of `runs` taken from the log (a `stderr` line, hosts, ids, reasons)
/// where it holds a secret, as the inspection leaves every text of a report: renderers mask
/// again, but a report whose source text is not held (a streamed one) has nothing to mask
/// with.
pub(crate) fn mask(runs: &mut [RunInfo], redactor: &Redactor) {
    if redactor.is_empty() {
        return;
    }
    let clean = |s: &mut String| *s = redactor.clean(s);
    for run in runs {
        let s = &mut run.summary;
        for text in [
            &mut s.run_id,
            &mut s.server_name,
            &mut s.signal,
            &mut s.stderr,
            &mut s.tools_digest,
            &mut s.tools_reason,
            &mut s.last_event,
        ]
        .into_iter()
        .flatten()
        {
            clean(text);
        }
        s.pids.iter_mut().for_each(clean);
        s.hosts.iter_mut().for_each(clean);
        s.unknown_events.iter_mut().for_each(clean);
        if let Some(t) = &mut s.timeout {
            clean(&mut t.event);
            if let Some(last) = &mut t.last_event {
                clean(last);
            }
        }
    }
}

/// Joins the captured session `session` (a report of `mcpvet transcript`) to a run of the
/// run-phase event log `log`: the session's phase summary and tools answer the run's
/// "initialization completed" and "tools discoverable" where its own events do not, as the
/// messages of a log join its runs. The run is the log's only one; with several, the one
/// whose `server_name` the session's file name names (a Claude Desktop log
/// `mcp-server-NAME.log`, or any name holding it), else the last run (the latest start).
/// Returns the index of the run joined; `None` (nothing changes) when `log` has no runs or
/// `session` is not a captured session.
///
/// ```
/// use mcpvet_linter::{TranscriptOptions, join_session, lint_transcript};
/// use mcpvet_text::SourceFile;
///
/// let log = "{\"run_id\":\"r1\",\"server_name\":\"docs\",\"phase\":\"launch\",\"event\":\"spawned\",\"pid\":7}\n";
/// let session = concat!(
///     r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#, "\n",
///     r#"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}"#, "\n",
///     r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, "\n",
/// );
/// let options = TranscriptOptions::default();
/// let mut log = lint_transcript(&SourceFile::new("run.jsonl", log).unwrap(), &options);
/// let session = lint_transcript(&SourceFile::new("session.jsonl", session).unwrap(), &options);
/// assert_eq!(join_session(&mut log, &session), Some(0));
/// let run = &log.transcript.as_ref().unwrap().runs.as_ref().unwrap()[0];
/// assert_eq!(run.summary.initialized.as_str(), "yes");
/// assert_eq!(run.session.as_deref(), Some("session.jsonl"));
/// ```
pub fn join_session(log: &mut crate::FileReport, session: &crate::FileReport) -> Option<usize> {
    let facts = session.transcript.as_ref()?;
    if session.kind != crate::InputKind::Transcript {
        return None;
    }
    let runs = log.transcript.as_mut()?.runs.as_mut()?;
    let name = session.source.name().to_ascii_lowercase();
    let named = runs.iter().rposition(|r| {
        r.summary
            .server_name
            .as_deref()
            .is_some_and(|s| !s.is_empty() && name.contains(&s.to_ascii_lowercase()))
    });
    let index = match runs.len() {
        0 => return None,
        1 => 0,
        n => named.unwrap_or(n - 1),
    };
    let handshake = match facts.phase_reached {
        Stage::Launch => None,
        Stage::Handshake => Some(facts.last_event == mcpvet_check_lifecycle::Event::Initialized),
        Stage::Discovery | Stage::Execution => Some(true),
    };
    let tool_errors = session
        .diagnostics
        .iter()
        .filter(|d| d.is_error() && is_tool_list_error(d.code().as_str()))
        .count();
    let run = &mut runs[index];
    run.summary.join(&MessageFacts {
        messages: run.summary.messages + facts.messages,
        handshake,
        tools: facts.tools_digest.is_some().then_some(facts.tools),
        tools_digest: facts.tools_digest.clone(),
        tool_errors,
    });
    run.phase = Some(mcpvet_check_lifecycle::Phase {
        reached: facts.phase_reached,
        last_event: facts.last_event,
        exit_code: facts.exit_code,
    });
    run.session = Some(session.source.name().to_owned());
    Some(index)
}

/// Whether `code` is an error of a tool list that makes it unusable (MCP501–MCP519).
fn is_tool_list_error(code: &str) -> bool {
    code.get(3..)
        .and_then(|n| n.parse::<u16>().ok())
        .is_some_and(|n| (501..520).contains(&n))
}

/// The checkers of one run's messages, and what they found (not reported: the capture's own
/// checkers report it).
#[derive(Debug)]
struct RunMessages {
    lifecycle: LifecycleChecker,
    tools: ToolsChecker,
    scratch: Findings,
}

/// The run-log half of a transcript inspection, fed entry by entry.
#[derive(Debug)]
pub(crate) struct RunJoin {
    checker: RunChecker,
    version: VersionDetection,
    per_run: Vec<Option<RunMessages>>,
}

impl RunJoin {
    /// For a capture of `version`.
    pub(crate) fn new(version: &VersionDetection) -> Self {
        RunJoin {
            checker: RunChecker::new(),
            version: version.clone(),
            per_run: Vec::new(),
        }
    }

    /// Checks one entry; a message also goes to the checkers of its run.
    pub(crate) fn entry(
        &mut self,
        entry: &Entry,
        document: &JsonDocument<'_>,
        findings: &mut Findings,
    ) {
        self.checker.entry(entry, document, findings);
        if !entry.is_message() {
            return;
        }
        let Some(run) = self.checker.current_run() else {
            return;
        };
        if self.per_run.len() <= run {
            self.per_run.resize_with(run + 1, || None);
        }
        let version = &self.version;
        let slot = self.per_run[run].get_or_insert_with(|| RunMessages {
            lifecycle: LifecycleChecker::new(version).with_input_format(InputFormat::RunLog),
            tools: ToolsChecker::new(version),
            scratch: Findings::new(),
        });
        slot.lifecycle.entry(entry, document, &mut slot.scratch);
        slot.tools.entry(entry, document, &mut slot.scratch);
    }

    /// Before `document` is dropped: see [`LifecycleChecker::document_done`].
    pub(crate) fn document_done(&mut self, document: &JsonDocument<'_>) {
        for slot in self.per_run.iter_mut().flatten() {
            slot.lifecycle.document_done(document);
        }
    }

    /// Reports what only the end shows and gives every run, joined with its messages.
    pub(crate) fn finish(self, findings: &mut Findings) -> Vec<RunInfo> {
        let mut per_run = self.per_run;
        self.checker
            .finish(findings)
            .into_iter()
            .enumerate()
            .map(|(i, mut summary)| {
                let Some(RunMessages {
                    lifecycle,
                    tools,
                    mut scratch,
                }) = per_run.get_mut(i).and_then(Option::take)
                else {
                    return RunInfo {
                        summary,
                        phase: None,
                        session: None,
                    };
                };
                let life = lifecycle.finish(&mut scratch);
                let tool = tools.finish(&mut scratch);
                let handshake = match life.phase.reached {
                    Stage::Launch => None,
                    Stage::Handshake => {
                        Some(life.phase.last_event == mcpvet_check_lifecycle::Event::Initialized)
                    }
                    Stage::Discovery | Stage::Execution => Some(true),
                };
                // Errors in the tool definitions of a list (MCP501–MCP519) make it unusable.
                let tool_errors = scratch
                    .diagnostics()
                    .iter()
                    .filter(|d| d.is_error() && is_tool_list_error(d.code().as_str()))
                    .count();
                summary.join(&MessageFacts {
                    messages: summary.messages,
                    handshake,
                    tools: tool.digest.is_some().then_some(tool.tools),
                    tools_digest: tool.digest,
                    tool_errors,
                });
                RunInfo {
                    summary,
                    phase: Some(life.phase),
                    session: None,
                }
            })
            .collect()
    }
}
