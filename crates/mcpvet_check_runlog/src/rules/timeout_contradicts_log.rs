use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// A timeout's `last_event` is not the last event the log shows for its run.
    ///
    /// ## What it checks
    ///
    /// A `*_timeout` event (`handshake_timeout`, `tools_list_timeout`...) names the last
    /// event its writer saw (`last_event`). This rule compares it with the last event of the
    /// same run before the timeout (timeouts and fatal errors aside; the last event of the
    /// vocabulary is also accepted, so an unknown event in between does not count against
    /// it), and reports the `last_event` field when they differ. A run with no event before
    /// its timeout is not judged.
    ///
    /// ## Why it matters
    ///
    /// The owner of a timeout (launcher, server and transport, registry path, tool handler)
    /// is read from where the run stopped. A timeout that names a step the log does not show
    /// as the last one points at the wrong owner: the writer of the timeout missed events, or
    /// the events of two runs were mixed.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"launch","event":"spawned","pid":4242}
    /// {"run_id":"run_01","phase":"handshake","event":"initialize_received"}
    /// {"run_id":"run_01","phase":"handshake","event":"handshake_timeout","last_event":"initialize_responded","timeout_ms":60000}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"launch","event":"spawned","pid":4242}
    /// {"run_id":"run_01","phase":"handshake","event":"initialize_received"}
    /// {"run_id":"run_01","phase":"handshake","event":"handshake_timeout","last_event":"initialize_received","timeout_ms":60000}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic: Lifecycle ("Timeouts")
    /// - mcpvet: docs/run-logs.md, "The four answers"
    pub(crate) static TIMEOUT_CONTRADICTS_LOG = {
        code: "MCP710",
        name: "timeout-contradicts-log",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the `last_event` field `field` of `timeout`, which says `claimed` where the log of
/// `run` ends with `actual`.
pub(crate) fn check(
    field: Value<'_>,
    timeout: &str,
    claimed: &str,
    actual: &str,
    run: &str,
    report: &mut Reporter<'_>,
) {
    report.report(
        &TIMEOUT_CONTRADICTS_LOG,
        field,
        format!("`{timeout}` gives `{claimed}` as its last event, but the last event of {run} in the log is `{actual}`"),
        "write the last event the run really reached, or find the events the writer of the \
         timeout did not see",
    );
}
