use mcpvet_ast::transcript::{Message, ProtocolVersion};
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use super::batch_not_allowed;

declare_rule! {
    /// A 2025-03-26 batch is empty, contains `initialize`, or mixes requests with responses.
    ///
    /// ## What it checks
    ///
    /// Batches in 2025-03-26 sessions (the only version with batches; elsewhere see MCP410):
    ///
    /// - `[]` is an Invalid Request in JSON-RPC 2.0 (the MCP schema has no `minItems`);
    /// - "the `initialize` request MUST NOT be part of a JSON-RPC batch";
    /// - a batch is either requests and notifications (`JSONRPCBatchRequest`) or responses
    ///   (`JSONRPCBatchResponse`), never both.
    ///
    /// ## Why it matters
    ///
    /// Receivers answer an empty batch with a single error and may reject a mixed one
    /// entirely; a batched `initialize` breaks the rule that initialization comes first and
    /// alone.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-03-26
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// []
    /// ```
    ///
    /// ```jsonl protocol=2025-03-26
    /// {"jsonrpc":"2.0","id":"p","method":"ping"}
    /// [{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"c","version":"1"}}},{"jsonrpc":"2.0","id":1,"method":"tools/list"}]
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-03-26
    /// {"jsonrpc":"2.0","id":0,"method":"ping"}
    /// [{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":0}}]
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-03-26, Lifecycle (`basic/lifecycle.mdx`): "The initialization
    ///   request MUST NOT be part of a JSON-RPC batch"
    /// - JSON-RPC 2.0 specification, section 6 (Batch)
    pub(crate) static INVALID_BATCH = {
        code: "MCP411",
        name: "invalid-batch",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks a batch and its elements (`items`) in a session of `version`.
pub(crate) fn check(
    batch: Value<'_>,
    items: &[Message],
    version: ProtocolVersion,
    report: &mut Reporter<'_>,
) {
    if !batch_not_allowed::allowed(version) {
        return; // MCP410
    }
    if items.is_empty() {
        report.report(
            &INVALID_BATCH,
            batch,
            "the batch is empty",
            "send at least one message, or none at all",
        );
        return;
    }
    for item in items {
        if let Message::Request { method, .. } = item
            && method.value == "initialize"
        {
            report.report(
                &INVALID_BATCH,
                method.span(batch.document()),
                "`initialize` must not be part of a batch",
                "send `initialize` on its own, before anything else",
            );
        }
    }
    let calls = items
        .iter()
        .any(|m| matches!(m, Message::Request { .. } | Message::Notification { .. }));
    let responses = items.iter().find(|m| m.is_response());
    if calls && let Some(response) = responses {
        report.report(
            &INVALID_BATCH,
            batch.document().value(response.node()),
            "the batch mixes requests or notifications with responses",
            "send requests and notifications in one batch and responses in another",
        );
    }
}
