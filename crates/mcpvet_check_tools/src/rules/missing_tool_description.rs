use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::context::{Cx, name};

declare_rule! {
    /// A tool has no description.
    ///
    /// ## What it checks
    ///
    /// Each tool of a `tools/list` result: a `description` that is missing, empty or only
    /// whitespace (in reconstructed SDK captures, `null` counts as missing). A description of
    /// another type is MCP501.
    ///
    /// ## Why it matters
    ///
    /// The description is what the model reads to decide whether and how to use the tool:
    /// the specification calls it a "human-readable description of functionality", and
    /// hosts pass it to the model with the schema. Without it the model guesses from the
    /// name, picks the wrong tool or never picks this one.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","description":"Read a UTF-8 text file and return its contents.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools, "Tool" (`description`)
    pub(crate) static MISSING_TOOL_DESCRIPTION = {
        code: "MCP506",
        name: "missing-tool-description",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports `item` (the tool `tool`, named by the string `name_value`) when its description is
/// missing or blank.
pub(crate) fn check(
    item: Value<'_>,
    tool: &str,
    name_value: Value<'_>,
    cx: Cx,
    report: &mut Reporter<'_>,
) {
    let (message, at) = match cx.get(item, "description") {
        None => (
            format!("tool `{}` has no description", name(tool)),
            name_value,
        ),
        Some(d) if d.as_str().is_some_and(|s| s.trim().is_empty()) => {
            (format!("tool `{}` has an empty description", name(tool)), d)
        }
        Some(_) => return,
    };
    report.report(
        &MISSING_TOOL_DESCRIPTION,
        at,
        message,
        "add a `description` saying what the tool does and when to use it",
    );
}
