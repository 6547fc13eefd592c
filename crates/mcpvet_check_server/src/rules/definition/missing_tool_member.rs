use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Reporter, declare_rule};

use super::{Needed, ToolType, needed, require};
use crate::context::Cx;

declare_rule! {
    /// A tool of a server definition lacks a member its `type` requires: `method`, `endpoint` and `path` for `http` and `api` tools, `project` and `operation` for `operation` tools.
    ///
    /// ## What it checks
    ///
    /// What a tool calls depends on its `type`:
    ///
    /// | `type` | required members |
    /// |---|---|
    /// | `http`, `api` | `method`, `endpoint`, `path` |
    /// | `operation` | `project`, `operation` |
    ///
    /// Members that are missing are reported together, at the tool; a member that is an
    /// empty string (or only spaces) is reported at its value. A tool without a `type`, or
    /// with a `type` the format does not have, and a member of the wrong JSON type are
    /// reported by `definition-structure` (MCP600). The credentials of operation tools are
    /// `operation-without-basic-auth` (MCP616); a `path` that does not start with `/` is
    /// `relative-tool-path` (MCP615).
    ///
    /// ## Why it matters
    ///
    /// The JSON Schema of the format cannot say that a member is required for one type
    /// only, so such a definition imports, and the tool fails on every call (or the
    /// platform refuses to publish it). Found here, it is one line to add.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "orders", "tools": [{"name": "sync_orders", "description": "Synchronise the day's orders.",
    ///   "type": "operation", "project": "Order sync",
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
    pub(crate) static MISSING_TOOL_MEMBER = {
        code: "MCP614",
        name: "missing-tool-member",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// What an `http` or `api` tool requires.
const CALL: &[Needed] = &[
    needed("method", "the HTTP method, such as `GET`"),
    needed("endpoint", "the base URL of the service"),
    needed("path", "the path of the call, starting with `/`"),
];

/// What an `operation` tool requires.
const OPERATION: &[Needed] = &[
    needed("project", "the project that holds the operation"),
    needed("operation", "the operation to run"),
];

/// Reports the members `tool`'s type requires that it lacks.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    tool: &Item,
    ty: ToolType,
    subject: &str,
    report: &mut Reporter<'_>,
) {
    let needs = if ty.calls_url() { CALL } else { OPERATION };
    require(
        &MISSING_TOOL_MEMBER,
        cx.value(tool.node),
        needs,
        subject,
        "the platform cannot call the tool",
        report,
    );
}
