use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use super::Field;
use crate::context::{Cx, short};
use crate::state::root_type;

declare_rule! {
    /// A tool's `requestSchema` is a JSON Schema whose root is not `"type": "object"`.
    ///
    /// ## What it checks
    ///
    /// The arguments of a tool are a JSON object (`arguments` of `tools/call`), so its request
    /// schema must say `"type": "object"` at the root. Flagged: a schema without `type` (the
    /// fix adds `"type": "object"` when nothing else in the schema contradicts it), and a
    /// schema of another type (`"string"`, `"array"`…), which no call can satisfy.
    ///
    /// ## Why it matters
    ///
    /// The platforms mark such a schema incomplete and clients that check the root type drop
    /// the tool (the listing rule `input-schema-not-object`, MCP507, is the same requirement
    /// on the wire).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "files", "tools": [{"name": "read", "description": "Read a file.", "type": "http",
    ///   "method": "GET", "endpoint": "https://files.example.com", "path": "/read",
    ///   "requestSchema": {"properties": {"path": {"type": "string"}}},
    ///   "responseSchema": {"type": "string"}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "files", "tools": [{"name": "read", "description": "Read a file.", "type": "http",
    ///   "method": "GET", "endpoint": "https://files.example.com", "path": "/read",
    ///   "requestSchema": {"type": "object", "properties": {"path": {"type": "string"}}},
    ///   "responseSchema": {"type": "string"}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools (`inputSchema`: "MUST be an object")
    /// - `docs/server-definition.md` (schema fields and their states)
    pub(crate) static REQUEST_SCHEMA_NOT_OBJECT = {
        code: "MCP603",
        name: "request-schema-not-object",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Judges the root type of a request schema (a schema object); returns whether it is
/// `"object"`.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    field: Field<'_>,
    schema: Value<'_>,
    report: &mut Reporter<'_>,
) -> bool {
    let subject = field.subject(cx);
    match schema.get("type") {
        None => {
            let mut d = REQUEST_SCHEMA_NOT_OBJECT
                .diagnostic(
                    Span::new(schema.span().start, schema.span().start + 1),
                    format!("{subject} has no `type`: the arguments of a tool are an object"),
                )
                .with_path(schema.path())
                .with_help("add `\"type\": \"object\"` at the root of the schema");
            // Only where nothing in the schema speaks of another type.
            let other = [
                "items",
                "prefixItems",
                "enum",
                "const",
                "anyOf",
                "oneOf",
                "allOf",
            ]
            .iter()
            .any(|k| schema.get(k).is_some());
            if !other {
                let at = schema.span().start + 1;
                let text = if schema.is_empty() {
                    "\"type\": \"object\""
                } else {
                    "\"type\": \"object\", "
                };
                d = d.with_fix(Fix::new(
                    "add `\"type\": \"object\"`",
                    vec![Edit::new(Span::empty(at), text)],
                    Applicability::Safe,
                ));
            }
            report.push(d);
            false
        }
        Some(t) if root_type(schema).as_deref() == Some("object") => {
            let _ = t;
            true
        }
        Some(t) => {
            let found = match t.kind() {
                ValueKind::String => format!("`{}`", short(&t.as_str().unwrap_or_default(), 40)),
                _ => format!("`{}`", short(t.source(), 40)),
            };
            report.report(
                &REQUEST_SCHEMA_NOT_OBJECT,
                t,
                format!(
                    "{subject} has the root type {found}: the arguments of a tool are an object"
                ),
                "make the root `\"type\": \"object\"` and describe each argument in `properties`",
            );
            false
        }
    }
}
