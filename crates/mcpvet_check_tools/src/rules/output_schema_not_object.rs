use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::context::{Cx, name, short, site};

declare_rule! {
    /// A tool's `outputSchema` is not a JSON Schema object, or (before 2026-07-28) its root type is not `"object"`.
    ///
    /// ## What it checks
    ///
    /// `outputSchema` exists from protocol 2025-06-18 on. Up to 2025-11-25 it must be an
    /// object with `type: "object"` (structured content is an object in those versions);
    /// from 2026-07-28 any JSON Schema is allowed (an object schema of any type, or a
    /// boolean schema). Reported: `null` or another non-schema value, and before 2026-07-28
    /// a missing `type` or a `type` other than `"object"`.
    ///
    /// ## Why it matters
    ///
    /// Clients validate `structuredContent` against the `outputSchema`; the 2025-06-18 and
    /// 2025-11-25 schemas define it as `{type: "object", properties?, required?}`, so other
    /// roots fail validation of the tool definition, and a server following such a schema
    /// returns structured content those clients reject.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"count_lines","description":"Count lines.","inputSchema":{"type":"object"},"outputSchema":{"type":"integer"}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"count_lines","description":"Count lines.","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"lines":{"type":"integer"}},"required":["lines"]}}]}}
    /// ```
    ///
    /// From 2026-07-28 any schema is allowed:
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","ttlMs":60000,"cacheScope":"public","tools":[{"name":"count_lines","description":"Count lines.","inputSchema":{"type":"object"},"outputSchema":{"type":"integer"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-06-18 and later, Server features: Tools, "Output Schema"
    /// - MCP specification 2026-07-28, changelog (any JSON Schema for `outputSchema`)
    pub(crate) static OUTPUT_SCHEMA_NOT_OBJECT = {
        code: "MCP511",
        name: "output-schema-not-object",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the `outputSchema` value of `tool`; returns whether it is a schema worth compiling
/// (an object, or in 2026-07-28 a boolean).
pub(crate) fn check(schema: Value<'_>, tool: &str, cx: Cx, report: &mut Reporter<'_>) -> bool {
    let modern = cx.at_least(ProtocolVersion::V2026_07_28);
    match schema.kind() {
        ValueKind::Object => {}
        ValueKind::Bool if modern => return true,
        ValueKind::Error => return false,
        other => {
            report.report(
                &OUTPUT_SCHEMA_NOT_OBJECT,
                schema,
                format!(
                    "the `outputSchema` of `{}` must be a JSON Schema object, found {}",
                    name(tool),
                    other.with_article()
                ),
                "declare the structured result as a JSON Schema, or leave `outputSchema` out",
            );
            return false;
        }
    }
    if modern {
        return true;
    }
    let version = cx.version;
    match schema.get("type") {
        Some(t) if t.as_str().as_deref() == Some("object") => {}
        Some(t) => report.report(
            &OUTPUT_SCHEMA_NOT_OBJECT,
            site(t),
            format!(
                "the `outputSchema` type of `{}` must be `\"object\"` in {version}, found `{}`",
                name(tool),
                short(t.source(), 40)
            ),
            "wrap the result in an object schema, e.g. `{\"type\": \"object\", \"properties\": \
             {\"result\": …}}`",
        ),
        None => report.report(
            &OUTPUT_SCHEMA_NOT_OBJECT,
            schema,
            format!(
                "the `outputSchema` of `{}` has no `type`; it must be `\"object\"` in {version}",
                name(tool)
            ),
            "add `\"type\": \"object\"` to the output schema",
        ),
    }
    true
}
