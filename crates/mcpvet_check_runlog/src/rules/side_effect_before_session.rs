use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// Code reached an external channel before the session was initialized, or while the tool list was being answered.
    ///
    /// ## What it checks
    ///
    /// An `external_attempt`, or any other event with a `host` (or `hostname`) or a
    /// `channel` that leaves the machine (not `stdio`, `local`, `ipc`, `pipe`), in a run
    /// that has not logged `initialized_received`; and such an event during discovery: its
    /// `phase` is `discovery`, or it comes between `tools_list_received` and
    /// `tools_list_responded`. Each event is reported (a module that calls a "who am I"
    /// endpoint three times at import is reported three times). `external_result` events
    /// are the outcome of an attempt, not an attempt.
    ///
    /// ## Why it matters
    ///
    /// Starting a server and listing its tools must be free of side effects: clients start
    /// servers to learn what they offer, retry a start that timed out, and list tools again
    /// whenever they like. A call that leaves the machine before the session exists is made
    /// on behalf of nobody (no user approved a tool call), and every retry of the start
    /// repeats it: retries of the start are then not safe. The same holds for code that runs
    /// while the tool list is built.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"launch","event":"spawned","pid":4242}
    /// {"run_id":"run_01","phase":"launch","event":"external_attempt","action_id":"a1","channel":"https","host":"whoami.example.test"}
    /// {"run_id":"run_01","phase":"launch","event":"external_result","action_id":"a1","status":"ok","duration_ms":112}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"handshake","event":"initialized_received"}
    /// {"run_id":"run_01","phase":"execution","event":"tool_call_received","request_id":3,"tool":"search"}
    /// {"run_id":"run_01","phase":"execution","event":"external_attempt","action_id":"a1","channel":"https","host":"api.example.test"}
    /// {"run_id":"run_01","phase":"execution","event":"external_result","action_id":"a1","status":"ok","duration_ms":87}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic: Lifecycle ("Initialization": only pings and logging
    ///   before the server is initialized)
    /// - MCP specification, Security Best Practices
    /// - mcpvet: docs/run-logs.md, "The four answers"
    pub(crate) static SIDE_EFFECT_BEFORE_SESSION = {
        code: "MCP702",
        name: "side-effect-before-session",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports `event` (named `name`), which reached `target` (a host or channel) before the
/// session was initialized or, when `listing`, while tools were listed.
pub(crate) fn check(
    event: Value<'_>,
    name: &str,
    target: Option<&str>,
    listing: bool,
    report: &mut Reporter<'_>,
) {
    let target = target.map_or_else(|| "an external channel".to_owned(), |t| format!("`{t}`"));
    let message = if listing {
        format!("listing tools reached {target} (`{name}`)")
    } else {
        format!("`{name}` reached {target} before the session was initialized")
    };
    report.report(
        &SIDE_EFFECT_BEFORE_SESSION,
        event,
        message,
        "starting a server and listing its tools must have no side effect (retries of the \
         start are then not safe): move the call into a tool handler, after \
         `initialized_received`",
    );
}
