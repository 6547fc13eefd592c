use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Label, Reporter, declare_rule};

use super::named;
use crate::context::Cx;

declare_rule! {
    /// A tool of a server definition declares a `responseSchema` although its `responseType` is `noResponse`.
    ///
    /// ## What it checks
    ///
    /// A tool whose `responseType` is `noResponse` returns nothing to the client; a
    /// `responseSchema` on it describes a result that never comes. Reported at the
    /// `responseSchema`, with a label at the `responseType`, as a warning: one of the two is
    /// a mistake.
    ///
    /// ## Why it matters
    ///
    /// Clients and models read the response schema as a promise of structured output: they
    /// wait for fields that never arrive, or treat the empty result as an error. And when
    /// the schema is the right one, it is the `responseType` that is wrong, and the tool's
    /// result is thrown away.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "orders", "tools": [{"name": "sync_orders", "description": "Synchronise the day's orders.",
    ///   "type": "operation", "project": "Order sync", "operation": "Sync orders",
    ///   "authentication": {"type": "basic", "username": "mcp", "password": "${ORDERS_PASSWORD}"},
    ///   "requestSchema": {"type": "object", "properties": {}}, "responseType": "noResponse",
    ///   "responseSchema": {"type": "object", "properties": {"synced": {"type": "integer"}}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "orders", "tools": [{"name": "sync_orders", "description": "Synchronise the day's orders.",
    ///   "type": "operation", "project": "Order sync", "operation": "Sync orders",
    ///   "authentication": {"type": "basic", "username": "mcp", "password": "${ORDERS_PASSWORD}"},
    ///   "requestSchema": {"type": "object", "properties": {}}, "responseType": "finalTarget",
    ///   "responseSchema": {"type": "object", "properties": {"synced": {"type": "integer"}}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Server features: Tools (`outputSchema`, structured
    ///   content)
    /// - `docs/server-definition.md` (tools)
    pub(crate) static RESPONSE_SCHEMA_WITHOUT_RESPONSE = {
        code: "MCP621",
        name: "response-schema-without-response",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports the `responseSchema` of a `noResponse` tool.
pub(crate) fn check(cx: Cx<'_, '_>, tool: &Item, report: &mut Reporter<'_>) {
    let value = cx.value(tool.node);
    let [response_type, schema] = value.get_many(["responseType", "responseSchema"]);
    let (Some(response_type), Some(schema)) = (response_type, schema) else {
        return;
    };
    if response_type.as_str().as_deref() != Some("noResponse") {
        return;
    }
    let schema_key = value
        .member("responseSchema")
        .map_or(schema.span(), |m| m.key.span());
    report.push(
        RESPONSE_SCHEMA_WITHOUT_RESPONSE
            .diagnostic(
                schema_key,
                format!(
                    "{} declares a `responseSchema`, but its `responseType` is `noResponse`: the tool returns nothing",
                    named(cx, tool)
                ),
            )
            .with_path(schema.path())
            .with_secondary(Label::with_message(response_type.span(), "no response here"))
            .with_help("remove the `responseSchema`, or set `responseType` to what the tool returns (`finalTarget` or `systemVariable`)"),
    );
}
