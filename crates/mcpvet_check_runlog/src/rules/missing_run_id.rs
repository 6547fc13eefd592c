use mcpvet_diagnostics::{Reporter, Site, declare_rule};

declare_rule! {
    /// Some events of a run log have no `run_id` while others have one.
    ///
    /// ## What it checks
    ///
    /// When any event of the log has a `run_id`, every event should. Reported once per log,
    /// at the first event without one, with how many lack it.
    ///
    /// ## Why it matters
    ///
    /// An event without a run id cannot be told apart from the events of any other launch of
    /// the same server: it is counted in a run of its own, and the runs it belongs to miss it
    /// in their summary.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"launch","event":"spawned","pid":4242}
    /// {"phase":"handshake","event":"initialize_received","pid":4242}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"launch","event":"spawned","pid":4242}
    /// {"run_id":"run_01","phase":"handshake","event":"initialize_received","pid":4242}
    /// ```
    ///
    /// ## References
    ///
    /// - mcpvet: docs/run-logs.md, "Writing a run log"
    pub(crate) static MISSING_RUN_ID = {
        code: "MCP708",
        name: "missing-run-id",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the first event without `run_id` (named `name`, at `site`); `count` events lack
/// one.
pub(crate) fn check(site: Site, name: &str, count: usize, report: &mut Reporter<'_>) {
    let name = if name.is_empty() { "an event" } else { name };
    let more = match count {
        0 | 1 => String::new(),
        n => format!(" ({n} events have none)"),
    };
    report.report(
        &MISSING_RUN_ID,
        site,
        format!("`{name}` has no `run_id`, while other events of the log have one{more}"),
        "write the `run_id` of the launch on every event, from the launcher's first line to the \
         process's last",
    );
}
