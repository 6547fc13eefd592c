use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, Severity, declare_rule};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::context::{Cx, name, short, site};

declare_rule! {
    /// A tool's `inputSchema` is missing, or is not a JSON Schema object with `"type": "object"`.
    ///
    /// ## What it checks
    ///
    /// Each tool of a `tools/list` result needs an `inputSchema` that is an object whose
    /// `type` is exactly the string `"object"`. Reported: a missing `inputSchema`, `null` or
    /// another non-object value, a missing `type`, and any other `type` (`"array"`,
    /// `["object", "null"]`, `["object"]`). A missing `type` comes with a fix that adds it.
    ///
    /// Up to 2025-11-25, the official schema also requires each value under `properties` to
    /// be an object: a boolean property schema (`"x": true`) is reported as a warning for
    /// those versions (2026-07-28 allows any 2020-12 schema there).
    ///
    /// An `inputSchema` that is an example payload rather than a schema is MCP508 instead.
    ///
    /// ## Why it matters
    ///
    /// The schema of every version defines `inputSchema` with a required
    /// `type: "object"` (`const "object"`): tool arguments are always a JSON object. Clients
    /// validate tool definitions against it and drop, or fail on, a tool whose schema does
    /// not match; model APIs reject function parameters whose root is not an object. The
    /// 2025-11-25 text adds that `inputSchema` "MUST be a valid JSON Schema object (not
    /// null)".
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","description":"Read a file.","inputSchema":{"type":["object","null"],"properties":{"path":{"type":"string"}}}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","description":"Read a file.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools, "Tool" (`inputSchema`)
    /// - MCP schema, `Tool.inputSchema` (every version)
    pub(crate) static INPUT_SCHEMA_NOT_OBJECT = {
        code: "MCP507",
        name: "input-schema-not-object",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports a tool whose `inputSchema` is absent (`None`: reported at the string `name_value`)
/// or not an object.
pub(crate) fn check_value(
    schema: Option<Value<'_>>,
    tool: &str,
    name_value: Value<'_>,
    report: &mut Reporter<'_>,
) {
    match schema {
        None => report.report(
            &INPUT_SCHEMA_NOT_OBJECT,
            name_value,
            format!("tool `{}` has no `inputSchema`", name(tool)),
            "add `\"inputSchema\": {\"type\": \"object\"}`, with `properties` for the tool's \
             parameters",
        ),
        Some(v) if v.kind() == ValueKind::Error => {}
        Some(v) => report.report(
            &INPUT_SCHEMA_NOT_OBJECT,
            v,
            format!(
                "the `inputSchema` of `{}` must be a JSON Schema object, found {}",
                name(tool),
                v.kind().with_article()
            ),
            "use `{\"type\": \"object\"}` for a tool without parameters",
        ),
    }
}

/// Checks the root `type` of the object `schema` (a real schema, not an example) and, up to
/// 2025-11-25, its property schemas.
pub(crate) fn check_object(schema: Value<'_>, tool: &str, cx: Cx, report: &mut Reporter<'_>) {
    match schema.get("type") {
        None => {
            let start = schema.span().start + 1;
            let insert = if schema.is_empty() {
                "\"type\":\"object\""
            } else {
                "\"type\":\"object\","
            };
            report.push(
                INPUT_SCHEMA_NOT_OBJECT
                    .diagnostic(
                        schema.span(),
                        format!("the `inputSchema` of `{}` has no `type`", name(tool)),
                    )
                    .with_path(schema.path())
                    .with_help("add `\"type\": \"object\"` to the schema")
                    .with_fix(Fix::new(
                        "add `\"type\": \"object\"`",
                        vec![Edit::new(Span::empty(start), insert)],
                        Applicability::Safe,
                    )),
            );
        }
        Some(t) if t.as_str().as_deref() == Some("object") => {}
        Some(t) => report.report(
            &INPUT_SCHEMA_NOT_OBJECT,
            site(t),
            format!(
                "the `inputSchema` type of `{}` must be exactly `\"object\"`, found `{}`",
                name(tool),
                short(t.source(), 40)
            ),
            "set `\"type\": \"object\"`; tool arguments are always an object",
        ),
    }
    if cx.at_least(ProtocolVersion::V2026_07_28) {
        return;
    }
    let Some(properties) = schema.get("properties") else {
        return;
    };
    for member in properties.members() {
        if member.value.kind() == ValueKind::Bool {
            report.report_as(
                &INPUT_SCHEMA_NOT_OBJECT,
                Severity::Warning,
                member.value,
                format!(
                    "property `{}` of the `inputSchema` of `{}` has the boolean schema `{}`, \
                     which the {} MCP schema does not allow",
                    name(&member.key_str()),
                    name(tool),
                    member.value.source(),
                    cx.version
                ),
                "use `{}` for a property that takes any value (or `{\"not\": {}}` for none)",
            );
        }
    }
}
