//! The four answers of a run, and how the messages of the run join them.
use std::fmt;

use crate::vocabulary::{Owner, RunPhase};

/// An answer to one of the four questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Answer {
    /// The log shows it.
    Yes,
    /// The log shows it did not happen (the run ended, failed or timed out without it).
    No,
    /// The log does not tell.
    Unknown,
}

impl Answer {
    /// `yes`, `no` or `unknown`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Answer::Yes => "yes",
            Answer::No => "no",
            Answer::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A timeout of a run and who owns it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeoutInfo {
    /// The event (`handshake_timeout`).
    pub event: String,
    /// The phase that owns it, when it can be told.
    pub phase: Option<RunPhase>,
    /// Who owns it: the launcher, the server and its transport, the registry path, the tool
    /// handler.
    pub owner: Option<Owner>,
    /// The `last_event` the timeout names, as written.
    pub last_event: Option<String>,
    /// Its 1-based line.
    pub line: u32,
}

/// The four answers for one run, and what the log says around them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunSummary {
    /// The `run_id`, or `None` for the events that have none.
    pub run_id: Option<String>,
    /// The `server_name` of its events (the first one given).
    pub server_name: Option<String>,
    /// Every `pid` its events give, in order of first appearance.
    pub pids: Vec<String>,
    /// The 1-based line of its first event.
    pub line: u32,
    /// Its events.
    pub events: usize,
    /// The JSON-RPC messages that belong to it.
    pub messages: usize,
    /// Did the client start the configured command?
    pub started: Answer,
    /// The `exit_code` of its `exited` event.
    pub exit_code: Option<i64>,
    /// The `signal` of its `exited` event.
    pub signal: Option<String>,
    /// The first non-empty line of the `stderr` of its `exited` event (or of a
    /// `fatal_error`'s `error`), cut at 200 characters.
    pub stderr: Option<String>,
    /// Did both sides finish MCP initialization?
    pub initialized: Answer,
    /// Did the client receive a usable tool list?
    pub tools: Answer,
    /// How many tools were listed (`tool_count`, or the run's `tools/list` result).
    pub tool_count: Option<u64>,
    /// The digest of the listed tools: a `schema_digest` (or `tools_digest`, `digest`)
    /// field, else the tools digest of the run's messages.
    pub tools_digest: Option<String>,
    /// Why the list is not usable, when the log says or shows it (`reason`, invalid schemas).
    pub tools_reason: Option<String>,
    /// Did any code reach an external channel?
    pub external: Answer,
    /// The hosts (or channels) reached, in order of first appearance.
    pub hosts: Vec<String>,
    /// The last confirmed event: the last event of the vocabulary that is not an error.
    pub last_event: Option<String>,
    /// Its 1-based line.
    pub last_event_line: Option<u32>,
    /// The run's (last) timeout, and who owns it.
    pub timeout: Option<TimeoutInfo>,
    /// The events outside the vocabulary, kept and shown (distinct names, at most 16).
    pub unknown_events: Vec<String>,
}

/// What the JSON-RPC messages of a run show, for [`RunSummary::join`] (filled by the caller
/// from the lifecycle and tools checkers run on the run's messages).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MessageFacts {
    /// Messages of the run.
    pub messages: usize,
    /// `Some(true)` when the messages complete the handshake (or the session went past it),
    /// `Some(false)` when a handshake began and did not complete, `None` when they do not
    /// tell.
    pub handshake: Option<bool>,
    /// Tools advertised in the run's `tools/list` results, when one was seen.
    pub tools: Option<usize>,
    /// The tools digest of those results.
    pub tools_digest: Option<String>,
    /// Errors found in those results (invalid schemas, malformed lists).
    pub tool_errors: usize,
}

impl RunSummary {
    /// Joins what the run's messages show: a handshake they complete answers
    /// "initialization completed", a tool list they hold answers "tools discoverable" (not
    /// usable when the tools checks found errors in it) and gives the count and digest the
    /// events did not.
    pub fn join(&mut self, facts: &MessageFacts) {
        self.messages = facts.messages;
        match facts.handshake {
            Some(true) => self.initialized = Answer::Yes,
            Some(false) if self.initialized == Answer::Unknown => self.initialized = Answer::No,
            _ => {}
        }
        if let Some(n) = facts.tools {
            self.tool_count = self.tool_count.or(Some(n as u64));
            if self.tools_digest.is_none() {
                self.tools_digest.clone_from(&facts.tools_digest);
            }
            if facts.tool_errors > 0 {
                self.tools = Answer::No;
                self.tools_reason = Some(match facts.tool_errors {
                    1 => "the tool list has 1 error".to_owned(),
                    n => format!("the tool list has {n} errors"),
                });
            } else if self.tools != Answer::No {
                self.tools = if n > 0 { Answer::Yes } else { Answer::No };
                if n == 0 && self.tools_reason.is_none() {
                    self.tools_reason = Some("the tool list is empty".to_owned());
                }
            }
        }
        if self.initialized == Answer::Yes && self.started == Answer::Unknown {
            self.started = Answer::Yes;
        }
    }
}
