//! Checks of run-phase event logs (`MCP7xx`), and the four answers of every run.
//!
//! When a client says a server "failed to start", the operator needs four answers, in order:
//! did the client start the configured command, did both sides finish MCP initialization,
//! did the client receive a usable tool list, did any code reach an external channel. Run
//! logs (the `spawned`, `initialize_received`, `tools_list_responded`, `external_attempt`...
//! events that servers, clients and wrappers write; read by `mcpvet_ast` as
//! [`EntryKind::RunEvent`] entries) answer them per `run_id`; this crate checks those events
//! and gives the answers ([`RunSummary`]).
//!
//! Position in the pipeline: reads the entries of a `mcpvet_ast` transcript one by one
//! ([`RunChecker::entry`]), keeping only compact owned state per run (the steps seen, the
//! external attempts still open, the tool call in progress), never a node of an earlier entry,
//! so the same checker serves whole files and the streaming pipeline. It depends on no other
//! check crate: the linter joins its summaries with the phase summary of the lifecycle
//! checker when the log also holds JSON-RPC messages ([`RunSummary::join`]).
//!
//! ```
//! use mcpvet_ast::transcript::read_transcript;
//! use mcpvet_check_runlog::{Answer, RunChecker};
//! use mcpvet_diagnostics::Findings;
//!
//! let text = concat!(
//!     r#"{"run_id":"run_01","server_name":"acme","pid":84217,"phase":"launch","event":"spawned"}"#, "\n",
//!     r#"{"run_id":"run_01","phase":"discovery","event":"external_attempt","action_id":"a1","host":"api.example.test"}"#, "\n",
//!     r#"{"run_id":"run_01","phase":"launch","event":"exited","exit_code":1,"stderr":"Error: no token\n    at main.js:3"}"#, "\n",
//! );
//! let transcript = read_transcript(text, Some("run.jsonl"), None).value;
//! let mut checker = RunChecker::new();
//! let mut findings = Findings::new();
//! for entry in transcript.entries() {
//!     checker.entry(entry, transcript.document(), &mut findings);
//! }
//! let runs = checker.finish(&mut findings);
//! let codes: Vec<&str> = findings.diagnostics().iter().map(|d| d.code().as_str()).collect();
//! assert_eq!(codes, ["MCP702", "MCP704"]); // a side effect before the session; no result
//! let run = &runs[0];
//! assert_eq!(run.run_id.as_deref(), Some("run_01"));
//! assert_eq!((run.started, run.exit_code, run.stderr.as_deref()), (Answer::Yes, Some(1), Some("Error: no token")));
//! assert_eq!((run.initialized, run.tools, run.external), (Answer::No, Answer::No, Answer::Yes));
//! assert_eq!(run.hosts, ["api.example.test"]);
//! assert_eq!(run.last_event.as_deref(), Some("exited"));
//! ```
//!
//! # Runs
//!
//! Events are grouped by `run_id` (one launch of one server process). Events without a
//! `run_id` form one run per `server_name`, and a new one when such a server is spawned again
//! after its previous run ended or spawned. A JSON-RPC message belongs to the run of the run
//! event before it (an event that carries a message in its `message` member: its own run).
//!
//! # The four answers
//!
//! | answer | yes | no | unknown |
//! |---|---|---|---|
//! | process started ([`RunSummary::started`]) | `spawned`, `executable_ready`, `exited`, a `pid`, or any event of the server's own phases | `spawn_requested` and then an end, a timeout or a fatal error, with none of those | otherwise |
//! | initialization completed ([`RunSummary::initialized`]) | `initialized_received`, or the run's messages completed the handshake | the run ended, timed out or failed without it | otherwise |
//! | tools discoverable ([`RunSummary::tools`]) | `tools_list_responded` with tools (or a tool list in the run's messages), none of them invalid | an empty list, a list with invalid schemas, a discovery failure, or the run ended without a list | otherwise |
//! | external channel reached ([`RunSummary::external`]) | an `external_attempt`, or any event with a `host` or an external `channel` (the hosts are listed) | the log shows the run's start (a launch step or a `pid`) and its end (or a timeout or fatal error), and none in between | otherwise |
//!
//! The summary also gives the exit code, signal and first stderr line of an `exited`, the last
//! confirmed event (the last event of the vocabulary that is not an error), and for a
//! `*_timeout` the phase that owns it: its `phase` field, else its name (`spawn_timeout`,
//! `handshake_timeout`, `tools_list_timeout`, `tool_call_timeout`), else the step after its
//! `last_event`; the owner is the launcher (launch), the server and its transport
//! (handshake), the registry path (discovery) or the tool handler (execution).
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

mod checker;
mod rules;
mod summary;
mod vocabulary;

use mcpvet_diagnostics::RuleMeta;

pub use checker::RunChecker;
pub use summary::{Answer, MessageFacts, RunSummary, TimeoutInfo};
pub use vocabulary::{Owner, RunPhase};

#[cfg(doc)]
use mcpvet_ast::transcript::EntryKind;

/// The rules of this crate, sorted by code.
pub fn rules() -> &'static [&'static RuleMeta] {
    rules::RULES
}

/// Every event name of the vocabulary, by phase, in the order of the startup state machine
/// (timeouts are any `*_timeout`).
pub const VOCABULARY: &[(RunPhase, &[&str])] = &[
    (
        RunPhase::Launch,
        &["spawn_requested", "spawned", "executable_ready", "exited"],
    ),
    (
        RunPhase::Handshake,
        &[
            "initialize_received",
            "initialize_responded",
            "initialized_received",
        ],
    ),
    (
        RunPhase::Discovery,
        &["tools_list_received", "tools_list_responded"],
    ),
    (
        RunPhase::Execution,
        &[
            "tool_call_received",
            "authorization_requested",
            "authorization_granted",
            "authorization_denied",
            "external_attempt",
            "external_result",
        ],
    ),
    (
        RunPhase::Interruption,
        &["revoked", "terminated", "client_disconnected"],
    ),
    (RunPhase::Errors, &["*_timeout", "fatal_error"]),
];
