use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;
use mcpvet_schema::validate::InstanceValidator;

use crate::context::name;
use crate::schema::violations;

declare_rule! {
    /// The arguments of a `tools/call` do not validate against the tool's `inputSchema`.
    ///
    /// ## What it checks
    ///
    /// The `arguments` of each `tools/call` (an absent `arguments` counts as `{}`) against
    /// the `inputSchema` of the tool in the latest tool list, with the `jsonschema` crate
    /// (the schema's dialect: its `$schema`, else 2020-12 from 2025-11-25 and draft-07
    /// before; `format` is an annotation, as the drafts define it; nothing is fetched).
    /// Each violation is reported at its exact place inside the arguments: the value of the
    /// wrong type, the property that is not allowed, the object that lacks a required
    /// property. The message says what the schema wants and does not repeat the value.
    ///
    /// ## Why it matters
    ///
    /// Servers validate arguments and reject the call (a result with `isError: true` from
    /// 2025-11-25, often a JSON-RPC error before), or worse, act on a value they did not
    /// expect. Arguments that break the schema the client was given point at a model that
    /// ignores the schema, a client that does not pass it on, or a schema that says less
    /// than the server needs.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"tail_log","description":"Last lines of a log.","inputSchema":{"type":"object","properties":{"lines":{"type":"integer","maximum":500}},"required":["lines"]}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"tail_log","arguments":{"lines":"20"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"tail_log","description":"Last lines of a log.","inputSchema":{"type":"object","properties":{"lines":{"type":"integer","maximum":500}},"required":["lines"]}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"tail_log","arguments":{"lines":20}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools, "Calling Tools"
    /// - JSON Schema 2020-12 Validation
    pub(crate) static ARGUMENTS_VIOLATE_SCHEMA = {
        code: "MCP522",
        name: "arguments-violate-schema",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Validates the `arguments` (absent: `{}`, reported at the value `fallback`) of a call of
/// `tool`; returns whether they violate the schema.
pub(crate) fn check(
    validator: &InstanceValidator,
    arguments: Option<Value<'_>>,
    fallback: Value<'_>,
    tool: &str,
    report: &mut Reporter<'_>,
) -> bool {
    let Some(found) = violations(validator, arguments, fallback) else {
        return false;
    };
    if found.is_empty() {
        return false;
    }
    let tool = name(tool);
    for v in found {
        let message = if v.location.is_empty() {
            format!("`{tool}` arguments: {}", v.what)
        } else {
            format!("`{tool}` argument `{}`: {}", v.location, v.what)
        };
        report.report(&ARGUMENTS_VIOLATE_SCHEMA, v.at, message, v.help);
    }
    true
}
