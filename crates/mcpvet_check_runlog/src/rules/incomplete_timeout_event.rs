use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// A timeout event does not say which phase it belongs to or which event it waited after.
    ///
    /// ## What it checks
    ///
    /// A `*_timeout` event should name the phase that owns it (its `phase` field, or a name
    /// such as `spawn_timeout`, `handshake_timeout`, `tools_list_timeout`,
    /// `tool_call_timeout`) and its `last_event`. Reported when it has no `last_event`, or when
    /// neither its `phase`, its name nor its `last_event` tells the phase.
    ///
    /// ## Why it matters
    ///
    /// "It timed out" is only useful with who was waiting for whom: the launcher for the
    /// process, the client for the server's answer to `initialize`, the registry path for the
    /// tool list, a tool handler for an external system. Without the phase and the last event
    /// the summary cannot name the owner.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"handshake","event":"handshake_timeout","timeout_ms":60000}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"handshake","event":"handshake_timeout","last_event":"spawned","timeout_ms":60000}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic: Lifecycle ("Timeouts")
    /// - mcpvet: docs/run-logs.md, "The four answers"
    pub(crate) static INCOMPLETE_TIMEOUT_EVENT = {
        code: "MCP711",
        name: "incomplete-timeout-event",
        severity: Info,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the timeout `event` (named `name`) that lacks its `last_event` and/or a phase.
pub(crate) fn check(
    event: Value<'_>,
    name: &str,
    no_last_event: bool,
    no_phase: bool,
    report: &mut Reporter<'_>,
) {
    let message = match (no_last_event, no_phase) {
        (true, true) => format!("`{name}` names neither its phase nor its `last_event`"),
        (true, false) => format!("`{name}` does not name its `last_event`"),
        _ => format!("`{name}` does not tell which phase it belongs to"),
    };
    report.report(
        &INCOMPLETE_TIMEOUT_EVENT,
        event,
        message,
        "write the timeout with the `phase` it belongs to and the `last_event` it waited after",
    );
}
