use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};

use super::ToolType;
use crate::context::Cx;

declare_rule! {
    /// An `operation` tool of a server definition sets `"async": true`, which the platform cannot enable for operations.
    ///
    /// ## What it checks
    ///
    /// `async` (the call returns at once and the work goes on) is an option of `http` and
    /// `api` tools. An `operation` tool runs its operation and returns its result: the
    /// platform has no asynchronous mode for it. `"async": true` on an operation tool is
    /// reported at the value; the fix sets it to `false` (`"async": false` is accepted, as
    /// is no `async` at all).
    ///
    /// ## Why it matters
    ///
    /// The platform refuses to import or publish the definition, or silently runs the tool
    /// synchronously while its author expects a call that returns at once: a long operation
    /// then runs into the tool's timeout.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "orders", "tools": [{"name": "sync_orders", "description": "Synchronise the day's orders.",
    ///   "type": "operation", "project": "Order sync", "operation": "Sync orders", "async": true,
    ///   "authentication": {"type": "basic", "username": "mcp", "password": "${ORDERS_PASSWORD}"},
    ///   "requestSchema": {"type": "object", "properties": {}}, "responseType": "noResponse"}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "orders", "tools": [{"name": "sync_orders", "description": "Synchronise the day's orders.",
    ///   "type": "operation", "project": "Order sync", "operation": "Sync orders",
    ///   "authentication": {"type": "basic", "username": "mcp", "password": "${ORDERS_PASSWORD}"},
    ///   "requestSchema": {"type": "object", "properties": {}}, "responseType": "noResponse"}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - `docs/server-definition.md` (tools)
    pub(crate) static ASYNC_OPERATION_TOOL = {
        code: "MCP620",
        name: "async-operation-tool",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports `"async": true` on an `operation` tool.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    tool: &Item,
    ty: ToolType,
    subject: &str,
    report: &mut Reporter<'_>,
) {
    if ty != ToolType::Operation {
        return;
    }
    let Some(value) = cx
        .value(tool.node)
        .get("async")
        .filter(|v| v.as_bool() == Some(true))
    else {
        return;
    };
    report.push(
        ASYNC_OPERATION_TOOL
            .diagnostic_at(
                value,
                format!(
                    "{subject} sets `\"async\": true`: the platform cannot run operations asynchronously"
                ),
            )
            .with_help("remove `async` or set it to `false`; for a call that returns at once, use an `http` or `api` tool")
            .with_fix(Fix::new(
                "set `async` to `false`",
                vec![Edit::new(value.span(), "false")],
                Applicability::Safe,
            )),
    );
}
