use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// One `run_id` is used by two processes: its events give two `pid`s, or a second `spawned`.
    ///
    /// ## What it checks
    ///
    /// The events of one `run_id` must come from one launch of one process. Reported once per
    /// run: at the `pid` of the first event whose `pid` differs from the run's first one, or
    /// at a second `spawned` of the run.
    ///
    /// ## Why it matters
    ///
    /// The four answers are given per run. When two processes share a run id, their events
    /// merge: a `spawned` of one and an `exited` of the other read as one run that started
    /// and exited, and the summary answers for neither.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"launch","event":"spawned","pid":4242}
    /// {"run_id":"run_01","phase":"launch","event":"exited","pid":4242,"exit_code":1}
    /// {"run_id":"run_01","phase":"launch","event":"executable_ready","pid":4388}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"launch","event":"spawned","pid":4242}
    /// {"run_id":"run_01","phase":"launch","event":"exited","pid":4242,"exit_code":1}
    /// {"run_id":"run_02","phase":"launch","event":"spawned","pid":4388}
    /// ```
    ///
    /// ## References
    ///
    /// - mcpvet: docs/run-logs.md, "Writing a run log"
    pub(crate) static RUN_ID_REUSED = {
        code: "MCP707",
        name: "run-id-reused",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

const HELP: &str = "give each launch of a server process its own `run_id` (a fresh ULID or UUID)";

/// Reports the `pid` field `pid` of run `run_id`, which differs from the run's `first` pid.
pub(crate) fn check_pid(
    pid: Value<'_>,
    run_id: &str,
    first: &str,
    other: &str,
    report: &mut Reporter<'_>,
) {
    report.report(
        &RUN_ID_REUSED,
        pid,
        format!("run `{run_id}` is used by two processes (`pid` {first} and {other})"),
        HELP,
    );
}

/// Reports a second `spawned` `event` of run `run_id`.
pub(crate) fn check_spawned(event: Value<'_>, run_id: &str, report: &mut Reporter<'_>) {
    report.report(
        &RUN_ID_REUSED,
        event,
        format!("run `{run_id}` has a second `spawned`: two launches share its id"),
        HELP,
    );
}
