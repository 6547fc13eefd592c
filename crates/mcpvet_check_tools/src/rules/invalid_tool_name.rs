use mcpvet_ast::names::{NAME_CHARS, NameProblem, TOOL_NAME_MAX_CHARS, tool_name_problem};
use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::context::{Cx, name};

declare_rule! {
    /// A tool name breaks the naming rules of the 2025-11-25 and later specifications.
    ///
    /// ## What it checks
    ///
    /// From protocol 2025-11-25 on, a tool name SHOULD be 1 to 128 characters of
    /// `A-Z a-z 0-9 _ - .` (no spaces, commas, slashes or other characters). The finding
    /// names the offending characters or the length. Earlier versions have no naming rule,
    /// so nothing is reported for them (stricter limits of particular clients are MCP504).
    ///
    /// ## Why it matters
    ///
    /// Clients build identifiers from tool names (prefixed with the server name, passed to
    /// model APIs with strict patterns), and names outside the set break that: the tool is
    /// renamed, rejected or dropped, depending on the client. The rule is a SHOULD of the
    /// specification (SEP-986).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"files/read","description":"Read a file.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"files.read","description":"Read a file.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// Before 2025-11-25 the name is not judged:
    ///
    /// ```jsonl protocol=2025-06-18
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"files/read","description":"Read a file.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Server features: Tools, "Tool names"
    /// - SEP-986, Specify the format for tool names
    pub(crate) static INVALID_TOOL_NAME = {
        code: "MCP503",
        name: "invalid-tool-name",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks `tool` (the string `name_value`; 2025-11-25 and later); returns whether it follows
/// the specification's rules (always true for earlier versions).
pub(crate) fn check(tool: &str, name_value: Value<'_>, cx: Cx, report: &mut Reporter<'_>) -> bool {
    if !cx.at_least(ProtocolVersion::V2025_11_25) {
        return true;
    }
    let problem = match tool_name_problem(tool) {
        None => return true,
        Some(NameProblem::Empty) => "the tool name is empty".to_owned(),
        Some(NameProblem::Characters(chars)) => format!(
            "tool name `{}` contains {chars}, outside {NAME_CHARS}",
            name(tool)
        ),
        Some(NameProblem::TooLong(length)) => format!(
            "tool name `{}` is {length} characters long; the limit is {TOOL_NAME_MAX_CHARS}",
            name(tool)
        ),
    };
    report.report(
        &INVALID_TOOL_NAME,
        name_value,
        problem,
        "rename the tool with 1 to 128 letters, digits, `_`, `-` or `.`",
    );
    false
}
