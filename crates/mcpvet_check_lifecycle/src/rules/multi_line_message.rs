use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_text::Span;

declare_rule! {
    /// A message of a stdio capture spans several lines.
    ///
    /// ## What it checks
    ///
    /// In a JSON Lines capture of raw messages (the stdio wire), a message whose JSON
    /// continues over several lines, as a pretty-printer writes it. mcpvet joins the lines
    /// to read the message and checks it as usual.
    ///
    /// ## Why it matters
    ///
    /// On stdio, "messages are delimited by newlines, and MUST NOT contain embedded
    /// newlines". A client reading line by line sees `{` alone, fails to parse it, and
    /// drops or misreads everything that follows.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    /// {
    ///   "jsonrpc": "2.0",
    ///   "id": 1,
    ///   "result": {}
    /// }
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    /// {"jsonrpc": "2.0", "id": 1, "result": {}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Transports, stdio (`basic/transports.mdx`): "Messages are
    ///   delimited by newlines, and MUST NOT contain embedded newlines"
    pub(crate) static MULTI_LINE_MESSAGE = {
        code: "MCP413",
        name: "multi-line-message",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the text of a message (at `at`) of a stdio capture: one line, or this rule.
pub(crate) fn check(text: &str, at: Span, report: &mut Reporter<'_>) {
    let lines = text.bytes().filter(|b| *b == b'\n').count() + 1;
    report.report(
        &MULTI_LINE_MESSAGE,
        at,
        format!("the message spans {lines} lines; stdio messages must be on one line"),
        "serialise each message as compact JSON on a single line",
    );
}
