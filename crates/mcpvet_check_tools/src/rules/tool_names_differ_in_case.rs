use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_json::Value;

use crate::context::name;
use crate::state::Listing;

declare_rule! {
    /// Two tools of one tool list have names that differ only in letter case.
    ///
    /// ## What it checks
    ///
    /// Tool names within one listing (all pages of a paginated `tools/list`), compared after
    /// lower-casing ASCII letters: `Search` and `search` are distinct names, and the later one
    /// is reported, with a label on the first. Exact duplicates are MCP502.
    ///
    /// ## Why it matters
    ///
    /// Tool names are case-sensitive (2025-11-25 and later: "Tool names SHOULD be
    /// case-sensitive"), but people, models and some clients are not: a model that writes
    /// `search` for `Search` calls the other tool, and clients that fold case for display or
    /// for their own tool tables merge the two.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"Search","description":"Search the docs.","inputSchema":{"type":"object"}},{"name":"search","description":"Search the code.","inputSchema":{"type":"object"}}]}}
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
    pub(crate) static TOOL_NAMES_DIFFER_IN_CASE = {
        code: "MCP505",
        name: "tool-names-differ-in-case",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Records `tool` (the string `name_value`) in `listing`'s case-folded names; reports a
/// different spelling seen before.
pub(crate) fn check(
    listing: &mut Listing,
    tool: &str,
    name_value: Value<'_>,
    report: &mut Reporter<'_>,
) {
    let folded = tool.to_ascii_lowercase();
    match listing.folded.get(&folded) {
        Some((first, first_span)) if first != tool => {
            let first_span = *first_span;
            let message = format!(
                "tool names `{}` and `{}` differ only in letter case",
                name(first),
                name(tool)
            );
            report.push(
                TOOL_NAMES_DIFFER_IN_CASE
                    .diagnostic(name_value.span(), message)
                    .with_path(name_value.path())
                    .with_secondary(Label::with_message(first_span, "the other spelling"))
                    .with_help("rename one of the tools so the names differ in more than case"),
            );
        }
        Some(_) => {}
        None => {
            listing
                .folded
                .insert(folded, (tool.to_owned(), name_value.span()));
        }
    }
}
