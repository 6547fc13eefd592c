use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// An `authorization_*` event is not between the `tool_call_received` it belongs to and the `external_attempt` it guards.
    ///
    /// ## What it checks
    ///
    /// `authorization_requested`, `authorization_granted` and `authorization_denied` belong
    /// to a tool call: after its `tool_call_received` and before its `external_attempt`. This
    /// rule reports such an event in a run with no `tool_call_received` before it, and one
    /// that comes after the call already made its `external_attempt`.
    ///
    /// ## Why it matters
    ///
    /// An authorization logged after the external call it should guard means the call went
    /// out first: the approval (or the refusal) came too late to matter. One with no call
    /// before it cannot be tied to what it authorized.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"handshake","event":"initialized_received"}
    /// {"run_id":"run_01","phase":"execution","event":"tool_call_received","request_id":5,"tool":"pay_invoice"}
    /// {"run_id":"run_01","phase":"execution","event":"external_attempt","action_id":"a2","host":"payments.example.test"}
    /// {"run_id":"run_01","phase":"execution","event":"external_result","action_id":"a2","status":"ok"}
    /// {"run_id":"run_01","phase":"execution","event":"authorization_granted","tool":"pay_invoice"}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"handshake","event":"initialized_received"}
    /// {"run_id":"run_01","phase":"execution","event":"tool_call_received","request_id":5,"tool":"pay_invoice"}
    /// {"run_id":"run_01","phase":"execution","event":"authorization_requested","tool":"pay_invoice"}
    /// {"run_id":"run_01","phase":"execution","event":"authorization_granted","tool":"pay_invoice"}
    /// {"run_id":"run_01","phase":"execution","event":"external_attempt","action_id":"a2","host":"payments.example.test"}
    /// {"run_id":"run_01","phase":"execution","event":"external_result","action_id":"a2","status":"ok"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools ("Security Considerations": human in the
    ///   loop)
    pub(crate) static AUTHORIZATION_OUT_OF_ORDER = {
        code: "MCP705",
        name: "authorization-out-of-order",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the authorization `event` (named `name`): with no call before it when `reached`
/// is `None`, after the call's `external_attempt` to `reached` otherwise.
pub(crate) fn check(
    event: Value<'_>,
    name: &str,
    reached: Option<&str>,
    report: &mut Reporter<'_>,
) {
    let message = match reached {
        None => format!("`{name}` comes before any `tool_call_received`"),
        Some(host) => {
            format!("`{name}` comes after the `external_attempt` to `{host}` it should guard")
        }
    };
    report.report(
        &AUTHORIZATION_OUT_OF_ORDER,
        event,
        message,
        "ask for authorization after the tool call is received and before anything leaves the \
         machine",
    );
}
