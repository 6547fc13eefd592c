use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::{Needed, needed, require};
use crate::context::Cx;

declare_rule! {
    /// A tool's `authentication` lacks a member its `type` requires: `username` and `password` for `basic`, `key` and `value` for `apiKey`.
    ///
    /// ## What it checks
    ///
    /// The `authentication` of every tool of a definition file:
    ///
    /// | `authentication.type` | required members |
    /// |---|---|
    /// | `anonymous` | none |
    /// | `basic` | `username`, `password` |
    /// | `apiKey` | `key` (the header or parameter name), `value` (the key) |
    ///
    /// Members that are missing are reported together, at the `authentication` object; a
    /// member that is an empty string (or only spaces) is reported at its value, which is
    /// never quoted. An `authentication` without a `type` is `definition-structure`
    /// (MCP600).
    ///
    /// ## Why it matters
    ///
    /// A backend that expects credentials refuses calls without them: the definition
    /// imports, and every call of the tool fails with an authorisation error.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "tools": [{"name": "find_customer", "description": "Find a customer by e-mail address.",
    ///   "type": "http", "method": "GET", "endpoint": "https://crm.example.com", "path": "/customers",
    ///   "authentication": {"type": "apiKey", "key": "X-API-Key"},
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
    ///   "authentication": {"type": "apiKey", "key": "X-API-Key", "value": "${CRM_API_KEY}"},
    ///   "requestSchema": {"type": "object", "properties": {"email": {"type": "string"}}},
    ///   "responseSchema": {"type": "object", "properties": {}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 7617, The "Basic" HTTP Authentication Scheme
    /// - `docs/server-definition.md` (tools, authentication)
    pub(crate) static INCOMPLETE_AUTHENTICATION = {
        code: "MCP617",
        name: "incomplete-authentication",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// What `basic` authentication requires.
const BASIC: &[Needed] = &[
    needed("username", "the user name"),
    needed(
        "password",
        "the password, or a reference to where it is kept",
    ),
];

/// What `apiKey` authentication requires.
const API_KEY: &[Needed] = &[
    needed(
        "key",
        "the name of the header or parameter that carries the key",
    ),
    needed("value", "the key, or a reference to where it is kept"),
];

/// Reports the members `tool`'s authentication type requires that it lacks.
pub(crate) fn check(cx: Cx<'_, '_>, tool: &Item, subject: &str, report: &mut Reporter<'_>) {
    let Some(authentication) = cx
        .value(tool.node)
        .get("authentication")
        .filter(|a| a.kind() == ValueKind::Object)
    else {
        return;
    };
    let Some(auth_type) = authentication.get("type").and_then(Value::as_str) else {
        return;
    };
    let needs = match auth_type.as_ref() {
        "basic" => BASIC,
        "apiKey" => API_KEY,
        _ => return,
    };
    require(
        &INCOMPLETE_AUTHENTICATION,
        authentication,
        needs,
        &format!("the `{auth_type}` authentication of {subject}"),
        "the backend refuses the tool's calls",
        report,
    );
}
