use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// A `tools_list_responded` event gives `tool_count` 0 without a `reason`.
    ///
    /// ## What it checks
    ///
    /// `tools_list_responded` with `tool_count` 0 (a number, a string of digits, or an empty
    /// array) and no non-empty `reason`. Reported at `tool_count`.
    ///
    /// ## Why it matters
    ///
    /// A server that lists no tools usually failed to build part of its registry: a missing
    /// credential, an environment variable, a backend it could not reach, a feature flag.
    /// The client shows it as connected, and nothing else says why it has nothing to offer;
    /// the server knows, and should say so in the event.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"discovery","event":"tools_list_responded","request_id":1,"tool_count":0}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=run.jsonl
    /// {"run_id":"run_01","phase":"discovery","event":"tools_list_responded","request_id":1,"tool_count":0,"reason":"ACME_TOKEN is not set: tools hidden"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools ("Listing Tools")
    pub(crate) static EMPTY_TOOL_COUNT_WITHOUT_REASON = {
        code: "MCP713",
        name: "empty-tool-count-without-reason",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the `tool_count` field `field`, which is 0.
pub(crate) fn check(field: Value<'_>, report: &mut Reporter<'_>) {
    report.report(
        &EMPTY_TOOL_COUNT_WITHOUT_REASON,
        field,
        "`tools_list_responded` gives `tool_count` 0 without a `reason`",
        "say why the list is empty (`reason`): a missing credential, a backend not reached, \
         tools hidden on purpose",
    );
}
