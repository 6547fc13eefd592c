use mcpvet_ast::definition::ItemKind;
use mcpvet_ast::names::{
    NAME_CHARS, NameProblem, TOOL_NAME_MAX_CHARS, item_name_problem, tool_name_problem,
};
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::context::{Cx, name};

declare_rule! {
    /// A tool, resource or prompt of a server definition has a name with characters outside `A-Z a-z 0-9 _ - .`, an empty name, or a tool name longer than 128 characters.
    ///
    /// ## What it checks
    ///
    /// The `name` of every tool, resource and prompt of a definition file:
    ///
    /// - a tool name must be 1 to 128 characters of `A-Z a-z 0-9 _ - .`, the rule of the MCP
    ///   specification (2025-11-25) that `invalid-tool-name` (MCP503) applies to captured
    ///   listings;
    /// - a resource or prompt name must be one or more of the same characters (ASCII letters
    ///   and digits, `_`, `-`, `.`), with no length limit.
    ///
    /// The finding names the offending characters (at most three) or the length. A name that
    /// is not a string is reported by `definition-structure` (MCP600).
    ///
    /// ## Why it matters
    ///
    /// Hosting platforms refuse to publish a server whose names break these rules, and
    /// clients build identifiers from the names (prefixed with the server's name, passed to
    /// model APIs with strict patterns): a space, a slash or an accented letter gets the tool
    /// renamed, rejected or dropped, depending on the client.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "files", "tools": [{"name": "read file", "description": "Read a file.", "type": "http",
    ///   "method": "GET", "endpoint": "https://files.example.com", "path": "/read",
    ///   "requestSchema": {"type": "object", "properties": {}},
    ///   "responseSchema": {"type": "string"}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "files", "tools": [{"name": "read_file", "description": "Read a file.", "type": "http",
    ///   "method": "GET", "endpoint": "https://files.example.com", "path": "/read",
    ///   "requestSchema": {"type": "object", "properties": {}},
    ///   "responseSchema": {"type": "string"}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Server features: Tools, "Tool names"
    /// - SEP-986, Specify the format for tool names
    /// - `docs/server-definition.md`
    pub(crate) static INVALID_ITEM_NAME = {
        code: "MCP610",
        name: "invalid-item-name",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports every item of `kind` whose string name breaks the rules of its kind.
pub(crate) fn check(cx: Cx<'_, '_>, kind: ItemKind, report: &mut Reporter<'_>) {
    for item in cx.file.items_of(kind) {
        let Some(item_name) = &item.name else {
            continue;
        };
        let text = item_name.value.as_str();
        let problem = if kind == ItemKind::Tool {
            tool_name_problem(text)
        } else {
            item_name_problem(text)
        };
        let what = kind.name();
        let message = match problem {
            None => continue,
            Some(NameProblem::Empty) => {
                format!("the name of {what} #{} is empty", position(cx, item))
            }
            Some(NameProblem::Characters(chars)) => format!(
                "{what} name `{}` contains {chars}, outside {NAME_CHARS}",
                name(text)
            ),
            Some(NameProblem::TooLong(length)) => format!(
                "{what} name `{}` is {length} characters long; the limit is {TOOL_NAME_MAX_CHARS}",
                name(text)
            ),
        };
        let help = if kind == ItemKind::Tool {
            format!(
                "rename the tool with 1 to {TOOL_NAME_MAX_CHARS} letters, digits, `_`, `-` or `.`"
            )
        } else {
            format!("rename the {what} with letters, digits, `_`, `-` or `.`")
        };
        report.report(&INVALID_ITEM_NAME, cx.value(item_name.node), message, help);
    }
}

/// The 1-based position of `item` among the items of its kind.
fn position(cx: Cx<'_, '_>, item: &mcpvet_ast::definition::Item) -> usize {
    cx.file
        .items_of(item.kind)
        .position(|i| i.node == item.node)
        .unwrap_or(0)
        + 1
}
