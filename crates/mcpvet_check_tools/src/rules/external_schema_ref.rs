use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::context::short;
use crate::schema::ToolSchema;

declare_rule! {
    /// A tool schema refers to a schema outside itself with `$ref`.
    ///
    /// ## What it checks
    ///
    /// Every `$ref` of an `inputSchema` or `outputSchema` whose target is not inside the
    /// schema: an absolute or relative URI (`https://…`, `file:…`, `common.json#/…`) that
    /// matches no `$id` of the schema. mcpvet never dereferences such references, so the
    /// part of the schema behind them is not checked.
    ///
    /// ## Why it matters
    ///
    /// The 2026-07-28 specification says implementations MUST NOT automatically dereference
    /// network `$ref`s and SHOULD reject schemas with unresolved external references;
    /// earlier clients differ (some fetch, some fail, most ignore the constraint). A tool
    /// schema must be self-contained to mean the same thing everywhere, and fetching it is a
    /// request to a third party on every connection.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"create_issue","description":"Create an issue.","inputSchema":{"type":"object","properties":{"issue":{"$ref":"https://example.com/schemas/issue.json"}}}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"create_issue","description":"Create an issue.","inputSchema":{"type":"object","properties":{"issue":{"$ref":"#/$defs/issue"}},"$defs":{"issue":{"type":"object","properties":{"title":{"type":"string"}}}}}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Basic: "JSON Schema usage" (`$ref` dereferencing)
    /// - JSON Schema 2020-12 Core, §8.2.3 Schema References
    pub(crate) static EXTERNAL_SCHEMA_REF = {
        code: "MCP515",
        name: "external-schema-ref",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the `$ref` string node `reference` of `schema` when it points outside the schema:
/// not a fragment, and not the `$id` of a schema embedded in it (one of `ids`). Returns whether
/// it was reported.
pub(crate) fn check(
    schema: ToolSchema<'_, '_>,
    reference: Value<'_>,
    ids: &[String],
    report: &mut Reporter<'_>,
) -> bool {
    let Some(target) = reference.as_str() else {
        return false;
    };
    if target.starts_with('#') {
        return false;
    }
    let base = target.split('#').next().unwrap_or_default();
    if ids
        .iter()
        .any(|id| id == base || id.ends_with(&format!("/{base}")))
    {
        return false;
    }
    report.report(
        &EXTERNAL_SCHEMA_REF,
        reference,
        format!(
            "`$ref` `{}` in {} points outside the schema; it is not fetched or checked",
            short(&target, 80),
            schema.subject()
        ),
        "copy the referenced schema into `$defs` and refer to it as `#/$defs/<name>`",
    );
    true
}
