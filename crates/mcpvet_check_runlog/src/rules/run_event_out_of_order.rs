use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::vocabulary::RunPhase;

declare_rule! {
    /// A run event comes out of the order of the startup state machine: back to an earlier step, without the step before it, or before the earlier phase completed.
    ///
    /// ## What it checks
    ///
    /// The steps of a run follow one order: launch (`spawn_requested`, `spawned`,
    /// `executable_ready`), handshake (`initialize_received`, `initialize_responded`,
    /// `initialized_received`), discovery (`tools_list_received`, `tools_list_responded`),
    /// execution (`tool_call_received` and what follows it). For each step of a run (events
    /// grouped by `run_id`), this rule reports:
    ///
    /// - a launch or handshake step after a later step of the same run
    ///   (`initialize_received` after `tools_list_received`);
    /// - a step whose predecessor in its phase is missing, when the log shows the part of the
    ///   run before it (`initialize_responded` without `initialize_received` in a run whose
    ///   launch is logged); a log that starts later (a server's own log begins at
    ///   `executable_ready`) is not reported for what it could not see;
    /// - a handshake step before the launch completed (`spawned` or `executable_ready`), or a
    ///   discovery or execution step before the handshake completed
    ///   (`initialized_received`), when that earlier phase began in the log; once per run.
    ///
    /// The message names the missing step. A second start in one run is `run-id-reused`; a
    /// refreshed tool list and further calls are in order.
    ///
    /// ## Why it matters
    ///
    /// The four answers of a run (process started, initialization completed, tools
    /// discoverable, external channel reached) are read from this order. A list answered
    /// before the handshake completed means the client talked to a server that was not
    /// initialized, or that the log lost the step that would explain a failure.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"launch","event":"spawned","pid":4242}
    /// {"run_id":"run_01","phase":"handshake","event":"initialize_received"}
    /// {"run_id":"run_01","phase":"discovery","event":"tools_list_received"}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"launch","event":"spawned","pid":4242}
    /// {"run_id":"run_01","phase":"handshake","event":"initialize_received"}
    /// {"run_id":"run_01","phase":"handshake","event":"initialize_responded","protocol_version":"2025-06-18"}
    /// {"run_id":"run_01","phase":"handshake","event":"initialized_received"}
    /// {"run_id":"run_01","phase":"discovery","event":"tools_list_received"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic: Lifecycle ("Initialization", "Operation")
    /// - mcpvet: docs/run-logs.md, "The event vocabulary"
    pub(crate) static RUN_EVENT_OUT_OF_ORDER = {
        code: "MCP701",
        name: "run-event-out-of-order",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// What is wrong with the order of a step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OrderProblem {
    /// The step comes after a later step.
    Back { event: String, after: &'static str },
    /// The step before it in its phase is missing.
    MissingStep {
        event: String,
        missing: &'static str,
    },
    /// The earlier phase began and did not complete.
    PhaseIncomplete {
        event: String,
        phase: RunPhase,
        missing: &'static str,
    },
}

/// Reports `problem` at `event`, a step of `run` (how messages name the run: "run
/// `run_01`").
pub(crate) fn check(
    event: Value<'_>,
    run: &str,
    problem: &OrderProblem,
    report: &mut Reporter<'_>,
) {
    let (message, help) = match problem {
        OrderProblem::Back { event, after } => (
            format!(
                "`{event}` comes after `{after}` in {run}: the run went back to an earlier step"
            ),
            "give each launch its own `run_id`, and log each step once, in order".to_owned(),
        ),
        OrderProblem::MissingStep { event, missing } => (
            format!("`{event}` in {run} comes without `{missing}` before it"),
            format!("log `{missing}` where it happens, or find out why it did not"),
        ),
        OrderProblem::PhaseIncomplete {
            event,
            phase,
            missing,
        } => (
            format!(
                "`{event}` in {run} comes before the {phase} phase completed: `{missing}` is missing"
            ),
            format!(
                "the {phase} phase ends with `{missing}`: log it, or find out why the run went on without it"
            ),
        ),
    };
    report.report(&RUN_EVENT_OUT_OF_ORDER, event, message, help);
}
