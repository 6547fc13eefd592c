use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

declare_rule! {
    /// A log level is not one of the eight RFC 5424 levels, or a server accepts such a level.
    ///
    /// ## What it checks
    ///
    /// - The `level` of `logging/setLevel` and of `notifications/message`, and (2026-07-28)
    ///   the `io.modelcontextprotocol/logLevel` of a request's `_meta`, must be one of
    ///   `debug`, `info`, `notice`, `warning`, `error`, `critical`, `alert`, `emergency`: an
    ///   **error** on the message that sends another.
    /// - A server that answers a `logging/setLevel` with such a level with a result instead
    ///   of error −32602 (invalid params): a **warning** on the result.
    ///
    /// ## Why it matters
    ///
    /// Levels are compared by their RFC 5424 order; a level outside the set (`verbose`,
    /// `WARN`, `trace`) has no place in it, so the peer filters nothing or everything, and a
    /// server that accepts it hides the mistake from the client.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"WARN","data":"disk almost full"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"warning","data":"disk almost full"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Logging, Log levels and Error handling
    ///   (`server/utilities/logging.mdx`)
    /// - RFC 5424, section 6.2.1 (severity levels)
    pub(crate) static INVALID_LOG_LEVEL = {
        code: "MCP455",
        name: "invalid-log-level",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The levels of RFC 5424, as MCP spells them.
const LEVELS: [&str; 8] = [
    "debug",
    "info",
    "notice",
    "warning",
    "error",
    "critical",
    "alert",
    "emergency",
];

/// Checks a log level (`value`, the member `what` of the message); returns whether it is
/// invalid (reported).
pub(crate) fn check(value: Value<'_>, what: &str, report: &mut Reporter<'_>) -> bool {
    let text = value.as_str();
    if text.as_deref().is_some_and(|t| LEVELS.contains(&t)) {
        return false;
    }
    let found = text.map_or_else(
        || value.kind().with_article().to_string(),
        |t| format!("`{}`", crate::rules::invalid_meta_key::short(&t)),
    );
    report.report(
        &INVALID_LOG_LEVEL,
        value,
        format!("{what} is {found}, not one of the RFC 5424 levels"),
        "use debug, info, notice, warning, error, critical, alert or emergency",
    );
    true
}

/// Reports a result (at `span`) accepting the invalid level of the `logging/setLevel` at
/// `line`.
pub(crate) fn check_accepted(line: u32, span: Span, report: &mut Reporter<'_>) {
    report.report_as(
        &INVALID_LOG_LEVEL,
        Severity::Warning,
        span,
        format!("the server accepted the invalid log level of `logging/setLevel` (line {line}) with a result"),
        "answer an invalid log level with error -32602 (invalid params)",
    );
}
