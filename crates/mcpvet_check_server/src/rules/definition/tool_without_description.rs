use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Reporter, declare_rule};

use super::{is_blank, named};
use crate::context::{Cx, opening};

declare_rule! {
    /// A tool of a server definition has no `description`, or an empty one.
    ///
    /// ## What it checks
    ///
    /// Every tool of a definition file must have a `description` with some text in it: a
    /// missing member, an empty string and a string of spaces are reported alike (at the
    /// tool, or at the empty value). A `description` that is not a string is reported by
    /// `definition-structure` (MCP600).
    ///
    /// ## Why it matters
    ///
    /// Clients put a tool's description in front of the model, which chooses tools and their
    /// arguments by it: a tool without one is called at random or never. Hosting platforms
    /// also require it to publish.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "tools": [{"name": "find_customer", "description": "  ", "type": "http",
    ///   "method": "GET", "endpoint": "https://crm.example.com", "path": "/customers",
    ///   "requestSchema": {"type": "object", "properties": {"email": {"type": "string"}}},
    ///   "responseSchema": {"type": "object", "properties": {}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "tools": [{"name": "find_customer", "description": "Find a customer by e-mail address.",
    ///   "type": "http", "method": "GET", "endpoint": "https://crm.example.com", "path": "/customers",
    ///   "requestSchema": {"type": "object", "properties": {"email": {"type": "string"}}},
    ///   "responseSchema": {"type": "object", "properties": {}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Server features: Tools (`description`)
    /// - `docs/server-definition.md`
    pub(crate) static TOOL_WITHOUT_DESCRIPTION = {
        code: "MCP613",
        name: "tool-without-description",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports `tool` when its `description` is missing, empty or only spaces.
pub(crate) fn check(cx: Cx<'_, '_>, tool: &Item, report: &mut Reporter<'_>) {
    let value = cx.value(tool.node);
    let subject = named(cx, tool);
    let help = "describe what the tool does and when to use it, in a sentence or two";
    match value.get("description") {
        None => report.report(
            &TOOL_WITHOUT_DESCRIPTION,
            opening(value),
            format!(
                "{subject} has no `description`: clients and models choose tools by their description"
            ),
            help,
        ),
        Some(description) if is_blank(description) => report.report(
            &TOOL_WITHOUT_DESCRIPTION,
            description,
            format!(
                "the `description` of {subject} is empty: clients and models choose tools by their description"
            ),
            help,
        ),
        Some(_) => {}
    }
}
