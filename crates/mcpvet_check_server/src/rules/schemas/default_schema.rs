use mcpvet_ast::definition::SchemaRole;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use super::Field;
use crate::context::Cx;

declare_rule! {
    /// A tool of a server definition has no `requestSchema` or `responseSchema`, so the platform's default schema applies.
    ///
    /// ## What it checks
    ///
    /// A tool of a definition without `requestSchema` is published with the default
    /// `{"type": "object", "properties": {}}`: it takes no arguments that clients or models
    /// know of. A tool without `responseSchema` (other than one whose `responseType` is
    /// `noResponse`) describes no result. Each is an information, not an error: a tool may
    /// take no arguments.
    ///
    /// ## Why it matters
    ///
    /// Models choose arguments from the request schema; with the default one they send
    /// none, and a backend that needs parameters fails at run time. Saying so before
    /// publishing lets the author decide.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "status", "tools": [{"name": "ping", "description": "Check the service.", "type": "http",
    ///   "method": "GET", "endpoint": "https://status.example.com", "path": "/ping",
    ///   "responseSchema": {"type": "object", "properties": {"ok": {"type": "boolean"}}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "status", "tools": [{"name": "ping", "description": "Check the service.", "type": "http",
    ///   "method": "GET", "endpoint": "https://status.example.com", "path": "/ping",
    ///   "requestSchema": {"type": "object", "properties": {}},
    ///   "responseSchema": {"type": "object", "properties": {"ok": {"type": "boolean"}}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - `docs/server-definition.md` (schema fields and their states)
    pub(crate) static DEFAULT_SCHEMA = {
        code: "MCP602",
        name: "default-schema",
        severity: Info,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports a schema field left out of a tool (a response schema only where a response is
/// expected).
pub(crate) fn check(cx: Cx<'_, '_>, field: Field<'_>, report: &mut Reporter<'_>) {
    let tool = cx.value(field.item.node);
    let no_response =
        tool.get("responseType").and_then(Value::as_str).as_deref() == Some("noResponse");
    let (message, help) = match field.role {
        SchemaRole::Request | SchemaRole::Input => (
            format!(
                "{} has no `requestSchema`: the default `{{\"type\": \"object\", \"properties\": {{}}}}` applies, so the tool takes no arguments",
                cx.item_name(field.item)
            ),
            "add a `requestSchema` that describes the arguments, or keep the default if the tool takes none",
        ),
        SchemaRole::Response | SchemaRole::Output if !no_response => (
            format!(
                "{} has no `responseSchema`: its result is not described",
                cx.item_name(field.item)
            ),
            "add a `responseSchema` (`mcpvet schema infer` generates one from an example response)",
        ),
        _ => return,
    };
    report.report(
        &DEFAULT_SCHEMA,
        crate::context::opening(tool),
        message,
        help,
    );
}
