use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::state::Listing;

declare_rule! {
    /// A server's tool list is empty.
    ///
    /// ## What it checks
    ///
    /// A complete `tools/list` listing (the last page, without `nextCursor`) with no tool on
    /// any page. Reported once per listing, at the `tools` array. The finding is
    /// informational: a server may have no tools on purpose (a prompts- or resources-only
    /// server, or tools hidden until configuration).
    ///
    /// ## Why it matters
    ///
    /// A server that should offer tools but lists none usually failed to start part of
    /// itself: missing credentials, a missing environment variable, a feature flag, or a
    /// backend it could not reach. Hosts show it as connected, so nothing else points at
    /// the problem. A server without tools also should not declare the `tools` capability.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"ping_host","description":"Ping a host.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools, "Capabilities" and "Listing Tools"
    pub(crate) static EMPTY_TOOL_LIST = {
        code: "MCP514",
        name: "empty-tool-list",
        severity: Info,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports a complete `listing` (its last page just read) that has no tool; `items` is the
/// `tools` array of the last page.
pub(crate) fn check(listing: &Listing, items: Value<'_>, report: &mut Reporter<'_>) {
    if listing.count > 0 {
        return;
    }
    report.report(
        &EMPTY_TOOL_LIST,
        items,
        "the server lists no tools",
        "if the server should offer tools, check its configuration and credentials; otherwise \
         do not declare the `tools` capability",
    );
}
