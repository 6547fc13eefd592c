use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

declare_rule! {
    /// A JSON-RPC batch (a top-level array) is sent in a protocol version without batching.
    ///
    /// ## What it checks
    ///
    /// A message that is a JSON array: a line of a JSON Lines capture, a trace payload, a
    /// logged message, or an element of a JSON array capture that is itself an array. Only
    /// 2025-03-26 defines batches (`JSONRPCBatchRequest`, `JSONRPCBatchResponse`); 2024-11-05
    /// has none and 2025-06-18 removed them for good. Batches in 2025-03-26 are checked by
    /// MCP411.
    ///
    /// ## Why it matters
    ///
    /// Peers of the other versions do not read arrays: the whole batch is rejected or the
    /// connection dropped, and every request in it goes unanswered.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-06-18
    /// {"jsonrpc":"2.0","id":0,"method":"ping"}
    /// [{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"prompts/list"}]
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-03-26
    /// {"jsonrpc":"2.0","id":0,"method":"ping"}
    /// [{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"prompts/list"}]
    /// ```
    ///
    /// ```jsonl protocol=2025-06-18
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":2,"method":"prompts/list"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-03-26, Basic protocol (`basic/index.mdx`): batching
    /// - MCP specification 2025-06-18, Changelog, item 1: "Remove support for JSON-RPC
    ///   batching"
    pub(crate) static BATCH_NOT_ALLOWED = {
        code: "MCP410",
        name: "batch-not-allowed",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Whether `version` allows batches.
pub(crate) fn allowed(version: ProtocolVersion) -> bool {
    version == ProtocolVersion::V2025_03_26
}

/// Checks a batch (a message that is an array) of a session of `version`.
pub(crate) fn check(batch: Value<'_>, version: ProtocolVersion, report: &mut Reporter<'_>) {
    if allowed(version) {
        return; // MCP411
    }
    // The opening bracket.
    let at = batch.span();
    report.report(
        &BATCH_NOT_ALLOWED,
        Span::new(at.start, at.start.saturating_add(1).min(at.end)),
        format!("JSON-RPC batches are not allowed in protocol {version} (only in 2025-03-26)"),
        "send each message on its own",
    );
}
