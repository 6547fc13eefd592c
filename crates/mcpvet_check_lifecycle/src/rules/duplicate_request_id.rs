use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_text::Span;

use crate::key::Key;

declare_rule! {
    /// A request reuses an id its sender already used.
    ///
    /// ## What it checks
    ///
    /// Ids are per sender. Up to 2025-11-25 "the request ID MUST NOT have been previously
    /// used by the requestor within the same session", even after its response arrived. In
    /// 2026-07-28 an id only must not match another request of the sender that is still in
    /// flight; reuse after completion is legal. Two requests of the same sender in flight
    /// with the same id are a violation in every version. `1` and `"1"` are different ids;
    /// `1` and `1.0` are the same.
    ///
    /// ## Why it matters
    ///
    /// The receiver and the sender pair responses by id: with two requests of the same id
    /// the response goes to the wrong caller, and SDKs reject the duplicate.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":1,"result":{}}
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":1,"result":{}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":"1","method":"ping"}
    /// {"jsonrpc":"2.0","id":1,"result":{}}
    /// {"jsonrpc":"2.0","id":"1","result":{}}
    /// ```
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[],"ttlMs":0,"cacheScope":"public"}}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[],"ttlMs":0,"cacheScope":"public"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic protocol, Requests (`basic/index.mdx`, each version)
    pub(crate) static DUPLICATE_REQUEST_ID = {
        code: "MCP442",
        name: "duplicate-request-id",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the id `key` (at `at`) of a new request against the requests of the same sender:
/// `in_flight` is the line of one still waiting with that id, `answered` the line of one
/// already answered (what only sessions before 2026-07-28 forbid; `modern` says which).
pub(crate) fn check(
    key: &Key,
    at: Span,
    in_flight: Option<(u32, Span)>,
    answered: Option<u32>,
    modern: bool,
    report: &mut Reporter<'_>,
) {
    let message = if let Some((line, _)) = in_flight {
        format!("id {key} is already used by a request still in flight (line {line})")
    } else if let Some(line) = answered.filter(|_| !modern) {
        format!(
            "id {key} was already used by the same sender at line {line}; ids must not be reused within a session"
        )
    } else {
        return;
    };
    let mut d = DUPLICATE_REQUEST_ID
        .diagnostic_at(at, message)
        .with_help("give every request of a session a new id");
    if let Some((_, first)) = in_flight {
        d = d.with_secondary(Label::with_message(
            first,
            "the request in flight with this id",
        ));
    }
    report.push(d);
}
