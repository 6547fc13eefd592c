use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_json::Value;

use crate::context::name;
use crate::state::Listing;

declare_rule! {
    /// Two tools of one tool list have the same name.
    ///
    /// ## What it checks
    ///
    /// Tool names within one listing of a server's tools: every page of a paginated
    /// `tools/list` (a request without `cursor` starts a listing, the requests with the
    /// `nextCursor` values continue it). Names are compared exactly (case-sensitively; names
    /// that differ only in case are MCP505). The later tool is reported, with a label on the
    /// first.
    ///
    /// ## Why it matters
    ///
    /// A tool is identified by its name: `tools/call` names it, and clients key their tool
    /// tables by it. With two tools of the same name, one silently shadows the other, and
    /// which one a call reaches depends on the client. The 2025-11-25 and later
    /// specifications say tool names SHOULD be unique within a server; every version's
    /// schema identifies tools by name only.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"search","description":"Search the docs.","inputSchema":{"type":"object"}},{"name":"search","description":"Search the code.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"search_docs","description":"Search the docs.","inputSchema":{"type":"object"}},{"name":"search_code","description":"Search the code.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Server features: Tools, "Tool names"
    /// - MCP specification, Utilities: Pagination
    pub(crate) static DUPLICATE_TOOL_NAME = {
        code: "MCP502",
        name: "duplicate-tool-name",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Records `tool` (the string `name_value`) in `listing`; reports it when the listing already
/// has that name.
pub(crate) fn check(
    listing: &mut Listing,
    tool: &str,
    name_value: Value<'_>,
    report: &mut Reporter<'_>,
) {
    if let Some(&first) = listing.names.get(tool) {
        report.push(
            DUPLICATE_TOOL_NAME
                .diagnostic(
                    name_value.span(),
                    format!("the tool list has two tools named `{}`", name(tool)),
                )
                .with_path(name_value.path())
                .with_secondary(Label::with_message(first, "first defined here"))
                .with_help("give each tool a unique name; clients keep only one of the two"),
        );
    } else {
        listing.names.insert(tool.to_owned(), name_value.span());
    }
}
