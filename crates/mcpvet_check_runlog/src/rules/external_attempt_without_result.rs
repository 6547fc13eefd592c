use mcpvet_diagnostics::{Reporter, Site, declare_rule};

declare_rule! {
    /// An `external_attempt` has no matching `external_result` before the run ends: bytes may have left the machine.
    ///
    /// ## What it checks
    ///
    /// Every `external_attempt` of a run must be closed by an `external_result` of the same
    /// run with the same `action_id` (an attempt without `action_id` is closed by the next
    /// result without one). An attempt still open when the log ends is reported at the
    /// attempt.
    ///
    /// ## Why it matters
    ///
    /// Between the attempt and its result, the request may or may not have reached the
    /// external system. A run that ends there (the process crashed, was killed, or the log
    /// was cut) leaves the operator unable to say whether data left the machine or an action
    /// took effect; the gap is the first thing to look at.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"handshake","event":"initialized_received"}
    /// {"run_id":"run_01","phase":"execution","event":"tool_call_received","request_id":4,"tool":"send_report"}
    /// {"run_id":"run_01","phase":"execution","event":"external_attempt","action_id":"a7","channel":"https","host":"reports.example.test"}
    /// {"run_id":"run_01","phase":"launch","event":"exited","signal":"SIGKILL"}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"handshake","event":"initialized_received"}
    /// {"run_id":"run_01","phase":"execution","event":"tool_call_received","request_id":4,"tool":"send_report"}
    /// {"run_id":"run_01","phase":"execution","event":"external_attempt","action_id":"a7","channel":"https","host":"reports.example.test"}
    /// {"run_id":"run_01","phase":"execution","event":"external_result","action_id":"a7","status":"error","duration_ms":30000}
    /// ```
    ///
    /// ## References
    ///
    /// - mcpvet: docs/run-logs.md, "Writing a run log"
    pub(crate) static EXTERNAL_ATTEMPT_WITHOUT_RESULT = {
        code: "MCP704",
        name: "external-attempt-without-result",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the attempt at `site` (its `action_id` and host, when it has them).
pub(crate) fn check(
    site: Site,
    action_id: Option<&str>,
    host: Option<&str>,
    report: &mut Reporter<'_>,
) {
    let action = action_id.map(|a| format!(" `{a}`")).unwrap_or_default();
    let to = host.map(|h| format!(" to `{h}`")).unwrap_or_default();
    report.report(
        &EXTERNAL_ATTEMPT_WITHOUT_RESULT,
        site,
        format!("`external_attempt`{action}{to} has no `external_result`: bytes may have left the machine"),
        "log an `external_result` with the same `action_id` when the call returns, fails or \
         is abandoned; until then, treat the action as possibly done",
    );
}
