//! Checks of captured MCP sessions (`MCP4xx`): JSON-RPC message shape, the lifecycle of each
//! protocol version, request/response id pairing, capability gating, stdout pollution, and
//! the phase summary (launch, handshake, discovery, execution).
//!
//! Position in the pipeline: reads the entries of a `mcpvet_ast` transcript one by one
//! ([`LifecycleChecker::entry`]), keeping only compact state (pending ids, declared
//! capabilities), so the same checker serves whole files and the streaming pipeline.
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

use mcpvet_ast::transcript::{Entry, VersionDetection};
use mcpvet_diagnostics::{Findings, RuleMeta};
use mcpvet_json::JsonDocument;

/// The rules of this crate, sorted by code.
pub fn rules() -> &'static [&'static RuleMeta] {
    &[]
}

/// The phase a session reached and the last event confirmed in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phase {
    /// `launch`, `handshake`, `discovery` or `execution`.
    pub reached: &'static str,
    /// The last confirmed event (`no_traffic`, `initialize_sent_no_response`, ...).
    pub last_event: &'static str,
}

/// What the lifecycle checker counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LifecycleSummary {
    /// Requests.
    pub requests: usize,
    /// Responses (results and errors).
    pub responses: usize,
    /// Notifications.
    pub notifications: usize,
    /// Requests never answered plus responses to no pending request.
    pub unpaired_ids: usize,
    /// The phase summary.
    pub phase: Phase,
}

/// The lifecycle checker: feed it every entry in order, then call [`finish`](Self::finish).
#[derive(Debug)]
pub struct LifecycleChecker {
    version: VersionDetection,
}

impl LifecycleChecker {
    /// A checker for a session of the given version.
    pub fn new(version: &VersionDetection) -> Self {
        LifecycleChecker { version: version.clone() }
    }

    /// Checks one entry; `document` holds the entry's JSON nodes.
    pub fn entry(&mut self, entry: &Entry, document: &JsonDocument<'_>, findings: &mut Findings) {
        let _ = (entry, document, findings, &self.version);
    }

    /// Reports what only the end of the capture shows (unanswered requests) and summarises.
    pub fn finish(self, findings: &mut Findings) -> LifecycleSummary {
        let _ = findings;
        LifecycleSummary {
            requests: 0,
            responses: 0,
            notifications: 0,
            unpaired_ids: 0,
            phase: Phase { reached: "launch", last_event: "no_traffic" },
        }
    }
}
