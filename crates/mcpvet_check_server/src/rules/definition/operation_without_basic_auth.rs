use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::ValueKind;

use super::ToolType;
use crate::context::{Cx, opening};

declare_rule! {
    /// An `operation` tool of a server definition has no `authentication`, or one whose `type` is not `basic`.
    ///
    /// ## What it checks
    ///
    /// The platform runs an operation of a project with the credentials of a user of that
    /// platform, given as basic authentication: every `operation` tool needs
    /// `"authentication": {"type": "basic", "username": …, "password": …}`. Reported: an
    /// operation tool without `authentication` (at the tool), and one whose
    /// `authentication.type` is `anonymous` or `apiKey` (at that value). A basic
    /// authentication without its `username` or `password` is
    /// `incomplete-authentication` (MCP617); an `authentication` that is not an object, or
    /// has no `type`, is `definition-structure` (MCP600).
    ///
    /// ## Why it matters
    ///
    /// Without basic credentials the platform cannot start the operation: the definition
    /// imports, and every call of the tool fails with an authorisation error.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "orders", "tools": [{"name": "sync_orders", "description": "Synchronise the day's orders.",
    ///   "type": "operation", "project": "Order sync", "operation": "Sync orders",
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
    /// - RFC 7617, The "Basic" HTTP Authentication Scheme
    /// - `docs/server-definition.md` (tools, authentication)
    pub(crate) static OPERATION_WITHOUT_BASIC_AUTH = {
        code: "MCP616",
        name: "operation-without-basic-auth",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports an `operation` tool without basic authentication.
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
    let value = cx.value(tool.node);
    let help = "add `\"authentication\": {\"type\": \"basic\", \"username\": …, \"password\": …}` with the credentials of a user allowed to run the operation";
    let Some(authentication) = value.get("authentication") else {
        report.report(
            &OPERATION_WITHOUT_BASIC_AUTH,
            opening(value),
            format!(
                "{subject} has no `authentication`: the platform runs operations only with basic credentials"
            ),
            help,
        );
        return;
    };
    if authentication.kind() != ValueKind::Object {
        return;
    }
    let Some(auth_type) = authentication.get("type") else {
        return;
    };
    if let Some(name) = auth_type
        .as_str()
        .filter(|t| matches!(t.as_ref(), "anonymous" | "apiKey"))
    {
        report.report(
            &OPERATION_WITHOUT_BASIC_AUTH,
            auth_type,
            format!(
                "{subject} uses `{name}` authentication: the platform runs operations only with basic credentials"
            ),
            "change the `type` to `basic` and give the `username` and `password` of a user allowed to run the operation",
        );
    }
}
