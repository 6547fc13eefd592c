use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// A run's `run_id` is its server's name, so every run of that server shares it.
    ///
    /// ## What it checks
    ///
    /// An event whose `run_id` equals its `server_name`. Reported once per run, at the
    /// `run_id`.
    ///
    /// ## Why it matters
    ///
    /// A run id names one launch. A server name is the same for every launch: the runs of the
    /// server merge into one, and a restart after a crash reads as a second start of the same
    /// process (`run-id-reused`).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"acme","server_name":"acme","phase":"launch","event":"spawned","pid":4242}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01JX8K2M","server_name":"acme","phase":"launch","event":"spawned","pid":4242}
    /// ```
    ///
    /// ## References
    ///
    /// - mcpvet: docs/run-logs.md, "Writing a run log"
    pub(crate) static SERVER_NAME_AS_RUN_ID = {
        code: "MCP709",
        name: "server-name-as-run-id",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the `run_id` field `field`, whose value `name` is the server's name.
pub(crate) fn check(field: Value<'_>, name: &str, report: &mut Reporter<'_>) {
    report.report(
        &SERVER_NAME_AS_RUN_ID,
        field,
        format!("`run_id` `{name}` is the server's name: every run of `{name}` shares it"),
        "give each launch its own `run_id` (a fresh ULID or UUID) and keep the name in \
         `server_name`",
    );
}
