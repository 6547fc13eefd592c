use jsonschema::Draft;
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::context::short;
use crate::schema::{ToolSchema, dialect_of, draft_name};

declare_rule! {
    /// A tool schema's `$schema` names a JSON Schema dialect that is not known.
    ///
    /// ## What it checks
    ///
    /// The `$schema` of an `inputSchema` or `outputSchema`, when it is a string that names
    /// none of JSON Schema 2020-12, 2019-09, draft-07, draft-06 or draft-04 (with `http` or
    /// `https`, with or without the empty fragment `#`). The schema is then checked as the
    /// version's default dialect (2020-12 from 2025-11-25, draft-07 before), without
    /// fetching anything.
    ///
    /// ## Why it matters
    ///
    /// From 2025-11-25, schemas without `$schema` are 2020-12, an explicit `$schema` selects
    /// another dialect, and implementations MUST handle unsupported dialects gracefully: in
    /// practice they fall back, reject the tool, or try to download the meta-schema.
    /// Whichever they do, the server's intent is lost.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","description":"Read a file.","inputSchema":{"$schema":"https://example.com/schemas/acme-dialect","type":"object"}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","description":"Read a file.","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Basic: "JSON Schema usage"
    /// - JSON Schema 2020-12 Core, §8.1.1 The "$schema" keyword
    pub(crate) static UNKNOWN_SCHEMA_DIALECT = {
        code: "MCP510",
        name: "unknown-schema-dialect",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The draft the object `schema` (converted to `json`) is checked in: the one its `$schema`
/// names, else `fallback`. A `$schema` naming a dialect `jsonschema` does not know is reported
/// and removed from `json`, so that the schema compiles as `fallback`.
pub(crate) fn check(
    schema: ToolSchema<'_, '_>,
    json: &mut serde_json::Value,
    fallback: Draft,
    report: &mut Reporter<'_>,
) -> Draft {
    let Some(value) = schema.node.get("$schema") else {
        return fallback;
    };
    let Some(uri) = value.as_str() else {
        return fallback;
    };
    if let Some(draft) = dialect_of(&uri) {
        return draft;
    }
    report.report(
        &UNKNOWN_SCHEMA_DIALECT,
        value,
        format!(
            "{} names an unknown dialect `{}`; it is checked as {}",
            schema.subject(),
            short(&uri, 80),
            draft_name(fallback)
        ),
        "use `https://json-schema.org/draft/2020-12/schema` (or draft-07), or remove `$schema`",
    );
    if let Some(object) = json.as_object_mut() {
        object.remove("$schema");
    }
    fallback
}
