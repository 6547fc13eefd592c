use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;
use mcpvet_schema::validate::{draft_name, meta_errors};

use super::Field;
use crate::context::Cx;
use crate::state::draft_of;

declare_rule! {
    /// A tool's `requestSchema` or `responseSchema` is a JSON Schema that its meta-schema rejects.
    ///
    /// ## What it checks
    ///
    /// A schema field that is a schema object (not an example: that is `incomplete-schema`)
    /// is checked against the meta-schema of its dialect (the one its `$schema` names,
    /// JSON Schema 2020-12 otherwise): a misspelt type name (`"strng"`), `required` that is
    /// not an array of names, `properties` that is not an object of schemas, a negative
    /// `minLength`… Each error is reported at the value it is about.
    ///
    /// ## Why it matters
    ///
    /// A schema the meta-schema rejects is refused when the server is published, or fails
    /// to compile in the client, which then drops the tool or validates nothing.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "files", "tools": [{"name": "read", "description": "Read a file.", "type": "http",
    ///   "method": "GET", "endpoint": "https://files.example.com", "path": "/read",
    ///   "requestSchema": {"type": "object", "properties": {"path": {"type": "strng"}}},
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
    /// - JSON Schema 2020-12, Core and Validation (and the meta-schemas of earlier drafts)
    pub(crate) static INVALID_SCHEMA = {
        code: "MCP604",
        name: "invalid-schema",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports every meta-schema error of the schema object `schema`.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    field: Field<'_>,
    schema: Value<'_>,
    report: &mut Reporter<'_>,
) {
    // Numbers beyond f64 or lone surrogates have no serde_json form: not judged.
    let Ok(json) = serde_json::from_str::<serde_json::Value>(schema.source()) else {
        return;
    };
    let draft = draft_of(schema);
    let subject = field.subject(cx);
    for (node, _, what) in meta_errors(schema, &json, draft) {
        report.report(
            &INVALID_SCHEMA,
            node,
            format!(
                "{subject} is not a valid JSON Schema ({}): {what}",
                draft_name(draft)
            ),
            "correct the schema so that its meta-schema accepts it",
        );
    }
}
