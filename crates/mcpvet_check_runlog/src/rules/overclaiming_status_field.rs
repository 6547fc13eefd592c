use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::vocabulary::RunPhase;

declare_rule! {
    /// A status field (`connected=true`, `ready=true`) claims more than the event's phase proves.
    ///
    /// ## What it checks
    ///
    /// A member named `connected`, `initialized`, `ready`, `healthy`, `online` or `available`
    /// that is `true` on an event of the launch or handshake phase, in a run that has not yet
    /// logged `initialized_received` (`ready` on `executable_ready` says what the event
    /// says, and is not reported). Reported at the field; one per event.
    ///
    /// ## Why it matters
    ///
    /// A process that started, or a transport that opened, is not a server that answered
    /// `initialize`. Status fields that say "connected" at that point are how clients come to
    /// show a server as running while it never completed the handshake; the summary relies
    /// on events, not on such claims.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"launch","event":"spawned","pid":4242,"connected":true}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"launch","event":"spawned","pid":4242}
    /// {"run_id":"run_01","phase":"handshake","event":"initialized_received","connected":true}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic: Lifecycle ("Initialization")
    /// - mcpvet: docs/transcripts.md, "The phase model"
    pub(crate) static OVERCLAIMING_STATUS_FIELD = {
        code: "MCP712",
        name: "overclaiming-status-field",
        severity: Info,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the status field `field` (named `key`) on the event `event` of `phase`.
pub(crate) fn check(
    field: Value<'_>,
    key: &str,
    event: &str,
    phase: RunPhase,
    report: &mut Reporter<'_>,
) {
    let event = if event.is_empty() { "an event" } else { event };
    report.report(
        &OVERCLAIMING_STATUS_FIELD,
        field,
        format!("`{key}` is true on `{event}`, but the {phase} phase does not prove it: the handshake has not completed"),
        "say what the event proves (the process started, the transport opened); a server is \
         connected once `initialized_received` is logged",
    );
}
