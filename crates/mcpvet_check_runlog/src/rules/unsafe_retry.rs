use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// A server is started again, or a tool call repeated, after the previous attempt reached an external channel, and no idempotency key makes the retry safe.
    ///
    /// ## What it checks
    ///
    /// - A `spawn_requested` for a server (by `server_name`) whose previous run logged an
    ///   `external_attempt` (or another event with an external `host` or `channel`);
    /// - a `tool_call_received` with the `request_id` of an earlier call of the same server
    ///   that was followed by an `external_attempt`;
    ///
    /// unless the retry, the earlier call or its attempts carry an idempotency key (a member
    /// such as `idempotency_key`, `idempotencyKey`, `Idempotency-Key`, also among their
    /// `headers`).
    ///
    /// ## Why it matters
    ///
    /// A client retries a start that timed out and a call it got no answer to. When the first
    /// attempt already reached an external system (sent a message, charged a card, created a
    /// ticket), the retry does it again, unless the external system can tell the two apart by
    /// an idempotency key.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","server_name":"acme","phase":"launch","event":"spawn_requested"}
    /// {"run_id":"run_01","server_name":"acme","phase":"execution","event":"external_attempt","action_id":"a1","host":"api.example.test"}
    /// {"run_id":"run_01","server_name":"acme","phase":"launch","event":"exited","exit_code":1}
    /// {"run_id":"run_02","server_name":"acme","phase":"launch","event":"spawn_requested"}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","server_name":"acme","phase":"launch","event":"spawn_requested"}
    /// {"run_id":"run_01","server_name":"acme","phase":"execution","event":"external_attempt","action_id":"a1","host":"api.example.test","idempotency_key":"acme-a1"}
    /// {"run_id":"run_01","server_name":"acme","phase":"launch","event":"exited","exit_code":1}
    /// {"run_id":"run_02","server_name":"acme","phase":"launch","event":"spawn_requested"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic: Lifecycle ("Timeouts")
    /// - IETF draft "The Idempotency-Key HTTP Header Field"
    pub(crate) static UNSAFE_RETRY = {
        code: "MCP703",
        name: "unsafe-retry",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the `spawn_requested` `event` of `server`, whose previous run (`previous`, as
/// messages name it: "run `run_01`") reached `host`.
pub(crate) fn check_start(
    event: Value<'_>,
    server: Option<&str>,
    previous: &str,
    host: Option<&str>,
    report: &mut Reporter<'_>,
) {
    let server = server.map_or_else(|| "the server".to_owned(), |s| format!("`{s}`"));
    let reached = host.map_or_else(|| "an external channel".to_owned(), |h| format!("`{h}`"));
    report.report(
        &UNSAFE_RETRY,
        event,
        format!("`spawn_requested` starts {server} again after {previous} reached {reached}, with no idempotency key"),
        "a start that reaches an external system is not safe to retry: make the start free of \
         side effects, or send an idempotency key with the external call",
    );
}

/// Reports the `tool_call_received` `event` that repeats request `request`, whose first call
/// reached `host`.
pub(crate) fn check_call(event: Value<'_>, request: &str, host: &str, report: &mut Reporter<'_>) {
    let reached = if host.is_empty() {
        "an external channel".to_owned()
    } else {
        format!("`{host}`")
    };
    report.report(
        &UNSAFE_RETRY,
        event,
        format!("`tool_call_received` repeats request `{request}` after its first call reached {reached}, with no idempotency key"),
        "send an idempotency key with the external call, or have the client not retry a call \
         whose first attempt may have taken effect",
    );
}
