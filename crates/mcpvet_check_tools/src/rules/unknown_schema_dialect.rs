use mcpvet_diagnostics::declare_rule;
use mcpvet_json::Value;

use crate::context::{Cx, name, short};
use crate::schema::Role;

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
        family: Tools,
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the `$schema` string node `value`; `fallback` is the dialect used instead.
pub(crate) fn report(cx: &mut Cx<'_>, value: Value<'_>, role: Role, tool: &str, fallback: &str) {
    let uri = value.as_str().unwrap_or_default();
    cx.report(
        &UNKNOWN_SCHEMA_DIALECT,
        value.span(),
        format!(
            "the `{}` of `{}` names an unknown dialect `{}`; it is checked as {fallback}",
            role.member(),
            name(tool),
            short(&uri, 80)
        ),
        "use `https://json-schema.org/draft/2020-12/schema` (or draft-07), or remove `$schema`",
    );
}
