use mcpvet_ast::names::offending;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::context::name;

declare_rule! {
    /// A tool name is valid for MCP but breaks the stricter limits of common clients or model APIs.
    ///
    /// ## What it checks
    ///
    /// Names that MCP accepts (MCP503 covers the others) but that some hosts reject or
    /// rewrite:
    ///
    /// - characters outside `a-z A-Z 0-9 _ -` (a `.`, for instance): the Claude API requires
    ///   tool names to match `^[a-zA-Z0-9_-]{1,128}$`, and OpenAI function names
    ///   `^[a-zA-Z0-9_-]{1,64}$`;
    /// - more than 64 characters: Windsurf and OpenAI function calling stop at 64 (and hosts
    ///   that prefix the server name reach the limit sooner).
    ///
    /// Before 2025-11-25, where MCP has no naming rule, every name is measured against these
    /// limits. The finding is informational: whether it matters depends on the hosts the
    /// server targets.
    ///
    /// ## Why it matters
    ///
    /// A host passes MCP tools to the model API under their names (often prefixed with the
    /// server name). A name the API rejects makes the host rename the tool (so the model and
    /// the logs see another name), skip it, or fail the whole request.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"files.read","description":"Read a file.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"files_read","description":"Read a file.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - Claude API, Tool use: tool `name` pattern `^[a-zA-Z0-9_-]{1,128}$`
    /// - OpenAI API, Function calling: function `name` pattern `^[a-zA-Z0-9_-]{1,64}$`
    /// - MCP specification 2025-11-25, Server features: Tools, "Tool names"
    pub(crate) static TOOL_NAME_CLIENT_INCOMPATIBLE = {
        code: "MCP504",
        name: "tool-name-client-incompatible",
        severity: Info,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks a name MCP accepts (`tool`, the string `name_value`) against the stricter client
/// limits.
pub(crate) fn check(tool: &str, name_value: Value<'_>, report: &mut Reporter<'_>) {
    let length = tool.chars().count();
    let problem = if let Some(chars) = offending(tool, |c| {
        c.is_ascii_alphanumeric() || matches!(c, '_' | '-')
    }) {
        format!(
            "tool name `{}` contains {chars}, which the Claude API and OpenAI function names \
             reject (`^[a-zA-Z0-9_-]+$`)",
            name(tool)
        )
    } else if length > 64 {
        format!(
            "tool name `{}` is {length} characters long; Windsurf and OpenAI function names \
             allow 64",
            name(tool)
        )
    } else {
        return;
    };
    report.report(
        &TOOL_NAME_CLIENT_INCOMPATIBLE,
        name_value,
        problem,
        "use at most 64 letters, digits, `_` or `-` if the server targets such hosts",
    );
}
