//! Checks of captured MCP sessions (`MCP4xx`): JSON-RPC message shape, the lifecycle of each
//! protocol version, request/response id pairing, capability gating, progress and
//! cancellation, 2025-11-25 tasks, stdout pollution, the HTTP layer of Streamable HTTP
//! captures (HAR files, trace `http` events), and the phase summary (launch, handshake,
//! discovery, execution).
//!
//! Position in the pipeline: reads the entries of a `mcpvet_ast` transcript one by one
//! ([`LifecycleChecker::entry`]), keeping only compact owned state (pending request ids per
//! direction with their method and line, the ids used, the declared capabilities, the
//! negotiated version, progress tokens, the phase), never a node of an earlier entry, so the
//! same checker serves whole files and a streaming pipeline that hands it one chunk (with its
//! own [`JsonDocument`](mcpvet_json::JsonDocument)) at a time.
//!
//! ```
//! use mcpvet_ast::transcript::{detect_version, read_transcript};
//! use mcpvet_check_lifecycle::{Event, LifecycleChecker, Stage};
//! use mcpvet_diagnostics::Findings;
//!
//! let text = concat!(
//!     r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#, "\n",
//!     "hello\n",
//! );
//! let transcript = read_transcript(text, Some("session.jsonl"), None).value;
//! let version = detect_version(transcript.entries(), transcript.document(), None);
//! let mut checker = LifecycleChecker::new(&version);
//! let mut findings = Findings::new();
//! for entry in transcript.entries() {
//!     checker.entry(entry, transcript.document(), &mut findings);
//! }
//! // What the end's findings need of the document (the path of a request never answered).
//! checker.document_done(transcript.document());
//! let summary = checker.finish(&mut findings);
//! assert_eq!(summary.phase.reached.as_str(), "handshake");
//! assert_eq!(summary.phase.last_event.as_str(), "initialize_sent_no_response");
//! let codes: Vec<&str> = findings.diagnostics().iter().map(|d| d.code().as_str()).collect();
//! assert_eq!(codes, ["MCP412", "MCP441"]); // `hello` on stdout; `initialize` never answered
//! assert_eq!(findings.diagnostics()[1].path().map(ToString::to_string).as_deref(), Some("$.method"));
//! ```
//!
//! # The phase model
//!
//! A session goes through four stages; the summary says how far it got ([`Stage`]) and the
//! last event confirmed in that stage ([`Event`]):
//!
//! | stage | legacy (2024-11-05 … 2025-11-25) | modern (2026-07-28) | events |
//! |---|---|---|---|
//! | `launch` | the server is started | the server is started | `no_traffic`, `launch_failed` |
//! | `handshake` | `initialize`, its result, `notifications/initialized` | (none) | `initialize_sent_no_response`, `initialize_failed`, `response_sent_no_initialized`, `initialized` |
//! | `discovery` | `tools/list`, `prompts/list`, `resources/list`, `resources/templates/list` | `server/discover` and the same lists | `discover_no_response`, `discover_failed`, `discovered`, `tools_list_no_response`, `tools_list_failed`, `tools_listed`, `list_no_response`, `list_failed`, `listed` |
//! | `execution` | `tools/call`, `prompts/get`, `resources/read`, `completion/complete` | the same | `tool_call_no_response`, `tool_call_failed`, `input_required`, `request_no_response`, `request_failed`, `complete` |
//!
//! - Each request of these methods moves the session to its stage, and its answer (a
//!   result, an error, `isError: true` for a tool call, `input_required`) sets the event; a
//!   session never goes back to an earlier stage (a `tools/list` refresh after a call keeps
//!   it in `execution`).
//! - At the end, if a request of the reached stage is still unanswered, the event is the
//!   `*_no_response` of the latest one: `complete` means the last operation succeeded and
//!   nothing is left waiting.
//! - `launch_failed` comes from the capture itself: a Claude Desktop log line such as
//!   `spawn npx ENOENT` or `Server transport closed unexpectedly`, a VS Code or Cursor log
//!   line saying the process exited or could not be spawned (`Connection state: Error
//!   Process exited with code 1`, `Client closed for command`), or a trace
//!   `transport-close` event, before any message; [`Phase::exit_code`] keeps the exit code
//!   when the log gives it.
//! - A client's log line saying it received the tool list (VS Code `Discovered 4 tools`,
//!   Cursor `Found 4 tools`) is `tools_listed`, even when the messages are not logged.
//! - A dual-era client's `server/discover` probe in a legacy session is not a stage of its
//!   own; the `initialize` fallback is.
//! - Reconstructed captures (SDK-level records, server signatures) move the phase too,
//!   although no wire check applies to them.
//!
//! A capture may hold several sessions: one per server in a Claude Desktop log, and a new one
//! each time the capture shows the server restarting (`Initializing server...`, VS Code's
//! `Starting server …`, Cursor's `Starting new stdio process …`, a trace `transport-open`
//! event) or a message arriving after its transport closed. The summary
//! lists them all ([`LifecycleSummary::sessions`]); its [`LifecycleSummary::phase`] is the
//! least advanced session that has traffic, a server name or an event of its own (a client
//! log's exit line), the one most likely broken.
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

mod by_direction;
mod caps;
mod catalog;
mod checker;
mod exchange;
mod flow;
mod key;
mod lanes;
mod listen;
mod phase;
mod rules;
mod session;
mod tasks;

use mcpvet_ast::transcript::Direction;
use mcpvet_diagnostics::RuleMeta;

pub use checker::LifecycleChecker;
pub use phase::{Event, Stage};

/// The rules of this crate, sorted by code.
pub fn rules() -> &'static [&'static RuleMeta] {
    rules::RULES
}

/// The phase a session reached and the last event confirmed in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phase {
    /// How far it got: launch, handshake, discovery or execution.
    pub reached: Stage,
    /// The last confirmed event.
    pub last_event: Event,
    /// For `launch_failed`: the exit code of the server process, when the capture gives it
    /// (VS Code's `Connection state: Error Process exited with code 1`).
    pub exit_code: Option<i64>,
}

impl Phase {
    fn of(stage: Stage, event: Event) -> Phase {
        Phase {
            reached: stage,
            last_event: event,
            exit_code: None,
        }
    }
}

/// One session of a capture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionSummary {
    /// The server name, when the capture names one (Claude Desktop logs).
    pub server: Option<String>,
    /// The protocol version the session was checked against (the negotiated one when the
    /// capture shows the handshake).
    pub protocol: &'static str,
    /// How far it got.
    pub stage: Stage,
    /// The last confirmed event.
    pub event: Event,
    /// For `launch_failed`: the exit code of the server process, when the capture gives it.
    pub exit_code: Option<i64>,
    /// Protocol messages in it.
    pub messages: usize,
}

impl SessionSummary {
    /// The phase.
    pub fn phase(&self) -> Phase {
        Phase {
            exit_code: self.exit_code.filter(|_| self.event == Event::LaunchFailed),
            ..Phase::of(self.stage, self.event)
        }
    }
}

/// Whether and where a message of the `--messages` listing found its pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pair {
    /// A notification (or a reconstructed record without correlation): nothing to pair.
    NotApplicable,
    /// A request never answered, or a response to no pending request.
    Unpaired,
    /// The 1-based line of the response (for a request) or of the request (for a response).
    Line(u32),
}

/// One row of the `--messages` listing ([`LifecycleChecker::with_messages`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageInfo {
    /// 0-based message index (the elements of a batch share their batch's index).
    pub index: u32,
    /// 1-based line.
    pub line: u32,
    /// Who sent it, when known.
    pub direction: Option<Direction>,
    /// The direction is inferred (method table, pairing) or unknown, not stated by the
    /// capture.
    pub inferred: bool,
    /// `request`, `notification`, `response`, `error`, `batch`, `invalid`, or for a
    /// reconstructed record `request`/`response`/`error`.
    pub kind: &'static str,
    /// Read from a log line without body, or a reconstructed record: not the wire message.
    pub abbreviated: bool,
    /// The method; for a response, the method of the request it answers.
    pub method: Option<String>,
    /// The id as written (strings quoted).
    pub id: Option<String>,
    /// The server, when the capture names one.
    pub server: Option<String>,
    /// Its pair.
    pub pair: Pair,
}

/// What the lifecycle checker counted and concluded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LifecycleSummary {
    /// Requests (batch elements counted one by one).
    pub requests: usize,
    /// Responses (results and errors).
    pub responses: usize,
    /// Notifications.
    pub notifications: usize,
    /// Requests never answered plus responses to no pending request.
    pub unpaired_ids: usize,
    /// The phase of the least advanced session (see the [crate docs](crate#the-phase-model)).
    pub phase: Phase,
    /// Every session of the capture, in order of first appearance.
    pub sessions: Vec<SessionSummary>,
    /// The `--messages` listing, when asked for with [`LifecycleChecker::with_messages`].
    pub messages: Vec<MessageInfo>,
}
