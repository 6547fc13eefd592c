use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// A tool call reached an external channel after its authorization was denied.
    ///
    /// ## What it checks
    ///
    /// An `external_attempt` (or another event with an external `host` or `channel`) in a
    /// tool call (after its `tool_call_received`) that logged `authorization_denied`; when
    /// both name a `tool`, only for the same tool.
    ///
    /// ## Why it matters
    ///
    /// A denied authorization must stop the call. A handler that goes on and calls out anyway
    /// ignores the user's decision: the action it guards happened without consent.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"handshake","event":"initialized_received"}
    /// {"run_id":"run_01","phase":"execution","event":"tool_call_received","request_id":6,"tool":"delete_repo"}
    /// {"run_id":"run_01","phase":"execution","event":"authorization_requested","tool":"delete_repo"}
    /// {"run_id":"run_01","phase":"execution","event":"authorization_denied","tool":"delete_repo"}
    /// {"run_id":"run_01","phase":"execution","event":"external_attempt","action_id":"a3","tool":"delete_repo","host":"git.example.test"}
    /// {"run_id":"run_01","phase":"execution","event":"external_result","action_id":"a3","status":"ok"}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"handshake","event":"initialized_received"}
    /// {"run_id":"run_01","phase":"execution","event":"tool_call_received","request_id":6,"tool":"delete_repo"}
    /// {"run_id":"run_01","phase":"execution","event":"authorization_requested","tool":"delete_repo"}
    /// {"run_id":"run_01","phase":"execution","event":"authorization_denied","tool":"delete_repo"}
    /// {"run_id":"run_01","phase":"execution","event":"tool_call_received","request_id":7,"tool":"list_repos"}
    /// {"run_id":"run_01","phase":"execution","event":"external_attempt","action_id":"a4","tool":"list_repos","host":"git.example.test"}
    /// {"run_id":"run_01","phase":"execution","event":"external_result","action_id":"a4","status":"ok"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools ("Security Considerations": human in the
    ///   loop)
    pub(crate) static EXTERNAL_AFTER_DENIED_AUTHORIZATION = {
        code: "MCP706",
        name: "external-after-denied-authorization",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the attempt `event`, which reached `target` after a denial.
pub(crate) fn check(event: Value<'_>, target: Option<&str>, report: &mut Reporter<'_>) {
    let target = target.map_or_else(|| "an external channel".to_owned(), |t| format!("`{t}`"));
    report.report(
        &EXTERNAL_AFTER_DENIED_AUTHORIZATION,
        event,
        format!("the call reached {target} after `authorization_denied`"),
        "stop the tool call when its authorization is denied, and return an error to the client",
    );
}
